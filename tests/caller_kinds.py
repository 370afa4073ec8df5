"""Search kinds of a caller's own, as a user adds them with `Catalogs.with_kind`: defined at
a module's top level, so that they pickle and workers can rebuild them."""

from __future__ import annotations

from typing import TypeVar

from gamelib.catalog import ChanceKind
from gamelib.chance.expectiminimax import Star1
from gamelib.chance.kinds import searched_by
from gamelib.core.estimator import Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import SearchKind
from gamelib.search.player import SearchPlayer

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def _mine(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return Minimax(settings, observer=observer)


MINE = SearchKind("mine", _mine, "Minimax under a name of the caller's")
"""A two-player kind gamelib does not have."""

MINE_CHANCE = ChanceKind("mine-chance", "Star1 under a name of the caller's", searched_by(Star1))
"""A kind for games of chance gamelib does not have."""

UNSENT = SearchKind(
    "unsent",
    lambda settings, /, *, observer=None: AlphaBeta(settings, observer=observer),
    "alpha-beta made by a lambda, which does not pickle",
)
"""A kind whose factory cannot be sent to a worker process."""
