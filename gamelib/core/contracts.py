"""A game that breaks its contract gets one sentence, never a wrong answer.

A game written against the [`Game`][gamelib.core.game.Game] protocol can break it
in ways Python's types do not stop at run time: `moves` returning a list instead
of a `Seq`, `play` returning a state instead of `Playing` or `Done`, `player`
returning the string `"Maxie"`.  Deep inside a search each of these would end in
an `AttributeError` or, worse, in a wrong answer.

The checks here run at the boundaries (the referee's turn, a search's root, a
solve's start), never inside a search, so they cost nothing per position:

- `check_turn` looks at a position where play starts: `player` gives a `Side`
  and `moves` a `Seq`.
- `diagnose` is run only after a search has already failed with an error of
  Python's own: it walks the positions near the root, looking for the broken
  promise, and names it (`ContractError`) in place of the bare error.

A game of chance or of n players can break its promises without failing at all
(probabilities summing to 9/10 still average; a NaN utility still compares), so one
loaded from outside gamelib (`--game-from`) is wrapped, and checked at every answer, by
the same sentences (`check_moves`, `check_played`, `broken`, `finite_numbers`):
[`CheckedChanceGame`][gamelib.chance.game.CheckedChanceGame] and
[`CheckedNPlayerGame`][gamelib.nplayer.game.CheckedNPlayerGame].  gamelib's own games
are not wrapped.

```pycon
>>> from gamelib.games.nim import Nim
>>> class ListMoves(Nim):
...     def moves(self, state):
...         return [1, 2]
>>> import textwrap
>>> try:
...     check_turn(ListMoves(), ListMoves().start)
... except ContractError as error:
...     print(textwrap.fill(str(error), 80))
ListMoves.moves must return a Seq of moves (gamelib.seq.from_iterable makes
one), but it returned a list in '15 left, and it is Maxie's turn'

```
"""

from __future__ import annotations

import math
import numbers
from collections import deque
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from gamelib import seq
from gamelib.core.checks import echo, echo_value
from gamelib.core.datatypes import Done, Playing, Side
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.seq import Seq

__all__ = [
    "CheckedGame",
    "ContractError",
    "Describes",
    "Writes",
    "broken",
    "check_moves",
    "check_played",
    "check_turn",
    "diagnose",
    "finite_number",
    "finite_numbers",
    "game_title",
    "position_text",
    "underlying",
]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)

DIAGNOSED_POSITIONS = 2_000
"""How many positions `diagnose` looks at, at most, near the root."""


class ContractError(StoppedError, TypeError):
    """A game broke its contract; the message names the method, the game's class and the
    position."""


def game_title(game: object) -> str:
    """The class name a message gives a game: the game's own, through the wrappers the
    library puts around it (a counting game, a coloured one)."""
    return type(underlying(game)).__name__


def underlying(game: object) -> object:
    """`game` without the library's wrappers (they keep it as `inner` or `game`)."""
    seen = 0
    while seen < 10:
        inner = getattr(game, "inner", None) or getattr(game, "game", None)
        if inner is None:
            return game
        game, seen = inner, seen + 1
    return game


class Describes(Protocol[S_contra]):
    """What every family's game has, and all a message about it needs."""

    def state_to_string(self, state: S_contra, /) -> str: ...


class Writes(Protocol[S_contra, M]):
    """How a game of any family writes and reads its positions and moves."""

    def state_to_string(self, state: S_contra, /) -> str: ...

    def move_to_string(self, move: M, /) -> str: ...

    def parse_move(self, state: S_contra, text: str, /) -> M | None: ...


class CheckedGame(Generic[S, M]):
    """What a checked game of any family (`inner`, the game as its author wrote it) passes
    on unchecked: how it writes and reads positions and moves, and whatever it offers
    beyond its contract (`why_illegal`, `final_position`), which the commands look for by
    name.  [`CheckedChanceGame`][gamelib.chance.game.CheckedChanceGame] and
    [`CheckedNPlayerGame`][gamelib.nplayer.game.CheckedNPlayerGame] add the checks.

    ```pycon
    >>> from gamelib.chance.game import CheckedChanceGame
    >>> from gamelib.games.pig import Pig
    >>> game = CheckedChanceGame(Pig(target=5))
    >>> game.move_to_string(game.parse_move(game.start, "roll")), game.target
    ('roll', 5)

    ```
    """

    __slots__ = ()

    inner: Writes[S, M]

    def state_to_string(self, state: S, /) -> str:
        return self.inner.state_to_string(state)

    def move_to_string(self, move: M, /) -> str:
        return self.inner.move_to_string(move)

    def parse_move(self, state: S, text: str, /) -> M | None:
        return self.inner.parse_move(state, text)

    def __getattr__(self, name: str) -> object:
        if name.startswith("__") or name == "inner":  # never the wrapper's own (pickling)
            raise AttributeError(name)
        return getattr(self.inner, name)


def position_text(game: Describes[S], state: S) -> str:
    """The position as a message quotes it: the game's own words, cut short, or what
    Python makes of it when `state_to_string` fails too."""
    try:
        text = game.state_to_string(state)
    except Exception:  # a broken game: say what can be said
        text = repr(state)
    return echo(str(text).replace("\n", " / "), 120)


def check_turn(game: Game[S, M], state: S) -> Seq[M]:
    """`game`'s moves at `state`, where play or a search starts, after checking that its
    `player` gives a Side and its `moves` a Seq (`ContractError` naming it otherwise)."""
    name = game_title(game)
    side: object = game.player(state)
    if not isinstance(side, Side):
        raise ContractError(
            f"{name}.player must return a Side (Side.Maxie or Side.Minnie), but it returned "
            f"{echo_value(side)} in '{position_text(game, state)}'"
        )
    moves: object = game.moves(state)
    return moves if isinstance(moves, Seq) else check_moves(game, state, moves)


def check_moves(game: Describes[S], state: S, moves: object) -> Seq[M]:
    """`moves`, what a game of any family's `moves` returned at `state`, if it is a Seq
    (`ContractError` naming the game otherwise)."""
    if not isinstance(moves, Seq):
        raise ContractError(
            f"{game_title(game)}.moves must return a Seq of moves (gamelib.seq.from_iterable "
            f"makes one), but it returned {_a(moves)} in '{position_text(game, state)}'"
        )
    return moves


def check_played(
    game: Describes[S],
    state: S,
    move: object,
    status: object,
    ends: type = Done,
    end: str = "Done(outcome)",
) -> None:
    """`ContractError` unless `status`, what `game.play(state, move)` returned, is
    `Playing` or an end of the game's family (`ends`, written `end`: `Done(outcome)` for
    two players and chance, `Finished(utilities)` for n players)."""
    if not isinstance(status, (Playing, ends)):
        raise ContractError(
            f"{game_title(game)}.play must return Playing(state) or {end}, but it "
            f"returned {_a(status)} for the move {echo_value(move)} in "
            f"'{position_text(game, state)}'"
        )


def broken(who: str, must: str, given: object, where: str) -> ContractError:
    """The `ContractError` of a game's (or an estimator's) method of any family, `who`
    (`Coin.outcomes`), that gave `given` `where` it must do something else: one sentence
    naming all four."""
    return ContractError(f"{who} must {must}, but it gave {echo_value(given)} {where}")


def finite_numbers(values: object, n: int) -> bool:
    """Whether `values` is a tuple of `n` finite numbers (ints, floats or Fractions, not
    bools): a utility vector, or an n-player estimate, that keeps its promise.

    ```pycon
    >>> finite_numbers((1, 0.5, 0), 3), finite_numbers((1, float("nan"), 0), 3)
    (True, False)
    >>> finite_numbers((1, "0", 0), 3), finite_numbers([1, 0, 0], 3), finite_numbers((1, 0), 3)
    (False, False, False)

    ```
    """
    return isinstance(values, tuple) and len(values) == n and all(finite_number(v) for v in values)


def finite_number(value: object) -> bool:
    """Whether `value` is a finite number (an int, a float or a Fraction, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    return math.isfinite(value)


def _a(value: object) -> str:
    kind = type(value).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def diagnose(
    game: Game[S, M],
    root: S,
    depth: int | None = None,
    estimate: Callable[[S], object] | None = None,
) -> ContractError | None:
    """The broken promise of `game` in the positions near `root` (breadth first, at most
    `DIAGNOSED_POSITIONS` of them, `depth` moves deep if given), or None if none is found.
    With `estimate` (a numeric estimator's), each position's estimate must be a finite
    number too.

    Run after a search failed with an error of Python's own (an AttributeError, a
    TypeError, an assertion), to say what the game did wrong instead.
    """
    waiting: deque[tuple[S, int]] = deque([(root, 0)])
    looked = 0
    while waiting and looked < DIAGNOSED_POSITIONS:
        state, ply = waiting.popleft()
        looked += 1
        try:
            moves = seq.to_tuple(check_turn(game, state))
        except ContractError as broken:
            return broken
        if estimate is not None and not finite_number(guess := estimate(state)):
            return ContractError(
                "a numeric estimator must give every position a finite number (an int, a "
                f"float or a Fraction), but it gave {echo_value(guess)} for "
                f"'{position_text(game, state)}'"
            )
        if depth is not None and ply >= depth:
            continue
        for move in moves:
            status: object = game.play(state, move)
            try:
                check_played(game, state, move, status)
            except ContractError as broken:
                return broken
            if isinstance(status, Playing):
                waiting.append((status.state, ply + 1))
    return None
