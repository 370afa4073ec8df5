"""The code in docs/ runs, and what it says is checked."""

from __future__ import annotations

import contextlib
import io
import re
import sys
import types
from pathlib import Path

import pytest
from mypy import api as mypy_api

DOCS = Path(__file__).resolve().parents[1] / "docs"


def python_blocks(page: str) -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def run_page(page: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the page's blocks in order, in one fresh module; what they printed."""
    module = types.ModuleType("docs_" + page.replace("-", "_").removesuffix(".md"))
    monkeypatch.setitem(sys.modules, module.__name__, module)  # dataclasses look it up
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in python_blocks(page):
            exec(compile(block, f"docs/{page}", "exec"), module.__dict__)
    return printed.getvalue()


def test_the_tour_prints_what_its_comments_say(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = run_page("index.md", monkeypatch).splitlines()
    assert lines[0] == "[1, 2, 3]"
    assert lines[1] == "(2, Guess(guess=1))"
    assert lines[2] == "15 left, and it is Maxie's turn"
    assert lines[-1] == "Game over! Maxie wins!"


def test_write_your_own_game_runs_and_prints_its_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_page("write-your-own-game.md", monkeypatch) == "(1, Guess(guess=1.0))\n"


@pytest.mark.parametrize("page", ["index.md", "write-your-own-game.md"])
def test_doc_code_type_checks(page: str, tmp_path: Path) -> None:
    source = tmp_path / "doc_code.py"
    source.write_text("\n".join(python_blocks(page)), encoding="utf-8")
    stdout, stderr, status = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir=/dev/null", str(source)]
    )
    assert status == 0, stdout + stderr
