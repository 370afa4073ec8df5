"""A search and a game of one's own in each family, each added with one line
(tests/extending.py): the searches agree with what they must on generated trees, and searches
and games play, analyse, trace and are listed through the command line as the shipped ones
are."""

from __future__ import annotations

import io
import json
from fractions import Fraction

from hypothesis import given, settings

from gamelib.catalog import CATALOGS
from gamelib.chance.expectiminimax import ChanceSettings, Expectiminimax
from gamelib.chance.trees import EXAMPLE, ChanceTreeGame, chance_tree_estimator
from gamelib.cli import main
from gamelib.cli.games import GAME_CATALOG
from gamelib.core.trees import Node
from gamelib.nplayer.game import NSettings, Vector
from gamelib.nplayer.maxn import MaxN
from gamelib.nplayer.trees import CSE473, TreeGame, tree_estimator
from tests.extending import (
    COIN_RACE,
    EXPECTIMAX_KIND,
    SPLIT_THE_POT,
    UTILITARIAN_KIND,
    Expectimax,
    Utilitarian,
)
from tests.strategies.chance import chance_trees_and_depths
from tests.strategies.nplayer import nplayer_trees

CATALOGS_OF_MINE = CATALOGS.with_kind(EXPECTIMAX_KIND).with_kind(UTILITARIAN_KIND)
"""The shipped catalogs and the two kinds of tests/extending.py: one line."""


def test_expectimax_averages_minnie_s_moves_on_the_handout_tree() -> None:
    est = chance_tree_estimator(ChanceTreeGame(EXAMPLE))
    start = est.game.start
    # c = (3+5)/2, f = (-1+4)/2, so b = 11/4; j = 1, m = 3/2, so i = 5/4.
    assert Expectimax(ChanceSettings(est, 2)).analyse(start) == (0, Fraction(11, 4))
    assert Expectiminimax(ChanceSettings(est, 2)).analyse(start) == (0, 1)


@settings(max_examples=150, deadline=None)
@given(chance_trees_and_depths())
def test_expectimax_is_never_below_expectiminimax(tree_and_depth: tuple[Node[float], int]) -> None:
    """Averaging Minnie's moves gives at least their minimum, everywhere below the root."""
    tree, depth = tree_and_depth
    est = chance_tree_estimator(ChanceTreeGame(tree))
    mine = Expectimax(ChanceSettings(est, depth)).analyse(est.game.start)[1]
    theirs = Expectiminimax(ChanceSettings(est, depth)).analyse(est.game.start)[1]
    assert mine >= theirs


def test_utilitarian_takes_the_first_of_equal_sums_on_the_cse473_tree() -> None:
    est = tree_estimator(TreeGame(CSE473))  # every vector adds up to 10: all tie
    assert Utilitarian(NSettings(est, 3)).analyse(est.game.start) == (0, (3, 2, 5))


@settings(max_examples=150, deadline=None)
@given(nplayer_trees())
def test_utilitarian_reaches_the_best_sum_and_never_less_than_maxn(
    tree_and_depth: tuple[Node[Vector], int],
) -> None:
    tree, depth = tree_and_depth
    est = tree_estimator(TreeGame(tree))
    start = est.game.start
    mine = Utilitarian(NSettings(est, depth)).analyse(start)[1]
    theirs = MaxN(NSettings(est, depth)).analyse(start)[1]
    assert sum(mine) >= sum(theirs)


def _run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err, catalog=CATALOGS_OF_MINE)
    assert (status, err.getvalue()) == (0, "")
    return out.getvalue()


def test_a_kind_of_one_s_own_is_listed_analyses_and_traces_in_each_family() -> None:
    listed = _run("list")
    assert "expectimax     Maxie maximises, Minnie at random, expectimax:DEPTH" in listed
    assert "utilitarian    each takes the best sum for all, utilitarian:DEPTH" in listed
    analysed = _run("analyse", "tree", "--tree", "chance-example", "--player", "expectimax:2")
    assert analysed.endswith(
        "Expectimax(depth 2) chooses 0 for Maxie; value: 11/4 (about 2.7500)\n"
    )
    assert _run("analyse", "takeaway", "--pile", "5", "--player", "utilitarian:3").endswith(
        "Utilitarian(depth 3) chooses 1 for A; value: (1,0,0)\n"
    )
    for tree, kind, player in (
        ("chance-example", "expectimax:2", "Expectimax(depth 2)"),
        ("cse473-3p", "utilitarian:3", "Utilitarian(depth 3)"),
    ):
        lines = [json.loads(line) for line in _run("trace", tree, "--player", kind, "--json")
                 .splitlines()]  # fmt: skip
        assert lines[-1]["event"] == "done"
        assert lines[-1]["player"] == player
        text = _run("trace", tree, "--player", kind)
        assert f"{lines[-1]['positions']} positions visited (root included)" in text


def test_a_kind_of_one_s_own_plays_a_match() -> None:
    out = _run("match", "--game", "takeaway", "utilitarian:2", "maxn:2", "random",
               "--games", "3", "--seed", "5")  # fmt: skip
    rows = {line.split()[1]: line.split()[2:] for line in out.splitlines()[2:] if line}
    assert set(rows) == {"utilitarian:2", "maxn:2", "random"}
    assert all(row[0] == "3" for row in rows.values())  # three games each, none faulted
    assert all(row[-1] == "0" for row in rows.values())


GAMES_OF_MINE = GAME_CATALOG.with_game(COIN_RACE).with_game(SPLIT_THE_POT)
"""The shipped games and the two of tests/extending.py: one line."""


def _play(*argv: str) -> str:
    """What `gamelib ARGV` writes with the games of mine; with `--json`, the game is shown on
    standard error and only the JSON is on standard output."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err, games=GAMES_OF_MINE)
    assert status == 0
    assert "--json" in argv or err.getvalue() == ""
    return out.getvalue()


def test_a_game_of_chance_of_one_s_own_analyses_plays_and_matches() -> None:
    assert _play("analyse", "coinrace", "--depth", "3").splitlines() == [
        "Maxie 0, Minnie 0: Maxie",
        "Expectiminimax(depth 3) chooses step for Maxie; value: 1",
    ]
    game = json.loads(_play("play", "coinrace", "--maxie", "star2:2", "--minnie", "random",
                            "--seed", "3", "--json"))  # fmt: skip
    assert game["finished"] is True
    assert set(game["rolls"]) <= {0, 1}  # heads or tails, by their index
    assert game["moves"].count("flip") == len(game["rolls"])  # each flip is rolled once
    matched = _play("match", "--game", "coinrace", "star2:2", "expectiminimax:1",
                    "--games", "4", "--seed", "2")  # fmt: skip
    assert "Score of star2:2 vs expectiminimax:1:" in matched


def test_a_game_of_n_players_of_one_s_own_analyses_plays_traces_and_matches() -> None:
    # A takes 1 and the rest split 3 2 2 with the pot's even share as the guess below depth 4.
    assert _play("analyse", "split", "--player", "shallow-maxn:4").splitlines() == [
        "7 left, taken (0, 0, 0), A to take",
        "ShallowMaxN(depth 4, total 7) chooses 1 for A; value: (3,2,2)",
    ]
    game = json.loads(_play("play", "split", "--player1", "maxn:2", "--player2", "random",
                            "--player3", "paranoid:2", "--seed", "1", "--json"))  # fmt: skip
    assert sum(game["results"]) == 7  # the whole pot, shared
    traced = _play("trace", "--game", "split", "--player", "shallow-maxn:2", "--json")
    done = json.loads(traced.splitlines()[-1])
    assert (done["player"], done["positions"]) == ("ShallowMaxN(depth 2, total 7)", 7)
    matched = _play("match", "--game", "split", "maxn:2", "shallow-maxn:3", "random",
                    "--games", "3", "--seed", "2")  # fmt: skip
    assert "rank  player" in matched
