"""Tests of gamelib.seq: lazy sequences."""
