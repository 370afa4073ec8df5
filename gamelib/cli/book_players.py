"""`--book FILE` for `analyse`, `match` and `play`: the answers and moves an opening book
gives, here or on workers.

A book ([`gamelib.parallel.book`][gamelib.parallel.book]) holds the exact value of every
Connect Four position some plies into the game.  `analyse --book` answers a position at
or before those plies from it (`BookAnalysis`): before them the tree is grown down to the
book and its values read, with nothing searched; a position in the book takes its value
from it and its best move from null-window tests at that value.  A position past the
book is analysed by the player, as without one.  `match --book` and `play --book` wrap
each player in a [`BookPlayer`][gamelib.parallel.book.BookPlayer] (`book_player`), which
takes its moves before the book's plies from it.

What travels to a worker is the book's path, never the book: each worker process reads
the file once ([`kept_book`][gamelib.parallel.book.kept_book]), so the file must be
readable at the same path there (a local worker shares this machine's files).

```pycon
>>> import tempfile, pathlib
>>> from gamelib.games.connect4 import ConnectFour
>>> from gamelib.parallel.book import build_book, kept_book
>>> def small():
...     return ConnectFour(cols=4, rows=4, k=3)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "small.book"
>>> _ = build_book(small, "connect4", 2, path)
>>> game = book_game(small(), "connect4")
>>> book = kept_book(path, game, "connect4")
>>> found = book_analysis(book, game, game.start)
>>> game.move_to_string(found.move), found.value
('2', Definitely(outcome=Winner(side=<Side.Maxie>)))
>>> book_words(found.facts)
', from the book (9 plies to the end; read 2 plies down, 0 positions searched)'
>>> kept_book(path, game, "connect4") is book  # the file is read once a process
True

```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar, cast

from gamelib.core.checks import plural
from gamelib.core.datatypes import Draw, Winner, flip
from gamelib.core.estimator import Definitely
from gamelib.core.game import Game
from gamelib.core.human import HumanPlayer
from gamelib.core.jsondata import JSON
from gamelib.core.player import Player
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.parallel.book import Book, BookError, BookPlayer, book_answer, kept_book
from gamelib.parallel.frontier import outcome_of
from gamelib.parallel.recipes import Analysis, built

__all__ = [
    "BOOK_TABLE",
    "BookAnalysis",
    "book_analysis",
    "book_game",
    "book_player",
    "book_words",
    "booked_name",
    "unanswered",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
P = TypeVar("P")

BOOK_TABLE = 1_000_000
"""Table entries a process keeps for the tests that find a move keeping a book position's
value."""


def book_game(game: Game[S, M], name: str) -> Game[S, M]:
    """`game`, when a book can be read for it (Connect Four, whose positions count their
    plies); else `BookError` in one sentence (exit 2)."""
    played: object = game  # a Game[S, M] to the checker, which cannot see it a ConnectFour
    if not isinstance(played, ConnectFour):
        raise BookError(f"--book is for Connect Four, not {name}")
    return game


def book_player(player: P, game: Game[S, M], book: Book | None) -> P | BookPlayer[S, M]:
    """`player`, taking its moves before `book`'s plies from it (unchanged without a book,
    or for a person at the prompt, who chooses for themselves)."""
    if book is None or isinstance(player, HumanPlayer):
        return player
    # Every seat a kit builds for a two-player game is a Player of it (a person at the
    # prompt is left as is, above); the type says only "a seat".
    return BookPlayer(cast(Player[S, M], player), book, _plies)


def unanswered(book: Book, state: object) -> str:
    """Why `book` gave no answer for `state`, said on standard error before it is searched:
    past the book's plies, at them and not in it (a book built part way), or before them
    with no position of the book below it."""
    ply = _plies(state)
    if ply > book.plies:
        return (
            f"the book holds positions {book.plies} plies in; this one is past them, "
            "and is searched"
        )
    if ply == book.plies:
        return (
            f"the book holds positions {book.plies} plies in, but not this one (a book built "
            "part way?); it is searched"
        )
    return f"the book holds no position {book.plies} plies in below this one; it is searched"


def booked_name(player: object, path: str) -> str:
    """A player's name with a book, as `BookPlayer` gives it."""
    return f"{player}, with the book {Path(path).name}"


def _plies(state: object) -> int:
    assert isinstance(state, ConnectFourState)  # book_game let only Connect Four through
    return state.plies


def _cells(game: object) -> int:
    assert isinstance(game, ConnectFour)  # book_game let only Connect Four through
    return game.cols * game.rows


def book_analysis(
    book: Book, game: Game[S, M], state: S, table: int = BOOK_TABLE
) -> Analysis[M, G] | None:
    """The book's analysis of `state` (None past its plies, or at them for a position it
    lacks): a best move, the exact outcome, and under the fact "book" where the answer
    came from: `to_end` (plies to the end with best play), `read` (plies below the
    position where the book was read: 0 when the position is in it) and `positions`
    (positions searched)."""
    ply = _plies(state)
    found = book_answer(book, game, state, ply, table=table)
    if found is None:
        return None
    result, plies = outcome_of(found.value)
    side = game.player(state)
    if result == "draw":
        plies = _cells(game) - ply
    outcome = Draw() if result == "draw" else Winner(side if result == "win" else flip(side))
    fact: dict[str, JSON] = {"to_end": plies, "read": found.read, "positions": found.positions}
    return Analysis(found.best, Definitely(outcome), {"book": fact})


def book_words(facts: Mapping[str, JSON]) -> str:
    """What `analyse` writes after a value the book gave (its "book" fact), or "" for a
    value the player searched."""
    fact = facts.get("book")
    if not isinstance(fact, dict):
        return ""
    to_end, read, positions = fact["to_end"], fact["read"], fact["positions"]
    assert isinstance(to_end, int)  # book_analysis wrote them
    assert isinstance(read, int)
    assert isinstance(positions, int)
    where = (
        f"read {plural(read, 'ply', 'plies')} down, {plural(positions, 'position')} searched"
        if read
        else f"the position is in the book; {plural(positions, 'position')} searched for a "
        "move that keeps its value"
    )
    return f", from the book ({plural(to_end, 'ply', 'plies')} to the end; {where})"


@dataclass(frozen=True)
class BookAnalysis(Generic[S, M, G]):
    """A batch's task with `--book`: the book's analysis of a position at or before its
    plies, else `search`'s (its facts gain "book": null).  It pickles when `search` and
    `game` do: the book's path travels, and each process reads the file once."""

    search: Callable[[S], Analysis[M, G]]
    game: Callable[[], object]
    """Makes the game (on a worker, found again from its name and options)."""
    path: str
    name: str
    """The game's name as typed, which the book's header gives."""

    def __call__(self, state: S, /) -> Analysis[M, G]:
        game = cast(Game[S, M], built(("game", self.game), self.game))  # the game's own maker
        found: Analysis[M, G] | None = book_analysis(
            kept_book(self.path, game, self.name), game, state
        )
        if found is not None:
            return found
        searched = self.search(state)
        return Analysis(searched.move, searched.value, {**searched.facts, "book": None})
