"""The searches of games of chance as search kinds, for the catalog: `expectiminimax`,
`star1` and `star2` (and what a kind of this family is).

The searches keep the lecture's shape in `gamelib.chance.expectiminimax`; what the command
line needs to name and build their players is here, as `gamelib.estimate.kinds` holds the
two-player lectures' kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar, final

from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import (
    ChancePlayer,
    ChanceSettings,
    Expectiminimax,
    Star1,
    Star2,
)

__all__ = [
    "EXPECTIMINIMAX_KIND",
    "STAR1_KIND",
    "STAR2_KIND",
    "ChanceKind",
    "ChanceKindFactory",
    "ChanceSampler",
]

S = TypeVar("S")
M = TypeVar("M")


class ChanceKindFactory(Protocol):
    """A chance search factory: Expectiminimax, Star1 and Star2 have this shape."""

    def __call__(
        self, settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
    ) -> ChancePlayer[S, M]: ...


class ChanceSampler(Protocol):
    """Builds a sampling chance player from its settings and its simulations."""

    def __call__(
        self, settings: ChanceSettings[S, M], simulations: int, /
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
    sampler: ChanceSampler | None = None
    """For a kind that samples (MCTS): builds its player with a number of simulations,
    which its spec gives in the depth's place (`mcts:SIMS`).  Its name may be the same
    algorithm's in another family: the game says which is meant."""

    def usage(self) -> str:
        """How a player spec names it: `star2:DEPTH`, `mcts:SIMS`."""
        return f"{self.name}:{'DEPTH' if self.sampler is None else 'SIMS'}"


EXPECTIMINIMAX_KIND = ChanceKind(
    "expectiminimax", Expectiminimax, "minimax that averages over the dice"
)
"""Expectiminimax (CSE 473), in the catalog of games of chance."""

STAR1_KIND = ChanceKind(
    "star1",
    Star1,
    "Ballard's Star1: expectiminimax's value, alpha-beta cuts at chance positions too",
)
"""Ballard's Star1, in the catalog of games of chance."""

STAR2_KIND = ChanceKind(
    "star2", Star2, "Ballard's Star2: Star1 that first probes one move of each outcome"
)
"""Ballard's Star2, in the catalog of games of chance."""
