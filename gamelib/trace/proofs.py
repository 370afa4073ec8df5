"""Proofs drawn: a boolean proof tree as text and as a Graphviz picture, and proof-number
search as the docs' stepper replays it.

The searches ([`gamelib.algorithms.boolean`][gamelib.algorithms.boolean],
[`gamelib.algorithms.pns`][gamelib.algorithms.pns]) hand over their proofs as data
([`gamelib.search.proofs`][gamelib.search.proofs]) and their steps as events; this module
renders them and runs no search.

```pycon
>>> from gamelib.algorithms.boolean import Goal, solve_goal
>>> from gamelib.games.nim import Nim
>>> game = Nim(pile=2)
>>> print(proof_to_text(game, solve_goal(game, Goal.WIN).proof))
2 left, and it is Maxie's turn [OR]
  1: 1 left, and it is Minnie's turn [AND]
    1: Maxie wins

```
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from gamelib.core.datatypes import Done, Status
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.search.proofs import PnsNode, ProofNode, shown_number
from gamelib.trace.graphviz import dot_quote
from gamelib.trace.proof_lines import proof_boards
from gamelib.trace.steps import TreeNodes

__all__ = [
    "PnsSteps",
    "ProvedAnswer",
    "pns_steps",
    "proof_to_dot",
    "proof_to_text",
    "proofs_to_dot",
]

S = TypeVar("S")
M = TypeVar("M")


def proof_to_text(game: Game[S, M], proof: ProofNode[S, M]) -> str:
    """The proof as indented lines: each position, and the moves it keeps (the lines of
    [`proof_boards`][gamelib.trace.proof_lines.proof_boards], a board on one line)."""
    return "\n".join(proof_boards(game, proof, one_line=True))


def proof_to_dot(game: Game[S, M], proof: ProofNode[S, M], title: str = "proof") -> str:
    """The proof as a Graphviz digraph: OR nodes as boxes, AND nodes as ellipses,
    finished games as octagons."""
    return proofs_to_dot(game, [(title, proof)])


def proofs_to_dot(game: Game[S, M], proofs: Sequence[tuple[str, ProofNode[S, M]]]) -> str:
    """Several proofs, each titled, in one Graphviz digraph (one cluster each when there are
    more than one: a draw is proved by both sides' "avoid losing" trees)."""
    names: dict[int, str] = {}
    counter: Callable[[], int] = itertools.count().__next__
    out = ["digraph proof {"]

    def name(node: ProofNode[S, M], into: list[str]) -> str:
        known = names.get(id(node))
        if known is not None:
            return known
        known = f"p{counter()}"
        names[id(node)] = known
        status = node.status
        if isinstance(status, Done):
            label, shape = str(status.outcome), "octagon"
        else:
            label = game.state_to_string(status.state)
            shape = "box" if node.kind == "or" else "ellipse"
        into.append(f"  {known} [label={dot_quote(label)}, shape={shape}];")
        for m, child in node.children:
            edge = f"{known} -> {name(child, into)} [label={dot_quote(game.move_to_string(m))}];"
            into.append(f"  {edge}")
        return known

    if len(proofs) == 1:
        title, proof = proofs[0]
        out += [f"  label={dot_quote(title)};", "  labelloc=t;"]
        name(proof, out)
    else:
        for i, (title, proof) in enumerate(proofs):
            body: list[str] = []
            name(proof, body)
            out += [f"  subgraph cluster_{i} {{", f"    label={dot_quote(title)};"]
            out += [f"  {line}" for line in body]
            out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


class ProvedAnswer(Protocol[S, M]):
    """What the stepper reads of a boolean answer (a `BooleanSolution` has it all)."""

    @property
    def proof(self) -> ProofNode[S, M]:
        """The tree that proves the answer."""
        ...

    @property
    def holds(self) -> bool:
        """The answer."""
        ...

    @property
    def positions(self) -> int:
        """Positions played."""
        ...


class PnsSteps(Generic[S, M]):
    """Proof-number search's steps as the docs' stepper replays them: hand
    [`watch`][gamelib.trace.proofs.PnsSteps.watch] to the search (`pns_goal(...,
    watch=steps.watch)`), then [`result`][gamelib.trace.proofs.PnsSteps.result] its answer."""

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        name: Callable[[Status[S]], str] | None = None,
        tree_limit: int = 500,
    ) -> None:
        self.tree = TreeNodes(game, state, name)
        self.tree.grow(1_000_000, tree_limit)  # the whole tree, as far as the limit allows
        self.ids: dict[int, int] = {}
        self.steps: list[JSON] = []

    def watch(
        self, moves: tuple[M, ...], expanded: PnsNode[S, M], changed: list[PnsNode[S, M]]
    ) -> None:
        """One step of the search, as `pns_goal` tells its `watch`: the moves of the
        most-proving path, the position expanded, the positions whose numbers changed."""
        tree, ids = self.tree, self.ids
        path = [0]
        for move in moves:
            path.append(tree.child(path[-1], move))
        here = path[-1]
        ids[id(expanded)] = here
        new = []
        for move, child in expanded.children or ():
            ids.setdefault(id(child), tree.child(here, move))
            new.append(child)
        shown: list[JSON] = []
        proven: list[JSON] = []
        for node in [*new, *changed]:
            number = ids[id(node)]
            shown.append([number, f"{shown_number(node.pn)}/{shown_number(node.dn)}"])
            if node in changed and (node.pn == 0 or node.dn == 0):
                proven.append([number, "yes" if node.pn == 0 else "no"])
        root_numbers = changed[-1] if ids.get(id(changed[-1])) == 0 else None
        self.steps.append(
            {
                "event": "prove",
                "node": here,
                "path": list[JSON](path),
                "shown": shown,
                "proven": proven,
                "root": None
                if root_numbers is None
                else [shown_number(root_numbers.pn), shown_number(root_numbers.dn)],
            }
        )

    def result(self, found: ProvedAnswer[S, M], question: str) -> dict[str, JSON]:
        """The steps watched, and the answer `found` to `question`: see `pns_steps`."""
        tree = self.tree
        line = [0]
        node = found.proof
        while node.children:
            move, node = node.children[0]
            line.append(tree.child(line[-1], move))
        steps: list[JSON] = [
            *self.steps,
            {
                "event": "done",
                "node": 0,
                "question": question,
                "holds": found.holds,
                "line": list[JSON](line),
                "positions": found.positions,
            },
        ]
        return {"player": f"PNS: {question}", "nodes": tree.to_json(), "steps": steps}


def pns_steps(
    game: Game[S, M],
    state: S,
    search: Callable[
        [Callable[[tuple[M, ...], PnsNode[S, M], list[PnsNode[S, M]]], None]], ProvedAnswer[S, M]
    ],
    question: str,
    name: Callable[[Status[S]], str] | None = None,
    tree_limit: int = 500,
) -> dict[str, JSON]:
    """Proof-number search from `state` as the docs' stepper replays it: `search(watch)`
    runs it (`lambda watch: pns_goal(game, goal, state, side, watch=watch)`), and this
    gives `{"player", "nodes", "steps"}`, the nodes as `gamelib.trace.steps.steps_to_json`
    gives them (named by `name`), and a step per expansion, then one for the answer:

    - `{"event": "prove", "node", "path", "shown", "proven", "root"}`: `path` the
      most-proving path's nodes, root first, `node` the last of them, the position
      expanded; `shown` each position whose numbers are new or changed, with them
      (`"2/1"`: proof number 2, disproof number 1); `proven` the positions this step
      settled, each with the answer there (`"yes"`: proved, `"no"`: disproved); `root` the
      root's numbers if they changed, else None;
    - last, `{"event": "done", "node": 0, "question", "holds", "line", "positions"}`:
      the question in words (`question`, e.g. "can Maxie force a win?"), its answer, the
      proof's line from the root (the prover's moves at OR positions and the first kept
      at AND ones), and the positions played.
    """
    steps: PnsSteps[S, M] = PnsSteps(game, state, name, tree_limit)
    return steps.result(search(steps.watch), question)
