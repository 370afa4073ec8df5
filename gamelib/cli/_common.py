"""What every command shares: the parser that raises instead of exiting, the exit statuses,
the options of search players, building a game from its name, checks of file names and
left-over words.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib.metadata
import os
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NoReturn, TextIO, TypeAlias, TypeVar

from gamelib.algorithms.goals import GoalMethod
from gamelib.algorithms.packed_search import compiled
from gamelib.catalog import SOLVE_CATALOG, Catalogs
from gamelib.cli.games import NAMED_TREES, GameCatalog, KitUser
from gamelib.cli.kits import Specced
from gamelib.cli.players import Streams
from gamelib.cli.specs import (
    DEFAULT_DEPTH,
    PlayerSpec,
    SpecError,
    game_is,
    parse_depth,
    read_number,
    read_player_spec,
    search_kinds_text,
    shown,
    spellings,
)
from gamelib.cli.thinking import Thinking
from gamelib.core.checks import echo, in_words
from gamelib.core.controller import Chooses
from gamelib.core.game import Game
from gamelib.errors import InputError
from gamelib.games.connect4_native import running_compiled
from gamelib.search.anytime import Thinks
from gamelib.search.kinds import Catalog, Option, SearchKind

G = TypeVar("G")
M = TypeVar("M")
S = TypeVar("S")
R = TypeVar("R")

EXIT_STATUSES = """\
exit status:
  0   the command did what was asked (a game played to its end, whoever won)
  1   a game or search stopped before its end: quit, end of input, Ctrl-C,
      SIGTERM, a faulty player or game, a batch line without an answer
  2   the command line cannot run: a bad option, name, number, move or file
  with play --exit-code, a finished game exits with who won instead of 0:
  10 Maxie, 11 Minnie, 12 a draw; 20 + i when player i of n (from 0) wins
  alone, 19 when several share the best
"""
"""The exit statuses, as `gamelib --help` and `gamelib play --help` end."""


class UsageError(InputError):
    """A command line that cannot be run; the message says why."""


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become UsageError instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _version() -> str:
    """gamelib's version, as installed."""
    try:
        return importlib.metadata.version("gamelib")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "(not installed)"


def solver_build() -> str:
    """Which build of the exact solver runs: its hot modules compiled by mypyc (done when
    gamelib is installed where a C compiler and Python's headers are), or pure Python."""
    if compiled() and running_compiled():
        return "the solver compiled with mypyc"
    return (
        "the solver in pure Python (installed without a C compiler or Python's headers, "
        "or after make pure)"
    )


def _tree_names() -> list[str]:
    return [*NAMED_TREES]


def _search_options(parser: argparse.ArgumentParser, parsing: Parsing) -> None:
    """`--depth`, and a flag for every option of the kinds of every family that has one
    (`Catalogs.options`) but those `parsing` leaves out, its help naming each kind's
    default once."""
    parser.add_argument("--depth", help=f"search depth when the spec has none ({DEFAULT_DEPTH})")
    catalogs = parsing.catalog
    for option in (o for o in catalogs.options() if o.name not in parsing.left_out):
        defaults = {
            _kind_default(kind.name, own): None
            for kind in catalogs.kinds()
            if (own := kind.option(option.name)) is not None
        }
        parser.add_argument(
            f"--{option.name}",
            help=f"{option.title} when the spec has none (default: {', '.join(defaults)})",
        )


def _kind_default(kind: str, option: Option[object]) -> str:
    """The default of the kind `kind`'s `option`, as a flag's help names it.

    ```pycon
    >>> from gamelib.nplayer.kinds import TOTAL
    >>> from gamelib.search.kinds import TABLE
    >>> _kind_default("pvs", TABLE), _kind_default("shallow-maxn", TOTAL)
    ('pvs 0', "the game's own for shallow-maxn")

    ```
    """
    if option.said is not None:
        return f"{option.said} for {kind}"
    return f"{kind} {option.default_text()}"


def build_kit(games: GameCatalog, name: str, extra: list[str], playing: bool) -> KitUser:
    """The game called `name` (of any family), built from its options `extra`."""
    entry = games.get(name)
    if entry is None:
        raise UsageError(_unknown_game(games, name, playing))
    if playing and not entry.playable:
        raise UsageError(f"'{name}' can be analysed but not played: its leaves are estimates")
    parser = _Parser(prog=f"gamelib {entry.name}", add_help=False)
    entry.add_options(parser)
    return entry.build(parser.parse_args(extra))


BARE = "\0bare"
"""The value a game's option whose value may be left out is given when it is typed bare
(`--fast`, rewritten `--fast=BARE` by `gamelib.cli._shortened.bare_words`): no word typed
can hold it (a command line's words cannot hold a NUL)."""


class _KeptWords(argparse.Action):
    """An option of the game a command names with `--game`, parsed where the command's own
    are (so its value is never taken for a player) and kept as typed in `game_words`, for
    the game's own parser to read when the game is built."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[str] | None,
        option_string: str | None = None,
    ) -> None:
        given = [] if values is None else [values] if isinstance(values, str) else list(values)
        if given == [BARE]:  # an optional value left out
            given = []
        kept: list[str] = getattr(namespace, "game_words", None) or []
        namespace.game_words = [*kept, str(option_string), *given]


def take_game_options(parser: argparse.ArgumentParser, games: GameCatalog, name: str) -> None:
    """Let `parser` read the options of the game called `name` (`match --game takeaway
    --players 4 A B C D`: 4 is the number of players, not a player), listed in its help
    under the game's name; their words are kept in `game_words`.  A flag the command has
    itself stays the command's, as it is when the game is named first."""
    entry = games.get(name)
    if entry is None:
        return  # building the game says it is unknown
    own = _Parser(prog=f"gamelib {entry.name}", add_help=False)
    entry.add_options(own)
    taken = set(parser._option_string_actions)  # argparse keeps no public list of them
    group = parser.add_argument_group(f"options of {entry.name}")
    for action in own._actions:
        flags = [flag for flag in action.option_strings if flag not in taken]
        if flags:
            group.add_argument(
                *flags,
                action=_KeptWords,
                nargs=action.nargs,
                dest="game_words",
                default=None,
                help=_expanded(action),
                metavar=action.metavar or action.dest.upper(),
            )


def _expanded(action: argparse.Action) -> str | None:
    """`action`'s help with its default and choices written in (the copy `take_game_options`
    makes has neither of its own)."""
    if action.help is None or action.help == argparse.SUPPRESS:
        return action.help
    choices = ", ".join(str(c) for c in action.choices or ())
    return action.help.replace("%(default)s", str(action.default)).replace("%(choices)s", choices)


def _game_words(games: GameCatalog, name: str, words: Sequence[str]) -> tuple[list[str], list[str]]:
    """`words` (what follows a game's name, in any order) split into the options of the
    game called `name` with their values, and the rest (a match's players): `--pile 7
    alphabeta:2 random` gives `--pile 7` and the two players; an option whose value may be
    left out takes one only after `=` (`--fast=2`), so never a player.  An option the game does not
    have stays with the options, where building the game refuses it; so does everything
    when gamelib does not know the game."""
    entry = games.get(name)
    if entry is None:
        return list(words), []
    parser = _Parser(prog=f"gamelib {entry.name}", add_help=False)
    entry.add_options(parser)
    arity = {  # store_true: 0; an optional value (nargs='?'): 0 too, given only with '='
        flag: action.nargs if isinstance(action.nargs, int) else int(action.nargs != "?")
        for action in parser._actions  # argparse keeps no public list of them
        for flag in action.option_strings
    }
    options: list[str] = []
    rest: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if word == "--":  # the rest are not options
            rest.extend(words[at:])
            break
        if not word.startswith("-") or word == "-":
            rest.append(word)
            continue
        flag, equals, _ = word.partition("=")
        # argparse takes a flag's unique beginning (--pi for --pile) as the flag.
        named = [f for f in arity if f == flag] or [f for f in arity if f.startswith(flag)]
        takes = arity[named[0]] if len(named) == 1 and not equals else 0
        options.extend(words[at - 1 : at + takes])
        at += takes
    return options, rest


class _Defaults:
    """What the specs of players of `kit`'s game that leave something out take: the flags,
    else the defaults; the one grammar reads them over the catalog of its family.

    A flag for options no kind of the family has (`--prune` for Pig) is refused at once;
    once the specs are read, `check_used` refuses a flag that no player took (`--prune`
    with no Jamboree player, `--depth` when every search player gives its own depth): a
    flag that does nothing is a mistake.
    """

    def __init__(
        self,
        options: argparse.Namespace,
        catalogs: Catalogs,
        kit: Specced,
    ) -> None:
        self.catalogs = catalogs
        game: str | None = getattr(options, "game", None)
        self.title = kit.title or ("the tree" if game is None else game)
        self.family, self.kinds = kit.family, spellings(catalogs, kit.family)
        self.depths, self.players = (kit.default_depth, kit.depth_limit), kit.players
        self.flags: dict[str, str] = {}
        if options.depth is not None:
            parse_depth(options.depth)  # the same rules for every kind: say at once
            self.flags["depth"] = options.depth
        # The flags are the options of the kinds of every family; each kind of this
        # game's family takes those it declares (--sims for every mcts, --total).
        own = {o.name for k in self.kinds for o in k.options}
        shortened: dict[str, str] = getattr(options, "shortened", {})
        for option in catalogs.options():
            text: str | None = getattr(options, option.name.replace("-", "_"), None)
            if text is None:
                continue
            if option.name in shortened and option.name not in own:  # typed as a beginning
                raise UsageError(f"unrecognized arguments: {shortened[option.name]} {text}")
            if option.name not in own:
                raise SpecError(self._not_taken(option.name))
            self.flags[option.name] = text

    def _not_taken(self, name: str) -> str:
        """The sentence for a flag `--name` no kind of this game's family takes."""
        catalogs = self.catalogs
        owners: dict[str, str] = {}  # the kinds that take it, and the first family of each
        for family, kinds in (
            ("two-player", catalogs.two_player),
            ("chance", catalogs.chance),
            ("n-player", catalogs.n_player),
        ):
            for kind in kinds:
                if kind.option(name) is not None:
                    owners.setdefault(kind.name, family)
        alike = next((k for k in self.kinds if k.name in owners), None)
        if alike is None:
            families = in_words(list(dict.fromkeys(owners.values())))
            return (
                f"--{name} is for {in_words(list(owners))} players, {families} searches that "
                f"do not play {self.title}"
            )
        flagged = {o.name for o in catalogs.options()}
        flags = [f"--{o.name}" for o in alike.options if o.name in flagged]
        takes = f"only {in_words(flags)}" if flags else "none of these flags"
        return (
            f"--{name} is for the {alike.name} players of {owners[alike.name]} games; "
            f"{self.title} is {game_is(self.family, self.players)}, whose {alike.name} "
            f"players take {takes}"
        )

    def spec(self, text: str) -> PlayerSpec:
        """The player `text` names.

        A game with a depth limit (an explicit tree) is searched to that limit by default.
        """
        default, limit = self.depths
        return read_player_spec(
            text,
            self.family,
            self.title,
            default,
            self.flags,
            players=self.players,
            depth_limit=limit,
            catalogs=self.catalogs,
        )

    def search_spec(self, command: str, given: str | None) -> PlayerSpec:
        """The `--player` of analyse, trace or replay (`given`): a search kind of the
        game's family (by default alphabeta, or with a budget the first anytime kind, for a
        two-player game; the catalog's first for another family)."""
        names = self.kinds.names()
        default = names[0]
        if self.family == "two-player":
            budget = any(name in self.flags for name in ("time", "nodes"))
            # A budget asks for a player that keeps one: the catalog's first anytime kind.
            anytime = next((kind.name for kind in self.catalogs.two_player if kind.anytime), None)
            default = anytime if budget and anytime is not None else "alphabeta"
        text = _spec_text(given, "--player", default)
        spec = self.spec(text)
        if spec.found is None:
            raise SpecError(
                f"{command} needs a search player ({search_kinds_text(names)}), not '{shown(text)}'"
            )
        self.check_used([spec])
        return spec

    def check_used(self, specs: Sequence[PlayerSpec]) -> None:
        """SpecError for a flag none of `specs` took."""
        used = set().union(*(spec.flags_used for spec in specs))
        for name, text in self.flags.items():
            if name in used:
                continue
            if name == "depth":
                takers = [s for s in specs if s.found is not None]
                what = "search players"
            else:  # the kinds of this game's family that take the flag
                takers = [s for s in specs if (k := self.kinds.get(s.kind)) and k.option(name)]
                owners = [k.name for k in self.kinds if k.option(name) is not None]
                what = f"{in_words(owners)} players"
            if takers:
                raise SpecError(
                    f"--{name} {shown(text)} has no effect: every one of the {what} here "
                    "gives its own"
                )
            raise SpecError(f"--{name} is for {what}, and no player here is one")


def _spec_text(given: str | None, flag: str, default: str) -> str:
    """The player spec `flag` gives, or `default` when it is not given; UsageError for
    an empty one, which names no player (rather than quietly meaning the default)."""
    if given is None:
        return default
    if not given.strip():
        raise UsageError(
            f"{flag} is empty: name a player (gamelib list shows the kinds), or leave "
            f"{flag} out for {default}"
        )
    return given


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    return read_number(text, "--seed")


def _rule(summary: str) -> str:
    """A game's (or a preset's) summary as a sentence, without the note in brackets that
    `gamelib list` adds.

    ```pycon
    >>> _rule("take 1-3 pebbles; whoever takes the last loses (--pile)")
    'take 1-3 pebbles; whoever takes the last loses'

    ```
    """
    return re.sub(r"\s*\([^)]*\)$", "", summary)


def _writable(text: str) -> Path:
    """`text` as a file a game can be saved in, checked before the game is played: the
    file is made and removed again (one already there is opened to add to, and kept as
    it is), so that a folder no file can be made in is said before the game, not after."""
    path = Path(text)
    where = f"cannot save the game in '{echo(text, 200)}'"
    if path.is_dir():
        raise UsageError(f"{where}: it is a folder")
    if not path.parent.is_dir():
        raise UsageError(
            f"{where}: {in_the_way(path.parent) or f'there is no folder {path.parent}'}"
        )
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{where}: it cannot be written")
    try:
        _try_making(path)
    except OSError as error:
        what = "it cannot be written" if path.exists() else "the file cannot be made there"
        raise UsageError(f"{where}: {what} ({error.strerror})") from None
    return path


def in_the_way(folder: Path) -> str | None:
    """Why `folder` cannot be, when a file stands where it or a folder above it should
    (`afile/x`: 'afile is a file, not a folder'); else None."""
    above = folder
    while not above.exists() and above.parent != above:
        above = above.parent
    if above.exists() and not above.is_dir():
        return f"{echo(str(above), 200)} is a file, not a folder"
    return None


def _try_making(path: Path) -> None:
    """Make the file `path` and remove it again (OSError if it cannot be made); a file
    already there is opened to add to and closed, unchanged.  Anything else already there
    (a pipe, a device) is only asked whether it may be written: opening a pipe would end
    its reader's input before the game.  A link to a missing file makes and removes the
    file it names."""
    if path.exists():
        if path.is_file():
            with path.open("ab"):
                return
        if not os.access(path, os.W_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return
    target = path
    if path.is_symlink():  # a link to a file not made yet (a loop of links: ELOOP here)
        with contextlib.suppress(FileNotFoundError):
            os.stat(path)
        target = Path(os.path.realpath(path))
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.close(handle)
    target.unlink()


def can_fill(folder: Path) -> None:
    """Make a file in `folder` and remove it again: OSError if no file can be made there
    (a folder that cannot be written, a file system mounted read-only)."""
    handle, name = tempfile.mkstemp(prefix=".gamelib-", dir=folder)
    os.close(handle)
    os.unlink(name)


def _shown(player: Chooses[S, M], game: Game[S, M], streams: Streams) -> Chooses[S, M]:
    """`player` of `game`, saying how it looked before each move if it thinks aloud
    (`Thinks`)."""
    if isinstance(player, Thinks):
        thinks: Thinks[S, M, object] = player
        return Thinking(thinks, game, streams.output, streams.status)
    return player


@dataclass(frozen=True)
class _Report:
    """A command that searches the game of a kit and reports on `out`."""

    options: argparse.Namespace
    out: TextIO
    catalogs: Catalogs
    game_args: tuple[str, ...] = ()
    """The game's own options, as typed: what a worker rebuilds the game from."""
    stdin: TextIO | None = None
    err: TextIO | None = None
    context: Context | None = None
    """The command's context, where a batch on workers finds how to send them the game."""

    @property
    def catalog(self) -> Catalog[SearchKind]:
        """The search kinds of two-player games."""
        return self.catalogs.two_player


def _game_named_in(argv: list[str]) -> str | None:
    """The value of `--game` in `argv`, if any (so its options can be parsed): the last
    one, as argparse keeps the last."""
    named = None
    for i, arg in enumerate(argv):
        if arg == "--game" and i + 1 < len(argv):
            named = argv[i + 1]
        elif arg.startswith("--game="):
            named = arg.split("=", 1)[1]
    return named


_FILE_OPTIONS = {
    "dot": "--dot needs a file name",
    "svg": "--svg needs a file name",
    "png": "--png needs a file name",
    "save": "--save needs a file name",
    "save_dir": "--save-dir needs a folder name",
    "positions": "--positions needs a file name ('-': standard input)",
    "file": "replay needs the file of a saved game ('-': standard input)",
}
"""The options that name a file, and the sentence for an empty name."""


def _check_file_names(options: argparse.Namespace) -> None:
    """UsageError for an option that names a file with an empty name (`--dot ""`), which
    would otherwise be read as the current folder."""
    for name, sentence in _FILE_OPTIONS.items():
        if getattr(options, name, None) == "":
            raise UsageError(sentence)


def _unknown_game(games: GameCatalog, name: str, playing: bool = False) -> str:
    """The sentence for a game `name` that is not one of `games` (that can be played,
    for `play`)."""
    known = games.playable() if playing else games.names()
    return f"unknown game '{shown(name)}'; known games: {', '.join(known)}"


def _reject_extra(extra: list[str]) -> None:
    if extra:
        raise UsageError(f"unrecognized arguments: {shown(' '.join(extra))}")


Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"
"""The `COMMAND` argument of the top parser, which each command adds its parser to."""


@dataclass(frozen=True)
class Parsing:
    """What a command's parser depends on."""

    catalog: Catalogs
    """The search kinds of every family (their options are flags of every command that
    takes a player)."""
    games: GameCatalog
    """The games, named in the help of every command that takes one."""
    traced_game: str | None = None
    """The game `--game NAME` names, whose options `trace` and `match` then take."""
    methods: Catalog[GoalMethod] = SOLVE_CATALOG
    """The goal methods `solve --method` offers besides the exact solver."""
    left_out: frozenset[str] = frozenset()
    """The options of search kinds that are no flags: those the named game's players do
    not take (`gamelib.cli._shortened.unfit_options`)."""


@dataclass(frozen=True)
class Context:
    """What a command runs with: its streams, the catalogs, and the command line itself
    (`again`: a preset or the demo runs another command line)."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    catalogs: Catalogs
    games: GameCatalog
    again: Callable[[list[str]], int]
    game_paths: Mapping[str, str] = field(default_factory=dict)
    """The games `--game-from` loaded, by name: the MODULE:OBJECT each came from, which
    a worker imports again."""

    @property
    def catalog(self) -> Catalog[SearchKind]:
        """The search kinds of two-player games."""
        return self.catalogs.two_player


@dataclass(frozen=True)
class Command:
    """A command of the command line: its name, how it adds its parser, how it runs.

    `game_help` says which games' own options `gamelib COMMAND GAME --help` lists
    (None: the command takes no game): all of them, or only those that can be played.
    """

    name: str
    add: Callable[[Commands, Parsing], _Parser]
    run: Callable[[argparse.Namespace, list[str], Context], int]
    game_help: Literal["all", "playable"] | None = None
