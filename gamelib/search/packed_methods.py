"""A packing as the methods of one class: how a compiled game hands the solver C functions.

A [`Packing`][gamelib.search.packed.Packing] is three functions, and the exact solver's
packed search calls them as Python calls.  Compiled by mypyc (`make accelerate`), a
search that knows the class of an object calls its methods as C functions instead: the
positions stay machine words and no arguments are parsed.  So a game whose packing is
compiled too (Connect Four's machine words,
[`gamelib.games.connect4_native`][gamelib.games.connect4_native]) writes `key` and
`expand` as methods of a subclass of
[`PackedMethods`][gamelib.search.packed_methods.PackedMethods] and offers the object
with its packing (`Packing(..., methods=it)`); the solver, on a lower floor than every
game, knows this class and no game's.

This module is compiled with the solver's hot modules; as Python it costs nothing extra.
A subclass must be compiled with it (mypyc refuses a Python subclass of a compiled class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Generic, TypeVar, final

if TYPE_CHECKING:
    from mypy_extensions import i64

    from gamelib.search.packed import Expansion

__all__ = ["NativePosition", "PackedMethods"]

M = TypeVar("M")
P = TypeVar("P")


@final
class NativePosition:
    """A position in machine words, as a board game of bit masks (Connect Four's
    [`gamelib.games.connect4_native`][gamelib.games.connect4_native]) packs one: the side
    to move's pieces, every piece, the cells where either side would complete a line, and
    the moves played.

    An object of its own rather than a tuple: compiled, its fields are machine words, one
    allocation a position, where a tuple holds each number as a Python int made for it.
    Its fields are final: mypy refuses an assignment to one, and so does the compiled class.
    It lives on the search floor so that the compiled solver reads its fields natively.
    """

    mover: Final[i64]
    """The pieces of the side to move."""
    both: Final[i64]
    """Every piece on the board."""
    threats: Final[i64]
    """The empty or filled cells where the side to move would complete a line."""
    their_threats: Final[i64]
    """The same for the other side."""
    plies: Final[i64]
    """The moves played so far."""

    def __init__(self, mover: i64, both: i64, threats: i64, their_threats: i64, plies: i64) -> None:
        self.mover = mover
        self.both = both
        self.threats = threats
        self.their_threats = their_threats
        self.plies = plies

    def fields(self) -> tuple[int, int, int, int, int]:
        """The five numbers, in order."""
        return (self.mover, self.both, self.threats, self.their_threats, self.plies)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NativePosition) and self.fields() == other.fields()

    def __repr__(self) -> str:
        return f"NativePosition{self.fields()}"


class PackedMethods(Generic[M, P]):
    """A packing's `key` and `expand` as methods (see the module); a subclass overrides both,
    as [`Packing.key`][gamelib.search.packed.Packing.key] and
    [`Packing.expand`][gamelib.search.packed.Packing.expand] describe them.

    The two methods here only raise `NotImplementedError`, on purpose: the class is the
    abstract base of a compiled class, and mypyc compiles no class whose metaclass is
    `ABCMeta`, so `abc.abstractmethod` cannot say it instead.
    """

    def key(self, position: P) -> int:
        """A packed position's table key: the game's `key` of the state it packs."""
        raise NotImplementedError

    def expand(self, position: P, first: M | None, wanted: bool) -> Expansion[M, P]:
        """What a packed position holds, given a move to try first and whether the moves
        are wanted (REQUIRES: the game is not over there)."""
        raise NotImplementedError

    # The word level: a packing whose positions are `NativePosition`s may offer its
    # expansion in machine words too, so that a compiled solver searches without making an
    # object a position.  Its moves are then the numbers 0 .. `word_width() - 1`.

    def word_level(self) -> bool:
        """Whether the methods below are offered (positions are `NativePosition`s)."""
        return False

    def word_width(self) -> i64:
        """How many moves a position may have at most (the most a `word_rank` writes)."""
        raise NotImplementedError

    def word_size(self) -> i64:
        """How many moves make a full game: a move made at `plies == word_size() - 1`
        ends it in a draw unless it wins."""
        raise NotImplementedError

    def word_key(self, mover: i64, both: i64) -> i64:
        """The table key of the position with these pieces (as `key`), not negative."""
        raise NotImplementedError

    def word_safe(self, mover: i64, both: i64, threats: i64, their_threats: i64) -> i64:
        """-1 when the side to move wins with its next move; 0 when every move lets the
        opponent win with theirs; else the cells of the moves that do not (not zero)."""
        raise NotImplementedError

    def word_rank(self, mover: i64, both: i64, safe: i64, into: list[i64], at: i64) -> i64:
        """Write the moves of the cells `safe` into `into[at:]`, best first, in `expand`'s
        order, and return how many there are; each is written as a number whose low bits
        `word_move` reads."""
        raise NotImplementedError

    def word_move(self, ranked: i64) -> i64:
        """The move a number written by `word_rank` stands for."""
        raise NotImplementedError

    def word_play(self, mover: i64, safe: i64, move: i64) -> i64:
        """The cell the side to move takes by `move` (one of `safe`'s)."""
        raise NotImplementedError

    def word_threats(self, pieces: i64) -> i64:
        """The cells where `pieces` would complete a line (as `NativePosition.threats`)."""
        raise NotImplementedError
