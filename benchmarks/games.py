"""Positions per second on real games: tic-tac-toe solved, Connect Four at depth 6.

Every search kind of the catalog is timed on tic-tac-toe and Connect Four, so
a kind added to the catalog appears here without any change.

    python benchmarks/games.py                    # 5 runs of each, medians
    python benchmarks/games.py --kinds alphabeta  # only the kinds named
    python benchmarks/games.py --solve-5x4        # also solve 5 x 4 Connect Four (half a minute)

Positions visited are counted with CountingGame (play calls, plus 1 for the
root) in a separate, untimed run, so the timed runs carry no counting cost.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from gamelib import Definitely, Draw, Est, Estimator, Game
from gamelib.catalog import CATALOG
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
from gamelib.search import CountingGame

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def measure(
    name: str,
    make_game: Callable[[], Game[S, M]],
    make_estimator: Callable[[Game[S, M]], Estimator[S, M, G]],
    kind: str,
    depth: int,
    runs: int,
) -> Est[G]:
    """Time the catalog's search ``kind`` from the start; print a row; return the value."""
    counting = CountingGame(make_game())
    _, value = CATALOG[kind].build(make_estimator(counting), depth).analyse(counting.start)
    positions = counting.plays + 1
    game = make_game()
    player = CATALOG[kind].build(make_estimator(game), depth)
    job = functools.partial(player.analyse, game.start)
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        job()
        times.append(time.perf_counter() - began)
    median = statistics.median(times)
    print(f"  {name:<48}{positions:>12,}{median:>11.3f}{positions / median:>14,.0f}   {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description="positions per second on real games")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per row (median)")
    parser.add_argument("--solve-5x4", action="store_true", help="also solve 5 x 4 Connect Four")
    parser.add_argument(
        "--kinds",
        default=",".join(CATALOG.names()),
        help="the catalog's search kinds to time, comma-separated (default: every one)",
    )
    options = parser.parse_args()
    runs = options.runs
    kinds = [name.strip() for name in options.kinds.split(",") if name.strip()]
    unknown = [name for name in kinds if name not in CATALOG]
    if unknown:
        parser.error(
            f"unknown search kinds: {', '.join(unknown)}; known: {', '.join(CATALOG.names())}"
        )
    print(f"medians of {runs} runs (a third as many for plain Minimax, which prunes nothing)")
    print(f"  {'search':<48}{'positions':>12}{'median s':>11}{'positions/s':>14}   value")
    for kind in kinds:
        kind_runs = max(1, runs // 3) if kind == "minimax" else runs
        ttt = measure(
            f"tic-tac-toe, {kind}, depth 9 (solve)",
            TicTacToe,
            tictactoe_estimator,
            kind,
            9,
            kind_runs,
        )
        assert ttt == Definitely(Draw()), ttt
    for kind in kinds:
        measure(
            f"Connect Four 7 x 6, {kind}, depth 6",
            ConnectFour,
            connect4_estimator,
            kind,
            6,
            max(1, runs // 3) if kind == "minimax" else runs,
        )
    solved = measure(
        "Connect Four 4 x 4, alphabeta, depth 16 (solve)",
        lambda: ConnectFour(cols=4, rows=4),
        connect4_estimator,
        "alphabeta",
        16,
        runs,
    )
    assert solved == Definitely(Draw()), solved
    if options.solve_5x4:
        solved = measure(
            "Connect Four 5 x 4, alphabeta, depth 20 (solve)",
            lambda: ConnectFour(cols=5, rows=4),
            connect4_estimator,
            "alphabeta",
            20,
            1,
        )
        assert solved == Definitely(Draw()), "Tromp's table: 5 x 4 is a draw"


if __name__ == "__main__":
    main()
