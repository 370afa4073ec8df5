"""Workers play and search with the kinds `--kind-from` loads, as the run does serially
(they travel as the caller's own kinds do: tests/parallel/test_caller_catalogs.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runner import run

KINDS = ("--kind-from", "tests.outside_kinds:ALL")
"""The three kinds of tests/outside_kinds.py, one per family."""


@pytest.mark.parametrize(
    "match",
    [
        ["mine:2", "alphabeta:2", "--game", "tictactoe", "--games", "4", "--seed", "3"],
        ["lucky:1", "random", "--game", "pig", "--target", "10", "--games", "4", "--seed", "5"],
        ["crowd:2", "maxn:1", "random", "--game", "takeaway", "--games", "3", "--seed", "4"],
    ],
)
def test_a_match_of_a_kind_from_a_module_on_workers_is_the_serial_match(
    match: list[str],
) -> None:
    args = [*KINDS, "match", *match, "--json"]
    serial = run(*args)
    assert serial[0] == 0, serial[2]
    first = serial[1].splitlines()[0]
    assert f'"{match[0]}"' in first  # the kind from the module took a seat
    assert run(*args, "--workers", "2") == serial


def test_positions_analysed_by_a_kind_from_a_module_on_workers_are_the_serial_answers(
    tmp_path: Path,
) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("1\n15\n159\n")
    args = [*KINDS, "analyse", "tictactoe", "--positions", str(positions), "--json"]
    args += ["--player", "mine:3"]
    status, out, err = run(*args)
    assert status == 0, err
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["player"] for a in answers] == ["Minimax(depth 3)"] * 3
    assert [a["line"] for a in answers] == [1, 2, 3]
    there = run(*args, "--workers", "2")
    assert there[0] == 0
    assert sorted(there[1].splitlines()) == sorted(out.splitlines())
