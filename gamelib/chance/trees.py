"""Explicit chance trees: the handouts' tree text, with chance nodes that roll dice.

The text form is that of [`gamelib.games.explicit`][gamelib.games.explicit] (`a[ b3, c[d1,e2] ]`:
a name, an optional number, optional children in brackets; `x!Maxie`,
`x!Minnie`, `x!Draw` for finished games), plus one more kind of node.
A *chance node* is a name after a question mark, and its children each
follow their probability and a colon:

```text
a[ ?b[1/2: c3, 1/2: d[e4,f-1]], g5 ]
```

Probabilities are fractions (`1/6`), whole numbers (`1`) or decimals
(`0.25`, read exactly, as 1/4); those of one chance node must sum to
exactly 1.  Maxie moves at the root and a player's move passes the turn;
a chance node passes nothing on, so after `a` (Maxie) the children of
`?b` are Minnie's.  Moves are child indices from 0, and outcomes are
labelled by theirs.  A search that stops at a node estimates it with its
number (0 when it has none); chance nodes are never estimated, so they
carry no number.

```pycon
>>> tree = parse_chance_tree("a[ ?b[1/2: c3, 1/2: d[e4,f-1]], g5 ]")
>>> chance_tree_to_text(tree)
'a[?b[1/2:c3,1/2:d[e4,f-1]],g5]'
>>> game = ChanceTreeGame(tree)
>>> state = game.play(game.start, 0).state  # type: ignore[union-attr]
>>> print(state, [(str(b.probability), str(b.status.state)) for b in game.outcomes(state)])
(Chance,b) [('1/2', '(Minnie,c)'), ('1/2', '(Minnie,d)')]

```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias, assert_never, final

from gamelib import seq
from gamelib.chance.game import (
    Branch,
    ChanceGame,
    Mover,
    Nature,
    Probability,
    ProbabilityError,
    Value,
    check_probabilities,
    number_to_string,
)
from gamelib.core.checks import ascii_int, quoted
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner, flip
from gamelib.core.trees import (
    NODE_NAME,
    NODE_NAMES_ARE,
    Children,
    End,
    Head,
    Leaf,
    Written,
    read_tree,
    syntax_error,
    write_tree,
)
from gamelib.errors import InputError
from gamelib.seq import Seq

__all__ = [
    "DICE",
    "DICE_TEXT",
    "EXAMPLE",
    "EXAMPLE_TEXT",
    "ChanceNode",
    "ChanceTree",
    "ChanceTreeError",
    "ChanceTreeEstimator",
    "ChanceTreeGame",
    "ChanceTreeState",
    "Decision",
    "chance_tree_estimator",
    "chance_tree_to_text",
    "decision_depth",
    "parse_chance_tree",
]


class ChanceTreeError(InputError, ValueError):
    """A chance tree that cannot be built, or asked for what it does not have."""


@final
@dataclass(frozen=True, slots=True)
class Decision:
    """A node where a player moves; its moves are the indices of `children`."""

    name: str
    """The node's label."""
    children: tuple[ChanceTree, ...]
    """The positions each move leads to, move 0 first."""
    value: Value = 0
    """Its estimate, used when a search stops here."""

    def __post_init__(self) -> None:
        if not self.children:
            raise ChanceTreeError(f"node {quoted(self.name)} needs at least one child")


@final
@dataclass(frozen=True, slots=True)
class ChanceNode:
    """A node where chance picks a child: `branches` are (probability, child) pairs.

    REQUIRES: at least one branch, no negative probability, a sum of 1
    (`ProbabilityError` naming the value otherwise).
    """

    name: str
    """The node's label (written after `?`)."""
    branches: tuple[tuple[Probability, ChanceTree], ...]
    """Each outcome's probability and the position it leads to."""
    _labels: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        labels = tuple(str(i) for i in range(len(self.branches)))
        object.__setattr__(self, "_labels", labels)
        check_probabilities(
            [(label, p) for label, (p, _) in zip(labels, self.branches, strict=True)],
            f"chance node ?{self.name}",
        )


ChanceTree: TypeAlias = Decision | ChanceNode | Leaf | End
"""A node of an explicit chance tree (`Leaf` and `End` as in explicit trees)."""


@final
@dataclass(frozen=True, slots=True)
class ChanceTreeState:
    """A position: the node reached, and the side to move there (or next, at a chance node)."""

    node: Decision | ChanceNode | Leaf
    """Where play stands."""
    side: Side
    """Whose turn it is, or whose it will be once chance has picked."""

    def __str__(self) -> str:
        who = "Chance" if isinstance(self.node, ChanceNode) else str(self.side)
        return f"({who},{self.node.name})"


_MOVES: list[Seq[int]] = [seq.from_iterable(tuple(range(k))) for k in range(9)]


def _status(child: ChanceTree, side: Side) -> Status[ChanceTreeState]:
    if isinstance(child, End):
        return Done(child.outcome)
    return Playing(ChanceTreeState(child, side))


@final
@dataclass(frozen=True, slots=True)
class ChanceTreeGame:
    """The chance game whose tree is `root`; Maxie moves first.

    REQUIRES: `root` is a Decision or a Leaf.
    """

    root: Decision | Leaf
    """The start position."""

    @property
    def start(self) -> ChanceTreeState:
        return ChanceTreeState(self.root, Side.Maxie)

    def player(self, state: ChanceTreeState, /) -> Mover:
        return Nature.Chance if isinstance(state.node, ChanceNode) else state.side

    def moves(self, state: ChanceTreeState, /) -> Seq[int]:
        node = state.node
        if not isinstance(node, Decision):
            raise ChanceTreeError(
                f"{state} has no moves: the search goes deeper than the tree"
                if isinstance(node, Leaf)
                else f"{state} is a chance node: chance picks there, nobody moves"
            )
        k = len(node.children)
        return _MOVES[k] if k < len(_MOVES) else seq.from_iterable(tuple(range(k)))

    def play(self, state: ChanceTreeState, move: int, /) -> Status[ChanceTreeState]:
        node = state.node
        if not isinstance(node, Decision) or not 0 <= move < len(node.children):
            raise ChanceTreeError(f"{quoted(move)} is not a move from {state}")
        return _status(node.children[move], flip(state.side))

    def outcomes(self, state: ChanceTreeState, /) -> Sequence[Branch[ChanceTreeState]]:
        node = state.node
        if not isinstance(node, ChanceNode):
            raise ChanceTreeError(f"{state} is not a chance node, so nothing is rolled there")
        side = state.side
        return [
            Branch(p, _status(child, side), label)
            for label, (p, child) in zip(node._labels, node.branches, strict=True)
        ]

    def state_to_string(self, state: ChanceTreeState, /) -> str:
        return str(state)

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: ChanceTreeState, text: str, /) -> int | None:
        node = state.node
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if not isinstance(node, Decision) or move is None:
            return None
        return move if 0 <= move < len(node.children) else None


@final
@dataclass(frozen=True, slots=True)
class ChanceTreeEstimator:
    """Each node's number as its estimate; a win for Maxie is `upper`, for Minnie `lower`,
    a draw 0.
    """

    game: ChanceGame[ChanceTreeState, int]
    """The tree's game."""
    lower: Value
    """No value in the tree is below this."""
    upper: Value
    """No value in the tree is above this."""

    def estimate(self, state: ChanceTreeState, /) -> Value:
        node = state.node
        if isinstance(node, ChanceNode):
            raise ChanceTreeError(f"{state} is a chance node: it is averaged, not estimated")
        return node.value

    def outcome_value(self, outcome: Outcome, /) -> Value:
        match outcome:
            case Winner(side):
                return self.upper if side is Side.Maxie else self.lower
            case Draw():
                return 0
            case _:
                assert_never(outcome)


def _nodes(tree: ChanceTree) -> list[ChanceTree]:
    found: list[ChanceTree] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, Decision):
            stack.extend(node.children)
        elif isinstance(node, ChanceNode):
            stack.extend(child for _, child in node.branches)
    return found


def chance_tree_estimator(
    game: ChanceTreeGame, *, lower: Value | None = None, upper: Value | None = None
) -> ChanceTreeEstimator:
    """The tree's estimator, with bounds from the tree unless given.

    The bounds are the least and greatest number in the tree (0 too, when a
    draw ends some line), so that Star1 and Star2 can use them.

    ```pycon
    >>> est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    >>> est.lower, est.upper
    (-1, 5)

    ```
    """
    values: list[Value] = []
    for node in _nodes(game.root):
        match node:
            case Decision(_, _, value) | Leaf(_, value):
                values.append(value)
            case End(_, Draw()):
                values.append(0)
            case End() | ChanceNode():
                pass
            case _:
                assert_never(node)
    return ChanceTreeEstimator(
        game,
        min(values, default=0) if lower is None else lower,
        max(values, default=0) if upper is None else upper,
    )


def decision_depth(tree: ChanceTree) -> int | None:
    """Moves from `tree` to its nearest Leaf (chance does not count); None if there is none.

    A search from the root deeper than this would run past that leaf.

    ```pycon
    >>> decision_depth(EXAMPLE), decision_depth(parse_chance_tree("a[b!Draw]"))
    (2, None)

    ```
    """
    best: int | None = None
    stack: list[tuple[ChanceTree, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        match node:
            case Leaf():
                best = depth if best is None else min(best, depth)
            case End():
                pass
            case Decision(_, children, _):
                stack.extend((child, depth + 1) for child in children)
            case ChanceNode(_, branches):
                stack.extend((child, depth) for _, child in branches)
            case _:
                assert_never(node)
    return best


# --------------------------------------------------------------------------
# The text form


def _make(head: Head, children: Children[ChanceTree] | None) -> ChanceTree:
    head.refuse("chance")
    name = head.name
    if head.chance:
        if head.number is not None or head.end is not None:
            raise head.fail(
                f"chance node ?{name} cannot have a number or an end: its value is the "
                "average of its outcomes"
            )
        if children is None:
            raise head.fail(f"chance node ?{name} needs '[' and its outcomes after its name")
        branches = tuple((p, child) for p, child in children if p is not None)
        try:
            return ChanceNode(name, branches)
        except ProbabilityError as error:
            raise head.fail(str(error)) from None
    outcome = head.outcome()
    if outcome is not None:
        if children is not None:
            raise head.fail(f"the finished game {quoted(name)} cannot have children")
        return End(name, outcome)
    value = head.estimate()
    if children is None:
        return Leaf(name, value)
    return Decision(name, tuple(child for _, child in children), value)


def parse_chance_tree(text: str) -> Decision | Leaf:
    """The chance tree written in `text` (the grammar of
    [`gamelib.core.trees`][gamelib.core.trees], without vectors);
    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] says where and what.

    ```pycon
    >>> parse_chance_tree("a[ ?b[1/2: c3, 1/3: d1] ]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: the probabilities at chance node ?b sum to 5/6, not 1 \
at position 4 of the tree text, near 'a[ ?b[1/2: c3, 1/3'
    >>> parse_chance_tree("a[ ?b[] ]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: chance node ?b lists no outcomes: write each as \
PROBABILITY: NODE at position 7 of the tree text, near 'a[ ?b[] ]'
    >>> parse_chance_tree("a[ ?b[1/2 c3, 1/2: d1] ]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: expected ':' after the probability 1/2, found 'c' \
at position 11 of the tree text, near 'a[ ?b[1/2 c3, 1/2: d1] ]'

    ```
    """
    tree = read_tree(text, _make)
    if isinstance(tree, End | ChanceNode):
        kind = "a finished game" if isinstance(tree, End) else "a chance node"
        raise syntax_error(text, f"the root cannot be {kind}: Maxie moves first", 0)
    return tree


def _probability_text(p: Probability) -> str:
    return number_to_string(p)


def chance_tree_to_text(tree: ChanceTree) -> str:
    """`tree` in the text form; `parse_chance_tree(chance_tree_to_text(t)) == t`.

    No recursion, however deep the tree.
    """

    def node(item: ChanceTree) -> Written[ChanceTree]:
        match item:
            case End(name, outcome):
                return name + ("!Draw" if isinstance(outcome, Draw) else f"!{outcome.side}")
            case Leaf(name, value):
                return name + (number_to_string(value) if value != 0 else "")
            case Decision(name, children, value):
                head = f"{name}{number_to_string(value) if value != 0 else ''}"
                return head, [("", c) for c in children]
            case ChanceNode(name, branches):
                return f"?{name}", [(f"{_probability_text(p)}:", c) for p, c in branches]
            case _:
                assert_never(item)

    return write_tree(tree, node, NODE_NAME, NODE_NAMES_ARE, ChanceTreeError)


EXAMPLE_TEXT = "a[ ?b[1/2: c[d3,e5], 1/2: f[g-1,h4]], ?i[1/2: j[k0,l2], 1/2: m[n2,o1]] ]"
"""Maxie chooses between two coin flips, each followed by Minnie's choice: value 1, move 0."""
DICE_TEXT = (
    "a[ ?b[1/6: c[d1,e6], 1/3: f[g4,h2], 1/2: i[j5,k3]], "
    "?l[1/6: m[n6,o6], 1/3: p[q1,r2], 1/2: s[t2,u4]] ]"
)
"""A loaded die after each of Maxie's two moves, then Minnie's choice: both worth 7/3, move 0."""

EXAMPLE = parse_chance_tree(EXAMPLE_TEXT)
"""`EXAMPLE_TEXT`, parsed: the tree `gamelib trace chance-example` searches."""
DICE = parse_chance_tree(DICE_TEXT)
"""`DICE_TEXT`, parsed: the tree `gamelib trace dice` searches."""
