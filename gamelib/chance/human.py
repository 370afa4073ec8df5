"""A person at the prompt, for a game of chance: the two-player human player, adapted.

The dice are rolled by the controller, so a person only ever moves at a
decision position, where a chance game reads like a two-player
[`Game`][gamelib.core.game.Game].  `ChanceHumanPlayer` shows the
game to [`HumanPlayer`][gamelib.core.human.HumanPlayer] that way, so the prompt,
the answer to a typo and the end of input are exactly the two-player ones.

```pycon
>>> import io
>>> from gamelib.games.pig import Pig
>>> game = Pig(target=10)
>>> out = io.StringIO()
>>> human = ChanceHumanPlayer(game, input=io.StringIO("hold\\nr\\n"), output=out)
>>> human(game.start)
<PigMove.Roll>
>>> print(out.getvalue().rstrip())
Maxie, please type your move: 'hold' is not a legal move here; legal moves: roll
Maxie, please type your move:

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, final

from gamelib.chance.game import ChanceGame, ChancePositionError, Nature
from gamelib.core.datatypes import Side, Status
from gamelib.core.game import Game
from gamelib.core.human import HumanPlayer
from gamelib.seq import Seq

__all__ = ["ChanceHumanPlayer", "Decisions"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class Decisions(Generic[S, M]):
    """A chance game seen only at its decision positions: a two-player `Game`.

    `player` raises `ChancePositionError` at a
    chance position, where nobody moves.
    """

    game: ChanceGame[S, M]
    """The chance game."""

    @property
    def start(self) -> S:
        return self.game.start

    def player(self, state: S, /) -> Side:
        mover = self.game.player(state)
        if isinstance(mover, Nature):
            raise ChancePositionError(
                f"'{self.game.state_to_string(state)}' is a chance position: the dice decide"
            )
        return mover

    def moves(self, state: S, /) -> Seq[M]:
        return self.game.moves(state)

    def play(self, state: S, move: M, /) -> Status[S]:
        return self.game.play(state, move)

    def state_to_string(self, state: S, /) -> str:
        return self.game.state_to_string(state)

    def move_to_string(self, move: M, /) -> str:
        return self.game.move_to_string(move)

    def parse_move(self, state: S, text: str, /) -> M | None:
        return self.game.parse_move(state, text)


@final
@dataclass(eq=False)
class ChanceHumanPlayer(Generic[S, M]):
    """Asks `"<Side>, please type your move: "` until it reads a legal move.

    Called with a state, as `play_chance_game`
    calls its players.  End of input or Ctrl-C raises
    [`InputClosedError`][gamelib.core.human.InputClosedError], as the two-player human's does.
    """

    game: ChanceGame[S, M]
    """The game being played."""
    input: TextIO | None = None
    """Where moves are read from (standard input when None)."""
    output: TextIO | None = None
    """Where prompts and complaints go (standard output when None)."""

    def __str__(self) -> str:
        return "you"

    def __call__(self, state: S, /) -> M:
        return self.next_move(state)

    def next_move(self, state: S, /) -> M:
        """The first legal move typed at the prompt (no taking back: the dice were thrown)."""
        decisions: Game[S, M] = Decisions(self.game)
        human = HumanPlayer(decisions, input=self.input, output=self.output, undo=False)
        return human.next_move(state)
