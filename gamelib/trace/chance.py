"""Traces of one chance search, as indented text and as a Graphviz picture.

A `ChanceTracer` is an observer (see `gamelib.chance.events`)
that builds the tree of positions a search visited; the text and the DOT
picture are drawn from it alone.  Star2's two visits of a probed position
(the probe of its first move, and the rest later) are one node of the tree;
the text shows them where they happened.

```pycon
>>> from gamelib.chance.expectiminimax import ChanceSettings, Star1
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
>>> t = chance_trace(Star1, ChanceSettings(chance_tree_estimator(game), 1))
>>> print(chance_trace_to_text(t))
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

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeAlias, TypeVar, assert_never, final

from gamelib import seq
from gamelib.chance.events import (
    ChanceObserver,
    Moved,
    Rolled,
    Step,
    Window,
)
from gamelib.chance.expectiminimax import ChanceFactory, ChancePlayer, ChanceSettings
from gamelib.chance.game import ChanceGame, Nature, Value, number_to_string
from gamelib.core.datatypes import Playing, Side
from gamelib.core.jsondata import JSON
from gamelib.search.events import BoundKind, Reached, end_to_string
from gamelib.trace.dot import trace_digraph
from gamelib.trace.lines import EventLines
from gamelib.trace.tree import EventTracer, TracedNode, TracedRun

__all__ = [
    "ChanceBuild",
    "ChanceStepWriter",
    "ChanceTrace",
    "ChanceTraceNode",
    "ChanceTracer",
    "chance_trace",
    "chance_trace_player",
    "chance_trace_to_dot",
    "chance_trace_to_text",
]

S = TypeVar("S")
M = TypeVar("M")

ChanceBuild: TypeAlias = Callable[[ChanceObserver[S, M]], ChancePlayer[S, M]]
"""Something that builds a chance player around an observer."""


ChanceTraceNode: TypeAlias = TracedNode[S, Step[M], Window, Value]
"""One position a chance search visited (a position Star2 probed and resumed is one node)."""


@final
@dataclass(frozen=True, slots=True)
class ChanceTrace(Generic[S, M]):
    """A whole search: the tree of visited positions, the game, and the player's name."""

    root: ChanceTraceNode[S, M]
    """The position searched from."""
    game: ChanceGame[S, M]
    """The game searched."""
    player: str
    """The player's name, e.g. `Star2(depth 2)`."""

    def leaves(self) -> list[ChanceTraceNode[S, M]]:
        """The leaves evaluated, in order."""
        found = [n for n in self.root.walk() if n.leaf_number is not None]
        return sorted(found, key=lambda n: n.order)


class ChanceTracer(EventTracer[S, Step[M], Window, Value]):
    """An observer that builds the tree of one chance search from its events."""


class ChanceStepWriter(EventLines[S, Step[M], Window, Value]):
    """An observer that writes a chance search's steps as lines of JSON, as
    [`StepLines`][gamelib.trace.lines.StepLines] says for every family: a chance outcome
    is written as its label in a path, a chance position's side is `"Chance"`, and Star2's
    two visits of a probed position are entered with `"phase": "probe"` and `"resume"`.

    ```pycon
    >>> import io
    >>> from gamelib.chance.expectiminimax import ChanceSettings, Star1
    >>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
    >>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
    >>> out = io.StringIO()
    >>> writer = ChanceStepWriter(game, out)
    >>> Star1(ChanceSettings(chance_tree_estimator(game), 1), observer=writer).analyse(game.start)
    (0, Fraction(3, 1))
    >>> writer.finish()
    >>> for line in out.getvalue().splitlines()[-4:]:
    ...     print(line)
    {"event": "cut", "path": [1], "move": 0, "value": "1", "pruned": [1]}
    {"event": "leave", "path": [1], "value": "5/2", "bound": "at most", "best": null}
    {"event": "leave", "path": [], "value": "3", "bound": "exact", "best": 0}
    {"event": "done", "value": "3", "bound": "exact", "best": 0, "positions": 6, "leaves": 3}

    ```
    """

    def __init__(self, game: ChanceGame[S, M], out: TextIO) -> None:
        super().__init__(out)
        self._game = game

    def step(self, step: Step[M], /) -> str:
        return self._game.move_to_string(step.move) if isinstance(step, Moved) else step.label

    def value(self, value: Value, /) -> str:
        return _number(value)

    def window(self, window: Window, /) -> JSON:
        return [_number(end) for end in window]

    def position(self, state: S, /) -> str:
        return self._game.state_to_string(state)


def chance_trace(
    factory: ChanceFactory[S, M],
    settings: ChanceSettings[S, M],
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> ChanceTrace[S, M]:
    """Run `factory(settings)` once from `state` (default the start); the trace of it.
    `steps`, if given, also gets its steps as lines of JSON
    ([`ChanceStepWriter`][gamelib.trace.chance.ChanceStepWriter])."""

    def build(observer: ChanceObserver[S, M]) -> ChancePlayer[S, M]:
        return factory(settings, observer=observer)

    return chance_trace_player(build, state, steps=steps)


def chance_trace_player(
    build: ChanceBuild[S, M], state: S | None = None, *, steps: TextIO | None = None
) -> ChanceTrace[S, M]:
    """Build a player with `build(observer)`, run it once from `state`; the trace of it
    (and its steps, as for [`chance_trace`][gamelib.trace.chance.chance_trace])."""
    run: TracedRun[S, Step[M], Window, Value] = TracedRun(ChanceTracer())
    player = build(run)
    game = player.game
    run.run(player, state, None if steps is None else ChanceStepWriter(game, steps))
    return ChanceTrace(run.tracer.root, game, str(player))


# --------------------------------------------------------------------------
# Text


def _number(x: Value) -> str:
    if isinstance(x, float) and math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return number_to_string(x)


def _window(window: Window | None) -> str:
    return "" if window is None else f" with window ({_number(window[0])}, {_number(window[1])})"


def _label(game: ChanceGame[S, M], node: ChanceTraceNode[S, M]) -> str:
    status = node.status
    if isinstance(status, Playing):
        return game.state_to_string(status.state).replace("\n", " / ")
    return f"the end of the game ({end_to_string(status)})"


def _step_text(game: ChanceGame[S, M], step: Step[M] | None) -> str:
    match step:
        case None:
            return ""
        case Moved(move):
            return f" after move {game.move_to_string(move)}"
        case Rolled():
            return f" after {step}"
        case _:
            assert_never(step)


def _bounded(value: Value | None, bound: BoundKind | None) -> str:
    assert value is not None  # every node of a finished trace has a value
    if bound is None or bound is BoundKind.EXACT:
        return _number(value)
    return f"{bound.value} {_number(value)}"


def _outcome_word(step: Step[M], game: ChanceGame[S, M]) -> str:
    match step:
        case Moved(move):
            return f"move {game.move_to_string(move)}"
        case Rolled():
            return f"outcome {step}"
        case _:
            assert_never(step)


def _step_name(step: Step[M], game: ChanceGame[S, M]) -> str:
    match step:
        case Moved(move):
            return game.move_to_string(move)
        case Rolled():
            return str(step)
        case _:
            assert_never(step)


def chance_trace_to_text(t: ChanceTrace[S, M]) -> str:
    """The trace as indented lines, in the style of `gamelib.trace.trace_to_text`."""
    game = t.game
    lines: list[str] = []

    def cut_line(node: ChanceTraceNode[S, M], indent: str) -> None:
        if node.cut_by is None:
            return
        assert node.cut_value is not None  # a Cut names its value
        chance = node.side is Nature.Chance
        if chance:
            why = f"so it is {_bounded(node.value, node.bound)}"
        else:
            assert node.window is not None  # only windowed searches cut
            why = (
                f"at or above β = {_number(node.window[1])}"
                if node.side is Side.Maxie
                else f"at or below α = {_number(node.window[0])}"
            )
        rest = ""
        if node.pruned:
            skipped = ", ".join(_step_name(s, game) for s in node.pruned)
            noun = "outcome" if chance else "move"
            rest = f"; {noun if len(node.pruned) == 1 else noun + 's'} {skipped} not searched"
        lines.append(
            f"{indent}cut off at {_label(game, node)}: {_outcome_word(node.cut_by, game)} gave "
            f"{_number(node.cut_value)}, {why}{rest}"
        )

    def emit(node: ChanceTraceNode[S, M], indent: str, part: str = "all") -> None:
        label = _label(game, node)
        where = _step_text(game, node.step)
        if node.leaf_number is not None:
            verb = "Estimating" if isinstance(node.status, Playing) else "Game over at"
            lines.append(f"{indent}{verb} {label}{where}: {_number(node.value or 0)}")
            return
        children = node.children
        if part == "probe":
            assert node.probe is not None
            window, first = node.probe
            lines.append(f"{indent}Probing {label}{where}{_window(window)}: its first move only")
            emit(children[0], indent + "  ")
            bound = "at least" if node.side is Side.Maxie else "at most"
            lines.append(f"{indent}probe of {label}: {bound} {_number(first)}")
            return
        if part == "rest":
            lines.append(f"{indent}Resuming {label}{where}{_window(node.window)}")
            children = children[1:]
        elif node.side is Nature.Chance:
            lines.append(f"{indent}Averaging {label}{where}{_window(node.window)}")
        else:
            lines.append(f"{indent}Evaluating {label}{where}{_window(node.window)}")
        inner = indent + "  "
        if node.side is Nature.Chance:
            for child in children:
                if child.probe is not None:
                    emit(child, inner, "probe")
            for child in children:
                if child.probe is None:
                    emit(child, inner)
                elif child.resumed:
                    emit(child, inner, "rest")
        else:
            for child in children:
                emit(child, inner)
        cut_line(node, indent)
        best = ""
        if node.best_move is not None:
            best = f", best move {_step_name(node.best_move, game)}"
        lines.append(f"{indent}value of {label} is {_bounded(node.value, node.bound)}{best}")

    emit(t.root, "")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Graphviz DOT


def _edge_label(game: ChanceGame[S, M], step: Step[M]) -> str:
    match step:
        case Moved(move):
            return game.move_to_string(move)
        case Rolled(_, label, probability):
            p = number_to_string(probability)
            return p if label.isdigit() else f"{label}\n{p}"
        case _:
            assert_never(step)


def chance_trace_to_dot(t: ChanceTrace[S, M]) -> str:
    """The trace as a Graphviz digraph.

    Maxie's positions are boxes, Minnie's ellipses, chance positions circles
    and finished games octagons; each shows its value (`≤ v` / `≥ v` for
    a bound).  Edges out of a chance position carry their probabilities.
    Leaves are numbered in the order they were evaluated; the chosen move
    from the root is bold; children never searched are grey and dashed.
    """
    game = t.game

    def label(node: ChanceTraceNode[S, M]) -> str:
        status = node.status
        if isinstance(status, Playing):
            return f"{game.state_to_string(status.state)}\n{_dot_value(node)}"
        return f"{end_to_string(status)}\n{_dot_value(node)}"

    def unsearched(node: ChanceTraceNode[S, M], state: S) -> list[tuple[str, Reached[S]]]:
        steps = node.pruned
        if node.probe is not None and not node.resumed:
            steps = tuple(Moved(m) for m in seq.to_tuple(seq.drop(game.moves(state), 1)))
        outcomes = game.outcomes(state) if game.player(state) is Nature.Chance else ()
        return [
            (
                _edge_label(game, step),
                game.play(state, step.move)
                if isinstance(step, Moved)
                else outcomes[step.index].status,
            )
            for step in steps
        ]

    return trace_digraph(t.player, t.root, label, lambda s: _edge_label(game, s), game, unsearched)


def _dot_value(node: ChanceTraceNode[S, M]) -> str:
    if node.value is None:
        return ""
    shown = _number(node.value)
    if node.bound is BoundKind.LOWER:
        return f"≥ {shown}"
    if node.bound is BoundKind.UPPER:
        return f"≤ {shown}"
    return shown
