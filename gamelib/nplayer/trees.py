"""Explicit n-player game trees: the one tree of [`gamelib.core.trees`][gamelib.core.trees]
with utility vectors in its nodes, played as an
[`NPlayerGame`][gamelib.nplayer.game.NPlayerGame].

A node is a name, an optional utility vector in parentheses and an optional
bracketed list of children:

```text
a[ b[ c(3,2,5), d(1,4,5) ], e(2,2,6) ]
```

A node without children is the end of the game: it must have a vector, and
reaching it gives [`Finished`][gamelib.nplayer.game.Finished] with that vector.
A vector on an inner node is its estimate, used when a search stops there
(all zeros when it has none).  The number of players is the vectors' length,
the same for every vector and at least 2; players move in turn, 0 at the root,
then 1, 2, ..., n-1, 0, ... by depth, and are called A, B, C, ...  Moves are
0-based child indices.  Utilities are whole numbers, decimals (`2.5`) or
fractions (`1/3`), all read exactly.

```pycon
>>> tree = parse_tree("a[b(1,2,0), c[d(0,0,3), e(3,0,0)]]")
>>> game = TreeGame(tree)
>>> game.names, str(game.start)
(('A', 'B', 'C'), '(A,a)')
>>> game.play(game.start, 0)
Finished(utilities=(1, 2, 0))
>>> str(game.play(game.start, 1).state)  # type: ignore[union-attr]
'(B,c)'
>>> tree_to_text(tree)
'a[b(1,2,0),c[d(0,0,3),e(3,0,0)]]'

```

The parser keeps its own stack, so any depth of nesting is fine:

```pycon
>>> deep = "x[" * 10_000 + "y(1,0)" + "]" * 10_000
>>> tree_to_text(parse_tree(deep)) == deep
True

```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias, cast, final

from gamelib.core.checks import echo, quoted
from gamelib.core.controller import PlayerCountError
from gamelib.core.datatypes import Playing
from gamelib.core.tree_games import TreeRules, TreeState
from gamelib.core.trees import (
    ChanceNode,
    Head,
    Leaf,
    Node,
    TreeError,
    TreeSyntaxError,
    held,
    leaf_depths,
    read_tree,
    syntax_error,
    tree_maker,
    tree_text,
)
from gamelib.nplayer.game import (
    Finished,
    NStatus,
    Number,
    UtilityLengthError,
    Vector,
    VectorEstimator,
    letter_names,
    vector_to_string,
)

__all__ = [
    "CSE473",
    "CSE473_TEXT",
    "NTree",
    "TreeGame",
    "parse_tree",
    "tree_estimator",
    "tree_height",
    "tree_players",
    "tree_to_text",
    "utility_total",
]

NTree: TypeAlias = Node[Vector] | Leaf[Vector]
"""An n-player tree: inner nodes and leaves, each holding a vector."""


def tree_players(tree: NTree) -> int:
    """The number of players of `tree`: its vectors' common length, checked as the text
    form's are.

    Raises [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError] naming the first
    node whose vector differs from the first vector's length, and
    [`PlayerCountError`][gamelib.core.controller.PlayerCountError] when that length is below 2.

    ```pycon
    >>> tree_players(parse_tree("a[b(1,2,3,4)]"))
    4

    ```
    """
    counted = _Vectors()
    for name, vector in held(tree):
        counted.count(name, vector)
    if counted.players is None:
        raise UtilityLengthError(f"the tree {echo(tree.name)} has no vectors to count players by")
    return counted.players[1]


def tree_height(tree: NTree) -> int:
    """Moves from `tree` to its deepest leaf.

    ```pycon
    >>> tree_height(CSE473)
    3

    ```
    """
    return max(leaf_depths(tree), default=0)


def utility_total(tree: NTree) -> Number | None:
    """The largest sum of a vector in `tree` when no utility is negative (shallow pruning's
    total); else None.

    ```pycon
    >>> utility_total(CSE473), utility_total(parse_tree("a[b(1,-1)]"))
    (10, None)

    ```
    """
    sums: list[Number] = []
    for _, vector in held(tree):
        if any(u < 0 for u in vector):
            return None
        sums.append(sum(vector, Fraction(0)))
    best = max(sums, default=Fraction(0))
    return int(best) if isinstance(best, Fraction) and best.denominator == 1 else best


@final
@dataclass(frozen=True, slots=True)
class TreeGame(TreeRules[Vector]):
    """The n-player game whose tree is `root`; player 0 moves first, then 1, 2, ..., n-1,
    0, ... by depth.

    REQUIRES: the vectors in `root` all have the same length `n >= 2`
    (see [`tree_players`][gamelib.nplayer.trees.tree_players] for the errors).
    """

    root: Node[Vector]
    """The start position."""
    names: tuple[str, ...] = field(init=False)
    """The players' names: A, B, C, ..."""

    def __post_init__(self) -> None:
        if not isinstance(self.root, Node):
            raise TreeError(
                f"the root {echo(self.root)} must be a node with children, not a finished game"
            )
        object.__setattr__(self, "names", letter_names(tree_players(self.root)))

    def player(self, state: TreeState[Vector], /) -> int:
        return state.seat

    def play(self, state: TreeState[Vector], move: int, /) -> NStatus[TreeState[Vector]]:
        node = state.node
        if isinstance(node, Node) and 0 <= move < len(node.children):
            child = node.children[move]
            if isinstance(child, Node):
                return Playing(TreeState(child, (state.seat + 1) % len(self.names), self.names))
            if isinstance(child, Leaf):
                return Finished(child.value)
        child = self.child(state, move)  # says why the move is refused
        raise TreeError(f"the node {quoted(child.name)} has no place in an n-player tree")


def tree_estimator(game: TreeGame) -> VectorEstimator[TreeState[Vector], int]:
    """Estimates each inner node with its vector (all zeros when it has none)."""
    zeros: Vector = (0,) * len(game.names)

    def estimate(state: TreeState[Vector]) -> Vector:
        node = state.node
        vector = None if isinstance(node, ChanceNode) else node.value
        return zeros if vector is None else vector

    return VectorEstimator(game, estimate)


# --------------------------------------------------------------------------
# The text form


class _Vectors:
    """Reads each node's vector, holding every vector to the first one's length."""

    def __init__(self) -> None:
        self.players: tuple[str, int] | None = None  # the first vector's node and length

    def number(self, head: Head, text: str) -> Number:
        try:
            return Fraction(text) if "/" in text or "." in text else int(text)
        except (ValueError, ZeroDivisionError):  # 1/0, or more digits than Python reads
            raise head.fail(f"the utility {echo(text)} is not a number gamelib can read") from None

    def __call__(self, head: Head, leaf: bool) -> Vector | None:
        if head.vector is None:
            if leaf:
                raise TreeSyntaxError(
                    f"the leaf {echo(head.name)} needs a utility vector such as (1,0,2), "
                    f"as a leaf ends the game; the node is {head.where()}"
                )
            return None
        vector = tuple(self.number(head, t) for t in head.vector)
        self.count(head.name, vector, head)
        return vector

    def count(self, name: str, vector: object, head: Head | None = None) -> None:
        """Hold `vector` of the node `name` to the first one's length, or raise, saying where
        in the text (`head`) when it was read from one."""
        players = self.players
        if isinstance(vector, tuple) and (
            len(vector) >= 2 if players is None else len(vector) == players[1]
        ):
            if players is None:
                self.players = (name, len(vector))
            return
        # The sentence is made only for a vector that does not fit (parsing reads every node).
        read = head is not None and isinstance(vector, tuple)
        shown = vector_to_string(cast(Vector, vector)) if read else echo(vector)  # as written
        where = "" if head is None else f" {head.where()}"
        said = f"the node {echo(name)} has the vector {echo(shown)}"
        if not isinstance(vector, tuple):  # a hand-built tree may hold anything
            raise UtilityLengthError(f"{said}, which is not a tuple of utilities{where}")
        if players is None:
            raise PlayerCountError(
                f"{said}: a game needs at least 2 players, one utility each{where}"
            )
        first, n = players
        raise UtilityLengthError(
            f"{said} of {len(vector)} utilities, but the node {echo(first)} has {n}{where}"
        )


def parse_tree(text: str) -> Node[Vector]:
    """The tree `text` writes (the grammar of [`gamelib.core.trees`][gamelib.core.trees],
    with vectors, without numbers, ends and chance nodes);
    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] (or a vector error) says where
    it breaks.

    ```pycon
    >>> parse_tree("a[b(1,2), c(3)]")
    Traceback (most recent call last):
    ...
    gamelib.nplayer.game.UtilityLengthError: the node c has the vector (3) of 1 utilities, \
but the node b has 2 at position 11 of the tree text, near 'a[b(1,2), c(3)]'
    >>> parse_tree("a[b(1,2) c(3,4)]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: expected ',' or ']' in node 'a', found 'c' at position 10 \
of the tree text, near 'a[b(1,2) c(3,4)]'

    ```
    """
    tree = read_tree(text, tree_maker("n-player", _Vectors()))
    if not isinstance(tree, Node):
        what = f"the tree {echo(tree.name)} is only a leaf: the root needs children"
        raise syntax_error(text, what, 0)
    return tree


def tree_to_text(tree: NTree) -> str:
    """`tree` in the text form; `parse_tree(tree_to_text(t)) == t` for exact numbers.

    ```pycon
    >>> tree_to_text(Node("a", (Leaf("b", (Fraction(1, 2), 0)),), (1, 1)))
    'a(1,1)[b(1/2,0)]'

    ```
    """
    return tree_text(tree, vector_to_string)


CSE473_TEXT = (
    "a[ b[ c[d(3,2,5), e(1,4,5)], f[g(2,6,2), h(5,1,4)] ],"
    " i[ j[k(1,7,2), l(3,6,1)], m[n(4,3,3), o(1,6,3)] ] ]"
)
"""A three-player tree of the kind the CSE 473 slides draw: A moves at the root, then B,
then C; every vector sums to 10.  max^n gives `(3,2,5)` by move 0 (C breaks the tie at c
by taking d, the first); shallow pruning with total 10 skips m; A's paranoid value is 1."""

CSE473 = parse_tree(CSE473_TEXT)
"""The tree [`CSE473_TEXT`][gamelib.nplayer.trees.CSE473_TEXT], parsed."""
