"""`analyse --book` and `match --book`: answers and moves read from an opening book, the
same here and on workers, and every book that cannot be read refused in one sentence."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
from pathlib import Path

import pytest

from gamelib.cli import main
from gamelib.games.connect4 import ConnectFour
from gamelib.parallel.frontier import frontier_states
from tests.runner import run

SMALL = ("connect4", "--cols", "5", "--rows", "4")
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "5x4.book"
    status, _, _ = run("book", "build", *SMALL, "--plies", "3", "--out", str(path))
    assert status == 0
    return path


def lines_to(plies: int) -> list[str]:
    """Every 5 x 4 position 0 to `plies` moves in (a mirror image once), as moves."""
    game = ConnectFour(cols=5, rows=4)
    return [
        "".join(game.move_to_string(m) for m in line)
        for ply in range(plies + 1)
        for line, _ in frontier_states(game, game.start, ply)
    ]


def answers(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, object]]]:
    """The positions up to the book's plies, and the serial solver's answers without it."""
    positions = tmp_path_factory.mktemp("positions") / "to3.txt"
    positions.write_text("\n".join(lines_to(3)) + "\n")
    status, out, _ = run("solve", *SMALL, "--positions", str(positions), "--json")
    assert status == 0
    return positions, answers(out)


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_analyse_answers_every_position_to_the_book_as_the_serial_solver_does(
    book: Path, solved: tuple[Path, list[dict[str, object]]], workers: list[str]
) -> None:
    """All 65 positions 0 to 3 plies in: the book's answer is the solver's (result, plies
    to the end, and on this board the same best move: elsewhere, where several moves keep
    the value, the two may name different ones); before the book's plies nothing is searched."""
    positions, expected = solved
    argv = ["analyse", *SMALL, "--book", str(book), "--positions", str(positions), "--json"]
    status, out, _ = run(*argv, *workers)
    assert status == 0
    found = answers(out)
    assert len(found) == len(expected) == 65
    words = {"win": "{side} wins", "loss": "{other} wins", "draw": "a draw"}
    for mine, theirs in zip(found, expected, strict=True):
        assert mine["moves"] == theirs["moves"]
        assert mine["best"] == theirs["best"]
        side = str(mine["to_move"])
        other = "Minnie" if side == "Maxie" else "Maxie"
        assert mine["outcome"] == words[str(theirs["result"])].format(side=side, other=other)
        ply = len(str(mine["moves"]))
        fact = mine["book"]
        assert isinstance(fact, dict)
        assert (fact["to_end"], fact["read"]) == (theirs["plies"], 3 - ply)
        assert (fact["positions"] == 0) == (ply < 3)  # a book position's moves are tested
        if ply < 3:  # where the book searched nothing, the solver without it searched
            assert theirs["positions"] != 0
        assert mine["player"] == "AlphaBeta(depth 5), with the book 5x4.book"
    # Some positions are won or lost, not all drawn.
    assert {"win", "loss", "draw"} <= {str(a["result"]) for a in expected}


def test_analyse_of_one_position_says_where_its_answer_came_from(book: Path) -> None:
    status, out, err = run("analyse", *SMALL, "--book", str(book))
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == (
        "AlphaBeta(depth 5), with the book 5x4.book chooses 3 for Maxie; value: Definitely a "
        "draw, from the book (20 plies to the end; read 3 plies down, 0 positions searched)"
    )
    status, out, err = run("analyse", *SMALL, "--book", str(book), "--moves", "12")
    assert out.splitlines()[-1] == (
        "AlphaBeta(depth 5), with the book 5x4.book chooses 3 for Maxie; value: Definitely "
        "Minnie wins, from the book (18 plies to the end; read 1 ply down, 0 positions searched)"
    )
    status, out, err = run("analyse", *SMALL, "--book", str(book), "--moves", "333", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "moves": "333",
        "player": "AlphaBeta(depth 5), with the book 5x4.book",
        "to_move": "Minnie",
        "best": 3,
        "value": "Definitely a draw",
        "outcome": "a draw",
        "book": {"to_end": 17, "read": 0, "positions": 997},
    }


@pytest.mark.parametrize("moves", ["3332", "1111", "12345"])
def test_analyse_past_the_book_is_analyse_without_it(book: Path, moves: str) -> None:
    with_book = run("analyse", *SMALL, "--book", str(book), "--moves", moves)
    without = run("analyse", *SMALL, "--moves", moves)
    assert with_book[0] == without[0] == 0
    named = "AlphaBeta(depth 5), with the book 5x4.book chooses"
    assert with_book[1] == without[1].replace("AlphaBeta(depth 5) chooses", named)
    assert with_book[2] == (
        "gamelib: the book holds positions 3 plies in; this one is past them, and is searched\n"
    )
    status, out, _ = run("analyse", *SMALL, "--book", str(book), "--moves", moves, "--json")
    assert status == 0
    mine = json.loads(out)
    theirs = json.loads(run("analyse", *SMALL, "--moves", moves, "--json")[1])
    assert mine.pop("book") is None
    assert mine.pop("player") == "AlphaBeta(depth 5), with the book 5x4.book"
    theirs.pop("player")
    assert mine == theirs


def test_a_position_a_book_built_part_way_lacks_is_searched_and_said_so(
    book: Path, tmp_path: Path
) -> None:
    lines = book.read_text().splitlines(keepends=True)
    part = tmp_path / "part.book"
    part.write_text("".join(lines[:17]))  # the header and 14 of its 49 positions
    kept = {line.split()[0] for line in lines[3:17]}
    moves = next(line.split()[0] for line in lines[17:])
    assert moves not in kept
    assert len(moves) == 3
    status, out, err = run("analyse", *SMALL, "--book", str(part), "--moves", moves)
    without = run("analyse", *SMALL, "--moves", moves)
    assert status == without[0] == 0
    named = "AlphaBeta(depth 5), with the book part.book chooses"
    assert out == without[1].replace("AlphaBeta(depth 5) chooses", named)
    assert err == (
        "gamelib: the book holds positions 3 plies in, but not this one (a book built part "
        "way?); it is searched\n"
    )


def test_a_batch_past_the_book_is_the_batch_without_it(book: Path, tmp_path: Path) -> None:
    positions = tmp_path / "past.txt"
    positions.write_text("3332\n1111\n\n# a note\n12345\n")
    argv = ["analyse", *SMALL, "--positions", str(positions), "--depth", "3"]
    without = run(*argv)[1]
    for workers in ([], ["--workers", "2"]):
        status, out, _ = run(*argv, "--book", str(book), *workers)
        assert status == 0
        assert out == without.replace(
            "AlphaBeta(depth 3)", "AlphaBeta(depth 3), with the book 5x4.book"
        )


def book_moves(book: Path, games: list[dict[str, object]]) -> tuple[list[str], list[str]]:
    """Each move the players of `games` made before the book's plies (the opening's
    moves left out), and the move `analyse --book` gives there."""
    prefixes, made = [], []
    for game in games:
        if "summary" in game:
            continue
        opening, moves = game["opening"], game["moves"]
        assert isinstance(opening, list)
        assert isinstance(moves, list)
        assert moves[: len(opening)] == opening  # a game's moves start with its opening
        for ply in range(len(opening), 3):
            prefixes.append("".join(moves[:ply]))
            made.append(str(moves[ply]))
    path = book.parent / "prefixes.txt"
    path.write_text("\n".join(p for p in prefixes if p) + "\n")  # the start: a blank line
    status, out, _ = run("analyse", *SMALL, "--book", str(book), "--positions", str(path), "--json")
    assert status == 0
    best = {str(a["moves"]): str(a["best"]) for a in answers(out)}
    best[""] = str(json.loads(run("analyse", *SMALL, "--book", str(book), "--json")[1])["best"])
    return made, [best[p] for p in prefixes]


@pytest.mark.parametrize("plies", ["0", "1"])
def test_a_match_s_players_take_the_book_s_moves_here_and_on_workers(
    book: Path, plies: str
) -> None:
    argv = ["match", "connect4", "random", "alphabeta:2", *SMALL[1:], "--games", "6"]
    argv += ["--seed", "5", "--json"]
    status, here, _ = run(*argv, "--plies", plies, "--book", str(book))
    assert status == 0
    status, there, _ = run(*argv, "--plies", plies, "--book", str(book), "--workers", "2")
    assert (status, there) == (0, here)
    games = answers(here)
    made, best = book_moves(book, games)
    assert len(made) == 6 * (3 - int(plies))
    assert made == best
    if plies == "0":  # the book opens 3, 3, 3 (the first column that keeps the draw)
        assert made == ["3", "3", "3"] * 6
    # Without the book, the random player opens its own way.
    status, alone, _ = run(*argv, "--plies", plies)
    made_alone, _ = book_moves(book, answers(alone))
    assert made_alone != made


def test_a_match_says_its_players_have_the_book(book: Path) -> None:
    argv = ["match", "connect4", "alphabeta:2", "random", *SMALL[1:], "--games", "2", "--seed", "1"]
    status, out, _ = run(*argv, "--book", str(book))
    assert status == 0
    assert out.splitlines()[0] == (
        "Match of connect4: alphabeta:2 (A) against random (B), 1 pair of games from 1 random "
        "opening of 2 moves, both players with the book 5x4.book, seed 1, played in this process"
    )


def refusals(book: Path, tmp_path: Path) -> list[tuple[list[str], str]]:
    """A command with a book it cannot read, and the sentence that says so."""
    cut = tmp_path / "cut.book"
    cut.write_text(book.read_text() + "333 dr")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    wide = tmp_path / "6x4.book"
    wide.write_text(book.read_text().replace("cols=5", "cols=6"))
    deep = tmp_path / "deep.book"  # a header claiming plies no book has: never walked down
    deep.write_text("".join(book.read_text().splitlines(keepends=True)[:2]) + "# plies 999\n")
    missing = tmp_path / "missing.book"
    other = "# game connect4 ConnectFour(cols=5, rows=4, k=4)"
    return [
        (["tictactoe", "--book", str(book)], "--book is for Connect Four, not tictactoe"),
        (["pig", "--book", str(book)], "--book is for Connect Four, not pig"),
        (
            [*SMALL, "--book", str(missing)],
            f"cannot read the book '{missing}': No such file or directory",
        ),
        (
            [*SMALL, "--book", str(cut)],
            f"'{cut}' is cut short: its last line (line 53) has no end; build it again with "
            "the same command to finish it",
        ),
        (
            [*SMALL, "--book", str(notes)],
            f"'{notes}' is not a gamelib book: its first line is not '# gamelib opening book 1'",
        ),
        (
            [*SMALL, "--book", str(deep)],
            f"'{deep}' is not a gamelib book: it says its positions are 999 plies in, and a "
            "book of this game's are 1 to 16 plies in",
        ),
        (
            [*SMALL, "--book", str(wide)],
            f"'{wide}' is a book of another game: its line 2 is '{other.replace('5', '6', 1)}', "
            f"and this game's would be '{other}'",
        ),
        (
            ["connect4", "--book", str(book)],
            f"'{book}' is a book of another game: its line 2 is '{other}', and this game's "
            "would be '# game connect4 ConnectFour(cols=7, rows=6, k=4)'",
        ),
    ]


@pytest.mark.parametrize("command", ["analyse", "analyse --positions", "match", "match workers"])
def test_a_book_that_cannot_be_read_is_refused_in_one_sentence(
    book: Path, tmp_path: Path, command: str
) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("3\n")
    extra = {
        "analyse": [],
        "analyse --positions": ["--positions", str(positions), "--workers", "2"],
        "match": ["--games", "2"],
        "match workers": ["--games", "2", "--workers", "2"],
    }[command]
    verb = command.split()[0]
    for given, said in refusals(book, tmp_path):
        game, rest = given[0], given[1:]
        players = ["random", "random"] if verb == "match" else []
        status, out, err = run(verb, game, *players, *rest, *extra)
        assert (status, out, err) == (2, "", f"gamelib: {said}\n"), given


def test_help_names_the_book() -> None:
    for command in ("analyse", "match"):
        with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as shown:
            main([command, "--help"])
        assert done.value.code == 0
        out = shown.getvalue()
        assert re.search(r"--book FILE\s+Connect Four: ", out), command
        assert "(made by gamelib book build)" in " ".join(out.split())


def test_the_page_s_book_commands_run_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands of docs/connect-four-solved.md's block on reading a book, run one
    after another in one folder, as a reader would."""
    page = (DOCS / "connect-four-solved.md").read_text(encoding="utf-8")
    block = page.split("<!-- book commands -->\n```bash\n", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("gamelib ")]
    assert [c[0] for c in commands] == ["book", "analyse", "analyse", "analyse", "match", "match"]
    monkeypatch.chdir(tmp_path)
    outs = []
    for argv in commands:
        status, out, _ = run(*argv)
        assert status == 0, argv
        outs.append(out)
    # What the page shows is what the commands print.
    after = page.split("<!-- book commands -->", 1)[1]
    shown_line = after.split("```text\n", 1)[1].split("```", 1)[0]
    shown_json = after.split("```json\n", 1)[1].split("```", 1)[0]
    assert outs[1].endswith(shown_line)
    assert outs[2] == shown_json
    assert outs[3].startswith(" 1 2 3 4 5\n")  # past the book: searched, as without it
    heading = outs[5].splitlines()[0]
    assert outs[4] == outs[5].replace(
        heading, heading.replace("on 2 local processes", "in this process")
    )


def test_a_book_changed_since_it_was_read_is_read_again(book: Path, tmp_path: Path) -> None:
    """Each process keeps a book it read, by its file's size and time of change: a file
    spoilt after an answer is refused by the next command, not answered from memory."""
    copy = tmp_path / "copy.book"
    copy.write_text(book.read_text())
    assert run("analyse", *SMALL, "--book", str(copy), "--json")[0] == 0
    copy.write_text(book.read_text().replace("cols=5", "cols=6"))
    status, _, err = run("analyse", *SMALL, "--book", str(copy), "--json")
    assert status == 2
    assert err.startswith(f"gamelib: '{copy}' is a book of another game")
