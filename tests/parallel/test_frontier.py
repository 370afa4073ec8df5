"""One exact solve split near the root (gamelib.parallel.frontier): the serial solver's
answer from the joined null-window tests, on boards and positions of every kind."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.algorithms.exact import BIG, solve
from gamelib.cli.split_solve import pons_score
from gamelib.core.datatypes import Playing
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.parallel.batch import local_workers
from gamelib.parallel.frontier import (
    WindowRecipe,
    frontier_states,
    outcome_of,
    position_key,
    split_solve,
)
from tests.runner import run

DATA = Path(__file__).resolve().parents[1] / "data" / "c4_5x4_analyse.txt"


@dataclass(frozen=True)
class Board:
    """Connect Four on one board: a maker that pickles and compares by value."""

    cols: int
    rows: int
    k: int = 4

    def __call__(self) -> ConnectFour:
        return ConnectFour(cols=self.cols, rows=self.rows, k=self.k)


def serial_value(game: ConnectFour, state: ConnectFourState) -> int:
    found = solve(game, state)
    if found.result == "win":
        return BIG - found.plies
    if found.result == "loss":
        return -(BIG - found.plies)
    return 0


def later(value: int, plies: int = 1) -> int:
    """A value counted from `plies` moves earlier: a win or a loss that much further off."""
    return value - plies if value > BIG // 2 else value + plies if value < -BIG // 2 else value


def after(game: ConnectFour, columns: list[int]) -> ConnectFourState | None:
    state = game.start
    for column in columns:
        if column not in game.moves(state):
            return None
        status = game.play(state, column)
        if not isinstance(status, Playing):
            return None
        state = status.state
    return state


@pytest.mark.parametrize("board", [Board(4, 4, 3), Board(5, 4), Board(4, 5), Board(5, 5)])
@pytest.mark.parametrize("plies", [1, 2, 3])
def test_the_split_value_and_every_move_are_the_serial_solvers(board: Board, plies: int) -> None:
    game = board()
    found = split_solve(WindowRecipe(board), plies=plies, all_moves=True)
    assert found.value == serial_value(game, game.start)
    moves = dict(found.columns)
    assert sorted(moves) == sorted(game.moves(game.start))
    for move, value in moves.items():
        status = game.play(game.start, move)
        assert isinstance(status, Playing)
        assert value == -later(serial_value(game, status.state)), move
    assert moves[found.best] == found.value  # the best move keeps the value
    assert found.sent <= found.frontier
    assert found.tasks >= found.sent


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=8), st.integers(1, 3))
def test_any_position_solves_as_the_serial_solver_solves_it(moves: list[int], plies: int) -> None:
    board = Board(5, 4)
    game = board()
    state = after(game, moves)
    if state is None:
        return
    found = split_solve(WindowRecipe(board), state, plies=plies)
    assert found.value == serial_value(game, state)


def test_the_column_scores_are_the_outside_solvers() -> None:
    """Every 7th position of the 5 x 4 ground truth (Pons's solver), each column's score."""
    board = Board(5, 4)
    game = board()
    lines = [x for x in DATA.read_text().splitlines() if x and not x.startswith("#")][::7]
    assert len(lines) > 40
    for line in lines:
        moves, *scores = line.split()
        state = after(game, [int(c) - 1 for c in moves])
        assert state is not None
        found = split_solve(WindowRecipe(board), state, plies=2, all_moves=True)
        got = {move: value for move, value in found.columns}
        for column, want in enumerate(map(int, scores)):
            if want == -1000:
                assert column not in got
                continue
            result, plies = outcome_of(got[column])
            if result == "draw":
                plies = 20 - state.plies
            assert pons_score(game, state, result, plies) == want, (line, column)


def test_a_move_that_ends_the_game_is_scored_for_the_side_that_plays_it() -> None:
    # Two wins in one for X (4 x 4, three in a row, after 2233): the column that is not
    # the best move ends the game at the frontier's first ply, and is a win, as serially.
    board = Board(4, 4, 3)
    game = board()
    state = after(game, [1, 1, 2, 2])
    assert state is not None
    found = split_solve(WindowRecipe(board), state, plies=1, all_moves=True)
    serial = {}
    for move in game.moves(state):
        status = game.play(state, move)
        if not isinstance(status, Playing):
            serial[move] = BIG - 1  # X wins with it
            continue
        v = serial_value(game, status.state)  # counted from the child, one ply further
        serial[move] = -(v - 1) if v > 0 else -(v + 1) if v < 0 else 0
    assert dict(found.columns) == serial
    assert [move for move, value in found.columns if value == BIG - 1] == [0, 3]


def test_the_work_spreads_over_two_workers_and_the_answer_stays() -> None:
    board = Board(5, 5)
    found = split_solve(WindowRecipe(board), on=local_workers(2), plies=3, all_moves=True)
    alone = split_solve(WindowRecipe(board), plies=3, all_moves=True)
    assert (found.value, found.best) == (alone.value, alone.best) == (0, 2)
    assert dict(found.columns) == dict(alone.columns) == dict.fromkeys(range(5), 0)
    assert 0 < len(found.work) <= found.tasks  # a guess still running at the end is dropped


def test_known_values_are_never_sent() -> None:
    """A frontier given whole (a book) is read, not searched: no task at all."""
    board = Board(5, 4)
    game = board()
    key = position_key(game)
    frontier = frontier_states(game, game.start, 3)
    known = {(3, key(state)): later(serial_value(game, state), 3) for _, state in frontier}
    found = split_solve(WindowRecipe(board), plies=3, known=known)
    assert (found.value, found.tasks, found.positions) == (0, 0, 0)


def test_the_frontier_holds_a_position_and_its_mirror_once() -> None:
    game = Board(5, 4)()
    states = list(frontier_states(game, game.start, 2))
    # 25 lines of two moves; (a, b) and its mirror (4 - a, 4 - b) are one position.
    assert len(states) == 13
    assert all(len(line) == 2 for line, _ in states)


def test_a_frontier_at_the_root_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1 ply below the root"):
        split_solve(WindowRecipe(Board(4, 4, 3)), plies=0)


def test_the_split_runs_on_a_dask_cluster(dask_address: str) -> None:
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--moves", "3",
        "--scheduler", dask_address, "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert (found["result"], found["plies"], found["score"]) == ("draw", 19, 0)
    assert found["split"]["on"] == f"the Dask scheduler at {dask_address}"


def test_a_book_is_built_on_a_dask_cluster(dask_address: str, tmp_path: Path) -> None:
    path = tmp_path / "4x4.book"
    argv = ["book", "build", "connect4", "--cols", "4", "--rows", "4", "--k", "3"]
    status, out, _ = run(*argv, "--plies", "2", "--out", str(path), "--scheduler", dask_address)
    assert status == 0
    assert "8 positions 2 plies in (0 already there, 8 solved now, " in out
    lines = path.read_text().splitlines()[3:]
    assert sorted(lines)[0] == "11 win 9"
    assert len(lines) == 8
