"""Chance trees drawn at random, for tests and benchmarks: regular *-minimax trees of a
given depth, with random probabilities and leaf values, named a, b, c, ...
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from gamelib.chance.trees import ChanceNode, Decision
from gamelib.core.trees import Leaf

__all__ = ["letters", "random_chance_tree"]


def letters(i: int) -> str:
    """The `i`-th name in the order a, b, ..., z, aa, ab, ... (names hold no digits).

    ```pycon
    >>> letters(0), letters(25), letters(26), letters(702)
    ('a', 'z', 'aa', 'aaa')

    ```
    """
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def random_chance_tree(
    rng: random.Random,
    depth: int,
    *,
    moves: int = 3,
    outcomes: int = 3,
    values: tuple[int, int] = (-10, 10),
) -> Decision:
    """A regular *-minimax tree drawn from `rng`: `depth` levels of player moves.

    Each decision node has `moves` children, each a chance node with
    `outcomes` children whose probabilities are random fractions summing
    to 1; below the last chance nodes, leaves with whole values in
    `values` (inclusive).  So Maxie, chance, Minnie, chance, ... as in
    Ballard's paper; searching it `depth` deep reaches every leaf.

    ```pycon
    >>> from gamelib.chance.trees import chance_tree_to_text
    >>> tree = random_chance_tree(random.Random(7), 1, moves=2, outcomes=2, values=(0, 9))
    >>> chance_tree_to_text(tree)
    'a[?b[2/3:c6,1/3:d],?e[2/11:f1,9/11:g5]]'

    ```
    """
    if depth < 1 or moves < 1 or outcomes < 1:
        raise ValueError(
            f"a random tree needs depth, moves and outcomes of at least 1, "
            f"got {depth}, {moves}, {outcomes}"
        )
    names = itertools.count()

    def name() -> str:
        return letters(next(names))

    def leaf() -> Leaf:
        return Leaf(name(), rng.randint(*values))

    def chance(level: int) -> ChanceNode:
        label = name()
        weights = [rng.randint(1, 9) for _ in range(outcomes)]
        total = sum(weights)
        children = [decision(level) if level < depth else leaf() for _ in range(outcomes)]
        return ChanceNode(
            label, tuple((Fraction(w, total), c) for w, c in zip(weights, children, strict=True))
        )

    def decision(level: int) -> Decision:
        label = name()
        return Decision(label, tuple(chance(level + 1) for _ in range(moves)))

    return decision(0)
