"""The players the command line can build: a person, a game's own player, chance, searches.

The kinds that do not search (`human`, `direct`, `random`) are here;
every search kind comes from the catalog ([`gamelib.catalog`][gamelib.catalog]).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TextIO, TypeVar, cast, final

from gamelib.chance.expectiminimax import ChancePlayer
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.games import GameKit
from gamelib.cli.kits import plain_seat
from gamelib.cli.specs import PlayerSpec, SpecError, too_deep
from gamelib.core.controller import Chooses
from gamelib.core.estimator import Guess, est_to_string
from gamelib.core.human import Advice, HumanPlayer
from gamelib.core.model import Nature, value_to_string
from gamelib.nplayer.game import Number, Vector
from gamelib.nplayer.maxn import NSearchPlayer
from gamelib.search.kinds import Catalog, SearchKind
from gamelib.search.player import SearchPlayer

__all__ = [
    "HINT_DEPTH",
    "PLAYER_KINDS",
    "PlayerBuilder",
    "PlayerKind",
    "Streams",
    "advise",
    "advise_seats",
    "build_player",
    "search_player",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")


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
    status: TextIO | None = None
    """A terminal for live status lines (a search player thinking), or None."""


class PlayerBuilder(Protocol):
    """Builds a player of one kind for any game kit."""

    def __call__(
        self, kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /
    ) -> Chooses[S, M]: ...


@final
@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A kind of player that does not search."""

    name: str
    """Its name on the command line."""
    summary: str
    """One line for `gamelib list`."""
    build: PlayerBuilder
    """How to build one."""


def _plain(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Chooses[S, M]:
    player = plain_seat(
        kit.game, spec.kind, (streams.input, streams.output), streams.seed, family=kit.family
    )
    assert player is not None  # built for `human` and `random` only
    return player


def _direct(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams, /) -> Chooses[S, M]:
    if kit.direct is None:
        raise SpecError("this game has no hand-written ('direct') player")
    return kit.direct()


PLAYER_KINDS: dict[str, PlayerKind] = {
    kind.name: kind
    for kind in (
        PlayerKind("human", "you, typing moves at the prompt", _plain),
        PlayerKind("direct", "the game's hand-written player (Nim: NimPlayer)", _direct),
        PlayerKind("random", "a random legal move (reproducible with --seed)", _plain),
    )
}
"""The kinds that do not search, by name: `human`, `direct` and `random`."""


def search_player(
    kit: GameKit[S, M, G], spec: PlayerSpec, below: str = "the root"
) -> SearchPlayer[S, M, G]:
    """The search player `spec` names (of the kind it found), over `kit`'s estimator;
    SpecError when it would search deeper than `kit.depth_limit`, the tree's depth from
    `below`."""
    if kit.depth_limit is not None and spec.depth > kit.depth_limit:
        raise SpecError(too_deep(spec.depth, spec.depth_from, kit.depth_limit, below))
    assert isinstance(spec.found, SearchKind)  # read over the two-player catalog
    return spec.found.build(kit.estimator, spec.depth, spec.options)


def build_player(kit: GameKit[S, M, G], spec: PlayerSpec, streams: Streams) -> Chooses[S, M]:
    """The player `spec` names: a search kind it found, or one of `PLAYER_KINDS`."""
    plain = PLAYER_KINDS.get(spec.kind)
    if plain is not None:
        return plain.build(kit, spec, streams)
    return search_player(kit, spec)


HINT_DEPTH = 4
"""How deep the helper a person asks for a `hint` looks, when the other player does not search."""


def advise(
    kit: GameKit[S, M, G], maxie: Chooses[S, M], minnie: Chooses[S, M], catalog: Catalog[SearchKind]
) -> None:
    """Give each person at the prompt someone to ask for a `hint`: the search player
    they play against, else AlphaBeta at [`HINT_DEPTH`][gamelib.cli.players.HINT_DEPTH].
    """
    for person, other in ((maxie, minnie), (minnie, maxie)):
        if not isinstance(person, HumanPlayer) or person.advisor is not None:
            continue
        helper: SearchPlayer[S, M, G] = (
            cast("SearchPlayer[S, M, G]", other)  # it analyses: a search player of this kit
            if callable(getattr(other, "analyse", None))
            else catalog["alphabeta"].build(kit.estimator, HINT_DEPTH, {})
        )

        def advice(state: S, helper: SearchPlayer[S, M, G] = helper) -> Advice:
            move, value = helper.analyse(state)
            text = est_to_string(kit.estimator, value)
            if isinstance(value, Guess):
                text += " (more is better for Maxie)"
            return Advice(kit.game.move_to_string(move), text)

        person.advisor = advice


def advise_seats(
    kit: FamilyKit[S, M, R],
    players: Sequence[object],
    specs: Sequence[PlayerSpec],
    read: Callable[[str], PlayerSpec],
) -> None:
    """Give each person at the prompt of a game of chance or of n players someone to ask
    for a `hint`, as [`advise`][gamelib.cli.players.advise] does in a two-player game: the
    search the person plays against (the next seat's after theirs that searches), else the
    family's own search (expectiminimax, max^n) at [`HINT_DEPTH`][gamelib.cli.players.HINT_DEPTH]
    (no deeper than the game allows), read by `read`.  The value is written as the
    family writes values: a chance value by
    [`value_to_string`][gamelib.core.model.value_to_string] (`40/27 (about 1.4815)`,
    `about 0.7356` for a long fraction), a vector of n
    players' utilities with their names (`A 1, B 0, C 0`).
    """
    n = len(players)
    for seat, person in enumerate(players):
        if not isinstance(person, HumanPlayer) or person.advisor is not None:
            continue
        searching = [
            specs[(seat + k) % n] for k in range(1, n) if specs[(seat + k) % n].found is not None
        ]
        limit = kit.depth_limit
        depth = HINT_DEPTH if limit is None else max(1, min(HINT_DEPTH, limit))
        spec = searching[0] if searching else read(f"{kit.defaults[0]}:{depth}")
        person.advisor = _family_advice(kit, kit.searcher(spec))


def _family_advice(
    kit: FamilyKit[S, M, R], helper: ChancePlayer[S, M] | NSearchPlayer[S, M, Vector | Number]
) -> Callable[[S], Advice]:
    """What a person's `hint` asks `helper`, and the value in the family's words."""
    model = kit.model

    def advice(state: S) -> Advice:
        move, value = helper.analyse(state)
        if isinstance(value, tuple):
            text = ", ".join(  # a vector: n players' utilities, an MCTS mean's shortened
                f"{name} {value_to_string(u, decimal=False)}"
                for name, u in zip(model.seats, value, strict=True)
            )
        elif kit.family == "chance":
            text = value_to_string(value) + kit.worth
        else:  # a paranoid search's number: the mover's utility against all the others
            mover = model.mover(state)
            assert not isinstance(mover, Nature)  # the prompt is asked at a person's move
            name = model.seats[mover]
            others = " and ".join(n for n in model.seats if n != name)
            utility = value_to_string(value, decimal=False)
            text = f"{utility} ({name}'s utility if {others} play against {name})"
        return Advice(kit.game.move_to_string(move), text)

    return advice
