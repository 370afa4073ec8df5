"""What a kind of search is, by name (its factory, settings and options), and catalogs of kinds.

A [`SearchKind`][gamelib.search.kinds.SearchKind] says what a search is: its factory (the
uniform shape `Factory(settings, *, observer=None)`), how to make its settings from a depth
and its options, what it needs from the game and the estimator beyond the lecture contracts,
its options with their defaults, and one line of description.  Each search module declares
its own kind beside its factory (`NEGAMAX_KIND` in `gamelib.algorithms.negamax`), and
[`gamelib.catalog`][gamelib.catalog] registers it with one line; `gamelib play`, `analyse`,
`trace` and `list`, the benchmarks and the docs' list of players pick it up from there.

A [`Catalog`][gamelib.search.kinds.Catalog] holds the kinds of one family of games by name;
the searches of games of chance and of n players have catalogs of their own kinds.

```pycon
>>> from gamelib import AlphaBeta
>>> from gamelib.games.nim import Nim, nim_estimator
>>> kind = SearchKind("ab", AlphaBeta, "alpha-beta search", options=(TABLE,))
>>> kind.usage(), [option.default_text() for option in kind.options]
('ab:DEPTH:TABLE', ['0'])
>>> player = kind.build(nim_estimator(Nim()), 4)
>>> print(player, player.analyse(Nim().start))
AlphaBeta(depth 4) (2, Guess(guess=1))

```
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeAlias, TypeVar, cast, final

from gamelib.core.checks import ascii_float, digits_hint, echo, read_whole
from gamelib.core.datatypes import Status
from gamelib.core.estimator import Estimator, MoveOrder, Settings
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.errors import InputError
from gamelib.search.capabilities import Capability, MissingCapabilityError, missing
from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer

__all__ = [
    "MAX_POSITIONS",
    "MAX_SECONDS",
    "NODES",
    "NUMERIC",
    "TABLE",
    "TIME",
    "Catalog",
    "KindFactory",
    "KindSettingsError",
    "KindStepper",
    "KindTracer",
    "Named",
    "Option",
    "OptionValues",
    "SearchKind",
    "SettingsMaker",
    "SpecShape",
    "UnobservedError",
    "check_options",
    "choice",
    "parse_budget",
    "parse_count",
    "parse_fraction",
    "parse_positive",
    "parse_seconds",
    "plain_settings",
    "settings_of",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
T_co = TypeVar("T_co", covariant=True)
X = TypeVar("X")

OptionValues: TypeAlias = Mapping[str, object]
"""Option values by option name, as [`Option.parse`][gamelib.search.kinds.Option.parse]
made them."""


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
    """From text to a value; a `ValueError` says what is wrong ("must be ..., got ...").
    Whatever else it raises (a `KeyError` of a dict lookup) is read as a bad value too."""
    summary: str
    """One line for `gamelib list` and the docs."""
    examples: tuple[T_co, ...] = ()
    """Values worth trying besides the default: the tests run every kind with each."""
    written: str | None = None
    """The default as a person types it, where the value's plain writing would not say
    it so (`all` for every part of a move ordering); `parse` reads it back as the default."""
    flag: bool = True
    """Whether the command line has a `--NAME` flag for it; False for an option given only
    in a spec, whose name a flag of the command line's own already has (MCTS's `seed`)."""
    said: str | None = None
    """The default in words, where no value typed stands for it (`the game's own` for
    shallow max^n's total, which the game gives): what help says instead of `none`."""

    def read(self, text: str) -> T_co:
        """`parse(text)`; whatever it raises is a `ValueError` (a value it cannot read)."""
        try:
            return self.parse(text)
        except ValueError:
            raise
        except Exception as error:
            by = getattr(self.parse, "__qualname__", type(self.parse).__name__)
            raise ValueError(
                f"must be a value it reads, got '{echo(text)}' ({by} raised {type(error).__name__})"
            ) from None

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
        >>> TABLE.default_text(), Option("t", "time", None, parse_seconds, "").default_text()
        ('0', 'none')

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
    """A factory as the catalog holds it: it takes settings of the base type, as Minimax
    and AlphaBeta do.  One whose settings carry more (Jamboree's) is held through a small
    function that checks it was given its own kind of settings."""

    def __call__(
        self, settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]: ...


class KindTracer(Protocol):
    """How a kind that reports no events to an observer traces a search itself, from the
    estimator's game's start: the text `gamelib trace` prints, and its picture (DOT)."""

    def __call__(
        self, estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
    ) -> tuple[str, str]: ...


class KindStepper(Protocol):
    """How a kind that traces itself gives a search from the estimator's game's start to
    the docs' stepper: `{"player", "nodes", "steps"}`, positions named by `name`."""

    def __call__(
        self,
        estimator: Estimator[S, M, G],
        depth: int,
        options: OptionValues,
        name: Callable[[Status[S]], str] | None,
        /,
    ) -> dict[str, JSON]: ...


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


def parse_positive(text: str) -> int:
    """A whole number >= 1 written in `text`; `ValueError` saying what is wrong."""
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


def parse_budget(text: str) -> int | None:
    """A position budget: a whole number >= 1, or `none` for no limit."""
    if text.strip().lower() in ("none", "off"):
        return None
    return read_whole(text, 1, MAX_POSITIONS, or_none=True)


TIME: Option[float | None] = Option(
    "time",
    "the time budget",
    1.0,
    parse_seconds,
    "time to think per move: 2s, 500ms, 1.5 (seconds) or none",
    examples=(None,),
    written="1s",
)
"""An anytime search's time budget per move (seconds, or None): iterative deepening's."""

NODES: Option[int | None] = Option(
    "nodes",
    "the position budget",
    None,
    parse_budget,
    "most positions to search per move (none: no limit)",
)
"""An anytime search's position budget per move: iterative deepening's."""


class UnobservedError(InputError, ValueError):
    """An observer given to a search that reports no events (its kind is not `observed`)."""


class KindSettingsError(InputError, ValueError):
    """A kind's options that are each fine but make no settings together (MCTS with no
    budget at all)."""


class SpecShape:
    """What the one spec grammar reads of a kind of every family
    ([`SearchKind`][gamelib.search.kinds.SearchKind],
    [`ChanceKind`][gamelib.chance.kinds.ChanceKind],
    [`NPlayerKind`][gamelib.nplayer.kinds.NPlayerKind]): its name, its options, and whether
    a spec's first part is a depth; how a spec names it follows.

    ```pycon
    >>> from gamelib.catalog import CATALOG, CATALOGS
    >>> jamboree = CATALOG["jamboree"]
    >>> jamboree.usage(), CATALOGS.chance["mcts"].usage(), CATALOGS.n_player["shallow-maxn"].usage()
    ('jamboree:DEPTH:PRUNE', 'mcts:SIMS', 'shallow-maxn:DEPTH:TOTAL')
    >>> jamboree.option("prune").default, CATALOG["minimax"].option("prune")
    (0.5, None)

    ```
    """

    __slots__ = ()
    name: str
    options: tuple[Option[object], ...]
    takes_depth: bool
    lead: str | None

    def usage(self) -> str:
        """How a player spec names it: `jamboree:DEPTH:PRUNE`, `mcts:SIMS` (a kind whose
        lead option stands in the depth's place), `shallow-maxn:DEPTH:TOTAL`."""
        depth = ["DEPTH"] if self.takes_depth else []
        return ":".join([self.name, *depth, *(o.name.upper() for o in self.options)])

    def option(self, name: str) -> Option[object] | None:
        """Its option called `name`, if it has one."""
        return next((o for o in self.options if o.name == name), None)


def check_options(shape: SpecShape) -> None:
    """`ValueError` if a spec cannot read `shape`'s options; every kind is checked when made."""
    names = [o.name for o in shape.options]
    for name in names:
        if not _fits_a_spec(name) or name == "depth":
            raise ValueError(
                f"an option of {shape.name} needs a name of lower-case letters, digits, "
                f"'-' and '_', other than depth; got {name!r}"
            )
    if len(set(names)) != len(names):
        raise ValueError(f"two options of {shape.name} have the same name")
    if shape.lead is not None and (not names or shape.lead != names[0]):
        raise ValueError(f"the lead option of {shape.name} must be its first option")
    if not shape.takes_depth and shape.lead is None:
        raise ValueError(f"{shape.name} takes no depth, so it needs a lead option")


@final
@dataclass(frozen=True, slots=True)
class SearchKind(SpecShape):
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
    exact: bool = True
    """Whether its value is Minimax's at its depth, as every search's is.  False for a kind
    that samples (MCTS): only the results it proves are exact."""
    observed: bool = True
    """Whether it reports its search to an observer; a kind that does not refuses one with
    [`UnobservedError`][gamelib.search.kinds.UnobservedError], and cannot be traced."""
    trace: KindTracer | None = None
    """For a kind not `observed`: how it traces a search itself (MCTS's simulations and
    the tree they grew); `gamelib trace` prints that text."""
    steps: KindStepper | None = None
    """For a kind that traces itself: its search as the docs' stepper replays it."""
    takes_depth: bool = True
    """Whether a spec's first part is a depth.  False for a kind whose lead option always
    stands there (`mcts:1000` is a thousand simulations); its depth then comes only from
    `--depth` or `default_depth`."""
    anytime: bool = False
    """Whether it thinks within a budget (time, positions) and tells each depth it
    finishes: the command line's `--time` and `--nodes` ask for such a kind, and it
    shows its own thinking line."""
    several_searches: bool = False
    """Whether one move is found by several searches of the root (MTD(f)'s tests,
    deepening's iterations): its trace heads each search 'Search 1 of N', and N is known
    only at the end, so the text is held (on disk) until then.  Another kind's trace
    streams, and heads a search of the root after the first 'Search 2 of the root'."""

    def __post_init__(self) -> None:
        check_options(self)

    def variants(self) -> list[dict[str, object]]:
        """Option values to try: none (every default), then each option's examples in turn."""
        return [{}, *({o.name: x} for o in self.options for x in o.examples)]

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
        try:
            settings = self.settings(estimator, depth, values)
        except ValueError as error:  # options that are each fine but not together
            raise KindSettingsError(str(error)) from None
        if order is not None:
            settings = dataclasses.replace(settings, order=order)
        return self.factory(settings, observer=observer)


class Named(Protocol):
    """What a catalog holds: kinds with a name, which a player spec writes as `usage()`."""

    @property
    def name(self) -> str:
        """Its name in a player spec."""
        ...

    def usage(self) -> str:
        """How a player spec names it: `jamboree:DEPTH:PRUNE`."""
        ...


K = TypeVar("K", bound=Named)


@final
@dataclass(frozen=True, slots=True)
class Catalog(Generic[K]):
    """Search kinds of one family by name, in the order `gamelib list` shows them.

    Names are unique and fit in a player spec (letters, digits, `-` and `_`).
    """

    kinds: tuple[K, ...]
    """The kinds, in order."""
    _by_name: dict[str, K] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, K] = {}
        for kind in self.kinds:
            if not _fits_a_spec(kind.name):
                raise ValueError(
                    f"a search kind needs a name of lower-case letters, digits, '-' and '_', "
                    f"got {kind.name!r}"
                )
            if kind.name in by_name:
                raise ValueError(f"two search kinds are called {kind.name!r}")
            by_name[kind.name] = kind
        object.__setattr__(self, "_by_name", by_name)  # a cache of `kinds`, made once

    def __getitem__(self, name: str) -> K:
        return self._by_name[name]

    def get(self, name: str) -> K | None:
        """The kind called `name`, if there is one."""
        return self._by_name.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[K]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def names(self) -> tuple[str, ...]:
        """The kinds' names, in order."""
        return tuple(kind.name for kind in self.kinds)

    def with_kind(self, kind: K) -> Catalog[K]:
        """A new catalog with `kind` added at the end (or in place of its namesake)."""
        if kind.name in self._by_name:
            return Catalog(tuple(kind if k.name == kind.name else k for k in self.kinds))
        return Catalog((*self.kinds, kind))

    def options(self: Catalog[SearchKind]) -> tuple[Option[object], ...]:
        """Every option of every kind that has a flag, once each by name, in catalog order."""
        seen: dict[str, Option[object]] = {}
        for kind in self.kinds:
            for option in kind.options:
                if option.flag:
                    seen.setdefault(option.name, option)
        return tuple(seen.values())


def _fits_a_spec(name: str) -> bool:
    """Whether `name` can stand in a player spec and as a `--flag`."""
    return bool(name) and name == name.lower() and name.replace("-", "").replace("_", "").isalnum()


def settings_of(kind: type[X], settings: object, factory: str) -> X:
    """`settings`, when it is a `kind` (a factory's own settings); else `TypeError`: the
    glue a kind whose factory takes more than `Settings` holds it through.

    ```pycon
    >>> from gamelib.core.estimator import Settings
    >>> settings_of(int, "x", "Jamboree")
    Traceback (most recent call last):
    ...
    TypeError: Jamboree needs int; got str

    ```
    """
    if not isinstance(settings, kind):
        raise TypeError(f"{factory} needs {kind.__name__}; got {type(settings).__name__}")
    return settings


NUMERIC = frozenset({Capability.NUMERIC})
"""What the negamax searches need: an estimator with numeric guesses."""
