"""The geometry of a Connect Four board, as bitboards: worked out once per size, then
built whole as a frozen [`Board`][gamelib.games.connect4_board.Board].

[`ConnectFour`][gamelib.games.connect4.ConnectFour] and
[`WindowConnectFour`][gamelib.games.connect4_windows.WindowConnectFour] play on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import final

__all__ = [
    "MAX_BOARD_MB",
    "Board",
    "board_megabytes",
    "lead_with",
    "open_columns",
    "threat_bits",
    "threat_finder",
]

MAX_BOARD_MB = 128
"""The most memory a board's geometry may take, in MB.  Its lines (every place a player
can fill k in a row) are kept as bit masks over the whole board, so the memory grows as
the fourth power of the board's side: about 1.6 MB at 32 x 32, 79 MB at 100 x 100 (and
2 s to build), 1.3 GB at 200 x 200.  About 110 x 110 is the largest square that fits."""


def board_megabytes(cols: int, rows: int) -> int:
    """About how many MB the geometry of a `cols` x `rows` board takes (measured with
    tracemalloc: 0.8 bytes for each cell and each bit of a cell's masks)."""
    return cols * rows * cols * (rows + 1) * 4 // 5 // 2**20


def _run_shifts(k: int) -> tuple[int, ...]:
    """Shifts that turn a set of bits into the starts of its runs of `k` (by doubling)."""
    shifts = []
    have = 1
    while have < k:
        step = min(have, k - have)
        shifts.append(step)
        have += step
    return tuple(shifts)


@final
@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """The geometry of a `cols` x `rows` board with `k` to win, computed once per shape
    (`Board.of`) and then built whole, as a frozen record.

    Cell `r * cols + c` is column `c`, row `r` (row 0 at the bottom); in
    the bits, cell (c, r) of the first layout is bit `c * (rows + 1) + r`.
    """

    cols: int
    rows: int
    k: int
    windows: tuple[tuple[int, ...], ...] = field(repr=False)
    """Every run of `k` cells in a row, column or diagonal, as cell numbers."""
    centre_out: tuple[int, ...] = field(repr=False)
    """Columns, centre first, then alternately left and right."""
    bottom: tuple[int, ...] = field(repr=False)
    """For each column, the bit of its bottom cell (first layout)."""
    column: tuple[int, ...] = field(repr=False)
    """For each column, the bits of its cells (first layout)."""
    bottoms: int = field(repr=False)
    """Every column's bottom bit."""
    top: int = field(repr=False)
    """The bits of the top row (first layout): a column is full when its bit is set."""
    first: int = field(repr=False)
    """Every cell's bit in the first layout."""
    lines_of: tuple[int, ...] = field(repr=False)
    """A cell's bits in every layout, by the `bit_length` of its first-layout bit."""
    starts: int = field(repr=False)
    """The first bit of every window, each window once (the mirror layout left out)."""
    even_rows: int = field(repr=False)
    """Every layout's bits of the cells on rows 0, 2, 4, ... (1st, 3rd, ... from the bottom)."""
    middle: int = field(repr=False)
    """The first layout's bits of the middle column (both middle columns when even)."""
    mirror: int = field(repr=False)
    """Where the mirrored first layout begins."""
    shifts: tuple[int, ...] = field(repr=False)
    """Shifts that find runs of `k` (see `_run_shifts`)."""
    size: int = field(repr=False)
    """Cells on the board."""
    stride: int = field(repr=False)
    """How far apart copies of the first layout sit when several are searched at once."""
    repeats: tuple[int, ...] = field(repr=False)
    """`repeats[n]`: a 1 at the start of each of `n` copies (multiply to copy `n` times)."""

    @staticmethod
    def of(cols: int, rows: int, k: int) -> Board:
        """The board of that shape: computed the first time, then shared.

        ```pycon
        >>> from gamelib.games.connect4 import ConnectFour
        >>> Board.of(7, 6, 4) is ConnectFour().board, len(Board.of(7, 6, 4).windows)
        (True, 69)

        ```
        """
        return _board(cols, rows, k)

    def __reduce__(self) -> tuple[object, tuple[int, int, int]]:
        # One Board per shape, so that states compare equal after a trip through pickle.
        return _board, (self.cols, self.rows, self.k)


@functools.cache
def _board(cols: int, rows: int, k: int) -> Board:
    """The geometry of a `cols` x `rows` board with `k` to win: computed here, once per
    shape, then built as one frozen `Board`."""
    windows: list[tuple[int, ...]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(cols):
            for r in range(rows):
                end_c, end_r = c + dc * (k - 1), r + dr * (k - 1)
                if 0 <= end_c < cols and 0 <= end_r < rows:
                    windows.append(tuple((r + dr * i) * cols + c + dc * i for i in range(k)))
    height = rows + 1

    def cell(c: int, r: int) -> int:
        return r * cols + c

    columns = [[cell(c, r) for r in range(rows)] for c in range(cols)]
    lines_by_row = [[cell(c, r) for c in range(cols)] for r in range(rows)]
    rising = [
        [cell(c + i, r + i) for i in range(min(cols - c, rows - r))]
        for c, r in [(0, r) for r in reversed(range(rows))] + [(c, 0) for c in range(1, cols)]
    ]
    falling = [
        [cell(c + i, r - i) for i in range(min(cols - c, r + 1))]
        for c, r in [(0, r) for r in range(rows)] + [(c, rows - 1) for c in range(1, cols)]
    ]
    bits = [0] * (cols * rows)
    starts = 0
    offset = 0
    layouts = (columns, lines_by_row, [d for d in rising if len(d) >= k])
    for lines in (*layouts, [d for d in falling if len(d) >= k]):
        for line in lines:
            for i, at in enumerate(line):
                bits[at] |= 1 << (offset + i)
            for i in range(len(line) - k + 1):
                starts |= 1 << (offset + i)
            offset += len(line) + 1  # a gap: no run crosses from one line to the next
    mirror = offset
    for c in range(cols):
        for r in range(rows):
            bits[cell(c, r)] |= 1 << (mirror + (cols - 1 - c) * height + r)
    lines_of = [0] * (cols * height + 1)
    for c in range(cols):
        for r in range(rows):
            lines_of[c * height + r + 1] = bits[cell(c, r)]
    even_rows = 0
    for r in range(0, rows, 2):
        for c in range(cols):
            even_rows |= bits[cell(c, r)]
    middle = 0
    for c in {cols // 2, (cols - 1) // 2}:
        middle |= ((1 << rows) - 1) << (c * height)
    stride = cols * height + k * (height + 1) + 1  # no shift of threat_bits reaches further
    return Board(
        cols=cols,
        rows=rows,
        k=k,
        windows=tuple(windows),
        centre_out=tuple(sorted(range(cols), key=lambda c: (abs(2 * c - cols + 1), c))),
        bottom=tuple(1 << (c * height) for c in range(cols)),
        column=tuple(((1 << rows) - 1) << (c * height) for c in range(cols)),
        bottoms=sum(1 << (c * height) for c in range(cols)),
        top=sum(1 << (c * height + rows - 1) for c in range(cols)),
        first=sum(((1 << rows) - 1) << (c * height) for c in range(cols)),
        lines_of=tuple(lines_of),
        starts=starts,
        even_rows=even_rows,
        middle=middle,
        mirror=mirror,
        shifts=_run_shifts(k),
        size=cols * rows,
        stride=stride,
        repeats=tuple(sum(1 << (i * stride) for i in range(n)) for n in range(cols + 1)),
    )


@functools.cache
def open_columns(board: Board, full: int) -> tuple[int, ...]:
    """The open columns of `board` (`full`: the top bits of the full ones), centre first.

    ```pycon
    >>> board = Board.of(5, 4, 4)
    >>> open_columns(board, 0), open_columns(board, board.top & board.column[2])
    ((2, 1, 3, 0, 4), (1, 3, 0, 4))

    ```
    """
    return tuple(c for c in board.centre_out if not full & board.column[c])


def lead_with(first: int, moves: list[int], ranked: list[int]) -> None:
    """Move `first` (one of `moves`), and its sort key in `ranked` beside it, to the
    front: the table's move is tried first, the rest keep their order.

    ```pycon
    >>> moves, ranked = [2, 1, 3], [30, 20, 10]
    >>> lead_with(3, moves, ranked)
    >>> moves, ranked
    ([3, 2, 1], [10, 30, 20])

    ```
    """
    at = moves.index(first)
    moves.insert(0, moves.pop(at))
    ranked.insert(0, ranked.pop(at))


def threat_bits(board: Board, pieces: int) -> int:
    """The cells (empty or not, and bits beyond the board) where one more of `pieces`
    would make `k` in a line, in the first layout: AND with the empty cells for the
    cells that win.

    For each direction, a cell wins when the k - 1 cells of some window
    around it are all `pieces`: ANDs of shifted copies, one per place the
    cell can take in the window.  Copies of the board `board.stride` bits
    apart are worked on side by side, each on its own.
    """
    return threat_finder(board.rows + 1, board.k)(pieces)


@functools.cache
def threat_finder(height: int, k: int) -> Callable[[int], int]:
    """`threat_bits` for boards of columns `height` bits apart (rows + 1) with `k` to win,
    as one function: for k = 4 written out, with its shifts fixed (Pons's way)."""
    if k == 4:
        v, h, u, d = 1, height, height + 1, height - 1  # up, along, the two diagonals
        v2, v3, h2, h3, u2, u3, d2, d3 = 2 * v, 3 * v, 2 * h, 3 * h, 2 * u, 3 * u, 2 * d, 3 * d

        def four(p: int) -> int:
            found = (p << v) & (p << v2) & (p << v3)  # three below
            # For each other direction: two on one side and a third on either end (the
            # neighbours' shifts are made once and used twice).
            before, after = p << h, p >> h
            found |= before & (p << h2) & ((p << h3) | after)
            found |= after & (p >> h2) & (before | (p >> h3))
            before, after = p << u, p >> u
            found |= before & (p << u2) & ((p << u3) | after)
            found |= after & (p >> u2) & (before | (p >> u3))
            before, after = p << d, p >> d
            found |= before & (p << d2) & ((p << d3) | after)
            found |= after & (p >> d2) & (before | (p >> d3))
            return found

        return four

    def any_k(pieces: int) -> int:
        found = 0
        for step in (1, height, height - 1, height + 1):
            for place in range(k):  # where the empty cell is in the window
                cells = -1
                for i in range(k):
                    if i != place:
                        shift = (i - place) * step
                        cells &= pieces >> shift if shift > 0 else pieces << -shift
                found |= cells
        return found

    return any_k
