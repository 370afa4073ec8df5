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

    python benchmarks/search.py            # 7 runs of each
    python benchmarks/search.py --runs 3
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from gamelib.core import Draw, Game, Playing, Side
from gamelib.estimate import NumericEstimator, Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.estimate.observe import CountingGame
from gamelib.games.explicit import ExplicitGame, Leaf, Node, Tree, TreeState
from gamelib.games.nim import Nim, NimState, nim_estimate

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


def median_seconds(job: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        job()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


@dataclass(frozen=True)
class Row:
    name: str
    visited: int
    seconds: float

    @property
    def per_position(self) -> float:
        return self.seconds / self.visited


def report(title: str, rows: list[Row], baseline: Row) -> None:
    """Rows with their cost per position relative to ``baseline`` (which is in ``rows``)."""
    print(f"\n{title}")
    print(f"  {'search':<34}{'positions':>11}{'median s':>10}{'positions/s':>13}{'ratio':>8}")
    for row in rows:
        ratio = row.per_position / baseline.per_position
        print(
            f"  {row.name:<34}{row.visited:>11,}{row.seconds:>10.4f}"
            f"{1 / row.per_position:>13,.0f}{ratio:>7.2f}x"
        )


def measure(name: str, job: Callable[[], object], visited: int, runs: int) -> Row:
    return Row(name, visited, median_seconds(job, runs))


def gamelib_rows(
    make_game: Callable[[], Game[S, M]],
    estimate: Callable[[S], float],
    depth: int,
    runs: int,
) -> list[Row]:
    rows = []
    for name, factory in [("Minimax", Minimax), ("AlphaBeta", AlphaBeta)]:
        counting = CountingGame(make_game())
        factory(Settings(NumericEstimator(counting, estimate), depth)).analyse(counting.start)
        game = make_game()
        player = factory(Settings(NumericEstimator(game, estimate), depth))
        job = functools.partial(player.analyse, game.start)
        rows.append(measure(f"gamelib {name}", job, counting.plays, runs))
    return rows


def check_same(rows: list[Row]) -> None:
    counts = {row.name: row.visited for row in rows}
    if len(set(counts.values())) != 1:
        raise SystemExit(
            f"the alpha-beta searches visited different numbers of positions: {counts}"
        )


def bench_trees(runs: int) -> None:
    rng = random.Random(2026)
    tree = uniform_tree(5, 6, rng)
    rows = gamelib_rows(lambda: ExplicitGame(tree), _tree_value, 6, runs)
    _, visited = handwritten_game(ExplicitGame(tree), _tree_value, 6)
    api = measure(
        "hand-written, same Game API",
        lambda: handwritten_game(ExplicitGame(tree), _tree_value, 6),
        visited,
        runs,
    )
    _, raw_visited = handwritten_tree(tree, 6)
    raw = measure("hand-written, raw tuples", lambda: handwritten_tree(tree, 6), raw_visited, runs)
    check_same([rows[1], api, raw])
    report("Uniform random tree, b = 5, d = 6", [*rows, api, raw], api)


def _tree_value(state: TreeState) -> float:
    return state.node.value


def bench_nim(runs: int) -> None:
    pile = 20
    rows = gamelib_rows(lambda: Nim(pile=pile), nim_estimate, pile, runs)
    value, visited = handwritten_game(Nim(pile=pile), nim_estimate, pile)
    assert value == WIN, "Nim from 20 is a win for Maxie"
    api = measure(
        "hand-written, same Game API",
        lambda: handwritten_game(Nim(pile=pile), nim_estimate, pile),
        visited,
        runs,
    )
    _, raw_visited = handwritten_nim(pile, pile)
    raw = measure(
        "hand-written, raw integers", lambda: handwritten_nim(pile, pile), raw_visited, runs
    )
    check_same([rows[1], api, raw])
    report(f"Nim from pile {pile}, searched to the end", [*rows, api, raw], api)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median)")
    options = parser.parse_args()
    print(
        f"medians of {options.runs} runs; ratio = time per position visited, "
        "relative to the hand-written loop over the same Game API"
    )
    bench_trees(options.runs)
    bench_nim(options.runs)


if __name__ == "__main__":
    main()
