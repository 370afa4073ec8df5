"""gamelib's players as OpenSpiel bots in `evaluate_bots`, and OpenSpiel's bots in gamelib's
seats; n players in `gamelib match`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from gamelib.catalog import CATALOG
from gamelib.cli.specs import SpecError
from gamelib.core.datatypes import Side, Winner
from gamelib.core.estimator import Definitely, Guess, NumericEstimator
from gamelib.openspiel.bots import SPIEL_KINDS, SpielBotPlayer, bot, with_spiel_kinds
from gamelib.openspiel.game import SpielNPlayer, SpielTwoPlayer, load
from gamelib.search.kinds import UnobservedError
from tests.runner import run


def test_gamelib_s_players_play_openspiel_s_games_in_evaluate_bots() -> None:
    pig = pyspiel.load_game("pig(winscore=10)")
    bots = [bot("expectiminimax:2", pig), bot("random", pig, seed=3)]
    returns = evaluate_bots(pig.new_initial_state(), bots, np.random.RandomState(1))
    assert sorted(returns) == [-1.0, 1.0]
    hexes = pyspiel.load_game("hex(board_size=3)")
    # The first player wins 3x3 Hex: alpha-beta to the end never lets it go, either seat.
    for seats in ([bot("alphabeta:9", hexes), bot("mcts:200", hexes)],):
        assert evaluate_bots(hexes.new_initial_state(), seats, np.random.RandomState(2)) == [
            1.0,
            -1.0,
        ]
    assert repr(bots[0]) == "bot('expectiminimax:2')"


def test_n_player_bots_play_a_whole_game_of_chinese_checkers() -> None:
    game = pyspiel.load_game("chinese_checkers(players=3,max_moves=30)")
    bots = [bot("maxn:1", game, estimator="zero"), bot("paranoid:1", game), bot("random", game)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == 3


def test_a_bot_is_a_player_that_plays_by_itself() -> None:
    with pytest.raises(SpecError, match="a bot plays by itself: 'human' is no search player"):
        bot("human", "tic_tac_toe")
    with pytest.raises(SpecError, match="a bot plays by itself: 'human' is no search player"):
        bot("human", "pig")
    with pytest.raises(SpecError, match="unknown player kind 'nosuch'"):
        bot("nosuch:3", "tic_tac_toe")


def test_openspiel_s_mcts_in_a_seat_finds_a_proven_win() -> None:
    game = load("tic_tac_toe")
    assert isinstance(game, SpielTwoPlayer)
    state = game.after("0", "3", "1", "4")  # x to play: x(0,2) ends the top row
    estimator = NumericEstimator(game, lambda s: 0.0)
    kinds = {kind.name: kind for kind in SPIEL_KINDS}
    player = kinds["openspiel-mcts"].build(estimator, 1, {"sims": 200, "seed": 1})
    move, value = player.analyse(state)
    assert (game.move_to_string(move), value) == ("x(0,2)", Definitely(Winner(Side.Maxie)))
    randomly = kinds["openspiel-random"].build(estimator, 1, {"seed": 2})
    assert randomly.next_move(state) in state.state.legal_actions()
    assert randomly.analyse(state)[1] == Guess(0.0)
    assert str(player) == "OpenSpiel's MCTSBot (200 simulations)"
    with pytest.raises(UnobservedError):
        kinds["openspiel-mcts"].build(estimator, 1, {}, observer=lambda event: None)


def test_openspiel_s_bots_refuse_a_game_of_gamelib_s_own() -> None:
    from gamelib.games.nim import Nim, nim_estimator

    kinds = {kind.name: kind for kind in SPIEL_KINDS}
    with pytest.raises(SpecError, match="openspiel-mcts plays OpenSpiel's games only"):
        kinds["openspiel-mcts"].build(nim_estimator(Nim()), 1, {})
    assert isinstance(SpielBotPlayer, type)
    assert "openspiel-mcts" not in CATALOG
    assert "openspiel-mcts" in with_spiel_kinds().two_player


def test_a_match_seats_openspiel_s_mcts_against_gamelib_s() -> None:
    status, out, err = run(
        "match", "--game", "openspiel:breakthrough(rows=5,columns=5)", "--games", "2",
        "--seed", "5", "mcts:100", "openspiel-mcts:100",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "Score of mcts:100 vs openspiel-mcts:100: " in out


def test_three_players_match_on_chinese_checkers_and_every_move_is_legal(tmp_path: Path) -> None:
    name = "chinese_checkers(players=3,max_moves=40)"
    status, out, _ = run(
        "match", "maxn:2", "paranoid:2", "maxn:1", "--game", f"openspiel:{name}", "--games", "3",
        "--seed", "2", "--estimator", "playouts:2", "--save-dir", str(tmp_path),
    )  # fmt: skip
    assert status == 0
    assert "maxn:2" in out
    assert "paranoid:2" in out
    game = load(name)
    assert isinstance(game, SpielNPlayer)
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 3
    for path in saved:
        record = json.loads(path.read_text(encoding="utf-8"))
        state = game.start.state
        for text in record["moves"]:
            move = game.parse_move(game.position(state), text)  # None for a move not legal
            assert move is not None, (path.name, text)
            state = state.child(move)
        assert state.is_terminal()
        assert record["results"] == state.returns()
