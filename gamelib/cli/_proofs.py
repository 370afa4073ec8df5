"""What `gamelib solve` shows besides the answer (private to it): the boolean solver's
proof trees, checked against the game's rules before they are shown, and their JSON; each
move's result for `--all`; the table's statistics; the live progress line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO, TypeVar

from gamelib import seq
from gamelib.algorithms.boolean import Goal, ProofNode, check_proof, solve_goal
from gamelib.algorithms.exact import (
    Result,
    Solution,
    SolveInterruptedError,
    paused_collector,
    plies,
    solve,
)
from gamelib.algorithms.goals import GoalMethod, Proof, Verdict, shown_number, solve_by_goals
from gamelib.algorithms.table import TableStats, TranspositionTable
from gamelib.cli._solve_request import PROOF_LINES, Request
from gamelib.core.datatypes import Done, Draw, Outcome, Side, flip
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.errors import StoppedError
from gamelib.trace.proof_lines import proof_boards, proof_lines, proof_shape

S = TypeVar("S")
M = TypeVar("M")


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


PROOF_WRITTEN = 100_000
"""The most lines (or, with `--proof-boards`, positions) a proof is written with."""


def too_long(tree: ProofNode[S, M], request: Request) -> str | None:
    """Why the proof `tree` is not written as `request` asks (None: it is): more lines
    (or positions, with `--proof-boards`) than `PROOF_WRITTEN` to the depth asked for."""
    depth = request.proof_depth
    if depth is None:
        return None  # cut to fit
    shape = proof_shape(tree)
    if request.proof_boards:
        count, unit = shape.positions(depth), "positions"
    else:
        count, unit = shape.lines(depth), "lines"
    if count <= PROOF_WRITTEN:
        return None
    return (
        f"written out to {plies(depth)} it has {count:,} {unit}, more than the "
        f"{PROOF_WRITTEN:,} --proof writes; a smaller --proof-depth cuts it, and --dot FILE "
        "writes each position once"
    )


def write_proof(out: TextIO, game: Game[S, M], tree: ProofNode[S, M], request: Request) -> None:
    """The proof `tree` as `request` asks: lines of moves cut at `--proof-depth` (or at the
    most plies that keep to about `PROOF_LINES` lines), or with `--proof-boards` its
    positions (as many plies as keep to about `PROOF_LINES` positions); then where it was
    cut."""
    shape = proof_shape(tree)
    depth = request.proof_depth
    if depth is None:
        depth = shape.deepest(PROOF_LINES, positions=request.proof_boards)
    cut = depth < shape.height
    if request.proof_boards:
        written = proof_boards(game, tree, depth if cut else None)
        whole = f"{shape.positions(depth):,} of its {shape.positions(None):,} positions"
    else:
        out.write(
            "as moves from the position; a line further right goes on from the end of the "
            "line above:\n"
        )
        written = proof_lines(game, tree, depth if cut else None)
        whole = f"{len(written):,} of its {shape.lines(None):,} lines"
    for line in written:
        out.write(line + "\n")
    if cut:
        where = "the proof" if request.proof_boards else "a line"
        out.write(
            f"(cut after {plies(depth)}, '...' where {where} goes on: {whole}; --proof-depth "
            "N shows N plies)\n"
        )


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

    def numbers(self, question: str, positions: int, pn: int, dn: int) -> None:
        """The line of a goal method: the question, the work so far, and the root's proof
        and disproof numbers (how many positions are, at least, still to be settled to
        answer yes, and to answer no)."""
        seconds = time.perf_counter() - self.began
        self.err.write(
            f"\rsolving, {question} {positions:,} positions, {seconds:.1f} s; "
            f"the root's proof number {shown_number(pn)}, disproof number {shown_number(dn)}\x1b[K"
        )
        self.err.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.err.write("\r\x1b[K")
            self.err.flush()


@dataclass(frozen=True)
class Column:
    """How the game ends if the side to move plays one move (`--all`)."""

    move: str
    result: Result
    plies: int | None
    """Plies from the position asked about, the move included (None: a goal method,
    which finds the result only)."""


def move_columns(
    game: Game[S, M],
    state: S,
    table: TranspositionTable[M, int] | None,
    depth: int | None,
    count: Callable[[int], None],
) -> dict[str, Column]:
    """Every legal move's result and distance, by the move as written."""

    def after(child: S) -> Solution[S, M]:
        return solve(game, child, table=table, depth=None if depth is None else depth - 1)

    # At depth 1 nothing is looked at past the move itself.  The solves share the
    # table, so the collector stays paused from the first to the last.
    with paused_collector():
        return _columns(game, state, count, None if depth == 1 else after, SolveInterruptedError)


def goal_columns(
    game: Game[S, M],
    state: S,
    method: GoalMethod,
    room: int,
    count: Callable[[int], None],
) -> dict[str, Column]:
    """Every legal move's result, by the move as written, each solved by `method`."""

    def after(child: S) -> Verdict[S, M]:
        return solve_by_goals(game, child, method, room=room)

    return _columns(game, state, count, after, StoppedError)


def _columns(
    game: Game[S, M],
    state: S,
    count: Callable[[int], None],
    after: Callable[[S], Solution[S, M] | Verdict[S, M]] | None,
    stops: type[StoppedError],
) -> dict[str, Column]:
    """Every legal move's column: a finished game's result, else `after`'s (None: each
    move's result unknown), seen from the mover; `stops` stopping `after` names the move."""
    mover = game.player(state)
    found: dict[str, Column] = {}
    for move in seq.to_tuple(game.moves(state)):
        text = game.move_to_string(move)
        status = game.play(state, move)
        count(1)
        if isinstance(status, Done):
            found[text] = Column(text, _ended(status.outcome, mover), 1)
            continue
        if after is None:
            found[text] = Column(text, "unknown", 1)
            continue
        try:
            solved = after(status.state)
        except stops as stopped:
            raise ColumnInterruptedError(text, stopped) from None
        count(solved.positions)
        result: Result = solved.result
        if solved.to_move is not mover:  # the other side's result, seen from the mover
            result = "loss" if result == "win" else "win" if result == "loss" else result
        plies = solved.plies + 1 if isinstance(solved, Solution) else None
        found[text] = Column(text, result, plies)
    return found


def _ended(outcome: Outcome, mover: Side) -> Result:
    """A finished game's result for `mover`."""
    if isinstance(outcome, Draw):
        return "draw"
    return "win" if outcome.side is mover else "loss"


class ColumnInterruptedError(StoppedError):
    """Ctrl-C while `--all` was solving one move (the position itself was solved)."""

    def __init__(self, move: str, stopped: StoppedError) -> None:
        self.move = move
        self.stopped = stopped
        super().__init__(f"move {move}: {stopped}")


def column_json(column: Column | None) -> JSON:
    if column is None:
        return None
    return {"result": column.result, "plies": column.plies}


def column_words(column: Column) -> str:
    if column.plies is None:  # a goal method's: the result alone
        return column.result
    match column.result:
        case "win" | "loss":
            return f"{column.result} in {plies(column.plies)}"
        case "draw":
            return f"draw ({plies(column.plies)} to the end)"
        case "unknown":
            return f"no forced result within {plies(column.plies)}"
