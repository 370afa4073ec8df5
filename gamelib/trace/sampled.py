"""Traces of searches that sample (Monte Carlo tree search) in the chance and n-player
families: what such a player's search gives when traced, since it reports no events to an
observer for the other traces to fold.

The player runs its search and tells a watcher of each simulation
([`SamplesItself`][gamelib.trace.sampled.SamplesItself]); this module renders it
([`sampled_trace`][gamelib.trace.sampled.sampled_trace]): a line per simulation, then the
tree with each position's visits and mean, and a picture of it, and its steps as lines of
JSON (`gamelib trace --json`), as a [`Drawing`][gamelib.trace.drawing.Drawing]:

- `{"event": "simulate", "simulation", "path", "result", "rewards"}` for each simulation:
  the steps it walked from the root (moves as the game writes them, a chance outcome as
  what was rolled), its result as the trace writes it, and the reward of each player;
- `{"event": "done", "best", "simulations", "positions"}` last: the move chosen, and the
  size of the tree grown.

```pycon
>>> chance_means([0.456, 0.544]), nplayer_means([1.0, 0.333, 2.5])
('0.46', '(1,0.33,2.5)')

```
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from gamelib.chance.game import number_to_string
from gamelib.core.checks import plural
from gamelib.core.jsondata import JSON, move_json
from gamelib.nplayer.game import vector_to_string
from gamelib.trace.drawing import Drawing
from gamelib.trace.graphviz import dot_quote

__all__ = [
    "SampledNode",
    "SamplesItself",
    "chance_means",
    "nplayer_means",
    "sampled_trace",
]

S = TypeVar("S")
M = TypeVar("M")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)


class SampledNode(Protocol[S_co, M_co]):
    """What the trace reads of a position of the tree a sampling search grew."""

    @property
    def move(self) -> M_co | None:
        """The move that reached it (None at the root, and for a chance branch)."""
        ...

    @property
    def branch(self) -> str:
        """What happened, for a chance position's child ("" otherwise)."""
        ...

    @property
    def state(self) -> S_co | None:
        """Its state (None: the game is over there)."""
        ...

    @property
    def visits(self) -> int:
        """Simulations through it."""
        ...

    @property
    def totals(self) -> Sequence[float]:
        """Their rewards summed, one a player."""
        ...

    @property
    def children(self) -> Sequence[SampledNode[S_co, M_co]]:
        """Its children, once expanded."""
        ...


@runtime_checkable
class SamplesItself(Protocol[S, M_co]):
    """A player that runs a sampling search of its own from a position, telling a watcher
    of each simulation: the positions it walked, root first, and its rewards."""

    def sampled(
        self,
        state: S,
        watch: Callable[[Sequence[SampledNode[S, M_co]], Sequence[float]], None],
        /,
    ) -> tuple[M_co, SampledNode[S, M_co]]:
        """A search from `state`: the move it chooses, and the tree it grew."""
        ...


def chance_means(means: Sequence[float]) -> str:
    """A chance search's mean rewards as its trace shows them: Maxie's value."""
    return number_to_string(round(means[0], 2))


def nplayer_means(means: Sequence[float]) -> str:
    """An n-player search's mean rewards as its trace shows them: the utility vector."""
    return vector_to_string(tuple(round(m, 2) for m in means))


def sampled_trace(
    player: SamplesItself[S, M],
    state: S,
    label: Callable[[S], str],
    move_text: Callable[[M], str],
    show: Callable[[Sequence[float]], str],
) -> Drawing:
    """A search of `player` from `state`, traced: a line per simulation (the positions it
    walked and its result), then the tree with each position's visits and mean, and a
    picture of it; positions written by `label`, moves by `move_text`, rewards by `show`
    (`chance_means`, `nplayer_means`)."""
    lines: list[str] = []
    steps: list[str] = []

    def step(node: SampledNode[S, M]) -> JSON:
        return move_json(node.branch if node.branch or node.move is None else move_text(node.move))

    def name(node: SampledNode[S, M]) -> str:
        here = "the end" if node.state is None else label(node.state).replace("\n", " / ")
        if node.branch:
            return f"{here} ({node.branch})"
        return here if node.move is None else f"{here} via {move_text(node.move)}"

    def watch(path: Sequence[SampledNode[S, M]], reward: Sequence[float]) -> None:
        walked = " → ".join(name(n) for n in path)
        lines.append(f"Simulation {len(lines) + 1}: {walked}; result {show(reward)}")
        line: dict[str, JSON] = {
            "event": "simulate",
            "simulation": len(lines),
            "path": [step(n) for n in path[1:]],
            "result": show(reward),
            "rewards": list[JSON](reward),
        }
        steps.append(json.dumps(line))

    move, root = player.sampled(state, watch)
    simulations = len(lines)
    lines.append(f"After {plural(simulations, 'simulation')}, the tree (visits, mean result):")
    dot = [
        "digraph mcts {",
        f"  label={dot_quote(f'MCTS after {simulations} simulations: visits, mean')};",
        "  labelloc=t;",
        '  node [fontname="Helvetica", fontsize=11, shape=box];',
    ]
    stack: list[tuple[SampledNode[S, M], int, str]] = [(root, 0, "n0")]
    positions = 0
    while stack:
        node, level, key = stack.pop()
        positions += 1
        mean = [x / node.visits for x in node.totals]
        counts = f"{plural(node.visits, 'visit')}  {show(mean)}"
        lines.append(f"{'  ' * level}{name(node)}  {counts}")
        dot.append(f"  {key} [label={dot_quote(name(node) + chr(10) + counts)}];")
        walked = [(i, child) for i, child in enumerate(node.children) if child.visits]
        for i, _ in walked:
            dot.append(f"  {key} -> {key}_{i};")
        for i, child in reversed(walked):  # the first child's lines first
            stack.append((child, level + 1, f"{key}_{i}"))
    dot.append("}")
    lines.append(f"MCTS chooses {move_text(move)} (the most visited)")
    done: dict[str, JSON] = {
        "event": "done",
        "best": move_json(move_text(move)),
        "simulations": simulations,
        "positions": positions,
    }
    steps.append(json.dumps(done))
    text, picture = "\n".join(lines), "\n".join(dot) + "\n"
    return Drawing(text, picture, positions, simulations, "\n".join(steps) + "\n")
