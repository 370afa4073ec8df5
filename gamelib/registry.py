"""The games and player kinds the command line knows, by name.

Both registries are persistent maps (pyrsistent ``PMap``): adding a game or a
player kind makes a new registry and leaves the old one as it was.

A game is registered as a :class:`GameEntry`: its options and a function from
parsed options to a :class:`GameKit` (the game, its estimator and, when it has
one, its hand-written player).  A player kind is a :class:`PlayerKind`: a
function from a kit and a :class:`PlayerSpec` to a player.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TextIO, TypeVar, final

from pyrsistent import PMap, pmap

from gamelib.core.game import Game
from gamelib.core.human import HumanPlayer
from gamelib.core.player import Player
from gamelib.core.random_player import RandomPlayer
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.estimator import Estimator, Settings
from gamelib.estimate.jamboree import Jamboree
from gamelib.estimate.minimax import Minimax
from gamelib.estimate.player import SearchPlayer
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.explicit import (
    HANDOUT_TREES,
    ExplicitGame,
    TreeSyntaxError,
    parse_tree,
    shallowest_leaf,
    tree_estimator,
)
from gamelib.games.nim import Nim, NimPlayer, nim_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator

__all__ = [
    "DEFAULT_DEPTH",
    "DEFAULT_PRUNE",
    "GAMES",
    "PLAYER_KINDS",
    "PRESETS",
    "GameEntry",
    "GameKit",
    "PlayerKind",
    "PlayerSpec",
    "Preset",
    "SpecError",
    "Streams",
    "explicit_tree",
    "pack",
    "parse_depth",
    "parse_player_spec",
    "parse_prune",
    "search_player",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

DEFAULT_DEPTH = 5
"""Search depth when neither the player spec nor ``--depth`` gives one."""
DEFAULT_PRUNE = 0.5
"""Jamboree's prune percentage when neither the spec nor ``--prune`` gives one."""


class SpecError(ValueError):
    """A player spec or game option that cannot be used; the message says why."""


@final
@dataclass(frozen=True, slots=True)
class GameKit(Generic[S, M, G]):
    """Everything the command line needs to run players on one game."""

    game: Game[S, M]
    """The game, built from the options."""
    estimator: Estimator[S, M, G]
    """The estimator search players use."""
    direct: Callable[[], Player[S, M]] | None = None
    """The game's hand-written player, if it has one."""
    depth_limit: int | None = None
    """The deepest search the game supports from its start (explicit trees), if limited."""


@final
@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as the command line names it: ``alphabeta:5`` or ``jamboree:4:0.25``."""

    kind: str
    """The player kind's name."""
    depth: int
    """Search depth (from the spec, ``--depth``, or the default)."""
    prune: float
    """Jamboree's prune percentage."""
    text: str
    """The spec as typed, for messages."""


@final
@dataclass(frozen=True, slots=True)
class Streams:
    """Where a human player reads and writes, and the seed for random players."""

    input: TextIO
    """Where a human's moves come from."""
    output: TextIO
    """Where prompts and the game go."""
    seed: int | None
    """Seed for random players."""


class PlayerBuilder(Protocol):
    """Builds a player of one kind for any game kit."""

    def __call__(
        self, kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /
    ) -> Player[S, M]: ...


@final
@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A kind of player the command line can build."""

    name: str
    """Its name on the command line."""
    summary: str
    """One line for ``gamelib list``."""
    build: PlayerBuilder
    """How to build one."""
    searches: bool = False
    """Whether it takes a depth (``kind:DEPTH``)."""


def _human(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Player[S, M]:
    return HumanPlayer(kit.game, input=streams.input, output=streams.output)


def _direct(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Player[S, M]:
    if kit.direct is None:
        raise SpecError("this game has no hand-written ('direct') player")
    return kit.direct()


def _random(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Player[S, M]:
    return RandomPlayer(kit.game, seed=streams.seed)


def search_player(kit: GameKit[S, M, G], spec: PlayerSpec) -> SearchPlayer[S, M, G]:
    """The search player ``spec`` names, over ``kit``'s estimator."""
    if kit.depth_limit is not None and spec.depth > kit.depth_limit:
        raise SpecError(
            f"the depth {spec.depth} in '{spec.text}' is deeper than the tree: "
            f"its shallowest leaf is {kit.depth_limit} moves from the root"
        )
    settings = Settings(kit.estimator, spec.depth)
    if spec.kind == "minimax":
        return Minimax(settings)
    if spec.kind == "alphabeta":
        return AlphaBeta(settings)
    if spec.kind == "jamboree":
        return Jamboree(settings, spec.prune)
    raise SpecError(f"'{spec.text}' is not a search player (use minimax, alphabeta or jamboree)")


def _search(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Player[S, M]:
    return search_player(kit, spec)


PLAYER_KINDS_ORDER = ("human", "direct", "random", "minimax", "alphabeta", "jamboree")
"""The kinds in the order ``gamelib list`` shows them."""

PLAYER_KINDS: PMap[str, PlayerKind] = pmap(
    {
        kind.name: kind
        for kind in [
            PlayerKind("human", "you, typing moves at the prompt", _human),
            PlayerKind("direct", "the game's hand-written player (Nim: NimPlayer)", _direct),
            PlayerKind("random", "a random legal move (reproducible with --seed)", _random),
            PlayerKind("minimax", "Minimax search, minimax:DEPTH", _search, searches=True),
            PlayerKind("alphabeta", "alpha-beta search, alphabeta:DEPTH", _search, searches=True),
            PlayerKind("jamboree", "Jamboree search, jamboree:DEPTH:PRUNE", _search, searches=True),
        ]
    }
)
"""Player kinds by name."""


def _whole_number(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SpecError(f"{what} must be a whole number, got '{text}'") from None
    return value


def parse_depth(text: str, where: str = "--depth") -> int:
    """A search depth from text; SpecError unless it is a whole number >= 1."""
    depth = _whole_number(text.strip(), f"the depth in {where}")
    if depth < 1:
        raise SpecError(f"the depth in {where} must be at least 1, got {depth}")
    return depth


def parse_prune(text: str, where: str = "--prune") -> float:
    """A prune percentage from text; SpecError unless it is a number in [0, 1]."""
    try:
        prune = float(text)
    except ValueError:
        raise SpecError(f"the prune percentage in {where} must be a number, got '{text}'") from None
    if math.isnan(prune) or not 0 <= prune <= 1:
        raise SpecError(f"the prune percentage in {where} must be between 0 and 1, got {text}")
    return prune


def parse_player_spec(text: str, default_depth: int, default_prune: float) -> PlayerSpec:
    """``KIND`` or ``KIND:DEPTH`` or ``jamboree:DEPTH:PRUNE``; SpecError says what is wrong.

    >>> parse_player_spec("alphabeta:3", 5, 0.5)
    PlayerSpec(kind='alphabeta', depth=3, prune=0.5, text='alphabeta:3')
    >>> parse_player_spec("jamboree::0.25", 5, 0.5)
    Traceback (most recent call last):
    ...
    gamelib.registry.SpecError: the depth in 'jamboree::0.25' must be a whole number, got ''
    """
    kind, *rest = text.strip().split(":")
    entry = PLAYER_KINDS.get(kind)
    if entry is None:
        known = ", ".join(PLAYER_KINDS_ORDER)
        raise SpecError(f"unknown player kind '{kind}'; known kinds: {known}")
    most = 2 if kind == "jamboree" else 1 if entry.searches else 0
    if len(rest) > most:
        raise SpecError(f"'{text}' has too many ':' parts for a {kind} player")
    depth = parse_depth(rest[0], f"'{text}'") if rest else default_depth
    prune = parse_prune(rest[1], f"'{text}'") if len(rest) > 1 else default_prune
    return PlayerSpec(kind, depth, prune, text)


@final
@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game the command line can build, with its own options."""

    name: str
    """Its name on the command line."""
    summary: str
    """One line for ``gamelib list``."""
    add_options: Callable[[argparse.ArgumentParser], None]
    """Adds the game's options (``--pile``, ...) to a parser."""
    build: Callable[[argparse.Namespace], KitUser]
    """Builds the kit from parsed options (SpecError for bad values)."""
    playable: bool = True
    """False for games that are only analysed (explicit trees end in estimates)."""


class KitUser(Protocol):
    """Something that can be run with a kit of any type: the CLI's way in."""

    def run(self, job: Job) -> int: ...


class Job(Protocol):
    """A command to run on a kit, whatever its state, move and guess types."""

    def __call__(self, kit: GameKit[S, M, G], /) -> int: ...


@final
@dataclass(frozen=True, slots=True)
class _Packed(Generic[S, M, G]):
    kit: GameKit[S, M, G]

    def run(self, job: Job) -> int:
        return job(self.kit)


def pack(kit: GameKit[S, M, G]) -> KitUser:
    """Hide a kit's types behind :class:`KitUser` so registries can hold any game."""
    return _Packed(kit)


def _positive(text: str, option: str) -> int:
    value = _whole_number(text, option)
    if value < 1:
        raise SpecError(f"{option} must be at least 1, got {value}")
    return value


def _nim_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pile", default="15", help="pebbles at the start (default 15)")


def _nim_build(options: argparse.Namespace) -> KitUser:
    game = Nim(pile=_positive(str(options.pile), "--pile"))
    return pack(GameKit(game, nim_estimator(game), lambda: NimPlayer(game)))


def _tree_options(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(HANDOUT_TREES)
    parser.add_argument(
        "--tree",
        default="small",
        help=f"a handout tree ({names}) or a tree in the handout form, e.g. 'a[b[c3,d6],e[f1]]'",
    )


def explicit_tree(text: str) -> ExplicitGame:
    """The explicit game named (small, big, ...) or written out in ``text``."""
    named = HANDOUT_TREES.get(text.strip().lower())
    if named is not None:
        return ExplicitGame(named)
    if "[" not in text and text.strip().isidentifier():
        known = ", ".join(HANDOUT_TREES)
        raise SpecError(f"unknown tree '{text}'; named trees: {known}, or write one out")
    try:
        return ExplicitGame(parse_tree(text))
    except TreeSyntaxError as error:
        raise SpecError(str(error)) from None


def _tree_build(options: argparse.Namespace) -> KitUser:
    game = explicit_tree(str(options.tree))
    return pack(GameKit(game, tree_estimator(game), depth_limit=shallowest_leaf(game.root)))


def _connect4_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cols", default="7", help="columns (default 7)")
    parser.add_argument("--rows", default="6", help="rows (default 6)")
    parser.add_argument("--k", default="4", help="pieces in a line to win (default 4)")


def _connect4_build(options: argparse.Namespace) -> KitUser:
    cols = _positive(str(options.cols), "--cols")
    rows = _positive(str(options.rows), "--rows")
    k = _positive(str(options.k), "--k")
    try:
        game = ConnectFour(cols=cols, rows=rows, k=k)
    except ValueError as error:
        raise SpecError(str(error)) from None
    return pack(GameKit(game, connect4_estimator(game)))


def _no_options(parser: argparse.ArgumentParser) -> None:
    del parser


def _tictactoe_build(options: argparse.Namespace) -> KitUser:
    game = TicTacToe()
    return pack(GameKit(game, tictactoe_estimator(game)))


GAMES: PMap[str, GameEntry] = pmap(
    {
        "connect4": GameEntry(
            "connect4",
            "drop pieces in columns; k in a line wins (--cols, --rows, --k)",
            _connect4_options,
            _connect4_build,
        ),
        "tictactoe": GameEntry(
            "tictactoe",
            "three in a line on 3 x 3; type a cell as one digit 1-9",
            _no_options,
            _tictactoe_build,
        ),
        "nim": GameEntry(
            "nim",
            "take 1-3 pebbles; whoever takes the last loses (--pile)",
            _nim_options,
            _nim_build,
        ),
        "tree": GameEntry(
            "tree",
            "an explicit game tree, as in the handouts (analyse only)",
            _tree_options,
            _tree_build,
            playable=False,
        ),
    }
)
"""Games by name."""


@final
@dataclass(frozen=True, slots=True)
class Preset:
    """A named game the course runs (``gamelib run NAME``)."""

    name: str
    """Its name: game, then the two players (H human, MM Minimax, AB AlphaBeta, J Jamboree)."""
    summary: str
    """One line for ``gamelib list``."""
    argv: tuple[str, ...]
    """The ``gamelib`` arguments it stands for."""


def _preset(name: str, summary: str, *argv: str) -> tuple[str, Preset]:
    return name, Preset(name, summary, argv)


PRESETS: PMap[str, Preset] = pmap(
    dict(
        [
            _preset(
                "C4_HvAB",
                "Connect Four: you against AlphaBeta, depth 5",
                *("play", "connect4", "--maxie", "human", "--minnie", "alphabeta:5"),
            ),
            _preset(
                "C4_HvMM",
                "Connect Four: you against Minimax, depth 5",
                *("play", "connect4", "--maxie", "human", "--minnie", "minimax:5"),
            ),
            _preset(
                "C4_ABvMM",
                "Connect Four: AlphaBeta against Minimax, depth 5 (make demo)",
                *("play", "connect4", "--maxie", "alphabeta:5", "--minnie", "minimax:5"),
            ),
            _preset(
                "Nim_HvMM",
                "Nim from 15: you against Minimax, depth 5",
                *("play", "nim", "--maxie", "human", "--minnie", "minimax:5"),
            ),
            _preset(
                "Nim_MMvMM",
                "Nim from 15: Minimax against Minimax, depth 5",
                *("play", "nim", "--maxie", "minimax:5", "--minnie", "minimax:5"),
            ),
            _preset(
                "TTT_HvAB",
                "tic-tac-toe: you against AlphaBeta, depth 5",
                *("play", "tictactoe", "--maxie", "human", "--minnie", "alphabeta:5"),
            ),
        ]
    )
)
"""Presets by name, after the course's ``RunNim.HvM`` style runs."""
