"""The lines of `gamelib trace --json`: one line of JSON for each step of a search, of any
family, written as it comes.

These lines name positions by their paths, so that a search of millions of positions keeps
only the positions it is in; the docs' stepper reads the same steps with each position
named by its number in a tree it draws ([`gamelib.trace.steps`][gamelib.trace.steps]).

A family's lines are written by [`EventLines`][gamelib.trace.lines.EventLines], given its
[`Words`][gamelib.trace.words.Words].
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Generic, TextIO, TypeVar, assert_never

from gamelib import seq
from gamelib.chance.events import Rolled
from gamelib.core.datatypes import Playing
from gamelib.core.jsondata import JSON, move_json
from gamelib.search.events import (
    Cut,
    Enter,
    Event,
    Leave,
    Phase,
    TableHit,
    end_to_string,
)
from gamelib.trace.fold import Bracket
from gamelib.trace.words import Words

__all__ = ["EventLines"]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")


class EventLines(Generic[S, M, W, V]):
    """An observer that writes the lines of `gamelib trace --json` for a search of any
    family: one line of JSON for each event, written as it comes, keeping no tree. The fold
    is written once, here; the family's [`Words`][gamelib.trace.words.Words] say how its
    steps, values, windows, positions and sides read (for two players,
    [`TwoWords`][gamelib.trace.words.TwoWords]). So every family's lines have one shape:

    - `{"event": "enter", "order", "path", "position", "side", "depth", "window"}`, and
      `"phase": "probe"` or `"resume"` where Star2 visits a position in two goes (a
      resume has no `order`: the position was counted when it was probed);
    - `{"event": "leave", "path", "value", "bound", "best"}`;
    - `{"event": "cut", "path", "move", "value", "pruned"}`;
    - `{"event": "table", "path", "value", "bound", "best"}`;
    - last, written by [`finish`][gamelib.trace.lines.EventLines.finish], `{"event":
      "done"}` with the answer and the counts `positions` and `leaves`.

    A position is named by its `path` (the moves from the root, as the game writes them,
    numbers as numbers unless `move` writes them otherwise; a chance outcome by its
    label); `side` is whoever decides there (`"Maxie"`, `"Chance"`, a player's name), None
    when the game is over; `window` is `[α, β]` as text, or, for shallow max^n,
    `{"player", "has"}`: what the parent's player already has.

    ```pycon
    >>> import io
    >>> from gamelib.nplayer import MaxN, NSettings, TreeGame, parse_tree, tree_estimator
    >>> from gamelib.trace.words import NWords
    >>> game = TreeGame(parse_tree("a[b(1,2), c[d(3,0), e(0,3)]]"))
    >>> out = io.StringIO()
    >>> writer = EventLines(NWords(game), out)
    >>> MaxN(NSettings(tree_estimator(game), 2), observer=writer).analyse(game.start)
    (0, (1, 2))
    >>> writer.finish()
    >>> for line in out.getvalue().splitlines()[-3:]:
    ...     print(line)
    {"event": "leave", "path": [1], "value": "(0,3)", "bound": "exact", "best": 1}
    {"event": "leave", "path": [], "value": "(1,2)", "bound": "exact", "best": 0}
    {"event": "done", "value": "(1,2)", "bound": "exact", "best": 0, "positions": 5, "leaves": 3}

    ```
    """

    def __init__(
        self, words: Words[S, M, W, V], out: TextIO, move: Callable[[str], JSON] | None = None
    ) -> None:
        self.words = words
        """How the family's steps, values and windows read."""
        self._out = out
        self._move: Callable[[str], JSON] = move_json if move is None else move
        self._bracket: Bracket[JSON] = Bracket()
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

    def _root(self) -> JSON:
        """How a line names the root: by its path, `[]`."""
        return []

    def _to(self, at: JSON, step: M, /) -> JSON:
        """How a line names a step from the position named `at`: as the game writes it (a
        move written as a number is a JSON number); a chance outcome by its label, always
        a string (`"rolled 3"`, `"0"`), so that a reader meets one type for a label."""
        text = self.words.step(step)
        return text if isinstance(step, Rolled) else self._move(text)

    def _child(self, at: JSON, step: M, /) -> JSON:
        """How a line names the position a step leads to: by its path."""
        assert isinstance(at, list)  # a path
        return [*at, self._to(at, step)]

    def _step(self, at: JSON, step: M | None) -> JSON:
        return None if step is None else self._to(at, step)

    def __call__(self, event: Event[S, M, W, V], /) -> None:
        bracket, words = self._bracket, self.words
        match event:
            case Enter():
                self._enter(event)
            case Leave(value, bound, best):
                at = bracket.leaving().node
                line: dict[str, JSON] = {"value": words.value(value), "bound": bound.value}
                line["best"] = self._step(at, best)
                if bracket.depth == 0:
                    self.answer = line
                self.write({"event": "leave", "path": at, **line})
            case Cut(move, value, unsearched):
                at = bracket.at("Cut").node
                self.write(
                    {
                        "event": "cut",
                        "path": at,
                        "move": self._to(at, move),
                        "value": words.value(value),
                        "pruned": [self._to(at, m) for m in seq.to_tuple(unsearched)],
                    }
                )
            case TableHit(value, bound, best):
                at = bracket.answered().node
                self.write(
                    {
                        "event": "table",
                        "path": at,
                        "value": words.value(value),
                        "bound": bound.value,
                        "best": self._step(at, best),
                    }
                )
            case _:
                assert_never(event)

    def _enter(self, event: Enter[S, M, W]) -> None:
        bracket, words, status = self._bracket, self.words, event.status
        path = self._root()  # the root, searched for the first time or again
        resume = event.phase is Phase.RESUME
        if resume:
            assert event.move is not None  # only a child is probed and resumed
            path = self._child(bracket.at("resume").node, event.move)
            bracket.reopen(path)
        else:
            parent = bracket.entering(event.move, status)
            if parent is not None:
                assert event.move is not None  # the bracket refuses a move-less child
                path = self._child(parent.node, event.move)
        step: dict[str, JSON] = {"event": "enter", "order": bracket.positions, "path": path}
        if resume:  # not a new position: it was counted when it was probed
            del step["order"]
        step["position"] = (
            words.position(status.state) if isinstance(status, Playing) else end_to_string(status)
        )
        step["side"] = None if event.side is None else words.side(event.side)
        step["depth"] = event.depth
        step["window"] = None if event.window is None else words.window(event.window)
        if event.phase is not Phase.SEARCH:
            step["phase"] = event.phase.value
        self.write(step)
        if not resume:
            bracket.entered(path)

    def finish(self, done: dict[str, JSON] | None = None) -> None:
        """Check that the search is over, then write the `done` line: `done` if given (what
        `analyse` returned, say), else the root's answer (`value`, `bound`, `best`), with
        the counts `positions` and `leaves` in either case.

        Raises [`TraceError`][gamelib.trace.fold.TraceError] if its root has not been left.
        """
        self._bracket.finish()
        answer = self.answer if done is None else done
        counts: dict[str, JSON] = {"positions": self.positions, "leaves": self.leaves}
        self.write({"event": "done", **answer, **counts})
