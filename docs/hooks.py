"""MkDocs hook: draw the handout trees' traces and list the search players before each build.

The pictures and text traces in docs/generated/ are made by gamelib itself at
build time (never pasted), so "Alpha-beta, seen" always shows what the code
does; the table of search players is read from the catalog, so "Search
players" lists every kind there is.  Needs Graphviz's dot program (Debian:
graphviz).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from gamelib.catalog import CATALOG, Catalog
from gamelib.chance import (
    ChanceFactory,
    ChanceSettings,
    ChanceTreeGame,
    ChanceTreeState,
    Decision,
    Expectiminimax,
    Star1,
    Star2,
    chance_trace,
    chance_trace_to_dot,
    chance_trace_to_text,
    chance_tree_estimator,
)
from gamelib.chance.trees import DICE, EXAMPLE
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
from gamelib.search import SearchObserver, SearchPlayer
from gamelib.trace import Trace, render, trace_player, trace_to_dot, trace_to_text

PICTURES: list[tuple[str, Node | Leaf, int, str]] = [
    ("small_minimax", SMALL, 2, "minimax"),
    ("small_alphabeta", SMALL, 2, "alphabeta"),
    ("small_jamboree", SMALL, 2, "jamboree"),
    ("big_alphabeta", BIG, 4, "alphabeta"),
    ("uneven_alphabeta", UNEVEN, 3, "alphabeta"),
    ("cse473_alphabeta", CSE473, 2, "alphabeta"),
]
"""Each picture: its file name, the handout tree, the depth, and the catalog's search kind
(with its default options: Jamboree's prune percentage is 0.5)."""


def _trace(kind: str, root: Node | Leaf, depth: int) -> Trace[TreeState, int, float]:
    estimator = tree_estimator(ExplicitGame(root))

    def build(
        observer: SearchObserver[TreeState, int, float],
    ) -> SearchPlayer[TreeState, int, float]:
        return CATALOG[kind].build(estimator, depth, observer=observer)

    return trace_player(build)


def catalog_table(catalog: Catalog = CATALOG) -> str:
    """The catalog's search kinds as a Markdown table."""
    rows = [
        "| kind | player spec | what it is | options (default) | needs |",
        "|---|---|---|---|---|",
    ]
    for kind in catalog:
        options = (
            "<br>".join(f"`{o.name}`: {o.summary} ({o.default})" for o in kind.options) or "none"
        )
        needs = ", ".join(sorted(c.value for c in kind.needs)) or "nothing more"
        rows.append(f"| `{kind.name}` | `{kind.usage()}` | {kind.summary} | {options} | {needs} |")
    return "\n".join(rows) + "\n"


def generate(folder: Path) -> list[Path]:
    """Write each trace as .txt, .dot and .svg, and the players' table, into ``folder``.

    Returns the files written.
    """
    if shutil.which("dot") is None:
        raise SystemExit(
            "the docs build draws trace pictures with Graphviz's dot program, which is not "
            "installed (Debian: apt-get install graphviz)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "catalog.md"
    table.write_text(catalog_table(), encoding="utf-8")
    written = [table]
    for name, root, depth, kind in PICTURES:
        found = _trace(kind, root, depth)
        text = folder / f"{name}.txt"
        text.write_text(trace_to_text(found) + "\n", encoding="utf-8")
        dot_text = trace_to_dot(found)
        dot = folder / f"{name}.dot"
        dot.write_text(dot_text, encoding="utf-8")
        svg = folder / f"{name}.svg"
        render(dot_text, svg)
        written += [text, dot, svg]
    return written


CHANCE_PICTURES: list[tuple[str, Decision | Leaf, int, ChanceFactory[ChanceTreeState, int]]] = [
    ("chance_example_expectiminimax", EXAMPLE, 2, Expectiminimax),
    ("chance_example_star1", EXAMPLE, 2, Star1),
    ("chance_example_star2", EXAMPLE, 2, Star2),
    ("chance_dice_star2", DICE, 2, Star2),
]
"""The pictures of "Chance, seen": file name, chance tree, depth, search."""


def generate_chance(folder: Path) -> list[Path]:
    """Write each chance trace as .txt, .dot and .svg into ``folder``; the files written."""
    if shutil.which("dot") is None:
        raise SystemExit(
            "the docs build draws trace pictures with Graphviz's dot program, which is not "
            "installed (Debian: apt-get install graphviz)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, root, depth, factory in CHANCE_PICTURES:
        settings = ChanceSettings(chance_tree_estimator(ChanceTreeGame(root)), depth)
        found = chance_trace(factory, settings)
        text = folder / f"{name}.txt"
        text.write_text(chance_trace_to_text(found) + "\n", encoding="utf-8")
        dot_text = chance_trace_to_dot(found)
        dot = folder / f"{name}.dot"
        dot.write_text(dot_text, encoding="utf-8")
        svg = folder / f"{name}.svg"
        render(dot_text, svg)
        written += [text, dot, svg]
    return written


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Regenerate docs/generated/ from the current code."""
    generate(Path(config["docs_dir"]) / "generated")
    generate_chance(Path(config["docs_dir"]) / "generated")
