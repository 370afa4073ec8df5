"""Why gamelib's principal variation search was where it was: the window of each step.

A NegaScout / PVS search visits some positions twice: a later move is first *tested* with
a null window (is it worth more than α?) and searched again, with the window from the value
the test found up to β, only when the test says it is.  When a student's PVS parts from
gamelib's, the step where they part is easier to read with that said: which test or which
re-search gamelib was in at that step, and with what window.

The grader's reference is replayed here with an observer on the same logged tree, so each
step of its log (`gamelib.check.families`) is matched with the positions it was inside.

```pycon
>>> said = pvs_context("a[b[c0],d[e1]]", 2)
>>> said[3]
'in its null-window test of node d: is d worth more than α = 0 to the mover at a (Maxie)?'
>>> print(said[5])  # doctest: +NORMALIZE_WHITESPACE
searching node d again, with the window (α, β) = (1, +∞) of the mover at a (Maxie),
because its null-window test found d worth more than α

```
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import final

from gamelib.algorithms.negamax import NegamaxSettings
from gamelib.algorithms.nullwindow import PrincipalVariation
from gamelib.check.families import Step, two_player
from gamelib.core.datatypes import Playing, Side
from gamelib.core.estimator import Guess
from gamelib.core.window import Bound, Infinity, NegInf
from gamelib.games.explicit import TreeState
from gamelib.search.events import Enter, Leave, SearchEvent

__all__ = ["pvs_context"]


@final
@dataclass
class _Frame:
    """One position the search is inside."""

    name: str
    side: Side | None
    window: tuple[float, float] | None
    """Its window in Maxie's terms (None where there is none)."""
    again: bool
    """Whether it is the second search of this position from the same parent visit."""
    visits: dict[str, int] = field(default_factory=dict)
    """How often each child was entered in this visit."""


def _number(bound: Bound[float]) -> float:
    if isinstance(bound, Infinity):
        return -math.inf if bound is NegInf else math.inf
    return float(bound.guess) if isinstance(bound, Guess) else math.nan


def _written(x: float) -> str:
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:g}".replace("-", "−")


def _mover_window(window: tuple[float, float], side: Side | None) -> tuple[float, float]:
    low, high = window
    return (low, high) if side is Side.Maxie else (-high, -low)


def _said(stack: list[_Frame]) -> str | None:
    for k in range(len(stack) - 1, 0, -1):
        frame, parent = stack[k], stack[k - 1]
        if frame.window is None or parent.window is None:
            continue
        empty = frame.window[0] == frame.window[1]
        mover = f"the mover at {parent.name} ({parent.side})"
        if empty and parent.window[0] != parent.window[1]:
            alpha = _mover_window(frame.window, parent.side)[0]
            return (
                f"in its null-window test of node {frame.name}: is {frame.name} worth more "
                f"than α = {_written(alpha)} to {mover}?"
            )
        if frame.again:
            low, high = _mover_window(frame.window, parent.side)
            return (
                f"searching node {frame.name} again, with the window (α, β) = "
                f"({_written(low)}, {_written(high)}) of {mover}, because its null-window "
                f"test found {frame.name} worth more than α"
            )
    return None


def pvs_context(text: str, depth: int) -> dict[int, str]:
    """For each step of gamelib's PVS log on the two-player tree `text` searched `depth`
    deep that it took inside a null-window test or a re-search, which one, in a few words
    (by the step's index in the log)."""
    log: list[Step] = []
    game, plain = two_player(text, depth, log)
    stack: list[_Frame] = []
    said: dict[int, str] = {}

    def observe(event: SearchEvent[TreeState, int, float]) -> None:
        if isinstance(event, Enter):
            status = event.status
            name = status.state.node.name if isinstance(status, Playing) else "end"
            window = None
            if isinstance(event.window, tuple):
                window = (_number(event.window[0]), _number(event.window[1]))
            again = False
            if stack:
                visits = stack[-1].visits
                visits[name] = visits.get(name, 0) + 1
                again = visits[name] > 1
            side = event.side if isinstance(event.side, Side) else None
            stack.append(_Frame(name, side, window, again))
            context = _said(stack)
            if context is None:  # a leaf estimated again in a row logs nothing: forget it
                said.pop(len(log), None)
            else:
                said[len(log)] = context  # the step this position is about to log
        elif isinstance(event, Leave) and stack:
            stack.pop()

    settings = NegamaxSettings(plain.estimator, depth)
    PrincipalVariation(settings, observer=observe).analyse(game.start)
    return said
