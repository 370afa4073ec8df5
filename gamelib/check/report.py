"""What the grader says: a report that prints as the command line writes it, shows both runs
side by side in a notebook, and draws the smallest failing tree for Graphviz.

The first line is the verdict: `Passed`, `Not yet` (the code disagrees with gamelib on some
tree) or `Cannot grade` (it could not be run at all).  After a `Not yet`: the smallest tree
where the two part, in the tree text, what gamelib's reference did and what the student's
code did, and the first step where they part, in one sentence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import final

from gamelib.check.families import Outline, Step, two_player
from gamelib.check.kinds import KINDS, NOT_WRITTEN, Case, Kind, Run, shown
from gamelib.check.references import windowed_value
from gamelib.check.windows import pvs_context
from gamelib.core.trees import Leaf
from gamelib.games.explicit import Node, parse_tree
from gamelib.trace.graphviz import dot_quote

__all__ = ["Failure", "Report", "parting", "steps_text"]


@final
@dataclass(frozen=True)
class Failure:
    """One case where the student's code and the reference part."""

    case: Case
    """The tree."""
    reference: Run
    """What gamelib's reference did."""
    yours: Run
    """What the student's code did."""
    parting: str
    """The first step where they part, in one sentence."""


_VERBS = {"expand": "expanded node", "estimate": "estimated leaf", "end": "reached the end"}


def _step(step: Step) -> str:
    verb, node = step
    return f"{_VERBS.get(verb, verb)} {node}"


def steps_text(log: tuple[Step, ...]) -> str:
    """A log in a few words: `a b (c d)` lists the nodes expanded, the leaves estimated in
    parentheses and the ends reached after `!`.

    ```pycon
    >>> steps_text((("expand", "a"), ("estimate", "b"), ("end", "c")))
    'a (b) c!'

    ```
    """
    words = {"expand": "{}", "estimate": "({})", "end": "{}!"}
    return " ".join(words.get(verb, "{}").format(node) for verb, node in log) or "nothing"


def _number(x: float) -> str:
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return f"{x:g}"


def _cuts(text: str, strict: bool) -> dict[str, str]:
    """For each node of the two-player tree `text`, why alpha-beta skips it (the node where
    the cut happened and the window there) or why it does not (the window at its parent
    when it is reached)."""
    reasons: dict[str, str] = {}

    def skip(node: Node | Leaf[float], why: str) -> None:
        reasons[node.name] = why
        if isinstance(node, Node):
            for child in node.children:
                if isinstance(child, Node | Leaf):
                    skip(child, why)

    def walk(node: Node | Leaf[float], maxie: bool, alpha: float, beta: float) -> float:
        if isinstance(node, Leaf):
            return node.value
        best = -math.inf if maxie else math.inf
        kids = [c for c in node.children if isinstance(c, Node | Leaf)]
        side = "Maxie" if maxie else "Minnie"
        for i, child in enumerate(kids):
            if i:
                far, bound_name = (beta, "β") if maxie else (alpha, "α")
                reasons[child.name] = (
                    f"at node {node.name} ({side}) the best so far is {_number(best)} and "
                    f"{bound_name} = {_number(far)}, so {node.name}'s moves are still searched"
                )
            x = walk(child, not maxie, alpha, beta)
            if maxie:
                best = max(best, x)
                cut = best > beta if strict else best >= beta
                sign, bound, end = (">" if strict else "≥"), beta, "β"
            else:
                best = min(best, x)
                cut = best < alpha if strict else best <= alpha
                sign, bound, end = ("<" if strict else "≤"), alpha, "α"
            if cut and i + 1 < len(kids):
                why = (
                    f"at node {node.name} ({side}), {child.name} is worth {_number(x)} "
                    f"{sign} {end} = {_number(bound)}, so {node.name}'s later moves are pruned"
                )
                for later in kids[i + 1 :]:
                    skip(later, why)
                return best
            if maxie:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        return best

    tree = parse_tree(text)
    if isinstance(tree, Node):
        walk(tree, True, -math.inf, math.inf)
    return reasons


def _child_name(kind: Kind, case: Case, move: str | None) -> str:
    try:
        outline = kind.outline(case.text)
        return f" (to {outline.children[int(move or '')][1].name})"
    except (ValueError, IndexError):
        return ""


def parting(kind: Kind, case: Case, reference: Run, yours: Run) -> str | None:
    """The first step where `yours` parts from `reference`, in one sentence; None when they
    agree."""
    ref = kind.reference_name
    if yours.error is not None:
        last = yours.error.splitlines()[-1]
        if last.startswith("it "):  # out of time, or the process ended
            return f"your code gave no answer: {last}"
        return f"your code stopped with an error: {last}"
    if yours.verdict is not None:
        return f"your proof tree does not hold: {yours.verdict}"
    if kind.shape == "solver" and yours.value != reference.value:
        return f"{ref} answers {reference.value}; your code answers {yours.value}"
    if kind.compares_log and yours.log != reference.log:
        mine, theirs = yours.log, reference.log
        i = next(
            (j for j, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        after = f"after {i} step{'s' if i != 1 else ''} in common, " if i else ""
        windows = kind.prunes and kind.family == "two-player"
        reasons = _cuts(case.text, strict=case.rule == "cse473") if windows else {}
        context = pvs_context(case.text, case.depth) if kind.name == "pvs" else {}
        now = context.get(i if i < len(theirs) else i - 1)  # where the reference was
        where = "" if now is None else f" ({now})"
        if i < len(theirs) and theirs[i] not in mine:
            said = f"{after}your search never {_step(theirs[i])}, which {ref} does"
            why = reasons.get(theirs[i][1])
            return said + where if why is None else f"{said}: {why}"
        if i >= len(mine):
            return f"{after}your search stopped, and {ref} then {_step(theirs[i])}{where}"
        step = mine[i]
        if step not in theirs:
            said = f"{after}your search {_step(step)}, which {ref} never does"
            why = reasons.get(step[1])
            return said + where if why is None else f"{said}: {why}"
        if i >= len(theirs):
            return f"{after}{ref} stops{where}, and your search {_step(step)} again"
        return f"{after}{ref} {_step(theirs[i])} next{where}, and your search {_step(step)}"
    if reference.move is not None and yours.move != reference.move:
        worth = f", worth {reference.value}" if reference.value is not None else ""
        also = f" (worth {yours.value})" if yours.value is not None else ""
        return (
            f"{ref} moves {reference.move}{_child_name(kind, case, reference.move)}{worth}; "
            f"your search moves {yours.move}{_child_name(kind, case, yours.move)}{also}"
        )
    if yours.value is not None and yours.value != reference.value:
        what = "answers" if kind.shape == "solver" else "values the root at"
        return f"{ref} {what} {reference.value}; your code {what} {yours.value}"
    return _returned(kind, case, reference, yours)


def _returned(kind: Kind, case: Case, reference: Run, yours: Run) -> str | None:
    """Where `yours` returns another value than `reference` from a window at the root
    (`negamax-ab`), and which convention each value is."""
    for (a, b, theirs), (_, _, mine) in zip(reference.returned, yours.returned, strict=False):
        if theirs == mine:
            continue
        rule, other = ("fail-soft", "fail-hard") if case.fail_soft else ("fail-hard", "fail-soft")
        game, settings = two_player(case.text, case.depth, [])
        flipped = windowed_value(settings, game.start, a, b, fail_soft=not case.fail_soft)
        root = kind.outline(case.text).name
        name = kind.reference_name.split(" (")[0]  # without the rule it may name
        said = (
            f"searching the root {root} with the window (α, β) = ({_number(a)}, {_number(b)}), "
            f"{name} ({rule}) returns {theirs}, "
            + ("the value it found, beyond the window" if case.fail_soft else "the bound itself")
        )
        also = f", which is what {other} returns" if shown(flipped) == mine else ""
        return f"{said}; your search returns {mine}{also}"
    return None


def _run_text(run: Run, kind: Kind) -> str:
    if run.error is not None:
        return "no answer:\n" + "\n".join("    " + line for line in run.error.splitlines())
    parts = []
    if run.move is not None:
        parts.append(f"move {run.move}")
    if run.value is not None:
        parts.append(("answer " if kind.shape == "solver" else "value ") + run.value)
    if run.verdict is not None:
        parts.append(run.verdict)
    if run.returned:
        parts.append(
            "from the windows "
            + ", ".join(f"({_number(a)}, {_number(b)}) returns {x}" for a, b, x in run.returned)
        )
    if kind.compares_log:
        parts.append("steps: " + steps_text(run.log))
    return "; ".join(parts)


@final
@dataclass(frozen=True)
class Report:
    """The grader's verdict on one piece of code."""

    kind: str
    """The kind graded (`alphabeta`)."""
    code: str
    """The student's code, by its name."""
    reference: str
    """gamelib's reference, by its name."""
    checked: int = 0
    """How many trees were graded."""
    handouts: int = 0
    """How many of them were handout trees."""
    failures: tuple[Failure, ...] = ()
    """The handout trees it failed on."""
    smallest: Failure | None = None
    """The smallest failing tree found (a generated one, shrunk, or a handout's)."""
    cannot: str | None = None
    """Why the code could not be graded at all."""

    @property
    def status(self) -> int:
        """The exit status: 0 passed, 1 not yet, 2 cannot grade."""
        if self.cannot is not None:
            return 2
        return 1 if self.smallest is not None else 0

    @property
    def passed(self) -> bool:
        """Whether the code agreed with the reference on every tree."""
        return self.status == 0

    def headline(self) -> str:
        """The verdict in one sentence."""
        if self.cannot is not None:
            return f"Cannot grade {self.code} as {self.kind}: {self.cannot}"
        if self.smallest is None:
            return (
                f"Passed: {self.code} agrees with {self.reference} on all {self.checked} trees "
                f"({self.handouts} from the handouts, {self.checked - self.handouts} generated)."
            )
        error = self.smallest.yours.error
        if error is not None and error.startswith(NOT_WRITTEN):
            return f"Not yet: {self.code} {error.removeprefix('it ')}."
        return f"Not yet: {self.code} and {self.reference} part on some trees."

    def __str__(self) -> str:
        lines = [self.headline()]
        failure = self.smallest
        unwritten = failure is not None and (failure.yours.error or "").startswith(NOT_WRITTEN)
        if failure is not None and not unwritten:
            kind = KINDS[self.kind]
            case = failure.case
            lines += [
                f"The smallest tree where they part ({case.title}, {case.settings_text()}):",
                f"  {case.text}",
                f"  {self.reference}: {_run_text(failure.reference, kind)}",
                f"  yours: {_run_text(failure.yours, kind)}",
                f"Where they part: {failure.parting}.",
            ]
            others = {f.case.title for f in self.failures} - {case.title}
            if others:
                names = sorted(others)
                lines.append(f"It also fails on {', '.join(names)}.")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = f"<p><b>{escape(self.headline())}</b></p>"
        failure = self.smallest
        if failure is None or (failure.yours.error or "").startswith(NOT_WRITTEN):
            return head
        kind = KINDS[self.kind]
        case = failure.case
        ref, mine = failure.reference.log, failure.yours.log
        rows = []
        for i in range(max(len(ref), len(mine))):
            a = _step(ref[i]) if i < len(ref) else ""
            b = _step(mine[i]) if i < len(mine) else ""
            mark = ' style="background:#fdd"' if a != b else ""
            rows.append(f"<tr{mark}><td>{i + 1}</td><td>{escape(a)}</td><td>{escape(b)}</td></tr>")
        table = (
            f"<table><tr><th>step</th><th>{escape(self.reference)}</th><th>yours</th></tr>"
            + "".join(rows)
            + "</table>"
            if kind.compares_log
            else ""
        )
        # The stepper's modules load only when a notebook shows a report, not with the CLI.
        from gamelib.check.pictures import side_by_side

        steppers = side_by_side(kind, case, failure.yours)
        if steppers is not None:  # both runs in the stepper, then the two lists of steps
            table = steppers + table
        return (
            head + f"<p>The smallest tree where they part ({escape(case.title)}, "
            f"{escape(case.settings_text())}): <code>{escape(case.text)}</code></p>"
            + f"<p>{escape(self.reference)}: {escape(_run_text(failure.reference, kind))}<br>"
            + f"yours: {escape(_run_text(failure.yours, kind))}</p>"
            + f"<p>Where they part: {escape(failure.parting)}.</p>"
            + table
        )

    def dot(self) -> str | None:
        """The smallest failing tree as a Graphviz digraph: nodes both runs reached in
        grey, those only the reference reached in blue, those only the student's code
        reached in red (for a proof: the positions each proof tree keeps); None when
        nothing failed."""
        failure = self.smallest
        if failure is None:
            return None
        outline = KINDS[self.kind].outline(failure.case.text)
        ref, yours = failure.reference, failure.yours
        theirs = {node for _, node in ref.log + ref.proof}
        mine = {node for _, node in yours.log + yours.proof}
        lines = ["digraph check {", '  node [fontname="sans-serif"];']
        todo: list[tuple[Outline, str | None, str]] = [(outline, None, "")]
        count = 0
        while todo:
            node, parent, edge = todo.pop()
            name = f"n{count}"
            count += 1
            colour = (
                "grey80"
                if node.name in theirs and node.name in mine
                else "lightblue"
                if node.name in theirs
                else "salmon"
                if node.name in mine
                else "white"
            )
            label = node.name + (f"\n{node.label}" if node.label else "")
            lines.append(
                f"  {name} [label={dot_quote(label)}, shape={node.shape}, "
                f"style=filled, fillcolor={colour}];"
            )
            if parent is not None:
                lines.append(f"  {parent} -> {name} [label={dot_quote(edge)}];")
            for edge_label, child in reversed(node.children):
                todo.append((child, name, edge_label))
        lines.append("}")
        return "\n".join(lines) + "\n"
