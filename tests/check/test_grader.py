"""The grader from Python (`gamelib.check`): a correct Minimax, AlphaBeta and Expectiminimax
pass; the classic mistakes fail with the smallest tree and the step where they part; a
student's endless loop, crash, runaway recursion and memory hunger are reported as that
tree's failure, from a child process."""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import Guess, check
from gamelib.algorithms._alphabeta_core import alphabeta_core
from gamelib.algorithms.negamax import NegamaxSettings
from gamelib.check.families import two_player
from gamelib.check.kinds import KINDS, Case
from gamelib.check.references import windowed_value
from gamelib.check.report import Failure
from gamelib.games.explicit import SMALL_TEXT, Node, parse_tree
from tests.check.students import alphabeta, cmput657, expectiminimax, faults, minimax
from tests.strategies import tree_text


def _leaves(text: str) -> int:
    def count(node: object) -> int:
        return sum(map(count, node.children)) if isinstance(node, Node) else 1

    return count(parse_tree(text))


def _smallest(report: check.Report) -> Failure:
    assert report.status == 1, str(report)
    assert str(report).startswith(f"Not yet: {report.code} and ")
    failure = report.smallest
    assert failure is not None
    assert f"  {failure.case.text}\n" in str(report)
    assert f"Where they part: {failure.parting}." in str(report)
    return failure


def test_a_correct_minimax_and_alphabeta_pass_every_tree() -> None:
    for report in (
        check.minimax(minimax.Minimax),
        check.alphabeta(alphabeta.AlphaBeta),
        check.alphabeta(alphabeta.AlphaBetaCSE473, rule="cse473"),
        check.expectiminimax(expectiminimax.Expectiminimax),
    ):
        assert report.status == 0, str(report)
        assert report.checked > report.handouts >= 2
        assert str(report) == (
            f"Passed: {report.code} agrees with {report.reference} on all {report.checked} "
            f"trees ({report.handouts} from the handouts, {report.checked - report.handouts} "
            "generated)."
        )


def test_a_minnie_that_maximises_fails_on_a_smallest_tree() -> None:
    failure = _smallest(check.minimax(minimax.MinnieMaximises))
    # Maxie alone cannot go wrong: the smallest tree has Minnie choose between two leaves,
    # and Maxie another move to take instead.
    assert failure.case.depth == 2
    assert _leaves(failure.case.text) == 3
    assert failure.parting.startswith("Minimax moves ")
    assert failure.yours.move != failure.reference.move


def test_an_alphabeta_that_never_prunes_fails_at_the_leaf_it_should_have_pruned() -> None:
    failure = _smallest(check.alphabeta(alphabeta.NeverPrunes))
    assert failure.case.depth == 2
    assert _leaves(failure.case.text) == 3
    assert "your search estimated leaf " in failure.parting
    assert ", which AlphaBeta never does: at node " in failure.parting
    assert "so" in failure.parting
    assert "later moves are pruned" in failure.parting
    # Under the CSE 473 projects' rule a tie prunes nothing, and the never-pruning search
    # still fails, on a tree without ties.
    assert check.alphabeta(alphabeta.NeverPrunes, rule="cse473").status == 1


def test_the_two_pruning_rules_tell_each_other_apart() -> None:
    ties = _smallest(check.alphabeta(alphabeta.AlphaBetaCSE473))
    assert "≤ α = " in ties.parting or "≥ β = " in ties.parting
    strict = _smallest(check.alphabeta(alphabeta.AlphaBeta, rule="cse473"))
    assert "your search never estimated leaf " in strict.parting


def test_an_alphabeta_that_prunes_one_leaf_too_early_fails() -> None:
    failure = _smallest(check.alphabeta(alphabeta.PrunesTooEarly))
    assert "your search never estimated leaf " in failure.parting
    assert ", which AlphaBeta does: at node " in failure.parting
    assert "moves are still searched" in failure.parting


def test_an_expectiminimax_that_averages_without_the_probabilities_fails() -> None:
    report = check.expectiminimax(expectiminimax.Unweighted)
    failure = _smallest(report)
    assert failure.case.depth == 1
    assert "?" in failure.case.text
    assert failure.parting.startswith("Expectiminimax values the root at ")
    assert "the loaded-die tree of gamelib's chance page" in str(report)


def test_an_endless_loop_is_stopped_within_seconds() -> None:
    began = time.monotonic()
    report = check.minimax(minimax.Forever, seconds=1)
    took = time.monotonic() - began
    failure = _smallest(report)
    assert took < 60
    assert failure.yours.error is not None
    assert failure.yours.error.startswith("it did not finish within 1 s: an endless loop?")
    assert failure.parting.startswith("your code gave no answer: it did not finish")
    assert report.checked == 1  # each further tree would have cost a second more


def test_a_crash_shows_the_students_own_traceback_lines() -> None:
    failure = _smallest(check.minimax(minimax.Crashes))
    error = failure.yours.error
    assert error is not None
    lines = error.splitlines()
    assert lines[0] == "Traceback (your code, most recent call last):"
    source = Path(minimax.__file__).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(source) if "moves[len(moves)]" in text) + 1
    assert lines[1].endswith(f'students/minimax.py", line {line}, in next_move')
    assert lines[2].strip() == "return moves[len(moves)]"
    assert lines[-1] == "IndexError: list index out of range"
    assert "gamelib/" not in error.replace("tests/check/students", "")
    assert failure.parting == "your code stopped with an error: IndexError: list index out of range"


def test_runaway_recursion_and_memory_are_that_trees_failure() -> None:
    deep = _smallest(check.minimax(faults.Recurses, examples=5)).yours.error
    assert deep is not None
    assert deep.splitlines()[-1].startswith("RecursionError: maximum")
    assert "more times]" in deep  # the repeated frame is written once
    hungry = _smallest(check.minimax(faults.Hungry, examples=5)).yours.error
    assert hungry is not None
    assert hungry.splitlines()[-1] == "MemoryError"
    player = _smallest(check.minimax(faults.NoPlayer, examples=5)).yours.error
    assert player == (
        "TypeError: the factory returned 1, which has no next_move: a factory returns a player"
    )


def test_what_cannot_be_graded_says_why_in_one_sentence() -> None:
    for report, said in (
        (check.minimax(42), "42 is not a factory"),
        (check.check("alphabet", minimax.Minimax), "there is no kind 'alphabet'"),
        (check.alphabeta(alphabeta.AlphaBeta, rule="cs188"), "there is no rule 'cs188'"),
        (check.minimax(lambda: None), "is not a factory for minimax: it takes no arguments"),
    ):
        assert report.status == 2
        assert report.cannot is not None
        assert "\n" not in str(report)
        assert str(report).startswith("Cannot grade ")
        assert said in str(report) or said.replace("42", "int") in str(report), str(report)


def test_the_report_shows_both_runs_side_by_side_in_a_notebook() -> None:
    report = check.alphabeta(alphabeta.NeverPrunes)
    html = report._repr_html_()
    assert "<th>AlphaBeta</th><th>yours</th>" in html
    assert '<tr style="background:#fdd">' in html  # the step where they part
    assert 'class="gamelib-stepper-cell"' in html  # AlphaBeta's run, in the stepper
    assert check.minimax(minimax.Minimax)._repr_html_().startswith("<p><b>Passed: ")
    picture = report.dot()
    assert picture is not None
    assert picture.startswith("digraph check {")
    assert "fillcolor=salmon" in picture  # a leaf only the student's search estimated
    assert check.minimax(minimax.Minimax).dot() is None


def test_the_cmput657_and_many_player_kinds_pass_their_model_answers() -> None:
    for report in (
        check.boolean(cmput657.can_win),
        check.proof(cmput657.prove),
        check.negamax(cmput657.Negamax),
        check.negamax_ab(cmput657.NegamaxAlphaBeta),
        check.pvs(cmput657.PrincipalVariation),
        check.maxn(cmput657.MaxN),
    ):
        assert report.status == 0, str(report)
        assert report.checked > report.handouts


def test_the_cmput657_kinds_fail_the_slips() -> None:
    proof = _smallest(check.proof(cmput657.prove_for_the_mover))
    assert proof.parting.startswith("your proof tree does not hold: ")
    # Minnie wins the smallest tree: Maxie's tree cannot hold there.
    assert proof.reference.value == "Minnie wins"
    contrary = _smallest(check.boolean(cmput657.contrary))
    assert contrary.case.text.count("!") == 1
    assert contrary.parting == "the boolean solver (solve_goal) answers yes; your code answers no"
    # An answer without a search: the positions it never expanded show it.
    optimist = _smallest(check.boolean(lambda game, state: True))
    assert optimist.parting == (
        "your search never expanded node a, which the boolean solver (solve_goal) does"
    )
    # Plain negamax graded as negamax alpha-beta estimates what the window prunes.
    report = check.negamax_ab(cmput657.Negamax, rule="fail-soft")
    _smallest(report)
    pruned = next(f for f in report.failures if f.case.text == SMALL_TEXT)
    assert ", which NegamaxAlphaBeta (fail-soft) never does: at node " in pruned.parting


def test_a_maxn_whose_players_all_maximise_the_first_component_fails() -> None:
    failure = _smallest(check.maxn(cmput657.MaxNFirstComponent))
    assert failure.case.depth >= 2
    assert failure.parting.startswith("MaxN moves ")


def test_a_stub_is_told_to_write_its_body() -> None:
    def MyMinimax(settings: object) -> None: ...

    def prove(game: object, state: object) -> None: ...

    report = check.minimax(MyMinimax)
    assert report.status == 1
    assert (
        str(report) == "Not yet: MyMinimax returned None: write its body, which returns a player."
    )
    assert report._repr_html_() == f"<p><b>{report}</b></p>"
    assert str(check.proof(prove)) == (
        "Not yet: prove returned None: write its body, which returns its answer."
    )


def test_a_pvs_is_graded_by_the_positions_it_tests_and_searches_again() -> None:
    # Searching again from α rather than from what the test found gives the same moves and
    # values: only the positions show the slip, with the window gamelib searched with.
    again = _smallest(check.pvs(cmput657.PVSResearchesFromAlpha))
    assert (again.yours.move, again.yours.value) == (again.reference.move, again.reference.value)
    assert again.yours.log != again.reference.log
    assert "again, with the window (α, β) = (" in again.parting
    assert "because its null-window test found " in again.parting
    # Whole-window searches at the root skip the root's tests and re-searches.
    plain = _smallest(check.pvs(cmput657.PVSPlainAtTheRoot))
    assert plain.case.depth == 2
    assert _leaves(plain.case.text) == 2
    assert plain.parting.startswith(
        "after 5 steps in common, your search stopped, and PrincipalVariation then expanded node "
    )


@given(st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_null_window_alpha_plus_one_searches_as_gamelibs_empty_window(
    data: st.DataObject,
) -> None:
    """On whole numbers, the textbook test (α, α + 1) and gamelib's empty window (α, α)
    expand and estimate the same positions in the same order, deeper than the grader's
    trees go."""
    depth = data.draw(st.integers(1, 5))
    case = Case(tree_text(data, depth, -6, 6), depth, "a tree")
    kind = KINDS["pvs"]
    assert kind.runner(cmput657.PrincipalVariation, case, None) == kind.reference(case)


def test_negamax_ab_tells_fail_hard_from_fail_soft_by_what_the_root_returns() -> None:
    """Both conventions search the same positions and value the root alike: only a window
    the root's value lies outside of tells them apart."""
    for rule in ("both", "fail-soft", "fail-hard"):
        assert check.negamax_ab(cmput657.NegamaxAlphaBeta, rule=rule).status == 0
    assert check.negamax_ab(cmput657.AlwaysFailSoft, rule="fail-soft").status == 0
    assert check.negamax_ab(cmput657.AlwaysFailHard, rule="fail-hard").status == 0
    for code, rule, other in (
        (cmput657.AlwaysFailSoft, "fail-hard", "fail-soft"),
        (cmput657.AlwaysFailHard, "fail-soft", "fail-hard"),
        (cmput657.AlwaysFailSoft, "both", "fail-soft"),  # on a tree whose settings say hard
        (cmput657.AlwaysFailHard, "both", "fail-hard"),
    ):
        report = check.negamax_ab(code, rule=rule)
        failure = _smallest(report)
        assert failure.yours.log == failure.reference.log
        assert (failure.yours.move, failure.yours.value) == (
            failure.reference.move,
            failure.reference.value,
        )
        assert failure.parting.startswith("searching the root a with the window (α, β) = (")
        assert failure.parting.endswith(f", which is what {other} returns"), failure.parting
        assert failure.case.fail_soft is (other == "fail-hard")
        # the smallest tree: the root and one leaf, whose value the window misses
        assert failure.case.depth == 1
        assert _leaves(failure.case.text) == 1
    missing = _smallest(check.negamax_ab(cmput657.NoWindowedSearch, examples=3))
    assert missing.parting.startswith(
        "your code stopped with an error: TypeError: the player (a Player) has no "
        "search(state, alpha, beta): "
    )


@given(st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_windowed_reference_returns_what_gamelibs_negamax_alphabeta_does(
    data: st.DataObject,
) -> None:
    """`windowed_value`, the grader's reference for a window at the root, against gamelib's
    own alpha-beta core searching the root with the same window, both conventions."""
    depth = data.draw(st.integers(1, 4))
    text = tree_text(data, depth, -4, 4)
    low = data.draw(st.integers(-5, 5))
    high = data.draw(st.integers(low + 1, 6))
    soft = data.draw(st.booleans())
    game, plain = two_player(text, depth, [])
    settings = NegamaxSettings(plain.estimator, depth, fail_soft=soft)
    core = alphabeta_core(settings, "a test")
    theirs = core.windowed_root(game.start, Guess(float(low)), Guess(float(high)), False)[1]
    mine = windowed_value(settings, game.start, low, high, fail_soft=soft)
    assert theirs == Guess(mine)
