"""`gamelib trace --json`: the search as JSON Lines, written as it goes, then its answer."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gamelib.catalog import CATALOG
from tests.runner import run

ROOT = Path(__file__).resolve().parents[2]


SMALL_ALPHABETA = [
    '{"event": "enter", "order": 0, "path": [], "position": "(Maxie,a)", "side": "Maxie", '
    '"depth": 2, "window": ["\\u2212\\u221e", "+\\u221e"]}',
    '{"event": "enter", "order": 1, "path": [0], "position": "(Minnie,b)", "side": "Minnie", '
    '"depth": 1, "window": ["\\u2212\\u221e", "+\\u221e"]}',
    '{"event": "enter", "order": 2, "path": [0, 0], "position": "(Maxie,c)", "side": "Maxie", '
    '"depth": 0, "window": ["\\u2212\\u221e", "+\\u221e"]}',
    '{"event": "leave", "path": [0, 0], "value": "3", "bound": "exact", "best": null}',
    '{"event": "enter", "order": 3, "path": [0, 1], "position": "(Maxie,d)", "side": "Maxie", '
    '"depth": 0, "window": ["\\u2212\\u221e", "3"]}',
    '{"event": "leave", "path": [0, 1], "value": "6", "bound": "exact", "best": null}',
    '{"event": "enter", "order": 4, "path": [0, 2], "position": "(Maxie,e)", "side": "Maxie", '
    '"depth": 0, "window": ["\\u2212\\u221e", "3"]}',
    '{"event": "leave", "path": [0, 2], "value": "-2", "bound": "exact", "best": null}',
    '{"event": "leave", "path": [0], "value": "-2", "bound": "exact", "best": 2}',
    '{"event": "enter", "order": 5, "path": [1], "position": "(Minnie,f)", "side": "Minnie", '
    '"depth": 1, "window": ["-2", "+\\u221e"]}',
    '{"event": "enter", "order": 6, "path": [1, 0], "position": "(Maxie,g)", "side": "Maxie", '
    '"depth": 0, "window": ["-2", "+\\u221e"]}',
    '{"event": "leave", "path": [1, 0], "value": "6", "bound": "exact", "best": null}',
    '{"event": "enter", "order": 7, "path": [1, 1], "position": "(Maxie,h)", "side": "Maxie", '
    '"depth": 0, "window": ["-2", "6"]}',
    '{"event": "leave", "path": [1, 1], "value": "4", "bound": "exact", "best": null}',
    '{"event": "enter", "order": 8, "path": [1, 2], "position": "(Maxie,i)", "side": "Maxie", '
    '"depth": 0, "window": ["-2", "4"]}',
    '{"event": "leave", "path": [1, 2], "value": "10", "bound": "exact", "best": null}',
    '{"event": "leave", "path": [1], "value": "4", "bound": "exact", "best": 1}',
    '{"event": "enter", "order": 9, "path": [2], "position": "(Minnie,j)", "side": "Minnie", '
    '"depth": 1, "window": ["4", "+\\u221e"]}',
    '{"event": "enter", "order": 10, "path": [2, 0], "position": "(Maxie,k)", "side": "Maxie", '
    '"depth": 0, "window": ["4", "+\\u221e"]}',
    '{"event": "leave", "path": [2, 0], "value": "1", "bound": "exact", "best": null}',
    '{"event": "cut", "path": [2], "move": 0, "value": "1", "pruned": [1, 2]}',
    '{"event": "leave", "path": [2], "value": "1", "bound": "at most", "best": 0}',
    '{"event": "leave", "path": [], "value": "4", "bound": "exact", "best": 1}',
    '{"event": "done", "player": "AlphaBeta(depth 2)", "to_move": "Maxie", "best": 1, '
    '"value": "Guess 4", "guess": 4, "positions": 11, "leaves": 7}',
]
"""The Small handout tree searched by AlphaBeta, as `trace small --json` writes it."""


def test_the_small_tree_by_alphabeta_line_for_line() -> None:
    status, out, err = run("trace", "small", "--json")
    assert (status, err) == (0, "")
    assert out.splitlines() == SMALL_ALPHABETA


def test_the_lines_say_what_the_text_trace_says() -> None:
    # The same search, told twice: each window, each value and the cut agree.
    _, text, _ = run("trace", "small")
    _, lines, _ = run("trace", "small", "--json")
    steps = [json.loads(line) for line in lines.splitlines()]
    name = {tuple(s["path"]): s["position"] for s in steps if s["event"] == "enter"}

    def guess(value: str) -> str:
        return value if value in ("−∞", "+∞") else f"Guess {value}"

    said = [
        f"Evaluating {s['position']} via {' '.join(map(str, s['path']))} with window "
        f"({guess(s['window'][0])}, {guess(s['window'][1])})".replace(" via  with", " with")
        for s in steps
        if s["event"] == "enter" and s["depth"] > 0
    ]
    said += [
        f"Estimating {name[tuple(s['path'])]} via {' '.join(map(str, s['path']))}: "
        f"Guess {s['value']}"
        for s in steps
        if s["event"] == "leave" and s["best"] is None
    ]
    said += [
        f"value of {name[tuple(s['path'])]} is Guess {s['value']}, best move {s['best']}"
        for s in steps
        if s["event"] == "leave" and s["best"] is not None
    ]
    (cut,) = [s for s in steps if s["event"] == "cut"]
    said.append(
        f"cut off at {name[tuple(cut['path'])]}: move {cut['move']} gave Guess {cut['value']}, "
        f"at or below α = Guess 4; moves {', '.join(map(str, cut['pruned']))} not searched"
    )
    done = steps[-1]
    said.append(
        f"{done['positions']} positions visited (root included); "
        f"{done['leaves']} estimated or finished"
    )
    shown = [line.strip() for line in text.splitlines()]
    assert sorted(said) == sorted(shown)


@pytest.mark.parametrize("kind", [kind.name for kind in CATALOG if kind.observed])
def test_every_kind_counts_what_its_text_trace_counts(kind: str) -> None:
    _, text, _ = run("trace", "uneven", "--player", kind, "--depth", "3")
    status, lines, err = run("trace", "uneven", "--player", kind, "--depth", "3", "--json")
    assert (status, err) == (0, "")
    steps = [json.loads(line) for line in lines.splitlines()]
    done = steps[-1]
    counted = re.search(r"(\d+) positions visited \(root included\); (\d+) estimated", text)
    assert counted is not None
    assert (done["positions"], done["leaves"]) == (int(counted[1]), int(counted[2]))
    assert done["positions"] == sum(s["event"] == "enter" for s in steps)
    # Each position entered is left, innermost first.
    open_paths: list[list[object]] = []
    for step in steps[:-1]:
        if step["event"] == "enter":
            open_paths.append(step["path"])
        elif step["event"] == "leave":
            assert open_paths.pop() == step["path"]
        else:
            assert open_paths[-1] == step["path"]
    assert open_paths == []
    # Its answer is analyse's.
    _, analysed, _ = run("analyse", "tree", "--tree", "uneven", "--player", kind, "--depth", "3",
                         "--json")  # fmt: skip
    answer = json.loads(analysed)
    assert (done["best"], done["value"]) == (answer["best"], answer["value"])


def test_the_lines_go_out_while_the_search_runs() -> None:
    # Connect Four's Minimax to depth 8 takes minutes; its first line comes at once.
    command = [sys.executable, "-m", "gamelib", "trace", "--game", "connect4", "--player",
               "minimax", "--depth", "8", "--json"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env) as process:
        stdout = process.stdout
        assert stdout is not None
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(stdout.readline()))
        reader.start()
        reader.join(timeout=60)
        try:
            assert first, "no line within a minute"
            assert process.poll() is None  # the search still runs
            step = json.loads(first[0])
            assert (step["event"], step["path"], step["order"], step["depth"]) == (
                "enter",
                [],
                0,
                8,
            )
        finally:
            process.kill()
            reader.join()


def test_json_and_a_picture_are_refused_together(tmp_path: Path) -> None:
    status, out, err = run("trace", "small", "--json", "--dot", str(tmp_path / "t.dot"))
    assert (status, out) == (2, "")
    assert err == (
        "gamelib: give --json or a picture (--dot, --svg, --png), not both: the lines of JSON "
        "are all that is written to standard output\n"
    )


PROBED = "a[?b[1/2: c[d2,e6], 1/2: f[g1,h3]], ?i[1/2: j[k5,l0], 1/2: m[n4,o1]]]"
"""A chance tree on which Star2 probes each of Minnie's positions, resumes them, and cuts."""


def _lines(*argv: str) -> list[dict[str, object]]:
    status, out, err = run("trace", *argv, "--json")
    assert (status, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


def test_a_chance_search_is_written_in_the_same_lines_with_its_probes_and_resumes() -> None:
    lines = _lines(PROBED, "--player", "star2:2")
    entered = [(line.get("order"), line["path"], line.get("phase")) for line in lines
               if line["event"] == "enter"]  # fmt: skip
    assert entered[:8] == [  # a chance outcome's label is a string: "0" after the move 0
        (0, [], None),
        (1, [0], None),
        (2, [0, "0"], "probe"),
        (3, [0, "0", 0], None),
        (4, [0, "1"], "probe"),
        (5, [0, "1", 0], None),
        (None, [0, "0"], "resume"),  # not a new position: no order
        (6, [0, "0", 1], None),
    ]
    assert lines[1]["side"] == "Chance"
    assert lines[2]["window"] == ["\u2212\u221e", "6"]
    assert {"event": "cut", "path": [1], "move": "1", "value": "1", "pruned": []} in lines
    assert lines[-2:] == [
        {"event": "leave", "path": [], "value": "3/2", "bound": "exact", "best": 0},
        {"event": "done", "player": "Star2(depth 2)", "value": "3/2", "bound": "exact",
         "best": 0, "positions": 15, "leaves": 8},
    ]  # fmt: skip


def test_a_shallow_maxn_search_says_what_the_parent_has_and_where_it_cut() -> None:
    lines = _lines("cse473-3p", "--player", "shallow-maxn:3:10")
    assert {"event": "enter", "order": 8, "path": [1], "position": "(B,i)", "side": "B",
            "depth": 2, "window": {"player": "A", "has": "3"}} in lines  # fmt: skip
    assert {"event": "cut", "path": [1], "move": 0, "value": "(1,7,2)", "pruned": [1]} in lines
    assert {"event": "leave", "path": [1], "value": "(1,7,2)", "bound": "at least",
            "best": 0} in lines  # fmt: skip
    assert lines[-1] == {"event": "done", "player": "ShallowMaxN(depth 3, total 10)",
                         "value": "(3,2,5)", "bound": "exact", "best": 0, "positions": 12,
                         "leaves": 6}  # fmt: skip


FAMILY_TRACES = (
    [(PROBED, kind) for kind in ("expectiminimax:2", "star1:2", "star2:2")]
    + [("cse473-3p", kind) for kind in ("maxn:3", "shallow-maxn:3:10", "paranoid:3")]
    + [("dice", "star2:2"), ("chance-example", "expectiminimax:2")]
)


@pytest.mark.parametrize(("tree", "kind"), FAMILY_TRACES)
def test_every_family_s_json_agrees_with_its_text_trace(tree: str, kind: str) -> None:
    """The lines are well bracketed, and their counts are the text trace's."""
    lines = _lines(tree, "--player", kind)
    status, text, _ = run("trace", tree, "--player", kind)
    assert status == 0
    done = lines[-1]
    assert done["event"] == "done"
    counts = f"{done['positions']} positions visited (root included); {done['leaves']} "
    assert counts in text
    entered = sum(1 for line in lines if line["event"] == "enter" and "order" in line)
    assert entered == done["positions"]
    depth = 0
    for line in lines[:-1]:
        if line["event"] == "enter":
            depth += 1
        elif line["event"] == "leave":
            depth -= 1
        assert depth >= 0
    assert depth == 0


def test_a_sampling_search_of_a_chance_tree_writes_a_line_per_simulation() -> None:
    status, out, err = run("trace", "dice", "--player", "mcts:4", "--json")
    assert (status, err) == (0, "")
    assert out == (
        '{"event": "simulate", "simulation": 1, "path": [0], "result": "3", '
        '"rewards": [3.0, 3.0]}\n'
        '{"event": "simulate", "simulation": 2, "path": [1], "result": "6", '
        '"rewards": [6.0, 0.0]}\n'
        '{"event": "simulate", "simulation": 3, "path": [1, "1"], "result": "2", '
        '"rewards": [2.0, 4.0]}\n'
        '{"event": "simulate", "simulation": 4, "path": [0, "2"], "result": "3", '
        '"rewards": [3.0, 3.0]}\n'
        '{"event": "done", "best": 0, "simulations": 4, "positions": 5}\n'
    )


@pytest.mark.parametrize("game", ["pig", "takeaway"])
def test_a_sampling_search_of_another_family_writes_its_simulations(game: str) -> None:
    status, out, err = run("trace", "--game", game, "--player", "mcts:20", "--json")
    assert (status, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    simulations, done = lines[:-1], lines[-1]
    assert [line["simulation"] for line in simulations] == list(range(1, 21))
    assert {line["event"] for line in simulations} == {"simulate"}
    status, text, _ = run("trace", "--game", game, "--player", "mcts:20")
    assert status == 0
    assert f"{done['positions']} positions visited" in text
    assert done["simulations"] == 20
    for line in simulations:  # each simulation's result as the text trace says it
        assert f"Simulation {line['simulation']}: " in text
        assert f"; result {line['result']}\n" in text
        assert len(line["rewards"]) == (2 if game == "pig" else 3)
