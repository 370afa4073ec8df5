"""The GAME signature: the rules of a two-player game, as a typed Protocol.

Any object with these members is a game; nothing needs to inherit from
[`Game`][gamelib.core.game.Game].  Write `g: Game[MyState, MyMove] = MyGame()` in a test and
mypy checks that `MyGame` satisfies the contract.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from gamelib.core.checks import quoted
from gamelib.core.datatypes import Side, Status
from gamelib.errors import StoppedError
from gamelib.seq import Seq

__all__ = ["Game", "NoMovesError", "ShowsFinalPosition", "ShowsStates", "no_moves"]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)


class NoMovesError(StoppedError, ValueError):
    """A game offered no moves in a state it says is still being played."""


class ShowsStates(Protocol[S_contra]):
    """What an error message needs of a game to name a position: every game has it.

    A [`Game`][gamelib.core.game.Game], an n-player game and a game of chance
    all write their states so; the errors that name a state take any of them.
    """

    def state_to_string(self, state: S_contra, /) -> str:
        """`state` as a person reads it."""
        ...


def no_moves(game: ShowsStates[S], state: S) -> NoMovesError:
    """The error to raise when `game` offers no moves in `state`; it names the state.

    The searches and the controllers of every family raise it alike, whoever meets the
    empty moves first: one sentence, the state quoted as every message quotes what it
    was given.
    """
    return NoMovesError(
        "the game offered no moves in a state still being played: "
        f"{quoted(game.state_to_string(state))}"
    )


# --8<-- [start:game]
class Game(Protocol[S, M]):
    """The rules of a game with states `S` and moves `M` (SML `GAME`).

    States must be immutable: `play` returns a new state and leaves the
    old one as it was, so a search may explore any number of lines from it.
    """

    @property
    def start(self) -> S:
        """The position a new game starts from."""
        ...

    def player(self, state: S, /) -> Side:
        """The side whose turn it is in `state`."""
        ...

    def moves(self, state: S, /) -> Seq[M]:
        """The legal moves in `state`.

        REQUIRES: `state` is still being played (it came from `start` or a
        `Playing` status).  ENSURES: the sequence is non-empty.  The order
        matters: searches try moves in this order and break ties by it.
        """
        ...

    def play(self, state: S, move: M, /) -> Status[S]:
        """The result of making `move` in `state`.

        REQUIRES: `move` is one of `moves(state)`.
        """
        ...

    def state_to_string(self, state: S, /) -> str:
        """`state` as a person reads it (SML `State.toString`)."""
        ...

    def move_to_string(self, move: M, /) -> str:
        """`move` as a person types it (SML `Move.toString`)."""
        ...

    def parse_move(self, state: S, text: str, /) -> M | None:
        """The move `text` names, if it is legal in `state`; otherwise None."""
        ...


# --8<-- [end:game]


@runtime_checkable
class ShowsFinalPosition(Protocol[S_contra, M_contra]):
    """Optional extra for a game: the position a game-ending move leaves.

    `play` answers a move that ends the game with `Done(outcome)` and no
    state, as in SML; a game with this method lets the controller show the
    board the game ended on.
    """

    def final_position(self, state: S_contra, move: M_contra, /) -> str:
        """The position after `move`, which ends the game, as a person reads it."""
        ...
