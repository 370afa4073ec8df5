"""Playing the one tree of every family, and drawing trees at random.

[`TreeRules`][gamelib.core.tree_games.TreeRules] are the rules of playing a
[`gamelib.core.trees`][gamelib.core.trees] tree, written once: each family's tree game (its
face: [`ExplicitGame`][gamelib.games.explicit.ExplicitGame] aside, `ChanceTreeGame` and the
n-player `TreeGame`) says only who moves and what a move or a roll leads to.
[`random_tree`][gamelib.core.tree_games.random_tree] draws a tree of any family.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Generic, NamedTuple, TypeVar

from gamelib import seq
from gamelib.core.checks import ascii_int, quoted
from gamelib.core.trees import ChanceNode, Leaf, Node, Tree, TreeError
from gamelib.seq import Seq

__all__ = ["TreeRules", "TreeState", "letters", "moves_of", "random_tree"]

V = TypeVar("V", covariant=True)  # what a node holds: a number, or a vector of utilities


# --------------------------------------------------------------------------
# Playing a tree

_MOVES: list[Seq[int]] = [seq.from_iterable(tuple(range(k))) for k in range(9)]


def moves_of(k: int) -> Seq[int]:
    """The moves `0 .. k-1` (shared: persistent sequences)."""
    return _MOVES[k] if k < len(_MOVES) else seq.from_iterable(tuple(range(k)))


class TreeState(NamedTuple, Generic[V]):
    """A position: the node reached, and the seat to move there (or next, at a chance node).
    A named tuple: a search makes one at every move, and a tuple is the quickest to make."""

    node: Node[V] | ChanceNode[V] | Leaf[V]
    """Where play stands."""
    seat: int
    """Whose turn it is, or whose it will be once chance has picked."""
    names: tuple[str, ...]
    """The players' names, seat 0 first (one tuple, the game's)."""

    def __str__(self) -> str:
        who = "Chance" if isinstance(self.node, ChanceNode) else self.names[self.seat]
        return f"({who},{self.node.name})"


class TreeRules(Generic[V]):
    """The rules of playing a tree, which each family's tree game (its face) has: moves are
    child indices from 0, and a move leads to that child."""

    __slots__ = ()
    root: Node[V] | Leaf[V]
    names: tuple[str, ...]

    @property
    def start(self) -> TreeState[V]:
        return TreeState(self.root, 0, self.names)

    def moves(self, state: TreeState[V], /) -> Seq[int]:
        node = state.node
        if not isinstance(node, Node):
            raise TreeError(
                f"{state} has no moves: the search goes deeper than the tree"
                if isinstance(node, Leaf)
                else f"{state} is a chance node: chance picks there, nobody moves"
            )
        return moves_of(len(node.children))

    def child(self, state: TreeState[V], move: int, /) -> Tree[V]:
        """Where `move` leads from `state`."""
        node = state.node
        if not isinstance(node, Node) or not 0 <= move < len(node.children):
            raise TreeError(f"{quoted(move)} is not a move from {state}")
        return node.children[move]

    def state_to_string(self, state: TreeState[V], /) -> str:
        return str(state)

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: TreeState[V], text: str, /) -> int | None:
        node = state.node
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if not isinstance(node, Node) or move is None:
            return None
        return move if 0 <= move < len(node.children) else None


# --------------------------------------------------------------------------
# Random trees


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


def random_tree(
    rng: random.Random,
    depth: int,
    leaf: Callable[[random.Random], V],
    *,
    moves: int = 3,
    outcomes: int = 0,
) -> Node[V]:
    """A regular tree drawn from `rng`, its nodes named a, b, c, ...: `depth` levels of
    `moves` moves, and leaves whose values `leaf` draws (a number, or a vector for n
    players). With `outcomes`, each move leads to a chance node of that many outcomes,
    with random fractions summing to 1 (Maxie, chance, Minnie, chance, ... as in Ballard's
    paper); searching it `depth` deep reaches every leaf.

    ```pycon
    >>> from gamelib.core.trees import tree_text
    >>> tree = random_tree(random.Random(7), 1, lambda r: r.randint(0, 9), moves=2, outcomes=2)
    >>> tree_text(tree, str)
    'a[?b[2/3:c6,1/3:d],?e[2/11:f1,9/11:g5]]'
    >>> from gamelib.core.model import vector_to_string
    >>> vectors = random_tree(random.Random(7), 1, lambda r: (r.randint(0, 9), 1), moves=2)
    >>> tree_text(vectors, vector_to_string)
    'a[b(5,1),c(2,1)]'

    ```
    """
    if depth < 1 or moves < 1 or outcomes < 0:
        raise ValueError(
            f"a random tree needs a depth and moves of at least 1 and outcomes of at least 0, "
            f"got {depth}, {moves}, {outcomes}"
        )
    names = map(letters, itertools.count())

    def below(level: int) -> Tree[V]:
        return decision(level) if level < depth else Leaf(next(names), leaf(rng))

    def chance(level: int) -> Tree[V]:
        if not outcomes:
            return below(level)
        label = next(names)
        weights = [rng.randint(1, 9) for _ in range(outcomes)]
        total = sum(weights)
        children = [below(level) for _ in range(outcomes)]
        return ChanceNode(
            label, tuple((Fraction(w, total), c) for w, c in zip(weights, children, strict=True))
        )

    def decision(level: int) -> Node[V]:
        label = next(names)
        return Node(label, tuple(chance(level + 1) for _ in range(moves)))

    return decision(0)
