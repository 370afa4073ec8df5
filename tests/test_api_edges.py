"""The Python API at its edges: bad input and broken contracts fail with one sentence naming them.

Each case asserts the exception's type and the sentence that names the bad
value (or the position), as a user of the library would read it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import seq
from gamelib.seq import Seq

# --------------------------------------------------------------------------
# seq: endless sequences, nested maps, split's errors

SOURCES: dict[str, Callable[[list[int]], Seq[int]]] = {
    "array": lambda xs: seq.from_iterable(tuple(xs)),
    "stream": lambda xs: seq.from_iterable(iter(xs)),
    "tabulate": lambda xs: seq.tabulate(lambda i: xs[i], len(xs)),
}

CONSUMERS: dict[str, Callable[[Seq[int]], object]] = {
    "to_list": seq.to_list,
    "to_tuple": seq.to_tuple,
    "length": seq.length,
    "reduce": lambda s: seq.reduce(max, 0, s),
    "reduce1": lambda s: seq.reduce1(max, s),
    "mapreduce": lambda s: seq.mapreduce(abs, 0, max, s),
}

ENDLESS: dict[str, Callable[[], Seq[int]]] = {
    "tabulate": lambda: seq.tabulate(lambda i: i),
    "map": lambda: seq.map(lambda x: x + 1, seq.tabulate(lambda i: i)),
    "drop": lambda: seq.drop(seq.tabulate(lambda i: i), 3),
    "append": lambda: seq.append(seq.tabulate(lambda i: i), seq.singleton(1)),
}


@pytest.mark.parametrize("who", sorted(CONSUMERS))
@pytest.mark.parametrize("how", sorted(ENDLESS))
def test_every_consumer_refuses_an_endless_sequence_alike(who: str, how: str) -> None:
    with pytest.raises(seq.EndlessSeqError, match=rf"^{who}: the sequence is endless \("):
        CONSUMERS[who](ENDLESS[how]())


def test_an_endless_sequence_still_gives_its_prefix() -> None:
    endless = seq.append(seq.map(lambda x: 2 * x, seq.tabulate(lambda i: i)), seq.empty())
    assert seq.to_list(seq.take(endless, 4)) == [0, 2, 4, 6]
    assert seq.nth(endless, 1000) == 2000


@given(
    st.lists(st.integers(-5, 5), max_size=4),
    st.sampled_from(sorted(SOURCES)),
    st.integers(0, 4000),
)
def test_maps_nested_thousands_deep_need_no_recursion(xs: list[int], how: str, n: int) -> None:
    calls = [0]

    def inc(x: int) -> int:
        calls[0] += 1
        return x + 1

    s = SOURCES[how](xs)
    for _ in range(n):
        s = seq.map(inc, s)
    assert seq.to_list(s) == [x + n for x in xs]
    assert seq.to_list(s) == [x + n for x in xs]  # memoised: no level runs twice
    assert calls[0] == n * len(xs)


def test_nested_maps_over_an_endless_source_read_only_what_is_asked() -> None:
    pulled: list[int] = []

    def source() -> itertools.count[int]:
        return itertools.count()

    def pull(x: int) -> int:
        pulled.append(x)
        return x

    # A tabulation is read at the index asked; a stream up to it.
    for base, read in ((seq.tabulate(lambda i: i), [2]), (seq.from_iterable(source()), [0, 1, 2])):
        pulled.clear()
        s = seq.map(pull, base)
        for _ in range(5000):
            s = seq.map(lambda x: x + 1, s)
        assert seq.nth(s, 2) == 5002
        assert pulled == read


@pytest.mark.parametrize("how", sorted(SOURCES))
def test_split_names_split_not_take(how: str) -> None:
    s = SOURCES[how]([1, 2])
    with pytest.raises(seq.SeqIndexError, match=r"^split: cannot split at 3: .* only 2 elements$"):
        seq.split(s, 3)
    with pytest.raises(seq.SeqIndexError, match=r"^split: the count -1 is negative$"):
        seq.split(s, -1)
