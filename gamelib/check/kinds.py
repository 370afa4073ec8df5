"""What the grader knows of each kind of exercise: the shape of the student's code, gamelib's
reference, the handout trees, and how to generate more.

A *case* is a tree text and a search depth (with the kind's options); a *run* is what one
search did on it: the move it chose, the value it gave (when it gives one), and the log of
positions it expanded and estimated (`gamelib.check.families`).  The reference runs in
the grader's process; the student's code runs the same case in a child process
(`gamelib.check.sandbox`), with the same runner.

```pycon
>>> from gamelib import Minimax
>>> case = Case("a[b[c3,d6],e[f1,g9]]", 2, "a tree")
>>> run = KINDS["minimax"].reference(case)
>>> run.move, run.value, run.log[:3]
('0', '3', (('expand', 'a'), ('expand', 'b'), ('estimate', 'c')))

```
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal, TypeAlias, final

from gamelib.algorithms.boolean import Goal, ProofError, check_proof, solve_goal
from gamelib.algorithms.negamax import Negamax, NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.nullwindow import PrincipalVariation
from gamelib.chance.expectiminimax import Expectiminimax
from gamelib.chance.trees import DICE_TEXT, EXAMPLE_TEXT
from gamelib.check.families import (
    Outline,
    Step,
    chance,
    chance_outline,
    nplayer,
    nplayer_outline,
    two_player,
    two_player_outline,
)
from gamelib.check.references import StrictAlphaBeta, windowed_value
from gamelib.core.datatypes import Draw, Side, flip
from gamelib.core.estimator import Definitely, Guess, Settings
from gamelib.errors import StoppedError
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.games.explicit import (
    BIG_TEXT,
    CSE473_TEXT,
    SMALL_TEXT,
    UNEVEN_TEXT,
    WIKIPEDIA_TEXT,
    TreeState,
    at_least,
    parse_tree,
    tree_to_text,
)
from gamelib.nplayer.maxn import MaxN
from gamelib.nplayer.trees import CSE473_TEXT as NPLAYER_CSE473_TEXT

__all__ = [
    "FAILINGS",
    "KINDS",
    "NOT_WRITTEN",
    "RULES",
    "Case",
    "Kind",
    "NotWrittenError",
    "Run",
    "Shape",
    "shown",
    "takes",
]

RULES = ("15-150", "cse473")
"""The pruning conventions of `alphabeta`: 15-150's chart prunes when a child's value
reaches the far end of the window (β for Maxie, α for Minnie), equality included; the CSE
473 projects' autograder prunes only when it goes strictly past it."""

FAILINGS = ("both", "fail-soft", "fail-hard")
"""The conventions `negamax-ab` is graded under: `both` grades each tree fail-soft or
fail-hard, as the settings' `fail_soft` says (so the code must read it); `fail-soft` and
`fail-hard` grade every tree under the one the student chose.  Either way the player's
`search(state, α, β)` is asked for the root's value with windows the root's value lies
outside of, where the two conventions return different values."""


@final
@dataclass(frozen=True)
class Case:
    """One tree to grade on."""

    text: str
    """The tree, in its family's text form."""
    depth: int
    """How many moves deep the searches look."""
    title: str
    """Where the tree comes from: a handout's name, or "a generated tree"."""
    rule: str = "15-150"
    """The kind's convention: `alphabeta`'s pruning rule (one of `RULES`), or `negamax-ab`'s
    (one of `FAILINGS`)."""
    fail_soft: bool = True
    """`negamax-ab`'s convention on this tree: what a position outside the window returns."""

    def settings_text(self) -> str:
        """The case's options as a person reads them (`depth 2, fail-hard`)."""
        extra = "" if self.fail_soft else ", fail-hard"
        return f"depth {self.depth}{extra}"


@final
@dataclass(frozen=True)
class Run:
    """What one search did on one case."""

    move: str | None
    """The move it chose, as written (`"1"`); None when the kind chooses none."""
    value: str | None
    """The value it gave, as written (`"4"`, `"7/3"` as `"2.33333333"`, `"(3,2,5)"`,
    `"yes"`); None when it gave none."""
    log: tuple[Step, ...]
    """What it expanded, estimated and reached, in order."""
    error: str | None = None
    """Why it gave no answer: the student's traceback, or the time it ran out of."""
    verdict: str | None = None
    """For a proof: what is wrong with it (None when it holds)."""
    returned: tuple[tuple[float, float, str], ...] = ()
    """For `negamax-ab`: each window (α, β) the root was searched with, and the value the
    search returned (the mover's, as written)."""


Shape: TypeAlias = Literal["factory", "solver"]
"""A factory is called with the settings and returns a player (`next_move`, perhaps
`analyse`); a solver is called with a game and a position."""


def shown(value: object) -> str:
    """A value as the grader writes and compares it: numbers to nine significant digits
    (so `7/3` from fractions and 2.3333333333 from floats agree), estimates by what they
    hold, vectors in parentheses, booleans as yes or no.

    ```pycon
    >>> shown(Fraction(7, 3)), shown(Guess(4)), shown((3, 2, 5)), shown(True), shown(-0.0)
    ('2.33333333', '4', '(3,2,5)', 'yes', '0')

    ```
    """
    if isinstance(value, Guess):
        value = value.guess
    if isinstance(value, Definitely):
        outcome = value.outcome
        return "a draw" if isinstance(outcome, Draw) else f"{outcome.side} wins"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | Fraction):
        number = float(value)
        return "0" if number == 0 else f"{number:.9g}"
    if isinstance(value, tuple):
        return "(" + ",".join(shown(v) for v in value) + ")"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


Setup: TypeAlias = Callable[[Case, list[Step]], tuple[object, object]]
"""Makes a case's logged game and the settings a factory is given."""
Runner: TypeAlias = Callable[[object, Case, "Run | None"], Run]
"""Runs code of the kind's shape on a case: the reference (with None) or the student's
(with the reference's run, which a proof check needs)."""


def _factory_runner(setup: Setup) -> Runner:
    def run(factory: object, case: Case, reference: Run | None) -> Run:
        log: list[Step] = []
        game, settings = setup(case, log)
        player = _call(factory, settings)
        start = getattr(game, "start")  # noqa: B009  # every logged game has one
        analyse = getattr(player, "analyse", None)
        if callable(analyse):
            found = analyse(start)
            if isinstance(found, tuple) and len(found) == 2:
                return Run(shown(found[0]), shown(found[1]), tuple(log))
            log.clear()
        next_move = getattr(player, "next_move", None)
        if not callable(next_move):
            raise TypeError(
                f"the factory returned {shown(player)}, which has no next_move: "
                "a factory returns a player"
            )
        return Run(shown(next_move(start)), None, tuple(log))

    return run


class NotWrittenError(StoppedError):
    """The student's code returned None: its body is still to be written (`...`)."""


NOT_WRITTEN = "it returned None"
"""How a run's error begins when the student's code is still a stub."""


def _call(function: object, *args: object) -> object:
    if not callable(function):
        raise TypeError(f"{shown(function)} cannot be called")
    result: object = function(*args)
    if result is None:
        shape = "a player" if len(args) == 1 else "its answer"
        raise NotWrittenError(f"{NOT_WRITTEN}: write its body, which returns {shape}")
    return result


def takes(function: object, count: int) -> str | None:
    """Why `function` cannot be called with `count` arguments, or None when it can (or
    Python cannot tell).

    ```pycon
    >>> takes(lambda settings: None, 1), takes(lambda: None, 1)
    (None, 'it takes no arguments')
    >>> takes(42, 1)
    'it is an object of type int, not a function or a class'

    ```
    """
    if not callable(function):
        return f"it is an object of type {type(function).__name__}, not a function or a class"
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    try:
        signature.bind(*([None] * count))
    except TypeError:
        wanted = len(signature.parameters)
        return (
            "it takes no arguments"
            if wanted == 0
            else f"it does not take {count} argument"
            + ("s" if count > 1 else "")
            + f" (its parameters: {', '.join(signature.parameters)})"
        )
    return None


def _two_player(case: Case, log: list[Step]) -> tuple[object, object]:
    return two_player(case.text, case.depth, log)


def _negamax_settings(case: Case, log: list[Step]) -> tuple[object, object]:
    game, settings = two_player(case.text, case.depth, log)
    return game, NegamaxSettings(settings.estimator, case.depth, fail_soft=case.fail_soft)


def _pvs_settings(case: Case, log: list[Step]) -> tuple[object, object]:
    game, settings = two_player(case.text, case.depth, log)
    return game, NegamaxSettings(settings.estimator, case.depth, fail_soft=True)


_FACTORY_NEGAMAX = _factory_runner(_negamax_settings)


def _windows(
    settings: Settings[TreeState, int, float], start: TreeState, soft: bool
) -> tuple[tuple[float, float, str], ...]:
    """The windows `negamax-ab` is graded with at the root, and what gamelib's search returns
    from each: one that the root's value v lies above and one it lies below, each the
    nearest to v (of three tried) where fail-hard and fail-soft return different values."""
    v = windowed_value(settings, start, -math.inf, math.inf, fail_soft=True)
    chosen: list[tuple[float, float, str]] = []
    for tried in (
        [(v - k - 1, v - k) for k in (1, 2, 3)],
        [(v + k, v + k + 1) for k in (1, 2, 3)],
    ):
        found = [
            (
                a,
                b,
                windowed_value(settings, start, a, b, fail_soft=True),
                windowed_value(settings, start, a, b, fail_soft=False),
            )
            for a, b in tried
        ]
        a, b, x, y = next((w for w in found if w[2] != w[3]), found[0])
        chosen.append((a, b, shown(x if soft else y)))
    return tuple(chosen)


def _negamax_ab(factory: object, case: Case, reference: Run | None) -> Run:
    log: list[Step] = []
    game, plain = two_player(case.text, case.depth, log)
    settings = NegamaxSettings(plain.estimator, case.depth, fail_soft=case.fail_soft)
    run = _FACTORY_NEGAMAX(factory, case, reference)
    if reference is None:  # gamelib's: the windows, and what its search returns from them
        return replace(run, returned=_windows(settings, game.start, case.fail_soft))
    player = _call(factory, settings)
    search = getattr(player, "search", None)
    if not callable(search):
        raise TypeError(
            f"the player (a {type(player).__name__}) has no search(state, alpha, beta): "
            "negamax-ab also grades what your search returns from a window at the root "
            "(fail-hard or fail-soft)"
        )
    returned = []
    for a, b, _ in reference.returned:
        returned.append((a, b, shown(search(game.start, a, b))))
        log.clear()
    return replace(run, returned=tuple(returned))


def _chance(case: Case, log: list[Step]) -> tuple[object, object]:
    return chance(case.text, case.depth, log)


def _nplayer(case: Case, log: list[Step]) -> tuple[object, object]:
    return nplayer(case.text, case.depth, log)


def _can_win(solver: object, case: Case, reference: Run | None) -> Run:
    log: list[Step] = []
    game, _ = two_player(case.text, 1, log)
    answer = _call(solver, game, game.start)
    if not isinstance(answer, bool):
        raise TypeError(f"the solver returned {shown(answer)}, not True or False")
    return Run(None, shown(answer), tuple(log))


def _reference_can_win(solver: object, case: Case, reference: Run | None) -> Run:
    log: list[Step] = []
    game, _ = two_player(case.text, 1, log)
    answer = solve_goal(game, Goal.WIN).holds
    return Run(None, shown(answer), tuple(log))


def _winner(answer: str | None) -> Side:
    return Side.Minnie if answer == f"{Side.Minnie} wins" else Side.Maxie


def _proof(solver: object, case: Case, reference: Run | None) -> Run:
    log: list[Step] = []
    game, _ = two_player(case.text, 1, log)
    proof = _call(solver, game, game.start)
    winner = _winner(None if reference is None else reference.value)
    try:
        check_proof(game.inner, proof, game.start, Goal.WIN, winner)  # type: ignore[arg-type]  # a student's object, checked as a proof
    except ProofError as error:
        return Run(None, "a proof that does not hold", (), verdict=str(error))
    except Exception as error:
        problem = f"it is not a proof tree ({type(error).__name__}: {error})"
        return Run(None, "a proof that does not hold", (), verdict=problem)
    return Run(None, f"{winner} wins", ())


def _reference_proof(solver: object, case: Case, reference: Run | None) -> Run:
    game, _ = two_player(case.text, 1, [])
    mover = game.player(game.start)
    holds = solve_goal(game, Goal.WIN).holds
    return Run(None, f"{mover if holds else flip(mover)} wins", ())


@final
@dataclass(frozen=True)
class Kind:
    """One kind of exercise."""

    name: str
    """As the command line names it (`alphabeta`)."""
    summary: str
    """What the student writes, in one line."""
    shape: Shape
    """How the student's code is called."""
    reference_name: str
    """gamelib's reference, as messages name it (`AlphaBeta`)."""
    reference_code: object
    """gamelib's reference, passed to `runner` as the student's code is."""
    runner: Runner
    """Runs code of this kind on a case."""
    handouts: tuple[Case, ...]
    """The handout trees, graded first."""
    family: Literal["two-player", "chance", "n-player", "won-lost"]
    """Which trees it is graded on (generated by `gamelib.check.generate`)."""
    outline: Callable[[str], Outline]
    """A case's tree, for pictures."""
    compares_log: bool = True
    """Whether the positions expanded and estimated must be the reference's, in order."""
    prunes: bool = False
    """Whether it is an alpha-beta, whose extra steps are explained by the window."""
    reference_runner: Runner | None = None
    """How the reference runs, when not as the student's code does (`runner`)."""
    rules: tuple[str, ...] = ()
    """The conventions it can be graded under, the default first (none: it takes no rule)."""

    def reference(self, case: Case) -> Run:
        """The reference's run on `case`."""
        runner = self.runner if self.reference_runner is None else self.reference_runner
        return runner(self.reference_code, case, None)

    @property
    def rule(self) -> str:
        """The convention it is graded under (`15-150` for a kind that takes none)."""
        return self.handouts[0].rule if self.handouts else "15-150"

    def with_rule(self, rule: str) -> Kind:
        """This kind graded under `rule`, one of its `rules`."""
        handouts = tuple(replace(c, rule=rule) for c in self.handouts)
        if self.name == "alphabeta" and rule == "cse473":
            return replace(
                self,
                reference_name="AlphaBeta (CSE 473 projects' rule)",
                reference_code=StrictAlphaBeta,
                handouts=handouts,
            )
        if self.name == "negamax-ab" and rule != "both":
            soft = rule == "fail-soft"
            return replace(
                self,
                reference_name=f"NegamaxAlphaBeta ({rule})",
                handouts=tuple(c for c in handouts if c.fail_soft is soft),
            )
        return replace(self, handouts=handouts)


_TWO = (
    Case(SMALL_TEXT, 2, "the Small tree of the 15-150 handout"),
    Case(UNEVEN_TEXT, 3, "the Uneven tree of the 15-150 handout"),
    Case(CSE473_TEXT, 2, "the two-ply tree of the CSE 473 slides"),
    Case(BIG_TEXT, 4, "the Big tree of the 15-150 handout"),
    Case(WIKIPEDIA_TEXT, 4, "the four-ply tree of the CMPUT 657 slides"),
)
_WON_LOST = tuple(
    Case(tree_to_text(at_least(parse_tree(text), at)), 1, f"{title}, as 'can Maxie get {at}?'")
    for text, at, title in (
        (SMALL_TEXT, 4, "the Small tree"),
        (SMALL_TEXT, 5, "the Small tree"),
        (BIG_TEXT, 3, "the Big tree"),
        (WIKIPEDIA_TEXT, 6, "the CMPUT 657 tree"),
        (WIKIPEDIA_TEXT, 7, "the CMPUT 657 tree"),
    )
)
_FACTORY_TWO = _factory_runner(_two_player)

KINDS: Mapping[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "minimax",
            "Minimax(settings) -> a player (15-150, CSE 473's MINIMAX-DECISION)",
            "factory",
            "Minimax",
            Minimax,
            _FACTORY_TWO,
            _TWO,
            "two-player",
            two_player_outline,
        ),
        Kind(
            "alphabeta",
            "AlphaBeta(settings) -> a player (15-150's chart, CSE 473's α-β)",
            "factory",
            "AlphaBeta",
            AlphaBeta,
            _FACTORY_TWO,
            _TWO,
            "two-player",
            two_player_outline,
            prunes=True,
            rules=RULES,
        ),
        Kind(
            "expectiminimax",
            "Expectiminimax(settings) -> a player, on trees with dice (CSE 473)",
            "factory",
            "Expectiminimax",
            Expectiminimax,
            _factory_runner(_chance),
            (
                Case(EXAMPLE_TEXT, 2, "the coin-flip tree of gamelib's chance page"),
                Case(DICE_TEXT, 2, "the loaded-die tree of gamelib's chance page"),
            ),
            "chance",
            chance_outline,
        ),
        Kind(
            "maxn",
            "MaxN(settings) -> a player of n-player trees (CSE 473's vector rule)",
            "factory",
            "MaxN",
            MaxN,
            _factory_runner(_nplayer),
            (Case(NPLAYER_CSE473_TEXT, 3, "the three-player tree of the CSE 473 slides"),),
            "n-player",
            nplayer_outline,
        ),
        Kind(
            "negamax",
            "Negamax(settings) -> a player (CMPUT 657's Negamax)",
            "factory",
            "Negamax",
            Negamax,
            _FACTORY_TWO,
            _TWO,
            "two-player",
            two_player_outline,
        ),
        Kind(
            "negamax-ab",
            "NegamaxAlphaBeta(settings) -> a player with search(state, α, β); fail-soft or "
            "fail-hard (--rule; CMPUT 657)",
            "factory",
            "NegamaxAlphaBeta",
            NegamaxAlphaBeta,
            _negamax_ab,
            tuple(replace(c, rule="both") for c in _TWO)
            + tuple(replace(c, rule="both", fail_soft=False) for c in _TWO),
            "two-player",
            two_player_outline,
            prunes=True,
            rules=FAILINGS,
        ),
        Kind(
            "pvs",
            "PrincipalVariation(settings) -> a player (CMPUT 657's NegaScout / PVS)",
            "factory",
            "PrincipalVariation",
            PrincipalVariation,
            _factory_runner(_pvs_settings),
            _TWO,
            "two-player",
            two_player_outline,
            # Textbooks test with the null window (α, α + 1), gamelib with the empty window
            # (gamelib.algorithms.nullwindow): on the grader's trees, whose values are whole
            # numbers, the two search the same positions in the same order.
        ),
        Kind(
            "boolean",
            "can_win(game, state) -> bool: can the side to move win? (CMPUT 657)",
            "solver",
            "the boolean solver (solve_goal)",
            None,
            _can_win,
            _WON_LOST,
            "won-lost",
            two_player_outline,
            reference_runner=_reference_can_win,
        ),
        Kind(
            "proof",
            "prove(game, state) -> ProofNode: the winner's proof tree (CMPUT 657)",
            "solver",
            "check_proof",
            None,
            _proof,
            _WON_LOST,
            "won-lost",
            two_player_outline,
            compares_log=False,
            reference_runner=_reference_proof,
        ),
    )
}
"""Every kind `gamelib check` grades, by name."""
