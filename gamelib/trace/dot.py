"""A trace as a Graphviz picture, in every family: the visited tree, the chosen line, the
positions never searched.

[`trace_to_dot`][gamelib.trace.dot.trace_to_dot] draws the tree of any family's
[`TracedNode`][gamelib.trace.tree.TracedNode]s; a family's
[`Words`][gamelib.trace.words.Words] say only what a node's label is, what a step reads,
and how its game goes on below a step never searched.
"""

from __future__ import annotations

import itertools
from typing import TypeVar

from gamelib.core.datatypes import Playing
from gamelib.search.events import Reached, end_to_string
from gamelib.trace.graphviz import dot_quote, mover_shape
from gamelib.trace.tree import Traced, TracedNode
from gamelib.trace.words import Unsearched

__all__ = ["PRUNED_NODES_PER_SUBTREE", "trace_to_dot"]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")

PRUNED_NODES_PER_SUBTREE = 40
"""The most grey positions drawn below one step a search never took."""


def trace_to_dot(t: Traced[S, M, W, V]) -> str:
    """The trace of a search of any family as a Graphviz digraph.

    Each visited node shows what the family's [`Words`][gamelib.trace.words.Words] label
    it with (its position and value) and, for a leaf, its number in visiting order, in the
    shape of whoever decides there (Maxie a box, Minnie an ellipse, chance a circle, player
    i the i-th of [`PLAYER_SHAPES`][gamelib.trace.graphviz.PLAYER_SHAPES], a finished game
    an octagon); the chosen line from the root is bold. Below each searched position, the
    steps it never took lead to grey, dashed positions and, where the family's game can
    say how it goes on, to the positions below those, breadth first, to the depth the
    search had left there (at most `PRUNED_NODES_PER_SUBTREE` positions a step). Written
    without recursion.
    """
    words = t.words
    title = words.title(t.player)
    if t.earlier:
        title += f" (its last search of the root, after {len(t.earlier)} more)"
    root = t.root
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
    shows = words.shows

    def grey(parent: str, step: tuple[str, Reached[S]], depth: int) -> None:
        queue = [(parent, step, depth)]
        budget = PRUNED_NODES_PER_SUBTREE
        while queue and budget > 0:
            above, (text, status), left = queue.pop(0)
            budget -= 1
            name = next(greys)
            if isinstance(status, Playing):
                shown, mover = shows.state_to_string(status.state), shows.player(status.state)
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
            if isinstance(status, Playing) and left > 1:
                queue.extend((name, s, left - 1) for s in words.deeper(status.state) or ())

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
        text = words.dot_label(node)
        if node.leaf_number is not None:
            text += f"\n#{node.leaf_number}"
        bold = ", penwidth=2.5" if node.order in chosen else ""
        out.append(f"  {name} [label={dot_quote(text)}, shape={mover_shape(node.side)}{bold}];")
        if isinstance(node.status, Playing):
            pending.append((name, words.unsearched(node, node.status.state), node.depth))
        for child in reversed(node.children):
            assert child.step is not None  # only the root has no step
            bold = ", penwidth=2.5" if child.order in chosen else ""
            edge = dot_quote(words.edge(child.step))
            pending.append(f"  {name} -> n{child.order} [label={edge}{bold}];")
            pending.append(child)
    out.append("}")
    return "\n".join(out) + "\n"
