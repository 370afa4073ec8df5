"""The catalog and the search core: every kind against Minimax, events, bounds, capabilities."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelib
from gamelib import (
    EQUAL,
    GREATER,
    LESS,
    AlphaBeta,
    Definitely,
    Done,
    Draw,
    Guess,
    Minimax,
    NumericEstimator,
    Playing,
    Settings,
    Side,
    Status,
    Winner,
    seq,
)
from gamelib.algorithms import DeepeningSettings
from gamelib.algorithms.deepening_kind import parse_order
from gamelib.catalog import CATALOG, CATALOGS, ChanceKind, NPlayerKind
from gamelib.chance.expectiminimax import Expectiminimax
from gamelib.chance.kinds import searched_by
from gamelib.cli import main
from gamelib.estimate import standard_compare
from gamelib.games.explicit import (
    SMALL,
    ExplicitGame,
    Node,
    TreeState,
    tree_estimator,
)
from gamelib.games.nim import Nim, nim_estimate, nim_estimator
from gamelib.search import (
    BoundKind,
    Capability,
    CountingGame,
    Cut,
    Enter,
    Keyed,
    Leave,
    MissingCapabilityError,
    NumericEstimates,
    RecordingEstimator,
    SearchEvent,
    TableHit,
    average_est,
    has_numeric_estimates,
    missing,
    negate_est,
    state_key,
)
from gamelib.search.events import Window
from gamelib.search.kinds import Catalog, Option, SearchKind, UnobservedError, parse_fraction
from gamelib.seq import Seq
from tests.runner import run

from .helpers import OnlyCompares, order_equal, score, tree_value
from .strategies import dags_and_depths, trees_and_depths

KINDS = [kind.name for kind in CATALOG if kind.exact]
"""The kinds whose values are Minimax's (not MCTS, which samples: tests/algorithms/test_mcts.py
holds its proven values to Minimax's)."""
VARIANTS = [
    pytest.param(
        kind.name, options, id=f"{kind.name}{''.join(f'-{k}={v}' for k, v in options.items())}"
    )
    for kind in CATALOG
    if kind.exact
    for options in kind.variants()
]
OBSERVED = [variant for variant in VARIANTS if CATALOG[str(variant.values[0])].observed]
"""The variants whose kinds report their searches to an observer."""


# ---------------------------------------------------------------------------
# Every kind of the catalog, on generated trees


GAME_TREES = st.one_of(trees_and_depths(), dags_and_depths())
"""Trees with uneven depths, and trees with shared subtrees (DAGs, for tables)."""


@pytest.mark.parametrize(("kind", "options"), VARIANTS)
@given(case=GAME_TREES)
def test_every_catalog_kind_agrees_with_minimax(
    kind: str, options: dict[str, object], case: tuple[Node, int]
) -> None:
    root, depth = case
    est = tree_estimator(ExplicitGame(root))
    move, value = CATALOG[kind].build(est, depth, options).analyse(est.game.start)
    mm_move, mm_value = Minimax(Settings(est, depth)).analyse(est.game.start)
    assert order_equal(value, mm_value)
    assert score(value) == tree_value(root, Side.Maxie, depth)
    # A move of the same value; without a table (which tries its own move first) and
    # without deepening (which tries the last depth's best first), the very move
    # Minimax plays: every kind keeps the first of equally good moves.
    assert tree_value(root.children[move], Side.Minnie, depth - 1) == score(value)
    built = CATALOG[kind].settings(est, depth, options)
    if not getattr(built, "table_entries", 0) and not isinstance(built, DeepeningSettings):
        assert move == mm_move


def check_events(events: list[SearchEvent[TreeState, int, float]], root: Node, depth: int) -> int:
    """Check the stream is one well-bracketed search whose bounds are true.

    Returns the positions entered below the root.  The root may be searched
    more than once (MTD(f)), each time as a root of its own.
    """
    assert isinstance(events[0], Enter)
    assert events[0].move is None
    assert 1 <= events[0].depth <= depth  # iterative deepening's first search is depth 1
    assert isinstance(events[-1], Leave)
    stack: list[Enter[TreeState, int, Window[float]]] = []
    roots = 0
    for event in events:
        match event:
            case Enter():
                if stack:
                    assert event.move is not None
                else:
                    roots += 1
                    assert event.move is None
                    assert event.status == events[0].status
                stack.append(event)
            case Leave():
                entered = stack.pop()
                status = entered.status
                if not isinstance(status, Playing):
                    assert event.bound is BoundKind.EXACT
                    continue
                state = status.state
                true = tree_value(state.node, state.side, entered.depth)
                got = score(event.value)
                match event.bound:
                    case BoundKind.EXACT:
                        assert got == true
                    case BoundKind.LOWER:
                        assert true >= got
                    case BoundKind.UPPER:
                        assert true <= got
                if event.bound is not BoundKind.EXACT:
                    assert entered.window is not None  # only windowed searches bound
            case Cut() | TableHit():
                assert stack
    assert roots >= 1
    assert not stack
    return sum(1 for e in events if isinstance(e, Enter)) - roots


@pytest.mark.parametrize(("kind", "options"), OBSERVED)
@given(case=GAME_TREES)
def test_every_kind_reports_one_well_bracketed_search_with_true_bounds(
    kind: str, options: dict[str, object], case: tuple[Node, int]
) -> None:
    root, depth = case
    events: list[SearchEvent[TreeState, int, float]] = []
    game = ExplicitGame(root)
    est = tree_estimator(game)
    observed = CATALOG[kind].build(est, depth, options, observer=events.append).analyse(game.start)
    plain = CATALOG[kind].build(est, depth, options).analyse(game.start)
    assert observed == plain  # observing changes nothing
    last = events[-1]
    assert isinstance(last, Leave)
    passes = sum(1 for e in events if isinstance(e, Enter) and e.move is None)
    if passes == 1:  # the root's Leave is the answer
        assert (last.best, last.value) == observed
    else:  # searched several times (MTD(f)): the answer is what the passes proved together
        assert order_equal(last.value, observed[1])
    entered = check_events(events, root, depth)
    counting = CountingGame(game)
    CATALOG[kind].build(tree_estimator(counting), depth, options).analyse(counting.start)
    assert entered == counting.plays  # every position played was entered


def test_bound_kinds_on_the_small_tree() -> None:
    events: list[SearchEvent[TreeState, int, float]] = []
    game = ExplicitGame(SMALL)
    AlphaBeta(Settings(tree_estimator(game), 2), observer=events.append).analyse(game.start)
    left = [
        (e.value, e.bound, e.best) for e in events if isinstance(e, Leave) and e.best is not None
    ]
    assert left == [
        (Guess(-2), BoundKind.EXACT, 2),  # b: searched whole with (-inf, +inf)
        (Guess(4), BoundKind.EXACT, 1),  # f: 4 inside (-2, +inf)
        (Guess(1), BoundKind.UPPER, 0),  # j: cut at 1 <= alpha = 4, so at most 1
        (Guess(4), BoundKind.EXACT, 1),  # a
    ]
    cuts = [e for e in events if isinstance(e, Cut)]
    assert [(c.move, c.value, seq.to_tuple(c.unsearched)) for c in cuts] == [(0, Guess(1), (1, 2))]


# ---------------------------------------------------------------------------
# The ordering hook


@given(trees_and_depths(), st.randoms(use_true_random=False))
def test_any_move_order_keeps_every_value(case: tuple[Node, int], rng: random.Random) -> None:
    root, depth = case

    def shuffled(state: TreeState, moves: Seq[int]) -> Seq[int]:
        order = list(seq.to_tuple(moves))
        random.Random(f"{state.node.name}-{rng.random()}").shuffle(order)
        return seq.from_iterable(tuple(order))

    # One fixed permutation per node, so every search sees the same order.
    orders: dict[str, tuple[int, ...]] = {}

    def fixed(state: TreeState, moves: Seq[int]) -> Seq[int]:
        if state.node.name not in orders:
            orders[state.node.name] = seq.to_tuple(shuffled(state, moves))
        return seq.from_iterable(orders[state.node.name])

    est = tree_estimator(ExplicitGame(root))
    plain_value = Minimax(Settings(est, depth)).analyse(est.game.start)[1]
    mm = Minimax(Settings(est, depth, order=fixed)).analyse(est.game.start)
    for kind in KINDS:
        kind_settings = CATALOG[kind].settings(est, depth, {})
        player = CATALOG[kind].factory(replace(kind_settings, order=fixed))
        move, value = player.analyse(est.game.start)
        assert order_equal(value, plain_value)
        if getattr(kind_settings, "table_entries", 0):  # a table tries its own move first
            assert tree_value(root.children[move], Side.Minnie, depth - 1) == score(value)
        else:
            assert move == mm[0]  # the same tie rule, over the same order


def test_settings_refuse_an_order_that_is_not_a_function() -> None:
    with pytest.raises(TypeError, match="the move order must be a function, got 3"):
        Settings(nim_estimator(Nim()), 2, order=3)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The catalog itself


def test_a_kind_that_reports_no_events_refuses_an_observer() -> None:
    unobserved = [kind for kind in CATALOG if not kind.observed]
    assert [kind.name for kind in unobserved] == ["mcts"]
    est = nim_estimator(Nim())
    for kind in unobserved:
        with pytest.raises(UnobservedError, match="reports its simulations, not the positions"):
            kind.build(est, 3, observer=lambda event: None)


def test_the_catalog_lists_the_lectures_kinds_first() -> None:
    assert CATALOG.names()[:3] == ("minimax", "alphabeta", "jamboree")
    assert CATALOG.names()[3:] == ("negamax", "negamax-ab", "pvs", "scout", "mtdf", "id", "mcts")
    assert [k.usage() for k in CATALOG] == [
        "minimax:DEPTH",
        "alphabeta:DEPTH",
        "jamboree:DEPTH:PRUNE",
        "negamax:DEPTH",
        "negamax-ab:DEPTH:FAIL:TABLE",
        "pvs:DEPTH:TABLE",
        "scout:DEPTH:TABLE",
        "mtdf:DEPTH:TABLE",
        "id:DEPTH:TIME:NODES:TABLE:ORDER",
        "mcts:SIMS:C:PLAYOUT:SCALE:SEED:SOLVER:TIME:NODES",
    ]
    assert [o.name for o in CATALOG.options()] == [
        *("prune", "fail", "table"),
        *("time", "nodes", "order"),
        *("sims", "c", "playout", "scale", "solver"),  # not seed: given in a spec only
    ]
    assert CATALOG["jamboree"].option("prune") is not None
    assert CATALOG["minimax"].option("prune") is None
    assert "alphabeta" in CATALOG
    assert CATALOG.get("proof") is None
    assert len(CATALOG) == 10


def test_building_from_the_catalog() -> None:
    est = nim_estimator(Nim())
    assert str(CATALOG["minimax"].build(est, 3)) == "Minimax(depth 3)"
    assert str(CATALOG["jamboree"].build(est, 4)) == "Jamboree(depth 4, prune 0.5)"
    assert str(CATALOG["jamboree"].build(est, 4, {"prune": 0.25})) == (
        "Jamboree(depth 4, prune 0.25)"
    )
    with pytest.raises(ValueError, match="alphabeta has no option prune"):
        CATALOG["alphabeta"].build(est, 4, {"prune": 0.25})
    with pytest.raises(TypeError, match="Jamboree needs JamboreeSettings"):
        CATALOG["jamboree"].factory(Settings(est, 4))


def test_a_catalog_is_a_value() -> None:
    extra = SearchKind("again", AlphaBeta, "alpha-beta once more")
    bigger = CATALOG.with_kind(extra)
    assert bigger.names() == (*CATALOG.names(), "again")
    assert "again" not in CATALOG
    replaced = bigger.with_kind(SearchKind("again", Minimax, "now Minimax"))
    assert replaced["again"].summary == "now Minimax"
    assert replaced.names() == bigger.names()


def test_every_default_is_written_as_a_person_types_it() -> None:
    # What --help and the docs' table of players show: text that parses back to the default.
    shown = {(kind.name, o.name): o.default_text() for kind in CATALOG for o in kind.options}
    assert shown == {
        ("jamboree", "prune"): "0.5",
        ("negamax-ab", "fail"): "soft",
        ("negamax-ab", "table"): "0",
        ("pvs", "table"): "0",
        ("scout", "table"): "0",
        ("mtdf", "table"): "100000",
        ("id", "time"): "1s",
        ("id", "nodes"): "none",
        ("id", "table"): "100000",
        ("id", "order"): "all",
        ("mcts", "sims"): "1000",
        ("mcts", "c"): "sqrt2",
        ("mcts", "playout"): "end",
        ("mcts", "scale"): "1",
        ("mcts", "seed"): "0",
        ("mcts", "solver"): "on",
        ("mcts", "time"): "none",
        ("mcts", "nodes"): "none",
    }
    for kind in CATALOG:
        for option in kind.options:
            assert option.parse(option.default_text()) == option.default, (kind.name, option)


def test_a_default_without_its_own_writing_is_written_plainly_and_in_order() -> None:
    # A set has no order of its own: its members are written sorted, so every run agrees.
    every = Option(
        "order", "the order", frozenset({"table", "killers", "history"}), parse_order, ""
    )
    assert every.default_text() == "history,killers,table"
    nothing: frozenset[str] = frozenset()
    assert Option("order", "the order", nothing, parse_order, "").default_text() == "none"
    assert Option("t", "t", None, parse_order, "").default_text() == "none"
    assert Option("t", "t", 0.25, parse_fraction, "").default_text() == "0.25"
    assert Option("t", "t", 1.0, parse_fraction, "").default_text() == "1"


def test_help_gives_each_default_as_typed() -> None:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(["play", "--help"])
    assert done.value.code == 0
    text = " ".join(out.getvalue().split())  # argparse wraps the help at its own width
    assert "the move ordering when the spec has none (default: id all)" in text
    assert "the position budget when the spec has none (default: id none, mcts none)" in text
    assert "the time budget when the spec has none (default: id 1s, mcts none)" in text
    assert "the exploration constant when the spec has none (default: mcts sqrt2)" in text
    assert "frozenset" not in text


def a_kind_with_an_option(name: str) -> SearchKind:
    return SearchKind("mm", Minimax, "x", options=(Option(name, "it", 1, int, "no"),))


Kinds = Callable[[], tuple[SearchKind, ...]]


@pytest.mark.parametrize(
    ("kinds", "message"),
    [
        (lambda: (SearchKind("a:b", Minimax, "x"),), "a search kind needs a name of lower-case"),
        (lambda: (SearchKind("", Minimax, "x"),), "a search kind needs a name of lower-case"),
        (lambda: (SearchKind("MM", Minimax, "x"),), "a search kind needs a name of lower-case"),
        (
            lambda: (SearchKind("mm", Minimax, "x"), SearchKind("mm", AlphaBeta, "y")),
            "two search kinds",
        ),
        (lambda: (a_kind_with_an_option("depth"),), "other than depth; got 'depth'"),
        (lambda: (a_kind_with_an_option("a=b"),), "an option of mm needs a name"),
        (lambda: (a_kind_with_an_option("x:y"),), "an option of mm needs a name"),
        (
            lambda: (
                SearchKind(
                    "mm",
                    Minimax,
                    "x",
                    options=(Option("a", "a", 1, int, "a"), Option("a", "b", 2, int, "b")),
                ),
            ),
            "two options of mm have the same name",
        ),
    ],
)
def test_a_catalog_and_its_kinds_refuse_names_a_spec_cannot_write(
    kinds: Kinds, message: str
) -> None:
    """A kind checks its own options when it is made; the catalog checks the kinds' names."""
    with pytest.raises(ValueError, match=message):
        Catalog(kinds())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x", "must be a number, got 'x'"),
        ("-0.5", "between 0 and 1"),
        # 'nan' is not a number written in the digits 0-9 (gamelib.core.checks); 1e999 is
        # one, too big.
        ("nan", "must be a number, got 'nan'"),
        ("1e999", "must be between 0 and 1, got 1e999"),
        ("٠.٥", "must be a number written with the digits 0-9, got '٠.٥'"),
    ],
)
def test_parse_fraction_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_fraction(text)


# ---------------------------------------------------------------------------
# Capabilities


@dataclass(frozen=True)
class Board:
    """An unhashable state: a list inside."""

    cells: list[int]


@dataclass(frozen=True)
class ListGame:
    """A one-move game whose states cannot be hashed."""

    @property
    def start(self) -> Board:
        return Board([0])

    def player(self, state: Board, /) -> Side:
        return Side.Maxie

    def moves(self, state: Board, /) -> Seq[int]:
        return seq.singleton(1)

    def play(self, state: Board, move: int, /) -> Status[Board]:
        return Done(Winner(Side.Maxie))

    def state_to_string(self, state: Board, /) -> str:
        return str(state.cells)

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: Board, text: str, /) -> int | None:
        return 1 if text == "1" else None


@dataclass(frozen=True)
class KeyedListGame:
    """The same game, giving its states a key."""

    inner: ListGame

    @property
    def start(self) -> Board:
        return self.inner.start

    def player(self, state: Board, /) -> Side:
        return self.inner.player(state)

    def moves(self, state: Board, /) -> Seq[int]:
        return self.inner.moves(state)

    def play(self, state: Board, move: int, /) -> Status[Board]:
        return self.inner.play(state, move)

    def state_to_string(self, state: Board, /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: Board, text: str, /) -> int | None:
        return self.inner.parse_move(state, text)

    def key(self, state: Board, /) -> tuple[int, ...]:
        return tuple(state.cells)


def test_keyed_states() -> None:
    nim = Nim()
    start = nim.start
    assert state_key(nim)(start) is start  # a hashable state is its own key
    keyed = KeyedListGame(ListGame())
    assert isinstance(keyed, Keyed)
    assert state_key(keyed)(keyed.start) == (0,)
    with pytest.raises(MissingCapabilityError, match="the states of ListGame cannot be hashed"):
        state_key(ListGame())
    est = NumericEstimator(ListGame(), lambda state: 0.0)
    assert missing({Capability.KEYED}, ListGame(), est) == [
        "the states of ListGame cannot be hashed and the game has no key method, "
        "so no table can store them"
    ]
    assert missing({Capability.KEYED}, keyed, NumericEstimator(keyed, lambda state: 0.0)) == []


def test_numeric_estimates() -> None:
    est = nim_estimator(Nim())
    assert isinstance(est, NumericEstimates)
    assert not isinstance(OnlyCompares(Nim()), NumericEstimates)
    assert missing({Capability.NUMERIC}, Nim(), OnlyCompares(Nim())) == [
        "its estimator (OnlyCompares) has no numeric estimates: it cannot negate or average "
        "its guesses"
    ]
    assert est.average([(Fraction(1, 4), 4), (Fraction(3, 4), 0)]) == 1
    assert average_est(est, [(0.5, Guess(2)), (0.5, Definitely(Draw()))]) == Guess(1)
    certain = Definitely(Winner(Side.Minnie))
    assert average_est(est, [(Fraction(1, 2), certain), (Fraction(1, 2), certain)]) == certain
    finite = NumericEstimator(Nim(), nim_estimate, win_guess=10)
    mixed = [(0.5, Definitely(Winner(Side.Maxie))), (0.5, Definitely(Winner(Side.Minnie)))]
    assert average_est(finite, mixed) == Guess(0)
    with pytest.raises(ValueError, match="give the estimator a finite win_guess"):
        average_est(est, mixed)


estimates = st.one_of(
    st.integers(-5, 5).map(Guess),
    st.sampled_from([Definitely(Winner(Side.Maxie)), Definitely(Winner(Side.Minnie))]),
    st.just(Definitely(Draw())),
)


@given(estimates, estimates)
def test_negating_reverses_the_order(
    a: Guess[int] | Definitely, b: Guess[int] | Definitely
) -> None:
    est = nim_estimator(Nim())
    flipped = {LESS: GREATER, EQUAL: EQUAL, GREATER: LESS}
    assert (
        standard_compare(negate_est(est, a), negate_est(est, b)) is flipped[standard_compare(a, b)]
    )
    assert negate_est(est, negate_est(est, a)) == a


# ---------------------------------------------------------------------------
# The command line reads the catalog


def test_options_by_name_position_or_flag() -> None:
    expected = "(Maxie,a)\nJamboree(depth 4, prune 0.25) chooses 0 for Maxie; value: Guess 3\n"
    for argv in (
        ["--player", "jamboree:4:0.25"],
        ["--player", "jamboree:4:prune=0.25"],
        ["--player", "jamboree:4", "--prune", "0.25"],
        ["--player", "jamboree", "--depth", "4", "--prune", "0.25"],
    ):
        assert run("analyse", "tree", "--tree", "big", *argv) == (0, expected, "")
    # The spec wins over the flag, so here the flag does nothing, and is refused.
    assert run("analyse", "tree", "--tree", "big", "--player", "jamboree:4:1", "--prune", "0") == (
        2,
        "",
        "gamelib: --prune 0 has no effect: every one of the jamboree players here gives its own\n",
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "jamboree:4:speed=2",
            "jamboree has no option 'speed' (in 'jamboree:4:speed=2'); its options: prune",
        ),
        (
            "alphabeta:4:x=1",
            "alphabeta has no option 'x' (in 'alphabeta:4:x=1'); it takes no options",
        ),
        (
            "jamboree:4:prune=2",
            "the prune percentage in 'jamboree:4:prune=2' must be between 0 and 1, got 2",
        ),
    ],
)
def test_bad_options_get_one_sentence(spec: str, message: str) -> None:
    assert run("analyse", "nim", "--player", spec) == (2, "", f"gamelib: {message}\n")


def test_a_kind_from_outside_the_package_works_everywhere() -> None:
    catalog = CATALOG.with_kind(SearchKind("ab2", AlphaBeta, "alpha-beta under another name"))
    status, out, _ = run("list", catalog=catalog)
    assert "  ab2        alpha-beta under another name, ab2:DEPTH\n" in out
    assert run("analyse", "nim", "--player", "ab2:5", catalog=catalog) == (
        0,
        "15 left, and it is Maxie's turn\nAlphaBeta(depth 5) chooses 2 for Maxie; value: Guess 1\n",
        "",
    )
    status, out, _ = run("trace", "small", "--player", "ab2", catalog=catalog)
    assert status == 0
    assert out.endswith("11 positions visited (root included); 7 estimated or finished\n")
    status, _, err = run("analyse", "nim", "--player", "ab2:5")
    assert (status, err[:40]) == (2, "gamelib: unknown player kind 'ab2'; know")


def test_a_kind_whose_needs_the_game_lacks_is_refused() -> None:
    keyed = SearchKind("keyed", Minimax, "needs keys", needs=frozenset({Capability.KEYED}))
    numeric = SearchKind("numeric", Minimax, "needs numbers", needs=frozenset({Capability.NUMERIC}))
    catalog = CATALOG.with_kind(keyed).with_kind(numeric)
    # Every shipped game has hashable states and a numeric estimator:
    assert run("analyse", "nim", "--player", "keyed:3", catalog=catalog)[0] == 0
    assert run("analyse", "tictactoe", "--player", "numeric:2", catalog=catalog)[0] == 0
    with pytest.raises(MissingCapabilityError, match="keyed cannot search this game: the states"):
        keyed.build(NumericEstimator(ListGame(), lambda state: 0.0), 1)


# ---------------------------------------------------------------------------
# The front door


def test_the_front_door_has_what_students_and_game_authors_import() -> None:
    wanted = {
        "Game", "Player", "Side", "flip", "Winner", "Draw", "Outcome", "Playing", "Done",
        "Status", "Definitely", "Guess", "Est", "Estimator", "NumericEstimator", "Settings",
        "Minimax", "AlphaBeta", "Jamboree", "referee", "HumanPlayer", "RandomPlayer", "seq",
    }  # fmt: skip
    assert wanted <= set(gamelib.__all__)
    for name in gamelib.__all__:
        assert getattr(gamelib, name) is not None, name
    assert gamelib.seq.to_list(gamelib.seq.singleton(1)) == [1]
    assert gamelib.Minimax is Minimax


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["analyse", "nim", "--player", "jamboree:4:=0.3"],
            "an option name is missing before '=' in 'jamboree:4:=0.3'",
        ),
        (
            ["analyse", "nim", "--player", "jamboree:4:prune"],
            "'prune' in 'jamboree:4:prune' needs a value: write prune=VALUE",
        ),
        (
            ["analyse", "nim", "--player", "jamboree:4:0.3:prune=0.2"],
            "prune is given twice in 'jamboree:4:0.3:prune=0.2'",
        ),
        (
            ["analyse", "tree", "--tree", "big", "--depth", "9"],
            "the depth 9 in --depth is deeper than the tree: its shallowest leaf is 4 moves "
            "from the root, so depth 4 is the deepest that works",
        ),
        (
            ["analyse", "nim", "--player", "alphabeta:3", "--prune", "0.3"],
            "--prune is for jamboree players, and no player here is one",
        ),
        (
            ["play", "nim", "--maxie", "random", "--minnie", "random", "--depth", "3"],
            "--depth is for search players, and no player here is one",
        ),
        (
            ["play", "nim", "--maxie", "minimax:2", "--minnie", "alphabeta:3", "--depth", "4"],
            "--depth 4 has no effect: every one of the search players here gives its own",
        ),
        (
            ["run", "Nim_MMvMM", "--prune", "0.3"],
            "--prune is for jamboree players, and no player here is one",
        ),
        (["play", "nim", "--depth", "0"], "--depth must be at least 1, got 0"),
    ],
)
def test_spec_and_flag_mistakes_get_one_sentence(argv: list[str], message: str) -> None:
    assert run(*argv) == (2, "", f"gamelib: {message}\n")


def test_positional_options_cannot_follow_named_ones_or_repeat() -> None:
    two = SearchKind(
        "two",
        Minimax,
        "two options",
        options=(Option("a", "option a", 1, int, "a"), Option("b", "option b", 2, int, "b")),
    )
    catalog = CATALOG.with_kind(two)
    for spec, message in (
        ("two:3:a=1:2", "in 'two:3:a=1:2', '2' follows a named option, so it needs a name too"),
        ("two:3:1:a=5", "a is given twice in 'two:3:1:a=5'"),
    ):
        assert run("analyse", "nim", "--player", spec, catalog=catalog) == (
            2,
            "",
            f"gamelib: {message}\n",
        )
    assert run("analyse", "nim", "--player", "two:3:b=1:a=2", catalog=catalog)[0] == 0


def test_kind_names_ignore_case_and_spaces_and_minus_zero_is_zero() -> None:
    status, out, _ = run("analyse", "nim", "--player", " JamBoree : 4 : -0 ")
    assert status == 0
    assert "Jamboree(depth 4, prune 0) chooses" in out


def test_presets_take_a_depth_after_their_name() -> None:
    status, out, _ = run("run", "Nim_MMvMM", "--depth", "2", "--pile", "6", "--exit-code")
    assert status == (10 if out.endswith("Maxie wins!\n") else 11)
    assert out.split("\n", 1)[1].startswith("Maxie: Minimax(depth 2).  Minnie: Minimax(depth 2).\n")


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (
            SearchKind("random", Minimax, "x"),
            "the search kind 'random' has the name of a player that does not search",
        ),
        (a_kind_with_an_option("seed"), "the search option 'seed' would hide gamelib's --seed"),
        (
            a_kind_with_an_option("pile"),
            "the search option 'pile' would hide the nim option --pile",
        ),
        (a_kind_with_an_option("k"), "the search option 'k' would hide the connect4 option --k"),
    ],
)
def test_a_catalog_whose_names_clash_with_the_command_line_is_refused(
    kind: SearchKind, message: str
) -> None:
    catalog = CATALOG.with_kind(kind)
    assert run("list", catalog=catalog) == (2, "", f"gamelib: {message}\n")


def test_wrappers_have_a_capability_exactly_when_what_they_wrap_has_it() -> None:
    unhashable = CountingGame(ListGame())
    with pytest.raises(MissingCapabilityError, match="the states of CountingGame cannot be hashed"):
        state_key(unhashable)
    keyed = CountingGame(KeyedListGame(ListGame()))
    assert state_key(keyed)(keyed.start) == (0,)
    nim = CountingGame(Nim())
    start = nim.start
    assert state_key(nim)(start) is start
    recording = RecordingEstimator(nim_estimator(Nim()))
    assert has_numeric_estimates(recording)
    assert recording.negate(3) == -3
    words = RecordingEstimator(OnlyCompares(Nim()))
    assert not has_numeric_estimates(words)
    assert missing({Capability.NUMERIC}, Nim(), words) == [
        "its estimator (RecordingEstimator) has no numeric estimates: it cannot negate or "
        "average its guesses"
    ]


def test_a_certain_outcome_of_weight_zero_counts_for_nothing() -> None:
    est = nim_estimator(Nim())
    weighted: list[tuple[Fraction | float, Definitely | Guess[float]]] = [
        (0, Definitely(Winner(Side.Maxie))),
        (1, Guess(3)),
    ]
    assert average_est(est, weighted) == Guess(3)
    with pytest.raises(ValueError, match="give the estimator a finite win_guess"):
        average_est(est, [(0.5, Definitely(Winner(Side.Maxie))), (0.5, Guess(3))])


def test_build_takes_an_ordering_hook() -> None:
    est = tree_estimator(ExplicitGame(SMALL))

    def backwards(state: TreeState, moves: Seq[int]) -> Seq[int]:
        return seq.from_iterable(tuple(reversed(seq.to_tuple(moves))))

    events: list[SearchEvent[TreeState, int, float]] = []
    player = CATALOG["alphabeta"].build(est, 2, order=backwards, observer=events.append)
    assert player.analyse(est.game.start) == (1, Guess(4))
    first_child = next(e for e in events[1:] if isinstance(e, Enter))
    assert first_child.move == 2


def test_main_takes_a_search_of_any_family_added_to_the_catalogs() -> None:
    """One registration: a chance kind and an n-player kind of one's own, added with
    `Catalogs.with_kind`, play at once, listed beside the shipped ones."""
    catalogs = CATALOGS.with_kind(
        ChanceKind("dice-minimax", "my expectiminimax", searched_by(Expectiminimax))
    ).with_kind(NPlayerKind("my-maxn", "my max^n", CATALOGS.n_player["maxn"].build))
    assert catalogs.family_of("dice-minimax") == "chance"
    assert catalogs.family_of("my-maxn") == "n-player"
    out = io.StringIO()
    argv = ["analyse", "pig", "--target", "10", "--player", "dice-minimax:2"]
    assert main(argv, stdout=out, catalog=catalogs) == 0
    assert "Expectiminimax(depth 2) chooses roll for Maxie; value: about 0.7175\n" in (
        out.getvalue()
    )
    out = io.StringIO()
    argv = ["analyse", "takeaway", "--pile", "6", "--player", "my-maxn:3"]
    assert main(argv, stdout=out, catalog=catalogs) == 0
    assert out.getvalue().endswith("MaxN(depth 3) chooses 1 for A; value: (1,0,0)\n")
    listed = io.StringIO()
    assert main(["list"], stdout=listed, catalog=catalogs) == 0
    assert "dice-minimax   my expectiminimax, dice-minimax:DEPTH" in listed.getvalue()
    assert "my-maxn        my max^n, my-maxn:DEPTH" in listed.getvalue()
    # Traced from the kind alone, as text and as lines of JSON.
    for tree, kind in (("dice", "dice-minimax:2"), ("cse473-3p", "my-maxn:3")):
        traced = io.StringIO()
        assert main(["trace", tree, "--player", kind, "--json"], stdout=traced,
                    catalog=catalogs) == 0  # fmt: skip
        done = json.loads(traced.getvalue().splitlines()[-1])
        assert done["event"] == "done"
        assert done["player"] in ("Expectiminimax(depth 2)", "MaxN(depth 3)")
    # Without them, the names are unknown to the shipped catalogs.
    err = io.StringIO()
    assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert "unknown player kind 'my-maxn'" in err.getvalue()


def test_a_kind_may_not_take_a_name_another_family_uses() -> None:
    catalogs = CATALOGS.with_kind(ChanceKind("alphabeta", "a clash", searched_by(Expectiminimax)))
    err = io.StringIO()
    assert main(["list"], stdout=io.StringIO(), stderr=err, catalog=catalogs) == 2
    assert "the search kind 'alphabeta' is both a two-player and a chance search" in (
        err.getvalue()
    )
