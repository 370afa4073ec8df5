"""What the OpenSpiel tests share: the parallel tests' real Dask cluster, for matches whose
seats OpenSpiel's bots take on workers."""

from __future__ import annotations

from tests.parallel.conftest import dask_address

__all__ = ["dask_address"]
