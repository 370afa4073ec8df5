"""Star1 and Star2 against expectiminimax: leaves evaluated on a fixed generated set, and Pig.

    python benchmarks/chance.py            # 200 trees of each shape (seed 1983), Pig to 20
    python benchmarks/chance.py --trees 50 # fewer trees

- **trees**: regular \\*-minimax trees as in Ballard's paper (Maxie, chance,
  Minnie, chance, ...) from ``gamelib.core.tree_games.random_tree``, with
  whole leaf values in [-10, 10] and random fractional probabilities.  For
  each shape (depth in moves, moves per position, outcomes per roll) the
  three searches run on the same trees; every value and move is checked to be
  the same, and the table gives the total leaves evaluated and the share
  Star1 and Star2 saved.
- **pig**: the same three searches from the start of Pig to 20 with the race
  estimator, at depths 1-4; leaves, and seconds for one search.
"""

from __future__ import annotations

import argparse
import random
import time

from gamelib.chance import (
    ChanceFactory,
    ChanceSettings,
    ChanceTreeGame,
    Expectiminimax,
    Star1,
    Star2,
    chance_tree_estimator,
    count_leaves,
)
from gamelib.core.tree_games import TreeState, random_tree
from gamelib.games.pig import Pig, PigMove, PigState, pig_estimator

SHAPES = [(1, 3, 3), (2, 3, 3), (2, 4, 6), (3, 3, 3), (3, 2, 6)]
"""(depth in moves, moves per decision position, outcomes per chance position)."""

TREES: list[ChanceFactory[TreeState[float], int]] = [Expectiminimax, Star1, Star2]
PIGS: list[ChanceFactory[PigState, PigMove]] = [Expectiminimax, Star1, Star2]


def saved(part: int, whole: int) -> str:
    return f"{100 * (whole - part) / whole:5.1f}%"


def trees(count: int, seed: int) -> None:
    rng = random.Random(seed)
    print(f"Leaves evaluated on {count} random regular trees per shape (seed {seed})")
    print()
    print("| depth | moves | outcomes | Expectiminimax | Star1 | saved | Star2 | saved |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    grand = [0, 0, 0]
    for depth, moves, outcomes in SHAPES:
        totals = [0, 0, 0]
        for _ in range(count):
            tree = random_tree(
                rng, depth, lambda r: r.randint(-10, 10), moves=moves, outcomes=outcomes
            )
            est = chance_tree_estimator(ChanceTreeGame(tree))
            results = [count_leaves(f, ChanceSettings(est, depth)) for f in TREES]
            if len({r[:2] for r in results}) != 1:
                raise SystemExit(f"the searches disagree on a tree: {results}")
            for i, result in enumerate(results):
                totals[i] += result[2]
        grand = [g + t for g, t in zip(grand, totals, strict=True)]
        plain, one, two = totals
        print(
            f"| {depth} | {moves} | {outcomes} | {plain} | {one} | {saved(one, plain)} "
            f"| {two} | {saved(two, plain)} |"
        )
    plain, one, two = grand
    print(f"| all | | | {plain} | {one} | {saved(one, plain)} | {two} | {saved(two, plain)} |")


def pig(target: int) -> None:
    game = Pig(target=target)
    print()
    print(f"Pig to {target}, from the start, race estimator: leaves (seconds)")
    print()
    print("| depth | Expectiminimax | Star1 | Star2 | value |")
    print("|---:|---:|---:|---:|---:|")
    for depth in range(1, 5):
        cells = []
        value = None
        for factory in PIGS:
            began = time.perf_counter()
            _, value, leaves = count_leaves(factory, ChanceSettings(pig_estimator(game), depth))
            cells.append(f"{leaves} ({time.perf_counter() - began:.2f})")
        print(f"| {depth} | {' | '.join(cells)} | {float(value or 0):.4f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--trees", type=int, default=200, help="trees per shape (200)")
    parser.add_argument("--seed", type=int, default=1983, help="random seed (1983)")
    parser.add_argument("--target", type=int, default=20, help="Pig's target (20)")
    args = parser.parse_args()
    trees(args.trees, args.seed)
    pig(args.target)


if __name__ == "__main__":
    main()
