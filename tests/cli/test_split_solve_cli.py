"""`gamelib solve GAME --workers N` without `--positions`: one solve split over workers,
through `main`, with the serial solver's answers and Pons's scores."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.runner import run

BOARD_5X4 = " 1 2 3 4 5\n" + "|. . . . .|\n" * 4 + "Maxie (X) to move\n"


def split_line(out: str) -> str:
    """The last line (positions, seconds and searches, which vary with the workers)."""
    return out.splitlines()[-1]


def test_5x4_from_empty_on_two_workers_is_a_draw_with_each_columns_score() -> None:
    status, out, err = run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--workers", "2", "--all"
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.removesuffix(split_line(out) + "\n") == BOARD_5X4 + (
        "a draw, with best play (20 plies to the end); a best move: 3 (score 0)\n"
        "  1: loss in 20 plies (score -1)\n"
        "  2: draw (20 plies to the end) (score 0)\n"
        "  3: draw (20 plies to the end) (score 0)\n"
        "  4: draw (20 plies to the end) (score 0)\n"
        "  5: loss in 20 plies (score -1)\n"
    )
    assert re.fullmatch(
        r"searched [\d,]+ positions in \d+\.\d\d s on 2 local processes: the tree split 3 "
        r"plies down, \d+ of its 49 frontier positions searched \(\d+ searches, \d+ tests\)",
        split_line(out),
    )


def test_7x4_the_centre_alone_draws() -> None:
    """Pons's solver: 7 x 4 is a draw, and every column but the centre loses (-1)."""
    status, out, err = run(
        "solve", "connect4", "--cols", "7", "--rows", "4", "--workers", "2", "--all", "--json"
    )
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert (found["result"], found["score"], found["best"], found["plies"]) == ("draw", 0, 4, 28)
    scores = [found["columns"][str(c)]["score"] for c in range(1, 8)]
    assert scores == [-1, -1, -1, 0, -1, -1, -1]
    assert found["split"]["plies"] == 3
    assert found["split"]["on"] == "2 local processes"


def test_a_win_after_some_moves_on_one_worker_with_a_deeper_split() -> None:
    """4 x 4 with three in a row: the first player wins in 9 plies, by column 2 (or 3)."""
    status, out, err = run(
        "solve", "connect4", "--cols", "4", "--rows", "4", "--k", "3",
        "--workers", "1", "--split", "4", "--all",
    )  # fmt: skip
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[5:10] == [
        "Maxie (X) to move",
        "Maxie, to move, wins in 9 plies; a best move: 2 (score +4)",
        "  1: win in 15 plies (score +1)",
        "  2: win in 9 plies (score +4)",
        "  3: win in 9 plies (score +4)",
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--split", "2"], "--split splits a solve over workers: give --workers N or --scheduler"),
        (["--workers", "2", "--split", "0"], "--split must be from 1 to 12 plies, got 0"),
        (["--workers", "2", "--split", "x"], "--split must be a whole number"),
        (
            ["--workers", "2", "--split", "2", "--positions", "-"],
            "--split solves one position: it cannot be used with --positions",
        ),
        (
            ["--workers", "2", "--split", "2", "--depth", "3"],
            "--split is for the exact solver to the end of the game, not with --depth",
        ),
        (["--workers", "2", "--method", "pns"], "--workers is for batches"),
    ],
)
def test_a_split_that_cannot_run_is_said_in_one_sentence(args: list[str], said: str) -> None:
    status, out, err = run("solve", "connect4", "--cols", "5", "--rows", "4", *args)
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: {said}")
    assert err.count("\n") == 1


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _started(argv: list[str]) -> subprocess.Popen[str]:
    """A split solve of 7 x 5 (minutes) with its two workers running."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gamelib", "solve", "connect4", "--cols", "7", "--rows", "5", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # past the start: the workers are searching
    return process


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("how", ["sigterm", "worker killed"])
def test_a_split_solve_stopped_says_so_and_leaves_no_worker(how: str) -> None:
    process = _started(["--workers", "2"])
    workers = _children(process.pid)
    assert len(workers) >= 2
    if how == "sigterm":
        os.kill(process.pid, signal.SIGTERM)
    else:
        os.kill(workers[-1], signal.SIGKILL)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, out) == (1, "")
    why = "interrupted" if how == "sigterm" else "a worker process died (killed, or out of memory)"
    assert err == f"gamelib: solve stopped before the value was pinned down: {why}\n"
    time.sleep(0.5)
    assert not any(_alive(pid) for pid in workers)  # the workers ended with it


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"
