"""One search spread over workers: Jamboree's parallel moves, and root splitting.

Both send *subtrees* to an executor: a task is a recipe (see
`gamelib.parallel.recipes`) with the depth left, a position and the
window (α, β) to search it through; the worker rebuilds the serial search
from the recipe (once per process) and searches the position through that
window, as the same search would inside the tree.

- `ParallelJamboree` is the handout's Jamboree with its "all at once"
  moves really at once: at the top `levels` plies, the moves after the first
  ⌊p·n⌋ go to the workers, each against the window the first ones left.  The
  value and the move are the serial Jamboree's, and so are the positions
  estimated (as a multiset): each subtree is searched by the same code with
  the same window, only elsewhere.
- `split_root` splits one alpha-beta search as Young Brothers Wait
  does: at the root, the first move is searched first, then the other moves
  all at once, each through the window the moves before it left (α = the
  best value so far, for Maxie).  A move that is not better than an earlier
  one is left at its bound; a better one comes back exact.  With
  `levels > 1` every position in the top `levels` plies is split the same way (its
  brothers waiting for its eldest), and a cut there gives up the rest of its
  work.  With `margin` (numeric estimates), the root's moves are searched
  through a narrower aspiration window (α, α + margin); one that proves
  better than α + margin (the window was too narrow) is searched again
  through (α, +∞).  The move and value are AlphaBeta's: the first move of
  greatest value.

```pycon
>>> from concurrent.futures import ThreadPoolExecutor
>>> from gamelib.parallel.recipes import SearchRecipe
>>> from gamelib.games.nim import Nim, nim_estimator
>>> def nim_of_10():
...     return nim_estimator(Nim(pile=10))
>>> with ThreadPoolExecutor(2) as pool:
...     split = split_root(SearchRecipe(nim_of_10, "alphabeta", 5), pool)
>>> split.move, split.value, split.tasks
(1, Guess(guess=1), 3)

```
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, final

from gamelib import seq
from gamelib.catalog import CATALOG
from gamelib.core.datatypes import GREATER, LESS, Playing, Side
from gamelib.core.estimator import (
    Definitely,
    Est,
    Estimator,
    Guess,
    Settings,
    checked_estimate,
)
from gamelib.core.game import Game
from gamelib.core.window import Bound, Infinity, NegInf, PosInf
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.parallel.recipes import SearchRecipe, built
from gamelib.search.counting import RecordingEstimator
from gamelib.search.player import Edge, SearchPlayer, ordered_moves, within
from gamelib.seq import Seq

__all__ = [
    "ParallelJamboree",
    "Searched",
    "Split",
    "SplitPlayer",
    "search_through",
    "split_root",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@final
@dataclass(frozen=True, slots=True)
class Searched(Generic[S, G]):
    """What a worker's search of one subtree came to."""

    value: Est[G]
    """The value the search returned through its window."""
    estimated: tuple[S, ...] = ()
    """The positions it estimated, in order (only when asked to record them)."""
    positions: int = 0
    """Positions it visited, when the game counts them (a
    [`CountingGame`][gamelib.search.counting.CountingGame]); else 0.
    """


def _windowed(
    recipe: SearchRecipe[S, M, G], record: bool
) -> tuple[SearchPlayer[S, M, G], RecordingEstimator[S, M, G] | None]:
    estimator = recipe.estimator()
    recorder = RecordingEstimator(estimator) if record else None
    player = recipe.search_kind().build(
        estimator if recorder is None else recorder, recipe.depth, dict(recipe.options)
    )
    if within(player) is None:
        raise _unsplittable(recipe.search_kind().name)
    return player, recorder


def _unsplittable(kind: str) -> ValueError:
    return ValueError(
        f"{kind} cannot search a position through a given window, so it cannot "
        "be split over workers (alphabeta and jamboree can)"
    )


def search_through(
    recipe: SearchRecipe[S, M, G], state: S, alpha: Bound[G], beta: Bound[G], record: bool = False
) -> Searched[S, G]:
    """Search `state` through (α, β) as `recipe` says (in a worker): the task both
    kinds of split send.  The player is built once per process.
    """
    key: Hashable = ("window", recipe, record)
    player, recorder = built(key, lambda: _windowed(recipe, record))
    search = within(player)
    assert search is not None  # checked when it was built
    before = _plays(player.game)
    if recorder is not None:
        recorder.estimated.clear()
    value = search(state, alpha, beta)[1]
    estimated = () if recorder is None else tuple(recorder.estimated)
    return Searched(value, estimated, _plays(player.game) - before)


def _plays(game: object) -> int:
    """The positions a counting game has visited (0 for a game that does not count)."""
    plays = getattr(game, "plays", 0)
    return plays if isinstance(plays, int) else 0


@dataclass(eq=False)
class SplitPlayer(Generic[S, M, G]):
    """A search player whose searches run partly on an executor's workers.

    It counts the tasks it sent and, when asked to record, keeps the
    positions the workers estimated (the positions estimated here are the
    estimator's own business).
    """

    inner: SearchPlayer[S, M, G]
    """The search run here, which sends subtrees away."""
    tasks: int = 0
    """Subtrees sent to workers so far."""
    estimated_elsewhere: list[S] = field(default_factory=list)
    """What the workers estimated, when recording."""

    @property
    def game(self) -> Game[S, M]:
        return self.inner.game

    @property
    def settings(self) -> Settings[S, M, G]:
        return self.inner.settings

    def next_move(self, state: S, /) -> M:
        return self.inner.next_move(state)

    def analyse(self, state: S, /) -> Edge[M, G]:
        return self.inner.analyse(state)

    def __str__(self) -> str:
        return f"{self.inner} on workers"


def ParallelJamboree(
    recipe: SearchRecipe[S, M, G],
    executor: Executor,
    *,
    levels: int = 1,
    estimator: Estimator[S, M, G] | None = None,
    record: bool = False,
) -> SplitPlayer[S, M, G]:
    """Jamboree (`recipe.kind` must be `jamboree`) with the moves it searches together
    sent to `executor`, at the top `levels` plies.

    `estimator` is the one used here (default: the recipe's); with
    `record`, the workers send back the positions they estimated.
    """
    if recipe.kind != "jamboree":
        raise ValueError(f"ParallelJamboree needs a jamboree recipe, got {recipe.kind}")
    if levels < 1:
        raise ValueError(f"levels must be a whole number, at least 1, got {levels!r}")
    est = recipe.estimator() if estimator is None else estimator
    settings = CATALOG["jamboree"].settings(est, recipe.depth, dict(recipe.options))
    assert isinstance(settings, JamboreeSettings)  # the jamboree kind makes its own settings
    game = est.game
    depth = recipe.depth
    player: SplitPlayer[S, M, G]

    def spread(
        d: int, s: S, rest: Seq[M], alpha: Bound[G], beta: Bound[G], /
    ) -> Seq[Edge[M, G]] | None:
        if depth - d >= levels or d == 1:  # deeper, or the children are only estimated
            return None
        below = dataclasses.replace(recipe, depth=d - 1)
        sent: list[tuple[M, Future[Searched[S, G]] | Est[G]]] = []
        for m in seq.to_tuple(rest):
            status = game.play(s, m)
            if isinstance(status, Playing):
                sent.append(
                    (m, executor.submit(search_through, below, status.state, alpha, beta, record))
                )
                player.tasks += 1
            else:
                sent.append((m, Definitely(status.outcome)))
        edges: list[Edge[M, G]] = []
        for m, pending in sent:
            if isinstance(pending, Future):
                found = pending.result()
                player.estimated_elsewhere.extend(found.estimated)
                edges.append((m, found.value))
            else:
                edges.append((m, pending))
        return seq.from_iterable(edges)

    player = SplitPlayer(Jamboree(settings, spread=spread))
    return player


@final
@dataclass(frozen=True, slots=True)
class Split(Generic[M, G]):
    """What a root-split search found, and what it took."""

    move: M
    """AlphaBeta's move: the first of greatest value (for the side to move)."""
    value: Est[G]
    """Its value."""
    tasks: int
    """Subtrees searched on workers (re-searches included)."""
    re_searched: int
    """Moves searched again because their aspiration window was too narrow."""
    positions: int = 0
    """Positions visited here and on the workers, when the game counts them (a
    [`CountingGame`][gamelib.search.counting.CountingGame]); else 0.
    """


def split_root(
    recipe: SearchRecipe[S, M, G],
    executor: Executor,
    state: S | None = None,
    *,
    margin: float | None = None,
    in_flight: int | None = None,
    estimator: Estimator[S, M, G] | None = None,
    levels: int = 1,
) -> Split[M, G]:
    """The search `recipe` describes (a windowed kind: alphabeta, jamboree) of
    `state` (default: the start), split over `executor`'s workers.

    At the root, and at every position in the top `levels` plies, the first
    move is searched first, then the others all at once, each sent with the
    best value known when it leaves (Young Brothers Wait).  Below `levels`
    plies a whole subtree is one task.  At most `in_flight` tasks (default:
    twice the cores) are on the workers at once.  `margin` turns on
    aspiration windows at the root (numeric guesses only).
    """
    if levels < 1:
        raise ValueError(f"levels must be a whole number, at least 1, got {levels!r}")
    est = recipe.estimator() if estimator is None else estimator
    kind = recipe.search_kind()
    options = dict(recipe.options)
    if recipe.depth > 1 and within(kind.build(est, recipe.depth - 1, options)) is None:
        raise _unsplittable(kind.name)
    root = est.game.start if state is None else state
    limit = in_flight if in_flight is not None else 2 * (os.cpu_count() or 1)
    splitter = _Splitter(recipe, executor, est, threading.BoundedSemaphore(limit), limit)
    counted = _plays(est.game)
    chosen, value = splitter.search(root, recipe.depth, NegInf, PosInf, levels, margin, _Stop())
    tally = splitter.tally
    with tally.lock:
        return Split(
            chosen, value, tally.tasks, tally.re_searched,
            _plays(est.game) - counted + tally.positions,
        )  # fmt: skip


class _StoppedError(Exception):
    """A split position's search was given up: a position above it was cut."""


@final
@dataclass(frozen=True, slots=True)
class _Stop:
    """Whether a split position's search may stop: its own flag or any above it."""

    flag: threading.Event = field(default_factory=threading.Event)
    above: _Stop | None = None

    def __bool__(self) -> bool:
        return self.flag.is_set() or bool(self.above)


@dataclass(eq=False)
class _Tally:
    """What the tasks of one split search came to (updated from several threads)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    tasks: int = 0
    re_searched: int = 0
    positions: int = 0


@dataclass(eq=False)
class _Splitter(Generic[S, M, G]):
    """Young Brothers Wait over an executor: the positions in the top plies are
    split here (one thread each, which only waits), the subtrees below them are
    the workers' tasks."""

    recipe: SearchRecipe[S, M, G]
    executor: Executor
    est: Estimator[S, M, G]
    slots: threading.BoundedSemaphore
    in_flight: int
    tally: _Tally = field(default_factory=_Tally)

    def search(
        self,
        state: S,
        depth: int,
        alpha: Bound[G],
        beta: Bound[G],
        levels: int,
        margin: float | None,
        stop: _Stop,
    ) -> tuple[M, Est[G]]:
        """`state` searched `depth` plies through (α, β), as the recipe's search would
        (the exact value strictly inside, else a bound on the same side), with the move:
        the first of greatest value.  `margin`: aspiration windows for the moves
        after the first.
        """
        est, game = self.est, self.est.game
        compare = est.compare
        settings = self.recipe.search_kind().settings(est, depth, dict(self.recipe.options))
        moves: Sequence[M] = seq.to_tuple(ordered_moves(settings)(state))
        if not moves:
            raise ValueError(f"there are no moves to split in '{game.state_to_string(state)}'")
        maxie = game.player(state) is Side.Maxie
        own = _Stop(above=stop)

        def better(x: Est[G], than: Est[G]) -> bool:
            return compare(x, than) is (GREATER if maxie else LESS)

        def beyond(x: Est[G], far: Bound[G]) -> bool:
            """`x` is at or past the far side of a window (β for Maxie): a cut."""
            if isinstance(far, Infinity):
                return False
            return not better(far, x)

        far = beta if maxie else alpha

        def window(best: Est[G] | None, aspire: bool) -> tuple[Bound[G], Bound[G]]:
            """The window for a move that must beat `best`: the near side moved up to
            it, and with `aspire` the far side brought to it plus the margin.
            """
            near = alpha if maxie else beta
            if best is not None and (isinstance(near, Infinity) or better(best, near)):
                near = best
            if aspire and margin is not None and isinstance(near, Guess):
                guess = near.guess
                if isinstance(guess, int | float) and not isinstance(guess, bool):
                    # A numeric guess moved by the margin is a guess of the same kind.
                    close = cast(Est[G], Guess(guess + margin if maxie else guess - margin))
                    if isinstance(far, Infinity) or better(far, close):
                        return (near, close) if maxie else (close, near)
            return (near, beta) if maxie else (alpha, near)

        def child(i: int, bounds: tuple[Bound[G], Bound[G]]) -> Est[G] | Future[Searched[S, G]]:
            """Move `i`'s value when it needs no search, else its search under way: split
            in a thread here, or a task on a worker.
            """
            status = game.play(state, moves[i])
            if not isinstance(status, Playing):
                return Definitely(status.outcome)
            after = status.state
            if depth == 1:
                return Guess(checked_estimate(est.estimate, game, estimator=est)(after))
            low, high = bounds
            if levels > 1 and depth > 2:
                return _in_thread(
                    lambda: Searched(
                        self.search(after, depth - 1, low, high, levels - 1, None, own)[1]
                    )
                )
            return self.task(after, depth - 1, low, high, own)

        flying: dict[Future[Searched[S, G]], tuple[int, Est[G] | None, tuple[Bound[G], Bound[G]]]]
        flying = {}
        values: dict[int, Est[G]] = {}  # exact values of the moves that may be best
        best: Est[G] | None = None
        waiting = list(range(len(moves) - 1, -1, -1))  # popped from the end: in move order

        def send(i: int, against: Est[G] | None, bounds: tuple[Bound[G], Bound[G]]) -> None:
            found = child(i, bounds)
            if isinstance(found, Future):
                flying[found] = (i, against, bounds)
            else:
                take(i, against, bounds, found)

        def take(
            i: int, against: Est[G] | None, bounds: tuple[Bound[G], Bound[G]], x: Est[G]
        ) -> None:
            """Take in move `i`'s value, searched against `against` through `bounds`."""
            nonlocal best
            if against is not None and not better(x, against):
                return  # no better than a move before it: left at its bound
            sent_far = bounds[1] if maxie else bounds[0]
            if sent_far != far and beyond(x, sent_far):
                # Better than the aspiration window allowed: it was too narrow.
                with self.tally.lock:
                    self.tally.re_searched += 1
                send(i, against, window(against, aspire=False))
                return
            values[i] = x
            if best is None or better(x, best):
                best = x

        try:
            send(waiting.pop(), None, window(None, aspire=False))  # the eldest brother
            while waiting or flying:
                if best is not None and beyond(best, far):
                    break
                while waiting and best is not None and len(flying) < self.in_flight:
                    send(waiting.pop(), best, window(best, aspire=True))
                if not flying:
                    continue
                done, _ = wait(flying, timeout=0.05, return_when=FIRST_COMPLETED)
                if stop:
                    raise _StoppedError()
                for future in done:
                    i, against, bounds = flying.pop(future)
                    take(i, against, bounds, future.result().value)
        finally:
            own.flag.set()  # what is still under way here is no longer needed
            for future in flying:
                future.cancel()
        assert best is not None  # the eldest brother has a value
        chosen = min(i for i, x in values.items() if not better(best, x))
        return moves[chosen], values[chosen]

    def task(
        self, state: S, depth: int, alpha: Bound[G], beta: Bound[G], stop: _Stop
    ) -> Future[Searched[S, G]]:
        """`state` searched `depth` plies through (α, β) on a worker."""
        while not self.slots.acquire(timeout=0.05):
            if stop:
                raise _StoppedError()
        below = dataclasses.replace(self.recipe, depth=depth)
        try:
            future = self.executor.submit(search_through, below, state, alpha, beta)
        except BaseException:
            self.slots.release()
            raise
        with self.tally.lock:
            self.tally.tasks += 1

        def finished(done: Future[Searched[S, G]]) -> None:
            self.slots.release()
            if not done.cancelled() and done.exception() is None:
                with self.tally.lock:
                    self.tally.positions += done.result().positions

        future.add_done_callback(finished)
        return future


T = TypeVar("T")


def _in_thread(work: Callable[[], T]) -> Future[T]:
    """`work` run in a new thread here, as a future."""
    future: Future[T] = Future()
    future.set_running_or_notify_cancel()

    def run() -> None:
        try:
            future.set_result(work())
        except BaseException as error:  # handed to whoever waits on the future
            future.set_exception(error)

    threading.Thread(target=run, daemon=True).start()
    return future
