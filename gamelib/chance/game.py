"""The CHANCE GAME contract: two players, and positions where dice decide.

The two-player [`gamelib.core.Game`][gamelib.core.game.Game] stays as the lectures have it.
A chance game is a separate contract with one more kind of position: at a
*chance position* nobody chooses; the game lists what can happen there, each
possibility a `Branch` with its probability.  Everywhere else the
contract reads like `Game`: `player` says who moves (`Side.Maxie`,
`Side.Minnie`, or `Nature.Chance`), `moves` and `play` work at
decision positions, and a move or a roll leads to a `Status`.

Probabilities are numbers: integers, exact `Fraction`
values, or floats.  `check_branches` says in one sentence what is wrong
with a list of branches (none at all, a negative probability, a total other
than 1): exactly 1 when every probability is exact, within
`FLOAT_TOLERANCE` of 1 when one is a float.

```pycon
>>> from fractions import Fraction
>>> from gamelib import Playing
>>> coin = [Branch(Fraction(1, 2), Playing("heads"), "heads"),
...         Branch(Fraction(1, 2), Playing("tails"), "tails")]
>>> len(check_branches(coin, "a coin"))
2
>>> check_branches(coin[:1], "a bent coin")
Traceback (most recent call last):
...
gamelib.core.model.ProbabilityError: the probabilities at a bent coin sum to 1/2, not 1

```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeAlias, TypeVar, final

from gamelib.core.contracts import (
    CheckedGame,
    ContractError,
    broken,
    check_moves,
    check_played,
    finite_number,
    game_title,
    position_text,
)
from gamelib.core.controller import GameTurns, outcome_results
from gamelib.core.datatypes import Done, Outcome, Playing, Side, Status, outcome_to_string
from gamelib.core.model import (
    FLOAT_TOLERANCE,
    Ended,
    Nature,
    NoBranchesError,
    Probability,
    ProbabilityError,
    Roll,
    check_probabilities,
    number_to_string,
)
from gamelib.errors import StoppedError
from gamelib.seq import Seq

__all__ = [
    "FLOAT_TOLERANCE",
    "Branch",
    "ChanceEstimator",
    "ChanceGame",
    "ChancePositionError",
    "ChanceTurns",
    "CheckedChanceEstimator",
    "CheckedChanceGame",
    "Mover",
    "Nature",
    "NoBranchesError",
    "Probability",
    "ProbabilityError",
    "Value",
    "check_branches",
    "check_probabilities",
    "checked_chance",
    "number_to_string",
]

S = TypeVar("S")
M = TypeVar("M")
S_co = TypeVar("S_co", covariant=True)

Value: TypeAlias = Fraction | float
"""A value from Maxie's point of view: an `int`, a `Fraction` or a `float`.

Averages of integers and fractions with fractional probabilities stay exact.
"""


Mover: TypeAlias = Side | Nature
"""Who decides what happens next in a position: a side, or chance."""


class ChancePositionError(StoppedError, ValueError):
    """A player was asked to choose a move at a chance position, where nobody chooses."""


@final
@dataclass(frozen=True, slots=True)
class Branch(Generic[S_co]):
    """One thing that can happen at a chance position, and how likely it is."""

    probability: Probability
    """How likely it is: at least 0; the branches of one position sum to 1."""
    status: Status[S_co]
    """Where it leads: `Playing(state)`, or `Done(outcome)` if it ends the game."""
    label: str
    """What happened, as a person reads it (`"rolled 3"`, `"0"`)."""


# --8<-- [start:chance-game]
class ChanceGame(Protocol[S, M]):
    """The rules of a two-player game with chance positions (states `S`, moves `M`).

    As [`gamelib.core.Game`][gamelib.core.game.Game], except that `player` may answer
    `Nature.Chance`; at such a position `outcomes` lists what can happen,
    and `moves` and `play` are not asked.
    """

    @property
    def start(self) -> S:
        """The position a new game starts from."""
        ...

    def player(self, state: S, /) -> Mover:
        """Who decides in `state`: `Side.Maxie`, `Side.Minnie` or `Nature.Chance`."""
        ...

    def moves(self, state: S, /) -> Seq[M]:
        """The legal moves at a decision position (non-empty; searches try them in order)."""
        ...

    def play(self, state: S, move: M, /) -> Status[S]:
        """The result of `move` at a decision position.  REQUIRES: `move` is legal."""
        ...

    def outcomes(self, state: S, /) -> Sequence[Branch[S]]:
        """What can happen at a chance position, each with its probability.

        ENSURES: non-empty, no probability negative, the probabilities sum to 1
        (see `check_branches`).  Searches rely on this and do not check it.
        """
        ...

    def state_to_string(self, state: S, /) -> str:
        """`state` as a person reads it."""
        ...

    def move_to_string(self, move: M, /) -> str:
        """`move` as a person types it."""
        ...

    def parse_move(self, state: S, text: str, /) -> M | None:
        """The move `text` names, if it is legal in `state`; otherwise None."""
        ...


class ChanceEstimator(Protocol[S, M]):
    """Numbers for positions a search cannot see past, and the range they lie in.

    Values are from Maxie's point of view, each one `lower <= v <= upper`: Ballard's
    Star1 and Star2 prune by the bounds, and an estimator that gives a value outside them
    breaks its promise (plain expectiminimax does not prune by them, but a game from
    `--game-from` is stopped for it, whatever the search).
    """

    @property
    def game(self) -> ChanceGame[S, M]:
        """The game whose positions are estimated."""
        ...

    def estimate(self, state: S, /) -> Value:
        """A number for a decision position (never asked of a chance position)."""
        ...

    def outcome_value(self, outcome: Outcome, /) -> Value:
        """The value of a finished game."""
        ...

    @property
    def lower(self) -> Value:
        """No value is below this (L in Ballard's paper)."""
        ...

    @property
    def upper(self) -> Value:
        """No value is above this (U in Ballard's paper)."""
        ...


# --8<-- [end:chance-game]


def check_branches(branches: Sequence[Branch[S]], where: str) -> Sequence[Branch[S]]:
    """`branches`, if their probabilities form a distribution (see
    `check_probabilities`, which raises otherwise).
    """
    check_probabilities([(b.label, b.probability) for b in branches], where)
    return branches


_MAXIE, _MINNIE, _CHANCE = Side.Maxie, Side.Minnie, Nature.Chance  # read once: see Side


@final
@dataclass(frozen=True, slots=True)
class ChanceTurns(GameTurns[S, M]):
    """A game of chance as the one controller
    ([`play_out`][gamelib.core.controller.play_out]) plays it: Maxie in seat 0, Minnie in
    seat 1, and at a chance position an outcome drawn with its probability (after
    [`check_branches`][gamelib.chance.game.check_branches] has checked the list).

    ```pycon
    >>> import io, random
    >>> from gamelib.core.controller import play_out
    >>> from gamelib.chance.trees import ChanceTreeGame, parse_chance_tree
    >>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c!Maxie, 1/2: d[e!Minnie]], f!Draw ]"))
    >>> out = io.StringIO()
    >>> record = play_out(ChanceTurns(game), [lambda s: 0] * 2, rng=random.Random(1), out=out,
    ...                   clock=lambda: 0.0)
    >>> print(out.getvalue(), end="")
    (Maxie,a)
    Maxie decides to make the move 0 (0.00 s)
    <BLANKLINE>
    (Chance,b)
    Chance: 0 (1/2)
    <BLANKLINE>
    Game over! Maxie wins!
    >>> record.outcome, record.rolls
    (Winner(side=<Side.Maxie>), (0,))

    ```
    """

    game: ChanceGame[S, M]
    """The game."""

    @property
    def seats(self) -> tuple[str, ...]:
        return ("Maxie", "Minnie")

    def mover(self, state: S, /) -> int | Nature:
        mover = self.game.player(state)
        return 0 if mover is _MAXIE else 1 if mover is _MINNIE else _CHANCE

    def play(self, state: S, move: M, /) -> S | Ended[Outcome]:
        status = self.game.play(state, move)
        return status.state if isinstance(status, Playing) else Ended(status.outcome)

    def rolls(self, state: S, /) -> list[Roll[S, Outcome]]:
        return [
            Roll(b.probability, b.label, s.state if isinstance(s, Playing) else Ended(s.outcome))
            for b in self.game.outcomes(state)
            for s in (b.status,)
        ]

    def results(self, outcome: Outcome, /) -> tuple[float, ...]:
        return outcome_results(outcome)

    def outcome_to_string(self, outcome: Outcome, /) -> str:
        return outcome_to_string(outcome)

    def ended(self, state: S, move: M | None, outcome: Outcome, /) -> str:
        return f"Game over! {outcome_to_string(outcome)}\n"


@final
@dataclass(frozen=True, slots=True)
class CheckedChanceGame(CheckedGame[S, M]):
    """A game of chance from outside gamelib (`--game-from`) whose every answer is checked
    against the contract, as the referee checks a two-player game's: a broken promise
    stops the game or the search in one sentence
    ([`ContractError`][gamelib.core.contracts.ContractError]) instead of a traceback or a
    wrong value.  gamelib's own games are not wrapped, and pay nothing.

    ```pycon
    >>> from gamelib.chance.trees import ChanceTreeGame, parse_chance_tree
    >>> class Bent(ChanceTreeGame):
    ...     def outcomes(self, state):
    ...         return super().outcomes(state)[:1]
    >>> game = CheckedChanceGame(Bent(parse_chance_tree("r[?a[1/2: b1, 1/2: c0]]")))
    >>> coin = game.play(game.start, 0).state
    >>> game.outcomes(coin)
    Traceback (most recent call last):
    ...
    gamelib.core.contracts.ContractError: Bent.outcomes must give probabilities that sum \
to 1, but the probabilities at '(Chance,a)' sum to 1/2, not 1

    ```
    """

    inner: ChanceGame[S, M]
    """The game as its author wrote it."""

    @property
    def start(self) -> S:
        return self.inner.start

    def player(self, state: S, /) -> Mover:
        mover: object = self.inner.player(state)
        if mover is _MAXIE or mover is _MINNIE or mover is _CHANCE:
            return mover
        raise broken(
            f"{game_title(self)}.player",
            "return Side.Maxie, Side.Minnie or Nature.Chance",
            mover,
            f"in '{position_text(self, state)}'",
        )

    def moves(self, state: S, /) -> Seq[M]:
        return check_moves(self, state, self.inner.moves(state))

    def play(self, state: S, move: M, /) -> Status[S]:
        status = self.inner.play(state, move)
        check_played(self, state, move, status)
        return status

    def outcomes(self, state: S, /) -> Sequence[Branch[S]]:
        branches: object = self.inner.outcomes(state)
        if not isinstance(branches, Sequence) or not all(
            isinstance(b, Branch) and isinstance(b.status, Playing | Done) for b in branches
        ):
            raise broken(
                f"{game_title(self)}.outcomes",
                "return a list of Branch(probability, Playing(state) or Done(outcome), label)",
                branches,
                f"at '{position_text(self, state)}'",
            )
        try:
            check_branches(branches, "")  # the position is written out only when it is wrong
        except ProbabilityError:
            try:
                check_branches(branches, f"'{position_text(self, state)}'")
            except ProbabilityError as error:  # a game's broken promise, not the user's input
                raise ContractError(
                    f"{game_title(self)}.outcomes must give probabilities that sum to 1, "
                    f"but {error}"
                ) from None
        return branches


@final
@dataclass(frozen=True, slots=True)
class CheckedChanceEstimator(Generic[S, M]):
    """The estimator of a [`CheckedChanceGame`][gamelib.chance.game.CheckedChanceGame]:
    every value it gives must be a finite number within the bounds it promises (every
    chance search relies on them, not only Star1 and Star2).  `checked_chance` makes it."""

    inner: ChanceEstimator[S, M]
    """The estimator as its author wrote it."""
    game: CheckedChanceGame[S, M]
    """Its game, checked."""

    @property
    def lower(self) -> Value:
        return self.inner.lower

    @property
    def upper(self) -> Value:
        return self.inner.upper

    def estimate(self, state: S, /) -> Value:
        value = self.inner.estimate(state)
        if self._within(value):
            return value
        raise self._outside(value, "estimate", f"for '{position_text(self.game, state)}'")

    def outcome_value(self, outcome: Outcome, /) -> Value:
        value = self.inner.outcome_value(outcome)
        if self._within(value):
            return value
        raise self._outside(value, "outcome_value", f"for '{outcome_to_string(outcome)}'")

    def _within(self, value: Value) -> bool:
        return finite_number(value) and self.inner.lower <= value <= self.inner.upper

    def _outside(self, value: Value, method: str, where: str) -> ContractError:
        low, high = self.inner.lower, self.inner.upper
        return broken(
            f"{type(self.inner).__name__}.{method}",
            f"give a finite number within the bounds [{number_to_string(low)}, "
            f"{number_to_string(high)}] it promises",
            value,
            where,
        )


def checked_chance(estimator: ChanceEstimator[S, M]) -> CheckedChanceEstimator[S, M]:
    """`estimator`, and its game, checked at every answer (see `CheckedChanceGame`).

    ```pycon
    >>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
    >>> game = ChanceTreeGame(parse_chance_tree("r[a3, b9]"))
    >>> checked = checked_chance(chance_tree_estimator(game, lower=3, upper=9))
    >>> checked.estimate(checked.game.start)  # r has no number: 0
    Traceback (most recent call last):
    ...
    gamelib.core.contracts.ContractError: ChanceTreeEstimator.estimate must give a finite \
number within the bounds [3, 9] it promises, but it gave 0 for '(Maxie,r)'

    ```
    """
    return CheckedChanceEstimator(estimator, CheckedChanceGame(estimator.game))
