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
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO, cast

from gamelib.catalog import (
    CATALOG,
    Catalog,
)
from gamelib.cli._common import (
    EXIT_STATUSES,
    UsageError,
    _build_game,
    _check_file_names,
    _check_own_game,
    _game_named_in,
    _Parser,
    _reject_extra,
    _reject_seats,
    _rule,
    _search_options,
    _seed,
    _tree_names,
    _version,
)
from gamelib.cli.analyse import _Analyse, _beyond_tree_analysed, _BeyondAnalyse
from gamelib.cli.ascii import read_anything, survive
from gamelib.cli.batch import add_batch_options, check_batch_options
from gamelib.cli.beyond import (
    game_is,
    split_seat_flags,
)
from gamelib.cli.games import (
    GAME_CATALOG,
    GameCatalog,
    installed_games,
    load_game,
)
from gamelib.cli.listing import _check_catalog, _list
from gamelib.cli.play import _BeyondPlay, _Play
from gamelib.cli.players import Streams
from gamelib.cli.positions import (
    is_terminal,
    redraws,
)
from gamelib.cli.presets import DEMO_PRESET, PRESETS, preset_named
from gamelib.cli.replay import _check_replayable, _Replay, _saved_game
from gamelib.cli.solve import SolveJob, add_solve_options, check_request
from gamelib.cli.specs import (
    shown,
)
from gamelib.cli.tracing import (
    _beyond_trace_target,
    _BeyondTrace,
    _check_pictures,
    _pictures_asked,
    _Trace,
    _trace_target,
)
from gamelib.core.checks import echo, printable
from gamelib.errors import InputError, StoppedError
from gamelib.search.player import (
    SearchDepthError,
)
from gamelib.trace import (
    PictureError,
)

__all__ = ["entry_point", "main"]


def _top_parser(
    catalog: Catalog,
    games: GameCatalog,
    trace_game: str | None = None,
    help_game: str | None = None,
) -> _Parser:
    """The whole command line.  `trace_game`: the game `trace --game` names, whose
    options it takes; `help_game`: the game a `--help` asks about, whose options the
    help then lists.
    """
    parser = _Parser(
        prog="gamelib",
        description="Play and analyse games with the 15-150 search players: two-player "
        "games, games of chance and games of n players.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"gamelib {_version()}")
    parser.add_argument(
        "--game-from",
        metavar="MODULE:OBJECT",
        help="also know the game entry OBJECT of the Python module MODULE for this run "
        "(looked for on Python's path and in this folder); may be given more than once",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    names = ", ".join(games.names())

    play = commands.add_parser(
        "play",
        help="play one game on the terminal",
        description="Play one game.  A game of n players names its players with --player1 "
        "SPEC .. --playerN SPEC (default: maxn for each); two-player games and games of "
        "chance with --maxie and --minnie.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", metavar="GAME", help=f"one of: {', '.join(games.playable())}")
    play.add_argument(
        "--maxie",
        help="Maxie's player (default: human; for a game of chance, expectiminimax)",
    )
    play.add_argument(
        "--minnie",
        help="Minnie's player (default: alphabeta; for a game of chance, expectiminimax)",
    )
    _search_options(play, catalog)
    play.add_argument("--seed", help="seed for random players and the dice")
    play.add_argument(
        "--json",
        action="store_true",
        help="show the game on standard error and write it as one JSON object on standard "
        "output at the end: game, options, players, moves, outcome, winner, finished",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="save the game (the same JSON) in FILE, for gamelib replay FILE",
    )
    play.add_argument(
        "--exit-code",
        action="store_true",
        help="exit with who won instead of 0: 10 Maxie, 11 Minnie, 12 a draw; 20 + i when "
        "player i of n (counted from 0) wins alone, 19 when several share the best",
    )

    analyse = commands.add_parser("analyse", help="print the best move and its value")
    analyse.add_argument("game", metavar="GAME", help=f"one of: {names}")
    analyse.add_argument(
        "--player",
        help="search player (default: alphabeta; id when --time or --nodes is given; "
        "expectiminimax for a game of chance, maxn for a game of n players)",
    )
    _search_options(analyse, catalog)
    analyse.add_argument(
        "--moves",
        metavar="SEQ",
        help="analyse the position after these moves from the start, written as for solve "
        "(default: the start)",
    )
    analyse.add_argument(
        "--positions",
        metavar="FILE",
        help="analyse every position in FILE ('-': standard input), one SEQ a line; blank "
        "lines and lines starting with # are skipped",
    )
    analyse.add_argument(
        "--json", action="store_true", help="print each answer as JSON, one object a line"
    )
    add_batch_options(analyse)

    tracing = commands.add_parser(
        "trace", help="show every position a search visits, as text and (optionally) a picture"
    )
    tracing.add_argument(
        "tree_text",
        metavar="TREE",
        nargs="?",
        help=f"a named tree ({', '.join(_tree_names())}) or a tree like 'a[b[c3,d6],e[f1]]', "
        "a chance tree like 'a[?b[1/2: c3, 1/2: d1], e2]' or an n-player tree like "
        "'a[b(1,0,2), c(0,3,0)]'",
    )
    tracing.add_argument("--game", help="trace a game's start position instead (with its options)")
    tracing.add_argument(
        "--player",
        help="search player (default: alphabeta; expectiminimax for chance trees and games, "
        "maxn for n-player ones)",
    )
    _search_options(tracing, catalog)
    tracing.add_argument("--dot", metavar="FILE", help="also write the trace as Graphviz DOT")
    tracing.add_argument("--svg", metavar="FILE", help="also draw it as SVG (needs Graphviz)")
    tracing.add_argument("--png", metavar="FILE", help="also draw it as PNG (needs Graphviz)")
    tracing.add_argument(
        "--json",
        action="store_true",
        help="for scripts: each event as a line of JSON as the search goes, then the move "
        "and value (two-player searches)",
    )
    if trace_game is not None:
        traced = games.get(trace_game)
        if traced is not None:
            traced.add_options(tracing)  # e.g. --pile for --game nim

    solving = commands.add_parser(
        "solve",
        help="who wins with perfect play, in how many plies (and the proof)",
        description="Solve a game exactly: who wins from the start (or after --moves), or "
        "that it is a draw, in how many plies with the winner hurrying and the loser "
        "delaying, a best move, and the positions searched.  Options after the game's name "
        "include the game's own, such as --pile 9.",
    )
    solving.add_argument("game", metavar="GAME", help=f"one of: {names}")
    add_solve_options(solving)
    add_batch_options(solving)

    run = commands.add_parser(
        "run",
        help="play a preset game, e.g. C4_HvAB (see list)",
        description="Play a preset game.  Options after its name are added to the preset's "
        "own, and win over them: --depth 3, --seed 7, or a game option such as --pile 9.",
    )
    run.add_argument("preset", metavar="PRESET", help="a preset name from 'gamelib list'")
    replay = commands.add_parser(
        "replay",
        help="step through a saved game (play --save FILE) with the value of each position",
        description="Replay a game saved by gamelib play --save FILE (or its --json): each "
        "position, its value and the move played, with the move the search would have made "
        "where it differs.  On a terminal it waits for Enter between moves (q stops).",
    )
    replay.add_argument("file", metavar="FILE", help="the saved game ('-': standard input)")
    replay.add_argument(
        "--player", help="the search that values the positions (default: alphabeta)"
    )
    _search_options(replay, catalog)
    commands.add_parser("list", help="list games, player kinds and presets")
    commands.add_parser("demo", help=f"watch two search players play ({DEMO_PRESET})")
    if help_game is not None:
        helped = games.get(help_game)
        for sub in (play, analyse, solving):
            if helped is not None and (sub is not play or helped.name in games.playable()):
                group = sub.add_argument_group(f"options of {help_game}")
                # A group takes add_argument as a parser does; only for the help text.
                helped.add_options(cast(argparse.ArgumentParser, group))
    return parser


def _run(
    argv: list[str],
    stdin: TextIO,
    stdout: TextIO,
    stderr: TextIO,
    catalog: Catalog,
    games: GameCatalog,
) -> int:
    _check_catalog(catalog, games)
    asks_help = any(a in ("-h", "--help") for a in argv)
    help_game = argv[1] if asks_help and len(argv) > 1 and not argv[1].startswith("-") else None
    parser = _top_parser(catalog, games, _game_named_in(argv), help_game)
    options, extra = parser.parse_known_args(argv)
    command: str = options.command
    _check_file_names(options)
    named: str | None = getattr(options, "game", None)
    if named is not None and (entry := games.get(named)) is not None:
        options.game = entry.name  # names are read without regard to case: Nim is nim
    if command == "list":
        _reject_extra(extra)
        return _list(stdout, catalog, games)
    if command == "demo":
        _reject_extra(extra)
        demo = PRESETS[DEMO_PRESET]
        stdout.write(f"The demo ({demo.name}): {_rule(demo.summary)}.  Ctrl-C stops it.\n")
        _run(list(demo.argv), stdin, stdout, stderr, catalog, games)
        return 0  # a show, not a contest: the status does not say who won
    if command == "run":
        preset = preset_named(options.preset)
        if preset is None:
            known = ", ".join(sorted(PRESETS))
            raise UsageError(f"unknown preset '{shown(options.preset)}'; presets: {known}")
        # Options after the name (--seed 3, --depth 4, ...) add to the preset's.
        return _run([*preset.argv, *extra], stdin, stdout, stderr, catalog, games)
    if command == "replay":
        _reject_extra(extra)
        saved = _saved_game(options.file, stdin)
        _check_replayable(saved, options.file, games)
        replayed = _build_game(games, saved.game, list(saved.options), playing=True)
        step = stdin if is_terminal(stdin) and options.file != "-" else None
        return replayed.run(_Replay(options, saved, step, stdout, catalog))
    if command == "trace":
        if options.json and _pictures_asked(options):
            raise UsageError(
                "give --json or a picture (--dot, --svg, --png), not both: the lines of JSON "
                "are all that is written to standard output"
            )
        _check_pictures(options)
        beyond = _beyond_trace_target(options, games)
        if beyond is not None:
            _reject_extra(extra)
            if options.json:
                raise UsageError(
                    "--json is for two-player searches for now; trace this without --json "
                    "for the text trace"
                )
            return beyond.run(_BeyondTrace(options, stdout, catalog))
        return _trace_target(options, extra, games).run(_Trace(options, stdout, catalog))
    if command == "solve":
        beyond_entry = games.beyond(str(options.game))
        if beyond_entry is not None:
            raise UsageError(
                f"'{beyond_entry.name}' cannot be solved here: solve finds who wins a two-player "
                f"game without dice, and {beyond_entry.name} is "
                f"{game_is(beyond_entry.family)}; try gamelib analyse {beyond_entry.name}"
            )
        request = check_request(options)
        entry = games.two_player(request.game)
        if entry is not None and not entry.playable:
            raise UsageError(
                f"'{request.game}' cannot be solved: its leaves are estimates, not finished games"
            )
        _check_own_game(options, games, request.game)
        batch = check_batch_options(options, request.positions)
        return _build_game(games, request.game, extra, playing=False).run(
            SolveJob(request, stdin, stdout, stderr, batch, tuple(extra))
        )
    beyond_game = games.beyond(options.game)
    if beyond_game is not None:
        seats, rest = split_seat_flags(extra) if command == "play" else ({}, extra)
        parser = _Parser(prog=f"gamelib {beyond_game.name}", add_help=False)
        beyond_game.add_options(parser)
        built = beyond_game.build(parser.parse_args(rest))
        if command == "play":
            if options.json or options.save is not None:
                raise UsageError(
                    f"--json and --save are for two-player games for now, not {beyond_game.name}"
                )
            streams = Streams(stdin, stdout, _seed(options.seed))
            play = _BeyondPlay(options, seats, streams, catalog, summary=beyond_game.summary)
            return built.run(play)
        return built.run(_BeyondAnalyse(options, stdout, catalog))
    if command == "play":
        _reject_seats(extra)
    else:
        _check_own_game(options, games, options.game)
        tree = _beyond_tree_analysed(options.game, extra, games)
        if tree is not None:  # a chance or n-player tree: analysed as trace traces it
            return tree.run(_BeyondAnalyse(options, stdout, catalog))
    kit = _build_game(games, options.game, extra, playing=command == "play")
    if command == "play":
        status = stderr if redraws(stderr) else None
        # With --json the game is shown on standard error, the JSON alone on standard output.
        shown_on = stderr if options.json else stdout
        streams = Streams(stdin, shown_on, _seed(options.seed), status)
        summary = games[options.game].summary
        return kit.run(
            _Play(
                options,
                streams,
                catalog,
                extra,
                stdout if options.json else None,
                summary=summary,
            )
        )
    return kit.run(_Analyse(options, stdout, catalog, tuple(extra), stdin, stderr))


def _games_from(args: list[str]) -> tuple[list[str], list[str]]:
    """The `--game-from` paths taken out of `args`, and the rest.

    ```pycon
    >>> _games_from(["--game-from", "race:RACE", "play", "race", "--game-from=a:B"])
    (['race:RACE', 'a:B'], ['play', 'race'])

    ```
    """
    paths: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == "--game-from" or arg.startswith("--game-from="):
            path = args[i + 1] if arg == "--game-from" and i + 1 < len(args) else arg[12:]
            if not path.strip():
                raise UsageError("--game-from needs MODULE:OBJECT, such as mygame:RACE")
            paths.append(path)
            i += 2 if arg == "--game-from" else 1
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
    catalog: Catalog = CATALOG,
    games: GameCatalog | None = None,
) -> int:
    """Run the command line; returns the exit status (0, 1 or 2: see `EXIT_STATUSES`).

    Every error gamelib raises on purpose is of one of two families
    ([`gamelib.errors`][gamelib.errors]): bad input, written in one sentence with
    status 2, or a game or search stopped, one sentence and status 1.

    `catalog` is where the search players come from: pass
    `CATALOG.with_kind(...)` to try a search kind of your own.  `games` is where
    the games come from: by default
    [`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG] with the games installed
    packages name in the entry point group `gamelib.games`; pass
    `GAME_CATALOG.with_game(...)` to play a game of your own.  Either way
    `--game-from MODULE:OBJECT` adds a game for the run.
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
        known = _installed(err) if games is None else games
        for path in paths:
            known = known.with_game(load_game(path))
        return _run(args, sys.stdin if stdin is None else stdin, out, err, catalog, known)
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
