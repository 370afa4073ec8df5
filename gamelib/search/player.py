"""What every search factory shares: edges, the player it returns, the root's tail.

A search factory (`Minimax`, `AlphaBeta`, `Jamboree`, and every
algorithm after them) has one shape, [`SearchFactory`][gamelib.search.player.SearchFactory]: it
takes its settings and, optionally, an observer, and returns a
[`SearchPlayer`][gamelib.search.player.SearchPlayer]. The pieces every factory needs live here once:

- edges (a move and its value), `value_of`, `move_of`, and the lectures'
  `max` and `min` on edges, which keep the first edge on a tie;
- `ordered_moves`: the game's moves, through the settings' ordering hook
  when there is one;
- `no_moves`: the error for a game that offers no moves in a state it says
  is still being played, naming that state;
- `search_player`: the root's tail, which turns a search at the root into
  the player (`next_move` is `move_of` composed with it, as on slide 22.16).

```pycon
>>> from gamelib import Guess
>>> from gamelib.core.estimator import standard_compare
>>> best = edge_max(standard_compare)
>>> best((0, Guess(3)), (1, Guess(3)))  # a tie keeps the first edge
(0, Guess(guess=3))

```
"""

from __future__ import annotations

import math
import os
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from types import CodeType
from typing import Generic, Protocol, TypeAlias, TypeVar, final

from toolz import compose

from gamelib import seq
from gamelib.core.checks import plural
from gamelib.core.contracts import check_turn, diagnose
from gamelib.core.datatypes import GREATER, LESS, Order, Status
from gamelib.core.estimator import (
    Est,
    Estimator,
    Guess,
    GuessError,
    NotANumberGuessError,
    Settings,
)
from gamelib.core.game import Game, NoMovesError, no_moves
from gamelib.core.window import Bound, NegInf, PosInf
from gamelib.errors import InputError, StoppedError
from gamelib.search.events import Cut, LeafCounter, SearchObserver
from gamelib.seq import Seq

__all__ = [
    "CountsLeaves",
    "Edge",
    "Factory",
    "FamilyPlayer",
    "GameRecursionError",
    "MoveOrderError",
    "NoMovesError",
    "PlainEvaluate",
    "PlainSearch",
    "Scanned",
    "SearchDepthError",
    "SearchFactory",
    "SearchPlayer",
    "Searcher",
    "Starts",
    "WindowSearch",
    "WindowedEvaluate",
    "WindowedSearch",
    "at_root",
    "count_leaves",
    "depth_guarded",
    "edge_max",
    "edge_min",
    "move_of",
    "no_moves",
    "ordered_moves",
    "recursion_error",
    "search_player",
    "value_of",
    "windowed_root",
    "within",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
St_contra = TypeVar("St_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
Gm_co = TypeVar("Gm_co", covariant=True)
St_co = TypeVar("St_co", covariant=True)
P_co = TypeVar("P_co", covariant=True)
Ob_contra = TypeVar("Ob_contra", contravariant=True)
St = TypeVar("St")
S_contra = TypeVar("S_contra", contravariant=True)

# --8<-- [start:edges]
Edge: TypeAlias = tuple[M, Est[G]]
"""A move and the value found for it (the lectures' `edge`)."""


def value_of(edge: Edge[M, G]) -> Est[G]:
    """The value half of an edge (SML `valueOf`)."""
    return edge[1]


def move_of(edge: Edge[M, G]) -> M:
    """The move half of an edge (SML `moveOf`)."""
    return edge[0]


def edge_max(
    compare: Callable[[Est[G], Est[G]], Order],
) -> Callable[[Edge[M, G], Edge[M, G]], Edge[M, G]]:
    """The lectures' `max` on edges: the second only when the first is worse."""

    def max_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if compare(e1[1], e2[1]) is LESS else e1

    return max_


def edge_min(
    compare: Callable[[Est[G], Est[G]], Order],
) -> Callable[[Edge[M, G], Edge[M, G]], Edge[M, G]]:
    """The lectures' `min` on edges: the second only when the first is better."""

    def min_(e1: Edge[M, G], e2: Edge[M, G]) -> Edge[M, G]:
        return e2 if compare(e1[1], e2[1]) is GREATER else e1

    return min_


# --8<-- [end:edges]

Scanned: TypeAlias = Edge[M, G] | Cut[M, Est[G]]
"""What a windowed search of a position returns: its best edge, or a cut.

Both are indexed alike (`found[0]` the move, `found[1]` its value); a cut
also carries the moves it left unsearched.
"""

# The shapes of the functions a factory builds, for the helpers that wrap them.

PlainSearch: TypeAlias = Callable[[int, S], Edge[M, G]]
"""Minimax's `search d s`."""
PlainEvaluate: TypeAlias = Callable[[int, Status[S]], Est[G]]
"""Minimax's `evaluate d st`."""


class WindowedSearch(Protocol[S_contra, M, G]):
    """A windowed `search d s α β`: the best edge, or a cut."""

    def __call__(
        self, d: int, s: S_contra, alpha: Bound[G], beta: Bound[G], /
    ) -> Scanned[M, G]: ...


WindowedEvaluate: TypeAlias = Callable[[int, Status[S], Bound[G], Bound[G]], Est[G]]
"""A windowed `evaluate d st α β`."""


class SearchDepthError(InputError, RecursionError):
    """The search went deeper than Python's recursion limit allows.

    Its message may end with advice only a program can take (raise the limit with
    `sys.setrecursionlimit`); `sentence` is the message without it, for the command
    line, where that cannot be done.
    """

    def __init__(self, sentence: str, advice: str = "") -> None:
        super().__init__(sentence + advice)
        self.sentence = sentence
        """The message without the advice for Python programs."""


class GameRecursionError(StoppedError, RecursionError):
    """Python's recursion limit was reached inside the game or its estimator, not by the
    search's depth: some function there calls itself more often than any search level could."""


def recursion_error(
    depth: int | None, error: RecursionError, level: CodeType | None = None
) -> RecursionError:
    """What a RecursionError caught around a search of `depth` means, as one sentence.

    The traceback says which: each function of a search (`search`,
    `evaluate`, the move loop) is entered at most once per level, so none
    of them appears much more than `depth` times.  A function that appears
    more often than that is recursing on its own, inside the game or the
    estimator: that is a [`GameRecursionError`][gamelib.search.player.GameRecursionError] naming it
    (a buggy estimator at depth 1 is not a depth problem).  Otherwise the depth ran
    out of stack: a [`SearchDepthError`][gamelib.search.player.SearchDepthError] saying how many
    moves deep the search got, which is the real limit for this kind of search on this game
    (about 200 for Minimax and 330 for AlphaBeta at Python's default limit
    of 1000; each level of Minimax takes more frames).

    A solve to the end (`depth` None) has no depth to compare with: there `level`,
    the code of the function entered once a ply, says how deep it got.

    Only the failing path pays for this: the traceback is walked once.
    """
    counts: Counter[CodeType] = Counter()
    tb = error.__traceback__
    while tb is not None:
        counts[tb.tb_frame.f_code] += 1
        tb = tb.tb_next
    limit = sys.getrecursionlimit()
    what = "solving to the end" if depth is None else f"a search of depth {depth}"
    if not counts:  # raised without a traceback: nothing to tell the two apart by
        return SearchDepthError(f"{what} went past Python's recursion limit ({limit})")
    code, times = counts.most_common(1)[0]
    levels = depth if depth is not None else counts[level] if level is not None else times
    if times > levels + 2:  # the root and the leaf may add one each
        where = f"{code.co_qualname} ({os.path.basename(code.co_filename)}:{code.co_firstlineno})"
        return GameRecursionError(
            f"Python's recursion limit ({limit}) was reached inside {where}, which called "
            f"itself {times} times during {what}: a runaway recursion in the game or its "
            "estimator, not a search too deep"
        )
    instead = "choose a depth" if depth is not None else "solve to a depth"
    return SearchDepthError(
        f"{what} goes deeper than Python's recursion limit ({limit}) allows: it ran out of "
        f"room about {times} moves deep, so {instead} of at most {max(1, times - 2)}",
        " (or raise the limit with sys.setrecursionlimit)",
    )


class MoveOrderError(StoppedError, ValueError):
    """A settings' `order` hook returned a different number of moves than it was given."""


def ordered_moves(settings: Settings[S, M, G]) -> Callable[[S], Seq[M]]:
    """The moves a search should try in a state, in the order it should try them.

    The game's own `moves` when the settings have no ordering hook (so a
    search without one pays nothing for it), else `order(state, moves)`,
    which must have as many moves as the game's (else
    [`MoveOrderError`][gamelib.search.player.MoveOrderError] naming the state: a hook that drops or
    repeats moves would change values).
    """
    game = settings.estimator.game
    moves = game.moves
    order = settings.order
    if order is None:
        return moves

    def ordered(state: S, /) -> Seq[M]:
        offered = moves(state)
        result = order(state, offered)
        if seq.length(result) != seq.length(offered):
            raise MoveOrderError(
                f"the move order gave {plural(seq.length(result), 'move')} where the game "
                f"offers {seq.length(offered)}, in '{game.state_to_string(state)}': it may reorder "
                "the moves, not add or drop any"
            )
        return result

    return ordered


def windowed_root(search: WindowedSearch[S, M, G], depth: int) -> Callable[[S], Edge[M, G]]:
    """The search at the root of a windowed search: `depth` deep, the window (−∞, +∞)."""

    def root(s: S, /) -> Edge[M, G]:
        found = search(depth, s, NegInf, PosInf)
        return found[0], found[1]  # with the whole window open nothing is cut

    return root


class Searcher(Protocol[Gm_co, St_co, S_contra, M_co, V_co]):
    """What a search factory of any family builds: a player of the game `Gm_co` built from
    settings `St_co`, which also analyses a position.  Each family names its own:
    [`SearchPlayer`][gamelib.search.player.SearchPlayer] for the lectures' two-player games,
    `ChancePlayer` for games of chance, `NSearchPlayer` for games of n players."""

    @property
    def game(self) -> Gm_co:
        """The game this player plays."""
        ...

    @property
    def settings(self) -> St_co:
        """What the player was built from."""
        ...

    def next_move(self, state: S_contra, /) -> M_co:
        """The move the search chooses in `state`."""
        ...

    def analyse(self, state: S_contra, /) -> tuple[M_co, V_co]:
        """The move `next_move` makes and the value the search found for it."""
        ...


SearchPlayer: TypeAlias = Searcher[Game[S, M], Settings[S, M, G], S, M, Est[G]]
"""A PLAYER built by a search factory of the lectures' two-player games: `next_move` is the
best move the search finds, `analyse` the best edge (that move and its value)."""


class Factory(Protocol[St_contra, Ob_contra, P_co]):
    """The one shape of every search factory, of every family:
    `Factory(settings, *, observer=None)`, a player `P_co`.

    `St_contra` is the factory's settings type: [`Settings`][gamelib.core.estimator.Settings]
    for Minimax and AlphaBeta, a subclass carrying more for a factory that needs
    more (Jamboree's prune percentage).  Given an observer (`Ob_contra`, a function taking
    each of the family's events), the player tells it everything the search does (see
    [`gamelib.search.events`][gamelib.search.events]); given none, it runs exactly the code it
    runs without observation.
    """

    def __call__(self, settings: St_contra, /, *, observer: Ob_contra | None = None) -> P_co: ...


SearchFactory: TypeAlias = Factory[St, SearchObserver[S, M, G], SearchPlayer[S, M, G]]
"""A search factory of the lectures' two-player games (Minimax, AlphaBeta, Jamboree, ...)."""


R = TypeVar("R")
X = TypeVar("X")


def depth_guarded(depth: int, search: Callable[[X], R]) -> Callable[[X], R]:
    """`search`, where a RecursionError becomes the error
    [`recursion_error`][gamelib.search.player.recursion_error] makes of it for a search of
    `depth`: every kind of search player guards its root with it, in every family."""

    def guarded(state: X, /) -> R:
        try:
            return search(state)
        except RecursionError as error:
            raise recursion_error(depth, error) from None

    return guarded


def _guard_depth(
    depth: int, search: Callable[[S], Edge[M, G]], estimator: Estimator[S, M, G]
) -> Callable[[S], Edge[M, G]]:
    """`search`, at a root whose turn is checked first (`check_turn`), where a
    RecursionError becomes a SearchDepthError naming `depth`, and an error of Python's
    own becomes the `ContractError` of the game that caused it, where one is found (or,
    after a `GuessError`, of the numeric estimator)."""

    def checked(state: S) -> Edge[M, G]:
        return at_root(estimator, state, depth, search, _value_of)

    return depth_guarded(depth, checked)


def _value_of(edge: Edge[M, G]) -> Est[G]:
    return edge[1]


def at_root(
    estimator: Estimator[S, M, G],
    state: S,
    depth: int,
    search: Callable[[S], R],
    value: Callable[[R], Est[G]],
) -> R:
    """`search(state)` from a root whose turn is checked first
    ([`check_turn`][gamelib.core.contracts.check_turn]); an error of Python's own that it
    raises becomes the [`ContractError`][gamelib.core.contracts.ContractError] of the game
    that caused it, where the positions within `depth` of the root show one (or, after a
    `GuessError`, of the numeric estimator).  So does a `value` (of what the search found)
    that is an infinite guess of a numeric estimator, which only an infinite estimate
    makes.  Only a failed search pays for the looking."""
    game = estimator.game
    check_turn(game, state)
    try:
        found = search(state)
        guess = value(found)
        if isinstance(guess, Guess) and guess.guess in _INFINITE:
            raise GuessError(f"the search found the value {guess}: {_NUMBERS_ONLY}")
        return found
    except NotANumberGuessError:
        raise  # refused where it entered, and named there: nothing to look for
    except (AttributeError, TypeError, AssertionError) as error:
        numeric = estimator.estimate if isinstance(error, GuessError) else None
        broken = diagnose(game, state, depth, numeric)
        if broken is None:
            raise
        raise broken from error


_INFINITE = (math.inf, -math.inf)
_NUMBERS_ONLY = "a numeric estimator's guesses must be finite numbers"


# --8<-- [start:root]
def search_player(
    name: str,
    settings: Settings[S, M, G],
    root: Callable[[S], Edge[M, G]],
    window: WindowedSearch[S, M, G] | None = None,
) -> SearchPlayer[S, M, G]:
    """The player a factory returns, from `root`, its search at the root.

    `analyse` is `root`, except that a search that runs past Python's recursion limit
    raises [`SearchDepthError`][gamelib.search.player.SearchDepthError] naming the depth and how
    deep it got, or [`GameRecursionError`][gamelib.search.player.GameRecursionError] when the
    recursion was the game's or the estimator's own (see
    [`recursion_error`][gamelib.search.player.recursion_error]); `next_move` is `move_of`
    composed with `analyse` (slide 22.16).  A windowed search may pass its
    `search` as `window`: the player then also searches a position through a given window (see
    [`within`][gamelib.search.player.within]), which is what lets a search be split over workers.
    """
    depth = settings.search_depth
    analyse = _guard_depth(depth, root, settings.estimator)
    next_move: Callable[[S], M] = compose(move_of, analyse)
    return _BuiltPlayer(name, settings, next_move, analyse, window)


# --8<-- [end:root]


class WindowSearch(Protocol[S_contra, M, G]):
    """`search(s, α, β)` at the player's depth: the best edge, or a cut."""

    def __call__(self, s: S_contra, alpha: Bound[G], beta: Bound[G], /) -> Scanned[M, G]: ...


def within(player: SearchPlayer[S, M, G]) -> WindowSearch[S, M, G] | None:
    """The player's search of a position through a window (α, β), at its depth, if it
    has one (AlphaBeta's and Jamboree's do): the best edge, or a cut.

    What it returns for a window is what the search returns inside a tree for
    the same window: the exact value when it lies strictly inside, else a bound
    on the same side of the window as the value.

    ```pycon
    >>> from gamelib import AlphaBeta, Settings
    >>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
    >>> from gamelib.core.window import NegInf, PosInf
    >>> from gamelib.core.estimator import Guess
    >>> player = AlphaBeta(Settings(tree_estimator(ExplicitGame(SMALL)), 2))
    >>> search = within(player)
    >>> search(player.game.start, NegInf, PosInf)
    (1, Guess(guess=4))
    >>> search(player.game.start, Guess(5), PosInf)[1]  # no move is worth more than 5
    Guess(guess=4)

    ```
    """
    window: WindowedSearch[S, M, G] | None = getattr(player, "window", None)
    if window is None:
        return None
    depth = player.settings.search_depth

    def search(s: S, alpha: Bound[G], beta: Bound[G], /) -> Scanned[M, G]:
        def at(root: S) -> Scanned[M, G]:
            return window(depth, root, alpha, beta)

        return depth_guarded(depth, at)(s)

    return search


@final
@dataclass(frozen=True, slots=True)
class _BuiltPlayer(Generic[S, M, G]):
    """The value a factory returns: its settings and the closures it built."""

    name: str
    settings: Settings[S, M, G]
    next_move: Callable[[S], M]
    analyse: Callable[[S], Edge[M, G]]
    window: WindowedSearch[S, M, G] | None = None

    @property
    def game(self) -> Game[S, M]:
        return self.settings.estimator.game

    @property
    def estimator(self) -> Estimator[S, M, G]:
        return self.settings.estimator

    def __str__(self) -> str:
        return self.name


Gm = TypeVar("Gm")
V = TypeVar("V")


@final
@dataclass(frozen=True, slots=True)
class FamilyPlayer(Generic[Gm, St, S, M, V]):
    """The player a search of games of chance or of n players returns (a `ChancePlayer`,
    an `NSearchPlayer`): its name, its game and settings, and `analyse`, its search at the
    root (guarded by [`depth_guarded`][gamelib.search.player.depth_guarded]), whose move
    `next_move` makes."""

    name: str
    """How the player prints: `MaxN(depth 3)`."""
    game: Gm
    """The game it plays."""
    settings: St
    """What it was built from."""
    analyse: Callable[[S], tuple[M, V]]
    """The chosen move at a position and its value (a number, a vector)."""

    def next_move(self, state: S, /) -> M:
        """The move `analyse` chooses."""
        return self.analyse(state)[0]

    def __str__(self) -> str:
        return self.name


class Starts(Protocol[S_co]):
    """A game as [`count_leaves`][gamelib.search.player.count_leaves] asks it: where it starts."""

    @property
    def start(self) -> S_co:
        """The position a new game starts from."""
        ...


class CountsLeaves(Protocol[St_contra, S, M_co, V_co]):
    """A factory as [`count_leaves`][gamelib.search.player.count_leaves] runs it: its
    settings, and a leaf counter for its observer."""

    def __call__(
        self, settings: St_contra, /, *, observer: LeafCounter
    ) -> Searcher[Starts[S], object, S, M_co, V_co]: ...


def count_leaves(
    factory: CountsLeaves[St, S, M, V], settings: St, state: S | None = None
) -> tuple[M, V, int]:
    """The move and value `factory(settings)` finds at `state` (default the game's start),
    and how many leaves it valued to find them (a
    [`LeafCounter`][gamelib.search.events.LeafCounter]'s count): for the searches of games
    of chance and of n players.

    ```pycon
    >>> from gamelib.games.pig import Pig, pig_estimator
    >>> from gamelib.chance import ChanceSettings, Star2
    >>> count_leaves(Star2, ChanceSettings(pig_estimator(Pig(target=10)), 2))[1:]
    (Fraction(7912313, 11027016), 41)
    >>> from gamelib.nplayer import CSE473, MaxN, NSettings, ShallowMaxN, ShallowSettings
    >>> from gamelib.nplayer import TreeGame, tree_estimator
    >>> estimator = tree_estimator(TreeGame(CSE473))
    >>> count_leaves(MaxN, NSettings(estimator, 3))
    (0, (3, 2, 5), 8)
    >>> count_leaves(ShallowMaxN, ShallowSettings(estimator, 3, 10), estimator.game.start)
    (0, (3, 2, 5), 6)

    ```
    """
    counter = LeafCounter()
    player = factory(settings, observer=counter)
    move, value = player.analyse(player.game.start if state is None else state)
    return move, value, counter.leaves
