"""The grader's report in a notebook: both runs of the smallest failing tree in the docs'
stepper, side by side, for two-player, chance and n-player trees, stepped in Debian's
headless Chromium where it is installed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gamelib import check
from gamelib.core.jsondata import JSON
from tests.check.students import alphabeta, cmput657, expectiminimax
from tests.outside import CHROMEDRIVER, CHROMIUM, missing
from tests.trace.test_stepper_browser import chromium, warn_not_run

SLIPS: dict[str, Callable[[], check.Report]] = {
    "alphabeta": lambda: check.alphabeta(alphabeta.NeverPrunes),
    "expectiminimax": lambda: check.expectiminimax(expectiminimax.Unweighted),
    "maxn": lambda: check.maxn(cmput657.MaxNFirstComponent),
}
"""A slip of each family, whose report shows both runs."""


def _page(kind: str) -> tuple[str, check.Report]:
    report = SLIPS[kind]()
    return f"<html><body>{report._repr_html_()}</body></html>", report


def _searches(page: str) -> list[dict[str, JSON]]:
    """The search of each stepper on the page, as its data carries it."""
    found = re.findall(
        r'<script type="application/json" class="gamelib-stepper-data">(.*?)</script>', page
    )
    searches = []
    for payload in found:
        data = json.loads(payload.replace("<\\/", "</"))
        (tree,) = data["trees"]
        searches.append(tree["searches"]["search"])
    return searches


def _dicts(items: JSON) -> list[dict[str, JSON]]:
    assert isinstance(items, list)
    found = []
    for item in items:
        assert isinstance(item, dict)
        found.append(item)
    return found


@pytest.mark.parametrize("kind", list(SLIPS))
def test_the_report_carries_both_steppers_whole(kind: str) -> None:
    page, report = _page(kind)
    assert page.count('class="gamelib-stepper-cell"') == 2
    assert f"{report.reference} on the smallest tree" in page
    assert "your search" in page
    failure = report.smallest
    assert failure is not None
    assert failure.case.text in page
    theirs, mine = _searches(page)
    # The student's run enters the positions of its log in order, and leaves every one it
    # entered; its answer is the one it gave.
    names = [node["name"] for node in _dicts(mine["nodes"])]
    steps = _dicts(mine["steps"])
    entered = [names[int(str(s["node"]))] for s in steps if s["event"] == "enter"]
    logged = [node for _, node in failure.yours.log]
    assert [n for i, n in enumerate(logged) if n not in logged[:i]] == [
        n for i, n in enumerate(entered) if n not in entered[:i]
    ]
    assert sum(1 for s in steps if s["event"] == "leave") == len(entered)
    assert steps[-1]["event"] == "done"
    assert steps[-1]["value"] == (failure.yours.value or "?")
    # gamelib's run ends with its answer: the reference's move.
    done = _dicts(theirs["steps"])[-1]
    assert done["event"] == "done"
    best = _dicts(theirs["nodes"])[int(str(done["best"]))]
    assert best["move"] == failure.reference.move


@pytest.mark.outside
@pytest.mark.parametrize("kind", list(SLIPS))
def test_both_runs_step_in_chromium(kind: str, tmp_path: Path) -> None:
    page, report = _page(kind)
    lacking = missing(CHROMIUM, CHROMEDRIVER)
    if lacking:
        warn_not_run(lacking, "the grader's two steppers", "the page carries both whole")
        assert page.count('class="gamelib-stepper-data"') == 2
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.wait import WebDriverWait

    failure = report.smallest
    assert failure is not None
    (tmp_path / "report.html").write_text(page, encoding="utf-8")
    driver, profile = chromium(1400, 900)
    try:
        driver.get((tmp_path / "report.html").as_uri())
        WebDriverWait(driver, 10).until(
            lambda d: (
                len(d.find_elements(By.CSS_SELECTOR, ".gamelib-stepper-cell.stepper-ready")) == 2
            )
        )
        theirs, mine = driver.find_elements(By.CSS_SELECTOR, ".gamelib-stepper-cell")
        for cell, run in ((theirs, failure.reference), (mine, failure.yours)):
            cell.find_element(By.CSS_SELECTOR, ".stepper-last").click()
            counter = cell.find_element(By.CSS_SELECTOR, ".stepper-counter").text
            # Every position entered is left again, and the answer is the last step.
            entered = sum(1 for verb, _ in run.log if verb in ("expand", "estimate", "end"))
            assert counter.endswith(f"of {2 * entered + 1}") or cell is theirs, counter
            said = cell.find_element(By.CSS_SELECTOR, ".stepper-event").text
            assert said.startswith("search over: a is worth "), said
            if cell is mine:
                assert said.startswith(f"search over: a is worth {run.value or '?'}, "), said
        assert "your search" in mine.find_element(By.CSS_SELECTOR, ".stepper-player").text
        driver.save_screenshot(str(tmp_path / "report.png"))
    finally:
        driver.quit()
        profile.cleanup()
