"""Explicit game trees: the handout text form, its errors, and the game rules."""

from __future__ import annotations

import pytest
from hypothesis import given

from gamelib import seq
from gamelib.core import Done, Draw, Game, Playing, Side, Winner
from gamelib.core.trees import End, Leaf, TreeSyntaxError
from gamelib.games.explicit import (
    BIG,
    SMALL,
    UNEVEN,
    ExplicitGame,
    ExplicitTreeError,
    Node,
    Tree,
    TreeState,
    parse_tree,
    shallowest_leaf,
    tree_to_text,
)
from tests.strategies import trees


def test_small_tree_structure() -> None:
    assert (
        Node(
            "a",
            (
                Node("b", (Leaf("c", 3), Leaf("d", 6), Leaf("e", -2))),
                Node("f", (Leaf("g", 6), Leaf("h", 4), Leaf("i", 10))),
                Node("j", (Leaf("k", 1), Leaf("l", 30), Leaf("m", 9))),
            ),
        )
        == SMALL
    )
    assert shallowest_leaf(BIG) == 4
    assert shallowest_leaf(UNEVEN) == 3


def test_game_rules_and_printing() -> None:
    game: Game[TreeState, int] = ExplicitGame(SMALL)
    assert str(game.start) == "(Maxie,a)"
    assert seq.to_list(game.moves(game.start)) == [0, 1, 2]
    after = game.play(game.start, 2)
    assert isinstance(after, Playing)
    assert game.state_to_string(after.state) == "(Minnie,j)"
    assert game.parse_move(game.start, "2") == 2
    assert game.parse_move(game.start, "3") is None
    assert game.parse_move(game.start, "-1") is None
    ends = ExplicitGame(parse_tree("r[a!Maxie, b!Minnie, c!Draw, d1]"))
    assert ends.play(ends.start, 0) == Done(Winner(Side.Maxie))
    assert ends.play(ends.start, 1) == Done(Winner(Side.Minnie))
    assert ends.play(ends.start, 2) == Done(Draw())
    with pytest.raises(ExplicitTreeError, match=r"7 is not a move from \(Maxie,r\)"):
        ends.play(ends.start, 7)


def test_numbers_in_the_text_form() -> None:
    assert parse_tree("a[b-2,c+3,d2.5,e]") == Node(
        "a", (Leaf("b", -2), Leaf("c", 3), Leaf("d", 2.5), Leaf("e", 0))
    )
    assert parse_tree("  a7 [ b ] ") == Node("a", (Leaf("b", 0),), 7)


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "expected a node name, found the end of the text", 1),
        ("a[", "expected a node name, found the end of the text", 3),
        ("a[b c]", "expected ',' or ']' in node 'a', found 'c'", 5),
        ("a[b,,c]", "expected a node name, found ','", 5),
        ("a[]", "node 'a' lists no children between its brackets", 3),
        ("a[b]]", "unexpected text after the tree", 5),
        ("a[b;c]", "expected ',' or ']' in node 'a', found ';'", 4),
        ("3[b]", "expected a node name, found '3'", 1),
        ("a!Maxie", "the root cannot be a finished game", 1),
        ("a[b(1,2)]", "node 'b' has a vector: only an n-player tree's nodes have one", 3),
        ("a[?b[1: c]]", "?b is a chance node: only a chance tree has one", 3),
        ("a[b1/2]", "the number 1/2 of node 'b' is a fraction", 3),
        ("a[b!Maxie[c]]", "the finished game 'b' cannot have children", 3),
    ],
)
def test_malformed_text_says_where(text: str, message: str, position: int) -> None:
    with pytest.raises(TreeSyntaxError) as caught:
        parse_tree(text)
    said = str(caught.value)
    assert said.startswith(message)
    assert f" at position {position} of the tree text, near " in said
    assert "\n" not in said


@given(trees())
def test_text_form_round_trips(tree: Tree) -> None:
    if isinstance(tree, End):
        with pytest.raises(TreeSyntaxError, match="root cannot be a finished game"):
            parse_tree(tree_to_text(tree))
    else:
        assert parse_tree(tree_to_text(tree)) == tree


def test_names_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(TreeSyntaxError, match="'n0' cannot be written in the tree text"):
        tree_to_text(Node("a", (Leaf("n0", 1),)))
