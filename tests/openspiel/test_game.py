"""OpenSpiel's games on gamelib's faces: moves written and read as OpenSpiel writes them,
positions left as they were, keys, refusals, estimators, and the command line."""

from __future__ import annotations

import contextlib
import io
import pickle
import random
import re
import sys
from pathlib import Path

import pytest

from gamelib.algorithms.boolean import Goal, check_proof, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.goals import BOOLEAN_METHOD, solve_by_goals
from gamelib.algorithms.table import TranspositionTable
from gamelib.chance.game import Nature
from gamelib.cli import main
from gamelib.core.datatypes import Done, Draw, Playing, Side, Winner
from gamelib.nplayer.game import Finished
from gamelib.openspiel.entries import openspiel_entry
from gamelib.openspiel.estimators import (
    EvaluationError,
    EvaluationSpecError,
    NamedEvaluation,
    Playouts,
    Zero,
    estimator_for,
    read_evaluation,
)
from gamelib.openspiel.game import (
    SpielChance,
    SpielGameError,
    SpielNPlayer,
    SpielTwoPlayer,
    load,
    load_two_player,
)
from gamelib.openspiel.position import (
    SHARED_TEXT,
    TERMINAL,
    Action,
    Position,
    actions,
    solving_rank,
    state_held,
)
from gamelib.openspiel.spiel import OpenSpielMissingError, SpielState
from gamelib.search import CountingGame
from gamelib.search.capabilities import exact_key
from gamelib.search.proofs import ProofNode, proof_size
from tests.runner import run


def test_each_family_gets_its_face() -> None:
    assert isinstance(load("tic_tac_toe"), SpielTwoPlayer)
    assert isinstance(load(" hex(board_size=4) "), SpielTwoPlayer)
    assert isinstance(load("pig(winscore=10)"), SpielChance)
    assert isinstance(load("chinese_checkers(players=3)"), SpielNPlayer)
    # Zero-sum, but scored by the margin: the n-player family keeps the numbers.
    margin = load("dots_and_boxes(num_rows=2,num_cols=2,utility_margin=true)")
    assert isinstance(margin, SpielNPlayer)
    assert margin.names == ("A", "B")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("kuhn_poker", "OpenSpiel's kuhn_poker is a game of imperfect information: gamelib's"),
        ("goofspiel", "OpenSpiel's goofspiel is a game of simultaneous moves: gamelib plays"),
        ("catch", "OpenSpiel's catch is a game of one player: gamelib plays games of two or more"),
        ("mfg_crowd_modelling", "OpenSpiel's mfg_crowd_modelling is a mean-field game"),
        ("pig(players=3)", "OpenSpiel's pig(players=3) has chance and 3 players"),
        ("nosuch", "OpenSpiel refused 'nosuch': Unknown game 'nosuch'"),
        ("hex(board_size=x)", "OpenSpiel refused 'hex(board_size=x)': Wrong type for parameter"),
        ("hex(board_size=3", "OpenSpiel refused 'hex(board_size=3': Missing closing bracket"),
    ],
)
def test_a_game_gamelib_cannot_play_is_refused_in_one_sentence(name: str, said: str) -> None:
    with pytest.raises(SpielGameError) as caught:
        load(name)
    message = str(caught.value)
    assert message.startswith(said)
    assert "\n" not in message
    assert len(message) < 200


def test_an_unknown_game_leaves_standard_error_quiet(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SpielGameError):
        load("nosuch")
    assert capfd.readouterr().err == ""


def test_moves_are_written_and_read_as_openspiel_does_and_by_number() -> None:
    game = load("breakthrough(rows=5,columns=5)")
    assert isinstance(game, SpielTwoPlayer)
    state = game.start.state
    legal = actions(state)
    texts = [game.move_to_string(m) for m in legal]
    assert texts[:3] == ["a5a4", "a5b4", "b5a4"]
    start = game.start
    assert game.parse_move(start, "A5B4") == legal[1]
    assert game.parse_move(start, f" {int(legal[1])} ") == legal[1]
    assert game.parse_move(start, "a1a2") is None  # White's move, but Black is to move
    assert game.parse_move(start, "999") is None
    # A capture is written with its star: the text depends on the position.
    rng = random.Random(4)
    while not any("*" in str(m) for m in actions(state)):
        state = state.child(rng.choice(state.legal_actions()))
    capture = next(m for m in actions(state) if "*" in str(m))
    assert game.parse_move(game.position(state), str(capture)) == capture
    assert repr(capture) == f"Action({int(capture)})"


def test_a_move_makes_a_child_and_leaves_the_position_as_it_was() -> None:
    game = load("tic_tac_toe")
    assert isinstance(game, SpielTwoPlayer)
    start = game.start
    centre = game.parse_move(start, "x(1,1)")
    assert centre is not None
    after = game.play(start, centre)
    assert isinstance(after, Playing)
    assert str(start) == "...\n...\n..."
    assert game.state_to_string(after.state) == "...\n.x.\n..."
    assert game.player(start) is Side.Maxie
    assert game.player(after.state) is Side.Minnie


def test_the_ends_are_a_win_a_draw_or_a_loss_and_vectors_for_n_players() -> None:
    game = load("tic_tac_toe")
    assert isinstance(game, SpielTwoPlayer)
    state = game.after("0", "3", "1", "4")
    win = next(m for m in actions(state.state) if m == 2)
    assert game.play(state, win) == Done(Winner(Side.Maxie))
    assert game.final_position(state, win) == "xxx\noo.\n..."
    drawn = game.after(*"01243576")
    assert game.play(drawn, actions(drawn.state)[0]) == Done(Draw())
    nim = load("nim(pile_sizes=1;1,is_misere=false)")
    assert isinstance(nim, SpielTwoPlayer)
    (first,) = actions(nim.start.state)[:1]
    after = nim.play(nim.start, first)
    assert isinstance(after, Playing)
    (last,) = actions(after.state.state)
    assert str(last) == "pile:2, take:1;"
    assert nim.play(after.state, last) == Done(Winner(Side.Minnie))  # who takes the last wins
    margin = load("dots_and_boxes(num_rows=2,num_cols=2,utility_margin=true)")
    assert isinstance(margin, SpielNPlayer)
    state, rng = margin.start, random.Random(2)
    while True:
        move = rng.choice(actions(state.state))
        status = margin.play(state, move)
        if isinstance(status, Finished):
            break
        state = status.state
    assert status.utilities == tuple(state.state.child(move).returns())
    assert status.utilities not in {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


def test_chance_nodes_list_openspiel_s_outcomes_with_their_probabilities() -> None:
    game = load("pig(winscore=10,diceoutcomes=3)")
    assert isinstance(game, SpielChance)
    roll = game.parse_move(game.start, "roll")
    assert roll is not None
    rolled = game.play(game.start, roll)
    assert isinstance(rolled, Playing)
    assert game.player(rolled.state) is Nature.Chance
    branches = game.outcomes(rolled.state)
    assert [(b.label, b.probability) for b in branches] == [
        ("Roll 1", 1 / 3),
        ("Roll 2", 1 / 3),
        ("Roll 3", 1 / 3),
    ]
    assert all(isinstance(b.status, Playing) for b in branches)


def test_board_games_key_positions_by_board_and_the_rest_by_history() -> None:
    ttt = load("tic_tac_toe")
    one, other = ttt.after("0", "4", "8"), ttt.after("8", "4", "0")
    assert ttt.key(one) == ttt.key(other)
    assert (one, hash(one)) == (other, hash(other))  # any table meets the transposition
    assert ttt.key(one) != ttt.key(ttt.after("0", "4"))
    pig = load("pig(winscore=10)")
    assert pig.key(pig.after("stop")) == (1,)
    assert pig.after("stop") != pig.after("roll")
    with pytest.raises(SpielGameError, match="'x' is not a legal move in "):
        pig.after("x")


def test_a_solver_s_table_keys_positions_by_the_exact_key_and_finds_the_same() -> None:
    """OpenSpiel's games say their key is exact: the boolean solver's table holds keys,
    not positions, and finds what a table of the positions themselves finds (the
    answer, the positions played, the proof).  A wrapper that does not say so is keyed
    by its positions."""
    game = load_two_player("clobber(rows=3,columns=3)")
    assert exact_key(game) is game.key
    assert exact_key(CountingGame(game)) is None
    keyed: TranspositionTable[Action, ProofNode[Position, Action]] = TranspositionTable(10_000)
    by_key = solve_goal(game, Goal.WIN, table=keyed)
    entries = keyed.entries()
    assert entries
    for held, entry in entries.items():  # (question, key, depth) -> its proof
        assert isinstance(held, tuple)
        status = entry.value.status
        assert isinstance(status, Playing)
        assert not isinstance(held[1], Position)
        assert held[1] == game.key(status.state)
    plain: TranspositionTable[Action, ProofNode[Position, Action]] = TranspositionTable(10_000)
    by_position = solve_goal(CountingGame(game), Goal.WIN, table=plain)
    assert all(
        isinstance(held, tuple) and isinstance(held[1], Position) for held in plain.entries()
    )
    assert (by_key.holds, by_key.positions, proof_size(by_key.proof), len(entries)) == (
        by_position.holds,
        by_position.positions,
        proof_size(by_position.proof),
        len(plain.entries()),
    )
    check_proof(game, by_key.proof, game.start, Goal.WIN if by_key.holds else Goal.NOT_LOSE)


def test_every_end_is_one_of_three_shared_finishes() -> None:
    ttt = load_two_player("tic_tac_toe")
    won = ttt.after("0", "3", "1", "4")
    move = ttt.parse_move(won, "2")
    assert move == Action(2)
    one = ttt.play(won, move)
    other = ttt.play(ttt.after("1", "3", "0", "4"), Action(2))
    assert one == Done(Winner(Side.Maxie))
    assert one is other


# One game of each name in SHARED_TEXT, on a board small enough for many playouts.
SHARED = {
    "breakthrough": "breakthrough(rows=5,columns=4)",
    "clobber": "clobber(rows=4,columns=4)",
    "connect_four": "connect_four",
    "dots_and_boxes": "dots_and_boxes(num_rows=2,num_cols=2)",
    "go": "go(board_size=5)",
    "havannah": "havannah(board_size=3)",
    "hex": "hex(board_size=4)",
    "mnk": "mnk(m=4,n=4,k=3)",
    "nim": "nim(pile_sizes=1;3;5;7)",
    "othello": "othello",
    "pentago": "pentago",
    "tic_tac_toe": "tic_tac_toe",
    "y": "y(board_size=5)",
}


def test_shared_moves_are_written_as_openspiel_writes_them_where_they_are_listed() -> None:
    """The premise of SHARED_TEXT, on random playouts of each of its games: the shared
    action says what OpenSpiel says of it in the very state it is listed in, the
    position's mover is OpenSpiel's, and TERMINAL marks exactly the ends."""
    assert set(SHARED) == SHARED_TEXT
    rng = random.Random(41)
    for spec in SHARED.values():
        game = load(spec)
        assert isinstance(game, SpielTwoPlayer)
        for _ in range(12):
            here = game.start
            while True:
                state = here.state
                assert here.mover == state.current_player() >= 0
                listed = game.listed(here)
                assert [int(m) for m in listed] == state.legal_actions()
                assert [str(m) for m in listed] == [
                    state.action_to_string(here.mover, a) for a in state.legal_actions()
                ]
                move = rng.choice(listed)
                assert game.move_to_string(move) == state.action_to_string(here.mover, move)
                status = game.play(here, move)
                after = state.child(move)
                assert (after.current_player() == TERMINAL) == after.is_terminal()
                if isinstance(status, Done):
                    assert after.is_terminal()
                    break
                assert not after.is_terminal()
                here = status.state
        # The same action of the same player is one object, made once for the game.
        first, again = game.listed(game.start), game.listed(game.start)
        assert all(a is b for a, b in zip(first, again, strict=True))


def test_other_games_make_their_moves_for_each_position() -> None:
    game = load("amazons")
    here = game.start
    one, other = game.listed(here), game.listed(here)
    assert one == other
    assert all(a is not b for a, b in zip(one, other, strict=True))
    assert all(a.at is here.state for a in one)  # each remembers where it was listed


def test_clobber_s_solvers_try_the_middle_first_and_find_what_minimax_finds() -> None:
    """Clobber's order for solving: every legal move once, the stones nearest the middle
    first.  The boolean method plays 2,320 positions of 3 x 4 Clobber where OpenSpiel's
    order plays 2,726 (the exact solver 4,321 where it played 5,430), and both find the
    loss that OpenSpiel's own alpha-beta search (plain minimax, no table) finds."""
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    clobber = load_two_player("clobber(rows=3,columns=4)")
    rank = solving_rank(clobber.spiel)
    assert rank is not None
    rng = random.Random(5)
    here: Position | None = clobber.start
    while here is not None:
        listed, tried = clobber.listed(here), clobber.solver_moves(here)
        assert sorted(tried) == sorted(listed)
        assert [rank(a) for a in tried] == sorted(rank(a) for a in listed)
        after = clobber.play(here, rng.choice(listed))
        here = after.state if isinstance(after, Playing) else None
    hex3 = load_two_player("hex(board_size=3)")
    assert solving_rank(hex3.spiel) is None
    assert hex3.solver_moves(hex3.start) == hex3.listed(hex3.start)  # OpenSpiel's order

    verdict = solve_by_goals(clobber, clobber.start, BOOLEAN_METHOD)
    [proof] = verdict.proofs
    check_proof(clobber, proof.tree, clobber.start, proof.goal, proof.side)
    table: TranspositionTable[Action, ProofNode[Position, Action]] = TranspositionTable(10**6)
    in_openspiel_order = solve_goal(clobber, Goal.WIN, table=table)
    exact = solve(clobber, clobber.start)
    assert (verdict.result, verdict.positions, in_openspiel_order.positions) == (
        "loss",
        2_320,
        2_726,
    )
    assert (in_openspiel_order.holds, exact.result, exact.plies, exact.positions) == (
        False,
        "loss",
        8,
        4_321,
    )
    spiel = pyspiel.load_game("clobber(rows=3,columns=4)")
    assert alpha_beta_search(spiel, maximum_depth=spiel.max_game_length() + 1)[0] == -1.0


def test_a_position_lets_go_of_its_state_and_makes_it_again_when_read() -> None:
    ttt = load_two_player("tic_tac_toe")
    first = ttt.after("4")
    second = ttt.play(first, ttt.listed(first)[0])
    assert isinstance(second, Playing)
    here = second.state
    picture, history, key = str(here.state), here.state.history(), ttt.key(here)
    ttt.release_position(here)
    ttt.release_position(here)  # twice: nothing more to let go
    assert not state_held(here)
    assert (str(here.state), here.state.history(), ttt.key(here)) == (picture, history, key)
    assert state_held(here)
    assert here == Position(here.state.clone(), ttt.key)
    # A position made from a state lets go too; its children are made from the state
    # made again.
    first.let_go()
    assert not state_held(first)
    third = ttt.play(first, ttt.listed(first)[1])
    assert isinstance(third, Playing)
    assert third.state.state.history() == [4, 1]
    assert pickle.loads(pickle.dumps(here)) == here
    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        getattr(here, "colour")  # noqa: B009 (an attribute the type checker knows is not there)


def test_the_boolean_solver_lets_go_of_the_states_it_searched() -> None:
    # Every state searched is let go: the proof still checks (check_proof reads every
    # position's state, each made again from its history).
    clobber = load_two_player("clobber(rows=3,columns=3)")
    start = clobber.start
    table: TranspositionTable[Action, ProofNode[Position, Action]] = TranspositionTable(10**6)
    solved = solve_goal(clobber, Goal.WIN, start, table=table)
    kept = [entry.value.status for entry in table.entries().values()]
    positions = [status.state for status in kept if isinstance(status, Playing)]
    assert positions
    assert not any(state_held(p) for p in positions)
    check_proof(clobber, solved.proof, start, solved.proof_goal, solved.proof_side)
    counted = solve_goal(CountingGame(clobber), Goal.WIN, table=TranspositionTable(10**6))
    assert (solved.holds, solved.positions) == (counted.holds, counted.positions)


def test_a_position_keeps_the_mover_and_makes_its_key_once() -> None:
    hex3 = load("hex(board_size=3)")
    here = hex3.after("b2")
    assert (here.mover, hex3.player(here)) == (1, Side.Minnie)
    key = hex3.key(here)
    assert key == (1, str(here.state))
    assert hex3.key(here) is key  # kept, not made again
    again = Position(here.state.clone(), hex3.key)
    assert (again.mover, again == here, hash(again) == hash(here)) == (1, True, True)
    pig = load("pig(winscore=10)")
    rolled = pig.after("roll")
    assert (rolled.mover, pig.key(rolled)) == (-1, (0,))  # a chance node, keyed by history


def test_actions_pickle_with_the_position_they_were_listed_in() -> None:
    game = load("hex(board_size=3)")
    move = actions(game.after("b2").state)[0]
    back = pickle.loads(pickle.dumps(move))
    assert (back, str(back), type(back)) == (move, "a1", Action)
    here = game.after("b2", "a1")
    assert pickle.loads(pickle.dumps(here)) == here


def test_playouts_are_seeded_by_the_position_and_stay_between_minus_and_plus_one() -> None:
    game = load("connect_four")
    playouts = Playouts(8, seed=3)
    state = game.after("3", "3").state
    guesses = {playouts(state) for _ in range(3)}
    assert len(guesses) == 1
    (guess,) = guesses
    assert all(-1 <= g <= 1 for g in guess)
    assert guess[0] == -guess[1]
    assert guess[0] * 8 == round(guess[0] * 8)  # a mean of eight results of -1, 0 or 1
    assert Playouts(8, seed=4)(state) != guess or Playouts(8, seed=5)(state) != guess
    assert Zero()(state) == (0.0, 0.0)


def test_the_estimator_flag_reads_each_kind_and_refuses_the_rest_in_one_sentence() -> None:
    assert read_evaluation("zero") == Zero()
    assert read_evaluation("playouts:5") == Playouts(5)
    assert read_evaluation("playouts:5:9") == Playouts(5, 9)
    named = read_evaluation("tests.openspiel.test_game:corner_value")
    assert isinstance(named, NamedEvaluation)
    game = load("tic_tac_toe")
    assert named(game.after("0").state) == (0.5, -0.5)
    assert estimator_for(game, named).estimate(game.after("0")) == 0.5
    for text, said in [
        ("playouts", "write playouts:N or playouts:N:SEED"),
        ("playouts:x", "needs a number of playouts of at least 1, got 'x'"),
        ("guess", "is none of zero, playouts:N"),
        ("tests.openspiel.nowhere:f", "importing tests.openspiel.nowhere failed"),
        ("tests.openspiel.test_game:nothing", "the module tests.openspiel.test_game has no"),
    ]:
        with pytest.raises(EvaluationSpecError, match=said):
            read_evaluation(text)


def corner_value(state: SpielState) -> float:
    """A heuristic written as a user would: a half for Maxie with the top-left corner."""
    return 0.5 if str(state).startswith("x") else 0.0


def wrong_length(state: SpielState) -> tuple[float, ...]:
    return (1.0, 2.0, 3.0)


def test_a_named_estimator_that_gives_the_wrong_shape_is_said_so() -> None:
    named = read_evaluation("tests.openspiel.test_game:wrong_length")
    with pytest.raises(EvaluationError, match=r"give a number \(player 0's value\) or 2 numbers"):
        named(load("tic_tac_toe").start.state)


def test_without_openspiel_every_way_in_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(OpenSpielMissingError, match=r"pip install 'gamelib\[openspiel\]'"):
        load("tic_tac_toe")
    # A name no other test uses: the command line loads each name once per process, and
    # a name loaded before (by a test that ran earlier in this worker) would not ask.
    status, out, err = run("analyse", "openspiel:hex(board_size=2)")
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: OpenSpiel's games need OpenSpiel, which is not installed: "
        "pip install 'gamelib[openspiel]'\n"
    )


def test_the_command_line_analyses_solves_and_plays_an_openspiel_game() -> None:
    status, out, err = run("solve", "openspiel:tic_tac_toe")
    assert (status, err) == (0, "")
    assert "a draw, with best play (9 plies to the end)" in out
    status, out, _ = run(
        "analyse", "openspiel:hex(board_size=3)", "--player", "alphabeta:9", "--estimator", "zero"
    )
    assert status == 0
    # The first winning opening in OpenSpiel's order (a1, b1, c1, a2, ...) is c1.
    assert out.splitlines()[-1] == (
        "AlphaBeta(depth 9) chooses c1 for Maxie; value: Definitely Maxie wins"
    )
    status, out, _ = run(
        "play", "openspiel:hex(board_size=3)", "--maxie", "human", "--minnie", "alphabeta:3",
        stdin="b2\n4\nc1\na3\n",
    )  # fmt: skip
    # 4 is b2's number, taken: Minnie answered b1, so Maxie's c1 and a3 join the sides.  The
    # legal moves are listed in the game's own order (OpenSpiel's: row by row).
    assert "'4' is not a legal move here; legal moves: a1, c1, a2, c2, a3, b3, c3" in out
    assert out.endswith("o o x \n . x . \n  x . . \nGame over! Maxie wins!\n")
    assert status == 0


def test_the_command_line_traces_and_matches_an_openspiel_game(tmp_path: Path) -> None:
    status, out, _ = run("trace", "--game", "openspiel:tic_tac_toe", "--player", "alphabeta:1")
    assert status == 0
    assert out.splitlines()[1].startswith("  Estimating x.. / ... / ... via x(0,0): Guess ")
    status, out, _ = run(
        "match", "--game", "openspiel:tic_tac_toe", "--games", "2", "--seed", "1",
        "--save-dir", str(tmp_path), "alphabeta:9", "openspiel-random",
    )  # fmt: skip
    assert status == 0
    assert re.search(r"Score of alphabeta:9 vs openspiel-random: [12] - 0 - [01] ", out)
    saved = sorted(tmp_path.iterdir())
    status, out, _ = run("replay", str(saved[0]), stdin="\n" * 12)
    assert status == 0
    assert "Game over! Maxie wins!" in out or "Game over! Minnie wins!" in out


def test_the_command_line_refuses_a_game_it_cannot_play_with_openspiel_s_reason() -> None:
    assert run("play", "openspiel:kuhn_poker") == (
        2,
        "",
        "gamelib: OpenSpiel's kuhn_poker is a game of imperfect information: gamelib's "
        "searches need every player to see the whole position\n",
    )
    status, _, err = run("analyse", "openspiel:hex(size=3)")
    assert status == 2
    assert err.startswith("gamelib: OpenSpiel refused 'hex(size=3)': Unknown parameter 'size'")
    status, _, err = run("analyse", "openspiel:tic_tac_toe", "--estimator", "guess")
    assert (status, err) == (
        2,
        "gamelib: the estimator 'guess' is none of zero, playouts:N (or playouts:N:SEED), "
        "or MODULE:FUNCTION\n",
    )


def test_an_entry_is_made_once_per_name() -> None:
    assert openspiel_entry("openspiel:tic_tac_toe") is openspiel_entry(" openspiel:tic_tac_toe")


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        ("play", "an"),
        ("analyse", "an"),
        ("solve", "a two-player"),
        ("trace", "an"),
        ("match", "an"),
    ],
)
def test_each_command_s_help_names_openspiel_s_games(command: str, kind: str) -> None:
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(io.StringIO()) as out:
        main([command, "--help"])
    assert done.value.code == 0
    said = " ".join(out.getvalue().split())
    named = f"or openspiel:NAME(PARAMS), {kind} OpenSpiel game in OpenSpiel's syntax, such as "
    assert named in said
    assert "'openspiel:hex(board_size=3)' (pip install 'gamelib[openspiel]')" in said
