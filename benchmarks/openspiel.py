"""OpenSpiel's games on gamelib's searches, beside OpenSpiel's own Python searches.

    python benchmarks/openspiel.py [--part solve|compare|overhead|match|all] [--cap 600]
                                   [--runs 5] [--long 10] [--cpu]

Needs the openspiel extra (in the dev extras).  The parts, each in one process:

- ``solve``: each game of the docs' table (docs/openspiel.md) solved from the start by
  gamelib's exact solver (result and distance), and by the goal solvers (boolean,
  pns, dfpn): result, positions, seconds; then OpenSpiel's
  ``open_spiel.python.algorithms.minimax.alpha_beta_search`` to the end on the same game,
  in a child process stopped after ``--cap`` seconds (default 600: ten minutes), with its
  value checked against gamelib's.  For Hex, the result of every opening (proof-number
  search, one opening after another).  Long solves run once: no medians.
- ``compare``: each game of the table solved side by side in this one process, each
  solver under an alarm of ``--cap`` seconds: gamelib's exact, boolean, pns and dfpn and
  OpenSpiel's ``alpha_beta_search``, interleaved rounds (the order reversed every other
  round), medians, and the ratio of gamelib's quickest to OpenSpiel's.  A solve over
  ``--long`` seconds in the first round is not run again (its one time is shown); one that
  hits the cap is dropped.  Where gamelib's exact solve is short, it is also run on a copy
  of the game whose every answer was recorded in a first solve and is now a lookup in a
  dictionary: the search alone, what the solve would cost with an adapter that cost
  nothing.  The garbage of earlier solves is collected before each (untimed).
  ``uptime``'s load is printed before and after.  With ``--cpu`` each solve is timed by
  this process's CPU seconds, not the wall clock, which on a busy machine also counts the
  time the process waited for a core.
- ``overhead``: the same depth-limited alpha-beta (a zero estimator, so the two trees are
  the same and the positions counted equal) on ``openspiel:connect_four`` and on gamelib's
  own ``connect4``, from seeded random openings: microseconds per position, medians of
  interleaved rounds; and tic-tac-toe solved from empty by gamelib (``openspiel:tic_tac_toe``)
  and by OpenSpiel's ``alpha_beta_search``, interleaved.
- ``match``: gamelib's ``mcts:1000`` against OpenSpiel's ``MCTSBot`` at 1,000 simulations on
  ``breakthrough(rows=5,columns=5)``: through ``gamelib match`` (pairs from random
  openings), and through OpenSpiel's ``evaluate_bots`` (gamelib's side a
  ``gamelib.openspiel.bot``), seats alternating.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib import seq
from gamelib.algorithms.contract_search import solver_moves
from gamelib.algorithms.exact import solve
from gamelib.algorithms.goals import BOOLEAN_METHOD, GoalMethod, solve_by_goals
from gamelib.algorithms.pns import DFPN_METHOD, PNS_METHOD
from gamelib.catalog import CATALOG
from gamelib.cli import main
from gamelib.core.datatypes import Playing, Side, Status
from gamelib.core.estimator import NumericEstimator
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.openspiel.game import SpielTwoPlayer, load
from gamelib.openspiel.position import Action, Position, actions
from gamelib.openspiel.spiel import SpielState
from gamelib.search import CountingGame, SearchPlayer

TABLE = [
    "hex(board_size=3)",
    "hex(board_size=4)",
    "clobber(rows=3,columns=4)",
    "clobber(rows=4,columns=4)",
    "breakthrough(rows=4,columns=4)",
    "breakthrough(rows=5,columns=4)",
    "dots_and_boxes(num_rows=2,num_cols=2)",
    "mnk(m=4,n=4,k=3)",
    "nim(pile_sizes=1;3;5;7,is_misere=true)",
]
"""The games solved from the start (OpenSpiel's syntax)."""

METHODS: dict[str, GoalMethod] = {"boolean": BOOLEAN_METHOD, "pns": PNS_METHOD, "dfpn": DFPN_METHOD}


def two_player(name: str) -> SpielTwoPlayer:
    game = load(name)
    assert isinstance(game, SpielTwoPlayer), name
    return game


SOLVERS = ("exact", "boolean", "pns", "dfpn", "openspiel")
"""Each solve of the table, in this order; each in a child process stopped at the cap."""


def one_solve(name: str, solver: str) -> None:
    """Solve `name` from the start with `solver`; print its result for player 0 (1, 0 or
    -1), what it says of it, the positions and the seconds, on one line."""
    if solver == "openspiel":
        import pyspiel
        from open_spiel.python.algorithms.minimax import alpha_beta_search

        spiel = pyspiel.load_game(name)
        began = time.perf_counter()
        value, _ = alpha_beta_search(spiel, maximum_depth=spiel.max_game_length() + 1)
        print(value, f"{value:+.0f}", "", time.perf_counter() - began)
        return
    game = two_player(name)
    began = time.perf_counter()
    if solver == "exact":
        exact = solve(game, game.start)
        said, result, positions = f"{exact.result} in {exact.plies}", exact.result, exact.positions
        if exact.result == "win":
            said += f"; first move {game.move_to_string(exact.best)}"
    else:
        verdict = solve_by_goals(game, game.start, METHODS[solver])
        said, result, positions = verdict.result, verdict.result, verdict.positions
    seconds = time.perf_counter() - began
    mover = 1.0 if game.player(game.start) is Side.Maxie else -1.0
    value = mover * {"win": 1.0, "draw": 0.0, "loss": -1.0}[result]
    print(value, said.replace(" ", "_"), positions, seconds)


def capped(name: str, solver: str, cap: float) -> tuple[float, str, str, float] | None:
    """`one_solve` in a child process: its line, or None when it did not end in `cap`."""
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--one", name, solver],
            capture_output=True,
            text=True,
            timeout=cap,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    value, said, *rest = done.stdout.split()
    positions = rest[0] if len(rest) == 2 else ""
    return float(value), said.replace("_", " "), positions, float(rest[-1])


def solve_part(cap: float, only: list[str] | None, solvers: list[str]) -> None:
    print("| game | solver | result | positions | seconds |")
    print("|---|---|---|---:|---:|")
    for name in only or TABLE:
        values = set()
        searches = [s for s in solvers if s != "openings"]
        for solver in searches:
            label = "OpenSpiel alpha_beta_search" if solver == "openspiel" else f"gamelib {solver}"
            found = capped(name, solver, cap)
            first = f"| {name} " if solver == searches[0] else "| "
            if found is None:
                print(f"{first}| {label} | not within {cap:.0f} s | | > {cap:.0f} |", flush=True)
                continue
            value, said, positions, seconds = found
            values.add(value)
            count = f"{int(positions):,}" if positions else ""
            print(f"{first}| {label} | {said} | {count} | {seconds:.2f} |", flush=True)
        assert len(values) <= 1, (name, values)  # every solver that ended agrees
        if name.startswith("hex") and "openings" in solvers:
            openings(two_player(name))


class Capped(BaseException):
    """A solve stopped by the alarm (a BaseException: no solver's handler takes it)."""


def _alarm(signum: int, frame: object) -> None:
    raise Capped


def capped_run(
    job: Callable[[], object], cap: float, clock: Callable[[], float] = time.perf_counter
) -> float | None:
    """Seconds `job` took by `clock` (what it returns and drops included), or None when
    the alarm stopped it after `cap` seconds of wall time.  The garbage of earlier jobs is
    collected first, so that no job pays for another's."""
    signal.signal(signal.SIGALRM, _alarm)
    gc.collect()
    began = clock()
    try:
        signal.setitimer(signal.ITIMER_REAL, cap)
        try:
            job()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Capped:
        return None
    return clock() - began


class Recorded:
    """A game of the table as a tape: every answer one exact solve of `game` got, in
    the order it asked, played back to a second solve from the same start (which asks
    the same questions in the same order), so that the second costs the search alone."""

    def __init__(self, game: SpielTwoPlayer) -> None:
        self.start = game.start
        self.tape: list[object] = []
        self.answers = iter(self.tape)
        self.game = game
        solve(cast(Game[Position, Action], _Recorder(self)), self.start)

    def rewind(self) -> None:
        self.answers = iter(self.tape)

    def player(self, position: Position) -> Side:
        return cast(Side, next(self.answers))

    def moves(self, position: Position) -> seq.Seq[Action]:
        return cast(seq.Seq[Action], next(self.answers))

    def solver_moves(self, position: Position) -> tuple[Action, ...]:
        return cast(tuple[Action, ...], next(self.answers))

    def key(self, position: Position) -> object:
        return next(self.answers)

    def play(self, position: Position, move: Action) -> Status[Position]:
        return cast(Status[Position], next(self.answers))


def alone(recorded: Recorded) -> object:
    """The exact solve of a recorded game: the search alone."""
    recorded.rewind()
    return solve(cast(Game[Position, Action], recorded), recorded.start)


class _Recorder:
    """The game, each answer it gives put on `into`'s tape (see `Recorded`)."""

    def __init__(self, into: Recorded) -> None:
        self.tape, self.game, self.start = into.tape, into.game, into.start

    def player(self, position: Position) -> Side:
        self.tape.append(found := self.game.player(position))
        return found

    def moves(self, position: Position) -> seq.Seq[Action]:
        self.tape.append(found := self.game.moves(position))
        return found

    def solver_moves(self, position: Position) -> tuple[Action, ...]:
        self.tape.append(found := tuple(solver_moves(self.game)(position)))
        return found

    def key(self, position: Position) -> object:
        self.tape.append(found := self.game.key(position))
        return found

    def play(self, position: Position, move: Action) -> Status[Position]:
        self.tape.append(found := self.game.play(position, move))
        return found


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def compare_part(
    runs: int, cap: float, long: float, only: list[str] | None, cpu: bool = False
) -> None:
    clock = time.process_time if cpu else time.perf_counter
    timed = "CPU seconds of this process" if cpu else "wall seconds"
    print(f"({load_average()}; {runs} rounds, cap {cap:.0f} s, one run past {long:.0f} s; {timed})")
    print(
        "| game | gamelib exact s | boolean s | pns s | dfpn s | exact, search alone s | "
        "OpenSpiel s | gamelib's quickest / OpenSpiel |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in only or TABLE:
        print(compare_one(name, runs, cap, long, clock), flush=True)
    print(f"({load_average()})")


def compare_one(
    name: str, runs: int, cap: float, long: float, clock: Callable[[], float] = time.perf_counter
) -> str:
    """The row of `name` in the comparison: see the module."""
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game, spiel = two_player(name), pyspiel.load_game(name)
    deepest = spiel.max_game_length() + 1
    jobs: dict[str, Callable[[], object]] = {
        "exact": lambda: solve(game, game.start),
        "boolean": lambda: solve_by_goals(game, game.start, BOOLEAN_METHOD),
        "pns": lambda: solve_by_goals(game, game.start, PNS_METHOD),
        "dfpn": lambda: solve_by_goals(game, game.start, DFPN_METHOD),
        "openspiel": lambda: alpha_beta_search(spiel, maximum_depth=deepest),
    }
    seen: dict[str, list[float]] = {label: [] for label in [*jobs, "alone"]}
    capped_out: set[str] = set()
    for round_number in range(runs):
        order = list(jobs)
        if round_number % 2:
            order.reverse()
        for label in order:
            times = seen[label]
            if label in capped_out or (times and times[0] > long):
                continue
            seconds = capped_run(jobs[label], cap, clock)
            if seconds is None:
                capped_out.add(label)
            else:
                times.append(seconds)
        if round_number == 0 and seen["exact"] and seen["exact"][0] < long / 2:
            jobs["alone"] = partial(alone, Recorded(game))
    medians = {label: statistics.median(times) for label, times in seen.items() if times}

    def cell(label: str) -> str:
        if label in medians:
            once = "" if len(seen[label]) > 1 else " (1 run)"
            return f"{medians[label]:.3f}{once}"
        return f"> {cap:.0f}" if label in capped_out else ""

    ours = [medians[s] for s in ("exact", "boolean", "pns", "dfpn") if s in medians]
    best = min(ours) if ours else None
    theirs = medians.get("openspiel")
    ratio = ""
    if best is not None:
        ratio = shown_ratio(best / theirs) if theirs is not None else f"< {best / cap:.2g}"
    cells = " | ".join(cell(s) for s in ("exact", "boolean", "pns", "dfpn", "alone"))
    return f"| {name} | {cells} | {cell('openspiel')} | {ratio} |"


def shown_ratio(ratio: float) -> str:
    """Two decimals, or two significant digits below 0.01 (not 0.00)."""
    return f"{ratio:.2f}" if ratio >= 0.01 else f"{ratio:.2g}"


def openings(game: SpielTwoPlayer) -> None:
    """Which first moves of Hex win: each opening solved by proof-number search."""
    wins, began = [], time.perf_counter()
    for move in actions(game.start.state):
        after = game.position(game.start.state.child(move))
        if solve_by_goals(game, after, PNS_METHOD).result == "loss":  # the side to move loses
            wins.append(str(move))
    seconds = time.perf_counter() - began
    print(f"| | winning openings (pns, {seconds:.1f} s) | {', '.join(wins)} | | |", flush=True)


def random_openings(game: SpielTwoPlayer, seed: int, count: int, plies: int) -> list[list[int]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state, line = game.start.state, []
        for _ in range(plies):
            action = rng.choice(state.legal_actions())
            state = state.child(action)
            line.append(action)
        found.append(line)
    return found


def overhead_part(runs: int) -> None:
    spiel = two_player("connect_four")
    own = ConnectFour()
    depth = 6
    rows = []
    # gamelib's Connect Four tries the centre first, OpenSpiel's from the left: both sides
    # are given the one hook that orders the columns centre first, so the trees are one.
    rank = {c: i for i, c in enumerate((3, 2, 4, 1, 5, 0, 6))}

    def centre_first(state: object, moves: seq.Seq[int]) -> seq.Seq[int]:
        return seq.from_iterable(sorted(seq.to_list(moves), key=rank.__getitem__))

    def player(game: object) -> SearchPlayer[object, int, float]:
        estimator = NumericEstimator(cast(Game[object, int], game), zero)
        return CATALOG["alphabeta"].build(estimator, depth, order=centre_first)

    for line in random_openings(spiel, 7, 4, 4):
        s_state: object = spiel.start.state
        o_state: object = own.start
        for action in line:
            s_state = cast(SpielState, s_state).child(action)
            o_played = own.play(cast(ConnectFourState, o_state), action)
            assert isinstance(o_played, Playing)  # an opening of four plies ends no game
            o_state = o_played.state
        s_state = spiel.position(cast(SpielState, s_state))
        counted_s, counted_o = CountingGame(spiel), CountingGame(own)
        s_value = player(counted_s).analyse(s_state)[1]
        o_value = player(counted_o).analyse(o_state)[1]
        assert s_value == o_value, (s_value, o_value)
        assert counted_s.plays == counted_o.plays, (counted_s.plays, counted_o.plays)
        positions = counted_s.plays + 1
        on_spiel, on_own = player(spiel), player(own)
        times = interleaved(
            {
                "spiel": partial(on_spiel.analyse, s_state),
                "own": partial(on_own.analyse, o_state),
            },
            runs,
        )
        rows.append((line, positions, times["spiel"], times["own"]))
    print(
        f"alpha-beta to depth {depth}, zero estimator, same tree (positions equal), per position:"
    )
    print("| opening | positions | openspiel:connect_four µs | connect4 µs | ratio |")
    print("|---|---:|---:|---:|---:|")
    for line, positions, spiel_s, own_s in rows:
        opening = "".join(str(a + 1) for a in line)  # columns 1-7, as Pons and Tromp write
        print(
            f"| {opening} | {positions:,} | {spiel_s / positions * 1e6:.2f} | "
            f"{own_s / positions * 1e6:.2f} | {spiel_s / own_s:.2f} |"
        )
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    ttt = two_player("tic_tac_toe")
    theirs_game = pyspiel.load_game("tic_tac_toe")
    assert alpha_beta_search(theirs_game)[0] == 0.0
    assert solve(ttt, ttt.start).result == "draw"
    times = interleaved(
        {
            "gamelib exact solve of openspiel:tic_tac_toe": lambda: solve(ttt, ttt.start),
            "gamelib boolean solve of openspiel:tic_tac_toe": lambda: solve_by_goals(
                ttt, ttt.start, BOOLEAN_METHOD
            ),
            "OpenSpiel alpha_beta_search of tic_tac_toe": lambda: alpha_beta_search(theirs_game),
        },
        runs,
    )
    print("\ntic-tac-toe solved from empty (medians of interleaved rounds):")
    for label, seconds in times.items():
        print(f"| {label} | {seconds:.3f} s |")


def zero(state: object) -> float:
    return 0.0


def match_part(games: int) -> None:
    name = "breakthrough(rows=5,columns=5)"
    out, err = io.StringIO(), io.StringIO()
    began = time.perf_counter()
    status = main(
        ["match", "mcts:1000", "openspiel-mcts:1000", "--game", f"openspiel:{name}",
         "--games", str(games), "--seed", "1"],
        stdout=out,
        stderr=err,
    )  # fmt: skip
    print(f"gamelib match ({time.perf_counter() - began:.0f} s, status {status}):")
    print(out.getvalue())
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    from gamelib.openspiel.bots import bot

    game = pyspiel.load_game(name)
    score = {"win": 0, "loss": 0, "draw": 0}
    began = time.perf_counter()
    for i in range(games):
        rng = np.random.RandomState(i)
        theirs = mcts.MCTSBot(
            game, 2, 1000, mcts.RandomRolloutEvaluator(1, rng), solve=True, random_state=rng
        )
        ours = bot(f"mcts:1000:seed={i}", game)
        seats: list[object] = [ours, theirs] if i % 2 == 0 else [theirs, ours]
        returns = evaluate_bots(game.new_initial_state(), seats, rng)
        mine = returns[0] if i % 2 == 0 else returns[1]
        score["win" if mine > 0 else "loss" if mine < 0 else "draw"] += 1
    print(
        f"evaluate_bots ({time.perf_counter() - began:.0f} s): gamelib mcts:1000 against "
        f"MCTSBot(1000): {score['win']} - {score['loss']} - {score['draw']} over {games} games"
    )


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--part", default="all", choices=["solve", "compare", "overhead", "match", "all"]
    )
    parser.add_argument(
        "--long", type=float, default=10.0, help="seconds past which a compared solve runs once"
    )
    parser.add_argument("--cap", type=float, default=600.0, help="OpenSpiel's seconds at most")
    parser.add_argument("--runs", type=int, default=5, help="interleaved rounds (overhead)")
    parser.add_argument("--games", type=int, default=20, help="games of each match")
    parser.add_argument("--only", nargs="*", help="games of the solve table to run")
    parser.add_argument(
        "--solvers", nargs="*", default=[*SOLVERS, "openings"], help="solvers to run"
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="compare: time by this process's CPU seconds, not the wall clock (a busy machine)",
    )
    parser.add_argument("--one", nargs=2, metavar=("GAME", "SOLVER"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one is not None:
        one_solve(*options.one)
        return
    if options.part in ("compare", "all"):
        compare_part(options.runs, options.cap, options.long, options.only, options.cpu)
    if options.part in ("overhead", "all"):
        overhead_part(options.runs)
    if options.part in ("solve", "all"):
        solve_part(options.cap, options.only, options.solvers)
    if options.part in ("match", "all"):
        match_part(options.games)


if __name__ == "__main__":
    run()
