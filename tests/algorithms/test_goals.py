"""Solving by goals: every goal method's verdict is the exact solver's result, with a move
that keeps it and proofs that check."""

from __future__ import annotations

from typing import TypeVar

import pytest
from hypothesis import given, settings

from gamelib.algorithms.boolean import BooleanSolution, Goal, ProofNode, check_proof, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.goals import (
    BOOLEAN_METHOD,
    GoalInterruptedError,
    GoalMethod,
    GoalReport,
    Verdict,
    describe_verdict,
    solve_by_goals,
)
from gamelib.algorithms.pns import DFPN_METHOD, PNS_METHOD
from gamelib.algorithms.table import TranspositionTable
from gamelib.catalog import CATALOGS, SOLVE_CATALOG
from gamelib.core.datatypes import Done, Playing, Side, flip
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.explicit import ExplicitGame, Node, TreeState
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe
from tests.helpers import reachable_tictactoe
from tests.strategies import finished_trees

S = TypeVar("S")
M = TypeVar("M")

METHODS = (BOOLEAN_METHOD, PNS_METHOD, DFPN_METHOD)


def matches_exact(game: Game[S, M], state: S, verdict: Verdict[S, M]) -> None:
    """`verdict` is the exact solver's result; its move keeps it; its proofs check."""
    exact = solve(game, state)
    assert (verdict.result, verdict.to_move, verdict.winner) == (
        exact.result,
        exact.to_move,
        exact.winner,
    )
    for proof in verdict.proofs:
        check_proof(game, proof.tree, state, proof.goal, proof.side)
    mover = verdict.to_move
    titles = [(p.goal, p.side) for p in verdict.proofs]
    match verdict.result:
        case "win":
            assert titles == [(Goal.WIN, mover)]
        case "draw":
            assert titles == [(Goal.NOT_LOSE, mover), (Goal.NOT_LOSE, flip(mover))]
        case "loss":
            assert titles == [(Goal.WIN, flip(mover))]
            assert verdict.best is None
    if verdict.best is not None:  # the move keeps the result
        after = game.play(state, verdict.best)
        if isinstance(after, Playing):
            kept = solve(game, after.state)
            assert kept.winner == verdict.winner
        else:
            assert isinstance(after, Done)


@settings(max_examples=60, deadline=None)
@given(finished_trees())
def test_every_method_finds_the_exact_result_on_generated_trees(root: Node) -> None:
    game: Game[TreeState, int] = ExplicitGame(root)
    for method in METHODS:
        matches_exact(game, game.start, solve_by_goals(game, game.start, method))
    # A df-pn table of 2 entries forgets nearly everything: the same verdict, slower.
    matches_exact(game, game.start, solve_by_goals(game, game.start, DFPN_METHOD, room=2))


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_tictactoe_positions_and_small_games(method: GoalMethod) -> None:
    game = TicTacToe()
    for state in reachable_tictactoe()[::211]:
        matches_exact(game, state, solve_by_goals(game, state, method))
    nim = Nim(pile=9)
    matches_exact(nim, nim.start, solve_by_goals(nim, nim.start, method))
    c4 = ConnectFour(cols=4, rows=4)
    verdict = solve_by_goals(c4, c4.start, method)
    assert (verdict.result, len(verdict.proofs)) == ("draw", 2)


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_a_loss_without_draws_takes_one_question(method: GoalMethod) -> None:
    # Nim has no draws: Minnie's tree that Maxie cannot win ends only in her wins, so it
    # proves the loss, and the second question is not asked (its positions not spent).
    game = Nim(pile=5)
    first = method.search(
        game, Goal.WIN, game.start, Side.Maxie, room=method.default_room, report=None, every=1
    )
    verdict = solve_by_goals(game, game.start, method)
    assert (verdict.result, verdict.positions) == ("loss", first.positions)
    [proof] = verdict.proofs
    assert (proof.goal, proof.side) == (Goal.WIN, Side.Minnie)
    check_proof(game, proof.tree, game.start, Goal.WIN, Side.Minnie)


def test_a_tree_with_draws_leaves_the_second_question() -> None:
    # Where the opponent's tree holds a draw, it proves only that the opponent does not
    # lose, and the second question is asked too: tic-tac-toe after 1, 2, 4, where
    # Minnie loses, and the boolean solver's tree that she cannot win (Maxie's tree
    # that he does not lose) has drawn leaves.
    ttt = TicTacToe()
    lost = ttt.start
    for move in (1, 2, 4):
        after = ttt.play(lost, move)
        assert isinstance(after, Playing)
        lost = after.state
    verdict = solve_by_goals(ttt, lost, BOOLEAN_METHOD)
    matches_exact(ttt, lost, verdict)
    first = solve_goal(ttt, Goal.WIN, lost, table=TranspositionTable(1_000_000))
    assert not first.holds
    assert verdict.result == "loss"
    assert verdict.positions > first.positions  # a second search


def test_the_boolean_method_tries_the_game_s_order_for_solving() -> None:
    # Connect Four orders its moves for solving (a win first, then the moves that make
    # the most threats, centre first): the boolean method asks its two questions in that
    # order, as the exact solver does, and plays 15,227 positions where the game's
    # `moves` order plays 26,804, for the same draw.
    c4 = ConnectFour(cols=4, rows=4)
    verdict = solve_by_goals(c4, c4.start, BOOLEAN_METHOD)
    matches_exact(c4, c4.start, verdict)

    def asked(goal: Goal, ordered: bool) -> BooleanSolution[ConnectFourState, int]:
        table: TranspositionTable[int, ProofNode[ConnectFourState, int]]
        table = TranspositionTable(1_000_000)
        order = c4.solver_moves if ordered else None
        return solve_goal(c4, goal, c4.start, table=table, order=order)

    in_its_order = [asked(goal, True) for goal in (Goal.WIN, Goal.NOT_LOSE)]
    in_moves_order = [asked(goal, False) for goal in (Goal.WIN, Goal.NOT_LOSE)]
    assert [a.holds for a in in_its_order] == [a.holds for a in in_moves_order] == [False, True]
    assert verdict.positions == sum(a.positions for a in in_its_order) == 3_371 + 11_856
    assert sum(a.positions for a in in_moves_order) == 8_148 + 18_656


def test_the_verdicts_in_words() -> None:
    game = Nim(pile=5)
    lost = solve_by_goals(game, game.start, PNS_METHOD)
    assert describe_verdict(game, lost) == "Maxie, to move, loses: Minnie wins whatever Maxie plays"
    four = Nim(pile=4)
    won = solve_by_goals(four, four.start, DFPN_METHOD)
    assert describe_verdict(four, won) == "Maxie, to move, wins; a winning move: 3"
    assert (won.positions, won.method) == (10, "dfpn")


def test_reports_name_the_question_and_count_both_searches() -> None:
    heard: list[tuple[str, int, int, int]] = []
    game = ConnectFour(cols=4, rows=4)
    verdict = solve_by_goals(
        game,
        game.start,
        PNS_METHOD,
        report=lambda *said: heard.append(said),
        every=20_000,
    )
    questions = [q for q, *_ in heard]
    assert questions[0] == "can Maxie force a win?"
    assert questions[-1] == "can Maxie avoid losing?"
    positions = [p for _, p, _, _ in heard]
    assert positions == sorted(positions)  # the second search counts on from the first
    assert positions[-1] <= verdict.positions


def _stopped(
    game: Game[S, M],
    goal: Goal,
    state: S,
    side: Side,
    /,
    *,
    room: int,
    report: GoalReport | None,
    every: int,
) -> BooleanSolution[S, M]:
    if goal is Goal.NOT_LOSE:
        raise GoalInterruptedError(1_234, (5, 7))
    return PNS_METHOD.search(game, goal, state, side, room=room, report=report, every=every)


def test_ctrl_c_says_what_the_first_question_settled() -> None:
    method = GoalMethod("stops", "stops at its second question", _stopped, "positions", 1, 10**5)
    game = TicTacToe()
    with pytest.raises(GoalInterruptedError) as caught:
        solve_by_goals(game, game.start, method)
    said = str(caught.value)
    assert said.startswith("stopped after ")
    assert said.endswith(
        " positions asking whether Maxie can avoid losing (that Maxie cannot win was "
        "settled): the root's proof number was 5 and its disproof number 7"
    )


def test_a_method_is_one_line_in_the_catalog() -> None:
    assert SOLVE_CATALOG.names() == ("boolean", "pns", "dfpn")
    renamed = GoalMethod("pns2", "PNS again", PNS_METHOD.search, "positions", 1, 10_000)
    added = CATALOGS.with_kind(renamed)
    assert added.solve.names() == ("boolean", "pns", "dfpn", "pns2")
    assert added.two_player is CATALOGS.two_player
