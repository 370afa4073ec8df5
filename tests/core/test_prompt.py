"""The prompt a person plays at: commands, undo, what is echoed, type-ahead, the last board."""

from __future__ import annotations

import io
import os
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.core.controller import referee
from gamelib.core.datatypes import Side, Winner
from gamelib.core.human import (
    LINE_LIMIT,
    Advice,
    HumanPlayer,
    InputClosedError,
    QuitError,
    TakesBack,
    UndoRequest,
    board_order,
    echo,
)
from gamelib.games.connect4 import ConnectFour
from gamelib.games.nim import Nim, NimPlayer
from gamelib.games.tictactoe import TicTacToe
from tests import runner as cli


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    status, out, err = cli.run(*args, stdin=stdin)
    return status, cli.untimed(out), err


def test_help_lists_the_commands_and_the_moves_in_board_order() -> None:
    game = ConnectFour()
    out = io.StringIO()
    human = HumanPlayer(
        game, input=io.StringIO("help\n4\n"), output=out, advisor=lambda s: Advice("4", "0")
    )
    assert human.next_move_or_undo(game.start) == 3  # as the controller asks: undo offered
    assert out.getvalue().startswith(
        "Maxie, please type your move: Type a move (1, 2, 3, 4, 5, 6, 7), or:\n  help "
    )
    for word in ("hint", "value", "undo", "quit"):
        assert f"\n  {word} " in out.getvalue()


def test_hint_and_value_ask_the_advisor() -> None:
    game = Nim(pile=5)
    asked: list[int] = []

    def advisor(state: object) -> Advice:
        asked.append(1)
        return Advice("1", "Maxie wins")

    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("hint\nVALUE\n1\n"), output=out, advisor=advisor)
    assert human.next_move(game.start) == 1
    assert len(asked) == 2
    assert "hint: 1 (value: Maxie wins)\n" in out.getvalue()
    assert "value: Maxie wins\n" in out.getvalue()


def test_without_an_advisor_a_hint_is_answered_not_crashed() -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("hint\n2\n"), output=out)
    assert human.next_move(game.start) == 2
    assert "there is no one to ask for a hint in this game\n" in out.getvalue()


def test_quit_and_undo_are_raised_for_the_controller() -> None:
    game = Nim(pile=5)
    with pytest.raises(QuitError, match="Maxie quit the game"):
        HumanPlayer(game, input=io.StringIO("quit\n"), output=io.StringIO()).next_move(game.start)
    human = HumanPlayer(game, input=io.StringIO("undo\n"), output=io.StringIO())
    assert isinstance(human, TakesBack)
    with pytest.raises(UndoRequest):
        human.next_move_or_undo(game.start)


def test_a_controller_that_just_asks_for_a_move_never_gets_an_undo() -> None:
    # A person's own loop calls the player (or its next_move): undo used to raise
    # UndoRequest there, an exception it never asked for.  It is answered instead.
    game = Nim(pile=5)
    for ask in ("call", "next_move"):
        out = io.StringIO()
        human = HumanPlayer(game, input=io.StringIO("undo\nhelp\n2\n"), output=out)
        move = human(game.start) if ask == "call" else human.next_move(game.start)
        assert move == 2
        assert out.getvalue() == (
            "Maxie, please type your move: moves cannot be taken back in this game\n"
            "Maxie, please type your move: Type a move (1, 2, 3), or:\n"
            "  help    this list\n"
            "  quit    stop the game\n"
            "Maxie, please type your move: "
        )


def test_undo_takes_back_the_persons_move_and_the_answer() -> None:
    game = Nim(pile=10)
    out = io.StringIO()
    # Maxie takes 2 (a mistake), NimPlayer answers 3; undo goes back to 10; Maxie takes 1.
    moves = io.StringIO("undo\n2\nundo\n1\n3\n3\n")
    human = HumanPlayer(game, input=moves, output=out)
    record = referee(game, human, NimPlayer(game), out=out, clock=lambda: 0.0)
    text = out.getvalue()
    assert text.startswith(
        "10 left, and it is Maxie's turn\n"
        "Maxie, please type your move: Maxie has no move to take back yet\n\n"
        "10 left, and it is Maxie's turn\n"
    )
    assert (
        "5 left, and it is Maxie's turn\n"
        "Maxie, please type your move: Maxie takes back 2, 3\n\n"
        "10 left, and it is Maxie's turn\n"
    ) in text
    assert record.moves == (1, 1, 3, 1, 3, 1)  # the moves taken back are not in the record
    assert record.outcome == Winner(Side.Maxie)


def test_the_board_a_game_ended_on_is_shown() -> None:
    game = TicTacToe()
    out = io.StringIO()
    moves = io.StringIO("1\n4\n2\n5\n3\n")
    both = HumanPlayer(game, input=moves, output=out)
    referee(game, both, both, out=out, clock=lambda: 0.0)
    assert out.getvalue().endswith(
        "Maxie decides to make the move 3 (0.00 s)\n\n"
        " X | X | X\n---+---+---\n O | O | 6\n---+---+---\n 7 | 8 | 9\n"
        "Game over! Maxie wins!\n"
    )


def test_connect_four_ends_on_the_winning_board_through_the_cli() -> None:
    status, out, _ = run(
        "play", "connect4", "--cols", "4", "--rows", "4", "--k", "3",
        "--maxie", "human", "--minnie", "human", stdin="1\n1\n2\n2\n3\n",
    )  # fmt: skip
    assert status == 0  # the game ended (Maxie won)
    assert out.endswith(
        "Maxie decides to make the move 3 (T s)\n\n"
        " 1 2 3 4\n|. . . .|\n|. . . .|\n|O O . .|\n|X X X .|\nGame over! Maxie wins!\n"
    )


def test_the_cli_gives_a_person_a_hint_from_the_machine_they_play() -> None:
    status, out, err = run(
        "play", "nim", "--pile", "5", "--maxie", "human", "--minnie", "alphabeta:4",
        stdin="hint\nquit\n",
    )  # fmt: skip
    assert "hint: 1 (value: Definitely Minnie wins)\n" in out  # 5 pebbles: the mover loses
    assert (status, err) == (1, "gamelib: game stopped: Maxie quit the game\n")


def test_control_characters_are_escaped_and_long_lines_cut_in_answers() -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    noisy = "\x00\x1b[2J" + "9" * 50_000
    human = HumanPlayer(game, input=io.StringIO(noisy + "\n1\n"), output=out)
    assert human.next_move(game.start) == 1
    first = out.getvalue().splitlines()[0]
    assert "\x1b" not in first
    assert "\x00" not in first
    assert "'\\x00\\x1b[2J" in first
    assert len(first) < 200


def test_a_line_longer_than_the_limit_is_one_answer() -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("7" * (3 * LINE_LIMIT) + "\n2\n"), output=out)
    assert human.next_move(game.start) == 2
    assert out.getvalue().count("is not a legal move here") == 1


@pytest.mark.parametrize("size", [LINE_LIMIT - 1, LINE_LIMIT, LINE_LIMIT + 1, 1 << 20])
def test_a_long_line_is_answered_with_its_true_length(size: int) -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("7" * size + "\n2\n"), output=out)
    assert human.next_move(game.start) == 2
    assert out.getvalue().splitlines()[0] == (
        f"Maxie, please type your move: '{'7' * 60}... ({size:,} characters)' is not a legal "
        "move here; legal moves: 1, 2, 3"
    )


def test_bytes_a_strict_input_cannot_decode_are_answered() -> None:
    # A stream that reads only ASCII and raises at anything else, as sys.stdin does under
    # PYTHONIOENCODING=ascii (the command line itself reads such bytes as escapes).
    game = Nim(pile=5)
    out = io.StringIO()
    strict = io.TextIOWrapper(io.BytesIO("é\n".encode()), encoding="ascii")
    human = HumanPlayer(game, input=strict, output=out)
    with pytest.raises(InputClosedError, match="the input ended"):  # what followed é is lost
        human.next_move(game.start)
    assert out.getvalue().splitlines()[0] == (
        "Maxie, please type your move: '\\xc3' cannot be read as ascii text; legal moves: 1, 2, 3"
    )


def test_input_that_fails_to_read_stops_the_game_in_one_sentence() -> None:
    class Gone(io.RawIOBase):
        """A terminal that hung up: every read fails."""

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: object, /) -> int:
            raise OSError(5, "Input/output error")

    game = Nim(pile=5)
    gone = io.TextIOWrapper(io.BufferedReader(Gone()), encoding="utf-8")
    human = HumanPlayer(game, input=gone, output=io.StringIO())
    with pytest.raises(InputClosedError) as stopped:
        human.next_move(game.start)
    assert str(stopped.value) == (
        "the input could not be read while waiting for Maxie's move: Input/output error"
    )


@given(st.text(max_size=300))
def test_echo_is_printable_and_short(text: str) -> None:
    shown = echo(text)
    assert shown.isprintable()
    assert len(shown) <= 82  # 60 characters, "... (" and a count up to 9,999 and ")"
    if text.isprintable() and len(text) <= 60:
        assert shown == text


def test_moves_are_offered_in_board_order() -> None:
    game = ConnectFour(cols=12, rows=4, k=4)
    assert board_order(game, game.moves(game.start)) == [str(c) for c in range(1, 13)]


def test_type_ahead_on_a_terminal_is_discarded() -> None:
    # Keys typed while the machine thinks are gone by the time the prompt appears.
    controller, terminal = os.openpty()
    try:
        with os.fdopen(terminal, "r", closefd=False) as keyboard:
            os.write(controller, b"1\n")  # typed early
            game = Nim(pile=5)
            out = io.StringIO()
            human = HumanPlayer(game, input=keyboard, output=out)
            os.set_blocking(controller, True)

            def typed_after_the_prompt() -> None:
                os.write(controller, b"3\n")

            original = out.write

            def write(text: str) -> int:
                written = original(text)
                if text.endswith("please type your move: "):
                    typed_after_the_prompt()
                return written

            out.write = write  # type: ignore[method-assign]  # hook the prompt to type after it
            assert human.next_move(game.start) == 3
    finally:
        os.close(controller)
        os.close(terminal)


def test_a_guess_says_whose_view_it_takes() -> None:
    status, out, _ = run(
        "play", "connect4", "--maxie", "human", "--minnie", "alphabeta:2", stdin="value\n",
    )  # fmt: skip
    assert status == 1
    assert re.search(r"value: Guess -?\d+ \(more is better for Maxie\)\n", out)


def test_help_offers_only_what_this_prompt_can_do() -> None:
    game = Nim(pile=5)
    out = io.StringIO()
    human = HumanPlayer(game, input=io.StringIO("help\nundo\n1\n"), output=out, undo=False)
    assert human.next_move(game.start) == 1
    assert out.getvalue() == (
        "Maxie, please type your move: Type a move (1, 2, 3), or:\n"
        "  help    this list\n"
        "  quit    stop the game\n"
        "Maxie, please type your move: moves cannot be taken back in this game\n"
        "Maxie, please type your move: "
    )
