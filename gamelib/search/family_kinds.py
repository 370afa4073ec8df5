"""What a search kind of games of chance or of n players is: one shape for both families.

A [`ChanceKind`][gamelib.chance.kinds.ChanceKind] and an
[`NPlayerKind`][gamelib.nplayer.kinds.NPlayerKind] are each a `FamilyKind` whose builder is
their family's; the one spec grammar reads them as it reads a
[`SearchKind`][gamelib.search.kinds.SearchKind] (their `usage` and `option` come from the
same [`SpecShape`][gamelib.search.kinds.SpecShape]).

```pycon
>>> from gamelib.chance.kinds import STAR2_KIND, ChanceKind
>>> STAR2_KIND.usage()
'star2:DEPTH'
>>> ChanceKind("old", STAR2_KIND.build, "written in the old order")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: a chance or n-player kind is written ChanceKind(name, summary, builder): got 'old', ...

```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from gamelib.search.kinds import Option, SpecShape, check_options

__all__ = ["FamilyKind"]

B = TypeVar("B")


@dataclass(frozen=True, slots=True)
class FamilyKind(SpecShape, Generic[B]):
    """A kind of search player of games of chance or of n players, one shape for both:
    its family's class ([`ChanceKind`][gamelib.chance.kinds.ChanceKind],
    [`NPlayerKind`][gamelib.nplayer.kinds.NPlayerKind]) says which builder `B` it has.
    The one spec grammar reads it as a [`SearchKind`][gamelib.search.kinds.SearchKind]."""

    name: str
    """Its name in a player spec (`expectiminimax`, `maxn`).  It may be the same
    algorithm's in another family (`mcts`): the game says which is meant."""
    summary: str
    """One line of description."""
    build: B
    """Builds a player of this kind from an estimator, a depth and option values."""
    options: tuple[Option[object], ...] = ()
    """Its options, after the depth (shallow max^n's `TOTAL`), or, a `lead` one, in its
    place."""
    lead: str | None = None
    """An option that stands in the depth's place (`mcts:SIMS`)."""
    takes_depth: bool = True
    """Whether a spec's first part is a depth; False for a kind whose lead option always
    stands there (`mcts:SIMS`): its depth is then `--depth`'s."""
    exact: bool = True
    """False for a kind that samples (MCTS): it reports no events, and is traced by its
    own simulations."""
    default_depth = None
    anytime = False

    def __post_init__(self) -> None:
        # A kind written in the old order (name, factory, summary) would be taken in; say so.
        given: tuple[object, object, object] = (self.name, self.summary, self.build)
        if not isinstance(given[0], str) or not isinstance(given[1], str) or not callable(given[2]):
            raise TypeError(
                f"a chance or n-player kind is written "
                f"{type(self).__name__}(name, summary, builder): got {given[0]!r}, "
                f"{given[1]!r}, {given[2]!r}"
            )
        check_options(self)
