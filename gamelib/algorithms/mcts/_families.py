"""Monte Carlo tree search for the other two families (private): games of chance, where
chance positions are sampled by their probabilities, and games of n players, where each
player chooses by its own entry of a vector of rewards (max^n's rule).

One engine serves both.  A reward is a vector, one entry per player: a chance game's value
v (Maxie's) is the vector (v, L + U - v), so Minnie's entry is as large as Maxie's is
small; an n-player game's reward is its utilities.  UCB1 scales each player's entries by
the least and most that player has been given so far.  A chance position is walked through
by sampling a branch by its probability, not chosen, and does not count as a move of the
depth.  There is no solver: a proof here would be of an expected value, not of a result.
See `gamelib.algorithms.mcts`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, final

from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.chance.game import ChanceGame, ChancePositionError, ChanceTurns, Nature, Value
from gamelib.chance.kinds import ChanceKind
from gamelib.core.datatypes import Outcome
from gamelib.core.estimator import checked_estimate
from gamelib.core.model import Ended, Model
from gamelib.nplayer.game import (
    NEstimator,
    NPlayerGame,
    NPlayerTurns,
    NSettings,
    Vector,
)
from gamelib.search.kinds import UnobservedError

__all__ = [
    "CHANCE_MCTS_KIND",
    "ChanceMCTSPlayer",
    "FamilyNode",
    "FamilySettings",
    "NPlayerMCTSPlayer",
    "chance_mcts",
    "chance_mcts_factory",
    "nplayer_mcts",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")

CHANCE = -1
"""The mover of a chance position, among the players' numbers."""

_CHANCE = Nature.Chance  # read once: an Enum's member read through its class costs more


@final
@dataclass(frozen=True, slots=True)
class FamilySettings:
    """The budget and the knobs of MCTS in the other families (as `MCTSSettings`)."""

    simulations: int = 1000
    """Simulations per move."""
    exploration: float = math.sqrt(2)
    """UCB1's constant c."""
    seed: int = 0
    """Where the random choices start: the same seed, the same moves."""

    def __post_init__(self) -> None:
        sims: object = self.simulations
        if isinstance(sims, bool) or not isinstance(sims, int) or sims < 1:
            raise ValueError(f"simulations must be a whole number >= 1, got {sims!r}")
        c: object = self.exploration
        if not isinstance(c, int | float) or not math.isfinite(c) or c < 0:
            raise ValueError(f"exploration must be a finite number >= 0, got {c!r}")


class FamilyNode(Generic[S, M]):
    """A position of the tree MCTS grows in the chance and n-player families: how it was
    reached, whose turn it is, and the rewards summed (one a player) over the simulations
    through it.  The search grows it; read it, do not change it."""

    __slots__ = (
        "branch",
        "children",
        "ended",
        "move",
        "mover",
        "state",
        "totals",
        "visits",
        "weights",
    )

    def __init__(self, move: M | None, state: S | None, mover: int | None, n: int) -> None:
        self.move = move
        self.branch = ""  # what happened, for a chance position's child
        self.state = state  # None: the game is over, with the rewards `ended`
        self.mover = mover  # a player's number, CHANCE, or None when over
        self.ended: list[float] = []
        self.children: list[FamilyNode[S, M]] = []
        self.weights: list[float] = []  # a chance position's branch probabilities
        self.visits = 0
        self.totals = [0.0] * n


@final
@dataclass(frozen=True, slots=True)
class _Rewards(Generic[S, R]):
    """What the engine adds to the model of a game: rewards, one a seat, for a finished
    game and for a position it estimates instead of playing on."""

    outcome: Callable[[R], list[float]]
    estimate: Callable[[S], list[float]]


def _search(
    model: Model[S, M, R],
    rewards: _Rewards[S, R],
    settings: FamilySettings,
    depth: int,
    state: S,
    watch: Callable[[list[FamilyNode[S, M]], list[float]], None] | None = None,
) -> tuple[M, list[float], FamilyNode[S, M]]:
    """The engine, from `state` (a decision position): the most visited move, its mean
    rewards, and the tree; `watch` hears each simulation's path and result (a trace)."""
    rng = random.Random(settings.seed)
    c = settings.exploration
    n = len(model.seats)
    low = [math.inf] * n  # the least and most reward each player was given: UCB1's scale
    high = [-math.inf] * n

    mover_of, moves_of, rolls_of, play = model.mover, model.moves, model.rolls, model.play
    outcome_reward, estimate = rewards.outcome, rewards.estimate

    def mover(s: S) -> int:
        who = mover_of(s)
        return CHANCE if who is _CHANCE else who

    def node_of(move: M | None, after: S | Ended[R]) -> FamilyNode[S, M]:
        if isinstance(after, Ended):
            node: FamilyNode[S, M] = FamilyNode(move, None, None, n)
            node.ended = outcome_reward(after.outcome)
            return node
        return FamilyNode(move, after, mover(after), n)

    def expand(node: FamilyNode[S, M], s: S) -> None:
        if node.mover == CHANCE:
            for roll in rolls_of(s):
                node.weights.append(float(roll.probability))
                child = node_of(None, roll.after)
                child.branch = roll.label
                node.children.append(child)
        else:
            node.children = [node_of(m, play(s, m)) for m in moves_of(s)]

    def choose(node: FamilyNode[S, M]) -> FamilyNode[S, M]:
        if node.mover == CHANCE:
            return node.children[_sample(rng, node.weights)]
        i = node.mover
        assert i is not None
        log_n = math.log(node.visits) if node.visits else 0.0
        span = high[i] - low[i]
        best, best_u = node.children[0], -math.inf
        for child in node.children:
            if child.visits == 0:
                return child
            mean = child.totals[i] / child.visits
            u = ((mean - low[i]) / span if span > 0 else 0.5) + c * math.sqrt(log_n / child.visits)
            if u > best_u:
                best, best_u = child, u
        return best

    def play_out(s: S, left: int) -> list[float]:
        while True:
            after: S | Ended[R]
            if mover(s) == CHANCE:
                rolls = rolls_of(s)
                after = rolls[_sample(rng, [float(r.probability) for r in rolls])].after
            elif left <= 0:
                return estimate(s)
            else:
                options = moves_of(s)
                after = play(s, options[rng.randrange(len(options))])
                left -= 1
            if isinstance(after, Ended):
                return outcome_reward(after.outcome)
            s = after

    root: FamilyNode[S, M] = FamilyNode(None, state, mover(state), n)
    for _ in range(settings.simulations):
        node, path, below = root, [root], 0
        while node.state is not None and below < depth:
            if not node.children:
                expand(node, node.state)
            if node.mover != CHANCE:
                below += 1
            node = choose(node)
            path.append(node)
            if node.visits == 0:
                break
        reward = node.ended if node.state is None else play_out(node.state, depth - below)
        for i, r in enumerate(reward):
            low[i], high[i] = min(low[i], r), max(high[i], r)
        for on_path in path:
            on_path.visits += 1
            totals = on_path.totals
            for i, r in enumerate(reward):
                totals[i] += r
        if watch is not None:
            watch(path, reward)
    chosen = max(root.children, key=_visits)  # the first of equals
    assert chosen.move is not None  # a decision position's children are reached by moves
    return chosen.move, [t / chosen.visits for t in chosen.totals], root


def _visits(node: FamilyNode[S, M]) -> int:
    return node.visits


def _sample(rng: random.Random, weights: Sequence[float]) -> int:
    """An index drawn with probability proportional to `weights`."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


# --------------------------------------------------------------------------
# Games of chance


@final
@dataclass(frozen=True, slots=True)
class ChanceMCTSPlayer(Generic[S, M]):
    """MCTS for a game of chance: a `ChancePlayer` whose value is the chosen move's mean
    value (Maxie's, in the estimator's units) over its simulations."""

    settings: ChanceSettings[S, M]
    """The estimator, and the depth: moves below the root before it estimates."""
    mcts: FamilySettings
    """The budget and the knobs."""

    @property
    def game(self) -> ChanceGame[S, M]:
        return self.settings.estimator.game

    def analyse(self, state: S, /) -> tuple[M, Value]:
        """The most visited move at the decision position `state`, and its mean value."""
        model, rewards = self._rules(state)
        move, means, _ = _search(model, rewards, self.mcts, self.settings.search_depth, state)
        return move, means[0]

    def sampled(
        self, state: S, watch: Callable[[list[FamilyNode[S, M]], list[float]], None], /
    ) -> tuple[M, FamilyNode[S, M]]:
        """A search from `state`, each simulation's path and rewards told to `watch` (as
        `gamelib.trace.sampled.sampled_trace` draws them): the move chosen, and the tree."""
        model, rewards = self._rules(state)
        depth = self.settings.search_depth
        move, _, root = _search(model, rewards, self.mcts, depth, state, watch)
        return move, root

    def _rules(self, state: S) -> tuple[ChanceTurns[S, M], _Rewards[S, Outcome]]:
        """The game on the model, checked at `state`, and the engine's rewards."""
        est = self.settings.estimator
        game = est.game
        if game.player(state) is Nature.Chance:
            raise ChancePositionError(
                f"MCTS chooses moves, and {game.state_to_string(state)!r} is a chance position"
            )
        low, high = float(est.lower), float(est.upper)
        if not (math.isfinite(low) and math.isfinite(high) and low < high):
            raise ValueError(
                "MCTS for games of chance needs the estimator's bounds L < U to be finite "
                f"numbers, got [{est.lower}, {est.upper}]"
            )

        def pair(v: Value) -> list[float]:  # Maxie's value and its mirror for Minnie
            x = float(v)
            return [x, low + high - x]

        estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)
        return ChanceTurns(game), _Rewards(
            lambda outcome: pair(est.outcome_value(outcome)), lambda s: pair(estimate(s))
        )

    def next_move(self, state: S, /) -> M:
        return self.analyse(state)[0]

    def __str__(self) -> str:
        return f"MCTS({self.mcts.simulations:,} simulations)"


# --------------------------------------------------------------------------
# Games of n players


@final
@dataclass(frozen=True, slots=True)
class NPlayerMCTSPlayer(Generic[S, M]):
    """MCTS for a game of n players: each player chooses by its own mean utility, and the
    value is the chosen move's mean utility vector."""

    settings: NSettings[S, M]
    """The estimator, and the depth: moves below the root before it estimates."""
    mcts: FamilySettings
    """The budget and the knobs."""

    @property
    def game(self) -> NPlayerGame[S, M]:
        return self.settings.estimator.game

    def analyse(self, state: S, /) -> tuple[M, Vector]:
        """The most visited move at `state`, and its mean utilities."""
        model, rewards = self._rules()
        move, means, _ = _search(model, rewards, self.mcts, self.settings.search_depth, state)
        return move, tuple(means)

    def sampled(
        self, state: S, watch: Callable[[list[FamilyNode[S, M]], list[float]], None], /
    ) -> tuple[M, FamilyNode[S, M]]:
        """A search from `state`, each simulation's path and rewards told to `watch` (as
        `gamelib.trace.sampled.sampled_trace` draws them): the move chosen, and the tree."""
        model, rewards = self._rules()
        depth = self.settings.search_depth
        move, _, root = _search(model, rewards, self.mcts, depth, state, watch)
        return move, root

    def _rules(self) -> tuple[NPlayerTurns[S, M], _Rewards[S, Vector]]:
        """The game on the model, and the engine's rewards: the utilities."""
        est = self.settings.estimator
        return NPlayerTurns(est.game), _Rewards(
            lambda outcome: [float(u) for u in outcome],
            lambda s: [float(u) for u in est.estimate(s)],
        )

    def next_move(self, state: S, /) -> M:
        return self.analyse(state)[0]

    def __str__(self) -> str:
        return f"MCTS({self.mcts.simulations:,} simulations)"


# --------------------------------------------------------------------------
# As the families' catalogs hold them


def chance_mcts(settings: ChanceSettings[S, M], simulations: int, /) -> ChanceMCTSPlayer[S, M]:
    """A chance MCTS player of `simulations` a move (`mcts:SIMS` for a game of chance)."""
    return ChanceMCTSPlayer(settings, FamilySettings(simulations))


def chance_mcts_factory(
    settings: ChanceSettings[S, M], /, *, observer: object | None = None
) -> ChanceMCTSPlayer[S, M]:
    """A chance MCTS player of the default budget, in the factories' shape; it reports no
    events (`UnobservedError` for an observer)."""
    if observer is not None:
        raise UnobservedError(
            "MCTS reports its simulations, not the positions a search enters and leaves: "
            "trace it with gamelib trace --player mcts (or gamelib.trace.sampled.sampled_trace)"
        )
    return ChanceMCTSPlayer(settings, FamilySettings())


def nplayer_mcts(
    estimator: NEstimator[S, M], depth: int, simulations: int, /
) -> NPlayerMCTSPlayer[S, M]:
    """An n-player MCTS player of `simulations` a move (`mcts:SIMS` for n players)."""
    return NPlayerMCTSPlayer(NSettings(estimator, depth), FamilySettings(simulations))


CHANCE_MCTS_KIND = ChanceKind(
    "mcts",
    chance_mcts_factory,
    "Monte Carlo tree search, the dice sampled by their probabilities",
    sampler=chance_mcts,
)
"""MCTS, in the catalog of games of chance (`mcts:SIMS`)."""
