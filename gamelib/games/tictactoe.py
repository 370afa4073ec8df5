"""Tic-tac-toe: Maxie (X) moves first; three in a line wins; a full board is a draw.

A move is a cell, numbered 1 to 9 row by row from the top left, and typed
as that single digit: the board shows each empty cell's digit, so the
number to type is the one on the square.  Anything else (two numbers, a
taken cell, 0, 10) is rejected with the reason.  Moves are offered in
square order, 1 to 9.

A state ([`TicTacToeState`][gamelib.games.tictactoe.TicTacToeState]) keeps each side's cells as a
9-bit int, bit `i` for cell `i + 1`: a move sets one bit, and "holds a line",
"lines still open" and "the moves left" are each one lookup in a table of
the 512 sets of cells, so a move costs a few integer operations.  The
cells as marks (`state.cells`) are worked out when asked for.

```pycon
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

```
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, final

from gamelib import seq
from gamelib.core.datatypes import Done, Draw, Playing, Side, Status, Winner
from gamelib.core.estimator import NumericEstimator
from gamelib.core.game import Game
from gamelib.core.svg import Svg, circle, line, text
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
    "tictactoe_picture",
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
"""The eight lines, as 0-based cell indices (cell `i` is typed as `i + 1`)."""

# A set of cells is a 9-bit int: bit i is cell i (typed i + 1).  Tables indexed by
# such a set answer, in one lookup, what a loop over the lines would.
_FULL = 0b111_111_111
_LINE_MASKS = tuple(1 << a | 1 << b | 1 << c for a, b, c in LINES)
_CORNERS = 1 << 0 | 1 << 2 | 1 << 6 | 1 << 8
_CENTRE = 1 << 4

_HOLDS_A_LINE: tuple[bool, ...] = tuple(
    any(mask & line == line for line in _LINE_MASKS) for mask in range(512)
)
"""`_HOLDS_A_LINE[pieces]`: whether the cells `pieces` include a whole line."""
_LINES_FREE_OF: tuple[int, ...] = tuple(
    sum(1 for line in _LINE_MASKS if not mask & line) for mask in range(512)
)
"""`_LINES_FREE_OF[pieces]`: how many lines hold none of the cells `pieces`."""
_PAIRS: tuple[int, ...] = tuple(
    sum(1 << i for i, line in enumerate(_LINE_MASKS) if (mask & line).bit_count() == 2)
    for mask in range(512)
)
"""`_PAIRS[pieces]`: the lines (bit i for `LINES[i]`) holding two of the cells `pieces`."""
_UNTOUCHED: tuple[int, ...] = tuple(
    sum(1 << i for i, line in enumerate(_LINE_MASKS) if not mask & line) for mask in range(512)
)
"""`_UNTOUCHED[pieces]`: the lines (bit i for `LINES[i]`) holding none of `pieces`."""

# One shared sequence of moves per set of empty cells.
_MOVES: tuple[Seq[int], ...] = tuple(
    seq.from_iterable(tuple(cell + 1 for cell in range(9) if mask >> cell & 1))
    for mask in range(512)
)

_MAXIE, _MINNIE = Side.Maxie, Side.Minnie
_MAXIE_WINS = Done(Winner(Side.Maxie))
_MINNIE_WINS = Done(Winner(Side.Minnie))
_DRAW = Done(Draw())


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


_IMAGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << i for i, came in enumerate(order) if mask >> came & 1) for mask in range(512))
    for order in _symmetries()
)
"""`_IMAGES[t][cells]`: the set of cells `cells` moved by the symmetry `t`."""
_KEYS: dict[int, int] = {}
"""The symmetric key of each board met so far (at most 3^9 of them), by `x | o << 9`."""


_new_state = tuple.__new__
"""Makes a state from its bits, without `TicTacToeState.__new__` (which reads cells)."""


class _Bits(NamedTuple):
    """A state's fields (the bits); `TicTacToeState` adds the cells."""

    x: int
    """X's cells (Maxie's), as a 9-bit set: bit `i` is cell `i` (typed `i + 1`)."""
    o: int
    """O's cells (Minnie's)."""
    side: Side
    """The side to move."""


@final
class TicTacToeState(_Bits):
    """The nine cells and the side to move: `TicTacToeState(cells, side)`.

    `cells` are row by row from the top left, 1 for X, -1 for O, 0 for
    empty.  Inside, each side's cells are a 9-bit int (`x` and `o`), so
    that a move, the win test and the moves left are a few integer
    operations and table lookups.  Immutable and hashable; two states are
    equal exactly when they have the same cells and side.

    ```pycon
    >>> TicTacToeState((1, 0, 0, 0, -1, 0, 0, 0, 0), Side.Maxie)
    TicTacToeState(cells=(1, 0, 0, 0, -1, 0, 0, 0, 0), side=<Side.Maxie>)

    ```
    """

    __slots__ = ()

    def __new__(cls, cells: Sequence[int], side: Side) -> TicTacToeState:
        if len(cells) != 9 or not all(v in (1, -1, 0) for v in cells):
            raise ValueError(f"cells must be 9 marks, each 1, -1 or 0, got {cells!r}")
        x = sum(1 << i for i, v in enumerate(cells) if v == 1)
        o = sum(1 << i for i, v in enumerate(cells) if v == -1)
        return _new_state(cls, (x, o, side))

    def __getnewargs__(self) -> tuple[tuple[int, ...], Side]:
        # pickle rebuilds a state from what __new__ takes, not from its bits.
        return self.cells, self.side

    def __repr__(self) -> str:
        return f"TicTacToeState(cells={self.cells}, side={self.side!r})"

    def _repr_svg_(self) -> str:
        """The board as a notebook draws it (`tictactoe_picture`)."""
        return tictactoe_picture(self).text

    @property
    def cells(self) -> tuple[int, ...]:
        """Row by row from the top left: 1 for X, -1 for O, 0 for empty."""
        x, o, _ = self
        return tuple((x >> i & 1) - (o >> i & 1) for i in range(9))

    def empty_mask(self) -> int:
        """Bit `i` is set when cell `i` (typed `i + 1`) is empty."""
        return _FULL ^ (self.x | self.o)


@final
@dataclass(frozen=True, slots=True)
class TicTacToe:
    """The 3 x 3 game, Maxie (X) first."""

    @property
    def start(self) -> TicTacToeState:
        return _new_state(TicTacToeState, (0, 0, _MAXIE))

    def player(self, state: TicTacToeState, /) -> Side:
        return state.side

    def moves(self, state: TicTacToeState, /) -> Seq[int]:
        return _MOVES[_FULL ^ (state.x | state.o)]

    def play(self, state: TicTacToeState, move: int, /) -> Status[TicTacToeState]:
        x, o, side = state
        taken = x | o
        bit = 1 << (move - 1)  # a ValueError for a move below 1
        if taken & bit or bit > _FULL:
            raise ValueError(f"cell {move} is taken or off the board")
        if side is _MAXIE:
            x |= bit
            if _HOLDS_A_LINE[x]:
                return _MAXIE_WINS
            if taken | bit == _FULL:
                return _DRAW
            return Playing(_new_state(TicTacToeState, (x, o, _MINNIE)))
        o |= bit
        if _HOLDS_A_LINE[o]:
            return _MINNIE_WINS
        if taken | bit == _FULL:
            return _DRAW
        return Playing(_new_state(TicTacToeState, (x, o, _MAXIE)))

    def state_to_string(self, state: TicTacToeState, /) -> str:
        cells = state.cells

        def show(i: int) -> str:
            v = cells[i]
            return "X" if v == 1 else "O" if v == -1 else str(i + 1)

        rows = [" | ".join(show(r * 3 + c) for c in range(3)) for r in range(3)]
        mark = "X" if state.side is Side.Maxie else "O"
        return (
            "\n---+---+---\n".join(f" {row}" for row in rows) + f"\n{state.side} ({mark}) to move"
        )

    def final_position(self, state: TicTacToeState, move: int, /) -> str:
        """The board after `move`, which ended the game (no one is to move)."""
        x, o, side = state
        bit = 1 << (move - 1)
        after = (x | bit, o, _MINNIE) if side is _MAXIE else (x, o | bit, _MAXIE)
        return self.state_to_string(_new_state(TicTacToeState, after)).rsplit("\n", 1)[0]

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def key(self, state: TicTacToeState, /) -> int:
        """The same key for the eight positions the board's symmetries make of this one.

        Rotations and reflections change nothing about who can win, so a
        transposition table may answer for all eight at once.  The key is the
        smallest of the eight images' numbers (X's cells, then O's above
        them), and one more bit for the side to move.

        ```pycon
        >>> game = TicTacToe()
        >>> one, five, nine = (game.play(game.start, cell).state for cell in (1, 5, 9))
        >>> game.key(one) == game.key(nine) != game.key(five)
        True

        ```
        """
        x, o, side = state
        board = x | o << 9
        found = _KEYS.get(board)
        if found is None:
            found = min(image[x] | image[o] << 9 for image in _IMAGES)
            _KEYS[board] = found
        return found << 1 | (side is _MINNIE)

    def parse_move(self, state: TicTacToeState, text: str, /) -> int | None:
        text = text.strip()
        if len(text) != 1 or text not in "123456789":
            return None
        move = int(text)
        return None if (state.x | state.o) >> (move - 1) & 1 else move

    def why_illegal(self, state: TicTacToeState, text: str, /) -> str:
        """Why `text` is not a legal move: not a cell digit, or a taken cell."""
        stripped = text.strip()
        if len(stripped) == 1 and stripped in "123456789":
            return f"cell {stripped} is taken"
        return f"'{text}' is not a cell: type one digit from 1 to 9"


def open_lines(state: TicTacToeState) -> float:
    """Lines still open for Maxie (no O) minus lines still open for Minnie (no X)."""
    return _LINES_FREE_OF[state.o] - _LINES_FREE_OF[state.x]


def tictactoe_estimator(game: Game[TicTacToeState, int]) -> NumericEstimator[TicTacToeState, int]:
    """Counts open lines: `open_lines` with the standard order."""
    return NumericEstimator(game, open_lines)


def centre_mark(state: TicTacToeState) -> float:
    """1 when X holds the centre, -1 when O does, 0 when it is empty."""
    return (state.x & _CENTRE).bit_count() - (state.o & _CENTRE).bit_count()


def corner_marks(state: TicTacToeState) -> float:
    """X's corners minus O's."""
    return (state.x & _CORNERS).bit_count() - (state.o & _CORNERS).bit_count()


def open_threats(state: TicTacToeState) -> float:
    """Maxie's lines of two marks and a gap minus Minnie's: each wins at its owner's next move.

    ```pycon
    >>> game = TicTacToe()
    >>> state = game.start
    >>> for cell in (1, 5, 2):
    ...     state = game.play(state, cell).state  # type: ignore[union-attr]
    >>> open_threats(state)  # X X _ on the top row; O's centre has no partner yet
    1

    ```
    """
    x, o, _ = state
    return (_PAIRS[x] & _UNTOUCHED[o]).bit_count() - (_PAIRS[o] & _UNTOUCHED[x]).bit_count()


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
    Against [`tictactoe_estimator`][gamelib.games.tictactoe.tictactoe_estimator] at depths 1 to 3,
    from every two-move opening with each side moving first, these weights won more
    games than they lost.  A weight of 0 switches its feature off:
    `centre=0, corners=0, threats=0` is
    [`tictactoe_estimator`][gamelib.games.tictactoe.tictactoe_estimator].
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


def tictactoe_picture(state: TicTacToeState) -> Svg:
    """The board as a picture: the grid, X's crosses red, O's rings blue, each cell with
    the number a move there is typed as (in grey, when empty), and the side to move.

    ```pycon
    >>> state = TicTacToeState((1, 0, 0, 0, -1, 0, 0, 0, 0), Side.Maxie)
    >>> marks = [line for line in tictactoe_picture(state).text.splitlines()
    ...          if 'class="mark' in line]
    >>> [line.split('data-cell="')[1][0] for line in marks]  # X's two strokes in 1, O in 5
    ['1', '1', '5']

    ```
    """
    size = 60
    parts = []
    for k in (1, 2):
        parts.append(line(k * size, 4, k * size, 3 * size - 4, "grid"))
        parts.append(line(4, k * size, 3 * size - 4, k * size, "grid"))
    for i, mark in enumerate(state.cells):
        x, y = (i % 3) * size, (i // 3) * size
        if mark == 1:
            parts.append(line(x + 14, y + 14, x + size - 14, y + size - 14, "mark-x", cell=i + 1))
            parts.append(line(x + size - 14, y + 14, x + 14, y + size - 14, "mark-x", cell=i + 1))
        elif mark == -1:
            parts.append(circle(x + size / 2, y + size / 2, size / 2 - 14, "mark-o", cell=i + 1))
        else:
            parts.append(text(x + size / 2 - 4, y + size / 2 + 4, str(i + 1), "empty-number"))
    side = state.side
    mark_of = "X" if side is Side.Maxie else "O"
    parts.append(text(4, 3 * size + 18, f"{side} ({mark_of}) to move"))
    return Svg.of(3 * size, 3 * size + 26, parts, f"tic-tac-toe: {side} to move")
