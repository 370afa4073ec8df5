"""Exact game values with distance: who wins, and in how many plies, under perfect play.

A solve searches to the end of the game and says how it ends from the
position asked about and how many plies it takes, the winner hurrying and
the loser delaying: a win sooner beats a win later, which beats a draw,
which beats a loss later, which beats a loss sooner.  It works on any
finite game; nothing is estimated.

Inside, a position's value is an integer from the side to move's point of
view: a win that ends the game at ply p, counted from the position asked
about, is worth ``BIG - p``; a loss there ``-(BIG - p)``; a draw 0.  So the
value of a move is the negation of the value of the position it leads to,
as in negamax, and the larger is always the better.  The transposition
table stores win and loss values counted from the position stored (not
from the root), so an entry is right wherever the position recurs.

The driver is MTD(f) over these integers: null-window alpha-beta tests
(β − 1, β) at the root, each at the bound the last one returned, until the
value is pinned between them.  Stopped (Ctrl-C), a solve says what it knew:
the bounds proved so far (:class:`SolveInterruptedError`).

>>> from gamelib.games.nim import Nim
>>> solution = solve(Nim(pile=6))
>>> solution.result, solution.plies, solution.best, solution.principal
('win', 4, 1, (1, 1, 3, 1))
>>> describe(Nim(pile=6), solution)
'Maxie, to move, wins in 4 plies; a best move: 1'
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar, final

from gamelib import seq
from gamelib.algorithms.table import Entry, TranspositionTable
from gamelib.core.datatypes import (
    EQUAL,
    GREATER,
    LESS,
    Done,
    Draw,
    Order,
    Outcome,
    Playing,
    Side,
    flip,
)
from gamelib.core.game import Game
from gamelib.search.capabilities import state_key
from gamelib.search.events import BoundKind
from gamelib.search.player import no_moves

__all__ = [
    "BIG",
    "Result",
    "Solution",
    "SolveInterruptedError",
    "compare_results",
    "describe",
    "solve",
]

S = TypeVar("S")
M = TypeVar("M")

BIG = 1_000_000_000
"""The value of a win now; a game longer than this many plies cannot be solved."""
_WON = BIG // 2  # values beyond this (either way) are wins and losses, with their distance

Result = Literal["win", "loss", "draw"]
"""How the game ends for the side to move."""


@final
@dataclass(frozen=True)
class Solution(Generic[S, M]):
    """What a solve found for one position."""

    state: S
    """The position solved."""
    to_move: Side
    """Whose turn it is there."""
    result: Result
    """How the game ends for ``to_move``, under perfect play."""
    plies: int
    """Plies from this position to the end of the game, the winner hurrying and the loser
    delaying (for a draw: along the principal variation)."""
    best: M
    """A best move: one that keeps the result and its distance."""
    principal: tuple[M, ...]
    """A line of best moves for both sides, to the end of the game."""
    positions: int
    """Positions searched (every play, re-searches included)."""
    seconds: float
    """How long it took."""

    @property
    def winner(self) -> Side | None:
        """Who wins, or None for a draw."""
        match self.result:
            case "win":
                return self.to_move
            case "loss":
                return flip(self.to_move)
            case "draw":
                return None

    @property
    def value(self) -> int:
        """The value as the solver ranks it: larger is better for ``to_move``."""
        if self.result == "draw":
            return 0
        return BIG - self.plies if self.result == "win" else -(BIG - self.plies)


class SolveInterruptedError(Exception):
    """A solve stopped before it finished (Ctrl-C); it says what it knew."""

    def __init__(self, lower: int | None, upper: int | None, positions: int) -> None:
        self.lower = lower
        """The value was proved at least this (None: nothing proved from below)."""
        self.upper = upper
        """The value was proved at most this (None: nothing proved from above)."""
        self.positions = positions
        """Positions searched before it stopped."""
        super().__init__(f"stopped after {positions:,} positions: {_known(lower, upper)}")


def _word(value: int) -> str:
    if value > _WON:
        return f"a win in {BIG - value} plies"
    if value < -_WON:
        return f"a loss in {BIG + value} plies"
    return "a draw"


def _known(lower: int | None, upper: int | None) -> str:
    if lower is None and upper is None:
        return "nothing is known yet"
    if lower is not None and upper is not None:
        return f"the side to move can expect between {_word(lower)} and {_word(upper)}"
    if lower is not None:
        return f"the side to move can expect at least {_word(lower)}"
    assert upper is not None
    return f"the side to move can expect at most {_word(upper)}"


def compare_results(a: tuple[Result, int], b: tuple[Result, int]) -> int:
    """Which of two (result, plies) is better for the side to move: -1, 0 or 1.

    >>> compare_results(("win", 3), ("win", 5)), compare_results(("loss", 3), ("draw", 9))
    (1, -1)
    """

    def rank(r: tuple[Result, int]) -> int:
        result, plies = r
        return 0 if result == "draw" else BIG - plies if result == "win" else -(BIG - plies)

    x, y = rank(a), rank(b)
    return (x > y) - (x < y)


def _to_entry(value: int, ply: int) -> int:
    """A value counted from the root, as counted from the position at ``ply``."""
    if value > _WON:
        return value + ply
    if value < -_WON:
        return value - ply
    return value


def _from_entry(value: int, ply: int) -> int:
    if value > _WON:
        return value - ply
    if value < -_WON:
        return value + ply
    return value


def _ended(outcome: Outcome, mover: Side, ply: int) -> int:
    """The value, to ``mover``, of a game that ended with ``outcome`` at ``ply``."""
    if isinstance(outcome, Draw):
        return 0
    return BIG - ply if outcome.side is mover else -(BIG - ply)


def solve(
    game: Game[S, M],
    state: S | None = None,
    *,
    table: TranspositionTable[M, int] | int | None = 1_000_000,
    progress: Callable[[int], None] | None = None,
    every: int = 100_000,
) -> Solution[S, M]:
    """Solve ``state`` (default the start) exactly: see the module.

    ``table`` is a transposition table, or the number of entries for a new
    one (None or 0 for none; a table needs hashable or keyed states).
    ``progress``, if given, is called with the positions searched so far
    every ``every`` positions.  Ctrl-C raises :class:`SolveInterruptedError`
    with the bounds proved so far.
    """
    began = time.perf_counter()
    s0 = game.start if state is None else state
    if isinstance(table, int):
        table = TranspositionTable(table) if table > 0 else None
    key_of = state_key(game) if table is not None else None
    counter = itertools.count(1)
    positions = [0]

    def play(s: S, m: M) -> Playing[S] | Done:
        n = next(counter)
        positions[0] = n
        if progress is not None and n % every == 0:
            progress(n)
        return game.play(s, m)

    def search(s: S, ply: int, alpha: int, beta: int) -> tuple[M, int]:
        """The best move and value for the side to move at ``s``, values counted from the root."""
        mover = game.player(s)
        moves = seq.to_tuple(game.moves(s))
        if not moves:
            raise no_moves(game, s)
        key: Hashable = None
        first: M | None = None
        if key_of is not None and table is not None:
            key = key_of(s)
            entry = table.probe(key)
            if entry is not None:
                # Counted from the root again, as the window is, before anything is compared.
                here = Entry(entry.depth, _from_entry(entry.value, ply), entry.bound, entry.best)
                legal = here.best if here.best in moves else None
                if ply > 0 and legal is not None and here.answers(0, alpha, beta, _order):
                    return legal, here.value
                first = legal
        if first is not None:
            moves = (first, *(m for m in moves if m != first))
        a = alpha
        best: tuple[M, int] | None = None
        for m in moves:
            st = play(s, m)
            if isinstance(st, Done):
                x = _ended(st.outcome, mover, ply + 1)
            elif game.player(st.state) is mover:  # the same side moves again
                x = search(st.state, ply + 1, a, beta)[1]
            else:
                x = -search(st.state, ply + 1, -beta, -a)[1]
            if best is None or x > best[1]:
                best = (m, x)
                if x > a:
                    a = x
                    if a >= beta:
                        break
        assert best is not None  # there were moves
        if key_of is not None and table is not None:
            x = best[1]
            kind = (
                BoundKind.LOWER if x >= beta else BoundKind.UPPER if x <= alpha else BoundKind.EXACT
            )
            table.store(key, Entry(0, _to_entry(x, ply), kind, best[0]))
        return best

    lower: int | None = None
    upper: int | None = None
    try:
        g = 0
        move: M | None = None
        lo, hi = -BIG - 1, BIG + 1
        while lo < hi:
            beta = g + 1 if g == lo else g
            found, value = search(s0, 0, beta - 1, beta)
            if value < beta:
                hi = upper = value
            else:
                lo = lower = value
                move = found
            g = value
        assert move is not None  # the value was reached from below at least once
    except KeyboardInterrupt:
        raise SolveInterruptedError(lower, upper, positions[0]) from None
    principal = _principal(game, s0, move, table)
    result: Result = "win" if lo > _WON else "loss" if lo < -_WON else "draw"
    plies = BIG - abs(lo) if result != "draw" else len(principal)
    return Solution(
        s0,
        game.player(s0),
        result,
        plies,
        move,
        principal,
        positions[0],
        time.perf_counter() - began,
    )


def _order(a: int, b: int) -> Order:
    return LESS if a < b else GREATER if a > b else EQUAL


def _principal(
    game: Game[S, M], start: S, first: M, table: TranspositionTable[M, int] | None
) -> tuple[M, ...]:
    """A line of best moves from ``start``, beginning with ``first``, to the end of the game."""
    line = [first]
    status = game.play(start, first)
    while isinstance(status, Playing):
        s = status.state
        move = solve(game, s, table=table).best  # the table makes each of these short
        line.append(move)
        status = game.play(s, move)
    return tuple(line)


def describe(game: Game[S, M], solution: Solution[S, M]) -> str:
    """The solution in words, as ``gamelib solve`` prints it."""
    side = solution.to_move
    best = game.move_to_string(solution.best)
    match solution.result:
        case "win":
            return f"{side}, to move, wins in {solution.plies} plies; a best move: {best}"
        case "loss":
            return (
                f"{side}, to move, loses: {flip(side)} wins in {solution.plies} plies; "
                f"{side}'s best move: {best}"
            )
        case "draw":
            return (
                f"a draw, with best play ({solution.plies} plies to the end); a best move: {best}"
            )
