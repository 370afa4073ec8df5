"""The arithmetic of a match: score, Elo difference with its error bar, likelihood of
superiority, and the sequential probability ratio test (SPRT).

A match between A and B is a sample of results, each worth 1 (A won), ½ (a draw) or 0 to A.
Two ways of counting them:

- **trinomial**: games one by one, as wins, draws and losses;
- **pentanomial**: games in *pairs* from the same opening with colours swapped, each pair
  worth 0, ¼, ½, ¾ or 1 to A (its two results' mean).  Pairing cancels most of what the
  opening gives one colour, so the pairs vary less than the games and the error bar is
  narrower; this is the model for paired matches.

For either, with `n` units (games or pairs), each worth `x` with frequency `f`:

- the **score** is the mean `s = Σ f·x`, and its variance per unit `v = Σ f·(x − s)²`;
- the **Elo difference** is the logistic model's `elo(s) = −400 · log10(1/s − 1)`;
- the **95% error bar**: the score's interval `s ± z·√(v/n)`, `z` the normal quantile of
  0.975 (`statistics.NormalDist().inv_cdf`), carried through `elo`; the bar is half that
  interval's width, as cutechess-cli and fastchess report it;
- the **likelihood of superiority** (LOS), the probability that A is the stronger:
  `Φ((s − ½) / √(v/n))`; for games one by one this is the classic `Φ((W − L) / √(W + L))`
  (draws say nothing of who is stronger);
- the **SPRT** of H0 "A is `elo0` stronger" against H1 "A is `elo1` stronger", with error
  rates `alpha` (accepting H1 when H0 holds) and `beta`, is the generalised SPRT: each
  hypothesis is the mean score `sᵢ = 1/(1 + 10^(−eloᵢ/400))`, and its likelihood is that
  of the most likely distribution of results with that mean (a multinomial over the
  unit's outcomes; the maximum is `pⱼ = fⱼ / (1 + λ·(xⱼ − sᵢ))`, `λ` the root of
  `Σ fⱼ·(xⱼ − sᵢ)/(1 + λ·(xⱼ − sᵢ)) = 0`).  The log-likelihood ratio is
  `LLR = n · Σ fⱼ · log(p1ⱼ / p0ⱼ)`; near the hypotheses it is close to the normal
  approximation `n · (s1 − s0) · (2s − s0 − s1) / (2v)`.  As fishtest does, every outcome
  is counted 0.001 times more than it happened, so that an outcome not seen yet is not
  impossible.  The match stops when `LLR ≥ log((1 − beta)/alpha)` (H1 accepted) or
  `LLR ≤ log(beta/(1 − alpha))` (H0 accepted).

```pycon
>>> games = Trinomial(wins=45, losses=37, draws=18)
>>> report = estimate(games)
>>> f"{report.elo:.1f} +/- {report.error:.1f}, LOS {report.los:.1%}, draws {games.draw_ratio:.1%}"
'27.9 +/- 62.5, LOS 81.2%, draws 18.0%'
>>> pairs = Pentanomial((1, 11, 47, 25, 16))
>>> report = estimate(pairs)
>>> f"{pairs.points} of {pairs.games}, {report.elo:.2f} +/- {report.error:.2f}"
'122.0 of 200, 77.71 +/- 33.03'
>>> test = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
>>> round(test.llr(pairs), 2), test.bounds(), test.verdict(pairs)
(2.4, (-2.94, 2.94), None)

```
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Literal, final

__all__ = [
    "EloEstimate",
    "Pentanomial",
    "Sprt",
    "Trinomial",
    "elo_of",
    "elo_words",
    "estimate",
    "score_of",
]

_NORMAL = NormalDist()
_PAIR_WORTH = (0.0, 0.25, 0.5, 0.75, 1.0)
_GAME_WORTH = (0.0, 0.5, 1.0)


def elo_of(score: float) -> float:
    """The Elo difference a mean score stands for (logistic model): ±∞ at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_of(elo: float) -> float:
    """The mean score an Elo difference expects (the inverse of `elo_of`)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@final
@dataclass(frozen=True)
class Trinomial:
    """Games counted one by one, from A's side."""

    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def draw_ratio(self) -> float:
        """The share of games drawn (0 before any game)."""
        return self.draws / self.games if self.games else 0.0

    def _units(self) -> tuple[tuple[float, int], ...]:
        return tuple(zip(_GAME_WORTH, (self.losses, self.draws, self.wins), strict=True))


@final
@dataclass(frozen=True)
class Pentanomial:
    """Pairs of games from one opening, colours swapped, counted by A's points in the pair:
    `counts[k]` pairs in which A scored k/2 points (k = 0..4)."""

    counts: tuple[int, int, int, int, int]

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def games(self) -> int:
        return 2 * self.pairs

    @property
    def points(self) -> float:
        return sum(k / 2 * n for k, n in enumerate(self.counts))

    def _units(self) -> tuple[tuple[float, int], ...]:
        return tuple(zip(_PAIR_WORTH, self.counts, strict=True))


Counts = Trinomial | Pentanomial


def _moments(counts: Counts) -> tuple[int, float, float]:
    """(units, mean score, variance of one unit's score)."""
    units = counts._units()
    n = sum(k for _, k in units)
    if n == 0:
        return 0, 0.5, 0.0
    mean = sum(x * k for x, k in units) / n
    variance = sum(k * (x - mean) ** 2 for x, k in units) / n
    return n, mean, variance


@final
@dataclass(frozen=True)
class EloEstimate:
    """What a match says of A against B."""

    score: float
    """A's mean score, 0 to 1."""
    elo: float
    """The Elo difference it stands for (±∞ for a clean sweep)."""
    low: float
    """The 95% interval's low end, in Elo."""
    high: float
    """Its high end."""
    los: float
    """The likelihood of superiority: the probability that A is the stronger, 0 to 1."""

    @property
    def error(self) -> float:
        """The error bar as engine testers quote it: half the interval's width (∞ when an
        end is infinite)."""
        if not (math.isfinite(self.high) and math.isfinite(self.low)):
            return math.inf
        return (self.high - self.low) / 2


def estimate(counts: Counts, confidence: float = 0.95) -> EloEstimate:
    """The Elo difference of a match, its error bar at `confidence`, and the LOS (see the
    module for the formulas)."""
    n, mean, variance = _moments(counts)
    z = _NORMAL.inv_cdf(0.5 + confidence / 2)
    if n and variance == 0.0:
        low, high = _unanimous(n, mean, z)
    else:
        spread = z * math.sqrt(variance / n) if n else math.inf
        low, high = elo_of(mean - spread), elo_of(mean + spread)
    if isinstance(counts, Trinomial):
        decisive = counts.wins + counts.losses
        los = _NORMAL.cdf((counts.wins - counts.losses) / math.sqrt(decisive)) if decisive else 0.5
    elif variance > 0:
        los = _NORMAL.cdf((mean - 0.5) / math.sqrt(variance / n))
    else:  # every pair the same: sure only that A is not weaker if it scored over half
        los = 1.0 if mean > 0.5 else 0.0 if mean < 0.5 else 0.5
    return EloEstimate(mean, elo_of(mean), low, high, los)


def _unanimous(n: int, mean: float, z: float) -> tuple[float, float]:
    """The interval of `n` units that all scored `mean`.  Their variance is 0, which says
    nothing of how far the next units may stray; half a unit worth 0 and half a unit worth
    1 are added (a prior of one unit, split between the extremes), and the interval is
    that sample's, stretched to take in `mean` itself (a clean sweep keeps no upper
    bound)."""
    units = n + 1
    centre = (n * mean + 0.5) / units
    variance = (n * (mean - centre) ** 2 + 0.5 * centre**2 + 0.5 * (1 - centre) ** 2) / units
    spread = z * math.sqrt(variance / units)
    point = elo_of(mean)
    return min(point, elo_of(centre - spread)), max(point, elo_of(centre + spread))


def elo_words(found: EloEstimate) -> str:
    """The Elo difference and its interval as a summary says them: `27.9 +/- 62.5` while
    both ends are finite, and in words where an end is not.

    ```pycon
    >>> elo_words(estimate(Pentanomial((0, 0, 1, 0, 2))))
    '279.6, with no upper bound: 95% interval 46.6 and up'

    ```
    """
    elo, low, high = found.elo, found.low, found.high
    if math.isinf(elo):
        if elo > 0:
            end = f": 95% interval {_one(low)} and up" if math.isfinite(low) else ""
            return f"no upper bound (every point to A){end}"
        end = f": 95% interval {_one(high)} and down" if math.isfinite(high) else ""
        return f"no lower bound (every point to B){end}"
    if math.isfinite(low) and math.isfinite(high):
        return f"{_one(elo)} +/- {_one(found.error)}"
    if math.isfinite(low):
        return f"{_one(elo)}, with no upper bound: 95% interval {_one(low)} and up"
    if math.isfinite(high):
        return f"{_one(elo)}, with no lower bound: 95% interval {_one(high)} and down"
    return f"{_one(elo)}, with no bound either way: too few games"


def _one(value: float) -> str:
    """An Elo value to one decimal, never "-0.0"."""
    return f"{round(value, 1) + 0.0:.1f}"


Hypothesis = Literal["H0", "H1"]

_PRIOR = 1e-3
"""How many times more each outcome is counted in the SPRT than it happened."""


def _multiplier(f: list[tuple[float, float]], mean: float) -> float:
    """The `λ` of the most likely distribution over the outcomes `x` (observed with
    frequencies `f`, every one above 0) whose mean is `mean`, strictly between the least
    and the greatest outcome: the root, by bisection, of a function decreasing in `λ`."""
    least, most = min(x for x, _ in f), max(x for x, _ in f)
    low, high = -1 / (most - mean), 1 / (mean - least)
    for _ in range(200):
        middle = (low + high) / 2
        if sum(fj * (x - mean) / (1 + middle * (x - mean)) for x, fj in f) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@final
@dataclass(frozen=True)
class Sprt:
    """The sequential probability ratio test of H0 "A is `elo0` Elo stronger than B"
    against H1 "A is `elo1` stronger", with error rates `alpha` and `beta`."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT needs elo0 < elo1, got elo0={self.elo0:g} elo1={self.elo1:g}")
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < rate < 0.5:
                raise ValueError(f"SPRT needs 0 < {name} < 0.5, got {name}={rate:g}")

    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratio's bounds (lower, upper), rounded to 2 places for
        showing."""
        lower, upper = self._bounds()
        return round(lower, 2), round(upper, 2)

    def _bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Counts) -> float:
        """The log-likelihood ratio of H1 against H0 after `counts` (see the module)."""
        units = [(x, k + _PRIOR) for x, k in counts._units()]
        n = sum(k for _, k in units)
        f = [(x, k / n) for x, k in units]
        s0, s1 = score_of(self.elo0), score_of(self.elo1)
        l0, l1 = _multiplier(f, s0), _multiplier(f, s1)
        return (n - _PRIOR * len(units)) * sum(
            fj * (math.log1p(l0 * (x - s0)) - math.log1p(l1 * (x - s1))) for x, fj in f
        )

    def verdict(self, counts: Counts) -> Hypothesis | None:
        """The hypothesis accepted after `counts`, or None while the test runs on."""
        llr = self.llr(counts)
        lower, upper = self._bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None
