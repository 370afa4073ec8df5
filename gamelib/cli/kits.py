"""The one kit interface of the command line: what a command asks of a game of any family.

A game the command line builds is a kit: a two-player one
([`GameKit`][gamelib.cli.games.GameKit]) or one of chance or of n players
(`gamelib.cli.beyond.FamilyKit`).  Each is a `KitUser`, its types hidden, which runs a
command's `Job`; where a command's path is one for every family (`match`, `replay`, the
players of `play`), it asks only what a `Kit` says: how a spec is read, the game on the
model, a seat's player, replay's valuer, the exit status of a finished game.  A game of any
family comes to the command line as one [`GameEntry`][gamelib.cli.games.GameEntry]: its
name, its options and how a kit is built from them.
"""

from __future__ import annotations

import argparse
import random
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TextIO, TypeVar, cast, final

from gamelib import seq
from gamelib.catalog import Family
from gamelib.cli.specs import DEFAULT_DEPTH, PlayerSpec, SpecError
from gamelib.cli.status import results_status
from gamelib.core.checks import article, in_words
from gamelib.core.controller import Seat, Turns
from gamelib.core.game import Game
from gamelib.core.human import HumanPlayer, TakesMoves
from gamelib.core.random_player import RandomPlayer
from gamelib.errors import InputError
from gamelib.nplayer.game import NamesError, check_names

if TYPE_CHECKING:  # the kits themselves, which are built on this interface
    from gamelib.cli.beyond import FamilyKit
    from gamelib.cli.games import GameKit

__all__ = [
    "EntryError",
    "GameEntry",
    "Job",
    "Kit",
    "KitUser",
    "Seating",
    "Specced",
    "check_entry",
    "plain_seat",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")


@final
@dataclass(frozen=True, slots=True)
class Seating:
    """How `play` names the player of one seat: the flag, what it gave, the role its
    random player is seeded as, and the spec it plays without the flag."""

    flag: str
    given: str | None
    role: str
    default: str


class Specced(Protocol):
    """What reading a player spec asks of a kit of any family."""

    @property
    def family(self) -> Family:
        """Its contract."""
        ...

    @property
    def title(self) -> str | None:
        """What messages call it (None: its name on the command line)."""
        ...

    @property
    def players(self) -> int | None:
        """How many players a sentence says it has (None: Maxie and Minnie)."""
        ...

    @property
    def default_depth(self) -> int:
        """The depth of a spec that gives none."""
        ...

    @property
    def depth_limit(self) -> int | None:
        """The deepest search the game supports from its start, if limited."""
        ...


class KitUser(Protocol):
    """A game of any family, its types hidden: the command line's way in.  A command runs
    its job on it, and the kit calls the job's method for its family."""

    @property
    def family(self) -> Family: ...

    def run(self, job: Job) -> int: ...


class Job(Protocol):
    """A command to run on a game of any family: the lectures' two-player games, and the
    one kit type of chance and n-player games, each given the kit with its own state, move
    and value types (a command whose path is one runs it on a `Kit`)."""

    def two_player(self, kit: GameKit[S, M, G], /) -> int: ...

    def beyond(self, kit: FamilyKit[S, M, G], /) -> int: ...


@final
@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game of any family the command line can build, with its own options (imported
    from [`gamelib.cli.games`][gamelib.cli.games], where the catalog of them is)."""

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
    family: Family = "two-player"
    """Its contract: `two-player`, `chance` or `n-player`."""

    def __post_init__(self) -> None:
        # An entry written in another order would be taken in and fail when used; say so.
        texts: tuple[object, object] = (self.name, self.summary)  # from a user's module
        if not all(isinstance(text, str) for text in texts):
            raise TypeError(f"a game entry's name and summary are text, got {texts!r}")
        for field_name in ("add_options", "build"):
            if not callable(getattr(self, field_name)):
                raise TypeError(
                    f"a game entry's {field_name} is a function, got "
                    f"{getattr(self, field_name)!r} (GameEntry(name, summary, add_options, "
                    "build, playable, family))"
                )
        if self.family not in ("two-player", "chance", "n-player"):
            raise TypeError(
                f"a game entry's family is two-player, chance or n-player, got {self.family!r}"
            )


def _no_options(parser: argparse.ArgumentParser) -> None:
    del parser  # a game built as it is


@final
@dataclass(frozen=True, slots=True, eq=False)
class _Built:
    """The build of an entry without options: `kit`, whatever the options (a class of
    the module, not a lambda, so the entry pickles and goes to `--workers` as itself).
    Equal and hashed by identity, as the lambda was: a user's game need not hash."""

    kit: KitUser

    def __call__(self, options: argparse.Namespace) -> KitUser:
        del options  # a game built as it is
        return self.kit


def _fixed_entry(name: str, summary: str, kit: KitUser) -> GameEntry:
    """The entry of a game without options: `kit`, whatever its family, under `name`."""
    return GameEntry(name, summary, _no_options, _Built(kit), family=kit.family)


_GAME_NEEDS: dict[Family, tuple[str, ...]] = {
    "two-player": (
        "start", "player", "moves", "play", "state_to_string", "move_to_string", "parse_move",
    ),
    "chance": (
        "start", "player", "moves", "play", "outcomes", "state_to_string", "move_to_string",
        "parse_move",
    ),
    "n-player": (
        "names", "start", "player", "moves", "play", "state_to_string", "move_to_string",
        "parse_move",
    ),
}  # fmt: skip
"""What a game of each family has (`Game`, `ChanceGame`, `NPlayerGame`)."""

_ESTIMATOR_NEEDS: dict[Family, tuple[str, ...]] = {
    "two-player": ("game", "estimate", "compare", "guess_to_string"),
    "chance": ("game", "estimate", "outcome_value", "lower", "upper"),
    "n-player": ("game", "estimate"),
}
"""What an estimator of each family has."""

_CALLED: dict[Family, tuple[str, str]] = {
    "two-player": ("a Game", "a two-player game"),
    "chance": ("a game of chance", "a game of chance"),
    "n-player": ("a game of n players", "a game of n players"),
}


class EntryError(InputError, TypeError):
    """An entry made of a game or estimator that lacks what its family needs: one
    sentence saying what is missing (a `TypeError`, raised where the entry is made)."""


def _described(thing: object) -> str:
    """What `thing` is, for a sentence: `a RaceToFive`, `an int`, `None`."""
    if thing is None:
        return "None"
    kind = type(thing).__name__
    return f"{article(kind)} {kind}"


def _game_lacks(game: object, family: Family) -> str | None:
    """None if `game` has every method a game of `family` has; else what it is and what
    it lacks, as a sentence ends: `a NoParse, which has no parse_move: a Game needs ...`."""
    needs = _GAME_NEEDS[family]
    missing = [m for m in needs if not hasattr(game, m)]
    if not missing:
        return None
    return (
        f"{_described(game)}, which has no {in_words(missing, 'or')}: {_CALLED[family][0]} "
        f"needs {in_words(needs, 'and')}"
    )


def check_entry(maker: str, name: object, estimator: object, family: Family) -> None:
    """EntryError unless `estimator` and its `.game` have what `family` needs, said as
    `maker('name', ...)` was called: checked once, where the entry is made, so a game
    that lacks a method is refused before anything is played (nothing per position)."""
    said = f"{maker}({name!r}, ...)"
    needs = _ESTIMATOR_NEEDS[family]
    missing = [m for m in needs if not hasattr(estimator, m)]
    if "game" in missing or isinstance(estimator, type):
        raise EntryError(
            f"{said} takes an estimator of {_CALLED[family][1]} (its .game is the game), "
            f"not {_described(estimator)}"
        )
    game = getattr(estimator, "game")  # noqa: B009  (a user's object, checked just above)
    lacks = _game_lacks(game, family)
    if lacks is not None:  # the family asked for is trusted when the game has its methods
        other = _elsewhere(game, family)
        also = "" if other is None else f" (as {other[0]}, it goes to {other[2]})"
        raise EntryError(f"{said}: its game is {lacks}{also}")
    # A Game's every method and outcomes or names, and an estimator that is no Game's: a
    # whole game of chance or of n players (with a Game's estimator it is taken as asked).
    other = _elsewhere(game, family) if missing and family == "two-player" else None
    if other is not None:
        raise EntryError(
            f"{said}: its game is {_described(game)}, {other[0]} (it has {other[1]}): give it "
            f"to {other[2]}"
        )
    if missing:
        raise EntryError(
            f"{said}: its estimator is {_described(estimator)}, which has no "
            f"{in_words(missing, 'or')}: an estimator of {_CALLED[family][1]} has "
            f"{in_words(needs, 'and')}"
        )
    if family == "n-player":  # its seats are told apart by them, from the first line on
        try:
            check_names(getattr(game, "names"), f"{said}: its game")  # noqa: B009 (it has one)
        except NamesError as error:
            raise EntryError(str(error)) from None


_HOMES: tuple[tuple[Family, str, str], ...] = (
    ("chance", "outcomes", "gamelib.cli.beyond.chance_entry"),
    ("n-player", "names", "gamelib.cli.beyond.nplayer_entry"),
    ("two-player", "", "gamelib.cli.games.game_entry"),
)


def _elsewhere(game: object, family: Family) -> tuple[str, str, str] | None:
    """If `game` is a whole game of another family than `family`: that family, as a
    sentence calls it, the method that tells it, and the function whose entry takes it."""
    for other, sign, entry in _HOMES:
        if other != family and _game_lacks(game, other) is None:
            return _CALLED[other][1], sign, entry
    return None


class Kit(Generic[S, M, R]):
    """What a command asks of a kit of any family (two-player, chance, n-player), where its
    path is one; every kit is one.  A kit gives its contract, its title, its depth limit,
    the game on the model, a seat's player, replay's valuer, and the specs its seats play
    without a flag (`defaults`, the last one for every seat after); what it says from the
    model's seats is written here once: how `play`'s flags name the players, the exit status
    of a finished game, and the depth of a spec that gives none.  It has no fields of its
    own (`__slots__ = ()`), so a slotted kit carries no `__dict__`."""

    __slots__ = ()

    title: str | None
    """What messages call it (None: its name on the command line)."""
    depth_limit: int | None
    """The deepest search the game supports from its start, if limited."""
    digit_moves: bool
    """Whether a list of moves may be written run together (`4455`)."""
    defaults: ClassVar[tuple[str, ...]]

    @property
    @abstractmethod
    def family(self) -> Family:
        """Its contract."""

    @property
    def players(self) -> int | None:
        """How many players a sentence says it has (None: Maxie and Minnie): a game of n
        players' seats, whatever they are called."""
        return len(self.model.seats) if self.family == "n-player" else None

    @property
    @abstractmethod
    def model(self) -> Turns[S, M, R]:
        """The game adapted onto the model."""

    @abstractmethod
    def seat(
        self, spec: PlayerSpec, role: str, io: tuple[TextIO, TextIO], seed: int | None
    ) -> Seat[S, M]:
        """The player `spec` names, reading and writing `io`; a random one seeded by `seed`
        (and its `role`, in a game of chance or of n players)."""

    @abstractmethod
    def valuer(self, spec: PlayerSpec) -> tuple[str, Callable[[S], tuple[M, str]]]:
        """What values a position for replay: the search's name, and the best move and its
        value in words in a position."""

    @property
    def default_depth(self) -> int:
        """The depth of a spec that gives none: the tree's limit, else `DEFAULT_DEPTH`."""
        return DEFAULT_DEPTH if self.depth_limit is None else self.depth_limit

    def status(self, outcome: R, /) -> int:
        """The exit status of `play --exit-code`: who won (`gamelib.cli.status`)."""
        model = self.model
        return results_status(self.family == "n-player", model.results(outcome))

    def seatings(
        self, maxie: str | None, minnie: str | None, numbered: dict[int, str]
    ) -> list[Seating]:
        """Maxie and Minnie, named by `--maxie` and `--minnie`, when the seats are theirs;
        else seat i by `--player{i+1}`.  SpecError for a flag that names no seat."""
        seats = self.model.seats
        called = f"{self.title}'s" if self.title is not None else "a two-player game's"
        if self.family != "n-player":  # Maxie and Minnie, by the contract, not the names
            if numbered:
                raise SpecError(
                    f"--player{min(numbered)} is for games of n players; {called} players "
                    "are Maxie and Minnie: name them with --maxie and --minnie"
                )
            return [
                Seating("--maxie", maxie, "maxie", self._default(0)),
                Seating("--minnie", minnie, "minnie", self._default(1)),
            ]
        n = len(seats)
        for flag, given in (("--maxie", maxie), ("--minnie", minnie)):
            if given is not None:
                raise SpecError(
                    f"{self.title} has no {flag[2:].capitalize()}: its players are "
                    f"{', '.join(seats[:-1])} and {seats[-1]}; name them with --player1 .. "
                    f"--player{n}"
                )
        for seat in sorted(numbered):
            if not 1 <= seat <= n:
                raise SpecError(
                    f"--player{seat} names no player: {self.title} has {n} players, "
                    f"--player1 to --player{n}"
                )
        return [
            Seating(f"--player{i + 1}", numbered.get(i + 1), f"player{i + 1}", self._default(i))
            for i in range(n)
        ]

    def _default(self, seat: int) -> str:
        return self.defaults[min(seat, len(self.defaults) - 1)]


def plain_seat(
    game: TakesMoves[S, M],
    kind: str,
    io: tuple[TextIO, TextIO],
    seed: int | None,
    role: str | None = None,
    *,
    family: Family | None = None,
) -> HumanPlayer[S, M] | RandomPlayer[S, M] | _Chooser[S, M] | None:
    """The player of a kind that does not search, in a game of `family`: a person
    (`human`, reading and writing `io`) or a random legal move (`random`); None for any
    other kind.  The person may `undo` in a game of every family (the one controller
    takes moves back).  In a two-player game the random player draws from `seed` alone,
    saying it, whichever seat it has; in a game of chance or of n players each seat's
    random player draws from `seed` and the seat's `role` (`player1`, `maxie`).

    Without `family` (a call written before it was asked for) the seat is read as it
    was then: two-player when no `role` is given, a seat of a game of chance or of n
    players (the two play alike here) when one is.  gamelib itself always says the family.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> import io
    >>> str(plain_seat(Nim(), "random", (io.StringIO(), io.StringIO()), 3, family="two-player"))
    'random (seed 3)'
    >>> str(plain_seat(Nim(), "random", (io.StringIO(), io.StringIO()), 3))
    'random (seed 3)'

    ```
    """
    two_player = role is None if family is None else family == "two-player"
    if kind == "human":
        return HumanPlayer(game, input=io[0], output=io[1])
    if kind != "random":
        return None
    if two_player:  # a seat of a two-player Game: a Player of it, as a book asks
        return RandomPlayer(cast("Game[S, M]", game), seed=seed)
    rng = random.Random(None if seed is None else f"{seed}:{role or ''}")
    return _Chooser("random", lambda state: rng.choice(seq.to_tuple(game.moves(state))))


@final
@dataclass(frozen=True, slots=True)
class _Chooser(Generic[S, M]):
    """A player as a function from a state to a move, with a name for the transcript."""

    name: str
    choose: Callable[[S], M]

    def __call__(self, state: S, /) -> M:
        return self.choose(state)

    def next_move(self, state: S, /) -> M:
        return self.choose(state)

    def __str__(self) -> str:
        return self.name
