"""The house's rules: every error gamelib raises on purpose is of one family (bad input or
stopped), every module stands on a floor of the import contract, and none is over 600
lines."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import pkgutil
import tomllib
from pathlib import Path

import pytest

import gamelib
from gamelib.cli import main
from gamelib.cli.commands import COMMANDS
from gamelib.core.human import UndoRequest
from gamelib.errors import InputError, StoppedError, exit_status

ROOT = Path(__file__).resolve().parents[1]


def gamelib_errors() -> list[type[BaseException]]:
    """Every public exception class defined in a gamelib module."""
    found: list[type[BaseException]] = []
    for info in pkgutil.walk_packages(gamelib.__path__, "gamelib."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.append(value)
    return found


def test_every_error_is_of_exactly_one_family() -> None:
    errors = gamelib_errors()
    assert len(errors) >= 40
    # A request the referee grants, and SIGTERM's Ctrl-C: neither is a mistake.
    outside = {UndoRequest.__name__, "TerminatedError"}
    orphans = [
        e.__qualname__
        for e in errors
        if e.__name__ not in outside
        and issubclass(e, InputError) == issubclass(e, StoppedError)
        and e not in (InputError, StoppedError)
    ]
    assert orphans == []


def test_each_error_keeps_its_builtin_kind() -> None:
    # The markers stand beside the builtin base, never instead of it.
    from gamelib.cli.specs import SpecError
    from gamelib.core.contracts import ContractError
    from gamelib.search.player import SearchDepthError
    from gamelib.seq import EmptySeqError

    assert issubclass(SpecError, ValueError)
    assert issubclass(EmptySeqError, ValueError)
    assert issubclass(ContractError, TypeError)
    assert issubclass(SearchDepthError, RecursionError)
    assert exit_status(SpecError("x")) == 2
    assert exit_status(ContractError("x")) == 1
    assert exit_status(ValueError("x")) is None


class MadeUpError(InputError, ValueError):
    """An error a new module adds: the command line needs no edit to say it."""


@pytest.mark.parametrize(("error", "status"), [(MadeUpError, 2), (StoppedError, 1)])
def test_a_new_error_of_a_family_needs_no_edit_of_the_command_line(
    error: type[Exception], status: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def raising(*args: object, **kwargs: object) -> int:
        raise error("a sentence of its own")

    monkeypatch.setattr("gamelib.cli.listing._list", raising)
    err = io.StringIO()
    assert main(["list"], io.StringIO(), io.StringIO(), err) == status
    prefix = "gamelib: " if status == 2 else "gamelib: game stopped: "
    assert err.getvalue() == f"{prefix}a sentence of its own\n"


def _layers_contract() -> dict[str, list[str]]:
    """The import contract's floors (pyproject.toml): its one layers contract."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c for c in contracts if c["type"] == "layers"]
    assert isinstance(layers, dict)
    return layers


def test_every_top_level_module_stands_on_a_floor_of_the_import_contract() -> None:
    # `make test` runs import-linter's layers contract (pyproject.toml); a module left out
    # of its floors could import anything, so every one must be named there.
    contract = _layers_contract()
    floors = {name.strip() for layer in contract["layers"] for name in layer.split(":")}
    modules = {f"gamelib.{info.name}" for info in pkgutil.iter_modules(gamelib.__path__)}
    assert modules - floors == set()
    assert floors - modules == set()


MOST_LINES = 600
"""The most lines a module of gamelib may have (issue 39)."""


def test_no_module_is_over_600_lines() -> None:
    """A module past 600 lines is split along a seam (a group of functions or a class to a
    module of its own, its names imported back), not squashed: each one over is named, with
    its count, and none is let off."""
    over = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in sorted((ROOT / "gamelib").rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    ]
    assert over == [], f"over {MOST_LINES} lines, to split: {'; '.join(over)}"


def test_the_architecture_page_lists_the_floors_of_the_contract() -> None:
    contract = _layers_contract()
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = page.split("```text\n", 1)[1].split("```", 1)[0]
    drawn = [line.split("  ")[0].strip() for line in drawing.splitlines()]
    assert drawn == [
        " : ".join(n.strip() for n in layer.split(":")) for layer in contract["layers"]
    ]


def test_the_architecture_page_shows_the_commands_as_the_code_lists_them() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    code = (ROOT / "gamelib" / "cli" / "commands.py").read_text(encoding="utf-8")
    (line,) = [line for line in code.splitlines() if line.startswith("COMMANDS: ")]
    assert f"```text\n{line}\n```" in page
    assert [c.name for c in COMMANDS] == [
        "play", "analyse", "trace", "solve", "book", "match", "run", "replay", "list", "demo",
        "check",
    ]  # fmt: skip


def test_the_tests_mirror_the_packages_of_gamelib() -> None:
    """A package of gamelib has its tests in the folder of the same name (tests/trace/ for
    gamelib/trace/); what tests a top-level module, or the house as a whole, is at the top."""
    tests = Path(__file__).resolve().parent
    support = {"strategies", "data", "golden", "__pycache__"}
    folders = {p.name for p in tests.iterdir() if p.is_dir() and p.name not in support}
    packages = {p.parent.name for p in (tests.parent / "gamelib").glob("*/__init__.py")}
    assert folders <= packages
    assert len(folders) >= 10
    for folder in folders:
        assert list((tests / folder).glob("test_*.py")), folder


def _private_imports() -> list[str]:
    """Every import, in gamelib, of a private name (`_name`, or a module `_name`) from
    another top-level package of gamelib, as `importer: what`."""
    package = ROOT / "gamelib"
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        here = parts[:1] if parts == ("gamelib", "__init__") else parts[:2]  # gamelib.cli
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[tuple[str, ...]] = []
            if isinstance(node, ast.Import):
                targets = [tuple(alias.name.split(".")) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from the importer's own package
                    base = module.split(".")
                    if parts[-1] != "__init__":
                        base = base[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    source = (*base, *node.module.split(".")) if node.module else tuple(base)
                else:
                    source = tuple((node.module or "").split("."))
                targets = [(*source, alias.name) for alias in node.names]
            for target in targets:
                if target[0] != "gamelib" or len(target) < 2:
                    continue
                if target[:2] == here:
                    continue  # within one top-level package, its own business
                if any(p.startswith("_") and not p.startswith("__") for p in target[1:]):
                    found.append(f"{module}: {'.'.join(target)}")
    return found


def test_no_module_imports_a_private_name_from_another_top_level_package() -> None:
    # A leading underscore says "this package's own business": gamelib.cli may share
    # gamelib.cli._common among its modules, but gamelib.algorithms may not reach into
    # gamelib.search._x, nor import a _name from gamelib.search.y.  What another package
    # needs is public (and so documented) or it stays where it is.
    assert _private_imports() == []
