"""gamelib's build hook: the exact solver's hot modules compiled with mypyc where it can.

Installing gamelib (`pip install .`, `pip install -e .`, and so `make demo` and `make
test`) runs `CompiledSolver.initialize` before the wheel is made.  Where a C compiler and
Python's headers are present, it compiles `HOT` with mypyc: a wheel carries the C
extensions beside the sources (and is tagged for this Python and platform); an editable
install leaves them in the source tree, as `make accelerate` does.  Where they are not,
or the compile fails for any reason, it says so in a sentence and the install goes on with
the pure-Python modules: the compiled and the pure solver give the same answers, the
compiled one sooner.  `gamelib --version` and `gamelib list` say which one runs.

GAMELIB_PURE=1 installs the pure modules without trying.  Run as a script, the file
compiles in place (`make accelerate`) or removes what a compile left (`make pure`):

    python hatch_build.py --in-place   # make accelerate
    python hatch_build.py --remove     # make pure
    python hatch_build.py --refresh    # make test: compile again if a source is newer
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script (make accelerate / make pure), outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]  # only the script runs then

ROOT = Path(__file__).resolve().parent

HOT = (
    "gamelib/games/connect4_board.py",
    "gamelib/games/connect4_packed.py",
    "gamelib/games/connect4_native.py",
    "gamelib/search/packed_methods.py",
    "gamelib/algorithms/word_table.py",
    "gamelib/algorithms/packed_search.py",
)
"""The modules compiled: the packed search, the class it calls, and Connect Four's packings."""

_BUILD = """
import sys
from mypyc.build import mypycify
from setuptools import setup

out, temp, *files = sys.argv[1:]
setup(
    name="gamelib-compiled-solver",
    ext_modules=mypycify(files, target_dir=temp + "/c"),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp + "/o"],
)
"""
"""What compiles HOT: mypyc's setuptools extensions, built into a directory of our own."""


def say(message: str) -> None:
    """A line on standard error: pip shows a build hook's output with -v only, so the
    install's own log (and pip -v) carry it."""
    print(f"gamelib: {message}", file=sys.stderr, flush=True)


def why_not() -> str | None:
    """Why no compile is tried here, or None when one is worth trying."""
    if os.environ.get("GAMELIB_PURE") == "1":
        return "GAMELIB_PURE=1"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"Python's headers are missing ({headers})"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = shlex.split(compiler)[0] if compiler.strip() else "cc"
    if shutil.which(program) is None:
        return f"no C compiler ({program} is not on PATH)"
    return None


def compile_hot(out: Path) -> list[Path]:
    """Compile HOT into `out` (a tree like the source's); the extension files made, or []
    when the compile failed (its output is shown)."""
    with tempfile.TemporaryDirectory(prefix="gamelib-mypyc-") as temp:
        done = subprocess.run(
            [sys.executable, "-c", _BUILD, str(out), temp, *HOT],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        sys.stderr.write((done.stdout + done.stderr)[-2000:])
        return []
    return sorted(path for path in out.rglob("*") if path.suffix in (".so", ".pyd"))


def compiled_here() -> list[Path]:
    """The extension files a compile left in the source tree."""
    stems = [Path(hot).with_suffix("") for hot in HOT]
    found = [path for stem in stems for path in ROOT.glob(f"{stem}.*.so")]
    return found + sorted(ROOT.glob("*__mypyc.*.so"))


def in_place() -> bool:
    """Compile HOT beside its sources (`make accelerate`); whether it was done."""
    reason = why_not()
    if reason is not None:
        say(f"the solver stays pure Python: {reason}")
        return False
    with tempfile.TemporaryDirectory(prefix="gamelib-compiled-") as out:
        made = compile_hot(Path(out))
        if not made:
            say("the compile failed (above): the solver stays pure Python")
            return False
        remove()
        for path in made:
            target = ROOT / path.relative_to(out)
            shutil.copy2(path, target)
    say(f"the solver's hot modules are compiled ({len(made)} extensions)")
    return True


def stale() -> bool:
    """Whether a compile left in the source tree is older than a source it was made from."""
    made = compiled_here()
    if not made:
        return False
    oldest = min(path.stat().st_mtime for path in made)
    return any((ROOT / hot).stat().st_mtime > oldest for hot in HOT)


def remove() -> None:
    """Remove what a compile left in the source tree (`make pure`)."""
    for path in compiled_here():
        path.unlink()


class CompiledSolver(BuildHookInterface):  # type: ignore[misc]  # hatchling is untyped here
    """hatchling's hook: see the module."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":  # the sources are imported where they are
            in_place()
            return
        # A wheel.  (Extensions a `make accelerate` left in the tree are not shipped:
        # .gitignore names *.so, and hatchling leaves out what git ignores.)
        reason = why_not()
        if reason is not None:
            say(f"the solver is installed as pure Python: {reason}")
            return
        out = Path(tempfile.mkdtemp(prefix="gamelib-compiled-"))
        self._made_in = out  # read by finalize, after the wheel is written
        made = compile_hot(out)
        if not made:
            say("the compile failed (above): the solver is installed as pure Python")
            return
        for path in made:
            build_data["force_include"][str(path)] = str(path.relative_to(out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        # The compiled modules call mypyc's runtime library (librt, installed with mypy
        # here): the wheel needs it wherever it is installed.
        build_data["dependencies"].append(f"librt>={metadata.version('librt')}")
        say(f"the solver's hot modules are compiled ({len(made)} extensions)")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        made_in: Path | None = getattr(self, "_made_in", None)
        if made_in is not None:
            shutil.rmtree(made_in, ignore_errors=True)


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["--in-place"]:
            sys.exit(0 if in_place() else 1)
        case ["--remove"]:
            remove()
        case ["--compiled"]:  # make docs: whether a compile is in the source tree
            sys.exit(0 if compiled_here() else 1)
        case ["--refresh"]:  # make test, make demo: compile again only what is stale
            if stale():
                say("a compiled module is older than its source: compiling again")
                if not in_place():
                    remove()  # better the pure modules than stale compiled ones
                    say("the stale compiled modules are removed")
        case _:
            sys.exit("usage: python hatch_build.py --in-place | --remove | --refresh | --compiled")
