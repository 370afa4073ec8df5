"""Programs from outside Python that some tests need, and the one rule for them.

A test that needs Graphviz's `dot` or Debian's Chromium runs where the program is
installed.  Where it is not, the run says so loudly, in one line naming the program and
its Debian package, and the test checks the fallback instead: what a user without the
program gets (the DOT text, one clear sentence, the documented exit status).

Every such test carries the mark `outside`, so `.ci/run` can run them again once it has
installed the programs; with `GAMELIB_REQUIRE_OUTSIDE=1` in the environment (as that
second pass sets it) a missing program fails the test instead of warning.
"""

from __future__ import annotations

import os
import shutil
import warnings
from dataclasses import dataclass

import pytest

NOT_RUN = "NOT RUN"
"""How every warning of this module starts; conftest repeats them at the end of the run."""

REQUIRE = "GAMELIB_REQUIRE_OUTSIDE"
"""Set to 1 where every outside program must be there (the second pass of `.ci/run`)."""


class OutsideProgramMissingWarning(UserWarning):
    """A test that needs an outside program checked only its fallback."""


@dataclass(frozen=True)
class Program:
    """An outside program: its command, what people call it, its Debian package."""

    command: str
    title: str
    package: str

    def path(self) -> str | None:
        """Where the program is, on `PATH` (a fresh machine's pass hides it there)."""
        return shutil.which(self.command)

    def present(self) -> bool:
        return self.path() is not None


DOT = Program("dot", "Graphviz's dot program", "graphviz")
CHROMIUM = Program("chromium", "Chromium", "chromium")
CHROMEDRIVER = Program("chromedriver", "ChromeDriver", "chromium-driver")


def missing(*programs: Program) -> list[Program]:
    """The programs of `programs` this machine lacks."""
    return [p for p in programs if not p.present()]


def not_run(lacking: list[Program], what: str, instead: str) -> None:
    """Say loudly, in one line, that `what` was not checked for want of `lacking`, and
    what was checked `instead`; under `GAMELIB_REQUIRE_OUTSIDE` that is a failure."""
    names = " and ".join(f"{p.title} (Debian package {p.package})" for p in lacking)
    packages = " ".join(p.package for p in lacking)
    message = (
        f"{NOT_RUN}: {what}, for want of {names}; checked instead: {instead}.  "
        f"To run it: apt-get install {packages}"
    )
    if os.environ.get(REQUIRE):
        pytest.fail(f"{message} ({REQUIRE} is set: every outside program must be here)")
    # The suite turns warnings into errors; this one must be shown, not fail the test.
    with warnings.catch_warnings():
        warnings.simplefilter("always", OutsideProgramMissingWarning)
        warnings.warn(message, OutsideProgramMissingWarning, stacklevel=2)
