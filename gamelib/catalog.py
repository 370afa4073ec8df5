"""Every search kind by name, for each family of games: the tables the command line, traces,
benchmarks and docs read.

Each search module declares its own kind beside its factory
([`SearchKind`][gamelib.search.kinds.SearchKind], such as
[`NEGAMAX_KIND`][gamelib.algorithms.negamax.NEGAMAX_KIND]); adding an algorithm is that
module and one line in [`CATALOG`][gamelib.catalog.CATALOG] here.  `gamelib play`,
`analyse`, `trace` and `list`, the benchmarks and the docs' list of players pick it up.
Games of chance and of n players have searches of their own contracts, in
[`CHANCE_CATALOG`][gamelib.catalog.CHANCE_CATALOG] and
[`NPLAYER_CATALOG`][gamelib.catalog.NPLAYER_CATALOG].  The solvers `gamelib solve
--method` offers besides the exact one are goal methods, in
[`SOLVE_CATALOG`][gamelib.catalog.SOLVE_CATALOG]; [`Catalogs`][gamelib.catalog.Catalogs]
holds the four.

A catalog is a value: [`Catalogs.with_kind`][gamelib.catalog.Catalogs.with_kind] makes new
catalogs with a kind of any family added (or replaced), and
`gamelib.cli.main(..., catalog=...)` runs the command line over them, so a kind can be
tried without touching the package.

```pycon
>>> from gamelib.games.nim import Nim, nim_estimator
>>> jamboree = CATALOG["jamboree"]
>>> jamboree.usage(), [option.name for option in jamboree.options]
('jamboree:DEPTH:PRUNE', ['prune'])
>>> player = jamboree.build(nim_estimator(Nim()), 4, {"prune": 0.25})
>>> print(player, player.analyse(Nim().start))
Jamboree(depth 4, prune 0.25) (2, Guess(guess=1))
>>> CATALOGS.family_of("star2"), CATALOGS.family_of("maxn"), CATALOGS.family_of("pvs")
('chance', 'n-player', 'two-player')

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal, TypeVar, final

from gamelib.algorithms.deepening_kind import DEEPENING_KIND
from gamelib.algorithms.goals import BOOLEAN_METHOD, GoalMethod
from gamelib.algorithms.mcts import (
    CHANCE_MCTS_KIND,
    MCTS_KIND,
    NPLAYER_MCTS_KIND,
    mcts_settings,
    simulate,
)
from gamelib.algorithms.negamax import NEGAMAX_AB_KIND, NEGAMAX_KIND
from gamelib.algorithms.nullwindow import MTDF_KIND, PVS_KIND, SCOUT_KIND
from gamelib.algorithms.pns import DFPN_METHOD, PNS_METHOD
from gamelib.chance.kinds import (
    EXPECTIMINIMAX_KIND,
    STAR1_KIND,
    STAR2_KIND,
    ChanceBuilder,
    ChanceKind,
    ChanceKindFactory,
)
from gamelib.core.datatypes import Status
from gamelib.core.estimator import Estimator
from gamelib.core.jsondata import JSON
from gamelib.estimate.kinds import ALPHABETA_KIND, JAMBOREE_KIND, MINIMAX_KIND
from gamelib.nplayer.kinds import (
    MAXN_KIND,
    PARANOID_KIND,
    SHALLOW_MAXN_KIND,
    NKindBuilder,
    NPlayerKind,
    TotalMissingError,
)
from gamelib.search.kinds import Catalog, Option, OptionValues, SearchKind
from gamelib.trace.drawing import Drawing
from gamelib.trace.mcts import trace_steps as mcts_trace_steps
from gamelib.trace.mcts import traced as mcts_traced

__all__ = [
    "CATALOG",
    "CATALOGS",
    "CHANCE_CATALOG",
    "MCTS_TRACED_KIND",
    "NPLAYER_CATALOG",
    "NPLAYER_MCTS_KIND",
    "SOLVE_CATALOG",
    "Catalogs",
    "ChanceBuilder",
    "ChanceKind",
    "ChanceKindFactory",
    "Drawing",
    "Family",
    "NKindBuilder",
    "NPlayerKind",
    "TotalMissingError",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

Family = Literal["two-player", "chance", "n-player"]
"""Which contract a game follows, and so which search kinds can play it."""


def _mcts_traced(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> tuple[str, str]:
    """MCTS's trace (its kind's `trace`): a search from the start, drawn."""
    settings = mcts_settings(estimator, depth, options)
    game = estimator.game
    start = game.start
    return mcts_traced(game, start, lambda watch: simulate(settings, start, watch=watch))


def _mcts_steps(
    estimator: Estimator[S, M, G],
    depth: int,
    options: OptionValues,
    name: Callable[[Status[S]], str] | None,
    /,
) -> dict[str, JSON]:
    """MCTS's steps for the docs' stepper (its kind's `steps`)."""
    settings = mcts_settings(estimator, depth, options)
    game = estimator.game
    start = game.start
    return mcts_trace_steps(
        game,
        start,
        lambda watch: simulate(settings, start, watch=watch),
        settings.search_depth,
        name,
    )


MCTS_TRACED_KIND = replace(MCTS_KIND, trace=_mcts_traced, steps=_mcts_steps)
"""[`MCTS_KIND`][gamelib.algorithms.mcts.MCTS_KIND] with its tracer
([`gamelib.trace.mcts`][gamelib.trace.mcts]): a search reports, a tracer renders, and the
two meet here (gamelib.algorithms may not import gamelib.trace)."""


CATALOG: Catalog[SearchKind] = Catalog(
    (
        MINIMAX_KIND,
        ALPHABETA_KIND,
        JAMBOREE_KIND,
        NEGAMAX_KIND,
        NEGAMAX_AB_KIND,
        PVS_KIND,
        SCOUT_KIND,
        MTDF_KIND,
        DEEPENING_KIND,
        MCTS_TRACED_KIND,
    )
)
"""The search kinds gamelib ships for two-player games, in the order `gamelib list` shows them."""


# --------------------------------------------------------------------------
# Searches for games of chance and for games of n players.  Their players have
# contracts of their own (gamelib.chance, gamelib.nplayer), so they are listed in
# two tables of their own; the command line offers each table only for its games.


CHANCE_CATALOG: Catalog[ChanceKind] = Catalog(
    (EXPECTIMINIMAX_KIND, STAR1_KIND, STAR2_KIND, CHANCE_MCTS_KIND)
)
"""The search kinds for games of chance, in the order `gamelib list` shows them."""


NPLAYER_CATALOG: Catalog[NPlayerKind] = Catalog(
    (MAXN_KIND, SHALLOW_MAXN_KIND, PARANOID_KIND, NPLAYER_MCTS_KIND)
)
"""The search kinds for games of n players, in the order `gamelib list` shows them."""


SOLVE_CATALOG: Catalog[GoalMethod] = Catalog((BOOLEAN_METHOD, PNS_METHOD, DFPN_METHOD))
"""The goal methods of `gamelib solve --method`, after the exact solver (`exact`, the
default): a new one is its module's `GoalMethod` and a name here."""


@final
@dataclass(frozen=True, slots=True)
class Catalogs:
    """The search kinds of the three families of games, one catalog each, and the goal
    methods of `gamelib solve`."""

    two_player: Catalog[SearchKind] = CATALOG
    """Searches of the lectures' two-player games."""
    chance: Catalog[ChanceKind] = CHANCE_CATALOG
    """Searches of games of chance."""
    n_player: Catalog[NPlayerKind] = NPLAYER_CATALOG
    """Searches of games of n players."""
    solve: Catalog[GoalMethod] = SOLVE_CATALOG
    """The goal methods `gamelib solve --method` offers besides the exact solver."""

    def with_kind(self, kind: SearchKind | ChanceKind | NPlayerKind | GoalMethod) -> Catalogs:
        """New catalogs with `kind` added to its family's (or in place of its namesake)."""
        match kind:
            case SearchKind():
                return replace(self, two_player=self.two_player.with_kind(kind))
            case ChanceKind():
                return replace(self, chance=self.chance.with_kind(kind))
            case NPlayerKind():
                return replace(self, n_player=self.n_player.with_kind(kind))
            case GoalMethod():
                return replace(self, solve=self.solve.with_kind(kind))

    def names(self, family: Family) -> tuple[str, ...]:
        """The names of the search kinds that play a game of `family`."""
        match family:
            case "two-player":
                return self.two_player.names()
            case "chance":
                return self.chance.names()
            case "n-player":
                return self.n_player.names()

    def kinds(self) -> tuple[SearchKind | ChanceKind | NPlayerKind, ...]:
        """The search kinds of every family: two-player, chance, then n-player, each
        family's in its catalog's order."""
        return (*self.two_player, *self.chance, *self.n_player)

    def options(self) -> tuple[Option[object], ...]:
        """The options that are command-line flags (`--prune`, `--total`): every option
        of a kind of any family that has a flag, once each by name, in the order of
        [`kinds`][gamelib.catalog.Catalogs.kinds].  A flag gives its text to each kind
        that declares the option, which reads it with its own `parse`.

        ```pycon
        >>> [option.name for option in CATALOGS.options()]  # doctest: +NORMALIZE_WHITESPACE
        ['prune', 'fail', 'table', 'time', 'nodes', 'order', 'sims', 'c', 'playout', 'scale',
         'solver', 'total']

        ```
        """
        seen: dict[str, Option[object]] = {}
        for kind in self.kinds():
            for option in kind.options:
                if option.flag:
                    seen.setdefault(option.name, option)
        return tuple(seen.values())

    def family_of(self, name: str) -> Family | None:
        """The family whose search kind is called `name`, if any (two players first)."""
        families: tuple[Family, ...] = ("two-player", "chance", "n-player")
        return next((f for f in families if name in self.names(f)), None)


CATALOGS = Catalogs()
"""The search kinds gamelib ships, for every family."""
