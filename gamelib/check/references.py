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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, final

from gamelib import seq
from gamelib.core.datatypes import Playing, Side
from gamelib.core.estimator import Settings, checked_estimate
from gamelib.core.game import Game
from gamelib.search.events import BoundKind, Cut, Enter, Leave, Observer

__all__ = ["StrictAlphaBeta", "StrictObserver", "StrictPlayer", "windowed_value"]

S = TypeVar("S")
M = TypeVar("M")

StrictObserver: TypeAlias = Observer[S, M, tuple[float, float], float]
"""What `StrictAlphaBeta` tells: events whose windows are pairs of numbers, values numbers."""
_Value: TypeAlias = Callable[[int, S, float, float], float]


@final
@dataclass(frozen=True)
class StrictPlayer(Generic[S, M]):
    """The player `StrictAlphaBeta` builds."""

    game: Game[S, M]
    """The game it plays."""
    settings: Settings[S, M, float]
    """What it was built from."""
    observer: StrictObserver[S, M] | None = None
    """Told of every position entered and left, with its window, and of every cut; when
    watched, a cut asks the game for the position's moves again, to name those left."""

    def analyse(self, state: S, /) -> tuple[M, float]:
        """The move chosen at `state` and its value (Maxie's)."""
        est = self.settings.estimator
        game = self.game
        estimate = checked_estimate(est.estimate, game)
        # What a move leads to is worth `value` below, told to the observer if there is one.
        child_value = self._watched(lambda d, s, a, b: value(d, s, a, b))

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
                x = child_value(m, d - 1, st.state, alpha, beta)  # value() of where m leads
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
        observer = self.observer
        if observer is not None:
            observer(Enter(None, Playing(state), game.player(state), depth, (alpha, beta)))
        for m in game.moves(state):
            st = game.play(state, m)
            if not isinstance(st, Playing):
                raise ValueError("StrictAlphaBeta grades trees without finished games")
            x = child_value(m, depth - 1, st.state, alpha, beta)
            if best is None or (x > best[1] if maxie else x < best[1]):
                best = (m, x)
                if maxie:
                    alpha = max(alpha, x)
                else:
                    beta = min(beta, x)
        assert best is not None  # a game promises a move while it goes on
        if observer is not None:
            observer(Leave(best[1], BoundKind.EXACT, best[0]))
        return best

    def _watched(self, value: _Value[S]) -> Callable[[M, int, S, float, float], float]:
        """`value` of the position a move leads to, reported to the observer (if any): the
        position entered with its window, the cut that ended it early (past the window's far
        end), and the value it is left with, exact or a bound, and the move that gave it."""
        observer = self.observer
        if observer is None:
            return lambda m, d, s, a, b: value(d, s, a, b)
        game = self.game
        frames: list[list[M]] = []  # each open position's moves searched so far, in order
        values: list[list[float]] = []  # and their values

        def watched(m: M, d: int, s: S, alpha: float, beta: float) -> float:
            side = game.player(s)
            maxie = side is Side.Maxie
            observer(Enter(m, Playing(s), side, d, (alpha, beta)))
            frames.append([])
            values.append([])
            x = value(d, s, alpha, beta)
            moves, found = frames.pop(), values.pop()
            if frames:
                frames[-1].append(m)
                values[-1].append(x)
            if d == 0:
                observer(Leave(x, BoundKind.EXACT, None))
                return x
            if x > beta if maxie else x < alpha:  # the last move searched went past the window
                rest = seq.from_iterable(seq.to_tuple(game.moves(s))[len(moves) :])
                observer(Cut((moves[-1], found[-1], rest)))
            bound = (
                BoundKind.UPPER if x < alpha else BoundKind.LOWER if x > beta else BoundKind.EXACT
            )
            observer(Leave(x, bound, moves[found.index(x)]))
            return x

        return watched

    def next_move(self, state: S, /) -> M:
        """The move chosen at `state`."""
        return self.analyse(state)[0]


def StrictAlphaBeta(
    settings: Settings[S, M, float], *, observer: StrictObserver[S, M] | None = None
) -> StrictPlayer[S, M]:
    """Alpha-beta that prunes only past the window's far end (the CSE 473 projects' rule);
    `observer` is told what it does, as gamelib's searches tell theirs (its values and the
    ends of its windows are plain numbers, Maxie's)."""
    return StrictPlayer(settings.estimator.game, settings, observer)


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
