"""THE MODEL: one contract for every game gamelib plays, whatever its family.

The lectures give three faces to write a game against: [`Game`][gamelib.core.game.Game]
(Maxie and Minnie), `ChanceGame` (dice) and `NPlayerGame` (n players and their
utilities).  Underneath, gamelib plays, matches and saves them all through one shape, the
one the field's general frameworks use:

- seats `0 .. n-1`, each with a name (`Maxie`, `Minnie`; `A`, `B`, `C`);
- in each position a mover: a seat, or `Nature.Chance` where chance decides;
- the legal moves of a seat to move, or what chance can do, each with its probability;
- play: a move leads to the next position, or to the end;
- at the end, a result per seat (larger is better for that seat).

Each face is adapted onto the model once, beside its own contract:
[`TwoPlayers`][gamelib.core.controller.TwoPlayers] for `Game`, `ChanceTurns` for a
`ChanceGame` and `NPlayerTurns` for an `NPlayerGame`.  The controller, the match and the
saved games read only the model.

```pycon
>>> from gamelib.core.controller import TwoPlayers
>>> from gamelib.games.nim import Nim
>>> nim = TwoPlayers(Nim(pile=2))
>>> nim.seats, nim.mover(nim.start), nim.moves(nim.start)
(('Maxie', 'Minnie'), 0, (1, 2))
>>> ended = nim.play(nim.start, 2)  # who takes the last one loses
>>> ended, nim.results(ended.outcome)
(Ended(outcome=Winner(side=<Side.Minnie>)), (-1, 1))

```
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, NamedTuple, Protocol, TypeAlias, TypeVar, final

from gamelib.core.checks import quoted
from gamelib.core.datatypes import _slot_setter
from gamelib.errors import InputError

__all__ = [
    "FLOAT_TOLERANCE",
    "SHORT_FRACTION",
    "Ended",
    "Finished",
    "Model",
    "Nature",
    "NoBranchesError",
    "Number",
    "Probability",
    "ProbabilityError",
    "Roll",
    "Vector",
    "check_probabilities",
    "check_rolls",
    "number_to_string",
    "sample",
    "value_to_string",
    "vector_to_string",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")
S_co = TypeVar("S_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)

Probability: TypeAlias = Fraction | float
"""A probability: an `int`, an exact `Fraction`, or a `float`."""


class Nature(Enum):
    """The one mover who is not a player: at a chance position the dice decide."""

    Chance = "Chance"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"<Nature.{self.value}>"


@final
@dataclass(frozen=True, slots=True)
class Ended(Generic[R_co]):
    """The game is over: what [`Model.play`][gamelib.core.model.Model.play] returns after
    the last move (or a roll, after the last roll)."""

    outcome: R_co
    """How it ended, as the game's face says it (an `Outcome`, a vector of utilities)."""

    def __init__(self, outcome: R_co) -> None:
        # Made at every end a search meets: set the slot directly, as `Playing` does (the
        # class stays frozen).
        _set_outcome(self, outcome)


_set_outcome = _slot_setter(Ended, "outcome")


class Roll(NamedTuple, Generic[S_co, R_co]):
    """One thing chance can do at a chance position, and how likely it is (a named tuple:
    a search makes one for each roll of each chance position it expands)."""

    probability: Probability
    """How likely it is: at least 0; the rolls of one position sum to 1."""
    label: str
    """What happened, as a person reads it (`"rolled 3"`, `"heads"`)."""
    after: S_co | Ended[R_co]
    """Where it leads: the next position, or the end."""


class Model(Protocol[S, M, R]):
    """A game of any family, as gamelib plays it: seats, a mover, moves or rolls, play,
    and a result per seat at the end.  `S` are its positions, `M` its moves and `R` the
    outcome its face ends with."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The players' names, seat 0 first (`Maxie`, `Minnie`; `A`, `B`, `C`)."""
        ...

    @property
    def start(self) -> S:
        """Where the game starts."""
        ...

    def mover(self, state: S, /) -> int | Nature:
        """Who decides in `state`: a seat's number, or `Nature.Chance`."""
        ...

    def moves(self, state: S, /) -> tuple[M, ...]:
        """The legal moves of the seat to move, in the game's order (never empty: a game
        that offers none in a position still being played is refused by name)."""
        ...

    def rolls(self, state: S, /) -> Sequence[Roll[S, R]]:
        """What chance can do in a chance position, each with its probability (checked to
        be a distribution)."""
        ...

    def play(self, state: S, move: M, /) -> S | Ended[R]:
        """The position after `move` by the seat to move, or how the game ended."""
        ...

    def results(self, outcome: R, /) -> tuple[float, ...]:
        """Each seat's result in a game that ended with `outcome`, seat 0 first: larger is
        better for that seat (a win 1, a loss -1, a draw 0 for two players)."""
        ...

    def state_to_string(self, state: S, /) -> str:
        """The position as a person reads it."""
        ...

    def move_to_string(self, move: M, /) -> str:
        """A move as a person types it."""
        ...

    def parse_move(self, state: S, text: str, /) -> M | None:
        """The legal move `text` names in `state`, if any."""
        ...

    def outcome_to_string(self, outcome: R, /) -> str:
        """How the game ended, in words (`Maxie wins!`, `A 0, B 1, C 0`)."""
        ...


FLOAT_TOLERANCE = 1e-9
"""How far from 1 the probabilities may sum when one of them is a float."""


class ProbabilityError(InputError, ValueError):
    """A list of branches whose probabilities are not a probability distribution."""


class NoBranchesError(ProbabilityError):
    """A chance position that lists nothing that can happen."""


def check_probabilities(labelled: Sequence[tuple[str, object]], where: str) -> None:
    """Nothing, if the `(label, probability)` pairs form a distribution; else one sentence why.

    `where` names the position in the message.  Raises
    `NoBranchesError` for an empty list, and `ProbabilityError`
    for a probability that is not a number, negative, or not finite, or for
    probabilities that do not sum to 1: exactly, when all are integers or
    fractions; within `FLOAT_TOLERANCE` when one is a float.

    ```pycon
    >>> check_probabilities([("a", -0.5), ("b", 1.5)], "x")
    Traceback (most recent call last):
    ...
    gamelib.core.model.ProbabilityError: the probability -0.5 of 'a' at x is negative
    >>> check_probabilities([("a", 0.1), ("b", 0.2), ("c", 0.7)], "x")  # within the tolerance

    ```
    """
    if not labelled:
        raise NoBranchesError(f"the chance position {where} lists no outcomes")
    total: Probability = 0
    exact = True
    for label, p in labelled:
        q: Probability
        if isinstance(p, float):
            exact = False
            if not math.isfinite(p):
                raise ProbabilityError(
                    f"the probability {p} of {quoted(label)} at {where} is not finite"
                )
            q = p
        elif isinstance(p, int | Fraction) and not isinstance(p, bool):
            q = Fraction(p)
        else:
            raise ProbabilityError(
                f"the probability {quoted(p)} of {quoted(label)} at {where} is not a number"
            )
        if q < 0:
            raise ProbabilityError(
                f"the probability {number_to_string(q)} of {quoted(label)} at {where} is negative"
            )
        total += q
    off = (total != 1) if exact else (abs(float(total) - 1) > FLOAT_TOLERANCE)
    if off:
        raise ProbabilityError(
            f"the probabilities at {where} sum to {number_to_string(total)}, not 1"
        )


def check_rolls(rolls: Sequence[Roll[S, R]], where: str) -> Sequence[Roll[S, R]]:
    """`rolls`, if their probabilities form a distribution (see `check_probabilities`,
    which raises otherwise).  Where a game is played, the rolls it draws from are checked;
    the searches rely on the contract and do not check them."""
    check_probabilities([(r.label, r.probability) for r in rolls], where)
    return rolls


def sample(probabilities: Sequence[Probability], u: float) -> int:
    """The index of the roll that `u`, uniform in [0, 1), falls in, among rolls with these
    `probabilities`.

    Roll i covers [p₀ + … + pᵢ₋₁, p₀ + … + pᵢ); a `u` beyond the last sum (rounding, with
    float probabilities) picks the last roll that can happen.

    ```pycon
    >>> die = [Fraction(1, 6)] * 6
    >>> sample(die, 0.0), sample(die, 0.5), sample(die, 0.99)
    (0, 3, 5)

    ```
    """
    total = 0.0
    last = 0
    for i, p in enumerate(probabilities):
        if p > 0:
            last = i
            total += float(p)
            if u < total:
                return i
    return last


def number_to_string(x: Fraction | float) -> str:
    """A value, a utility or a probability as a person writes it: `3`, `1/3`, `2.5`.

    ```pycon
    >>> number_to_string(Fraction(2, 6)), number_to_string(Fraction(4, 2)), number_to_string(2.0)
    ('1/3', '2', '2')

    ```
    """
    if isinstance(x, float):
        return str(int(x)) if x.is_integer() else repr(x)
    return str(x)


Number: TypeAlias = Fraction | float
"""A utility: an `int`, a `Fraction` (both exact) or a `float`."""

Vector: TypeAlias = tuple[Number, ...]
"""One utility per player, player 0 first."""


def vector_to_string(vector: Vector) -> str:
    """A vector as the tree text writes it: `(3,1/2,0)`.

    ```pycon
    >>> vector_to_string((3, Fraction(1, 2), 0))
    '(3,1/2,0)'

    ```
    """
    return "(" + ",".join(number_to_string(x) for x in vector) + ")"


SHORT_FRACTION = 9
"""The longest fraction `value_to_string` writes exactly (`6109/7560`): a longer one is
written as a decimal only."""


def value_to_string(value: Number | Vector, decimal: bool = True) -> str:
    """A value as a person reads it: a fraction exactly when it is short, with its decimal
    too if `decimal`, and only as a decimal when it is long; a vector element by element.
    A float (an MCTS mean) is written as it is when short, else as a decimal.  A decimal
    has four places, or four figures when it is that small, so no value but 0 reads 0.
    What a program reads (`--json`) keeps the exact value: `number_to_string`.

    ```pycon
    >>> value_to_string(Fraction(5, 6)), value_to_string(Fraction(5, 6), decimal=False)
    ('5/6 (about 0.8333)', '5/6')
    >>> value_to_string(Fraction(1319377113597752303, 2077331750506172160))
    'about 0.6351'
    >>> value_to_string(Fraction(4, 2)), value_to_string(0.5), value_to_string(2 / 3)
    ('2', '0.5', 'about 0.6667')
    >>> value_to_string(Fraction(-6109, 7560)), value_to_string(Fraction(1, 10**9))
    ('-6109/7560 (about -0.8081)', 'about 1e-09')
    >>> value_to_string((Fraction(1, 2), Fraction(10000, 30001), 0))
    '(1/2,about 0.3333,0)'

    ```
    """
    if isinstance(value, tuple):
        return "(" + ",".join(value_to_string(x, decimal=False) for x in value) + ")"
    exact = number_to_string(value)
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return exact
    short = len(exact.lstrip("-")) <= SHORT_FRACTION  # a sign is no harder to read
    if isinstance(value, float) and (short or not math.isfinite(value)):
        return exact
    near = float(value)
    about = f"about {near:.4f}" if abs(near) >= 0.00005 or near == 0 else f"about {near:.4g}"
    if not short:
        return about
    return f"{exact} ({about})" if decimal else exact


@final
@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over and each player gets its component of `utilities`."""

    utilities: Vector
    """One utility per player, player 0 first."""

    def __str__(self) -> str:
        return f"Finished {vector_to_string(self.utilities)}"
