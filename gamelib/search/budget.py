"""A search's budget of time and positions: what an anytime search spends and checks.

Iterative deepening spends one position at a time and stops when the clock or the count
runs out; any search that thinks within a budget (Monte Carlo tree search, say) can use
the same [`Budget`][gamelib.search.budget.Budget].

```pycon
>>> budget = Budget(None, 3, clock=lambda: 0.0, interrupts=True)
>>> budget.armed = True
>>> for _ in range(3):
...     budget.spend()
>>> budget.spend()
Traceback (most recent call last):
...
gamelib.search.budget.OutOfBudgetError: the budget ran out (positions)

```
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, final

from gamelib.errors import StoppedError

__all__ = ["Budget", "OutOfBudgetError", "Spent"]

Spent = Literal["time", "positions"]
"""Which part of a budget ran out."""


class OutOfBudgetError(StoppedError):
    """The budget ran out: the search in progress stops where it is (the search that
    spends the budget catches it, and answers with what it found before)."""


@final
class Budget:
    """Counts positions and watches the clock; raises when either runs out."""

    __slots__ = ("armed", "clock", "deadline", "interrupts", "limit", "reason", "spent")

    def __init__(
        self,
        seconds: float | None,
        positions: int | None,
        clock: Callable[[], float],
        *,
        interrupts: bool,
    ) -> None:
        self.clock = clock
        self.spent = 0
        """Positions spent so far."""
        self.limit = positions
        """The most positions to spend (None: no limit)."""
        self.deadline = None if seconds is None else clock() + seconds
        """When the time runs out, by `clock` (None: no limit)."""
        self.interrupts = interrupts
        """False: only count, and let `over` say between searches whether it ran out."""
        self.armed = False
        """Whether `spend` may raise yet (a search arms it once it has a move to give)."""
        self.reason: Spent | None = None
        """What ran out, once something has."""

    def spend(self) -> None:
        """Count one position; `OutOfBudgetError` when armed and the budget is over."""
        if self.armed and self.over():
            raise OutOfBudgetError(f"the budget ran out ({self.reason})")
        self.spent += 1

    def over(self) -> bool:
        """Whether the budget has run out (and, if so, `reason` says which)."""
        if self.limit is not None and self.spent >= self.limit:
            self.reason = "positions"
            return True
        if self.deadline is not None and self.clock() >= self.deadline:
            self.reason = "time"
            return True
        return False
