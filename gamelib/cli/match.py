"""`gamelib match A B --game G`: is A stronger than B, and by how much?

Games in pairs from one opening, colours swapped (n players: in rotations, round the
table in an order drawn for each; [`gamelib.match.play`][gamelib.match.play]);
the score, the Elo difference with its error bar, the likelihood of superiority and the
draw ratio as engine testers print them, and with `--sprt` a test that stops the match
as soon as its answer is clear ([`gamelib.match.stats`][gamelib.match.stats]).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias, TypeVar, cast

from gamelib.catalog import Catalogs
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Defaults,
    _game_words,
    _Parser,
    _search_options,
    _seed,
    build_kit,
    can_fill,
    in_the_way,
    take_game_options,
)
from gamelib.cli._workers import SentGame, SentSeat, flags, sent_game, sent_kinds
from gamelib.cli.batch import add_worker_options, json_line, position_lines, workers_from
from gamelib.cli.book_players import book_game, book_player
from gamelib.cli.games import GameCatalog, GameKit, game_choices
from gamelib.cli.kits import Kit
from gamelib.cli.match_report import game_json, save_game, summary_json, summary_text
from gamelib.cli.positions import BadPositionError, line_after, redraws, split_moves
from gamelib.cli.specs import PlayerSpec, SpecError, read_number, shown
from gamelib.core.checks import echo, plural
from gamelib.core.controller import Seat, Turns
from gamelib.core.model import Model
from gamelib.match.play import Games, MatchError, play_match, random_openings
from gamelib.match.standing import Match
from gamelib.match.stats import Sprt
from gamelib.parallel.batch import Workers
from gamelib.parallel.book import BookError, kept_book

__all__ = ["DEFAULT_GAMES", "DEFAULT_PLIES", "MATCH", "ROTATIONS", "SPRT_GAMES", "parse_sprt"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")

Booked: TypeAlias = Callable[[Seat[S, M]], Seat[S, M]]
"""Wraps a match's player so that it takes its moves before `--book`'s plies from the book."""

DEFAULT_GAMES = 20
"""Games a match plays when `--games` is not given: 10 pairs."""

SPRT_GAMES = 2000
"""The most games a match with `--sprt` plays when `--games` is not given (1,000 pairs):
the test stops it as soon as it decides, which for players some way apart takes tens of
games, and for an Elo window of 50 around even players a few hundred."""

ROTATIONS = 4
"""Rotations a match of n players plays when `--games` is not given."""

DEFAULT_PLIES = 2
"""Random moves each opening of a two-player game has when neither `--openings` nor
`--plies` is given: players that search play the same game from the same position every
time, so without openings of their own the pairs would repeat one another."""


def parse_sprt(words: list[str]) -> Sprt:
    """`--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05` as an `Sprt`; SpecError naming what is
    wrong (alpha and beta may be left out: 0.05 each)."""
    given: dict[str, float] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or name not in ("elo0", "elo1", "alpha", "beta"):
            raise SpecError(f"--sprt takes elo0=, elo1=, alpha= and beta=, got '{shown(word)}'")
        if name in given:
            raise SpecError(f"--sprt gives {name} twice")
        try:
            number = float(value)
        except ValueError:
            raise SpecError(f"--sprt {name} must be a number, got '{shown(value)}'") from None
        if not math.isfinite(number):
            raise SpecError(f"--sprt {name} must be a finite number, got '{shown(value)}'")
        given[name] = number
    for needed in ("elo0", "elo1"):
        if needed not in given:
            raise SpecError(f"--sprt needs {needed}=ELO (for example elo0=0 elo1=10)")
    try:
        return Sprt(given["elo0"], given["elo1"], given.get("alpha", 0.05), given.get("beta", 0.05))
    except ValueError as error:
        raise SpecError(f"--sprt: {error}") from None


@dataclass(frozen=True)
class _Request:
    """A checked `match` command line, before the players are read."""

    players: tuple[str, ...]
    game: str
    game_args: tuple[str, ...]
    games: int | None
    """`--games` (None: the default, `DEFAULT_GAMES`, or 4 rotations for n players)."""
    openings: str | None
    plies: int | None
    seed: int
    sprt: Sprt | None
    json: bool
    save_dir: Path | None
    workers: Workers | None
    book: str | None = None
    """`--book`: an opening book's file, which both players take their first moves from."""

    def rotations(self, title: str, n: int) -> int:
        """How many rotations a game of `n` seats plays (for two, pairs); UsageError unless
        the match names one player a seat and its games fill whole rotations."""
        if len(self.players) != n:
            raise UsageError(
                f"{title} is a game of two players: a match names two, A and B, got "
                f"{len(self.players)}"
                if n == 2
                else f"{title} has {n} seats: a match of it names {n} players, one a seat, "
                f"got {len(self.players)}"
            )
        default = (
            (SPRT_GAMES if self.sprt is not None else DEFAULT_GAMES) if n == 2 else ROTATIONS * n
        )
        games = default if self.games is None else self.games
        if games % n:
            raise UsageError(
                f"--games must be an even number, 2 or more: games are played in pairs from "
                f"each opening, colours swapped; got {games}"
                if n == 2
                else f"--games must be a multiple of {n}: the {n} players rotate through the "
                f"seats, each in each seat once a rotation; got {games}"
            )
        if self.sprt is not None and n != 2:
            raise UsageError(
                f"--sprt is for two-player zero-sum games: it weighs two players against "
                f"each other, and {title} has {n} seats"
            )
        return games // n


def _check(options: argparse.Namespace, extra: list[str]) -> _Request:
    games = None
    if options.games is not None:
        games = read_number(str(options.games), "--games")
        if games < 1:
            raise SpecError(f"--games must be 1 or more, got {games}")
    plies = None
    if options.plies is not None:
        plies = read_number(str(options.plies), "--plies")
        if plies < 0:
            raise SpecError(f"--plies must be 0 or more, got {plies}")
    if options.openings is not None and plies is not None:
        raise SpecError("give --openings or --plies, not both")
    seed = _seed(options.seed)
    sprt = None if options.sprt is None else parse_sprt(list(options.sprt))
    save_dir = None
    if options.save_dir is not None:
        save_dir = Path(options.save_dir)
        if save_dir.exists() and not save_dir.is_dir():
            raise SpecError(f"--save-dir: '{echo(str(save_dir), 200)}' is a file, not a folder")
        if not save_dir.exists() and not save_dir.resolve().parent.is_dir():
            why = in_the_way(save_dir.parent) or "its folder does not exist"
            raise SpecError(f"--save-dir: cannot make '{echo(str(save_dir), 200)}': {why}")
        try:  # made now, so that a folder that cannot be is said before any game is played
            save_dir.mkdir(exist_ok=True)
        except OSError as error:
            raise SpecError(
                f"--save-dir: cannot make '{echo(str(save_dir), 200)}': {error.strerror}"
            ) from None
        try:  # and a file made in it, so that a folder no game can be kept in is said too
            can_fill(save_dir)
        except OSError as error:
            raise SpecError(
                f"--save-dir: cannot save games in '{echo(str(save_dir), 200)}': {error.strerror}"
            ) from None
    workers = workers_from(options.workers, options.scheduler)
    return _Request(
        tuple(str(p) for p in options.players),
        str(options.game),
        tuple(extra),
        games,
        None if options.openings is None else str(options.openings),
        plies,
        random.SystemRandom().randrange(1, 10**6) if seed is None else seed,
        sprt,
        bool(options.json),
        save_dir,
        workers,
        None if options.book is None else str(options.book),
    )


Maker = Callable[[G, int | None], Seat[S, M]]
"""What makes a player for each game, from the game and a seed."""


class _MatchJob:
    """`gamelib match` on one game kit: each family reads its players' specs, and one path
    plays and reports the match on the model."""

    def __init__(self, request: _Request, options: argparse.Namespace, context: Context) -> None:
        self.request = request
        self.options = options
        self.context = context
        self.catalogs: Catalogs = context.catalogs

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        if self.request.book is None:
            return self.beyond(kit)
        game = book_game(kit.game, self.request.game)
        book = kept_book(self.request.book, game, self.request.game)  # here, and once a worker
        return self.beyond(kit, lambda player: book_player(player, game, book))

    def beyond(self, kit: Kit[S, M, R], /, booked: Booked[S, M] | None = None) -> int:
        """The match on `kit`, its players read from their specs (and taking their moves
        before the book's plies from it, `booked`, when `--book` gave one)."""
        if self.request.book is not None and booked is None:
            raise BookError(f"--book is for Connect Four, not {self.request.game}")
        read = _Defaults(self.options, self.catalogs, kit)
        specs = [read.spec(text) for text in self.request.players]
        read.check_used(specs)

        def seat(spec: PlayerSpec, role: str) -> Maker[Kit[S, M, R], S, M]:
            def made(_: Kit[S, M, R], seed: int | None) -> Seat[S, M]:
                player = kit.seat(spec, role, (io.StringIO(), io.StringIO()), seed)
                return player if booked is None else booked(player)

            return made

        makers = [seat(spec, role) for spec, role in zip(specs, _roles(len(specs)), strict=True)]
        for make in makers:  # a player that cannot be made is said before the first game
            make(kit, None)
        title = kit.title or self.request.game
        return self._play(kit, specs, makers, title, kit.digit_moves, kit.family == "chance")

    def _play(
        self,
        kit: Kit[S, M, R],
        specs: Sequence[PlayerSpec],
        makers: list[Maker[Kit[S, M, R], S, M]],
        title: str,
        digits: bool,
        dice: bool,
    ) -> int:
        """Play the match of `kit`'s game between the players `makers` make (here) or
        `specs` name (on workers), and report it."""
        request, out, err = self.request, self.context.stdout, self.context.stderr
        model = kit.model
        n = len(model.seats)
        rotations = request.rotations(title, n)
        for spec in specs:
            _no_human(spec.kind, spec.text)
        openings = self._openings(model, digits, rotations, dice)
        make_kit: Callable[[], Kit[S, M, R]] = lambda: kit  # noqa: E731
        if request.workers is not None:
            sent, sent_seat = self._sent(request.workers, specs)
            # A worker builds the same kit from the game's name and options: its types are kit's.
            make_kit = cast(Callable[[], Kit[S, M, R]], sent.kit)
            makers = [
                cast(Maker[Kit[S, M, R], S, M], sent_seat(text, role))
                for text, role in zip(request.players, _roles(n), strict=True)
            ]
        names = _names(request.players)
        if not request.json:
            out.write(self._heading(model, names, rotations, openings, dice) + "\n")
            out.flush()
        progress = redraws(err)

        def heard(match: Match[M]) -> None:
            last = match.games[-1]
            if request.save_dir is not None:
                save_game(request.save_dir, request.game, request.game_args, model, last, names)
            if request.json:
                out.write(json_line(game_json(model, last, names)))
                out.flush()
            if progress:
                err.write(f"\r{_progress(match)}\x1b[K")
                err.flush()

        match = play_match(
            Games(make_kit, _model, tuple(makers)),
            openings,
            rotations,
            names=names,
            seed=request.seed,
            sprt=request.sprt,
            workers=request.workers,
            heard=heard,
        )
        if progress:
            err.write("\r\x1b[K")
        if request.json:
            out.write(json_line({"summary": summary_json(match, request.seed)}))
        else:
            out.write(summary_text(match))
        if request.save_dir is not None and match.games and not request.json:
            out.write(f"The games are saved in {echo(str(request.save_dir), 200)}\n")
        if match.interrupted:
            err.write(f"gamelib: match interrupted after {plural(len(match.games), 'game')}\n")
            return 1
        return 0

    def _heading(
        self,
        model: Model[S, M, R],
        names: tuple[str, ...],
        rotations: int,
        openings: list[tuple[M, ...]],
        dice: bool,
    ) -> str:
        """The match's first line: who plays, how many games, from where."""
        request = self.request
        n = len(names)
        where = (
            "played in this process"
            if request.workers is None
            else f"played on {request.workers.name}"
        )
        used = min(rotations, len(openings))  # in turn: a short match leaves some out
        start = (
            f"from {plural(used, 'opening')} of the file"
            + ("" if used == len(openings) else f" ({_first(used)} of {len(openings):,})")
            if request.openings is not None
            else f"from {plural(len(openings), 'random opening')} of "
            f"{plural(len(openings[0]), 'move')}"
            if openings[0]
            else f"from the start, the same dice for every game of a {_group(n)}"
            if dice
            else "from the start"
        )
        if dice and openings[0]:
            start += f", the same dice for every game of a {_group(n)}"
        if request.book is not None:
            start += f", both players with the book {echo(Path(request.book).name, 80)}"
        if n == 2:
            a, b = request.players  # "(A)" and "(B)" tell them apart, the same or not
            pairs = (
                f"{plural(rotations, 'pair')} of games {start}"
                if request.sprt is None
                else f"pairs of games until the SPRT decides, at most {rotations:,} (--games "
                f"sets the cap), {start}"
            )
            return (
                f"Match of {request.game}: {a} (A) against {b} (B), {pairs}, "
                f"seed {request.seed}, {where}"
            )
        shown_players = ", ".join(f"{name} ({model.seats[i]})" for i, name in enumerate(names))
        return (
            f"Match of {request.game}: {shown_players}; {plural(rotations, 'rotation')} of "
            f"{n} games, each player in each seat once a rotation, {start}, seed "
            f"{request.seed}, {where}"
        )

    def _sent(
        self, workers: Workers, specs: Sequence[PlayerSpec]
    ) -> tuple[SentGame, Callable[[str, str], SentSeat]]:
        """How workers find the game and read the players `specs`, from this command's
        catalogs (UsageError in one sentence for what cannot be sent to them)."""
        request = self.request
        game = sent_game(self.context, request.game, request.game_args, workers)
        kinds = sent_kinds(self.catalogs, {spec.kind for spec in specs}, workers)
        given = flags(self.options, self.catalogs)
        book = None  # the path travels, and each worker reads the file once
        if request.book is not None:
            book = (str(Path(request.book).resolve()), request.game)
        return game, lambda text, role: SentSeat(game, kinds, text, given, role, book)

    def _openings(
        self, model: Model[S, M, R], digits: bool, count: int, dice: bool
    ) -> list[tuple[M, ...]]:
        """The openings: the file's lines, or random ones (`--plies`, default 2; none by
        default in a game of chance, whose rotations share their dice instead)."""
        request = self.request
        if request.openings is None:
            default = 0 if dice else DEFAULT_PLIES
            plies = default if request.plies is None else request.plies
            if plies == 0:
                return [()]
            try:
                return random_openings(model, plies, count, request.seed)
            except MatchError as error:
                raise SpecError(f"--plies {plies}: {error}") from None
        found: list[tuple[M, ...]] = []
        lines = position_lines(request.openings, self.context.stdin, "--openings", "openings")
        for number, text in lines:
            try:
                _, moves = line_after(model, split_moves(text, digits), "play")
            except BadPositionError as bad:
                raise SpecError(f"--openings: line {number}: {bad}") from None
            found.append(moves)
        return found


def _model(kit: Kit[S, M, R]) -> Turns[S, M, R]:
    """What a match plays on: its kit's model."""
    return kit.model


def _roles(n: int) -> tuple[str, ...]:
    """What a worker's players are seeded as: "a" and "b" for two, "player1".. for more."""
    return ("a", "b") if n == 2 else tuple(f"player{k + 1}" for k in range(n))


def _first(used: int) -> str:
    return "the first" if used == 1 else f"the first {used:,}"


def _group(n: int) -> str:
    return "pair" if n == 2 else "rotation"


def _progress(match: Match[M]) -> str:
    """The progress line: the score so far (two players), or who leads."""
    if len(match.names) == 2:
        return match.score_line()
    leader = match.table()[0]
    return (
        f"game {len(match.games)} of {match.planned}: {leader.name} leads with "
        f"{leader.points:g} points"
    )


def _no_human(kind: str, text: str) -> None:
    if kind == "human":
        raise UsageError(
            f"'{shown(text)}' is a person at the prompt: a match is played between programs "
            "(gamelib play puts a person against one)"
        )


def _names(players: tuple[str, ...]) -> tuple[str, ...]:
    """The players as the match names them: their specs, told apart where two are the
    same ("(A)" and "(B)" in a match of two, numbered in a match of more)."""
    if len(set(players)) == len(players):
        return players
    if len(players) == 2:
        return (f"{players[0]} (A)", f"{players[1]} (B)")
    return tuple(f"{p} ({k + 1})" for k, p in enumerate(players))


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    match = commands.add_parser(
        "match",
        help="play players against each other: who is stronger, and by how much",
        description="Play a match between two players: games in pairs from the same "
        "opening, colours swapped.  Prints the score (wins - losses - draws of A), the Elo "
        "difference with its 95% error bar, the likelihood that A is the stronger (LOS) and "
        "the draw ratio; --sprt stops as soon as a test's answer is clear.  A game of n "
        "players plays rotations of n games, each player in each seat once, round the table "
        "in an order drawn from --seed for the rotation (every order once in each (n-1)! "
        "rotations), and ranks the players.  Options after the game's name include the "
        "game's own, such as --cols 5.",
    )
    match.add_argument(
        "players",
        metavar="PLAYER",
        nargs="+",
        help="the game, then the players' specs: A and B (nim alphabeta:4 mcts:500), or one "
        "a seat for a game of n players",
    )
    match.add_argument(
        "--game",
        help="the game, if not given first: " + game_choices(parsing.games.playable()),
    )
    match.add_argument(
        "--games",
        help=f"games to play, an even number (default {DEFAULT_GAMES}); with --sprt the most "
        f"to play, the test stopping the match as soon as it decides (default {SPRT_GAMES:,})",
    )
    match.add_argument(
        "--openings",
        metavar="FILE",
        help="start each pair from a line of FILE ('-': standard input), moves from the start "
        "as --positions writes them; the lines are used in turn (in a game of chance the "
        "players' moves up to chance's first roll, without the rolls --positions may hold: "
        "the match rolls the dice)",
    )
    match.add_argument(
        "--plies",
        help=f"start each pair from this many random moves, seeded (default {DEFAULT_PLIES} "
        "for games without dice; 0: every game from the start)",
    )
    match.add_argument(
        "--seed",
        help="seed of the openings, the order of n players round the table, the players' "
        "randomness and the dice (default: "
        "one drawn at random, and printed)",
    )
    match.add_argument(
        "--sprt",
        nargs="+",
        metavar="NAME=VALUE",
        help="play until a sequential probability ratio test decides (at most --games "
        f"games, {SPRT_GAMES:,} by default): elo0=.. elo1=.. [alpha=0.05 beta=0.05]",
    )
    match.add_argument(
        "--json",
        action="store_true",
        help="one JSON object a game as it ends, then one with the summary",
    )
    match.add_argument(
        "--save-dir",
        metavar="DIR",
        help="keep every game in DIR (made if need be), one file each, for gamelib replay",
    )
    match.add_argument(
        "--book",
        metavar="FILE",
        help="Connect Four: both players take their moves before an opening book's plies "
        "from the book in FILE (made by gamelib book build); openings are played first",
    )
    add_worker_options(match, "play N games at once on local processes")
    _search_options(match, parsing)
    if parsing.traced_game is not None:  # --game NAME: the game's options, wherever they are
        take_game_options(match, parsing.games, parsing.traced_game)
    return match


def _game_first(options: argparse.Namespace, extra: list[str], games: GameCatalog) -> list[str]:
    """`gamelib match GAME A B`, as play, analyse, solve and trace take the game: the first
    word is the game when `--game` is not given and it names one.  The game's own options
    may come anywhere after its name, before the players or after them: they are returned,
    and the players are set in `options`."""
    players: list[str] = list(options.players)
    first = options.game is None
    if first:
        entry = games.get(players[0])
        if entry is None:
            raise _needs_a_game(games)
        options.game, players = entry.name, players[1:]
    game_args, more = _game_words(games, str(options.game), extra)
    options.players = [*players, *more]
    kept: list[str] = getattr(options, "game_words", None) or []  # read with `--game`
    return [*kept, *game_args]


def _needs_a_game(games: GameCatalog) -> UsageError:
    return UsageError(
        "match needs a game: gamelib match GAME A B (or --game GAME); the games: "
        f"{', '.join(games.playable())}"
    )


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    made = None if options.save_dir is None else Path(options.save_dir)
    if made is not None and (made.exists() or made.is_symlink()):
        made = None  # a folder the user had: never removed
    try:
        request = _check(options, _game_first(options, extra, context.games))
        kit = build_kit(context.games, request.game, list(request.game_args), playing=True)
        try:
            return kit.run(_MatchJob(request, options, context))
        finally:
            workers = request.workers
            if workers is not None and workers.close is not None:
                workers.close()
    except BaseException:  # refused, stopped by the game, interrupted
        if made is not None:  # the --save-dir folder made for this match: not left behind
            with contextlib.suppress(OSError):
                made.rmdir()  # only if it is empty: no game was saved in it
        raise


MATCH = Command("match", _add, _run)
"""`gamelib match G A B` (or `gamelib match A B --game G`)."""
