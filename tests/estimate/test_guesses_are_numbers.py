"""A numeric estimator that gives something other than a number (None, a string, a tuple,
a complex number): every search refuses the guess where it enters, in one sentence that
names the estimator and the position (issue 42).

Before, negamax and MTD(f) ended in `TypeError: bad operand type for unary -`, naming
nothing; the other searches either carried `Guess('9')` through to an answer or, after
failing, named the first bad position a breadth-first walk from the root met (which need
not be the one the search met), and never the estimator.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from gamelib import Guess, NumericEstimator
from gamelib.catalog import CATALOG, CHANCE_CATALOG
from gamelib.chance.game import Value
from gamelib.core.datatypes import Outcome
from gamelib.core.estimator import GuessError, standard_compare
from gamelib.games.nim import Nim, NimState, nim_estimate
from gamelib.games.pig import Pig, PigState, pig_estimator
from gamelib.search.counting import RecordingEstimator

BAD: list[object] = [None, "9", (1,), 1j, [2.0]]
FIVE = "5 left, and it is M[a-z]+'s turn"


def bad_at_five(bad: object) -> Callable[[NimState], float]:
    """Nim's estimate, but `bad` at 5 pebbles; the function is named `pebble_count`."""

    def pebble_count(state: NimState) -> float:
        return bad if state.pebbles == 5 else float(nim_estimate(state))  # type: ignore[return-value]  # the mistake under test

    return pebble_count


def sentence(name: str, bad: object, position: str = ".+") -> str:
    """The sentence, `position` a pattern of the position named."""
    return (
        f"^the estimator {re.escape(name)} gave {re.escape(repr(bad))} for "
        f"'{position}': a numeric search needs every guess to be a number "
        r"\(an int, a float or a Fraction\)$"
    )


@pytest.mark.parametrize("bad", BAD, ids=repr)
@pytest.mark.parametrize("kind", CATALOG.names())
def test_every_search_refuses_a_guess_that_is_not_a_number(kind: str, bad: object) -> None:
    game = Nim(pile=8)
    player = CATALOG[kind].build(NumericEstimator(game, bad_at_five(bad)), 3, {})
    with pytest.raises(GuessError, match=sentence("pebble_count", bad, FIVE)):
        player.analyse(game.start)


@pytest.mark.parametrize("kind", CATALOG.names())
def test_a_string_everywhere_is_refused_not_carried_to_an_answer(kind: str) -> None:
    # No game ends within two moves of 15 pebbles: strings compare only with strings, and
    # minimax, alphabeta and the rest answered Guess '9'.
    game = Nim(pile=15)

    def nine(state: NimState) -> float:
        return "9"  # type: ignore[return-value]  # the mistake under test

    player = CATALOG[kind].build(NumericEstimator(game, nine), 2, {})
    with pytest.raises(GuessError, match=sentence("nine", "9")):
        player.analyse(game.start)


class BadChances:
    """Pig's estimator, but every guess is `bad`."""

    def __init__(self, game: Pig, bad: object) -> None:
        self.game = game
        self.bad = bad
        self.lower = 0
        self.upper = 1

    def estimate(self, state: PigState, /) -> float:
        return self.bad  # type: ignore[return-value]  # the mistake under test

    def outcome_value(self, outcome: Outcome, /) -> Value:
        return pig_estimator(self.game).outcome_value(outcome)


@pytest.mark.parametrize("bad", [None, "9", "0.5"], ids=repr)
@pytest.mark.parametrize("kind", CHANCE_CATALOG.names())
def test_every_chance_search_refuses_a_guess_that_is_not_a_number(kind: str, bad: object) -> None:
    game = Pig(target=10)

    chance = CHANCE_CATALOG[kind]
    player = chance.build(BadChances(game, bad), 2, {"sims": 20})
    with pytest.raises(GuessError, match=sentence("BadChances", bad)):
        player.analyse(game.start)


class Pebbles:
    """An estimator written as a class, with the standard order of numbers."""

    def __init__(self, game: Nim) -> None:
        self.game = game

    def estimate(self, state: NimState, /) -> float:
        return None if state.pebbles == 5 else state.pebbles  # type: ignore[return-value]  # the mistake under test

    compare = staticmethod(standard_compare)

    def guess_to_string(self, guess: float, /) -> str:
        return str(guess)


def test_an_estimator_class_is_named_by_its_class() -> None:
    game = Nim(pile=8)
    with pytest.raises(GuessError, match=sentence("Pebbles", None, FIVE)):
        CATALOG["alphabeta"].build(Pebbles(game), 3, {}).analyse(game.start)


def test_a_wrapped_estimator_is_named_by_what_it_wraps() -> None:
    game = Nim(pile=8)
    counted = RecordingEstimator(NumericEstimator(game, bad_at_five("x")), keep=False)
    with pytest.raises(GuessError, match=sentence("pebble_count", "x", FIVE)):
        CATALOG["negamax"].build(counted, 3, {}).analyse(game.start)


def test_numbers_of_every_kind_still_pass() -> None:
    from fractions import Fraction

    game = Nim(pile=8)
    numbers: list[float] = [1, 1.5, Fraction(1, 3), True]  # type: ignore[list-item]  # a Fraction is a number too
    for number in numbers:

        def constant(state: NimState, n: float = number) -> float:
            return n

        est = NumericEstimator(game, constant)
        _, value = CATALOG["negamax"].build(est, 2, {}).analyse(game.start)
        assert value == Guess(number)
