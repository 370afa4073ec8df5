"""Every search of the catalog against Minimax on every reachable tic-tac-toe position.

For each of the 4,520 positions still being played and each depth 1-9, every
search kind beyond the lectures (with and without its transposition table,
fail-hard and fail-soft) must give Minimax's value and choose a move whose Minimax value
(one ply less deep) is that value.  The model is Minimax by plain recursion,
memoised by position and depth, over the same estimator.
"""

from __future__ import annotations

import functools

import pytest

from gamelib import Definitely, Est, Guess, Playing, Side, seq
from gamelib.catalog import CATALOG
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.search.kinds import OptionValues
from tests.helpers import reachable_tictactoe, score

GAME = TicTacToe()
ESTIMATOR = tictactoe_estimator(GAME)


@functools.cache
def positions() -> tuple[TicTacToeState, ...]:
    return reachable_tictactoe()


@functools.cache
def minimax(state: TicTacToeState, depth: int) -> float:
    """Minimax's value of ``state`` searched ``depth`` moves deep, as a number."""
    if depth == 0:
        return score(Guess(ESTIMATOR.estimate(state)))
    return best(state, [child_value(state, move, depth) for move in legal(state)])


def child_value(state: TicTacToeState, move: int, depth: int) -> float:
    """Minimax's value of playing ``move`` at ``state``, ``depth`` moves deep counting it."""
    after = GAME.play(state, move)
    if isinstance(after, Playing):
        return minimax(after.state, depth - 1)
    return score(Definitely(after.outcome))


def legal(state: TicTacToeState) -> tuple[int, ...]:
    return seq.to_tuple(GAME.moves(state))


def best(state: TicTacToeState, values: list[float]) -> float:
    return max(values) if state.side is Side.Maxie else min(values)


CONFIGURATIONS: list[tuple[str, OptionValues]] = [
    ("negamax", {}),
    ("negamax-ab", {"fail": "hard", "table": 0}),
    ("negamax-ab", {"fail": "hard", "table": 10_000}),
    ("negamax-ab", {"fail": "soft", "table": 0}),
    ("negamax-ab", {"fail": "soft", "table": 10_000}),
    ("pvs", {"table": 0}),
    ("pvs", {"table": 10_000}),
    ("scout", {"table": 0}),
    ("scout", {"table": 10_000}),
    ("mtdf", {"table": 10_000}),  # MTD(f) cannot do without one
]


def test_there_are_4520_positions_and_minimax_draws_the_game() -> None:
    assert len(positions()) == 4_520
    assert minimax(GAME.start, 9) == 0


@pytest.mark.parametrize(
    ("kind", "options"),
    CONFIGURATIONS,
    ids=[f"{kind}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for kind, o in CONFIGURATIONS],
)
def test_every_position_at_every_depth(kind: str, options: OptionValues) -> None:
    checked = 0
    for depth in range(1, 10):
        for state in positions():
            move, value = CATALOG[kind].build(ESTIMATOR, depth, options).analyse(state)
            expected = minimax(state, depth)
            found: Est[float] = value
            assert score(found) == expected, (kind, options, depth, state)
            assert child_value(state, move, depth) == expected, (kind, options, depth, state)
            checked += 1
    assert checked == 9 * 4_520
