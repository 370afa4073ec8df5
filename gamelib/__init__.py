"""gamelib: a typed Python port of the CMU 15-150 games library.

Everything a student or a game author needs comes from here:

```python
from gamelib import Game, Side, Playing, Done, Winner, NumericEstimator, Settings, AlphaBeta
```

- the GAME and PLAYER contracts and their datatypes: [`Game`][gamelib.core.game.Game],
  [`Player`][gamelib.core.player.Player], [`Side`][gamelib.core.datatypes.Side],
  [`flip`][gamelib.core.datatypes.flip], [`Winner`][gamelib.core.datatypes.Winner],
  [`Draw`][gamelib.core.datatypes.Draw], `Outcome`, [`Playing`][gamelib.core.datatypes.Playing],
  [`Done`][gamelib.core.datatypes.Done], `Status`, and the order of comparisons
  ([`Order`][gamelib.core.datatypes.Order], `LESS`, `EQUAL`, `GREATER`);
- estimates and estimators: [`Definitely`][gamelib.core.estimator.Definitely],
  [`Guess`][gamelib.core.estimator.Guess], `Est`,
  [`Estimator`][gamelib.core.estimator.Estimator],
  [`NumericEstimator`][gamelib.core.estimator.NumericEstimator], and
  [`Settings`][gamelib.core.estimator.Settings];
- the lectures' search factories [`Minimax`][gamelib.estimate.minimax.Minimax],
  [`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta] and
  [`Jamboree`][gamelib.estimate.jamboree.Jamboree] (with
  [`JamboreeSettings`][gamelib.estimate.jamboree.JamboreeSettings]);
- the controller [`referee`][gamelib.core.controller.referee] and the players
  [`HumanPlayer`][gamelib.core.human.HumanPlayer] and
  [`RandomPlayer`][gamelib.core.random_player.RandomPlayer];
- beyond the lectures: Monte Carlo tree search, [`MCTS`][gamelib.algorithms.mcts.MCTS] with
  [`MCTSSettings`][gamelib.algorithms.mcts.MCTSSettings]; the exact solver
  [`solve`][gamelib.algorithms.exact.solve]; and the goal solvers, which answer "can this side
  meet this [`Goal`][gamelib.algorithms.boolean.Goal]?" with a proof:
  [`solve_goal`][gamelib.algorithms.boolean.solve_goal] (the lectures' OR/AND search),
  [`pns_goal`][gamelib.algorithms.pns.pns_goal] (proof-number search) and
  [`dfpn_goal`][gamelib.algorithms.pns.dfpn_goal] (df-pn);
- `seq`, the persistent lazy sequences every game's moves come in.

The search core (events, capabilities, counting wrappers) is
`gamelib.search`; every search kind by name is [`gamelib.catalog`][gamelib.catalog].

```pycon
>>> from gamelib import AlphaBeta, NumericEstimator, Settings
>>> from gamelib.games.nim import Nim, nim_estimate
>>> AlphaBeta(Settings(NumericEstimator(Nim(), nim_estimate), 5)).next_move(Nim().start)
2

>>> from gamelib import Goal, MCTS, MCTSSettings, pns_goal
>>> pns_goal(Nim(pile=5), Goal.WIN).holds
False
>>> mcts = MCTS(MCTSSettings(NumericEstimator(Nim(pile=7), nim_estimate), simulations=300))
>>> mcts.next_move(Nim(pile=7).start)
2

```
"""

from gamelib import seq
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.mcts import MCTS, MCTSSettings
from gamelib.algorithms.pns import dfpn_goal, pns_goal
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
from gamelib.core.estimator import (
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
    "MCTS",
    "AlphaBeta",
    "Definitely",
    "Done",
    "Draw",
    "Est",
    "Estimator",
    "Game",
    "Goal",
    "Guess",
    "HumanPlayer",
    "Jamboree",
    "JamboreeSettings",
    "MCTSSettings",
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
    "dfpn_goal",
    "flip",
    "pns_goal",
    "referee",
    "seq",
    "solve",
    "solve_goal",
]
