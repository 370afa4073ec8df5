"""Tic-tac-toe solved from empty: gamelib beside easyAI and OpenSpiel, in one process.

The peers are not gamelib's dependencies: install them in a scratch
virtualenv outside the repository and run this script with its Python, with
gamelib on the path:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install easyAI open_spiel toolz pyrsistent
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/peers.py [--runs 15]

Rows:

- easyAI's ``Negamax`` to depth 9, with and without its transposition table,
  and its two solvers (iterative deepening over depths 1-9, and depth-first),
  each with its table, over a tic-tac-toe written here against easyAI's game
  interface (cells tried in order 1-9 as in gamelib, and centre and corners
  first as a move ordering);
- OpenSpiel's ``alpha_beta_search`` (Python alpha-beta over OpenSpiel's C++
  game states);
- gamelib: MTD(f) and negamax alpha-beta with a table, the exact solve with
  distance, and the lectures' AlphaBeta.

"positions" is plays plus one for the root (easyAI: ``make_move`` calls;
OpenSpiel: calls of its search function, counted by wrapping it in an
untimed run; gamelib: ``CountingGame``).  Times are medians over interleaved
rounds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib.algorithms import solve
from gamelib.catalog import CATALOG
from gamelib.games.tictactoe import LINES, TicTacToe, tictactoe_estimator
from gamelib.search import CountingGame, SearchPlayer

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

IN_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9)
CENTRE_FIRST = (5, 1, 3, 7, 9, 2, 4, 6, 8)


class EasyBoard:
    """Tic-tac-toe against easyAI's game interface (the methods its Negamax calls).

    Player 1 is X.  A finished game scores -100 for the side to move (its
    opponent just completed a line) and 0 for a full board.
    """

    def __init__(self, order: tuple[int, ...], counter: list[int]) -> None:
        self.board = [0] * 9
        self.current_player = 1
        self.players: list[object] | None = None
        self.order = order
        self.counter = counter
        self.ai_move: int | None = None

    def possible_moves(self) -> list[int]:
        return [cell for cell in self.order if self.board[cell - 1] == 0]

    def make_move(self, move: int) -> None:
        self.counter[0] += 1
        self.board[move - 1] = self.current_player

    def unmake_move(self, move: int) -> None:
        self.board[move - 1] = 0

    def switch_player(self) -> None:
        self.current_player = 3 - self.current_player

    def lost(self) -> bool:
        other = 3 - self.current_player
        board = self.board
        return any(board[a] == board[b] == board[c] == other for a, b, c in LINES)

    def is_over(self) -> bool:
        return self.lost() or 0 not in self.board

    def scoring(self) -> int:
        return -100 if self.lost() else 0

    def ttentry(self) -> tuple[tuple[int, ...], int]:
        return tuple(self.board), self.current_player


def easyai_rows() -> dict[str, tuple[int, Callable[[], object]]]:
    from easyAI import Negamax, TranspositionTable  # type: ignore[import-not-found]
    from easyAI.AI.solving import (  # type: ignore[import-not-found]
        solve_with_depth_first_search,
        solve_with_iterative_deepening,
    )

    def negamax(order: tuple[int, ...], table: bool, counter: list[int]) -> object:
        board = EasyBoard(order, counter)
        return Negamax(9, tt=TranspositionTable() if table else None)(board)

    def deepening(order: tuple[int, ...], counter: list[int]) -> object:
        board = EasyBoard(order, counter)
        tt = TranspositionTable()
        return solve_with_iterative_deepening(
            board, range(1, 10), win_score=90, tt=tt, verbose=False
        )

    def depth_first(order: tuple[int, ...], counter: list[int]) -> object:
        board = EasyBoard(order, counter)
        return solve_with_depth_first_search(board, win_score=90, tt=TranspositionTable())

    rows: dict[str, tuple[int, Callable[[], object]]] = {}
    for label, order in (("cells 1-9", IN_ORDER), ("centre first", CENTRE_FIRST)):
        jobs: dict[str, Callable[[list[int]], object]] = {
            f"easyAI Negamax(9), no table, {label}": partial(negamax, order, False),
            f"easyAI Negamax(9), table, {label}": partial(negamax, order, True),
            f"easyAI iterative deepening + table, {label}": partial(deepening, order),
            f"easyAI depth-first solve + table, {label}": partial(depth_first, order),
        }
        for name, job in jobs.items():
            counter = [0]
            job(counter)
            rows[name] = (counter[0] + 1, partial(job, [0]))
    return rows


def openspiel_rows() -> dict[str, tuple[int, Callable[[], object]]]:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("tic_tac_toe")
    searched = minimax._alpha_beta
    calls = [0]

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return searched(*args, **kwargs)

    minimax._alpha_beta = counting  # its recursion looks the name up in the module
    try:
        value, _ = minimax.alpha_beta_search(game)
    finally:
        minimax._alpha_beta = searched
    assert value == 0, value
    return {
        "OpenSpiel alpha_beta_search (C++ states)": (
            calls[0],
            lambda: minimax.alpha_beta_search(game),
        )
    }


def analyse(build: Callable[[], SearchPlayer[S, M, G]], state: S) -> object:
    """A fresh player (and table) from ``build``, asked about ``state``."""
    return build().analyse(state)


def gamelib_rows() -> dict[str, tuple[int, Callable[[], object]]]:
    rows: dict[str, tuple[int, Callable[[], object]]] = {}
    game = TicTacToe()
    estimator = tictactoe_estimator(game)
    for name, kind in (
        ("gamelib MTD(f), table", "mtdf"),
        ("gamelib negamax-ab, table", "negamax-ab"),
        ("gamelib PVS, table", "pvs"),
        ("gamelib AlphaBeta (lectures), no table", "alphabeta"),
    ):
        options = {} if kind in ("mtdf", "alphabeta") else {"table": 100_000}
        counting = CountingGame(TicTacToe())
        CATALOG[kind].build(tictactoe_estimator(counting), 9, options).analyse(counting.start)
        player = partial(CATALOG[kind].build, estimator, 9, options)
        rows[name] = (counting.plays + 1, partial(analyse, player, game.start))
    rows["gamelib exact solve with distance, table"] = (
        solve(game).positions + 1,
        lambda: solve(game),
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15, help="rounds (medians)")
    runs = parser.parse_args().runs
    rows = {**easyai_rows(), **openspiel_rows(), **gamelib_rows()}
    medians = interleaved({name: job for name, (_, job) in rows.items()}, runs)
    print(f"tic-tac-toe solved from empty; medians of {runs} interleaved rounds")
    print(f"  {'search':<52}{'positions':>11}{'median s':>11}")
    for name, (positions, _) in sorted(rows.items(), key=lambda row: medians[row[0]]):
        print(f"  {name:<52}{positions:>11,}{medians[name]:>11.4f}")


if __name__ == "__main__":
    main()
