"""A search's observer events as JSON-ready data, for a page that replays the search step by step.

[`record`][gamelib.trace.steps.record] runs a player once and keeps every event its search
reported; [`steps_to_json`][gamelib.trace.steps.steps_to_json] turns them into plain lists, dicts
and strings that `json.dumps` writes as is.  The result holds the tree the search worked in
(the game's positions down to the search depth, and any position the search
reached besides) and one step per event: the node entered, left or cut
there, the window (α, β) it was searched with, the value found and whether
it is exact or a bound, and the moves a cut left unsearched; then a last
step with the search's answer, its move and value.  Values and bounds are
already written as a person reads them (`4`, `−∞`), so a page needs no
knowledge of the estimator.

The docs' stepper on "Alpha-beta, seen" is drawn from this data.  For a search too big
to hold, [`EventLines`][gamelib.trace.lines.EventLines] writes the same steps as the search
goes, one line of JSON each (`gamelib trace --json`), with each position named by its path
rather than a node number.

```pycon
>>> from gamelib import AlphaBeta, Settings
>>> from gamelib.games.explicit import ExplicitGame, parse_tree, tree_estimator
>>> game = ExplicitGame(parse_tree("a[b[c3,d6],e[f1,g9]]"))
>>> recorded = record(lambda observer: AlphaBeta(Settings(tree_estimator(game), 2),
...                                               observer=observer))
>>> data = steps_to_json(recorded)
>>> names = [node["name"] for node in data["nodes"]]
>>> names
['(Maxie,a)', '(Minnie,b)', '(Minnie,e)', '(Maxie,c)', '(Maxie,d)', '(Maxie,f)', '(Maxie,g)']
>>> steps = data["steps"]
>>> assert isinstance(steps, list)
>>> for step in steps[-5:]:
...     print(step)
{'event': 'leave', 'node': 5, 'value': '1', 'bound': 'exact', 'best': None}
{'event': 'cut', 'node': 2, 'move': 5, 'value': '1', 'pruned': [6]}
{'event': 'leave', 'node': 2, 'value': '1', 'bound': 'at most', 'best': 5}
{'event': 'leave', 'node': 0, 'value': '3', 'bound': 'exact', 'best': 1}
{'event': 'done', 'node': 0, 'value': '3', 'best': 1, 'positions': 6, 'leaves': 3}

```

At node 2, `(Minnie,e)`, the value 1 of `f` cut the search: `g` was never estimated.
The last step is the search's answer: `a` is worth 3, by the move to node 1, `b`.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar, assert_never, final

from gamelib import seq
from gamelib.core.datatypes import Done, Playing, Side, Status
from gamelib.core.estimator import Est, Estimator
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.search.events import (
    Enter,
    SearchEvent,
    SearchObserver,
    Window,
)
from gamelib.search.player import SearchPlayer
from gamelib.trace.fold import TraceError
from gamelib.trace.lines import EventLines
from gamelib.trace.words import TwoWords, value_to_short_string

__all__ = ["Recorded", "TreeNodes", "record", "steps_to_json"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

"""What `json.dumps` writes as is."""


@final
@dataclass(frozen=True, slots=True)
class Recorded(Generic[S, M, G]):
    """One search: every event its observer was given, in order, and what it searched."""

    events: tuple[SearchEvent[S, M, G], ...]
    """The events, in the order the search reported them."""
    game: Game[S, M]
    """The game searched."""
    estimator: Estimator[S, M, G]
    """The estimator (for writing values)."""
    player: str
    """The player's name, e.g. `AlphaBeta(depth 2)`."""
    start: S
    """The position searched from."""
    best: M
    """The move the search chose (what `analyse` returned)."""
    value: Est[G]
    """The value the search gave that move (what `analyse` returned)."""


def record(
    build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]], state: S | None = None
) -> Recorded[S, M, G]:
    """Build a player with `build(observer)`, run it once from `state` (default the
    start) and keep every event it reported, and its answer.
    """
    events: list[SearchEvent[S, M, G]] = []
    player = build(events.append)
    game = player.game
    start = game.start if state is None else state
    best, value = player.analyse(start)
    return Recorded(tuple(events), game, player.settings.estimator, str(player), start, best, value)


@dataclass(slots=True)
class _Node(Generic[S]):
    """A node of the exported tree while it is being built."""

    name: str
    side: Side | None
    move: str | None
    parent: int | None
    path: tuple[str, ...]
    status: Status[S]
    children: dict[str, int] = field(default_factory=dict)
    """Its children's numbers by the text of their moves, in the order they were added."""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "side": None if self.side is None else str(self.side),
            "move": self.move,
            "parent": self.parent,
            "path": list[JSON](self.path),
            "children": list[JSON](self.children.values()),
        }


class TreeNodes(Generic[S, M]):
    """A game's tree as the stepper draws it: nodes numbered as they are added, the root 0;
    each with its `name` (by `name(status)`; default the game's `state_to_string`, or the
    outcome), `side`, `move`, `parent`, `path` (the moves from the root, as the game
    writes them) and `children` (see `steps_to_json`)."""

    def __init__(
        self, game: Game[S, M], start: S, name: Callable[[Status[S]], str] | None = None
    ) -> None:
        self.game = game
        self.name = self._default_name if name is None else name
        self.nodes: list[_Node[S]] = []
        self._add(Playing(start), None, None)

    def _default_name(self, status: Status[S]) -> str:
        match status:
            case Playing(state):
                return self.game.state_to_string(state)
            case Done(outcome):
                return str(outcome)
            case _:
                assert_never(status)

    def _add(self, status: Status[S], parent: int | None, move: M | None) -> int:
        nodes = self.nodes
        number = len(nodes)
        game = self.game
        side = game.player(status.state) if isinstance(status, Playing) else None
        path: tuple[str, ...] = ()
        written = None if move is None else game.move_to_string(move)
        if parent is not None and written is not None:
            path = (*nodes[parent].path, written)
            nodes[parent].children[written] = number
        nodes.append(_Node(self.name(status), side, written, parent, path, status))
        return number

    def child(self, parent: int, move: M) -> int:
        """The node `move` leads to from `parent`, added to the tree if it is new."""
        found = self.nodes[parent].children.get(self.game.move_to_string(move))
        if found is not None:
            return found
        status = self.nodes[parent].status
        if not isinstance(status, Playing):
            raise TraceError(f"a move {self.game.move_to_string(move)} from a finished game")
        return self._add(self.game.play(status.state, move), parent, move)

    def grow(self, depth: int, limit: int) -> None:
        """Every position down to `depth` below the root, breadth first, while there are
        fewer than `limit` nodes."""
        frontier: deque[tuple[int, int]] = deque([(0, depth)])
        while frontier and len(self.nodes) < limit:
            number, left = frontier.popleft()
            status = self.nodes[number].status
            if left <= 0 or not isinstance(status, Playing):
                continue
            for move in seq.to_tuple(self.game.moves(status.state)):
                if len(self.nodes) >= limit:
                    break
                frontier.append((self.child(number, move), left - 1))

    def to_json(self) -> list[JSON]:
        return [n.to_json() for n in self.nodes]


def steps_to_json(
    recorded: Recorded[S, M, G],
    name: Callable[[Status[S]], str] | None = None,
    tree_limit: int = 500,
) -> dict[str, JSON]:
    """The search in `recorded` as JSON-ready data: `{"player", "nodes", "steps"}`.

    `nodes` is the tree, root first: each node has its `name` (by
    `name(status)`; default the game's `state_to_string`, or the outcome),
    `side` (`"Maxie"`, `"Minnie"` or None when the game is over), the
    `move` that leads to it and its `parent` (None at the root), its
    `path` (the moves from the root, as the game writes them) and its
    `children` (node numbers, in the game's move order).  The game's
    positions down to the search depth are all there (the first
    `tree_limit` of them, breadth first), so a page can draw the parts a
    search never reached; so is every position the search reached.

    `steps` has one entry per event, in order, then one for the search's
    answer; `node` is the number of the node it concerns (the one entered,
    or the one entered last and not yet left):

    - `{"event": "enter", "node", "order", "depth", "window"}`: `order`
      counts the positions entered (0 for the root, as
      [`TracedNode.order`][gamelib.trace.tree.TracedNode.order]); `window` is `[α, β]` or None for
      a search without a window;
    - `{"event": "leave", "node", "value", "bound", "best"}`: `bound` is
      `"exact"`, `"at least"` or `"at most"`; `best` the node the best
      move leads to, or None;
    - `{"event": "cut", "node", "move", "value", "pruned"}`: the node whose
      value caused the cut, its value, and the nodes never searched;
    - `{"event": "table", "node", "value", "bound", "best"}`: a table
      answered for the node;
    - last, `{"event": "done", "node", "value", "best", "positions", "leaves"}`:
      the answer, at the root (node 0): its value and the node the chosen
      move leads to, as `analyse` returned them (a search of several passes,
      like MTD(f), may have left the root with only a bound), and the counts
      of the text trace: the positions entered, the root each time
      included, and those estimated or finished.

    Raises [`TraceError`][gamelib.trace.fold.TraceError] on events that are not well
    bracketed.
    """
    tree = TreeNodes(recorded.game, recorded.start, name)
    # Iterative deepening searches the root to depth 1 first: draw down to its deepest search.
    depth = max(
        (e.depth for e in recorded.events if isinstance(e, Enter) and e.move is None), default=0
    )
    tree.grow(depth, tree_limit)  # the parts never reached are drawn too
    steps = _NodeSteps(tree, recorded.estimator)
    for event in recorded.events:
        steps(event)
    answer = value_to_short_string(recorded.estimator, recorded.value)
    steps.finish({"node": 0, "value": answer, "best": tree.child(0, recorded.best)})
    return {"player": recorded.player, "nodes": tree.to_json(), "steps": steps.steps}


class _NodeSteps(EventLines[S, M, Window[G], Est[G]]):
    """The stepper's steps: the lines of `gamelib trace --json`, with each position named by
    its number in `tree` (and without its text and side, which the tree's nodes hold)."""

    def __init__(self, tree: TreeNodes[S, M], estimator: Estimator[S, M, G]) -> None:
        super().__init__(TwoWords(tree.game, estimator), io.StringIO())
        self.tree = tree
        self.steps: list[JSON] = []

    def _root(self) -> JSON:
        return 0

    def _to(self, at: JSON, step: M, /) -> JSON:
        assert isinstance(at, int)  # a node's number
        return self.tree.child(at, step)

    def _child(self, at: JSON, step: M, /) -> JSON:
        return self._to(at, step)

    def write(self, step: dict[str, JSON]) -> None:
        named = {("node" if key == "path" else key): value for key, value in step.items()}
        if named["event"] == "enter":
            named = {key: named[key] for key in ("event", "node", "order", "depth", "window")}
        self.steps.append(named)
