"""The command line as the tests run it: `main` in this process, with text streams."""

from __future__ import annotations

import io
import re

from gamelib.catalog import CATALOG, Catalogs
from gamelib.cli import main
from gamelib.cli.games import GameCatalog
from gamelib.search.kinds import Catalog, SearchKind


def run(
    *argv: str,
    stdin: str = "",
    catalog: Catalog[SearchKind] | Catalogs = CATALOG,
    games: GameCatalog | None = None,
    stderr: io.StringIO | None = None,
) -> tuple[int, str, str]:
    """`gamelib ARGV` with `stdin` typed in: (exit status, standard output, standard error).
    `stderr`, if given, is the standard error to write to (a stand-in terminal, say)."""
    out, err = io.StringIO(), io.StringIO() if stderr is None else stderr
    status = main(
        list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err, catalog=catalog, games=games
    )
    return status, out.getvalue(), err.getvalue()


def untimed(text: str) -> str:
    """`text` with each time a move took, `(0.12 s)`, written `(T s)`."""
    return re.sub(r"\(\d+\.\d\d s\)", "(T s)", text)
