"""The command line: ``gamelib play | analyse | run | list | demo``.

Every mistake on the command line gets one sentence on standard error and
exit status 2; a game stopped by its human player (end of input, Ctrl-C) or by
a faulty player gets one sentence and exit status 1.  Never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO, TypeVar

from gamelib.core.controller import IllegalMoveError, referee
from gamelib.core.human import InputClosedError
from gamelib.estimate.estimator import est_to_string
from gamelib.estimate.player import SearchDepthError
from gamelib.games.explicit import ExplicitTreeError
from gamelib.registry import (
    DEFAULT_DEPTH,
    DEFAULT_PRUNE,
    GAMES,
    PLAYER_KINDS,
    PLAYER_KINDS_ORDER,
    PRESETS,
    GameKit,
    KitUser,
    SpecError,
    Streams,
    parse_depth,
    parse_player_spec,
    parse_prune,
    search_player,
)

__all__ = ["main"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

DEMO_PRESET = "C4_ABvMM"
"""What ``gamelib demo`` runs: two search players on Connect Four, no input needed."""


class UsageError(Exception):
    """A command line that cannot be run; the message says why."""


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become UsageError instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _top_parser() -> _Parser:
    parser = _Parser(
        prog="gamelib",
        description="Play and analyse two-player games with the 15-150 search players.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    games = ", ".join(sorted(GAMES))

    play = commands.add_parser("play", help="play one game on the terminal")
    play.add_argument("game", metavar="GAME", help=f"one of: {games}")
    play.add_argument("--maxie", default="human", help="Maxie's player (default: human)")
    play.add_argument("--minnie", default="alphabeta", help="Minnie's player (default: alphabeta)")
    _search_options(play)
    play.add_argument("--seed", help="seed for random players")

    analyse = commands.add_parser("analyse", help="print the best move and its value")
    analyse.add_argument("game", metavar="GAME", help=f"one of: {games}")
    analyse.add_argument("--player", default="alphabeta", help="search player (default: alphabeta)")
    _search_options(analyse)

    run = commands.add_parser("run", help="play a preset game, e.g. C4_HvAB (see list)")
    run.add_argument("preset", metavar="PRESET", help="a preset name from 'gamelib list'")
    commands.add_parser("list", help="list games, player kinds and presets")
    commands.add_parser("demo", help=f"watch two search players play ({DEMO_PRESET})")
    return parser


def _search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--depth", help=f"search depth when the spec has none ({DEFAULT_DEPTH})")
    parser.add_argument(
        "--prune", help=f"Jamboree's prune percentage when the spec has none ({DEFAULT_PRUNE})"
    )


def _build_game(name: str, extra: list[str], playing: bool) -> KitUser:
    entry = GAMES.get(name)
    if entry is None:
        raise UsageError(f"unknown game '{name}'; known games: {', '.join(sorted(GAMES))}")
    if playing and not entry.playable:
        raise UsageError(f"'{name}' can be analysed but not played: its leaves are estimates")
    parser = _Parser(prog=f"gamelib {name}", add_help=False)
    entry.add_options(parser)
    options = parser.parse_args(extra)
    return entry.build(options)


def _defaults(options: argparse.Namespace) -> tuple[int, float]:
    depth = DEFAULT_DEPTH if options.depth is None else parse_depth(options.depth)
    prune = DEFAULT_PRUNE if options.prune is None else parse_prune(options.prune)
    return depth, prune


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise SpecError(f"--seed must be a whole number, got '{text}'") from None


class _Play:
    def __init__(self, options: argparse.Namespace, streams: Streams) -> None:
        depth, prune = _defaults(options)
        self.maxie = parse_player_spec(options.maxie, depth, prune)
        self.minnie = parse_player_spec(options.minnie, depth, prune)
        self.streams = streams

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        maxie = PLAYER_KINDS[self.maxie.kind].build(kit, self.maxie, self.streams)
        minnie = PLAYER_KINDS[self.minnie.kind].build(kit, self.minnie, self.streams)
        out = self.streams.output
        out.write(f"Maxie: {maxie}.  Minnie: {minnie}.\n\n")
        referee(kit.game, maxie, minnie, out=out)
        return 0


class _Analyse:
    def __init__(self, options: argparse.Namespace, out: TextIO) -> None:
        depth, prune = _defaults(options)
        self.spec = parse_player_spec(options.player, depth, prune)
        if not PLAYER_KINDS[self.spec.kind].searches:
            raise SpecError(
                f"analyse needs a search player (minimax, alphabeta or jamboree), "
                f"not '{options.player}'"
            )
        self.out = out

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        player = search_player(kit, self.spec)
        state = kit.game.start
        move, value = player.analyse(state)
        side = kit.game.player(state)
        self.out.write(
            f"{kit.game.state_to_string(state)}\n"
            f"{player} chooses {kit.game.move_to_string(move)} for {side}; "
            f"value: {est_to_string(kit.estimator, value)}\n"
        )
        return 0


def _list(out: TextIO) -> int:
    out.write("Games (gamelib play GAME ...):\n")
    for name in sorted(GAMES):
        out.write(f"  {name:<10} {GAMES[name].summary}\n")
    out.write("Player kinds (--maxie, --minnie, --player):\n")
    for name in PLAYER_KINDS_ORDER:
        out.write(f"  {name:<10} {PLAYER_KINDS[name].summary}\n")
    out.write("Presets (gamelib run NAME):\n")
    for name in sorted(PRESETS):
        out.write(f"  {name:<10} {PRESETS[name].summary}\n")
    return 0


def _run(argv: list[str], stdin: TextIO, stdout: TextIO) -> int:
    options, extra = _top_parser().parse_known_args(argv)
    command: str = options.command
    if command == "list":
        _reject_extra(extra)
        return _list(stdout)
    if command == "demo":
        _reject_extra(extra)
        return _run(list(PRESETS[DEMO_PRESET].argv), stdin, stdout)
    if command == "run":
        preset = PRESETS.get(options.preset)
        if preset is None:
            known = ", ".join(sorted(PRESETS))
            raise UsageError(f"unknown preset '{options.preset}'; presets: {known}")
        # Options after the name (--seed 3, --depth 4, ...) add to the preset's.
        return _run([*preset.argv, *extra], stdin, stdout)
    kit = _build_game(options.game, extra, playing=command == "play")
    if command == "play":
        return kit.run(_Play(options, Streams(stdin, stdout, _seed(options.seed))))
    return kit.run(_Analyse(options, stdout))


def _reject_extra(extra: list[str]) -> None:
    if extra:
        raise UsageError(f"unrecognized arguments: {' '.join(extra)}")


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status (0, 1 or 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    try:
        return _run(args, sys.stdin if stdin is None else stdin, out)
    except (UsageError, SpecError, SearchDepthError, ExplicitTreeError) as error:
        err.write(f"gamelib: {error}\n")
        return 2
    except InputClosedError as error:
        err.write(f"gamelib: game stopped: {error}\n")
        return 1
    except IllegalMoveError as error:
        err.write(f"gamelib: game stopped: {error}\n")
        return 1
    except KeyboardInterrupt:
        err.write("gamelib: interrupted\n")
        return 1


def entry_point() -> NoReturn:
    """The ``gamelib`` console script."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``gamelib ... | head``): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)
