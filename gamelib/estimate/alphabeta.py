"""The AlphaBeta functor (lecture 22.5, "Games III") as a factory function.

Like Minimax, but each node walks its moves one at a time with ``show1``,
carrying the window (α, β), and classifies each child's value with the
lecture's chart (see :func:`gamelib.estimate.window.chart`): ignore it,
narrow the window, or prune the remaining moves.  Only a strictly better
child replaces the best edge, so ties keep the first move, as in Minimax.

>>> from gamelib.estimate import Settings
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
>>> from gamelib.estimate.observe import RecordingEstimator
>>> est = RecordingEstimator(tree_estimator(ExplicitGame(SMALL)))
>>> move, value = AlphaBeta(Settings(est, 2)).analyse(est.game.start)
>>> print(move, value, [s.node.name for s in est.estimated])
1 Guess 4 ['c', 'd', 'e', 'g', 'h', 'i', 'k']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from toolz import compose

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Order, Playing, Side, Status
from gamelib.estimate.estimator import Definitely, Est, Guess, Settings
from gamelib.estimate.observe import SearchObserver, instrument
from gamelib.estimate.player import BuiltPlayer, Edge, SearchPlayer, guard_depth
from gamelib.estimate.window import Bound, Infinity, NegInf, PosInf
from gamelib.seq import Cons, Seq

__all__ = ["AlphaBeta", "Evaluate", "Scan", "make_scan"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)

Scan = Callable[
    [int, S, Side, Seq[M], Bound[G], Bound[G]],
    tuple[Edge[M, G] | None, Bound[G], Bound[G], bool],
]
"""``scan(d, s, side, moves, α, β) -> (best, α, β, pruned)``."""


class Evaluate(Protocol[S_contra, G]):
    """The ``evaluate`` of a windowed search: a status, a depth, a window."""

    def __call__(
        self, d: int, st: Status[S_contra], alpha: Bound[G], beta: Bound[G], /
    ) -> Est[G]: ...


def make_scan(
    play: Callable[[S, M], Status[S]],
    compare: Callable[[Est[G], Est[G]], Order],
    evaluate: Evaluate[S, G],
) -> Scan[S, M, G]:
    """The move loop of alpha-beta, shared by AlphaBeta and Jamboree's first moves.

    ``scan(d, s, side, moves, α, β)`` evaluates the children of ``s`` reached
    by ``moves``, in order, one at a time, each with ``evaluate(d - 1, ...)``
    against the current window, and applies the chart to its value ``x``:

    - Maxie: ``x <= α`` ignore; ``α < x < β`` update α; ``β <= x`` prune.
    - Minnie: ``x <= α`` prune; ``α < x < β`` update β; ``β <= x`` ignore.

    It returns the best edge seen (the first of equals), the final window and
    whether it pruned.  α is never +∞ and β never −∞, and the best value seen
    never beats the bound on the mover's side (Maxie: best <= α; Minnie:
    best >= β) until it moves that bound, so a child that moves the bound is
    the new best without another comparison.
    """

    def scan(
        d: int, s: S, side: Side, moves: Seq[M], alpha: Bound[G], beta: Bound[G]
    ) -> tuple[Edge[M, G] | None, Bound[G], Bound[G], bool]:
        best: Edge[M, G] | None = None
        rest = moves
        maxie = side is Side.Maxie
        # --8<-- [start:scan]
        while True:
            view = seq.show1(rest)
            if not isinstance(view, Cons):
                return best, alpha, beta, False
            m = view.head
            rest = view.tail
            x = evaluate(d - 1, play(s, m), alpha, beta)
            if maxie:
                if isinstance(alpha, Infinity) or compare(x, alpha) is GREATER:  # α < x
                    best = (m, x)
                    if isinstance(beta, Infinity) or compare(x, beta) is LESS:  # x < β
                        alpha = x  # update α
                    else:
                        return best, alpha, beta, True  # β <= x: prune
                elif best is None or compare(best[1], x) is LESS:  # x <= α: ignore
                    best = (m, x)
            elif isinstance(beta, Infinity) or compare(x, beta) is LESS:  # x < β
                best = (m, x)
                if isinstance(alpha, Infinity) or compare(x, alpha) is GREATER:  # α < x
                    beta = x  # update β
                else:
                    return best, alpha, beta, True  # x <= α: prune
            elif best is None or compare(best[1], x) is GREATER:  # β <= x: ignore
                best = (m, x)

    return scan

    # --8<-- [end:scan]


def AlphaBeta(
    settings: Settings[S, M, G], observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    """A player that finds Minimax's move and value while skipping what cannot matter.

    An ``observer`` is told about every position visited (see :mod:`gamelib.trace`).
    """
    est = settings.estimator
    game = est.game

    def move_of(edge: Edge[M, G]) -> M:
        return edge[0]

    def value_of(edge: Edge[M, G]) -> Est[G]:
        return edge[1]

    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G]) -> Edge[M, G]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""
        best, _, _, _ = scan(d, s, game.player(s), game.moves(s), alpha, beta)
        if best is None:
            raise ValueError(f"the game offered no moves in a state still being played: {s!r}")
        return best

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        """REQUIRES: d >= 0."""
        # isinstance, not match: a class pattern costs several times more, once per position.
        if isinstance(st, Playing):
            if d == 0:
                return Guess(est.estimate(st.state))
            return value_of(search(d, st.state, alpha, beta))
        return Definitely(st.outcome)

    play, child = instrument(observer, game.play, evaluate)
    scan = make_scan(play, est.compare, child)
    depth = settings.search_depth

    def search_root(s: S) -> Edge[M, G]:
        return search(depth, s, NegInf, PosInf)

    analyse = guard_depth(depth, search_root)
    next_move: Callable[[S], M] = compose(move_of, analyse)
    return BuiltPlayer(f"AlphaBeta(depth {depth})", settings, next_move, analyse)
