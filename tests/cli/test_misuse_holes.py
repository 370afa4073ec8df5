"""The last holes in reading numbers and tree texts: each bad value is refused in one
sentence that names it, with exit status 2, through `gamelib.cli.main`."""

from __future__ import annotations

import contextlib
import io
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.cli import main
from gamelib.cli.games import NAMED_TREES, explicit_tree
from gamelib.cli.specs import SpecError
from gamelib.games.explicit import HANDOUT_TREES
from gamelib.nplayer.kinds import TOTAL
from tests.runner import run

BIG = "1" + "0" * 5000  # 10**5000 written out


def refused(*argv: str) -> str:
    """The one sentence `argv` is refused with (status 2, nothing on standard output)."""
    status, out, err = run(*argv)
    assert (status, out) == (2, ""), err
    assert err.startswith("gamelib: ")
    assert err.count("\n") == 1
    assert err.endswith("\n")
    return err.removeprefix("gamelib: ").removesuffix("\n")


# --------------------------------------------------------------------------
# Shallow max^n's total: a number too big or too fine to write is refused before it is made


@pytest.mark.parametrize(
    ("written", "sentence"),
    [
        ("1e5000", "is far too big, got 1e5000"),
        ("1e99999999999", "is far too big, got 1e99999999999"),  # never made: it would hang
        (BIG, f"is far too big, got {BIG[:60]}... (5,001 characters)"),
        ("1e-5000", "has more than 4,000 digits written out, got 1e-5000"),
        ("1e-99999999999", "has more than 4,000 digits written out, got 1e-99999999999"),
        (
            "0." + "0" * 5000 + "1",
            f"has more than 4,000 digits written out, got 0.{'0' * 58}... (5,003 characters)",
        ),
        (
            "1/" + "9" * 5000,
            f"has more than 4,000 digits written out, got 1/{'9' * 58}... (5,002 characters)",
        ),
        ("-1e99999", "must be at least 0, got -1e99999"),
        ("1/0", "must be a number such as 10 or 1/2, got '1/0'"),
        ("1//2", "must be a number such as 10 or 1/2, got '1//2'"),
        ("inf", "must be a number such as 10 or 1/2, got 'inf'"),
        ("1_000", "must be a number such as 10 or 1/2, got '1_000'"),
        ("٣", "must be a number written with the digits 0-9 such as 10 or 1/2, got '٣'"),
    ],
)
def test_a_total_too_big_or_too_fine_is_refused_in_one_sentence(
    written: str, sentence: str
) -> None:
    spec = f"shallow-maxn:3:{written}"
    said = refused("analyse", "takeaway", "--player", spec)
    assert said.endswith(f" {sentence}")
    assert said.startswith("the total in '")
    # The same on a tree, whose search is a different path to the same reader.
    assert refused("analyse", "tree", "--tree", "cse473-3p", "--player", spec) == said


def test_a_total_of_4000_digits_is_read_and_one_more_is_too_big() -> None:
    most = "9" * 4000
    status, out, err = run("analyse", "takeaway", "--player", f"shallow-maxn:2:{most}")
    assert (status, err) == (0, "")
    assert f"total {most})" in out
    assert refused("analyse", "takeaway", "--player", f"shallow-maxn:2:1{most}").endswith(
        f"is far too big, got 1{'9' * 59}... (4,001 characters)"
    )


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("0e99999999", 0),
        ("-0", 0),
        ("1e3", 1000),
        ("1.5", Fraction(3, 2)),
        (" 2/4 ", Fraction(1, 2)),
    ],
)
def test_a_total_is_read_exactly(written: str, value: Fraction) -> None:
    read = TOTAL.parse(written)
    assert read == value
    assert type(read) is (int if value.denominator == 1 else Fraction)


@given(st.fractions(min_value=0, max_value=10**6, max_denominator=10**6))
def test_every_fraction_written_plainly_reads_back(value: Fraction) -> None:
    assert TOTAL.parse(str(value)) == value


def test_a_vector_over_the_total_is_written_as_the_tree_text_writes_it() -> None:
    assert refused("analyse", "takeaway", "--player", "shallow-maxn:3:1/2") == (
        "shallow pruning needs utilities of at least 0 summing to at most 1/2, but the "
        "estimate of '9 left, and it is A's turn' has the vector (1/3,1/3,1/3)"
    )
    assert refused("trace", "a[b(1.5,1),c(1,1)]", "--player", "shallow-maxn:1:1") == (
        "shallow pruning needs utilities of at least 0 summing to at most 1, but the end "
        "after the move 0 has the vector (3/2,1)"
    )


# --------------------------------------------------------------------------
# Tree texts: a name is a name, a single leaf is a tree with no move to search

NAMES = ", ".join(NAMED_TREES)
TREE_COMMANDS = [("trace",), ("analyse", "tree", "--tree")]


def leaf(text: str, example: str = "a[b3,c5]") -> str:
    return (
        f"the tree text '{text}' is a single leaf, so there is no move to search: write a root "
        f"with children, such as '{example}'"
    )


def unknown(text: str) -> str:
    return f"unknown tree '{text}'; named trees: {NAMES}, or write one out"


@pytest.mark.parametrize("command", TREE_COMMANDS)
@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("a3", leaf("a3")),  # a two-player (or a chance tree's) leaf, worth 3
        (" A-3.5 ", leaf(" A-3.5 ")),
        ("a'", leaf("a'")),  # a leaf worth 0: its name cannot be a tree's
        ("a(1,2,3)", leaf("a(1,2,3)", "a[b(1,0,2),c(0,3,0)]")),  # an n-player leaf
        ("cse473-4p", unknown("cse473-4p")),  # mistyped names: no tree in them
        ("cse473-3", unknown("cse473-3")),
        ("smal", unknown("smal")),
        ("a", unknown("a")),  # a bare name holds no value: a name, not a leaf worth 0
        # One node that is no leaf keeps its own sentence, at its place in the text.
        ("a!Maxie", "the root cannot be a finished game at position 1 of the tree text, near "
         "'a!Maxie'"),
        ("?a", "chance node ?a needs '[' and its outcomes after its name at position 1 of the "
         "tree text, near '?a'"),
        ("a3 b", "unexpected text after the tree at position 4 of the tree text, near 'a3 b'"),
    ],
)  # fmt: skip
def test_a_tree_text_is_a_name_or_a_tree_with_a_move(
    command: tuple[str, ...], text: str, sentence: str
) -> None:
    assert refused(*command, text) == sentence


@pytest.mark.parametrize("command", TREE_COMMANDS)
def test_named_trees_of_every_family_are_still_read_by_name(command: tuple[str, ...]) -> None:
    for name in ("CSE473-3p", " dice ", "small"):
        status, out, err = run(*command, name)
        assert (status, err) == (0, "")
        assert out


def test_the_two_player_reader_refuses_a_leaf_and_names_only_the_handouts() -> None:
    with pytest.raises(SpecError, match=r"^the tree text 'a3' is a single leaf"):
        explicit_tree("a3")
    with pytest.raises(SpecError) as refusal:
        explicit_tree("cse473-4p")
    assert str(refusal.value) == (
        f"unknown tree 'cse473-4p'; named trees: {', '.join(HANDOUT_TREES)}, or write one out"
    )


def test_tree_help_lists_every_named_tree_from_the_registry() -> None:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as shown:
        main(["analyse", "tree", "--help"])
    assert done.value.code == 0
    out = shown.getvalue()
    assert f"--tree TREE a named tree ({NAMES}) or a tree like" in " ".join(out.split())
    assert {"chance-example", "dice", "cse473-3p"} <= set(NAMED_TREES)


# --------------------------------------------------------------------------
# gamelib check: counts are whole numbers in the digits 0-9, as everywhere

STUDENT = f"{Path(__file__).parents[1] / 'check' / 'students' / 'minimax.py'}:Minimax"


@pytest.mark.parametrize(
    ("flag", "written", "sentence"),
    [
        ("--examples", "1.5", "--examples must be a whole number, got '1.5'"),  # was 1 tree
        ("--examples", "1_0", "--examples must be a whole number, got '1_0'"),
        ("--seed", "1.9", "--seed must be a whole number, got '1.9'"),  # was the seed 1
        ("--seed", "٣", "--seed must be a whole number written with the digits 0-9, got '٣'"),
        ("--seed", "-1", "--seed must be at least 0, got -1"),
        ("--seconds", "٣", "--seconds must be a number written with the digits 0-9 of at least "
         "0.1, not '٣'"),
        ("--seconds", "1e5000", "--seconds must be a number of at least 0.1, not '1e5000'"),
    ],
)  # fmt: skip
def test_check_reads_its_counts_as_every_command_does(
    flag: str, written: str, sentence: str
) -> None:
    assert refused("check", "minimax", STUDENT, flag, written) == sentence


def test_check_grades_with_counts_written_plainly() -> None:
    status, out, err = run(
        "check", "minimax", STUDENT, "--examples", " 2 ", "--seed", "3", "--seconds", "1.5"
    )
    assert (status, err) == (0, "")
    assert "on all 7 trees (5 from the handouts, 2 generated)" in out


def test_a_bad_scale_is_named_by_a_title_not_a_paragraph() -> None:
    assert refused("analyse", "nim", "--scale", "1e5000", "--player", "mcts:50") == (
        "the guess scale (a guess g counts as the result tanh(g / scale)) in --scale must be a "
        "number, got '1e5000'"
    )


# --------------------------------------------------------------------------
# A number where a match's player goes: most likely a depth or a value typed apart

NIM_KINDS = (
    "human, direct, random, minimax, alphabeta, jamboree, negamax, negamax-ab, pvs, scout, "
    "mtdf, id, mcts"
)


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (("match", "nim", "alphabeta", "7"),
         "unknown player kind '7' (a number is no kind: a depth goes after its kind, as in "
         f"minimax:7, a value after its flag, as in --depth 7); known kinds for nim: {NIM_KINDS}"),
        (("match", "nim", "alphabeta:2", "7"),
         "unknown player kind '7' (a number is no kind: a depth goes after its kind, as in "
         f"minimax:7, a value after its flag, as in --depth 7); known kinds for nim: {NIM_KINDS}"),
        (("match", "takeaway", "maxn:2", "2s", "random"),
         "unknown player kind '2s' (a number is no kind: a value goes after its kind and ':' or "
         "after its flag); known kinds for takeaway: human, random, maxn, shallow-maxn, "
         "paranoid, mcts"),
        (("play", "pig", "--maxie", "3"),
         "unknown player kind '3' (a number is no kind: a depth goes after its kind, as in "
         "expectiminimax:3, a value after its flag, as in --depth 3); known kinds for pig: "
         "human, random, expectiminimax, star1, star2, mcts"),
        (("match", "nim", "alphabeta", "alphabta"),
         f"unknown player kind 'alphabta'; known kinds for nim: {NIM_KINDS}"),
    ],
    ids=["depth", "after-a-spec", "time", "play", "not-a-number"],
)  # fmt: skip
def test_a_number_for_a_player_says_where_a_number_goes(
    argv: tuple[str, ...], sentence: str
) -> None:
    assert refused(*argv) == sentence
