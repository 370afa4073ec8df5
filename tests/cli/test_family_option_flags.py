"""The options of a chance or n-player kind are command-line flags by the rule and the
path a two-player kind's go through (`--total 9` is `shallow-maxn:...:total=9` on each
seat that declares it), a kind of the caller's (`main(catalog=...)`, `--kind-from`)
included; a flag no chosen kind declares is refused in the sentence a two-player one gets."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest

from gamelib.catalog import CATALOGS, Catalogs
from gamelib.cli import main
from tests.option_kinds import FAR_MAXN, FAR_STAR1
from tests.runner import run, untimed

FAR = ("--kind-from", "tests.option_kinds:FAR")


def test_total_is_the_total_of_each_shallow_maxn_seat_in_play() -> None:
    seats = ("--player2", "random", "--seed", "1", "--players", "3")
    flagged = run("play", "takeaway", "--player1", "shallow-maxn:3", *seats, "--player3",
                  "shallow-maxn:2", "--total", "9")  # fmt: skip
    spelled = run("play", "takeaway", "--player1", "shallow-maxn:3:total=9", *seats,
                  "--player3", "shallow-maxn:2:9")  # fmt: skip
    assert flagged[0] == 0
    assert (flagged[0], untimed(flagged[1]), flagged[2]) == (
        spelled[0],
        untimed(spelled[1]),
        spelled[2],
    )
    assert (
        "A: ShallowMaxN(depth 3, total 9).  B: random.  C: ShallowMaxN(depth 2, total 9)."
        in (flagged[1])
    )


def test_total_reaches_analyse_and_trace() -> None:
    analysed = run("analyse", "takeaway", "--player", "shallow-maxn:3", "--total", "9")
    assert analysed == run("analyse", "takeaway", "--player", "shallow-maxn:3:total=9")
    assert analysed[0] == 0
    assert "ShallowMaxN(depth 3, total 9) chooses" in analysed[1]
    traced = run("trace", "cse473-3p", "--player", "shallow-maxn:3", "--total", "10")
    assert traced == run("trace", "cse473-3p", "--player", "shallow-maxn:3:10")
    assert traced[0] == 0
    assert traced[1] != run("trace", "cse473-3p", "--player", "shallow-maxn:3:20")[1]


def _games(out: str) -> list[object]:
    """The games of a `match --json` (its summary left out)."""
    return [json.loads(line) for line in out.splitlines()][:-1]


def test_total_reaches_a_match_and_its_workers() -> None:
    match = ("match", "takeaway", "--players", "3", "--games", "3", "--seed", "1", "--json")
    flagged = run(*match, "shallow-maxn:3", "shallow-maxn:2", "random", "--total", "1")
    spelled = run(*match, "shallow-maxn:3:1", "shallow-maxn:2:total=1", "random")
    sent = run(*match, "shallow-maxn:3", "shallow-maxn:2", "random", "--total", "1",
               "--workers", "2")  # fmt: skip
    assert flagged[0] == sent[0] == spelled[0] == 0
    assert _games(flagged[1]) == _games(sent[1])
    moves = [game["moves"] for game in _games(flagged[1])]  # type: ignore[index]
    assert moves == [game["moves"] for game in _games(spelled[1])]  # type: ignore[index]


def test_a_callers_chance_kind_takes_its_option_as_a_flag() -> None:
    catalogs = CATALOGS.with_kind(FAR_STAR1)
    flagged = run("analyse", "pig", "--target", "10", "--player", "far-star1:1",
                  "--lookahead", "1", catalog=catalogs)  # fmt: skip
    assert flagged == run("analyse", "pig", "--target", "10", "--player", "far-star1:1:1",
                          catalog=catalogs)  # fmt: skip
    assert flagged == (
        0,
        "Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0\n"
        "Star1(depth 2) chooses roll for Maxie; value: about 0.7175\n",
        "",
    )
    status, out, err = run("play", "pig", "--target", "10", "--maxie", "far-star1:1",
                           "--minnie", "random", "--lookahead", "2", "--seed", "3",
                           catalog=catalogs)  # fmt: skip
    assert (status, err) == (0, "")
    assert "Maxie: Star1(depth 3).  Minnie: random." in out


def test_kind_from_kinds_take_their_options_as_flags_on_workers_too() -> None:
    match = (*FAR, "match", "takeaway", "--games", "3", "--seed", "2", "--json")
    flagged = run(*match, "far-maxn:1", "maxn:1", "random", "--lookahead", "2")
    sent = run(*match, "far-maxn:1", "maxn:1", "random", "--lookahead", "2", "--workers", "2")
    spelled = run(*match, "far-maxn:1:2", "maxn:1", "random")
    assert flagged[0] == sent[0] == spelled[0] == 0
    assert _games(flagged[1]) == _games(sent[1])
    moves = [game["moves"] for game in _games(flagged[1])]  # type: ignore[index]
    assert moves == [game["moves"] for game in _games(spelled[1])]  # type: ignore[index]
    played = run(*FAR, "play", "pig", "--target", "10", "--maxie", "far-star1:1", "--minnie",
                 "random", "--lookahead", "1", "--seed", "1", "--json")  # fmt: skip
    assert json.loads(played[1])["players"] == {"Maxie": "Star1(depth 2)", "Minnie": "random"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "nim", "--maxie", "alphabeta:2", "--minnie", "random", "--total", "9"),
         "--total is for shallow-maxn players, n-player searches that do not play nim"),
        (("analyse", "pig", "--player", "star1:2", "--total", "9"),
         "--total is for shallow-maxn players, n-player searches that do not play pig"),
        (("play", "takeaway", "--player1", "maxn:2", "--player2", "random", "--player3",
          "random", "--total", "9"),
         "--total is for shallow-maxn players, and no player here is one"),
        (("match", "takeaway", "shallow-maxn:2:1", "maxn:2", "random", "--total", "9"),
         "--total 9 has no effect: every one of the shallow-maxn players here gives its own"),
        (("trace", "cse473-3p", "--player", "shallow-maxn:2", "--total", "x"),
         "the total in --total must be a number such as 10 or 1/2, got 'x'"),
        ((*FAR, "analyse", "nim", "--player", "alphabeta:2", "--lookahead", "1"),
         "--lookahead is for far-star1 and far-maxn players, chance and n-player searches "
         "that do not play nim"),
        ((*FAR, "analyse", "pig", "--player", "star1:2", "--lookahead", "1"),
         "--lookahead is for far-star1 players, and no player here is one"),
        (("--kind-from", "tests.option_kinds:SEEDED", "list"),
         "the search option 'seed' would hide gamelib's --seed"),
    ],
    ids=lambda x: str(x)[:40],
)  # fmt: skip
def test_a_flag_no_chosen_kind_declares_is_refused(argv: tuple[str, ...], message: str) -> None:
    assert run(*argv) == (2, "", f"gamelib: {message}\n")


def test_an_option_named_as_a_flag_of_gamelibs_stays_in_the_spec() -> None:
    kinds = ("--kind-from", "tests.option_kinds:SPEC_SEEDED")
    status, out, err = run(*kinds, "analyse", "takeaway", "--player", "seeded-maxn:2:seed=1")
    assert (status, err) == (0, "")
    assert "MaxN(depth 3) chooses" in out  # the lookahead of the option called seed


def _help(*argv: str, catalog: Catalogs = CATALOGS) -> str:
    """What `gamelib ARGV` (asking for help) prints, its lines joined by single spaces."""
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main(list(argv), catalog=catalog)
    assert done.value.code == 0
    return " ".join(re.sub(r"-\n\s+", "-", out.getvalue()).split())  # kept whole: far-maxn


def test_help_and_list_show_a_family_kinds_options_as_a_two_player_kinds() -> None:
    lines = _help("play", "--help")
    assert "--total TOTAL the total when the spec has none (default: the game's own for " \
        "shallow-maxn) --seed" in lines  # fmt: skip
    assert "--prune PRUNE the prune percentage when the spec has none (default: jamboree 0.5)" in (
        lines
    )
    lines = _help("match", "--help", catalog=CATALOGS.with_kind(FAR_MAXN))
    assert "--lookahead LOOKAHEAD the look-ahead when the spec has none (default: far-maxn 0)" in (
        lines
    )
    _, out, _ = run(*FAR, "list")
    assert "  far-star1      Star1, LOOKAHEAD plies deeper, far-star1:DEPTH:LOOKAHEAD\n" in out
    assert "  far-maxn       max^n, LOOKAHEAD plies deeper, far-maxn:DEPTH:LOOKAHEAD\n" in out


def test_a_default_no_value_gives_is_said_in_words_alike_in_help_and_list() -> None:
    # The help once said "(default: shallow-maxn none)"; `gamelib list` says "the game's own".
    said = "(default: the game's own for shallow-maxn)"
    assert f"--total TOTAL the total when the spec has none {said}" in _help("match", "--help")
    assert f"--total TOTAL the total when the spec has none {said}" in _help(
        "play", "takeaway", "--help"
    )
    _, out, _ = run("list")
    assert (
        "  shallow-maxn   max^n with Korf's shallow pruning; TOTAL: the most a vector adds up to "
        "(default: the game's own), shallow-maxn:DEPTH:TOTAL\n"
    ) in out
    assert "none" not in _help("play", "--help").partition("--total TOTAL")[2].split("--seed")[0]


@pytest.mark.parametrize(
    ("argv", "positions", "player"),
    [
        (("pig", "--target", "10", "--player", "mcts", "--sims", "5"), "roll 2\nroll 3\n",
         "MCTS(5 simulations)"),
        (("takeaway", "--player", "shallow-maxn:2", "--total", "1"), "1\n2 1\n",
         "ShallowMaxN(depth 2, total 1)"),
    ],
    ids=["sims", "total"],
)  # fmt: skip
def test_the_flags_reach_analyse_positions_on_workers(
    argv: tuple[str, ...], positions: str, player: str
) -> None:
    here = run("analyse", *argv, "--positions", "-", "--json", stdin=positions)
    sent = run("analyse", *argv, "--positions", "-", "--json", "--workers", "2", stdin=positions)
    assert here[0] == sent[0] == 0
    assert here[1] == sent[1]
    assert [json.loads(line)["player"] for line in sent[1].splitlines()] == [player, player]
