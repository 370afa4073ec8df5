"""The lecture notebooks of docs/notebooks run top to bottom in a real kernel (nbclient),
and show what they promise: pictures where a cell ends with a board or a tree."""

from __future__ import annotations

import types
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.check.notebook_answers import ANSWERS

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def test_there_is_a_notebook_for_each_course() -> None:
    assert [p.stem for p in NOTEBOOKS] == ["15-150-games", "cmput657-solvers", "cse473-search"]


def _run(book: nbformat.NotebookNode) -> None:
    client = NotebookClient(
        book, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(FOLDER)}}
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error


def _tags(cell: nbformat.NotebookNode) -> list[str]:
    tags: list[str] = cell.get("metadata", {}).get("tags", [])
    return tags


def _checks_say(book: nbformat.NotebookNode) -> list[str]:
    """What each check cell (tagged `check`) shows, as text."""
    return [
        "".join(output.data["text/plain"])
        for cell in book.cells
        if "check" in _tags(cell)
        for output in cell.outputs
        if output.output_type == "execute_result"
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_runs_top_to_bottom_and_its_checks_say_not_yet(path: Path) -> None:
    book = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # nbformat has no types
    assert all(cell.get("outputs", []) == [] for cell in book.cells if cell.cell_type == "code"), (
        "notebooks are kept without outputs: the docs build and this test run them"
    )
    _run(book)
    kinds = {
        kind
        for cell in book.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type in ("display_data", "execute_result")
        for kind in output.data
    }
    assert "image/svg+xml" in kinds or "text/html" in kinds  # a board, a tree, a table
    headings = [c.source.splitlines()[0] for c in book.cells if c.cell_type == "markdown"]
    assert "## Exercises" in headings
    # As shipped, every exercise is still to do: each check says so, and why.
    exercises = [t for cell in book.cells for t in _tags(cell) if t.startswith("exercise:")]
    said = _checks_say(book)
    assert len(said) == len(exercises) >= 3
    assert all(text.startswith("Not yet") for text in said), said


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_with_the_model_answers_every_check_passes(path: Path) -> None:
    book = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # nbformat has no types
    answers = ANSWERS[path.stem]
    filled = []
    for cell in book.cells:
        for tag in _tags(cell):
            if tag.startswith("exercise:"):
                cell.source = answers[tag.removeprefix("exercise:")]
                filled.append(tag.removeprefix("exercise:"))
    assert sorted(filled) == sorted(answers)
    _run(book)
    said = _checks_say(book)
    assert len(said) == len(answers)
    assert all(text.startswith("Passed") for text in said), said


def test_the_exercises_practise_what_the_issue_asks_of_each_lecture() -> None:
    checks = {
        path.stem: "\n".join(
            cell.source
            for cell in nbformat.read(path, as_version=4).cells  # type: ignore[no-untyped-call]  # nbformat has no types
            if "check" in _tags(cell)
        )
        for path in NOTEBOOKS
    }
    assert "check.minimax(" in checks["15-150-games"]
    assert "check.alphabeta(" in checks["15-150-games"]
    assert "check.expectiminimax(" in checks["cse473-search"]
    assert "check.maxn(" in checks["cse473-search"]
    assert "check.boolean(" in checks["cmput657-solvers"]
    assert "check.proof(" in checks["cmput657-solvers"]


def test_the_site_links_a_notebooks_pages_as_it_serves_them() -> None:
    hooks = types.ModuleType("docs_hooks")
    source = (FOLDER.parent / "hooks.py").read_text(encoding="utf-8")
    exec(compile(source, "docs/hooks.py", "exec"), hooks.__dict__)
    rewritten = hooks.notebook_links(
        '<a href="../matches.md#the-arithmetic">a</a> <a href="https://x.org/a.md">b</a>'
    )
    assert rewritten == (
        '<a href="../../matches/#the-arithmetic">a</a> <a href="https://x.org/a.md">b</a>'
    )


def test_a_saved_notebook_keeps_the_progress_bar_s_final_count() -> None:
    # Issue 42: saved after running, the bar showed "0 positions [00:00, ? positions/s]".
    # The bar is one output updated in place, so what is saved is its last state.
    book = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]  # nbformat has no types
    book.cells.append(
        nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]  # nbformat has no types
            "from gamelib.algorithms.exact import solve\n"
            "from gamelib.core.progress import progress_bar\n"
            "from gamelib.games.tictactoe import TicTacToe\n"
            "with progress_bar('solving', unit='positions') as bar:\n"
            "    found = solve(TicTacToe(), progress=bar, every=200)\n"
        )
    )
    _run(book)
    (output,) = book.cells[0].outputs
    assert output.output_type == "display_data"
    text = output.data["text/plain"]
    assert text.startswith("solving: 800 positions [00:"), text
    assert "\r" not in text
