"""Search kinds in a module of a user's own, as `--kind-from MODULE:OBJECT` loads them:
one of each family, a tuple of them, and what `--kind-from` refuses."""

from __future__ import annotations

import dataclasses

from gamelib.catalog import ChanceKind
from gamelib.chance.expectiminimax import Star1
from gamelib.chance.kinds import searched_by
from gamelib.nplayer.kinds import MAXN_KIND
from tests.caller_kinds import MINE

TWO = MINE
"""A two-player kind gamelib does not have (`mine`: Minimax under another name)."""

CHANCE = ChanceKind("lucky", "Star1 under a name of the user's", searched_by(Star1))
"""A kind for games of chance gamelib does not have."""

MANY = dataclasses.replace(MAXN_KIND, name="crowd", summary="max^n under a name of the user's")
"""A kind for games of n players gamelib does not have."""

ALL = (TWO, CHANCE, MANY)
"""The three, as one object."""

CROSS = ChanceKind("alphabeta", "Star1 under the name of a two-player kind", searched_by(Star1))
"""A chance kind whose name a two-player kind of gamelib's has."""

HUMAN = dataclasses.replace(MINE, name="human")
"""A kind named after a player that does not search."""

SAME = dataclasses.replace(MINE, name="minimax", summary="the user's minimax")
"""A two-player kind in place of gamelib's own `minimax`."""

NUMBER = 3
"""Not a kind."""

MIXED = (TWO, NUMBER)
"""A tuple with something that is not a kind in it."""
