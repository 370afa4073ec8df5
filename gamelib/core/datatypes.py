"""The small datatypes every game shares: sides, outcomes, statuses and orders.

SML: `Player.t`, `Outcome.t`, `Game.status` and the basis `order`.

```pycon
>>> flip(Side.Maxie)
<Side.Minnie>
>>> print(Done(Winner(Side.Minnie)))
Done: Minnie wins

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from types import MemberDescriptorType
from typing import Generic, TypeAlias, TypeVar, assert_never, cast, final

__all__ = [
    "EQUAL",
    "GREATER",
    "LESS",
    "Done",
    "Draw",
    "Order",
    "Outcome",
    "Playing",
    "Side",
    "Status",
    "Winner",
    "flip",
    "outcome_to_string",
]

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Side(Enum):
    """Whose turn it is (SML `Player.t`): Maxie wants large values, Minnie small."""

    Maxie = "Maxie"
    Minnie = "Minnie"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"<Side.{self.value}>"

    # Hashed by identity, in C: Enum's own __hash__ is a Python function, and a search
    # looks a side up in a table (the lecture's chart) at every position.
    __hash__ = object.__hash__


def flip(side: Side) -> Side:
    """The other side (SML `flip`)."""
    return Side.Minnie if side is Side.Maxie else Side.Maxie


@final
@dataclass(frozen=True, slots=True)
class Winner:
    """A finished game that `side` won."""

    side: Side
    """The side that won."""

    def __str__(self) -> str:
        return f"{self.side} wins"


@final
@dataclass(frozen=True, slots=True)
class Draw:
    """A finished game that nobody won."""

    def __str__(self) -> str:
        return "a draw"


Outcome: TypeAlias = Winner | Draw
"""How a finished game ended (SML `Outcome.t`)."""


def outcome_to_string(outcome: Outcome) -> str:
    """The controller's closing line: "Maxie wins!" or "It's a draw!"."""
    match outcome:
        case Winner(side):
            return f"{side} wins!"
        case Draw():
            return "It's a draw!"
        case _:
            assert_never(outcome)


@final
@dataclass(frozen=True, slots=True)
class Playing(Generic[S_co]):
    """The game goes on from `state` (SML `Playing`)."""

    state: S_co
    """The position after the move."""

    def __init__(self, state: S_co) -> None:
        # A game makes one of these a move.  The dataclass's own __init__ would set the
        # frozen field through object.__setattr__; setting its slot directly costs a
        # quarter less (the class stays frozen: assigning to `state` raises).
        _set_state(self, state)

    def __str__(self) -> str:
        return f"Playing: {self.state}"


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """What sets the slot `name` of `cls`'s instances, frozen or not."""
    return cast(MemberDescriptorType, cls.__dict__[name]).__set__


_set_state = _slot_setter(Playing, "state")


@final
@dataclass(frozen=True, slots=True)
class Done:
    """The game is over with `outcome` (SML `Done`)."""

    outcome: Outcome
    """How it ended."""

    def __str__(self) -> str:
        return f"Done: {self.outcome}"


Status: TypeAlias = Playing[S] | Done
"""What a move leads to (SML `Game.status`)."""


class Order(Enum):
    """The result of a comparison (SML `order`)."""

    LESS = -1
    EQUAL = 0
    GREATER = 1

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name


LESS = Order.LESS
"""`Order.LESS`, by its SML name."""
EQUAL = Order.EQUAL
"""`Order.EQUAL`, by its SML name."""
GREATER = Order.GREATER
"""`Order.GREATER`, by its SML name."""
