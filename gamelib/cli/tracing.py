"""`gamelib trace`: every position a search visits, as text, JSON lines or a picture."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO, TypeVar

from gamelib.algorithms.deepening import (
    DeepeningSettings,
)
from gamelib.cli._common import (
    Command,
    Commands,
    Context,
    Parsing,
    UsageError,
    _Defaults,
    _Parser,
    _reject_extra,
    _Report,
    _search_options,
    _tree_names,
    _unknown_game,
    build_kit,
)
from gamelib.cli.analyse import _answer
from gamelib.cli.batch import json_line
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.games import (
    GAME_CATALOG,
    GameCatalog,
    GameKit,
    KitUser,
    game_choices,
)
from gamelib.cli.players import search_player
from gamelib.cli.specs import (
    PlayerSpec,
    shown,
)
from gamelib.core.trees import Leaf
from gamelib.games.explicit import ExplicitGame, Node, Tree
from gamelib.parallel.recipes import Analysis
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import SearchKind
from gamelib.search.player import (
    SearchPlayer,
)
from gamelib.trace import (
    PICTURE_POSITIONS,
    PictureError,
    draw,
    picture_size,
    stream_trace,
    trace_to_dot,
    write_file,
)
from gamelib.trace.fold import NoEventsError, TraceError
from gamelib.trace.lines import EventLines
from gamelib.trace.words import TwoWords

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")


def _unobserved(kind: str) -> TraceError:
    """The sentence for a kind whose factory dropped the observer `trace` gave it."""
    return TraceError(
        f"the {kind} player reported no search events: to be traced, its kind's factory "
        "must pass its observer to the search"
    )


class _Trace(_Report):
    """`trace` on a game of any family."""

    def beyond(self, kit: FamilyKit[S, M, R], /) -> int:
        spec = _Defaults(self.options, self.catalogs, kit).search_spec("trace", self.options.player)
        try:
            drawing = kit.trace(spec)
        except NoEventsError:
            raise _unobserved(spec.kind) from None
        out = self.out
        if self.options.json:
            if not drawing.steps:
                raise UsageError(f"{spec.kind} traces as text only: leave out --json")
            out.write(drawing.steps)
            return 0
        out.write(drawing.text + "\n")
        out.write(
            f"{drawing.positions} positions visited (root included); "
            f"{drawing.leaves} estimated or finished\n"
        )
        if _pictures_asked(self.options):
            _make_pictures(drawing.dot, self.options, out)
        return 0

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        spec = _Defaults(self.options, self.catalogs, kit).search_spec("trace", self.options.player)
        search_player(kit, spec)  # checks the depth and the kind, as analyse does
        kind = self.catalog[spec.kind]
        if kind.trace is not None:  # a kind that traces itself (MCTS's simulations)
            return self._itself(kit, spec, kind)

        def build(observer: SearchObserver[S, M, G]) -> SearchPlayer[S, M, G]:
            return kind.build(kit.estimator, spec.depth, spec.options, observer=observer)

        options = self.options
        out = self.out
        pictures = _pictures_asked(options)
        try:
            if options.json:
                return self._json(kit, build)
            # The text goes out as the search goes; the tree is kept only for a picture,
            # and only while it is small enough to draw.
            found = stream_trace(
                build,
                out,
                several=self.catalog[spec.kind].several_searches,
                keep=PICTURE_POSITIONS if pictures else 0,
            )
        except NoEventsError:
            raise _unobserved(spec.kind) from None
        out.write(
            f"{found.positions} positions visited (root included); "
            f"{found.leaves} estimated or finished\n"
        )
        settings = kind.settings(kit.estimator, spec.depth, spec.options)
        if isinstance(settings, DeepeningSettings) and (settings.seconds or settings.positions):
            out.write(
                "(traced, iterative deepening checks its budget only between depths, "
                "so that every search shown is whole)\n"
            )
        if pictures:
            if found.trace is None:
                raise PictureError(
                    _too_big(pictures, f"the search visited {found.positions:,} positions")
                )
            _make_pictures(trace_to_dot(found.trace), options, out)
        return 0

    def _itself(self, kit: GameKit[S, M, G], spec: PlayerSpec, kind: SearchKind) -> int:
        """The trace of a kind that traces itself: its text and pictures, or with `--json`
        the stepper's data as JSON Lines: a line with the positions (`"tree"`), then one
        per step, which names positions by their number in that list."""
        assert kind.trace is not None  # the caller asked
        out = self.out
        spec, note = _scaled(kit, spec, kind)
        if note is not None and not self.options.json:
            out.write(note)
        if self.options.json:
            if kind.steps is None:
                raise UsageError(f"{kind.name} traces as text only: leave out --json")
            data = kind.steps(kit.estimator, spec.depth, spec.options, None)
            out.write(
                json_line({"event": "tree", "player": data["player"], "nodes": data["nodes"]})
            )
            steps = data["steps"]
            assert isinstance(steps, list)  # the steps of a stepper's search are a list
            for step in steps:
                assert isinstance(step, dict)  # each a JSON object
                out.write(json_line(step))
            return 0
        text, dot = kind.trace(kit.estimator, spec.depth, spec.options)
        out.write(text)
        if _pictures_asked(self.options):
            _make_pictures(dot, self.options, out)
        return 0

    def _json(
        self,
        kit: GameKit[S, M, G],
        build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]],
    ) -> int:
        """The trace as JSON Lines: each event as it comes, then the move and value."""
        writer = EventLines(TwoWords(kit.game, kit.estimator), self.out)
        player = build(writer)
        state = kit.game.start
        move, value = player.analyse(state)
        writer.finish(_answer(kit, str(player), state, Analysis(move, value)).found)
        return 0


def _scaled(
    kit: GameKit[S, M, G], spec: PlayerSpec, kind: SearchKind
) -> tuple[PlayerSpec, str | None]:
    """`spec` with a scale of the explicit tree's values when it reads guesses through one
    (MCTS's tanh(g / scale)) and none was given, and the line that says so (None: `spec`
    as it was).  The scale is the largest leaf value, which counts as tanh(1): the leaves
    of a handout tree, numbers up to 30, would count as ±1 nearly all at the scale 1."""
    game: object = kit.game  # any game's kit; only an explicit tree has leaf values
    if kind.option("scale") is None or "scale" in spec.options:
        return spec, None
    if not isinstance(game, ExplicitGame):
        return spec, None
    largest = max((abs(v) for v in _leaf_values(game.root)), default=0.0)
    if largest == 0:
        return spec, None
    scaled = replace(spec, options=spec.options.set("scale", float(largest)))
    written = spec.text.strip()
    return scaled, (
        f"(MCTS reads a leaf's value v as the result tanh(v / {largest:g}): the scale is the "
        f"tree's largest value, so that no leaf is squashed to +/-1; {written}:scale=S sets "
        "another)\n"
    )


def _leaf_values(root: Tree) -> list[float]:
    """The values of the leaves of an explicit tree (its finished games have none)."""
    found: list[float] = []
    todo: list[Tree] = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, Node):
            todo.extend(node.children)
        elif isinstance(node, Leaf):
            found.append(node.value)
    return found


def _pictures_asked(options: argparse.Namespace) -> list[str]:
    """The files `--dot`, `--svg` and `--png` name, in that order."""
    return [name for name in (options.dot, options.svg, options.png) if name is not None]


def _too_big(files: list[str], why: str) -> str:
    """The sentence refusing a picture too big to draw: how big, the cap, what to do."""
    made = f"{files[0]} was" if len(files) == 1 else f"{' and '.join(files)} were"
    return (
        f"{made} not made: {why}, more than the {PICTURE_POSITIONS:,} a picture may have "
        f"(Graphviz lays out {PICTURE_POSITIONS:,} in a few seconds, and takes minutes over a "
        "few times more); trace with a smaller --depth, or read the text trace"
    )


def _make_pictures(dot_text: str, options: argparse.Namespace, out: TextIO) -> None:
    """Write `--dot`, draw `--svg` and `--png`; PictureError for one that was not made."""
    positions, unsearched = picture_size(dot_text)
    if positions > PICTURE_POSITIONS:
        grey = f", {unsearched:,} of them never searched (drawn grey)" if unsearched else ""
        why = f"the picture would have {positions:,} positions{grey}"
        raise PictureError(_too_big(_pictures_asked(options), why))
    if options.dot is not None:
        write_file(Path(options.dot), dot_text.encode())
        out.write(f"wrote {options.dot}\n")
    for picture in (options.svg, options.png):
        if picture is not None:
            draw(dot_text, Path(picture))
            out.write(f"wrote {picture}\n")


def _check_pictures(options: argparse.Namespace) -> None:
    """UsageError for a picture file that could not be written, before any search.

    Rather than after printing the whole trace: the folder must exist, the
    name must not be a folder, and the file must open for writing (tried
    without changing it: an existing file is opened to append nothing, a new
    one is made and removed).
    """
    for picture, suffix in ((options.svg, ".svg"), (options.png, ".png")):
        if picture is not None and not picture.lower().endswith(suffix):
            raise UsageError(f"the file for --{suffix[1:]} must end in {suffix}, got '{picture}'")
    for output in _pictures_asked(options):
        path = Path(output)
        folder = path.resolve().parent
        if path.is_dir():
            raise UsageError(f"cannot write {output}: it is a folder")
        if not folder.exists():
            raise UsageError(f"cannot write {output}: its folder does not exist")
        if not folder.is_dir():
            raise UsageError(f"cannot write {output}: {folder} is not a folder")
        try:
            if path.exists():
                with path.open("ab"):
                    pass
            else:
                with path.open("xb"):
                    pass
                path.unlink()
        except OSError as error:
            raise UsageError(f"cannot write {output}: {error.strerror}") from None


def _trace_target(options: argparse.Namespace, extra: list[str], games: GameCatalog) -> KitUser:
    _reject_extra(extra)
    if options.game is not None:
        if options.tree_text is not None:
            raise UsageError(f"give a tree or --game, not both (got '{shown(options.tree_text)}')")
        entry = games.get(options.game)
        if entry is None:
            raise UsageError(_unknown_game(games, options.game))
        # The game's own options were parsed along with the trace options.
        return entry.build(options)
    if options.tree_text is None:
        raise UsageError(f"name a tree ({', '.join(_tree_names())}), write one, or give --game")
    text: str = options.tree_text  # a name or a text, read (and refused) by tree_kit
    return build_kit(GAME_CATALOG, "tree", ["--tree", text], playing=False)


def _add(commands: Commands, parsing: Parsing) -> _Parser:
    tracing = commands.add_parser(
        "trace", help="show every position a search visits, as text and (optionally) a picture"
    )
    tracing.add_argument(
        "tree_text",
        metavar="TREE",
        nargs="?",
        help=f"a named tree ({', '.join(_tree_names())}) or a tree like 'a[b[c3,d6],e[f1]]', "
        "a chance tree like 'a[?b[1/2: c3, 1/2: d1], e2]' or an n-player tree like "
        "'a[b(1,0,2), c(0,3,0)]'",
    )
    tracing.add_argument(
        "--game",
        help="trace a game's start position instead (with its options): "
        + game_choices(parsing.games.names()),
    )
    tracing.add_argument(
        "--player",
        help="search player (default: alphabeta; expectiminimax for chance trees and games, "
        "maxn for n-player ones); mcts on a tree takes the tree's largest value as its "
        "scale unless one is given",
    )
    _search_options(tracing, parsing)
    tracing.add_argument("--dot", metavar="FILE", help="also write the trace as Graphviz DOT")
    tracing.add_argument("--svg", metavar="FILE", help="also draw it as SVG (needs Graphviz)")
    tracing.add_argument("--png", metavar="FILE", help="also draw it as PNG (needs Graphviz)")
    tracing.add_argument(
        "--json",
        action="store_true",
        help="for scripts: each event as a line of JSON (as the search goes, for two-player "
        "searches), then the move and value",
    )
    if parsing.traced_game is not None:
        traced = parsing.games.get(parsing.traced_game)
        if traced is not None:
            traced.add_options(tracing)  # e.g. --pile for --game nim
    return tracing


def _run(options: argparse.Namespace, extra: list[str], context: Context) -> int:
    if options.json and _pictures_asked(options):
        raise UsageError(
            "give --json or a picture (--dot, --svg, --png), not both: the lines of JSON "
            "are all that is written to standard output"
        )
    _check_pictures(options)
    job = _Trace(options, context.stdout, context.catalogs)
    return _trace_target(options, extra, context.games).run(job)


TRACE = Command("trace", _add, _run)
"""`gamelib trace TREE` and `gamelib trace --game GAME`."""
