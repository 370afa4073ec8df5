"""``gamelib match``, driven through the real entry point."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.runner import run


def test_a_match_in_words() -> None:
    status, out, err = run(
        "match", "alphabeta:4", "random", "--game", "tictactoe", "--games", "6", "--seed", "3"
    )
    assert (status, err) == (0, "")
    assert out == (
        "Match of tictactoe: alphabeta:4 (A) against random (B), 3 pairs of games from 3 "
        "random openings of 2 moves, seed 3, played in this process\n"
        "Score of alphabeta:4 vs random: 4 - 0 - 2  [0.833] 6\n"
        "Ptnml(0-2): [0, 0, 1, 0, 2]\n"
        "Elo difference: 279.6, with no upper bound: 95% interval 46.6 and up, LOS: 99.3 %, "
        "DrawRatio: 33.3 %\n"
    )


def test_a_match_as_json_one_line_a_game_then_the_summary() -> None:
    status, out, err = run(
        "match", "alphabeta:2", "random", "--game", "nim", "--games", "2", "--seed", "1",
        "--plies", "0", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    first, second, summary = (json.loads(line) for line in out.splitlines())
    assert first == {
        "game": 1,
        "pair": 1,
        "players": {"Maxie": "alphabeta:2", "Minnie": "random"},
        "opening": [],
        "moves": ["2", "2", "2", "2", "2", "1", "3", "1"],
        "rolls": [],
        "result": "win",
        "outcome": "Maxie wins!",
        "fault": None,
    }
    assert second["players"] == {"Maxie": "random", "Minnie": "alphabeta:2"}
    assert summary["summary"] == {
        "a": "alphabeta:2",
        "b": "random",
        "games": 2,
        "wins": 2,
        "losses": 0,
        "draws": 0,
        "points": 2.0,
        "score": 1.0,
        "pentanomial": [0, 0, 0, 0, 1],
        "elo": None,
        "elo_low": -301.49,  # one pair is little to go on, and a sweep has no upper bound
        "elo_high": None,
        "los": 1.0,
        "draw_ratio": 0.0,
        "sprt": None,
        "faults": 0,
        "seed": 1,
        "interrupted": False,
    }


def test_an_sprt_stops_the_match_and_says_which_hypothesis() -> None:
    status, out, _ = run(
        "match", "alphabeta:4", "random", "--game", "tictactoe", "--games", "200",
        "--sprt", "elo0=0", "elo1=200", "--seed", "5",
    )  # fmt: skip
    assert status == 0
    assert "Score of alphabeta:4 vs random: 13 - 1 - 2  [0.875] 16\n" in out
    assert out.endswith(
        "SPRT: llr 3.35 (113.8%), lbound -2.94, ubound 2.94 - H1 was accepted (A is at least "
        "200 Elo stronger)\n"
    )


def test_openings_from_a_file_and_games_saved_for_replay(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("# two openings\n1,5\n\n9\n")
    saved = tmp_path / "games"
    status, out, err = run(
        "match", "alphabeta:4", "alphabeta:2", "--game", "tictactoe", "--openings", str(openings),
        "--games", "4", "--seed", "1", "--save-dir", str(saved),
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert "2 pairs of games from 2 openings of the file" in out
    files = sorted(p.name for p in saved.iterdir())
    assert files == [f"game-000{i}.json" for i in range(1, 5)]
    document = json.loads((saved / "game-0003.json").read_text())
    assert document["moves"][:1] == ["9"]
    assert document["players"] == {"Maxie": "alphabeta:4", "Minnie": "alphabeta:2"}
    status, replayed, _ = run("replay", str(saved / "game-0003.json"))
    assert status == 0
    assert document["outcome"].rstrip("!") in replayed


def test_a_match_on_workers_is_the_serial_match() -> None:
    args = ["match", "alphabeta:3", "random", "--game", "connect4", "--cols", "5", "--rows", "4"]
    serial = run(*args, "--games", "4", "--seed", "2", "--json")
    parallel = run(*args, "--games", "4", "--seed", "2", "--json", "--workers", "2")
    assert serial[0] == parallel[0] == 0
    assert serial[1] == parallel[1]
    chance = ["match", "expectiminimax:2", "random", "--game", "pig", "--games", "4"]
    assert (
        run(*chance, "--seed", "2", "--json")[1]
        == run(*chance, "--seed", "2", "--json", "--workers", "2")[1]
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--games", "7"],
            "--games must be an even number, 2 or more: games are played in pairs "
            "from each opening, colours swapped; got 7",
        ),
        (["--plies", "2", "--openings", "x"], "give --openings or --plies, not both"),
        (["--sprt", "elo0=0"], "--sprt needs elo1=ELO (for example elo0=0 elo1=10)"),
        (["--sprt", "elo0=5", "elo1=0"], "--sprt: SPRT needs elo0 < elo1, got elo0=5 elo1=0"),
        (["--sprt", "elo=3"], "--sprt takes elo0=, elo1=, alpha= and beta=, got 'elo=3'"),
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (
            ["--plies", "20"],
            "--plies 20: no line of 20 random moves was found that leaves the game going: "
            "ask for fewer plies",
        ),
        (
            ["--openings", "/nonexistent-file"],
            "--openings: cannot read '/nonexistent-file': No such file or directory",
        ),
        (["--sprt", "elo0=nan", "elo1=5"], "--sprt elo0 must be a finite number, got 'nan'"),
        (["--time", "1"], "--time is for id and mcts players, and no player here is one"),
    ],
)
def test_a_bad_setting_is_one_sentence(argv: list[str], message: str) -> None:
    assert run("match", "alphabeta", "random", "--game", "tictactoe", *argv) == (
        2,
        "",
        f"gamelib: {message}\n",
    )


def test_people_and_many_player_games_are_refused(tmp_path: Path) -> None:
    status, _, err = run("match", "human", "random", "--game", "tictactoe")
    assert (status, err) == (
        2,
        "gamelib: 'human' is a person at the prompt: a match is played between programs "
        "(gamelib play puts a person against one)\n",
    )
    status, _, err = run("match", "maxn", "maxn", "--game", "takeaway")
    assert (status, err) == (
        2,
        "gamelib: takeaway has 3 seats: a match of it names 3 players, one a seat, got 2\n",
    )
    status, _, err = run("match", "maxn", "maxn", "random", "--game", "takeaway", "--games", "4")
    assert (status, err) == (
        2,
        "gamelib: --games must be a multiple of 3: the 3 players rotate through the seats, "
        "each in each seat once a rotation; got 4\n",
    )
    bad = tmp_path / "bad.txt"
    bad.write_text("1,1\n")
    status, _, err = run(
        "match", "alphabeta", "random", "--game", "tictactoe", "--openings", str(bad)
    )
    assert status == 2
    assert err.startswith("gamelib: --openings: line 1: ")
    status, _, err = run("match", "expectiminimax", "random", "--game", "pig", "--plies", "2")
    assert (status, err) == (
        2,
        "gamelib: --plies 2: no line of 2 random moves with no roll of chance among them was "
        "found that leaves the game going: ask for fewer plies\n",
    )
    sprt = ("--sprt", "elo0=0", "elo1=9")
    status, _, err = run("match", *("maxn",) * 3, "--game", "takeaway", *sprt)
    assert (status, err) == (
        2,
        "gamelib: --sprt is for two-player zero-sum games: it weighs two players against each "
        "other, and takeaway has 3 seats\n",
    )


class Terminal(io.StringIO):
    """Standard error as a terminal that presses Ctrl-C at its third progress line."""

    def __init__(self) -> None:
        super().__init__()
        self.lines = 0

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if text.startswith("\rScore of"):
            self.lines += 1
            if self.lines == 3:
                raise KeyboardInterrupt
        return super().write(text)


def test_ctrl_c_keeps_the_games_played() -> None:
    status, out, err = run(
        "match", "alphabeta:2", "random", "--game", "tictactoe", "--games", "10", "--seed", "1",
        stderr=Terminal(),
    )  # fmt: skip
    assert status == 1
    assert "Score of alphabeta:2 vs random: " in out
    # Ctrl-C came as the third game's line was drawn: three games were played.
    assert out.splitlines()[1] == "Score of alphabeta:2 vs random: 2 - 0 - 1  [0.833] 3"
    assert err.endswith("gamelib: match interrupted after 3 games\n")


def test_a_match_of_three_players_and_its_table() -> None:
    args = ["match", "maxn:3", "paranoid:3", "random", "--game", "takeaway", "--seed", "1"]
    status, out, err = run(*args, "--games", "6")
    assert (status, err) == (0, "")
    assert out == (
        "Match of takeaway: maxn:3 (A), paranoid:3 (B), random (C); 2 rotations of 3 games, "
        "each player in each seat once a rotation, from 2 random openings of 2 moves, seed 1, "
        "played in this process\n"
        "rank  player      games   points   score  mean rank  wins  faults\n"
        "   1  maxn:3          6     3.00   0.500       1.75     3       0\n"
        "   2  paranoid:3      6     3.00   0.500       1.75     3       0\n"
        "   3  random          6     0.00   0.000       2.50     0       0\n"
    )
    here = run(*args, "--games", "6", "--json")[1]
    there = run(*args, "--games", "6", "--json", "--workers", "2")[1]
    assert here == there
    first = json.loads(here.splitlines()[0])
    assert first["seats"] == {"A": "maxn:3", "B": "paranoid:3", "C": "random"}
    assert sorted(first["scores"].values()) == [0.0, 0.0, 1.0]


def _points(out: str) -> dict[str, float]:
    """Each player's points in a match printed with --json, by the player's name."""
    summary = json.loads(out.splitlines()[-1])
    return {row["player"]: row["points"] for row in summary["summary"]["table"]}


def test_identical_players_score_alike_wherever_they_sit(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["match", "takeaway", "maxn:3", "random", "maxn:3", "--games", "30", "--seed", "2"]
    status, here, err = run(*args, "--json")
    assert (status, err) == (0, "")
    points = _points(here)
    assert abs(points["maxn:3 (1)"] - points["maxn:3 (3)"]) <= 3  # of 30 games
    assert run(*args, "--json", "--workers", "2")[1] == here
    # The old seating, one order round the table for every rotation: the player after
    # random wins nearly everything, and the test above would fail.
    monkeypatch.setattr(
        "gamelib.match.play.seat_orders", lambda n, rotations, seed: [tuple(range(n))] * rotations
    )
    points = _points(run(*args, "--json")[1])
    assert (points["maxn:3 (1)"], points["maxn:3 (3)"]) == (3, 24)


def test_a_match_of_chance_is_saved_tested_and_replayed(tmp_path: Path) -> None:
    saved = tmp_path / "pig"
    args = ["match", "expectiminimax:2", "random", "--game", "pig", "--target", "15"]
    status, out, err = run(
        *args, "--games", "40", "--seed", "4", "--save-dir", str(saved),
        "--sprt", "elo0=0", "elo1=300",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.startswith(
        "Match of pig: expectiminimax:2 (A) against random (B), pairs of games until the "
        "SPRT decides, at most 20 (--games sets the cap), from the start, the same dice for "
        "every game of a pair, seed 4, played in this process\n"
    )
    assert "SPRT: llr " in out
    files = sorted(saved.iterdir())
    played = int(out.split("] ")[1].split()[0])  # the score line's count of games
    assert len(files) == played
    first, second = (json.loads(f.read_text()) for f in files[:2])
    assert first["players"] == {"Maxie": "expectiminimax:2", "Minnie": "random"}
    assert second["players"] == {"Maxie": "random", "Minnie": "expectiminimax:2"}
    shared = min(len(first["rolls"]), len(second["rolls"]))
    assert shared > 0
    assert first["rolls"][:shared] == second["rolls"][:shared]  # a pair rolls the same dice
    status, replayed, err = run("replay", str(files[1]), "--player", "expectiminimax:1")
    assert (status, err) == (0, "")
    assert replayed.count("Chance: rolled ") == len(second["rolls"])
    assert replayed.endswith(f"Game over! {second['outcome']}\n")


def test_a_match_of_three_from_openings_saved_for_replay(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("1 1\n3\n")
    saved = tmp_path / "games"
    status, out, err = run(
        "match", "maxn:3", "paranoid:3", "random", "--game", "takeaway", "--games", "6",
        "--openings", str(openings), "--seed", "1", "--save-dir", str(saved),
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert (
        "2 rotations of 3 games, each player in each seat once a rotation, from 2 openings "
        "of the file" in out
    )
    files = sorted(p.name for p in saved.iterdir())
    assert files == [f"game-000{i}.json" for i in range(1, 7)]
    fourth = json.loads((saved / "game-0004.json").read_text())
    assert fourth["moves"][:1] == ["3"]  # the second rotation's opening
    first = json.loads((saved / "game-0001.json").read_text())
    # the two rotations sit round the table in the two orders there are for three players
    assert first["players"] == {"A": "maxn:3", "B": "paranoid:3", "C": "random"}
    assert fourth["players"] == {"A": "maxn:3", "B": "random", "C": "paranoid:3"}
    assert sorted(fourth["results"]) == [0, 0, 1]
    status, replayed, _ = run("replay", str(saved / "game-0004.json"))
    assert status == 0
    assert replayed.endswith(f"Game over! {fourth['outcome']}\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("9\n")
    status, _, err = run(
        "match", "maxn", "maxn", "maxn", "--game", "takeaway", "--openings", str(bad)
    )
    assert status == 2
    assert err.startswith("gamelib: --openings: line 1: move 1 cannot be played after the start")


def test_the_same_player_twice_and_a_save_dir_that_cannot_be_made() -> None:
    status, out, err = run(
        "match", "random", "random", "--game", "pig", "--target", "10", "--games", "2",
        "--seed", "1",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.startswith("Match of pig: random (A) against random (B), 1 pair of games ")
    assert "Score of random (A) vs random (B): " in out
    status, out, err = run(
        "match", "random", "random", "--game", "pig", "--save-dir", "/proc/no-such-folder"
    )
    assert (status, out) == (2, "")  # said before any game is played
    assert err == (
        "gamelib: --save-dir: cannot make '/proc/no-such-folder': No such file or directory\n"
    )


def test_a_pig_opening_with_a_roll_is_refused_in_a_true_sentence(tmp_path: Path) -> None:
    """`roll 6`, as --positions writes a line of Pig: the opening's roll is refused saying
    why (it said 'move 2 cannot be played after roll: chance decides there')."""
    openings = tmp_path / "openings.txt"
    openings.write_text("roll\nroll 6\n")
    status, out, err = run("match", "pig", "random", "random", "--openings", str(openings))
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: --openings: line 2: '6' cannot be played after roll: chance rolls there, "
        "and an opening holds the players' moves only up to chance's first roll (the match "
        "rolls the dice)\n"
    )


@pytest.mark.parametrize(
    ("games", "said"),
    [
        ("2", "1 pair of games from 1 opening of the file (the first of 3)"),
        ("4", "2 pairs of games from 2 openings of the file (the first 2 of 3)"),
        ("6", "3 pairs of games from 3 openings of the file,"),
        ("8", "4 pairs of games from 3 openings of the file,"),
    ],
)
def test_the_heading_counts_the_openings_the_match_uses(
    games: str, said: str, tmp_path: Path
) -> None:
    """Openings are used in turn: a match of 1 pair uses 1 of a file's 3 (it said 'from 3
    openings of the file')."""
    openings = tmp_path / "openings.txt"
    openings.write_text("1\n2\n3\n")
    status, out, err = run(
        "match", "nim", "random", "random", "--games", games, "--seed", "3",
        "--openings", str(openings),
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert said in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("play", "nim", "--maxie", "random", "--minnie", "random", "--table", "list"),
         "--table is for negamax-ab, pvs, scout, mtdf and id players, and no player here is "
         "one"),
        (("match", "takeaway", "random", "random", "random", "--games", "3", "--table", "list"),
         "--table is for negamax-ab, pvs, scout, mtdf and id players, two-player searches that "
         "do not play takeaway"),
        (("analyse", "takeaway", "--depth", "0"), "--depth must be at least 1, got 0"),
        (("match", "nim", "alphabeta:0", "random"), "the depth in 'alphabeta:0' must be at "
         "least 1, got 0"),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, tuple) else "",
)  # fmt: skip
def test_small_wordings_read_as_sentences(argv: tuple[str, ...], said: str) -> None:
    """A list of kinds with commas and one 'and' (it was 'negamax-ab and pvs and scout and
    mtdf and id'); a bad --depth names the flag (it was 'the depth in --depth')."""
    assert run(*argv) == (2, "", f"gamelib: {said}\n")


def test_match_game_reads_the_options_of_the_last_game_named() -> None:
    """argparse keeps the last `--game`; the options read are that game's (the first's
    were read: 'argument --players: expected one argument')."""
    status, out, err = run(
        "match",
        "--game",
        "nim",
        "--game",
        "takeaway",
        "--players",
        "4",
        *["random"] * 4,
        "--games",
        "4",
    )
    assert (status, err) == (0, "")
    assert "takeaway" in out
    assert "random (4)" in out


def test_match_game_help_writes_a_game_option_s_default_and_choices() -> None:
    """A game's option copied for `match --game G` keeps what its help says of its default
    and choices (it said 'default None' and 'one of ')."""
    import argparse

    from gamelib.cli._common import take_game_options
    from gamelib.cli.games import GAME_CATALOG
    from gamelib.cli.kits import GameEntry

    def options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--side",
            default="left",
            choices=["left", "right"],
            help="where to start (%(choices)s; default %(default)s)",
        )

    catalog = GAME_CATALOG.with_game(
        GameEntry("sided", "a test game", options, GAME_CATALOG["nim"].build)
    )
    parser = argparse.ArgumentParser(prog="gamelib match")
    take_game_options(parser, catalog, "sided")
    assert "where to start (left, right; default left)" in " ".join(parser.format_help().split())
