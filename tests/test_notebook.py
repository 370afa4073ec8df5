"""What a notebook shows of trees, traces, proofs and answers (gamelib.notebook)."""

from __future__ import annotations

import html
import shutil
import xml.etree.ElementTree as ET

import pytest

from gamelib import AlphaBeta, Settings
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.exact import describe, solve
from gamelib.algorithms.goals import BOOLEAN_METHOD, describe_verdict, solve_by_goals
from gamelib.errors import InputError
from gamelib.games.explicit import ExplicitGame, parse_tree, tree_estimator
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe
from gamelib.notebook import NO_DOT, Answer, Picture, ShowError, show, stepper, tree_to_dot
from gamelib.trace import trace, trace_to_dot, trace_to_text
from gamelib.trace.proofs import proof_to_dot, proof_to_text
from tests.outside import DOT, not_run

SVG = "{http://www.w3.org/2000/svg}"
TREE = "a[b[c3,d6],e[f1,g!Maxie]]"


def test_a_tree_is_written_and_its_dot_names_every_position() -> None:
    picture = show(parse_tree(TREE))
    assert (
        picture.text
        == "a\n  0: b\n    0: c = 3\n    1: d = 6\n  1: e\n    0: f = 1\n    1: g: Maxie wins!"
    )
    dot = tree_to_dot(parse_tree(TREE))
    assert dot.count("->") == 6
    assert 'n0 [label="a", shape=box];' in dot  # Maxie's position
    assert 'n1 [label="b", shape=ellipse];' in dot  # Minnie's
    assert "shape=octagon" in dot  # the finished game


def test_without_dot_a_notebook_shows_the_text_and_how_to_get_the_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)  # the notebook module's shutil
    shown = show(parse_tree("a[b1,c2]"))._repr_mimebundle_()
    assert set(shown) == {"text/html", "text/plain"}
    assert shown["text/html"] == (
        f"<pre>a\n  0: b = 1\n  1: c = 2</pre><p><em>{html.escape(NO_DOT)}</em></p>"
    )


@pytest.mark.outside
def test_with_dot_a_notebook_shows_the_picture() -> None:
    picture = show(parse_tree(TREE))
    if not DOT.present():
        not_run([DOT], "a tree drawn in a notebook", "the text shown instead")
        assert "text/html" in picture._repr_mimebundle_()
        return
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "text/plain"}
    root = ET.fromstring(bundle["image/svg+xml"].encode())
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert {"a", "b", "c", "3", "g", "Maxie wins!"} <= set(words)


def test_a_trace_shows_as_its_picture_and_its_text() -> None:
    game = ExplicitGame(parse_tree("a[b[c3,d6],e[f1,g9]]"))
    found = trace(AlphaBeta, Settings(tree_estimator(game), 2))
    picture = show(found)
    assert isinstance(picture, Picture)
    assert picture.dot == trace_to_dot(found)
    assert picture.text == trace_to_text(found).rstrip("\n")


def test_a_proof_needs_its_game_and_shows_as_the_solvers_write_it() -> None:
    game = Nim(pile=5)
    answer = solve_goal(game, Goal.WIN, side=None)
    picture = show(answer, game)
    assert picture.text == proof_to_text(game, answer.proof)
    assert picture.dot == proof_to_dot(game, answer.proof)
    with pytest.raises(
        ShowError, match=r"^show needs the game too, to write a ProofNode's positions: show\("
    ):
        show(answer.proof)  # type: ignore[call-overload]  # the mistake this test makes


def test_what_cannot_be_drawn_is_told_what_can_in_one_sentence() -> None:
    takes = "show draws an explicit tree, a search's trace (gamelib.trace.trace), a proof or a "
    with pytest.raises(ShowError) as shown:
        show(42)  # type: ignore[call-overload]  # the mistake this test makes
    assert str(shown.value) == takes + "solver's answer with its game, not the int 42"
    with pytest.raises(ShowError) as text:
        show("a[b1]")  # type: ignore[call-overload]  # the mistake this test makes
    assert str(text.value).endswith(
        "not the str 'a[b1]' (parse_tree of gamelib.games.explicit reads a tree's text)"
    )
    with pytest.raises(ShowError) as stepped:
        stepper(42)  # type: ignore[arg-type]  # the mistake this test makes
    assert str(stepped.value) == (
        "stepper takes a function that builds a search player from an observer (lambda "
        "observer: AlphaBeta(settings, observer=observer)) or a search's steps, not the int 42"
    )
    assert isinstance(stepped.value, InputError)


def test_a_solve_shows_the_board_and_the_answer() -> None:
    game = TicTacToe()
    state = game.start
    exact = show(solve(game, state), game)
    assert isinstance(exact, Answer)
    assert exact.words == describe(game, solve(game, state))
    assert exact.board is not None
    page = exact._repr_html_()
    assert page.startswith("<div><svg")
    assert page.endswith(f"<p>{exact.words}</p></div>")
    verdict = solve_by_goals(game, state, BOOLEAN_METHOD)
    assert show(verdict, game).words == describe_verdict(game, verdict)
    nim = show(solve(Nim(pile=5), Nim(pile=5).start), Nim(pile=5))
    assert nim.board is not None  # Nim's pile draws itself too
    assert str(nim).startswith("5 left, and it is Maxie's turn\n")
