"""A player that picks a legal move at random, reproducibly for a given seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Generic, TypeVar, final

from gamelib import seq
from gamelib.core.game import Game

__all__ = ["RandomPlayer"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(eq=False)
class RandomPlayer(Generic[S, M]):
    """Chooses uniformly among `game.moves(state)`; the same seed, the same game.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> game = Nim()
    >>> a, b = RandomPlayer(game, seed=3), RandomPlayer(game, seed=3)
    >>> [a.next_move(game.start) for _ in range(5)] == [b.next_move(game.start) for _ in range(5)]
    True

    ```
    """

    game: Game[S, M]
    """The game being played."""
    seed: int | None = None
    """Seed of the player's own random generator (None: unpredictable)."""
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def __str__(self) -> str:
        return "random" if self.seed is None else f"random (seed {self.seed})"

    def next_move(self, state: S, /) -> M:
        return self._rng.choice(seq.to_tuple(self.game.moves(state)))
