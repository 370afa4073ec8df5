"""Exact values with distance, against a brute-force model written here."""

from __future__ import annotations

import functools
import gc
import itertools
import weakref
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import Done, Draw, Game, Playing, Side, Winner, seq
from gamelib.algorithms.exact import (
    BIG,
    Result,
    SolveInterruptedError,
    compare_results,
    describe,
    paused_collector,
    solve,
)
from gamelib.algorithms.table import TranspositionTable, table_of
from gamelib.games.connect4 import ConnectFour
from gamelib.games.explicit import (
    BIG as BIG_TREE,
)
from gamelib.games.explicit import CSE473, SMALL, ExplicitGame, Node
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe
from tests.helpers import finished, reachable_tictactoe
from tests.strategies import finished_trees

S = TypeVar("S")
M = TypeVar("M")


def other(result: Result) -> Result:
    """The result for the other side."""
    match result:
        case "win":
            return "loss"
        case "loss":
            return "win"
        case "draw" | "unknown":
            return result


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
    return (
        0 if result in ("draw", "unknown") else BIG - plies if result == "win" else -(BIG - plies)
    )


def longest(game: Game[S, M]) -> Callable[[S], int]:
    """The most plies any line from a position takes to finish the game."""

    @functools.cache
    def length(state: S) -> int:
        most = 0
        for move in seq.to_tuple(game.moves(state)):
            after = game.play(state, move)
            most = max(most, 1 if isinstance(after, Done) else 1 + length(after.state))
        return most

    return length


def check_limited(
    game: Game[S, M],
    state: S,
    depth: int,
    table: TranspositionTable[M, int] | None,
    judge: Callable[[S], tuple[Result, int]] | None = None,
    length: Callable[[S], int] | None = None,
) -> None:
    """A solve limited to ``depth`` plies, held to the model (``judge``, ``length``: the
    model's functions, to share their caches): a win or loss within the depth is found with
    its exact distance; anything else is unknown, or a draw that is one."""
    judge = model(game) if judge is None else judge
    length = longest(game) if length is None else length
    solution = solve(game, state, table=table, depth=depth)
    result, plies = judge(state)
    assert solution.depth == depth
    if result in ("win", "loss") and plies <= depth:
        assert (solution.result, solution.plies) == (result, plies)
    elif result == "draw" and length(state) <= depth:
        assert solution.result == "draw"
    else:
        assert solution.result in (("draw", "unknown") if result == "draw" else ("unknown",))
    # The line ends with the game or at the depth, and is legal all the way.
    status: Playing[S] | Done = Playing(state)
    for move in solution.principal:
        assert isinstance(status, Playing)
        assert move in seq.to_tuple(game.moves(status.state))
        status = game.play(status.state, move)
    assert isinstance(status, Done) or len(solution.principal) == depth
    assert len(solution.principal) <= depth


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
    for state in reachable_tictactoe():
        check(game, state, table)
    start = solve(game)
    assert (start.result, start.plies) == ("draw", 9)
    assert describe(game, start) == "a draw, with best play (9 plies to the end); a best move: 1"


@pytest.mark.parametrize("depth", [1, 2, 3, 5, 7, 9])
def test_depth_limited_solves_of_every_reachable_tictactoe_position(depth: int) -> None:
    game = TicTacToe()
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    judge, length = model(game), longest(game)
    for i, state in enumerate(reachable_tictactoe()):
        check_limited(game, state, depth, table if i % 2 else None, judge, length)


@pytest.mark.parametrize("pile", range(1, 16))
@pytest.mark.parametrize("depth", [1, 2, 3, 5, 8])
def test_depth_limited_nim_solves(pile: int, depth: int) -> None:
    check_limited(Nim(pile=pile), Nim(pile=pile).start, depth, TranspositionTable(1000))


@given(finished_trees(), st.integers(1, 6))
def test_depth_limited_solves_of_finished_trees(root: Node, depth: int) -> None:
    game = ExplicitGame(root)
    check_limited(game, game.start, depth, TranspositionTable(1000))
    check_limited(game, game.start, depth, None)


def test_a_depth_limited_solve_says_what_it_cannot_see() -> None:
    game = TicTacToe()
    shallow = solve(game, depth=4)
    assert (shallow.result, shallow.plies, shallow.winner) == ("unknown", 4, None)
    assert describe(game, shallow) == (
        "no forced result within 4 plies for either side; a best move so far: 1"
    )
    assert solve(game, depth=9).result == "draw"
    with pytest.raises(ValueError, match="at least 1 ply ahead, not 0"):
        solve(game, depth=0)


def test_tictactoe_solved_from_empty_in_fewer_positions_than_easyai() -> None:
    solution = solve(TicTacToe())
    assert solution.result == "draw"
    # The search for the line of best moves included; easyAI's best configuration: 1,764.
    # The behaviour is the bound: fewer than easyAI, and no more than the 922 of today, which
    # a better move order may lower without this test standing in its way.
    assert solution.positions <= 922 < 1_764


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


def test_a_stopped_depth_limited_solve_speaks_of_its_depth() -> None:
    def stop(positions: int) -> None:
        if positions >= 1_500:
            raise KeyboardInterrupt

    with pytest.raises(SolveInterruptedError) as caught:
        solve(TicTacToe(), table=None, depth=8, progress=stop, every=500)
    stopped = caught.value
    assert (stopped.positions, stopped.depth) == (1_500, 8)
    assert "a draw" not in str(stopped)
    assert str(stopped) == (
        "stopped after 1,500 positions: the side to move can expect "
        "at least no forced result within 8 plies"
    )


def test_the_collector_is_paused_for_a_solve_and_left_as_it_was() -> None:
    paused: list[bool] = []

    def progress(positions: int) -> None:
        paused.append(not gc.isenabled())

    try:
        for running in (True, False):
            if running:
                gc.enable()
            else:
                gc.disable()
            assert solve(TicTacToe(), progress=progress, every=500).result == "draw"
            assert gc.isenabled() is running
    finally:
        gc.enable()
    assert len(paused) > 1
    assert all(paused)


def test_what_a_paused_block_kept_is_not_left_for_the_collector_s_next_young_pass() -> None:
    # The young count is reset and what the block made and kept is in the oldest
    # generation: the collector's next pass does not walk it.  Objects someone else froze
    # stay frozen (unfreeze would have let them go).
    gc.collect()
    with paused_collector():
        kept = [[n] for n in range(5_000)]
    assert gc.isenabled()
    assert gc.get_count()[0] < 100
    youngest = {id(o) for o in gc.get_objects(generation=0)}
    assert not any(id(o) in youngest for o in kept)
    assert any(o is kept[0] for o in gc.get_objects(generation=2))
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with paused_collector():
            more = [[n] for n in range(100)]
        assert gc.get_freeze_count() == frozen
        assert not any(o is more[0] for o in gc.get_objects(generation=2))
    finally:
        gc.unfreeze()


def test_a_solve_s_own_table_is_freed_before_the_collector_resumes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Freed while the collector is paused, its entries are never walked by it.  (On the
    # packed path: the contract's search is a recursive closure, a cycle that holds its
    # table until the collector runs.)
    made: list[weakref.ref[object]] = []
    alive_at_resume: list[bool] = []
    enable = gc.enable

    def watched_table_of(table: object) -> TranspositionTable[int, int] | None:
        found: TranspositionTable[int, int] | None = table_of(table)
        if found is not None:
            made.append(weakref.ref(found.entries()))
        return found

    def watched_enable() -> None:
        alive_at_resume.append(made[-1]() is not None)
        enable()

    monkeypatch.setattr("gamelib.algorithms.exact.table_of", watched_table_of)
    monkeypatch.setattr(gc, "enable", watched_enable)
    game = ConnectFour(cols=4, rows=4)
    try:
        assert solve(game).result == "draw"  # a table of its own
        kept: TranspositionTable[int, int] = TranspositionTable(10_000)
        assert solve(game, table=kept).result == "draw"  # the caller's, kept
    finally:
        enable()
    assert alive_at_resume == [False, True]
    assert kept.stats.stores > 0
