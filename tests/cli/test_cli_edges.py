"""The command line at its edges: closed and full outputs, huge sizes, long echoes.

Each case runs the real ``gamelib`` program in a subprocess (the way a user
meets it), and asserts the exit status, one sentence naming the problem,
and no traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.games.connect4 import ConnectFour
from gamelib.games.connect4_board import MAX_BOARD_MB, board_megabytes

ROOT = Path(__file__).resolve().parents[2]


def gamelib(
    *argv: str, stdout: int | None = subprocess.PIPE, close_stdout: bool = False
) -> tuple[int, str, str]:
    """Run ``python -m gamelib ARGV``; with ``close_stdout``, file descriptor 1 is closed."""
    command = [sys.executable, "-m", "gamelib", *argv]
    if close_stdout:
        command = ["sh", "-c", 'exec "$@" >&-', "sh", *command]
        stdout = None
    done = subprocess.run(
        command, stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT, timeout=60, check=False
    )
    out: bytes | None = done.stdout  # None when not captured
    return done.returncode, "" if out is None else out.decode(), done.stderr.decode()


def test_a_closed_standard_output_gets_a_sentence() -> None:
    status, _, err = gamelib("list", close_stdout=True)
    assert (status, err) == (
        2,
        "gamelib: standard output is closed, so there is nowhere to write\n",
    )


def test_a_full_disk_names_standard_output() -> None:
    with open("/dev/full", "wb") as full:
        status, _, err = gamelib("list", stdout=full.fileno())
    assert (status, err) == (2, "gamelib: cannot write standard output: No space left on device\n")


TOO_BIG = (
    "memory, more than the 128 MB gamelib gives a board (the memory grows as the fourth "
    "power of the board's side; about 110 x 110 fits)"
)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("analyse", "connect4", "--cols", "1000", "--rows", "1000"),
            f"cols = 1000 makes the board too big: its lines would take about 763,702 MB of "
            f"{TOO_BIG}",
        ),
        (
            ("solve", "connect4", "--rows", "9" * 4000),
            f"rows = a number of 4,000 digits makes the board too big: its lines would take far "
            f"more {TOO_BIG}",
        ),
        (
            ("play", "connect4", "--cols", "9" * 5000),
            f"--cols is far too big, got {'9' * 60}... (5,000 characters)",
        ),
        (
            ("analyse", "connect4", "--cols", "1", "--rows", "100000"),
            f"rows = 100000 makes the board too big: its lines would take about 7,629 MB of "
            f"{TOO_BIG}",
        ),
    ],
)
def test_boards_too_big_for_memory_are_refused_in_one_sentence(
    argv: tuple[str, ...], message: str
) -> None:
    status, out, err = gamelib(*argv)
    assert (status, out, err) == (2, "", f"gamelib: {message}\n")


def test_a_board_is_limited_by_its_memory_not_by_a_side() -> None:
    # 64 x 64 was refused by a cap of 32 on each side; its geometry takes 16 MB.
    assert board_megabytes(64, 64) < MAX_BOARD_MB < board_megabytes(120, 120)
    assert ConnectFour(cols=64, rows=64).board.size == 64 * 64
    assert ConnectFour(cols=200, rows=2, k=4).board.size == 400
    status, out, err = gamelib(
        "analyse", "connect4", "--cols", "40", "--rows", "40", "--depth", "1"
    )
    assert (status, err) == (0, "")
    assert "AlphaBeta(depth 1) chooses" in out
    with pytest.raises(ValueError, match="rows = 3000 makes the board too big"):
        ConnectFour(cols=7, rows=3000)
    with pytest.raises(ValueError, match=r"^cols = a number of 4,001 digits makes the board"):
        ConnectFour(cols=10**4000)


def test_a_full_disk_under_the_proof_picture_names_it_after_the_answer() -> None:
    # Linux's /dev/full takes the open and refuses every write, as a full disk does.
    status, out, err = gamelib("solve", "nim", "--pile", "5", "--dot", "/dev/full")
    assert (status, err) == (2, "gamelib: cannot write /dev/full: No space left on device\n")
    assert "Minnie wins in 3 plies" in out  # the solve's answer still reached standard output
    assert "wrote /dev/full" not in out
    status, out, err = gamelib("solve", "nim", "--pile", "5", "--dot", "/dev/full", "--json")
    assert (status, err) == (2, "gamelib: cannot write /dev/full: No space left on device\n")
    assert '"result": "loss"' in out
    assert '"dot"' not in out  # the answer does not claim the picture


def test_a_full_disk_under_the_saved_game_names_it() -> None:
    argv = ("play", "nim", "--maxie", "random", "--minnie", "random", "--seed", "1")
    status, out, err = gamelib(*argv, "--save", "/dev/full")
    assert (status, err) == (2, "gamelib: cannot write /dev/full: No space left on device\n")
    assert out.endswith("Game over! Minnie wins!\n")  # the game was shown
    status, out, err = gamelib(*argv, "--save", "/dev/full", "--json")
    assert status == 2
    assert err.endswith("gamelib: cannot write /dev/full: No space left on device\n")
    assert '"winner": "Minnie"' in out  # the JSON still reached standard output


def test_a_file_that_fails_while_read_is_named() -> None:
    # Reading /proc/self/mem from its start fails part way, as a bad disk does.
    for command in ("analyse", "solve"):
        status, out, err = gamelib(command, "nim", "--positions", "/proc/self/mem")
        assert (status, out) == (2, "")
        assert err == "gamelib: --positions: cannot read '/proc/self/mem': Input/output error\n"
