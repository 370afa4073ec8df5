"""Boolean alpha-beta, proof-number search and df-pn on the same questions: positions, time
and peak memory.

    python benchmarks/pns.py                # the games from the start, 3 rounds
    python benchmarks/pns.py --shared 40    # and 40 scored 5x4 and 6x4 positions a result
    python benchmarks/pns.py --big          # Connect Four 6x4 and 6x5 from empty too (long)
    python benchmarks/pns.py --late 15      # won positions, by where the win is in move order

Each question is one of the boolean solver's: can the side to move force a win ("win?"),
can it avoid losing ("hold?").  The three solvers answer it:

- **boolean**: `solve_goal`, depth-first in the game's move order with a table of
  1,000,000 entries (`gamelib solve --proof` uses it);
- **PNS**: `pns_goal`, best-first over the whole graph;
- **df-pn**: `dfpn_goal`, depth-first under thresholds, a table of 1,000,000 entries.

"positions" is the moves each played; the time is the median over the rounds, the solvers
taking turns; the peak memory is tracemalloc's, in a separate untimed run.  Every row
checks that the three answers agree.  With `--shared`, positions of the shared 5x4 and 6x4
files (tests/data) are grouped by their result for the side to move (won, drawn, lost),
since proof numbers help most where one side wins: the question asked is "win?" for won
positions, "hold?" for drawn and lost ones, and the row sums the group.

With `--late N`, the won positions of the shared files are grouped instead by the *rank*
of their first winning move in the game's own move order (Connect Four's: centre out):
rank 0 when the first move the boolean solver tries wins, rank 2 when it must first
disprove two moves.  Up to N positions a rank, "win?" asked of each.  This is the class
where best-first search should gain: a depth-first solver pays in full for every losing
move it tries before the winning one, while proof numbers turn to the cheapest proof.
"""

from __future__ import annotations

import argparse
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for timing.py

from timing import interleaved

from gamelib import seq
from gamelib.algorithms.boolean import BooleanSolution, Goal, solve_goal
from gamelib.algorithms.pns import dfpn_goal, pns_goal
from gamelib.algorithms.table import TranspositionTable
from gamelib.core.datatypes import Playing
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.nim import Nim
from gamelib.games.tictactoe import TicTacToe

S = TypeVar("S")
M = TypeVar("M")

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
TABLE = 1_000_000

Solver = Callable[[Game[S, M], Goal, S], BooleanSolution[S, M]]


def boolean(game: Game[S, M], goal: Goal, state: S) -> BooleanSolution[S, M]:
    return solve_goal(game, goal, state, table=TranspositionTable(TABLE))


def pns(game: Game[S, M], goal: Goal, state: S) -> BooleanSolution[S, M]:
    return pns_goal(game, goal, state, max_positions=20_000_000)


def dfpn(game: Game[S, M], goal: Goal, state: S) -> BooleanSolution[S, M]:
    return dfpn_goal(game, goal, state, table_entries=TABLE)


SOLVERS: dict[str, Solver[object, object]] = {"boolean": boolean, "PNS": pns, "df-pn": dfpn}


def row(title: str, game: Game[S, M], questions: list[tuple[Goal, S]], runs: int) -> None:
    """One row per solver: positions, median time and peak memory over `questions`."""
    answers: dict[str, list[bool]] = {}
    positions: dict[str, int] = {}
    peaks: dict[str, float] = {}
    for name, solver in SOLVERS.items():
        tracemalloc.start()
        found = [solver(game, goal, state) for goal, state in questions]  # type: ignore[arg-type]  # one game's states
        peaks[name] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        answers[name] = [f.holds for f in found]
        positions[name] = sum(f.positions for f in found)
    assert answers["PNS"] == answers["boolean"] == answers["df-pn"], title

    def job(solver: Solver[object, object]) -> Callable[[], object]:
        return lambda: [solver(game, goal, state) for goal, state in questions]  # type: ignore[arg-type]  # one game's states

    times = interleaved({name: job(solver) for name, solver in SOLVERS.items()}, runs)
    held = sum(answers["boolean"])
    print(f"\n{title}: {len(questions)} question(s), {held} answered yes")
    print(f"  {'solver':<8} {'positions':>12} {'median s':>9} {'peak MB':>8} {'vs boolean':>11}")
    for name in SOLVERS:
        ratio = positions[name] / positions["boolean"] if positions["boolean"] else 0
        print(
            f"  {name:<8} {positions[name]:>12,} {times[name]:>9.3f} {peaks[name]:>8.1f}"
            f" {ratio:>10.2f}x"
        )


def from_start(game: Game[S, M], title: str, runs: int) -> None:
    start = game.start
    row(f"{title}, win?", game, [(Goal.WIN, start)], runs)
    row(f"{title}, hold?", game, [(Goal.NOT_LOSE, start)], runs)


def shared(per_result: int, runs: int) -> None:
    for name, cols, rows in (("c4_5x4_analyse.txt", 5, 4), ("c4_6x4_analyse.txt", 6, 4)):
        game = ConnectFour(cols=cols, rows=rows)
        groups: dict[str, list[tuple[Goal, ConnectFourState]]] = {
            "won": [],
            "drawn": [],
            "lost": [],
        }
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            moves, *scores = line.split()
            best = max(int(x) for x in scores if int(x) != -1000)
            result = "won" if best > 0 else "drawn" if best == 0 else "lost"
            if len(groups[result]) >= per_result:
                continue
            state = game.start
            for column in moves:
                status = game.play(state, int(column) - 1)
                assert isinstance(status, Playing)  # the file's positions are not over
                state = status.state
            goal = Goal.WIN if result == "won" else Goal.NOT_LOSE
            groups[result].append((goal, state))
        for result, questions in groups.items():
            row(f"Connect Four {cols}x{rows}, shared positions {result}", game, questions, runs)


def late(per_rank: int, runs: int) -> None:
    for name, cols, rows in (("c4_5x4_analyse.txt", 5, 4), ("c4_6x4_analyse.txt", 6, 4)):
        game = ConnectFour(cols=cols, rows=rows)
        ranks: dict[int, list[tuple[Goal, ConnectFourState]]] = {}
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            moves, *written = line.split()
            scores = [int(x) for x in written]
            if max(s for s in scores if s != -1000) <= 0:
                continue  # not won for the side to move
            state = game.start
            for column in moves:
                status = game.play(state, int(column) - 1)
                assert isinstance(status, Playing)  # the file's positions are not over
                state = status.state
            order = seq.to_tuple(game.moves(state))
            rank = next(i for i, m in enumerate(order) if 0 < scores[m] != -1000)
            group = ranks.setdefault(rank, [])
            if len(group) < per_rank:
                group.append((Goal.WIN, state))
        for rank in sorted(ranks):
            row(
                f"Connect Four {cols}x{rows}, won, first win at rank {rank}",
                game,
                ranks[rank],
                runs,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (medians)")
    parser.add_argument("--shared", type=int, default=0, help="shared positions a result")
    parser.add_argument("--big", action="store_true", help="6x4 and 6x5 from empty too")
    parser.add_argument("--late", type=int, default=0, help="won positions a rank (see above)")
    parser.add_argument("--only", action="store_true", help="skip the games from the start")
    options = parser.parse_args()
    if not options.only:
        from_start(TicTacToe(), "tic-tac-toe from the start", options.runs)
        from_start(Nim(pile=20), "Nim, a pile of 20", options.runs)
        from_start(ConnectFour(cols=4, rows=4), "Connect Four 4x4 from empty", options.runs)
        from_start(ConnectFour(cols=5, rows=4), "Connect Four 5x4 from empty", 1)
    if options.big:
        from_start(ConnectFour(cols=6, rows=4), "Connect Four 6x4 from empty", 1)
        from_start(ConnectFour(cols=6, rows=5), "Connect Four 6x5 from empty", 1)
    if options.shared:
        shared(options.shared, options.runs)
    if options.late:
        late(options.late, options.runs)


if __name__ == "__main__":
    main()
