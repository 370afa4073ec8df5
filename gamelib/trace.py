"""Traces of one search: every position visited, in order, and what happened there.

A trace is built from the events a search reports to its observer (see
[`gamelib.search.events`][gamelib.search.events]), and from nothing else: a
[`Tracer`][gamelib.trace.Tracer] is an observer that turns the stream of events into a tree. So a
trace stays exact whatever order the moves are tried in, when a table answers a
position, or when a position is searched twice.  A search without an
observer pays nothing for this module.

For each node the trace keeps its path (the moves from the root), the side to
move, the window (α, β) it was searched with (for AlphaBeta and Jamboree), and
what happened: it was *estimated* (depth 0), *finished* (the game was over),
*searched* (with the value and best move found, and whether that value is
exact or a bound), *cut off* (which move's value caused the cut, and which
moves were never searched), or answered from a *table*.

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
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

import itertools
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Literal, TextIO, TypeVar, assert_never, final

from gamelib import seq
from gamelib.core.datatypes import Done, Playing, Side, Status
from gamelib.core.estimator import Est, Estimator, est_to_string
from gamelib.core.game import Game
from gamelib.core.window import Bound, bound_to_string
from gamelib.errors import StoppedError
from gamelib.search.events import (
    BoundKind,
    Cut,
    Enter,
    Leave,
    SearchEvent,
    SearchObserver,
    TableHit,
    Window,
)
from gamelib.search.player import SearchFactory, SearchPlayer

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

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
St = TypeVar("St")

Kind = Literal["estimated", "finished", "searched", "cut off", "table"]


class TraceError(StoppedError, ValueError):
    """The events a tracer was given are not those of one search."""


@final
@dataclass(eq=False)
class TraceNode(Generic[S, M, G]):
    """One position a search visited (once: a position searched twice is two nodes)."""

    order: int
    """Visiting order: 0 for the root, then 1, 2, ... as the search entered them."""
    path: tuple[M, ...]
    """The moves from the root to here."""
    status: Status[S]
    """`Playing(state)`, or `Done(outcome)` for a finished game."""
    depth: int
    """Moves the search could still look ahead from here."""
    window: Window[G] | None
    """The (α, β) the node was searched with; None for Minimax."""
    side: Side | None = None
    """Whose turn it is here (None when the game is over)."""
    children: list[TraceNode[S, M, G]] = field(default_factory=list)
    """The children visited, in order."""
    value: Est[G] | None = None
    """The value the search returned for this node."""
    bound: BoundKind | None = None
    """Whether `value` is exact or a bound (given the window)."""
    best_move: M | None = None
    """For a searched node, the move whose value it returned."""
    cut_by: M | None = None
    """Where the search cut: the move whose value made the rest irrelevant."""
    cut_value: Est[G] | None = None
    """Where the search cut: the value of that move."""
    pruned: tuple[M, ...] = ()
    """Where the search cut: the moves never searched (none if it cut on the last move)."""
    from_table: bool = False
    """Whether a table answered for this node instead of a search."""
    chosen: TraceNode[S, M, G] | None = None
    """The child whose value the node took: the last one reached by the best move
    (a re-searched move's final search)."""
    leaf_number: int | None = None
    """For estimated and finished nodes: 1, 2, ... in the order they were reached."""

    @property
    def kind(self) -> Kind:
        """What happened here."""
        if isinstance(self.status, Done):
            return "finished"
        if not self.children:
            return "table" if self.from_table else "estimated"
        # A cut on the last move leaves nothing unsearched: the node was searched whole.
        return "cut off" if self.pruned else "searched"

    def walk(self) -> Iterator[TraceNode[S, M, G]]:
        """This node and every node under it, in visiting order (no recursion)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@final
@dataclass(frozen=True, slots=True)
class Trace(Generic[S, M, G]):
    """A whole search: the root of the visited tree, and what it was done with."""

    root: TraceNode[S, M, G]
    """The position searched from."""
    game: Game[S, M]
    """The game searched."""
    estimator: Estimator[S, M, G]
    """The estimator (for printing values)."""
    player: str
    """The player's name, e.g. `AlphaBeta(depth 2)`."""
    earlier: tuple[TraceNode[S, M, G], ...] = ()
    """Earlier searches of the same root, for a search made of several (MTD(f)):
    `root` is the last one, which settled the value.
    """

    @property
    def passes(self) -> tuple[TraceNode[S, M, G], ...]:
        """Every search of the root, in order: `earlier`, then `root`."""
        return (*self.earlier, self.root)

    def nodes(self) -> list[TraceNode[S, M, G]]:
        """Every node, in visiting order."""
        return [node for root in self.passes for node in root.walk()]

    def leaves(self) -> list[TraceNode[S, M, G]]:
        """The estimated and finished nodes, in the order they were reached."""
        return [n for n in self.nodes() if n.leaf_number is not None]


def _mark(stack: list[TraceNode[S, M, G]], event: Cut[M, G] | TableHit[M, G]) -> None:
    """Note a cut, or an answer from the table, on the position being searched."""
    if not stack:
        raise TraceError(f"a {type(event).__name__} event with no position entered")
    node = stack[-1]
    match event:
        case Cut():
            node.cut_by = event.move
            node.cut_value = event.value
            node.pruned = seq.to_tuple(event.unsearched)
        case TableHit():
            node.from_table = True
        case _:
            assert_never(event)


class Tracer(Generic[S, M, G]):
    """An observer that builds the tree of one search from its events.

    Give it to a factory as `observer=`; once the search is over, `root`
    is the whole tree.  Raises [`TraceError`][gamelib.trace.TraceError] on events that are not
    well bracketed (a `Leave` with nothing entered, a second root).
    """

    def __init__(self) -> None:
        self._orders = itertools.count()
        self._leaves = itertools.count(1)
        self._stack: list[TraceNode[S, M, G]] = []
        self._root: TraceNode[S, M, G] | None = None
        self.earlier: list[TraceNode[S, M, G]] = []
        """Searches of the root before the current one (see `Trace.earlier`)."""

    @property
    def root(self) -> TraceNode[S, M, G]:
        """The root of the tree (`TraceError` before the search has started)."""
        if self._root is None:
            raise TraceError("the search has reported nothing yet")
        return self._root

    @property
    def done(self) -> bool:
        """Whether the search has left its root."""
        return self._root is not None and not self._stack

    def __call__(self, event: SearchEvent[S, M, G], /) -> None:
        stack = self._stack
        match event:
            case Enter():
                self._enter(event)
            case Leave():
                if not stack:
                    raise TraceError("a Leave event with no position entered")
                node = stack.pop()
                node.value = event.value
                node.bound = event.bound
                node.best_move = event.best
                if event.best is not None:
                    reached = [c for c in node.children if c.path[-1] == event.best]
                    node.chosen = reached[-1] if reached else None
                if not node.children and not node.from_table:
                    node.leaf_number = next(self._leaves)
            case Cut() | TableHit():
                _mark(stack, event)
            case _:
                assert_never(event)

    def _enter(self, event: Enter[S, M, G]) -> None:
        stack = self._stack
        if stack:
            parent = stack[-1]
            if event.move is None:
                raise TraceError("a position other than the root was entered without a move")
            path: tuple[M, ...] = (*parent.path, event.move)
        elif event.move is not None:
            raise TraceError("the first position entered must be the root, not reached by a move")
        elif self._root is None:
            path = ()
        elif event.status == self._root.status:  # the root searched again: a new pass
            self.earlier.append(self._root)
            path = ()
        else:
            raise TraceError("a second root: the events are not those of one search")
        node: TraceNode[S, M, G] = TraceNode(
            next(self._orders), path, event.status, event.depth, event.window, event.side
        )
        if stack:
            stack[-1].children.append(node)
        else:
            self._root = node
        stack.append(node)


def trace(
    factory: SearchFactory[St, S, M, G], settings: St, state: S | None = None
) -> Trace[S, M, G]:
    """Run the player `factory(settings)` once from `state` (default the start) and
    return the trace of what it did.

    `factory` is any search factory (`Minimax`, `AlphaBeta`,
    `Jamboree` with [`JamboreeSettings`][gamelib.estimate.jamboree.JamboreeSettings],
    or one of your own), with the settings it takes.
    """

    def build(observer: SearchObserver[S, M, G]) -> SearchPlayer[S, M, G]:
        return factory(settings, observer=observer)

    return trace_player(build, state)


def trace_player(
    build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]], state: S | None = None
) -> Trace[S, M, G]:
    """Build a player with `build(observer)`, run it once from `state` (default the
    start), and return the trace of what it did.

    For players made some other way than `factory(settings)`, such as a
    catalog entry's `build`.
    """
    tracer: Tracer[S, M, G] = Tracer()
    player = build(tracer)
    game = player.game
    player.analyse(game.start if state is None else state)
    estimator = player.settings.estimator
    return Trace(tracer.root, game, estimator, str(player), tuple(tracer.earlier))


# --------------------------------------------------------------------------
# Text


def _path(game: Game[S, M], path: tuple[M, ...]) -> str:
    return " via " + " ".join(game.move_to_string(m) for m in path) if path else ""


def _label(game: Game[S, M], node: TraceNode[S, M, G]) -> str:
    status = node.status
    if isinstance(status, Playing):
        return game.state_to_string(status.state).replace("\n", " / ")
    return "the end of the game"


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
        label = _label(game, node)
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
        return f"{indent}Evaluating {_label(self.game, node)}{where}{self.window(node)}"

    def closing(self, node: TraceNode[S, M, G], indent: str) -> Iterator[str]:
        """The lines after a searched node's children: where it cut, and its value."""
        game = self.game
        label = _label(game, node)
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

    Builds the whole text in memory; [`stream_trace`][gamelib.trace.stream_trace] writes the same
    lines as the search goes, without keeping the tree.
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

    Each line of [`trace_to_text`][gamelib.trace.trace_to_text] is written as soon as the events
    that decide it have arrived, so the memory used is that of the positions being
    searched (as deep as the search goes), however many positions it visits.

    A search that searches its root several times (MTD(f), iterative
    deepening) heads each search with `Search 1 of 3 of the root:`, and the
    3 is known only at the end: give `several=True` for such searches, and
    the lines go to a temporary file (on disk, not in memory) and are copied
    to `out` by [`finish`][gamelib.trace.TraceWriter.finish]. Otherwise they go straight to `out`,
    and a search that does come back to its root heads the later searches
    `Search 2 of the root:`. Call [`finish`][gamelib.trace.TraceWriter.finish] once the search is
    over. Raises [`TraceError`][gamelib.trace.TraceError] on events that are not well bracketed.
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
        self._stack: list[TraceNode[S, M, G]] = []
        self._opened: list[bool] = []
        """Whether each node on the stack has had its `Evaluating` line written."""
        self._root_status: Status[S] | None = None
        self.positions = 0
        """Positions visited so far, the root included (each search of it counts)."""
        self.leaves = 0
        """Positions estimated or finished so far."""

    def _write(self, line: str) -> None:
        target = self._out if self._spool is None else self._spool
        target.write(line + "\n")
        self._written += 1

    def __call__(self, event: SearchEvent[S, M, G], /) -> None:
        stack = self._stack
        match event:
            case Enter():
                self._enter(event)
            case Leave():
                if not stack:
                    raise TraceError("a Leave event with no position entered")
                node = stack.pop()
                opened = self._opened.pop()
                node.value, node.bound, node.best_move = event.value, event.bound, event.best
                indent = "  " * len(stack)
                if opened:
                    for line in self._lines.closing(node, indent):
                        self._write(line)
                else:
                    if not node.from_table:
                        self.leaves += 1
                    self._write(self._lines.leaf(node, indent))
            case Cut() | TableHit():
                _mark(stack, event)
            case _:
                assert_never(event)

    def _enter(self, event: Enter[S, M, G]) -> None:
        stack = self._stack
        if stack:
            parent = stack[-1]
            if event.move is None:
                raise TraceError("a position other than the root was entered without a move")
            if not self._opened[-1]:
                self._write(self._lines.opening(parent, "  " * (len(stack) - 1)))
                self._opened[-1] = True
            path: tuple[M, ...] = (*parent.path, event.move)
        elif event.move is not None:
            raise TraceError("the first position entered must be the root, not reached by a move")
        elif self._root_status is None:
            self._root_status = event.status
            self._pass_starts.append(self._written)
            path = ()
        elif event.status == self._root_status:  # the root searched again: a new pass
            self._pass_starts.append(self._written)
            if self._spool is None:
                self._write(_pass_header(len(self._pass_starts), None))
            path = ()
        else:
            raise TraceError("a second root: the events are not those of one search")
        self.positions += 1
        stack.append(
            TraceNode(self.positions - 1, path, event.status, event.depth, event.window, event.side)
        )
        self._opened.append(False)

    def finish(self) -> None:
        """Write what is still to be written (a spooled trace, with its headers).

        Raises [`TraceError`][gamelib.trace.TraceError] if the search has not left its root.
        """
        if self._stack or self._root_status is None:
            raise TraceError("the search is not over: its root has not been left")
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
    """What [`stream_trace`][gamelib.trace.stream_trace] found, besides the text it wrote."""

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
    start), and write the text of [`trace_to_text`][gamelib.trace.trace_to_text] to `out` as it
    searches.

    The tree is kept (for a picture) only while it has at most `keep`
    positions: past that, it is dropped and only counted, so memory stays
    flat however large the search.  `several` is as for [`TraceWriter`][gamelib.trace.TraceWriter].
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

_PRUNED_NODES_PER_SUBTREE = 40


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def trace_to_dot(t: Trace[S, M, G]) -> str:
    """The trace as a Graphviz digraph.

    Every visited node shows its position and value (Maxie's as boxes,
    Minnie's as ellipses); estimated and finished leaves are numbered in
    visiting order; the chosen line from the root is drawn bold; moves never
    searched lead to grey, dashed subtrees (expanded from the game, up to the
    depth the search had left, at most 40 nodes each).
    """
    game = t.game
    title = t.player
    if t.earlier:
        title += f" (its last search of the root, after {len(t.earlier)} more)"
    out = [
        "digraph trace {",
        f"  label={_quote(title)};",
        "  labelloc=t;",
        '  fontname="Helvetica";',
        '  node [fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    chosen: set[int] = {t.root.order}
    line: TraceNode[S, M, G] | None = t.root.chosen
    while line is not None:
        chosen.add(line.order)
        line = line.chosen

    def shape(side: Side | None) -> str:
        if side is None:
            return "octagon"
        return "box" if side is Side.Maxie else "ellipse"

    names = (f"p{i}" for i in itertools.count())

    def pruned_subtree(parent: str, state: S, move: M, depth: int, budget: list[int]) -> None:
        status = game.play(state, move)
        name = next(names)
        budget[0] -= 1
        if isinstance(status, Playing):
            label = game.state_to_string(status.state)
            side = game.player(status.state)
        else:
            label = str(status.outcome)
            side = None
        out.append(
            f"  {name} [label={_quote(label)}, shape={shape(side)}, style=dashed, "
            "color=grey60, fontcolor=grey60];"
        )
        out.append(
            f"  {parent} -> {name} [label={_quote(game.move_to_string(move))}, "
            "style=dashed, color=grey60, fontcolor=grey60];"
        )
        if isinstance(status, Playing) and depth > 1:
            for m in seq.to_tuple(game.moves(status.state)):
                if budget[0] <= 0:
                    return
                pruned_subtree(name, status.state, m, depth - 1, budget)

    def emit(node: TraceNode[S, M, G]) -> None:
        name = f"n{node.order}"
        value = "" if node.value is None else est_to_string(t.estimator, node.value)
        label = (
            f"{_label(game, node) if isinstance(node.status, Playing) else 'game over'}\n{value}"
        )
        if node.leaf_number is not None:
            label += f"\n#{node.leaf_number}"
        style = ", penwidth=2.5" if node.order in chosen else ""
        out.append(f"  {name} [label={_quote(label)}, shape={shape(node.side)}{style}];")
        for child in node.children:
            edge_style = ", penwidth=2.5" if child.order in chosen and node.order in chosen else ""
            emit(child)
            out.append(
                f"  {name} -> n{child.order} [label={_quote(game.move_to_string(child.path[-1]))}"
                f"{edge_style}];"
            )
        status = node.status
        if node.pruned and isinstance(status, Playing):
            for move in node.pruned:
                pruned_subtree(name, status.state, move, node.depth, [_PRUNED_NODES_PER_SUBTREE])

    emit(t.root)
    out.append("}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# Pictures


PICTURE_POSITIONS = 3_000
"""The most positions a picture may have, grey unsearched ones included.

Graphviz's layout grows much faster than the picture: on a 2-core machine a
Connect Four trace of 2,188 positions took 1.9 s, one of 3,209 took 4.6 s,
one of 8,181 took 52 s and one of 19,608 over 5 minutes.  At 3,000 a picture
takes a few seconds and is still one a person can read; past that, a smaller
depth or the text trace serves better."""


class PictureError(StoppedError):
    """A picture that was asked for was not made; the message says why and what to do."""


class GraphvizMissingError(PictureError):
    """Graphviz's `dot` program is not installed, so a picture could not be drawn."""


def picture_size(dot_text: str) -> tuple[int, int]:
    r"""How many positions a picture made by this package's `*_to_dot` functions draws,
    and how many of them the search never reached (the grey, dashed ones).

    Counts the node statements: each is one line, `  NAME [label=...`.

    ```pycon
    >>> picture_size('digraph t {\n  n0 [label="a"];\n  p0 [label="b", style=dashed];\n'
    ...              '  n0 -> p0 [label="0", style=dashed];\n}\n')
    (2, 1)

    ```
    """
    positions = unsearched = 0
    for line in dot_text.splitlines():
        words = line.split(" ", 3)
        if len(words) == 4 and words[:2] == ["", ""] and words[3].startswith("[label="):
            positions += 1
            unsearched += "style=dashed" in words[3]
    return positions, unsearched


def draw(dot_text: str, target: Path) -> None:
    """Write `dot_text` as a picture at `target` (.svg or .png).

    Uses Graphviz's `dot` program (Debian package `graphviz`) through the
    `graphviz` Python package when it is installed, or directly otherwise.
    Raises `ValueError` for other suffixes;
    [`GraphvizMissingError`][gamelib.trace.GraphvizMissingError] without `dot`, after writing the
    DOT text next to `target` (the message says where, and how to draw it later); `OSError` naming
    `target` when it cannot be written; `subprocess.CalledProcessError`
    when `dot` fails.
    """
    fmt = target.suffix.lstrip(".").lower()
    if fmt not in ("svg", "png"):
        raise ValueError(f"pictures can be .svg or .png, not '{target.suffix}'")
    if shutil.which("dot") is None:
        fallback = target.with_suffix(".dot")
        try:
            write_file(fallback, dot_text.encode())
        except OSError as error:
            raise GraphvizMissingError(
                f"Graphviz's dot program is not installed, so {target} was not drawn, and "
                f"{fallback} could not be written either ({error.strerror}): install "
                "Graphviz (Debian: apt-get install graphviz) and trace again"
            ) from None
        raise GraphvizMissingError(
            f"Graphviz's dot program is not installed, so {target} was not drawn; "
            f"wrote {fallback} instead: render it with 'dot -T{fmt} {fallback} -o {target}' "
            "(Debian: apt-get install graphviz)"
        )
    write_file(target, _pipe_through_dot(dot_text, fmt))


def write_file(target: Path, data: bytes) -> None:
    """Write `data` to `target`; an `OSError` always names `target`.

    (A write that fails after the file opened, such as on `/dev/full`, raises
    an `OSError` with no file name of its own.)
    """
    try:
        target.write_bytes(data)
    except OSError as error:
        if error.filename is not None:
            raise
        raise OSError(error.errno, error.strerror, str(target)) from None


def render(dot_text: str, target: Path) -> str:
    """Write `dot_text` as a picture at `target` (.svg or .png); say what happened.

    As [`draw`][gamelib.trace.draw], but without `dot` it returns the message (having
    written the DOT text next to `target`) instead of raising.
    """
    try:
        draw(dot_text, target)
    except GraphvizMissingError as missing:
        return str(missing)
    return f"wrote {target}"


def _pipe_through_dot(dot_text: str, fmt: str) -> bytes:
    try:
        import graphviz  # the optional 'graphviz' extra
    except ImportError:
        done = subprocess.run(
            ["dot", f"-T{fmt}"], input=dot_text.encode(), capture_output=True, check=True
        )
        return done.stdout
    picture: bytes = graphviz.Source(dot_text).pipe(format=fmt)
    return picture
