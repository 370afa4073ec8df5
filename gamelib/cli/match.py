"""`gamelib match A B --game G`: is A stronger than B, and by how much?

Games in pairs from one opening, colours swapped ([`gamelib.match.play`][gamelib.match.play]);
the score, the Elo difference with its error bar, the likelihood of superiority and the
draw ratio as engine testers print them, and with `--sprt` a test that stops the match
as soon as its answer is clear ([`gamelib.match.stats`][gamelib.match.stats]).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

from gamelib.catalog import Catalogs
from gamelib.chance.game import ChanceGame
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _BeyondOptions,
    _Defaults,
    _Parser,
    _search_options,
    _seed,
    build_kit,
)
from gamelib.cli._workers import SentGame, SentRules, SentSeat, flags, sent_game, sent_kinds
from gamelib.cli.batch import json_line, position_lines, workers_from
from gamelib.cli.beyond import ChanceKit, NKit, chance_player, n_player
from gamelib.cli.family_specs import BeyondSpec
from gamelib.cli.games import GameKit
from gamelib.cli.players import Streams, build_player
from gamelib.cli.positions import BadPositionError, position_after, redraws, split_moves
from gamelib.cli.specs import PlayerSpec, SpecError, read_number, shown
from gamelib.core.checks import echo, plural
from gamelib.core.controller import Seat, TwoPlayers
from gamelib.core.datatypes import Outcome
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.core.model import Model
from gamelib.match.play import (
    ChanceGames,
    Games,
    MatchError,
    NPlayerGames,
    TwoPlayerGames,
    play_match,
    random_openings,
)
from gamelib.match.standing import Match, Played, Standing
from gamelib.match.stats import Sprt
from gamelib.nplayer.game import NPlayerGame, NPlayerTurns, Vector
from gamelib.parallel.batch import Workers
from gamelib.trace import write_file

__all__ = ["DEFAULT_GAMES", "DEFAULT_PLIES", "MATCH", "ROTATIONS", "parse_sprt"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")

DEFAULT_GAMES = 20
"""Games a match plays when `--games` is not given: 10 pairs."""

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

    @property
    def a(self) -> str:
        return self.players[0]

    @property
    def b(self) -> str:
        return self.players[1]

    @property
    def pairs(self) -> int:
        return (DEFAULT_GAMES if self.games is None else self.games) // 2

    def two(self, title: str) -> None:
        """UsageError unless this is a match of two players in pairs of games."""
        if len(self.players) != 2:
            raise UsageError(
                f"{title} is a game of two players: a match names two, A and B, got "
                f"{len(self.players)}"
            )
        if self.games is not None and self.games % 2:
            raise UsageError(
                f"--games must be an even number, 2 or more: games are played in pairs from "
                f"each opening, colours swapped; got {self.games}"
            )


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
            raise SpecError(
                f"--save-dir: cannot make '{echo(str(save_dir), 200)}': its folder does not exist"
            )
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
    )


def _quiet(seed: int | None) -> Streams:
    """Where a match's players read and write: nowhere (no one types in a match)."""
    return Streams(io.StringIO(), io.StringIO(), seed, None)


class _MatchJob:
    """`gamelib match` on one game kit."""

    def __init__(self, request: _Request, options: argparse.Namespace, context: Context) -> None:
        self.request = request
        self.options = options
        self.context = context
        self.catalogs: Catalogs = context.catalogs

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        request, catalog = self.request, self.catalogs.two_player
        request.two(request.game)
        defaults = _Defaults(self.options, catalog)
        specs = [defaults.spec(text, catalog, kit.depth_limit) for text in (request.a, request.b)]
        defaults.check_used(specs, catalog)
        for spec in specs:
            _no_human(spec.kind, spec.text)
        openings = self._openings(kit.game, kit.digit_moves)
        plays: Games[Game[S, M], S, M, Outcome]
        if request.workers is None:

            def seat(spec: PlayerSpec) -> Callable[[Game[S, M], int | None], Seat[S, M]]:
                return lambda _, seed: build_player(kit, spec, _quiet(seed), catalog)

            plays = TwoPlayerGames(lambda: kit.game, seat(specs[0]), seat(specs[1]))
        else:
            sent, sent_seat = self._sent(request.workers, specs)
            # A worker builds the same game from its name and options: its types are kit's.
            plays = TwoPlayerGames(
                cast(Callable[[], Game[S, M]], SentRules(sent)),
                cast(Callable[[Game[S, M], int | None], Seat[S, M]], sent_seat(request.a, "a")),
                cast(Callable[[Game[S, M], int | None], Seat[S, M]], sent_seat(request.b, "b")),
            )
        return self._play(plays, openings, kit.game, "two-player")

    def chance(self, kit: ChanceKit[S, M], /) -> int:
        request = self.request
        request.two(kit.title)
        if request.openings is not None or request.plies is not None:
            asked = "--openings" if request.openings is not None else "--plies"
            raise UsageError(
                f"{asked} is for games without dice: {kit.title}'s pairs start from the start "
                "and roll the same dice"
            )
        if request.save_dir is not None:
            raise UsageError(
                f"--save-dir keeps games in the replay format, which has no dice yet: "
                f"{kit.title}'s games cannot be saved"
            )
        beyond = _BeyondOptions(self.options, self.catalogs)
        beyond.check_flags(kit.title)
        specs = [beyond.spec(text, "chance", kit.title, None) for text in (request.a, request.b)]
        beyond.check_depth_used(specs)
        for spec in specs:
            _no_human(spec.kind, spec.text)
        plays: Games[ChanceGame[S, M], S, M, Outcome]
        if request.workers is None:

            def seat(
                spec: BeyondSpec, role: str
            ) -> Callable[[ChanceGame[S, M], int | None], Seat[S, M]]:
                return lambda _, seed: chance_player(
                    kit, spec, role, (io.StringIO(), io.StringIO()), seed
                )

            plays = ChanceGames(lambda: kit.game, seat(specs[0], "a"), seat(specs[1], "b"))
        else:
            sent, sent_seat = self._sent(request.workers, specs)
            plays = ChanceGames(
                cast(Callable[[], ChanceGame[S, M]], SentRules(sent)),
                cast(
                    Callable[[ChanceGame[S, M], int | None], Seat[S, M]], sent_seat(request.a, "a")
                ),
                cast(
                    Callable[[ChanceGame[S, M], int | None], Seat[S, M]], sent_seat(request.b, "b")
                ),
            )
        return self._play(plays, [()], kit.game, "chance")

    def nplayer(self, kit: NKit[S, M], /) -> int:
        request, game = self.request, kit.game
        n = len(game.names)
        if len(request.players) != n:
            raise UsageError(
                f"{kit.title} has {n} seats: a match of it names {n} players, one a seat, "
                f"got {len(request.players)}"
            )
        games = ROTATIONS * n if request.games is None else request.games
        if games % n:
            raise UsageError(
                f"--games must be a multiple of {n}: the {n} players rotate through the seats, "
                f"each in each seat once a rotation; got {games}"
            )
        for flag, given in (
            ("--sprt", request.sprt),
            ("--openings", request.openings),
            ("--save-dir", request.save_dir),
        ):
            if given is not None:
                raise UsageError(f"{flag} is for matches of two players, not {kit.title}'s {n}")
        beyond = _BeyondOptions(self.options, self.catalogs)
        beyond.check_flags(kit.title)
        specs = [
            beyond.spec(text, "n-player", kit.title, n, kit.default_depth)
            for text in request.players
        ]
        beyond.check_depth_used(specs)
        for spec in specs:
            _no_human(spec.kind, spec.text)
        rotations = games // n
        plies = DEFAULT_PLIES if request.plies is None else request.plies
        openings: list[tuple[M, ...]] = (
            _random(NPlayerTurns(game), plies, rotations, request.seed) if plies else [()]
        )
        makers: list[Callable[[NPlayerGame[S, M], int | None], Seat[S, M]]] = []
        make_game: Callable[[], NPlayerGame[S, M]] = lambda: game  # noqa: E731
        if request.workers is None:

            def seat(
                spec: BeyondSpec, role: str
            ) -> Callable[[NPlayerGame[S, M], int | None], Seat[S, M]]:
                return lambda _, seed: n_player(
                    kit, spec, role, (io.StringIO(), io.StringIO()), seed
                )

            makers += [seat(spec, f"player{k + 1}") for k, spec in enumerate(specs)]
        else:
            sent, sent_seat = self._sent(request.workers, specs)
            # A worker builds the same game from its name and options: kit's types.
            make_game = cast(Callable[[], NPlayerGame[S, M]], SentRules(sent))
            makers += [
                cast(
                    Callable[[NPlayerGame[S, M], int | None], Seat[S, M]],
                    sent_seat(text, f"player{k + 1}"),
                )
                for k, text in enumerate(request.players)
            ]
        return self._play_n(NPlayerGames(make_game, tuple(makers)), openings, game, rotations)

    def _sent(
        self, workers: Workers, specs: Sequence[PlayerSpec | BeyondSpec]
    ) -> tuple[SentGame, Callable[[str, str], SentSeat]]:
        """How workers find the game and read the players `specs`, from this command's
        catalogs (UsageError in one sentence for what cannot be sent to them)."""
        request = self.request
        game = sent_game(self.context, request.game, request.game_args, workers)
        kinds = sent_kinds(self.catalogs, {spec.kind for spec in specs}, workers)
        given = flags(self.options, self.catalogs.two_player)
        return game, lambda text, role: SentSeat(game, kinds, text, given, role)

    def _play_n(
        self,
        plays: Games[NPlayerGame[S, M], S, M, Vector],
        openings: list[tuple[M, ...]],
        game: NPlayerGame[S, M],
        rotations: int,
    ) -> int:
        request, out, err = self.request, self.context.stdout, self.context.stderr
        names = _seat_names(request.players)
        progress = redraws(err)
        n = len(names)
        where = "here" if request.workers is None else f"on {request.workers.name}"
        start = (
            f"from {plural(len(openings), 'random opening')} of {plural(len(openings[0]), 'move')}"
            if openings[0]
            else "from the start"
        )
        if not request.json:
            shown_players = ", ".join(f"{name} ({game.names[i]})" for i, name in enumerate(names))
            out.write(
                f"Match of {request.game}: {shown_players}; {plural(rotations, 'rotation')} of "
                f"{n} games, each player in each seat once a rotation, {start}, seed "
                f"{request.seed}, {where}\n"
            )
            out.flush()

        def heard(match: Match[M]) -> None:
            last = match.games[-1]
            if request.json:
                out.write(json_line(_n_game_json(game, last, names)))
                out.flush()
            if progress:
                leader = match.table()[0]
                err.write(
                    f"\rgame {len(match.games)} of {match.planned}: {leader.name} leads with "
                    f"{leader.points:g} points\x1b[K"
                )
                err.flush()

        match = play_match(
            plays,
            openings,
            rotations,
            names=names,
            seed=request.seed,
            workers=request.workers,
            heard=heard,
        )
        if progress:
            err.write("\r\x1b[K")
        table = match.table()
        if request.json:
            summary: JSON = {
                "games": len(match.games),
                "table": [
                    {
                        "player": row.name,
                        "games": row.games,
                        "points": round(row.points, 4),
                        "score": round(row.score, 4),
                        "mean_rank": round(row.mean_rank, 4),
                        "wins": row.wins,
                        "faults": row.faults,
                    }
                    for row in table
                ],
                "seed": request.seed,
                "interrupted": match.interrupted,
            }
            out.write(json_line({"summary": summary}))
        else:
            out.write(_table_text(table))
            faults = [g for g in match.games if g.fault is not None]
            if faults:
                out.write(f"Faults: {plural(len(faults), 'game')} lost by a fault:\n")
                out.writelines(f"  game {g.index + 1}: {g.fault}\n" for g in faults)
        if match.interrupted:
            err.write(f"gamelib: match interrupted after {plural(len(match.games), 'game')}\n")
            return 1
        return 0

    def _openings(self, game: Game[S, M], digits: bool) -> list[tuple[M, ...]]:
        """The openings: the file's lines, or random ones (`--plies`, default 2)."""
        request = self.request
        if request.openings is None:
            plies = DEFAULT_PLIES if request.plies is None else request.plies
            if plies == 0:
                return [()]
            return _random(TwoPlayers(game), plies, request.pairs, request.seed)
        found: list[tuple[M, ...]] = []
        for number, text in position_lines(request.openings, self.context.stdin, "--openings"):
            try:
                _, moves = position_after(game, split_moves(text, digits), "play")
            except BadPositionError as bad:
                raise SpecError(f"--openings: line {number}: {bad}") from None
            found.append(moves)
        if not found:
            raise SpecError(f"--openings: '{echo(request.openings, 200)}' has no openings")
        return found

    def _play(
        self,
        plays: Games[G, S, M, Outcome],
        openings: list[tuple[M, ...]],
        game: Game[S, M] | ChanceGame[S, M],
        family: str,
    ) -> int:
        request, out, err = self.request, self.context.stdout, self.context.stderr
        a, b = _names(request.a, request.b)
        progress = redraws(err)
        saved = _Saver(request, game, a, b)
        where = "here" if request.workers is None else f"on {request.workers.name}"
        start = (
            f"from {plural(len(openings), 'opening')} of the file"
            if request.openings is not None
            else "from the start, the same dice for both games of a pair"
            if family == "chance"
            else f"from {plural(len(openings), 'random opening')} of "
            f"{plural(len(openings[0]), 'move')}"
            if openings[0]
            else "from the start"
        )
        if not request.json:
            out.write(
                f"Match of {request.game}: {a} (A) against {b} (B), "
                f"{plural(request.pairs, 'pair')} of games {start}, seed {request.seed}, {where}\n"
            )
            out.flush()

        def heard(match: Match[M]) -> None:
            last = match.games[-1]
            saved.keep(last)
            if request.json:
                out.write(json_line(_game_json(game, last, a, b)))
                out.flush()
            if progress:
                err.write(f"\r{match.score_line()}\x1b[K")
                err.flush()

        match = play_match(
            plays,
            openings,
            request.pairs,
            names=(a, b),
            seed=request.seed,
            sprt=request.sprt,
            workers=request.workers,
            heard=heard,
        )
        if progress:
            err.write("\r\x1b[K")
        if request.json:
            out.write(json_line({"summary": _summary_json(match, request)}))
        else:
            out.write(_summary_text(match))
        if request.save_dir is not None and match.games and not request.json:
            out.write(f"The games are saved in {echo(str(request.save_dir), 200)}\n")
        if match.interrupted:
            err.write(f"gamelib: match interrupted after {plural(len(match.games), 'game')}\n")
            return 1
        return 0


def _random(
    game: Model[S, M, R], plies: int, count: int, seed: int
) -> list[tuple[M, ...]]:
    """`count` random openings of `plies` moves; SpecError when the game is over sooner."""
    try:
        return random_openings(game, plies, count, seed)
    except MatchError as error:
        raise SpecError(f"--plies {plies}: {error}") from None


def _no_human(kind: str, text: str) -> None:
    if kind == "human":
        raise UsageError(
            f"'{shown(text)}' is a person at the prompt: a match is played between programs "
            "(gamelib play puts a person against one)"
        )


def _seat_names(players: tuple[str, ...]) -> tuple[str, ...]:
    """The players of a match of n players as it names them: their specs, numbered where
    two are the same."""
    if len(set(players)) == len(players):
        return players
    return tuple(f"{p} ({k + 1})" for k, p in enumerate(players))


def _table_text(table: tuple[Standing, ...]) -> str:
    width = max(len("player"), *(len(row.name) for row in table))
    lines = [
        f"{'rank':>4}  {'player':<{width}}  {'games':>5}  {'points':>7}  {'score':>6}  "
        f"{'mean rank':>9}  {'wins':>4}  {'faults':>6}"
    ]
    lines += [
        f"{place:>4}  {row.name:<{width}}  {row.games:>5}  {row.points:>7.2f}  "
        f"{row.score:>6.3f}  {row.mean_rank:>9.2f}  {row.wins:>4}  {row.faults:>6}"
        for place, row in enumerate(table, 1)
    ]
    return "\n".join(lines) + "\n"


def _n_game_json(
    game: NPlayerGame[S, M], played: Played[M], names: tuple[str, ...]
) -> dict[str, JSON]:
    return {
        "game": played.index + 1,
        "rotation": played.rotation + 1,
        "seats": {game.names[seat]: names[p] for seat, p in enumerate(played.seats)},
        "opening": [game.move_to_string(m) for m in played.opening],
        "moves": [game.move_to_string(m) for m in played.moves],
        "scores": {names[p]: played.scores[p] for p in range(len(names))},
        "outcome": played.outcome,
        "fault": played.fault,
    }


def _names(a: str, b: str) -> tuple[str, str]:
    """The players as the match names them: their specs, told apart when the same."""
    return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)


def _summary_text(match: Match[M]) -> str:
    t = match.trinomial
    lines = [match.score_line()]
    pairs = match.pentanomial
    if pairs.pairs:
        lines.append(f"Ptnml(0-2): [{', '.join(str(n) for n in pairs.counts)}]")
    if t.games:
        found = match.estimate
        lines.append(
            f"Elo difference: {_elo(found.elo)} +/- {_elo(found.error)}, "
            f"LOS: {100 * found.los:.1f} %, DrawRatio: {100 * t.draw_ratio:.1f} %"
        )
    sprt = match.sprt
    if sprt is not None:
        llr = sprt.llr(pairs)
        lower, upper = sprt.bounds()
        share = 100 * llr / upper if llr >= 0 else 100 * llr / -lower
        verdict = {
            "H1": f" - H1 was accepted (A is at least {sprt.elo1:g} Elo stronger)",
            "H0": f" - H0 was accepted (A is at most {sprt.elo0:g} Elo stronger)",
            None: " - no hypothesis was accepted yet",
        }[match.verdict]
        lines.append(
            f"SPRT: llr {llr:.2f} ({share:.1f}%), lbound {lower:.2f}, ubound {upper:.2f}{verdict}"
        )
    faults = match.faults
    if faults:
        lines.append(f"Faults: {plural(len(faults), 'game')} lost by a fault:")
        lines += [f"  game {g.index + 1}: {g.fault}" for g in faults]
    return "\n".join(lines) + "\n"


def _elo(value: float) -> str:
    """An Elo difference as the summary shows it: one decimal, no "-0.0", ±inf."""
    if not math.isfinite(value):
        return "inf" if value > 0 else "-inf"
    return f"{round(value, 1) + 0.0:.1f}"


def _finite(value: float) -> float | None:
    return round(value, 2) if math.isfinite(value) else None


def _game_json(
    game: Game[S, M] | ChanceGame[S, M], played: Played[M], a: str, b: str
) -> dict[str, JSON]:
    first, second = (a, b) if played.a_first else (b, a)
    return {
        "game": played.index + 1,
        "pair": played.pair + 1,
        "players": {"Maxie": first, "Minnie": second},
        "opening": [game.move_to_string(m) for m in played.opening],
        "moves": [game.move_to_string(m) for m in played.moves],
        "result": played.result,
        "outcome": played.outcome,
        "fault": played.fault,
    }


def _summary_json(match: Match[M], request: _Request) -> JSON:
    t, pairs, found = match.trinomial, match.pentanomial, match.estimate
    sprt = match.sprt
    return {
        "a": match.a,
        "b": match.b,
        "games": t.games,
        "wins": t.wins,
        "losses": t.losses,
        "draws": t.draws,
        "points": t.points,
        "score": round(found.score, 4),
        "pentanomial": list(pairs.counts),
        "elo": _finite(found.elo),
        "elo_low": _finite(found.low),
        "elo_high": _finite(found.high),
        "los": round(found.los, 4),
        "draw_ratio": round(t.draw_ratio, 4),
        "sprt": None
        if sprt is None
        else {
            "elo0": sprt.elo0,
            "elo1": sprt.elo1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "llr": round(sprt.llr(pairs), 4),
            "bounds": list(sprt.bounds()),
            "accepted": match.verdict,
        },
        "faults": len(match.faults),
        "seed": request.seed,
        "interrupted": match.interrupted,
    }


class _Saver:
    """Keeps each game in `--save-dir`, in the replay format, as it is played."""

    def __init__(self, request: _Request, game: object, a: str, b: str) -> None:
        self.request = request
        self.game = game
        self.names = (a, b)

    def keep(self, played: Played[M]) -> None:
        folder = self.request.save_dir
        if folder is None:
            return
        game = cast(Game[object, M], self.game)  # a two-player game: --save-dir refused otherwise
        folder.mkdir(exist_ok=True)
        a, b = self.names
        first, second = (a, b) if played.a_first else (b, a)
        document: dict[str, JSON] = {
            "game": self.request.game,
            "options": list(self.request.game_args),
            "players": {"Maxie": first, "Minnie": second},
            "moves": [game.move_to_string(m) for m in played.moves],
            "outcome": played.outcome,
            "winner": _winner(played, first, second),
            "finished": played.fault is None,
        }
        name = folder / f"game-{played.index + 1:04d}.json"
        write_file(name, (json.dumps(document, indent=1) + "\n").encode())


def _winner(played: Played[M], first: str, second: str) -> str | None:
    if played.result == "draw":
        return None
    a_won = played.result == "win"
    return "Maxie" if a_won is played.a_first else "Minnie"


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    match = commands.add_parser(
        "match",
        help="play players against each other: who is stronger, and by how much",
        description="Play a match between two players: games in pairs from the same "
        "opening, colours swapped.  Prints the score (wins - losses - draws of A), the Elo "
        "difference with its 95% error bar, the likelihood that A is the stronger (LOS) and "
        "the draw ratio; --sprt stops as soon as a test's answer is clear.  Options after "
        "the game's name include the game's own, such as --cols 5.",
    )
    match.add_argument(
        "players",
        metavar="PLAYER",
        nargs="+",
        help="the players' specs: A and B (alphabeta:4 mcts:500), or one a seat for a game "
        "of n players",
    )
    match.add_argument(
        "--game", required=True, help=f"the game: one of {', '.join(parsing.games.playable())}"
    )
    match.add_argument("--games", help=f"games to play, an even number (default {DEFAULT_GAMES})")
    match.add_argument(
        "--openings",
        metavar="FILE",
        help="start each pair from a line of FILE ('-': standard input), moves from the start "
        "as --positions writes them; the lines are used in turn",
    )
    match.add_argument(
        "--plies",
        help=f"start each pair from this many random moves, seeded (default {DEFAULT_PLIES} "
        "for games without dice; 0: every game from the start)",
    )
    match.add_argument(
        "--seed",
        help="seed of the openings, the players' randomness and the dice (default: "
        "one drawn at random, and printed)",
    )
    match.add_argument(
        "--sprt",
        nargs="+",
        metavar="NAME=VALUE",
        help="stop when a sequential probability ratio test decides: elo0=.. elo1=.. "
        "[alpha=0.05 beta=0.05]",
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
    match.add_argument("--workers", metavar="N", help="play N games at once on local processes")
    match.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS",
    )
    _search_options(match, parsing.catalog)
    return match


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    request = _check(options, extra)
    kit = build_kit(context.games, request.game, list(request.game_args), playing=True)
    try:
        return kit.run(_MatchJob(request, options, context))
    finally:
        workers = request.workers
        if workers is not None and workers.close is not None:
            workers.close()


MATCH = Command("match", _add, _run)
"""`gamelib match A B --game G`."""
