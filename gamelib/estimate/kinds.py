"""The lectures' three searches as search kinds, for the catalog: `minimax`, `alphabeta`
and `jamboree` (with its prune percentage).

The lecture files themselves keep the slides' shape; what the command line needs to name
and build their players is here.
"""

from __future__ import annotations

from typing import TypeVar

from gamelib.core.estimator import Estimator, Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.estimate.minimax import Minimax
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import Option, OptionValues, SearchKind, parse_fraction, settings_of
from gamelib.search.player import SearchPlayer

__all__ = ["ALPHABETA_KIND", "JAMBOREE_KIND", "MINIMAX_KIND", "PRUNE"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

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
    return Jamboree(settings_of(JamboreeSettings, settings, "Jamboree"), observer=observer)


MINIMAX_KIND = SearchKind("minimax", Minimax, "Minimax search")
"""Minimax, as the catalog names it."""

ALPHABETA_KIND = SearchKind("alphabeta", AlphaBeta, "alpha-beta search")
"""AlphaBeta, as the catalog names it."""

JAMBOREE_KIND = SearchKind(
    "jamboree", _jamboree, "Jamboree search", settings=_jamboree_settings, options=(PRUNE,)
)
"""Jamboree, as the catalog names it: `jamboree:DEPTH:PRUNE`."""
