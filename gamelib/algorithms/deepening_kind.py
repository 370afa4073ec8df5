"""Iterative deepening as the catalog names it: `id:TIME` or `id:DEPTH:TIME:...`, with its
options (the table's size, which learned orderings to use).

The search itself is [`gamelib.algorithms.deepening`][gamelib.algorithms.deepening]; what
the command line needs to name and build its player is here, as
[`gamelib.estimate.kinds`][gamelib.estimate.kinds] is for the lectures' searches.
"""

from __future__ import annotations

from typing import TypeVar

from gamelib.algorithms.deepening import DEEPENING_TABLE, DeepeningSettings, IterativeDeepening
from gamelib.core.checks import echo
from gamelib.core.estimator import Estimator, Settings
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import (
    NODES,
    NUMERIC,
    TIME,
    Option,
    OptionValues,
    SearchKind,
    parse_count,
    settings_of,
)
from gamelib.search.player import SearchPlayer

__all__ = [
    "DEEPENING_DEPTH",
    "DEEPENING_KIND",
    "DEEPENING_TABLE_OPTION",
    "ORDER",
    "ORDERINGS",
    "parse_order",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

ORDERINGS = ("table", "killers", "history")
"""The parts of iterative deepening's move ordering that can be switched on and off."""


def parse_order(text: str) -> frozenset[str]:
    """Which parts of the move ordering to use: `all`, `none`, or some of
    `table`, `killers`, `history` joined by `,` or `+`.

    ```pycon
    >>> sorted(parse_order("table+history")), parse_order("none")
    (['history', 'table'], frozenset())

    ```
    """
    word = text.strip().lower()
    if word == "all":
        return frozenset(ORDERINGS)
    if word == "none":
        return frozenset()
    parts = [p.strip() for p in word.replace("+", ",").split(",")]
    unknown = [p for p in parts if p not in ORDERINGS]
    if unknown or not parts:
        raise ValueError(
            f"must be all, none, or some of {', '.join(ORDERINGS)} joined by ',', "
            f"got '{echo(text)}'"
        )
    return frozenset(parts)


DEEPENING_TABLE_OPTION: Option[int] = Option(
    "table",
    "the table size",
    DEEPENING_TABLE,
    parse_count,
    "room in the transposition table, in positions (0: no table; a table needs keyed states)",
    examples=(0,),
)
"""Iterative deepening's table, on unless switched off."""

ORDER: Option[frozenset[str]] = Option(
    "order",
    "the move ordering",
    frozenset(ORDERINGS),
    parse_order,
    "which learned orderings to use: all, none, or of table,killers,history",
    examples=(frozenset(),),
    written="all",
)
"""Which parts of iterative deepening's move ordering are on."""


def _deepening_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    order = ORDER.of(options)
    return DeepeningSettings(
        estimator,
        depth,
        seconds=TIME.of(options),
        positions=NODES.of(options),
        table_entries=DEEPENING_TABLE_OPTION.of(options),
        table_move="table" in order,
        killers="killers" in order,
        history="history" in order,
    )


def _deepening(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    own = settings_of(DeepeningSettings, settings, "IterativeDeepening")
    return IterativeDeepening(own, observer=observer)


DEEPENING_DEPTH = 64
"""Iterative deepening's ceiling when none is given: deeper than the budget allows."""


DEEPENING_KIND = SearchKind(
    "id",
    _deepening,
    "iterative deepening: depth 1, 2, ... until the time is up "
    "(id:2s thinks 2 s; id:12 stops at depth 12)",
    settings=_deepening_settings,
    options=(TIME, NODES, DEEPENING_TABLE_OPTION, ORDER),
    needs=NUMERIC,
    default_depth=DEEPENING_DEPTH,
    lead="time",
    anytime=True,
    several_searches=True,
)
"""IterativeDeepening, as the catalog names it: `id:TIME` or `id:DEPTH:TIME:...`."""
