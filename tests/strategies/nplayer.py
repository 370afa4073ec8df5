"""Hypothesis strategies for n-player trees: general ones, and constant-sum ones for pruning."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gamelib.core.trees import Node
from gamelib.nplayer import Vector
from tests.strategies import tree_and_depth


def _vectors(n: int, low: int, high: int) -> st.SearchStrategy[Vector]:
    return st.tuples(*[st.integers(low, high)] * n)


def _sums_to(n: int, total: int) -> st.SearchStrategy[Vector]:
    """Vectors of ``n`` utilities >= 0 that add up to exactly ``total``."""

    def split(cuts: list[int]) -> Vector:
        points = [0, *sorted(cuts), total]
        return tuple(b - a for a, b in itertools.pairwise(points))

    return st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1).map(split)


@st.composite
def nplayer_trees(
    draw: st.DrawFn, players: int | None = None, total: int | None = None
) -> tuple[Node[Vector], int]:
    """A random n-player tree and a search depth.

    Branching 1-4, uneven depths (some lines end early, some run past the
    search depth), estimates on some inner nodes.  Without ``total``,
    utilities come from a small range (0-2) so that ties are frequent; with
    it, every vector is >= 0 and sums to ``total`` (a constant-sum game).
    """
    n = players if players is not None else draw(st.integers(3, 4))
    vectors = _vectors(n, 0, 2) if total is None else _sums_to(n, total)
    return draw(tree_and_depth(vectors, st.none() | vectors, depths=(1, 5), budget=(6, 80)))
