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
import itertools
import sys
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar, final

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


def _endless(who: str) -> EndlessSeqError:
    return EndlessSeqError(
        f"{who}: the sequence is endless (a tabulate without a length, or made from one); "
        "take a finite prefix first"
    )


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


# --------------------------------------------------------------------------
# Representations (private)


@final
class _Array(Seq[T_co]):
    """An already computed sequence: a tuple and the index where it starts."""

    __slots__ = ("_items", "_start", "_view")

    def __init__(self, items: tuple[T_co, ...], start: int = 0) -> None:
        self._items = items
        self._start = start
        self._view: View[T_co] | None = None

    def _show(self) -> View[T_co]:
        # The view is kept: games share one move sequence among many states,
        # so a search's show1 on it is usually just this attribute read.
        view = self._view
        if view is None:
            i = self._start
            items = self._items
            view = Cons(items[i], _Array(items, i + 1)) if i < len(items) else _NIL
            self._view = view
        return view

    def __iter__(self) -> Iterator[T_co]:
        if self._start == 0:
            return iter(self._items)
        return itertools.islice(self._items, self._start, None)

    def _size(self) -> int:
        return len(self._items) - self._start

    def _elements(self) -> tuple[T_co, ...]:
        return self._items if self._start == 0 else self._items[self._start :]

    def _length(self) -> int:
        return len(self._items) - self._start

    def _nth(self, i: int) -> T_co:
        if i < self._size():
            return self._items[self._start + i]
        raise SeqIndexError(
            f"nth: index {i} is out of range for a sequence of length {self._size()}"
        )

    def _take(self, n: int, who: str) -> Seq[T_co]:
        _check_room(n, self._size(), who)
        return _Array(self._items[self._start : self._start + n])

    def _drop(self, n: int, who: str) -> Seq[T_co]:
        _check_room(n, self._size(), who)
        return _Array(self._items, self._start + n)

    def _split(self, n: int, who: str) -> tuple[Seq[T_co], Seq[T_co]]:
        return self._take(n, who), self._drop(n, who)

    def _append(self: _Array[T], b: Seq[T]) -> Seq[T]:
        if isinstance(b, _Array):
            return _Array(self._elements() + b._elements())
        return super()._append(b)

    def _map(self, f: Callable[[T_co], U]) -> Seq[U]:
        # The table calls f on the items themselves: no frame between a search's
        # reduce1 and its function, once per position.
        return _Indexed(_Table(f, self._elements(), self._size()))

    def _known(self) -> tuple[list[T_co], bool]:
        return list(self), True


_NATURALS = range(sys.maxsize)
"""0, 1, 2, ...: the sources of an endless tabulation (indexing a range stays in C)."""


@final
class _Table(Generic[T_co]):
    """Shared memo of a lazily indexed sequence: element i is fn(source[i]), computed once.

    `source` is a range for `tabulate` and the items for `map` over an
    array; either way it is indexed in C, and `fn` is the caller's own function.
    """

    __slots__ = ("fn", "memo", "size", "source")

    def __init__(
        self, fn: Callable[[Any], T_co], source: Sequence[object], size: int | None
    ) -> None:
        self.fn = fn
        self.source = source
        self.size = size
        self.memo: dict[int, T_co] = {}

    def get(self, i: int) -> T_co:
        # Keep this path monomorphic and its frame small: Minimax calls it once per
        # position (see reduce1 on CPython 3.11's data stack).
        memo = self.memo
        if i in memo:
            return memo[i]
        x = self.fn(self.source[i])
        memo[i] = x
        return x


@final
class _MapTable(Generic[T_co]):
    """Shared memo of `map(fn, s)` over a lazily indexed `s`: element i is
    `fn(parent.get(offset + i))`, computed once.

    A map of a map of ... is a chain of these.  `get` walks up the chain in a
    loop to the first level that has the element, then computes it down
    again, so a chain thousands of maps long needs no deeper stack than one.
    """

    __slots__ = ("fn", "memo", "offset", "parent", "size")

    def __init__(
        self,
        fn: Callable[[Any], T_co],
        parent: _Table[Any] | _MapTable[Any],
        offset: int,
        size: int | None,
    ) -> None:
        self.fn = fn
        self.parent = parent
        self.offset = offset
        self.size = size
        self.memo: dict[int, T_co] = {}

    def get(self, i: int) -> T_co:
        memo = self.memo
        if i in memo:
            return memo[i]
        pending: list[tuple[_MapTable[Any], int]] = [(self, i)]
        table: _Table[Any] | _MapTable[Any] = self.parent
        j = i + self.offset
        x: Any
        while True:
            if isinstance(table, _Table):
                x = table.get(j)
                break
            if j in table.memo:
                x = table.memo[j]
                break
            pending.append((table, j))
            j += table.offset
            table = table.parent
        for level, k in reversed(pending):
            x = level.fn(x)
            level.memo[k] = x
        return x  # type: ignore[no-any-return]  # the last level is self: x is a T_co


@final
class _Indexed(Seq[T_co]):
    """A lazily computed sequence with random access (tabulate, map over arrays)."""

    __slots__ = ("_start", "_table")

    def __init__(self, table: _Table[T_co] | _MapTable[T_co], start: int = 0) -> None:
        self._table = table
        self._start = start

    def _show(self) -> View[T_co]:
        i = self._start
        table = self._table
        if table.size is not None and i >= table.size:
            return _NIL
        return Cons(table.get(i), _Indexed(table, i + 1))

    def __iter__(self) -> Iterator[T_co]:
        table = self._table
        indices: Iterable[int] = (
            itertools.count(self._start) if table.size is None else range(self._start, table.size)
        )
        return builtins.map(table.get, indices)

    def _size(self) -> int | None:
        size = self._table.size
        return None if size is None else size - self._start

    @property
    def _endless(self) -> bool:
        return self._table.size is None

    def _elements(self) -> Iterator[T_co]:
        table = self._table
        size = table.size
        if size is None:
            raise _EndlessError
        return builtins.map(table.get, range(self._start, size))

    def _length(self) -> int:
        size = self._size()
        if size is None:
            raise _EndlessError
        return size

    def _nth(self, i: int) -> T_co:
        size = self._size()
        if size is None or i < size:
            return self._table.get(self._start + i)
        raise SeqIndexError(f"nth: index {i} is out of range for a sequence of length {size}")

    def _room(self, n: int, who: str) -> None:
        size = self._size()
        if size is not None:
            _check_room(n, size, who)

    def _take(self, n: int, who: str) -> Seq[T_co]:
        self._room(n, who)
        get, start = self._table.get, self._start
        return _Array(tuple(get(start + i) for i in range(n)))

    def _drop(self, n: int, who: str) -> Seq[T_co]:
        self._room(n, who)
        return _Indexed(self._table, self._start + n)

    def _split(self, n: int, who: str) -> tuple[Seq[T_co], Seq[T_co]]:
        return self._take(n, who), self._drop(n, who)

    def _append(self: _Indexed[T], b: Seq[T]) -> Seq[T]:
        if self._table.size is None:
            return self  # nothing after an endless sequence is ever reached
        return super()._append(b)

    def _map(self, f: Callable[[T_co], U]) -> Seq[U]:
        return _Indexed(_MapTable(f, self._table, self._start, self._size()))

    def _known(self) -> tuple[list[T_co], bool]:
        table = self._table
        prefix: list[T_co] = []
        i = self._start
        while i in table.memo:
            prefix.append(table.memo[i])
            i += 1
        return prefix, table.size is not None and i >= table.size


@final
class _Stream(Seq[T_co]):
    """A memoised stream cell whose view a thunk computes (`from_iterable`) or is given (`cons`).

    The thunk is the caller's: it never waits on the cells below, so reading
    it is one call, and the chained cells below read it in place.
    """

    __slots__ = ("_endless", "_thunk", "_view")

    _endless: bool

    def __init__(
        self, thunk: Callable[[], View[T_co]] | None, view: View[T_co] | None = None
    ) -> None:
        self._thunk = thunk
        self._view = view
        self._endless = view is not None and isinstance(view, Cons) and view.tail._endless

    def _show(self) -> View[T_co]:
        view = self._view
        if view is None:
            thunk = self._thunk
            assert thunk is not None  # exactly one of thunk / view is set
            view = thunk()
            self._view = view
            self._thunk = None
        return view

    def _known(self) -> tuple[list[T_co], bool]:
        return _known_cells(self)


class _Cell(Seq[T_co]):
    """A memoised cell of a lazy transformation: its view is computed once, on first demand.

    Each kind of cell (`map`, `filter`, `append`, `flatten` and `zip` of a
    stream) computes its own view in `_step`, but never forces another
    unforced `_Cell` itself: it hands that cell back, and `_force` forces it
    first from an explicit stack.  So a `filter` of a `map` of an `append` of
    ... a stream, thousands of levels deep, is read in a loop rather than one
    Python frame per level.
    """

    __slots__ = ("_endless", "_source", "_view")

    _endless: bool
    _view: View[T_co] | None
    _source: Seq[Any] | None
    """The sequence the next step reads first (set until the view is)."""

    def _show(self) -> View[T_co]:
        view = self._view
        if view is None:
            source = self._source
            if isinstance(source, _Cell) and source._view is None:
                return _force(self, source)
            got = self._step()
            if isinstance(got, _Cell):
                return _force(self, got)
            return got
        return view

    @abstractmethod
    def _step(self) -> View[T_co] | _Cell[Any]:
        """Compute, keep and return the view, or return the unforced cell needed first.

        Called only while `_view` is None.  Progress already made (elements
        a filter has rejected, say) is kept, so the next call goes on from there.
        """

    def _known(self) -> tuple[list[T_co], bool]:
        return _known_cells(self)


def _force(top: _Cell[T], below: _Cell[Any]) -> View[T]:
    """The view of `top`, which waits on `below`, read without a frame per level.

    Most chains are straight (a map of a filter of a stream: each cell reads
    its `_source` first), so the loop walks down the sources to the first one
    that is known, then steps the cells on the way back up, each once.  A
    cell that needs yet another one (a filter past a rejected element, a
    flatten at its next inner sequence) hands it back and it goes on the stack.
    """
    stack: list[_Cell[Any]] = [top]
    waiting: _Cell[Any] | None = below
    while True:  # top is stepped last, and only when what it reads first is known
        while waiting is not None:
            stack.append(waiting)
            source = waiting._source
            waiting = source if isinstance(source, _Cell) and source._view is None else None
        cell = stack[-1]
        view = cell._view  # set meanwhile if a function of the caller's read the cell
        got = cell._step() if view is None else view
        if isinstance(got, _Cell):
            waiting = got
            continue
        stack.pop()
        if not stack:
            return got


@final
class _MapStream(_Cell[T_co]):
    """A cell of `map(fn, source)` over a stream."""

    __slots__ = ("_fn",)

    def __init__(self, source: Seq[Any], fn: Callable[[Any], T_co]) -> None:
        self._source: Seq[Any] | None = source
        self._fn: Callable[[Any], T_co] | None = fn
        self._view = None
        self._endless = source._endless

    def _step(self) -> View[T_co] | _Cell[Any]:
        source, fn = self._source, self._fn
        assert source is not None  # set until the view is
        assert fn is not None
        if isinstance(source, _Cell) and source._view is None:
            return source
        below = source._show()
        view: View[T_co] = (
            Cons(fn(below.head), _MapStream(below.tail, fn)) if isinstance(below, Cons) else _NIL
        )
        self._view = view
        self._source = self._fn = None  # let the source's cells go
        return view


@final
class _FilterStream(_Cell[T_co]):
    """A cell of `filter(p, rest)`."""

    __slots__ = ("_p",)

    def __init__(self, rest: Seq[T_co], p: Callable[[T_co], bool]) -> None:
        self._source: Seq[T_co] | None = rest
        self._p: Callable[[T_co], bool] | None = p
        self._view = None
        self._endless = rest._endless  # or it waits for ever for an element it would keep

    def _step(self) -> View[T_co] | _Cell[Any]:
        rest, p = self._source, self._p
        assert rest is not None  # set until the view is
        assert p is not None
        while True:
            if isinstance(rest, _Cell) and rest._view is None:
                self._source = rest  # the elements before it are rejected
                return rest
            view = rest._show()
            if isinstance(view, Nil):
                break
            if p(view.head):
                view = Cons(view.head, _FilterStream(view.tail, p))
                break
            rest = view.tail
        self._view = view
        self._source = self._p = None
        return view


@final
class _AppendStream(_Cell[T_co]):
    """A cell of `append(source, then)`; with `then` None, the cell is `source` itself.

    Where `source` is spent, the view is that of `then`; appends nested to
    the right (`append(a, append(b, ...))`, as `reduce` builds them) are
    looked through, so a run of empty ones costs no stack.
    """

    __slots__ = ("_then",)

    def __init__(self, source: Seq[T_co], then: Seq[T_co] | None) -> None:
        self._source: Seq[T_co] | None = source
        self._then = then
        self._view = None
        self._endless = source._endless or (then is not None and then._endless)

    def _step(self) -> View[T_co] | _Cell[Any]:
        source, then = self._source, self._then
        assert source is not None  # set until the view is
        while True:
            if isinstance(source, _Cell) and source._view is None:
                self._source, self._then = source, then
                return source
            view = source._show()
            if isinstance(view, Cons):
                if then is not None:
                    view = Cons(view.head, _AppendStream(view.tail, then))
                break
            if then is None:
                break
            if isinstance(then, _AppendStream) and then._view is None:
                assert then._source is not None  # unforced
                source, then = then._source, then._then
            else:
                source, then = then, None
        self._view = view
        self._source = self._then = None  # let the sources' cells go
        return view


@final
class _FlattenStream(_Cell[T_co]):
    """A cell of `flatten`: the rest of `inner`, then each sequence of `outer`."""

    __slots__ = ("_outer",)

    def __init__(self, inner: Seq[T_co], outer: Seq[Seq[T_co]]) -> None:
        self._source: Seq[T_co] | None = inner
        self._outer: Seq[Seq[T_co]] | None = outer
        self._view = None
        self._endless = inner._endless or outer._endless

    def _step(self) -> View[T_co] | _Cell[Any]:
        inner, outer = self._source, self._outer
        assert inner is not None  # set until the view is
        assert outer is not None
        view: View[T_co]
        while True:
            if isinstance(inner, _Cell) and inner._view is None:
                self._source, self._outer = inner, outer
                return inner
            inner_view = inner._show()
            if isinstance(inner_view, Cons):
                view = Cons(inner_view.head, _FlattenStream(inner_view.tail, outer))
                break
            if isinstance(outer, _Cell) and outer._view is None:
                self._source, self._outer = inner, outer
                return outer
            outer_view = outer._show()
            if isinstance(outer_view, Nil):
                view = _NIL
                break
            inner, outer = outer_view.head, outer_view.tail
        self._view = view
        self._source = self._outer = None
        return view


@final
class _ZipStream(_Cell[tuple[T, U]]):
    """A cell of `zip(a, b)`: `a` is read first, and `b` only if `a` has an element."""

    __slots__ = ("_b",)

    def __init__(self, a: Seq[T], b: Seq[U]) -> None:
        self._source: Seq[T] | None = a
        self._b: Seq[U] | None = b
        self._view = None
        self._endless = a._endless and b._endless

    def _step(self) -> View[tuple[T, U]] | _Cell[Any]:
        a, b = self._source, self._b
        assert a is not None  # set until the view is
        assert b is not None
        if isinstance(a, _Cell) and a._view is None:
            return a
        va = a._show()
        view: View[tuple[T, U]] = _NIL
        if isinstance(va, Cons):
            if isinstance(b, _Cell) and b._view is None:
                return b
            vb = b._show()
            if isinstance(vb, Cons):
                view = Cons((va.head, vb.head), _ZipStream(va.tail, vb.tail))
        self._view = view
        self._source = self._b = None
        return view


def _known_cells(s: Seq[T]) -> tuple[list[T], bool]:
    """The prefix of a chain of stream cells computed so far, and whether it is whole."""
    prefix: list[T] = []
    while isinstance(s, _Cell | _Stream) and s._view is not None:
        view = s._view
        if isinstance(view, Nil):
            return prefix, True
        prefix.append(view.head)
        s = view.tail
    if isinstance(s, _Cell | _Stream):
        return prefix, False
    rest, complete = s._known()
    return prefix + rest, complete


def _check_room(n: int, size: int, who: str) -> None:
    if n > size:
        raise _too_short(who, n, size)


def _too_short(who: str, n: int, size: int) -> SeqIndexError:
    """The error of `take`, `drop` or `split` (`who`) asked for `n` of `size`."""
    elements = f"{size} element" if size == 1 else f"{size} elements"
    if who == "split":
        return SeqIndexError(f"split: cannot split at {n}: the sequence has only {elements}")
    asked = f"{n} element" if n == 1 else f"{n} elements"
    return SeqIndexError(f"{who}: cannot {who} {asked}: the sequence has only {size}")


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
# Consuming sequences


def to_list(s: Seq[T]) -> list[T]:
    """Consumes: all the elements, in order, as a new list.

    Raises [`EndlessSeqError`][gamelib.seq.EndlessSeqError] on a sequence known to be endless (see
    the module's docstring); never returns on an endless stream.

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
