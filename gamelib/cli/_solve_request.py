"""The `gamelib solve` command line, checked (private to it): the command's own options
and the `Request` they make before the game is built.

[`gamelib.cli.solve`][gamelib.cli.solve] exports and documents these; what the command
does with a `Request` is there.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from gamelib.algorithms.goals import GoalMethod
from gamelib.catalog import SOLVE_CATALOG
from gamelib.cli.specs import SpecError, parse_depth, read_number
from gamelib.core.checks import echo, plural
from gamelib.search.kinds import Catalog

DEFAULT_TABLE = 1_000_000
"""Transposition-table entries when `--table` is not given."""


def add_solve_options(
    parser: argparse.ArgumentParser, methods: Catalog[GoalMethod] = SOLVE_CATALOG
) -> None:
    """The `solve` command's own options (the game's are parsed with the game)."""
    described = "; ".join(f"{m.name}: {m.about}" for m in methods)
    parser.add_argument(
        "--method",
        metavar="NAME",
        help="how to solve: exact (the default) finds the result and how many plies it "
        "takes, with a line of best moves; the others find the result alone, by asking "
        f"whether the side to move can win, then whether it can draw, and prove it: {described}",
    )
    parser.add_argument(
        "--moves",
        metavar="SEQ",
        help="solve the position after these moves from the start: Connect Four columns "
        "1..W run together (4455) or with commas (needed past 9 columns); tic-tac-toe "
        "cells, e.g. 159 or '1 5 9' (default: the start)",
    )
    parser.add_argument(
        "--positions",
        metavar="FILE",
        help="solve every position in FILE ('-': standard input), one SEQ a line; blank "
        "lines and lines starting with # are skipped; answers in input order",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="also solve every move: how the game ends if the side to move plays it",
    )
    parser.add_argument(
        "--depth", help="look at most this many plies ahead (default: to the end of the game)"
    )
    parser.add_argument(
        "--table",
        help=f"transposition-table entries; 0 for none (default {DEFAULT_TABLE:,}); "
        "a bound on the memory a solve takes (with a --method, what that method keeps)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print each answer as JSON, one object a line"
    )
    parser.add_argument(
        "--proof",
        action="store_true",
        help="also print the proof, as lines of moves from the position, one line a branch "
        f"(cut to {PROOF_LINES} lines or so: --proof-depth sets the cut)",
    )
    parser.add_argument(
        "--proof-depth",
        metavar="N",
        help="print the proof to N plies from the position, '...' where it goes on "
        "(implies --proof)",
    )
    parser.add_argument(
        "--proof-boards",
        action="store_true",
        help="print the proof with its positions, each board and the moves it keeps "
        "(implies --proof)",
    )
    parser.add_argument("--dot", metavar="FILE", help="also write the proof as Graphviz DOT")
    parser.add_argument(
        "--split",
        metavar="PLIES",
        help="with --workers or --scheduler (and no --positions): split the tree this many "
        "plies below the position, each position there searched by a worker (default 3)",
    )
    parser.add_argument(
        "--book",
        metavar="FILE",
        help="read the positions an opening book holds from FILE (made by gamelib book "
        "build) rather than search them",
    )


PROOF_LINES = 100
"""About the most lines `--proof` writes when `--proof-depth` is not given: it shows as
many plies of the proof as keep to that many lines."""


@dataclass(frozen=True)
class Request:
    """A checked `solve` command line, before the game is built."""

    game: str
    moves: str
    """The moves as given (empty: the start)."""
    depth: int | None
    table: int
    json: bool
    proof: bool
    dot: Path | None
    all_moves: bool = False
    positions: str | None = None
    """A file of positions, one a line ('-': standard input), if given."""
    method: GoalMethod | None = None
    """The goal method asked for (None: the exact solver)."""
    proof_depth: int | None = None
    """`--proof-depth`: the plies of the proof to print (None: as many as fit)."""
    proof_boards: bool = False
    """`--proof-boards`: print the proof's positions, not its moves alone."""
    split: int | None = None
    """`--split`: plies below the position where workers take over (None: not given)."""
    book: str | None = None
    """`--book`: an opening book's file."""


def check_request(
    options: argparse.Namespace, methods: Catalog[GoalMethod] = SOLVE_CATALOG
) -> Request:
    """The options as a `Request`; SpecError naming the first bad one."""
    method = _method(options.method, methods)
    depth = None if options.depth is None else parse_depth(str(options.depth))
    if method is not None and depth is not None:
        raise SpecError(
            f"--depth works with the exact solver only: --method {method.name} answers "
            "whether the side to move can win or draw, which a depth-limited search cannot prove"
        )
    table = DEFAULT_TABLE if method is None else method.default_room
    if options.table is not None:
        table = read_number(str(options.table), "--table")
        if method is not None and table < method.least_room:
            raise SpecError(
                f"--table with --method {method.name} bounds its {method.room}, and must be "
                f"{method.least_room} or more, got {table}"
            )
        if table < 0:
            raise SpecError(f"--table must be a number of entries, 0 or more, got {table}")
    dot = None if options.dot is None else Path(options.dot)
    proof_depth = None
    if options.proof_depth is not None:
        proof_depth = read_number(str(options.proof_depth), "--proof-depth", 1)
    # --proof-depth and --proof-boards say how to print the proof: they ask for it.
    options.proof = bool(options.proof or proof_depth is not None or options.proof_boards)
    if depth is not None and (options.proof or dot is not None):
        asked = "--proof" if options.proof else "--dot"
        raise SpecError(
            f"{asked} needs a solve to the end of the game, and --depth {depth} stops it "
            f"after {plural(depth, 'ply', 'plies')}: a depth-limited search proves nothing "
            "past its depth"
        )
    positions = None if options.positions is None else str(options.positions)
    if positions is not None:
        if options.moves is not None:
            raise SpecError("give --moves or --positions, not both")
        if options.proof or dot is not None:
            asked = "--proof" if options.proof else "--dot"
            raise SpecError(f"{asked} proves one position: it cannot be used with --positions")
        if positions != "-" and not Path(positions).exists():
            raise SpecError(f"--positions: no such file '{echo(positions, 200)}'")
        if positions != "-" and Path(positions).is_dir():
            raise SpecError(
                f"--positions: '{echo(positions, 200)}' is a folder, not a file of positions"
            )
    if dot is not None and not dot.resolve().parent.is_dir():
        raise SpecError(f"cannot write {options.dot}: its folder does not exist")
    moves = "" if options.moves is None else str(options.moves)
    split = None if options.split is None else read_number(str(options.split), "--split")
    if split is not None and not 1 <= split <= 12:
        raise SpecError(f"--split must be from 1 to 12 plies, got {split}")
    book = None if options.book is None else str(options.book)
    for flag, given in (("--split", split), ("--book", book)):
        if given is None:
            continue
        if method is not None or depth is not None or options.proof or dot is not None:
            other = (
                "--method"
                if method is not None
                else "--depth"
                if depth is not None
                else "--proof"
                if options.proof
                else "--dot"
            )
            raise SpecError(
                f"{flag} is for the exact solver to the end of the game, not with {other}"
            )
        if positions is not None:
            raise SpecError(f"{flag} solves one position: it cannot be used with --positions")
    return Request(
        str(options.game),
        moves,
        depth,
        table,
        bool(options.json),
        options.proof,
        dot,
        bool(options.all),
        positions,
        method,
        proof_depth,
        bool(options.proof_boards),
        split,
        book,
    )


def _method(name: object, methods: Catalog[GoalMethod]) -> GoalMethod | None:
    """The goal method called `name` (None: the exact solver); SpecError for any other."""
    if name is None:
        return None
    written = str(name).strip().lower()  # names are read without regard to case
    if written == "exact":
        return None
    found = methods.get(written)
    if found is None:
        known = ", ".join(("exact", *methods.names()))
        raise SpecError(f"--method: there is no method '{echo(str(name), 60)}'; one of: {known}")
    return found
