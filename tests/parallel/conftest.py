"""What the parallel tests share: a real Dask cluster."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A real Dask LocalCluster, two worker processes of one thread each."""
    with dask_cluster(workers=2) as address:
        yield address


@contextmanager
def dask_cluster(workers: int) -> Iterator[str]:
    """The scheduler address of a real Dask LocalCluster of `workers` worker processes,
    run by tests/parallel/cluster.py in a process of its own (its module says why)."""
    with subprocess.Popen(
        [sys.executable, "-m", "tests.parallel.cluster", str(workers)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as cluster:
        assert cluster.stdin is not None
        assert cluster.stdout is not None
        try:
            address = cluster.stdout.readline().strip()
            if not address.startswith("tcp://"):
                pytest.fail(f"the Dask cluster did not start: it printed {address!r}")
            yield address
        finally:
            cluster.stdin.close()  # the cluster's cue to shut down
            try:
                cluster.wait(timeout=60)
            except subprocess.TimeoutExpired:
                cluster.kill()
