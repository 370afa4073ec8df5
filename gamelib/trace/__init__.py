"""Traces of searches: every position visited, in order, and what happened there.

A trace is built from the events a search reports to its observer (see
[`gamelib.search.events`][gamelib.search.events]), and from nothing else, so it stays exact
whatever order the moves are tried in, when a table answers a position, or when a position is
searched twice.  A search without an observer pays nothing for this package.

Every format reads the events through one fold, [`gamelib.trace.fold`][gamelib.trace.fold],
which owns the bracketing rules; the rest are formatters of its steps:

- [`gamelib.trace.tree`][gamelib.trace.tree]: the tree of a search of any family
  (`Traced`, `TracedRun`; for two players `trace`, `Tracer`, `TraceNode`);
- [`gamelib.trace.words`][gamelib.trace.words]: how a family's steps, values and windows
  read, for every writer below;
- [`gamelib.trace.text`][gamelib.trace.text]: that tree as the handouts' debugging text, or
  a two-player search's lines written while it runs (`trace_to_text`, `stream_trace`);
- [`gamelib.trace.dot`][gamelib.trace.dot]: that tree as a Graphviz picture;
- [`gamelib.trace.steps`][gamelib.trace.steps]: the events as the docs' stepper reads them
  (JSON);
- [`gamelib.trace.lines`][gamelib.trace.lines]: the steps of a search of any family as
  lines of JSON (`gamelib trace --json`);
- [`gamelib.trace.graphviz`][gamelib.trace.graphviz]: DOT quoting and the `dot` program, for
  every picture (`solve --dot`'s proof trees too);
- [`gamelib.trace.mcts`][gamelib.trace.mcts]: Monte Carlo tree search's simulations and the
  tree they grew, in every family, as text, picture, stepper data and lines of JSON;
- [`gamelib.trace.drawing`][gamelib.trace.drawing]: the words of the chance and n-player
  families, and a search kind of theirs traced from the kind alone, as the command line
  shows it;
- [`gamelib.trace.proofs`][gamelib.trace.proofs]: boolean proofs as text and pictures, and
  proof-number search's steps for the docs' stepper.

A search reports, a tracer renders: nothing here runs a search of `gamelib.algorithms`
(the floor above), and what a renderer reads is data of the floors below (a proof is a
[`gamelib.search.proofs.ProofNode`][gamelib.search.proofs.ProofNode]).

For each node a two-player trace keeps its path (the moves from the root), the side to
move, the window (α, β) it was searched with (for AlphaBeta and Jamboree), and what
happened: it was *estimated* (depth 0), *finished* (the game was over), *searched* (with
the value and best move found, and whether that value is exact or a bound), *cut off*
(which move's value caused the cut, and which moves were never searched), or answered
from a *table*.

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.games.explicit import ExplicitGame, parse_tree, tree_estimator
>>> game = ExplicitGame(parse_tree("a[b[c3,d6],e[f1,g9]]"))
>>> t = trace(AlphaBeta, Settings(tree_estimator(game), 2))
>>> print(trace_to_text(t))
Evaluating (Maxie,a) with window (−∞, +∞)
  Evaluating (Minnie,b) via 0 with window (−∞, +∞)
    Estimating (Maxie,c) via 0 0: Guess 3
    Estimating (Maxie,d) via 0 1: Guess 6
  value of (Minnie,b) is Guess 3, best move 0
  Evaluating (Minnie,e) via 1 with window (Guess 3, +∞)
    Estimating (Maxie,f) via 1 0: Guess 1
  cut off at (Minnie,e): move 0 gave Guess 1, at or below α = Guess 3; move 1 not searched
  value of (Minnie,e) is Guess 1, best move 0
value of (Maxie,a) is Guess 3, best move 0

```
"""

from gamelib.trace.dot import trace_to_dot
from gamelib.trace.fold import TraceError
from gamelib.trace.graphviz import (
    PICTURE_POSITIONS,
    GraphvizMissingError,
    PictureError,
    draw,
    picture_size,
    render,
    write_file,
)
from gamelib.trace.text import Streamed, TraceWriter, stream_trace, trace_to_text
from gamelib.trace.tree import Trace, TraceNode, Tracer, trace, trace_player

__all__ = [
    "PICTURE_POSITIONS",
    "GraphvizMissingError",
    "PictureError",
    "Streamed",
    "Trace",
    "TraceError",
    "TraceNode",
    "TraceWriter",
    "Tracer",
    "draw",
    "picture_size",
    "render",
    "stream_trace",
    "trace",
    "trace_player",
    "trace_to_dot",
    "trace_to_text",
    "write_file",
]
