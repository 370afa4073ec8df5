"""Estimators for OpenSpiel's games, which come with none.

A depth-limited search stops at positions that are not finished and asks for a guess.
OpenSpiel's games have no heuristic of their own, so gamelib offers three
[`Evaluation`][gamelib.openspiel.estimators.Evaluation]s, each giving one number per player
(player 0's is Maxie's guess in a two-player game), and makes the estimator of each family
from one ([`estimator_for`][gamelib.openspiel.estimators.estimator_for]):

- `zero`: every unfinished position is even;
- `playouts:N` (or `playouts:N:SEED`): the mean of OpenSpiel's returns over `N` random
  playouts to the end, the dice rolled by their probabilities.  The playouts of a position
  are drawn from a generator seeded by `SEED` and the position's history, so a position
  gets the same guess however often, and in whatever order, it is asked: every search
  sees one fixed heuristic, as its contract wants;
- `MODULE:FUNCTION`: a Python function you write, given OpenSpiel's state (which it must
  not change) and giving player 0's value (a number) or one number per player.

Guesses of games of chance are expected in [-1, 1], the range of their results, as Star1
and Star2 require; the first two always are.

```pycon
>>> from gamelib.openspiel.game import load
>>> game = load("tic_tac_toe")
>>> playouts = read_evaluation("playouts:20")
>>> guess = playouts(game.start.state)
>>> guess == playouts(game.start.state), -1 <= guess[0] <= 1
(True, True)
>>> estimator_for(game, read_evaluation("zero")).estimate(game.start)
0.0

```
"""

from __future__ import annotations

import importlib
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Protocol, TypeAlias, TypeGuard, final, overload

from gamelib.chance.game import Value
from gamelib.core.checks import quoted
from gamelib.core.datatypes import Draw, Outcome, Side
from gamelib.core.estimator import NumericEstimator
from gamelib.errors import InputError, StoppedError
from gamelib.nplayer.game import Vector, VectorEstimator
from gamelib.openspiel.game import SpielChance, SpielLoaded, SpielNPlayer, SpielTwoPlayer
from gamelib.openspiel.position import Action, Position
from gamelib.openspiel.spiel import SpielState

__all__ = [
    "DEFAULT_ESTIMATOR",
    "Evaluation",
    "EvaluationError",
    "EvaluationSpecError",
    "NamedEvaluation",
    "Playouts",
    "SpielChanceEstimator",
    "SpielEstimator",
    "Zero",
    "estimator_for",
    "playout",
    "read_evaluation",
]

DEFAULT_ESTIMATOR = "playouts:10"
"""The estimator of an OpenSpiel game when none is named: ten seeded random playouts."""


class EvaluationSpecError(InputError, ValueError):
    """An `--estimator` that names no evaluation; the message says which ones there are."""


class EvaluationError(StoppedError, ValueError):
    """A function named as an estimator gave something other than a number, or one
    number per player."""


class Evaluation(Protocol):
    """A guess for an unfinished OpenSpiel position: one number per player."""

    def __call__(self, state: SpielState, /) -> tuple[float, ...]: ...


@final
@dataclass(frozen=True, slots=True)
class Zero:
    """Every unfinished position is even: 0 for each player."""

    def __call__(self, state: SpielState, /) -> tuple[float, ...]:
        return (0.0,) * state.get_game().num_players()

    def __str__(self) -> str:
        return "zero"


def playout(state: SpielState, rng: random.Random) -> list[float]:
    """OpenSpiel's returns at the end of one random playout from `state` (left as it
    was): each player's action drawn uniformly, each chance outcome by its probability."""
    s = state.clone()
    draw = rng.random
    while not s.is_terminal():
        if s.is_chance_node():
            u = draw()
            outcomes = s.chance_outcomes()
            chosen = outcomes[-1][0]
            for action, p in outcomes:
                u -= p
                if u < 0:
                    chosen = action
                    break
            s.apply_action(chosen)
        else:
            legal = s.legal_actions()
            s.apply_action(legal[int(draw() * len(legal))])
    return s.returns()


@final
@dataclass(frozen=True, slots=True)
class Playouts:
    """The mean of OpenSpiel's returns over `count` random playouts, drawn from a
    generator seeded by `seed` and the position's history (so the same for every ask)."""

    count: int
    """How many playouts each guess averages."""
    seed: int = 0
    """What the playouts of every position are seeded with, besides its history."""

    def __call__(self, state: SpielState, /) -> tuple[float, ...]:
        rng = random.Random(f"{self.seed}|{state.history_str()}")
        totals = playout(state, rng)
        for _ in range(self.count - 1):
            for i, r in enumerate(playout(state, rng)):
                totals[i] += r
        return tuple(t / self.count for t in totals)

    def __str__(self) -> str:
        return f"playouts:{self.count}" + (f":{self.seed}" if self.seed else "")


@final
@dataclass(frozen=True, slots=True)
class NamedEvaluation:
    """A Python function named `MODULE:FUNCTION`: given OpenSpiel's state, player 0's
    value (a number), or one number per player."""

    path: str
    """Where it came from: `MODULE:FUNCTION`."""
    function: Callable[[SpielState], object]
    """The function."""

    def __call__(self, state: SpielState, /) -> tuple[float, ...]:
        said = self.function(state)
        n = state.get_game().num_players()
        if _a_number(said):
            if n == 2:
                return (float(said), -float(said))
            raise EvaluationError(
                f"the estimator {self.path} gave one number for a game of {n} players: "
                f"give one number per player"
            )
        if isinstance(said, Sequence) and len(said) == n:
            numbers = tuple(float(x) for x in said if _a_number(x))
            if len(numbers) == n:
                return numbers
        raise EvaluationError(
            f"the estimator {self.path} gave {quoted(repr(said))}: give a number (player 0's "
            f"value) or {n} numbers, one per player"
        )

    def __str__(self) -> str:
        return self.path


def _a_number(x: object) -> TypeGuard[float]:
    """Whether `x` is a finite number (not a bool)."""
    if isinstance(x, bool) or not isinstance(x, Real):
        return False
    return math.isfinite(float(x))


_KINDS = "zero, playouts:N (or playouts:N:SEED), or MODULE:FUNCTION"


def read_evaluation(text: str) -> Evaluation:
    """The evaluation `text` names: `zero`, `playouts:N`, `playouts:N:SEED` or
    `MODULE:FUNCTION` (the module looked for on Python's path and in this folder).

    ```pycon
    >>> read_evaluation("playouts:0")
    Traceback (most recent call last):
    ...
    gamelib.openspiel.estimators.EvaluationSpecError: the estimator 'playouts:0' needs a \
number of playouts of at least 1, got '0'

    ```
    """
    words = [w.strip() for w in text.split(":")]
    said = f"the estimator {quoted(text.strip())}"
    if words == ["zero"]:
        return Zero()
    if words[0] == "playouts":
        if len(words) not in (2, 3):
            raise EvaluationSpecError(f"{said}: write playouts:N or playouts:N:SEED")
        count = _whole(words[1], said, "a number of playouts", 1)
        seed = _whole(words[2], said, "a seed", 0) if len(words) == 3 else 0
        return Playouts(count, seed)
    if len(words) != 2 or not all(words):
        raise EvaluationSpecError(f"{said} is none of {_KINDS}")
    return NamedEvaluation(text.strip(), _function(words[0], words[1], said))


def _whole(text: str, said: str, what: str, least: int) -> int:
    if not text.isdigit() or int(text) < least:
        raise EvaluationSpecError(f"{said} needs {what} of at least {least}, got {quoted(text)}")
    return int(text)


def _function(module_name: str, name: str, said: str) -> Callable[[SpielState], object]:
    here = os.getcwd()
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # the user's module, whatever it raises: one sentence
        raise EvaluationSpecError(
            f"{said}: importing {module_name} failed: {type(error).__name__}: {error}"
        ) from None
    finally:
        if added:
            sys.path.remove(here)
    found: object = getattr(module, name, None)
    if not callable(found):
        raise EvaluationSpecError(f"{said}: the module {module_name} has no function {name}")
    function: Callable[[SpielState], object] = found
    return function


@final
@dataclass(frozen=True, slots=True)
class SpielChanceEstimator:
    """The [`ChanceEstimator`][gamelib.chance.game.ChanceEstimator] of an OpenSpiel game of
    chance: player 0's guess, a finished game's result (1, 0 or -1), bounds -1 and 1."""

    game: SpielChance
    """The game."""
    evaluation: Evaluation
    """Where the guesses come from."""

    def estimate(self, position: Position, /) -> Value:
        return self.evaluation(position.state)[0]

    def outcome_value(self, outcome: Outcome, /) -> Value:
        if isinstance(outcome, Draw):
            return 0
        return 1 if outcome.side is Side.Maxie else -1

    @property
    def lower(self) -> Value:
        return -1

    @property
    def upper(self) -> Value:
        return 1


SpielEstimator: TypeAlias = (
    NumericEstimator[Position, Action] | SpielChanceEstimator | VectorEstimator[Position, Action]
)
"""The estimator of an OpenSpiel game, of its family."""


@overload
def estimator_for(
    game: SpielTwoPlayer, evaluation: Evaluation
) -> NumericEstimator[Position, Action]: ...
@overload
def estimator_for(game: SpielChance, evaluation: Evaluation) -> SpielChanceEstimator: ...
@overload
def estimator_for(
    game: SpielNPlayer, evaluation: Evaluation
) -> VectorEstimator[Position, Action]: ...
def estimator_for(game: SpielLoaded, evaluation: Evaluation) -> SpielEstimator:
    """The estimator of `game`'s family that guesses with `evaluation`: a
    [`NumericEstimator`][gamelib.core.estimator.NumericEstimator] of player 0's value for a
    two-player game, a [`SpielChanceEstimator`][gamelib.openspiel.estimators.SpielChanceEstimator]
    for a game of chance, a [`VectorEstimator`][gamelib.nplayer.game.VectorEstimator] of
    every player's for a game of n players."""
    if isinstance(game, SpielTwoPlayer):
        return NumericEstimator(game, lambda position: evaluation(position.state)[0])
    if isinstance(game, SpielChance):
        return SpielChanceEstimator(game, evaluation)

    def vector(position: Position) -> Vector:
        return evaluation(position.state)

    return VectorEstimator(game, vector)
