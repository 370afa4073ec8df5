"""Solving by goals: win, draw or loss from two yes-or-no questions, with their proofs.

The exact solver ([`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve]) finds
a position's value, distance included.  The boolean solvers answer a smaller question, "can
this side meet this goal?" ([`Goal`][gamelib.algorithms.boolean.Goal]), and prove their
answer with a tree.  Two such questions settle the result for the side to move:

1. *Can the mover win?*  Yes: a win, proved by the mover's tree.  No: the tree that says
   so is the opponent's, proving that the opponent does not lose.
2. *Can the mover at least draw?*  Yes: a draw, proved by the mover's tree and the
   opponent's from the first question.  No: a loss, proved by the opponent's winning tree.

The second question is not asked when the opponent's tree from the first ends only in
games the opponent won (no draw among its leaves): that tree proves the opponent wins, so
it is a loss.  In a game without draws one question is always enough.

A [`GoalMethod`][gamelib.algorithms.goals.GoalMethod] is one way of answering such a
question: the boolean solver's depth-first search
([`BOOLEAN_METHOD`][gamelib.algorithms.goals.BOOLEAN_METHOD]), proof-number search or
df-pn ([`gamelib.algorithms.pns`][gamelib.algorithms.pns]).
[`solve_by_goals`][gamelib.algorithms.goals.solve_by_goals] asks the questions with any of
them and returns a [`Verdict`][gamelib.algorithms.goals.Verdict]: the result, a move that
keeps it, and the proofs.  It says nothing of how long the game lasts: a distance needs
the exact solver.

```pycon
>>> from gamelib.games.tictactoe import TicTacToe
>>> game = TicTacToe()
>>> verdict = solve_by_goals(game, game.start, BOOLEAN_METHOD)
>>> verdict.result, [proof.title for proof in verdict.proofs]
('draw', ['Maxie can avoid losing', 'Minnie can avoid losing'])
>>> print(describe_verdict(game, verdict))
a draw, with best play; a move that keeps it: 1

```
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar, final

from gamelib.algorithms.boolean import BooleanSolution, Goal, ProofNode, solve_goal
from gamelib.algorithms.exact import paused_collector, winner_of
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import Done, Draw, Side, flip
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.search.proofs import INFINITY, shown_number

__all__ = [
    "BOOLEAN_METHOD",
    "INFINITY",
    "GoalInterruptedError",
    "GoalMethod",
    "GoalReport",
    "GoalSearch",
    "Proof",
    "Verdict",
    "VerdictResult",
    "describe_verdict",
    "shown_number",
    "solve_by_goals",
]

S = TypeVar("S")
M = TypeVar("M")

VerdictResult = Literal["win", "draw", "loss"]
"""How the game ends for the side to move, under perfect play."""

GoalReport = Callable[[int, int, int], None]
"""Hears how a search is going: positions played so far, the root's proof number and its
disproof number (the boolean solver has no such numbers and reports nothing)."""


class GoalSearch(Protocol):
    """Answers one question: can `side` meet `goal` from `state`?  With a bound of `room`
    on what it keeps (table entries, or positions), and `report` every `every` positions.
    """

    def __call__(
        self,
        game: Game[S, M],
        goal: Goal,
        state: S,
        side: Side,
        /,
        *,
        room: int,
        report: GoalReport | None,
        every: int,
    ) -> BooleanSolution[S, M]: ...


@final
@dataclass(frozen=True)
class GoalMethod:
    """A way of answering goals, by name, as `gamelib solve --method` chooses it."""

    name: str
    """Its name after `--method`."""
    about: str
    """What it is, in a few words, for `--help`."""
    search: GoalSearch
    """The search that answers one goal."""
    room: str
    """What `--table` bounds for it, in words."""
    least_room: int
    """The least `--table` it takes (0: it can do without a table)."""
    default_room: int
    """Its bound when `--table` is not given."""

    def usage(self) -> str:
        return self.name


@final
@dataclass(frozen=True)
class Proof(Generic[S, M]):
    """One tree of a proof, with what it proves."""

    goal: Goal
    side: Side
    tree: ProofNode[S, M]

    @property
    def title(self) -> str:
        return f"{self.side} can {self.goal.value}"


@final
@dataclass(frozen=True)
class Verdict(Generic[S, M]):
    """What solving by goals found for one position."""

    state: S
    """The position solved."""
    to_move: Side
    """Whose turn it is there."""
    result: VerdictResult
    """How the game ends for `to_move`, under perfect play."""
    best: M | None
    """A move that keeps the result (None for a loss: every move loses)."""
    proofs: tuple[Proof[S, M], ...]
    """The trees that prove the result: the winner's, or both sides' for a draw."""
    positions: int
    """Positions played by both questions' searches."""
    seconds: float
    """How long it took."""
    method: str
    """The method's name."""

    @property
    def winner(self) -> Side | None:
        """Who wins, or None for a draw."""
        return winner_of(self.result, self.to_move)


class GoalInterruptedError(StoppedError):
    """A search for a goal stopped before it had an answer (Ctrl-C); it says how far it got."""

    def __init__(self, positions: int | None, numbers: tuple[int, int] | None) -> None:
        self.positions = positions
        """Positions played before it stopped (None: the search does not count them)."""
        self.numbers = numbers
        """The root's last proof and disproof numbers, if the search keeps them."""
        self.question = ""
        """The question being asked, and what earlier ones settled (set by `solve_by_goals`)."""
        super().__init__()

    def __str__(self) -> str:
        said = "stopped"
        if self.positions is not None:
            said += f" after {self.positions:,} positions"
        if self.question:
            said += f" {self.question}"
        if self.numbers is not None:
            pn, dn = self.numbers
            said += (
                f": the root's proof number was {shown_number(pn)} "
                f"and its disproof number {shown_number(dn)}"
            )
        return said


def solve_by_goals(
    game: Game[S, M],
    state: S,
    method: GoalMethod,
    *,
    room: int | None = None,
    report: Callable[[str, int, int, int], None] | None = None,
    every: int = 50_000,
) -> Verdict[S, M]:
    """Win, draw or loss for the side to move at `state`, by `method`'s answers to two
    goals (see the module), within `room` (default: the method's).  `report(question,
    positions, pn, dn)` hears how each question's search is going, every `every` positions.
    Ctrl-C raises [`GoalInterruptedError`][gamelib.algorithms.goals.GoalInterruptedError],
    which says what was settled.
    """
    began = time.perf_counter()
    mover = game.player(state)
    bound = method.default_room if room is None else room
    spent = 0

    def ask(goal: Goal) -> BooleanSolution[S, M]:
        nonlocal spent
        question = f"can {mover} {goal.value}?"
        hear: GoalReport | None = None
        if report is not None:
            done = spent

            def hear(positions: int, pn: int, dn: int) -> None:
                report(question, done + positions, pn, dn)

        try:
            answer = method.search(game, goal, state, mover, room=bound, report=hear, every=every)
        except GoalInterruptedError as stopped:
            if stopped.positions is not None:
                stopped.positions += spent
            stopped.question = f"asking whether {mover} can {goal.value}" + (
                f" (that {mover} cannot win was settled)" if goal is Goal.NOT_LOSE else ""
            )
            raise
        spent += answer.positions
        return answer

    def verdict(
        result: VerdictResult, best: M | None, *proofs: BooleanSolution[S, M]
    ) -> Verdict[S, M]:
        trees = tuple(Proof(p.proof_goal, p.proof_side, p.proof) for p in proofs)
        seconds = time.perf_counter() - began
        return Verdict(state, mover, result, best, trees, spent, seconds, method.name)

    win = ask(Goal.WIN)
    if win.holds:
        return verdict("win", win.moves[0], win)
    if win.only_wins or _decisive(win.proof):
        # The opponent's tree that says "no" ends only in the opponent's wins: it proves
        # the opponent wins, so the second question's answer is known ("no") and proved.
        trees = (Proof(Goal.WIN, win.proof_side, win.proof),)
        seconds = time.perf_counter() - began
        return Verdict(state, mover, "loss", None, trees, spent, seconds, method.name)
    not_lose = ask(Goal.NOT_LOSE)
    if not_lose.holds:
        return verdict("draw", not_lose.moves[0], not_lose, win)
    return verdict("loss", None, not_lose)


def _decisive(proof: ProofNode[S, M]) -> bool:
    """Whether every leaf of `proof` is a finished game someone won (no draw, no horizon).

    Such a tree, proving its side avoids losing, proves that side wins as well.  Each
    shared subtree is looked at once.
    """
    seen = {id(proof)}
    waiting = [proof]
    push, pop = waiting.append, waiting.pop
    while waiting:
        node = pop()
        kind = node.kind
        if kind == "end":
            status = node.status
            if isinstance(status, Done) and isinstance(status.outcome, Draw):
                return False
        elif kind == "horizon":
            return False
        else:
            for _, child in node.children:
                if id(child) not in seen:
                    seen.add(id(child))
                    push(child)
    return True


def describe_verdict(game: Game[S, M], verdict: Verdict[S, M]) -> str:
    """The verdict in words, as `gamelib solve --method` prints it."""
    side = verdict.to_move
    best = "" if verdict.best is None else game.move_to_string(verdict.best)
    match verdict.result:
        case "win":
            return f"{side}, to move, wins; a winning move: {best}"
        case "draw":
            return f"a draw, with best play; a move that keeps it: {best}"
        case "loss":
            return f"{side}, to move, loses: {flip(side)} wins whatever {side} plays"


def _boolean(
    game: Game[S, M],
    goal: Goal,
    state: S,
    side: Side,
    /,
    *,
    room: int,
    report: GoalReport | None,
    every: int,
) -> BooleanSolution[S, M]:
    """The boolean solver as a goal method: `room` table entries (0: none), the moves
    in the game's order for solving (its `solver_moves`, as the exact solver tries
    them) when it has one; it reports nothing, and Ctrl-C stops it without a count."""
    table: TranspositionTable[M, ProofNode[S, M]] | None = (
        TranspositionTable(room) if room > 0 else None
    )
    own: Callable[[S], Sequence[M]] | None = getattr(game, "solver_moves", None)
    try:
        # It makes a tuple or two for every position and no cycles to collect (see
        # paused_collector).
        with paused_collector():
            answer = solve_goal(
                game, goal, state, side, table=table, order=own if callable(own) else None
            )
            # Dropped before the collector resumes, which would otherwise walk every
            # entry once more: what it still walks is the proof.
            del table
            return answer
    except KeyboardInterrupt:
        raise GoalInterruptedError(None, None) from None


BOOLEAN_METHOD = GoalMethod(
    "boolean",
    "the OR/AND solver of the lectures, depth first in the game's order for solving",
    _boolean,
    "transposition-table entries",
    0,
    1_000_000,
)
"""The boolean solver ([`solve_goal`][gamelib.algorithms.boolean.solve_goal]) as a goal method."""
