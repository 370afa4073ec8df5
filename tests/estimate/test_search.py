"""Minimax, AlphaBeta and Jamboree: the handout table, models, counts and Nim."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import assert_never

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import (
    AlphaBeta,
    Definitely,
    Done,
    Game,
    Guess,
    JamboreeSettings,
    Minimax,
    NumericEstimator,
    Player,
    Playing,
    Settings,
    Side,
    Status,
    Winner,
    seq,
)
from gamelib.core.estimator import Est
from gamelib.core.window import (
    CHART,
    Action,
    Infinity,
    NegInf,
    PosInf,
    above,
    below,
    chart,
    column,
)
from gamelib.estimate import standard_compare
from gamelib.games.explicit import (
    BIG,
    CSE473,
    SMALL,
    UNEVEN,
    WIKIPEDIA,
    ExplicitGame,
    ExplicitTreeError,
    Node,
    TreeState,
    tree_estimator,
)
from gamelib.games.nim import Nim, NimState, nim_estimate
from gamelib.search import (
    Cut,
    Enter,
    Leave,
    MoveOrderError,
    NoMovesError,
    RecordingEstimator,
    SearchDepthError,
    SearchEvent,
)
from gamelib.search.events import Window
from gamelib.seq import Seq
from tests.helpers import (
    Factory,
    is_subsequence,
    jamboree,
    order_equal,
    perfectly_ordered_tree,
    run,
    score,
    tree_value,
)
from tests.strategies import trees_and_depths

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
        (Minimax, WIKIPEDIA, 4, "e f h i j m q s t w aa ad ae ag", 1, 6),
        (AlphaBeta, WIKIPEDIA, 4, "e f h i m q s w aa", 1, 6),
        (jamboree(0.5), WIKIPEDIA, 4, "e f h i j m q s w aa ad ae", 1, 6),
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
        "minimax-wikipedia",
        "alphabeta-wikipedia",
        "jamboree-wikipedia",
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


def test_alphabeta_greys_out_what_wikipedias_figure_greys_out() -> None:
    # The figure's leaves, left to right, are 5 6 7 4 5 3 6 6 9 7 5 9 8 6; its grey ones
    # are the third 5, the 9 beside a 6, and the last subtree's 9 8 6.
    game = ExplicitGame(WIKIPEDIA)
    every = RecordingEstimator(tree_estimator(game))
    Minimax(Settings(every, 4)).next_move(game.start)
    assert [s.node.value for s in every.estimated] == [5, 6, 7, 4, 5, 3, 6, 6, 9, 7, 5, 9, 8, 6]
    pruned = RecordingEstimator(tree_estimator(game))
    AlphaBeta(Settings(pruned, 4)).next_move(game.start)
    assert [s.node.value for s in pruned.estimated] == [5, 6, 7, 4, 3, 6, 6, 7, 5]


def test_next_move_is_move_of_analyse() -> None:
    game = ExplicitGame(BIG)
    for factory in (Minimax, AlphaBeta, jamboree(0.3)):
        player = factory(Settings(tree_estimator(game), 4))
        assert player.next_move(game.start) == player.analyse(game.start)[0] == 0
        assert player.game is game


# ---------------------------------------------------------------------------
# Random trees: every search agrees with Minimax


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
    # Jamboree's later moves see a window no narrower than AlphaBeta's would be, and a
    # wider window never prunes more: it visits at least what AlphaBeta visits.
    assert ab.plays <= jb.plays <= mm.plays
    assert not Counter(ab.leaves) - Counter(jb.leaves)


@given(trees_and_depths())
def test_jamboree_extremes_are_minimax_and_alphabeta(case: tuple[Node, int]) -> None:
    root, depth = case
    assert run(jamboree(0), root, depth).leaves == run(Minimax, root, depth).leaves
    assert run(jamboree(1), root, depth).leaves == run(AlphaBeta, root, depth).leaves


@given(trees_and_depths())
def test_minimax_value_is_the_textbook_minimax_value(case: tuple[Node, int]) -> None:
    """Plain recursion over the tree (CSE 473's MINIMAX-VALUE) as the model of the model."""
    root, depth = case
    assert score(run(Minimax, root, depth).value) == tree_value(root, Side.Maxie, depth)


# ---------------------------------------------------------------------------
# Knuth & Moore (1975): perfectly ordered uniform trees


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


def always_wins(player: Player[NimState, int], game: Nim) -> bool:
    """Maxie (``player``) wins every line against every Minnie reply: exhaustive,
    memoised on states since the player is deterministic."""

    def after(state: NimState, move: int) -> bool:
        match game.play(state, move):
            case Playing(next_state):
                return wins(next_state)
            case Done(outcome):
                return outcome == Winner(Side.Maxie)
            case _:
                assert_never(game.play(state, move))

    @functools.cache
    def wins(state: NimState) -> bool:
        if state.side is Side.Maxie:
            return after(state, player.next_move(state))  # the player's one choice
        return all(after(state, move) for move in seq.to_list(game.moves(state)))  # every reply

    return wins(game.start)


@dataclass(frozen=True)
class TakesOne:
    """A Nim player that always takes one pebble: it loses from most winning piles."""

    game: Game[NimState, int]

    def next_move(self, state: NimState, /) -> int:
        return 1


def test_always_wins_can_tell_a_bad_player() -> None:
    # The check the next test relies on: from 3 (a win: take 2) taking one lets Minnie
    # leave one pebble; from 5 (a loss) nobody wins against every reply.
    for pile, expected in ((1, False), (2, True), (3, False), (4, False), (5, False)):
        game = Nim(pile=pile)
        assert always_wins(TakesOne(game), game) is expected, pile


@pytest.mark.parametrize("factory", [Minimax, AlphaBeta], ids=["minimax", "alphabeta"])
@pytest.mark.parametrize("depth", [1, 5])
def test_nim_search_players_win_from_every_winning_pile(factory: Factory, depth: int) -> None:
    for pile in range(1, 41):
        game = Nim(pile=pile)
        player = factory(Settings(NumericEstimator(game, nim_estimate), depth))
        assert always_wins(player, game) is side_to_move_wins(pile), pile


@pytest.mark.parametrize("factory", [Minimax, AlphaBeta, jamboree(0.5)])
def test_nim_from_fifteen_takes_two(factory: Factory) -> None:
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
        JamboreeSettings(tree_estimator(ExplicitGame(SMALL)), 2, p)


@pytest.mark.parametrize("p", ["0.5", True, None])
def test_jamboree_rejects_percentages_that_are_not_numbers(p: object) -> None:
    with pytest.raises(TypeError, match=f"prune percentage must be a number, got {p!r}"):
        JamboreeSettings(tree_estimator(ExplicitGame(SMALL)), 2, p)  # type: ignore[arg-type]


def test_jamboree_settings_are_settings_with_the_percentage() -> None:
    est = tree_estimator(ExplicitGame(SMALL))
    settings = JamboreeSettings(est, 2, 0.25)
    assert isinstance(settings, Settings)
    assert (settings.estimator, settings.search_depth, settings.prune_percentage) == (est, 2, 0.25)
    with pytest.raises(ValueError, match="at least 1, got 0"):
        JamboreeSettings(est, 0, 0.5)


@pytest.mark.parametrize("factory", [Minimax, AlphaBeta, jamboree(0.5)])
def test_too_deep_a_search_is_a_clear_error(factory: Factory) -> None:
    game = Nim(pile=1000)  # deeper than a search of any kind gets at the default limit
    player = factory(Settings(NumericEstimator(game, nim_estimate), 50_000))
    with pytest.raises(SearchDepthError, match="search of depth 50000 goes deeper"):
        player.next_move(game.start)


@dataclass(frozen=True)
class Stuck:
    """A broken game: after one move it is still being played but offers no moves."""

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> Side:
        return Side.Maxie if state == 0 else Side.Minnie

    def moves(self, state: int, /) -> Seq[int]:
        return seq.from_iterable([1] if state == 0 else [])

    def play(self, state: int, move: int, /) -> Status[int]:
        return Playing(state + move)

    def state_to_string(self, state: int, /) -> str:
        return f"stuck at {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return None


@pytest.mark.parametrize("factory", [Minimax, AlphaBeta, jamboree(0.5), jamboree(0)])
def test_no_moves_in_a_playing_state_is_the_same_clear_error(factory: Factory) -> None:
    game = Stuck()
    player = factory(Settings(NumericEstimator(game, float), 3))
    with pytest.raises(NoMovesError) as caught:
        player.next_move(game.start)
    assert str(caught.value) == (
        "the game offered no moves in a state still being played: 'stuck at 1'"
    )


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


# ---------------------------------------------------------------------------
# The chart, and the move loop that applies it


@pytest.mark.parametrize(
    ("side", "x", "expected"),
    [
        (Side.Maxie, 1, "ignore"),
        (Side.Maxie, 2, "ignore"),  # x = α
        (Side.Maxie, 3, "update α"),
        (Side.Maxie, 5, "prune"),  # x = β
        (Side.Maxie, 6, "prune"),
        (Side.Minnie, 1, "prune"),
        (Side.Minnie, 2, "prune"),  # x = α
        (Side.Minnie, 3, "update β"),
        (Side.Minnie, 5, "ignore"),  # x = β
        (Side.Minnie, 6, "ignore"),
    ],
)
def test_the_lecture_chart(side: Side, x: int, expected: Action) -> None:
    assert chart(side, Guess(x), Guess(2), Guess(5), standard_compare) == expected


def test_the_chart_is_the_slide_s_table() -> None:
    """Two rows of three columns, as on the slide: x <= α, α < x < β, β <= x."""
    assert {
        Side.Maxie: ("ignore", "update α", "prune"),
        Side.Minnie: ("prune", "update β", "ignore"),
    } == CHART


BOUNDS = st.one_of(
    st.sampled_from([NegInf, PosInf]), st.integers(-3, 3).map(lambda g: Guess(float(g)))
)


@given(st.integers(-3, 3), BOUNDS, BOUNDS)
def test_a_value_s_column_agrees_with_the_order_of_bounds(
    x: int, alpha: Infinity | Guess[float], beta: Infinity | Guess[float]
) -> None:
    """`column` (the chart's) and `below`/`above` (every other search's) are one order."""
    value = Guess(float(x))
    expected = (
        0
        if not above(value, alpha, standard_compare)
        else 1
        if below(value, beta, standard_compare)
        else 2
    )
    assert column(value, alpha, beta, standard_compare) == expected


def test_the_chart_with_infinite_bounds() -> None:
    win = Definitely(Winner(Side.Maxie))
    loss = Definitely(Winner(Side.Minnie))
    assert chart(Side.Maxie, win, NegInf, PosInf, standard_compare) == "update α"
    assert chart(Side.Minnie, loss, NegInf, PosInf, standard_compare) == "update β"


@dataclass
class Searched:
    """One position of an observed search: how it was entered and what its children did."""

    enter: Enter[TreeState, int, Window[float]]
    children: list[tuple[Enter[TreeState, int, Window[float]], Leave[int, Est[float]]]]
    cut: Cut[int, Est[float]] | None = None


def searched_positions(events: list[SearchEvent[TreeState, int, float]]) -> list[Searched]:
    """Every position that had children, with its children's entries and values."""
    stack: list[Searched] = []
    done: list[Searched] = []
    for event in events:
        match event:
            case Enter():
                stack.append(Searched(event, []))
            case Leave():
                node = stack.pop()
                if stack:
                    stack[-1].children.append((node.enter, event))
                if node.children:
                    done.append(node)
            case Cut():
                stack[-1].cut = event
            case _:
                raise AssertionError(f"AlphaBeta reported {event}")
    return done


def same_bound(
    a: Infinity | Definitely | Guess[float], b: Infinity | Definitely | Guess[float]
) -> bool:
    if isinstance(a, Infinity) or isinstance(b, Infinity):
        return a is b
    return standard_compare(a, b) is standard_compare(b, a)  # EQUAL both ways


@given(trees_and_depths())
def test_every_decision_of_the_move_loop_is_the_charts(case: tuple[Node, int]) -> None:
    """The chart decides, child by child: the next child's window, or the cut, shows it."""
    root, depth = case
    events: list[SearchEvent[TreeState, int, float]] = []
    game = ExplicitGame(root)
    AlphaBeta(Settings(tree_estimator(game), depth), observer=events.append).analyse(game.start)
    decisions: Counter[Action] = Counter()
    assert isinstance(events[0], Enter)
    assert isinstance(events[-1], Leave)
    assert searched_positions(events), "the root at least has children"
    for node in searched_positions(events):
        side = node.enter.side
        assert isinstance(side, Side)
        for i, (child, left) in enumerate(node.children):
            assert child.window is not None
            alpha, beta = child.window
            action = chart(side, left.value, alpha, beta, standard_compare)
            decisions[action] += 1
            last = i == len(node.children) - 1
            if action == "prune":
                assert last, "the loop goes on after the chart says prune"
                assert node.cut is not None
                assert node.cut.move == child.move
                continue
            if last:
                assert node.cut is None, "a cut the chart did not call for"
                continue
            following = node.children[i + 1][0].window
            assert following is not None
            expected = {
                "ignore": (alpha, beta),
                "update α": (left.value, beta),
                "update β": (alpha, left.value),
            }[action]
            assert same_bound(following[0], expected[0]), (action, following, expected)
            assert same_bound(following[1], expected[1]), (action, following, expected)
    assert decisions["prune"] == sum(1 for e in events if isinstance(e, Cut))
    assert sum(decisions.values()) == sum(1 for e in events if isinstance(e, Enter)) - 1


def test_a_move_order_that_drops_a_move_is_refused() -> None:
    def drop_first(state: TreeState, moves: Seq[int]) -> Seq[int]:
        return seq.drop(moves, 1)

    est = tree_estimator(ExplicitGame(SMALL))
    for factory in (Minimax, AlphaBeta, jamboree(0.5)):
        player = factory(Settings(est, 2, order=drop_first))
        with pytest.raises(MoveOrderError) as caught:
            player.analyse(est.game.start)
        assert str(caught.value) == (
            "the move order gave 2 moves where the game offers 3, in '(Maxie,a)': "
            "it may reorder the moves, not add or drop any"
        )
