"""Tests of gamelib.parallel: batches and split searches on processes or Dask."""
