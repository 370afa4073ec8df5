"""Connect Four solved exactly: small boards from empty, an external solver's scores,
symmetry, the solver's move order, and ``gamelib solve connect4`` for scripts."""

from __future__ import annotations

import doctest
import functools
import io
import json
import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import seq
from gamelib.algorithms.exact import Solution, solve
from gamelib.algorithms.table import TranspositionTable
from gamelib.cli import main
from gamelib.core import Done, Draw, Playing, Winner
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from tests.runner import run

DATA = Path(__file__).resolve().parents[1] / "data"  # copies of the shared ground truth


def after(game: ConnectFour, sequence: str) -> ConnectFourState:
    """The position after ``sequence`` (columns 1..W run together)."""
    state = game.start
    for digit in sequence:
        status = game.play(state, int(digit) - 1)
        assert isinstance(status, Playing), sequence
        state = status.state
    return state


def pons_score(game: ConnectFour, stones: int, result: str, plies: int) -> int:
    """A result and distance in the score of Pons's solver (see the data files' header)."""
    if result == "draw":
        return 0
    ended = stones + plies  # stones on the board after the winning move
    score = (game.cols * game.rows - ended) // 2 + 1
    return score if result == "win" else -score


# ---------------------------------------------------------------------------
# From the empty board: Tromp's results (D = draw, 2nd = second player wins, at that ply)


@pytest.mark.parametrize(
    ("cols", "rows", "result", "plies"),
    [(4, 4, "draw", 16), (5, 4, "draw", 20), (4, 5, "draw", 20), (4, 6, "draw", 24)],
)
def test_small_boards_from_empty_match_tromps_table(
    cols: int, rows: int, result: str, plies: int
) -> None:
    game = ConnectFour(cols=cols, rows=rows)
    solution = solve(game)
    assert (solution.result, solution.plies) == (result, plies)
    state: ConnectFourState = game.start
    for move in solution.principal:  # the line is legal and ends the game where it says
        status = game.play(state, move)
        if isinstance(status, Done):
            assert isinstance(status.outcome, Draw)
            break
        state = status.state
    assert len(solution.principal) == plies


# ---------------------------------------------------------------------------
# Pons's solver, per move, on 5 x 4 and 6 x 4


def shared(name: str) -> list[tuple[str, list[int]]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    rows = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    return [(row[0], [int(x) for x in row[1:]]) for row in rows]


def per_move_scores(
    game: ConnectFour, sequence: str, table: TranspositionTable[int, int]
) -> list[int]:
    state = after(game, sequence)
    scores = []
    for column in range(game.cols):
        if column not in seq.to_tuple(game.moves(state)):
            scores.append(-1000)
            continue
        status = game.play(state, column)
        if isinstance(status, Done):
            outcome = status.outcome
            result = "draw" if isinstance(outcome, Draw) else "win"
            scores.append(pons_score(game, len(sequence), result, 1))
            continue
        found = solve(game, status.state, table=table)
        flipped = {"win": "loss", "loss": "win", "draw": "draw"}[found.result]
        scores.append(pons_score(game, len(sequence), flipped, found.plies + 1))
    return scores


def test_every_5x4_position_of_the_external_solver_scores_alike() -> None:
    game = ConnectFour(cols=5, rows=4)
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    rows = shared("c4_5x4_analyse.txt")
    assert len(rows) == 300
    for sequence, expected in rows:
        assert per_move_scores(game, sequence, table) == expected, sequence


def test_6x4_positions_of_the_external_solver_score_alike() -> None:
    """The positions with at least 8 stones (the rest are in benchmarks/connect4.py)."""
    game = ConnectFour(cols=6, rows=4)
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    rows = [(s, e) for s, e in shared("c4_6x4_analyse.txt") if len(s) >= 8]
    assert len(rows) >= 150
    for sequence, expected in rows:
        assert per_move_scores(game, sequence, table) == expected, sequence


# ---------------------------------------------------------------------------
# Properties on generated positions


def random_sequence(game: ConnectFour, rng: random.Random, stones: int) -> str | None:
    """A random game of ``stones`` moves, as a SEQ; None if it ended sooner."""
    state = game.start
    played = ""
    for _ in range(stones):
        move = rng.choice(seq.to_tuple(game.moves(state)))
        status = game.play(state, move)
        if isinstance(status, Done):
            return None
        played += str(move + 1)
        state = status.state
    return played


@functools.cache
def independent_value(cols: int, rows: int, cells: tuple[int, ...], mover: int) -> tuple[int, int]:
    """(result, plies) for the side to move, from scratch: result 1 win, 0 draw, -1 loss; the
    winner hurries and the loser delays.  Cells by ``row * cols + column``, 1 X, -1 O."""
    best: tuple[int, int] | None = None
    for c in range(cols):
        column = [cells[r * cols + c] for r in range(rows)]
        if 0 not in column:
            continue
        r = column.index(0)
        board = list(cells)
        board[r * cols + c] = mover
        if four_through(board, cols, rows, c, r, mover):
            here = (1, 1)
        elif 0 not in board:
            here = (0, 1)
        else:
            result, plies = independent_value(cols, rows, tuple(board), -mover)
            here = (-result, plies + 1)
        if best is None or rank(here) > rank(best):
            best = here
    assert best is not None
    return best


def rank(answer: tuple[int, int]) -> int:
    result, plies = answer
    return result * (1000 - plies) if result else 0


def four_through(board: list[int], cols: int, rows: int, c: int, r: int, mover: int) -> bool:
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            x, y = c + sign * dc, r + sign * dr
            while 0 <= x < cols and 0 <= y < rows and board[y * cols + x] == mover:
                count += 1
                x, y = x + sign * dc, y + sign * dr
        if count >= 4:
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([(5, 4, 8), (4, 4, 4), (6, 4, 12), (4, 5, 8)]))
def test_solves_match_an_independent_recursion_and_mirror_images_alike(
    seed: int, shape: tuple[int, int, int]
) -> None:
    cols, rows, stones = shape
    game = ConnectFour(cols=cols, rows=rows)
    sequence = random_sequence(game, random.Random(seed), stones)
    if sequence is None:
        return
    state = after(game, sequence)
    solution = solve(game, state)
    words = {1: "win", 0: "draw", -1: "loss"}
    result, plies = independent_value(cols, rows, state.cells, 1 if stones % 2 == 0 else -1)
    assert (solution.result, solution.plies) == (words[result], plies)
    mirrored = "".join(str(cols + 1 - int(d)) for d in sequence)
    image = solve(game, after(game, mirrored))
    assert (image.result, image.plies) == (solution.result, solution.plies)
    # Neither the table nor the solver's move order changes what is found.
    plain = solve(game, state, table=0, order=lambda s: seq.to_tuple(game.moves(s)))
    assert (plain.result, plain.plies) == (solution.result, solution.plies)
    assert game.key(state) == game.key(after(game, mirrored))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 10**9),
    st.sampled_from([(7, 6, 4), (5, 4, 4), (6, 5, 3), (8, 3, 5), (4, 4, 2), (9, 7, 4)]),
    st.integers(0, 40),
)
def test_the_solver_order_offers_every_legal_move_once(
    seed: int, shape: tuple[int, int, int], stones: int
) -> None:
    cols, rows, k = shape
    game = ConnectFour(cols=cols, rows=rows, k=k)
    rng = random.Random(seed)
    state = game.start
    for _ in range(stones):
        offered = game.solver_moves(state)
        legal = seq.to_tuple(game.moves(state))
        assert sorted(offered) == sorted(legal)
        winning = [m for m in legal if isinstance(game.play(state, m), Done)]
        won = [
            m
            for m in winning
            if isinstance(game.play(state, m), Done)
            and isinstance(game.play(state, m).outcome, Winner)  # type: ignore[union-attr]
        ]
        if won:  # a win now comes first
            assert offered[0] in won
        status = game.play(state, rng.choice(legal))
        if isinstance(status, Done):
            return
        state = status.state


def test_the_order_tries_a_win_first_and_a_gift_to_the_opponent_last() -> None:
    game = ConnectFour(cols=5, rows=4)
    # X has 1 1 1 along the bottom (columns 1-3); O above them.
    assert game.solver_moves(after(game, "112233"))[0] == 3  # column 4 wins now
    # O to move must block column 4; playing 4 under X's threat on row 2 ... is the block.
    assert game.solver_moves(after(game, "1122334"[:-1] + "5"))[0] == 3
    # After 1 1 2 2 3: O must block at column 4, the only move that does not lose.
    order = game.solver_moves(after(game, "11223"))
    assert order[0] == 3


# ---------------------------------------------------------------------------
# The command line, as scripts call it


def json_lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_one_position_as_json_with_every_column() -> None:
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "114415", "--all", "--json"
    )
    assert (status, err) == (0, "")
    (answer,) = json_lines(out)
    assert answer["moves"] == "114415"
    assert (answer["to_move"], answer["result"], answer["plies"]) == ("Maxie", "win", 13)
    assert answer["best"] in (3, 4)
    assert answer["columns"] == [
        {"result": "draw", "plies": 14},
        {"result": "draw", "plies": 14},
        {"result": "win", "plies": 13},
        {"result": "win", "plies": 13},
        {"result": "draw", "plies": 14},
    ]
    assert isinstance(answer["positions"], int)
    assert isinstance(answer["seconds"], float)


def test_a_positions_file_gives_a_line_each_in_order_and_names_bad_lines(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text(
        "# 5 x 4 positions\n2424144355522\n\n11111\n6\n1122334\n4444\n1a\n", encoding="utf-8"
    )
    status, out, err = run(
        "solve",
        "connect4",
        "--cols",
        "5",
        "--rows",
        "4",
        "--positions",
        str(positions),
        "--all",
        "--json",
    )
    assert (status, err) == (1, "")  # some lines were bad
    answers = json_lines(out)
    assert [a["line"] for a in answers] == [2, 4, 5, 6, 7, 8]
    solved = answers[0]
    keys = {"moves", "to_move", "result", "plies", "best", "positions", "seconds", "columns"}
    assert keys <= set(solved)
    assert (solved["to_move"], solved["result"], solved["plies"], solved["best"]) == (
        "Minnie",
        "loss",
        6,
        1,
    )
    assert solved["columns"] == [
        {"result": "loss", "plies": 6},
        None,
        {"result": "loss", "plies": 2},
        None,
        {"result": "loss", "plies": 6},
    ]
    assert answers[1] == {
        "line": 4,
        "moves": "11111",
        "error": "move 5 cannot be played after 1 1 1 1: column 1 is full; legal moves: 2, 3, 4, 5",
    }
    assert answers[2]["error"] == (
        "move 1 cannot be played after the start: there is no column 6: columns are 1–5; "
        "legal moves: 1, 2, 3, 4, 5"
    )
    assert answers[3]["error"] == (
        "nothing to solve: the game is already over after 1 1 2 2 3 3 4 (Maxie wins)"
    )
    assert (answers[4]["result"], answers[4]["plies"]) == ("draw", 16)
    assert answers[5]["error"] == (
        "move 1 cannot be played after the start: '1a' is not a column number; "
        "legal moves: 1, 2, 3, 4, 5"
    )


def test_positions_from_standard_input_and_commas_past_nine_columns() -> None:
    status, out, err = run(
        "solve",
        "connect4",
        "--cols",
        "10",
        "--rows",
        "2",
        "--positions",
        "-",
        "--json",
        stdin="1,10,2,10,3,9,5,9,6,8,7,8\n2,2,3,3,4\n",
    )
    assert (status, err) == (0, "")
    first, second = json_lines(out)
    assert (first["moves"], first["result"], first["plies"], first["best"]) == (
        "1,10,2,10,3,9,5,9,6,8,7,8",
        "win",
        1,
        4,
    )
    # X holds 2 3 4 with 1 and 5 open: whichever O blocks, X plays the other.
    assert (second["to_move"], second["result"], second["plies"]) == ("Minnie", "loss", 2)


def test_the_same_in_words() -> None:
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "114415", "--all"
    )
    assert (status, err) == (0, "")
    assert "Maxie, to move, wins in 13 plies" in out
    assert "  1: draw (14 plies to the end)\n  2: draw (14 plies to the end)\n" in out
    assert "  3: win in 13 plies\n  4: win in 13 plies\n  5: draw (14 plies to the end)\n" in out


def test_bad_requests_get_one_sentence() -> None:
    status, _, err = run("solve", "connect4", "--positions", "/no/such/file", "--json")
    assert (status, err) == (2, "gamelib: --positions: no such file '/no/such/file'\n")
    status, _, err = run("solve", "connect4", "--positions", "-", "--moves", "44")
    assert (status, err) == (2, "gamelib: give --moves or --positions, not both\n")
    status, _, err = run("solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "448")
    assert status == 2
    assert err == (
        "gamelib: --moves: move 3 cannot be played after 4 4: there is no column 8: "
        "columns are 1–5; legal moves: 1, 2, 3, 4, 5\n"
    )


def test_a_solution_is_what_the_json_says() -> None:
    game = ConnectFour(cols=4, rows=4)
    solution: Solution[ConnectFourState, int] = solve(game, after(game, "2233"))
    status, out, _ = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--moves", "2233", "--json"
    )
    (answer,) = json_lines(out)
    assert status == 0
    assert (answer["result"], answer["plies"]) == (solution.result, solution.plies)
    assert answer["principal"] == [m + 1 for m in solution.principal]


def test_the_page_prints_what_it_shows() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "connect-four-solved.md"
    (block,) = re.findall(r"```pycon\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)
    test = doctest.DocTestParser().get_doctest(block, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.summarize(verbose=False) == (0, 10), "".join(report)


def test_odd_files_and_lines_are_answered_line_by_line(tmp_path: Path) -> None:
    odd = tmp_path / "odd.txt"
    # A byte-order mark, a byte that is not UTF-8, empty moves between commas, a plus sign
    # and digits of other scripts: each spoils only its own line.
    odd.write_bytes(
        "\ufeff3344\n33\xff\n3,,3\n,\n+3\n\u0663\u0663\n\uff13\n4433\n".encode("utf-8").replace(
            b"\xc3\xbf", b"\xff"
        )
    )
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--positions", str(odd), "--json"
    )
    assert (status, err) == (1, "")
    answers = json_lines(out)
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert answers[0]["moves"] == "3344"
    assert "result" in answers[0]
    assert "result" in answers[7]
    assert answers[2]["error"] == "'3,,3' has a comma with no move before or after it"
    assert answers[3]["error"] == "',' has a comma with no move before or after it"
    for bad in answers[1], answers[4], answers[5], answers[6]:
        assert "is not a column number" in str(bad["error"]), bad


def test_closed_input_and_folders_get_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", None)  # as Python sets it when fd 0 is closed
    out, err = io.StringIO(), io.StringIO()
    closed = main(["solve", "connect4", "--positions", "-", "--json"], stdout=out, stderr=err)
    assert (closed, err.getvalue()) == (2, "gamelib: --positions -: standard input is closed\n")
    status, _, message = run("solve", "connect4", "--positions", str(tmp_path))
    assert (status, message) == (
        2,
        f"gamelib: --positions: '{tmp_path}' is a folder, not a file of positions\n",
    )


def test_every_move_at_depth_one_and_the_time_it_all_took() -> None:
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "1122", "--all",
        "--depth", "1", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    (answer,) = json_lines(out)
    assert answer["columns"] == [
        {"result": "unknown", "plies": 1},
        {"result": "unknown", "plies": 1},
        {"result": "unknown", "plies": 1},
        {"result": "unknown", "plies": 1},
        {"result": "unknown", "plies": 1},
    ]
    status, out, _ = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "112233", "--all"
    )
    assert "Maxie, to move, wins in 1 ply; a best move: 4\n" in out
    assert "  4: win in 1 ply\n" in out
