"""Monte Carlo tree search drawn, in every family: each simulation as a line, then the tree
it grew, with every position's visits and mean result, as text and as a Graphviz picture;
and the search as the docs' stepper replays it, or as lines of JSON.  `gamelib trace
--player mcts:N` prints it.

MCTS reports no events to an observer; it tells a watcher of each simulation
([`simulate`][gamelib.algorithms.mcts.simulate]'s `watch`, or a chance or n-player
player's [`sampled`][gamelib.trace.mcts.SamplesItself]) and hands back the tree it grew.
This module renders those and runs no search: each function is given the search to run,
returning what it found and its tree.  What it reads of them is written down here as
protocols: one node of the tree for every family (`GrownNode`, the engine's `Node`), and
for two players `SimulationRecord` and `Found` (MCTS's `Simulation` and `Simulated`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from gamelib.core.checks import plural
from gamelib.core.datatypes import Outcome, Playing, Status, Winner
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON, move_json
from gamelib.core.model import number_to_string, vector_to_string
from gamelib.trace.drawing import Drawing
from gamelib.trace.graphviz import dot_quote, mover_shape
from gamelib.trace.steps import TreeNodes
from gamelib.trace.words import Shows

__all__ = [
    "Found",
    "GrownNode",
    "SamplesItself",
    "Search",
    "SimulationRecord",
    "chance_means",
    "nplayer_means",
    "sampled_trace",
    "trace_steps",
    "trace_text",
    "traced",
]

S = TypeVar("S")
M = TypeVar("M")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)


class SimulationRecord(Protocol[M_co]):
    """What the trace reads of one simulation (MCTS's `Simulation`)."""

    @property
    def number(self) -> int:
        """Which simulation it was, from 1."""
        ...

    @property
    def path(self) -> tuple[M_co, ...]:
        """The moves it walked from the root."""
        ...

    @property
    def expanded(self) -> int | None:
        """How many of `path`'s positions lie above the one it expanded (None: none)."""
        ...

    @property
    def playout(self) -> int:
        """Random moves it played out below the tree."""
        ...

    @property
    def reward(self) -> float:
        """Its result, Maxie's point of view."""
        ...

    @property
    def proven(self) -> Sequence[tuple[tuple[M_co, ...], Outcome]]:
        """The positions it proved, by their moves from the root."""
        ...


class GrownNode(Protocol[S_co, M_co]):
    """What the trace reads of a position of the tree MCTS grew, in every family (the
    engine's `Node`)."""

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
        """Its state (None: the game is over)."""
        ...

    @property
    def mover(self) -> int | None:
        """The seat to move there, a negative number at a chance position (None: the game is
        over)."""
        ...

    @property
    def visits(self) -> int:
        """Simulations through it."""
        ...

    @property
    def sums(self) -> Sequence[float]:
        """Their rewards summed, one a seat (seat 0 Maxie in a two-player game)."""
        ...

    @property
    def proven(self) -> object | None:
        """How its game ended, or its proven result, if any."""
        ...

    @property
    def children(self) -> Sequence[GrownNode[S_co, M_co]]:
        """Its children, once expanded."""
        ...


class Found(Protocol[M_co]):
    """What the trace reads of what a search found (MCTS's `Simulated`)."""

    @property
    def move(self) -> M_co:
        """The move chosen."""
        ...

    @property
    def simulations(self) -> int:
        """Simulations run."""
        ...

    @property
    def line(self) -> tuple[M_co, ...]:
        """From the root, the chosen move, then the most visited ones."""
        ...

    @property
    def proven(self) -> Outcome | None:
        """The root's proven result, if any."""
        ...


class Search(Protocol[S_co, M_co]):
    """A search to trace: given a watcher of each simulation, it runs and returns what it
    found and the tree it grew (`lambda watch: simulate(settings, state, watch=watch)`)."""

    def __call__(
        self, watch: Callable[[SimulationRecord[M_co]], None], /
    ) -> tuple[Found[M_co], GrownNode[S_co, M_co]]: ...


def trace_text(game: Game[S, M], state: S, search: Search[S, M]) -> str:
    """The trace of a search from `state`: a line per simulation (the positions it walked,
    the one it expanded, its playout and result, what it proved), then the tree.

    ```pycon
    >>> from gamelib.algorithms.mcts import MCTSSettings, simulate
    >>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
    >>> game = ExplicitGame(SMALL)
    >>> settings = MCTSSettings(tree_estimator(game), search_depth=2, simulations=3, scale=10)
    >>> search = lambda watch: simulate(settings, game.start, watch=watch)
    >>> print(trace_text(game, game.start, search), end="")
    Simulation 1: (Maxie,a), expanded, to (Minnie,b) via 0; played out 1 move: +0.54
    Simulation 2: (Maxie,a) to (Minnie,f) via 1; played out 1 move: +0.38
    Simulation 3: (Maxie,a) to (Minnie,j) via 2; played out 1 move: +0.10
    After 3 simulations, the tree (visits, mean result for Maxie):
    (Maxie,a)  3 visits  +0.34
      (Minnie,b) via 0  1 visit  +0.54
      (Minnie,f) via 1  1 visit  +0.38
      (Minnie,j) via 2  1 visit  +0.10
    MCTS chooses 0 (the most visited; first of equals)

    ```
    """
    return traced(game, state, search)[0]


def traced(game: Game[S, M], state: S, search: Search[S, M]) -> tuple[str, str]:
    """One search from `state`, traced: its text (`trace_text`) and its picture, a Graphviz
    digraph of the positions it visited, each with its visits and mean result for Maxie
    (Maxie's as boxes, Minnie's as ellipses, finished games as octagons), the line of most
    visited moves bold."""
    lines: list[str] = []

    def watch(simulation: SimulationRecord[M]) -> None:
        lines.append(_simulation_line(game, state, simulation))

    found, root = search(watch)
    lines.append(_after(found.simulations, " for Maxie"))

    for node, level, _ in _visited(root):
        here = f"the end ({node.proven})" if node.state is None else _label(game, node.state)
        mark = "" if node.proven is None or node.state is None else f"  proven: {node.proven}"
        lines.append(
            f"{'  ' * level}{_named(node, here, game.move_to_string)}  "
            f"{plural(node.visits, 'visit')}  {node.sums[0] / node.visits:+.2f}{mark}"
        )
    visits = [c.visits for c in root.children]  # every root move's
    tie = "; first of equals" if visits.count(max(visits)) > 1 else ""
    proven = found.proven
    if isinstance(proven, Winner) and proven.side is game.player(state):
        why = "a proven win"
    elif proven is not None:
        why = f"it keeps the proven result: {proven}"
    else:
        why = "the most visited" + tie
    lines.append(f"MCTS chooses {game.move_to_string(found.move)} ({why})")
    return "\n".join(lines) + "\n", _tree_dot(game, root, str(found.simulations), found.line)


def _simulation_line(game: Game[S, M], root: S, simulation: SimulationRecord[M]) -> str:
    names = [_label(game, root)]
    state = root
    ended = ""
    for i, move in enumerate(simulation.path):
        status = game.play(state, move)
        shown = game.move_to_string(move)
        if isinstance(status, Playing):
            state = status.state
            names.append(f"to {_label(game, state)} via {shown}")
        else:
            names.append(f"to the end via {shown}")
            ended = f" ({status.outcome})"
        if simulation.expanded == i:
            names[-2] += ", expanded,"
    if simulation.expanded == len(simulation.path):
        names[-1] += ", expanded"
    walked = " ".join(names)
    if simulation.playout:
        how = f"played out {plural(simulation.playout, 'move')}"
    elif any(path == simulation.path for path, _ in simulation.proven):
        how = "proven on expanding"
    elif ended:
        how = f"the game is over{ended}"
    else:
        how = "estimated"
    proofs = "".join(
        f"; proved {_where(game, root, path)}: {outcome}" for path, outcome in simulation.proven
    )
    return f"Simulation {simulation.number}: {walked}; {how}: {simulation.reward:+.2f}{proofs}"


def _label(game: Shows[S], state: S) -> str:
    """A position on one line, as every trace names it."""
    return game.state_to_string(state).replace("\n", " / ")


def _where(game: Game[S, M], root: S, path: tuple[M, ...]) -> str:
    state = root
    for move in path:
        status = game.play(state, move)
        assert isinstance(status, Playing)  # a proven position is one still being played
        state = status.state
    return _label(game, state)


def _after(simulations: int, whose: str) -> str:
    """The line between the simulations and the tree."""
    return f"After {plural(simulations, 'simulation')}, the tree (visits, mean result{whose}):"


def _named(node: GrownNode[S, M], here: str, move_text: Callable[[M], str]) -> str:
    """A position of the tree, `here`, with how it was reached."""
    if node.branch:
        return f"{here} ({node.branch})"
    return here if node.move is None else f"{here} via {move_text(node.move)}"


def _visited(root: GrownNode[S, M]) -> Iterator[tuple[GrownNode[S, M], int, str]]:
    """The positions the simulations walked through, root first, depth first: each with
    its level and a key for the picture (`n0_2_1`: the root's third child's second)."""
    stack = [(root, 0, "n0")]
    while stack:
        node, level, key = stack.pop()
        if node.visits:  # a child an expansion added and no simulation walked: not shown
            yield node, level, key
            below = enumerate(node.children)
            stack.extend((c, level + 1, f"{key}_{i}") for i, c in reversed(list(below)))


def _tree_dot(
    game: Game[S, M], root: GrownNode[S, M], simulations: str, chosen: tuple[M, ...]
) -> str:
    out = [
        "digraph mcts {",
        f"  label={dot_quote(f'MCTS after {simulations} simulations: visits, mean for Maxie')};",
        "  labelloc=t;",
        '  fontname="Helvetica";',
        '  node [fontname="Helvetica", fontsize=11];',
    ]
    line = {id(root)}
    node = root
    for step in chosen:  # the line MCTS plays (see chosen_move)
        node = next(child for child in node.children if child.move == step)
        line.add(id(node))
    stack: list[tuple[GrownNode[S, M], str]] = [(root, "n0")]
    names = 1
    while stack:
        node, name = stack.pop()
        label = "the end" if node.state is None else _label(game, node.state)
        label += f"\n{node.visits}× {node.sums[0] / node.visits:+.2f}"
        if node.proven is not None and node.state is not None:
            label += f"\nproven: {node.proven}"
        out.append(f"  {name} [label={dot_quote(label)}, shape={mover_shape(node.mover)}];")
        for child in node.children:
            if child.visits == 0:
                continue
            child_name = f"n{names}"
            names += 1
            assert child.move is not None  # every child was reached by a move
            bold = ", penwidth=3" if id(child) in line else ""
            move = dot_quote(game.move_to_string(child.move))
            out.append(f"  {name} -> {child_name} [label={move}{bold}];")
            stack.append((child, child_name))
    out.append("}")
    return "\n".join(out) + "\n"


def trace_steps(
    game: Game[S, M],
    state: S,
    search: Search[S, M],
    depth: int,
    name: Callable[[Status[S]], str] | None = None,
    tree_limit: int = 500,
) -> dict[str, JSON]:
    """A search from `state` as the docs' stepper replays it: `{"player", "nodes", "steps"}`,
    the nodes as `gamelib.trace.steps.steps_to_json` gives them (named by `name`), and a
    step per simulation, then one for the answer (the tree's nodes drawn to `depth`, the
    search's own):

    - `{"event": "simulate", "node", "path", "expanded", "playout", "result", "proven"}`:
      `path` the nodes it walked, root first, `node` the last of them; `expanded` the
      node it expanded, or None; `playout` its random moves below the tree; `result` its
      result for Maxie (`"+0.54"`); `proven` the nodes it proved, each with its result;
      `shown` each node of the path with its visits and mean result so far (`"2× +0.41"`);
    - last, `{"event": "done", "node": 0, "best", "line", "visits", "mean",
      "simulations"}`: the node the chosen move leads to, the principal line's nodes, the
      chosen move's visits and mean result for Maxie, and the simulations run.
    """
    tree = TreeNodes(game, state, name)
    tree.grow(depth, tree_limit)
    records: list[SimulationRecord[M]] = []
    found, root = search(records.append)
    steps: list[JSON] = []
    visits: dict[int, int] = {}
    totals: dict[int, float] = {}
    for simulation in records:
        ids = [0]
        for move in simulation.path:
            ids.append(tree.child(ids[-1], move))
        expanded = None if simulation.expanded is None else ids[simulation.expanded]
        proven: list[JSON] = [[ids[len(path)], str(outcome)] for path, outcome in simulation.proven]
        shown: list[JSON] = []
        for node in ids:
            visits[node] = visits.get(node, 0) + 1
            totals[node] = totals.get(node, 0.0) + simulation.reward
            shown.append([node, f"{visits[node]}× {totals[node] / visits[node]:+.2f}"])
        steps.append(
            {
                "event": "simulate",
                "node": ids[-1],
                "path": list[JSON](ids),
                "expanded": expanded,
                "playout": simulation.playout,
                "result": f"{simulation.reward:+.2f}",
                "proven": proven,
                "shown": shown,
            }
        )
    line = [0]
    for move in found.line:
        line.append(tree.child(line[-1], move))
    chosen = next(c for c in root.children if c.move == found.move)
    steps.append(
        {
            "event": "done",
            "node": 0,
            "best": line[1],
            "line": list[JSON](line),
            "visits": chosen.visits,
            "mean": f"{chosen.sums[0] / chosen.visits:+.2f}" if chosen.visits else "",
            "simulations": found.simulations,
        }
    )
    player = f"MCTS({plural(found.simulations, 'simulation')})"
    return {"player": player, "nodes": tree.to_json(), "steps": steps}


# --------------------------------------------------------------------------
# In the chance and n-player families


@runtime_checkable
class SamplesItself(Protocol[S, M_co]):
    """A player that runs a sampling search of its own from a position (MCTS in the
    chance and n-player families), telling a watcher of each simulation: the positions it
    walked, root first, and its rewards."""

    def sampled(
        self,
        state: S,
        watch: Callable[[Sequence[GrownNode[S, M_co]], Sequence[float]], None],
        /,
    ) -> tuple[M_co, GrownNode[S, M_co]]:
        """A search from `state`: the move it chooses, and the tree it grew."""
        ...


def chance_means(means: Sequence[float]) -> str:
    """A chance search's mean rewards as its trace shows them: Maxie's value.

    ```pycon
    >>> chance_means([0.456, 0.544]), nplayer_means([1.0, 0.333, 2.5])
    ('0.46', '(1,0.33,2.5)')

    ```
    """
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
    """A search of `player` from `state`, traced, as a
    [`Drawing`][gamelib.trace.drawing.Drawing]: a line per simulation (the positions it
    walked and its result), then the tree with each position's visits and mean, and a
    picture of it; positions written by `label`, moves by `move_text`, rewards by `show`
    (`chance_means`, `nplayer_means`).  Its steps, as lines of JSON (`gamelib trace
    --json`), are:

    - `{"event": "simulate", "simulation", "path", "result", "rewards"}` for each
      simulation: the steps it walked from the root (moves as the game writes them, a
      chance outcome as what was rolled), its result as the trace writes it, and the
      reward of each player;
    - `{"event": "done", "best", "simulations", "positions"}` last: the move chosen, and
      the size of the tree grown.
    """
    lines: list[str] = []
    steps: list[str] = []

    def here(node: GrownNode[S, M]) -> str:
        return "the end" if node.state is None else label(node.state).replace("\n", " / ")

    def name(node: GrownNode[S, M]) -> str:
        return _named(node, here(node), move_text)

    def step(node: GrownNode[S, M]) -> JSON:
        if node.branch or node.move is None:  # chance's outcome: its label, always a string
            return node.branch
        return move_json(move_text(node.move))

    def watch(path: Sequence[GrownNode[S, M]], reward: Sequence[float]) -> None:
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
    lines.append(_after(simulations, ""))
    dot = [
        "digraph mcts {",
        f"  label={dot_quote(f'MCTS after {simulations} simulations: visits, mean')};",
        "  labelloc=t;",
        '  node [fontname="Helvetica", fontsize=11, shape=box];',
    ]
    positions = 0
    for node, level, key in _visited(root):
        positions += 1
        counts = f"{plural(node.visits, 'visit')}  {show([x / node.visits for x in node.sums])}"
        lines.append(f"{'  ' * level}{name(node)}  {counts}")
        dot.append(f"  {key} [label={dot_quote(name(node) + chr(10) + counts)}];")
        dot.extend(f"  {key} -> {key}_{i};" for i, c in enumerate(node.children) if c.visits)
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
