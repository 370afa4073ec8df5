"""Tic-tac-toe: Maxie (X) moves first; three in a line wins; a full board is a draw.

A move is a cell, numbered 1 to 9 row by row from the top left, and typed
as that single digit: the board shows each empty cell's digit, so the
number to type is the one on the square.  Anything else (two numbers, a
taken cell, 0, 10) is rejected with the reason.  Moves are offered in
square order, 1 to 9.

>>> game = TicTacToe()
>>> state = game.play(game.start, 5).state  # type: ignore[union-attr]
>>> print(game.state_to_string(state))
 1 | 2 | 3
---+---+---
 4 | X | 6
---+---+---
 7 | 8 | 9
Minnie (O) to move
>>> game.parse_move(state, "5") is None, game.why_illegal(state, "5")
(True, 'cell 5 is taken')
>>> open_lines(state)
4
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import final

from gamelib import seq
from gamelib.core.datatypes import Done, Draw, Playing, Side, Status, Winner
from gamelib.core.game import Game
from gamelib.estimate.estimator import NumericEstimator
from gamelib.seq import Seq
from gamelib.weighted import Feature, WeightedEstimator, WeightedSum

__all__ = [
    "LINES",
    "TicTacToe",
    "TicTacToeState",
    "centre_mark",
    "corner_marks",
    "open_lines",
    "open_threats",
    "tictactoe_estimator",
    "tictactoe_weighted",
]

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
"""The eight lines, as 0-based cell indices (cell ``i`` is typed as ``i + 1``)."""

_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(9)
)

# One shared sequence of moves per set of empty cells (a 9-bit mask).
_MOVES: tuple[Seq[int], ...] = tuple(
    seq.from_iterable(tuple(cell + 1 for cell in range(9) if mask >> cell & 1))
    for mask in range(512)
)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The board's eight symmetries, each as the cell each cell comes from."""

    def turn(i: int) -> int:
        row, col = divmod(i, 3)
        return col * 3 + (2 - row)

    def mirror(i: int) -> int:
        row, col = divmod(i, 3)
        return row * 3 + (2 - col)

    found = []
    order = list(range(9))
    for _ in range(4):
        found.append(tuple(order))
        found.append(tuple(mirror(i) for i in order))
        order = [turn(i) for i in order]
    return tuple(found)


_SYMMETRIES = _symmetries()
_TRANSFORMS: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...] = tuple(
    itemgetter(*order) for order in _SYMMETRIES
)
"""Each symmetry as a function from cells to cells (``itemgetter``: the copying is done in C,
which matters on the hot path of every table probe)."""


@final
@dataclass(frozen=True, slots=True)
class TicTacToeState:
    """The nine cells (1 for X, -1 for O, 0 for empty) and the side to move."""

    cells: tuple[int, ...]
    """Row by row from the top left."""
    side: Side
    """The side to move."""

    def empty_mask(self) -> int:
        """Bit ``i`` is set when cell ``i`` (typed ``i + 1``) is empty."""
        mask = 0
        for i, v in enumerate(self.cells):
            if v == 0:
                mask |= 1 << i
        return mask


@final
@dataclass(frozen=True, slots=True)
class TicTacToe:
    """The 3 x 3 game, Maxie (X) first."""

    @property
    def start(self) -> TicTacToeState:
        return TicTacToeState((0,) * 9, Side.Maxie)

    def player(self, state: TicTacToeState, /) -> Side:
        return state.side

    def moves(self, state: TicTacToeState, /) -> Seq[int]:
        return _MOVES[state.empty_mask()]

    def play(self, state: TicTacToeState, move: int, /) -> Status[TicTacToeState]:
        cell = move - 1
        cells = state.cells
        mark = 1 if state.side is Side.Maxie else -1
        new = cells[:cell] + (mark,) + cells[cell + 1 :]  # noqa: RUF005 - faster than unpacking
        for a, b, c in _LINES_THROUGH[cell]:
            if new[a] == new[b] == new[c]:
                return Done(Winner(state.side))
        if 0 not in new:
            return Done(Draw())
        return Playing(TicTacToeState(new, Side.Minnie if mark == 1 else Side.Maxie))

    def state_to_string(self, state: TicTacToeState, /) -> str:
        def show(i: int) -> str:
            v = state.cells[i]
            return "X" if v == 1 else "O" if v == -1 else str(i + 1)

        rows = [" | ".join(show(r * 3 + c) for c in range(3)) for r in range(3)]
        mark = "X" if state.side is Side.Maxie else "O"
        return (
            "\n---+---+---\n".join(f" {row}" for row in rows) + f"\n{state.side} ({mark}) to move"
        )

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def key(self, state: TicTacToeState, /) -> tuple[tuple[int, ...], Side]:
        """The same key for the eight positions the board's symmetries make of this one.

        Rotations and reflections change nothing about who can win, so a
        transposition table may answer for all eight at once.

        >>> game = TicTacToe()
        >>> one, five, nine = (game.play(game.start, cell).state for cell in (1, 5, 9))
        >>> game.key(one) == game.key(nine) != game.key(five)
        True
        """
        cells = state.cells
        return min([transform(cells) for transform in _TRANSFORMS]), state.side

    def parse_move(self, state: TicTacToeState, text: str, /) -> int | None:
        text = text.strip()
        if len(text) != 1 or text not in "123456789":
            return None
        move = int(text)
        return move if state.cells[move - 1] == 0 else None

    def why_illegal(self, state: TicTacToeState, text: str, /) -> str:
        """Why ``text`` is not a legal move: not a cell digit, or a taken cell."""
        stripped = text.strip()
        if len(stripped) == 1 and stripped in "123456789":
            return f"cell {stripped} is taken"
        return f"'{text}' is not a cell: type one digit from 1 to 9"


def open_lines(state: TicTacToeState) -> float:
    """Lines still open for Maxie (no O) minus lines still open for Minnie (no X)."""
    cells = state.cells
    score = 0
    for a, b, c in LINES:
        line = (cells[a], cells[b], cells[c])
        if -1 not in line:
            score += 1
        if 1 not in line:
            score -= 1
    return score


def tictactoe_estimator(game: Game[TicTacToeState, int]) -> NumericEstimator[TicTacToeState, int]:
    """Counts open lines: :func:`open_lines` with the standard order."""
    return NumericEstimator(game, open_lines)


def centre_mark(state: TicTacToeState) -> float:
    """1 when X holds the centre, -1 when O does, 0 when it is empty."""
    return state.cells[4]


def corner_marks(state: TicTacToeState) -> float:
    """X's corners minus O's."""
    cells = state.cells
    return cells[0] + cells[2] + cells[6] + cells[8]


def open_threats(state: TicTacToeState) -> float:
    """Maxie's lines of two marks and a gap minus Minnie's: each wins at its owner's next move.

    >>> game = TicTacToe()
    >>> state = game.start
    >>> for cell in (1, 5, 2):
    ...     state = game.play(state, cell).state  # type: ignore[union-attr]
    >>> open_threats(state)  # X X _ on the top row; O's centre has no partner yet
    1
    """
    cells = state.cells
    score = 0
    for a, b, c in LINES:
        # Marks are 1, -1 and 0, so a line sums to 2 only as two X and a gap.
        line = cells[a] + cells[b] + cells[c]
        if line == 2:
            score += 1
        elif line == -2:
            score -= 1
    return score


def tictactoe_weighted(
    game: Game[TicTacToeState, int],
    *,
    lines: float = 1,
    centre: float = 2,
    corners: float = 1,
    threats: float = 4,
) -> WeightedEstimator[TicTacToeState, int]:
    """A weighted estimator: open lines, the centre, the corners and threats.

    The centre lies on four lines and a corner on three, against an edge's
    two; a threat wins at its owner's next move unless it is blocked first.
    Against :func:`tictactoe_estimator` at depths 1 to 3, from every
    two-move opening with each side moving first, these weights won more
    games than they lost.  A weight of 0 switches its feature off:
    ``centre=0, corners=0, threats=0`` is :func:`tictactoe_estimator`.
    """
    evaluation = WeightedSum(
        [
            (
                lines,
                Feature("open lines", open_lines, "lines open to Maxie - lines open to Minnie"),
            ),
            (centre, Feature("centre", centre_mark, "1 for X in the centre, -1 for O")),
            (corners, Feature("corners", corner_marks, "X's corners - O's corners")),
            (threats, Feature("threats", open_threats, "two in a line and a gap, X's - O's")),
        ]
    )
    return WeightedEstimator(game, evaluation)


def _typecheck() -> None:
    """mypy checks here that TicTacToe satisfies the GAME signature."""
    _: Game[TicTacToeState, int] = TicTacToe()
