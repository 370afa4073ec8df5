"""The words of the chance and n-player families' traces, and a search kind of those
families traced as the command line shows it: its text, its picture, its counts and its
steps as lines of JSON.

A search of any family is traced by one tracer ([`TracedRun`][gamelib.trace.tree.TracedRun])
and written by one text writer, one DOT writer and one writer of lines; what differs is
how its words read ([`Words`][gamelib.trace.words.Words]):
[`ChanceWords`][gamelib.trace.drawing.ChanceWords] write numbers (exact fractions), Star2's
probes and cuts at chance positions, and steps that are moves or outcomes with their
probabilities; [`NWords`][gamelib.trace.drawing.NWords] write utility vectors, the player
to move, and shallow pruning's bound.

```pycon
>>> from gamelib.chance.expectiminimax import ChanceSettings, Star1
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> from gamelib.trace import trace_to_text
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
>>> print(trace_to_text(chance_trace(Star1, ChanceSettings(chance_tree_estimator(game), 1))))
Evaluating (Maxie,a) with window (−∞, +∞)
  Averaging (Chance,b) after move 0 with window (−∞, +∞)
    Estimating (Minnie,c) after 0 (1/2): 2
    Estimating (Minnie,d) after 1 (1/2): 4
  value of (Chance,b) is 3
  Averaging (Chance,e) after move 1 with window (3, +∞)
    Estimating (Minnie,f) after 0 (1/2): 1
  cut off at (Chance,e): outcome 0 (1/2) gave 1, so it is at most 5/2; outcome 1 (1/2) not searched
  value of (Chance,e) is at most 5/2
value of (Maxie,a) is 3, best move 0

```
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO, TypeAlias, TypeVar, assert_never, final

from gamelib import seq
from gamelib.chance.events import Moved, Rolled, Step, Window
from gamelib.chance.expectiminimax import ChanceFactory, ChanceSettings
from gamelib.chance.game import ChanceGame, Nature, Value
from gamelib.chance.kinds import ChanceKind
from gamelib.core.datatypes import Playing, Side
from gamelib.core.jsondata import JSON
from gamelib.core.model import number_to_string, vector_to_string
from gamelib.nplayer.game import NEstimator, NPlayerGame, Number, Vector
from gamelib.nplayer.kinds import NPlayerKind
from gamelib.nplayer.maxn import NFactory, NWindow, ShallowSettings
from gamelib.search.events import BoundKind, Mover, end_to_string
from gamelib.trace.dot import trace_to_dot
from gamelib.trace.graphviz import PLAYER_SHAPES, mover_shape
from gamelib.trace.text import trace_to_text
from gamelib.trace.tree import Traced, TracedNode, TracedRun, trace_player
from gamelib.trace.words import Unsearched, Words, below

__all__ = [
    "ChanceTrace",
    "ChanceWords",
    "Drawing",
    "NTrace",
    "NWords",
    "chance_kind_drawing",
    "chance_trace",
    "n_kind_drawing",
    "n_trace",
]

S = TypeVar("S")
M = TypeVar("M")
St = TypeVar("St")
W = TypeVar("W")
V = TypeVar("V")

ChanceNode: TypeAlias = TracedNode[S, Step[M], Window, Value]
ChanceTrace: TypeAlias = Traced[S, Step[M], Window, Value]
"""A whole chance search (a position Star2 probed and resumed is one node)."""
NNode: TypeAlias = TracedNode[S, M, NWindow, Vector]
NTrace: TypeAlias = Traced[S, M, NWindow, Vector]
"""A whole n-player search: a node's `window` is shallow pruning's bound (the parent's
player and what it already had), and a node it stopped early is left `at least`."""


def _number(x: Value) -> str:
    if isinstance(x, float) and math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return number_to_string(x)


class ChanceWords(Words[S, Step[M], Window, Value]):
    """How a chance search reads: numbers, windows (α, β), a chance outcome by its label
    (in the text, with its probability), a chance position's side `Chance`."""

    def __init__(self, game: ChanceGame[S, M]) -> None:
        super().__init__(game)
        self.game = game
        """The game searched."""

    def step(self, step: Step[M], /) -> str:
        return self.game.move_to_string(step.move) if isinstance(step, Moved) else step.label

    def value(self, value: Value, /) -> str:
        return _number(value)

    def window(self, window: Window, /) -> JSON:
        return [_number(end) for end in window]

    def _name(self, step: Step[M]) -> str:
        return self.game.move_to_string(step.move) if isinstance(step, Moved) else str(step)

    def label(self, node: ChanceNode[S, M], /) -> str:
        if isinstance(node.status, Playing):
            return super().label(node)
        return f"the end of the game ({end_to_string(node.status)})"

    def where(self, node: ChanceNode[S, M], /) -> str:
        step = node.step
        if step is None:
            return ""
        return f" after {'move ' if isinstance(step, Moved) else ''}{self._name(step)}"

    def verb(self, node: ChanceNode[S, M], /) -> str:
        return "Averaging" if node.side is Nature.Chance else "Evaluating"

    def window_text(self, window: Window | None, /) -> str:
        if window is None:
            return ""
        return f" with window ({_number(window[0])}, {_number(window[1])})"

    def leaf(self, node: ChanceNode[S, M], /) -> str:
        verb = "Estimating" if isinstance(node.status, Playing) else "Game over at"
        return f"{verb} {self.label(node)}{self.where(node)}: {_number(node.value or 0)}"

    def _bounded(self, node: ChanceNode[S, M]) -> str:
        assert node.value is not None  # every node of a finished trace has a value
        if node.bound is None or node.bound is BoundKind.EXACT:
            return _number(node.value)
        return f"{node.bound.value} {_number(node.value)}"

    def closing(self, node: ChanceNode[S, M], /) -> Iterator[str]:
        label = self.label(node)
        if node.cut_by is not None:
            assert node.cut_value is not None  # a Cut names its value
            chance = node.side is Nature.Chance
            if chance:
                why = f"so it is {self._bounded(node)}"
            else:
                assert node.window is not None  # only windowed searches cut
                why = (
                    f"at or above β = {_number(node.window[1])}"
                    if node.side is Side.Maxie
                    else f"at or below α = {_number(node.window[0])}"
                )
            rest = ""
            if node.pruned:
                noun = "outcome" if chance else "move"
                rest = f"; {self.steps_text(noun, node.pruned, self._name)} not searched"
            word = "move" if isinstance(node.cut_by, Moved) else "outcome"
            yield (
                f"cut off at {label}: {word} {self._name(node.cut_by)} gave "
                f"{_number(node.cut_value)}, {why}{rest}"
            )
        best = "" if node.best_move is None else f", best move {self._name(node.best_move)}"
        yield f"value of {label} is {self._bounded(node)}{best}"

    def dot_label(self, node: ChanceNode[S, M], /) -> str:
        status = node.status
        where = (
            self.game.state_to_string(status.state)
            if isinstance(status, Playing)
            else end_to_string(status)
        )
        shown = "" if node.value is None else _number(node.value)
        if node.bound is BoundKind.LOWER:
            shown = f"≥ {shown}"
        elif node.bound is BoundKind.UPPER:
            shown = f"≤ {shown}"
        return f"{where}\n{shown}"

    def edge(self, step: Step[M], /) -> str:
        match step:
            case Moved(move):
                return self.game.move_to_string(move)
            case Rolled(_, label, probability):
                p = number_to_string(probability)
                return p if label.isdigit() else f"{label}\n{p}"
            case _:
                assert_never(step)

    def unsearched(self, node: ChanceNode[S, M], state: S, /) -> Unsearched[S]:
        game = self.game
        steps = node.pruned
        if node.probe is not None and not node.resumed:
            steps = tuple(Moved(m) for m in seq.to_tuple(seq.drop(game.moves(state), 1)))
        outcomes = game.outcomes(state) if game.player(state) is Nature.Chance else ()
        return [
            (
                self.edge(step),
                game.play(state, step.move)
                if isinstance(step, Moved)
                else outcomes[step.index].status,
            )
            for step in steps
        ]


class NWords(Words[S, M, NWindow, Vector]):
    """How an n-player search reads: vectors, the players by name, shallow pruning's bound
    (`total` its most a vector adds up to; None without pruning) and its cuts."""

    def __init__(self, game: NPlayerGame[S, M], total: Number | None = None) -> None:
        super().__init__(game)
        self.game = game
        """The game searched."""
        self.total = total
        """Shallow pruning's total, for explaining its cuts (None without pruning)."""

    def step(self, step: M, /) -> str:
        return self.game.move_to_string(step)

    def value(self, value: Vector, /) -> str:
        return vector_to_string(value)

    def window(self, window: NWindow, /) -> JSON:
        return {"player": self.game.names[window[0]], "has": number_to_string(window[1])}

    def side(self, mover: Mover, /) -> str:
        return self.game.names[mover] if isinstance(mover, int) else str(mover)

    def window_text(self, window: NWindow | None, /) -> str:
        if window is None:
            return ""
        return f"; {self.game.names[window[0]]} already has {number_to_string(window[1])}"

    def _vector(self, value: Vector | None) -> str:
        assert value is not None  # every node of a finished trace has a vector
        return vector_to_string(value)

    def leaf(self, node: NNode[S, M], /) -> str:
        value = self._vector(node.value)
        if isinstance(node.status, Playing):
            return f"Estimating {self.label(node)}{self.where(node)}: {value}"
        return f"Game over{self.where(node)}: {value}"

    def closing(self, node: NNode[S, M], /) -> Iterator[str]:
        names, label = self.game.names, self.label(node)
        seat = node.side if isinstance(node.side, int) else None
        if node.pruned:
            assert node.cut_by is not None  # a cut names its move ...
            assert node.cut_value is not None  # ... and that move's vector
            assert seat is not None  # and only a position being played is cut
            assert node.window is not None  # only a bound lets the search cut
            mover, gained = names[seat], number_to_string(node.cut_value[seat])
            parent, has = names[node.window[0]], number_to_string(node.window[1])
            total = "the total" if self.total is None else number_to_string(self.total)
            left = ""
            if self.total is not None:
                left = f" = {number_to_string(self.total - node.cut_value[seat])}"
            yield (
                f"cut off at {label}: move {self.step(node.cut_by)} gives "
                f"{mover} {gained}, so {parent} gets at most {total} - "
                f"{gained}{left}, no more than the {has} it has"
            )
            yield f"{self.steps_text('move', node.pruned, self.step)} not searched"
        assert node.best_move is not None
        value = self._vector(node.value)
        if node.bound is BoundKind.LOWER and seat is not None:
            value += f" or better for {names[seat]}"
        yield f"value of {label} is {value}, best move {self.step(node.best_move)}"

    def title(self, player: str, /) -> str:
        shown = enumerate(self.game.names[: len(PLAYER_SHAPES)])
        return f"{player}; " + ", ".join(f"{name} {mover_shape(i)}" for i, name in shown)

    def dot_label(self, node: NNode[S, M], /) -> str:
        names = self.game.names
        seat = node.side if isinstance(node.side, int) else None
        text = "game over"
        if isinstance(node.status, Playing):
            assert seat is not None
            text = f"{self.label(node)}\n{names[seat]} to move"
        if node.value is not None:
            text += "\n" + vector_to_string(node.value)
            if node.bound is BoundKind.LOWER and seat is not None:
                text += f" (cut: ≥ {number_to_string(node.value[seat])} for {names[seat]})"
        return text

    def unsearched(self, node: NNode[S, M], state: S, /) -> Unsearched[S]:
        return below(self.game, state, node.pruned)

    def deeper(self, state: S, /) -> Unsearched[S]:
        return below(self.game, state)


def chance_trace(
    factory: ChanceFactory[S, M],
    settings: ChanceSettings[S, M],
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> ChanceTrace[S, M]:
    """Run `factory(settings)` once from `state` (default the start); the trace of it.
    `steps`, if given, also gets its steps as lines of JSON."""
    run: TracedRun[S, Step[M], Window, Value] = TracedRun()
    player = factory(settings, observer=run)
    return run.traced(player, ChanceWords(player.game), state, steps)


def n_trace(
    factory: NFactory[St, S, M],
    settings: St,
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> NTrace[S, M]:
    """Run `factory(settings)` once from `state` (default the start); the trace of it
    (shallow pruning's cuts explained by its settings' total). `steps`, if given, also
    gets its steps as lines of JSON.

    ```pycon
    >>> from gamelib.nplayer import CSE473, ShallowMaxN, ShallowSettings, TreeGame, tree_estimator
    >>> t = n_trace(ShallowMaxN, ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10))
    >>> print("\\n".join(trace_to_text(t).splitlines()[-4:]))
      cut off at (B,i): move 0 gives B 7, so A gets at most 10 - 7 = 3, no more than the 3 it has
      move 1 not searched
      value of (B,i) is (1,7,2) or better for B, best move 0
    value of (A,a) is (3,2,5), best move 0

    ```
    """
    run: TracedRun[S, M, NWindow, Vector] = TracedRun()
    player = factory(settings, observer=run)
    total = settings.total if isinstance(settings, ShallowSettings) else None
    return run.traced(player, NWords(player.game, total), state, steps)


@final
@dataclass(frozen=True, slots=True)
class Drawing:
    """A traced search as the command line shows it: text, a picture, and counts."""

    text: str
    """The indented trace."""
    dot: str
    """The Graphviz picture of it."""
    positions: int
    """Positions visited, the root included."""
    leaves: int
    """Positions estimated or finished."""
    steps: str = ""
    """The search's steps as lines of JSON, the `done` line last (see
    [`EventLines`][gamelib.trace.lines.EventLines], and
    [`sampled_trace`][gamelib.trace.mcts.sampled_trace] for a sampling search)."""


def _drawn(t: Traced[S, M, W, V], steps: io.StringIO) -> Drawing:
    return Drawing(
        trace_to_text(t), trace_to_dot(t), len(t.nodes()), len(t.leaves()), steps.getvalue()
    )


def chance_kind_drawing(kind: ChanceKind, settings: ChanceSettings[S, M]) -> Drawing:
    """One search of a (non-sampling) chance `kind` with `settings` from the start, drawn."""
    steps = io.StringIO()
    return _drawn(chance_trace(kind.factory, settings, steps=steps), steps)


def n_kind_drawing(
    kind: NPlayerKind, estimator: NEstimator[S, M], depth: int, total: Number | None
) -> Drawing:
    """One search of a (non-sampling) n-player `kind` from the start, drawn: by the events
    its player reports, or as the two-player search of its view.

    ```pycon
    >>> from gamelib.nplayer import CSE473, TreeGame, tree_estimator
    >>> from gamelib.nplayer.kinds import MAXN_KIND
    >>> drawn = n_kind_drawing(MAXN_KIND, tree_estimator(TreeGame(CSE473)), 3, None)
    >>> drawn.positions, drawn.leaves, drawn.text.splitlines()[-1]
    (15, 8, 'value of (A,a) is (3,2,5), best move 0')

    ```
    """
    steps = io.StringIO()
    view = kind.two_player
    if view is not None:
        return _drawn(trace_player(lambda o: view(estimator, depth, o), steps=steps), steps)
    run: TracedRun[S, M, NWindow, Vector] = TracedRun()
    player = kind.build(estimator, depth, total, observer=run)
    return _drawn(run.traced(player, NWords(player.game, total), None, steps), steps)
