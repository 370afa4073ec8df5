"""`solve --proof` writes a proof as lines of moves, one line a branch, cut to a readable
length (`--proof-depth N` sets the cut) and with the positions on request
(`--proof-boards`) (issue 42)."""

from __future__ import annotations

import re

import pytest

from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.core.datatypes import Side
from gamelib.games.nim import Nim
from gamelib.trace.proof_lines import proof_lines, proof_shape
from tests.runner import run


def timeless(text: str) -> str:
    return re.sub(r"in \d+\.\d\d s", "in T s", text)


HEAD = (
    "9 left, and it is Maxie's turn\n"
    "Maxie, to move, loses: Minnie wins in 5 plies; Maxie's best move: 1\n"
    "best line: 1 3 1 3 1\n"
)
AFTER_FOUR = ["1 3 1: Minnie wins", "2 2 1: Minnie wins", "3 1 1: Minnie wins"]


def test_a_proof_is_lines_of_moves_one_a_branch() -> None:
    status, out, err = run("solve", "nim", "--pile", "9", "--proof", "--table", "0")
    assert (status, err) == (0, "")
    branches = [f"    {line}" for line in AFTER_FOUR]
    assert timeless(out) == (
        HEAD + "searched 220 positions in T s (no table)\n"
        "\n"
        "proof that Minnie can force a win: 34 positions, checked against the rules of the game\n"
        "as moves from the position; a line further right goes on from the end of the line "
        "above:\n"
        + "".join(
            f"{first}\n" + "".join(f"{b}\n" for b in branches) for first in ("1 3", "2 2", "3 1")
        )
    )


def test_proof_depth_cuts_the_lines_and_says_so() -> None:
    status, out, err = run("solve", "nim", "--pile", "9", "--proof-depth", "2", "--table", "0")
    assert (status, err) == (0, "")
    assert timeless(out).endswith(
        "as moves from the position; a line further right goes on from the end of the line "
        "above:\n"
        "1 3 ...\n"
        "2 2 ...\n"
        "3 1 ...\n"
        "(cut after 2 plies, '...' where a line goes on: 3 of its 12 lines; --proof-depth N "
        "shows N plies)\n"
    )


def test_the_4x4_proof_is_cut_to_a_readable_length() -> None:
    status, out, err = run("solve", "connect4", "--cols", "4", "--rows", "4", "--method", "dfpn",
                           "--proof")  # fmt: skip
    assert (status, err) == (0, "")
    # A draw: each side's proof that it can avoid losing, each cut to fit.
    proofs = out.split("\nproof that ")[1:]
    assert [p.split(":")[0] for p in proofs] == [
        "Maxie can avoid losing",
        "Minnie can avoid losing",
    ]
    cuts = []
    for proof in proofs:
        lines = proof.splitlines()[1:]
        assert lines[0].startswith("as moves from the position; a line further right")
        assert 50 <= len(lines) <= 102
        assert all(len(line) < 60 for line in lines[1:-1])  # moves, not squashed boards
        found = re.fullmatch(
            r"\(cut after (\d+) plies, '...' where a line goes on: (\d+) of its ([\d,]+) "
            r"lines; --proof-depth N shows N plies\)",
            lines[-1],
        )
        assert found is not None, lines[-1]
        assert int(found[2]) == len(lines) - 2 <= 100 < int(found[3].replace(",", ""))
        cuts.append(int(found[1]))
    deeper = run("solve", "connect4", "--cols", "4", "--rows", "4", "--method", "dfpn",
                 "--proof-depth", str(max(cuts) + 1))[1]  # fmt: skip
    assert len(deeper.splitlines()) > len(out.splitlines())  # one ply more: more lines


def test_the_boards_on_request() -> None:
    status, out, err = run("solve", "tictactoe", "--moves", "1 4 2 5", "--proof-boards")
    assert (status, err) == (0, "")
    assert out.split("checked against the rules of the game\n")[1] == (
        "[OR]\n"
        "     X | X | 3\n"
        "    ---+---+---\n"
        "     O | O | 6\n"
        "    ---+---+---\n"
        "     7 | 8 | 9\n"
        "    Maxie (X) to move\n"
        "  3: Maxie wins\n"
    )
    status, out, err = run("solve", "nim", "--pile", "9", "--proof-boards", "--proof-depth", "1")
    assert (status, err) == (0, "")
    assert out.split("checked against the rules of the game\n")[1] == (
        "9 left, and it is Maxie's turn [AND]\n"
        "  1: 8 left, and it is Minnie's turn [OR] ...\n"
        "  2: 7 left, and it is Minnie's turn [OR] ...\n"
        "  3: 6 left, and it is Minnie's turn [OR] ...\n"
        "(cut after 1 ply, '...' where the proof goes on: 4 of its 34 positions; "
        "--proof-depth N shows N plies)\n"
    )


def test_lines_of_a_proof_from_python() -> None:
    game = Nim(pile=5)
    proof = solve_goal(game, Goal.WIN, game.start, Side.Minnie).proof
    assert proof_lines(game, proof) == AFTER_FOUR
    assert proof_lines(game, proof, 1) == ["1 ...", "2 ...", "3 ..."]
    shape = proof_shape(proof)
    assert (shape.lines(None), shape.lines(1), shape.positions(None), shape.positions(1)) == (
        3, 3, 10, 4,
    )  # fmt: skip
    assert shape.deepest(3) == 3  # the most plies within 3 lines: all of them
    assert shape.deepest(2) == 1  # within 2: 1, the least it gives


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("0", "--proof-depth must be at least 1, got 0"),
        ("x", "--proof-depth must be a whole number, got 'x'"),
    ],
)
def test_a_bad_proof_depth_is_one_sentence(value: str, said: str) -> None:
    assert run("solve", "nim", "--proof-depth", value) == (2, "", f"gamelib: {said}\n")
