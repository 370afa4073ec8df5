"""Connect Four on any board, as bitboards: drop pieces into columns; k in a line wins.

The board has `cols` columns and `rows` rows (default 7 x 6) and `k` in a
row wins (default 4).  Maxie (X) moves first.  A move is a column's index,
0 to `cols - 1`; on the screen and at the prompt columns are numbered 1 to
`cols`, as players, Tromp and Pons number them.  Moves are offered
centre-out, the handout's order, because trying the centre first makes
alpha-beta prune more.  A full board with no line is a draw.

A state is a few Python ints ([`ConnectFourState`][gamelib.games.connect4.ConnectFourState]): the
pieces of the side to move and of the other side, each a set of bits, and the number of
plies played.  Each cell has a bit in four *lines layouts* packed into one
int: one where the cells of a column are neighbouring bits (the layout of
Pons and Tromp, which comes first, so a column is filled by one addition),
one for rows, one for each diagonal, and, last, the columns mirrored (which
gives the mirror image's key for free).  Between two lines there is an
empty bit.  So "k in a line" is the same test in every direction, k
neighbouring bits, done by shifting the whole int: a move costs a handful
of integer operations, and the handout estimate is counted from masks, with
no loop over windows.

```pycon
>>> game = ConnectFour(cols=4, rows=3, k=3)
>>> state = game.start
>>> for column in (1, 1, 2):
...     state = game.play(state, column).state  # type: ignore[union-attr]
>>> print(game.state_to_string(state))
 1 2 3 4
|. . . .|
|. O . .|
|. X X .|
Minnie (O) to move
>>> seq.to_list(game.moves(state))
[1, 2, 0, 3]
>>> window_score(state)  # the handout estimate, counted from the bits
28

```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias, cast, final

from gamelib import seq
from gamelib.core.checks import echo, whole_number
from gamelib.core.datatypes import Done, Draw, Playing, Side, Status, Winner
from gamelib.core.estimator import NumericEstimator
from gamelib.core.game import Game
from gamelib.core.svg import Svg, circle, rect, text
from gamelib.games.connect4_board import MAX_BOARD_MB, Board, board_megabytes, open_columns
from gamelib.games.connect4_native import connect4_native_packing, fits, running_compiled
from gamelib.games.connect4_packed import connect4_packing
from gamelib.search.packed import Foresight, Packing
from gamelib.seq import Seq
from gamelib.weighted import Feature, WeightedEstimator, WeightedSum

__all__ = [
    "ConnectFour",
    "ConnectFourState",
    "centre_control",
    "connect4_estimator",
    "connect4_picture",
    "connect4_weighted",
    "odd_even_threats",
    "window_score",
]

_PIECE = {1: "X", -1: "O", 0: "."}

_SIDES = (Side.Maxie, Side.Minnie)
_WINS = (Done(Winner(Side.Maxie)), Done(Winner(Side.Minnie)))
_DRAW = Done(Draw())


class ConnectFourState(NamedTuple):
    """A position: whose pieces are where, as bits (see the module), and the plies played.

    Immutable and hashable; two states are equal exactly when they are the
    same position on the same board.
    """

    mover: int
    """The pieces of the side to move, as bits of the board's layouts."""
    other: int
    """The pieces of the other side."""
    plies: int
    """Moves played: Maxie is to move when it is even."""
    board: Board
    """The board's geometry (shared by every state of one shape)."""

    @property
    def side(self) -> Side:
        """The side to move."""
        return _SIDES[self.plies & 1]

    @property
    def x(self) -> int:
        """Maxie's pieces (X), as bits."""
        return self.other if self.plies & 1 else self.mover

    @property
    def o(self) -> int:
        """Minnie's pieces (O), as bits."""
        return self.mover if self.plies & 1 else self.other

    @property
    def cells(self) -> tuple[int, ...]:
        """1 for X, -1 for O, 0 for empty, by cell number `row * cols + column`."""
        board = self.board
        x, o = self.x, self.o
        height = board.rows + 1
        return tuple(
            1 if x >> (c * height + r) & 1 else -1 if o >> (c * height + r) & 1 else 0
            for r in range(board.rows)
            for c in range(board.cols)
        )

    @property
    def heights(self) -> tuple[int, ...]:
        """Pieces in each column."""
        both = (self.mover | self.other) & self.board.first
        return tuple((both & column).bit_count() for column in self.board.column)

    @property
    def score(self) -> int:
        """The handout estimate ([`window_score`][gamelib.games.connect4.window_score])."""
        return window_score(self)

    def _repr_svg_(self) -> str:
        """The board as a notebook draws it (`connect4_picture`)."""
        return connect4_picture(self).text


_Packed: TypeAlias = "Packing[ConnectFourState, int, object]"
"""Connect Four's packed positions, as either packing makes them."""


@final
@dataclass(frozen=True, slots=True)
class ConnectFour:
    """Connect Four on a `cols` x `rows` board with `k` in a row to win.

    REQUIRES: `cols`, `rows` and `k` whole numbers of at least 1, `k` not
    larger than both dimensions, and a board whose geometry fits in
    `MAX_BOARD_MB` (about 110 x 110 at most; `ValueError` naming the bad value
    otherwise).
    """

    cols: int = 7
    """Columns: moves are their indexes 0..cols-1, shown and typed as 1..cols."""
    rows: int = 6
    """Rows."""
    k: int = 4
    """Pieces in a line needed to win."""
    board: Board = field(init=False, repr=False, compare=False)
    _move_seqs: dict[int, Seq[int]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        for name, value in (("cols", self.cols), ("rows", self.rows), ("k", self.k)):
            whole_number(value, name)  # an int, not a bool or a float, and at least 1
        megabytes = board_megabytes(self.cols, self.rows)
        if megabytes > MAX_BOARD_MB:
            name, value = ("cols", self.cols) if self.cols >= self.rows else ("rows", self.rows)
            size = f"about {megabytes:,} MB of" if megabytes < 10**12 else "far more"
            raise ValueError(
                f"{name} = {echo(value)} makes the board too big: its lines would take {size} "
                f"memory, more than the {MAX_BOARD_MB} MB gamelib gives a board (the memory "
                "grows as the fourth power of the board's side; about 110 x 110 fits)"
            )
        if self.k > max(self.cols, self.rows):
            raise ValueError(
                f"k = {self.k} cannot fit on a {self.cols} x {self.rows} board: "
                f"no line is longer than {max(self.cols, self.rows)}"
            )
        object.__setattr__(self, "board", Board.of(self.cols, self.rows, self.k))

    @property
    def start(self) -> ConnectFourState:
        return ConnectFourState(0, 0, 0, self.board)

    def player(self, state: ConnectFourState, /) -> Side:
        return _SIDES[state.plies & 1]

    def moves(self, state: ConnectFourState, /) -> Seq[int]:
        full = (state.mover | state.other) & self.board.top
        # One shared, persistent sequence per set of full columns.
        found = self._move_seqs.get(full)
        if found is None:
            found = seq.from_iterable(open_columns(self.board, full))
            self._move_seqs[full] = found
        return found

    def play(self, state: ConnectFourState, move: int, /) -> Status[ConnectFourState]:
        mover, other, plies, board = state
        # Adding the column's bottom bit carries up through its pieces to the first empty cell.
        bit = ((mover | other) + board.bottom[move]) & board.column[move]
        if not bit:
            raise ValueError(f"column {move + 1} is full")
        mover |= board.lines_of[bit.bit_length()]
        runs = mover
        for shift in board.shifts:
            runs &= runs >> shift
        if runs:
            return _WINS[plies & 1]
        plies += 1
        if plies == board.size:
            return _DRAW
        return Playing(_new_state(ConnectFourState, (other, mover, plies, board)))

    def key(self, state: ConnectFourState, /) -> int:
        """One number for a position and its mirror image (the board flipped left to right).

        The number is Pons's: the side to move's pieces plus every piece, in
        the first layout; the smaller of the two images' numbers is the key.
        """
        mover, other, _, board = state
        first = board.first
        both = mover | other
        shift = board.mirror
        return min(
            (mover & first) + (both & first), (mover >> shift & first) + (both >> shift & first)
        )

    def solver_moves(self, state: ConnectFourState, /) -> tuple[int, ...]:
        """Every legal move, in the order a solver should try them.

        A move that wins now comes first.  Then the moves that do not hand
        the opponent a win next move (when the opponent threatens to win
        now, only the move that blocks it; with two such threats there is
        none), the ones that make the most new threats first (empty cells
        where one more piece would make `k`), centre first among equals.
        Last, the moves that hand the opponent a win.
        """
        # One rule for the order, the packed positions' (the exact solver's fast path):
        # their expansion ranks the moves that do not lose at once; the rest follow.
        packing = self.packing()
        foresight, ranked, _ = packing.expand(packing.pack(state), None, True)
        centre = open_columns(self.board, self.board.top & (state.mover | state.other))
        if foresight is Foresight.LOSE:  # every move hands the opponent a win
            return centre
        first = tuple(ranked)
        if len(first) == len(centre):
            return first
        return first + tuple([c for c in centre if c not in first])

    def packing(self) -> Packing[ConnectFourState, int, object]:
        """Packed positions, the exact solver's fast path through the game: as Python ints
        ([`gamelib.games.connect4_packed`][gamelib.games.connect4_packed]), or in machine
        words when the build is compiled (`make accelerate`) and the board fits in one
        ([`gamelib.games.connect4_native`][gamelib.games.connect4_native]).  Either way
        the same moves in the same order; the positions are the packing's own."""
        board = self.board
        # Each packing takes back only the positions it made (a tuple of ints, or a
        # NativePosition), so both are given positions of type object: a Packing is
        # invariant in its positions.
        if running_compiled() and fits(board):
            return cast(_Packed, connect4_native_packing(board))
        return cast(_Packed, connect4_packing(board))

    def state_to_string(self, state: ConnectFourState, /) -> str:
        return _board_text(self.cols, self.rows, state.cells, state.side)

    def final_position(self, state: ConnectFourState, move: int, /) -> str:
        """The board after `move`, which ended the game (no one is to move)."""
        mover, other, plies, board = state
        bit = ((mover | other) + board.bottom[move]) & board.column[move]
        mover |= board.lines_of[bit.bit_length()]
        after = _new_state(ConnectFourState, (other, mover, plies + 1, board))
        return self.state_to_string(after).rsplit("\n", 1)[0]

    def move_to_string(self, move: int, /) -> str:
        return str(move + 1)

    def parse_move(self, state: ConnectFourState, text: str, /) -> int | None:
        typed = _typed_column(text)
        if typed is None:
            return None
        column = typed - 1
        if (
            0 <= column < self.cols
            and not (state.mover | state.other) & self.board.column[column] & self.board.top
        ):
            return column
        return None

    def why_illegal(self, state: ConnectFourState, text: str, /) -> str:
        """Why `text` is not a legal move: not a number, off the board, or a full column."""
        return _why_no_column(text, self.cols)


_new_state = tuple.__new__


def _board_text(cols: int, rows: int, cells: tuple[int, ...], side: Side) -> str:
    """`state_to_string` of both representations, from `ConnectFourState.cells`'s cells."""
    width = len(str(cols))
    lines = [" " + " ".join(str(c + 1).rjust(width) for c in range(cols))]
    for r in reversed(range(rows)):
        row = cells[r * cols : (r + 1) * cols]
        lines.append("|" + " ".join(_PIECE[v].rjust(width) for v in row) + "|")
    lines.append(f"{side} ({'X' if side is Side.Maxie else 'O'}) to move")
    return "\n".join(lines)


def _typed_column(text: str) -> int | None:
    """The column (1 the first) in `text`; None unless plain ASCII digits (not "+3", "1_0")."""
    digits = text.strip()
    return int(digits) if digits.isascii() and digits.isdigit() else None


def _why_no_column(text: str, cols: int) -> str:
    """`why_illegal` of both representations, on a board of `cols` columns."""
    column = _typed_column(text)
    if column is None:
        return f"'{text}' is not a column number"
    if not 1 <= column <= cols:
        return f"there is no column {column}: columns are 1–{cols}"
    return f"column {column} is full"


def _window_masks(board: Board, mine: int, theirs: int) -> list[int]:
    """For n = 0 .. k-1, the starts of the windows holding n of `mine` and none of `theirs`.

    Each window is a start bit and the k-1 bits after it, so shifting a set of
    pieces right by i lines up each window's i-th cell with its start: the
    counts are added up bit-parallel, one binary digit per int.
    """
    k = board.k
    blocked = theirs
    for i in range(1, k):
        blocked |= theirs >> i
    free = board.starts & ~blocked
    digits: list[int] = []  # digits[j]: the windows whose count has binary digit j set
    for i in range(k):
        carry = mine >> i
        for j, digit in enumerate(digits):
            digits[j] = digit ^ carry
            carry &= digit
        if carry:
            digits.append(carry)
    masks = []
    for n in range(k):
        found = free
        for j, digit in enumerate(digits):
            found &= digit if n >> j & 1 else ~digit
        if n >> len(digits):
            found = 0
        masks.append(found)
    return masks


def window_score(state: ConnectFourState) -> int:
    """The handout score: ±4^pieces for each window holding one side's pieces only.

    Counted from the bits: a window's start bit, shifted copies of the pieces
    lined up over it, and a bit-parallel adder give each window's count at
    once, and `bit_count` adds them up.
    """
    mover, other, plies, board = state
    x, o = (other, mover) if plies & 1 else (mover, other)
    if board.k != 4:
        score = 0
        for n, mask in enumerate(_window_masks(board, x, o)):
            score += 4**n * mask.bit_count() if n else 0
        for n, mask in enumerate(_window_masks(board, o, x)):
            score -= 4**n * mask.bit_count() if n else 0
        return score
    # k = 4, written out: the count of a window is a + b + c + d, its four cells.
    starts = board.starts
    x1, x2, x3 = x >> 1, x >> 2, x >> 3
    o1, o2, o3 = o >> 1, o >> 2, o >> 3
    # Two-bit sums of the cell pairs, then their sum: bit 0 is `low`, bit 1 is `high` (a
    # window with all four would carry into bit 2, but then the game is over).
    p, q, r = x ^ x1, x & x1, x2 ^ x3
    low = p ^ r
    high = q ^ (x2 & x3) ^ (p & r)
    free = starts & ~(o | o1 | o2 | o3)
    ones, twos = free & low, free & high
    score = 4 * ones.bit_count() + 16 * twos.bit_count() + 44 * (ones & twos).bit_count()
    p, q, r = o ^ o1, o & o1, o2 ^ o3
    low = p ^ r
    high = q ^ (o2 & o3) ^ (p & r)
    free = starts & ~(x | x1 | x2 | x3)
    ones, twos = free & low, free & high
    return score - 4 * ones.bit_count() - 16 * twos.bit_count() - 44 * (ones & twos).bit_count()


def connect4_estimator(
    game: Game[ConnectFourState, int],
) -> NumericEstimator[ConnectFourState, int]:
    """The handout estimator: `window_score` with the standard order."""
    return NumericEstimator(game, window_score)


_CELL = 40  # a cell's side in a picture, in pixels


def connect4_picture(state: ConnectFourState, last: int | None = None) -> Svg:
    """The board as a picture: X's discs red, O's yellow, on a blue board, the columns
    numbered as they are typed, and the side to move; `last` (a column, from 0), if given,
    rings the top disc of that column, the move just played.

    ```pycon
    >>> game = ConnectFour(cols=4, rows=4)
    >>> status = game.play(game.start, 1)
    >>> picture = connect4_picture(status.state, last=1)
    >>> for line in picture.text.splitlines():
    ...     if line.startswith("<circle") and ('"x"' in line or '"last"' in line):
    ...         print(line)
    <circle cx="65" cy="145" r="16" class="x" data-col="2" data-row="1"/>
    <circle cx="65" cy="145" r="18" class="last" data-col="2" data-row="1"/>

    ```
    """
    board = state.board
    cols, rows = board.cols, board.rows
    cells = state.cells
    parts = [rect(0, 0, cols * _CELL + 10, rows * _CELL + 10, "board")]
    for r in range(rows):
        for c in range(cols):
            kind = {1: "x", -1: "o", 0: "empty"}[cells[r * cols + c]]
            cx, cy = 5 + c * _CELL + _CELL / 2, 5 + (rows - 1 - r) * _CELL + _CELL / 2
            parts.append(circle(cx, cy, _CELL / 2 - 4, kind, col=c + 1, row=r + 1))
    if last is not None and 0 <= last < cols:
        height = state.heights[last]
        if height:
            cx, cy = 5 + last * _CELL + _CELL / 2, 5 + (rows - height) * _CELL + _CELL / 2
            parts.append(circle(cx, cy, _CELL / 2 - 2, "last", col=last + 1, row=height))
    for c in range(cols):
        parts.append(text(5 + c * _CELL + _CELL / 2 - 4, rows * _CELL + 24, str(c + 1)))
    side = state.side
    mark = "X" if side is Side.Maxie else "O"
    parts.append(text(5, rows * _CELL + 42, f"{side} ({mark}) to move"))
    title = f"Connect Four, {cols} x {rows}: {side} to move"
    return Svg.of(cols * _CELL + 10, rows * _CELL + 50, parts, title)


def centre_control(state: ConnectFourState) -> float:
    """Maxie's pieces in the middle column minus Minnie's (both middle columns when even).

    A piece in the middle lies in more windows than any other piece of its row.

    ```pycon
    >>> game = ConnectFour()
    >>> state = game.play(game.start, 3).state  # type: ignore[union-attr]
    >>> centre_control(state), centre_control(game.play(state, 3).state)  # type: ignore[union-attr]
    (1, 0)

    ```
    """
    middle = state.board.middle
    return (state.x & middle).bit_count() - (state.o & middle).bit_count()


def odd_even_threats(state: ConnectFourState) -> float:
    """Maxie's threats on odd rows minus Minnie's on even rows.

    A threat is a window one piece short of a line: `k - 1` pieces of one
    side and a gap.  Counting rows from 1 at the bottom, the side that moves
    first (Maxie) can usually force its way into a gap on an odd row late in
    the game, and the second side into one on an even row (the "zugzwang"
    of Connect Four theory); a threat in the wrong row is easier to defuse,
    so it is not counted.  A gap two windows share counts twice.  Found
    from the bits: a threat's window is one with `k - 1` pieces of one
    side and none of the other, and its gap is on an odd row when an empty
    cell of an odd row lies in it.

    ```pycon
    >>> game = ConnectFour()
    >>> state = game.start
    >>> for column in (2, 2, 3, 3, 4):
    ...     state = game.play(state, column).state  # type: ignore[union-attr]
    >>> odd_even_threats(state)  # X X X on row 1: the gaps at columns 2 and 6 are on row 1
    2

    ```
    """
    board = state.board
    x, o = state.x, state.o
    empty = ~(x | o)
    k = board.k
    odd_gaps = empty & board.even_rows  # rows 0, 2, ... counted from 0 are the odd rows
    even_gaps = empty & ~board.even_rows
    near_odd = near_even = 0
    for i in range(k):
        near_odd |= odd_gaps >> i
        near_even |= even_gaps >> i
    maxie = _window_masks(board, x, o)[k - 1]
    minnie = _window_masks(board, o, x)[k - 1]
    return (maxie & near_odd).bit_count() - (minnie & near_even).bit_count()


# --8<-- [start:weighted]
def connect4_weighted(
    game: Game[ConnectFourState, int],
    *,
    windows: float = 1,
    centre: float = 4,
    threats: float = 32,
) -> WeightedEstimator[ConnectFourState, int]:
    """A weighted estimator: the handout's window score, centre control and threats.

    The window score already counts a threat (64 when k = 4) and every
    window a middle piece lies in, so the other two only nudge it: half a
    threat more for one in the row that suits its owner
    ([`odd_even_threats`][gamelib.games.connect4.odd_even_threats]), a little for each middle piece.
    On 7 x 6, against the handout estimator at depths 4 to 6, from every two-move
    opening with each side moving first, these weights won more games than
    they lost.  A weight of 0 switches its feature off: `centre=0,
    threats=0` is the handout estimator.
    """
    evaluation = WeightedSum(
        [
            (windows, Feature("windows", window_score, "±4^pieces for each one-sided window")),
            (centre, Feature("centre", centre_control, "middle pieces, Maxie's - Minnie's")),
            (threats, Feature("threats", odd_even_threats, "threats in the right row, X's - O's")),
        ]
    )
    return WeightedEstimator(game, evaluation)


# --8<-- [end:weighted]
