"""Expectiminimax, Star1 and Star2 against an independent recursion; chance trees; bad input."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

import pytest
from hypothesis import given, settings

from gamelib import seq
from gamelib.chance import (
    BoundsError,
    Branch,
    ChanceEstimator,
    ChanceFactory,
    ChanceGame,
    ChancePositionError,
    ChanceSettings,
    ChanceTreeEstimator,
    ChanceTreeGame,
    Expectiminimax,
    LeafCounter,
    Mover,
    Nature,
    NoBranchesError,
    ProbabilityError,
    Star1,
    Star2,
    Value,
    chance_tree_estimator,
    chance_tree_to_text,
    check_probabilities,
    count_leaves,
    parse_chance_tree,
)
from gamelib.chance.events import Enter, Phase
from gamelib.chance.game import ChanceTurns
from gamelib.chance.trees import DICE, EXAMPLE
from gamelib.core.controller import IllegalMoveError, play_out
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner, flip
from gamelib.core.tree_games import TreeState, random_tree
from gamelib.core.trees import (
    ChanceNode,
    End,
    Leaf,
    Node,
    Tree,
    TreeError,
    TreeSyntaxError,
    shallowest_leaf,
)
from gamelib.games.pig import Pig, PigMove, PigState
from gamelib.search.events import event_to_string
from gamelib.search.player import NoMovesError, SearchDepthError
from gamelib.seq import Seq
from gamelib.trace import trace, trace_to_dot, trace_to_text
from tests.strategies.chance import any_chance_trees, chance_trees_and_depths

FACTORIES: list[ChanceFactory[TreeState[float], int]] = [Expectiminimax, Star1, Star2]


# --------------------------------------------------------------------------
# The independent recursion: straight from the definition, on the tree itself


def reference(
    tree: Tree[float], side: Side, depth: int, est: ChanceTreeEstimator
) -> tuple[Value, int]:
    """The expectiminimax value of ``tree`` with ``side`` to move, and the leaves it needs."""
    if isinstance(tree, End):
        return est.outcome_value(tree.outcome), 1
    if isinstance(tree, ChanceNode):
        total: Value = Fraction(0)
        leaves = 0
        for p, child in tree.branches:
            if p == 0:
                continue
            v, n = reference(child, side, depth, est)
            total += p * v
            leaves += n
        return total, leaves
    if depth == 0:
        return 0 if tree.value is None else tree.value, 1
    assert isinstance(tree, Node), "the trees put every Leaf at or below the depth"
    found = [reference(child, flip(side), depth - 1, est) for child in tree.children]
    values = [v for v, _ in found]
    best = max(values) if side is Side.Maxie else min(values)
    return best, sum(n for _, n in found)


def reference_move(tree: Node[float], depth: int, est: ChanceTreeEstimator) -> int:
    values = [reference(child, Side.Minnie, depth - 1, est)[0] for child in tree.children]
    return values.index(max(values))


@settings(max_examples=400, deadline=None)
@given(chance_trees_and_depths())
def test_expectiminimax_equals_the_recursion_exactly(case: tuple[Node[float], int]) -> None:
    tree, depth = case
    game = ChanceTreeGame(tree)
    est = chance_tree_estimator(game)
    value, leaves = reference(tree, Side.Maxie, depth, est)
    move, found, counted = count_leaves(Expectiminimax, ChanceSettings(est, depth))
    assert (move, found, counted) == (reference_move(tree, depth, est), value, leaves)
    assert isinstance(found, int | Fraction)  # exact: no float crept in


@settings(max_examples=400, deadline=None)
@given(chance_trees_and_depths())
def test_star1_and_star2_return_expectiminimax_exactly_with_no_more_leaves(
    case: tuple[Node[float], int],
) -> None:
    tree, depth = case
    est = chance_tree_estimator(ChanceTreeGame(tree))
    plain = count_leaves(Expectiminimax, ChanceSettings(est, depth))
    for factory in (Star1, Star2):
        move, value, leaves = count_leaves(factory, ChanceSettings(est, depth))
        assert (move, value) == plain[:2]
        assert leaves <= plain[2]


def test_star_on_two_thousand_regular_trees() -> None:
    """Ballard's setting: Maxie, chance, Minnie, chance, ...; a fixed seeded set."""
    rng = random.Random(150)
    totals = {factory: 0 for factory in FACTORIES}
    for _ in range(2000):
        depth = rng.randint(1, 3)
        most = 3 if depth < 3 else 2
        moves, outcomes = rng.randint(1, most), rng.randint(1, most)
        tree = random_tree(rng, depth, lambda r: r.randint(-5, 5), moves=moves, outcomes=outcomes)
        est = chance_tree_estimator(ChanceTreeGame(tree))
        value, leaves = reference(tree, Side.Maxie, depth, est)
        results = [count_leaves(f, ChanceSettings(est, depth)) for f in FACTORIES]
        assert results[0][1:] == (value, leaves)
        for move, found, counted in results[1:]:
            assert (move, found) == results[0][:2]
            assert counted <= leaves
        for factory, result in zip(FACTORIES, results, strict=True):
            totals[factory] += result[2]
    # The savings are real on this set (benchmarks/chance.py prints them in full).
    assert totals[Star1] < totals[Expectiminimax]
    assert totals[Star2] < totals[Star1]


def test_float_probabilities_give_the_same_values_to_rounding() -> None:
    exact = parse_chance_tree("a[ ?b[1/10: c[x3], 2/10: d[e4,f-1], 7/10: g[y2]], h[z1] ]")
    assert isinstance(exact, Node)
    game = ChanceTreeGame(exact)
    est = chance_tree_estimator(game)
    assert Expectiminimax(ChanceSettings(est, 2)).analyse(game.start) == (0, Fraction(3, 2))
    b = exact.children[0]
    assert isinstance(b, ChanceNode)
    floats = ChanceNode(b.name, tuple((float(p), c) for p, c in b.branches))
    tree = Node("a", (floats, exact.children[1]))
    game2 = ChanceTreeGame(tree)
    for factory in FACTORIES:
        move, value = factory(ChanceSettings(chance_tree_estimator(game2), 2)).analyse(game2.start)
        assert move == 0
        assert isinstance(value, float)
        assert value == pytest.approx(1.5, abs=1e-12)


def test_the_examples_values_and_leaf_counts() -> None:
    cases = {EXAMPLE: (0, Fraction(1), [8, 7, 6]), DICE: (0, Fraction(7, 3), [12, 11, 9])}
    for tree, (move, value, leaves) in cases.items():
        est = chance_tree_estimator(ChanceTreeGame(tree))
        found = [count_leaves(f, ChanceSettings(est, 2)) for f in FACTORIES]
        assert [r[:2] for r in found] == [(move, value)] * 3
        assert [r[2] for r in found] == leaves


def test_depth_counts_moves_and_chance_is_expanded_at_the_horizon() -> None:
    tree = parse_chance_tree("a[ ?b[1/4: c8[d0], 3/4: e4[f0]], g5[h0] ]")
    game = ChanceTreeGame(tree)
    est = chance_tree_estimator(game)
    # Depth 1: the dice after move 0 are averaged, and c and e estimated: 1/4·8 + 3/4·4 = 5.
    assert Expectiminimax(ChanceSettings(est, 1)).analyse(game.start) == (0, 5)
    # Depth 2 sees the zeros below.
    assert Expectiminimax(ChanceSettings(est, 2)).analyse(game.start) == (0, 0)


def test_zero_probability_outcomes_are_never_searched() -> None:
    tree = parse_chance_tree("a[ ?b[0: c[d1,e2], 1: f[g3,h4]] ]")
    est = chance_tree_estimator(ChanceTreeGame(tree))
    for factory in FACTORIES:
        assert count_leaves(factory, ChanceSettings(est, 2)) == (0, 3, 2)


def test_ties_keep_the_first_move() -> None:
    tree = parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/3: f3, 2/3: g3], h1 ]")
    est = chance_tree_estimator(ChanceTreeGame(tree))
    for factory in FACTORIES:
        assert factory(ChanceSettings(est, 1)).analyse(ChanceTreeGame(tree).start) == (0, 3)


def test_minnie_at_the_root_minimises() -> None:
    tree = parse_chance_tree("a[ b[ ?c[1/2: d1, 1/2: e5], ?f[1/2: g2, 1/2: h2] ] ]")
    game = ChanceTreeGame(tree)
    state = game.play(game.start, 0)
    assert isinstance(state, Playing)
    est = chance_tree_estimator(game)
    for factory in FACTORIES:
        assert factory(ChanceSettings(est, 1)).analyse(state.state) == (1, 2)


# --------------------------------------------------------------------------
# Traces


def test_trace_text_and_dot_of_star2_on_the_example() -> None:
    est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    t = trace(Star2, ChanceSettings(est, 2))
    text = trace_to_text(t)
    assert text.splitlines()[0] == "Evaluating (Maxie,a) with window (−∞, +∞)"
    assert "    Probing (Minnie,c) after 0 (1/2) with window (−∞, 5): its first move only" in text
    assert "    Resuming (Minnie,c) after 0 (1/2) with window (−∞, +∞)" in text
    assert "  cut off at (Chance,i): outcome 1 (1/2) gave 2, so it is at most 1" in text
    assert text.splitlines()[-1] == "value of (Maxie,a) is 1, best move 0"
    assert len(t.leaves()) == 6
    dot = trace_to_dot(t)
    assert dot.startswith("digraph trace {")
    assert dot.count("shape=circle") == 2  # the two chance nodes
    assert 'label="1/2"' in dot
    assert "≤ 1" in dot  # the bound Star2 settled for at i
    # o, the move of m never searched after the probe, is drawn grey and dashed:
    assert '[label="(Maxie,o)", shape=box, style=dashed, color=grey60, fontcolor=grey60];' in dot


def test_trace_of_expectiminimax_shows_every_leaf_and_no_window() -> None:
    est = chance_tree_estimator(ChanceTreeGame(DICE))
    t = trace(Expectiminimax, ChanceSettings(est, 2))
    text = trace_to_text(t)
    assert "window" not in text
    assert text.count("Estimating") == 12
    assert "  value of (Chance,b) is 7/3" in text
    assert [n.leaf_number for n in t.leaves()] == list(range(1, 13))


@settings(max_examples=150, deadline=None)
@given(chance_trees_and_depths())
def test_traces_count_the_leaves_the_counter_counts(case: tuple[Node[float], int]) -> None:
    tree, depth = case
    est = chance_tree_estimator(ChanceTreeGame(tree))
    for factory in FACTORIES:
        _, value, leaves = count_leaves(factory, ChanceSettings(est, depth))
        t = trace(factory, ChanceSettings(est, depth))
        assert len(t.leaves()) == leaves
        assert t.root.value == value
        text = trace_to_text(t)
        assert text.count("Estimating") + text.count("Game over") == leaves
        assert trace_to_dot(t).count("#") == leaves


def test_events_are_well_bracketed_and_readable() -> None:
    events: list[object] = []
    est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    Star2(ChanceSettings(est, 2), observer=events.append).analyse(ChanceTreeGame(EXAMPLE).start)
    enters = [e for e in events if isinstance(e, Enter)]
    assert [e.phase for e in enters].count(Phase.PROBE) == 4
    assert [e.phase for e in enters].count(Phase.RESUME) == 2
    assert event_to_string(enters[0]) == "enter root (Maxie,a) depth 2 window (-inf, inf)"
    counter = LeafCounter()
    for event in events:
        counter(event)
    assert counter.leaves == 6


# --------------------------------------------------------------------------
# The text form


@settings(max_examples=200, deadline=None)
@given(any_chance_trees())
def test_text_round_trips(tree: Tree[float]) -> None:
    assert isinstance(tree, Node | Leaf)
    assert parse_chance_tree(chance_tree_to_text(tree)) == tree


def test_decimals_and_whole_numbers_are_read_exactly() -> None:
    tree = parse_chance_tree("a[ ?b[0.1: c1, .2: d2, 0.70: e3, 0: f4], ?g[1: h5] ]")
    b = tree.children[0] if isinstance(tree, Node) else None
    assert isinstance(b, ChanceNode)
    assert [p for p, _ in b.branches] == [Fraction(1, 10), Fraction(1, 5), Fraction(7, 10), 0]
    assert chance_tree_to_text(tree) == "a[?b[1/10:c1,1/5:d2,7/10:e3,0:f4],?g[1:h5]]"


def test_ten_thousand_deep_text_parses_and_prints_without_recursion() -> None:
    depth = 10_000
    text = "".join("a[?b[1:" for _ in range(depth)) + "c7" + "]]" * depth
    tree = parse_chance_tree(text)
    assert chance_tree_to_text(tree) == text.replace(" ", "")
    assert shallowest_leaf(tree) == depth
    with pytest.raises(TreeSyntaxError) as caught:
        parse_chance_tree(text[:-1])
    message = str(caught.value)
    assert "\n" not in message
    assert len(message) < 200


BAD_TEXT = [
    (
        "a[ ?b[1/2 c3, 1/2: d1] ]",
        "expected ':' after the probability 1/2, found 'c' at position 11",
    ),
    (
        "a[ ?b[x: c3] ]",
        "expected a probability such as 1/2 or 0.25 before the next outcome, found 'x'",
    ),
    ("a[ ?b[1/0: c3] ]", "the probability 1/0 divides by zero at position 7"),
    ("a[ ?b[-1/2: c3, 3/2: d1] ]", "the probability -1/2 is negative at position 7"),
    ("a[ ?b[1/2: c3, 1/3: d1] ]", "the probabilities at chance node ?b sum to 5/6, not 1"),
    ("a[ ?b[0.5: c3, 0.6: d1] ]", "the probabilities at chance node ?b sum to 11/10, not 1"),
    ("a[ ?b[] ]", "chance node ?b lists no outcomes"),
    ("a[ ?b ]", "chance node ?b needs '[' and its outcomes after its name"),
    ("a[ ?b3[1: c] ]", "chance node ?b cannot have a number"),
    ("a[ ?[1: c] ]", "expected a chance node's name after '?', found '['"),
    ("a[ ?b[1: c3 d4] ]", "expected ',' or ']' in node 'b', found 'd'"),
    ("a[ ?b[1: c3]", "expected ',' or ']' in node 'a', found the end of the text"),
    ("a[ b!Nobody ]", "'!Nobody' is not an end: write !Maxie, !Minnie or !Draw"),
    ("?a[1: b]", "the root cannot be a chance node: Maxie moves first"),
    ("a!Draw", "the root cannot be a finished game"),
    ("a[b] c", "unexpected text after the tree at position 6"),
    ("", "expected a node name, found the end of the text"),
]


@pytest.mark.parametrize(("text", "says"), BAD_TEXT)
def test_bad_text_says_where_and_what_in_one_sentence(text: str, says: str) -> None:
    with pytest.raises(TreeSyntaxError) as caught:
        parse_chance_tree(text)
    message = str(caught.value)
    assert says in message
    assert "\n" not in message
    assert re.search(r"position \d+", message)


def test_a_long_bad_text_is_echoed_short() -> None:
    text = "a[ ?b[1/2: c3, 1/2: d4], " + ", ".join(f"x{i}" for i in range(5000)) + " ?"
    with pytest.raises(TreeSyntaxError) as caught:
        parse_chance_tree(text)
    assert len(str(caught.value)) < 200


# --------------------------------------------------------------------------
# Probabilities


@pytest.mark.parametrize(
    ("pairs", "says"),
    [
        ([], "the chance position here lists no outcomes"),
        (
            [("a", Fraction(-1, 2)), ("b", Fraction(3, 2))],
            "the probability -1/2 of 'a' at here is negative",
        ),
        (
            [("a", Fraction(1, 2)), ("b", Fraction(1, 3))],
            "the probabilities at here sum to 5/6, not 1",
        ),
        ([("a", 0.5), ("b", 0.4)], "the probabilities at here sum to 0.9, not 1"),
        ([("a", "1/2"), ("b", 0.5)], "the probability '1/2' of 'a' at here is not a number"),
        ([("a", True)], "the probability 'True' of 'a' at here is not a number"),
        ([("a", float("nan"))], "the probability nan of 'a' at here is not finite"),
        ([("a", float("inf"))], "the probability inf of 'a' at here is not finite"),
    ],
)
def test_bad_probabilities_raise_one_sentence_naming_the_value(
    pairs: list[tuple[str, object]], says: str
) -> None:
    with pytest.raises(ProbabilityError) as caught:
        check_probabilities(pairs, "here")
    assert str(caught.value) == says
    if not pairs:
        assert isinstance(caught.value, NoBranchesError)


def test_good_probabilities_pass_exactly_or_within_the_float_tolerance() -> None:
    check_probabilities([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], "x")
    check_probabilities([("a", 1)], "x")
    check_probabilities([("a", 0.1), ("b", 0.2), ("c", 0.7)], "x")  # 0.1 + 0.2 + 0.7 != 1.0
    with pytest.raises(ProbabilityError, match=r"sum to 1\.00000100+1, not 1"):
        check_probabilities([("a", 0.5), ("b", 0.500001)], "x")


def test_a_chance_node_with_bad_probabilities_cannot_be_built() -> None:
    with pytest.raises(
        ProbabilityError, match=r"the probabilities at chance node \?b sum to 1/2, not 1"
    ):
        ChanceNode("b", ((Fraction(1, 2), Leaf("c", 1)),))
    with pytest.raises(NoBranchesError, match=r"chance node \?b lists no outcomes"):
        ChanceNode("b", ())
    with pytest.raises(TreeError, match="node 'a' needs at least one child"):
        Node("a", ())


# --------------------------------------------------------------------------
# Bad games, bad estimators, bad calls


@dataclass(frozen=True)
class Broken:
    """A game whose only chance position lists the outcomes it is given."""

    listed: tuple[Branch[int], ...]

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> Mover:
        return Side.Maxie if state == 0 else Nature.Chance

    def moves(self, state: int, /) -> Seq[int]:
        return seq.from_iterable((1,))

    def play(self, state: int, move: int, /) -> Status[int]:
        return Playing(1)

    def outcomes(self, state: int, /) -> Sequence[Branch[int]]:
        return self.listed

    def state_to_string(self, state: int, /) -> str:
        return f"state {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return 1 if text == "1" else None


@dataclass(frozen=True)
class Flat:
    game: ChanceGame[int, int]
    lower: Value = 0
    upper: Value = 1
    guess: Value = Fraction(1, 2)

    def estimate(self, state: int, /) -> Value:
        return self.guess

    def outcome_value(self, outcome: Outcome, /) -> Value:
        return 1 if outcome == Winner(Side.Maxie) else 0


def test_the_contracts_hold_for_the_test_doubles() -> None:
    game: ChanceGame[int, int] = Broken(())
    estimator: ChanceEstimator[int, int] = Flat(game)
    assert estimator.game is game


def test_a_chance_position_with_no_outcomes_is_one_sentence_for_every_search() -> None:
    est = Flat(Broken(()))
    for factory in (Expectiminimax, Star1, Star2):
        with pytest.raises(
            NoBranchesError, match=r"^the chance position 'state 1' lists no outcomes$"
        ):
            factory(ChanceSettings(est, 1)).analyse(0)


def test_the_referee_checks_the_outcomes_it_rolls() -> None:
    listed: tuple[Branch[int], ...] = (
        Branch(Fraction(-1, 2), Done(Draw()), "odd"),
        Branch(Fraction(3, 2), Done(Draw()), "even"),
    )
    with pytest.raises(
        ProbabilityError, match=r"the probability -1/2 of 'odd' at 'state 1' is negative"
    ):
        play_out(ChanceTurns(Broken(listed)), [lambda s: 1] * 2, out=io.StringIO())


def test_the_referee_stops_an_illegal_move() -> None:
    listed: tuple[Branch[int], ...] = (Branch(1, Done(Draw()), "only"),)
    with pytest.raises(IllegalMoveError, match=r"Maxie's player chose the illegal move '7'"):
        play_out(ChanceTurns(Broken(listed)), [lambda s: 7, lambda s: 1], out=io.StringIO())


def test_the_referee_lists_the_legal_moves_in_board_order() -> None:
    game = Pig(target=10)
    rolled = PigState(0, 0, 3, Side.Maxie)  # roll or hold, searched in that order
    jump = cast(PigMove, "jump")
    with pytest.raises(IllegalMoveError, match=r"\(legal moves: hold, roll\)$"):
        play_out(ChanceTurns(game), [lambda s: jump] * 2, out=io.StringIO(), start=rolled)


def test_values_outside_the_bounds_stop_star_with_one_sentence() -> None:
    est = Flat(Broken((Branch(1, Playing(0), "again"),)), guess=2)
    game = est.game
    del game
    tree = parse_chance_tree("a[ ?b[1/2: c3, 1/2: d4] ]")
    bad = ChanceTreeEstimator(ChanceTreeGame(tree), 0, 3)
    for factory in (Star1, Star2):
        with pytest.raises(
            BoundsError, match=r"^the value 4 of '\(Minnie,d\)' lies outside the bounds \[0, 3\]"
        ):
            factory(ChanceSettings(bad, 1)).analyse(ChanceTreeGame(tree).start)
        with pytest.raises(BoundsError, match="lower 3 is above upper 0"):
            factory(ChanceSettings(ChanceTreeEstimator(ChanceTreeGame(tree), 3, 0), 1))
    # Plain expectiminimax does not need the bounds.
    assert Expectiminimax(ChanceSettings(bad, 1)).analyse(ChanceTreeGame(tree).start) == (
        0,
        Fraction(7, 2),
    )


def test_analysing_a_chance_position_is_refused() -> None:
    game = ChanceTreeGame(EXAMPLE)
    after = game.play(game.start, 0)
    assert isinstance(after, Playing)
    for factory in FACTORIES:
        with pytest.raises(ChancePositionError, match=r"'\(Chance,b\)' is a chance position"):
            factory(ChanceSettings(chance_tree_estimator(game), 1)).next_move(after.state)


def test_a_search_deeper_than_the_tree_says_so() -> None:
    game = ChanceTreeGame(parse_chance_tree("a[ ?b[1: c3] ]"))
    with pytest.raises(TreeError, match="the search goes deeper than the tree"):
        Expectiminimax(ChanceSettings(chance_tree_estimator(game), 2)).analyse(game.start)


def test_no_moves_is_named() -> None:
    @dataclass(frozen=True)
    class NoMoves(Broken):
        def moves(self, state: int, /) -> Seq[int]:
            return seq.empty()

    for factory in FACTORIES:
        with pytest.raises(NoMovesError, match="'state 0'"):
            factory(ChanceSettings(Flat(NoMoves(())), 1)).analyse(0)  # type: ignore[arg-type]


def test_bad_depths() -> None:
    est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    with pytest.raises(ValueError, match="search depth must be at least 1, got -1"):
        ChanceSettings(est, -1)
    with pytest.raises(TypeError, match="search depth must be a whole number, got '2'"):
        ChanceSettings(est, "2")  # type: ignore[arg-type]


def test_a_random_tree_needs_sizes() -> None:
    with pytest.raises(ValueError, match="got 0, 3, 3"):
        random_tree(random.Random(0), 0, lambda r: 0, outcomes=3)


# --------------------------------------------------------------------------
# The tree game and estimator


def test_tree_game_rules() -> None:
    tree = parse_chance_tree("a5[ ?b[1/3: c!Maxie, 2/3: d[e1]], f!Draw ]")
    game = ChanceTreeGame(tree)
    assert game.player(game.start) is Side.Maxie
    assert seq.to_list(game.moves(game.start)) == [0, 1]
    assert game.play(game.start, 1) == Done(Draw())
    after = game.play(game.start, 0)
    assert isinstance(after, Playing)
    assert game.player(after.state) is Nature.Chance
    outcomes = game.outcomes(after.state)
    assert [(b.probability, b.label) for b in outcomes] == [
        (Fraction(1, 3), "0"),
        (Fraction(2, 3), "1"),
    ]
    assert outcomes[0].status == Done(Winner(Side.Maxie))
    d = outcomes[1].status
    assert isinstance(d, Playing)
    assert str(d.state) == "(Minnie,d)"
    assert game.parse_move(game.start, " 1 ") == 1
    assert game.parse_move(game.start, "2") is None
    assert game.parse_move(after.state, "0") is None
    with pytest.raises(TreeError, match="is a chance node: chance picks there"):
        game.moves(after.state)
    with pytest.raises(TreeError, match="is not a chance node"):
        game.outcomes(game.start)
    with pytest.raises(TreeError, match=r"'3' is not a move from \(Maxie,a\)"):
        game.play(game.start, 3)
    est = chance_tree_estimator(game)
    assert (est.lower, est.upper) == (0, 5)
    assert est.estimate(game.start) == 5
    assert [est.outcome_value(o) for o in (Winner(Side.Maxie), Winner(Side.Minnie), Draw())] == [
        5,
        0,
        0,
    ]
    assert chance_tree_estimator(game, lower=-9, upper=9).lower == -9


def test_a_full_game_on_a_tree_is_reproducible() -> None:
    game = ChanceTreeGame(
        parse_chance_tree("a[ ?b[1/2: c[?d[1/2: e!Maxie, 1/2: f!Minnie]], 1/2: g!Draw] ]")
    )
    outcomes = set()
    for seed in range(20):
        out = io.StringIO()
        record = play_out(
            ChanceTurns(game), [lambda s: 0] * 2, rng=random.Random(seed), out=out, clock=float
        )
        outcomes.add(str(record.outcome))
        assert out.getvalue().startswith(
            "(Maxie,a)\nMaxie decides to make the move 0 (0.00 s)\n\n(Chance,b)\nChance: "
        )
    assert outcomes == {"Maxie wins", "Minnie wins", "a draw"}


def test_a_search_past_the_recursion_limit_names_the_depth() -> None:
    depth = 10_000
    tree = parse_chance_tree("".join("a[?b[1:" for _ in range(depth)) + "c7" + "]]" * depth)
    game = ChanceTreeGame(tree)
    for factory in FACTORIES:
        with pytest.raises(SearchDepthError, match="a search of depth 10000 goes deeper than"):
            factory(ChanceSettings(chance_tree_estimator(game), depth)).analyse(game.start)


def test_a_tree_of_ends_only_values_a_win_above_a_draw() -> None:
    # Every estimate is 0 here: the bounds widen, so Maxie's win is not worth a draw.
    game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c!Maxie, 1/2: d!Draw], e!Minnie ]"))
    est = chance_tree_estimator(game)
    assert (est.lower, est.upper) == (-1, 1)
    for factory in FACTORIES:
        assert factory(ChanceSettings(est, 1)).analyse(game.start) == (0, Fraction(1, 2))
    # Bounds given by the caller are kept as given.
    assert chance_tree_estimator(game, lower=-10, upper=10).upper == 10


def test_a_loss_is_worth_less_than_a_draw_where_the_numbers_start_at_0() -> None:
    # The numbers run from 0 to 4 (a node without one is 0): Minnie's win must be below 0,
    # so Maxie takes the coin that cannot lose, each worth 2 otherwise.
    game = ChanceTreeGame(
        parse_chance_tree("a[?b[1/2: c!Minnie, 1/2: d4], ?e[1/2: f!Draw, 1/2: g4]]")
    )
    est = chance_tree_estimator(game)
    assert (est.lower, est.upper) == (-1, 4)
    for factory in FACTORIES:
        assert factory(ChanceSettings(est, 1)).analyse(game.start) == (1, 2)


@pytest.mark.parametrize("text", ["a[?b[1/2: c0, 1/2: d0], e0]", "a[b!Draw, c!Draw]"])
def test_a_tree_of_one_value_has_bounds_apart(text: str) -> None:
    est = chance_tree_estimator(ChanceTreeGame(parse_chance_tree(text)))
    assert (est.lower, est.upper) == (-1, 1)
