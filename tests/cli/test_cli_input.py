"""What the command line reads: sizes, numbers, names and player specs, and how a
message quotes a bad one (cut short, control characters escaped).

Each case runs `gamelib.cli.main` as the console script does and checks the exit
status, that there is no traceback, and the sentence.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib import JamboreeSettings
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.cli import main
from gamelib.games.nim import Nim, nim_estimator
from gamelib.parallel.batch import describe_error
from gamelib.search import SearchDepthError
from tests.runner import run

ESC = "\x1b[31m"
"""An escape sequence that would turn a terminal's text red."""
SHOWN = "\\x1b[31m"
"""The same, as a message writes it."""
NINES = "9" * 5000
PILE = 400
"""A pile every command solves and proves at Python's default recursion limit."""


def refused(*argv: str) -> str:
    """The one sentence `argv` is refused with (status 2, nothing on standard output)."""
    status, out, err = run(*argv)
    assert (status, out) == (2, ""), err
    assert err.startswith("gamelib: ")
    assert err.endswith("\n")
    assert "Traceback" not in err
    return err.removeprefix("gamelib: ").removesuffix("\n")


# --------------------------------------------------------------------------
# Nim's pile: no blanket cap; a limit only where the stack needs one, said with why

DEEP_SOLVE = re.compile(
    r"solving to the end goes deeper than Python's recursion limit \(1000\) allows: it ran "
    r"out of room about (\d+) moves deep, so solve to a depth of at most (\d+)"
)


@pytest.mark.parametrize(
    "argv",
    [
        ("analyse", "nim", "--player", "alphabeta:3"),
        ("analyse", "nim", "--player", "id", "--time", "0.2"),
        ("trace", "--game", "nim", "--json"),
        ("solve", "nim", "--depth", "8"),
        ("play", "nim", "--maxie", "alphabeta:3", "--minnie", "random", "--seed", "1"),
    ],
)
def test_a_huge_pile_is_searched_to_a_depth(argv: tuple[str, ...]) -> None:
    # A search of depth 3 of a million pebbles needs nothing deep: no cap refuses it.
    pile = "1000000" if argv[0] != "play" else "3000"
    status, out, err = run(*argv, "--pile", pile)
    assert (status, err) == (0, "")
    assert pile in out


def test_solving_a_pile_deeper_than_the_stack_says_why_and_what_works() -> None:
    message = refused("solve", "nim", "--pile", "5000")
    found = DEEP_SOLVE.fullmatch(message)
    assert found is not None, message
    deepest, advised = int(found.group(1)), int(found.group(2))
    assert 400 < deepest < 1000
    assert advised == deepest - 2
    for flag in ("--proof", "--all"):  # the proofs are searched by the boolean solver
        assert DEEP_SOLVE.fullmatch(refused("solve", "nim", "--pile", "5000", flag))
    status, out, err = run("solve", "nim", "--pile", "5000", "--depth", "10")
    assert (status, err) == (0, "")  # what the sentence says works, works
    assert "no forced result within 10 plies" in out


def test_a_number_too_big_to_read_is_refused_as_too_big() -> None:
    assert refused("analyse", "nim", "--pile", NINES) == (
        f"--pile is far too big, got {NINES[:60]}... (5,000 characters)"
    )


@pytest.mark.parametrize(
    ("argv", "statuses"),
    [
        (("solve", "nim", "--all", "--json"), (0,)),
        (("solve", "nim", "--dot", "{dot}"), (0,)),
        (("play", "nim", "--maxie", "random", "--minnie", "random", "--seed", "3"), (0,)),
        (("play", "nim", "--maxie", "alphabeta", "--minnie", "direct", "--exit-code"), (10,)),
    ],
)
def test_every_command_works_at_a_pile_of_400(
    argv: tuple[str, ...], statuses: tuple[int, ...], tmp_path: Path
) -> None:
    args = [a.replace("{dot}", str(tmp_path / "proof.dot")) for a in argv]
    status, out, err = run(*args, "--pile", str(PILE))
    assert status in statuses, err
    assert "Traceback" not in out + err
    assert str(PILE) in out


def test_a_proof_too_long_to_write_out_is_cut_or_refused_after_the_answer() -> None:
    status, out, err = run("solve", "nim", "--pile", str(PILE), "--proof")
    assert (status, err) == (0, "")
    assert "Maxie, to move, wins in 200 plies; a best move: 3\n" in out
    assert "\nproof that Maxie can force a win: 687,170,027," in out
    # Cut to fit.  The line from the root, then each of Minnie's 99 choices of three, one
    # every 2 plies (from 397, 393, .., 5 left), starts three lines: 1 + 3 + .. + 3^99.
    assert out.endswith(
        f" of its {1 + (3**100 - 3) // 2:,} lines; --proof-depth N shows N plies)\n"
    )
    assert len(out.splitlines()) < 120
    status, out, err = run("solve", "nim", "--pile", str(PILE), "--proof-depth", "22")
    assert (status, out.count("\nproof that")) == (1, 1)
    # To 22 plies, Minnie chooses 11 times: 1 + (3^12 - 3) / 2 lines.
    assert err == (
        "gamelib: the proof was not written out: written out to 22 plies it has 265,720 lines, "
        "more than the 100,000 --proof writes; a smaller --proof-depth cuts it, and --dot FILE "
        "writes each position once\n"
    )
    status, out, err = run("solve", "nim", "--pile", "60", "--proof", "--json")
    (proof,) = json.loads(out)["proofs"]
    assert (status, proof["size"], "tree" in proof) == (1, 19_131_875, False)
    status, out, err = run("solve", "nim", "--pile", "40", "--proof-boards", "--proof-depth", "40")
    assert (status, err) == (0, "")
    assert "proof that Maxie can force a win: 78,731 positions, checked against" in out
    assert out.endswith(" [AND]\n" + " " * 40 + "1: Maxie wins\n")  # the tree, written out


def test_any_pile_is_a_game_in_python_and_a_solve_too_deep_says_so() -> None:
    assert Nim(pile=10**6).start.pebbles == 10**6
    with pytest.raises(SearchDepthError) as caught:
        solve(Nim(pile=5000))
    assert DEEP_SOLVE.match(str(caught.value))
    assert str(caught.value).endswith(" (or raise the limit with sys.setrecursionlimit)")
    with pytest.raises(SearchDepthError):
        solve_goal(Nim(pile=5000), Goal.WIN)


# --------------------------------------------------------------------------
# Numbers: the right words for 1, and a huge value called too big, cut short


def test_a_solve_one_ply_deep_says_ply() -> None:
    status, out, _ = run("solve", "tictactoe", "--depth", "1")
    assert status == 0
    assert "no forced result within 1 ply for either side; a best move so far: 1\n" in out
    status, out, _ = run("solve", "nim", "--pile", "5", "--depth", "1", "--all")
    assert "  1: no forced result within 1 ply\n" in out


def test_a_depth_of_one_position_says_position() -> None:
    status, out, _ = run("analyse", "nim", "--pile", "1", "--nodes", "1")
    assert status == 0
    one = out.splitlines()[1]
    assert " 1 position " in one
    _, out, _ = run("analyse", "nim", "--pile", "2", "--player", "id:1")
    three = out.splitlines()[1]
    assert " 3 positions " in three
    assert one.index("/s") == three.index("/s")  # the columns stay where they were


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ("analyse", "nim", "--player", f"jamboree:3:{'7' * 5000}"),
            f"the prune percentage in 'jamboree:3:{'7' * 69}... (5,011 characters)' must be "
            f"between 0 and 1, got {'7' * 60}... (5,000 characters)",
        ),
        (
            ("analyse", "nim", "--player", "jamboree", "--prune", "-" + "7" * 5000),
            f"the prune percentage in --prune must be between 0 and 1, got -{'7' * 59}... "
            "(5,001 characters)",
        ),
        (
            ("analyse", "nim", "--nodes", NINES),
            "the position budget in --nodes must be at most 1,000,000,000,000 (or none), got "
            f"{'9' * 60}... (5,000 characters)",
        ),
        (
            ("analyse", "nim", "--nodes", "1000000000001"),
            "the position budget in --nodes must be at most 1,000,000,000,000 (or none), got "
            "1000000000001",
        ),
        (
            ("analyse", "nim", "--nodes", "x"),
            "the position budget in --nodes must be a whole number or none, got 'x'",
        ),
        (
            ("analyse", "nim", "--time", NINES),
            "the time budget in --time must be at most 1,000,000 seconds (or none), got "
            f"'{'9' * 60}... (5,000 characters)'",
        ),
        (
            ("analyse", "nim", "--player", "negamax-ab:3", "--table", NINES),
            f"the table size in --table is far too big, got {'9' * 60}... (5,000 characters)",
        ),
        (
            ("analyse", "nim", "--player", "id", "--order", NINES),
            "the move ordering in --order must be all, none, or some of table, killers, history "
            f"joined by ',', got '{'9' * 60}... (5,000 characters)'",
        ),
        (
            ("analyse", "takeaway", "--player", f"shallow-maxn:3:{NINES}"),
            f"the total in 'shallow-maxn:3:{'9' * 65}... (5,015 characters)' is far too big, got "
            f"{'9' * 60}... (5,000 characters)",
        ),
        (
            ("analyse", "takeaway", "--player", f"shallow-maxn:3:-{NINES[:3000]}"),
            f"the total in 'shallow-maxn:3:-{'9' * 64}... (3,016 characters)' must be at least 0, "
            f"got -{'9' * 59}... (3,001 characters)",
        ),
        (
            ("analyse", "takeaway", "--player", "shallow-maxn:3:٣"),
            "the total in 'shallow-maxn:3:٣' must be a number written with the digits 0-9 such "
            "as 10 or 1/2, got '٣'",
        ),
        (
            ("play", "pig", "--target", "-" + NINES),
            f"--target must be at least 1, got -{'9' * 59}... (5,001 characters)",
        ),
    ],
)
def test_a_bad_number_is_named_for_what_is_wrong_and_cut_short(
    argv: tuple[str, ...], sentence: str
) -> None:
    assert refused(*argv) == sentence


@pytest.mark.parametrize(
    ("prune", "shown"),
    [
        (10**5000, "a number of 5,001 digits"),
        (10**400, "a number of 401 digits"),
        (-(10**400), "a negative number of 401 digits"),
        (1.5, "1.5"),
    ],
    ids=["10**5000", "10**400", "-10**400", "1.5"],
)
def test_jamboree_settings_name_a_huge_prune_percentage_by_its_digits(
    prune: float, shown: str
) -> None:
    with pytest.raises(ValueError, match=r"^prune percentage must be between") as caught:
        JamboreeSettings(nim_estimator(Nim()), 4, prune)
    assert str(caught.value) == f"prune percentage must be between 0 and 1, got {shown}"


# --------------------------------------------------------------------------
# Control characters: every quoted value escapes them


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ("play", f"nim{ESC}"),
            f"unknown game 'nim{SHOWN}'; known games: connect4, nim, pig, takeaway, tictactoe",
        ),
        (
            ("play", "nim", "--maxie", f"x{ESC}"),
            f"unknown player kind 'x{SHOWN}'; known kinds for nim: human, direct, random, minimax, "
            "alphabeta, jamboree, negamax, negamax-ab, pvs, scout, mtdf, id, mcts",
        ),
        (("play", "nim", "--pile", f"3{ESC}"), f"--pile must be a whole number, got '3{SHOWN}'"),
        (
            ("play", "connect4", "--cols", f"3{ESC}"),
            f"--cols must be a whole number, got '3{SHOWN}'",
        ),
        (
            ("analyse", "nim", "--moves", f"1{ESC}"),
            f"--moves: move 1 cannot be played after the start: '1{SHOWN}' is not a legal move; "
            "legal moves: 1, 2, 3",
        ),
        (
            ("solve", "connect4", "--cols", "10", "--moves", f"3,{ESC}"),
            f"--moves: move 2 cannot be played after 3: '{SHOWN}' is not a column number; legal "
            "moves: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
        ),
        (
            ("play", "nim", "--save", f"/nonexistent{ESC}/game.json"),
            f"cannot save the game in '/nonexistent{SHOWN}/game.json': there is no folder "
            f"/nonexistent{SHOWN}",
        ),
        (("replay", f"/nonexistent{ESC}.json"), f"there is no file '/nonexistent{SHOWN}.json'"),
        (
            ("run", f"C4{ESC}"),
            f"unknown preset 'C4{SHOWN}'; presets: C4_ABvMM, C4_HvAB, C4_HvID, C4_HvMM, "
            "Nim_HvMM, Nim_MMvMM, TTT_HvAB",
        ),
        (
            ("analyse", "nim", "--player", "negamax-ab:3:x" + ESC),
            f"the failing rule in 'negamax-ab:3:x{SHOWN}' must be soft or hard, got 'x{SHOWN}'",
        ),
        (("play", "nim", "--frob", f"x{ESC}"), f"unrecognized arguments: --frob x{SHOWN}"),
        (
            ("trace", "small", "--svg", f"x{ESC}.png"),
            f"the file for --svg must end in .svg, got 'x{SHOWN}.png'",
        ),
        (
            ("trace", f"a[b1,c{ESC}"),
            f"expected ',' or ']' in node 'a', found '\\x1b' at position 7 of the tree text, "
            f"near 'a[b1,c{SHOWN}'",
        ),
    ],
)
def test_a_control_character_is_never_echoed_raw(argv: tuple[str, ...], sentence: str) -> None:
    said = refused(*argv)
    assert "\x1b" not in said
    assert said == sentence


def test_positions_with_control_characters_are_reported_escaped(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text(f"1\x012{ESC}\n\x1b]0;title\x07\n1\n", encoding="utf-8")
    for command in ("analyse", "solve"):
        status, out, _ = run(command, "nim", "--positions", str(positions))
        assert status == 1
        assert not any(c in out for c in "\x1b\x01\x07")
        assert out.startswith(
            f"line 1: 1\\x012{SHOWN}\nmove 1 cannot be played after the start: '1\\x012{SHOWN}' "
            "is not a legal move; legal moves: 1, 2, 3\n\nline 2: \\x1b]0;title\\x07\n"
        )
        assert "line 3: 1\n" in out


# --------------------------------------------------------------------------
# Player specs: an empty one names no player


@pytest.mark.parametrize(
    ("argv", "flag", "default"),
    [
        (("play", "nim", "--maxie", ""), "--maxie", "human"),
        (("play", "nim", "--minnie", " "), "--minnie", "alphabeta"),
        (("analyse", "nim", "--player", ""), "--player", "alphabeta"),
        (("trace", "small", "--player", ""), "--player", "alphabeta"),
        (("play", "pig", "--maxie", ""), "--maxie", "expectiminimax"),
        (("analyse", "pig", "--player", ""), "--player", "expectiminimax"),
        (("play", "takeaway", "--player2", ""), "--player2", "maxn"),
    ],
)
def test_an_empty_player_spec_is_refused(argv: tuple[str, ...], flag: str, default: str) -> None:
    assert refused(*argv) == (
        f"{flag} is empty: name a player (gamelib list shows the kinds), or leave {flag} out "
        f"for {default}"
    )


# --------------------------------------------------------------------------
# Names: games, player kinds, trees and presets are read without regard to case


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (
            ("play", "Nim", "--maxie", "ALPHABETA", "--minnie", "Random", "--seed", "1"),
            "Playing nim:",
        ),
        (("analyse", "NIM", "--pile", "5"), "5 left, and it is Maxie's turn"),
        (("run", "nim_mmvmm", "--pile", "3"), "Playing nim:"),
        (("trace", "--game", "TicTacToe", "--depth", "1"), "10 positions visited"),
        (("trace", "SMALL"), "11 positions visited"),
        (("analyse", "Tree", "--tree", "Big"), "AlphaBeta(depth 4) chooses 0"),
        (("analyse", "PIG", "--target", "5", "--depth", "1"), "Expectiminimax(depth 1)"),
        (("solve", "Nim", "--pile", "5", "--json"), '"result": "loss"'),
    ],
)
def test_names_are_read_without_regard_to_case(argv: tuple[str, ...], shown: str) -> None:
    status, out, err = run(*argv)
    assert status in (0, 10, 11, 12), err
    assert shown in out


def help_text(*argv: str) -> str:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(list(argv))
    assert done.value.code == 0
    return out.getvalue()


def test_play_neither_lists_nor_helps_with_tree() -> None:
    assert refused("play", "Tree") == (
        "'tree' can be analysed but not played: its leaves are estimates"
    )
    assert "--tree" not in help_text("play", "tree", "--help")
    assert "options of tree:\n  --tree TREE" in help_text("analyse", "tree", "--help")


# --------------------------------------------------------------------------
# A search too deep: the command line cannot raise Python's recursion limit


def test_advice_to_raise_the_recursion_limit_is_for_python_only() -> None:
    status, out, err = run("analyse", "nim", "--pile", "400", "--player", "alphabeta:400")
    assert (status, out) == (2, "400 left, and it is Maxie's turn\n")
    assert err.startswith("gamelib: a search of depth 400 goes deeper than Python's recursion")
    assert "setrecursionlimit" not in err
    status, out, _ = run(
        "analyse", "nim", "--pile", "400", "--player", "alphabeta:400", "--positions", "-",
        stdin="1\n",
    )  # fmt: skip
    assert status == 1
    assert "so choose a depth of at most" in out
    assert "setrecursionlimit" not in out
    error = SearchDepthError("too deep", " (or raise the limit with sys.setrecursionlimit)")
    assert str(error) == "too deep (or raise the limit with sys.setrecursionlimit)"
    assert pickle.loads(pickle.dumps(error)).sentence == "too deep"  # as a worker sends it
    assert describe_error(error) == "too deep"


# --------------------------------------------------------------------------
# Standard error spells symbols out on an ASCII terminal, as standard output does


def test_standard_error_spells_symbols_out_as_standard_output_does() -> None:
    done = subprocess.run(
        [
            *(sys.executable, "-c", "from gamelib.cli import entry_point; entry_point()"),
            *("analyse", "connect4", "--moves", "8"),
        ],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (
        b"gamelib: --moves: move 1 cannot be played after the start: there is no column 8: "
        b"columns are 1-7; legal moves: 1, 2, 3, 4, 5, 6, 7\n"
    )


# --------------------------------------------------------------------------
# A --positions or --openings file with nothing to read, or not text at all


@pytest.mark.parametrize(
    "argv",
    [
        ("analyse", "nim"),
        ("analyse", "pig"),
        ("analyse", "takeaway", "--workers", "2"),
        ("solve", "nim"),
        ("solve", "nim", "--workers", "2"),
    ],
    ids=" ".join,
)
def test_a_positions_file_with_no_position_is_refused(
    argv: tuple[str, ...], tmp_path: Path
) -> None:
    """An empty file, or one of blank lines and comments, was a batch done (exit 0, no
    output): nothing was asked, so it is bad input, said in one sentence."""
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    comments = tmp_path / "comments.txt"
    comments.write_text("# openings to study\n\n   \n")
    for path in (empty, comments):
        assert run(*argv, "--positions", str(path)) == (
            2,
            "",
            f"gamelib: --positions: '{path}' has no positions\n",
        )
    assert run(*argv, "--positions", "-", stdin="\n# none\n") == (
        2,
        "",
        "gamelib: --positions: standard input has no positions\n",
    )


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (("analyse", "nim", "--positions"), "--positions"),
        (("analyse", "pig", "--workers", "2", "--positions"), "--positions"),
        (("solve", "nim", "--positions"), "--positions"),
        (("match", "nim", "random", "random", "--games", "2", "--openings"), "--openings"),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, tuple) else x,
)
def test_a_file_that_is_not_text_is_refused_in_one_sentence(
    argv: tuple[str, ...], flag: str, tmp_path: Path
) -> None:
    """A program given as the file: its bytes were echoed as a line of moves (garbage,
    exit 1); a NUL byte, which no text holds, refuses it before any line is answered."""
    program = tmp_path / "a.out"
    program.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00>\x00\n1\n\x00\x00\xff\xfe\n")
    assert run(*argv, str(program)) == (
        2,
        "",
        f"gamelib: {flag}: '{program}' is not a text file: line 1 holds a NUL byte, "
        "which no line of moves has\n",
    )
    assert run(*argv, "-", stdin="# a comment\n\x00\x02\n1\n") == (
        2,
        "",
        f"gamelib: {flag}: standard input is not a text file: line 2 holds a NUL byte, "
        "which no line of moves has\n",
    )
    utf16 = tmp_path / "moves.txt"
    utf16.write_bytes("1 2\n3\n".encode("utf-16"))  # what Windows calls "Unicode"
    assert run(*argv, str(utf16)) == (
        2,
        "",
        f"gamelib: {flag}: '{utf16}' is not UTF-8 text: it looks like UTF-16 (Windows' "
        '"Unicode"); save it as UTF-8\n',
    )


def test_a_nul_byte_after_a_line_of_moves_spoils_its_own_line_only() -> None:
    """The lines before it may have been answered already (a stream): the batch goes on,
    as for any bad line, and ends with status 1 (a stray NUL stopped the whole batch,
    after answering, with status 2)."""
    status, out, err = run(
        "analyse", "nim", "--depth", "2", "--positions", "-", stdin="1\n\x00\x02\n1 1\n"
    )
    assert (status, err) == (1, "")
    assert out.splitlines()[3:6] == [
        "line 2: \\x00\\x02",
        "move 1 cannot be played after the start: '\\x00\\x02' is not a legal move; legal "
        "moves: 1, 2, 3",
        "",
    ]
    assert out.splitlines()[6] == "line 3: 1 1"


def test_an_openings_file_with_no_opening_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n")
    match = ("match", "pig", "random", "random", "--games", "2", "--openings")
    assert run(*match, str(empty)) == (2, "", f"gamelib: --openings: '{empty}' has no openings\n")
    assert run(*match, "-", stdin="") == (
        2,
        "",
        "gamelib: --openings: standard input has no openings\n",
    )


def test_a_value_typed_by_hand_is_quoted_whole() -> None:
    """A mistyped value of a few dozen characters is quoted whole, in the spec too (it was
    cut after 20 characters, in the middle of what was typed; a spec after 40)."""
    typed = "x" * 47
    assert (
        refused("play", "nim", "--pile", typed) == f"--pile must be a whole number, got '{typed}'"
    )
    spec = f"expectiminimax:{'y' * 38}"
    assert refused("play", "pig", "--maxie", spec) == (
        f"the depth in '{spec}' must be a whole number, got '{'y' * 38}'"
    )
