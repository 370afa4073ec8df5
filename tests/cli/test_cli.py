"""The command line, driven through its real entry point."""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TypeVar

import pytest

from gamelib import AlphaBeta, Minimax, Settings, referee
from gamelib.catalog import CATALOG, CHANCE_CATALOG, NPLAYER_CATALOG
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.games import GAME_CATALOG, GameKit, NamedEstimator
from gamelib.cli.players import PLAYER_KINDS, Streams
from gamelib.cli.specs import SpecError, parse_player_spec
from gamelib.core import outcome_to_string
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from tests.helpers import ALL_KINDS, SEARCH_KINDS
from tests.runner import run

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["play", "chess"],
            "gamelib: unknown game 'chess'; known games: connect4, nim, pig, takeaway, "
            "tictactoe\n",  # not tree, which cannot be played
        ),
        (
            ["analyse", "chess"],
            "gamelib: unknown game 'chess'; known games: connect4, nim, pig, takeaway, "
            "tictactoe, tree\n",
        ),
        (["play", "nim", "--pile", "x"], "gamelib: --pile must be a whole number, got 'x'\n"),
        (["play", "nim", "--pile", "0"], "gamelib: --pile must be at least 1, got 0\n"),
        (["play", "nim", "--pile"], "gamelib: argument --pile: expected one argument\n"),
        (
            ["play", "nim", "--maxie", "alphabta"],
            f"gamelib: unknown player kind 'alphabta'; known kinds for nim: {ALL_KINDS}\n",
        ),
        (
            ["play", "nim", "--minnie", "minimax:0"],
            "gamelib: the depth in 'minimax:0' must be at least 1, got 0\n",
        ),
        (
            ["play", "nim", "--minnie", "minimax:deep"],
            "gamelib: the depth in 'minimax:deep' must be a whole number, got 'deep'\n",
        ),
        (
            ["play", "nim", "--depth", "-1"],
            "gamelib: --depth must be at least 1, got -1\n",
        ),
        (
            ["play", "nim", "--minnie", "jamboree:3:1.5"],
            "gamelib: the prune percentage in 'jamboree:3:1.5' must be between 0 and 1, got 1.5\n",
        ),
        (
            ["play", "nim", "--minnie", "random:3"],
            "gamelib: 'random:3' has too many ':' parts for a random player\n",
        ),
        (["play", "nim", "--seed", "s"], "gamelib: --seed must be a whole number, got 's'\n"),
        (["play", "nim", "--colour", "red"], "gamelib: unrecognized arguments: --colour red\n"),
        (
            ["play", "tree"],
            "gamelib: 'tree' can be analysed but not played: its leaves are estimates\n",
        ),
        (
            ["analyse", "nim", "--player", "human"],
            f"gamelib: analyse needs a search player ({SEARCH_KINDS}), not 'human'\n",
        ),
        (
            ["analyse", "tree", "--tree", "big", "--player", "alphabeta:9"],
            "gamelib: the depth 9 in 'alphabeta:9' is deeper than the tree: "
            "its shallowest leaf is 4 moves from the root, so depth 4 is the deepest that works\n",
        ),
        (
            ["analyse", "tree", "--tree", "huge"],
            "gamelib: unknown tree 'huge'; named trees: small, big, uneven, cse473, "
            "wikipedia, chance-example, dice, cse473-3p, or write one out\n",
        ),
        (
            ["analyse", "tree", "--tree", "a[b1 c2]"],
            "gamelib: expected ',' or ']' in node 'a', found 'c' at position 6 of the tree text, "
            "near 'a[b1 c2]'\n",
        ),
        (["list", "extra"], "gamelib: unrecognized arguments: extra\n"),
        (
            ["run", "C4_XX"],
            "gamelib: unknown preset 'C4_XX'; presets: "
            "C4_ABvMM, C4_HvAB, C4_HvID, C4_HvMM, Nim_HvMM, Nim_MMvMM, TTT_HvAB\n",
        ),
        (
            ["play", "connect4", "--k", "9"],
            "gamelib: k = 9 cannot fit on a 7 x 6 board: no line is longer than 7\n",
        ),
        (["play", "connect4", "--cols", "0"], "gamelib: --cols must be at least 1, got 0\n"),
        (["play", "tictactoe", "--pile", "3"], "gamelib: unrecognized arguments: --pile 3\n"),
    ],
)
def test_bad_command_lines_get_one_sentence_and_status_2(argv: list[str], message: str) -> None:
    status, out, err = run(*argv)
    assert (status, out, err) == (2, "", message)


def test_no_command() -> None:
    status, out, err = run()
    assert (status, out) == (2, "")
    assert err.startswith("usage: gamelib COMMAND [options]; gamelib --help lists the commands.")
    assert "  gamelib demo " in err
    assert "  gamelib play connect4 " in err


def test_analyse_refuses_a_player_that_does_not_search() -> None:
    for game, kind in (("nim", "direct"), ("nim", "human"), ("nim", "random"), ("tree", "direct")):
        status, out, err = run("analyse", game, "--player", kind)
        assert (status, out) == (2, "")
        assert err == (f"gamelib: analyse needs a search player ({SEARCH_KINDS}), not '{kind}'\n")


def test_direct_player_for_a_game_without_one_is_refused() -> None:
    status, out, err = run("play", "connect4", "--maxie", "direct", "--minnie", "random")
    assert (status, out) == (2, "")
    assert err == "gamelib: this game has no hand-written ('direct') player\n"


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_a_match_with_a_player_that_cannot_be_made_is_refused_before_it_starts(
    workers: list[str],
) -> None:
    # Before, the match began and stopped in its first game, with the status 1 of a game
    # that stopped; a player the game cannot have is bad input, said at once.
    status, out, err = run("match", "tictactoe", "random", "direct", "--games", "2", *workers)
    assert (status, out) == (2, "")
    assert err == "gamelib: this game has no hand-written ('direct') player\n"


def test_direct_player_missing_for_a_game_without_one() -> None:
    # Straight into the player kinds: the tree game has no hand-written player.
    class Job:
        def two_player(self, kit: GameKit[S, M, G], /) -> int:
            spec = parse_player_spec("direct", CATALOG, 1)
            PLAYER_KINDS["direct"].build(kit, spec, Streams(io.StringIO(), io.StringIO(), None))
            return 0

        def beyond(self, kit: FamilyKit[S, M, G], /) -> int:
            raise AssertionError("the tree is a two-player game")

    tree = GAME_CATALOG.get("tree")
    assert tree is not None
    kit = tree.build(argparse.Namespace(tree="small"))
    with pytest.raises(SpecError, match="no hand-written"):
        kit.run(Job())


def test_human_typo_then_legal_moves_transcript() -> None:
    status, out, err = run(
        "play", "nim", "--pile", "5", "--maxie", "human", "--minnie", "direct", stdin="7\n1\n1\n"
    )
    assert (status, err) == (0, "")  # the game ended: Minnie won, as the transcript says
    assert re.sub(r"\(\d+\.\d\d s\)", "(T s)", out) == (
        "Playing nim: take 1-3 pebbles; whoever takes the last loses.\n"
        "Maxie: you.  Minnie: NimPlayer.\n"
        "\n"
        "5 left, and it is Maxie's turn\n"
        "Maxie, please type your move: '7' is not a legal move here; legal moves: 1, 2, 3\n"
        "Maxie, please type your move: Maxie decides to make the move 1 (T s)\n"
        "\n"
        "4 left, and it is Minnie's turn\n"
        "Minnie decides to make the move 3 (T s)\n"
        "\n"
        "1 left, and it is Maxie's turn\n"
        "Maxie, please type your move: Maxie decides to make the move 1 (T s)\n"
        "\n"
        "0 left\n"
        "Game over! Minnie wins!\n"
    )


def test_a_closed_standard_input_stops_cleanly_with_status_1() -> None:
    # Started with standard input closed, Python has no sys.stdin at all.
    script = (
        "import sys; sys.stdin = None; sys.argv[1:] = ['play', 'nim']; "
        "from gamelib.cli import entry_point; entry_point()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == "gamelib: game stopped: there is no input to read Maxie's move from\n"


def test_end_of_input_stops_cleanly_with_status_1() -> None:
    status, out, err = run("play", "nim", "--maxie", "human", stdin="")
    assert status == 1
    assert out.endswith("Maxie, please type your move: \n")
    assert err == "gamelib: game stopped: the input ended while waiting for Maxie's move\n"


def test_random_players_reproducible_with_seed() -> None:
    argv = ("play", "nim", "--pile", "40", "--maxie", "random", "--minnie", "random")
    a = run(*argv, "--seed", "4", "--exit-code")
    b = run(*argv, "--seed", "4", "--exit-code")

    def moves(out: str) -> list[str]:
        return [line.split(" (")[0] for line in out.splitlines() if "decides" in line]

    assert a[0] == b[0] == (10 if a[1].endswith("Maxie wins!\n") else 11)
    assert moves(a[1]) == moves(b[1])
    assert len(moves(a[1])) >= 14


def test_analyse_nim() -> None:
    status, out, err = run("analyse", "nim", "--pile", "15", "--player", "alphabeta:5")
    assert (status, err) == (0, "")
    assert out == (
        "15 left, and it is Maxie's turn\nAlphaBeta(depth 5) chooses 2 for Maxie; value: Guess 1\n"
    )


def test_analyse_with_depth_and_prune_options() -> None:
    status, out, _ = run(
        "analyse", "tree", "--tree", "big", "--player", "jamboree", "--depth", "4", "--prune", "0.5"
    )
    assert status == 0
    assert out == "(Maxie,a)\nJamboree(depth 4, prune 0.5) chooses 0 for Maxie; value: Guess 3\n"


def test_a_tree_analysed_after_moves_is_searched_as_deep_as_is_left_of_it() -> None:
    status, out, err = run("analyse", "tree", "--tree", "small", "--moves", "0")
    assert (status, err) == (0, "")
    assert out == "(Minnie,b)\nAlphaBeta(depth 1) chooses 2 for Minnie; value: Guess -2\n"
    status, out, err = run("analyse", "tree", "--tree", "small", "--moves", "0", "--depth", "2")
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: the depth 2 in --depth is deeper than the tree: its shallowest leaf is 1 move "
        "from the position after --moves 0, so depth 1 is the deepest that works\n"
    )
    status, out, err = run("analyse", "tree", "--tree", "small", "--moves", "0,1")
    assert (status, out) == (2, "")
    assert (
        err
        == "gamelib: nothing to analyse: after --moves 0,1 the tree ends at the leaf (Maxie,d)\n"
    )


def test_a_batch_of_tree_positions_says_which_depth_each_line_allows(tmp_path: Path) -> None:
    positions = tmp_path / "tree.txt"
    positions.write_text("0\n0,0\n", encoding="utf-8")
    status, out, err = run("analyse", "tree", "--tree", "small", "--positions", str(positions))
    assert status == 1
    assert "gamelib:" not in err  # only how far the batch got (two lines, both answered)
    assert out == (
        "line 1: 0\nthe depth 2 by default is deeper than the tree: its shallowest leaf is 1 move "
        "from this position, so depth 1 is the deepest that works\n\n"
        "line 2: 0,0\nnothing to analyse: the tree ends at the leaf (Maxie,c)\n\n"
    )
    status, out, _ = run(
        "analyse", "tree", "--tree", "small", "--positions", str(positions), "--depth", "1"
    )
    assert status == 1  # the leaf's line still has no answer
    assert "line 1: 0\nAlphaBeta(depth 1) chooses 2 for Minnie; value: Guess -2\n" in out


def test_play_search_players_against_each_other() -> None:
    status, out, _ = run("play", "nim", "--maxie", "alphabeta:5", "--minnie", "minimax:3")
    assert status == 0
    assert out.startswith(
        "Playing nim: take 1-3 pebbles; whoever takes the last loses.\n"
        "Maxie: AlphaBeta(depth 5).  Minnie: Minimax(depth 3).\n"
    )
    assert "Maxie decides to make the move 2 (" in out
    assert out.endswith("Game over! Maxie wins!\n")


def test_demo_plays_a_whole_game_without_input() -> None:
    status, out, err = run("demo")
    assert (status, err) == (0, "")  # a show: 0 whoever wins
    # The demo is what it says: AlphaBeta against Minimax at depth 5 on Connect Four,
    # played to the end.  Both are deterministic, so the referee's own transcript of
    # that game, whatever its result, is the demo's, line for line (times aside).
    game = ConnectFour()
    transcript = io.StringIO()
    record = referee(
        game,
        AlphaBeta(Settings(connect4_estimator(game), 5)),
        Minimax(Settings(connect4_estimator(game), 5)),
        out=transcript,
    )
    header = (
        "The demo (C4_ABvMM): Connect Four: AlphaBeta against Minimax, depth 5.  Ctrl-C stops it.\n"
        "Playing connect4: drop pieces in columns; k in a line wins.\n"
        "Maxie: AlphaBeta(depth 5).  Minnie: Minimax(depth 5).\n\n"
    )

    def untimed(text: str) -> str:
        return re.sub(r"\(\d+\.\d\d s\)", "(T s)", text)

    assert untimed(out) == header + untimed(transcript.getvalue())
    assert out.endswith("Game over! " + outcome_to_string(record.outcome) + "\n")
    assert out.count("decides to make the move") == len(record.moves) >= 7


def test_list() -> None:
    status, out, _ = run("list")
    assert status == 0
    assert "  nim        take 1-3 pebbles; whoever takes the last loses (--pile)\n" in out
    assert "  TTT_HvAB   tic-tac-toe: you against AlphaBeta, depth 5\n" in out
    assert "  jamboree   Jamboree search, jamboree:DEPTH:PRUNE\n" in out


def test_no_kind_is_named_twice_in_a_row() -> None:
    # A summary follows the kind's name (here, in the docs' table and in the stepper's
    # menu, which shows "name: summary"), so it does not start by naming it again.
    status, out, _ = run("list")
    assert status == 0
    assert "  negamax    Minimax from the mover's view, negamax:DEPTH\n" in out
    assert "  expectiminimax minimax that averages over the dice, expectiminimax:DEPTH\n" in out
    for kind in (*CATALOG, *CHANCE_CATALOG, *NPLAYER_CATALOG):
        assert not kind.summary.casefold().startswith(f"{kind.name}:".casefold()), kind.name
        lines = [line for line in out.splitlines() if line.split()[:1] == [kind.name]]
        assert lines  # one line in each family that has it (mcts is in all three)
        for line in lines:
            said = " ".join(line.split()).casefold()
            assert f" {kind.name} {kind.name}:".casefold() not in said


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return env


def test_python_dash_m_in_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gamelib", "play", "nim", "--maxie", "human"],
        input="x\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "'x' is not a legal move here; legal moves: 1, 2, 3" in done.stdout
    assert done.stderr == "gamelib: game stopped: the input ended while waiting for Maxie's move\n"


def test_console_script_reports_bad_game() -> None:
    script = Path(sys.executable).with_name("gamelib")
    assert script.exists(), "the gamelib console script is installed with the package"
    done = subprocess.run(
        [str(script), "play", "go"], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == "gamelib: unknown game 'go'; known games: connect4, nim, pig, takeaway, "
        "tictactoe\n"
    )


def test_connect4_human_gets_clear_reasons() -> None:
    status, out, err = run(
        "play",
        "connect4",
        "--cols",
        "3",
        "--rows",
        "1",
        "--k",
        "3",
        "--maxie",
        "human",
        "--minnie",
        "human",
        stdin="4\nx\n2\n2\n1\n3\n",
    )
    assert (status, err) == (0, "")  # the game ended, in a draw
    assert "there is no column 4: columns are 1–3; legal moves: 1, 2, 3\n" in out
    assert "'x' is not a column number; legal moves: 1, 2, 3\n" in out
    assert "column 2 is full; legal moves: 1, 3\n" in out
    assert out.endswith(" 1 2 3\n|O X X|\nGame over! It's a draw!\n")  # the board it ended on


def test_tictactoe_human_gets_clear_reasons() -> None:
    status, out, _ = run(
        "play", "tictactoe", "--maxie", "human", "--minnie", "alphabeta:9", stdin="1 1\n0\n5\n5\n"
    )
    assert status == 1  # the input ends before the game does
    assert "'1 1' is not a cell: type one digit from 1 to 9; legal moves: 1, 2, 3, 4, 5" in out
    assert "'0' is not a cell: type one digit from 1 to 9" in out
    assert "cell 5 is taken; legal moves: 2, 3, 4, 6, 7, 8, 9\n" in out


def test_run_preset_with_extra_options() -> None:
    status, out, _ = run("run", "Nim_MMvMM", "--pile", "6")
    assert status == 0
    assert out.startswith(
        "Playing nim: take 1-3 pebbles; whoever takes the last loses.\n"
        "Maxie: Minimax(depth 5).  Minnie: Minimax(depth 5).\n\n6 left"
    )
    assert out.endswith("Game over! Maxie wins!\n")


def test_analyse_connect4_and_tictactoe() -> None:
    status, out, _ = run("analyse", "tictactoe", "--player", "alphabeta:9")
    assert status == 0
    assert out.endswith("AlphaBeta(depth 9) chooses 1 for Maxie; value: Definitely a draw\n")
    status, out, _ = run(
        "analyse", "connect4", "--cols", "4", "--rows", "4", "--player", "alphabeta:16"
    )
    assert status == 0
    assert out.endswith("AlphaBeta(depth 16) chooses 2 for Maxie; value: Definitely a draw\n")


def test_a_batch_estimator_refuses_a_tree_of_another_family() -> None:
    for tree, what in (("dice", "of chance"), ("cse473-3p", "of n players")):
        with pytest.raises(SpecError) as refused:
            NamedEstimator("tree", ("--tree", tree))()
        assert (
            str(refused.value) == f"the tree {tree} is a game {what}: batches take two-player games"
        )
