"""The stepper's steps of a run the grader drew from its log or its observer, for the
report: gamelib's reference as its observer saw it (expectiminimax, max^n, alpha-beta
under the CSE 473 projects' rule) or as its log shows it (the boolean solver, a proof), and
the student's run of any kind rebuilt from what the logged game saw it do.

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

A solver's run ends with the question it answers, as proof-number search's does in the
docs' stepper: its answer, and gamelib's with the line of its proof.

```pycon
>>> won = Case("a[b[c!Maxie,d!Minnie],e!Minnie]", 1, "a tree")
>>> steps = reference_steps(KINDS["boolean"], won)
>>> [(s["event"], s["node"], s.get("value")) for s in steps["steps"]][:4]
[('enter', 0, None), ('enter', 1, None), ('enter', 3, None), ('leave', 3, 'Maxie wins')]
>>> done = steps["steps"][-1]
>>> done["question"], done["holds"], done["line"]
('can Maxie win?', False, [0, 1, 4])

```
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from fractions import Fraction

from gamelib import seq
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.chance.events import Moved, Rolled
from gamelib.chance.expectiminimax import Expectiminimax
from gamelib.check.families import Outline, Step, chance, nplayer, two_player
from gamelib.check.kinds import Case, Kind, Run, shown
from gamelib.check.references import StrictAlphaBeta
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
    """gamelib's reference for `kind` on `case`, as the stepper's steps: `expectiminimax`,
    `maxn` and `alphabeta` under the CSE 473 projects' rule as their observers saw them;
    the boolean solver from its log, each position left with who wins it; a proof by the
    positions it keeps.  (gamelib's other two-player searches go to
    [`stepper`][gamelib.notebook.stepper] as they are.)"""
    tree = _Tree(kind.outline(case.text))
    if kind.family == "won-lost":
        return _won_lost_reference(kind, tree, case)
    if kind.family == "two-player" and case.rule != "cse473":
        raise ValueError(f"{kind.name} is drawn by the stepper itself, from its observer")
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
    elif kind.family == "two-player":
        tgame, tsettings = two_player(case.text, case.depth, log)
        move, value = StrictAlphaBeta(tsettings, observer=observe).analyse(tgame.start)
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


def _replay(
    tree: _Tree, case: Case, log: tuple[Step, ...], known: Callable[[int, bool], str]
) -> tuple[list[JSON], list[int]]:
    """The steps of a run rebuilt from its `log`: the positions it expanded, estimated and
    reached (or a proof keeps), entered and left in order, each left with `known(node,
    reached)` (`reached`: it was estimated there, or the game was over); and the counts of
    the positions entered and the leaves reached."""
    steps: list[JSON] = []
    stack: list[tuple[int, ...]] = []
    counts = [0, 0]
    reached: set[tuple[int, ...]] = set()

    def leave() -> None:
        path = stack.pop()
        node = tree.by_path[path]
        value = known(node, path in reached)
        steps.append(
            {"event": "leave", "node": node, "value": value, "bound": "exact", "best": None}
        )

    for verb, name in log:
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
    return steps, counts


def log_steps(kind: Kind, case: Case, run: Run) -> dict[str, JSON]:
    """The student's `run` of `kind` on `case`, rebuilt from its log as the stepper's
    steps: the positions it expanded, estimated and reached, in order (for a proof, the
    positions its tree keeps); the values of the leaves, `?` above them, and the move and
    value it answered (a solver's answer, or whether its proof holds)."""
    tree = _Tree(kind.outline(case.text))

    def known(node: int, reached: bool) -> str:
        label = tree.outlines[node].label
        return label if reached and label else _UNKNOWN

    if kind.family == "won-lost":
        return _won_lost(kind, tree, case, run, known, yours=True)
    steps, counts = _replay(tree, case, run.log, known)
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


def _winners(tree: _Tree) -> list[str]:
    """Who wins each position of a won-lost tree, both sides playing their best."""
    won = [""] * len(tree.outlines)
    for number in reversed(range(len(tree.outlines))):  # children are numbered after parents
        outline = tree.outlines[number]
        kids = tree.nodes[number]["children"]
        assert isinstance(kids, list)
        if not kids:
            won[number] = outline.label
            continue
        mine = f"{outline.side} wins"
        found = {won[int(str(k))] for k in kids}
        won[number] = mine if mine in found else next(iter(found - {mine}))
    return won


def _won_lost(
    kind: Kind,
    tree: _Tree,
    case: Case,
    run: Run,
    known: Callable[[int, bool], str],
    *,
    yours: bool,
    line: list[JSON] | None = None,
) -> dict[str, JSON]:
    """A solver's run (`boolean`) or a proof (`proof`) as the stepper's steps, ending with
    the question it answers: "can Maxie win?", or "does the tree prove that Minnie wins?".
    The last step is proof-number search's (`gamelib.trace.proofs.pns_steps`), its `line`
    the proof's from the root (the root alone where there is no proof to show), and one
    more field, `counted`: what its `positions` counts."""
    if kind.name == "proof":
        steps, counts = _replay(tree, case, run.proof, known)
        winner = _winners(tree)[0]
        holds = run.verdict is None
        if line is None and holds:  # a proof walked depth first: its first moves kept
            line = []
            for step in steps:
                if not isinstance(step, dict) or step["event"] != "enter":
                    break
                line.append(step["node"])
        question, counted = f"does the tree prove that {winner}?", "positions in the tree"
    else:
        steps, counts = _replay(tree, case, run.log, known)
        holds = run.value == "yes"
        question, counted = f"can {tree.outlines[0].side} win?", "positions played"
    steps.append(
        {
            "event": "done",
            "node": 0,
            "question": question,
            "holds": holds,
            "line": [0] if line is None else line,  # the root alone: no proof to show
            "positions": counts[0],
            "counted": counted,
        }
    )
    player = "your search" if yours else f"{kind.reference_name} on the smallest tree"
    return tree.json(player, steps)


def _won_lost_reference(kind: Kind, tree: _Tree, case: Case) -> dict[str, JSON]:
    """gamelib's boolean solver on `case` (its log, every position it left with who wins
    it, and the line of its proof), or its proof tree (`proof`)."""
    if kind.name == "proof":
        winner = _winners(tree)[0]

        def proved(node: int, reached: bool) -> str:
            return tree.outlines[node].label or winner

        return _won_lost(kind, tree, case, kind.reference(case), proved, yours=False)
    log: list[Step] = []
    game, _ = two_player(case.text, 1, log)
    solution = solve_goal(game, Goal.WIN)
    line: list[JSON] = [0]
    path: tuple[int, ...] = ()
    proof = solution.proof
    while proof.children:
        move, proof = proof.children[0]
        path = (*path, move)
        line.append(tree.by_path[path])
    winners = _winners(tree)
    run = Run(None, shown(solution.holds), tuple(log))
    return _won_lost(kind, tree, case, run, lambda node, _: winners[node], yours=False, line=line)
