"""An entry is checked as it is made (`game_entry`, `chance_entry`, `nplayer_entry`), with
the rule `--game-from` applies to a bare game: what the game lacks, for which family, in one
sentence, before anything is played (exit 2 on the command line, a TypeError in Python)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gamelib.cli.beyond import chance_entry, nplayer_entry
from gamelib.cli.games import game_entry, installed_games
from gamelib.cli.kits import GameEntry
from tests import runner as cli
from tests.broken_families import Coin, CoinEstimate, ThreeEstimate
from tests.lacking_games import NoNames, NoOutcomes, NoParse
from tests.outside_game import RACE_ESTIMATOR, race_estimate

GAME = "start, player, moves, play, state_to_string, move_to_string and parse_move"
CHANCE = "start, player, moves, play, outcomes, state_to_string, move_to_string and parse_move"
NPLAYER = "names, start, player, moves, play, state_to_string, move_to_string and parse_move"

NOPARSE = (
    "game_entry('noparse', ...): its game is a NoParse, which has no parse_move: a Game "
    f"needs {GAME}"
)
NOOUT = (
    "chance_entry('noout', ...): its game is a NoOutcomes, which has no outcomes: a game "
    f"of chance needs {CHANCE} (as a two-player game, it goes to gamelib.cli.games.game_entry)"
)
NONAMES = (
    "nplayer_entry('nonames', ...): its game is a NoNames, which has no names: a game of n "
    f"players needs {NPLAYER} (as a two-player game, it goes to gamelib.cli.games.game_entry)"
)
WRONGFAM = (
    "chance_entry('wrongfam', ...): its game is a RaceToFive, which has no outcomes: a game "
    f"of chance needs {CHANCE} (as a two-player game, it goes to gamelib.cli.games.game_entry)"
)
WRONGFAM2 = (
    "nplayer_entry('wrongfam2', ...): its game is a RaceToFive, which has no names: a game "
    f"of n players needs {NPLAYER} (as a two-player game, it goes to "
    "gamelib.cli.games.game_entry)"
)

# How a newcomer's module makes each entry, and the sentence that refuses it.
MADE: dict[str, tuple[str, str]] = {
    "NOPARSE": (
        "game_entry('noparse', 'no parse_move', NumericEstimator(NoParse(), race_estimate))",
        NOPARSE,
    ),
    "NOOUT": ("chance_entry('noout', 'no outcomes', CoinEstimate(NoOutcomes()))", NOOUT),
    "NONAMES": ("nplayer_entry('nonames', 'no names', ThreeEstimate(NoNames()))", NONAMES),
    "WRONGFAM": ("chance_entry('wrongfam', 'two-player', RACE_ESTIMATOR)", WRONGFAM),
    "WRONGFAM2": ("nplayer_entry('wrongfam2', 'two-player', RACE_ESTIMATOR)", WRONGFAM2),
}

HEAD = """\
from gamelib import NumericEstimator
from gamelib.cli.beyond import chance_entry, nplayer_entry
from gamelib.cli.games import game_entry
from tests.broken_families import CoinEstimate, ThreeEstimate
from tests.lacking_games import NoNames, NoOutcomes, NoParse
from tests.outside_game import RACE_ESTIMATOR, race_estimate
"""


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test runs in a folder of its own, seeing only the entry points it installs."""
    installed_games.cache_clear()
    monkeypatch.chdir(tmp_path)
    yield
    installed_games.cache_clear()
    for name in [m for m in sys.modules if m.startswith("newcomer")]:
        del sys.modules[name]


def made(text: str) -> Callable[[], GameEntry]:
    """A function making the entry `text` says, as the newcomer's module does."""
    from gamelib import NumericEstimator  # the names the expressions of MADE use

    names = {
        "NumericEstimator": NumericEstimator,
        "game_entry": game_entry,
        "chance_entry": chance_entry,
        "nplayer_entry": nplayer_entry,
        "CoinEstimate": CoinEstimate,
        "ThreeEstimate": ThreeEstimate,
        "NoParse": NoParse,
        "NoOutcomes": NoOutcomes,
        "NoNames": NoNames,
        "Coin": Coin,
        "RACE_ESTIMATOR": RACE_ESTIMATOR,
        "race_estimate": race_estimate,
    }
    return lambda: eval(text, names)


@pytest.mark.parametrize("name", sorted(MADE))
def test_an_entry_that_lacks_a_method_is_refused_where_it_is_made(name: str) -> None:
    with pytest.raises(TypeError) as refused:
        made(MADE[name][0])()
    assert str(refused.value) == MADE[name][1]


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (("play", "noparse", "--maxie", "human", "--minnie", "random"), "NOPARSE"),
        (("play", "noout"), "NOOUT"),
        (("play", "nonames"), "NONAMES"),
        (("play", "wrongfam"), "WRONGFAM"),
        (("analyse", "wrongfam2"), "WRONGFAM2"),
    ],
)
def test_game_from_refuses_the_entry_before_anything_is_played(
    command: tuple[str, ...], name: str, tmp_path: Path
) -> None:
    module = f"newcomer_{name.lower()}"
    (tmp_path / f"{module}.py").write_text(f"{HEAD}{name} = {MADE[name][0]}\n")
    said = f"--game-from {module}:{name}: in {module}, {MADE[name][1]}"
    assert cli.run("--game-from", f"{module}:{name}", *command, stdin="1\n") == (
        2,
        "",
        f"gamelib: {said}\n",
    )


def test_an_installed_entry_that_lacks_a_method_is_said_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "newcomer_pkg.py").write_text(f"{HEAD}NOOUT = {MADE['NOOUT'][0]}\n")
    info = tmp_path / "newcomer-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: newcomer\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[gamelib.games]\nnoout = newcomer_pkg:NOOUT\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = cli.run("analyse", "nim", "--pile", "3")
    assert (status, "chooses" in out) == (0, True)
    assert err == (
        f"gamelib: the game entry point noout (newcomer_pkg:NOOUT) could not be loaded: {NOOUT}\n"
    )


OTHER: dict[str, tuple[str, str]] = {
    "a chance game": (
        "game_entry('coin', 'a game of chance', CoinEstimate(Coin()))",
        "game_entry('coin', ...): its game is a Coin, a game of chance (it has outcomes): "
        "give it to gamelib.cli.beyond.chance_entry",
    ),
    "an n-player game": (
        "game_entry('three', 'n players', ThreeEstimate(NoNames.whole))",
        "game_entry('three', ...): its game is a Three, a game of n players (it has "
        "names): give it to gamelib.cli.beyond.nplayer_entry",
    ),
    "a game for its estimator": (
        "game_entry('race', 'a game, not an estimator', NoParse.whole)",
        "game_entry('race', ...) takes an estimator of a two-player game (its .game is "
        "the game), not a RaceToFive",
    ),
    "a two-player estimator": (
        "chance_entry('coin', 'two-player estimator', NumericEstimator(Coin(), race_estimate))",
        "chance_entry('coin', ...): its estimator is a NumericEstimator, which has no "
        "outcome_value, lower or upper: an estimator of a game of chance has game, "
        "estimate, outcome_value, lower and upper",
    ),
}


@pytest.mark.parametrize("what", sorted(OTHER))
def test_a_game_or_estimator_of_another_family_is_refused(what: str) -> None:
    with pytest.raises(TypeError) as refused:
        made(OTHER[what][0])()
    assert str(refused.value) == OTHER[what][1]


def test_an_entry_of_a_game_that_does_not_hash_is_listed() -> None:
    # The entry's build holds the kit; it compares by identity, as a lambda did.
    from dataclasses import dataclass

    from gamelib import NumericEstimator
    from gamelib.cli.games import GAME_CATALOG
    from tests.outside_game import RaceToFive

    @dataclass
    class Unhashed(RaceToFive):
        pass

    entry = game_entry(
        "unhashed", "a game without a hash", NumericEstimator(Unhashed(), race_estimate)
    )
    status, out, err = cli.run("list", games=GAME_CATALOG.with_game(entry))
    assert (status, err) == (0, "")
    assert "  unhashed   a game without a hash\n" in out


def test_a_two_player_game_with_names_or_outcomes_of_its_own_is_taken_as_asked() -> None:
    """A whole Game and a Game's estimator given to game_entry are a two-player entry,
    whatever else the game has (`names` for its players, an `outcomes` helper): it was
    refused as a game of n players or of chance, whose entries then could not play it."""
    from gamelib import NumericEstimator
    from gamelib.cli.games import GAME_CATALOG
    from tests.outside_game import RaceToFive

    class Named(RaceToFive):
        names = ("Ann", "Bob")

        def outcomes(self) -> str:
            return "a helper of the author's"

    entry = game_entry("named", "a race with names", NumericEstimator(Named(), race_estimate))
    assert entry.family == "two-player"
    status, out, err = cli.run(
        "play", "named", "--maxie", "alphabeta:3", "--minnie", "random", "--seed", "1",
        games=GAME_CATALOG.with_game(entry),
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "Game over! " in out
