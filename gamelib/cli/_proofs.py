"""The proofs and the counts `gamelib solve` shows (private to it): the boolean solver's
trees, checked against the game's rules before they are shown, their JSON, the table's
statistics, and the live progress line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar

from gamelib.algorithms.boolean import Goal, ProofNode, check_proof, solve_goal
from gamelib.algorithms.exact import Solution
from gamelib.algorithms.table import TableStats, TranspositionTable
from gamelib.core.datatypes import Done, Side, flip
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Proof(Generic[S, M]):
    """One tree of the proof, with what it proves."""

    goal: Goal
    side: Side
    tree: ProofNode[S, M]

    @property
    def title(self) -> str:
        return f"{self.side} can {self.goal.value}"


def find_proofs(
    game: Game[S, M], state: S, solution: Solution[S, M], entries: int
) -> list[Proof[S, M]]:
    """The trees that prove `solution`, each checked against the game's rules."""
    mover = solution.to_move
    asked: list[tuple[Goal, Side]]
    match solution.result:
        case "win":
            asked = [(Goal.WIN, mover)]
        case "loss":
            asked = [(Goal.WIN, flip(mover))]
        case "draw":
            asked = [(Goal.NOT_LOSE, mover), (Goal.NOT_LOSE, flip(mover))]
        case "unknown":  # refused before solving: only a depth-limited solve says this
            raise AssertionError("a proof of an unknown result was asked for")
    found = []
    for goal, side in asked:
        table: TranspositionTable[M, ProofNode[S, M]] | None = (
            TranspositionTable(entries) if entries > 0 else None
        )
        answer = solve_goal(game, goal, state, side, table=table)
        # The solvers agree on every generated tree and every tic-tac-toe position, so this
        # holds; were it ever to fail, say so rather than print a tree that proves nothing.
        if not answer.holds:
            raise AssertionError(f"the boolean solver finds that {side} cannot {goal.value}")
        check_proof(game, answer.proof, state, goal, side)
        found.append(Proof(goal, side, answer.proof))
    return found


def tree_json(game: Game[S, M], node: ProofNode[S, M]) -> JSON:
    status = node.status
    if isinstance(status, Done):
        return {"kind": "end", "outcome": str(status.outcome)}
    return {
        "kind": node.kind,
        "position": game.state_to_string(status.state),
        "moves": [
            {"move": game.move_to_string(m), "then": tree_json(game, child)}
            for m, child in node.children
        ],
    }


def stats_json(stats: TableStats, capacity: int) -> JSON:
    return {
        "entries": capacity,
        "probes": stats.probes,
        "hits": stats.hits,
        "stores": stats.stores,
        "overwrites": stats.overwrites,
        "evictions": stats.evictions,
    }


class Progress:
    """The live progress line on a terminal's standard error."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.began = time.perf_counter()
        self.shown = False

    def __call__(self, positions: int) -> None:
        seconds = time.perf_counter() - self.began
        self.err.write(f"\rsolving: {positions:,} positions, {seconds:.1f} s")
        self.err.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.err.write("\r\x1b[K")
            self.err.flush()
