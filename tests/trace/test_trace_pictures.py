"""Trace pictures through the command line: paths checked before the search, files named
when they cannot be written, huge pictures refused, and no Graphviz means no success."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.runner import run

ROOT = Path(__file__).parents[2]

TRACES = {
    "two-player": ["--game", "connect4", "--player", "minimax:5"],
    "chance": ["--game", "pig", "--player", "expectiminimax:5"],
    "n-player": ["--game", "takeaway", "--pile", "15", "--player", "maxn:8"],
}
"""A search of each family with too many positions to draw (19,608, 16,356 and 5,439)."""

SMALL = {
    "two-player": ["small"],
    "chance": ["dice", "--player", "star2"],
    "n-player": ["cse473-3p", "--player", "maxn"],
}
"""A small trace of each family, as the issue gave them."""


def run_gamelib(*argv: str, path: str) -> subprocess.CompletedProcess[str]:
    """``python -m gamelib ARGV`` in a process of its own, with ``PATH`` as given."""
    env = {**os.environ, "PATH": path, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "gamelib", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


@pytest.mark.parametrize("family", list(TRACES))
@pytest.mark.parametrize("flag", ["--dot", "--svg", "--png"])
@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("x", "it is a folder"),
        ("missing/x", "its folder does not exist"),
        ("a-file/x", "a-file is not a folder"),
    ],
)
def test_a_path_that_cannot_be_written_is_refused_before_the_search(
    tmp_path: Path, family: str, flag: str, where: str, reason: str
) -> None:
    target = tmp_path / f"{where}.{flag[2:]}"
    if where == "x":
        target.mkdir()
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    status, out, err = run("trace", *TRACES[family], flag, str(target))
    # Nothing printed: the search never ran (it would have printed thousands of lines).
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: cannot write {target}: ")
    assert err.endswith(f"{reason}\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize("family", list(TRACES))
def test_a_folder_that_refuses_new_files_is_found_before_the_search(family: str) -> None:
    # Linux's /sys takes no new files, not even from root (gamelib's machines run Linux).
    status, out, err = run("trace", *TRACES[family], "--dot", "/sys/trace.dot")
    assert (status, out) == (2, "")
    assert err == "gamelib: cannot write /sys/trace.dot: Permission denied\n"


@pytest.mark.parametrize("family", list(SMALL))
def test_a_full_disk_names_the_file(family: str) -> None:
    # Linux's /dev/full takes the open and refuses every write, as a full disk does.
    status, out, err = run("trace", *SMALL[family], "--dot", "/dev/full")
    assert status == 2
    assert out.endswith("estimated or finished\n")  # the trace was shown
    assert err == "gamelib: cannot write /dev/full: No space left on device\n"


@pytest.mark.parametrize("family", list(SMALL))
@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_without_graphviz_a_picture_is_not_made_and_the_exit_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, family: str, suffix: str
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no dot on it
    picture = tmp_path / f"trace.{suffix}"
    status, out, err = run("trace", *SMALL[family], f"--{suffix}", str(picture))
    assert status == 1
    assert out.endswith("estimated or finished\n")  # the trace was shown
    fallback = tmp_path / "trace.dot"
    assert err == (
        f"gamelib: Graphviz's dot program is not installed, so {picture} was not drawn; "
        f"wrote {fallback} instead: render it with 'dot -T{suffix} {fallback} -o {picture}' "
        "(Debian: apt-get install graphviz)\n"
    )
    assert not picture.exists()
    assert fallback.read_text(encoding="utf-8").startswith("digraph trace {")


def test_without_graphviz_on_the_path_the_real_command_fails(tmp_path: Path) -> None:
    picture = tmp_path / "small.svg"
    done = run_gamelib("trace", "small", "--svg", str(picture), path=str(tmp_path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"so {picture} was not drawn; wrote {tmp_path / 'small.dot'} instead" in done.stderr
    assert "apt-get install graphviz" in done.stderr


def test_without_graphviz_a_dot_that_cannot_be_written_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    (tmp_path / "trace.dot").mkdir()  # where the fallback would go
    picture = tmp_path / "trace.svg"
    status, _, err = run("trace", "small", "--svg", str(picture))
    assert status == 1
    assert err == (
        f"gamelib: Graphviz's dot program is not installed, so {picture} was not drawn, and "
        f"{tmp_path / 'trace.dot'} could not be written either (Is a directory): install "
        "Graphviz (Debian: apt-get install graphviz) and trace again\n"
    )


@pytest.mark.parametrize(
    ("family", "why"),
    [
        ("two-player", "the search visited 19,608 positions"),
        ("chance", "the picture would have 16,356 positions"),
        ("n-player", "the picture would have 5,439 positions"),
    ],
)
def test_a_huge_picture_is_refused_with_its_size_the_cap_and_what_to_do(
    tmp_path: Path, family: str, why: str
) -> None:
    dot, svg = tmp_path / "t.dot", tmp_path / "t.svg"
    status, out, err = run("trace", *TRACES[family], "--dot", str(dot), "--svg", str(svg))
    assert status == 1
    assert out.endswith("estimated or finished\n")  # the text trace is all there
    assert err == (
        f"gamelib: {dot} and {svg} were not made: {why}, more than the 3,000 a picture may "
        "have (Graphviz lays out 3,000 in a few seconds, and takes minutes over a few times "
        "more); trace with a smaller --depth, or read the text trace\n"
    )
    assert not dot.exists()
    assert not svg.exists()


def test_moves_never_searched_count_towards_the_picture(tmp_path: Path) -> None:
    # Alpha-beta visits 1,024 positions here, but its grey subtrees of moves it
    # never searched make a picture of 8,182, which Graphviz took 52 s over.
    svg = tmp_path / "t.svg"
    status, _, err = run(
        "trace", "--game", "connect4", "--player", "alphabeta:5", "--svg", str(svg)
    )
    assert status == 1
    assert err.startswith(
        f"gamelib: {svg} was not made: the picture would have 8,182 positions, 7,158 of them "
        "never searched (drawn grey), more than the 3,000"
    )


def test_a_picture_under_the_cap_is_written(tmp_path: Path) -> None:
    dot = tmp_path / "t.dot"
    status, out, err = run(
        "trace", "--game", "connect4", "--player", "minimax:4", "--dot", str(dot)
    )
    assert (status, err) == (0, "")
    assert out.endswith(
        f"2801 positions visited (root included); 2401 estimated or finished\nwrote {dot}\n"
    )
    assert dot.read_text(encoding="utf-8").count(" -> ") == 2800
