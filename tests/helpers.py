"""Helpers shared by the test modules: running searches on explicit trees."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Protocol, TypeVar, assert_never

from gamelib import (
    EQUAL,
    Definitely,
    Draw,
    Est,
    Game,
    Guess,
    Jamboree,
    JamboreeSettings,
    Order,
    Outcome,
    Playing,
    Settings,
    Side,
    Winner,
    flip,
    seq,
)
from gamelib.core.trees import End, Leaf
from gamelib.games.explicit import SMALL, ExplicitGame, Node, Tree, TreeState, tree_estimator
from gamelib.games.nim import Nim, NimState
from gamelib.games.tictactoe import TicTacToe, TicTacToeState
from gamelib.search import CountingGame, RecordingEstimator, SearchObserver, SearchPlayer

SEARCH_KINDS = "minimax, alphabeta, jamboree, negamax, negamax-ab, pvs, scout, mtdf, id or mcts"
"""The catalog's search kinds as the command line's messages list them."""
ALL_KINDS = (
    "human, direct, random, minimax, alphabeta, jamboree, negamax, negamax-ab, pvs, scout, "
    "mtdf, id, mcts"
)
"""Every player kind, as the command line's messages list them."""

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


class Factory(Protocol):
    """A search factory over plain settings (Minimax, AlphaBeta, ``jamboree(p)``)."""

    def __call__(
        self, settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]: ...


def jamboree(p: float) -> Factory:
    """Jamboree with prune percentage ``p``, as a factory over plain settings."""

    def factory(
        settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]:
        jamboree_settings = JamboreeSettings(
            settings.estimator, settings.search_depth, p, order=settings.order
        )
        return Jamboree(jamboree_settings, observer=observer)

    return factory


@dataclass(frozen=True)
class Run:
    """What one search did on an explicit tree."""

    leaves: list[str]
    move: int
    value: Est[float]
    plays: int


def run(factory: Factory, root: Node | Leaf[float], depth: int) -> Run:
    """Search ``root`` to ``depth``, recording the leaves estimated and positions played."""
    game = CountingGame(ExplicitGame(root))
    est = RecordingEstimator(tree_estimator(game))
    move, value = factory(Settings(est, depth)).analyse(game.start)
    return Run([s.node.name for s in est.estimated], move, value, game.plays)


def name(state: TreeState) -> str:
    """The node name of a tree position."""
    return state.node.name


def outcome_score(outcome: Outcome) -> float:
    """A finished game as a number: ±inf for a win, 0 for a draw."""
    match outcome:
        case Winner(side):
            return math.inf if side is Side.Maxie else -math.inf
        case Draw():
            return 0
        case _:
            assert_never(outcome)


def score(value: Est[float]) -> float:
    """An estimate as a number, in the standard order."""
    match value:
        case Guess(g):
            return g
        case Definitely(outcome):
            return outcome_score(outcome)
        case _:
            assert_never(value)


def order_equal(a: Est[float], b: Est[float]) -> bool:
    """Whether the standard order says ``a`` and ``b`` are worth the same."""
    return tree_estimator(ExplicitGame(SMALL)).compare(a, b) is EQUAL


def is_subsequence(short: list[str], long: list[str]) -> bool:
    """Whether ``short`` appears in ``long`` in order (not necessarily together)."""
    it = iter(long)
    return all(x in it for x in short)


def tree_value(tree: Tree, side: Side, depth: int) -> float:
    """CSE 473's MINIMAX-VALUE, straight over the tree: the model every search must meet."""
    match tree:
        case End(_, outcome):
            return outcome_score(outcome)
        case Leaf(_, value):
            return value
        case Node(_, children, value):
            if depth == 0:
                return value
            other = flip(side)
            values = [tree_value(child, other, depth - 1) for child in children]
            return max(values) if side is Side.Maxie else min(values)
        case _:
            assert_never(tree)


@dataclass(frozen=True)
class OnlyCompares:
    """An estimator whose guesses are words: it can order them, not negate them."""

    game: Nim

    def estimate(self, state: NimState, /) -> str:
        return "even"

    def compare(self, a: Definitely | Guess[str], b: Definitely | Guess[str], /) -> Order:
        return EQUAL

    def guess_to_string(self, guess: str, /) -> str:
        return guess


def perfectly_ordered_tree(b: int, d: int, rng: random.Random) -> Node:
    """A uniform tree with distinct leaf values, children sorted best-first."""
    values = iter(rng.sample(range(10 * b**d), b**d))
    names = itertools.count()

    def build(level: int, side: Side) -> tuple[Tree, int]:
        name = f"n{next(names)}"
        if level == d:
            v = next(values)
            return Leaf(name, v), v
        other = Side.Minnie if side is Side.Maxie else Side.Maxie
        kids = [build(level + 1, other) for _ in range(b)]
        kids.sort(key=lambda kv: kv[1], reverse=side is Side.Maxie)
        best = kids[0][1]
        return Node(name, tuple(k for k, _ in kids)), best

    root, _ = build(0, Side.Maxie)
    assert isinstance(root, Node)
    return root


def reachable_tictactoe() -> tuple[TicTacToeState, ...]:
    """Every tic-tac-toe position reachable from the start that is still being played
    (4,520 of them; 5,478 with the finished ones), in the order a depth-first walk meets them."""
    game = TicTacToe()
    seen: dict[TicTacToeState, None] = {}
    stack = [game.start]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen[state] = None
        for move in seq.to_tuple(game.moves(state)):
            after = game.play(state, move)
            if isinstance(after, Playing):
                stack.append(after.state)
    return tuple(seen)


def played(game: Game[S, M], *moves: M) -> S:
    """The position `moves` reach from `game`'s start; each must leave the game going."""
    state = game.start
    for move in moves:
        after = game.play(state, move)
        assert isinstance(after, Playing), (move, after)
        state = after.state
    return state


def finished(tree: Tree) -> Tree:
    """A handout tree read as a game played out: a leaf's sign says who won."""
    match tree:
        case Leaf(name, value):
            outcome = Draw() if value == 0 else Winner(Side.Maxie if value > 0 else Side.Minnie)
            return End(name, outcome)
        case End():
            return tree
        case Node(name, children, value):
            return Node(name, tuple(finished(c) for c in children), value)
