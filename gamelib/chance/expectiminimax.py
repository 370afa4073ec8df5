"""Expectiminimax, and Ballard's Star1 and Star2, which find its value with less work.

Expectiminimax is minimax with one more kind of position: at a chance
position the value is the average of its outcomes' values, each weighted by
its probability.  Maxie takes the largest child value, Minnie the smallest,
as in [`gamelib.Minimax`][gamelib.estimate.minimax.Minimax]; ties keep the first move.

**Depth.** `search_depth` counts *moves*: a player's move uses one, chance
uses none.  A chance position is always expanded, even at depth 0, so the
estimator is only asked about decision positions.  With depth 1 from
Maxie's turn, Maxie's moves are searched, the dice after each are averaged,
and the positions they lead to are estimated.

**Star1 and Star2** (B. W. Ballard, "The \\*-minimax search procedure for
trees containing chance nodes", Artificial Intelligence 21, 1983) carry an
(α, β) window, as alpha-beta does, and use bounds `L <= value <= U` that
the estimator promises for every value (`lower` and `upper`).  At a
chance position with outcomes of probability p₁ … pₖ, once some children are
known, the unknown ones are worth at least L and at most U each; so a child
whose value falls low (or high) enough settles that the position's value is
outside the window, and the remaining outcomes are never searched.  Star2
first *probes* each child that is a decision position by searching only its
first move: for a Maxie child that is a lower bound, for a Minnie child an
upper bound, and the bounds may settle the position before any child is
searched in full.  When it does not, each probed child is later resumed at
its second move, so no position is searched twice.

Both return exactly expectiminimax's value and move (with `Fraction`
probabilities, to the last digit) and never evaluate more leaves; an
outcome of probability 0 is never searched by any of the three.
All values are fail-soft: through a window (α, β) a value `v <= α` means
"at most v", `v >= β` means "at least v", and anything between is exact.

```pycon
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> game = ChanceTreeGame(parse_chance_tree(
...     "a[ ?b[1/2: c[d3,e5], 1/2: f[g-1,h4]], ?i[1/2: j[k0,l2], 1/2: m[n2,o1]] ]"))
>>> settings = ChanceSettings(chance_tree_estimator(game), 2)
>>> Expectiminimax(settings).analyse(game.start)
(0, Fraction(1, 1))
>>> [count_leaves(f, settings)[2] for f in (Expectiminimax, Star1, Star2)]
[8, 7, 6]

```
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias, TypeVar, final

from gamelib import seq
from gamelib.chance.events import (
    ChanceObserver,
    Cut,
    Enter,
    Leave,
    Moved,
    Phase,
    Rolled,
    Step,
    Window,
    bound_kind,
)
from gamelib.chance.game import (
    Branch,
    ChanceEstimator,
    ChanceGame,
    ChancePositionError,
    Nature,
    NoBranchesError,
    Value,
    number_to_string,
)
from gamelib.core.checks import quoted
from gamelib.core.contracts import check_moves
from gamelib.core.datatypes import Playing, Side, Status
from gamelib.core.estimator import DepthSettings, checked_estimate
from gamelib.core.game import no_moves
from gamelib.errors import InputError
from gamelib.search.events import BoundKind
from gamelib.search.player import Factory, FamilyPlayer, Searcher, count_leaves, depth_guarded
from gamelib.seq import Cons, Seq

__all__ = [
    "BoundsError",
    "ChanceFactory",
    "ChancePlayer",
    "ChanceSettings",
    "Expectiminimax",
    "Star1",
    "Star2",
    "count_leaves",
]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)

_OPEN: Window = (-math.inf, math.inf)
_EXACT = BoundKind.EXACT


class BoundsError(InputError, ValueError):
    """A value outside the bounds [L, U] the estimator promised (Star1 and Star2 need them)."""


@final
@dataclass(frozen=True, slots=True)
class ChanceSettings(DepthSettings[ChanceEstimator[S, M]]):
    """What a chance search player is built from: the settings shape of every family
    ([`DepthSettings`][gamelib.core.estimator.DepthSettings]) with a `ChanceEstimator`, whose
    numbers value the positions at the horizon and the finished games; chance positions do
    not count towards the depth.

    ```pycon
    >>> from gamelib.games.pig import Pig, pig_estimator
    >>> ChanceSettings(pig_estimator(Pig()), 0)
    Traceback (most recent call last):
    ...
    ValueError: search depth must be at least 1, got 0

    ```
    """


ChancePlayer: TypeAlias = Searcher[ChanceGame[S, M], ChanceSettings[S, M], S, M, Value]
"""A player built by a chance search factory: `analyse` gives its move at a decision position
and the expectiminimax value (to the depth), and raises `ChancePositionError` at a chance
position."""


ChanceFactory: TypeAlias = Factory[ChanceSettings[S, M], ChanceObserver[S, M], ChancePlayer[S, M]]
"""The shape of the three factories: `Factory(settings, *, observer=None)`."""


def _built(
    name: str, settings: ChanceSettings[S, M], root: Callable[[S], tuple[M, Value]]
) -> ChancePlayer[S, M]:
    game = settings.estimator.game
    return FamilyPlayer(name, game, settings, depth_guarded(settings.search_depth, root))


def _decision_side(game: ChanceGame[S, M], state: S) -> Side:
    mover = game.player(state)
    if isinstance(mover, Nature):
        raise ChancePositionError(
            f"'{game.state_to_string(state)}' is a chance position: the dice decide there, "
            "not a player"
        )
    return mover


def _root(
    game: ChanceGame[S, M],
    observer: ChanceObserver[S, M] | None,
    depth: int,
    window: Window | None,
    best: Callable[[S, bool], tuple[M, Value]],
) -> Callable[[S], tuple[M, Value]]:
    """The root of a search of every kind here: the side to move (a player, never chance),
    `best(s, maxie)` its best move and value, and the root's entry and exit told."""

    def root(s: S) -> tuple[M, Value]:
        side = _decision_side(game, s)
        check_moves(game, s, game.moves(s))  # a list here is searched as if it were a Seq
        if observer is not None:
            observer(Enter(None, Playing(s), side, depth, window))
        found = best(s, side is Side.Maxie)
        if observer is not None:
            observer(Leave(found[1], _EXACT, Moved(found[0])))
        return found

    return root


def _live(game: ChanceGame[S, M], state: S) -> list[tuple[int, Branch[S]]]:
    """The outcomes of `state` that can happen (probability above 0), with their places."""
    live = [(i, b) for i, b in enumerate(game.outcomes(state)) if b.probability > 0]
    if not live:
        raise NoBranchesError(
            f"the chance position {quoted(game.state_to_string(state))} lists no outcomes"
        )
    return live


def _moved(move: M | None) -> Moved[M] | None:
    """A best move as the events give it: the step a player made (None where none was)."""
    return None if move is None else Moved(move)


def _rolled(i: int, branch: Branch[S]) -> Rolled:
    return Rolled(i, branch.label, branch.probability)


# --8<-- [start:expectiminimax]
def Expectiminimax(
    settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
) -> ChancePlayer[S, M]:
    """A player that maximises (Maxie) or minimises (Minnie) the expected value.

    An `observer` is told every position entered and left (see
    `gamelib.chance.events`).
    """
    est = settings.estimator
    game = est.game
    player = game.player
    play = game.play
    # NaN and what is no number refused, naming the position
    estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)

    def value(d: int, st: Status[S], step: Step[M] | None) -> Value:
        """The value of `st` searched `d` moves deep.  REQUIRES: d >= 0."""
        best: M | None = None
        if isinstance(st, Playing):
            s = st.state
            mover = player(s)
            if observer is not None:
                observer(Enter(step, st, mover, d, None))
            if mover is Nature.Chance:
                v = average(d, s)
            elif d == 0:
                v = estimate(s)
            else:
                best, v = search(d, s, mover is Side.Maxie)
        else:
            if observer is not None:
                observer(Enter(step, st, None, d, None))
            v = est.outcome_value(st.outcome)
        if observer is not None:
            observer(Leave(v, _EXACT, _moved(best)))
        return v

    def average(d: int, s: S) -> Value:
        total: Value = 0
        for i, branch in _live(game, s):
            step = _rolled(i, branch) if observer is not None else None
            total += branch.probability * value(d, branch.status, step)
        return total

    def search(d: int, s: S, maxie: bool) -> tuple[M, Value]:
        best: tuple[M, Value] | None = None
        for m in game.moves(s):
            x = value(d - 1, play(s, m), Moved(m) if observer is not None else None)
            if best is None or (x > best[1] if maxie else x < best[1]):
                best = (m, x)
        if best is None:
            raise no_moves(game, s)
        return best

    depth = settings.search_depth
    root = _root(game, observer, depth, None, lambda s, maxie: search(depth, s, maxie))
    return _built(f"Expectiminimax(depth {depth})", settings, root)


# --8<-- [end:expectiminimax]


def Star1(
    settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
) -> ChancePlayer[S, M]:
    """Expectiminimax's move and value, with alpha-beta at decision positions and
    Ballard's Star1 cutoffs at chance positions.

    REQUIRES: every value the estimator gives lies in `[lower, upper]`;
    otherwise `BoundsError` naming the value and the position.
    """
    return _star(settings, observer, probe=False)


def Star2(
    settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
) -> ChancePlayer[S, M]:
    """Star1, plus Ballard's probing phase at chance positions (see the module notes).

    Same requirement and error as `Star1`.
    """
    return _star(settings, observer, probe=True)


def _star(
    settings: ChanceSettings[S, M], observer: ChanceObserver[S, M] | None, *, probe: bool
) -> ChancePlayer[S, M]:
    est = settings.estimator
    game = est.game
    estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)
    player = game.player
    play = game.play
    moves = game.moves
    low: Value = est.lower
    high: Value = est.upper
    if not low <= high:
        raise BoundsError(
            f"the estimator's bounds are the wrong way round: lower {number_to_string(low)} "
            f"is above upper {number_to_string(high)}"
        )

    def bounded(v: Value, st: Status[S]) -> Value:
        if low <= v <= high:
            return v
        where = game.state_to_string(st.state) if isinstance(st, Playing) else str(st)
        raise BoundsError(
            f"the value {number_to_string(v)} of {quoted(where)} lies outside the bounds "
            f"[{number_to_string(low)}, {number_to_string(high)}] the estimator promised"
        )

    def value(d: int, st: Status[S], alpha: Value, beta: Value, step: Step[M] | None) -> Value:
        """The fail-soft value of `st` through (α, β), `d` moves deep."""
        best: M | None = None
        leaf = True
        if isinstance(st, Playing):
            s = st.state
            mover = player(s)
            if observer is not None:
                observer(Enter(step, st, mover, d, (alpha, beta)))
            if mover is Nature.Chance:
                leaf = False
                v = chance(d, s, alpha, beta)
            elif d == 0:
                v = bounded(estimate(s), st)
            else:
                leaf = False
                best, v = decide(d, s, mover is Side.Maxie, moves(s), alpha, beta, None)
        else:
            if observer is not None:
                observer(Enter(step, st, None, d, (alpha, beta)))
            v = bounded(est.outcome_value(st.outcome), st)
        if observer is not None:
            observer(Leave(v, _EXACT if leaf else bound_kind(v, (alpha, beta)), _moved(best)))
        return v

    # --8<-- [start:decide]
    def decide(
        d: int,
        s: S,
        maxie: bool,
        rest: Seq[M],
        alpha: Value,
        beta: Value,
        best: tuple[M, Value] | None,
    ) -> tuple[M, Value]:
        """Alpha-beta over the moves `rest` of `s`, starting from `best` (a probe's)."""
        while True:
            view = seq.show1(rest)
            if not isinstance(view, Cons):
                if best is None:
                    raise no_moves(game, s)
                return best
            if best is not None:
                b = best[1]
                if maxie:
                    if b >= beta:
                        return cut_moves(best, rest)
                    alpha = max(alpha, b)
                else:
                    if b <= alpha:
                        return cut_moves(best, rest)
                    beta = min(beta, b)
            m = view.head
            rest = view.tail
            x = value(d - 1, play(s, m), alpha, beta, Moved(m) if observer is not None else None)
            if best is None or (x > best[1] if maxie else x < best[1]):
                best = (m, x)

    # --8<-- [end:decide]

    def step_to(j: int, branch: Branch[S]) -> Rolled | None:
        return _rolled(j, branch) if observer is not None else None

    def cut_moves(best: tuple[M, Value], rest: Seq[M]) -> tuple[M, Value]:
        if observer is not None:
            unsearched: Seq[Step[M]] = seq.map(Moved, rest)
            observer(Cut((Moved(best[0]), best[1], unsearched)))
        return best

    def cut_outcomes(
        live: list[tuple[int, Branch[S]]], i: int, x: Value, v: Value, unsearched: int
    ) -> Value:
        """`v`, the position's bound; tells the observer that child `i` (worth `x`)
        settled it, leaving the children from `unsearched` on unsearched.
        """
        if observer is not None:
            left: Seq[Step[M]] = seq.from_iterable([_rolled(j, b) for j, b in live[unsearched:]])
            observer(Cut((_rolled(*live[i]), x, left)))
        return v

    # --8<-- [start:chance]
    def chance(d: int, s: S, alpha: Value, beta: Value) -> Value:
        """Ballard's Star1 (after Star2's probes when `probe`) at the chance position `s`."""
        live = _live(game, s)
        k = len(live)
        lo: list[Value] = [low] * k  # what each child is known to be worth at least
        hi: list[Value] = [high] * k  # ... and at most
        sum_lo: Value = 0  # the sums of p·lo and p·hi over the children
        sum_hi: Value = 0
        for _, branch in live:
            sum_lo += branch.probability * low
            sum_hi += branch.probability * high
        resume: list[tuple[M, Value, Seq[M]] | None] = [None] * k
        if probe and d > 0:
            for i, (j, branch) in enumerate(live):
                st = branch.status
                if not isinstance(st, Playing):
                    continue
                mover = player(st.state)
                if mover is Nature.Chance:
                    continue
                p = branch.probability
                if mover is Side.Maxie:
                    # Maxie's first move is a lower bound on the child: can Σ p·lo reach β?
                    b = lo[i] + (beta - sum_lo) / p
                    m, x, rest = probe_child(d, step_to(j, branch), st, mover, (low, b))
                    if x >= b:
                        return cut_outcomes(live, i, x, sum_lo + p * (x - lo[i]), i + 1)
                    sum_lo += p * (x - lo[i])
                    lo[i] = x
                else:
                    # Minnie's first move is an upper bound: can Σ p·hi fall to α?
                    a = hi[i] - (sum_hi - alpha) / p
                    m, x, rest = probe_child(d, step_to(j, branch), st, mover, (a, high))
                    if x <= a:
                        return cut_outcomes(live, i, x, sum_hi + p * (x - hi[i]), i + 1)
                    sum_hi += p * (x - hi[i])
                    hi[i] = x
                resume[i] = (m, x, rest)
        known: Value = 0  # Σ p·value over the children searched in full
        rest_lo, rest_hi = sum_lo, sum_hi  # Σ p·lo and Σ p·hi over the children after i
        for i, (j, branch) in enumerate(live):
            p = branch.probability
            rest_lo -= p * lo[i]
            rest_hi -= p * hi[i]
            a = (alpha - known - rest_hi) / p  # at or below a, the position fails low
            b = (beta - known - rest_lo) / p  # at or above b, it fails high
            x = child(d, j, branch, a, b, resume[i])
            if x <= a:
                return cut_outcomes(live, i, x, known + p * x + rest_hi, i + 1)
            if x >= b:
                return cut_outcomes(live, i, x, known + p * x + rest_lo, i + 1)
            known += p * x
        return known

    # --8<-- [end:chance]

    def probe_child(
        d: int, step: Step[M] | None, st: Playing[S], mover: Side, window: Window
    ) -> tuple[M, Value, Seq[M]]:
        """Search only the first move of the decision position `st`, through `window`.

        Returns that move, its value and the other moves.  The window's far
        side is L for a Maxie child and U for a Minnie child, so a value that
        does not cut is exact.
        """
        s = st.state
        view = seq.show1(moves(s))
        if not isinstance(view, Cons):
            raise no_moves(game, s)
        m = view.head
        if observer is not None:
            observer(Enter(step, st, mover, d, window, Phase.PROBE))
        x = value(d - 1, play(s, m), window[0], window[1], Moved(m) if observer else None)
        if observer is not None:
            observer(
                Leave(x, BoundKind.LOWER if mover is Side.Maxie else BoundKind.UPPER, Moved(m))
            )
        return m, x, view.tail

    def child(
        d: int,
        j: int,
        branch: Branch[S],
        a: Value,
        b: Value,
        resume: tuple[M, Value, Seq[M]] | None,
    ) -> Value:
        step = step_to(j, branch)
        if resume is None:
            return value(d, branch.status, a, b, step)
        st = branch.status
        assert isinstance(st, Playing)  # only decision positions are probed
        s = st.state
        mover = _decision_side(game, s)
        if observer is not None:
            observer(Enter(step, st, mover, d, (a, b), Phase.RESUME))
        m, x, rest = resume
        best, v = decide(d, s, mover is Side.Maxie, rest, a, b, (m, x))
        if observer is not None:
            observer(Leave(v, bound_kind(v, (a, b)), Moved(best)))
        return v

    depth = settings.search_depth

    def best(s: S, maxie: bool) -> tuple[M, Value]:
        return decide(depth, s, maxie, moves(s), *_OPEN, None)

    root = _root(game, observer, depth, _OPEN, best)
    name = "Star2" if probe else "Star1"
    return _built(f"{name}(depth {depth})", settings, root)
