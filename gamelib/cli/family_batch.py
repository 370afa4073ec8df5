"""What `analyse` answers for a position of a game of chance or of n players, alone or as a
line of a `--positions` batch (here, or on `--workers` and `--scheduler`).

A line of a batch is a line of moves from the start, as `--moves` takes it: at a chance
position a word names what happened (`roll 6 roll 3` in Pig), and a line that ends where
chance decides has nothing to analyse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from gamelib.chance.game import Value
from gamelib.chance.game import number_to_string as chance_number
from gamelib.cli._workers import SentGame, SentKinds
from gamelib.cli.beyond import ChanceKit, NKit, analyse_chance, analyse_n
from gamelib.cli.family_specs import BeyondSpec, n_value_text, parse_beyond_spec, value_text
from gamelib.cli.positions import BadPositionError, line_after, move_json, split_moves
from gamelib.cli.specs import DEFAULT_DEPTH
from gamelib.core.checks import echo
from gamelib.core.jsondata import JSON
from gamelib.core.model import Model, Nature
from gamelib.nplayer.game import Number, Vector

__all__ = [
    "FamilyAnswer",
    "HereChance",
    "HereN",
    "SentAnalysis",
    "chance_answer",
    "family_lines",
    "n_answer",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class FamilyAnswer:
    """An answer as `analyse` writes it: its JSON fields, and its line of text."""

    found: dict[str, JSON]
    """`player`, `to_move`, `best`, `value`, and `guess` (or a vector's `vector`)."""
    text: str
    """`Star2(depth 3) chooses hold for Maxie; value: 1/2`."""


def chance_answer(player: str, side: str, move: str, value: Value) -> FamilyAnswer:
    """The answer of a chance search at a player's position."""
    found: dict[str, JSON] = {
        "player": player,
        "to_move": side,
        "best": move_json(move),
        "value": chance_number(value),
        "guess": float(value),
    }
    return FamilyAnswer(found, f"{player} chooses {move} for {side}; value: {value_text(value)}")


def n_answer(
    player: str, mover: str, others: tuple[str, ...], move: str, value: Vector | Number
) -> FamilyAnswer:
    """The answer of an n-player search: a vector, or a paranoid player's utility (whose
    meaning the text says: against `others`)."""
    found: dict[str, JSON] = {
        "player": player,
        "to_move": mover,
        "best": move_json(move),
        "value": n_value_text(value),
    }
    meaning = ""
    if isinstance(value, tuple):
        found["vector"] = [float(u) if isinstance(u, Fraction) else u for u in value]
    else:
        found["guess"] = float(value) if isinstance(value, Fraction) else value
        against = " and ".join(name for name in others if name != mover)
        meaning = f" ({mover}'s utility if {against} play against {mover})"
    text = f"{player} chooses {move} for {mover}; value: {n_value_text(value)}{meaning}"
    return FamilyAnswer(found, text)


@dataclass(frozen=True)
class HereChance(Generic[S, M]):
    """A batch's task in this process, for a game of chance."""

    kit: ChanceKit[S, M]
    spec: BeyondSpec

    def __call__(self, state: S, /) -> FamilyAnswer:
        return chance_answer(*analyse_chance(self.kit, self.spec, state))


@dataclass(frozen=True)
class HereN(Generic[S, M]):
    """A batch's task in this process, for a game of n players."""

    kit: NKit[S, M]
    spec: BeyondSpec

    def __call__(self, state: S, /) -> FamilyAnswer:
        player, mover, move, value = analyse_n(self.kit, self.spec, state)
        return n_answer(player, mover, self.kit.game.names, move, value)


@dataclass(frozen=True)
class SentAnalysis:
    """A batch's task on a worker: the game found again, the player's spec read again with
    the caller's kinds (`--depth` as given), the position analysed."""

    game: SentGame
    kinds: SentKinds
    text: str
    """The `--player` spec as typed."""
    depth: str | None
    """`--depth` as typed, if given."""

    def __call__(self, state: object, /) -> FamilyAnswer:
        kit = self.game.kit()
        catalogs = self.kinds.catalogs()
        if isinstance(kit, ChanceKit):
            spec = parse_beyond_spec(
                self.text, "chance", kit.title, None, DEFAULT_DEPTH, self.depth, catalogs
            )
            return HereChance(kit, spec)(state)
        assert isinstance(kit, NKit)  # a two-player game's batch goes its own way
        players = len(kit.game.names)
        spec = parse_beyond_spec(
            self.text, "n-player", kit.title, players, kit.default_depth, self.depth, catalogs
        )
        return HereN(kit, spec)(state)


def family_lines(model: Model[S, M, R]) -> Callable[[str], S]:
    """How a batch reads a line of a game of `model`: the position after its moves (a word
    at a chance position names what happened), which must be a player's."""

    def read(text: str) -> S:
        state, _ = line_after(model, split_moves(text, False), "analyse", rolls=True)
        if isinstance(model.mover(state), Nature):
            raise BadPositionError(
                f"nothing to analyse after {echo(text)}: chance decides there, not a player"
            )
        return state

    return read
