"""What every explicit tree shares, whatever its family: leaves, finished games, and the
one error for tree text that does not parse.

The handouts draw small game trees as text (`a[b[c3,d6],e[f1,g9]]`); gamelib reads them
for two-player games ([`gamelib.games.explicit`][gamelib.games.explicit]), games of chance
(`gamelib.chance.trees`, with `?` chance nodes) and games of n players
(`gamelib.nplayer.trees`, with utility vectors).  Each family's grammar is its own; a leaf
that is estimated, a finished game, and the syntax error are the same in all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from gamelib.core.datatypes import Outcome
from gamelib.errors import InputError

__all__ = ["End", "Leaf", "TreeSyntaxError"]


class TreeSyntaxError(InputError, ValueError):
    """A tree text that does not follow its family's form; says what and where, in one
    sentence."""


@final
@dataclass(frozen=True, slots=True)
class Leaf:
    """A node without children; a search must stop here and estimate `value`."""

    name: str
    """The node's label, as in the handouts (`c`, `d`, ...)."""
    value: float
    """Its estimate."""


@final
@dataclass(frozen=True, slots=True)
class End:
    """A finished game: reaching it gives `Done(outcome)`."""

    name: str
    """The node's label."""
    outcome: Outcome
    """How the game ended here."""
