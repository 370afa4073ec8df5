"""Every shipped game, estimator and factory has the shape of its contract.

mypy checks the ascriptions here (they lived as `_typecheck` functions in the library's
modules); the test checks that each value is a working game that can be started."""

from __future__ import annotations

from gamelib import Game, seq
from gamelib.algorithms.deepening import DeepeningSettings, IterativeDeepening
from gamelib.chance import ChanceEstimator, ChanceGame
from gamelib.chance.trees import EXAMPLE, ChanceTreeGame, chance_tree_estimator
from gamelib.core.tree_games import TreeState as Reached
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.connect4_windows import WindowConnectFour, WindowState
from gamelib.games.explicit import SMALL, ExplicitGame, TreeState
from gamelib.games.nim import Nim, NimState, nim_estimator
from gamelib.games.pig import Pig, PigMove, PigState, pig_estimator
from gamelib.games.takeaway import TakeAway, TakeAwayState
from gamelib.games.tictactoe import TicTacToe, TicTacToeState
from gamelib.nplayer import NPlayerGame
from gamelib.nplayer.game import NSettings, Vector
from gamelib.nplayer.maxn import (
    Ended,
    EndMove,
    MaxN,
    NFactory,
    ParanoidGame,
    ShallowMaxN,
    ShallowSettings,
)
from gamelib.nplayer.trees import CSE473, TreeGame
from gamelib.search import SearchPlayer


def test_two_player_games_are_games() -> None:
    nim: Game[NimState, int] = Nim()
    tictactoe: Game[TicTacToeState, int] = TicTacToe()
    connect4: Game[ConnectFourState, int] = ConnectFour()
    windows: Game[WindowState, int] = WindowConnectFour()
    tree: Game[TreeState, int] = ExplicitGame(SMALL)
    assert [seq.length(nim.moves(nim.start)), seq.length(tictactoe.moves(tictactoe.start))] == [
        3,
        9,
    ]
    assert seq.length(connect4.moves(connect4.start)) == 7
    assert seq.length(windows.moves(windows.start)) == 7
    assert seq.length(tree.moves(tree.start)) == 3


def test_the_deepening_player_is_a_search_player() -> None:
    player: SearchPlayer[NimState, int, float] = IterativeDeepening(
        DeepeningSettings(nim_estimator(Nim()), 3)
    )
    assert player.next_move(Nim().start) in (1, 2, 3)


def test_games_of_chance_and_their_estimators_keep_the_chance_contract() -> None:
    pig: ChanceGame[PigState, PigMove] = Pig()
    pig_guess: ChanceEstimator[PigState, PigMove] = pig_estimator(Pig())
    tree: ChanceGame[Reached[float], int] = ChanceTreeGame(EXAMPLE)
    tree_guess: ChanceEstimator[Reached[float], int] = chance_tree_estimator(
        ChanceTreeGame(EXAMPLE)
    )
    assert pig_guess.game.start == pig.start
    assert tree_guess.game.start == tree.start


def test_n_player_games_and_factories_keep_their_contracts() -> None:
    takeaway: NPlayerGame[TakeAwayState, int] = TakeAway()
    paranoid: Game[Reached[Vector] | Ended, int | EndMove] = ParanoidGame(TreeGame(CSE473), 0)
    plain: NFactory[NSettings[Reached[Vector], int], Reached[Vector], int] = MaxN
    shallow: NFactory[ShallowSettings[Reached[Vector], int], Reached[Vector], int] = ShallowMaxN
    assert seq.length(takeaway.moves(takeaway.start)) == 3
    assert seq.length(paranoid.moves(paranoid.start)) == 2
    assert plain is MaxN
    assert shallow is ShallowMaxN
