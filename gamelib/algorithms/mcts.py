"""Monte Carlo tree search: UCT, with MCTS-Solver, as an anytime player.

Where no estimator is good enough to trust at a depth, a program can still play by
*sampling*: play many games out from the position, mostly at random, and prefer the moves
whose games went well.  Monte Carlo tree search (Kocsis and Szepesvári's UCT, 2006) grows
a tree of the positions it has met, one position per *simulation*, in four steps:

1. **select**: from the root, walk down the tree, at each position taking the child with
   the best upper confidence bound (UCB1): its mean reward for the side choosing there,
   plus `c·√(ln N / n)`, where N counts the visits of the position and n of the child (so a
   child rarely tried looks better and better until it is tried);
2. **expand**: at the first position with a move not tried yet, play that move (in the
   game's order) and add the position it reaches to the tree;
3. **play out**: from there, random moves to the end of the game (or, with `playout=k`,
   k random moves and then the estimator's value, squashed into (−1, 1) by tanh);
4. **back up**: add the reward (1 Maxie wins, −1 Minnie wins, 0 a draw; Maxie's point of
   view) to every position on the path, and count a visit.

The move played is the root's most visited child: visits are what the search trusted.

**MCTS-Solver** (Winands, Björnsson and Saito, 2008) adds what Minimax knows: a finished
game is a proven result, a position where the mover has a move to a proven win is a proven
win, and a position all of whose moves are proven is proven as the best of them for the
mover.  Proven positions are not sampled again (a simulation that reaches one takes its
result), a proven loss is never chosen by the mover while another move is left, and a
proven root ends the search: a proven win is played by a winning move.  On a finished
search its proven values equal Minimax's.

The search is *anytime*: it runs until its budget (simulations, seconds, positions) is
spent, and `ponder` tells its progress as it goes.  The same seed gives the same moves on
any machine: every random choice comes from one `random.Random(seed)` per search.

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
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Literal, TypeVar, final

from gamelib import seq
from gamelib.core.checks import ascii_float, digits_hint, echo, plural
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status
from gamelib.core.estimator import Definitely, Est, Estimator, Guess, Settings, checked_estimate
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON, move_json
from gamelib.search.anytime import Pondered
from gamelib.search.capabilities import MissingCapabilityError
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
from gamelib.search.player import Edge, at_root, no_moves, ordered_moves, recursion_error

__all__ = [
    "MCTS",
    "MCTS_DEPTH",
    "MCTS_KIND",
    "ChildStats",
    "MCTSPlayer",
    "MCTSSettings",
    "Simulated",
    "StopReason",
    "simulate",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

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
    """

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


class _Node(Generic[S, M]):
    """A position in the tree: how it was reached, and what the simulations through it
    found (rewards summed from Maxie's point of view)."""

    __slots__ = ("children", "move", "proven", "side", "state", "total", "visits")

    def __init__(self, move: M | None, status: Status[S], side: Side | None) -> None:
        self.move = move
        self.state: S | None = status.state if isinstance(status, Playing) else None
        self.side = side  # the side to move; None when the game is over
        self.children: list[_Node[S, M]] = []  # every move's, once it is expanded
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
    tree: _Node[S, M] | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[Simulated[M, G], _Node[S, M]]:
    """Monte Carlo tree search from `state` (see the module); also the tree it grew.

    `tree` is a tree kept from an earlier search whose root is `state`; `rng` the random
    choices (else `random.Random(settings.seed)`); `say` hears a line of progress at 100,
    200, 400, ... simulations.
    """
    est = settings.estimator
    game = est.game
    moves = ordered_moves(settings)
    any_moves = game.moves
    play = game.play
    player = game.player
    estimate = checked_estimate(est.estimate, game)
    rng = random.Random(settings.seed) if rng is None else rng
    randrange = rng.randrange
    c = settings.exploration
    solver = settings.solver
    horizon = settings.search_depth
    playout_cap = settings.playout
    scale = settings.scale
    root = _Node(None, Playing(state), player(state)) if tree is None else tree
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

    def choose(node: _Node[S, M]) -> _Node[S, M]:
        """The child to walk to: the first not visited yet, else the best by UCB1 for
        `node`'s side to move; with the solver, never a proven loss for it."""
        side = node.side
        sign = 1.0 if side is Side.Maxie else -1.0
        log_n = math.log(node.visits) if node.visits else 0.0
        best: _Node[S, M] | None = None
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

    def prove(node: _Node[S, M]) -> bool:
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
        while node.proven is None and depth < horizon:
            if not node.children:  # met for the first time: every move's child added
                s = node.state
                assert s is not None  # not proven, so still being played
                for m in seq.to_tuple(moves(s)):
                    st = play(s, m)
                    node.children.append(
                        _Node(m, st, player(st.state) if isinstance(st, Playing) else None)
                    )
                plays += len(node.children)
                if not node.children:
                    raise no_moves(game, s)
                if solver and prove(node):  # a move that wins at once
                    break
            node = choose(node)
            path.append(node)
            depth += 1
            if node.visits == 0:
                break
        # 3. play out
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
        if say is not None and sims == next_say:
            say(_progress(game, root, sims, plays, clock() - began))
            next_say *= 2
    seconds = clock() - began
    if not root.children:  # no simulation ran (a proven root, or a budget of nothing)
        raise AssertionError("unreachable: the first simulation always expands the root")
    return _found(est, root, sims, plays, seconds, stopped), root


def _chosen(node: _Node[S, M]) -> _Node[S, M]:
    """The child to play: a proven win, else the most visited move that is not a proven
    loss (the first of equals), else the most visited."""
    side = node.side or Side.Maxie
    children = node.children
    wins = [c for c in children if c.proven is not None and _rank(c.proven, side) == 2]
    if wins:
        return max(wins, key=lambda c: c.visits)
    if node.proven is not None:  # a proven draw or loss: a move that keeps it
        keeps = [c for c in children if c.proven is not None and c.proven == node.proven]
        if keeps:
            return max(keeps, key=lambda c: c.visits)
    open_ = [c for c in children if c.proven is None or _rank(c.proven, side) > 0]
    return max(open_ or children, key=lambda c: c.visits)


def _score(child: _Node[S, M], side: Side) -> float:
    """`child`'s mean result for `side`: 1 a win, ½ a draw, 0 a loss."""
    if child.visits == 0:
        return 0.5
    mean = child.total / child.visits
    return (1.0 + (mean if side is Side.Maxie else -mean)) / 2.0


def _line(root: _Node[S, M]) -> tuple[M, ...]:
    line: list[M] = []
    node = root
    while node.children:
        node = _chosen(node)
        assert node.move is not None  # every child was reached by a move
        line.append(node.move)
    return tuple(line)


def _found(
    est: Estimator[S, M, G],
    root: _Node[S, M],
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


def _progress(game: Game[S, M], root: _Node[S, M], sims: int, plays: int, seconds: float) -> str:
    """A line of progress: simulations, the best move's score and visits, rate, line."""
    side = root.side or Side.Maxie
    chosen = _chosen(root)
    rate = sims / seconds if seconds > 0 else 0.0
    line = " ".join(game.move_to_string(m) for m in _line(root))
    return (
        f"simulations {sims:>9,}  score {_score(chosen, side):6.1%}  visits {chosen.visits:>9,}"
        f" {plays:>11,} positions {rate:>9,.0f} sims/s {seconds:>7.2f} s  line: {line}"
    )


@final
@dataclass(slots=True)
class MCTSPlayer(Generic[S, M, G]):
    """The player [`MCTS`][gamelib.algorithms.mcts.MCTS] builds.  In a game it keeps the
    tree below the position it moves to, and starts its next search from the part of it
    the opponent's move leads to; `analyse` and `think` always start afresh."""

    settings: MCTSSettings[S, M, G]
    """What it was built from."""
    _kept: _Node[S, M] | None = field(default=None, repr=False, compare=False)

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

        def run(root: S) -> tuple[Simulated[M, G], _Node[S, M]]:
            return simulate(self.settings, root, say=say, tree=tree, rng=rng)

        depth = self.settings.search_depth
        try:
            found, grown = at_root(self.estimator, state, depth, run, _value_of)
        except RecursionError as error:  # nothing here recurses: the game or its estimator
            raise recursion_error(depth, error) from error
        if keep:
            self._kept = next((c for c in grown.children if c.move == found.move), None)
        return found

    def _reused(self, state: S) -> _Node[S, M] | None:
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


def _value_of(found: tuple[Simulated[M, G], _Node[S, M]]) -> Est[G]:
    return found[0].value


def MCTS(
    settings: MCTSSettings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> MCTSPlayer[S, M, G]:
    """A player that chooses by Monte Carlo tree search (see the module).

    It reports no events yet: given an `observer`, it says so
    ([`UnobservedError`][gamelib.search.kinds.UnobservedError]) rather than leave it
    without a word.
    """
    if observer is not None:
        raise UnobservedError("MCTS reports no events to an observer yet, so it cannot be traced")
    return MCTSPlayer(settings)


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


def _mcts_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> Settings[S, M, G]:
    budgets = (SIMULATIONS.of(options), MCTS_TIME.of(options), NODES.of(options))
    if budgets == (None, None, None):
        raise ValueError("mcts needs a budget: sims, time or nodes, and all three are none")
    return MCTSSettings(
        estimator,
        depth,
        simulations=SIMULATIONS.of(options),
        seconds=MCTS_TIME.of(options),
        positions=NODES.of(options),
        exploration=EXPLORATION.of(options),
        playout=PLAYOUT.of(options),
        seed=SEED.of(options),
        solver=SOLVER.of(options) == "on",
    )


def _mcts(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> MCTSPlayer[S, M, G]:
    return MCTS(settings_of(MCTSSettings, settings, "MCTS"), observer=observer)


MCTS_KIND = SearchKind(
    "mcts",
    _mcts,
    "Monte Carlo tree search (UCT with MCTS-Solver): mcts:1000 runs 1,000 simulations",
    settings=_mcts_settings,
    options=(SIMULATIONS, EXPLORATION, PLAYOUT, SEED, SOLVER, MCTS_TIME, NODES),
    default_depth=MCTS_DEPTH,
    lead="sims",
    exact=False,
    observed=False,
    takes_depth=False,
    anytime=True,
)
"""MCTS, as the catalog names it: `mcts:SIMS:C:PLAYOUT:SEED:SOLVER:TIME:NODES`."""
