"""The one fold of a search's events: the bracketing rules every trace format obeys.

The searches of all three families (two players, chance, n players) report a
well-bracketed stream: each position is entered, then left, with its children's events
and its marks (a cut, a table's answer) in between.  Every trace format (the tree, the
text, the picture, the stepper's JSON, for each family) reads that stream through a
[`Bracket`][gamelib.trace.fold.Bracket], which checks the rules and keeps the stack of
open positions; the formats only say what to write for each step.  So the rules are
written, and tested, once:

- the first position entered is the root, entered without a move;
- every later position is entered by a move from the position entered last and not yet
  left;
- once the root has been left, a move-less entry of the same position starts a new
  search of the root (MTD(f) and iterative deepening make several); any other position
  is a second root, and the events are not those of one search;
- a leave, a cut or a table's answer needs a position entered and not yet left;
- the search is over when its root has been left.

```pycon
>>> bracket: Bracket[str] = Bracket()
>>> bracket.entering(None, "a") is None      # the root: no parent
True
>>> bracket.entered("a")
>>> bracket.entering(0, "b").node            # a child of a
'a'
>>> bracket.entered("b")
>>> bracket.leaving().node, bracket.leaving().node
('b', 'a')
>>> bracket.finish()
>>> bracket.positions, bracket.leaves, bracket.searches
(2, 1, 1)
>>> bracket.entering(None, "z")
Traceback (most recent call last):
...
gamelib.trace.fold.TraceError: a second root: the events are not those of one search

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar, final

from gamelib.errors import StoppedError

__all__ = ["Bracket", "NoEventsError", "Open", "TraceError"]

N = TypeVar("N")


class TraceError(StoppedError, ValueError):
    """The events a trace was given are not those of one search."""


class NoEventsError(TraceError):
    """A search that reported no events at all: a kind whose factory drops its
    `observer` (`gamelib trace` names the kind)."""


@final
@dataclass(slots=True)
class Open(Generic[N]):
    """A position entered and not yet left, with what a format made of it."""

    node: N
    """The format's own record of the position: a tree node, a path, a node number."""
    searched: bool = False
    """Whether a child of it has been entered (else, once left, it was a leaf)."""
    from_table: bool = False
    """Whether a table answered for it."""


@final
class Bracket(Generic[N]):
    """The stack of open positions of one search, checked against the rules above.

    A format calls [`entering`][gamelib.trace.fold.Bracket.entering] with the move (None at
    the root) and the position of an entry, makes its record of the position, and
    hands it to [`entered`][gamelib.trace.fold.Bracket.entered];
    [`leaving`][gamelib.trace.fold.Bracket.leaving] on a leave,
    [`at`][gamelib.trace.fold.Bracket.at] for a mark, and
    [`finish`][gamelib.trace.fold.Bracket.finish] once the search is over.  Each raises
    [`TraceError`][gamelib.trace.fold.TraceError] where the stream breaks a rule.
    """

    __slots__ = ("_root", "_stack", "leaves", "positions", "searches")

    def __init__(self) -> None:
        self._stack: list[Open[N]] = []
        self._root: object = None
        self.positions = 0
        """Positions entered so far, the root each time included."""
        self.leaves = 0
        """Positions left without a child entered or a table's answer (estimated or over)."""
        self.searches = 0
        """How many times the root has been entered (1 for most searches)."""

    @property
    def depth(self) -> int:
        """How many positions are open: 0 between searches of the root."""
        return len(self._stack)

    @property
    def started(self) -> bool:
        """Whether the root has been entered."""
        return self.searches > 0

    @property
    def done(self) -> bool:
        """Whether the search has entered its root and left it."""
        return self.searches > 0 and not self._stack

    def entering(self, move: object | None, position: object) -> Open[N] | None:
        """The open parent of a position entered by `move` (None for a root), after the rules.

        `position` identifies the position (its status): a move-less entry after the root
        was left must name the root's position again.
        """
        stack = self._stack
        if stack:
            if move is None:
                raise TraceError("a position other than the root was entered without a move")
            return stack[-1]
        if move is not None:
            raise TraceError("the first position entered must be the root, not reached by a move")
        if self.searches and position != self._root:
            raise TraceError("a second root: the events are not those of one search")
        self._root = position
        self.searches += 1
        return None

    def entered(self, node: N) -> None:
        """Open the format's record of the position just checked by `entering` (its parent,
        if any, is `searched` from now on: until this call a format can tell its first child).
        """
        if self._stack:
            self._stack[-1].searched = True
        self._stack.append(Open(node))
        self.positions += 1

    def reopen(self, node: N) -> None:
        """Open again a record opened and left before (a chance search resuming a probe).

        Not a new position: neither `positions` nor, when it is left, `leaves` counts it
        again.
        """
        if not self._stack:
            raise TraceError("a position was resumed with nothing entered")
        self._stack[-1].searched = True
        self._stack.append(Open(node, searched=True))

    def leaving(self) -> Open[N]:
        """Close the position entered last; its record, and whether it was a leaf."""
        if not self._stack:
            raise TraceError("a Leave event with no position entered")
        gone = self._stack.pop()
        if not gone.searched and not gone.from_table:
            self.leaves += 1
        return gone

    def at(self, event: str) -> Open[N]:
        """The position entered last and not yet left, which an `event` (`"Cut"`) marks."""
        if not self._stack:
            raise TraceError(f"a {event} event with no position entered")
        return self._stack[-1]

    def answered(self) -> Open[N]:
        """Mark the position entered last as answered by a table."""
        top = self.at("TableHit")
        top.from_table = True
        return top

    def finish(self) -> None:
        """Check that the search is over: its root entered and left (and that it reported
        events at all: a kind's factory that drops its `observer` reports none)."""
        if not self._stack and not self.searches:
            raise NoEventsError(
                "the search reported no events: to be traced, its factory must pass its "
                "observer to the search"
            )
        if self._stack:
            raise TraceError("the search is not over: its root has not been left")
