"""Negamax (CMPUT 657): Minimax with every value seen from the side to move.

Minimax keeps one point of view, Maxie's, and alternates `max` and
`min`.  Negamax lets each position be judged by the side to move there:
a position is worth the best of its children, each *negated*, because what
is good for the opponent who moves next is bad for us by exactly as much.
Since `min(a, b) = -max(-a, -b)`, the two compute the same value; negamax
needs only one kind of node, and an estimator whose guesses can be negated
(the *numeric estimates* capability, [`gamelib.search.capabilities`][gamelib.search.capabilities]).

Two factories, both depth-limited with the estimator at the horizon:

- [`Negamax`][gamelib.algorithms.negamax.Negamax]: every move of every position (plain negamax);
- [`NegamaxAlphaBeta`][gamelib.algorithms.negamax.NegamaxAlphaBeta]: alpha-beta in negamax form: a
  child is searched with the window (−β, −α), and the search stops as soon as a move reaches
  β.  Its settings choose what a position that fails returns:
  *fail-soft* (the best value found, which may lie outside the window and
  so is a tighter bound) or *fail-hard* (the bound it crossed, α or β).

Inside, values are the mover's; what a player reports (`analyse`, and the
events an observer gets) is in Maxie's terms, like every other search, so
traces of negamax and of alpha-beta can be held side by side.

```pycon
>>> from gamelib import Minimax, NumericEstimator, Settings
>>> from gamelib.games.nim import Nim, nim_estimate
>>> estimator = NumericEstimator(Nim(), nim_estimate)
>>> Negamax(Settings(estimator, 5)).analyse(Nim().start)
(2, Guess(guess=1))
>>> NegamaxAlphaBeta(NegamaxSettings(estimator, 5, fail_soft=False)).analyse(Nim().start)
(2, Guess(guess=1))

```
"""

from __future__ import annotations

from typing import TypeVar

from gamelib.algorithms._alphabeta_core import NegamaxSettings, Views, alphabeta_core
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import (
    GREATER,
    Playing,
    Side,
    Status,
)
from gamelib.core.estimator import (
    Est,
    Estimator,
    Settings,
    checked_estimate,
)
from gamelib.search.capabilities import numeric_estimates
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import (
    NUMERIC,
    TABLE,
    Option,
    OptionValues,
    SearchKind,
    choice,
    settings_of,
)
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    SearchPlayer,
    no_moves,
    ordered_moves,
    search_player,
)

__all__ = [
    "FAIL",
    "NEGAMAX_AB_KIND",
    "NEGAMAX_KIND",
    "Negamax",
    "NegamaxAlphaBeta",
    "NegamaxSettings",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


# --8<-- [start:negamax]
def Negamax(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    """Plain negamax to `settings.search_depth`: Minimax's value and move, one kind of node.

    Needs numeric estimates (`MissingCapabilityError` otherwise).  Ties keep
    the first move, as in Minimax.
    """
    est = settings.estimator
    game = est.game
    views = Views(numeric_estimates(est, "Negamax"))
    compare = est.compare
    moves = ordered_moves(settings)
    play = game.play
    # NaN, and what is no number, refused where it enters, naming the position
    estimate = checked_estimate(est.estimate, game, estimator=est)

    def search(d: int, s: S, /) -> Edge[M, G]:
        """The best edge for the side to move in `s`, valued from its point of view."""
        side = game.player(s)
        best: Edge[M, G] | None = None
        for m in moves(s):
            x = value(d - 1, play(s, m), side)
            if best is None or compare(x, best[1]) is GREATER:
                best = (m, x)
        if best is None:
            raise no_moves(game, s)
        return best

    def value(d: int, st: Status[S], side: Side, /) -> Est[G]:
        """What `st` is worth to `side`, who moved into it: the negation of
        its worth to the side to move there.
        """
        if isinstance(st, Playing):
            s = st.state
            if d == 0:
                return views.guess(side, estimate(s))
            found = search(d, s)[1]
            return found if game.player(s) is side else views.of(Side.Minnie, found)
        return views.ended(side, st.outcome)

    # --8<-- [end:negamax]

    depth = settings.search_depth

    def root(s: S, /) -> Edge[M, G]:
        move, found = search(depth, s)
        return move, views.of(game.player(s), found)  # back to Maxie's terms

    if observer is not None:
        watch = Watch(game, observer, compare)
        plain_search, plain_value = search, value

        def search_twin(d: int, s: S, /) -> Edge[M, G]:
            edge = plain_search(d, s)
            watch.chose(views.found(game.player(s), edge))
            return edge

        def value_twin(d: int, st: Status[S], side: Side, /) -> Est[G]:
            watch.enter(st, d, None)
            x = plain_value(d, st, side)
            watch.leave(views.of(side, x), None)
            return x

        play, search, value = watch.play, search_twin, value_twin
        root = watch.root(root, depth, None)

    return search_player(f"Negamax(depth {depth})", settings, root)


# --8<-- [start:alphabeta]
def NegamaxAlphaBeta(
    settings: NegamaxSettings[S, M, G],
    /,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    table: TranspositionTable[M, Est[G]] | None = None,
) -> SearchPlayer[S, M, G]:
    """Alpha-beta in negamax form to `settings.search_depth`, fail-soft or fail-hard.

    Gives Minimax's value and AlphaBeta's move (ties keep the first move)
    and, without a table, prunes what AlphaBeta prunes.  Needs numeric
    estimates.  With a transposition table (`table`, or one of
    `settings.table_entries` entries) it also needs keyed states; it
    probes the table before searching a position below the root, tries the
    table's move first, and stores what it found (see
    [`gamelib.algorithms.table`][gamelib.algorithms.table]).  A table answer keeps Minimax's value;
    the move chosen is then one of equal value.
    """
    core = alphabeta_core(settings, "NegamaxAlphaBeta", observer=observer, table=table)
    kind = "fail-soft" if settings.fail_soft else "fail-hard"
    name = f"NegamaxAlphaBeta(depth {settings.search_depth}, {kind}{core.table_note})"
    return search_player(name, settings, core.root)


# --8<-- [end:alphabeta]


# --------------------------------------------------------------------------
# As the catalog names them

FAIL: Option[str] = Option(
    "fail",
    "the failing rule",
    "soft",
    choice("soft", "hard"),
    "what a position outside the window returns: the best value found (soft) or the bound (hard)",
    examples=("hard",),
)
"""Negamax alpha-beta's fail-soft or fail-hard returns."""


def _negamax_ab_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(
        estimator, depth, fail_soft=FAIL.of(options) == "soft", table_entries=TABLE.of(options)
    )


def _negamax_ab(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    own = settings_of(NegamaxSettings, settings, "NegamaxAlphaBeta")
    return NegamaxAlphaBeta(own, observer=observer)


NEGAMAX_KIND = SearchKind("negamax", Negamax, "Minimax from the mover's view", needs=NUMERIC)
"""Negamax, as the catalog names it."""

NEGAMAX_AB_KIND = SearchKind(
    "negamax-ab",
    _negamax_ab,
    "alpha-beta in negamax form",
    settings=_negamax_ab_settings,
    options=(FAIL, TABLE),
    needs=NUMERIC,
)
"""NegamaxAlphaBeta, as the catalog names it: `negamax-ab:DEPTH:FAIL:TABLE`."""
