"""ESTIMATOR and SETTINGS: how a search player judges positions it cannot see past.

An estimate (SML `est`) is either `Definitely(outcome)`, for a finished
game, or `Guess(g)`, a heuristic value.  Estimates are only ever compared
through the estimator's `compare`; larger is better for Maxie.

```pycon
>>> from gamelib import Draw, Side, Winner
>>> standard_compare(Guess(0), Definitely(Draw()))
EQUAL
>>> standard_compare(Guess(-100), Definitely(Winner(Side.Minnie)))
GREATER

```
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Protocol, TypeAlias, TypeVar, assert_never, final

from gamelib.core.checks import check_depth
from gamelib.core.datatypes import EQUAL, GREATER, LESS, Draw, Order, Outcome, Side, Winner
from gamelib.core.game import Game, ShowsStates
from gamelib.core.model import number_to_string
from gamelib.errors import StoppedError
from gamelib.seq import Seq

__all__ = [
    "Definitely",
    "DepthSettings",
    "Est",
    "Estimator",
    "Guess",
    "GuessError",
    "MoveOrder",
    "NaNGuessError",
    "NotANumberGuessError",
    "NumericEstimator",
    "Settings",
    "checked_estimate",
    "est_to_string",
    "estimator_name",
    "nan_guess",
    "not_a_number",
    "numeric_guesses",
    "standard_compare",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
G_co = TypeVar("G_co", covariant=True)


# --8<-- [start:est]
@final
@dataclass(frozen=True, slots=True)
class Definitely:
    """The value of a finished game: its outcome is known for sure."""

    outcome: Outcome
    """How the game ended."""

    def __str__(self) -> str:
        match self.outcome:
            case Winner(side):
                return f"Definitely {side} wins"
            case Draw():
                return "Definitely a draw"
            case _:
                assert_never(self.outcome)


@final
@dataclass(frozen=True, slots=True)
class Guess(Generic[G_co]):
    """A heuristic value of an unfinished game (SML `Guess of guess`)."""

    guess: G_co
    """The estimator's guess; only its estimator knows how to order it."""

    def __str__(self) -> str:
        return f"Guess {self.guess}"


Est: TypeAlias = Definitely | Guess[G]
"""An estimate (SML `Est.est`)."""
# --8<-- [end:est]


# --8<-- [start:estimator]
class Estimator(Protocol[S, M, G]):
    """A heuristic for one game and the order of its estimates (SML `ESTIMATOR`)."""

    @property
    def game(self) -> Game[S, M]:
        """The game whose states are estimated."""
        ...

    def estimate(self, state: S, /) -> G:
        """A guess of who is winning in `state` (called on unfinished states)."""
        ...

    def compare(self, a: Est[G], b: Est[G], /) -> Order:
        """`LESS` when `a` is worse for Maxie than `b`, and so on."""
        ...

    def guess_to_string(self, guess: G, /) -> str:
        """`guess` as a person reads it (SML `Est.toString`)."""
        ...


# --8<-- [end:estimator]


_INF = math.inf
_MAXIE = Side.Maxie


class NaNGuessError(StoppedError, ValueError):
    """An estimator gave NaN: a guess that is neither less nor greater than any other."""


def nan_guess(game: ShowsStates[S], state: S) -> NaNGuessError:
    """The error for an estimator that gave NaN for `state`; it names the position.

    NaN compares neither less nor greater than anything (so `standard_compare`
    would call it equal to every value), and a search given one would choose
    a move arbitrarily: Minimax and AlphaBeta would disagree.  The searches
    check each guess as it comes from the estimator, with one `g != g`
    (true only for NaN), and raise this.
    """
    return NaNGuessError(
        f"the estimator gave NaN for '{game.state_to_string(state)}': a guess must be a "
        "number that compares with others, and NaN is neither less nor greater than any"
    )


X = TypeVar("X")


def checked_estimate(
    estimate: Callable[[S], X],
    game: ShowsStates[S],
    before: Callable[[], None] | None = None,
    *,
    estimator: object = None,
    numeric: bool | None = None,
) -> Callable[[S], X]:
    """`estimate`, refusing NaN: the one checked leaf every search estimates through.

    Made once per player (`estimate = checked_estimate(est.estimate, game, estimator=est)`);
    each call gives the estimate, or raises [`NaNGuessError`][gamelib.core.estimator.NaNGuessError]
    naming the position when it is NaN (`g != g` is true for NaN alone).  `before`, if
    given, is called first each time (a budget counting the estimates), in the same frame.

    When the guesses must be numbers (`numeric`; by default, when `estimator` orders its
    guesses by [`standard_compare`][gamelib.core.estimator.standard_compare] or negates and
    averages them), a guess that is no number at all (None, a string, a complex number)
    is refused too, with [`GuessError`][gamelib.core.estimator.GuessError] naming the
    estimator and the position.  An `int` or a `float` passes with one look at its type;
    only another type is looked at further.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> estimate = checked_estimate(lambda s: float("nan"), Nim())
    >>> estimate(Nim().start)
    Traceback (most recent call last):
    ...
    gamelib.core.estimator.NaNGuessError: the estimator gave NaN for '15 left, and it is \
Maxie's turn': a guess must be a number that compares with others, and NaN is neither \
less nor greater than any
    >>> def pebbles(state):
    ...     return str(state.pebbles)
    >>> estimator = NumericEstimator(Nim(), pebbles)
    >>> checked_estimate(estimator.estimate, Nim(), estimator=estimator)(Nim().start)
    Traceback (most recent call last):
    ...
    gamelib.core.estimator.NotANumberGuessError: the estimator pebbles gave '15' for '15 \
left, and it is Maxie's turn': a numeric search needs every guess to be a number (an int, a \
float or a Fraction)

    ```
    """
    if numeric is None:
        numeric = estimator is not None and numeric_guesses(estimator)
    name = estimator_name(estimator) if numeric else ""

    def checked(state: S, /) -> X:
        if before is not None:
            before()
        g = estimate(state)
        if g != g:  # NaN compares neither way: refuse it, naming the position
            raise nan_guess(game, state)
        if numeric:
            kind = type(g)
            if kind is not float and kind is not int and not isinstance(g, numbers.Real):
                raise not_a_number(name, g, game, state)  # None, a string: no number at all
        return g

    return checked


def numeric_guesses(estimator: object) -> bool:
    """Whether `estimator`'s guesses must be numbers: it orders them by
    [`standard_compare`][gamelib.core.estimator.standard_compare], or it negates and
    averages them (the numeric-estimates capability)."""
    if getattr(estimator, "compare", None) is standard_compare:
        return True
    return all(
        callable(getattr(estimator, name, None)) for name in ("negate", "average", "outcome_guess")
    )


def estimator_name(estimator: object) -> str:
    """What a message calls `estimator`: the name of the function a
    [`NumericEstimator`][gamelib.core.estimator.NumericEstimator] was made from (unless it
    is a lambda), else the estimator's class, through the library's wrappers (`inner`)."""
    for _ in range(10):
        inner = getattr(estimator, "inner", None)
        if inner is None:
            break
        estimator = inner
    if isinstance(estimator, NumericEstimator):
        name = getattr(estimator.estimate, "__name__", "")
        if isinstance(name, str) and name.isidentifier():
            return name
    return type(estimator).__name__


def not_a_number(name: str, guess: object, game: ShowsStates[S], state: S) -> NotANumberGuessError:
    """The error for an estimator `name` whose guess for `state` is not a number."""
    shown = repr(guess)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return NotANumberGuessError(
        f"the estimator {name} gave {shown} for '{game.state_to_string(state)}': a numeric "
        "search needs every guess to be a number (an int, a float or a Fraction)"
    )


def _score(e: Est[float]) -> float:
    if isinstance(e, Guess):
        return e.guess
    outcome = e.outcome
    if isinstance(outcome, Draw):
        return 0.0
    return _INF if outcome.side is Side.Maxie else -_INF


def standard_compare(a: Est[float], b: Est[float]) -> Order:
    """The standard order of numeric estimates (the reference doc's order).

    `Definitely(Winner(Minnie)) < Guess(negative) < Guess(0) ==
    Definitely(Draw()) < Guess(positive) < Definitely(Winner(Maxie))`;
    guesses compare as numbers.

    REQUIRES: guesses are finite numbers (not NaN or infinity).  A NaN is
    refused with [`NaNGuessError`][gamelib.core.estimator.NaNGuessError] (the searches refuse it
    sooner, where they can name the position); checked only where the two compared equal,
    which is where every comparison with NaN ends, so other comparisons pay
    nothing for it.
    """
    if isinstance(a, Guess):
        x = a.guess
        if isinstance(b, Guess):  # two guesses: the usual case
            y = b.guess
            try:
                if x < y:
                    return LESS
                if x > y:
                    return GREATER
                if x - x == 0 and y - y == 0:  # a tie of finite numbers (not NaN, not inf)
                    return EQUAL
            except TypeError:  # None, strings: no guesses of a numeric estimator
                raise GuessError(f"cannot compare {a} with {b}: {_NUMBERS_ONLY}") from None
            _check_tie(a, b, x, y)
            return EQUAL
        y = _score(b)
    elif isinstance(b, Guess):
        x = _score(a)
        y = b.guess
    else:  # two certain outcomes: scores of ±inf or 0, which order themselves
        # (written out rather than through _score: solving compares these most often)
        first, second = a.outcome, b.outcome
        if first is second:  # games share their outcomes: the same one is equal to itself
            return EQUAL
        x = 0.0 if isinstance(first, Draw) else _INF if first.side is _MAXIE else -_INF
        y = 0.0 if isinstance(second, Draw) else _INF if second.side is _MAXIE else -_INF
        return LESS if x < y else GREATER if x > y else EQUAL
    try:  # a guess and a certain outcome
        if x < y:
            return LESS
        if x > y:
            return GREATER
    except TypeError:
        raise GuessError(f"cannot compare {a} with {b}: {_NUMBERS_ONLY}") from None
    _check_tie(a, b, x, y)
    return EQUAL


def _check_tie(a: Est[float], b: Est[float], x: float, y: float) -> None:
    """What a tie of `a` and `b` (scored `x` and `y`) must not be: NaN, which ties with
    everything; an infinite guess, which ties with a certain win or loss; a guess that is
    no number at all (two strings), which orders as nothing numeric does."""
    if x != x or y != y:
        raise NaNGuessError(
            f"cannot compare {a} with {b}: NaN is neither less nor greater than any value"
        )
    if (x == _INF or x == -_INF) and (isinstance(a, Guess) or isinstance(b, Guess)):
        raise GuessError(
            f"cannot compare {a} with {b}: a guess of {x} would tie with a certain "
            f"{'win' if x > 0 else 'loss'}; {_NUMBERS_ONLY}"
        )
    seen: object = x  # typed a float, but an estimator written in Python can give anything
    if type(seen) not in _NUMBER_TYPES and not isinstance(seen, numbers.Real):
        raise GuessError(f"cannot compare {a} with {b}: {_NUMBERS_ONLY}")


_NUMBERS_ONLY = "a numeric estimator's guesses must be finite numbers (int, float, Fraction)"
_NUMBER_TYPES = (int, float, Fraction)


class GuessError(StoppedError, TypeError):
    """A numeric estimator gave a guess that is not a finite number: None, a string,
    infinity (which would tie with a certain win)."""


class NotANumberGuessError(GuessError):
    """A numeric estimator's guess was no number at all, refused where it came from the
    estimator: the message names the estimator and the position already."""


@final
@dataclass(frozen=True, slots=True)
class NumericEstimator(Generic[S, M]):
    """An estimator from a numeric `estimate` function, with the standard order.

    This is the ready-made helper: write only the heuristic.  Its guesses are
    numbers, so it also has the *numeric estimates* capability (`negate`,
    `average`; see [`gamelib.search.capabilities`][gamelib.search.capabilities]) that negamax,
    expectiminimax and MTD(f) need.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> pebbles = NumericEstimator(Nim(), lambda state: state.pebbles)
    >>> pebbles.estimate(Nim().start), pebbles.compare(Guess(2), Guess(3))
    (15, LESS)
    >>> from fractions import Fraction
    >>> pebbles.negate(2), pebbles.average([(Fraction(1, 3), 3), (Fraction(2, 3), 0)])
    (-2, Fraction(1, 1))
    >>> pebbles.guess_to_string(Fraction(1, 3)), pebbles.guess_to_string(2.0)  # as people write
    ('1/3', '2')

    ```
    """

    game: Game[S, M]
    """The game whose states are estimated."""
    estimate: Callable[[S], float]
    """The heuristic: larger is better for Maxie."""
    win_guess: float = field(default=math.inf, kw_only=True)
    """What a win counts as when finished games are averaged with guesses (a loss: minus it)."""

    compare = staticmethod(standard_compare)

    def guess_to_string(self, guess: float, /) -> str:
        return number_to_string(guess)

    def negate(self, guess: float, /) -> float:
        """The guess from the other side's point of view."""
        return -guess

    def average(self, weighted: Sequence[tuple[Fraction | float, float]], /) -> float:
        """The expected guess: exact when the weights and guesses are fractions or integers.

        REQUIRES: the weights sum to 1.  Raises `ValueError` when the average
        is not finite: a certain win or loss, counting as an infinite
        `win_guess` (the default), averaged with anything else.
        """
        total: float = 0
        for weight, guess in weighted:
            if weight:  # a weight of 0 counts for nothing, even against an infinite guess
                total += weight * guess
        if not math.isfinite(total):
            raise ValueError(
                "cannot average a certain win or loss with other values while it counts as "
                f"{total}: give the estimator a finite win_guess"
            )
        return total

    def outcome_guess(self, outcome: Outcome, /) -> float:
        """A win for Maxie counts as `win_guess`, for Minnie as its negation, a draw as 0."""
        if isinstance(outcome, Draw):
            return 0
        return self.win_guess if outcome.side is Side.Maxie else -self.win_guess


def est_to_string(estimator: Estimator[S, M, G], est: Est[G]) -> str:
    """`est` as a person reads it, using the estimator's `guess_to_string`."""
    match est:
        case Definitely():
            return str(est)
        case Guess(guess):
            return f"Guess {estimator.guess_to_string(guess)}"
        case _:
            assert_never(est)


E_co = TypeVar("E_co", covariant=True)


@dataclass(frozen=True, slots=True)
class DepthSettings(Generic[E_co]):
    """What a search player of any family is built from: an estimator of the family's kind
    and a checked depth. Each family names its own: [`Settings`][gamelib.core.estimator.Settings]
    (two players, with a move order), `ChanceSettings`, `NSettings`.

    REQUIRES: `search_depth >= 1`; otherwise `ValueError` naming the depth.

    ```pycon
    >>> from gamelib.games.takeaway import TakeAway, takeaway_estimator
    >>> from gamelib.nplayer import NSettings
    >>> settings = NSettings(takeaway_estimator(TakeAway()), 4)
    >>> isinstance(settings, DepthSettings), settings.search_depth, settings.players
    (True, 4, 3)

    ```
    """

    estimator: E_co
    """The heuristic used at the search horizon (and, for two players, its order)."""
    search_depth: int
    """How many moves ahead to look (chance positions do not count)."""

    def __post_init__(self) -> None:
        check_depth(self.search_depth)


# --8<-- [start:settings]
MoveOrder: TypeAlias = Callable[[S, Seq[M]], Seq[M]]
"""A move-ordering hook: given a state and its moves, the moves in the order to try them."""


@dataclass(frozen=True, slots=True)
class Settings(DepthSettings[Estimator[S, M, G]]):
    """What a search player is built from (SML `SETTINGS`).

    A factory that needs more (Jamboree's prune percentage) takes a subclass
    that adds it, as the handout's functors take a SETTINGS structure with
    more in it.

    REQUIRES: `search_depth >= 1`; otherwise `ValueError` naming the depth.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> Settings(nim_estimator(Nim()), 0)
    Traceback (most recent call last):
    ...
    ValueError: search depth must be at least 1, got 0

    ```
    """

    estimator: Estimator[S, M, G]
    """The heuristic and order used at the search horizon."""
    search_depth: int
    """How many moves ahead to look."""
    order: MoveOrder[S, M] | None = field(default=None, kw_only=True)
    """How to order each state's moves before searching them; None keeps the game's order.

    It must return the same moves (a permutation); only the order may change.
    """

    def __post_init__(self) -> None:
        super(Settings, self).__post_init__()  # slots: the zero-argument form fails
        if self.order is not None and not callable(self.order):
            raise TypeError(f"the move order must be a function, got {self.order!r}")


# --8<-- [end:settings]
