"""gamelib's searches on OpenSpiel's games find the values OpenSpiel's own searches find.

On random positions (seeded) of eleven games, gamelib's alpha-beta (and PVS, MTD(f)) at
a depth equal `open_spiel.python.algorithms.minimax.alpha_beta_search` at that depth, with
the same heuristic: a hash of the position in (-1, 1), so that values vary and a slip
shows.  Positions near the end are solved to the end by gamelib's exact solver and by its
proof-number solvers and by `alpha_beta_search` without a depth; Pig's values are
expectiminimax's, gamelib's and OpenSpiel's.  Every value is compared for exact equality:
the two sides do the same arithmetic, so there is nothing to round.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest
from open_spiel.python.algorithms.minimax import alpha_beta_search, expectiminimax

from gamelib.algorithms.exact import solve
from gamelib.algorithms.goals import BOOLEAN_METHOD, solve_by_goals
from gamelib.algorithms.pns import DFPN_METHOD
from gamelib.catalog import CATALOG
from gamelib.chance.expectiminimax import ChanceSettings, Expectiminimax
from gamelib.core.datatypes import Draw, Side
from gamelib.core.estimator import Definitely, Est, NumericEstimator
from gamelib.openspiel.estimators import SpielChanceEstimator
from gamelib.openspiel.game import SpielChance, SpielTwoPlayer, load
from gamelib.openspiel.position import Action
from gamelib.openspiel.spiel import SpielState


def hashed(game: SpielTwoPlayer | SpielChance) -> Callable[[SpielState], float]:
    """A heuristic both searches can use: the position's key hashed into (-1, 1), a
    multiple of 1/1000, the same for the same position however it was reached."""

    def value(state: SpielState) -> float:
        return (zlib.crc32(repr(game.position(state).key).encode()) % 1999 - 999) / 1000

    return value


def number(est: Est[float]) -> float:
    """A gamelib value as OpenSpiel writes it for player 0."""
    if isinstance(est, Definitely):
        outcome = est.outcome
        if isinstance(outcome, Draw):
            return 0.0
        return 1.0 if outcome.side is Side.Maxie else -1.0
    return est.guess


def positions(
    game: SpielTwoPlayer | SpielChance, seed: int, count: int, plies: tuple[int, int]
) -> list[SpielState]:
    """`count` positions still being played, each `plies[0]` to `plies[1]` random moves (and
    rolls) from the start."""
    rng = random.Random(seed)
    found: list[SpielState] = []
    while len(found) < count:
        state = game.start.state
        for _ in range(rng.randint(*plies)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state = state.child(rng.choice(outcomes)[0])
            else:
                state = state.child(rng.choice(state.legal_actions()))
        if not state.is_terminal() and not state.is_chance_node():
            found.append(state)
    return found


DEPTH_LIMITED = [
    # game, seed, positions, plies from the start, depth
    ("tic_tac_toe", 1, 8, (0, 5), 3),
    ("hex(board_size=3)", 2, 8, (0, 4), 3),
    ("hex(board_size=4)", 3, 6, (0, 8), 3),
    ("clobber(rows=4,columns=4)", 4, 6, (0, 6), 3),
    ("breakthrough(rows=5,columns=5)", 5, 5, (0, 16), 3),
    ("dots_and_boxes(num_rows=2,num_cols=2)", 6, 6, (0, 6), 3),
    ("mnk(m=4,n=4,k=3)", 7, 6, (0, 8), 3),
    ("nim(pile_sizes=1;3;5;7,is_misere=True)", 8, 6, (0, 6), 4),
    ("connect_four", 9, 5, (0, 20), 4),
    ("othello", 10, 3, (44, 54), 3),
]


@pytest.mark.parametrize(("name", "seed", "count", "plies", "depth"), DEPTH_LIMITED)
def test_alpha_beta_at_a_depth_agrees_with_openspiel(
    name: str, seed: int, count: int, plies: tuple[int, int], depth: int
) -> None:
    game = load(name)
    assert isinstance(game, SpielTwoPlayer)
    h = hashed(game)
    estimator = NumericEstimator(game, lambda position: h(position.state))
    # No tables, and a new player for each position: a table (MTD(f)'s) would answer a
    # position reached at two depths (Nim) from the deeper search, which a search without
    # one, as OpenSpiel's is, never does.
    kinds = [(CATALOG[kind], {"table": 0}) for kind in ("pvs", "mtdf")]
    kinds.append((CATALOG["alphabeta"], {}))
    disagreements = []
    for state in positions(game, seed, count, plies):
        theirs, _ = alpha_beta_search(
            game.spiel,
            state=state.clone(),
            value_function=h,
            maximum_depth=depth,
            maximizing_player_id=0,
        )
        here = game.position(state)
        ours = [number(k.build(estimator, depth, o).analyse(here)[1]) for k, o in kinds]
        if ours != [theirs] * len(ours):
            disagreements.append((state.history(), ours, theirs))
    assert disagreements == []


SOLVED = [
    # game, seed, positions, plies from the start
    ("tic_tac_toe", 11, 6, (0, 4)),
    ("hex(board_size=3)", 12, 6, (0, 3)),
    ("hex(board_size=4)", 13, 4, (8, 10)),
    ("clobber(rows=4,columns=4)", 14, 4, (6, 8)),
    ("breakthrough(rows=5,columns=5)", 15, 4, (24, 30)),
    ("dots_and_boxes(num_rows=2,num_cols=2)", 16, 4, (3, 6)),
    ("mnk(m=4,n=4,k=3)", 17, 4, (4, 7)),
    ("nim(pile_sizes=1;3;5;7,is_misere=True)", 18, 4, (2, 5)),
    ("connect_four", 19, 3, (30, 34)),
    ("othello", 20, 3, (54, 56)),
]


@pytest.mark.parametrize(("name", "seed", "count", "plies"), SOLVED)
def test_solving_to_the_end_agrees_with_openspiel(
    name: str, seed: int, count: int, plies: tuple[int, int]
) -> None:
    game = load(name)
    assert isinstance(game, SpielTwoPlayer)
    results = {"win": 1.0, "draw": 0.0, "loss": -1.0}
    disagreements = []
    for state in positions(game, seed, count, plies):
        theirs, _ = alpha_beta_search(game.spiel, state=state.clone(), maximum_depth=100)
        here = game.position(state)
        ours = [
            results[solve(game, here).result],
            results[solve_by_goals(game, here, BOOLEAN_METHOD).result],
            results[solve_by_goals(game, here, DFPN_METHOD).result],
        ]
        if ours != [theirs] * 3:
            disagreements.append((state.history(), ours, theirs))
    assert disagreements == []


def spiel_chance_value(
    game: SpielChance, h: Callable[[SpielState], float]
) -> Callable[[SpielState], float]:
    """OpenSpiel's value function that does what gamelib's expectiminimax does at its
    horizon: a chance node is averaged (in OpenSpiel's order, from 0, as both sum), a
    decision node guessed."""

    def value(state: SpielState) -> float:
        if state.is_terminal():
            return state.returns()[0]
        if not state.is_chance_node():
            return h(state)
        total = 0.0
        for action, p in state.chance_outcomes():
            total += p * value(state.child(action))
        return total

    return value


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_expectiminimax_on_pig_agrees_with_openspiel(depth: int) -> None:
    game = load("pig(winscore=6,diceoutcomes=3)")
    assert isinstance(game, SpielChance)
    h = hashed(game)
    ours = Expectiminimax(ChanceSettings(SpielChanceEstimator(game, lambda s: (h(s),)), depth))
    disagreements = []
    for state in positions(game, 21 + depth, 8, (0, 12)):
        theirs, their_move = expectiminimax(state.clone(), depth, spiel_chance_value(game, h), 0)
        move, value = ours.analyse(game.position(state))
        if (value, int(move)) != (theirs, their_move):
            disagreements.append((state.history(), value, theirs))
    assert disagreements == []


def test_a_solved_pig_agrees_with_openspiel_to_the_end() -> None:
    """Pig to 3 points on a two-sided die ends within a few turns only with luck, so
    this searches deep enough that every line of the values compared has ended."""
    game = load("pig(winscore=2,diceoutcomes=2,horizon=3)")
    assert isinstance(game, SpielChance)
    never: Callable[[SpielState], float] = lambda s: 0.0  # noqa: E731
    ours = Expectiminimax(ChanceSettings(SpielChanceEstimator(game, lambda s: (0.0,)), 8))
    move, value = ours.analyse(game.start)
    theirs, their_move = expectiminimax(game.start.state, 8, spiel_chance_value(game, never), 0)
    assert (value, int(move)) == (theirs, their_move)
    assert isinstance(move, Action)
