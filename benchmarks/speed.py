"""Solving speed, side by side with a plain solver written for the comparison.

    python benchmarks/speed.py                  # 5x5 from empty, 20 middle-game 7x6 positions
    python benchmarks/speed.py --positions 200  # Pons's-sized set of 7x6 positions
    python benchmarks/speed.py --profile        # where gamelib's 5x5 solve spends its time
    python benchmarks/speed.py --tictactoe      # the lectures' AlphaBeta against a plain loop
    python benchmarks/speed.py --analyse        # every column of the 7x6 set scored

The plain solver is what a student would write in an afternoon: Connect Four on two
integers (the side to move's pieces and all pieces, a column `H + 1` bits tall),
negamax alpha-beta on the score Pons uses (the earlier a win, the higher), a dict as
transposition table holding upper bounds, and the columns tried centre first.  It is
not gamelib's code and shares none of it; it answers the same question (win, draw or
loss for the side to move), which every row checks.

The middle-game set follows Pons's published test positions: games of random legal
moves, 14 to 28 stones on 7x6, not over (seeded, so every run measures the same ones).
Times are medians of `--runs` rounds, the two solvers taking turns in one process.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib.algorithms.exact import Result, solve
from gamelib.algorithms.table import TranspositionTable
from gamelib.cli._proofs import Column, move_columns
from gamelib.core.datatypes import Playing
from gamelib.games.connect4 import ConnectFour, ConnectFourState


class Plain:
    """The plain solver of one board shape."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.h1 = height + 1
        self.order = sorted(range(width), key=lambda c: abs(2 * c - (width - 1)))
        self.bottom = [1 << (c * self.h1) for c in range(width)]
        self.top = [1 << (c * self.h1 + height - 1) for c in range(width)]
        self.column = [((1 << height) - 1) << (c * self.h1) for c in range(width)]
        self.table: dict[int, int] = {}
        self.visited = 0

    def won(self, pieces: int) -> bool:
        """Whether `pieces` hold four in a row."""
        for shift in (1, self.h1, self.h1 - 1, self.h1 + 1):  # vertical, horizontal, diagonals
            pairs = pieces & (pieces >> shift)
            if pairs & (pairs >> (2 * shift)):
                return True
        return False

    def threats(self, moves_played: list[int]) -> bool:
        """Whether either side could complete four with its next stone after `moves_played`."""
        current = mask = 0
        for c in moves_played:
            stone = (mask + self.bottom[c]) & self.column[c]
            current, mask = current ^ mask, mask | stone
        for pieces in (current, current ^ mask):
            for c in range(self.width):
                if not mask & self.top[c]:
                    stone = (mask + self.bottom[c]) & self.column[c]
                    if self.won(pieces | stone):
                        return True
        return False

    def negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """The score for the side to move: positive when it wins, (cells + 1 - moves) / 2
        for a win with its next stone, 0 for a draw."""
        self.visited += 1
        cells = self.width * self.height
        if moves == cells:
            return 0
        for c in range(self.width):  # a win with the next stone
            if not mask & self.top[c]:
                stone = (mask + self.bottom[c]) & self.column[c]
                if self.won(current | stone):
                    return (cells + 1 - moves) // 2
        most = (cells - 1 - moves) // 2
        bound = self.table.get(current + mask)
        if bound is not None:
            most = bound
        if beta > most:
            beta = most
            if alpha >= beta:
                return beta
        for c in self.order:
            if not mask & self.top[c]:
                stone = (mask + self.bottom[c]) & self.column[c]
                score = -self.negamax(current ^ mask, mask | stone, moves + 1, -beta, -alpha)
                if score >= beta:
                    return score
                alpha = max(alpha, score)
        self.table[current + mask] = alpha
        return alpha

    def result(self, moves_played: list[int]) -> Result:
        """Win, draw or loss for the side to move after `moves_played` (columns from 0)."""
        current = mask = 0
        for c in moves_played:
            stone = (mask + self.bottom[c]) & self.column[c]
            current, mask = current ^ mask, mask | stone
        cells = self.width * self.height
        n = len(moves_played)
        low, high = -(cells - n) // 2, (cells + 1 - n) // 2
        while low < high:  # null-window searches narrow the score, as Pons's solver does
            middle = low + (high - low) // 2
            if middle <= 0 and low // 2 < middle:
                middle = low // 2
            elif middle >= 0 and high // 2 > middle:
                middle = high // 2
            score = self.negamax(current, mask, n, middle, middle + 1)
            if score <= middle:
                high = score
            else:
                low = score
        return "win" if low > 0 else "loss" if low < 0 else "draw"


def middle_game(count: int, seed: int = 1) -> list[list[int]]:
    """`count` 7x6 positions of 14 to 28 random legal moves, not decided at a glance: the
    game is not over, the side to move cannot win with its next stone, and the other side
    has no four to complete that must be blocked."""
    game = ConnectFour()
    plain = Plain(7, 6)
    rng = random.Random(seed)
    found: list[list[int]] = []
    while len(found) < count:
        length = rng.randint(14, 28)
        state = game.start
        line: list[int] = []
        for _ in range(length):
            move = rng.choice(list(game.moves(state)))
            status = game.play(state, move)
            if not isinstance(status, Playing):
                break
            line.append(move)
            state = status.state
        else:
            if not plain.threats(line):
                found.append(line)
    return found


def position(game: ConnectFour, line: list[int]) -> ConnectFourState:
    state = game.start
    for move in line:
        status = game.play(state, move)
        assert isinstance(status, Playing)
        state = status.state
    return state


def gamelib_result(game: ConnectFour, line: list[int]) -> tuple[Result, int]:
    found = solve(game, position(game, line), table=TranspositionTable(1_000_000))
    return found.result, found.positions


def empty_board(width: int, height: int, runs: int) -> None:
    game = ConnectFour(cols=width, rows=height)
    plain = Plain(width, height)
    result, positions = gamelib_result(game, [])
    assert plain.result([]) == result, (width, height)
    visited = plain.visited
    times = interleaved(
        {
            "gamelib": lambda: gamelib_result(game, []),
            "plain": lambda: Plain(width, height).result([]),
        },
        runs,
    )
    print(f"\n{width}x{height} from empty: {result} for the side to move; medians of {runs}")
    print(f"  {'solver':<8} {'positions':>11} {'seconds':>8} {'µs a position':>14}")
    for name, count in (("gamelib", positions), ("plain", visited)):
        print(f"  {name:<8} {count:>11,} {times[name]:>8.2f} {1e6 * times[name] / count:>14.2f}")
    print(f"  gamelib / plain: {times['gamelib'] / times['plain']:.2f}x the time")


def middle(count: int, runs: int) -> None:
    game = ConnectFour()
    lines = middle_game(count)
    checked = [(gamelib_result(game, line)[0], Plain(7, 6).result(line)) for line in lines]
    assert all(a == b for a, b in checked), "the two solvers disagree"
    times = interleaved(
        {
            "gamelib": lambda: [gamelib_result(game, line) for line in lines],
            "plain": lambda: [Plain(7, 6).result(line) for line in lines],
        },
        runs,
    )
    results = [a for a, _ in checked]
    print(
        f"\n{count} middle-game 7x6 positions (14 to 28 stones; {results.count('win')} won, "
        f"{results.count('draw')} drawn, {results.count('loss')} lost), medians of {runs}"
    )
    for name, seconds in times.items():
        print(f"  {name:<8} {1000 * seconds / count:8.1f} ms a position")


def analysed(game: ConnectFour, line: list[int]) -> dict[str, Column]:
    """Every column of the position scored, as `gamelib solve --all` scores them: one
    solve after each legal move, the solves sharing one table."""
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    return move_columns(game, position(game, line), table, None, lambda positions: None)


def analyse(count: int, runs: int) -> None:
    game = ConnectFour()
    lines = middle_game(count)
    times = interleaved({"analyse": lambda: [analysed(game, line) for line in lines]}, runs)
    print(f"\n{count} middle-game 7x6 positions, every column scored, medians of {runs}")
    print(f"  gamelib  {1000 * times['analyse'] / count:8.1f} ms a position")


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class PlainTicTacToe:
    """Alpha-beta over a tuple of nine cells (1 X, -1 O, 0 empty), a for loop a position:
    the plainest way to search tic-tac-toe to the end."""

    def __init__(self) -> None:
        self.visited = 0

    def value(self, cells: tuple[int, ...], mark: int, alpha: int, beta: int) -> int:
        """The value for X (1 a win, 0 a draw, -1 a loss), `mark` to move."""
        self.visited += 1
        for a, b, c in LINES:
            line = cells[a] + cells[b] + cells[c]
            if line == 3:
                return 1
            if line == -3:
                return -1
        if 0 not in cells:
            return 0
        best = -2 if mark == 1 else 2
        for i in range(9):
            if cells[i]:
                continue
            after = (*cells[:i], mark, *cells[i + 1 :])
            v = self.value(after, -mark, alpha, beta)
            if mark == 1:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def tictactoe(runs: int) -> None:
    """Tic-tac-toe from empty, a position's cost beside the plain loop's, for three of
    gamelib's searches: the lectures' AlphaBeta (written as the slides), alpha-beta's
    engine in negamax form (`gamelib.algorithms`), and the exact solver (without a table,
    so that it searches about as many positions as the others)."""
    from gamelib import AlphaBeta, Settings
    from gamelib.algorithms.negamax import NegamaxAlphaBeta, NegamaxSettings
    from gamelib.core.game import Game
    from gamelib.games.tictactoe import TicTacToe, TicTacToeState, tictactoe_estimator
    from gamelib.search import CountingGame

    searches: dict[str, Callable[[Game[TicTacToeState, int]], object]] = {
        "lecture AlphaBeta": lambda game: AlphaBeta(Settings(tictactoe_estimator(game), 9)).analyse(
            game.start
        ),
        "NegamaxAlphaBeta": lambda game: NegamaxAlphaBeta(
            NegamaxSettings(tictactoe_estimator(game), 9)
        ).analyse(game.start),
        "solve, no table": lambda game: solve(game, game.start, table=None),
    }
    positions = {}
    for name, search in searches.items():
        counting = CountingGame(TicTacToe())
        search(counting)
        positions[name] = counting.plays + 1
    plain = PlainTicTacToe()
    assert plain.value((0,) * 9, 1, -2, 2) == 0  # a draw, as gamelib finds
    positions["plain"] = plain.visited
    game = TicTacToe()

    def job(search: Callable[[Game[TicTacToeState, int]], object]) -> Callable[[], object]:
        return lambda: search(game)

    jobs = {name: job(search) for name, search in searches.items()}
    jobs["plain"] = lambda: PlainTicTacToe().value((0,) * 9, 1, -2, 2)
    times = interleaved(jobs, runs)
    each = {name: times[name] / positions[name] for name in jobs}
    print(f"\ntic-tac-toe solved from empty, medians of {runs}")
    for name in jobs:
        print(
            f"  {name:<18} {positions[name]:>8,} positions {1e6 * each[name]:6.2f} µs a position"
            f"  {each[name] / each['plain']:5.2f}x the plain loop's"
        )


def profile() -> None:
    game = ConnectFour(cols=5, rows=5)
    profiler = cProfile.Profile()
    profiler.enable()
    gamelib_result(game, [])
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (medians)")
    parser.add_argument("--positions", type=int, default=20, help="middle-game positions")
    parser.add_argument("--profile", action="store_true", help="profile gamelib on 5x5")
    parser.add_argument("--tictactoe", action="store_true", help="tic-tac-toe a position")
    parser.add_argument("--analyse", action="store_true", help="7x6 every column scored")
    options = parser.parse_args()
    if options.profile:
        profile()
        return
    if options.tictactoe:
        tictactoe(options.runs)
        return
    if options.analyse:
        analyse(options.positions, options.runs)
        return
    empty_board(5, 5, options.runs)
    middle(options.positions, options.runs)


if __name__ == "__main__":
    main()
