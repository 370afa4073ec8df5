"""Traces of one n-player search: every position visited, and pictures of them with vectors.

Built, like [`gamelib.trace`][gamelib.trace], from the events the search reports (see
[`gamelib.nplayer.events`][gamelib.nplayer.events]) and nothing else.  Each node keeps its path,
the player to move, its vector, the best move, and, where shallow pruning
stopped it, the move that caused the cut and the moves never searched.

```pycon
>>> from gamelib.nplayer import CSE473, ShallowMaxN, ShallowSettings, TreeGame, tree_estimator
>>> t = trace(ShallowMaxN, ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10))
>>> print(trace_to_text(t))
Evaluating (A,a)
  Evaluating (B,b) via 0
    Evaluating (C,c) via 0 0
      Game over via 0 0 0: (3,2,5)
      Game over via 0 0 1: (1,4,5)
    value of (C,c) is (3,2,5), best move 0
    Evaluating (C,f) via 0 1; B already has 2
      Game over via 0 1 0: (2,6,2)
      Game over via 0 1 1: (5,1,4)
    value of (C,f) is (5,1,4), best move 1
  value of (B,b) is (3,2,5), best move 0
  Evaluating (B,i) via 1; A already has 3
    Evaluating (C,j) via 1 0
      Game over via 1 0 0: (1,7,2)
      Game over via 1 0 1: (3,6,1)
    value of (C,j) is (1,7,2), best move 0
  cut off at (B,i): move 0 gives B 7, so A gets at most 10 - 7 = 3, no more than the 3 it has
  move 1 not searched
  value of (B,i) is (1,7,2) or better for B, best move 0
value of (A,a) is (3,2,5), best move 0

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeAlias, TypeVar, assert_never, final

from gamelib.core.datatypes import Playing
from gamelib.core.jsondata import JSON
from gamelib.nplayer.events import NObserver, NWindow
from gamelib.nplayer.game import (
    NPlayerGame,
    Number,
    Vector,
    number_to_string,
    vector_to_string,
)
from gamelib.nplayer.maxn import NFactory, NSearchPlayer, ShallowSettings
from gamelib.search.events import BoundKind, Mover
from gamelib.trace.dot import Unsearched, below, trace_digraph
from gamelib.trace.graphviz import PLAYER_SHAPES, mover_shape
from gamelib.trace.lines import EventLines
from gamelib.trace.tree import EventTracer, TracedNode, TracedRun

__all__ = [
    "PLAYER_SHAPES",
    "NStepWriter",
    "NTrace",
    "NTraceNode",
    "NTracer",
    "trace",
    "trace_player",
    "trace_to_dot",
    "trace_to_text",
]

S = TypeVar("S")
M = TypeVar("M")
St = TypeVar("St")

NTraceNode: TypeAlias = TracedNode[S, M, NWindow, Vector]
"""One position an n-player search visited: its `window` is shallow pruning's bound (the
parent's player and what it already had), and a node it stopped early is left `at least`."""


@final
@dataclass(frozen=True, slots=True)
class NTrace(Generic[S, M]):
    """A whole n-player search: the visited tree, the game, and how it was searched."""

    root: NTraceNode[S, M]
    """The position searched from."""
    game: NPlayerGame[S, M]
    """The game searched."""
    player: str
    """The player's name, e.g. `MaxN(depth 3)`."""
    total: Number | None = None
    """Shallow pruning's total, for explaining its cuts (None without pruning)."""

    def nodes(self) -> list[NTraceNode[S, M]]:
        """Every node, in visiting order."""
        return list(self.root.walk())

    def leaves(self) -> list[NTraceNode[S, M]]:
        """The estimated and finished nodes, in the order they were reached."""
        return [n for n in self.nodes() if n.leaf_number is not None]


class NTracer(EventTracer[S, M, NWindow, Vector]):
    """An observer that builds the tree of one n-player search from its events."""


class NStepWriter(EventLines[S, M, NWindow, Vector]):
    """An observer that writes an n-player search's steps as lines of JSON, as
    [`StepLines`][gamelib.trace.lines.StepLines] says for every family: values are vectors,
    `side` is the player's name, a position shallow pruning may stop is entered with the
    `window` `{"player", "has"}` (what the parent's player already has), and a position it
    stopped is left `"at least"` (its mover's component is only a lower bound).

    ```pycon
    >>> import io
    >>> from gamelib.nplayer import MaxN, NSettings, TreeGame, parse_tree, tree_estimator
    >>> game = TreeGame(parse_tree("a[b(1,2), c[d(3,0), e(0,3)]]"))
    >>> out = io.StringIO()
    >>> writer = NStepWriter(game, out)
    >>> MaxN(NSettings(tree_estimator(game), 2), observer=writer).analyse(game.start)
    (0, (1, 2))
    >>> writer.finish()
    >>> print(out.getvalue().splitlines()[-1])
    {"event": "done", "value": "(1,2)", "bound": "exact", "best": 0, "positions": 5, "leaves": 3}

    ```
    """

    def __init__(self, game: NPlayerGame[S, M], out: TextIO) -> None:
        super().__init__(out)
        self._game = game

    def step(self, step: M, /) -> str:
        return self._game.move_to_string(step)

    def value(self, value: Vector, /) -> str:
        return vector_to_string(value)

    def window(self, window: NWindow, /) -> JSON:
        return {"player": self._game.names[window[0]], "has": number_to_string(window[1])}

    def position(self, state: S, /) -> str:
        return self._game.state_to_string(state)

    def side(self, mover: Mover, /) -> str:
        return self._game.names[mover] if isinstance(mover, int) else str(mover)


def trace(
    factory: NFactory[St, S, M],
    settings: St,
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> NTrace[S, M]:
    """Run `factory(settings)` once from `state` (default the start); the trace of it.
    `steps`, if given, also gets its steps as lines of JSON
    ([`NStepWriter`][gamelib.trace.nplayer.NStepWriter])."""

    def build(observer: NObserver[S, M]) -> NSearchPlayer[S, M, Vector]:
        return factory(settings, observer=observer)

    total = settings.total if isinstance(settings, ShallowSettings) else None
    return trace_player(build, state, total, steps=steps)


def trace_player(
    build: Callable[[NObserver[S, M]], NSearchPlayer[S, M, object]],
    state: S | None = None,
    total: Number | None = None,
    *,
    steps: TextIO | None = None,
) -> NTrace[S, M]:
    """Build a player with `build(observer)`, run it once from `state` (default the
    start), and return the trace; `total` is shallow pruning's, if it prunes; `steps` as
    for [`trace`][gamelib.trace.nplayer.trace].
    """
    run: TracedRun[S, M, NWindow, Vector] = TracedRun(NTracer())
    player = build(run)
    game = player.game
    run.run(player, state, None if steps is None else NStepWriter(game, steps))
    return NTrace(run.tracer.root, game, str(player), total)


# --------------------------------------------------------------------------
# Text


def _label(game: NPlayerGame[S, M], node: NTraceNode[S, M]) -> str:
    status = node.status
    if isinstance(status, Playing):
        return game.state_to_string(status.state).replace("\n", " / ")
    return "the end of the game"


def _vector(value: Vector | None) -> str:
    assert value is not None  # every node of a finished trace has a vector
    return vector_to_string(value)


def _seat(node: NTraceNode[S, M]) -> int | None:
    """The player to move at `node` (None when the game is over)."""
    return node.side if isinstance(node.side, int) else None


def trace_to_text(t: NTrace[S, M]) -> str:
    """The trace as indented lines, in the style of `gamelib.trace.trace_to_text`."""
    game = t.game
    names = game.names
    lines: list[str] = []

    def emit(node: NTraceNode[S, M], indent: str) -> None:
        label = _label(game, node)
        where = " via " + " ".join(game.move_to_string(m) for m in node.path) if node.path else ""
        match node.kind:
            case "estimated":
                lines.append(f"{indent}Estimating {label}{where}: {_vector(node.value)}")
                return
            case "finished":
                lines.append(f"{indent}Game over{where}: {_vector(node.value)}")
                return
            case "searched" | "cut off" | "table":
                pass
            case _:
                assert_never(node.kind)
        bound = ""
        if node.window is not None:
            bound = f"; {names[node.window[0]]} already has {number_to_string(node.window[1])}"
        lines.append(f"{indent}Evaluating {label}{where}{bound}")
        for child in node.children:
            emit(child, indent + "  ")
        if node.pruned:
            assert node.cut_by is not None  # a cut names its move ...
            assert node.cut_value is not None  # ... and that move's vector
            seat = _seat(node)
            assert seat is not None  # and only a position being played is cut
            assert node.window is not None  # only a bound lets the search cut
            mover, gained = names[seat], node.cut_value[seat]
            parent, has = names[node.window[0]], number_to_string(node.window[1])
            total = "the total" if t.total is None else number_to_string(t.total)
            left = "" if t.total is None else f" = {number_to_string(t.total - gained)}"
            skipped = ", ".join(game.move_to_string(m) for m in node.pruned)
            word = "move" if len(node.pruned) == 1 else "moves"
            lines.append(
                f"{indent}cut off at {label}: move {game.move_to_string(node.cut_by)} gives "
                f"{mover} {number_to_string(gained)}, so {parent} gets at most {total} - "
                f"{number_to_string(gained)}{left}, no more than the {has} it has"
            )
            lines.append(f"{indent}{word} {skipped} not searched")
        assert node.best_move is not None
        value = _vector(node.value)
        seat = _seat(node)
        if node.bound is BoundKind.LOWER and seat is not None:
            value += f" or better for {names[seat]}"
        lines.append(
            f"{indent}value of {label} is {value}, best move {game.move_to_string(node.best_move)}"
        )

    emit(t.root, "")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Graphviz DOT


def trace_to_dot(t: NTrace[S, M]) -> str:
    """The trace as a Graphviz digraph, with a vector at every node.

    Each player has its own shape ([`PLAYER_SHAPES`][gamelib.trace.nplayer.PLAYER_SHAPES], named in
    the picture's title) and each node's label names the player to move;
    finished games are octagons, and leaves are numbered in visiting order.
    The chosen line from the root is bold; moves shallow pruning never
    searched lead to grey, dashed subtrees (expanded from the game, up to the
    depth the search had left, at most 40 nodes each).
    """
    game = t.game
    names = game.names
    shown = enumerate(names[: len(PLAYER_SHAPES)])
    legend = ", ".join(f"{name} {mover_shape(i)}" for i, name in shown)

    def label(node: NTraceNode[S, M]) -> str:
        seat = _seat(node)
        text = "game over"
        if isinstance(node.status, Playing):
            assert seat is not None
            text = f"{_label(game, node)}\n{names[seat]} to move"
        if node.value is not None:
            text += "\n" + vector_to_string(node.value)
            if node.bound is BoundKind.LOWER and seat is not None:
                text += f" (cut: ≥ {number_to_string(node.value[seat])} for {names[seat]})"
        return text

    def unsearched(node: NTraceNode[S, M], state: S) -> Unsearched[S]:
        return below(game, state, node.pruned)

    return trace_digraph(
        f"{t.player}; {legend}",
        t.root,
        label,
        game.move_to_string,
        game,
        unsearched,
        lambda s: below(game, s),
    )
