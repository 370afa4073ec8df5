"""Monte Carlo tree search: UCT, with MCTS-Solver, as an anytime player.

Each simulation walks down the tree it has grown, from the root, by UCB1 (a move's mean
result for the side choosing, plus `c·√(ln N / n)`), expands the first position it meets
for the first time, plays out at random from there (or for `playout` moves and then the
estimator's guess g, counted as tanh(g / scale)) and backs the result up the path (1 Maxie
wins, −1 Minnie wins, 0 a draw).  The move played is the root's most visited.
MCTS-Solver backs proven results up too, so a proven loss is never chosen while another
move is left, and a proven root ends the search.  The search runs until its budget
(simulations, seconds, positions) is spent; the same seed gives the same moves on any
machine.  The docs' page on Monte Carlo tree search tells it step by step, with the games
of chance and of n players, which run the same engine.

```pycon
>>> from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
>>> game = TicTacToe()
>>> state = game.start
>>> for m in (1, 4, 2, 5):  # X has two in the top row, O two in the middle one
...     state = game.play(state, m).state
>>> player = MCTS(MCTSSettings(tictactoe_estimator(game), simulations=200, seed=1))
>>> found = player.think(state)
>>> found.move, found.proven, found.simulations < 200  # X wins at once, and it is proven
(3, Winner(side=<Side.Maxie>), True)

```
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar, final

from gamelib.algorithms.mcts._families import (
    CHANCE_MCTS_KIND,
    NPLAYER_MCTS_KIND,
    SAMPLED,
    SIMS,
    ChanceMCTSPlayer,
    FamilyNode,
    FamilySettings,
    NPlayerMCTSPlayer,
    chance_mcts,
    chance_mcts_factory,
    nplayer_mcts,
)
from gamelib.algorithms.mcts._tree import (
    _STOPS,
    MCTS_DEPTH,
    ChildStats,
    MCTSSettings,
    Simulated,
    Simulation,
    StopReason,
    TreeNode,
    chosen_move,
    simulate,
)
from gamelib.core.checks import ascii_float, digits_hint, echo, plural
from gamelib.core.estimator import Estimator, Settings
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON, move_json
from gamelib.search.anytime import Pondered
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import (
    NODES,
    Option,
    OptionValues,
    SearchKind,
    UnobservedError,
    choice,
    parse_budget,
    parse_count,
    parse_seconds,
    settings_of,
)
from gamelib.search.player import Edge, at_root, recursion_error

__all__ = [
    "CHANCE_MCTS_KIND",
    "MCTS",
    "MCTS_DEPTH",
    "MCTS_KIND",
    "NPLAYER_MCTS_KIND",
    "SAMPLED",
    "SIMS",
    "ChanceMCTSPlayer",
    "ChildStats",
    "FamilyNode",
    "FamilySettings",
    "MCTSPlayer",
    "MCTSSettings",
    "NPlayerMCTSPlayer",
    "Simulated",
    "Simulation",
    "StopReason",
    "TreeNode",
    "chance_mcts",
    "chance_mcts_factory",
    "chosen_move",
    "mcts_settings",
    "nplayer_mcts",
    "simulate",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


@final
@dataclass(slots=True)
class MCTSPlayer(Generic[S, M, G]):
    """The player [`MCTS`][gamelib.algorithms.mcts.MCTS] builds.  In a game it keeps the
    tree below the position it moves to, and starts its next search from the part of it
    the opponent's move leads to; `analyse` and `think` always start afresh."""

    settings: MCTSSettings[S, M, G]
    """What it was built from."""
    observer: Callable[[Simulation[M]], None] | None = field(default=None, compare=False)
    """Told each simulation as it is made (see `Simulation`)."""
    _kept: TreeNode[S, M] | None = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> Game[S, M]:
        return self.settings.estimator.game

    @property
    def estimator(self) -> Estimator[S, M, G]:
        return self.settings.estimator

    def think(
        self, state: S, say: Callable[[str], None] | None = None, *, keep: bool = False
    ) -> Simulated[M, G]:
        """A search from `state`, afresh unless `keep` (then from the kept tree, if it
        reaches `state`, and keeping the new one)."""
        tree = self._reused(state) if keep else None
        rng = random.Random(self.settings.seed)  # every search from the seed: repeatable

        def run(root: S) -> tuple[Simulated[M, G], TreeNode[S, M]]:
            return simulate(self.settings, root, say=say, tree=tree, rng=rng, watch=self.observer)

        depth = self.settings.search_depth
        try:
            found, grown = at_root(self.estimator, state, depth, run, lambda ran: ran[0].value)
        except RecursionError as error:  # nothing here recurses: the game or its estimator
            raise recursion_error(depth, error) from error
        if keep:
            self._kept = next((c for c in grown.children if c.move == found.move), None)
        return found

    def _reused(self, state: S) -> TreeNode[S, M] | None:
        """The kept tree's node for `state`, reached by the opponent's move, if any."""
        kept = self._kept
        self._kept = None
        if kept is None:
            return None
        if kept.state == state and kept.side is not None:
            return kept  # the same side moves again
        for child in kept.children:
            if child.state == state:
                return child
        return None

    def ponder(
        self, state: S, say: Callable[[str], None] | None = None, /, *, playing: bool = False
    ) -> Pondered[M, G]:
        """`think`, as any thinking player tells it (see `Thinks`); `playing`, from the tree
        kept from its last move."""
        found = self.think(state, say, keep=playing)
        game = self.game
        side = game.player(state)
        line = " ".join(game.move_to_string(m) for m in found.line)
        if found.proven is None:
            measure = f"{found.score:.1%} for {side} in {plural(found.visits, 'visit')}"
        else:
            measure = f"proven: {found.proven}"
        looked = (
            f"ran {plural(found.simulations, 'simulation')} ({found.seconds:.2f} s): "
            f"{measure}, expecting {line}"
        )
        summary = (
            f"ran {plural(found.simulations, 'simulation')} in {found.seconds:.2f} s "
            f"({plural(found.positions, 'position')}); stopped: {_STOPS[found.stopped]}"
        )
        facts: dict[str, JSON] = {
            "simulations": found.simulations,
            "visits": found.visits,
            "score": round(found.score, 6),
            "principal_line": [move_json(game.move_to_string(m)) for m in found.line],
            "proven": None if found.proven is None else str(found.proven),
        }
        return Pondered(found.move, found.value, looked, summary, None, facts)

    def analyse(self, state: S, /) -> Edge[M, G]:
        """The move a fresh search chooses in `state`, and its value (see `Simulated`)."""
        found = self.think(state)
        return found.move, found.value

    def next_move(self, state: S, /) -> M:
        """The move to play, searching on from the tree kept from the last move."""
        return self.think(state, keep=True).move

    def __str__(self) -> str:
        s = self.settings
        words = [] if s.simulations is None else [plural(s.simulations, "simulation")]
        if s.seconds is not None:
            words.append(f"{s.seconds:g} s")
        if s.positions is not None:
            words.append(plural(s.positions, "position"))
        if s.exploration != math.sqrt(2):
            words.append(f"c {s.exploration:g}")
        if s.playout is not None:
            words.append(f"playout {s.playout}")
        if not s.solver:
            words.append("no solver")
        if s.seed:
            words.append(f"seed {s.seed}")
        return f"MCTS({', '.join(words)})"


def MCTS(
    settings: MCTSSettings[S, M, G],
    /,
    *,
    observer: Callable[[Simulation[M]], None] | None = None,
) -> MCTSPlayer[S, M, G]:
    """A player that chooses by Monte Carlo tree search (see the module).

    An `observer` is told every simulation as it is made: a
    [`Simulation`][gamelib.algorithms.mcts.Simulation] says what it selected (the path it
    walked), what it expanded, how long it played out, and the result it backed up, with
    the positions that proved.  [`gamelib.trace.mcts`][gamelib.trace.mcts] draws these
    (text, picture, the docs' stepper).
    They are MCTS's own events, not the entered-and-left positions of a search of windows
    ([`gamelib.search.events`][gamelib.search.events]): the catalog's kind refuses an
    observer of those ([`UnobservedError`][gamelib.search.kinds.UnobservedError]).
    """
    return MCTSPlayer(settings, observer)


# --------------------------------------------------------------------------
# As the catalog names it

SIMULATIONS: Option[int | None] = Option(
    "sims",
    "the simulation budget",
    1000,
    parse_budget,
    "simulations per move (none: no limit; then give a time or a node budget)",
    examples=(50,),
)
"""MCTS's simulations per move."""


def _non_negative(text: str) -> float:
    """A finite number >= 0 written in `text`, or `sqrt2` for √2 (UCB1's own constant);
    `ValueError` saying what is wrong."""
    if text.strip().lower() in ("sqrt2", "√2"):
        return math.sqrt(2)
    value = ascii_float(text)
    if value is None or not math.isfinite(value):
        raise ValueError(f"must be a number{digits_hint(text)}, got '{echo(text)}'")
    if value < 0:
        raise ValueError(f"must be at least 0, got {echo(text.strip())}")
    return value


EXPLORATION: Option[float] = Option(
    "c",
    "the exploration constant",
    math.sqrt(2),
    _non_negative,
    "UCB1's exploration constant: larger tries more moves",
    examples=(0.5,),
    written="sqrt2",
)
"""UCB1's constant."""


def _parse_playout(text: str) -> int | None:
    word = text.strip().lower()
    if word in ("end", "random", "none"):
        return None
    if not word.isdigit():
        raise ValueError(f"must be a whole number or end, got '{echo(text)}'")
    return parse_count(text)


PLAYOUT: Option[int | None] = Option(
    "playout",
    "the playout length",
    None,
    _parse_playout,
    "random moves before the estimator values a position (end: play to the end)",
    examples=(0, 4),
    written="end",
)
"""How long a playout is."""


def _positive(text: str) -> float:
    """A finite number > 0 written in `text`; `ValueError` saying what is wrong."""
    value = _non_negative(text)
    if value == 0:
        raise ValueError(f"must be more than 0, got {echo(text.strip())}")
    return value


SCALE: Option[float] = Option(
    "scale",
    "the guess scale (a guess g counts as the result tanh(g / scale))",
    1.0,
    _positive,
    "an estimator's guess g counts as the result tanh(g / scale), between -1 and 1",
    examples=(10.0,),
)
"""How MCTS squashes an estimator's guesses into results."""

SEED: Option[int] = Option(
    "seed",
    "the seed",
    0,
    parse_count,
    "where the random choices start (in the spec only: --seed is the dice's and the "
    "random players')",
    examples=(7,),
    flag=False,
)
"""The seed of MCTS's random choices."""

SOLVER: Option[str] = Option(
    "solver",
    "the solver",
    "on",
    choice("on", "off"),
    "whether proven wins and losses back up (MCTS-Solver)",
    examples=("off",),
)
"""Whether MCTS-Solver is on."""

MCTS_TIME: Option[float | None] = Option(
    "time",
    "the time budget",
    None,
    parse_seconds,
    "time to think per move: 2s, 500ms, 1.5 (seconds) or none",
)
"""MCTS's time budget per move (seconds, or None)."""


def mcts_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> MCTSSettings[S, M, G]:
    """MCTS's settings from a depth and the option values of a spec (`mcts:SIMS:...`)."""
    simulations, seconds, positions = budgets = (
        SIMULATIONS.of(options),
        MCTS_TIME.of(options),
        NODES.of(options),
    )
    if budgets == (None, None, None):
        raise ValueError("mcts needs a budget: sims, time or nodes, and all three are none")
    return MCTSSettings(
        estimator,
        search_depth=depth,
        simulations=simulations,
        seconds=seconds,
        positions=positions,
        exploration=EXPLORATION.of(options),
        playout=PLAYOUT.of(options),
        scale=SCALE.of(options),
        seed=SEED.of(options),
        solver=SOLVER.of(options) == "on",
    )


def _mcts(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> MCTSPlayer[S, M, G]:
    if observer is not None:
        raise UnobservedError(
            "MCTS reports its simulations, not the positions a search of windows enters and "
            "leaves: trace it with gamelib trace --player mcts (or MCTS(..., observer=...))"
        )
    return MCTS(settings_of(MCTSSettings, settings, "MCTS"))


MCTS_KIND = SearchKind(
    "mcts",
    _mcts,
    "Monte Carlo tree search (UCT with MCTS-Solver): mcts:1000 runs 1,000 simulations, "
    "mcts:2s thinks 2 s",
    settings=mcts_settings,
    options=(SIMULATIONS, EXPLORATION, PLAYOUT, SCALE, SEED, SOLVER, MCTS_TIME, NODES),
    default_depth=MCTS_DEPTH,
    lead="sims",
    exact=False,
    observed=False,
    takes_depth=False,
    anytime=True,
)
"""MCTS, as the catalog names it: `mcts:SIMS:C:PLAYOUT:SCALE:SEED:SOLVER:TIME:NODES`.  It
traces itself, and the catalog gives it the tracer ([`gamelib.trace.mcts`][gamelib.trace.mcts])
that draws its simulations: a search does not draw."""
