"""Monte Carlo tree search drawn: each simulation as a line, then the tree it grew, with
every position's visits and mean result, as text and as a Graphviz picture; and the search
as the docs' stepper replays it.  `gamelib trace --player mcts:N` prints it.

MCTS reports no events to an observer; it tells a watcher of each simulation
([`simulate`][gamelib.algorithms.mcts.simulate]'s `watch`) and hands back the tree it grew.
This module renders those and runs no search: each function is given the search to run,
`search(watch)`, returning what it found and its tree.  What it reads of them is written
down here as protocols (`SimulationRecord`, `GrownNode`, `Found`), which MCTS's own
`Simulation`, `TreeNode` and `Simulated` meet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from gamelib.core.checks import plural
from gamelib.core.datatypes import Outcome, Playing, Side, Status, Winner
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.trace.graphviz import dot_quote
from gamelib.trace.steps import TreeNodes
from gamelib.trace.tree import node_label

__all__ = [
    "Found",
    "GrownNode",
    "Search",
    "SimulationRecord",
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
    """What the trace reads of a position of the tree a search grew (MCTS's `TreeNode`)."""

    @property
    def move(self) -> M_co | None:
        """The move that reached it (None at the root)."""
        ...

    @property
    def state(self) -> S_co | None:
        """Its state (None: the game is over there)."""
        ...

    @property
    def side(self) -> Side | None:
        """The side to move there (None: the game is over)."""
        ...

    @property
    def visits(self) -> int:
        """Simulations through it."""
        ...

    @property
    def total(self) -> float:
        """Their rewards summed, Maxie's point of view."""
        ...

    @property
    def proven(self) -> Outcome | None:
        """Its proven result, if any."""
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
    lines.append(
        f"After {plural(found.simulations, 'simulation')}, the tree "
        "(visits, mean result for Maxie):"
    )
    lines.extend(_tree_lines(game, root))
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


def _label(game: Game[S, M], state: S) -> str:
    return node_label(game, Playing(state))  # one line, as every trace names a position


def _where(game: Game[S, M], root: S, path: tuple[M, ...]) -> str:
    state = root
    for move in path:
        status = game.play(state, move)
        assert isinstance(status, Playing)  # a proven position is one still being played
        state = status.state
    return _label(game, state)


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
        label += f"\n{node.visits}× {node.total / node.visits:+.2f}"
        if node.proven is not None and node.state is not None:
            label += f"\nproven: {node.proven}"
        shape = "octagon" if node.side is None else "box" if node.side is Side.Maxie else "ellipse"
        out.append(f"  {name} [label={dot_quote(label)}, shape={shape}];")
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


def _tree_lines(game: Game[S, M], root: GrownNode[S, M]) -> list[str]:
    lines: list[str] = []
    stack: list[tuple[GrownNode[S, M], int, tuple[M, ...]]] = [(root, 0, ())]
    while stack:
        node, level, path = stack.pop()
        if node.visits == 0:
            continue  # added by an expansion, never walked to: nothing to show
        name = f"the end ({node.proven})" if node.state is None else _label(game, node.state)
        via = f" via {game.move_to_string(path[-1])}" if path else ""
        proven = "" if node.proven is None or node.state is None else f"  proven: {node.proven}"
        lines.append(
            f"{'  ' * level}{name}{via}  {plural(node.visits, 'visit')}  "
            f"{node.total / node.visits:+.2f}{proven}"
        )
        for child in reversed(node.children):
            assert child.move is not None  # every child was reached by a move
            stack.append((child, level + 1, (*path, child.move)))
    return lines


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
            "mean": f"{chosen.total / chosen.visits:+.2f}" if chosen.visits else "",
            "simulations": found.simulations,
        }
    )
    player = f"MCTS({plural(found.simulations, 'simulation')})"
    return {"player": player, "nodes": tree.to_json(), "steps": steps}
