"""Connect Four solved exactly: boards from empty, 7 x 6 positions, and an external solver.

    python benchmarks/connect4.py                 # everything, 3 rounds for the small boards
    python benchmarks/connect4.py --only empty    # or: positions, shared
    python benchmarks/connect4.py --runs 5 --big  # --big adds 6x5, 5x6, 7x4 and 4x7 (minutes)
    python benchmarks/connect4.py --pons DIR --boards 7x5 --runs 3  # side by side with Pons

- **empty**: each board from the empty board with ``gamelib.algorithms.solve``
  (a fresh table of 4,000,000 entries each time), the result checked against
  Tromp's table (D = draw, 2nd = the second player wins; the number is the
  ply on which the game ends).  Small boards: the median of ``--runs``
  rounds, the boards taking turns; big boards (``--big``): one run each.
- **positions**: 7 x 6 positions from random games (seed 2026) with 28-35
  stones, and with 14-27, each solved as ``gamelib solve connect4
  --positions FILE --json`` does (through the command line's own code, one
  table for the batch, the JSON line written to a buffer): the mean and the
  worst per position.  Positions whose game ended sooner are redrawn.
- **pons** (``--pons DIR``): boards from empty, gamelib's solver and Pascal Pons's C++
  solver taking turns, medians of ``--runs``, and each one's time per position.  Pons's
  solver is not part of gamelib: build it from its public source in a scratch directory,
  one binary a board named ``c4_WxH`` (its ``Position::WIDTH``/``HEIGHT`` set to the
  board), reading a line of moves and printing ``moves score nodes microseconds``, as its
  own ``main.cpp`` did before it grew an opening book.  ``uptime``'s load is printed
  beside the figures: other work on the machine slows both.
- **shared**: every position of ``tests/data/c4_5x4_analyse.txt`` and
  ``c4_6x4_analyse.txt`` (copies of the team's shared ground truth) through
  ``gamelib solve --positions --all --json``; each column's result and
  distance, turned into Pons's score, must equal the file's.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import time
from pathlib import Path

from timing import interleaved

from gamelib import seq
from gamelib.algorithms import solve
from gamelib.cli import main
from gamelib.core import Done
from gamelib.games.connect4 import ConnectFour

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"  # the shared ground truth

SMALL = [(4, 4, "D16"), (5, 4, "D20"), (4, 5, "D20"), (6, 4, "2nd24"), (4, 6, "D24"), (5, 5, "D25")]
BIG = [(6, 5, "D30"), (5, 6, "D30"), (7, 4, "D28"), (4, 7, "D28")]


def tromp(cols: int, rows: int) -> str:
    """The empty board's result in Tromp's notation, from a solve."""
    solution = solve(ConnectFour(cols=cols, rows=rows), table=4_000_000)
    match solution.result:
        case "draw":
            return f"D{solution.plies}"
        case "win":
            return f"1st{solution.plies}"
        case _:
            return f"2nd{solution.plies}"


def empty_boards(runs: int, big: bool) -> None:
    print("From the empty board (gamelib.algorithms.solve, table 4,000,000):")
    for cols, rows, expected in SMALL:
        assert tromp(cols, rows) == expected, (cols, rows)
    jobs = {f"{c}x{r}": (lambda c=c, r=r: tromp(c, r)) for c, r, _ in SMALL}
    medians = interleaved(jobs, runs)
    for cols, rows, expected in SMALL:
        solution = solve(ConnectFour(cols=cols, rows=rows), table=4_000_000)
        print(
            f"  {cols}x{rows}  {expected:>6}  {solution.positions:>12,} positions  "
            f"{medians[f'{cols}x{rows}']:7.2f} s (median of {runs})"
        )
    if big:
        for cols, rows, expected in BIG:
            solution = solve(ConnectFour(cols=cols, rows=rows), table=4_000_000)
            found = tromp_of(solution.result, solution.plies)
            assert found == expected, (cols, rows, found)
            print(
                f"  {cols}x{rows}  {expected:>6}  {solution.positions:>12,} positions  "
                f"{solution.seconds:7.2f} s (one run)"
            )


def tromp_of(result: str, plies: int) -> str:
    return {"draw": "D", "win": "1st", "loss": "2nd"}[result] + str(plies)


def random_positions(count: int, low: int, high: int, rng: random.Random) -> list[str]:
    """``count`` SEQs of random 7 x 6 games with ``low``-``high`` stones, none finished."""
    game = ConnectFour()
    found: list[str] = []
    while len(found) < count:
        stones = rng.randint(low, high)
        state = game.start
        played = ""
        for _ in range(stones):
            move = rng.choice(seq.to_tuple(game.moves(state)))
            status = game.play(state, move)
            if isinstance(status, Done):
                break
            state = status.state
            played += str(move + 1)
        else:
            found.append(played)
    return found


def cli(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    assert not err.getvalue(), err.getvalue()
    return status, out.getvalue()


def positions() -> None:
    rng = random.Random(2026)
    for low, high, count in ((28, 35, 200), (14, 27, 40)):
        batch = random_positions(count, low, high, rng)
        seconds: list[float] = []
        for sequence in batch:  # one at a time, so each is timed with its JSON line
            began = time.perf_counter()
            status, out = cli(["solve", "connect4", "--moves", sequence, "--json"])
            seconds.append(time.perf_counter() - began)
            assert status == 0
            assert json.loads(out)["result"] in ("win", "loss", "draw")
        began = time.perf_counter()
        status, out = cli(
            ["solve", "connect4", "--positions", "-", "--json"], stdin="\n".join(batch) + "\n"
        )
        together = time.perf_counter() - began
        assert status == 0
        assert len(out.splitlines()) == count
        print(
            f"7x6, {low}-{high} stones, {count} positions: one command each: mean "
            f"{statistics.mean(seconds) * 1000:.1f} ms, median "
            f"{statistics.median(seconds) * 1000:.1f} ms, worst {max(seconds) * 1000:.0f} ms; "
            f"one --positions batch: {together / count * 1000:.1f} ms a position"
        )


def shared() -> None:
    for name, cols, rows in (("c4_5x4_analyse.txt", 5, 4), ("c4_6x4_analyse.txt", 6, 4)):
        lines = (DATA / name).read_text(encoding="utf-8").splitlines()
        rows_ = [line.split() for line in lines if line.strip() and not line.startswith("#")]
        text = "\n".join(row[0] for row in rows_) + "\n"
        began = time.perf_counter()
        argv = ["solve", "connect4", "--cols", str(cols), "--rows", str(rows)]
        status, out = cli([*argv, "--positions", "-", "--all", "--json"], stdin=text)
        spent = time.perf_counter() - began
        assert status == 0
        wrong = 0
        for row, line in zip(rows_, out.splitlines(), strict=True):
            answer = json.loads(line)
            stones = len(row[0])
            scores = []
            for column in answer["columns"]:
                if column is None:
                    scores.append(-1000)
                elif column["result"] == "draw":
                    scores.append(0)
                else:
                    score = (cols * rows - stones - column["plies"]) // 2 + 1
                    scores.append(score if column["result"] == "win" else -score)
            wrong += scores != [int(x) for x in row[1:]]
        print(
            f"{name}: {len(rows_)} positions, every column solved, {wrong} differ from the "
            f"external solver; {spent:.1f} s"
        )
        assert wrong == 0


def side_by_side(pons: Path, boards: list[str], runs: int, table: int) -> None:
    """Each board from empty: gamelib's solve and Pons's solver in turns (see the module)."""
    for board in boards:
        cols, rows = (int(side) for side in board.split("x"))
        program = pons / f"c4_{board}"
        seen: dict[str, list[float]] = {"gamelib": [], "pons": []}
        positions = {"gamelib": 0, "pons": 0}
        for round_number in range(runs):
            order = ["gamelib", "pons"] if round_number % 2 == 0 else ["pons", "gamelib"]
            for who in order:
                if who == "pons":
                    done = subprocess.run(
                        [str(program)], input="\n", capture_output=True, text=True, check=True
                    )
                    *_, nodes, micros = done.stdout.split()
                    seen["pons"].append(int(micros) / 1e6)
                    positions["pons"] = int(nodes)
                else:
                    solution = solve(ConnectFour(cols=cols, rows=rows), table=table)
                    seen["gamelib"].append(solution.seconds)
                    positions["gamelib"] = solution.positions
        per = {who: statistics.median(times) / positions[who] for who, times in seen.items()}
        print(
            f"  {board}: gamelib {statistics.median(seen['gamelib']):.2f} s for "
            f"{positions['gamelib']:,} positions ({per['gamelib'] * 1e9:.0f} ns each), Pons "
            f"{statistics.median(seen['pons']):.2f} s for {positions['pons']:,} "
            f"({per['pons'] * 1e9:.0f} ns each): {per['gamelib'] / per['pons']:.2f}x a "
            f"position (medians of {runs}; load {os.getloadavg()[0]:.1f})"
        )


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--only", choices=("empty", "positions", "shared"))
    parser.add_argument("--pons", type=Path, help="side by side with Pons's solver built in DIR")
    parser.add_argument("--boards", default="7x5", help="for --pons: e.g. 6x5,7x5")
    parser.add_argument("--table", type=int, default=4_000_000, help="gamelib's table entries")
    options = parser.parse_args()
    if options.pons is not None:
        print(f"From the empty board, side by side with Pons's C++ solver ({options.pons}):")
        side_by_side(options.pons, options.boards.split(","), options.runs, options.table)
        return
    if options.only in (None, "empty"):
        empty_boards(options.runs, options.big)
    if options.only in (None, "positions"):
        positions()
    if options.only in (None, "shared"):
        shared()


if __name__ == "__main__":
    main_()
