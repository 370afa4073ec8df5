"""Move ordering and iterative deepening on Connect Four 7 x 6: positions and time.

For each depth (6-9 by default), from the empty board and, summed, from a
few positions in the middle of a game (eight random moves in, seeded):

- alpha-beta, the lectures', with the game's own order (centre columns first);
- alpha-beta in negamax form with a transposition table;
- the same with the table, killer moves and the history heuristic;
- iterative deepening to that depth (depths 1, 2, ... sharing the table and
  the learned ordering), without and with its principal-variation lines.

    python benchmarks/deepening.py               # 5 rounds, jobs taking turns; medians
    python benchmarks/deepening.py --runs 3 --depths 6 7

"positions" is plays (moves played by the search, as CountingGame counts
them), from a separate untimed run; every timed run starts afresh (new table,
nothing learned).  Every row of a depth must find the same value: the script
checks before printing.  The peers' depth-in-a-time-budget figures are in
benchmarks/deepening_peers.py.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from timing import interleaved

from gamelib import AlphaBeta, Est, Settings
from gamelib.algorithms import DeepeningSettings, NegamaxAlphaBeta, NegamaxSettings, deepen
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import est_to_string
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator
from gamelib.search import CountingGame

TABLE = 100_000
"""Entries in every table here."""

Row = Callable[[CountingGame[ConnectFourState, int], ConnectFourState, int], Est[float]]


def _alphabeta(
    game: CountingGame[ConnectFourState, int], s: ConnectFourState, d: int
) -> Est[float]:
    return AlphaBeta(Settings(connect4_estimator(game), d)).analyse(s)[1]


def _negamax(killers: bool) -> Row:
    def row(game: CountingGame[ConnectFourState, int], s: ConnectFourState, d: int) -> Est[float]:
        settings = NegamaxSettings(
            connect4_estimator(game), d, table_entries=TABLE, killers=killers, history=killers
        )
        return NegamaxAlphaBeta(settings).analyse(s)[1]

    return row


def _deepening(lines: bool) -> Row:
    def row(game: CountingGame[ConnectFourState, int], s: ConnectFourState, d: int) -> Est[float]:
        return deepen(DeepeningSettings(connect4_estimator(game), d), s, lines=lines).value

    return row


ROWS: dict[str, Row] = {
    "alpha-beta (lectures), game's order": _alphabeta,
    "negamax-ab + table": _negamax(killers=False),
    "negamax-ab + table + killers + history": _negamax(killers=True),
    "iterative deepening": _deepening(lines=False),
    "iterative deepening, with lines": _deepening(lines=True),
}


def midgame(count: int, seed: int = 2026) -> list[ConnectFourState]:
    """Positions eight random moves into a game, still being played."""
    game = ConnectFour()
    rng = random.Random(seed)
    found: list[ConnectFourState] = []
    while len(found) < count:
        state = game.start
        for _ in range(8):
            status = game.play(state, rng.choice(list(game.moves(state))))
            if not isinstance(status, Playing):
                break
            state = status.state
        else:
            found.append(state)
    return found


def _job(row: Row, states: list[ConnectFourState], depth: int) -> Callable[[], object]:
    game = CountingGame(ConnectFour())
    return lambda: [row(game, s, depth) for s in states]


def measure(title: str, states: list[ConnectFourState], depths: list[int], runs: int) -> None:
    print(f"\n{title}")
    print(f"{'depth':>5}  {'search':<40} {'positions':>11} {'seconds':>9}  value")
    for depth in depths:
        counts: dict[str, int] = {}
        values: dict[str, list[str]] = {}
        for name, row in ROWS.items():
            game = CountingGame(ConnectFour())
            est = connect4_estimator(game)
            values[name] = [est_to_string(est, row(game, s, depth)) for s in states]
            counts[name] = game.plays
        if len({tuple(v) for v in values.values()}) != 1:
            raise SystemExit(f"the rows disagree at depth {depth}: {values}")

        times = interleaved({name: _job(row, states, depth) for name, row in ROWS.items()}, runs)
        for name in ROWS:
            shown = values[name][0] if len(states) == 1 else f"({len(states)} positions)"
            print(f"{depth:>5}  {name:<40} {counts[name]:>11,} {times[name]:>9.3f}  {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--depths", type=int, nargs="+", default=[6, 7, 8, 9])
    parser.add_argument("--midgame", type=int, default=6, help="middle-game positions")
    options = parser.parse_args()
    measure("Connect Four 7 x 6, empty board", [ConnectFour().start], options.depths, options.runs)
    measure(
        f"Connect Four 7 x 6, {options.midgame} positions eight moves in (summed)",
        midgame(options.midgame),
        options.depths,
        options.runs,
    )


if __name__ == "__main__":
    main()
