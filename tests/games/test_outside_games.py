"""Games from outside gamelib's catalog (issue 14): `--game-from MODULE:OBJECT` and the
`gamelib.games` entry point group, through the real command line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib import NumericEstimator
from gamelib.cli.games import GAME_CATALOG, GameCatalog, game_entry, installed_games
from tests import runner as cli
from tests.outside_game import RACE, RaceToFive

FROM = ("--game-from", "tests.outside_game:RACE")

PLAYED = """\
Playing race: add 1 or 2; whoever reaches 5 wins.
Maxie: AlphaBeta(depth 5).  Minnie: Minimax(depth 5).

the total is 0; Maxie to add 1 or 2
Maxie decides to make the move 2 (T s)

the total is 2; Minnie to add 1 or 2
Minnie decides to make the move 1 (T s)

the total is 3; Maxie to add 1 or 2
Maxie decides to make the move 2 (T s)

Game over! Maxie wins!
"""

ANALYSED = """\
the total is 0; Maxie to add 1 or 2
AlphaBeta(depth 5) chooses 2 for Maxie; value: Definitely Maxie wins
"""


def gamelib(*argv: str, games: GameCatalog | None = None) -> tuple[int, str, str]:
    status, out, err = cli.run(*argv, games=games)
    return status, cli.untimed(out), err


@pytest.fixture(autouse=True)
def no_installed_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test sees only the entry points it installs (in a folder of its own)."""
    installed_games.cache_clear()
    monkeypatch.chdir(tmp_path)
    yield
    installed_games.cache_clear()


def install(folder: Path, monkeypatch: pytest.MonkeyPatch, *points: str) -> None:
    """A package installed as pip would leave it: a dist-info folder naming `points`
    (`name = module:object`) in the `gamelib.games` group, on Python's path."""
    info = folder / "racepkg-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: racepkg\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[gamelib.games]\n" + "\n".join(points) + "\n")
    monkeypatch.syspath_prepend(str(folder))


def test_a_game_from_a_module_plays_through_the_command_line() -> None:
    argv = (*FROM, "play", "race", "--maxie", "alphabeta", "--minnie", "minimax", "--depth", "5")
    assert gamelib(*argv) == (0, PLAYED, "")


def test_a_game_from_a_module_is_analysed_and_solved() -> None:
    assert gamelib("analyse", "race", "--depth", "5", *FROM) == (0, ANALYSED, "")
    status, out, err = gamelib(f"--game-from={FROM[1]}", "solve", "race")
    assert (status, re.sub(r"in \d+\.\d\d s", "in T s", out), err) == (
        0,
        "the total is 0; Maxie to add 1 or 2\n"
        "Maxie, to move, wins in 3 plies; a best move: 2\n"
        "best line: 2 1 2\n"
        "searched 18 positions in T s (8 of 1,000,000 table entries used)\n",
        "",
    )


def test_a_game_from_a_module_is_listed_among_the_others() -> None:
    _, plain, _ = gamelib("list")
    status, out, err = gamelib(*FROM, "list")
    assert (status, err) == (0, "")
    race = "  race       add 1 or 2; whoever reaches 5 wins\n"
    assert out == plain.replace("  takeaway", race + "  takeaway", 1)


def test_main_takes_a_catalog_of_games() -> None:
    games = GAME_CATALOG.with_game(RACE)
    assert "race" not in GAME_CATALOG
    argv = ("play", "race", "--maxie", "alphabeta", "--minnie", "minimax", "--depth", "5")
    assert gamelib(*argv, games=games) == (0, PLAYED, "")


def test_a_saved_game_from_a_module_replays_with_it(tmp_path: Path) -> None:
    saved = tmp_path / "race.json"
    argv = ("play", "race", "--maxie", "alphabeta", "--minnie", "random", "--seed", "1")
    status, _, err = gamelib(*FROM, *argv, "--save", str(saved))
    assert (status, err) == (0, "")
    status, out, err = gamelib("replay", str(saved), *FROM)
    assert (status, err) == (0, "")
    assert out.startswith("Replaying race: 3 moves, valued by AlphaBeta(depth 5).")


def test_a_module_in_this_folder_is_found(tmp_path: Path) -> None:
    # As `python -m` does: a user runs gamelib from the folder that holds the game.
    (tmp_path / "mine.py").write_text("from tests.outside_game import RACE\n")
    status, out, err = gamelib("--game-from", "mine:RACE", "analyse", "race", "--depth", "5")
    assert (status, out, err) == (0, ANALYSED, "")


def test_a_module_named_py_in_a_package_is_a_module_and_a_file_named_so_is_a_path(
    tmp_path: Path,
) -> None:
    """`gm.py` is a module when a package gm has one called py (it was refused as a path),
    and `mine.py`, a file beside, is a path, said so."""
    (tmp_path / "gm").mkdir()
    (tmp_path / "gm" / "__init__.py").write_text("")
    (tmp_path / "gm" / "py.py").write_text("from tests.outside_game import RACE\n")
    (tmp_path / "mine.py").write_text("from tests.outside_game import RACE\n")
    status, out, err = gamelib("--game-from", "gm.py:RACE", "analyse", "race", "--depth", "5")
    assert (status, out, err) == (0, ANALYSED, "")
    assert gamelib("--game-from", "mine.py:RACE", "list") == (
        2,
        "",
        "gamelib: --game-from mine.py:RACE: give a module name, not a path (mine), run from "
        "the folder that holds it or with that folder on PYTHONPATH\n",
    )


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        (
            "tests.outside_game",
            "--game-from tests.outside_game: name a module and an object in it, as "
            "MODULE:OBJECT (mygame:RACE)",
        ),
        (
            "/tmp/somewhere/mygames.py:RACE",
            "--game-from /tmp/somewhere/mygames.py:RACE: give a module name, not a path "
            "(mygames), run from the folder that holds it or with that folder on PYTHONPATH",
        ),
        (
            "./mygames.py:RACE",
            "--game-from ./mygames.py:RACE: give a module name, not a path (mygames), run "
            "from the folder that holds it or with that folder on PYTHONPATH",
        ),
        (
            "no_such_module:RACE",
            "--game-from no_such_module:RACE: there is no module no_such_module (neither on "
            "Python's path nor in this folder)",
        ),
        (
            "tests.outside_game:NOPE",
            "--game-from tests.outside_game:NOPE: the module tests.outside_game has no NOPE",
        ),
        (
            "tests.outside_game:TARGET",
            "--game-from tests.outside_game:TARGET is an int, not a game: give a Game, an "
            "estimator (whose .game is the game), or an entry (gamelib.cli.games.game_entry)",
        ),
        (
            "tests.outside_game:BADLY_NAMED",
            "--game-from tests.outside_game:BADLY_NAMED names its game 'Race Five': a game's "
            "name is lower-case letters, digits, '-' and '_'",
        ),
        (
            "broken:RACE",
            "--game-from broken:RACE: importing broken failed: ZeroDivisionError: division by zero",
        ),
        (
            "half:RACE",
            "--game-from half:RACE: importing half failed: ModuleNotFoundError: No module named "
            "'nothing_here'",
        ),
    ],
)
def test_a_bad_path_gets_one_sentence_and_status_2(
    path: str, sentence: str, tmp_path: Path
) -> None:
    (tmp_path / "broken.py").write_text("1 / 0\n")
    (tmp_path / "half.py").write_text("import nothing_here\n")
    assert gamelib("--game-from", path, "list") == (2, "", f"gamelib: {sentence}\n")


def test_game_from_needs_a_value() -> None:
    assert gamelib("list", "--game-from") == (
        2,
        "",
        "gamelib: --game-from needs MODULE:OBJECT, such as mygame:RACE\n",
    )


def test_a_game_given_to_main_that_does_not_pickle_is_not_sent_to_workers(
    tmp_path: Path,
) -> None:
    (tmp_path / "lines.txt").write_text("1\n")
    argv = ("analyse", "race", "--positions", str(tmp_path / "lines.txt"), "--workers", "2")
    # gamelib's entry pickles; this one's estimator is a lambda, which does not
    unsent = game_entry(
        "race", "a lambda for an estimate", NumericEstimator(RaceToFive(), lambda s: 0.0)
    )
    status, out, err = gamelib(*argv, games=GAME_CATALOG.with_game(unsent))
    assert (status, out) == (2, "")
    assert err.startswith(
        "gamelib: the game 'race' cannot be sent to 2 local processes, as it does not pickle ("
    )
    assert err.endswith(
        "): load it with --game-from MODULE:OBJECT, or run without --workers or --scheduler\n"
    )
    assert err.count("\n") == 1


def test_an_installed_game_is_listed_and_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "race = tests.outside_game:RACE")
    status, out, err = gamelib("list")
    assert (status, err) == (0, "")
    assert "  race       add 1 or 2; whoever reaches 5 wins\n" in out
    argv = ("play", "race", "--maxie", "alphabeta", "--minnie", "minimax", "--depth", "5")
    assert gamelib(*argv) == (0, PLAYED, "")


def test_an_installed_game_is_solved_on_workers_as_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "race = tests.outside_game:RACE")
    (tmp_path / "lines.txt").write_text("1\n2\n")
    argv = ("solve", "race", "--positions", str(tmp_path / "lines.txt"))
    status, out, err = gamelib(*argv)
    assert (status, err) == (0, "")
    assert "Minnie, to move, wins in 3 plies; a best move: 1\n" in out
    there = gamelib(*argv, "--workers", "2")
    assert there[0] == 0
    # The counts and times are each worker's, whose table keeps what its earlier lines found.
    searched = re.compile(r"searched .*\n")
    assert searched.sub("", there[1]) == searched.sub("", out)


def test_installed_games_are_loaded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(tmp_path, monkeypatch, "race = tests.outside_game:RACE")
    assert installed_games() is installed_games()
    assert installed_games() == ((RACE,), ())


def test_a_broken_entry_point_is_said_and_the_other_games_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(
        tmp_path,
        monkeypatch,
        "race = tests.outside_game:RACE",
        "lost = nosuchpkg.games:LOST",
        "odd = tests.outside_game:NOT_AN_ENTRY",
    )
    said = (
        "gamelib: the game entry point lost (nosuchpkg.games:LOST) could not be loaded: "
        "ModuleNotFoundError: No module named 'nosuchpkg'\n"
        "gamelib: the game entry point odd (tests.outside_game:NOT_AN_ENTRY) is a RaceToFive, "
        "not a game entry: make one with gamelib.cli.games.game_entry(name, summary, "
        "estimator)\n"
    )
    argv = ("play", "race", "--maxie", "alphabeta", "--minnie", "minimax", "--depth", "5")
    assert gamelib(*argv) == (0, PLAYED, said)
    status, out, err = gamelib("analyse", "nim", "--pile", "5")
    assert (status, err) == (0, said)
    assert "chooses" in out
    status, out, err = gamelib("play", "lost")
    assert (status, out) == (2, "")
    playable = [name for name in names() if name != "tree"]  # play does not offer tree
    assert err == said + f"gamelib: unknown game 'lost'; known games: {', '.join(playable)}\n"


def names() -> list[str]:
    return sorted([*GAME_CATALOG.names(), "race"])
