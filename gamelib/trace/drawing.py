"""A search of the chance and n-player families traced as the command line shows it:
its text, its picture, its counts and its steps as lines of JSON.

A search of any family is traced by one tracer ([`trace`][gamelib.trace.tree.trace]) and
written by one text writer, one DOT writer and one writer of lines, the family's
[`Words`][gamelib.trace.words.Words] saying how its steps, values and windows read;
[`kind_drawing`][gamelib.trace.drawing.kind_drawing] does it for a player of any kind that
reports its search, built around the observer it is given, and gives a
[`Drawing`][gamelib.trace.drawing.Drawing].

```pycon
>>> from gamelib.chance.kinds import STAR1_KIND
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> from gamelib.trace.words import ChanceWords
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
>>> build = lambda run: STAR1_KIND.build(chance_tree_estimator(game), 1, {}, observer=run)
>>> drawn = kind_drawing(build, ChanceWords(game))
>>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
(6, 3, 'value of (Maxie,a) is 3, best move 0')

```
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, final

from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer
from gamelib.trace.dot import trace_to_dot
from gamelib.trace.text import trace_to_text
from gamelib.trace.tree import Analyses, Traced, TracedRun, trace_player
from gamelib.trace.words import Words

__all__ = ["Drawing", "kind_drawing", "view_drawing"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
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


def kind_drawing(
    build: Callable[[TracedRun[S, M, W, V]], Analyses[S]], words: Words[S, M, W, V]
) -> Drawing:
    """One search from the start by the player `build` makes around the observer it is
    given (a kind's builder, for any family), drawn in its family's `words` (shallow
    pruning's cuts explained by the total its `NWords` know).

    ```pycon
    >>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
    >>> from gamelib.nplayer.kinds import MAXN_KIND
    >>> from gamelib.trace.words import NWords
    >>> game = TreeGame(CSE473)
    >>> drawn = kind_drawing(
    ...     lambda run: MAXN_KIND.build(tree_estimator(game), 3, {}, observer=run), NWords(game)
    ... )
    >>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
    (15, 8, 'value of (A,a) is (3,2,5), best move 0')

    ```
    """
    steps = io.StringIO()
    run: TracedRun[S, M, W, V] = TracedRun()
    return _drawn(run.traced(build(run), words, None, steps), steps)


def view_drawing(build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]]) -> Drawing:
    """One two-player search from the start by the player `build` makes around the observer
    it is given, drawn: how a kind that searches a two-player view of its game (paranoid)
    is traced.  Paranoid on the CSE 473 tree: A against B and C together, as alpha-beta,
    each leaf's vector read as A's utility.

    ```pycon
    >>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
    >>> from gamelib.nplayer.kinds import PARANOID_KIND
    >>> view, estimator = PARANOID_KIND.two_player, tree_estimator(TreeGame(CSE473))
    >>> drawn = view_drawing(lambda observer: view(estimator, 3, observer))
    >>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
    (11, 5, 'value of (A,a) is Guess 1, best move 0')
    >>> print(drawn.text.splitlines()[-3])
      cut off at (B,i): move 0 gave Guess 1, at or below α = Guess 1; move 1 not searched

    ```
    """
    steps = io.StringIO()
    return _drawn(trace_player(build, steps=steps), steps)
