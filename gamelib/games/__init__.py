"""Games shipped with gamelib, one module each."""

from gamelib.games.nim import Nim, NimPlayer, NimState, nim_estimate, nim_estimator

__all__ = ["Nim", "NimPlayer", "NimState", "nim_estimate", "nim_estimator"]
