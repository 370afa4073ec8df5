"""Exact transcripts of the commands of games of chance and of n players that had none
pinned whole: replay of Pig and of take-away, a match of take-away as text and a match of
Pig as JSON.  Recorded before the chance and n-player arms of the commands became one path
(issue 39), so that path must say what the two arms said, byte for byte."""

from __future__ import annotations

from pathlib import Path

from tests.runner import run, untimed


def test_pig_is_saved_and_replayed_word_for_word(tmp_path: Path) -> None:
    saved = str(tmp_path / "pig.json")
    play = ("play", "pig", "--maxie", "random", "--minnie", "random", "--seed", "3")
    status, out, err = run(*play, "--target", "8", "--save", saved)
    assert (status, err) == (0, "")
    assert untimed(out).replace(saved, "FILE") == PIG_PLAYED
    assert run("replay", saved, "--player", "star1:2") == (0, PIG_REPLAYED, "")


def test_takeaway_is_saved_and_replayed_word_for_word(tmp_path: Path) -> None:
    saved = str(tmp_path / "ta.json")
    status, out, err = run("play", "takeaway", "--seed", "5", "--pile", "6", "--save", saved)
    assert (status, err) == (0, "")
    assert untimed(out).replace(saved, "FILE") == TAKEAWAY_PLAYED
    assert run("replay", saved, "--player", "paranoid:2") == (0, TAKEAWAY_REPLAYED, "")


def test_a_long_value_reads_as_a_decimal_and_its_json_stays_exact() -> None:
    # Pig's value at the start, 5 deep, was written as a fraction of 39 characters.
    assert run("analyse", "pig") == (
        0,
        "Maxie 0, Minnie 0 (to 20): Maxie to move, turn total 0\n"
        "Expectiminimax(depth 5) chooses roll for Maxie; value: about 0.6351\n",
        "",
    )
    status, out, err = run("analyse", "pig", "--json")
    assert (status, err) == (0, "")
    assert '"value": "1319377113597752303/2077331750506172160"' in out
    assert '"guess": 0.6351306734113445' in out


def test_a_match_of_takeaway_reads_word_for_word() -> None:
    players = ("maxn:3", "paranoid:3", "random")
    got = run("match", "takeaway", *players, "--seed", "1", "--games", "3", "--pile", "7")
    assert got == (0, TAKEAWAY_MATCH, "")


def test_a_match_of_pig_as_json_reads_word_for_word() -> None:
    args = ("expectiminimax:2", "random", "--games", "2", "--seed", "1", "--target", "6")
    assert run("match", "pig", *args, "--json") == (0, PIG_MATCH_JSON, "")


PIG_PLAYED = (
    "Playing pig: a dice game (chance): roll to build a turn total, hold to bank it.\n"
    "Maxie: random.  Minnie: random.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 0\n"
    "Maxie decides to make the move roll (T s)\n\n"
    "Maxie 0, Minnie 0 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 6 (1/6)\n\n"
    "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 6\n"
    "Maxie decides to make the move roll (T s)\n\n"
    "Maxie 0, Minnie 0 (to 8): Maxie rolls the die, turn total 6\n"
    "Chance: rolled 1 (1/6)\n\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 0\n"
    "Minnie decides to make the move roll (T s)\n\n"
    "Maxie 0, Minnie 0 (to 8): Minnie rolls the die, turn total 0\n"
    "Chance: rolled 5 (1/6)\n\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 5\n"
    "Minnie decides to make the move roll (T s)\n\n"
    "Maxie 0, Minnie 0 (to 8): Minnie rolls the die, turn total 5\n"
    "Chance: rolled 2 (1/6)\n\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 7\n"
    "Minnie decides to make the move hold (T s)\n\n"
    "Maxie 0, Minnie 7 (to 8): Maxie to move, turn total 0\n"
    "Maxie decides to make the move roll (T s)\n\n"
    "Maxie 0, Minnie 7 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 3 (1/6)\n\n"
    "Maxie 0, Minnie 7 (to 8): Maxie to move, turn total 3\n"
    "Maxie decides to make the move hold (T s)\n\n"
    "Maxie 3, Minnie 7 (to 8): Minnie to move, turn total 0\n"
    "Minnie decides to make the move roll (T s)\n\n"
    "Maxie 3, Minnie 7 (to 8): Minnie rolls the die, turn total 0\n"
    "Chance: rolled 1 (1/6)\n\n"
    "Maxie 3, Minnie 7 (to 8): Maxie to move, turn total 0\n"
    "Maxie decides to make the move roll (T s)\n\n"
    "Maxie 3, Minnie 7 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 6 (1/6)\n\n"
    "Game over! Maxie wins!\n"
    "The game is saved in FILE: gamelib replay FILE\n"
)

PIG_REPLAYED = (
    "Replaying pig: 9 moves, valued by Star1(depth 2).\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 0\n"
    "Value: about 0.7693 (more is better for Maxie).  Maxie played roll.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 6 (1/6)\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie to move, turn total 6\n"
    "Value: about 0.8922 (more is better for Maxie).  Maxie played roll.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Maxie rolls the die, turn total 6\n"
    "Chance: rolled 1 (1/6)\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 0\n"
    "Value: about 0.2307 (more is better for Maxie).  Minnie played roll.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Minnie rolls the die, turn total 0\n"
    "Chance: rolled 5 (1/6)\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 5\n"
    "Value: about 0.1217 (more is better for Maxie).  Minnie played roll.\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Minnie rolls the die, turn total 5\n"
    "Chance: rolled 2 (1/6)\n"
    "\n"
    "Maxie 0, Minnie 0 (to 8): Minnie to move, turn total 7\n"
    "Value: about 0.1078 (more is better for Maxie).  Minnie played "
    "hold; Star1(depth 2) would play roll.\n"
    "\n"
    "Maxie 0, Minnie 7 (to 8): Maxie to move, turn total 0\n"
    "Value: 581/1080 (about 0.5380) (more is better for Maxie).  Maxie played roll.\n"
    "\n"
    "Maxie 0, Minnie 7 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 3 (1/6)\n"
    "\n"
    "Maxie 0, Minnie 7 (to 8): Maxie to move, turn total 3\n"
    "Value: 485/648 (about 0.7485) (more is better for Maxie).  Maxie played hold; "
    "Star1(depth 2) would play roll.\n"
    "\n"
    "Maxie 3, Minnie 7 (to 8): Minnie to move, turn total 0\n"
    "Value: 13/144 (about 0.0903) (more is better for Maxie).  Minnie played roll.\n"
    "\n"
    "Maxie 3, Minnie 7 (to 8): Minnie rolls the die, turn total 0\n"
    "Chance: rolled 1 (1/6)\n"
    "\n"
    "Maxie 3, Minnie 7 (to 8): Maxie to move, turn total 0\n"
    "Value: 163/216 (about 0.7546) (more is better for Maxie).  Maxie played roll.\n"
    "\n"
    "Maxie 3, Minnie 7 (to 8): Maxie rolls the die, turn total 0\n"
    "Chance: rolled 6 (1/6)\n"
    "\n"
    "Game over! Maxie wins!\n"
)

TAKEAWAY_PLAYED = (
    "Playing takeaway: take 1-3 pebbles; taking the last wins; 3 players by default.\n"
    "A: MaxN(depth 5).  B: MaxN(depth 5).  C: MaxN(depth 5).\n"
    "\n"
    "6 left, and it is A's turn\n"
    "A decides to make the move 1 (T s)\n"
    "\n"
    "5 left, and it is B's turn\n"
    "B decides to make the move 1 (T s)\n"
    "\n"
    "4 left, and it is C's turn\n"
    "C decides to make the move 1 (T s)\n"
    "\n"
    "3 left, and it is A's turn\n"
    "A decides to make the move 3 (T s)\n"
    "\n"
    "Game over! A 1, B 0, C 0\n"
    "The game is saved in FILE: gamelib replay FILE\n"
)

TAKEAWAY_REPLAYED = (
    "Replaying takeaway: 4 moves, valued by Paranoid(depth 2).\n"
    "\n"
    "6 left, and it is A's turn\n"
    "Value: 0.  A played 1.\n"
    "\n"
    "5 left, and it is B's turn\n"
    "Value: 0.  B played 1.\n"
    "\n"
    "4 left, and it is C's turn\n"
    "Value: 0.  C played 1.\n"
    "\n"
    "3 left, and it is A's turn\n"
    "Value: 1.  A played 3.\n"
    "\n"
    "Game over! A 1, B 0, C 0\n"
)

TAKEAWAY_MATCH = (
    "Match of takeaway: maxn:3 (A), paranoid:3 (B), random (C); 1 rotation of 3 "
    "games, each player in each seat once a rotation, from 1 random opening of 2 "
    "moves, seed 1, played in this process\n"
    "rank  player      games   points   score  mean rank  wins  faults\n"
    "   1  maxn:3          3     2.00   0.667       1.50     2       0\n"
    "   2  paranoid:3      3     1.00   0.333       2.00     1       0\n"
    "   3  random          3     0.00   0.000       2.50     0       0\n"
)

PIG_MATCH_JSON = (
    '{"game": 1, "pair": 1, "players": {"Maxie": "expectiminimax:2", "Minnie": '
    '"random"}, "opening": [], "moves": ["roll", "roll"], "rolls": [2, 4], "result": '
    '"win", "outcome": "Maxie wins!", "fault": null}\n'
    '{"game": 2, "pair": 1, "players": {"Maxie": "random", "Minnie": '
    '"expectiminimax:2"}, "opening": [], "moves": ["roll", "hold", "roll", "roll"], '
    '"rolls": [2, 4, 4], "result": "win", "outcome": "Minnie wins!", "fault": null}\n'
    '{"summary": {"a": "expectiminimax:2", "b": "random", "games": 2, "wins": 2, '
    '"losses": 0, "draws": 0, "points": 2.0, "score": 1.0, "pentanomial": [0, 0, 0, '
    '0, 1], "elo": null, "elo_low": -301.49, "elo_high": null, "los": 1.0, '
    '"draw_ratio": 0.0, "sprt": null, "faults": 0, "seed": 1, "interrupted": false}}\n'
)
