"""Both runs of a failing tree in the docs' stepper, side by side, for a notebook.

gamelib's reference reports its steps to an observer, so its run is replayed as it happened:
windows, cuts and values.  The student's code reports nothing; its run is rebuilt from what
the logged game saw it do (the positions it expanded and the leaves it estimated, in order),
so its stepper enters and leaves the same positions, shows each estimated leaf's value, and
writes `?` for the values of the positions above, which only the student's code knew.

```pycon
>>> from gamelib.check.kinds import KINDS, Case
>>> case = Case("a[b[c3,d5],e[f2,g9]]", 2, "a tree")
>>> run = KINDS["minimax"].reference(case)
>>> html = side_by_side(KINDS["alphabeta"], case, run)
>>> html.count('class="gamelib-stepper-cell"')
2

```
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import final

from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import PrincipalVariation
from gamelib.check.kinds import Case, Kind, Run
from gamelib.check.outlined import log_steps, reference_steps
from gamelib.core.datatypes import Order, Playing, Status
from gamelib.core.estimator import Est, Guess, Settings, standard_compare
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.core.trees import End, Leaf
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.games.explicit import ExplicitGame, Node, TreeState, parse_tree, tree_estimator
from gamelib.notebook import stepper
from gamelib.search.events import BoundKind, Enter, Leave, SearchEvent, SearchObserver
from gamelib.search.player import SearchPlayer
from gamelib.trace.steps import Recorded, steps_to_json

__all__ = ["side_by_side"]

_UNKNOWN = math.nan
"""The value of a position the student's search left, which only the student's code knew."""


@final
@dataclass(frozen=True)
class _Shown:
    """The tree's estimator, writing an unknown value as `?`."""

    game: Game[TreeState, int]

    def estimate(self, state: TreeState, /) -> float:
        return state.node.value

    def compare(self, a: Est[float], b: Est[float], /) -> Order:
        return standard_compare(a, b)

    def guess_to_string(self, guess: float, /) -> str:
        return "?" if math.isnan(guess) else f"{guess:g}"


Build = Callable[[SearchObserver[TreeState, int, float]], SearchPlayer[TreeState, int, float]]


def _reference(kind: Kind, case: Case, game: ExplicitGame) -> Build | None:
    """How the stepper builds gamelib's search of `case`, with its observer."""
    plain = Settings(tree_estimator(game), case.depth)
    negamax = NegamaxSettings(plain.estimator, case.depth, fail_soft=case.fail_soft)
    soft = NegamaxSettings(plain.estimator, case.depth)
    build: Build
    match kind.name:
        case "minimax":
            build = lambda observer: Minimax(plain, observer=observer)  # noqa: E731
        case "alphabeta":
            build = lambda observer: AlphaBeta(plain, observer=observer)  # noqa: E731
        case "negamax":
            build = lambda observer: Negamax(plain, observer=observer)  # noqa: E731
        case "negamax-ab":
            build = lambda observer: NegamaxAlphaBeta(negamax, observer=observer)  # noqa: E731
        case "pvs":
            build = lambda observer: PrincipalVariation(soft, observer=observer)  # noqa: E731
        case _:
            return None
    return build


def _paths(tree: Node | Leaf) -> dict[str, tuple[int, ...]]:
    """Each node's name, and the moves from the root to it."""
    found: dict[str, tuple[int, ...]] = {}
    todo: list[tuple[Node | Leaf | End, tuple[int, ...]]] = [(tree, ())]
    while todo:
        node, path = todo.pop()
        found.setdefault(node.name, path)
        if isinstance(node, Node):
            todo.extend((child, (*path, i)) for i, child in enumerate(node.children))
    return found


def _student_steps(case: Case, game: ExplicitGame, run: Run) -> dict[str, JSON]:
    """The student's run as the stepper's steps, rebuilt from its log."""
    paths = _paths(game.root)
    shown = _Shown(game)
    events: list[SearchEvent[TreeState, int, float]] = []
    open_paths: list[tuple[int, ...]] = []
    values: dict[tuple[int, ...], float] = {}

    def status_at(path: tuple[int, ...]) -> Status[TreeState]:
        status: Status[TreeState] = Playing(game.start)
        for move in path:
            assert isinstance(status, Playing)
            status = game.play(status.state, move)
        return status

    def leave() -> None:
        path = open_paths.pop()
        events.append(Leave(Guess(values.get(path, _UNKNOWN)), BoundKind.EXACT, None))

    for verb, name in run.log:
        path = paths.get(name)
        if path is None:
            continue
        while open_paths and path[: len(open_paths[-1])] != open_paths[-1]:
            leave()
        depth = len(open_paths[-1]) + 1 if open_paths else 0
        if open_paths and open_paths[-1] == path:
            depth = len(path) + 1  # the same position again: nothing to enter
        for k in range(depth, len(path) + 1):
            status = status_at(path[:k])
            side = game.player(status.state) if isinstance(status, Playing) else None
            move = path[k - 1] if k else None
            events.append(Enter(move, status, side, case.depth - k, None))
            open_paths.append(path[:k])
        if verb == "estimate":
            node = status_at(path)
            if isinstance(node, Playing):
                values[path] = node.state.node.value
    while open_paths:
        leave()
    first = next(iter(game.moves(game.start)))
    try:
        best = int(run.move) if run.move is not None else first
    except ValueError:
        best = first
    value = _UNKNOWN
    if run.value is not None:
        with contextlib.suppress(ValueError):
            value = float(run.value)
    recorded = Recorded(tuple(events), game, shown, "your search", game.start, best, Guess(value))
    return steps_to_json(recorded, _name)


def _name(status: Status[TreeState]) -> str:
    return status.state.node.name if isinstance(status, Playing) else "end"


def side_by_side(kind: Kind, case: Case, yours: Run) -> str | None:
    """HTML with gamelib's run and the student's `yours` on `case`, each in the stepper,
    side by side; None for the kinds it does not draw (the solvers, the CSE 473 projects'
    rule, a run that stopped with an error).  Chance and n-player trees are drawn by
    [`gamelib.check.outlined`][gamelib.check.outlined]."""
    if case.rule == "cse473" or yours.error is not None:
        return None
    title = f"{kind.reference_name} on the smallest tree"
    if kind.family in ("chance", "n-player"):
        theirs = stepper(reference_steps(kind, case), title=title)._repr_html_()
        mine = stepper(log_steps(kind, case, yours), title="your search")._repr_html_()
    else:
        if kind.family != "two-player":
            return None
        game = ExplicitGame(parse_tree(case.text))
        build = _reference(kind, case, game)
        if build is None:
            return None
        theirs = stepper(build, title=title)._repr_html_()
        mine = stepper(_student_steps(case, game, yours), title="your search")._repr_html_()
    return (
        '<div style="display:flex;gap:1.5em;align-items:flex-start">'
        f"<div>{theirs}</div><div>{mine}</div></div>"
    )
