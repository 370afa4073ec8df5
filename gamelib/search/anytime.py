"""Players that think within a budget and say how it went: iterative deepening, Monte Carlo
tree search.

Such a player is [`Thinks`][gamelib.search.anytime.Thinks]: besides choosing a move, it can
*ponder* a position, telling a line of progress as it goes (a depth finished, a thousand
simulations run) and answering with a [`Pondered`][gamelib.search.anytime.Pondered]: the
move, its value, and how it got there in its own words and as JSON facts.  The command
line shows any such player the same way (`gamelib analyse --time 2`, a thinking line in
`gamelib play`) and never asks which kind it is.

```pycon
>>> from gamelib.algorithms.deepening import DeepeningSettings, IterativeDeepening
>>> from gamelib.games.nim import Nim, nim_estimator
>>> player = IterativeDeepening(DeepeningSettings(nim_estimator(Nim(pile=5)), 6))
>>> isinstance(player, Thinks)
True
>>> pondered = player.ponder(Nim(pile=5).start, print)  # doctest: +ELLIPSIS
depth  1  Guess -1 ...
depth  2  Guess -1 ...
depth  3  Definitely Minnie wins ...
>>> pondered.move, pondered.value
(1, Definitely(outcome=Winner(side=<Side.Minnie>)))

```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, final, runtime_checkable

from gamelib.core.estimator import Est
from gamelib.core.jsondata import JSON

__all__ = ["Pondered", "Thinks"]

S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)
G_co = TypeVar("G_co", covariant=True)


@final
@dataclass(frozen=True, slots=True)
class Pondered(Generic[M_co, G_co]):
    """What a thinking player found, and how, in words a person and a script read."""

    move: M_co
    """The move to play."""
    value: Est[G_co]
    """Its value, Maxie's, as the player's `analyse` gives it."""
    looked: str
    """How it looked, as a sentence after the side's name: `looked 7 moves ahead (...):
    Guess 3, expecting 4 5 3`."""
    summary: str
    """What it did and why it stopped: `searched to depth 7 in 1.02 s (...); stopped: ...`."""
    note: str | None = None
    """Something worth saying besides (a move from an unfinished depth)."""
    facts: Mapping[str, JSON] = field(default_factory=dict)
    """What `--json` adds to the move and value: simulations, visits, the principal line.
    Keys the command line writes itself (`line`, `moves`, `best`, `value`, ...) are not
    written over."""


@runtime_checkable
class Thinks(Protocol[S_contra, M_co, G_co]):
    """A player that thinks within a budget and tells its progress as it goes."""

    def ponder(
        self,
        state: S_contra,
        say: Callable[[str], None] | None = None,
        /,
        *,
        playing: bool = False,
    ) -> Pondered[M_co, G_co]:
        """Think about `state`; `say` hears a line of progress now and then.  `playing`:
        `state` is the next position of a game this player is playing, so what it kept
        from its last move may serve (MCTS's tree); else it starts afresh, and the same
        position gives the same answer whatever was pondered before."""
        ...
