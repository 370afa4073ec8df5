"""gamelib: a typed Python port of the CMU 15-150 games library.

Everything a student or a game author needs comes from here::

    from gamelib import Game, Side, Playing, Done, Winner, NumericEstimator, Settings, AlphaBeta

- the GAME and PLAYER contracts and their datatypes: :class:`Game`,
  :class:`Player`, :class:`Side`, :func:`flip`, :class:`Winner`,
  :class:`Draw`, ``Outcome``, :class:`Playing`, :class:`Done`, ``Status``, and
  the order of comparisons (:class:`Order`, ``LESS``, ``EQUAL``, ``GREATER``);
- estimates and estimators: :class:`Definitely`, :class:`Guess`, ``Est``,
  :class:`Estimator`, :class:`NumericEstimator`, and :class:`Settings`;
- the lectures' search factories :func:`Minimax`, :func:`AlphaBeta` and
  :func:`Jamboree` (with :class:`JamboreeSettings`);
- the controller :func:`referee` and the players :class:`HumanPlayer` and
  :class:`RandomPlayer`;
- ``seq``, the persistent lazy sequences every game's moves come in.

The search core (events, capabilities, counting wrappers) is
:mod:`gamelib.search`; every search kind by name is :mod:`gamelib.catalog`.

>>> from gamelib import AlphaBeta, NumericEstimator, Settings
>>> from gamelib.games.nim import Nim, nim_estimate
>>> AlphaBeta(Settings(NumericEstimator(Nim(), nim_estimate), 5)).next_move(Nim().start)
2
"""

from gamelib import seq
from gamelib.core import (
    EQUAL,
    GREATER,
    LESS,
    Done,
    Draw,
    Game,
    HumanPlayer,
    Order,
    Outcome,
    Player,
    Playing,
    RandomPlayer,
    Side,
    Status,
    Winner,
    flip,
    referee,
)
from gamelib.estimate import (
    Definitely,
    Est,
    Estimator,
    Guess,
    NumericEstimator,
    Settings,
)
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.estimate.minimax import Minimax

__version__ = "0.1.0"
"""The version of this package."""

__all__ = [
    "EQUAL",
    "GREATER",
    "LESS",
    "AlphaBeta",
    "Definitely",
    "Done",
    "Draw",
    "Est",
    "Estimator",
    "Game",
    "Guess",
    "HumanPlayer",
    "Jamboree",
    "JamboreeSettings",
    "Minimax",
    "NumericEstimator",
    "Order",
    "Outcome",
    "Player",
    "Playing",
    "RandomPlayer",
    "Settings",
    "Side",
    "Status",
    "Winner",
    "__version__",
    "flip",
    "referee",
    "seq",
]
