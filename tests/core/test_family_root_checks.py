"""A game of chance or of n players whose `moves` gives a list, searched from Python: the
family searches check the root's moves as AlphaBeta does (max^n stopped with
"'list' object has no attribute '_show'"; expectiminimax searched the list as if it
were a Seq)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import pytest

from gamelib import seq
from gamelib.chance.expectiminimax import ChanceSettings, Expectiminimax, Star1, Star2
from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
from gamelib.core.contracts import ContractError
from gamelib.core.model import Vector
from gamelib.core.tree_games import TreeState
from gamelib.nplayer.game import NSettings
from gamelib.nplayer.maxn import MaxN, Paranoid, ShallowMaxN, ShallowSettings
from gamelib.nplayer.trees import CSE473, TreeGame, tree_estimator, utility_total

S_contra = TypeVar("S_contra", contravariant=True)


class Analyses(Protocol[S_contra]):
    def analyse(self, state: S_contra, /) -> object: ...


class ListCoin(ChanceTreeGame):  # type: ignore[misc]  # a final class, broken on purpose
    def moves(self, state: TreeState[float], /):  # type: ignore[no-untyped-def]  # breaks the contract on purpose
        return list(seq.to_tuple(super().moves(state)))


class ListTree(TreeGame):  # type: ignore[misc]  # a final class, broken on purpose
    def moves(self, state: TreeState[Vector], /):  # type: ignore[no-untyped-def]  # breaks the contract on purpose
        return list(seq.to_tuple(super().moves(state)))


@pytest.mark.parametrize("search", [Expectiminimax, Star1, Star2])
def test_a_chance_search_refuses_a_list_of_moves_at_its_root(
    search: Callable[[ChanceSettings[TreeState[float], int]], Analyses[TreeState[float]]],
) -> None:
    game = ListCoin(parse_chance_tree("a[?b[1/2: c1, 1/2: d0], e2]"))
    player = search(ChanceSettings(chance_tree_estimator(game), 2))
    with pytest.raises(ContractError, match=r"^ListCoin\.moves must return a Seq of moves .*list"):
        player.analyse(game.start)


def test_an_n_player_search_refuses_a_list_of_moves_at_its_root() -> None:
    game = ListTree(CSE473)
    estimator = tree_estimator(game)
    total = utility_total(CSE473)
    assert total is not None
    players: tuple[Analyses[TreeState[Vector]], ...] = (
        MaxN(NSettings(estimator, 2)),
        ShallowMaxN(ShallowSettings(estimator, 2, total)),
        Paranoid(NSettings(estimator, 2)),
    )
    for player in players:
        with pytest.raises(ContractError, match=r"^ListTree\.moves must return a Seq of moves"):
            player.analyse(game.start)
