"""The move loop of alpha-beta (private): the lecture's chart applied to each child in turn.

[`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta] and
[`Jamboree`][gamelib.estimate.jamboree.Jamboree]'s first moves walk a position's moves with
it; the Lecture companion shows it beside the slide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, NamedTuple, TypeAlias, TypeVar

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Order, Side, Status
from gamelib.core.estimator import Est
from gamelib.core.game import Game
from gamelib.core.window import CHART, Bound, column
from gamelib.search.player import Edge, WindowedEvaluate, no_moves
from gamelib.seq import Cons, Nil, Seq

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


class BestEdge(NamedTuple, Generic[M, G]):
    """Every move was tried: the best edge (the first of equals)."""

    edge: Edge[M, G]


class Pruned(NamedTuple, Generic[M, G]):
    """The chart said prune: the edge whose value did it, and the moves never tried."""

    edge: Edge[M, G]
    unsearched: Seq[M]


Looped: TypeAlias = BestEdge[M, G] | Pruned[M, G]
"""What the move loop finds: the best edge, or where it pruned (a windowed search's own
result, an edge or a cut, is `gamelib.search.player.Scanned`)."""

Scan: TypeAlias = Callable[[int, S, Side, Seq[M], Bound[G], Bound[G]], Looped[M, G]]
"""`scan(d, s, side, moves, α, β)`: the best edge, or where it pruned."""


def make_scan(
    game: Game[S, M],
    play: Callable[[S, M], Status[S]],
    compare: Callable[[Est[G], Est[G]], Order],
    evaluate: WindowedEvaluate[S, G],
) -> Scan[S, M, G]:
    """The move loop of alpha-beta, shared by AlphaBeta and Jamboree's first moves.

    `scan(d, s, side, moves, α, β)` evaluates the children of `s` reached by `moves`, in
    order, one at a time, each with `evaluate(d - 1, ...)` against the current window, and
    does what the lecture's chart ([`CHART`][gamelib.core.window.CHART]) says with its
    value `x`, in the column it falls in: ignore it, update α (Maxie) or β (Minnie), or
    prune.  A child that updates the window is the best so far; an ignored one replaces
    the best only when strictly better, so ties keep the first move.

    REQUIRES: `moves` is non-empty (else [`NoMovesError`][gamelib.core.game.NoMovesError]
    naming `s`).
    """

    # --8<-- [start:scan]
    def scan(
        d: int, s: S, side: Side, moves: Seq[M], alpha: Bound[G], beta: Bound[G]
    ) -> Looped[M, G]:
        row = CHART[side]  # this side's row of the chart
        better = GREATER if side is Side.Maxie else LESS
        best: Edge[M, G] | None = None
        rest = moves
        while True:
            view = seq.show1(rest)
            match view:
                case Cons():
                    m, rest = view.head, view.tail
                    x = evaluate(d - 1, play(s, m), alpha, beta)
                    match row[column(x, alpha, beta, compare)]:
                        case "ignore":
                            if best is None or compare(x, best[1]) is better:
                                best = (m, x)
                        case "update α":
                            alpha, best = x, (m, x)
                        case "update β":
                            beta, best = x, (m, x)
                        case "prune":
                            return Pruned((m, x), rest)
                case Nil():
                    if best is None:
                        raise no_moves(game, s)
                    return BestEdge(best)

    # --8<-- [end:scan]
    return scan
