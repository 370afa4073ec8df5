"""The one fold of the event stream: its rules, tested once, and every format held to them.

Four formats read a search's events (the tree, which is every family's, its streamed text,
the stepper's JSON whole and streamed).  They all read them through
`gamelib.trace.fold.Bracket`, so a stream that breaks a rule is refused by each of them
with the same sentence.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence

import pytest

from gamelib import Guess, Playing, Side
from gamelib.core.window import NegInf, PosInf
from gamelib.games.explicit import SMALL, ExplicitGame, TreeState, tree_estimator
from gamelib.search.events import BoundKind, Cut, Enter, Leave, SearchEvent, TableHit
from gamelib.seq import empty
from gamelib.trace import Tracer, TraceWriter
from gamelib.trace.fold import Bracket, TraceError
from gamelib.trace.lines import EventLines
from gamelib.trace.steps import Recorded, steps_to_json
from gamelib.trace.words import TwoWords

Event = SearchEvent[TreeState, int, float]

GAME = ExplicitGame(SMALL)
ESTIMATOR = tree_estimator(GAME)
ROOT = Playing(GAME.start)
CHILD = GAME.play(GAME.start, 0)


def enter(move: int | None, status: object = ROOT) -> Event:
    assert isinstance(status, Playing)
    return Enter(move, status, Side.Maxie, 1, (NegInf, PosInf))


LEAVE: Event = Leave(Guess(1), BoundKind.EXACT, None)


# --------------------------------------------------------------------------
# The rules, on the bracket itself


def test_a_search_enters_its_root_first_and_children_by_a_move() -> None:
    bracket: Bracket[str] = Bracket()
    with pytest.raises(TraceError, match=r"^the first position entered must be the root, not"):
        bracket.entering(0, "b")
    assert bracket.entering(None, "a") is None
    bracket.entered("a")
    with pytest.raises(TraceError, match=r"^a position other than the root was entered without"):
        bracket.entering(None, "a")
    parent = bracket.entering(1, "b")
    assert parent is not None
    assert parent.node == "a"
    before = parent.searched
    bracket.entered("b")
    assert (before, parent.searched) == (False, True)  # searched from its first child on
    assert (bracket.depth, bracket.positions, bracket.done) == (2, 2, False)


def test_leaves_and_marks_need_an_open_position() -> None:
    bracket: Bracket[str] = Bracket()
    with pytest.raises(TraceError, match=r"^a Leave event with no position entered$"):
        bracket.leaving()
    with pytest.raises(TraceError, match=r"^a Cut event with no position entered$"):
        bracket.at("Cut")
    with pytest.raises(TraceError, match=r"^a TableHit event with no position entered$"):
        bracket.answered()
    with pytest.raises(TraceError, match=r"^a position was resumed with nothing entered$"):
        bracket.reopen("a")


def test_the_same_root_again_is_another_search_and_any_other_root_is_refused() -> None:
    bracket: Bracket[str] = Bracket()
    for _ in range(3):
        assert bracket.entering(None, "a") is None
        bracket.entered("a")
        assert bracket.leaving().node == "a"
    assert (bracket.searches, bracket.positions, bracket.leaves) == (3, 3, 3)
    with pytest.raises(TraceError, match=r"^a second root: the events are not those of one search"):
        bracket.entering(None, "z")


def test_leaves_count_positions_left_without_a_child_or_a_table() -> None:
    bracket: Bracket[str] = Bracket()
    bracket.entering(None, "a")
    bracket.entered("a")
    for name in ("b", "c"):
        bracket.entering(0, name)
        bracket.entered(name)
        if name == "c":
            bracket.answered()
        bracket.leaving()
    probed = bracket.leaving()
    assert probed.searched
    assert not probed.from_table
    bracket.finish()
    assert (bracket.positions, bracket.leaves) == (3, 1)  # b; not c (a table), not a


def test_a_search_is_over_once_its_root_is_left() -> None:
    bracket: Bracket[str] = Bracket()
    with pytest.raises(TraceError, match=r"^the search reported no events: to be traced, its "):
        bracket.finish()  # nothing at all: the factory dropped its observer
    bracket.entering(None, "a")
    bracket.entered("a")
    with pytest.raises(TraceError, match=r"^the search is not over"):
        bracket.finish()
    bracket.leaving()
    bracket.finish()


# --------------------------------------------------------------------------
# Every two-player format refuses the same streams with the same sentence


def fold_tree(events: Sequence[Event]) -> None:
    tracer: Tracer[TreeState, int, float] = Tracer()
    for event in events:
        tracer(event)
    if not tracer.done:
        raise TraceError("the search is not over: its root has not been left")


def fold_text(events: Sequence[Event]) -> None:
    writer = TraceWriter(GAME, ESTIMATOR, io.StringIO())
    for event in events:
        writer(event)
    writer.finish()


def fold_steps(events: Sequence[Event]) -> None:
    steps_to_json(Recorded(tuple(events), GAME, ESTIMATOR, "p", GAME.start, 0, Guess(1)))


def fold_step_lines(events: Sequence[Event]) -> None:
    writer = EventLines(TwoWords(GAME, ESTIMATOR), io.StringIO())
    for event in events:
        writer(event)
    writer.finish()


FORMATS: dict[str, Callable[[Sequence[Event]], None]] = {
    "tree": fold_tree,
    "text": fold_text,
    "steps": fold_steps,
    "step lines": fold_step_lines,
}

BAD_STREAMS: dict[str, tuple[list[Event], str]] = {
    "a leave first": ([LEAVE], "a Leave event with no position entered"),
    "a child first": ([enter(0, CHILD)], "the first position entered must be the root"),
    "a child without a move": (
        [enter(None), enter(None, CHILD)],
        "a position other than the root was entered without a move",
    ),
    "a second root": ([enter(None), LEAVE, enter(None, CHILD)], "a second root"),
    "a cut outside": ([Cut((0, Guess(1), empty()))], "a Cut event with no position entered"),
    "a table outside": (
        [TableHit(Guess(1), BoundKind.EXACT, None)],
        "a TableHit event with no position entered",
    ),
    "a root never left": ([enter(None), enter(0, CHILD), LEAVE], "the search is not over"),
}


@pytest.mark.parametrize("stream", BAD_STREAMS, ids=str)
@pytest.mark.parametrize("fold", FORMATS, ids=str)
def test_every_two_player_format_refuses_a_broken_stream_alike(fold: str, stream: str) -> None:
    events, sentence = BAD_STREAMS[stream]
    with pytest.raises(TraceError, match=f"^{re.escape(sentence)}"):
        FORMATS[fold](events)


@pytest.mark.parametrize("fold", FORMATS, ids=str)
def test_every_two_player_format_takes_the_root_searched_again(fold: str) -> None:
    best: Event = Leave(Guess(1), BoundKind.EXACT, 0)
    FORMATS[fold]([enter(None), LEAVE, enter(None), enter(0, CHILD), LEAVE, best])
