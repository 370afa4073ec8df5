"""The stepper's steps of a search of a chance tree or an n-player tree, for the grader's
report: gamelib's reference as its observer saw it, and the student's search rebuilt from
what the logged game saw it do.

Both are drawn on the tree's [`Outline`][gamelib.check.families.Outline], every node of it,
numbered breadth first (the root 0), in the shape the docs' stepper reads
(`gamelib.trace.steps.steps_to_json`: `{"player", "nodes", "steps"}`).  gamelib's run
shows the value of every position it leaves and the cuts it makes; the student's shows the
leaves it estimated or reached with their values, `?` for the positions above them (only
the student's code knew those), and its answer at the root.

```pycon
>>> from gamelib.check.kinds import KINDS, Case
>>> case = Case("a[?b[1/2:c2,1/2:d4],e5]", 1, "a tree")
>>> steps = reference_steps(KINDS["expectiminimax"], case)
>>> [(n["name"], n["side"]) for n in steps["nodes"]]
[('a', 'Maxie'), ('b', 'Chance'), ('e', 'Minnie'), ('c', 'Minnie'), ('d', 'Minnie')]
>>> [(s["event"], s["node"], s.get("value")) for s in steps["steps"]][-5:]
[('leave', 1, '3'), ('enter', 2, None), ('leave', 2, '5'), ('leave', 0, '5'), ('done', 0, '5')]
>>> yours = log_steps(KINDS["expectiminimax"], case, KINDS["expectiminimax"].reference(case))
>>> [(s["event"], s["node"], s.get("value")) for s in yours["steps"]][-3:]
[('leave', 2, '5'), ('leave', 0, '?'), ('done', 0, '5')]

```
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction

from gamelib import seq
from gamelib.chance.events import Moved, Rolled
from gamelib.chance.expectiminimax import Expectiminimax
from gamelib.check.families import Outline, Step, chance, nplayer
from gamelib.check.kinds import Case, Kind, Run
from gamelib.core.jsondata import JSON
from gamelib.core.model import number_to_string
from gamelib.nplayer.maxn import MaxN
from gamelib.search.events import Cut, Enter, Leave

__all__ = ["log_steps", "reference_steps"]

_UNKNOWN = "?"
"""A value only the student's code knew."""


class _Tree:
    """The outline's nodes as the stepper numbers them, and how to find them."""

    def __init__(self, outline: Outline) -> None:
        self.nodes: list[dict[str, JSON]] = []
        self.outlines: list[Outline] = []
        self.by_path: dict[tuple[int, ...], int] = {}
        self.by_name: dict[str, tuple[int, ...]] = {}
        self.plies: list[int] = []
        """How many moves (not chance's outcomes) lead from the root to each node."""
        todo: deque[tuple[Outline, int | None, str | None, tuple[int, ...]]] = deque(
            [(outline, None, None, ())]
        )
        while todo:
            node, parent, edge, path = todo.popleft()
            number = len(self.nodes)
            written: list[JSON] = [] if parent is None else [*self._path(parent), edge]
            self.nodes.append(
                {
                    "name": node.name,
                    "side": node.side,
                    "move": edge,
                    "parent": parent,
                    "path": written,
                    "children": [],
                }
            )
            self.outlines.append(node)
            above = 0 if parent is None else self.plies[parent]
            self.plies.append(
                above + (parent is not None and self.outlines[parent].side != "Chance")
            )
            if parent is not None:
                children = self.nodes[parent]["children"]
                assert isinstance(children, list)
                children.append(number)
            self.by_path[path] = number
            self.by_name.setdefault(node.name, path)
            todo.extend(
                (child, number, label, (*path, i)) for i, (label, child) in enumerate(node.children)
            )

    def _path(self, number: int) -> list[JSON]:
        path = self.nodes[number]["path"]
        assert isinstance(path, list)
        return path

    def child(self, path: tuple[int, ...], index: int) -> int:
        return self.by_path[(*path, index)]

    def json(self, player: str, steps: list[JSON]) -> dict[str, JSON]:
        return {"player": player, "nodes": list[JSON](self.nodes), "steps": steps}


def _text(value: object) -> str:
    """A value as the stepper writes it: `7/3`, `2.5`, `(1,2,0)`, `−∞`."""
    if isinstance(value, tuple):
        return "(" + ",".join(_text(v) for v in value) + ")"
    if isinstance(value, float) and math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    if isinstance(value, Fraction | int | float) and not isinstance(value, bool):
        return number_to_string(value)
    return str(value)


def _index(step: object) -> int:
    """The child a step of an event leads to: a move of a tree is its child's index."""
    match step:
        case Moved(move):
            return int(move)
        case Rolled(index):
            return index
        case int():
            return step
        case _:
            raise ValueError(f"the grader's trees have no step {step!r}")


def _estimated(node: Outline, depth: int) -> bool:
    return depth == 0 and node.side != "Chance"  # chance's outcomes are not moves


def reference_steps(kind: Kind, case: Case) -> dict[str, JSON]:
    """gamelib's reference for `kind` (`expectiminimax` or `maxn`) on `case`, as the
    stepper's steps."""
    tree = _Tree(kind.outline(case.text))
    steps: list[JSON] = []
    stack: list[tuple[int, ...]] = []
    counts = [0, 0]  # positions entered, leaves reached

    def observe(event: object) -> None:
        match event:
            case Enter(move, _, _, depth, window):
                path = () if not stack else (*stack[-1], _index(move))
                node = tree.by_path[path]
                counts[0] += 1
                if not tree.outlines[node].children or _estimated(tree.outlines[node], depth):
                    counts[1] += 1
                ends: list[JSON] | None = None
                if isinstance(window, tuple) and len(window) == 2:
                    ends = [_text(window[0]), _text(window[1])]
                steps.append(
                    {
                        "event": "enter",
                        "node": node,
                        "order": counts[0] - 1,
                        "depth": depth,
                        "window": ends,
                    }
                )
                stack.append(path)
            case Leave(value, bound, best):
                path = stack.pop()
                steps.append(
                    {
                        "event": "leave",
                        "node": tree.by_path[path],
                        "value": _text(value),
                        "bound": bound.value,
                        "best": None if best is None else tree.child(path, _index(best)),
                    }
                )
            case Cut(move, value, unsearched):
                path = stack[-1]
                steps.append(
                    {
                        "event": "cut",
                        "node": tree.by_path[path],
                        "move": tree.child(path, _index(move)),
                        "value": _text(value),
                        "pruned": [tree.child(path, _index(m)) for m in seq.to_tuple(unsearched)],
                    }
                )
            case _:  # a table's answer: the references keep no table
                pass

    log: list[Step] = []
    move: int
    value: object
    if kind.family == "chance":
        game, settings = chance(case.text, case.depth, log)
        move, value = Expectiminimax(settings, observer=observe).analyse(game.start)
    else:
        ngame, nsettings = nplayer(case.text, case.depth, log)
        move, value = MaxN(nsettings, observer=observe).analyse(ngame.start)
    steps.append(
        {
            "event": "done",
            "node": 0,
            "value": _text(value),
            "best": tree.child((), _index(move)),
            "positions": counts[0],
            "leaves": counts[1],
        }
    )
    return tree.json(f"{kind.reference_name} on the smallest tree", steps)


def log_steps(kind: Kind, case: Case, run: Run) -> dict[str, JSON]:
    """The student's `run` of `kind` on `case`, rebuilt from its log as the stepper's
    steps: the positions it expanded, estimated and reached, in order; the values of the
    leaves, `?` above them, and the move and value it answered."""
    tree = _Tree(kind.outline(case.text))
    steps: list[JSON] = []
    stack: list[tuple[int, ...]] = []
    counts = [0, 0]

    def leave() -> None:
        path = stack.pop()
        node = tree.by_path[path]
        outline = tree.outlines[node]
        known = outline.label if path in reached and outline.label else _UNKNOWN
        steps.append(
            {"event": "leave", "node": node, "value": known, "bound": "exact", "best": None}
        )

    reached: set[tuple[int, ...]] = set()
    for verb, name in run.log:
        path = tree.by_name.get(name)
        if path is None:
            continue
        while stack and path[: len(stack[-1])] != stack[-1]:
            leave()
        start = len(stack[-1]) + 1 if stack else 0
        for k in range(start, len(path) + 1):
            counts[0] += 1
            node = tree.by_path[path[:k]]
            steps.append(
                {
                    "event": "enter",
                    "node": node,
                    "order": counts[0] - 1,
                    "depth": case.depth - tree.plies[node],
                    "window": None,
                }
            )
            stack.append(path[:k])
        if verb in ("estimate", "end") and path not in reached:
            reached.add(path)
            counts[1] += 1
    while stack:
        leave()
    best = 0
    if run.move is not None and run.move.isdigit():
        best = int(run.move)
    steps.append(
        {
            "event": "done",
            "node": 0,
            "value": _UNKNOWN if run.value is None else run.value,
            "best": tree.by_path.get((best,), tree.child((), 0)),
            "positions": counts[0],
            "leaves": counts[1],
        }
    )
    return tree.json("your search", steps)
