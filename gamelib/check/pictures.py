"""Both runs of a failing tree in the docs' stepper, side by side, for a notebook: every
kind the grader grades.

gamelib's reference reports its steps to an observer, so its run is replayed as it happened:
windows, cuts and values (the CSE 473 projects' alpha-beta too, from its small reference).
The boolean solver is replayed from its log, each position it left with who wins it, and
a proof by the positions it keeps.  The student's code reports nothing; its run is rebuilt
from what the logged game saw it do (the positions it expanded and the leaves it estimated,
in order), or from the tree its proof keeps, so its stepper enters and leaves the same
positions, shows each leaf's value, and writes `?` for the values of the positions above,
which only the student's code knew.

```pycon
>>> from gamelib.check.kinds import KINDS, Case
>>> case = Case("a[b[c3,d5],e[f2,g9]]", 2, "a tree")
>>> run = KINDS["minimax"].reference(case)
>>> html = side_by_side(KINDS["alphabeta"], case, run)
>>> html.count('class="gamelib-stepper-cell"')
2
>>> won = Case("a[b[c!Maxie,d!Minnie],e!Minnie]", 1, "a tree")
>>> for name in ("boolean", "proof"):
...     html = side_by_side(KINDS[name], won, KINDS[name].reference(won))
...     print(name, html.count('class="gamelib-stepper-cell"'))
boolean 2
proof 2

```
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import PrincipalVariation
from gamelib.check.kinds import Case, Kind, Run
from gamelib.check.outlined import log_steps, reference_steps
from gamelib.core.estimator import Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.games.explicit import ExplicitGame, TreeState, parse_tree, tree_estimator
from gamelib.notebook import stepper
from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer

__all__ = ["side_by_side"]

Build = Callable[[SearchObserver[TreeState, int, float]], SearchPlayer[TreeState, int, float]]


def _reference(kind: Kind, case: Case, game: ExplicitGame) -> Build | None:
    """How the stepper builds gamelib's search of `case`, with its observer."""
    plain = Settings(tree_estimator(game), case.depth)
    negamax = NegamaxSettings(plain.estimator, case.depth, fail_soft=case.fail_soft)
    soft = NegamaxSettings(plain.estimator, case.depth)
    build: Build
    match kind.name:
        case "minimax":
            build = lambda observer: Minimax(plain, observer=observer)  # noqa: E731
        case "alphabeta":
            build = lambda observer: AlphaBeta(plain, observer=observer)  # noqa: E731
        case "negamax":
            build = lambda observer: Negamax(plain, observer=observer)  # noqa: E731
        case "negamax-ab":
            build = lambda observer: NegamaxAlphaBeta(negamax, observer=observer)  # noqa: E731
        case "pvs":
            build = lambda observer: PrincipalVariation(soft, observer=observer)  # noqa: E731
        case _:
            return None
    return build


def side_by_side(kind: Kind, case: Case, yours: Run) -> str | None:
    """HTML with gamelib's run and the student's `yours` on `case`, each in the stepper,
    side by side; None when the student's code gave no run (it stopped with an error).

    gamelib's two-player searches are replayed from their observers as they ran; the CSE
    473 projects' rule, chance and n-player trees, the boolean solver and proofs are drawn
    by [`gamelib.check.outlined`][gamelib.check.outlined], which also rebuilds every
    student's run from its log."""
    if yours.error is not None:
        return None
    if case.rule in kind.rules:
        kind = kind.with_rule(case.rule)
    title = f"{kind.reference_name} on the smallest tree"
    build = None
    if kind.family == "two-player" and case.rule != "cse473":
        game = ExplicitGame(parse_tree(case.text))
        build = _reference(kind, case, game)
    theirs = stepper(reference_steps(kind, case) if build is None else build, title=title)
    mine = stepper(log_steps(kind, case, yours), title="your search")
    return (
        '<div style="display:flex;gap:1.5em;align-items:flex-start">'
        f"<div>{theirs._repr_html_()}</div><div>{mine._repr_html_()}</div></div>"
    )
