"""What a new user tripped on in the first hour with the command line (issue 42): each case
as the user typed it, with the sentence or the output they should have had."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from gamelib.catalog import CATALOG
from gamelib.cli import main
from gamelib.cli.specs import parse_player_spec
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


# --------------------------------------------------------------------------
# --sprt plays on until the test decides, up to a cap the heading names


def test_an_sprt_plays_on_until_it_decides() -> None:
    status, out, err = run(
        "match", "tictactoe", "alphabeta:2", "alphabeta:3", "--sprt", "elo0=0", "elo1=50",
        "--seed", "5",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == (
        "Match of tictactoe: alphabeta:2 (A) against alphabeta:3 (B), pairs of games until "
        "the SPRT decides, at most 1,000 (--games sets the cap), from 1,000 random openings "
        "of 2 moves, seed 5, played in this process\n"
        "Score of alphabeta:2 vs alphabeta:3: 5 - 12 - 23  [0.412] 40\n"
        "Ptnml(0-2): [0, 7, 13, 0, 0]\n"
        "Elo difference: -61.4 +/- 37.6, LOS: 0.1 %, DrawRatio: 57.5 %\n"
        "SPRT: llr -3.08 (-104.9%), lbound -2.94, ubound 2.94 - H0 was accepted (A is at "
        "most 0 Elo stronger)\n"
    )


def test_the_sprt_cap_is_set_by_games_and_named_when_reached() -> None:
    status, out, err = run(
        "match", "tictactoe", "alphabeta:4", "alphabeta:4", "--sprt", "elo0=0", "elo1=50",
        "--seed", "3", "--games", "6",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == (
        "Match of tictactoe: alphabeta:4 (A) against alphabeta:4 (B), pairs of games until "
        "the SPRT decides, at most 3 (--games sets the cap), from 3 random openings of 2 "
        "moves, seed 3, played in this process\n"
        "Score of alphabeta:4 (A) vs alphabeta:4 (B): 1 - 1 - 4  [0.500] 6\n"
        "Ptnml(0-2): [0, 0, 3, 0, 0]\n"
        "Elo difference: 0.0 +/- 186.2, LOS: 50.0 %, DrawRatio: 66.7 %\n"
        "SPRT: llr -0.46 (-15.5%), lbound -2.94, ubound 2.94 - no hypothesis was accepted "
        "within the cap of 6 games: a larger --games plays on\n"
    )


# --------------------------------------------------------------------------
# The Elo difference's interval in words where an end is missing


def test_an_interval_without_an_upper_bound_is_said_in_words() -> None:
    status, out, err = run(
        "match", "tictactoe", "alphabeta:4", "random", "--games", "6", "--seed", "1",
        "--workers", "2",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == (
        "Match of tictactoe: alphabeta:4 (A) against random (B), 3 pairs of games from 3 "
        "random openings of 2 moves, seed 1, played on 2 local processes\n"
        "Score of alphabeta:4 vs random: 5 - 0 - 1  [0.917] 6\n"
        "Ptnml(0-2): [0, 0, 0, 1, 2]\n"
        "Elo difference: 416.6, with no upper bound: 95% interval 223.2 and up, LOS: 100.0 %, "
        "DrawRatio: 16.7 %\n"
    )


# --------------------------------------------------------------------------
# The budget forms id: takes, for every anytime kind: a count, or a time with its unit


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("mcts:2s", {"sims": None, "time": 2.0}),
        ("mcts:500ms", {"sims": None, "time": 0.5}),
        ("MCTS:1.5min:2", {"sims": None, "time": 90.0, "c": 2.0}),
        ("mcts:500", {"sims": 500}),
        ("mcts:500:time=2s", {"sims": 500, "time": 2.0}),
        ("id:2s", {"time": 2.0}),
    ],
)
def test_a_time_in_the_budget_s_place_is_a_time(text: str, options: dict[str, object]) -> None:
    assert dict(parse_player_spec(text, CATALOG, 5).options) == options


def test_mcts_thinks_for_a_time_from_the_command_line() -> None:
    status, out, err = run("analyse", "tictactoe", "--player", "mcts:100ms:seed=1", "--json")
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert found["value"] == f"MCTS's mean score {found['score']:.1%} for Maxie"


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("mcts:2x", "the budget in 'mcts:2x' must be a number of simulations (mcts:500) or a "
         "time (mcts:2s, mcts:500ms), got '2x'"),
        ("mcts:1.5", "the budget in 'mcts:1.5' must be a number of simulations (mcts:500) or a "
         "time (mcts:2s, mcts:500ms), got '1.5'"),
        ("mcts:0s", "the budget in 'mcts:0s' must be a number of simulations (mcts:500) or a "
         "time (mcts:2s, mcts:500ms), got '0s': must be more than 0 seconds"),
        ("id:2x", "the budget in 'id:2x' must be a depth (id:12) or a time (id:2s, id:500ms), "
         "got '2x'"),
        ("mcts:2s:time=1s", "time is given twice in 'mcts:2s:time=1s'"),
    ],
)  # fmt: skip
def test_a_bad_budget_is_one_sentence(spec: str, said: str) -> None:
    assert run("analyse", "tictactoe", "--player", spec) == (2, "", f"gamelib: {said}\n")


@pytest.mark.parametrize(("game", "family"), [("pig", "chance"), ("takeaway", "n-player")])
def test_a_time_for_a_family_s_mcts_says_it_counts_simulations(game: str, family: str) -> None:
    assert run("analyse", game, "--player", "mcts:2s") == (
        2,
        "",
        f"gamelib: the simulations in 'mcts:2s' must be a whole number, got '2s': in a game "
        f"of the {family} family, mcts counts simulations (mcts:500) and takes no time budget\n",
    )


# --------------------------------------------------------------------------
# MCTS's trace of a handout tree takes its scale from the tree's values


def test_mcts_traces_a_handout_tree_on_the_scale_of_its_values() -> None:
    status, out, err = run("trace", "small", "--player", "mcts:20")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "(MCTS reads a leaf's value v as the result tanh(v / 30): the scale is the tree's "
        "largest value, so that no leaf is squashed to +/-1; mcts:20:scale=S sets another)"
    )
    # The leaves 3 and 30 count as tanh(0.1) and tanh(1), no longer both as +1.00.
    assert "    (Maxie,c) via 0  2 visits  +0.10\n" in out
    assert "    (Maxie,l) via 1  2 visits  +0.76\n" in out
    assert "+1.00" not in out
    assert "-1.00" not in out


def test_a_scale_given_is_kept_and_not_noted() -> None:
    status, out, err = run("trace", "small", "--player", "mcts:20:scale=10")
    assert (status, err) == (0, "")
    assert out.startswith("Simulation 1: (Maxie,a), expanded, to (Minnie,b) via 0; played out")
    assert "+1.00" in out  # the leaf 30 at this scale: tanh(3) = +1.00 to two places
    assert run("trace", "small", "--player", "mcts:20", "--scale", "10") == (status, out, err)
