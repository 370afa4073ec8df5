"""Hypothesis strategies for chance trees: uneven shapes, nested chance, zero probabilities."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from gamelib.core.trees import ChanceNode, End, Leaf, Node, Tree
from tests.strategies import OUTCOMES, tree_and_depth


def chance_trees_and_depths() -> st.SearchStrategy[tuple[Node[float], int]]:
    """A random chance tree whose leaves all lie at or below the search depth (in moves).

    Decision nodes have 1-3 children; chance nodes 1-3 outcomes with random
    fractional probabilities (some 0), up to two chance nodes in a row;
    finished games anywhere below the root; small values, so ties are common.
    """
    values = st.integers(-3, 3)
    return tree_and_depth(
        values, values, depths=(1, 4), budget=(6, 60), widths=(1, 3), ends=12, chance=True
    )


@st.composite
def any_chance_trees(draw: st.DrawFn, level: int = 0) -> Tree[float]:
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
        return Node(name, children, draw(st.none() | st.just(value)))
    weights = draw(st.lists(st.integers(0, 5), min_size=len(children), max_size=len(children)))
    if sum(weights) == 0:
        weights[0] = 1
    total = sum(weights)
    return ChanceNode(
        name, tuple((Fraction(w, total), c) for w, c in zip(weights, children, strict=True))
    )
