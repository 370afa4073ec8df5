"""Where a game is to be kept is tried before it is played: `play --save FILE` and
`match --save-dir DIR` refuse, in one sentence and before any move, a place no file can be
made in; the trial leaves no file behind.

A read-only folder: a folder with its write bits cleared stops every user but root, who
writes anywhere chmod allows; where the tests run as root they use /sys instead, which
refuses new files to root too.  The folder used is asserted to refuse (os.access, and the
file system itself), so the test never passes without trying a read-only place."""

from __future__ import annotations

import json
import os
import stat
import threading
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


def test_a_pipe_is_not_opened_before_the_game(tmp_path: Path) -> None:
    """A reader waiting on a named pipe gets the whole saved game: the trial only asks
    whether the pipe may be written (opening and closing it would end the reader's
    input before the game, and the save would then wait for a reader for ever)."""
    pipe = tmp_path / "fifo"
    os.mkfifo(pipe)
    received: list[str] = []
    played: list[tuple[int, str, str]] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text(encoding="utf-8")))
    player = threading.Thread(target=lambda: played.append(run(*PIG, "--save", str(pipe))))
    player.daemon = reader.daemon = True
    reader.start()
    player.start()
    reader.join(timeout=30)
    player.join(timeout=30)
    if player.is_alive():  # a save waiting for a reader: given one, so the test ends
        pipe.read_text(encoding="utf-8")
        player.join(timeout=30)
    assert [(status, err) for status, _, err in played] == [(0, "")]
    assert len(received) == 1
    assert json.loads(received[0])["game"] == "pig"


def test_a_link_to_a_missing_file_is_saved_through(tmp_path: Path) -> None:
    """`--save link`, the link naming a file not made yet: the game is kept in that file
    (as before the trial), and the trial leaves nothing behind if the game is refused."""
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    assert _writable(str(link)) == link
    assert not (tmp_path / "target.json").exists()
    status, _, err = run(*PIG, "--save", str(link))
    assert (status, err) == (0, "")
    assert json.loads((tmp_path / "target.json").read_text(encoding="utf-8"))["game"] == "pig"


def test_a_refused_match_leaves_no_save_folder_it_made(tmp_path: Path) -> None:
    made = tmp_path / "games"
    status, _, err = run(
        "match", "nim", "--pile", "x", "alphabeta:2", "random", "--save-dir", str(made)
    )
    assert (status, err) == (2, "gamelib: --pile must be a whole number, got 'x'\n")
    assert not made.exists()
    kept = tmp_path / "mine"
    kept.mkdir()
    status, _, _ = run("match", "nim", "alphabeta:2", "bogus", "--save-dir", str(kept))
    assert status == 2
    assert kept.is_dir()  # the user's own folder stays


def test_a_loop_of_links_is_refused_before_the_game(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert run(*PIG, "--save", str(loop)) == (
        2,
        "",
        f"gamelib: cannot save the game in '{loop}': the file cannot be made there "
        "(Too many levels of symbolic links)\n",
    )


def test_a_match_stopped_by_its_game_leaves_no_save_folder_it_made(tmp_path: Path) -> None:
    made = tmp_path / "games"
    status, _, err = run(
        "--game-from",
        "tests.broken_families:COINS.nine",
        "match",
        "coin-nine",
        "expectiminimax",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
        "--save-dir",
        str(made),
    )
    assert status == 1
    assert "sum to 1" in err
    assert not made.exists()
