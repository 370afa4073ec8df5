"""The prompt's `hint`, `value` and `undo` in games of chance and of n players, through
`gamelib.cli.main`: the same words as in a two-player game, each family's values in its
own words, and undo over the one controller (a roll of the dice is not taken back)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests import runner as cli


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    status, out, err = cli.run(*args, stdin=stdin)
    return status, cli.untimed(out), err


def _answer(*args: str) -> str:
    """What `analyse` says its search chooses and its value, after "chooses "."""
    status, out, _ = run("analyse", *args)
    assert status == 0
    return out.strip().splitlines()[-1].split(" chooses ", 1)[1]


def test_a_chance_hint_asks_the_search_played_against_and_writes_its_value_exact() -> None:
    status, out, err = run(
        "play", "pig", "--target", "6", "--maxie", "human", "--minnie", "expectiminimax:2",
        stdin="hint\nvalue\nquit\n",
    )  # fmt: skip
    assert (status, err) == (1, "gamelib: game stopped: Maxie quit the game\n")
    said = "6109/7560 (about 0.8081) (more is better for Maxie)"
    assert f"move: hint: roll (value: {said})\n" in out
    assert f"move: value: {said}\n" in out
    # The same search, asked by analyse: its move and value.
    assert _answer("pig", "--target", "6", "--player", "expectiminimax:2") == (
        "roll for Maxie; value: 6109/7560 (about 0.8081)"
    )


def test_a_chance_hint_writes_a_long_value_as_a_decimal() -> None:
    # The family's own search (4 deep) values the start 85886897/116756640: once written whole.
    status, out, err = run(
        "play", "pig", "--target", "8", "--maxie", "human", "--minnie", "random",
        stdin="hint\nvalue\nquit\n",
    )  # fmt: skip
    assert (status, err) == (1, "gamelib: game stopped: Maxie quit the game\n")
    said = "about 0.7356 (more is better for Maxie)"
    assert f"move: hint: roll (value: {said})\nMaxie, please type your move: value: {said}\n" in out


def test_an_n_player_hint_names_each_seats_utility() -> None:
    status, out, _ = run(
        "play", "takeaway", "--pile", "8", "--player1", "human", "--player2", "maxn:2",
        "--player3", "random", stdin="hint\nvalue\nquit\n",
    )  # fmt: skip
    assert status == 1
    assert "A, please type your move: hint: 3 (value: A 1, B 0, C 0)\n" in out
    assert "A, please type your move: value: A 1, B 0, C 0\n" in out


def test_an_mcts_mean_is_written_to_four_places_at_the_prompt_and_in_analyse() -> None:
    # An MCTS mean is a float: it was written with every digit (A 0.3827160493827161, ...).
    status, out, _ = run(
        "play", "takeaway", "--player1", "human", "--player2", "mcts:50", "--player3", "random",
        "--seed", "1", stdin="hint\nquit\n",
    )  # fmt: skip
    assert status == 1
    assert "hint: 1 (value: A about 0.3827, B about 0.0864, C about 0.5309)\n" in out
    assert re.fullmatch(
        r"roll for Maxie; value: about 0\.\d{4}", _answer("pig", "--player", "mcts:200")
    )
    vector = _answer("takeaway", "--player", "mcts:200")
    assert re.fullmatch(r"\d for A; value: \((about 0\.\d{4},?){3}\)", vector), vector


def test_without_a_search_to_ask_the_familys_own_search_answers_at_the_hint_depth() -> None:
    status, out, _ = run(
        "play", "takeaway", "--pile", "8", "--player1", "human", "--player2", "human",
        "--player3", "random", stdin="hint\nquit\n",
    )  # fmt: skip
    assert status == 1
    assert "A, please type your move: hint: 3 (value: A 1, B 0, C 0)\n" in out
    assert _answer("takeaway", "--pile", "8", "--player", "maxn:4") == "3 for A; value: (1,0,0)"


def test_a_paranoid_hint_says_whose_utility_the_number_is() -> None:
    status, out, _ = run(
        "play", "takeaway", "--player1", "human", "--player2", "paranoid:3",
        stdin="value\nquit\n",
    )  # fmt: skip
    assert status == 1
    assert "A, please type your move: value: 1/3 (A's utility if B and C play against A)\n" in out


def test_help_in_every_family_offers_hint_value_and_undo() -> None:
    for args in (("pig", "--maxie", "human"), ("takeaway", "--player1", "human")):
        status, out, _ = run("play", *args, stdin="help\nquit\n")
        assert status == 1
        for word in ("hint", "value", "undo"):
            assert f"\n  {word} " in out


def test_undo_in_an_n_player_game_goes_back_to_the_persons_previous_turn(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, out, _ = run(
        "play", "takeaway", "--pile", "8", "--player1", "human", "--player2", "maxn:2",
        "--player3", "random", "--seed", "2", "--save", str(save),
        stdin="undo\n2\nundo\n1\n2\n1\n1\n",
    )  # fmt: skip
    assert status == 0
    assert "A, please type your move: A has no move to take back yet\n\n8 left" in out
    assert (
        "2 left, and it is A's turn\nA, please type your move: A takes back 2, 1, 3\n\n"
        "8 left, and it is A's turn\nA, please type your move: A decides to make the move 1 (T s)\n"
    ) in out
    saved = json.loads(save.read_text())
    # The saved game is the game as played after the undo, and replays to its end.
    assert saved["moves"] == ["1", "2", "3", "2"]
    assert saved["winner"] == "A"
    replayed = run("replay", str(save))
    assert replayed[0] == 0
    assert replayed[1].endswith("Game over! A 1, B 0, C 0\n")


def test_undo_after_a_roll_is_refused_saying_why() -> None:
    status, out, err = run(
        "play", "pig", "--maxie", "human", "--minnie", "human", "--seed", "1",
        stdin="roll\nroll\nundo\nquit\n",
    )  # fmt: skip
    assert (status, err) == (1, "gamelib: game stopped: Minnie quit the game\n")
    assert (
        "Chance: rolled 1 (1/6)\n\nMaxie 0, Minnie 0 (to 20): Minnie to move, turn total 0\n"
        "Minnie, please type your move: Minnie decides to make the move roll (T s)\n\n"
    ) in out
    assert (
        "Minnie, please type your move: Minnie cannot take back roll: the dice were rolled "
        "after it, and a roll is not taken back\n\n"
    ) in out


def test_the_prompt_lists_word_moves_in_the_games_order_and_numbers_in_board_order() -> None:
    status, out, _ = run(
        "play", "pig", "--maxie", "human", "--seed", "3", stdin="roll\nx\nhelp\nquit\n"
    )  # fmt: skip
    assert status == 1
    assert "your move: 'x' is not a legal move here; legal moves: roll, hold\n" in out
    assert "Type a move (roll, hold), or:\n" in out
    status, out, _ = run(
        "play", "connect4", "--maxie", "human", "--minnie", "alphabeta:1", stdin="x\nquit\n"
    )  # fmt: skip
    assert status == 1
    assert "'x' is not a column number; legal moves: 1, 2, 3, 4, 5, 6, 7\n" in out


def test_trace_json_writes_a_chance_label_as_a_string_and_a_numbered_move_as_a_number() -> None:
    status, out, _ = run("trace", "a[?b[1/2: c3, 1/2: d1], e2]", "--json")
    assert status == 0
    paths = [json.loads(line)["path"] for line in out.splitlines() if '"path"' in line]
    assert [0, "0"] in paths
    assert [0, "1"] in paths
    assert all(isinstance(p[1], str) for p in paths if len(p) == 2)
    status, out, _ = run("trace", "--game", "pig", "--player", "expectiminimax:1", "--json")
    assert status == 0
    assert '"path": ["roll", "rolled 1"]' in out
