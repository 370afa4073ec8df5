"""Hypothesis strategies shared by the test modules: game trees and their text (two-player
here; `tests.strategies.chance` and `tests.strategies.nplayer` for the other families)."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gamelib import Draw, Outcome, Side, Winner
from gamelib.core.trees import End, Leaf
from gamelib.games.explicit import Node, Tree

OUTCOMES: list[Outcome] = [Winner(Side.Maxie), Winner(Side.Minnie), Draw()]
"""Every way a game can end."""


@st.composite
def trees_and_depths(draw: st.DrawFn) -> tuple[Node, int]:
    """A random tree whose numbered leaves all lie at or below the search depth.

    Branching 1-4, uneven depths (inner nodes past the horizon, finished games
    at any depth), values from a small range so that ties are frequent.
    """
    depth = draw(st.integers(1, 6))
    budget = [draw(st.integers(8, 120))]
    names = itertools.count()
    values = st.integers(-3, 3)

    def node(level: int) -> Tree:
        name = f"n{next(names)}"
        budget[0] -= 1
        out_of_budget = budget[0] <= 0
        if level > 0 and (draw(st.integers(0, 9)) == 0 or (out_of_budget and level < depth)):
            return End(name, draw(st.sampled_from(OUTCOMES)))
        if level >= depth and (out_of_budget or level >= depth + 2 or draw(st.booleans())):
            return Leaf(name, draw(values))
        width = draw(st.integers(1, 4))
        children = tuple(node(level + 1) for _ in range(width))
        return Node(name, children, draw(values))

    root = node(0)
    assert isinstance(root, Node)
    return root, depth


@st.composite
def trees(draw: st.DrawFn, level: int = 0) -> Tree:
    """Any tree the text form can write: names, numbers, finished games, up to depth 3."""
    name = draw(st.text("abcxyz_'", min_size=1, max_size=3).filter(lambda n: n[0] != "'"))
    kind = draw(st.sampled_from(["leaf", "end", "node"] if level < 3 else ["leaf", "end"]))
    value = draw(st.integers(-50, 50) | st.sampled_from([0.5, -2.25]))
    if kind == "leaf":
        return Leaf(name, value)
    if kind == "end":
        return End(name, draw(st.sampled_from(OUTCOMES)))
    children = tuple(draw(st.lists(trees(level + 1), min_size=1, max_size=3)))
    return Node(name, children, value)


@st.composite
def dags_and_depths(draw: st.DrawFn) -> tuple[Node, int]:
    """A game tree with shared subtrees, and a search depth: a DAG for transposition tables.

    Each level has a small pool of subtrees, and every node takes its 1-4
    children from the next level's pool, so equal positions are reached by
    different lines (at the same level, so with the same side to move).
    Finished games appear at any level; values are small, so ties are common.
    """
    depth = draw(st.integers(1, 5))
    values = st.integers(-3, 3)
    names = itertools.count()
    pool: list[Tree] = []
    for level in range(depth, -1, -1):
        width = 1 if level == 0 else draw(st.integers(1, 4))
        fresh: list[Tree] = []
        for _ in range(width):
            name = f"n{next(names)}"
            if level > 0 and draw(st.integers(0, 9)) == 0:
                fresh.append(End(name, draw(st.sampled_from(OUTCOMES))))
            elif level == depth:
                fresh.append(Leaf(name, draw(values)))
            else:
                picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=4))
                fresh.append(Node(name, tuple(pool[i] for i in picks), draw(values)))
        pool = fresh
    root = pool[0]
    assert isinstance(root, Node)
    return root, depth


@st.composite
def finished_trees(draw: st.DrawFn) -> Node:
    """A game tree in which every line ends in a finished game: something a solver can prove.

    Branching 1-4, lines of uneven length (at most 6 moves), all three outcomes.
    """
    names = itertools.count()
    budget = [draw(st.integers(6, 80))]

    def node(level: int) -> Tree:
        name = f"n{next(names)}"
        budget[0] -= 1
        if level > 0 and (budget[0] <= 0 or level >= 6 or draw(st.integers(0, 3)) == 0):
            return End(name, draw(st.sampled_from(OUTCOMES)))
        width = draw(st.integers(1, 4))
        return Node(name, tuple(node(level + 1) for _ in range(width)))

    root = node(0)
    assert isinstance(root, Node)
    return root
