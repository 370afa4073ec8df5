"""The companions of CSE 473 and CMPUT 657 name every pseudocode block of their lecture,
with its slide, in the lecture's order, each beside its Python twin and the exercise that
practises it.

The lists below are the lectures' blocks, read off the slides (CSE 473's "Playing games
with Minimax and Alpha-Beta Search", whose slides are numbered; CMPUT 657's "Minimax
search", whose slides have titles only).  A block added to a page without being added
here, or left out of a page, fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"

BLOCKS: dict[str, list[tuple[str, str]]] = {
    "companion-cse473.md": [
        ("MINIMAX-VALUE", "slide 4"),
        ("MINIMAX-DECISION", "slide 9"),
        ("MAX-VALUE", "slide 9"),
        ("MIN-VALUE", "slide 9"),
        ("The multiplayer vector rule", "slide 17"),
        ("ALPHA-BETA-SEARCH", "slide 29"),
        ("MAX-VALUE with α and β", "slide 29"),
        ("MIN-VALUE with α and β", "slide 30"),
        ("Weighted evaluation, eval(s)", "slide 36"),
        ("EXPECTIMINIMAX", 'slide 41 ("Next time")'),
    ],
    "companion-cmput657.md": [
        ("Proof tree", '"Definition of Proof Tree"'),
        ("MinimaxBooleanOR", '"Minimax Algorithm - Boolean Version"'),
        ("MinimaxBooleanAND", '"Minimax Algorithm - Boolean Version"'),
        ("MinimaxBooleanOR with Execute and Undo", '"Minimax Algorithm - Boolean Version (2)"'),
        ("MinimaxBooleanAND with Execute and Undo", '"Minimax Algorithm - Boolean Version (2b)"'),
        ("NegamaxBoolean", '"Negamax Algorithm - Boolean Version"'),
        ("MinimaxOR", '"Minimax Search - OR node"'),
        ("MinimaxAND", '"Minimax Search - AND node"'),
        ("Negamax", '"Negamax Formulation of Minimax Search"'),
        ("AlphaBeta, fail-hard and fail-soft", '"Alpha-beta Search - Code"'),
        (
            "Depth-limited AlphaBeta, the heuristic player",
            '"Depth-limited Alpha-beta Search - Code"',
        ),
        ("SCOUT and NegaScout / PVS", '"Reduce to Boolean Case"'),
    ],
}
"""Each companion page's blocks, in the order of the lecture: (the block's name, its slide)."""


def _sections(page: str) -> dict[str, str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    parts = re.split(r"^### (.+)$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("page", sorted(BLOCKS))
def test_a_companion_names_every_block_with_its_slide_in_order(page: str) -> None:
    headings = list(_sections(page))
    assert headings == [f"{name} — {slide}" for name, slide in BLOCKS[page]]


@pytest.mark.parametrize("page", sorted(BLOCKS))
def test_each_block_has_its_python_twin_and_its_exercise(page: str) -> None:
    for heading, body in _sections(page).items():
        twin = re.search(r'--8<-- "gamelib/[^"]+"|\]\[gamelib\.[\w.]+\]', body)
        assert twin is not None, f"{page}: {heading} links no Python"
        assert "\nExercise" in body, f"{page}: {heading} names no exercise"


def test_the_companions_are_in_the_site_and_the_tour() -> None:
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    tour = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in BLOCKS:
        assert f": {page}\n" in config
        assert f"]({page})" in tour


def test_the_readme_and_the_tour_say_how_a_student_grades_their_search() -> None:
    for text in (
        (DOCS.parent / "README.md").read_text(encoding="utf-8"),
        (DOCS / "index.md").read_text(encoding="utf-8"),
    ):
        assert "gamelib check alphabeta mysearch.py:AlphaBeta" in text
        assert "0 agrees, 1 not yet, 2 cannot grade" in text
        assert "from gamelib import check; check.alphabeta(AlphaBeta)" in text
        assert "companion-cse473.md" in text
        assert "companion-cmput657.md" in text
