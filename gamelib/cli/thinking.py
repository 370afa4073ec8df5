"""Showing iterative deepening think: a line per finished depth, as chess engines print.

`gamelib analyse GAME --time 5` prints one line per depth as it finishes
(depth, value, positions, positions per second, time, best line), and a
player of kind `id` in `gamelib play` says how deep it looked before it
moves; on a terminal it also keeps a live line on standard error while it
thinks, so the person waiting sees it working.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, final

from gamelib.algorithms.deepening import Deepening, DeepeningPlayer, Iteration, StopReason
from gamelib.core.checks import plural
from gamelib.core.controller import Chooses
from gamelib.core.estimator import Estimator, est_to_string
from gamelib.core.game import Game
from gamelib.search.counting import RecordingEstimator

__all__ = ["Pondering", "Thinking", "info_line", "positions", "stop_words"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

_STOPS: dict[StopReason, str] = {
    "depth": "its depth limit",
    "time": "the time budget ran out",
    "positions": "the position budget ran out",
    "solved": "the value is certain (a forced result, or every line ends within the depth)",
    "recursion": "a deeper search would pass Python's recursion limit",
}


def positions(count: int) -> str:
    """`1 position`, `2,345 positions`."""
    return plural(count, "position")


def stop_words(found: Deepening[M, G]) -> str:
    """Why the search stopped, in words."""
    return _STOPS[found.stopped]


def info_line(estimator: Estimator[S, M, G], iteration: Iteration[M, G]) -> str:
    """One finished depth as a line: depth, value, positions, rate, time, best line."""
    game = estimator.game
    rate = iteration.positions / iteration.seconds if iteration.seconds > 0 else 0.0
    line = " ".join(game.move_to_string(m) for m in iteration.line)
    noun = "position " if iteration.positions == 1 else "positions"  # the columns stay aligned
    return (
        f"depth {iteration.depth:>2}  {est_to_string(estimator, iteration.value):<24}"
        f"{iteration.positions:>11,} {noun} {rate:>11,.0f}/s {iteration.seconds:>7.2f} s"
        f"  line: {line}"
    )


@final
@dataclass(frozen=True, slots=True)
class Thinking(Generic[S, M, G]):
    """An iterative-deepening player in a game on the terminal: before each move it
    writes how deep it looked to `out`, and, while it thinks, a live line to
    `status` (a terminal), cleared when it is done.
    """

    player: DeepeningPlayer[S, M, G]
    """The player doing the thinking."""
    out: TextIO
    """Where the game is shown."""
    status: TextIO | None
    """A terminal for the live line, or None."""

    @property
    def game(self) -> Game[S, M]:
        return self.player.game

    def next_move(self, state: S, /) -> M:
        estimator = self.player.estimator
        side = self.game.player(state)
        live: Callable[[Iteration[M, G]], None] | None = None
        status = self.status
        if status is not None:
            terminal = status

            def live(iteration: Iteration[M, G]) -> None:
                terminal.write(f"\r\x1b[K{side} thinks: {info_line(estimator, iteration)}")
                terminal.flush()

        try:
            found = self.player.think(state, live)
        finally:
            if status is not None:
                status.write("\r\x1b[K")
                status.flush()
        line = " ".join(self.game.move_to_string(m) for m in found.iterations[-1].line)
        self.out.write(
            f"{side} looked {found.depth} {'move' if found.depth == 1 else 'moves'} ahead "
            f"({positions(found.positions)}, {found.seconds:.2f} s): "
            f"{est_to_string(estimator, found.value)}, expecting {line}\n"
        )
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
