"""Matches played by the library: pairs, colours, openings, seeds, faults, SPRT, workers."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import AlphaBeta, Settings, seq
from gamelib.core.controller import Chooses, TwoPlayers
from gamelib.core.game import Game
from gamelib.core.random_player import RandomPlayer
from gamelib.games.nim import Nim, NimState
from gamelib.games.pig import Pig
from gamelib.games.takeaway import TakeAway, TakeAwayState
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.match.play import (
    ChanceGames,
    MatchError,
    NPlayerGames,
    TwoPlayerGames,
    play_match,
    random_openings,
    seat_orders,
)
from gamelib.match.stats import Sprt
from gamelib.nplayer.game import NPlayerGame
from gamelib.parallel.batch import Workers


def searcher(game: Game[TicTacToeState, int], seed: int | None) -> Chooses[TicTacToeState, int]:
    return AlphaBeta(Settings(tictactoe_estimator(game), 4))


def chancer(game: Game[TicTacToeState, int], seed: int | None) -> RandomPlayer[TicTacToeState, int]:
    return RandomPlayer(game, seed=seed)


GAMES = TwoPlayerGames(TicTacToe, searcher, chancer)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alphabeta_at_depth_4_never_loses_a_tictactoe_match_to_random(seed: int) -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 1, 5, seed)
    match = play_match(GAMES, openings, 5, seed=seed)
    t = match.trinomial
    assert t.games == 10
    assert t.wins > t.losses
    assert match.estimate.score > 0.5


def test_pairs_share_their_opening_and_swap_colours() -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 2, 4, 7)
    assert len({o for o in openings}) == 4  # different openings while there are enough
    match = play_match(GAMES, openings, 4, seed=7)
    for p in range(4):
        first, second = match.games[2 * p], match.games[2 * p + 1]
        assert (first.pair, second.pair, first.a_first, second.a_first) == (p, p, True, False)
        assert first.opening == second.opening == openings[p]
        assert first.moves[:2] == openings[p]


def test_the_same_seed_plays_the_same_match() -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 1, 3, 11)
    one = play_match(GAMES, openings, 3, seed=11)
    two = play_match(GAMES, openings, 3, seed=11)
    assert one.games == two.games
    other = play_match(GAMES, openings, 3, seed=12)
    assert [g.moves for g in other.games] != [g.moves for g in one.games]


def _broken(game: Nim, seed: int | None) -> object:
    def choose(state: NimState) -> int:
        if state.pebbles < 5:
            raise RuntimeError("out of ideas")
        return 1

    return choose


def _cheat(game: Nim, seed: int | None) -> object:
    return lambda state: 7  # never a legal move: Nim takes 1 to 3


def _steady(game: Nim, seed: int | None) -> object:
    return lambda state: 1


def test_a_player_that_breaks_loses_the_game_not_the_match() -> None:
    games = TwoPlayerGames(lambda: Nim(pile=9), _broken, _steady)  # type: ignore[arg-type]  # plain functions as seats
    match = play_match(games, [()], 2, names=("broken", "steady"))
    assert [g.result for g in match.games] == ["loss"] * 4
    assert len(match.faults) == 4
    fault = match.faults[0].fault
    assert fault is not None
    assert "raised RuntimeError: out of ideas" in fault
    cheat = play_match(TwoPlayerGames(lambda: Nim(pile=9), _steady, _cheat), [()], 1)  # type: ignore[arg-type]  # plain functions as seats
    assert [g.result for g in cheat.games] == ["win", "win"]
    said = cheat.games[0].fault
    assert said is not None
    assert "Minnie's player chose the illegal move '7' in the state '8 left" in said


def test_an_sprt_stops_the_match_as_soon_as_it_is_sure() -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 2, 50, 3)
    match = play_match(GAMES, openings, 50, seed=3, sprt=Sprt(0, 300))
    assert match.verdict == "H1"
    assert len(match.games) < 100
    assert len(match.games) % 2 == 0


def test_a_match_on_workers_is_the_serial_match() -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 1, 4, 5)
    serial = play_match(GAMES, openings, 4, seed=5)
    pool = Workers(lambda: ProcessPoolExecutor(2), 4, "2 local processes")
    parallel = play_match(GAMES, openings, 4, seed=5, workers=pool)
    assert parallel.games == serial.games


def pig_player(game: Pig, seed: int | None) -> object:
    rng = random.Random(seed)
    return lambda state: rng.choice(seq.to_tuple(game.moves(state)))


def test_games_of_chance_roll_the_same_dice_in_both_games_of_a_pair() -> None:
    games = ChanceGames(lambda: Pig(target=20), pig_player, pig_player)  # type: ignore[arg-type]  # plain functions as seats
    match = play_match(games, [()], 3, seed=4)
    for p in range(3):
        first, second = match.games[2 * p].rolls, match.games[2 * p + 1].rolls
        shared = min(len(first), len(second))
        assert shared > 3
        assert first[:shared] == second[:shared]
    assert match.games[0].rolls[:5] != match.games[2].rolls[:5]


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ValueError, match="a match needs at least 1 pair of games, got 0"):
        play_match(GAMES, [()], 0)
    with pytest.raises(MatchError, match="no line of 9 random moves was found"):
        random_openings(TwoPlayers(TicTacToe()), 9, 1, 1)


def takeaway_first(game: NPlayerGame[TakeAwayState, int], seed: int | None) -> object:
    return lambda state: seq.to_tuple(game.moves(state))[0]


def takeaway_last(game: NPlayerGame[TakeAwayState, int], seed: int | None) -> object:
    return lambda state: seq.to_tuple(game.moves(state))[-1]


def takeaway_broken(game: NPlayerGame[TakeAwayState, int], seed: int | None) -> object:
    def choose(state: TakeAwayState) -> int:
        raise ValueError("no")

    return choose


def test_n_players_rotate_through_the_seats() -> None:
    games = NPlayerGames(
        lambda: TakeAway(pile=7),
        (takeaway_first, takeaway_last, takeaway_first),  # type: ignore[arg-type]  # plain functions as seats
    )
    match = play_match(games, [()], 2, names=("first", "last", "first again"), seed=1)
    # each rotation: the three turns of its order round the table; the two orders there are
    assert [g.seats for g in match.games] == [
        (0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2),
    ]  # fmt: skip
    again = play_match(games, [()], 2, names=("first", "last", "first again"), seed=1)
    assert [g.seats for g in again.games] == [g.seats for g in match.games]
    for played in match.games:
        assert sorted(played.scores) == [0.0, 0.0, 1.0]  # take-away: one winner
        assert sorted(played.ranks) == [1.0, 2.5, 2.5]  # the others share places 2 and 3
    table = match.table()
    assert sum(row.points for row in table) == 6
    assert [row.games for row in table] == [6, 6, 6]
    assert table[0].points >= table[1].points >= table[2].points


@given(st.integers(3, 5), st.integers(1, 60), st.integers(0, 2**32))
def test_every_order_round_the_table_comes_once_before_any_comes_again(
    n: int, rotations: int, seed: int
) -> None:
    orders = seat_orders(n, rotations, seed)
    assert len(orders) == rotations
    assert orders == seat_orders(n, rotations, seed)  # the seed decides them
    count = math.factorial(n - 1)
    everyone = {(0, *rest) for rest in itertools.permutations(range(1, n))}
    for start in range(0, rotations, count):
        block = orders[start : start + count]
        assert len(set(block)) == len(block)
        assert set(block) <= everyone
    # who sits right after whom: equally often in every whole block of (n - 1)! rotations
    whole = orders[: rotations - rotations % count]
    after = Counter((o[i], o[(i + 1) % n]) for o in whole for i in range(n))
    assert set(after.values()) <= {len(whole) // (n - 1)}
    # every player in every seat once a rotation
    seats = Counter(
        (o[(seat + shift) % n], seat) for o in orders for shift in range(n) for seat in range(n)
    )
    assert set(seats.values()) == {rotations}


def test_two_players_keep_their_pairs() -> None:
    assert seat_orders(2, 3, 5) == seat_orders(2, 3, None) == [(0, 1)] * 3


def test_an_n_player_fault_loses_the_game_and_the_others_share_it() -> None:
    games = NPlayerGames(
        lambda: TakeAway(pile=7),
        (takeaway_first, takeaway_broken, takeaway_last),  # type: ignore[arg-type]  # plain functions as seats
    )
    match = play_match(games, [()], 1)
    assert all(g.faulted == 1 for g in match.games)
    assert all(g.scores == (0.5, 0.0, 0.5) for g in match.games)
    broken = next(row for row in match.table() if row.player == 1)
    assert (broken.points, broken.faults, broken.mean_rank) == (0.0, 3, 3.0)


def test_a_match_shows_itself_as_a_table() -> None:
    openings = random_openings(TwoPlayers(TicTacToe()), 1, 2, 1)
    match = play_match(GAMES, openings, 2, seed=1, names=("ab", "rnd"))
    page = match._repr_html_()
    cells = [c.split("</td>")[0] for c in page.split("<td>")[1:]]
    t = match.trinomial
    assert page.startswith("<table><caption>ab vs rnd</caption>")
    assert cells[:4] == [
        "games",
        "4 of 4",
        "ab: wins - losses - draws",
        f"{t.wins} - {t.losses} - {t.draws}",
    ]
    games = NPlayerGames(
        lambda: TakeAway(pile=7),
        (takeaway_first, takeaway_last, takeaway_first),  # type: ignore[arg-type]  # plain functions as seats
    )
    table = play_match(games, [()], 1, names=("first", "last<b>", "again"))._repr_html_()
    assert "<th>mean rank</th>" in table
    assert "last&lt;b&gt;" in table  # names are escaped
    two = NPlayerGames(lambda: TakeAway(pile=7, players=2), (takeaway_first, takeaway_last))  # type: ignore[arg-type]  # plain functions as seats
    pair = play_match(two, [()], 1, names=("first", "last"))
    assert pair._repr_html_().startswith("<table><caption>first vs last</caption>")
    # From 7, taking the most wins from either seat: A (the first move each time) loses both.
    assert [g.result for g in pair.games] == ["loss", "loss"]
    # B scored every point: the Elo difference is said in words, not as "-inf ± inf".
    assert (
        "<td>Elo difference</td><td>no lower bound (every point to B): 95% interval 301.5 and "
        "down</td>" in pair._repr_html_()
    )
    assert [g.scores for g in pair.games] == [(0.0, 1.0), (0.0, 1.0)]
