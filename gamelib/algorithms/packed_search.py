"""The exact solver's search through a game's packed positions: its fast path.

[`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve] drives it, with MTD(f),
when the game offers packed positions ([`gamelib.search.packed`][gamelib.search.packed]) and
no depth or move order is asked for.  It is the solver's search through the game's
contract with three differences: the moves that lose at once are not searched, each
window is narrowed to what a position with no win and no loss in one move can hold, and
the table is probed and filled in place (its rules kept), its counts settled at the end.

This module is kept apart so that it can be compiled with mypyc (`make accelerate`); the
pure-Python module is the default.  The search is a method of a final class rather than a
closure: compiled, a method calls itself as a C function, where a closure would call
itself through Python, its ints boxed and its arguments parsed at every position.  As
Python the two cost the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from types import CodeType
from typing import TYPE_CHECKING, Final, Generic, TypeVar, cast, final

from gamelib.algorithms import word_table
from gamelib.algorithms.table import Entry, TranspositionTable
from gamelib.algorithms.word_table import EMPTY, WordTable
from gamelib.search import packed_methods
from gamelib.search.events import BoundKind
from gamelib.search.packed import Expansion, Foresight, Packing, breathe
from gamelib.search.packed_methods import NativePosition, PackedMethods

if TYPE_CHECKING:
    from mypy_extensions import i64

if TYPE_CHECKING:
    from librt.vecs import vec

__all__ = ["compiled", "no_entry", "packed_search", "tell_nobody"]

S = TypeVar("S")
M = TypeVar("M")


def compiled() -> bool:
    """Whether the solver's hot modules run compiled by mypyc (done by the install where
    it can, or `make accelerate`): this one,
    [`gamelib.search.packed_methods`][gamelib.search.packed_methods], the class whose
    methods it calls as C functions, and its table of machine words
    ([`gamelib.algorithms.word_table`][gamelib.algorithms.word_table]).  (A game's
    packing compiled with them says so itself: Connect Four's
    [`running_compiled`][gamelib.games.connect4_native.running_compiled].)"""
    return all(
        not path.endswith(".py")
        for path in (__file__, packed_methods.__file__, word_table.__file__)
    )


_LOOK = 1 << 13
"""Positions between two looks for signals (see `breathe`): some milliseconds, compiled."""


def no_entry(key: Hashable, /) -> None:
    """No table: no entry for any key."""
    return None


def tell_nobody(positions: int, /) -> None:
    """No one asked how far the solve has come."""


def packed_search(
    packing: Packing[S, M, object],
    table: TranspositionTable[M, int] | None,
    progress: Callable[[int], None] | None,
    every: int,
    big: int,
) -> tuple[
    Callable[[S, int, int, int], tuple[int, M]],
    Callable[[], int],
    Callable[[], None],
    CodeType | None,
]:
    """One solve's search through `packing` (see the module), a win now worth `big`.

    Returns `(top, positions, settle, code)`: `top(state, ply, alpha, beta)` searches
    a state at the top of a null-window test, giving its value (fail-soft, counted from
    the root) and the best move found; `positions()` counts the positions searched so
    far; `settle()` adds the table probes and stores made so far to its counts (call it
    when the solve ends, stopped or not); `code` is the recursive function's code (None
    when compiled), to name it when Python's stack runs out.

    Two null-window tests, as MTD(f) makes them, on 4 x 4 with 3 in a row (no table):

    ```pycon
    >>> from gamelib.algorithms.exact import BIG
    >>> from gamelib.games.connect4 import ConnectFour
    >>> from gamelib.search.packed import packing_of
    >>> game = ConnectFour(cols=4, rows=4, k=3)
    >>> packing = packing_of(game)
    >>> assert packing is not None
    >>> top, positions, settle, code = packed_search(packing, None, None, 1, BIG)
    >>> value, move = top(game.start, 0, BIG - 10, BIG - 9)  # a win in 9 plies or sooner?
    >>> BIG - value, move, positions()  # yes: in 9, starting in column 2 (index 1)
    (9, 1, 26)
    >>> value, move = top(game.start, 0, BIG - 8, BIG - 7)  # in 7 or sooner?
    >>> BIG - value, positions()  # no: at most a win in 9
    (9, 106)

    ```
    """
    run: _Search[M] = _Search(
        packing.key, packing.expand, packing.methods, table, progress, every, big
    )
    pack = packing.pack
    by_words = run.word is not None

    def top(s: S, ply: int, alpha: int, beta: int) -> tuple[int, M]:
        p = pack(s)
        if by_words:
            w = cast(NativePosition, p)
            value = run.words_search(
                w.mover, w.both, w.threats, w.their_threats, w.plies, ply, alpha, beta, True
            )
            return value, cast(M, run.chosen_word)
        value = run.search(p, ply, alpha, beta, True)
        found = run.chosen
        assert found is not None  # a top search always keeps a move
        return value, found

    # A method compiled by mypyc has no code object (nor a frame of its own).
    code: CodeType | None = getattr(run.search, "__code__", None)
    return top, run.counted, run.settle, code


_EXACT: Final = BoundKind.EXACT
_LOWER: Final = BoundKind.LOWER
_UPPER: Final = BoundKind.UPPER
_WIN: Final = Foresight.WIN
_LOSE: Final = Foresight.LOSE
_make: Final = tuple.__new__
"""Entries made straight from their fields: a named tuple's own __new__ is a Python
function, and this takes half its time."""


@final
class _Search(Generic[M]):
    """One solve's search through packed positions and what it has counted (see
    `packed_search`): a class, so that mypyc calls `search` from itself natively."""

    __slots__ = (
        "big",
        "capacity",
        "cells",
        "chosen",
        "chosen_word",
        "due",
        "entries",
        "every",
        "evictions",
        "expand",
        "get",
        "held",
        "hits",
        "key_of",
        "look",
        "overwrites",
        "positions",
        "probes",
        "ranked",
        "refused",
        "report",
        "size",
        "slots",
        "stores",
        "table",
        "tell",
        "width",
        "won",
        "word",
        "word_store",
        "words",
    )

    cells: vec[i64]
    """The word table's slots, each a key and its value (word level with a table only)."""

    def __init__(
        self,
        key_of: Callable[[object], int],
        expand: Callable[[object, M | None, bool], Expansion[M, object]],
        methods: PackedMethods[M, object] | None,
        table: TranspositionTable[M, int] | None,
        progress: Callable[[int], None] | None,
        every: int,
        big: int,
    ) -> None:
        self.key_of = key_of
        self.expand = expand
        # The packing's methods, when it offers them, called as such: compiled, a C call each.
        self.words = methods
        self.big = big
        self.won = big // 2  # values beyond this (either way) are wins and losses
        self.table = table
        self.entries = table.entries() if table is not None else None
        self.capacity = table.capacity if table is not None else 0
        self.get: Callable[[int], Entry[M, int] | None] = (
            self.entries.get if self.entries is not None else no_entry
        )
        self.tell: Callable[[int], None] = progress if progress is not None else tell_nobody
        self.every = every
        # Every LOOK positions, and every `every` when progress is asked for, the search
        # stops by `reached`: Python code runs there, so a compiled search sees Ctrl-C in time.
        self.due = every if progress is not None else -1  # positions at the next report
        self.look = _LOOK  # positions at the next look for signals
        self.report = min(self.due, self.look) if self.due > 0 else self.look
        self.chosen: M | None = None  # the best move found at the top of the last search
        self.positions = self.probes = self.hits = self.stores = 0
        self.overwrites = self.evictions = self.refused = 0
        # The word level (see PackedMethods): positions as machine words, the table's entries
        # in one array of numbers (`WordTable`), the ranked moves of every ply in one list.
        self.word: PackedMethods[M, object] | None = (
            methods if methods is not None and methods.word_level() and compiled() else None
        )
        self.chosen_word: i64 = -1
        self.word_store: WordTable | None = None
        self.slots: i64 = 1
        self.held: i64 = 0
        self.width: i64 = 0
        self.size: i64 = 0
        self.ranked: list[i64] = []
        if self.word is not None:
            self.width = self.word.word_width()
            self.size = self.word.word_size()
            self.ranked = [0] * ((self.size + 2) * self.width)
            if table is not None:
                store = table.words(WordTable)
                self.word_store = store
                self.cells = store.cells
                self.slots, self.held = store.slots, store.held

    def words_search(
        self,
        mover: i64,
        both: i64,
        threats: i64,
        their_threats: i64,
        plies: i64,
        ply: i64,
        alpha: i64,
        beta: i64,
        top: bool,
    ) -> i64:
        """`search` at the word level: the same positions, moves and values, with the
        position's words as arguments and the table's entries in a `WordTable` (a value
        packed as `(value + big + 1) << 8 | bound << 6 | best move`).  The table is
        probed after the foresight, not before: a position it settles (a win with the
        next move, or a loss to the opponent's) is never stored, so fewer probes are
        counted than `search` counts, each of them a miss there."""
        word = self.word
        assert word is not None
        big: i64 = self.big
        best_possible: i64 = big - ply - 1
        if not top:
            if beta > best_possible:
                beta = best_possible
                if alpha >= beta:
                    return beta
            if alpha < -best_possible:
                alpha = -best_possible
                if alpha >= beta:
                    return alpha
        # The foresight before the table: a position won or lost within two plies is
        # never stored (its search ends here), so probing for it would only miss, and on
        # a big board a probe is a trip to the memory.
        safe: i64 = word.word_safe(mover, both, threats, their_threats)
        if safe == -1:  # a win with the next move
            n = self.positions + 1
            self.positions = n
            if n == self.report:
                self.reached()
            if top:
                self.chosen_word = self.named(mover, both, threats, their_threats, plies)
            return best_possible
        if safe == 0:  # every move lets the opponent win with the next
            if top:
                self.chosen_word = self.named(mover, both, threats, their_threats, plies)
            return 1 - best_possible
        key: i64 = 0
        first: i64 = -1
        if self.word_store is not None:
            cells = self.cells
            key = word.word_key(mover, both)
            self.probes += 1
            slots: i64 = self.slots
            slot: i64 = key % slots
            held: i64 = cells[2 * slot]
            while held != key and held != EMPTY:
                slot += 1
                if slot == slots:
                    slot = 0
                held = cells[2 * slot]
            if held == key:
                self.hits += 1
                packed: i64 = cells[2 * slot + 1]
                first = packed & 63
                if not top:
                    v: i64 = (packed >> 8) - big - 1
                    won: i64 = self.won
                    if v > won:
                        v -= ply
                    elif v < -won:
                        v += ply
                    kind: i64 = (packed >> 6) & 3
                    if kind == 0:
                        return v
                    if kind == 1:
                        if v >= beta:
                            return v
                        if v > alpha:
                            alpha = v
                    else:
                        if v <= alpha:
                            return v
                        if v < beta:
                            beta = v
        if not top:
            if beta > best_possible - 2:
                beta = best_possible - 2
                if alpha >= beta:
                    return beta
            if alpha < 3 - best_possible:
                alpha = 3 - best_possible
                if alpha >= beta:
                    return alpha
        ranked = self.ranked
        at: i64 = ply * self.width
        count: i64 = word.word_rank(mover, both, safe, ranked, at)
        if first >= 0 and word.word_move(ranked[at]) != first:  # the table's move first
            j: i64 = 1
            while j < count and word.word_move(ranked[at + j]) != first:
                j += 1
            if j < count:
                lead: i64 = ranked[at + j]
                while j > 0:
                    ranked[at + j] = ranked[at + j - 1]
                    j -= 1
                ranked[at] = lead
        a: i64 = alpha
        best: i64 = -big - 1
        best_move: i64 = word.word_move(ranked[at])
        next_plies: i64 = plies + 1
        last: bool = next_plies == self.size
        opponent: i64 = both ^ mover
        i: i64 = 0
        while i < count:
            move: i64 = word.word_move(ranked[at + i])
            i += 1
            n = self.positions + 1
            self.positions = n
            if n == self.report:
                self.reached()
            x: i64 = 0
            if not last:
                cell: i64 = word.word_play(mover, safe, move)
                x = -self.words_search(
                    opponent,
                    both | cell,
                    their_threats,
                    word.word_threats(mover | cell),
                    next_plies,
                    ply + 1,
                    -beta,
                    -a,
                    False,
                )
            if x > best:
                best = x
                best_move = move
                if x > a:
                    a = x
                    if a >= beta:
                        break
        if top:
            self.chosen_word = best_move
        if self.word_store is not None:
            self.keep(key, best, alpha, beta, ply, best_move)
        return best

    def keep(self, key: i64, best: i64, alpha: i64, beta: i64, ply: i64, move: i64) -> None:
        """Store what `words_search` found for `key` (see `WordTable`)."""
        cells = self.cells
        slots: i64 = self.slots
        home: i64 = key % slots
        slot: i64 = home
        held: i64 = cells[2 * slot]
        while held != key and held != EMPTY:
            slot += 1
            if slot == slots:
                slot = 0
            held = cells[2 * slot]
        if held == key:
            self.overwrites += 1
        elif self.held >= self.capacity:  # full: the key of the home slot makes room
            if cells[2 * home] == EMPTY:  # nothing to evict there: this entry goes at once
                self.stores += 1
                self.evictions += 1
                return
            slot = home
            cells[2 * slot] = key
            self.evictions += 1
        else:
            store = self.word_store
            if store is not None and 2 * (self.held + 1) > slots and slots < store.most:
                store.grow()  # more than twice the slots as keys, up to the table's size
                cells = self.cells = store.cells
                slots = self.slots = store.slots
                slot = key % slots
                while cells[2 * slot] != EMPTY:
                    slot += 1
                    if slot == slots:
                        slot = 0
            cells[2 * slot] = key
            self.held += 1
        won: i64 = self.won
        kind: i64 = 1 if best >= beta else 2 if best <= alpha else 0
        stored: i64 = best + ply if best > won else best - ply if best < -won else best
        cells[2 * slot + 1] = (stored + self.big + 1) << 8 | kind << 6 | move
        self.stores += 1

    def named(self, mover: i64, both: i64, threats: i64, their_threats: i64, plies: i64) -> i64:
        """The move a top search names at a position its foresight settles (the
        expansion's first move)."""
        word = self.word
        assert word is not None
        position = NativePosition(mover, both, threats, their_threats, plies)
        return cast(int, word.expand(position, None, False)[1][0])

    def search(self, p: object, ply: int, alpha: int, beta: int, top: bool = False) -> int:
        """As the contract core's `search`, on a packed position."""
        big = self.big
        best_possible = big - ply - 1
        if not top:
            if beta > best_possible:
                beta = best_possible
                if alpha >= beta:
                    return beta
            if alpha < -best_possible:
                alpha = -best_possible
                if alpha >= beta:
                    return alpha
        entries = self.entries
        words = self.words
        key = evicted = 0
        first: M | None = None
        entry: Entry[M, int] | None = None
        if entries is not None:
            if words is None:
                key_of = self.key_of  # a function in an attribute: called from a local,
                key = key_of(p)  # so Python's specialised attribute lookups apply
            else:
                key = words.key(p)
            self.probes += 1
            get = self.get
            entry = get(key)
            evicted = self.evictions
            if entry is not None:
                self.hits += 1
                first = entry.best
                if entry.depth == 0 and not top:
                    v = entry.value
                    won = self.won
                    if v > won:
                        v -= ply
                    elif v < -won:
                        v += ply
                    kind = entry.bound
                    if kind is _EXACT:
                        return v
                    if kind is _LOWER:
                        if v >= beta:
                            return v
                        if v > alpha:
                            alpha = v
                    else:
                        if v <= alpha:
                            return v
                        if v < beta:
                            beta = v
        # When the foresight alone settles the window, the moves need no ranking.
        wanted = top or (3 - best_possible < beta and alpha < best_possible - 2)
        if words is None:
            expand = self.expand
            foresight, moves, children = expand(p, first, wanted)
        else:
            foresight, moves, children = words.expand(p, first, wanted)
        if foresight is _WIN:
            n = self.positions + 1
            self.positions = n
            if n == self.report:
                self.reached()
            if top:
                self.chosen = moves[0]
            return best_possible
        if foresight is _LOSE:  # every move lets the opponent win with the next
            if top:
                self.chosen = moves[0]
            return 1 - best_possible
        if not top:
            # No win with this move, so none before the one after next; and a move that
            # keeps the opponent from winning with theirs, so no loss before their next.
            if beta > best_possible - 2:
                beta = best_possible - 2
                if alpha >= beta:
                    return beta
            if alpha < 3 - best_possible:
                alpha = 3 - best_possible
                if alpha >= beta:
                    return alpha
        a = alpha
        best = -big - 1
        best_move = moves[0]
        # Not zip(..., strict=True): mypyc makes a native loop of a zip of positional
        # arguments only, and the packings' tests hold them to a child for every move.
        for m, child in zip(moves, children):  # noqa: B905
            n = self.positions + 1
            self.positions = n
            if n == self.report:
                self.reached()
            x = 0 if child is None else -self.search(child, ply + 1, -beta, -a)
            if x > best:
                best, best_move = x, m
                if x > a:
                    a = x
                    if a >= beta:
                        break
        if top:
            self.chosen = best_move
        if entries is not None:
            # A position is not in its own subtree (the game is finite), so its entry is
            # still the one probed, unless the full table has evicted some entry since.
            held = entry if evicted == self.evictions else self.get(key)
            if held is not None and held.depth > 0:  # a deeper search's entry stays
                self.refused += 1
            else:
                if held is not None:
                    self.overwrites += 1
                elif len(entries) >= self.capacity:
                    entries.popitem(last=False)  # the oldest
                    self.evictions += 1
                won = self.won
                kind = _LOWER if best >= beta else _UPPER if best <= alpha else _EXACT
                stored = best + ply if best > won else best - ply if best < -won else best
                entries[key] = _make(Entry, (0, stored, kind, best_move))
                self.stores += 1
        return best

    def reached(self) -> None:
        """The search has come to `report` positions: report progress, look for signals."""
        positions = self.positions
        if positions == self.due:
            self.due += self.every
            self.tell(positions)
        if positions == self.look:
            self.look += _LOOK
            breathe()
        self.report = min(self.due, self.look) if self.due > 0 else self.look

    def counted(self) -> int:
        """Positions searched so far."""
        return self.positions

    def settle(self) -> None:
        """Add the table probes and stores made so far to its counts."""
        if self.word_store is not None:
            self.word_store.held = self.held
        if self.table is not None:
            self.table.tally(
                probes=self.probes,
                hits=self.hits,
                stores=self.stores,
                overwrites=self.overwrites,
                evictions=self.evictions,
                refused=self.refused,
            )
        self.probes = self.hits = self.stores = 0
        self.overwrites = self.evictions = self.refused = 0
