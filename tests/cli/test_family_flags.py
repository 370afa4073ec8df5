"""The flags of the search options reach the kinds of every family that take them
(`--sims` for the mcts of Pig and take-away), and a flag no kind of the game's family
takes is refused with the true reason."""

from __future__ import annotations

import json

import pytest

from tests.runner import run


@pytest.mark.parametrize(
    ("argv", "players"),
    [
        (("play", "takeaway", "--sims", "5", "--player1", "mcts", "--player2", "mcts:9",
          "--player3", "random"),
         {"A": "MCTS(5 simulations)", "B": "MCTS(9 simulations)", "C": "random"}),
        (("play", "pig", "--target", "10", "--sims", "7", "--maxie", "mcts", "--minnie",
          "random"),
         {"Maxie": "MCTS(7 simulations)", "Minnie": "random"}),
        (("play", "nim", "--sims", "6", "--maxie", "mcts", "--minnie", "random"),
         {"Maxie": "MCTS(6 simulations)", "Minnie": "random (seed 1)"}),
    ],
    ids=["takeaway", "pig", "nim"],
)  # fmt: skip
def test_sims_reaches_the_mcts_of_every_family(
    argv: tuple[str, ...], players: dict[str, str]
) -> None:
    status, out, _ = run(*argv, "--seed", "1", "--json")
    assert status == 0
    assert json.loads(out)["players"] == players


def test_sims_is_the_budget_of_a_traced_mcts_on_an_n_player_tree() -> None:
    status, out, err = run("trace", "cse473-3p", "--player", "mcts", "--sims", "5")
    assert (status, err) == (0, "")
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("Simulation ")] == [
        f"Simulation {i}" for i in range(1, 6)
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "takeaway", "--c", "1", "--player1", "mcts", "--player2", "mcts",
          "--player3", "mcts"),
         "--c is for the mcts players of two-player games; takeaway is a game for 3 players, "
         "whose mcts players take only --sims"),
        (("play", "takeaway", "--players", "4", "--playout", "3", "--player1", "mcts"),
         "--playout is for the mcts players of two-player games; takeaway is a game for 4 "
         "players, whose mcts players take only --sims"),
        (("play", "pig", "--scale", "2", "--maxie", "mcts", "--minnie", "mcts"),
         "--scale is for the mcts players of two-player games; pig is a game of chance, whose "
         "mcts players take only --sims"),
        (("trace", "cse473-3p", "--c", "1", "--player", "mcts"),
         "--c is for the mcts players of two-player games; the tree cse473-3p is a game for 3 "
         "players, whose mcts players take only --sims"),
        (("play", "pig", "--prune", "0.3", "--maxie", "random", "--minnie", "random"),
         "--prune is for jamboree players, two-player searches that do not play pig"),
        (("play", "takeaway", "--sims", "5", "--player1", "random", "--player2", "random",
          "--player3", "random"),
         "--sims is for mcts players, and no player here is one"),
        (("play", "pig", "--sims", "5", "--maxie", "mcts:4", "--minnie", "mcts:3"),
         "--sims 5 has no effect: every one of the mcts players here gives its own"),
        (("play", "pig", "--sims", "0", "--maxie", "mcts", "--minnie", "random"),
         "the simulations in --sims must be at least 1, got 0"),
    ],
    ids=lambda x: str(x)[:40],
)  # fmt: skip
def test_a_flag_the_family_does_not_take_says_why(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(*argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"gamelib: {message}")
    assert err.count("\n") == 1
