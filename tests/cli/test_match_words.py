"""`gamelib match GAME ...` takes the game's own options anywhere after its name: before
the players (as the help says) or after them, with the same match either way."""

from __future__ import annotations

import json

import pytest

from gamelib.cli._common import _game_words
from gamelib.cli.games import GAME_CATALOG
from tests.cli.test_first_hour_cli import help_text
from tests.runner import run

SEEDED = ("--games", "2", "--seed", "3", "--json")


def _lines(*argv: str) -> list[dict[str, object]]:
    """The JSON lines of `gamelib match ARGV`: one a game, then the summary."""
    status, out, err = run("match", *argv)
    assert (status, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (("nim", "--pile", "7", "alphabeta:2", "random"),
         ("nim", "alphabeta:2", "random", "--pile", "7")),
        (("nim", "--pile=7", "alphabeta:2", "random"),
         ("nim", "alphabeta:2", "random", "--pile=7")),
        (("nim", "--pi", "7", "alphabeta:2", "random"),
         ("nim", "alphabeta:2", "random", "--pile", "7")),
        (("nim", "--games", "2", "alphabeta:2", "random"), ("nim", "alphabeta:2", "random")),
        (("takeaway", "--players", "4", "maxn:2", "random", "paranoid:2", "mcts:20"),
         ("takeaway", "maxn:2", "random", "paranoid:2", "mcts:20", "--players", "4")),
        (("connect4", "--cols", "5", "alphabeta:2", "--rows", "4", "random"),
         ("connect4", "alphabeta:2", "random", "--rows", "4", "--cols", "5")),
    ],
    ids=["nim", "nim=", "abbreviated", "match's own", "takeaway", "mixed"],
)  # fmt: skip
def test_game_options_before_the_players_make_the_same_match(
    before: tuple[str, ...], after: tuple[str, ...]
) -> None:
    games = ("--games", "4") if before[0] == "takeaway" else ()
    first = _lines(*before, *SEEDED, *games)
    assert first == _lines(*after, *SEEDED, *games)
    assert len(first) == (4 if games else 2) + 1  # the games, then the summary


def test_the_game_options_reach_the_game() -> None:
    """--pile 1 before the players: Nim from one pebble, which the first mover loses."""
    games = _lines("nim", "--pile", "1", "alphabeta:2", "random", "--plies", "0", *SEEDED)[:-1]
    assert [(game["moves"], game["outcome"]) for game in games] == [(["1"], "Minnie wins!")] * 2


def test_the_words_after_a_game_split_into_its_options_and_the_rest() -> None:
    split = _game_words(GAME_CATALOG, "connect4", ["--cols", "5", "a", "--k=3", "b", "--", "-c"])
    assert split == (["--cols", "5", "--k=3"], ["a", "b", "-c"])
    assert _game_words(GAME_CATALOG, "nim", ["--bogus", "a", "b"]) == (["--bogus"], ["a", "b"])
    assert _game_words(GAME_CATALOG, "go", ["--size", "9", "a"]) == (["--size", "9", "a"], [])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("nim", "--bogus", "alphabeta:2", "random"), "unrecognized arguments: --bogus"),
        (("nim", "--pile", "7"), "nim is a game of two players: a match names two, A and B, got 0"),
        (("takeaway", "--players", "4", "maxn:2", "random", "paranoid:2"),
         "takeaway has 4 seats: a match of it names 4 players, one a seat, got 3"),
        (("nim", "--pile", "x", "alphabeta:2", "random"), "--pile"),
        (("alphabeta:2", "random"), "match needs a game: gamelib match GAME A B (or --game GAME)"),
    ],
    ids=lambda x: str(x)[:30],
)  # fmt: skip
def test_a_bad_match_line_gets_one_sentence(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run("match", *argv, "--games", "4")
    assert (status, out) == (2, "")
    assert err.startswith("gamelib: ")
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("given", "first"),
    [
        (("--game", "takeaway", "--players", "4", "maxn:2", "random", "paranoid:2", "mcts:20"),
         ("takeaway", "--players", "4", "maxn:2", "random", "paranoid:2", "mcts:20")),
        (("maxn:2", "random", "--game", "takeaway", "--players", "2"),
         ("takeaway", "--players", "2", "maxn:2", "random")),
        (("--game", "nim", "--pile", "7", "alphabeta:2", "random"),
         ("nim", "--pile", "7", "alphabeta:2", "random")),
        (("--game=nim", "--pi=7", "alphabeta:2", "random"),
         ("nim", "--pile", "7", "alphabeta:2", "random")),
        (("--game", "connect4", "--cols", "5", "alphabeta:2", "--rows", "4", "random"),
         ("connect4", "--cols", "5", "--rows", "4", "alphabeta:2", "random")),
    ],
    ids=["takeaway", "takeaway after", "nim", "nim=", "connect4"],
)  # fmt: skip
def test_game_options_with_the_game_flag_make_the_match_of_the_game_named_first(
    given: tuple[str, ...], first: tuple[str, ...]
) -> None:
    """`--game G --players 4 A B C D`: 4 is the game's option, never a player (argparse
    took it for one, and the game's parser then said --players expected one argument)."""
    games = ("--games", "4") if "takeaway" in first and "4" in first else ()
    assert _lines(*given, *SEEDED, *games) == _lines(*first, *SEEDED, *games)


def test_the_game_flag_lists_the_games_options_in_the_help_and_refuses_a_missing_value() -> None:
    assert "options of nim:\n  --pile PILE" in help_text("match", "--game", "nim", "--help")
    status, out, err = run("match", "--game", "nim", "alphabeta:2", "random", "--pile")
    assert (status, out, err) == (2, "", "gamelib: argument --pile: expected one argument\n")
    status, out, err = run("match", "--game", "takeaway", "--players", "4", "A", "B", "C", "D")
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: unknown player kind 'A'; known kinds for takeaway: human, random, maxn, "
        "shallow-maxn, paranoid, mcts\n"
    )
