"""What crosses to a worker: how to rebuild a search, never the search itself.

A search player is a bundle of closures over its settings, and closures do
not pickle.  So a task sent to another process (or machine) carries a
*recipe*: how to make the game's estimator (a picklable callable, such as a
module-level function or a small frozen dataclass), the search kind (its
catalog name, or a kind of your own that pickles), the depth and the option
values.  The worker rebuilds the player
from it once and keeps it for the tasks that follow (a recipe is a value: equal
recipes share one player, and a solver's one transposition table).

A recipe's estimator maker must be importable where it runs (defined in a
module, not at the prompt) for it to pickle; here it runs in this process:

```pycon
>>> from gamelib.games.nim import Nim, nim_estimator
>>> from gamelib.parallel.batch import run_batch
>>> def nim_of_7():
...     return nim_estimator(Nim(pile=7))
>>> recipe = SearchRecipe(nim_of_7, "alphabeta", 4)
>>> [(r.index, r.value) for r in run_batch(recipe, [recipe.start()])]
[(0, Analysis(move=2, value=Definitely(outcome=Winner(side=<Side.Maxie>))))]

```
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, final

from gamelib.algorithms.exact import Solution, solve
from gamelib.algorithms.goals import GoalMethod, Verdict, solve_by_goals
from gamelib.algorithms.table import TranspositionTable
from gamelib.catalog import CATALOG
from gamelib.core.estimator import Est, Estimator
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.search.anytime import Thinks
from gamelib.search.kinds import SearchKind
from gamelib.search.player import SearchPlayer

__all__ = [
    "Analysis",
    "GivenGame",
    "GoalRecipe",
    "SearchRecipe",
    "SolveRecipe",
    "analysed",
    "built",
    "forget",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
T = TypeVar("T")

_KEPT = 16
"""Recipes whose products one process keeps (players, tables)."""

_BUILT: OrderedDict[object, object] = OrderedDict()


def built(key: Hashable, make: Callable[[], T]) -> T:
    """What `make()` made for `key` before in this process, or made now and kept.

    A key that cannot be hashed is made afresh each time.
    """
    try:
        found = _BUILT.get(key)
    except TypeError:  # an unhashable part: nothing to share
        return make()
    if found is None:
        found = make()
        _BUILT[key] = found
        if len(_BUILT) > _KEPT:
            _BUILT.popitem(last=False)
    else:
        _BUILT.move_to_end(key)
    return cast(T, found)  # stored by this function under this key, made by the same recipe


def forget(key: Hashable) -> None:
    """Drop what `built` keeps for `key` in this process (nothing kept: nothing done).

    ```pycon
    >>> built(("a list", 1), lambda: [1]), built(("a list", 1), lambda: [2])
    ([1], [1])
    >>> forget(("a list", 1))
    >>> built(("a list", 1), lambda: [2])
    [2]

    ```
    """
    with contextlib.suppress(TypeError):  # an unhashable key: nothing was kept
        _BUILT.pop(key, None)


@final
@dataclass(frozen=True, eq=False)
class GivenGame(Generic[S, M]):
    """Makes the game by handing over the one it holds: the maker of a recipe for a game at
    hand, not one found again by name (it goes to workers when the game pickles).

    Recipes share what their makers' equality lets them share (see `built`).  A maker is
    private by default, equal only to itself: its recipe shares no game, searcher or table,
    so its searches count positions the same after any other.  A `shared` maker equals
    every shared maker of an equal game: their recipes share one searcher and table a
    process, move after move.

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> GivenGame(Nim(pile=7))() == Nim(pile=7)
    True
    >>> mine = GivenGame(Nim(pile=7))
    >>> mine == mine, mine == GivenGame(Nim(pile=7))
    (True, False)
    >>> GivenGame(Nim(pile=7), shared=True) == GivenGame(Nim(pile=7), shared=True)
    True

    ```
    """

    game: Game[S, M]
    """The game it hands over."""
    shared: bool = False
    """Whether it is equal to another shared maker of an equal game (else only to itself)."""

    def __call__(self) -> Game[S, M]:
        return self.game

    def __eq__(self, other: object) -> bool:
        return self is other or (
            self.shared
            and isinstance(other, GivenGame)
            and other.shared
            and (self.game is other.game or bool(self.game == other.game))
        )

    def __hash__(self) -> int:
        # A private maker hashes as itself, so a game that cannot be hashed still keys it.
        return hash(self.game) if self.shared else object.__hash__(self)


@final
@dataclass(frozen=True, slots=True)
class Analysis(Generic[M, G]):
    """What a search found at one position: its move and value."""

    move: M
    value: Est[G]
    facts: Mapping[str, JSON] = field(default_factory=dict, compare=False, repr=False)
    """What a thinking player (`Thinks`) adds: MCTS's simulations, visits and line."""


def analysed(player: SearchPlayer[S, M, G], state: S) -> Analysis[M, G]:
    """`player`'s analysis of `state`, with what it tells if it thinks aloud (`Thinks`);
    always afresh, so a position gets the same answer in any process, after any other."""
    if isinstance(player, Thinks):
        thinks: Thinks[S, M, G] = player
        found = thinks.ponder(state)
        return Analysis(found.move, found.value, found.facts)
    move, value = player.analyse(state)
    return Analysis(move, value)


@final
@dataclass(frozen=True, slots=True)
class SearchRecipe(Generic[S, M, G]):
    """How to build a search player anywhere: estimator maker, search kind, depth, options.

    Called with a state, it analyses it (building the player on first use in
    this process); it pickles when `estimator` does.
    """

    estimator: Callable[[], Estimator[S, M, G]]
    """Makes the estimator (and so the game): a module-level function, or a frozen
    dataclass with `__call__`, so that it pickles and equal recipes compare equal.
    """
    kind: str | SearchKind
    """The search kind: its name in [`gamelib.catalog.CATALOG`][gamelib.catalog.CATALOG],
    or a kind of your own itself (it travels with the recipe, so it must pickle)."""
    depth: int
    """How many moves deep it searches."""
    options: tuple[tuple[str, object], ...] = ()
    """The kind's option values by name, as its options parse them (`(("prune", 0.25),)`)."""

    def __post_init__(self) -> None:
        if isinstance(self.kind, str) and self.kind not in CATALOG:
            raise ValueError(
                f"unknown search kind '{self.kind[:40]}'; known kinds: {', '.join(CATALOG.names())}"
            )

    def player(self) -> SearchPlayer[S, M, G]:
        """The player, built once per process."""
        return built(("search", self), self._build)

    def _build(self) -> SearchPlayer[S, M, G]:
        return self.search_kind().build(self.estimator(), self.depth, dict(self.options))

    def search_kind(self) -> SearchKind:
        """The search kind itself."""
        return CATALOG[self.kind] if isinstance(self.kind, str) else self.kind

    def start(self) -> S:
        """The game's start (built here, in this process)."""
        return self.player().game.start

    def __call__(self, state: S, /) -> Analysis[M, G]:
        return analysed(self.player(), state)


@final
@dataclass(frozen=True, slots=True)
class SolveRecipe(Generic[S, M]):
    """How to solve positions anywhere: a game maker, a depth limit and a table size.

    Each process keeps one transposition table for all the positions it
    solves, as one process solving a batch does.
    """

    game: Callable[[], Game[S, M]]
    """Makes the game; picklable, as `SearchRecipe.estimator`."""
    depth: int | None = None
    """Plies to look ahead at most (None: to the end of the game)."""
    table: int = 1_000_000
    """Entries in each process's transposition table (0: none)."""

    def rules(self) -> Game[S, M]:
        """The game, built once per process."""
        return built(("game", self.game), self.game)

    def shared_table(self) -> TranspositionTable[M, int] | None:
        """This process's table for this recipe (None when `table` is 0)."""
        if self.table <= 0:
            return None
        return built(("table", self), lambda: TranspositionTable[M, int](self.table))

    def __call__(self, state: S, /) -> Solution[S, M]:
        return solve(self.rules(), state, table=self.shared_table(), depth=self.depth)


@final
@dataclass(frozen=True)
class GoalRecipe(Generic[S, M]):
    """How to solve positions anywhere by a goal method (such as df-pn): a game maker, the
    method and its bound (`gamelib solve --method`).  The method's search keeps nothing
    from one position to the next."""

    game: Callable[[], Game[S, M]]
    """Makes the game; picklable, as `SearchRecipe.estimator`."""
    method: GoalMethod
    """The goal method (its search is a module-level function: it pickles by name)."""
    room: int
    """The method's bound: table entries, or positions kept."""

    def rules(self) -> Game[S, M]:
        """The game, built once per process."""
        return built(("game", self.game), self.game)

    def __call__(self, state: S, /) -> Verdict[S, M]:
        return solve_by_goals(self.rules(), state, self.method, room=self.room)
