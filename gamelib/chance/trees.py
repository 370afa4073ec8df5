"""Chance trees: the handouts' tree text with chance nodes that roll dice, played as a
[`ChanceGame`][gamelib.chance.game.ChanceGame].

The tree is the one tree of [`gamelib.core.trees`][gamelib.core.trees] with numbers in its
nodes (`a[ b3, c[d1,e2] ]`; `x!Maxie`, `x!Minnie`, `x!Draw` for finished games), and its
*chance nodes*: a name after a question mark, whose children each follow their
probability and a colon:

```text
a[ ?b[1/2: c3, 1/2: d[e4,f-1]], g5 ]
```

Probabilities are fractions (`1/6`), whole numbers (`1`) or decimals (`0.25`, read
exactly, as 1/4); those of one chance node must sum to exactly 1.  Maxie moves at the root
and a player's move passes the turn; a chance node passes nothing on, so after `a` (Maxie)
the children of `?b` are Minnie's.  Moves are child indices from 0, and outcomes are
labelled by theirs.  A search that stops at a node estimates it with its number (0 when it
has none); chance nodes are never estimated, so they carry no number.

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
from typing import assert_never, final

from gamelib.chance.game import Branch, ChanceGame, Mover, Nature, Value, number_to_string
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner
from gamelib.core.tree_games import TreeRules, TreeState
from gamelib.core.trees import (
    ChanceNode,
    End,
    Head,
    Leaf,
    Node,
    Tree,
    TreeError,
    nodes,
    read_tree,
    syntax_error,
    tree_maker,
    tree_text,
)

__all__ = [
    "DICE",
    "DICE_TEXT",
    "EXAMPLE",
    "EXAMPLE_TEXT",
    "ChanceTreeEstimator",
    "ChanceTreeGame",
    "chance_tree_estimator",
    "chance_tree_to_text",
    "parse_chance_tree",
]

_SIDES = (Side.Maxie, Side.Minnie)


@final
@dataclass(frozen=True, slots=True)
class ChanceTreeGame(TreeRules[float]):
    """The chance game whose tree is `root`; Maxie moves first."""

    root: Node[float] | Leaf[float]
    """The start position."""
    names: tuple[str, ...] = field(default=("Maxie", "Minnie"), init=False, repr=False)
    """The sides' names, Maxie first."""

    def player(self, state: TreeState[float], /) -> Mover:
        return Nature.Chance if isinstance(state.node, ChanceNode) else _SIDES[state.seat]

    def reach(self, child: Tree[float], seat: int) -> Status[TreeState[float]]:
        """Where reaching `child` leaves the game, `seat` to move next."""
        if isinstance(child, End):
            return Done(child.outcome)
        return Playing(TreeState(child, seat, self.names))

    def play(self, state: TreeState[float], move: int, /) -> Status[TreeState[float]]:
        return self.reach(self.child(state, move), 1 - state.seat)

    def outcomes(self, state: TreeState[float], /) -> Sequence[Branch[TreeState[float]]]:
        node = state.node
        if not isinstance(node, ChanceNode):
            raise TreeError(f"{state} is not a chance node, so nothing is rolled there")
        return [
            Branch(p, self.reach(child, state.seat), label)
            for label, (p, child) in zip(node.labels, node.branches, strict=True)
        ]


@final
@dataclass(frozen=True, slots=True)
class ChanceTreeEstimator:
    """Each node's number as its estimate; a win for Maxie is `upper`, for Minnie `lower`,
    a draw 0."""

    game: ChanceGame[TreeState[float], int]
    """The tree's game."""
    lower: Value
    """No value in the tree is below this."""
    upper: Value
    """No value in the tree is above this."""

    def estimate(self, state: TreeState[float], /) -> Value:
        node = state.node
        if isinstance(node, ChanceNode):
            raise TreeError(f"{state} is a chance node: it is averaged, not estimated")
        return 0 if node.value is None else node.value

    def outcome_value(self, outcome: Outcome, /) -> Value:
        match outcome:
            case Winner(side):
                return self.upper if side is Side.Maxie else self.lower
            case Draw():
                return 0
            case _:
                assert_never(outcome)


def chance_tree_estimator(
    game: ChanceTreeGame, *, lower: Value | None = None, upper: Value | None = None
) -> ChanceTreeEstimator:
    """The tree's estimator, with bounds from the tree unless given: the least and greatest
    estimate in it (a node without a number is worth 0, and so is a draw), so that Star1
    and Star2 can use them.  Worked out from the tree, the lower bound is below the upper,
    and a side's win is worth more to it than a draw (they reach past 0 where the tree can
    end in a win); bounds given are used as given.

    ```pycon
    >>> est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    >>> est.lower, est.upper
    (-1, 5)
    >>> est = chance_tree_estimator(ChanceTreeGame(parse_chance_tree("a[b!Maxie, c!Draw]")))
    >>> est.lower, est.upper
    (0, 1)

    ```
    """
    values: list[Value] = []
    wins: set[Side] = set()
    for node in nodes(game.root):
        match node:
            case Leaf(_, value) | Node(_, _, value):
                values.append(0 if value is None else value)
            case End(_, Draw()):
                values.append(0)
            case End(_, Winner(side)):
                wins.add(side)
            case _:
                pass
    least, most = min(values, default=0), max(values, default=0)
    # A win must be worth more to its side than a draw (0), and L < U for Star1 and MCTS.
    if Side.Maxie in wins and most <= 0:
        most = 1
    if Side.Minnie in wins and least >= 0:
        least = -1
    if least == most:
        least, most = least - 1, most + 1
    return ChanceTreeEstimator(
        game, least if lower is None else lower, most if upper is None else upper
    )


def _value(head: Head, leaf: bool) -> float | None:
    return head.estimate() if leaf or head.number is not None else None


def parse_chance_tree(text: str) -> Node[float] | Leaf[float]:
    """The chance tree written in `text` (the grammar of
    [`gamelib.core.trees`][gamelib.core.trees], without vectors);
    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] says where and what.

    ```pycon
    >>> parse_chance_tree("a[ ?b[1/2: c3, 1/3: d1] ]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: the probabilities at chance node ?b sum to 5/6, not 1; \
the node is at position 4 of the tree text, near 'a[ ?b[1/2: c3, 1/3'
    >>> parse_chance_tree("a[ ?b[1/2 c3, 1/2: d1] ]")
    Traceback (most recent call last):
    ...
    gamelib.core.trees.TreeSyntaxError: expected ':' after the probability 1/2, found 'c' \
at position 11 of the tree text, near 'a[ ?b[1/2 c3, 1/2: d1] ]'

    ```
    """
    tree = read_tree(text, tree_maker("chance", _value))
    if isinstance(tree, End | ChanceNode):
        kind = "a finished game" if isinstance(tree, End) else "a chance node"
        raise syntax_error(text, f"the root cannot be {kind}: Maxie moves first", 0)
    return tree


def chance_tree_to_text(tree: Tree[float]) -> str:
    """`tree` in the text form; `parse_chance_tree(chance_tree_to_text(t)) == t`."""
    return tree_text(tree, number_to_string)


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
