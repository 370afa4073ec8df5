"""The AlphaBeta functor (lecture 22.5, "Games III") as a factory function.

Like Minimax, but each position walks its moves one at a time with
`show1`, carrying the window (α, β), and acts on each child's value as the
lecture's chart says (see [`gamelib.core.window.chart`][gamelib.core.window.chart]): ignore
it, narrow the window, or prune the remaining moves.  Only a strictly better
child replaces the best edge, so ties keep the first move, as in Minimax.

The move loop returns a sum type: the best edge, when it tried every move,
or a [`gamelib.search.Cut`][gamelib.search.events.Cut], when it pruned: the edge that caused the
cut and the moves it left unsearched.

```pycon
>>> from gamelib import Settings
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
>>> from gamelib.search import RecordingEstimator
>>> est = RecordingEstimator(tree_estimator(ExplicitGame(SMALL)))
>>> move, value = AlphaBeta(Settings(est, 2)).analyse(est.game.start)
>>> print(move, value, [s.node.name for s in est.estimated])
1 Guess 4 ['c', 'd', 'e', 'g', 'h', 'i', 'k']

```
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Order, Playing, Side, Status
from gamelib.core.estimator import Definitely, Est, Guess, Settings, nan_guess
from gamelib.core.game import Game
from gamelib.core.window import Bound, Infinity
from gamelib.search.events import Cut, SearchObserver
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    Scanned,
    SearchPlayer,
    WindowedEvaluate,
    no_moves,
    ordered_moves,
    search_player,
    windowed_root,
)
from gamelib.seq import Cons, Seq

__all__ = ["AlphaBeta"]

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


def AlphaBeta(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    """A player that finds Minimax's move and value while skipping what cannot matter.

    An `observer` is told everything the search does, cuts included (see
    [`gamelib.search.events`][gamelib.search.events]).
    """
    est = settings.estimator
    game = est.game
    moves = ordered_moves(settings)
    play = game.play

    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G], /) -> Scanned[M, G]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""
        return scan(d, s, game.player(s), moves(s), alpha, beta)

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        """REQUIRES: d >= 0."""
        # isinstance, not match: a class pattern costs more, once per position.
        if isinstance(st, Playing):
            if d == 0:
                g = est.estimate(st.state)
                if g != g:  # NaN compares neither way: refuse it, naming the state
                    raise nan_guess(game, st.state)
                return Guess(g)
            return search(d, st.state, alpha, beta)[1]  # the value, of an edge or a cut
        return Definitely(st.outcome)

    depth = settings.search_depth
    root = windowed_root(search, depth)

    if observer is not None:
        watch = Watch(game, observer, est.compare)
        play, search, evaluate, root = watch.windowed(search, evaluate, root, depth)

    scan = make_scan(game, play, est.compare, evaluate)
    return search_player(f"AlphaBeta(depth {depth})", settings, root, window=search)
