"""The command line with dice and with more than two players, through its real entry point."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from gamelib.catalog import CATALOGS, Catalogs
from gamelib.chance import (
    ChanceSettings,
    Expectiminimax,
    Star1,
    Star2,
)
from gamelib.chance.game import ChanceTurns
from gamelib.chance.trees import EXAMPLE, ChanceTreeGame, chance_tree_estimator
from gamelib.core.controller import play_out
from gamelib.core.datatypes import Playing
from gamelib.core.model import value_to_string
from gamelib.games.pig import Pig, PigMove, PigState, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer import (
    CSE473,
    MaxN,
    NSettings,
    Paranoid,
    ShallowMaxN,
    ShallowSettings,
    TreeGame,
    tree_estimator,
)
from gamelib.nplayer.game import NPlayerTurns
from gamelib.trace import trace, trace_to_text
from tests.caller_kinds import MINE_CHANCE
from tests.outside import DOT, not_run
from tests.runner import run


def untimed(text: str) -> str:
    return re.sub(r"\(\d+\.\d\d s\)", "(T s)", text)


# --------------------------------------------------------------------------
# gamelib list


def test_list_shows_both_games_and_every_new_kind() -> None:
    status, out, _ = run("list")
    assert status == 0
    assert (
        "  pig        a dice game (chance): roll to build a turn total, hold to bank it "
        "(--target)\n" in out
    )
    assert (
        "  takeaway   take 1-3 pebbles; taking the last wins; 3 players by default "
        "(--pile, --players)\n" in out
    )
    for usage in (
        "expectiminimax:DEPTH",
        "star1:DEPTH",
        "star2:DEPTH",
        "maxn:DEPTH",
        "shallow-maxn:DEPTH:TOTAL",
        "paranoid:DEPTH",
    ):
        assert f", {usage}\n" in out
    # The two-player kinds are listed as before.
    assert "  jamboree   Jamboree search, jamboree:DEPTH:PRUNE\n" in out
    for tree in ("chance-example", "dice", "cse473-3p"):
        assert f"\n  {tree:<14} " in out


# --------------------------------------------------------------------------
# play


PIG_SEED_2 = """\
Playing pig: a dice game (chance): roll to build a turn total, hold to bank it.
Maxie: Expectiminimax(depth 2).  Minnie: Star2(depth 2).

Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0
Maxie decides to make the move roll (T s)

Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 0
Chance: rolled 1 (1/6)

Maxie 0, Minnie 0 (to 10): Minnie to move, turn total 0
Minnie decides to make the move roll (T s)

Maxie 0, Minnie 0 (to 10): Minnie rolls the die, turn total 0
Chance: rolled 1 (1/6)

Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0
Maxie decides to make the move roll (T s)

Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 0
Chance: rolled 6 (1/6)

Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 6
Maxie decides to make the move roll (T s)

Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 6
Chance: rolled 6 (1/6)

Game over! Maxie wins!
"""


def test_a_seeded_pig_game_exact_transcript() -> None:
    argv = ("play", "pig", "--target", "10", "--maxie", "expectiminimax:2", "--minnie", "star2:2")
    status, out, err = run(*argv, "--seed", "2")
    assert (status, untimed(out), err) == (0, PIG_SEED_2, "")


def test_a_seeded_pig_game_is_the_library_game_with_the_same_dice() -> None:
    argv = ("play", "pig", "--target", "12", "--maxie", "star1:3", "--minnie", "random")
    status, out, _ = run(*argv, "--seed", "11", "--exit-code")
    assert status == (10 if out.endswith("Game over! Maxie wins!\n") else 11)
    assert untimed(run(*argv, "--seed", "11")[1]) == untimed(out)  # the same seed, the same game
    game = Pig(target=12)
    star1 = Star1(ChanceSettings(pig_estimator(game), 3))
    transcript = io.StringIO()
    # Maxie's choices are Star1's: replay the dice the command line used, in order.
    rolls = [int(line.split("rolled ")[1][0]) for line in out.splitlines() if "rolled" in line]
    minnie_moves = iter(
        line.split("move ")[1].split(" (")[0]
        for line in out.splitlines()
        if line.startswith("Minnie decides")
    )

    def scripted(state: PigState) -> PigMove:
        move = game.parse_move(state, next(minnie_moves))
        assert move is not None
        return move

    class Dice(random.Random):
        def __init__(self) -> None:
            super().__init__(0)
            self.faces = iter(rolls)

        def random(self) -> float:
            return (next(self.faces) - 1) / 6 + 1e-9

    record = play_out(ChanceTurns(game), (star1.next_move, scripted), rng=Dice(), out=transcript)
    header = (
        "Playing pig: a dice game (chance): roll to build a turn total, hold to bank it.\n"
        "Maxie: Star1(depth 3).  Minnie: random.\n\n"
    )
    assert untimed(out) == header + untimed(transcript.getvalue())
    assert out.endswith(f"Game over! {'Maxie' if 'Maxie wins' in out else 'Minnie'} wins!\n")
    assert len(record.rolls) == len(rolls)  # every die the transcript shows was drawn


def test_pig_plays_itself_with_no_players_named() -> None:
    status, out, err = run(
        "play", "pig", "--target", "8", "--depth", "2", "--seed", "1", "--exit-code"
    )
    assert (status, err) == (10 if out.endswith("Maxie wins!\n") else 11, "")
    assert out.startswith(
        "Playing pig: a dice game (chance): roll to build a turn total, hold to bank it.\n"
        "Maxie: Expectiminimax(depth 2).  Minnie: Expectiminimax(depth 2).\n"
    )
    assert out.endswith(" wins!\n")


def test_a_human_at_pig_typo_then_legal_moves() -> None:
    status, out, err = run(
        "play", "pig", "--target", "10", "--maxie", "human", "--minnie", "expectiminimax:2",
        "--seed", "2", stdin="hold\nr\nroll\nR\n",
    )  # fmt: skip
    assert (status, err) == (0, "")  # the game ended (you won)
    prompt = "Maxie, please type your move: "
    assert untimed(out) == (
        "Playing pig: a dice game (chance): roll to build a turn total, hold to bank it.\n"
        "Maxie: you.  Minnie: Expectiminimax(depth 2).\n"
        "\n"
        "Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0\n"
        f"{prompt}'hold' is not a legal move here; legal moves: roll\n"
        f"{prompt}Maxie decides to make the move roll (T s)\n\n"
        "Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 0\n"
        "Chance: rolled 1 (1/6)\n\n"
        "Maxie 0, Minnie 0 (to 10): Minnie to move, turn total 0\n"
        "Minnie decides to make the move roll (T s)\n\n"
        "Maxie 0, Minnie 0 (to 10): Minnie rolls the die, turn total 0\n"
        "Chance: rolled 1 (1/6)\n\n"
        "Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 0\n"
        f"{prompt}Maxie decides to make the move roll (T s)\n\n"
        "Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 0\n"
        "Chance: rolled 6 (1/6)\n\n"
        "Maxie 0, Minnie 0 (to 10): Maxie to move, turn total 6\n"
        f"{prompt}Maxie decides to make the move roll (T s)\n\n"
        "Maxie 0, Minnie 0 (to 10): Maxie rolls the die, turn total 6\n"
        "Chance: rolled 6 (1/6)\n\n"
        "Game over! Maxie wins!\n"
    )


def test_a_human_at_pig_ends_the_input() -> None:
    status, out, err = run("play", "pig", "--maxie", "human", stdin="x\n")
    assert status == 1
    assert out.endswith(
        "Maxie, please type your move: 'x' is not a legal move here; legal moves: roll\n"
        "Maxie, please type your move: \n"
    )
    assert err == "gamelib: game stopped: the input ended while waiting for Maxie's move\n"


def test_a_takeaway_game_exact_transcript_and_final_utilities() -> None:
    status, out, err = run(
        "play", "takeaway", "--pile", "6", "--player2", "paranoid:3", "--player3=shallow-maxn:3"
    )
    assert (status, err) == (0, "")  # the game ended (A won, as the last line says)
    assert untimed(out) == (
        "Playing takeaway: take 1-3 pebbles; taking the last wins; 3 players by default.\n"
        "A: MaxN(depth 5).  B: Paranoid(depth 3).  C: ShallowMaxN(depth 3, total 1).\n"
        "\n"
        "6 left, and it is A's turn\nA decides to make the move 1 (T s)\n\n"
        "5 left, and it is B's turn\nB decides to make the move 1 (T s)\n\n"
        "4 left, and it is C's turn\nC decides to make the move 1 (T s)\n\n"
        "3 left, and it is A's turn\nA decides to make the move 3 (T s)\n\n"
        "Game over! A 1, B 0, C 0\n"
    )
    # The same game as the library plays it with the same players.
    game = TakeAway(pile=6)
    estimator = takeaway_estimator(game)
    transcript = io.StringIO()
    play_out(
        NPlayerTurns(game),
        [
            MaxN(NSettings(estimator, 5)).next_move,
            Paranoid(NSettings(estimator, 3)).next_move,
            ShallowMaxN(ShallowSettings(estimator, 3, 1)).next_move,
        ],
        out=transcript,
    )
    assert untimed(out).split("\n\n", 1)[1] == untimed(transcript.getvalue())


def test_a_human_at_takeaway_typo_then_legal_move_then_end_of_input() -> None:
    status, out, err = run(
        "play", "takeaway", "--pile", "7", "--players", "4", "--player1", "human",
        "--player4", "random", "--seed", "5", stdin="4\n2\n",
    )  # fmt: skip
    assert status == 1
    assert out.startswith(
        "Playing takeaway: take 1-3 pebbles; taking the last wins; 3 players by default.\n"
        "A: you.  B: MaxN(depth 5).  C: MaxN(depth 5).  D: random.\n\n"
    )
    assert (
        "7 left, and it is A's turn\n"
        "A, please type your move: '4' is not a legal move here; legal moves: 1, 2, 3\n"
        "A, please type your move: A decides to make the move 2 (" in out
    )
    assert out.endswith("A, please type your move: \n")
    assert err == "gamelib: game stopped: the input ended while waiting for A's move\n"


def test_takeaway_plays_itself_with_no_players_named() -> None:
    argv = ("play", "takeaway", "--players", "4", "--pile", "9", "--depth", "3", "--exit-code")
    status, out, err = run(*argv)
    winner = re.search(r"Game over! .*\n$", out)
    assert winner is not None
    utilities = [int(u) for u in re.findall(r"[A-D] (\d)", winner.group())]
    assert (status, err) == (20 + utilities.index(1), "")  # 20 + the winner's seat
    assert out.split("\n", 1)[1].startswith(
        "A: MaxN(depth 3).  B: MaxN(depth 3).  C: MaxN(depth 3).  D: MaxN"
    )
    assert re.search(r"Game over! A \d, B \d, C \d, D \d\n$", out)


# --------------------------------------------------------------------------
# analyse


@pytest.mark.parametrize("kind", ["expectiminimax", "star1", "star2"])
def test_analyse_pig_matches_the_library(kind: str) -> None:
    factory = {"expectiminimax": Expectiminimax, "star1": Star1, "star2": Star2}[kind]
    game = Pig(target=15)
    move, value = factory(ChanceSettings(pig_estimator(game), 3)).analyse(game.start)
    status, out, err = run("analyse", "pig", "--target", "15", "--player", f"{kind}:3")
    assert (status, err) == (0, "")
    name = {"expectiminimax": "Expectiminimax", "star1": "Star1", "star2": "Star2"}[kind]
    assert out == (
        "Maxie 0, Minnie 0 (to 15): Maxie to move, turn total 0\n"
        f"{name}(depth 3) chooses {move} for Maxie; value: {value_to_string(value)}\n"
    )
    status, out, _ = run("analyse", "pig", "--target", "15", "--depth", "3", "--json")
    assert status == 0
    found = json.loads(out)
    assert found["best"] == "roll"
    assert found["value"] == str(value)
    assert found["guess"] == pytest.approx(float(value))


def test_analyse_takeaway_matches_the_library() -> None:
    game = TakeAway(pile=12)
    estimator = takeaway_estimator(game)
    move, vector = MaxN(NSettings(estimator, 5)).analyse(game.start)
    status, out, err = run("analyse", "takeaway", "--player", "maxn:5")
    assert (status, err) == (0, "")
    shown = "(" + ",".join(str(u) for u in vector) + ")"
    assert (
        out == f"12 left, and it is A's turn\nMaxN(depth 5) chooses {move} for A; value: {shown}\n"
    )
    paranoid_move, utility = Paranoid(NSettings(estimator, 5)).analyse(game.start)
    status, out, _ = run("analyse", "takeaway", "--player", "paranoid:5")
    assert out.endswith(
        f"Paranoid(depth 5) chooses {paranoid_move} for A; value: {utility} "
        "(A's utility if B and C play against A)\n"
    )
    status, out, _ = run("analyse", "takeaway", "--player", "shallow-maxn:5", "--json")
    assert json.loads(out) == {
        "moves": "",
        "player": "ShallowMaxN(depth 5, total 1)",
        "to_move": "A",
        "best": move,
        "value": shown,
        "vector": list(vector),
    }


def test_one_grammar_reads_a_chance_or_n_player_kinds_options_by_name_as_by_place() -> None:
    """The one spec grammar gives shallow max^n's total and MCTS's simulations names, as
    it gives Jamboree's prune: `shallow-maxn:3:total=2` is `shallow-maxn:3:2`."""
    for game, placed, named in (
        ("takeaway", "shallow-maxn:3:2", "shallow-maxn:3:total=2"),
        ("pig", "mcts:30", "mcts:sims=30"),
        ("takeaway", "mcts:30", "mcts:sims=30"),
    ):
        by_place = run("analyse", game, "--player", placed, "--json")
        assert by_place[0] == 0
        assert by_place == run("analyse", game, "--player", named, "--json")
        assert json.loads(by_place[1])["player"].startswith(("ShallowMaxN(", "MCTS(30"))
    status, _, err = run("analyse", "takeaway", "--player", "shallow-maxn:3:sum=1")
    assert (status, err) == (
        2,
        "gamelib: shallow-maxn has no option 'sum' (in 'shallow-maxn:3:sum=1'); its options: "
        "total\n",
    )


def test_analyse_a_game_of_chance_and_of_n_players_after_moves() -> None:
    game = Pig(target=15)
    state = game.start
    for step in ("roll", "6", "roll", "3"):  # the players' moves, and what the die said
        led_to = (
            next(b.status for b in game.outcomes(state) if b.label == f"rolled {step}")
            if step.isdigit()
            else game.play(state, game.parse_move(state, step))  # type: ignore[arg-type]  # roll is legal here
        )
        assert isinstance(led_to, Playing)
        state = led_to.state
    move, value = Expectiminimax(ChanceSettings(pig_estimator(game), 3)).analyse(state)
    argv = ("analyse", "pig", "--target", "15", "--player", "expectiminimax:3")
    status, out, err = run(*argv, "--moves", "roll 6 roll 3")
    assert (status, err) == (0, "")
    assert out == (
        f"{game.state_to_string(state)}\n"
        f"Expectiminimax(depth 3) chooses {move} for Maxie; value: {value_to_string(value)}\n"
    )
    found = json.loads(run(*argv, "--moves", "roll 6 roll 3", "--json")[1])
    assert (found["moves"], found["best"], found["value"]) == (
        "roll 6 roll 3",
        game.move_to_string(move),
        str(value),
    )
    takeaway = TakeAway(pile=12)
    after = takeaway.play(takeaway.play(takeaway.start, 1).state, 2)  # type: ignore[union-attr]  # both moves leave the game going
    assert isinstance(after, Playing)
    best, vector = MaxN(NSettings(takeaway_estimator(takeaway), 5)).analyse(after.state)
    status, out, err = run("analyse", "takeaway", "--player", "maxn:5", "--moves", "1 2")
    assert (status, err) == (0, "")
    shown = "(" + ",".join(str(u) for u in vector) + ")"
    assert out == (
        f"9 left, and it is C's turn\nMaxN(depth 5) chooses {best} for C; value: {shown}\n"
    )


# --------------------------------------------------------------------------
# trace


def test_trace_a_named_chance_tree_matches_the_library() -> None:
    settings = ChanceSettings(chance_tree_estimator(ChanceTreeGame(EXAMPLE)), 2)
    found = trace(Star1, settings)
    status, out, err = run("trace", "chance-example", "--player", "star1")
    assert (status, err) == (0, "")
    nodes = len(list(found.root.walk()))
    assert out == (
        trace_to_text(found) + "\n"
        f"{nodes} positions visited (root included); {len(found.leaves())} estimated or finished\n"
    )


def test_trace_a_written_chance_tree_defaults_to_expectiminimax() -> None:
    status, out, err = run("trace", "a[ ?b[1/2: c3, 1/2: d1], e2 ]")
    assert (status, err) == (0, "")
    assert out == (
        "Evaluating (Maxie,a)\n"
        "  Averaging (Chance,b) after move 0\n"
        "    Estimating (Minnie,c) after 0 (1/2): 3\n"
        "    Estimating (Minnie,d) after 1 (1/2): 1\n"
        "  value of (Chance,b) is 2\n"
        "  Estimating (Minnie,e) after move 1: 2\n"
        "value of (Maxie,a) is 2, best move 0\n"
        "5 positions visited (root included); 3 estimated or finished\n"
    )


def test_trace_the_three_player_tree_with_shallow_pruning(tmp_path: Path) -> None:
    found = trace(ShallowMaxN, ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10))
    dot = tmp_path / "t.dot"
    status, out, err = run("trace", "cse473-3p", "--player", "shallow-maxn", "--dot", str(dot))
    assert (status, err) == (0, "")
    assert out.startswith(trace_to_text(found) + "\n")
    assert "cut off at (B,i): move 0 gives B 7, so A gets at most 10 - 7 = 3" in out
    assert out.endswith(f"estimated or finished\nwrote {dot}\n")
    assert dot.read_text(encoding="utf-8").startswith("digraph")


def test_trace_a_written_n_player_tree_and_paranoid() -> None:
    status, out, err = run("trace", "a[b(1,0,2), c[d(0,3,0), e(2,2,2)]]")
    assert (status, err) == (0, "")
    assert out.endswith(
        "value of (A,a) is (1,0,2), best move 0\n"
        "5 positions visited (root included); 3 estimated or finished\n"
    )
    status, out, err = run("trace", "cse473-3p", "--player", "paranoid")
    assert (status, err) == (0, "")
    assert "value of (A,a) is Guess 1, best move 0\n" in out


@pytest.mark.parametrize(
    ("tree", "answer"),
    [
        ("dice", "Expectiminimax(depth 2) chooses 0 for Maxie; value: 7/3 (about 2.3333)"),
        ("a[ ?b[1/2: c3, 1/2: d1], e2 ]", "Expectiminimax(depth 1) chooses 0 for Maxie; value: 2"),
        ("cse473-3p", "MaxN(depth 3) chooses 0 for A; value: (3,2,5)"),
        ("a[b(1,0,2), c(0,3,0)]", "MaxN(depth 1) chooses 0 for A; value: (1,0,2)"),
    ],
)
def test_analyse_takes_the_chance_and_n_player_trees_trace_takes(tree: str, answer: str) -> None:
    status, out, err = run("analyse", "tree", "--tree", tree)
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == answer  # as trace finds: "value of (Maxie,a) is 7/3, ..."
    _, traced, _ = run("trace", tree)
    value = answer.split("value: ")[1].split(" (about")[0]
    assert f" is {value}, best move 0\n" in traced


@pytest.mark.outside
def test_trace_draws_chance_and_n_player_pictures(tmp_path: Path) -> None:
    # Without Graphviz the picture is refused, the exit is 1 and the DOT is kept.
    drawn = DOT.present()
    if not drawn:
        not_run([DOT], "chance and n-player trace pictures drawn", "the refusal and the DOT kept")
    for name, argv in (("c.svg", ["dice", "--player", "star2"]), ("n.svg", ["cse473-3p"])):
        status, _, err = run("trace", *argv, "--svg", str(tmp_path / name))
        if drawn:
            assert (status, err) == (0, "")
            assert (tmp_path / name).read_text(encoding="utf-8").count("<svg") == 1
        else:
            assert status == 1
            assert err.startswith("gamelib: Graphviz's dot program is not installed")
            dot = (tmp_path / name).with_suffix(".dot").read_text(encoding="utf-8")
            assert dot.startswith("digraph")


def test_trace_a_game_of_chance_and_of_n_players_from_the_start() -> None:
    status, out, err = run("trace", "--game", "pig", "--target", "3", "--player", "star2:1")
    assert (status, err) == (0, "")
    assert out.startswith("Evaluating Maxie 0, Minnie 0 (to 3): Maxie to move, turn total 0")
    status, out, err = run("trace", "--game", "takeaway", "--pile", "4", "--player", "maxn:2")
    assert (status, err) == (0, "")
    assert "value of 4 left, and it is A's turn is (0,1,0), best move 1\n" in out


# --------------------------------------------------------------------------
# Bad input: one sentence naming the bad value, exit status 2, never a traceback


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["trace", "a[?b[-1/2: c1, 3/2: d2]]"], "the probability -1/2 is negative"),
        (["trace", "a[?b[1/2: c1, 1/3: d2]]"], "sum to 5/6, not 1"),
        (["trace", "a[?b[]]"], "chance node ?b lists no outcomes"),
        (["trace", "a[?b[1/2 c1, 1/2: d]]"], "expected ':' after the probability 1/2"),
        (["trace", "a[?b3[1: c]]"], "chance node ?b cannot have a number"),
        (["trace", "a[b(1,2,3), c(1,2)]"], "the node c has the vector (1,2) of 2 utilities"),
        (["trace", "a[b(1), c(2)]"], "a game needs at least 2 players"),
        (["play", "takeaway", "--players", "1"], "--players must be at least 2, got 1"),
        (["play", "takeaway", "--players", "0"], "--players must be at least 2, got 0"),
        (["play", "takeaway", "--players", "1000"], "--players must be at most 26, got 1000"),
        (["play", "takeaway", "--pile", "0"], "--pile must be at least 1, got 0"),
        (["play", "pig", "--target", "0"], "--target must be at least 1, got 0"),
        (["play", "pig", "--target", "-5"], "--target must be at least 1, got -5"),
        (["play", "pig", "--target", "1e3"], "--target must be a whole number"),
        (["analyse", "pig", "--target", "x"], "--target must be a whole number, got 'x'"),
        (["play", "pig", "--minnie", "alphabeta:4"], "alphabeta is a two-player search, and pig"),
        (["play", "takeaway", "--player2", "minimax"], "minimax is a two-player search"),
        (["analyse", "takeaway", "--player", "star2"], "star2 is a search for games of chance"),
        (["play", "connect4", "--minnie", "expectiminimax:4"], "expectiminimax is a search for"),
        (["play", "pig", "--minnie", "AlphaBeta:4"], "alphabeta is a two-player search, and pig"),
        (["play", "nim", "--minnie", "Star1"], "star1 is a search for games of chance, and nim"),
        (["trace", "small", "--player", "maxn"], "maxn is a search for games of n players"),
        (["play", "pig", "--maxie", "frob"], "unknown player kind 'frob'"),
        (["play", "takeaway", "--player4", "human"], "--player4 names no player"),
        (["play", "takeaway", "--maxie", "human"], "takeaway has no Maxie"),
        (["play", "pig", "--player1", "human"], "--player1 is for games of n players"),
        (["analyse", "pig", "--player", "random"], "analyse needs a search player"),
        (["analyse", "takeaway", "--player", "shallow-maxn:3:x"], "got 'x'"),
        (["trace", "cse473-3p", "--player", "shallow-maxn:3:1"], "summing to at most 1"),
        (["trace", "dice", "--player", "star2:3"], "the depth 3 in 'star2:3' is deeper"),
        (
            ["trace", "dice", "--depth", "9"],
            "the depth 9 in --depth is deeper than the tree: its shallowest leaf is 2 moves from "
            "the root, so depth 2 is the deepest that works",
        ),
        (["analyse", "pig", "--prune", "0.5"], "--prune is for jamboree players"),
        (["solve", "pig"], "'pig' cannot be solved here"),
        (["analyse", "pig", "--moves", "roll"], "nothing to analyse after --moves roll: chance"),
        (["analyse", "pig", "--moves", "roll 7"], "'7' names none of what can happen, written"),
        (["analyse", "takeaway", "--moves", "4"], "'4' is not a legal move; legal moves: 1, 2, 3"),
        (
            ["analyse", "tree", "--tree", "dice", "--positions", "-"],
            "--positions is for games; analyse the tree dice looks at its root",
        ),
        (
            ["analyse", "takeaway", "--positions", "-", "--moves", "1"],
            "give --moves or --positions, not both",
        ),
        (
            ["analyse", "tree", "--tree", "dice", "--moves", "0"],
            "--moves is for games; analyse the tree dice looks at its root",
        ),
    ],
)
def test_bad_input_gets_one_sentence_and_status_2(argv: list[str], named: str) -> None:
    status, out, err = run(*argv)
    assert (status, out) == (2, "")
    assert err.startswith("gamelib: ")
    assert err.count("\n") == 1
    assert named in err
    assert "Traceback" not in err


def test_the_kinds_that_fit_are_named() -> None:
    _, _, err = run("play", "pig", "--minnie", "alphabeta:4")
    assert err == (
        "gamelib: alphabeta is a two-player search, and pig is a game of chance: for pig use "
        "expectiminimax, star1, star2 or mcts (or human or random)\n"
    )
    _, _, err = run("play", "nim", "--maxie", "maxn")
    assert err.startswith(
        "gamelib: maxn is a search for games of n players, and nim is a two-player game "
        "without dice: for nim use minimax, alphabeta, "
    )


# --------------------------------------------------------------------------
# analyse --positions: a batch of lines of moves, in either family

PIG_LINES = "roll\nroll 6 hold\nroll 6\nroll 9\n"
"""Lines of Pig: after a roll, chance decides (nothing to analyse); after a 6 and a hold,
Minnie moves; after a 6, Maxie again; a 9 is no side of the die."""


def test_a_batch_of_pig_positions_is_answered_line_by_line() -> None:
    status, out, err = run("analyse", "pig", "--target", "10", "--depth", "2",
                           "--positions", "-", stdin=PIG_LINES)  # fmt: skip
    assert (status, err) == (1, "")  # lines without an answer make it 1
    assert out.split("\n\n") == [
        "line 1: roll\nnothing to analyse after roll: chance decides there, not a player",
        "line 2: roll 6 hold\nExpectiminimax(depth 2) chooses roll for Minnie; value: 2032/4455 "
        "(about 0.4561)",
        "line 3: roll 6\nExpectiminimax(depth 2) chooses roll for Maxie; value: about 0.8708",
        "line 4: roll 9\nmove 2 cannot be played after roll: chance decides there, and '9' "
        "names none of what can happen, written as 1, 2, 3, 4, 5, 6",
        "",
    ]


def _json_lines(*argv: str, stdin: str, catalog: Catalogs = CATALOGS) -> list[dict[str, object]]:
    status, out, _ = run(*argv, "--json", stdin=stdin, catalog=catalog)
    assert status in (0, 1)
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(
    ("argv", "lines"),
    [
        (("analyse", "pig", "--target", "10", "--depth", "2"), PIG_LINES),
        (("analyse", "pig", "--target", "10", "--player", "mine-chance:2"), PIG_LINES),
        (("analyse", "takeaway", "--player", "paranoid:3"), "1\n1 2\n3 3 3\n4\n"),
        (("analyse", "takeaway", "--player", "shallow-maxn:4"), "1\n1 2\n2 2\n"),
    ],
)
def test_a_batch_of_either_family_on_workers_gives_the_serial_answers(
    argv: tuple[str, ...], lines: str
) -> None:
    """The caller's own kind too: workers read the spec again with the caller's kinds."""
    catalogs = CATALOGS.with_kind(MINE_CHANCE)
    serial = _json_lines(*argv, "--positions", "-", stdin=lines, catalog=catalogs)
    parallel = _json_lines(*argv, "--positions", "-", "--workers", "2", stdin=lines,
                           catalog=catalogs)  # fmt: skip
    assert parallel == serial
    assert [line["line"] for line in serial] == list(range(1, lines.count("\n") + 1))
    answered = [line for line in serial if "error" not in line]
    assert answered
    assert all("best" in line and "to_move" in line for line in answered)


def test_a_paranoid_batch_line_says_what_its_value_means() -> None:
    status, out, _ = run("analyse", "takeaway", "--player", "paranoid:3", "--positions", "-",
                         stdin="3 3 3\n")  # fmt: skip
    assert (status, out) == (
        0,
        "line 1: 3 3 3\nParanoid(depth 3) chooses 3 for A; value: 1 (A's utility if B and C "
        "play against A)\n\n",
    )


def test_a_pig_trace_says_a_finished_game_once() -> None:
    """A finished position in a trace of a game of chance: how it ended, then its value (it
    said 'Game over at the end of the game (Maxie wins) after rolled 2 (1/6): 1')."""
    status, out, err = run("trace", "--game", "pig", "--target", "2", "--depth", "3")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[7:9] == [
        "            Game over after rolled 2 (1/6): Maxie wins (1)",
        "            Game over after rolled 3 (1/6): Maxie wins (1)",
    ]
    assert "the end of the game" not in out


def test_a_chance_node_s_bad_sum_and_where_it_is_read_as_one_sentence() -> None:
    """It said '... sum to 5/6, not 1 at position 3 of the tree text' (as if 1 were at
    position 3): the sum's sentence, then where the node is."""
    assert run("trace", "a[?b[1/2: c3, 1/3: d1], e2]") == (
        2,
        "",
        "gamelib: the probabilities at chance node ?b sum to 5/6, not 1; the node is at "
        "position 3 of the tree text, near 'a[?b[1/2: c3, 1/3'\n",
    )


def test_a_leaf_without_a_value_follows_its_family_s_documented_rule() -> None:
    """The rule gamelib.core.trees documents: a two-player or chance leaf without a number
    is an estimate of 0; an n-player leaf is the end of the game and needs its vector."""
    status, out, err = run("trace", "a[b,c3]")
    assert (status, err) == (0, "")
    assert "  Estimating (Minnie,b) via 0: Guess 0\n" in out
    status, out, err = run("trace", "a[?b[1/2: c, 1/2: d1], e2]")
    assert (status, err) == (0, "")
    assert "    Estimating (Minnie,c) after 0 (1/2): 0\n" in out
    assert run("trace", "a[b(1,0,0),c]") == (
        2,
        "",
        "gamelib: the leaf c needs a utility vector such as (1,0,2), as a leaf ends the game; "
        "the node is at position 12 of the tree text, near 'a[b(1,0,0),c]'\n",
    )
