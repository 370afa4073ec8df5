"""Batches and saved games as streams: read as they go, in bounded memory, with line
numbers as `sed -n Np` gives them, and stopped inputs answered in one sentence."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from gamelib.cli import main
from gamelib.cli.batch import MAX_LINE

ROOT = Path(__file__).resolve().parents[2]
GAMELIB = (sys.executable, "-m", "gamelib")


def shell(script: str) -> tuple[int, str, str]:
    """Run ``script`` in sh, with ``gamelib`` meaning this checkout's command line."""
    done = subprocess.run(
        ["sh", "-c", f'gamelib() {{ "{sys.executable}" -m gamelib "$@"; }}; {script}'],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


class Watched(io.StringIO):
    """Standard input that notes how much had been answered each time a line was read."""

    def __init__(self, text: str, out: io.StringIO) -> None:
        super().__init__(text)
        self.out = out
        self.answered_at_each_read: list[int] = []

    # typeshed declares TextIOBase.readline with the same ignore: IOBase's returns bytes.
    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        self.answered_at_each_read.append(self.out.getvalue().count("\n"))
        return super().readline(size)


def test_analyse_answers_each_line_before_reading_the_next() -> None:
    out, err = io.StringIO(), io.StringIO()
    stdin = Watched("1\n2\n3\n", out)
    argv = ["analyse", "nim", "--positions", "-", "--json", "--player", "alphabeta:2"]
    assert main(argv, stdin, out, err) == 0
    assert [json.loads(line)["line"] for line in out.getvalue().splitlines()] == [1, 2, 3]
    # The n-th line was read once n - 1 answers were out: the batch streams.
    assert stdin.answered_at_each_read[:3] == [0, 1, 2]


def test_line_numbers_are_the_ones_sed_gives(tmp_path: Path) -> None:
    # Only a line feed ends a line: a carriage return, a form feed, a vertical tab or
    # U+2028 inside a line do not (Python's text files would split at each of them).
    text = "3\r\n\x0c1\x0b2\n\u2028x\n1 1\n"
    path = tmp_path / "p.txt"
    path.write_text(text, encoding="utf-8", newline="")
    for source in ([str(path)], ["-"]):
        status, out, _ = shell(f"gamelib analyse nim --positions {source[0]} --json < {path}")
        assert status == 1  # line 3 is no position
        lines = {json.loads(line)["line"]: json.loads(line) for line in out.splitlines()}
        assert sorted(lines) == [1, 2, 3, 4]
        assert lines[4]["moves"] == "1 1"
        for number in lines:
            sed = subprocess.run(
                ["sed", "-n", f"{number}p", str(path)], capture_output=True, text=True, check=True
            ).stdout.strip()
            assert lines[number]["moves"] == sed.strip(" \r\x0c\x0b\u2028")


def test_an_endless_line_is_refused_in_one_sentence() -> None:
    status, out, err = shell("gamelib analyse nim --positions /dev/zero")
    assert (status, out) == (2, "")
    assert err == (
        f"gamelib: --positions: line 1 of '/dev/zero' is longer than {MAX_LINE:,} "
        "characters, which no position is\n"
    )
    status, out, err = shell("head -c 3000000 /dev/zero | gamelib solve nim --positions -")
    assert (status, out) == (2, "")
    assert err.startswith("gamelib: --positions: line 1 of standard input is longer than")


def test_an_endless_file_is_no_saved_game() -> None:
    status, out, err = shell("gamelib replay /dev/zero")
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: '/dev/zero' is not a saved game: it is longer than 16,777,216 characters\n"
    )


def test_closed_standard_input_is_said_by_every_reader() -> None:
    for command, said in [
        ("replay -", "replay -: standard input is closed, so there is no saved game to read"),
        ("analyse nim --positions -", "--positions -: standard input is closed"),
        ("solve nim --positions -", "--positions -: standard input is closed"),
    ]:
        status, out, err = shell(f"gamelib {command} <&-")
        assert (status, out, err) == (2, "", f"gamelib: {said}\n"), command
    status, _, err = shell("gamelib play nim --maxie human <&-")
    assert (status, err) == (
        1,
        "gamelib: game stopped: there is no input to read Maxie's move from\n",
    )


def saved(path: Path) -> dict[str, object]:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_a_game_stopped_early_is_saved_unfinished_and_replays(tmp_path: Path) -> None:
    for typed, said in [
        ("1\n", "the input ended while waiting for Maxie's move"),
        ("1\nquit\n", "Maxie quit"),
    ]:
        path = tmp_path / "game.json"
        out, err = io.StringIO(), io.StringIO()
        argv = ["play", "nim", "--maxie", "human", "--minnie", "direct", "--save", str(path)]
        assert main(argv, io.StringIO(typed), out, err) == 1
        assert said in err.getvalue()
        assert out.getvalue().endswith(
            f"The unfinished game is saved in {path}: gamelib replay {path}\n"
        )
        document = saved(path)
        assert (document["moves"], document["finished"], document["winner"]) == (
            ["1", "1"],
            False,
            None,
        )
        out = io.StringIO()
        assert main(["replay", str(path)], io.StringIO(), out, io.StringIO()) == 0
        assert out.getvalue().startswith("Replaying nim: 2 moves")
        assert out.getvalue().endswith(
            "13 left, and it is Maxie's turn\nThe saved game stops here, before the end.\n"
        )


def test_json_of_a_game_stopped_early_says_unfinished() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "nim", "--maxie", "human", "--minnie", "direct", "--json"]
    assert main(argv, io.StringIO("3\n"), out, err) == 1
    document = json.loads(out.getvalue())
    assert (document["moves"], document["finished"], document["outcome"]) == (
        ["3", "3"],
        False,
        None,
    )


def test_sigterm_keeps_the_game_played_so_far(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    process = subprocess.Popen(
        [
            *GAMELIB,
            "play",
            "connect4",
            "--maxie",
            "human",
            "--minnie",
            "alphabeta:2",
            "--save",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write("4\n")
    process.stdin.flush()
    seen = ""
    while seen.count("please type your move") < 2:  # Minnie answered; Maxie is asked again
        seen += process.stdout.read(1)
    process.terminate()
    # Read through the same buffered streams read(1) used: they may hold more already.
    assert process.stderr is not None
    out, err = seen + process.stdout.read(), process.stderr.read()
    assert process.wait(timeout=30) == 1
    for stream in (process.stdin, process.stdout, process.stderr):
        stream.close()
    assert err == "gamelib: terminated (SIGTERM)\n"
    assert f"The unfinished game is saved in {path}" in out
    document = saved(path)
    assert document["finished"] is False
    assert isinstance(document["moves"], list)
    assert document["moves"][0] == "4"
    assert len(document["moves"]) == 2


def test_ctrl_c_in_a_serial_solve_batch_says_where_it_stopped(tmp_path: Path) -> None:
    positions = tmp_path / "p.txt"
    # A win in one ply, then a solve of minutes even compiled (make accelerate).
    positions.write_text("112233\n4\n")
    argv = ["solve", "connect4", "--positions", str(positions)]
    batch = subprocess.Popen(
        [*GAMELIB, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        # A test runner started in the background may ignore Ctrl-C, and children inherit
        # that; a person's terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert batch.stdout is not None
    assert batch.stderr is not None
    first = batch.stdout.readline()
    assert first == "line 1: 112233\n"  # answered before the stop
    time.sleep(2)
    batch.send_signal(signal.SIGINT)
    # Read through the same buffered stream readline used: it may hold more already.
    out = first + batch.stdout.read()
    err = batch.stderr.read()
    assert batch.wait(timeout=30) == 1
    batch.stdout.close()
    batch.stderr.close()
    assert "Maxie, to move, wins in 1 ply; a best move: 4\n" in out  # nothing answered lost
    assert err.endswith(
        "gamelib: stopped after 1 position, the last answered on line 1; the rest were not "
        "searched\n"
    )
    assert "Traceback" not in err


def test_a_finished_game_in_a_batch_is_named_by_its_command(tmp_path: Path) -> None:
    # One rule for --moves and for --positions: there is nothing to analyse (or to solve)
    # after a game has ended.
    positions = tmp_path / "p.txt"
    positions.write_text("14253\n")  # X takes 1, 2 and 3
    for command in ("analyse", "solve"):
        out, err = io.StringIO(), io.StringIO()
        argv = [command, "tictactoe", "--positions", str(positions), "--json"]
        assert main(argv, io.StringIO(), out, err) == 1
        assert json.loads(out.getvalue())["error"] == (
            f"nothing to {command}: the game is already over after 1 4 2 5 3 (Maxie wins)"
        )
        out, err = io.StringIO(), io.StringIO()
        assert main([command, "tictactoe", "--moves", "14253"], io.StringIO(), out, err) == 2
        assert err.getvalue() == (
            f"gamelib: nothing to {command}: the game is already over after 1 4 2 5 3 "
            "(Maxie wins)\n"
        )
