"""The Minimax functor (slides 22.11–22.16) as a factory function.

Each helper of the slides is here under its own name: `max` and `min`
on edges (shared by every search, from [`gamelib.search.player`][gamelib.search.player]),
`choose` built on `seq.reduce1`, and the mutually recursive `search`
and `evaluate`; `next_move` is `move_of` composed with the search at
the root.  An observer is told everything the search does (see
[`gamelib.search.events`][gamelib.search.events]); a game that offers no moves in a state
still being played raises [`NoMovesError`][gamelib.core.game.NoMovesError] naming it.

```pycon
>>> from gamelib import Settings
>>> from gamelib.games.nim import Nim, nim_estimator
>>> player = Minimax(Settings(nim_estimator(Nim()), 3))
>>> player.next_move(Nim().start)
2
>>> move, value = player.analyse(Nim().start)
>>> print(move, value)
2 Guess 1

```
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar, assert_never

from gamelib import seq
from gamelib.core.datatypes import Done, Playing, Side, Status
from gamelib.core.estimator import Definitely, Est, Guess, Settings, checked_estimate
from gamelib.search.events import SearchObserver
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    SearchPlayer,
    edge_max,
    edge_min,
    no_moves,
    ordered_moves,
    search_player,
    value_of,
)
from gamelib.seq import EmptySeqError, Seq

__all__ = ["Minimax"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


# --8<-- [start:opening]
def Minimax(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    """A player that searches every line `settings.search_depth` moves deep.

    Ties keep the first move, so among equally good moves it plays the
    leftmost one that `game.moves` (or the settings' `order`) offers.  An
    `observer` is told everything the search does.  A game that offers no
    moves in a state still being played raises `NoMovesError` naming it.
    """
    est = settings.estimator
    game = est.game
    moves = ordered_moves(settings)
    play = game.play
    # NaN, and what is no number, refused where it enters, naming the position
    estimate = checked_estimate(est.estimate, game, estimator=est)

    # Slide 22.12: an edge is a move and its value; max and min keep the first on a tie.
    max_ = edge_max(est.compare)
    min_ = edge_min(est.compare)
    # --8<-- [end:opening]

    # --8<-- [start:choose]
    # The two reductions, made once for the player rather than at every position:
    choose_max: Callable[[Seq[Edge[M, G]]], Edge[M, G]] = functools.partial(seq.reduce1, max_)
    choose_min: Callable[[Seq[Edge[M, G]]], Edge[M, G]] = functools.partial(seq.reduce1, min_)

    def choose(side: Side) -> Callable[[Seq[Edge[M, G]]], Edge[M, G]]:
        """Slide 22.13: reduce the edges with max for Maxie, with min for Minnie."""
        match side:
            case Side.Maxie:
                return choose_max
            case Side.Minnie:
                return choose_min
            case _:
                assert_never(side)

    # --8<-- [end:choose]

    # --8<-- [start:search]
    def search(d: int, s: S, /) -> Edge[M, G]:
        """Slide 22.14.  REQUIRES: d > 0 and s is still being played."""
        edges = seq.map(lambda m: (m, evaluate(d - 1, play(s, m))), moves(s))
        try:
            return choose(game.player(s))(edges)
        except EmptySeqError:  # reduce1 found no edges: the game broke its contract
            raise no_moves(game, s) from None

    # --8<-- [end:search]

    # --8<-- [start:evaluate]
    def evaluate(d: int, st: Status[S], /) -> Est[G]:
        """Slide 22.15.  REQUIRES: d >= 0."""
        # Class patterns without captures: binding `Playing(s)` cost 10% more per position.
        match st:
            case Playing() if d > 0:
                return value_of(search(d, st.state))
            case Playing():
                return Guess(estimate(st.state))
            case Done():
                return Definitely(st.outcome)

    # --8<-- [end:evaluate]

    # --8<-- [start:next_move]
    # Slide 22.16: next_move is move_of composed with the search at the settings' depth.
    depth = settings.search_depth
    root: Callable[[S], Edge[M, G]] = functools.partial(search, depth)

    if observer is not None:
        # search and evaluate find each other, and play, through these names: rebound
        # to twins that report to the observer.  Unobserved, none of this exists.
        watch = Watch(game, observer, est.compare)
        play, search, evaluate, root = watch.plain(search, evaluate, root, depth)

    return search_player(f"Minimax(depth {depth})", settings, root)
    # --8<-- [end:next_move]
