"""Monte Carlo tree search in the other two families (private), on the one engine
(`_engine`) over the game's model: in a game of chance the rewards are Maxie's value v
and its mirror L + U - v for Minnie, in a game of n players its utilities, each seat
choosing by its own.  See `gamelib.algorithms.mcts`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, final

from gamelib.algorithms.mcts._engine import Engine, Node, grow, root_of
from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import ChanceSettings
from gamelib.chance.game import (
    ChanceEstimator,
    ChanceGame,
    ChancePositionError,
    ChanceTurns,
    Nature,
    Value,
)
from gamelib.chance.kinds import ChanceKind
from gamelib.core.checks import read_whole
from gamelib.core.datatypes import Outcome
from gamelib.core.estimator import checked_estimate
from gamelib.nplayer.game import NEstimator, NPlayerGame, NPlayerTurns, NSettings, Number, Vector
from gamelib.nplayer.kinds import NPlayerKind
from gamelib.nplayer.maxn import NObserver, NSearchPlayer
from gamelib.search.kinds import Option, OptionValues, UnobservedError

__all__ = [
    "CHANCE_MCTS_KIND",
    "NPLAYER_MCTS_KIND",
    "SAMPLED",
    "SIMS",
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

FamilyNode = Node
"""A position of the tree MCTS grows in the chance and n-player families (see `Node`: its
rewards summed one a seat, `totals`).  Read it, do not change it."""


Watch = Callable[[Sequence[Node[S, M, R]], Sequence[float]], None]
"""Hears each simulation: the nodes it walked, root first, and its rewards."""


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


class _Sampling(Generic[S, M, R]):
    """What the two families' players share: their search, on the engine."""

    __slots__ = ()
    mcts: FamilySettings

    def _engine(self, state: S, /) -> Engine[S, M, R]:
        raise NotImplementedError  # each family's player says what it searches

    def sampled(
        self, state: S, watch: Watch[S, M, R] | None = None, /
    ) -> tuple[M, FamilyNode[S, M, R]]:
        """A search from the decision position `state`, each simulation's path and rewards
        told to `watch` (as `gamelib.trace.mcts.sampled_trace` draws them): the most
        visited move (the first of equals), and the tree."""
        root = root_of(engine := self._engine(state), state)
        heard = None if watch is None else lambda _n, path, _e, _p, reward, _t: watch(path, reward)
        grow(engine, root, random.Random(self.mcts.seed), watch=heard)
        chosen = max(root.children, key=lambda child: child.visits)
        assert chosen.move is not None  # a decision position's children are reached by moves
        return chosen.move, root

    def _means(self, state: S, /) -> tuple[M, list[float]]:
        """The move chosen at `state`, and its mean rewards."""
        move, root = self.sampled(state)
        chosen = next(c for c in root.children if c.move == move)
        return move, [t / chosen.visits for t in chosen.totals]

    def next_move(self, state: S, /) -> M:
        return self.sampled(state)[0]

    def __str__(self) -> str:
        return f"MCTS({self.mcts.simulations:,} simulations)"


@final
@dataclass(frozen=True, slots=True)
class ChanceMCTSPlayer(_Sampling[S, M, Outcome]):
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
        move, means = self._means(state)
        return move, means[0]

    def _engine(self, state: S, /) -> Engine[S, M, Outcome]:
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
            return [float(v), low + high - float(v)]

        estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)
        return Engine(
            ChanceTurns(game),
            lambda outcome: pair(est.outcome_value(outcome)),
            lambda s: pair(estimate(s)),
            self.settings.search_depth,
            self.mcts.exploration,
            chance=True,
            simulations=self.mcts.simulations,
        )


@final
@dataclass(frozen=True, slots=True)
class NPlayerMCTSPlayer(_Sampling[S, M, Vector]):
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
        move, means = self._means(state)
        return move, tuple(means)

    def _engine(self, state: S, /) -> Engine[S, M, Vector]:
        """The game on the model, and the engine's rewards: the utilities."""
        est = self.settings.estimator
        return Engine(
            NPlayerTurns(est.game),
            lambda outcome: [float(u) for u in outcome],
            lambda s: [float(u) for u in est.estimate(s)],
            self.settings.search_depth,
            self.mcts.exploration,
            simulations=self.mcts.simulations,
        )


# --------------------------------------------------------------------------
# As the families' catalogs hold them


def chance_mcts(settings: ChanceSettings[S, M], simulations: int, /) -> ChanceMCTSPlayer[S, M]:
    """A chance MCTS player of `simulations` a move (`mcts:SIMS` for a game of chance)."""
    return ChanceMCTSPlayer(settings, FamilySettings(simulations))


def chance_mcts_factory(
    settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
) -> ChanceMCTSPlayer[S, M]:
    """A chance MCTS player of the default budget, in the factories' shape (so
    `searched_by(chance_mcts_factory)` is a kind); it reports no events (`UnobservedError`
    for an observer).

    ```pycon
    >>> from gamelib.games.pig import Pig, pig_estimator
    >>> str(chance_mcts_factory(ChanceSettings(pig_estimator(Pig()), 2)))
    'MCTS(1,000 simulations)'

    ```
    """
    return _chance_build(settings.estimator, settings.search_depth, {}, observer=observer)


def _unobserved(observer: object | None) -> None:
    if observer is not None:
        raise UnobservedError(
            "MCTS reports its simulations, not the positions a search enters and leaves: "
            "trace it with gamelib trace --player mcts (or gamelib.trace.mcts.sampled_trace)"
        )


def nplayer_mcts(
    estimator: NEstimator[S, M], depth: int, simulations: int, /
) -> NPlayerMCTSPlayer[S, M]:
    """An n-player MCTS player of `simulations` a move (`mcts:SIMS` for n players)."""
    return NPlayerMCTSPlayer(NSettings(estimator, depth), FamilySettings(simulations))


SAMPLED = 1000
"""A sampling kind's simulations when its spec gives none (`mcts`)."""


def _sims(text: str) -> int:
    return read_whole(text, 1)


SIMS: Option[int] = Option(
    "sims", "the simulations", SAMPLED, _sims, "simulations a move (mcts:500)"
)
"""MCTS's simulations in the chance and n-player families, in the depth's place
(`mcts:500`)."""


def _chance_build(
    estimator: ChanceEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: ChanceObserver[S, M] | None = None,
) -> ChanceMCTSPlayer[S, M]:
    _unobserved(observer)
    return chance_mcts(ChanceSettings(estimator, depth), SIMS.of(options))


def _nplayer_build(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    _unobserved(observer)
    return nplayer_mcts(estimator, depth, SIMS.of(options))


CHANCE_MCTS_KIND = ChanceKind(
    "mcts",
    "Monte Carlo tree search, the dice sampled by their probabilities",
    _chance_build,
    options=(SIMS,),
    lead="sims",
    takes_depth=False,
    exact=False,
)
"""MCTS, in the catalog of games of chance (`mcts:SIMS`)."""

NPLAYER_MCTS_KIND = NPlayerKind(
    "mcts",
    "Monte Carlo tree search, each player choosing by its own mean utility",
    _nplayer_build,
    options=(SIMS,),
    lead="sims",
    takes_depth=False,
    exact=False,
)
"""MCTS, in the catalog of games of n players (`mcts:SIMS`)."""
