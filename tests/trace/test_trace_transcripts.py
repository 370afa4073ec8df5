"""Every family's trace, pinned byte for byte: the text, the DOT picture and the lines of
JSON of `gamelib trace`, for searches that reach every path of the writers (Star2's probes
and resumes, cuts at chance positions, shallow pruning's cuts, a two-player view, passes of
the root, MCTS's simulations). The transcripts are long, so each is pinned by the start of
its SHA-256; what a run got is left in its temporary folder (got.txt), to diff.  A value
whose fraction is long is written as a decimal in the text and the picture, exactly in the
JSON (the two Pig traces' pins changed with that, and nothing else of them; Star2's
again when a sign stopped counting toward a short fraction: one window's bound reads
-4255/1008, not about -4.2212)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.runner import run

CHANCE_TREE = (
    "a[?b[1/3: c[?d[1/2: e1, 1/2: f5], g2], 2/3: h[i2, ?j[1/4: k0, 3/4: l8]]], "
    "m[n4, ?o[1/2: p9, 1/2: q-3]], ?r[1/2: s[t1, u7], 1/2: v[w3, ?x[1/3: y6, 2/3: z0]]]]"
)

PINNED = {
    "chance-example --player star2:2": "e343f656c89e7f38a1c9878b",
    "chance-example --player star1:2": "f837486587cf5f3941475141",
    "dice --player expectiminimax:2": "a6b324c050f668d00cbf9cdc",
    "CHANCE_TREE --player star2:2": "4620395c30c4901c674900bb",
    "CHANCE_TREE --player star1:2": "81eef966229b0b21a0cf6b31",
    "--game pig --target 5 --player star2:3": "8e65939f43665df2241fa82c",
    "--game pig --player star1:3": "db585066797c94c7dffabbf9",
    "--game pig --player mcts:40": "17b1273175c537bbe8c72b49",
    "cse473-3p --player shallow-maxn:3": "9b728e50dc2441b24db006ab",
    "cse473-3p --player maxn:3": "a8d9c55aa050bc22b4768f26",
    "cse473-3p --player mcts:30": "a6e68f709e8b2bae65d5bf1f",
    "--game takeaway --players 4 --pile 7 --player shallow-maxn:4": "9f64d585f11baff1c8d383ae",
    "--game takeaway --pile 6 --player paranoid:4": "4769d3b40a6dc778756a00a2",
    "big --player mtdf:2": "d856c1d9c105bb0decd0fea3",
    "small --player jamboree:2": "7c5127de606e3b31d829da6e",
    "--game tictactoe --player mcts:30": "8c8f3378a634778d49fea8b8",
}
"""A trace's arguments: the start of the SHA-256 of its text, DOT picture and JSON lines."""


@pytest.mark.parametrize("case", list(PINNED))
def test_a_trace_is_written_as_pinned(case: str, tmp_path: Path) -> None:
    argv = [CHANCE_TREE if word == "CHANCE_TREE" else word for word in case.split()]
    dot = tmp_path / "t.dot"
    status, text, err = run("trace", *argv, "--dot", str(dot))
    assert (status, err) == (0, "")
    json_status, lines, json_err = run("trace", *argv, "--json")
    assert (json_status, json_err) == (0, "")
    got = "\n".join((text.replace(str(dot), "T.dot"), dot.read_text(encoding="utf-8"), lines))
    (tmp_path / "got.txt").write_text(got, encoding="utf-8")
    assert hashlib.sha256(got.encode()).hexdigest()[:24] == PINNED[case], f"see {tmp_path}"
