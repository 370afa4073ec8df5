"""Negamax and alpha-beta in negamax form: the same values, leaves and cuts as the lectures'."""

from __future__ import annotations

from typing import TypeVar

import pytest
from hypothesis import given

from gamelib import AlphaBeta, Guess, Minimax, NumericEstimator, Settings, Side
from gamelib.algorithms import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.core.window import PosInf
from gamelib.games.explicit import BIG, SMALL, ExplicitGame, Node, TreeState, tree_estimator
from gamelib.games.nim import Nim
from gamelib.search import (
    BoundKind,
    Enter,
    Leave,
    MissingCapabilityError,
    SearchEvent,
    SearchObserver,
    SearchPlayer,
)
from gamelib.trace import trace, trace_to_text
from tests.helpers import Factory, OnlyCompares, run, score, tree_value
from tests.strategies import trees_and_depths

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def negamax_ab(soft: bool) -> Factory:
    """Negamax alpha-beta over plain settings."""

    def factory(
        settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
    ) -> SearchPlayer[S, M, G]:
        negamax_settings = NegamaxSettings(
            settings.estimator, settings.search_depth, fail_soft=soft, order=settings.order
        )
        return NegamaxAlphaBeta(negamax_settings, observer=observer)

    return factory


@given(trees_and_depths())
def test_negamax_estimates_minimax_leaves_and_alpha_beta_form_alpha_betas(
    case: tuple[Node, int],
) -> None:
    root, depth = case
    mm, ab = run(Minimax, root, depth), run(AlphaBeta, root, depth)
    nm = run(Negamax, root, depth)
    assert (nm.leaves, nm.move, nm.plays) == (mm.leaves, mm.move, mm.plays)
    assert score(nm.value) == score(mm.value) == tree_value(root, Side.Maxie, depth)
    for soft in (True, False):
        nab = run(negamax_ab(soft), root, depth)
        assert (nab.leaves, nab.move, nab.plays) == (ab.leaves, ab.move, ab.plays)
        assert score(nab.value) == score(ab.value)


def events_of(factory: Factory, root: Node, depth: int) -> list[SearchEvent[TreeState, int, float]]:
    events: list[SearchEvent[TreeState, int, float]] = []
    game = ExplicitGame(root)
    factory(Settings(tree_estimator(game), depth), observer=events.append).analyse(game.start)
    return events


@given(trees_and_depths())
def test_fail_soft_bounds_are_never_looser_than_fail_hard(case: tuple[Node, int]) -> None:
    root, depth = case
    soft, hard = events_of(negamax_ab(True), root, depth), events_of(negamax_ab(False), root, depth)
    # The same positions, in the same order: the failing rule changes values, not the search.
    assert [e.status for e in soft if isinstance(e, Enter)] == [
        e.status for e in hard if isinstance(e, Enter)
    ]
    left_soft = [e for e in soft if isinstance(e, Leave)]
    left_hard = [e for e in hard if isinstance(e, Leave)]
    assert score(left_soft[-1].value) == score(left_hard[-1].value)  # the root's value
    for s, h in zip(left_soft, left_hard, strict=True):
        assert s.bound is h.bound
        match h.bound:
            case BoundKind.EXACT:
                assert score(s.value) == score(h.value)
            case BoundKind.LOWER:  # failed high: soft says "at least" something no smaller
                assert score(s.value) >= score(h.value)
            case BoundKind.UPPER:  # failed low: soft says "at most" something no larger
                assert score(s.value) <= score(h.value)


def test_a_negamax_trace_reads_like_alpha_betas() -> None:
    est = tree_estimator(ExplicitGame(SMALL))
    ab = trace_to_text(trace(AlphaBeta, Settings(est, 2)))
    nab = trace_to_text(trace(NegamaxAlphaBeta, NegamaxSettings(est, 2)))
    assert nab == ab
    assert trace_to_text(trace(Negamax, Settings(est, 2))) == trace_to_text(
        trace(Minimax, Settings(est, 2))
    )
    # Fail-hard visits and cuts the same positions, but reports the bounds it crossed.
    big = tree_estimator(ExplicitGame(BIG))
    hard = trace(NegamaxAlphaBeta, NegamaxSettings(big, 4, fail_soft=False))
    soft = trace(AlphaBeta, Settings(big, 4))
    assert [(n.path, n.pruned) for n in hard.nodes()] == [(n.path, n.pruned) for n in soft.nodes()]
    # g (path 0 0 1) is Minnie's, searched with (3, +inf): its first leaf, h = 2, is at or
    # below alpha.  Fail-soft reports 2; fail-hard reports alpha, 3; both "at most".
    g_hard = next(n for n in hard.nodes() if n.path == (0, 0, 1))
    g_soft = next(n for n in soft.nodes() if n.path == (0, 0, 1))
    assert (g_hard.cut_value, g_hard.value, g_hard.bound) == (Guess(3), Guess(3), BoundKind.UPPER)
    assert (g_soft.cut_value, g_soft.value, g_soft.bound) == (Guess(2), Guess(2), BoundKind.UPPER)
    assert g_hard.window == g_soft.window == (Guess(3), PosInf)


def test_the_players_say_what_they_are() -> None:
    est = tree_estimator(ExplicitGame(SMALL))
    assert str(Negamax(Settings(est, 2))) == "Negamax(depth 2)"
    assert str(NegamaxAlphaBeta(NegamaxSettings(est, 2))) == "NegamaxAlphaBeta(depth 2, fail-soft)"
    hard = NegamaxAlphaBeta(NegamaxSettings(est, 2, fail_soft=False))
    assert str(hard) == "NegamaxAlphaBeta(depth 2, fail-hard)"


def test_negamax_needs_numeric_estimates() -> None:
    words = OnlyCompares(Nim())
    with pytest.raises(MissingCapabilityError) as caught:
        Negamax(Settings(words, 3))
    assert str(caught.value) == (
        "Negamax needs numeric estimates, and its estimator (OnlyCompares) cannot negate its "
        "guesses"
    )
    with pytest.raises(MissingCapabilityError, match=r"^NegamaxAlphaBeta needs numeric"):
        NegamaxAlphaBeta(NegamaxSettings(words, 3))
    with pytest.raises(TypeError, match="fail_soft must be True or False, got 'yes'"):
        NegamaxSettings(NumericEstimator(Nim(), float), 3, fail_soft="yes")  # type: ignore[arg-type]
