"""Take-away for three (or more) players: take 1, 2 or 3 pebbles; whoever takes the last wins.

Players A, B, C, ... take turns from one pile.  The game ends when the pile
is empty; the player who took the last pebble gets 1 and everyone else 0, so
every vector sums to 1 (a constant-sum game, ready for shallow pruning with
`total=1`).

With three players most positions are lost for the player to move whatever
it does, and its choice decides which of the *others* wins: the "kingmaker"
problem that makes n-player search interesting.  max^n settles it with its
tie rule (the first move, taking 1, among equals).  From 7 pebbles A takes 2:
B, left with 5, cannot win, takes 1 by the tie rule, and so hands A the win.

```pycon
>>> game = TakeAway(pile=7)
>>> print(game.state_to_string(game.start))
7 left, and it is A's turn
>>> game.play(game.start, 3)
Playing(state=TakeAwayState(pebbles=4, player=1))
>>> game.play(TakeAwayState(2, 2), 2)
Finished(utilities=(0, 0, 1))
>>> from gamelib.nplayer import MaxN, NSettings
>>> MaxN(NSettings(takeaway_estimator(game), 7)).analyse(game.start)
(2, (1, 0, 0))

```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import final

from gamelib import seq
from gamelib.core.checks import ascii_int, echo, echo_value, plural
from gamelib.core.datatypes import Playing
from gamelib.core.svg import pile
from gamelib.nplayer.game import (
    Finished,
    NStatus,
    Vector,
    VectorEstimator,
    check_players,
    letter_names,
)
from gamelib.seq import Seq

__all__ = ["MOST", "TakeAway", "TakeAwayState", "takeaway_estimate", "takeaway_estimator"]

MOST = 3
"""The most pebbles one move may take."""

_MOVES: tuple[Seq[int], ...] = tuple(
    seq.from_iterable(tuple(range(1, k + 1))) for k in range(MOST + 1)
)


@final
@dataclass(frozen=True, slots=True)
class TakeAwayState:
    """`pebbles` left on the table, and the number of the player to move."""

    pebbles: int
    """Pebbles still on the table (at least 1)."""
    player: int
    """Whose turn it is: 0 for A, 1 for B, ..."""

    def _repr_svg_(self) -> str:
        """The pile as a notebook draws it, and whose turn it is (players lettered A, B, ...)."""
        left = f"{self.pebbles} left, {chr(ord('A') + self.player)} to move"
        return pile(self.pebbles, left, f"take-away: {left}").text


def _winner(player: int, players: int) -> Vector:
    return tuple(1 if i == player else 0 for i in range(players))


@final
@dataclass(frozen=True, slots=True)
class TakeAway:
    """Take-away from `pile` pebbles for `players` players, A to move first.

    REQUIRES: `pile >= 1` (`ValueError`) and `players >= 2`
    ([`PlayerCountError`][gamelib.core.controller.PlayerCountError]).
    """

    pile: int = 12
    """Pebbles at the start."""
    players: int = 3
    """How many players take turns."""
    names: tuple[str, ...] = field(init=False)
    """The players' names: A, B, C, ..."""

    def __post_init__(self) -> None:
        pile: object = self.pile  # the command line may pass anything
        if isinstance(pile, bool) or not isinstance(pile, int):
            raise ValueError(
                f"a take-away pile must be a whole number of pebbles, got {echo_value(pile)}"
            )
        if pile < 1:
            raise ValueError(f"a take-away pile needs at least 1 pebble, got {echo(pile)}")
        object.__setattr__(self, "names", letter_names(check_players(self.players)))

    @property
    def start(self) -> TakeAwayState:
        return TakeAwayState(self.pile, 0)

    def player(self, state: TakeAwayState, /) -> int:
        return state.player

    def moves(self, state: TakeAwayState, /) -> Seq[int]:
        return _MOVES[min(MOST, state.pebbles)]

    def play(self, state: TakeAwayState, move: int, /) -> NStatus[TakeAwayState]:
        if not 1 <= move <= min(MOST, state.pebbles):
            pebbles = plural(state.pebbles, "pebble")
            raise ValueError(f"{echo(move)} is not a move with {pebbles} left")
        left = state.pebbles - move
        if left == 0:
            return Finished(_winner(state.player, self.players))
        return Playing(TakeAwayState(left, (state.player + 1) % self.players))

    def state_to_string(self, state: TakeAwayState, /) -> str:
        return f"{state.pebbles} left, and it is {self.names[state.player]}'s turn"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: TakeAwayState, text: str, /) -> int | None:
        move = ascii_int(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
        if move is None:
            return None
        return move if 1 <= move <= min(MOST, state.pebbles) else None


def takeaway_estimate(state: TakeAwayState, players: int) -> Vector:
    """A guess of who wins from `state`, exact within four pebbles of the end.

    With at most 3 pebbles the player to move takes them all and wins; with
    exactly 4 whatever it takes leaves 1 to 3 to the next player, who wins.
    Further from the end it does not guess: each player gets an equal share
    `1/players`, so every estimate also sums to 1.

    ```pycon
    >>> takeaway_estimate(TakeAwayState(4, 2), 3), takeaway_estimate(TakeAwayState(9, 0), 3)
    ((1, 0, 0), (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)))

    ```
    """
    if state.pebbles <= MOST:
        return _winner(state.player, players)
    if state.pebbles == MOST + 1:
        return _winner((state.player + 1) % players, players)
    return (Fraction(1, players),) * players


def takeaway_estimator(game: TakeAway) -> VectorEstimator[TakeAwayState, int]:
    """The take-away heuristic of `takeaway_estimate` for `game`'s players."""
    players = game.players
    return VectorEstimator(game, lambda state: takeaway_estimate(state, players))
