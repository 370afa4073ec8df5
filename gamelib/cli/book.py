"""`gamelib book build GAME --plies N --out FILE`: an opening book, solved exactly.

Every position N moves from the start (a position and its mirror image once) is solved
to the end of the game ([`gamelib.parallel.book.build_book`][gamelib.parallel.book.build_book]),
here or on `--workers` / `--scheduler`, and its line appended to FILE as soon as it is
solved.  Stopped any way (Ctrl-C, SIGTERM, `kill -9`), the same command again keeps
every finished line and solves only the rest.  Progress goes to standard error, with an
estimate of the time left.  `solve`, `analyse`, `play` and `match` read the book with
`--book FILE` (see [`gamelib.cli.book_players`][gamelib.cli.book_players]).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar, cast

from gamelib.cli._common import Command, Commands, Context, Parsing, UsageError, _Parser, build_kit
from gamelib.cli._workers import SentRules, sent_game
from gamelib.cli.batch import Progress, add_worker_options, workers_from
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.games import GameKit
from gamelib.cli.positions import redraws
from gamelib.cli.specs import read_number
from gamelib.core.checks import echo
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFourState
from gamelib.parallel.batch import Workers
from gamelib.parallel.book import MAX_PLIES, build_book

__all__ = ["BOOK"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    parser = commands.add_parser(
        "book",
        help="build an opening book: every position some plies in, solved exactly",
        description="book build GAME --plies N --out FILE: solve every position N moves from "
        "the start (a position and its mirror image once) to the end of the game and write "
        "each to FILE as it is solved.  Stopped, the same command again solves only what "
        "FILE lacks.  Read a book with --book FILE (solve, analyse, play, match).  Options after "
        "GAME include the game's own, such as --cols 6.",
    )
    parser.add_argument("action", metavar="build", help="what to do: build")
    parser.add_argument("game", metavar="GAME", help="the game, such as connect4")
    parser.add_argument("--plies", metavar="N", required=True, help="moves from the start")
    parser.add_argument("--out", metavar="FILE", required=True, help="the book's file")
    add_worker_options(parser, "solve on N local processes at once (default: here)")
    parser.add_argument(
        "--table", metavar="N", help="transposition-table entries a worker keeps (1,000,000)"
    )
    return parser


class _Build:
    """`book build` on one game kit."""

    def __init__(
        self,
        options: argparse.Namespace,
        plies: int,
        table: int,
        workers: Workers | None,
        maker: Callable[[], object] | None,
        err: TextIO,
        out: TextIO,
    ) -> None:
        self.options = options
        self.plies = plies
        self.table = table
        self.workers = workers
        self.maker = maker
        self.err = err
        self.out = out

    def beyond(self, kit: FamilyKit[S, M, G], /) -> int:
        raise UsageError(f"'{kit.title}' has no book: a book holds two-player games' values")

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        game = kit.game
        if not isinstance(game.start, ConnectFourState):  # a book's lines count plies
            raise UsageError(f"a book is for Connect Four, not {self.options.game}")
        cells = game.start.board.cols * game.start.board.rows
        if self.plies >= cells:
            raise UsageError(
                f"--plies must be under the board's {cells} cells (a game {self.plies} plies "
                f"in is over), got {self.plies}"
            )
        maker = cast(
            Callable[[], Game[S, M]], self.maker if self.maker is not None else lambda: game
        )
        path = Path(self.options.out)
        terminal = redraws(self.err)
        shown: list[Progress] = []

        def progress(done: int, todo: int) -> None:
            if not shown:
                shown.append(Progress(self.err, todo, terminal=terminal))
            shown[0].step()

        try:
            built = build_book(
                maker,
                str(self.options.game),
                self.plies,
                path,
                self.workers,
                table=self.table,
                progress=progress,
            )
        except KeyboardInterrupt:
            if shown:
                shown[0].clear()
            self.err.write(
                f"gamelib: book build stopped; what was solved is kept in {path}: "
                "the same command again solves the rest\n"
            )
            return 1
        if shown:
            shown[0].clear()
        self.out.write(
            f"{path}: {built.total:,} positions {self.plies} plies in "
            f"({built.kept:,} already there, {built.solved:,} solved now, "
            f"{built.positions:,} positions searched in {built.seconds:.1f} s)\n"
        )
        return 0


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    if options.action != "build":
        raise UsageError(f"book does one thing, build, not '{echo(str(options.action), 40)}'")
    plies = read_number(str(options.plies), "--plies")
    if not 1 <= plies <= MAX_PLIES:
        raise UsageError(f"--plies must be from 1 to {MAX_PLIES}, got {plies}")
    table = 1_000_000 if options.table is None else read_number(str(options.table), "--table")
    if table < 1:
        raise UsageError(f"--table must be at least 1 entry, got {table}")
    out = Path(options.out)
    if out.is_dir():
        raise UsageError(f"--out: '{echo(str(out), 200)}' is a folder, not a book's file")
    if not out.resolve().parent.is_dir():
        raise UsageError(f"--out: cannot write '{echo(str(out), 200)}': its folder does not exist")
    name = str(options.game)
    workers = workers_from(options.workers, options.scheduler)
    kit = build_kit(context.games, name, extra, playing=False)
    maker = None
    if workers is not None:
        maker = SentRules(sent_game(context, name, tuple(extra), workers))
    try:
        return kit.run(
            _Build(options, plies, table, workers, maker, context.stderr, context.stdout)
        )
    finally:
        if workers is not None and workers.close is not None:
            workers.close()


BOOK = Command("book", _add, _run, game_help="all")
"""`gamelib book build GAME`."""
