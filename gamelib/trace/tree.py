"""The tree of one search of any family, built from its events.

An [`EventTracer`][gamelib.trace.tree.EventTracer] is an observer that folds the events a
search reports (through the one [`Bracket`][gamelib.trace.fold.Bracket]) into a tree of
[`TracedNode`][gamelib.trace.tree.TracedNode]s: the text, the picture and the docs' pages
are drawn from it; [`trace`][gamelib.trace.tree.trace] runs a search of any family with
one and gives its [`Traced`][gamelib.trace.tree.Traced] tree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import (
    Generic,
    Literal,
    Protocol,
    TextIO,
    TypeAlias,
    TypeVar,
    assert_never,
    cast,
    final,
    overload,
)

from gamelib import seq
from gamelib.chance.events import Step
from gamelib.chance.events import Window as ChanceWindow
from gamelib.chance.expectiminimax import ChanceFactory, ChanceSettings
from gamelib.chance.game import ChanceGame, Value
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import Est
from gamelib.core.jsondata import JSON
from gamelib.nplayer.game import NPlayerGame, NSettings, Vector
from gamelib.nplayer.maxn import NFactory, NWindow, ShallowSettings
from gamelib.search.events import (
    BoundKind,
    Cut,
    Enter,
    Event,
    Leave,
    Mover,
    Phase,
    Reached,
    SearchObserver,
    TableHit,
    Window,
)
from gamelib.search.player import SearchFactory, SearchPlayer
from gamelib.trace.fold import Bracket, Open, TraceError
from gamelib.trace.lines import EventLines
from gamelib.trace.words import ChanceWords, NWords, TwoWords, Words

__all__ = [
    "Analyses",
    "EventTracer",
    "Kind",
    "Trace",
    "TraceNode",
    "Traced",
    "TracedNode",
    "TracedRun",
    "Tracer",
    "trace",
    "trace_player",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
St = TypeVar("St")
W = TypeVar("W")
V = TypeVar("V")
S_co = TypeVar("S_co", covariant=True)

Kind = Literal["estimated", "finished", "searched", "cut off", "table"]
"""What happened at a node of a trace."""


@final
@dataclass(eq=False)
class TracedNode(Generic[S, M, W, V]):
    """One position a search of any family visited (once: a position searched twice is two
    nodes, but a position Star2 probes and later resumes is one): positions `S`, steps `M`,
    windows `W`, values `V`. A two-player search's is a
    [`TraceNode`][gamelib.trace.tree.TraceNode]."""

    order: int
    """Visiting order: 0 for the root, then 1, 2, ... as the search entered them."""
    path: tuple[M, ...]
    """The steps from the root to here (moves; in a chance search, outcomes too)."""
    status: Reached[S]
    """`Playing(state)`, or how the game ended."""
    depth: int
    """Moves the search could still look ahead from here."""
    window: W | None
    """What the node was (last) searched with: (α, β), or shallow max^n's bound; None for a
    search without a window."""
    side: Mover | None = None
    """Who decides here (None when the game is over)."""
    children: list[TracedNode[S, M, W, V]] = field(default_factory=list)
    """The children visited, in order."""
    value: V | None = None
    """The value the search returned for this node."""
    bound: BoundKind | None = None
    """Whether `value` is exact or a bound (given the window)."""
    best_move: M | None = None
    """For a searched node, the move whose value it returned."""
    cut_by: M | None = None
    """Where the search cut: the step whose value made the rest irrelevant."""
    cut_value: V | None = None
    """Where the search cut: the value of that step."""
    pruned: tuple[M, ...] = ()
    """Where the search cut: the steps never searched (none if it cut on the last one)."""
    from_table: bool = False
    """Whether a table answered for this node instead of a search."""
    chosen: TracedNode[S, M, W, V] | None = None
    """The child whose value the node took: the last one reached by the best move
    (a re-searched move's final search)."""
    leaf_number: int | None = None
    """For estimated and finished nodes: 1, 2, ... in the order they were reached."""
    probe: tuple[W, V] | None = None
    """For a position Star2 probed: the probe's window and the first move's value."""
    resumed: bool = False
    """Whether Star2 came back to search the other moves after the probe."""

    @property
    def kind(self) -> Kind:
        """What happened here."""
        if not isinstance(self.status, Playing):
            return "finished"
        if not self.children:
            return "table" if self.from_table else "estimated"
        # A cut on the last move leaves nothing unsearched: the node was searched whole.
        return "cut off" if self.pruned else "searched"

    @property
    def step(self) -> M | None:
        """The step that led here from the parent (None at the root)."""
        return self.path[-1] if self.path else None

    def walk(self) -> Iterator[TracedNode[S, M, W, V]]:
        """This node and every node under it, in visiting order (no recursion)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


TraceNode: TypeAlias = TracedNode[S, M, Window[G], Est[G]]
"""One position a two-player search visited."""


@dataclass(frozen=True, slots=True)
class Traced(Generic[S, M, W, V]):
    """A whole search of any family: the root of the visited tree, how the family's words
    read, and who searched."""

    root: TracedNode[S, M, W, V]
    """The position searched from."""
    words: Words[S, M, W, V]
    """How the search's steps, values and windows read (its game, and for two players its
    estimator)."""
    player: str
    """The player's name, e.g. `AlphaBeta(depth 2)`."""
    earlier: tuple[TracedNode[S, M, W, V], ...] = ()
    """Earlier searches of the same root, for a search made of several (MTD(f)):
    `root` is the last one, which settled the value.
    """

    @property
    def passes(self) -> tuple[TracedNode[S, M, W, V], ...]:
        """Every search of the root, in order: `earlier`, then `root`."""
        return (*self.earlier, self.root)

    def nodes(self) -> list[TracedNode[S, M, W, V]]:
        """Every node, in visiting order."""
        return [node for root in self.passes for node in root.walk()]

    def leaves(self) -> list[TracedNode[S, M, W, V]]:
        """The estimated and finished nodes, in the order they were reached."""
        return [n for n in self.nodes() if n.leaf_number is not None]


@final
class Trace(Traced[S, M, Window[G], Est[G]]):
    """A whole two-player search: its `words` are [`TwoWords`][gamelib.trace.words.TwoWords]."""


class EventTracer(Generic[S, M, W, V]):
    """An observer that builds the tree of one search of any family from its events.

    Give it to a factory as `observer=`; once the search is over, `root`
    is the whole tree.  Raises [`TraceError`][gamelib.trace.fold.TraceError] on events that
    are not well bracketed (a `Leave` with nothing entered, a second root).  With
    `keep=False` it keeps only the positions open (a node does not hold its children), for
    a writer that says what it must as each position is opened and left.
    """

    def __init__(self, *, keep: bool = True) -> None:
        self._keep = keep
        self._bracket: Bracket[TracedNode[S, M, W, V]] = Bracket()
        self._leaves = itertools.count(1)
        self._root: TracedNode[S, M, W, V] | None = None
        self.earlier: list[TracedNode[S, M, W, V]] = []
        """Searches of the root before the current one (see `Trace.earlier`)."""

    @property
    def root(self) -> TracedNode[S, M, W, V]:
        """The root of the tree (`TraceError` before the search has started)."""
        if self._root is None:
            raise TraceError("the search has reported nothing yet")
        return self._root

    @property
    def done(self) -> bool:
        """Whether the search has left its root."""
        return self._bracket.done

    def __call__(self, event: Event[S, M, W, V], /) -> None:
        bracket = self._bracket
        match event:
            case Enter():
                self._enter(event)
            case Leave():
                gone = bracket.leaving()
                node = gone.node
                if node.probe is not None and not node.resumed:
                    assert node.window is not None  # a probe has a window
                    node.probe = (node.window, event.value)
                node.value = event.value
                node.bound = event.bound
                node.best_move = event.best
                if event.best is not None:
                    reached = [c for c in node.children if c.path[-1] == event.best]
                    node.chosen = reached[-1] if reached else None
                if not gone.searched and not gone.from_table:
                    node.leaf_number = next(self._leaves)
                self._left(gone)
            case Cut():
                node = bracket.at("Cut").node
                node.cut_by = event.move
                node.cut_value = event.value
                node.pruned = seq.to_tuple(event.unsearched)
            case TableHit():
                bracket.answered().node.from_table = True
            case _:
                assert_never(event)

    def _enter(self, event: Enter[S, M, W]) -> None:
        bracket = self._bracket
        if event.phase is Phase.RESUME:
            parent = bracket.at("resume").node
            probed = [c for c in parent.children if c.step == event.move and c.probe]
            if not probed:
                raise TraceError("a position was resumed that was never probed")
            node = probed[-1]
            node.resumed = True
            node.window = event.window
            bracket.reopen(node)
            return
        above = bracket.entering(event.move, event.status)
        path: tuple[M, ...] = ()
        if above is not None:
            assert event.move is not None  # the bracket refuses a move-less child
            if not above.searched:  # its first child: it is searched, not a leaf
                self._searching(above.node)
            path = (*above.node.path, event.move)
        node = TracedNode(
            bracket.positions, path, event.status, event.depth, event.window, event.side
        )
        if event.phase is Phase.PROBE:
            assert event.window is not None  # a probe has a window
            node.probe = (event.window, cast(V, 0))  # its value comes when it is left
        if above is None:
            if self._root is not None:  # the root searched again: a new pass
                self.earlier.append(self._root)
            self._root = node
            self._rooted()
        elif self._keep:
            above.node.children.append(node)
        bracket.entered(node)

    def _rooted(self) -> None:
        """A search of the root begins (for a writer of its lines)."""

    def _searching(self, node: TracedNode[S, M, W, V]) -> None:
        """`node`'s first child is entered (for a writer of its lines)."""

    def _left(self, gone: Open[TracedNode[S, M, W, V]]) -> None:
        """The position `gone` is left (for a writer of its lines)."""


class _Starts(Protocol[S_co]):
    @property
    def start(self) -> S_co: ...


class Analyses(Protocol[S]):
    """A player of any family, as a trace runs it: its game's start, and `analyse`."""

    @property
    def game(self) -> _Starts[S]: ...

    def analyse(self, state: S, /) -> object: ...


class TracedRun(Generic[S, M, W, V]):
    """The observer of one traced search of any family: it gives each event to its tracer
    and to the step writer, if any; [`traced`][gamelib.trace.tree.TracedRun.traced] runs
    the player and finishes the writer with the player's name and answer."""

    def __init__(self) -> None:
        self.tracer: EventTracer[S, M, W, V] = EventTracer()
        """The tree being built."""
        self._writer: EventLines[S, M, W, V] | None = None

    def __call__(self, event: Event[S, M, W, V], /) -> None:
        self.tracer(event)
        if self._writer is not None:
            self._writer(event)

    def traced(
        self,
        player: Analyses[S],
        words: Words[S, M, W, V],
        state: S | None = None,
        steps: TextIO | None = None,
    ) -> Traced[S, M, W, V]:
        """Run `player` (built around this observer) once from `state` (default the start),
        its steps going to `steps` as lines of JSON if given; the trace of it."""
        if steps is not None:
            self._writer = EventLines(words, steps)
        player.analyse(player.game.start if state is None else state)
        if self._writer is not None:
            named: dict[str, JSON] = {"player": str(player)}
            self._writer.finish(named | self._writer.answer)
        tracer = self.tracer
        return Traced(tracer.root, words, str(player), tuple(tracer.earlier))


class Tracer(EventTracer[S, M, Window[G], Est[G]]):
    """An observer that builds the tree of one two-player search."""


@overload
def trace(
    factory: SearchFactory[St, S, M, G],
    settings: St,
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> Trace[S, M, G]: ...


@overload
def trace(
    factory: ChanceFactory[S, M],
    settings: ChanceSettings[S, M],
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> Traced[S, Step[M], ChanceWindow, Value]: ...


@overload
def trace(
    factory: NFactory[St, S, M],
    settings: St,
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> Traced[S, M, NWindow, Vector]: ...


def trace(
    factory: Callable[..., Analyses[S]],
    settings: object,
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> object:
    """Run the player `factory(settings)` of any family once from `state` (default the
    start) and return the trace of what it did; the family's
    [`Words`][gamelib.trace.words.Words] are told by its settings (shallow max^n's cuts are
    explained by its settings' total).

    `factory` is any search factory (`Minimax`, `AlphaBeta`, `Jamboree` with
    [`JamboreeSettings`][gamelib.estimate.jamboree.JamboreeSettings], `Star2`, `MaxN`, or
    one of your own), with the settings it takes. `steps`, if given, also gets the
    search's steps as lines of JSON ([`EventLines`][gamelib.trace.lines.EventLines]).

    ```pycon
    >>> from gamelib.nplayer import CSE473, ShallowMaxN, ShallowSettings, TreeGame, tree_estimator
    >>> from gamelib.trace import trace_to_text
    >>> t = trace(ShallowMaxN, ShallowSettings(tree_estimator(TreeGame(CSE473)), 3, 10))
    >>> print("\\n".join(trace_to_text(t).splitlines()[-4:]))
      cut off at (B,i): move 0 gives B 7, so A gets at most 10 - 7 = 3, no more than the 3 it has
      move 1 not searched
      value of (B,i) is (1,7,2) or better for B, best move 0
    value of (A,a) is (3,2,5), best move 0

    ```
    """
    if not isinstance(settings, ChanceSettings | NSettings):  # a two-player search
        build = cast(
            Callable[[SearchObserver[S, object, object]], SearchPlayer[S, object, object]],
            lambda o: factory(settings, observer=o),
        )
        return trace_player(build, state, steps=steps)
    run: TracedRun[S, object, object, object] = TracedRun()
    player = factory(settings, observer=run)
    words: object
    if isinstance(settings, ChanceSettings):
        words = ChanceWords(cast(ChanceGame[S, object], player.game))
    else:
        total = settings.total if isinstance(settings, ShallowSettings) else None
        words = NWords(cast(NPlayerGame[S, object], player.game), total)
    return run.traced(player, cast(Words[S, object, object, object], words), state, steps)


def trace_player(
    build: Callable[[SearchObserver[S, M, G]], SearchPlayer[S, M, G]],
    state: S | None = None,
    *,
    steps: TextIO | None = None,
) -> Trace[S, M, G]:
    """Build a two-player player with `build(observer)`, run it once from `state` (default
    the start), and return the trace of what it did (and write its steps to `steps`, as for
    [`trace`][gamelib.trace.tree.trace]).

    For players made some other way than `factory(settings)`, such as a
    catalog entry's `build`.
    """
    run: TracedRun[S, M, Window[G], Est[G]] = TracedRun()
    player = build(run)
    found = run.traced(player, TwoWords(player.game, player.settings.estimator), state, steps)
    return Trace(found.root, found.words, found.player, found.earlier)
