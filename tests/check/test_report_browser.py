"""The grader's report in a notebook: both runs of the smallest failing tree in the docs'
stepper, side by side, for every family of kinds (two-player under both pruning rules,
chance, n-player, the boolean solver and proofs), stepped in Debian's headless Chromium
where it is installed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gamelib import check
from gamelib.check.kinds import Run
from gamelib.check.report import Failure
from gamelib.core.jsondata import JSON
from tests.check.students import alphabeta, cmput657, expectiminimax
from tests.outside import CHROMEDRIVER, CHROMIUM, missing
from tests.trace.test_stepper_browser import chromium, warn_not_run

SLIPS: dict[str, Callable[[], check.Report]] = {
    "alphabeta": lambda: check.alphabeta(alphabeta.NeverPrunes),
    "alphabeta-cse473": lambda: check.alphabeta(alphabeta.AlphaBeta, rule="cse473"),
    "expectiminimax": lambda: check.expectiminimax(expectiminimax.Unweighted),
    "maxn": lambda: check.maxn(cmput657.MaxNFirstComponent),
    "boolean": lambda: check.boolean(cmput657.contrary),
    "proof": lambda: check.proof(cmput657.prove_for_the_mover),
}
"""A slip of each family, whose report shows both runs (15-150's AlphaBeta graded under
the CSE 473 projects' rule prunes on a tie, which that rule does not)."""

SOLVERS = ("boolean", "proof")


def _walked(kind: str, run: Run) -> list[str]:
    """The positions a run went through (a proof: those its tree keeps), each once, in
    order."""
    logged = [node for _, node in (run.proof if kind == "proof" else run.log)]
    return [n for i, n in enumerate(logged) if n not in logged[:i]]


def _over(kind: str, failure: Failure, mine: bool) -> str:
    """How the last step of a stepper begins, in words: the answer of the run."""
    run = failure.yours if mine else failure.reference
    if kind not in SOLVERS:
        return (
            f"search over: a is worth {run.value or '?'}, " if mine else "search over: a is worth "
        )
    if kind == "boolean":
        question = f"can Maxie win? {run.value}"
    else:
        question = f"does the tree prove that {failure.reference.value}? {'no' if mine else 'yes'}"
    return f"search over: {question}" + ("; " if mine else ", proved along a → ")


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
    # Each run enters the positions of its log in order (a proof: those its tree keeps),
    # and leaves every one it entered.
    for search, run in ((theirs, failure.reference), (mine, failure.yours)):
        names = [node["name"] for node in _dicts(search["nodes"])]
        steps = _dicts(search["steps"])
        entered = [names[int(str(s["node"]))] for s in steps if s["event"] == "enter"]
        assert _walked(kind, run) == [n for i, n in enumerate(entered) if n not in entered[:i]]
        assert sum(1 for s in steps if s["event"] == "leave") == len(entered)
    done = _dicts(mine["steps"])[-1]
    assert done["event"] == "done"
    answer = _dicts(theirs["steps"])[-1]
    assert answer["event"] == "done"
    if kind in SOLVERS:
        # The answer is the question asked and the run's answer to it; gamelib's comes with
        # its proof's line, from the root to a finished game its winner wins.
        assert done["holds"] is (failure.yours.value == "yes")
        assert answer["holds"] is (kind == "proof" or failure.reference.value == "yes")
        nodes = _dicts(theirs["nodes"])
        line = [nodes[int(str(n))] for n in _list(answer["line"])]
        assert [n["parent"] for n in line[1:]] == _list(answer["line"])[:-1]
        winner = failure.reference.value if kind == "proof" else None
        if winner is None:
            mover = str(line[0]["side"])
            winner = f"{mover if answer['holds'] else ({'Maxie', 'Minnie'} - {mover}).pop()} wins"
        assert line[-1]["side"] is None  # a finished game
        last = [s for s in _dicts(theirs["steps"]) if s.get("node") == _list(answer["line"])[-1]]
        assert last[-1]["value"] == winner
        return
    assert done["value"] == (failure.yours.value or "?")
    # gamelib's run ends with its answer: the reference's move.
    best = _dicts(theirs["nodes"])[int(str(answer["best"]))]
    assert best["move"] == failure.reference.move
    if kind == "alphabeta-cse473":
        # gamelib's strict alpha-beta shows its windows; where the two part, it searches a
        # position whose window is a tie (α = β), which 15-150's chart would have pruned.
        enters = [s for s in _dicts(theirs["steps"]) if s["event"] == "enter"]
        assert all(isinstance(s["window"], list) for s in enters)
        ties = [s for s in enters if _list(s["window"])[0] == _list(s["window"])[1]]
        assert ties, enters


def _list(items: JSON) -> list[JSON]:
    assert isinstance(items, list)
    return items


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
            entered = len(run.proof if kind == "proof" else run.log)
            assert counter.endswith(f"of {2 * entered + 1}") or cell is theirs, counter
            said = cell.find_element(By.CSS_SELECTOR, ".stepper-event").text
            assert said.startswith(_over(kind, failure, cell is mine)), said
        assert "your search" in mine.find_element(By.CSS_SELECTOR, ".stepper-player").text
        driver.save_screenshot(str(tmp_path / "report.png"))
    finally:
        driver.quit()
        profile.cleanup()
