"""The terminal side of the command line: encodings, usage, version, exit status."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.cli import main
from gamelib.cli.ascii import ASCII_SPELLINGS, HANDLER
from gamelib.cli.colour import Coloured, takes_colour
from gamelib.core.datatypes import Playing
from gamelib.games.connect4 import ConnectFour
from gamelib.games.tictactoe import TicTacToe
from tests.runner import run


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


@pytest.mark.parametrize(
    ("game", "typed", "answer"),
    [
        ("nim", "é", "'\\xc3\\xa9' is not a legal move here; legal moves: 1, 2, 3\n"),
        (
            "connect4",
            "٣",
            "'\\xd9\\xa3' is not a column number; legal moves: 1, 2, 3, 4, 5, 6, 7\n",
        ),
    ],
)
def test_input_an_ascii_terminal_cannot_decode_is_answered_as_a_bad_move(
    game: str, typed: str, answer: str
) -> None:
    status, out, err = gamelib(
        "play", game, "--maxie", "human", "--minnie", "alphabeta:3", stdin=f"{typed}\n", env=ASCII
    )
    assert (status, err) == (
        1,
        "gamelib: game stopped: the input ended while waiting for Maxie's move\n",
    )
    assert f"Maxie, please type your move: {answer}" in out


def test_bytes_that_are_not_utf_8_are_answered_as_escapes() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gamelib", "play", "nim", "--minnie", "alphabeta:3"],
        input=b"\xff\n2\n",
        capture_output=True,
        env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": ""},
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in done.stderr
    assert b"'\\xff' is not a legal move here; legal moves: 1, 2, 3\n" in done.stdout


def test_every_spelling_is_ascii() -> None:
    for symbol, spelling in ASCII_SPELLINGS.items():
        assert not symbol.isascii()
        assert spelling.isascii()
        assert symbol.encode("ascii", errors=HANDLER) == spelling.encode()
    assert "ᵢ".encode("ascii", errors=HANDLER) == b"?"


def test_the_version() -> None:
    status, out, _ = gamelib("--version")
    assert status == 0
    assert re.fullmatch(
        r"gamelib \d+\.\d+\.\d+, the solver (compiled with mypyc|in pure Python \(.*\))\n", out
    )


def test_play_help_lists_the_games_own_options_and_only_playable_games() -> None:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(["play", "connect4", "--help"])
    assert done.value.code == 0
    text = out.getvalue()
    assert "options of connect4:\n  --cols COLS" in text
    assert "--k K" in text
    assert re.search(r"one of: connect4, nim, pig, takeaway, tictactoe;", text)  # no tree


NIM_5 = ("play", "nim", "--pile", "5", "--maxie", "direct", "--minnie", "direct")
NIM_6 = ("play", "nim", "--pile", "6", "--maxie", "direct", "--minnie", "direct")
TTT_DRAW = ("play", "tictactoe", "--maxie", "alphabeta:9", "--minnie", "alphabeta:9")


def test_a_finished_game_exits_0_whoever_won() -> None:
    # A finished game is a job done: make, `set -e` scripts and CI carry on after it.
    for argv, last in ((NIM_5, "Minnie wins!"), (NIM_6, "Maxie wins!"), (TTT_DRAW, "draw!")):
        status, out, err = run(*argv)
        assert (status, err) == (0, "")
        assert out.endswith(f"{last}\n")  # who won is in the last line
    assert run("demo")[0] == 0


def test_exit_code_asks_for_the_winner_in_the_status() -> None:
    assert run(*NIM_5, "--exit-code")[0] == 11
    assert run(*NIM_6, "--exit-code")[0] == 10
    assert run(*TTT_DRAW, "--exit-code")[0] == 12
    assert run("run", "Nim_MMvMM", "--exit-code")[0] in (10, 11)  # a preset takes it too
    pig = ("play", "pig", "--seed", "2", "--target", "10", "--exit-code")
    assert run(*pig)[0] in (10, 11)
    assert run("play", "takeaway", "--pile", "7", "--exit-code")[0] in (19, 20, 21, 22)


def test_help_gives_the_table_of_exit_statuses() -> None:
    for argv in (("--help",), ("play", "--help")):
        with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
            main(list(argv))
        text = out.getvalue()
        assert "exit status:\n  0   the command did what was asked" in text
        assert "  2   the command line cannot run" in text
        assert "10 Maxie, 11 Minnie, 12 a draw" in text


def test_play_json_is_one_object_on_standard_output() -> None:
    status, out, err = run(
        "play", "nim", "--pile", "6", "--maxie", "direct", "--minnie", "alphabeta:3", "--json"
    )
    assert status == 0
    assert "Game over! Maxie wins!" in err  # the game itself goes to standard error
    document = json.loads(out)
    assert out.count("\n") == 1
    assert document == {
        "game": "nim",
        "options": ["--pile", "6"],
        "players": {"Maxie": "NimPlayer", "Minnie": "AlphaBeta(depth 3)"},
        "moves": document["moves"],
        "rolls": [],
        "outcome": "Maxie wins!",
        "results": [1, -1],
        "winner": "Maxie",
        "finished": True,
    }
    assert sum(int(m) for m in document["moves"]) == 6


def test_a_saved_game_replays_with_values(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    status, out, _ = run(
        "play", "tictactoe", "--maxie", "human", "--minnie", "alphabeta:9", "--save", str(saved),
        stdin="1\n2\n3\n4\n",
    )  # fmt: skip
    assert status == 0  # Minnie won: she took 3, so Maxie's 3 was refused and 4 lost
    assert f"The game is saved in {saved}: gamelib replay {saved}\n" in out
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["moves"] == ["1", "5", "2", "3", "4", "7"]
    status, out, err = run("replay", str(saved), "--player", "alphabeta:9")
    assert (status, err) == (0, "")
    moves = len(document["moves"])
    assert out.startswith(f"Replaying tictactoe: {moves} moves, valued by AlphaBeta(depth 9).\n")
    assert out.count("Value: ") == moves
    assert "Value: Definitely a draw.  Maxie played 1.\n" in out  # 1 is as good as any
    assert "Maxie played 4; AlphaBeta(depth 9) would play 7.\n" in out  # the losing move
    assert "Value: Definitely Minnie wins.  Minnie played 7.\n" in out
    assert out.endswith("Game over! Minnie wins!\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "there is no file"),
        ("not json", "is not a saved game: gamelib play --save FILE writes one (JSON)"),
        ("[1, 2]", "is not a saved game: it holds no JSON object"),
        ('{"moves": []}', "is not a saved game: it names no game"),
        ('{"game": "nim", "moves": [1, 2]}', "its moves are not a list of texts"),
        ('{"game": "go", "moves": []}',
         "names the game 'go', a game gamelib does not know; replay steps through the games "
         "play --save saves: connect4, nim, pig, takeaway, tictactoe; a game of your own "
         "replays with the --game-from MODULE:OBJECT it was played with"),
        ('{"game": "pig", "moves": ["roll"], "rolls": [6]}',
         "roll 1 of the saved game, 6, is not one of the 6 things that can happen in the "
         "position above (counted from 0: 0 to 5)"),
        ('{"game": "pig", "moves": ["roll"], "rolls": [-1]}',
         "its rolls are not a list of indexes (whole numbers from 0)"),
        ('{"game": "takeaway", "moves": ["1"], "rolls": ["1"]}',
         "its rolls are not a list of indexes (whole numbers from 0)"),
        ('{"game": "takeaway", "moves": ["4"]}', "move 1 of the saved game, '4', is not legal"),
        ('{"game": "tree", "moves": ["1"]}', "names the game tree, which is analysed, not played"),
        ("[" * 100_000 + "]" * 100_000, "its JSON nests too deeply to be read"),
        ('{"game": ' + "[" * 100_000 + "]" * 100_000 + "}",
         "is not a saved game: its JSON nests too deeply to be read"),
        ('{"game": "nim", "moves": ["3", "7"]}', "move 2 of the saved game, '7', is not legal"),
        ('{"game": "nim", "options": ["--pile", "2"], "moves": ["1", "1", "1"]}',
         "the saved game ended at move 2, but it lists 1 more move"),
    ],
    ids=lambda x: str(x)[:40],
)  # fmt: skip
def test_a_bad_saved_game_gets_one_sentence(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "saved.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    status, _, err = run("replay", str(path))
    assert status == 2
    assert err.startswith("gamelib: ")
    assert message in err
    assert err.count("\n") == 1


def test_save_checks_its_file_before_the_game(tmp_path: Path) -> None:
    status, out, err = run("play", "nim", "--maxie", "human", "--save", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == f"gamelib: cannot save the game in '{tmp_path}': it is a folder\n"
    missing = tmp_path / "no" / "such.json"
    status, _, err = run("play", "nim", "--save", str(missing))
    assert status == 2
    assert "there is no folder" in err


def test_games_of_chance_and_of_n_players_are_saved_and_replayed(tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    pig = ("play", "pig", "--target", "10", "--maxie", "random", "--minnie", "random")
    status, out, err = run(*pig, "--seed", "3", "--json", "--save", str(saved))
    assert (status, out.count("\n")) == (0, 1)
    document = json.loads(out)
    assert json.loads(saved.read_text(encoding="utf-8")) == document
    assert document["players"] == {"Maxie": "random", "Minnie": "random"}
    rolls = err.count("Chance: ")
    assert rolls > 2
    assert len(document["rolls"]) == rolls
    assert [r < 6 for r in document["rolls"]] == [True] * rolls
    assert document["results"] in ([1, -1], [-1, 1])
    assert document["winner"] == ("Maxie" if document["results"] == [1, -1] else "Minnie")
    status, replayed, err = run("replay", str(saved), "--player", "expectiminimax:1")
    assert (status, err) == (0, "")
    assert replayed.count("Value: ") == len(document["moves"])
    assert replayed.count("Chance: rolled ") == rolls
    assert replayed.endswith(f"Game over! {document['outcome']}\n")
    saved = tmp_path / "takeaway.json"
    three = ("play", "takeaway", "--pile", "6", "--player1", "maxn:3", "--player2", "random")
    status, out, _ = run(*three, "--seed", "1", "--save", str(saved))
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document == {
        "game": "takeaway",
        "options": ["--pile", "6"],
        "players": {"A": "MaxN(depth 3)", "B": "random", "C": "MaxN(depth 5)"},
        "moves": document["moves"],
        "rolls": [],
        "outcome": document["outcome"],
        "results": document["results"],
        "winner": "ABC"[document["results"].index(1)],
        "finished": True,
    }
    assert sorted(document["results"]) == [0, 0, 1]
    status, replayed, err = run("replay", str(saved))
    assert (status, err) == (0, "")
    assert replayed.startswith(f"Replaying takeaway: {len(document['moves'])} moves, valued by ")
    assert "Value: (1,0,0).  A played 1.\n" in replayed


def test_a_game_saved_before_rolls_and_results_still_replays(tmp_path: Path) -> None:
    saved = tmp_path / "old.json"
    old = {  # as play --save wrote it before the save format held dice and n seats
        "game": "nim",
        "options": ["--pile", "4"],
        "players": {"Maxie": "human", "Minnie": "AlphaBeta(depth 5)"},
        "moves": ["3", "1"],
        "outcome": "Maxie wins!",
        "winner": "Maxie",
        "finished": True,
    }
    saved.write_text(json.dumps(old), encoding="utf-8")
    status, replayed, err = run("replay", str(saved), "--player", "alphabeta:5")
    assert (status, err) == (0, "")
    assert replayed == (
        "Replaying nim: 2 moves, valued by AlphaBeta(depth 5).\n\n"
        "4 left, and it is Maxie's turn\n"
        "Value: Definitely Maxie wins.  Maxie played 3.\n\n"
        "1 left, and it is Minnie's turn\n"
        "Value: Definitely Maxie wins.  Minnie played 1.\n\n"
        "0 left\n"
        "Game over! Maxie wins!\n"
    )


def test_a_saved_game_whose_moves_and_rolls_do_not_fit_gets_one_sentence(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "pig.json"
    pig = ("play", "pig", "--target", "10", "--maxie", "random", "--minnie", "random")
    assert run(*pig, "--seed", "1", "--save", str(saved))[0] == 0
    document = json.loads(saved.read_text(encoding="utf-8"))
    moves, rolls = document["moves"], document["rolls"]
    cases = [
        (
            {"rolls": [*rolls, 0]},
            f"the saved game ended at move {len(moves)}, but it lists 1 more roll",
        ),
        (
            # roll, and no roll of the die after it (a file that says it stopped there)
            {"moves": moves[:1], "rolls": [], "finished": False},
            "",
        ),
        (
            {"rolls": rolls[:1]},
            "the saved game lists 6 more moves but no roll for the position above",  # 2 used
        ),
    ]
    for change, message in cases:
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps(document | change), encoding="utf-8")
        status, out, err = run("replay", str(broken), "--player", "expectiminimax:1")
        if not message:  # a game stopped early: fine, and said once
            assert (status, err) == (0, "")
            last = out.splitlines()[-2]
            assert out.endswith(f"{last}\nThe saved game stops here, before the end.\n")
            assert out.count(f"{last}\n") == 1
            continue
        assert status == 2
        assert err.startswith(f"gamelib: {message}")
        assert err.count("\n") == 1
    nim = tmp_path / "nim.json"
    nim.write_text('{"game": "nim", "moves": ["3"], "rolls": [0]}', encoding="utf-8")
    status, _, err = run("replay", str(nim), "--player", "expectiminimax")
    assert status == 2
    assert "and nim is a two-player game without dice" in err  # named, not "the tree"


def test_a_game_of_chance_stopped_early_keeps_its_rolls(tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    argv = ("play", "pig", "--maxie", "human", "--seed", "5", "--save", str(saved))
    status, _out, _ = run(*argv, stdin="roll\nroll\n")
    assert status == 1  # the input ended before the game
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert (document["finished"], document["outcome"], document["results"]) == (False, None, None)
    assert document["moves"][:2] == ["roll", "roll"]
    assert len(document["rolls"]) >= 1
    status, replayed, err = run("replay", str(saved))
    assert (status, err) == (0, "")
    assert replayed.endswith("The saved game stops here, before the end.\n")


def test_the_demo_says_what_it_plays() -> None:
    _, out, _ = run("demo")
    assert out.startswith(
        "The demo (C4_ABvMM): Connect Four: AlphaBeta against Minimax, depth 5.  Ctrl-C stops it.\n"
    )


def _stderr_on_a_terminal(*args: str, term: str | None = None) -> tuple[int, str, str]:
    """The real console script with standard error on a pseudo-terminal (of the kind
    `term` names, if given): (status, stdout, what the terminal showed)."""
    controller, terminal = os.openpty()
    env = dict(os.environ) if term is None else {**os.environ, "TERM": term}
    try:
        done = subprocess.Popen(
            [sys.executable, "-c", "from gamelib.cli import entry_point; entry_point()", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=terminal,
            env=env,
        )
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            shown += chunk
        out, _ = done.communicate(timeout=120)
        status = done.returncode
    finally:
        os.close(controller)
    return status, out.decode(), shown.decode("utf-8", errors="replace")


def test_a_dumb_terminal_gets_no_escape_sequences(tmp_path: Path) -> None:
    # TERM=dumb takes no escape sequences: no progress bar redrawn in place, no thinking
    # line, no colours; a batch of known size says how far it got in plain lines.
    positions = tmp_path / "p.txt"
    positions.write_text("".join(f"{m}\n" for m in ("1", "2", "3", "1 1", "1 2")))
    for argv in (
        ("analyse", "nim", "--positions", str(positions), "--player", "alphabeta:3"),
        ("solve", "nim", "--positions", str(positions)),
        ("play", "connect4", "--maxie", "alphabeta:7", "--minnie", "random", "--seed", "1"),
    ):
        status, out, shown = _stderr_on_a_terminal(*argv, term="dumb")
        assert status == 0, shown
        assert "\x1b" not in shown + out, argv
        assert "\r" not in shown.replace("\r\n", "\n"), argv
    status, _, shown = _stderr_on_a_terminal(
        "analyse", "nim", "--positions", str(positions), term="dumb"
    )
    assert "5 of 5 positions done" in shown


def test_a_search_player_says_it_is_thinking_on_a_terminal() -> None:
    # Depth 9 takes a good part of a second a move at first: the live line shows.
    status, out, shown = _stderr_on_a_terminal(
        "play", "connect4", "--maxie", "alphabeta:9", "--minnie", "random", "--seed", "1"
    )
    assert status == 0
    assert "Game over!" in out
    assert re.search(
        r"Maxie is thinking \(AlphaBeta\(depth 9\)\): [\d,]+ positions estimated", shown
    )
    assert "Minnie is thinking" not in shown  # a random player does not search
    assert shown.endswith("\r\x1b[K")  # the line is cleared when the move is made
    assert "thinking" not in out


def test_piped_nothing_says_it_is_thinking() -> None:
    status, out, err = gamelib(
        "play", "connect4", "--maxie", "alphabeta:5", "--minnie", "minimax:4"
    )
    assert status == 0
    assert "thinking" not in out + err


def _corpus() -> list[tuple[int, str, list[str]]]:
    text = (Path(__file__).parents[1] / "data" / "bad_input.tsv").read_text(encoding="utf-8")
    cases = []
    for line in text.splitlines():
        if line and not line.startswith("#"):
            status, sentence, args = line.split("\t")
            cases.append((int(status), sentence, shlex.split(args)))
    return cases


@pytest.mark.parametrize(("status", "sentence", "args"), _corpus(), ids=lambda x: str(x)[:40])
def test_the_bad_input_corpus(status: int, sentence: str, args: list[str]) -> None:
    found, out, err = run(*args)
    assert found == status
    assert "Traceback" not in out + err
    assert err.startswith("gamelib: ")
    assert sentence in err
    assert len(err.rstrip("\n").splitlines()) <= 3  # one sentence (a tree error adds a caret)


def test_the_corpus_is_there() -> None:
    assert len(_corpus()) >= 30


RED_X, YELLOW_O, REVERSED, RESET = "\x1b[1;31m", "\x1b[1;33m", "\x1b[7m", "\x1b[0m"


def test_coloured_pieces_and_the_last_piece_marked() -> None:
    game = ConnectFour(cols=4, rows=4, k=3)
    shown = Coloured(game)
    first = shown.play(game.start, 1)
    assert isinstance(first, Playing)
    text = shown.state_to_string(first.state)
    assert text.count(f"{RED_X}{REVERSED}X{RESET}") == 1  # the new piece, marked
    assert text.endswith(f"Minnie ({YELLOW_O}O{RESET}) to move")
    second = shown.play(first.state, 1)
    assert isinstance(second, Playing)
    text = shown.state_to_string(second.state)
    assert text.count(f"{YELLOW_O}{REVERSED}O{RESET}") == 1
    assert f"{RED_X}X{RESET}" in text  # the older piece, no longer marked
    assert REVERSED + "X" not in text
    # The colours are only paint: without them the text is the game's own.
    assert re.sub(r"\x1b\[[\d;]*m", "", text) == game.state_to_string(second.state)


def test_the_final_board_marks_the_winning_piece() -> None:
    game = TicTacToe()
    state = game.start
    for move in (1, 4, 2, 5):
        status = game.play(state, move)
        assert isinstance(status, Playing)
        state = status.state
    picture = Coloured(game).final_position(state, 3)
    assert picture.splitlines()[0] == (
        f" {RED_X}X{RESET} | {RED_X}X{RESET} | {RED_X}{REVERSED}X{RESET}"
    )


def test_colour_only_on_a_terminal_that_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not takes_colour(io.StringIO())
    controller, terminal = os.openpty()
    try:
        with os.fdopen(terminal, "w", closefd=False) as screen:
            monkeypatch.delenv("NO_COLOR", raising=False)
            monkeypatch.setenv("TERM", "xterm")
            assert takes_colour(screen)
            monkeypatch.setenv("NO_COLOR", "1")
            assert not takes_colour(screen)
            monkeypatch.delenv("NO_COLOR")
            monkeypatch.setenv("TERM", "dumb")
            assert not takes_colour(screen)
    finally:
        os.close(controller)
        os.close(terminal)


def test_piped_games_have_no_colours() -> None:
    _, out, _ = gamelib("play", "tictactoe", "--maxie", "alphabeta:9", "--minnie", "alphabeta:9")
    assert "\x1b" not in out
