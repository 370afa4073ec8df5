"""The Minimax functor (slides 22.11–22.16) as a factory function.

Each helper of the slides is a closure here, under the same name:
``value_of``, ``move_of``, ``max``/``min`` on edges, ``choose`` built on
``seq.reduce1``, and the mutually recursive ``search`` and ``evaluate``.

>>> from gamelib.estimate import Settings
>>> from gamelib.games.nim import Nim, nim_estimator
>>> player = Minimax(Settings(nim_estimator(Nim()), 3))
>>> player.next_move(Nim().start)
2
>>> move, value = player.analyse(Nim().start)
>>> print(move, value)
2 Guess 1
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar, assert_never

from toolz import compose

from gamelib import seq
from gamelib.core.datatypes import GREATER, LESS, Playing, Side, Status
from gamelib.estimate.estimator import Definitely, Est, Guess, Settings
from gamelib.estimate.observe import (
    SearchObserver,
    observed_evaluate_unwindowed,
    observed_play,
)
from gamelib.estimate.player import BuiltPlayer, Edge, SearchPlayer, guard_depth
from gamelib.seq import Seq

__all__ = ["Minimax"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def Minimax(
    settings: Settings[S, M, G], observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    """A player that searches every line ``settings.search_depth`` moves deep.

    Ties keep the first move, so among equally good moves it plays the
    leftmost one that ``game.moves`` offers.  An ``observer`` is told about
    every position visited (see :mod:`gamelib.trace`).
    """
    est = settings.estimator
    game = est.game

    # --8<-- [start:edges]
    def value_of(edge: Edge[M, G]) -> Est[G]:
        return edge[1]

    def move_of(edge: Edge[M, G]) -> M:
        return edge[0]

    def max_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if est.compare(e1[1], e2[1]) is LESS else e1

    def min_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if est.compare(e1[1], e2[1]) is GREATER else e1

    # --8<-- [end:edges]

    # --8<-- [start:choose]
    choose_max: Callable[[Seq[Edge[M, G]]], Edge[M, G]] = functools.partial(seq.reduce1, max_)
    choose_min: Callable[[Seq[Edge[M, G]]], Edge[M, G]] = functools.partial(seq.reduce1, min_)

    def choose(side: Side) -> Callable[[Seq[Edge[M, G]]], Edge[M, G]]:
        match side:
            case Side.Maxie:
                return choose_max
            case Side.Minnie:
                return choose_min
            case _:
                assert_never(side)

    # --8<-- [end:choose]

    # --8<-- [start:search]
    def search(d: int, s: S) -> Edge[M, G]:
        """REQUIRES: d > 0 and s is still being played."""
        return choose(game.player(s))(
            seq.map(lambda m: (m, evaluate(d - 1, play(s, m))), game.moves(s))
        )

    # --8<-- [end:search]

    # --8<-- [start:evaluate]
    def _evaluate(d: int, st: Status[S]) -> Est[G]:
        """Slide 22.15's evaluate.  REQUIRES: d >= 0."""
        # Slide 22.15's case, as isinstance: a class pattern costs several times more,
        # and evaluate runs once per position.
        if isinstance(st, Playing):
            s = st.state
            if d == 0:
                return Guess(est.estimate(s))
            return value_of(search(d, s))
        return Definitely(st.outcome)

    # --8<-- [end:evaluate]

    # search finds evaluate and play here: the plain ones, or observed ones when a
    # trace was asked for (so an untraced search runs no extra code at all).
    evaluate: Callable[[int, Status[S]], Est[G]] = _evaluate
    play: Callable[[S, M], Status[S]] = game.play
    if observer is not None:
        play = observed_play(observer, game.play)
        evaluate = observed_evaluate_unwindowed(observer, _evaluate)

    depth = settings.search_depth
    # --8<-- [start:next_move]
    analyse = guard_depth(depth, functools.partial(search, depth))
    next_move: Callable[[S], M] = compose(move_of, analyse)
    # --8<-- [end:next_move]
    return BuiltPlayer(f"Minimax(depth {depth})", settings, next_move, analyse)
