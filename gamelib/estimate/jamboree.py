"""The Jamboree functor (15-150 handouts) as a factory function.

At each node the first ⌊p·n⌋ of its n moves are searched one by one,
alpha-beta style; the rest are evaluated together with ``seq.map`` (in
parallel, in principle) against the window those first moves produced.
p = 0 estimates exactly what Minimax does; p = 1 exactly what AlphaBeta does.

>>> from gamelib.estimate import Settings
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
>>> player = Jamboree(Settings(tree_estimator(ExplicitGame(SMALL)), 2), 0.5)
>>> print(*player.analyse(player.game.start))
1 Guess 4
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

from toolz import compose

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Playing, Side, Status
from gamelib.estimate.alphabeta import make_scan
from gamelib.estimate.estimator import Definitely, Est, Guess, Settings
from gamelib.estimate.observe import SearchObserver, instrument
from gamelib.estimate.player import BuiltPlayer, Edge, SearchPlayer, guard_depth
from gamelib.estimate.window import Bound, NegInf, PosInf

__all__ = ["Jamboree"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def Jamboree(
    settings: Settings[S, M, G],
    prune_percentage: float,
    observer: SearchObserver[S, M, G] | None = None,
) -> SearchPlayer[S, M, G]:
    """A player that searches the first ``prune_percentage`` of each node's moves in order.

    REQUIRES: ``0 <= prune_percentage <= 1`` (``ValueError`` naming it otherwise).
    An ``observer`` is told about every position visited (see :mod:`gamelib.trace`).
    """
    p = prune_percentage
    if not 0.0 <= p <= 1.0:  # also rejects NaN
        raise ValueError(f"prune percentage must be between 0 and 1, got {p}")
    est = settings.estimator
    game = est.game
    compare = est.compare

    def move_of(edge: Edge[M, G]) -> M:
        return edge[0]

    def value_of(edge: Edge[M, G]) -> Est[G]:
        return edge[1]

    def max_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if compare(e1[1], e2[1]) is LESS else e1

    def min_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if compare(e1[1], e2[1]) is GREATER else e1

    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G]) -> Edge[M, G]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""
        side = game.player(s)
        moves = game.moves(s)
        first, rest = seq.split(moves, math.floor(p * seq.length(moves)))
        best, alpha, beta, pruned = scan(d, s, side, first, alpha, beta)
        if pruned or seq.length(rest) == 0:
            if best is None:
                raise ValueError(f"the game offered no moves in a state still being played: {s!r}")
            return best
        # The rest, all against the same window: none of them can narrow it for another.
        mapped = seq.map(lambda m: (m, child(d - 1, play(s, m), alpha, beta)), rest)
        better = max_ if side is Side.Maxie else min_
        if best is not None:
            mapped = seq.cons(best, mapped)
        return seq.reduce1(better, mapped)

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        """REQUIRES: d >= 0."""
        # isinstance, not match: a class pattern costs several times more, once per position.
        if isinstance(st, Playing):
            if d == 0:
                return Guess(est.estimate(st.state))
            return value_of(search(d, st.state, alpha, beta))
        return Definitely(st.outcome)

    play, child = instrument(observer, game.play, evaluate)
    scan = make_scan(play, compare, child)

    depth = settings.search_depth

    def search_root(s: S) -> Edge[M, G]:
        return search(depth, s, NegInf, PosInf)

    analyse = guard_depth(depth, search_root)
    next_move: Callable[[S], M] = compose(move_of, analyse)
    return BuiltPlayer(f"Jamboree(depth {depth}, prune {p:g})", settings, next_move, analyse)
