"""Showing a player think: a line of progress at a time, as chess engines print.

`gamelib analyse GAME --time 5` prints the lines a thinking player
([`Thinks`][gamelib.search.anytime.Thinks]: iterative deepening, Monte Carlo tree search)
tells as it goes, and such a player in `gamelib play` says how it looked before it moves;
on a terminal it also keeps a live line on standard error while it thinks, so the person
waiting sees it working.  Any other search player gets a plainer live line (`Pondering`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, final

from gamelib.core.checks import plural
from gamelib.core.controller import Chooses
from gamelib.core.game import Game
from gamelib.search.anytime import Thinks
from gamelib.search.counting import RecordingEstimator

__all__ = ["Pondering", "Thinking", "positions"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def positions(count: int) -> str:
    """`1 position`, `2,345 positions`."""
    return plural(count, "position")


@final
@dataclass(frozen=True, slots=True)
class Thinking(Generic[S, M, G]):
    """A thinking player (`Thinks`) in a game on the terminal: before each move it writes
    how it looked to `out`, and, while it thinks, its progress as a live line on `status`
    (a terminal), cleared when it is done.
    """

    player: Thinks[S, M, G]
    """The player doing the thinking."""
    game: Game[S, M]
    """The game it plays."""
    out: TextIO
    """Where the game is shown."""
    status: TextIO | None
    """A terminal for the live line, or None."""

    def next_move(self, state: S, /) -> M:
        side = self.game.player(state)
        live: Callable[[str], None] | None = None
        status = self.status
        if status is not None:
            terminal = status

            def live(line: str) -> None:
                terminal.write(f"\r\x1b[K{side} thinks: {line}")
                terminal.flush()

        try:
            found = self.player.ponder(state, live, playing=True)
        finally:
            if status is not None:
                status.write("\r\x1b[K")
                status.flush()
        self.out.write(f"{side} {found.looked}\n")
        if found.note is not None:
            self.out.write(f"({found.note})\n")
        return found.move

    def __str__(self) -> str:
        return str(self.player)


@final
@dataclass(frozen=True, slots=True)
class Pondering(Generic[S, M, G]):
    """A search player in a game on a terminal: while it thinks, a live line on `status`
    says so, how deep it looks and how many positions it has estimated so far, every
    fifth of a second; the line is cleared when it moves.

    `counted` is the estimator the player was built on, counting as it goes.  Off a
    terminal nothing of this is used: the player is built on the plain estimator.
    """

    player: Chooses[S, M]
    """The player doing the thinking."""
    counted: RecordingEstimator[S, M, G]
    """The estimator it searches with, which counts (and keeps nothing)."""
    status: TextIO
    """The terminal for the live line."""
    every: float = 0.2
    """Seconds between updates of the line."""

    @property
    def game(self) -> Game[S, M]:
        return self.counted.game

    def next_move(self, state: S, /) -> M:
        side = self.game.player(state)
        before = self.counted.count
        began = time.perf_counter()
        done = threading.Event()
        status = self.status

        def show() -> None:
            while not done.wait(self.every):
                seconds = time.perf_counter() - began
                estimated = self.counted.count - before
                status.write(
                    f"\r\x1b[K{side} is thinking ({self.player}): "
                    f"{positions(estimated)} estimated, {seconds:.0f} s"
                )
                status.flush()

        ticker = threading.Thread(target=show, daemon=True)
        ticker.start()
        try:
            return self.player.next_move(state)
        finally:
            done.set()
            ticker.join()
            status.write("\r\x1b[K")
            status.flush()

    def __str__(self) -> str:
        return str(self.player)
