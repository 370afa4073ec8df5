"""The optional accelerator (`make accelerate`): the solver's hot modules compiled with mypyc.

The whole suite runs in either mode and pins the same answers and node counts, which is
how the two are held to each other; CI runs it pure, then compiled with
GAMELIB_REQUIRE_ACCELERATED=1.  This file checks that the mode is the one that was built.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

from gamelib.algorithms import packed_search
from gamelib.algorithms.exact import solve
from gamelib.games import connect4_board, connect4_native, connect4_packed
from gamelib.games.connect4 import ConnectFour

HOT: tuple[ModuleType, ...] = (connect4_board, connect4_packed, connect4_native, packed_search)


def built(module: ModuleType) -> bool:
    """Whether `make accelerate` left a compiled copy of `module` beside its source."""
    path = Path(str(module.__file__))
    stem = path.name.split(".")[0]
    return any(path.parent.glob(f"{stem}.*.so"))


def test_the_hot_modules_run_compiled_exactly_when_built() -> None:
    running = [not str(module.__file__).endswith(".py") for module in HOT]
    assert running == [built(module) for module in HOT]
    assert packed_search.compiled() is all(running)
    if os.environ.get("GAMELIB_REQUIRE_ACCELERATED") == "1":
        assert all(running), "GAMELIB_REQUIRE_ACCELERATED=1, and the solver runs as pure Python"
    else:
        mode = "compiled (make accelerate)" if all(running) else "pure Python"
        print(f"the solver's hot modules run {mode}", file=sys.stderr)


def test_either_mode_solves_alike() -> None:
    # The same answer, best move and node count pinned for both modes.
    solution = solve(ConnectFour(cols=5, rows=4))
    assert (solution.result, solution.plies, solution.positions) == ("draw", 20, 32_769)
    assert solution.principal[:4] == (2, 2, 2, 2)
