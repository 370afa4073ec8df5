"""A game author's mistakes get one sentence naming the contract, the game's class and the
position, never an AttributeError from deep inside a search, and never a wrong answer."""

from __future__ import annotations

import io
import math
from collections.abc import Callable

import pytest

from gamelib import AlphaBeta, Game, Minimax, NumericEstimator, Settings, referee
from gamelib.algorithms.boolean import Goal, solve_goal
from gamelib.algorithms.exact import solve
from gamelib.algorithms.negamax import NegamaxAlphaBeta, NegamaxSettings
from gamelib.algorithms.table import TableOwnerError, TranspositionTable
from gamelib.catalog import CATALOG
from gamelib.core.contracts import ContractError
from gamelib.core.estimator import NotANumberGuessError
from gamelib.games.connect4 import ConnectFour
from gamelib.games.nim import Nim, NimState, nim_estimate
from gamelib.games.tictactoe import TicTacToe
from gamelib.search import SearchPlayer
from tests.broken_games import ListMoves, StatePlay, WordPlayer, none_at_two
from tests.outside_game import Race, RaceToFive, race_estimate
from tests.runner import run as gamelib

START = "the total is 0; Maxie to add 1 or 2"

BROKEN: list[tuple[Game[Race, int], str]] = [
    (
        ListMoves(),
        "ListMoves.moves must return a Seq of moves (gamelib.seq.from_iterable makes one), "
        f"but it returned a list in '{START}'",
    ),
    (
        StatePlay(),
        "StatePlay.play must return Playing(state) or Done(outcome), but it returned a Race "
        f"for the move 1 in '{START}'",
    ),
    (
        WordPlayer(),
        f"WordPlayer.player must return a Side (Side.Maxie or Side.Minnie), but it returned "
        f"'Maxie' in '{START}'",
    ),
]
"""Each way of breaking the contract, and the sentence that says so."""


def searchers(game: Game[Race, int]) -> list[Callable[[], object]]:
    """Every way into a search of `game` from its start."""
    est = NumericEstimator(game, race_estimate)
    deepening = CATALOG["id"].build(est, 4, {})
    alphabeta = AlphaBeta(Settings(est, 3))
    return [
        lambda: Minimax(Settings(est, 3)).analyse(game.start),
        lambda: AlphaBeta(Settings(est, 3)).analyse(game.start),
        lambda: NegamaxAlphaBeta(NegamaxSettings(est, 3)).analyse(game.start),
        lambda: deepening.analyse(game.start),
        lambda: solve(game),
        lambda: solve_goal(game, Goal.WIN),
        lambda: referee(game, alphabeta, alphabeta, out=io.StringIO()),
    ]


@pytest.mark.parametrize(("game", "said"), BROKEN, ids=lambda x: type(x).__name__[:12])
def test_a_broken_contract_is_one_sentence_in_every_search(
    game: Game[Race, int], said: str
) -> None:
    for search in searchers(game):
        with pytest.raises(ContractError) as caught:
            search()
        assert str(caught.value) == said


@pytest.mark.parametrize(
    ("value", "shown", "where"),
    [
        (None, "None", 5),
        ("x", "'x'", 5),
        (math.inf, "inf", 7),  # everywhere: infinities tie, and the search says so
        (-math.inf, "-inf", 7),
    ],
)
def test_an_estimate_that_is_no_finite_number_is_named_with_its_position(
    value: object, shown: str, where: int
) -> None:
    game = Nim(pile=7)

    def estimate(state: NimState) -> float:
        bad = state.pebbles == where or where == 7
        return value if bad else nim_estimate(state)  # type: ignore[return-value]  # the mistake under test

    est = NumericEstimator(game, estimate)
    for factory in (Minimax, AlphaBeta):
        if where == 7:  # a number, but infinite: found where it ties, the first such position
            with pytest.raises(ContractError) as caught:
                factory(Settings(est, 2)).analyse(game.start)
            assert str(caught.value) == (
                "a numeric estimator must give every position a finite number (an int, a float "
                f"or a Fraction), but it gave {shown} for '7 left, and it is Maxie's turn'"
            )
        else:  # no number: refused where the search asks for it (two moves in: Maxie's turn)
            with pytest.raises(NotANumberGuessError) as refused:
                factory(Settings(est, 2)).analyse(game.start)
            assert str(refused.value) == (
                f"the estimator estimate gave {shown} for '5 left, and it is Maxie's turn': a "
                "numeric search needs every guess to be a number (an int, a float or a Fraction)"
            )


def test_an_infinite_guess_that_reaches_the_root_is_refused() -> None:
    game = Nim(pile=7)
    est = NumericEstimator(game, lambda s: math.inf if s.pebbles == 4 else 0)
    with pytest.raises(ContractError, match=r"it gave inf for '4 left, and it is Minnie's turn'"):
        AlphaBeta(Settings(est, 1)).analyse(game.start)  # 7 - 3 = 4: Maxie takes 3 for inf


def test_infinity_no_longer_ties_with_a_win_so_that_a_loss_is_chosen() -> None:
    # From 2 pebbles, taking 1 wins at once.  Every position guessed -inf used to tie with
    # that win, and both searches kept the first move they saw: a loss.
    game = Nim(pile=5)
    est = NumericEstimator(game, lambda state: -math.inf)
    with pytest.raises(ContractError, match=r"but it gave -inf for '5 left"):
        AlphaBeta(Settings(est, 3)).analyse(game.start)


def test_an_outside_estimator_fault_in_the_search_of_an_outside_game() -> None:
    est = NumericEstimator(RaceToFive(), none_at_two)
    with pytest.raises(
        NotANumberGuessError, match=r"^the estimator none_at_two gave None for 'the total is 2; "
    ):
        CATALOG["id"].build(est, 4, {}).analyse(RaceToFive().start)


DEPTH = "a solve's depth must be a whole number of plies or None, got "
TABLE = "a table must be a TranspositionTable, a number of entries, or None, got "


@pytest.mark.parametrize(
    ("options", "error", "said"),
    [
        ({"depth": True}, TypeError, DEPTH + "True"),
        ({"depth": 1.5}, TypeError, DEPTH + "1.5"),
        ({"depth": "3"}, TypeError, DEPTH + "'3'"),
        ({"depth": 0}, ValueError, "a solve looks at least 1 ply ahead, not 0"),
        ({"table": 1.5}, TypeError, TABLE + "1.5"),
        ({"table": "100"}, TypeError, TABLE + "'100'"),
        (
            {"table": -1},
            ValueError,
            "a table needs at least 0 entries (0 or None: no table), got -1",
        ),
    ],
)
def test_solve_refuses_a_bad_setting_at_its_entry(
    options: dict[str, object], error: type[Exception], said: str
) -> None:
    with pytest.raises(error) as caught:
        solve(Nim(pile=7), **options)  # type: ignore[arg-type]  # the mistakes under test
    assert str(caught.value) == said


def test_a_table_filled_for_one_board_is_refused_for_another() -> None:
    table: TranspositionTable[int, int] = TranspositionTable(100_000)
    assert solve(ConnectFour(4, 4), table=table).result == "draw"
    assert solve(ConnectFour(4, 4), table=table).result == "draw"  # the same game: shared
    with pytest.raises(TableOwnerError) as caught:
        solve(ConnectFour(5, 4), table=table)
    assert str(caught.value) == (
        "this transposition table holds what a search of ConnectFour(cols=4, rows=4, k=4) "
        "found, and a search of ConnectFour(cols=5, rows=4, k=4) would read those entries as "
        "its own: give each game a table of its own"
    )
    search_table: TranspositionTable[int, object] = TranspositionTable(1000)
    est = NumericEstimator(Nim(pile=9), nim_estimate)
    NegamaxAlphaBeta(NegamaxSettings(est, 3), table=search_table)  # type: ignore[arg-type]
    other = NumericEstimator(Nim(pile=12), nim_estimate)
    with pytest.raises(TableOwnerError):
        NegamaxAlphaBeta(NegamaxSettings(other, 3), table=search_table)  # type: ignore[arg-type]


def test_a_player_built_for_another_game_is_refused_by_the_referee() -> None:
    nim = Nim(pile=7)
    player: SearchPlayer[NimState, int, float] = AlphaBeta(
        Settings(NumericEstimator(nim, nim_estimate), 3)
    )
    with pytest.raises(ContractError) as caught:
        # The mistake under test: a Nim player is no tic-tac-toe player, as mypy says.
        referee(TicTacToe(), player, player, out=io.StringIO())  # type: ignore[arg-type]
    assert str(caught.value) == (
        "Maxie's player AlphaBeta(depth 3) was built for Nim(pile=7), not for TicTacToe(): "
        "build it with this game's estimator"
    )


DIVIDED = (
    "Divides.play raised ZeroDivisionError: the total of 3 is divided by zero at 'the total is 3; "
)

COMMANDS = [
    ("play", "{game}", "--maxie", "alphabeta:6", "--minnie", "random", "--seed", "1"),
    ("analyse", "{game}", "--player", "alphabeta:6"),
    ("analyse", "{game}", "--player", "id", "--time", "1"),
    ("analyse", "{game}", "--player", "negamax:5"),
    ("solve", "{game}"),
    ("trace", "--game", "{game}", "--player", "minimax:3"),
]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("divides", DIVIDED),
        ("lists", BROKEN[0][1]),
        ("states", BROKEN[1][1]),
        ("words", BROKEN[2][1]),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:3]))
def test_a_game_from_a_module_that_breaks_its_contract_stops_in_one_sentence(
    name: str, said: str, command: tuple[str, ...]
) -> None:
    argv = [word.replace("{game}", name) for word in command]
    status, _, err = gamelib("--game-from", f"tests.broken_games:{name.upper()}", *argv)
    assert status == 1
    assert err.startswith(f"gamelib: game stopped: {said}")
    assert err.count("\n") == 1  # one sentence, no traceback
