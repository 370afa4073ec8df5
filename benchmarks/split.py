"""Connect Four from the empty board split over workers: the speed-up, the frontier, 32 cores.

    python benchmarks/split.py                          # 6x5 and 7x5 on 1 and 2 workers
    python benchmarks/split.py --boards 7x6 --runs 1    # the standard board (minutes)
    python benchmarks/split.py --boards 7x6 --moves 4444 --runs 1  # 7x6 four plies in
    python benchmarks/split.py --pons /tmp/pons         # and 7x5 beside Pons's C++ solver

For each board, `split_solve` (what `gamelib solve connect4 --workers N` runs) with 1 and
2 local worker processes, the two taking turns, medians of `--runs`: wall-clock time,
positions searched, searches sent and the frontier.  The speed-up is the 1-worker median
over the 2-worker one.

The frontier sizes are counted for 7 x 6 at 1 to 6 plies (positions not finished, a
mirror image once).  The 32-core projection takes the searches one run on 2 workers
made, each with the positions it searched, and deals them to 32 workers in the order
they finished, each to the worker free first, at the 2-worker run's rate a position: a
lower bound on the time (it ignores the eldest-brother waits, which keep some workers
idle), beside the bound a split deeper down would allow, where no search is longer than
an even share of the work.

`--moves SEQ` splits the position after those moves (columns 1..W run together, as
`gamelib solve --moves` reads them) instead of the empty board: on a loaded machine the
standard board's own solve does not finish, and a position a few plies into it shows how
the split fares on its tables and frontier in minutes (7 x 6 after 4444: about 250 M
positions for the serial solver with a 16 M-entry table).

`--pons DIR` also runs `benchmarks/connect4.py`'s side-by-side: gamelib's serial solver
and Pons's solver (`DIR/c4_7x5`) from the empty 7 x 5 board, taking turns.
Write `uptime` beside every figure: the machine is shared.
"""

from __future__ import annotations

import argparse
import heapq
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gamelib.core.datatypes import Playing
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.parallel.batch import local_workers
from gamelib.parallel.frontier import SplitSolution, WindowRecipe, frontier_states, split_solve


@dataclass(frozen=True)
class Board:
    cols: int
    rows: int

    def __call__(self) -> ConnectFour:
        return ConnectFour(cols=self.cols, rows=self.rows)


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def frontier_sizes(cols: int, rows: int, most: int) -> list[int]:
    game = Board(cols, rows)()
    start = game.start
    return [sum(1 for _ in frontier_states(game, start, plies)) for plies in range(1, most + 1)]


def project(found: SplitSolution[ConnectFourState, int], workers: int, cores: int) -> float:
    """Seconds on `cores` workers, dealing `found`'s searches in the order they finished
    (each to the worker free first) at its rate a position: see the module."""
    rate = found.seconds * workers / max(sum(found.work), 1)  # seconds a position, a worker
    free = [0.0] * cores
    for positions in found.work:
        start = heapq.heappop(free)
        heapq.heappush(free, start + positions * rate)
    return max(free)


def after(board: Board, moves: str) -> ConnectFourState:
    """The position after `moves` (columns 1..W) from the empty `board`."""
    game = board()
    state = game.start
    for column in moves:
        status = game.play(state, int(column) - 1)
        assert isinstance(status, Playing), f"{moves} ends the game"
        state = status.state
    return state


def run(
    board: Board, workers: int, plies: int, table: int, moves: str = ""
) -> SplitSolution[ConnectFourState, int]:
    recipe = WindowRecipe(board, table)
    state = after(board, moves)
    return split_solve(recipe, state, on=local_workers(workers), plies=plies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", default="6x5,7x5", help="e.g. 6x5,7x5,7x6")
    parser.add_argument("--runs", type=int, default=3, help="runs of each (medians)")
    parser.add_argument("--plies", type=int, default=3, help="where the tree is split")
    parser.add_argument("--table", type=int, default=8_000_000, help="entries a worker keeps")
    parser.add_argument("--moves", default="", help="split the position after these columns")
    parser.add_argument("--pons", type=Path, help="also 7x5 beside Pons's solver built in DIR")
    options = parser.parse_args()
    print(f"load average at the start: {load()}")
    sizes = frontier_sizes(7, 6, 6)
    print("7 x 6 frontier (positions not finished, a mirror image once), by plies:")
    print("  " + ", ".join(f"{p}: {n:,}" for p, n in enumerate(sizes, 1)))
    for text in options.boards.split(","):
        cols, rows = map(int, text.split("x"))
        board = Board(cols, rows)
        if options.moves:
            text = f"{text} after {options.moves}"
        times: dict[int, list[float]] = {1: [], 2: []}
        last: dict[int, SplitSolution[ConnectFourState, int]] = {}
        for round_number in range(options.runs):
            for workers in (1, 2) if round_number % 2 == 0 else (2, 1):
                began = time.perf_counter()
                found = run(board, workers, options.plies, options.table, options.moves)
                times[workers].append(time.perf_counter() - began)
                last[workers] = found
                print(
                    f"  {text} on {workers}: {times[workers][-1]:.1f} s, value {found.value}, "
                    f"best column {found.best + 1}, {found.positions:,} positions, "
                    f"{found.tasks} searches, {found.sent} of {found.frontier} frontier "
                    f"positions (load {load()})",
                    flush=True,
                )
        one, two = statistics.median(times[1]), statistics.median(times[2])
        split = last[2]
        print(
            f"{text}: 1 worker {one:.1f} s ({last[1].positions:,} positions), 2 workers "
            f"{two:.1f} s ({split.positions:,} positions): speed-up {one / two:.2f}x"
        )
        longest = max(split.work) / max(sum(split.work), 1)
        print(
            f"  32 cores, these {len(split.work)} searches dealt out: at least "
            f"{project(split, 2, 32):.1f} s (the longest search is {longest:.0%} of the work); "
            f"the work divided evenly (a split deep enough: 7 x 6 has {sizes[-1]:,} positions "
            f"6 plies in): {split.seconds * 2 / 32:.1f} s"
        )
    if options.pons is not None:
        import connect4

        print(f"7x5 from empty beside Pons's C++ solver ({options.pons}), load {load()}:")
        connect4.side_by_side(options.pons, ["7x5"], options.runs, options.table)
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()
