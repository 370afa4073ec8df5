"""MkDocs hook: draw the handout trees' traces before each docs build.

The pictures and text traces in docs/generated/ are made by gamelib itself at
build time (never pasted), so "Alpha-beta, seen" always shows what the code
does.  Needs Graphviz's dot program (Debian: graphviz).
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamelib.estimate import Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.jamboree import Jamboree
from gamelib.estimate.minimax import Minimax
from gamelib.estimate.player import SearchPlayer
from gamelib.games.explicit import (
    BIG,
    CSE473,
    SMALL,
    UNEVEN,
    ExplicitGame,
    Leaf,
    Node,
    TreeState,
    tree_estimator,
)
from gamelib.trace import render, trace, trace_to_dot, trace_to_text

Factory = Callable[..., SearchPlayer[TreeState, int, float]]

PICTURES: list[tuple[str, Node | Leaf, int, Factory]] = [
    ("small_minimax", SMALL, 2, Minimax),
    ("small_alphabeta", SMALL, 2, AlphaBeta),
    ("small_jamboree", SMALL, 2, functools.partial(Jamboree, prune_percentage=0.5)),
    ("big_alphabeta", BIG, 4, AlphaBeta),
    ("uneven_alphabeta", UNEVEN, 3, AlphaBeta),
    ("cse473_alphabeta", CSE473, 2, AlphaBeta),
]


def generate(folder: Path) -> list[Path]:
    """Write each trace as .txt, .dot and .svg into ``folder``; the files written."""
    if shutil.which("dot") is None:
        raise SystemExit(
            "the docs build draws trace pictures with Graphviz's dot program, which is not "
            "installed (Debian: apt-get install graphviz)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, root, depth, factory in PICTURES:
        found = trace(factory, Settings(tree_estimator(ExplicitGame(root)), depth))
        text = folder / f"{name}.txt"
        text.write_text(trace_to_text(found) + "\n", encoding="utf-8")
        dot_text = trace_to_dot(found)
        dot = folder / f"{name}.dot"
        dot.write_text(dot_text, encoding="utf-8")
        svg = folder / f"{name}.svg"
        render(dot_text, svg)
        written += [text, dot, svg]
    return written


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Regenerate docs/generated/ from the current code."""
    generate(Path(config["docs_dir"]) / "generated")
