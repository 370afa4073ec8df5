"""The three families of trees the grader plays on, each wrapped so that every search on it
leaves the same log: the positions it expanded and estimated, and the finished games it
reached, in order.

A log is a tuple of steps, `("expand", "b")`, `("estimate", "c")`, `("end", "x")`, named by
the nodes of the tree text.  Gamelib's reference and the student's search run on the same
wrapped game, so their logs can be held side by side.  Two equal steps in a row are kept
once (a search that asks for a position's moves twice has still expanded it once).

```pycon
>>> log: list[Step] = []
>>> game, settings = two_player("a[b[c3,d6],e[f1,g9]]", 2, log)
>>> from gamelib import Minimax
>>> Minimax(settings).next_move(game.start), log[:3]
(0, [('expand', 'a'), ('expand', 'b'), ('estimate', 'c')])

```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, final

from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.chance.game import Branch, Mover, Value
from gamelib.chance.trees import (
    ChanceTreeEstimator,
    ChanceTreeGame,
    chance_tree_estimator,
    parse_chance_tree,
)
from gamelib.core.datatypes import Done, Outcome, Side, Status
from gamelib.core.estimator import NumericEstimator, Settings
from gamelib.core.tree_games import TreeRules
from gamelib.core.tree_games import TreeState as Reached
from gamelib.core.trees import ChanceNode, End, Leaf
from gamelib.core.trees import Node as TreeNode
from gamelib.games.explicit import ExplicitGame, Node, TreeState, parse_tree
from gamelib.nplayer.game import Finished, NSettings, NStatus, Vector, VectorEstimator
from gamelib.nplayer.trees import TreeGame, tree_estimator
from gamelib.nplayer.trees import parse_tree as parse_ntree
from gamelib.seq import Seq

__all__ = [
    "LoggedChanceGame",
    "LoggedNGame",
    "LoggedTreeGame",
    "Outline",
    "Step",
    "chance",
    "chance_outline",
    "nplayer",
    "nplayer_outline",
    "two_player",
    "two_player_outline",
]

V = TypeVar("V")

Step: TypeAlias = tuple[str, str]
"""One thing a search did: `(verb, node)`, the verb `expand`, `estimate` or `end`."""


def _note(log: list[Step], step: Step) -> None:
    if not log or log[-1] != step:
        log.append(step)


@final
class LoggedTreeGame:
    """An explicit two-player tree (`gamelib.games.explicit`) that logs what is done on it."""

    def __init__(self, game: ExplicitGame, log: list[Step]) -> None:
        self.inner = game
        self.log = log

    @property
    def start(self) -> TreeState:
        return self.inner.start

    def player(self, state: TreeState, /) -> Side:
        return self.inner.player(state)

    def moves(self, state: TreeState, /) -> Seq[int]:
        _note(self.log, ("expand", state.node.name))
        return self.inner.moves(state)

    def play(self, state: TreeState, move: int, /) -> Status[TreeState]:
        status = self.inner.play(state, move)
        node = state.node
        if isinstance(status, Done) and isinstance(node, Node):
            _note(self.log, ("end", node.children[move].name))
        return status

    def state_to_string(self, state: TreeState, /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: TreeState, text: str, /) -> int | None:
        return self.inner.parse_move(state, text)


def two_player(
    text: str, depth: int, log: list[Step]
) -> tuple[LoggedTreeGame, Settings[TreeState, int, float]]:
    """The two-player tree `text` as a logged game, and the settings of a search `depth`
    moves deep that estimates each leaf with its number."""
    tree = parse_tree(text)
    game = LoggedTreeGame(ExplicitGame(tree), log)

    def estimate(state: TreeState) -> float:
        _note(log, ("estimate", state.node.name))
        return state.node.value

    return game, Settings(NumericEstimator(game, estimate), depth)


class _Logged(Generic[V]):
    """An explicit tree's game of chance or of n players that logs each position it expands."""

    def __init__(self, game: TreeRules[V], log: list[Step]) -> None:
        self.inner = game
        self.log = log

    @property
    def start(self) -> Reached[V]:
        return self.inner.start

    def moves(self, state: Reached[V], /) -> Seq[int]:
        _note(self.log, ("expand", state.node.name))
        return self.inner.moves(state)

    def state_to_string(self, state: Reached[V], /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: Reached[V], text: str, /) -> int | None:
        return self.inner.parse_move(state, text)


@final
class LoggedChanceGame(_Logged[float]):
    """An explicit chance tree (`gamelib.chance.trees`) that logs what is done on it."""

    inner: ChanceTreeGame

    def player(self, state: Reached[float], /) -> Mover:
        return self.inner.player(state)

    def play(self, state: Reached[float], move: int, /) -> Status[Reached[float]]:
        return self.inner.play(state, move)

    def outcomes(self, state: Reached[float], /) -> Sequence[Branch[Reached[float]]]:
        _note(self.log, ("expand", state.node.name))
        return self.inner.outcomes(state)


@final
@dataclass(frozen=True)
class _LoggedChanceEstimator:
    game: LoggedChanceGame
    inner: ChanceTreeEstimator
    log: list[Step]
    lower: Value
    upper: Value

    def estimate(self, state: Reached[float], /) -> Value:
        _note(self.log, ("estimate", state.node.name))
        return self.inner.estimate(state)

    def outcome_value(self, outcome: Outcome, /) -> Value:
        return self.inner.outcome_value(outcome)


def chance(
    text: str, depth: int, log: list[Step]
) -> tuple[LoggedChanceGame, ChanceSettings[Reached[float], int]]:
    """The chance tree `text` as a logged game, and the settings of an expectiminimax
    search `depth` moves deep (chance does not count)."""
    inner = ChanceTreeGame(parse_chance_tree(text))
    game = LoggedChanceGame(inner, log)
    bounds = chance_tree_estimator(inner)
    estimator = _LoggedChanceEstimator(game, bounds, log, bounds.lower, bounds.upper)
    return game, ChanceSettings(estimator, depth)


@final
class LoggedNGame(_Logged[Vector]):
    """An explicit n-player tree (`gamelib.nplayer.trees`) that logs what is done on it."""

    inner: TreeGame

    @property
    def names(self) -> tuple[str, ...]:
        return self.inner.names

    def player(self, state: Reached[Vector], /) -> int:
        return self.inner.player(state)

    def play(self, state: Reached[Vector], move: int, /) -> NStatus[Reached[Vector]]:
        status = self.inner.play(state, move)
        if isinstance(status, Finished):
            _note(self.log, ("end", self.inner.child(state, move).name))
        return status


def nplayer(
    text: str, depth: int, log: list[Step]
) -> tuple[LoggedNGame, NSettings[Reached[Vector], int]]:
    """The n-player tree `text` as a logged game, and the settings of a max^n search `depth`
    moves deep."""
    tree = TreeGame(parse_ntree(text))
    game, inner = LoggedNGame(tree, log), tree_estimator(tree)

    def estimate(state: Reached[Vector]) -> Vector:
        _note(log, ("estimate", state.node.name))
        return inner.estimate(state)

    return game, NSettings(VectorEstimator(game, estimate), depth)


# --------------------------------------------------------------------------
# Outlines: any family's tree as names, labels and children, for pictures


@final
@dataclass(frozen=True)
class Outline:
    """A node of a tree of any family, as a picture draws it."""

    name: str
    """The node's name in the tree text."""
    label: str
    """What is written under the name: a value, a vector, an outcome ('' for none)."""
    shape: str
    """Graphviz's shape: `box` for Maxie (or the first player), `ellipse` for the others,
    `diamond` for chance, `plaintext` for a leaf, `octagon` for a finished game."""
    children: tuple[tuple[str, Outline], ...] = ()
    """Each child with the label of the edge to it (the move, or the probability)."""
    side: str | None = None
    """Who moves there (`Maxie`, `Minnie`, `Chance`, a player's name; at a leaf, the one
    who would move next); None where the game is over."""


def _number(value: object) -> str:
    return str(value)


def two_player_outline(text: str) -> Outline:
    """The two-player tree `text` as an outline."""

    def walk(node: Node | Leaf[float] | End, maxie: bool) -> Outline:
        side = _side(maxie)
        match node:
            case Leaf(name, value):
                return Outline(name, f"{value:g}", "plaintext", side=side)
            case End(name, outcome):
                return Outline(name, str(outcome), "octagon")
            case Node(name, children):
                kids = tuple((str(i), walk(c, not maxie)) for i, c in enumerate(children))
                return Outline(name, "", "box" if maxie else "ellipse", kids, side)

    return walk(parse_tree(text), True)


def _side(maxie: bool) -> str:
    return str(Side.Maxie if maxie else Side.Minnie)


def chance_outline(text: str) -> Outline:
    """The chance tree `text` as an outline."""

    def walk(node: TreeNode[float] | ChanceNode[float] | Leaf[float] | End, maxie: bool) -> Outline:
        match node:
            case Leaf(name, value):
                return Outline(name, _number(value), "plaintext", side=_side(maxie))
            case End(name, outcome):
                return Outline(name, str(outcome), "octagon")
            case ChanceNode(name, branches):
                kids = tuple((str(p), walk(c, maxie)) for p, c in branches)
                return Outline(name, "", "diamond", kids, "Chance")
            case TreeNode(name, children):
                kids = tuple((str(i), walk(c, not maxie)) for i, c in enumerate(children))
                return Outline(name, "", "box" if maxie else "ellipse", kids, _side(maxie))

    return walk(parse_chance_tree(text), True)


def nplayer_outline(text: str) -> Outline:
    """The n-player tree `text` as an outline."""

    root = parse_ntree(text)
    names = TreeGame(root).names

    def walk(
        node: TreeNode[Vector] | ChanceNode[Vector] | Leaf[Vector] | End, player: int
    ) -> Outline:
        match node:
            case Leaf(name, vector):
                return Outline(name, "(" + ",".join(map(_number, vector)) + ")", "octagon")
            case TreeNode(name, children, estimate):
                after = (player + 1) % len(names)
                kids = tuple((str(i), walk(c, after)) for i, c in enumerate(children))
                label = "" if estimate is None else "(" + ",".join(map(_number, estimate)) + ")"
                shape = "box" if player == 0 else "ellipse"
                return Outline(name, label, shape, kids, names[player])
            case _:  # no chance nodes or ends in an n-player tree's text
                raise AssertionError(node)

    return walk(root, 0)
