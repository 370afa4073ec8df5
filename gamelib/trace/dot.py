"""A trace as a Graphviz picture, in every family: the visited tree, the chosen line, the
positions never searched.

[`trace_digraph`][gamelib.trace.dot.trace_digraph] draws the tree of any family's
[`TracedNode`][gamelib.trace.tree.TracedNode]s; a family says only what a node's label is
and how its game goes on below a step never searched
([`GameBelow`][gamelib.trace.dot.GameBelow]).
[`trace_to_dot`][gamelib.trace.dot.trace_to_dot] is the two-player picture.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from gamelib import seq
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import est_to_string
from gamelib.search.events import Mover, Reached, end_to_string
from gamelib.seq import Seq
from gamelib.trace.graphviz import dot_quote, mover_shape
from gamelib.trace.tree import Trace, TracedNode, TraceNode, node_label

__all__ = ["GameBelow", "Shows", "below", "trace_digraph", "trace_to_dot"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
W = TypeVar("W")
V = TypeVar("V")
S_contra = TypeVar("S_contra", contravariant=True)

PRUNED_NODES_PER_SUBTREE = 40
"""The most grey positions drawn below one step a search never took."""

Unsearched = Sequence[tuple[str, Reached[S]]]
"""The steps a search never took from a position, each as its edge's label and where it
leads."""


class Shows(Protocol[S_contra]):
    """What a picture asks of a game of any family to draw a position: who decides there,
    and its text."""

    def player(self, state: S_contra, /) -> Mover: ...

    def state_to_string(self, state: S_contra, /) -> str: ...


class GameBelow(Shows[S], Protocol[S, M]):
    """What a picture asks of a game of two or n players to draw the positions below a
    step never taken: a two-player `Game` and an `NPlayerGame` both are one."""

    def moves(self, state: S, /) -> Seq[M]: ...

    def play(self, state: S, move: M, /) -> Reached[S]: ...

    def move_to_string(self, move: M, /) -> str: ...


def below(game: GameBelow[S, M], state: S, moves: Sequence[M] | None = None) -> Unsearched[S]:
    """The steps `moves` (default: every move) from `state`, for the picture."""
    if moves is None:
        moves = seq.to_tuple(game.moves(state))
    return [(game.move_to_string(m), game.play(state, m)) for m in moves]


def trace_digraph(
    title: str,
    root: TracedNode[S, M, W, V],
    label: Callable[[TracedNode[S, M, W, V]], str],
    edge: Callable[[M], str],
    game: Shows[S],
    unsearched: Callable[[TracedNode[S, M, W, V], S], Unsearched[S]],
    deeper: Callable[[S], Unsearched[S]] | None = None,
) -> str:
    """The tree under `root` as a Graphviz digraph named `title`.

    Each visited node shows `label(node)` and, for a leaf, its number in visiting order,
    in the shape of whoever decides there; the chosen line from the root is bold; `edge`
    writes a step. Below each searched position, `unsearched(node, state)` are the steps
    it never took: they lead to grey, dashed positions and, where `deeper(state)` says
    how the game goes on from a position, to the positions below those, breadth first,
    to the depth the search had left there (at most `PRUNED_NODES_PER_SUBTREE`
    positions a step). Written without recursion.
    """
    out = [
        "digraph trace {",
        f"  label={dot_quote(title)};",
        "  labelloc=t;",
        '  fontname="Helvetica";',
        '  node [fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    chosen: set[int] = {root.order}
    line = root.chosen
    while line is not None:
        chosen.add(line.order)
        line = line.chosen
    greys = (f"p{i}" for i in itertools.count())

    def grey(parent: str, step: tuple[str, Reached[S]], depth: int) -> None:
        queue = [(parent, step, depth)]
        budget = PRUNED_NODES_PER_SUBTREE
        while queue and budget > 0:
            above, (text, status), left = queue.pop(0)
            budget -= 1
            name = next(greys)
            if isinstance(status, Playing):
                shown, mover = game.state_to_string(status.state), game.player(status.state)
            else:
                shown, mover = end_to_string(status), None
            out.append(
                f"  {name} [label={dot_quote(shown)}, shape={mover_shape(mover)}, "
                "style=dashed, color=grey60, fontcolor=grey60];"
            )
            out.append(
                f"  {above} -> {name} [label={dot_quote(text)}, style=dashed, "
                "color=grey60, fontcolor=grey60];"
            )
            if deeper is not None and isinstance(status, Playing) and left > 1:
                queue.extend((name, s, left - 1) for s in deeper(status.state))

    # Each node's line, then each child's subtree followed by the edge to it, then the
    # steps never taken: a stack of what is still to write, last first.
    pending: list[TracedNode[S, M, W, V] | str | tuple[str, Unsearched[S], int]] = [root]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if isinstance(item, tuple):
            parent, steps, depth = item
            for step in steps:
                grey(parent, step, depth)
            continue
        node = item
        name = f"n{node.order}"
        text = label(node)
        if node.leaf_number is not None:
            text += f"\n#{node.leaf_number}"
        bold = ", penwidth=2.5" if node.order in chosen else ""
        out.append(f"  {name} [label={dot_quote(text)}, shape={mover_shape(node.side)}{bold}];")
        if isinstance(node.status, Playing):
            pending.append((name, unsearched(node, node.status.state), node.depth))
        for child in reversed(node.children):
            assert child.step is not None  # only the root has no step
            bold = ", penwidth=2.5" if child.order in chosen else ""
            pending.append(
                f"  {name} -> n{child.order} [label={dot_quote(edge(child.step))}{bold}];"
            )
            pending.append(child)
    out.append("}")
    return "\n".join(out) + "\n"


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

    def label(node: TraceNode[S, M, G]) -> str:
        value = "" if node.value is None else est_to_string(t.estimator, node.value)
        where = node_label(game, node.status) if isinstance(node.status, Playing) else "game over"
        return f"{where}\n{value}"

    def unsearched(node: TraceNode[S, M, G], state: S) -> Unsearched[S]:
        return below(game, state, node.pruned)

    return trace_digraph(
        title, t.root, label, game.move_to_string, game, unsearched, lambda s: below(game, s)
    )
