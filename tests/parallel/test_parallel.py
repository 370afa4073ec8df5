"""Parallel search on real executors: a local process pool and a Dask LocalCluster.

Every parallel result is checked against the serial search it stands for:
the same values and moves, and for Jamboree the same positions estimated
(as a multiset).  Workers that die, tasks that raise and Ctrl-C lose nothing
that was done and leave no traceback.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ParamSpec, TypeVar, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import AlphaBeta, Definitely, Settings, Side, Winner
from gamelib.cli.batch import Progress
from gamelib.cli.games import NamedEstimator
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import Estimator, NumericEstimator
from gamelib.estimate.jamboree import Jamboree, JamboreeSettings
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator
from gamelib.games.explicit import (
    HANDOUT_TREES,
    ExplicitGame,
    Node,
    TreeState,
    shallowest_leaf,
    tree_estimator,
)
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.parallel import (
    BatchResult,
    SearchRecipe,
    SolveRecipe,
    Workers,
    dask_workers,
    local_workers,
    run_batch,
)
from gamelib.parallel.split import ParallelJamboree, split_root
from gamelib.parallel.trees import grow_trees
from gamelib.search.counting import CountingGame, RecordingEstimator
from tests.helpers import played
from tests.parallel.conftest import dask_cluster
from tests.runner import run
from tests.strategies import trees_and_depths

ROOT = Path(__file__).resolve().parents[2]
P = ParamSpec("P")
T = TypeVar("T")
GAMELIB = [sys.executable, "-m", "gamelib"]


def random_lines(game: ConnectFour, count: int, stones: range, seed: int) -> list[str]:
    """``count`` Connect Four positions, as their columns 1..W, none of them finished."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        state = game.start
        line: list[int] = []
        for _ in range(rng.choice(stones)):
            move = rng.choice(list(game.moves(state)))
            status = game.play(state, move)
            if not isinstance(status, Playing):
                break
            state = status.state
            line.append(move + 1)
        else:
            found.append("".join(map(str, line)))
    return found


def states_of(game: ConnectFour, lines: list[str]) -> list[ConnectFourState]:
    found: list[ConnectFourState] = []
    for line in lines:
        state = game.start
        for column in line:
            status = game.play(state, int(column) - 1)
            state = status.state  # type: ignore[union-attr]  # random_lines made no finished game
        found.append(state)
    return found


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2) as executor:
        yield executor


@contextmanager
def dask_on(address: str) -> Iterator[Workers]:
    """The cluster's workers, disconnected afterwards (a client left open keeps a thread)."""
    workers = dask_workers(address)
    try:
        yield workers
    finally:
        assert workers.close is not None
        workers.close()


@pytest.fixture(scope="module")
def dask_pool(dask_address: str) -> Iterator[Executor]:
    workers = dask_workers(dask_address)
    executor = workers.make()
    yield executor
    assert workers.close is not None
    workers.close()


@dataclass(frozen=True)
class TreeMaker:
    """Makes the estimator of an explicit tree: a picklable estimator maker."""

    tree: Node

    def __call__(self) -> NumericEstimator[TreeState, int]:
        return tree_estimator(ExplicitGame(self.tree))


C4 = cast(Callable[[], Estimator[ConnectFourState, int, float]], NamedEstimator("connect4"))


@dataclass(frozen=True)
class CountedC4:
    """Makes the 7 x 6 estimator over a game that counts the positions visited."""

    def __call__(self) -> NumericEstimator[ConnectFourState, int]:
        return connect4_estimator(CountingGame(ConnectFour()))


C4_COUNTED = CountedC4()
C4_GAME = ConnectFour()
C4_LINES = random_lines(C4_GAME, 12, range(4, 20), seed=150)
TTT = NamedEstimator("tictactoe")


def serial_answers(
    recipe: SearchRecipe[ConnectFourState, int, float], states: list[ConnectFourState]
) -> list[object]:
    player = recipe.player()
    return [player.analyse(s) for s in states]


# --------------------------------------------------------------------------
# Batches


def test_a_serial_batch_is_a_loop_in_input_order() -> None:
    results = list(run_batch(lambda x: 10 // x, [5, 0, 2]))
    assert [r.index for r in results] == [0, 1, 2]
    assert [r.value for r in results] == [2, None, 5]
    assert results[1].error == "ZeroDivisionError: integer division or modulo by zero"
    assert [r.ok for r in results] == [True, False, True]


@pytest.mark.parametrize("kind", ["alphabeta", "jamboree", "minimax"])
def test_batches_on_a_process_pool_match_serial(pool: ProcessPoolExecutor, kind: str) -> None:
    recipe = SearchRecipe(C4, kind, 3)
    states = states_of(C4_GAME, C4_LINES)
    expected = serial_answers(recipe, states)
    for ordered, chunk in ((True, 1), (False, 3)):
        results = list(run_batch(recipe, states, pool, ordered=ordered, chunk=chunk))
        if ordered:
            assert [r.index for r in results] == list(range(len(states)))
        found = {r.index: r.value for r in results}
        assert [(a.move, a.value) for a in (found[i] for i in range(len(states)))] == expected  # type: ignore[union-attr]  # every task finished


def test_batches_on_dask_match_serial(dask_address: str) -> None:
    recipe = SearchRecipe(C4, "alphabeta", 3)
    states = states_of(C4_GAME, C4_LINES)
    with dask_on(dask_address) as workers:
        results = list(run_batch(recipe, states, workers, ordered=True, chunk=2))
    assert [(r.value.move, r.value.value) for r in results if r.value] == serial_answers(
        recipe, states
    )


def test_solving_on_workers_matches_solving_here(pool: ProcessPoolExecutor) -> None:
    game = ConnectFour(cols=5, rows=4)
    lines = random_lines(game, 6, range(2, 8), seed=7)
    states = states_of(game, lines)
    recipe = SolveRecipe(_c4_5x4, table=100_000)
    here = [recipe(s) for s in states]
    there = [r.value for r in run_batch(recipe, states, pool, ordered=True)]
    assert [(s.result, s.plies) for s in here] == [(s.result, s.plies) for s in there if s]


def _c4_5x4() -> ConnectFour:
    return ConnectFour(cols=5, rows=4)


def _fails_on_3(x: int) -> int:
    if x == 3:
        raise ValueError("three is not allowed")
    return x * x


def _dies_on_3(x: int) -> int:
    if x == 3:
        os._exit(9)  # as a worker killed by the system would
    time.sleep(0.05)
    return x * x


def test_a_task_that_raises_is_one_error_result(pool: ProcessPoolExecutor) -> None:
    results = sorted(run_batch(_fails_on_3, range(6), pool), key=lambda r: r.index)
    assert [r.value for r in results] == [0, 1, 4, None, 16, 25]
    assert results[3].error == "ValueError: three is not allowed"


def test_a_killed_local_worker_loses_only_its_own_position() -> None:
    results = sorted(run_batch(_dies_on_3, range(10), local_workers(2)), key=lambda r: r.index)
    assert [r.value for r in results] == [0, 1, 4, None, 16, 25, 36, 49, 64, 81]
    assert "worker process died" in (results[3].error or "")


def test_a_killed_dask_worker_loses_only_its_own_position(dask_address: str) -> None:
    with dask_on(dask_address) as workers:
        results = sorted(run_batch(_dies_on_3, range(8), workers), key=lambda r: r.index)
    assert [r.value for r in results] == [0, 1, 4, None, 16, 25, 36, 49]
    assert "KilledWorker" in (results[3].error or "")


def test_a_broken_pool_that_is_not_ours_fails_what_it_had() -> None:
    with ProcessPoolExecutor(1) as executor:
        results = list(run_batch(_dies_on_3, [3, 1], executor))
    assert {r.index for r in results} == {0, 1}
    assert all("worker process died" in (r.error or "") for r in results if r.value is None)


def test_workers_and_chunks_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1, got 0"):
        local_workers(0)
    with pytest.raises(ValueError, match="at least 1 item, got 0"):
        list(run_batch(abs, [1], None, chunk=0))


# --------------------------------------------------------------------------
# One search over workers


@settings(max_examples=25)
@given(trees_and_depths(), st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from([1, 2]))
def test_parallel_jamboree_is_jamboree(
    pool: ProcessPoolExecutor, tree_depth: tuple[Node, int], prune: float, levels: int
) -> None:
    tree, depth = tree_depth
    maker = TreeMaker(tree)
    _same_as_serial_jamboree(maker, depth, prune, levels, pool, maker().game.start)


def _same_as_serial_jamboree(
    maker: Callable[[], object],
    depth: int,
    prune: float,
    levels: int,
    executor: Executor,
    state: object,
) -> None:
    recipe: SearchRecipe[object, object, object] = SearchRecipe(
        cast(Callable[[], Estimator[object, object, object]], maker),
        "jamboree",
        depth,
        (("prune", prune),),
    )
    here = RecordingEstimator(recipe.estimator())
    serial = Jamboree(JamboreeSettings(here, depth, prune)).analyse(state)
    split_here = RecordingEstimator(recipe.estimator())
    player = ParallelJamboree(recipe, executor, levels=levels, estimator=split_here, record=True)
    assert player.analyse(state) == serial
    assert Counter(split_here.estimated + player.estimated_elsewhere) == Counter(here.estimated)


@pytest.mark.parametrize("name", sorted(HANDOUT_TREES))
def test_parallel_jamboree_on_dask_is_jamboree_on_the_handout_trees(
    dask_pool: Executor, name: str
) -> None:
    maker = NamedEstimator("tree", ("--tree", name))
    game = maker().game
    depth = shallowest_leaf(HANDOUT_TREES[name]) or 1
    _same_as_serial_jamboree(maker, depth, 0.5, 2, dask_pool, game.start)


@pytest.mark.parametrize("line", C4_LINES[:4])
def test_parallel_jamboree_on_connect_four(pool: ProcessPoolExecutor, line: str) -> None:
    _same_as_serial_jamboree(C4, 4, 0.5, 2, pool, states_of(C4_GAME, [line])[0])


def test_parallel_jamboree_on_tictactoe(dask_pool: Executor) -> None:
    _same_as_serial_jamboree(TTT, 4, 0.34, 1, dask_pool, TTT().game.start)


@settings(max_examples=30)
@given(trees_and_depths(), st.sampled_from([None, 1.0, 2.5]), st.sampled_from([1, 2, 3]))
def test_root_splitting_is_alphabeta(
    pool: ProcessPoolExecutor, tree_depth: tuple[Node, int], margin: float | None, levels: int
) -> None:
    tree, depth = tree_depth
    recipe = SearchRecipe(TreeMaker(tree), "alphabeta", depth)
    est = recipe.estimator()
    move, value = AlphaBeta(Settings(est, depth)).analyse(est.game.start)
    split = split_root(recipe, pool, margin=margin, in_flight=2, levels=levels)
    assert (split.move, split.value) == (move, value)


@pytest.mark.parametrize("line", C4_LINES[:5])
def test_root_splitting_on_connect_four_with_aspiration(dask_pool: Executor, line: str) -> None:
    recipe = SearchRecipe(C4, "alphabeta", 5)
    state = states_of(C4_GAME, [line])[0]
    move, value = recipe.player().analyse(state)
    for margin in (None, 2.0, 40.0):
        split = split_root(recipe, dask_pool, state, margin=margin)
        assert (split.move, split.value) == (move, value)


@pytest.mark.parametrize("line", C4_LINES[:5])
def test_splitting_every_position_near_the_root_is_alphabeta(
    pool: ProcessPoolExecutor, line: str
) -> None:
    # Young Brothers Wait three plies down: cuts below the root stop their brothers' work.
    recipe = SearchRecipe(C4_COUNTED, "alphabeta", 6)
    state = states_of(C4_GAME, [line])[0]
    move, value = SearchRecipe(C4, "alphabeta", 6).player().analyse(state)
    serial = C4_COUNTED()
    assert isinstance(serial.game, CountingGame)
    AlphaBeta(Settings(serial, 6)).analyse(state)
    for margin in (None, 4.0):
        split = split_root(recipe, pool, state, margin=margin, levels=3, in_flight=2)
        assert (split.move, split.value) == (move, value)
        assert split.tasks > 7  # positions below the root were split too
        assert 0 < split.positions < 3 * serial.game.plays


def test_aspiration_windows_too_narrow_are_searched_again(pool: ProcessPoolExecutor) -> None:
    # Tic-tac-toe's guesses are small numbers: a margin of 0.5 is too narrow for some move.
    recipe = SearchRecipe(TTT, "alphabeta", 3)
    start = TTT().game.start
    split = split_root(recipe, pool, start, margin=0.5)
    assert (split.move, split.value) == recipe.player().analyse(start)
    assert split.re_searched >= 1


def test_only_windowed_kinds_split(pool: ProcessPoolExecutor) -> None:
    with pytest.raises(ValueError, match="minimax cannot search a position through a given window"):
        split_root(SearchRecipe(C4, "minimax", 3), pool)


# --------------------------------------------------------------------------
# The command line


def test_analyse_positions_on_workers_matches_serial(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("\n".join(["# seven positions", *C4_LINES[:6], "4444444"]) + "\n")
    serial = run("analyse", "connect4", "--positions", str(positions), "--json", "--depth", "3")
    workers = run(
        "analyse", "connect4", "--positions", str(positions), "--json", "--depth", "3",
        "--workers", "2",
    )  # fmt: skip
    assert serial[0] == workers[0] == 1  # the full column's line
    assert serial[1] == workers[1]
    last = workers[1].splitlines()[-1]
    assert '"line": 8' in last
    assert "column 4 is full" in last


def test_a_match_on_dask_is_the_serial_match(dask_address: str) -> None:
    args = ["match", "alphabeta:3", "random", "--game", "connect4", "--cols", "5", "--rows", "4"]
    serial = run(*args, "--games", "6", "--seed", "4", "--json")
    dask = run(*args, "--games", "6", "--seed", "4", "--json", "--scheduler", dask_address)
    assert serial[0] == dask[0] == 0
    assert serial[1] == dask[1]
    assert len(serial[1].splitlines()) == 7  # six games and the summary


def test_solve_positions_on_dask_matches_serial(tmp_path: Path, dask_address: str) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("4455\n44\n9\n123\n")
    args = ["solve", "connect4", "--cols", "5", "--rows", "4", "--positions", str(positions)]
    serial = run(*args, "--json")
    dask = run(*args, "--json", "--scheduler", dask_address, "--unordered")

    def answers(text: str) -> list[tuple[object, ...]]:
        import json

        found = [json.loads(line) for line in text.splitlines()]
        return sorted((d["line"], d.get("result"), d.get("plies"), d.get("error")) for d in found)

    assert serial[0] == dask[0] == 1
    assert answers(serial[1]) == answers(dask[1])


@pytest.mark.parametrize(
    ("flags", "sentence"),
    [
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (["--workers", "-3"], "--workers must be at least 1, got -3"),
        (["--workers", "two"], "--workers must be a whole number, got 'two'"),
        (["--workers", "100000"], "--workers must be at most 256, got 100000"),
        (["--workers", "2", "--scheduler", "tcp://x:1"], "give --workers or --scheduler"),
        (["--workers", "2", "--chunk", "0"], "--chunk must be at least 1, got 0"),
    ],
)
def test_bad_worker_flags_get_one_sentence(tmp_path: Path, flags: list[str], sentence: str) -> None:
    positions = tmp_path / "p.txt"
    positions.write_text("44\n")
    status, out, err = run("analyse", "nim", "--positions", str(positions), *flags)
    assert status == 2
    assert out == ""
    assert err == f"gamelib: {err.removeprefix('gamelib: ')}"
    assert sentence in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("address", "sentence"),
    [
        ("", "the address is empty: give the scheduler's, such as tcp://10.0.0.5:8786"),
        ("localhost", "'localhost' has no port: write HOST:PORT, such as tcp://localhost:8786"),
        ("tcp://:8786", "'tcp://:8786' names no host: write HOST:PORT, such as tcp://10.0.0.5:8786"),
        ("tcp://h:99999", "the port in 'tcp://h:99999' must be a number from 1 to 65535, got "
         "'99999'"),
        ("tcp://h:x", "the port in 'tcp://h:x' must be a number from 1 to 65535, got 'x'"),
        ("::1:8786", "'::1:8786': an IPv6 host goes in brackets, such as tcp://[::1]:8786"),
        ("foo://h:1", "'foo://h:1' starts with 'foo://', which Dask does not connect with (tcp://, "
         "tls://, ws://, wss://, ucx://)"),
        # Dask refuses this one itself (no TLS configured), at once: still one sentence.
        ("tls://127.0.0.1:9", "the Dask scheduler at 'tls://127.0.0.1:9' cannot be reached: "
         "TypeError: TLS expects a `ssl_context` argument"),
    ],
)  # fmt: skip
def test_a_scheduler_address_is_checked_at_once_in_one_sentence(
    tmp_path: Path, address: str, sentence: str
) -> None:
    positions = tmp_path / "p.txt"
    positions.write_text("1\n")
    began = time.perf_counter()
    done = subprocess.run(
        [*GAMELIB, "analyse", "nim", "--positions", str(positions), "--scheduler", address],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"gamelib: --scheduler: {sentence}")
    assert done.stderr.count("\n") == 1  # no "Exception ignored", no traceback after it
    assert time.perf_counter() - began < 8  # Dask's connect timeout is 10 s: none is waited


class _LosesItsScheduler(Executor):
    """An executor like a Dask client whose scheduler went away after two tasks: it cancels
    what it had, and a task sent to it afterwards never finishes (here: fails loudly)."""

    def __init__(self) -> None:
        self.sent = 0

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        self.sent += 1
        future: Future[T] = Future()
        if self.sent <= 2:
            future.set_result(fn(*args, **kwargs))
        elif self.sent <= 4:
            future.cancel()
            future.set_running_or_notify_cancel()  # as an executor does with what it cancels
        else:
            future.set_exception(AssertionError("a task was sent after the tasks were cancelled"))
        return future


def test_a_batch_stops_sending_when_its_executor_cancels_its_tasks() -> None:
    executor = _LosesItsScheduler()
    workers = Workers(lambda: executor, 4, "a cluster that goes away")
    results = sorted(run_batch(abs, range(-10, 0), workers), key=lambda r: r.index)
    assert [r.value for r in results[:2]] == [10, 9]
    assert {r.error for r in results[2:]} == {
        "the task was cancelled before it ran (the workers went away)"
    }
    assert len(results) == 10
    assert executor.sent == 4


def test_batch_flags_need_positions() -> None:
    status, _, err = run("analyse", "nim", "--workers", "2")
    assert (status, err) == (
        2,
        "gamelib: --workers is for batches: give the positions with --positions FILE\n",
    )


def test_a_scheduler_that_does_not_answer(tmp_path: Path) -> None:
    positions = tmp_path / "p.txt"
    positions.write_text("1\n")
    began = time.perf_counter()
    status, out, err = run(
        "solve", "nim", "--positions", str(positions), "--scheduler", "tcp://127.0.0.1:9"
    )
    assert status == 2
    assert out == ""
    assert err.startswith(
        "gamelib: --scheduler: the Dask scheduler at 'tcp://127.0.0.1:9' did not answer within 10 s"
    )
    assert time.perf_counter() - began < 40


def test_scheduler_without_dask_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    positions = tmp_path / "p.txt"
    positions.write_text("1\n")
    status, _, err = run("solve", "nim", "--positions", str(positions), "--scheduler", "tcp://h:1")
    assert (status, err) == (
        2,
        "gamelib: --scheduler: running on a Dask scheduler needs Dask's distributed package: "
        "pip install 'gamelib[dask]'\n",
    )


@pytest.mark.parametrize(
    "stop",
    [
        signal.SIGINT,
        # A timeout, systemd or `docker stop` sends SIGTERM to the command alone, not to its
        # process group: the workers must end with it all the same.
        signal.SIGTERM,
    ],
    ids=["ctrl-c", "sigterm"],
)
def test_a_stopped_batch_on_workers_ends_them_and_says_where_it_stopped(
    tmp_path: Path, stop: signal.Signals
) -> None:
    # Slow positions: 7 x 6 Connect Four solved from a few stones.
    marker = f"{stop.name}-{os.getpid()}"
    positions = tmp_path / f"{marker}.txt"
    positions.write_text("\n".join(random_lines(C4_GAME, 8, range(4, 7), seed=3)) + "\n")
    process = subprocess.Popen(
        [*GAMELIB, "solve", "connect4", "--positions", str(positions), "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        # A test runner started in the background may ignore Ctrl-C, and children inherit
        # that; a person's terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)
    process.send_signal(stop)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 1
    assert re.search(r"gamelib: stopped after \d of 8 positions, .*; the rest were not", err)
    assert "Traceback" not in err
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True)
    assert left.stdout == ""  # no worker process outlived the batch


def test_progress_is_a_bar_on_a_terminal_and_lines_when_piped() -> None:
    terminal = io.StringIO()
    bar = Progress(terminal, 4, terminal=True)
    bar.step()
    assert terminal.getvalue().startswith("\r[######------------------] 1 of 4 positions done (")
    bar.clear()
    assert terminal.getvalue().endswith("\r\x1b[K")
    piped = io.StringIO()
    lines = Progress(piped, 30, terminal=False)
    for _ in range(30):
        lines.step()
    shown = [line.split(" (")[0] for line in piped.getvalue().splitlines()]
    assert shown == [f"{n} of 30 positions done" for n in range(3, 31, 3)]


def test_batch_results_carry_their_index() -> None:
    result: BatchResult[int] = BatchResult(4, 16)
    assert (result.index, result.value, result.ok) == (4, 16, True)
    assert isinstance(local_workers(1), Workers)


def test_a_scheduler_with_no_workers_is_said_within_seconds(tmp_path: Path) -> None:
    positions = tmp_path / "p.txt"
    positions.write_text("1\n2\n")
    with dask_cluster(workers=0) as address:
        began = time.perf_counter()
        status, out, err = run(
            "solve", "nim", "--positions", str(positions), "--scheduler", address
        )
        waited = time.perf_counter() - began
    assert (status, out) == (2, "")
    assert err == (
        f"gamelib: --scheduler: the Dask scheduler at '{address}' has no workers: none joined "
        f"within 5 s; start one with 'dask worker {address}'\n"
    )
    assert waited < 30


def test_a_scheduler_that_dies_mid_batch_leaves_no_log_lines(tmp_path: Path) -> None:
    dask = Path(sys.executable).parent / "dask"
    file = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen(
        [
            dask,
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            ":0",
            "--scheduler-file",
            str(file),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = None
    try:
        for _ in range(300):
            if file.exists() and file.read_text():
                break
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        worker = subprocess.Popen(
            [dask, "worker", address, "--nworkers", "1", "--nthreads", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        positions = tmp_path / "p.txt"
        positions.write_text("".join(f"4455{c}\n" for c in range(1, 7)))
        batch = subprocess.Popen(
            [*GAMELIB, "solve", "connect4", "--positions", str(positions), "--scheduler", address],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        time.sleep(8)  # connected, and searching
        scheduler.kill()
        out, err = batch.communicate(timeout=90)
    finally:
        for process in (scheduler, worker):
            if process is not None:
                process.kill()
                process.wait(timeout=30)
    assert batch.returncode == 1
    assert "Traceback" not in err
    assert " - ERROR - " not in err
    assert out.count("line ") == 6  # every line answered, or said to be unsearched


# --------------------------------------------------------------------------
# Monte Carlo tree search: trees grown from one root on workers, merged by visits


def mcts_recipe(sims: int) -> SearchRecipe[ConnectFourState, int, float]:
    return SearchRecipe(C4, "mcts", 1000, (("sims", sims),))


def test_mcts_trees_grown_on_workers_are_the_trees_grown_here(pool: ProcessPoolExecutor) -> None:
    recipe = mcts_recipe(300)
    here = grow_trees(recipe, C4_GAME.start, trees=4, seed=5)
    there = grow_trees(recipe, C4_GAME.start, trees=4, seed=5, on=pool)
    assert replace(here, seconds=0.0) == replace(there, seconds=0.0)
    assert here.simulations == 1200
    assert sum(c.visits for c in here.children) == 1200  # every simulation counted once
    other = grow_trees(recipe, C4_GAME.start, trees=4, seed=6)
    assert other.children != here.children  # other seeds, other trees


def test_mcts_trees_grown_on_dask_are_the_trees_grown_here(dask_address: str) -> None:
    recipe = mcts_recipe(200)
    here = grow_trees(recipe, C4_GAME.start, trees=3)
    with dask_on(dask_address) as workers:
        there = grow_trees(recipe, C4_GAME.start, trees=3, on=workers)
    assert replace(here, seconds=0.0) == replace(there, seconds=0.0)


def test_a_proof_found_by_the_trees_is_the_merged_answer() -> None:
    game = TicTacToe()
    state = played(game, 1, 4, 2, 5)  # X wins with 3

    def estimator() -> NumericEstimator[TicTacToeState, int]:
        return tictactoe_estimator(game)

    found = grow_trees(SearchRecipe(estimator, "mcts", 9), state, trees=2)
    assert (found.move, found.proven) == (3, Winner(Side.Maxie))
    assert found.value == Definitely(Winner(Side.Maxie))


def test_trees_are_grown_only_by_mcts_players() -> None:
    with pytest.raises(ValueError, match="trees are grown by mcts players, not by AlphaBeta"):
        grow_trees(SearchRecipe(C4, "alphabeta", 2), C4_GAME.start, trees=2)
    with pytest.raises(ValueError, match="the number of trees must be a whole number >= 1"):
        grow_trees(mcts_recipe(10), C4_GAME.start, trees=0)
