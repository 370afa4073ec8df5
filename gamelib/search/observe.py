"""How a factory reports to an observer without slowing down when it has none.

The functions of a search call each other by name: `search` calls
`evaluate` (through the move loop) and `evaluate` calls `search`.  A
factory given an observer rebinds those names to *twins* made here, which do
exactly what the originals do and also report to the observer; a factory
given none never builds them, so an unobserved search runs the very code it
ran before observation existed.

The twins keep the events well bracketed (see [`gamelib.search.events`][gamelib.search.events]):

- `play` remembers the move it makes, so the next [`Enter`][gamelib.search.events.Enter] can name
  it;
- the `evaluate` twin reports [`Enter`][gamelib.search.events.Enter] before and
  [`Leave`][gamelib.search.events.Leave] after;
- the `search` twin reports a [`Cut`][gamelib.search.events.Cut] when the search stopped early, and
  remembers the move it chose for the [`Leave`][gamelib.search.events.Leave] that follows;
- the root twin brackets the root the same way, so the root is observed like
  every other position;
- `hit` reports a [`TableHit`][gamelib.search.events.TableHit], whose bound and best move the
  [`Leave`][gamelib.search.events.Leave] then carries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, final

from gamelib.core.datatypes import Order, Playing, Status
from gamelib.core.estimator import Est
from gamelib.core.game import Game
from gamelib.core.window import Bound, NegInf, PosInf
from gamelib.search.events import (
    BoundKind,
    Cut,
    Enter,
    Leave,
    SearchObserver,
    TableHit,
    Window,
    bound_kind,
)
from gamelib.search.player import (
    Edge,
    PlainEvaluate,
    PlainSearch,
    Scanned,
    WindowedEvaluate,
    WindowedSearch,
)

__all__ = ["Watch"]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)


@final
class Watch(Generic[S, M, G]):
    """A search's reporter: built only when a factory is given an observer.

    A factory makes one and swaps its functions for the twins it returns:

    ```python
    if observer is not None:
        watch = Watch(game, observer, est.compare)
        play, search, evaluate, root = watch.windowed(search, evaluate, root, depth)
    ```
    """

    __slots__ = ("_best", "_compare", "_game", "_hit", "_move", "_observer")

    def __init__(
        self,
        game: Game[S, M],
        observer: SearchObserver[S, M, G],
        compare: Callable[[Est[G], Est[G]], Order],
    ) -> None:
        self._game = game
        self._observer = observer
        self._compare = compare
        self._move: M | None = None
        self._best: M | None = None
        self._hit: tuple[BoundKind, M | None] | None = None

    # -- the events ---------------------------------------------------------

    def play(self, state: S, move: M, /) -> Status[S]:
        """`game.play`, remembering the move for the next [`Enter`][gamelib.search.events.Enter]."""
        self._move = move
        return self._game.play(state, move)

    def start_root(self) -> None:
        """The next position entered is a root (no move led to it)."""
        self._move = None

    def enter(self, status: Status[S], depth: int, window: Window[G] | None) -> None:
        """Report entering `status` by the move played last."""
        side = self._game.player(status.state) if isinstance(status, Playing) else None
        self._observer(Enter(self._move, status, side, depth, window))
        self._best = None
        self._hit = None

    def chose(self, found: Scanned[M, G], bound: BoundKind | None = None) -> None:
        """The position being searched chose `found`: report a cut, remember the move.

        `bound` is what the value is, for a search that knows better than its
        window can say: with the empty window (m, m) a value of m is both at α
        and at β, and only the search knows whether it stopped there (at least
        m for its mover) or did not (at most). The [`Leave`][gamelib.search.events.Leave] then
        carries it. After a table answer ([`hit`][gamelib.search.observe.Watch.hit]) the search only
        passes the answer on: nothing more.
        """
        if self._hit is not None:
            return
        if isinstance(found, Cut):
            self._observer(found)
        if bound is not None:
            self._hit = (bound, found[0])  # the Leave carries this bound, and the move
            return
        self._best = found[0]

    def hit(self, value: Est[G], bound: BoundKind, best: M | None) -> None:
        """The position entered last was answered from a table: `value` is `bound`.

        The [`Leave`][gamelib.search.events.Leave] that follows carries the table's bound and best
        move.
        """
        self._observer(TableHit(value, bound, best))
        self._hit = (bound, best)

    def leave(self, value: Est[G], window: Window[G] | None) -> None:
        """Report leaving the position entered last with `value`.

        A position the table answered has the table's bound; a position where
        no move was chosen (a leaf) is exact; otherwise the value is judged
        against the window it was searched with.
        """
        best = self._best
        hit = self._hit
        self._best = None
        self._hit = None
        if hit is not None:
            bound, best = hit
        elif best is None or window is None:
            bound = BoundKind.EXACT
        else:
            bound = bound_kind(value, window, self._compare)
        self._observer(Leave(value, bound, best))

    # -- the twins ------------------------------------------------------------

    def root(
        self, root: Callable[[S], Edge[M, G]], depth: int, window: Window[G] | None
    ) -> Callable[[S], Edge[M, G]]:
        """A twin of the search at the root, bracketed like every other position."""

        def root_twin(s: S, /) -> Edge[M, G]:
            self.start_root()
            self.enter(Playing(s), depth, window)
            edge = root(s)
            self._best = edge[0]
            self.leave(edge[1], window)
            return edge

        return root_twin

    def plain(
        self,
        search: PlainSearch[S, M, G],
        evaluate: PlainEvaluate[S, G],
        root: Callable[[S], Edge[M, G]],
        depth: int,
    ) -> tuple[
        Callable[[S, M], Status[S]],
        PlainSearch[S, M, G],
        PlainEvaluate[S, G],
        Callable[[S], Edge[M, G]],
    ]:
        """Twins of `play` and of a search without a window (Minimax's)."""

        def search_twin(d: int, s: S, /) -> Edge[M, G]:
            edge = search(d, s)
            self.chose(edge)
            return edge

        def evaluate_twin(d: int, st: Status[S], /) -> Est[G]:
            self.enter(st, d, None)
            value = evaluate(d, st)
            self.leave(value, None)
            return value

        return self.play, search_twin, evaluate_twin, self.root(root, depth, None)

    def windowed(
        self,
        search: WindowedSearch[S, M, G],
        evaluate: WindowedEvaluate[S, G],
        root: Callable[[S], Edge[M, G]],
        depth: int,
    ) -> tuple[
        Callable[[S, M], Status[S]],
        WindowedSearch[S, M, G],
        WindowedEvaluate[S, G],
        Callable[[S], Edge[M, G]],
    ]:
        """Twins of `play` and of a search with a window (AlphaBeta's, Jamboree's).

        The root is searched with the whole window open, (−∞, +∞).
        """

        def search_twin(d: int, s: S, alpha: Bound[G], beta: Bound[G], /) -> Scanned[M, G]:
            found = search(d, s, alpha, beta)
            self.chose(found)
            return found

        def evaluate_twin(d: int, st: Status[S], alpha: Bound[G], beta: Bound[G], /) -> Est[G]:
            self.enter(st, d, (alpha, beta))
            value = evaluate(d, st, alpha, beta)
            self.leave(value, (alpha, beta))
            return value

        twin = self.root(root, depth, (NegInf, PosInf))
        return self.play, search_twin, evaluate_twin, twin
