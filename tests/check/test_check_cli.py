"""`gamelib check KIND FILE:NAME`: the report on standard output, exit 0 / 1 / 2, and what
cannot be graded in one sentence on standard error."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.runner import run

STUDENTS = Path(__file__).resolve().parent / "students"


def test_a_correct_alphabeta_passes_with_status_0() -> None:
    status, out, err = run("check", "alphabeta", f"{STUDENTS / 'alphabeta.py'}:AlphaBeta")
    assert (status, err) == (0, "")
    assert out == (
        "Passed: alphabeta.py:AlphaBeta agrees with AlphaBeta on all 65 trees "
        "(5 from the handouts, 60 generated).\n"
    )


def test_a_disagreement_shows_the_smallest_tree_with_status_1(tmp_path: Path) -> None:
    picture = tmp_path / "tree.dot"
    status, out, err = run(
        "check", "alphabeta", f"{STUDENTS / 'alphabeta.py'}:NeverPrunes", "--dot", str(picture)
    )
    assert (status, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == "Not yet: alphabeta.py:NeverPrunes and AlphaBeta part on some trees."
    assert lines[1].startswith("The smallest tree where they part (a generated tree, depth 2)")
    assert lines[5].startswith("Where they part: after ")
    assert lines[-1] == f"The tree is drawn in {picture} (dot -Tsvg to see it)."
    assert picture.read_text(encoding="utf-8").startswith("digraph check {")


def test_the_cse473_rule_is_asked_for_by_name() -> None:
    good = f"{STUDENTS / 'alphabeta.py'}:AlphaBetaCSE473"
    assert run("check", "alphabeta", good, "--rule", "cse473")[0] == 0
    assert run("check", "alphabeta", good)[0] == 1


def test_negamax_ab_is_graded_under_the_failing_rule_the_student_names() -> None:
    soft = f"{STUDENTS / 'cmput657.py'}:AlwaysFailSoft"
    status, out, err = run("check", "negamax-ab", soft, "--rule", "fail-soft", "--examples", "5")
    assert (status, err) == (0, "")
    assert out == (
        "Passed: cmput657.py:AlwaysFailSoft agrees with NegamaxAlphaBeta (fail-soft) on all 10 "
        "trees (5 from the handouts, 5 generated).\n"
    )
    status, out, err = run("check", "negamax-ab", soft, "--rule", "fail-hard", "--examples", "5")
    assert (status, err) == (1, "")
    assert ", which is what fail-soft returns." in out
    status, out, err = run("check", "negamax-ab", soft, "--examples", "5")  # both, by default
    assert (status, err) == (1, "")
    assert "NegamaxAlphaBeta (fail-hard) returns " in out


def test_what_cannot_be_graded_has_status_2_and_one_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def AlphaBeta(settings):\n    return (\n", encoding="utf-8")
    loops = tmp_path / "loops.py"
    loops.write_text("while True:\n    pass\n", encoding="utf-8")
    raises = tmp_path / "raises.py"
    raises.write_text("import math\nmath.sqrt(-1)\n", encoding="utf-8")
    minimax = f"{STUDENTS / 'minimax.py'}"
    for argv, said in (
        (("check", "minimax", "nowhere.py:Minimax"), "there is no file 'nowhere.py'"),
        (("check", "minimax", f"{minimax}:Maximin"), "minimax.py has no Maximin (it defines "),
        (("check", "alphabeta", f"{broken}:AlphaBeta"), "broken.py line 2: "),
        (("check", "minimax", f"{minimax}:NOT_A_FACTORY"), "NOT_A_FACTORY is not a factory"),
        (("check", "minimum", f"{minimax}:Minimax"), "there is no kind 'minimum' to check"),
        (("check", "minimax", minimax), "should be FILE:NAME"),
        (
            ("check", "alphabeta", f"{minimax}:Minimax", "--rule", "x"),
            "--rule for alphabeta is one",
        ),
        (("check", "minimax", f"{minimax}:Minimax", "--rule", "cse473"), "minimax takes no --rule"),
        (("check", "minimax", f"{minimax}:Minimax", "--seconds", "-1"), "--seconds must be"),
        (("check", "minimax", f"{loops}:f", "--seconds", "0.2"), "did not finish within 1 s"),
        (
            ("check", "minimax", f"{raises}:f"),
            "raises.py raised ValueError: math domain error (line 2: math.sqrt(-1))",
        ),
    ):
        status, out, err = run(*argv)
        assert (status, out) == (2, ""), err
        assert err.startswith("gamelib: "), err
        assert err.count("\n") == 1, err
        assert said in err, err


@pytest.mark.parametrize(
    ("kind", "code", "parting"),
    [
        ("minimax", "minimax.py:MinnieMaximises", "Where they part: Minimax moves "),
        ("alphabeta", "alphabeta.py:NeverPrunes", ", which AlphaBeta never does: at node "),
        ("alphabeta", "alphabeta.py:PrunesTooEarly", "your search never estimated leaf "),
        ("expectiminimax", "expectiminimax.py:Unweighted", "Expectiminimax values the root at"),
    ],
)
def test_each_classic_mistake_fails_with_status_1_and_its_smallest_tree(
    kind: str, code: str, parting: str
) -> None:
    status, out, err = run("check", kind, f"{STUDENTS / code}")
    assert (status, err) == (1, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"Not yet: {code} and ")
    assert lines[1].startswith("The smallest tree where they part (")
    assert lines[2].startswith("  a[")  # the tree, in the trees' text grammar
    assert parting in out


def test_an_endless_loop_from_a_file_is_stopped_within_seconds() -> None:
    began = time.monotonic()
    status, out, err = run(
        "check", "minimax", f"{STUDENTS / 'minimax.py'}:Forever", "--seconds", "1"
    )
    assert time.monotonic() - began < 60
    assert (status, err) == (1, "")
    assert "    it did not finish within 1 s: an endless loop?" in out


def test_code_that_ends_python_is_that_trees_failure(tmp_path: Path) -> None:
    exits = tmp_path / "exits.py"
    exits.write_text("import os\n\n\ndef M(settings):\n    os._exit(3)\n", encoding="utf-8")
    status, out, err = run("check", "minimax", f"{exits}:M", "--examples", "3")
    assert (status, err) == (1, "")
    assert "    it ended the Python process (exit code 3)\n" in out
