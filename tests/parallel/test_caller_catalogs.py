"""Workers rebuild the caller's players and games (issue 39): a search kind added to
`main`'s catalogs and a game loaded with `--game-from` play and search on local processes
and on a real Dask cluster as they do here, and what cannot be sent is said in one
sentence."""

from __future__ import annotations

import json
from pathlib import Path

from gamelib.catalog import CATALOGS
from tests.caller_kinds import MINE, MINE_CHANCE, UNSENT
from tests.runner import run

CALLERS = CATALOGS.with_kind(MINE).with_kind(MINE_CHANCE).with_kind(UNSENT)
"""gamelib's kinds with three of a caller's."""

RACE = ("--game-from", "tests.outside_game:RACE")


def test_a_match_of_a_callers_kind_on_workers_and_dask_is_the_serial_match(
    dask_address: str,
) -> None:
    args = ["match", "mine:2", "alphabeta:2", "--game", "tictactoe", "--games", "4"]
    args += ["--seed", "3", "--json"]
    serial = run(*args, catalog=CALLERS)
    assert serial[0] == 0, serial[2]
    first = json.loads(serial[1].splitlines()[0])
    assert first["players"] == {"Maxie": "mine:2", "Minnie": "alphabeta:2"}
    assert len(serial[1].splitlines()) == 5  # four games and the summary
    assert run(*args, "--workers", "2", catalog=CALLERS) == serial
    assert run(*args, "--scheduler", dask_address, catalog=CALLERS) == serial


def test_a_match_of_a_callers_chance_kind_on_workers_is_the_serial_match() -> None:
    args = ["match", "mine-chance:2", "random", "--game", "pig", "--games", "4", "--seed", "5"]
    serial = run(*args, "--json", catalog=CALLERS)
    assert serial[0] == 0, serial[2]
    assert '"mine-chance:2"' in serial[1]
    assert run(*args, "--json", "--workers", "2", catalog=CALLERS) == serial


def test_a_match_of_a_game_from_a_module_on_workers_and_dask_is_the_serial_match(
    dask_address: str,
) -> None:
    args = [*RACE, "match", "mine:3", "alphabeta:1", "--game", "race", "--games", "4"]
    args += ["--plies", "1", "--seed", "3", "--json"]
    serial = run(*args, catalog=CALLERS)
    assert serial[0] == 0, serial[2]
    assert len(serial[1].splitlines()) == 5
    assert run(*args, "--workers", "2", catalog=CALLERS) == serial
    assert run(*args, "--scheduler", dask_address, catalog=CALLERS) == serial


def _answers(out: str) -> list[dict[str, object]]:
    """A batch's JSON answers, in line order, without what depends on where they ran: the
    time, and the positions solve visited (a worker's table keeps what its earlier lines
    found)."""
    found = [json.loads(line) for line in out.splitlines()]
    for answer in found:
        answer.pop("seconds", None)
        answer.pop("positions", None)
    return sorted(found, key=lambda answer: str(answer["line"]))


def test_batches_of_a_game_from_a_module_on_workers_give_the_serial_answers(
    tmp_path: Path, dask_address: str
) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("1\n2\n11\n21\n3\n")  # the last is no move of the race
    analyse = [*RACE, "analyse", "race", "--positions", str(positions), "--json"]
    analyse += ["--player", "mine:5"]
    solve = [*RACE, "solve", "race", "--positions", str(positions), "--json"]
    for args in (analyse, solve):
        status, out, _ = run(*args, catalog=CALLERS)
        assert status == 1  # the line that is no position
        assert len(out.splitlines()) == 5
        for where in (["--workers", "2"], ["--scheduler", dask_address, "--unordered"]):
            there = run(*args, *where, catalog=CALLERS)
            assert there[0] == status
            assert _answers(there[1]) == _answers(out)
    assert '"player": "Minimax(depth 5)"' in run(*analyse, catalog=CALLERS)[1]


def test_a_kind_that_does_not_pickle_is_said_in_one_sentence(
    tmp_path: Path, dask_address: str
) -> None:
    (tmp_path / "positions.txt").write_text("1\n")
    match = ["match", "unsent:2", "random", "--game", "nim", "--games", "2", "--workers", "2"]
    batch = ["analyse", "nim", "--positions", str(tmp_path / "positions.txt")]
    for args in (match, [*batch, "--player", "unsent:2", "--workers", "2"]):
        status, out, err = run(*args, catalog=CALLERS)
        assert (status, out) == (2, "")
        assert err.startswith(
            "gamelib: the search kind 'unsent' cannot be sent to 2 local processes, as it "
            "does not pickle (PicklingError: "
        )
        assert err.endswith(
            "): make its parts module-level functions and classes, or run without --workers "
            "or --scheduler\n"
        )
        assert err.count("\n") == 1
    # Dask pickles a lambda by value (cloudpickle), so there the kind plays.
    on_dask = [*match[:-2], "--seed", "1", "--json"]
    assert run(*on_dask, "--scheduler", dask_address, catalog=CALLERS) == run(
        *on_dask, catalog=CALLERS
    )


GIVEN: tuple[tuple[str, str, tuple[str, ...], str, int], ...] = (
    ("race", "tests.outside_game:RACE", ("random", "alphabeta:3"), "1\n2\n", 4),
    ("coin-ok", "tests.broken_families:COINS.ok", ("random", "expectiminimax:3"), "1 0\n2 1\n", 4),
    (
        "three-ok",
        "tests.broken_families:THREES.ok",
        ("random", "maxn:3", "paranoid:2"),
        "1\n2\n",
        6,
    ),
)
"""An entry of each family made by `game_entry`, `chance_entry` and `nplayer_entry` in an
importable module; players for a match of it; lines of moves to analyse; games to play."""


def test_a_game_given_to_main_of_each_family_goes_to_workers_as_itself(tmp_path: Path) -> None:
    # The entry pickles (no lambda of gamelib's in it), so it crosses to the workers whole.
    from gamelib.cli.games import GAME_CATALOG
    from gamelib.cli.loading import load_game

    for name, path, players, lines, games_played in GIVEN:
        games = GAME_CATALOG.with_game(load_game(path))
        (tmp_path / "lines.txt").write_text(lines)
        match = ["match", name, *players, "--games", str(games_played), "--seed", "2", "--json"]
        serial = run(*match, games=games)
        assert (serial[0], len(serial[1].splitlines()), serial[2]) == (0, games_played + 1, ""), (
            name,
            serial[2],
        )
        assert run(*match, "--workers", "2", games=games) == serial
        analyse = ["analyse", name, "--positions", str(tmp_path / "lines.txt")]
        status, out, _ = run(*analyse, games=games)
        assert (status, out.count("chooses")) == (0, 2), name
        assert run(*analyse, "--workers", "2", games=games)[:2] == (status, out)
