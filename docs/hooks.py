"""MkDocs hook: draw the handout trees' traces and list the search players before each build.

It also writes the excerpts of functions the Lecture companion shows (:func:`excerpt`),
draws the n-player pictures of "Many players, seen" (:func:`generate_many_players`),
and exports every search of the handout trees, event by event, for the stepper on
"Alpha-beta, seen" (:func:`generate_stepper`; gamelib/trace/web/stepper.js draws it).
The API reference reads gamelib through :class:`PublicNamesOnly`, a Griffe extension
this file also holds.

The pictures and text traces in docs/generated/ are made by gamelib itself at
build time (never pasted), so "Alpha-beta, seen" always shows what the code
does; the table of search players is read from the catalog, so "Search
players" lists every kind there is.  Needs Graphviz's dot program (Debian:
graphviz).
"""

from __future__ import annotations

import ast
import html
import json
import re
import shutil
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import griffe

from gamelib.algorithms.boolean import BooleanSolution, Goal
from gamelib.algorithms.pns import pns_goal
from gamelib.catalog import CATALOG
from gamelib.chance import (
    ChanceFactory,
    ChanceSettings,
    ChanceTreeGame,
    Expectiminimax,
    Star1,
    Star2,
    chance_tree_estimator,
)
from gamelib.chance.trees import DICE, EXAMPLE
from gamelib.core.datatypes import Done, Playing, Side, Status, Winner
from gamelib.core.jsondata import JSON
from gamelib.core.tree_games import TreeState as Reached
from gamelib.core.trees import End, Leaf
from gamelib.core.trees import Node as TreeNode
from gamelib.games.explicit import (
    BIG,
    BIG_TEXT,
    CSE473,
    CSE473_TEXT,
    SMALL,
    SMALL_TEXT,
    UNEVEN,
    UNEVEN_TEXT,
    WIKIPEDIA,
    WIKIPEDIA_TEXT,
    ExplicitGame,
    Node,
    TreeState,
    at_least,
    tree_estimator,
)
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer import CSE473 as CSE473_3P
from gamelib.nplayer import (
    MaxN,
    NSettings,
    ShallowMaxN,
    ShallowSettings,
    TreeGame,
    paranoid_player,
)
from gamelib.nplayer import tree_estimator as tree_estimator_n
from gamelib.search import MissingCapabilityError, SearchObserver, SearchPlayer
from gamelib.search.kinds import Catalog, SearchKind, UnobservedError
from gamelib.search.proofs import PnsNode
from gamelib.trace import (
    Trace,
    TraceError,
    render,
    trace,
    trace_player,
    trace_to_dot,
    trace_to_text,
)
from gamelib.trace.proofs import pns_steps
from gamelib.trace.steps import Recorded, record, steps_to_json

PICTURES: list[tuple[str, Node | Leaf[float], int, str]] = [
    ("small_minimax", SMALL, 2, "minimax"),
    ("small_alphabeta", SMALL, 2, "alphabeta"),
    ("small_jamboree", SMALL, 2, "jamboree"),
    ("big_alphabeta", BIG, 4, "alphabeta"),
    ("uneven_alphabeta", UNEVEN, 3, "alphabeta"),
    ("cse473_alphabeta", CSE473, 2, "alphabeta"),
    ("wikipedia_alphabeta", WIKIPEDIA, 4, "alphabeta"),
]
"""Each picture: its file name, the handout tree, the depth, and the catalog's search kind
(with its default options: Jamboree's prune percentage is 0.5)."""


def _trace(kind: str, root: Node | Leaf[float], depth: int) -> Trace[TreeState, int, float]:
    estimator = tree_estimator(ExplicitGame(root))

    def build(
        observer: SearchObserver[TreeState, int, float],
    ) -> SearchPlayer[TreeState, int, float]:
        return CATALOG[kind].build(estimator, depth, observer=observer)

    return trace_player(build)


STEPPER_TREES: list[tuple[str, str, str, Node | Leaf[float], int]] = [
    ("small", "the Small tree", SMALL_TEXT, SMALL, 2),
    ("big", "the Big tree", BIG_TEXT, BIG, 4),
    ("uneven", "the Uneven tree", UNEVEN_TEXT, UNEVEN, 3),
    ("cse473", "the CSE 473 tree (AIMA's Figure 5.2)", CSE473_TEXT, CSE473, 2),
    ("wikipedia", "the tree of Wikipedia's figure", WIKIPEDIA_TEXT, WIKIPEDIA, 4),
]
"""The stepper's trees: key, title, the tree as text, the tree, and the depth searched."""


def _tree_name(status: Status[TreeState]) -> str:
    """A tree position as the handouts name it: ``j``."""
    return status.state.node.name if isinstance(status, Playing) else "end"


def _record(
    kind: SearchKind, root: Node | Leaf[float], depth: int
) -> Recorded[TreeState, int, float]:
    """The events of ``kind`` (with its default options) searching ``root`` to ``depth``.

    Raises MissingCapabilityError when the kind cannot search a handout tree.
    """
    game = ExplicitGame(root)
    estimator = tree_estimator(game)
    kind.check(game, estimator)

    def build(
        observer: SearchObserver[TreeState, int, float],
    ) -> SearchPlayer[TreeState, int, float]:
        return kind.build(estimator, depth, observer=observer)

    return record(build)


_STEPPER_OPTIONS = {"sims": 40, "scale": 10.0}
"""What a kind that traces itself is run with on the stepper's trees: few enough
simulations to step through (MCTS's), and an estimate's scale that suits the handout's
leaves (tanh(g / 10))."""


PNS_SUMMARY = "proof-number search: can Maxie get the tree's value? (proof/disproof numbers)"
"""The stepper's menu entry for proof-number search."""


def minimax_value(tree: Node | Leaf[float], maxie: bool = True) -> float:
    """The minimax value of a handout tree, Maxie moving at its root."""
    if isinstance(tree, Leaf):
        return tree.value
    values = [
        minimax_value(child, not maxie) for child in tree.children if not isinstance(child, End)
    ]
    return max(values) if maxie else min(values)


def proof_steps(root: Node | Leaf[float]) -> JSON:
    """Proof-number search's steps on ``root`` asked as "can Maxie get its minimax value?"
    (`gamelib.trace.proofs.pns_steps`); the finished games named by what the leaf was
    worth against that value (``≥ 4``, ``< 4``)."""
    value = minimax_value(root)
    shown = f"{value:g}"

    def name(status: Status[TreeState]) -> str:
        match status:
            case Playing(state):
                return state.node.name
            case Done(Winner(Side.Maxie)):
                return f"≥ {shown}"
            case Done():
                return f"< {shown}"

    asked = at_least(root, value)
    assert not isinstance(asked, End)  # a handout tree's root is a Node
    game = ExplicitGame(asked)
    # What winning means in this tree:
    question = f"can Maxie get at least {shown}?"

    def search(
        watch: Callable[
            [tuple[int, ...], PnsNode[TreeState, int], list[PnsNode[TreeState, int]]], None
        ],
    ) -> BooleanSolution[TreeState, int]:
        return pns_goal(game, Goal.WIN, game.start, Side.Maxie, watch=watch)

    return pns_steps(game, game.start, search, question, name)


def stepper_data(catalog: Catalog[SearchKind] = CATALOG) -> dict[str, JSON]:
    """Every kind in ``catalog`` searching every tree of :data:`STEPPER_TREES`, as JSON data.

    ``{"trees": [{"key", "title", "text", "depth", "searches": {kind: steps}}],
    "kinds": [{"name", "summary"}], "unobserved": [{"kind", "reason"}], "note"}``, where
    ``steps`` is `gamelib.trace.steps.steps_to_json` of the search.  A
    kind that cannot search the trees, or reports no events to its observer,
    is listed in ``unobserved`` with the reason instead; ``note`` says so in a sentence.
    """
    searches: dict[str, dict[str, JSON]] = {key: {} for key, *_ in STEPPER_TREES}
    kinds: list[JSON] = []
    unobserved: list[tuple[str, str]] = []
    for kind in catalog:
        found: dict[str, JSON] = {}
        reason = None
        for key, _, _, root, depth in STEPPER_TREES:
            if kind.steps is not None:  # a kind that traces itself (MCTS's simulations)
                game = ExplicitGame(root)
                found[key] = kind.steps(tree_estimator(game), depth, _STEPPER_OPTIONS, _tree_name)
                continue
            try:
                recorded = _record(kind, root, depth)
                if not recorded.events:
                    raise TraceError("its search reports no events to an observer")
                found[key] = steps_to_json(recorded, _tree_name)
            except (MissingCapabilityError, TraceError, UnobservedError) as error:
                reason = str(error)
                break
        if reason is not None:
            unobserved.append((kind.name, reason))
            continue
        kinds.append({"name": kind.name, "summary": kind.summary})
        for key, steps in found.items():
            searches[key][kind.name] = steps
    # Proof-number search, beside the catalog's kinds: each tree asked whether Maxie can get
    # its minimax value, the leaves worth that much won for Maxie, the others lost.
    kinds.append({"name": "pns", "summary": PNS_SUMMARY})
    for key, _, _, root, _ in STEPPER_TREES:
        searches[key]["pns"] = proof_steps(root)
    trees: list[JSON] = [
        {"key": key, "title": title, "text": text, "depth": depth, "searches": searches[key]}
        for key, title, text, _, depth in STEPPER_TREES
    ]
    if unobserved:
        left_out = "; ".join(f"{name} ({reason})" for name, reason in unobserved)
        note = f"Not in the stepper, because their searches cannot be observed here: {left_out}."
    else:
        traced = [kind.name for kind in catalog if kind.steps is not None]
        itself = f", and {' and '.join(traced)} its simulations as it traces them" if traced else ""
        note = (
            f"Every kind in the catalog is in the stepper, all {len(kinds) - 1}: the searches "
            f"as their observers report them{itself}; and proof-number search, asking whether "
            "Maxie can get the tree's minimax value."
        )
    return {
        "trees": trees,
        "kinds": kinds,
        "unobserved": [{"kind": name, "reason": reason} for name, reason in unobserved],
        "note": note,
    }


def stepper_html(data: dict[str, JSON]) -> str:
    """The stepper's data as a JSON script element, after its note on the kinds it shows."""
    # "<" written as \u003c cannot end the script element early, whatever a name holds.
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return (
        f'<p class="gamelib-stepper-kinds">{html.escape(str(data["note"]))}</p>\n'
        f'<script type="application/json" id="gamelib-stepper-data">{payload}</script>\n'
    )


def generate_stepper(folder: Path) -> list[Path]:
    """Write the stepper's data (:func:`stepper_html`) into ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "stepper_data.html"
    target.write_text(stepper_html(stepper_data()), encoding="utf-8")
    return [target]


def catalog_table(catalog: Catalog[SearchKind] = CATALOG) -> str:
    """The catalog's search kinds as a Markdown table.

    Each option's default is written as a person types it in a spec or a flag
    ([`Option.default_text`][gamelib.search.kinds.Option.default_text]): `none`, `all`, `1s`.
    """
    rows = [
        "| kind | player spec | what it is | options | needs |",
        "|---|---|---|---|---|",
    ]
    for kind in catalog:
        options = (
            "<br>".join(
                f"`{o.name}`: {o.summary} (default `{o.default_text()}`)" for o in kind.options
            )
            or "none"
        )
        needs = ", ".join(sorted(c.value for c in kind.needs)) or "nothing more"
        rows.append(f"| `{kind.name}` | `{kind.usage()}` | {kind.summary} | {options} | {needs} |")
    return "\n".join(rows) + "\n"


EXCERPTS: list[tuple[str, str, str]] = [
    ("minimax_next_move.py", "gamelib/estimate/minimax.py", "next_move"),
]
"""Sections of a function's body that a page shows as excerpts of the function (see
:func:`excerpt`): the file written into docs/generated/, the source file, the section."""


def excerpt(source: str, section: str) -> str:
    """The lines of ``section`` in ``source``, at their own indentation, under the header of
    the function they are in (its ``def`` up to the colon), with ``...`` for what is left out.

    The snippets extension would show a run of statements from a function's body (its
    ``return`` among them) from column 0, as if they stood at the top of a module.
    """
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if f"# --8<-- [start:{section}]" in line)
    end = next(i for i, line in enumerate(lines) if f"# --8<-- [end:{section}]" in line)
    shown = [line for line in lines[start + 1 : end] if "--8<--" not in line]
    # Counted from 0, as lines are (ast counts from 1): the section's last line of code.
    last = max(i for i in range(start + 1, end) if lines[i].strip() and "--8<--" not in lines[i])
    around = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.lineno - 1 < start
        and (node.end_lineno or 0) - 1 >= last
    ]
    if not around:
        raise ValueError(f"section {section} is not inside a function")
    function = max(around, key=lambda node: node.lineno)  # the innermost
    body = function.body[0].lineno - 1  # where its body starts, counted from 0 as lines are
    header = lines[function.lineno - 1 : body]
    while header and not header[-1].strip():
        header.pop()
    indent = " " * function.body[0].col_offset
    before = [f"{indent}..."] if body < start else []
    after = [f"{indent}..."] if (function.body[-1].end_lineno or 0) - 1 > last else []
    return "\n".join([*header, *before, *shown, *after]) + "\n"


def generate_excerpts(folder: Path, root: Path) -> list[Path]:
    """Write each of :data:`EXCERPTS`, from the sources under ``root``, into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, path, section in EXCERPTS:
        target = folder / name
        target.write_text(excerpt((root / path).read_text(encoding="utf-8"), section), "utf-8")
        written.append(target)
    return written


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


def _write(folder: Path, name: str, text: str, dot_text: str) -> list[Path]:
    """``name``.txt, .dot and .svg in ``folder``."""
    files = [folder / f"{name}.txt", folder / f"{name}.dot", folder / f"{name}.svg"]
    files[0].write_text(text + "\n", encoding="utf-8")
    files[1].write_text(dot_text, encoding="utf-8")
    render(dot_text, files[2])
    return files


def generate_many_players(folder: Path) -> list[Path]:
    """Draw the n-player searches of "Many players, seen" into ``folder``; the files written.

    The CSE 473-style three-player tree by max^n, by max^n with shallow pruning
    (total 10), and by alpha-beta on A's paranoid game (`paranoid_player`); and take-away from 5
    pebbles searched to the end by max^n.
    """
    folder.mkdir(parents=True, exist_ok=True)
    tree = tree_estimator_n(TreeGame(CSE473_3P))
    maxn = trace(MaxN, NSettings(tree, 3))
    shallow = trace(ShallowMaxN, ShallowSettings(tree, 3, 10))
    paranoid = trace_player(
        lambda observer: paranoid_player(NSettings(tree, 3), 0, observer=observer)
    )
    takeaway = trace(MaxN, NSettings(takeaway_estimator(TakeAway(pile=5)), 5))
    written: list[Path] = []
    for name, found in [("cse473_maxn", maxn), ("cse473_shallow", shallow)]:
        written += _write(folder, name, trace_to_text(found), trace_to_dot(found))
    written += _write(folder, "cse473_paranoid", trace_to_text(paranoid), trace_to_dot(paranoid))
    written += _write(folder, "takeaway_maxn", trace_to_text(takeaway), trace_to_dot(takeaway))
    return written


CHANCE_PICTURES: list[
    tuple[str, TreeNode[float] | Leaf[float], int, ChanceFactory[Reached[float], int]]
] = [
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
        found = trace(factory, settings)
        text = folder / f"{name}.txt"
        text.write_text(trace_to_text(found) + "\n", encoding="utf-8")
        dot_text = trace_to_dot(found)
        dot = folder / f"{name}.dot"
        dot.write_text(dot_text, encoding="utf-8")
        svg = folder / f"{name}.svg"
        render(dot_text, svg)
        written += [text, dot, svg]
    return written


PRIVATE = re.compile(r"_[A-Za-z0-9]\w*")
"""A private name: one underscore, then a name (not a dunder such as ``__name__``)."""


def names_private(node: ast.AST) -> bool:
    """Whether the code ``node`` uses a private name, such as a module's helper."""
    return any(
        isinstance(name, ast.Name) and PRIVATE.fullmatch(name.id) is not None
        for name in ast.walk(node)
    )


class PublicNamesOnly(griffe.Extension):
    """Griffe extension (mkdocs.yml): the API reference names only what it documents.

    A signature shows an attribute's value, which for a table such as ``CATALOG``
    is its whole source, private helpers (``_jamboree``, ``_preset``) and all:
    such a value is left out, and the attribute's docstring says what it holds.
    A private base class (``TicTacToeState``'s ``_Bits``) is left out of the bases.
    """

    def on_attribute_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        attr: griffe.Attribute,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        """Leave out the value of ``attr`` when it uses a private name."""
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if value is not None and names_private(value):
            attr.value = None

    def on_class_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        cls: griffe.Class,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        """Leave out the bases of ``cls`` that are private."""
        cls.bases = [base for base in cls.bases if PRIVATE.match(str(base)) is None]


def copy_stepper_code(folder: Path) -> list[Path]:
    """The stepper's script and style, which gamelib carries for notebooks
    (``gamelib/trace/web``), copied where the site takes them from; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    web = resources.files("gamelib.trace").joinpath("web")
    for name in ("stepper.js", "stepper.css"):
        target = folder / name
        target.write_bytes(web.joinpath(name).read_bytes())
        written.append(target)
    return written


def on_pre_build(config: Any, **kwargs: Any) -> None:
    """Regenerate docs/generated/ from the current code."""
    generate(Path(config["docs_dir"]) / "generated")
    generate_many_players(Path(config["docs_dir"]) / "generated")
    generate_chance(Path(config["docs_dir"]) / "generated")
    generate_stepper(Path(config["docs_dir"]) / "generated")
    copy_stepper_code(Path(config["docs_dir"]) / "generated")
    generate_excerpts(Path(config["docs_dir"]) / "generated", Path(config["docs_dir"]).parent)


def notebook_links(html_text: str) -> str:
    """A lecture notebook's links to the docs' pages (``../matches.md``, as Jupyter opens
    them beside the notebook) as the site serves those pages (``../../matches/``): the
    notebooks are rendered without MkDocs's own link resolution.

    >>> notebook_links('see <a href="../matches.md#the-arithmetic">matches</a>')
    'see <a href="../../matches/#the-arithmetic">matches</a>'
    """
    return re.sub(r'href="\.\./([\w-]+)\.md(#[\w-]*)?"', r'href="../../\1/\2"', html_text)


def on_page_content(html_text: str, page: Any, **kwargs: Any) -> str:
    if str(page.file.src_uri).endswith(".ipynb"):
        return notebook_links(html_text)
    return html_text
