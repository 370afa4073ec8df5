"""Playing a match: games in rotations from one opening, every player in every seat once.

A match of n players plays `rotations` rotations of n games.  In rotation `r` every game
starts from the same opening (a line of moves from the start), and the players sit round
the table in an order drawn for the rotation, shifting one seat from game to game, so each
sits in each seat once: no one gains from the opening or from the seat.  The orders are
drawn from the match's seed (see [`seat_orders`][gamelib.match.play.seat_orders]), so no
player always follows the same neighbour, and every order comes once in each (n - 1)!
rotations.  For two players a rotation is a pair, A moving first in its first game and
B in its second.  In a game of chance every game of a rotation rolls the same dice (one
seed a rotation), so luck cancels as far as it can.  A player that raises an error or
chooses an illegal move loses that game (the fault is counted and kept); the match goes on.

The games are played on [the model][gamelib.core.model.Model] by
[`Games`][gamelib.match.play.Games], the one referee of a match, whatever the family;
[`TwoPlayerGames`][gamelib.match.play.TwoPlayerGames],
[`ChanceGames`][gamelib.match.play.ChanceGames] and
[`NPlayerGames`][gamelib.match.play.NPlayerGames] say which face the game has.  It makes
the players afresh for every game, from a seed of the match's, so a match is the same for
the same seed however many workers play it (`workers`: the executors of
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
>>> match = play_match(games, rotations=5, seed=1, names=("alphabeta:4", "random"))
>>> print(match.score_line())
Score of alphabeta:4 vs random: 9 - 1 - 0  [0.900] 10

```
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TextIO, TypeVar, cast, final

from gamelib.chance.game import ChanceGame, ChanceTurns
from gamelib.core.checks import echo
from gamelib.core.contracts import ContractError
from gamelib.core.controller import (
    Chooses,
    GameRecord,
    IllegalMoveError,
    Seat,
    Turns,
    TwoPlayers,
    play_out,
)
from gamelib.core.datatypes import Outcome
from gamelib.core.game import Game
from gamelib.core.model import Ended, Model, Nature
from gamelib.errors import StoppedError
from gamelib.match.standing import Match, Played
from gamelib.match.stats import Hypothesis, Sprt
from gamelib.nplayer.game import NPlayerGame, NPlayerTurns, Vector
from gamelib.parallel.batch import Workers, run_batch
from gamelib.parallel.recipes import built

__all__ = [
    "ChanceGames",
    "Games",
    "MatchError",
    "NPlayerGames",
    "Result",
    "Seating",
    "TwoPlayerGames",
    "play_match",
    "random_openings",
    "seat_orders",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")
G = TypeVar("G")

Result = Literal["win", "loss", "draw"]
"""How a game of two players ended for A."""


class MatchError(StoppedError):
    """A game of the match could not be played (the game broke its contract, say)."""


@final
@dataclass(frozen=True)
class Seating(Generic[M]):
    """One game to play: its number (from 0), its rotation, who sits where, the opening."""

    index: int
    rotation: int
    seats: tuple[int, ...]
    """`seats[i]`: the player (numbered as the match names them) in seat `i`."""
    opening: tuple[M, ...]
    seed: int | None
    """The match's seed (None: fresh randomness)."""

    def seed_for(self, role: object) -> int | None:
        """A seed of its own for `role` (a player, or "dice") in this rotation: the same in
        every game of the rotation, different from rotation to rotation."""
        if self.seed is None:
            return None
        return random.Random(f"{self.seed}:{self.rotation}:{role}").getrandbits(48)


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
    """A seat's player, whose errors are its own fault, not the match's: except a game's
    broken contract met in its search (`ContractError`), which is the game's, and stops
    the match as it stops `play`."""

    def __init__(self, player: Seat[S, M], seat: int, moving: list[int]) -> None:
        self.choose = player.next_move if isinstance(player, Chooses) else player
        self.name = str(player)
        self.seat = seat
        self.moving = moving

    def __call__(self, state: S, /) -> M:
        self.moving[0] = self.seat
        try:
            return self.choose(state)
        except ContractError:
            raise  # the game's fault, not the player's
        except Exception as error:
            raise _PlayerFaultError(self.seat, error) from error


def _said(error: Exception) -> str:
    message = str(error)
    name = type(error).__name__
    return f"{name}: {echo(message, 200)}" if message else name


def _role(player: int, n: int) -> object:
    """What a player's seed is drawn for: "a" and "b" in a match of two, its number else."""
    return "ab"[player] if n == 2 else player


@final
@dataclass(frozen=True)
class Games(Generic[G, S, M, R]):
    """Plays the games of a match: `game` makes the game (once per process), `model` adapts
    it onto the model, `players[k]` makes player k for each game from the game and a seed."""

    game: Callable[[], G]
    model: Callable[[G], Turns[S, M, R]]
    players: tuple[Callable[[G, int | None], Seat[S, M]], ...]

    def __call__(self, seating: Seating[M], /) -> Played[M]:
        game: G = built(("game", self.game), self.game)
        model = self.model(game)
        n = len(model.seats)
        if len(seating.seats) != n or len(self.players) != n:
            raise MatchError(f"the game has {n} seats, and {len(seating.seats)} players sat")
        start = _after(model, seating.opening)
        players = [self.players[p](game, seating.seed_for(_role(p, n))) for p in seating.seats]
        dice = random.Random(seating.seed_for("dice"))
        record, made, fault = _guarded_play(model, players, start, dice)
        scores = [0.0] * n
        said: str | None = None
        loser: int | None = None
        if record is None:
            assert fault is not None  # the game stopped only by a fault
            seat, said = fault
            loser = seating.seats[seat]
            for p in seating.seats:  # the others share the win
                scores[p] = 0.0 if p == loser else 1.0 / (n - 1)
            outcome = f"{model.seats[seat]} loses by a fault"
        else:
            for seat, result in enumerate(model.results(record.outcome)):
                scores[seating.seats[seat]] = float(result)
            outcome = model.outcome_to_string(record.outcome)
        return Played(
            seating.index,
            seating.rotation,
            seating.seats,
            seating.opening,
            seating.opening + made,
            tuple(scores),
            outcome,
            said,
            loser,
            () if record is None else record.rolls,
        )

    @property
    def count(self) -> int:
        """How many players a game has."""
        return len(self.players)


def TwoPlayerGames(
    game: Callable[[], Game[S, M]],
    a: Callable[[Game[S, M], int | None], Seat[S, M]],
    b: Callable[[Game[S, M], int | None], Seat[S, M]],
) -> Games[Game[S, M], S, M, Outcome]:
    """The games of a match of a two-player game: `game` makes it, `a` and `b` the players."""
    return Games(game, TwoPlayers, (a, b))


def ChanceGames(
    game: Callable[[], ChanceGame[S, M]],
    a: Callable[[ChanceGame[S, M], int | None], Seat[S, M]],
    b: Callable[[ChanceGame[S, M], int | None], Seat[S, M]],
) -> Games[ChanceGame[S, M], S, M, Outcome]:
    """The games of a match of a game of chance: as `TwoPlayerGames`, and every game of a
    pair rolls the same dice."""
    return Games(game, ChanceTurns, (a, b))


def NPlayerGames(
    game: Callable[[], NPlayerGame[S, M]],
    players: tuple[Callable[[NPlayerGame[S, M], int | None], Seat[S, M]], ...],
) -> Games[NPlayerGame[S, M], S, M, Vector]:
    """The games of a match of an n-player game: `players[k]` makes player k."""
    return Games(game, NPlayerTurns, players)


def _after(model: Model[S, M, R], opening: tuple[M, ...]) -> S:
    """The position after `opening` from the start (which must leave the game going, with
    a player to move at each of its moves)."""
    state = model.start
    for move in opening:
        if isinstance(model.mover(state), Nature):
            raise MatchError("an opening is a line of moves, and chance decides in its middle")
        after = model.play(state, move)
        if isinstance(after, Ended):
            raise MatchError(
                f"the opening {' '.join(model.move_to_string(m) for m in opening)} ends the game"
            )
        state = after
    return state


def _guarded_play(
    model: Turns[S, M, R],
    players: Sequence[Seat[S, M]],
    start: S,
    dice: random.Random,
) -> tuple[GameRecord[M, R] | None, tuple[M, ...], tuple[int, str] | None]:
    """Play one game from `start`, seat `i` by `players[i]`: the record (None when a
    player's fault ended the game), the moves made, and the fault (the seat, and what
    its player did, in one sentence) if there was one."""
    moving = [0]
    seats = [_Guarded(player, seat, moving) for seat, player in enumerate(players)]
    played: list[M] = []
    sink = cast(TextIO, _Sink())  # a text stream that keeps nothing
    try:
        record = play_out(model, seats, start=start, out=sink, rng=dice, made=played)
    except _PlayerFaultError as error:
        said = f"{seats[error.seat].name} raised {_said(error.error)}"
        return None, tuple(played), (error.seat, said)
    except IllegalMoveError as error:
        return None, tuple(played), (moving[0], str(error))
    return record, tuple(played), None


def random_openings(
    model: Model[S, M, R], plies: int, count: int, seed: int | None
) -> list[tuple[M, ...]]:
    """`count` openings of `plies` random moves from the start, each leaving the game
    going with no chance position before its last move, different from each other while
    there are enough to choose from."""
    rng = random.Random(None if seed is None else f"{seed}:openings")
    found: list[tuple[M, ...]] = []
    seen: set[tuple[str, ...]] = set()
    chance = [False]  # whether a line met a chance position
    for _ in range(count):
        line: tuple[M, ...] | None = None
        for _ in range(50):  # a few tries for a line not drawn yet
            line = _random_line(model, plies, rng, chance)
            if line is None:
                continue
            if tuple(model.move_to_string(m) for m in line) not in seen:
                break
        if line is None:
            why = " with no roll of chance among them" if chance[0] else ""
            raise MatchError(
                f"no line of {plies} random moves{why} was found that leaves the game going: "
                "ask for fewer plies"
            )
        seen.add(tuple(model.move_to_string(m) for m in line))
        found.append(line)
    return found


def _random_line(
    model: Model[S, M, R], plies: int, rng: random.Random, chance: list[bool]
) -> tuple[M, ...] | None:
    state = model.start
    line: list[M] = []
    for _ in range(plies):
        if isinstance(model.mover(state), Nature):
            chance[0] = True
            return None
        move = rng.choice(model.moves(state))
        after = model.play(state, move)
        if isinstance(after, Ended):
            return None
        line.append(move)
        state = after
    return tuple(line)


def play_match(
    plays: Games[G, S, M, R],
    openings: Sequence[tuple[M, ...]] = ((),),
    rotations: int = 10,
    *,
    names: Sequence[str] = (),
    seed: int | None = None,
    sprt: Sprt | None = None,
    workers: Workers | None = None,
    heard: Callable[[Match[M]], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Match[M]:
    """Play `rotations` rotations of the games of `plays` (for two players, pairs), rotation
    `r` from `openings[r % len]`, on `workers` (None: here, one after another); `names`
    names the players (default `A`, `B`, ...).  `heard(match so far)` after each game, in
    order, and `progress(games played)` (a
    [`progress_bar`][gamelib.core.progress.progress_bar], say).  With `sprt` (two players
    only), the match stops after the first pair at which the test accepts a hypothesis.
    Ctrl-C stops it too: the match returned has the games played.
    """
    n = plays.count
    if rotations < 1:
        what = "pair of games" if n == 2 else "rotation"
        raise ValueError(f"a match needs at least 1 {what}, got {rotations}")
    if n < 2:
        raise ValueError(f"a match needs at least 2 players, got {n}")
    if not openings:
        raise ValueError("a match needs at least one opening (the empty line: from the start)")
    if sprt is not None and n != 2:
        raise ValueError(f"an SPRT weighs two players against each other, not {n}")
    shown = tuple(names) or tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[p % 26] for p in range(n))
    if len(shown) != n:
        raise ValueError(f"the match has {n} players, and {len(shown)} names were given")
    orders = seat_orders(n, rotations, seed)
    tasks = [
        Seating(
            r * n + shift,
            r,
            tuple(orders[r][(seat + shift) % n] for seat in range(n)),
            tuple(openings[r % len(openings)]),
            seed,
        )
        for r in range(rotations)
        for shift in range(n)
    ]
    verdicts: list[Hypothesis] = []

    def told(played: tuple[Played[M], ...]) -> bool:
        so_far = Match(shown, played, len(tasks), sprt)
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
    return Match(shown, played, len(tasks), sprt, verdict, interrupted)


def seat_orders(n: int, rotations: int, seed: int | None) -> list[tuple[int, ...]]:
    """The order round the table of each rotation of a match of `n` players: rotation `r`
    seats its players in the n turns of `orders[r]`, one game each.

    Two players have one order, (0, 1).  More players have (n - 1)! orders round a table
    (who follows whom), and which one a player meets decides the game as much as its seat
    does (the player after a weak one gains in every game).  So the rotations draw the
    orders from the seed without putting one back until each was drawn once: in every
    (n - 1)! rotations every order is played once (for three players, the two orders
    alternate in each pair of rotations), and each player follows each other one equally
    often.

    ```pycon
    >>> seat_orders(2, 3, 1)
    [(0, 1), (0, 1), (0, 1)]
    >>> sorted(seat_orders(3, 2, 7))
    [(0, 1, 2), (0, 2, 1)]

    ```
    """
    if n == 2:
        return [(0, 1)] * rotations
    rng = random.Random(None if seed is None else f"{seed}:seats")
    count = math.factorial(n - 1)
    drawn: list[int] = []
    while len(drawn) < rotations:
        drawn.extend(rng.sample(range(count), min(count, rotations - len(drawn))))
    return [(0, *_nth_order(list(range(1, n)), k)) for k in drawn]


def _nth_order(rest: list[int], k: int) -> tuple[int, ...]:
    """The `k`-th ordering of `rest` (0 <= k < len(rest)!), in the factorial number system."""
    order: list[int] = []
    while rest:
        k, i = divmod(k, len(rest))
        order.append(rest.pop(i))
    return tuple(order)


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
