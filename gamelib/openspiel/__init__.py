"""OpenSpiel's games on gamelib's searches, and gamelib's players in OpenSpiel.

OpenSpiel is an optional extra (`pip install 'gamelib[openspiel]'`); nothing is imported
from it until it is used.

- [`load`][gamelib.openspiel.game.load]`("hex(board_size=3)")`: an OpenSpiel game on the
  face of its family ([`gamelib.openspiel.game`][gamelib.openspiel.game]; `load_two_player`
  when it must be a `Game`), for every search, solver and command of gamelib; on the
  command line, `openspiel:hex(board_size=3)`
  ([`gamelib.openspiel.entries`][gamelib.openspiel.entries]);
- estimators for games that come with none
  ([`gamelib.openspiel.estimators`][gamelib.openspiel.estimators]);
- [`bot`][gamelib.openspiel.bots.bot]`(spec, game)`: a `pyspiel.Bot` that plays as a gamelib
  player, and OpenSpiel's bots in gamelib's seats
  ([`gamelib.openspiel.bots`][gamelib.openspiel.bots]).

```pycon
>>> import gamelib.openspiel as gos
>>> game = gos.load("tic_tac_toe")
>>> game.move_to_string(game.parse_move(game.start, "4"))
'x(1,1)'

```
"""

from gamelib.openspiel.bots import bot
from gamelib.openspiel.estimators import read_evaluation
from gamelib.openspiel.game import load, load_two_player

__all__ = ["bot", "load", "load_two_player", "read_evaluation"]
