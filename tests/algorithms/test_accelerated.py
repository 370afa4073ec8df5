"""The solver's hot modules compiled with mypyc: by the install where it can, or `make accelerate`.

The whole suite runs in either mode and pins the same answers and node counts, which is
how the two are held to each other; CI runs it compiled (GAMELIB_REQUIRE_ACCELERATED=1),
then on a machine without a C compiler, pure.  This file checks that the mode is the one
that was built.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from pathlib import Path
from types import FrameType, ModuleType

import pytest

from gamelib.algorithms import packed_search, word_table
from gamelib.algorithms.exact import SolveInterruptedError, solve
from gamelib.games import connect4_board, connect4_native, connect4_packed
from gamelib.games.connect4 import ConnectFour
from gamelib.search import packed_methods

HOT: tuple[ModuleType, ...] = (
    connect4_board,
    connect4_packed,
    connect4_native,
    packed_methods,
    word_table,
    packed_search,
)


def built(module: ModuleType) -> bool:
    """Whether `make accelerate` left a compiled copy of `module` beside its source."""
    path = Path(str(module.__file__))
    stem = path.name.split(".")[0]
    return any(path.parent.glob(f"{stem}.*.so"))


def test_the_hot_modules_run_compiled_exactly_when_built() -> None:
    running = [not str(module.__file__).endswith(".py") for module in HOT]
    assert running == [built(module) for module in HOT]
    assert packed_search.compiled() is all(running[3:])
    assert connect4_native.running_compiled() is running[2]
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


def test_a_signal_stops_a_solve_that_reports_to_no_one() -> None:
    # Python handles a signal only when Python code runs, and a compiled search may run
    # for minutes without any: it stops now and then to let it (packed.breathe).  Without
    # that a compiled 6 x 5 solve would run to its end before the signal was seen.
    armed = [True]

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if armed[0]:  # a signal handled after the solve is only a failure of the test
            raise KeyboardInterrupt

    before = signal.signal(signal.SIGUSR1, interrupt)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGUSR1))
    timer.start()
    try:
        with pytest.raises(SolveInterruptedError) as stopped:
            solve(ConnectFour(cols=6, rows=5))
    finally:
        armed[0] = False
        timer.cancel()
        signal.signal(signal.SIGUSR1, before)
    assert 0 < stopped.value.positions < 2_762_078  # short of the whole solve's count


def test_a_solve_that_reports_to_no_one_still_runs_python_now_and_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every 8,192 positions the search calls packed.breathe, where Python sees signals;
    # a compiled pass of MTD(f) may otherwise search millions of positions without it.
    breaths: list[int] = []
    monkeypatch.setattr(packed_search, "breathe", lambda: breaths.append(1))
    solution = solve(ConnectFour(cols=5, rows=4))
    assert solution.positions == 32_769
    assert len(breaths) == 32_769 // 8_192
