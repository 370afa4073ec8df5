"""A traced search as the command line shows it, for a search kind of any family: its text,
its picture, its counts and its steps as lines of JSON.

A two-player search kind streams its trace (see [`gamelib.trace.text`][gamelib.trace.text]); the
kinds of the chance and n-player families are traced here, from the kind alone, so that a new
kind of those families needs nothing but its module's kind to be traced: a kind whose player
reports its family's events is folded by its family's tracer, a kind that searches a
two-player view (paranoid) is traced as that two-player search, and a kind that samples (MCTS)
traces its own simulations ([`gamelib.trace.sampled`][gamelib.trace.sampled]).

```pycon
>>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
>>> from gamelib.nplayer.kinds import MAXN_KIND
>>> drawn = n_kind_drawing(MAXN_KIND, tree_estimator(TreeGame(CSE473)), 3, None)
>>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
(15, 8, 'value of (A,a) is (3,2,5), best move 0')

```
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TypeVar, final

from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.chance.kinds import ChanceKind
from gamelib.nplayer.game import NEstimator, Number
from gamelib.nplayer.kinds import NPlayerKind
from gamelib.trace.chance import chance_trace, chance_trace_to_dot, chance_trace_to_text
from gamelib.trace.dot import trace_to_dot
from gamelib.trace.nplayer import trace_player as n_trace_player
from gamelib.trace.nplayer import trace_to_dot as n_trace_to_dot
from gamelib.trace.nplayer import trace_to_text as n_trace_to_text
from gamelib.trace.text import trace_to_text
from gamelib.trace.tree import trace_player

__all__ = ["Drawing", "chance_kind_drawing", "n_kind_drawing"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class Drawing:
    """A traced search as the command line shows it: text, a picture, and counts."""

    text: str
    """The indented trace."""
    dot: str
    """The Graphviz picture of it."""
    positions: int
    """Positions visited, the root included."""
    leaves: int
    """Positions estimated or finished."""
    steps: str = ""
    """The search's steps as lines of JSON, the `done` line last (see
    [`StepLines`][gamelib.trace.lines.StepLines], and
    [`gamelib.trace.sampled`][gamelib.trace.sampled] for a sampling search)."""


def chance_kind_drawing(kind: ChanceKind, settings: ChanceSettings[S, M]) -> Drawing:
    """One search of a (non-sampling) chance `kind` with `settings` from the start, drawn."""
    steps = io.StringIO()
    found = chance_trace(kind.factory, settings, steps=steps)
    return Drawing(
        chance_trace_to_text(found),
        chance_trace_to_dot(found),
        sum(1 for _ in found.root.walk()),
        len(found.leaves()),
        steps.getvalue(),
    )


def n_kind_drawing(
    kind: NPlayerKind, estimator: NEstimator[S, M], depth: int, total: Number | None
) -> Drawing:
    """One search of a (non-sampling) n-player `kind` from the start, drawn: by the events
    its player reports, or as the two-player search of its view."""
    steps = io.StringIO()
    view = kind.two_player
    if view is not None:
        two = trace_player(lambda observer: view(estimator, depth, observer), steps=steps)
        text, dot = trace_to_text(two), trace_to_dot(two)
        return Drawing(text, dot, len(two.nodes()), len(two.leaves()), steps.getvalue())
    found = n_trace_player(
        lambda observer: kind.build(estimator, depth, total, observer=observer),
        total=total,
        steps=steps,
    )
    text, dot = n_trace_to_text(found), n_trace_to_dot(found)
    return Drawing(text, dot, len(found.nodes()), len(found.leaves()), steps.getvalue())
