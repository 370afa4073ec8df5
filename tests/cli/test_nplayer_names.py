"""An n-player game's `names` against its seats: names that cannot tell the players apart
are refused in one sentence when the game is loaded (exit 2), and names that do not match
the seats the game plays are one sentence when the game shows it (exit 1), whatever the
command."""

from __future__ import annotations

import pytest

from gamelib.cli.beyond import nplayer_entry
from gamelib.cli.kits import EntryError
from gamelib.nplayer.game import NamesError, VectorEstimator, check_names
from tests.bad_names import Renamed
from tests.runner import run

FROM = "tests.bad_names"


def _commands(game: str) -> list[tuple[str, ...]]:
    return [
        ("play", game, "--player1", "random", "--player2", "random", "--seed", "1"),
        ("match", game, "random", "random", "random", "--games", "3", "--seed", "1"),
        ("analyse", game, "--player", "maxn:2"),
    ]


@pytest.mark.parametrize(
    ("entry", "game", "sentence"),
    [
        ("ONE", "one", "nplayer_entry('one', ...): its game names its players ('A',): a game "
         "needs at least 2 players, so 2 names"),
        ("TWICE", "twice", "nplayer_entry('twice', ...): its game names its players ('A', "
         "'B', 'A'): players 0 and 2 are both called 'A', but each needs a name of its own"),
        ("EMPTY", "empty", "nplayer_entry('empty', ...): its game names its players ('A', ' ', "
         "'C'): player 1's name must be printable text, got ' '"),
        ("LINES", "lines", "nplayer_entry('lines', ...): its game names its players ('A', "
         "'B\\nC', 'D'): player 1's name must be printable text, got 'B\\nC'"),
        ("NOT_TEXT", "numbers", "nplayer_entry('numbers', ...): its game names its players "
         "(1, 2, 3): player 0's name must be printable text, got 1"),
        ("WORD", "word", "nplayer_entry('word', ...): its game names its players 'ABC': names "
         "must be a tuple of text, one name a player"),
        ("DIRECT", "direct", "the game direct names its players ('A', 'B', 'A'): players 0 "
         "and 2 are both called 'A', but each needs a name of its own"),
    ],
    ids=lambda x: str(x)[:12],
)  # fmt: skip
def test_names_that_cannot_name_the_players_are_refused_when_loaded(
    entry: str, game: str, sentence: str
) -> None:
    for argv in _commands(game):
        assert run("--game-from", f"{FROM}:{entry}", *argv) == (2, "", f"gamelib: {sentence}\n")


def test_a_player_beyond_the_names_stops_the_game_naming_them() -> None:
    status, out, err = run("--game-from", f"{FROM}:SHORT", *_commands("short")[0])
    assert (status, out.splitlines()[-1]) == (1, "3 left, and it is C's turn")
    assert err == (
        "gamelib: game stopped: TakeAway.player must return a player's number, 0 to 1 (it "
        "names A, B), but it gave 2 in '3 left, and it is C's turn'\n"
    )


def test_more_names_than_seats_stops_the_game_at_its_end_naming_them() -> None:
    status, _, err = run("--game-from", f"{FROM}:LONG", *_commands("long")[0], "--player3",
                         "random", "--player4", "random")  # fmt: skip
    assert (status, err) == (
        1,
        "gamelib: game stopped: TakeAway.play must end the game with a tuple of 4 finite "
        "utilities, one for each player it names (A, B, C, D), but it gave (1, 0, 0) for the "
        "move 2 in '2 left, and it is A's turn'\n",
    )


def test_the_seats_given_are_held_to_the_names() -> None:
    assert run("--game-from", f"{FROM}:LONG", *_commands("long")[1]) == (
        2, "", "gamelib: long has 4 seats: a match of it names 4 players, one a seat, got 3\n"
    )  # fmt: skip
    assert run("--game-from", f"{FROM}:SHORT", *_commands("short")[0], "--player3", "x") == (
        2, "", "gamelib: --player3 names no player: short has 2 players, --player1 to "
        "--player2\n",
    )  # fmt: skip


def test_nplayer_entry_refuses_names_where_it_is_made() -> None:
    game = Renamed(("A", "A"))
    with pytest.raises(EntryError, match=r"players 0 and 1 are both called 'A'"):
        nplayer_entry("same", "two As", VectorEstimator(game, lambda state: (0, 0)))
    assert check_names(["A", "B"], "Mine") == ("A", "B")
    with pytest.raises(NamesError, match=r"^Mine names its players 3: names must be a tuple"):
        check_names(3, "Mine")
