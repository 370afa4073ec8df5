"""The build hook (hatch_build.py): when installing gamelib compiles the solver, and when not.

A real install either way is CI's (.ci/run installs once with a C compiler and once with
`CC=/bin/false`, and checks what `gamelib --version` says); here the hook's decisions.
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

import pytest

import hatch_build
from gamelib.cli._common import solver_build
from tests.algorithms.test_accelerated import HOT


def test_the_hook_compiles_the_modules_the_suite_calls_hot() -> None:
    root = Path(hatch_build.__file__).resolve().parent
    assert sorted(hatch_build.HOT) == sorted(
        str(Path(str(module.__file__)).relative_to(root)).split(".")[0] + ".py" for module in HOT
    )


def test_gamelib_pure_installs_the_pure_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMELIB_PURE", "1")
    assert hatch_build.why_not() == "GAMELIB_PURE=1"


def test_no_compiler_on_path_installs_the_pure_modules(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("GAMELIB_PURE", raising=False)
    monkeypatch.setenv("CC", "gcc-of-nowhere")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert hatch_build.why_not() == "no C compiler (gcc-of-nowhere is not on PATH)"


def test_a_compiler_and_headers_are_worth_a_try(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("GAMELIB_PURE", raising=False)
    compiler = tmp_path / "cc"
    compiler.write_text("#!/bin/sh\nexit 1\n")  # found; whether it works, the compile finds out
    compiler.chmod(0o755)
    monkeypatch.setenv("CC", str(compiler))
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    assert hatch_build.why_not() == (
        None if headers.is_file() else f"Python's headers are missing ({headers})"
    )


def test_no_compiled_module_is_older_than_its_source() -> None:
    # One would hide an edit of its source from every test; make test compiles again first.
    assert not hatch_build.stale(), "run make fresh (or make accelerate, or make pure)"


def test_the_command_line_says_which_solver_runs() -> None:
    running = all(not str(module.__file__).endswith(".py") for module in HOT)
    expected = "compiled with mypyc" if running else "in pure Python"
    assert expected in solver_build()
    print(f"gamelib runs {solver_build()}", file=sys.stderr)
