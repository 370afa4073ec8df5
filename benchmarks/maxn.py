"""What shallow pruning saves: leaves evaluated by MaxN and ShallowMaxN, side by side.

    python benchmarks/maxn.py            # the CSE 473 tree, take-away, random trees
    python benchmarks/maxn.py --trees 50 # more random trees per row

For each case the script checks that both searches return the same move and
vector, then prints the leaves each evaluated (estimates and finished games),
the share shallow pruning saved, and, for comparison, the leaves the paranoid
reduction costs under AlphaBeta (a different question with a different
answer: it prunes far more because it is a two-player search).
Random trees are uniform, three players, every vector a random split of 10
(seed 2026); their rows add up the leaves over ``--trees`` trees.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from gamelib.core.tree_games import random_tree
from gamelib.core.trees import Node
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer import (
    CSE473,
    MaxN,
    NSettings,
    ShallowMaxN,
    ShallowSettings,
    TreeGame,
    Vector,
    count_leaves,
    paranoid_settings,
    tree_estimator,
)
from gamelib.search.events import Leave

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    case: str
    plain: int
    shallow: int
    paranoid: int


def paranoid_leaves(settings: NSettings[S, M], state: S) -> int:
    """Positions AlphaBeta estimates on the paranoid game of the player to move at ``state``."""
    count = [0]

    def observe(event: object) -> None:
        if isinstance(event, Leave) and event.best is None:
            count[0] += 1

    me = settings.estimator.game.player(state)
    AlphaBeta(paranoid_settings(settings, me), observer=observe).analyse(state)
    return count[0]


def measure(case: str, plain: NSettings[S, M], total: int) -> Row:
    start = plain.estimator.game.start
    move, vector, leaves = count_leaves(MaxN, plain, start)
    shallow = ShallowSettings(plain.estimator, plain.search_depth, total)
    cut_move, cut_vector, cut_leaves = count_leaves(ShallowMaxN, shallow, start)
    if (cut_move, cut_vector) != (move, vector):
        raise SystemExit(f"{case}: shallow pruning changed the result, {cut_vector} != {vector}")
    return Row(case, leaves, cut_leaves, paranoid_leaves(plain, start))


def split(rng: random.Random, n: int, total: int) -> Vector:
    cuts = sorted(rng.randint(0, total) for _ in range(n - 1))
    points = [0, *cuts, total]
    return tuple(b - a for a, b in itertools.pairwise(points))


def uniform_tree(rng: random.Random, b: int, d: int) -> Node[Vector]:
    return random_tree(rng, d, lambda r: split(r, 3, 10), moves=b)


def rows(trees: int) -> Iterator[Row]:
    yield measure("CSE 473 tree, depth 3", NSettings(tree_estimator(TreeGame(CSE473)), 3), 10)
    for pile, depth in [(10, 6), (14, 8), (18, 10)]:
        game = TakeAway(pile=pile)
        settings = NSettings(takeaway_estimator(game), depth)
        yield measure(f"take-away {pile}, depth {depth}", settings, 1)
    rng = random.Random(2026)
    for b, d in [(3, 6), (4, 5), (6, 4)]:
        total = Row(f"{trees} random trees b={b} d={d}", 0, 0, 0)
        for _ in range(trees):
            tree = uniform_tree(rng, b, d)
            one = measure("", NSettings(tree_estimator(TreeGame(tree)), d), 10)
            total = Row(
                total.case,
                total.plain + one.plain,
                total.shallow + one.shallow,
                total.paranoid + one.paranoid,
            )
        yield total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=20, help="random trees per row (20)")
    args = parser.parse_args()
    header = f"{'case':<32} {'MaxN':>9} {'shallow':>9} {'saved':>7} {'paranoid αβ':>12}"
    print(header)
    print("-" * len(header))
    for row in rows(args.trees):
        saved = 1 - row.shallow / row.plain
        print(f"{row.case:<32} {row.plain:>9,} {row.shallow:>9,} {saved:>7.1%} {row.paranoid:>12,}")


if __name__ == "__main__":
    main()
