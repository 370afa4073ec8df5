"""Hypothesis strategies shared by the test modules: game trees and their text (two-player
here, and the one builder of chance and n-player trees, `tree_and_depth`, which
`tests.strategies.chance` and `tests.strategies.nplayer` give their family's options)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TypeVar

from hypothesis import strategies as st

from gamelib import Draw, Outcome, Side, Winner
from gamelib.core.tree_games import letters
from gamelib.core.trees import ChanceNode, End, Leaf
from gamelib.core.trees import Node as OneNode
from gamelib.core.trees import Tree as OneTree
from gamelib.games.explicit import Node, Tree

V = TypeVar("V")

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


@st.composite
def tree_and_depth(
    draw: st.DrawFn,
    leaves: st.SearchStrategy[V],
    estimates: st.SearchStrategy[V | None],
    *,
    depths: tuple[int, int],
    budget: tuple[int, int],
    widths: tuple[int, int] = (1, 4),
    ends: int = 0,
    chance: bool = False,
) -> tuple[OneNode[V], int]:
    """A random tree of the one tree type and a search depth: uneven shapes, a node budget.

    With `ends`, one node in `ends` below the root is a finished game, and the leaves all
    lie at or below the depth (a search may stop only there); without, the leaves end the
    game and may come early (n players). With `chance`, up to two chance nodes in a row
    of 1-3 outcomes, with random fractions (some 0).
    """
    depth = draw(st.integers(*depths))
    left = [draw(st.integers(*budget))]
    names = map(letters, itertools.count())

    def node(level: int, run: int) -> OneTree[V]:
        name = next(names)
        left[0] -= 1
        spent = left[0] <= 0
        if level > 0 and ends and (draw(st.integers(1, ends)) == 1 or (spent and level < depth)):
            return End(name, draw(st.sampled_from(OUTCOMES)))
        if chance and level > 0 and run < 2 and not spent and draw(st.integers(0, 2)) == 0:
            k = draw(st.integers(1, 3))
            weights = draw(st.lists(st.integers(0, 4), min_size=k, max_size=k).filter(any))
            children = [node(level, run + 1) for _ in range(k)]
            return ChanceNode(
                name,
                tuple(
                    (Fraction(w, sum(weights)), c) for w, c in zip(weights, children, strict=True)
                ),
            )
        stop = spent or level > depth or draw(st.integers(0, 4 if not ends else 1)) == 0
        if level > 0 and stop and (level >= depth or not ends):
            return Leaf(name, draw(leaves))
        kids = tuple(node(level + 1, 0) for _ in range(draw(st.integers(*widths))))
        return OneNode(name, kids, draw(estimates))

    root = node(0, 0)
    assert isinstance(root, OneNode)
    return root, depth


def tree_text(data: st.DataObject, depth: int, low: int, high: int) -> str:
    """The text of a two-player tree drawn from `data`, every leaf `depth` moves deep and
    worth `low` to `high`, each inner node with 1-3 children, named a, b, c, ..."""
    names = map(letters, itertools.count())

    def node(d: int) -> str:
        name = next(names)
        if d == 0:
            return f"{name}{data.draw(st.integers(low, high))}"
        kids = data.draw(st.integers(1, 3))
        return name + "[" + ",".join(node(d - 1) for _ in range(kids)) + "]"

    return node(depth)
