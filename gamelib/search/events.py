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
from typing import Generic, TypeAlias, TypeVar, assert_never, cast, final, overload

from gamelib.core.datatypes import Done, Order, Playing, Side
from gamelib.core.estimator import Est
from gamelib.core.model import Finished, Nature, Number, number_to_string, vector_to_string
from gamelib.core.window import Bound, above, below
from gamelib.seq import Seq

__all__ = [
    "BoundKind",
    "Cut",
    "Enter",
    "Event",
    "LeafCounter",
    "Leave",
    "Mover",
    "Observer",
    "Phase",
    "Reached",
    "SearchEvent",
    "SearchObserver",
    "TableHit",
    "Window",
    "bound_kind",
    "end_to_string",
    "event_to_string",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
W = TypeVar("W")
V = TypeVar("V")

Window: TypeAlias = tuple[Bound[G], Bound[G]]
"""The (α, β) a two-player position is searched with."""

Reached: TypeAlias = Playing[S] | Done | Finished
"""Where a step of a search leads, in any family: a position still played, or the end of the
game (a two-player or chance game's `Done(outcome)`, an n-player game's
`Finished(utilities)`)."""

Mover: TypeAlias = Side | Nature | int
"""Who decides at a position, in any family: Maxie or Minnie, chance, or a player's number."""


def end_to_string(status: Done | Finished) -> str:
    """How a game ended, as a trace writes it: `Maxie wins`, `(1,0,2)`."""
    return str(status.outcome) if isinstance(status, Done) else vector_to_string(status.utilities)


class BoundKind(Enum):
    """What a value returned through a window says about the true value."""

    EXACT = "exact"
    """The value is the position's value (to the depth searched)."""
    LOWER = "at least"
    """The search failed high: the true value is at least this (Maxie stopped at β); for
    shallow max^n, the mover's component is at least this."""
    UPPER = "at most"
    """The search failed low: the true value is at most this (Minnie stopped at α)."""

    def __repr__(self) -> str:
        return f"<BoundKind.{self.name}>"


@overload
def bound_kind(
    value: Est[G], window: Window[G], compare: Callable[[Est[G], Est[G]], Order]
) -> BoundKind: ...
@overload
def bound_kind(value: Number, window: tuple[Number, Number] | None) -> BoundKind: ...
def bound_kind(
    value: Est[G] | Number,
    window: Window[G] | tuple[Number, Number] | None,
    compare: Callable[[Est[G], Est[G]], Order] | None = None,
) -> BoundKind:
    """What `value`, returned by a search through `window`, says about the true value, in
    every family.

    At or below α it is an upper bound, at or above β a lower bound, strictly
    between them exact: the rule for the values of fail-soft searches (the best child
    value seen, not the bound). A two-player search's estimates are ordered by `compare`
    (by [`below`][gamelib.core.window.below]); a chance search's numbers, whose open ends
    are the floats ±inf, by `<=`; without a window (None) a value is exact.

    ```pycon
    >>> from gamelib import Guess
    >>> from gamelib.core.estimator import standard_compare
    >>> bound_kind(Guess(5), (Guess(2), Guess(5)), standard_compare)
    <BoundKind.LOWER>
    >>> bound_kind(3, (3, 5)), bound_kind(4, (3, 5)), bound_kind(4, None)
    (<BoundKind.UPPER>, <BoundKind.EXACT>, <BoundKind.EXACT>)

    ```
    """
    if window is None:
        return BoundKind.EXACT
    if compare is None:  # numbers, as a chance search's
        x, (a, b) = cast("Number", value), cast("tuple[Number, Number]", window)  # no compare
        return BoundKind.UPPER if x <= a else BoundKind.LOWER if x >= b else BoundKind.EXACT
    v, (alpha, beta) = cast("Est[G]", value), cast("Window[G]", window)  # as the overloads
    if not above(v, alpha, compare):
        return BoundKind.UPPER
    if not below(v, beta, compare):
        return BoundKind.LOWER
    return BoundKind.EXACT


class Phase(Enum):
    """Which visit of a position an [`Enter`][gamelib.search.events.Enter] begins."""

    SEARCH = "search"
    """The one and only visit (every search but Star2's probes)."""
    PROBE = "probe"
    """Star2 searches only the first move, for a bound on the position."""
    RESUME = "resume"
    """Star2 comes back after a probe and searches the other moves."""


@final
@dataclass(frozen=True, slots=True)
class Enter(Generic[S, M, W]):
    """The search starts on a position."""

    move: M | None
    """The step that led here from the position entered last and not yet left (a move; in a
    chance search, a move or an outcome of chance); None at the root."""
    status: Reached[S]
    """`Playing(state)`, or how the game ended when the step ended it."""
    side: Mover | None
    """Who decides here (None when the game is over): a side, chance, or a player."""
    depth: int
    """How many more moves the search may look ahead from here."""
    window: W | None
    """What it is searched with: the (α, β) of a windowed search, shallow max^n's parent's
    player and what it already has; None for a search without one (Minimax)."""
    phase: Phase = Phase.SEARCH
    """Which visit this is (see [`Phase`][gamelib.search.events.Phase])."""


@final
@dataclass(frozen=True, slots=True)
class Leave(Generic[M, V]):
    """The search is done with the position entered last (for now, after a probe)."""

    value: V
    """What the search found it is worth."""
    bound: BoundKind
    """Whether `value` is exact or only a bound, given the window it was searched with.

    A leaf (an estimate, or a finished game) is always exact."""
    best: M | None
    """The move whose value it returned; None where no move was searched (a leaf), and at a
    chance position."""


@final
class Cut(tuple[M, V, Seq[M]]):
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
        """The step (a move, or an outcome of chance) whose value made the rest irrelevant."""
        return self[0]

    @property
    def value(self) -> V:
        """That step's value."""
        return self[1]

    @property
    def unsearched(self) -> Seq[M]:
        """The steps never searched, in the order they would have been tried."""
        return self[2]

    def __repr__(self) -> str:
        return f"Cut(move={self[0]!r}, value={self[1]!r}, unsearched={self[2]!r})"


@final
@dataclass(frozen=True, slots=True)
class TableHit(Generic[M, V]):
    """The position entered last was answered from a table, without searching it."""

    value: V
    """The value the table held."""
    bound: BoundKind
    """Whether the stored value is exact or a bound."""
    best: M | None
    """The best move the table held, if any."""


Event: TypeAlias = Enter[S, M, W] | Leave[M, V] | Cut[M, V] | TableHit[M, V]
"""Anything a search of any family reports: positions `S`, steps `M`, windows `W`, values
`V`. Each family names its own: [`SearchEvent`][gamelib.search.events.SearchEvent] for two
players, `gamelib.chance.events.ChanceEvent`, `gamelib.nplayer.maxn.NEvent`."""

Observer: TypeAlias = Callable[[Event[S, M, W, V]], None]
"""A factory's `observer`, in any family: a function that takes each event as it happens."""

SearchEvent: TypeAlias = Event[S, M, Window[G], Est[G]]
"""Anything a two-player search reports."""

SearchObserver: TypeAlias = Callable[[SearchEvent[S, M, G]], None]
"""What a two-player factory's `observer` is: a function that takes each event as it happens."""


class LeafCounter:
    """An observer, of a search of any family, that counts the positions it valued without
    searching below them: estimates and finished games (not a table's answers, nor Star2's
    return to a position it probed).

    ```pycon
    >>> from gamelib.nplayer import CSE473, MaxN, NSettings, TreeGame, tree_estimator
    >>> estimator = tree_estimator(TreeGame(CSE473))
    >>> counter = LeafCounter()
    >>> MaxN(NSettings(estimator, 3), observer=counter).analyse(estimator.game.start)
    (0, (3, 2, 5))
    >>> counter.leaves
    8

    ```
    """

    def __init__(self) -> None:
        self.leaves = 0
        """Leaves valued so far."""
        self._fresh = False  # entered last, and nothing entered below it yet

    def __call__(self, event: object, /) -> None:
        if isinstance(event, Enter):
            self._fresh = event.phase is not Phase.RESUME
        else:
            self.leaves += isinstance(event, Leave) and self._fresh
            self._fresh = False


def _shown(value: object) -> str:
    if isinstance(value, tuple):  # an n-player search's vector
        return vector_to_string(value)
    return number_to_string(value) if isinstance(value, int | float) else str(value)


def event_to_string(
    event: Event[S, M, W, V],
    show: Callable[[object], str] | None = None,
    step: Callable[[M], str] = str,
) -> str:
    """One event of any family on one line, for debugging: states as `str` shows them,
    values and the ends of windows by `show` (by default an estimate as `str` writes it,
    a number as `3`, `1/2` or `inf`, a vector as `(1,2)`), steps by `step` (a chance
    outcome with its probability).

    ```pycon
    >>> print(event_to_string(Enter("heads (1/2)", Playing("s"), None, 1, (float("-inf"), 2))))
    enter heads (1/2) s depth 1 window (-inf, 2)
    >>> from gamelib.nplayer import MaxN, NSettings, TreeGame, parse_tree, tree_estimator
    >>> game = TreeGame(parse_tree("a[b(1,2), c[d(3,0), e(0,3)]]"))
    >>> events = []
    >>> MaxN(NSettings(tree_estimator(game), 2), observer=events.append).analyse(game.start)
    (0, (1, 2))
    >>> for event in events[:3] + events[-2:]:
    ...     print(event_to_string(event))
    enter root (A,a) depth 2
    enter 0 Finished (1,2) depth 1
    leave (1,2) exact
    leave (0,3) exact best 1
    leave (1,2) exact best 0

    ```
    """
    show = _shown if show is None else show
    match event:
        case Enter():
            where = "root" if event.move is None else step(event.move)
            status = event.status
            shown = str(status.state) if isinstance(status, Playing) else str(status)
            window = ""
            if isinstance(event.window, tuple):
                window = f" window ({', '.join(show(end) for end in event.window)})"
            phase = "" if event.phase is Phase.SEARCH else f" ({event.phase.value})"
            return f"enter {where} {shown} depth {event.depth}{window}{phase}"
        case Leave():
            best = "" if event.best is None else f" best {event.best}"
            return f"leave {show(event.value)} {event.bound.value}{best}"
        case Cut():
            rest = ", ".join(step(m) for m in event.unsearched)
            return f"cut after {step(event.move)} ({show(event.value)}); not searched: {rest}"
        case TableHit():
            return f"table {show(event.value)} {event.bound.value}"
        case _:
            assert_never(event)
