"""Pig: the rules, the searches on it, and its value against an independent value iteration."""

from __future__ import annotations

import io
import random
import re
from fractions import Fraction

import pytest

from gamelib import seq
from gamelib.chance import (
    ChanceEstimator,
    ChanceGame,
    ChancePositionError,
    ChanceSettings,
    Expectiminimax,
    Nature,
    Star1,
    Star2,
    Value,
    check_branches,
    count_leaves,
)
from gamelib.chance.game import ChanceTurns
from gamelib.core.controller import play_out
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Winner
from gamelib.games.pig import Pig, PigEstimator, PigMove, PigState, pig_estimator, solve_pig

TOLERANCE = 1e-9
"""How close the library's solver and the independent value iteration must agree."""


def value_iteration(target: int) -> dict[tuple[int, int, int], float]:
    """The side to move's winning chance at every (own, other, turn total): plain value
    iteration over the whole state space at once, from all zeros, until nothing moves by
    more than 1e-14.  Written from the rules alone, sharing no code with gamelib."""
    states = [(i, j, k) for i in range(target) for j in range(target) for k in range(target - i)]
    p = dict.fromkeys(states, 0.0)
    while True:
        change = 0.0
        new = {}
        for i, j, k in states:
            roll = (1 - p[(j, i, 0)]) / 6  # a one: the turn passes
            for face in range(2, 7):
                roll += (1.0 if i + k + face >= target else p[(i, j, k + face)]) / 6
            best = roll if k == 0 else max(roll, 1 - p[(j, i + k, 0)])
            change = max(change, abs(best - p[(i, j, k)]))
            new[(i, j, k)] = best
        p = new
        if change < 1e-14:
            return p


@pytest.mark.parametrize("target", [1, 2, 5, 10, 15])
def test_the_solver_matches_value_iteration_everywhere(target: int) -> None:
    expected = value_iteration(target)
    found = solve_pig(target).table
    assert found.keys() == expected.keys()
    assert max(abs(found[s] - expected[s]) for s in expected) < TOLERANCE


def test_the_first_players_chance_to_ten() -> None:
    assert solve_pig(10).start_value == pytest.approx(value_iteration(10)[(0, 0, 0)], abs=TOLERANCE)
    assert solve_pig(10).start_value == pytest.approx(0.709424, abs=1e-6)


@pytest.mark.parametrize("target", [1, 2])
def test_tiny_targets_by_hand(target: int) -> None:
    # Any roll but a one wins at once, so P = 5/6 + 1/6 (1 - P): P = 6/7.
    assert solve_pig(target).start_value == pytest.approx(6 / 7, abs=1e-15)


def table_estimator(game: Pig) -> ChanceEstimator[PigState, PigMove]:
    """A perfect estimator: Maxie's exact winning chance, from the solved table."""
    solution = solve_pig(game.target)

    class Perfect:
        @property
        def game(self) -> ChanceGame[PigState, PigMove]:
            return game

        lower: Value = 0
        upper: Value = 1

        def estimate(self, state: PigState, /) -> Value:
            return solution.win_chance(state)

        def outcome_value(self, outcome: Outcome, /) -> Value:
            return 1 if outcome == Winner(Side.Maxie) else 0

    return Perfect()


def sample_states(game: Pig, count: int, seed: int) -> list[PigState]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        me = rng.randrange(game.target)
        total = rng.randrange(game.target - me)
        side = rng.choice([Side.Maxie, Side.Minnie])
        other = rng.randrange(game.target)
        scores = (me, other) if side is Side.Maxie else (other, me)
        found.append(PigState(*scores, total, side))
    return found


def test_one_move_of_expectiminimax_over_the_table_is_the_table() -> None:
    """Bellman's equation: with a perfect estimator a search of depth 1 returns the value
    and the best move of the solution (rolling on a tie, as both do)."""
    game = Pig(target=12)
    solution = solve_pig(12)
    for factory in (Expectiminimax, Star1, Star2):
        player = factory(ChanceSettings(table_estimator(game), 1))
        for state in [game.start, *sample_states(game, 60, seed=3)]:
            move, value = player.analyse(state)
            assert value == pytest.approx(solution.win_chance(state), abs=TOLERANCE)
            assert move is solution.best_move(state)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_star1_and_star2_agree_with_expectiminimax_on_pig(depth: int) -> None:
    game = Pig(target=8)
    settings = ChanceSettings(pig_estimator(game), depth)
    for state in [game.start, *sample_states(game, 15, seed=depth)]:
        plain = count_leaves(Expectiminimax, settings, state)
        assert isinstance(plain[1], Fraction)
        for factory in (Star1, Star2):
            move, value, leaves = count_leaves(factory, settings, state)
            assert (move, value) == plain[:2]
            assert leaves <= plain[2]


# --------------------------------------------------------------------------
# The rules


def test_a_turn_starts_with_a_roll_and_a_roll_is_a_chance_position() -> None:
    game = Pig(target=20)
    start = game.start
    assert game.player(start) is Side.Maxie
    assert seq.to_list(game.moves(start)) == [PigMove.Roll]
    rolling = game.play(start, PigMove.Roll)
    assert rolling == Playing(PigState(0, 0, 0, Side.Maxie, rolling=True))
    state = rolling.state
    assert game.player(state) is Nature.Chance
    branches = check_branches(game.outcomes(state), "a roll")
    assert [b.probability for b in branches] == [Fraction(1, 6)] * 6
    assert [b.label for b in branches] == [f"rolled {face}" for face in range(1, 7)]
    assert branches[0].status == Playing(PigState(0, 0, 0, Side.Minnie))
    assert branches[3].status == Playing(PigState(0, 0, 4, Side.Maxie))


def test_holding_banks_and_reaching_the_target_wins() -> None:
    game = Pig(target=20)
    state = PigState(5, 17, 8, Side.Maxie)
    assert seq.to_list(game.moves(state)) == [PigMove.Roll, PigMove.Hold]
    assert game.play(state, PigMove.Hold) == Playing(PigState(13, 17, 0, Side.Minnie))
    rolling = PigState(5, 17, 0, Side.Minnie, rolling=True)
    statuses = [b.status for b in game.outcomes(rolling)]
    assert statuses[0] == Playing(PigState(5, 17, 0, Side.Maxie))  # a one: nothing banked
    assert statuses[1] == Playing(PigState(5, 17, 2, Side.Minnie))  # 19: not yet
    assert statuses[2:] == [Done(Winner(Side.Minnie))] * 4  # 20 or more wins


def test_moves_as_text() -> None:
    game = Pig()
    middle = PigState(3, 4, 6, Side.Minnie)
    assert game.parse_move(middle, " Roll ") is PigMove.Roll
    assert game.parse_move(middle, "r") is PigMove.Roll
    assert game.parse_move(middle, "HOLD") is PigMove.Hold
    assert game.parse_move(middle, "h") is PigMove.Hold
    assert game.parse_move(middle, "pass") is None
    assert game.parse_move(game.start, "hold") is None  # nothing to bank yet
    assert game.parse_move(PigState(0, 0, 3, Side.Maxie, rolling=True), "roll") is None
    assert [game.move_to_string(m) for m in PigMove] == ["roll", "hold"]
    assert game.state_to_string(middle) == (
        "Maxie 3, Minnie 4 (to 20): Minnie to move, turn total 6"
    )
    assert game.state_to_string(PigState(3, 4, 6, Side.Minnie, True)).endswith(
        "Minnie rolls the die, turn total 6"
    )


@pytest.mark.parametrize("target", [0, -3, "10", True, 2.5])
def test_bad_targets(target: object) -> None:
    with pytest.raises(ValueError, match="a Pig target must be a whole number of at least 1, got"):
        Pig(target)  # type: ignore[arg-type]


def test_outcomes_at_a_decision_position_are_refused() -> None:
    with pytest.raises(ChancePositionError, match="is a decision position: nothing is rolled"):
        Pig().outcomes(Pig().start)
    with pytest.raises(ChancePositionError, match="the die is rolling"):
        solve_pig(5).best_move(PigState(0, 0, 0, Side.Maxie, True))


def test_the_race_estimator() -> None:
    game = Pig(target=20)
    est: ChanceEstimator[PigState, PigMove] = pig_estimator(game)
    assert isinstance(est, PigEstimator)
    assert est.estimate(game.start) == Fraction(1, 2)
    assert est.estimate(PigState(10, 0, 5, Side.Maxie)) == Fraction(20, 25)
    # Minnie needs 15 and Maxie 10: Minnie wins the race with 10/25, Maxie with 3/5.
    assert est.estimate(PigState(10, 0, 5, Side.Minnie)) == Fraction(3, 5)
    assert [est.outcome_value(o) for o in (Winner(Side.Maxie), Winner(Side.Minnie), Draw())] == [
        1,
        0,
        Fraction(1, 2),
    ]
    for state in sample_states(game, 200, seed=9):
        assert 0 < est.estimate(state) < 1


def test_a_whole_game_between_search_and_the_solution() -> None:
    game = Pig(target=10)
    solution = solve_pig(10)
    star = Star2(ChanceSettings(pig_estimator(game), 2))
    out = io.StringIO()
    record = play_out(
        ChanceTurns(game), (star.next_move, solution.best_move), rng=random.Random(12), out=out
    )
    lines = out.getvalue().splitlines()
    assert lines[0] == "Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0"
    assert re.fullmatch(r"Maxie decides to make the move roll \(\d+\.\d\d s\)", lines[1])
    assert lines[2] == ""  # a blank line after each move and each roll, as in every family
    assert lines[-1] in ("Game over! Maxie wins!", "Game over! Minnie wins!")
    assert len(record.moves) == sum(1 for line in lines if "decides" in line)
    assert len(record.rolls) == sum(1 for line in lines if "Chance:" in line)


def test_the_optimal_player_beats_always_rolling_to_the_end() -> None:
    """Monte Carlo sanity: playing the solution as Maxie against a player who never holds."""
    game = Pig(target=10)
    solution = solve_pig(10)
    rng = random.Random(5)
    wins = 0
    for _ in range(400):
        record = play_out(
            ChanceTurns(game),
            (solution.best_move, lambda s: PigMove.Roll),
            rng=rng,
            out=io.StringIO(),
        )
        wins += record.outcome == Winner(Side.Maxie)
    assert wins / 400 > solution.start_value - 0.05
