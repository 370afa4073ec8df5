"""The lines of `gamelib trace --json`: one line of JSON for each step of a search, of any
family, written as it comes.

The tree-keeping formats ([`gamelib.trace.steps`][gamelib.trace.steps] for the docs' stepper)
name positions by node numbers; these lines name them by their paths, so that a search of
millions of positions keeps only the positions it is in.

```pycon
>>> import io
>>> out = io.StringIO()
>>> lines = StepLines(out)
>>> lines.enter(None, "a", "(Maxie,a)", "Maxie", 1, None)
>>> lines.enter("0", "b", "(Minnie,b)", "Minnie", 0, None)
>>> lines.leave("3", "exact", None)
>>> lines.leave("3", "exact", "0")
>>> lines.finish(lines.answer)
>>> print(out.getvalue().splitlines()[-1])
{"event": "done", "value": "3", "bound": "exact", "best": 0, "positions": 2, "leaves": 1}

```
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Generic, TextIO, TypeVar, assert_never

from gamelib import seq
from gamelib.core.datatypes import Playing
from gamelib.core.jsondata import JSON, move_json
from gamelib.search.events import (
    Cut,
    Enter,
    Event,
    Leave,
    Phase,
    Reached,
    TableHit,
    end_to_string,
)
from gamelib.trace.fold import Bracket
from gamelib.trace.words import Words

__all__ = ["EventLines", "StepLines"]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")


class StepLines:
    """The lines of `gamelib trace --json`, for a search of any family: one line of JSON for
    each step, written as it comes, keeping no tree.

    The searches of the three families report their own events; each family's writer
    ([`EventLines`][gamelib.trace.lines.EventLines], given the family's
    [`Words`][gamelib.trace.words.Words]) says here, through one fold, what
    each step is, with its moves and values already written as text. So every family's
    lines have one shape:

    - `{"event": "enter", "order", "path", "position", "side", "depth", "window"}`, and
      `"phase": "probe"` or `"resume"` where Star2 visits a position in two goes (a
      resume has no `order`: the position was counted when it was probed);
    - `{"event": "leave", "path", "value", "bound", "best"}`;
    - `{"event": "cut", "path", "move", "value", "pruned"}`;
    - `{"event": "table", "path", "value", "bound", "best"}`.

    A position is named by its `path` (the moves from the root, as the game writes them,
    numbers as numbers unless `move` writes them otherwise; a chance outcome by its
    label); `side` is whoever decides there (`"Maxie"`, `"Chance"`, a player's name), None
    when the game is over; `window` is `[α, β]` as text, or, for shallow max^n,
    `{"player", "has"}`: what the parent's player already has.
    """

    def __init__(self, out: TextIO, move: Callable[[str], JSON] | None = None) -> None:
        self._out = out
        self._move: Callable[[str], JSON] = move_json if move is None else move
        self._bracket: Bracket[list[JSON]] = Bracket()
        self.answer: dict[str, JSON] = {}
        """What the root was last left with: its `value`, `bound` and `best` (as written)."""

    @property
    def positions(self) -> int:
        """Positions entered so far, the root included (each search of it counts)."""
        return self._bracket.positions

    @property
    def leaves(self) -> int:
        """Positions estimated or finished so far (not those a table answered for)."""
        return self._bracket.leaves

    def write(self, step: dict[str, JSON]) -> None:
        """Write one line (the `done` line, say)."""
        self._out.write(json.dumps(step) + "\n")

    def enter(
        self,
        move: str | None,
        status: object,
        position: str,
        side: str | None,
        depth: int,
        window: JSON,
        phase: str | None = None,
    ) -> None:
        """A position entered by `move` (as the game writes it; None at the root), whose
        `status` identifies it to the fold; `phase` `"resume"` opens again one probed."""
        bracket = self._bracket
        path: list[JSON] = []  # the root, searched for the first time or again
        if phase == "resume":
            assert move is not None  # only a child is probed and resumed
            path = [*bracket.at("resume").node, self._move(move)]
            bracket.reopen(path)
        else:
            parent = bracket.entering(move, status)
            if parent is not None:
                assert move is not None  # the bracket refuses a move-less child
                path = [*parent.node, self._move(move)]
        step: dict[str, JSON] = {
            "event": "enter",
            "order": bracket.positions,
            "path": list[JSON](path),
            "position": position,
            "side": side,
            "depth": depth,
            "window": window,
        }
        if phase is not None:
            step["phase"] = phase
        if phase == "resume":  # not a new position: it was counted when it was probed
            del step["order"]
        self.write(step)
        if phase != "resume":
            bracket.entered(path)

    def leave(self, value: str, bound: str, best: str | None) -> None:
        """The position entered last, left with `value` (`bound` says how exact)."""
        at = self._bracket.leaving().node
        moved = None if best is None else self._move(best)
        if self._bracket.depth == 0:
            self.answer = {"value": value, "bound": bound, "best": moved}
        self.write(
            {
                "event": "leave",
                "path": list[JSON](at),
                "value": value,
                "bound": bound,
                "best": moved,
            }
        )

    def cut(self, move: str, value: str, pruned: list[str]) -> None:
        """The position entered last, cut by `move`'s `value`; `pruned` never searched."""
        at = self._bracket.at("Cut").node
        self.write(
            {
                "event": "cut",
                "path": list[JSON](at),
                "move": self._move(move),
                "value": value,
                "pruned": [self._move(m) for m in pruned],
            }
        )

    def table(self, value: str, bound: str, best: str | None) -> None:
        """The position entered last, answered by a table."""
        at = self._bracket.answered().node
        moved = None if best is None else self._move(best)
        self.write(
            {
                "event": "table",
                "path": list[JSON](at),
                "value": value,
                "bound": bound,
                "best": moved,
            }
        )

    def finish(self, done: dict[str, JSON] | None = None) -> None:
        """Check that the search is over, then write the `done` line: `done` if given,
        else the root's answer (`value`, `bound`, `best`), with the counts `positions`
        and `leaves` in either case.

        Raises [`TraceError`][gamelib.trace.fold.TraceError] if its root has not been left.
        """
        self._bracket.finish()
        answer = self.answer if done is None else done
        counts: dict[str, JSON] = {"positions": self.positions, "leaves": self.leaves}
        self.write({"event": "done", **answer, **counts})


class EventLines(Generic[S, M, W, V]):
    """An observer that writes the events of one search, of any family, as the
    [`StepLines`][gamelib.trace.lines.StepLines] say, as they come: the fold is written
    once, here, and a family's [`Words`][gamelib.trace.words.Words] say how its steps,
    values, windows, positions and sides read ([`StepWriter`][gamelib.trace.steps.StepWriter]
    is the two-player one). Call [`finish`][gamelib.trace.lines.EventLines.finish] when the
    search is over.

    ```pycon
    >>> import io
    >>> from gamelib.nplayer import MaxN, NSettings, TreeGame, parse_tree, tree_estimator
    >>> from gamelib.trace.drawing import NWords
    >>> game = TreeGame(parse_tree("a[b(1,2), c[d(3,0), e(0,3)]]"))
    >>> out = io.StringIO()
    >>> writer = EventLines(NWords(game), out)
    >>> MaxN(NSettings(tree_estimator(game), 2), observer=writer).analyse(game.start)
    (0, (1, 2))
    >>> writer.finish()
    >>> print(out.getvalue().splitlines()[-1])
    {"event": "done", "value": "(1,2)", "bound": "exact", "best": 0, "positions": 5, "leaves": 3}

    ```
    """

    def __init__(
        self, words: Words[S, M, W, V], out: TextIO, move: Callable[[str], JSON] | None = None
    ) -> None:
        self.words = words
        """How the family's steps, values and windows read."""
        self.lines = StepLines(out, move)
        """Where the lines go (its counts are the trace's)."""

    @property
    def positions(self) -> int:
        """Positions entered so far, the root included (each search of it counts)."""
        return self.lines.positions

    @property
    def leaves(self) -> int:
        """Positions estimated or finished so far (not those a table answered for)."""
        return self.lines.leaves

    def _best(self, step: M | None) -> str | None:
        return None if step is None else self.words.step(step)

    def __call__(self, event: Event[S, M, W, V], /) -> None:
        lines, words = self.lines, self.words
        match event:
            case Enter(move, status, mover, depth, window, phase):
                lines.enter(
                    self._best(move),
                    status,
                    self._reached(status),
                    None if mover is None else words.side(mover),
                    depth,
                    None if window is None else words.window(window),
                    None if phase is Phase.SEARCH else phase.value,
                )
            case Leave(value, bound, best):
                lines.leave(words.value(value), bound.value, self._best(best))
            case Cut(move, value, unsearched):
                pruned = [words.step(m) for m in seq.to_tuple(unsearched)]
                lines.cut(words.step(move), words.value(value), pruned)
            case TableHit(value, bound, best):
                lines.table(words.value(value), bound.value, self._best(best))
            case _:
                assert_never(event)

    def _reached(self, status: Reached[S]) -> str:
        if isinstance(status, Playing):
            return self.words.position(status.state)
        return end_to_string(status)

    def finish(self, done: dict[str, JSON] | None = None) -> None:
        """Check that the search is over and write the `done` line: `done` if given (what
        `analyse` returned, say), else the root's answer.

        Raises [`TraceError`][gamelib.trace.fold.TraceError] if its root has not been left.
        """
        self.lines.finish(done)
