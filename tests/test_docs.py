"""The code in docs/ runs, and what it says is checked."""

from __future__ import annotations

import ast
import builtins
import contextlib
import doctest
import importlib
import io
import json
import re
import shlex
import subprocess
import sys
import textwrap
import tomllib
import types
from pathlib import Path

import pytest
from mypy import api as mypy_api

from gamelib.catalog import CATALOG
from gamelib.cli import main
from gamelib.cli.games import installed_games
from tests.outside import DOT, not_run
from tests.runner import run as cli_run

DOCS = Path(__file__).resolve().parents[1] / "docs"


def python_blocks(page: str) -> list[str]:
    """The runnable Python blocks of a page (not the ones that include source files)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    return [b for b in blocks if not b.lstrip().startswith("--8<--")]


PAGES = sorted(p.name for p in DOCS.glob("*.md"))
RUNNABLE = [page for page in PAGES if python_blocks(page)]


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


def test_write_your_own_game_s_file_is_quiet_on_import(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's code is race.py, which `gamelib --game-from race:RACE` imports before every
    # command: it printed `(1, Guess(guess=1.0))` and played a game there.
    assert run_page("write-your-own-game.md", monkeypatch) == ""


PAGE_RACE = "write-your-own-game.md"
"""The page whose code is `race.py`."""


def save_race(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The code of *Write your own game* saved as `race.py` in `folder`, as the page says,
    with `folder` on Python's path and no `race` imported yet."""
    (folder / "race.py").write_text(
        "\n".join(python_blocks("write-your-own-game.md")), encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, "race", raising=False)


def test_write_your_own_game_s_sessions_print_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_race(tmp_path, monkeypatch)
    text = (DOCS / PAGE_RACE).read_text(encoding="utf-8")
    sessions = re.findall(r"```pycon\n(.*?)```", text, flags=re.DOTALL)
    assert len(sessions) == 3
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)
    names: dict[str, object] = {}  # each session goes on in the one before's Python
    try:
        for number, session in enumerate(sessions):
            test = parser.get_doctest(session, names, f"{PAGE_RACE} session {number}", None, 0)
            runner.run(test, clear_globs=False)
            names = test.globs
    finally:
        sys.modules.pop("race", None)
    assert runner.failures == 0
    assert runner.tries == sum(s.count(">>> ") for s in sessions) == 15


def test_a_command_with_the_page_s_game_prints_only_its_own_output(tmp_path: Path) -> None:
    # As the reader runs it: a new Python in the folder that holds race.py.
    (tmp_path / "race.py").write_text(
        "\n".join(python_blocks("write-your-own-game.md")), encoding="utf-8"
    )
    for path in ("race:RACE", "race:game,estimator", "race:estimator"):
        argv = [sys.executable, "-m", "gamelib", "--game-from", path, "analyse", "race"]
        done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.startswith("the total is 0; Maxie to add 1 or 2\n"), done.stdout
    # The bare game, as the page runs it: solved without an estimator.
    argv = [sys.executable, "-m", "gamelib", "--game-from", "race:game", "solve", "race"]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert "Maxie, to move, wins" in done.stdout, done.stdout


def text_blocks(page: str) -> list[str]:
    """The ``text`` blocks of a page: what it says its Python blocks print."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"```text\n(.*?)```", text, flags=re.DOTALL)


def test_add_a_search_algorithm_prints_what_the_page_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = text_blocks("add-a-search-algorithm.md")
    assert len(shown) == 5
    assert run_page("add-a-search-algorithm.md", monkeypatch) == "".join(shown)


def test_add_a_search_algorithm_s_kind_runs_from_the_shell_as_the_page_says(
    tmp_path: Path,
) -> None:
    # As the reader runs it: memo.py as the page says, a new Python in its folder.
    page = "add-a-search-algorithm.md"
    (tmp_path / "memo.py").write_text(kind_module(page), encoding="utf-8")
    text = (DOCS / page).read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL)[0].splitlines()
    analysed = text_blocks(page)[-1]  # what main(..., catalog=catalog) printed
    argv = [sys.executable, "-m", "gamelib", *shlex.split(commands[0])[1:]]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, analysed, "")
    argv = [sys.executable, "-m", "gamelib", *shlex.split(commands[1])[1:]]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert "  memo       Minimax that remembers positions, memo:DEPTH\n" in done.stdout


def kind_module(page: str) -> str:
    """The module of search kinds a page's `--kind-from` names, as the page tells its
    reader to save it: the factory (the first block) with the kind (the catalog entry's
    block up to the catalog)."""
    blocks = python_blocks(page)
    entry = next(b for b in blocks if "SearchKind(" in b)
    return blocks[0] + entry.partition("catalog = ")[0]


def test_beyond_the_lectures_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("beyond-the-lectures.md")
    assert len(shown) == 7
    assert run_page("beyond-the-lectures.md", monkeypatch) == "".join(shown)


def test_many_players_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("many-players.md")
    printed = [b for b in shown if not b.startswith("--8<--")]
    assert len(printed) == 5
    assert run_page("many-players.md", monkeypatch) == "".join(printed)


def test_chance_seen_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("chance.md")
    assert run_page("chance.md", monkeypatch) == shown[-1]


def load_hooks() -> types.ModuleType:
    """docs/hooks.py, as MkDocs loads it (it is not a module of the package)."""
    hooks = types.ModuleType("docs_hooks")
    exec(
        compile((DOCS / "hooks.py").read_text(encoding="utf-8"), "docs/hooks.py", "exec"),
        hooks.__dict__,
    )
    return hooks


def test_the_players_table_gives_every_default_as_typed() -> None:
    # The auditor found `(None)` and `(frozenset({'table', 'killers', 'history'}))` here, the
    # second in an order that changed from build to build.
    rows = {
        row.split(" | ")[0].strip("|` "): row for row in load_hooks().catalog_table().splitlines()
    }
    for kind in CATALOG:
        for option in kind.options:
            typed = option.default_text()
            assert re.fullmatch(r"[a-z0-9.]+", typed), (kind.name, option.name, typed)
            assert option.parse(typed) == option.default, (kind.name, option.name, typed)
            assert f"`{option.name}`: {option.summary} (default `{typed}`)" in rows[kind.name]
    assert "(default `none`)<br>`table`" in rows["id"]
    assert rows["id"].endswith("(default `all`) | numeric estimates |")
    assert "frozenset" not in rows["id"]
    assert "None" not in rows["id"]


@pytest.mark.outside
def test_docs_hook_draws_every_chance_picture(tmp_path: Path) -> None:
    hooks = load_hooks()
    if not DOT.present():
        not_run([DOT], "the chance page's pictures drawn", "the docs build's refusal")
        with pytest.raises(SystemExit, match="Graphviz's dot program"):
            hooks.generate_chance(tmp_path)
        return
    hooks.generate_chance(tmp_path)
    page = (DOCS / "chance.md").read_text(encoding="utf-8")
    pictures = re.findall(r"\(generated/([a-z0-9_]+\.svg)\)", page)
    assert len(pictures) == 4
    for picture in pictures:
        assert (tmp_path / picture).read_text(encoding="utf-8").count("<svg") == 1
    for text in re.findall(r'--8<-- "docs/generated/([a-z0-9_]+\.txt)"', page):
        assert (tmp_path / text).read_text(encoding="utf-8").startswith("Evaluating (Maxie,a)")


def test_the_pages_with_examples_are_the_expected_ones() -> None:
    assert RUNNABLE == [
        "add-a-search-algorithm.md",
        "beyond-the-lectures.md",
        "chance.md",
        "index.md",
        "many-players.md",
        "matches.md",
        "mcts.md",
        "notebooks.md",
        "openspiel.md",
        "parallel-search.md",
        "proof-numbers.md",
        "write-your-own-game.md",
    ]


def test_mcts_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("mcts.md")
    assert len(shown) == 4
    assert run_page("mcts.md", monkeypatch) == "".join(shown)


def test_notebooks_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("notebooks.md")
    assert len(shown) == 4
    assert run_page("notebooks.md", monkeypatch) == "".join(shown)


def test_matches_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("matches.md")
    assert len(shown) == 1
    assert run_page("matches.md", monkeypatch) == shown[0]


def test_proof_numbers_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("proof-numbers.md")
    assert len(shown) == 2
    assert run_page("proof-numbers.md", monkeypatch) == shown[0]
    # The thinking line, and Ctrl-C at its third update: what the command writes.
    terminal = _StopsAt(3)
    status, _, err = cli_run(
        "solve", "connect4", "--cols", "5", "--rows", "4", "--method", "pns", stderr=terminal
    )
    last, said = err.split("\r")[-2], err.split("\r\x1b[K")[-1]
    thinking = re.sub(r"\d+\.\d s;", "1.1 s;", last.removesuffix("\x1b[K"))
    assert status == 1
    assert f"{thinking}\n{said}" == shown[1]


class _StopsAt(io.StringIO):
    """A terminal that presses Ctrl-C at the `n`th progress line."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.left = n

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        written = super().write(text)
        if text.startswith("\rsolving"):
            self.left -= 1
            if self.left == 0:
                raise KeyboardInterrupt
        return written


def test_many_cores_prints_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = text_blocks("parallel-search.md")
    assert len(shown) == 1
    assert run_page("parallel-search.md", monkeypatch) == shown[0]


@pytest.mark.parametrize("page", RUNNABLE)
def test_every_example_runs(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    run_page(page, monkeypatch)


@pytest.mark.parametrize("page", PAGES)
def test_included_source_sections_exist(page: str) -> None:
    """Each ``--8<-- "file:section"`` names a file with that section's markers."""
    text = (DOCS / page).read_text(encoding="utf-8")
    root = DOCS.parent
    for target in re.findall(r'--8<-- "([^"]+)"', text):
        path, _, section = target.partition(":")
        if path.startswith("docs/generated/"):
            continue  # drawn by docs/hooks.py at build time
        source = (root / path).read_text(encoding="utf-8")
        if section:
            assert f"# --8<-- [start:{section}]" in source, target
            assert f"# --8<-- [end:{section}]" in source, target


INCLUDED_SECTIONS = sorted(
    {
        (page, target)
        for page in PAGES
        for target in re.findall(r'--8<-- "([^"]+\.py:[^"]+)"', (DOCS / page).read_text("utf-8"))
    }
)
"""Every source section a page shows, with the page showing it."""

DEFINITION = re.compile(r"(async def|def|class) \w|@|\w+(: [^=]+)?( =|$)")
"""A line that starts a definition: a def, a class, a decorator, or a name bound or declared."""


def test_mkdocs_dedents_included_sections() -> None:
    # A closure's section (Minimax's search) is indented in its file; shown, it starts at
    # column 0 only because the snippets extension removes the common indentation.
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"pymdownx\.snippets:\n(\s+.*\n)*?\s+dedent_subsections: true", config)


def shown_section(path: str, section: str) -> str:
    """A source section as a page shows it: its lines without the markers, dedented."""
    lines = (DOCS.parent / path).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if f"# --8<-- [start:{section}]" in line)
    end = next(i for i, line in enumerate(lines) if f"# --8<-- [end:{section}]" in line)
    return textwrap.dedent("\n".join(ln for ln in lines[start + 1 : end] if "--8<--" not in ln))


@pytest.mark.parametrize(("page", "target"), INCLUDED_SECTIONS)
def test_included_sections_start_at_a_whole_definition(page: str, target: str) -> None:
    # A section that starts inside a function shows the reader an indented `while True:`
    # without its def: each must start at its own least indentation, with a definition.
    path, _, section = target.partition(":")
    shown = shown_section(path, section)
    code = [line for line in shown.splitlines() if line.strip()]
    assert code, (page, target)
    assert not code[0][0].isspace(), (page, target, code[0])
    first = next(line for line in code if not line.startswith("#"))
    assert DEFINITION.match(first), (page, target, first)
    # Whole statements only, and none that needs a function around it (a `return` at
    # column 0 reads as a module returning).
    compile(shown, target, "exec")


def shown_include(target: str) -> tuple[str, str]:
    """What `--8<-- "target"` shows on a built page, and the source file it comes from.

    A section is dedented, as the snippets extension does; an excerpt in docs/generated/
    is what docs/hooks.py writes there (a section under its function's header).
    """
    path, _, section = target.partition(":")
    if path.startswith("docs/generated/"):
        name = path.removeprefix("docs/generated/")
        source, part = next((src, sec) for n, src, sec in load_hooks().EXCERPTS if n == name)
        text = (DOCS.parent / source).read_text(encoding="utf-8")
        return str(load_hooks().excerpt(text, part)), source
    if section:
        return shown_section(path, section), path
    return (DOCS.parent / path).read_text(encoding="utf-8"), path


def companion_fragments() -> list[tuple[str, str, str]]:
    """Each code block of the Lecture companion: the words beside it (its grid's prose), the
    source file it comes from, and its code as the built page shows it."""
    page = (DOCS / "lecture-companion.md").read_text(encoding="utf-8")
    fence = r"```python\n--8<-- \"([^\"]+)\"\n```"
    found = []
    for grid in page.split('<div class="grid" markdown>')[1:]:
        words = re.sub(fence, "", grid)
        for target in re.findall(fence, grid):
            code, source = shown_include(target)
            found.append((words, source, code))
    return found


def bound_names(tree: ast.AST) -> set[str]:
    """The names a piece of code binds: assigned, defined, imported, parameters, captures."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.MatchAs | ast.MatchStar | ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def test_the_lecture_companion_shows_whole_fragments() -> None:
    fragments = companion_fragments()
    page = (DOCS / "lecture-companion.md").read_text(encoding="utf-8")
    assert len(fragments) == page.count("```python") == 17
    for _, source, code in fragments:
        first = next(line for line in code.splitlines() if line.strip())
        assert re.match(r"(# .*|def \w+|class \w+|@|\w+(: [^=]+)? =)", first), (source, first)
        compile(code, source, "exec")  # no `return` outside its function, no half statement
    minimax = [code for _, source, code in fragments if source.endswith("minimax.py")]
    assert [code.splitlines()[0] for code in minimax] == [
        "def Minimax(",  # its opening
        "# The two reductions, made once for the player rather than at every position:",
        "def search(d: int, s: S, /) -> Edge[M, G]:",
        "def evaluate(d: int, st: Status[S], /) -> Est[G]:",
        "def Minimax(",  # its end, under its header
    ]
    assert minimax[-1].splitlines()[3] == "    ..."
    assert minimax[-1].endswith(
        '\n    return search_player(f"Minimax(depth {depth})", settings, root)\n'
    )


def test_an_excerpt_marks_what_it_leaves_out_of_its_function() -> None:
    source = (DOCS.parent / "gamelib/estimate/minimax.py").read_text(encoding="utf-8")
    shown = load_hooks().excerpt(source, "choose").splitlines()
    assert shown[:4] == [
        "def Minimax(",
        "    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None",
        ") -> SearchPlayer[S, M, G]:",
        "    ...",  # the docstring and the opening
    ]
    assert shown[4].startswith("    # The two reductions, made once for the player")
    assert "    def choose(side: Side) -> Callable[[Seq[Edge[M, G]]], Edge[M, G]]:" in shown
    assert shown[-1] == "    ..."  # search, evaluate and the end
    with pytest.raises(ValueError, match="section opening is not inside a function"):
        load_hooks().excerpt(source, "opening")


def test_every_name_in_the_lecture_companion_s_code_is_met_or_explained() -> None:
    # Each name a fragment uses is bound by a fragment of the same file, is a builtin, is
    # a public name of its module, or is named in `code` in the words beside it.  (The
    # auditor met `est`, bound nowhere shown, and `_guard_depth`, `_BuiltPlayer` and
    # `make_scan`, which nothing explained.)
    fragments = companion_fragments()
    bound: dict[str, set[str]] = {}
    for _, source, code in fragments:
        bound.setdefault(source, set()).update(bound_names(ast.parse(code)))
    unexplained = []
    for words, source, code in fragments:
        module = vars(importlib.import_module(source.removesuffix(".py").replace("/", ".")))
        used = {
            node.id
            for node in ast.walk(ast.parse(code))
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
        }
        for name in sorted(used - bound[source] - set(dir(builtins))):
            public = name in module and not name.startswith("_")
            if not public and not re.search(rf"`[^`]*\b{name}\b[^`]*`", words):
                unexplained.append((source, name))
    assert unexplained == []
    named = " ".join(words for words, _, _ in fragments)
    assert "make_scan" not in named  # not in the API reference: the page does not send you there


@pytest.mark.outside
def test_docs_hook_draws_every_picture(tmp_path: Path) -> None:
    hooks = load_hooks()
    if not DOT.present():
        not_run([DOT], "the alpha-beta pages' pictures drawn", "the docs build's refusal")
        with pytest.raises(SystemExit, match="Graphviz's dot program"):
            hooks.generate(tmp_path)
        return
    written = hooks.generate(tmp_path)
    table = (tmp_path / "catalog.md").read_text(encoding="utf-8")
    for kind in CATALOG:
        assert f"| `{kind.name}` | `{kind.usage()}` | {kind.summary} |" in table
    assert "`prune`: share of each position's moves searched one by one" in table
    assert sorted(p.name for p in written if p.suffix == ".svg") == [
        "big_alphabeta.svg",
        "cse473_alphabeta.svg",
        "small_alphabeta.svg",
        "small_jamboree.svg",
        "small_minimax.svg",
        "uneven_alphabeta.svg",
        "wikipedia_alphabeta.svg",
    ]
    page = (DOCS / "alpha-beta-seen.md").read_text(encoding="utf-8")
    for picture in re.findall(r"\(generated/([a-z0-9_]+\.svg)\)", page):
        assert (tmp_path / picture).read_text(encoding="utf-8").count("<svg") == 1


@pytest.mark.parametrize("page", RUNNABLE)
def test_doc_code_type_checks(page: str, tmp_path: Path) -> None:
    source = tmp_path / "doc_code.py"
    source.write_text("\n".join(python_blocks(page)), encoding="utf-8")
    stdout, stderr, status = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir=/dev/null", str(source)]
    )
    assert status == 0, stdout + stderr


def shell_lines() -> list[tuple[str, str, str]]:
    """Every ``gamelib ...`` line in the README's and the docs' shell blocks: (page,
    command, comment)."""
    found = []
    for path in [DOCS.parent / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
            for line in block.splitlines():
                command, _, comment = line.partition("#")
                if command.strip().startswith(".venv/bin/gamelib "):
                    found.append((path.name, command.strip(), comment))
    return found


def shell_examples() -> list[tuple[str, list[str]]]:
    """Every ``gamelib ...`` command in the README's and the docs' shell blocks."""
    return [(page, shlex.split(command)[1:]) for page, command, _ in shell_lines()]


def needs_graphviz(argv: list[str]) -> bool:
    """Whether a command draws a picture, which takes Graphviz's dot program."""
    return any(a in ("--svg", "--png") or a.startswith(("--svg=", "--png=")) for a in argv)


def test_a_command_that_needs_graphviz_says_so_where_it_stands() -> None:
    # A fresh machine has no Graphviz: the page must tell its reader what the command needs.
    drawing = [(p, c, n) for p, c, n in shell_lines() if needs_graphviz(shlex.split(c))]
    assert len(drawing) >= 3
    assert [(p, c) for p, c, note in drawing if "needs Graphviz" not in note] == []


def game_from_words(argv: list[str]) -> set[str]:
    """The `--game-from` and `--kind-from` MODULE:OBJECT words of `argv`, which stand
    before the command."""
    return {
        w
        for i, w in enumerate(argv)
        if {"--game-from", "--kind-from"} & {w, argv[i - 1] if i else ""}
    }


def save_page_code(
    page: str, argv: list[str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """For each `--game-from MODULE:OBJECT` of a page's command, the page's code saved as
    MODULE.py in `folder`, as the page tells its reader to (for `--kind-from`, its kinds'
    module); the modules' names."""
    modules = [argv[i + 1].split(":")[0] for i, arg in enumerate(argv[:-1]) if arg == "--game-from"]
    for module in modules:
        (folder / f"{module}.py").write_text("\n".join(python_blocks(page)), encoding="utf-8")
        monkeypatch.delitem(sys.modules, module, raising=False)
    kinds = [argv[i + 1].split(":")[0] for i, arg in enumerate(argv[:-1]) if arg == "--kind-from"]
    for module in kinds:  # and for each --kind-from MODULE:OBJECT, the kinds' module
        (folder / f"{module}.py").write_text(kind_module(page), encoding="utf-8")
        monkeypatch.delitem(sys.modules, module, raising=False)
    return modules + kinds


def test_the_entry_point_the_page_shows_plays_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `pyproject.toml` table of *Write your own game*, installed as pip would (a
    dist-info folder with its entry points), with the page's code as `race.py`."""
    page = (DOCS / "write-your-own-game.md").read_text(encoding="utf-8")
    (table,) = re.findall(r"```toml\n(.*?)```", page, flags=re.DOTALL)
    points = tomllib.loads(table)["project"]["entry-points"]["gamelib.games"]
    assert points == {"race": "race:RACE"}
    info = tmp_path / "race-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: race\nVersion: 1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in points.items())
    (info / "entry_points.txt").write_text(f"[gamelib.games]\n{lines}")
    save_race(tmp_path, monkeypatch)
    installed_games.cache_clear()
    try:
        out, err = io.StringIO(), io.StringIO()
        assert main(["list"], stdout=out, stderr=err) == 0
        assert "  race       add 1 or 2; whoever reaches 10 wins\n" in out.getvalue()
        argv = ["play", "race", "--maxie", "alphabeta", "--minnie", "alphabeta"]
        out = io.StringIO()
        assert main([*argv, "--exit-code"], stdout=out, stderr=err) == 10  # Maxie wins from 0
        assert out.getvalue().endswith("Game over! Maxie wins!\n")
        assert err.getvalue() == ""
    finally:
        installed_games.cache_clear()
        sys.modules.pop("race", None)


@pytest.mark.parametrize(
    ("page", "argv"),
    [
        pytest.param(page, argv, marks=[pytest.mark.outside] if needs_graphviz(argv) else [])
        for page, argv in shell_examples()
    ],
)
def test_shell_examples_run(
    page: str,
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)  # examples may write pictures
    modules = save_page_code(page, argv, tmp_path, monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    try:
        status = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    finally:
        for module in modules:
            sys.modules.pop(module, None)
    # Everything the command says goes to its own streams: a module of a page that printed
    # when imported (race.py printed `(1, Guess(guess=1.0))`) would show here.
    assert capsys.readouterr() == ("", "")
    if "human" in argv or any(arg.endswith("_HvAB") for arg in argv):
        # A human player with no input: the game stops cleanly at the first prompt.
        assert status == 1, err.getvalue()
        assert err.getvalue().startswith("gamelib: game stopped: the input ended")
    elif next(a for a in argv if a not in game_from_words(argv)) in ("play", "run"):
        # A game played to the end is a job done, whoever won (--exit-code would say who).
        assert status == 0, err.getvalue()
        if "--json" in argv:  # the game on standard error, one JSON object on standard output
            assert "Game over!" in err.getvalue()
            assert json.loads(out.getvalue())["finished"] is True
        else:
            assert err.getvalue() == ""
            assert "Game over!" in out.getvalue()
    elif needs_graphviz(argv) and not DOT.present():
        # What a fresh machine gets: the trace, the DOT kept, one sentence and exit 1.
        not_run([DOT], f"{page}'s command {' '.join(argv)}", "the DOT kept and the sentence")
        assert status == 1
        assert err.getvalue().startswith("gamelib: Graphviz's dot program is not installed, so ")
        assert "(Debian: apt-get install graphviz)" in err.getvalue()
        assert out.getvalue()
        assert list(tmp_path.glob("*.dot"))
    else:
        assert (status, err.getvalue()) == (0, "")
        assert out.getvalue()


def test_there_are_shell_examples() -> None:
    assert len(shell_examples()) >= 8


def _nav_pages() -> list[str]:
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config.split("\nnav:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r":\s+(\S+\.md)$", nav, flags=re.MULTILINE)


def test_the_tour_points_to_every_other_page() -> None:
    tour = (DOCS / "index.md").read_text(encoding="utf-8")
    read_next = tour.split("## Where to read next", 1)[1]
    pages = _nav_pages()
    assert len(pages) >= 14
    missing = [p for p in pages if p != "index.md" and f"]({p})" not in read_next]
    assert missing == []


@pytest.mark.parametrize("page", PAGES)
def test_no_code_span_escapes_a_pipe(page: str) -> None:
    # Markdown tables keep the backslash of \| inside `code`: the reader would see it.
    text = (DOCS / page).read_text(encoding="utf-8")
    assert re.findall(r"`[^`\n]*\\\|[^`\n]*`", text) == []
