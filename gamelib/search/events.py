"""What a search tells its observer, as data.

A factory given an observer (any function taking one event) reports, in
order, everything its search does.  Every position, the root included, is
bracketed by an [`Enter`][gamelib.search.events.Enter] and a [`Leave`][gamelib.search.events.Leave];
between them come the events of its children and, where the search stopped early, a
[`Cut`][gamelib.search.events.Cut]. A search that answers a position from a table reports a
[`TableHit`][gamelib.search.events.TableHit] before the [`Leave`][gamelib.search.events.Leave]. A
position searched twice (a re-search with a wider window, say) is simply entered and left twice.

So the events of a search are a well-bracketed stream, and everything
[`gamelib.trace`][gamelib.trace] draws is built from them alone: the trace does not
guess from the game or from values what the search must have done.

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.games.explicit import ExplicitGame, parse_tree, tree_estimator
>>> events = []
>>> game = ExplicitGame(parse_tree("a[b[c3,d6],e[f1,g9]]"))
>>> AlphaBeta(Settings(tree_estimator(game), 2), observer=events.append).analyse(game.start)
(0, Guess(guess=3))
>>> for event in events:
...     print(event_to_string(event))
enter root (Maxie,a) depth 2 window (−∞, +∞)
enter 0 (Minnie,b) depth 1 window (−∞, +∞)
enter 0 (Maxie,c) depth 0 window (−∞, +∞)
leave Guess 3 exact
enter 1 (Maxie,d) depth 0 window (−∞, Guess 3)
leave Guess 6 exact
leave Guess 3 exact best 0
enter 1 (Minnie,e) depth 1 window (Guess 3, +∞)
enter 0 (Maxie,f) depth 0 window (Guess 3, +∞)
leave Guess 1 exact
cut after 0 (Guess 1); not searched: 1
leave Guess 1 at most best 0
leave Guess 3 exact best 0

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeAlias, TypeVar, assert_never, final

from gamelib.core.datatypes import Order, Playing, Side, Status
from gamelib.core.estimator import Est
from gamelib.core.window import Bound, above, below
from gamelib.seq import Seq

__all__ = [
    "BoundKind",
    "Cut",
    "Enter",
    "Leave",
    "SearchEvent",
    "SearchObserver",
    "TableHit",
    "Window",
    "bound_kind",
    "event_to_string",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

Window: TypeAlias = tuple[Bound[G], Bound[G]]
"""The (α, β) a position is searched with."""


class BoundKind(Enum):
    """What a value returned through a window says about the true value."""

    EXACT = "exact"
    """The value is the position's value (to the depth searched)."""
    LOWER = "at least"
    """The search failed high: the true value is at least this (Maxie stopped at β)."""
    UPPER = "at most"
    """The search failed low: the true value is at most this (Minnie stopped at α)."""

    def __repr__(self) -> str:
        return f"<BoundKind.{self.name}>"


def bound_kind(
    value: Est[G], window: Window[G], compare: Callable[[Est[G], Est[G]], Order]
) -> BoundKind:
    """What `value`, returned by a search through `window`, says about the true value.

    At or below α it is an upper bound, at or above β a lower bound, strictly
    between them exact: the rule for alpha-beta's values, which are those of
    fail-soft searches (the best child value seen, not the bound).

    ```pycon
    >>> from gamelib import Guess
    >>> from gamelib.core.estimator import standard_compare
    >>> bound_kind(Guess(5), (Guess(2), Guess(5)), standard_compare)
    <BoundKind.LOWER>

    ```
    """
    alpha, beta = window
    if not above(value, alpha, compare):
        return BoundKind.UPPER
    if not below(value, beta, compare):
        return BoundKind.LOWER
    return BoundKind.EXACT


@final
@dataclass(frozen=True, slots=True)
class Enter(Generic[S, M, G]):
    """The search starts on a position."""

    move: M | None
    """The move that led here from the position entered last and not yet left; None at the root."""
    status: Status[S]
    """`Playing(state)`, or `Done(outcome)` when the move ended the game."""
    side: Side | None
    """Whose turn it is here (None when the game is over)."""
    depth: int
    """How many more moves the search may look ahead from here."""
    window: Window[G] | None
    """The (α, β) it is searched with; None for a search without a window (Minimax)."""


@final
@dataclass(frozen=True, slots=True)
class Leave(Generic[M, G]):
    """The search is done with the position entered last."""

    value: Est[G]
    """What the search found it is worth."""
    bound: BoundKind
    """Whether `value` is exact or only a bound, given the window it was searched with.

    A leaf (an estimate, or a finished game) is always exact."""
    best: M | None
    """The move whose value it returned; None where no move was searched (a leaf)."""


@final
class Cut(tuple[M, Est[G], Seq[M]]):
    """The search stopped early at the position entered last: `Cut((move, value, unsearched))`.

    A cut is also what alpha-beta's move loop returns when it prunes: an edge
    (`cut[0]` the move, `cut[1]` its value, as for any edge) that also
    carries, as `cut[2]`, the moves never searched.  It is a tuple so that
    a search reads a value the same way from an edge and from a cut, and so
    that making one costs no more than making a tuple.
    """

    __slots__ = ()
    __match_args__ = ("move", "value", "unsearched")

    @property
    def move(self) -> M:
        """The move whose value made the remaining moves irrelevant."""
        return self[0]

    @property
    def value(self) -> Est[G]:
        """That move's value."""
        return self[1]

    @property
    def unsearched(self) -> Seq[M]:
        """The moves never searched, in the order they would have been tried."""
        return self[2]

    def __repr__(self) -> str:
        return f"Cut(move={self[0]!r}, value={self[1]!r}, unsearched={self[2]!r})"


@final
@dataclass(frozen=True, slots=True)
class TableHit(Generic[M, G]):
    """The position entered last was answered from a table, without searching it."""

    value: Est[G]
    """The value the table held."""
    bound: BoundKind
    """Whether the stored value is exact or a bound."""
    best: M | None
    """The best move the table held, if any."""


SearchEvent: TypeAlias = Enter[S, M, G] | Leave[M, G] | Cut[M, G] | TableHit[M, G]
"""Anything a search reports."""

SearchObserver: TypeAlias = Callable[[SearchEvent[S, M, G]], None]
"""What a factory's `observer` is: a function that takes each event as it happens."""


def event_to_string(event: SearchEvent[S, M, G]) -> str:
    """One event on one line (moves and states as `str` shows them), for debugging."""
    match event:
        case Enter():
            where = "root" if event.move is None else str(event.move)
            status = event.status
            shown = str(status.state) if isinstance(status, Playing) else str(status)
            window = ""
            if event.window is not None:
                window = f" window ({event.window[0]}, {event.window[1]})"
            return f"enter {where} {shown} depth {event.depth}{window}"
        case Leave():
            best = "" if event.best is None else f" best {event.best}"
            return f"leave {event.value} {event.bound.value}{best}"
        case Cut():
            rest = ", ".join(str(m) for m in event.unsearched)
            return f"cut after {event.move} ({event.value}); not searched: {rest}"
        case TableHit():
            return f"table {event.value} {event.bound.value}"
        case _:
            assert_never(event)
