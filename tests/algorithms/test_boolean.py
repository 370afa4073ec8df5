"""The boolean solver: verdicts against Minimax, proof trees, the checker, best and worst cases."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import Done, Draw, Playing, Side, Winner, seq
from gamelib.algorithms.boolean import (
    Goal,
    ProofError,
    ProofNode,
    check_proof,
    negamax_boolean,
    proof_size,
    solve_goal,
)
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.trees import End
from gamelib.games.explicit import ExplicitGame, Node, Tree, TreeState, parse_tree
from gamelib.games.nim import Nim, NimState
from gamelib.games.tictactoe import TicTacToe, TicTacToeState
from gamelib.search import CountingGame
from gamelib.trace.proofs import proof_to_dot, proof_to_text
from tests.helpers import reachable_tictactoe, tree_value
from tests.outside_game import Race, RaceToFive
from tests.strategies import finished_trees, trees_and_depths

GOALS = [Goal.WIN, Goal.NOT_LOSE]


def expected(value: float, goal: Goal, side: Side) -> bool:
    """The verdict a value (Maxie's, a finished game's score) gives."""
    mine = value if side is Side.Maxie else -value
    return mine > 0 if goal is Goal.WIN else mine >= 0


@given(finished_trees(), st.sampled_from(GOALS), st.sampled_from(list(Side)), st.booleans())
def test_verdicts_are_minimaxs_and_every_tree_checks(
    root: Node, goal: Goal, side: Side, use_table: bool
) -> None:
    game = ExplicitGame(root)
    table: TranspositionTable[int, ProofNode[TreeState, int]] | None = (
        TranspositionTable(1000) if use_table else None
    )
    solved = solve_goal(game, goal, side=side, table=table)
    value = tree_value(root, Side.Maxie, 99)
    assert solved.holds is expected(value, goal, side)
    if side is Side.Maxie:  # the prover moves at the root
        assert solved.holds is negamax_boolean(game, goal)
    check_proof(game, solved.proof, goal=solved.proof_goal, side=solved.proof_side)
    assert solved.exact


@given(finished_trees(), st.sampled_from(GOALS))
def test_every_winning_move_is_listed_and_wins(root: Node, goal: Goal) -> None:
    game = ExplicitGame(root)
    solved = solve_goal(game, goal, all_moves=True)
    wins = tuple(
        m
        for m, child in enumerate(root.children)
        if expected(tree_value(child, Side.Minnie, 99), goal, Side.Maxie)
    )
    assert solved.moves == wins
    first = solve_goal(game, goal)
    assert first.moves == wins[:1]  # it stops at the first winning move


@given(trees_and_depths())
def test_a_depth_limited_win_is_minimaxs_sure_win(case: tuple[Node, int]) -> None:
    root, depth = case
    game = ExplicitGame(root)
    solved = solve_goal(game, Goal.WIN, depth=depth)
    assert solved.holds is (tree_value(root, Side.Maxie, depth) == float("inf"))
    assert not solved.exact
    if any(node.kind == "horizon" for node in nodes_of(solved.proof)):
        with pytest.raises(ProofError, match="never searched to the end"):
            check_proof(game, solved.proof, goal=solved.proof_goal, side=solved.proof_side)
    else:  # every line ended within the depth: the answer is proved after all
        check_proof(game, solved.proof, goal=solved.proof_goal, side=solved.proof_side)


@given(finished_trees(), st.sampled_from(GOALS), st.booleans())
def test_any_order_finds_minimaxs_verdict_and_only_wins_is_true_to_the_leaves(
    root: Node, goal: Goal, use_table: bool
) -> None:
    # The moves tried last first: another order, the same verdict and a tree that checks.
    # `only_wins` holds when no finished game of the tree is a draw, and when it holds no
    # leaf of the proof is one.
    game = ExplicitGame(root)

    def backwards(state: TreeState) -> tuple[int, ...]:
        return tuple(reversed(seq.to_tuple(game.moves(state))))

    table: TranspositionTable[int, ProofNode[TreeState, int]] | None = (
        TranspositionTable(1000) if use_table else None
    )
    solved = solve_goal(game, goal, table=table, order=backwards)
    assert solved.holds is expected(tree_value(root, Side.Maxie, 99), goal, Side.Maxie)
    check_proof(game, solved.proof, goal=solved.proof_goal, side=solved.proof_side)
    leaves = [n.status for n in nodes_of(solved.proof) if n.kind == "end"]
    drawn = [status for status in leaves if isinstance(status, Done) and status.outcome == Draw()]
    if solved.only_wins:
        assert not drawn
    if not draws_in(game, game.start):
        assert solved.only_wins
    if drawn:
        assert not solved.only_wins


def draws_in(game: ExplicitGame, state: TreeState) -> bool:
    """Whether any finished game below `state` is a draw."""
    for move in seq.to_list(game.moves(state)):
        after = game.play(state, move)
        if isinstance(after, Done):
            if after.outcome == Draw():
                return True
        elif draws_in(game, after.state):
            return True
    return False


def test_only_wins_is_false_at_a_horizon_and_after_a_table_filled_before() -> None:
    nim = Nim(pile=5)  # no draws
    assert solve_goal(nim, Goal.WIN).only_wins
    assert not solve_goal(nim, Goal.WIN, depth=3).only_wins
    table: TranspositionTable[int, ProofNode[NimState, int]] = TranspositionTable(1000)
    assert solve_goal(nim, Goal.WIN, table=table).only_wins
    # A second solve through the same table may be answered by trees it never saw.
    assert not solve_goal(nim, Goal.WIN, table=table).only_wins


def nodes_of(proof: ProofNode[TreeState, int]) -> list[ProofNode[TreeState, int]]:
    found, stack = [], [proof]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(child for _, child in node.children)
    return found


def uniform(b: int, d: int, outcome_at: dict[int, object] | None = None) -> Node:
    """A uniform tree whose leaves are all Maxie's wins."""
    names = itertools.count()

    def build(level: int) -> Tree:
        name = f"n{next(names)}"
        if level == d:
            return End(name, Winner(Side.Maxie))
        return Node(name, tuple(build(level + 1) for _ in range(b)))

    root = build(0)
    assert isinstance(root, Node)
    return root


@pytest.mark.parametrize("b", [2, 3, 4])
@pytest.mark.parametrize("d", [1, 2, 3, 4, 5])
def test_the_best_case_visits_exactly_the_proof_tree(b: int, d: int) -> None:
    # Every leaf a win: each OR node's first move wins, so only the proof tree is seen:
    # 1, 1, b, b, b*b, ... positions by level.
    game = CountingGame(ExplicitGame(uniform(b, d)))
    solved = solve_goal(game, Goal.WIN)
    assert solved.holds
    expected_size = sum(b ** (level // 2) for level in range(d + 1))
    assert proof_size(solved.proof) == expected_size
    assert game.plays + 1 == expected_size == solved.positions + 1


def worst(b: int, d: int) -> Node:
    """A uniform tree where Maxie wins, but only by his last move everywhere, and
    Minnie's every reply must be tried: the solver sees every node."""
    names = itertools.count()

    def maxie_wins(level: int) -> Tree:  # Maxie to move; he wins, by his last move only
        name = f"n{next(names)}"
        if level == d:
            return End(name, Winner(Side.Maxie))
        kids = [minnie_holds(level + 1) for _ in range(b - 1)] + [minnie_loses(level + 1)]
        return Node(name, tuple(kids))

    def minnie_loses(level: int) -> Tree:  # Minnie to move; every reply loses for her
        name = f"n{next(names)}"
        if level == d:
            return End(name, Winner(Side.Maxie))
        return Node(name, tuple(maxie_wins(level + 1) for _ in range(b)))

    def minnie_holds(level: int) -> Tree:  # Minnie to move; only her last reply holds
        name = f"n{next(names)}"
        if level == d:
            return End(name, Draw())
        kids = [maxie_wins(level + 1) for _ in range(b - 1)] + [maxie_fails(level + 1)]
        return Node(name, tuple(kids))

    def maxie_fails(level: int) -> Tree:  # Maxie to move; no move wins
        name = f"n{next(names)}"
        if level == d:
            return End(name, Draw())
        return Node(name, tuple(minnie_holds(level + 1) for _ in range(b)))

    root = maxie_wins(0)
    assert isinstance(root, Node)
    return root


@pytest.mark.parametrize("b", [2, 3])
@pytest.mark.parametrize("d", [1, 2, 3, 4])
def test_the_worst_case_visits_every_node(b: int, d: int) -> None:
    game = CountingGame(ExplicitGame(worst(b, d)))
    solved = solve_goal(game, Goal.WIN)
    assert solved.holds
    assert game.plays + 1 == sum(b**level for level in range(d + 1))


def test_nim_and_its_proofs() -> None:
    for pile in range(1, 13):
        game = Nim(pile=pile)
        solved = solve_goal(game, Goal.WIN)
        assert solved.holds is (pile % 4 != 1)
        check_proof(game, solved.proof)
        if solved.holds:
            assert solved.moves == ((pile - 1) % 4,)  # leave 4k + 1


@functools.cache
def ttt_value(state: TicTacToeState) -> int:
    """Tic-tac-toe's value for Maxie (1, 0, -1), by plain memoised recursion."""
    game = TicTacToe()
    values = []
    for move in seq.to_tuple(game.moves(state)):
        match game.play(state, move):
            case Playing(after):
                values.append(ttt_value(after))
            case Done(outcome):
                values.append(
                    0 if isinstance(outcome, Draw) else 1 if outcome.side is Side.Maxie else -1
                )
    return max(values) if state.side is Side.Maxie else min(values)


def test_every_reachable_tictactoe_position() -> None:
    game = TicTacToe()
    positions = reachable_tictactoe()
    assert len(positions) == 4_520  # positions still being played (5,478 with the finished)
    tables: dict[Goal, TranspositionTable[int, ProofNode[TicTacToeState, int]]] = {
        goal: TranspositionTable(100_000) for goal in GOALS
    }
    for state in positions:
        value = ttt_value(state)
        for goal in GOALS:
            solved = solve_goal(game, goal, state, table=tables[goal])
            assert solved.holds is expected(value, goal, state.side), (state, goal)
            assert negamax_boolean(game, goal, state) is solved.holds
    start = solve_goal(game, Goal.NOT_LOSE)
    check_proof(game, start.proof, goal=Goal.NOT_LOSE, side=Side.Maxie)
    assert solve_goal(game, Goal.WIN).holds is False  # a draw: neither wins


# ---------------------------------------------------------------------------
# The checker rejects broken trees, naming the rule


SMALL_WIN = parse_tree("a[ b[c!Maxie, d!Maxie], e[f!Minnie] ]")


def broken(kind: str) -> tuple[ProofNode[TreeState, int], str]:
    """A proof of "Maxie wins" on SMALL_WIN, broken in one way, and what the checker says."""
    game = ExplicitGame(SMALL_WIN)
    proof = solve_goal(game, Goal.WIN).proof
    ((move, b),) = proof.children
    c, _ = b.children
    match kind:
        case "an AND child missing":
            tree = ProofNode(proof.status, "or", ((move, ProofNode(b.status, "and", (c,))),))
            return tree, "the AND node after 0 leaves out the move 1"
        case "a leaf not won":
            after_e = game.play(game.start, 1)  # e: Minnie moves, and f is her win
            assert isinstance(after_e, Playing)
            lost: ProofNode[TreeState, int] = ProofNode(game.play(after_e.state, 0), "end")
            tree = ProofNode(proof.status, "or", ((1, ProofNode(after_e, "and", ((0, lost),))),))
            return tree, "the leaf after 1 0 is a game Maxie did not win: Minnie wins"
        case "an illegal move":
            tree = ProofNode(proof.status, "or", ((7, b),))
            return tree, "the move 7 kept at the root is not legal there"
        case "a wrong root":
            return b, "the root is not the position asked about: the tree starts at '(Minnie,b)'"
        case "two moves at an OR node":
            tree = ProofNode(proof.status, "or", ((0, b), (0, b)))
            return tree, "the OR node at the root keeps 2 moves: it must keep exactly one"
        case _:
            raise AssertionError(kind)


@pytest.mark.parametrize(
    "kind",
    [
        "an AND child missing",
        "a leaf not won",
        "an illegal move",
        "a wrong root",
        "two moves at an OR node",
    ],
)
def test_the_checker_names_the_broken_rule(kind: str) -> None:
    proof, message = broken(kind)
    with pytest.raises(ProofError) as caught:
        check_proof(ExplicitGame(SMALL_WIN), proof, goal=Goal.WIN, side=Side.Maxie)
    assert str(caught.value) == message


def test_proofs_render_as_text_and_dot() -> None:
    game = ExplicitGame(SMALL_WIN)
    proof = solve_goal(game, Goal.WIN).proof
    assert proof_to_text(game, proof) == (
        "(Maxie,a) [OR]\n  0: (Minnie,b) [AND]\n    0: Maxie wins\n    1: Maxie wins"
    )
    dot = proof_to_dot(game, proof)
    assert dot.startswith('digraph proof {\n  label="proof";')
    assert '[label="(Maxie,a)", shape=box];' in dot
    assert '[label="(Minnie,b)", shape=ellipse];' in dot
    assert dot.count("shape=octagon") == 2


class _Lookalikes(RaceToFive):
    """A user's game with attributes that only look like the solver's optional hook."""

    searched = 0  # an unrelated field, named as the hook was before it was renamed
    release_position = "not a method"


class _Releases(RaceToFive):
    def __init__(self) -> None:
        self.released: list[Race] = []

    def release_position(self, state: Race, /) -> None:
        self.released.append(state)


def test_only_a_method_named_release_position_is_told_a_position_is_done() -> None:
    plain = solve_goal(RaceToFive(), Goal.WIN)
    odd = solve_goal(_Lookalikes(), Goal.WIN)
    assert (odd.holds, odd.positions) == (plain.holds, plain.positions)
    told = _Releases()
    solution = solve_goal(told, Goal.WIN)
    assert (solution.holds, solution.positions) == (plain.holds, plain.positions)
    # Each search of a position ends with it released, the start's last; without a table
    # a position reached by more than one line is searched (and released) again: 10
    # releases of 8 positions.
    assert (len(told.released), len(set(told.released))) == (10, 8)
    assert told.released[-1] == told.start
