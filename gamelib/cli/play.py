"""`gamelib play`: one game on the terminal, of two players, with dice or of n players."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from gamelib.catalog import Catalogs
from gamelib.cli._common import (
    EXIT_STATUSES,
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Defaults,
    _Parser,
    _rule,
    _search_options,
    _seed,
    _shown,
    _spec_text,
    _writable,
    build_kit,
)
from gamelib.cli.batch import json_line
from gamelib.cli.beyond import FamilyKit, dice
from gamelib.cli.colour import Coloured, takes_colour
from gamelib.cli.family_specs import split_seat_flags
from gamelib.cli.games import (
    GameKit,
    game_choices,
)
from gamelib.cli.kits import Kit, Seating
from gamelib.cli.players import Streams, advise, advise_seats, build_player
from gamelib.cli.positions import redraws
from gamelib.cli.saved import game_document
from gamelib.cli.specs import (
    PlayerSpec,
)
from gamelib.cli.split_solve import with_book
from gamelib.cli.thinking import Pondering
from gamelib.core.checks import echo
from gamelib.core.controller import Chooses, Seat, Turns, TwoPlayers, play_out
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.search.counting import RecordingEstimator
from gamelib.trace import (
    write_file,
)

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")


class _Play:
    """`play` on a game of any family."""

    def __init__(
        self,
        options: argparse.Namespace,
        streams: Streams,
        catalogs: Catalogs,
        extra: Sequence[str],
        seats: dict[int, str],
        json_out: TextIO | None,
        *,
        summary: str,
    ) -> None:
        self.options = options
        self.streams = streams
        self.catalogs = catalogs
        self.catalog = catalogs.two_player
        self.name: str = options.game
        self.summary = summary
        self.extra = tuple(extra)
        self.seats = seats
        self.json_out = json_out
        self.exit_code: bool = options.exit_code
        self.save: Path | None = None

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        specs, _ = self._read(kit)
        out, book = self.streams.output, self.options.book
        players = [with_book(self._player(kit, spec), kit.game, book, self.name) for spec in specs]
        advise(kit, players[0], players[1], self.catalog)
        shown: Game[S, M] = Coloured(kit.game) if takes_colour(out) else kit.game
        return self.played(TwoPlayers(shown), players, kit)

    def beyond(self, kit: FamilyKit[S, M, R], /) -> int:
        if self.options.book is not None:
            raise UsageError(f"--book is for Connect Four, not {self.name}")
        specs, seatings = self._read(kit)
        streams = self.streams
        io, seed = (streams.input, streams.output), streams.seed
        players = [kit.seat(p, s.role, io, seed) for p, s in zip(specs, seatings, strict=True)]
        advise_seats(kit, players, specs, _Defaults(self.options, self.catalogs, kit).spec)
        return self.played(kit.model, players, kit)

    def _read(self, kit: Kit[S, M, R]) -> tuple[list[PlayerSpec], list[Seating]]:
        """The specs of `kit`'s seats' players, from their flags (and `--save` checked)."""
        options = self.options
        seatings = kit.seatings(options.maxie, options.minnie, self.seats)
        read = _Defaults(options, self.catalogs, kit)
        specs = [read.spec(_spec_text(s.given, s.flag, s.default)) for s in seatings]
        read.check_used(specs)
        self.save = None if options.save is None else _writable(options.save)
        return specs, seatings

    def played(
        self, model: Turns[S, M, R], players: Sequence[Seat[S, M]], kit: Kit[S, M, R]
    ) -> int:
        """The game played out on `model` by `players` (seat 0 first, named first), with
        dice for a game of chance; kept in the file of `--save` and written as JSON with
        `--json`, finished or not.  The exit status: 0, or with `--exit-code` what `kit`
        says of the outcome."""
        self.streams.output.write(f"Playing {self.name}: {_rule(self.summary)}.\n")
        rolls = dice(self.streams.seed) if kit.family == "chance" else None
        named = zip(model.seats, players, strict=True)
        self.streams.output.write("  ".join(f"{n}: {p}." for n, p in named) + "\n\n")
        made: list[M] = []
        rolled: list[int] = []
        names = [str(p) for p in players]

        def document(outcome: R | None) -> dict[str, JSON]:
            return game_document(self.name, self.extra, model, names, made, rolled, outcome)

        out = self.streams.output
        try:
            record = play_out(model, players, out=out, made=made, rolled=rolled, rng=rolls)
        except BaseException:  # quit, end of input, Ctrl-C, SIGTERM, a faulty player
            # Keep what was played: the moves so far, marked unfinished, for replay.
            if self.json_out is not None:
                self.json_out.write(json_line(document(None)))
            self._keep(document(None), out, "The unfinished game")
            raise
        if self.json_out is not None:
            self.json_out.write(json_line(document(record.outcome)))
        self._keep(document(record.outcome), out)
        return kit.status(record.outcome) if self.exit_code else 0

    def _keep(self, document: dict[str, JSON], out: TextIO, what: str = "The game") -> None:
        """Save `document` in the file of `--save`, if one was given."""
        if self.save is None:
            return
        # An OSError names the file (a full disk: /dev/full).
        write_file(self.save, (json.dumps(document, indent=1) + "\n").encode())
        saved = echo(str(self.save), 200)
        out.write(f"{what} is saved in {saved}: gamelib replay {saved}\n")

    def _player(self, kit: GameKit[S, M, G], spec: PlayerSpec) -> Chooses[S, M]:
        """The player `spec` names; on a terminal a search player says it is thinking."""
        status = self.streams.status
        if status is None or spec.kind not in self.catalog or self.catalog[spec.kind].anytime:
            player = build_player(kit, spec, self.streams)
            return _shown(player, kit.game, self.streams)
        counted = RecordingEstimator(kit.estimator, keep=False)
        player = build_player(dataclasses.replace(kit, estimator=counted), spec, self.streams)
        return Pondering(player, counted, status)


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    play = commands.add_parser(
        "play",
        help="play one game on the terminal",
        description="Play one game.  A game of n players names its players with --player1 "
        "SPEC .. --playerN SPEC (default: maxn for each); two-player games and games of "
        "chance with --maxie and --minnie.  Options after the game's name include the "
        "game's own (play connect4 --help lists --cols and --rows, play nim --help --pile).",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", metavar="GAME", help=game_choices(parsing.games.playable()))
    play.add_argument(
        "--maxie",
        help="Maxie's player (default: human; for a game of chance, expectiminimax)",
    )
    play.add_argument(
        "--minnie",
        help="Minnie's player (default: alphabeta; for a game of chance, expectiminimax)",
    )
    _search_options(play, parsing)
    play.add_argument("--seed", help="seed for random players and the dice")
    play.add_argument(
        "--book",
        metavar="FILE",
        help="both players take their moves before the book's plies from an opening book "
        "(made by gamelib book build)",
    )
    play.add_argument(
        "--json",
        action="store_true",
        help="show the game on standard error and write it as one JSON object on standard "
        "output at the end: game, options, players, moves, rolls (of the dice, each counted "
        "from 0 among what could happen), outcome, "
        "results (one a seat), winner, finished",
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
    return play


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    games = context.games
    seats, extra = split_seat_flags(extra)  # --player1 .. --playerN: a game of n players'
    kit = build_kit(games, options.game, extra, playing=True)
    stderr, stdout = context.stderr, context.stdout
    status = stderr if redraws(stderr) else None
    # With --json the game is shown on standard error, the JSON alone on standard output.
    shown_on = stderr if options.json else stdout
    streams = Streams(context.stdin, shown_on, _seed(options.seed), status)
    play = _Play(
        options,
        streams,
        context.catalogs,
        extra,
        seats,
        stdout if options.json else None,
        summary=games[options.game].summary,
    )
    return kit.run(play)


PLAY = Command("play", _add, _run, game_help="playable")
"""`gamelib play GAME`."""
