"""Watching a search from outside: wrappers in the functor spirit.

The search code is never touched.  Wrap the estimator to record every state
it is asked to estimate; wrap the game to count ``play`` calls, that is, the
positions a search visits (the root is not counted: add 1 for it).

>>> from gamelib.estimate import NumericEstimator, Settings
>>> from gamelib.estimate.minimax import Minimax
>>> from gamelib.games.nim import Nim, nim_estimate
>>> game = CountingGame(Nim(pile=4))
>>> est = RecordingEstimator(NumericEstimator(game, nim_estimate))
>>> Minimax(Settings(est, 2)).next_move(game.start)
3
>>> game.plays, len(est.estimated)
(9, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, final

from gamelib.core.datatypes import Order, Side, Status
from gamelib.core.game import Game
from gamelib.estimate.estimator import Est, Estimator
from gamelib.estimate.window import Bound
from gamelib.seq import Seq

__all__ = [
    "CountingGame",
    "RecordingEstimator",
    "SearchObserver",
    "instrument",
    "observed_evaluate",
    "observed_evaluate_unwindowed",
    "observed_play",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)
G_contra = TypeVar("G_contra", contravariant=True)


@final
@dataclass(eq=False)
class RecordingEstimator(Generic[S, M, G]):
    """``inner``, but every state passed to ``estimate`` is appended to ``estimated``."""

    inner: Estimator[S, M, G]
    """The estimator doing the work."""
    estimated: list[S] = field(default_factory=list)
    """Every state estimated, in order (cleared with ``estimated.clear()``)."""

    @property
    def game(self) -> Game[S, M]:
        return self.inner.game

    def estimate(self, state: S, /) -> G:
        self.estimated.append(state)
        return self.inner.estimate(state)

    def compare(self, a: Est[G], b: Est[G], /) -> Order:
        return self.inner.compare(a, b)

    def guess_to_string(self, guess: G, /) -> str:
        return self.inner.guess_to_string(guess)


@final
@dataclass(eq=False)
class CountingGame(Generic[S, M]):
    """``inner``, counting each call of ``play`` in ``plays``."""

    inner: Game[S, M]
    """The game being played."""
    plays: int = 0
    """How many times ``play`` was called: positions visited, root excluded."""

    @property
    def start(self) -> S:
        return self.inner.start

    def player(self, state: S, /) -> Side:
        return self.inner.player(state)

    def moves(self, state: S, /) -> Seq[M]:
        return self.inner.moves(state)

    def play(self, state: S, move: M, /) -> Status[S]:
        self.plays += 1
        return self.inner.play(state, move)

    def state_to_string(self, state: S, /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: M, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: S, text: str, /) -> M | None:
        return self.inner.parse_move(state, text)


class SearchObserver(Protocol[S_contra, M_contra, G_contra]):
    """Told, in order, about every position a search visits (see :mod:`gamelib.trace`).

    A factory given an observer calls ``played`` when it makes a move,
    ``entered`` just before it evaluates the position that move led to (with
    the window, for players that keep one) and ``left`` with the value it
    found.  A factory given no observer runs exactly the code it runs without
    one: observing costs nothing until it is asked for.
    """

    def played(self, state: S_contra, move: M_contra, /) -> None:
        """The search makes ``move`` in ``state``."""
        ...

    def entered(
        self,
        status: Status[S_contra],
        depth: int,
        alpha: Bound[G_contra] | None,
        beta: Bound[G_contra] | None,
        /,
    ) -> None:
        """It evaluates ``status`` with ``depth`` moves left to look, in window (α, β)."""
        ...

    def left(self, value: Est[G_contra], /) -> None:
        """The position just entered is worth ``value``."""
        ...


def observed_play(
    observer: SearchObserver[S, M, G], play: Callable[[S, M], Status[S]]
) -> Callable[[S, M], Status[S]]:
    """``play``, telling ``observer`` about each move first."""

    def play_observed(state: S, move: M, /) -> Status[S]:
        observer.played(state, move)
        return play(state, move)

    return play_observed


def observed_evaluate(
    observer: SearchObserver[S, M, G],
    evaluate: Callable[[int, Status[S], Bound[G], Bound[G]], Est[G]],
) -> Callable[[int, Status[S], Bound[G], Bound[G]], Est[G]]:
    """A windowed ``evaluate``, telling ``observer`` when it starts and what it finds."""

    def evaluate_observed(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        observer.entered(st, d, alpha, beta)
        value = evaluate(d, st, alpha, beta)
        observer.left(value)
        return value

    return evaluate_observed


def observed_evaluate_unwindowed(
    observer: SearchObserver[S, M, G], evaluate: Callable[[int, Status[S]], Est[G]]
) -> Callable[[int, Status[S]], Est[G]]:
    """Minimax's ``evaluate`` (no window), telling ``observer`` when it starts and what it finds."""

    def evaluate_observed(d: int, st: Status[S], /) -> Est[G]:
        observer.entered(st, d, None, None)
        value = evaluate(d, st)
        observer.left(value)
        return value

    return evaluate_observed


def instrument(
    observer: SearchObserver[S, M, G] | None,
    play: Callable[[S, M], Status[S]],
    evaluate: Callable[[int, Status[S], Bound[G], Bound[G]], Est[G]],
) -> tuple[Callable[[S, M], Status[S]], Callable[[int, Status[S], Bound[G], Bound[G]], Est[G]]]:
    """``play`` and a windowed ``evaluate`` as a search should call them.

    Without an observer they come back unchanged, so an unobserved search runs
    no extra code; with one, both report to it.
    """
    if observer is None:
        return play, evaluate
    return observed_play(observer, play), observed_evaluate(observer, evaluate)
