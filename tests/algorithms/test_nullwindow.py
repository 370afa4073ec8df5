"""Null-window searches: the empty-window test, SCOUT, PVS and MTD(f) against the model."""

from __future__ import annotations

import math
import random
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import AlphaBeta, Definitely, Guess, NumericEstimator, Settings, Side, Winner
from gamelib.algorithms import (
    MTDf,
    NegamaxSettings,
    PrincipalVariation,
    Scout,
    TranspositionTable,
    value_at_least,
)
from gamelib.algorithms._alphabeta_core import alphabeta_core
from gamelib.estimate import Est
from gamelib.games.explicit import SMALL, ExplicitGame, Node, tree_estimator
from gamelib.games.nim import Nim, NimState, nim_estimate
from gamelib.search import Cut, SearchObserver, SearchPlayer
from gamelib.trace import trace, trace_to_text
from tests.helpers import Factory, perfectly_ordered_tree, run, score, tree_value
from tests.strategies import dags_and_depths, trees_and_depths

GAME_TREES = st.one_of(trees_and_depths(), dags_and_depths())
MARKS = st.sampled_from([-4, -3, -2, -1, 0, 1, 2, 3, 4])
OUTCOME_MARKS = st.sampled_from([Winner(Side.Maxie), Winner(Side.Minnie)])

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@given(GAME_TREES, st.lists(MARKS | OUTCOME_MARKS, min_size=1, max_size=8), st.booleans())
def test_empty_window_searches_answer_more_than_and_at_least(
    case: tuple[Node, int], marks: list[int | Winner], shared: bool
) -> None:
    """An open search at m says whether the value is more than m, a closed one whether
    it is at least m, each with a true fail-soft bound, with or without a table that
    earlier tests at other marks filled (the table is right across windows)."""
    root, depth = case
    game = ExplicitGame(root)
    settings = NegamaxSettings(tree_estimator(game), depth)
    table: TranspositionTable[int, Est[float]] = TranspositionTable(1000)
    true = tree_value(root, Side.Maxie, depth)
    for mark in marks:
        m: Est[float] = Definitely(mark) if isinstance(mark, Winner) else Guess(mark)
        for closed in (False, True):
            core = alphabeta_core(settings, "test", table=table if shared else None)
            found = core.windowed_root(game.start, m, m, closed)  # the root is Maxie's
            v = score(found[1])
            if closed:
                assert isinstance(found, Cut) is (true >= score(m))
            else:
                assert isinstance(found, Cut) is (true > score(m))
            if isinstance(found, Cut):
                assert true >= v  # it stopped: the value is at least what it found
            else:
                assert true <= v  # it did not: the value is at most the best it found
        assert value_at_least(settings, m) is (true >= score(m))
        assert value_at_least(settings, m, strict=True) is (true > score(m))


@pytest.mark.parametrize("pile", range(1, 13))
@pytest.mark.parametrize("mark", [-1, 0, 1])
def test_value_at_least_from_minnies_side(pile: int, mark: int) -> None:
    game = Nim(pile=pile)
    minnie_to_move = NimState(pile, Side.Minnie)
    settings = NegamaxSettings(NumericEstimator(game, nim_estimate), 4)
    _, value = AlphaBeta(Settings(NumericEstimator(game, nim_estimate), 4)).analyse(minnie_to_move)
    for strict in (False, True):
        expected = score(value) > mark if strict else score(value) >= mark
        assert value_at_least(settings, Guess(mark), minnie_to_move, strict=strict) is expected


def null_window(kind: str) -> Factory:
    """PVS, SCOUT or MTD(f) over plain settings."""

    def factory(
        settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]:
        plain = NegamaxSettings(settings.estimator, settings.search_depth, order=settings.order)
        if kind == "pvs":
            return PrincipalVariation(plain, observer=observer)
        if kind == "scout":
            return Scout(plain, observer=observer)
        return MTDf(plain, observer=observer)

    return factory


@pytest.mark.parametrize("b", [2, 3, 4, 5])
@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6])
def test_pvs_visits_the_knuth_moore_minimal_tree(b: int, d: int) -> None:
    root = perfectly_ordered_tree(b, d, random.Random(b * 100 + d))
    expected = b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    assert len(run(null_window("pvs"), root, d).leaves) == expected


@given(trees_and_depths())
def test_pvs_never_evaluates_a_leaf_alpha_beta_prunes(case: tuple[Node, int]) -> None:
    root, depth = case
    pvs = run(null_window("pvs"), root, depth)
    ab = run(AlphaBeta, root, depth)
    assert set(pvs.leaves) <= set(ab.leaves)
    assert score(pvs.value) == score(ab.value)


def test_the_null_window_searches_need_fail_soft_values() -> None:
    hard = NegamaxSettings(NumericEstimator(Nim(), nim_estimate), 3, fail_soft=False)
    for who, build in (
        ("PrincipalVariation", PrincipalVariation),
        ("Scout", Scout),
        ("MTDf", MTDf),
    ):
        with pytest.raises(ValueError, match=f"^{who} needs fail-soft values"):
            build(hard)
    with pytest.raises(ValueError, match=r"^value_at_least needs fail-soft values"):
        value_at_least(hard, Guess(0))


def test_mtdf_traces_every_search_of_the_root() -> None:
    t = trace(MTDf, NegamaxSettings(tree_estimator(ExplicitGame(SMALL)), 2))
    text = trace_to_text(t).splitlines()
    assert text[0] == f"Search 1 of {len(t.passes)} of the root:"
    assert len(t.passes) >= 2
    # The first test is at a's own estimate, 0; the last asks "more than 4?", and fails.
    first, last = t.passes[0].window, t.passes[-1].window
    assert (first, last) == ((Guess(0), Guess(0)), (Guess(4), Guess(4)))
    assert (t.root.best_move, t.root.value) == (1, Guess(4))


@pytest.mark.parametrize("kind", ["pvs", "scout", "mtdf"])
@given(GAME_TREES)
def test_null_window_searches_agree_with_the_model(kind: str, case: tuple[Node, int]) -> None:
    root, depth = case
    found = run(null_window(kind), root, depth)
    assert score(found.value) == tree_value(root, Side.Maxie, depth)
    assert tree_value(root.children[found.move], Side.Minnie, depth - 1) == score(found.value)
