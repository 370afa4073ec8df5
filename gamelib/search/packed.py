"""Packed positions: a game's offer to the exact solver of a faster way through it.

The exact solver ([`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve])
searches any game through its contract: `play` builds a state and a status
for every move, `key` keys it, and the game's `solver_moves` orders the
moves.  A game whose positions fit in a few integers (a bitboard game) can
do much of that work once per position rather than once per move, and knows
things the contract cannot say.  It offers them with a method `packing()`
returning a [`Packing`][gamelib.search.packed.Packing]:

- `pack(state)`: the state as a packed position, any value the game likes;
- `key(position)`: its table key, the same number `game.key(state)` gives, so
  a table serves solves of either kind;
- `expand(position, first, wanted)`: what the position holds, as an
  [`Expansion`][gamelib.search.packed.Expansion]: a win with the next move
  ([`Foresight.WIN`][gamelib.search.packed.Foresight]), or no move that
  keeps the opponent from winning with theirs
  ([`Foresight.LOSE`][gamelib.search.packed.Foresight]), or else
  ([`Foresight.PLAY`][gamelib.search.packed.Foresight]) the moves that do
  not lose at once, best first (`first`, the move a table remembers, ahead
  of the rest when it is one of them), and the packed positions they lead
  to, in that order (`None` for a move that ends the game in a draw), made
  as the solver comes to them: most searches stop at the first.  With
  `wanted` False the solver wants the foresight only (it settles the
  window), and a PLAY may come with no moves.

A game compiled with the solver (`make accelerate`) may offer `key` and `expand` as the
methods of one object as well, [`PackedMethods`][gamelib.search.packed_methods.PackedMethods],
for the solver to call as C functions.

That is the capability the solver's fast path asks for.  It holds only for a
game whose sides take turns and whose moves either win, draw, or hand the
turn over; in return the solver skips every move that loses at once and
narrows each search window to what such a position can still hold (no win
sooner than two moves away, no loss sooner than two of the opponent's).  The
solver trusts a packing as it trusts a game's `key`: it does not hold the
expansions to the game's rules at every position (a PLAY must give one
position for each move), so a packing needs tests of its own, as
`tests/games/test_connect4_packed.py` holds Connect Four's to the game.

```pycon
>>> from gamelib.games.connect4 import ConnectFour
>>> game = ConnectFour(cols=5, rows=4)
>>> packing = packing_of(game)
>>> def after(columns: str) -> object:  # columns numbered from 1, as players write them
...     state = game.start
...     for column in columns:
...         state = game.play(state, int(column) - 1).state  # type: ignore[union-attr]
...     return packing.pack(state)
>>> foresight, moves, positions = packing.expand(after("2233"), None, True)
>>> foresight, list(moves)  # X to move, X X on the bottom row: column 4 first (index 3)
(<Foresight.PLAY>, [3, 0, 4, 2, 1])
>>> packing.expand(after("22334"), None, True)[:2]  # O faces X X X with both ends open
(<Foresight.LOSE>, (2,))
>>> packing.expand(after("223344"), None, True)[:2]  # X completes the row at column 1
(<Foresight.WIN>, (0,))

```
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar, cast, final

from gamelib.core.game import Game

if TYPE_CHECKING:
    from gamelib.search.packed_methods import PackedMethods

__all__ = ["Expansion", "Foresight", "Packing", "breathe", "packing_of"]

S = TypeVar("S")
M = TypeVar("M")
P = TypeVar("P")


class Foresight(Enum):
    """What a packed position holds, seen one move ahead for each side."""

    WIN = "win"
    """The side to move wins with its next move (the expansion's first move)."""
    LOSE = "lose"
    """Every move lets the opponent win with theirs (the first move is one to name)."""
    PLAY = "play"
    """Neither: the expansion lists the moves that keep the opponent from winning at once."""

    def __repr__(self) -> str:
        return f"<Foresight.{self.name}>"


Expansion: TypeAlias = tuple[Foresight, Sequence[M], Iterable[P | None]]
"""What `expand` gives: the foresight, the moves (one for WIN and LOSE; for PLAY every
move that does not lose at once, best first) and, for PLAY, the position each leads
to, in the same order (None: the move ends the game in a draw)."""


@final
@dataclass(frozen=True, slots=True)
class Packing(Generic[S, M, P]):
    """A game's packed positions: see the module."""

    pack: Callable[[S], P]
    """A state as a packed position."""
    key: Callable[[P], int]
    """A packed position's table key: the game's `key` of the state it packs."""
    expand: Callable[[P, M | None, bool], Expansion[M, P]]
    """What a packed position holds, given a move to try first and whether the moves are
    wanted (REQUIRES: the game is not over there)."""
    methods: PackedMethods[M, P] | None = None
    """The same `key` and `expand` as methods of one compiled object, for a compiled solver
    to call as C functions ([`gamelib.search.packed_methods`][gamelib.search.packed_methods]);
    None: the functions only."""


def packing_of(game: Game[S, M]) -> Packing[S, M, object] | None:
    """The packing `game` offers, if it has a `packing` method; asked of the object
    itself, so a wrapper that counts or checks plays (and so must see each one) is
    searched through the contract instead.
    """
    offer: Callable[[], object] | None = getattr(game, "packing", None)
    if not callable(offer):
        return None
    found = offer()
    if not isinstance(found, Packing):
        return None
    # Packed positions are opaque to the solver: it hands them back to `key` and
    # `expand` as they came, so the position type may be taken as `object`.
    return cast(Packing[S, M, object], found)


def breathe() -> None:
    """Nothing at all, run as Python.

    Python handles a signal (Ctrl-C, SIGTERM) when it next runs Python code; a search
    compiled by mypyc (`make accelerate`) may run for minutes without doing so, so the
    packed search calls this every few thousand positions, and this module is never
    compiled.
    """
