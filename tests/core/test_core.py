"""Datatypes, the controller and the human player."""

from __future__ import annotations

import io
from dataclasses import FrozenInstanceError, dataclass
from fractions import Fraction

import pytest

from gamelib.core import (
    EQUAL,
    GREATER,
    LESS,
    Done,
    Draw,
    HumanPlayer,
    IllegalMoveError,
    InputClosedError,
    Playing,
    RandomPlayer,
    Side,
    Winner,
    flip,
    referee,
)
from gamelib.core.datatypes import outcome_to_string
from gamelib.core.estimator import NumericEstimator
from gamelib.core.model import number_to_string, value_to_string
from gamelib.estimate import Definitely, Est, Guess, Settings, est_to_string, standard_compare
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.nim import Nim, NimPlayer, NimState, nim_estimator


def test_flip_and_strings() -> None:
    assert flip(Side.Maxie) is Side.Minnie
    assert flip(flip(Side.Minnie)) is Side.Minnie
    assert str(Winner(Side.Maxie)) == "Maxie wins"
    assert str(Draw()) == "a draw"
    assert str(Done(Draw())) == "Done: a draw"
    assert str(Playing(3)) == "Playing: 3"
    assert outcome_to_string(Winner(Side.Minnie)) == "Minnie wins!"
    assert outcome_to_string(Draw()) == "It's a draw!"
    assert {Winner(Side.Maxie), Winner(Side.Maxie), Draw(), Draw()} == {Winner(Side.Maxie), Draw()}
    assert str(LESS) == "LESS"


def test_standard_order_chain() -> None:
    chain: list[Est[float]] = [
        Definitely(Winner(Side.Minnie)),
        Guess(-1e9),
        Guess(-1),
        Guess(0),
        Guess(0.5),
        Guess(1e9),
        Definitely(Winner(Side.Maxie)),
    ]
    for i, a in enumerate(chain):
        for j, b in enumerate(chain):
            expected = LESS if i < j else GREATER if i > j else EQUAL
            assert standard_compare(a, b) is expected, (a, b)
    assert standard_compare(Guess(0), Definitely(Draw())) is EQUAL
    assert standard_compare(Definitely(Draw()), Guess(-0.1)) is GREATER


def test_est_strings() -> None:
    est = nim_estimator(Nim())
    assert est_to_string(est, Guess(3.0)) == "Guess 3"
    assert est_to_string(est, Guess(2.5)) == "Guess 2.5"
    assert est_to_string(est, Definitely(Winner(Side.Minnie))) == "Definitely Minnie wins"
    assert est_to_string(est, Definitely(Draw())) == "Definitely a draw"


@pytest.mark.parametrize("depth", [0, -3])
def test_settings_rejects_depth_below_one(depth: int) -> None:
    with pytest.raises(ValueError, match=f"at least 1, got {depth}"):
        Settings(nim_estimator(Nim()), depth)


def test_settings_rejects_non_integer_depth() -> None:
    with pytest.raises(TypeError, match="whole number"):
        Settings(nim_estimator(Nim()), True)


class FakeClock:
    """Each call advances by 0.25 s, so move timings are exact."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.25
        return self.now


def test_controller_transcript_is_exact() -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    record = referee(game, NimPlayer(game), NimPlayer(game), out=out, clock=FakeClock())
    assert record.outcome == Winner(Side.Minnie)
    assert record.moves == (1, 3, 1)
    assert out.getvalue() == (
        "5 left, and it is Maxie's turn\n"
        "Maxie decides to make the move 1 (0.25 s)\n"
        "\n"
        "4 left, and it is Minnie's turn\n"
        "Minnie decides to make the move 3 (0.25 s)\n"
        "\n"
        "1 left, and it is Maxie's turn\n"
        "Maxie decides to make the move 1 (0.25 s)\n"
        "\n"
        "0 left\n"
        "Game over! Minnie wins!\n"
    )


def test_controller_starts_where_asked() -> None:
    game = Nim()
    out = io.StringIO()
    record = referee(
        game, NimPlayer(game), NimPlayer(game), out=out, start=NimState(2, Side.Minnie)
    )
    assert record.moves == (1, 1)
    assert record.outcome == Winner(Side.Minnie)


@dataclass
class Cheater:
    """A player that always takes 3, legal or not."""

    game: Nim

    def __str__(self) -> str:
        return "Cheater"

    def next_move(self, state: NimState, /) -> int:
        return 3


@dataclass
class ColumnNine:
    """A Connect Four player that always plays column 9, which the board does not have."""

    game: ConnectFour

    def next_move(self, state: ConnectFourState, /) -> int:
        return 9


def test_controller_stops_an_illegal_move_with_a_clear_error() -> None:
    game = Nim(pile=2)
    with pytest.raises(IllegalMoveError) as caught:
        referee(game, Cheater(game), NimPlayer(game), out=io.StringIO())
    assert str(caught.value) == (
        "Maxie's player Cheater chose the illegal move '3' in the state "
        "'2 left, and it is Maxie's turn' (legal moves: 1, 2)"
    )


def test_the_controller_lists_the_legal_moves_in_board_order() -> None:
    game = ConnectFour()  # whose moves come in the order searches try them: 4, 3, 5, ...
    with pytest.raises(IllegalMoveError, match=r"\(legal moves: 1, 2, 3, 4, 5, 6, 7\)$"):
        referee(game, ColumnNine(game), ColumnNine(game), out=io.StringIO())


def test_human_player_reprompts_until_legal() -> None:
    game = Nim(pile=2)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("three\n3\n\n 2 \n"), output=out)
    assert human.next_move(game.start) == 2
    assert out.getvalue() == (
        "Maxie, please type your move: 'three' is not a legal move here; legal moves: 1, 2\n"
        "Maxie, please type your move: '3' is not a legal move here; legal moves: 1, 2\n"
        "Maxie, please type your move: '' is not a legal move here; legal moves: 1, 2\n"
        "Maxie, please type your move: "
    )


def test_human_player_end_of_input_is_a_clean_stop() -> None:
    game = Nim()
    human = HumanPlayer(game, input=io.StringIO("x\n"), output=io.StringIO())
    with pytest.raises(InputClosedError, match="input ended while waiting for Maxie"):
        human.next_move(game.start)


def test_human_player_ctrl_c_is_a_clean_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(limit: int = -1) -> str:
        raise KeyboardInterrupt

    keyboard = io.StringIO()
    monkeypatch.setattr(keyboard, "readline", interrupt)
    game = Nim()
    human = HumanPlayer(game, input=keyboard, output=io.StringIO())
    with pytest.raises(InputClosedError, match="Maxie interrupted"):
        human.next_move(game.start)


def test_human_against_nim_player_full_game() -> None:
    game = Nim(pile=6)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("1\n3\n"), output=out)
    record = referee(game, human, NimPlayer(game), out=out, clock=lambda: 0.0)
    # The human leaves 5 (= 4k+1) and then 1, so NimPlayer has to take the last pebble.
    assert record.moves == (1, 1, 3, 1)
    assert record.outcome == Winner(Side.Maxie)


def test_random_player_is_reproducible_and_legal() -> None:
    game = Nim(pile=30)
    outs = []
    for _ in range(2):
        a, b = RandomPlayer(game, seed=11), RandomPlayer(game, seed=12)
        outs.append(referee(game, a, b, out=io.StringIO()).moves)
    assert outs[0] == outs[1]
    assert sum(outs[0]) == 30
    different = referee(
        game, RandomPlayer(game, seed=1), RandomPlayer(game, seed=2), out=io.StringIO()
    )
    assert different.moves != outs[0]


def test_playing_is_a_frozen_value_with_its_own_init() -> None:
    # Playing's __init__ sets its slot directly (see core/datatypes.py); the dataclass's
    # other methods must hold as if the dataclass had made it.
    status = Playing((1, 2))
    assert status.state == (1, 2)
    assert status == Playing((1, 2))
    assert status != Playing((2, 1))
    assert hash(status) == hash(Playing((1, 2)))
    assert repr(status) == "Playing(state=(1, 2))"
    assert str(status) == "Playing: (1, 2)"
    match status:
        case Playing(state):
            assert state == (1, 2)
    with pytest.raises(FrozenInstanceError):
        status.state = (3, 4)  # type: ignore[misc]  # the point: a frozen field refuses
    with pytest.raises(TypeError):
        Playing()  # type: ignore[call-arg]  # the point: the state is required


def test_a_numeric_estimators_guess_reads_as_every_number_does() -> None:
    # An average of numeric guesses is a Fraction: it reads as model.number_to_string writes
    # it (once a Fraction raised AttributeError here, the estimator having its own rule).
    pebbles = NumericEstimator(Nim(), lambda state: state.pebbles)
    third = pebbles.average([(Fraction(1, 3), 1), (Fraction(2, 3), 0)])
    whole = pebbles.average([(Fraction(1, 3), 3), (Fraction(2, 3), 0)])
    assert (str(third), whole) == ("1/3", 1)  # exact: Fractions
    shown = [pebbles.guess_to_string(g) for g in (third, whole, 3, 2.0, 2.5, -0.0)]
    assert shown == ["1/3", "1", "3", "2", "2.5", "0"]


def test_a_value_reads_exact_when_short_and_as_a_decimal_when_long() -> None:
    # Pig's value at the start, 5 deep, was written as a fraction of 39 characters.
    long = Fraction(1319377113597752303, 2077331750506172160)
    assert value_to_string(long) == value_to_string(long, decimal=False) == "about 0.6351"
    assert value_to_string(Fraction(6109, 7560)) == "6109/7560 (about 0.8081)"  # 9: exact
    assert value_to_string(Fraction(61090, 75601)) == "about 0.8081"  # 11: a decimal
    assert value_to_string(Fraction(5, 6), decimal=False) == "5/6"
    assert [value_to_string(x) for x in (Fraction(4, 2), 3, 0.25, -0.0)] == ["2", "3", "0.25", "0"]
    assert value_to_string((Fraction(1, 2), long, 0)) == "(1/2,about 0.6351,0)"
    assert number_to_string(long) == "1319377113597752303/2077331750506172160"  # for JSON
