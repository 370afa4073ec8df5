"""Move ordering a search learns as it goes: killer moves and the history heuristic.

Alpha-beta prunes most when the best move of each position is tried first
(the CSE 473 notes: with perfect ordering it looks at about b^(d/2)
positions instead of b^d).  The game's own order and the settings' ordering
hook (`Settings(order=...)`) are fixed; these two learn from the search:

- *killer moves*: the moves that last caused a cutoff at each ply (distance
  from the root).  A move that refuted one position is often a good reply in
  its siblings, which look much alike.  Two are kept per ply, the newest first.
- *the history heuristic*: a score for each move of each side, raised by
  `d²` whenever the move causes a cutoff in a position searched `d` deep, so
  moves that cut often, and high in the tree, rank first everywhere.

[`Ordering.order`][gamelib.algorithms.ordering.Ordering.order] puts a position's moves in this
order: the table's move (passed in by the search, when it has one), then the killers of the ply,
then the rest by history score, highest first.  Ties keep the order the
moves came in (the game's, through the settings' hook), so with nothing
learned nothing changes.  Each part can be switched off.  Moves must be
hashable for history scores; ordering never adds or drops a move, so it
changes which positions a search visits, not the value it finds, wherever a
position can only be reached at one distance from the root (trees, Connect
Four, tic-tac-toe).  Where it can be reached at several (Nim), a table
entry from a deeper search may answer a shallower question, as in any
engine, and the order decides which entries are there to answer.

One ordering can serve many searches: iterative deepening keeps it from one
depth to the next.

```pycon
>>> from gamelib import Side
>>> learned: Ordering[int] = Ordering(killers=True, history=True)
>>> learned.cutoff(1, Side.Maxie, 4, depth=3)
>>> learned.cutoff(2, Side.Maxie, 6, depth=2)
>>> learned.order(1, Side.Maxie, (0, 1, 2, 3, 4, 5, 6), first=None)  # the ply's killer first
(4, 6, 0, 1, 2, 3, 5)
>>> learned.order(3, Side.Maxie, (0, 1, 2, 3, 4, 5, 6), first=2)  # the table's move first
(2, 4, 6, 0, 1, 3, 5)

```
"""

from __future__ import annotations

from collections import defaultdict
from typing import Generic, TypeVar, final

from gamelib.core.datatypes import Side

__all__ = ["Ordering"]

M = TypeVar("M")

KILLER_SLOTS = 2
"""Killer moves kept per ply."""


@final
class Ordering(Generic[M]):
    """Killer moves and history scores, learned from cutoffs; see the module."""

    __slots__ = ("_history", "_killers", "_learned", "history", "killers", "root_first")

    def __init__(self, *, killers: bool = True, history: bool = True) -> None:
        self.killers = killers
        """Whether killer moves are tried early."""
        self.history = history
        """Whether the remaining moves are sorted by history score."""
        self.root_first: M | None = None
        """A move to try first at the root when no table says otherwise (iterative
        deepening sets it to the last iteration's best move)."""
        self._killers: list[list[M]] = []
        # One table of scores per side, looked up once per position (hashing a Side
        # for every move cost more than the sorting).
        self._history: dict[Side, defaultdict[M, int]] = {
            Side.Maxie: defaultdict(int),
            Side.Minnie: defaultdict(int),
        }
        self._learned = False

    def order(self, ply: int, side: Side, moves: tuple[M, ...], first: M | None) -> tuple[M, ...]:
        """`moves` of a position `ply` moves from the root, where `side` moves,
        in the order to try them; `first` (the table's move) leads if it is one of them.
        """
        if first is None and ply == 0:
            first = self.root_first
        front: list[M] = []
        if first is not None and first in moves:
            front.append(first)
        if self.killers and ply < len(self._killers):
            front.extend(k for k in self._killers[ply] if k in moves and k not in front)
        rest = [m for m in moves if m not in front] if front else moves
        if self.history and self._learned:
            # Highest score first; sorting stays stable with reverse=True.
            rest = sorted(rest, key=self._history[side].__getitem__, reverse=True)
        if not front:
            return tuple(rest)
        return (*front, *rest)

    def cutoff(self, ply: int, side: Side, move: M, *, depth: int) -> None:
        """`move` of `side` caused a cutoff `ply` moves from the root, `depth` deep."""
        if self.killers:
            while len(self._killers) <= ply:
                self._killers.append([])
            slot = self._killers[ply]
            if not slot or slot[0] != move:
                if move in slot:
                    slot.remove(move)
                slot.insert(0, move)
                del slot[KILLER_SLOTS:]
        if self.history:
            self._history[side][move] += depth * depth
            self._learned = True

    def killers_at(self, ply: int) -> tuple[M, ...]:
        """The killer moves of `ply`, newest first."""
        return tuple(self._killers[ply]) if ply < len(self._killers) else ()

    def score(self, side: Side, move: M) -> int:
        """`move`'s history score for `side`."""
        return self._history[side].get(move, 0)
