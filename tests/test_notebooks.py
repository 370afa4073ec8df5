"""The lecture notebooks of docs/notebooks run top to bottom in a real kernel (nbclient),
and show what they promise: pictures where a cell ends with a board or a tree."""

from __future__ import annotations

import types
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))


def test_there_is_a_notebook_for_each_course() -> None:
    assert [p.stem for p in NOTEBOOKS] == ["15-150-games", "cmput657-solvers", "cse473-search"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_runs_top_to_bottom_and_shows_its_pictures(path: Path) -> None:
    book = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # nbformat has no types
    assert all(cell.get("outputs", []) == [] for cell in book.cells if cell.cell_type == "code"), (
        "notebooks are kept without outputs: the docs build and this test run them"
    )
    client = NotebookClient(
        book, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(FOLDER)}}
    )
    client.execute()  # raises CellExecutionError, naming the cell, on any error
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
