"""Nim: rules, the perfect estimator against a brute-force solve, NimPlayer's strategy."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest

from gamelib import seq
from gamelib.core import Done, Game, Playing, Side, Winner, flip
from gamelib.core.datatypes import Outcome
from gamelib.games.nim import Nim, NimPlayer, NimState, nim_estimate, nim_estimator


def test_nim_satisfies_the_game_signature() -> None:
    g: Game[NimState, int] = Nim()
    assert g.start == NimState(15, Side.Maxie)


def test_rules() -> None:
    game = Nim()
    assert seq.to_list(game.moves(NimState(2, Side.Minnie))) == [1, 2]
    assert seq.to_list(game.moves(NimState(9, Side.Minnie))) == [1, 2, 3]
    assert game.play(NimState(3, Side.Maxie), 3) == Done(Winner(Side.Minnie))
    assert game.play(NimState(3, Side.Maxie), 2) == Playing(NimState(1, Side.Minnie))
    assert game.parse_move(NimState(2, Side.Maxie), "2") == 2
    assert game.parse_move(NimState(2, Side.Maxie), "3") is None
    assert game.parse_move(NimState(9, Side.Maxie), "0") is None
    assert game.parse_move(NimState(9, Side.Maxie), "two") is None
    assert game.state_to_string(NimState(4, Side.Minnie)) == "4 left, and it is Minnie's turn"


def test_pile_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1 pebble, got 0"):
        Nim(pile=0)


@functools.cache
def side_to_move_wins(pebbles: int) -> bool:
    """Brute force: with 0 left the other side took the last pebble and lost."""
    if pebbles == 0:
        return True
    return any(not side_to_move_wins(pebbles - m) for m in range(1, min(3, pebbles) + 1))


@pytest.mark.parametrize("pebbles", range(61))
@pytest.mark.parametrize("side", list(Side))
def test_estimator_agrees_with_brute_force(pebbles: int, side: Side) -> None:
    winner = side if side_to_move_wins(pebbles) else flip(side)
    assert nim_estimate(NimState(pebbles, side)) == (1 if winner is Side.Maxie else -1)
    est = nim_estimator(Nim())
    assert est.estimate(NimState(pebbles, side)) == nim_estimate(NimState(pebbles, side))


def every_game_against(game: Nim, hero: NimPlayer, hero_side: Side) -> Iterator[Outcome]:
    """Outcomes of every line where the opponent tries every legal move."""

    def go(state: NimState) -> Iterator[Outcome]:
        if state.side is hero_side:
            replies = [hero.next_move(state)]
        else:
            replies = seq.to_list(game.moves(state))
        for move in replies:
            assert move in seq.to_list(game.moves(state))
            match game.play(state, move):
                case Playing(next_state):
                    yield from go(next_state)
                case Done(outcome):
                    yield outcome

    yield from go(game.start)


@pytest.mark.parametrize("pile", range(1, 41))
def test_nim_player_never_loses_from_a_winning_position(pile: int) -> None:
    game = Nim(pile=pile)
    hero = NimPlayer(game)
    outcomes = list(every_game_against(game, hero, Side.Maxie))
    assert outcomes
    if side_to_move_wins(pile):
        assert all(o == Winner(Side.Maxie) for o in outcomes)
    else:
        # A losing start: the hero still plays only legal moves, and loses to perfect play.
        assert Winner(Side.Minnie) in outcomes


def test_nim_player_takes_two_from_fifteen() -> None:
    game = Nim()
    assert NimPlayer(game).next_move(game.start) == 2
