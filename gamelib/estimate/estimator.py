"""ESTIMATOR and SETTINGS: how a search player judges positions it cannot see past.

An estimate (SML ``est``) is either ``Definitely(outcome)``, for a finished
game, or ``Guess(g)``, a heuristic value.  Estimates are only ever compared
through the estimator's ``compare``; larger is better for Maxie.

>>> from gamelib.core import Draw, Side, Winner
>>> standard_compare(Guess(0), Definitely(Draw()))
EQUAL
>>> standard_compare(Guess(-100), Definitely(Winner(Side.Minnie)))
GREATER
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar, assert_never, final

from gamelib.core.datatypes import EQUAL, GREATER, LESS, Draw, Order, Outcome, Side, Winner
from gamelib.core.game import Game

__all__ = [
    "Definitely",
    "Est",
    "Estimator",
    "Guess",
    "NumericEstimator",
    "Settings",
    "est_to_string",
    "standard_compare",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
G_co = TypeVar("G_co", covariant=True)


# --8<-- [start:est]
@final
@dataclass(frozen=True, slots=True)
class Definitely:
    """The value of a finished game: its outcome is known for sure."""

    outcome: Outcome
    """How the game ended."""

    def __str__(self) -> str:
        match self.outcome:
            case Winner(side):
                return f"Definitely {side} wins"
            case Draw():
                return "Definitely a draw"
            case _:
                assert_never(self.outcome)


@final
@dataclass(frozen=True, slots=True)
class Guess(Generic[G_co]):
    """A heuristic value of an unfinished game (SML ``Guess of guess``)."""

    guess: G_co
    """The estimator's guess; only its estimator knows how to order it."""

    def __str__(self) -> str:
        return f"Guess {self.guess}"


Est: TypeAlias = Definitely | Guess[G]
"""An estimate (SML ``Est.est``)."""
# --8<-- [end:est]


# --8<-- [start:estimator]
class Estimator(Protocol[S, M, G]):
    """A heuristic for one game and the order of its estimates (SML ``ESTIMATOR``)."""

    @property
    def game(self) -> Game[S, M]:
        """The game whose states are estimated."""
        ...

    def estimate(self, state: S, /) -> G:
        """A guess of who is winning in ``state`` (called on unfinished states)."""
        ...

    def compare(self, a: Est[G], b: Est[G], /) -> Order:
        """``LESS`` when ``a`` is worse for Maxie than ``b``, and so on."""
        ...

    def guess_to_string(self, guess: G, /) -> str:
        """``guess`` as a person reads it (SML ``Est.toString``)."""
        ...


# --8<-- [end:estimator]


_INF = math.inf


def _score(e: Est[float]) -> float:
    if isinstance(e, Guess):
        return e.guess
    outcome = e.outcome
    if isinstance(outcome, Draw):
        return 0.0
    return _INF if outcome.side is Side.Maxie else -_INF


def standard_compare(a: Est[float], b: Est[float]) -> Order:
    """The standard order of numeric estimates (the reference doc's order).

    ``Definitely(Winner(Minnie)) < Guess(negative) < Guess(0) ==
    Definitely(Draw()) < Guess(positive) < Definitely(Winner(Maxie))``;
    guesses compare as numbers.

    REQUIRES: guesses are finite numbers (not NaN or infinity).
    """
    if isinstance(a, Guess) and isinstance(b, Guess):
        x = a.guess
        y = b.guess
    else:
        x = _score(a)
        y = _score(b)
    if x < y:
        return LESS
    if x > y:
        return GREATER
    return EQUAL


def _number_to_string(g: float) -> str:
    if isinstance(g, int) or not g.is_integer():
        return str(g)
    return str(int(g))


@final
@dataclass(frozen=True, slots=True)
class NumericEstimator(Generic[S, M]):
    """An estimator from a numeric ``estimate`` function, with the standard order.

    This is the ready-made helper: write only the heuristic.

    >>> from gamelib.games.nim import Nim
    >>> pebbles = NumericEstimator(Nim(), lambda state: state.pebbles)
    >>> pebbles.estimate(Nim().start), pebbles.compare(Guess(2), Guess(3))
    (15, LESS)
    """

    game: Game[S, M]
    """The game whose states are estimated."""
    estimate: Callable[[S], float]
    """The heuristic: larger is better for Maxie."""

    compare = staticmethod(standard_compare)

    def guess_to_string(self, guess: float, /) -> str:
        return _number_to_string(guess)


def est_to_string(estimator: Estimator[S, M, G], est: Est[G]) -> str:
    """``est`` as a person reads it, using the estimator's ``guess_to_string``."""
    match est:
        case Definitely():
            return str(est)
        case Guess(guess):
            return f"Guess {estimator.guess_to_string(guess)}"
        case _:
            assert_never(est)


# --8<-- [start:settings]
@final
@dataclass(frozen=True, slots=True)
class Settings(Generic[S, M, G]):
    """What a search player is built from (SML ``SETTINGS``).

    REQUIRES: ``search_depth >= 1``; otherwise ``ValueError`` naming the depth.

    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> Settings(nim_estimator(Nim()), 0)
    Traceback (most recent call last):
    ...
    ValueError: search depth must be at least 1, got 0
    """

    estimator: Estimator[S, M, G]
    """The heuristic and order used at the search horizon."""
    search_depth: int
    """How many moves ahead to look."""

    def __post_init__(self) -> None:
        depth: object = self.search_depth
        if not isinstance(depth, int) or isinstance(depth, bool):
            raise TypeError(f"search depth must be a whole number, got {depth!r}")
        if depth < 1:
            raise ValueError(f"search depth must be at least 1, got {depth}")


# --8<-- [end:settings]
