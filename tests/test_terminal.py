"""The terminal side of the command line: encodings, usage, version, exit status."""

from __future__ import annotations

import os
import subprocess
import sys

from gamelib.cli.ascii import ASCII_SPELLINGS, HANDLER


def gamelib(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The real console script's code in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", "from gamelib.cli import entry_point; entry_point()", *args],
        input=stdin.encode(),
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    return (
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
    )


ASCII = {"PYTHONIOENCODING": "ascii"}


def test_a_trace_on_an_ascii_terminal_spells_infinity_and_alpha_out() -> None:
    status, out, err = gamelib("trace", "small", "--player", "alphabeta", env=ASCII)
    assert (status, err) == (0, "")
    assert out.isascii()
    assert out.startswith("Evaluating (Maxie,a) with window (-inf, +inf)\n")


def test_a_typo_at_connect_four_on_an_ascii_terminal_is_answered() -> None:
    status, out, err = gamelib("play", "connect4", "--maxie", "human", stdin="9\n", env=ASCII)
    assert "Traceback" not in err
    assert "there is no column 9: columns are 1-7; legal moves: 1, 2, 3, 4, 5, 6, 7\n" in out
    assert status == 1


def test_every_spelling_is_ascii() -> None:
    for symbol, spelling in ASCII_SPELLINGS.items():
        assert not symbol.isascii()
        assert spelling.isascii()
        assert symbol.encode("ascii", errors=HANDLER) == spelling.encode()
    assert "ᵢ".encode("ascii", errors=HANDLER) == b"?"
