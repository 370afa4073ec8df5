"""gamelib in a notebook: pictures of trees, traces, proofs and answers.

A notebook (Jupyter, VS Code) shows an object by asking it for a picture.  The games'
states draw themselves (their `_repr_svg_`: see
[`connect4_picture`][gamelib.games.connect4.connect4_picture]), and so does a match (a
table).  What needs a game to be written, or a layout to be drawn, goes through
[`show`][gamelib.notebook.show]:

- an explicit tree (`parse_tree("a[b[c3,d6],e[f1,g9]]")`),
- a search's trace ([`trace`][gamelib.trace.tree.trace]),
- a proof tree, or a boolean solver's answer with its proof,
- a solve's answer (the exact solver's or a goal method's): the board after the best move,
  with the answer in words.

[`stepper`][gamelib.notebook.stepper] puts the docs' stepper in a cell: any search that
reports its events (a search kind of the catalog, on your tree or your game), replayed
step by step, with everything it needs inside the cell (no network, no server).

Trees are laid out by Graphviz's `dot` program, the same pictures the docs and
`gamelib trace --svg` draw.  Where `dot` is not installed (a fresh machine has none), the
notebook shows the same thing as text, as the terminal does, and one line saying how to
get the picture: the text carries everything the picture does, and a second layout
engine would only draw Graphviz's pictures worse.

```pycon
>>> from gamelib.games.explicit import parse_tree
>>> picture = show(parse_tree("a[b[c3,d6],e[f1,g9]]"))
>>> print(picture.text)
a
  0: b
    0: c = 3
    1: d = 6
  1: e
    0: f = 1
    1: g = 9
>>> sorted(picture._repr_mimebundle_())[-1]
'text/plain'

```
"""

from __future__ import annotations

import json
import shutil
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import TypeVar, assert_never, cast, final, overload

from gamelib.algorithms.boolean import BooleanSolution, ProofNode
from gamelib.algorithms.exact import Solution, describe
from gamelib.algorithms.goals import Verdict, describe_verdict
from gamelib.core.checks import echo
from gamelib.core.datatypes import Playing, Status, outcome_to_string
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.core.trees import End, Leaf
from gamelib.errors import InputError
from gamelib.games.explicit import ExplicitGame, Node, Tree, TreeState
from gamelib.search.events import SearchObserver
from gamelib.search.player import SearchPlayer
from gamelib.trace.dot import trace_to_dot
from gamelib.trace.graphviz import dot_quote, to_svg
from gamelib.trace.proofs import proof_to_dot, proof_to_text
from gamelib.trace.steps import record, steps_to_json
from gamelib.trace.text import trace_to_text
from gamelib.trace.tree import Trace

__all__ = ["Answer", "Picture", "ShowError", "Stepper", "show", "stepper", "tree_to_dot"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

NO_DOT = (
    "Graphviz's dot program is not installed, so this is the text; install Graphviz "
    "(Debian: apt-get install graphviz) to see it drawn."
)
"""The line a notebook shows under the text where `dot` is missing."""


@final
@dataclass(frozen=True)
class Picture:
    """A tree to show: its Graphviz picture where `dot` is installed, else its text."""

    dot: str
    """The picture, as DOT text."""
    text: str
    """The same, as the terminal writes it."""

    def svg(self) -> str | None:
        """The picture drawn as SVG by `dot`, or None where `dot` is not installed."""
        if shutil.which("dot") is None:
            return None
        return to_svg(self.dot)

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None
    ) -> Mapping[str, str]:
        drawn = self.svg()
        if drawn is not None:
            return {"image/svg+xml": drawn, "text/plain": self.text}
        page = f"<pre>{escape(self.text)}</pre><p><em>{escape(NO_DOT)}</em></p>"
        return {"text/html": page, "text/plain": self.text}


@final
@dataclass(frozen=True)
class Answer:
    """A solve's answer to show: the position (drawn, where its state draws itself) and
    the answer in words."""

    words: str
    """The answer, as `gamelib solve` says it."""
    board: str | None
    """The position as SVG, where its state draws itself."""
    text: str
    """The position as the game writes it."""

    def _repr_html_(self) -> str:
        picture = self.board if self.board is not None else f"<pre>{escape(self.text)}</pre>"
        return f"<div>{picture}<p>{escape(self.words)}</p></div>"

    def __str__(self) -> str:
        return f"{self.text}\n{self.words}"


@overload
def show(thing: Tree, game: None = None) -> Picture: ...
@overload
def show(thing: Trace[S, M, G], game: None = None) -> Picture: ...
@overload
def show(thing: ProofNode[S, M] | BooleanSolution[S, M], game: Game[S, M]) -> Picture: ...
@overload
def show(thing: Solution[S, M] | Verdict[S, M], game: Game[S, M]) -> Answer: ...
def show(
    thing: Tree
    | Trace[S, M, G]
    | ProofNode[S, M]
    | BooleanSolution[S, M]
    | Solution[S, M]
    | Verdict[S, M],
    game: Game[S, M] | None = None,
) -> Picture | Answer:
    """`thing` as a notebook shows it (see the module).  A proof or a solve's answer needs
    its `game`, which writes its positions and moves."""
    if isinstance(thing, Node | Leaf | End):
        return Picture(tree_to_dot(thing), _tree_text(thing))
    if isinstance(thing, Trace):
        return Picture(trace_to_dot(thing), trace_to_text(thing).rstrip("\n"))
    given: object = thing  # whatever a notebook's cell passed, whatever the types say
    if not isinstance(given, ProofNode | BooleanSolution | Solution | Verdict):
        hint = " (parse_tree of gamelib.games.explicit reads a tree's text)" * isinstance(
            given, str
        )
        raise ShowError(
            f"show draws an explicit tree, a search's trace (gamelib.trace.trace), a proof "
            f"or a solver's answer with its game, not {_what(given)}{hint}"
        )
    if game is None:
        raise ShowError(
            f"show needs the game too, to write a {type(thing).__name__}'s positions: "
            "show(answer, game)"
        )
    if isinstance(thing, BooleanSolution):
        thing = thing.proof
    if isinstance(thing, ProofNode):
        return Picture(proof_to_dot(game, thing), proof_to_text(game, thing))
    words = describe(game, thing) if isinstance(thing, Solution) else describe_verdict(game, thing)
    draws = getattr(thing.state, "_repr_svg_", None)
    board = str(draws()) if callable(draws) else None
    return Answer(words, board, game.state_to_string(thing.state))


def tree_to_dot(tree: Tree) -> str:
    """An explicit tree as a Graphviz digraph: Maxie's positions as boxes, Minnie's as
    ellipses (Maxie at the root), leaves with their values, finished games as octagons."""
    lines = ["digraph tree {", '  node [fontname="sans-serif"];']
    counter = iter(range(1 << 62))
    todo: list[tuple[Tree, str | None, str, bool]] = [(tree, None, "", True)]
    while todo:
        node, parent, move, maxie = todo.pop()
        name = f"n{next(counter)}"
        match node:
            case Leaf(label, value):
                shape, text = "plaintext", f"{label}\n{value:g}"
            case End(label, outcome):
                shape, text = "octagon", f"{label}\n{outcome_to_string(outcome)}"
            case Node(label, children):
                shape, text = ("box" if maxie else "ellipse"), label
                for index in reversed(range(len(children))):
                    todo.append((children[index], name, str(index), not maxie))
            case _:
                assert_never(node)
        lines.append(f"  {name} [label={dot_quote(text)}, shape={shape}];")
        if parent is not None:
            lines.append(f"  {parent} -> {name} [label={dot_quote(move)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _tree_text(tree: Tree) -> str:
    """An explicit tree as indented lines: each position, and the moves below it."""
    lines: list[str] = []
    todo: list[tuple[Tree, str, int]] = [(tree, "", 0)]
    while todo:
        node, via, depth = todo.pop()
        indent = "  " * depth
        match node:
            case Leaf(label, value):
                lines.append(f"{indent}{via}{label} = {value:g}")
            case End(label, outcome):
                lines.append(f"{indent}{via}{label}: {outcome_to_string(outcome)}")
            case Node(label, children):
                lines.append(f"{indent}{via}{label}")
                for index in reversed(range(len(children))):
                    todo.append((children[index], f"{index}: ", depth + 1))
            case _:
                assert_never(node)
    return "\n".join(lines)


@final
@dataclass(frozen=True)
class Stepper:
    """The docs' stepper, for a notebook's cell: the searches to replay, as
    `gamelib.trace.steps.steps_to_json` gives them, by tree and kind."""

    data: Mapping[str, JSON]
    """`{"trees": [{"key", "title", "text", "depth", "searches": {kind: steps}}],
    "kinds": [{"name", "summary"}]}`, as the docs' stepper reads it."""

    def _repr_html_(self) -> str:
        web = resources.files("gamelib.trace").joinpath("web")
        script = web.joinpath("stepper.js").read_text(encoding="utf-8")
        style = web.joinpath("stepper.css").read_text(encoding="utf-8")
        payload = json.dumps(self.data).replace("</", "<\\/")  # no early end of the script
        return (
            f'<div class="gamelib-stepper-cell" id="gamelib-stepper-{uuid.uuid4().hex}">'
            f'<script type="application/json" class="gamelib-stepper-data">{payload}</script>'
            "<p>The stepper needs JavaScript: run the cell in a notebook that runs it.</p>"
            f"</div><style>{style}</style><script>{script}</script>"
        )


def stepper(
    search: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]] | Mapping[str, JSON],
    state: S | None = None,
    *,
    title: str = "the position searched",
    name: Callable[[Status[S]], str] | None = None,
) -> Stepper:
    """A stepper of one search for a notebook's cell.  `search` builds the player from an
    observer, as [`record`][gamelib.trace.steps.record] takes it (`lambda observer:
    AlphaBeta(settings, observer=observer)`); it runs once from `state` (default the
    start), its positions named by `name` (default the game's writing).  Or `search` is
    a search's steps already made (`gamelib.trace.proofs.pns_steps`, MCTS's
    `trace_steps`)."""
    if isinstance(search, Mapping):
        steps: Mapping[str, JSON] = search
    elif not callable(search):
        raise ShowError(
            "stepper takes a function that builds a search player from an observer "
            "(lambda observer: AlphaBeta(settings, observer=observer)) or a search's steps, "
            f"not {_what(search)}"
        )
    else:
        recorded = record(search, state)
        searched: object = recorded.game
        if name is None and isinstance(searched, ExplicitGame):
            # A handout tree's positions by their names (a, b, ...), as the docs show them.
            name = cast(Callable[[Status[S]], str], _tree_name)
        steps = steps_to_json(recorded, name)
    player = str(steps.get("player", "the search"))
    data: dict[str, JSON] = {
        "trees": [
            {
                "key": "search",
                "title": title,
                "text": "",
                "depth": 0,
                "searches": {"search": dict(steps)},
            }
        ],
        "kinds": [{"name": "search", "summary": player}],
    }
    return Stepper(data)


class ShowError(InputError, TypeError):
    """`show` or `stepper` was given something it cannot draw; the message says what it
    takes, in one sentence."""


def _what(thing: object) -> str:
    """`thing` as an error names it: `the int 42`."""
    return f"the {type(thing).__name__} {echo(repr(thing), 40)}"


def _tree_name(status: Status[TreeState]) -> str:
    """An explicit tree's position by its name in the tree (`end` for a finished game)."""
    return status.state.node.name if isinstance(status, Playing) else "end"
