"""Root parallelism for Monte Carlo tree search: several trees grown from one position, each
with its own seed, on any executor, and merged by their visit counts.

Each worker grows a tree of its own from the position (no tree is shared, so nothing is
locked), with seeds `seed`, `seed + 1`, ...; the root's moves are then counted together:
visits and rewards added up, and a move proven by any tree proven for all (a proof is
exact whichever tree found it).  The move played is the same rule's as one tree's: a
proven win if there is one, else the most visited move that is not a proven loss.  The
answer depends on the seed and the number of trees only, never on the workers or the order
they finish in: the same on one process as on a Dask cluster.

```pycon
>>> from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
>>> def tictactoe():  # on workers: a maker defined in a module, so that it pickles
...     return tictactoe_estimator(TicTacToe())
>>> recipe = SearchRecipe(tictactoe, "mcts", 9, (("sims", 200),))
>>> found = grow_trees(recipe, TicTacToe().start, trees=3)
>>> found.simulations, len(found.children), found.move
(600, 9, 5)

```
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar, final

from gamelib.algorithms.mcts import ChildStats, MCTSPlayer, Simulated, chosen_move, simulate
from gamelib.core.datatypes import Done, Outcome
from gamelib.core.estimator import Definitely, Est, Guess
from gamelib.parallel.batch import Workers, run_batch
from gamelib.parallel.recipes import SearchRecipe

__all__ = ["TreeTask", "grow_trees", "merge_trees"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@final
@dataclass(frozen=True, slots=True)
class TreeTask(Generic[S, M, G]):
    """One tree of a root-parallel search: the recipe of an `mcts` player and the position;
    called with a seed, it grows the tree and answers with what its root learned."""

    recipe: SearchRecipe[S, M, G]
    """How to build the MCTS player anywhere (its kind must be `mcts`)."""
    state: S
    """The position every tree grows from."""

    def __call__(self, seed: int, /) -> Simulated[M, G]:
        player = self.recipe.player()
        if not isinstance(player, MCTSPlayer):
            raise ValueError(f"trees are grown by mcts players, not by {player}")
        settings = replace(player.settings, seed=seed)
        return simulate(settings, self.state)[0]


def grow_trees(
    recipe: SearchRecipe[S, M, G],
    state: S,
    *,
    trees: int,
    seed: int | None = None,
    on: cf.Executor | Workers | None = None,
) -> Simulated[M, G]:
    """`trees` trees grown from `state` by the MCTS player `recipe` builds, with seeds
    `seed`, `seed + 1`, ... (the player's own seed by default), on `on` (this process by
    default), merged by `merge_trees`."""
    count: object = trees
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"the number of trees must be a whole number >= 1, got {count!r}")
    player = recipe.player()
    if not isinstance(player, MCTSPlayer):
        raise ValueError(f"trees are grown by mcts players, not by {player}")
    first = player.settings.seed if seed is None else seed
    began = time.perf_counter()
    found: list[Simulated[M, G]] = []
    for result in run_batch(TreeTask(recipe, state), range(first, first + trees), on, ordered=True):
        if result.value is None:
            raise RuntimeError(f"a tree could not be grown: {result.error}")
        found.append(result.value)
    merged = merge_trees(player, state, found)
    return replace(merged, seconds=time.perf_counter() - began)


def merge_trees(
    player: MCTSPlayer[S, M, G], state: S, found: Sequence[Simulated[M, G]]
) -> Simulated[M, G]:
    """The trees' roots counted together (see the module); the line is that of the tree
    that visited the chosen move most."""
    if not found:
        raise ValueError("there are no trees to merge")
    game = player.game
    side = game.player(state)
    visits: dict[M, int] = {}
    wins: dict[M, float] = {}  # the score times the visits: the mover's total result
    proven: dict[M, Outcome] = {}
    for tree in found:
        for child in tree.children:
            visits[child.move] = visits.get(child.move, 0) + child.visits
            wins[child.move] = wins.get(child.move, 0.0) + child.score * child.visits
            if child.proven is not None:
                proven[child.move] = child.proven
    root_proven = next((t.proven for t in found if t.proven is not None), None)
    children = tuple(
        ChildStats(m, n, wins[m] / n if n else 0.5, proven.get(m)) for m, n in visits.items()
    )
    move = chosen_move(children, side, root_proven)
    best = next(c for c in children if c.move == move)
    value: Est[G]
    if root_proven is not None:
        value = Definitely(root_proven)
    else:
        after = game.play(state, move)
        if isinstance(after, Done):
            value = Definitely(after.outcome)
        else:
            value = Guess(player.estimator.estimate(after.state))
    line = max(
        (t for t in found if t.move == move),
        key=lambda t: next((c.visits for c in t.children if c.move == move), 0),
        default=found[0],
    ).line
    return Simulated(
        move,
        value,
        best.score,
        best.visits,
        sum(t.simulations for t in found),
        sum(t.positions for t in found),
        sum(t.seconds for t in found),
        line if line[:1] == (move,) else (move,),
        root_proven,
        children,
        "proven" if root_proven is not None else found[0].stopped,
    )
