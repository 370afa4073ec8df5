"""``gamelib solve``, driven through the real entry point."""

from __future__ import annotations

import gc
import io
import json
import re
import subprocess
from pathlib import Path
from typing import TypeVar

import pytest

from gamelib.algorithms.exact import Solution, solve
from gamelib.algorithms.table import TranspositionTable
from gamelib.cli import _proofs
from gamelib.cli import solve as solve_cli
from gamelib.core.game import Game
from gamelib.games.tictactoe import TicTacToe
from tests.outside import DOT, not_run
from tests.runner import run

S = TypeVar("S")
M = TypeVar("M")


def timeless(text: str) -> str:
    """The output with the time taken (which varies) written as T."""
    return re.sub(r"in \d+\.\d\d s", "in T s", text)


def test_tictactoe_is_a_draw_in_nine_plies() -> None:
    status, out, err = run("solve", "tictactoe")
    assert (status, err) == (0, "")
    assert timeless(out) == (
        " 1 | 2 | 3\n---+---+---\n 4 | 5 | 6\n---+---+---\n 7 | 8 | 9\nMaxie (X) to move\n"
        "a draw, with best play (9 plies to the end); a best move: 1\n"
        "best line: 1 5 2 3 7 4 6 8 9\n"
        "searched 922 positions in T s (372 of 1,000,000 table entries used)\n"
    )


def test_nim_with_its_proof() -> None:
    status, out, err = run("solve", "nim", "--pile", "5", "--proof", "--table", "0")
    assert (status, err) == (0, "")
    assert timeless(out) == (
        "5 left, and it is Maxie's turn\n"
        "Maxie, to move, loses: Minnie wins in 3 plies; Maxie's best move: 1\n"
        "best line: 1 3 1\n"
        "searched 32 positions in T s (no table)\n"
        "\n"
        "proof that Minnie can force a win: 10 positions, checked against the rules of the game\n"
        "as moves from the position; a line further right goes on from the end of the line "
        "above:\n"
        "1 3 1: Minnie wins\n"
        "2 2 1: Minnie wins\n"
        "3 1 1: Minnie wins\n"
    )


def test_after_some_moves_as_json() -> None:
    status, out, err = run("solve", "tictactoe", "--moves", "1,2", "--json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    assert answer.pop("seconds") >= 0
    table = answer.pop("table")
    assert table["entries"] == 1_000_000
    assert table["stores"] >= table["overwrites"]
    assert answer == {
        "game": "tictactoe",
        "moves": "1,2",
        "position": " X | O | 3\n---+---+---\n 4 | 5 | 6\n---+---+---\n 7 | 8 | 9\n"
        "Maxie (X) to move",
        "to_move": "Maxie",
        "method": "exact",
        "result": "win",
        "winner": "Maxie",
        "plies": 5,
        "depth": None,
        "best": 4,
        "principal": [4, 7, 5, 3, 6],
        "positions": answer["positions"],
    }
    assert 0 < answer["positions"] < 922


def test_the_proof_in_json_is_the_tree() -> None:
    status, out, _ = run("solve", "nim", "--pile", "3", "--proof", "--json")
    assert status == 0
    proofs = json.loads(out)["proofs"]
    assert proofs == [
        {
            "side": "Maxie",
            "goal": "force a win",
            "size": 3,
            "checked": True,
            "tree": {
                "kind": "or",
                "position": "3 left, and it is Maxie's turn",
                "moves": [
                    {
                        "move": "2",
                        "then": {
                            "kind": "and",
                            "position": "1 left, and it is Minnie's turn",
                            "moves": [
                                {"move": "1", "then": {"kind": "end", "outcome": "Maxie wins"}}
                            ],
                        },
                    }
                ],
            },
        }
    ]


@pytest.mark.outside
def test_a_draw_is_proved_by_both_sides_and_drawn_by_graphviz(tmp_path: Path) -> None:
    picture = tmp_path / "draw.dot"
    status, out, err = run("solve", "tictactoe", "--dot", str(picture))
    assert (status, err) == (0, "")
    assert out.splitlines()[-5:] == [
        "",
        "proof that Maxie can avoid losing: 354 positions, checked against the rules of the game",
        "",
        "proof that Minnie can avoid losing: 2,351 positions, checked against the rules of the "
        "game",
        f"wrote {picture}",
    ]
    dot = picture.read_text(encoding="utf-8")
    assert dot.count("subgraph cluster_") == 2
    assert 'label="Maxie can avoid losing";' in dot
    assert 'label="Minnie can avoid losing";' in dot
    assert dot.startswith("digraph proof {")  # what a user without Graphviz gets
    assert dot.endswith("}\n")
    if DOT.present():
        drawn = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True)
        assert (drawn.returncode, drawn.stdout.count(b"<svg")) == (0, 1)
    else:
        not_run([DOT], "the drawn proof of tic-tac-toe rendered", "the DOT text solve wrote")


def test_depth_limited_solves() -> None:
    status, out, _ = run("solve", "connect4", "--depth", "8")
    assert status == 0
    assert "no forced result within 8 plies for either side; a best move so far: 4\n" in out
    status, out, _ = run("solve", "tictactoe", "--depth", "9")
    assert "a draw, with best play (9 plies to the end)" in out
    status, out, _ = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--k", "3", "--depth", "9"
    )
    assert "Maxie, to move, wins in 9 plies; a best move: 2\n" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tree"], "'tree' cannot be solved: its leaves are estimates, not finished games"),
        (
            ["chess"],
            "unknown game 'chess'; known games: connect4, nim, pig, takeaway, tictactoe, tree",
        ),
        (
            ["tictactoe", "--moves", "1,1"],
            "--moves: move 2 cannot be played after 1: cell 1 is taken; "
            "legal moves: 2, 3, 4, 5, 6, 7, 8, 9",
        ),
        (
            ["nim", "--pile", "3", "--moves", "4"],
            "--moves: move 1 cannot be played after the start: '4' is not a legal move; "
            "legal moves: 1, 2, 3",
        ),
        (
            ["tictactoe", "--moves", "1 4 2 5 3 6"],
            "--moves: the game is over after move 5 (Maxie wins), so '6' cannot be played",
        ),
        (
            ["tictactoe", "--moves", "1,4,2,5,3"],
            "nothing to solve: the game is already over after 1 4 2 5 3 (Maxie wins)",
        ),
        (
            ["tictactoe", "--depth", "3", "--proof"],
            "--proof needs a solve to the end of the game, and --depth 3 stops it after 3 plies: "
            "a depth-limited search proves nothing past its depth",
        ),
        (
            ["tictactoe", "--depth", "3", "--dot", "x.dot"],
            "--dot needs a solve to the end of the game, and --depth 3 stops it after 3 plies: "
            "a depth-limited search proves nothing past its depth",
        ),
        (["tictactoe", "--depth", "0"], "--depth must be at least 1, got 0"),
        (["tictactoe", "--table", "-1"], "--table must be a number of entries, 0 or more, got -1"),
        (["tictactoe", "--table", "lots"], "--table must be a whole number, got 'lots'"),
        (
            ["tictactoe", "--dot", "/no/such/folder/p.dot"],
            "cannot write /no/such/folder/p.dot: its folder does not exist",
        ),
        (["nim", "--pile", "0"], "--pile must be at least 1, got 0"),
        (["tictactoe", "--pile", "3"], "unrecognized arguments: --pile 3"),
    ],
)
def test_bad_input_gets_one_sentence(argv: list[str], message: str) -> None:
    assert run("solve", *argv) == (2, "", f"gamelib: {message}\n")


@pytest.mark.parametrize("command", ["analyse", "solve"])
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # Legal moves in board order, as the prompt lists them, not in search order (4, 3, 5..).
        (
            ["connect4", "--moves", "8"],
            "--moves: move 1 cannot be played after the start: there is no column 8: columns "
            "are 1–7; legal moves: 1, 2, 3, 4, 5, 6, 7",
        ),
        (
            ["connect4", "--moves", "1111111"],
            "--moves: move 7 cannot be played after 1 1 1 1 1 1: column 1 is full; legal moves: "
            "2, 3, 4, 5, 6, 7",
        ),
        # A long move is cut short and a control character escaped, as the prompt does.
        (
            ["nim", "--moves", "1" * 10_000],
            f"--moves: move 1 cannot be played after the start: '{'1' * 60}... (10,000 "
            "characters)' is not a legal move; legal moves: 1, 2, 3",
        ),
        (
            ["connect4", "--cols", "12", "--moves", "1,\x1b[2J"],
            "--moves: move 2 cannot be played after 1: '\\x1b[2J' is not a column number; "
            "legal moves: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12",
        ),
        (
            ["nim", "--moves", "1," * 3_000 + ","],
            f"--moves: '{'1,' * 30}... (6,001 characters)' has a comma with no move before or "
            "after it",
        ),
    ],
)
def test_a_move_that_cannot_be_played_is_named_briefly(
    command: str, argv: list[str], message: str
) -> None:
    assert run(command, *argv) == (2, "", f"gamelib: {message}\n")


class Terminal(io.StringIO):
    """Standard error as a terminal, which can press Ctrl-C at its first progress line."""

    def __init__(self, interrupt: bool = False) -> None:
        super().__init__()
        self.interrupt = interrupt

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.interrupt and text.startswith("\rsolving"):
            self.interrupt = False
            raise KeyboardInterrupt
        return super().write(text)


def test_a_terminal_sees_the_progress_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_cli, "PROGRESS_EVERY", 30)
    status, out, err = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--k", "3", stderr=Terminal()
    )
    assert status == 0
    assert "wins in 9 plies" in out
    updates = re.findall(r"\rsolving: ([\d,]+) positions, \d+\.\d s", err)
    assert updates == ["30", "60", "90"]
    assert err.endswith("\r\x1b[K")


def test_ctrl_c_stops_the_solve_and_says_what_it_knew(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_cli, "PROGRESS_EVERY", 100)
    status, out, err = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--table", "0", stderr=Terminal(True)
    )
    assert (status, out) == (1, "")
    assert err == ("gamelib: solve stopped after 100 positions: nothing is known yet\n")


def test_a_solve_that_is_not_on_a_terminal_prints_no_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(solve_cli, "PROGRESS_EVERY", 10)
    assert run("solve", "tictactoe", "--table", "0")[2] == ""


def test_every_column_is_solved_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The columns share a table: the collector, resumed between two of them, would walk
    # every entry the last one added.
    paused: list[bool] = []

    def watched(
        game: Game[S, M], state: S, *, table: TranspositionTable[M, int] | None, depth: int | None
    ) -> Solution[S, M]:
        paused.append(not gc.isenabled())
        return solve(game, state, table=table, depth=depth)

    monkeypatch.setattr(_proofs, "solve", watched)
    game = TicTacToe()
    columns = _proofs.move_columns(
        game, game.start, TranspositionTable(10_000), None, lambda n: None
    )
    assert [(c.result, c.plies) for c in columns.values()] == [("draw", 9)] * 9
    assert paused == [True] * 9
    assert gc.isenabled()
