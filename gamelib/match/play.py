"""Playing a match: games in pairs from one opening, the colours swapped, and what they say.

Two players, A and B, play `pairs` pairs of games.  In pair `p` both games start from the
same opening (a line of moves from the start); A moves first in the first game of the
pair and B in the second, so neither gains from the opening or from moving first.  In a
game of chance both games of a pair roll the same dice (one seed a pair), so luck cancels
as far as it can.  A player that raises an error or chooses an illegal move loses that
game (the fault is counted and kept); the match goes on.

The games are played by a [`PlaysGame`][gamelib.match.play.PlaysGame]:
[`TwoPlayerGames`][gamelib.match.play.TwoPlayerGames] for the lectures' games,
[`ChanceGames`][gamelib.match.play.ChanceGames] for games of chance; each makes its two
players afresh for every game, from a seed of the match's, so a match is the same for the
same seed however many workers play it (`workers`: the executors of
`gamelib.parallel`).

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.core.random_player import RandomPlayer
>>> from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
>>> def searcher(game, seed):
...     return AlphaBeta(Settings(tictactoe_estimator(game), 4))
>>> def chancer(game, seed):
...     return RandomPlayer(game, seed=seed)
>>> games = TwoPlayerGames(TicTacToe, searcher, chancer)
>>> match = play_match(games, pairs=5, seed=1, a="alphabeta:4", b="random")
>>> print(match.score_line())
Score of alphabeta:4 vs random: 9 - 1 - 0  [0.900] 10

```
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Generic, Literal, Protocol, TextIO, TypeVar, cast, final

from gamelib import seq
from gamelib.chance.game import ChanceGame, ChanceTurns
from gamelib.core.checks import echo
from gamelib.core.controller import (
    Chooses,
    GameRecord,
    IllegalMoveError,
    Seat,
    Turns,
    TwoPlayers,
    play_out,
)
from gamelib.core.datatypes import Draw, Outcome, Playing, Winner, outcome_to_string
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.match.stats import (
    EloEstimate,
    Hypothesis,
    Pentanomial,
    Sprt,
    Trinomial,
    estimate,
)
from gamelib.nplayer.game import NPlayerGame, NPlayerTurns, utilities_to_string
from gamelib.parallel.batch import Workers, run_batch
from gamelib.parallel.recipes import built

__all__ = [
    "ChanceGames",
    "Match",
    "MatchError",
    "NMatch",
    "NPlayed",
    "NPlayerGames",
    "Opens",
    "Pairing",
    "Played",
    "PlaysGame",
    "Result",
    "Seating",
    "Standing",
    "TwoPlayerGames",
    "play_match",
    "play_nmatch",
    "random_openings",
]

S = TypeVar("S")
M = TypeVar("M")

Result = Literal["win", "loss", "draw"]
"""How a game ended for A."""


class MatchError(StoppedError):
    """A game of the match could not be played (the game broke its contract, say)."""


@final
@dataclass(frozen=True)
class Pairing(Generic[M]):
    """One game to play: its number (from 0), its pair, who moves first, the opening."""

    index: int
    pair: int
    a_first: bool
    """Whether A has the first seat (Maxie): true in the first game of each pair."""
    opening: tuple[M, ...]
    seed: int | None
    """The match's seed (None: fresh randomness)."""

    def seed_for(self, role: str) -> int | None:
        """A seed of its own for `role` ("a", "b", "dice") in this pair: the same in both
        games of the pair, different from pair to pair."""
        return _seeded(self.seed, self.pair, role)


@final
@dataclass(frozen=True)
class Played(Generic[M]):
    """One game of a match, as it was played."""

    index: int
    pair: int
    a_first: bool
    opening: tuple[M, ...]
    moves: tuple[M, ...]
    """Every move from the start, the opening's included."""
    result: Result
    """How it ended for A."""
    outcome: str
    """How it ended, in words (`Maxie wins`), or the fault that ended it."""
    fault: str | None = None
    """What the player that lost by a fault did, in one sentence (None: no fault)."""
    rolls: tuple[int, ...] = ()
    """What chance decided, in order (a game of chance)."""

    @property
    def points(self) -> float:
        """A's points: 1, ½ or 0."""
        return {"win": 1.0, "draw": 0.5, "loss": 0.0}[self.result]


class PlaysGame(Protocol[M]):
    """Plays one game of a match."""

    def __call__(self, pairing: Pairing[M], /) -> Played[M]: ...


class _Sink(io.TextIOBase):
    """Where a match's games are written: nowhere."""

    def write(self, text: str, /) -> int:
        return len(text)


class _PlayerFaultError(Exception):
    """A player raised an error choosing its move."""

    def __init__(self, seat: int, error: Exception) -> None:
        self.seat = seat
        self.error = error
        super().__init__(str(error))


@final
class _Guarded(Generic[S, M]):
    """A seat's player, whose errors are its own fault, not the match's."""

    def __init__(self, player: Seat[S, M], seat: int, moving: list[int]) -> None:
        self.choose = player.next_move if isinstance(player, Chooses) else player
        self.name = str(player)
        self.seat = seat
        self.moving = moving

    def __call__(self, state: S, /) -> M:
        self.moving[0] = self.seat
        try:
            return self.choose(state)
        except Exception as error:
            raise _PlayerFaultError(self.seat, error) from error


def _referee(
    turns: Turns[S, M, Outcome],
    players: tuple[Seat[S, M], Seat[S, M]],
    pairing: Pairing[M],
    start: S,
    dice: random.Random | None,
    names: tuple[str, str],
) -> Played[M]:
    """Play one game from `start` between `players` (seat 0 first), faults included."""
    a_seat = 0 if pairing.a_first else 1
    record, played, fault = _guarded_play(turns, players, start, dice, names)
    made = pairing.opening + played
    if record is None:
        assert fault is not None  # the game stopped only by a fault
        seat, said = fault
        return Played(
            pairing.index,
            pairing.pair,
            pairing.a_first,
            pairing.opening,
            made,
            "loss" if seat == a_seat else "win",
            f"{turns.seats[seat]} loses by a fault",
            said,
        )
    outcome = record.outcome
    result: Result
    match outcome:
        case Winner(side):
            result = "win" if turns.seats.index(str(side)) == a_seat else "loss"
        case Draw():
            result = "draw"
    return Played(
        pairing.index,
        pairing.pair,
        pairing.a_first,
        pairing.opening,
        made,
        result,
        outcome_to_string(outcome),
        None,
        record.rolls,
    )


def _said(error: Exception) -> str:
    message = str(error)
    name = type(error).__name__
    return f"{name}: {echo(message, 200)}" if message else name


def _after(game: Opens[S, M], opening: tuple[M, ...]) -> S:
    """The position after `opening` from the start (which must leave the game going)."""
    state = game.start
    for move in opening:
        status = game.play(state, move)
        if not isinstance(status, Playing):
            raise MatchError(
                f"the opening {' '.join(game.move_to_string(m) for m in opening)} ends the game"
            )
        state = cast(S, status.state)  # the game's own state: it played from one
    return state


def _seeded(seed: int | None, group: int, role: object) -> int | None:
    """A seed of its own for `role` in a pair or rotation `group` of a match seeded with
    `seed` (None: fresh randomness)."""
    if seed is None:
        return None
    return random.Random(f"{seed}:{group}:{role}").getrandbits(48)


R = TypeVar("R")


def _guarded_play(
    turns: Turns[S, M, R],
    players: Sequence[Seat[S, M]],
    start: S,
    dice: random.Random | None,
    names: Sequence[str],
) -> tuple[GameRecord[M, R] | None, tuple[M, ...], tuple[int, str] | None]:
    """Play one game from `start`, seat `i` by `players[i]`: the record (None when a
    player's fault ended the game), the moves made, and the fault (the seat, and what
    its player did, in one sentence) if there was one."""
    moving = [0]
    seats = [_Guarded(player, seat, moving) for seat, player in enumerate(players)]
    played: list[M] = []
    sink = cast(TextIO, _Sink())  # a text stream that keeps nothing
    try:
        record = play_out(turns, seats, start=start, out=sink, rng=dice, made=played)
    except _PlayerFaultError as error:
        return None, tuple(played), (error.seat, f"{names[error.seat]} raised {_said(error.error)}")
    except IllegalMoveError as error:
        return None, tuple(played), (moving[0], str(error))
    return record, tuple(played), None


@final
@dataclass(frozen=True)
class TwoPlayerGames(Generic[S, M]):
    """Plays the games of a match of a two-player game: `game` makes the game (once per
    process), `a` and `b` make the players for each game."""

    game: Callable[[], Game[S, M]]
    a: Callable[[Game[S, M], int | None], Seat[S, M]]
    b: Callable[[Game[S, M], int | None], Seat[S, M]]

    def __call__(self, pairing: Pairing[M], /) -> Played[M]:
        game: Game[S, M] = built(("game", self.game), self.game)
        a = self.a(game, pairing.seed_for("a"))
        b = self.b(game, pairing.seed_for("b"))
        players = (a, b) if pairing.a_first else (b, a)
        names = (str(players[0]), str(players[1]))
        start = _after(game, pairing.opening)
        return _referee(TwoPlayers(game), players, pairing, start, None, names)


@final
@dataclass(frozen=True)
class ChanceGames(Generic[S, M]):
    """Plays the games of a match of a game of chance: as
    [`TwoPlayerGames`][gamelib.match.play.TwoPlayerGames], and both games of a pair roll
    the same dice."""

    game: Callable[[], ChanceGame[S, M]]
    a: Callable[[ChanceGame[S, M], int | None], Seat[S, M]]
    b: Callable[[ChanceGame[S, M], int | None], Seat[S, M]]

    def __call__(self, pairing: Pairing[M], /) -> Played[M]:
        game: ChanceGame[S, M] = built(("game", self.game), self.game)
        if pairing.opening:
            raise MatchError("a game of chance starts from its start: openings are not used")
        a = self.a(game, pairing.seed_for("a"))
        b = self.b(game, pairing.seed_for("b"))
        players = (a, b) if pairing.a_first else (b, a)
        names = (str(players[0]), str(players[1]))
        dice = random.Random(pairing.seed_for("dice"))
        return _referee(ChanceTurns(game), players, pairing, game.start, dice, names)


class Opens(Protocol[S, M]):
    """What random openings need of a game of any family without dice."""

    @property
    def start(self) -> S: ...

    def moves(self, state: S, /) -> seq.Seq[M]: ...

    def play(self, state: S, move: M, /) -> object: ...

    def move_to_string(self, move: M, /) -> str: ...


def random_openings(
    game: Opens[S, M], plies: int, count: int, seed: int | None
) -> list[tuple[M, ...]]:
    """`count` openings of `plies` random moves from the start, each leaving the game
    going, different from each other while there are enough to choose from."""
    rng = random.Random(None if seed is None else f"{seed}:openings")
    found: list[tuple[M, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for _ in range(count):
        line: tuple[M, ...] | None = None
        for _ in range(50):  # a few tries for a line not drawn yet
            line = _random_line(game, plies, rng)
            if line is None:
                continue
            if tuple(game.move_to_string(m) for m in line) not in seen:
                break
        if line is None:
            raise MatchError(
                f"no line of {plies} random moves was found that leaves the game going: "
                "ask for fewer plies"
            )
        seen.add(tuple(game.move_to_string(m) for m in line))
        found.append(line)
    return found


def _random_line(game: Opens[S, M], plies: int, rng: random.Random) -> tuple[M, ...] | None:
    state = game.start
    line: list[M] = []
    for _ in range(plies):
        move = rng.choice(seq.to_tuple(game.moves(state)))
        status = game.play(state, move)
        if not isinstance(status, Playing):
            return None
        line.append(move)
        state = cast(S, status.state)  # the game's own state: it played from one
    return tuple(line)


@final
@dataclass(frozen=True)
class Match(Generic[M]):
    """What a match found."""

    a: str
    """A's name."""
    b: str
    """B's name."""
    games: tuple[Played[M], ...]
    """The games played, in order."""
    planned: int
    """The games the match was to play."""
    sprt: Sprt | None = None
    """The SPRT it ran, if any."""
    verdict: Hypothesis | None = None
    """The hypothesis the SPRT accepted, if it stopped the match."""
    interrupted: bool = False
    """Whether Ctrl-C stopped it."""

    @property
    def trinomial(self) -> Trinomial:
        """A's wins, losses and draws."""
        results = [g.result for g in self.games]
        return Trinomial(results.count("win"), results.count("loss"), results.count("draw"))

    @property
    def pentanomial(self) -> Pentanomial:
        """The finished pairs, by A's points in each (0, ½, 1, 1½, 2)."""
        counts = [0, 0, 0, 0, 0]
        by_pair: dict[int, list[Played[M]]] = {}
        for game in self.games:
            by_pair.setdefault(game.pair, []).append(game)
        for games in by_pair.values():
            if len(games) == 2:
                counts[round(2 * sum(g.points for g in games))] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @property
    def estimate(self) -> EloEstimate:
        """The Elo difference, its error bar and the LOS, from the finished pairs (the
        games one by one while no pair is finished)."""
        pairs = self.pentanomial
        return estimate(pairs) if pairs.pairs else estimate(self.trinomial)

    @property
    def faults(self) -> tuple[Played[M], ...]:
        """The games lost by a fault."""
        return tuple(g for g in self.games if g.fault is not None)

    def _repr_html_(self) -> str:
        """The match as a notebook shows it: a table of the score, the pairs, the Elo
        difference with its interval, the LOS and the draw ratio."""
        t, found = self.trinomial, self.estimate
        rows = [
            ("games", f"{t.games} of {self.planned}"),
            (f"{self.a}: wins - losses - draws", f"{t.wins} - {t.losses} - {t.draws}"),
            ("score", f"{found.score:.3f}"),
            ("pairs scoring 0, ½, 1, 1½, 2", ", ".join(map(str, self.pentanomial.counts))),
            ("Elo difference", f"{found.elo:.1f} ± {found.error:.1f}"),
            ("95% interval", f"{found.low:.1f} to {found.high:.1f}"),
            ("LOS", f"{100 * found.los:.1f} %"),
            ("draw ratio", f"{100 * t.draw_ratio:.1f} %"),
        ]
        if self.sprt is not None:
            verdict = self.verdict or "none yet"
            rows.append(("SPRT accepted", verdict))
        if self.faults:
            rows.append(("games lost by a fault", str(len(self.faults))))
        return _html_table(f"{self.a} vs {self.b}", ("", ""), rows)

    def score_line(self) -> str:
        """`Score of A vs B: W - L - D  [ratio] N`, as engine testers print it."""
        t = self.trinomial
        ratio = t.points / t.games if t.games else 0.0
        return (
            f"Score of {self.a} vs {self.b}: {t.wins} - {t.losses} - {t.draws}  "
            f"[{ratio:.3f}] {t.games}"
        )


def play_match(
    plays: PlaysGame[M],
    openings: Sequence[tuple[M, ...]] = ((),),
    pairs: int = 10,
    *,
    a: str = "A",
    b: str = "B",
    seed: int | None = None,
    sprt: Sprt | None = None,
    workers: Workers | None = None,
    heard: Callable[[Match[M]], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Match[M]:
    """Play `pairs` pairs of games with `plays`, pair `p` from `openings[p % len]`, on
    `workers` (None: here, one after another); `heard(match so far)` after each game, in
    order, and `progress(games played)` (a
    [`progress_bar`][gamelib.core.progress.progress_bar], say).  With `sprt`, the match
    stops after the first pair at which the test accepts a hypothesis.  Ctrl-C stops it
    too: the match returned has the games played.
    """
    if pairs < 1:
        raise ValueError(f"a match needs at least 1 pair of games, got {pairs}")
    if not openings:
        raise ValueError("a match needs at least one opening (the empty line: from the start)")
    tasks = [
        Pairing(2 * p + j, p, j == 0, tuple(openings[p % len(openings)]), seed)
        for p in range(pairs)
        for j in (0, 1)
    ]
    verdicts: list[Hypothesis] = []

    def told(played: tuple[Played[M], ...]) -> bool:
        so_far = Match(a, b, played, 2 * pairs, sprt)
        if heard is not None:
            heard(so_far)
        if progress is not None:
            progress(len(played))
        if sprt is not None and len(played) % 2 == 0:
            verdict = sprt.verdict(so_far.pentanomial)
            if verdict is not None:
                verdicts.append(verdict)
        return bool(verdicts)

    played, interrupted = _in_order(plays, tasks, workers, told)
    verdict = verdicts[0] if verdicts else None
    return Match(a, b, played, 2 * pairs, sprt, verdict, interrupted)


T = TypeVar("T")
P = TypeVar("P")


def _in_order(
    plays: Callable[[P], T],
    tasks: Sequence[P],
    workers: Workers | None,
    told: Callable[[tuple[T, ...]], bool],
) -> tuple[tuple[T, ...], bool]:
    """Play `tasks` with `plays` on `workers`, in order, telling `told` the games so far
    after each; it returns True to stop the match.  The games played, and whether Ctrl-C
    stopped them.  A game that could not be played (the game broke its contract, not a
    player) stops the match with a `MatchError`."""
    played: list[T] = []
    found = run_batch(plays, tasks, workers, ordered=True)
    try:
        for result in found:
            if result.value is None:
                raise MatchError(f"game {result.index + 1} could not be played: {result.error}")
            played.append(result.value)
            if told(tuple(played)):
                break
    except KeyboardInterrupt:
        return tuple(played), True
    finally:
        found.close()
    return tuple(played), False


# --------------------------------------------------------------------------
# Games of n players: the players rotate through the seats


@final
@dataclass(frozen=True)
class Seating(Generic[M]):
    """One game of a match of n players: its number, its rotation, who sits where, the
    opening."""

    index: int
    rotation: int
    seats: tuple[int, ...]
    """`seats[i]`: the player (numbered as the match names them) in seat `i`."""
    opening: tuple[M, ...]
    seed: int | None

    def seed_for(self, player: int) -> int | None:
        """A seed of its own for `player` in this rotation."""
        return _seeded(self.seed, self.rotation, player)


@final
@dataclass(frozen=True)
class NPlayed(Generic[M]):
    """One game of a match of n players, as it was played."""

    index: int
    rotation: int
    seats: tuple[int, ...]
    opening: tuple[M, ...]
    moves: tuple[M, ...]
    """Every move from the start, the opening's included."""
    scores: tuple[float, ...]
    """Each player's utility (by the match's numbering, not the seat's)."""
    outcome: str
    """How it ended, in words, or the fault that ended it."""
    fault: str | None = None
    """What the player that lost by a fault did (None: no fault)."""
    faulted: int | None = None
    """Which player lost by a fault, if one did."""

    @property
    def ranks(self) -> tuple[float, ...]:
        """Each player's place: 1 for the best score; players who tie share the mean of the
        places they cover."""
        ranks = []
        for mine in self.scores:
            above = sum(1 for s in self.scores if s > mine)
            level = sum(1 for s in self.scores if s == mine)
            ranks.append(above + (level + 1) / 2)
        return tuple(ranks)


@final
@dataclass(frozen=True)
class NPlayerGames(Generic[S, M]):
    """Plays the games of a match of an n-player game: `game` makes the game (once per
    process), `players[k]` makes player k for each game."""

    game: Callable[[], NPlayerGame[S, M]]
    players: tuple[Callable[[NPlayerGame[S, M], int | None], Seat[S, M]], ...]

    def __call__(self, seating: Seating[M], /) -> NPlayed[M]:
        game: NPlayerGame[S, M] = built(("game", self.game), self.game)
        n = len(game.names)
        if len(seating.seats) != n:
            raise MatchError(f"the game has {n} seats, and {len(seating.seats)} players sat")
        state = _after(game, seating.opening)
        players = [self.players[p](game, seating.seed_for(p)) for p in seating.seats]
        turns = NPlayerTurns(game)
        record, played, fault = _guarded_play(turns, players, state, None, game.names)
        made = seating.opening + played
        scores = [0.0] * n
        if record is None:
            assert fault is not None  # the game stopped only by a fault
            seat, said = fault
            loser = seating.seats[seat]
            for p in seating.seats:  # the others share the win
                scores[p] = 0.0 if p == loser else 1.0 / (n - 1)
            outcome = f"{game.names[seat]} loses by a fault"
            return NPlayed(
                seating.index,
                seating.rotation,
                seating.seats,
                seating.opening,
                made,
                tuple(scores),
                outcome,
                said,
                loser,
            )
        for seat, utility in enumerate(record.outcome):
            scores[seating.seats[seat]] = float(utility)
        return NPlayed(
            seating.index,
            seating.rotation,
            seating.seats,
            seating.opening,
            made,
            tuple(scores),
            utilities_to_string(game.names, record.outcome),
        )


@final
@dataclass(frozen=True)
class Standing:
    """One player's line of the table of a match of n players."""

    player: int
    name: str
    games: int
    points: float
    """The sum of its utilities."""
    mean_rank: float
    wins: int
    """Games it won alone (the best score, no one level with it)."""
    faults: int

    @property
    def score(self) -> float:
        """Its mean utility a game."""
        return self.points / self.games if self.games else 0.0


@final
@dataclass(frozen=True)
class NMatch(Generic[M]):
    """What a match of n players found."""

    names: tuple[str, ...]
    games: tuple[NPlayed[M], ...]
    planned: int
    interrupted: bool = False

    def _repr_html_(self) -> str:
        """The table as a notebook shows it, the best first."""
        rows = [
            (
                str(place),
                row.name,
                str(row.games),
                f"{row.points:g}",
                f"{row.score:.3f}",
                f"{row.mean_rank:.2f}",
                str(row.wins),
                str(row.faults),
            )
            for place, row in enumerate(self.table(), 1)
        ]
        head = ("rank", "player", "games", "points", "score", "mean rank", "wins", "faults")
        return _html_table(f"{len(self.games)} games of {self.planned}", head, rows)

    def table(self) -> tuple[Standing, ...]:
        """Each player's standing, the best (most points, then the better mean rank) first."""
        rows = []
        for p, name in enumerate(self.names):
            games = len(self.games)
            points = sum(g.scores[p] for g in self.games)
            ranks = [g.ranks[p] for g in self.games]
            wins = sum(
                1
                for g in self.games
                if g.scores[p] == max(g.scores) and g.scores.count(g.scores[p]) == 1
            )
            faults = sum(1 for g in self.games if g.faulted == p)
            mean_rank = sum(ranks) / games if games else 0.0
            rows.append(Standing(p, name, games, points, mean_rank, wins, faults))
        return tuple(sorted(rows, key=lambda r: (-r.points, r.mean_rank, r.player)))


def play_nmatch(
    plays: Callable[[Seating[M]], NPlayed[M]],
    players: int,
    openings: Sequence[tuple[M, ...]] = ((),),
    rotations: int = 4,
    *,
    names: Sequence[str] = (),
    seed: int | None = None,
    workers: Workers | None = None,
    heard: Callable[[NMatch[M]], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> NMatch[M]:
    """Play `rotations` rotations of a match of `players` players: in each, one game a
    seat shift, so every player sits in every seat once, all from the rotation's opening
    (`openings[r % len]`).  `heard(match so far)` after each game, in order, and
    `progress(games played)`; Ctrl-C stops the match, which keeps the games played."""
    if rotations < 1:
        raise ValueError(f"a match needs at least 1 rotation, got {rotations}")
    if players < 2:
        raise ValueError(f"a match needs at least 2 players, got {players}")
    shown = tuple(names) or tuple(f"player {p + 1}" for p in range(players))
    tasks = [
        Seating(
            r * players + shift,
            r,
            tuple((seat + shift) % players for seat in range(players)),
            tuple(openings[r % len(openings)]),
            seed,
        )
        for r in range(rotations)
        for shift in range(players)
    ]

    def told(played: tuple[NPlayed[M], ...]) -> bool:
        if heard is not None:
            heard(NMatch(shown, played, len(tasks)))
        if progress is not None:
            progress(len(played))
        return False

    played, interrupted = _in_order(plays, tasks, workers, told)
    return NMatch(shown, played, len(tasks), interrupted)


def _html_table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A small HTML table, every text escaped."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    header = f"<thead><tr>{cells}</tr></thead>" if any(head) else ""
    return f"<table><caption>{escape(caption)}</caption>{header}<tbody>{body}</tbody></table>"
