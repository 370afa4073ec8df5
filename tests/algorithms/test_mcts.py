"""Monte Carlo tree search: MCTS-Solver against Minimax, seeds, budgets, tactics, the kept tree.

No test here depends on luck: every search has a fixed seed, so it runs the same way on any
machine, and the budgets are ones where the answer is certain for the reason each test gives.
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings

from gamelib import Definitely, Minimax, Settings, Side, Winner
from gamelib.algorithms.mcts import (
    MCTS,
    MCTS_DEPTH,
    ChanceMCTSPlayer,
    FamilySettings,
    MCTSSettings,
    NPlayerMCTSPlayer,
    Simulated,
    Simulation,
    chance_mcts_factory,
    simulate,
)
from gamelib.catalog import CATALOGS, ChanceKind
from gamelib.chance.expectiminimax import ChanceSettings, Expectiminimax
from gamelib.chance.kinds import searched_by
from gamelib.chance.trees import (
    DICE_TEXT,
    EXAMPLE_TEXT,
    ChanceTreeGame,
    chance_tree_estimator,
    parse_chance_tree,
)
from gamelib.cli import main
from gamelib.core.datatypes import Outcome, Playing
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.explicit import SMALL, ExplicitGame, Node, TreeState, tree_estimator
from gamelib.games.nim import Nim, nim_estimator
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.nplayer.game import NSettings
from gamelib.nplayer.maxn import MaxN
from gamelib.nplayer.trees import TreeGame as NTreeGame
from gamelib.nplayer.trees import parse_tree as parse_n_tree
from gamelib.nplayer.trees import tree_estimator as n_tree_estimator
from gamelib.search.kinds import UnobservedError
from tests.helpers import finished, played
from tests.runner import run
from tests.strategies import finished_trees


def minimax_outcome(game: ExplicitGame, state: TreeState | None = None) -> Outcome:
    """Minimax's value of a position of a tree whose every line ends in a finished game
    (the root's by default): certain."""
    at = game.start if state is None else state
    _, value = Minimax(Settings(tree_estimator(game), 7)).analyse(at)
    assert isinstance(value, Definitely)
    return value.outcome


def tictactoe_after(*moves: int) -> TicTacToeState:
    return played(TicTacToe(), *moves)


# A tree of at most 80 positions is proven within 20,000 simulations: each simulation
# either adds a position or ends at a proven one, and a proven child is walked to again
# only while its exact result beats every unproven sibling's bound, whose exploration term
# grows with ln N; at N = 20,000 it exceeds any mean a child at the tree's sizes can have.
PROVING_BUDGET = 20_000


@settings(max_examples=60, deadline=None)
@given(finished_trees())
def test_the_solver_proves_what_minimax_finds(root: Node) -> None:
    game = ExplicitGame(root)
    found, _ = simulate(
        MCTSSettings(tree_estimator(game), simulations=PROVING_BUDGET, seed=3), game.start
    )
    assert found.stopped == "proven"
    assert found.proven == minimax_outcome(game)
    assert found.value == Definitely(found.proven)
    # The move it plays keeps the proven result: a proven win is played by a winning move.
    after = game.play(game.start, found.move)
    if isinstance(after, Playing):
        assert minimax_outcome(game, after.state) == found.proven
    else:
        assert after.outcome == found.proven


def test_without_the_solver_the_most_visited_move_is_minimax_best() -> None:
    # The handout's Small tree, played out: a is Maxie's, b, f, j are Minnie's.  Minnie
    # wins under b (e: -2), and f and j hold only Maxie's wins, so 1 and 2 win, 0 loses.
    # UCT's visits go to the moves whose mean is best; 5,000 simulations of this 13-node
    # tree leave move 0 far behind (its mean tends to Minnie's win), whatever the seed.
    tree = finished(SMALL)
    assert isinstance(tree, Node)
    game = ExplicitGame(tree)
    for seed in range(5):
        found, _ = simulate(
            MCTSSettings(tree_estimator(game), simulations=5000, seed=seed, solver=False),
            game.start,
        )
        assert found.move in (1, 2)
        assert found.proven is None
        assert found.stopped == "simulations"


def test_the_same_seed_gives_the_same_search() -> None:
    game = ConnectFour()
    settings_ = MCTSSettings(connect4_estimator(game), simulations=400, seed=11)

    def without_time(found: Simulated[int, float]) -> Simulated[int, float]:
        return dataclasses.replace(found, seconds=0.0)

    first = without_time(simulate(settings_, game.start)[0])
    again = without_time(simulate(settings_, game.start)[0])
    assert first == again
    other = without_time(simulate(dataclasses.replace(settings_, seed=12), game.start)[0])
    assert other.children != first.children  # another seed, other playouts


def test_a_win_in_one_is_found_and_proven_at_once() -> None:
    # X: 1 2, O: 4 5.  X wins with 3; the solver proves it on expanding the root.
    state = tictactoe_after(1, 4, 2, 5)
    player = MCTS(MCTSSettings(tictactoe_estimator(TicTacToe()), simulations=100, seed=0))
    found = player.think(state)
    assert (found.move, found.proven, found.stopped) == (3, Winner(Side.Maxie), "proven")
    assert found.simulations == 1


def test_a_forced_block_is_found() -> None:
    # X: 1 5, O: 9; X to move... O threatens nothing.  After X 1 5 O 9 X 3, O must take 7?
    # No: X threatens 2 (1-2-3) and 7 (3-5-7); O can block only one and loses.  So test
    # the position before: X 1, O 5, X 9: O to move must not lose; here the block that
    # matters is after X 1 2: O must take 3.
    state = tictactoe_after(1, 5, 2)
    player = MCTS(MCTSSettings(tictactoe_estimator(TicTacToe()), simulations=300, seed=0))
    found = player.think(state)
    assert found.move == 3
    # Every other move loses to X's 3 at once: proven losses, never the choice.
    losing = [c for c in found.children if c.move != 3]
    assert all(c.proven == Winner(Side.Maxie) for c in losing)


def test_budgets_stop_the_search() -> None:
    est = connect4_estimator(ConnectFour())
    start = est.game.start
    by_sims, _ = simulate(MCTSSettings(est, simulations=50), start)
    assert (by_sims.simulations, by_sims.stopped) == (50, "simulations")
    by_positions, _ = simulate(MCTSSettings(est, simulations=None, positions=500), start)
    assert by_positions.stopped == "positions"
    # Checked before each simulation; one simulation plays at most 7 + 42 moves.
    assert 500 <= by_positions.positions < 500 + 49
    ticks = iter(range(1000))
    by_time, _ = simulate(
        MCTSSettings(est, simulations=None, seconds=10), start, clock=lambda: next(ticks)
    )
    assert (by_time.stopped, by_time.simulations) == ("time", 9)  # one tick a simulation


def test_a_game_keeps_the_tree_below_the_moves_played() -> None:
    game = TicTacToe()
    player = MCTS(MCTSSettings(tictactoe_estimator(game), simulations=300, seed=0))
    first = player.think(game.start, keep=True)
    status = game.play(game.start, first.move)
    assert isinstance(status, Playing)
    reply = next(c.move for c in first.children if c.move != first.move)
    replied = game.play(status.state, reply)
    assert isinstance(replied, Playing)
    second = player.think(replied.state, keep=True)
    # The kept subtree's visits count besides the 300 simulations of this search.
    assert sum(c.visits for c in second.children) > 300
    fresh = MCTS(MCTSSettings(tictactoe_estimator(game), simulations=300, seed=0))
    assert sum(c.visits for c in fresh.think(replied.state).children) == 300


def test_a_capped_playout_takes_the_estimator() -> None:
    est = nim_estimator(Nim(pile=10_000))  # random play would take thousands of moves
    found, _ = simulate(MCTSSettings(est, simulations=200, playout=3, seed=1), est.game.start)
    assert found.positions <= 200 * (3 + 3)  # each simulation: 3 children, 3 playout moves
    assert 0.0 <= found.score <= 1.0
    assert found.stopped == "simulations"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"simulations": None}, "MCTS needs a budget: give simulations, seconds or positions"),
        ({"simulations": 0}, "simulations must be at least 1 (or None), got 0"),
        ({"exploration": -1.0}, "exploration must be at least 0, got -1.0"),
        ({"exploration": math.nan}, "exploration must be a finite number, got nan"),
        ({"scale": 0.0}, "scale must be more than 0, got 0.0"),
        ({"playout": -2}, "playout must be a whole number >= 0 or None, got -2"),
        ({"seconds": 0}, "the time budget must be more than 0 seconds, got 0"),
    ],
)
def test_bad_settings_are_named(change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        MCTSSettings(nim_estimator(Nim()), **change)  # type: ignore[arg-type]  # bad on purpose


def test_a_budget_given_alone_is_refused_not_read_as_a_depth() -> None:
    # Before, MCTSSettings(est, 2000) silently meant depth 2000 and 1,000 simulations.
    est = nim_estimator(Nim())
    with pytest.raises(TypeError, match="takes 2 positional arguments but 3 were given"):
        MCTSSettings(est, 2000)  # type: ignore[call-arg]  # the slip under test: mypy refuses it too
    settings = MCTSSettings(est, simulations=2000)
    assert (settings.simulations, settings.search_depth) == (2000, MCTS_DEPTH)


def test_the_command_line_runs_mcts() -> None:
    status, out, err = run(
        "analyse", "tictactoe", "--player", "mcts:300:seed=2", "--moves", "1 4 2 5", "--json"
    )
    assert (status, err) == (0, "")
    found = json.loads(out)
    assert (found["best"], found["proven"], found["simulations"]) == (3, "Maxie wins", 1)
    assert found["player"] == "MCTS(300 simulations, seed 2)"
    status, out, err = run("list")
    assert "mcts:SIMS:C:PLAYOUT:SCALE:SEED:SOLVER:TIME:NODES" in out
    assert run("analyse", "tictactoe", "--player", "mcts:0") == (
        2,
        "",
        "gamelib: the simulation budget in 'mcts:0' must be at least 1, got 0\n",
    )
    assert run("analyse", "tictactoe", "--player", "mcts:none") == (
        2,
        "",
        "gamelib: mcts needs a budget: sims, time or nodes, and all three are none\n",
    )


def test_a_batch_of_positions_gets_the_same_answers_on_two_workers(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("1 2 3\n4 4 4\n3 3\n")
    argv = ("analyse", "connect4", "--player", "mcts:200", "--positions", str(positions))
    status, serial, _ = run(*argv, "--json")
    assert status == 0
    lines = [json.loads(line) for line in serial.splitlines()]
    assert [line["line"] for line in lines] == [1, 2, 3]
    assert all(line["simulations"] == 200 for line in lines)
    assert all(len(line["principal_line"]) >= 1 for line in lines)
    assert run(*argv, "--json", "--workers", "2")[:2] == (0, serial)


def test_a_game_on_the_command_line_says_how_mcts_looked() -> None:
    status, out, err = run("play", "tictactoe", "--maxie", "mcts:300", "--minnie", "alphabeta:9")
    assert (status, err) == (0, "")
    looked = [line for line in out.splitlines() if line.startswith("Maxie ran ")]
    assert looked[0].startswith("Maxie ran 300 simulations (")
    assert "for Maxie in " in looked[0]
    # Seeded (0): MCTS holds the draw against perfect play, run after run.
    assert out.rstrip().endswith("Game over! It's a draw!")


def test_the_trace_shows_each_simulation_the_proofs_and_the_tree() -> None:
    # b holds Minnie's win (d), e is a draw: Maxie's best is the draw, proven at the root.
    status, out, err = run("trace", "a[b[c!Maxie,d!Minnie],e!Draw]", "--player", "mcts:10")
    assert (status, err) == (0, "")
    assert out == (
        "Simulation 1: (Maxie,a), expanded, to (Minnie,b) via 0; played out 1 move: -1.00\n"
        "Simulation 2: (Maxie,a) to the end via 1; the game is over (a draw): +0.00\n"
        "Simulation 3: (Maxie,a) to (Minnie,b) via 0, expanded; proven on expanding: -1.00; "
        "proved (Minnie,b): Minnie wins; proved (Maxie,a): a draw\n"
        "After 3 simulations, the tree (visits, mean result for Maxie):\n"
        "(Maxie,a)  3 visits  -0.67  proven: a draw\n"
        "  (Minnie,b) via 0  2 visits  -1.00  proven: Minnie wins\n"
        "  the end (a draw) via 1  1 visit  +0.00\n"
        "MCTS chooses 1 (it keeps the proven result: a draw)\n"
    )


def test_the_trace_of_a_handout_tree_estimates_at_its_leaves() -> None:
    status, out, _ = run("trace", "small", "--player", "mcts:6:scale=10")
    assert status == 0
    lines = out.splitlines()
    assert lines[3] == (
        "Simulation 4: (Maxie,a) to (Minnie,b) via 0, expanded, to (Maxie,c) via 0; "
        "estimated: +0.29"  # tanh(3 / 10): c's guess, squashed
    )
    assert lines[6:8] == [
        "After 6 simulations, the tree (visits, mean result for Maxie):",
        "(Maxie,a)  6 visits  +0.32",
    ]
    assert round(math.tanh(3 / 10), 2) == 0.29


def test_the_trace_as_json_lines_is_the_stepper_s_data() -> None:
    status, out, err = run("trace", "small", "--player", "mcts:3:scale=10", "--json")
    assert (status, err) == (0, "")
    tree, *steps, done = [json.loads(line) for line in out.splitlines()]
    assert (tree["event"], tree["player"]) == ("tree", "MCTS(3 simulations)")
    names = [node["name"] for node in tree["nodes"]]
    assert [[names[n] for n in step["path"]] for step in steps] == [
        ["(Maxie,a)", "(Minnie,b)"],
        ["(Maxie,a)", "(Minnie,f)"],
        ["(Maxie,a)", "(Minnie,j)"],
    ]
    assert [step["result"] for step in steps] == ["+0.54", "+0.38", "+0.10"]
    assert steps[2]["shown"] == [[0, "3× +0.34"], [names.index("(Minnie,j)"), "1× +0.10"]]
    assert (done["event"], done["simulations"], names[done["best"]]) == ("done", 3, "(Minnie,b)")


def test_the_trace_s_picture_bolds_the_line_mcts_plays(tmp_path: Path) -> None:
    dot = tmp_path / "mcts.dot"
    argv = ("trace", "a[b[c!Maxie,d!Minnie],e!Draw]", "--player", "mcts:10", "--dot", str(dot))
    status, out, _ = run(*argv)
    assert status == 0
    assert out.endswith(f"wrote {dot}\n")
    picture = dot.read_text()
    # It plays e (move 1), which keeps the proven draw, though b was visited more.
    assert '  n0 [label="(Maxie,a)\\n3× -0.67\\nproven: a draw", shape=box];' in picture
    assert [line for line in picture.splitlines() if "penwidth" in line] == [
        '  n0 -> n2 [label="1", penwidth=3];'
    ]


# ---------------------------------------------------------------------------
# The other families: games of chance and of n players


@pytest.mark.parametrize(
    ("text", "exact"), [(EXAMPLE_TEXT, Fraction(1)), (DICE_TEXT, Fraction(7, 3))]
)
def test_chance_mcts_chooses_expectiminimax_s_move_and_nears_its_value(
    text: str, exact: Fraction
) -> None:
    game = ChanceTreeGame(parse_chance_tree(text))
    settings = ChanceSettings(chance_tree_estimator(game), 2)
    move, value = Expectiminimax(settings).analyse(game.start)
    assert (move, value) == (0, exact)
    # Seeded, so the same every run.  20,000 samples of the dice put each chance position's
    # mean within a few hundredths of its expectation; what is left is UCB1's exploration
    # of Minnie's worse replies, which only raises Maxie's mean a little.
    found_move, found = ChanceMCTSPlayer(settings, FamilySettings(20_000, seed=1)).analyse(
        game.start
    )
    assert found_move == move
    assert abs(found - float(exact)) < 0.1


def test_chance_mcts_factory_is_the_catalog_s_mcts_of_the_default_budget() -> None:
    """A kind made with `searched_by(chance_mcts_factory)` plays as `mcts` (1,000
    simulations, seed 0) and, like it, takes no observer."""
    game = ChanceTreeGame(parse_chance_tree(DICE_TEXT))
    estimator = chance_tree_estimator(game)
    mine = ChanceKind("my-mcts", "MCTS, the default budget", searched_by(chance_mcts_factory))
    theirs = CATALOGS.chance["mcts"]
    assert mine.build(estimator, 2, {}).analyse(game.start) == theirs.build(
        estimator, 2, {}
    ).analyse(game.start)
    with pytest.raises(UnobservedError, match="MCTS reports its simulations"):
        chance_mcts_factory(ChanceSettings(estimator, 2), observer=lambda event: None)


def test_nplayer_mcts_chooses_max_n_s_move_and_nears_its_vector() -> None:
    # B takes d (its 6) under b and g (its 3) under e; A then takes e: (3, 3, 4), no ties.
    game = NTreeGame(parse_n_tree("a[ b[c(5,1,4), d(2,6,2)], e[f(1,1,8), g(3,3,4)] ]"))
    settings = NSettings(n_tree_estimator(game), 2)
    assert MaxN(settings).analyse(game.start) == (1, (3, 3, 4))
    move, means = NPlayerMCTSPlayer(settings, FamilySettings(20_000, seed=1)).analyse(game.start)
    assert move == 1
    assert all(abs(float(m) - x) < 0.1 for m, x in zip(means, (3, 3, 4), strict=True))


def test_the_families_take_mcts_on_the_command_line() -> None:
    status, out, err = run("analyse", "pig", "--player", "mcts:200")
    assert (status, err) == (0, "")
    assert "MCTS(200 simulations) chooses " in out
    status, out, err = run("analyse", "takeaway", "--player", "mcts:200")
    assert (status, err) == (0, "")
    assert "MCTS(200 simulations) chooses " in out
    listed = run("list")[1]
    assert "Monte Carlo tree search, the dice sampled by their probabilities, mcts:SIMS" in listed
    assert "each player choosing by its own mean utility, mcts:SIMS" in listed
    assert run("analyse", "pig", "--player", "mcts:0") == (
        2,
        "",
        "gamelib: the simulations in 'mcts:0' must be at least 1, got 0\n",
    )


def test_a_name_may_serve_several_families_only_as_a_sampling_kind() -> None:
    clash = CATALOGS.with_kind(ChanceKind("alphabeta", "a clash", searched_by(Expectiminimax)))
    err = io.StringIO()
    assert main(["list"], stdout=io.StringIO(), stderr=err, catalog=clash) == 2
    assert "the search kind 'alphabeta' is both a two-player and a chance search" in (
        err.getvalue()
    )
    sampled = CATALOGS.with_kind(
        ChanceKind("alphabeta", "sampled", searched_by(Expectiminimax), exact=False)
    )
    assert main(["list"], stdout=io.StringIO(), stderr=io.StringIO(), catalog=sampled) == 0


def test_the_families_trace_their_simulations_and_tree() -> None:
    status, out, err = run("trace", "cse473-3p", "--player", "mcts:5")
    assert (status, err) == (0, "")
    assert out.splitlines()[:2] == [
        "Simulation 1: (A,a) → (B,b) via 0; result (5,1,4)",
        "Simulation 2: (A,a) → (B,i) via 1; result (3,6,1)",
    ]
    assert "After 5 simulations, the tree (visits, mean result):\n(A,a)  5 visits  " in out
    assert out.endswith(
        "MCTS chooses 0 (the most visited)\n"
        "6 positions visited (root included); 5 estimated or finished\n"
    )
    status, out, err = run("trace", "chance-example", "--player", "mcts:6")
    assert (status, err) == (0, "")
    assert "Simulation 3: (Maxie,a) → (Chance,b) via 0 → (Minnie,c) (0); result 5\n" in out
    assert out.endswith("7 positions visited (root included); 6 estimated or finished\n")


def test_an_observer_hears_every_simulation_as_it_is_made() -> None:
    game = ExplicitGame(SMALL)
    heard: list[Simulation[int]] = []
    player = MCTS(
        MCTSSettings(tree_estimator(game), search_depth=2, simulations=5, scale=10),
        observer=heard.append,
    )
    move = player.next_move(game.start)
    assert len(heard) == 5
    assert [s.number for s in heard] == [1, 2, 3, 4, 5]
    # The first walks to b and expands a (select, expand), plays out one move, backs up.
    assert (heard[0].path, heard[0].expanded, heard[0].playout) == ((0,), 0, 1)
    assert heard[3].path == (0, 0)  # the fourth goes on below b, expanding it
    assert move == 0
