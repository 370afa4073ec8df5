"""Weighted evaluation: an estimate made of features and weights, eval(s) = Σ wᵢ·fᵢ(s).

The CSE 473 notes build a heuristic for a game too large to search out of
simple measurements of a position (material, mobility, king safety, centre
control), each scaled by how much it matters, and added up.  Here a
measurement is a [`Feature`][gamelib.weighted.Feature], the scaled sum is a
[`WeightedSum`][gamelib.weighted.WeightedSum], and
[`WeightedEstimator`][gamelib.weighted.WeightedEstimator] makes a sum into an estimator for a game
(with the standard order and the numeric-estimates capability, exactly as
[`NumericEstimator`][gamelib.core.estimator.NumericEstimator]). `describe` shows which feature
gave what.

The 15-150 notes' chess heuristic is such a sum: count each kind of piece,
Maxie's minus Minnie's, and weigh a pawn 1, a knight 3, a bishop 3, a rook 5
and a queen 9.  gamelib ships no chess, so a position here is just the
letters of the pieces in play, capitals for Maxie and small letters for
Minnie:

```pycon
>>> def piece(name: str, letter: str) -> Feature[str]:
...     def difference(position: str) -> float:
...         return position.count(letter.upper()) - position.count(letter)
...     return Feature(name, difference, f"{name}: Maxie's minus Minnie's")
>>> material = WeightedSum([
...     (1, piece("pawns", "p")), (3, piece("knights", "n")), (3, piece("bishops", "b")),
...     (5, piece("rooks", "r")), (9, piece("queens", "q")),
... ])
>>> print(material)
1·pawns + 3·knights + 3·bishops + 5·rooks + 9·queens
>>> position = "KQRRBNPPPPPP krbbnnppppp"
>>> material.evaluate(position)
9
>>> print(material.describe(position))
feature  value  weight  contribution
pawns        1       1             1
knights     -1       3            -3
bishops     -1       3            -3
rooks        1       5             5
queens       1       9             9
total                              9

```
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar, final

from gamelib.core.datatypes import Outcome
from gamelib.core.estimator import NumericEstimator, standard_compare
from gamelib.core.game import Game

__all__ = ["Contribution", "Feature", "WeightedEstimator", "WeightedSum"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class Feature(Generic[S]):
    """One measurement of a state, fᵢ(s): a number, larger when it favours Maxie.

    REQUIRES: `name` is a non-empty string, `function` can be called, and
    `summary` is one line of text; otherwise `TypeError` or `ValueError`
    naming the bad value.  `function` should be cheap (a search calls it at
    every position on its horizon) and return finite numbers.
    """

    name: str
    """What `WeightedSum.describe` calls it; unique within a sum."""
    function: Callable[[S], float] = field(repr=False)
    """The measurement itself."""
    summary: str
    """What it measures, in one line."""

    def __post_init__(self) -> None:
        name: object = self.name
        if not isinstance(name, str):
            raise TypeError(f"a feature's name must be a string, got {name!r}")
        if not name.strip() or "\n" in name:
            raise ValueError(f"a feature's name must be a non-empty single line, got {name!r}")
        if not callable(self.function):
            raise TypeError(
                f"feature {name!r} needs a function of the state, got {self.function!r}"
            )
        summary: object = self.summary
        if not isinstance(summary, str):
            raise TypeError(f"the summary of feature {name!r} must be a string, got {summary!r}")
        if "\n" in summary:
            raise ValueError(f"the summary of feature {name!r} must be one line, got {summary!r}")


@final
@dataclass(frozen=True, slots=True)
class Contribution:
    """What one feature gave to an evaluation: `amount == weight * value`."""

    name: str
    """The feature's name."""
    value: float
    """The feature's measurement of the state, fᵢ(s)."""
    weight: float
    """The feature's weight, wᵢ."""
    amount: float
    """Its share of the evaluation: wᵢ·fᵢ(s)."""


@final
@dataclass(frozen=True, slots=True)
class WeightedSum(Generic[S]):
    """A weighted evaluation function: `evaluate(s)` is Σ wᵢ·fᵢ(s) over `terms`.

    Each term is a pair `(weight, feature)`.  A weight of 0 switches its
    feature off; a negative weight counts the feature against Maxie.

    REQUIRES: at least one term; every weight a finite `int` or `float`
    (not `bool`, NaN or infinity); feature names unique.  Otherwise
    `TypeError` or `ValueError` naming the bad value:

    ```pycon
    >>> WeightedSum([])
    Traceback (most recent call last):
    ...
    ValueError: a weighted sum needs at least one feature, got none
    >>> WeightedSum([(math.nan, Feature("mobility", len, "moves available"))])
    Traceback (most recent call last):
    ...
    ValueError: the weight of feature 'mobility' must be finite, got nan

    ```
    """

    terms: Sequence[tuple[float, Feature[S]]]
    """The weights and their features, in the order `describe` lists them (kept as a tuple)."""
    evaluate: Callable[[S], float] = field(init=False, repr=False, compare=False)
    """Σ wᵢ·fᵢ(s) as a plain function, built once: searches call it at every horizon
    position.  The result is the contributions added up in order."""

    def __post_init__(self) -> None:
        terms: tuple[tuple[float, Feature[S]], ...] = _checked_terms(self.terms)
        object.__setattr__(self, "terms", terms)
        pairs = tuple((weight, feature.function) for weight, feature in terms)

        def evaluate(state: S) -> float:
            # A plain loop: measured faster than sum() over a generator, and it adds in the
            # same order as describe, so the two totals agree to the last bit.
            total: float = 0
            for weight, function in pairs:
                total += weight * function(state)
            return total

        object.__setattr__(self, "evaluate", evaluate)

    def contributions(self, state: S, /) -> tuple[Contribution, ...]:
        """What each feature gives to the evaluation of `state`, in the order of `terms`."""
        found = []
        for weight, feature in self.terms:
            value = feature.function(state)
            found.append(Contribution(feature.name, value, weight, weight * value))
        return tuple(found)

    def describe(self, state: S, /) -> str:
        """A table of the evaluation of `state`: a line a feature, then the total.

        Each line gives the feature's name, its value, its weight and their
        product; numbers are shown to six significant figures at most
        ([`contributions`][gamelib.weighted.WeightedSum.contributions] has them exactly).
        """
        contributions = self.contributions(state)
        total: float = 0
        for contribution in contributions:
            total += contribution.amount
        rows = [
            ("feature", "value", "weight", "contribution"),
            *((c.name, _show(c.value), _show(c.weight), _show(c.amount)) for c in contributions),
            ("total", "", "", _show(total)),
        ]
        return _table(rows)

    def __str__(self) -> str:
        """The formula, as `1·pawns + 3·knights + ...`."""
        (first_weight, first), *rest = self.terms
        text = f"{_show(first_weight)}·{first.name}"
        for weight, feature in rest:
            sign = "−" if weight < 0 else "+"
            text += f" {sign} {_show(abs(weight))}·{feature.name}"
        return text


def _checked_terms(terms: object) -> tuple[tuple[float, Feature[S]], ...]:
    """`terms` as a tuple, or the error that names what is wrong with them."""
    if isinstance(terms, str) or not isinstance(terms, Sequence):
        raise TypeError(f"the terms of a weighted sum must be a sequence of pairs, got {terms!r}")
    if not terms:
        raise ValueError("a weighted sum needs at least one feature, got none")
    checked: list[tuple[float, Feature[S]]] = []
    names: set[str] = set()
    for term in terms:
        if not (isinstance(term, tuple) and len(term) == 2 and isinstance(term[1], Feature)):
            raise TypeError(f"each term must be a pair (weight, Feature), got {term!r}")
        weight: object = term[0]
        feature: Feature[S] = term[1]
        if isinstance(weight, bool) or not isinstance(weight, int | float):
            raise TypeError(
                f"the weight of feature {feature.name!r} must be a number, got {weight!r}"
            )
        if not math.isfinite(weight):
            raise ValueError(f"the weight of feature {feature.name!r} must be finite, got {weight}")
        if feature.name in names:
            raise ValueError(f"feature names must be unique, and {feature.name!r} appears twice")
        names.add(feature.name)
        checked.append((weight, feature))
    return tuple(checked)


def _table(rows: Sequence[tuple[str, str, str, str]]) -> str:
    """`rows` in aligned columns: the first to the left, the numbers to the right."""
    name_width, *number_widths = (max(len(row[i]) for row in rows) for i in range(4))
    lines = []
    for name, *numbers in rows:
        cells = [name.ljust(name_width)]
        cells.extend(n.rjust(w) for n, w in zip(numbers, number_widths, strict=True))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _show(number: float) -> str:
    """`number` for a table: whole numbers without a point, others to six figures."""
    if isinstance(number, int):
        return str(number)
    if number.is_integer() and abs(number) < 1e15:
        return str(int(number))
    return f"{number:.6g}"


@final
@dataclass(frozen=True, slots=True)
class WeightedEstimator(Generic[S, M]):
    """An estimator for `game` whose estimate is `evaluation`: Σ wᵢ·fᵢ(s).

    It behaves as `NumericEstimator(game, evaluation.evaluate,
    win_guess=win_guess)` in every respect (the standard order, the
    numeric-estimates capability, how guesses print), and adds
    [`describe`][gamelib.weighted.WeightedEstimator.describe] and
    [`contributions`][gamelib.weighted.WeightedEstimator.contributions].

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> pebbles = Feature("pebbles", lambda state: state.pebbles, "pebbles left")
    >>> estimator = WeightedEstimator(Nim(), WeightedSum([(0.5, pebbles)]))
    >>> estimator.estimate(Nim().start), estimator.negate(2.5)
    (7.5, -2.5)

    ```
    """

    game: Game[S, M]
    """The game whose states are estimated."""
    evaluation: WeightedSum[S]
    """The features and their weights."""
    win_guess: float = field(default=math.inf, kw_only=True)
    """What a win counts as when finished games are averaged with guesses (a loss: minus it)."""
    estimate: Callable[[S], float] = field(init=False, repr=False, compare=False)
    """The evaluation's sum itself (no extra call on the search's hot path)."""
    _numeric: NumericEstimator[S, M] = field(init=False, repr=False, compare=False)

    compare = staticmethod(standard_compare)

    def __post_init__(self) -> None:
        if not isinstance(self.evaluation, WeightedSum):
            raise TypeError(
                f"a weighted estimator needs a WeightedSum of features, got {self.evaluation!r}"
            )
        estimate = self.evaluation.evaluate
        object.__setattr__(self, "estimate", estimate)
        numeric = NumericEstimator(self.game, estimate, win_guess=self.win_guess)
        object.__setattr__(self, "_numeric", numeric)

    def contributions(self, state: S, /) -> tuple[Contribution, ...]:
        """What each feature gives to the estimate of `state` (see `WeightedSum`)."""
        return self.evaluation.contributions(state)

    def describe(self, state: S, /) -> str:
        """A table of the estimate of `state`, a line a feature (see `WeightedSum`)."""
        return self.evaluation.describe(state)

    def guess_to_string(self, guess: float, /) -> str:
        return self._numeric.guess_to_string(guess)

    def negate(self, guess: float, /) -> float:
        """The guess from the other side's point of view."""
        return self._numeric.negate(guess)

    def average(self, weighted: Sequence[tuple[Fraction | float, float]], /) -> float:
        """The expected guess, as `NumericEstimator.average` computes it."""
        return self._numeric.average(weighted)

    def outcome_guess(self, outcome: Outcome, /) -> float:
        """A win for Maxie counts as `win_guess`, for Minnie as its negation, a draw as 0."""
        return self._numeric.outcome_guess(outcome)
