"""A shortened option on a command line that takes a game's options too: one rule in
every command (a beginning of one option names it; one that begins options both of the
command and of the game is refused, naming them), and in a match a game's option whose
value may be left out never takes a player's spec."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path

import pytest

from gamelib.cli import _common, _shortened, main
from gamelib.cli.games import GAME_CATALOG, GameCatalog, GameEntry, KitUser
from tests.runner import run

_NIM = GAME_CATALOG["nim"]


def _short_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--short", nargs="?", const="5", default="9", help="a short pile")


def _short_build(options: argparse.Namespace) -> KitUser:
    return _NIM.build(argparse.Namespace(pile=int(options.short)))


SHORT = GAME_CATALOG.with_game(GameEntry("short", "Nim from 9, or --short", _short_options,
                                         _short_build))  # fmt: skip
"""Nim under another name, whose `--short` (from 5) may be given a pile or none."""


def _tablet_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tablet", type=int, default=9, help="pebbles at the start")


def _tablet_build(options: argparse.Namespace) -> KitUser:
    return _NIM.build(argparse.Namespace(pile=options.tablet))


TABLET = GAME_CATALOG.with_game(GameEntry("tablet", "Nim from --tablet", _tablet_options,
                                          _tablet_build))  # fmt: skip
"""Nim under another name, whose `--tablet` begins as the search option `--table` does."""


@pytest.mark.parametrize(
    "argv",
    [
        ("play", "tablet", "--ta", "10", "--maxie", "random", "--minnie", "random"),
        ("analyse", "tablet", "--player", "alphabeta:2", "--ta", "10"),
        ("trace", "--game", "tablet", "--ta", "10", "--player", "alphabeta:1"),
        ("match", "--game", "tablet", "--ta", "10", "random", "random"),
        ("match", "tablet", "random", "random", "--ta=10"),
    ],
    ids=["play", "analyse", "trace", "match-game", "match"],
)
def test_a_beginning_of_a_search_option_and_a_games_is_refused_alike(
    argv: tuple[str, ...],
) -> None:
    assert run(*argv, games=TABLET) == (
        2, "", "gamelib: --ta could be --table or tablet's --tablet: write the option you "
        "mean in full\n",
    )  # fmt: skip


def test_the_sentence_names_every_option_the_beginning_could_be() -> None:
    # --playout is an option of the two-player mcts only: no player of takeaway takes it.
    assert run("match", "--game", "takeaway", "--pl", "3", "maxn:2", "maxn:2", "random") == (
        2, "", "gamelib: --pl could be --plies or takeaway's --players: write the option you "
        "mean in full\n",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("short", "full"),
    [
        (("play", "pig", "--tar", "10", "--maxie", "random", "--minnie", "random", "--seed", "2"),
         ("play", "pig", "--target", "10", "--maxie", "random", "--minnie", "random", "--seed",
          "2")),
        (("play", "pig", "--ta", "10", "--maxie", "random", "--minnie", "random", "--seed", "2"),
         ("play", "pig", "--target", "10", "--maxie", "random", "--minnie", "random", "--seed",
          "2")),
        (("match", "nim", "--pi", "7", "random", "alphabeta:2", "--seed", "1", "--games", "2"),
         ("match", "nim", "--pile", "7", "random", "alphabeta:2", "--seed", "1", "--games", "2")),
        (("match", "--game", "nim", "--pi", "7", "random", "random", "--seed", "1", "--pr", "0"),
         ("match", "--game", "nim", "--pile", "7", "random", "random", "--seed", "1", "--prune",
          "0")),
    ],
    ids=["play", "play-no-table", "match", "match-game"],
)  # fmt: skip
def test_a_beginning_of_one_option_is_that_option(
    short: tuple[str, ...], full: tuple[str, ...]
) -> None:
    assert run(*short) == run(*full)


def _piles(games: GameCatalog, *argv: str) -> tuple[list[str], list[int]]:
    """The players of a match (Maxie then Minnie in its first game) and the pile each of
    its games began from (what its moves add up to)."""
    status, out, err = run("match", *argv, "--games", "2", "--plies", "0", "--seed", "1",
                           "--json", games=games)  # fmt: skip
    assert (status, err) == (0, "")
    played = [json.loads(line) for line in out.splitlines()][:-1]
    return (
        [played[0]["players"]["Maxie"], played[0]["players"]["Minnie"]],
        [sum(int(move) for move in game["moves"]) for game in played],
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("short", "--short", "alphabeta:2", "random"),
        ("--game", "short", "--short", "alphabeta:2", "random"),
        ("--game", "short", "--sh", "alphabeta:2", "random"),
        ("short", "alphabeta:2", "random", "--short"),
    ],
    ids=["game-first", "game-flag", "shortened", "after"],
)
def test_an_optional_value_never_takes_a_player(argv: tuple[str, ...]) -> None:
    assert _piles(SHORT, *argv) == (["alphabeta:2", "random"], [5, 5])


@pytest.mark.parametrize(
    "argv",
    [("short", "--short=7", "alphabeta:2", "random"),
     ("--game", "short", "alphabeta:2", "--short=7", "random")],
    ids=["game-first", "game-flag"],
)  # fmt: skip
def test_an_optional_value_is_given_after_equals(argv: tuple[str, ...]) -> None:
    assert _piles(SHORT, *argv) == (["alphabeta:2", "random"], [7, 7])
    assert _piles(SHORT, "short", "alphabeta:2", "random")[1] == [9, 9]


def test_the_mark_of_a_bare_option_has_one_name() -> None:
    # bare_words writes the mark and _KeptWords reads it: one constant, not two spellings.
    assert _shortened.BARE is _common.BARE == "\0bare"
    assert _shortened.bare_words(_shortened_parser(), ["--short", "x"]) == [
        f"--short={_common.BARE}", "x",
    ]  # fmt: skip
    kept = _shortened_parser().parse_args([f"--short={_common.BARE}"])
    assert kept.game_words == ["--short"]


def _shortened_parser() -> argparse.ArgumentParser:
    """A parser that keeps SHORT's `--short` for the game, as `match --game short` does."""
    parser = _common._Parser(prog="gamelib match", add_help=False)
    _common.take_game_options(parser, SHORT, "short")
    return parser


_NOT_NIMS = "--total is for shallow-maxn players, n-player searches that do not play nim"


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (("play", "nim", "--to", "3"), "unrecognized arguments: --to 3"),
        (("play", "nim", "--tot", "3"), "unrecognized arguments: --tot 3"),
        (("play", "nim", "--to=3"), "unrecognized arguments: --to=3"),
        (("play", "nim", "--total", "3"), _NOT_NIMS),
        (("match", "nim", "alphabeta", "random", "--to", "3"), "unrecognized arguments: --to"),
        (("match", "nim", "alphabeta", "random", "--tot=3"), "unrecognized arguments: --tot=3"),
        (("match", "nim", "alphabeta", "random", "--total", "3"), _NOT_NIMS),
        (("analyse", "nim", "--to", "3"), "unrecognized arguments: --to 3"),
        (("analyse", "nim", "--total", "3"), _NOT_NIMS),
        (("trace", "--game", "nim", "--to", "3"), "unrecognized arguments: --to"),
        (("trace", "--game", "nim", "--total", "3"), _NOT_NIMS),
        (("play", "nim", "--t", "3"), "ambiguous option: --t could match --table, --time"),
        (("play", "pig", "--tim", "3"), "unrecognized arguments: --tim 3"),
    ],
    ids=["play", "play-tot", "play-equals", "play-full", "match", "match-tot", "match-full",
         "analyse", "analyse-full", "trace", "trace-full", "ambiguous", "chance"],
)  # fmt: skip
def test_a_beginning_stands_for_no_option_the_games_players_do_not_take(
    argv: tuple[str, ...], sentence: str
) -> None:
    # `play nim --to 3` once said "--total is for shallow-maxn players ...": an option the
    # user never typed.  A beginning is now read among the options that apply to the game.
    assert run(*argv) == (2, "", f"gamelib: {sentence}\n")


def test_a_beginning_of_an_option_the_games_players_take_is_that_option() -> None:
    seats = ("--player1", "shallow-maxn:2", "--player2", "maxn:2", "--player3", "maxn:2")
    short = run("play", "takeaway", "--to", "1", *seats)
    assert short == run("play", "takeaway", "--total", "1", *seats)
    assert short[0] == 0


def test_the_help_of_a_game_lists_only_the_flags_its_players_take() -> None:
    for argv in (("play", "nim", "--help"), ("match", "nim", "--help")):
        with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
            main(list(argv))
        assert "--table TABLE" in out.getvalue()
        assert "--total" not in out.getvalue()
    with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
        main(["play", "--help"])
    assert "--total TOTAL" in out.getvalue()


def test_the_tree_game_keeps_the_flags_of_every_family() -> None:
    # The `tree` game holds a tree of any family, known only once it is read: its
    # shortened --tot is --total, as for an n-player game, and its help lists --total.
    shortened = run("analyse", "tree", "--tree", "cse473-3p", "--player", "shallow-maxn",
                    "--tot", "10")  # fmt: skip
    assert shortened == (
        0,
        "(A,a)\nShallowMaxN(depth 3, total 10) chooses 0 for A; value: (3,2,5)\n",
        "",
    )
    with pytest.raises(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:
        main(["analyse", "tree", "--help"])
    assert "--total TOTAL" in out.getvalue()


def test_a_beginning_no_player_takes_is_answered_as_typed_once_the_family_is_read(
    tmp_path: Path,
) -> None:
    # `replay` and a named tree learn the game's family only once they read it: a
    # beginning read as --total there is answered as the unknown option it was typed
    # as, as in `play nim --to 3`, never by the name of an option not written.
    saved = str(tmp_path / "nim.json")
    assert run("play", "nim", "--pile", "3", "--save", saved, stdin="1\n1\n1\n")[0] == 0
    for line, typed in (
        (("play", "nim", "--to", "3"), "--to 3"),
        (("replay", saved, "--to", "3"), "--to 3"),
        (("trace", "dice", "--to", "1"), "--to 1"),
        (("trace", "dice", "--to=1"), "--to 1"),
        (("analyse", "tree", "--tree", "dice", "--to", "1"), "--to 1"),
    ):
        assert run(*line) == (2, "", f"gamelib: unrecognized arguments: {typed}\n"), line
    # Written in full, it is the option, refused as no player's of the game.
    assert run("replay", saved, "--total", "3") == (
        2,
        "",
        "gamelib: --total is for shallow-maxn players, n-player searches that do not play "
        "nim\n",
    )
