"""Null-window searches: minimax by yes-or-no questions (CMPUT 657, "reduce to boolean").

"Is the value at least m?" is cheaper to answer than "what is the value?":
a search with a window too narrow to hold any value only has to prove one
side of m, and it prunes like alpha-beta at its best.  The notes reduce
minimax to such tests: if the value is at least m and not more than m, it
is m.

gamelib asks the question with the *empty* window (m, m) of fail-soft
alpha-beta in negamax form, in one of two kinds.  An *open* search stops
at a move worth more than m, and answers "more than m?"; a *closed* one
stops at a move worth at least m, and answers "at least m?".  Each asks
the other kind of its children: a position is worth more than m to its
mover exactly when some child is worth at most −m to the child's mover,
that is, not at least... once negated, the question turns over.  (This is
what the integer window (m, m + 1) does without saying so.)  The value
returned is a fail-soft bound on the side it fell: beyond m, the value is
at least it; short of it, at most it.  No "m plus one" is needed, so it
works for any estimates a numeric estimator can negate, wins and losses
included.

Built on that test ([`value_at_least`][gamelib.algorithms.nullwindow.value_at_least]):

- [`Scout`][gamelib.algorithms.nullwindow.Scout] (Pearl's SCOUT): value the first move, then only
  *test* each other move against the best so far, and value it only if it beats it;
- [`PrincipalVariation`][gamelib.algorithms.nullwindow.PrincipalVariation] (NegaScout, PVS):
  alpha-beta whose later moves are first tested with the empty window at α and searched again only
  if they beat it;
- [`MTDf`][gamelib.algorithms.nullwindow.MTDf] (Plaat's MTD(f)): nothing but tests at the root, each
  at the bound the last one returned ("at least g?" until one holds, then
  "more than g?"), over a transposition table that keeps what the earlier
  tests learned, until the value is pinned between them.

All need numeric estimates; MTD(f) needs keyed states for its table, and
the others take a table too.  All give Minimax's value.

```pycon
>>> from gamelib import Definitely, NumericEstimator, Winner
>>> from gamelib.games.nim import Nim, nim_estimate
>>> settings = NegamaxSettings(NumericEstimator(Nim(pile=7), nim_estimate), 6)
>>> win = Definitely(Winner(Side.Maxie))  # from 7, Maxie can force a win within 6 moves
>>> value_at_least(settings, win), value_at_least(settings, win, strict=True)
(True, False)
>>> value_at_least(settings, Guess(1), strict=True)
True
>>> MTDf(settings).analyse(Nim(pile=7).start)
(2, Definitely(outcome=Winner(side=<Side.Maxie>)))

```
"""

from __future__ import annotations

from typing import TypeVar

from gamelib.algorithms._alphabeta_core import alphabeta_core
from gamelib.algorithms.negamax import NegamaxSettings
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import EQUAL, GREATER, LESS, Side
from gamelib.core.estimator import Est, Estimator, Guess, Settings, checked_estimate
from gamelib.search.capabilities import Capability
from gamelib.search.events import Cut, SearchObserver
from gamelib.search.kinds import (
    NUMERIC,
    TABLE,
    Option,
    OptionValues,
    SearchKind,
    parse_positive,
    settings_of,
)
from gamelib.search.player import Edge, SearchPlayer, search_player

__all__ = [
    "MTDF_KIND",
    "MTDF_TABLE",
    "MTDF_TABLE_OPTION",
    "PVS_KIND",
    "SCOUT_KIND",
    "MTDf",
    "PrincipalVariation",
    "Scout",
    "value_at_least",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

MTDF_TABLE = 100_000
"""The entries of MTD(f)'s table when its settings ask for none: it needs one."""

_MAX_PASSES = 1_000_000


def _soft(settings: NegamaxSettings[S, M, G], who: str) -> None:
    if not settings.fail_soft:
        raise ValueError(
            f"{who} needs fail-soft values: a fail-hard search answers every empty-window "
            "test with the bound itself"
        )


def value_at_least(
    settings: NegamaxSettings[S, M, G],
    m: Est[G],
    state: S | None = None,
    *,
    strict: bool = False,
    table: TranspositionTable[M, Est[G]] | None = None,
    observer: SearchObserver[S, M, G] | None = None,
) -> bool:
    """Whether `state`'s value (Maxie's, to `settings.search_depth`) is at least `m`
    (more than `m` when `strict`): one empty-window search.

    `state` defaults to the game's start.  Needs numeric estimates and fail-soft settings.
    """
    _soft(settings, "value_at_least")
    core = alphabeta_core(settings, "value_at_least", observer=observer, table=table)
    game = settings.estimator.game
    s = game.start if state is None else state
    side = game.player(s)
    mine = core.views.of(side, m)  # m from the mover's side
    if side is Side.Maxie:  # "more than m?" is an open test, "at least m?" a closed one
        found = core.windowed_root(s, mine, mine, not strict)[1]
        order = settings.estimator.compare(found, mine)
        return order is GREATER or (order is EQUAL and not strict)
    # Minnie moves: Maxie's value is at least m exactly when hers is at most -m, that is,
    # when hers is not more than -m: the other test, its answer turned over.
    found = core.windowed_root(s, mine, mine, strict)[1]
    order = settings.estimator.compare(found, mine)
    return order is LESS or (order is EQUAL and not strict)


def PrincipalVariation(
    settings: NegamaxSettings[S, M, G],
    /,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    table: TranspositionTable[M, Est[G]] | None = None,
) -> SearchPlayer[S, M, G]:
    """NegaScout / principal variation search to `settings.search_depth`.

    Alpha-beta in negamax form in which every move after a position's first
    is first tested with the empty window (α, α) and searched again (from the
    value the test found to β) only when it beats α.  Needs numeric estimates
    and fail-soft settings; takes a table as
    [`NegamaxAlphaBeta`][gamelib.algorithms.negamax.NegamaxAlphaBeta] does.
    """
    _soft(settings, "PrincipalVariation")
    core = alphabeta_core(
        settings, "PrincipalVariation", observer=observer, table=table, mode="pvs"
    )
    name = f"PrincipalVariation(depth {settings.search_depth}{core.table_note})"
    return search_player(name, settings, core.root)


def Scout(
    settings: NegamaxSettings[S, M, G],
    /,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    table: TranspositionTable[M, Est[G]] | None = None,
) -> SearchPlayer[S, M, G]:
    """Pearl's SCOUT to `settings.search_depth`: value the first move of each position,
    and of the others only those an empty-window test shows to be better.

    Needs numeric estimates and fail-soft settings; takes a table.
    """
    _soft(settings, "Scout")
    core = alphabeta_core(settings, "Scout", observer=observer, table=table, mode="scout")
    name = f"Scout(depth {settings.search_depth}{core.table_note})"
    return search_player(name, settings, core.root)


def MTDf(
    settings: NegamaxSettings[S, M, G],
    /,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    table: TranspositionTable[M, Est[G]] | None = None,
) -> SearchPlayer[S, M, G]:
    """MTD(f) to `settings.search_depth`: empty-window tests at the root until one hits.

    The first test is at the estimator's guess for the root; each later one
    is at the bound the last test returned.  Once the value is known to be
    at least g, the test "more than g?" either raises that or, failing,
    shows the value is g.  Every pass is a new search of the root, so its table (one of
    `settings.table_entries` entries, or [`MTDF_TABLE`][gamelib.algorithms.nullwindow.MTDF_TABLE] if
    that is 0) is what keeps it from starting over.  Needs numeric estimates, keyed
    states and fail-soft settings.  Each pass is reported to the observer as
    a search of the root of its own.
    """
    _soft(settings, "MTDf")
    if table is None:
        table = TranspositionTable(settings.table_entries or MTDF_TABLE)
    core = alphabeta_core(settings, "MTDf", observer=observer, table=table)
    est = settings.estimator
    game = est.game
    views = core.views

    def root(s: S, /) -> Edge[M, G]:
        side = game.player(s)
        first = checked_estimate(est.estimate, game, estimator=est)(s)
        g = views.of(side, Guess(first))  # the first guess: the estimate itself
        lower: Edge[M, G] | None = None  # the best move known, and the value it guarantees
        at_least = False  # whether the value is known to be at least g
        for _ in range(_MAX_PASSES):
            # Knowing the value is at least g, ask "more than g?"; else ask "at least g?".
            found = core.windowed_root(s, g, g, not at_least)
            move, x = found[0], found[1]
            if isinstance(found, Cut):  # the test held: the value is at least x
                lower = (move, x)
                at_least = True
            elif at_least:  # not more than g, yet at least g: it is g
                assert lower is not None
                return lower[0], views.of(side, lower[1])
            elif lower is not None and est.compare(x, lower[1]) is not GREATER:
                return lower[0], views.of(side, lower[1])  # at most what is guaranteed: equal
            g = x  # a bound on the value, beyond the last guess: the next guess
            at_least = isinstance(found, Cut)
        raise AssertionError(f"MTD(f) did not settle in {_MAX_PASSES} passes")  # pragma: no cover

    name = f"MTDf(depth {settings.search_depth}{core.table_note})"
    return search_player(name, settings, root)


# --------------------------------------------------------------------------
# As the catalog names them

MTDF_TABLE_OPTION: Option[int] = Option(
    "table",
    "the table size",
    MTDF_TABLE,
    parse_positive,
    "room in the transposition table, in positions (MTD(f) needs one; it needs keyed states)",
    examples=(3,),
)
"""MTD(f)'s table, which it cannot do without."""


def _null_window_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(estimator, depth, table_entries=TABLE.of(options))


def _mtdf_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    return NegamaxSettings(estimator, depth, table_entries=MTDF_TABLE_OPTION.of(options))


def _pvs(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return PrincipalVariation(settings_of(NegamaxSettings, settings, "PVS"), observer=observer)


def _scout(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return Scout(settings_of(NegamaxSettings, settings, "SCOUT"), observer=observer)


def _mtdf(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return MTDf(settings_of(NegamaxSettings, settings, "MTD(f)"), observer=observer)


PVS_KIND = SearchKind(
    "pvs",
    _pvs,
    "NegaScout / principal variation search: alpha-beta with empty-window tests",
    settings=_null_window_settings,
    options=(TABLE,),
    needs=NUMERIC,
)
"""PrincipalVariation, as the catalog names it."""

SCOUT_KIND = SearchKind(
    "scout",
    _scout,
    "Pearl's SCOUT: value one move, only test the others",
    settings=_null_window_settings,
    options=(TABLE,),
    needs=NUMERIC,
)
"""Scout, as the catalog names it."""

MTDF_KIND = SearchKind(
    "mtdf",
    _mtdf,
    "MTD(f): empty-window tests at the root over a transposition table",
    settings=_mtdf_settings,
    options=(MTDF_TABLE_OPTION,),
    needs=frozenset({Capability.NUMERIC, Capability.KEYED}),
    several_searches=True,
)
"""MTDf, as the catalog names it."""
