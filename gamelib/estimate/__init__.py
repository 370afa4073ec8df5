"""Estimators, settings and the search players built from them."""

from gamelib.core.estimator import (
    Definitely,
    Est,
    Estimator,
    Guess,
    NaNGuessError,
    NumericEstimator,
    Settings,
    est_to_string,
    standard_compare,
)

__all__ = [
    "Definitely",
    "Est",
    "Estimator",
    "Guess",
    "NaNGuessError",
    "NumericEstimator",
    "Settings",
    "est_to_string",
    "standard_compare",
]
