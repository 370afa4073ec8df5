"""Proof-number search and df-pn: the boolean solver's answers and valid proofs, on generated
trees and small games, with a table of any size."""

from __future__ import annotations

from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.algorithms.boolean import BooleanSolution, Goal, check_proof, solve_goal
from gamelib.algorithms.pns import DfpnStats, PnsMemoryError, dfpn_goal, pns_goal
from gamelib.core.datatypes import Playing, Side, Status
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour
from gamelib.games.explicit import SMALL, ExplicitGame, Node, TreeState, at_least
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe
from gamelib.trace.proofs import pns_steps
from tests.helpers import reachable_tictactoe
from tests.strategies import finished_trees

S = TypeVar("S")
M = TypeVar("M")

QUESTIONS = [(goal, side) for goal in Goal for side in Side]


def agree(game: Game[S, M], found: BooleanSolution[S, M], state: S) -> None:
    """`found` answers as the boolean solver does, and its proof checks."""
    model = solve_goal(game, found.goal, state, found.side)
    assert found.holds == model.holds
    assert (found.proof_goal, found.proof_side) == (model.proof_goal, model.proof_side)
    check_proof(game, found.proof, state, found.proof_goal, found.proof_side)
    if found.holds and game.player(state) is found.side:
        (move,) = found.moves  # a winning move: the proof's own first move
        assert found.proof.children[0][0] == move


@settings(max_examples=80, deadline=None)
@given(finished_trees(), st.sampled_from(QUESTIONS), st.integers(1, 6))
def test_pns_and_dfpn_answer_as_the_boolean_solver(
    root: Node, question: tuple[Goal, Side], entries: int
) -> None:
    game: Game[TreeState, int] = ExplicitGame(root)
    goal, side = question
    start = game.start
    by_pns = pns_goal(game, goal, start, side)
    agree(game, by_pns, start)
    by_dfpn = dfpn_goal(game, goal, start, side)
    agree(game, by_dfpn, start)
    # A table of a handful of entries forgets nearly everything: still right, only slower.
    tiny = dfpn_goal(game, goal, start, side, table_entries=entries)
    agree(game, tiny, start)


def test_tictactoe_from_the_start_and_from_reachable_positions() -> None:
    game = TicTacToe()
    assert [pns_goal(game, g).holds for g in Goal] == [False, True]
    assert [dfpn_goal(game, g).holds for g in Goal] == [False, True]
    for state in reachable_tictactoe()[::97]:  # 56 positions, every stage of the game
        for goal in Goal:
            by_pns = pns_goal(game, goal, state)
            agree(game, by_pns, state)
            by_dfpn = dfpn_goal(game, goal, state)
            agree(game, by_dfpn, state)


@pytest.mark.parametrize("pile", range(1, 13))
def test_nim_piles(pile: int) -> None:
    game = Nim(pile=pile)
    mover_wins = pile % 4 != 1  # leave the other side a pile of 4k + 1
    assert pns_goal(game, Goal.WIN).holds is mover_wins
    assert dfpn_goal(game, Goal.WIN, table_entries=3).holds is mover_wins


def test_connect_four_4x4_from_empty_is_a_draw() -> None:
    game = ConnectFour(cols=4, rows=4)
    for solve in (pns_goal, dfpn_goal):
        win, hold = solve(game, Goal.WIN), solve(game, Goal.NOT_LOSE)
        assert (win.holds, hold.holds) == (False, True)  # neither side can force a win
        check_proof(game, hold.proof, game.start, Goal.NOT_LOSE, Side.Maxie)
        check_proof(game, win.proof, game.start, Goal.NOT_LOSE, Side.Minnie)


def test_the_memory_bound_is_one_sentence() -> None:
    with pytest.raises(PnsMemoryError) as caught:
        pns_goal(TicTacToe(), Goal.WIN, max_positions=50)
    assert str(caught.value).startswith(
        "proof-number search keeps at most 50 positions and needed more: the root's proof "
        "number was "
    )
    assert str(caught.value).endswith("; give it more room, or use df-pn")


def test_dfpn_counts_what_it_does() -> None:
    stats = DfpnStats()
    found = dfpn_goal(TicTacToe(), Goal.NOT_LOSE, table_entries=500, stats=stats)
    assert found.holds
    assert stats.most == 500  # the table filled up ...
    assert stats.evictions > 0  # ... and made room
    assert stats.positions == found.positions > 0
    with pytest.raises(ValueError, match="df-pn needs a table of at least 1 entry, got 0"):
        dfpn_goal(TicTacToe(), Goal.WIN, table_entries=0)


def test_the_steppers_view_of_the_small_tree() -> None:
    # "Can Maxie get at least 4?" of the Small tree: b is disproved at once (e is -2), f
    # proved (6, 4, 10), and with it the root.
    asked = at_least(SMALL, 4)
    assert isinstance(asked, Node)
    game = ExplicitGame(asked)
    data = pns_steps(
        game,
        game.start,
        lambda watch: pns_goal(game, Goal.WIN, watch=watch),
        "can Maxie get at least 4?",
        _named,
    )
    nodes = data["nodes"]
    assert isinstance(nodes, list)
    names = [n["name"] for n in nodes if isinstance(n, dict)]
    assert names[:4] == ["a", "b", "f", "j"]
    assert data["steps"] == [
        {"event": "prove", "node": 0, "path": [0],
         "shown": [[1, "1/1"], [2, "1/1"], [3, "1/1"], [0, "1/3"]], "proven": [],
         "root": ["1", "3"]},
        {"event": "prove", "node": 1, "path": [0, 1],
         "shown": [[4, "∞/0"], [5, "0/∞"], [6, "∞/0"], [1, "∞/0"], [0, "1/2"]],
         "proven": [[1, "no"]], "root": ["1", "2"]},
        {"event": "prove", "node": 2, "path": [0, 2],
         "shown": [[7, "0/∞"], [8, "0/∞"], [9, "0/∞"], [2, "0/∞"], [0, "0/∞"]],
         "proven": [[2, "yes"], [0, "yes"]], "root": ["0", "∞"]},
        {"event": "done", "node": 0, "question": "can Maxie get at least 4?", "holds": True,
         "line": [0, 2, 7], "positions": 9},
    ]  # fmt: skip


def _named(status: Status[TreeState]) -> str:
    return status.state.node.name if isinstance(status, Playing) else str(status.outcome)
