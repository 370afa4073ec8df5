"""The move loop of alpha-beta (private): the lecture's chart applied to each child in turn.

[`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta] and
[`Jamboree`][gamelib.estimate.jamboree.Jamboree]'s first moves walk a position's moves with
it; the Lecture companion shows it beside the slide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Order, Side, Status
from gamelib.core.estimator import Est
from gamelib.core.game import Game
from gamelib.core.window import Bound, Infinity
from gamelib.search.events import Cut
from gamelib.search.player import Edge, Scanned, WindowedEvaluate, no_moves
from gamelib.seq import Cons, Seq

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

Scan = Callable[[int, S, Side, Seq[M], Bound[G], Bound[G]], Scanned[M, G]]
"""`scan(d, s, side, moves, α, β)`: the best edge, or a cut."""


def make_scan(
    game: Game[S, M],
    play: Callable[[S, M], Status[S]],
    compare: Callable[[Est[G], Est[G]], Order],
    evaluate: WindowedEvaluate[S, G],
) -> Scan[S, M, G]:
    """The move loop of alpha-beta, shared by AlphaBeta and Jamboree's first moves.

    `scan(d, s, side, moves, α, β)` evaluates the children of `s` reached
    by `moves`, in order, one at a time, each with `evaluate(d - 1, ...)`
    against the current window, and applies the chart to its value `x`:

    - Maxie: `x <= α` ignore; `α < x < β` update α; `β <= x` prune.
    - Minnie: `x <= α` prune; `α < x < β` update β; `β <= x` ignore.

    It returns the best edge seen (the first of equals) when it tried every
    move, or, when it pruned, a [`Cut`][gamelib.search.events.Cut] with that edge
    and the moves left.  α is never +∞ and β never −∞, and the best value
    seen never beats the bound on the mover's side (Maxie: best <= α;
    Minnie: best >= β) until it moves that bound, so a child that moves the
    bound is the new best without another comparison.

    REQUIRES: `moves` is non-empty (else [`NoMovesError`][gamelib.core.game.NoMovesError]
    naming `s`).
    """

    # --8<-- [start:scan]
    def scan(
        d: int, s: S, side: Side, moves: Seq[M], alpha: Bound[G], beta: Bound[G]
    ) -> Scanned[M, G]:
        best: Edge[M, G] | None = None
        rest = moves
        maxie = side is Side.Maxie
        while True:
            view = seq.show1(rest)
            if not isinstance(view, Cons):
                if best is None:
                    raise no_moves(game, s)
                return best
            m = view.head
            rest = view.tail
            x = evaluate(d - 1, play(s, m), alpha, beta)
            if maxie:
                if isinstance(alpha, Infinity) or compare(x, alpha) is GREATER:  # α < x
                    if isinstance(beta, Infinity) or compare(x, beta) is LESS:  # x < β
                        best = (m, x)
                        alpha = x  # update α
                    else:
                        return Cut((m, x, rest))  # β <= x: prune
                elif best is None or compare(best[1], x) is LESS:  # x <= α: ignore
                    best = (m, x)
            elif isinstance(beta, Infinity) or compare(x, beta) is LESS:  # x < β
                if isinstance(alpha, Infinity) or compare(x, alpha) is GREATER:  # α < x
                    best = (m, x)
                    beta = x  # update β
                else:
                    return Cut((m, x, rest))  # x <= α: prune
            elif best is None or compare(best[1], x) is GREATER:  # β <= x: ignore
                best = (m, x)

    # --8<-- [end:scan]
    return scan
