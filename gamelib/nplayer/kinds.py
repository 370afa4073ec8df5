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

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar, final

from gamelib.core.checks import ascii_float, digits_hint, echo
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


def _total(text: str) -> Number | None:
    """A total of the utilities: a number at least 0 (an integer or a fraction)."""
    value: Fraction | None
    try:
        if not text.isascii() or "_" in text:  # the digits 0-9 only, as everywhere
            raise ValueError(text)
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        if ascii_float(text) is None:
            raise ValueError(
                f"must be a number{digits_hint(text)} such as 10 or 1/2, got '{echo(text, 40)}'"
            ) from None
        value = None  # written in digits, but too long for Python to read
    if text.startswith("-") if value is None else value < 0:
        raise ValueError(f"must be at least 0, got {echo(text)}")
    if value is None:
        raise ValueError(f"is far too big, got {echo(text)}")
    return int(value) if value.denominator == 1 else value


TOTAL: Option[Number | None] = Option(
    "total", "the total", None, _total, "the most a vector's utilities add up to", flag=False
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
    "max^n with Korf's shallow pruning; TOTAL: the most a vector adds up to "
    "(default: the game's own)",
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
