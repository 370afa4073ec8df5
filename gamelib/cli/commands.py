"""The commands: `gamelib play | analyse | trace | solve | run | list | demo`.

Every mistake on the command line gets one sentence on standard error and
exit status 2; a game stopped by its human player (end of input, Ctrl-C) or by
a faulty player gets one sentence and exit status 1.  Never a traceback.

The search players come from a catalog ([`gamelib.catalog.CATALOG`][gamelib.catalog.CATALOG]
unless `main` is given another), so a new search kind needs no change here; so do
the games ([`gamelib.cli.games.GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG], with the
games installed packages name and those `--game-from MODULE:OBJECT` loads).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib.metadata
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Generic, NoReturn, TextIO, TypeVar, cast

from gamelib import seq
from gamelib.algorithms.deepening import (
    Deepening,
    DeepeningPlayer,
    DeepeningSettings,
    Iteration,
)
from gamelib.catalog import (
    CATALOG,
    CHANCE_KINDS,
    NPLAYER_KINDS,
    Catalog,
    Drawing,
)
from gamelib.chance.game import number_to_string as chance_number
from gamelib.cli.ascii import read_anything, survive
from gamelib.cli.batch import JsonValue, add_batch_options, check_batch_options, json_line
from gamelib.cli.beyond import (
    BEYOND_TREES,
    PLAIN_KINDS,
    BeyondKit,
    BeyondSpec,
    ChanceKit,
    Family,
    NKit,
    analyse_chance,
    analyse_n,
    beyond_tree,
    family_kinds,
    game_is,
    kind_family,
    misfit,
    n_value_text,
    parse_beyond_spec,
    play_chance,
    play_n,
    split_seat_flags,
    trace_chance,
    trace_n,
    value_text,
)
from gamelib.cli.colour import Coloured, takes_colour
from gamelib.cli.games import (
    GAME_CATALOG,
    AnyEntry,
    GameCatalog,
    GameEntry,
    GameKit,
    KitUser,
    NamedEstimator,
    installed_games,
    load_game,
)
from gamelib.cli.players import PLAYER_KINDS, Streams, advise, build_player, search_player
from gamelib.cli.positions import (
    BadPositionError,
    is_terminal,
    line_title,
    move_json,
    position_after,
    redraws,
    run_lines,
    split_moves,
)
from gamelib.cli.presets import DEMO_PRESET, PRESETS, preset_named
from gamelib.cli.solve import SolveJob, add_solve_options, check_request
from gamelib.cli.specs import (
    DEFAULT_DEPTH,
    NON_SEARCH_KINDS,
    PlayerSpec,
    SpecError,
    parse_depth,
    parse_player_spec,
    search_kinds_text,
    shown,
    too_deep,
    whole_number,
)
from gamelib.cli.status import outcome_status, outcome_word
from gamelib.cli.thinking import Pondering, Thinking, info_line, positions, stop_words
from gamelib.core.checks import echo, plural, printable
from gamelib.core.controller import referee
from gamelib.core.datatypes import Done, Outcome, Playing, outcome_to_string
from gamelib.core.estimator import (
    Definitely,
    Est,
    Estimator,
    Guess,
    est_to_string,
)
from gamelib.core.game import Game, ShowsFinalPosition
from gamelib.core.player import Player
from gamelib.errors import InputError, StoppedError
from gamelib.games.explicit import HANDOUT_TREES, TREE_TITLES
from gamelib.parallel.recipes import Analysis, SearchRecipe
from gamelib.search.counting import RecordingEstimator
from gamelib.search.events import SearchObserver
from gamelib.search.player import (
    SearchDepthError,
    SearchPlayer,
)
from gamelib.trace import (
    PICTURE_POSITIONS,
    PictureError,
    draw,
    picture_size,
    stream_trace,
    trace_to_dot,
    write_file,
)
from gamelib.trace_export import StepWriter

__all__ = ["entry_point", "main"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")


EXIT_STATUSES = """\
exit status:
  0   the command did what was asked (a game played to its end, whoever won)
  1   a game or search stopped before its end: quit, end of input, Ctrl-C,
      SIGTERM, a faulty player or game, a batch line without an answer
  2   the command line cannot run: a bad option, name, number, move or file
  with play --exit-code, a finished game exits with who won instead of 0:
  10 Maxie, 11 Minnie, 12 a draw; 20 + i when player i of n (from 0) wins
  alone, 19 when several share the best
"""
"""The exit statuses, as `gamelib --help` and `gamelib play --help` end."""


class UsageError(InputError):
    """A command line that cannot be run; the message says why."""


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become UsageError instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


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


def _version() -> str:
    """gamelib's version, as installed."""
    try:
        return importlib.metadata.version("gamelib")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "(not installed)"


def _tree_names() -> list[str]:
    return [*HANDOUT_TREES, *BEYOND_TREES]


def _search_options(parser: argparse.ArgumentParser, catalog: Catalog) -> None:
    """`--depth`, and a flag for every option of the catalog's kinds."""
    parser.add_argument("--depth", help=f"search depth when the spec has none ({DEFAULT_DEPTH})")
    for option in catalog.options():
        defaults = [
            f"{kind.name} {own.default_text()}"
            for kind in catalog
            if (own := kind.option(option.name)) is not None
        ]
        parser.add_argument(
            f"--{option.name}",
            help=f"{option.title} when the spec has none (default: {', '.join(defaults)})",
        )


def _build_game(games: GameCatalog, name: str, extra: list[str], playing: bool) -> KitUser:
    entry = games.two_player(name)
    if entry is None:
        raise UsageError(_unknown_game(games, name, playing))
    if playing and not entry.playable:
        raise UsageError(f"'{name}' can be analysed but not played: its leaves are estimates")
    parser = _Parser(prog=f"gamelib {name}", add_help=False)
    entry.add_options(parser)
    options = parser.parse_args(extra)
    return entry.build(options)


class _Defaults:
    """What specs that leave something out take: the flags, else the defaults.

    Once the specs are read, `check_used` refuses a flag that no player
    took (`--prune` with no Jamboree player, `--depth` when every search
    player gives its own depth): a flag that does nothing is a mistake.
    """

    def __init__(self, options: argparse.Namespace, catalog: Catalog) -> None:
        game: str | None = getattr(options, "game", None)
        self.title = "the tree" if game is None else game
        self.flags: dict[str, str] = {}
        if options.depth is not None:
            parse_depth(options.depth)  # the same rules for every kind: say at once
            self.flags["depth"] = options.depth
        for option in catalog.options():
            text: str | None = getattr(options, option.name.replace("-", "_"), None)
            if text is not None:
                self.flags[option.name] = text

    def spec(self, text: str, catalog: Catalog, depth_limit: int | None = None) -> PlayerSpec:
        """The player `text` names.

        A game with a depth limit (an explicit tree) is searched to that limit by default.
        """
        depth = DEFAULT_DEPTH if depth_limit is None else depth_limit
        kind = text.split(":")[0].strip().lower()
        if kind not in catalog and kind_family(kind) in ("chance", "n-player"):
            raise SpecError(
                misfit(
                    kind,
                    self.title,
                    game_is("two-player"),
                    catalog.names(),
                    NON_SEARCH_KINDS,
                )
            )
        return parse_player_spec(text, catalog, depth, self.flags, depth_limit)

    def check_used(self, specs: list[PlayerSpec], catalog: Catalog) -> None:
        """SpecError for a flag none of `specs` took."""
        used = set().union(*(spec.flags_used for spec in specs))
        for name, text in self.flags.items():
            if name in used:
                continue
            if name == "depth":
                takers = [s for s in specs if s.kind in catalog]
                what = "search players"
            else:
                takers = [s for s in specs if (k := catalog.get(s.kind)) and k.option(name)]
                owners = [k.name for k in catalog if k.option(name) is not None]
                what = f"{' and '.join(owners)} players"
            if takers:
                raise SpecError(
                    f"--{name} {shown(text)} has no effect: every one of the {what} here "
                    "gives its own"
                )
            raise SpecError(f"--{name} is for {what}, and no player here is one")


def _spec_text(given: str | None, flag: str, default: str) -> str:
    """The player spec `flag` gives, or `default` when it is not given; UsageError for
    an empty one, which names no player (rather than quietly meaning the default)."""
    if given is None:
        return default
    if not given.strip():
        raise UsageError(
            f"{flag} is empty: name a player (gamelib list shows the kinds), or leave "
            f"{flag} out for {default}"
        )
    return given


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    return whole_number(text, "--seed")


class _Play:
    def __init__(
        self,
        options: argparse.Namespace,
        streams: Streams,
        catalog: Catalog,
        extra: Sequence[str],
        json_out: TextIO | None,
        *,
        summary: str,
    ) -> None:
        defaults = _Defaults(options, catalog)
        self.maxie = defaults.spec(_spec_text(options.maxie, "--maxie", "human"), catalog)
        self.minnie = defaults.spec(_spec_text(options.minnie, "--minnie", "alphabeta"), catalog)
        defaults.check_used([self.maxie, self.minnie], catalog)
        self.streams = streams
        self.catalog = catalog
        self.name: str = options.game
        self.summary = summary
        self.extra = tuple(extra)
        self.json_out = json_out
        self.exit_code: bool = options.exit_code
        self.save: Path | None = None if options.save is None else _writable(options.save)

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        maxie = self._player(kit, self.maxie)
        minnie = self._player(kit, self.minnie)
        advise(kit, maxie, minnie, self.catalog)
        out = self.streams.output
        out.write(f"Playing {self.name}: {_rule(self.summary)}.\n")
        out.write(f"Maxie: {maxie}.  Minnie: {minnie}.\n\n")
        shown: Game[S, M] = Coloured(kit.game) if takes_colour(out) else kit.game
        made: list[M] = []

        def document(outcome: Outcome | None) -> dict[str, JsonValue]:
            return {
                "game": self.name,
                "options": list(self.extra),
                "players": {"Maxie": str(maxie), "Minnie": str(minnie)},
                "moves": [kit.game.move_to_string(m) for m in made],
                "outcome": None if outcome is None else outcome_to_string(outcome),
                "winner": None if outcome is None else outcome_word(outcome),
                "finished": outcome is not None,
            }

        try:
            record = referee(shown, maxie, minnie, out=out, made=made)
        except BaseException:  # quit, end of input, Ctrl-C, SIGTERM, a faulty player
            # Keep what was played: the moves so far, marked unfinished, for replay.
            if self.json_out is not None:
                self.json_out.write(json_line(document(None)))
            self._keep(document(None), out, "The unfinished game")
            raise
        if self.json_out is not None:
            self.json_out.write(json_line(document(record.outcome)))
        self._keep(document(record.outcome), out)
        return outcome_status(record.outcome) if self.exit_code else 0

    def _keep(self, document: dict[str, JsonValue], out: TextIO, what: str = "The game") -> None:
        """Save `document` in the file of `--save`, if one was given."""
        if self.save is None:
            return
        # An OSError names the file (a full disk: /dev/full).
        write_file(self.save, (json.dumps(document, indent=1) + "\n").encode())
        saved = echo(str(self.save), 200)
        out.write(f"{what} is saved in {saved}: gamelib replay {saved}\n")

    def _player(self, kit: GameKit[S, M, G], spec: PlayerSpec) -> Player[S, M]:
        """The player `spec` names; on a terminal a search player says it is thinking."""
        status = self.streams.status
        if status is None or spec.kind not in self.catalog or spec.kind == "id":
            return _shown(build_player(kit, spec, self.streams, self.catalog), self.streams)
        counted = RecordingEstimator(kit.estimator, keep=False)
        player = build_player(
            dataclasses.replace(kit, estimator=counted), spec, self.streams, self.catalog
        )
        return Pondering(player, counted, status)


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
        raise UsageError(
            f"{where} is not a saved game: it is longer than {MAX_SAVED:,} characters"
        )
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
        catalog: Catalog,
    ) -> None:
        self.options = options
        self.saved = saved
        self.step = step
        self.out = out
        self.catalog = catalog

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
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


def _rule(summary: str) -> str:
    """A game's (or a preset's) summary as a sentence, without the note in brackets that
    `gamelib list` adds.

    ```pycon
    >>> _rule("take 1-3 pebbles; whoever takes the last loses (--pile)")
    'take 1-3 pebbles; whoever takes the last loses'

    ```
    """
    return re.sub(r"\s*\([^)]*\)$", "", summary)


def _writable(text: str) -> Path:
    """`text` as a file a game can be saved in, checked before the game is played."""
    path = Path(text)
    if path.is_dir():
        raise UsageError(f"cannot save the game in '{echo(text, 200)}': it is a folder")
    if not path.parent.is_dir():
        raise UsageError(
            f"cannot save the game in '{echo(text, 200)}': there is no folder {path.parent}"
        )
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"cannot save the game in '{echo(text, 200)}': it cannot be written")
    return path


def _shown(player: Player[S, M], streams: Streams) -> Player[S, M]:
    """`player`, saying how deep it looked before each move if it deepens iteratively."""
    if isinstance(player, DeepeningPlayer):
        return Thinking(player, streams.output, streams.status)
    return player


def _search_spec(
    options: argparse.Namespace, kit: GameKit[S, M, G], command: str, catalog: Catalog
) -> PlayerSpec:
    defaults = _Defaults(options, catalog)
    budget = any(name in defaults.flags for name in ("time", "nodes"))
    # A budget asks for the player that keeps one.
    text = _spec_text(
        options.player, "--player", "id" if budget and "id" in catalog else "alphabeta"
    )
    spec = defaults.spec(text, catalog, kit.depth_limit)
    if spec.kind not in catalog:
        raise SpecError(
            f"{command} needs a search player ({search_kinds_text(catalog)}), not '{shown(text)}'"
        )
    defaults.check_used([spec], catalog)
    return spec


@dataclass(frozen=True)
class _Report:
    """A command that searches the game of a kit and reports on `out`."""

    options: argparse.Namespace
    out: TextIO
    catalog: Catalog
    game_args: tuple[str, ...] = ()
    """The game's own options, as typed: what a worker rebuilds the game from."""
    stdin: TextIO | None = None
    err: TextIO | None = None


class _Analyse(_Report):
    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        options = self.options
        if options.positions is not None:
            spec = _search_spec(options, kit, "analyse", self.catalog)
            player = search_player(kit, spec, self.catalog)
            if options.moves is not None:
                raise SpecError("give --moves or --positions, not both")
            return self._batch(kit, spec, player)
        state = kit.game.start
        below = "the root"
        if options.moves is not None:
            try:
                state, _ = position_after(kit.game, split_moves(options.moves, kit.digit_moves))
            except BadPositionError as bad:
                message = str(bad).replace("nothing to solve", "nothing to analyse")
                raise SpecError(
                    message if message.startswith("nothing") else f"--moves: {message}"
                ) from None
            if kit.depth_limit_at is not None:  # a tree: search no deeper than is left of it
                kit = dataclasses.replace(kit, depth_limit=kit.depth_limit_at(state))
                below = f"the position after --moves {echo(options.moves)}"
                if kit.depth_limit == 0:
                    raise SpecError(
                        f"nothing to analyse: after --moves {echo(options.moves)} the tree ends "
                        f"at the leaf {kit.game.state_to_string(state)}"
                    )
        spec = _search_spec(options, kit, "analyse", self.catalog)
        player = search_player(kit, spec, self.catalog, below)
        check_batch_options(options, None)  # a batch flag without --positions is a mistake
        out = self.out
        if options.json:
            move, value = player.analyse(state)
            found = {"moves": options.moves or "", **_analysis_json(kit, str(player), state)}
            found.update(_edge_json(kit, move, value))
            out.write(json_line(found))
            return 0
        out.write(f"{kit.game.state_to_string(state)}\n")
        found_deeply: Deepening[M, G] | None = None
        if isinstance(player, DeepeningPlayer):
            # One line per finished depth, as it finishes.
            def report(iteration: Iteration[M, G]) -> None:
                out.write(info_line(kit.estimator, iteration) + "\n")
                out.flush()

            found_deeply = player.think(state, report)
            move, value = found_deeply.move, found_deeply.value
        else:
            move, value = player.analyse(state)
        side = kit.game.player(state)
        out.write(
            f"{player} chooses {kit.game.move_to_string(move)} for {side}; "
            f"value: {est_to_string(kit.estimator, value)}\n"
        )
        if found_deeply is not None:
            out.write(
                f"searched to depth {found_deeply.depth} in {found_deeply.seconds:.2f} s "
                f"({positions(found_deeply.positions)}); stopped: {stop_words(found_deeply)}\n"
            )
            if found_deeply.note is not None:
                out.write(f"({found_deeply.note})\n")
        return 0

    def _batch(self, kit: GameKit[S, M, G], spec: PlayerSpec, player: SearchPlayer[S, M, G]) -> int:
        """`--positions`: each line's position analysed, an answer a line."""
        options = self.options
        batch = check_batch_options(options, options.positions)
        task: Callable[[S], Analysis[M, G]]
        if batch.workers is None:
            task = _Here(player)
        else:
            if self.catalog.get(spec.kind) is not CATALOG.get(spec.kind):
                raise SpecError(
                    f"'{spec.kind}' is not gamelib's own search kind, and workers build "
                    "players from gamelib's catalog: run this batch without --workers"
                )
            # What a worker gets: the game's name and options, the kind, depth and options.
            estimator = cast(
                Callable[[], Estimator[S, M, G]], NamedEstimator(options.game, self.game_args)
            )
            task = SearchRecipe(
                estimator, spec.kind, spec.depth, tuple(sorted(spec.options.items()))
            )
        name = str(player)

        def answer(number: int, text: str, state: S, analysis: Analysis[M, G]) -> None:
            if options.json:
                found = {"line": number, "moves": text, **_analysis_json(kit, name, state)}
                found.update(_edge_json(kit, analysis.move, analysis.value))
                self.out.write(json_line(found))
            else:
                side = kit.game.player(state)
                self.out.write(
                    f"{line_title(number, text)}\n{name} chooses "
                    f"{kit.game.move_to_string(analysis.move)} for {side}; value: "
                    f"{est_to_string(kit.estimator, analysis.value)}\n\n"
                )

        return run_lines(
            kit,
            options.positions,
            self.stdin,
            self.out,
            self.err,
            batch,
            task,
            answer,
            json_output=bool(options.json),
            refuse=_beyond_the_tree(kit, spec),
        )


def _beyond_the_tree(kit: GameKit[S, M, G], spec: PlayerSpec) -> Callable[[S], str | None] | None:
    """For a tree, why a batch's position cannot be searched `spec.depth` deep (None when
    it can); None for a game without a depth limit."""
    limit_at = kit.depth_limit_at
    if limit_at is None:
        return None

    def refuse(state: S) -> str | None:
        limit = limit_at(state)
        if limit == 0:
            return (
                f"nothing to analyse: the tree ends at the leaf {kit.game.state_to_string(state)}"
            )
        if limit is None or spec.depth <= limit:
            return None
        return too_deep(spec.depth, spec.depth_from, limit, "this position")

    return refuse


@dataclass(frozen=True)
class _Here(Generic[S, M, G]):
    """A batch's task in this process: the player itself, no recipe needed."""

    player: SearchPlayer[S, M, G]

    def __call__(self, state: S, /) -> Analysis[M, G]:
        move, value = self.player.analyse(state)
        return Analysis(move, value)


def _analysis_json(kit: GameKit[S, M, G], player: str, state: S) -> dict[str, JsonValue]:
    return {"player": player, "to_move": str(kit.game.player(state))}


def _edge_json(kit: GameKit[S, M, G], move: M, value: Est[G]) -> dict[str, JsonValue]:
    found: dict[str, JsonValue] = {
        "best": move_json(kit.game.move_to_string(move)),
        "value": est_to_string(kit.estimator, value),
    }
    match value:
        case Definitely(outcome):
            found["outcome"] = str(outcome)
        case Guess(guess):
            found["guess"] = (
                guess
                if isinstance(guess, int | float) and not isinstance(guess, bool)
                else kit.estimator.guess_to_string(guess)
            )
    return found


_SEVERAL_SEARCHES = frozenset({"mtdf", "id"})
"""The kinds that search the root several times: their trace heads each search
'Search 1 of N', and N is known only at the end, so their text is held (on disk)
until then.  Another kind's trace streams, and heads a search of the root after
the first 'Search 2 of the root'."""


class _Trace(_Report):
    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        spec = _search_spec(self.options, kit, "trace", self.catalog)
        search_player(kit, spec, self.catalog)  # checks the depth and the kind, as analyse does
        kind = self.catalog[spec.kind]

        def build(observer: SearchObserver[S, M, G]) -> SearchPlayer[S, M, G]:
            return kind.build(kit.estimator, spec.depth, spec.options, observer=observer)

        options = self.options
        out = self.out
        if options.json:
            return self._json(kit, build)
        pictures = _pictures_asked(options)
        # The text goes out as the search goes; the tree is kept only for a picture,
        # and only while it is small enough to draw.
        found = stream_trace(
            build,
            out,
            several=spec.kind in _SEVERAL_SEARCHES,
            keep=PICTURE_POSITIONS if pictures else 0,
        )
        out.write(
            f"{found.positions} positions visited (root included); "
            f"{found.leaves} estimated or finished\n"
        )
        settings = kind.settings(kit.estimator, spec.depth, spec.options)
        if isinstance(settings, DeepeningSettings) and (settings.seconds or settings.positions):
            out.write(
                "(traced, iterative deepening checks its budget only between depths, "
                "so that every search shown is whole)\n"
            )
        if pictures:
            if found.trace is None:
                raise PictureError(
                    _too_big(pictures, f"the search visited {found.positions:,} positions")
                )
            _make_pictures(trace_to_dot(found.trace), options, out)
        return 0

    def _json(
        self,
        kit: GameKit[S, M, G],
        build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]],
    ) -> int:
        """The trace as JSON Lines: each event as it comes, then the move and value."""
        writer = StepWriter(kit.game, kit.estimator, self.out, move=move_json)
        player = build(writer)
        state = kit.game.start
        move, value = player.analyse(state)
        writer.finish()
        done: dict[str, JsonValue] = {"event": "done", **_analysis_json(kit, str(player), state)}
        done |= _edge_json(kit, move, value)
        done |= {"positions": writer.positions, "leaves": writer.leaves}
        self.out.write(json_line(done))
        return 0


class _BeyondOptions:
    """The options common to play, analyse and trace for games of chance or of n players."""

    def __init__(self, options: argparse.Namespace, catalog: Catalog) -> None:
        self.options = options
        self.catalog = catalog

    def check_flags(self, title: str) -> None:
        """SpecError for a two-player search option (`--prune`, `--time`) given here."""
        for option in self.catalog.options():
            given: str | None = getattr(self.options, option.name.replace("-", "_"), None)
            if given is not None:
                owners = " and ".join(k.name for k in self.catalog if k.option(option.name))
                raise SpecError(
                    f"--{option.name} is for {owners} players, two-player searches that do "
                    f"not play {title}"
                )

    def spec(
        self,
        text: str,
        family: Family,
        title: str,
        players: int | None,
        default_depth: int = DEFAULT_DEPTH,
    ) -> BeyondSpec:
        return parse_beyond_spec(text, family, title, players, default_depth, self.options.depth)

    def search_spec(
        self,
        command: str,
        family: Family,
        title: str,
        players: int | None,
        default_depth: int = DEFAULT_DEPTH,
    ) -> BeyondSpec:
        """The `--player` of analyse or trace: a search kind of `family`."""
        self.check_flags(title)
        text = _spec_text(self.options.player, "--player", family_kinds(family)[0])
        spec = self.spec(text, family, title, players, default_depth)
        if spec.kind in PLAIN_KINDS:
            kinds = family_kinds(family)
            raise SpecError(
                f"{command} needs a search player ({', '.join(kinds[:-1])} or {kinds[-1]}), "
                f"not '{shown(text)}'"
            )
        self.check_depth_used([spec])
        return spec

    def check_depth_used(self, specs: Sequence[BeyondSpec]) -> None:
        """SpecError for a `--depth` that none of `specs` took."""
        depth: str | None = self.options.depth
        if depth is None or any(spec.took_depth_flag for spec in specs):
            return
        if any(spec.kind not in PLAIN_KINDS for spec in specs):
            raise SpecError(
                f"--depth {depth} has no effect: every one of the search players here gives its own"
            )
        raise SpecError("--depth is for search players, and no player here is one")


class _BeyondPlay(_BeyondOptions):
    def __init__(
        self,
        options: argparse.Namespace,
        seats: dict[int, str],
        streams: Streams,
        catalog: Catalog,
        *,
        summary: str,
    ) -> None:
        super().__init__(options, catalog)
        self.seats = seats
        self.streams = streams
        self.summary = summary

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        if self.seats:
            raise UsageError(
                f"--player{min(self.seats)} is for games of n players; {kit.title}'s players "
                "are Maxie and Minnie: name them with --maxie and --minnie"
            )
        self.check_flags(kit.title)
        texts = (
            _spec_text(self.options.maxie, "--maxie", "expectiminimax"),
            _spec_text(self.options.minnie, "--minnie", "expectiminimax"),
        )
        maxie, minnie = (self.spec(text, "chance", kit.title, None) for text in texts)
        self.check_depth_used([maxie, minnie])
        self.say_the_rule()
        io = (self.streams.input, self.streams.output)
        status = play_chance(kit, (maxie, minnie), io, self.streams.seed)
        return status if self.options.exit_code else 0

    def nplayer(self, kit: NKit[S, M], /) -> int:
        names = kit.game.names
        n = len(names)
        for flag, given in (("--maxie", self.options.maxie), ("--minnie", self.options.minnie)):
            if given is not None:
                raise UsageError(
                    f"{kit.title} has no {flag[2:].capitalize()}: its players are "
                    f"{', '.join(names[:-1])} and {names[-1]}; name them with --player1 .. "
                    f"--player{n}"
                )
        for seat in sorted(self.seats):
            if not 1 <= seat <= n:
                raise UsageError(
                    f"--player{seat} names no player: {kit.title} has {n} players, "
                    f"--player1 to --player{n}"
                )
        self.check_flags(kit.title)
        specs = [
            self.spec(
                _spec_text(self.seats.get(i + 1), f"--player{i + 1}", "maxn"),
                "n-player",
                kit.title,
                n,
                kit.default_depth,
            )
            for i in range(n)
        ]
        self.check_depth_used(specs)
        self.say_the_rule()
        io = (self.streams.input, self.streams.output)
        status = play_n(kit, specs, io, self.streams.seed)
        return status if self.options.exit_code else 0

    def say_the_rule(self) -> None:
        name: str = self.options.game
        self.streams.output.write(f"Playing {name}: {_rule(self.summary)}.\n")


class _BeyondAnalyse(_BeyondOptions):
    def __init__(self, options: argparse.Namespace, out: TextIO, catalog: Catalog) -> None:
        super().__init__(options, catalog)
        self.out = out

    def _check_start_only(self, title: str) -> None:
        for flag, given in (
            ("--moves", self.options.moves),
            ("--positions", self.options.positions),
        ):
            if given is not None:
                raise SpecError(
                    f"{flag} is for two-player games; analyse {title} looks at its start"
                )
        check_batch_options(self.options, None)  # a batch flag alone is a mistake

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        self._check_start_only(kit.title)
        depth = DEFAULT_DEPTH if kit.depth_limit is None else kit.depth_limit  # a tree's
        spec = self.search_spec("analyse", "chance", kit.title, None, depth)
        player, side, move, value = analyse_chance(kit, spec)
        if self.options.json:
            found: dict[str, JsonValue] = {
                "moves": "",
                "player": player,
                "to_move": side,
                "best": move_json(move),
                "value": chance_number(value),
                "guess": float(value),
            }
            self.out.write(json_line(found))
            return 0
        self.out.write(f"{kit.game.state_to_string(kit.game.start)}\n")
        self.out.write(f"{player} chooses {move} for {side}; value: {value_text(value)}\n")
        return 0

    def nplayer(self, kit: NKit[S, M], /) -> int:
        self._check_start_only(kit.title)
        names = kit.game.names
        spec = self.search_spec("analyse", "n-player", kit.title, len(names), kit.default_depth)
        player, mover, move, value = analyse_n(kit, spec)
        if self.options.json:
            found: dict[str, JsonValue] = {
                "moves": "",
                "player": player,
                "to_move": mover,
                "best": move_json(move),
                "value": n_value_text(value),
            }
            if isinstance(value, tuple):
                found["vector"] = [float(u) if isinstance(u, Fraction) else u for u in value]
            else:
                found["guess"] = float(value) if isinstance(value, Fraction) else value
            self.out.write(json_line(found))
            return 0
        self.out.write(f"{kit.game.state_to_string(kit.game.start)}\n")
        meaning = ""
        if not isinstance(value, tuple):
            others = [name for name in names if name != mover]
            meaning = f" ({mover}'s utility if {' and '.join(others)} play against {mover})"
        self.out.write(
            f"{player} chooses {move} for {mover}; value: {n_value_text(value)}{meaning}\n"
        )
        return 0


class _BeyondTrace(_BeyondOptions):
    def __init__(self, options: argparse.Namespace, out: TextIO, catalog: Catalog) -> None:
        super().__init__(options, catalog)
        self.out = out

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        depth = DEFAULT_DEPTH if kit.depth_limit is None else kit.depth_limit
        spec = self.search_spec("trace", "chance", kit.title, None, depth)
        return self._show(trace_chance(kit, spec))

    def nplayer(self, kit: NKit[S, M], /) -> int:
        players = len(kit.game.names)
        spec = self.search_spec("trace", "n-player", kit.title, players, kit.default_depth)
        return self._show(trace_n(kit, spec))

    def _show(self, drawing: Drawing) -> int:
        out = self.out
        out.write(drawing.text + "\n")
        out.write(
            f"{drawing.positions} positions visited (root included); "
            f"{drawing.leaves} estimated or finished\n"
        )
        if _pictures_asked(self.options):
            _make_pictures(drawing.dot, self.options, out)
        return 0


def _pictures_asked(options: argparse.Namespace) -> list[str]:
    """The files `--dot`, `--svg` and `--png` name, in that order."""
    return [name for name in (options.dot, options.svg, options.png) if name is not None]


def _too_big(files: list[str], why: str) -> str:
    """The sentence refusing a picture too big to draw: how big, the cap, what to do."""
    made = f"{files[0]} was" if len(files) == 1 else f"{' and '.join(files)} were"
    return (
        f"{made} not made: {why}, more than the {PICTURE_POSITIONS:,} a picture may have "
        f"(Graphviz lays out {PICTURE_POSITIONS:,} in a few seconds, and takes minutes over a "
        "few times more); trace with a smaller --depth, or read the text trace"
    )


def _make_pictures(dot_text: str, options: argparse.Namespace, out: TextIO) -> None:
    """Write `--dot`, draw `--svg` and `--png`; PictureError for one that was not made."""
    positions, unsearched = picture_size(dot_text)
    if positions > PICTURE_POSITIONS:
        grey = f", {unsearched:,} of them never searched (drawn grey)" if unsearched else ""
        why = f"the picture would have {positions:,} positions{grey}"
        raise PictureError(_too_big(_pictures_asked(options), why))
    if options.dot is not None:
        write_file(Path(options.dot), dot_text.encode())
        out.write(f"wrote {options.dot}\n")
    for picture in (options.svg, options.png):
        if picture is not None:
            draw(dot_text, Path(picture))
            out.write(f"wrote {picture}\n")


def _check_pictures(options: argparse.Namespace) -> None:
    """UsageError for a picture file that could not be written, before any search.

    Rather than after printing the whole trace: the folder must exist, the
    name must not be a folder, and the file must open for writing (tried
    without changing it: an existing file is opened to append nothing, a new
    one is made and removed).
    """
    for picture, suffix in ((options.svg, ".svg"), (options.png, ".png")):
        if picture is not None and not picture.lower().endswith(suffix):
            raise UsageError(f"the file for --{suffix[1:]} must end in {suffix}, got '{picture}'")
    for output in _pictures_asked(options):
        path = Path(output)
        folder = path.resolve().parent
        if path.is_dir():
            raise UsageError(f"cannot write {output}: it is a folder")
        if not folder.exists():
            raise UsageError(f"cannot write {output}: its folder does not exist")
        if not folder.is_dir():
            raise UsageError(f"cannot write {output}: {folder} is not a folder")
        try:
            if path.exists():
                with path.open("ab"):
                    pass
            else:
                with path.open("xb"):
                    pass
                path.unlink()
        except OSError as error:
            raise UsageError(f"cannot write {output}: {error.strerror}") from None


def _beyond_trace_target(options: argparse.Namespace, games: GameCatalog) -> BeyondKit | None:
    """The game of chance or of n players `trace` is asked about, if it is one."""
    if options.game is not None:
        entry = games.beyond(options.game)
        if entry is None:
            return None
        if options.tree_text is not None:
            raise UsageError(f"give a tree or --game, not both (got '{shown(options.tree_text)}')")
        return entry.build(options)
    if options.tree_text is None:
        return None
    return beyond_tree(options.tree_text)


def _beyond_tree_analysed(name: str, extra: list[str], games: GameCatalog) -> BeyondKit | None:
    """The chance or n-player tree `analyse tree --tree TREE` names (dice, or one written
    with `?` or `(...)`), if it is one."""
    entry = games.two_player(name)
    if entry is None or entry is not GAME_CATALOG.get("tree"):
        return None
    parser = _Parser(prog="gamelib tree", add_help=False)
    entry.add_options(parser)
    tree_options, rest = parser.parse_known_args(extra)
    tree = beyond_tree(str(tree_options.tree))
    if tree is not None:
        _reject_extra(rest)
    return tree


def _trace_target(options: argparse.Namespace, extra: list[str], games: GameCatalog) -> KitUser:
    _reject_extra(extra)
    if options.game is not None:
        if options.tree_text is not None:
            raise UsageError(f"give a tree or --game, not both (got '{shown(options.tree_text)}')")
        entry = games.two_player(options.game)
        if entry is None:
            raise UsageError(_unknown_game(games, options.game))
        # The game's own options were parsed along with the trace options.
        return entry.build(options)
    if options.tree_text is None:
        raise UsageError(f"name a tree ({', '.join(_tree_names())}), write one, or give --game")
    text: str = options.tree_text
    if (
        "[" not in text
        and text.strip().isidentifier()
        and text.strip().lower() not in HANDOUT_TREES
    ):
        raise UsageError(
            f"unknown tree '{shown(text)}'; named trees: {', '.join(_tree_names())}, or write one "
            "out"
        )
    return _build_game(GAME_CATALOG, "tree", ["--tree", text], playing=False)


def _game_named_in(argv: list[str]) -> str | None:
    """The value of `--game` in `argv`, if any (so its options can be parsed)."""
    for i, arg in enumerate(argv):
        if arg == "--game" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--game="):
            return arg.split("=", 1)[1]
    return None


def _list(out: TextIO, catalog: Catalog, games: GameCatalog) -> int:
    out.write("Games (gamelib play GAME ...):\n")
    for game in games:
        out.write(f"  {game.name:<10} {game.summary}\n")
    out.write("Player kinds (--maxie, --minnie, --player):\n")
    for player in PLAYER_KINDS.values():
        out.write(f"  {player.name:<10} {player.summary}\n")
    for kind in catalog:
        out.write(f"  {kind.name:<10} {kind.summary}, {kind.usage()}\n")
    out.write("Player kinds for games of chance (pig; human and random too):\n")
    for chance in CHANCE_KINDS:
        out.write(f"  {chance.name:<14} {chance.summary}, {chance.usage()}\n")
    out.write(
        "Player kinds for games of n players (takeaway; --player1 .. --playerN; "
        "human and random too):\n"
    )
    for many in NPLAYER_KINDS:
        out.write(f"  {many.name:<14} {many.summary}, {many.usage()}\n")
    out.write("Named trees (gamelib trace NAME):\n")
    for tree in HANDOUT_TREES:
        out.write(f"  {tree:<14} {TREE_TITLES[tree]}\n")
    for tree, (_, about) in BEYOND_TREES.items():
        out.write(f"  {tree:<14} {about}\n")
    out.write("Presets (gamelib run NAME):\n")
    for name in sorted(PRESETS):
        out.write(f"  {name:<10} {PRESETS[name].summary}\n")
    return 0


_OWN_FLAGS = frozenset(
    {"depth", "seed", "game", "player", "maxie", "minnie", "dot", "svg", "png", "help", "h"}
)
"""The command line's own flags, which no search option may take."""


def _check_catalog(catalog: Catalog, games: GameCatalog) -> None:
    """UsageError for a catalog whose names the command line could not tell apart."""
    for kind in catalog:
        if kind.name in PLAYER_KINDS:
            raise UsageError(
                f"the search kind '{kind.name}' has the name of a player that does not search"
            )
    for option in catalog.options():
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


@functools.cache
def _game_flags(game: AnyEntry) -> frozenset[str]:
    """The names of the options of `game` (`pile` for nim).

    Cached by entry: an entry never changes, and building the parsers was most of
    the time a short `gamelib solve` took."""
    parser = _Parser(add_help=False)
    game.add_options(parser)
    return frozenset(vars(parser.parse_args([])))


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


_FILE_OPTIONS = {
    "dot": "--dot needs a file name",
    "svg": "--svg needs a file name",
    "png": "--png needs a file name",
    "save": "--save needs a file name",
    "positions": "--positions needs a file name ('-': standard input)",
    "file": "replay needs the file of a saved game ('-': standard input)",
}
"""The options that name a file, and the sentence for an empty name."""


def _check_file_names(options: argparse.Namespace) -> None:
    """UsageError for an option that names a file with an empty name (`--dot ""`), which
    would otherwise be read as the current folder."""
    for name, sentence in _FILE_OPTIONS.items():
        if getattr(options, name, None) == "":
            raise UsageError(sentence)


def _unknown_game(games: GameCatalog, name: str, playing: bool = False) -> str:
    """The sentence for a game `name` that is not one of `games` (that can be played,
    for `play`)."""
    known = games.playable() if playing else games.names()
    return f"unknown game '{shown(name)}'; known games: {', '.join(known)}"


def _check_own_game(options: argparse.Namespace, games: GameCatalog, name: str) -> None:
    """UsageError for a batch on workers of a game from outside gamelib: a worker builds
    the game from its name, in gamelib's own catalog."""
    on_workers = options.workers is not None or options.scheduler is not None
    entry = games.get(name)
    if on_workers and entry is not None and entry is not GAME_CATALOG.get(name):
        raise UsageError(
            f"'{name}' is not one of gamelib's own games, and workers build the game from "
            "gamelib's catalog: run this batch without --workers or --scheduler"
        )


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


def _reject_seats(extra: list[str]) -> None:
    """UsageError for `--playerN` given for a game of two players."""
    seats, _ = split_seat_flags(extra)
    if seats:
        raise UsageError(
            f"--player{min(seats)} names a player of a game of n players; a two-player game's "
            "players are --maxie and --minnie"
        )


def _reject_extra(extra: list[str]) -> None:
    if extra:
        raise UsageError(f"unrecognized arguments: {shown(' '.join(extra))}")


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
