"""Iterative deepening and the move ordering it learns: values, budgets, lines."""

from __future__ import annotations

import itertools
import random
import time
from typing import NamedTuple, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import AlphaBeta, Definitely, Draw, Guess, NumericEstimator, Settings, Side
from gamelib.algorithms import (
    DeepeningSettings,
    Iteration,
    IterativeDeepening,
    NegamaxAlphaBeta,
    NegamaxSettings,
    Ordering,
    deepen,
)
from gamelib.core.datatypes import EQUAL, GREATER, Done, Playing
from gamelib.core.estimator import Est, Estimator
from gamelib.core.game import Game
from gamelib.core.trees import Leaf
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator
from gamelib.games.explicit import ExplicitGame, Node, tree_estimator
from gamelib.games.nim import Nim, nim_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
from gamelib.search import (
    CountingGame,
    Enter,
    Leave,
    MissingCapabilityError,
    RecordingEstimator,
    SearchEvent,
)
from tests.strategies import dags_and_depths, trees_and_depths

S = TypeVar("S")
M = TypeVar("M")


class Switch(NamedTuple):
    """The table and each part of the learned ordering, on or off."""

    table: int
    table_move: bool
    killers: bool
    history: bool

    def settings(
        self, estimator: Estimator[S, M, float], depth: int
    ) -> DeepeningSettings[S, M, float]:
        return DeepeningSettings(
            estimator,
            depth,
            table_entries=self.table,
            table_move=self.table_move,
            killers=self.killers,
            history=self.history,
        )


SWITCHES = [
    Switch(table, move, killers, history)
    for table in (0, 1000)
    for move, killers, history in itertools.product((True, False), repeat=3)
    if table or not move
]
"""Every way to switch the table and the learned ordering on and off."""


def c4_positions(count: int, seed: int) -> list[ConnectFourState]:
    """Connect Four positions a few random moves from the start, still being played."""
    game = ConnectFour()
    rng = random.Random(seed)
    found: list[ConnectFourState] = []
    while len(found) < count:
        state, plies = game.start, rng.randrange(0, 9)
        for _ in range(plies):
            status = game.play(state, rng.choice(list(game.moves(state))))
            if not isinstance(status, Playing):
                break
            state = status.state
        else:
            found.append(state)
    return found


def check_line(estimator: Estimator[S, M, float], state: S, iteration: Iteration[M, float]) -> None:
    """The line is legal, starts with the move, and its end is worth the reported value."""
    game = estimator.game
    assert iteration.line[0] == iteration.move
    s = state
    end: Est[float] | None = None
    for i, m in enumerate(iteration.line):
        assert m in tuple(game.moves(s))
        status = game.play(s, m)
        if isinstance(status, Done):
            assert i == len(iteration.line) - 1
            end = Definitely(status.outcome)
            break
        s = status.state
    if end is None:
        assert len(iteration.line) == iteration.depth
        end = Guess(estimator.estimate(s))
    assert estimator.compare(end, iteration.value) is EQUAL


def check_against_alphabeta(
    estimator: Estimator[S, M, float], state: S, found_iterations: tuple[Iteration[M, float], ...]
) -> None:
    """Each finished depth has AlphaBeta's value at that depth, and a line to show it."""
    for iteration in found_iterations:
        _, expected = AlphaBeta(Settings(estimator, iteration.depth)).analyse(state)
        assert estimator.compare(iteration.value, expected) is EQUAL, iteration.depth
        check_line(estimator, state, iteration)


@settings(max_examples=150)
@given(trees_and_depths(), st.sampled_from(SWITCHES))
def test_every_depth_has_alpha_betas_value_on_trees(case: tuple[Node, int], switch: Switch) -> None:
    root, depth = case
    game = ExplicitGame(root)
    estimator = tree_estimator(game)
    found = deepen(switch.settings(estimator, depth), game.start)
    assert [i.depth for i in found.iterations] == list(range(1, found.depth + 1))
    assert found.depth == depth or found.stopped == "solved"
    check_against_alphabeta(estimator, game.start, found.iterations)
    _, deepest = AlphaBeta(Settings(estimator, depth)).analyse(game.start)
    assert estimator.compare(found.value, deepest) is EQUAL  # stopping early lost nothing


@settings(max_examples=100)
@given(dags_and_depths(), st.sampled_from(SWITCHES))
def test_every_depth_has_alpha_betas_value_on_dags(case: tuple[Node, int], switch: Switch) -> None:
    root, depth = case
    game = ExplicitGame(root)
    estimator = tree_estimator(game)
    found = deepen(switch.settings(estimator, depth), game.start)
    check_against_alphabeta(estimator, game.start, found.iterations)


@pytest.mark.parametrize("switch", SWITCHES[::3])
def test_connect_four_positions_at_every_depth(switch: Switch) -> None:
    game = ConnectFour()
    estimator = connect4_estimator(game)
    for state in c4_positions(3, seed=len(str(switch))):
        found = deepen(switch.settings(estimator, 5), state)
        assert found.depth == 5 or found.stopped == "solved"
        check_against_alphabeta(estimator, state, found.iterations)
        _, at_five = AlphaBeta(Settings(estimator, 5)).analyse(state)
        assert estimator.compare(found.value, at_five) is EQUAL  # deeper says the same


def test_tictactoe_solved_by_deepening() -> None:
    game = TicTacToe()
    estimator = tictactoe_estimator(game)
    found = deepen(DeepeningSettings(estimator, 20), game.start)
    # Every line ends by depth 9, so depth 9 estimates nothing and the search stops there.
    assert (found.depth, found.stopped, found.value) == (9, "solved", Definitely(Draw()))
    check_against_alphabeta(estimator, game.start, found.iterations)


def test_ordering_changes_positions_not_values() -> None:
    game = CountingGame(ConnectFour())
    estimator = connect4_estimator(game)
    counts = {}
    for killers, history in itertools.product((False, True), repeat=2):
        settings_ = NegamaxSettings(
            estimator, 5, table_entries=10_000, killers=killers, history=history
        )
        game.plays = 0
        _, value = NegamaxAlphaBeta(settings_).analyse(game.start)
        counts[killers, history] = game.plays
        assert value == AlphaBeta(Settings(estimator, 5)).analyse(game.start)[1]
    # The figures this code gives; a change in ordering shows here.
    assert counts == {
        (False, False): 528,
        (False, True): 422,
        (True, False): 544,
        (True, True): 449,
    }


@pytest.mark.parametrize("budget", [1, 2, 7, 8, 100, 1_234, 5_000])
def test_a_position_budget_is_obeyed_exactly(budget: int) -> None:
    game = CountingGame(ConnectFour())
    found = deepen(DeepeningSettings(connect4_estimator(game), 30, positions=budget), game.start)
    assert found.positions == game.plays == budget  # Connect Four needs far more
    assert found.stopped == "positions"
    assert found.move in tuple(game.moves(game.start))
    assert sum(i.positions for i in found.iterations) <= budget


def test_a_budget_larger_than_the_game_is_not_spent() -> None:
    game = CountingGame(Nim(pile=5))
    found = deepen(DeepeningSettings(nim_estimator(game), 30, positions=10_000), game.start)
    assert found.stopped == "solved"
    assert found.positions == game.plays < 10_000


class SlowEstimator:
    """Connect Four's estimator, asleep for a while at every estimate."""

    def __init__(self, game: Game[ConnectFourState, int], seconds: float) -> None:
        self.inner = RecordingEstimator(connect4_estimator(game))
        self.game = game
        self.seconds = seconds
        self.compare = self.inner.compare
        self.guess_to_string = self.inner.guess_to_string
        self.negate = self.inner.negate
        self.average = self.inner.average
        self.outcome_guess = self.inner.outcome_guess

    def estimate(self, state: ConnectFourState, /) -> float:
        time.sleep(self.seconds)
        return self.inner.estimate(state)


def test_a_time_budget_gives_a_legal_move_when_depth_one_is_slow() -> None:
    game = ConnectFour()
    slow = SlowEstimator(game, 0.05)
    found = deepen(DeepeningSettings(slow, 10, seconds=0.01), game.start)
    assert found.stopped == "time"
    assert found.move in tuple(game.moves(game.start))
    assert len(slow.inner.estimated) == 1  # the one move valued whatever the budget
    assert (found.depth, found.note) == (
        1,
        "the budget ran out before depth 1 finished; 4 is the only move searched",
    )
    assert found.iterations[0].finished is False


def test_a_time_budget_is_read_on_a_clock() -> None:
    ticks = itertools.count()
    game = CountingGame(ConnectFour())
    found = deepen(
        DeepeningSettings(connect4_estimator(game), 30, seconds=500),
        game.start,
        clock=lambda: float(next(ticks)),
    )
    # The clock moves one tick per reading: the start, one per move played after the
    # first valued move, one around each iteration.
    assert found.stopped == "time"
    assert 400 < game.plays <= 500


@settings(max_examples=200)
@given(trees_and_depths(), st.integers(1, 60))
def test_an_interrupted_depth_is_used_only_when_it_found_a_better_move(
    case: tuple[Node, int], budget: int
) -> None:
    root, depth = case
    game = ExplicitGame(root)
    estimator = tree_estimator(game)
    found = deepen(DeepeningSettings(estimator, depth, positions=budget), game.start)
    assert found.move in tuple(game.moves(game.start))
    last = found.iterations[-1]
    if last.finished:
        return
    # Its value is exactly the move's value at that depth ...
    child = game.play(game.start, last.move)
    if isinstance(child, Playing) and last.depth > 1:
        _, worth = AlphaBeta(Settings(estimator, last.depth - 1)).analyse(child.state)
    elif isinstance(child, Playing):
        worth = Guess(estimator.estimate(child.state))
    else:
        worth = Definitely(child.outcome)
    assert estimator.compare(worth, last.value) is EQUAL
    if len(found.iterations) > 1:
        # ... and it beats, at that depth, the move the last finished depth chose.
        previous = found.iterations[-2].move
        assert previous != last.move
        before = game.play(game.start, previous)
        if isinstance(before, Playing) and last.depth > 1:
            _, other = AlphaBeta(Settings(estimator, last.depth - 1)).analyse(before.state)
        elif isinstance(before, Playing):
            other = Guess(estimator.estimate(before.state))
        else:
            other = Definitely(before.outcome)
        assert estimator.compare(last.value, other) is GREATER


def test_each_finished_depth_is_reported_as_it_finishes() -> None:
    game = ConnectFour()
    heard: list[int] = []
    player = IterativeDeepening(DeepeningSettings(connect4_estimator(game), 4))
    found = player.think(game.start, report=lambda i: heard.append(i.depth))
    assert heard == [1, 2, 3, 4] == [i.depth for i in found.iterations]
    assert player.analyse(game.start) == (found.move, found.value)
    assert str(player) == "IterativeDeepening(to depth 4, table 100000)"


def test_ordering_learns_killers_and_history() -> None:
    learned: Ordering[str] = Ordering()
    learned.cutoff(0, Side.Maxie, "b", depth=2)
    learned.cutoff(0, Side.Maxie, "c", depth=1)
    learned.cutoff(0, Side.Maxie, "d", depth=1)
    assert learned.killers_at(0) == ("d", "c")  # two kept, newest first
    assert (learned.score(Side.Maxie, "b"), learned.score(Side.Minnie, "b")) == (4, 0)
    assert learned.order(0, Side.Maxie, ("a", "b", "c", "d", "e"), None) == (
        "d",
        "c",
        "b",
        "a",
        "e",
    )
    off: Ordering[str] = Ordering(killers=False, history=False)
    off.cutoff(0, Side.Maxie, "b", depth=2)
    assert off.order(0, Side.Maxie, ("a", "b"), None) == ("a", "b")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seconds": 0}, "the time budget must be more than 0 seconds, got 0"),
        ({"seconds": -1.5}, "the time budget must be more than 0 seconds, got -1.5"),
        ({"seconds": float("nan")}, "the time budget must be more than 0 seconds, got nan"),
        ({"positions": 0}, "the position budget must be a whole number >= 1, got 0"),
        ({"table_entries": -1}, "table_entries must be a whole number >= 0, got -1"),
    ],
)
def test_bad_budgets_are_named(options: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DeepeningSettings(nim_estimator(Nim()), 3, **options)  # type: ignore[arg-type]  # each is a number


def test_a_time_budget_must_be_a_number() -> None:
    with pytest.raises(TypeError, match="the time budget must be a number of seconds, got '2'"):
        DeepeningSettings(nim_estimator(Nim()), 3, seconds="2")  # type: ignore[arg-type]  # the point


def test_deepening_needs_numeric_estimates() -> None:
    class Plain:
        game = Nim()
        compare = staticmethod(nim_estimator(Nim()).compare)

        def estimate(self, state: object) -> float:
            return 0

        def guess_to_string(self, guess: float) -> str:
            return str(guess)

    with pytest.raises(MissingCapabilityError, match="IterativeDeepening needs numeric estimates"):
        IterativeDeepening(DeepeningSettings(Plain(), 3))


def test_observed_the_budget_is_checked_between_depths() -> None:
    game = CountingGame(ConnectFour())
    events: list[SearchEvent[ConnectFourState, int, float]] = []
    settings_ = DeepeningSettings(connect4_estimator(game), 30, positions=500)
    found = deepen(settings_, game.start, observer=events.append, lines=False)
    # The budget ran out during depth 5: that depth was finished (the observer sees
    # whole searches), and no deeper one was started.
    assert (found.stopped, found.depth, [i.finished for i in found.iterations]) == (
        "positions",
        5,
        [True] * 5,
    )
    assert found.positions == game.plays > 500
    assert sum(isinstance(e, Enter) for e in events) == sum(isinstance(e, Leave) for e in events)


def test_a_budget_that_runs_out_in_the_line_keeps_the_finished_depth() -> None:
    game = CountingGame(ConnectFour())
    estimator = connect4_estimator(game)
    found = deepen(DeepeningSettings(estimator, 30, positions=123), game.start)
    # Depth 3's search finished within the budget; its line's tests ran out of it.
    last = found.iterations[-1]
    assert (found.depth, last.finished, found.note, found.stopped) == (3, True, None, "positions")
    assert (found.positions, last.line) == (123, (2, 3, 3))
    assert (
        estimator.compare(last.value, AlphaBeta(Settings(estimator, 3)).analyse(game.start)[1])
        is EQUAL
    )


def test_only_a_certain_value_ends_the_search_early() -> None:
    # In Nim a position recurs at different distances from the root, so the table can
    # answer every position on the horizon and no estimate is made; a guess found that
    # way is no reason to stop.
    game = Nim(pile=22)
    estimator = NumericEstimator(game, lambda s: (s.pebbles * 7) % 5 - 2)
    found = deepen(DeepeningSettings(estimator, 30), game.start)
    assert found.stopped == "solved"
    assert isinstance(found.value, Definitely)


def test_recursion_ends_deepening_at_the_deepest_depth_python_allows() -> None:
    chain: Node | Leaf[float] = Leaf("end", 1)
    for i in range(1500):  # one move at each of 1,500 positions
        chain = Node(f"n{i}", (chain,), 0)
    assert isinstance(chain, Node)
    game = ExplicitGame(chain)
    plain = DeepeningSettings(
        tree_estimator(game), 1400, table_entries=0, killers=False, history=False
    )
    found = deepen(plain, game.start, lines=False)
    assert found.stopped == "recursion"
    assert 100 < found.depth < 1400
    assert all(i.finished for i in found.iterations)
