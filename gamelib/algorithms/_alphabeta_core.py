"""The engine of alpha-beta in negamax form: one search, shared by negamax alpha-beta, the
null-window searches (PVS, SCOUT, MTD(f)) and iterative deepening.

Private: each of those modules builds its players from it; the public names are theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeAlias, TypeVar, final

from gamelib import seq
from gamelib.algorithms.ordering import Ordering
from gamelib.algorithms.table import Entry, TranspositionTable
from gamelib.core.datatypes import (
    GREATER,
    LESS,
    Draw,
    Order,
    Outcome,
    Playing,
    Side,
    Status,
    Winner,
)
from gamelib.core.estimator import (
    Definitely,
    Est,
    Guess,
    Settings,
    checked_estimate,
)
from gamelib.core.game import Game
from gamelib.core.window import Bound, Infinity, NegInf, PosInf, below
from gamelib.search.capabilities import (
    NumericEstimates,
    negate_est,
    numeric_estimates,
    state_key,
)
from gamelib.search.events import BoundKind, Cut, SearchObserver, Window
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    Scanned,
    no_moves,
    ordered_moves,
)
from gamelib.seq import Cons, Seq

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")

Mode: TypeAlias = Literal["plain", "pvs", "scout"]
"""How a search values the moves after a position's first (see `alphabeta_core`)."""

_Later: TypeAlias = Callable[[int, S, M, Side, Bound[G], Bound[G], Est[G], bool], Est[G]]
"""`later(d, s, m, side, α, β, best, closed)`: the value of a move after the first."""


@final
@dataclass(frozen=True, slots=True)
class NegamaxSettings(Settings[S, M, G]):
    """Settings of alpha-beta in negamax form: [`Settings`][gamelib.core.estimator.Settings] and
    what a failing position returns.

    ```pycon
    >>> from gamelib.games.nim import Nim, nim_estimator
    >>> NegamaxSettings(nim_estimator(Nim()), 4).fail_soft
    True

    ```
    """

    fail_soft: bool = True
    """True: a position that fails returns the best value it found (fail-soft);
    False: it returns the bound it crossed, α or β (fail-hard)."""
    table_entries: int = 0
    """Room in the player's transposition table, in entries; 0 for no table."""
    table_move: bool = True
    """Whether a position's move from the table (if any) is tried first."""
    killers: bool = False
    """Whether killer moves are tried early (see `gamelib.algorithms.ordering`)."""
    history: bool = False
    """Whether the other moves are tried by history score (see
    [`gamelib.algorithms.ordering`][gamelib.algorithms.ordering]).
    """

    def __post_init__(self) -> None:
        # Not super(): zero-argument super() fails in slotted dataclasses before Python 3.14.
        Settings.__post_init__(self)
        for name in ("fail_soft", "table_move", "killers", "history"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, got {getattr(self, name)!r}")
        entries: object = self.table_entries
        if not isinstance(entries, int) or isinstance(entries, bool) or entries < 0:
            raise ValueError(f"table_entries must be a whole number >= 0, got {entries!r}")


_MAXIE_WINS: Definitely = Definitely(Winner(Side.Maxie))
_MINNIE_WINS: Definitely = Definitely(Winner(Side.Minnie))
_DRAW: Definitely = Definitely(Draw())
# Enum members as module names: on Python 3.11 reading one through its class (Side.Maxie)
# goes through EnumType's __getattr__ hook, ~68 ns, and these are read at every position.
_MAXIE: Final = Side.Maxie
_EXACT: Final = BoundKind.EXACT
_LOWER: Final = BoundKind.LOWER
_UPPER: Final = BoundKind.UPPER


class Views(Generic[G]):
    """Turning estimates between Maxie's point of view and the mover's."""

    def __init__(self, numeric: NumericEstimates[G]) -> None:
        self.numeric = numeric

    def of(self, side: Side, value: Est[G]) -> Est[G]:
        """`value` (Maxie's view) as `side` sees it; also its inverse."""
        return value if side is _MAXIE else negate_est(self.numeric, value)

    def guess(self, side: Side, guess: G) -> Est[G]:
        """The estimator's `guess` (Maxie's view) as `side` sees it."""
        return Guess(guess) if side is _MAXIE else Guess(self.numeric.negate(guess))

    def ended(self, side: Side, outcome: Outcome) -> Est[G]:
        """A finished game as `side` sees it: its win is Maxie's win in its terms."""
        if isinstance(outcome, Winner):
            return _MAXIE_WINS if outcome.side is side else _MINNIE_WINS
        return _DRAW

    def bound(self, bound: Bound[G]) -> Bound[G]:
        """A window's bound seen by the other side: −∞ and +∞ swap, estimates negate."""
        if isinstance(bound, Infinity):
            return PosInf if bound is NegInf else NegInf
        return negate_est(self.numeric, bound)

    def window(self, side: Side, alpha: Bound[G], beta: Bound[G]) -> Window[G]:
        """`side`'s window (α, β) in Maxie's terms."""
        if side is _MAXIE:
            return alpha, beta
        return self.bound(beta), self.bound(alpha)

    def kind(self, side: Side, bound: BoundKind) -> BoundKind:
        """`side`'s bound kind in Maxie's terms: at least and at most swap for Minnie."""
        if side is _MAXIE or bound is _EXACT:
            return bound
        return _UPPER if bound is _LOWER else _LOWER

    def found(self, side: Side, found: Scanned[M, G], /) -> Scanned[M, G]:
        """`side`'s edge or cut in Maxie's terms."""
        if side is _MAXIE:
            return found
        if isinstance(found, Cut):
            return Cut((found.move, self.of(side, found.value), found.unsearched))
        return found[0], self.of(side, found[1])


@final
@dataclass(frozen=True, slots=True)
class AlphaBetaCore(Generic[S, M, G]):
    """The parts of a negamax alpha-beta search that drivers (MTD(f), tests) need.

    Built by `alphabeta_core`; values and windows are the mover's.
    """

    search: Callable[[int, S, Bound[G], Bound[G], bool], Scanned[M, G]]
    """`search(d, s, α, β, closed)`: the best edge for the side to move in `s`, or a cut."""
    root: Callable[[S], Edge[M, G]]
    """The search at the root with the whole window, its value in Maxie's terms."""
    windowed_root: Callable[[S, Bound[G], Bound[G], bool], Scanned[M, G]]
    """`windowed_root(s, α, β, closed)`: the root searched with a window (the mover's),
    bracketed for the observer like any position.
    """
    views: Views[G]
    """Between Maxie's point of view and the mover's."""
    depth: int
    """The search depth."""
    table: TranspositionTable[M, Est[G]] | None
    """The transposition table, if there is one."""
    value: Callable[[int, Status[S], Side, Bound[G], Bound[G], bool], Est[G]]
    """`value(d, st, side, α, β, closed)`: what `st` is worth to `side`, who moved
    into it, searched `d` deep with `side`'s window; `closed` is for the search of
    `st` itself.
    """

    @property
    def table_note(self) -> str:
        """`, table N` for a player's name, or nothing."""
        return "" if self.table is None else f", table {self.table.capacity}"


def alphabeta_core(
    settings: NegamaxSettings[S, M, G],
    who: str,
    *,
    observer: SearchObserver[S, M, G] | None = None,
    table: TranspositionTable[M, Est[G]] | None = None,
    mode: Mode = "plain",
    ordering: Ordering[M] | None = None,
    before_play: Callable[[], None] | None = None,
    at_horizon: Callable[[], None] | None = None,
    root_best: Callable[[M, Est[G]], None] | None = None,
) -> AlphaBetaCore[S, M, G]:
    """Alpha-beta in negamax form, as plain alpha-beta, NegaScout/PVS or SCOUT.

    `mode` picks how a move after the first is valued:

    - `"plain"`: every move with the current window (α, β);
    - `"pvs"`: the first move with the window, every later one first *tested*
      with the empty window (α, α), which tells exactly whether it beats α
      (see [`gamelib.algorithms.nullwindow`][gamelib.algorithms.nullwindow]), and searched again,
      from its lower bound to β, only if it does;
    - `"scout"`: a search with the whole window is exact (SCOUT's `EVAL`):
      the first move is searched exactly, each later one only tested against
      the best so far, and searched exactly only if it beats it; searches with
      a narrower window are the tests themselves, plain alpha-beta.

    A search is *closed* when it must stop at a move that reaches β even if
    that move only equals α: with the empty window (m, m) it answers "at
    least m?", where an *open* one answers "more than m?" (see
    [`gamelib.algorithms.nullwindow`][gamelib.algorithms.nullwindow]). Children are searched with
    the other kind (a position that asks "more than m?" asks of each child "at
    least −m?"), which only matters in empty windows.  A test whether a move
    beats α is a closed search of the child, whose view of it is "at least −α?".

    Moves are tried in the game's order through the settings' hook, the
    table's move first (unless `settings.table_move` is off); with
    `ordering` (or `settings.killers` / `settings.history`, which make
    one) killer moves and history scores reorder them too, and every cutoff
    teaches it (see [`gamelib.algorithms.ordering`][gamelib.algorithms.ordering]).

    Drivers such as iterative deepening may also pass `before_play`, called
    before every move is played (it may raise to stop the search: a budget),
    `at_horizon`, called before each estimate, and `root_best`, called
    with each move that becomes the best at the root and its value (the
    mover's): with the whole window, each such value is exact.  Without them
    the search runs exactly the code it runs today.

    `who` names the algorithm in messages. See
    [`NegamaxAlphaBeta`][gamelib.algorithms.negamax.NegamaxAlphaBeta] for the table.
    """
    est = settings.estimator
    if table is not None:
        table.claim(est.game)  # a table another game filled would answer for that game
    game = est.game

    numeric = numeric_estimates(est, who)
    views = Views(numeric)
    show1, neg = seq.show1, negate_est  # looked up once, not at every position
    compare = est.compare
    moves = ordered_moves(settings)
    play = game.play
    soft = settings.fail_soft
    depth = settings.search_depth
    if table is None and settings.table_entries > 0:
        table = TranspositionTable(settings.table_entries)
    table_move = settings.table_move
    if ordering is None and (settings.killers or settings.history):
        ordering = Ordering(killers=settings.killers, history=settings.history)
    # NaN refused, naming the position; a horizon hook (a budget) counted in the same call.
    estimate = checked_estimate(est.estimate, game, at_horizon, estimator=est)

    answered: Callable[[S, Side, Entry[M, Est[G]]], None] | None = None  # set when observed

    # What differs between the modes is chosen here, once: how moves are ordered, how a move
    # after the first is valued (the scan's rule), and whether a table is probed around it.
    order = _order_of(moves, depth, ordering, table is not None and table_move)

    def pvs_later(
        d: int, s: S, m: M, side: Side, a: Bound[G], b: Bound[G], best: Est[G], closed: bool, /
    ) -> Est[G]:
        """NegaScout: test first, then search.  (Inside an empty window the search is
        itself the test: its moves are searched as they come.)"""
        if isinstance(a, Infinity) or not below(a, b, compare):
            return value(d - 1, play(s, m), side, a, b, not closed)
        x = value(d - 1, play(s, m), side, a, a, True)
        if compare(x, a) is GREATER and below(x, b, compare):
            again = value(d - 1, play(s, m), side, x, b, False)
            if compare(again, x) is GREATER:
                x = again
        return x

    def scout_later(
        d: int, s: S, m: M, side: Side, a: Bound[G], b: Bound[G], best: Est[G], closed: bool, /
    ) -> Est[G]:
        """SCOUT: does this move beat the best so far?  Only then its value."""
        x = value(d - 1, play(s, m), side, best, best, True)
        if compare(x, best) is GREATER:
            x = value(d - 1, play(s, m), side, NegInf, PosInf, False)
        return x

    rule: Callable[[Bound[G], Bound[G]], _Later[S, M, G] | None] | None = None  # plain
    if mode == "pvs":
        rule = lambda a, b: pvs_later  # noqa: E731 - every window
    elif mode == "scout":
        rule = lambda a, b: scout_later if a is NegInf and b is PosInf else None  # noqa: E731

    def scan(
        d: int,
        s: S,
        alpha: Bound[G],
        beta: Bound[G],
        closed: bool = False,
        first: M | None = None,
        narrowed: Window[G] | None = None,
        /,
    ) -> Scanned[M, G]:
        """The best edge for the side to move, or a cut; values and window are its own.

        `first` is a move to try first (the table's); `narrowed` is the window the moves are
        searched with when the table narrowed (α, β), which stays what a fail-hard search
        falls back to.
        """
        side = game.player(s)
        rest = moves(s) if order is None else order(d, side, s, first)
        a, b = (alpha, beta) if narrowed is None else narrowed
        later = None if rule is None else rule(a, b)
        best: Edge[M, G] | None = None
        found: Scanned[M, G] | None = None
        while True:
            view = show1(rest)
            if not isinstance(view, Cons):
                break
            m = view.head
            rest = view.tail
            if best is None or later is None:
                x = value(d - 1, play(s, m), side, a, b, not closed)
            else:
                x = later(d, s, m, side, a, b, best[1], closed)
            if best is None or compare(x, best[1]) is GREATER:
                best = (m, x)
                if root_best is not None and d == depth:
                    root_best(m, x)
                # not below(x, b) and below(a, x), written out: mypy narrows the bounds to
                # estimates here, and a call per better move costs ~5% of a whole search.
                if closed and b is not PosInf and b is not NegInf and compare(x, b) is not LESS:
                    found = Cut((m, x if soft else b, rest))  # a closed test stops at β
                    break
                if a is NegInf or a is PosInf or compare(x, a) is GREATER:  # α < x (never +∞)
                    if b is not PosInf and b is not NegInf and compare(x, b) is not LESS:  # β <= x
                        found = Cut((m, x if soft else b, rest))
                        break
                    a = x
        if best is None:
            raise no_moves(game, s)
        if found is not None:
            if ordering is not None:
                ordering.cutoff(depth - d, side, found[0], depth=d)
        elif soft or isinstance(alpha, Infinity) or compare(best[1], alpha) is GREATER:
            found = best
        else:
            found = best[0], alpha  # fail-hard, failing low: the bound it did not reach
        return found

    search: Callable[[int, S, Bound[G], Bound[G], bool], Scanned[M, G]] = scan
    if table is not None:
        tab, key_of = table, state_key(game)

        def tabled(
            d: int, s: S, alpha: Bound[G], beta: Bound[G], closed: bool = False, /
        ) -> Scanned[M, G]:
            """`scan`, asking the table first and telling it after."""
            key = key_of(s)
            entry = tab.probe(key)
            first: M | None = None
            narrowed: Window[G] | None = None
            if entry is not None:
                if (
                    d < depth
                    and entry.best is not None
                    and entry.answers(d, alpha, beta, compare, closed)
                ):
                    if answered is not None:
                        answered(s, game.player(s), entry)
                    x = entry.value
                    return entry.best, x if soft else _clamp(x, alpha, beta, compare)
                if d < depth and entry.depth >= d:
                    # A bound that does not settle it narrows the window, while the window
                    # stays open.  (Not at the root: there the move must be the true best,
                    # and moves that merely tie a raised α would look as good.)
                    x = entry.value
                    if below(alpha, x, compare) and below(x, beta, compare):  # inside the window
                        if entry.bound is _LOWER:
                            narrowed = x, beta
                        elif entry.bound is _UPPER:
                            narrowed = alpha, x
                if table_move:
                    first = entry.best
            found = scan(d, s, alpha, beta, closed, first, narrowed)
            tab.store(key, Entry(d, found[1], kind_of(found, alpha), found[0]))
            return found

        search = tabled

    def value(
        d: int, st: Status[S], side: Side, alpha: Bound[G], beta: Bound[G], closed: bool, /
    ) -> Est[G]:
        """What `st` is worth to `side`, searched with `side`'s window (α, β);
        `closed` is for the search of `st` itself.
        """
        if isinstance(st, Playing):
            s = st.state
            if d == 0:
                return views.guess(side, estimate(s))
            if game.player(s) is side:  # the same side moves again: the same window
                return search(d, s, alpha, beta, closed)[1]
            # The window as the other side sees it, and the value back (views.bound and
            # views.of, written out: each call cost about 4% of a search).
            b = PosInf if beta is NegInf else NegInf if beta is PosInf else neg(numeric, beta)
            a = PosInf if alpha is NegInf else NegInf if alpha is PosInf else neg(numeric, alpha)
            return neg(numeric, search(d, s, b, a, closed)[1])
        return views.ended(side, st.outcome)

    def windowed_root(
        s: S, alpha: Bound[G], beta: Bound[G], closed: bool = False, /
    ) -> Scanned[M, G]:
        return search(depth, s, alpha, beta, closed)

    def kind_of(found: Scanned[M, G], alpha: Bound[G]) -> BoundKind:
        """What `found` says of its position's value, for its mover: what the table is told."""
        if isinstance(found, Cut):
            return _LOWER
        return _UPPER if not below(alpha, found[1], compare) else _EXACT

    def root(s: S, /) -> Edge[M, G]:
        found = search(depth, s, NegInf, PosInf, False)  # the whole window: nothing is cut
        return found[0], views.of(game.player(s), found[1])

    if observer is not None:
        watch = Watch(game, observer, compare)
        plain_search, plain_value = search, value

        def search_twin(
            d: int, s: S, alpha: Bound[G], beta: Bound[G], closed: bool = False, /
        ) -> Scanned[M, G]:
            found = plain_search(d, s, alpha, beta, closed)
            side = game.player(s)
            watch.chose(views.found(side, found), views.kind(side, kind_of(found, alpha)))
            return found

        def value_twin(
            d: int, st: Status[S], side: Side, alpha: Bound[G], beta: Bound[G], closed: bool, /
        ) -> Est[G]:
            window = views.window(side, alpha, beta)
            watch.enter(st, d, window)
            x = plain_value(d, st, side, alpha, beta, closed)
            watch.leave(views.of(side, x), window)
            return x

        def answered_twin(s: S, side: Side, entry: Entry[M, Est[G]]) -> None:
            # A symmetric position may share the key: its move is shown only if legal here.
            best = entry.best if entry.best in seq.to_tuple(game.moves(s)) else None
            watch.hit(views.of(side, entry.value), views.kind(side, entry.bound), best)

        def windowed_root_twin(
            s: S, alpha: Bound[G], beta: Bound[G], closed: bool = False, /
        ) -> Scanned[M, G]:
            window = views.window(game.player(s), alpha, beta)
            watch.start_root()
            watch.enter(Playing(s), depth, window)
            found = plain_search(depth, s, alpha, beta, closed)
            side = game.player(s)
            shown = views.found(side, found)
            watch.chose(shown, views.kind(side, kind_of(found, alpha)))
            watch.leave(shown[1], window)
            return found

        play, search, value = watch.play, search_twin, value_twin
        root = watch.root(root, depth, (NegInf, PosInf))
        windowed_root = windowed_root_twin
        answered = answered_twin

    if before_play is not None:
        plain_play, spend = play, before_play

        def play(s: S, m: M, /) -> Status[S]:
            spend()
            return plain_play(s, m)

    return AlphaBetaCore(search, root, windowed_root, views, depth, table, value)


def _order_of(
    moves: Callable[[S], Seq[M]],
    depth: int,
    ordering: Ordering[M] | None,
    table_first: bool,
) -> Callable[[int, Side, S, M | None], Seq[M]] | None:
    """How a search `depth` deep orders a position's moves, given the table's move (if any):
    by `ordering`, or the table's move first, or (None) as `moves` gives them."""
    if ordering is not None:
        learnt = ordering

        def by_ordering(d: int, side: Side, s: S, first: M | None, /) -> Seq[M]:
            return seq.from_iterable(learnt.order(depth - d, side, seq.to_tuple(moves(s)), first))

        return by_ordering
    if table_first:

        def table_first_(d: int, side: Side, s: S, first: M | None, /) -> Seq[M]:
            rest = moves(s)
            return rest if first is None else _first(first, rest)

        return table_first_
    return None


def _clamp(
    x: Est[G], alpha: Bound[G], beta: Bound[G], compare: Callable[[Est[G], Est[G]], Order]
) -> Est[G]:
    """`x` as a fail-hard search returns it: the bound it crossed, if it crossed one."""
    if not isinstance(alpha, Infinity) and compare(x, alpha) is not GREATER:
        return alpha
    if not isinstance(beta, Infinity) and compare(x, beta) is not LESS:
        return beta
    return x


def _first(move: M, moves: Seq[M]) -> Seq[M]:
    """`moves` with `move` tried first, if it is one of them (else as they are)."""
    offered = seq.to_tuple(moves)
    if not offered or offered[0] == move or move not in offered:
        return moves
    return seq.from_iterable((move, *(m for m in offered if m != move)))


def principal_line(
    game: Game[S, M],
    play: Callable[[S, M], Status[S]],
    value_of: Callable[[int, Status[S], Side, Bound[G], Bound[G], bool], Est[G]],
    maxies: Callable[[Side, Est[G]], Est[G]],
    compare: Callable[[Est[G], Est[G]], Order],
    state: S,
    depth: int,
    value: Est[G],
    first: M,
    line: list[M],
) -> None:
    """Best moves from `state`, whose value to its mover at `depth` is `value`,
    starting with `first`, the best move the search chose there.

    At each position of the line, the first move whose child is worth at
    least the known value (one empty-window test, mostly answered by the
    table) is a best move, and its child's value is then known exactly.
    The moves are appended to `line` as they are found (so a budget that
    runs out leaves the part found).
    """
    s, d, v = state, depth, value
    while d > 0:
        side = game.player(s)
        chosen: tuple[M, Status[S]] | None = None
        offered = seq.to_tuple(game.moves(s))
        if not line:
            offered = (first, *(m for m in offered if m != first))
        for m in offered:
            child = play(s, m)
            # "Is the child worth at least v to side?": a closed test if side moves
            # there again, else the child's mover's open test "more than -v?".
            again = isinstance(child, Playing) and game.player(child.state) is side
            x = value_of(d - 1, child, side, v, v, again)
            if compare(x, v) is not LESS:
                chosen = m, child
                break
        if chosen is None:  # pragma: no cover - the value came from this very search
            break
        m, child = chosen
        line.append(m)
        if not isinstance(child, Playing):
            break
        nxt = child.state
        if game.player(nxt) is not side:
            v = maxies(Side.Minnie, v)  # the child's mover sees it negated
        s, d = nxt, d - 1
