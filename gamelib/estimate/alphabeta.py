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

from typing import TypeVar

from gamelib.core.datatypes import Done, Playing, Status
from gamelib.core.estimator import Definitely, Est, Guess, Settings, checked_estimate
from gamelib.core.window import Bound
from gamelib.estimate._scan import BestEdge, Pruned, make_scan
from gamelib.search.events import Cut, SearchObserver
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    SearchPlayer,
    ordered_moves,
    search_player,
    windowed_root,
)

__all__ = ["AlphaBeta"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


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
    estimate = checked_estimate(est.estimate, game, estimator=est)

    # --8<-- [start:search]
    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G], /) -> Edge[M, G] | Cut[M, Est[G]]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""
        found = scan(d, s, game.player(s), moves(s), alpha, beta)
        match found:
            case BestEdge():
                return found.edge
            case Pruned():  # the search core's cut: the edge, and the moves it left
                return Cut((*found.edge, found.unsearched))

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        """REQUIRES: d >= 0."""
        match st:  # no captures: binding `Playing(s)` cost 10% more per position
            case Playing() if d > 0:
                return search(d, st.state, alpha, beta)[1]  # the value, of an edge or a cut
            case Playing():
                return Guess(estimate(st.state))
            case Done():
                return Definitely(st.outcome)

    # --8<-- [end:search]
    depth = settings.search_depth
    root = windowed_root(search, depth)

    if observer is not None:
        watch = Watch(game, observer, est.compare)
        play, search, evaluate, root = watch.windowed(search, evaluate, root, depth)

    # Made last, from the play and evaluate an observer may have swapped for its twins.
    scan = make_scan(game, play, est.compare, evaluate)
    return search_player(f"AlphaBeta(depth {depth})", settings, root, window=search)
