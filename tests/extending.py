"""A search and a game of one's own for each family, as a contributor adds them: a search is
a factory in the family's shape that reports its family's events, and its kind; a game is its
rules, an estimator and its entry; one line then registers each (`Catalogs.with_kind`,
`GAME_CATALOG.with_game`, or a name in the shipped catalogs).

The architecture page shows these sections; `tests/test_extending.py` holds each search to
its family's reference and runs it through the command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar, final

from gamelib import seq
from gamelib.chance.events import ChanceObserver, Moved, Rolled, Step
from gamelib.chance.expectiminimax import ChancePlayer, ChanceSettings
from gamelib.chance.game import Branch, Nature, Value
from gamelib.chance.kinds import ChanceKind, searched_by
from gamelib.cli.beyond import chance_entry, nplayer_entry
from gamelib.core.datatypes import Done, Outcome, Playing, Side, Status, Winner, flip
from gamelib.nplayer.game import (
    Finished,
    NEstimator,
    NSettings,
    NStatus,
    Number,
    Vector,
    VectorEstimator,
)
from gamelib.nplayer.kinds import NPlayerKind
from gamelib.nplayer.maxn import NObserver, NSearchPlayer
from gamelib.search.events import BoundKind, Enter, Leave
from gamelib.search.kinds import OptionValues
from gamelib.search.player import FamilyPlayer
from gamelib.seq import Seq

S = TypeVar("S")
M = TypeVar("M")


# --8<-- [start:chance]
def Expectimax(
    settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
) -> ChancePlayer[S, M]:
    """Expectimax (CSE 473): Maxie maximises, and Minnie is taken to move at random, so her
    moves are averaged, each as likely, as chance's outcomes are by their probabilities."""
    est = settings.estimator
    game = est.game

    def value(d: int, st: Status[S], step: Step[M] | None) -> Value:
        best: M | None = None
        if isinstance(st, Playing):
            s = st.state
            mover = game.player(s)
            if observer is not None:
                observer(Enter(step, st, mover, d, None))
            if mover is Nature.Chance:
                v = sum(
                    (b.probability * value(d, b.status, Rolled(i, b.label, b.probability))
                     for i, b in enumerate(game.outcomes(s))),
                    Fraction(0),
                )  # fmt: skip
            elif d == 0:
                v = est.estimate(s)
            elif mover is Side.Minnie:
                moves = list(game.moves(s))
                v = sum((value(d - 1, game.play(s, m), Moved(m)) for m in moves), Fraction(0))
                v /= len(moves)
            else:
                best, v = top(d, s)
        else:
            if observer is not None:
                observer(Enter(step, st, None, d, None))
            v = est.outcome_value(st.outcome)
        if observer is not None:
            observer(Leave(v, BoundKind.EXACT, None if best is None else Moved(best)))
        return v

    def top(d: int, s: S) -> tuple[M, Value]:
        values = [(m, value(d - 1, game.play(s, m), Moved(m))) for m in game.moves(s)]
        return max(values, key=lambda edge: edge[1])  # the first of the best

    def analyse(s: S) -> tuple[M, Value]:
        if observer is not None:
            observer(Enter(None, Playing(s), game.player(s), settings.search_depth, None))
        best, v = top(settings.search_depth, s)
        if observer is not None:
            observer(Leave(v, BoundKind.EXACT, Moved(best)))
        return best, v

    return FamilyPlayer(f"Expectimax(depth {settings.search_depth})", game, settings, analyse)


EXPECTIMAX_KIND = ChanceKind(
    "expectimax", "Maxie maximises, Minnie at random", searched_by(Expectimax)
)
# --8<-- [end:chance]


# --8<-- [start:nplayer]
def Utilitarian(
    settings: NSettings[S, M], /, *, observer: NObserver[S, M] | None = None
) -> NSearchPlayer[S, M, Vector]:
    """Every player takes the move best for all: the largest sum of utilities (the first
    move on a tie), where max^n takes the one best for itself."""
    est = settings.estimator
    game = est.game

    def value(d: int, st: NStatus[S], move: M | None) -> Vector:
        best: M | None = None
        if isinstance(st, Playing):
            s = st.state
            if observer is not None:
                observer(Enter(move, st, game.player(s), d, None))
            if d == 0:
                v = est.estimate(s)
            else:
                best, v = top(d, s)
        else:
            if observer is not None:
                observer(Enter(move, st, None, d, None))
            v = st.utilities
        if observer is not None:
            observer(Leave(v, BoundKind.EXACT, best))
        return v

    def top(d: int, s: S) -> tuple[M, Vector]:
        values = [(m, value(d - 1, game.play(s, m), m)) for m in game.moves(s)]
        return max(values, key=lambda edge: sum(edge[1]))

    def analyse(s: S) -> tuple[M, Vector]:
        if observer is not None:
            observer(Enter(None, Playing(s), game.player(s), settings.search_depth, None))
        best, v = top(settings.search_depth, s)
        if observer is not None:
            observer(Leave(v, BoundKind.EXACT, best))
        return best, v

    return FamilyPlayer(f"Utilitarian(depth {settings.search_depth})", game, settings, analyse)


def _utilitarian(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return Utilitarian(NSettings(estimator, depth), observer=observer)


UTILITARIAN_KIND = NPlayerKind("utilitarian", "each takes the best sum for all", _utilitarian)
# --8<-- [end:nplayer]


# --8<-- [start:chance-game]
@final
@dataclass(frozen=True, slots=True)
class Race:
    """A position of the coin race: the scores (Maxie's first), who moves, and whether the
    mover's coin is in the air."""

    scores: tuple[int, int]
    side: Side
    flipping: bool = False


@final
@dataclass(frozen=True, slots=True)
class CoinRace:
    """First to `goal` points wins.  On a turn, step (one point, surely) or flip a coin
    (two points on heads, none on tails)."""

    goal: int = 5
    start: Race = Race((0, 0), Side.Maxie)

    def player(self, state: Race, /) -> Side | Nature:
        return Nature.Chance if state.flipping else state.side

    def moves(self, state: Race, /) -> Seq[str]:
        return seq.from_iterable(("step", "flip"))

    def play(self, state: Race, move: str, /) -> Status[Race]:
        if move == "flip":
            return Playing(Race(state.scores, state.side, flipping=True))
        return self._scored(state, 1)

    def outcomes(self, state: Race, /) -> Sequence[Branch[Race]]:
        half = Fraction(1, 2)
        return (Branch(half, self._scored(state, 2), "heads"),
                Branch(half, self._scored(state, 0), "tails"))  # fmt: skip

    def _scored(self, state: Race, points: int) -> Status[Race]:
        mine = 0 if state.side is Side.Maxie else 1
        scores = list(state.scores)
        scores[mine] += points
        if scores[mine] >= self.goal:
            return Done(Winner(state.side))
        return Playing(Race((scores[0], scores[1]), flip(state.side)))

    def state_to_string(self, state: Race, /) -> str:
        air = ", the coin in the air" if state.flipping else ""
        return f"Maxie {state.scores[0]}, Minnie {state.scores[1]}: {state.side}{air}"

    def move_to_string(self, move: str, /) -> str:
        return move

    def parse_move(self, state: Race, text: str, /) -> str | None:
        return text.strip() if text.strip() in ("step", "flip") else None


@final
@dataclass(frozen=True, slots=True)
class RaceEstimator:
    """Maxie's lead, between -goal and goal; a win is worth goal."""

    game: CoinRace

    def estimate(self, state: Race, /) -> Value:
        return state.scores[0] - state.scores[1]

    def outcome_value(self, outcome: Outcome, /) -> Value:
        return self.upper if outcome == Winner(Side.Maxie) else self.lower

    @property
    def lower(self) -> Value:
        return -self.game.goal

    @property
    def upper(self) -> Value:
        return self.game.goal


COIN_RACE = chance_entry("coinrace", "race to 5: step, or flip a coin", RaceEstimator(CoinRace()))
# --8<-- [end:chance-game]


# --8<-- [start:nplayer-game]
@final
@dataclass(frozen=True, slots=True)
class Pot:
    """What is left in the pot, what each player has taken, and who takes next."""

    left: int
    taken: tuple[int, ...]
    mover: int


@final
@dataclass(frozen=True, slots=True)
class SplitThePot:
    """`players` take turns taking 1 or 2 coins from a pot of `coins`; each keeps what it
    took.  The utilities add up to `coins`, so shallow pruning applies."""

    coins: int = 7
    players: int = 3

    @property
    def names(self) -> tuple[str, ...]:
        return tuple("ABCDEFGH"[: self.players])

    @property
    def start(self) -> Pot:
        return Pot(self.coins, (0,) * self.players, 0)

    def player(self, state: Pot, /) -> int:
        return state.mover

    def moves(self, state: Pot, /) -> Seq[int]:
        return seq.from_iterable(range(1, min(2, state.left) + 1))

    def play(self, state: Pot, move: int, /) -> NStatus[Pot]:
        taken = list(state.taken)
        taken[state.mover] += move
        if state.left == move:
            return Finished(tuple(taken))
        return Playing(Pot(state.left - move, tuple(taken), (state.mover + 1) % self.players))

    def state_to_string(self, state: Pot, /) -> str:
        return f"{state.left} left, taken {state.taken}, {self.names[state.mover]} to take"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: Pot, text: str, /) -> int | None:
        legal = {str(m): m for m in self.moves(state)}
        return legal.get(text.strip())


def _pot_guess(state: Pot) -> Vector:
    share = Fraction(state.left, len(state.taken))  # the rest, split evenly
    return tuple(t + share for t in state.taken)


SPLIT = SplitThePot()
SPLIT_THE_POT = nplayer_entry(
    "split", "take 1 or 2 coins from the pot", VectorEstimator(SPLIT, _pot_guess), total=7
)
# --8<-- [end:nplayer-game]
