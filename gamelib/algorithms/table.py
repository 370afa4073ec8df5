"""A transposition table: what a search learned about each position, for when it comes back.

In most games the same position is reached by different orders of moves
(the game is a DAG, not a tree).  A table remembers, for each position's
key ([`gamelib.search.state_key`][gamelib.search.capabilities.state_key]), an
[`Entry`][gamelib.algorithms.table.Entry]: how deep it was searched, the value found with its kind
(exact, at least, at most; see [`gamelib.search.BoundKind`][gamelib.search.events.BoundKind]), and
the best move.

Using an entry safely is the searcher's job, and the rules are these
(see [`Entry.answers`][gamelib.algorithms.table.Entry.answers]):

- an entry searched *less deep* than the question never answers it;
- an exact value answers any window;
- a lower bound answers only when it is at least β, an upper bound only
  when it is at most α; otherwise a bound can only narrow the window;
- and, for the empty window (m, m) of a null-window test, a bound must
  settle the test's own question: "more than m?" (an *open* search) is
  settled by an upper bound at most m or a lower bound above m; "at least
  m?" (a *closed* one) by a lower bound at least m or an upper bound below
  m.  (For α < β this adds nothing.)

The table holds at most `capacity` entries.  Its replacement rule, when a
position is stored again, keeps the entry from the *deeper* search (a tie
goes to the newer one); when a new position arrives at a full table, the
*oldest* entry (first stored) makes room.  It counts probes, hits, stores,
overwrites and evictions.

```pycon
>>> table: TranspositionTable[int, int] = TranspositionTable(2)
>>> table.store("a", Entry(3, 7, BoundKind.EXACT, 1))
>>> table.store("a", Entry(1, 9, BoundKind.EXACT, 0))  # shallower: kept out
>>> table.probe("a")
Entry(depth=3, value=7, bound=<BoundKind.EXACT>, best=1)
>>> table.store("b", Entry(1, 0, BoundKind.LOWER, None))
>>> table.store("c", Entry(1, 0, BoundKind.UPPER, None))  # full: "a", the oldest, goes
>>> table.probe("a") is None, len(table), table.stats
(True, 2, TableStats(probes=2, hits=1, stores=3, overwrites=0, evictions=1, refused=1))

```
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, NamedTuple, Protocol, TypeVar, cast, final

from gamelib.core.checks import echo, echo_value
from gamelib.core.contracts import underlying
from gamelib.core.datatypes import GREATER, LESS, Order
from gamelib.core.window import Infinity
from gamelib.errors import InputError
from gamelib.search.events import BoundKind

__all__ = [
    "Entry",
    "TableOwnerError",
    "TableStats",
    "TranspositionTable",
    "WordStore",
    "table_of",
]

M = TypeVar("M")
V = TypeVar("V")


class TableOwnerError(InputError, ValueError):
    """A transposition table filled by a search of one game, handed to a search of another."""


class Entry(NamedTuple, Generic[M, V]):
    """What one search of one position found.

    A named tuple rather than a frozen dataclass: a solve makes one for most positions
    it searches, and a tuple is made in a quarter of the time.
    """

    depth: int
    """How many moves deep the position was searched."""
    value: V
    """The value found, from the point of view of the side to move there."""
    bound: BoundKind
    """Whether `value` is the position's value or a bound on it."""
    best: M | None
    """The move that gave `value`, if one did."""

    def answers(
        self,
        depth: int,
        alpha: Infinity | V,
        beta: Infinity | V,
        compare: Callable[[V, V], Order],
        closed: bool = False,
    ) -> bool:
        """Whether this entry settles a search `depth` deep with the window (α, β).

        `closed` is for a search that stops at a move reaching β even when it
        only equals α (a test "at least β?"): a lower bound equal to β settles
        it, an upper bound equal to α does not.

        REQUIRES: `value`, `alpha` and `beta` are from the same side's point of view.
        """
        if self.depth < depth:
            return False
        match self.bound:
            case BoundKind.EXACT:
                return True
            case BoundKind.LOWER:  # at least this: enough if it reaches β (and is above α)
                return (
                    not isinstance(beta, Infinity)
                    and compare(self.value, beta) is not LESS
                    and (
                        closed
                        or isinstance(alpha, Infinity)
                        or compare(self.value, alpha) is GREATER
                    )
                )
            case BoundKind.UPPER:  # at most this: enough if it does not beat α
                return (
                    not isinstance(alpha, Infinity)
                    and compare(self.value, alpha) is not GREATER
                    and (
                        not closed
                        or isinstance(beta, Infinity)
                        or compare(self.value, beta) is LESS
                    )
                )


@final
@dataclass(frozen=True, slots=True)
class TableStats:
    """What a table has been through."""

    probes: int
    """Lookups."""
    hits: int
    """Lookups that found an entry for the position (whether or not it answered)."""
    stores: int
    """Entries stored, new or in place of an older one."""
    overwrites: int
    """Stores that replaced the entry of the same position."""
    evictions: int
    """Entries dropped to make room for another position."""
    refused: int
    """Stores not made, because the entry held came from a deeper search."""


class WordStore(Protocol):
    """Entries a solver core keeps in a form of its own (see `TranspositionTable.words`)."""

    held: int
    """Entries held."""

    def __init__(self, capacity: int) -> None:
        """Room for `capacity` entries."""

    def clear(self) -> None:
        """Forget every entry."""


W = TypeVar("W", bound=WordStore)


@final
class TranspositionTable(Generic[M, V]):
    """At most `capacity` entries, by position key; see the module for the rules.

    REQUIRES: `capacity >= 1` (`ValueError` naming it otherwise).
    """

    __slots__ = (
        "_entries",
        "_evictions",
        "_hits",
        "_overwrites",
        "_owner",
        "_probes",
        "_refused",
        "_stores",
        "_words",
        "capacity",
    )

    def __init__(self, capacity: int) -> None:
        room: object = capacity
        if not isinstance(room, int) or isinstance(room, bool) or room < 1:
            raise ValueError(f"a table needs room for at least 1 entry, got {capacity!r}")
        self.capacity = capacity
        # Ordered by first store; OrderedDict drops its oldest in O(1), where a dict, asked
        # for its first key after many deletions at the front, walks past each of them.
        self._entries: OrderedDict[Hashable, Entry[M, V]] = OrderedDict()
        self._probes = self._hits = self._stores = 0
        self._overwrites = self._evictions = self._refused = 0
        self._owner: object = None
        self._words: WordStore | None = None

    def claim(self, game: object) -> None:
        """Tie the table to `game`, the game of the search or solve about to use it.

        The first use claims it; a later use for another game (one not equal to it,
        such as Connect Four on another board) raises `TableOwnerError`: that search
        would read the entries of the first game as its own, and answer for the wrong
        game.  A table passed from one solve to the next of the same game is what
        tables are for.
        """
        game = underlying(game)
        owner = self._owner
        if owner is None:
            self._owner = game
        elif owner is not game and owner != game:
            raise TableOwnerError(
                f"this transposition table holds what a search of {echo(repr(owner), 80)} "
                f"found, and a search of {echo(repr(game), 80)} would read those entries as "
                "its own: give each game a table of its own"
            )

    def probe(self, key: Hashable) -> Entry[M, V] | None:
        """The entry stored for `key`, if any."""
        self._probes += 1
        entry = self._entries.get(key)
        if entry is not None:
            self._hits += 1
        return entry

    def store(self, key: Hashable, entry: Entry[M, V]) -> None:
        """Remember `entry` for `key`, by the replacement rule."""
        entries = self._entries
        held = entries.get(key)
        if held is not None:
            if held.depth > entry.depth:
                self._refused += 1
                return
            self._overwrites += 1
        elif len(entries) >= self.capacity:
            entries.popitem(last=False)  # the oldest
            self._evictions += 1
        entries[key] = entry
        self._stores += 1

    def entries(self) -> OrderedDict[Hashable, Entry[M, V]]:
        """The entries themselves, oldest first, for a solver core that probes and stores
        inline rather than through `probe` and `store` (a call each, for every position).

        Such a core keeps the table's rules itself (at most `capacity` entries, the
        oldest making room; the deeper entry kept) and adds what it did to the counts
        with `tally`.
        """
        return self._entries

    def words(self, kind: type[W]) -> W:
        """The entries a solver core keeps in a form of its own (machine words, for the
        compiled packed search), made as `kind(capacity)` on first use: apart from
        `entries`, under the same keys, counts and `capacity`; `len` counts them, `clear`
        clears them.  A table holds one such form."""
        words = self._words
        if words is None:
            made = kind(self.capacity)
            self._words = made
            return made
        if not isinstance(words, kind):
            raise TypeError(f"this table keeps its words as {type(words).__name__}")
        return words

    def tally(
        self,
        *,
        probes: int = 0,
        hits: int = 0,
        stores: int = 0,
        overwrites: int = 0,
        evictions: int = 0,
        refused: int = 0,
    ) -> None:
        """Add the probes and stores a solver core made through `entries` to the counts."""
        self._probes += probes
        self._hits += hits
        self._stores += stores
        self._overwrites += overwrites
        self._evictions += evictions
        self._refused += refused

    def clear(self) -> None:
        """Forget every entry (the counts stay)."""
        self._entries.clear()
        if self._words is not None:
            self._words.clear()

    def __len__(self) -> int:
        return len(self._entries) + (self._words.held if self._words is not None else 0)

    @property
    def stats(self) -> TableStats:
        """The counts so far."""
        return TableStats(
            self._probes,
            self._hits,
            self._stores,
            self._overwrites,
            self._evictions,
            self._refused,
        )


def table_of(table: object) -> TranspositionTable[M, V] | None:
    """The table a solve's `table` argument names: a TranspositionTable as it is, a
    number of entries for a new one, None or 0 for none; `TypeError` or `ValueError`
    naming the value otherwise.

    ```pycon
    >>> table_of(-1)
    Traceback (most recent call last):
    ...
    ValueError: a table needs at least 0 entries (0 or None: no table), got -1

    ```
    """
    if table is None:
        return None
    if isinstance(table, TranspositionTable):
        return cast(TranspositionTable[M, V], table)
    if isinstance(table, bool) or not isinstance(table, int):
        raise TypeError(
            "a table must be a TranspositionTable, a number of entries, or None, got "
            f"{echo_value(table)}"
        )
    if table < 0:
        raise ValueError(
            f"a table needs at least 0 entries (0 or None: no table), got {echo(table)}"
        )
    return TranspositionTable(table) if table > 0 else None
