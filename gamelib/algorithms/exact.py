"""Exact game values with distance: who wins, and in how many plies, under perfect play.

A solve searches to the end of the game and says how it ends from the
position asked about and how many plies it takes, the winner hurrying and
the loser delaying: a win sooner beats a win later, which beats a draw,
which beats a loss later, which beats a loss sooner.  It works on any
finite game; nothing is estimated.

Inside, a position's value is an integer from the side to move's point of
view: a win that ends the game at ply p, counted from the position asked
about, is worth `BIG - p`; a loss there `-(BIG - p)`; a draw 0.  So the
value of a move is the negation of the value of the position it leads to,
as in negamax, and the larger is always the better.  The transposition
table stores win and loss values counted from the position stored (not
from the root), so an entry is right wherever the position recurs.

The driver is MTD(f) over these integers: null-window alpha-beta tests
(β − 1, β) at the root, each at the bound the last one returned, until the
value is pinned between them.  Stopped (Ctrl-C), a solve says what it knew:
the bounds proved so far
([`SolveInterruptedError`][gamelib.algorithms.exact.SolveInterruptedError]).

A solve may be limited to a depth, for games too big to solve outright: a
position the search does not look past counts as 0, between every win and
every loss, so a win or a loss found within the depth is still exact (it is
forced, and no quicker one exists), and otherwise the result is
`"unknown"`: neither side can force a result that soon.

```pycon
>>> from gamelib.games.nim import Nim
>>> solution = solve(Nim(pile=6))
>>> solution.result, solution.plies, solution.best, solution.principal
('win', 4, 1, (1, 1, 3, 1))
>>> describe(Nim(pile=6), solution)
'Maxie, to move, wins in 4 plies; a best move: 1'

```
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import CodeType
from typing import Generic, Literal, TypeVar, final

from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.contract_search import contract_search, solver_moves
from gamelib.algorithms.packed_search import packed_search
from gamelib.algorithms.table import TranspositionTable, table_of
from gamelib.core.checks import check_solve_depth, plural
from gamelib.core.contracts import check_turn, diagnose
from gamelib.core.datatypes import (
    Playing,
    Side,
    flip,
)
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.search.packed import packing_of
from gamelib.search.player import recursion_error

__all__ = [
    "BIG",
    "Result",
    "Solution",
    "SolveInterruptedError",
    "compare_results",
    "describe",
    "paused_collector",
    "plies",
    "result_value",
    "solve",
    "solver_moves",
    "winner_of",
]

S = TypeVar("S")
M = TypeVar("M")

BIG = 1_000_000_000
"""The value of a win now; a game longer than this many plies cannot be solved."""
_WON = BIG // 2  # values beyond this (either way) are wins and losses, with their distance

Result = Literal["win", "loss", "draw", "unknown"]
"""How the game ends for the side to move (`"unknown"`: not within a depth-limited solve)."""


@final
@dataclass(frozen=True)
class Solution(Generic[S, M]):
    """What a solve found for one position."""

    state: S
    """The position solved."""
    to_move: Side
    """Whose turn it is there."""
    result: Result
    """How the game ends for `to_move`, under perfect play."""
    plies: int
    """Plies from this position to the end of the game, the winner hurrying and the loser
    delaying (for a draw: along the principal variation; for an unknown result: to the
    depth limit)."""
    best: M
    """A best move: one that keeps the result and its distance."""
    principal: tuple[M, ...]
    """A line of best moves for both sides, to the end of the game (or of the depth)."""
    positions: int
    """Positions searched: every play, re-searches and the search for the principal line
    included."""
    seconds: float
    """How long it took."""
    depth: int | None = None
    """The depth limit, if the solve had one."""

    @property
    def winner(self) -> Side | None:
        """Who wins, or None for a draw."""
        return winner_of(self.result, self.to_move)

    @property
    def value(self) -> int:
        """The value as the solver ranks it: larger is better for `to_move`."""
        return result_value(self.result, self.plies)


class SolveInterruptedError(StoppedError):
    """A solve stopped before it finished (Ctrl-C); it says what it knew."""

    def __init__(
        self, lower: int | None, upper: int | None, positions: int, depth: int | None = None
    ) -> None:
        self.lower = lower
        """The value was proved at least this (None: nothing proved from below)."""
        self.upper = upper
        """The value was proved at most this (None: nothing proved from above)."""
        self.positions = positions
        """Positions searched before it stopped."""
        self.depth = depth
        """The solve's depth limit, if it had one."""
        super().__init__(f"stopped after {positions:,} positions: {_known(lower, upper, depth)}")


def winner_of(result: Result, to_move: Side) -> Side | None:
    """Who wins when the game ends in `result` for `to_move` (None: a draw, or unknown)."""
    match result:
        case "win":
            return to_move
        case "loss":
            return flip(to_move)
        case "draw" | "unknown":
            return None


def _word(value: int, depth: int | None) -> str:
    if value > _WON:
        return f"a win in {plural(BIG - value, 'ply', 'plies')}"
    if value < -_WON:
        return f"a loss in {plural(BIG + value, 'ply', 'plies')}"
    return "a draw" if depth is None else f"no forced result within {plural(depth, 'ply', 'plies')}"


def _known(lower: int | None, upper: int | None, depth: int | None) -> str:
    if lower is None and upper is None:
        return "nothing is known yet"
    if lower is not None and lower == upper:
        return f"the side to move can expect {_word(lower, depth)}"
    if lower is not None and upper is not None:
        return (
            f"the side to move can expect between {_word(lower, depth)} and {_word(upper, depth)}"
        )
    if lower is not None:
        return f"the side to move can expect at least {_word(lower, depth)}"
    assert upper is not None
    return f"the side to move can expect at most {_word(upper, depth)}"


def compare_results(a: tuple[Result, int], b: tuple[Result, int]) -> int:
    """Which of two (result, plies) is better for the side to move: -1, 0 or 1.

    ```pycon
    >>> compare_results(("win", 3), ("win", 5)), compare_results(("loss", 3), ("draw", 9))
    (1, -1)

    ```
    """

    x, y = result_value(*a), result_value(*b)
    return (x > y) - (x < y)


def result_value(result: Result, plies: int) -> int:
    """A result as the solver ranks it, larger better for the side to move: a win sooner
    is worth more, a loss later is worth more, a draw (or an unknown) is 0.

    ```pycon
    >>> result_value("win", 3) > result_value("win", 5) > 0 > result_value("loss", 9)
    True

    ```
    """
    match result:
        case "win":
            return BIG - plies
        case "loss":
            return -(BIG - plies)
        case "draw" | "unknown":
            return 0


def solve(
    game: Game[S, M],
    state: S | None = None,
    *,
    table: TranspositionTable[M, int] | int | None = 1_000_000,
    depth: int | None = None,
    order: Callable[[S], Sequence[M]] | None = None,
    progress: Callable[[int], None] | None = None,
    every: int = 100_000,
) -> Solution[S, M]:
    """Solve `state` (default the start) exactly: see the module.

    `table` is a transposition table, or the number of entries for a new
    one (None or 0 for none; a table needs hashable or keyed states).  A
    table may be passed from one solve to the next: its values count from
    the position stored, so they hold wherever it recurs.
    `depth`, if given, is how many plies the search looks ahead (at least 1).
    `order` gives the moves to try at a state, every legal move best first
    (default: [`solver_moves`][gamelib.algorithms.contract_search.solver_moves]).
    `progress`, if given, is called with the positions searched so far
    every `every` positions. Ctrl-C raises
    [`SolveInterruptedError`][gamelib.algorithms.exact.SolveInterruptedError] with the bounds proved
    so far.
    """
    began = time.perf_counter()
    s0 = game.start if state is None else state
    depth = check_solve_depth(depth)
    table = table_of(table)
    if table is not None:
        table.claim(game)  # a table another game filled would answer for that game
    check_turn(game, s0)
    try:
        with paused_collector():
            found = _solve(game, s0, table, depth, order, progress, every, began)
            # Dropped before the collector resumes: a table made for this solve is freed
            # now, where the collector would otherwise walk all its entries once more.
            del table
            return found
    except (AttributeError, TypeError, AssertionError) as error:
        broken = diagnose(game, s0, depth)
        if broken is None:
            raise
        raise broken from error


@contextmanager
def paused_collector() -> Iterator[None]:
    """Python's cycle collector paused for the block, and resumed after if it was running.

    A solve makes millions of tuples and ints and no reference cycles, and its table
    holds up to a million entries, which the collector would walk through again and
    again for nothing; reference counting still frees all that a solve drops.  Each
    `solve` pauses it; so do several solves that share one table (every column of
    `gamelib solve --all`, a batch of positions), since the collector would otherwise
    walk the entries each solve added as soon as it resumed.  When the outermost pause
    ends, what the block made and kept is moved to the collector's oldest generation,
    which only a full collection walks: else the first young pass after it would walk
    all of it once (unless someone else froze objects with `gc.freeze`, which this
    would undo).

    ```pycon
    >>> import gc
    >>> with paused_collector():
    ...     with paused_collector():  # an inner pause leaves it as it found it
    ...         pass
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True

    ```
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if not gc.get_freeze_count():
                # What the block made and kept (a proof, a table) is counted as young, and
                # the collector's first pass after it would walk every such object for
                # nothing: it goes to the oldest generation at once instead, where only a
                # full collection looks (gc.freeze resets the young count; unfreeze puts
                # the objects in the oldest generation).  Skipped when someone else froze
                # objects, which unfreeze would let go.
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@final
@dataclass(frozen=True, slots=True)
class _Core(Generic[S, M]):
    """One solve's search, as the driver (`_solve`) uses it."""

    top: Callable[[S, int, int, int], tuple[int, M]]
    """Search a state `ply` moves from the root with the window (alpha, beta), the table
    not answering for it: its value (fail-soft, counted from the root) and the best move
    found."""
    positions: Callable[[], int]
    """Positions searched so far."""
    finish: Callable[[], None]
    """Settle what the search owes the table (its counts), stopped or not."""
    code: CodeType | None
    """The recursive function's code, to name it when Python's stack runs out (None:
    compiled, with no code object)."""


def _solve(
    game: Game[S, M],
    s0: S,
    table: TranspositionTable[M, int] | None,
    depth: int | None,
    order: Callable[[S], Sequence[M]] | None,
    progress: Callable[[int], None] | None,
    every: int,
    began: float,
) -> Solution[S, M]:
    """`solve`, its arguments checked: MTD(f) over a search of the game's packed positions
    when it offers them (and no depth or order is asked for), else through its contract."""
    packing = packing_of(game) if depth is None and order is None else None
    core = (
        _Core(*contract_search(game, table, depth, order, progress, every, BIG))
        if packing is None
        else _Core(*packed_search(packing, table, progress, every, BIG))
    )

    def line(first: M, value: int) -> tuple[M, ...]:
        """Best moves from the root, beginning with `first`, to the end of the game or of
        the depth.  Each position's value is known, so one empty-window search at it finds
        a move that keeps it (through the table, these are short).
        """
        moves = [first]
        mover = game.player(s0)
        status = game.play(s0, first)
        while isinstance(status, Playing) and (depth is None or len(moves) < depth):
            s = status.state
            here = game.player(s)
            v = value if here is mover else -value  # the same value, from `here`'s side
            _, found = core.top(s, len(moves), v - 1, v)  # at least v: a move worth exactly v
            moves.append(found)
            status = game.play(s, found)
        return tuple(moves)

    lower: int | None = None
    upper: int | None = None
    try:
        g = 0
        move: M | None = None
        lo, hi = -BIG - 1, BIG + 1
        while lo < hi:
            beta = g + 1 if g == lo else g
            value, best = core.top(s0, 0, beta - 1, beta)
            if value < beta:
                hi = upper = value
            else:
                lo = lower = value
                move = best
            g = value
        assert move is not None  # the value was reached from below at least once
        result: Result
        checked = 0  # positions the draw check took
        if lo > _WON:
            result = "win"
        elif lo < -_WON:
            result = "loss"
        else:
            drawn, checked = (True, 0) if depth is None else _draw_within(game, s0, depth)
            result = "draw" if drawn else "unknown"
        principal = line(move, lo)
        searched = core.positions() + checked
    except KeyboardInterrupt:
        raise SolveInterruptedError(lower, upper, core.positions(), depth) from None
    except RecursionError as error:  # deeper than Python's stack: one sentence
        raise recursion_error(depth, error, core.code) from None
    finally:
        core.finish()
    plies = BIG - abs(lo) if result in ("win", "loss") else len(principal)
    return Solution(
        s0,
        game.player(s0),
        result,
        plies,
        move,
        principal,
        searched,
        time.perf_counter() - began,
        depth,
    )


def _draw_within(game: Game[S, M], state: S, depth: int) -> tuple[bool, int]:
    """Whether both sides can avoid losing within `depth` plies, every line finished,
    and the positions it took to find out.

    A depth-limited value of 0 is a draw only then; otherwise it may stand for
    positions the search did not look past.
    """
    mover = game.player(state)
    positions = 0
    for side in (mover, flip(mover)):
        answer = solve_goal(game, Goal.NOT_LOSE, state, side, depth=depth)
        positions += answer.positions
        if not answer.holds:
            return False, positions
    return True, positions


def plies(count: int) -> str:
    """`count` plies, in words: "1 ply", "3 plies"."""
    return plural(count, "ply", "plies")


def describe(game: Game[S, M], solution: Solution[S, M]) -> str:
    """The solution in words, as `gamelib solve` prints it."""
    side = solution.to_move
    best = game.move_to_string(solution.best)
    match solution.result:
        case "win":
            return f"{side}, to move, wins in {plies(solution.plies)}; a best move: {best}"
        case "loss":
            return (
                f"{side}, to move, loses: {flip(side)} wins in {plies(solution.plies)}; "
                f"{side}'s best move: {best}"
            )
        case "draw":
            return (
                f"a draw, with best play ({plies(solution.plies)} to the end); a best move: {best}"
            )
        case "unknown":
            return (
                f"no forced result within {plies(solution.plies)} for either side; "
                f"a best move so far: {best}"
            )
