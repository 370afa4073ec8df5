"""One exact solve split over workers: a frontier of positions near the root.

`split_solve` solves a position exactly, as
[`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve] does, with the work
spread over an executor's workers.  The tree is grown here, in the process that asks, to
`plies` moves below the root (its *frontier*); each frontier position is searched by a
worker, which keeps one solver and one transposition table for every position it is sent.

The root's value is pinned down as the serial solver pins it, by MTD(f): null-window tests
"is the value at least β?" at the root, each at the bound the last one returned.  One test
runs over the tree near the root as Young Brothers Wait would: at each position its eldest
move (the first in the solver's order) is tested first, and only when that does not settle
the position are its younger brothers tested, all at once.  A frontier position gets the
same null window, seen from its side to move; the worker's search returns a bound
(fail-soft), which is kept, so a later test that the bound already answers sends nothing.
The join is exact: a position's value is the best of its moves' values, each bound
combined with the others as negamax combines them, and a test a bound does not settle is
searched again with its own null window.  Nothing is estimated, so the value is the serial
solver's.

Values count from the root as the solver's do: a win at ply p is worth `BIG - p`, a loss
there `-(BIG - p)`, a draw 0, always from the side to move's point of view.  A frontier
position reached by two lines (or its mirror image, where the game's key is the same for
both) is searched once.  `known` seeds the frontier with exact values (an opening book's,
see [`gamelib.parallel.book`][gamelib.parallel.book]): a position found there is never sent.

```pycon
>>> from gamelib.games.connect4 import ConnectFour
>>> from gamelib.parallel.frontier import WindowRecipe, split_solve
>>> def small():
...     return ConnectFour(cols=4, rows=4, k=3)
>>> found = split_solve(WindowRecipe(small), plies=2)  # no executor: here, one by one
>>> found.result, found.plies, small().move_to_string(found.best), found.frontier
('win', 9, '2', 6)

```
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, final

from gamelib.algorithms.contract_search import contract_search, solver_moves
from gamelib.algorithms.exact import BIG, Result, paused_collector
from gamelib.algorithms.packed_search import packed_search
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import Done, Draw, Playing
from gamelib.core.game import Game
from gamelib.parallel.batch import Workers, _stop
from gamelib.parallel.recipes import built, forget
from gamelib.search.packed import packing_of

__all__ = [
    "SplitSolution",
    "Tested",
    "WindowRecipe",
    "WindowTask",
    "frontier_states",
    "outcome_of",
    "position_key",
    "split_solve",
]

S = TypeVar("S")
M = TypeVar("M")

_WON = BIG // 2


@final
@dataclass(frozen=True, slots=True)
class WindowTask(Generic[S]):
    """A frontier position and the null window (β − 1, β) to search it through, `ply`
    moves below the root (values count from the root)."""

    state: S
    ply: int
    beta: int


@final
@dataclass(frozen=True, slots=True)
class Tested:
    """What a worker's search of a `WindowTask` came to: a fail-soft value (at least β: a
    lower bound; below β: an upper bound) and the positions it searched."""

    value: int
    positions: int


@final
@dataclass(frozen=True, slots=True)
class WindowRecipe(Generic[S, M]):
    """How a worker searches frontier positions: a game maker and the entries of its
    table (0: none).  It pickles when the maker does; each process keeps one searcher
    (and so one table) per recipe for every task it is sent."""

    game: Callable[[], Game[S, M]]
    """Makes the game: a module-level function or a frozen dataclass, as
    [`SolveRecipe.game`][gamelib.parallel.recipes.SolveRecipe.game]."""
    table: int = 1_000_000
    """Entries in each process's transposition table (0: none)."""

    def rules(self) -> Game[S, M]:
        """The game, built once per process."""
        return built(("game", self.game), self.game)

    def searcher(self) -> _Searcher[S, M]:
        """This process's searcher for this recipe."""
        return built(("window", self), self._searcher)

    def release(self) -> None:
        """Drop this process's searcher and game for this recipe (and so its table): the
        next search with an equal recipe starts afresh."""
        forget(("window", self))
        forget(("game", self.game))

    def _searcher(self) -> _Searcher[S, M]:
        game = self.rules()
        table: TranspositionTable[M, int] | None = (
            TranspositionTable(self.table) if self.table > 0 else None
        )
        if table is not None:
            table.claim(game)
        packing = packing_of(game)
        if packing is None:
            top, count, _, _ = contract_search(game, table, None, None, None, 1, BIG)
        else:
            top, count, _, _ = packed_search(packing, table, None, 1, BIG)
        return _Searcher(top, count)

    def __call__(self, task: WindowTask[S], /) -> Tested:
        searcher = self.searcher()
        before = searcher.positions()
        with paused_collector():
            value, _ = searcher.top(task.state, task.ply, task.beta - 1, task.beta)
        return Tested(value, searcher.positions() - before)


@final
@dataclass(frozen=True, slots=True)
class _Searcher(Generic[S, M]):
    top: Callable[[S, int, int, int], tuple[int, M]]
    positions: Callable[[], int]


@final
@dataclass(frozen=True)
class SplitSolution(Generic[S, M]):
    """What `split_solve` found."""

    value: int
    """The root's value, counted from the root (see the module)."""
    best: M
    """A best move at the root."""
    columns: tuple[tuple[M, int], ...]
    """With `all_moves`: each move at the root and its exact value for the side to move
    there, in the game's order of moves; else empty."""
    positions: int
    """Positions the workers searched, in all."""
    tasks: int
    """Searches sent to workers (a frontier position may be sent again, with another β)."""
    frontier: int
    """Frontier positions, each counted once (transpositions and mirror images shared)."""
    sent: int
    """Frontier positions searched at least once (the others were never needed)."""
    tests: int
    """Null-window tests made at the root (and, with `all_moves`, at each move)."""
    seconds: float
    work: tuple[int, ...] = field(default=(), repr=False)
    """Positions each task searched, in the order they finished (for balance)."""

    @property
    def result(self) -> Result:
        """How the game ends for the side to move at the root."""
        return outcome_of(self.value)[0]

    @property
    def plies(self) -> int:
        """Plies to the end with best play (a draw's is not known here: 0)."""
        return outcome_of(self.value)[1]


def outcome_of(value: int) -> tuple[Result, int]:
    """A solver value (see the module) as a result and its distance in plies (a draw: 0).

    ```pycon
    >>> from gamelib.algorithms.exact import BIG
    >>> outcome_of(BIG - 41), outcome_of(-(BIG - 8)), outcome_of(0)
    (('win', 41), ('loss', 8), ('draw', 0))

    ```
    """
    if value > _WON:
        return "win", BIG - value
    if value < -_WON:
        return "loss", BIG + value
    return "draw", 0


class _Node(Generic[S, M]):
    """A position in the tree near the root: its moves grown when first needed."""

    __slots__ = ("children", "fixed", "key", "moves", "ply", "state")

    def __init__(self, state: S | None, ply: int, fixed: int | None, key: Hashable) -> None:
        self.state = state
        self.ply = ply
        self.fixed = fixed
        """The value of a finished game (None: not finished)."""
        self.key = key
        self.children: list[_Node[S, M]] | None = None
        self.moves: list[M] = []


class _PendingError(Exception):
    """A test that waits for a worker."""


class _Split(Generic[S, M]):
    """One split solve's tree, bounds and tasks in flight."""

    def __init__(
        self,
        recipe: WindowRecipe[S, M],
        plies: int,
        submit: Callable[[WindowTask[S]], cf.Future[Tested]] | None,
        slots: int,
        known: Mapping[tuple[int, Hashable], int],
        progress: Callable[[int, int], None] | None,
    ) -> None:
        game = recipe.rules()
        self.game = game
        self.recipe = recipe
        self.order = solver_moves(game)
        self.key_of = position_key(game)
        self.plies = plies
        self.submit = submit
        self.slots = slots
        self.known = known
        self.progress = progress
        self.bounds: dict[tuple[int, Hashable], tuple[int, int]] = {}
        self.flying: dict[cf.Future[Tested], tuple[tuple[int, Hashable], int]] = {}
        self.waiting: dict[tuple[tuple[int, Hashable], int], tuple[int, WindowTask[S]]] = {}
        self.frontier: set[tuple[int, Hashable]] = set()
        self.sent: set[tuple[int, Hashable]] = set()
        self.work: list[int] = []
        self.positions = self.tasks = self.tests = 0

    def node(self, state: S) -> _Node[S, M]:
        return _Node(state, 0, None, self.key_of(state))

    def grow(self, node: _Node[S, M]) -> list[_Node[S, M]]:
        if node.children is not None:
            return node.children
        game, state = self.game, node.state
        assert state is not None
        mover = game.player(state)
        children: list[_Node[S, M]] = []
        ply = node.ply + 1
        for move in self.order(state):
            status = game.play(state, move)
            if isinstance(status, Playing):
                child = status.state
                children.append(_Node(child, ply, None, self.key_of(child)))
            else:
                assert isinstance(status, Done)
                outcome = status.outcome
                worth = 0 if isinstance(outcome, Draw) else BIG - ply
                won = not isinstance(outcome, Draw) and outcome.side is mover
                children.append(_Node(None, ply, -worth if won else worth, None))
            node.moves.append(move)
        node.children = children
        return children

    def test(self, node: _Node[S, M], beta: int, eager: int | None = None) -> int:
        """`node`'s value through (β − 1, β), fail-soft, or `_PendingError` while a search it
        needs has not come back (each search it needs is queued).  With `eager` (the
        shallowest ply where an eldest brother was passed), younger brothers are walked
        while their eldest is pending, and what they need is queued as a guess."""
        if node.fixed is not None:
            return node.fixed
        exact = self.known.get((node.ply, node.key))
        if exact is not None:
            return exact
        if node.ply >= self.plies:
            return self.leaf(node, beta, eager)
        best = -BIG - 1
        pending = False
        children = self.grow(node)
        for i, child in enumerate(list(children)):
            try:
                value = -self.test(child, 1 - beta, eager)
            except _PendingError:
                if i == 0:
                    if eager is None:
                        raise  # the eldest first: its brothers wait for it
                    eager = min(eager, node.ply)
                pending = True
                continue
            best = max(best, value)
            if value >= beta:
                if i:  # the move that settled it is tried first from now on
                    children.insert(0, children.pop(i))
                    node.moves.insert(0, node.moves.pop(i))
                return best
        if pending:
            raise _PendingError
        return best

    def leaf(self, node: _Node[S, M], beta: int, eager: int | None) -> int:
        where = (node.ply, node.key)
        self.frontier.add(where)
        lo, hi = self.bounds.get(where, (-BIG - 1, BIG + 1))
        if lo >= beta:
            return lo
        if hi < beta:
            return hi
        asked = (where, beta)
        if asked not in self.waiting and all(a != asked for a in self.flying.values()):
            assert node.state is not None
            rank = -1 if eager is None else eager
            self.waiting[asked] = (rank, WindowTask(node.state, node.ply, beta))
        raise _PendingError

    def heard(self, where: tuple[int, Hashable], beta: int, found: Tested) -> None:
        lo, hi = self.bounds.get(where, (-BIG - 1, BIG + 1))
        if found.value >= beta:
            lo = max(lo, found.value)
        else:
            hi = min(hi, found.value)
        self.bounds[where] = (lo, hi)
        self.positions += found.positions
        self.work.append(found.positions)
        if self.progress is not None:
            self.progress(self.tasks, self.positions)

    def run_test(self, root: _Node[S, M], beta: int) -> int:
        """`root`'s value through (β − 1, β), every search it needs done.  Workers left
        idle by what is needed are given guesses: searches that a brother waiting for
        its eldest will need unless the eldest settles their parent (the shallowest
        first)."""
        self.tests += 1
        while True:
            self.waiting.clear()
            try:
                return self.test(root, beta)
            except _PendingError:
                pass
            if self.submit is not None and len(self.waiting) + len(self.flying) < self.slots:
                try:
                    return self.test(root, beta, BIG)
                except _PendingError:
                    pass
            self.dispatch()

    def dispatch(self) -> None:
        """Send what the last walk queued, as far as there are free workers, and wait for
        one search to come back (here, with no executor: run the first queued)."""
        queued = sorted(self.waiting.items(), key=lambda item: item[1][0])
        if self.submit is None:
            (where, beta), (_, task) = queued[0]
            self.tasks += 1
            self.sent.add(where)
            self.heard(where, beta, self.recipe(task))
            return
        for asked, (_, task) in queued:
            if len(self.flying) >= self.slots:
                break
            self.tasks += 1
            self.sent.add(asked[0])
            self.flying[self.submit(task)] = asked
        done, _ = cf.wait(self.flying, return_when=cf.FIRST_COMPLETED)
        for future in done:
            where, beta = self.flying.pop(future)
            self.heard(where, beta, future.result())

    def exact(self, root: _Node[S, M]) -> tuple[int, M | None]:
        """`root`'s exact value by MTD(f), and the move that reached it."""
        g, lo, hi = 0, -BIG - 1, BIG + 1
        move: M | None = None
        while lo < hi:
            beta = g + 1 if g == lo else g
            value = self.run_test(root, beta)
            if value >= beta:
                lo = value
                move = self.cutter(root, beta) if root.ply < self.plies else None
            else:
                hi = value
            g = value
        return lo, move

    def cutter(self, root: _Node[S, M], beta: int) -> M | None:
        """The first move at `root` worth at least β (every bound it needs is known)."""
        for move, child in zip(root.moves, self.grow(root), strict=True):
            try:
                if -self.test(child, 1 - beta) >= beta:
                    return move
            except _PendingError:  # a brother the test passed while it waited
                continue
        return None


def position_key(game: Game[S, M]) -> Callable[[S], Hashable]:
    """The key a solver's table files a position of `game` under: its packing's when it
    offers packed positions, else the game's `key` method, else the state itself (for
    Connect Four, one number for a position and its mirror image)."""
    packing = packing_of(game)
    if packing is not None:
        pack, key = packing.pack, packing.key

        def packed(state: S) -> Hashable:
            return key(pack(state))

        return packed
    own: Callable[[S], Hashable] | None = getattr(game, "key", None)
    if own is not None:
        return own

    def itself(state: S) -> Hashable:
        return cast(Hashable, state)

    return itself


def split_solve(
    recipe: WindowRecipe[S, M],
    state: S | None = None,
    on: Workers | None = None,
    *,
    plies: int = 2,
    all_moves: bool = False,
    known: Mapping[tuple[int, Hashable], int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SplitSolution[S, M]:
    """Solve `state` (default the start) exactly with its tree split `plies` moves below
    it, the frontier searched on `on` (None: here, one search after another); see the
    module.  With `all_moves`, each move at the root is solved exactly too.  `known`
    gives exact values of positions by (ply below `state`, key), which are never sent.
    `progress(tasks sent, positions searched)` hears of each search that comes back.
    """
    began = time.perf_counter()
    if plies < 1:
        raise ValueError(f"the frontier must be at least 1 ply below the root, got {plies}")
    game = recipe.rules()
    s0 = game.start if state is None else state
    executor = None if on is None else on.make()
    slots = 1 if on is None else max(1, on.slots // 2)  # a task a worker (a Dask thread)
    submit = None if executor is None else _submitter(executor, recipe)
    split = _Split(recipe, plies, submit, slots, known or {}, progress)
    try:
        root = split.node(s0)
        first = list(zip(root.moves, split.grow(root), strict=True))  # in the game's order
        value, _ = split.exact(root)
        # The first move in the game's order that keeps the value, whichever test found
        # one first: the answer does not depend on which worker came back first.
        best = next((m for m, child in first if -split.run_test(child, 1 - value) >= value), None)
        columns: list[tuple[M, int]] = []
        if all_moves:
            for move, child in first:
                if move == best:  # it keeps the root's value: that is its exact value
                    exact = value
                elif child.fixed is not None:
                    exact = -child.fixed  # the child's value is for the side to move there
                else:
                    exact = -split.exact(child)[0]
                columns.append((move, exact))
    finally:
        if executor is not None:  # a guess still running is not waited for
            _stop(executor)
    if best is None:  # every move at the root ends the game at once
        raise ValueError("the position has no move to split on")
    return SplitSolution(
        value,
        best,
        tuple(columns),
        split.positions,
        split.tasks,
        len(split.frontier),
        len(split.sent),
        split.tests,
        time.perf_counter() - began,
        tuple(split.work),
    )


def _submitter(
    executor: cf.Executor, recipe: WindowRecipe[S, M]
) -> Callable[[WindowTask[S]], cf.Future[Tested]]:
    def submit(task: WindowTask[S]) -> cf.Future[Tested]:
        return executor.submit(recipe, task)

    return submit


def frontier_states(game: Game[S, M], state: S, plies: int) -> Iterator[tuple[tuple[M, ...], S]]:
    """Every position `plies` moves below `state` that is not finished, with a line of
    moves reaching it, each position once up to the game's key (the first line found)."""
    order = solver_moves(game)
    key_of = position_key(game)
    level: dict[Hashable, tuple[tuple[M, ...], S]] = {key_of(state): ((), state)}
    for _ in range(plies):
        below: dict[Hashable, tuple[tuple[M, ...], S]] = {}
        for line, s in level.values():
            for move in order(s):
                status = game.play(s, move)
                if isinstance(status, Playing):
                    below.setdefault(key_of(status.state), ((*line, move), status.state))
        level = below
    yield from level.values()
