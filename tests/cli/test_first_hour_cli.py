"""What a new user tripped on in the first hour with the command line (issue 42): each case
as the user typed it, with the sentence or the output they should have had."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runner import run

# --------------------------------------------------------------------------
# replay of a saved game whose options were edited


def _saved(tmp_path: Path, game: str, options: list[str], moves: list[str]) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps({"game": game, "options": options, "moves": moves}))
    return str(path)


@pytest.mark.parametrize(
    ("game", "options", "why"),
    [
        ("tictactoe", ["--cols", "1000"], "tictactoe takes no option --cols"),
        ("connect4", ["--cols", "x"], "--cols must be a whole number, got 'x'"),
        ("nim", ["--pile"], "argument --pile: expected one argument"),
        ("connect4", ["--rows", "5", "stray"], "connect4 takes no option stray"),
    ],
)
def test_replay_of_edited_options_names_the_file_and_the_option(
    tmp_path: Path, game: str, options: list[str], why: str
) -> None:
    file = _saved(tmp_path, game, options, ["1"])
    status, out, err = run("replay", file)
    assert (status, out) == (2, "")
    assert err == (
        f"gamelib: the saved game '{file}' gives {game} the options {' '.join(options)}, "
        f"which cannot be used: {why}\n"
    )


def test_replay_of_options_that_fit_still_replays(tmp_path: Path) -> None:
    file = _saved(tmp_path, "nim", ["--pile", "3"], ["3"])
    status, out, err = run("replay", file, "--player", "minimax:2")
    assert (status, err) == (0, "")
    assert out.startswith("Replaying nim: 1 move, valued by ")
