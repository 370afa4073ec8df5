"""One search spread over workers: Jamboree's parallel moves, and root splitting.

Both send *subtrees* to an executor: a task is a recipe (see
:mod:`gamelib.parallel.recipes`) with the depth left, a position and the
window (α, β) to search it through; the worker rebuilds the serial search
from the recipe (once per process) and searches the position through that
window, as the same search would inside the tree.

- :func:`ParallelJamboree` is the handout's Jamboree with its "all at once"
  moves really at once: at the top ``levels`` plies, the moves after the first
  ⌊p·n⌋ go to the workers, each against the window the first ones left.  The
  value and the move are the serial Jamboree's, and so are the positions
  estimated (as a multiset): each subtree is searched by the same code with
  the same window, only elsewhere.
- :func:`split_root` splits one alpha-beta search at the root, as Young
  Brothers Wait does: the first move is searched here with the whole window,
  then the other moves on the workers, each through the window the moves
  before it left (α = the best value so far, for Maxie).  A move that is not
  better than an earlier one is left at its bound; a better one comes back
  exact.  With ``margin`` (numeric estimates), each is searched through a
  narrower aspiration window (α, α + margin); one that proves better than
  α + margin (the window was too narrow) is searched again through (α, +∞).
  The move and value are AlphaBeta's: the first move of greatest value.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from gamelib.parallel.recipes import SearchRecipe
>>> from gamelib.games.nim import Nim, nim_estimator
>>> def nim_of_10():
...     return nim_estimator(Nim(pile=10))
>>> with ThreadPoolExecutor(2) as pool:
...     split = split_root(SearchRecipe(nim_of_10, "alphabeta", 5), pool)
>>> split.move, split.value, split.tasks
(1, Guess(guess=1), 2)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, final

from gamelib import seq
from gamelib.catalog import CATALOG
from gamelib.core.datatypes import GREATER, LESS, Playing, Side, Status
from gamelib.core.game import Game
from gamelib.estimate.estimator import Definitely, Est, Estimator, Guess, Settings
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.estimate.window import Bound, Infinity, NegInf, PosInf
from gamelib.parallel.recipes import SearchRecipe, built
from gamelib.search.counting import RecordingEstimator
from gamelib.search.player import Edge, SearchPlayer, ordered_moves, within
from gamelib.seq import Seq

__all__ = [
    "ParallelJamboree",
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
    :class:`~gamelib.search.CountingGame`); else 0."""


def _windowed(
    recipe: SearchRecipe[S, M, G], record: bool
) -> tuple[SearchPlayer[S, M, G], RecordingEstimator[S, M, G] | None]:
    estimator = recipe.estimator()
    recorder = RecordingEstimator(estimator) if record else None
    player = CATALOG[recipe.kind].build(
        estimator if recorder is None else recorder, recipe.depth, dict(recipe.options)
    )
    if within(player) is None:
        raise _unsplittable(recipe.kind)
    return player, recorder


def _unsplittable(kind: str) -> ValueError:
    return ValueError(
        f"{kind} cannot search a position through a given window, so it cannot "
        "be split over workers (alphabeta and jamboree can)"
    )


def search_through(
    recipe: SearchRecipe[S, M, G], state: S, alpha: Bound[G], beta: Bound[G], record: bool = False
) -> Searched[S, G]:
    """Search ``state`` through (α, β) as ``recipe`` says (in a worker): the task both
    kinds of split send.  The player is built once per process."""
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
    """Jamboree (``recipe.kind`` must be ``jamboree``) with the moves it searches together
    sent to ``executor``, at the top ``levels`` plies.

    ``estimator`` is the one used here (default: the recipe's); with
    ``record``, the workers send back the positions they estimated.
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
    :class:`~gamelib.search.CountingGame`); else 0."""


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
    """The search ``recipe`` describes (a windowed kind: alphabeta, jamboree) of
    ``state`` (default: the start), split at the root over ``executor``.

    The first move is searched here; at most ``in_flight`` other moves (default:
    twice the cores) are on the workers at once, each sent with the best value
    known when it leaves.  ``margin`` turns on aspiration windows (numeric
    guesses only).  With ``levels`` > 1 the first move's own search is split the same
    way, ``levels`` plies down (the first move's search is most of the work).
    """
    est = recipe.estimator() if estimator is None else estimator
    game = est.game
    compare = est.compare
    kind = CATALOG[recipe.kind]
    options = dict(recipe.options)
    settings = kind.settings(est, recipe.depth, options)
    root = game.start if state is None else state
    moves: Sequence[M] = seq.to_tuple(ordered_moves(settings)(root))
    if not moves:
        raise ValueError(f"there are no moves to split in '{game.state_to_string(root)}'")
    maxie = game.player(root) is Side.Maxie
    below = dataclasses.replace(recipe, depth=recipe.depth - 1)
    here = within(kind.build(est, below.depth, options)) if below.depth > 0 else None
    if below.depth > 0 and here is None:
        raise _unsplittable(recipe.kind)

    def settled(status: Status[S]) -> Est[G] | S:
        """The child's value when it needs no search, else its state."""
        if not isinstance(status, Playing):
            return Definitely(status.outcome)
        if below.depth == 0:
            return Guess(est.estimate(status.state))
        return status.state

    def better(x: Est[G], than: Est[G]) -> bool:
        return compare(x, than) is (GREATER if maxie else LESS)

    counted = _plays(game)
    first = settled(game.play(root, moves[0]))
    tasks = re_searched = elsewhere = 0
    if isinstance(first, Definitely | Guess):
        best: Edge[M, G] = (moves[0], first)
    elif levels > 1 and below.depth > 1:
        inner = split_root(
            below, executor, first, margin=margin, in_flight=in_flight, estimator=est,
            levels=levels - 1,
        )  # fmt: skip
        best = (moves[0], inner.value)
        tasks, re_searched = inner.tasks, inner.re_searched
        elsewhere = inner.positions - (_plays(game) - counted) + 1
    else:
        assert here is not None
        best = (moves[0], here(first, NegInf, PosInf)[1])
    values: dict[int, Est[G]] = {0: best[1]}  # exact values of the moves that may be best

    def wide(value: Est[G]) -> tuple[Bound[G], Bound[G]]:
        """The window for a move that must beat ``value``."""
        return (value, PosInf) if maxie else (NegInf, value)

    def narrow(value: Est[G]) -> tuple[Bound[G], Bound[G]]:
        """The aspiration window: ``value`` to ``value`` + margin (Maxie; mirrored for Minnie)."""
        if margin is None or not isinstance(value, Guess):
            return wide(value)
        guess = value.guess
        if not isinstance(guess, int | float) or isinstance(guess, bool):
            return wide(value)
        # A numeric guess moved by the margin is a guess of the same kind.
        far = cast(Est[G], Guess(guess + margin if maxie else guess - margin))
        return (value, far) if maxie else (far, value)

    flying: dict[Future[Searched[S, G]], tuple[int, Est[G], tuple[Bound[G], Bound[G]]]] = {}

    def send(i: int, against: Est[G], window: tuple[Bound[G], Bound[G]]) -> None:
        nonlocal tasks
        found = settled(game.play(root, moves[i]))
        if isinstance(found, Definitely | Guess):
            values[i] = found
            return
        alpha, beta = window
        flying[executor.submit(search_through, below, found, alpha, beta)] = (i, against, window)
        tasks += 1

    limit = in_flight if in_flight is not None else 2 * (os.cpu_count() or 1)
    waiting = list(range(len(moves) - 1, 0, -1))  # popped from the end: in move order
    best_value = best[1]
    while waiting or flying:
        while waiting and len(flying) < limit:
            send(waiting.pop(), best_value, narrow(best_value))
        if not flying:
            continue
        done, _ = wait(flying, return_when=FIRST_COMPLETED)
        for future in done:
            i, against, (alpha, beta) = flying.pop(future)
            searched = future.result()
            x = searched.value
            elsewhere += searched.positions
            if not better(x, against):
                continue  # no better than a move before it: left at its bound
            far = beta if maxie else alpha
            if not isinstance(far, Infinity) and not better(far, x):
                # Better than the aspiration window allowed: it was too narrow.
                re_searched += 1
                send(i, against, wide(against))
                continue
            values[i] = x
            if better(x, best_value):
                best_value = x
    chosen = min(values)
    for i in sorted(values):
        if better(values[i], values[chosen]):
            chosen = i
    here_positions = _plays(game) - counted
    return Split(moves[chosen], values[chosen], tasks, re_searched, here_positions + elsewhere)
