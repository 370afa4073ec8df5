"""Exact values with distance, against a brute-force model written here."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given

from gamelib import Done, Draw, Game, Playing, Side, Winner, seq
from gamelib.algorithms.exact import (
    BIG,
    Result,
    SolveInterruptedError,
    compare_results,
    describe,
    solve,
)
from gamelib.algorithms.table import TranspositionTable
from gamelib.games.explicit import (
    BIG as BIG_TREE,
)
from gamelib.games.explicit import (
    CSE473,
    SMALL,
    End,
    ExplicitGame,
    Leaf,
    Node,
    Tree,
)
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe

from .strategies import finished_trees

S = TypeVar("S")
M = TypeVar("M")


def other(result: Result) -> Result:
    """The result for the other side."""
    match result:
        case "win":
            return "loss"
        case "loss":
            return "win"
        case "draw":
            return "draw"


def model(game: Game[S, M]) -> Callable[[S], tuple[Result, int]]:
    """(result for the side to move, plies to the end), by plain recursion over every line:
    the winner takes the quickest win, the loser the slowest loss; a draw's length is that
    of the line the model picks (the first drawn move)."""

    @functools.cache
    def value(state: S) -> tuple[Result, int]:
        mover = game.player(state)
        options: list[tuple[Result, int]] = []
        for move in seq.to_tuple(game.moves(state)):
            after = game.play(state, move)
            if isinstance(after, Done):
                outcome = after.outcome
                if isinstance(outcome, Draw):
                    options.append(("draw", 1))
                else:
                    options.append(("win" if outcome.side is mover else "loss", 1))
                continue
            result, plies = value(after.state)
            if game.player(after.state) is not mover:
                result = other(result)
            options.append((result, plies + 1))
        best = options[0]
        for option in options[1:]:
            if compare_results(option, best) > 0:
                best = option
        return best

    return value


def check(
    game: Game[S, M], state: S, table: TranspositionTable[M, int] | int | None = 1_000_000
) -> None:
    """Solve ``state`` and hold it to the model; play the principal variation out."""
    solution = solve(game, state, table=table)
    result, plies = model(game)(state)
    assert (solution.result, solution.value == rank(result, plies)) == (result, True)
    if result != "draw":
        assert solution.plies == plies
    # The principal variation is legal, starts with the best move, and ends as promised.
    status: Playing[S] | Done = Playing(state)
    for move in solution.principal:
        assert isinstance(status, Playing)
        assert move in seq.to_tuple(game.moves(status.state))
        status = game.play(status.state, move)
    assert isinstance(status, Done)
    assert solution.principal[0] == solution.best
    assert len(solution.principal) == solution.plies
    outcome = status.outcome
    if result == "draw":
        assert isinstance(outcome, Draw)
    else:
        assert isinstance(outcome, Winner)
        assert (outcome.side is solution.to_move) is (result == "win")


def rank(result: Result, plies: int) -> int:
    return 0 if result == "draw" else BIG - plies if result == "win" else -(BIG - plies)


@pytest.mark.parametrize("pile", range(1, 21))
def test_nim_solved_with_exact_distances(pile: int) -> None:
    check(Nim(pile=pile), Nim(pile=pile).start)
    solution = solve(Nim(pile=pile))
    assert solution.result == ("loss" if pile % 4 == 1 else "win")


@given(finished_trees())
def test_finished_trees_solved_with_exact_distances(root: Node) -> None:
    game = ExplicitGame(root)
    check(game, game.start)
    check(game, game.start, table=None)


def finished(tree: Tree) -> Tree:
    """A handout tree read as a game played out: a leaf's sign says who won."""
    match tree:
        case Leaf(name, value):
            outcome = Draw() if value == 0 else Winner(Side.Maxie if value > 0 else Side.Minnie)
            return End(name, outcome)
        case End():
            return tree
        case Node(name, children, value):
            return Node(name, tuple(finished(c) for c in children), value)


@pytest.mark.parametrize(
    ("tree", "result", "plies", "best"),
    # Small: b holds e, Minnie's win, so Maxie's first winning move is 1.
    [(SMALL, "win", 2, 1), (BIG_TREE, "win", 4, 0), (CSE473, "win", 2, 0)],
)
def test_the_handout_trees_read_as_finished_games(
    tree: Node, result: Result, plies: int, best: int
) -> None:
    root = finished(tree)
    assert isinstance(root, Node)
    game = ExplicitGame(root)
    check(game, game.start)
    solution = solve(game)
    assert (solution.result, solution.plies, solution.best) == (result, plies, best)


def test_every_reachable_tictactoe_position_with_exact_distances() -> None:
    game = TicTacToe()
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    stack, seen = [game.start], set()
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        check(game, state, table)
        for move in seq.to_tuple(game.moves(state)):
            after = game.play(state, move)
            if isinstance(after, Playing):
                stack.append(after.state)
    assert len(seen) == 4_520
    start = solve(game)
    assert (start.result, start.plies) == ("draw", 9)
    assert describe(game, start) == "a draw, with best play (9 plies to the end); a best move: 1"


def test_tictactoe_solved_from_empty_in_fewer_positions_than_easyai() -> None:
    solution = solve(TicTacToe())
    assert solution.result == "draw"
    assert solution.positions == 1_064  # easyAI's best configuration: 1,764


def test_results_rank_as_the_issue_orders_them() -> None:
    order: list[tuple[Result, int]] = [
        ("win", 1),
        ("win", 7),
        ("draw", 9),
        ("draw", 2),
        ("loss", 8),
        ("loss", 2),
    ]
    for better, worse in itertools.pairwise(order):
        assert compare_results(better, worse) >= 0
        assert compare_results(worse, better) <= 0
    assert compare_results(("draw", 9), ("draw", 2)) == 0


def test_a_stopped_solve_says_what_it_knew() -> None:
    def stop(positions: int) -> None:
        if positions >= 2_000:
            raise KeyboardInterrupt

    with pytest.raises(SolveInterruptedError) as caught:
        solve(TicTacToe(), table=None, progress=stop, every=1_000)
    stopped = caught.value
    assert stopped.positions == 2_000
    assert stopped.lower is None or stopped.lower <= 0
    assert str(stopped).startswith("stopped after 2,000 positions: ")


def test_describe_says_who_wins_and_when() -> None:
    game = Nim(pile=5)
    assert describe(game, solve(game)) == (
        "Maxie, to move, loses: Minnie wins in 3 plies; Maxie's best move: 1"
    )
    assert solve(game).winner is Side.Minnie
    assert solve(Nim(pile=4)).winner is Side.Maxie
    assert solve(TicTacToe()).winner is None
