"""`gamelib replay FILE`: step through a saved game with each position's value."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import TextIO, TypeVar

from gamelib import seq
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _build_game,
    _Parser,
    _reject_extra,
    _search_options,
    _search_spec,
)
from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.family_specs import game_is
from gamelib.cli.games import (
    GameCatalog,
    GameEntry,
    GameKit,
)
from gamelib.cli.players import search_player
from gamelib.cli.positions import is_terminal
from gamelib.core.checks import echo, plural
from gamelib.core.datatypes import Done, Playing, outcome_to_string
from gamelib.core.estimator import (
    Guess,
    est_to_string,
)
from gamelib.core.game import ShowsFinalPosition
from gamelib.search.kinds import Catalog, SearchKind

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")


@dataclass(frozen=True)
class _SavedGame:
    """What `play --save` wrote: the game, its options and the moves, as typed."""

    game: str
    options: tuple[str, ...]
    moves: tuple[str, ...]


def _saved_file(name: str) -> str:
    """The file of a saved game ('-': standard input) as a message names it."""
    return "standard input" if name == "-" else f"'{echo(name, 200)}'"


MAX_SAVED = 1 << 24
"""The most characters a saved game may have (a game of a million moves fits)."""


def _saved_game(name: str, stdin: TextIO | None) -> _SavedGame:
    """The saved game in the file `name` ('-': standard input), or a UsageError saying
    what is wrong with it.  At most `MAX_SAVED` characters are read: an endless file
    (`/dev/zero`) is not a saved game, and does not fill the memory.
    """
    where = _saved_file(name)
    if name == "-" and stdin is None:  # run with standard input closed
        raise UsageError("replay -: standard input is closed, so there is no saved game to read")
    try:
        if name == "-":
            assert stdin is not None
            text = stdin.read(MAX_SAVED + 1)
        else:
            with open(name, encoding="utf-8") as file:
                text = file.read(MAX_SAVED + 1)
    except FileNotFoundError:
        raise UsageError(f"there is no file {where}") from None
    except IsADirectoryError:
        raise UsageError(f"{where} is a folder, not a saved game") from None
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not text"
        raise UsageError(f"cannot read {where}: {reason}") from None
    if len(text) > MAX_SAVED:
        raise UsageError(f"{where} is not a saved game: it is longer than {MAX_SAVED:,} characters")
    try:
        document = json.loads(text)
    except ValueError:
        raise UsageError(
            f"{where} is not a saved game: gamelib play --save FILE writes one (JSON)"
        ) from None
    except RecursionError:  # brackets nested thousands deep: Python's decoder recurses
        raise UsageError(
            f"{where} is not a saved game: its JSON nests too deeply to be read"
        ) from None
    if not isinstance(document, dict):
        raise UsageError(f"{where} is not a saved game: it holds no JSON object")
    game, options, moves = document.get("game"), document.get("options", []), document.get("moves")
    if not isinstance(game, str):
        raise UsageError(f"{where} is not a saved game: it names no game")
    return _SavedGame(game, _texts(options, "options", where), _texts(moves, "moves", where))


def _texts(value: object, field: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{where} is not a saved game: its {field} are not a list of texts")
    return tuple(str(v) for v in value)


class _Replay:
    def __init__(
        self,
        options: argparse.Namespace,
        saved: _SavedGame,
        step: TextIO | None,
        out: TextIO,
        catalog: Catalog[SearchKind],
    ) -> None:
        self.options = options
        self.saved = saved
        self.step = step
        self.out = out
        self.catalog = catalog

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        raise UsageError(f"replay steps through two-player games, and {kit.title} has dice")

    def nplayer(self, kit: NKit[S, M], /) -> int:
        raise UsageError(f"replay steps through two-player games, not {kit.title}")

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        spec = _search_spec(self.options, kit, "replay", self.catalog)
        player = search_player(kit, spec, self.catalog)
        game, out, moves = kit.game, self.out, self.saved.moves
        count = plural(len(moves), "move")
        out.write(f"Replaying {self.saved.game}: {count}, valued by {player}.\n\n")
        state = game.start
        for number, text in enumerate(moves, 1):
            out.write(game.state_to_string(state) + "\n")
            best, value = player.analyse(state)
            move = game.parse_move(state, text)
            if move is None or move not in seq.to_tuple(game.moves(state)):
                raise UsageError(
                    f"move {number} of the saved game, '{echo(text)}', is not legal in the "
                    "position above"
                )
            shown = est_to_string(kit.estimator, value)
            if isinstance(value, Guess):
                shown += " (more is better for Maxie)"
            other = "" if move == best else f"; {player} would play {game.move_to_string(best)}"
            out.write(f"Value: {shown}.  {game.player(state)} played {text}{other}.\n")
            if self.step is not None:
                out.write("Enter: the next move; q: stop. ")
                out.flush()
                answer = self.step.readline()
                if not answer or answer.strip().lower() in ("q", "quit"):
                    out.write("\n" if not answer else "")
                    return 0
            out.write("\n")
            match game.play(state, move):
                case Playing(after):
                    state = after
                case Done(outcome):
                    if isinstance(game, ShowsFinalPosition):
                        out.write(game.final_position(state, move) + "\n")
                    out.write(f"Game over! {outcome_to_string(outcome)}\n")
                    if number < len(moves):
                        raise UsageError(
                            f"the saved game ended at move {number}, but it lists "
                            f"{plural(len(moves) - number, 'more move')}"
                        )
                    return 0
        out.write(game.state_to_string(state) + "\n")
        out.write("The saved game stops here, before the end.\n")
        return 0


def _check_replayable(saved: _SavedGame, file: str, games: GameCatalog) -> None:
    """UsageError for a saved game replay cannot step through: play --save saves only
    two-player games that are played (not a tree, a game of chance or of n players)."""
    entry = games.get(saved.game)
    if isinstance(entry, GameEntry) and entry.playable:
        return
    where = _saved_file(file)
    if entry is None:
        what = f"'{echo(saved.game)}', a game gamelib does not know"
    elif isinstance(entry, GameEntry):
        what = f"{entry.name}, which is analysed, not played"
    else:
        what = f"{entry.name}, {game_is(entry.family)}"
    replayable = [e.name for e in games if isinstance(e, GameEntry) and e.playable]
    raise UsageError(
        f"{where} names the game {what}; replay steps through the games play --save saves: "
        f"{', '.join(replayable)}"
    )


def _add(commands: Commands, parsing: Parsing) -> _Parser:
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
    _search_options(replay, parsing.catalog)
    return replay


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    _reject_extra(extra)
    stdin = context.stdin
    saved = _saved_game(options.file, stdin)
    _check_replayable(saved, options.file, context.games)
    replayed = _build_game(context.games, saved.game, list(saved.options), playing=True)
    step = stdin if is_terminal(stdin) and options.file != "-" else None
    return replayed.run(_Replay(options, saved, step, context.stdout, context.catalog))


REPLAY = Command("replay", _add, _run)
"""`gamelib replay FILE`."""
