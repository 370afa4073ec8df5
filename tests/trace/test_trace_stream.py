"""The streamed text trace: the same lines as the tree printer, written as the search goes."""

from __future__ import annotations

import io
import tracemalloc
from typing import Any, TypeVar

import pytest

from gamelib import Guess, Playing, Side
from gamelib.catalog import CATALOG
from gamelib.core.estimator import Estimator
from gamelib.games.connect4 import ConnectFour, connect4_estimator
from gamelib.games.explicit import HANDOUT_TREES, ExplicitGame, Node, Tree, tree_estimator
from gamelib.games.nim import Nim, nim_estimator
from gamelib.games.tictactoe import TicTacToe, tictactoe_estimator
from gamelib.search import BoundKind, Enter, Leave, SearchEvent, SearchObserver, SearchPlayer
from gamelib.search.kinds import SearchKind
from gamelib.trace import TraceError, TraceWriter, stream_trace, trace_player, trace_to_text

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def height(root: Tree) -> int:
    """How many moves deep the tree goes (no recursion: the handout trees are small,
    but a test helper should not be the thing that breaks)."""
    deepest = 0
    stack: list[tuple[Tree, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, Node):
            stack.extend((child, depth + 1) for child in node.children)
    return deepest


ESTIMATORS: dict[str, tuple[Estimator[Any, Any, Any], int]] = {
    **{
        f"tree {name}": (tree_estimator(ExplicitGame(root)), height(root))
        for name, root in HANDOUT_TREES.items()
    },
    "nim 5": (nim_estimator(Nim(5)), 3),
    "tictactoe": (tictactoe_estimator(TicTacToe()), 2),
    "connect4": (connect4_estimator(ConnectFour()), 2),
}
"""Where to search, and how deep."""


def both_texts(
    kind: SearchKind, estimator: Estimator[S, M, G], depth: int
) -> tuple[str, str, int, int, int, int]:
    """The tree printer's text and the streamed text of one search, and both counts."""

    def build(observer: SearchObserver[S, M, G]) -> SearchPlayer[S, M, G]:
        return kind.build(estimator, depth, observer=observer)

    whole = trace_player(build)
    streamed = io.StringIO()
    found = stream_trace(build, streamed, several=bool(whole.earlier), keep=10_000)
    assert found.trace is not None
    assert trace_to_text(found.trace) == trace_to_text(whole)
    return (
        trace_to_text(whole) + "\n",
        streamed.getvalue(),
        len(whole.nodes()),
        found.positions,
        len(whole.leaves()),
        found.leaves,
    )


@pytest.mark.parametrize(
    "kind", [kind for kind in CATALOG if kind.observed], ids=lambda kind: kind.name
)
@pytest.mark.parametrize("where", list(ESTIMATORS))
def test_the_streamed_text_is_the_tree_printers(kind: SearchKind, where: str) -> None:
    estimator, depth = ESTIMATORS[where]
    text, streamed, nodes, positions, leaves, counted = both_texts(kind, estimator, depth)
    assert streamed == text
    assert (positions, counted) == (nodes, leaves)


def test_several_searches_of_the_root_are_numbered_as_the_tree_printer_numbers_them() -> None:
    mtdf = CATALOG["mtdf"]
    text, streamed, *_ = both_texts(mtdf, *ESTIMATORS["tree small"])
    assert streamed == text
    assert streamed.startswith("Search 1 of ")


class WhenWritten(io.StringIO):
    """An output stream that notes how many estimates had been made at its first write."""

    def __init__(self, estimates: list[int]) -> None:
        super().__init__()
        self.estimates = estimates
        self.at_first_write: int | None = None

    def write(self, text: str, /) -> int:
        if self.at_first_write is None:
            self.at_first_write = len(self.estimates)
        return super().write(text)


def test_lines_are_written_while_the_search_runs() -> None:
    estimates: list[int] = []
    out = WhenWritten(estimates)
    estimator = connect4_estimator(ConnectFour())

    def build(observer: SearchObserver[object, int, float]) -> SearchPlayer[object, int, float]:
        def counting(event: SearchEvent[object, int, float], /) -> None:
            if isinstance(event, Leave) and event.best is None:
                estimates.append(1)
            observer(event)

        player: SearchPlayer[object, int, float] = CATALOG["minimax"].build(
            estimator,  # type: ignore[arg-type]  # a Connect Four search, seen as any
            3,
            observer=counting,
        )
        return player

    found = stream_trace(build, out)
    assert found.leaves == len(estimates) == 7**3
    # The first line went out before the first estimate, not after the last.
    assert out.at_first_write == 0


def test_memory_stays_flat_however_many_positions_are_traced() -> None:
    estimator = connect4_estimator(ConnectFour())

    def build(observer: SearchObserver[object, int, float]) -> SearchPlayer[object, int, float]:
        player: SearchPlayer[object, int, float] = CATALOG["minimax"].build(
            estimator,  # type: ignore[arg-type]  # a Connect Four search, seen as any
            4,
            observer=observer,
        )
        return player

    class Discard(io.StringIO):
        def write(self, text: str, /) -> int:
            return len(text)

    tracemalloc.start()
    try:
        found = stream_trace(build, Discard(), keep=100)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # 2,801 positions: the whole tree and its text peaked at 3.1 MB (over 1 kB a
    # position); streamed, at 0.13 MB, the hundred kept positions included.
    assert found.positions == 2801
    assert found.trace is None  # more than the 100 it was asked to keep
    assert peak < 1_000_000


def test_the_writer_refuses_events_that_are_not_one_search() -> None:
    estimator = tree_estimator(ExplicitGame(HANDOUT_TREES["small"]))
    writer = TraceWriter(estimator.game, estimator, io.StringIO())
    with pytest.raises(TraceError, match="the search reported no events"):
        writer.finish()
    with pytest.raises(TraceError, match="a Leave event with no position entered"):
        writer(Leave(Guess(0), BoundKind.EXACT, None))
    root = Playing(estimator.game.start)
    writer(Enter(None, root, Side.Maxie, 1, None))
    with pytest.raises(TraceError, match="without a move"):
        writer(Enter(None, root, Side.Maxie, 1, None))
    with pytest.raises(TraceError, match="the search is not over"):
        writer.finish()
