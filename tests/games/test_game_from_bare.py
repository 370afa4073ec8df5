"""`--game-from MODULE:GAME[,ESTIMATOR]` takes a bare `Game` (and an estimator beside it,
or an estimator alone, whose `.game` is the game), not only a `game_entry(...)`, and says
in one sentence what is missing when something is (issue 42)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.cli.games import installed_games
from tests import runner as cli

MODULE = """\
from gamelib import NumericEstimator
from tests.outside_game import RaceToFive, race_estimate

game = RaceToFive()
estimator = NumericEstimator(game, race_estimate)
other = NumericEstimator(RaceToFive(), race_estimate)
number = 3


class Half:
    start = 0

    def play(self, state, move):
        return state


half = Half()


class Dice:
    start = 0
    player = moves = play = outcomes = state_to_string = move_to_string = parse_move = None


dice = Dice()


class Many:
    start = 0
    player = moves = play = names = state_to_string = move_to_string = parse_move = None


many = Many()


class Guess:
    def __init__(self, game):
        self.game = game

    def estimate(self, state):
        return 0


dice_guess, many_guess = Guess(dice), Guess(many)
"""

ANALYSED = """\
the total is 0; Maxie to add 1 or 2
AlphaBeta(depth 5) chooses 2 for Maxie; value: Definitely Maxie wins
"""


@pytest.fixture(autouse=True)
def race_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A module race.py in a folder of its own, the folder the command runs in."""
    installed_games.cache_clear()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "race.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    installed_games.cache_clear()


@pytest.mark.parametrize(
    "path", ["race:game,estimator", "race:estimator", "race: game , estimator"]
)
def test_a_game_with_its_estimator_or_an_estimator_alone_plays(path: str) -> None:
    assert cli.run("--game-from", path, "analyse", "race", "--depth", "5") == (0, ANALYSED, "")


def test_a_bare_game_is_named_after_its_module_and_guessed_0() -> None:
    status, out, err = cli.run("--game-from", "race:game", "list")
    assert (status, err) == (0, "")
    assert (
        "  race       RaceToFive from race:game (no estimator: every unfinished position is "
        "guessed 0)\n" in out
    )
    status, out, err = cli.run("--game-from", "race:game", "solve", "race")
    assert (status, err) == (0, "")
    assert "Maxie, to move, wins in 3 plies; a best move: 2\n" in out
    status, out, err = cli.run("--game-from", "race:game", "analyse", "race", "--depth", "2")
    assert (status, err) == (0, "")
    assert out.endswith("AlphaBeta(depth 2) chooses 1 for Maxie; value: Guess 0\n")


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        ("race:number", "race:number is an int, not a game: give a Game, an estimator (whose "
         ".game is the game), or an entry (gamelib.cli.games.game_entry)"),
        ("race:half", "race:half is a Half, which has no player, moves, state_to_string, "
         "move_to_string or parse_move: a Game needs start, player, moves, play, "
         "state_to_string, move_to_string and parse_move"),
        ("race:game,other", "race:game,other: the estimator other is for another game (its "
         ".game is not race:game)"),
        ("race:game,number", "race:game,number: number is an int, not an estimator (one has "
         "game, estimate, compare and guess_to_string)"),
        ("race:game,nope", "race:game,nope: the module race has no nope"),
        ("race:game,", "race:game,: name the estimator after the comma, as "
         "MODULE:GAME,ESTIMATOR"),
        ("race:estimator,estimator", "race:estimator,estimator: an estimator goes beside a "
         "bare game, and race:estimator is an estimator already"),
        ("race:dice", "race:dice is a game of chance (it has outcomes): --game-from takes a "
         "two-player Game; a game of chance joins as an entry (gamelib.cli.games.GameEntry(..., "
         "family='chance'), or gamelib.cli.beyond.chance_entry(name, summary, estimator))"),
        ("race:many", "race:many is a game of n players (it has names): --game-from takes a "
         "two-player Game; a game of n players joins as an entry (gamelib.cli.games.GameEntry("
         "..., family='n-player'), or gamelib.cli.beyond.nplayer_entry(name, summary, "
         "estimator))"),
        ("race:dice_guess", "race:dice_guess is an estimator of a game of chance (its game "
         "has outcomes): --game-from takes a two-player Game or its estimator; a game of chance "
         "joins as an entry (gamelib.cli.beyond.chance_entry(name, summary, estimator))"),
        ("race:many_guess", "race:many_guess is an estimator of a game of n players (its game "
         "has names): --game-from takes a two-player Game or its estimator; a game of n players "
         "joins as an entry (gamelib.cli.beyond.nplayer_entry(name, summary, estimator))"),
        ("race:game,dice_guess", "race:game,dice_guess: dice_guess is an estimator of a game of "
         "chance (its game has outcomes): --game-from takes a two-player Game or its estimator; "
         "a game of chance joins as an entry (gamelib.cli.beyond.chance_entry(name, summary, "
         "estimator))"),
        ("race:many,many_guess", "race:many,many_guess is a game of n players (it has names): "
         "--game-from takes a two-player Game; a game of n players joins as an entry "
         "(gamelib.cli.games.GameEntry(..., family='n-player'), or "
         "gamelib.cli.beyond.nplayer_entry(name, summary, estimator))"),
    ],
)  # fmt: skip
def test_what_is_missing_is_said_in_one_sentence(path: str, sentence: str) -> None:
    assert cli.run("--game-from", path, "list") == (2, "", f"gamelib: --game-from {sentence}\n")


def test_a_game_of_a_package_s_module_is_named_after_the_module() -> None:
    status, out, err = cli.run("--game-from", "tests.outside_game:NOT_AN_ENTRY", "list")
    assert (status, err) == (0, "")
    assert (
        "  outside_game RaceToFive from tests.outside_game:NOT_AN_ENTRY (no estimator: every "
        "unfinished position is guessed 0)\n" in out
    )
