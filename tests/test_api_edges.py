"""The Python API at its edges: bad input and broken contracts fail with one sentence naming them.

Each case asserts the exception's type and the sentence that names the bad
value (or the position), as a user of the library would read it.
"""

from __future__ import annotations

import io
import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (
    EQUAL,
    AlphaBeta,
    Guess,
    Jamboree,
    JamboreeSettings,
    Minimax,
    Playing,
    Settings,
    Side,
    Status,
    seq,
)
from gamelib.catalog import CATALOG
from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.cli import main
from gamelib.core import Game, Player, RandomPlayer
from gamelib.core.controller import referee
from gamelib.core.game import NoMovesError
from gamelib.core.trees import TreeSyntaxError
from gamelib.estimate import NaNGuessError, NumericEstimator, standard_compare
from gamelib.games.connect4 import ConnectFour
from gamelib.games.explicit import (
    ExplicitGame,
    TreeState,
    parse_tree,
    shallowest_leaf,
    tree_estimator,
    tree_to_text,
)
from gamelib.games.nim import Nim, NimState, nim_estimate, nim_estimator
from gamelib.games.pig import Pig, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer.game import NSettings
from gamelib.search import GameRecursionError, SearchDepthError
from gamelib.seq import Seq

# --------------------------------------------------------------------------
# seq: endless sequences, nested maps, split's errors

SOURCES: dict[str, Callable[[list[int]], Seq[int]]] = {
    "array": lambda xs: seq.from_iterable(tuple(xs)),
    "stream": lambda xs: seq.from_iterable(iter(xs)),
    "tabulate": lambda xs: seq.tabulate(lambda i: xs[i], len(xs)),
}

CONSUMERS: dict[str, Callable[[Seq[int]], object]] = {
    "to_list": seq.to_list,
    "to_tuple": seq.to_tuple,
    "length": seq.length,
    "reduce": lambda s: seq.reduce(max, 0, s),
    "reduce1": lambda s: seq.reduce1(max, s),
    "mapreduce": lambda s: seq.mapreduce(abs, 0, max, s),
}

ENDLESS: dict[str, Callable[[], Seq[int]]] = {
    "tabulate": lambda: seq.tabulate(lambda i: i),
    "map": lambda: seq.map(lambda x: x + 1, seq.tabulate(lambda i: i)),
    "drop": lambda: seq.drop(seq.tabulate(lambda i: i), 3),
    "append": lambda: seq.append(seq.tabulate(lambda i: i), seq.singleton(1)),
    "append-second": lambda: seq.append(seq.from_iterable(iter([1])), seq.tabulate(lambda i: i)),
    "cons": lambda: seq.cons(1, seq.tabulate(lambda i: i)),
    "hide1": lambda: seq.hide1(seq.Cons(1, seq.tabulate(lambda i: i))),
    "filter": lambda: seq.filter(lambda x: x > 5, seq.tabulate(lambda i: i)),
    "zip": lambda: seq.map(sum, seq.zip(seq.tabulate(lambda i: i), seq.tabulate(lambda i: -i))),
    "flatten-outer": lambda: seq.flatten(seq.map(seq.singleton, seq.tabulate(lambda i: i))),
    # Known only once it is reached: after the finite inner sequences before it.
    "flatten-inner": lambda: seq.flatten(
        seq.from_iterable(iter([seq.singleton(7), seq.empty(), seq.tabulate(lambda i: i)]))
    ),
    "map-of-filter-of-cons": lambda: seq.map(
        abs, seq.filter(lambda x: True, seq.cons(1, seq.tabulate(lambda i: i)))
    ),
}


@pytest.mark.parametrize("who", sorted(CONSUMERS))
@pytest.mark.parametrize("how", sorted(ENDLESS))
def test_every_consumer_refuses_an_endless_sequence_alike(who: str, how: str) -> None:
    with pytest.raises(seq.EndlessSeqError, match=rf"^{who}: the sequence is endless \("):
        CONSUMERS[who](ENDLESS[how]())


@pytest.mark.parametrize("how", sorted(ENDLESS))
def test_an_endless_sequence_gives_any_prefix(how: str) -> None:
    assert seq.length(seq.take(ENDLESS[how](), 50)) == 50


def test_a_zip_with_one_finite_side_is_finite() -> None:
    endless = seq.tabulate(lambda i: i)
    finite = seq.map(abs, seq.from_iterable(iter([-1, -2])))
    assert seq.to_list(seq.zip(finite, endless)) == [(1, 0), (2, 1)]
    assert seq.to_list(seq.zip(endless, finite)) == [(0, 1), (1, 2)]


def test_an_endless_sequence_still_gives_its_prefix() -> None:
    endless = seq.append(seq.map(lambda x: 2 * x, seq.tabulate(lambda i: i)), seq.empty())
    assert seq.to_list(seq.take(endless, 4)) == [0, 2, 4, 6]
    assert seq.nth(endless, 1000) == 2000


@given(
    st.lists(st.integers(-5, 5), max_size=4),
    st.sampled_from(sorted(SOURCES)),
    st.integers(0, 4000),
)
def test_maps_nested_thousands_deep_need_no_recursion(xs: list[int], how: str, n: int) -> None:
    calls = [0]

    def inc(x: int) -> int:
        calls[0] += 1
        return x + 1

    s = SOURCES[how](xs)
    for _ in range(n):
        s = seq.map(inc, s)
    assert seq.to_list(s) == [x + n for x in xs]
    assert seq.to_list(s) == [x + n for x in xs]  # memoised: no level runs twice
    assert calls[0] == n * len(xs)


def test_nested_maps_over_an_endless_source_read_only_what_is_asked() -> None:
    pulled: list[int] = []

    def source() -> itertools.count[int]:
        return itertools.count()

    def pull(x: int) -> int:
        pulled.append(x)
        return x

    # A tabulation is read at the index asked; a stream up to it.
    for base, read in ((seq.tabulate(lambda i: i), [2]), (seq.from_iterable(source()), [0, 1, 2])):
        pulled.clear()
        s = seq.map(pull, base)
        for _ in range(5000):
            s = seq.map(lambda x: x + 1, s)
        assert seq.nth(s, 2) == 5002
        assert pulled == read


# Every lazy transformation, as one level of a chain over a stream.  Each keeps
# the elements finite and few, so a model list can follow a chain thousands of
# levels deep; `calls` counts how often each level's own function runs.
Level = Callable[[Seq[int], int, list[int]], Seq[int]]


def _counted_map(s: Seq[int], level: int, calls: list[int]) -> Seq[int]:
    def inc(x: int) -> int:
        calls[0] += 1
        return x + 1

    return seq.map(inc, s)


def _counted_filter(s: Seq[int], level: int, calls: list[int]) -> Seq[int]:
    def keep(x: int) -> bool:
        calls[0] += 1
        return x % 5 != level % 5  # each level rejects its own elements

    return seq.filter(keep, s)


LEVELS: dict[str, tuple[Level, Callable[[list[int], int], list[int]]]] = {
    "map": (_counted_map, lambda xs, level: [x + 1 for x in xs]),
    "filter": (_counted_filter, lambda xs, level: [x for x in xs if x % 5 != level % 5]),
    "append-left": (lambda s, level, calls: seq.append(seq.empty(), s), lambda xs, level: xs),
    "append-right": (lambda s, level, calls: seq.append(s, seq.empty()), lambda xs, level: xs),
    "flatten": (
        lambda s, level, calls: seq.flatten(seq.from_iterable([seq.empty(), s, seq.empty()])),
        lambda xs, level: xs,
    ),
    "zip": (
        lambda s, level, calls: seq.map(lambda p: p[0], seq.zip(s, seq.tabulate(lambda i: i))),
        lambda xs, level: xs,
    ),
}


def _lazy_chain(
    xs: list[int], pattern: list[str], repeat: int
) -> tuple[Seq[int], list[int], list[int]]:
    """`pattern` repeated `repeat` times over a stream of `xs`: the chain, its model, its calls."""
    calls = [0]
    s: Seq[int] = seq.from_iterable(iter(xs))
    model = list(xs)
    for level in range(repeat * len(pattern)):
        build, follow = LEVELS[pattern[level % len(pattern)]]
        s = build(s, level, calls)
        model = follow(model, level)
    return s, model, calls


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(-9, 9), max_size=6),
    st.lists(st.sampled_from(sorted(LEVELS)), min_size=1, max_size=4),
    st.integers(0, 700),
)
def test_every_lazy_transformation_nests_thousands_deep(
    xs: list[int], pattern: list[str], repeat: int
) -> None:
    s, model, calls = _lazy_chain(xs, pattern, repeat)
    assert seq.to_list(s) == model
    ran = calls[0]
    assert seq.to_list(s) == model  # memoised: a second reading runs no level again
    assert calls[0] == ran
    assert repr(s) == "seq[" + ", ".join(map(str, model)) + "]"


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_each_lazy_transformation_reads_5000_levels_deep(name: str) -> None:
    s, model, _ = _lazy_chain([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [name], 5000)
    assert seq.to_list(s) == model
    assert len(model) == (0 if name == "filter" else 10)


def test_reduce_of_appends_reads_through_thousands_of_empty_ones() -> None:
    # Streams, not arrays: appending arrays builds one array and no stream cells.
    def piece(i: int) -> Seq[int]:
        return seq.from_iterable(iter([i] if i % 1000 == 999 else []))

    pieces = seq.tabulate(piece, 5000)
    assert seq.to_list(seq.reduce(seq.append, seq.empty(), pieces)) == [999, 1999, 2999, 3999, 4999]


def test_a_level_that_raises_can_be_read_again() -> None:
    fail = [True]

    def keep(x: int) -> bool:
        if x == 3 and fail[0]:
            fail[0] = False
            raise ValueError("not yet")
        return x % 2 == 1

    s: Seq[int] = seq.filter(keep, seq.from_iterable(iter(range(8))))
    for _ in range(2000):
        s = seq.map(lambda x: x, seq.append(s, seq.empty()))
    with pytest.raises(ValueError, match="not yet"):
        seq.to_list(s)
    assert seq.to_list(s) == [1, 3, 5, 7]


@pytest.mark.parametrize("how", sorted(SOURCES))
def test_split_names_split_not_take(how: str) -> None:
    s = SOURCES[how]([1, 2])
    with pytest.raises(seq.SeqIndexError, match=r"^split: cannot split at 3: .* only 2 elements$"):
        seq.split(s, 3)
    with pytest.raises(seq.SeqIndexError, match=r"^split: the count -1 is negative$"):
        seq.split(s, -1)


# --------------------------------------------------------------------------
# A game that breaks its contract: no moves in a state still being played


class NoMovesAtTwo:
    """Counts up by one each move; at 2 it says the game goes on but offers no moves."""

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> Side:
        return Side.Maxie if state % 2 == 0 else Side.Minnie

    def moves(self, state: int, /) -> Seq[int]:
        return seq.empty() if state == 2 else seq.singleton(1)

    def play(self, state: int, move: int, /) -> Status[int]:
        return Playing(state + move)

    def state_to_string(self, state: int, /) -> str:
        return f"count {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return 1 if text.strip() == "1" else None


NO_MOVES_SENTENCE = r"^the game offered no moves in a state still being played: 'count 2'$"


def _no_moves_estimator() -> NumericEstimator[int, int]:
    game: Game[int, int] = NoMovesAtTwo()
    return NumericEstimator(game, float)


PLAYERS: dict[str, Callable[[NumericEstimator[int, int]], Player[int, int]]] = {
    "minimax": lambda est: Minimax(Settings(est, 3)),
    "alphabeta": lambda est: AlphaBeta(Settings(est, 3)),
    "jamboree": lambda est: Jamboree(JamboreeSettings(est, 3, 0.5)),
}


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_every_search_names_the_position_without_moves(kind: str) -> None:
    player = PLAYERS[kind](_no_moves_estimator())
    with pytest.raises(NoMovesError, match=NO_MOVES_SENTENCE):
        player.next_move(0)


@dataclass(frozen=True)
class _AlwaysOne:
    """A player that plays 1 without looking, as a player that does not search may."""

    game: Game[int, int]

    def next_move(self, state: int, /) -> int:
        return 1


@pytest.mark.parametrize("kind", ["random", "always-one"])
def test_the_referee_names_the_position_without_moves_before_asking_a_player(kind: str) -> None:
    # Before: random.choice's IndexError, or an illegal move with no legal ones listed.
    game = NoMovesAtTwo()
    player: Player[int, int] = RandomPlayer(game, seed=1) if kind == "random" else _AlwaysOne(game)
    out = io.StringIO()
    with pytest.raises(NoMovesError, match=NO_MOVES_SENTENCE):
        referee(game, player, player, out=out, clock=lambda: 0.0)
    assert out.getvalue().endswith("count 2\n")


# --------------------------------------------------------------------------
# Constructors and settings: a bool, a float or text is not a whole number

NOT_WHOLE: list[object] = [2.5, True, False, "3", None, 7.0]

GAMES: dict[str, tuple[Callable[[Any], object], str]] = {
    "Nim(pile)": (lambda v: Nim(pile=v), "a Nim pile must be a whole number of pebbles"),
    "ConnectFour(cols)": (lambda v: ConnectFour(cols=v), "cols must be a whole number"),
    "ConnectFour(rows)": (lambda v: ConnectFour(rows=v), "rows must be a whole number"),
    "ConnectFour(k)": (lambda v: ConnectFour(k=v), "k must be a whole number"),
    "TakeAway(pile)": (lambda v: TakeAway(pile=v), "a take-away pile must be a whole number"),
    "Pig(target)": (lambda v: Pig(target=v), "a Pig target must be a whole number"),
}


def _named(value: object) -> str:
    return repr(value) if isinstance(value, str | None) else str(value)


@pytest.mark.parametrize("value", NOT_WHOLE, ids=repr)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_game_sizes_must_be_whole_numbers(game: str, value: object) -> None:
    make, sentence = GAMES[game]
    named = re.escape(_named(value))
    with pytest.raises(ValueError, match=f"^{re.escape(sentence)}.*, got {named}$"):
        make(value)


@pytest.mark.parametrize("value", [0, -1, -(10**5000)], ids=["0", "-1", "huge"])
def test_a_pile_below_one_is_named_short(value: int) -> None:
    shown = "a negative number of 5,001 digits" if value < -(10**30) else str(value)
    with pytest.raises(ValueError, match=f"^a Nim pile needs at least 1 pebble, got {shown}$"):
        Nim(pile=value)


SETTINGS: dict[str, Callable[[Any], object]] = {
    "Settings": lambda d: Settings(nim_estimator(Nim()), d),
    "JamboreeSettings": lambda d: JamboreeSettings(nim_estimator(Nim()), d, 0.5),
    "NSettings": lambda d: NSettings(takeaway_estimator(TakeAway()), d),
    "ChanceSettings": lambda d: ChanceSettings(pig_estimator(Pig()), d),
}


@pytest.mark.parametrize("depth", ["3", 3.0, True, None], ids=repr)
@pytest.mark.parametrize("kind", sorted(SETTINGS))
def test_every_settings_names_a_depth_that_is_not_a_whole_number(kind: str, depth: object) -> None:
    sentence = f"^search depth must be a whole number, got {re.escape(_named(depth))}$"
    with pytest.raises(TypeError, match=sentence):
        SETTINGS[kind](depth)


@pytest.mark.parametrize("prune", ["0.5", None, True, [0.5]], ids=repr)
def test_jamboree_names_a_prune_percentage_that_is_not_a_number(prune: object) -> None:
    sentence = f"^prune percentage must be a number, got {re.escape(repr(prune))}$"
    with pytest.raises(TypeError, match=sentence):
        JamboreeSettings(nim_estimator(Nim()), 3, cast(float, prune))


# --------------------------------------------------------------------------
# NaN from an estimator: refused where it enters the search, naming the position


def _nan_at_five(state: NimState) -> float:
    return math.nan if state.pebbles == 5 else float(nim_estimate(state))


@pytest.mark.parametrize("kind", CATALOG.names())
def test_every_search_refuses_a_nan_guess_naming_the_position(kind: str) -> None:
    game = Nim(pile=8)
    player = CATALOG[kind].build(NumericEstimator(game, _nan_at_five), 3, {})
    with pytest.raises(NaNGuessError, match=r"^the estimator gave NaN for '5 left, and it is "):
        player.analyse(game.start)


def test_minimax_and_alphabeta_no_longer_disagree_silently_on_nan() -> None:
    # Before, each picked a move (different ones) from a value of Guess nan.
    game = Nim(pile=9)
    est = NumericEstimator(game, _nan_at_five)
    for factory in (Minimax, AlphaBeta):
        with pytest.raises(NaNGuessError, match="NaN is neither less nor greater"):
            factory(Settings(est, 4)).analyse(game.start)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_standard_compare_refuses_nan_on_either_side(x: float) -> None:
    for a, b in ((Guess(math.nan), Guess(x)), (Guess(x), Guess(math.nan))):
        with pytest.raises(NaNGuessError, match=r"^cannot compare Guess .* with Guess "):
            standard_compare(a, b)
    assert standard_compare(Guess(x), Guess(x)) is EQUAL


# --------------------------------------------------------------------------
# Recursion: a search too deep, told apart from a game or estimator that recurses


class Line:
    """One move from every position, forever: a search goes exactly as deep as its depth."""

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> Side:
        return Side.Maxie if state % 2 == 0 else Side.Minnie

    def moves(self, state: int, /) -> Seq[int]:
        return _ONE

    def play(self, state: int, move: int, /) -> Status[int]:
        return Playing(state + move)

    def state_to_string(self, state: int, /) -> str:
        return f"line {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return None


_ONE: Seq[int] = seq.singleton(1)


def _runaway(state: int) -> float:
    return _runaway(state + 1)


@pytest.mark.parametrize("kind", CATALOG.names())
def test_a_runaway_estimator_at_depth_one_is_not_called_a_depth_problem(kind: str) -> None:
    game: Game[int, int] = Line()
    player = CATALOG[kind].build(NumericEstimator(game, _runaway), 1, {})
    with pytest.raises(GameRecursionError) as caught:
        player.analyse(game.start)
    message = str(caught.value)
    assert re.match(r"^Python's recursion limit \(\d+\) was reached inside _runaway \(", message)
    assert "during a search of depth 1: a runaway recursion in the game or its estimator" in message
    assert not isinstance(caught.value, SearchDepthError)


@pytest.mark.parametrize("kind", ["minimax", "alphabeta", "jamboree"])
def test_a_search_too_deep_quotes_a_depth_that_works(kind: str) -> None:
    game: Game[int, int] = Line()
    est = NumericEstimator(game, lambda s: 0.0)
    with pytest.raises(SearchDepthError) as caught:
        CATALOG[kind].build(est, 5000, {}).analyse(game.start)
    told = r"out of room about (\d+) moves deep, so choose a depth of at most (\d+)"
    found = re.search(told, str(caught.value))
    assert found is not None, str(caught.value)
    assert str(caught.value).startswith("a search of depth 5000 goes deeper than Python's")
    # The figure is this search's own: the depth it proposes runs, a little more does not.
    works = int(found[2])
    assert CATALOG[kind].build(est, works, {}).analyse(game.start)[0] == 1
    with pytest.raises(SearchDepthError):
        CATALOG[kind].build(est, works + 5, {}).analyse(game.start)


# --------------------------------------------------------------------------
# Deep explicit trees: parsed, measured, written, compared and hashed without recursion


def _chain(n: int) -> str:
    return "a[" * n + "b1" + "]" * n


@pytest.mark.parametrize("n", [500, 20_000])
def test_a_deep_tree_parses_measures_and_round_trips(n: int) -> None:
    tree = parse_tree(_chain(n))
    assert shallowest_leaf(tree) == n
    assert tree_to_text(tree) == _chain(n)
    twin = parse_tree(_chain(n))
    assert twin == tree
    assert hash(twin) == hash(tree)
    assert len({TreeState(tree, Side.Maxie), TreeState(twin, Side.Maxie)}) == 1
    assert parse_tree(_chain(n).replace("b1", "b2")) != tree


def test_a_deep_tree_searched_shallow_is_fine_and_too_deep_is_one_sentence() -> None:
    game = ExplicitGame(parse_tree(_chain(10_000)))
    est = tree_estimator(game)
    assert Minimax(Settings(est, 50)).analyse(game.start) == (0, Guess(0))
    with pytest.raises(SearchDepthError, match=r"^a search of depth 10000 goes deeper than"):
        AlphaBeta(Settings(est, 10_000)).analyse(game.start)


def test_a_syntax_error_in_a_long_tree_shows_only_the_text_around_it() -> None:
    text = _chain(10_000)[:-1]  # one ']' short
    with pytest.raises(TreeSyntaxError) as caught:
        parse_tree(text)
    said = str(caught.value)
    assert said.startswith("expected ',' or ']' in node ")
    assert ", found the end of the text at position 30002 of the tree text, near '" in said
    assert "\n" not in said
    assert len(said) < 150


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), io.StringIO(), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_traces_a_deep_tree_or_says_it_is_too_deep() -> None:
    status, out, err = _cli("trace", _chain(500))
    assert status == 2
    assert re.fullmatch(
        r"gamelib: a search of depth 500 goes deeper than Python's recursion limit \(\d+\) "
        r"allows: it ran out of room about \d+ moves deep, so choose a depth of at most \d+\n",
        err,
    )  # and no advice to call sys.setrecursionlimit, which a command line cannot do
    assert "Traceback" not in out + err
    status, out, err = _cli("trace", _chain(10_000), "--depth", "3")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "4 positions visited (root included); 1 estimated or finished"
    for kind in ("mtdf:30", "id:30", "pvs:30"):  # keyed tables hash the deep states
        status, out, err = _cli("analyse", "tree", "--tree", _chain(3000), "--player", kind)
        assert (status, err) == (0, ""), kind


# --------------------------------------------------------------------------
# Messages on the command line: ASCII digits only, short echoes, articles and plurals

NINES = "9" * 5000


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ("play", "nim", "--minnie", "alphabeta:٣"),
            "the depth in 'alphabeta:٣' must be a whole number written with the digits 0-9, "
            "got '٣'",
        ),
        (
            ("play", "nim", "--minnie", "alphabeta:３"),
            "the depth in 'alphabeta:３' must be a whole number written with the digits 0-9, "
            "got '３'",
        ),
        (
            ("analyse", "nim", "--depth", "３"),
            "--depth must be a whole number written with the digits 0-9, got '３'",
        ),
        (
            ("play", "nim", "--pile", "٣"),
            "--pile must be a whole number written with the digits 0-9, got '٣'",
        ),
        (
            ("analyse", "connect4", "--cols", "３"),
            "--cols must be a whole number written with the digits 0-9, got '３'",
        ),
        (
            ("analyse", "nim", "--player", "jamboree:2:٠.٥"),
            "the prune percentage in 'jamboree:2:٠.٥' must be a number written with the "
            "digits 0-9, got '٠.٥'",
        ),
        (
            ("analyse", "nim", "--player", "mtdf:3:١٠٠"),
            "the table size in 'mtdf:3:١٠٠' must be a whole number written with the digits "
            "0-9, got '١٠٠'",
        ),
        (
            ("play", "nim", "--seed", "٣"),
            "--seed must be a whole number written with the digits 0-9, got '٣'",
        ),
        (
            ("play", "nim", "--minnie", f"alphabeta:{NINES}"),
            f"the depth in 'alphabeta:{'9' * 70}... (5,010 characters)' is far too big, got "
            f"{'9' * 60}... (5,000 characters)",
        ),
        (
            ("play", "nim", "--depth", NINES),
            f"--depth is far too big, got {'9' * 60}... (5,000 characters)",
        ),
        (
            ("play", "nim", "--minnie", f"{NINES}:3"),
            f"unknown player kind '{'9' * 80}... (5,000 characters)'; known kinds for nim: human,",
        ),
        (
            ("play", "nim", "--minnie", "human:3"),
            "'human:3' has too many ':' parts for a human player",
        ),
        (
            ("play", "nim", "--minnie", "alphabeta:3:1"),
            "'alphabeta:3:1' has too many ':' parts for an alphabeta player",
        ),
        (
            ("analyse", "tree", "--player", "alphabeta", "--depth", "99"),
            "the depth 99 in --depth is deeper than the tree: its shallowest leaf is 2 moves "
            "from the root, so depth 2 is the deepest that works",
        ),
        (
            ("analyse", "tree", "--tree", "a[b1,c2]", "--depth", "3"),
            "the depth 3 in --depth is deeper than the tree: its shallowest leaf is 1 move "
            "from the root, so depth 1 is the deepest that works",
        ),
        (
            ("analyse", "pig", "--player", "expectiminimax:2:1"),
            "'expectiminimax:2:1' has too many ':' parts for an expectiminimax player",
        ),
        (
            ("analyse", "nim", "--player", "jamboree:2:-0.5"),
            "the prune percentage in 'jamboree:2:-0.5' must be between 0 and 1, got -0.5",
        ),
    ],
)
def test_the_command_line_names_bad_numbers_in_one_short_sentence(
    argv: tuple[str, ...], sentence: str
) -> None:
    status, out, err = _cli(*argv)
    assert status == 2
    assert err.startswith(f"gamelib: {sentence}")
    assert err.count("\n") == 1
    assert len(err) < 300
    assert "Traceback" not in out + err


def test_a_tree_text_takes_ascii_digits_only() -> None:
    status, out, err = _cli("trace", "a[b٣,c1]")
    assert status == 2
    assert err.startswith(
        "gamelib: expected ',' or ']' in node 'a', found '٣' at position 4 of the tree text"
    )
    assert "Traceback" not in out + err


def test_a_prune_of_minus_zero_is_zero() -> None:
    status, out, err = _cli("analyse", "nim", "--player", "jamboree:2:-0")
    assert (status, err) == (0, "")
    assert "Jamboree(depth 2, prune 0) chooses" in out


@pytest.mark.parametrize("typed", ["٣", "３", "²", "1_0", " 2 "])
def test_moves_typed_at_the_prompt_take_ascii_digits_only(typed: str) -> None:
    nim, takeaway, tree = Nim(), TakeAway(), ExplicitGame(parse_tree("a[b1,c2,d3]"))
    expected = 2 if typed == " 2 " else None
    assert nim.parse_move(nim.start, typed) == expected
    assert takeaway.parse_move(takeaway.start, typed) == expected
    assert tree.parse_move(tree.start, typed) == expected
