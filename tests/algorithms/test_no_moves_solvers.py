"""A game that offers no moves in a position still being played: every solver refuses it,
and so does the proof checker, naming the position (issue 42).

Before, the goal solvers answered such a game: the boolean solver said Maxie could force a
win with a move into a position Minnie cannot move from (an AND node with no moves is
"every reply is good"), proof-number search and df-pn ended in `min()`'s ValueError, and
`check_proof` accepted the boolean solver's proof.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from gamelib import seq
from gamelib.algorithms.boolean import Goal, check_proof, negamax_boolean, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.goals import BOOLEAN_METHOD, GoalMethod, solve_by_goals
from gamelib.algorithms.pns import DFPN_METHOD, PNS_METHOD, dfpn_goal, pns_goal
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import Playing, Side, Status
from gamelib.core.game import Game, NoMovesError
from gamelib.search.proofs import ProofNode
from gamelib.seq import Seq


@dataclass(frozen=True)
class StuckAt:
    """Counts up by one each move, and never ends; at `stuck` it offers no moves."""

    stuck: int

    @property
    def start(self) -> int:
        return 0

    def player(self, state: int, /) -> Side:
        return Side.Maxie if state % 2 == 0 else Side.Minnie

    def moves(self, state: int, /) -> Seq[int]:
        return seq.empty() if state == self.stuck else seq.singleton(1)

    def play(self, state: int, move: int, /) -> Status[int]:
        return Playing(state + move)

    def state_to_string(self, state: int, /) -> str:
        return f"count {state}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: int, text: str, /) -> int | None:
        return 1 if text.strip() == "1" else None


def sentence(stuck: int) -> str:
    return f"^the game offered no moves in a state still being played: 'count {stuck}'$"


SOLVERS: dict[str, Callable[[Game[int, int], Goal], object]] = {
    "solve_goal": lambda game, goal: solve_goal(game, goal),
    "solve_goal all moves": lambda game, goal: solve_goal(game, goal, all_moves=True),
    "solve_goal with a table": lambda game, goal: solve_goal(
        game, goal, table=TranspositionTable(100)
    ),
    "negamax_boolean": lambda game, goal: negamax_boolean(game, goal),
    "pns_goal": lambda game, goal: pns_goal(game, goal),
    "dfpn_goal": lambda game, goal: dfpn_goal(game, goal),
    "exact solve": lambda game, goal: solve(game),
}


@pytest.mark.parametrize("stuck", [0, 1, 2, 3])
@pytest.mark.parametrize("goal", list(Goal))
@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_every_solver_refuses_a_position_without_moves(solver: str, goal: Goal, stuck: int) -> None:
    with pytest.raises(NoMovesError, match=sentence(stuck)):
        SOLVERS[solver](StuckAt(stuck), goal)


@pytest.mark.parametrize("method", [BOOLEAN_METHOD, PNS_METHOD, DFPN_METHOD], ids=lambda m: m.name)
def test_every_goal_method_refuses_it_through_solve_by_goals(method: GoalMethod) -> None:
    game = StuckAt(1)
    with pytest.raises(NoMovesError, match=sentence(1)):
        solve_by_goals(game, game.start, method)


def test_the_proof_checker_refuses_a_proof_through_a_position_without_moves() -> None:
    # The proof the boolean solver gave before: Maxie plays 1, and Minnie, with no reply,
    # "loses" at an AND node that keeps every move (none).
    game = StuckAt(1)
    proof: ProofNode[int, int] = ProofNode(
        Playing(0), "or", ((1, ProofNode(Playing(1), "and", ())),)
    )
    with pytest.raises(NoMovesError, match=sentence(1)):
        check_proof(game, proof)
    with pytest.raises(NoMovesError, match=sentence(1)):
        check_proof(game, proof, goal=Goal.WIN, side=Side.Maxie)


def test_the_proof_checker_refuses_a_root_without_moves() -> None:
    game = StuckAt(0)
    with pytest.raises(NoMovesError, match=sentence(0)):
        check_proof(game, ProofNode(Playing(0), "and", ()))
