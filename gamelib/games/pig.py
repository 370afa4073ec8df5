"""Pig, the dice game: roll to build a turn total, hold to bank it; a 1 loses the turn's points.

Two players take turns.  On your turn you roll one die as often as you like:
each roll of 2-6 adds its face to your turn total; a 1 wipes the turn total
out and ends your turn.  Instead of rolling you may *hold*: the turn total is
added to your score and the turn passes.  The first to reach `target`
points wins.  Two choices keep every game finite and every decision real:

- a turn starts with a roll (holding nothing would only pass the turn), and
- a roll that brings your score and turn total to the target wins at once
  (holding then is the only sensible move).

A state is both scores, the turn total, the side to move, and whether a roll
is under way: after the move `roll` the state is a *chance position*, whose
six outcomes each have probability 1/6.

Pig has cycles (two 1s in a row bring back the same scores), so its exact
value is a fixed point, not a finite tree: `solve_pig` finds it.
Score pairs are solved from the highest total down, since scores never fall;
within a pair (a, b) the two positions (a, b, 0) and (b, a, 0) depend only
on each other and on pairs already solved.  Going once round the pair
(a guess at (b, a, 0) gives (a, b, 0), which gives a new (b, a, 0)) is an
increasing, piecewise linear map with slope below 1, so a few secant steps
find its fixed point.

```pycon
>>> game = Pig(target=10)
>>> print(game.state_to_string(game.start))
Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0
>>> after = game.play(game.start, PigMove.Roll).state  # type: ignore[union-attr]
>>> [b.label for b in game.outcomes(after)][:2], game.parse_move(after, "roll")
(['rolled 1', 'rolled 2'], None)
>>> round(solve_pig(10).start_value, 6)  # the first player's chance, both playing their best
0.709424

```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import assert_never, final

from gamelib import seq
from gamelib.chance.game import (
    Branch,
    ChancePositionError,
    Mover,
    Nature,
    Value,
    check_branches,
)
from gamelib.core.checks import echo_value
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner
from gamelib.core.svg import Svg, rect, text
from gamelib.seq import Seq

__all__ = [
    "Pig",
    "PigEstimator",
    "PigMove",
    "PigSolution",
    "PigState",
    "pig_estimator",
    "pig_picture",
    "solve_pig",
]

_SIDES = 6
_FACE = Fraction(1, _SIDES)


class PigMove(Enum):
    """What a player may do on their turn."""

    Roll = "roll"
    Hold = "hold"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"<PigMove.{self.name}>"


@final
@dataclass(frozen=True, slots=True)
class PigState:
    """A position of Pig."""

    maxie: int
    """Maxie's banked score."""
    minnie: int
    """Minnie's banked score."""
    turn_total: int
    """Points rolled this turn, not banked yet."""
    side: Side
    """Whose turn it is."""
    rolling: bool = False
    """Whether the die is in the air: a chance position."""

    def _repr_svg_(self) -> str:
        """The scores as a notebook draws them (`pig_picture`)."""
        return pig_picture(self).text

    def scores(self) -> tuple[int, int]:
        """The banked scores of the side to move and of the other side."""
        return (self.maxie, self.minnie) if self.side is Side.Maxie else (self.minnie, self.maxie)


_ROLL_ONLY: Seq[PigMove] = seq.from_iterable((PigMove.Roll,))
_ROLL_OR_HOLD: Seq[PigMove] = seq.from_iterable((PigMove.Roll, PigMove.Hold))
_WORDS = {"roll": PigMove.Roll, "r": PigMove.Roll, "hold": PigMove.Hold, "h": PigMove.Hold}


def _bank(state: PigState, points: int) -> PigState:
    """The turn passes, with `points` added to the mover's score."""
    if state.side is Side.Maxie:
        return PigState(state.maxie + points, state.minnie, 0, Side.Minnie)
    return PigState(state.maxie, state.minnie + points, 0, Side.Maxie)


@final
@dataclass(frozen=True, slots=True)
class Pig:
    """Pig to `target` points with one six-sided die; Maxie rolls first.

    REQUIRES: `target` is a whole number, at least 1 (`ValueError` otherwise).
    """

    target: int = 20
    """The score that wins."""

    def __post_init__(self) -> None:
        target: object = self.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(
                f"a Pig target must be a whole number of at least 1, got {echo_value(target)}"
            )

    @property
    def start(self) -> PigState:
        return PigState(0, 0, 0, Side.Maxie)

    def player(self, state: PigState, /) -> Mover:
        return Nature.Chance if state.rolling else state.side

    def moves(self, state: PigState, /) -> Seq[PigMove]:
        return _ROLL_ONLY if state.turn_total == 0 else _ROLL_OR_HOLD

    def play(self, state: PigState, move: PigMove, /) -> Status[PigState]:
        match move:
            case PigMove.Roll:
                return Playing(replace(state, rolling=True))
            case PigMove.Hold:
                return Playing(_bank(state, state.turn_total))
            case _:
                assert_never(move)

    def outcomes(self, state: PigState, /) -> Sequence[Branch[PigState]]:
        if not state.rolling:
            raise ChancePositionError(
                f"'{self.state_to_string(state)}' is a decision position: nothing is rolled"
            )
        own = state.scores()[0]
        after_one = _bank(state, 0)
        branches: list[Branch[PigState]] = [Branch(_FACE, Playing(after_one), "rolled 1")]
        for face in range(2, _SIDES + 1):
            total = state.turn_total + face
            status: Status[PigState] = (
                Done(Winner(state.side))
                if own + total >= self.target
                else Playing(PigState(state.maxie, state.minnie, total, state.side))
            )
            branches.append(Branch(_FACE, status, f"rolled {face}"))
        return branches

    def state_to_string(self, state: PigState, /) -> str:
        doing = "rolls the die" if state.rolling else "to move"
        return (
            f"Maxie {state.maxie}, Minnie {state.minnie} (to {self.target}): "
            f"{state.side} {doing}, turn total {state.turn_total}"
        )

    def move_to_string(self, move: PigMove, /) -> str:
        return move.value

    def parse_move(self, state: PigState, text: str, /) -> PigMove | None:
        """`roll` or `r`, `hold` or `h` (any case); None when it is not legal here."""
        move = _WORDS.get(text.strip().lower())
        if move is None or state.rolling or (move is PigMove.Hold and state.turn_total == 0):
            return None
        return move


check_branches(Pig().outcomes(replace(Pig().start, rolling=True)), "Pig's die")


@final
@dataclass(frozen=True, slots=True)
class PigEstimator:
    """A quick guess at Maxie's winning chance, for depth-limited search: a race.

    The side to move needs `a` more points (counting the turn total), the
    other side `b`; the guess that the side to move wins is b / (a + b).
    Values lie in [0, 1]: a win for Maxie is 1, for Minnie 0.
    """

    game: Pig
    """The game estimated."""

    @property
    def lower(self) -> Value:
        return 0

    @property
    def upper(self) -> Value:
        return 1

    def estimate(self, state: PigState, /) -> Value:
        own, other = state.scores()
        need = self.game.target - own - state.turn_total
        other_need = self.game.target - other
        mover = Fraction(other_need, need + other_need)
        return mover if state.side is Side.Maxie else 1 - mover

    def outcome_value(self, outcome: Outcome, /) -> Value:
        match outcome:
            case Winner(side):
                return 1 if side is Side.Maxie else 0
            case Draw():
                return Fraction(1, 2)
            case _:
                assert_never(outcome)


def pig_estimator(game: Pig) -> PigEstimator:
    """The race estimator for `game` (see `PigEstimator`)."""
    return PigEstimator(game)


# --------------------------------------------------------------------------
# The exact value


@final
@dataclass(frozen=True, slots=True)
class PigSolution:
    """The winning chances of optimal play in Pig to `target` (floats).

    `table[(own, other, turn_total)]` is the chance that the side to move
    wins from its decision position with those scores, both sides playing
    to win.
    """

    target: int
    """The game's target."""
    table: dict[tuple[int, int, int], float]
    """The side to move's winning chance at each decision position."""

    @property
    def start_value(self) -> float:
        """The first player's winning chance under optimal play."""
        return self.table[(0, 0, 0)]

    def _roll(self, own: int, other: int, turn_total: int) -> float:
        """The mover's chance when rolling now (then playing on optimally)."""
        total = 1 - self.table[(other, own, 0)]  # a 1: the other side moves at (other, own)
        for face in range(2, _SIDES + 1):
            k = turn_total + face
            total += 1.0 if own + k >= self.target else self.table[(own, other, k)]
        return total / _SIDES

    def _hold(self, own: int, other: int, turn_total: int) -> float:
        return 1 - self.table[(other, own + turn_total, 0)]

    def win_chance(self, state: PigState) -> float:
        """Maxie's winning chance at `state` (a decision or a chance position)."""
        own, other = state.scores()
        if state.rolling:
            mover = self._roll(own, other, state.turn_total)
        else:
            mover = self.table[(own, other, state.turn_total)]
        return mover if state.side is Side.Maxie else 1 - mover

    def best_move(self, state: PigState) -> PigMove:
        """The optimal move at a decision position (rolling, when both are as good)."""
        if state.rolling:
            raise ChancePositionError("the die is rolling: nobody chooses a move now")
        own, other = state.scores()
        if state.turn_total == 0:
            return PigMove.Roll
        hold = self._hold(own, other, state.turn_total)
        return PigMove.Hold if hold > self._roll(own, other, state.turn_total) else PigMove.Roll


def solve_pig(target: int, *, tolerance: float = 1e-15) -> PigSolution:
    """The exact winning chances of Pig to `target`, to within `tolerance` (floats).

    Time and memory grow as `target` cubed: the classic target 100 takes seconds.
    """
    Pig(target)  # checks the target
    table: dict[tuple[int, int, int], float] = {}

    def row(own: int, other: int, comeback: float) -> float:
        """Fill in the mover's chances at (own, other, k) for every turn total k, given
        `comeback`, the other side's chance at (other, own, 0); return the one at k = 0.
        """
        chance = 0.0
        for k in range(target - own - 1, -1, -1):
            roll = 1 - comeback
            for face in range(2, _SIDES + 1):
                roll += 1.0 if own + k + face >= target else table[(own, other, k + face)]
            chance = roll / _SIDES
            if k > 0:
                chance = max(chance, 1 - table[(other, own + k, 0)])
            table[(own, other, k)] = chance
        return chance

    def settle(a: int, b: int) -> None:
        """Solve the pair of rows (a, b, ·) and (b, a, ·), which lean on each other."""

        def round_trip(y: float) -> float:  # y at (b, a, 0) -> x at (a, b, 0) -> new y
            return row(b, a, row(a, b, y))

        # round_trip is increasing, piecewise linear, with slope below 1: the secant
        # step lands on its fixed point once two guesses share a linear piece.
        y0, g0 = 0.5, round_trip(0.5)
        y1 = g0
        g1 = round_trip(y1)
        for _ in range(100):
            if abs(g1 - y1) <= tolerance:
                break
            slope = (g1 - g0) / (y1 - y0) if y1 != y0 else 0.0
            y2 = y1 + (g1 - y1) / (1 - slope) if 0 <= slope < 1 else g1
            y0, g0 = y1, g1
            y1 = min(1.0, max(0.0, y2))
            g1 = round_trip(y1)
        while abs(g1 - y1) > tolerance:  # plain iteration always converges, if slowly
            y1, g1 = g1, round_trip(g1)
        row(a, b, g1)  # both rows rest on the settled value
        row(b, a, table[(a, b, 0)])

    for total in range(2 * (target - 1), -1, -1):
        for a in range(max(0, total - target + 1), total // 2 + 1):
            settle(a, total - a)
    return PigSolution(target, table)


def pig_picture(state: PigState, target: int | None = None) -> Svg:
    """The scores as a picture: a bar for each side's banked points (Maxie red, Minnie
    yellow), the turn's points not banked yet in grey after the mover's, scaled to
    `target` (default: the larger score, at least 20), and whose turn it is.

    ```pycon
    >>> state = PigState(maxie=12, minnie=5, turn_total=4, side=Side.Minnie)
    >>> lines = pig_picture(state, 20).text.splitlines()
    >>> bars = [line for line in lines if line.startswith("<rect")]
    >>> [(b.split('class="')[1].split('"')[0], b.split('width="')[1].split('"')[0]) for b in bars]
    [('bar-maxie', '120'), ('bar-minnie', '50'), ('bar-turn', '40')]

    ```
    """
    scale = target if target is not None else max(20, state.maxie, state.minnie + state.turn_total)
    scale = max(scale, state.maxie, state.minnie + state.turn_total, 1)
    width = 200
    parts = []
    for row, (name, banked, kind) in enumerate(
        (("Maxie", state.maxie, "bar-maxie"), ("Minnie", state.minnie, "bar-minnie"))
    ):
        y = 8 + 28 * row
        parts.append(text(4, y + 14, name))
        parts.append(rect(60, y, width * banked / scale, 18, kind, points=banked))
        if name == str(state.side) and state.turn_total:
            parts.append(
                rect(
                    60 + width * banked / scale,
                    y,
                    width * state.turn_total / scale,
                    18,
                    "bar-turn",
                    points=state.turn_total,
                )
            )
        parts.append(text(60 + width + 8, y + 14, str(banked)))
    doing = "roll the die" if state.rolling else "move"
    turn = f"{state.side} to {doing}, turn total {state.turn_total}"
    parts.append(text(4, 78, turn))
    return Svg.of(300, 88, parts, f"Pig: {turn}")
