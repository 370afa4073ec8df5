"""A serial batch of goal-method solves keeps no answer's memory once the answer is
written (issue 42): the memory a batch holds levels off, however long it runs.

Before, `solve --positions F --method pns|boolean|dfpn` grew without bound: the batch
paused Python's cycle collector for its whole length (for the exact solver's shared table),
and each goal solve left reference cycles behind (proof-number search's nodes pointing at
their parents, the recursive searches' closures holding their tables), which only that
collector frees.

Each run is a fresh Python process with tracemalloc on: the memory still allocated is read
after every answer the batch writes, a JSON line each.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

SCRIPT = r"""
import io, json, sys, tracemalloc
from gamelib.cli import main

method, lines = sys.argv[1], int(sys.argv[2])
held = []

class Out(io.StringIO):
    def write(self, text):
        if text.endswith("\n"):
            held.append(tracemalloc.get_traced_memory()[0])
        return len(text)

tracemalloc.start()
stdin = io.StringIO("12\n" * lines)  # the same position each line: the same work each time
status = main(
    ["solve", "tictactoe", "--positions", "-", "--method", method, "--json"],
    stdin=stdin, stdout=Out(), stderr=sys.stderr,
)
print(json.dumps({"status": status, "held": held}))
"""

LINES = 24


def _held_after_each_answer(method: str) -> list[int]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, method, str(LINES)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    found = json.loads(done.stdout)
    assert found["status"] == 0, done.stderr
    held: list[int] = found["held"]
    assert len(held) == LINES
    return held


@pytest.mark.parametrize("method", ["pns", "boolean", "dfpn"])
def test_a_long_batch_of_goal_solves_holds_no_more_memory_than_a_short_one(method: str) -> None:
    held = _held_after_each_answer(method)
    early = max(held[2:6])  # after the first answers: the imports' caches are warm
    late = max(held[-4:])
    # Before: every answer left its graph or table behind (pns: some 600 kB each, so
    # 20 more answers held over 10 MB more).  A level batch may vary by a little.
    assert late - early < 256 * 1024, (early, late, held)
