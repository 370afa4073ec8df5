"""Games that lack a method their family needs, as a newcomer writes them: each hands every
call on to a whole game but one (tests/cli/test_entry_checks.py makes entries of them)."""

from __future__ import annotations

from gamelib.chance.game import Mover
from gamelib.core.datatypes import Status
from gamelib.nplayer.game import NStatus
from gamelib.seq import Seq
from tests.broken_families import Coin, CoinState, Three, ThreeState
from tests.outside_game import Race, RaceToFive


class NoParse:
    """Race to five without `parse_move`."""

    whole = RaceToFive()

    @property
    def start(self) -> Race:
        return self.whole.start

    def player(self, state: Race, /) -> object:
        return self.whole.player(state)

    def moves(self, state: Race, /) -> Seq[int]:
        return self.whole.moves(state)

    def play(self, state: Race, move: int, /) -> Status[Race]:
        return self.whole.play(state, move)

    def state_to_string(self, state: Race, /) -> str:
        return self.whole.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.whole.move_to_string(move)


class NoOutcomes:
    """The coin game without `outcomes`."""

    whole = Coin()

    @property
    def start(self) -> CoinState:
        return self.whole.start

    def player(self, state: CoinState, /) -> Mover:
        return self.whole.player(state)

    def moves(self, state: CoinState, /) -> Seq[int]:
        return self.whole.moves(state)

    def play(self, state: CoinState, move: int, /) -> Status[CoinState]:
        return self.whole.play(state, move)

    def state_to_string(self, state: CoinState, /) -> str:
        return self.whole.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.whole.move_to_string(move)

    def parse_move(self, state: CoinState, text: str, /) -> int | None:
        return self.whole.parse_move(state, text)


class NoNames:
    """The three-player game without `names`."""

    whole = Three()

    @property
    def start(self) -> ThreeState:
        return self.whole.start

    def player(self, state: ThreeState, /) -> int:
        return self.whole.player(state)

    def moves(self, state: ThreeState, /) -> Seq[int]:
        return self.whole.moves(state)

    def play(self, state: ThreeState, move: int, /) -> NStatus[ThreeState]:
        return self.whole.play(state, move)

    def state_to_string(self, state: ThreeState, /) -> str:
        return self.whole.state_to_string(state)

    def move_to_string(self, move: int, /) -> str:
        return self.whole.move_to_string(move)

    def parse_move(self, state: ThreeState, text: str, /) -> int | None:
        return self.whole.parse_move(state, text)
