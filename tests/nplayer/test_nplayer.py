"""n players: max^n against a model, the tie rule, shallow pruning, paranoid search, trees,
three-player take-away against brute force, traces, and bad input."""

from __future__ import annotations

import functools
import io
import re
import types
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import AlphaBeta, Guess, Minimax, seq
from gamelib.core import IllegalMoveError, InputClosedError, Playing
from gamelib.core.controller import play_out
from gamelib.core.estimator import Est
from gamelib.core.human import HumanPlayer
from gamelib.core.tree_games import TreeState
from gamelib.core.trees import Leaf, Node, Tree, TreeError, TreeSyntaxError
from gamelib.games.takeaway import TakeAway, TakeAwayState, takeaway_estimator
from gamelib.nplayer import (
    CSE473,
    CSE473_TEXT,
    END,
    Ended,
    EndMove,
    Finished,
    MaxN,
    NPlayerGame,
    NSettings,
    NStatus,
    Number,
    Paranoid,
    ParanoidGame,
    PlayerCountError,
    PlayerNumberError,
    ShallowBoundError,
    ShallowMaxN,
    ShallowSettings,
    TreeGame,
    UtilityLengthError,
    Vector,
    VectorEstimator,
    count_leaves,
    paranoid_player,
    paranoid_settings,
    parse_tree,
    tree_estimator,
    tree_to_text,
)
from gamelib.nplayer.game import NPlayerTurns, check_vector
from gamelib.search import SearchDepthError, SearchPlayer
from gamelib.search.events import BoundKind, Enter, SearchEvent, SearchObserver
from gamelib.seq import Seq
from gamelib.trace import trace, trace_to_dot, trace_to_text
from tests.outside import DOT, not_run
from tests.strategies.nplayer import nplayer_trees

FAST = settings(max_examples=300, deadline=None)
S = TypeVar("S")
M = TypeVar("M")
ONE: Est[Number] = Guess(1)


# --------------------------------------------------------------------------
# Models written here, independently of gamelib.nplayer.maxn


def model_maxn(tree: Tree[Vector], player: int, depth: int, n: int) -> tuple[int | None, Vector]:
    """max^n by its definition: every child's vector, then Python's ``max`` by the mover's
    component, which returns the first of equal maxima (the documented tie rule)."""
    if isinstance(tree, Leaf):
        return None, tree.value
    assert isinstance(tree, Node)  # an n-player tree has no chance nodes or ends
    if depth == 0:
        return None, tree.value if tree.value is not None else (0,) * n
    values = [model_maxn(c, (player + 1) % n, depth - 1, n)[1] for c in tree.children]
    best = max(range(len(values)), key=lambda i: values[i][player])
    return best, values[best]


def model_paranoid(
    tree: Tree[Vector], player: int, depth: int, n: int, me: int
) -> tuple[int | None, Number]:
    """Two-player minimax for ``me`` against everyone else: ``me`` maximises its own
    utility, the others minimise it; the first of equals wins."""
    if isinstance(tree, Leaf):
        return None, tree.value[me]
    assert isinstance(tree, Node)
    if depth == 0:
        return None, tree.value[me] if tree.value is not None else 0
    values = [model_paranoid(c, (player + 1) % n, depth - 1, n, me)[1] for c in tree.children]
    pick = max if player == me else min
    best = pick(range(len(values)), key=lambda i: values[i])
    return best, values[best]


def leaves_within(tree: Tree[Vector], depth: int) -> int:
    """The leaves plain max^n evaluates: every line to the depth or to its end."""
    if isinstance(tree, Leaf) or depth == 0:
        return 1
    assert isinstance(tree, Node)
    return sum(leaves_within(c, depth - 1) for c in tree.children)


def settings_for(root: Node[Vector], depth: int) -> NSettings[TreeState[Vector], int]:
    return NSettings(tree_estimator(TreeGame(root)), depth)


# --------------------------------------------------------------------------
# max^n


@FAST
@given(nplayer_trees(players=3))
def test_maxn_equals_the_model_on_three_player_trees(case: tuple[Node[Vector], int]) -> None:
    root, depth = case
    s = settings_for(root, depth)
    move, vector, leaves = count_leaves(MaxN, s, s.estimator.game.start)
    assert (move, vector) == model_maxn(root, 0, depth, 3)
    assert leaves == leaves_within(root, depth)


@FAST
@given(nplayer_trees(players=4))
def test_maxn_equals_the_model_on_four_player_trees(case: tuple[Node[Vector], int]) -> None:
    root, depth = case
    s = settings_for(root, depth)
    assert MaxN(s).analyse(s.estimator.game.start) == model_maxn(root, 0, depth, 4)


def test_the_generated_trees_do_have_ties() -> None:
    """The model agreement above covers ties: small utilities make them common."""
    ties = 0

    @settings(max_examples=100, deadline=None)
    @given(nplayer_trees(players=3))
    def count(case: tuple[Node[Vector], int]) -> None:
        nonlocal ties
        stack: list[tuple[Tree[Vector], int]] = [(case[0], 0)]
        while stack:
            tree, player = stack.pop()
            if isinstance(tree, Node):
                firsts = [c.value[player] for c in tree.children if isinstance(c, Leaf)]
                ties += len(firsts) != len(set(firsts))
                stack.extend((c, (player + 1) % 3) for c in tree.children)

    count()
    assert ties > 20


def test_a_tie_keeps_the_first_move() -> None:
    # A gets 1 either way; B prefers move 1's (1,0,5)? no: B's component is 5 at move 0.
    root = parse_tree("a[b(1,5,0), c(1,0,5), d(0,9,9)]")
    assert MaxN(settings_for(root, 1)).analyse(TreeGame(root).start) == (0, (1, 5, 0))
    swapped = parse_tree("a[c(1,0,5), b(1,5,0), d(0,9,9)]")
    assert MaxN(settings_for(swapped, 1)).analyse(TreeGame(swapped).start) == (0, (1, 0, 5))
    later = parse_tree("a[b(1,5,0), c(2,0,5)]")
    assert MaxN(settings_for(later, 1)).analyse(TreeGame(later).start) == (1, (2, 0, 5))


def test_the_cse473_tree_by_hand() -> None:
    """Worked by hand: C takes d at c (a tie at 5: the first), h at f, k at j, n at m (a tie
    at 3); B takes c (2 > 1) and j (7 > 3); A takes b (3 > 1): (3,2,5) by move 0."""
    s = settings_for(CSE473, 3)
    start = s.estimator.game.start
    assert count_leaves(MaxN, s, start) == (0, (3, 2, 5), 8)
    game = TreeGame(CSE473)
    i = game.play(start, 1)
    assert isinstance(i, Playing)
    assert MaxN(s).analyse(i.state) == (0, (1, 7, 2))
    m = game.play(i.state, 1)
    assert isinstance(m, Playing)
    assert MaxN(s).analyse(m.state) == (0, (4, 3, 3))


def test_depth_limited_maxn_uses_the_inner_estimates() -> None:
    root = parse_tree("a[b(-1,3,0)[c(9,0,0)], d[e(1,1,1)]]")
    s = settings_for(root, 1)
    assert MaxN(s).analyse(TreeGame(root).start) == (1, (0, 0, 0))  # d has no estimate: zeros
    assert MaxN(settings_for(root, 2)).analyse(TreeGame(root).start) == (0, (9, 0, 0))


def test_with_two_zero_sum_players_maxn_is_minimax() -> None:
    root = parse_tree("a[b[c(3,-3), d(6,-6)], f[g(6,-6), h(4,-4)], j[k(1,-1), l(9,-9)]]")
    assert MaxN(settings_for(root, 2)).analyse(TreeGame(root).start) == (1, (4, -4))


# --------------------------------------------------------------------------
# Shallow pruning


@FAST
@given(st.integers(3, 4).flatmap(lambda n: nplayer_trees(players=n, total=4)))
def test_shallow_pruning_never_changes_the_move_or_vector(case: tuple[Node[Vector], int]) -> None:
    root, depth = case
    plain = settings_for(root, depth)
    start = plain.estimator.game.start
    move, vector, leaves = count_leaves(MaxN, plain, start)
    shallow = ShallowSettings(plain.estimator, depth, 4)
    pruned_move, pruned_vector, pruned_leaves = count_leaves(ShallowMaxN, shallow, start)
    assert (pruned_move, pruned_vector) == (move, vector)
    assert pruned_leaves <= leaves


def test_shallow_pruning_saves_leaves_on_generated_trees() -> None:
    """Not just never worse: across many generated constant-sum trees it saves some."""
    saved = [0, 0]

    @settings(max_examples=150, deadline=None)
    @given(nplayer_trees(players=3, total=2))
    def run(case: tuple[Node[Vector], int]) -> None:
        root, depth = case
        plain = settings_for(root, depth)
        start = plain.estimator.game.start
        shallow = ShallowSettings(plain.estimator, depth, 2)
        saved[0] += count_leaves(MaxN, plain, start)[2]
        saved[1] += count_leaves(ShallowMaxN, shallow, start)[2]

    run()
    assert saved[1] < saved[0]


def test_shallow_pruning_on_the_cse473_tree_skips_m() -> None:
    s = ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10)
    t = trace(ShallowMaxN, s)
    assert [n.status.utilities for n in t.leaves() if isinstance(n.status, Finished)] == [
        (3, 2, 5), (1, 4, 5), (2, 6, 2), (5, 1, 4), (1, 7, 2), (3, 6, 1)
    ]  # fmt: skip
    cut = [n for n in t.nodes() if n.pruned]
    assert len(cut) == 1
    assert (cut[0].path, cut[0].pruned, cut[0].bound) == ((1,), (1,), BoundKind.LOWER)


def test_shallow_pruning_does_not_cut_when_the_same_player_moves_twice() -> None:
    """Korf's argument needs two different players; a game where one player moves twice in a
    row must not be cut on it.  Here A moves at a and again at b (two players, one turn
    skipped by the game); cutting b would lose its better second move."""

    @dataclass(frozen=True)
    class Twice:
        names: tuple[str, ...] = ("A", "B")

        @property
        def start(self) -> str:
            return "a"

        def player(self, state: str, /) -> int:
            return 0

        def moves(self, state: str, /) -> Seq[int]:
            return seq.from_iterable((0, 1))

        def play(self, state: str, move: int, /) -> NStatus[str]:
            if state == "a":
                return Playing("b") if move == 1 else Finished((1, 1))
            return Finished((1, 1) if move == 0 else (2, 0))

        def state_to_string(self, state: str, /) -> str:
            return state

        def move_to_string(self, move: int, /) -> str:
            return str(move)

        def parse_move(self, state: str, text: str, /) -> int | None:
            return None

    game: NPlayerGame[str, int] = Twice()
    estimator = VectorEstimator(game, lambda s: (1, 1))
    assert MaxN(NSettings(estimator, 2)).analyse("a") == (1, (2, 0))
    assert ShallowMaxN(ShallowSettings(estimator, 2, 2)).analyse("a") == (1, (2, 0))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a[b(1,2,3), c(0,0,1)]", "summing to at most 4, but the end after the move 0 has the "
         "vector (1,2,3)"),
        ("a[b(1,-1,3), c(0,0,1)]", "the end after the move 0 has the vector (1,-1,3)"),
        ("a[b(1,0,2), c(5,0,0)[d(0,0,1)]]", "the estimate of '(B,c)' has the vector (5,0,0)"),
    ],
)  # fmt: skip
def test_shallow_pruning_rejects_vectors_outside_its_bounds(text: str, message: str) -> None:
    root = parse_tree(text)
    s = ShallowSettings(tree_estimator(TreeGame(root)), 1, 4)
    with pytest.raises(ShallowBoundError) as caught:
        ShallowMaxN(s).analyse(s.estimator.game.start)
    assert message in str(caught.value)


def test_shallow_settings_reject_a_negative_total() -> None:
    estimator = tree_estimator(TreeGame(CSE473))
    with pytest.raises(ShallowBoundError, match="at least 0, got -1"):
        ShallowSettings(estimator, 2, -1)
    with pytest.raises(ShallowBoundError, match="at least 0, got nan"):
        ShallowSettings(estimator, 2, float("nan"))
    with pytest.raises(ShallowBoundError, match="must be a number, got ten"):
        ShallowSettings(estimator, 2, "ten")  # type: ignore[arg-type]  # the bad input tested


# --------------------------------------------------------------------------
# Paranoid


@FAST
@given(nplayer_trees(), st.integers(0, 3))
def test_paranoid_equals_two_player_minimax_on_the_reduction(
    case: tuple[Node[Vector], int], who: int
) -> None:
    root, depth = case
    s = settings_for(root, depth)
    n = s.players
    me = who % n
    expected = model_paranoid(root, 0, depth, n, me)
    reduced = paranoid_settings(s, me)
    start = reduced.estimator.game.start
    for factory in (Minimax, AlphaBeta):
        move, value = factory(reduced).analyse(start)
        assert isinstance(value, Guess)
        assert (move, value.guess) == expected
    if me == 0:
        assert Paranoid(s).analyse(TreeGame(root).start) == expected


def test_paranoid_plays_for_whoever_is_to_move() -> None:
    s = settings_for(CSE473, 3)
    game = TreeGame(CSE473)
    b = game.play(game.start, 0)
    assert isinstance(b, Playing)
    # B at b, paranoid: c leaves B min(2, 4) = 2, f leaves B min(6, 1) = 1.
    assert Paranoid(s).analyse(b.state) == (0, 2)
    assert Paranoid(s).analyse(game.start) == (0, 1)


def test_the_reduced_game_keeps_a_finished_game_until_the_horizon() -> None:
    reduced = ParanoidGame(TreeGame(parse_tree("a[b(4,1), c[d(0,5)]]")), 0)
    ended = reduced.play(reduced.start, 0)
    assert isinstance(ended, Playing)
    assert str(ended.state) == "finished (4,1)"
    assert seq.to_tuple(reduced.moves(ended.state)) == (END,)
    assert reduced.parse_move(ended.state, " end ") is END
    assert reduced.play(ended.state, END) == ended
    with pytest.raises(ValueError, match="'end' is only a move of a finished game"):
        reduced.play(reduced.start, END)
    deep = paranoid_settings(settings_for(parse_tree("a[b(4,1), c[d(0,5)]]"), 5), 0)
    assert AlphaBeta(deep).analyse(deep.estimator.game.start) == (0, Guess(4))


def _visits(
    build: Callable[[SearchObserver[S, M, Number]], SearchPlayer[S, M, Number]], state: S
) -> tuple[tuple[M, Est[Number]], list[M | None]]:
    """What a two-player search of a paranoid game finds from `state`, and the move by which
    it entered each position it visited (None at the root), in order."""
    entered: list[M | None] = []

    def observe(event: SearchEvent[S, M, Number]) -> None:
        if isinstance(event, Enter):
            entered.append(event.move)

    found = build(observe).analyse(state)
    return found, entered


def _paranoid_of(
    settings: NSettings[S, M], observer: SearchObserver[S | Ended, M | EndMove, Number]
) -> SearchPlayer[S | Ended, M | EndMove, Number]:
    """Player 0's paranoid search, telling `observer`."""
    return paranoid_player(settings, 0, observer=observer)


def test_paranoid_visits_each_position_of_the_cse473_tree_once() -> None:
    # By hand, A against B and C: c gives min(3, 1) = 1 and f min(2, 5) = 2, so b is 1 (α = 1);
    # at i, j's first leaf is 1 <= α, so j is cut after it and so is i: the root, b, c and
    # its 2 leaves, f and its 2, i, j and its first leaf: 11 positions, 5 of them finished.
    for depth in (3, 4, 10):
        cse = settings_for(CSE473, depth)
        start = paranoid_settings(cse, 0).estimator.game.start
        found, entered = _visits(functools.partial(_paranoid_of, cse), start)
        assert found == (0, ONE)
        assert len(entered) == 11
        assert END not in entered
    # AlphaBeta on the reduced game steps through `end` down to its horizon.
    reduced = paranoid_settings(settings_for(CSE473, 4), 0)
    _, entered = _visits(lambda o: AlphaBeta(reduced, observer=o), reduced.estimator.game.start)
    assert (len(entered), entered.count(END)) == (16, 5)


def test_a_finished_game_is_a_leaf_of_the_paranoid_search() -> None:
    game = TakeAway(pile=1)
    settings = NSettings(takeaway_estimator(game), 2)
    start = paranoid_settings(settings, 0).estimator.game.start
    found, entered = _visits(lambda o: paranoid_player(settings, 0, observer=o), start)
    assert found == (1, ONE)
    assert entered == [None, 1]
    assert str(paranoid_player(settings, 0)) == "Paranoid(depth 2)"


@FAST
@given(nplayer_trees(), st.integers(0, 3))
def test_paranoid_visits_what_alphabeta_visits_without_the_end_moves(
    case: tuple[Node[Vector], int], who: int
) -> None:
    root, depth = case
    s = settings_for(root, depth)
    me = who % s.players
    reduced = paranoid_settings(s, me)
    start = reduced.estimator.game.start
    found, entered = _visits(lambda o: paranoid_player(s, me, observer=o), start)
    minimax = Minimax(reduced).analyse(start)
    assert found == minimax  # moves and values unchanged
    # A finished game's value is exact however deep AlphaBeta follows `end`, so it searches
    # every other position as paranoid_player does, and its visits are those plus the ends.
    expected, through = _visits(lambda o: AlphaBeta(reduced, observer=o), start)
    assert found == expected
    assert entered == [m for m in through if m is not END]


# --------------------------------------------------------------------------
# Three-player take-away against brute force


def brute_takeaway(pebbles: int, player: int, depth: int, n: int) -> tuple[int | None, Vector]:
    """max^n on take-away straight from the rules, with the heuristic written out again."""
    if depth == 0:
        if pebbles <= 3:
            return None, tuple(int(i == player) for i in range(n))
        if pebbles == 4:
            return None, tuple(int(i == (player + 1) % n) for i in range(n))
        return None, (Fraction(1, n),) * n
    results: list[tuple[int, Vector]] = []
    for take in range(1, min(3, pebbles) + 1):
        if take == pebbles:
            results.append((take, tuple(int(i == player) for i in range(n))))
        else:
            results.append(
                (take, brute_takeaway(pebbles - take, (player + 1) % n, depth - 1, n)[1])
            )
    best = results[0]
    for result in results[1:]:
        if result[1][player] > best[1][player]:
            best = result
    return best


@pytest.mark.parametrize("n", [3, 4])
def test_takeaway_matches_brute_force_at_small_depths(n: int) -> None:
    for pile in range(1, 13):
        game = TakeAway(pile=pile, players=n)
        for depth in range(1, 6):
            s = NSettings(takeaway_estimator(game), depth)
            shallow = ShallowSettings(takeaway_estimator(game), depth, 1)
            for player in range(n):
                state = TakeAwayState(pile, player)
                expected = brute_takeaway(pile, player, depth, n)
                assert MaxN(s).analyse(state) == expected, (pile, player, depth)
                assert ShallowMaxN(shallow).analyse(state) == expected, (pile, player, depth)


def test_takeaway_solved_from_twelve() -> None:
    """Searched to the end, the estimator never matters: the first-move tie rule decides.

    By hand, with A to move: 1-3 left, A takes all; 4, whatever A takes B takes the rest; 5,
    A cannot win and takes 1 (the tie rule), leaving B on 4, so C wins; 6 and 7, A leaves B
    on 5, who hands the game to A; 8, A takes 3, and B on 5 again hands it to A."""
    game = TakeAway()
    s = NSettings(takeaway_estimator(game), 12)
    assert MaxN(s).analyse(game.start) == brute_takeaway(12, 0, 12, 3)
    assert [MaxN(s).analyse(TakeAwayState(p, 0))[1] for p in range(1, 9)] == [
        (1, 0, 0), (1, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 0), (1, 0, 0)
    ]  # fmt: skip


def test_takeaway_rules_and_text() -> None:
    game = TakeAway(pile=5)
    assert game.names == ("A", "B", "C")
    assert seq.to_tuple(game.moves(game.start)) == (1, 2, 3)
    assert seq.to_tuple(game.moves(TakeAwayState(2, 1))) == (1, 2)
    assert game.play(TakeAwayState(3, 1), 3) == Finished((0, 1, 0))
    assert game.play(TakeAwayState(3, 2), 1) == Playing(TakeAwayState(2, 0))
    assert game.state_to_string(TakeAwayState(2, 1)) == "2 left, and it is B's turn"
    assert [game.parse_move(TakeAwayState(2, 0), t) for t in ["1", " 2 ", "3", "x", "", "-1"]] == [
        1, 2, None, None, None, None
    ]  # fmt: skip
    with pytest.raises(ValueError, match="4 is not a move with 5 pebbles left"):
        game.play(game.start, 4)


def test_a_whole_game_between_search_players_and_a_human() -> None:
    game = TakeAway(pile=9)
    searcher = MaxN(NSettings(takeaway_estimator(game), 4))
    shallow = ShallowMaxN(ShallowSettings(takeaway_estimator(game), 6, 1))
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("9\n1\n1\n1\n"), output=io.StringIO())
    record = play_out(NPlayerTurns(game), [human, searcher.next_move, shallow.next_move], out=out)
    assert sum(record.moves) == 9
    assert sorted(record.outcome) == [0, 0, 1]
    assert out.getvalue().endswith(
        "Game over! "
        + ", ".join(f"{x} {u}" for x, u in zip("ABC", record.outcome, strict=True))
        + "\n"
    )


def test_a_human_who_stops_typing_ends_the_game_cleanly() -> None:
    game = TakeAway(pile=4)
    human = HumanPlayer(game, input=io.StringIO(""), output=io.StringIO())
    with pytest.raises(InputClosedError, match="the input ended while waiting for A's move"):
        play_out(NPlayerTurns(game), [human, human, human], out=io.StringIO())


def test_play_game_checks_its_players() -> None:
    game = TakeAway(pile=4)
    with pytest.raises(PlayerCountError, match=r"the game has 3 players .* but 2 were given"):
        play_out(NPlayerTurns(game), [lambda s: 1] * 2, out=io.StringIO())
    with pytest.raises(
        IllegalMoveError, match="A's player chose the illegal move '7' in the state '4 left"
    ):
        play_out(NPlayerTurns(game), [lambda s: 7] * 3, out=io.StringIO())


# --------------------------------------------------------------------------
# Trees: text form, round trips, bad input


@st.composite
def any_trees(draw: st.DrawFn) -> Node[Vector]:
    root, _ = draw(nplayer_trees())
    return root


@FAST
@given(any_trees())
def test_tree_text_round_trips(root: Node[Vector]) -> None:
    assert parse_tree(tree_to_text(root)) == root


def test_fractions_and_decimals_are_read_exactly() -> None:
    root = parse_tree("a(1/3, 2/3)[b(0.5, -1/2), c(+2, 0)]")
    assert root.value == (Fraction(1, 3), Fraction(2, 3))
    assert root.children[0] == Leaf("b", (Fraction(1, 2), Fraction(-1, 2)))
    assert tree_to_text(root) == "a(1/3,2/3)[b(1/2,-1/2),c(2,0)]"


def test_ten_thousand_levels_parse_and_print_without_recursion() -> None:
    deep = "x(0,0)[" * 10_000 + "y(1,2)" + "]" * 10_000
    root = parse_tree(deep)
    assert tree_to_text(root) == deep
    game = TreeGame(root)
    assert game.names == ("A", "B")
    assert MaxN(NSettings(tree_estimator(game), 50)).analyse(game.start) == (0, (0, 0))
    with pytest.raises(SearchDepthError, match="depth 20000 goes deeper"):
        MaxN(NSettings(tree_estimator(game), 20_000)).analyse(game.start)


BAD_TREES = [
    ("a[b(1,2,3), c(0,0)]", UtilityLengthError, "the node c has the vector (0,0) of 2 utilities, "
     "but the node b has 3"),
    ("a(1,2)[b(1,2,3)]", UtilityLengthError, "the node a has the vector (1,2) of 2 utilities, "
     "but the node b has 3"),
    ("a[b(1)]", PlayerCountError, "a game needs at least 2 players"),
    ("a[b]", TreeSyntaxError, "the leaf b needs a utility vector"),
    ("a[]", TreeSyntaxError, "node 'a' lists no children between its brackets at position 3"),
    ("a[b(1,2)", TreeSyntaxError, "expected ',' or ']' in node 'a', found the end of the text"),
    ("a[b(1,x)]", TreeSyntaxError, "expected a number in the vector of 'b', found 'x'"),
    ("a[b(1,2 c(1,2)]", TreeSyntaxError, "expected ',' or ')' in the vector of 'b', found 'c'"),
    ("a[b(1,2) c(3,4)]", TreeSyntaxError, "expected ',' or ']' in node 'a', found 'c'"),
    ("a[b(1,2)]]", TreeSyntaxError, "unexpected text after the tree at position 10"),
    ("a[b(1/0,2)]", TreeSyntaxError, "the utility 1/0 is not a number gamelib can read"),
    ("a[b(1,2)]#", TreeSyntaxError, "unexpected text after the tree at position 10"),
    ("b(1,2)", TreeSyntaxError, "the tree b is only a leaf: the root needs children"),
    ("", TreeSyntaxError, "expected a node name, found the end of the text"),
    ("(1,2)", TreeSyntaxError, "expected a node name, found '('"),
    ("a[b(" + "9" * 5000 + ",1)]", TreeSyntaxError, "is not a number gamelib can read"),
    ("a[" + "b(1,2)," * 30 + "c(1,2,3)]", UtilityLengthError, "position 213"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "error", "message"), BAD_TREES)
def test_bad_tree_text_gets_one_clear_sentence(
    text: str, error: type[ValueError], message: str
) -> None:
    with pytest.raises(error) as caught:
        parse_tree(text)
    said = str(caught.value)
    assert message in said
    assert "\n" not in said
    assert len(said) < 250


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab_'()[],0123456789-+/. #", max_size=40))
def test_any_text_parses_or_gets_one_sentence(text: str) -> None:
    said = ""
    try:
        root = parse_tree(text)
    except ValueError as error:  # TreeSyntaxError, UtilityLengthError, PlayerCountError
        said = str(error)
    else:
        assert parse_tree(tree_to_text(root)) == root
    assert "\n" not in said
    assert len(said) < 250


def test_hand_built_trees_are_checked_too() -> None:
    mixed = Node("a", (Leaf("b", (1, 2, 3)), Leaf("c", (1, 2))))
    with pytest.raises(
        UtilityLengthError,
        match=r"^the node c has the vector \(1, 2\) of 2 utilities, but the "
        r"node b has 3$",
    ):
        TreeGame(mixed)
    with pytest.raises(PlayerCountError, match="a game needs at least 2 players"):
        TreeGame(Node("a", (Leaf("b", (1,)),)))
    short_first = Node("a", (Leaf("b", (1,)), Leaf("c", (1, 2))))  # the first vector is wrong
    with pytest.raises(PlayerCountError, match=r"^the node b has the vector \(1,\): a game"):
        TreeGame(short_first)
    not_a_vector: Node[Vector] = Node("a", (Leaf("b", 5),))  # type: ignore[arg-type]  # untyped
    with pytest.raises(UtilityLengthError, match=r"^the node b has the vector 5, which is not a "):
        TreeGame(not_a_vector)
    with pytest.raises(TreeError, match="needs at least one child"):
        Node("a", ())
    with pytest.raises(TreeError, match="cannot be written in the tree text"):
        tree_to_text(Node("a b", (Leaf("c", (1, 2)),)))


def test_tree_moves_and_parse_move() -> None:
    game = TreeGame(CSE473)
    assert seq.to_tuple(game.moves(game.start)) == (0, 1)
    assert [game.parse_move(game.start, t) for t in ["0", "1", "2", "x", "-1", "9" * 50]] == [
        0, 1, None, None, None, None
    ]  # fmt: skip
    with pytest.raises(TreeError, match=r"'2' is not a move from \(A,a\)"):
        game.play(game.start, 2)


# --------------------------------------------------------------------------
# Contract checks: players, vectors, settings


@dataclass(frozen=True)
class Broken:
    """A one-move game whose end vector, estimate and mover can be made wrong."""

    end: Vector = (1, 0, 0)
    mover: int = 0
    names: tuple[str, ...] = ("A", "B", "C")

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> int:
        return self.mover

    def moves(self, state: int, /) -> Seq[int]:
        return seq.from_iterable((0,))

    def play(self, state: int, move: int, /) -> NStatus[int]:
        return Finished(self.end) if state == 1 else Playing(1)

    def state_to_string(self, state: int, /) -> str:
        return f"state {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return 0 if text == "0" else None


def search_broken(game: Broken, depth: int, estimate: Vector = (0, 0, 0)) -> object:
    return MaxN(NSettings(VectorEstimator(game, lambda s: estimate), depth)).analyse(0)


def test_a_final_vector_of_the_wrong_length_is_named() -> None:
    with pytest.raises(UtilityLengthError) as caught:
        search_broken(Broken(end=(1, 0)), 2)
    assert str(caught.value) == (
        "the end after the move 0 has the utility vector '(1,0)' of length 2, "
        "but the game has 3 players"
    )


def test_an_estimate_of_the_wrong_length_is_named() -> None:
    with pytest.raises(UtilityLengthError, match=r"the estimate of 'state 1' has .* '\(1,2,3,4\)'"):
        search_broken(Broken(), 1, (1, 2, 3, 4))


def test_a_player_out_of_range_is_named() -> None:
    said = "the game says player 3 is to move in 'state 0', but its players are 0 to 2"
    with pytest.raises(PlayerNumberError, match=f"^{re.escape(said)}$"):
        search_broken(Broken(mover=3), 1)
    with pytest.raises(PlayerNumberError, match=f"^{re.escape(said)}$"):  # the same for paranoid
        Paranoid(NSettings(VectorEstimator(Broken(mover=3), lambda s: (0, 0, 0)), 1)).analyse(0)
    with pytest.raises(PlayerNumberError, match=f"^{re.escape(said)}$"):  # and the controller
        NPlayerTurns(Broken(mover=3)).mover(0)


def test_a_player_shows_what_it_was_built_from() -> None:
    settings = NSettings(tree_estimator(TreeGame(CSE473)), 3)
    for factory, name in ((MaxN, "MaxN(depth 3)"), (Paranoid, "Paranoid(depth 3)")):
        player = factory(settings)
        assert (player.settings, player.game, str(player)) == (
            settings,
            settings.estimator.game,
            name,
        )
        assert player.next_move(player.game.start) == player.analyse(player.game.start)[0] == 0


def test_fewer_than_two_players_is_refused() -> None:
    with pytest.raises(PlayerCountError, match="at least 2 players, got 1"):
        search_broken(Broken(names=("A",)), 1)
    with pytest.raises(PlayerCountError, match="at least 2 players, got 1"):
        TakeAway(players=1)
    with pytest.raises(ValueError, match="at least 1 pebble, got 0"):
        TakeAway(pile=0)
    with pytest.raises(ValueError, match="search depth must be at least 1, got 0"):
        NSettings(tree_estimator(TreeGame(CSE473)), 0)
    with pytest.raises(PlayerNumberError, match="one of 0 to 2, got 3"):
        ParanoidGame(TreeGame(CSE473), 3)


# --------------------------------------------------------------------------
# Traces


def test_the_trace_counts_what_count_leaves_counts() -> None:
    for total in (None, 10):
        estimator = tree_estimator(TreeGame(CSE473))
        start = estimator.game.start
        if total is None:
            t = trace(MaxN, NSettings(estimator, 3))
            leaves = count_leaves(MaxN, NSettings(estimator, 3), start)[2]
        else:
            shallow = ShallowSettings(estimator, 3, total)
            t = trace(ShallowMaxN, shallow)
            leaves = count_leaves(ShallowMaxN, shallow, start)[2]
        assert len(t.leaves()) == leaves
        assert [n.leaf_number for n in t.leaves()] == list(range(1, leaves + 1))


def test_the_dot_picture_shows_players_vectors_the_line_and_the_cut() -> None:
    t = trace(ShallowMaxN, ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10))
    dot = trace_to_dot(t)
    assert dot.startswith("digraph trace {")
    assert 'label="ShallowMaxN(depth 3, total 10); A box, B ellipse, C diamond"' in dot
    assert 'n0 [label="(A,a)\\nA to move\\n(3,2,5)", shape=box, penwidth=2.5];' in dot
    for shape in ("ellipse", "diamond", "octagon"):
        assert f"shape={shape}" in dot
    assert "(1,7,2) (cut: ≥ 7 for B)" in dot
    # m, never searched, and its two leaves: grey and dashed.
    assert dot.count("style=dashed, color=grey60") == 2 * 3
    assert '"(C,m)", shape=diamond, style=dashed' in dot
    bold_edges = re.findall(r"-> n\d+ \[label=\"\d\", penwidth=2.5\]", dot)
    assert len(bold_edges) == 3


def test_trace_text_of_plain_maxn_shows_the_ties() -> None:
    text = trace_to_text(trace(MaxN, NSettings(tree_estimator(TreeGame(CSE473)), 3)))
    assert "value of (C,c) is (3,2,5), best move 0" in text
    assert "value of (C,m) is (4,3,3), best move 0" in text
    assert "cut off" not in text
    assert text.splitlines()[-1] == "value of (A,a) is (3,2,5), best move 0"


def test_the_example_tree_text_is_the_shipped_tree() -> None:
    assert parse_tree(CSE473_TEXT) == CSE473
    assert tree_to_text(CSE473) == CSE473_TEXT.replace(" ", "")


def _typecheck() -> None:
    """mypy checks that the shipped games satisfy the n-player contract."""
    _: NPlayerGame[TreeState[Vector], int] = TreeGame(CSE473)
    __: NPlayerGame[TakeAwayState, int] = TakeAway()
    ___: Callable[[TakeAwayState], int] = HumanPlayer(TakeAway())


@pytest.mark.outside
def test_the_docs_hook_draws_the_many_players_pictures(tmp_path: Path) -> None:
    docs = Path(__file__).resolve().parents[2] / "docs"
    hooks = types.ModuleType("docs_hooks_nplayer")
    exec(
        compile((docs / "hooks.py").read_text(encoding="utf-8"), "docs/hooks.py", "exec"),
        hooks.__dict__,
    )
    written = hooks.generate_many_players(tmp_path)
    assert sorted(p.name for p in written if p.suffix == ".txt") == [
        "cse473_maxn.txt", "cse473_paranoid.txt", "cse473_shallow.txt", "takeaway_maxn.txt"
    ]  # fmt: skip
    page = (docs / "many-players.md").read_text(encoding="utf-8")
    for included in re.findall(r'--8<-- "docs/generated/([a-z0-9_]+\.txt)"', page):
        assert (tmp_path / included).exists()
    if DOT.present():
        for picture in re.findall(r"\(generated/([a-z0-9_]+\.svg)\)", page):
            assert (tmp_path / picture).read_text(encoding="utf-8").count("<svg") == 1
    else:
        not_run([DOT], "the many-players page's pictures drawn", "the texts the page includes")
    shown = (tmp_path / "cse473_shallow.txt").read_text(encoding="utf-8")
    assert "cut off at (B,i): move 0 gives B 7, so A gets at most 10 - 7 = 3" in shown


@pytest.mark.parametrize(
    ("vector", "sentence"),
    [
        ((1, 2), "the leaf has the utility vector '(1,2)' of length 2, but the game has 3 players"),
        ([1, 2, 3], "the leaf has [1, 2, 3], not a utility vector: a tuple of 3 numbers"),
        ("abc", "the leaf has 'abc', not a utility vector: a tuple of 3 numbers"),
    ],
)
def test_a_vector_of_the_wrong_shape_is_quoted_as_gamelib_quotes_values(
    vector: object, sentence: str
) -> None:
    with pytest.raises(UtilityLengthError) as caught:
        check_vector(vector, 3, "the leaf")  # type: ignore[arg-type]  # a game may return anything
    assert str(caught.value) == sentence
