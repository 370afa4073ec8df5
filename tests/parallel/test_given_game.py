"""`GivenGame`, the one maker of a game at hand: what its equality means for the recipes
keyed on it (a private maker shares nothing; shared makers of equal games share one
searcher and table a process)."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import cast

from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour
from gamelib.games.nim import Nim, NimState
from gamelib.parallel.frontier import WindowRecipe, split_solve
from gamelib.parallel.recipes import GivenGame


def small() -> ConnectFour:
    return ConnectFour(cols=4, rows=4, k=3)


def test_a_private_maker_is_equal_only_to_itself() -> None:
    mine, other = GivenGame(small()), GivenGame(small())
    assert mine == mine
    assert hash(mine) == hash(mine)
    assert mine != other
    assert mine != GivenGame(small(), shared=True)
    assert pickle.loads(pickle.dumps(mine)) != mine  # a copy on a worker is another maker
    assert mine() is mine.game


def test_shared_makers_of_equal_games_are_equal() -> None:
    one, two = GivenGame(small(), shared=True), GivenGame(small(), shared=True)
    assert one == two
    assert hash(one) == hash(two)
    assert pickle.loads(pickle.dumps(one)) == one
    assert one != GivenGame(ConnectFour(cols=5, rows=4, k=3), shared=True)
    assert GivenGame(small(), shared=True) != GivenGame(small())  # shared by both, or equal to none


def test_recipes_share_a_searcher_only_through_shared_makers() -> None:
    game = small()
    private = WindowRecipe(GivenGame(game), 1000), WindowRecipe(GivenGame(game), 1000)
    shared = WindowRecipe(GivenGame(game, shared=True), 1000)
    again = WindowRecipe(GivenGame(small(), shared=True), 1000)
    try:
        assert private[0].searcher() is not private[1].searcher()
        assert private[0].searcher() is private[0].searcher()  # one a recipe, task after task
        assert shared.searcher() is again.searcher()
    finally:
        for recipe in (*private, shared):
            recipe.release()


@dataclass(eq=True)
class Unhashable:
    """Nim, as a game whose class compares by value but cannot be hashed."""

    pile: int

    def __post_init__(self) -> None:
        self.nim = Nim(pile=self.pile)

    def __getattr__(self, name: str) -> object:
        return getattr(self.nim, name)


def test_a_private_maker_keys_a_game_that_cannot_be_hashed() -> None:
    game = Unhashable(9)
    as_game = cast(Game[NimState, int], game)  # Nim's moves and play, by delegation
    recipe = WindowRecipe(GivenGame(as_game), 100)
    try:
        assert recipe.searcher() is recipe.searcher()
        found = split_solve(recipe, game.nim.start, plies=1)
        expected = split_solve(WindowRecipe(GivenGame(Nim(pile=9)), 100), game.nim.start, plies=1)
        assert (found.value, found.best) == (expected.value, expected.best)
    finally:
        recipe.release()
