"""What the parallel tests share: a real Dask cluster."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A real Dask LocalCluster: two worker processes, one thread each."""
    import dask
    from distributed import LocalCluster

    # A task whose worker dies is given up at once, not retried on the other worker.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(  # type: ignore[no-untyped-call]  # Dask ships no type information
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=50,
        ) as cluster,
    ):
        yield str(cluster.scheduler_address)
