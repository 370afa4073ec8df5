"""`gamelib list` says the games of each family it knows in this run, and its sentences
take the right article ("an n-player search")."""

from __future__ import annotations

from gamelib.catalog import CATALOGS
from gamelib.cli.games import GAME_CATALOG
from gamelib.nplayer.kinds import NPlayerKind
from tests.broken_families import COINS, THREES
from tests.runner import run


def test_the_headings_of_list_name_the_games_of_each_family_it_knows() -> None:
    status, out, err = run("list")
    assert (status, err) == (0, "")
    assert "Player kinds for games of chance (pig; human and random too):\n" in out
    assert (
        "Player kinds for games of n players (takeaway; --player1 .. --playerN; human and "
        "random too):\n"
    ) in out
    games = GAME_CATALOG.with_game(COINS.ok).with_game(THREES.ok)
    status, out, err = run("list", games=games)
    assert (status, err) == (0, "")
    assert "Player kinds for games of chance (coin-ok, pig; human and random too):\n" in out
    assert (
        "Player kinds for games of n players (takeaway, three-ok; --player1 .. --playerN; "
        "human and random too):\n"
    ) in out


def test_a_kind_of_n_players_named_as_a_two_player_one_is_said_with_an() -> None:
    catalogs = CATALOGS.with_kind(
        NPlayerKind("alphabeta", "a clash", CATALOGS.n_player["maxn"].build)
    )
    assert run("list", catalog=catalogs) == (
        2,
        "",
        "gamelib: the search kind 'alphabeta' is both a two-player and an n-player search\n",
    )
