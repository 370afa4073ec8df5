"""The one tree of every family: its nodes, its grammar, its reader and writer (the rules
of playing it and random trees are in `gamelib.core.tree_games`).

The handouts draw small game trees as text (`a[b[c3,d6],e[f1,g9]]`); gamelib reads them
for two-player games ([`gamelib.games.explicit`][gamelib.games.explicit]), games of chance
(`gamelib.chance.trees`) and games of n players (`gamelib.nplayer.trees`) with one
grammar, read by [`read_tree`][gamelib.core.trees.read_tree]:

```text
node  := ['?'] NAME [NUMBER | VECTOR | END] ['[' child (',' child)* ']']
child := [PROBABILITY ':'] node          (a probability before each child of a '?' node)
```

A node's number is its estimate (`c3`), a vector `(1,0,2)` its utilities (n players), an
end `!Maxie`, `!Minnie` or `!Draw` a finished game; a `?` node is one where chance picks,
each child after its probability (`1/2:`). Each family takes the nodes it has and says in
one sentence, at the place in the text, what it does not take.

A leaf without a number or a vector is read by what a leaf is in its family, and the
families differ here on purpose.  In a two-player or chance tree a number is an estimate,
which a node without one (leaf or not) has as 0, as in the handouts: in `a[b,c3]` the
search values `b` at 0.  In an n-player tree a leaf is the end of the game, whose
utilities cannot be guessed: `a[b(1,0,0),c]` is refused, saying that `c` needs its
vector.

The tree is one type, generic in what a node holds (`V`: a number, or a vector of
utilities): a [`Node`][gamelib.core.trees.Node] where a player moves, a
[`ChanceNode`][gamelib.core.trees.ChanceNode] where chance picks, a
[`Leaf`][gamelib.core.trees.Leaf] a search must stop at and an
[`End`][gamelib.core.trees.End] of the game. [`TreeRules`][gamelib.core.tree_games.TreeRules]
play it once for every family's face (`gamelib.chance.trees`, `gamelib.nplayer.trees`).

```pycon
>>> read_tree("a[?b[1/2: c3, 1/2: d(1,2)], e!Draw]", lambda head, children: head.name)
'a'
>>> read_tree("a[b3,", lambda head, children: head.name)
Traceback (most recent call last):
...
gamelib.core.trees.TreeSyntaxError: expected a node name, found the end of the text at \
position 6 of the tree text, near 'a[b3,'

```
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Protocol, TypeAlias, TypeVar, assert_never, final

from gamelib.core.checks import quoted
from gamelib.core.datatypes import Draw, Outcome, Side, Winner
from gamelib.core.model import Probability, ProbabilityError, check_probabilities, number_to_string
from gamelib.errors import InputError

__all__ = [
    "NODE_NAME",
    "NODE_NAMES_ARE",
    "ChanceNode",
    "Children",
    "End",
    "Head",
    "Leaf",
    "Named",
    "Node",
    "Tree",
    "TreeError",
    "TreeSyntaxError",
    "Written",
    "held",
    "leaf_depths",
    "nodes",
    "read_tree",
    "shallowest_leaf",
    "syntax_error",
    "tree_maker",
    "tree_text",
    "where",
    "write_tree",
]

NODE_NAME = re.compile(r"[A-Za-z_][A-Za-z_']*")
"""A node's name in the tree text of every family: no digits, which would run into a
leaf's value (`c3` is the leaf c worth 3)."""

NODE_NAMES_ARE = "letters, '_' and \"'\", starting with a letter or '_'"
"""What `NODE_NAME` allows, as messages say it."""


class Named(Protocol):
    """A node of a tree text: it has a name."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)
U = TypeVar("U")
V = TypeVar("V", covariant=True)  # what a node holds: a number, or a vector of utilities

Written: TypeAlias = str | tuple[str, Sequence[tuple[str, T]]]
"""A node as the tree text writes it: a leaf's whole text, or an inner node's head and its
children, each with the text written before it (a chance branch's `1/2:`)."""


class TreeSyntaxError(InputError, ValueError):
    """A tree text that does not follow its family's form; says what and where, in one
    sentence."""


class TreeError(InputError, ValueError):
    """A tree built by hand that breaks the tree's rules, or asked for what it does not have."""


@final
@dataclass(frozen=True, slots=True)
class Leaf(Generic[V]):
    """A node without children: a search must stop here and estimate `value` (for n
    players, the game ends here and each gets its utility in `value`)."""

    name: str
    """The node's label, as in the handouts (`c`, `d`, ...)."""
    value: V
    """Its estimate, or its vector of utilities."""


@final
@dataclass(frozen=True, slots=True)
class End:
    """A finished game: reaching it gives `Done(outcome)`."""

    name: str
    """The node's label."""
    outcome: Outcome
    """How the game ended here."""


@final
@dataclass(frozen=True, slots=True)
class Node(Generic[V]):
    """A node where a player moves; its moves are the indices of `children`."""

    name: str
    """The node's label."""
    children: tuple[Tree[V], ...]
    """The positions each move leads to, move 0 first (at least one)."""
    value: V | None = None
    """Its estimate, used when a search stops here (None: zero)."""

    def __post_init__(self) -> None:
        if not self.children:
            raise TreeError(f"node {quoted(self.name)} needs at least one child")


@final
@dataclass(frozen=True, slots=True)
class ChanceNode(Generic[V]):
    """A node where chance picks a child: `branches` are (probability, child) pairs.

    REQUIRES: at least one branch, no negative probability, a sum of 1
    ([`ProbabilityError`][gamelib.core.model.ProbabilityError] naming the value otherwise).
    """

    name: str
    """The node's label (written after `?`)."""
    branches: tuple[tuple[Probability, Tree[V]], ...]
    """Each outcome's probability and the position it leads to."""
    labels: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Each outcome's label: its index."""

    def __post_init__(self) -> None:
        labels = tuple(str(i) for i in range(len(self.branches)))
        object.__setattr__(self, "labels", labels)
        check_probabilities(
            [(label, p) for label, (p, _) in zip(labels, self.branches, strict=True)],
            f"chance node ?{self.name}",
        )


Tree: TypeAlias = "Node[V] | ChanceNode[V] | Leaf[V] | End"
"""A node of a tree of any family."""


def nodes(tree: Tree[V]) -> list[Tree[V]]:
    """Every node of `tree`, in the order the text writes them (no recursion)."""
    found: list[Tree[V]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, Node):
            stack.extend(reversed(node.children))
        elif isinstance(node, ChanceNode):
            stack.extend(child for _, child in reversed(node.branches))
    return found


def leaf_depths(tree: Tree[V]) -> list[int]:
    """Moves from `tree` to each of its Leaves (chance does not count), in no set order:
    `min` of them is the shallowest leaf, `max` the height of a tree whose lines all end in
    leaves (an n-player tree's).

    ```pycon
    >>> tree = Node("a", (End("b", Draw()), Node("c", (Leaf("d", 2),)), Leaf("e", 1)))
    >>> sorted(leaf_depths(tree))
    [1, 2]

    ```
    """
    found: list[int] = []
    stack: list[tuple[Tree[V], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        match node:
            case Leaf():
                found.append(depth)
            case End():
                pass
            case Node(_, children):
                stack.extend((child, depth + 1) for child in children)
            case ChanceNode(_, branches):
                stack.extend((child, depth) for _, child in branches)
            case _:
                assert_never(node)
    return found


def shallowest_leaf(tree: Tree[V]) -> int | None:
    """Moves from `tree` to its nearest Leaf (chance does not count); None when every line
    ends in an End. A search from the root deeper than this would run past that leaf.

    ```pycon
    >>> shallowest_leaf(Node("a", (End("b", Draw()), Node("c", (Leaf("d", 2),)))))
    2

    ```
    """
    return min(leaf_depths(tree), default=None)


def held(tree: Tree[V]) -> list[tuple[str, V]]:
    """The name and value of each node of `tree` that holds one (a leaf, a node with a
    number or a vector), in the order the text writes them."""
    return [
        (node.name, node.value)
        for node in nodes(tree)
        if isinstance(node, Node | Leaf) and node.value is not None
    ]


def write_tree(
    tree: T,
    node: Callable[[T], Written[T]],
    name_form: re.Pattern[str],
    names_are: str,
    error: Callable[[str], Exception],
) -> str:
    """`tree` in its family's text form: `node` says how each node is written (an inner
    node as `head[child,child,...]`); every name must match `name_form` (described by
    `names_are`), or `error` is raised naming it.

    Written with a stack, not recursion, so a tree of any depth can be.
    """
    out: list[str] = []
    pending: list[T | str] = [tree]  # what is still to write, last first
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if not name_form.fullmatch(item.name):
            raise error(
                f"the name {quoted(item.name)} cannot be written in the tree text "
                f"(names are {names_are})"
            )
        written = node(item)
        if isinstance(written, str):
            out.append(written)
            continue
        head, children = written
        out.append(head + "[")
        pending.append("]")
        for i in range(len(children) - 1, -1, -1):
            before, child = children[i]
            pending.append(child)
            if before:
                pending.append(before)
            if i:
                pending.append(",")
    return "".join(out)


# --------------------------------------------------------------------------
# Reading

_NUMBER = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+|/[0-9]+)?")  # ASCII digits only, as everywhere
_PROBABILITY = re.compile(r"[-+]?(?:[0-9]+/[0-9]+|[0-9]*\.[0-9]+|[0-9]+\.?)")
_END = re.compile(r"![A-Za-z]*")
_ENDS: dict[str, Outcome] = {
    "!Maxie": Winner(Side.Maxie),
    "!Minnie": Winner(Side.Minnie),
    "!Draw": Draw(),
}


def where(text: str, at: int) -> str:
    """Where position `at` (from 0) of the tree text `text` is, as every tree error ends."""
    return (
        f"at position {at + 1} of the tree text, near {quoted(text[max(0, at - 15) : at + 15], 40)}"
    )


def syntax_error(text: str, what: str, at: int) -> TreeSyntaxError:
    """The error for `what` is wrong at position `at` (from 0) of the tree text `text`."""
    return TreeSyntaxError(f"{what} {where(text, at)}")


@final
@dataclass(frozen=True, slots=True)
class Head:
    """A node of a tree text as written, before its family reads it."""

    name: str
    """The node's name."""
    at: int
    """Where the node starts in the text, from 0."""
    chance: bool
    """Whether it is written after `?`: a node where chance picks."""
    number: str | None
    """The number after its name, as written (`3`, `-1.5`, `1/2`)."""
    vector: tuple[str, ...] | None
    """The vector after its name, each number as written."""
    end: str | None
    """The end after its name, as written (`!Draw`)."""
    text: str = field(repr=False)
    """The whole tree text, for messages."""

    def fail(self, what: str) -> TreeSyntaxError:
        """The error for `what` is wrong with this node."""
        return syntax_error(self.text, what, self.at)

    def where(self) -> str:
        """Where this node is in the tree text, as an error ends."""
        return where(self.text, self.at)

    def outcome(self) -> Outcome | None:
        """The game's outcome, for a finished game (`!Maxie`, `!Minnie`, `!Draw`)."""
        if self.end is None:
            return None
        if self.end not in _ENDS:
            raise self.fail(f"{quoted(self.end)} is not an end: write !Maxie, !Minnie or !Draw")
        return _ENDS[self.end]

    def estimate(self) -> int | float:
        """The node's number as an estimate (0 when it has none): a whole number or a
        decimal."""
        if self.number is None:
            return 0
        if "/" in self.number:
            raise self.fail(
                f"the number {self.number} of node {quoted(self.name)} is a fraction: "
                "write a whole number or a decimal"
            )
        try:
            return float(self.number) if "." in self.number else int(self.number)
        except ValueError:  # more digits than Python reads
            raise self.fail(
                f"the number {quoted(self.number)} of node {quoted(self.name)} has too many digits"
            ) from None

    def refuse(self, family: str) -> None:
        """Refuse what a game of `family` does not have: vectors (unless n-player), chance
        nodes (unless chance), numbers and ends (if n-player)."""
        if self.vector is not None and family != "n-player":
            raise self.fail(
                f"node {quoted(self.name)} has a vector: only an n-player tree's nodes have one"
            )
        if self.chance and family != "chance":
            raise self.fail(f"?{self.name} is a chance node: only a chance tree has one")
        if family == "n-player" and (self.number is not None or self.end is not None):
            raise self.fail(
                f"node {quoted(self.name)} has a {'number' if self.end is None else 'end'}: "
                "an n-player tree's nodes have utility vectors such as (1,0,2)"
            )


Children: TypeAlias = Sequence[tuple[Fraction | None, U]]
"""A node's children as read: each with its probability (None but under a chance node)."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str, at: int | None = None) -> TreeSyntaxError:
        return syntax_error(self.text, what, self.pos if at is None else at)

    def peek(self) -> str:
        text = self.text
        while self.pos < len(text) and text[self.pos].isspace():
            self.pos += 1
        return text[self.pos] if self.pos < len(text) else ""

    def found(self) -> str:
        char = self.peek()
        return f"found {quoted(char)}" if char else "found the end of the text"

    def match(self, pattern: re.Pattern[str]) -> str | None:
        self.peek()
        m = pattern.match(self.text, self.pos)
        if m is None:
            return None
        self.pos = m.end()
        return m.group()

    def probability(self) -> Fraction:
        self.peek()
        at = self.pos
        text = self.match(_PROBABILITY)
        if text is None:
            raise self.fail(
                f"expected a probability such as 1/2 or 0.25 before the next outcome, "
                f"{self.found()}"
            )
        if len(text) > 40:
            raise self.fail(f"the probability {quoted(text)} has too many digits", at)
        if "/" in text and int(text.partition("/")[2]) == 0:
            raise self.fail(f"the probability {text} divides by zero", at)
        p = Fraction(text)
        if p < 0:
            raise self.fail(f"the probability {text} is negative", at)
        if self.peek() != ":":
            raise self.fail(f"expected ':' after the probability {text}, {self.found()}")
        self.pos += 1
        return p

    def head(self) -> Head:
        self.peek()
        at = self.pos
        chance = self.peek() == "?"
        if chance:
            self.pos += 1
        name = self.match(NODE_NAME)
        if name is None:
            what = "a chance node's name after '?'" if chance else "a node name"
            raise self.fail(f"expected {what}, {self.found()}")
        end = self.match(_END)
        number = None if end is not None else self.match(_NUMBER)
        vector = None
        if end is None and number is None and self.peek() == "(":
            self.pos += 1
            vector = self.vector(name)
        return Head(name, at, chance, number, vector, end, self.text)

    def vector(self, name: str) -> tuple[str, ...]:
        numbers: list[str] = []
        while True:
            number = self.match(_NUMBER)
            if number is None:
                raise self.fail(
                    f"expected a number in the vector of {quoted(name)}, {self.found()}"
                )
            numbers.append(number)
            sep = self.peek()
            self.pos += 1
            if sep == ")":
                return tuple(numbers)
            if sep != ",":
                self.pos -= 1
                raise self.fail(
                    f"expected ',' or ')' in the vector of {quoted(name)}, {self.found()}"
                )


def read_tree(text: str, make: Callable[[Head, Children[U] | None], U]) -> U:
    """The tree written in `text`, each node made by `make(head, children)` from its
    children up (`children` None for a node written without brackets).

    [`TreeSyntaxError`][gamelib.core.trees.TreeSyntaxError] says what and where; `make`
    refuses what its family does not take with [`Head.fail`][gamelib.core.trees.Head.fail].
    No recursion: a tree 10,000 levels deep reads as well as a small one.
    """
    if not isinstance(text, str):
        raise TreeSyntaxError(f"a tree text must be a string, got {quoted(text)}")
    r = _Reader(text)
    stack: list[tuple[Head, list[tuple[Fraction | None, U]], Fraction | None]] = []
    while True:
        # Read one node; a node with children opens a frame and is made at its ']'.
        probability = r.probability() if stack and stack[-1][0].chance else None
        head = r.head()
        if r.peek() == "[":
            r.pos += 1
            if r.peek() == "]":
                raise r.fail(
                    f"chance node ?{head.name} lists no outcomes: write each as PROBABILITY: NODE"
                    if head.chance
                    else f"node {quoted(head.name)} lists no children between its brackets"
                )
            stack.append((head, [], probability))
            continue
        done = make(head, None)
        # Close every frame this node finishes.
        while True:
            if not stack:
                if r.peek():
                    raise r.fail("unexpected text after the tree")
                return done
            top, children, own = stack[-1]
            children.append((probability, done))
            sep = r.peek()
            if sep == ",":
                r.pos += 1
                break
            if sep != "]":
                raise r.fail(f"expected ',' or ']' in node {quoted(top.name)}, {r.found()}")
            r.pos += 1
            stack.pop()
            done = make(top, children)
            probability = own


def tree_maker(
    family: str, value: Callable[[Head, bool], V | None]
) -> Callable[[Head, Children[Tree[V]] | None], Tree[V]]:
    """How [`read_tree`][gamelib.core.trees.read_tree] makes the nodes of a `family`'s tree
    (`two-player`, `chance` or `n-player`; what it does not have is refused by
    [`Head.refuse`][gamelib.core.trees.Head.refuse]): `value(head, leaf)` reads what a node
    holds (None for nothing), and refuses what it cannot read.
    """

    def make(head: Head, children: Children[Tree[V]] | None) -> Tree[V]:
        head.refuse(family)
        name = head.name
        if head.chance:
            if head.number is not None or head.end is not None:
                raise head.fail(
                    f"chance node ?{name} cannot have a number or an end: its value is the "
                    "average of its outcomes"
                )
            if children is None:
                raise head.fail(f"chance node ?{name} needs '[' and its outcomes after its name")
            try:
                return ChanceNode(name, tuple((p, c) for p, c in children if p is not None))
            except ProbabilityError as error:  # a sentence of its own: then where the node is
                raise TreeSyntaxError(f"{error}; the node is {head.where()}") from None
        outcome = head.outcome()
        if outcome is not None:
            if children is not None:
                raise head.fail(f"the finished game {quoted(name)} cannot have children")
            return End(name, outcome)
        held = value(head, children is None)
        if children is not None:
            return Node(name, tuple(child for _, child in children), held)
        if held is None:
            raise head.fail(f"the leaf {quoted(name)} holds nothing")  # a family's `value` says
        return Leaf(name, held)

    return make


def tree_text(tree: Tree[V], value: Callable[[V], str]) -> str:
    """`tree` in the text form, each value written by `value`; reading it back gives `tree`.
    A leaf worth 0 is written without its number, which it reads as.

    ```pycon
    >>> tree = Node("a", (ChanceNode("b", ((1, Leaf("c", 3)),)), End("d", Draw())), 2)
    >>> tree_text(tree, number_to_string)
    'a2[?b[1:c3],d!Draw]'

    ```
    """

    def node(item: Tree[V]) -> Written[Tree[V]]:
        match item:
            case End(name, outcome):
                return name + ("!Draw" if isinstance(outcome, Draw) else f"!{outcome.side}")
            case Leaf(name, held):
                return name + ("" if held == 0 else value(held))
            case Node(name, children, held):
                return name + ("" if held is None else value(held)), [("", c) for c in children]
            case ChanceNode(name, branches):
                return f"?{name}", [(f"{number_to_string(p)}:", c) for p, c in branches]
            case _:
                assert_never(item)

    return write_tree(tree, node, NODE_NAME, NODE_NAMES_ARE, TreeError)
