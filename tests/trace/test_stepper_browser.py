"""The stepper of "Alpha-beta, seen" shows, at each step, what the search did.

Two parts.  Without a browser: the data the docs hook exports is, event for
event, the trace gamelib itself makes of each search (every handout tree,
every kind in the catalog), and its last step is the answer the player gives
unobserved.  With Debian's headless Chromium and chromium-driver (driven by
Selenium): the built page, served on localhost, shows at each step the
counter, the line on the event, and for each position its window, its value,
whether it is entered, left or never searched, and the bold edges, all as a
model of the display computed here from the search's own events says it
must: the last step states the answer and bolds only the line the trace
chose.  The focus stays in the stepper when its button is disabled; at 400 px
the page does not scroll sideways and the picture keeps a readable size, and
at 1400 px nothing shrinks.  Without the browser the second part does not run
and a warning says so loudly (tests/conftest.py repeats it at the end of the
run).

The same browser also loads the Lecture companion at 1920, 1400 and 800 px: no code
line is hidden, no fragment starts indented, and the words and code stand side by side
only where the code has room.
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import pytest

from gamelib import seq
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.mcts import MCTSSettings, Simulation, simulate
from gamelib.algorithms.pns import pns_goal
from gamelib.catalog import CATALOG
from gamelib.core.datatypes import Playing, Side
from gamelib.core.estimator import Definitely, Est, Guess
from gamelib.core.trees import End, Leaf
from gamelib.core.window import Bound, Infinity
from gamelib.games.explicit import (
    HANDOUT_TREES,
    ExplicitGame,
    Node,
    TreeState,
    at_least,
    tree_estimator,
)
from gamelib.search import SearchObserver, SearchPlayer
from gamelib.search.events import BoundKind, Cut, Enter, Leave, SearchEvent, TableHit
from gamelib.trace import Trace, TraceNode, trace_player
from tests.outside import CHROMEDRIVER, CHROMIUM, DOT, Program, missing, not_run

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[2]
DEPTHS = {"small": 2, "big": 4, "uneven": 3, "cse473": 2, "wikipedia": 4}
"""Each handout tree and the depth the stepper searches it to (its height)."""


def hooks_module() -> types.ModuleType:
    """docs/hooks.py, loaded as the docs build loads it."""
    hooks = types.ModuleType("docs_hooks")
    source = (ROOT / "docs" / "hooks.py").read_text(encoding="utf-8")
    exec(compile(source, "docs/hooks.py", "exec"), hooks.__dict__)
    return hooks


@functools.cache
def exported() -> object:
    """The stepper's data, as the docs hook exports it."""
    data: object = hooks_module().stepper_data()
    return data


# --------------------------------------------------------------------------
# One search, as gamelib itself sees it

Where: TypeAlias = tuple[str, ...]
"""A position, by the moves (as the game writes them) from the root."""


@dataclass(frozen=True)
class Search:
    """One kind's search of one handout tree: its events, its trace and its answer."""

    tree: str
    kind: str
    game: ExplicitGame
    events: tuple[SearchEvent[TreeState, int, float], ...]
    trace: Trace[TreeState, int, float]
    best: int
    """The move the player chooses, searching unobserved (`analyse`)."""
    value: Est[float]
    """The value it gives that move."""

    @property
    def steps(self) -> int:
        """The stepper's steps: one per event, then the answer."""
        return len(self.events) + 1

    def chosen_line(self) -> list[tuple[Where, Where]]:
        """The line the trace says the search chose (drawn bold in its picture): each edge
        from the root down, as (from, to)."""
        line: list[tuple[Where, Where]] = []
        node = self.trace.root
        while node.chosen is not None:
            line.append((self.where(node), self.where(node.chosen)))
            node = node.chosen
        return line

    def where(self, node: TraceNode[TreeState, int, float]) -> Where:
        return tuple(self.game.move_to_string(m) for m in node.path)


@functools.cache
def search(tree: str, kind: str) -> Search:
    """``kind`` (with its default options) searching the handout tree ``tree``, traced."""
    game = ExplicitGame(HANDOUT_TREES[tree])
    estimator = tree_estimator(game)
    events: list[SearchEvent[TreeState, int, float]] = []

    def build(
        observer: SearchObserver[TreeState, int, float],
    ) -> SearchPlayer[TreeState, int, float]:
        return CATALOG[kind].build(estimator, DEPTHS[tree], observer=observer)

    def keeping(
        observer: SearchObserver[TreeState, int, float],
    ) -> SearchPlayer[TreeState, int, float]:
        def both(event: SearchEvent[TreeState, int, float]) -> None:
            events.append(event)
            observer(event)

        return build(both)

    found = trace_player(keeping)
    best, value = CATALOG[kind].build(estimator, DEPTHS[tree]).analyse(game.start)
    return Search(tree, kind, game, tuple(events), found, best, value)


def number(value: float) -> str:
    """A leaf's value as the handouts write it: 4, -2, 2.5."""
    return str(int(value)) if value == int(value) else str(value)


def est_text(value: Est[float]) -> str:
    if isinstance(value, Guess):
        return number(value.guess)
    assert isinstance(value, Definitely)
    return str(value.outcome)


def bound_text(bound: Bound[float]) -> str:
    if bound is Infinity.NegInf:
        return "−∞"
    if bound is Infinity.PosInf:
        return "+∞"
    return est_text(bound)


def node_name(node: TraceNode[TreeState, int, float]) -> str:
    status = node.status
    return status.state.node.name if isinstance(status, Playing) else "end"


# --------------------------------------------------------------------------
# The exported data is the trace


def as_dict(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return {str(k): v for k, v in value.items()}


def as_int(value: object) -> int:
    assert isinstance(value, int)
    return value


def as_list(value: object) -> list[object]:
    assert isinstance(value, list)
    return list(value)


PROVED = "pns"
"""Proof-number search, beside the catalog's kinds: each tree asked whether Maxie can get
its minimax value (docs/hooks.py's `proof_steps`)."""
SAMPLED = {kind.name for kind in CATALOG if kind.steps is not None} | {PROVED}
"""The searches that trace themselves (MCTS, and PNS): their steps are simulations or
expansions, held to a model of their own (`expected_sampled_display`)."""


def searches_of(data: object, *, sampled: bool = False) -> dict[tuple[str, str], dict[str, object]]:
    """Each exported search by (tree, kind): of the kinds whose observers report their
    searches, or with `sampled` of the kinds that trace themselves."""
    found = {}
    for tree in as_list(as_dict(data)["trees"]):
        entry = as_dict(tree)
        for kind, steps in as_dict(entry["searches"]).items():
            if (kind in SAMPLED) != sampled:
                continue
            found[(str(entry["key"]), kind)] = as_dict(steps)
    return found


def check_against_trace(exported_search: dict[str, object], found: Search) -> None:
    """Replay the exported steps and compare every one with gamelib's own trace, and the
    last, the answer, with what the player answers unobserved."""
    nodes = [as_dict(n) for n in as_list(exported_search["nodes"])]
    *steps, done = [as_dict(s) for s in as_list(exported_search["steps"])]
    trace = found.trace
    game = found.game
    assert exported_search["player"] == trace.player
    assert len(steps) == len(found.events)
    assert done == {
        "event": "done",
        "node": 0,
        "value": est_text(found.value),
        "best": done["best"],
        "positions": len(trace.nodes()),
        "leaves": len(trace.leaves()),
    }
    assert as_dict(nodes[as_int(done["best"])])["path"] == [game.move_to_string(found.best)]
    visited = iter(trace.nodes())
    stack: list[TraceNode[TreeState, int, float]] = []

    def path(number: object) -> list[str]:
        return [str(m) for m in as_list(nodes[as_int(number)]["path"])]

    def move_text(move: int | None) -> str | None:
        return None if move is None else game.move_to_string(move)

    def last_move(number: object) -> str | None:
        return None if number is None else path(number)[-1]

    for step, event in zip(steps, found.events, strict=True):
        match step["event"]:
            case "enter":
                node = next(visited)
                stack.append(node)
                assert isinstance(event, Enter)
                assert step["order"] == node.order
                assert path(step["node"]) == [game.move_to_string(m) for m in node.path]
                shown = nodes[as_int(step["node"])]
                assert shown["name"] == node_name(node)
                assert shown["side"] == (None if node.side is None else str(node.side))
                assert step["depth"] == node.depth
                window = None if node.window is None else [bound_text(b) for b in node.window]
                assert step["window"] == window
            case "leave":
                node = stack.pop()
                assert isinstance(event, Leave)
                assert path(step["node"]) == [game.move_to_string(m) for m in node.path]
                assert node.value is not None
                assert node.bound is not None
                assert step["value"] == est_text(node.value)
                assert step["bound"] == node.bound.value
                assert last_move(step["best"]) == move_text(node.best_move)
            case "cut":
                node = stack[-1]
                assert isinstance(event, Cut)
                assert node.cut_value is not None
                assert last_move(step["move"]) == move_text(node.cut_by)
                assert step["value"] == est_text(node.cut_value)
                pruned = [last_move(p) for p in as_list(step["pruned"])]
                assert pruned == [game.move_to_string(m) for m in node.pruned]
            case "table":
                assert isinstance(event, TableHit)
                assert stack[-1].from_table
            case other:
                pytest.fail(f"unknown event {other!r}")
    assert not stack
    assert next(visited, None) is None


def test_the_exported_steps_are_gamelibs_own_trace_of_every_search() -> None:
    data = exported()
    searches = searches_of(data)
    kinds = [str(as_dict(k)["name"]) for k in as_list(as_dict(data)["kinds"])]
    unobserved = [str(as_dict(u)["kind"]) for u in as_list(as_dict(data)["unobserved"])]
    assert kinds[-1] == PROVED
    assert sorted(kinds[:-1] + unobserved) == sorted(kind.name for kind in CATALOG)
    assert {"minimax", "alphabeta", "jamboree", "mcts"} <= set(kinds)
    assert set(searches) == {
        (tree, kind) for tree in DEPTHS for kind in kinds if kind not in SAMPLED
    }
    for (tree, kind), steps in searches.items():
        check_against_trace(steps, search(tree, kind))
    sampled = searches_of(data, sampled=True)
    assert set(sampled) == {(tree, kind) for tree in DEPTHS for kind in SAMPLED}
    for (tree, kind), steps in sampled.items():
        if kind == PROVED:
            check_against_proof(steps, tree)
        else:
            check_against_simulations(steps, tree)


def mcts_settings(tree: str) -> MCTSSettings[TreeState, int, float]:
    """MCTS as the docs' stepper runs it on `tree` (docs/hooks.py: 40 simulations, guesses
    counted as tanh(g / 10))."""
    game = ExplicitGame(HANDOUT_TREES[tree])
    return MCTSSettings(tree_estimator(game), search_depth=DEPTHS[tree], simulations=40, scale=10.0)


def check_against_simulations(exported_search: dict[str, object], tree: str) -> None:
    """The exported steps of MCTS on `tree` are its simulations, one for one: the path each
    walked, what it expanded, its playout, result and proofs, and the answer."""
    settings = mcts_settings(tree)
    game = settings.estimator.game
    records: list[Simulation[int]] = []
    found, _ = simulate(settings, game.start, watch=records.append)
    nodes = [as_dict(n) for n in as_list(exported_search["nodes"])]
    *steps, done = [as_dict(s) for s in as_list(exported_search["steps"])]
    assert len(steps) == len(records) == found.simulations == 40
    paths = {tuple(str(m) for m in as_list(n["path"])): i for i, n in enumerate(nodes)}

    def node_at(moves: tuple[int, ...]) -> int:
        return paths[tuple(game.move_to_string(m) for m in moves)]

    visits: dict[int, int] = {}
    for step, simulation in zip(steps, records, strict=True):
        walked = [node_at(simulation.path[:i]) for i in range(len(simulation.path) + 1)]
        assert step["path"] == walked
        assert step["node"] == walked[-1]
        expanded = simulation.expanded
        assert step["expanded"] == (None if expanded is None else walked[expanded])
        assert (step["playout"], step["result"]) == (
            simulation.playout,
            f"{simulation.reward:+.2f}",
        )
        assert step["proven"] == [[node_at(p), str(o)] for p, o in simulation.proven]
        for n in walked:
            visits[n] = visits.get(n, 0) + 1
        assert [int(str(as_list(s)[1]).split("×")[0]) for s in as_list(step["shown"])] == [
            visits[n] for n in walked
        ]
    line = [node_at(found.line[:i]) for i in range(len(found.line) + 1)]
    assert done == {
        "event": "done",
        "node": 0,
        "best": node_at((found.move,)),
        "line": line,
        "visits": found.visits,
        "mean": as_dict(done)["mean"],
        "simulations": 40,
    }


def check_against_proof(exported_search: dict[str, object], tree: str) -> None:
    """The exported steps of PNS on `tree` are its expansions, one for one, and end on the
    boolean solver's answer, with the first line of its proof."""
    root = HANDOUT_TREES[tree]
    value = minimax_value(root)
    asked = at_least(root, value)
    assert isinstance(asked, Node)
    game = ExplicitGame(asked)
    expansions: list[tuple[int, ...]] = []
    found = pns_goal(game, Goal.WIN, watch=lambda path, _, __: expansions.append(path))
    assert found.holds is solve_goal(game, Goal.WIN).holds is True  # the value: Maxie gets it
    nodes = [as_dict(n) for n in as_list(exported_search["nodes"])]
    *steps, done = [as_dict(s) for s in as_list(exported_search["steps"])]
    paths = {tuple(str(m) for m in as_list(n["path"])): i for i, n in enumerate(nodes)}

    def node_at(moves: tuple[int, ...]) -> int:
        return paths[tuple(game.move_to_string(m) for m in moves)]

    assert len(steps) == len(expansions)
    for step, path in zip(steps, expansions, strict=True):
        walked = [node_at(path[:i]) for i in range(len(path) + 1)]
        assert (step["event"], step["path"], step["node"]) == ("prove", walked, walked[-1])
    assert steps[0]["root"] == ["1", str(len(asked.children))]  # OR: least pn, summed dn
    line = [0]
    proof = found.proof
    while proof.children:
        move, proof = proof.children[0]
        line.append(node_at((*as_path(nodes[line[-1]]), move)))
    assert done == {
        "event": "done",
        "node": 0,
        "question": f"can Maxie get at least {value:g}?",
        "holds": True,
        "line": line,
        "positions": found.positions,
    }


def as_path(node: dict[str, object]) -> tuple[int, ...]:
    """A node's moves from the root, as numbers."""
    return tuple(int(str(m)) for m in as_list(node["path"]))


def minimax_value(tree: Node | Leaf[float] | End, maxie: bool = True) -> float:
    """The minimax value of a handout tree."""
    assert not isinstance(tree, End)
    if isinstance(tree, Leaf):
        return tree.value
    values = [minimax_value(child, not maxie) for child in tree.children]
    return max(values) if maxie else min(values)


def expected_sampled_display(exported_search: dict[str, object], k: int) -> Display:
    """What the stepper must show after the first ``k`` steps of a search that traces
    itself.  MCTS: each position walked shows its visits and mean result so far, the
    positions proven their result, the last simulation's path bold.  PNS: each position
    whose numbers changed shows them, the positions settled their answer, the most-proving
    path bold.  At the end, the chosen line (PNS: the proof's)."""
    nodes = [as_dict(n) for n in as_list(exported_search["nodes"])]
    steps = [as_dict(s) for s in as_list(exported_search["steps"])]
    names = [str(n["name"]) for n in nodes]
    state = ["unvisited"] * len(nodes)
    value = [""] * len(nodes)
    proven = [""] * len(nodes)
    for step in steps[:k]:
        if step["event"] in ("simulate", "prove"):
            for pair in as_list(step["shown"]):
                n, text = as_list(pair)
                state[int(str(n))], value[int(str(n))] = "done", str(text)
            for pair in as_list(step["proven"]):
                n, outcome = as_list(pair)
                proven[int(str(n))] = f"proven: {outcome}"
    current = int(str(steps[k - 1]["node"])) if k else None
    text = "the search has not started"
    bold: list[int] = []
    if k:
        step = steps[k - 1]
        if step["event"] == "simulate":
            path = [int(str(n)) for n in as_list(step["path"])]
            bold = path[1:]
            playout = int(str(step["playout"]))
            how = "estimated"
            if playout:
                how = f"played out {playout} move{'' if playout == 1 else 's'}"
            elif nodes[path[-1]]["side"] is None:
                how = "the game is over"
            expanded = step["expanded"]
            text = (
                f"simulation {k}: {' → '.join(names[n] for n in path)}"
                + ("" if expanded is None else f", expanding {names[int(str(expanded))]}")
                + f"; {how}, result {step['result']}"
                + "".join(
                    f"; proved {names[int(str(as_list(p)[0]))]}: {as_list(p)[1]}"
                    for p in as_list(step["proven"])
                )
            )
        elif step["event"] == "prove":
            path = [int(str(n)) for n in as_list(step["path"])]
            bold = path[1:]
            root = step["root"]
            text = (
                f"step {k}: most-proving path {' → '.join(names[n] for n in path)}, "
                f"expanding {names[path[-1]]}"
                + ("" if root is None else f"; root {as_list(root)[0]}/{as_list(root)[1]}")
                + "".join(
                    f"; settled {names[int(str(as_list(p)[0]))]}: {as_list(p)[1]}"
                    for p in as_list(step["proven"])
                )
            )
        elif "question" in step:
            line = [int(str(n)) for n in as_list(step["line"])]
            bold = line[1:]
            text = (
                f"search over: {step['question']} {'yes' if step['holds'] else 'no'}, proved "
                f"along {' → '.join(names[n] for n in line)}; {step['positions']} positions "
                "played"
            )
        else:
            bold = [int(str(n)) for n in as_list(step["line"])][1:]
            text = (
                f"search over after {step['simulations']} simulations: best move to "
                f"{names[int(str(step['best']))]}, visited {step['visits']} times, mean result "
                f"{step['mean']} for Maxie"
            )
    where = [" ".join(str(m) for m in as_list(n["path"])) for n in nodes]
    rows: list[tuple[str, ...]] = [(f"step {k} of {len(steps)}",), ("",), (text,)]
    for i in sorted(range(len(nodes)), key=lambda i: where[i]):
        current_mark = "current" if i == current else ""
        rows.append(("node", where[i], names[i], state[i], current_mark, value[i], proven[i], ""))
    edges = [("best", where[int(str(nodes[n]["parent"]))], where[n]) for n in bold]
    rows += sorted(edges, key=lambda row: row[1])
    return tuple(rows)


def test_the_small_tree_with_alphabeta_cuts_l_and_m_in_the_export() -> None:
    steps = searches_of(exported())[("small", "alphabeta")]
    names = [str(as_dict(n)["name"]) for n in as_list(steps["nodes"])]
    cuts = [as_dict(s) for s in as_list(steps["steps"]) if as_dict(s)["event"] == "cut"]
    assert len(cuts) == 1
    assert names[as_int(cuts[0]["node"])] == "j"
    assert [names[as_int(p)] for p in as_list(cuts[0]["pruned"])] == ["l", "m"]


# --------------------------------------------------------------------------
# What the page must show: a model of the display, from the search's events


SYMBOLS = {BoundKind.EXACT: "", BoundKind.LOWER: "≥ ", BoundKind.UPPER: "≤ "}
WORDS = {BoundKind.EXACT: "", BoundKind.LOWER: "at least ", BoundKind.UPPER: "at most "}


@dataclass
class Place:
    """What one position shows."""

    state: str = "unvisited"
    window: str = ""
    bounds: tuple[str, str] | None = None
    """α and β as shown, for the sentence on a cut."""
    depth: int | None = None
    value: str = ""
    best: Where | None = None
    table: bool = False


@dataclass(frozen=True)
class Tree:
    """The positions the stepper draws: the game's tree down to the search depth."""

    names: dict[Where, str] = field(default_factory=dict)
    sides: dict[Where, Side | None] = field(default_factory=dict)
    children: dict[Where, list[Where]] = field(default_factory=dict)

    def under(self, path: Where) -> list[Where]:
        return [p for p in self.names if p[: len(path)] == path]


def game_tree(game: ExplicitGame, depth: int) -> Tree:
    tree = Tree()
    todo: list[tuple[Where, TreeState, int]] = [((), game.start, depth)]
    while todo:
        path, state, left = todo.pop()
        tree.names[path] = state.node.name
        tree.sides[path] = game.player(state)
        tree.children[path] = []
        if left == 0:
            continue
        for move in seq.to_tuple(game.moves(state)):
            status = game.play(state, move)
            assert isinstance(status, Playing)  # explicit trees end in leaves, not outcomes
            child = (*path, game.move_to_string(move))
            tree.children[path].append(child)
            todo.append((child, status.state, left - 1))
    return tree


Display = tuple[tuple[str, ...], ...]
"""The counter, the pass line, the event line, one row per position, one per best edge."""


def expected_display(found: Search, k: int) -> Display:
    """What the stepper must show after its first ``k`` steps: the first ``k`` events of
    ``found``, and at the last step, its answer too."""
    game = found.game
    tree = game_tree(game, DEPTHS[found.tree])
    events = found.events
    roots = [i for i, e in enumerate(events) if isinstance(e, Enter) and e.move is None]
    begun = [i for i in roots if i < k]
    start = begun[-1] if begun else 0
    places = {p: Place() for p in tree.names}
    stack: list[Where] = []
    current: Where | None = None
    text = "the search has not started"
    for i in range(start, min(k, len(events))):
        event = events[i]
        match event:
            case Enter(move=move, window=window, depth=depth):
                here = () if move is None else (*stack[-1], game.move_to_string(move))
                for p in tree.under(here):
                    places[p] = Place()
                bounds = None if window is None else (bound_text(window[0]), bound_text(window[1]))
                shown = "" if bounds is None else f"({bounds[0]}, {bounds[1]})"
                places[here] = Place("open", shown, bounds, depth)
                stack.append(here)
                text = f"enter {tree.names[here]}" + (f" with window {shown}" if shown else "")
            case Leave(value=value, bound=bound, best=chosen):
                here = stack.pop()
                place = places[here]
                place.state = "done"
                place.value = SYMBOLS[bound] + est_text(value)
                place.best = None if chosen is None else (*here, game.move_to_string(chosen))
                worth = WORDS[bound] + est_text(value)
                name = tree.names[here]
                if place.table:
                    text = f"leave {name}: worth {worth}, from the table"
                elif not any(places[c].state in ("open", "done") for c in tree.children[here]):
                    text = f"estimate {name}: {worth}"
                else:
                    to = "" if place.best is None else f", best move to {tree.names[place.best]}"
                    text = f"leave {name}: worth {worth}{to}"
            case Cut(move=move, value=value, unsearched=unsearched):
                here = stack[-1]
                place = places[here]
                pruned = [(*here, game.move_to_string(m)) for m in seq.to_tuple(unsearched)]
                for p in pruned:
                    for q in tree.under(p):
                        places[q].state = "pruned"
                text = (
                    f"cut at {tree.names[here]}: {tree.names[(*here, game.move_to_string(move))]} "
                    f"gave {est_text(value)}"
                )
                if place.bounds is not None:
                    alpha, beta = place.bounds
                    text += (
                        f", at or above β = {beta}"
                        if tree.sides[here] is Side.Maxie
                        else f", at or below α = {alpha}"
                    )
                if pruned:
                    never = "estimated" if place.depth == 1 else "searched"
                    text += f"; {', '.join(tree.names[p] for p in pruned)} never {never}"
                else:
                    text += "; no moves were left to search"
            case TableHit(value=value, bound=bound):
                here = stack[-1]
                places[here].table = True
                places[here].value = SYMBOLS[bound] + est_text(value)
                text = f"the table answers {tree.names[here]}: {WORDS[bound]}{est_text(value)}"
            case _:
                pytest.fail(f"unknown event {event!r}")
        current = here
    over = k == found.steps
    if over:  # the answer, at the root
        answer = (game.move_to_string(found.best),)
        places[()].value = est_text(found.value)
        places[()].best = answer
        text = (
            f"search over: {tree.names[()]} is worth {est_text(found.value)}, best move to "
            f"{tree.names[answer]}; {len(found.trace.nodes())} positions visited (root "
            f"included), {len(found.trace.leaves())} estimated or finished"
        )
        current = ()
    passes = f"search {len(begun)} of {len(roots)} of the root" if len(roots) > 1 and begun else ""
    rows: list[tuple[str, ...]] = [
        (f"step {k} of {found.steps}",),
        (passes,),
        (text,),
    ]
    for p in sorted(tree.names):
        place = places[p]
        rows.append(
            (
                "node",
                " ".join(p),
                tree.names[p],
                place.state,
                "current" if p == current else "",
                place.value,
                place.window,
                "struck" if place.state == "pruned" else "",
            )
        )
    # Bold: at the last step, the line the search chose, as its trace and picture have it;
    # before, each best move of a position left that leads to a position searched in this
    # pass of the root (a position the table answered names a move it did not search).
    if over:
        bold = found.chosen_line()
    else:
        bold = [
            (p, best)
            for p in sorted(tree.names)
            if places[p].state == "done"
            and (best := places[p].best) is not None
            and places[best].state == "done"
        ]
    rows += [("best", " ".join(p), " ".join(q)) for p, q in sorted(bold)]
    return tuple(rows)


def unvisited_at_bold_edges(display: Display) -> list[tuple[str, ...]]:
    """The bold edges of `display` that lead to a position not shown searched (none may)."""
    states = {row[1]: row[3] for row in display if row[0] == "node"}
    return [row for row in display if row[0] == "best" and states[row[2]] != "done"]


def bold_edges(display: Display) -> set[tuple[str, str]]:
    """The bold edges of `display`, as (from, to) paths."""
    return {(row[1], row[2]) for row in display if row[0] == "best"}


def test_every_search_ends_on_its_answer_with_the_chosen_line_bold() -> None:
    # The model the browser test holds the page to: the last step of every search states
    # its answer (checked against the player's own in the exported data), bolds only the
    # line its trace chose, starting with that answer's move; no bold edge ever leads to a
    # position shown unsearched.
    for tree, kind in searches_of(exported()):
        found = search(tree, kind)
        last = expected_display(found, found.steps)
        assert last[2][0].startswith(f"search over: a is worth {est_text(found.value)}, best ")
        line = found.chosen_line()
        assert line[0] == ((), (found.game.move_to_string(found.best),)), (tree, kind)
        assert bold_edges(last) == {(" ".join(p), " ".join(q)) for p, q in line}
        for k in range(found.steps + 1):
            assert unvisited_at_bold_edges(expected_display(found, k)) == [], (tree, kind, k)
    # On the Small tree the line is a, f, h for every search; MTD(f) too ends on a worth
    # 4, not on the bound its last search of the root left.
    for kind in ("minimax", "alphabeta", "mtdf"):
        found = search("small", kind)
        last = expected_display(found, found.steps)
        assert bold_edges(last) == {("", "1"), ("1", "1 1")}, kind
        assert last[3] == ("node", "", "a", "done", "current", "4", last[3][6], ""), kind
    mtdf = search("small", "mtdf")
    assert expected_display(mtdf, mtdf.steps)[2] == (
        "search over: a is worth 4, best move to f; 15 positions visited (root included), "
        "8 estimated or finished",
    )
    # its last search of the root left a with a bound only, and b from the table
    before = expected_display(mtdf, mtdf.steps - 1)
    assert before[2] == ("leave a: worth at most 4, best move to f",)
    assert ("0", "0 2") not in bold_edges(before)


# --------------------------------------------------------------------------
# The page in Chromium

READ_DISPLAY = """
const root = document.getElementById('gamelib-stepper');
const rows = [
  [root.querySelector('.stepper-counter').textContent],
  [root.querySelector('.stepper-pass').textContent],
  [root.querySelector('.stepper-event').textContent],
];
const nodes = Array.from(root.querySelectorAll('g.stepper-node')).map(g => [
  'node', g.getAttribute('data-path'), g.querySelector('.stepper-name').textContent,
  g.getAttribute('data-state'), g.classList.contains('current') ? 'current' : '',
  g.querySelector('.stepper-value').textContent, g.querySelector('.stepper-window').textContent,
  g.querySelector('.stepper-strike') ? 'struck' : '']);
nodes.sort((a, b) => a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
const best = Array.from(root.querySelectorAll('path.stepper-edge.best')).map(e =>
  ['best', e.getAttribute('data-from'), e.getAttribute('data-to')]);
best.sort((a, b) => a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
return JSON.stringify(rows.concat(nodes, best));
"""
"""The stepper's display, read from the page as it is drawn (not from the script's state)."""


def browser_missing() -> list[Program]:
    """What the browser part needs and this machine lacks: the browser, its driver, and
    Graphviz's dot, which the docs build needs."""
    return missing(CHROMIUM, CHROMEDRIVER, DOT)


@pytest.fixture(scope="module")
def site() -> Iterator[Path]:
    """The documentation, built once for this module without the API reference, which is
    all the slow part of a build and has no stepper."""
    with tempfile.TemporaryDirectory(prefix="gamelib-stepper-") as folder:
        config = Path(folder) / "mkdocs.yml"
        config.write_text(
            f"INHERIT: {json.dumps(str(ROOT / 'mkdocs.yml'))}\n"
            f"docs_dir: {json.dumps(str(ROOT / 'docs'))}\n"
            f"hooks: [{json.dumps(str(ROOT / 'docs' / 'hooks.py'))}]\n"
            "plugins: [search]\n",
            encoding="utf-8",
        )
        built = Path(folder) / "site"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--quiet",
                "-f",
                str(config),
                "--site-dir",
                str(built),
            ],
            cwd=ROOT,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            check=True,
        )
        yield built


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on localhost: the page's address."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/alpha-beta-seen/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def warn_not_run(
    lacking: list[Program],
    what: str = "the stepper of 'Alpha-beta, seen'",
    instead: str = "the exported data against gamelib's traces",
) -> None:
    """Say loudly that the browser part did not run, and why (a failure under
    GAMELIB_REQUIRE_OUTSIDE, as the second pass of .ci/run sets it)."""
    not_run(lacking, f"{what} in a browser", instead)


def chromium(width: int, height: int) -> tuple[WebDriver, tempfile.TemporaryDirectory[str]]:
    """Headless Chromium driven by chromium-driver, in a fresh profile (removed by the
    caller after `quit`)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM.path())
    profile = tempfile.TemporaryDirectory(prefix="gamelib-chromium-")
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile.name}",
        f"--window-size={width},{height}",
    ]:
        options.add_argument(flag)
    service = Service(executable_path=str(CHROMEDRIVER.path()))
    driver = webdriver.Chrome(options=options, service=service)
    return driver, profile


def open_stepper(driver: WebDriver, address: str) -> None:
    """Load the page at `address` and wait until its stepper is drawn."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.wait import WebDriverWait

    driver.get(address)
    WebDriverWait(driver, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#gamelib-stepper.stepper-ready")
    )


FULL_WALKS = [
    ("small", "minimax"),
    ("small", "alphabeta"),
    ("small", "jamboree"),
    ("big", "alphabeta"),
    ("cse473", "alphabeta"),
    ("wikipedia", "alphabeta"),
    ("uneven", "pvs"),
    ("small", "mtdf"),
]
"""Searches checked at every step (the others at their first and last)."""


@pytest.mark.outside
def test_the_stepper_shows_each_step_in_chromium(request: pytest.FixtureRequest) -> None:
    missing = browser_missing()
    if missing:
        # Without a browser: the built page still must carry exactly the exported steps.
        warn_not_run(missing)
        if DOT.present():  # the whole page, as built
            built: Path = request.getfixturevalue("site")
            page = (built / "alpha-beta-seen" / "index.html").read_text(encoding="utf-8")
        else:  # the part of the page the hook writes, and the page including it
            assert "generated/stepper_data.html" in (
                ROOT / "docs" / "alpha-beta-seen.md"
            ).read_text(encoding="utf-8")
            folder = Path(tempfile.mkdtemp(prefix="gamelib-stepper-data-"))
            (written,) = hooks_module().generate_stepper(folder)
            page = written.read_text(encoding="utf-8")
        embedded = re.search(
            r'<script type="application/json" id="gamelib-stepper-data">(.*?)</script>',
            page,
            flags=re.DOTALL,
        )
        assert embedded is not None
        assert json.loads(embedded.group(1)) == exported()
        return
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    address = request.getfixturevalue("served")
    driver, profile = chromium(1400, 1200)
    try:
        open_stepper(driver, address)
        stepper = driver.find_element(By.ID, "gamelib-stepper")
        forward = driver.find_element(By.CSS_SELECTOR, ".stepper-forward")
        kind_menu = driver.find_element(By.CSS_SELECTOR, "select.stepper-kind")

        def shown(script: str = READ_DISPLAY, *args: object) -> Display:
            text = driver.execute_script(script, *args)
            assert isinstance(text, str)
            return tuple(
                tuple(str(cell) for cell in as_list(row)) for row in as_list(json.loads(text))
            )

        def step_forward() -> Display:
            return shown("arguments[0].click();\n" + READ_DISPLAY, forward)

        def inner() -> str:
            # The drawing, the counter and the event line; not the controls, whose focus
            # marks depend on how they were last used.
            markup = driver.execute_script(
                "return ['.stepper-counter', '.stepper-pass', '.stepper-event', '.stepper-view']"
                ".map(s => arguments[0].querySelector(s).outerHTML).join('')",
                stepper,
            )
            assert isinstance(markup, str)
            return markup

        def choose(tree: str, kind: str) -> None:
            Select(driver.find_element(By.CSS_SELECTOR, "select.stepper-tree")).select_by_value(
                tree
            )
            Select(driver.find_element(By.CSS_SELECTOR, "select.stepper-kind")).select_by_value(
                kind
            )

        # The page carries exactly the data the hook exports.
        embedded = driver.execute_script(
            "return document.getElementById('gamelib-stepper-data').textContent"
        )
        assert isinstance(embedded, str)
        assert json.loads(embedded) == exported()

        # It opens on the Small tree searched by AlphaBeta, before the first step.
        small = search("small", "alphabeta")
        assert shown() == expected_display(small, 0)

        # Every step of these searches shows what the model says.
        markups: dict[tuple[str, str, int], str] = {}
        for tree, kind in FULL_WALKS:
            choose(tree, kind)
            found = search(tree, kind)
            assert shown() == expected_display(found, 0), (tree, kind, 0)
            for k in range(1, found.steps + 1):
                display = step_forward()
                assert display == expected_display(found, k), (tree, kind, k)
                assert unvisited_at_bold_edges(display) == [], (tree, kind, k)
                if (tree, kind) == ("small", "alphabeta"):
                    markups[(tree, kind, k)] = inner()
            assert forward.get_attribute("disabled") is not None

        # Minimax never cuts.
        minimax = search("small", "minimax")
        for k in range(minimax.steps + 1):
            display = expected_display(minimax, k)
            assert not display[2][0].startswith("cut")
            assert all(row[3] != "pruned" for row in display if row[0] == "node")

        # The Small tree by AlphaBeta, at the step after leaf k1: the cut.
        choose("small", "alphabeta")
        cut = next(i for i, e in enumerate(small.events) if isinstance(e, Cut)) + 1
        j = next(n for n in small.trace.nodes() if node_name(n) == "j")
        assert j.window is not None
        j_window = f"({bound_text(j.window[0])}, {bound_text(j.window[1])})"
        assert j_window == "(4, +∞)"  # as the text trace on the page says
        for _ in range(cut):
            forward.click()
        display = shown()
        assert display[0] == (f"step {cut} of {small.steps}",)
        assert display[2][0] == "cut at j: k gave 1, at or below α = 4; l, m never estimated"
        rows = {row[2]: row for row in display if row[0] == "node"}
        assert rows["j"][3:7] == ("open", "current", "", j_window)
        assert rows["k"][3:6] == ("done", "", "1")
        for pruned in ("l", "m"):
            assert rows[pruned][3] == "pruned"
            assert rows[pruned][7] == "struck"
        l_name = driver.find_element(By.CSS_SELECTOR, 'g.stepper-node[data-name="l"] .stepper-name')
        assert "line-through" in l_name.value_of_css_property("text-decoration-line")
        assert display == expected_display(small, cut)
        assert inner() == markups[("small", "alphabeta", cut)]

        # Back restores exactly the display of the step before, and forward the cut again.
        driver.find_element(By.CSS_SELECTOR, ".stepper-back").click()
        assert shown() == expected_display(small, cut - 1)
        assert inner() == markups[("small", "alphabeta", cut - 1)]
        forward.click()
        assert inner() == markups[("small", "alphabeta", cut)]

        # First, last, and the keys.
        driver.find_element(By.CSS_SELECTOR, ".stepper-last").click()
        assert shown() == expected_display(small, small.steps)
        driver.find_element(By.CSS_SELECTOR, ".stepper-first").click()
        assert shown() == expected_display(small, 0)
        for key, k in [
            (Keys.ARROW_RIGHT, 1),
            (Keys.ARROW_RIGHT, 2),
            (Keys.END, small.steps),
            (Keys.ARROW_LEFT, small.steps - 1),
            (Keys.HOME, 0),
        ]:
            stepper.send_keys(key)
            assert shown() == expected_display(small, k), key

        # The focus stays in the stepper when the button it is on turns disabled, at
        # either end, from the keyboard or the mouse: the arrow keys go on stepping, and
        # Tab goes on from the stepper's own controls, not from the top of the page.
        def focus() -> str:
            where = driver.execute_script(
                "const a = document.activeElement;"
                "return a === arguments[0] ? 'stepper' : arguments[0].contains(a) ?"
                "  [...a.classList].find(c => c.startsWith('stepper-')) : a.tagName;",
                stepper,
            )
            assert isinstance(where, str)
            return where

        def press(*keys: str) -> None:  # to whatever has the focus, as a person would
            ActionChains(driver).send_keys(*keys).perform()

        driver.execute_script("arguments[0].focus()", kind_menu)
        press(Keys.TAB)  # past « First and ‹ Back, disabled at step 0
        assert focus() == "stepper-forward"
        press(Keys.TAB)
        assert focus() == "stepper-last"
        press(Keys.ENTER)
        assert shown() == expected_display(small, small.steps)
        assert focus() == "stepper"
        press(Keys.ARROW_LEFT)
        assert shown() == expected_display(small, small.steps - 1)
        press(Keys.HOME)
        assert shown() == expected_display(small, 0)
        press(Keys.TAB)
        assert focus() == "stepper-tree"
        # ‹ Back, by Enter, to the first step
        press(Keys.TAB, Keys.TAB, Keys.ENTER, Keys.ENTER)
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        assert (shown()[0], focus()) == ((f"step 2 of {small.steps}",), "stepper-back")
        press(Keys.ENTER, Keys.ENTER)
        assert (shown()[0], focus()) == ((f"step 0 of {small.steps}",), "stepper")
        press(Keys.ARROW_RIGHT)
        assert shown() == expected_display(small, 1)
        # Forward ›, by Enter, to the last step
        press(*[Keys.TAB] * 5)  # the menus, « First, ‹ Back
        assert focus() == "stepper-forward"
        press(*[Keys.ENTER] * (small.steps - 1))
        assert (shown()[0], focus()) == ((f"step {small.steps} of {small.steps}",), "stepper")
        press(Keys.ARROW_LEFT)
        assert shown() == expected_display(small, small.steps - 1)
        # and with the mouse: Last », « First, and Forward › to the end
        last_button = driver.find_element(By.CSS_SELECTOR, ".stepper-last")
        first_button = driver.find_element(By.CSS_SELECTOR, ".stepper-first")
        for clicks in ([last_button], [first_button], [forward] * small.steps):
            driver.execute_script("document.activeElement.blur()")  # the click focuses
            ActionChains(driver).move_to_element(clicks[0]).perform()
            for button in clicks:
                ActionChains(driver).click(button).perform()
            assert focus() == "stepper", clicks[0].text
            press(Keys.ARROW_RIGHT if clicks[0] == first_button else Keys.ARROW_LEFT)
            k = 1 if clicks[0] == first_button else small.steps - 1
            assert shown() == expected_display(small, k), clicks[0].text

        # Every tree, every kind: the first and the last step (chosen by the script, in one
        # round trip each, as the menus' change events would).
        choose_and_read = (
            "const [tree, kind, last] = [arguments[0], arguments[1], arguments[2]];"
            "for (const [menu, value] of [['tree', tree], ['kind', kind]]) {"
            "  const select = document.querySelector('select.stepper-' + menu);"
            "  select.value = value; select.dispatchEvent(new Event('change')); }"
            "if (last) document.querySelector('.stepper-last').click();" + READ_DISPLAY
        )
        for tree, kind in sorted(searches_of(exported())):
            found = search(tree, kind)
            first = shown(choose_and_read, tree, kind, False)
            assert first == expected_display(found, 0), (tree, kind)
            last = shown(choose_and_read, tree, kind, True)
            assert last == expected_display(found, found.steps), (tree, kind)
            assert last[2][0].startswith(f"search over: a is worth {est_text(found.value)}, ")
            assert unvisited_at_bold_edges(last) == [], (tree, kind)

        # MCTS, which traces itself: every step of every tree shows what its model says.
        for (tree, kind), sampled in sorted(searches_of(exported(), sampled=True).items()):
            steps = len(as_list(sampled["steps"]))
            assert shown(choose_and_read, tree, kind, False) == expected_sampled_display(
                sampled, 0
            ), (tree, kind)
            for k in range(1, steps + 1):
                display = step_forward()
                assert display == expected_sampled_display(sampled, k), (tree, kind, k)
                assert unvisited_at_bold_edges(display) == [], (tree, kind, k)
            over = "search over: can Maxie get" if kind == PROVED else "search over after 40 "
            assert display[2][0].startswith(over), (tree, kind)
    finally:
        driver.quit()
        profile.cleanup()


# --------------------------------------------------------------------------
# The stepper on a narrow screen and a wide one, and its menu of searches

MIN_SCALE = 0.8
"""The least a tree's picture may be scaled down to fit (stepper.js's MIN_SCALE): node
names and values, 14 px at full size, are then 11.2 px on screen; a narrower box scrolls
the picture sideways in it."""

READ_LAYOUT = """
for (const [menu, value] of [['tree', arguments[0]], ['kind', arguments[1]]]) {
  const select = document.querySelector('select.stepper-' + menu);
  select.value = value; select.dispatchEvent(new Event('change')); }
document.querySelector('.stepper-last').click();
const root = document.getElementById('gamelib-stepper');
const page = document.documentElement;
const svg = root.querySelector('svg.stepper-svg');
const view = root.querySelector('.stepper-view');
const box = root.getBoundingClientRect();
const parts = [...root.querySelectorAll(
  '.stepper-controls, .stepper-controls label, .stepper-controls select, .stepper-buttons, ' +
  '.stepper-buttons *, .stepper-player, .stepper-event, .stepper-view')];
const outside = parts.filter(e => {
  const r = e.getBoundingClientRect();
  return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map(
  e => e.tagName + '.' + e.className);
const scale = svg.getScreenCTM().a;
const names = [...svg.querySelectorAll('.stepper-name, .stepper-value')].map(
  t => parseFloat(getComputedStyle(t).fontSize) * scale);
const tops = [...root.querySelectorAll('.stepper-controls select')].map(
  e => Math.round(e.getBoundingClientRect().top));
return JSON.stringify([page.scrollWidth, page.clientWidth, outside, scale, Math.min(...names),
  view.scrollWidth, view.clientWidth, getComputedStyle(view).overflowX,
  svg.viewBox.baseVal.width, tops]);
"""
"""Choose a tree and a search, go to the last step, and read the layout: the page's scroll
and client widths, the stepper's parts drawn outside its box, the picture's scale, the
smallest name or value on screen (px), the picture's box's scroll and client widths and
overflow-x, the picture's own width, and where each menu's top is."""


def option_label_repeats_its_name(name: str, label: str) -> bool:
    """Whether `label` (``name: summary``) says ``name:`` twice in a row, as
    ``negamax: negamax: Minimax from the mover's view`` did."""
    rest = label.removeprefix(f"{name}: ")
    return rest.casefold().startswith(f"{name}:".casefold())


@pytest.mark.outside
def test_the_stepper_fits_a_narrow_window_in_chromium(request: pytest.FixtureRequest) -> None:
    kinds = [as_dict(k) for k in as_list(as_dict(exported())["kinds"])]
    labels = [(str(k["name"]), f"{k['name']}: {k['summary']}") for k in kinds]
    assert [(n, label) for n, label in labels if option_label_repeats_its_name(n, label)] == []
    assert option_label_repeats_its_name("negamax", "negamax: negamax: Minimax")
    missing = browser_missing()
    if missing:
        warn_not_run(
            missing,
            "the stepper's layout at 400 and 1400 px",
            "the labels of its menu of searches",
        )
        return
    address = request.getfixturevalue("served")
    driver, profile = chromium(1400, 900)
    try:
        open_stepper(driver, address)
        # The menu of searches says each name once: what the exported data has.
        shown = driver.execute_script(
            "return [...document.querySelectorAll('select.stepper-kind option')]"
            ".map(o => [o.value, o.textContent])"
        )
        assert [tuple(as_list(pair)) for pair in as_list(shown)] == labels

        for width in (400, 1400):
            driver.set_window_size(width, 900)
            assert driver.execute_script("return window.innerWidth") == width
            # On a busy machine the page may not have laid itself out for the new width
            # yet: let it draw two frames first.
            driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "requestAnimationFrame(() => requestAnimationFrame(() => done()));"
            )
            # Every tree, with the longest name of a search and of a last step.
            for tree in DEPTHS:
                for kind in ("alphabeta", "id"):
                    read = json.loads(str(driver.execute_script(READ_LAYOUT, tree, kind)))
                    at = (width, tree, kind)
                    page_scroll, page_width, outside, scale, smallest, *rest = read
                    view_scroll, view_width, overflow, picture, tops = rest
                    assert page_scroll <= page_width, at  # no scrolling the page sideways
                    assert outside == [], at
                    assert scale >= MIN_SCALE - 1e-6, at
                    assert smallest >= 11, at
                    if picture * scale > view_width + 1:  # what does not fit, scrolls
                        assert (overflow, view_scroll > view_width) == ("auto", True), at
                    if width == 1400:  # as before: nothing shrunk, the menus side by side
                        assert scale == 1, at
                        assert len(set(tops)) == 1, at
                    else:
                        assert scale < 1, at  # the 400-px window is narrower than any tree
    finally:
        driver.quit()
        profile.cleanup()


# --------------------------------------------------------------------------
# The Lecture companion: every code line on screen, every fragment a whole definition

COMPANION = ROOT / "docs" / "lecture-companion.md"

READ_CODE = """
return [...document.querySelectorAll('.md-typeset pre, .md-typeset pre > code')].map(e => {
  const style = getComputedStyle(e);
  const kept = e.style.whiteSpace;
  e.style.whiteSpace = 'pre';  // how wide its longest line is, unwrapped
  const unwrapped = e.scrollWidth;
  e.style.whiteSpace = kept;
  return JSON.stringify([e.tagName, e.scrollWidth, e.clientWidth, style.overflowX, unwrapped,
                         e.textContent.split('\\n')[0]]);
});
"""
"""For each code block (the `pre` and the `code` in it): its tag, scroll and client widths,
overflow-x, the width its longest line needs unwrapped, and its first line."""

COLUMNS = """
return [...document.querySelectorAll('.md-typeset .grid')].map(
  g => getComputedStyle(g).gridTemplateColumns.split(' ').length);
"""
"""How many columns each words-and-code grid of the page is drawn in."""


@dataclass(frozen=True)
class CodeBlock:
    """A `pre` or its `code`, as drawn."""

    tag: str
    scroll_width: int
    client_width: int
    overflow_x: str
    unwrapped_width: int
    first_line: str


def code_blocks_drawn(driver: WebDriver) -> list[CodeBlock]:
    """The page's code blocks as the browser draws them now."""
    rows = [as_list(json.loads(str(row))) for row in as_list(driver.execute_script(READ_CODE))]
    return [
        CodeBlock(str(r[0]), as_int(r[1]), as_int(r[2]), str(r[3]), as_int(r[4]), str(r[5]))
        for r in rows
    ]


def first_lines_built(site: Path) -> list[str]:
    """The first line of each code block of the built companion page."""
    page = (site / "lecture-companion" / "index.html").read_text(encoding="utf-8")
    blocks = re.findall(r"<pre[^>]*>(?:<span></span>)?<code>(.*?)</code></pre>", page, re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", block)).split("\n")[0] for block in blocks]


@pytest.mark.outside
def test_the_lecture_companion_shows_every_code_line_in_chromium(
    request: pytest.FixtureRequest,
) -> None:
    fences = COMPANION.read_text(encoding="utf-8").count("```python")
    missing = browser_missing()
    if missing:
        warn_not_run(
            missing,
            "the Lecture companion's code at 1400 and 1920 px",
            "that the built page's code blocks start at column 0",
        )
        if DOT.present():
            firsts = first_lines_built(request.getfixturevalue("site"))
            assert len(firsts) == fences
            assert [line for line in firsts if line[:1].isspace()] == []
        return

    site: Path = request.getfixturevalue("site")
    assert len(first_lines_built(site)) == fences
    address = request.getfixturevalue("served").replace("/alpha-beta-seen/", "/lecture-companion/")
    driver, profile = chromium(1400, 900)
    try:
        # 1920 and 1400 px, where the issue found lines cut; 800, where the sidebars go.
        for (width, height), columns in [((1920, 1080), 2), ((1400, 900), 1), ((800, 900), 1)]:
            driver.set_window_size(width, height)
            driver.get(address)
            blocks = code_blocks_drawn(driver)
            assert len(blocks) == 2 * fences, width  # each block is a pre and its code
            # Nothing is clipped: what is wider than its box can be scrolled to.
            clipped = [
                b
                for b in blocks
                if b.scroll_width > b.client_width and b.overflow_x not in ("auto", "scroll")
            ]
            assert clipped == [], width
            # Every fragment starts at a whole definition, at column 0.
            assert [b.first_line for b in blocks if b.first_line[:1].isspace()] == [], width
            # Side by side only where the code column is wide enough, stacked below.
            assert set(as_list(driver.execute_script(COLUMNS))) == {columns}, width
            if width >= 1400:
                # Here every line fits whole in its box: nothing to scroll to (the scrollbar
                # of a long block is a screen away from its first lines), nothing wrapped.
                cut = [b for b in blocks if b.unwrapped_width > b.client_width + 1]
                assert cut == [], width
    finally:
        driver.quit()
        profile.cleanup()


# --------------------------------------------------------------------------
# The stepper in a notebook's cell (gamelib.notebook.stepper)


def notebook_cells() -> tuple[str, list[tuple[str, int, str]]]:
    """A page with two steppers as a notebook would show them (two cells' outputs):
    alpha-beta on the Small tree, and proof-number search on the CSE 473 tree asked
    whether Maxie gets 3; and what each must show at its last step."""
    from gamelib import AlphaBeta, Settings
    from gamelib.algorithms.boolean import Goal
    from gamelib.algorithms.pns import pns_goal
    from gamelib.games.explicit import CSE473, SMALL, at_least
    from gamelib.notebook import stepper
    from gamelib.trace.proofs import pns_steps

    small = ExplicitGame(SMALL)
    mine = stepper(
        lambda observer: AlphaBeta(Settings(tree_estimator(small), 2), observer=observer),
        title="my tree",
    )
    asked = at_least(CSE473, 3)
    assert not isinstance(asked, Leaf | End)
    proved = ExplicitGame(asked)
    data = pns_steps(
        proved,
        proved.start,
        lambda watch: pns_goal(proved, Goal.WIN, proved.start, Side.Maxie, watch=watch),
        f"can {Side.Maxie} {Goal.WIN.value}?",
    )
    proof = stepper(data, title="CSE 473")
    page = "".join(f"<div class='output'>{cell._repr_html_()}</div>" for cell in (mine, proof))
    found = []
    for cell in (mine, proof):
        (tree,) = as_list(cell.data["trees"])
        steps = as_list(as_dict(as_dict(as_dict(tree)["searches"])["search"])["steps"])
        found.append((str(as_dict(tree)["title"]), len(steps), str(as_dict(steps[-1])["event"])))
    return (
        f"<!doctype html><html><head><meta charset='utf-8'></head><body>{page}</body></html>",
        found,
    )


def test_a_notebook_cell_carries_its_stepper_whole() -> None:
    page, found = notebook_cells()
    assert page.count('class="gamelib-stepper-cell"') == 2
    assert page.count("<script>") == 2  # the script, inside each cell: no network, no server
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")
    assert [title for title, _, _ in found] == ["my tree", "CSE 473"]
    assert all(last == "done" for _, _, last in found)


@pytest.mark.outside
def test_a_notebook_cells_stepper_steps_in_chromium(tmp_path: Path) -> None:
    page, found = notebook_cells()
    lacking = missing(CHROMIUM, CHROMEDRIVER)
    if lacking:
        warn_not_run(lacking, "a notebook cell's stepper", "the page carries both steppers whole")
        assert page.count('class="gamelib-stepper-data"') == 2
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.wait import WebDriverWait

    (tmp_path / "cells.html").write_text(page, encoding="utf-8")
    driver, profile = chromium(1200, 900)
    try:
        driver.get((tmp_path / "cells.html").as_uri())
        WebDriverWait(driver, 10).until(
            lambda d: (
                len(d.find_elements(By.CSS_SELECTOR, ".gamelib-stepper-cell.stepper-ready")) == 2
            )
        )
        cells = driver.find_elements(By.CSS_SELECTOR, ".gamelib-stepper-cell")
        for cell, (title, steps, _) in zip(cells, found, strict=True):
            counter = cell.find_element(By.CSS_SELECTOR, ".stepper-counter")
            assert counter.text == f"step 0 of {steps}"
            cell.find_element(By.CSS_SELECTOR, ".stepper-last").click()
            assert counter.text == f"step {steps} of {steps}"
            assert title in cell.find_element(By.CSS_SELECTOR, ".stepper-player").text
        events = [c.find_element(By.CSS_SELECTOR, ".stepper-event").text for c in cells]
        # A handout tree's positions go by their names, as in the docs' stepper.
        assert events[0].startswith("search over: a is worth 4, best move to f")
        assert events[1].startswith("search over: can Maxie force a win? yes, proved along ")
        # Stepping one cell leaves the other where it was.
        cells[0].find_element(By.CSS_SELECTOR, ".stepper-first").click()
        assert cells[1].find_element(By.CSS_SELECTOR, ".stepper-event").text == events[1]
    finally:
        driver.quit()
        profile.cleanup()
