"""What one position costs: gamelib's AlphaBeta beside OpenSpiel's and a plain alpha-beta.

The peer is not gamelib's dependency: install it in a scratch virtualenv
outside the repository and run this script with its Python, with gamelib on
the path:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install open_spiel toolz pyrsistent tqdm
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/positions.py [--runs 5]

Run with gamelib's own Python (``.venv/bin/python benchmarks/positions.py``)
it times only the gamelib rows and the plain alpha-beta, and says that
OpenSpiel was skipped.

Two trees, each searched whole by every engine, the moves in each engine's
own order:

- Connect Four 7x6 to depth 7, from the empty board and from two positions
  of the middle game (columns typed 1-7, X first), with the handout
  evaluation: for each window of 4 cells in a line holding pieces of one
  side only, +4^n for X (Maxie, who moves first), -4^n for O, n the pieces
  in it; a won game is worth more than any evaluation and a drawn one 0.

  - gamelib: the lectures' ``AlphaBeta(Settings(connect4_estimator(game), 7))``
    over the bitboard states (columns centre first), and
    ``NegamaxAlphaBeta`` (fail-soft, no table) with the same settings.
  - OpenSpiel: Python ``alpha_beta_search`` (open_spiel.python.algorithms.minimax)
    over the C++ ``connect_four`` states (columns left to right).  Its value
    function reads the board from ``str(state)`` and scores the 69 windows;
    OpenSpiel values a finished game at +-1 (its returns), so the score is
    divided by 8192 (> 69 * 4^3, and a power of two, so exact): every
    estimate then lies strictly between a loss and a win and orders as
    gamelib's do.

- Tic-tac-toe solved from empty (depth 9: every line ends in a finished game).

  - gamelib: ``AlphaBeta(Settings(tictactoe_estimator(game), 9))``, and
    ``NegamaxAlphaBeta`` as above.
  - plain tuple alpha-beta, written here: a board is a 9-tuple (1 X, -1 O,
    0 empty), a move makes a new tuple, the win test looks at the 8 lines,
    cells are tried 1 to 9 as gamelib's game offers them, and the search is
    AlphaBeta's: fail-soft, a child searched against the current window,
    pruning when a child reaches the bound, wins worth +-1 inside infinite
    bounds.  So it plays exactly the moves gamelib's AlphaBeta plays (the
    counts are printed side by side).  Two rows: the 8 lines tested by a
    ``for`` loop that stops at the first line made, and by ``any()`` over a
    generator; both call the win test as a function.
  - OpenSpiel: ``alpha_beta_search`` on ``tic_tac_toe``, no value function.

"positions" is moves played, one per position searched below the root
(gamelib: ``CountingGame``'s count of ``play`` calls; OpenSpiel:
``apply_action`` calls, counted as calls of its recursive ``_alpha_beta``
less the root; plain: win tests, one per move).  "evaluations" is calls of
the evaluation at the horizon (gamelib: through ``RecordingEstimator``).
Everything is counted in separate untimed runs (the searches are
deterministic), so counting costs the timed runs nothing.

Before timing, the Connect Four values at depths 1-5 and 7 from each start
are checked to be the same for every engine, and the tic-tac-toe values to
be draws.

Each round runs every search once, in reverse order every other round, all
in one process; a search's time is its median over the rounds, and its cost
per position that median over its positions.  Nothing here asserts a time.
Last, cProfile's top ten functions by own time for one run of gamelib's
AlphaBeta on each tree (``--no-profile`` leaves them out).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import pstats
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from timing import as_number

from gamelib import AlphaBeta, Settings
from gamelib.algorithms import NegamaxAlphaBeta, NegamaxSettings
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import Estimator
from gamelib.core.game import Game
from gamelib.games.connect4 import ConnectFour, ConnectFourState, connect4_estimator
from gamelib.games.tictactoe import LINES, TicTacToe, tictactoe_estimator
from gamelib.search import CountingGame, RecordingEstimator, SearchPlayer

S = TypeVar("S")

COLS, ROWS, K = 7, 6, 4
C4_DEPTH = 7
CHECKED_DEPTHS = (1, 2, 3, 4, 5)
C4_STARTS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("empty board", ()),
    ("after 4 4 3 5 5 3", (4, 4, 3, 5, 5, 3)),
    ("after 4 3 4 4 5 5 3 6", (4, 3, 4, 4, 5, 5, 3, 6)),
)
"""Where the Connect Four searches start: the columns played, typed 1-7, X first."""
OPENSPIEL_SCALE = 8192
"""OpenSpiel's evaluation is the score over this: its wins are worth 1."""

ALPHABETA = "gamelib AlphaBeta (lectures)"
NEGAMAX = "gamelib NegamaxAlphaBeta (fail-soft)"
OPENSPIEL = "OpenSpiel alpha_beta_search"
PLAIN_LOOP = "plain tuple alpha-beta, for loop"
PLAIN_ANY = "plain tuple alpha-beta, any()"


@dataclass(frozen=True)
class Row:
    """One search of one tree: what it plays and finds (counted untimed), and how to run it."""

    tree: str
    engine: str
    positions: int
    """Moves played."""
    evaluations: int | None
    """Calls of the evaluation at the horizon (None: not counted)."""
    value: float
    """X's value: the evaluation's score, 0 for a draw, +-inf for a forced win."""
    run: Callable[[], object]


# ---------------------------------------------------------------------------
# gamelib


def c4_state(game: Game[ConnectFourState, int], typed: Sequence[int]) -> ConnectFourState:
    """The position after the columns ``typed`` (1-7), each read by the game's own parser."""
    state = game.start
    for column in typed:
        move = game.parse_move(state, str(column))
        assert move is not None, (typed, column)
        status = game.play(state, move)
        assert isinstance(status, Playing), (typed, column)
        state = status.state
    return state


def alphabeta_value(game: ConnectFour, typed: Sequence[int], depth: int) -> float:
    player = AlphaBeta(Settings(connect4_estimator(game), depth))
    return as_number(player.analyse(c4_state(game, typed))[1])


def negamax_value(game: ConnectFour, typed: Sequence[int], depth: int) -> float:
    player = NegamaxAlphaBeta(NegamaxSettings(connect4_estimator(game), depth))
    return as_number(player.analyse(c4_state(game, typed))[1])


def player(
    estimator: Estimator[S, int, float], depth: int, negamax: bool
) -> SearchPlayer[S, int, float]:
    """gamelib's AlphaBeta, or its NegamaxAlphaBeta (fail-soft, no table), to ``depth``."""
    if negamax:
        return NegamaxAlphaBeta(NegamaxSettings(estimator, depth))
    return AlphaBeta(Settings(estimator, depth))


def analyse(estimator: Estimator[S, int, float], depth: int, negamax: bool, state: S) -> object:
    """A fresh player asked about ``state`` (what a timed run does)."""
    return player(estimator, depth, negamax).analyse(state)


def gamelib_c4_rows(tree: str, typed: Sequence[int]) -> list[Row]:
    rows = []
    for engine, negamax in ((ALPHABETA, False), (NEGAMAX, True)):
        counting = CountingGame(ConnectFour(COLS, ROWS, K))
        recording = RecordingEstimator(connect4_estimator(counting))
        _, value = player(recording, C4_DEPTH, negamax).analyse(c4_state(counting, typed))
        game = ConnectFour(COLS, ROWS, K)
        run = partial(analyse, connect4_estimator(game), C4_DEPTH, negamax, c4_state(game, typed))
        rows.append(
            Row(tree, engine, counting.plays, len(recording.estimated), as_number(value), run)
        )
    return rows


def gamelib_ttt_rows(tree: str) -> list[Row]:
    rows = []
    for engine, negamax in ((ALPHABETA, False), (NEGAMAX, True)):
        counting = CountingGame(TicTacToe())
        recording = RecordingEstimator(tictactoe_estimator(counting))
        _, value = player(recording, 9, negamax).analyse(counting.start)
        game = TicTacToe()
        run = partial(analyse, tictactoe_estimator(game), 9, negamax, game.start)
        rows.append(
            Row(tree, engine, counting.plays, len(recording.estimated), as_number(value), run)
        )
    return rows


# ---------------------------------------------------------------------------
# The plain tuple alpha-beta

Board = tuple[int, ...]
WinTest = Callable[[Board, int], bool]


def won_by_loop(board: Board, mark: int) -> bool:
    """Whether ``mark`` holds one of the 8 lines: a loop that stops at the first."""
    for a, b, c in LINES:  # noqa: SIM110 - the loop is this row's point; any() is the other's
        if board[a] == board[b] == board[c] == mark:
            return True
    return False


def won_by_any(board: Board, mark: int) -> bool:
    """Whether ``mark`` holds one of the 8 lines: ``any()`` over a generator."""
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


def plain_alphabeta(won: WinTest) -> Callable[[Board, int, float, float], float]:
    """AlphaBeta's search over 9-tuples, with ``won`` as the win test.

    ``search(board, mark, alpha, beta)``: the value for X (1 a win, -1 a loss,
    0 a draw) of ``board`` with ``mark`` (1 X, -1 O) to move, fail-soft, the
    chart of gamelib's AlphaBeta move for move.
    """

    def search(board: Board, mark: int, alpha: float, beta: float) -> float:
        best: float | None = None
        for i in range(9):
            if board[i]:
                continue
            new = board[:i] + (mark,) + board[i + 1 :]  # noqa: RUF005 - faster than unpacking
            if won(new, mark):
                x: float = mark
            elif 0 not in new:
                x = 0
            else:
                x = search(new, -mark, alpha, beta)
            if mark == 1:
                if x >= beta:
                    return x  # prune
                if x > alpha:
                    alpha = best = x
                elif best is None or x > best:
                    best = x
            else:
                if x <= alpha:
                    return x  # prune
                if x < beta:
                    beta = best = x
                elif best is None or x < best:
                    best = x
        assert best is not None  # called only on a board with an empty cell
        return best

    return search


def plain_rows(tree: str) -> list[Row]:
    rows = []
    for engine, won in ((PLAIN_LOOP, won_by_loop), (PLAIN_ANY, won_by_any)):
        tests = [0]

        def counting(board: Board, mark: int, won: WinTest = won, tests: list[int] = tests) -> bool:
            tests[0] += 1
            return won(board, mark)

        value = plain_alphabeta(counting)((0,) * 9, 1, -math.inf, math.inf)
        search = plain_alphabeta(won)

        def run(search: Callable[[Board, int, float, float], float] = search) -> object:
            return search((0,) * 9, 1, -math.inf, math.inf)

        rows.append(Row(tree, engine, tests[0], None, value, run))
    return rows


# ---------------------------------------------------------------------------
# OpenSpiel


def window_cells() -> tuple[tuple[int, int, int, int], ...]:
    """Every window of 4 cells, as indices into ``str(state)`` of OpenSpiel's Connect Four.

    Its ``str`` is the rows, top first, each COLS cells and a newline.
    """

    def at(c: int, r: int) -> int:  # r = 0 at the bottom
        return (ROWS - 1 - r) * (COLS + 1) + c

    found = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(COLS):
            for r in range(ROWS):
                if 0 <= c + 3 * dc < COLS and 0 <= r + 3 * dr < ROWS:
                    found.append((at(c, r), at(c + dc, r + dr), at(c + 2 * dc, r + 2 * dr),
                                  at(c + 3 * dc, r + 3 * dr)))  # fmt: skip
    return tuple(found)


def window_scores() -> tuple[int, ...]:
    """The handout score of a window by the sum of its cells, X counting 1 and O 5."""
    scores = [0] * 21
    for xs in range(1, 5):
        scores[xs] = 4**xs
    for os in range(1, 5):
        scores[5 * os] = -(4**os)
    return tuple(scores)  # mixed windows (both kinds of piece) stay 0


class OpenSpiel:
    """OpenSpiel's ``alpha_beta_search``, with the handout evaluation for Connect Four."""

    def __init__(self, pyspiel: Any, minimax: Any) -> None:
        self.pyspiel = pyspiel
        self.minimax = minimax
        self.c4 = pyspiel.load_game("connect_four")
        assert self.c4.get_parameters() == {
            "columns": COLS,
            "rows": ROWS,
            "x_in_row": K,
            "egocentric_obs_tensor": False,
        }, self.c4.get_parameters()
        self.ttt = pyspiel.load_game("tic_tac_toe")
        self.windows = window_cells()
        assert len(self.windows) * 4 ** (K - 1) < OPENSPIEL_SCALE  # every estimate below a win
        self.scores = window_scores()
        self.codes = bytes.maketrans(b"xo.\n", bytes((1, 5, 0, 0)))
        self.evaluations = 0

    def evaluate(self, state: Any) -> float:
        """X's handout score of ``state`` over OPENSPIEL_SCALE."""
        cells = str(state).encode().translate(self.codes)
        scores = self.scores
        windows = self.windows
        total = sum(scores[cells[a] + cells[b] + cells[c] + cells[d]] for a, b, c, d in windows)
        return total / OPENSPIEL_SCALE

    def counted_evaluate(self, state: Any) -> float:
        self.evaluations += 1
        return self.evaluate(state)

    def c4_state(self, typed: Sequence[int]) -> Any:
        state = self.c4.new_initial_state()
        for column in typed:
            state.apply_action(column - 1)
        return state

    def c4_search(self, typed: Sequence[int], depth: int, counted: bool = False) -> float:
        value, _ = self.minimax.alpha_beta_search(
            self.c4,
            state=self.c4_state(typed),
            value_function=self.counted_evaluate if counted else self.evaluate,
            maximum_depth=depth,
            maximizing_player_id=0,
        )
        return float(value)

    def c4_value(self, typed: Sequence[int], depth: int) -> float:
        """X's value, as gamelib reports it: the score, or +-inf for a forced win."""
        value = self.c4_search(typed, depth)
        if abs(value) == 1:  # a finished game: OpenSpiel's return
            return math.copysign(math.inf, value)
        return value * OPENSPIEL_SCALE

    def ttt_search(self) -> float:
        value, _ = self.minimax.alpha_beta_search(self.ttt, maximizing_player_id=0)
        return float(value)

    def moves_played(self, search: Callable[[], float]) -> tuple[int, float]:
        """Moves ``search`` plays (its calls of ``_alpha_beta`` less the root), and its value."""
        searched = self.minimax._alpha_beta
        calls = [0]

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return searched(*args, **kwargs)

        self.minimax._alpha_beta = counting  # its recursion looks the name up in the module
        try:
            value = search()
        finally:
            self.minimax._alpha_beta = searched
        return calls[0] - 1, value

    def c4_row(self, tree: str, typed: Sequence[int]) -> Row:
        self.evaluations = 0
        positions, _ = self.moves_played(lambda: self.c4_search(typed, C4_DEPTH, counted=True))
        return Row(
            tree,
            OPENSPIEL,
            positions,
            self.evaluations,
            self.c4_value(typed, C4_DEPTH),
            lambda: self.c4_search(typed, C4_DEPTH),
        )

    def ttt_row(self, tree: str) -> Row:
        positions, value = self.moves_played(self.ttt_search)
        return Row(tree, OPENSPIEL, positions, None, value, self.ttt_search)


def load_openspiel() -> OpenSpiel | None:
    try:
        import pyspiel  # a peer (the openspiel extra)
        from open_spiel.python.algorithms import (  # a peer
            minimax,
        )
    except ImportError:
        return None
    return OpenSpiel(pyspiel, minimax)


# ---------------------------------------------------------------------------
# The checks, the rounds and the report


def agreement(peer: OpenSpiel | None) -> bool:
    """Print the Connect Four values at depths 1-5 and 7; True when the engines agree."""
    game = ConnectFour(COLS, ROWS, K)
    names = [ALPHABETA, NEGAMAX] + ([OPENSPIEL] if peer else [])
    print(f"Connect Four values (X's) by depth, same evaluation: {', '.join(names)}")
    agree = True
    for tree, typed in C4_STARTS:
        line = f"  {tree:<24}"
        for depth in (*CHECKED_DEPTHS, C4_DEPTH):
            values = [alphabeta_value(game, typed, depth), negamax_value(game, typed, depth)]
            if peer is not None:
                values.append(peer.c4_value(typed, depth))
            same = len(set(values)) == 1
            agree = agree and same
            line += f"  d{depth}: {values[0]:g}{'' if same else ' DIFFER ' + repr(values)}"
        print(line)
    return agree


def rounds(rows: Sequence[Row], runs: int) -> list[list[float]]:
    """Seconds of each row in each round, the rows taking turns, reversed every other round."""
    seen: list[list[float]] = [[] for _ in rows]
    for round_number in range(runs):
        order = list(enumerate(rows))
        if round_number % 2:
            order.reverse()
        for i, row in order:
            began = time.perf_counter()
            row.run()
            seen[i].append(time.perf_counter() - began)
    return seen


def report(rows: Sequence[Row], seen: Sequence[Sequence[float]], runs: int) -> dict[Row, float]:
    """Print the table; return each row's median microseconds per position."""
    per_position = {}
    print(f"Medians of {runs} interleaved rounds; us/pos = median seconds / positions")
    print(
        f"  {'engine':<38}{'positions':>10}{'evals':>9}{'value':>8}"
        f"{'median ms':>11}{'us/pos':>9}{'min-max us/pos':>17}"
    )
    tree = ""
    for row, times in zip(rows, seen, strict=True):
        if row.tree != tree:
            tree = row.tree
            print(f" {tree}")
        median = statistics.median(times)
        us = [t / row.positions * 1e6 for t in times]
        per_position[row] = median / row.positions * 1e6
        evals = "-" if row.evaluations is None else f"{row.evaluations:,}"
        print(
            f"  {row.engine:<38}{row.positions:>10,}{evals:>9}{row.value:>8g}"
            f"{median * 1e3:>11.1f}{per_position[row]:>9.2f}{f'{min(us):.2f}-{max(us):.2f}':>17}"
        )
    return per_position


def ratios(rows: Sequence[Row], per_position: dict[Row, float]) -> None:
    """Print gamelib's cost per position over each rival's, and the issue's goals."""
    print("Ratios of us/pos, gamelib over rival (medians):")
    by = {(row.tree, row.engine): row for row in rows}
    for tree in dict.fromkeys(row.tree for row in rows):
        rivals = [r for r in (OPENSPIEL, PLAIN_LOOP, PLAIN_ANY) if (tree, r) in by]
        if rivals:
            print(f" {tree}")
        for ours in (ALPHABETA, NEGAMAX):
            for rival in rivals:
                ratio = per_position[by[tree, ours]] / per_position[by[tree, rival]]
                goal = ""
                if ours == ALPHABETA and rival == OPENSPIEL and tree.startswith("Connect"):
                    goal = f"  goal < 1: {'met' if ratio < 1 else 'NOT met'}"
                elif ours == ALPHABETA and rival in (PLAIN_LOOP, PLAIN_ANY):
                    goal = f"  goal <= 1.5: {'met' if ratio <= 1.5 else 'NOT met'}"
                print(f"  {ours:<38}/ {rival:<34}{ratio:>6.2f}{goal}")


def profile(row: Row) -> None:
    """cProfile's top ten functions by own time for one run of ``row``."""
    profiler = cProfile.Profile()
    profiler.runcall(row.run)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime")
    stats.print_stats(10)
    print(f"cProfile, {row.engine}, {row.tree} ({row.positions:,} positions), top 10 by tottime:")
    lines = out.getvalue().splitlines()
    for line in lines:
        if line.strip() and not line.lstrip().startswith(("Ordered by", "List reduced")):
            print("  " + line.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="rounds (medians)")
    parser.add_argument(
        "--profile", action=argparse.BooleanOptionalAction, default=True, help="cProfile tops"
    )
    options = parser.parse_args()
    runs = options.runs
    if runs < 1:
        parser.error(f"--runs must be at least 1, got {runs}")

    peer = load_openspiel()
    if peer is None:
        print("OpenSpiel (pyspiel) is not importable from this Python: its rows are skipped")
        print()
    if not agreement(peer):
        print("the values differ: the evaluations are not the same; not timing")
        raise SystemExit(1)
    print()

    rows: list[Row] = []
    for start, typed in C4_STARTS:
        tree = f"Connect Four {COLS}x{ROWS} depth {C4_DEPTH}, {start}"
        rows += gamelib_c4_rows(tree, typed)
        if peer is not None:
            rows.append(peer.c4_row(tree, typed))
    ttt = "tic-tac-toe solved from empty"
    rows += gamelib_ttt_rows(ttt)
    rows += plain_rows(ttt)
    if peer is not None:
        rows.append(peer.ttt_row(ttt))
    for row in rows:
        if row.tree == ttt and row.value != 0:
            print(f"{row.engine} does not find tic-tac-toe a draw ({row.value}); not timing")
            raise SystemExit(1)
    by = {(row.tree, row.engine): row for row in rows}
    same = by[ttt, ALPHABETA].positions == by[ttt, PLAIN_LOOP].positions
    print(
        f"tic-tac-toe: gamelib's AlphaBeta plays {by[ttt, ALPHABETA].positions:,} moves, "
        f"the plain one {by[ttt, PLAIN_LOOP].positions:,}: {'the same' if same else 'DIFFERENT'}"
    )
    print()

    seen = rounds(rows, runs)
    per_position = report(rows, seen, runs)
    print()
    ratios(rows, per_position)
    if options.profile:
        for row in rows:
            if row.engine == ALPHABETA and (row.tree == ttt or row.tree.endswith("empty board")):
                print()
                profile(row)


if __name__ == "__main__":
    main()
