"""The searches of games of n players as search kinds, for the catalog: `maxn`,
`shallow-maxn` and `paranoid` (and what a kind of this family is).

The searches keep the lecture's shape in [`gamelib.nplayer.maxn`][gamelib.nplayer.maxn]; what
the command line needs to name, build and trace their players is here, as
[`gamelib.chance.kinds`][gamelib.chance.kinds] holds the chance kinds. A kind is its name, a
line of summary and how to build its player; a new search is its module's kind and one name
in [`gamelib.catalog.NPLAYER_CATALOG`][gamelib.catalog.NPLAYER_CATALOG] (or, from outside,
`Catalogs().with_kind(kind)`).

```pycon
>>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
>>> MAXN_KIND.build(tree_estimator(TreeGame(CSE473)), 3, {}).analyse(TreeGame(CSE473).start)
(0, (3, 2, 5))
>>> SHALLOW_MAXN_KIND.usage(), PARANOID_KIND.usage()
('shallow-maxn:DEPTH:TOTAL', 'paranoid:DEPTH')

```
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar, final

from gamelib.core.checks import digits_hint, echo
from gamelib.errors import InputError
from gamelib.nplayer.game import NEstimator, NSettings, Number, Vector
from gamelib.nplayer.maxn import (
    Ended,
    EndMove,
    MaxN,
    NObserver,
    NSearchPlayer,
    Paranoid,
    ShallowMaxN,
    ShallowSettings,
    paranoid_player,
)
from gamelib.search.events import SearchObserver
from gamelib.search.family_kinds import FamilyKind
from gamelib.search.kinds import Option, OptionValues
from gamelib.search.player import SearchPlayer

__all__ = [
    "MAXN_KIND",
    "PARANOID_KIND",
    "SHALLOW_MAXN_KIND",
    "TOTAL",
    "NKindBuilder",
    "NPlayerKind",
    "TotalMissingError",
    "TwoPlayerView",
]

S = TypeVar("S")
M = TypeVar("M")


class NKindBuilder(Protocol):
    """Builds an n-player search player from an estimator, a depth and the kind's option
    values (by name; those not given take their defaults), telling `observer` (if any) what
    it does."""

    def __call__(
        self,
        estimator: NEstimator[S, M],
        depth: int,
        options: OptionValues,
        /,
        *,
        observer: NObserver[S, M] | None = None,
    ) -> NSearchPlayer[S, M, Vector | Number]: ...


class TwoPlayerView(Protocol):
    """For a kind that searches a two-player view of the game (paranoid): the two-player
    player it searches with for the player to move at the start, telling `observer` what it
    does; so its search is traced as the two-player search it is."""

    def __call__(
        self,
        estimator: NEstimator[S, M],
        depth: int,
        observer: SearchObserver[S | Ended, M | EndMove, Number],
        /,
    ) -> SearchPlayer[S | Ended, M | EndMove, Number]: ...


@final
@dataclass(frozen=True, slots=True)
class NPlayerKind(FamilyKind[NKindBuilder]):
    """A kind of search player for games of n players (`gamelib.nplayer`): a
    [`FamilyKind`][gamelib.search.family_kinds.FamilyKind] whose builder makes an n-player player
    (its events are `gamelib.nplayer.maxn.NEvent`s, unless it has a `two_player` view)."""

    two_player: TwoPlayerView | None = None
    """For a kind that searches a two-player view of the game: that search, to trace."""


_WRITTEN = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?[0-9]+/[0-9]+")
"""A total as it may be written: a whole number, a decimal (`1.5`, `1e3`) or a fraction."""

_TOO_LONG = 10**4000
"""A total's numerator and denominator have at most 4,000 digits, as every whole number
gamelib reads (`gamelib.core.checks`)."""


def _total(text: str) -> Number | None:
    """A total of the utilities: a number at least 0 (an integer, a decimal or a fraction)
    of at most 4,000 digits above and below its point.

    ```pycon
    >>> _total("1/2"), _total("1e3")
    (Fraction(1, 2), 1000)
    >>> _total("1e5000")
    Traceback (most recent call last):
    ...
    ValueError: is far too big, got 1e5000

    ```
    """
    text = text.strip()
    top, slash, bottom = text.partition("/")
    if _WRITTEN.fullmatch(text) is None or (slash and not bottom.strip("0")):
        raise ValueError(
            f"must be a number{digits_hint(text)} such as 10 or 1/2, got '{echo(text, 40)}'"
        )
    mantissa, _, power = top.lower().partition("e")
    if not mantissa.strip("+-.0"):
        return 0  # zero, however written (0e99999 too)
    if text.startswith("-"):
        raise ValueError(f"must be at least 0, got {echo(text)}")
    value: Fraction | None = None
    if len(power.lstrip("+-")) <= 4:  # Fraction would take minutes to make 1e99999999
        with contextlib.suppress(ValueError):  # more digits than Python reads
            value = Fraction(text)
    if value is None or value.numerator >= _TOO_LONG or value.denominator >= _TOO_LONG:
        if value is not None:
            big = value >= 1
        elif len(power.lstrip("+-")) > 4:
            big = not power.startswith("-")
        else:  # more digits than Python reads
            big = len(top) > len(bottom) if slash else float(text) > 1
        written = "is far too big" if big else "has more than 4,000 digits written out"
        raise ValueError(f"{written}, got {echo(text)}")
    return int(value) if value.denominator == 1 else value


TOTAL: Option[Number | None] = Option(
    "total",
    "the total",
    None,
    _total,
    "the most a vector's utilities add up to",
    said="the game's own",
)
"""Shallow max^n's total after the depth (`shallow-maxn:5:1`); None: the game's own."""


class TotalMissingError(InputError, ValueError):
    """Shallow pruning was asked for with no known total of the utilities."""


def _maxn(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return MaxN(NSettings(estimator, depth), observer=observer)


def _shallow(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    total = TOTAL.of(options)
    if total is None:
        raise TotalMissingError(
            "shallow-maxn needs the most the utilities of a vector add up to, and this "
            "game does not say: give it as shallow-maxn:DEPTH:TOTAL"
        )
    return ShallowMaxN(ShallowSettings(estimator, depth, total), observer=observer)


def _paranoid(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return Paranoid(NSettings(estimator, depth))  # observed through its two-player view


def _paranoid_view(
    estimator: NEstimator[S, M],
    depth: int,
    observer: SearchObserver[S | Ended, M | EndMove, Number],
    /,
) -> SearchPlayer[S | Ended, M | EndMove, Number]:
    # The mover at the start against everyone else: alpha-beta on that two-player game.
    me = estimator.game.player(estimator.game.start)
    return paranoid_player(NSettings(estimator, depth), me, observer=observer)


MAXN_KIND = NPlayerKind(
    "maxn", "max^n: each player takes the vector best for itself (first move on a tie)", _maxn
)
"""Max^n (CSE 473's multiplayer rule), in the catalog of games of n players."""

SHALLOW_MAXN_KIND = NPlayerKind(
    "shallow-maxn",
    f"max^n with Korf's shallow pruning; TOTAL: the most a vector adds up to "
    f"(default: {TOTAL.said})",
    _shallow,
    options=(TOTAL,),
)
"""Max^n with Korf's shallow pruning, in the catalog of games of n players."""

PARANOID_KIND = NPlayerKind(
    "paranoid",
    "paranoid search: the others gang up on the mover, solved with alpha-beta",
    _paranoid,
    two_player=_paranoid_view,
)
"""Paranoid search, in the catalog of games of n players."""
