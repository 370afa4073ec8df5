"""A search kind of the chance and n-player families traced as the command line shows it:
its text, its picture, its counts and its steps as lines of JSON.

A search of any family is traced by one tracer ([`trace`][gamelib.trace.tree.trace]) and
written by one text writer, one DOT writer and one writer of lines, the family's
[`Words`][gamelib.trace.words.Words] saying how its steps, values and windows read;
[`kind_drawing`][gamelib.trace.drawing.kind_drawing] does it for a kind of either family,
given only the kind, and gives a [`Drawing`][gamelib.trace.drawing.Drawing].

```pycon
>>> from gamelib.chance.kinds import STAR1_KIND
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
>>> drawn = kind_drawing(STAR1_KIND, chance_tree_estimator(game), 1)
>>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
(6, 3, 'value of (Maxie,a) is 3, best move 0')

```
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TypeVar, cast, final, overload

from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.chance.game import ChanceEstimator
from gamelib.chance.kinds import ChanceKind
from gamelib.nplayer.game import NEstimator, Number, Vector
from gamelib.nplayer.kinds import NPlayerKind
from gamelib.nplayer.maxn import NWindow
from gamelib.trace.dot import trace_to_dot
from gamelib.trace.text import trace_to_text
from gamelib.trace.tree import Traced, TracedRun, trace, trace_player
from gamelib.trace.words import NWords

__all__ = ["Drawing", "kind_drawing"]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")


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
    [`EventLines`][gamelib.trace.lines.EventLines], and
    [`sampled_trace`][gamelib.trace.mcts.sampled_trace] for a sampling search)."""


def _drawn(t: Traced[S, M, W, V], steps: io.StringIO) -> Drawing:
    return Drawing(
        trace_to_text(t), trace_to_dot(t), len(t.nodes()), len(t.leaves()), steps.getvalue()
    )


@overload
def kind_drawing(
    kind: ChanceKind, estimator: ChanceEstimator[S, M], depth: int, total: None = None
) -> Drawing: ...


@overload
def kind_drawing(
    kind: NPlayerKind, estimator: NEstimator[S, M], depth: int, total: Number | None
) -> Drawing: ...


def kind_drawing(
    kind: ChanceKind | NPlayerKind,
    estimator: ChanceEstimator[S, M] | NEstimator[S, M],
    depth: int,
    total: Number | None = None,
) -> Drawing:
    """One search to `depth` of a (non-sampling) chance or n-player `kind` from the start,
    drawn: by the events its player reports (shallow pruning's cuts explained by `total`),
    or, for a kind that searches a two-player view of the game, as that search.

    ```pycon
    >>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
    >>> from gamelib.nplayer.kinds import MAXN_KIND
    >>> drawn = kind_drawing(MAXN_KIND, tree_estimator(TreeGame(CSE473)), 3, None)
    >>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
    (15, 8, 'value of (A,a) is (3,2,5), best move 0')

    ```
    """
    steps = io.StringIO()
    if isinstance(kind, ChanceKind):
        settings = ChanceSettings(cast(ChanceEstimator[S, M], estimator), depth)
        return _drawn(trace(kind.factory, settings, steps=steps), steps)
    n_estimator = cast(NEstimator[S, M], estimator)  # the overloads pair a kind and its family
    view = kind.two_player
    if view is not None:
        return _drawn(trace_player(lambda o: view(n_estimator, depth, o), steps=steps), steps)
    run: TracedRun[S, M, NWindow, Vector] = TracedRun()
    player = kind.build(n_estimator, depth, total, observer=run)
    return _drawn(run.traced(player, NWords(player.game, total), None, steps), steps)
