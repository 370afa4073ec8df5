"""A game from outside gamelib's catalog, as a user writes one: loaded in the tests by
`gamelib --game-from tests.outside_game:RACE` and by a faked entry point."""

from __future__ import annotations

from dataclasses import dataclass

from gamelib import Done, NumericEstimator, Playing, Side, Status, Winner, flip, seq
from gamelib.cli.games import game_entry
from gamelib.seq import Seq

TARGET = 5


@dataclass(frozen=True)
class Race:
    """The running total, and whose turn it is."""

    total: int
    side: Side


class RaceToFive:
    """Add 1 or 2 to the total; whoever reaches exactly 5 wins."""

    @property
    def start(self) -> Race:
        return Race(0, Side.Maxie)

    def player(self, state: Race, /) -> Side:
        return state.side

    def moves(self, state: Race, /) -> Seq[int]:
        return seq.from_iterable([m for m in (1, 2) if state.total + m <= TARGET])

    def play(self, state: Race, move: int, /) -> Status[Race]:
        total = state.total + move
        if total == TARGET:
            return Done(Winner(state.side))
        return Playing(Race(total, flip(state.side)))

    def state_to_string(self, state: Race, /) -> str:
        return f"the total is {state.total}; {state.side} to add 1 or 2"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: Race, text: str, /) -> int | None:
        if text.strip() not in ("1", "2"):
            return None
        move = int(text)
        return move if state.total + move <= TARGET else None


def race_estimate(state: Race) -> float:
    """1 when Maxie wins with best play, -1 when Minnie does."""
    mover_loses = (TARGET - state.total) % 3 == 0
    return -1.0 if mover_loses == (state.side is Side.Maxie) else 1.0


RACE = game_entry(
    "race", "add 1 or 2; whoever reaches 5 wins", NumericEstimator(RaceToFive(), race_estimate)
)
"""The whole of what a user writes to play the game from the command line."""

NOT_AN_ENTRY = RaceToFive()
"""A game, not an entry: --game-from takes it as it is, named after its module
(tests/games/test_game_from_bare.py)."""

BADLY_NAMED = game_entry(
    "Race Five",
    "a name that cannot be typed",
    RACE_ESTIMATOR := NumericEstimator(RaceToFive(), race_estimate),
)
"""An entry whose name is no command-line name."""
