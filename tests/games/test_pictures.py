"""The games' states draw themselves in a notebook: what the pictures show, read back from
the SVG (a disc in the right cell, the right mark, the right number of pebbles)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.core.datatypes import Playing, Side
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_picture
from gamelib.games.nim import Nim
from gamelib.games.pig import PigState, pig_picture
from gamelib.games.takeaway import TakeAway
from gamelib.games.tictactoe import TicTacToe

SVG = "{http://www.w3.org/2000/svg}"


def drawn(svg: str) -> ET.Element:
    """The picture parsed: it must be well-formed SVG."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def discs(svg: str) -> dict[tuple[int, int], str]:
    """Connect Four's cells as drawn: (column, row) from 1, bottom row 1, to the disc's class."""
    return {
        (int(c.attrib["data-col"]), int(c.attrib["data-row"])): c.attrib["class"]
        for c in drawn(svg).iter(f"{SVG}circle")
        if c.attrib["class"] in ("x", "o", "empty")
    }


def after(game: ConnectFour, moves: list[int]) -> ConnectFourState:
    state = game.start
    for move in moves:
        status = game.play(state, move)
        assert isinstance(status, Playing)
        state = status.state
    return state


def test_a_connect_four_disc_is_in_the_cell_it_fell_to() -> None:
    game = ConnectFour(cols=5, rows=4)
    state = after(game, [2, 2, 0])  # X in 3, O on top of it, X in 1
    cells = discs(state._repr_svg_())
    assert len(cells) == 20
    assert {where: kind for where, kind in cells.items() if kind != "empty"} == {
        (3, 1): "x",
        (3, 2): "o",
        (1, 1): "x",
    }
    root = drawn(state._repr_svg_())
    assert root.findtext(f"{SVG}title") == "Connect Four, 5 x 4: Minnie to move"


def test_the_last_move_is_ringed_on_the_top_disc_of_its_column() -> None:
    game = ConnectFour(cols=5, rows=4)
    state = after(game, [2, 2])
    rings = [c for c in drawn(connect4_picture(state, last=2).text).iter(f"{SVG}circle")
             if c.attrib["class"] == "last"]  # fmt: skip
    assert [(r.attrib["data-col"], r.attrib["data-row"]) for r in rings] == [("3", "2")]
    assert not [c for c in drawn(connect4_picture(state).text).iter(f"{SVG}circle")
                if c.attrib["class"] == "last"]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=20))
def test_the_picture_is_the_board_on_any_game(columns: list[int]) -> None:
    game = ConnectFour()
    state = game.start
    for column in columns:
        if column not in tuple(game.moves(state)):
            continue
        status = game.play(state, column)
        if not isinstance(status, Playing):
            break
        state = status.state
    cells = discs(state._repr_svg_())
    kinds = {1: "x", -1: "o", 0: "empty"}
    assert cells == {
        (c + 1, r + 1): kinds[state.cells[r * 7 + c]] for r in range(6) for c in range(7)
    }


def test_tictactoe_marks_stand_in_their_cells() -> None:
    game = TicTacToe()
    state = game.start
    for move in (5, 1, 9):  # X in the centre, O in 1, X in 9
        status = game.play(state, move)
        assert isinstance(status, Playing)
        state = status.state
    root = drawn(state._repr_svg_())
    crosses = {
        e.attrib["data-cell"] for e in root.iter(f"{SVG}line") if e.attrib["class"] == "mark-x"
    }
    rings = {
        e.attrib["data-cell"] for e in root.iter(f"{SVG}circle") if e.attrib["class"] == "mark-o"
    }
    numbers = [e.text for e in root.iter(f"{SVG}text") if e.attrib["class"] == "empty-number"]
    assert (crosses, rings) == ({"5", "9"}, {"1"})
    assert numbers == ["2", "3", "4", "6", "7", "8"]
    assert root.findtext(f"{SVG}title") == "tic-tac-toe: Minnie to move"


def test_nim_and_takeaway_draw_a_pebble_a_pebble() -> None:
    nim = drawn(Nim(pile=13).start._repr_svg_())
    assert len([c for c in nim.iter(f"{SVG}circle") if c.attrib["class"] == "pebble"]) == 13
    assert nim.findtext(f"{SVG}title") == "Nim: 13 left, Maxie to move"
    takeaway = drawn(TakeAway(pile=7).start._repr_svg_())
    assert len(list(takeaway.iter(f"{SVG}circle"))) == 7
    assert takeaway.findtext(f"{SVG}title") == "take-away: 7 left, A to move"


def test_pig_draws_each_sides_points_as_a_bar() -> None:
    state = PigState(maxie=10, minnie=4, turn_total=6, side=Side.Maxie)
    root = drawn(pig_picture(state, target=20).text)
    bars = {e.attrib["class"]: (float(e.attrib["width"]), e.attrib["data-points"])
            for e in root.iter(f"{SVG}rect")}  # fmt: skip
    assert bars == {"bar-maxie": (100.0, "10"), "bar-minnie": (40.0, "4"), "bar-turn": (60.0, "6")}
    assert drawn(state._repr_svg_()).findtext(f"{SVG}title") == "Pig: Maxie to move, turn total 6"
