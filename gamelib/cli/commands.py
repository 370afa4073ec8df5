"""The command line's front: the parser of every command, the path each takes, and `main`.

Each command lives in a module of its own (`play`, `analyse`, `tracing`, `solve`,
`replay`, `listing`, with what they share in `_common`); here they are put together.
Every mistake on the command line gets one sentence on standard error and exit
status 2; a game or search that stopped (end of input, Ctrl-C, SIGTERM, a faulty
player or game) gets one sentence and exit status 1 (`gamelib.errors`).  Never a
traceback.

The search players come from a catalog ([`gamelib.catalog.CATALOG`][gamelib.catalog.CATALOG]
unless `main` is given another), so a new search kind needs no change here; so do
the games ([`gamelib.cli.games.GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG], with the
games installed packages name and those `--game-from MODULE:OBJECT` loads).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NoReturn, TextIO, cast

from gamelib.catalog import CATALOGS, Catalogs
from gamelib.cli._common import (
    EXIT_STATUSES,
    Command,
    Context,
    Parsing,
    UsageError,
    _check_file_names,
    _game_named_in,
    _Parser,
    _version,
    solver_build,
)
from gamelib.cli._shortened import (
    bare_words,
    check_shortened,
    shortened_options,
    unfit_options,
)
from gamelib.cli.analyse import ANALYSE
from gamelib.cli.ascii import read_anything, survive
from gamelib.cli.book import BOOK
from gamelib.cli.check import CHECK
from gamelib.cli.games import (
    GAME_CATALOG,
    AnyEntry,
    GameCatalog,
    installed_games,
)
from gamelib.cli.listing import LIST, _check_catalog
from gamelib.cli.loading import load_game, load_kinds
from gamelib.cli.match import MATCH
from gamelib.cli.play import PLAY
from gamelib.cli.replay import REPLAY
from gamelib.cli.run import DEMO, RUN
from gamelib.cli.solve import SOLVE
from gamelib.cli.tracing import (
    TRACE,
)
from gamelib.core.checks import echo, printable
from gamelib.errors import InputError, StoppedError
from gamelib.search.kinds import Catalog, SearchKind
from gamelib.search.player import (
    SearchDepthError,
)
from gamelib.trace import (
    PictureError,
)

__all__ = [
    "TerminatedError",
    "entry_point",
    "main",
    "outside_fault",
]

Commands_ = tuple[Command, ...]
"""A tuple of commands."""

COMMANDS: Commands_ = (PLAY, ANALYSE, TRACE, SOLVE, BOOK, MATCH, RUN, REPLAY, LIST, DEMO, CHECK)
"""Every command, in the order `gamelib --help` lists them: a new one is a module that
makes its `Command`, and a line here."""
COMMANDS_BY_NAME = {command.name: command for command in COMMANDS}


def _top_parser(
    catalogs: Catalogs,
    games: GameCatalog,
    trace_game: str | None = None,
    help_game: str | None = None,
    left_out: frozenset[str] = frozenset(),
) -> tuple[_Parser, dict[str, _Parser]]:
    """The whole command line, and each command's parser by name.  `trace_game`: the
    game `trace --game` names, whose options it takes; `help_game`: the game a `--help`
    asks about, whose options the help then lists; `left_out`: the search options that
    are no flags (`unfit_options`).
    """
    parser = _Parser(
        prog="gamelib",
        description="Play and analyse games with the 15-150 search players: two-player "
        "games, games of chance and games of n players.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"gamelib {_version()}, {solver_build()}"
    )
    parser.add_argument(
        "--game-from",
        metavar="MODULE:OBJECT",
        help="also know the game OBJECT of the Python module MODULE for this run (looked "
        "for on Python's path and in this folder): a game entry, an estimator (the game "
        "named after the module), or a bare game, with MODULE:GAME,ESTIMATOR its "
        "estimator beside it; may be given more than once",
    )
    parser.add_argument(
        "--kind-from",
        metavar="MODULE:OBJECT",
        help="also know the search kind OBJECT of the Python module MODULE for this run "
        "(found as --game-from's games are): a SearchKind, ChanceKind or NPlayerKind, or a "
        "tuple or list of them; one named as a kind of its family replaces it; may be given "
        "more than once",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    parsing = Parsing(catalogs, games, trace_game, catalogs.solve, left_out)
    subs: dict[str, _Parser] = {}
    for command in COMMANDS:
        sub = subs[command.name] = command.add(commands, parsing)
        helped = games.get(help_game) if help_game is not None else None
        if helped is None or command.game_help is None:
            continue
        if command.game_help == "all" or helped.name in games.playable():
            group = sub.add_argument_group(f"options of {help_game}")
            # A group takes add_argument as a parser does; only for the help text.
            helped.add_options(cast(argparse.ArgumentParser, group))
    return parser, subs


def _run(
    argv: list[str],
    stdin: TextIO,
    stdout: TextIO,
    stderr: TextIO,
    catalogs: Catalogs,
    games: GameCatalog,
    game_paths: Mapping[str, str],
) -> int:
    _check_catalog(catalogs, games)
    asks_help = any(a in ("-h", "--help") for a in argv)
    help_game = argv[1] if asks_help and len(argv) > 1 and not argv[1].startswith("-") else None
    at = next((i for i, word in enumerate(argv) if word in COMMANDS_BY_NAME), None)
    words = [] if at is None else argv[at + 1 :]
    entry = _game_in(games, words)
    left_out = unfit_options(catalogs, entry, words)
    parser, subs = _top_parser(catalogs, games, _game_named_in(argv), help_game, left_out)
    if at is not None:  # a game's options beside the command's: one rule for shortened ones
        sub = subs[argv[at]]
        check_shortened(sub, words, entry)
        argv = [*argv[: at + 1], *bare_words(sub, words)]
    options, extra = parser.parse_known_args(argv)
    options.shortened = shortened_options(catalogs, words)  # read by _Defaults
    command: str = options.command
    _check_file_names(options)
    named: str | None = getattr(options, "game", None)
    if named is not None and (entry := games.get(named)) is not None:
        options.game = entry.name  # names are read without regard to case: Nim is nim
        if entry.name.startswith("openspiel:"):  # OpenSpiel's own bots may take a seat
            from gamelib.openspiel.bots import with_spiel_kinds  # imported only when asked

            catalogs = with_spiel_kinds(catalogs)

    def again(words: list[str]) -> int:
        return _run(words, stdin, stdout, stderr, catalogs, games, game_paths)

    context = Context(stdin, stdout, stderr, catalogs, games, again, game_paths)
    return COMMANDS_BY_NAME[command].run(options, extra, context)


def _game_in(games: GameCatalog, words: list[str]) -> AnyEntry | None:
    """The game a command's `words` name: `--game`'s, else the first word that names one."""
    named = _game_named_in(words)
    if named is not None:
        return games.get(named)
    return next(
        (entry for word in words if not word.startswith("-") and (entry := games.get(word))),
        None,
    )


def _games_from(args: list[str]) -> tuple[list[str], list[str]]:
    """The `--game-from` paths taken out of `args`, and the rest.

    ```pycon
    >>> _games_from(["--game-from", "race:RACE", "play", "race", "--game-from=a:B"])
    (['race:RACE', 'a:B'], ['play', 'race'])

    ```
    """
    return _taken(args, "--game-from", "mygame:RACE")


def _taken(args: list[str], option: str, example: str) -> tuple[list[str], list[str]]:
    """The MODULE:OBJECT paths of `option` (`--game-from`, `--kind-from`) taken out of
    `args`, and the rest."""
    paths: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == option or arg.startswith(f"{option}="):
            path = args[i + 1] if arg == option and i + 1 < len(args) else arg[len(option) + 1 :]
            if not path.strip():
                raise UsageError(f"{option} needs MODULE:OBJECT, such as {example}")
            paths.append(path)
            i += 2 if arg == option else 1
            continue
        rest.append(arg)
        i += 1
    return paths, rest


def _installed(err: TextIO) -> GameCatalog:
    """gamelib's games with those installed packages name; one sentence on `err` for each
    entry point that could not be loaded (the other games still work)."""
    entries, problems = installed_games()
    for problem in problems:
        err.write(f"gamelib: {problem}\n")
    games = GAME_CATALOG
    for entry in entries:
        games = games.with_game(entry)
    return games


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    *,
    catalog: Catalog[SearchKind] | Catalogs = CATALOGS,
    games: GameCatalog | None = None,
) -> int:
    """Run the command line; returns the exit status (0, 1 or 2: see `EXIT_STATUSES`).

    Every error gamelib raises on purpose is of one of two families
    ([`gamelib.errors`][gamelib.errors]): bad input, written in one sentence with
    status 2, or a game or search stopped, one sentence and status 1.

    `catalog` is where the search players come from, for the three families of games:
    pass `CATALOGS.with_kind(...)` to try a search kind of your own (a two-player
    `SearchKind`, a `ChanceKind` or an `NPlayerKind`), or a two-player catalog alone
    (`CATALOG.with_kind(...)`) beside the shipped searches of the other families.  `games` is where
    the games come from: by default
    [`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG] with the games installed
    packages name in the entry point group `gamelib.games`; pass
    `GAME_CATALOG.with_game(...)` to play a game of your own.  Either way
    `--game-from MODULE:OBJECT` adds a game for the run, and `--kind-from MODULE:OBJECT`
    a search kind (or several) to `catalog`.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    if err is None:  # run with standard error closed: say nothing there
        err = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if out is None:  # run with standard output closed (`gamelib list >&-`)
        err.write("gamelib: standard output is closed, so there is nowhere to write\n")
        return 2
    if not args:
        err.write(_FIRST_STEPS)
        return 2
    try:
        paths, args = _games_from(args)
        kind_paths, args = _taken(args, "--kind-from", "mykinds:SHALLOW")
        known = _installed(err) if games is None else games
        loaded: dict[str, str] = {}
        for path in paths:
            entry = load_game(path)
            known = known.with_game(entry)
            loaded[entry.name] = path
        catalogs = catalog if isinstance(catalog, Catalogs) else Catalogs(two_player=catalog)
        for path in kind_paths:
            for kind in load_kinds(path):
                catalogs = catalogs.with_kind(kind)  # in place of a namesake of its family
        reads = sys.stdin if stdin is None else stdin
        return _run(args, reads, out, err, catalogs, known, loaded)
    except InputError as error:  # what was given cannot be used
        # Advice to call sys.setrecursionlimit is for Python programs, not for the command line.
        message = error.sentence if isinstance(error, SearchDepthError) else str(error)
        err.write(f"gamelib: {_said(message)}\n")
        return 2
    except PictureError as error:  # the trace was shown, but not the picture asked for
        err.write(f"gamelib: {_said(str(error))}\n")
        return 1
    except StoppedError as error:  # a game or a search that began, and stopped
        err.write(f"gamelib: game stopped: {_said(str(error))}\n")
        return 1
    except subprocess.CalledProcessError as error:
        err.write(f"gamelib: Graphviz's dot failed: {error.stderr.decode(errors='replace')}\n")
        return 1
    except BrokenPipeError:
        raise  # the reader went away: entry_point stops quietly
    except OSError as error:  # an output file that cannot be written
        where = "standard output" if error.filename is None else error.filename
        err.write(f"gamelib: cannot write {where}: {error.strerror}\n")
        return 2
    except Exception as error:
        fault = outside_fault(error)
        if fault is None and os.environ.get("GAMELIB_TRACEBACK"):
            raise
        said = fault or (
            f"an error inside gamelib: {type(error).__name__}: {echo(str(error), 200)} "
            "(please report it; GAMELIB_TRACEBACK=1 shows where)"
        )
        err.write(f"gamelib: game stopped: {_said(said)}\n")
        return 1
    except KeyboardInterrupt as stopped:
        why = "terminated (SIGTERM)" if isinstance(stopped, TerminatedError) else "interrupted"
        err.write(f"gamelib: {why}\n")
        return 1


_PACKAGE = str(Path(__file__).resolve().parents[1])
"""gamelib's own folder: code outside it is a game's, an estimator's, a user's."""


def outside_fault(error: BaseException) -> str | None:
    """What went wrong in code from outside gamelib (a game loaded with `--game-from`,
    say), as one sentence naming the method, the game and the position, with the code's
    own message; None when the error did not come from such code.

    The last frame of the traceback in a file outside gamelib and Python's own
    libraries is the code at fault; its first argument after `self` is the position.
    """
    frame = None
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.startswith((_PACKAGE, sys.prefix, sys.base_prefix, "<frozen")):
            frame = tb.tb_frame
        tb = tb.tb_next
    if frame is None:
        return None
    code = frame.f_code
    owner = frame.f_locals.get("self")
    where = code.co_qualname if owner is None else f"{type(owner).__name__}.{code.co_name}"
    given = [frame.f_locals.get(v) for v in code.co_varnames[: code.co_argcount]]
    arguments = given[1:] if owner is not None else given
    position = ""
    if arguments:
        shown = arguments[0]
        to_text = getattr(owner, "state_to_string", None)
        try:
            text = str(to_text(shown)) if callable(to_text) else repr(shown)
        except Exception:
            text = repr(shown)
        position = f" at '{echo(text.replace(chr(10), ' / '), 120)}'"
    message = str(error)
    said = f"{type(error).__name__}: {echo(message, 200)}" if message else type(error).__name__
    return f"{where} raised {said}{position}"


def _said(message: str) -> str:
    """An error message as it is written: a control character that some part of it
    quotes without `echo` is escaped all the same (a tree error keeps its line breaks)."""
    return printable(message, keep="\n")


_FIRST_STEPS = """\
usage: gamelib COMMAND [options]; gamelib --help lists the commands.  To begin:
  gamelib demo                   watch AlphaBeta play Minimax at Connect Four
  gamelib play connect4          play Connect Four against AlphaBeta (type help at the prompt)
  gamelib list                   the games, the players and the presets
  gamelib analyse nim --pile 9   the best move in a position, and its value
"""


class TerminatedError(KeyboardInterrupt):
    """SIGTERM (a timeout, systemd, `docker stop`): the command stops as for Ctrl-C,
    keeping what was done and ending its worker processes."""


def _stop_on_sigterm() -> None:
    """Make SIGTERM stop this process as Ctrl-C does (a `TerminatedError`).  A worker
    process forked from this one, which inherits the handler, dies of it as usual."""
    parent = os.getpid()

    def on_term(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise TerminatedError

    signal.signal(signal.SIGTERM, on_term)


def entry_point() -> NoReturn:
    """The `gamelib` console script."""
    _stop_on_sigterm()
    survive(sys.stdout)
    survive(sys.stderr)
    read_anything(sys.stdin)
    try:
        status = main()
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`gamelib ... | head`): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    except OSError as error:  # the last of the output could not be written (a full disk)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if sys.stderr is not None:
            sys.stderr.write(f"gamelib: cannot write standard output: {error.strerror}\n")
        status = 2
    sys.exit(status)
