"""Monte Carlo tree search: gamelib's beside OpenSpiel's Python MCTSBot, in one process.

OpenSpiel is not a dependency of gamelib: install it in a scratch virtualenv outside the
repository and run this script with that Python, gamelib on the path:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel toolz pyrsistent
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/mcts.py [--runs 5] [--match 100]

Without OpenSpiel the script times gamelib alone (and says so).

1. **Simulations per second** from the start of tic-tac-toe and of Connect Four 7 x 6,
   with the same budget and random playouts on both sides, MCTS-Solver on (both stop
   when the root is proven): gamelib's `simulate` against OpenSpiel's `MCTSBot.mcts_search`
   over its C++ states, with a `RandomRolloutEvaluator` of one rollout.  Both use UCB1 with
   c = sqrt(2).  Medians over interleaved rounds; "sims" is what each search ran.
2. **Strength** (`--match N`): N games of Connect Four, gamelib's MCTS against OpenSpiel's
   at equal simulations per move (`--sims`), colours alternating, each side seeded per
   game.  The score counts a win 1, a draw 1/2.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib.algorithms.mcts import MCTSSettings, simulate
from gamelib.core.datatypes import Done, Draw, Playing, Side
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator

C = math.sqrt(2)


def gamelib_job(name: str, sims: int) -> tuple[Callable[[], int], str]:
    """A search from the start of `name`: the job returns the simulations it ran."""
    if name == "tic-tac-toe":
        ttt = TicTacToe()
        settings = MCTSSettings(tictactoe_estimator(ttt), simulations=sims, exploration=C)
        start: Any = ttt.start
    else:
        c4 = ConnectFour()
        settings = MCTSSettings(connect4_estimator(c4), simulations=sims, exploration=C)
        start = c4.start

    def job() -> int:
        found, _ = simulate(settings, start)
        return found.simulations

    return job, "gamelib MCTS"


def openspiel_job(name: str, sims: int) -> tuple[Callable[[], int], str] | None:
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found]  # a peer, not a dependency
        from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe" if name == "tic-tac-toe" else "connect_four")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(
        game, C, sims, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng
    )

    def job() -> int:
        root = bot.mcts_search(game.new_initial_state())
        return int(root.explore_count)

    return job, "OpenSpiel MCTSBot (C++ states)"


def rates(runs: int, sims: int) -> None:
    for name in ("tic-tac-toe", "Connect Four 7 x 6"):
        made = [gamelib_job(name, sims), openspiel_job(name, sims)]
        jobs = {label: job for job, label in (m for m in made if m is not None)}
        ran = {label: job() for label, job in jobs.items()}  # an untimed run: the counts
        times = interleaved(jobs, runs)
        print(f"\n{name} from the start, {sims:,} simulations (medians of {runs} rounds)")
        print(f"  {'search':<34} {'sims':>8} {'median s':>9} {'sims/s':>10}")
        for label, seconds in times.items():
            print(f"  {label:<34} {ran[label]:>8,} {seconds:>9.3f} {ran[label] / seconds:>10,.0f}")
        if len(jobs) == 1:
            print("  (OpenSpiel is not installed here: see the module's docstring)")


def match(games: int, sims: int) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    os_game = pyspiel.load_game("connect_four")
    c4 = ConnectFour()
    est = connect4_estimator(c4)
    score = 0.0
    results: list[str] = []
    began = time.perf_counter()
    for number in range(games):
        gamelib_first = number % 2 == 0
        rng = np.random.RandomState(1000 + number)
        bot = mcts.MCTSBot(
            os_game, C, sims, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng
        )
        settings = MCTSSettings(est, simulations=sims, exploration=C, seed=number)
        state = c4.start
        os_state = os_game.new_initial_state()
        ours = Side.Maxie if gamelib_first else Side.Minnie
        while True:
            if c4.player(state) is ours:
                move = simulate(settings, state)[0].move
            else:
                move = int(bot.step(os_state))
            os_state.apply_action(move)
            status = c4.play(state, move)
            if isinstance(status, Done):
                outcome = status.outcome
                break
            assert isinstance(status, Playing)
            state = status.state
        if isinstance(outcome, Draw):
            score += 0.5
            results.append("D")
        elif outcome.side is ours:
            score += 1
            results.append("W")
        else:
            results.append("L")
    seconds = time.perf_counter() - began
    wins, losses, draws = (results.count(x) for x in "WLD")
    mean = score / games
    spread = statistics.pstdev([{"W": 1.0, "D": 0.5, "L": 0.0}[r] for r in results])
    error = 1.96 * spread / math.sqrt(games)
    print(
        f"\nConnect Four, {games} games at {sims:,} simulations a move, colours alternating "
        f"({seconds:.0f} s):\n  gamelib MCTS against OpenSpiel MCTSBot: {wins} won, {losses} "
        f"lost, {draws} drawn; score {mean:.1%} ± {error:.1%} (95%)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (medians)")
    parser.add_argument("--sims", type=int, default=2000, help="simulations a search")
    parser.add_argument("--match", type=int, default=0, help="games against OpenSpiel")
    options = parser.parse_args()
    rates(options.runs, options.sims)
    rates(max(1, options.runs // 2), 20_000)
    if options.match:
        match(options.match, options.sims)


if __name__ == "__main__":
    main()
