"""Iterative deepening on the command line: budgets in specs and flags, and its info lines."""

from __future__ import annotations

import re

import pytest

from gamelib import Settings
from gamelib.algorithms.deepening_kind import parse_order
from gamelib.catalog import CATALOG
from gamelib.cli.specs import parse_player_spec
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.search.kinds import parse_seconds
from tests.runner import run

INFO = re.compile(
    r"depth +(\d+)  (.+?) +([\d,]+) positions +[\d,]+/s +\d+\.\d\d s  line: ([\d ]+)$"
)


def test_analyse_prints_a_line_per_finished_depth() -> None:
    status, out, err = run("analyse", "connect4", "--player", "id:5:none")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    infos = [INFO.match(line) for line in lines if line.startswith("depth ")]
    found = [(m[1], m[2], m[3], m[4]) for m in infos if m is not None]
    assert len(found) == len(infos) == 5
    estimator = connect4_estimator(ConnectFour())
    for depth, value, _, line in found:
        _, expected = AlphaBeta(Settings(estimator, int(depth))).analyse(estimator.game.start)
        assert value == f"Guess {expected.guess}"  # type: ignore[union-attr]  # a guess here
        assert len(line.split()) == int(depth)
    assert [f[0] for f in found] == ["1", "2", "3", "4", "5"]
    assert [f[2] for f in found] == ["8", "21", "71", "193", "457"]  # with each line's search
    assert lines[-2] == (
        "IterativeDeepening(to depth 5, table 100000) chooses 3 for Maxie; value: Guess 48"
    )
    assert re.fullmatch(
        r"searched to depth 5 in \d+\.\d\d s \(750 positions\); stopped: its depth limit",
        lines[-1],
    )


def test_a_time_flag_asks_for_iterative_deepening() -> None:
    status, out, _ = run("analyse", "nim", "--time", "30s")
    assert status == 0
    assert "IterativeDeepening(to depth 64, 30 s, table 100000) chooses 2 for Maxie" in out
    assert out.endswith(
        "stopped: the value is certain (a forced result, or every line ends within the depth)\n"
    )


def test_a_position_budget_from_the_command_line() -> None:
    status, out, _ = run("analyse", "connect4", "--nodes", "500")
    assert status == 0
    assert re.search(r"\(500 positions\); stopped: the position budget ran out\n$", out)


def test_a_time_budget_from_the_command_line_stops_on_time() -> None:
    status, out, _ = run("analyse", "connect4", "--player", "id:50ms")
    assert status == 0
    # (A note may follow, when the unfinished depth found a better move.)
    assert re.search(
        r"\); stopped: the time budget ran out\n(\(depth \d+ was not finished: .*\)\n)?$", out
    )


def test_play_says_how_deep_each_move_looked() -> None:
    status, out, err = run(
        "play",
        "tictactoe",
        "--maxie",
        "id:9:none",
        "--minnie",
        "id:2:none:order=none",
        "--exit-code",
    )
    assert err == ""
    assert status == (12 if out.endswith("draw!\n") else 10 if "Maxie wins" in out else 11)
    looked = re.findall(
        r"^(Maxie|Minnie) looked (\d+) moves? ahead \(([\d,]+) positions, \d+\.\d\d s\): "
        r"(.*), expecting ([\d ]+)$",
        out,
        re.M,
    )
    # Maxie sees the draw to the end each time; Minnie, two moves deep without ordering,
    # sees guesses until the end is near.
    assert looked == [
        ("Maxie", "9", "2,343", "Definitely a draw", "5 1 2 8 4 6 3 7 9"),
        ("Minnie", "2", "28", "Guess 3", "1 3"),
        ("Maxie", "7", "572", "Definitely a draw", "6 4 7 3 2 8 9"),
        ("Minnie", "2", "38", "Guess 3", "4 7"),
        ("Maxie", "5", "129", "Definitely a draw", "7 3 2 8 9"),
        ("Minnie", "2", "17", "Guess 2", "3 2"),
        ("Maxie", "3", "25", "Definitely a draw", "2 8 9"),
        ("Minnie", "2", "9", "Definitely a draw", "8 9"),
        ("Maxie", "1", "2", "Definitely a draw", "9"),
    ]
    assert out.endswith("Game over! It's a draw!\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--time", "0"], "the time budget in --time must be more than 0 seconds, got '0'"),
        (["--time=-2s"], "the time budget in --time must be more than 0 seconds, got '-2s'"),
        (
            ["--time", "soon"],
            "the time budget in --time must be a time such as 2s, 500ms or 1.5, got 'soon'",
        ),
        (
            ["--time", "nan"],
            "the time budget in --time must be a time such as 2s, 500ms or 1.5, got 'nan'",
        ),
        (["--nodes", "0"], "the position budget in --nodes must be at least 1, got 0"),
        (
            ["--nodes", "many"],
            "the position budget in --nodes must be a whole number or none, got 'many'",
        ),
        (
            ["--player", "id:1s:order=fast"],
            "the move ordering in 'id:1s:order=fast' must be all, none, or some of table, "
            "killers, history joined by ',', got 'fast'",
        ),
        (
            ["--player", "alphabeta", "--time", "2"],
            "--time is for id and mcts players, and no player here is one",
        ),
        (
            ["--player", "id:2s", "--time", "3"],
            "--time 3 has no effect: every one of the id and mcts players here gives its own",
        ),
    ],
)
def test_bad_budgets_get_one_sentence(argv: list[str], message: str) -> None:
    assert run("analyse", "connect4", *argv) == (2, "", f"gamelib: {message}\n")


def test_specs_with_a_lead_option() -> None:
    for text, depth, options in [
        ("id", 64, {}),
        ("id:2s", 64, {"time": 2.0}),
        ("id:9", 9, {}),
        ("id:9:500ms", 9, {"time": 0.5}),
        ("id:time=1m:nodes=10", 64, {"time": 60.0, "nodes": 10}),
        ("id:order=table+history", 64, {"order": frozenset({"table", "history"})}),
    ]:
        spec = parse_player_spec(text, CATALOG, 5)
        assert (spec.depth, dict(spec.options)) == (depth, options), text
    assert parse_player_spec("id", CATALOG, 3, depth_limit=3).depth == 3  # a tree's limit
    assert (parse_seconds("1.5"), parse_seconds("2min")) == (1.5, 120)
    assert parse_order("killers, history") == frozenset({"killers", "history"})


def test_the_preset_against_iterative_deepening() -> None:
    status, out, err = run("run", "C4_HvID", "--minnie", "id:3:none", "--seed", "1", stdin="3\n")
    assert status == 1  # one move typed, then the input ends: the game stops cleanly
    assert out.startswith(
        "Playing connect4: drop pieces in columns; k in a line wins.\n"
        "Maxie: you.  Minnie: IterativeDeepening(to depth 3, table 100000).\n"
    )
    assert re.search(r"Minnie looked 3 moves ahead \([\d,]+ positions", out)
    assert err == "gamelib: game stopped: the input ended while waiting for Maxie's move\n"
