"""The command line for games beyond the lectures' contract: dice, and more than two players.

A game of chance (`gamelib.chance`, e.g. Pig) and a game of n players
(`gamelib.nplayer`, e.g. take-away for three) are each a
`FamilyKit`, the one kit type of both families and a `gamelib.cli.kits.Kit` as the
two-player kit is: every command runs one path on it (`Job`'s `beyond`).  What differs by
family is a method of `ChanceKit` and `NKit`: how a search of its kinds
([`gamelib.catalog.CHANCE_CATALOG`][gamelib.catalog.CHANCE_CATALOG],
[`gamelib.catalog.NPLAYER_CATALOG`][gamelib.catalog.NPLAYER_CATALOG]) is built on its
estimator and drawn in its words; which kinds are the family's, and how deep a search may
go, is checked once (`FamilyKit._found`).

Player specs are read by the one grammar of every family (`gamelib.cli.specs`):
`human`, `random`, or `KIND[:DEPTH]` (`expectiminimax:4`, `maxn:5`); `shallow-maxn` takes
its total after the depth (`shallow-maxn:5:1`), `mcts` its simulations in the depth's place.
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO, TypeVar, cast, final

from gamelib.catalog import ChanceKind, Family, NPlayerKind
from gamelib.chance.expectiminimax import ChancePlayer
from gamelib.chance.game import ChanceEstimator, ChanceGame, ChanceTurns, Nature
from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator
from gamelib.cli.family_specs import family_answer
from gamelib.cli.kits import (
    GameEntry,
    Job,
    Kit,
    KitUser,
    _Chooser,
    _fixed_entry,
    check_entry,
    plain_seat,
)
from gamelib.cli.specs import (
    DEFAULT_DEPTH,
    FamilyAnswer,
    PlayerSpec,
    SpecError,
    read_number,
    shown,
    too_deep,
)
from gamelib.core.controller import Turns
from gamelib.core.datatypes import Outcome
from gamelib.core.human import HumanPlayer, TakesMoves
from gamelib.core.model import value_to_string
from gamelib.core.random_player import RandomPlayer
from gamelib.core.trees import Leaf, Node, shallowest_leaf
from gamelib.games.pig import Pig, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer.game import NEstimator, NPlayerGame, NPlayerTurns, Number, Vector
from gamelib.nplayer.kinds import TOTAL
from gamelib.nplayer.maxn import NSearchPlayer
from gamelib.nplayer.trees import TreeGame, tree_estimator, tree_height, utility_total
from gamelib.search.kinds import OptionValues
from gamelib.trace.drawing import Drawing, kind_drawing, view_drawing
from gamelib.trace.mcts import SamplesItself, chance_means, nplayer_means, sampled_trace
from gamelib.trace.words import ChanceWords, NWords

__all__ = [
    "BEYOND_ENTRIES",
    "MAX_PLAYERS",
    "BeyondEntry",
    "ChanceKit",
    "FamilyKit",
    "NKit",
    "chance_entry",
    "dice",
    "nplayer_entry",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")
K = TypeVar("K", bound=ChanceKind | NPlayerKind)

MAX_PLAYERS = 26
"""The most take-away players the command line accepts: one letter each, A to Z."""


class FamilyKit(Kit[S, M, R], ABC):
    """A game of chance or of n players as every command uses it: one path for both (how a
    value reads, what `analyse` answers, a seat's player, whether a spec names one of the
    family's kinds within the depth limit).  `ChanceKit` and `NKit` give what differs: how
    a search is built on their estimator and drawn in their words.  The kit is its own way
    in (`run` calls the job's `beyond`)."""

    __slots__ = ()

    game: TakesMoves[S, M]
    title: str
    depth_limit: int | None
    digit_moves = False
    """No family of these writes its moves as one digit each."""
    worth = ""
    """What replay says after a value: a game of chance's that more is better for Maxie
    (and its fractions are written as decimals too)."""

    @property
    @abstractmethod
    def tree(self) -> bool:
        """Whether it is an explicit tree (analysed at its root only)."""

    @abstractmethod
    def searcher(
        self, spec: PlayerSpec
    ) -> ChancePlayer[S, M] | NSearchPlayer[S, M, Vector | Number]:
        """The search player `spec` names (SpecError for a kind of another family)."""

    def valuer(self, spec: PlayerSpec) -> tuple[str, Callable[[S], tuple[M, str]]]:
        """What values a position for replay: the search's name, and the best move and its
        value in words in a position."""
        player = self.searcher(spec)

        def value(state: S) -> tuple[M, str]:
            move, found = player.analyse(state)
            return move, value_to_string(found, decimal=bool(self.worth)) + self.worth

        return str(player), value

    def answer(self, spec: PlayerSpec, state: S) -> FamilyAnswer:
        """What `analyse` says of `state` (a player's, not chance's): a number of a game of
        n players is the mover's utility against all the others (a paranoid search's)."""
        player = self.searcher(spec)
        move, value = player.analyse(state)
        model = self.model
        mover = model.mover(state)
        assert not isinstance(mover, Nature)  # the command line asks only at a player's move
        name = model.seats[mover]
        others = [n for n in model.seats if n != name] if self.players is not None else []
        return family_answer(str(player), name, self.game.move_to_string(move), value, others)

    @abstractmethod
    def trace(self, spec: PlayerSpec) -> Drawing:
        """One search of `spec`'s kind from the start, drawn."""

    def run(self, job: Job) -> int:
        """`job` on this kit."""
        return job.beyond(self)

    def seat(
        self, spec: PlayerSpec, role: str, io: tuple[TextIO, TextIO], seed: int | None
    ) -> HumanPlayer[S, M] | _Chooser[S, M]:
        """The player `spec` names; a random one seeded by `seed` and its `role`."""
        plain = plain_seat(self.game, spec.kind, io, seed, role, family=self.family)
        if plain is not None:
            assert not isinstance(plain, RandomPlayer)  # that is a two-player seat's, roleless
            return plain
        player = self.searcher(spec)
        return _Chooser(str(player), player.next_move)

    def _found(self, spec: PlayerSpec, kinds: type[K], searched: str) -> K:
        """`spec`'s kind, one of the family's `kinds` and no deeper than the kit's limit
        (SpecError naming the games it `searched` for a kind of another family)."""
        kind = spec.found
        if not isinstance(kind, kinds):
            raise SpecError(f"'{shown(spec.text)}' names no search for {searched}")
        limit = self.depth_limit
        if limit is not None and spec.depth > limit:
            raise SpecError(too_deep(spec.depth, spec.depth_from, limit))
        return kind


@final
@dataclass(frozen=True, slots=True)
class ChanceKit(FamilyKit[S, M, Outcome]):
    """Everything the command line needs to run players on one game of chance."""

    game: ChanceGame[S, M]
    """The game."""
    estimator: ChanceEstimator[S, M]
    """What searches estimate positions with (and its bounds, for Star1 and Star2)."""
    title: str
    """What messages call it: `pig`, `the chance tree`."""
    depth_limit: int | None = None
    """The deepest search the game supports from its start (explicit trees), if limited."""
    worth = " (more is better for Maxie)"
    defaults = ("expectiminimax",)

    @property
    def family(self) -> Family:
        return "chance"

    @property
    def tree(self) -> bool:
        return self.depth_limit is not None

    @property
    def model(self) -> ChanceTurns[S, M]:
        return ChanceTurns(self.game)

    def searcher(self, spec: PlayerSpec) -> ChancePlayer[S, M]:
        """The search `spec` names, by its kind's builder."""
        kind = self._found(spec, ChanceKind, "games of chance")
        return kind.build(self.estimator, spec.depth, spec.options)

    def trace(self, spec: PlayerSpec) -> Drawing:
        kind = self._found(spec, ChanceKind, "games of chance")
        est, depth, options = self.estimator, spec.depth, spec.options
        if not kind.exact:
            return _sampled(kind.build(est, depth, options), self.model, chance_means)
        return kind_drawing(
            lambda run: kind.build(est, depth, options, observer=run), ChanceWords(self.game)
        )


@final
@dataclass(frozen=True, slots=True)
class NKit(FamilyKit[S, M, Vector]):
    """Everything the command line needs to run players on one game of n players."""

    game: NPlayerGame[S, M]
    """The game."""
    estimator: NEstimator[S, M]
    """What searches estimate positions with."""
    title: str
    """What messages call it: `takeaway`, `the 3-player tree`."""
    total: Number | None
    """The most a vector's utilities add up to (shallow pruning's default), if known."""
    default_depth: int = DEFAULT_DEPTH
    """The depth of a spec that gives none (an explicit tree's height)."""
    depth_limit: int | None = None
    """The deepest search the game supports from its start, if limited (None: a search of
    any depth plays out to the tree's leaves)."""
    defaults = ("maxn",)

    @property
    def family(self) -> Family:
        return "n-player"

    @property
    def tree(self) -> bool:
        return isinstance(self.game, TreeGame)

    @property
    def model(self) -> NPlayerTurns[S, M]:
        return NPlayerTurns(self.game)

    def searcher(self, spec: PlayerSpec) -> NSearchPlayer[S, M, Vector | Number]:
        """The search `spec` names (see `ChanceKit`), shallow pruning's total the game's
        unless the spec gives one."""
        kind = self._found(spec, NPlayerKind, "games of n players")
        return kind.build(self.estimator, spec.depth, self._options(spec))

    def _options(self, spec: PlayerSpec) -> OptionValues:
        given = spec.options
        if "total" in given or spec.found is None or spec.found.option("total") is not TOTAL:
            return given  # the game's total is shallow pruning's default, no other option's
        return given.set("total", self.total)

    def trace(self, spec: PlayerSpec) -> Drawing:
        kind = self._found(spec, NPlayerKind, "games of n players")
        est, depth, options = self.estimator, spec.depth, self._options(spec)
        if not kind.exact:
            return _sampled(kind.build(est, depth, options), self.model, nplayer_means)
        view = kind.two_player
        if view is not None:
            return view_drawing(lambda observer: view(est, depth, observer))
        words = NWords(self.game, TOTAL.of(options))  # shallow cuts read by the total
        return kind_drawing(lambda run: kind.build(est, depth, options, observer=run), words)


def _sampled(
    player: object, game: Turns[S, M, R], show: Callable[[Sequence[float]], str]
) -> Drawing:
    """A search of its own by a sampling player (MCTS), traced and drawn."""
    if not isinstance(player, SamplesItself):
        raise SpecError(f"{player} cannot be traced: it reports no events")
    sampler = cast(SamplesItself[S, M], player)  # a player of this game: its states, its moves
    return sampled_trace(sampler, game.start, game.state_to_string, game.move_to_string, show)


def dice(seed: int | None) -> random.Random:
    """What a played game of chance rolls its dice with."""
    return random.Random(None if seed is None else f"{seed}:dice")


class _EntryOfOld(type):
    """`BeyondEntry`'s class: what it makes is a `GameEntry`, so `isinstance(entry,
    BeyondEntry)` asks what it asked before every family had one entry type: whether
    `entry` is the entry of a game of chance or of n players."""

    def __instancecheck__(cls, thing: object) -> bool:
        return isinstance(thing, GameEntry) and thing.family != "two-player"


class BeyondEntry(metaclass=_EntryOfOld):
    """A game of chance or of n players the command line can build, written as before every
    family had one entry: it makes a [`GameEntry`][gamelib.cli.games.GameEntry] whose
    `family` says which (its arguments in their old order: the family third), and
    `isinstance(entry, BeyondEntry)` still tells such an entry from a two-player game's.
    A type checker cannot see that (it reads the test as never true of a `GameEntry`):
    in checked code, ask `entry.family != "two-player"`, which says the same.

    ```pycon
    >>> entry = BeyondEntry("pig9", "Pig to 9", "chance", _pig_options, _pig_build)
    >>> entry.family, entry.add_options is _pig_options, type(entry).__name__
    ('chance', True, 'GameEntry')
    >>> isinstance(entry, BeyondEntry), isinstance(BEYOND_ENTRIES[1], BeyondEntry)
    (True, True)

    ```
    """

    __slots__ = ()

    def __new__(  # type: ignore[misc]  # it makes a GameEntry: the one entry of every family
        cls,
        name: str,
        summary: str,
        family: Family,
        add_options: Callable[[argparse.ArgumentParser], None],
        build: Callable[[argparse.Namespace], KitUser],
    ) -> GameEntry:
        return GameEntry(name, summary, add_options, build, family=family)


def _pig_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--target", default="20", help="points that win (default 20)")


def _pig_build(options: argparse.Namespace) -> KitUser:
    target = read_number(str(options.target), "--target", 1)
    game = Pig(target=target)
    return ChanceKit(game, pig_estimator(game), "pig")


def _takeaway_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pile", default="12", help="pebbles at the start (default 12)")
    parser.add_argument("--players", default="3", help="how many take turns (default 3)")


def _takeaway_build(options: argparse.Namespace) -> KitUser:
    players = read_number(
        str(options.players), "--players", 2, MAX_PLAYERS, why="players are named A to Z"
    )
    pile = read_number(str(options.pile), "--pile", 1)
    game = TakeAway(pile=pile, players=players)
    return NKit(game, takeaway_estimator(game), "takeaway", total=1)


def chance_entry(name: str, summary: str, estimator: ChanceEstimator[S, M]) -> GameEntry:
    """The entry of a game of chance without options, as
    [`game_entry`][gamelib.cli.games.game_entry] makes one for a two-player game:
    `estimator.game` is the game.  One line registers it:
    `GAME_CATALOG.with_game(chance_entry(...))`.

    ```pycon
    >>> from gamelib.games.pig import Pig, pig_estimator
    >>> entry = chance_entry("pig10", "Pig to 10", pig_estimator(Pig(target=10)))
    >>> entry.name, entry.family
    ('pig10', 'chance')

    ```
    """
    check_entry("chance_entry", name, estimator, "chance")
    return _fixed_entry(name, summary, ChanceKit(estimator.game, estimator, name))


def nplayer_entry(
    name: str, summary: str, estimator: NEstimator[S, M], *, total: Number | None = None
) -> GameEntry:
    """The entry of a game of n players without options (see
    [`chance_entry`][gamelib.cli.beyond.chance_entry]); `total`, if the utilities of every
    vector add up to at most it, is shallow pruning's default."""
    check_entry("nplayer_entry", name, estimator, "n-player")
    return _fixed_entry(name, summary, NKit(estimator.game, estimator, name, total))


BEYOND_ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(
        "pig",
        "a dice game (chance): roll to build a turn total, hold to bank it (--target)",
        _pig_options,
        _pig_build,
        family="chance",
    ),
    GameEntry(
        "takeaway",
        "take 1-3 pebbles; taking the last wins; 3 players by default (--pile, --players)",
        _takeaway_options,
        _takeaway_build,
        family="n-player",
    ),
)
"""The games of chance and of n players gamelib ships; the command line finds them, with
every other game, in [`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG]."""


# --------------------------------------------------------------------------
# Explicit trees (read, and named, in `gamelib.cli.games`)


def _chance_tree_kit(root: Node[float] | Leaf[float], title: str = "the chance tree") -> KitUser:
    """The kit of the chance tree `root`, searched no deeper than its shallowest leaf."""
    game = ChanceTreeGame(root)
    return ChanceKit(game, chance_tree_estimator(game), title, shallowest_leaf(root))


def _nplayer_tree_kit(root: Node[Vector], title: str | None = None) -> KitUser:
    """The kit of the n-player tree `root` (ValueError for fewer than two players); its
    height is a spec's default depth, and the largest total of a leaf's utilities shallow
    pruning's."""
    game = TreeGame(root)
    named = title or f"the {len(game.names)}-player tree"
    return NKit(game, tree_estimator(game), named, utility_total(root), tree_height(root))
