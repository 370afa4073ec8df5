"""What an n-player search tells its observer, as data.

The same bracketing as the two-player events ([`gamelib.search.events`][gamelib.search.events]):
every position, the root included, is entered ([`NEnter`][gamelib.nplayer.events.NEnter]) and left
([`NLeave`][gamelib.nplayer.events.NLeave]), with its children's events in between, and a
[`ShallowCut`][gamelib.nplayer.events.ShallowCut] before the leave where shallow pruning skipped the
rest of its moves.  The values are utility vectors, and there is no window: a
max^n search passes down at most one number, the parent's best so far.

```pycon
>>> from gamelib.nplayer import MaxN, NSettings, TreeGame, parse_tree, tree_estimator
>>> game = TreeGame(parse_tree("a[b(1,2), c[d(3,0), e(0,3)]]"))
>>> events = []
>>> MaxN(NSettings(tree_estimator(game), 2), observer=events.append).analyse(game.start)
(0, (1, 2))
>>> for event in events:
...     print(nevent_to_string(event))
enter root (A,a) depth 2
enter 0 Finished (1,2) depth 1
leave (1,2) exact
enter 1 (B,c) depth 1
enter 0 Finished (3,0) depth 0
leave (3,0) exact
enter 1 Finished (0,3) depth 0
leave (0,3) exact
leave (0,3) exact best 1
leave (1,2) exact best 0

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, assert_never, final

from gamelib.core.datatypes import Playing
from gamelib.nplayer.game import NStatus, Number, Vector, number_to_string, vector_to_string
from gamelib.seq import Seq

__all__ = [
    "NEnter",
    "NEvent",
    "NLeave",
    "NObserver",
    "ShallowCut",
    "nevent_to_string",
]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class NEnter(Generic[S, M]):
    """The search starts on a position."""

    move: M | None
    """The move that led here from the position entered last; None at the root."""
    status: NStatus[S]
    """`Playing(state)`, or `Finished(utilities)` when the move ended the game."""
    player: int | None
    """Who is to move here (None when the game is over)."""
    depth: int
    """How many more moves the search may look ahead from here."""
    bound: tuple[int, Number] | None
    """For shallow pruning: the parent's player and the utility it already has from
    an earlier move; None where there is nothing to prune against."""


@final
@dataclass(frozen=True, slots=True)
class NLeave(Generic[M]):
    """The search is done with the position entered last."""

    value: Vector
    """The vector it returned."""
    exact: bool
    """False when shallow pruning stopped it early: then only the mover's component
    is a lower bound, and the parent will not take it."""
    best: M | None
    """The move whose vector it returned; None at a leaf."""


@final
@dataclass(frozen=True, slots=True)
class ShallowCut(Generic[M]):
    """Shallow pruning stopped the position entered last: the remaining moves cannot matter."""

    move: M
    """The move whose vector made the rest irrelevant."""
    value: Vector
    """That move's vector."""
    unsearched: Seq[M]
    """The moves never searched, in the order they would have been tried."""


NEvent: TypeAlias = NEnter[S, M] | NLeave[M] | ShallowCut[M]
"""Anything an n-player search reports."""

NObserver: TypeAlias = Callable[[NEvent[S, M]], None]
"""A function that takes each event as it happens."""


def nevent_to_string(event: NEvent[S, M]) -> str:
    """One event on one line (moves and states as `str` shows them), for debugging."""
    match event:
        case NEnter():
            where = "root" if event.move is None else str(event.move)
            status = event.status
            shown = str(status.state) if isinstance(status, Playing) else str(status)
            bound = ""
            if event.bound is not None:
                bound = f" bound {number_to_string(event.bound[1])} for {event.bound[0]}"
            return f"enter {where} {shown} depth {event.depth}{bound}"
        case NLeave():
            best = "" if event.best is None else f" best {event.best}"
            exact = "exact" if event.exact else "cut"
            return f"leave {vector_to_string(event.value)} {exact}{best}"
        case ShallowCut():
            rest = ", ".join(str(m) for m in event.unsearched)
            return f"cut after {event.move} {vector_to_string(event.value)}; not searched: {rest}"
        case _:
            assert_never(event)
