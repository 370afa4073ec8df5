"""Peak memory of a serial batch of solves: does it level off as the batch grows?

`gamelib solve connect4 --cols 5 --rows 5 --positions F --method M` over a set of random
legal 5x5 positions (each a few moves from the start, none finished), in a fresh process
per method.  The process's peak resident memory (Linux's VmHWM, what `/usr/bin/time -v`
calls "Maximum resident set size") is read after each answer the batch writes, so one run
of 100 positions gives the peak after the first 25, 60 and 100.

    python benchmarks/batch_memory.py                         # pns, boolean, dfpn, exact
    python benchmarks/batch_memory.py --methods pns --count 60
    python benchmarks/batch_memory.py --gamelib /tmp/before   # an earlier checkout's gamelib
    python benchmarks/batch_memory.py --write positions.txt   # just the set of positions

A batch that keeps each answer's memory grows with every position; one that lets it go
stays near its largest single position (the set's hardest), whatever its length.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from gamelib.core.datatypes import Playing
from gamelib.games.connect4 import ConnectFour

CHECKPOINTS = (25, 60, 100)

RUN = r"""
import io, json, sys
sys.path.insert(0, sys.argv[1])
from gamelib.cli import main

def peak_kb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0

peaks = []

class Out(io.StringIO):
    def write(self, text):
        if text.endswith("\n"):
            peaks.append(peak_kb())
        return len(text)

args = ["solve", "connect4", "--cols", "5", "--rows", "5", "--positions", sys.argv[2], "--json"]
if sys.argv[3] != "exact":
    args += ["--method", sys.argv[3]]
status = main(args, stdin=io.StringIO(""), stdout=Out(), stderr=sys.stderr)
print(json.dumps({"status": status, "peaks": peaks}))
"""


def positions(count: int, seed: int, fewest: int, most: int) -> list[str]:
    """`count` random legal 5x5 positions, `fewest` to `most` moves from the start, none
    finished, as `--positions` reads them (a column digit a move)."""
    game = ConnectFour(cols=5, rows=5)
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        state, typed = game.start, []
        for _ in range(rng.randint(fewest, most)):
            move = rng.choice(list(game.moves(state)))
            after = game.play(state, move)
            if not isinstance(after, Playing):
                break
            typed.append(game.move_to_string(move))
            state = after.state
        else:
            found.append("".join(typed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--methods", default="pns,boolean,dfpn,exact")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--fewest", type=int, default=4, help="fewest moves played")
    parser.add_argument("--most", type=int, default=6, help="most moves played")
    parser.add_argument("--gamelib", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--write", help="write the positions to this file and stop")
    options = parser.parse_args()
    lines = positions(options.count, options.seed, options.fewest, options.most)
    if options.write:
        Path(options.write).write_text("\n".join(lines) + "\n")
        return
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "positions.txt"
        file.write_text("\n".join(lines) + "\n")
        shown = [n for n in CHECKPOINTS if n <= options.count]
        print(f"gamelib from {options.gamelib}; {options.count} random 5x5 positions, "
              f"{options.fewest}-{options.most} moves in (seed {options.seed})")
        print("method    " + "".join(f"  peak RSS after {n:>3}" for n in shown))
        for method in options.methods.split(","):
            done = subprocess.run(
                [sys.executable, "-c", RUN, options.gamelib, str(file), method],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                print(f"{method:<10}failed: {done.stderr.strip()[-300:]}")
                continue
            peaks = json.loads(done.stdout)["peaks"]
            cells = [f"{peaks[n - 1] / 1024:>17.0f} MB" for n in shown if n <= len(peaks)]
            print(f"{method:<10}" + "".join(cells), flush=True)


if __name__ == "__main__":
    main()
