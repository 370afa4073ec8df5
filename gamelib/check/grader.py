"""The grading loop: the handout trees first, then generated trees until one fails (shrunk to
a smallest one by Hypothesis) or the examples run out.

Each tree is searched by gamelib's reference here and by the student's code in the sandbox;
the two runs agree when they choose the same move, give the same value (when the student's
player gives one, through `analyse`), and expand and estimate the same positions in the same
order.  The student's code is assumed to be deterministic: each tree is run once, and
shrinking reuses what it did.  After a case that ran out of time no new tree is tried (each
would cost the whole time limit), so an endless loop is reported within seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from gamelib.check.kinds import Case, Kind, Run
from gamelib.check.report import Failure, Report, parting
from gamelib.check.sandbox import CannotGradeError, Limits, Sandbox

__all__ = ["Budget", "grade"]


@dataclass(frozen=True)
class Budget:
    """How much generating the grader does."""

    examples: int = 60
    """How many generated trees to try (fewer when shrinking finds one early)."""
    seed: int = 0
    """The seed of the generated trees: the same seed, the same trees."""
    seconds: float = 60.0
    """No new generated tree after this long (shrinking ends with what it has)."""


def _timed_out(run: Run) -> bool:
    return run.error is not None and run.error.startswith("it did not finish")


def grade(
    kind: Kind,
    code: object,
    name: str,
    *,
    limits: Limits | None = None,
    budget: Budget | None = None,
) -> Report:
    """Grade `code` (a callable, or a `StudentFile`) as `kind`; `name` is how the report
    calls it."""
    budget = Budget() if budget is None else budget
    empty = Report(kind.name, name, kind.reference_name)
    try:
        with Sandbox(code, kind, limits) as box:

            def judge(case: Case) -> Failure | None:
                reference = kind.reference(case)
                yours = box.run(case, reference)
                said = parting(kind, case, reference, yours)
                return None if said is None else Failure(case, reference, yours, said)

            found: list[Failure] = []
            checked = 0
            for case in kind.handouts:
                checked += 1
                failure = judge(case)
                if failure is not None:
                    found.append(failure)
                    if _timed_out(failure.yours):  # each further tree would cost as long
                        break
            failures = tuple(found)
            smallest = None
            if not any(_timed_out(f.yours) for f in failures):
                smallest, generated = _generated(kind, judge, budget)
                checked += generated
    except CannotGradeError as error:
        return Report(kind.name, name, kind.reference_name, cannot=str(error))
    if smallest is None and failures:
        smallest = min(failures, key=lambda f: len(f.case.text))
    return Report(
        empty.kind, name, empty.reference, checked, len(kind.handouts), failures, smallest
    )


def _generated(
    kind: Kind, judge: Callable[[Case], Failure | None], budget: Budget
) -> tuple[Failure | None, int]:
    if budget.examples <= 0:  # the handout trees only
        return None, 0
    from gamelib.check.generate import cases  # Hypothesis loads only when trees are generated

    try:
        from hypothesis import HealthCheck, Phase, find, settings
        from hypothesis.errors import NoSuchExample
    except ImportError:
        raise CannotGradeError(
            "the generated trees need Hypothesis: pip install 'gamelib[course]'"
        ) from None

    seen: dict[Case, Failure | None] = {}
    stopped = [False]
    ends = time.monotonic() + budget.seconds

    def fails(case: Case) -> bool:
        if case in seen:
            return seen[case] is not None
        if stopped[0] or time.monotonic() > ends:
            return False
        failure = judge(case)
        seen[case] = failure
        if failure is not None and _timed_out(failure.yours):
            stopped[0] = True
        return failure is not None

    how = settings(
        max_examples=budget.examples,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
    )
    try:
        found = find(
            cases(kind.family, kind.rule),
            fails,
            settings=how,
            random=random.Random(budget.seed),
        )
    except NoSuchExample:
        return None, len(seen)
    return seen[found], len(seen)
