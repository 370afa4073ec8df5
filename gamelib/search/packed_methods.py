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

from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from gamelib.search.packed import Expansion

__all__ = ["PackedMethods"]

M = TypeVar("M")
P = TypeVar("P")


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
