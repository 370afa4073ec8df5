"""Minimax, AlphaBeta and Jamboree: the handout table, models, counts and Nim."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import seq
from gamelib.core import EQUAL, Done, Draw, Outcome, Playing, Side, Winner
from gamelib.estimate import Definitely, Est, Guess, NumericEstimator, Settings, standard_compare
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.jamboree import Jamboree
from gamelib.estimate.minimax import Minimax
from gamelib.estimate.observe import CountingGame, RecordingEstimator
from gamelib.estimate.player import SearchDepthError, SearchPlayer
from gamelib.estimate.window import Action, NegInf, PosInf, chart
from gamelib.games.explicit import (
    BIG,
    CSE473,
    SMALL,
    UNEVEN,
    End,
    ExplicitGame,
    ExplicitTreeError,
    Leaf,
    Node,
    Tree,
    TreeState,
    tree_estimator,
)
from gamelib.games.nim import Nim, NimState, nim_estimate

Factory = Callable[[Settings[TreeState, int, float]], SearchPlayer[TreeState, int, float]]


@dataclass(frozen=True)
class Run:
    """What one search did on an explicit tree."""

    leaves: list[str]
    move: int
    value: Est[float]
    plays: int


def run(factory: Factory, root: Node | Leaf, depth: int) -> Run:
    game = CountingGame(ExplicitGame(root))
    est = RecordingEstimator(tree_estimator(game))
    move, value = factory(Settings(est, depth)).analyse(game.start)
    return Run([s.node.name for s in est.estimated], move, value, game.plays)


def jamboree(p: float) -> Factory:
    return lambda settings: Jamboree(settings, p)


# ---------------------------------------------------------------------------
# The handout table (reference doc), row by row


@pytest.mark.parametrize(
    ("factory", "root", "depth", "leaves", "move", "value"),
    [
        (Minimax, SMALL, 2, "c d e g h i k l m", 1, 4),
        (AlphaBeta, SMALL, 2, "c d e g h i k", 1, 4),
        (jamboree(0.5), SMALL, 2, "c d e g h i k l m", 1, 4),
        (Minimax, BIG, 4, "e f h i l m q r u v x y", 0, 3),
        (AlphaBeta, BIG, 4, "e f h l m q", 0, 3),
        (jamboree(0.5), BIG, 4, "e f h l m q", 0, 3),
        (Minimax, UNEVEN, 3, "d g i", 1, 5),
        (AlphaBeta, UNEVEN, 3, "d g i", 1, 5),
        (Minimax, CSE473, 2, "c d e g h i k l m", 0, 3),
        (AlphaBeta, CSE473, 2, "c d e g k l m", 0, 3),
    ],
    ids=[
        "minimax-small",
        "alphabeta-small",
        "jamboree-small",
        "minimax-big",
        "alphabeta-big",
        "jamboree-big",
        "minimax-uneven",
        "alphabeta-uneven",
        "minimax-cse473",
        "alphabeta-cse473",
    ],
)
def test_handout_table(
    factory: Factory, root: Node, depth: int, leaves: str, move: int, value: int
) -> None:
    result = run(factory, root, depth)
    assert result.leaves == leaves.split()
    assert result.move == move
    assert result.value == Guess(value)


def test_cse473_alphabeta_skips_the_leaves_4_and_6() -> None:
    game = ExplicitGame(CSE473)
    est = RecordingEstimator(tree_estimator(game))
    AlphaBeta(Settings(est, 2)).next_move(game.start)
    values = [s.node.value for s in est.estimated]
    assert values == [3, 12, 8, 2, 14, 5, 2]


def test_next_move_is_move_of_analyse() -> None:
    game = ExplicitGame(BIG)
    for factory in (Minimax, AlphaBeta, jamboree(0.3)):
        player = factory(Settings(tree_estimator(game), 4))
        assert player.next_move(game.start) == player.analyse(game.start)[0] == 0
        assert player.game is game


# ---------------------------------------------------------------------------
# Random trees: every search agrees with Minimax


@st.composite
def trees_and_depths(draw: st.DrawFn) -> tuple[Node, int]:
    """A random tree whose numbered leaves all lie at or below the search depth.

    Branching 1-4, uneven depths (inner nodes past the horizon, finished games
    at any depth), values from a small range so that ties are frequent.
    """
    depth = draw(st.integers(1, 6))
    budget = [draw(st.integers(8, 120))]
    names = itertools.count()
    values = st.integers(-3, 3)

    def node(level: int) -> Tree:
        name = f"n{next(names)}"
        budget[0] -= 1
        out_of_budget = budget[0] <= 0
        if level > 0 and (draw(st.integers(0, 9)) == 0 or (out_of_budget and level < depth)):
            return End(name, draw(st.sampled_from(OUTCOMES)))
        if level >= depth and (out_of_budget or level >= depth + 2 or draw(st.booleans())):
            return Leaf(name, draw(values))
        width = draw(st.integers(1, 4))
        children = tuple(node(level + 1) for _ in range(width))
        return Node(name, children, draw(values))

    root = node(0)
    assert isinstance(root, Node)
    return root, depth


OUTCOMES: list[Outcome] = [Winner(Side.Maxie), Winner(Side.Minnie), Draw()]


def outcome_score(outcome: Outcome) -> float:
    match outcome:
        case Winner(side):
            return math.inf if side is Side.Maxie else -math.inf
        case Draw():
            return 0
        case _:
            assert_never(outcome)


def order_equal(a: Est[float], b: Est[float]) -> bool:
    return tree_estimator(ExplicitGame(SMALL)).compare(a, b) is EQUAL


def is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(x in it for x in short)


@given(trees_and_depths(), st.floats(0, 1))
def test_every_search_agrees_with_minimax(case: tuple[Node, int], p: float) -> None:
    root, depth = case
    mm = run(Minimax, root, depth)
    ab = run(AlphaBeta, root, depth)
    jb = run(jamboree(p), root, depth)
    for other in (ab, jb):
        assert other.move == mm.move
        assert order_equal(other.value, mm.value)
    assert is_subsequence(ab.leaves, mm.leaves)
    assert len(set(ab.leaves)) == len(ab.leaves)
    assert is_subsequence(jb.leaves, mm.leaves)
    assert ab.plays <= jb.plays or p < 1


@given(trees_and_depths())
def test_jamboree_extremes_are_minimax_and_alphabeta(case: tuple[Node, int]) -> None:
    root, depth = case
    assert run(jamboree(0), root, depth).leaves == run(Minimax, root, depth).leaves
    assert run(jamboree(1), root, depth).leaves == run(AlphaBeta, root, depth).leaves


@given(trees_and_depths())
def test_minimax_value_is_the_textbook_minimax_value(case: tuple[Node, int]) -> None:
    """Plain recursion over the tree (CSE 473's MINIMAX-VALUE) as the model of the model."""
    root, depth = case

    def value(tree: Tree, side: Side, d: int) -> float:
        match tree:
            case End(_, outcome):
                return outcome_score(outcome)
            case Leaf(_, v):
                return v
            case Node(_, children, v):
                if d == 0:
                    return v
                other = Side.Minnie if side is Side.Maxie else Side.Maxie
                vals = [value(c, other, d - 1) for c in children]
                return max(vals) if side is Side.Maxie else min(vals)
            case _:
                assert_never(tree)

    expected = value(root, Side.Maxie, depth)
    got = run(Minimax, root, depth).value
    match got:
        case Guess(g):
            assert g == expected
        case Definitely(outcome):
            assert outcome_score(outcome) == expected
        case _:
            assert_never(got)


# ---------------------------------------------------------------------------
# Knuth & Moore (1975): perfectly ordered uniform trees


def perfectly_ordered_tree(b: int, d: int, rng: random.Random) -> Node:
    """A uniform tree with distinct leaf values, children sorted best-first."""
    values = iter(rng.sample(range(10 * b**d), b**d))
    names = itertools.count()

    def build(level: int, side: Side) -> tuple[Tree, int]:
        name = f"n{next(names)}"
        if level == d:
            v = next(values)
            return Leaf(name, v), v
        other = Side.Minnie if side is Side.Maxie else Side.Maxie
        kids = [build(level + 1, other) for _ in range(b)]
        kids.sort(key=lambda kv: kv[1], reverse=side is Side.Maxie)
        best = kids[0][1]
        return Node(name, tuple(k for k, _ in kids)), best

    root, _ = build(0, Side.Maxie)
    assert isinstance(root, Node)
    return root


@pytest.mark.parametrize("b", [2, 3, 4, 5])
@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6])
def test_knuth_moore_minimal_tree(b: int, d: int) -> None:
    root = perfectly_ordered_tree(b, d, random.Random(b * 100 + d))
    expected = b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    assert len(run(AlphaBeta, root, d).leaves) == expected
    assert len(run(Minimax, root, d).leaves) == b**d


# ---------------------------------------------------------------------------
# Nim with its perfect estimator


def side_to_move_wins(pebbles: int) -> bool:
    return pebbles % 4 != 1


def always_wins(player: SearchPlayer[NimState, int, float], game: Nim) -> bool:
    """Maxie (``player``) wins every line against every Minnie reply: exhaustive,
    memoised on states since the player is deterministic."""

    @functools.cache
    def wins(state: NimState) -> bool:
        if state.side is Side.Maxie:
            replies = [player.next_move(state)]
            combine = all
        else:
            replies = seq.to_list(game.moves(state))
            combine = all
        results = []
        for move in replies:
            match game.play(state, move):
                case Playing(next_state):
                    results.append(wins(next_state))
                case Done(outcome):
                    results.append(outcome == Winner(Side.Maxie))
        return combine(results)

    return wins(game.start)


@pytest.mark.parametrize("factory", [Minimax, AlphaBeta], ids=["minimax", "alphabeta"])
@pytest.mark.parametrize("depth", [1, 5])
def test_nim_search_players_win_from_every_winning_pile(
    factory: Callable[[Settings[NimState, int, float]], SearchPlayer[NimState, int, float]],
    depth: int,
) -> None:
    for pile in range(1, 41):
        game = Nim(pile=pile)
        player = factory(Settings(NumericEstimator(game, nim_estimate), depth))
        assert always_wins(player, game) is side_to_move_wins(pile), pile


@pytest.mark.parametrize(
    "factory", [Minimax, AlphaBeta, functools.partial(Jamboree, prune_percentage=0.5)]
)
def test_nim_from_fifteen_takes_two(
    factory: Callable[[Settings[NimState, int, float]], SearchPlayer[NimState, int, float]],
) -> None:
    game = Nim()
    player = factory(Settings(NumericEstimator(game, nim_estimate), 5))
    assert player.next_move(game.start) == 2
    assert player.analyse(game.start) == (2, Guess(1))


def test_nim_full_depth_finds_definite_outcomes() -> None:
    game = Nim(pile=6)
    player = Minimax(Settings(NumericEstimator(game, nim_estimate), 6))
    assert player.analyse(game.start) == (1, Definitely(Winner(Side.Maxie)))
    loser = AlphaBeta(Settings(NumericEstimator(Nim(pile=5), nim_estimate), 5))
    assert loser.analyse(Nim(pile=5).start) == (1, Definitely(Winner(Side.Minnie)))


# ---------------------------------------------------------------------------
# Errors and wrappers


@pytest.mark.parametrize("p", [-0.1, 1.5, math.nan])
def test_jamboree_rejects_bad_percentages(p: float) -> None:
    with pytest.raises(ValueError, match="prune percentage must be between 0 and 1"):
        Jamboree(Settings(tree_estimator(ExplicitGame(SMALL)), 2), p)


@pytest.mark.parametrize(
    "factory", [Minimax, AlphaBeta, functools.partial(Jamboree, prune_percentage=0.5)]
)
def test_too_deep_a_search_is_a_clear_error(
    factory: Callable[[Settings[NimState, int, float]], SearchPlayer[NimState, int, float]],
) -> None:
    game = Nim(pile=100_000)
    player = factory(Settings(NumericEstimator(game, nim_estimate), 50_000))
    with pytest.raises(SearchDepthError, match="search of depth 50000 goes deeper"):
        player.next_move(game.start)


def test_searching_past_a_leaf_is_a_clear_error() -> None:
    player = AlphaBeta(Settings(tree_estimator(ExplicitGame(SMALL)), 3))
    with pytest.raises(ExplicitTreeError, match=r"\(Maxie,c\) is a leaf"):
        player.next_move(ExplicitGame(SMALL).start)


def test_counting_game_counts_positions_visited() -> None:
    # Small, depth 2: Minimax plays 3 + 9 moves; AlphaBeta prunes l and m.
    assert run(Minimax, SMALL, 2).plays == 12
    assert run(AlphaBeta, SMALL, 2).plays == 10
    # Big: every node but the root for Minimax.
    assert run(Minimax, BIG, 4).plays == 24


def test_search_players_print_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    for factory in (Minimax, AlphaBeta, jamboree(0.5)):
        run(factory, BIG, 4)
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(
    ("side", "x", "expected"),
    [
        (Side.Maxie, 1, Action.IGNORE),
        (Side.Maxie, 2, Action.IGNORE),  # x = α
        (Side.Maxie, 3, Action.UPDATE_ALPHA),
        (Side.Maxie, 5, Action.PRUNE),  # x = β
        (Side.Maxie, 6, Action.PRUNE),
        (Side.Minnie, 1, Action.PRUNE),
        (Side.Minnie, 2, Action.PRUNE),  # x = α
        (Side.Minnie, 3, Action.UPDATE_BETA),
        (Side.Minnie, 5, Action.IGNORE),  # x = β
        (Side.Minnie, 6, Action.IGNORE),
    ],
)
def test_the_lecture_chart(side: Side, x: int, expected: Action) -> None:
    assert chart(side, Guess(x), Guess(2), Guess(5), standard_compare) is expected


def test_the_chart_with_infinite_bounds() -> None:
    win = Definitely(Winner(Side.Maxie))
    loss = Definitely(Winner(Side.Minnie))
    assert chart(Side.Maxie, win, NegInf, PosInf, standard_compare) is Action.UPDATE_ALPHA
    assert chart(Side.Minnie, loss, NegInf, PosInf, standard_compare) is Action.UPDATE_BETA
