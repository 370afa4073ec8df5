"""Connect Four's packed positions: the exact solver's fast path through the game.

[`ConnectFour.packing`][gamelib.games.connect4.ConnectFour.packing] offers them (see
[`gamelib.search.packed`][gamelib.search.packed] for the capability).  A packed position is
five ints, `(mover, both, mine, theirs, plies)`:

- `mover` and `both`: the side to move's pieces and every piece, in the first layout
  of the board (a column's cells neighbouring bits, Pons's layout) and, above it, the
  same board mirrored, so the key of a position and of its mirror image is one `min`;
- `mine` and `theirs`: the cells of the board where one more piece of the side to move, and of the
  other side, would make `k` in a line ([`threat_bits`][gamelib.games.connect4_board.threat_bits]).
  A side's threats change only when it plays, so each is worked out once, by the move
  that made it, and handed down;
- `plies`: the moves played, so a move that fills the board is seen to draw.

Expanding a position finds a win with the next move from `mine`, the opponent's
wins from `theirs`, and so the moves that do not hand the opponent a win (only the
block when the opponent threatens one cell, none when two), the ones that leave the
most threats first, centre first among equals (the order `ConnectFour.solver_moves`
takes from here, for solves through the contract).  The threats each candidate
leaves are found for every candidate at once, copies of the board side by side in one
int, and they are the child's `theirs`.

```pycon
>>> from gamelib.games.connect4 import ConnectFour
>>> game = ConnectFour(cols=5, rows=4)
>>> state = game.start
>>> for column in (1, 1, 2):
...     state = game.play(state, column).state  # type: ignore[union-attr]
>>> packing = connect4_packing(game.board)
>>> position = packing.pack(state)
>>> packing.key(position) == game.key(state), position[4]  # the same key; 3 plies played
(True, 3)
>>> bin(position[3])  # the threat cells of X, not to move: none (X X needs two more)
'0b0'
>>> foresight, moves, children = packing.expand(position, None, True)
>>> foresight, list(moves)  # no move makes O a threat: the centre-out order
(<Foresight.PLAY>, [2, 1, 3, 0, 4])

```
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from operator import mul
from typing import TYPE_CHECKING, TypeAlias

from gamelib.games.connect4_board import Board, lead_with, open_columns, threat_finder
from gamelib.search.packed import Expansion, Foresight, Packing

if TYPE_CHECKING:
    from gamelib.games.connect4 import ConnectFourState

__all__ = ["Position", "connect4_packing"]

Position: TypeAlias = tuple[int, int, int, int, int]
"""A packed position: `(mover, both, mine, theirs, plies)` (see the module)."""

_WIN, _LOSE, _PLAY = Foresight.WIN, Foresight.LOSE, Foresight.PLAY
_MOST_SPREADS = 1 << 18


@functools.cache
def connect4_packing(board: Board) -> Packing[ConnectFourState, int, Position]:
    """The packed positions of Connect Four on `board` (worked out once per board)."""
    cols, height = board.cols, board.rows + 1
    cells, bottoms, top, size = board.first, board.bottoms, board.top, board.size
    column, stride = board.column, board.stride
    repeats, centre = board.repeats, board.centre_out
    mirror = cols * height  # where the mirrored board begins in `mover` and `both`
    # A column's bit, moved to the same cell of the mirrored board.
    to_mirror = tuple(mirror + (cols - 1 - 2 * c) * height for c in range(cols))
    offsets = tuple(i * stride for i in range(cols + 1))
    threats = threat_finder(height, board.k)
    # A candidate's sort key: the threats it leaves, then its place centre-out (reversed),
    # in the low `place` bits.
    place = cols.bit_length()
    low = (1 << place) - 1
    alone = tuple((c,) for c in range(cols))  # a column as the only candidate
    # For a set of safe cells (one at most in a column): the candidates' columns, centre
    # first, and their cells spread to one copy of the board each.
    spreads: dict[int, tuple[tuple[int, ...], int, int]] = {}

    def spread(safe: int) -> tuple[tuple[int, ...], int, int]:
        """The columns of the `safe` cells, centre first; the cells, the i-th in the i-th
        copy of the board; and the int that copies a board as many times."""
        if len(spreads) >= _MOST_SPREADS:
            spreads.clear()  # a bound on the memory; the ones still wanted come back
        candidates = tuple(c for c in centre if safe & column[c])
        placed = 0
        for i, c in enumerate(candidates):
            placed |= (safe & column[c]) << offsets[i]
        found = (candidates, placed, repeats[len(candidates)])
        spreads[safe] = found
        return found

    def pack(state: ConnectFourState) -> Position:
        mine, theirs = state.mover & cells, state.other & cells
        shift = board.mirror  # where the state's own mirrored layout begins
        mine_mirrored = state.mover >> shift & cells
        both_mirrored = (state.mover | state.other) >> shift & cells
        return (
            mine | mine_mirrored << mirror,
            mine | theirs | both_mirrored << mirror,
            threats(mine) & cells,
            threats(theirs) & cells,
            state.plies,
        )

    def key(position: Position) -> int:
        mover, both = position[0], position[1]
        plain = (mover & cells) + (both & cells)
        mirrored = (mover >> mirror) + (both >> mirror)
        return plain if plain < mirrored else mirrored

    def expand(position: Position, first: int | None, wanted: bool) -> Expansion[int, Position]:
        mover, both, mine_threats, their_threats, plies = position
        mine, filled = mover & cells, both & cells
        playable = (filled + bottoms) & cells  # the lowest empty cell of each column
        wins = mine_threats & playable
        if wins:
            return _WIN, (((wins & -wins).bit_length() - 1) // height,), ()
        empty = cells ^ filled
        danger = their_threats & empty
        safe = playable & ~(danger >> 1)  # not under a cell where the opponent would win
        forced = playable & danger
        if forced:  # the one block, or nothing when there are two threats
            safe = 0 if forced & (forced - 1) else safe & forced
        if not safe:
            return _LOSE, (open_columns(board, top & filled)[0],), ()
        if not wanted:
            return _PLAY, (), ()
        other = both ^ mover
        plies += 1
        if not safe & (safe - 1):  # one safe cell (a block, often): nothing to rank
            c = (safe.bit_length() - 1) // height
            if plies == size:
                return _PLAY, alone[c], (None,)
            after = (
                other,
                both | safe | safe << to_mirror[c],
                their_threats,
                threats(mine | safe) & cells,
                plies,
            )
            return _PLAY, alone[c], (after,)
        candidates, placed, repeat = spreads.get(safe) or spread(safe)
        # More than one candidate: two cells at least are empty, no move fills the board.
        # Copies by multiplying: through `mul`, a call, because a multiplication of long
        # ints checks for Ctrl-C, and compiled (make accelerate) an operator could not
        # pass the KeyboardInterrupt on.
        left = threats(mul(mine, repeat) | placed)  # each candidate's threats, side by side
        live = left & (mul(empty, repeat) ^ placed)  # the ones on cells still empty
        # Most threats first, then centre first: a sort of ints, count and place packed.
        ranked = [
            (live >> offsets[i] & cells).bit_count() << place ^ low - i
            for i in range(len(candidates))
        ]
        ranked.sort(reverse=True)
        moves = [candidates[low - (r & low)] for r in ranked]
        if first is not None and moves[0] != first and first in candidates:
            lead_with(first, moves, ranked)  # the table's move goes first
        return (
            _PLAY,
            moves,
            children(ranked, candidates, safe, other, both, their_threats, left, plies),
        )

    def children(
        ranked: list[int],
        candidates: tuple[int, ...],
        safe: int,
        other: int,
        both: int,
        their_threats: int,
        left: int,
        plies: int,
    ) -> Iterator[Position]:
        """The positions the ranked candidates lead to, each made when the search gets to
        it (most searches stop at the first)."""
        for r in ranked:
            i = low - (r & low)
            c = candidates[i]
            cell = safe & column[c]
            yield (
                other,
                both | cell | cell << to_mirror[c],
                their_threats,
                left >> offsets[i] & cells,
                plies,
            )

    return Packing(pack, key, expand)
