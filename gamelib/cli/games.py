"""The games the command line knows, by name, with their options: one catalog.

Every game of every family (two-player, chance, n-player) is an entry of
[`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG], a persistent catalog as
[`gamelib.catalog.CATALOG`][gamelib.catalog.CATALOG] is for search kinds: `with_game`
makes a new catalog and leaves the old one as it was, and
`main(..., games=...)` runs the command line with it.  A two-player game is a
[`GameEntry`][gamelib.cli.games.GameEntry]: its options and a function from parsed
options to a [`GameKit`][gamelib.cli.games.GameKit] (the game, its estimator and, when it
has one, its hand-written player); a game of chance or of n players is one too, whose
`family` says so and whose function builds its family's kit.

A game from outside the package comes in as an entry too: an installed
package names one in the entry point group `gamelib.games`, or a run names
one with `--game-from MODULE:OBJECT` ([`gamelib.cli.loading`][gamelib.cli.loading], which
takes a bare game too).  The smallest one is
[`game_entry`][gamelib.cli.games.game_entry]`(name, summary, estimator)`.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TextIO, TypeVar, cast, final

from pyrsistent import PMap, pmap

from gamelib.catalog import Family
from gamelib.chance.trees import DICE, EXAMPLE, parse_chance_tree
from gamelib.cli.beyond import BEYOND_ENTRIES, FamilyKit, _chance_tree_kit, _nplayer_tree_kit
from gamelib.cli.kits import (
    EntryError,
    GameEntry,
    Job,
    Kit,
    KitUser,
    _fixed_entry,
    check_entry,
)
from gamelib.cli.specs import PlayerSpec, SpecError, read_number, shown
from gamelib.cli.tree_texts import check_tree_text
from gamelib.core.controller import Chooses, TwoPlayers
from gamelib.core.datatypes import Outcome
from gamelib.core.estimator import Estimator, Guess, est_to_string
from gamelib.core.game import Game
from gamelib.core.player import Player
from gamelib.core.trees import Leaf, TreeSyntaxError
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.explicit import (
    HANDOUT_TREES,
    TREE_TITLES,
    ExplicitGame,
    Node,
    TreeState,
    parse_tree,
    shallowest_leaf,
    tree_estimator,
)
from gamelib.games.nim import Nim, NimPlayer, nim_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
from gamelib.nplayer.trees import CSE473
from gamelib.nplayer.trees import parse_tree as parse_nplayer_tree

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAME_CATALOG",
    "NAMED_TREES",
    "AnyEntry",
    "GameCatalog",
    "GameEntry",
    "GameKit",
    "GameLoadError",
    "Job",
    "Kept",
    "KitUser",
    "NamedEstimator",
    "explicit_tree",
    "game_choices",
    "game_entry",
    "installed_games",
    "pack",
    "tree_kit",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@final
@dataclass(frozen=True, slots=True)
class GameKit(Kit[S, M, Outcome], Generic[S, M, G]):
    """Everything the command line needs to run players on one game."""

    game: Game[S, M]
    """The game, built from the options."""
    estimator: Estimator[S, M, G]
    """The estimator search players use."""
    direct: Callable[[], Player[S, M]] | None = None
    """The game's hand-written player, if it has one."""
    depth_limit: int | None = None
    """The deepest search the game supports from its start (explicit trees), if limited."""
    depth_limit_at: Callable[[S], int | None] | None = None
    """The deepest search the game supports from a position, when `depth_limit` is given:
    a command that starts elsewhere (`analyse --moves`) searches no deeper."""
    digit_moves: bool = False
    """Every move is written as one digit, so a list of moves may be written run together
    (Connect Four's `4455`, as Pons and Tromp write it, when there are at most 9 columns).
    """
    numbered_moves: int | None = None
    """When the moves are the numbers 1..N (Connect Four's columns), N: `solve --all`
    then lists every number, null for one that cannot be played.
    """

    @property
    def family(self) -> Family:
        """Its contract: `two-player`."""
        return "two-player"

    title = None
    """None: messages call it by the name it was given on the command line."""
    defaults = ("human", "alphabeta")
    """Maxie is by default a person, Minnie AlphaBeta."""

    @property
    def model(self) -> TwoPlayers[S, M]:
        """The game adapted onto the model: seat 0 Maxie, seat 1 Minnie."""
        return TwoPlayers(self.game)

    def seat(
        self, spec: PlayerSpec, role: str, io: tuple[TextIO, TextIO], seed: int | None
    ) -> Chooses[S, M]:
        """The player `spec` names, reading and writing `io`; a random one seeded by `seed`."""
        from gamelib.cli.players import Streams, build_player  # it builds on this module

        return build_player(self, spec, Streams(io[0], io[1], seed))

    def valuer(self, spec: PlayerSpec) -> tuple[str, Callable[[S], tuple[M, str]]]:
        """What values a position for replay (see `gamelib.cli.kits.Kit`)."""
        from gamelib.cli.players import search_player  # it builds on this module

        player = search_player(self, spec)

        def value(state: S) -> tuple[M, str]:
            best, found = player.analyse(state)
            shown = est_to_string(self.estimator, found)
            return best, shown + (" (more is better for Maxie)" if isinstance(found, Guess) else "")

        return str(player), value

    def run(self, job: Job) -> int:
        """`job` on this kit: a kit is its own way in, as a `KitUser`."""
        return job.two_player(self)


def pack(kit: GameKit[S, M, G]) -> KitUser:
    """`kit` as a `KitUser`, its types hidden, so registries can hold any game (a kit is
    one already: this only says so)."""
    return kit


def _nim_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pile", default="15", help="pebbles at the start (default 15)")


def _nim_build(options: argparse.Namespace) -> KitUser:
    pile = read_number(str(options.pile), "--pile", 1)
    game = Nim(pile=pile)
    return pack(GameKit(game, nim_estimator(game), lambda: NimPlayer(game)))


def _tree_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tree",
        default="small",
        help=f"a named tree ({', '.join(NAMED_TREES)}) or a tree like 'a[b[c3,d6],e[f1]]', a "
        "chance tree like 'a[?b[1/2: c3, 1/2: d1], e2]' or an n-player tree like "
        "'a[b(1,0,2), c(0,3,0)]'",
    )


def explicit_tree(text: str) -> ExplicitGame:
    """The explicit game named (small, big, ...) or written out in `text`."""
    named = HANDOUT_TREES.get(text.strip().lower())
    if named is not None:
        return ExplicitGame(named)
    check_tree_text(text, HANDOUT_TREES)  # an unknown name, or a single leaf
    try:
        return ExplicitGame(parse_tree(text))
    except TreeSyntaxError as error:
        raise SpecError(str(error)) from None


def _explicit_kit(root: Node | Leaf[float]) -> KitUser:
    game = ExplicitGame(root)
    limit = shallowest_leaf(game.root)
    return pack(GameKit(game, tree_estimator(game), depth_limit=limit, depth_limit_at=_depth_at))


def _depth_at(state: TreeState) -> int | None:
    return shallowest_leaf(state.node)


NAMED_TREES: dict[str, tuple[str, Callable[[], KitUser]]] = {
    **{
        name: (TREE_TITLES[name], functools.partial(_explicit_kit, root))
        for name, root in HANDOUT_TREES.items()
    },
    "chance-example": (
        "coin flips after each of Maxie's moves (Chance, seen)",
        functools.partial(_chance_tree_kit, EXAMPLE, "the tree chance-example"),
    ),
    "dice": (
        "a loaded die after each of Maxie's moves (Chance, seen)",
        functools.partial(_chance_tree_kit, DICE, "the tree dice"),
    ),
    "cse473-3p": (
        "the three-player tree of the CSE 473 slides (Many players)",
        functools.partial(_nplayer_tree_kit, CSE473, "the tree cse473-3p"),
    ),
}
"""The named trees of every family, by the names the command line accepts: what each is,
and its kit."""


def tree_kit(text: str) -> KitUser:
    """The kit of the tree `text` names or writes, of the family its text says: a chance
    tree has `?` chance nodes, an n-player tree `(...)` vectors at its leaves, and any
    other is a two-player tree (SpecError for a bad tree).

    ```pycon
    >>> tree_kit("cse473-3p").family, tree_kit("a[?b[1/2: c3, 1/2: d1], e2]").family
    ('n-player', 'chance')

    ```
    """
    named = NAMED_TREES.get(text.strip().lower())
    if named is not None:
        return named[1]()
    check_tree_text(text, NAMED_TREES)  # every family's names, not the handouts' alone
    try:
        if "?" in text:
            return _chance_tree_kit(parse_chance_tree(text))
        if "(" in text:
            return _nplayer_tree_kit(parse_nplayer_tree(text))
    except ValueError as error:  # syntax, vector lengths, fewer than two players
        raise SpecError(str(error)) from None
    return _explicit_kit(explicit_tree(text).root)


def _tree_build(options: argparse.Namespace) -> KitUser:
    return tree_kit(str(options.tree))


def _connect4_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cols", default="7", help="columns (default 7)")
    parser.add_argument("--rows", default="6", help="rows (default 6)")
    parser.add_argument("--k", default="4", help="pieces in a line to win (default 4)")


def _connect4_build(options: argparse.Namespace) -> KitUser:
    cols, rows, k = (
        read_number(str(text), name, 1)
        for name, text in (("--cols", options.cols), ("--rows", options.rows), ("--k", options.k))
    )
    try:
        game = ConnectFour(cols=cols, rows=rows, k=k)
    except ValueError as error:
        raise SpecError(str(error)) from None
    return pack(GameKit(game, connect4_estimator(game), digit_moves=cols <= 9, numbered_moves=cols))


def _tictactoe_options(parser: argparse.ArgumentParser) -> None:
    del parser  # one board, one size


def _tictactoe_build(options: argparse.Namespace) -> KitUser:
    game = TicTacToe()
    return pack(GameKit(game, tictactoe_estimator(game), digit_moves=True))


AnyEntry = GameEntry
"""A game of any family, as the catalog holds it: a `GameEntry`."""


def _fits_a_name(name: object) -> bool:
    """Whether `name` can be typed as a game's name: lower-case letters, digits, `-`, `_`."""
    if not isinstance(name, str):  # an entry from outside may hold anything
        return False
    plain = name.replace("-", "").replace("_", "")
    return bool(name) and name == name.lower() and plain.isascii() and plain.isalnum()


@final
@dataclass(frozen=True, slots=True)
class GameCatalog:
    """Games of every family by name, in the order `gamelib list` shows them (by name).

    Persistent: [`with_game`][gamelib.cli.games.GameCatalog.with_game] returns a new
    catalog.

    ```pycon
    >>> catalog = GAME_CATALOG.with_game(game_entry("nim9", "Nim from 9", NamedEstimator(
    ...     "nim", ("--pile", "9"))()))
    >>> "nim9" in catalog, "nim9" in GAME_CATALOG
    (True, False)

    ```
    """

    entries: PMap[str, AnyEntry] = field(default_factory=pmap)
    """The entries, by name."""

    def with_game(self, entry: AnyEntry) -> GameCatalog:
        """A new catalog with `entry` added (or in place of its namesake).

        REQUIRES: `entry` is a [`GameEntry`][gamelib.cli.games.GameEntry] (TypeError if
        not) whose name is lower-case letters, digits, `-` and `_` (ValueError if not).
        """
        if not isinstance(entry, GameEntry):
            raise TypeError(f"a game entry is a GameEntry, not {_a(entry)}")
        if not _fits_a_name(entry.name):
            raise ValueError(
                "a game needs a name of lower-case letters, digits, '-' and '_', "
                f"got {shown(repr(entry.name))}"
            )
        return GameCatalog(self.entries.set(entry.name, entry))

    def __getitem__(self, name: str) -> AnyEntry:
        entry = self.get(name)
        if entry is None:
            raise KeyError(name)
        return entry

    def get(self, name: str) -> AnyEntry | None:
        """The game called `name`, if there is one; the name is read without regard to
        case or surrounding spaces, as every name on the command line is (`Nim`).

        A name `openspiel:GAME` is OpenSpiel's game GAME, in OpenSpiel's syntax
        (`openspiel:hex(board_size=3)`; see [`gamelib.openspiel`][gamelib.openspiel]); a
        `SpecError` says why one cannot be played (or how to install OpenSpiel).
        """
        if name.strip().lower().startswith("openspiel:"):
            # Imported here, not above: gamelib.openspiel builds its entries from this module.
            from gamelib.openspiel.entries import openspiel_entry

            return openspiel_entry(name)
        return self.entries.get(name.strip().lower())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __iter__(self) -> Iterator[AnyEntry]:
        return iter([self.entries[name] for name in self.names()])

    def __len__(self) -> int:
        return len(self.entries)

    def names(self) -> tuple[str, ...]:
        """Every game's name, in order."""
        return tuple(sorted(self.entries))

    def playable(self) -> tuple[str, ...]:
        """The names of the games `play` takes: not the explicit trees, whose leaves are
        estimates."""
        return tuple(e.name for e in self if e.playable)


def game_choices(names: Iterable[str], openspiel: str = "") -> str:
    """A GAME argument's help: one of `names`, or an OpenSpiel game (of the kind
    `openspiel` says, such as "two-player").

    ```pycon
    >>> game_choices(["nim", "pig"], "two-player")  # doctest: +NORMALIZE_WHITESPACE
    "one of: nim, pig; or openspiel:NAME(PARAMS), a two-player OpenSpiel game in OpenSpiel's
    syntax, such as 'openspiel:hex(board_size=3)' (pip install 'gamelib[openspiel]')"

    ```
    """
    kind = f"a {openspiel}" if openspiel else "an"
    return (
        f"one of: {', '.join(names)}; or openspiel:NAME(PARAMS), {kind} OpenSpiel game in "
        "OpenSpiel's syntax, such as 'openspiel:hex(board_size=3)' "
        "(pip install 'gamelib[openspiel]')"
    )


def _a(thing: object) -> str:
    """What `thing` is, for a sentence: `a RaceToTen`, `None`."""
    if thing is None:
        return "None"
    kind = type(thing).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def game_entry(
    name: str,
    summary: str,
    estimator: Estimator[S, M, G],
    *,
    direct: Callable[[], Player[S, M]] | None = None,
) -> GameEntry:
    """The entry of a two-player game without options: the smallest thing to write to
    play a game of your own from the command line.

    `estimator.game` is the game; `direct`, if given, its hand-written player.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> entry = game_entry("nim7", "Nim from 7", nim_estimator(Nim(pile=7)))
    >>> entry.name, entry.family, entry.summary
    ('nim7', 'two-player', 'Nim from 7')

    ```
    """
    check_entry("game_entry", name, estimator, "two-player")
    return _fixed_entry(name, summary, GameKit(estimator.game, estimator, direct))


def _catalog_of(*entries: AnyEntry) -> GameCatalog:
    catalog = GameCatalog()
    for entry in entries:
        catalog = catalog.with_game(entry)
    return catalog


GAME_CATALOG: GameCatalog = _catalog_of(
    GameEntry(
        "connect4",
        "drop pieces in columns; k in a line wins (--cols, --rows, --k)",
        _connect4_options,
        _connect4_build,
    ),
    GameEntry(
        "tictactoe",
        "three in a line on 3 x 3; type a cell as one digit 1-9",
        _tictactoe_options,
        _tictactoe_build,
    ),
    GameEntry(
        "nim",
        "take 1-3 pebbles; whoever takes the last loses (--pile)",
        _nim_options,
        _nim_build,
    ),
    GameEntry(
        "tree",
        "an explicit game tree, as in the handouts (analyse only)",
        _tree_options,
        _tree_build,
        playable=False,
    ),
    *BEYOND_ENTRIES,
)
"""Every game gamelib ships, of every family, by name; `gamelib list` shows them."""


# --------------------------------------------------------------------------
# Games from outside the package

ENTRY_POINT_GROUP = "gamelib.games"
"""The entry point group where an installed package names its games' entries."""


class GameLoadError(SpecError):
    """A game from outside that could not be loaded; the message says which and why."""


_HOW = "make one with gamelib.cli.games.game_entry(name, summary, estimator)"


def _checked(thing: object, where: str) -> AnyEntry:
    """`thing` as an entry, or GameLoadError naming `where` it came from."""
    if not isinstance(thing, GameEntry):
        raise GameLoadError(f"{where} is {_a(thing)}, not a game entry: {_HOW}")
    if not _fits_a_name(thing.name):
        raise GameLoadError(
            f"{where} names its game {shown(repr(thing.name))}: a game's name is lower-case "
            "letters, digits, '-' and '_'"
        )
    return thing


def _error(error: BaseException) -> str:
    """An exception in a few words: `ZeroDivisionError: division by zero`."""
    text = shown(str(error), 120)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


@functools.cache
def installed_games() -> tuple[tuple[AnyEntry, ...], tuple[str, ...]]:
    """The game entries installed packages name in the `gamelib.games` entry point group,
    and one sentence for each that could not be loaded.

    Loaded once, when first asked for; a broken entry point leaves the others (and the
    built-in games) working.
    """
    entries: list[AnyEntry] = []
    problems: list[str] = []
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        said = f"the game entry point {point.name} ({point.value})"
        try:
            entries.append(_checked(point.load(), said))
        except GameLoadError as error:
            problems.append(str(error))
        except EntryError as error:  # an entry refused as it was made: said whole
            problems.append(f"{said} could not be loaded: {error}")
        except Exception as error:  # an installed package's error, said in one sentence
            problems.append(f"{said} could not be loaded: {_error(error)}")
    return tuple(entries), tuple(problems)


def _kit_named(name: str, args: tuple[str, ...]) -> KitUser:
    """The kit of gamelib's own game called `name` with the options `args` (`--cols 6`)."""
    entry = GAME_CATALOG.get(name)
    if entry is None or entry.family != "two-player":
        known = ", ".join(e.name for e in GAME_CATALOG if e.family == "two-player")
        raise SpecError(f"unknown game '{shown(name)}'; known games: {known}")
    parser = argparse.ArgumentParser(prog=f"gamelib {name}", add_help=False, exit_on_error=False)
    entry.add_options(parser)
    try:
        options = parser.parse_args(list(args))
    except (argparse.ArgumentError, SystemExit):
        raise SpecError(f"bad options for {name}: {shown(' '.join(args))}") from None
    return entry.build(options)


class Kept:
    """A job that keeps the kit it is run on (of any family), in `kit`."""

    def __init__(self) -> None:
        self.kit: GameKit[object, object, object] | FamilyKit[object, object, object] | None = None

    def two_player(self, kit: GameKit[S, M, G], /) -> int:
        self.kit = cast(GameKit[object, object, object], kit)  # its own types, hidden again
        return 0

    def beyond(self, kit: FamilyKit[S, M, G], /) -> int:
        self.kit = cast(FamilyKit[object, object, object], kit)  # its own types, hidden again
        return 0


@final
@dataclass(frozen=True, slots=True)
class NamedEstimator:
    """Makes the estimator of a game of [`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG] from
    its name and options.

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
        kept = Kept()
        _kit_named(self.name, self.args).run(kept)
        return _estimator_of(kept.kit)


def _estimator_of(
    kit: GameKit[object, object, object] | FamilyKit[object, object, object] | None,
) -> Estimator[object, object, object]:
    """A two-player kit's estimator; SpecError for a game of another family."""
    if isinstance(kit, FamilyKit):
        what = "of chance" if kit.family == "chance" else "of n players"
        raise SpecError(f"{kit.title} is a game {what}: batches take two-player games")
    assert kit is not None  # every kit runs its job
    return kit.estimator
