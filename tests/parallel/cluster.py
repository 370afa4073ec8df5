"""A real Dask LocalCluster in a process of its own, for the tests that need one.

`python -m tests.parallel.cluster [WORKERS]` starts WORKERS worker processes (2 by
default) of one thread each, prints the scheduler's address on one line and keeps the
cluster up until its standard input closes.  The scheduler lives here and not in the
test process because it draws from Python's shared `random` on a thread of its own
(work stealing, retries after a killed worker), and Hypothesis rightly fails a test
whose data were drawn while another thread moved that shared state.
"""

from __future__ import annotations

import sys


def main(workers: int) -> None:
    import dask
    from distributed import LocalCluster

    # A task whose worker dies is given up at once, not retried on the other worker.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(  # type: ignore[no-untyped-call]  # Dask ships no type information
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=50,
        ) as cluster,
    ):
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
