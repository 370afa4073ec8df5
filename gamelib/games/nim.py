"""Nim, the lectures' first game: take 1, 2 or 3 pebbles; whoever takes the last loses.

A state is the number of pebbles left and the side to move.  With `n`
pebbles left the side to move loses, against perfect play, exactly when
`n mod 4 == 1`: that gives both a perfect estimator and [`NimPlayer`][gamelib.games.nim.NimPlayer],
the hand-written player that needs no search.

```pycon
>>> game = Nim()
>>> print(game.state_to_string(game.start))
15 left, and it is Maxie's turn
>>> game.play(game.start, 2)
Playing(state=NimState(pebbles=13, side=<Side.Minnie>))
>>> NimPlayer(game).next_move(game.start)
2

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from gamelib import seq
from gamelib.core.checks import ascii_int, echo, echo_value
from gamelib.core.datatypes import Done, Playing, Side, Status, Winner, flip
from gamelib.core.estimator import NumericEstimator
from gamelib.core.game import Game
from gamelib.core.svg import pile
from gamelib.seq import Seq

__all__ = [
    "Nim",
    "NimPlayer",
    "NimState",
    "nim_estimate",
    "nim_estimator",
]

# Persistent sequences can be shared: every state with 3+ pebbles offers the same moves.
_MOVES: tuple[Seq[int], ...] = tuple(seq.from_iterable(tuple(range(1, k + 1))) for k in range(4))


@final
@dataclass(frozen=True, slots=True)
class NimState:
    """`pebbles` left on the table, and the side whose turn it is."""

    pebbles: int
    """Pebbles still on the table."""
    side: Side
    """The side to move."""

    def _repr_svg_(self) -> str:
        """The pile as a notebook draws it: a pebble a pebble, and whose turn it is."""
        left = f"{self.pebbles} left, {self.side} to move"
        return pile(self.pebbles, left, f"Nim: {left}").text


@final
@dataclass(frozen=True, slots=True)
class Nim:
    """Nim starting from `pile` pebbles with Maxie to move (SML `Nim`).

    REQUIRES: `pile` is a whole number (an `int`, not a `bool`) of at least 1;
    otherwise `ValueError` naming it.  Any pile can be played and searched to a
    depth; a search that goes deeper than Python's stack holds (solving a pile of
    thousands to its end, say) says so in one sentence, a `SearchDepthError`.

    ```pycon
    >>> Nim(pile=2.5)
    Traceback (most recent call last):
    ...
    ValueError: a Nim pile must be a whole number of pebbles, got 2.5

    ```
    """

    pile: int = 15
    """Pebbles at the start."""

    def __post_init__(self) -> None:
        pile: object = self.pile  # untyped callers may pass anything
        if isinstance(pile, bool) or not isinstance(pile, int):
            raise ValueError(
                f"a Nim pile must be a whole number of pebbles, got {echo_value(pile)}"
            )
        if pile < 1:
            raise ValueError(f"a Nim pile needs at least 1 pebble, got {echo(pile)}")

    @property
    def start(self) -> NimState:
        return NimState(self.pile, Side.Maxie)

    def player(self, state: NimState, /) -> Side:
        return state.side

    def moves(self, state: NimState, /) -> Seq[int]:
        return _MOVES[min(3, state.pebbles)]

    def play(self, state: NimState, move: int, /) -> Status[NimState]:
        left = state.pebbles - move
        if left == 0:
            # Taking the last pebble loses: the other side wins.
            return Done(Winner(flip(state.side)))
        return Playing(NimState(left, flip(state.side)))

    def state_to_string(self, state: NimState, /) -> str:
        return f"{state.pebbles} left, and it is {state.side}'s turn"

    def final_position(self, state: NimState, move: int, /) -> str:
        """The pile after the last pebble is taken."""
        return f"{state.pebbles - move} left"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: NimState, text: str, /) -> int | None:
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if move is None:
            return None
        return move if 1 <= move <= min(3, state.pebbles) else None


# --8<-- [start:nim_estimate]
def nim_estimate(state: NimState) -> int:
    """The perfect estimate: 1 if Maxie wins with perfect play, -1 if Minnie does.

    The side to move loses exactly when `pebbles mod 4 == 1` (with no pebbles
    left, the other side took the last one, so the side to move has won).
    """
    to_move_loses = state.pebbles % 4 == 1
    maxie_to_move = state.side is Side.Maxie
    return -1 if to_move_loses == maxie_to_move else 1


# --8<-- [end:nim_estimate]


def nim_estimator(game: Game[NimState, int]) -> NumericEstimator[NimState, int]:
    """Nim's perfect estimator (slide 22.9's `estimate`) with the standard order."""
    return NumericEstimator(game, nim_estimate)


@final
@dataclass(frozen=True, slots=True)
class NimPlayer:
    """Plays Nim's winning strategy directly: leave a pile of 4k+1 when it can.

    From a losing position (`pebbles mod 4 == 1`) it takes 1 pebble.
    """

    game: Nim
    """The game being played."""

    def __str__(self) -> str:
        return "NimPlayer"

    def next_move(self, state: NimState, /) -> int:
        take = (state.pebbles - 1) % 4
        return take if take >= 1 else 1
