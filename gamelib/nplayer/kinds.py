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
>>> MAXN_KIND.build(tree_estimator(TreeGame(CSE473)), 3, None).analyse(TreeGame(CSE473).start)
(0, (3, 2, 5))
>>> SHALLOW_MAXN_KIND.usage(), PARANOID_KIND.usage()
('shallow-maxn:DEPTH:TOTAL', 'paranoid:DEPTH')

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar, final

from gamelib.errors import InputError
from gamelib.estimate.alphabeta import AlphaBeta
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
    paranoid_settings,
)
from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer

__all__ = [
    "MAXN_KIND",
    "PARANOID_KIND",
    "SHALLOW_MAXN_KIND",
    "NKindBuilder",
    "NPlayerKind",
    "NSampler",
    "TotalMissingError",
    "TwoPlayerView",
]

S = TypeVar("S")
M = TypeVar("M")


class NKindBuilder(Protocol):
    """Builds an n-player search player, telling `observer` (if any) what it does; `total`
    is shallow pruning's, None if unknown."""

    def __call__(
        self,
        estimator: NEstimator[S, M],
        depth: int,
        total: Number | None,
        /,
        *,
        observer: NObserver[S, M] | None = None,
    ) -> NSearchPlayer[S, M, Vector | Number]: ...


class NSampler(Protocol):
    """Builds a sampling n-player player from an estimator, a depth and its simulations."""

    def __call__(
        self, estimator: NEstimator[S, M], depth: int, simulations: int, /
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
class NPlayerKind:
    """A kind of search player for games of n players (`gamelib.nplayer`)."""

    name: str
    """Its name in a player spec (`maxn`)."""
    summary: str
    """One line of description."""
    build: NKindBuilder
    """Builds a player of this kind (its events are `gamelib.nplayer.maxn.NEvent`s,
    unless it has a `two_player` view)."""
    needs_total: bool = False
    """Whether it takes shallow pruning's total, written after the depth."""
    sampler: NSampler | None = None
    """For a kind that samples (MCTS): builds its player with a number of simulations,
    which its spec gives in the depth's place (`mcts:SIMS`); it reports no events, and is
    traced by its own simulations."""
    two_player: TwoPlayerView | None = None
    """For a kind that searches a two-player view of the game: that search, to trace."""

    def usage(self) -> str:
        """How a player spec names it: `shallow-maxn:DEPTH:TOTAL`, `mcts:SIMS`."""
        first = "DEPTH" if self.sampler is None else "SIMS"
        return f"{self.name}:{first}" + (":TOTAL" if self.needs_total else "")


class TotalMissingError(InputError, ValueError):
    """Shallow pruning was asked for with no known total of the utilities."""


def _maxn(
    estimator: NEstimator[S, M],
    depth: int,
    total: Number | None,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return MaxN(NSettings(estimator, depth), observer=observer)


def _shallow(
    estimator: NEstimator[S, M],
    depth: int,
    total: Number | None,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    if total is None:
        raise TotalMissingError(
            "shallow-maxn needs the most the utilities of a vector add up to, and this "
            "game does not say: give it as shallow-maxn:DEPTH:TOTAL"
        )
    return ShallowMaxN(ShallowSettings(estimator, depth, total), observer=observer)


def _paranoid(
    estimator: NEstimator[S, M],
    depth: int,
    total: Number | None,
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
    # The mover at the start against everyone else: AlphaBeta on that two-player game.
    me = estimator.game.player(estimator.game.start)
    return AlphaBeta(paranoid_settings(NSettings(estimator, depth), me), observer=observer)


MAXN_KIND = NPlayerKind(
    "maxn", "max^n: each player takes the vector best for itself (first move on a tie)", _maxn
)
"""Max^n (CSE 473's multiplayer rule), in the catalog of games of n players."""

SHALLOW_MAXN_KIND = NPlayerKind(
    "shallow-maxn",
    "max^n with Korf's shallow pruning; TOTAL: the most a vector adds up to "
    "(default: the game's own)",
    _shallow,
    needs_total=True,
)
"""Max^n with Korf's shallow pruning, in the catalog of games of n players."""

PARANOID_KIND = NPlayerKind(
    "paranoid",
    "paranoid search: the others gang up on the mover, solved with alpha-beta",
    _paranoid,
    two_player=_paranoid_view,
)
"""Paranoid search, in the catalog of games of n players."""
