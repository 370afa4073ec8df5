"""Monte Carlo tree search for two players (private): its settings, what the root learned,
and the search, the one engine (`_engine`) run on `TwoPlayers(game)`, with the settings'
move order, rewards 1, -1 and 0 (or a squashed guess) and MCTS-Solver's proofs.  It
expands and plays out on the game itself: through the model every move would cost two
calls more, a tenth of a search's time.  See `gamelib.algorithms.mcts`."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from typing import Generic, TypeAlias, TypeVar, final

from gamelib import seq
from gamelib.algorithms.mcts._engine import Engine, Grown, Node, StopReason, ended, grow, root_of
from gamelib.core.checks import echo
from gamelib.core.controller import TwoPlayers
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side
from gamelib.core.estimator import Definitely, Est, Estimator, Guess, Settings, checked_estimate
from gamelib.core.game import Game, no_moves
from gamelib.search.capabilities import MissingCapabilityError
from gamelib.search.player import ordered_moves

__all__ = [
    "MCTS_DEPTH",
    "ChildStats",
    "MCTSSettings",
    "Simulated",
    "Simulation",
    "StopReason",
    "TreeNode",
    "chosen_move",
    "simulate",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

MCTS_DEPTH = 1000
"""How many plies below the root a simulation may go, unless the settings say otherwise:
past it, the estimator values the position (a game that could go on for ever stops)."""


@final
@dataclass(frozen=True, slots=True)
class MCTSSettings(Settings[S, M, G]):
    """Settings of Monte Carlo tree search.  `search_depth` is how many plies below the
    root a simulation may go before the estimator values the position.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> MCTSSettings(nim_estimator(Nim()), simulations=None)
    Traceback (most recent call last):
    ...
    ValueError: MCTS needs a budget: give simulations, seconds or positions

    ```

    Everything after the estimator is given by name (`MCTSSettings(est, simulations=2000)`):
    a number given alone would be read as a depth, not as the budget a reader expects.
    """

    _: KW_ONLY
    search_depth: int = MCTS_DEPTH
    simulations: int | None = 1000
    """The most simulations per move; None for no limit."""
    seconds: float | None = None
    """The time budget per move, in seconds; None for no limit."""
    positions: int | None = None
    """The most positions per move (moves played, in the tree and the playouts)."""
    exploration: float = math.sqrt(2)
    """UCB1's constant c: larger tries more moves, smaller trusts the best ones sooner."""
    playout: int | None = None
    """Random moves in a playout before the estimator values the position; None: to the
    end of the game (or the depth), 0: the estimator at once."""
    scale: float = 1.0
    """An estimator's guess g counts as the reward tanh(g / scale)."""
    seed: int = 0
    """Where the random choices start: the same seed, the same moves."""
    solver: bool = True
    """Whether proven results back up (MCTS-Solver)."""

    def __post_init__(self) -> None:
        Settings.__post_init__(self)  # not super(): see NegamaxSettings
        for name in ("simulations", "positions"):
            count: object = getattr(self, name)
            if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
                raise TypeError(f"{name} must be a whole number or None, got {count!r}")
            if isinstance(count, int) and count < 1:
                raise ValueError(f"{name} must be at least 1 (or None), got {count}")
        seconds: object = self.seconds
        if seconds is not None and (
            not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0
        ):
            raise ValueError(f"the time budget must be more than 0 seconds, got {seconds!r}")
        if self.simulations is None and self.seconds is None and self.positions is None:
            raise ValueError("MCTS needs a budget: give simulations, seconds or positions")
        for name in ("exploration", "scale"):
            x: object = getattr(self, name)
            if not isinstance(x, int | float) or isinstance(x, bool) or not math.isfinite(x):
                raise ValueError(f"{name} must be a finite number, got {x!r}")
        if self.exploration < 0:
            raise ValueError(f"exploration must be at least 0, got {self.exploration}")
        if self.scale <= 0:
            raise ValueError(f"scale must be more than 0, got {self.scale}")
        playout: object = self.playout
        if playout is not None and (
            not isinstance(playout, int) or isinstance(playout, bool) or playout < 0
        ):
            raise ValueError(f"playout must be a whole number >= 0 or None, got {playout!r}")
        seed: object = self.seed
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be a whole number, got {seed!r}")
        if not isinstance(self.solver, bool):
            raise TypeError(f"solver must be True or False, got {self.solver!r}")


TreeNode: TypeAlias = Node[S, M, Outcome]
"""A position in a two-player search's tree: its `move`, `side` to move (None: the game is
over), `visits`, `total` (their rewards summed, Maxie's point of view) and `proven`."""


def _rewards(outcome: Outcome) -> tuple[float, float]:
    """A finished game's rewards: Maxie's, then Minnie's."""
    if isinstance(outcome, Draw):
        return _DRAWN
    return _MAXIE_WINS if outcome.side is _MAXIE else _MINNIE_WINS


_DRAWN, _MAXIE_WINS, _MINNIE_WINS = (0.0, 0.0), (1.0, -1.0), (-1.0, 1.0)
_MAXIE = Side.Maxie  # read once: an Enum's member read through its class costs more


@final
@dataclass(frozen=True, slots=True)
class ChildStats(Generic[M]):
    """What the search found of one move at the root."""

    move: M
    """The move."""
    visits: int
    """Simulations through it."""
    score: float
    """Its mean result for the side to move at the root: 1 a win, ½ a draw, 0 a loss."""
    proven: Outcome | None
    """Its proven result, if the solver proved one."""


@final
@dataclass(frozen=True, slots=True)
class Simulated(Generic[M, G]):
    """What a Monte Carlo tree search found."""

    move: M
    """The move to play: a proven win if there is one, else the most visited move."""
    value: Est[G]
    """`Definitely` the proven result when the root is proven; else the estimator's guess
    at the position the move reaches (`Definitely` its result if the move ends the game).
    The search's own measure of the move is `score`."""
    score: float
    """The move's mean result for the side to move: 1 a win, ½ a draw, 0 a loss."""
    visits: int
    """Simulations through the move (those of a kept tree included)."""
    simulations: int
    """Simulations this search ran."""
    positions: int
    """Moves it played, in the tree and in the playouts."""
    seconds: float
    """How long it took."""
    line: tuple[M, ...]
    """The principal line: from the root, the chosen move, then the most visited ones."""
    proven: Outcome | None
    """The root's proven result, if the solver proved it."""
    children: tuple[ChildStats[M], ...]
    """Every root move's statistics, in the order they were expanded."""
    stopped: StopReason
    """Why it stopped."""


@final
@dataclass(frozen=True, slots=True)
class Simulation(Generic[M]):
    """What one simulation did, as a trace tells it."""

    number: int
    """Which simulation it was, from 1."""
    path: tuple[M, ...]
    """The moves it walked from the root (selected, then the one expanded into)."""
    expanded: int | None
    """How many of `path`'s positions lie above the one it expanded (that position got
    every move's child); None when it expanded none."""
    playout: int
    """Random moves it played out below the tree."""
    reward: float
    """Its result, Maxie's point of view: 1, −1, 0, or a squashed guess in between."""
    proven: tuple[tuple[tuple[M, ...], Outcome], ...]
    """The positions it proved (MCTS-Solver), by their moves from the root, deepest first."""


_STOPS: dict[StopReason, str] = {
    "simulations": "its simulations were spent",
    "time": "the time budget ran out",
    "positions": "the position budget ran out",
    "proven": "the root is proven",
}


def simulate(
    settings: MCTSSettings[S, M, G],
    state: S,
    *,
    say: Callable[[str], None] | None = None,
    tree: TreeNode[S, M] | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] = time.perf_counter,
    watch: Callable[[Simulation[M]], None] | None = None,
) -> tuple[Simulated[M, G], TreeNode[S, M]]:
    """Monte Carlo tree search from `state` (see the module); also the tree it grew.

    `tree` is a tree kept from an earlier search whose root is `state`; `rng` the random
    choices (else `random.Random(settings.seed)`); `say` hears a line of progress at 100,
    200, 400, ... simulations; `watch` hears of every simulation (a trace).
    """
    est = settings.estimator
    game = est.game
    moves, play, player = game.moves, game.play, game.player
    ordered = ordered_moves(settings)
    estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)
    scale = settings.scale

    def expand(node: TreeNode[S, M], s: S) -> None:
        """Every move's child added to `s`'s `node`, in the settings' order."""
        legal = seq.to_tuple(ordered(s))
        if not legal:
            raise no_moves(game, s)
        children = node.children
        for m in legal:
            status = play(s, m)
            if isinstance(status, Playing):
                children.append(Node(m, status.state, 0 if player(status.state) is _MAXIE else 1))
            else:
                children.append(ended(m, status.outcome, _rewards(status.outcome)))

    def guessed(s: S) -> tuple[float, float]:
        """The estimator's value of `s` as rewards in (−1, 1)."""
        g: object = estimate(s)
        if isinstance(g, int | float | Fraction) and not isinstance(g, bool):
            x = math.tanh(float(g) / scale)
            return x, -x
        raise MissingCapabilityError(
            f"MCTS values a position by its estimator's guess, which must be a number; "
            f"{type(est).__name__} guessed {echo(repr(g))}"
        )

    def play_out(s: S, left: int, rng: random.Random) -> tuple[tuple[float, float], int]:
        """The engine's playout (its `rollout`), on the game itself."""
        pick = rng.choice  # options[rng.randrange(len(options))], without its checks
        played = 0
        while played < left:
            options = seq.to_tuple(moves(s))
            if not options:
                raise no_moves(game, s)
            status = play(s, pick(options))
            played += 1
            if isinstance(status, Done):
                return _rewards(status.outcome), played
            s = status.state
        return guessed(s), played

    engine = Engine(
        TwoPlayers(game),
        _rewards,
        guessed,
        settings.search_depth,
        settings.exploration,
        two=True,
        solver=settings.solver,
        playout=settings.playout,
        expand=expand,
        rollout=play_out,
        simulations=settings.simulations,
        seconds=settings.seconds,
        positions=settings.positions,
    )
    root = root_of(engine, state) if tree is None else tree
    grown = grow(
        engine,
        root,
        random.Random(settings.seed) if rng is None else rng,
        clock=clock,
        watch=None if watch is None else lambda *heard: watch(_simulation(*heard)),
        progress=None if say is None else lambda *at: say(_progress(game, root, *at)),
    )
    if not root.children:  # no simulation ran (a proven root, or a budget of nothing)
        raise AssertionError("unreachable: the first simulation always expands the root")
    return _found(est, root, grown), root


def _simulation(
    number: int,
    path: list[TreeNode[S, M]],
    expanded: int | None,
    played: int,
    reward: Sequence[float],
    proved_there: bool,
) -> Simulation[M]:
    """One simulation as a trace tells it, from its path through the tree.  The walk goes
    on only through positions not proven, so those on the path above its end that are
    proven now were proven by this simulation; its end was, if it was proven on expanding
    (a finished game is not a proof)."""
    moves = tuple(n.move for n in path[1:] if n.move is not None)
    last = len(path) - 1
    newly = tuple(
        (moves[:i], n.proven)
        for i, n in reversed(list(enumerate(path)))
        if n.proven is not None and n.state is not None and (i < last or proved_there)
    )
    return Simulation(number, moves, expanded, played, reward[0], newly)


def _pick(counts: Sequence[tuple[int, Outcome | None]], side: Side, proven: Outcome | None) -> int:
    """Which move to play, given each move's visits and proven result, at a position where
    `side` moves (proven `proven`, if it is): a proven win, else one that keeps the proven
    result, else the most visited move that is not a proven loss, else the most visited
    (the first of equals each time)."""
    seat = 0 if side is _MAXIE else 1
    wins = [i for i, (_, p) in enumerate(counts) if p is not None and _rewards(p)[seat] > 0]
    keeps = [] if proven is None else [i for i, (_, p) in enumerate(counts) if p == proven]
    open_ = [i for i, (_, p) in enumerate(counts) if p is None or _rewards(p)[seat] >= 0]
    return max(wins or keeps or open_ or range(len(counts)), key=lambda i: counts[i][0])


def chosen_move(children: Sequence[ChildStats[M]], side: Side, proven: Outcome | None) -> M:
    """The move MCTS plays given its root's statistics (see `Simulated.move`): what
    root-parallel search merges its trees into."""
    return children[_pick([(c.visits, c.proven) for c in children], side, proven)].move


def _chosen(node: TreeNode[S, M]) -> TreeNode[S, M]:
    """The child of `node` to play (see `chosen_move`)."""
    counts = [(c.visits, c.proven) for c in node.children]
    return node.children[_pick(counts, node.side or Side.Maxie, node.proven)]


def _score(child: TreeNode[S, M], seat: int) -> float:
    """`child`'s mean result for the side in `seat`: 1 a win, ½ a draw, 0 a loss."""
    if child.visits == 0:
        return 0.5
    mean = child.total / child.visits
    return (1.0 + (-mean if seat else mean)) / 2.0


def _line(root: TreeNode[S, M]) -> tuple[M, ...]:
    line: list[M] = []
    node = root
    while node.children:
        node = _chosen(node)
        assert node.move is not None  # every child was reached by a move
        line.append(node.move)
    return tuple(line)


def _found(est: Estimator[S, M, G], root: TreeNode[S, M], grown: Grown) -> Simulated[M, G]:
    seat = root.mover or 0
    chosen = _chosen(root)
    assert chosen.move is not None
    value: Est[G]
    if root.proven is not None:
        value = Definitely(root.proven)
    elif chosen.state is None:
        assert chosen.proven is not None  # a finished game
        value = Definitely(chosen.proven)
    else:
        value = Guess(est.estimate(chosen.state))
    children = tuple(
        ChildStats(c.move, c.visits, _score(c, seat), c.proven)
        for c in root.children
        if c.move is not None
    )
    return Simulated(
        chosen.move,
        value,
        _score(chosen, seat),
        chosen.visits,
        *grown[:3],  # its simulations, positions and seconds
        _line(root),
        root.proven,
        children,
        grown[3],
    )


def _progress(game: Game[S, M], root: TreeNode[S, M], sims: int, plays: int, seconds: float) -> str:
    """A line of progress: simulations, the best move's score and visits, rate, line."""
    chosen = _chosen(root)
    score = _score(chosen, root.mover or 0)
    rate = sims / seconds if seconds > 0 else 0.0
    line = " ".join(game.move_to_string(m) for m in _line(root))
    return (
        f"simulations {sims:>9,}  score {score:6.1%}  visits {chosen.visits:>9,}"
        f" {plays:>11,} positions {rate:>9,.0f} sims/s {seconds:>7.2f} s  line: {line}"
    )
