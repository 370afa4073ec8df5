"""Positions and time for the searches beyond the lectures, with and without a table.

Alpha-beta (the lectures'), negamax alpha-beta fail-hard and fail-soft, PVS and
MTD(f), each with and without a transposition table, on tic-tac-toe solved
from empty (depth 9) and on Connect Four 7 x 6 at depth 7 from empty; then the
solvers (exact values with distance, and boolean minimax) on tic-tac-toe.

    python benchmarks/solve.py             # 7 rounds, the jobs taking turns; medians
    python benchmarks/solve.py --runs 3

"positions" is plays plus one for the root, counted with CountingGame in a
separate, untimed run; the timed runs build a fresh player (and table) each
time, so no run starts with what an earlier one stored.  MTD(f) cannot do
without a table: its "no table" row has a table of one entry, which shows what
its re-searches cost when nothing is remembered.  Every row of a game must
find the same value: the script checks that before printing.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from timing import interleaved

from gamelib import Definitely, Draw, Est, Estimator, Game
from gamelib.algorithms import BooleanSolution, Goal, ProofNode, Solution, solve, solve_goal
from gamelib.algorithms.table import TranspositionTable
from gamelib.catalog import CATALOG
from gamelib.core.estimator import est_to_string
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.search import CountingGame
from gamelib.search.kinds import OptionValues

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

Board = TicTacToeState

TABLE = 100_000
"""Entries in the tables of the rows "with a table"."""

SEARCHES: list[tuple[str, str, OptionValues, OptionValues | None]] = [
    # (row name, catalog kind, options without a table, options with one: None if it has none)
    ("alpha-beta (lectures)", "alphabeta", {}, None),
    ("negamax-ab, fail-hard", "negamax-ab", {"fail": "hard", "table": 0}, {"fail": "hard"}),
    ("negamax-ab, fail-soft", "negamax-ab", {"fail": "soft", "table": 0}, {"fail": "soft"}),
    ("PVS", "pvs", {"table": 0}, {}),
    ("MTD(f)", "mtdf", {"table": 1}, {}),
]


@dataclass(frozen=True)
class Row:
    name: str
    positions: int
    run: Callable[[], object]
    value: str


def search_row(
    name: str,
    make_game: Callable[[], Game[S, M]],
    make_estimator: Callable[[Game[S, M]], Estimator[S, M, G]],
    kind: str,
    options: OptionValues,
    depth: int,
) -> Row:
    counting = CountingGame(make_game())
    _, value = CATALOG[kind].build(make_estimator(counting), depth, options).analyse(counting.start)
    game = make_game()
    estimator = make_estimator(game)

    def run() -> Est[G]:
        return CATALOG[kind].build(estimator, depth, options).analyse(game.start)[1]

    return Row(name, counting.plays + 1, run, est_to_string(estimator, value))


def game_rows(
    make_game: Callable[[], Game[S, M]],
    make_estimator: Callable[[Game[S, M]], Estimator[S, M, G]],
    depth: int,
) -> list[Row]:
    rows = []
    for name, kind, without, with_table in SEARCHES:
        table = {**with_table, "table": TABLE} if with_table is not None else None
        rows.append(
            search_row(f"{name}, no table", make_game, make_estimator, kind, without, depth)
        )
        if table is not None:
            rows.append(search_row(f"{name}, table", make_game, make_estimator, kind, table, depth))
    return rows


def solver_rows() -> list[Row]:
    game = TicTacToe()
    rows = []
    for label, entries in (("no table", 0), ("table", TABLE)):

        def exact(entries: int = entries) -> Solution[Board, int]:
            return solve(game, table=entries)

        solution = exact()
        rows.append(
            Row(
                f"exact value with distance, {label}",
                solution.positions + 1,
                exact,
                f"{solution.result} in {solution.plies}",
            )
        )
    for goal in (Goal.WIN, Goal.NOT_LOSE):
        for label, entries in (("no table", 0), ("table", TABLE)):

            def boolean(goal: Goal = goal, entries: int = entries) -> BooleanSolution[Board, int]:
                table: TranspositionTable[int, ProofNode[Board, int]] | None = (
                    TranspositionTable(entries) if entries else None
                )
                return solve_goal(game, goal, table=table)

            answer = boolean()
            rows.append(
                Row(
                    f"boolean '{goal.value}', {label}",
                    answer.positions + 1,
                    boolean,
                    "yes" if answer.holds else "no",
                )
            )
    return rows


def report(title: str, rows: list[Row], runs: int) -> None:
    medians = interleaved({row.name: row.run for row in rows}, runs)
    print(f"\n{title}")
    print(f"  {'search':<44}{'positions':>11}{'median s':>11}{'positions/s':>13}   value")
    for row in rows:
        seconds = medians[row.name]
        print(
            f"  {row.name:<44}{row.positions:>11,}{seconds:>11.4f}"
            f"{row.positions / seconds:>13,.0f}   {row.value}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7, help="rounds (medians)")
    runs = parser.parse_args().runs
    print(f"medians of {runs} interleaved rounds; tables of {TABLE:,} entries")
    ttt = game_rows(TicTacToe, tictactoe_estimator, 9)
    draw = est_to_string(tictactoe_estimator(TicTacToe()), Definitely(Draw()))
    assert {row.value for row in ttt} == {draw}, [row.value for row in ttt]
    report("tic-tac-toe solved from empty (depth 9)", ttt, runs)
    c4 = game_rows(ConnectFour, connect4_estimator, 7)
    assert len({row.value for row in c4}) == 1, [row.value for row in c4]
    report("Connect Four 7 x 6, depth 7 from empty", c4, runs)
    report("tic-tac-toe, the solvers", solver_rows(), runs)


if __name__ == "__main__":
    main()
