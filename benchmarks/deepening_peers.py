"""Connect Four 7x6 from empty: how deep gamelib, OpenSpiel and aima get in 1, 2 and 5 s.

The peers are not gamelib's dependencies: install them in a scratch
virtualenv outside the repository and run this script with its Python, with
gamelib on the path:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel toolz pyrsistent tqdm
    /tmp/peers/bin/pip install --no-deps aima3
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/deepening_peers.py [--runs 3]

aima is the ``aima3`` package from PyPI (1.0.11): aimacode/aima-python's
``games.py`` as packaged in 2018, where ``alpha_beta_cutoff_search`` is still
called ``alphabeta_cutoff_search`` (the same function).  ``--no-deps`` because
it pins networkx 1.11 and jupyter, which ``games.py`` never imports; it
imports only numpy and tqdm.  Its own ``ConnectFour`` is used: 7 columns of 6,
4 in a row, pieces dropped from the bottom, columns offered left to right.
(aima-python's current ``ConnectFour`` drops pieces along the other axis,
which makes 6 columns of 7: not this board.)

Every engine searches with the handout evaluation: for each window of 4 cells
in a line holding pieces of one side only, +4^n for X (Maxie, who moves
first), -4^n for O, n the pieces in it; empty and mixed windows count 0; a
won game is worth more than any evaluation and a drawn one 0.

- gamelib: ``deepen`` with the time budget, default settings (transposition
  table, table move, killers, history, principal variations); the depth is
  its deepest finished iteration.  Its state keeps the score up to date move
  by move (``connect4_estimator``).
- OpenSpiel: Python ``alpha_beta_search`` (open_spiel.python.algorithms.minimax)
  over the C++ ``connect_four`` states, columns in OpenSpiel's order (left to
  right).  Its value function reads the board from ``str(state)`` and scores
  all 69 windows.  OpenSpiel values a finished game at +-1 (its returns), so
  the evaluation is divided by 8192 (> 69 * 4^3, the largest possible
  score, and a power of two, so the division is exact): every estimate then
  lies strictly between a loss and a win and orders as gamelib's do.
- aima: ``alphabeta_cutoff_search`` over aima's ``ConnectFour``, with
  ``eval_fn`` scoring the 69 windows of the state's board dict (+-infinity
  for a won game) and a ``cutoff_test`` of ``depth >= d`` or a finished game.
  (aima's default test, ``depth > d``, looks one ply deeper than ``d``: the
  root's children are at depth 1.)  A second aima row orders the columns
  centre first, as gamelib's game does, through a subclass of aima's game
  that only reorders ``actions``: it separates the move order from the rest.

The peers have no iterative deepening of their own, so each is driven by a
plain loop: depth 1, 2, ..., each a fresh search from the root run to
completion, stopping when the budget is spent; a depth counts as reached only
if it finished within the budget.  A search still running when the budget
ends is abandoned (its evaluation function reads the clock and raises), as
gamelib's is (it reads the clock before every move).

"positions" is moves played, one per position searched below the root (gamelib:
its own count, which includes the few positions its principal variations
cost; OpenSpiel: ``apply_action`` calls, counted as calls of its recursive
``_alpha_beta`` less the root; aima: ``game.result`` calls).  The peers'
positions are counted in separate untimed runs of each depth (their searches
are deterministic), so counting costs them no time.  Positions per second is
over the depths that finished in time, medians over the rounds.

The peers' alpha-beta is the textbook one and they agree position for
position, except that aima, whose wins are worth +-infinity, also cuts when
a move reaches +infinity against a bound of +infinity, which OpenSpiel (wins
worth 1, bounds infinite) cannot: from depth 7 on, where games can end, aima
plays slightly fewer moves.

Before timing, the value of the empty board at depths 1-5 is checked to be
the same for every engine (aima's search returns only a move, so its value is
read at the end of the line it plays against itself: depth d, then d - 1 from
the position it chose, ...; each chosen move has exactly its position's value,
so the last position's evaluation is the root's value).

Each round runs every engine once per budget, the engines in reverse order
every other round, all in one process.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from timing import as_number

from gamelib.algorithms import DeepeningSettings, deepen
from gamelib.games.connect4 import ConnectFour, connect4_estimator

COLS, ROWS, K = 7, 6, 4
BUDGETS = (1.0, 2.0, 5.0)
CHECKED_DEPTHS = range(1, 6)
MAX_DEPTH = COLS * ROWS
OPENSPIEL_SCALE = 8192
"""OpenSpiel's evaluation is the score over this: its wins are worth 1."""

# A window's pieces are summed as X = 1, O = BASE: the sum says how many of each.
BASE = K + 1


def window_values() -> tuple[int, ...]:
    """The handout score of a window, by its sum of piece codes."""
    values = [0] * (BASE * K + 1)
    for xs in range(K + 1):
        for os in range(K + 1 - xs):
            if xs and not os:
                values[xs + BASE * os] = 4**xs
            elif os and not xs:
                values[xs + BASE * os] = -(4**os)
    return tuple(values)


VALUES = window_values()


def windows(index: Callable[[int, int], int]) -> tuple[tuple[int, int, int, int], ...]:
    """Every line of 4 cells, each cell given by ``index(column, row)`` (row 0 at the bottom)."""
    found: list[tuple[int, int, int, int]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(COLS):
            for r in range(ROWS):
                if 0 <= c + 3 * dc < COLS and 0 <= r + 3 * dr < ROWS:
                    a, b, c2, d = (index(c + i * dc, r + i * dr) for i in range(4))
                    found.append((a, b, c2, d))
    return tuple(found)


def score(cells: Sequence[int], lines: tuple[tuple[int, int, int, int], ...]) -> int:
    """The handout score of ``cells`` (0 empty, 1 X, BASE O) over the windows ``lines``."""
    values = VALUES
    return sum(values[cells[a] + cells[b] + cells[c] + cells[d]] for a, b, c, d in lines)


class OutOfTimeError(Exception):
    """A peer's search ran past its budget and is abandoned."""


@dataclass
class Clock:
    """The deadline an evaluation function checks; infinite when nothing is timed."""

    deadline: float = math.inf

    def check(self) -> None:
        if time.perf_counter() >= self.deadline:
            raise OutOfTimeError


@dataclass(frozen=True)
class Run:
    """One engine under one budget: the depths it finished, positions and seconds of each."""

    depths: tuple[tuple[int, int, float], ...]

    @property
    def depth(self) -> int:
        return self.depths[-1][0] if self.depths else 0

    @property
    def rate(self) -> float:
        seconds = sum(s for _, _, s in self.depths)
        return sum(p for _, p, _ in self.depths) / seconds if seconds else math.nan


class Peer:
    """A peer's alpha-beta to a fixed depth, driven by a plain iterative-deepening loop."""

    name = ""
    reordered = False
    """Whether its moves are tried in an order of ours rather than the peer's own."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.counted: dict[int, int] = {}

    def search(self, depth: int) -> None:
        """One search of the empty board to ``depth``, run to completion or to the deadline."""
        raise NotImplementedError

    def value(self, depth: int) -> float:
        """The value of the empty board at ``depth`` (X's; +-inf for a forced win)."""
        raise NotImplementedError

    def count(self, depth: int) -> int:
        """Moves played by one search to ``depth`` (an untimed run)."""
        raise NotImplementedError

    def positions(self, depth: int) -> int:
        if depth not in self.counted:
            self.counted[depth] = self.count(depth)
        return self.counted[depth]

    def deepen(self, budget: float) -> list[tuple[int, float]]:
        """Depths 1, 2, ... until ``budget`` seconds are spent: those finished in time."""
        began = time.perf_counter()
        self.clock.deadline = began + budget
        finished: list[tuple[int, float]] = []
        try:
            for depth in range(1, MAX_DEPTH + 1):
                start = time.perf_counter()
                if start >= self.clock.deadline:
                    break
                try:
                    self.search(depth)
                except OutOfTimeError:
                    break
                end = time.perf_counter()
                if end > self.clock.deadline:
                    break
                finished.append((depth, end - start))
        finally:
            self.clock.deadline = math.inf
        return finished

    def run(self, budget: float) -> list[tuple[int, float]]:
        return self.deepen(budget)


class OpenSpielPeer(Peer):
    name = "OpenSpiel alpha_beta_search, ID loop"

    def __init__(self) -> None:
        super().__init__()
        import pyspiel  # a peer (the openspiel extra)
        from open_spiel.python.algorithms import (  # a peer
            minimax,
        )

        self.minimax = minimax
        self.game = pyspiel.load_game("connect_four")
        assert self.game.get_parameters() == {
            "columns": COLS,
            "rows": ROWS,
            "x_in_row": K,
            "egocentric_obs_tensor": False,
        }, self.game.get_parameters()
        # str(state) is the rows top first, each COLS cells of "x", "o", "." and a newline.
        self.lines = windows(lambda c, r: (ROWS - 1 - r) * (COLS + 1) + c)
        self.codes = bytes.maketrans(b"xo.\n", bytes((1, BASE, 0, 0)))

    def evaluate(self, state: Any) -> float:
        self.clock.check()
        cells = str(state).encode().translate(self.codes)
        return score(cells, self.lines) / OPENSPIEL_SCALE

    def alpha_beta(self, depth: int) -> float:
        value, _ = self.minimax.alpha_beta_search(
            self.game, value_function=self.evaluate, maximum_depth=depth, maximizing_player_id=0
        )
        return float(value)

    def search(self, depth: int) -> None:
        self.alpha_beta(depth)

    def value(self, depth: int) -> float:
        value = self.alpha_beta(depth)
        if abs(value) == 1:  # a finished game: OpenSpiel's return
            return math.copysign(math.inf, value)
        return value * OPENSPIEL_SCALE

    def count(self, depth: int) -> int:
        searched = self.minimax._alpha_beta
        calls = [0]

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return searched(*args, **kwargs)

        self.minimax._alpha_beta = counting  # its recursion looks the name up in the module
        try:
            self.alpha_beta(depth)
        finally:
            self.minimax._alpha_beta = searched
        return calls[0] - 1


class AimaPeer(Peer):
    name = "aima alphabeta_cutoff_search, ID loop"

    def __init__(self, centre_first: bool = False) -> None:
        super().__init__()
        from aima3 import games  # type: ignore[import-not-found]  # a peer, in the scratch venv

        self.search_function = games.alphabeta_cutoff_search
        centre = (COLS + 1) / 2  # aima numbers columns x = 1..COLS

        class CentreFirst(games.ConnectFour):  # type: ignore[misc]  # a peer's class
            """aima's Connect Four, the playable cells offered centre column first."""

            def actions(self, state: Any) -> list[Any]:
                return sorted(super().actions(state), key=lambda xy: (abs(xy[0] - centre), xy[0]))

        counter = [0]

        class Counting(CentreFirst if centre_first else games.ConnectFour):  # type: ignore[misc]
            """The same game, counting the moves played (for the untimed runs)."""

            def result(self, state: Any, move: Any) -> Any:
                counter[0] += 1
                return super().result(state, move)

        self.game = CentreFirst() if centre_first else games.ConnectFour()
        self.counting_game = Counting()
        self.counter = counter
        self.reordered = centre_first
        if centre_first:
            self.name = "aima alphabeta_cutoff_search, centre first, ID loop"
        assert (self.game.h, self.game.v, self.game.k) == (COLS, ROWS, K)

    def evaluation(self, perspective: int) -> Callable[[Any], float]:
        """aima's ``eval_fn``: the score for X (``perspective`` 1) or for O (-1)."""
        clock = self.clock
        lines = WINDOWS_BY_ROW

        def evaluate(state: Any) -> float:
            clock.check()
            if state.utility:  # +1 when X has won, -1 when O has
                return perspective * float(state.utility) * math.inf
            cells = bytearray(COLS * ROWS)
            for (x, y), piece in state.board.items():
                cells[(y - 1) * COLS + x - 1] = 1 if piece == "X" else BASE
            return perspective * score(cells, lines)

        return evaluate

    def best_move(self, game: Any, state: Any, depth: int) -> Any:
        perspective = 1 if state.to_move == "X" else -1

        def cutoff(s: Any, d: int) -> bool:
            return d >= depth or bool(game.terminal_test(s))

        return self.search_function(
            state, game, depth, cutoff_test=cutoff, eval_fn=self.evaluation(perspective)
        )

    def search(self, depth: int) -> None:
        self.best_move(self.game, self.game.initial, depth)

    def value(self, depth: int) -> float:
        game = self.game
        state = game.initial
        for remaining in range(depth, 0, -1):
            if game.terminal_test(state):
                break
            state = game.result(state, self.best_move(game, state, remaining))
        return self.evaluation(1)(state)

    def count(self, depth: int) -> int:
        self.counter[0] = 0
        self.best_move(self.counting_game, self.counting_game.initial, depth)
        return self.counter[0]


WINDOWS_BY_ROW = windows(lambda c, r: r * COLS + c)
assert len(WINDOWS_BY_ROW) * 4 ** (K - 1) < OPENSPIEL_SCALE  # every estimate is below a win


class GamelibEngine:
    """gamelib's iterative deepening, default settings, under a time budget."""

    name = "gamelib deepen (default settings)"

    def __init__(self) -> None:
        self.game = ConnectFour(COLS, ROWS, K)
        self.estimator = connect4_estimator(self.game)

    def run_full(self, budget: float) -> Run:
        found = deepen(
            DeepeningSettings(self.estimator, MAX_DEPTH, seconds=budget), self.game.start
        )
        return Run(tuple((i.depth, i.positions, i.seconds) for i in found.iterations if i.finished))

    def values(self, depth: int) -> list[tuple[float, int]]:
        """The value (X's) and positions of each iteration up to ``depth``."""
        found = deepen(DeepeningSettings(self.estimator, depth), self.game.start)
        return [(as_number(i.value), i.positions) for i in found.iterations]


def peer_run(peer: Peer, budget: float) -> Run:
    finished = peer.run(budget)
    return Run(tuple((depth, peer.positions(depth), seconds) for depth, seconds in finished))


def agreement(gamelib: GamelibEngine, peers: Sequence[Peer]) -> bool:
    """Print the value and positions of each engine at depths 1-5; True when the values agree."""
    ours = gamelib.values(max(CHECKED_DEPTHS))
    names = [gamelib.name] + [peer.name for peer in peers]
    print("Value of the empty board (X's) at depths 1-5, and positions, same evaluation:")
    for column, name in enumerate(names, 1):
        print(f"  ({column}) {name}")
    header = f"  {'depth':>5}" + "".join(
        f"{f'({c}) value':>12}{'positions':>10}" for c, _ in enumerate(names, 1)
    )
    print(header + "  agree")
    agree = True
    for depth in CHECKED_DEPTHS:
        value, positions = ours[depth - 1]
        line = f"  {depth:>5}{value:>12g}{positions:>10,}"
        same = True
        for peer in peers:
            theirs = peer.value(depth)
            same = same and theirs == value
            line += f"{theirs:>12g}{peer.positions(depth):>10,}"
        agree = agree and same
        print(line + f"  {'yes' if same else 'NO'}")
    return agree


def timed(peer: Peer) -> Callable[[float], Run]:
    """``peer`` under a budget, as the rounds call it."""
    return lambda budget: peer_run(peer, budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="rounds (medians)")
    runs = parser.parse_args().runs
    if runs < 1:
        parser.error(f"--runs must be at least 1, got {runs}")

    gamelib = GamelibEngine()
    peers: list[Peer] = [OpenSpielPeer(), AimaPeer(), AimaPeer(centre_first=True)]
    if not agreement(gamelib, peers):
        print("the values differ: the evaluations are not the same; not timing")
        raise SystemExit(1)
    print()

    engines: dict[str, Callable[[float], Run]] = {gamelib.name: gamelib.run_full}
    engines.update((peer.name, timed(peer)) for peer in peers)
    seen: dict[tuple[str, float], list[Run]] = {(n, b): [] for n in engines for b in BUDGETS}
    for round_number in range(runs):
        order = list(engines.items())
        if round_number % 2:
            order.reverse()
        for budget in BUDGETS:
            for name, engine in order:
                seen[name, budget].append(engine(budget))

    print(
        f"Connect Four {COLS}x{ROWS} from empty: deepest depth finished within the budget, "
        f"and positions (moves played)\nper second over the finished depths; medians of "
        f"{runs} interleaved rounds"
    )
    header = f"  {'engine':<52}"
    for budget in BUDGETS:
        header += f"{f'{budget:g} s':>6}{'pos/s':>9}"
    print(header)
    depth_at: dict[tuple[str, float], float] = {}
    for name in engines:
        line = f"  {name:<52}"
        for budget in BUDGETS:
            results = seen[name, budget]
            depth = statistics.median(r.depth for r in results)
            depth_at[name, budget] = depth
            rate = statistics.median(r.rate for r in results)
            line += f"{depth:>6g}{rate:>9,.0f}"
        print(line)
    print()
    ours = depth_at[gamelib.name, 2.0]
    for label, rivals in (
        ("as shipped (their own move order)", [p for p in peers if not p.reordered]),
        ("including aima with gamelib's centre-first order", peers),
    ):
        deepest = max(depth_at[peer.name, 2.0] for peer in rivals)
        lead = ours - deepest
        print(
            f"at 2 s gamelib finishes depth {ours:g}; the deepest peer {label}, {deepest:g}: "
            f"{lead:+g} plies (goal: at least +2): {'met' if lead >= 2 else 'NOT met'}"
        )
    print()
    print("Depths finished in each round:")
    for name in engines:
        rounds = "  ".join(
            f"{budget:g} s: {[r.depth for r in seen[name, budget]]}" for budget in BUDGETS
        )
        print(f"  {name:<52}{rounds}")
    print()
    print("Positions (moves played) to finish each depth: gamelib's iteration in its")
    print(f"{max(BUDGETS):g} s runs (after what the earlier ones left in its table; the first")
    print("run that finished it), each peer's one search from the root:")
    names = [gamelib.name] + [peer.name for peer in peers]
    print(f"  {'depth':>5}" + "".join(f"{f'({c})':>12}" for c, _ in enumerate(names, 1)))
    ours_by_depth: dict[int, int] = {}
    for run in seen[gamelib.name, max(BUDGETS)]:
        for depth, positions, _ in run.depths:
            ours_by_depth.setdefault(depth, positions)
    reached = max(r.depth for rs in seen.values() for r in rs)
    for depth in range(1, reached + 1):
        counts = [ours_by_depth.get(depth)] + [peer.counted.get(depth) for peer in peers]
        print(f"  {depth:>5}" + "".join(f"{'-' if n is None else f'{n:,}':>12}" for n in counts))


if __name__ == "__main__":
    main()
