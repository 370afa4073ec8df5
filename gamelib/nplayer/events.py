"""What an n-player search tells its observer, as data.

The events of every family ([`gamelib.search.events`][gamelib.search.events]): every position,
the root included, is entered ([`Enter`][gamelib.search.events.Enter]) and left
([`Leave`][gamelib.search.events.Leave]), with its children's events in between, and a
[`Cut`][gamelib.search.events.Cut] before the leave where shallow pruning skipped the rest of
its moves.  The values are utility vectors, and the window is at most one number: a max^n
search passes down the parent's player and its best so far; a position it stopped early is
left `at least` (only its mover's component is a bound).

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
from typing import TypeAlias, TypeVar

from gamelib.nplayer.game import Number, Vector, number_to_string, vector_to_string
from gamelib.search.events import Event, event_to_string

__all__ = ["NEvent", "NObserver", "NWindow", "nevent_to_string"]

S = TypeVar("S")
M = TypeVar("M")

NWindow: TypeAlias = tuple[int, Number]
"""What shallow pruning searches a position with: the parent's player, and the utility it
already has from an earlier move."""

NEvent: TypeAlias = Event[S, M, NWindow, Vector]
"""Anything an n-player search reports: the events of every family, whose values are
vectors and whose window is shallow pruning's bound."""

NObserver: TypeAlias = Callable[[NEvent[S, M]], None]
"""A function that takes each event as it happens."""


def nevent_to_string(event: NEvent[S, M]) -> str:
    """One event on one line (moves and states as `str` shows them), for debugging."""
    return event_to_string(event, show=_show)


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return vector_to_string(value)
    return number_to_string(value) if isinstance(value, int | float) else str(value)
