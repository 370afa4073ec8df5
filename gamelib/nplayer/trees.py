"""Explicit n-player game trees, written as text like the handouts' trees.

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
from typing import TypeAlias, assert_never, final

from gamelib import seq
from gamelib.core.checks import ascii_int, echo
from gamelib.core.controller import PlayerCountError
from gamelib.core.datatypes import Playing
from gamelib.core.trees import (
    NODE_NAME,
    NODE_NAMES_ARE,
    Children,
    Head,
    TreeSyntaxError,
    Written,
    read_tree,
    syntax_error,
    write_tree,
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
from gamelib.seq import Seq

__all__ = [
    "CSE473",
    "CSE473_TEXT",
    "NLeaf",
    "NNode",
    "Tree",
    "TreeGame",
    "TreeState",
    "parse_tree",
    "tree_estimator",
    "tree_players",
    "tree_to_text",
]


@final
@dataclass(frozen=True, slots=True)
class NLeaf:
    """The end of a game: reaching it gives `Finished(utilities)`."""

    name: str
    """The node's label."""
    utilities: Vector
    """What each player gets, player 0 first."""


@final
@dataclass(frozen=True, slots=True)
class NNode:
    """An inner node; its moves are the indices of `children`."""

    name: str
    """The node's label."""
    children: tuple[Tree, ...]
    """The positions each move leads to, move 0 first (at least one)."""
    estimate: Vector | None = None
    """Its estimate, used when a search stops here; None means all zeros."""

    def __post_init__(self) -> None:
        if not self.children:
            raise TreeSyntaxError(f"the node {echo(self.name)} needs at least one child")


Tree: TypeAlias = NNode | NLeaf
"""A node of an explicit n-player tree."""


def _name_of_player(player: int) -> str:
    return letter_names(player + 1)[player]


@final
@dataclass(frozen=True, slots=True)
class TreeState:
    """A position: the inner node reached and the player to move there."""

    node: NNode
    """Where play stands."""
    player: int
    """Whose turn it is (its depth modulo the number of players)."""

    def __str__(self) -> str:
        return f"({_name_of_player(self.player)},{self.node.name})"


def _vectors(tree: Tree) -> list[tuple[str, Vector]]:
    """Every vector in `tree` with its node's name, without recursion."""
    found: list[tuple[str, Vector]] = []
    stack: list[Tree] = [tree]
    while stack:
        node = stack.pop()
        match node:
            case NLeaf(name, utilities):
                found.append((name, utilities))
            case NNode(name, children, estimate):
                if estimate is not None:
                    found.append((name, estimate))
                stack.extend(reversed(children))
            case _:
                assert_never(node)
    return found


def tree_players(tree: Tree) -> int:
    """The number of players of `tree`: its vectors' common length.

    Raises [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError] naming the first
    node whose vector differs from the first vector's length, and
    [`PlayerCountError`][gamelib.core.controller.PlayerCountError] when that length is below 2.

    ```pycon
    >>> tree_players(parse_tree("a[b(1,2,3,4)]"))
    4

    ```
    """
    vectors = _vectors(tree)
    if not vectors:
        raise UtilityLengthError(f"the tree {echo(tree.name)} has no vectors to count players by")
    first_name, first = vectors[0]
    for name, vector in vectors:
        given: object = vector  # a hand-built tree may hold anything
        if not isinstance(given, tuple) or len(given) != len(first):
            raise UtilityLengthError(
                f"the node {echo(name)} has the vector {echo(vector)}, "
                f"but the node {echo(first_name)} has {len(first)} utilities"
            )
    if len(first) < 2:
        raise PlayerCountError(
            f"the node {echo(first_name)} has the vector {echo(first)}: a game needs at "
            "least 2 players, one utility each"
        )
    return len(first)


_MOVE_SEQS: list[Seq[int]] = [seq.from_iterable(tuple(range(k))) for k in range(9)]


def _moves_of(k: int) -> Seq[int]:
    return _MOVE_SEQS[k] if k < len(_MOVE_SEQS) else seq.from_iterable(tuple(range(k)))


@final
@dataclass(frozen=True, slots=True)
class TreeGame:
    """The n-player game whose tree is `root`; player 0 moves first.

    REQUIRES: the vectors in `root` all have the same length `n >= 2`
    (see [`tree_players`][gamelib.nplayer.trees.tree_players] for the errors).
    """

    root: NNode
    """The start position."""
    names: tuple[str, ...] = field(init=False)
    """The players' names: A, B, C, ..."""

    def __post_init__(self) -> None:
        if not isinstance(self.root, NNode):
            raise TreeSyntaxError(
                f"the root {echo(self.root)} must be a node with children, not a finished game"
            )
        object.__setattr__(self, "names", letter_names(tree_players(self.root)))

    @property
    def start(self) -> TreeState:
        return TreeState(self.root, 0)

    def player(self, state: TreeState, /) -> int:
        return state.player

    def moves(self, state: TreeState, /) -> Seq[int]:
        return _moves_of(len(state.node.children))

    def play(self, state: TreeState, move: int, /) -> NStatus[TreeState]:
        children = state.node.children
        if not 0 <= move < len(children):
            raise ValueError(f"{echo(move)} is not a move from {state}")
        child = children[move]
        if isinstance(child, NLeaf):
            return Finished(child.utilities)
        return Playing(TreeState(child, (state.player + 1) % len(self.names)))

    def state_to_string(self, state: TreeState, /) -> str:
        return str(state)

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: TreeState, text: str, /) -> int | None:
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if move is None:
            return None
        return move if 0 <= move < len(state.node.children) else None


def tree_estimator(game: TreeGame) -> VectorEstimator[TreeState, int]:
    """Estimates each inner node with its vector (all zeros when it has none)."""
    zeros: Vector = (0,) * len(game.names)

    def estimate(state: TreeState) -> Vector:
        vector = state.node.estimate
        return zeros if vector is None else vector

    return VectorEstimator(game, estimate)


# --------------------------------------------------------------------------
# The text form


def _number(head: Head, text: str) -> Number:
    try:
        return Fraction(text) if "/" in text or "." in text else int(text)
    except (ValueError, ZeroDivisionError):  # 1/0, or more digits than Python reads
        raise head.fail(f"the utility {echo(text)} is not a number gamelib can read") from None


class _Maker:
    """Makes the nodes of an n-player tree, holding every vector to the first one's length."""

    def __init__(self) -> None:
        self.players: tuple[str, int] | None = None  # the first vector's node and length

    def vector(self, head: Head) -> Vector | None:
        if head.vector is None:
            return None
        vector = tuple(_number(head, t) for t in head.vector)
        name, at = echo(head.name), head.at + 1
        if self.players is None:
            if len(vector) < 2:
                raise PlayerCountError(
                    f"the node {name} has the vector {echo(vector_to_string(vector))}: "
                    f"a game needs at least 2 players, one utility each (position {at})"
                )
            self.players = (head.name, len(vector))
        elif len(vector) != self.players[1]:
            first, n = self.players
            raise UtilityLengthError(
                f"the node {name} has the vector {echo(vector_to_string(vector))} of "
                f"{len(vector)} utilities, but the node {echo(first)} has {n} "
                f"(position {at} of the tree text)"
            )
        return vector

    def __call__(self, head: Head, children: Children[Tree] | None) -> Tree:
        head.refuse("n-player")
        vector = self.vector(head)
        if children is not None:
            return NNode(head.name, tuple(child for _, child in children), vector)
        if vector is None:
            raise head.fail(
                f"the leaf {echo(head.name)} needs a utility vector such as (1,0,2), "
                "as a leaf ends the game"
            )
        return NLeaf(head.name, vector)


def parse_tree(text: str) -> NNode:
    """The tree `text` writes (the grammar of [`gamelib.core.trees`][gamelib.core.trees],
    with vectors, without numbers, ends and chance nodes);
    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] (or a vector error) says where
    it breaks.

    ```pycon
    >>> parse_tree("a[b(1,2), c(3)]")
    Traceback (most recent call last):
    ...
    gamelib.nplayer.game.UtilityLengthError: the node c has the vector (3) of 1 utilities, \
but the node b has 2 (position 11 of the tree text)
    >>> parse_tree("a[b(1,2) c(3,4)]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: expected ',' or ']' in node 'a', found 'c' at position 10 \
of the tree text, near 'a[b(1,2) c(3,4)]'

    ```
    """
    tree = read_tree(text, _Maker())
    if isinstance(tree, NLeaf):
        what = f"the tree {echo(tree.name)} is only a leaf: the root needs children"
        raise syntax_error(text, what, 0)
    return tree


def tree_to_text(tree: Tree) -> str:
    """`tree` in the text form; `parse_tree(tree_to_text(t)) == t` for exact numbers.

    ```pycon
    >>> tree_to_text(NNode("a", (NLeaf("b", (Fraction(1, 2), 0)),), (1, 1)))
    'a(1,1)[b(1/2,0)]'

    ```
    """

    def node(item: Tree) -> Written[Tree]:
        match item:
            case NLeaf(name, utilities):
                return name + vector_to_string(utilities)
            case NNode(name, children, estimate):
                head = name + ("" if estimate is None else vector_to_string(estimate))
                return head, [("", c) for c in children]
            case _:
                assert_never(item)

    return write_tree(tree, node, NODE_NAME, NODE_NAMES_ARE, TreeSyntaxError)


CSE473_TEXT = (
    "a[ b[ c[d(3,2,5), e(1,4,5)], f[g(2,6,2), h(5,1,4)] ],"
    " i[ j[k(1,7,2), l(3,6,1)], m[n(4,3,3), o(1,6,3)] ] ]"
)
"""A three-player tree of the kind the CSE 473 slides draw: A moves at the root, then B,
then C; every vector sums to 10.  max^n gives `(3,2,5)` by move 0 (C breaks the tie at c
by taking d, the first); shallow pruning with total 10 skips m; A's paranoid value is 1."""

CSE473 = parse_tree(CSE473_TEXT)
"""The tree [`CSE473_TEXT`][gamelib.nplayer.trees.CSE473_TEXT], parsed."""
