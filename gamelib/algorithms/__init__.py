"""Search algorithms beyond the 15-150 lectures, each a factory of the one shape.

- :mod:`gamelib.algorithms.negamax`: negamax, and alpha-beta in negamax form
  (fail-soft or fail-hard), from the CMPUT 657 notes.

The lectures' own factories (Minimax, AlphaBeta, Jamboree) stay in
:mod:`gamelib.estimate`; every kind, old and new, is listed in
:mod:`gamelib.catalog`.
"""

from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings

__all__ = ["Negamax", "NegamaxAlphaBeta", "NegamaxSettings"]
