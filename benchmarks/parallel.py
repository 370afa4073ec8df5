"""Parallel search: a batch on 1 and 2 local workers and on Dask, root splitting, overhead.

    python benchmarks/parallel.py              # everything, 3 rounds
    python benchmarks/parallel.py --only batch # or: split, overhead

- **batch**: 200 Connect Four 7 x 6 positions from random games (seed 13,
  8-20 stones), each analysed by AlphaBeta to depth 7 with
  :func:`gamelib.parallel.run_batch`: here (no executor), on 1 and 2 local
  worker processes, and on a Dask LocalCluster of 2 worker processes
  (5 positions a task); the
  median of ``--runs`` rounds, the set-ups taking turns (the pools and the
  cluster are started once, before the rounds).  The cluster runs only
  while its own figures are taken (against 2 local workers again): idle, it
  still takes some of the cores.  Every set-up's answers
  are checked against the serial ones.
- **split**: one deep AlphaBeta search (depth 9 after ``4453``) split
  (:func:`gamelib.parallel.split.split_root`) at the root only and at every
  position of the top 3 plies (Young Brothers Wait), on 1 and 2 workers,
  with the whole window and with aspiration windows at the root, against
  AlphaBeta here; the positions visited come from a counting game.
- **overhead**: the time a task costs the scheduler, from many empty tasks:
  per task, and per position with 10 positions a task.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

from timing import interleaved

from gamelib import AlphaBeta, Settings
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import NumericEstimator
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator
from gamelib.parallel import SearchRecipe, local_workers, run_batch
from gamelib.parallel.batch import Workers, dask_workers
from gamelib.parallel.split import split_root
from gamelib.search.counting import CountingGame


@dataclass(frozen=True)
class C4:
    """The 7 x 6 estimator, optionally over a game that counts the positions visited."""

    counting: bool = False

    def __call__(self) -> NumericEstimator[ConnectFourState, int]:
        game = ConnectFour()
        return connect4_estimator(CountingGame(game) if self.counting else game)


def positions(count: int, seed: int) -> list[ConnectFourState]:
    rng = random.Random(seed)
    game = ConnectFour()
    found: list[ConnectFourState] = []
    while len(found) < count:
        state = game.start
        for _ in range(rng.randint(8, 20)):
            status = game.play(state, rng.choice(list(game.moves(state))))
            if not isinstance(status, Playing):
                break
            state = status.state
        else:
            found.append(state)
    return found


def nothing(x: int) -> int:
    return x


def batch(runs: int, cluster_address: str | None) -> None:
    """Without an address: here, 1 and 2 local workers (no cluster running); with
    one: 2 local workers against the Dask cluster there, in turns."""
    recipe = SearchRecipe(C4(), "alphabeta", 7)
    states = positions(200, 13)
    serial = [recipe(s) for s in states]
    one = ProcessPoolExecutor(1)
    two = ProcessPoolExecutor(2)
    setups: dict[str, Executor | Workers | None] = {}
    if cluster_address is None:
        setups["here"] = None
        setups["1 worker"] = one
    setups["2 workers"] = two
    if cluster_address is not None:
        setups["Dask, 2 workers"] = dask_workers(cluster_address).make()

    def job(on: Executor | Workers | None) -> Callable[[], object]:
        chunk = 1 if isinstance(on, ProcessPoolExecutor) or on is None else 5

        def run() -> None:
            found = sorted(run_batch(recipe, states, on, chunk=chunk), key=lambda r: r.index)
            assert [r.value for r in found] == serial

        return run

    for pool in (one, two):  # the workers start before the clock does
        pool.submit(int).result()
    medians = interleaved({name: job(on) for name, on in setups.items()}, runs)
    one.shutdown()
    two.shutdown()
    base = "1 worker" if cluster_address is None else "2 workers"
    print(
        f"batch: {len(states)} positions, AlphaBeta depth 7, median of {runs} rounds"
        + ("" if cluster_address is None else ", a Dask LocalCluster running")
    )
    for name, seconds in medians.items():
        print(
            f"  {name:>16}: {seconds:7.2f} s  {1000 * seconds / len(states):6.1f} ms/position"
            f"  speedup over {base} {medians[base] / seconds:4.2f}x"
        )


def split(runs: int) -> None:
    game = ConnectFour()
    state = game.start
    for column in "4453":
        status = game.play(state, int(column) - 1)
        assert isinstance(status, Playing)
        state = status.state
    depth = 9
    counted = C4(counting=True)
    recipe = SearchRecipe(counted, "alphabeta", depth)
    here_est = counted()
    plain = AlphaBeta(Settings(here_est, depth))
    pools = {n: ProcessPoolExecutor(n) for n in (1, 2)}
    for pool in pools.values():  # the workers start before the clock does
        pool.submit(int).result()
    answers: dict[str, tuple[object, object, int, int]] = {}

    def here() -> None:
        game_here = here_est.game
        assert isinstance(game_here, CountingGame)
        before = game_here.plays
        move, value = plain.analyse(state)
        answers["AlphaBeta here"] = (move, value, game_here.plays - before, 0)

    def name_of(n: int, levels: int, margin: float | None) -> str:
        where = "root only" if levels == 1 else f"{levels} plies"
        window = "whole window" if margin is None else f"aspiration {margin:g}"
        return f"split {where}, {n} worker{'s' if n > 1 else ''}, {window}"

    def splitting(n: int, levels: int, margin: float | None) -> Callable[[], None]:
        def run() -> None:
            found = split_root(
                recipe, pools[n], state, margin=margin, in_flight=2 * n, levels=levels
            )
            answers[name_of(n, levels, margin)] = (
                found.move, found.value, found.positions, found.re_searched,
            )  # fmt: skip

        return run

    jobs: dict[str, Callable[[], object]] = {"AlphaBeta here": here}
    for levels, margin in ((1, None), (3, None), (3, 8.0)):
        for n in (1, 2):
            jobs[name_of(n, levels, margin)] = splitting(n, levels, margin)
    medians = interleaved(jobs, runs)
    for pool in pools.values():
        pool.shutdown()
    base_move, base_value, base_positions, _ = answers["AlphaBeta here"]
    print(f"split: AlphaBeta depth {depth} after 4453, median of {runs} rounds")
    for name, seconds in medians.items():
        move, value, visited, again = answers[name]
        assert (move, value) == (base_move, base_value), name
        print(
            f"  {name:>42}: {seconds:6.2f} s  speedup {medians['AlphaBeta here'] / seconds:4.2f}x"
            f"  positions {visited:>9,} ({visited / base_positions - 1:+.1%})  re-searched {again}"
        )


def overhead(cluster_address: str | None) -> None:
    """The cost of a task: 2 local workers, or the Dask cluster at the address."""
    tasks = 2000
    name = "2 local workers" if cluster_address is None else "Dask, 2 workers"
    # A local pool is made and shut down by each batch; the Dask client closes with the cluster.
    on = local_workers(2) if cluster_address is None else dask_workers(cluster_address)
    print(f"overhead: {tasks} empty tasks")
    for chunk in (1, 10):
        began = time.perf_counter()
        found = list(run_batch(nothing, range(tasks), on, chunk=chunk))
        seconds = time.perf_counter() - began
        assert len(found) == tasks
        print(
            f"  {name:>16}, {chunk:>2} a task: {1e6 * seconds / tasks:7.1f} µs a position"
            f" ({1e6 * seconds * chunk / tasks:7.1f} µs a task)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["batch", "split", "overhead"])
    parser.add_argument("--no-dask", action="store_true", help="leave Dask out")
    options = parser.parse_args()
    if options.only in (None, "batch"):
        batch(options.runs, None)
    if options.only in (None, "split"):
        split(options.runs)
    if options.only in (None, "overhead"):
        overhead(None)
    if options.no_dask or options.only == "split":
        return
    # The cluster runs only for its own figures: idle, it still takes some of the cores.
    from distributed import LocalCluster

    cluster = LocalCluster(  # type: ignore[no-untyped-call]  # Dask ships no type information
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    try:
        address = str(cluster.scheduler_address)
        if options.only in (None, "batch"):
            batch(options.runs, address)
        if options.only in (None, "overhead"):
            overhead(address)
    finally:
        cluster.close()


if __name__ == "__main__":
    main()
