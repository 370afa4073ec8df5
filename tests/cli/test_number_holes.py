"""The last holes in reading numbers and tree texts: each bad value is refused in one
sentence that names it, with exit status 2, through `gamelib.cli.main`."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
        (BIG, f"is far too big, got {BIG[:20]}... (5,001 characters)"),
        ("1e-5000", "has more than 4,000 digits written out, got 1e-5000"),
        ("1e-99999999999", "has more than 4,000 digits written out, got 1e-99999999999"),
        (
            "0." + "0" * 5000 + "1",
            "has more than 4,000 digits written out, got 0.00000000000000000"
            "0... (5,003 characters)",
        ),
        (
            "1/" + "9" * 5000,
            f"has more than 4,000 digits written out, got 1/{'9' * 18}... (5,002 characters)",
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
        "is far too big, got 19999999999999999999... (4,001 characters)"
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
