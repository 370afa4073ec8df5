"""Search algorithms beyond the 15-150 lectures, each a factory of the one shape.

- [`gamelib.algorithms.negamax`][gamelib.algorithms.negamax]: negamax, and alpha-beta in negamax
  form (fail-soft or fail-hard), from the CMPUT 657 notes;
- [`gamelib.algorithms.table`][gamelib.algorithms.table]: transposition tables;
- [`gamelib.algorithms.nullwindow`][gamelib.algorithms.nullwindow]: the empty-window test "is the
  value at least m?", SCOUT, NegaScout/PVS and MTD(f);
- [`gamelib.algorithms.boolean`][gamelib.algorithms.boolean]: the boolean OR/AND solver and its
  negamax form, with proof and disproof trees and a checker;
- [`gamelib.algorithms.exact`][gamelib.algorithms.exact]: exact game values with distance (who wins,
  and in how many plies), for `gamelib solve`;
- [`gamelib.algorithms.ordering`][gamelib.algorithms.ordering]: killer moves and the history
  heuristic;
- [`gamelib.algorithms.deepening`][gamelib.algorithms.deepening]: iterative deepening under a budget
  of time, positions or depth.

The lectures' own factories (Minimax, AlphaBeta, Jamboree) stay in
`gamelib.estimate`; every kind, old and new, is listed in
[`gamelib.catalog`][gamelib.catalog].
"""

from gamelib.algorithms.boolean import (
    BooleanSolution,
    Goal,
    ProofError,
    ProofNode,
    check_proof,
    negamax_boolean,
    proof_size,
    solve_goal,
)
from gamelib.algorithms.deepening import (
    Deepening,
    DeepeningPlayer,
    DeepeningSettings,
    Iteration,
    IterativeDeepening,
    deepen,
)
from gamelib.algorithms.exact import Solution, SolveInterruptedError, describe, solve
from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import MTDf, PrincipalVariation, Scout, value_at_least
from gamelib.algorithms.ordering import Ordering
from gamelib.algorithms.table import Entry, TableStats, TranspositionTable

__all__ = [
    "BooleanSolution",
    "Deepening",
    "DeepeningPlayer",
    "DeepeningSettings",
    "Entry",
    "Goal",
    "Iteration",
    "IterativeDeepening",
    "MTDf",
    "Negamax",
    "NegamaxAlphaBeta",
    "NegamaxSettings",
    "Ordering",
    "PrincipalVariation",
    "ProofError",
    "ProofNode",
    "Scout",
    "Solution",
    "SolveInterruptedError",
    "TableStats",
    "TranspositionTable",
    "check_proof",
    "deepen",
    "describe",
    "negamax_boolean",
    "proof_size",
    "solve",
    "solve_goal",
    "value_at_least",
]
