"""Every search kind by name: the one table the command line, traces, benchmarks and docs read.

A [`SearchKind`][gamelib.catalog.SearchKind] says what a search is: its factory (the uniform shape
`Factory(settings, *, observer=None)`), how to make its settings from a
depth and its options, what it needs from the game and the estimator beyond
the lecture contracts, its options with their defaults, and one line of
description.  Adding an algorithm is one module (its factory) and one entry
here; `gamelib play`, `analyse`, `trace` and `list`, the benchmarks and
the docs' list of players pick it up from [`CATALOG`][gamelib.catalog.CATALOG].

A catalog is a value: [`Catalog.with_kind`][gamelib.catalog.Catalog.with_kind] makes a new one with
a kind added (or replaced), and `gamelib.cli.main(..., catalog=...)` runs the
command line over it, so a kind can be tried without touching the package.

```pycon
>>> from gamelib.games.nim import Nim, nim_estimator
>>> jamboree = CATALOG["jamboree"]
>>> jamboree.usage(), [option.name for option in jamboree.options]
('jamboree:DEPTH:PRUNE', ['prune'])
>>> player = jamboree.build(nim_estimator(Nim()), 4, {"prune": 0.25})
>>> print(player, player.analyse(Nim().start))
Jamboree(depth 4, prune 0.25) (2, Guess(guess=1))

```
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeAlias, TypeVar, cast, final

from gamelib.algorithms.deepening import DEEPENING_TABLE, DeepeningSettings, IterativeDeepening
from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import MTDF_TABLE, MTDf, PrincipalVariation, Scout
from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import (
    ChancePlayer,
    ChanceSettings,
    Expectiminimax,
    Star1,
    Star2,
)
from gamelib.core.checks import ascii_float, digits_hint, echo, read_whole
from gamelib.core.estimator import Estimator, MoveOrder, Settings
from gamelib.core.game import Game
from gamelib.errors import InputError
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.estimate.minimax import Minimax
from gamelib.nplayer.game import NEstimator, NSettings, Number, Vector
from gamelib.nplayer.maxn import (
    MaxN,
    NSearchPlayer,
    Paranoid,
    ShallowMaxN,
    ShallowSettings,
    paranoid_settings,
)
from gamelib.search.capabilities import Capability, MissingCapabilityError, missing
from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer
from gamelib.trace import trace, trace_to_dot, trace_to_text
from gamelib.trace.nplayer import NTrace
from gamelib.trace.nplayer import trace as n_trace
from gamelib.trace.nplayer import trace_to_dot as n_trace_to_dot
from gamelib.trace.nplayer import trace_to_text as n_trace_to_text

__all__ = [
    "CATALOG",
    "CHANCE_KINDS",
    "NPLAYER_KINDS",
    "Catalog",
    "ChanceKind",
    "ChanceKindFactory",
    "Drawing",
    "KindFactory",
    "NKindBuilder",
    "NKindTracer",
    "NPlayerKind",
    "Option",
    "OptionValues",
    "SearchKind",
    "SettingsMaker",
    "TotalMissingError",
    "choice",
    "parse_count",
    "parse_fraction",
    "parse_order",
    "parse_seconds",
    "plain_settings",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
T_co = TypeVar("T_co", covariant=True)

OptionValues: TypeAlias = Mapping[str, object]
"""Option values by option name, as [`Option.parse`][gamelib.catalog.Option.parse] made them."""


@final
@dataclass(frozen=True, slots=True)
class Option(Generic[T_co]):
    """One option of a search kind: `jamboree:4:0.25` gives `prune` the value 0.25."""

    name: str
    """Its name on the command line: `prune` (`--prune`, `prune=0.25`)."""
    title: str
    """What messages call it: `the prune percentage`."""
    default: T_co
    """Its value when neither the spec nor a flag gives one."""
    parse: Callable[[str], T_co]
    """From text to a value; a `ValueError` says what is wrong ("must be ..., got ...")."""
    summary: str
    """One line for `gamelib list` and the docs."""
    examples: tuple[T_co, ...] = ()
    """Values worth trying besides the default: the tests run every kind with each."""
    written: str | None = None
    """The default as a person types it, where the value's plain writing would not say
    it so (`all` for every part of a move ordering); `parse` reads it back as the default."""

    def of(self, values: OptionValues) -> T_co:
        """This option's value in `values`, or its default."""
        # Every value in an OptionValues was made by its option's parse (or is its default).
        return cast(T_co, values.get(self.name, self.default))

    def default_text(self) -> str:
        """The default as a person types it on the command line: `0.5`, `none`, `all`.

        `written` when given, else the value written plainly: None as `none`, a
        number as short as it goes, a set as its members in order joined by `,`.
        `gamelib --help` and the docs' table of search players show defaults so.

        ```pycon
        >>> CATALOG["jamboree"].option("prune").default_text()
        '0.5'
        >>> [option.default_text() for option in CATALOG["id"].options]
        ['1s', 'none', '100000', 'all']

        ```
        """
        if self.written is not None:
            return self.written
        value: object = self.default
        if value is None:
            return "none"
        if isinstance(value, frozenset):
            return ",".join(sorted(str(member) for member in value)) or "none"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)


def parse_fraction(text: str) -> float:
    """A number from 0 to 1 written in `text`; `ValueError` saying what is wrong.

    ```pycon
    >>> parse_fraction("0.25")
    0.25
    >>> parse_fraction("1.5")
    Traceback (most recent call last):
    ...
    ValueError: must be between 0 and 1, got 1.5

    ```
    """
    value = ascii_float(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
    if value is None:
        raise ValueError(f"must be a number{digits_hint(text)}, got '{echo(text)}'")
    if not 0 <= value <= 1:
        raise ValueError(f"must be between 0 and 1, got {echo(text.strip())}")
    return value  # ascii_float reads -0 as 0


def choice(*allowed: str) -> Callable[[str], str]:
    """A parser that accepts one of `allowed` (any case) and says which otherwise.

    ```pycon
    >>> choice("soft", "hard")("HARD")
    'hard'
    >>> choice("soft", "hard")("firm")
    Traceback (most recent call last):
    ...
    ValueError: must be soft or hard, got 'firm'

    ```
    """

    def parse(text: str) -> str:
        word = text.strip().lower()
        if word not in allowed:
            raise ValueError(f"must be {' or '.join(allowed)}, got '{echo(text)}'")
        return word

    return parse


class KindFactory(Protocol):
    """A factory as the catalog holds it: it takes settings of the base type.

    Minimax and AlphaBeta are such factories.  A factory whose settings carry
    more (Jamboree's) is held through a small function that checks it was
    given its own kind of settings.
    """

    def __call__(
        self, settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]: ...


class SettingsMaker(Protocol):
    """How a search kind makes its settings from an estimator, a depth and option values."""

    def __call__(
        self, estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
    ) -> Settings[S, M, G]: ...


def plain_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    """`Settings(estimator, depth)`: the settings of a kind without options."""
    return Settings(estimator, depth)


@final
@dataclass(frozen=True, slots=True)
class SearchKind:
    """A kind of search player, by name."""

    name: str
    """Its name on the command line (`alphabeta`) and in the catalog."""
    factory: KindFactory
    """The factory, in the uniform shape."""
    summary: str
    """One line of description."""
    settings: SettingsMaker = plain_settings
    """How to make the factory's settings from a depth and option values."""
    options: tuple[Option[object], ...] = ()
    """Its options, in the order a spec gives them after the depth."""
    needs: frozenset[Capability] = frozenset()
    """What it needs from the game and the estimator beyond the lecture contracts."""
    default_depth: int | None = None
    """Its depth when neither the spec nor `--depth` gives one; None: the command
    line's default.  (Iterative deepening's depth is only a ceiling.)
    """
    lead: str | None = None
    """An option that may stand first in a spec, in the depth's place, when what
    stands there is not a whole number: `id:2s` is `id` with the time `2s`.
    """
    anytime: bool = False
    """Whether it thinks within a budget (time, positions) and tells each depth it
    finishes: the command line's `--time` and `--nodes` ask for such a kind, and it
    shows its own thinking line."""
    several_searches: bool = False
    """Whether one move is found by several searches of the root (MTD(f)'s tests,
    deepening's iterations): its trace heads each search 'Search 1 of N', and N is known
    only at the end, so the text is held (on disk) until then.  Another kind's trace
    streams, and heads a search of the root after the first 'Search 2 of the root'."""

    def variants(self) -> list[dict[str, object]]:
        """Option values to try: none (every default), then each option's examples in turn."""
        return [{}, *({o.name: x} for o in self.options for x in o.examples)]

    def usage(self) -> str:
        """How a player spec names it: `jamboree:DEPTH:PRUNE`."""
        return ":".join([self.name, "DEPTH", *(o.name.upper() for o in self.options)])

    def option(self, name: str) -> Option[object] | None:
        """Its option called `name`, if it has one."""
        return next((o for o in self.options if o.name == name), None)

    def check(self, game: Game[S, M], estimator: Estimator[S, M, G]) -> None:
        """Raise `MissingCapabilityError` saying what the game or estimator lacks."""
        lacking = missing(self.needs, game, estimator)
        if lacking:
            raise MissingCapabilityError(
                f"{self.name} cannot search this game: {'; '.join(lacking)}"
            )

    def build(
        self,
        estimator: Estimator[S, M, G],
        depth: int,
        options: OptionValues | None = None,
        *,
        order: MoveOrder[S, M] | None = None,
        observer: SearchObserver[S, M, G] | None = None,
    ) -> SearchPlayer[S, M, G]:
        """A player of this kind over `estimator`, searching `depth` moves deep.

        `options` gives values by option name (the rest take their
        defaults); an unknown name is a `ValueError`.  `order` is the
        settings' move-ordering hook.
        """
        values: OptionValues = {} if options is None else options
        unknown = sorted(set(values) - {o.name for o in self.options})
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}")
        self.check(estimator.game, estimator)
        settings = self.settings(estimator, depth, values)
        if order is not None:
            settings = dataclasses.replace(settings, order=order)
        return self.factory(settings, observer=observer)


@final
@dataclass(frozen=True, slots=True)
class Catalog:
    """Search kinds by name, in the order `gamelib list` shows them.

    Names are unique and fit in a player spec (letters, digits, `-` and
    `_`); so are the option names of each kind, and no option is called
    `depth`.
    """

    kinds: tuple[SearchKind, ...]
    """The kinds, in order."""
    _by_name: dict[str, SearchKind] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, SearchKind] = {}
        for kind in self.kinds:
            if not _fits_a_spec(kind.name):
                raise ValueError(
                    f"a search kind needs a name of lower-case letters, digits, '-' and '_', "
                    f"got {kind.name!r}"
                )
            if kind.name in by_name:
                raise ValueError(f"two search kinds are called {kind.name!r}")
            names = [o.name for o in kind.options]
            for name in names:
                if not _fits_a_spec(name) or name == "depth":
                    raise ValueError(
                        f"an option of {kind.name} needs a name of lower-case letters, digits, "
                        f"'-' and '_', other than depth; got {name!r}"
                    )
            if len(set(names)) != len(names):
                raise ValueError(f"two options of {kind.name} have the same name")
            if kind.lead is not None and (not names or kind.lead != names[0]):
                raise ValueError(f"the lead option of {kind.name} must be its first option")
            by_name[kind.name] = kind
        object.__setattr__(self, "_by_name", by_name)

    def __getitem__(self, name: str) -> SearchKind:
        return self._by_name[name]

    def get(self, name: str) -> SearchKind | None:
        """The kind called `name`, if there is one."""
        return self._by_name.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[SearchKind]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def names(self) -> tuple[str, ...]:
        """The kinds' names, in order."""
        return tuple(kind.name for kind in self.kinds)

    def with_kind(self, kind: SearchKind) -> Catalog:
        """A new catalog with `kind` added at the end (or in place of its namesake)."""
        if kind.name in self._by_name:
            return Catalog(tuple(kind if k.name == kind.name else k for k in self.kinds))
        return Catalog((*self.kinds, kind))

    def options(self) -> tuple[Option[object], ...]:
        """Every option of every kind, once each by name, in catalog order."""
        seen: dict[str, Option[object]] = {}
        for kind in self.kinds:
            for option in kind.options:
                seen.setdefault(option.name, option)
        return tuple(seen.values())


def _fits_a_spec(name: str) -> bool:
    """Whether `name` can stand in a player spec and as a `--flag`."""
    return bool(name) and name == name.lower() and name.replace("-", "").replace("_", "").isalnum()


# --------------------------------------------------------------------------
# The entries, and the little glue a factory with its own settings needs.

PRUNE: Option[float] = Option(
    "prune",
    "the prune percentage",
    0.5,
    parse_fraction,
    "share of each position's moves searched one by one before the rest together",
    examples=(0.0, 1.0),
)
"""Jamboree's prune percentage."""


def _jamboree_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return JamboreeSettings(estimator, depth, PRUNE.of(options))


def _jamboree(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    if not isinstance(settings, JamboreeSettings):
        raise TypeError(
            "Jamboree needs JamboreeSettings, which carry its prune percentage; got "
            f"{type(settings).__name__}"
        )
    return Jamboree(settings, observer=observer)


FAIL: Option[str] = Option(
    "fail",
    "the failing rule",
    "soft",
    choice("soft", "hard"),
    "what a position outside the window returns: the best value found (soft) or the bound (hard)",
    examples=("hard",),
)
"""Negamax alpha-beta's fail-soft or fail-hard returns."""


def _positive_count(text: str) -> int:
    return read_whole(text, 1)


def parse_count(text: str) -> int:
    """A whole number >= 0 written in `text`; `ValueError` saying what is wrong.

    ```pycon
    >>> parse_count("1000"), parse_count("0")
    (1000, 0)

    ```
    """
    return read_whole(text, 0)  # the digits 0-9 only, as everywhere (gamelib.core.checks)


TABLE: Option[int] = Option(
    "table",
    "the table size",
    0,
    parse_count,
    "room in the transposition table, in positions (0: no table; a table needs keyed states)",
    examples=(3, 100_000),
)
"""The size of a search's transposition table."""


def _negamax_ab_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(
        estimator, depth, fail_soft=FAIL.of(options) == "soft", table_entries=TABLE.of(options)
    )


def _negamax_ab(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    if not isinstance(settings, NegamaxSettings):
        raise TypeError(
            "NegamaxAlphaBeta needs NegamaxSettings, which say fail-soft or fail-hard; got "
            f"{type(settings).__name__}"
        )
    return NegamaxAlphaBeta(settings, observer=observer)


def _null_window_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(estimator, depth, table_entries=TABLE.of(options))


def _mtdf_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(estimator, depth, table_entries=MTDF_TABLE_OPTION.of(options))


MTDF_TABLE_OPTION: Option[int] = Option(
    "table",
    "the table size",
    MTDF_TABLE,
    _positive_count,
    "room in the transposition table, in positions (MTD(f) needs one; it needs keyed states)",
    examples=(3,),
)
"""MTD(f)'s table, which it cannot do without."""


def _negamax_settings_of(who: str, settings: Settings[S, M, G]) -> NegamaxSettings[S, M, G]:
    if not isinstance(settings, NegamaxSettings):
        raise TypeError(f"{who} needs NegamaxSettings; got {type(settings).__name__}")
    return settings


def _pvs(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return PrincipalVariation(_negamax_settings_of("PVS", settings), observer=observer)


def _scout(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return Scout(_negamax_settings_of("SCOUT", settings), observer=observer)


def _mtdf(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return MTDf(_negamax_settings_of("MTD(f)", settings), observer=observer)


MAX_SECONDS = 1_000_000
"""The longest time budget written as a time (about 11 days); `none` is no limit."""
MAX_POSITIONS = 10**12
"""The biggest position budget: more positions than a search visits in `MAX_SECONDS` at a
million a second; `none` is no limit."""

_UNITS = {"": 1.0, "s": 1.0, "ms": 0.001, "m": 60.0, "min": 60.0}
_TIME = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(ms|s|min|m)?")  # ASCII digits only


def parse_seconds(text: str) -> float | None:
    """A time budget: `2s`, `500ms`, `1.5` (seconds), `1m`; `none` for no limit.

    ```pycon
    >>> parse_seconds("500ms"), parse_seconds("2"), parse_seconds("none")
    (0.5, 2.0, None)
    >>> parse_seconds("0s")
    Traceback (most recent call last):
    ...
    ValueError: must be more than 0 seconds, got '0s'

    ```
    """
    word = text.strip().lower()
    if word in ("none", "off"):
        return None
    shown = echo(text)
    if word.startswith("-"):
        raise ValueError(f"must be more than 0 seconds, got '{shown}'")
    match = _TIME.fullmatch(word)
    if match is None:
        raise ValueError(f"must be a time such as 2s, 500ms or 1.5, got '{shown}'")
    seconds = float(match[1]) * _UNITS[match[2] or ""]
    if seconds <= 0:
        raise ValueError(f"must be more than 0 seconds, got '{shown}'")
    if seconds > MAX_SECONDS:
        raise ValueError(f"must be at most {MAX_SECONDS:,} seconds (or none), got '{shown}'")
    return seconds


def _count_or_none(text: str) -> int | None:
    if text.strip().lower() in ("none", "off"):
        return None
    return read_whole(text, 1, MAX_POSITIONS, or_none=True)


ORDERINGS = ("table", "killers", "history")
"""The parts of iterative deepening's move ordering that can be switched on and off."""


def parse_order(text: str) -> frozenset[str]:
    """Which parts of the move ordering to use: `all`, `none`, or some of
    `table`, `killers`, `history` joined by `,` or `+`.

    ```pycon
    >>> sorted(parse_order("table+history")), parse_order("none")
    (['history', 'table'], frozenset())

    ```
    """
    word = text.strip().lower()
    if word == "all":
        return frozenset(ORDERINGS)
    if word == "none":
        return frozenset()
    parts = [p.strip() for p in word.replace("+", ",").split(",")]
    unknown = [p for p in parts if p not in ORDERINGS]
    if unknown or not parts:
        raise ValueError(
            f"must be all, none, or some of {', '.join(ORDERINGS)} joined by ',', "
            f"got '{echo(text)}'"
        )
    return frozenset(parts)


TIME: Option[float | None] = Option(
    "time",
    "the time budget",
    1.0,
    parse_seconds,
    "time to think per move: 2s, 500ms, 1.5 (seconds) or none",
    examples=(None,),
    written="1s",
)
"""Iterative deepening's time budget (seconds, or None)."""

NODES: Option[int | None] = Option(
    "nodes",
    "the position budget",
    None,
    _count_or_none,
    "most positions to search per move (none: no limit)",
)
"""Iterative deepening's position budget."""

DEEPENING_TABLE_OPTION: Option[int] = Option(
    "table",
    "the table size",
    DEEPENING_TABLE,
    parse_count,
    "room in the transposition table, in positions (0: no table; a table needs keyed states)",
    examples=(0,),
)
"""Iterative deepening's table, on unless switched off."""

ORDER: Option[frozenset[str]] = Option(
    "order",
    "the move ordering",
    frozenset(ORDERINGS),
    parse_order,
    "which learned orderings to use: all, none, or of table,killers,history",
    examples=(frozenset(),),
    written="all",
)
"""Which parts of iterative deepening's move ordering are on."""


def _deepening_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    order = ORDER.of(options)
    return DeepeningSettings(
        estimator,
        depth,
        seconds=TIME.of(options),
        positions=NODES.of(options),
        table_entries=DEEPENING_TABLE_OPTION.of(options),
        table_move="table" in order,
        killers="killers" in order,
        history="history" in order,
    )


def _deepening(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    if not isinstance(settings, DeepeningSettings):
        raise TypeError(
            "IterativeDeepening needs DeepeningSettings, which carry its budgets; got "
            f"{type(settings).__name__}"
        )
    return IterativeDeepening(settings, observer=observer)


DEEPENING_DEPTH = 64
"""Iterative deepening's ceiling when none is given: deeper than the budget allows."""

NUMERIC = frozenset({Capability.NUMERIC})

CATALOG: Catalog = Catalog(
    (
        SearchKind("minimax", Minimax, "Minimax search"),
        SearchKind("alphabeta", AlphaBeta, "alpha-beta search"),
        SearchKind(
            "jamboree", _jamboree, "Jamboree search", settings=_jamboree_settings, options=(PRUNE,)
        ),
        SearchKind("negamax", Negamax, "Minimax from the mover's view", needs=NUMERIC),
        SearchKind(
            "negamax-ab",
            _negamax_ab,
            "alpha-beta in negamax form",
            settings=_negamax_ab_settings,
            options=(FAIL, TABLE),
            needs=NUMERIC,
        ),
        SearchKind(
            "pvs",
            _pvs,
            "NegaScout / principal variation search: alpha-beta with empty-window tests",
            settings=_null_window_settings,
            options=(TABLE,),
            needs=NUMERIC,
        ),
        SearchKind(
            "scout",
            _scout,
            "Pearl's SCOUT: value one move, only test the others",
            settings=_null_window_settings,
            options=(TABLE,),
            needs=NUMERIC,
        ),
        SearchKind(
            "mtdf",
            _mtdf,
            "MTD(f): empty-window tests at the root over a transposition table",
            settings=_mtdf_settings,
            options=(MTDF_TABLE_OPTION,),
            needs=frozenset({Capability.NUMERIC, Capability.KEYED}),
            several_searches=True,
        ),
        SearchKind(
            "id",
            _deepening,
            "iterative deepening: depth 1, 2, ... until the time is up "
            "(id:2s thinks 2 s; id:12 stops at depth 12)",
            settings=_deepening_settings,
            options=(TIME, NODES, DEEPENING_TABLE_OPTION, ORDER),
            needs=NUMERIC,
            default_depth=DEEPENING_DEPTH,
            lead="time",
            anytime=True,
            several_searches=True,
        ),
    )
)
"""The search kinds gamelib ships, in the order `gamelib list` shows them."""


# --------------------------------------------------------------------------
# Searches for games of chance and for games of n players.  Their players have
# contracts of their own (gamelib.chance, gamelib.nplayer), so they are listed in
# two tables of their own; the command line offers each table only for its games.


class ChanceKindFactory(Protocol):
    """A chance search factory: Expectiminimax, Star1 and Star2 have this shape."""

    def __call__(
        self, settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
    ) -> ChancePlayer[S, M]: ...


@final
@dataclass(frozen=True, slots=True)
class ChanceKind:
    """A kind of search player for games of chance (`gamelib.chance`)."""

    name: str
    """Its name in a player spec (`expectiminimax`)."""
    factory: ChanceKindFactory
    """The factory."""
    summary: str
    """One line of description."""

    def usage(self) -> str:
        """How a player spec names it: `star2:DEPTH`."""
        return f"{self.name}:DEPTH"


CHANCE_KINDS: tuple[ChanceKind, ...] = (
    ChanceKind(
        "expectiminimax",
        Expectiminimax,
        "minimax that averages over the dice",
    ),
    ChanceKind(
        "star1",
        Star1,
        "Ballard's Star1: expectiminimax's value, alpha-beta cuts at chance positions too",
    ),
    ChanceKind(
        "star2",
        Star2,
        "Ballard's Star2: Star1 that first probes one move of each outcome",
    ),
)
"""The search kinds for games of chance, in the order `gamelib list` shows them."""


@final
@dataclass(frozen=True, slots=True)
class Drawing:
    """A traced search as the command line shows it: text, a picture, and counts."""

    text: str
    """The indented trace."""
    dot: str
    """The Graphviz picture of it."""
    positions: int
    """Positions visited, the root included."""
    leaves: int
    """Positions estimated or finished."""


class NKindBuilder(Protocol):
    """Builds an n-player search player; `total` is shallow pruning's, None if unknown."""

    def __call__(
        self, estimator: NEstimator[S, M], depth: int, total: Number | None, /
    ) -> NSearchPlayer[S, M, Vector | Number]: ...


class NKindTracer(Protocol):
    """Runs one search of a kind from `estimator`'s start and draws it."""

    def __call__(
        self, estimator: NEstimator[S, M], depth: int, total: Number | None, /
    ) -> Drawing: ...


@final
@dataclass(frozen=True, slots=True)
class NPlayerKind:
    """A kind of search player for games of n players (`gamelib.nplayer`)."""

    name: str
    """Its name in a player spec (`maxn`)."""
    summary: str
    """One line of description."""
    build: NKindBuilder
    """Builds a player of this kind."""
    trace: NKindTracer
    """Traces one search of this kind."""
    needs_total: bool = False
    """Whether it takes shallow pruning's total, written after the depth."""

    def usage(self) -> str:
        """How a player spec names it: `shallow-maxn:DEPTH:TOTAL`."""
        return f"{self.name}:DEPTH" + (":TOTAL" if self.needs_total else "")


class TotalMissingError(InputError, ValueError):
    """Shallow pruning was asked for with no known total of the utilities."""


def _total_of(total: Number | None) -> Number:
    if total is None:
        raise TotalMissingError(
            "shallow-maxn needs the most the utilities of a vector add up to, and this "
            "game does not say: give it as shallow-maxn:DEPTH:TOTAL"
        )
    return total


def _n_drawing(t: NTrace[S, M]) -> Drawing:
    nodes = list(t.root.walk())
    leaves = sum(1 for node in nodes if node.leaf_number is not None)
    return Drawing(n_trace_to_text(t), n_trace_to_dot(t), len(nodes), leaves)


def _maxn_build(
    estimator: NEstimator[S, M], depth: int, total: Number | None, /
) -> NSearchPlayer[S, M, Vector | Number]:
    return MaxN(NSettings(estimator, depth))


def _maxn_trace(estimator: NEstimator[S, M], depth: int, total: Number | None, /) -> Drawing:
    return _n_drawing(n_trace(MaxN, NSettings(estimator, depth)))


def _shallow_build(
    estimator: NEstimator[S, M], depth: int, total: Number | None, /
) -> NSearchPlayer[S, M, Vector | Number]:
    return ShallowMaxN(ShallowSettings(estimator, depth, _total_of(total)))


def _shallow_trace(estimator: NEstimator[S, M], depth: int, total: Number | None, /) -> Drawing:
    return _n_drawing(n_trace(ShallowMaxN, ShallowSettings(estimator, depth, _total_of(total))))


def _paranoid_build(
    estimator: NEstimator[S, M], depth: int, total: Number | None, /
) -> NSearchPlayer[S, M, Vector | Number]:
    return Paranoid(NSettings(estimator, depth))


def _paranoid_trace(estimator: NEstimator[S, M], depth: int, total: Number | None, /) -> Drawing:
    # The mover at the start against everyone else: AlphaBeta on that two-player game.
    settings = NSettings(estimator, depth)
    me = estimator.game.player(estimator.game.start)
    found = trace(AlphaBeta, paranoid_settings(settings, me))
    return Drawing(
        trace_to_text(found), trace_to_dot(found), len(found.nodes()), len(found.leaves())
    )


NPLAYER_KINDS: tuple[NPlayerKind, ...] = (
    NPlayerKind(
        "maxn",
        "max^n: each player takes the vector best for itself (first move on a tie)",
        _maxn_build,
        _maxn_trace,
    ),
    NPlayerKind(
        "shallow-maxn",
        "max^n with Korf's shallow pruning; TOTAL: the most a vector adds up to "
        "(default: the game's own)",
        _shallow_build,
        _shallow_trace,
        needs_total=True,
    ),
    NPlayerKind(
        "paranoid",
        "paranoid search: the others gang up on the mover, solved with alpha-beta",
        _paranoid_build,
        _paranoid_trace,
    ),
)
"""The search kinds for games of n players, in the order `gamelib list` shows them."""
