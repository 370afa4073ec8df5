"""What a chance search tells its observer, as data.

As in [`gamelib.search.events`][gamelib.search.events], every position a search visits is
bracketed by an `Enter` and a `Leave`, with its children's
events between them and, where the search stopped early, a `Cut`.
A step into a child is a `Moved` (a player's move) or a
`Rolled` (an outcome at a chance position, with its probability).

Star2 visits some positions in two goes: it *probes* a child of a chance
position (searches only its first move), and later *resumes* it (searches
the other moves).  Those two visits are entered with `Phase.PROBE` and
`Phase.RESUME`; a tracer joins them into one node, and a `LeafCounter` counts the
positions valued without a search below them (estimates and finished games), as in every
family.

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
from typing import Generic, TypeAlias, TypeVar, final

from gamelib.chance.game import Probability, Value, number_to_string
from gamelib.search.events import (
    Cut,
    Enter,
    Event,
    LeafCounter,
    Leave,
    Phase,
    bound_kind,
)

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

    def __str__(self) -> str:
        return str(self.move)


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

ChanceEvent: TypeAlias = Event[S, Step[M], Window, Value]
"""Anything a chance search reports: the events of every family
([`gamelib.search.events`][gamelib.search.events]), whose steps are moves or outcomes and whose
values are numbers."""

ChanceObserver: TypeAlias = Callable[[ChanceEvent[S, M]], None]
"""A factory's `observer`: a function taking each event as it happens."""
