"""Search for n players: max^n, max^n with shallow pruning, and the paranoid reduction.

**max^n** (Luckhardt and Irani, 1986) is minimax with vectors: a position's
value is a utility vector, and the player to move takes the child whose
vector is best *in its own component*.  With two zero-sum players it is
minimax again.

**Ties.**  When several children give the mover the same utility, the first
in move order wins, as the lectures' `max` on edges keeps the first edge.
The other players do care which one is taken, so the rule changes values, and
it is part of the contract: [`MaxN`][gamelib.nplayer.maxn.MaxN] replaces the best child only when a
later one is *strictly* better for the mover.  Other rules exist (a
"paranoid" mover takes the tie worst for everyone else, a "generous" one the
tie best for the next player, a random one any); each gives another value,
and none is more correct than the others.

**Shallow pruning** (Korf, 1991) needs every utility to be at least 0 and
every vector's sum to be at most a known `total` (a constant-sum game is the
usual case).  If the parent's player `q` already has `b` from an earlier
move, and the player `p` to move here (`p != q`) has found a child
giving it `x` with `total - x <= b`, then whatever `p` ends up taking
leaves `q` at most `total - x <= b`: not strictly better than what `q`
has, so `q` will not choose this move, and the rest of `p`'s moves are
skipped.  The parent ignores the cut position's vector for the same reason,
so the root's vector and move are exactly those of [`MaxN`][gamelib.nplayer.maxn.MaxN].  Only this
one-level ("shallow") cut is safe; the deeper cuts of alpha-beta are not, for
more than two players.

**Paranoid** search (Sturtevant and Korf, 2000) assumes everyone else has
ganged up on the player to move: it is then a two-player zero-sum game,
[`ParanoidGame`][gamelib.nplayer.maxn.ParanoidGame], which gamelib's own two-player searches solve
unchanged.  [`Paranoid`][gamelib.nplayer.maxn.Paranoid] solves it with
[`paranoid_player`][gamelib.nplayer.maxn.paranoid_player], alpha-beta that stops where the
n-player game ends.

```pycon
>>> from gamelib.nplayer.trees import CSE473, TreeGame, tree_estimator
>>> settings = NSettings(tree_estimator(TreeGame(CSE473)), 3)
>>> MaxN(settings).analyse(settings.estimator.game.start)
(0, (3, 2, 5))
>>> Paranoid(settings).analyse(settings.estimator.game.start)
(0, 1)

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, TypeAlias, TypeVar, cast, final

from gamelib import seq
from gamelib.core.checks import echo, quoted
from gamelib.core.contracts import check_moves
from gamelib.core.datatypes import GREATER, LESS, Order, Playing, Side, Status
from gamelib.core.estimator import Est, Guess, Settings, checked_estimate, standard_compare
from gamelib.core.game import no_moves
from gamelib.core.window import CHART, Bound, column
from gamelib.errors import InputError
from gamelib.nplayer.game import (
    Finished,
    NEstimator,
    NPlayerGame,
    NSettings,
    NStatus,
    Number,
    PlayerNumberError,
    Vector,
    check_vector,
    not_a_player,
    number_to_string,
    vector_to_string,
)
from gamelib.search.events import BoundKind, Cut, Enter, Event, Leave, SearchObserver
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    Factory,
    FamilyPlayer,
    Scanned,
    Searcher,
    SearchPlayer,
    count_leaves,
    depth_guarded,
    ordered_moves,
    search_player,
    windowed_root,
)
from gamelib.seq import Cons, Seq

__all__ = [
    "END",
    "EndMove",
    "Ended",
    "MaxN",
    "NEvent",
    "NFactory",
    "NObserver",
    "NSearchPlayer",
    "NWindow",
    "Paranoid",
    "ParanoidEstimator",
    "ParanoidGame",
    "ShallowBoundError",
    "ShallowMaxN",
    "ShallowSettings",
    "count_leaves",
    "paranoid_player",
    "paranoid_settings",
]

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
St = TypeVar("St")

NWindow: TypeAlias = tuple[int, Number]
"""What shallow pruning searches a position with: the parent's player, and the utility it
already has from an earlier move."""

NEvent: TypeAlias = Event[S, M, NWindow, Vector]
"""Anything an n-player search reports: the events of every family
([`gamelib.search.events`][gamelib.search.events]), whose values are vectors and whose
window is shallow pruning's bound; a position it stopped early is left `at least` (only its
mover's component is a bound)."""

NObserver: TypeAlias = Callable[[NEvent[S, M]], None]
"""A function that takes each event as it happens."""

_EXACT = BoundKind.EXACT
_AT_LEAST = BoundKind.LOWER  # stopped early: only the mover's component is a (lower) bound


class ShallowBoundError(InputError, ValueError):
    """A vector that breaks shallow pruning's assumptions: a negative utility or too large a sum."""


@dataclass(frozen=True, slots=True)
class ShallowSettings(NSettings[S, M]):
    """Settings for [`ShallowMaxN`][gamelib.nplayer.maxn.ShallowMaxN]: also the most any vector's
    utilities add up to.

    REQUIRES: `total >= 0`; every vector the game or the estimator gives has
    utilities `>= 0` summing to at most `total` (the search checks each one
    and raises [`ShallowBoundError`][gamelib.nplayer.maxn.ShallowBoundError] naming the first that
    does not).
    """

    total: Number
    """The largest sum of a vector (the constant of a constant-sum game)."""

    def __post_init__(self) -> None:
        super(ShallowSettings, self).__post_init__()  # slots: the zero-argument form fails
        total: object = self.total  # the command line may pass anything
        if isinstance(total, bool) or not isinstance(total, int | float | Fraction):
            raise ShallowBoundError(
                f"the total of the utilities must be a number, got {echo(total)}"
            )
        if not self.total >= 0:  # NaN fails this too
            raise ShallowBoundError(
                f"the total of the utilities must be at least 0, got {echo(self.total)}"
            )


NSearchPlayer: TypeAlias = Searcher[NPlayerGame[S, M], NSettings[S, M], S, M, V]
"""A player built by an n-player search factory: `analyse` gives its move and the value the
search found for it (a vector; paranoid's a number)."""


NFactory: TypeAlias = Factory[St, NObserver[S, M], NSearchPlayer[S, M, Vector]]
"""The shape of `MaxN` and `ShallowMaxN`: `F(settings, *, observer=None)`."""


def _maxn(
    name: str,
    settings: NSettings[S, M],
    total: Number | None,
    observer: NObserver[S, M] | None,
) -> NSearchPlayer[S, M, Vector]:
    """max^n, with shallow pruning against `total` unless it is None."""
    est = settings.estimator
    game = est.game
    n = settings.players
    moves, play, player_of, estimate = game.moves, game.play, game.player, est.estimate

    def fits(vector: Vector) -> bool:
        """One length test per leaf; the bounds only when pruning relies on them."""
        if type(vector) is not tuple or len(vector) != n:
            return False
        return total is None or (min(vector) >= 0 and sum(vector) <= total)

    def refuse(vector: Vector, where: str) -> Exception:
        """The error for a vector that does not fit, built only when one does not."""
        check_vector(vector, n, where)  # raises when the length is wrong
        written = echo(vector_to_string(vector), 60)
        return ShallowBoundError(
            f"shallow pruning needs utilities of at least 0 summing to at most "
            f"{number_to_string(total or 0)}, but {where} has the vector {written}"
        )

    def estimated(s: S) -> Vector:
        v = estimate(s)
        if not fits(v):
            raise refuse(v, f"the estimate of {quoted(game.state_to_string(s), 40)}")
        return v

    def final(st: Finished, m: M | None) -> Vector:
        v = st.utilities
        if not fits(v):
            move = "?" if m is None else echo(game.move_to_string(m))
            raise refuse(v, f"the end after the move {move}")
        return v

    def mover(s: S) -> int:
        p = player_of(s)
        if not 0 <= p < n:
            raise not_a_player(game, s, p)
        return p

    # --8<-- [start:search]
    def search(d: int, s: S, p: int, bound: tuple[int, Number] | None, /) -> tuple[M, Vector, bool]:
        """The best edge for player `p` at `s`, and whether every move was searched.

        `bound` is the parent's player and what it already has (shallow pruning only).
        REQUIRES: d > 0 and `s` is still being played.
        """
        best: tuple[M, Vector] | None = None
        rest = moves(s)
        while True:
            view = seq.show1(rest)
            if not isinstance(view, Cons):
                break
            m = view.head
            rest = view.tail
            # This position's own best so far is the bound for the child's shallow cut.
            mine = None if total is None or best is None else (p, best[1][p])
            v = evaluate(d - 1, play(s, m), m, mine)
            if best is None or v[p] > best[1][p]:  # strictly better: ties keep the first move
                best = (m, v)
                # Korf's shallow cut: the parent's player (another one) cannot gain here.
                if bound is not None and total is not None and bound[0] != p:  # noqa: SIM102
                    if total - v[p] <= bound[1]:
                        if observer is not None:
                            observer(Cut((m, v, rest)))
                        return m, v, False
        if best is None:
            raise no_moves(game, s)
        return best[0], best[1], True

    # --8<-- [end:search]

    def evaluate(d: int, st: NStatus[S], m: M, bound: tuple[int, Number] | None, /) -> Vector:
        """The vector of the position `st` that the move `m` led to.  REQUIRES: d >= 0."""
        if observer is not None:
            return watched(d, st, m, bound)
        if isinstance(st, Playing):
            s = st.state
            if d == 0:
                return estimated(s)
            return search(d, s, mover(s), bound)[1]
        return final(st, m)

    def watched(d: int, st: NStatus[S], m: M | None, bound: tuple[int, Number] | None) -> Vector:
        """`evaluate`, bracketed by the events an observer is told."""
        assert observer is not None
        if isinstance(st, Playing):
            s = st.state
            p = mover(s)
            observer(Enter(m, st, p, d, bound))
            if d == 0:
                v = estimated(s)
                observer(Leave(v, _EXACT, None))
                return v
            best, v, exact = search(d, s, p, bound)
            observer(Leave(v, _EXACT if exact else _AT_LEAST, best))
            return v
        observer(Enter(m, st, None, d, bound))
        v = final(st, m)
        observer(Leave(v, _EXACT, None))
        return v

    depth = settings.search_depth

    def root(state: S, /) -> tuple[M, Vector]:
        p = mover(state)
        check_moves(game, state, game.moves(state))  # a list here fails deep in a search
        if observer is not None:
            observer(Enter(None, Playing(state), p, depth, None))
        best, v, exact = search(depth, state, p, None)
        if observer is not None:
            observer(Leave(v, _EXACT if exact else _AT_LEAST, best))
        return best, v

    return FamilyPlayer(name, game, settings, depth_guarded(depth, root))


def MaxN(
    settings: NSettings[S, M], /, *, observer: NObserver[S, M] | None = None
) -> NSearchPlayer[S, M, Vector]:
    """A player that searches every line `settings.search_depth` moves deep with max^n.

    The mover takes the child best in its own component, the first one on a
    tie.  Estimates and final vectors of the wrong length raise
    [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError]; an `observer` is told
    everything the search does (see [`NEvent`][gamelib.nplayer.maxn.NEvent]).
    """
    return _maxn(f"MaxN(depth {settings.search_depth})", settings, None, observer)


def ShallowMaxN(
    settings: ShallowSettings[S, M], /, *, observer: NObserver[S, M] | None = None
) -> NSearchPlayer[S, M, Vector]:
    """[`MaxN`][gamelib.nplayer.maxn.MaxN] with Korf's shallow pruning: the same move and vector,
    fewer leaves.

    Every vector must have utilities `>= 0` summing to at most
    `settings.total`; the first that does not raises
    [`ShallowBoundError`][gamelib.nplayer.maxn.ShallowBoundError].
    """
    total = settings.total
    name = f"ShallowMaxN(depth {settings.search_depth}, total {number_to_string(total)})"
    return _maxn(name, settings, total, observer)


# --------------------------------------------------------------------------
# The paranoid reduction


@final
@dataclass(frozen=True, slots=True)
class Ended:
    """A finished n-player game, as a position of the reduced two-player game.

    The two-player GAME ends only in a win, a loss or a draw, which cannot
    carry a utility, so the reduction keeps a finished game on the board: its
    one move, [`END`][gamelib.nplayer.maxn.END], leads back to it, and estimating it gives the
    paranoid player's utility exactly.
    """

    utilities: Vector
    """The finished game's vector."""

    def __str__(self) -> str:
        return f"finished {vector_to_string(self.utilities)}"


class EndMove(Enum):
    """The only move of an [`Ended`][gamelib.nplayer.maxn.Ended] position."""

    END = "end"

    def __repr__(self) -> str:
        return "END"


END = EndMove.END
"""The one move of an [`Ended`][gamelib.nplayer.maxn.Ended] position: it leads back to it."""
_END_MOVES: Seq[EndMove] = seq.singleton(END)


@final
@dataclass(frozen=True, slots=True)
class ParanoidGame(Generic[S, M]):
    """`game` as two players: `me` is Maxie, everyone else together is Minnie.

    A two-player [`Game`][gamelib.core.game.Game], so any two-player search
    plays it; with [`ParanoidEstimator`][gamelib.nplayer.maxn.ParanoidEstimator] the value is `me`'s
    utility.

    ```pycon
    >>> from gamelib.nplayer.trees import CSE473, TreeGame
    >>> reduced = ParanoidGame(TreeGame(CSE473), 1)
    >>> reduced.player(reduced.start), reduced.state_to_string(reduced.start)
    (<Side.Minnie>, '(A,a)')

    ```
    """

    game: NPlayerGame[S, M]
    """The n-player game."""
    me: int
    """The paranoid player (Maxie)."""

    def __post_init__(self) -> None:
        n = len(self.game.names)
        me: object = self.me
        if isinstance(me, bool) or not isinstance(me, int) or not 0 <= me < n:
            raise PlayerNumberError(
                f"the paranoid player must be one of 0 to {n - 1}, got {echo(self.me)}"
            )

    @property
    def start(self) -> S | Ended:
        return self.game.start

    def player(self, state: S | Ended, /) -> Side:
        if isinstance(state, Ended):
            return Side.Maxie  # one move: whoever makes it makes the same one
        return Side.Maxie if self.game.player(state) == self.me else Side.Minnie

    def moves(self, state: S | Ended, /) -> Seq[M | EndMove]:
        if isinstance(state, Ended):
            return _END_MOVES
        return self.game.moves(state)

    def play(self, state: S | Ended, move: M | EndMove, /) -> Status[S | Ended]:
        if isinstance(state, Ended):
            return Playing(state)
        if isinstance(move, EndMove):
            raise ValueError(f"'end' is only a move of a finished game, not of {echo(state)}")
        status = self.game.play(state, move)
        if isinstance(status, Finished):
            return Playing(Ended(status.utilities))
        return status

    def state_to_string(self, state: S | Ended, /) -> str:
        return str(state) if isinstance(state, Ended) else self.game.state_to_string(state)

    def move_to_string(self, move: M | EndMove, /) -> str:
        return move.value if isinstance(move, EndMove) else self.game.move_to_string(move)

    def parse_move(self, state: S | Ended, text: str, /) -> M | EndMove | None:
        if isinstance(state, Ended):
            return END if text.strip() == END.value else None
        return self.game.parse_move(state, text)


@final
@dataclass(frozen=True, slots=True)
class ParanoidEstimator(Generic[S, M]):
    """The two-player estimator of a [`ParanoidGame`][gamelib.nplayer.maxn.ParanoidGame]: the
    paranoid player's utility.

    Guesses are that player's component of the n-player estimate (or of the
    finished game's vector), compared as numbers.
    """

    game: ParanoidGame[S, M]
    """The reduced game."""
    estimator: NEstimator[S, M]
    """The n-player estimator it reads."""

    def estimate(self, state: S | Ended, /) -> Number:
        n = len(self.game.game.names)
        if isinstance(state, Ended):
            vector = state.utilities
            where = "a finished game"
        else:
            vector = self.estimator.estimate(state)
            where = f"the estimate of {quoted(self.game.state_to_string(state), 40)}"
        return check_vector(vector, n, where)[self.game.me]

    # The standard order of numeric estimates, which orders exact fractions as it does floats.
    compare = staticmethod(cast(Callable[[Est[Number], Est[Number]], Order], standard_compare))

    def guess_to_string(self, guess: Number, /) -> str:
        return number_to_string(guess)


def paranoid_settings(
    settings: NSettings[S, M], me: int
) -> Settings[S | Ended, M | EndMove, Number]:
    """Two-player settings for `me`'s paranoid game, for any two-player search factory.

    ```pycon
    >>> from gamelib import Minimax
    >>> from gamelib.nplayer.trees import CSE473, TreeGame, tree_estimator
    >>> reduced = paranoid_settings(NSettings(tree_estimator(TreeGame(CSE473)), 3), 0)
    >>> Minimax(reduced).analyse(reduced.estimator.game.start)
    (0, Guess(guess=1))

    ```
    """
    game = ParanoidGame(settings.estimator.game, me)
    return Settings(ParanoidEstimator(game, settings.estimator), settings.search_depth)


def paranoid_player(
    settings: NSettings[S, M],
    me: int,
    /,
    *,
    observer: SearchObserver[S | Ended, M | EndMove, Number] | None = None,
) -> SearchPlayer[S | Ended, M | EndMove, Number]:
    """Alpha-beta on `me`'s [`ParanoidGame`][gamelib.nplayer.maxn.ParanoidGame], which ends
    where the n-player game ends.

    It is [`AlphaBeta`][gamelib.estimate.alphabeta.AlphaBeta] (the lecture's chart, ties
    keeping the first move), except at a finished game: the reduced game keeps it on the
    board for searches that know only wins and draws, but this search values it once, as
    `me`'s utility, and does not play its move [`END`][gamelib.nplayer.maxn.END].  Its moves
    and values are AlphaBeta's and Minimax's on the reduced game; it visits only the
    positions of the n-player game.

    ```pycon
    >>> from gamelib.nplayer.trees import CSE473, TreeGame, tree_estimator
    >>> paranoid = paranoid_player(NSettings(tree_estimator(TreeGame(CSE473)), 9), 0)
    >>> print(paranoid, paranoid.analyse(TreeGame(CSE473).start))
    Paranoid(depth 9) (0, Guess(guess=1))

    ```
    """
    reduced = paranoid_settings(settings, me)
    est = reduced.estimator
    game = est.game
    moves = ordered_moves(reduced)
    play = game.play
    compare = est.compare
    estimate = checked_estimate(est.estimate, game, estimator=est)

    def search(
        d: int, s: S | Ended, alpha: Bound[Number], beta: Bound[Number], /
    ) -> Scanned[M | EndMove, Number]:
        side = game.player(s)
        row = CHART[side]
        better = GREATER if side is Side.Maxie else LESS
        best: Edge[M | EndMove, Number] | None = None
        rest = moves(s)
        while isinstance(view := seq.show1(rest), Cons):
            m, rest = view.head, view.tail
            x = evaluate(d - 1, play(s, m), alpha, beta)
            match row[column(x, alpha, beta, compare)]:
                case "ignore":
                    if best is None or compare(x, best[1]) is better:
                        best = (m, x)
                case "update α":
                    alpha, best = x, (m, x)
                case "update β":
                    beta, best = x, (m, x)
                case "prune":
                    return Cut((m, x, rest))
        if best is None:
            raise no_moves(game, s)
        return best

    def evaluate(
        d: int, st: Status[S | Ended], alpha: Bound[Number], beta: Bound[Number], /
    ) -> Est[Number]:
        assert isinstance(st, Playing)  # the reduced game never ends with a win or a draw
        if d > 0 and not isinstance(st.state, Ended):
            return search(d, st.state, alpha, beta)[1]
        return Guess(estimate(st.state))  # a finished game's is exact

    depth = reduced.search_depth
    root = windowed_root(search, depth)
    if observer is not None:
        watch = Watch(game, observer, compare)
        play, search, evaluate, root = watch.windowed(search, evaluate, root, depth)
    return search_player(f"Paranoid(depth {depth})", reduced, root, window=search)


def Paranoid(
    settings: NSettings[S, M],
    /,
    *,
    observer: SearchObserver[S | Ended, M | EndMove, Number] | None = None,
) -> NSearchPlayer[S, M, Number]:
    """A player that assumes everyone else plays against it, solved with alpha-beta.

    At each state the player to move is Maxie of its
    [`ParanoidGame`][gamelib.nplayer.maxn.ParanoidGame]; `analyse` gives
    [`paranoid_player`][gamelib.nplayer.maxn.paranoid_player]'s move and value there:
    AlphaBeta's, the utility the player is sure of whatever the others do (to the search
    depth). The observer, if any, sees the two-player search's events.
    """
    game = settings.estimator.game
    players = tuple(
        paranoid_player(settings, me, observer=observer) for me in range(settings.players)
    )

    def analyse(state: S, /) -> tuple[M, Number]:
        me = game.player(state)
        if not 0 <= me < len(players):
            raise not_a_player(game, state, me)
        move, value = players[me].analyse(state)
        assert not isinstance(move, EndMove)  # a real state's moves are the game's
        assert isinstance(value, Guess)  # the reduced game never ends with an outcome
        return move, value.guess

    return FamilyPlayer(f"Paranoid(depth {settings.search_depth})", game, settings, analyse)
