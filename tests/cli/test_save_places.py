"""Where a game is to be kept is tried before it is played: `play --save FILE` and
`match --save-dir DIR` refuse, in one sentence and before any move, a place no file can be
made in; the trial leaves no file behind.

A read-only folder: a folder with its write bits cleared stops every user but root, who
writes anywhere chmod allows; where the tests run as root they use /sys instead, which
refuses new files to root too.  The folder used is asserted to refuse (os.access, and the
file system itself), so the test never passes without trying a read-only place."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from gamelib.cli._common import _writable
from gamelib.errors import InputError
from tests.runner import run

PIG = ("play", "pig", "--target", "10", "--maxie", "random", "--minnie", "random", "--seed", "1")
MATCH = ("match", "nim", "alphabeta:2", "random", "--games", "2", "--seed", "1")


@pytest.fixture
def read_only(tmp_path: Path) -> Path:
    """A folder no file can be made in, whoever runs the tests."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if os.access(folder, os.W_OK):  # root: chmod stops no one
        folder = Path("/sys")
        assert folder.is_dir(), "no read-only folder to try: /sys is missing (not Linux?)"
    with pytest.raises(OSError):  # noqa: PT011  # whichever: EACCES, EROFS
        (folder / "probe.json").open("x").close()
    return folder


def test_play_refuses_a_read_only_folder_before_the_game(read_only: Path) -> None:
    file = read_only / "x.json"
    status, out, err = run(*PIG, "--save", str(file))
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: cannot save the game in '{file}': the file cannot be made ")
    assert err.count("\n") == 1
    # A person is asked for nothing either: the game is not begun.
    status, out, err = run("play", "nim", "--maxie", "human", "--save", str(file), stdin="1\n")
    assert (status, out) == (2, "")


def test_match_refuses_a_read_only_folder_before_game_one(read_only: Path) -> None:
    status, out, err = run(*MATCH, "--save-dir", str(read_only))
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: --save-dir: cannot save games in '{read_only}': ")
    assert err.count("\n") == 1


def test_a_file_in_the_way_is_named(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("kept\n", encoding="utf-8")
    for under in (afile / "x.json", afile / "a" / "b.json"):
        assert run(*PIG, "--save", str(under)) == (
            2,
            "",
            f"gamelib: cannot save the game in '{under}': {afile} is a file, not a folder\n",
        )
    assert run(*MATCH, "--save-dir", str(afile / "sub")) == (
        2,
        "",
        f"gamelib: --save-dir: cannot make '{afile / 'sub'}': {afile} is a file, not a folder\n",
    )
    assert afile.read_text(encoding="utf-8") == "kept\n"


def test_an_empty_folder_name_is_refused_as_an_empty_file_name_is() -> None:
    assert run(*MATCH, "--save-dir", "") == (2, "", "gamelib: --save-dir needs a folder name\n")
    assert run(*PIG, "--save", "") == (2, "", "gamelib: --save needs a file name\n")


def test_the_trial_leaves_no_file_and_changes_none(tmp_path: Path) -> None:
    new = tmp_path / "new.json"
    assert _writable(str(new)) == new
    assert not new.exists()
    old = tmp_path / "old.json"
    old.write_text("a game\n", encoding="utf-8")
    assert _writable(str(old)) == old
    assert old.read_text(encoding="utf-8") == "a game\n"
    with pytest.raises(InputError, match="there is no folder"):
        _writable(str(tmp_path / "no" / "x.json"))
    folder = tmp_path / "games"
    status, _, _ = run(*MATCH, "--save-dir", str(folder))
    assert status == 0
    assert sorted(p.name for p in folder.iterdir()) == ["game-0001.json", "game-0002.json"]
