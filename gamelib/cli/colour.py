"""Colours on a terminal: the pieces in colour, and the piece just played marked.

The referee shows positions with the game's `state_to_string`; on a terminal
that takes colours, the command line hands the referee a [`Coloured`][gamelib.cli.colour.Coloured]
view of the game instead: the same game, whose positions are written with
X in red, O in yellow and the piece the last move put down in reverse video.
The players search the game itself, so the view costs nothing where it counts.
Off a terminal, with `NO_COLOR` set or `TERM=dumb`, nothing changes.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Generic, TextIO, TypeVar, final

from gamelib.core.datatypes import Playing, Side, Status
from gamelib.core.game import Game, ShowsFinalPosition
from gamelib.seq import Seq

__all__ = ["Coloured", "takes_colour"]

S = TypeVar("S")
M = TypeVar("M")

_PIECE = re.compile(r"(?<![A-Za-z])[XO](?![A-Za-z])")
_COLOUR = {"X": "\x1b[1;31m", "O": "\x1b[1;33m"}
_LAST = "\x1b[7m"
_RESET = "\x1b[0m"


def takes_colour(stream: TextIO) -> bool:
    """Whether `stream` is a terminal that takes colours (and no one said `NO_COLOR`)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a stand-in stream, or a closed one
        return False


def _paint(text: str, marked: frozenset[int]) -> str:
    """`text` with each piece coloured, and the pieces at the `marked` offsets reversed."""

    def piece(found: re.Match[str]) -> str:
        mark = _LAST if found.start() in marked else ""
        return f"{_COLOUR[found.group()]}{mark}{found.group()}{_RESET}"

    return _PIECE.sub(piece, text)


def _new_pieces(before: str, after: str) -> frozenset[int]:
    """The offsets in `after` where a piece stands that `before` did not have there,
    line by line (lines whose length changed, like whose turn it is, are skipped)."""
    found: set[int] = set()
    offset = 0
    for old, new in zip(before.split("\n"), after.split("\n"), strict=False):
        if len(old) == len(new):
            found.update(
                offset + i
                for i, (a, b) in enumerate(zip(old, new, strict=True))
                if a != b and b in "XO"
            )
        offset += len(new) + 1
    return frozenset(found)


@final
@dataclass(eq=False)
class Coloured(Generic[S, M]):
    """`game`, shown in colour: only for the referee's eyes, not for searching.

    It remembers the last move it was asked to play, so that the position that
    move made can be shown with the new piece marked.
    """

    game: Game[S, M]
    """The game being played."""
    _last: tuple[S, S] | None = field(default=None, repr=False)
    """The last position played from, and the position it made."""

    @property
    def start(self) -> S:
        return self.game.start

    def player(self, state: S, /) -> Side:
        return self.game.player(state)

    def moves(self, state: S, /) -> Seq[M]:
        return self.game.moves(state)

    def play(self, state: S, move: M, /) -> Status[S]:
        status = self.game.play(state, move)
        self._last = (state, status.state) if isinstance(status, Playing) else None
        return status

    def state_to_string(self, state: S, /) -> str:
        text = self.game.state_to_string(state)
        marked: frozenset[int] = frozenset()
        if self._last is not None and self._last[1] == state:
            marked = _new_pieces(self.game.state_to_string(self._last[0]), text)
        return _paint(text, marked)

    def final_position(self, state: S, move: M, /) -> str:
        """The game's picture of the end, in colour, the last piece marked (when the game
        draws one)."""
        game = self.game
        if not isinstance(game, ShowsFinalPosition):
            return ""
        text = game.final_position(state, move)
        before = game.state_to_string(state).rsplit("\n", 1)[0]
        return _paint(text, _new_pieces(before, text))

    def move_to_string(self, move: M, /) -> str:
        return self.game.move_to_string(move)

    def parse_move(self, state: S, text: str, /) -> M | None:
        return self.game.parse_move(state, text)
