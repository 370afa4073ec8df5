"""`gamelib check KIND FILE:NAME`: grade a student's search against gamelib's.

The factory (or solver) `NAME` is imported from `FILE` in a child process, with the file's
folder on Python's path as `python FILE` has it, and graded by
[`gamelib.check`][gamelib.check]: the handout trees, then generated ones.  The report goes
to standard output; the exit status is 0 when every tree agrees, 1 when one does not, 2
when the code cannot be graded (no such file or name, a syntax error, not a factory, an
unknown kind), said in one sentence on standard error.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from gamelib.check import KINDS, StudentFile, check
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Parser,
    _reject_extra,
)
from gamelib.cli.specs import read_number
from gamelib.core.checks import ascii_float, digits_hint, quoted

__all__ = ["CHECK"]


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    kinds = "\n".join(f"  {k.name:<15}{k.summary}" for k in KINDS.values())
    parser = commands.add_parser(
        "check",
        help="grade your own search (a Minimax, an AlphaBeta, ...) against gamelib's",
        description="Grade the factory or solver NAME of the Python file FILE as KIND: on "
        "the handout trees,\nthen on generated ones, each in a child process with a time "
        f"limit.  The kinds:\n{kinds}\n\nExit status 0: every tree agrees; 1: one does "
        "not (the smallest is shown);\n2: the code cannot be graded.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("kind", metavar="KIND", help="what the code is: " + ", ".join(KINDS))
    parser.add_argument("code", metavar="FILE:NAME", help="the file and the name in it")
    parser.add_argument(
        "--rule",
        help="alphabeta's pruning convention: 15-150 (the chart, which prunes on a tie, the "
        "default) or cse473 (the CSE 473 projects', which prunes only past the window); "
        "negamax-ab's: fail-soft, fail-hard, or both (the default: as the settings' "
        "fail_soft says)",
    )
    parser.add_argument(
        "--seconds", default="2", help="time for one tree before it counts as an endless loop"
    )
    parser.add_argument("--examples", default="60", help="how many generated trees to try")
    parser.add_argument("--seed", default="0", help="which generated trees (the same each run)")
    parser.add_argument(
        "--dot",
        metavar="FILE",
        help="also write the smallest failing tree for Graphviz's dot (the nodes only "
        "gamelib reached in blue, only yours in red)",
    )
    return parser


def _number(text: str, what: str, low: float) -> float:
    value = ascii_float(text)  # the digits 0-9 only, as everywhere (gamelib.core.checks)
    if value is None or not math.isfinite(value) or value < low:
        raise UsageError(
            f"{what} must be a number{digits_hint(text)} of at least {low:g}, not {quoted(text)}"
        )
    return value


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    _reject_extra(extra)
    kind: str = options.kind
    if kind not in KINDS:
        raise UsageError(
            f"there is no kind {quoted(kind)} to check (the kinds: {', '.join(KINDS)})"
        )
    rule: str | None = options.rule
    found = KINDS[kind]
    if rule is not None and rule not in found.rules:
        if not found.rules:
            raise UsageError(f"{kind} takes no --rule (alphabeta and negamax-ab do)")
        raise UsageError(
            f"--rule for {kind} is one of {', '.join(found.rules)}, not {quoted(rule)}"
        )
    path, colon, name = str(options.code).rpartition(":")
    if not colon or not path or not name.isidentifier():
        raise UsageError(
            f"{quoted(options.code)} should be FILE:NAME, the file and the name of your "
            "factory in it (such as mysearch.py:AlphaBeta)"
        )
    seconds = _number(options.seconds, "--seconds", 0.1)
    examples = read_number(options.examples, "--examples", 0)  # 1.5 is no count of trees
    seed = read_number(options.seed, "--seed", 0)
    report = check(
        kind,
        StudentFile(path, name),
        rule=rule,
        seconds=seconds,
        examples=examples,
        seed=seed,
        name=f"{Path(path).name}:{name}",
    )
    if report.cannot is not None:
        context.stderr.write(f"gamelib: {report.headline()}\n")
        return 2
    context.stdout.write(f"{report}\n")
    picture = report.dot()
    if options.dot is not None and picture is not None:
        Path(options.dot).write_text(picture, encoding="utf-8")
        context.stdout.write(f"The tree is drawn in {options.dot} (dot -Tsvg to see it).\n")
    return report.status


CHECK = Command("check", _add, _run)
"""`gamelib check KIND FILE:NAME`."""
