"""The references gamelib has no public search for: alpha-beta as the CSE 473 projects grade
it, and what negamax alpha-beta returns from a window at the root, fail-hard or fail-soft.

15-150's chart ([`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta]) prunes as soon as a
child's value *reaches* the far end of the window.  The autograder of the CSE 473 projects
(Berkeley's CS188 multiagent project) asks for the convention that prunes only when the
value goes *past* it (`v > β` at a MAX node, `v < α` at a MIN node), so on a tie its
alpha-beta estimates a few more leaves.  Both return Minimax's value and move.

```pycon
>>> from gamelib.check.families import two_player
>>> from gamelib import AlphaBeta
>>> log15150: list = []
>>> game, settings = two_player("a[b[c3,d5],e[f3,g9]]", 2, log15150)
>>> AlphaBeta(settings).analyse(game.start)
(0, Guess(guess=3))
>>> strict: list = []
>>> game, settings = two_player("a[b[c3,d5],e[f3,g9]]", 2, strict)
>>> StrictAlphaBeta(settings).analyse(game.start)
(0, 3.0)
>>> [n for verb, n in log15150 if verb == "estimate"]
['c', 'd', 'f']
>>> [n for verb, n in strict if verb == "estimate"]
['c', 'd', 'f', 'g']

```
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generic, TypeVar, final

from gamelib.core.datatypes import Playing, Side
from gamelib.core.estimator import Settings, checked_estimate
from gamelib.core.game import Game

__all__ = ["StrictAlphaBeta", "StrictPlayer", "windowed_value"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True)
class StrictPlayer(Generic[S, M]):
    """The player `StrictAlphaBeta` builds."""

    game: Game[S, M]
    """The game it plays."""
    settings: Settings[S, M, float]
    """What it was built from."""

    def analyse(self, state: S, /) -> tuple[M, float]:
        """The move chosen at `state` and its value (Maxie's)."""
        est = self.settings.estimator
        game = self.game
        estimate = checked_estimate(est.estimate, game)

        # --8<-- [start:strict]
        def value(d: int, s: S, alpha: float, beta: float) -> float:
            if d == 0:
                return float(estimate(s))
            maxie = game.player(s) is Side.Maxie
            v = -math.inf if maxie else math.inf
            for m in game.moves(s):
                st = game.play(s, m)
                if not isinstance(st, Playing):
                    raise ValueError("StrictAlphaBeta grades trees without finished games")
                x = value(d - 1, st.state, alpha, beta)
                if maxie:
                    v = max(v, x)
                    if v > beta:
                        return v
                    alpha = max(alpha, v)
                else:
                    v = min(v, x)
                    if v < alpha:
                        return v
                    beta = min(beta, v)
            return v

        # --8<-- [end:strict]
        depth = self.settings.search_depth
        maxie = game.player(state) is Side.Maxie
        best: tuple[M, float] | None = None
        alpha, beta = -math.inf, math.inf
        for m in game.moves(state):
            st = game.play(state, m)
            if not isinstance(st, Playing):
                raise ValueError("StrictAlphaBeta grades trees without finished games")
            x = value(depth - 1, st.state, alpha, beta)
            if best is None or (x > best[1] if maxie else x < best[1]):
                best = (m, x)
                if maxie:
                    alpha = max(alpha, x)
                else:
                    beta = min(beta, x)
        assert best is not None  # a game promises a move while it goes on
        return best

    def next_move(self, state: S, /) -> M:
        """The move chosen at `state`."""
        return self.analyse(state)[0]


def StrictAlphaBeta(settings: Settings[S, M, float]) -> StrictPlayer[S, M]:
    """Alpha-beta that prunes only past the window's far end (the CSE 473 projects' rule)."""
    return StrictPlayer(settings.estimator.game, settings)


def windowed_value(
    settings: Settings[S, M, float], state: S, alpha: float, beta: float, *, fail_soft: bool
) -> float:
    """What alpha-beta in negamax form returns for `state`, searched `settings.search_depth`
    deep with the window (α, β), all in the terms of the side to move at `state`.

    Inside the window both conventions return the value.  Outside it, fail-hard returns the
    bound it crossed (β when a move reaches β, α when none beats α); fail-soft returns the
    best value it found, which lies beyond that bound.  This is the search of
    [`NegamaxAlphaBeta`][gamelib.algorithms.negamax.NegamaxAlphaBeta], the same positions in
    the same order, written small so that the grader can ask it for any window.

    ```pycon
    >>> from gamelib.check.families import two_player
    >>> game, settings = two_player("a[b[c3,d5],e[f2,g9]]", 2, [])
    >>> windowed_value(settings, game.start, -math.inf, math.inf, fail_soft=False)
    3.0
    >>> [windowed_value(settings, game.start, 0, 1, fail_soft=soft) for soft in (False, True)]
    [1, 3.0]
    >>> [windowed_value(settings, game.start, 4, 6, fail_soft=soft) for soft in (False, True)]
    [4, 3.0]

    ```
    """
    game = settings.estimator.game
    estimate = checked_estimate(settings.estimator.estimate, game)

    def search(d: int, s: S, a: float, b: float) -> float:
        side = game.player(s)
        if d == 0:
            x = float(estimate(s))
            return x if side is Side.Maxie else -x
        best = -math.inf
        for m in game.moves(s):
            st = game.play(s, m)
            if not isinstance(st, Playing):
                raise ValueError("windowed_value grades trees without finished games")
            if game.player(st.state) is side:
                x = search(d - 1, st.state, a, b)
            else:
                x = -search(d - 1, st.state, -b, -a)
            best = max(best, x)
            if best >= b:
                return best if fail_soft else b
            a = max(a, best)
        return best if fail_soft else a  # a is the best once it beat α, else α itself

    return search(settings.search_depth, state, alpha, beta)
