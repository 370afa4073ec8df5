"""Persistent lazy sequences: the SML `Seq` of the 15-150 library.

A [`Seq`][gamelib.seq.Seq] can be traversed any number of times, and every element is
computed at most once.  Sequences built from a tuple or list are plain arrays
(`show1`, `nth` and `length` are O(1)); `tabulate` and `map` over an
array compute each element the first time it is reached; `from_iterable` over
an iterator, `filter`, `append`, `flatten` and `zip` produce memoised
streams that pull from their sources only as far as they are read.

The lecture's view of a sequence is literal: `show1(s)` is `Nil()` or
`Cons(head, tail)`, and `hide1` turns such a view back into a sequence.

A `tabulate` without a length is endless, and so is what `map`, `filter`,
`drop`, `cons`, `append` and `flatten` make of it, and a `zip` of two: the
functions that consume a sequence whole (`to_list`, `to_tuple`, `length`, `reduce`,
`reduce1`, `mapreduce`) refuse it alike, with [`EndlessSeqError`][gamelib.seq.EndlessSeqError]
naming themselves.  A stream read from an endless iterator cannot be known
to be endless: consuming it whole never returns, so `take` a prefix first.

The lazy transformations may be nested to any depth (`map(f, filter(p,
append(...)))` thousands of levels deep): reading an element walks the levels
in a loop, not by recursion, so no chain runs into Python's recursion limit.

```pycon
>>> from gamelib import seq
>>> s = seq.from_iterable([1, 2, 3])
>>> match seq.show1(s):
...     case seq.Cons(x, rest):
...         print(x, seq.to_list(rest))
...     case seq.Nil():
...         print("empty")
1 [2, 3]
>>> seq.reduce1(lambda a, b: a - b, s)  # 1 - (2 - 3)
2

```
"""

from __future__ import annotations

import builtins
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar, final

from gamelib.errors import InputError

__all__ = [
    "Cons",
    "EmptySeqError",
    "EndlessSeqError",
    "Nil",
    "Seq",
    "SeqIndexError",
    "View",
    "append",
    "cons",
    "drop",
    "empty",
    "filter",
    "flatten",
    "from_iterable",
    "hide1",
    "length",
    "map",
    "mapreduce",
    "nth",
    "reduce",
    "reduce1",
    "show1",
    "singleton",
    "split",
    "tabulate",
    "take",
    "to_list",
    "to_tuple",
    "zip",
]

T = TypeVar("T")
U = TypeVar("U")
T_co = TypeVar("T_co", covariant=True)


class EmptySeqError(InputError, ValueError):
    """Raised by [`reduce1`][gamelib.seq.reduce1] on an empty sequence (its REQUIRES is broken)."""


class SeqIndexError(InputError, IndexError):
    """Raised when an index or a count is out of range for a sequence."""


class EndlessSeqError(InputError, ValueError):
    """Raised by a function that consumes a sequence whole when it is known to be endless."""


class _EndlessError(Exception):
    """Raised by `_elements` and `_length` of an endless sequence; the public
    function that asked turns it into an [`EndlessSeqError`][gamelib.seq.EndlessSeqError] naming
    itself.
    """


# --8<-- [start:lview]
@final
@dataclass(frozen=True, slots=True)
class Nil:
    """The view of an empty sequence (SML `Nil`)."""

    def __str__(self) -> str:
        return "Nil"


@final
@dataclass(frozen=True, slots=True)
class Cons(Generic[T_co]):
    """The view of a non-empty sequence: its first element and the rest."""

    head: T_co
    """The first element."""
    tail: Seq[T_co]
    """The sequence of the remaining elements."""

    def __str__(self) -> str:
        return f"Cons({self.head!r}, {self.tail})"


View: TypeAlias = Nil | Cons[T]
"""SML `'a lview`: what [`show1`][gamelib.seq.show1] returns."""
# --8<-- [end:lview]

_NIL = Nil()


class Seq(Generic[T_co]):
    """A persistent sequence; build one with the functions of this module.

    Iterating a `Seq` (`for x in s`) may be repeated; elements already
    computed are not computed again.

    There are three private representations: arrays (a tuple and a start
    index), lazily indexed sequences (`tabulate`, `map` over an array) and
    memoised streams.  Each module function asks the sequence itself to do
    the work (`s._nth(i)`, `s._take(n)`, ...): the defaults here walk the
    sequence with `_show`, as a stream must, and the representations that
    can do better (O(1) `nth` on an array, say) override them.

    `Seq` is abstract to mypy (`_show`) but not an `abc.ABC`: the streams
    test `isinstance` against their own classes once per element, and
    `ABCMeta`'s check costs several times a plain class's.
    """

    __slots__ = ()

    @abstractmethod
    def _show(self) -> View[T_co]:
        """The view of the sequence: `Nil()` or `Cons(head, tail)`."""

    def __iter__(self) -> Iterator[T_co]:
        s: Seq[T_co] = self
        while True:
            view = s._show()
            if isinstance(view, Nil):
                return
            yield view.head
            s = view.tail

    def _size(self) -> int | None:
        """The length, when it is known without walking the sequence."""
        return None

    @property
    def _endless(self) -> bool:
        """Known to be endless: a `tabulate` without a length, or made from one.

        Each stream cell works its flag out from its sources' as it is built,
        so asking never walks the sequence.
        """
        return False

    def _elements(self) -> Iterable[T_co]:
        """All the elements, as something `tuple` can read without calling back here.

        `reduce1` and `to_tuple` build the tuple themselves, after this has
        returned: a search recurses inside that `tuple` call, and a frame of
        this method kept open at every level would cost CPython 3.11 more data
        stack per ply (see `reduce1`).
        """
        if self._endless:
            raise _EndlessError
        return self._whole()

    def _whole(self) -> Iterator[T_co]:
        """The elements, checking each rest for endlessness: a `flatten` learns
        that it is endless only when it reaches an endless inner sequence."""
        s: Seq[T_co] = self
        while True:
            if s._endless:
                raise _EndlessError
            view = s._show()
            if isinstance(view, Nil):
                return
            yield view.head
            s = view.tail

    def _length(self) -> int:
        return sum(1 for _ in self._elements())

    def _nth(self, i: int) -> T_co:
        rest: Seq[T_co] = self
        for seen in range(i + 1):
            view = rest._show()
            if isinstance(view, Nil):
                raise SeqIndexError(
                    f"nth: index {i} is out of range for a sequence of length {seen}"
                )
            if seen == i:
                return view.head
            rest = view.tail
        raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover

    def _split(self, n: int, who: str) -> tuple[Seq[T_co], Seq[T_co]]:
        """The first `n` elements (as an array) and the rest; `who` names the caller.

        Reads exactly the first `n` elements.
        """
        taken: list[T_co] = []
        rest: Seq[T_co] = self
        for _ in range(n):
            view = rest._show()
            if isinstance(view, Nil):
                raise _too_short(who, n, len(taken))
            taken.append(view.head)
            rest = view.tail
        return _Array(tuple(taken)), rest

    def _take(self, n: int, who: str) -> Seq[T_co]:
        return self._split(n, who)[0]

    def _drop(self, n: int, who: str) -> Seq[T_co]:
        return self._split(n, who)[1]

    def _append(self: Seq[T], b: Seq[T]) -> Seq[T]:
        return _AppendStream(self, b)

    def _map(self, f: Callable[[T_co], U]) -> Seq[U]:
        return _MapStream(self, f)

    def _known(self) -> tuple[list[T_co], bool]:
        """The prefix computed so far, and whether it is the whole sequence."""
        return [], False

    def __repr__(self) -> str:
        prefix, complete = self._known()
        shown = ", ".join(builtins.map(repr, prefix))
        if complete:
            return f"seq[{shown}]"
        return f"seq[{shown}, ...]" if prefix else "seq[...]"


# The representations subclass Seq, so they are imported once it is defined; the
# module's functions below only build them.
from gamelib.seq._cells import (  # noqa: E402
    _NATURALS,
    _AppendStream,
    _Array,
    _FilterStream,
    _FlattenStream,
    _Indexed,
    _MapStream,
    _Stream,
    _Table,
    _too_short,
    _ZipStream,
)

# --------------------------------------------------------------------------
# The view: show1 / hide1


# --8<-- [start:show1]
def show1(s: Seq[T]) -> View[T]:
    """Look at the first element: `Nil()` or `Cons(head, tail)`. O(1) on arrays.

    Forces at most the first element of a lazy sequence.

    ```pycon
    >>> show1(from_iterable((7, 8)))
    Cons(head=7, tail=seq[8])
    >>> show1(empty())
    Nil()

    ```
    """
    return s._show()


def hide1(view: View[T]) -> Seq[T]:
    """The sequence whose view is `view`, so that `show1(hide1(v)) == v`.

    ```pycon
    >>> v = Cons(1, empty())
    >>> show1(hide1(v)) is v
    True

    ```
    """
    return _Stream(None, view)


# --8<-- [end:show1]


# --------------------------------------------------------------------------
# Building sequences


def empty() -> Seq[T]:
    """The empty sequence.

    ```pycon
    >>> length(empty())
    0

    ```
    """
    return _Array(())


def singleton(x: T) -> Seq[T]:
    """The sequence holding only `x`.

    ```pycon
    >>> to_list(singleton("a"))
    ['a']

    ```
    """
    return _Array((x,))


def cons(x: T, s: Seq[T]) -> Seq[T]:
    """`x` followed by `s`; O(1), does not touch `s`.

    ```pycon
    >>> to_list(cons(0, from_iterable([1, 2])))
    [0, 1, 2]

    ```
    """
    return _Stream(None, Cons(x, s))


def tabulate(f: Callable[[int], T], n: int | None = None) -> Seq[T]:
    """Lazy: the sequence `f(0), f(1), ..., f(n-1)`; endless when `n` is None.

    Each `f(i)` runs the first time element `i` is reached, and only then.

    REQUIRES: `n` is None or `n >= 0` (else `ValueError`).

    ```pycon
    >>> squares = tabulate(lambda i: i * i)
    >>> to_list(take(squares, 4))
    [0, 1, 4, 9]

    ```
    """
    if n is not None and n < 0:
        raise ValueError(f"tabulate needs a length of at least 0, got {n}")
    return _Indexed(_Table(f, _NATURALS if n is None else range(n), n))


def from_iterable(xs: Iterable[T]) -> Seq[T]:
    """A sequence of the elements of `xs`.

    A tuple or list is copied into an array (O(1) `show1`, `nth`,
    `length`); a `Seq` is returned as it is; any other iterable (a
    generator, say) is read lazily, one element each time the sequence is
    read further than before, so it may be endless.

    ```pycon
    >>> from itertools import count
    >>> to_list(take(from_iterable(count(10)), 2))
    [10, 11]

    ```
    """
    if isinstance(xs, tuple):
        return _Array(xs)
    if isinstance(xs, list):
        return _Array(tuple(xs))
    if isinstance(xs, Seq):
        return xs
    it = iter(xs)

    def pull() -> View[T]:
        for x in it:
            return Cons(x, _Stream(pull))
        return _NIL

    return _Stream(pull)


# --------------------------------------------------------------------------
# Transforming sequences (all lazy)


def map(f: Callable[[T], U], s: Seq[T]) -> Seq[U]:
    """Lazy: `f` applied to each element, each at most once, when first reached.

    ```pycon
    >>> to_list(map(lambda x: x * 10, from_iterable([1, 2])))
    [10, 20]

    ```
    """
    return s._map(f)


def filter(p: Callable[[T], bool], s: Seq[T]) -> Seq[T]:
    """Lazy: the elements for which `p` holds, in order.

    ```pycon
    >>> to_list(filter(lambda x: x % 2 == 0, tabulate(lambda i: i, 7)))
    [0, 2, 4, 6]

    ```
    """
    return _FilterStream(s, p)


def append(a: Seq[T], b: Seq[T]) -> Seq[T]:
    """Lazy: the elements of `a` followed by those of `b`.

    ```pycon
    >>> to_list(append(from_iterable([1]), from_iterable([2, 3])))
    [1, 2, 3]

    ```
    """
    return a._append(b)


def flatten(ss: Seq[Seq[T]]) -> Seq[T]:
    """Lazy: the elements of each inner sequence, one inner sequence after another.

    ```pycon
    >>> to_list(flatten(from_iterable([from_iterable([1]), empty(), from_iterable([2])])))
    [1, 2]

    ```
    """
    return _FlattenStream(empty(), ss)


def zip(a: Seq[T], b: Seq[U]) -> Seq[tuple[T, U]]:
    """Lazy: pairs of elements at the same position, as long as the shorter one.

    ```pycon
    >>> to_list(zip(from_iterable("ab"), from_iterable([1, 2, 3])))
    [('a', 1), ('b', 2)]

    ```
    """
    return _ZipStream(a, b)


# --------------------------------------------------------------------------
# Consuming sequences: in their own module, which reads the names above, so imported last.
from gamelib.seq._consume import (  # noqa: E402
    drop,
    length,
    mapreduce,
    nth,
    reduce,
    reduce1,
    split,
    take,
    to_list,
    to_tuple,
)
