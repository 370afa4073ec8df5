"""gamelib.seq against Python lists, plus laziness and memoisation."""

from __future__ import annotations

import itertools
import tracemalloc
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import seq
from gamelib.seq import Cons, Nil, Seq

Build = Callable[[list[int]], Seq[int]]


def _from_cons_chain(xs: list[int]) -> Seq[int]:
    s: Seq[int] = seq.empty()
    for x in reversed(xs):
        s = seq.hide1(Cons(x, s))
    return s


def _split_append(xs: list[int]) -> Seq[int]:
    half = len(xs) // 2
    return seq.append(seq.from_iterable(iter(xs[:half])), seq.from_iterable(xs[half:]))


# Every way of building a sequence, so each function is checked on each representation.
BUILDERS: dict[str, Build] = {
    "array": lambda xs: seq.from_iterable(xs),
    "stream": lambda xs: seq.from_iterable(iter(xs)),
    "tabulate": lambda xs: seq.tabulate(lambda i: xs[i], len(xs)),
    "map-array": lambda xs: seq.map(lambda x: x, seq.from_iterable(tuple(xs))),
    "map-stream": lambda xs: seq.map(lambda x: x, seq.from_iterable(iter(xs))),
    "filter": lambda xs: seq.filter(lambda _: True, seq.from_iterable(xs)),
    "cons-chain": _from_cons_chain,
    "append": _split_append,
    "flatten": lambda xs: seq.flatten(seq.from_iterable([seq.singleton(x) for x in xs])),
    "drop": lambda xs: seq.drop(seq.from_iterable(iter([99, *xs])), 1),
    "drop-tab": lambda xs: seq.drop(seq.tabulate(lambda i: ([99, *xs])[i], len(xs) + 1), 1),
}

lists = st.lists(st.integers(-20, 20), max_size=12)
builders = st.sampled_from(sorted(BUILDERS))


@given(lists, builders)
def test_traversal_and_conversion(xs: list[int], how: str) -> None:
    s = BUILDERS[how](xs)
    assert seq.to_list(s) == xs
    assert seq.to_list(s) == xs  # persistent: a second traversal sees the same
    assert seq.to_tuple(s) == tuple(xs)
    assert list(s) == xs
    assert seq.length(s) == len(xs)


@given(lists, builders)
def test_show1_walks_the_elements(xs: list[int], how: str) -> None:
    s = BUILDERS[how](xs)
    seen = []
    while True:
        match seq.show1(s):
            case Cons(x, rest):
                seen.append(x)
                s = rest
            case Nil():
                break
    assert seen == xs


@given(lists, builders)
def test_show1_hide1_round_trip(xs: list[int], how: str) -> None:
    view = seq.show1(BUILDERS[how](xs))
    assert seq.show1(seq.hide1(view)) == view
    assert seq.to_list(seq.hide1(view)) == xs


@given(lists, builders, st.integers(-3, 15))
def test_nth_take_drop_split(xs: list[int], how: str, i: int) -> None:
    s = BUILDERS[how](xs)
    if 0 <= i < len(xs):
        assert seq.nth(s, i) == xs[i]
    else:
        with pytest.raises(seq.SeqIndexError, match=f"index {i}"):
            seq.nth(s, i)
    if 0 <= i <= len(xs):
        assert seq.to_list(seq.take(s, i)) == xs[:i]
        assert seq.to_list(seq.drop(s, i)) == xs[i:]
        a, b = seq.split(s, i)
        assert (seq.to_list(a), seq.to_list(b)) == (xs[:i], xs[i:])
    else:
        for fn in (seq.take, seq.drop, seq.split):
            with pytest.raises(seq.SeqIndexError, match=str(i)):
                fn(s, i)


@given(lists, builders)
def test_map_filter(xs: list[int], how: str) -> None:
    s = BUILDERS[how](xs)
    assert seq.to_list(seq.map(lambda x: x * 3 + 1, s)) == [x * 3 + 1 for x in xs]
    assert seq.to_list(seq.filter(lambda x: x % 3 == 0, s)) == [x for x in xs if x % 3 == 0]


@given(lists, builders)
def test_reduce_family_nests_to_the_right(xs: list[int], how: str) -> None:
    s = BUILDERS[how](xs)
    # Subtraction is not associative, so it reveals the nesting order.
    expected_reduce = 0
    for x in reversed(xs):
        expected_reduce = x - expected_reduce
    assert seq.reduce(lambda a, b: a - b, 0, s) == expected_reduce
    assert seq.mapreduce(lambda x: x * 2, 5, lambda a, b: a - b, s) == (
        seq.reduce(lambda a, b: a - b, 5, seq.map(lambda x: x * 2, s))
    )
    if xs:
        expected = xs[-1]
        for x in reversed(xs[:-1]):
            expected = x - expected
        assert seq.reduce1(lambda a, b: a - b, s) == expected
    else:
        with pytest.raises(seq.EmptySeqError, match="non-empty"):
            seq.reduce1(lambda a, b: a - b, s)


@given(lists, lists, builders, builders)
def test_append_zip(xs: list[int], ys: list[int], how_x: str, how_y: str) -> None:
    a, b = BUILDERS[how_x](xs), BUILDERS[how_y](ys)
    assert seq.to_list(seq.append(a, b)) == xs + ys
    assert seq.to_list(seq.zip(a, b)) == list(zip(xs, ys, strict=False))


@given(st.lists(lists, max_size=5), builders)
def test_flatten(xss: list[list[int]], how: str) -> None:
    s = seq.from_iterable([BUILDERS[how](xs) for xs in xss])
    assert seq.to_list(seq.flatten(s)) == [x for xs in xss for x in xs]


@given(st.integers(-5, 5))
def test_builders_small(x: int) -> None:
    assert seq.to_list(seq.singleton(x)) == [x]
    assert seq.to_list(seq.cons(x, seq.singleton(x + 1))) == [x, x + 1]
    assert seq.to_list(seq.empty()) == []
    assert isinstance(seq.show1(seq.empty()), Nil)


class Counter:
    """A function that counts its calls per argument."""

    def __init__(self) -> None:
        self.calls: dict[int, int] = {}

    def __call__(self, i: int) -> int:
        self.calls[i] = self.calls.get(i, 0) + 1
        return i * i


def counting_iterator(pulled: list[int]) -> Iterator[int]:
    for i in itertools.count():
        pulled.append(i)
        yield i


def test_map_over_endless_tabulate_forces_exactly_what_is_taken() -> None:
    f = Counter()
    g = Counter()
    squares = seq.map(g, seq.tabulate(f))
    assert seq.to_list(seq.take(squares, 3)) == [0, 1, 16]
    assert f.calls == {0: 1, 1: 1, 2: 1}
    assert g.calls == {0: 1, 1: 1, 4: 1}


def test_map_over_endless_iterator_forces_exactly_what_is_taken() -> None:
    pulled: list[int] = []
    f = Counter()
    mapped = seq.map(f, seq.from_iterable(counting_iterator(pulled)))
    assert seq.to_list(seq.take(mapped, 3)) == [0, 1, 4]
    assert pulled == [0, 1, 2]
    assert f.calls == {0: 1, 1: 1, 2: 1}


def test_lazy_functions_compute_nothing_until_read() -> None:
    f = Counter()
    base = seq.tabulate(f)
    seq.map(f, base)
    seq.filter(lambda x: x > 0, seq.map(f, base))
    seq.append(seq.map(f, base), base)
    seq.zip(base, seq.map(f, base))
    seq.drop(base, 5)
    assert f.calls == {}


@pytest.mark.parametrize("how", sorted(BUILDERS))
def test_each_element_function_runs_once_over_two_traversals(how: str) -> None:
    f = Counter()
    s = seq.map(f, BUILDERS[how]([1, 2, 3, 4]))
    assert seq.to_list(s) == [1, 4, 9, 16]
    assert seq.to_list(s) == [1, 4, 9, 16]
    assert seq.nth(s, 2) == 9
    assert f.calls == {1: 1, 2: 1, 3: 1, 4: 1}


def test_tabulate_memoises_across_views() -> None:
    f = Counter()
    s = seq.tabulate(f, 5)
    assert seq.nth(s, 3) == 9
    assert seq.to_list(s) == [0, 1, 4, 9, 16]
    assert seq.to_list(seq.drop(s, 2)) == [4, 9, 16]
    assert f.calls == {0: 1, 1: 1, 2: 1, 3: 1, 4: 1}


def test_errors_name_index_and_length() -> None:
    stream = seq.from_iterable(iter([1, 2, 3]))
    with pytest.raises(seq.SeqIndexError, match=r"index 7 is out of range .* length 3"):
        seq.nth(stream, 7)
    with pytest.raises(seq.SeqIndexError, match=r"cannot take 5 elements: .* has only 3"):
        seq.take(stream, 5)
    with pytest.raises(seq.SeqIndexError, match="negative"):
        seq.drop(stream, -1)
    with pytest.raises(ValueError, match="endless"):
        seq.length(seq.tabulate(lambda i: i))
    with pytest.raises(ValueError, match="at least 0, got -2"):
        seq.tabulate(lambda i: i, -2)


def test_show1_on_array_is_constant_work() -> None:
    big = seq.from_iterable(tuple(range(100_000)))
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        view = seq.show1(big)
        after, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Copying the other 99,999 elements would take about 800 kB; a view and a
    # tail that shares the tuple take a few hundred bytes.
    assert peak - before < 2_000
    assert after - before < 2_000
    assert isinstance(view, Cons)
    assert view.head == 0
    assert seq.show1(big) is view  # the view is kept, not rebuilt
    assert seq.nth(view.tail, 99_998) == 99_999


def test_a_whole_array_gives_back_its_own_tuple() -> None:
    items = tuple(range(1000))
    whole = seq.from_iterable(items)
    assert seq.to_tuple(whole) is items
    assert seq.to_tuple(whole) is seq.to_tuple(whole)
    assert seq.to_tuple(seq.drop(whole, 1)) == items[1:]


def test_endless_tabulate_refuses_to_be_consumed_whole() -> None:
    endless = seq.tabulate(lambda i: i)
    for consume in (seq.to_list, seq.to_tuple, seq.length):
        with pytest.raises(ValueError, match="the sequence is endless"):
            consume(endless)
    assert seq.to_list(seq.take(endless, 3)) == [0, 1, 2]


@pytest.mark.parametrize("how", sorted(BUILDERS))
def test_split_take_drop_errors_name_their_caller(how: str) -> None:
    s = BUILDERS[how]([1, 2])
    with pytest.raises(seq.SeqIndexError, match=r"^take: cannot take 3 elements: .* only 2$"):
        seq.take(s, 3)
    with pytest.raises(seq.SeqIndexError, match=r"^drop: cannot drop 3 elements: .* only 2$"):
        seq.drop(s, 3)
    with pytest.raises(seq.SeqIndexError, match=r"^split: cannot split at 3: .* only 2 elements$"):
        seq.split(s, 3)


def test_repr_shows_only_what_is_known() -> None:
    assert repr(seq.from_iterable([1, 2])) == "seq[1, 2]"
    lazy = seq.map(lambda x: x + 1, seq.from_iterable(iter([1, 2, 3])))
    assert repr(lazy) == "seq[...]"
    seq.nth(lazy, 0)
    assert repr(lazy) == "seq[2, ...]"
    seq.to_list(lazy)
    assert repr(lazy) == "seq[2, 3, 4]"
