"""A game of chance or of n players from `--game-from` that breaks its contract gets one
sentence, exit status 1, in every command and search, as a two-player game does
(tests/core/test_contracts.py): never a traceback, never a value computed from broken
probabilities or utilities, never a match that blames a player for the game's fault."""

from __future__ import annotations

import argparse

import pytest

from gamelib.chance.game import CheckedChanceEstimator, CheckedChanceGame
from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.games import GAME_CATALOG
from gamelib.cli.loading import load_game
from gamelib.nplayer.game import CheckedNEstimator, CheckedNPlayerGame
from tests.runner import run as gamelib

ROLLING = "at 'step 0 total 1 rolling'"
SUM = "Coin.outcomes must give probabilities that sum to 1, but"

COIN_SAID = {
    "mover": "Coin.player must return Side.Maxie, Side.Minnie or Nature.Chance, but it gave "
    "'Chance' in 'step 1 total 1'",
    "list": "Coin.moves must return a Seq of moves (gamelib.seq.from_iterable makes one), but "
    "it returned a list in 'step 0 total 0'",
    "none": "Coin.play must return Playing(state) or Done(outcome), but it returned a NoneType "
    "for the move 1 in 'step 1 total 1'",
    "nine": f"{SUM} the probabilities {ROLLING} sum to 9/10, not 1",
    "negative": f"{SUM} the probability -1/2 of '0' {ROLLING} is negative",
    "nan": f"{SUM} the probability nan of '0' {ROLLING} is not finite",
    "text": f"{SUM} the probability '1/2' of '0' {ROLLING} is not a number",
    "empty": f"{SUM} the chance position 'step 0 total 1 rolling' lists no outcomes",
    "endnan": "CoinEstimate.outcome_value must give a finite number within the bounds [0, 1] "
    "it promises, but it gave nan for 'Minnie wins!'",
}
"""Each way the coin game breaks its contract, and the sentence that says so."""

COIN_COMMANDS = {
    "expectiminimax": ("analyse", "{g}", "--player", "expectiminimax:4"),
    "star1": ("analyse", "{g}", "--player", "star1:4"),
    "star2": ("analyse", "{g}", "--player", "star2:4"),
    "play": ("play", "{g}", "--maxie", "expectiminimax:4", "--minnie", "random", "--seed", "1"),
    "match": ("match", "{g}", "expectiminimax:4", "random", "--games", "2", "--seed", "1"),
    "trace": ("trace", "--game", "{g}", "--player", "expectiminimax:4"),
}

UTILITIES = (
    "Three.play must end the game with a tuple of 3 finite utilities, one for each player it "
    "names (A, B, C)"
)
MOVER = "Three.player must return a player's number, 0 to 2 (it names A, B, C), but it gave"

THREE_SAID = {
    "five": f"{MOVER} 5 in 'step 1 total 1'",
    "minus": f"{MOVER} -1 in 'step 1 total 1'",
    "letter": f"{MOVER} 'B' in 'step 1 total 1'",
    "true": f"{MOVER} True in 'step 1 total 1'",
    "list": "Three.moves must return a Seq of moves (gamelib.seq.from_iterable makes one), but "
    "it returned a list in 'step 0 total 0'",
    "none": "Three.play must return Playing(state) or Finished(utilities), but it returned a "
    "NoneType for the move 1 in 'step 0 total 0'",
    "short": f"{UTILITIES}, but it gave (1, 0) for the move 1 in 'step 2 total 2'",
    "nan": f"{UTILITIES}, but it gave (nan, 0, 1) for the move 1 in 'step 2 total 2'",
    "inf": f"{UTILITIES}, but it gave (inf, 0, 0) for the move 1 in 'step 2 total 2'",
    "text": f"{UTILITIES}, but it gave ('1', '0', '0') for the move 1 in 'step 2 total 2'",
}
"""Each way the three-player game breaks its contract, and the sentence that says so."""

THREE_COMMANDS = {
    "maxn": ("analyse", "{g}", "--player", "maxn:3"),
    "shallow-maxn": ("analyse", "{g}", "--player", "shallow-maxn:3"),
    "paranoid": ("analyse", "{g}", "--player", "paranoid:3"),
    "play": ("play", "{g}", "--player1", "maxn:3", "--player2", "random", "--player3", "random"),
    "trace": ("trace", "--game", "{g}", "--player", "maxn:3"),
}

THREE_MATCH = {  # the match's random openings reach other ends than the searches' first
    "short": f"game 1 could not be played: {UTILITIES}, but it gave (0, 1) for the move 1 in "
    "'step 2 total 3'",
    "nan": f"game 1 could not be played: {UTILITIES}, but it gave (nan, 0, 1) for the move 1 "
    "in 'step 2 total 3'",
    "five": THREE_SAID["five"],
    "none": THREE_SAID["none"],
}


def stopped(module: str, name: str, argv: tuple[str, ...]) -> tuple[int, str, str]:
    """`gamelib --game-from tests.broken_families:MODULE ARGV`, the game in ARGV's `{g}`."""
    words = [word.replace("{g}", name) for word in argv]
    return gamelib("--game-from", f"tests.broken_families:{module}", *words)


def one_sentence(err: str, said: str) -> None:
    assert err == f"gamelib: game stopped: {said}\n"


@pytest.mark.parametrize("mode", list(COIN_SAID))
@pytest.mark.parametrize("command", list(COIN_COMMANDS))
def test_a_broken_game_of_chance_stops_every_command_in_one_sentence(
    mode: str, command: str
) -> None:
    status, _, err = stopped(f"COINS.{mode}", f"coin-{mode}", COIN_COMMANDS[command])
    said = COIN_SAID[mode]
    assert status == 1
    one_sentence(err, f"game 1 could not be played: {said}" if command == "match" else said)


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("nine", COIN_SAID["nine"]),  # the probabilities' sum, not a value of 81/100
        ("empty", COIN_SAID["empty"]),  # was an IndexError inside mcts
        ("text", COIN_SAID["text"]),  # was a TypeError inside gamelib
        ("mover", COIN_SAID["mover"].replace("total 1", "total 2")),
        ("none", COIN_SAID["none"].replace("1 in 'step 1 total 1", "2 in 'step 1 total 2")),
    ],
)  # fmt: skip
def test_mcts_on_a_broken_game_of_chance_stops_in_one_sentence(mode: str, said: str) -> None:
    status, _, err = stopped(
        f"COINS.{mode}", f"coin-{mode}", ("analyse", "{g}", "--player", "mcts:200")
    )
    assert status == 1
    one_sentence(err, said)


ESTIMATE = "CoinEstimate.estimate must give a finite number within the bounds [0, 1] it promises"


@pytest.mark.parametrize(
    ("mode", "argv"),
    [
        ("guess5", ("analyse", "{g}", "--player", "expectiminimax:1")),  # said 5 against [0, 1]
        ("guess5", ("analyse", "{g}", "--player", "star1:1")),  # exit 2, as if the input were bad
        ("guessnan", ("analyse", "{g}", "--player", "star2:1")),
        ("guess5", ("play", "{g}", "--maxie", "expectiminimax:1", "--minnie", "random")),
        ("guessnan", ("trace", "--game", "{g}", "--player", "expectiminimax:1")),
    ],
)  # fmt: skip
def test_a_chance_estimate_outside_its_promised_bounds_stops_every_search(
    mode: str, argv: tuple[str, ...]
) -> None:
    status, _, err = stopped(f"COINS.{mode}", f"coin-{mode}", argv)
    value = "5" if mode == "guess5" else "nan"
    assert status == 1
    one_sentence(err, f"{ESTIMATE}, but it gave {value} for 'step 1 total 1'")


@pytest.mark.parametrize("mode", list(THREE_SAID))
@pytest.mark.parametrize("command", list(THREE_COMMANDS))
def test_a_broken_game_of_n_players_stops_every_command_in_one_sentence(
    mode: str, command: str
) -> None:
    status, _, err = stopped(f"THREES.{mode}", f"three-{mode}", THREE_COMMANDS[command])
    assert status == 1
    one_sentence(err, THREE_SAID[mode])


@pytest.mark.parametrize("mode", list(THREE_MATCH))
def test_a_match_stops_at_the_games_fault_instead_of_blaming_a_player(mode: str) -> None:
    argv = ("match", "{g}", "maxn:3", "random", "random", "--games", "3", "--seed", "1")
    status, out, err = stopped(f"THREES.{mode}", f"three-{mode}", argv)
    assert status == 1
    one_sentence(err, THREE_MATCH[mode])
    assert "loses by a fault" not in out
    assert "random (2)" not in out.split("seed 1")[-1]


@pytest.mark.parametrize("player", ["maxn:1", "shallow-maxn:1", "paranoid:1"])
def test_a_nan_in_an_n_player_estimate_stops_the_search(player: str) -> None:
    status, _, err = stopped(
        "THREES.guessnan", "three-guessnan", ("analyse", "{g}", "--player", player)
    )
    assert status == 1
    one_sentence(
        err,
        "the estimate ThreeEstimate.estimate of Three must give a tuple of 3 finite numbers, "
        "one for each player the game names (A, B, C), but it gave (nan, 0, 0) for "
        "'step 1 total 1'",
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("analyse", "{g}", "--player", "expectiminimax:4"), "Expectiminimax(depth 4) chooses 2"),
        (("analyse", "{g}", "--player", "star2:4"), "Star2(depth 4) chooses 2"),
    ],
)
def test_a_game_of_chance_that_keeps_its_contract_is_analysed_as_before(
    argv: tuple[str, ...], said: str
) -> None:
    status, out, err = stopped("COINS.ok", "coin-ok", argv)
    assert (status, err) == (0, "")
    assert out == f"step 0 total 0\n{said} for Maxie; value: 1\n"  # 2, then at least 3


def test_only_a_game_from_outside_is_checked_at_every_answer() -> None:
    no_options = argparse.Namespace()
    coin = load_game("tests.broken_families:COINS.ok").build(no_options)
    three = load_game("tests.broken_families:THREES.ok").build(no_options)
    assert isinstance(coin, ChanceKit)
    assert isinstance(three, NKit)
    assert isinstance(coin.game, CheckedChanceGame)
    assert isinstance(coin.estimator, CheckedChanceEstimator)
    assert coin.estimator.game is coin.game
    assert isinstance(three.game, CheckedNPlayerGame)
    assert isinstance(three.estimator, CheckedNEstimator)
    assert three.estimator.game is three.game
    pig = GAME_CATALOG["pig"].build(argparse.Namespace(target=100))
    assert isinstance(pig, ChanceKit)
    assert not isinstance(pig.game, CheckedChanceGame)


def test_the_checked_game_still_says_what_its_game_says_of_an_illegal_move() -> None:
    """What a game offers beyond its contract (`why_illegal`) is found through the check:
    `--moves` and a person at the prompt get the game's own reason."""
    status, _, err = stopped("COINS.ok", "coin-ok", ("analyse", "{g}", "--moves", "7"))
    assert status == 2
    assert "a coin game's move is 1 or 2, not 7; legal moves: 1, 2" in err
    played = gamelib(
        "--game-from",
        "tests.broken_families:COINS.ok",
        "play",
        "coin-ok",
        "--maxie",
        "human",
        "--minnie",
        "random",
        "--seed",
        "1",
        stdin="7\n1\n",
    )
    assert "a coin game's move is 1 or 2, not 7; legal moves: 1, 2" in played[1] + played[2]
