"""Traces of searches that sample (Monte Carlo tree search): what a player that traces
itself gives, since it reports no events to an observer for the other traces to fold.

```pycon
>>> found = SampledTrace("Simulation 1: ...\\n", "digraph mcts {}\\n", 3, 1)
>>> found.positions, found.leaves
(3, 1)

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar, final, runtime_checkable

__all__ = ["SampledTrace", "TracesItself"]

S_contra = TypeVar("S_contra", contravariant=True)


@final
@dataclass(frozen=True, slots=True)
class SampledTrace:
    """One search, traced by the player itself."""

    text: str
    """A line per simulation, then the tree it grew."""
    dot: str
    """That tree as a Graphviz picture."""
    positions: int
    """Positions in the tree, the root included."""
    leaves: int
    """Simulations: each ended in an estimate or a finished game."""


@runtime_checkable
class TracesItself(Protocol[S_contra]):
    """A player that traces a search of its own from a position."""

    def traced(self, state: S_contra, /) -> SampledTrace:
        """A search from `state`, traced."""
        ...
