"""The grader: a student's own search, held against gamelib's on the handout trees and on
generated ones.

One function per kind of exercise, each taking the student's factory (or solver) and
returning a [`Report`][gamelib.check.report.Report] that prints as `gamelib check` does and
shows both runs side by side in a notebook:

- `minimax`: `Minimax(settings)` returning a player (`next_move`, and `analyse` if it
  gives values), against [`Minimax`][gamelib.estimate.minimax.Minimax];
- `alphabeta`: `AlphaBeta(settings)`, against
  [`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta] (15-150's chart, which prunes on a
  tie), or with `rule="cse473"` the CSE 473 projects' convention, which does not;
- `expectiminimax`: `Expectiminimax(settings)` on trees with chance nodes, against
  [`Expectiminimax`][gamelib.chance.expectiminimax.Expectiminimax];
- `maxn`: `MaxN(settings)` on three-player trees, against
  [`MaxN`][gamelib.nplayer.maxn.MaxN];
- `negamax`: `Negamax(settings)`, against [`Negamax`][gamelib.algorithms.negamax.Negamax];
- `negamax_ab`: `NegamaxAlphaBeta(settings)`, against
  [`NegamaxAlphaBeta`][gamelib.algorithms.negamax.NegamaxAlphaBeta], fail-soft or fail-hard
  (`rule="fail-soft"`, `rule="fail-hard"`, or `rule="both"`: as `settings.fail_soft`
  says); its player's `search(state, alpha, beta)` is asked what the root returns from
  windows where the two conventions differ;
- `pvs`: `PrincipalVariation(settings)` (NegaScout), against
  [`PrincipalVariation`][gamelib.algorithms.nullwindow.PrincipalVariation], position by
  position: its null-window tests and its re-searches (`gamelib.check.windows` says which
  one gamelib was in where they part);
- `boolean`: `can_win(game, state) -> bool`, whether the side to move can force a win,
  against [`solve_goal`][gamelib.algorithms.boolean.solve_goal];
- `proof`: `prove(game, state)` returning the winner's proof tree, checked by
  [`check_proof`][gamelib.algorithms.boolean.check_proof].

The student's code runs in a child process with a time limit per tree (`seconds`), a
recursion limit and a memory limit (`gamelib.check.sandbox`).

```pycon
>>> from gamelib import check
>>> def Minnie_maximises(settings):
...     est = settings.estimator
...     game = est.game
...     def value(state, depth):
...         if depth == 0:
...             return est.estimate(state)
...         return max(value(game.play(state, m).state, depth - 1) for m in game.moves(state))
...     class Player:
...         def next_move(self, state):
...             moves = list(game.moves(state))
...             return max(moves, key=lambda m: value(game.play(state, m).state,
...                                                   settings.search_depth - 1))
...     return Player()
>>> report = check.minimax(Minnie_maximises, examples=20)
>>> report.status
1
>>> print(str(report).splitlines()[0])
Not yet: Minnie_maximises and Minimax part on some trees.

```
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import final

from gamelib.check.grader import Budget, grade
from gamelib.check.kinds import FAILINGS, KINDS, RULES
from gamelib.check.report import Failure, Report
from gamelib.check.sandbox import CannotGradeError, Limits, StudentFile

__all__ = [
    "FAILINGS",
    "KINDS",
    "RULES",
    "Answer",
    "Budget",
    "CannotGradeError",
    "Failure",
    "Limits",
    "Report",
    "StudentFile",
    "alphabeta",
    "answer",
    "boolean",
    "check",
    "expectiminimax",
    "maxn",
    "minimax",
    "negamax",
    "negamax_ab",
    "proof",
    "pvs",
    "rule_problem",
]


def check(
    kind: str,
    code: object,
    *,
    rule: str | None = None,
    seconds: float = 2.0,
    examples: int = 60,
    seed: int = 0,
    name: str | None = None,
) -> Report:
    """Grade `code` as the kind of exercise `kind` (a name of `KINDS`): a callable, or a
    `StudentFile` to import in the child process.  `rule` is the kind's convention, for the
    kinds that have one (`alphabeta`'s pruning, `RULES`; `negamax-ab`'s failing,
    `FAILINGS`; None for the kind's default), `seconds` the time for one tree, `examples`
    how many generated trees to try, `seed` which ones."""
    called = name if name is not None else _name_of(code)
    found = KINDS.get(kind)
    if found is None:
        known = ", ".join(KINDS)
        return Report(
            kind, called, "gamelib", cannot=f"there is no kind {kind!r} (the kinds: {known})"
        )
    problem = rule_problem(kind, rule)
    if problem is not None:
        return Report(kind, called, "gamelib", cannot=problem)
    return grade(
        found.with_rule(rule if rule is not None else (found.rules or ("15-150",))[0]),
        code,
        called,
        limits=Limits(seconds=seconds),
        budget=Budget(examples=examples, seed=seed),
    )


def rule_problem(kind: str, rule: str | None) -> str | None:
    """Why the kind `kind` cannot be graded under `rule`, in a few words; None when it can
    (None is every kind's default).

    ```pycon
    >>> rule_problem("alphabeta", "cse473"), rule_problem("negamax-ab", None)
    (None, None)
    >>> rule_problem("negamax-ab", "soft")
    "there is no rule 'soft' for negamax-ab (its rules: both, fail-soft, fail-hard)"
    >>> rule_problem("minimax", "cse473")
    'minimax takes no rule'

    ```
    """
    found = KINDS.get(kind)
    if rule is None or found is None or rule in found.rules:
        return None
    if not found.rules:
        return f"{kind} takes no rule"
    return f"there is no rule {rule!r} for {kind} (its rules: {', '.join(found.rules)})"


def _name_of(code: object) -> str:
    if isinstance(code, StudentFile):
        return f"{code.path}:{code.name}"
    return str(getattr(code, "__name__", type(code).__name__))


def minimax(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade a Minimax factory (`Minimax(settings)` returning a player)."""
    return check("minimax", code, seconds=seconds, examples=examples, seed=seed)


def alphabeta(
    code: object,
    *,
    rule: str = "15-150",
    seconds: float = 2.0,
    examples: int = 60,
    seed: int = 0,
) -> Report:
    """Grade an AlphaBeta factory: it must estimate exactly the leaves gamelib's does, under
    15-150's chart (`rule="15-150"`, pruning on a tie) or the CSE 473 projects' rule
    (`rule="cse473"`, pruning only past the window)."""
    return check("alphabeta", code, rule=rule, seconds=seconds, examples=examples, seed=seed)


def expectiminimax(
    code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0
) -> Report:
    """Grade an Expectiminimax factory (`Expectiminimax(settings)`, settings a
    [`ChanceSettings`][gamelib.chance.expectiminimax.ChanceSettings])."""
    return check("expectiminimax", code, seconds=seconds, examples=examples, seed=seed)


def maxn(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade a max^n factory (`MaxN(settings)`, settings an
    [`NSettings`][gamelib.nplayer.game.NSettings])."""
    return check("maxn", code, seconds=seconds, examples=examples, seed=seed)


def negamax(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade a Negamax factory (`Negamax(settings)`)."""
    return check("negamax", code, seconds=seconds, examples=examples, seed=seed)


def negamax_ab(
    code: object,
    *,
    rule: str = "both",
    seconds: float = 2.0,
    examples: int = 60,
    seed: int = 0,
) -> Report:
    """Grade alpha-beta in negamax form (`NegamaxAlphaBeta(settings)`, settings a
    [`NegamaxSettings`][gamelib.algorithms.negamax.NegamaxSettings]) whose player has
    `search(state, alpha, beta)`: the value of `state` to its mover, searched
    `settings.search_depth` deep with that window.  `rule="fail-hard"` or `"fail-soft"`
    says which convention the code follows; `"both"` grades each tree as its settings'
    `fail_soft` says.  The root is searched with windows its value lies outside of, where
    fail-hard returns the bound and fail-soft the value found beyond it."""
    return check("negamax-ab", code, rule=rule, seconds=seconds, examples=examples, seed=seed)


def pvs(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade principal variation search (`PrincipalVariation(settings)`, fail-soft
    `NegamaxSettings`) by the positions it tests and searches again, in order: the null
    window (α, α + 1) of the textbooks and gamelib's empty window search the same ones on
    the grader's trees."""
    return check("pvs", code, seconds=seconds, examples=examples, seed=seed)


def boolean(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade a boolean solver: `can_win(game, state)` answers whether the side to move at
    `state` can force a win, on trees whose leaves are won or lost."""
    return check("boolean", code, seconds=seconds, examples=examples, seed=seed)


def proof(code: object, *, seconds: float = 2.0, examples: int = 60, seed: int = 0) -> Report:
    """Grade a prover: `prove(game, state)` returns the proof tree of the side that wins (a
    [`ProofNode`][gamelib.search.proofs.ProofNode]), checked by
    [`check_proof`][gamelib.algorithms.boolean.check_proof]."""
    return check("proof", code, seconds=seconds, examples=examples, seed=seed)


@final
@dataclass(frozen=True)
class Answer:
    """The check of an exercise that has one right answer."""

    passed: bool
    """Whether the answer is right."""
    said: str
    """The verdict in one sentence: `Passed: ...` or `Not yet: ...`."""

    def __str__(self) -> str:
        return self.said

    def __repr__(self) -> str:
        return self.said

    def _repr_html_(self) -> str:
        return f"<p><b>{escape(self.said)}</b></p>"


def answer(given: object, right: object, *, question: str) -> Answer:
    """Whether `given` is the answer `right` to `question`; `...` (or None) is an answer not
    given yet.

    ```pycon
    >>> answer(..., 3, question="how many leaves")
    Not yet: replace the ... with your answer to how many leaves.
    >>> answer(4, 3, question="how many leaves")
    Not yet: 4 is not the answer to how many leaves; look again.
    >>> answer(3, 3, question="how many leaves")
    Passed: 3 is the answer to how many leaves.

    ```
    """
    if given is ... or given is None:
        return Answer(False, f"Not yet: replace the ... with your answer to {question}.")
    if given == right:
        return Answer(True, f"Passed: {given!r} is the answer to {question}.")
    return Answer(False, f"Not yet: {given!r} is not the answer to {question}; look again.")
