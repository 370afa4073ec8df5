"""The functions of `gamelib.seq` that read a sequence: whole, or as far as a count.

`to_list`, `to_tuple`, `length`, `reduce`, `reduce1` and `mapreduce` consume a
sequence whole, and refuse one known to be endless with an
[`EndlessSeqError`][gamelib.seq.EndlessSeqError] naming themselves; `nth`, `take`, `drop`
and `split` read only as far as an index or a count.  Each asks the sequence to do the
work (`s._elements()`, `s._nth(i)`, ...), as the functions that build sequences do.  They
are `gamelib.seq`'s, imported and documented there; this module holds them apart so that
the lectures' reader of `gamelib/seq/__init__.py` meets the views and the lazy sequences
without scrolling past them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gamelib.seq import (
    EmptySeqError,
    EndlessSeqError,
    Seq,
    SeqIndexError,
    _EndlessError,
    from_iterable,  # noqa: F401  (the examples below make their sequences with it)
    map,
    tabulate,  # noqa: F401  (and with this)
)

T = TypeVar("T")
U = TypeVar("U")


def _endless(who: str) -> EndlessSeqError:
    return EndlessSeqError(
        f"{who}: the sequence is endless (a tabulate without a length, or made from one); "
        "take a finite prefix first"
    )


def to_list(s: Seq[T]) -> list[T]:
    """Consumes: all the elements, in order, as a new list.

    Raises [`EndlessSeqError`][gamelib.seq.EndlessSeqError] on a sequence known to be endless (see
    the docstring of `gamelib.seq`); never returns on an endless stream.

    ```pycon
    >>> to_list(tabulate(lambda i: i))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.seq.EndlessSeqError: to_list: the sequence is endless (...); take a finite prefix first

    ```
    """
    try:
        return list(s._elements())
    except _EndlessError:
        raise _endless("to_list") from None


def to_tuple(s: Seq[T]) -> tuple[T, ...]:
    """Consumes: all the elements, in order, as a tuple (O(1) for whole arrays).

    Raises [`EndlessSeqError`][gamelib.seq.EndlessSeqError] as [`to_list`][gamelib.seq.to_list]
    does.
    """
    return _tuple(s, "to_tuple")


def _tuple(s: Seq[T], who: str) -> tuple[T, ...]:
    try:
        return tuple(s._elements())  # a whole array's tuple itself: tuple() does not copy one
    except _EndlessError:
        raise _endless(who) from None


def length(s: Seq[T]) -> int:
    """Consumes: the number of elements (O(1) for arrays and tabulations).

    Raises [`EndlessSeqError`][gamelib.seq.EndlessSeqError] as [`to_list`][gamelib.seq.to_list]
    does.
    """
    try:
        return s._length()
    except _EndlessError:
        raise _endless("length") from None


def _check_count(n: int, who: str) -> None:
    if n < 0:
        raise SeqIndexError(f"{who}: the count {n} is negative")


def nth(s: Seq[T], i: int) -> T:
    """Element `i` (0-based); O(1) on arrays and tabulations.

    Raises [`SeqIndexError`][gamelib.seq.SeqIndexError] naming the index and the length found.

    ```pycon
    >>> nth(from_iterable("abc"), 1)
    'b'
    >>> nth(from_iterable("abc"), 5)
    Traceback (most recent call last):
    ...
    gamelib.seq.SeqIndexError: nth: index 5 is out of range for a sequence of length 3

    ```
    """
    if i < 0:
        raise SeqIndexError(f"nth: index {i} is negative")
    return s._nth(i)


def take(s: Seq[T], n: int) -> Seq[T]:
    """The first `n` elements; computes exactly those (`SeqIndexError` if fewer).

    ```pycon
    >>> to_list(take(from_iterable([1, 2, 3]), 2))
    [1, 2]

    ```
    """
    _check_count(n, "take")
    return s._take(n, "take")


def drop(s: Seq[T], n: int) -> Seq[T]:
    """All but the first `n` elements (`SeqIndexError` if fewer than `n`).

    O(1) on arrays and tabulations; on a stream it reads the first `n`.

    ```pycon
    >>> to_list(drop(from_iterable([1, 2, 3]), 2))
    [3]

    ```
    """
    _check_count(n, "drop")
    return s._drop(n, "drop")


def split(s: Seq[T], n: int) -> tuple[Seq[T], Seq[T]]:
    """`(take(s, n), drop(s, n))`, reading the first `n` elements once.

    ```pycon
    >>> a, b = split(from_iterable("abcd"), 1)
    >>> to_list(a), to_list(b)
    (['a'], ['b', 'c', 'd'])

    ```
    """
    _check_count(n, "split")
    return s._split(n, "split")


def reduce1(g: Callable[[T, T], T], s: Seq[T]) -> T:
    """Consumes: `g(x1, g(x2, ... g(x(n-1), xn)))`, folding from the right.

    REQUIRES: `s` is non-empty (else [`EmptySeqError`][gamelib.seq.EmptySeqError]) and not known to
    be endless (else [`EndlessSeqError`][gamelib.seq.EndlessSeqError], as
    [`to_list`][gamelib.seq.to_list]). For the result to match a parallel reduction `g` should be
    associative; this implementation always uses the right-nested order above.

    ```pycon
    >>> reduce1(max, from_iterable([3, 9, 4]))
    9

    ```
    """
    # tuple() runs here, not in a method of s: a search recurses inside it, and on
    # CPython 3.11 each frame kept open per ply moves where the recursion crosses
    # the interpreter's 16 KiB data-stack chunks, each crossing an mmap and a munmap.
    try:
        xs = tuple(s._elements())  # a try costs nothing in CPython 3.11 until it catches
    except _EndlessError:
        raise _endless("reduce1") from None
    if not xs:
        raise EmptySeqError("reduce1 needs a non-empty sequence, got an empty one")
    acc = xs[-1]
    for i in range(len(xs) - 2, -1, -1):
        acc = g(xs[i], acc)
    return acc


def reduce(g: Callable[[T, T], T], base: T, s: Seq[T]) -> T:
    """Consumes: `g(x1, g(x2, ... g(xn, base)))`; `base` for an empty sequence.

    ```pycon
    >>> reduce(lambda a, b: a + b, 0, from_iterable([1, 2, 3]))
    6

    ```
    """
    acc = base
    for x in reversed(_tuple(s, "reduce")):
        acc = g(x, acc)
    return acc


def mapreduce(f: Callable[[T], U], base: U, g: Callable[[U, U], U], s: Seq[T]) -> U:
    """Consumes: `reduce(g, base, map(f, s))`.

    ```pycon
    >>> mapreduce(len, 0, lambda a, b: a + b, from_iterable(["ab", "c"]))
    3

    ```
    """
    acc = base
    for x in reversed(_tuple(map(f, s), "mapreduce")):
        acc = g(x, acc)
    return acc
