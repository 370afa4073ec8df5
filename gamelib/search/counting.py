"""Watching a search from outside: a game that counts, an estimator that records.

The search code is never touched.  Wrap the estimator to record every state
it is asked to estimate; wrap the game to count `play` calls, that is, the
positions a search visits (the root is not counted: add 1 for it).

```pycon
>>> from gamelib import Minimax, NumericEstimator, Settings
>>> from gamelib.games.nim import Nim, nim_estimate
>>> game = CountingGame(Nim(pile=4))
>>> est = RecordingEstimator(NumericEstimator(game, nim_estimate))
>>> Minimax(Settings(est, 2)).next_move(game.start)
3
>>> game.plays, len(est.estimated)
(9, 3)

```
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, final

from gamelib.core.datatypes import Order, Outcome, Side, Status
from gamelib.core.estimator import Est, Estimator
from gamelib.core.game import Game
from gamelib.search.capabilities import NumericEstimates, Weight, has_numeric_estimates
from gamelib.seq import Seq

__all__ = ["CountingGame", "RecordingEstimator"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@final
@dataclass(eq=False)
class RecordingEstimator(Generic[S, M, G]):
    """`inner`, but every state passed to `estimate` is appended to `estimated`
    (unless `keep` is False) and counted in `count`.

    It has the numeric-estimates capability exactly when `inner` has it.
    """

    inner: Estimator[S, M, G]
    """The estimator doing the work."""
    estimated: list[S] = field(default_factory=list)
    """Every state estimated, in order (cleared with `estimated.clear()`)."""
    keep: bool = True
    """Whether to keep the states; False: only count them (for a long search)."""
    count: int = 0
    """How many states were estimated."""

    @property
    def game(self) -> Game[S, M]:
        return self.inner.game

    def estimate(self, state: S, /) -> G:
        self.count += 1
        if self.keep:
            self.estimated.append(state)
        return self.inner.estimate(state)

    def compare(self, a: Est[G], b: Est[G], /) -> Order:
        return self.inner.compare(a, b)

    def guess_to_string(self, guess: G, /) -> str:
        return self.inner.guess_to_string(guess)

    # The numeric-estimates capability, exactly when `inner` has it: without it
    # these attributes do not exist.

    @property
    def negate(self) -> Callable[[G], G]:
        """`inner`'s `negate`, if it has numeric estimates."""
        return self._numeric().negate

    @property
    def average(self) -> Callable[[Sequence[tuple[Weight, G]]], G]:
        """`inner`'s `average`, if it has numeric estimates."""
        return self._numeric().average

    @property
    def outcome_guess(self) -> Callable[[Outcome], G]:
        """`inner`'s `outcome_guess`, if it has numeric estimates."""
        return self._numeric().outcome_guess

    def _numeric(self) -> NumericEstimates[G]:
        inner = self.inner
        if has_numeric_estimates(inner):
            return cast(NumericEstimates[G], inner)  # it has the three methods: just checked
        raise AttributeError(f"{type(inner).__name__} has no numeric estimates")


@final
@dataclass(eq=False)
class CountingGame(Generic[S, M]):
    """`inner`, counting each call of `play` in `plays`; it keys states as `inner` does."""

    inner: Game[S, M]
    """The game being played."""
    plays: int = 0
    """How many times `play` was called: positions visited, root excluded."""

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

    @property
    def key(self) -> Callable[[S], Hashable]:
        """`inner`'s own `key`, when it has one (see
        [`gamelib.search.capabilities`][gamelib.search.capabilities]).

        Without one this attribute does not exist, so the wrapper has the
        *keyed* capability exactly when the wrapped game has it.
        """
        key: Callable[[S], Hashable] | None = getattr(self.inner, "key", None)
        if callable(key):
            return key
        raise AttributeError(f"{type(self.inner).__name__} gives its states no key")
