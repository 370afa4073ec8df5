"""Optional extras a game or an estimator can offer, and what a search kind needs.

The lecture contracts (GAME, ESTIMATOR) stay as the slides have them.  Some
algorithms need more, and a game or estimator offers it by having the
methods, in the style of
[`gamelib.core.ExplainsIllegalMoves`][gamelib.core.human.ExplainsIllegalMoves]:

- *keyed* ([`Keyed`][gamelib.search.capabilities.Keyed]): a hashable key for a state, so that a
  table can store it.  Without one, a hashable state is its own key; a game may fold
  symmetric positions into one key, or say that its key is exact (equal exactly for
  equal states: [`exact_key`][gamelib.search.capabilities.exact_key]).
- *numeric estimates* ([`NumericEstimates`][gamelib.search.capabilities.NumericEstimates]): guesses
  that can be negated and averaged, for negamax, expectiminimax and MTD(f).
  [`gamelib.estimate.NumericEstimator`][gamelib.core.estimator.NumericEstimator] has them.
- *packed positions* ([`gamelib.search.packed`][gamelib.search.packed]): a game whose
  positions fit in a few integers hands the exact solver its keys, its wins with the
  next move and the moves that do not lose at once, for the solver's fast path.
- *move ordering* is not a capability of the game but a hook in the
  settings (`Settings(..., order=...)`); see
  [`gamelib.search.player.ordered_moves`][gamelib.search.player.ordered_moves].

A search kind in the catalog lists the capabilities it needs
([`Capability`][gamelib.search.capabilities.Capability]);
[`missing`][gamelib.search.capabilities.missing] says, in a sentence each, what a game and an
estimator lack. Ask with [`state_key`][gamelib.search.capabilities.state_key] and
[`has_numeric_estimates`][gamelib.search.capabilities.has_numeric_estimates] rather than
`isinstance`: they look at the object itself, so a wrapper such as
[`gamelib.search.CountingGame`][gamelib.search.counting.CountingGame], which has a capability
exactly when what it wraps has it, is judged right.

```pycon
>>> from gamelib.games.nim import Nim, nim_estimator
>>> missing({Capability.KEYED, Capability.NUMERIC}, Nim(), nim_estimator(Nim()))
[]

```
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from enum import Enum
from fractions import Fraction
from typing import Protocol, TypeAlias, TypeVar, assert_never, cast, runtime_checkable

from gamelib.core.datatypes import Outcome, Side, Winner
from gamelib.core.estimator import Definitely, Est, Estimator, Guess
from gamelib.core.game import Game
from gamelib.errors import InputError

__all__ = [
    "Capability",
    "Keyed",
    "MissingCapabilityError",
    "NumericEstimates",
    "Weight",
    "average_est",
    "exact_key",
    "has_numeric_estimates",
    "missing",
    "negate_est",
    "numeric_estimates",
    "state_key",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)

Weight: TypeAlias = Fraction | float
"""A probability: an exact fraction or a float."""


class MissingCapabilityError(InputError, TypeError):
    """A search needs something the game or the estimator does not offer."""


@runtime_checkable
class Keyed(Protocol[S_contra]):
    """Optional extra for a game: a key for each state, for tables."""

    def key(self, state: S_contra, /) -> Hashable:
        """A hashable key: equal for positions a table may treat as one."""
        ...


def state_key(game: Game[S, M]) -> Callable[[S], Hashable]:
    """How to key `game`'s states: its `key` if it has one, else the state itself.

    Raises [`MissingCapabilityError`][gamelib.search.capabilities.MissingCapabilityError] when the
    game has no `key` and its states cannot be hashed.
    """
    key: Callable[[S], Hashable] | None = getattr(game, "key", None)
    if callable(key):
        return key
    try:
        hash(game.start)
    except TypeError:
        raise MissingCapabilityError(
            f"the states of {type(game).__name__} cannot be hashed and the game has no "
            "key method, so no table can store them"
        ) from None
    return _itself


def _itself(state: S) -> S:
    return state


def exact_key(game: Game[S, M]) -> Callable[[S], Hashable] | None:
    """`game`'s `key` when the game says it is exact, else None.

    A game says so with a true `key_is_exact`: two of its states have equal keys exactly
    when they are equal states, so a table keyed by it holds what a table keyed by the
    states would, and its keys are hashed and compared without a call to the states' own
    `__hash__` and `__eq__` (Python code, for a state that defines them).  A key that
    folds symmetric positions together is not exact.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> exact_key(Nim()) is None
    True

    ```
    """
    if getattr(game, "key_is_exact", False) is not True:
        return None
    key: Callable[[S], Hashable] | None = getattr(game, "key", None)
    return key if callable(key) else None


@runtime_checkable
class NumericEstimates(Protocol[G]):
    """Optional extra for an estimator: guesses that behave as numbers."""

    def negate(self, guess: G, /) -> G:
        """The guess as the other side sees it (for negamax)."""
        ...

    def average(self, weighted: Sequence[tuple[Weight, G]], /) -> G:
        """The expected guess; the weights are probabilities that sum to 1."""
        ...

    def outcome_guess(self, outcome: Outcome, /) -> G:
        """The guess a finished game counts as when it is averaged with guesses."""
        ...


def has_numeric_estimates(estimator: object) -> bool:
    """Whether `estimator` has the numeric-estimates capability.

    Asked of the object itself, not its class (as `isinstance` with a
    protocol would on Python 3.11), so a wrapper that has the capability
    only when what it wraps has it is judged right.
    """
    return all(
        callable(getattr(estimator, name, None)) for name in ("negate", "average", "outcome_guess")
    )


def negate_est(estimates: NumericEstimates[G], est: Est[G]) -> Est[G]:
    """`est` from the other side's point of view: wins and losses swap, guesses negate.

    ```pycon
    >>> from gamelib import NumericEstimator, Side
    >>> from gamelib.games.nim import Nim, nim_estimate
    >>> numeric = NumericEstimator(Nim(), nim_estimate)
    >>> negate_est(numeric, Definitely(Winner(Side.Maxie))), negate_est(numeric, Guess(2))
    (Definitely(outcome=Winner(side=<Side.Minnie>)), Guess(guess=-2))

    ```
    """
    # On the hot path of every negamax search: isinstance, not match (which costs more here),
    # and the two wins built once.
    if isinstance(est, Guess):
        return Guess(estimates.negate(est.guess))
    outcome = est.outcome
    if isinstance(outcome, Winner):
        return _MINNIE_WINS if outcome.side is _MAXIE else _MAXIE_WINS
    return est


_MAXIE = Side.Maxie  # a module constant: an Enum's member read through its class costs more
_MAXIE_WINS: Definitely = Definitely(Winner(Side.Maxie))
_MINNIE_WINS: Definitely = Definitely(Winner(Side.Minnie))


def average_est(
    estimates: NumericEstimates[G], weighted: Sequence[tuple[Weight, Est[G]]]
) -> Est[G]:
    """The expected value of `weighted` estimates (weights summing to 1).

    When every estimate with a positive weight is the same `Definitely`,
    so is the result: the outcome is certain.  Otherwise it is a `Guess`,
    finished games counting as the estimator's `outcome_guess`; estimates
    with weight 0 count for nothing.
    """
    counted = [(weight, est) for weight, est in weighted if weight > 0]
    certain = {est for _, est in counted}
    if len(certain) == 1:
        only = next(iter(certain))
        if isinstance(only, Definitely):
            return only
    guesses = [
        (weight, est.guess if isinstance(est, Guess) else estimates.outcome_guess(est.outcome))
        for weight, est in counted
    ]
    return Guess(estimates.average(guesses))


class Capability(Enum):
    """Something a search kind needs beyond the lecture contracts."""

    KEYED = "keyed states"
    """States that a table can store (see [`Keyed`][gamelib.search.capabilities.Keyed])."""
    NUMERIC = "numeric estimates"
    """An estimator whose guesses can be negated and averaged (`NumericEstimates`)."""

    def __repr__(self) -> str:
        return f"<Capability.{self.name}>"


def missing(
    needs: Collection[Capability], game: Game[S, M], estimator: Estimator[S, M, G]
) -> list[str]:
    """One sentence for each capability in `needs` that `game` or `estimator` lacks."""
    found = []
    for need in sorted(needs, key=lambda c: c.value):
        match need:
            case Capability.KEYED:
                try:
                    state_key(game)
                except MissingCapabilityError as error:
                    found.append(str(error))
            case Capability.NUMERIC:
                if not has_numeric_estimates(estimator):
                    found.append(
                        f"its estimator ({type(estimator).__name__}) has no numeric estimates: "
                        "it cannot negate or average its guesses"
                    )
            case _:
                assert_never(need)
    return found


def numeric_estimates(estimator: Estimator[S, M, G], who: str) -> NumericEstimates[G]:
    """`estimator` as numeric estimates, or `MissingCapabilityError` naming `who`."""
    if not has_numeric_estimates(estimator):
        raise MissingCapabilityError(
            f"{who} needs numeric estimates, and its estimator ({type(estimator).__name__}) "
            "cannot negate its guesses"
        )
    return cast(NumericEstimates[G], estimator)  # it has negate, average, outcome_guess
