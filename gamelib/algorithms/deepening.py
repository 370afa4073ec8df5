"""Iterative deepening (CSE 473: "most common"): depth 1, then 2, then 3, ... until time is up.

A fixed depth is the wrong question for a person waiting for a move: depth
7 may take a tenth of a second and depth 12 a minute.  Iterative deepening
asks the right one, "how deep can I look in 2 seconds?": it searches depth 1,
then depth 2, and so on, and when the budget runs out it plays the move of
the deepest search that finished.  The shallow searches are cheap next to
the last one (each depth costs several times the one before), and they pay
for themselves: what they leave behind orders the moves of the next one.

Each iteration is alpha-beta in negamax form, fail-soft
(`gamelib.algorithms._alphabeta_core.alphabeta_core`), and shares with the
others

- a transposition table: each position's best move from the last depth is
  tried first, so the last iteration's best line is searched first, and
  alpha-beta cuts the rest short;
- an [`Ordering`][gamelib.algorithms.ordering.Ordering]: killer moves and
  history scores learned at one depth order the next.

The budget is in seconds, in positions, or a maximum depth (the settings'
`search_depth`), whichever ends first.  Positions are counted as every
search counts them, one per move played; the position budget is never
exceeded, and the clock is read before every move played.

What is returned is the deepest *finished* iteration's move and value,
with one exception that is provably safe: when the interrupted iteration
had already searched its first move (the last iteration's best) to the full
depth and then found a move that is better at that depth, that move is
played.  To always have a legal move, the first move of depth 1 is searched
whatever the budget (one position and its estimate).  The search also
stops early when a depth finds a forced win or loss, or estimated no
position at all (every line ended: deeper searches would find the same).

For each finished iteration it reports the depth, the value (Maxie's), the
principal variation (a line of best moves, found after the iteration by one
empty-window test per ply against the known value, so its end has exactly
that value), the positions and the time.

```pycon
>>> from gamelib import NumericEstimator
>>> from gamelib.games.nim import Nim, nim_estimate
>>> settings = DeepeningSettings(NumericEstimator(Nim(pile=7), nim_estimate), 6)
>>> found = deepen(settings, Nim(pile=7).start)
>>> for i in found.iterations:
...     print(i.depth, i.value, i.line)
1 Guess 1 (2,)
2 Guess 1 (2, 1)
3 Guess 1 (2, 1, 3)
4 Definitely Maxie wins (2, 1, 3, 1)
>>> found.move, found.depth, found.stopped  # a forced win at depth 4: no need to go on
(2, 4, 'solved')

```
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar, final

from gamelib.algorithms._alphabeta_core import alphabeta_core, principal_line
from gamelib.algorithms.negamax import NegamaxSettings
from gamelib.algorithms.ordering import Ordering
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.checks import plural
from gamelib.core.datatypes import Status, Winner
from gamelib.core.estimator import Definitely, Est, Estimator, Settings, est_to_string
from gamelib.core.game import Game
from gamelib.core.window import NegInf, PosInf
from gamelib.search.anytime import Pondered
from gamelib.search.budget import Budget, OutOfBudgetError
from gamelib.search.capabilities import numeric_estimates
from gamelib.search.events import SearchObserver
from gamelib.search.player import (
    Edge,
    GameRecursionError,
    at_root,
    recursion_error,
)

__all__ = [
    "DEEPENING_TABLE",
    "STOPS",
    "Deepening",
    "DeepeningPlayer",
    "DeepeningSettings",
    "Iteration",
    "IterativeDeepening",
    "StopReason",
    "deepen",
    "iteration_line",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

DEEPENING_TABLE = 100_000
"""Entries in iterative deepening's table unless the settings say otherwise."""

StopReason = Literal["depth", "time", "positions", "solved", "recursion"]
"""Why iterative deepening stopped: its maximum depth, a budget, nothing left to learn,
or Python's recursion limit (the next depth went deeper than it allows)."""


@final
@dataclass(frozen=True, slots=True)
class DeepeningSettings(Settings[S, M, G]):
    """Settings of iterative deepening: `search_depth` is the deepest it may go,
    and the budgets say when to stop before that.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> DeepeningSettings(nim_estimator(Nim()), 9, seconds=0)
    Traceback (most recent call last):
    ...
    ValueError: the time budget must be more than 0 seconds, got 0

    ```
    """

    seconds: float | None = None
    """The time budget, in seconds; None for no limit."""
    positions: int | None = None
    """The position budget (moves played, as every search counts them); None for no limit."""
    table_entries: int = DEEPENING_TABLE
    """Room in the transposition table the iterations share; 0 for none."""
    table_move: bool = True
    """Whether the table's move (the last depth's best) is tried first in each position."""
    killers: bool = True
    """Whether killer moves are tried early."""
    history: bool = True
    """Whether the other moves are tried by history score."""

    def __post_init__(self) -> None:
        Settings.__post_init__(self)  # not super(): see NegamaxSettings
        seconds: object = self.seconds
        if seconds is not None:
            if not isinstance(seconds, int | float) or isinstance(seconds, bool):
                raise TypeError(f"the time budget must be a number of seconds, got {seconds!r}")
            if math.isnan(seconds) or seconds <= 0:
                raise ValueError(f"the time budget must be more than 0 seconds, got {seconds}")
        positions: object = self.positions
        if positions is not None and (
            not isinstance(positions, int) or isinstance(positions, bool) or positions < 1
        ):
            raise ValueError(f"the position budget must be a whole number >= 1, got {positions!r}")
        # The rest as NegamaxSettings checks them.
        self.iteration(1)

    def iteration(self, depth: int) -> NegamaxSettings[S, M, G]:
        """The settings of the iteration `depth` deep."""
        return NegamaxSettings(
            self.estimator,
            depth,
            order=self.order,
            fail_soft=True,
            table_entries=self.table_entries,
            table_move=self.table_move,
            killers=self.killers,
            history=self.history,
        )


@final
@dataclass(frozen=True, slots=True)
class Iteration(Generic[M, G]):
    """What one depth found."""

    depth: int
    """How deep it searched."""
    move: M
    """Its best move."""
    value: Est[G]
    """The value of the position at that depth, Maxie's."""
    line: tuple[M, ...]
    """The principal variation: best moves from the position, `move` first (just
    `move` when lines were not asked for).
    """
    positions: int
    """Positions it searched (the line's search included)."""
    seconds: float
    """How long it took."""
    finished: bool = True
    """False for an interrupted iteration whose move is used (only `move` and `value`
    are then known: the value of that move at this depth, better than the others searched).
    """


@final
@dataclass(frozen=True, slots=True)
class Deepening(Generic[M, G]):
    """What iterative deepening found: the move to play and how it got there."""

    move: M
    """The move to play."""
    value: Est[G]
    """Its value (Maxie's), at `depth`."""
    depth: int
    """The depth of the iteration the move comes from."""
    iterations: tuple[Iteration[M, G], ...]
    """Every finished iteration, shallowest first, and last the interrupted one if its
    move is used."""
    positions: int
    """Positions searched in all."""
    seconds: float
    """Time taken in all."""
    stopped: StopReason
    """Why it stopped."""
    note: str | None = None
    """Said when the move comes from an unfinished iteration."""


def deepen(
    settings: DeepeningSettings[S, M, G],
    state: S,
    *,
    report: Callable[[Iteration[M, G]], None] | None = None,
    lines: bool = True,
    observer: SearchObserver[S, M, G] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Deepening[M, G]:
    """Iterative deepening from `state`: see the module.

    `report` is called with each iteration as it finishes (for a live
    display).  `observer` sees every iteration as a search of the root of
    its own; observed, the budget is checked only between depths, so that
    each search it sees is whole.  `lines` asks for each iteration's principal variation,
    which costs a few positions more (counted); without it each line is
    just the best move.  Needs numeric estimates, and keyed states when there
    is a table.
    """
    est = settings.estimator
    game = est.game
    numeric_estimates(est, "IterativeDeepening")  # say at once what is missing
    compare = est.compare
    began = clock()
    # Observed, a search is never cut short (the observer sees whole searches of the
    # root): the budget is only checked between depths.
    budget = Budget(settings.seconds, settings.positions, clock, interrupts=observer is None)
    table = (
        TranspositionTable[M, Est[G]](settings.table_entries) if settings.table_entries else None
    )
    ordering: Ordering[M] = Ordering(killers=settings.killers, history=settings.history)
    side = game.player(state)
    done: list[Iteration[M, G]] = []
    estimates = 0
    stopped: StopReason = "depth"
    note: str | None = None

    def counted() -> None:
        nonlocal estimates
        estimates += 1

    def counted_play(s: S, m: M, /) -> Status[S]:
        budget.spend()
        return game.play(s, m)

    for depth in range(1, settings.search_depth + 1):
        bests: list[Edge[M, G]] = []

        def found(move: M, value: Est[G], bests: list[Edge[M, G]] = bests) -> None:
            bests.append((move, value))
            budget.armed = budget.interrupts

        core = alphabeta_core(
            settings.iteration(depth),
            "IterativeDeepening",
            observer=observer,
            table=table,
            ordering=ordering,
            before_play=budget.spend,
            at_horizon=counted,
            root_best=found,
        )
        start, spent_before, estimates = clock(), budget.spent, 0
        try:
            found_here = core.windowed_root(state, NegInf, PosInf, False)  # nothing is cut
        except (OutOfBudgetError, RecursionError) as error:
            stopped = _why(error, budget, bool(bests or done), depth)
            if bests and (not done or bests[-1][0] != bests[0][0]):
                # Safe to use: the first move tried (the last depth's best) was searched
                # to this depth, and this one beat it; or no depth had finished at all.
                m, x = bests[-1]
                done.append(
                    Iteration(
                        depth,
                        m,
                        core.views.of(side, x),
                        (m,),
                        budget.spent - spent_before,
                        clock() - start,
                        finished=False,
                    )
                )
                shown = game.move_to_string(m)
                if done[:-1]:
                    note = (
                        f"depth {depth} was not finished, but {shown}, searched to that depth, "
                        "beat the last finished depth's best move"
                    )
                else:
                    searched = len({move for move, _ in bests})
                    note = f"the budget ran out before depth {depth} finished; {shown} is " + (
                        "the only move searched" if searched == 1 else "the best move searched"
                    )
            break
        move, value = found_here[0], found_here[1]
        line: tuple[M, ...] = (move,)
        if lines:
            walked: list[M] = []
            try:
                principal_line(
                    game,
                    counted_play,
                    core.value,
                    core.views.of,
                    compare,
                    state,
                    depth,
                    value,
                    move,
                    walked,
                )
            except (OutOfBudgetError, RecursionError) as error:
                stopped = _why(error, budget, True, depth)  # the depth is finished; its line is cut
                interrupted = True
            else:
                interrupted = False
            line = tuple(walked) or (move,)
        else:
            interrupted = False
        iteration = Iteration(
            depth,
            move,
            core.views.of(side, value),
            line,
            budget.spent - spent_before,
            clock() - start,
        )
        done.append(iteration)
        if report is not None:
            report(iteration)
        ordering.root_first = move
        if interrupted:
            break
        if _decided(value) or (estimates == 0 and isinstance(value, Definitely)):
            stopped = "solved"
            break
        if not budget.interrupts and budget.over():
            stopped = budget.reason or "time"
            break
    last = done[-1]
    return Deepening(
        last.move,
        last.value,
        last.depth,
        tuple(done),
        budget.spent,
        clock() - began,
        stopped,
        note,
    )


def _why(error: Exception, budget: Budget, anything: bool, depth: int) -> StopReason:
    """Why a depth stopped, from what stopped it.  A recursion error is raised instead
    (see [`recursion_error`][gamelib.search.player.recursion_error]) when nothing was found yet,
    or when it came from the game or the estimator rather than from the depth.
    """
    if isinstance(error, RecursionError):
        meaning = recursion_error(depth, error)
        if not anything or isinstance(meaning, GameRecursionError):
            raise meaning from None
        return "recursion"
    return budget.reason or "time"


def _decided(value: Est[G]) -> bool:
    """Whether `value` is a forced win or loss: no deeper search can change it."""
    return isinstance(value, Definitely) and isinstance(value.outcome, Winner)


@final
@dataclass(frozen=True, slots=True)
class DeepeningPlayer(Generic[S, M, G]):
    """The player [`IterativeDeepening`][gamelib.algorithms.deepening.IterativeDeepening] builds: a
    search player that can also [`think`][gamelib.algorithms.deepening.DeepeningPlayer.think]
    aloud, reporting each depth as it finishes.
    """

    settings: DeepeningSettings[S, M, G]
    """What it was built from."""
    observer: SearchObserver[S, M, G] | None = field(default=None, compare=False)
    """Told everything each iteration does."""
    report: Callable[[Iteration[M, G]], None] | None = field(default=None, compare=False)
    """Told each iteration as it finishes, on every move."""

    @property
    def game(self) -> Game[S, M]:
        return self.settings.estimator.game

    @property
    def estimator(self) -> Estimator[S, M, G]:
        return self.settings.estimator

    def think(
        self,
        state: S,
        /,
        report: Callable[[Iteration[M, G]], None] | None = None,
        *,
        lines: bool = True,
    ) -> Deepening[M, G]:
        """Iterative deepening from `state`, with each depth's principal variation
        unless `lines` is False; `report` (else the player's own) hears of each
        depth as it finishes.
        """

        def thought(root: S) -> Deepening[M, G]:
            return deepen(
                self.settings,
                root,
                report=self.report if report is None else report,
                lines=lines,
                observer=self.observer,
            )

        return at_root(
            self.settings.estimator, state, self.settings.search_depth, thought, _found_value
        )

    def ponder(
        self, state: S, say: Callable[[str], None] | None = None, /, *, playing: bool = False
    ) -> Pondered[M, G]:
        """`think`, telling `say` a line per depth as it finishes (see `Thinks`); each
        search starts afresh, `playing` or not."""
        estimator = self.estimator
        report: Callable[[Iteration[M, G]], None] | None = None
        if say is not None:
            tell = say

            def report(iteration: Iteration[M, G]) -> None:
                tell(iteration_line(estimator, iteration))

        found = self.think(state, report)
        game = self.game
        line = " ".join(game.move_to_string(m) for m in found.iterations[-1].line)
        looked = (
            f"looked {found.depth} {'move' if found.depth == 1 else 'moves'} ahead "
            f"({plural(found.positions, 'position')}, {found.seconds:.2f} s): "
            f"{est_to_string(estimator, found.value)}, expecting {line}"
        )
        summary = (
            f"searched to depth {found.depth} in {found.seconds:.2f} s "
            f"({plural(found.positions, 'position')}); stopped: {STOPS[found.stopped]}"
        )
        return Pondered(found.move, found.value, looked, summary, found.note)

    def analyse(self, state: S, /) -> Edge[M, G]:
        """The move to play in `state` and its value at the depth reached."""
        found = self.think(state, lines=False)
        return found.move, found.value

    def next_move(self, state: S, /) -> M:
        """The move of the deepest iteration the budget allowed."""
        return self.think(state, lines=False).move

    def __str__(self) -> str:
        return f"IterativeDeepening({_budget_words(self.settings)})"


STOPS: dict[StopReason, str] = {
    "depth": "its depth limit",
    "time": "the time budget ran out",
    "positions": "the position budget ran out",
    "solved": "the value is certain (a forced result, or every line ends within the depth)",
    "recursion": "a deeper search would pass Python's recursion limit",
}
"""Why iterative deepening stopped, in words."""


def iteration_line(estimator: Estimator[S, M, G], iteration: Iteration[M, G]) -> str:
    """One finished depth as a line: depth, value, positions, rate, time, best line."""
    game = estimator.game
    rate = iteration.positions / iteration.seconds if iteration.seconds > 0 else 0.0
    line = " ".join(game.move_to_string(m) for m in iteration.line)
    noun = "position " if iteration.positions == 1 else "positions"  # the columns stay aligned
    return (
        f"depth {iteration.depth:>2}  {est_to_string(estimator, iteration.value):<24}"
        f"{iteration.positions:>11,} {noun} {rate:>11,.0f}/s {iteration.seconds:>7.2f} s"
        f"  line: {line}"
    )


def _found_value(found: Deepening[M, G]) -> Est[G]:
    return found.value


def _budget_words(settings: DeepeningSettings[S, M, G]) -> str:
    words = [f"to depth {settings.search_depth}"]
    if settings.seconds is not None:
        words.append(f"{settings.seconds:g} s")
    if settings.positions is not None:
        words.append(f"{settings.positions:,} position" + "s" * (settings.positions != 1))
    if settings.table_entries:
        words.append(f"table {settings.table_entries}")
    return ", ".join(words)


def IterativeDeepening(
    settings: DeepeningSettings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> DeepeningPlayer[S, M, G]:
    """A player that deepens its search until its budget runs out (see the module).

    Needs numeric estimates (`MissingCapabilityError` otherwise) and, with a
    table, keyed states.
    """
    numeric_estimates(settings.estimator, "IterativeDeepening")
    return DeepeningPlayer(settings, observer)
