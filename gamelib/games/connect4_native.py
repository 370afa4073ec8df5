"""Connect Four's packed positions in machine words: the compiled build's fast path.

The same positions as [`gamelib.games.connect4_packed`][gamelib.games.connect4_packed],
expanded into the same moves in the same order, laid out so that every number fits in
63 bits when the board does (`cols * (rows + 1) <= 63`, as on 7 x 6): the mirror image
is found from the board when a key is wanted instead of riding in the upper half of each
number, and each candidate's threats are found on its own board instead of on copies side
by side.  Compiled by mypyc (`make accelerate`), the numbers are machine words and a
threat pass is a few dozen machine instructions, cheap enough to make again for the
child rather than keep; in pure Python the wide passes of `connect4_packed` are faster,
so [`ConnectFour.packing`][gamelib.games.connect4.ConnectFour.packing] picks this module
only when it runs compiled.  The tests hold the two to each other in either mode.

A position is a `NativePosition`: the five numbers of `connect4_packed`'s tuple in one
object, with no mirrored board in `mover` and `both`.

```pycon
>>> from gamelib.games.connect4 import ConnectFour
>>> from gamelib.games.connect4_packed import connect4_packing
>>> game = ConnectFour(cols=5, rows=4)
>>> state = game.play(game.play(game.start, 1).state, 2).state  # type: ignore[union-attr]
>>> words, wide = connect4_native_packing(game.board), connect4_packing(game.board)
>>> [p.key(p.pack(state)) == game.key(state) for p in (words, wide)]  # one table for both
[True, True]
>>> [list(p.expand(p.pack(state), None, True)[1]) for p in (words, wide)]  # the same order
[[2, 1, 3, 0, 4], [2, 1, 3, 0, 4]]
>>> words.pack(state).both == wide.pack(state)[1] & (1 << 5 * 5) - 1  # no mirror riding along
True

```
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, final

from gamelib.games.connect4_board import Board, lead_with, open_columns
from gamelib.search.packed import Expansion, Foresight, Packing
from gamelib.search.packed_methods import NativePosition, PackedMethods

if TYPE_CHECKING:
    from mypy_extensions import i64

    from gamelib.games.connect4 import ConnectFourState

__all__ = ["NativePosition", "Words", "connect4_native_packing", "fits", "running_compiled"]


_WIN, _LOSE, _PLAY = Foresight.WIN, Foresight.LOSE, Foresight.PLAY


def running_compiled() -> bool:
    """Whether this module runs compiled by mypyc (`make accelerate`)."""
    return not __file__.endswith(".py")


def fits(board: Board) -> bool:
    """Whether `board`'s positions fit in machine words here (63 bits and k = 4)."""
    return board.cols * (board.rows + 1) <= 63 and board.k == 4


def _popcount(x: i64) -> i64:
    """The set bits of `x` (not negative)."""
    count: i64 = 0
    while x:
        x &= x - 1
        count += 1
    return count


@functools.cache
def connect4_native_packing(board: Board) -> Packing[ConnectFourState, int, NativePosition]:
    """The packed positions of Connect Four on `board` in machine words (see `fits`): the
    methods of one [`Words`][gamelib.games.connect4_native.Words], offered as such too, for
    the compiled solver to call as C functions."""
    words = Words(board)
    return Packing(words.pack, words.key, words.expand, words)


@final
class Words(PackedMethods[int, NativePosition]):
    """Connect Four on one board in machine words: the packing's functions as methods of
    a final class, so that compiled they call each other, and the solver, which knows
    their base class ([`PackedMethods`][gamelib.search.packed_methods.PackedMethods]),
    calls them, as C functions (see `fits`).

    ```pycon
    >>> from gamelib.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> words = Words(game.board)
    >>> bin(words.threats(0b111))  # three stacked in the first column: the fourth wins
    '0b1000'
    >>> state = game.play(game.start, 3).state  # type: ignore[union-attr]
    >>> words.pack(state).fields()  # the other side to move, with one piece down
    (0, 2097152, 0, 0, 1)

    ```
    """

    def __init__(self, board: Board) -> None:
        if not fits(board):
            raise ValueError(f"a {board.cols} x {board.rows} board does not fit in machine words")
        self.board = board
        self.cols: i64 = board.cols
        self.height: i64 = board.rows + 1
        self.cells: i64 = board.first
        self.bottoms: i64 = board.bottoms
        self.top: i64 = board.top
        self.size: i64 = board.size
        self.column: list[i64] = list(board.column)
        self.centre: tuple[int, ...] = board.centre_out
        self.full_column: i64 = (1 << self.height) - 1
        self.place: i64 = board.cols.bit_length()
        self.low: i64 = (1 << self.place) - 1
        self.alone: tuple[tuple[int], ...] = tuple((c,) for c in range(board.cols))
        # The word level: a column's place in `centre`, and the columns' cells centre first.
        self.order_of: list[i64] = [board.centre_out.index(c) for c in range(board.cols)]
        self.centre_columns: list[i64] = [board.column[c] for c in board.centre_out]

    def threats(self, p: i64) -> i64:
        """`threat_bits` for k = 4, on the cells of the board: `threat_finder`'s pass,
        typed for machine words (a call to the shared one would go through Python ints)."""
        h: i64 = self.height
        u: i64 = h + 1
        d: i64 = h - 1
        found: i64 = (p << 1) & (p << 2) & (p << 3)
        before: i64 = p << h
        after: i64 = p >> h
        found |= before & (p << 2 * h) & ((p << 3 * h) | after)
        found |= after & (p >> 2 * h) & (before | (p >> 3 * h))
        before = p << u
        after = p >> u
        found |= before & (p << 2 * u) & ((p << 3 * u) | after)
        found |= after & (p >> 2 * u) & (before | (p >> 3 * u))
        before = p << d
        after = p >> d
        found |= before & (p << 2 * d) & ((p << 3 * d) | after)
        found |= after & (p >> 2 * d) & (before | (p >> 3 * d))
        return found & self.cells

    def pack(self, state: ConnectFourState) -> NativePosition:
        """A state as a position."""
        # A state's pieces hold every layout of the board, far wider than a machine word:
        # the first layout is cut out as Python ints.
        first = self.board.first
        mine = state.mover & first
        theirs = state.other & first
        return NativePosition(
            mine, mine | theirs, self.threats(mine), self.threats(theirs), state.plies
        )

    def key(self, position: NativePosition) -> int:
        """A position's table key: `ConnectFour.key` of its state."""
        return self.word_key(position.mover, position.both)

    def word_level(self) -> bool:
        """Offered: see [`PackedMethods`][gamelib.search.packed_methods.PackedMethods]."""
        return True

    def word_width(self) -> i64:
        """The columns."""
        return self.cols

    def word_size(self) -> i64:
        """The cells."""
        return self.size

    def word_threats(self, pieces: i64) -> i64:
        """`threats`."""
        return self.threats(pieces)

    def word_safe(self, mover: i64, both: i64, threats: i64, their_threats: i64) -> i64:
        """-1 for a win now, 0 for a loss next, else the safe cells (as `expand` finds them)."""
        cells: i64 = self.cells
        playable: i64 = (both + self.bottoms) & cells
        if threats & playable:
            return -1
        danger: i64 = their_threats & (cells ^ both)
        safe: i64 = playable & ~(danger >> 1)
        forced: i64 = playable & danger
        if forced:
            safe = 0 if forced & (forced - 1) else safe & forced
        return safe

    def word_rank(self, mover: i64, both: i64, safe: i64, into: list[i64], at: i64) -> i64:
        """The safe cells' columns ranked into `into[at:]` as `expand` orders them."""
        low: i64 = self.low
        if not safe & (safe - 1):  # one safe cell: nothing to rank
            into[at] = low - self.order_of[_lowest(safe) // self.height]
            return 1
        empty: i64 = self.cells ^ both
        columns = self.centre_columns
        cols: i64 = self.cols
        place: i64 = self.place
        n: i64 = 0
        i: i64 = 0
        while i < cols:  # centre first; a candidate's sort key is its threats, then its place
            cell: i64 = safe & columns[i]
            if cell:
                r: i64 = _popcount(self.threats(mover | cell) & (empty ^ cell)) << place ^ low - i
                j: i64 = at + n
                while j > at and into[j - 1] < r:  # insertion, best first
                    into[j] = into[j - 1]
                    j -= 1
                into[j] = r
                n += 1
            i += 1
        return n

    def word_move(self, ranked: i64) -> i64:
        """The column a ranked number stands for."""
        low: i64 = self.low
        return self.centre[low - (ranked & low)]

    def word_play(self, mover: i64, safe: i64, move: i64) -> i64:
        """The safe cell of column `move`."""
        return safe & self.column[move]

    def word_key(self, mover: i64, both: i64) -> i64:
        """`key` of the position with these pieces."""
        # The mover's pieces plus every piece stays within each column, so the mirror
        # image of the sum is the sum of the mirror images.
        plain: i64 = mover + both
        cols: i64 = self.cols
        height: i64 = self.height
        full_column: i64 = self.full_column
        mirrored: i64 = 0
        c: i64 = 0
        while c < cols:
            mirrored |= (plain >> c * height & full_column) << (cols - 1 - c) * height
            c += 1
        return plain if plain < mirrored else mirrored

    def expand(
        self, position: NativePosition, first: int | None, wanted: bool
    ) -> Expansion[int, NativePosition]:
        """What a position holds (see `Packing.expand`)."""
        mine: i64 = position.mover
        filled: i64 = position.both
        cells: i64 = self.cells
        height: i64 = self.height
        playable: i64 = (filled + self.bottoms) & cells
        wins: i64 = position.threats & playable
        if wins:
            return _WIN, (_lowest(wins) // height,), ()
        empty: i64 = cells ^ filled
        danger: i64 = position.their_threats & empty
        safe: i64 = playable & ~(danger >> 1)
        forced: i64 = playable & danger
        if forced:
            safe = 0 if forced & (forced - 1) else safe & forced
        if not safe:
            return _LOSE, (open_columns(self.board, self.top & filled)[0],), ()
        if not wanted:
            return _PLAY, (), ()
        plies: i64 = position.plies + 1
        if not safe & (safe - 1):  # one safe cell: nothing to rank
            c = _lowest(safe) // height
            if plies == self.size:
                return _PLAY, self.alone[c], (None,)
            return _PLAY, self.alone[c], (self.child(position, safe, plies),)
        column = self.column
        centre = self.centre
        cols: i64 = self.cols
        place: i64 = self.place
        low: i64 = self.low
        ranked: list[int] = []
        i: i64 = 0
        while i < cols:  # centre first; a candidate's sort key is its threats, then its place
            cell: i64 = safe & column[centre[i]]
            if cell:
                count = _popcount(self.threats(mine | cell) & (empty ^ cell))
                ranked.append(count << place ^ low - i)
            i += 1
        ranked.sort(reverse=True)
        moves = [centre[low - (r & low)] for r in ranked]
        if first is not None and moves[0] != first and first in moves:
            lead_with(first, moves, ranked)  # the table's move goes first
        return _PLAY, moves, self.children(position, ranked, safe, plies)

    def child(self, position: NativePosition, cell: i64, plies: i64) -> NativePosition:
        """The position after the mover takes `cell`."""
        mover: i64 = position.mover
        both: i64 = position.both
        left: i64 = self.threats(mover | cell)
        return NativePosition(both ^ mover, both | cell, position.their_threats, left, plies)

    def children(
        self, position: NativePosition, ranked: list[int], safe: i64, plies: i64
    ) -> Iterator[NativePosition]:
        """The positions the ranked candidates lead to, made as the search gets to them
        (each candidate's threats found again: cheaper, compiled, than keeping them)."""
        column = self.column
        centre = self.centre
        low: i64 = self.low
        for r in ranked:
            yield self.child(position, safe & column[centre[low - (r & low)]], plies)


def _lowest(x: i64) -> i64:
    """The index of the lowest set bit of `x` (not zero)."""
    return int(x & -x).bit_length() - 1
