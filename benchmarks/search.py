"""Positions per second for gamelib's search players, and the cost of the abstraction.

Runs Minimax and AlphaBeta on a uniform random tree (b = 5, d = 6) and on Nim
from pile 20 searched to the end, and two plain hand-written imperative
alpha-beta loops over the same positions: one through the same Game API
(game.moves / game.play / the estimate function), one over the raw data (tree
tuples, two integers for Nim).  Reports medians over several runs and, per
position visited, the ratio to the hand-written Game-API loop: that is the
cost of gamelib's search machinery (show1, estimates, compare, bounds).  All
alpha-beta searches prune on the same rule (β <= x), so they visit exactly the
same positions; the script checks that before printing.

    python benchmarks/search.py                      # 7 interleaved rounds
    python benchmarks/search.py --runs 3
    git worktree add /tmp/before HEAD~3              # an earlier gamelib ...
    python benchmarks/search.py --baseline /tmp/before   # ... timed beside this one
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from gamelib import Draw, Game, NumericEstimator, Playing, Side
from gamelib.catalog import CATALOG
from gamelib.core.trees import Leaf
from gamelib.games.explicit import ExplicitGame, Node, Tree, tree_to_text
from gamelib.games.nim import Nim, NimState, nim_estimate
from gamelib.search import CountingGame

S = TypeVar("S")
M = TypeVar("M")


def uniform_tree(b: int, d: int, rng: random.Random) -> Node:
    """A uniform tree with random leaf values in [-100, 100]."""

    def build(level: int) -> Tree:
        if level == d:
            return Leaf("x", rng.randint(-100, 100))
        return Node("n", tuple(build(level + 1) for _ in range(b)))

    root = build(0)
    assert isinstance(root, Node)
    return root


# --------------------------------------------------------------------------
# The hand-written baselines: plain recursion, plain numbers, one counter.
# A finished game scores ±WIN, a finite number, so that (as in gamelib, whose
# bounds lie strictly outside every estimate) a win never equals a bound.

WIN = 1e300


@dataclass
class Counter:
    visited: int = 0


def handwritten_game(
    game: Game[S, M], estimate: Callable[[S], float], depth: int
) -> tuple[float, int]:
    """Imperative alpha-beta through the same Game API gamelib uses; (value, visited)."""
    count = Counter()
    player, moves, play = game.player, game.moves, game.play

    def ab(s: S, d: int, alpha: float, beta: float) -> float:
        maxie = player(s) is Side.Maxie
        best = -math.inf if maxie else math.inf
        for m in moves(s):
            count.visited += 1
            st = play(s, m)
            if isinstance(st, Playing):
                x = estimate(st.state) if d == 1 else ab(st.state, d - 1, alpha, beta)
            else:
                oc = st.outcome
                x = 0.0 if isinstance(oc, Draw) else WIN if oc.side is Side.Maxie else -WIN
            if maxie:
                if x > best:
                    best = x
                if x >= beta:
                    return best
                if x > alpha:
                    alpha = x
            else:
                if x < best:
                    best = x
                if x <= alpha:
                    return best
                if x < beta:
                    beta = x
        return best

    return ab(game.start, depth, -math.inf, math.inf), count.visited


def handwritten_tree(root: Node, depth: int) -> tuple[float, int]:
    """Imperative alpha-beta straight over the tree's tuples, no Game at all."""
    count = Counter()

    def ab(node: Tree, d: int, alpha: float, beta: float, maxie: bool) -> float:
        if d == 0 or not isinstance(node, Node):
            assert isinstance(node, (Leaf, Node))
            return node.value
        best = -math.inf if maxie else math.inf
        for child in node.children:
            count.visited += 1
            x = ab(child, d - 1, alpha, beta, not maxie)
            if maxie:
                if x > best:
                    best = x
                if x >= beta:
                    return best
                if x > alpha:
                    alpha = x
            else:
                if x < best:
                    best = x
                if x <= alpha:
                    return best
                if x < beta:
                    beta = x
        return best

    return ab(root, depth, -math.inf, math.inf, True), count.visited


def handwritten_nim(pile: int, depth: int) -> tuple[float, int]:
    """Imperative alpha-beta on Nim as two integers, no Game at all."""
    count = Counter()

    def ab(pebbles: int, maxie: bool, d: int, alpha: float, beta: float) -> float:
        best = -math.inf if maxie else math.inf
        for take in range(1, min(3, pebbles) + 1):
            count.visited += 1
            left = pebbles - take
            if left == 0:
                x = -WIN if maxie else WIN  # the mover took the last pebble and lost
            elif d == 1:
                x = nim_estimate(NimState(left, Side.Minnie if maxie else Side.Maxie))
            else:
                x = ab(left, not maxie, d - 1, alpha, beta)
            if maxie:
                if x > best:
                    best = x
                if x >= beta:
                    return best
                if x > alpha:
                    alpha = x
            else:
                if x < best:
                    best = x
                if x <= alpha:
                    return best
                if x < beta:
                    beta = x
        return best

    return ab(pile, True, depth, -math.inf, math.inf), count.visited


# --------------------------------------------------------------------------
# Timing: every job of a table runs once per round, in turn, so that a noisy
# moment of the machine falls on all of them alike; the figures are the median
# and the minimum.


@dataclass(frozen=True)
class Job:
    name: str
    run: Callable[[], object]
    visited: int


@dataclass(frozen=True)
class Row:
    name: str
    visited: int
    seconds: float
    """The median."""
    fastest: float
    """The minimum: the steadier figure when the machine is busy."""

    @property
    def per_position(self) -> float:
        return self.seconds / self.visited


def interleaved(jobs: list[Job], runs: int) -> list[Row]:
    """Median seconds of each job over ``runs`` rounds, the jobs taking turns.

    Every other round runs them in the reverse order, so that no job always
    follows the same one (and inherits, say, the garbage it left behind).
    """
    times: list[list[float]] = [[] for _ in jobs]
    for round_number in range(runs):
        order = list(zip(jobs, times, strict=True))
        if round_number % 2:
            order.reverse()
        for job, seen in order:
            began = time.perf_counter()
            job.run()
            seen.append(time.perf_counter() - began)
    return [
        Row(job.name, job.visited, statistics.median(seen), min(seen))
        for job, seen in zip(jobs, times, strict=True)
    ]


def report(title: str, rows: list[Row], baseline: str) -> None:
    """Rows with their cost per position relative to the row named ``baseline``."""
    base = next(row for row in rows if row.name == baseline)
    print(f"\n{title}")
    print(
        f"  {'search':<36}{'positions':>11}{'median s':>10}{'positions/s':>13}{'ratio':>8}"
        f"{'min s':>10}{'ratio':>8}"
    )
    for row in rows:
        ratio = row.per_position / base.per_position
        fastest = row.fastest / base.fastest * base.visited / row.visited
        print(
            f"  {row.name:<36}{row.visited:>11,}{row.seconds:>10.4f}"
            f"{1 / row.per_position:>13,.0f}{ratio:>7.2f}x{row.fastest:>10.4f}{fastest:>7.2f}x"
        )


def check_same(jobs: list[Job]) -> None:
    counts = {job.name: job.visited for job in jobs}
    if len(set(counts.values())) != 1:
        raise SystemExit(
            f"the alpha-beta searches visited different numbers of positions: {counts}"
        )


# --------------------------------------------------------------------------
# gamelib's players, from the catalog, and (with --baseline) the same players
# of another checkout, loaded side by side under the name gamelib_baseline.


@dataclass(frozen=True)
class Flavour:
    """One copy of gamelib: how to build its games and players."""

    label: str
    """'' for this checkout, ' (before)' for the baseline."""
    prefix: str
    """The package name: gamelib or gamelib_baseline."""

    def module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.prefix}.{name}")

    def job(
        self, kind: str, game: Any, estimate: Callable[[Any], float], depth: int, visited: int
    ) -> Job:
        """``kind`` (minimax or alphabeta) of this copy, analysing ``game``'s start."""
        name = f"gamelib {_FACTORY_NAMES[kind]}{self.label}"
        if self.prefix == "gamelib":
            player = CATALOG[kind].build(NumericEstimator(game, estimate), depth)
            return Job(name, lambda: player.analyse(game.start), visited)
        # Another checkout: through the API every version has had.
        estimate_module = self.module("estimate")
        factory = getattr(self.module(f"estimate.{kind}"), _FACTORY_NAMES[kind])
        estimator = estimate_module.NumericEstimator(game, estimate)
        baseline = factory(estimate_module.Settings(estimator, depth))
        start = game.start
        return Job(name, lambda: baseline.analyse(start), visited)


_FACTORY_NAMES = {"minimax": "Minimax", "alphabeta": "AlphaBeta"}


def load_baseline(checkout: Path) -> Flavour:
    """The gamelib of another checkout, copied as gamelib_baseline and imported."""
    source = checkout / "gamelib"
    if not (source / "__init__.py").is_file():
        raise SystemExit(f"--baseline {checkout}: there is no gamelib package there")
    folder = Path(tempfile.mkdtemp(prefix="gamelib-baseline-"))
    target = folder / "gamelib_baseline"
    shutil.copytree(source, target)
    for path in target.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\bgamelib\b", "gamelib_baseline", text), encoding="utf-8")
    sys.path.insert(0, str(folder))
    return Flavour(" (before)", "gamelib_baseline")


def counted(
    kind: str, make_game: Callable[[], Game[S, M]], estimate: Callable[[S], float], depth: int
) -> int:
    """Positions the search ``kind`` visits (root excluded), counted in an untimed run."""
    counting = CountingGame(make_game())
    CATALOG[kind].build(NumericEstimator(counting, estimate), depth).analyse(counting.start)
    return counting.plays


def bench_trees(runs: int, flavours: list[Flavour]) -> None:
    rng = random.Random(2026)
    tree = uniform_tree(5, 6, rng)
    text = tree_to_text(tree)
    ab = counted("alphabeta", lambda: ExplicitGame(tree), _tree_value, 6)
    mm = counted("minimax", lambda: ExplicitGame(tree), _tree_value, 6)
    jobs: list[Job] = []
    for flavour in flavours:
        explicit = flavour.module("games.explicit")
        game = explicit.ExplicitGame(explicit.parse_tree(text))
        jobs.append(flavour.job("minimax", game, _tree_value, 6, mm))
        jobs.append(flavour.job("alphabeta", game, _tree_value, 6, ab))
    _, visited = handwritten_game(ExplicitGame(tree), _tree_value, 6)
    api = Job(
        "hand-written, same Game API",
        lambda: handwritten_game(ExplicitGame(tree), _tree_value, 6),
        visited,
    )
    _, raw_visited = handwritten_tree(tree, 6)
    raw = Job("hand-written, raw tuples", lambda: handwritten_tree(tree, 6), raw_visited)
    check_same([*(job for job in jobs if "AlphaBeta" in job.name), api, raw])
    rows = interleaved([*jobs, api, raw], runs)
    report("Uniform random tree, b = 5, d = 6", rows, api.name)


def _tree_value(state: Any) -> float:
    value: float = state.node.value
    return value


def bench_nim(runs: int, flavours: list[Flavour]) -> None:
    pile = 20
    ab = counted("alphabeta", lambda: Nim(pile=pile), nim_estimate, pile)
    mm = counted("minimax", lambda: Nim(pile=pile), nim_estimate, pile)
    jobs: list[Job] = []
    for flavour in flavours:
        nim = flavour.module("games.nim")
        game = nim.Nim(pile=pile)
        jobs.append(flavour.job("minimax", game, nim.nim_estimate, pile, mm))
        jobs.append(flavour.job("alphabeta", game, nim.nim_estimate, pile, ab))
    value, visited = handwritten_game(Nim(pile=pile), nim_estimate, pile)
    assert value == WIN, "Nim from 20 is a win for Maxie"
    api = Job(
        "hand-written, same Game API",
        lambda: handwritten_game(Nim(pile=pile), nim_estimate, pile),
        visited,
    )
    _, raw_visited = handwritten_nim(pile, pile)
    raw = Job("hand-written, raw integers", lambda: handwritten_nim(pile, pile), raw_visited)
    check_same([*(job for job in jobs if "AlphaBeta" in job.name), api, raw])
    rows = interleaved([*jobs, api, raw], runs)
    report(f"Nim from pile {pile}, searched to the end", rows, api.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7, help="rounds of runs (median)")
    parser.add_argument(
        "--baseline",
        metavar="DIR",
        type=Path,
        help="also time the players of the gamelib checkout in DIR, interleaved with these",
    )
    options = parser.parse_args()
    flavours = [Flavour("", "gamelib")]
    if options.baseline is not None:
        flavours.append(load_baseline(options.baseline))
    print(
        f"{options.runs} interleaved rounds; ratio = time per position visited (median, and "
        "minimum), relative to the hand-written loop over the same Game API"
    )
    bench_trees(options.runs, flavours)
    bench_nim(options.runs, flavours)


if __name__ == "__main__":
    main()
