"""Explicit game trees: the handouts' test trees, as a game any search can play.

A tree is written as in the handouts, `a[ b[c3,d6,e-2], f[g6,h4,i10] ]`: a
node is a name, an optional number (its estimate) and an optional bracketed
list of children.  Moves are 0-based child indices; Maxie moves at the root and
the sides alternate.  A search that stops at a node estimates it with its
number (0 when it has none).  Two extensions, for finished games:
`x!Maxie`, `x!Minnie` and `x!Draw` are end positions with that outcome.

```pycon
>>> game = ExplicitGame(SMALL)
>>> print(game.state_to_string(game.start))
(Maxie,a)
>>> print(game.state_to_string(game.play(game.start, 1).state))  # type: ignore[union-attr]
(Minnie,f)
>>> parse_tree("a[b1,c]")
Node(name='a', children=(Leaf(name='b', value=1), Leaf(name='c', value=0)), value=0)

```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias, assert_never, final

from gamelib import seq
from gamelib.core.checks import ascii_int, quoted
from gamelib.core.datatypes import Done, Draw, Playing, Side, Status, Winner, flip
from gamelib.core.estimator import NumericEstimator
from gamelib.core.game import Game
from gamelib.core.trees import (
    NODE_NAME,
    NODE_NAMES_ARE,
    Children,
    End,
    Head,
    Leaf,
    TreeSyntaxError,
    Written,
    read_tree,
    syntax_error,
    write_tree,
)
from gamelib.errors import InputError
from gamelib.seq import Seq

__all__ = [
    "BIG",
    "BIG_TEXT",
    "CSE473",
    "CSE473_TEXT",
    "HANDOUT_TREES",
    "SMALL",
    "SMALL_TEXT",
    "TREE_TITLES",
    "UNEVEN",
    "UNEVEN_TEXT",
    "WIKIPEDIA",
    "WIKIPEDIA_TEXT",
    "ExplicitGame",
    "ExplicitTreeError",
    "Node",
    "Tree",
    "TreeState",
    "at_least",
    "parse_tree",
    "shallowest_leaf",
    "tree_estimator",
    "tree_to_text",
]


class ExplicitTreeError(InputError, ValueError):
    """A search asked an explicit tree for something it does not have."""


@final
@dataclass(frozen=True, slots=True, eq=False)
class Node:
    """An inner node; its moves are the indices of `children`.

    Equality and hashing are structural, as for a plain dataclass, but neither
    recurses: the hash is computed once, from the children's own hashes, as the
    node is built, and `==` compares two trees with a stack.  So a tree
    thousands of levels deep can be a key (a state in a transposition table).
    """

    name: str
    """The node's label."""
    children: tuple[Tree, ...]
    """The positions each move leads to, move 0 first."""
    value: float = 0
    """Its estimate, used when a search stops here."""
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.children:
            raise ExplicitTreeError(f"node {self.name} needs at least one child (or be a Leaf)")
        shape = (self.name, self.value, tuple(map(hash, self.children)))  # no recursion
        object.__setattr__(self, "_hash", hash(shape))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        pairs: list[tuple[Tree, Tree]] = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a is b:
                continue
            if isinstance(a, Node) and isinstance(b, Node):
                if (a._hash, a.name, a.value, len(a.children)) != (
                    b._hash,
                    b.name,
                    b.value,
                    len(b.children),
                ):
                    return False
                pairs.extend(zip(a.children, b.children, strict=True))
            elif isinstance(a, Node) or isinstance(b, Node) or a != b:
                return False
        return True


Tree: TypeAlias = Node | Leaf[float] | End
"""A node of an explicit game tree."""


@final
@dataclass(frozen=True, slots=True)
class TreeState:
    """A position: the node reached and the side to move there."""

    node: Node | Leaf[float]
    """Where play stands."""
    side: Side
    """Whose turn it is."""

    def __str__(self) -> str:
        return f"({self.side},{self.node.name})"


# Shared move sequences: persistent, so every node with k children can use one.
_MOVE_SEQS: list[Seq[int]] = [seq.from_iterable(tuple(range(k))) for k in range(9)]


def _moves_of(k: int) -> Seq[int]:
    return _MOVE_SEQS[k] if k < len(_MOVE_SEQS) else seq.from_iterable(tuple(range(k)))


@final
@dataclass(frozen=True, slots=True)
class ExplicitGame:
    """The game whose tree is `root`; Maxie moves first.

    REQUIRES: `root` is a Node or a Leaf (not an End).
    """

    root: Node | Leaf[float]
    """The start position."""

    @property
    def start(self) -> TreeState:
        return TreeState(self.root, Side.Maxie)

    def player(self, state: TreeState, /) -> Side:
        return state.side

    def moves(self, state: TreeState, /) -> Seq[int]:
        node = state.node
        if isinstance(node, Leaf):
            raise ExplicitTreeError(
                f"{state} is a leaf, so it has no moves: the search goes deeper than the tree"
            )
        return _moves_of(len(node.children))

    def play(self, state: TreeState, move: int, /) -> Status[TreeState]:
        node = state.node
        if isinstance(node, Leaf) or not 0 <= move < len(node.children):
            raise ExplicitTreeError(f"{move} is not a move from {state}")
        child = node.children[move]
        if isinstance(child, End):
            return Done(child.outcome)
        return Playing(TreeState(child, flip(state.side)))

    def state_to_string(self, state: TreeState, /) -> str:
        return str(state)

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: TreeState, text: str, /) -> int | None:
        node = state.node
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if isinstance(node, Leaf) or move is None:
            return None
        return move if 0 <= move < len(node.children) else None


def _estimate(state: TreeState) -> float:
    return state.node.value


def shallowest_leaf(tree: Tree) -> int | None:
    """Moves from `tree` to its nearest Leaf (None when every line ends in an End).

    A search from the root deeper than this would run past that leaf.  Level by
    level, without recursion, so a tree of any depth can be measured.

    ```pycon
    >>> shallowest_leaf(UNEVEN), shallowest_leaf(parse_tree("a[b!Draw,c[d2]]"))
    (3, 2)

    ```
    """
    level: list[Tree] = [tree]
    depth = 0
    while level:
        below: list[Tree] = []
        for node in level:
            match node:
                case Leaf():
                    return depth
                case End():
                    pass
                case Node(_, children, _):
                    below.extend(children)
                case _:
                    assert_never(node)
        level = below
        depth += 1
    return None


def tree_estimator(game: Game[TreeState, int]) -> NumericEstimator[TreeState, int]:
    """Estimates each node with its number, with the standard order."""
    return NumericEstimator(game, _estimate)


# --------------------------------------------------------------------------
# The handout text form


def _make(head: Head, children: Children[Tree] | None) -> Tree:
    head.refuse("two-player")
    outcome = head.outcome()
    if outcome is not None:
        if children is not None:
            raise head.fail(f"the finished game {quoted(head.name)} cannot have children")
        return End(head.name, outcome)
    value = head.estimate()
    if children is None:
        return Leaf(head.name, value)
    return Node(head.name, tuple(child for _, child in children), value)


def parse_tree(text: str) -> Node | Leaf[float]:
    """The tree written in the handout form (the grammar of
    [`gamelib.core.trees`][gamelib.core.trees], without vectors and chance nodes);
    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] says where it breaks.

    ```pycon
    >>> try:
    ...     parse_tree("a[b1,")
    ... except TreeSyntaxError as error:
    ...     print(error)
    expected a node name, found the end of the text at position 6 of the tree text, near 'a[b1,'

    ```
    """
    tree = read_tree(text, _make)
    if isinstance(tree, End):
        raise syntax_error(text, "the root cannot be a finished game", 0)
    return tree


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def tree_to_text(tree: Tree) -> str:
    """`tree` in the handout form; `parse_tree(tree_to_text(t)) == t`.

    Written with a stack, not recursion, so a tree of any depth can be.

    ```pycon
    >>> tree_to_text(parse_tree("a[ b[c3,d-2], e!Draw ]"))
    'a[b[c3,d-2],e!Draw]'

    ```
    """

    def node(item: Tree) -> Written[Tree]:
        match item:
            case End(name, outcome):
                return name + ("!Draw" if isinstance(outcome, Draw) else f"!{outcome.side}")
            case Leaf(name, value):
                return name + (_number(value) if value != 0 else "")
            case Node(name, children, value):
                return f"{name}{_number(value) if value != 0 else ''}", [("", c) for c in children]
            case _:
                assert_never(item)

    return write_tree(tree, node, NODE_NAME, NODE_NAMES_ARE, TreeSyntaxError)


def at_least(tree: Tree, value: float) -> Tree:
    """`tree` as a yes-or-no question for the boolean solvers: can Maxie get `value` or
    more?  Each leaf worth that much becomes a finished game Maxie wins, every other leaf
    one Minnie wins (an inner node's own estimate no longer matters).

    ```pycon
    >>> tree_to_text(at_least(parse_tree("a[b[c3,d6],e[f1,g9]]"), 3))
    'a[b[c!Maxie,d!Maxie],e[f!Minnie,g!Maxie]]'

    ```
    """
    match tree:
        case Leaf(name, worth):
            return End(name, Winner(Side.Maxie if worth >= value else Side.Minnie))
        case End():
            return tree
        case Node(name, children):
            return Node(name, tuple(at_least(child, value) for child in children))
        case _:
            assert_never(tree)


SMALL_TEXT = "a[ b[c3,d6,e-2], f[g6,h4,i10], j[k1,l30,m9] ]"
"""The handout's Small tree (depth 2): Minimax and AlphaBeta choose move 1, value 4."""
BIG_TEXT = (
    "a[ b[ c[ d[e3,f5], g[h2,i7] ], j[ k[l10,m4] ] ], n[ o[ p[q2,r7] ], s[ t[u8,v2], w[x4,y6] ] ] ]"
)
"""The handout's Big tree (depth 4): move 0, value 3."""
UNEVEN_TEXT = "a[ b[c[d4]], e[f[g5], h[i6]] ]"
"""The handout's Uneven tree (depth 3): move 1, value 5."""
CSE473_TEXT = "a[ b[c3,d12,e8], f[g2,h4,i6], j[k14,l5,m2] ]"
"""The two-ply tree of the CSE 473 slides: value 3, move 0; alpha-beta skips h and i."""
WIKIPEDIA_TEXT = (
    "a[ b[ c[ d[e5,f6], g[h7,i4,j5] ], k[ l[m3] ] ],"
    " n[ o[ p[q6], r[s6,t9] ], u[ v[w7] ] ],"
    " x[ y[ z[aa5] ], ab[ ac[ad9,ae8], af[ag6] ] ] ]"
)
"""The four-ply tree of Wikipedia's alpha-beta figure (the one CMPUT 657 shows), its positions
named in preorder: value 6, move 1; alpha-beta skips the leaves j and t and the whole of ab."""

SMALL = parse_tree(SMALL_TEXT)
"""The tree [`SMALL_TEXT`][gamelib.games.explicit.SMALL_TEXT], parsed."""
BIG = parse_tree(BIG_TEXT)
"""The tree [`BIG_TEXT`][gamelib.games.explicit.BIG_TEXT], parsed."""
UNEVEN = parse_tree(UNEVEN_TEXT)
"""The tree [`UNEVEN_TEXT`][gamelib.games.explicit.UNEVEN_TEXT], parsed."""
CSE473 = parse_tree(CSE473_TEXT)
"""The tree [`CSE473_TEXT`][gamelib.games.explicit.CSE473_TEXT], parsed."""
WIKIPEDIA = parse_tree(WIKIPEDIA_TEXT)
"""The tree [`WIKIPEDIA_TEXT`][gamelib.games.explicit.WIKIPEDIA_TEXT], parsed."""

HANDOUT_TREES: dict[str, Node | Leaf[float]] = {
    "small": SMALL,
    "big": BIG,
    "uneven": UNEVEN,
    "cse473": CSE473,
    "wikipedia": WIKIPEDIA,
}
"""The named trees, by the names the command line accepts."""

TREE_TITLES: dict[str, str] = {
    "small": "the Small tree of the 15-150 handout",
    "big": "the Big tree of the 15-150 handout",
    "uneven": "the Uneven tree of the 15-150 handout",
    "cse473": "the CSE 473 tree (AIMA's Figure 5.2)",
    "wikipedia": "the tree of Wikipedia's alpha-beta figure (CMPUT 657)",
}
"""What each of [`HANDOUT_TREES`][gamelib.games.explicit.HANDOUT_TREES] is, in a phrase."""
