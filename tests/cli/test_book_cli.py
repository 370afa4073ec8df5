"""`gamelib book build` and `solve --book`: an opening book built, stopped any way and
finished, read back, and every file that is not a book of the game refused."""

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

from gamelib.parallel.book import MAGIC
from tests.runner import run

SMALL = ("connect4", "--cols", "5", "--rows", "4")
HEADER = f"{MAGIC}\n# game connect4 ConnectFour(cols=5, rows=4, k=4)\n# plies 3\n"


def entries(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if not line.startswith("#")]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "5x4.book"
    status, out, err = run("book", "build", *SMALL, "--plies", "3", "--out", str(path))
    assert status == 0
    assert re.fullmatch(
        rf"{re.escape(str(path))}: 49 positions 3 plies in \(0 already there, 49 solved now, "
        r"[\d,]+ positions searched in \d+\.\d s\)\n",
        out,
    )
    # Not a terminal: a plain line each tenth of the way, with the time left.
    assert err.splitlines()[0].startswith("5 of 49 positions done (")
    assert "s left)" in err.splitlines()[0]
    return path


def test_a_book_holds_each_position_once_with_its_exact_result(book: Path) -> None:
    text = book.read_text()
    assert text.startswith(HEADER)
    lines = entries(book)
    assert len(lines) == len(set(lines)) == 49
    assert all(re.fullmatch(r"[1-5]{3} (win|loss|draw) \d+", line) for line in lines)
    # Pons's 5 x 4: after 3, 3, 3 the side to move draws; after 1, 1, 1 too (a draw ends
    # the game on the full board, 17 plies on); a mirror image is the same line.
    assert {"333 draw 17", "111 draw 17"} <= set(lines) or "555 draw 17" in lines


def test_a_finished_book_built_again_solves_nothing(book: Path) -> None:
    status, out, _ = run("book", "build", *SMALL, "--plies", "3", "--out", str(book))
    assert status == 0
    assert "(49 already there, 0 solved now, 0 positions searched" in out


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_solve_reads_the_book_and_searches_nothing(book: Path, workers: list[str]) -> None:
    status, out, err = run("solve", *SMALL, "--book", str(book), "--all", *workers)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[6:12] == [
        "a draw, with best play (20 plies to the end); a best move: 3 (score 0)",
        "  1: loss in 20 plies (score -1)",
        "  2: draw (20 plies to the end) (score 0)",
        "  3: draw (20 plies to the end) (score 0)",
        "  4: draw (20 plies to the end) (score 0)",
        "  5: loss in 20 plies (score -1)",
    ]
    assert lines[12].startswith("searched 0 positions in ")
    # 13 tests: --all takes the best move's value from the root's, not from two more tests
    assert lines[12].endswith("(0 searches, 13 tests), the book read 3 plies down")


def test_a_position_past_the_book_is_searched(book: Path) -> None:
    status, out, _ = run("solve", *SMALL, "--book", str(book), "--moves", "3333", "--json")
    assert status == 0
    assert '"result": "draw"' in out


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda t: t + "3 3", "is cut short: its last line (line 53) has no end"),
        (lambda t: t.replace(MAGIC, "# my notes"), "is not a gamelib book: its first line"),
        (lambda t: t.replace("cols=5", "cols=6"), "is a book of another game: its line 2 is"),
        (lambda t: t.replace("connect4 C", "tictactoe C"), "is a book of another game"),
        (lambda t: t + "333 draw\n", "line 53 is not 'MOVES RESULT PLIES'"),
        (lambda t: t + "993 draw 17\n", "line 53: the moves '993' cannot be played"),
        (lambda t: t + "12 win 3\n", "line 53 has 2 moves, not the book's 3"),
        (lambda t: t + "333 best 17\n", "line 53 gives the result 'best'"),
        (lambda t: t + "333 win 99\n", "line 53 gives 99 plies to the end, which cannot be"),
        (lambda t: t + "333 draw 5\n", "line 53 gives a draw in 5 plies, which cannot be"),
        (lambda t: t + t.splitlines()[3] + "\n", "line 53 repeats a position"),
    ],
)
def test_a_file_that_is_not_this_games_book_is_refused_in_one_sentence(
    book: Path, tmp_path: Path, spoil: object, said: str
) -> None:
    bad = tmp_path / "bad.book"
    assert callable(spoil)
    bad.write_text(spoil(book.read_text()))
    status, out, err = run("solve", *SMALL, "--book", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: '{bad}' {said}") or err.startswith(f"gamelib: '{bad}' line")
    assert said in err
    assert err.count("\n") == 1


def test_a_file_of_bytes_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "noise.book"
    bad.write_bytes(bytes(range(256)))
    status, _, err = run("solve", *SMALL, "--book", str(bad))
    assert status == 2
    assert err == f"gamelib: '{bad}' is not a gamelib book: it is not text\n"


def _build(path: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "gamelib", "book", "build", "connect4"]
    return subprocess.Popen(
        [*command, "--cols", "5", "--rows", "5", "--plies", "4", "--out", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(path: Path, lines: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and len(entries(path)) >= lines:
            return
        time.sleep(0.02)
    raise AssertionError(f"the build wrote fewer than {lines} lines before it ended")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_build_killed_halfway_finishes_without_solving_a_position_again(
    tmp_path: Path, how: signal.Signals
) -> None:
    """5 x 5, 4 plies: 177 positions.  Killed after 40 are written, the same command
    again solves exactly the ones not in the file."""
    path = tmp_path / "5x5.book"
    process = _build(path)
    _wait_for(path, 40, process)
    os.kill(process.pid, how)
    _, err = process.communicate(timeout=60)
    if how == signal.SIGTERM:
        assert process.returncode == 1
        assert err.endswith(
            f"gamelib: book build stopped; what was solved is kept in {path}: the same "
            "command again solves the rest\n"
        )
    else:
        assert process.returncode == -signal.SIGKILL
    kept = len(entries(path))
    assert 40 <= kept < 177
    status, out, _ = run(
        "book", "build", "connect4", "--cols", "5", "--rows", "5", "--plies", "4",
        "--out", str(path),
    )  # fmt: skip
    assert status == 0
    assert f": 177 positions 4 plies in ({kept} already there, {177 - kept} solved now, " in out
    lines = entries(path)
    assert len(lines) == len(set(lines)) == 177
    assert len({line.split()[0] for line in lines}) == 177


@pytest.mark.parametrize("seed", ["1", "2"])
def test_players_take_their_first_moves_from_the_book(book: Path, seed: str) -> None:
    """Two random players with the book: its three plies are the book's best (3, then 3,
    then 3: the first column in the game's order that keeps the draw), the rest random."""
    argv = ["play", *SMALL, "--maxie", "random", "--minnie", "random", "--seed", seed]
    status, out, _ = run(*argv, "--book", str(book), "--json")
    assert status == 0
    found = json.loads(out)
    assert found["moves"][:3] == ["3", "3", "3"]
    assert found["players"]["Maxie"] == f"random (seed {seed}), with the book 5x4.book"
    if seed == "1":  # without the book, this seed's random players open otherwise
        status, out, _ = run(*argv, "--json")
        assert json.loads(out)["moves"][:3] == ["2", "2", "5"]


def test_a_player_given_a_foreign_book_is_refused(book: Path, tmp_path: Path) -> None:
    bad = tmp_path / "6x4.book"
    bad.write_text(book.read_text().replace("cols=5", "cols=6"))
    status, out, err = run("play", *SMALL, "--maxie", "random", "--book", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: '{bad}' is a book of another game: its line 2 is")
    assert err.count("\n") == 1


def test_a_file_that_is_no_book_is_refused_before_anything_is_cut(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nthe last line, with no end")
    status, out, err = run("book", "build", *SMALL, "--plies", "1", "--out", str(notes))
    assert (status, out) == (2, "")
    assert "is not a gamelib book" in err
    assert notes.read_text() == "my notes\nthe last line, with no end"


@pytest.mark.parametrize("begun", ["", MAGIC[:5], HEADER[:-3]])
def test_a_book_stopped_in_its_header_is_built_anew(tmp_path: Path, begun: str) -> None:
    path = tmp_path / "begun.book"
    path.write_text(begun)
    status, out, err = run("book", "build", *SMALL, "--plies", "1", "--out", str(path))
    assert (status, err.count("\n") >= 0) == (0, True)
    assert "3 positions 1 plies in (0 already there, 3 solved now" in out
    assert path.read_text().startswith(HEADER.replace("# plies 3", "# plies 1"))


def test_a_single_move_of_two_characters_reads_back() -> None:
    from gamelib.games.connect4 import ConnectFour
    from gamelib.parallel.book import _moves_text, _tokens

    game = ConnectFour(cols=12, rows=4)
    (ten,) = (m for m in game.moves(game.start) if game.move_to_string(m) == "10")
    assert _tokens(_moves_text(game, (ten,))) == ["10"]
    assert _tokens(_moves_text(game, (ten, ten))) == ["10", "10"]
    one = next(m for m in game.moves(game.start) if game.move_to_string(m) == "1")
    assert _tokens(_moves_text(game, (one, one))) == ["1", "1"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("book", "build", "tictactoe", "--plies", "1", "--out", "t.book"),
            "gamelib: a book is for Connect Four, not tictactoe\n",
        ),
        (
            ("play", "tictactoe", "--book", "t.book"),
            "gamelib: --book is for Connect Four, not tictactoe\n",
        ),
        (("play", "pig", "--book", "t.book"), "gamelib: --book is for Connect Four, not pig\n"),
        (
            ("solve", "tictactoe", "--book", "t.book"),
            "gamelib: --book is for Connect Four, not tictactoe\n",
        ),
        (
            ("solve", "tictactoe", "--workers", "2"),
            "gamelib: --workers without --positions is for Connect Four, not tictactoe: give "
            "--positions FILE to solve many positions on workers\n",
        ),
        (
            ("solve", *SMALL, "--workers", "2", "--depth", "3"),
            "gamelib: --workers without --positions splits the exact solver's search to the "
            "end of the game: it cannot be used with --depth\n",
        ),
        (
            ("solve", *SMALL, "--workers", "2", "--proof"),
            "gamelib: --workers without --positions splits the exact solver's search to the "
            "end of the game: it cannot be used with --proof\n",
        ),
    ],
)
def test_what_a_split_solve_or_a_book_cannot_do_is_said(
    argv: tuple[str, ...], said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(*argv)
    assert (status, out, err) == (2, "", said)
    assert not (tmp_path / "t.book").exists()


def test_a_book_whose_plies_reach_the_end_of_the_game_is_refused(tmp_path: Path) -> None:
    """A header claiming more plies than the game can last (or than any book has) is no
    book: read, it would have a player grow the whole tree down to positions never found."""
    tiny = ("connect4", "--cols", "4", "--rows", "4", "--k", "3")
    game = "# game connect4 ConnectFour(cols=4, rows=4, k=3)"
    for plies in (16, 17):
        bad = tmp_path / f"{plies}.book"
        bad.write_text(f"{MAGIC}\n{game}\n# plies {plies}\n")
        for command in (["analyse", *tiny], ["solve", *tiny], ["play", *tiny]):
            status, out, err = run(*command, "--book", str(bad))
            assert (status, out) == (2, ""), command
            assert err == (
                f"gamelib: '{bad}' is not a gamelib book: it says its positions are {plies} "
                "plies in, and a book of this game's are 1 to 15 plies in\n"
            ), command
        status, _, err = run("book", "build", *tiny, "--plies", str(plies), "--out", str(bad))
        assert status == 2
        assert (
            err
            == {
                16: "gamelib: --plies must be under the board's 16 cells (a game 16 plies in is "
                "over), got 16\n",
                17: "gamelib: --plies must be from 1 to 16, got 17\n",
            }[plies]
        )
