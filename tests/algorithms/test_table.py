"""Transposition tables: the rules for using an entry, replacement, counts, and searches on DAGs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import Guess, Minimax, Settings, Side
from gamelib.algorithms import NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.table import Entry, TableStats, TranspositionTable
from gamelib.core.window import NegInf, PosInf
from gamelib.estimate import Est, standard_compare
from gamelib.games.explicit import ExplicitGame, Node, TreeState, tree_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
from gamelib.search import BoundKind, CountingGame, Leave, SearchEvent, TableHit, Window
from tests.helpers import score, tree_value
from tests.strategies import dags_and_depths

EXACT, LOWER, UPPER = BoundKind.EXACT, BoundKind.LOWER, BoundKind.UPPER


@pytest.mark.parametrize(
    ("entry", "depth", "window", "answers"),
    [
        (Entry(3, Guess(5), EXACT, 0), 3, (Guess(0), Guess(1)), True),
        (Entry(3, Guess(5), EXACT, 0), 2, (NegInf, PosInf), True),  # deeper answers shallower
        (Entry(2, Guess(5), EXACT, 0), 3, (NegInf, PosInf), False),  # never shallower
        (Entry(3, Guess(5), LOWER, 0), 3, (Guess(0), Guess(5)), True),  # at least 5 >= beta
        (Entry(3, Guess(5), LOWER, 0), 3, (Guess(0), Guess(6)), False),  # only narrows
        (Entry(3, Guess(5), LOWER, 0), 3, (NegInf, PosInf), False),
        (Entry(3, Guess(5), UPPER, 0), 3, (Guess(5), Guess(9)), True),  # at most 5 <= alpha
        (Entry(3, Guess(5), UPPER, 0), 3, (Guess(4), Guess(9)), False),
        (Entry(3, Guess(5), UPPER, 0), 3, (NegInf, Guess(9)), False),
    ],
)
def test_when_an_entry_answers(
    entry: Entry[int, Est[float]], depth: int, window: Window[float], answers: bool
) -> None:
    alpha, beta = window
    assert entry.answers(depth, alpha, beta, standard_compare) is answers


def test_replacement_keeps_the_deeper_search_and_evicts_the_oldest() -> None:
    table: TranspositionTable[int, int] = TranspositionTable(2)
    table.store("a", Entry(2, 1, EXACT, 0))
    table.store("a", Entry(2, 2, LOWER, 1))  # as deep: the newer wins
    assert table.probe("a") == Entry(2, 2, LOWER, 1)
    table.store("a", Entry(1, 3, EXACT, 2))  # shallower: refused
    table.store("a", Entry(4, 4, UPPER, 3))  # deeper: replaces
    table.store("b", Entry(0, 5, EXACT, None))
    table.store("c", Entry(9, 6, EXACT, None))  # full: the oldest position, "a", goes
    assert [table.probe(k) for k in "abc"] == [
        None,
        Entry(0, 5, EXACT, None),
        Entry(9, 6, EXACT, None),
    ]
    assert len(table) == 2
    assert table.stats == TableStats(
        probes=4, hits=3, stores=5, overwrites=2, evictions=1, refused=1
    )
    table.clear()
    assert len(table) == 0
    assert table.probe("c") is None


@pytest.mark.parametrize("capacity", [0, -3, True, 2.5])
def test_a_table_needs_room(capacity: object) -> None:
    with pytest.raises(ValueError, match="a table needs room for at least 1 entry"):
        TranspositionTable(capacity)  # type: ignore[arg-type]


def test_settings_refuse_a_negative_table() -> None:
    with pytest.raises(ValueError, match="table_entries must be a whole number >= 0, got -1"):
        NegamaxSettings(tictactoe_estimator(TicTacToe()), 3, table_entries=-1)


def move_value(root: Node, move: int, depth: int) -> float:
    """The model's value of the child ``move`` leads to, for Maxie."""
    return tree_value(root.children[move], Side.Minnie, depth - 1)


@given(dags_and_depths(), st.booleans(), st.sampled_from([1, 3, 1000]))
def test_with_a_table_every_value_is_minimaxs(
    case: tuple[Node, int], soft: bool, capacity: int
) -> None:
    root, depth = case
    game = ExplicitGame(root)
    table: TranspositionTable[int, Est[float]] = TranspositionTable(capacity)
    settings = NegamaxSettings(tree_estimator(game), depth, fail_soft=soft)
    move, value = NegamaxAlphaBeta(settings, table=table).analyse(game.start)
    expected = tree_value(root, Side.Maxie, depth)
    assert score(value) == expected
    assert move_value(root, move, depth) == expected  # a move of equal value
    assert len(table) <= capacity


@given(dags_and_depths())
def test_a_table_shared_by_deeper_and_deeper_searches_keeps_each_depths_value(
    case: tuple[Node, int],
) -> None:
    root, depth = case
    game = ExplicitGame(root)
    est = tree_estimator(game)
    table: TranspositionTable[int, Est[float]] = TranspositionTable(1000)
    for d in range(1, depth + 1):
        value = NegamaxAlphaBeta(NegamaxSettings(est, d), table=table).analyse(game.start)[1]
        assert score(value) == tree_value(root, Side.Maxie, d)
        mm = Minimax(Settings(est, d)).analyse(game.start)[1]
        assert score(value) == score(mm)


@given(dags_and_depths())
def test_table_answers_are_reported_with_the_tables_bound(case: tuple[Node, int]) -> None:
    root, depth = case
    game = ExplicitGame(root)
    events: list[SearchEvent[TreeState, int, float]] = []
    NegamaxAlphaBeta(
        NegamaxSettings(tree_estimator(game), depth, table_entries=1000), observer=events.append
    ).analyse(game.start)
    for i, event in enumerate(events):
        if isinstance(event, TableHit):
            left = events[i + 1]
            assert isinstance(left, Leave)
            assert (left.value, left.bound) == (event.value, event.bound)


def test_tictactoe_solved_with_a_table_visits_fewer_positions() -> None:
    counting = CountingGame(TicTacToe())
    table: TranspositionTable[int, Est[float]] = TranspositionTable(100_000)
    player = NegamaxAlphaBeta(NegamaxSettings(tictactoe_estimator(counting), 9), table=table)
    move, value = player.analyse(counting.start)
    assert (move, score(value)) == (1, 0)
    # 18,297 without the table; 4,762 with one keyed by the board as it is; 1,089 with
    # tic-tac-toe's own key, which gives the eight symmetric positions one entry.
    assert counting.plays + 1 == 1_089
    assert table.stats.hits == 438
    after = counting.plays
    player.analyse(counting.start)  # the table remembers: the second search is short
    assert counting.plays - after == 9  # the root's nine moves; every child is answered
