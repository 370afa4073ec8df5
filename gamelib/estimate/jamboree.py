"""The Jamboree functor (15-150 handouts) as a factory function.

At each position the first ⌊p·n⌋ of its n moves are searched one by one,
alpha-beta style; the rest are evaluated together with `seq.map` (in
parallel, in principle) against the window those first moves produced.
p = 0 estimates exactly what Minimax does; p = 1 exactly what AlphaBeta does.

The prune percentage p is part of Jamboree's settings, as in the handout,
whose functor takes a SETTINGS structure with `prune_percentage` added:
[`JamboreeSettings`][gamelib.estimate.jamboree.JamboreeSettings] is
[`Settings`][gamelib.core.estimator.Settings] with it.

```pycon
>>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
>>> player = Jamboree(JamboreeSettings(tree_estimator(ExplicitGame(SMALL)), 2, 0.5))
>>> print(*player.analyse(player.game.start))
1 Guess 4

```
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol, TypeVar, final

from gamelib import seq
from gamelib.core.checks import echo_value
from gamelib.core.datatypes import Done, Playing, Side, Status
from gamelib.core.estimator import Definitely, Est, Guess, Settings, checked_estimate
from gamelib.core.window import Bound, above, below
from gamelib.estimate._scan import BestEdge, Pruned, make_scan
from gamelib.search.events import Cut, SearchObserver
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    Scanned,
    SearchPlayer,
    edge_max,
    edge_min,
    no_moves,
    ordered_moves,
    search_player,
    windowed_root,
)
from gamelib.seq import EmptySeqError, Seq

__all__ = ["Jamboree", "JamboreeSettings", "Spread"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)


@final
@dataclass(frozen=True, slots=True)
class JamboreeSettings(Settings[S, M, G]):
    """Jamboree's settings: [`Settings`][gamelib.core.estimator.Settings] and the prune
    percentage.

    REQUIRES: `0 <= prune_percentage <= 1`; otherwise `ValueError` (or
    `TypeError` for something that is not a number) naming it.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> JamboreeSettings(nim_estimator(Nim()), 4, 1.5)
    Traceback (most recent call last):
    ...
    ValueError: prune percentage must be between 0 and 1, got 1.5

    ```
    """

    prune_percentage: float
    """The share of each position's moves searched one by one, before the rest together."""

    def __post_init__(self) -> None:
        # Not super(): zero-argument super() fails in slotted dataclasses before Python 3.14.
        Settings.__post_init__(self)
        p: object = self.prune_percentage
        if not isinstance(p, int | float) or isinstance(p, bool):
            raise TypeError(f"prune percentage must be a number, got {echo_value(p)}")
        if not 0.0 <= p <= 1.0:  # also rejects NaN
            raise ValueError(f"prune percentage must be between 0 and 1, got {echo_value(p)}")


class Spread(Protocol[S_contra, M, G]):
    """Evaluates the moves Jamboree searches all at once, elsewhere (on other processes).

    `spread(d, s, rest, α, β)` gives the edges for `rest`, in order, each
    child searched `d - 1` deep through (α, β); or None, to leave them to
    the search itself, one after another.
    """

    def __call__(
        self, d: int, s: S_contra, rest: Seq[M], alpha: Bound[G], beta: Bound[G], /
    ) -> Seq[Edge[M, G]] | None: ...


def Jamboree(
    settings: JamboreeSettings[S, M, G],
    /,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    spread: Spread[S, M, G] | None = None,
) -> SearchPlayer[S, M, G]:
    """A player that searches the first `prune_percentage` of each position's moves in order.

    An `observer` is told everything the search does (see
    [`gamelib.search.events`][gamelib.search.events]).  `spread`, if given, evaluates the moves
    searched together (see `gamelib.parallel.split`); the value, the move
    and the positions estimated are the same.
    """
    p = settings.prune_percentage
    est = settings.estimator
    game = est.game
    compare = est.compare
    moves_of = ordered_moves(settings)
    play = game.play
    estimate = checked_estimate(est.estimate, game, estimator=est)
    max_ = edge_max(compare)
    min_ = edge_min(compare)

    def search(d: int, s: S, alpha: Bound[G], beta: Bound[G], /) -> Scanned[M, G]:
        """REQUIRES: d > 0 and s is still being played (so it has moves)."""
        side = game.player(s)
        moves = moves_of(s)
        first, rest = seq.split(moves, math.floor(p * seq.length(moves)))
        best: Edge[M, G] | None = None
        if seq.length(first) > 0:
            match scan(d, s, side, first, alpha, beta):
                case Pruned((m, x), unsearched):
                    return Cut((m, x, seq.append(unsearched, rest)))
                case BestEdge(best) if seq.length(rest) == 0:
                    return best
                case BestEdge(best):
                    # The window the first moves left: their best value, where it narrowed it.
                    x = best[1]
                    if side is Side.Maxie and above(x, alpha, compare):
                        alpha = x
                    elif side is Side.Minnie and below(x, beta, compare):
                        beta = x
        # The rest, all against the same window: none of them can narrow it for another.
        mapped = None if spread is None else spread(d, s, rest, alpha, beta)
        if mapped is None:
            mapped = seq.map(lambda m: (m, evaluate(d - 1, play(s, m), alpha, beta)), rest)
        if best is not None:
            mapped = seq.cons(best, mapped)
        try:
            return seq.reduce1(max_ if side is Side.Maxie else min_, mapped)
        except EmptySeqError:  # no moves at all: the game broke its contract
            raise no_moves(game, s) from None

    def evaluate(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
        """REQUIRES: d >= 0."""
        match st:  # no captures: binding `Playing(s)` cost 10% more per position
            case Playing() if d > 0:
                return search(d, st.state, alpha, beta)[1]  # the value, of an edge or a cut
            case Playing():
                return Guess(estimate(st.state))
            case Done():
                return Definitely(st.outcome)

    depth = settings.search_depth
    root = windowed_root(search, depth)

    if observer is not None:
        watch = Watch(game, observer, compare)
        play, search, evaluate, root = watch.windowed(search, evaluate, root, depth)

    # Made last, from the play and evaluate an observer may have swapped for its twins.
    scan = make_scan(game, play, compare, evaluate)
    return search_player(f"Jamboree(depth {depth}, prune {p:g})", settings, root, window=search)
