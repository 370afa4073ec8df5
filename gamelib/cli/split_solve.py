"""`gamelib solve GAME --workers N` (or `--scheduler ADDRESS`) without `--positions`: one
position solved with its tree split over the workers, and `--book FILE`'s positions read.

The tree is split `--split` plies below the position
([`gamelib.parallel.frontier.split_solve`][gamelib.parallel.frontier.split_solve]); each
frontier position is searched by a worker, and the results are joined exactly.  With
`--book FILE` the positions the book holds are read from it, never searched: a position
before the book's plies is solved by the tree down to them, searched only where the book
has no entry (here, or on the workers).  The answer is the serial solver's: who wins, in
how many plies, a best move, and (`--all`) each move's result.  For Connect Four the
score is written beside it as Pons's solver writes it (see `pons_score`: +1 from the
empty 7 x 6 board, where the first player wins with her 21st stone).  `play --book FILE`
wraps each player in a [`BookPlayer`][gamelib.parallel.book.BookPlayer] (`with_book`);
`analyse --book` and `match --book` read books through
[`gamelib.cli.book_players`][gamelib.cli.book_players].
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Hashable
from concurrent.futures import BrokenExecutor
from typing import TextIO, TypeVar, cast

from gamelib.algorithms.exact import Solution, describe
from gamelib.cli._proofs import Column, column_json, column_words
from gamelib.cli._solve_request import Request
from gamelib.cli._workers import SentGame, SentRules
from gamelib.cli.book_players import book_game, book_player
from gamelib.cli.positions import move_json
from gamelib.core.checks import plural
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.parallel.batch import Workers
from gamelib.parallel.book import BookError, BookPlayer, kept_book, read_book
from gamelib.parallel.frontier import SplitSolution, WindowRecipe, outcome_of, split_solve
from gamelib.parallel.recipes import GivenGame

__all__ = ["DEFAULT_SPLIT", "check_split", "pons_score", "solve_split", "with_book"]

S = TypeVar("S")
M = TypeVar("M")
P = TypeVar("P")

DEFAULT_SPLIT = 3
"""Plies below the position asked about where `--workers` splits the tree."""


def pons_score(game: object, state: object, result: str, plies: int) -> int | None:
    """Connect Four's score as Pons's solver gives it, for the side to move at `state`
    when the game ends in `result` after `plies` more plies (None for another game): 0 for
    a draw; a win completed with the m-th stone on the board is worth
    ⌊(cells − m) / 2⌋ + 1, that is one more than the stones the winner has left; a loss
    the negation.

    ```pycon
    >>> from gamelib.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> pons_score(game, game.start, "win", 41), pons_score(game, game.start, "draw", 42)
    (1, 0)

    ```
    """
    if not isinstance(game, ConnectFour) or not isinstance(state, ConnectFourState):
        return None
    if result not in ("win", "loss"):
        return 0
    stones = state.plies + plies
    worth = (game.cols * game.rows - stones) // 2 + 1
    return worth if result == "win" else -worth


def _score_words(score: int | None) -> str:
    return "" if score is None else f" (score {score:+d})" if score else " (score 0)"


def check_split(game: Game[S, M], request: Request, workers: Workers | None) -> None:
    """Refuse, in one sentence, what a split solve or a book cannot do: a game other than
    Connect Four (whose positions count their plies), and a search other than the exact
    solver's to the end of the game."""
    asked = "--workers without --positions" if workers is not None else "--book"
    if not isinstance(game.start, ConnectFourState):
        raise BookError(
            f"{asked} is for Connect Four, not {request.game}: give --positions FILE to "
            "solve many positions on workers"
            if workers is not None
            else f"--book is for Connect Four, not {request.game}"
        )
    given = [
        flag
        for flag, on in (
            ("--method", request.method is not None),
            ("--depth", request.depth is not None),
            ("--proof", request.proof),
            ("--dot", request.dot is not None),
        )
        if on
    ]
    if given:
        raise BookError(
            f"{asked} splits the exact solver's search to the end of the game: "
            f"it cannot be used with {given[0]}"
        )


def solve_split(
    game: Game[S, M],
    state: S,
    request: Request,
    workers: Workers | None,
    sent: SentGame | None,
    out: TextIO,
    err: TextIO,
    show: bool,
) -> int:
    """Solve `state` split `--split` plies below it (on `workers`; None: here), reading
    `--book`'s positions; print the answer as `gamelib solve` does.  Returns the exit
    status (a book that is not one is `BookError`, exit 2)."""
    maker = cast(Callable[[], Game[S, M]], SentRules(sent) if sent is not None else GivenGame(game))
    recipe = WindowRecipe(maker, request.table)
    split = DEFAULT_SPLIT if request.split is None else request.split
    known: dict[tuple[int, Hashable], int] = {}
    if request.book is not None:
        book = read_book(request.book, game, request.game)
        depth = _ply(game, state)
        if depth is not None and depth <= book.plies:
            split = book.plies - depth
            known = book.values_below(depth)
        elif show:
            err.write(
                f"gamelib: the book holds positions {book.plies} plies in; this one is past them\n"
            )
        if split == 0:
            known = {}
            split = 1  # the position is in the book: its moves are solved below it
    began = time.perf_counter()

    def progress(tasks: int, positions: int) -> None:
        if show:
            seconds = time.perf_counter() - began
            err.write(f"\r{tasks:,} searches sent, {positions:,} positions, {seconds:.0f} s\x1b[K")
            err.flush()

    try:
        found = split_solve(
            recipe,
            state,
            workers,
            plies=split,
            all_moves=request.all_moves,
            known=known,
            progress=progress,
        )
    except (KeyboardInterrupt, BrokenExecutor) as stopped:
        if show:
            err.write("\r\x1b[K")
        why = (
            "a worker process died (killed, or out of memory)"
            if isinstance(stopped, BrokenExecutor)
            else "interrupted"
        )
        err.write(f"gamelib: solve stopped before the value was pinned down: {why}\n")
        return 1
    if show:
        err.write("\r\x1b[K")
    _write(game, state, found, request, split, workers, out)
    return 0


def _ply(game: object, state: object) -> int | None:
    return state.plies if isinstance(state, ConnectFourState) else None


def _write(
    game: Game[S, M],
    state: S,
    found: SplitSolution[S, M],
    request: Request,
    split: int,
    workers: Workers | None,
    out: TextIO,
) -> None:
    result, plies = outcome_of(found.value)
    if result == "draw":
        plies = _to_end(game, state)
    score = pons_score(game, state, result, plies)
    columns = [_column(game, state, move, value) for move, value in found.columns]
    columns.sort(key=lambda c: int(c.move) if c.move.isdecimal() else 0)
    where = "this process" if workers is None else workers.name
    read = "" if not request.book else f", the book read {plural(split, 'ply', 'plies')} down"
    if request.json:
        answer = {
            "game": request.game,
            "moves": request.moves,
            "to_move": str(game.player(state)),
            "method": "exact",
            "result": result,
            "plies": plies,
            "score": score,
            "best": move_json(game.move_to_string(found.best)),
            "positions": found.positions,
            "seconds": round(found.seconds, 4),
            "split": {
                "plies": split,
                "frontier": found.frontier,
                "searched": found.sent,
                "searches": found.tasks,
                "tests": found.tests,
                "on": where,
            },
        }
        if request.all_moves:
            answer["columns"] = {
                c.move: {**cast(dict[str, object], column_json(c)), "score": s}
                for c, s in ((c, _column_score(game, state, c)) for c in columns)
            }
        out.write(json.dumps(answer) + "\n")
        return
    out.write(f"{game.state_to_string(state)}\n")
    solution = Solution(
        state,
        game.player(state),
        result,
        plies,
        found.best,
        (found.best,),
        found.positions,
        found.seconds,
    )
    out.write(f"{describe(game, solution)}{_score_words(score)}\n")
    for column in columns:
        score_words = _score_words(_column_score(game, state, column))
        out.write(f"  {column.move}: {column_words(column)}{score_words}\n")
    out.write(
        f"searched {found.positions:,} positions in {found.seconds:.2f} s on {where}: "
        f"the tree split {plural(split, 'ply', 'plies')} down, {found.sent:,} of its "
        f"{found.frontier:,} frontier positions searched "
        f"({plural(found.tasks, 'search', 'searches')}, {plural(found.tests, 'test')}){read}\n"
    )


def _column(game: Game[S, M], state: S, move: M, value: int) -> Column:
    result, plies = outcome_of(value)
    if result == "draw":
        plies = _to_end(game, state)
    return Column(game.move_to_string(move), result, plies)


def _column_score(game: Game[S, M], state: S, column: Column) -> int | None:
    return pons_score(game, state, column.result, column.plies or 0)


def _to_end(game: object, state: object) -> int:
    """Plies to the end of a drawn game: the empty cells, for Connect Four (0 otherwise)."""
    if isinstance(game, ConnectFour) and isinstance(state, ConnectFourState):
        return game.cols * game.rows - state.plies
    return 0


def with_book(player: P, game: Game[S, M], book: str | None, name: str) -> P | BookPlayer[S, M]:
    """`player`, taking its moves before `--book FILE`'s plies from the book (unchanged
    without a book, or for a person at the prompt, who chooses for themselves); a file
    that is not a book of `game` is `BookError` (exit 2)."""
    if book is None:
        return player
    return book_player(player, game, kept_book(book, book_game(game, name), name))
