"""The grader's report in a notebook: both runs of the smallest failing tree in the docs'
stepper, side by side, stepped in Debian's headless Chromium where it is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib import check
from tests.check.students import alphabeta
from tests.outside import CHROMEDRIVER, CHROMIUM, missing
from tests.trace.test_stepper_browser import chromium, warn_not_run


def _page() -> tuple[str, check.Report]:
    report = check.alphabeta(alphabeta.NeverPrunes)
    return f"<html><body>{report._repr_html_()}</body></html>", report


def test_the_report_carries_both_steppers_whole() -> None:
    page, report = _page()
    assert page.count('class="gamelib-stepper-cell"') == 2
    assert "AlphaBeta on the smallest tree" in page
    assert "your search" in page
    failure = report.smallest
    assert failure is not None
    assert failure.case.text in page


@pytest.mark.outside
def test_both_runs_step_in_chromium(tmp_path: Path) -> None:
    page, report = _page()
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
            entered = sum(1 for verb, _ in run.log if verb in ("expand", "estimate"))
            assert counter.endswith(f"of {2 * entered + 1}") or cell is theirs, counter
            assert cell.find_element(By.CSS_SELECTOR, ".stepper-event").text.startswith(
                "search over: a is worth 0"
            )
        assert "your search" in mine.find_element(By.CSS_SELECTOR, ".stepper-player").text
    finally:
        driver.quit()
        profile.cleanup()
