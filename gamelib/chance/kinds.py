"""The searches of games of chance as search kinds, for the catalog: `expectiminimax`,
`star1` and `star2` (and what a kind of this family is).

The searches keep the lecture's shape in `gamelib.chance.expectiminimax`; what the command
line needs to name and build their players is here, as `gamelib.estimate.kinds` holds the
two-player lectures' kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar, final

from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import (
    ChancePlayer,
    ChanceSettings,
    Expectiminimax,
    Star1,
    Star2,
)
from gamelib.chance.game import ChanceEstimator
from gamelib.search.family_kinds import FamilyKind
from gamelib.search.kinds import OptionValues

__all__ = [
    "EXPECTIMINIMAX_KIND",
    "STAR1_KIND",
    "STAR2_KIND",
    "ChanceBuilder",
    "ChanceKind",
    "ChanceKindFactory",
    "searched_by",
]

S = TypeVar("S")
M = TypeVar("M")


class ChanceKindFactory(Protocol):
    """A chance search factory: Expectiminimax, Star1 and Star2 have this shape."""

    def __call__(
        self, settings: ChanceSettings[S, M], /, *, observer: ChanceObserver[S, M] | None = None
    ) -> ChancePlayer[S, M]: ...


class ChanceBuilder(Protocol):
    """Builds a chance search player from an estimator, a depth and the kind's option values
    (by name; those not given take their defaults), telling `observer` (if any) what it
    does."""

    def __call__(
        self,
        estimator: ChanceEstimator[S, M],
        depth: int,
        options: OptionValues,
        /,
        *,
        observer: ChanceObserver[S, M] | None = None,
    ) -> ChancePlayer[S, M]: ...


@final
@dataclass(frozen=True, slots=True)
class searched_by:  # noqa: N801 - named as the function it reads as: searched_by(Star1)
    """The builder of a kind without options whose player is `factory(ChanceSettings(estimator,
    depth))`: Expectiminimax's, Star1's and Star2's, or a factory of one's own.  A value (not
    a closure), so a kind of one's own built so goes to worker processes.

    ```pycon
    >>> import pickle
    >>> from gamelib.chance.expectiminimax import Star1
    >>> from gamelib.chance.trees import (
    ...     EXAMPLE_TEXT, ChanceTreeGame, chance_tree_estimator, parse_chance_tree)
    >>> mine = ChanceKind("my-star1", "Star1, as a kind of my own", searched_by(Star1))
    >>> game = ChanceTreeGame(parse_chance_tree(EXAMPLE_TEXT))
    >>> player = mine.build(chance_tree_estimator(game), 2, {})
    >>> str(player), player.analyse(game.start)
    ('Star1(depth 2)', (0, Fraction(1, 1)))
    >>> pickle.loads(pickle.dumps(mine)) == mine  # it crosses to a worker as itself
    True

    ```
    """

    factory: ChanceKindFactory
    """The factory."""

    def __call__(
        self,
        estimator: ChanceEstimator[S, M],
        depth: int,
        options: OptionValues,
        /,
        *,
        observer: ChanceObserver[S, M] | None = None,
    ) -> ChancePlayer[S, M]:
        return self.factory(ChanceSettings(estimator, depth), observer=observer)


@final
@dataclass(frozen=True, slots=True)
class ChanceKind(FamilyKind[ChanceBuilder]):
    """A kind of search player for games of chance (`gamelib.chance`): a
    [`FamilyKind`][gamelib.search.family_kinds.FamilyKind] whose builder makes a chance player
    (its events are `gamelib.chance.events.ChanceEvent`s).

    A kind built by [`searched_by`][gamelib.chance.kinds.searched_by] has no options: its
    factory takes none, so options given to it are refused when the kind is made.

    ```pycon
    >>> from gamelib.search.kinds import Option
    >>> ChanceKind("opt", "mine", searched_by(Star1), options=(Option("w", "w", 1, int, ""),))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: opt has options (w), but searched_by(Star1) passes its factory none: ...

    ```
    """

    def __post_init__(self) -> None:
        FamilyKind.__post_init__(self)
        if isinstance(self.build, searched_by) and self.options:
            factory = getattr(self.build.factory, "__qualname__", type(self.build.factory).__name__)
            raise ValueError(
                f"{self.name} has options ({', '.join(o.name for o in self.options)}), but "
                f"searched_by({factory}) passes its factory none: build it with a function "
                "that takes them (estimator, depth, options)"
            )


EXPECTIMINIMAX_KIND = ChanceKind(
    "expectiminimax", "minimax that averages over the dice", searched_by(Expectiminimax)
)
"""Expectiminimax (CSE 473), in the catalog of games of chance."""

STAR1_KIND = ChanceKind(
    "star1",
    "Ballard's Star1: expectiminimax's value, alpha-beta cuts at chance positions too",
    searched_by(Star1),
)
"""Ballard's Star1, in the catalog of games of chance."""

STAR2_KIND = ChanceKind(
    "star2",
    "Ballard's Star2: Star1 that first probes one move of each outcome",
    searched_by(Star2),
)
"""Ballard's Star2, in the catalog of games of chance."""
