"""Timing for the benchmark scripts: jobs run in turns, in one process, and medians.

Machines here are noisy, so nothing is timed alone: each round runs every job
once, every other round in the reverse order (so that no job always follows
the same one and inherits, say, the garbage it left), and a job's figure is
its median over the rounds.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping

from gamelib import Definitely, Draw, Est, Guess, Side, Winner


def interleaved(jobs: Mapping[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median seconds of each job over ``runs`` rounds, the jobs taking turns."""
    seen: dict[str, list[float]] = {name: [] for name in jobs}
    for round_number in range(runs):
        order = list(jobs.items())
        if round_number % 2:
            order.reverse()
        for name, job in order:
            began = time.perf_counter()
            job()
            seen[name].append(time.perf_counter() - began)
    return {name: statistics.median(times) for name, times in seen.items()}


def as_number(value: Est[float]) -> float:
    """A gamelib estimate as a number: the guess, 0 for a draw, +-inf for a win."""
    if isinstance(value, Guess):
        return float(value.guess)
    assert isinstance(value, Definitely)
    outcome = value.outcome
    if isinstance(outcome, Draw):
        return 0.0
    assert isinstance(outcome, Winner)
    return math.inf if outcome.side is Side.Maxie else -math.inf
