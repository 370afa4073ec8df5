"""The one engine of Monte Carlo tree search (private): a tree grown over the model of a
game ([`Model`][gamelib.core.model.Model]) of any family.  See `gamelib.algorithms.mcts`.

A reward is a vector, one entry a seat.  Each simulation selects (at a seat's position the
child with the best UCB1 for that seat; at a chance position a branch drawn by its
probability, which is not a move of the depth), expands (every move's or roll's child at
once), plays out (random moves and rolls, to the end or to the depth and then the
estimate) and backs its rewards up the path.  A two-player tree is kept in one number a
node: its rewards are (r, -r), r between -1 (a loss for seat 0) and 1 (a win), so a node
sums r alone, UCB1's scale is fixed and MCTS-Solver may prove what the tree settles.  The
other trees sum a vector a node and scale each seat's mean by the least and most it has
been given so far; a chance position is never proven (an expected value is no result).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeAlias, TypeVar, final

from gamelib.core.datatypes import Side
from gamelib.core.model import Ended, Model, Nature, sample

__all__ = ["CHANCE", "Engine", "Grown", "Node", "StopReason", "ended", "grow", "root_of"]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")

CHANCE = -1
"""The mover of a chance position, among the seats' numbers."""

_CHANCE = Nature.Chance  # read once: an Enum's member read through its class costs more
_SIDES = (Side.Maxie, Side.Minnie)

StopReason = Literal["simulations", "time", "positions", "proven"]
"""Why a search stopped: its budget of simulations, time or positions, or a proven root."""

Grown: TypeAlias = tuple[int, int, float, StopReason]
"""How a search went: its simulations, the moves it played (in the tree and the
playouts), its time, and why it stopped."""


class Node(Generic[S, M, R]):
    """A position of the tree a search grows: the `move` that reached it (None at the root
    and for a chance position's child, whose `branch` says what happened), its `state`
    (None: the game is over), its `mover` (a seat, `CHANCE`, or None when over), its
    `children` once expanded (a chance position's `weights` their probabilities), the
    `visits` through it and their rewards summed: seat 0's in a two-player tree (`total`;
    seat 1's is its negation), else one a seat (`totals`).  `proven` is how a finished
    game ended, or what the solver proved, and `result` its rewards.  Read it, do not
    change it.  (A two-player node has no room for `branch`, `totals` and `weights`: a
    smaller node, as many as a search makes, is a faster search; its `branch` is always
    "".)"""

    __slots__ = ("children", "move", "mover", "proven", "result", "state", "total", "visits")
    branch: str = ""
    totals: list[float]
    weights: list[float]
    result: Sequence[float]

    def __init__(self, move: M | None, state: S | None, mover: int | None) -> None:
        self.move, self.state, self.mover = move, state, mover
        self.children: list[Node[S, M, R]] = []
        self.visits = 0
        self.total = 0.0
        self.proven: R | None = None

    @property
    def side(self) -> Side | None:
        """The side to move in a two-player game (seat 0 Maxie); None when it is over."""
        return None if self.mover is None or self.mover < 0 else _SIDES[self.mover]

    @property
    def sums(self) -> Sequence[float]:
        """The rewards summed, one a seat (a trace reads them; the search reads `total` or
        `totals`)."""
        return (self.total, -self.total)


class _Sums(Node[S, M, R]):
    """A node of a tree of vectors (a chance or n-player search's), of `seats` sums."""

    __slots__ = ("branch", "totals", "weights")

    def __init__(self, move: M | None, state: S | None, mover: int | None, seats: int) -> None:
        Node.__init__(self, move, state, mover)
        self.branch, self.totals = "", [0.0] * seats

    @property
    def sums(self) -> Sequence[float]:
        return self.totals


def ended(move: M | None, outcome: R, result: Sequence[float]) -> Node[S, M, R]:
    """A finished game's node, reached by `move`: proven `outcome`, its rewards `result`."""
    node: Node[S, M, R] = Node(move, None, None)
    node.proven, node.result = outcome, result
    return node


@final
@dataclass(frozen=True, slots=True)
class Engine(Generic[S, M, R]):
    """A game's model, and what a search adds to it: the rewards of a finished game and of
    a position estimated, the `horizon` (moves below the root before the estimate), UCB1's
    constant; whether the game is `two`-player (rewards (r, -r) in [-1, 1]: see the
    module) and whether its `solver` proves then; the longest `playout` (None: to the
    horizon); whether the game has `chance` positions (else a playout never asks who
    moves); and the budget.  A face whose game answers faster in its own terms may
    `expand` a two-player position (every move's child added to its node, in the order to
    try them) and play it out (`rollout`: random moves, at most so many, then the result or
    the estimate; its rewards and the moves played); else the model's moves are used."""

    model: Model[S, M, R]
    rewards: Callable[[R], Sequence[float]]
    estimate: Callable[[S], Sequence[float]]
    horizon: int
    exploration: float
    two: bool = False
    solver: bool = False
    playout: int | None = None
    chance: bool = False
    expand: Callable[[Node[S, M, R], S], object] | None = None
    rollout: Callable[[S, int, random.Random], tuple[Sequence[float], int]] | None = None
    simulations: int | None = None
    seconds: float | None = None
    positions: int | None = None


def root_of(engine: Engine[S, M, R], state: S) -> Node[S, M, R]:
    """A tree of one node, `state`'s."""
    who = engine.model.mover(state)
    mover = CHANCE if who is _CHANCE else who
    if engine.two:
        return Node(None, state, mover)
    return _Sums(None, state, mover, len(engine.model.seats))


def grow(
    engine: Engine[S, M, R],
    root: Node[S, M, R],
    rng: random.Random,
    *,
    clock: Callable[[], float] = time.perf_counter,
    watch: Callable[[int, list[Node[S, M, R]], int | None, int, Sequence[float], bool], None]
    | None = None,
    progress: Callable[[int, int, float], None] | None = None,
) -> Grown:
    """Simulations from `root` until the budget is spent (or the root is proven).  `watch`
    hears each: its number, the nodes it walked (root first), how many of them lie above
    the one it expanded (None: none), its playout's moves, its rewards, and whether its
    last node was proven on expanding; `progress` hears the simulations, moves and seconds
    at 100, 200, 400, ..."""
    model, two = engine.model, engine.two
    seats = len(model.seats)
    mover_of, moves_of, rolls_of, play = model.mover, model.moves, model.rolls, model.play
    rewards, estimate, chance = engine.rewards, engine.estimate, engine.chance
    pick = rng.choice  # options[randrange(len(options))], without randrange's checks
    log, sqrt = math.log, math.sqrt
    c, horizon, playout_cap = engine.exploration, engine.horizon, engine.playout
    solver = engine.solver and two
    low, high = [math.inf] * seats, [-math.inf] * seats  # UCB1's scale, but for two players
    sign, least, span = 1.0, 0.0, 1.0  # at a position: how its mover reads the means
    began = clock()
    deadline = None if engine.seconds is None else began + engine.seconds
    sims_cap, plays_cap = engine.simulations, engine.positions
    sims = plays = 0
    next_say = 100

    def node_of(move: M | None, after: S | Ended[R], branch: str = "") -> Node[S, M, R]:
        """The child `move` leads to (None: a roll, `branch`), in a tree of vectors."""
        if isinstance(after, Ended):
            node: _Sums[S, M, R] = _Sums(move, None, None, seats)
            node.proven, node.result = after.outcome, rewards(after.outcome)
        else:
            who = mover_of(after)
            node = _Sums(move, after, CHANCE if who is _CHANCE else who, seats)
        node.branch = branch
        return node

    def moved(node: Node[S, M, R], s: S) -> None:
        """The model's expanding: a child for each move, or for each roll at chance."""
        if node.mover != CHANCE:
            node.children = [node_of(m, play(s, m)) for m in moves_of(s)]
            return
        rolls = rolls_of(s)
        assert isinstance(node, _Sums)  # a chance position: in a tree of vectors
        node.weights = [float(roll.probability) for roll in rolls]
        node.children = [node_of(None, roll.after, roll.label) for roll in rolls]

    def prove(node: Node[S, M, R]) -> bool:
        """Whether `node` is now proven by its children (MCTS-Solver): a move to a proven
        win, or every move proven (the best of them, the first of equals); sets it if so."""
        i = node.mover
        proven = node.children and [c for c in node.children if c.proven is not None]  # a leaf: []
        if i is None or not proven:
            return False
        best = max(proven, key=lambda child: child.result[i])
        if best.result[i] < 1.0 and len(proven) < len(node.children):
            return False
        node.proven, node.result = best.proven, best.result
        return True

    def play_out(s: S, left: int, rng: random.Random) -> tuple[Sequence[float], int]:
        """The model's playout (as the engine's `rollout`)."""
        played = 0
        while True:
            after: S | Ended[R]
            if chance and mover_of(s) is _CHANCE:
                rolls = rolls_of(s)
                odds = [float(r.probability) for r in rolls]  # a Fraction compares slowly
                after = rolls[sample(odds, rng.random())].after
            elif played < left:
                after = play(s, pick(moves_of(s)))
                played += 1
            else:
                return estimate(s), played
            if isinstance(after, Ended):
                return rewards(after.outcome), played
            s = after

    expand = moved if engine.expand is None else engine.expand
    rollout = play_out if engine.rollout is None else engine.rollout
    stopped: StopReason
    while True:
        if solver and root.proven is not None:
            stopped = "proven"
            break
        if sims_cap is not None and sims >= sims_cap:
            stopped = "simulations"
            break
        if plays_cap is not None and plays >= plays_cap:
            stopped = "positions"
            break
        if deadline is not None and clock() >= deadline:
            stopped = "time"
            break
        # 1. select, and 2. expand: walk down to a child not visited yet
        node = root
        path = [root]
        below = 0
        expanded: int | None = None
        proved_there = False  # whether the position expanded was proven on the spot
        while node.proven is None and below < horizon:
            if not node.children:  # met for the first time: every move's child added
                s = node.state
                assert s is not None  # not proven, so still being played
                expand(node, s)
                plays += len(node.children)
                expanded = len(path) - 1
                if solver and prove(node):  # a move that wins at once
                    proved_there = True
                    break
            i = node.mover
            assert i is not None  # the walk stops at a finished game
            if i == CHANCE:  # a roll: drawn by its probability, and not a move of the depth
                node = node.children[sample(node.weights, rng.random())]
            else:  # a move: the first not tried yet, else the best by UCB1 for the mover
                below += 1
                log_n = log(node.visits) if node.visits else 0.0
                if two:  # seat 0's sum counts for seat 0, against seat 1
                    sign = -1.0 if i else 1.0
                else:
                    least = low[i]
                    span = high[i] - least
                best: Node[S, M, R] | None = None
                best_u = -math.inf
                for child in node.children:
                    n = child.visits
                    if solver and child.proven is not None:
                        r = child.result[i]
                        if r == -1.0:
                            continue  # a proven loss: never chosen while another move is left
                        u = (r + 1.0) / 2.0  # its exact result, nothing left to explore
                    elif n == 0:
                        best = child
                        break
                    elif two:
                        u = (1.0 + sign * child.total / n) / 2.0 + c * sqrt(log_n / n)
                    else:
                        mean = child.totals[i] / n
                        u = ((mean - least) / span if span > 0 else 0.5) + c * sqrt(log_n / n)
                    if u > best_u:
                        best, best_u = child, u
                if best is None:  # every move a proven loss: the node is proven, so not here
                    raise AssertionError("unreachable: a node whose moves all lose is proven")
                node = best
            path.append(node)
            if node.visits == 0:
                break
        # 3. play out
        played = 0
        if node.proven is not None:
            reward = node.result
        else:
            s = node.state
            assert s is not None  # not proven, so still being played
            left = horizon - below
            reward, played = rollout(
                s, left if playout_cap is None else min(playout_cap, left), rng
            )
            plays += played
        # 4. back up, and what is proven
        if two:
            r0 = reward[0]
            for on_path in path:
                on_path.visits += 1
                on_path.total += r0
        else:
            low[:], high[:] = map(min, low, reward), map(max, high, reward)
            for on_path in path:
                on_path.visits += 1
                totals = on_path.totals
                for i, r in enumerate(reward):
                    totals[i] += r
        if solver:
            for on_path in reversed(path):
                if on_path.proven is None and not prove(on_path):
                    break
        sims += 1
        if watch is not None:
            watch(sims, path, expanded, played, reward, proved_there)
        if progress is not None and sims == next_say:
            progress(sims, plays, clock() - began)
            next_say *= 2
    return sims, plays, clock() - began, stopped
