"""Hypothesis strategies for chance trees: uneven shapes, nested chance, zero probabilities."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import strategies as st

from gamelib.chance.random_trees import letters
from gamelib.chance.trees import ChanceNode, ChanceTree, Decision
from gamelib.core.trees import End, Leaf
from tests.strategies import OUTCOMES


@st.composite
def chance_trees_and_depths(draw: st.DrawFn) -> tuple[Decision, int]:
    """A random chance tree whose leaves all lie at or below the search depth (in moves).

    Decision nodes have 1-3 children; chance nodes 1-3 outcomes with random
    fractional probabilities (some 0), up to two chance nodes in a row;
    finished games anywhere below the root; small values, so ties are common.
    """
    depth = draw(st.integers(1, 4))
    budget = [draw(st.integers(6, 60))]
    names = itertools.count()
    values = st.integers(-3, 3)

    def node(level: int, chance_run: int) -> ChanceTree:
        name = letters(next(names))
        budget[0] -= 1
        spent = budget[0] <= 0
        if level > 0 and draw(st.integers(0, 11)) == 0:
            return End(name, draw(st.sampled_from(OUTCOMES)))
        if level > 0 and chance_run < 2 and not spent and draw(st.integers(0, 2)) == 0:
            k = draw(st.integers(1, 3))
            weights = draw(
                st.lists(st.integers(0, 4), min_size=k, max_size=k).filter(lambda w: sum(w) > 0)
            )
            total = sum(weights)
            children = [node(level, chance_run + 1) for _ in range(k)]
            return ChanceNode(
                name, tuple((Fraction(w, total), c) for w, c in zip(weights, children, strict=True))
            )
        if level >= depth and (spent or level >= depth + 1 or draw(st.booleans())):
            return Leaf(name, draw(values))
        if spent and level < depth and level > 0:
            return End(name, draw(st.sampled_from(OUTCOMES)))
        width = draw(st.integers(1, 3))
        return Decision(name, tuple(node(level + 1, 0) for _ in range(width)), draw(values))

    root = node(0, 0)
    assert isinstance(root, Decision)
    return root, depth


@st.composite
def any_chance_trees(draw: st.DrawFn, level: int = 0) -> ChanceTree:
    """Any tree the text form can write: decimals and fractions, ends, nesting up to 3."""
    name = draw(st.text("abcxyz_'", min_size=1, max_size=3).filter(lambda n: n[0] != "'"))
    kinds = ["leaf", "end", "decision", "chance"] if level < 3 else ["leaf", "end"]
    kind = draw(st.sampled_from(kinds if level > 0 else ["leaf", "decision"]))
    value = draw(st.integers(-50, 50) | st.sampled_from([0.5, -2.25]))
    if kind == "leaf":
        return Leaf(name, value)
    if kind == "end":
        return End(name, draw(st.sampled_from(OUTCOMES)))
    children = tuple(draw(st.lists(any_chance_trees(level + 1), min_size=1, max_size=3)))
    if kind == "decision":
        return Decision(name, children, value)
    weights = draw(st.lists(st.integers(0, 5), min_size=len(children), max_size=len(children)))
    if sum(weights) == 0:
        weights[0] = 1
    total = sum(weights)
    return ChanceNode(
        name, tuple((Fraction(w, total), c) for w, c in zip(weights, children, strict=True))
    )
