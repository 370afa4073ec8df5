"""What the grader's steppers are drawn from where gamelib's search has no observer of its
own: the CSE 473 projects' alpha-beta told to one, and proof trees walked as a log."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import Guess, Minimax, Side, check
from gamelib.algorithms.boolean import Goal, check_proof, solve_goal
from gamelib.check.families import two_player
from gamelib.check.kinds import KINDS, Case, Run
from gamelib.check.outlined import log_steps, reference_steps
from gamelib.check.pictures import side_by_side
from gamelib.check.references import StrictAlphaBeta
from gamelib.check.walks import WALK_LIMIT, proof_walk
from gamelib.games.explicit import ExplicitGame, Node, parse_tree
from gamelib.search.events import BoundKind, Cut, Enter, Leave
from tests.check.students import cmput657
from tests.strategies import tree_text


@given(st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_strict_alphabeta_tells_its_observer_what_it_does(data: st.DataObject) -> None:
    """Watched, it answers as unwatched and as Minimax; it enters the positions it expands
    and estimates, in order; each cut goes strictly past its position's window, and names
    the moves left; and every position searched below is left exact inside its window
    (ends included: the CSE 473 rule's tie), a bound past it; a leaf always exact."""
    depth = data.draw(st.integers(1, 4))
    text = tree_text(data, depth, -3, 3)
    plain: list[tuple[str, str]] = []
    game, settings_ = two_player(text, depth, plain)
    answer = StrictAlphaBeta(settings_).analyse(game.start)
    events: list[object] = []
    watched_log: list[tuple[str, str]] = []
    game, watched_settings = two_player(text, depth, watched_log)
    assert StrictAlphaBeta(watched_settings, observer=events.append).analyse(game.start) == answer
    mini, worth = Minimax(two_player(text, depth, [])[1]).analyse(game.start)
    assert (mini, worth) == (answer[0], Guess(answer[1]))
    entered = [e.status.state.node.name for e in events if isinstance(e, Enter)]  # type: ignore[union-attr]  # every status a tree's position
    assert entered == [name for _, name in plain]
    open_: list[tuple[Enter[object, int, tuple[float, float]], Node | None]] = []
    for event in events:
        match event:
            case Enter(_, status):
                node = status.state.node  # type: ignore[union-attr]  # a tree's position
                open_.append((event, node if isinstance(node, Node) else None))
            case Cut(move, value, unsearched):
                enter, node = open_[-1]
                assert enter.window is not None
                assert node is not None
                alpha, beta = enter.window
                assert value > beta if enter.side is Side.Maxie else value < alpha
                assert tuple(unsearched) == tuple(range(move + 1, len(node.children)))
            case Leave(value, bound, best):
                enter, node = open_.pop()
                assert enter.window is not None
                alpha, beta = enter.window
                expected = (
                    BoundKind.EXACT  # an estimate is what it is, whatever the window
                    if node is None or alpha <= value <= beta
                    else BoundKind.UPPER
                    if value < alpha
                    else BoundKind.LOWER
                )
                assert bound is expected
                assert (best is None) is (node is None)
            case _:
                raise AssertionError(f"the strict search keeps no table: {event}")
    assert not open_
    root = events[0]
    assert isinstance(root, Enter)
    assert root.window == (-math.inf, math.inf)


def test_the_strict_rule_searches_a_tie_that_the_15_150_chart_prunes() -> None:
    case = Case("a[b[c3,d5],e[f3,g9]]", 2, "a tree", rule="cse473")
    kind = KINDS["alphabeta"].with_rule("cse473")
    steps = reference_steps(kind, case)
    nodes = steps["nodes"]
    assert isinstance(nodes, list)
    assert isinstance(steps["steps"], list)
    names = [n["name"] for n in nodes if isinstance(n, dict)]
    g = [s for s in steps["steps"] if isinstance(s, dict) and s.get("node") == names.index("g")]
    assert g[0] == {"event": "enter", "node": 6, "order": 6, "depth": 0, "window": ["3", "3"]}
    assert g[1]["value"] == "9"
    # The 15-150 student's run, rebuilt from its log, never enters g.
    yours = log_steps(kind, case, KINDS["alphabeta"].reference(case))
    assert isinstance(yours["steps"], list)
    assert all(s["node"] != 6 for s in yours["steps"] if isinstance(s, dict))


@dataclass(frozen=True)
class _Kept:
    """A student's object that looks a little like a proof tree."""

    children: tuple[object, ...]


def test_a_proof_is_walked_along_the_moves_it_keeps() -> None:
    tree = parse_tree("a[b[c!Minnie,d!Maxie],e[f!Maxie,g!Maxie]]")
    game = ExplicitGame(tree)
    proof = solve_goal(game, Goal.WIN).proof
    check_proof(game, proof, game.start, Goal.WIN, game.player(game.start))
    assert proof_walk(tree, proof) == (
        ("expand", "a"),
        ("expand", "e"),
        ("end", "f"),
        ("end", "g"),
    )
    # A student's object is walked as far as it reads as a proof: moves that are not the
    # position's are left out, and a move repeated without end is cut short.
    odd = _Kept(((7, "x"), (True, "x"), "y", (0, _Kept(((1, None),)))))
    assert proof_walk(tree, odd) == (("expand", "a"), ("expand", "b"), ("end", "d"))
    endless = _Kept(((0, "x"),) * (10 * WALK_LIMIT))
    assert len(proof_walk(tree, endless)) == WALK_LIMIT
    assert proof_walk(tree, 42) == (("expand", "a"),)


def test_a_failing_proof_carries_both_trees_and_draws_them() -> None:
    report = check.proof(cmput657.prove_for_the_mover)
    failure = report.smallest
    assert failure is not None
    # Minnie wins the smallest tree; the student's tree keeps Maxie's first move there.
    assert failure.reference.proof[0] == ("expand", "a")
    assert failure.yours.proof[0] == ("expand", "a")
    picture = report.dot()
    assert picture is not None
    assert "fillcolor=grey80" in picture  # a position both trees keep


def test_a_no_from_the_boolean_solver_shows_the_line_of_the_opponents_proof() -> None:
    """ "Can Maxie win?" No: gamelib's stepper ends along Minnie's proof, down to a game she
    wins; the student's answer, which comes without a proof, ends at the root."""
    won = Case("a[b[c!Maxie,d!Minnie],e!Minnie]", 1, "a tree")
    kind = KINDS["boolean"]
    theirs = reference_steps(kind, won)
    nodes, steps = theirs["nodes"], theirs["steps"]
    assert isinstance(nodes, list)
    assert isinstance(steps, list)
    names = [n["name"] for n in nodes if isinstance(n, dict)]
    done = steps[-1]
    assert isinstance(done, dict)
    assert (done["question"], done["holds"]) == ("can Maxie win?", False)
    assert isinstance(done["line"], list)
    assert [names[int(str(n))] for n in done["line"]] == ["a", "b", "d"]
    left = {
        names[int(str(s["node"]))]: s["value"]
        for s in steps[:-1]
        if isinstance(s, dict) and s["event"] == "leave"
    }
    assert left == {
        "c": "Maxie wins",
        "d": "Minnie wins",
        "b": "Minnie wins",
        "e": "Minnie wins",
        "a": "Minnie wins",
    }
    yours = log_steps(kind, won, KINDS["boolean"].runner(cmput657.contrary, won, None))
    assert isinstance(yours["steps"], list)
    mine = yours["steps"][-1]
    assert isinstance(mine, dict)
    assert (mine["holds"], mine["line"]) == (True, [0])


def test_every_kind_under_every_rule_draws_both_runs() -> None:
    """Every kind the grader grades draws gamelib's run and a student's (here gamelib's
    own, as a student's run comes back) in the stepper, side by side, on its first
    handout tree; a run that stopped with an error draws nothing."""
    for name, kind in KINDS.items():
        for rule in kind.rules or ("15-150",):
            graded = kind.with_rule(rule)
            case = graded.handouts[0]
            run = graded.reference(case)
            html = side_by_side(KINDS[name], case, run)
            assert html is not None
            assert html.count('class="gamelib-stepper-cell"') == 2, (name, rule)
            assert f"{graded.reference_name} on the smallest tree" in html, (name, rule)
            failed = Run(None, None, (), error="ZeroDivisionError: division by zero")
            assert side_by_side(KINDS[name], case, failed) is None
