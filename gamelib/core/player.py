"""The PLAYER signature: anything that picks moves in a game."""

from __future__ import annotations

from typing import Protocol, TypeVar

from gamelib.core.game import Game

__all__ = ["Player"]

S = TypeVar("S")
M = TypeVar("M")


# --8<-- [start:player]
class Player(Protocol[S, M]):
    """A player of one game (SML `PLAYER`): it chooses a move for a state."""

    @property
    def game(self) -> Game[S, M]:
        """The game this player plays."""
        ...

    def next_move(self, state: S, /) -> M:
        """The move to make in `state`.

        REQUIRES: `state` is still being played and it is this player's turn.
        ENSURES: the move is one of `game.moves(state)`.
        """
        ...


# --8<-- [end:player]
