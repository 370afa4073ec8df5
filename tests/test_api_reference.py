"""The API reference renders what the docstrings say, and lists only the public API.

mkdocstrings reads the docstrings as Google style with Markdown text (mkdocs.yml), so a
Sphinx role would show literally, a bare doctest would collapse into nested block quotes
and an internal name would be listed.  The first tests read every docstring in gamelib/;
the last ones build the API reference (only that page, about 7 s) and read the HTML.
"""

from __future__ import annotations

import ast
import html
import importlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
API_PAGE = ROOT / "docs" / "api.md"
RENDERED_MODULES = re.findall(r"^::: (\S+)$", API_PAGE.read_text(encoding="utf-8"), re.M)


def docstrings() -> Iterator[tuple[str, str]]:
    """Every docstring in gamelib/ (modules, classes, functions, attributes), with where."""
    for path in sorted((ROOT / "gamelib").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Expr)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                yield f"{path.relative_to(ROOT)}:{node.lineno}", inspect.cleandoc(node.value.value)


def prose(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a docstring outside its fenced code blocks (fence lines excluded)."""
    fenced = False
    for number, line in enumerate(text.splitlines()):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            yield number, line


def test_there_are_docstrings_to_check() -> None:
    assert sum(1 for _ in docstrings()) > 1000


def test_no_sphinx_role_is_left() -> None:
    role = re.compile(r":(?:py:)?(?:class|func|mod|meth|data|attr|exc|obj|const|ref):`")
    left = [where for where, text in docstrings() if role.search(text)]
    assert left == [], "Sphinx roles show literally; write [`Name`][gamelib.module.Name]"


def test_no_rest_literal_is_left() -> None:
    left = [
        f"{where}: {line.strip()}"
        for where, text in docstrings()
        for _, line in prose(text)
        if "``" in line
    ]
    assert left == [], "``x`` is reST; Markdown code is `x`"


def test_no_rest_directive_or_literal_block_is_left() -> None:
    left = [
        f"{where}: {line.strip()}"
        for where, text in docstrings()
        for _, line in prose(text)
        if re.match(r"\s*\.\. \w+::", line) or line.rstrip().endswith("::")
    ]
    assert left == [], "reST blocks do not render: use a ``` fence or an admonition"


def test_every_example_is_in_a_pycon_fence_that_doctest_can_read() -> None:
    """Markdown reads a bare >>> as nested block quotes, and doctest reads a closing fence
    right after the expected output as more output: each fence ends with a blank line."""
    bare = [
        f"{where}: {line.strip()}"
        for where, text in docstrings()
        for _, line in prose(text)
        if line.lstrip().startswith(">>>")
    ]
    assert bare == []
    fences = 0
    for where, text in docstrings():
        lines = text.splitlines()
        opened: str | None = None
        for number, line in enumerate(lines):
            if line.lstrip().startswith("```"):
                if opened is None:
                    opened = line.strip()
                    continue
                if opened == "```pycon":
                    fences += 1
                    assert lines[number - 1].strip() == "", f"{where}: no blank line before ```"
                opened = None
        assert opened is None, f"{where}: a fence is never closed"
    assert fences > 100


def test_every_rendered_module_says_what_it_exports() -> None:
    assert len(RENDERED_MODULES) > 40
    for name in RENDERED_MODULES:
        assert isinstance(getattr(importlib.import_module(name), "__all__", None), list), name


@pytest.fixture(scope="module")
def api_html() -> Iterator[str]:
    """docs/api.md alone, built strictly (an unresolved cross-reference fails the build)."""
    with tempfile.TemporaryDirectory(prefix="gamelib-api-") as folder:
        docs = Path(folder) / "docs"
        docs.mkdir()
        (docs / "api.md").write_text(API_PAGE.read_text(encoding="utf-8"), encoding="utf-8")
        # The Griffe extension of mkdocs.yml, which is found beside the configuration.
        hooks = (ROOT / "docs" / "hooks.py").read_text(encoding="utf-8")
        (docs / "hooks.py").write_text(hooks, encoding="utf-8")
        config = Path(folder) / "mkdocs.yml"
        config.write_text(
            f"INHERIT: {json.dumps(str(ROOT / 'mkdocs.yml'))}\n"
            f"docs_dir: {json.dumps(str(docs))}\n"
            "hooks: []\nnav: [api.md]\nextra_css: []\nextra_javascript: []\n",
            encoding="utf-8",
        )
        # The reference is read from the sources: a copy without compiled modules (after
        # `make accelerate`), which the reader would otherwise inspect in their place.
        shutil.copytree(
            ROOT / "gamelib",
            Path(folder) / "gamelib",
            ignore=shutil.ignore_patterns("*.so", "__pycache__"),
        )
        site = Path(folder) / "site"
        build = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config)]
        built = subprocess.run(
            [*build, "--site-dir", str(site)],
            cwd=ROOT,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": folder},
            capture_output=True,
            text=True,
            check=False,
        )
        assert built.returncode == 0, built.stderr
        yield (site / "api" / "index.html").read_text(encoding="utf-8")


def outside_code(html: str) -> str:
    html = re.sub(r"<pre\b.*?</pre>", "", html, flags=re.S)
    return re.sub(r"<code\b.*?</code>", "", html, flags=re.S)


def test_the_reference_shows_no_sphinx_role(api_html: str) -> None:
    text = outside_code(api_html)
    for role in (":class:", ":func:", ":mod:", ":meth:", ":data:", ":attr:"):
        assert role not in text


def test_the_reference_shows_examples_as_code(api_html: str) -> None:
    text = outside_code(api_html)
    assert "&gt;&gt;&gt;" not in text
    assert "<blockquote" not in text
    # Each example line is highlighted as a prompt of a Python console session.
    assert api_html.count('<span class="gp">&gt;&gt;&gt; </span>') > 300


def headings(html: str) -> set[str]:
    return set(re.findall(r'<h[1-6] id="(gamelib[\w.]*)" class="doc doc-heading"', html))


def test_the_reference_lists_exactly_each_module_s_exports(api_html: str) -> None:
    shown = headings(api_html)
    for module in RENDERED_MODULES:
        exported = {
            name
            for name in importlib.import_module(module).__all__
            if f"{module}.{name}" not in RENDERED_MODULES  # a module with its own section
        }
        members = {
            h.removeprefix(module + ".")
            for h in shown
            if h.startswith(module + ".")
            and "." not in h.removeprefix(module + ".")
            and h not in RENDERED_MODULES
        }
        assert members == exported, module


def public_modules() -> Iterator[Path]:
    """Every module of gamelib a user may import: no part of its path starts with `_`
    (a package's `__init__.py` is its package)."""
    for path in sorted((ROOT / "gamelib").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if not any(part.startswith("_") and part != "__init__" for part in parts):
            yield path


def test_internals_live_in_private_modules_and_the_rest_is_exported() -> None:
    """One rule instead of a list of names to hide: a public module exports (in `__all__`)
    every class and function it defines without a leading underscore, so the reference,
    which renders `__all__`, shows them all; what is internal lives in a private module
    (`gamelib/seq/_cells.py`, `gamelib/estimate/_scan.py`, ...), which the page never
    renders."""
    unexported = []
    for path in public_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                assert isinstance(node.value, ast.List)
                exported = {str(e.value) for e in node.value.elts if isinstance(e, ast.Constant)}
        unexported += [
            f"{path.relative_to(ROOT)}: {node.name}"
            for node in tree.body
            if isinstance(node, ast.ClassDef | ast.FunctionDef)
            and not node.name.startswith("_")
            and node.name not in exported
        ]
    assert unexported == []
    assert len(list(public_modules())) > 80
    private = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "gamelib").rglob("_*.py")
        if path.name != "__init__.py"
    )
    assert "gamelib/seq/_cells.py" in private
    assert "gamelib/estimate/_scan.py" in private
    assert not any(name.startswith("gamelib._") or "._" in name for name in RENDERED_MODULES)


def shown_text(html_part: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", html_part))


PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z0-9]\w*")
"""A private name, such as `_Moves` (not a dunder, not an attribute of something)."""


def test_the_reference_shows_no_private_name_in_a_signature_or_a_base(api_html: str) -> None:
    # The auditor read `no_moves(game: _ShowsStates[S], state: S)`: a reader cannot look
    # `_ShowsStates` up.  Each name a signature or a list of bases shows is documented.
    signatures = re.findall(r'<div class="doc-signature[^"]*"[^>]*>(.*?)</div>', api_html, re.S)
    assert len(signatures) > 700
    bases = re.findall(r'<p class="doc doc-class-bases">(.*?)</p>', api_html, re.S)
    assert len(bases) > 100
    private = {
        (shown_text(part).strip().split("\n")[0], name)
        for part in signatures + bases
        for name in PRIVATE.findall(shown_text(part))
    }
    assert private == set()
    shown = [shown_text(part).strip() for part in signatures]
    assert "no_moves(game: ShowsStates[S], state: S) -> NoMovesError" in shown
    assert "nan_guess(game: ShowsStates[S], state: S) -> NaNGuessError" in shown
    assert "win_guess: float = field(default=math.inf, kw_only=True)" in shown
    # The two-player catalog is its kinds, each declared (and documented) in its module.
    catalog = next(line for line in shown if line.startswith("CATALOG: Catalog[SearchKind]"))
    assert "NEGAMAX_AB_KIND" in catalog
    assert "PRESETS: PMap[str, Preset]" in shown
