"""Games of n players from outside gamelib whose `names` do not fit their seats, as
`--game-from MODULE:OBJECT` loads their entries: each entry makes its game when a
command builds it (so that this module imports whatever the names)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from gamelib.cli.beyond import NKit, nplayer_entry
from gamelib.cli.games import GameEntry, KitUser
from gamelib.games.takeaway import TakeAway, TakeAwayState, takeaway_estimate
from gamelib.nplayer.game import NStatus, Vector, VectorEstimator
from gamelib.seq import Seq

_TAKEAWAY = TakeAway(pile=7, players=3)


@dataclass(frozen=True)
class Renamed:
    """Take-away from 7 for three players, under `names` given apart from them."""

    names: tuple[str, ...]
    """What the game says its players are called."""
    inner: TakeAway = _TAKEAWAY

    @property
    def start(self) -> TakeAwayState:
        return self.inner.start

    def player(self, state: TakeAwayState, /) -> int:
        return self.inner.player(state)

    def moves(self, state: TakeAwayState, /) -> Seq[int]:
        return self.inner.moves(state)

    def play(self, state: TakeAwayState, move: int, /) -> NStatus[TakeAwayState]:
        return self.inner.play(state, move)

    def state_to_string(self, state: TakeAwayState, /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: TakeAwayState, text: str, /) -> int | None:
        return self.inner.parse_move(state, text)


def _three(state: TakeAwayState) -> Vector:
    return takeaway_estimate(state, 3)


@dataclass(frozen=True)
class _Build:
    """Builds the entry of take-away under `names` when a command asks for the game."""

    name: str
    names: object

    def __call__(self, options: argparse.Namespace) -> KitUser:
        game = Renamed(self.names)  # type: ignore[arg-type]  # a user's mistake, on purpose
        return nplayer_entry(self.name, "take-away", VectorEstimator(game, _three)).build(options)


def _entry(name: str, names: object) -> GameEntry:
    return GameEntry(name, "take-away renamed", lambda parser: None, _Build(name, names),
                     family="n-player")  # fmt: skip


LONG = _entry("long", ("A", "B", "C", "D"))
"""Four names for three seats: the game ends with three utilities."""
SHORT = _entry("short", ("A", "B"))
"""Two names for three seats: the third player to move is no player of its names."""
ONE = _entry("one", ("A",))
"""One name."""
TWICE = _entry("twice", ("A", "B", "A"))
"""Two players of the same name."""
EMPTY = _entry("empty", ("A", " ", "C"))
"""A player without a name."""
LINES = _entry("lines", ("A", "B\nC", "D"))
"""A name that is not printable (its line break would break the transcript)."""
NOT_TEXT = _entry("numbers", (1, 2, 3))
"""Numbers for names."""
WORD = _entry("word", "ABC")
"""One word for names: its letters would be three players."""


def _direct(options: argparse.Namespace) -> KitUser:
    game = Renamed(("A", "B", "A"))
    return NKit(game, VectorEstimator(game, _three), "direct", None)


DIRECT = GameEntry("direct", "take-away renamed", lambda parser: None, _direct, family="n-player")
"""Two players of the same name, in a kit made without `nplayer_entry`."""
