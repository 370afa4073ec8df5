"""``gamelib solve --method``: the goal methods (boolean, PNS, df-pn) through the real entry
point, checked against the exact solver."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from gamelib.algorithms.goals import GoalMethod
from gamelib.algorithms.pns import PNS_METHOD
from gamelib.catalog import CATALOGS
from gamelib.cli import solve as solve_cli
from tests.cli.test_solve_cli import Terminal, timeless
from tests.runner import run

METHODS = ("boolean", "pns", "dfpn")


def answers(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="module")
def tictactoe_lines(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A spread of tic-tac-toe positions: every 97th line of up to four moves."""
    lines = [
        ",".join(map(str, line))
        for n in range(5)
        for line in itertools.permutations(range(1, 10), n)
    ][::97]
    path = tmp_path_factory.mktemp("solve") / "positions.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("method", METHODS)
def test_each_method_finds_the_exact_results_in_a_batch(method: str, tictactoe_lines: Path) -> None:
    status, out, err = run("solve", "tictactoe", "--positions", str(tictactoe_lines), "--json")
    assert (status, err) == (0, "")
    exact = answers(out)
    status, out, err = run(
        "solve", "tictactoe", "--positions", str(tictactoe_lines), "--json", "--method", method
    )
    assert (status, err) == (0, "")
    found = answers(out)
    assert len(found) == len(exact) == 37
    assert {a["result"] for a in found} == {"win", "draw", "loss"}
    for mine, model in zip(found, exact, strict=True):
        assert mine["method"] == method
        assert (mine["line"], mine["result"], mine["winner"]) == (
            model["line"],
            model["result"],
            model["winner"],
        )
        assert (mine["plies"], mine["principal"], mine["depth"]) == (None, None, None)
        assert (mine["best"] is None) is (mine["result"] == "loss")


@pytest.mark.parametrize("method", METHODS)
def test_all_moves_agree_with_the_exact_solver(method: str) -> None:
    exact = answers(run("solve", "tictactoe", "--moves", "1,5", "--all", "--json")[1])[0]
    status, out, err = run(
        "solve", "tictactoe", "--moves", "1,5", "--all", "--json", "--method", method
    )
    assert (status, err) == (0, "")
    found = answers(out)[0]
    columns = exact["columns"]
    assert isinstance(columns, dict)
    assert len(columns) == 7
    assert found["columns"] == {
        move: {"result": column["result"], "plies": None} for move, column in columns.items()
    }


def test_pns_answers_in_words_with_its_own_proof() -> None:
    status, out, err = run("solve", "nim", "--pile", "5", "--method", "pns", "--proof-boards")
    assert (status, err) == (0, "")
    assert timeless(out) == (
        "5 left, and it is Maxie's turn\n"
        "Maxie, to move, loses: Minnie wins whatever Maxie plays\n"
        "searched 24 positions in T s by pns\n"
        "\n"
        "proof that Minnie can force a win: 10 positions, checked against the rules of the game\n"
        "5 left, and it is Maxie's turn [AND]\n"
        "  1: 4 left, and it is Minnie's turn [OR]\n"
        "    3: 1 left, and it is Maxie's turn [AND]\n"
        "      1: Minnie wins\n"
        "  2: 3 left, and it is Minnie's turn [OR]\n"
        "    2: 1 left, and it is Maxie's turn [AND]\n"
        "      1: Minnie wins\n"
        "  3: 2 left, and it is Minnie's turn [OR]\n"
        "    1: 1 left, and it is Maxie's turn [AND]\n"
        "      1: Minnie wins\n"
    )


def test_dfpn_in_json_with_both_proofs_of_a_draw(tmp_path: Path) -> None:
    dot = tmp_path / "proof.dot"
    status, out, err = run(
        "solve", "tictactoe", "--moves", "1", "--method", "dfpn", "--proof", "--json",
        "--dot", str(dot),
    )  # fmt: skip
    assert (status, err) == (0, "")
    found = answers(out)[0]
    assert (found["method"], found["result"], found["best"], found["table"]) == (
        "dfpn",
        "draw",
        5,
        None,
    )
    proofs = found["proofs"]
    assert isinstance(proofs, list)
    assert [(p["side"], p["goal"], p["checked"]) for p in proofs] == [
        ("Minnie", "avoid losing", True),
        ("Maxie", "avoid losing", True),
    ]
    assert dot.read_text().startswith("digraph")
    assert found["dot"] == str(dot)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--method", "mcts"],
            "--method: there is no method 'mcts'; one of: exact, boolean, pns, dfpn",
        ),
        (
            ["--method", "dfpn", "--table", "0"],
            "--table with --method dfpn bounds its transposition-table entries, and must be 1 "
            "or more, got 0",
        ),
        (
            ["--method", "pns", "--table", "0"],
            "--table with --method pns bounds its positions kept in memory, and must be 1 or "
            "more, got 0",
        ),
        (
            ["--method", "pns", "--depth", "3"],
            "--depth works with the exact solver only: --method pns answers whether the side "
            "to move can win or draw, which a depth-limited search cannot prove",
        ),
    ],
)
def test_a_bad_method_setting_is_one_sentence(argv: list[str], message: str) -> None:
    assert run("solve", "tictactoe", *argv) == (2, "", f"gamelib: {message}\n")


def test_the_boolean_method_may_go_without_a_table() -> None:
    status, out, _ = run("solve", "tictactoe", "--method", "boolean", "--table", "0")
    assert status == 0
    assert "a draw, with best play; a move that keeps it: 1\n" in out


def test_pns_past_its_bound_stops_with_one_sentence() -> None:
    status, out, err = run("solve", "connect4", "--method", "pns", "--table", "1000")
    assert (status, out) == (1, "")
    assert re.fullmatch(
        r"gamelib: solve stopped: proof-number search keeps at most 1,000 positions and needed "
        r"more: the root's proof number was \d+ and its disproof number \d+; give it more "
        r"room, or use df-pn\n",
        err,
    )


@pytest.mark.parametrize("method", ["pns", "dfpn"])
def test_the_thinking_line_shows_the_roots_numbers(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solve_cli, "PROGRESS_EVERY", 100)
    status, out, err = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--k", "3", "--method", method,
        stderr=Terminal(),
    )  # fmt: skip
    assert status == 0
    assert "Maxie, to move, wins; a winning move: " in out
    updates = re.findall(
        r"\rsolving, can Maxie force a win\? ([\d,]+) positions, \d+\.\d s; the root's proof "
        r"number (\d+), disproof number (\d+)\x1b\[K",
        err,
    )
    assert len(updates) >= 3
    played = [int(n.replace(",", "")) for n, _, _ in updates]
    assert played == sorted(played)
    assert played[0] >= 100
    assert err.endswith("\r\x1b[K")


@pytest.mark.parametrize(
    ("method", "numbers"),
    [("pns", "4 and its disproof number 13"), ("dfpn", "4 and its disproof number 10")],
)
def test_ctrl_c_says_the_roots_numbers(
    method: str, numbers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solve_cli, "PROGRESS_EVERY", 100)
    status, out, err = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--method", method,
        stderr=Terminal(True),
    )  # fmt: skip
    assert (status, out) == (1, "")
    assert err == (
        "gamelib: solve stopped after 100 positions asking whether Maxie can force a win: "
        f"the root's proof number was {numbers}\n"
    )


def test_a_batch_on_workers_answers_as_one_process(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("4455\n44\n1212121\n")
    args = ["solve", "connect4", "--cols", "5", "--rows", "4", "--positions", str(positions)]
    here = run(*args, "--json", "--method", "dfpn")
    there = run(*args, "--json", "--method", "dfpn", "--workers", "2")
    assert here[0] == there[0] == 1  # the finished game's line

    def said(out: str) -> list[tuple[object, ...]]:
        return [(a["line"], a.get("result"), a.get("best"), a.get("error")) for a in answers(out)]

    assert said(here[1]) == said(there[1])
    assert [r for _, r, _, _ in said(here[1])] == ["draw", "draw", None]


def test_a_method_of_ones_own_is_one_line() -> None:
    mine = GoalMethod("mine", "PNS, by another name", PNS_METHOD.search, "positions", 1, 10_000)
    status, out, err = run(
        "solve", "nim", "--pile", "6", "--method", "mine", catalog=CATALOGS.with_kind(mine)
    )
    assert (status, err) == (0, "")
    assert timeless(out) == (
        "6 left, and it is Maxie's turn\n"
        "Maxie, to move, wins; a winning move: 1\n"
        "searched 22 positions in T s by mine\n"
    )
