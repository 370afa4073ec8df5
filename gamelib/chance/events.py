"""What a chance search tells its observer, as data; and an observer that counts leaves.

As in [`gamelib.search.events`][gamelib.search.events], every position a search visits is
bracketed by an `Enter` and a `Leave`, with its children's
events between them and, where the search stopped early, a `Cut`.
A step into a child is a `Moved` (a player's move) or a
`Rolled` (an outcome at a chance position, with its probability).

Star2 visits some positions in two goes: it *probes* a child of a chance
position (searches only its first move), and later *resumes* it (searches
the other moves).  Those two visits are entered with `Phase.PROBE` and
`Phase.RESUME`; a tracer joins them into one node.

```pycon
>>> from gamelib.chance.trees import ChanceTreeGame, parse_chance_tree, chance_tree_estimator
>>> from gamelib.chance.expectiminimax import ChanceSettings, Expectiminimax
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c3, 1/2: d5], e1 ]"))
>>> counter = LeafCounter()
>>> Expectiminimax(ChanceSettings(chance_tree_estimator(game), 1), observer=counter).analyse(
...     game.start)
(0, Fraction(4, 1))
>>> counter.leaves
3

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeAlias, TypeVar, assert_never, final

from gamelib.chance.game import Mover, Nature, Probability, Value, number_to_string
from gamelib.core.datatypes import Done, Playing, Status
from gamelib.search.events import BoundKind

__all__ = [
    "ChanceEvent",
    "ChanceObserver",
    "Cut",
    "Enter",
    "LeafCounter",
    "Leave",
    "Moved",
    "Phase",
    "Rolled",
    "Step",
    "Window",
    "bound_kind",
    "event_to_string",
]

S = TypeVar("S")
M = TypeVar("M")

Window: TypeAlias = tuple[Value, Value]
"""The (α, β) a position is searched with; the root's is (-inf, +inf) as floats."""


@final
@dataclass(frozen=True, slots=True)
class Moved(Generic[M]):
    """A step made by a player: `move`."""

    move: M
    """The move made."""


@final
@dataclass(frozen=True, slots=True)
class Rolled:
    """A step made by chance: outcome number `index` of a chance position."""

    index: int
    """Its place in the position's `outcomes` list, from 0."""
    label: str
    """What happened, as the game names it."""
    probability: Probability
    """How likely it was."""

    def __str__(self) -> str:
        return f"{self.label} ({number_to_string(self.probability)})"


Step: TypeAlias = Moved[M] | Rolled
"""How the search got from a position to its child."""


class Phase(Enum):
    """Which visit of a position an `Enter` begins."""

    SEARCH = "search"
    """The one and only visit (every search but Star2's probes)."""
    PROBE = "probe"
    """Star2 searches only the first move, for a bound on the position."""
    RESUME = "resume"
    """Star2 comes back after a probe and searches the other moves."""


@final
@dataclass(frozen=True, slots=True)
class Enter(Generic[S, M]):
    """The search starts on a position."""

    step: Step[M] | None
    """How it got here from the position entered last; None at the root."""
    status: Status[S]
    """`Playing(state)`, or `Done(outcome)` when the step ended the game."""
    mover: Mover | None
    """Who decides here (None when the game is over)."""
    depth: int
    """Moves the search may still look ahead (chance positions do not use any)."""
    window: Window | None
    """The window it is searched with; None for plain expectiminimax."""
    phase: Phase = Phase.SEARCH
    """Which visit this is (see `Phase`)."""

    @property
    def is_leaf(self) -> bool:
        """Whether the value here comes from the estimator or a finished game."""
        if isinstance(self.status, Done):
            return True
        return self.depth == 0 and self.mover is not Nature.Chance and self.phase is Phase.SEARCH


@final
@dataclass(frozen=True, slots=True)
class Leave(Generic[M]):
    """The search is done with the position entered last (for now, after a probe)."""

    value: Value
    """What it found the position is worth."""
    bound: BoundKind
    """Whether `value` is exact or a bound, given the window."""
    best: M | None
    """At a decision position: the move whose value it returned."""


@final
@dataclass(frozen=True, slots=True)
class Cut(Generic[M]):
    """The search stopped early at the position entered last."""

    step: Step[M]
    """The child whose value made the rest irrelevant."""
    value: Value
    """That child's value (or bound)."""
    unsearched: tuple[Step[M], ...]
    """The children never searched."""


ChanceEvent: TypeAlias = Enter[S, M] | Leave[M] | Cut[M]
"""Anything a chance search reports."""

ChanceObserver: TypeAlias = Callable[[ChanceEvent[S, M]], None]
"""A factory's `observer`: a function taking each event as it happens."""


def bound_kind(value: Value, window: Window | None) -> BoundKind:
    """What a fail-soft `value` found through `window` says about the true value.

    ```pycon
    >>> bound_kind(3, (3, 5)), bound_kind(4, (3, 5)), bound_kind(4, None)
    (<BoundKind.UPPER>, <BoundKind.EXACT>, <BoundKind.EXACT>)

    ```
    """
    if window is None:
        return BoundKind.EXACT
    if value <= window[0]:
        return BoundKind.UPPER
    if value >= window[1]:
        return BoundKind.LOWER
    return BoundKind.EXACT


class LeafCounter:
    """An observer that counts the leaves a search evaluates.

    A leaf is a position whose value came from the estimator (a decision
    position at depth 0) or from a finished game.
    """

    def __init__(self) -> None:
        self.leaves = 0
        """Leaves evaluated so far."""

    def __call__(self, event: ChanceEvent[S, M], /) -> None:
        if isinstance(event, Enter) and event.is_leaf:
            self.leaves += 1


def _step(step: Step[M] | None) -> str:
    match step:
        case None:
            return "root"
        case Moved(move):
            return str(move)
        case Rolled():
            return str(step)
        case _:
            assert_never(step)


def event_to_string(event: ChanceEvent[S, M]) -> str:
    """One event on one line, for debugging.

    ```pycon
    >>> event_to_string(Enter(Rolled(0, "heads", 0.5), Playing("s"), None, 1, None))
    'enter heads (0.5) s depth 1'

    ```
    """
    match event:
        case Enter(step, status, _, depth, window, phase):
            shown = str(status.state) if isinstance(status, Playing) else str(status)
            where = "" if window is None else f" window ({window[0]}, {window[1]})"
            extra = "" if phase is Phase.SEARCH else f" ({phase.value})"
            return f"enter {_step(step)} {shown} depth {depth}{where}{extra}"
        case Leave(value, bound, best):
            shown_best = "" if best is None else f" best {best}"
            return f"leave {number_to_string(value)} {bound.value}{shown_best}"
        case Cut(step, value, unsearched):
            rest = ", ".join(_step(s) for s in unsearched)
            return f"cut after {_step(step)} ({number_to_string(value)}); not searched: {rest}"
        case _:
            assert_never(event)
