"""What the search factories return: a PLAYER that can also analyse a position."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar, final

from gamelib.core.game import Game
from gamelib.estimate.estimator import Est, Settings

__all__ = ["Edge", "SearchDepthError", "SearchPlayer"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
G_co = TypeVar("G_co", covariant=True)
R = TypeVar("R")

Edge: TypeAlias = tuple[M, Est[G]]
"""A move and the value found for it (the lectures' ``edge``)."""


class SearchDepthError(RecursionError):
    """The search went deeper than Python's recursion limit allows."""


class SearchPlayer(Protocol[S, M, G_co]):
    """A PLAYER built by a search factory; it can also analyse a position."""

    @property
    def game(self) -> Game[S, M]:
        """The game this player plays."""
        ...

    def next_move(self, state: S, /) -> M:
        """The best move the search finds in ``state``."""
        ...

    def analyse(self, state: S, /) -> Edge[M, G_co]:
        """The best edge at ``state``: the move ``next_move`` makes and its value."""
        ...


def guard_depth(depth: int, search: Callable[[S], R]) -> Callable[[S], R]:
    """``search``, but a RecursionError becomes a SearchDepthError naming ``depth``."""

    def guarded(state: S) -> R:
        try:
            return search(state)
        except RecursionError:
            raise SearchDepthError(
                f"a search of depth {depth} goes deeper than Python's recursion limit "
                f"({sys.getrecursionlimit()}) allows; choose a smaller depth"
            ) from None

    return guarded


@final
@dataclass(frozen=True, slots=True)
class BuiltPlayer(Generic[S, M, G]):
    """The value a factory returns: its settings and the closures it built."""

    name: str
    """How the player introduces itself, e.g. ``AlphaBeta(depth 5)``."""
    settings: Settings[S, M, G]
    """What it was built from."""
    next_move: Callable[[S], M]
    """``move_of`` composed with the root search."""
    analyse: Callable[[S], Edge[M, G]]
    """The root search: the best edge."""

    @property
    def game(self) -> Game[S, M]:
        return self.settings.estimator.game

    def __str__(self) -> str:
        return self.name
