"""Games that break the `Game` contract as a game author might: loaded in the tests by
`gamelib --game-from tests.broken_games:NAME` (tests/core/test_contracts.py)."""

from __future__ import annotations

from gamelib import NumericEstimator, Playing, Side, Status
from gamelib.cli.games import game_entry
from gamelib.seq import Seq
from tests.outside_game import Race, RaceToFive, race_estimate


class Divides(RaceToFive):
    """`play` raises at a total of 3."""

    def play(self, state: Race, move: int, /) -> Status[Race]:
        if state.total == 3:
            raise ZeroDivisionError("the total of 3 is divided by zero")
        return super().play(state, move)


class ListMoves(RaceToFive):
    """`moves` returns a list."""

    def moves(self, state: Race, /) -> Seq[int]:
        return [1, 2]  # type: ignore[return-value]  # the mistake under test


class StatePlay(RaceToFive):
    """`play` returns the state itself instead of `Playing(state)`."""

    def play(self, state: Race, move: int, /) -> Status[Race]:
        played = super().play(state, move)
        return played.state if isinstance(played, Playing) else played  # type: ignore[return-value]  # the mistake under test


class WordPlayer(RaceToFive):
    """`player` returns the string "Maxie"."""

    def player(self, state: Race, /) -> Side:
        return "Maxie"  # type: ignore[return-value]  # the mistake under test


def none_at_two(state: Race) -> float:
    """`race_estimate`, but None at a total of 2."""
    return None if state.total == 2 else race_estimate(state)  # type: ignore[return-value]  # the mistake under test


DIVIDES = game_entry("divides", "play raises at 3", NumericEstimator(Divides(), race_estimate))
LISTS = game_entry("lists", "moves is a list", NumericEstimator(ListMoves(), race_estimate))
STATES = game_entry("states", "play gives a state", NumericEstimator(StatePlay(), race_estimate))
WORDS = game_entry("words", "player is a word", NumericEstimator(WordPlayer(), race_estimate))
NONES = game_entry("nones", "estimate None at 2", NumericEstimator(RaceToFive(), none_at_two))
