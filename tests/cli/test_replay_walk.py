"""`gamelib replay FILE` plays the saved game through once: the positions are found in one
walk (the file's claims about the end checked before anything is printed), then written
with their values.  What is printed, and the faults named below the position they are met
in, were recorded from the two walks it once had (issue 39)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelib.games.pig import Pig, PigMove, PigState
from tests.runner import run

PIG = {"game": "pig", "options": ["--target", "8"]}


def _replay(tmp_path: Path, **saved: object) -> tuple[int, str, str]:
    file = tmp_path / "saved.json"
    file.write_text(json.dumps(PIG | saved), encoding="utf-8")
    return run("replay", str(file), "--player", "expectiminimax:1")


START = (
    "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 0\n"
    "Value: about 0.6468 (more is better for Maxie).  Maxie played roll.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie rolls the die, turn total 0\n"
)


def test_a_move_where_a_roll_is_due_is_named_below_its_position(tmp_path: Path) -> None:
    assert _replay(tmp_path, moves=["roll", "roll"], rolls=[]) == (
        2,
        f"Replaying pig: 2 moves, valued by Expectiminimax(depth 1).\n\n{START}",
        "gamelib: the saved game lists 1 more move but no roll for the position above: its "
        "moves and rolls do not fit each other\n",
    )


def test_a_roll_where_a_move_is_due_is_named_below_its_position(tmp_path: Path) -> None:
    status, out, err = _replay(tmp_path, moves=["roll", "hold"], rolls=[5, 1])
    assert (status, err) == (
        2,
        "gamelib: the saved game lists 1 more roll but no move for the position above: its "
        "moves and rolls do not fit each other\n",
    )
    assert out.endswith(
        "Value: 11/12 (about 0.9167) (more is better for Maxie).  Maxie played hold; "
        "Expectiminimax(depth 1) would play roll.\n\n"
        "Maxie 6, Minnie 0 (to 8): Minnie to move, turn total 0\n"
    )


def test_a_game_that_stops_before_the_end_says_so_after_its_last_position(
    tmp_path: Path,
) -> None:
    assert _replay(tmp_path, moves=["roll"], rolls=[5]) == (
        0,
        f"Replaying pig: 1 move, valued by Expectiminimax(depth 1).\n\n{START}"
        "Chance: rolled 6 (1/6)\n\n"
        "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 6\n"
        "The saved game stops here, before the end.\n",
        "",
    )


def test_a_claim_about_the_end_is_refused_before_anything_is_printed(tmp_path: Path) -> None:
    status, out, err = _replay(tmp_path, moves=["roll"], rolls=[5], finished=True)
    assert (status, out) == (2, "")
    assert err.endswith("says the game was finished, but its moves and rolls stop before the end\n")


def test_the_saved_moves_are_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Once the moves were played twice: silently to check the end, then again to print.
    read: list[str] = []
    parse = Pig.parse_move

    def counted(self: Pig, state: PigState, text: str, /) -> PigMove | None:
        read.append(text)
        return parse(self, state, text)

    monkeypatch.setattr(Pig, "parse_move", counted)
    status, out, _ = _replay(tmp_path, moves=["roll", "hold", "roll"], rolls=[5, 2])
    assert status == 0
    assert out.endswith("The saved game stops here, before the end.\n")
    assert read == ["roll", "hold", "roll"]
