"""A trace as text, in the handouts' debugging style: from a whole tree, or as the search runs.

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
>>> from gamelib.trace import trace
>>> t = trace(AlphaBeta, Settings(tree_estimator(ExplicitGame(SMALL)), 2))
>>> print(trace_to_text(t))
Evaluating (Maxie,a) with window (−∞, +∞)
  Evaluating (Minnie,b) via 0 with window (−∞, +∞)
    Estimating (Maxie,c) via 0 0: Guess 3
    Estimating (Maxie,d) via 0 1: Guess 6
    Estimating (Maxie,e) via 0 2: Guess -2
  value of (Minnie,b) is Guess -2, best move 2
  Evaluating (Minnie,f) via 1 with window (Guess -2, +∞)
    Estimating (Maxie,g) via 1 0: Guess 6
    Estimating (Maxie,h) via 1 1: Guess 4
    Estimating (Maxie,i) via 1 2: Guess 10
  value of (Minnie,f) is Guess 4, best move 1
  Evaluating (Minnie,j) via 2 with window (Guess 4, +∞)
    Estimating (Maxie,k) via 2 0: Guess 1
  cut off at (Minnie,j): move 0 gave Guess 1, at or below α = Guess 4; moves 1, 2 not searched
  value of (Minnie,j) is Guess 1, best move 0
value of (Maxie,a) is Guess 4, best move 1

```
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, final

from gamelib.core.datatypes import Side
from gamelib.core.estimator import Est, Estimator
from gamelib.core.game import Game
from gamelib.search.events import (
    SearchEvent,
    SearchObserver,
    Window,
)
from gamelib.search.player import SearchPlayer
from gamelib.trace.fold import Open
from gamelib.trace.tree import EventTracer, Trace, Traced, TracedNode, TraceNode, Tracer
from gamelib.trace.words import TwoWords, Words

__all__ = ["Streamed", "TraceWriter", "stream_trace", "trace_to_text"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
W = TypeVar("W")
V = TypeVar("V")


def _opening(words: Words[S, M, W, V], node: TracedNode[S, M, W, V], verb: str) -> str:
    """The line before a searched node's children."""
    return f"{verb} {words.label(node)}{words.where(node)}{words.window_text(node.window)}"


def trace_to_text(t: Traced[S, M, W, V]) -> str:
    """The trace of a search of any family as indented lines, in the handouts' debugging
    style; the family's [`Words`][gamelib.trace.words.Words] say how its lines read.

    Builds the whole text in memory; [`stream_trace`][gamelib.trace.text.stream_trace] writes
    a two-player search's lines as the search goes, without keeping the tree.  Star2's two
    visits of a probed position (the probe of its first move, and the rest later) are
    shown where they happened: the probes of a chance position's outcomes first.
    """
    words = t.words
    lines: list[str] = []

    def emit(node: TracedNode[S, M, W, V], indent: str, part: str = "all") -> None:
        if not node.children:
            lines.append(indent + words.leaf(node))
            return
        children = node.children
        if part == "probe":
            assert node.probe is not None  # the caller asked for the probe
            window, first = node.probe
            label = words.label(node)
            lines.append(
                f"{indent}Probing {label}{words.where(node)}{words.window_text(window)}: "
                "its first move only"
            )
            emit(children[0], indent + "  ")
            bound = "at least" if node.side is Side.Maxie else "at most"
            lines.append(f"{indent}probe of {label}: {bound} {words.text(first)}")
            return
        if part == "rest":
            lines.append(indent + _opening(words, node, "Resuming"))
            children = children[1:]
        else:
            lines.append(indent + _opening(words, node, words.verb(node)))
        inner = indent + "  "
        for child in children:
            if child.probe is not None:
                emit(child, inner, "probe")
        for child in children:
            if child.probe is None:
                emit(child, inner)
            elif child.resumed:
                emit(child, inner, "rest")
        lines.extend(indent + line for line in words.closing(node))

    for number, root in enumerate(t.passes, start=1):
        if t.earlier:
            lines.append(_pass_header(number, len(t.passes)))
        emit(root, "")
    return "\n".join(lines)


def _pass_header(number: int, passes: int | None) -> str:
    of = "" if passes is None else f" of {passes}"
    return f"Search {number}{of} of the root:"


class TraceWriter(EventTracer[S, M, Window[G], Est[G]]):
    """An observer that writes the text of a search while it runs, keeping no tree.

    Each line of [`trace_to_text`][gamelib.trace.text.trace_to_text] is written as soon as the
    events that decide it have arrived, so the memory used is that of the positions being
    searched (as deep as the search goes), however many positions it visits.

    A search that searches its root several times (MTD(f), iterative
    deepening) heads each search with `Search 1 of 3 of the root:`, and the
    3 is known only at the end: give `several=True` for such searches, and
    the lines go to a temporary file (on disk, not in memory) and are copied
    to `out` by [`finish`][gamelib.trace.text.TraceWriter.finish]. Otherwise they go straight
    to `out`, and a search that does come back to its root heads the later searches
    `Search 2 of the root:`. Call [`finish`][gamelib.trace.text.TraceWriter.finish] once the
    search is over. Raises [`TraceError`][gamelib.trace.fold.TraceError] on events that are not well
    bracketed.
    """

    def __init__(
        self,
        game: Game[S, M],
        estimator: Estimator[S, M, G],
        out: TextIO,
        *,
        several: bool = False,
    ) -> None:
        super().__init__(keep=False)
        self._words = TwoWords(game, estimator)
        self._out = out
        self._spool: TextIO | None = None
        if several:  # closed by finish
            self._spool = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._pass_starts: list[int] = []
        """For a spooled trace: the line number where each search of the root starts."""
        self._written = 0

    def _write(self, line: str) -> None:
        target = self._out if self._spool is None else self._spool
        target.write(line + "\n")
        self._written += 1

    def _rooted(self) -> None:
        self._pass_starts.append(self._written)
        if self._bracket.searches > 1 and self._spool is None:
            self._write(_pass_header(self._bracket.searches, None))

    def _searching(self, node: TraceNode[S, M, G]) -> None:
        indent = "  " * (self._bracket.depth - 1)
        self._write(indent + _opening(self._words, node, "Evaluating"))

    def _left(self, gone: Open[TraceNode[S, M, G]]) -> None:
        indent = "  " * self._bracket.depth
        if gone.searched:
            for line in self._words.closing(gone.node):
                self._write(indent + line)
        else:
            self._write(indent + self._words.leaf(gone.node))

    @property
    def positions(self) -> int:
        """Positions visited so far, the root included (each search of it counts)."""
        return self._bracket.positions

    @property
    def leaves(self) -> int:
        """Positions estimated or finished so far."""
        return self._bracket.leaves

    def finish(self) -> None:
        """Write what is still to be written (a spooled trace, with its headers).

        Raises [`TraceError`][gamelib.trace.fold.TraceError] if the search has not left its root.
        """
        self._bracket.finish()
        spool, self._spool = self._spool, None
        if spool is None:
            return
        with spool:
            spool.seek(0)
            passes = len(self._pass_starts)
            starts = iter(self._pass_starts[1:] if passes > 1 else [])
            if passes > 1:
                self._out.write(_pass_header(1, passes) + "\n")
            number, upcoming = 1, next(starts, None)
            for count, line in enumerate(spool):
                if count == upcoming:
                    number += 1
                    self._out.write(_pass_header(number, passes) + "\n")
                    upcoming = next(starts, None)
                self._out.write(line)


@final
@dataclass(frozen=True, slots=True)
class Streamed(Generic[S, M, G]):
    """What [`stream_trace`][gamelib.trace.text.stream_trace] found, besides the text it wrote."""

    positions: int
    """Positions visited, the root included."""
    leaves: int
    """Positions estimated or finished."""
    trace: Trace[S, M, G] | None
    """The whole trace, if it was asked for and has at most `keep` positions."""


def stream_trace(
    build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]],
    out: TextIO,
    state: S | None = None,
    *,
    several: bool = False,
    keep: int = 0,
) -> Streamed[S, M, G]:
    """Build a player with `build(observer)`, run it once from `state` (default the
    start), and write the text of [`trace_to_text`][gamelib.trace.text.trace_to_text] to `out` as it
    searches.

    The tree is kept (for a picture) only while it has at most `keep`
    positions: past that, it is dropped and only counted, so memory stays
    flat however large the search.  `several` is as for
    [`TraceWriter`][gamelib.trace.text.TraceWriter].
    """
    observers: list[SearchObserver[S, M, G]] = []
    tracer: Tracer[S, M, G] | None = Tracer() if keep > 0 else None

    def observe(event: SearchEvent[S, M, G], /) -> None:
        for observer in tuple(observers):  # one may drop itself on the way
            observer(event)

    player = build(observe)
    game = player.game
    estimator = player.settings.estimator
    writer = TraceWriter(game, estimator, out, several=several)
    observers.append(writer)
    if tracer is not None:
        capped = tracer

        def keep_while_small(event: SearchEvent[S, M, G], /) -> None:
            if writer.positions > keep:  # the writer has seen this Enter already
                observers.remove(keep_while_small)  # drop the tree: it is too big to keep
                return
            capped(event)

        observers.append(keep_while_small)
    player.analyse(game.start if state is None else state)
    writer.finish()
    kept: Trace[S, M, G] | None = None
    if tracer is not None and writer.positions <= keep:
        kept = Trace(tracer.root, TwoWords(game, estimator), str(player), tuple(tracer.earlier))
    return Streamed(writer.positions, writer.leaves, kept)


# --------------------------------------------------------------------------
# Graphviz DOT
