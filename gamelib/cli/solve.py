"""``gamelib solve``: who wins a game from a position, in how many plies, and the proof.

The exact solver (:func:`gamelib.algorithms.exact.solve`) gives the result
and its distance; on request (``--proof``, ``--dot``) the boolean solver
gives the tree that proves it, which is checked against the game's rules
before it is shown.  A win is proved by the winner's "force a win" tree,
a draw by both sides' "avoid losing" trees.

On a terminal a progress line counts the positions searched; Ctrl-C stops
the solve and says what was proved so far.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TextIO, TypeVar

from gamelib import seq
from gamelib.algorithms.boolean import (
    Goal,
    ProofNode,
    check_proof,
    proof_size,
    proof_to_text,
    proofs_to_dot,
    solve_goal,
)
from gamelib.algorithms.exact import Solution, SolveInterruptedError, describe, solve
from gamelib.algorithms.table import TableStats, TranspositionTable
from gamelib.cli.games import GameKit
from gamelib.cli.specs import SpecError, parse_depth, whole_number
from gamelib.core.datatypes import Done, Side, flip
from gamelib.core.game import Game
from gamelib.core.human import ExplainsIllegalMoves

__all__ = ["DEFAULT_TABLE", "PROGRESS_EVERY", "SolveJob", "add_solve_options", "check_request"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

DEFAULT_TABLE = 1_000_000
"""Transposition-table entries when ``--table`` is not given."""

PROGRESS_EVERY = 50_000
"""Positions between updates of the progress line."""

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]


def add_solve_options(parser: argparse.ArgumentParser) -> None:
    """The ``solve`` command's own options (the game's are parsed with the game)."""
    parser.add_argument(
        "--moves",
        help="solve the position after these moves, e.g. '1 5 9' or 1,5,9 (default: the start)",
    )
    parser.add_argument(
        "--depth", help="look at most this many plies ahead (default: to the end of the game)"
    )
    parser.add_argument(
        "--table",
        help=f"transposition-table entries; 0 for none (default {DEFAULT_TABLE:,}); "
        "a bound on the memory a solve takes",
    )
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.add_argument(
        "--proof", action="store_true", help="also print the tree that proves the answer"
    )
    parser.add_argument("--dot", metavar="FILE", help="also write the proof as Graphviz DOT")


@dataclass(frozen=True)
class Request:
    """A checked ``solve`` command line, before the game is built."""

    game: str
    moves: tuple[str, ...]
    depth: int | None
    table: int
    json: bool
    proof: bool
    dot: Path | None


def check_request(options: argparse.Namespace) -> Request:
    """The options as a :class:`Request`; SpecError naming the first bad one."""
    depth = None if options.depth is None else parse_depth(str(options.depth))
    table = DEFAULT_TABLE
    if options.table is not None:
        table = whole_number(str(options.table), "--table")
        if table < 0:
            raise SpecError(f"--table must be a number of entries, 0 or more, got {table}")
    dot = None if options.dot is None else Path(options.dot)
    if depth is not None and (options.proof or dot is not None):
        asked = "--proof" if options.proof else "--dot"
        raise SpecError(
            f"{asked} needs a solve to the end of the game, and --depth {depth} stops it "
            f"after {depth} plies: a depth-limited search proves nothing past its depth"
        )
    if dot is not None and not dot.resolve().parent.is_dir():
        raise SpecError(f"cannot write {options.dot}: its folder does not exist")
    moves = () if options.moves is None else tuple(str(options.moves).replace(",", " ").split())
    return Request(str(options.game), moves, depth, table, bool(options.json), options.proof, dot)


def _position(game: Game[S, M], texts: tuple[str, ...]) -> tuple[S, tuple[M, ...]]:
    """The position after the moves written in ``texts``; SpecError for one that cannot be
    played there, or for a game they finish."""
    state = game.start
    played: list[M] = []
    for number, text in enumerate(texts, 1):
        legal = seq.to_tuple(game.moves(state))
        move = game.parse_move(state, text)
        if move is None or move not in legal:
            after = " ".join(texts[: number - 1]) or "the start"
            offered = ", ".join(game.move_to_string(m) for m in legal)
            if isinstance(game, ExplainsIllegalMoves):
                why = game.why_illegal(state, text)
            else:
                why = f"'{text}' is not a legal move"
            raise SpecError(
                f"--moves: move {number} cannot be played after {after}: {why}; "
                f"legal moves: {offered}"
            )
        played.append(move)
        status = game.play(state, move)
        if isinstance(status, Done):
            if number < len(texts):
                rest = " ".join(texts[number:])
                raise SpecError(
                    f"--moves: the game is over after move {number} ({status.outcome}), "
                    f"so '{rest}' cannot be played"
                )
            raise SpecError(
                f"nothing to solve: the game is over after --moves {' '.join(texts)} "
                f"({status.outcome})"
            )
        state = status.state
    return state, tuple(played)


@dataclass(frozen=True)
class _Proof(Generic[S, M]):
    """One tree of the proof, with what it proves."""

    goal: Goal
    side: Side
    tree: ProofNode[S, M]

    @property
    def title(self) -> str:
        return f"{self.side} can {self.goal.value}"


def _proofs(
    game: Game[S, M], state: S, solution: Solution[S, M], entries: int
) -> list[_Proof[S, M]]:
    """The trees that prove ``solution``, each checked against the game's rules."""
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
        found.append(_Proof(goal, side, answer.proof))
    return found


def _tree_json(game: Game[S, M], node: ProofNode[S, M]) -> JsonValue:
    status = node.status
    if isinstance(status, Done):
        return {"kind": "end", "outcome": str(status.outcome)}
    return {
        "kind": node.kind,
        "position": game.state_to_string(status.state),
        "moves": [
            {"move": game.move_to_string(m), "then": _tree_json(game, child)}
            for m, child in node.children
        ],
    }


def _stats_json(stats: TableStats, capacity: int) -> JsonValue:
    return {
        "entries": capacity,
        "probes": stats.probes,
        "hits": stats.hits,
        "stores": stats.stores,
        "overwrites": stats.overwrites,
        "evictions": stats.evictions,
    }


class _Progress:
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


@dataclass(frozen=True)
class SolveJob:
    """``gamelib solve`` on one game kit."""

    request: Request
    out: TextIO
    err: TextIO

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        game = kit.game
        request = self.request
        state, played = _position(game, request.moves)
        table: TranspositionTable[M, int] | None = (
            TranspositionTable(request.table) if request.table > 0 else None
        )
        progress = _Progress(self.err) if self.err.isatty() else None
        try:
            solution = solve(
                game,
                state,
                table=table,
                depth=request.depth,
                progress=progress,
                every=PROGRESS_EVERY,
            )
        except SolveInterruptedError as stopped:
            if progress is not None:
                progress.clear()
            self.err.write(f"gamelib: solve {stopped}\n")
            return 1
        if progress is not None:
            progress.clear()
        proofs = (
            _proofs(game, state, solution, request.table)
            if (request.proof or request.dot is not None)
            else []
        )
        if request.dot is not None:
            shown = [(p.title, p.tree) for p in proofs]
            request.dot.write_text(proofs_to_dot(game, shown), encoding="utf-8")
        if request.json:
            self._json(game, played, solution, table, proofs)
        else:
            self._text(game, solution, table, proofs)
        return 0

    def _text(
        self,
        game: Game[S, M],
        solution: Solution[S, M],
        table: TranspositionTable[M, int] | None,
        proofs: list[_Proof[S, M]],
    ) -> None:
        out = self.out
        line = " ".join(game.move_to_string(m) for m in solution.principal)
        out.write(f"{game.state_to_string(solution.state)}\n{describe(game, solution)}\n")
        out.write(f"best line: {line}\n")
        used = (
            "no table"
            if table is None
            else f"{len(table):,} of {self.request.table:,} table entries used"
        )
        out.write(
            f"searched {solution.positions:,} positions in {solution.seconds:.2f} s ({used})\n"
        )
        for proof in proofs:
            size = proof_size(proof.tree)
            out.write(
                f"\nproof that {proof.title}: {size:,} positions, "
                "checked against the rules of the game\n"
            )
            if self.request.proof:
                out.write(proof_to_text(game, proof.tree) + "\n")
        if self.request.dot is not None:
            out.write(f"wrote {self.request.dot}\n")

    def _json(
        self,
        game: Game[S, M],
        played: tuple[M, ...],
        solution: Solution[S, M],
        table: TranspositionTable[M, int] | None,
        proofs: list[_Proof[S, M]],
    ) -> None:
        winner = solution.winner
        answer: dict[str, JsonValue] = {
            "game": self.request.game,
            "moves": [game.move_to_string(m) for m in played],
            "position": game.state_to_string(solution.state),
            "to_move": str(solution.to_move),
            "result": solution.result,
            "winner": None if winner is None else str(winner),
            "plies": solution.plies,
            "depth": solution.depth,
            "best": game.move_to_string(solution.best),
            "principal": [game.move_to_string(m) for m in solution.principal],
            "positions": solution.positions,
            "seconds": round(solution.seconds, 4),
            "table": None if table is None else _stats_json(table.stats, self.request.table),
        }
        if proofs:
            answer["proofs"] = [
                {
                    "side": str(p.side),
                    "goal": p.goal.value,
                    "size": proof_size(p.tree),
                    "checked": True,
                    **({"tree": _tree_json(game, p.tree)} if self.request.proof else {}),
                }
                for p in proofs
            ]
        if self.request.dot is not None:
            answer["dot"] = str(self.request.dot)
        self.out.write(json.dumps(answer, indent=2) + "\n")
