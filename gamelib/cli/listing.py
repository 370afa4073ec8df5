"""`gamelib list`: the games, the player kinds and the presets."""

from __future__ import annotations

import argparse
import functools
from typing import TextIO

from gamelib.catalog import Catalogs, Family
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Parser,
    _reject_extra,
    solver_build,
)
from gamelib.cli.games import NAMED_TREES, AnyEntry, GameCatalog
from gamelib.cli.players import PLAYER_KINDS
from gamelib.cli.presets import PRESETS
from gamelib.cli.specs import PLAIN_KINDS


def _list(out: TextIO, catalogs: Catalogs, games: GameCatalog) -> int:
    catalog = catalogs.two_player
    out.write("Games (gamelib play GAME ...):\n")
    for game in games:
        out.write(f"  {game.name:<10} {game.summary}\n")
    out.write(
        "  openspiel:NAME(PARAMS)  any OpenSpiel game of perfect information, in OpenSpiel's "
        "syntax ('openspiel:hex(board_size=3)'; pip install 'gamelib[openspiel]'); "
        "openspiel-mcts:SIMS and openspiel-random take its seats\n"
    )
    out.write("Player kinds (--maxie, --minnie, --player):\n")
    for player in PLAYER_KINDS.values():
        out.write(f"  {player.name:<10} {player.summary}\n")
    for kind in catalog:
        out.write(f"  {kind.name:<10} {kind.summary}, {kind.usage()}\n")
    out.write(f"Player kinds for games of chance ({_of(games, 'chance')}human and random too):\n")
    for chance in catalogs.chance:
        out.write(f"  {chance.name:<14} {chance.summary}, {chance.usage()}\n")
    out.write(
        f"Player kinds for games of n players ({_of(games, 'n-player')}--player1 .. "
        "--playerN; human and random too):\n"
    )
    for many in catalogs.n_player:
        out.write(f"  {many.name:<14} {many.summary}, {many.usage()}\n")
    out.write("Named trees (gamelib trace NAME):\n")
    for tree, (about, _) in NAMED_TREES.items():
        out.write(f"  {tree:<14} {about}\n")
    out.write("Presets (gamelib run NAME):\n")
    for name in sorted(PRESETS):
        out.write(f"  {name:<10} {PRESETS[name].summary}\n")
    out.write(f"Solving (gamelib solve): {solver_build()}.\n")
    return 0


def _of(games: GameCatalog, family: Family) -> str:
    """The names of the games of `family` gamelib knows in this run, for a heading
    (`pig, dicerace; `), or nothing when there are none."""
    names = [game.name for game in games if game.family == family]
    return f"{', '.join(names)}; " if names else ""


_OWN_FLAGS = frozenset(
    {"depth", "seed", "game", "player", "maxie", "minnie", "dot", "svg", "png", "help", "h"}
)
"""The command line's own flags, which no search option may take."""


def _check_catalog(catalogs: Catalogs, games: GameCatalog) -> None:
    """UsageError for catalogs whose names the command line could not tell apart.  One
    name may serve several families only as a sampling kind in each of the others (MCTS):
    the game says which is meant."""
    catalog = catalogs.two_player

    def samples(name: str) -> bool:
        chance, many = catalogs.chance.get(name), catalogs.n_player.get(name)
        return (chance is None or not chance.exact) and (many is None or not many.exact)

    seen: dict[str, str] = {}
    for family, kinds in (
        ("two-player", catalog.names()),
        ("chance", catalogs.chance.names()),
        ("n-player", catalogs.n_player.names()),
    ):
        for name in kinds:
            if name in PLAYER_KINDS or name in PLAIN_KINDS:
                raise UsageError(
                    f"the search kind '{name}' has the name of a player that does not search"
                )
            if name in seen and not samples(name):
                raise UsageError(
                    f"the search kind '{name}' is both {_a(seen[name])} and {_a(family)} search"
                )
            seen[name] = family
    for option in catalogs.options():
        if option.name in _OWN_FLAGS:
            raise UsageError(
                f"the search option '{option.name}' would hide gamelib's --{option.name}"
            )
        for game in games:
            if option.name.replace("-", "_") in _game_flags(game):
                raise UsageError(
                    f"the search option '{option.name}' would hide the {game.name} option "
                    f"--{option.name}"
                )


def _a(family: str) -> str:
    """`a two-player`, `a chance`, `an n-player`."""
    return f"{'an' if family == 'n-player' else 'a'} {family}"


@functools.cache
def _game_flags(game: AnyEntry) -> frozenset[str]:
    """The names of the options of `game` (`pile` for nim).

    Cached by entry: an entry never changes, and building the parsers was most of
    the time a short `gamelib solve` took."""
    parser = _Parser(add_help=False)
    game.add_options(parser)
    return frozenset(vars(parser.parse_args([])))


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    return commands.add_parser("list", help="list games, player kinds and presets")


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    _reject_extra(extra)
    return _list(context.stdout, context.catalogs, context.games)


LIST = Command("list", _add, _run)
"""`gamelib list`."""
