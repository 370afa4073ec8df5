"""The arithmetic of matches, against engine testers' published output and against values
computed here another way."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.match.stats import (
    Pentanomial,
    Sprt,
    Trinomial,
    elo_of,
    elo_words,
    estimate,
    score_of,
)

# cutechess-cli's summaries of matches, as a chess engine's test log publishes them
# (W - L - D, Elo difference, its error bar, LOS %).  cutechess inverts the normal
# distribution with an approximation of its own; gamelib uses statistics.NormalDist, so
# the error bars may differ in their last printed digit.
CUTECHESS = [
    ((45, 37, 18), 27.9, 62.4, 81.2),
    ((99, 97, 104), 2.3, 31.8, 55.7),
    ((92, 112, 96), -23.2, 32.5, 8.1),
    ((152, 105, 43), 54.9, 36.9, 99.8),
    ((136, 132, 32), 4.6, 37.3, 59.7),
]

# fastchess's summaries of paired matches (pentanomial counts, Elo, error bar, LOS %), as
# published in an engine's development log.
FASTCHESS = [
    ((1, 11, 47, 25, 16), 77.71, 33.03, 100.00),
    ((1, 24, 42, 25, 8), 26.11, 31.23, 95.04),
    ((2, 23, 32, 35, 8), 41.89, 33.28, 99.38),
    ((1, 15, 25, 33, 26), 123.02, 40.58, 100.00),
    ((71, 1382, 8067, 1385, 60), -0.30, 1.78, 37.02),
]


@pytest.mark.parametrize(("wld", "elo", "error", "los"), CUTECHESS)
def test_games_one_by_one_as_cutechess_reports_them(
    wld: tuple[int, int, int], elo: float, error: float, los: float
) -> None:
    found = estimate(Trinomial(*wld))
    assert round(found.elo, 1) == elo
    assert abs(found.error - error) <= 0.11
    assert round(100 * found.los, 1) == los


@pytest.mark.parametrize(("counts", "elo", "error", "los"), FASTCHESS)
def test_pairs_as_fastchess_reports_them(
    counts: tuple[int, int, int, int, int], elo: float, error: float, los: float
) -> None:
    found = estimate(Pentanomial(counts))
    assert (round(found.elo, 2), round(found.error, 2), round(100 * found.los, 2)) == (
        elo,
        error,
        los,
    )


def test_a_worked_example_by_hand() -> None:
    # 60 wins, 40 losses: s = 0.6, elo = 400 log10(1.5) = 70.44; per game variance 0.24.
    found = estimate(Trinomial(60, 40, 0))
    assert found.elo == pytest.approx(400 * math.log10(1.5))
    half = 1.959964 * math.sqrt(0.24 / 100)
    assert found.low == pytest.approx(elo_of(0.6 - half), rel=1e-6)
    assert found.high == pytest.approx(elo_of(0.6 + half), rel=1e-6)
    assert found.los == pytest.approx(0.5 * (1 + math.erf(20 / math.sqrt(2 * 100))))


@given(st.floats(-1500, 1500))
def test_elo_and_score_are_inverse(elo: float) -> None:
    assert elo_of(score_of(elo)) == pytest.approx(elo, abs=1e-6)


def test_the_ends_of_the_scale() -> None:
    assert (elo_of(1.0), elo_of(0.0)) == (math.inf, -math.inf)
    sweep = estimate(Trinomial(10, 0, 0))
    # Ten wins, no loss: LOS = Φ(10 / √10) = Φ(3.16).
    assert (sweep.elo, sweep.error) == (math.inf, math.inf)
    assert sweep.los == pytest.approx(0.5 * (1 + math.erf(math.sqrt(10) / math.sqrt(2))))
    nothing = estimate(Trinomial(0, 0, 0))
    assert (nothing.score, nothing.los) == (0.5, 0.5)


def exact_bernoulli_llr(wins: int, losses: int, sprt: Sprt) -> float:
    """The SPRT's log-likelihood ratio for games without draws, in closed form."""
    s0, s1 = score_of(sprt.elo0), score_of(sprt.elo1)
    return wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 300), st.integers(1, 300), st.integers(-50, 40), st.integers(1, 60))
def test_without_draws_the_llr_is_the_classic_sprts(
    wins: int, losses: int, elo0: int, gap: int
) -> None:
    test = Sprt(elo0, elo0 + gap)
    # Without draws the most likely distribution of either mean is the Bernoulli one: the
    # generalised LLR is the classic; the 0.001 draws every outcome is counted with move
    # it by a hair.
    assert test.llr(Trinomial(wins, losses, 0)) == pytest.approx(
        exact_bernoulli_llr(wins, losses, test), rel=1e-3, abs=1e-3
    )


def normal_llr(counts: Pentanomial, sprt: Sprt) -> float:
    """The GSPRT's normal approximation, from the pairs' mean and variance."""
    worth = (0, 0.25, 0.5, 0.75, 1)
    n = counts.pairs
    mean = sum(w * k for w, k in zip(worth, counts.counts, strict=True)) / n
    variance = sum(k * (w - mean) ** 2 for w, k in zip(worth, counts.counts, strict=True)) / n
    s0, s1 = score_of(sprt.elo0), score_of(sprt.elo1)
    return n * ((mean - s0) ** 2 - (mean - s1) ** 2) / (2 * variance)


@pytest.mark.parametrize("counts", [FASTCHESS[i][0] for i in (1, 2, 4)])
def test_near_its_hypotheses_the_llr_is_close_to_the_normal_approximation(
    counts: tuple[int, int, int, int, int],
) -> None:
    test = Sprt(0, 10)
    pairs = Pentanomial(counts)
    assert test.llr(pairs) == pytest.approx(normal_llr(pairs, test), rel=0.05)


def test_the_sprt_stops_on_a_decisive_stream_and_runs_on_for_an_even_one() -> None:
    test = Sprt(0, 50)
    assert test.bounds() == (-2.94, 2.94)
    decided = next(n for n in range(1, 1000) if test.verdict(Pentanomial((0, 1, 2, 3, n))))
    assert test.verdict(Pentanomial((0, 1, 2, 3, decided))) == "H1"
    assert decided < 40
    lost = next(n for n in range(1, 1000) if test.verdict(Pentanomial((n, 3, 2, 1, 0))))
    assert test.verdict(Pentanomial((lost, 3, 2, 1, 0))) == "H0"
    # Even play, halfway between the hypotheses (25 Elo is a score of 0.536): no answer.
    middle = Sprt(-25, 25)
    for n in range(1, 200):
        assert middle.verdict(Pentanomial((n, n, 2 * n, n, n))) is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"elo0": 5, "elo1": 0}, "SPRT needs elo0 < elo1, got elo0=5 elo1=0"),
        ({"elo0": 0, "elo1": 5, "alpha": 0.6}, "SPRT needs 0 < alpha < 0.5, got alpha=0.6"),
        ({"elo0": 0, "elo1": 5, "beta": 0}, "SPRT needs 0 < beta < 0.5, got beta=0"),
    ],
)
def test_a_bad_test_is_one_sentence(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Sprt(**kwargs)


# --------------------------------------------------------------------------
# Matches in which every unit scored the same (issue 42): the sample variance is 0 and
# says nothing of the spread, so half a unit of each extreme worth is added to it.


def test_every_pair_split_gives_a_real_interval() -> None:
    found = estimate(Pentanomial((0, 0, 3, 0, 0)))
    # 3 pairs at 1/2, and half a pair at 0 and at 1: 4 units of mean 1/2, variance 1/16.
    half = 1.959964 * math.sqrt(1 / 16 / 4)
    assert found.elo == 0.0
    assert found.low == pytest.approx(elo_of(0.5 - half), rel=1e-6)
    assert found.high == pytest.approx(elo_of(0.5 + half), rel=1e-6)
    assert round(found.error, 1) == 186.2  # elo(0.745) = 400 log10(0.745 / 0.255)
    assert found.los == 0.5


def test_a_clean_sweep_has_a_lower_bound_and_none_above() -> None:
    found = estimate(Trinomial(10, 0, 0))
    # 10 wins and half a game of each worth: 11 units of mean 10.5/11.
    mean = 10.5 / 11
    variance = (10 * (1 - mean) ** 2 + 0.5 * mean**2 + 0.5 * (1 - mean) ** 2) / 11
    assert found.high == math.inf
    assert found.low == pytest.approx(elo_of(mean - 1.959964 * math.sqrt(variance / 11)))
    assert round(found.low, 1) == 277.2


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        (Trinomial(45, 37, 18), "27.9 +/- 62.5"),
        (Pentanomial((0, 0, 1, 0, 2)), "279.6, with no upper bound: 95% interval 46.6 and up"),
        (Pentanomial((2, 0, 1, 0, 0)), "-279.6, with no lower bound: 95% interval -46.6 and down"),
        (Pentanomial((0, 0, 3, 0, 0)), "0.0 +/- 186.2"),
        (Trinomial(10, 0, 0), "no upper bound (every point to A): 95% interval 277.2 and up"),
        (Trinomial(0, 10, 0), "no lower bound (every point to B): 95% interval -277.2 and down"),
        (Pentanomial((1, 0, 0, 0, 1)), "0.0, with no bound either way: too few games"),
    ],
)
def test_an_interval_is_said_in_words(counts: Trinomial | Pentanomial, words: str) -> None:
    assert elo_words(estimate(counts)) == words
