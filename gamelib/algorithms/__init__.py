"""Search algorithms beyond the 15-150 lectures, each a factory of the one shape.

- :mod:`gamelib.algorithms.negamax`: negamax, and alpha-beta in negamax form
  (fail-soft or fail-hard), from the CMPUT 657 notes;
- :mod:`gamelib.algorithms.table`: transposition tables;
- :mod:`gamelib.algorithms.nullwindow`: the empty-window test "is the value at
  least m?", SCOUT, NegaScout/PVS and MTD(f).

The lectures' own factories (Minimax, AlphaBeta, Jamboree) stay in
:mod:`gamelib.estimate`; every kind, old and new, is listed in
:mod:`gamelib.catalog`.
"""

from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import MTDf, PrincipalVariation, Scout, value_at_least
from gamelib.algorithms.table import Entry, TableStats, TranspositionTable

__all__ = [
    "Entry",
    "MTDf",
    "Negamax",
    "NegamaxAlphaBeta",
    "NegamaxSettings",
    "PrincipalVariation",
    "Scout",
    "TableStats",
    "TranspositionTable",
    "value_at_least",
]
