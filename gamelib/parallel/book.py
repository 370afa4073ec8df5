"""Opening books: every position some plies into a game, solved exactly, kept in a file.

A book is a text file: three header lines saying it is a gamelib book, which game (its
name and the game's own `repr`, so a book of Connect Four on 7 x 6 is refused for 6 x 5)
and how many plies in, then one line a position: the moves from the start (written as the
game writes them, run together when each is one character, else separated by commas),
and the exact result for the side to move there with the plies to the end.

```text
# gamelib opening book 1
# game connect4 ConnectFour(cols=4, rows=4, k=3)
# plies 2
22 win 7
```

A position and its mirror image (any two positions with one key) are in the book once.
`build_book` solves the positions a worker at a time (`run_batch`) and appends each line
as its position is solved, flushed at once: a build killed at any moment (Ctrl-C,
SIGTERM, `kill -9`) and started again with the same file keeps every finished line, drops
a last line cut short, and solves only the positions not yet in the file.  `read_book`
refuses, in one sentence naming the file and the line, a file that is not such a book:
another game or board, a line cut short, moves that cannot be played, a result that
cannot be.

```pycon
>>> import tempfile, pathlib
>>> from gamelib.games.connect4 import ConnectFour
>>> def small():
...     return ConnectFour(cols=4, rows=4, k=3)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "small.book"
>>> built = build_book(small, "connect4", 2, path)
>>> built.total, built.solved, built.kept
(8, 8, 0)
>>> book = read_book(path, small(), "connect4")
>>> len(book), book.plies, book.lines[0]
(8, 2, '11 win 9')
>>> build_book(small, "connect4", 2, path).solved  # again: nothing left to solve
0

```
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar, final

from gamelib.algorithms.exact import BIG, Solution, SolveInterruptedError
from gamelib.core.checks import echo
from gamelib.core.datatypes import Playing
from gamelib.core.game import Game
from gamelib.core.player import Player
from gamelib.errors import InputError, StoppedError
from gamelib.parallel.batch import Workers, run_batch
from gamelib.parallel.frontier import (
    WindowRecipe,
    frontier_states,
    outcome_of,
    position_key,
    split_solve,
)
from gamelib.parallel.recipes import GivenGame, SolveRecipe, built

__all__ = [
    "MAX_PLIES",
    "Book",
    "BookAnswer",
    "BookError",
    "BookPlayer",
    "Built",
    "book_answer",
    "build_book",
    "kept_book",
    "read_book",
]

S = TypeVar("S")
M = TypeVar("M")

MAGIC = "# gamelib opening book 1"
"""A book's first line."""

MAX_PLIES = 16
"""The most plies a book may be built for, or read at (7 x 6 at 16 plies holds millions of
positions): a header claiming more is no book of gamelib's."""

_RESULTS = ("win", "loss", "draw")


class BookError(InputError, ValueError):
    """A file that is not a book of this game (one sentence, naming the file)."""


@final
@dataclass
class Book:
    """A book read from its file: by position key, the exact value of each position."""

    path: Path
    game: str
    """The game's header line: its name and `repr`."""
    plies: int
    """Moves from the start to each position."""
    values: dict[Hashable, tuple[str, int]] = field(default_factory=dict)
    """By position key: the result for the side to move and the plies to the end."""
    lines: list[str] = field(default_factory=list)
    """The entries as written, in file order."""

    def __len__(self) -> int:
        return len(self.values)

    def values_below(self, depth: int) -> dict[tuple[int, Hashable], int]:
        """The book's values for a solve from a position `depth` plies into the game, by
        (plies below it, key), as the solver counts them from there (`BIG - plies` for a
        win, see [`gamelib.parallel.frontier`][gamelib.parallel.frontier])."""
        below = self.plies - depth
        return {(below, key): _value(below, *found) for key, found in self.values.items()}


def _value(below: int, result: str, plies: int) -> int:
    if result == "win":
        return BIG - (below + plies)
    if result == "loss":
        return -(BIG - (below + plies))
    return 0


def _header(name: str, game: object, plies: int) -> list[str]:
    return [MAGIC, f"# game {name} {game!r}", f"# plies {plies}"]


def _moves_text(game: Game[S, M], line: tuple[M, ...]) -> str:
    texts = [game.move_to_string(m) for m in line]
    # Moves of one character each are written together; otherwise with commas, and a
    # single longer move ends in one ("10,"), so that it is not read back as 1 and 0.
    if all(len(t) == 1 for t in texts):
        return "".join(texts)
    return ",".join(texts) + ("," if len(texts) == 1 else "")


def _said(path: Path) -> str:
    return f"'{echo(str(path), 200)}'"


def read_book(path: Path | str, game: Game[S, M], name: str, *, resume: bool = False) -> Book:
    """The book in `path` for `game` (called `name` on the command line); `BookError`,
    one sentence naming the file, for anything else.  With `resume` (a build going on
    where it stopped), a last line cut short is dropped from the file instead."""
    path = Path(path)
    said = _said(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BookError(f"cannot read the book {said}: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BookError(f"{said} is not a gamelib book: it is not text") from None
    cut = bool(resume and text and not text.endswith("\n"))
    if cut:  # dropped from the file only once the header says it is this game's book
        text = text[: text.rfind("\n") + 1]
    rows = text.split("\n")
    if not text.endswith("\n"):
        raise BookError(
            f"{said} is cut short: its last line (line {len(rows)}) has no end; "
            "build it again with the same command to finish it"
        )
    rows.pop()
    if not rows or rows[0] != MAGIC:
        raise BookError(f"{said} is not a gamelib book: its first line is not '{MAGIC}'")
    if len(rows) < 3 or not rows[2].startswith("# plies "):
        raise BookError(f"{said} is not a gamelib book: line 3 does not give its plies")
    plies_text = rows[2].removeprefix("# plies ")
    if not plies_text.isdecimal() or len(plies_text) > 3:
        raise BookError(f"{said} is not a gamelib book: line 3 does not give its plies")
    plies = int(plies_text)
    most = min(MAX_PLIES, _longest(game, 0) - 1)  # a game of C cells is over C plies in
    if not 1 <= plies <= most:
        raise BookError(
            f"{said} is not a gamelib book: it says its positions are {plies} plies in, and a "
            f"book of this game's are 1 to {most} plies in"
        )
    wanted = _header(name, game, plies)[1]
    if rows[1] != wanted:
        raise BookError(
            f"{said} is a book of another game: its line 2 is '{echo(rows[1], 80)}', and "
            f"this game's would be '{echo(wanted, 80)}'"
        )
    if cut:
        with path.open("r+b") as file:
            file.truncate(len(text.encode("utf-8")))
    book = Book(path, rows[1], plies)
    cells = _longest(game, plies)
    for number, row in enumerate(rows[3:], 4):
        key, found = _entry(game, row, plies, cells, f"{said} line {number}")
        if key in book.values:
            raise BookError(f"{said} line {number} repeats a position an earlier line gives")
        book.values[key] = found
        book.lines.append(row)
    return book


def kept_book(path: Path | str, game: Game[S, M], name: str) -> Book:
    """`read_book`, once a process for one file as it stands (its size and time of change
    are part of the key): a worker that reads a book for every game or every position
    reads the file once, and a file built again since is read again."""
    path = Path(path)
    try:
        seen = path.stat()
    except OSError:
        return read_book(path, game, name)  # says why in one sentence
    stamp = (str(path.resolve()), seen.st_size, seen.st_mtime_ns)
    return built(("book", stamp, name, repr(game)), lambda: read_book(path, game, name))


def _longest(game: object, plies: int) -> int:
    """The most plies a game can last from a book position (Connect Four: the empty
    cells; another game: no bound known)."""
    cols, rows = getattr(game, "cols", None), getattr(game, "rows", None)
    if isinstance(cols, int) and isinstance(rows, int):
        return cols * rows - plies
    return BIG // 2


def _entry(
    game: Game[S, M], row: str, plies: int, longest: int, where: str
) -> tuple[Hashable, tuple[str, int]]:
    parts = row.split(" ")
    if len(parts) != 3:
        raise BookError(f"{where} is not 'MOVES RESULT PLIES': '{echo(row, 60)}'")
    moves, result, count = parts
    if result not in _RESULTS:
        raise BookError(f"{where} gives the result '{echo(result, 20)}', not win, loss or draw")
    if not count.isdecimal() or len(count) > 6 or not 1 <= int(count) <= longest:
        raise BookError(f"{where} gives {echo(count, 20)} plies to the end, which cannot be")
    state = _play(game, moves, where)
    if state is None:
        raise BookError(f"{where}: the moves '{echo(moves, 60)}' cannot be played")
    if len(_tokens(moves)) != plies:
        raise BookError(f"{where} has {len(_tokens(moves))} moves, not the book's {plies}")
    if result == "draw" and int(count) != longest and longest < BIG // 2:
        raise BookError(f"{where} gives a {result} in {count} plies, which cannot be")
    return position_key(game)(state), (result, int(count))


def _tokens(moves: str) -> list[str]:
    return [t for t in moves.split(",") if t] if "," in moves else list(moves)


def _play(game: Game[S, M], moves: str, where: str) -> S | None:
    state = game.start
    for text in _tokens(moves):
        named = {game.move_to_string(m): m for m in game.moves(state)}
        move = named.get(text)
        if move is None:
            return None
        status = game.play(state, move)
        if not isinstance(status, Playing):
            return None
        state = status.state
    del where
    return state


@final
@dataclass(frozen=True)
class Built:
    """What `build_book` did."""

    total: int
    """Positions in the book when done."""
    solved: int
    """Positions this build solved."""
    kept: int
    """Positions already in the file, not solved again."""
    seconds: float
    positions: int
    """Positions the solves searched."""


def _solved(
    recipe: SolveRecipe[S, M], states: list[S], on: Workers | None
) -> Iterator[tuple[int, Solution[S, M]]]:
    """Each state's index and solution as it is solved: here one after another (Ctrl-C or
    SIGTERM stopping a solve stops the build), or on `on`."""
    if on is None:
        for index, state in enumerate(states):
            try:
                yield index, recipe(state)
            except SolveInterruptedError:
                raise KeyboardInterrupt from None
        return
    for result in run_batch(recipe, states, on):
        if result.value is None:
            raise StoppedError(
                f"a book position could not be solved ({result.error}): the positions "
                "solved are kept, and the same command goes on from them"
            )
        yield result.index, result.value


def build_book(
    game: Callable[[], Game[S, M]],
    name: str,
    plies: int,
    out: Path | str,
    on: Workers | None = None,
    *,
    table: int = 1_000_000,
    progress: Callable[[int, int], None] | None = None,
) -> Built:
    """Solve every position `plies` moves from the start of `game()` (up to its key: a
    mirror image once) that is not finished, on `on` (None: here), and write the book to
    `out`, each line as its position is solved; a file there already is taken as this
    build stopped part way (`read_book`), and only what it lacks is solved.
    `progress(done, to do)` hears of each position solved.
    """
    began = time.perf_counter()
    rules = game()
    path = Path(out)
    done: set[Hashable] = set()
    header = "\n".join(_header(name, rules, plies)) + "\n"
    if path.exists() and header.startswith(path.read_text(encoding="utf-8", errors="replace")):
        path.unlink()  # empty, or a header cut short by a build stopped as it began
    if path.exists():
        book = read_book(path, rules, name, resume=True)
        if book.plies != plies:
            raise BookError(f"{_said(path)} is a book {book.plies} plies in, not {plies}")
        done = set(book.values)
    else:
        path.write_text(header, encoding="utf-8")
    key_of = position_key(rules)
    every = sorted(
        frontier_states(rules, rules.start, plies), key=lambda p: _moves_text(rules, p[0])
    )
    todo = [(line, state) for line, state in every if key_of(state) not in done]
    recipe = SolveRecipe(game, None, table)
    solved = searched = 0
    with path.open("a", encoding="utf-8") as file:
        for index, found in _solved(recipe, [s for _, s in todo], on):
            line = todo[index][0]
            file.write(f"{_moves_text(rules, line)} {found.result} {found.plies}\n")
            file.flush()
            solved += 1
            searched += found.positions
            if progress is not None:
                progress(solved, len(todo))
        os.fsync(file.fileno())
    return Built(len(every), solved, len(every) - len(todo), time.perf_counter() - began, searched)


@final
@dataclass(frozen=True)
class BookAnswer(Generic[M]):
    """What a book says of one position at or before its plies (`book_answer`)."""

    value: int
    """The exact value for the side to move, counted from the position (see
    [`gamelib.parallel.frontier`][gamelib.parallel.frontier])."""
    best: M
    """The first move in the solver's order that keeps the value."""
    read: int
    """Plies below the position where the book's values were read (0: it is in the book)."""
    positions: int
    """Positions searched: none before the book's plies when it holds every position
    there; for a position in the book, the null-window tests that find a move keeping
    its value."""

    @property
    def result(self) -> str:
        """How the game ends for the side to move: win, loss or draw."""
        return outcome_of(self.value)[0]


def book_answer(
    book: Book,
    game: Game[S, M],
    state: S,
    ply: int,
    on: Workers | None = None,
    *,
    table: int = 0,
) -> BookAnswer[M] | None:
    """The exact value and a best move of `state`, `ply` moves from the start, from
    `book`; None past its plies (or a position at them that it lacks).  Before the
    book's plies the tree is grown down to them and their values read (positions the
    book lacks are searched); a position in the book takes its value from it, and its
    best move from null-window tests of its moves at that value, on `on` (None: here)
    with `table` entries a process.

    ```pycon
    >>> import tempfile, pathlib
    >>> from gamelib.games.connect4 import ConnectFour
    >>> def small():
    ...     return ConnectFour(cols=4, rows=4, k=3)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "small.book"
    >>> _ = build_book(small, "connect4", 2, path)
    >>> book, game = read_book(path, small(), "connect4"), small()
    >>> found = book_answer(book, game, game.start, 0)
    >>> found.result, game.move_to_string(found.best), found.read, found.positions
    ('win', '2', 2, 0)
    >>> book_answer(book, game, game.start, 3) is None  # past the book
    True

    ```
    """
    if ply > book.plies:
        return None
    below = book.plies - ply
    if below == 0:
        key = position_key(game)(state)
        found = book.values.get(key)
        if found is None:
            return None
        known = {(0, key): _value(0, *found)}
        below = 1  # its moves are tested one ply down, at the value the book gives
    else:
        known = book.values_below(ply)
    # A table of its own, dropped after: the positions searched are the same in any
    # process, after any other answer.
    recipe = WindowRecipe(GivenGame(game), table)
    try:
        solved = split_solve(recipe, state, on, plies=below, known=known)
    except ValueError:  # every move ends the game at once: nothing to read or test
        return None
    finally:
        recipe.release()
    return BookAnswer(solved.value, solved.best, book.plies - ply, solved.positions)


@final
class BookPlayer(Generic[S, M]):
    """`player`, with the moves before `book`'s plies read from the book: in a position
    fewer than `book.plies` moves from the start, the first move in the game's order
    that keeps the value the book's positions give (by the tree down to them, searching
    only where the book has no entry); past them, `player`'s own move.  `ply_of` says
    how many moves a position is from the start."""

    def __init__(
        self, player: Player[S, M], book: Book, ply_of: Callable[[S], int], table: int = 0
    ) -> None:
        self.player = player
        self.book = book
        self.ply_of = ply_of
        self.table = table

    @property
    def game(self) -> Game[S, M]:
        return self.player.game

    def next_move(self, state: S, /) -> M:
        ply = self.ply_of(state)
        if ply >= self.book.plies:
            return self.player.next_move(state)
        game = self.game
        recipe = WindowRecipe(GivenGame(game, shared=True), self.table)
        below = self.book.plies - ply
        return split_solve(recipe, state, plies=below, known=self.book.values_below(ply)).best

    def __str__(self) -> str:
        return f"{self.player}, with the book {self.book.path.name}"
