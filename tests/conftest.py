"""Test settings shared by the whole suite."""

import warnings

import pytest
from hypothesis import HealthCheck, settings

from tests.outside import NOT_RUN

# Machines running CI are noisy: no per-example deadline, and a fixed budget.
settings.register_profile(
    "gamelib",
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("gamelib")


# A test that needs a program from outside Python (tests/outside.py) and found none says
# so with a warning starting with NOT_RUN; repeat those at the end of the run, where they
# cannot be missed.  (Under xdist the workers' warnings reach here too.)
_not_run: list[str] = []


def pytest_warning_recorded(
    warning_message: warnings.WarningMessage, when: str, nodeid: str, location: object
) -> None:
    text = str(warning_message.message)
    if text.startswith(NOT_RUN) and text not in _not_run:
        _not_run.append(text)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    if _not_run:
        terminalreporter.section(NOT_RUN, sep="!", red=True, bold=True)
        for text in _not_run:
            terminalreporter.write_line(text, red=True, bold=True)
