"""`--kind-from MODULE:OBJECT`: a user's search kind, of any family, for one run from the
shell, as `main(catalog=CATALOGS.with_kind(...))` adds it from Python."""

from __future__ import annotations

import contextlib
import io

import pytest

from gamelib.cli import main
from tests.runner import run

KINDS = ("--kind-from", "tests.outside_kinds:ALL")
"""The three kinds of tests/outside_kinds.py, one per family."""


@pytest.mark.parametrize(
    ("game", "mine", "theirs"),
    [
        (["tictactoe"], "mine:3", "minimax:3"),
        (["pig", "--target", "10"], "lucky:2", "star1:2"),
        (["takeaway"], "crowd:3", "maxn:3"),
    ],
)
def test_a_kind_of_each_family_from_a_module_plays_as_the_kind_it_copies(
    game: list[str], mine: str, theirs: str
) -> None:
    status, out, err = run(*KINDS, "analyse", *game, "--player", mine)
    assert (status, err) == (0, "")
    assert (status, out, err) == run("analyse", *game, "--player", theirs)
    name = mine.partition(":")[0]
    refused = run("analyse", *game, "--player", mine)
    assert refused[0] == 2  # unknown without --kind-from
    assert f"'{name}'" in refused[2]


def test_kinds_are_added_one_object_at_a_time_too_and_listed() -> None:
    one = ("--kind-from", "tests.outside_kinds:TWO", "--kind-from=tests.outside_kinds:CHANCE")
    status, out, err = run(*one, "list")
    assert (status, err) == (0, "")
    assert "  mine       Minimax under a name of the caller's, mine:DEPTH\n" in out
    assert "Star1 under a name of the user's, lucky:DEPTH\n" in out
    assert "crowd" not in out


def test_a_kind_named_as_one_of_its_family_replaces_it() -> None:
    status, out, err = run("--kind-from", "tests.outside_kinds:SAME", "list")
    assert (status, err) == (0, "")
    assert "  minimax    the user's minimax, minimax:DEPTH\n" in out
    assert "Minimax search, minimax:DEPTH" not in out


def test_the_help_lists_kind_from() -> None:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(["--help"])
    assert done.value.code == 0
    assert "--kind-from MODULE:OBJECT" in out.getvalue()
    assert "a SearchKind, ChanceKind or NPlayerKind" in " ".join(out.getvalue().split())


BAD = "tests.outside_kinds"
HOW = (
    "not a search kind: give a SearchKind, a ChanceKind or an NPlayerKind (gamelib.catalog), "
    "or a tuple or list of them"
)


@pytest.mark.parametrize(
    ("path", "sentence"),
    [
        (f"{BAD}:CROSS", "the search kind 'alphabeta' is both a two-player and a chance search"),
        (f"{BAD}:HUMAN", "the search kind 'human' has the name of a player that does not search"),
        (f"{BAD}:NUMBER", f"--kind-from {BAD}:NUMBER is an int, {HOW}"),
        (f"{BAD}:MIXED", f"--kind-from {BAD}:MIXED holds an int, {HOW}"),
        (
            "gamelib.estimate.minimax:Minimax",
            f"--kind-from gamelib.estimate.minimax:Minimax is a function, {HOW}",
        ),
        (
            "gamelib.catalog:Catalogs",
            f"--kind-from gamelib.catalog:Catalogs is the class Catalogs, {HOW}",
        ),
        (f"{BAD}:NOPE", f"--kind-from {BAD}:NOPE: the module {BAD} has no NOPE"),
        (
            "nosuch:X",
            "--kind-from nosuch:X: there is no module nosuch (neither on Python's path nor in "
            "this folder)",
        ),
        (
            "tests/outside_kinds.py:ALL",
            "--kind-from tests/outside_kinds.py:ALL: give a module name, not a path "
            "(outside_kinds), run from the folder that holds it or with that folder on "
            "PYTHONPATH",
        ),
        (
            BAD,
            f"--kind-from {BAD}: name a module and an object in it, as MODULE:OBJECT "
            "(mykinds:SHALLOW)",
        ),
        ("", "--kind-from needs MODULE:OBJECT, such as mykinds:SHALLOW"),
    ],
)
def test_what_kind_from_refuses_is_said_in_one_sentence(path: str, sentence: str) -> None:
    assert run("--kind-from", path, "list") == (2, "", f"gamelib: {sentence}\n")
