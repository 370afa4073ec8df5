"""The private representations of `gamelib.seq`: arrays, lazily indexed sequences and
memoised streams.

Every [`Seq`][gamelib.seq.Seq] is one of these.  The functions of `gamelib.seq` build them
and ask them to do the work (`s._nth(i)`, `s._take(n)`, ...); each overrides what it can do
better than walking itself element by element.  Nothing here is public: a reader of the
lectures' `Seq` need not scroll past it.
"""

from __future__ import annotations

import builtins
import itertools
import sys
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, final

from gamelib.seq import _NIL, Cons, Nil, Seq, SeqIndexError, View, _EndlessError

T = TypeVar("T")
U = TypeVar("U")
T_co = TypeVar("T_co", covariant=True)


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
