"""A two-player trace as a Graphviz picture: the visited tree, the chosen line, the pruned moves."""

from __future__ import annotations

import itertools
from typing import TypeVar

from gamelib import seq
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import est_to_string
from gamelib.trace.graphviz import dot_quote, mover_shape
from gamelib.trace.tree import Trace, TraceNode, node_label

__all__ = ["trace_to_dot"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

_PRUNED_NODES_PER_SUBTREE = 40


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
        f"  label={dot_quote(title)};",
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
            f"  {name} [label={dot_quote(label)}, shape={mover_shape(side)}, style=dashed, "
            "color=grey60, fontcolor=grey60];"
        )
        out.append(
            f"  {parent} -> {name} [label={dot_quote(game.move_to_string(move))}, "
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
        where = node_label(game, node.status) if isinstance(node.status, Playing) else "game over"
        label = f"{where}\n{value}"
        if node.leaf_number is not None:
            label += f"\n#{node.leaf_number}"
        style = ", penwidth=2.5" if node.order in chosen else ""
        out.append(f"  {name} [label={dot_quote(label)}, shape={mover_shape(node.side)}{style}];")
        for child in node.children:
            edge_style = ", penwidth=2.5" if child.order in chosen and node.order in chosen else ""
            emit(child)
            out.append(
                f"  {name} -> n{child.order} "
                f"[label={dot_quote(game.move_to_string(child.path[-1]))}{edge_style}];"
            )
        status = node.status
        if node.pruned and isinstance(status, Playing):
            for move in node.pruned:
                pruned_subtree(name, status.state, move, node.depth, [_PRUNED_NODES_PER_SUBTREE])

    emit(t.root)
    out.append("}")
    return "\n".join(out) + "\n"
