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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, assert_never, final

from gamelib import seq
from gamelib.core.datatypes import Done, Side
from gamelib.core.estimator import Est, Estimator, est_to_string
from gamelib.core.game import Game
from gamelib.core.window import Bound, bound_to_string
from gamelib.search.events import (
    Cut,
    Enter,
    Leave,
    SearchEvent,
    SearchObserver,
    TableHit,
    Window,
)
from gamelib.search.player import SearchPlayer
from gamelib.trace.fold import Bracket
from gamelib.trace.tree import Trace, TracedNode, TraceNode, Tracer, node_label

__all__ = ["Streamed", "TraceWriter", "stream_trace", "trace_to_text"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def _path(game: Game[S, M], path: tuple[M, ...]) -> str:
    return " via " + " ".join(game.move_to_string(m) for m in path) if path else ""


class _Lines(Generic[S, M, G]):
    """The lines of the text trace, one node at a time: what the tree printer and the
    streaming writer share, so that the two cannot drift apart."""

    def __init__(self, game: Game[S, M], estimator: Estimator[S, M, G]) -> None:
        self.game = game
        self.estimator = estimator

    def value(self, value: Est[G] | None) -> str:
        assert value is not None  # every node in a finished trace has a value
        return est_to_string(self.estimator, value)

    def bound(self, bound: Bound[G]) -> str:
        return bound_to_string(bound, lambda e: est_to_string(self.estimator, e))

    def window(self, node: TraceNode[S, M, G]) -> str:
        if node.window is None:
            return ""
        alpha, beta = (self.bound(b) for b in node.window)
        return f" with window ({alpha}, {beta})"

    def leaf(self, node: TraceNode[S, M, G], indent: str) -> str:
        """The one line of a node the search did not search below (REQUIRES: no children)."""
        game = self.game
        label = node_label(game, node.status)
        where = _path(game, node.path)
        if isinstance(node.status, Done):
            return f"{indent}Game over{where}: {self.value(node.value)}"
        if node.from_table:
            bound = "" if node.bound is None else f" ({node.bound.value})"
            return (
                f"{indent}Looking up {label}{where}{self.window(node)}: "
                f"{self.value(node.value)}{bound} from the table"
            )
        return f"{indent}Estimating {label}{where}: {self.value(node.value)}"

    def opening(self, node: TraceNode[S, M, G], indent: str) -> str:
        """The line before a searched node's children."""
        where = _path(self.game, node.path)
        return f"{indent}Evaluating {node_label(self.game, node.status)}{where}{self.window(node)}"

    def closing(self, node: TraceNode[S, M, G], indent: str) -> Iterator[str]:
        """The lines after a searched node's children: where it cut, and its value."""
        game = self.game
        label = node_label(game, node.status)
        if node.pruned:
            assert node.window is not None  # only windowed searches cut
            assert node.cut_by is not None  # a Cut event names its move
            if node.side is Side.Maxie:
                bound = f"at or above β = {self.bound(node.window[1])}"
            else:
                bound = f"at or below α = {self.bound(node.window[0])}"
            skipped = ", ".join(game.move_to_string(m) for m in node.pruned)
            word = "move" if len(node.pruned) == 1 else "moves"
            yield (
                f"{indent}cut off at {label}: move {game.move_to_string(node.cut_by)} gave "
                f"{self.value(node.cut_value)}, {bound}; {word} {skipped} not searched"
            )
        assert node.best_move is not None
        yield (
            f"{indent}value of {label} is {self.value(node.value)}, "
            f"best move {game.move_to_string(node.best_move)}"
        )


def trace_to_text(t: Trace[S, M, G]) -> str:
    """The trace as indented lines, in the handouts' debugging style.

    Builds the whole text in memory; [`stream_trace`][gamelib.trace.text.stream_trace] writes
    the same lines as the search goes, without keeping the tree.
    """
    text: _Lines[S, M, G] = _Lines(t.game, t.estimator)
    lines: list[str] = []

    def emit(node: TraceNode[S, M, G], indent: str) -> None:
        match node.kind:
            case "estimated" | "finished" | "table":
                lines.append(text.leaf(node, indent))
                return
            case "searched" | "cut off":
                pass
            case _:
                assert_never(node.kind)
        lines.append(text.opening(node, indent))
        for child in node.children:
            emit(child, indent + "  ")
        lines.extend(text.closing(node, indent))

    if t.earlier:
        for number, root in enumerate(t.passes, start=1):
            lines.append(_pass_header(number, len(t.passes)))
            emit(root, "")
    else:
        emit(t.root, "")
    return "\n".join(lines)


def _pass_header(number: int, passes: int | None) -> str:
    of = "" if passes is None else f" of {passes}"
    return f"Search {number}{of} of the root:"


class TraceWriter(Generic[S, M, G]):
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
        self._lines: _Lines[S, M, G] = _Lines(game, estimator)
        self._out = out
        self._spool: TextIO | None = None
        if several:  # closed by finish
            self._spool = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._pass_starts: list[int] = []
        """For a spooled trace: the line number where each search of the root starts."""
        self._written = 0
        self._bracket: Bracket[TraceNode[S, M, G]] = Bracket()

    def _write(self, line: str) -> None:
        target = self._out if self._spool is None else self._spool
        target.write(line + "\n")
        self._written += 1

    def __call__(self, event: SearchEvent[S, M, G], /) -> None:
        bracket = self._bracket
        match event:
            case Enter():
                self._enter(event)
            case Leave():
                gone = bracket.leaving()
                node = gone.node
                node.value, node.bound, node.best_move = event.value, event.bound, event.best
                indent = "  " * bracket.depth
                if gone.searched:
                    for line in self._lines.closing(node, indent):
                        self._write(line)
                else:
                    self._write(self._lines.leaf(node, indent))
            case Cut():
                node = bracket.at("Cut").node
                node.cut_by, node.cut_value = event.move, event.value
                node.pruned = seq.to_tuple(event.unsearched)
            case TableHit():
                bracket.answered().node.from_table = True
            case _:
                assert_never(event)

    def _enter(self, event: Enter[S, M, Window[G]]) -> None:
        bracket = self._bracket
        parent = bracket.entering(event.move, event.status)
        path: tuple[M, ...] = ()
        if parent is not None:
            assert event.move is not None  # the bracket refuses a move-less child
            if not parent.searched:  # its first child: it is searched, not estimated
                self._write(self._lines.opening(parent.node, "  " * (bracket.depth - 1)))
            path = (*parent.node.path, event.move)
        else:  # a search of the root
            self._pass_starts.append(self._written)
            if bracket.searches > 1 and self._spool is None:
                self._write(_pass_header(bracket.searches, None))
        node: TraceNode[S, M, G] = TracedNode(
            bracket.positions, path, event.status, event.depth, event.window, event.side
        )
        bracket.entered(node)

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
        kept = Trace(tracer.root, game, estimator, str(player), tuple(tracer.earlier))
    return Streamed(writer.positions, writer.leaves, kept)


# --------------------------------------------------------------------------
# Graphviz DOT
