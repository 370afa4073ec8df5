"""Monte Carlo tree search: gamelib's beside OpenSpiel's Python MCTSBot, in one process.

OpenSpiel is not a dependency of gamelib: install it in a scratch virtualenv outside the
repository and run this script with that Python, gamelib on the path:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel toolz pyrsistent
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/mcts.py [--runs 5] [--match 100]

Without OpenSpiel the script times gamelib alone (and says so).  With `--baseline DIR` (a
`git worktree` of an earlier commit) the rates are timed beside that checkout's gamelib
too, in turns, each with its ratio to the baseline's, in wall time and in the thread's
CPU time (steadier on a shared machine), and so are the other two families: Pig (MCTS
over the dice) and take-away for three (MCTS for n players).  The baseline is imported
as pure Python: time this checkout pure too (PYTHONPATH at a copy of gamelib/ without
its compiled .so files), or Connect Four's board compares compiled with pure.

1. **Simulations per second** from the start of tic-tac-toe and of Connect Four 7 x 6,
   with the same budget and random playouts on both sides, MCTS-Solver on (both stop
   when the root is proven): gamelib's `simulate` against OpenSpiel's `MCTSBot.mcts_search`
   over its C++ states, with a `RandomRolloutEvaluator` of one rollout.  Both use UCB1 with
   c = sqrt(2).  Medians over interleaved rounds; "sims" is what each search ran.
2. **Strength** (`--match N`): N games of Connect Four, gamelib's MCTS against OpenSpiel's
   at equal simulations per move (`--sims`), colours alternating, each side seeded per
   game.  The score counts a win 1, a draw 1/2.
3. **Against gamelib's own searches** (`--versus id --games 20 --seconds 0.2`): MCTS at
   a time per move against iterative deepening at the same time, or against alpha-beta
   at a fixed depth (`--versus alphabeta:5`, its time per move reported).
4. **Instructions**, which the machine's load does not change (`--once NAME --repeat N`):
   N untimed searches of one game (tic-tac-toe, connect4, pig or takeaway) at `--sims`,
   by this checkout, or by the baseline's with `--baseline DIR`, and nothing else; run
   under `valgrind --tool=callgrind` with N = 1 and N = 0 (the start-up), the difference
   is the search's instructions.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from search import Flavour, load_baseline

from gamelib.algorithms.mcts import MCTSSettings, simulate
from gamelib.core.datatypes import Done, Draw, Outcome, Side
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

C = math.sqrt(2)


def gamelib_job(name: str, sims: int, flavour: Flavour) -> tuple[Callable[[], int], str]:
    """A search from the start of `name` by `flavour`'s gamelib: the job returns the
    simulations it ran."""
    mcts = flavour.module("algorithms.mcts")
    if name == "tic-tac-toe":
        tictactoe = flavour.module("games.tictactoe")
        estimator = tictactoe.tictactoe_estimator(tictactoe.TicTacToe())
    else:
        connect4 = flavour.module("games.connect4")
        estimator = connect4.connect4_estimator(connect4.ConnectFour())
    settings = mcts.MCTSSettings(estimator, simulations=sims, exploration=C)
    start = estimator.game.start

    def job() -> int:
        found, _ = mcts.simulate(settings, start)
        return int(found.simulations)

    return job, f"gamelib MCTS{flavour.label}"


def family_jobs(sims: int, flavour: Flavour) -> dict[str, tuple[Callable[[], object], str]]:
    """MCTS from the start of Pig (to 20) and of take-away (12 pebbles, three players), by
    `flavour`'s gamelib, at `sims` simulations and a depth of 60 moves."""
    mcts = flavour.module("algorithms.mcts")
    pig, takeaway = flavour.module("games.pig"), flavour.module("games.takeaway")
    chance = flavour.module("chance.expectiminimax")
    dice, pot = pig.Pig(), takeaway.TakeAway()
    rolls = mcts.chance_mcts(chance.ChanceSettings(pig.pig_estimator(dice), 60), sims)
    takes = mcts.nplayer_mcts(takeaway.takeaway_estimator(pot), 60, sims)
    label = f"gamelib MCTS{flavour.label}"
    return {
        "Pig to 20 (chance)": (lambda: rolls.analyse(dice.start), label),
        "take-away 12, 3 players": (lambda: takes.analyse(pot.start), label),
    }


def _timed(jobs: Mapping[str, Callable[[], object]], runs: int) -> dict[str, tuple[float, float]]:
    """Each job's median wall and thread seconds over `runs` rounds, the jobs in turns
    (every other round in reverse)."""
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in jobs}
    for number in range(runs):
        for name, job in list(jobs.items())[:: -1 if number % 2 else 1]:
            wall, cpu = time.perf_counter(), time.thread_time()
            job()
            seen[name].append((time.perf_counter() - wall, time.thread_time() - cpu))
    return {
        name: (statistics.median(w for w, _ in times), statistics.median(c for _, c in times))
        for name, times in seen.items()
    }


def _report(title: str, ran: dict[str, int], times: dict[str, tuple[float, float]]) -> None:
    print(f"\n{title}")
    print(f"  {'search':<34} {'sims':>8} {'median s':>9} {'sims/s':>10} {'thread s':>9}")
    for label, (seconds, cpu) in times.items():
        line = f"  {label:<34} {ran[label]:>8,} {seconds:>9.3f} {ran[label] / seconds:>10,.0f}"
        line += f" {cpu:>9.3f}"
        base = times.get(label + " (before)")
        if base:
            line += f"   {seconds / base[0]:.3f}x the baseline ({cpu / base[1]:.3f}x thread)"
        print(line)


def openspiel_job(name: str, sims: int) -> tuple[Callable[[], int], str] | None:
    try:
        import numpy as np  # OpenSpiel's, not gamelib's
        import pyspiel  # a peer (the openspiel extra)
        from open_spiel.python.algorithms import mcts
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


def _played_out(
    game: ConnectFour,
    ours: Side,
    our_move: Callable[[ConnectFourState], int],
    their_move: Callable[[ConnectFourState], int],
    told: Callable[[int], object],
) -> Outcome:
    """A game of Connect Four from the start, `ours` playing `our_move`; `told` hears every
    move (the other program's own board)."""
    state = game.start
    while True:
        mover = our_move if game.player(state) is ours else their_move
        move = mover(state)
        told(move)
        status = game.play(state, move)
        if isinstance(status, Done):
            return status.outcome
        state = status.state


def rates(runs: int, sims: int, flavours: list[Flavour]) -> None:
    for name in ("tic-tac-toe", "Connect Four 7 x 6"):
        made = [*(gamelib_job(name, sims, f) for f in flavours), openspiel_job(name, sims)]
        jobs = {label: job for job, label in (m for m in made if m is not None)}
        ran = {label: job() for label, job in jobs.items()}  # an untimed run: the counts
        title = f"{name} from the start, {sims:,} simulations (medians of {runs} rounds)"
        _report(title, ran, _timed(jobs, runs))
        if len(jobs) == len(flavours):
            print("  (OpenSpiel is not installed here: see the module's docstring)")


def family_rates(runs: int, sims: int, flavours: list[Flavour]) -> None:
    made = [family_jobs(sims, f) for f in flavours]
    for name in made[0]:
        jobs = {label: job for job, label in (m[name] for m in made)}
        for job in jobs.values():
            job()  # an untimed run, as for the others
        title = f"{name} from the start, {sims:,} simulations (medians of {runs} rounds)"
        _report(title, dict.fromkeys(jobs, sims), _timed(jobs, runs))


def _compiled(flavour: Flavour) -> bool:
    """Whether `flavour`'s Connect Four board runs compiled."""
    return str(flavour.module("games.connect4_board").__file__).endswith((".so", ".pyd"))


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
        os_state = os_game.new_initial_state()
        ours = Side.Maxie if gamelib_first else Side.Minnie

        def openspiel_move(state: object, os_state: Any = os_state, bot: Any = bot) -> int:
            move = int(bot.step(os_state))
            return move

        def our_move(state: ConnectFourState, settings: Any = settings) -> int:
            return int(simulate(settings, state)[0].move)

        outcome = _played_out(c4, ours, our_move, openspiel_move, os_state.apply_action)
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


def versus(games: int, seconds: float, other: str) -> None:
    """MCTS against another gamelib kind (`alphabeta:5`, `id`) at `seconds` a move each
    (alpha-beta at a fixed depth takes what it takes: its time per move is reported)."""
    from gamelib.catalog import CATALOG
    from gamelib.cli.specs import parse_player_spec

    c4 = ConnectFour()
    est = connect4_estimator(c4)
    spec = parse_player_spec(other, CATALOG, 5, {"time": f"{seconds}s"} if other == "id" else {})
    theirs = CATALOG[spec.kind].build(est, spec.depth, spec.options)
    results: list[str] = []
    their_time = 0.0
    their_moves = 0
    for number in range(games):
        ours = Side.Maxie if number % 2 == 0 else Side.Minnie
        settings = MCTSSettings(est, simulations=None, seconds=seconds, seed=number)
        timed: list[float] = []

        def their_move(state: ConnectFourState, timed: list[float] = timed) -> int:
            began = time.perf_counter()
            move = theirs.next_move(state)
            timed.append(time.perf_counter() - began)
            return move

        def our_move(state: ConnectFourState, settings: Any = settings) -> int:
            return int(simulate(settings, state)[0].move)

        outcome = _played_out(c4, ours, our_move, their_move, lambda move: None)
        their_time += sum(timed)
        their_moves += len(timed)
        if isinstance(outcome, Draw):
            results.append("D")
        else:
            results.append("W" if outcome.side is ours else "L")
    wins, losses, draws = (results.count(x) for x in "WLD")
    points = [{"W": 1.0, "D": 0.5, "L": 0.0}[r] for r in results]
    error = 1.96 * statistics.pstdev(points) / math.sqrt(games)
    print(
        f"\nConnect Four, {games} games, MCTS at {seconds:g} s a move against {theirs} "
        f"({their_time / max(1, their_moves):.3f} s a move), colours alternating:\n"
        f"  MCTS {wins} won, {losses} lost, {draws} drawn; score "
        f"{statistics.mean(points):.1%} ± {error:.1%} (95%)"
    )


_ONCE = {
    "tic-tac-toe": "tic-tac-toe",
    "connect4": "Connect Four 7 x 6",
    "pig": "Pig to 20 (chance)",
    "takeaway": "take-away 12, 3 players",
}


def once(name: str, sims: int, repeat: int, flavour: Flavour) -> None:
    """`repeat` searches of the game `name` by `flavour`'s gamelib (for valgrind)."""
    title = _ONCE[name]
    made = family_jobs(sims, flavour) if name in ("pig", "takeaway") else {}
    job = made[title][0] if made else gamelib_job(title, sims, flavour)[0]
    for _ in range(repeat):
        job()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (medians)")
    parser.add_argument("--sims", type=int, default=2000, help="simulations a search")
    parser.add_argument("--match", type=int, default=0, help="games against OpenSpiel")
    parser.add_argument(
        "--versus", default=None, help="a gamelib player spec to play MCTS against (id)"
    )
    parser.add_argument("--games", type=int, default=20, help="games of --versus")
    parser.add_argument("--seconds", type=float, default=0.2, help="a move, in --versus")
    parser.add_argument("--baseline", type=Path, help="another checkout, timed beside this one")
    parser.add_argument("--once", choices=sorted(_ONCE), help="searches of one game, untimed")
    parser.add_argument("--repeat", type=int, default=1, help="how many, with --once")
    options = parser.parse_args()
    if options.versus:
        versus(options.games, options.seconds, options.versus)
        return
    flavours = [Flavour("", "gamelib")]
    if options.baseline is not None:
        flavours.append(load_baseline(options.baseline))
    if options.once:
        once(options.once, options.sims, options.repeat, flavours[-1])
        return
    if len({_compiled(f) for f in flavours}) > 1:
        print("(one copy's Connect Four board is compiled and the other's is not: see above)")
    rates(options.runs, options.sims, flavours)
    rates(max(1, options.runs // 2), 20_000, flavours)
    if options.baseline is not None:
        family_rates(options.runs, options.sims, flavours)
    if options.match:
        match(options.match, options.sims)


if __name__ == "__main__":
    main()
