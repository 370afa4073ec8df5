"""What a new user tripped on in the first hour with the command line (issue 42): each case
as the user typed it, with the sentence or the output they should have had."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from gamelib.cli import main
from tests.runner import run


def help_text(*argv: str) -> str:
    """What `gamelib ARGV` (asking for help) writes; it must exit 0."""
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(list(argv))
    assert done.value.code == 0
    return out.getvalue()


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


# --------------------------------------------------------------------------
# Names without regard to case; help that lists what can be done


@pytest.mark.parametrize("written", ["DFPN", "Dfpn", " pns ", "EXACT", "Boolean"])
def test_a_method_is_named_without_regard_to_case(written: str) -> None:
    status, out, err = run("solve", "nim", "--pile", "6", "--method", written)
    assert (status, err) == (0, "")
    assert out.splitlines()[1].startswith("Maxie, to move, wins")


def test_an_unknown_method_is_still_named() -> None:
    status, _, err = run("solve", "nim", "--method", "DFS")
    assert (status, err) == (
        2,
        "gamelib: --method: there is no method 'DFS'; one of: exact, boolean, pns, dfpn\n",
    )


def test_solve_help_lists_only_the_games_it_can_solve() -> None:
    out = help_text("solve", "--help")
    assert "GAME                 one of: connect4, nim, tictactoe" in out
    for refused in ("pig", "takeaway", "tree"):
        assert refused not in out.split("options:")[0]


# --------------------------------------------------------------------------
# MCTS's value is what MCTS found, not the estimator's guess at the move it chose


def test_analyse_reports_mcts_own_score_as_the_value() -> None:
    args = ("analyse", "tictactoe", "--player", "mcts:500:seed=1")
    status, out, err = run(*args, "--json")
    assert (status, err) == (0, "")
    found = json.loads(out)
    score = found["score"]
    assert found["value"] == f"MCTS's mean score {score:.1%} for Maxie"
    assert "guess" not in found
    assert found["estimator_guess"] == 4  # the estimator's guess at the chosen move, named
    status, out, err = run(*args)
    assert (status, err) == (0, "")
    assert f"; value: MCTS's mean score {score:.1%} for Maxie\n" in out
    assert "Guess" not in out


def test_a_proven_mcts_value_is_the_outcome() -> None:
    status, out, err = run(
        "analyse", "tictactoe", "--moves", "1 4 2 5", "--player", "mcts:300:seed=2", "--json"
    )
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert found["proven"] is not None
    assert found["value"] == "Definitely Maxie wins"


# --------------------------------------------------------------------------
# match takes the game first, as play, analyse, solve and trace do


def test_match_takes_the_game_first_as_every_other_command_does() -> None:
    first = run(
        "match", "nim", "alphabeta:2", "random", "--games", "2", "--seed", "5", "--pile", "7"
    )
    flag = run(
        "match",
        "alphabeta:2",
        "random",
        "--game",
        "nim",
        "--games",
        "2",
        "--seed",
        "5",
        "--pile",
        "7",
    )
    assert first[0] == 0
    assert first == flag
    assert (
        run("match", "NIM", "alphabeta:2", "random", "--games", "2", "--seed", "5", "--pile", "7")
        == flag
    )


def test_match_without_a_game_says_how_to_give_one() -> None:
    status, out, err = run("match", "alphabeta:2", "random")
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: match needs a game: gamelib match GAME A B (or --game GAME); the games: "
        "connect4, nim, pig, takeaway, tictactoe\n"
    )


# --------------------------------------------------------------------------
# play --help says where the game's own options are, and what --scale does


def test_play_help_says_where_the_games_options_are_and_what_scale_does() -> None:
    out = help_text("play", "--help")
    assert (
        "Options after the game's name include the game's own (play connect4 --help "
        in " ".join(out.split())
    )
    assert "tanh(g / scale)" in " ".join(out.split())
    assert "--cols" in help_text("play", "connect4", "--help")
