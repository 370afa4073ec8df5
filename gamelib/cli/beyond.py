"""The command line for games beyond the lectures' contract: dice, and more than two players.

A game of chance (`gamelib.chance`, e.g. Pig) and a game of n players
(`gamelib.nplayer`, e.g. take-away for three) each have a kit of their
own, as two-player games have [`GameKit`][gamelib.cli.games.GameKit], and their
own search kinds ([`gamelib.catalog.CHANCE_CATALOG`][gamelib.catalog.CHANCE_CATALOG],
[`gamelib.catalog.NPLAYER_CATALOG`][gamelib.catalog.NPLAYER_CATALOG]).  Every command runs
one job on a kit of any family ([`Job`][gamelib.cli.games.Job]); the kit calls the job's
method for its family, and the players and searches those methods use are here.

Player specs read as for two-player games: `human`, `random`, or
`KIND[:DEPTH]` (`expectiminimax:4`, `maxn:5`); `shallow-maxn` takes
its total after the depth (`shallow-maxn:5:1`).  A kind of another family
is refused in one sentence that names the kinds that fit.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TextIO, TypeVar, cast, final

from gamelib import seq
from gamelib.catalog import ChanceKind, Family, NPlayerKind
from gamelib.chance.expectiminimax import ChancePlayer, ChanceSettings
from gamelib.chance.game import ChanceEstimator, ChanceGame, Nature, Value
from gamelib.chance.trees import (
    DICE,
    EXAMPLE,
    ChanceTreeGame,
    chance_tree_estimator,
    parse_chance_tree,
)
from gamelib.cli.family_specs import PLAIN_KINDS, SAMPLED, BeyondSpec, n_value_text, value_text
from gamelib.cli.specs import DEFAULT_DEPTH, SpecError, read_number, shown, too_deep
from gamelib.core.human import HumanPlayer
from gamelib.core.trees import TreeSyntaxError
from gamelib.core.trees import shallowest_leaf as decision_depth
from gamelib.games.pig import Pig, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer.game import (
    NEstimator,
    NPlayerGame,
    Number,
    Vector,
)
from gamelib.nplayer.maxn import NSearchPlayer
from gamelib.nplayer.trees import CSE473, TreeGame, parse_tree, tree_estimator
from gamelib.nplayer.trees import tree_height as _height
from gamelib.nplayer.trees import utility_total as _total
from gamelib.trace.drawing import Drawing, chance_kind_drawing, n_kind_drawing
from gamelib.trace.sampled import SamplesItself, chance_means, nplayer_means, sampled_trace

__all__ = [
    "BEYOND_ENTRIES",
    "BEYOND_TREES",
    "MAX_PLAYERS",
    "BeyondEntry",
    "BeyondJob",
    "BeyondKit",
    "ChanceKit",
    "NKit",
    "analyse_chance",
    "analyse_n",
    "beyond_tree",
    "chance_entry",
    "chance_player",
    "chance_seats",
    "chance_valuer",
    "check_depth",
    "dice",
    "n_player",
    "n_seats",
    "n_valuer",
    "nplayer_entry",
    "pack_chance",
    "pack_n",
    "trace_chance",
    "trace_n",
]

S = TypeVar("S")
M = TypeVar("M")

MAX_PLAYERS = 26
"""The most take-away players the command line accepts: one letter each, A to Z."""


@final
@dataclass(frozen=True, slots=True)
class ChanceKit(Generic[S, M]):
    """Everything the command line needs to run players on one game of chance."""

    game: ChanceGame[S, M]
    """The game."""
    estimator: ChanceEstimator[S, M]
    """What searches estimate positions with (and its bounds, for Star1 and Star2)."""
    title: str
    """What messages call it: `pig`, `the chance tree`."""
    depth_limit: int | None = None
    """The deepest search the game supports from its start (explicit trees), if limited."""


@final
@dataclass(frozen=True, slots=True)
class NKit(Generic[S, M]):
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


class BeyondJob(Protocol):
    """A command to run on a kit of either family."""

    def chance(self, kit: ChanceKit[S, M], /) -> int: ...

    def nplayer(self, kit: NKit[S, M], /) -> int: ...


class BeyondKit(Protocol):
    """A kit of either family, its types hidden: the command line's way in."""

    @property
    def family(self) -> Family: ...

    def run(self, job: BeyondJob) -> int: ...


@final
@dataclass(frozen=True, slots=True)
class _ChancePacked(Generic[S, M]):
    kit: ChanceKit[S, M]

    @property
    def family(self) -> Family:
        return "chance"

    def run(self, job: BeyondJob) -> int:
        return job.chance(self.kit)


@final
@dataclass(frozen=True, slots=True)
class _NPacked(Generic[S, M]):
    kit: NKit[S, M]

    @property
    def family(self) -> Family:
        return "n-player"

    def run(self, job: BeyondJob) -> int:
        return job.nplayer(self.kit)


def pack_chance(kit: ChanceKit[S, M]) -> BeyondKit:
    """`kit` with its types hidden, for the command line (as `pack` is for two players)."""
    return _ChancePacked(kit)


def pack_n(kit: NKit[S, M]) -> BeyondKit:
    """`kit` with its types hidden, for the command line."""
    return _NPacked(kit)


@final
@dataclass(frozen=True, slots=True)
class BeyondEntry:
    """A game of chance or of n players the command line can build, with its options."""

    name: str
    """Its name on the command line."""
    summary: str
    """One line for `gamelib list`."""
    family: Family
    """Its contract: `chance` or `n-player`."""
    add_options: Callable[[argparse.ArgumentParser], None]
    """Adds the game's options (`--target`, ...) to a parser."""
    build: Callable[[argparse.Namespace], BeyondKit]
    """Builds the kit from parsed options (SpecError for bad values)."""


def _pig_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--target", default="20", help="points that win (default 20)")


def _pig_build(options: argparse.Namespace) -> BeyondKit:
    target = read_number(str(options.target), "--target", 1)
    game = Pig(target=target)
    return _ChancePacked(ChanceKit(game, pig_estimator(game), "pig"))


def _takeaway_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pile", default="12", help="pebbles at the start (default 12)")
    parser.add_argument("--players", default="3", help="how many take turns (default 3)")


def _takeaway_build(options: argparse.Namespace) -> BeyondKit:
    players = read_number(
        str(options.players), "--players", 2, MAX_PLAYERS, why="players are named A to Z"
    )
    pile = read_number(str(options.pile), "--pile", 1)
    game = TakeAway(pile=pile, players=players)
    return _NPacked(NKit(game, takeaway_estimator(game), "takeaway", total=1))


def _without_options(parser: argparse.ArgumentParser) -> None:
    del parser  # a game of one's own built as it is


def chance_entry(name: str, summary: str, estimator: ChanceEstimator[S, M]) -> BeyondEntry:
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
    kit = ChanceKit(estimator.game, estimator, name)
    return BeyondEntry(name, summary, "chance", _without_options, lambda _: _ChancePacked(kit))


def nplayer_entry(
    name: str, summary: str, estimator: NEstimator[S, M], *, total: Number | None = None
) -> BeyondEntry:
    """The entry of a game of n players without options (see
    [`chance_entry`][gamelib.cli.beyond.chance_entry]); `total`, if the utilities of every
    vector add up to at most it, is shallow pruning's default."""
    kit = NKit(estimator.game, estimator, name, total)
    return BeyondEntry(name, summary, "n-player", _without_options, lambda _: _NPacked(kit))


BEYOND_ENTRIES: tuple[BeyondEntry, ...] = (
    BeyondEntry(
        "pig",
        "a dice game (chance): roll to build a turn total, hold to bank it (--target)",
        "chance",
        _pig_options,
        _pig_build,
    ),
    BeyondEntry(
        "takeaway",
        "take 1-3 pebbles; taking the last wins; 3 players by default (--pile, --players)",
        "n-player",
        _takeaway_options,
        _takeaway_build,
    ),
)
"""The games of chance and of n players gamelib ships; the command line finds them, with
every other game, in [`GAME_CATALOG`][gamelib.cli.games.GAME_CATALOG]."""


# --------------------------------------------------------------------------
# Explicit trees


def _chance_kit(text: str) -> BeyondKit:
    try:
        root = parse_chance_tree(text)
    except TreeSyntaxError as error:
        raise SpecError(str(error)) from None
    game = ChanceTreeGame(root)
    limit = decision_depth(root)
    return _ChancePacked(ChanceKit(game, chance_tree_estimator(game), "the chance tree", limit))


def _nplayer_kit(text: str) -> BeyondKit:
    try:
        root = parse_tree(text)
        game = TreeGame(root)
    except ValueError as error:  # syntax, vector lengths, fewer than two players
        raise SpecError(str(error)) from None
    title = f"the {len(game.names)}-player tree"
    return _NPacked(NKit(game, tree_estimator(game), title, _total(root), _height(root)))


BEYOND_TREES: dict[str, tuple[Family, str]] = {
    "chance-example": ("chance", "coin flips after each of Maxie's moves (Chance, seen)"),
    "dice": ("chance", "a loaded die after each of Maxie's moves (Chance, seen)"),
    "cse473-3p": ("n-player", "the three-player tree of the CSE 473 slides (Many players)"),
}
"""The named example trees of chance and of n players, with what they are."""


def beyond_tree(text: str) -> BeyondKit | None:
    """The kit of the chance or n-player tree `text` names or writes; None for a
    two-player tree (no `?` chance node, no `(...)` vector).
    """
    name = text.strip().lower()
    if name == "chance-example":
        game = ChanceTreeGame(EXAMPLE)
        return _ChancePacked(
            ChanceKit(game, chance_tree_estimator(game), "the tree chance-example", 2)
        )
    if name == "dice":
        game = ChanceTreeGame(DICE)
        return _ChancePacked(ChanceKit(game, chance_tree_estimator(game), "the tree dice", 2))
    if name == "cse473-3p":
        tree = TreeGame(CSE473)
        return _NPacked(NKit(tree, tree_estimator(tree), "the tree cse473-3p", 10, 3))
    if "?" in text:
        return _chance_kit(text)
    if "(" in text:
        return _nplayer_kit(text)
    return None


# --------------------------------------------------------------------------
# Players


@final
@dataclass(frozen=True, slots=True)
class _Chooser(Generic[S, M]):
    """A player as a function from a state to a move, with a name for the transcript."""

    name: str
    choose: Callable[[S], M]

    def __call__(self, state: S, /) -> M:
        return self.choose(state)

    def __str__(self) -> str:
        return self.name


def _random_choice(moves: Callable[[S], seq.Seq[M]], rng: random.Random) -> Callable[[S], M]:
    def choose(state: S, /) -> M:
        return rng.choice(seq.to_tuple(moves(state)))

    return choose


def _rng(seed: int | None, role: str) -> random.Random:
    """A random source of its own for each role, reproducible from `seed`."""
    return random.Random(None if seed is None else f"{seed}:{role}")


def _chance_kind(spec: BeyondSpec) -> ChanceKind:
    if not isinstance(spec.found, ChanceKind):
        raise SpecError(f"'{shown(spec.text)}' names no search for games of chance")
    return spec.found


def _n_kind(spec: BeyondSpec) -> NPlayerKind:
    if not isinstance(spec.found, NPlayerKind):
        raise SpecError(f"'{shown(spec.text)}' names no search for games of n players")
    return spec.found


def _chance_built(kit: ChanceKit[S, M], spec: BeyondSpec) -> ChancePlayer[S, M]:
    """The chance search player `spec` names: by its sampler with its simulations for a
    kind that samples (`mcts:SIMS`), else by its factory."""
    kind = _chance_kind(spec)
    settings = ChanceSettings(kit.estimator, spec.depth)
    if kind.sampler is not None:
        return kind.sampler(settings, spec.simulations or SAMPLED)
    return kind.factory(settings)


def _n_built(kit: NKit[S, M], spec: BeyondSpec) -> NSearchPlayer[S, M, Vector | Number]:
    """The n-player search player `spec` names (see `_chance_built`)."""
    kind = _n_kind(spec)
    if kind.sampler is not None:
        return kind.sampler(kit.estimator, spec.depth, spec.simulations or SAMPLED)
    return kind.build(kit.estimator, spec.depth, _total_for(kit, spec))


def check_depth(spec: BeyondSpec, limit: int | None) -> None:
    """SpecError when `spec` searches deeper than a tree's shallowest estimated leaf."""
    if limit is not None and spec.depth > limit and spec.kind not in PLAIN_KINDS:
        given = "in --depth" if spec.took_depth_flag else f"in '{shown(spec.text)}'"
        raise SpecError(too_deep(spec.depth, given, limit))


def chance_player(
    kit: ChanceKit[S, M],
    spec: BeyondSpec,
    role: str,
    io: tuple[TextIO, TextIO],
    seed: int | None,
) -> _Chooser[S, M]:
    """The player `spec` names, for the chance game of `kit`."""
    if spec.kind == "human":
        return _Chooser("you", HumanPlayer(kit.game, input=io[0], output=io[1], undo=False))
    if spec.kind == "random":
        return _Chooser("random", _random_choice(kit.game.moves, _rng(seed, role)))
    check_depth(spec, kit.depth_limit)
    player = _chance_built(kit, spec)
    return _Chooser(str(player), player.next_move)


def n_player(
    kit: NKit[S, M], spec: BeyondSpec, role: str, io: tuple[TextIO, TextIO], seed: int | None
) -> _Chooser[S, M]:
    """The player `spec` names, for the n-player game of `kit`."""
    if spec.kind == "human":
        return _Chooser("you", HumanPlayer(kit.game, input=io[0], output=io[1], undo=False))
    if spec.kind == "random":
        return _Chooser("random", _random_choice(kit.game.moves, _rng(seed, role)))
    player = _n_built(kit, spec)
    return _Chooser(str(player), player.next_move)


def _total_for(kit: NKit[S, M], spec: BeyondSpec) -> Number | None:
    return kit.total if spec.total is None else spec.total


def chance_seats(
    kit: ChanceKit[S, M],
    specs: tuple[BeyondSpec, BeyondSpec],
    streams: tuple[TextIO, TextIO],
    seed: int | None,
) -> list[_Chooser[S, M]]:
    """The players `specs` name for the chance game of `kit`, Maxie's first."""
    return [
        chance_player(kit, spec, role, streams, seed)
        for spec, role in zip(specs, ("maxie", "minnie"), strict=True)
    ]


def n_seats(
    kit: NKit[S, M],
    specs: Sequence[BeyondSpec],
    streams: tuple[TextIO, TextIO],
    seed: int | None,
) -> list[_Chooser[S, M]]:
    """The players `specs` name for the n-player game of `kit`, seat 0's first."""
    return [n_player(kit, spec, f"player{i + 1}", streams, seed) for i, spec in enumerate(specs)]


def dice(seed: int | None) -> random.Random:
    """What a played game of chance rolls its dice with."""
    return _rng(seed, "dice")


def chance_valuer(
    kit: ChanceKit[S, M], spec: BeyondSpec
) -> tuple[str, Callable[[S], tuple[M, str]]]:
    """What values the positions of `kit`'s game for replay: the search `spec` names, and
    its best move and value (in words) in a position."""
    check_depth(spec, kit.depth_limit)
    player = _chance_built(kit, spec)

    def value(state: S) -> tuple[M, str]:
        move, found = player.analyse(state)
        return move, f"{value_text(found)} (more is better for Maxie)"

    return str(player), value


def n_valuer(kit: NKit[S, M], spec: BeyondSpec) -> tuple[str, Callable[[S], tuple[M, str]]]:
    """What values the positions of `kit`'s n-player game for replay: the search `spec`
    names (a vector, one utility a player)."""
    player = _n_built(kit, spec)

    def value(state: S) -> tuple[M, str]:
        move, found = player.analyse(state)
        return move, n_value_text(found)

    return str(player), value


def analyse_chance(kit: ChanceKit[S, M], spec: BeyondSpec, state: S) -> tuple[str, str, str, Value]:
    """The best move in `state` (a player's, not chance's) of `kit`'s game: (player, side,
    move, value)."""
    check_depth(spec, kit.depth_limit)
    player = _chance_built(kit, spec)
    mover = kit.game.player(state)
    assert not isinstance(mover, Nature)  # the command line asks only at a player's move
    move, value = player.analyse(state)
    return str(player), str(mover), kit.game.move_to_string(move), value


def analyse_n(kit: NKit[S, M], spec: BeyondSpec, state: S) -> tuple[str, str, str, Vector | Number]:
    """The best move in `state` of `kit`'s game: (player, mover, move, value)."""
    player = _n_built(kit, spec)
    move, value = player.analyse(state)
    mover = kit.game.names[kit.game.player(state)]
    return str(player), mover, kit.game.move_to_string(move), value


def _sampled(
    player: object,
    start: S,
    label: Callable[[S], str],
    move_text: Callable[[M], str],
    show: Callable[[Sequence[float]], str],
) -> Drawing:
    """A search of its own by a sampling player (MCTS), traced and drawn."""
    if not isinstance(player, SamplesItself):
        raise SpecError(f"{player} cannot be traced: it reports no events")
    sampler = cast(SamplesItself[S, M], player)  # a player of this game: its states, its moves
    return sampled_trace(sampler, start, label, move_text, show)


def trace_chance(kit: ChanceKit[S, M], spec: BeyondSpec) -> Drawing:
    """One search of `spec`'s kind from the start of `kit`'s game, drawn."""
    check_depth(spec, kit.depth_limit)
    if _chance_kind(spec).sampler is not None:
        game = kit.game
        player = _chance_built(kit, spec)
        return _sampled(player, game.start, game.state_to_string, game.move_to_string, chance_means)
    return chance_kind_drawing(_chance_kind(spec), ChanceSettings(kit.estimator, spec.depth))


def trace_n(kit: NKit[S, M], spec: BeyondSpec) -> Drawing:
    """One search of `spec`'s kind from the start of `kit`'s game, drawn."""
    if _n_kind(spec).sampler is not None:
        game = kit.game
        player = _n_built(kit, spec)
        return _sampled(
            player, game.start, game.state_to_string, game.move_to_string, nplayer_means
        )
    return n_kind_drawing(_n_kind(spec), kit.estimator, spec.depth, _total_for(kit, spec))
