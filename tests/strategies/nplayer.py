"""Hypothesis strategies for n-player trees: general ones, and constant-sum ones for pruning."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gamelib.nplayer import NLeaf, NNode, Tree, Vector


def _vectors(n: int, low: int, high: int) -> st.SearchStrategy[Vector]:
    return st.tuples(*[st.integers(low, high)] * n)


def _sums_to(n: int, total: int) -> st.SearchStrategy[Vector]:
    """Vectors of ``n`` utilities >= 0 that add up to exactly ``total``."""

    def split(cuts: list[int]) -> Vector:
        points = [0, *sorted(cuts), total]
        return tuple(b - a for a, b in itertools.pairwise(points))

    return st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1).map(split)


def _letters(i: int) -> str:
    """The `i`-th node name, in letters alone as the tree text's names are: a, b, ..., z,
    aa, ab, ..."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(ord("a") + r) + name
    return name


@st.composite
def nplayer_trees(
    draw: st.DrawFn, players: int | None = None, total: int | None = None
) -> tuple[NNode, int]:
    """A random n-player tree and a search depth.

    Branching 1-4, uneven depths (some lines end early, some run past the
    search depth), estimates on some inner nodes.  Without ``total``,
    utilities come from a small range (0-2) so that ties are frequent; with
    it, every vector is >= 0 and sums to ``total`` (a constant-sum game).
    """
    n = players if players is not None else draw(st.integers(3, 4))
    depth = draw(st.integers(1, 5))
    budget = [draw(st.integers(6, 80))]
    names = (_letters(i) for i in itertools.count())
    vectors = _vectors(n, 0, 2) if total is None else _sums_to(n, total)

    def node(level: int) -> Tree:
        budget[0] -= 1
        ends_here = level >= depth + 1 or budget[0] <= 0 or draw(st.integers(0, 4)) == 0
        if level > 0 and ends_here:
            return NLeaf(next(names), draw(vectors))
        name = next(names)
        width = draw(st.integers(1, 4))
        estimate = draw(st.none() | vectors)
        return NNode(name, tuple(node(level + 1) for _ in range(width)), estimate)

    root = node(0)
    assert isinstance(root, NNode)
    return root, depth
