"""A transposition table's entries as arrays of machine words, for the compiled solver.

[`gamelib.algorithms.packed_search`][gamelib.algorithms.packed_search] searches Connect
Four's positions in machine words when it runs compiled (the solver's hot modules, this
one among them, are compiled by mypyc when gamelib is installed where a C compiler is).
Its table's entries are then one array of machine words (mypyc's `vec[i64]`, from the
`librt` package that comes with mypy), a slot's key and value side by side, rather than
the table's dictionary of named tuples: a probe reads a number where the dictionary
hashed a boxed key and followed pointers to a tuple and its fields, and a store writes
two numbers where it made a tuple.  Side by side, the key and the value a probe reads
share a line of the memory cache: on a big board the table is far bigger than the
caches, and a probe costs one trip to the memory, not two.
It is Pons's layout, with one difference: the slots are searched along from a key's home,
so that a table that is not full keeps every entry, as the dictionary does, and the
compiled and the pure solver search the same positions.

```pycon
>>> store = WordTable(3)  # room for 3 entries: 7 slots, the first prime from 6
>>> store.slots, store.held, store.capacity
(7, 0, 3)
>>> big = WordTable(1_000_000)  # starts at 131,101 slots, grows to 2,000,003
>>> big.slots, big.most
(131101, 2000003)

```
"""

from __future__ import annotations

from typing import Final, final

try:  # a plain try: mypyc compiles an import inside it as written
    # mypyc's runtime library and machine-word types, installed with mypy: a compiled
    # build has them (and a pure one with mypy can make a WordTable, slowly)
    from librt.vecs import append, vec
    from mypy_extensions import i64
except ImportError:  # pure Python without it: no WordTable is made (see packed_search)
    pass

__all__ = ["EMPTY", "WordTable"]


EMPTY: Final = -1
"""The key of a free slot of a `WordTable` (keys are not negative)."""


def _prime_from(n: int) -> int:
    """The smallest prime at least `n` (and at least 2)."""
    n = max(n, 2)
    while any(n % d == 0 for d in range(2, int(n**0.5) + 1)):
        n += 1
    return n


_FIRST = 1 << 17
"""Slots a table starts with (fewer when its capacity asks for fewer)."""


def _filled(slots: i64) -> vec[i64]:
    """`slots` slots, each a free key and a zero value."""
    cells = vec[i64](capacity=2 * slots)
    i: i64 = 0
    while i < slots:
        cells = append(cells, EMPTY)
        cells = append(cells, 0)
        i += 1
    return cells


@final
class WordTable:
    """A table's entries as an array of machine words, for the search at the word
    level (see `TranspositionTable.words`; compiled only).

    `cells[2 * i]` is the key held in slot `i` (`EMPTY`: none) and `cells[2 * i + 1]`
    what was found there, packed into one number (see `_Search.words_search`).  A key's
    home is the slot `key % slots` (`slots`, a prime: a board's keys share their low bits
    far more often than chance would, and a power of two crowds them into long runs); it
    is kept there or in the next slot along that is free (wrapping round), so that, until
    `capacity` keys are held, every key stored is found again, as in the table's own
    entries: the same positions are searched as in pure Python.  A table starts with few slots and
    doubles them (`grow`) as it fills, keeping more than twice as many slots as keys, up
    to `most`, the first prime from twice `capacity`.  Once `capacity` keys are held, a
    new key takes its home from the key there (an eviction), or is not kept when its
    home is free.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity: i64 = capacity
        self.most: i64 = _prime_from(2 * capacity)
        """The slots of the full-grown table."""
        self.slots: i64 = min(self.most, _prime_from(_FIRST))
        self.cells = _filled(self.slots)
        self.held: int = 0
        """Keys held."""

    def grow(self) -> None:
        """Twice the slots (at most `most`), every entry kept: a table starts small, so
        that a short solve does not pay for the room a long one needs."""
        cells, old = self.cells, self.slots
        slots: i64 = min(self.most, _prime_from(2 * old))
        into = _filled(slots)
        self.cells = into
        self.slots = slots
        i: i64 = 0
        while i < old:
            key: i64 = cells[2 * i]
            if key != EMPTY:
                slot: i64 = key % slots
                while into[2 * slot] != EMPTY:
                    slot += 1
                    if slot == slots:
                        slot = 0
                into[2 * slot] = key
                into[2 * slot + 1] = cells[2 * i + 1]
            i += 1

    def clear(self) -> None:
        """Forget every entry."""
        cells = self.cells
        i: i64 = 0
        while i < self.slots:
            cells[2 * i] = EMPTY
            i += 1
        self.held = 0
