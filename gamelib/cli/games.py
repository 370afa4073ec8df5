"""The games the command line knows, by name, with their options.

The table is a persistent map (pyrsistent `PMap`): adding a game makes a new
table and leaves the old one as it was.  A game is registered as a
[`GameEntry`][gamelib.cli.games.GameEntry]: its options and a function from parsed options to a
[`GameKit`][gamelib.cli.games.GameKit] (the game, its estimator and, when it has one, its
hand-written player).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast, final

from pyrsistent import PMap, pmap

from gamelib.cli.specs import SpecError, shown, whole_number
from gamelib.core.game import Game
from gamelib.core.player import Player
from gamelib.estimate.estimator import Estimator
from gamelib.games.connect4 import MAX_SIDE, ConnectFour, connect4_estimator
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
    "GAMES",
    "GameEntry",
    "GameKit",
    "Job",
    "KitUser",
    "NamedEstimator",
    "NamedGame",
    "explicit_tree",
    "pack",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


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
    digit_moves: bool = False
    """Every move is written as one digit, so a list of moves may be written run together
    (Connect Four's `4455`, as Pons and Tromp write it, when there are at most 9 columns).
    """
    numbered_moves: int | None = None
    """When the moves are the numbers 1..N (Connect Four's columns), N: `solve --all`
    then lists every number, null for one that cannot be played.
    """


@final
@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game the command line can build, with its own options."""

    name: str
    """Its name on the command line."""
    summary: str
    """One line for `gamelib list`."""
    add_options: Callable[[argparse.ArgumentParser], None]
    """Adds the game's options (`--pile`, ...) to a parser."""
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
    """Hide a kit's types behind `KitUser` so registries can hold any game."""
    return _Packed(kit)


def _positive(text: str, option: str) -> int:
    value = whole_number(text, option)
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
    """The explicit game named (small, big, ...) or written out in `text`."""
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
    for name, value in (("--cols", cols), ("--rows", rows), ("--k", k)):
        if value > MAX_SIDE:
            raise SpecError(
                f"{name} must be at most {MAX_SIDE}, got {shown(str(value), 20)}: a bigger board "
                "could not be searched in any useful time"
            )
    try:
        game = ConnectFour(cols=cols, rows=rows, k=k)
    except ValueError as error:
        raise SpecError(str(error)) from None
    return pack(GameKit(game, connect4_estimator(game), digit_moves=cols <= 9, numbered_moves=cols))


def _no_options(parser: argparse.ArgumentParser) -> None:
    del parser


def _tictactoe_build(options: argparse.Namespace) -> KitUser:
    game = TicTacToe()
    return pack(GameKit(game, tictactoe_estimator(game), digit_moves=True))


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


def _kit_named(name: str, args: tuple[str, ...]) -> KitUser:
    """The kit of the game called `name` with the options `args` (`--cols 6`)."""
    entry = GAMES.get(name)
    if entry is None:
        raise SpecError(f"unknown game '{shown(name)}'; known games: {', '.join(sorted(GAMES))}")
    parser = argparse.ArgumentParser(prog=f"gamelib {name}", add_help=False, exit_on_error=False)
    entry.add_options(parser)
    try:
        options = parser.parse_args(list(args))
    except (argparse.ArgumentError, SystemExit):
        raise SpecError(f"bad options for {name}: {shown(' '.join(args))}") from None
    return entry.build(options)


class _Take:
    """A job that keeps the kit's estimator: how a name and options become one."""

    def __init__(self) -> None:
        self.estimator: object = None

    def __call__(self, kit: GameKit[S, M, G], /) -> int:
        self.estimator = kit.estimator
        return 0


@final
@dataclass(frozen=True, slots=True)
class NamedEstimator:
    """Makes the estimator of a game of [`GAMES`][gamelib.cli.games.GAMES] from its name and
    options.

    This, not the estimator, is what a batch sends to its workers: it pickles,
    and equal ones compare equal, so a worker builds each game once.

    ```pycon
    >>> NamedEstimator("nim", ("--pile", "9"))().game.start.pebbles
    9

    ```
    """

    name: str
    """The game's name (`connect4`)."""
    args: tuple[str, ...] = ()
    """Its options as typed (`("--cols", "6")`)."""

    def __call__(self) -> Estimator[object, object, object]:
        take = _Take()
        _kit_named(self.name, self.args).run(take)
        # The kit's own estimator; its state, move and guess types are the game's own.
        return cast(Estimator[object, object, object], take.estimator)


@final
@dataclass(frozen=True, slots=True)
class NamedGame:
    """Makes a game of `GAMES` from its name and options (see `NamedEstimator`)."""

    name: str
    """The game's name."""
    args: tuple[str, ...] = ()
    """Its options as typed."""

    def __call__(self) -> Game[object, object]:
        return NamedEstimator(self.name, self.args)().game
