"""Matches, measured: games per second here and on workers, and the two matches of the docs
page "Is my player stronger?".

    python benchmarks/match.py               # games per second, serial and on 2 workers
    python benchmarks/match.py --weights 20  # the weighted Connect Four estimator against
                                             # the handout one: 20 pairs, alpha-beta depth 4
    python benchmarks/match.py --clock 10    # alpha-beta (iterative deepening) against MCTS,
                                             # 0.1 s a move each: 10 pairs

Games per second: alpha-beta at depth 4 against random on tic-tac-toe (a short game, where
sending the games to workers costs about what playing them does) and alpha-beta at depth 4
with the weighted estimator against the handout one on Connect Four 7x6 (a long one), from
2-ply random openings, serial and on 2 local processes, in turns; medians of `--runs`
rounds.  The two matches print what
`gamelib match` prints: the score, the pentanomial counts, the Elo difference with its
error bar, the LOS and the draw ratio.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib import AlphaBeta, Settings
from gamelib.core.controller import Chooses, TwoPlayers
from gamelib.core.datatypes import Outcome
from gamelib.core.game import Game
from gamelib.core.random_player import RandomPlayer
from gamelib.games.connect4 import (
    ConnectFour,
    ConnectFourState,
    connect4_estimator,
    connect4_weighted,
)
from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
from gamelib.match.play import Games, TwoPlayerGames, play_match, random_openings
from gamelib.match.standing import Match
from gamelib.parallel.batch import Workers

S = TypeVar("S")
M = TypeVar("M")


def tictactoe_searcher(
    game: Game[TicTacToeState, int], seed: int | None
) -> Chooses[TicTacToeState, int]:
    return AlphaBeta(Settings(tictactoe_estimator(game), 4))


def tictactoe_random(
    game: Game[TicTacToeState, int], seed: int | None
) -> Chooses[TicTacToeState, int]:
    return RandomPlayer(game, seed=seed)


def weighted(game: Game[ConnectFourState, int], seed: int | None) -> Chooses[ConnectFourState, int]:
    return AlphaBeta(Settings(connect4_weighted(game), 4))


def handout(game: Game[ConnectFourState, int], seed: int | None) -> Chooses[ConnectFourState, int]:
    return AlphaBeta(Settings(connect4_estimator(game), 4))


def two_workers() -> Workers:
    return Workers(lambda: ProcessPoolExecutor(2), 4, "2 local processes")


def summary(match: Match[int]) -> str:
    found, t = match.estimate, match.trinomial
    return (
        f"{match.score_line()}\nPtnml(0-2): {list(match.pentanomial.counts)}\n"
        f"Elo difference: {found.elo:.1f} +/- {found.error:.1f} "
        f"(95%: {found.low:.1f} to {found.high:.1f}), LOS: {100 * found.los:.1f} %, "
        f"DrawRatio: {100 * t.draw_ratio:.1f} %"
    )


def speed(runs: int, pairs: int) -> None:
    tictactoe = TwoPlayerGames(TicTacToe, tictactoe_searcher, tictactoe_random)
    timed("tic-tac-toe, alphabeta:4 vs random", TicTacToe(), tictactoe, runs, pairs)
    connect4 = TwoPlayerGames(ConnectFour, weighted, handout)
    timed(
        "Connect Four 7x6, alphabeta:4, weighted vs handout", ConnectFour(), connect4, runs, pairs
    )


def timed(
    title: str, game: Game[S, M], games: Games[Game[S, M], S, M, Outcome], runs: int, pairs: int
) -> None:
    """One match, serial and on 2 workers, in turns: games per second."""
    openings = random_openings(TwoPlayers(game), 2, pairs, 1)
    pool = two_workers()
    serial = play_match(games, openings, pairs, seed=1)
    parallel = play_match(games, openings, pairs, seed=1, workers=pool)
    assert serial.games == parallel.games, title  # the same games, wherever played
    times = interleaved(
        {
            "serial": lambda: play_match(games, openings, pairs, seed=1),
            "2 workers": lambda: play_match(games, openings, pairs, seed=1, workers=pool),
        },
        runs,
    )
    print(f"\n{title}: {2 * pairs} games, medians of {runs}")
    for name, seconds in times.items():
        print(f"  {name:<10} {seconds:7.2f} s  {2 * pairs / seconds:8.1f} games/s")
    print(f"  speed-up on 2 workers: {times['serial'] / times['2 workers']:.2f}x")


def weights(pairs: int) -> None:
    game = ConnectFour()
    openings = random_openings(TwoPlayers(game), 2, pairs, 1)
    games = TwoPlayerGames(ConnectFour, weighted, handout)
    match = play_match(
        games, openings, pairs, names=("weighted", "handout"), seed=1, workers=two_workers()
    )
    print(
        f"\nConnect Four 7x6, alpha-beta depth 4, weighted (1, 4, 32) vs handout:\n{summary(match)}"
    )


def clock(pairs: int) -> None:
    command = [
        sys.executable, "-m", "gamelib", "match", "id", "mcts", "--game", "connect4",
        "--time", "0.1", "--games", str(2 * pairs), "--seed", "1", "--workers", "2",
    ]  # fmt: skip
    print(f"\n$ gamelib {' '.join(command[3:])}")
    print(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (medians)")
    parser.add_argument("--pairs", type=int, default=20, help="pairs a speed match")
    parser.add_argument("--weights", type=int, default=0, help="pairs of the weights match")
    parser.add_argument("--clock", type=int, default=0, help="pairs of the equal-time match")
    options = parser.parse_args()
    if not (options.weights or options.clock):
        speed(options.runs, options.pairs)
    if options.weights:
        weights(options.weights)
    if options.clock:
        clock(options.clock)


if __name__ == "__main__":
    main()
