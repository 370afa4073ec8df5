"""The AlphaBeta functor (lecture 22.5, "Games III") as a factory function.

Like Minimax, but each node walks its moves one at a time with ``show1``,
carrying the window (α, β), and classifies each child's value with the
lecture's chart (:func:`gamelib.estimate.window.chart`): ignore it, narrow
the window, or prune the remaining moves.  Only a strictly better child
replaces the best edge, so ties keep the first move, as in Minimax.

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
from typing import TypeVar, assert_never

from toolz import compose

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Done, Order, Playing, Side, Status
from gamelib.estimate.estimator import Definitely, Est, Guess, Settings
from gamelib.estimate.player import BuiltPlayer, Edge, SearchPlayer, guard_depth
from gamelib.estimate.window import Action, Bound, NegInf, PosInf, chart
from gamelib.seq import Cons, Seq

__all__ = ["AlphaBeta", "scan"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def scan(
    side: Side,
    moves: Seq[M],
    value: Callable[[M, Bound[G], Bound[G]], Est[G]],
    alpha: Bound[G],
    beta: Bound[G],
    compare: Callable[[Est[G], Est[G]], Order],
    best: Edge[M, G] | None = None,
) -> tuple[Edge[M, G] | None, Bound[G], Bound[G], bool]:
    """Alpha-beta over ``moves`` in order: ``(best, alpha, beta, pruned)``.

    ``value(m, alpha, beta)`` evaluates the child reached by ``m`` within the
    current window.  Stops at the first child the chart says to prune on.
    """
    worse = LESS if side is Side.Maxie else GREATER
    rest = moves
    while True:
        view = seq.show1(rest)
        if not isinstance(view, Cons):
            return best, alpha, beta, False
        m = view.head
        rest = view.tail
        x = value(m, alpha, beta)
        if best is None or compare(best[1], x) is worse:
            best = (m, x)
        action = chart(side, x, alpha, beta, compare)
        if action is Action.PRUNE:
            return best, alpha, beta, True
        if action is Action.UPDATE_ALPHA:
            alpha = x
        elif action is Action.UPDATE_BETA:
            beta = x


def AlphaBeta(settings: Settings[S, M, G]) -> SearchPlayer[S, M, G]:
    """A player that finds Minimax's move and value while skipping what cannot matter."""
    est = settings.estimator
    game = est.game
    compare = est.compare

    def move_of(edge: Edge[M, G]) -> M:
        return edge[0]

    def value_of(edge: Edge[M, G]) -> Est[G]:
        return edge[1]

    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G]) -> Edge[M, G]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""

        def child(m: M, a: Bound[G], b: Bound[G]) -> Est[G]:
            return evaluate(d - 1, game.play(s, m), a, b)

        best, _, _, _ = scan(game.player(s), game.moves(s), child, alpha, beta, compare)
        if best is None:
            raise ValueError(f"the game offered no moves in a state still being played: {s!r}")
        return best

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G]) -> Est[G]:
        """REQUIRES: d >= 0."""
        match st:
            case Playing(s):
                if d == 0:
                    return Guess(est.estimate(s))
                return value_of(search(d, s, alpha, beta))
            case Done(oc):
                return Definitely(oc)
            case _:
                assert_never(st)

    depth = settings.search_depth

    def search_root(s: S) -> Edge[M, G]:
        return search(depth, s, NegInf, PosInf)

    analyse = guard_depth(depth, search_root)
    next_move: Callable[[S], M] = compose(move_of, analyse)
    return BuiltPlayer(f"AlphaBeta(depth {depth})", settings, next_move, analyse)
