"""The search of Monte Carlo tree search (private): settings, the tree, one simulation
after another, and what the root learned.  See `gamelib.algorithms.mcts`."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from typing import Generic, Literal, Protocol, TypeVar, final

from gamelib import seq
from gamelib.core.checks import echo
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status
from gamelib.core.estimator import Definitely, Est, Estimator, Guess, Settings, checked_estimate
from gamelib.core.game import Game
from gamelib.search.capabilities import MissingCapabilityError
from gamelib.search.player import no_moves, ordered_moves

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
M_co = TypeVar("M_co", covariant=True)

MCTS_DEPTH = 1000
"""How many plies below the root a simulation may go, unless the settings say otherwise:
past it, the estimator values the position (a game that could go on for ever stops)."""

StopReason = Literal["simulations", "time", "positions", "proven"]
"""Why a search stopped: its budget of simulations, time or positions, or a proven root."""


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


class TreeNode(Generic[S, M]):
    """A position in the search tree: how it was reached, and what the simulations
    through it found (rewards summed from Maxie's point of view).  `simulate` grows it;
    read it, do not change it."""

    __slots__ = ("children", "move", "proven", "side", "state", "total", "visits")

    def __init__(self, move: M | None, status: Status[S], side: Side | None) -> None:
        self.move = move
        self.state: S | None = status.state if isinstance(status, Playing) else None
        self.side = side  # the side to move; None when the game is over
        self.children: list[TreeNode[S, M]] = []  # every move's, once it is expanded
        self.visits = 0
        self.total = 0.0
        # A finished game is proven by definition; the solver proves the rest.
        self.proven: Outcome | None = status.outcome if isinstance(status, Done) else None


def _reward(outcome: Outcome) -> float:
    """A finished game's reward, Maxie's point of view."""
    if isinstance(outcome, Draw):
        return 0.0
    return 1.0 if outcome.side is Side.Maxie else -1.0


def _rank(outcome: Outcome, side: Side) -> int:
    """How good `outcome` is for `side`: 2 a win, 1 a draw, 0 a loss."""
    if isinstance(outcome, Draw):
        return 1
    return 2 if outcome.side is side else 0


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
    moves = ordered_moves(settings)
    any_moves = game.moves
    play = game.play
    player = game.player
    estimate = checked_estimate(est.estimate, game, estimator=est, numeric=True)
    rng = random.Random(settings.seed) if rng is None else rng
    randrange = rng.randrange
    c = settings.exploration
    solver = settings.solver
    horizon = settings.search_depth
    playout_cap = settings.playout
    scale = settings.scale
    root = TreeNode(None, Playing(state), player(state)) if tree is None else tree
    began = clock()
    deadline = None if settings.seconds is None else began + settings.seconds
    sims_cap = settings.simulations
    plays_cap = settings.positions
    sims = plays = 0
    next_say = 100

    def guessed(s: S) -> float:
        """The estimator's value of `s` as a reward in (−1, 1)."""
        g: object = estimate(s)
        if isinstance(g, int | float | Fraction) and not isinstance(g, bool):
            return math.tanh(float(g) / scale)
        raise MissingCapabilityError(
            f"MCTS values a position by its estimator's guess, which must be a number; "
            f"{type(est).__name__} guessed {echo(repr(g))}"
        )

    def play_out(s: S, left: int) -> tuple[float, int]:
        """Random moves from `s`, at most `left` of them, then the result or the estimator's
        value: the reward and the moves played."""
        played = 0
        while played < left:
            options = seq.to_tuple(any_moves(s))
            if not options:
                raise no_moves(game, s)
            st = play(s, options[randrange(len(options))])
            played += 1
            if isinstance(st, Done):
                return _reward(st.outcome), played
            s = st.state
        return guessed(s), played

    def choose(node: TreeNode[S, M]) -> TreeNode[S, M]:
        """The child to walk to: the first not visited yet, else the best by UCB1 for
        `node`'s side to move; with the solver, never a proven loss for it."""
        side = node.side
        sign = 1.0 if side is Side.Maxie else -1.0
        log_n = math.log(node.visits) if node.visits else 0.0
        best: TreeNode[S, M] | None = None
        best_u = -math.inf
        for child in node.children:
            proven = child.proven
            n = child.visits
            if solver and proven is not None and side is not None:
                rank = _rank(proven, side)
                if rank == 0:
                    continue  # a proven loss for the mover: never chosen while others are left
                u = rank / 2.0  # its exact result, with nothing left to explore
            elif n == 0:
                return child
            else:
                u = (1.0 + sign * child.total / n) / 2.0 + c * math.sqrt(log_n / n)
            if u > best_u:
                best, best_u = child, u
        if best is None:  # every child a proven loss: the node is proven, so not reached
            raise AssertionError("unreachable: a node whose moves all lose is proven")
        return best

    def prove(node: TreeNode[S, M]) -> bool:
        """Whether `node` is now proven by its children (MCTS-Solver); sets it if so."""
        side = node.side
        if side is None or not node.children:
            return False
        best: Outcome | None = None
        every = True  # so far every child proven
        for child in node.children:
            proven = child.proven
            if proven is None:
                every = False
                continue
            rank = _rank(proven, side)
            if rank == 2:  # a move to a proven win
                node.proven = proven
                return True
            if best is None or rank > _rank(best, side):
                best = proven
        if every and best is not None:  # every move proven: the best of them
            node.proven = best
            return True
        return False

    stopped: StopReason
    while True:
        if solver and root.proven is not None:
            stopped = "proven"
            break
        if sims_cap is not None and sims >= sims_cap:
            stopped = "simulations"
            break
        if plays_cap is not None and plays >= plays_cap:
            stopped = "positions"
            break
        if deadline is not None and clock() >= deadline:
            stopped = "time"
            break
        # 1. select, and 2. expand: walk down to a child not visited yet
        node = root
        path = [root]
        depth = 0
        expanded: int | None = None
        proved_there = False  # whether the position expanded was proven on the spot
        while node.proven is None and depth < horizon:
            if not node.children:  # met for the first time: every move's child added
                s = node.state
                assert s is not None  # not proven, so still being played
                for m in seq.to_tuple(moves(s)):
                    st = play(s, m)
                    node.children.append(
                        TreeNode(m, st, player(st.state) if isinstance(st, Playing) else None)
                    )
                plays += len(node.children)
                if not node.children:
                    raise no_moves(game, s)
                expanded = depth
                if solver and prove(node):  # a move that wins at once
                    proved_there = True
                    break
            node = choose(node)
            path.append(node)
            depth += 1
            if node.visits == 0:
                break
        # 3. play out
        played = 0
        if node.proven is not None:
            reward = _reward(node.proven)
        else:
            s = node.state
            assert s is not None  # not proven, so still being played
            left = horizon - depth if playout_cap is None else min(playout_cap, horizon - depth)
            reward, played = play_out(s, left)
            plays += played
        # 4. back up, and what is proven
        for on_path in path:
            on_path.visits += 1
            on_path.total += reward
        if solver:
            for on_path in reversed(path):
                if on_path.proven is None and not prove(on_path):
                    break
        sims += 1
        if watch is not None:
            watch(_simulation(sims, path, expanded, played, reward, proved_there))
        if say is not None and sims == next_say:
            say(_progress(game, root, sims, plays, clock() - began))
            next_say *= 2
    seconds = clock() - began
    if not root.children:  # no simulation ran (a proven root, or a budget of nothing)
        raise AssertionError("unreachable: the first simulation always expands the root")
    return _found(est, root, sims, plays, seconds, stopped), root


def _simulation(
    number: int,
    path: list[TreeNode[S, M]],
    expanded: int | None,
    played: int,
    reward: float,
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
    return Simulation(number, moves, expanded, played, reward, newly)


class _Counted(Protocol[M_co]):
    """A root's move as the choice sees it: a tree's node, or a move's merged counts."""

    @property
    def move(self) -> M_co | None: ...
    @property
    def visits(self) -> int: ...
    @property
    def proven(self) -> Outcome | None: ...


C = TypeVar("C", bound=_Counted[object])


def _pick(children: Sequence[C], side: Side, proven: Outcome | None) -> C:
    """The move to play among `children` of a position where `side` moves (proven
    `proven`, if it is): a proven win, else one that keeps the proven result, else the
    most visited move that is not a proven loss, else the most visited (the first of
    equals each time)."""
    wins = [c for c in children if c.proven is not None and _rank(c.proven, side) == 2]
    if wins:
        return max(wins, key=_visits)
    if proven is not None:  # a proven draw or loss: a move that keeps it
        keeps = [c for c in children if c.proven == proven]
        if keeps:
            return max(keeps, key=_visits)
    open_ = [c for c in children if c.proven is None or _rank(c.proven, side) > 0]
    return max(open_ or children, key=_visits)


def _visits(counted: _Counted[object]) -> int:
    return counted.visits


def chosen_move(children: Sequence[ChildStats[M]], side: Side, proven: Outcome | None) -> M:
    """The move MCTS plays given its root's statistics (see `Simulated.move`): what
    root-parallel search merges its trees into."""
    return _pick(children, side, proven).move


def _chosen(node: TreeNode[S, M]) -> TreeNode[S, M]:
    """The child of `node` to play (see `chosen_move`)."""
    return _pick(node.children, node.side or Side.Maxie, node.proven)


def _score(child: TreeNode[S, M], side: Side) -> float:
    """`child`'s mean result for `side`: 1 a win, ½ a draw, 0 a loss."""
    if child.visits == 0:
        return 0.5
    mean = child.total / child.visits
    return (1.0 + (mean if side is Side.Maxie else -mean)) / 2.0


def _line(root: TreeNode[S, M]) -> tuple[M, ...]:
    line: list[M] = []
    node = root
    while node.children:
        node = _chosen(node)
        assert node.move is not None  # every child was reached by a move
        line.append(node.move)
    return tuple(line)


def _found(
    est: Estimator[S, M, G],
    root: TreeNode[S, M],
    sims: int,
    plays: int,
    seconds: float,
    stopped: StopReason,
) -> Simulated[M, G]:
    side = root.side or Side.Maxie
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
        ChildStats(c.move, c.visits, _score(c, side), c.proven)
        for c in root.children
        if c.move is not None
    )
    return Simulated(
        chosen.move,
        value,
        _score(chosen, side),
        chosen.visits,
        sims,
        plays,
        seconds,
        _line(root),
        root.proven,
        children,
        stopped,
    )


def _progress(game: Game[S, M], root: TreeNode[S, M], sims: int, plays: int, seconds: float) -> str:
    """A line of progress: simulations, the best move's score and visits, rate, line."""
    side = root.side or Side.Maxie
    chosen = _chosen(root)
    rate = sims / seconds if seconds > 0 else 0.0
    line = " ".join(game.move_to_string(m) for m in _line(root))
    return (
        f"simulations {sims:>9,}  score {_score(chosen, side):6.1%}  visits {chosen.visits:>9,}"
        f" {plays:>11,} positions {rate:>9,.0f} sims/s {seconds:>7.2f} s  line: {line}"
    )
