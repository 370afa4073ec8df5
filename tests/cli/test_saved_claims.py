"""replay holds what a saved game says of itself (its seats, results, winner and end)
against the game its moves and rolls play: a file edited by hand that disagrees gets one
sentence (status 2), before any of the game is printed, in every family; files that say
nothing of these still load."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from gamelib.core.jsondata import JSON
from tests.runner import run

Edit = Callable[[dict[str, JSON]], None]


def _saved(tmp_path: Path, *play: str) -> dict[str, JSON]:
    """The game `play` (a `gamelib play` command line) saves, checked to replay as is."""
    file = tmp_path / "game.json"
    status, _, _ = run("play", *play, "--save", str(file))
    assert status == 0
    document: dict[str, JSON] = json.loads(file.read_text(encoding="utf-8"))
    assert run("replay", str(file))[0] == 0
    return document


PIG = ("pig", "--target", "12", "--maxie", "random", "--minnie", "random", "--seed", "4")
TAKEAWAY = ("takeaway", "--players", "4", "--pile", "8", "--seed", "2", "--player1", "random",
            "--player2", "maxn:2", "--player3", "paranoid:2", "--player4", "random")  # fmt: skip
NIM = ("nim", "--pile", "6", "--maxie", "random", "--minnie", "alphabeta:3", "--seed", "1")


def _set(field: str, value: JSON) -> Edit:
    def edit(document: dict[str, JSON]) -> None:
        document[field] = value

    return edit


def _renamed(game: str) -> Edit:
    def edit(document: dict[str, JSON]) -> None:
        document.update(game=game, options=[])

    return edit


def _drop_last_move(document: dict[str, JSON]) -> None:
    moves = document["moves"]
    assert isinstance(moves, list)
    document["moves"] = moves[:-1]
    document["rolls"] = []  # a game without dice


def _flip_results(document: dict[str, JSON]) -> None:
    results = document["results"]
    assert isinstance(results, list)
    document["results"] = results[::-1]


CASES: list[tuple[tuple[str, ...], Edit, str]] = [
    (TAKEAWAY, _set("options", ["--pile", "8", "--players", "3"]),
     "names the seats A, B, C, D, but takeaway with the options --pile 8 --players 3 has the "
     "seats A, B, C"),
    (TAKEAWAY, _set("players", {"A": "random", "B": "random"}),
     "names the seats A, B, but takeaway with the options --players 4 --pile 8 has the seats "
     "A, B, C, D"),
    (TAKEAWAY, _set("results", [0, 0, 1]),
     "gives the results [0, 0, 1], but its moves and rolls end the game with "),
    (TAKEAWAY, _renamed("nim"), "names the seats A, B, C, D, but nim has the seats Maxie, Minnie"),
    (PIG, _set("players", {"A": "x", "B": "y", "C": "z"}),
     "names the seats A, B, C, but pig with the options --target 12 has the seats Maxie, Minnie"),
    (PIG, _flip_results, "gives the results [1, -1], but its moves and rolls end the game with "
     "[-1, 1]"),
    (PIG, _set("finished", False),
     "says the game stopped before its end, but its moves and rolls play it to the end"),
    (NIM, _drop_last_move,
     "says the game was finished, but its moves and rolls stop before the end"),
    (NIM, _set("players", {}), "names no seats, but nim with the options --pile 6 has the seats "
     "Maxie, Minnie"),
    (NIM, _set("finished", "yes"), "is not a saved game: its finished is neither true nor false"),
    (NIM, _set("results", "1 -1"), "is not a saved game: its results are not a list of numbers"),
    (NIM, _set("results", [True, False]),
     "is not a saved game: its results are not a list of numbers"),
    (NIM, _set("players", ["Maxie", "Minnie"]),
     "is not a saved game: its players are not seats and texts"),
    (NIM, _set("winner", 0), "is not a saved game: its winner is not a seat's name"),
]  # fmt: skip


@pytest.mark.parametrize(("play", "edit", "message"), CASES, ids=lambda x: str(x)[:30])
def test_a_file_that_disagrees_with_its_replay_gets_one_sentence(
    tmp_path: Path, play: tuple[str, ...], edit: Edit, message: str
) -> None:
    document = _saved(tmp_path, *play)
    edit(document)
    file = tmp_path / "edited.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run("replay", str(file))
    assert (status, out) == (2, "")  # said before any of the game is printed
    assert err.startswith((f"gamelib: '{file}' ", f"gamelib: the saved game '{file}'"))
    assert message in err
    assert err.count("\n") == 1


def test_an_edited_winner_without_results_is_refused(tmp_path: Path) -> None:
    document = _saved(tmp_path, *NIM)
    winner = document["winner"]
    assert winner in ("Maxie", "Minnie")
    other = "Minnie" if winner == "Maxie" else "Maxie"
    del document["results"]  # as files written before results existed
    for named, said in ((other, f"the winner {other}"), (None, "no winner")):
        document["winner"] = named
        file = tmp_path / "edited.json"
        file.write_text(json.dumps(document), encoding="utf-8")
        # The moves and rolls are played silently first: the sentence comes before any
        # of the game is printed (it came after the whole game, which read as a success).
        assert run("replay", str(file)) == (
            2,
            "",
            f"gamelib: the saved game '{file}' names {said}, but its moves and rolls end the "
            f"game with {winner} ahead alone\n",
        )


def test_files_that_say_nothing_of_their_end_still_replay(tmp_path: Path) -> None:
    """Without players, results, winner and finished (or with them as written) the
    replay is the same, word for word."""
    for play in (PIG, TAKEAWAY, NIM):
        document = _saved(tmp_path, *play)
        whole = tmp_path / "whole.json"
        whole.write_text(json.dumps(document), encoding="utf-8")
        bare = {k: v for k, v in document.items() if k in ("game", "options", "moves", "rolls")}
        file = tmp_path / "bare.json"
        file.write_text(json.dumps(bare), encoding="utf-8")
        status, out, err = run("replay", str(file))
        assert (status, err) == (0, "")
        assert run("replay", str(whole)) == (0, out, "")
        assert out.count("Value: ") == len(bare["moves"])  # type: ignore[arg-type]  # a list


def test_a_game_stopped_early_still_replays_to_where_it_stopped(tmp_path: Path) -> None:
    document = _saved(tmp_path, *NIM)
    _drop_last_move(document)
    document.update(finished=False, outcome=None, results=None, winner=None)
    file = tmp_path / "stopped.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run("replay", str(file))
    assert (status, err) == (0, "")
    assert out.endswith("The saved game stops here, before the end.\n")


def test_a_saved_roll_is_its_index_from_0_and_replay_says_the_face(tmp_path: Path) -> None:
    """The save holds each roll's index among what could happen, counted from 0 (what every
    game of chance has); Pig lists its faces 1 to 6, so a saved 0 is a roll of 1, and both
    play and replay show the face."""
    file = tmp_path / "game.json"
    status, shown, _ = run("play", *PIG, "--save", str(file))
    assert status == 0
    rolls = json.loads(file.read_text(encoding="utf-8"))["rolls"]
    faces = [int(line.split()[2]) for line in shown.splitlines() if line.startswith("Chance:")]
    assert rolls
    assert faces == [index + 1 for index in rolls]
    status, replayed, err = run("replay", str(file))
    assert (status, err) == (0, "")
    said = [int(line.split()[2]) for line in replayed.splitlines() if line.startswith("Chance:")]
    assert said == faces
    file.write_text(json.dumps({"game": "pig", "moves": ["roll"], "rolls": [6]}))
    status, _, err = run("replay", str(file))
    assert (status, err.splitlines()[-1]) == (
        2,
        "gamelib: roll 1 of the saved game, 6, is not one of the 6 things that can happen in "
        "the position above (counted from 0: 0 to 5)",
    )


def test_an_illegal_move_is_still_named_below_the_position_it_is_played_in(
    tmp_path: Path,
) -> None:
    """A file whose moves do not play is not refused up front: the walk prints the game up
    to the fault, which names 'the position above', and its end claims are not read."""
    document = _saved(tmp_path, *NIM)
    moves = document["moves"]
    assert isinstance(moves, list)
    document["moves"] = [*moves[:2], "5", *moves[3:]]
    document["winner"] = None
    file = tmp_path / "edited.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run("replay", str(file))
    assert status == 2
    assert out.startswith("Replaying nim: ")
    assert err == "gamelib: move 3 of the saved game, '5', is not legal in the position above\n"


def test_the_save_format_s_own_example_replays(tmp_path: Path) -> None:
    """The example the format's page shows is a file replay takes, ending as it says (it
    was a game whose moves and rolls did not fit each other)."""
    import gamelib.cli.saved as saved

    doc = saved.__doc__ or ""
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    file = tmp_path / "example.json"
    file.write_text(example)
    status, out, err = run("replay", str(file))
    assert (status, err) == (0, "")
    assert out.count("Chance: rolled ") == len(json.loads(example)["rolls"]) == 3
    assert out.endswith("Game over! Maxie wins!\n")
