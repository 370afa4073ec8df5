"""The n-player contract: games of two or more players that end with a vector of utilities.

This sits beside the two-player GAME signature ([`gamelib.core.game.Game`][gamelib.core.game.Game])
and leaves it as it is.  With more than two players "who won" is no longer
one of three outcomes, so a finished game reports a *utility vector*: one
number per player, component `i` for player `i`, larger better for that
player.  Players are numbered `0 .. n-1` and have display names; `n >= 2`.

A position still being played is the core's [`Playing`][gamelib.core.datatypes.Playing];
a finished one is [`Finished`][gamelib.nplayer.game.Finished] with its vector. An n-player estimator
guesses a whole vector at the search horizon.

```pycon
>>> Finished((1, 0, 0))
Finished(utilities=(1, 0, 0))
>>> check_vector((1, 2), 3, "the leaf x")
Traceback (most recent call last):
...
gamelib.nplayer.game.UtilityLengthError: the leaf x has the utility vector '(1,2)' of length 2, \
but the game has 3 players

```
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Protocol, TypeAlias, TypeVar, final

from gamelib.core.checks import echo, echo_value
from gamelib.core.contracts import (
    CheckedGame,
    broken,
    check_moves,
    check_played,
    finite_numbers,
    game_title,
    position_text,
)
from gamelib.core.controller import GameTurns, PlayerCountError
from gamelib.core.datatypes import Playing
from gamelib.core.estimator import DepthSettings
from gamelib.core.model import (
    Ended,
    Finished,
    Number,
    Roll,
    Vector,
    number_to_string,
    vector_to_string,
)
from gamelib.errors import InputError
from gamelib.seq import Seq

__all__ = [
    "CheckedNEstimator",
    "CheckedNPlayerGame",
    "Finished",
    "NEstimator",
    "NPlayerGame",
    "NPlayerTurns",
    "NSettings",
    "NStatus",
    "NamesError",
    "Number",
    "PlayerNumberError",
    "UtilityLengthError",
    "Vector",
    "VectorEstimator",
    "check_names",
    "check_players",
    "check_vector",
    "checked_nplayer",
    "letter_names",
    "not_a_player",
    "number_to_string",
    "utilities_to_string",
    "vector_to_string",
]

S = TypeVar("S")
M = TypeVar("M")


class UtilityLengthError(InputError, ValueError):
    """A utility vector whose length is not the number of players."""


class PlayerNumberError(InputError, ValueError):
    """A game said a player outside `0 .. n-1` is to move."""


def not_a_player(game: NPlayerGame[S, M], state: S, p: object) -> PlayerNumberError:
    """The error for `game` saying that `p`, no player of its `0 .. n-1`, is to move in
    `state`."""
    return PlayerNumberError(
        f"the game says player {echo(p)} is to move in '{echo(game.state_to_string(state))}', "
        f"but its players are 0 to {len(game.names) - 1}"
    )


def check_players(n: int) -> int:
    """`n` when it is a number of players a game can have (two or more).

    ```pycon
    >>> check_players(1)
    Traceback (most recent call last):
    ...
    gamelib.core.controller.PlayerCountError: a game needs at least 2 players, got 1

    ```
    """
    given: object = n  # callers from untyped code may pass anything
    if isinstance(given, bool) or not isinstance(given, int):
        raise PlayerCountError(f"the number of players must be a whole number, got {echo_value(n)}")
    if n < 2:
        raise PlayerCountError(f"a game needs at least 2 players, got {n}")
    return n


class NamesError(InputError, ValueError):
    """A game's `names` that cannot name its players: not a tuple of text, fewer than
    two, a name empty or not printable, or two the same."""


def check_names(names: object, where: str) -> tuple[str, ...]:
    """`names` as a tuple, when they can be a game's players' names: a tuple (or list) of
    at least two names, each printable text, no two the same; else
    [`NamesError`][gamelib.nplayer.game.NamesError], one sentence beginning with `where`
    (the game).  Play's `--player1 .. --playerN`, a match's seats and each result are
    told apart by these names.

    ```pycon
    >>> check_names(["A", "B", "C"], "Mine")
    ('A', 'B', 'C')
    >>> check_names(("A", "B", "A"), "Mine")
    Traceback (most recent call last):
    ...
    gamelib.nplayer.game.NamesError: Mine names its players ('A', 'B', 'A'): players 0 and \
2 are both called 'A', but each needs a name of its own

    ```
    """
    given = f"{where} names its players {echo_value(names)}"
    if isinstance(names, str) or not isinstance(names, tuple | list):
        raise NamesError(f"{given}: names must be a tuple of text, one name a player")
    if len(names) < 2:
        raise NamesError(f"{given}: a game needs at least 2 players, so 2 names")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or not name.isprintable():
            raise NamesError(
                f"{given}: player {i}'s name must be printable text, got {echo_value(name)}"
            )
        if name in seen:
            raise NamesError(
                f"{given}: players {seen[name]} and {i} are both called {name!r}, but each "
                "needs a name of its own"
            )
        seen[name] = i
    return tuple(names)


def check_vector(vector: Vector, n: int, where: str) -> Vector:
    """`vector` when it has one utility for each of `n` players.

    Otherwise [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError], one sentence naming
    `where` the vector came from and the vector itself (cut short when long).
    """
    given: object = vector  # a game or estimator may return anything
    if not isinstance(given, tuple):
        raise UtilityLengthError(
            f"{where} has {echo_value(given)}, not a utility vector: a tuple of {n} numbers"
        )
    if len(given) != n:
        numbers = all(isinstance(x, int | Fraction | float) for x in given)
        shown = f"'{echo(vector_to_string(vector))}'" if numbers else echo_value(given)
        raise UtilityLengthError(
            f"{where} has the utility vector {shown} of length {len(given)}, "
            f"but the game has {n} players"
        )
    return vector


def letter_names(n: int) -> tuple[str, ...]:
    """Display names `A`, `B`, ... for `n` players (`P27`, ... past `Z`).

    ```pycon
    >>> letter_names(3)
    ('A', 'B', 'C')

    ```
    """
    letters = string.ascii_uppercase
    return tuple(letters[i] if i < len(letters) else f"P{i + 1}" for i in range(n))


NStatus: TypeAlias = Playing[S] | Finished
"""What a move leads to in an n-player game."""


# --8<-- [start:game]
class NPlayerGame(Protocol[S, M]):
    """The rules of a game of `n >= 2` players with states `S` and moves `M`.

    As for the two-player GAME, states are immutable and `play` returns a
    new one.  Players are numbered `0 .. n-1`; `names` gives `n`.
    """

    @property
    def names(self) -> tuple[str, ...]:
        """The players' display names, player 0 first: one per player, at least two."""
        ...

    @property
    def start(self) -> S:
        """The position a new game starts from."""
        ...

    def player(self, state: S, /) -> int:
        """The number (`0 .. n-1`) of the player whose turn it is in `state`."""
        ...

    def moves(self, state: S, /) -> Seq[M]:
        """The legal moves in `state`: non-empty, in the order searches try them.

        REQUIRES: `state` is still being played.
        """
        ...

    def play(self, state: S, move: M, /) -> NStatus[S]:
        """`Playing(next)`, or `Finished(utilities)` with one utility per player.

        REQUIRES: `move` is one of `moves(state)`.
        """
        ...

    def state_to_string(self, state: S, /) -> str:
        """`state` as a person reads it."""
        ...

    def move_to_string(self, move: M, /) -> str:
        """`move` as a person types it."""
        ...

    def parse_move(self, state: S, text: str, /) -> M | None:
        """The move `text` names if it is legal in `state`; otherwise None."""
        ...


# --8<-- [end:game]


class NEstimator(Protocol[S, M]):
    """A heuristic for an n-player game: a guessed utility vector at the search horizon."""

    @property
    def game(self) -> NPlayerGame[S, M]:
        """The game whose states are estimated."""
        ...

    def estimate(self, state: S, /) -> Vector:
        """A guess of each player's utility in `state` (an unfinished state)."""
        ...


@final
@dataclass(frozen=True, slots=True)
class VectorEstimator(Generic[S, M]):
    """An n-player estimator from a function; the ready-made
    [`NEstimator`][gamelib.nplayer.game.NEstimator].

    ```pycon
    >>> from gamelib.nplayer.trees import CSE473, TreeGame
    >>> game = TreeGame(CSE473)
    >>> VectorEstimator(game, lambda state: (1, 1, 1)).estimate(game.start)
    (1, 1, 1)

    ```
    """

    game: NPlayerGame[S, M]
    """The game whose states are estimated."""
    estimate: Callable[[S], Vector]
    """The heuristic: one guessed utility per player."""


@dataclass(frozen=True, slots=True)
class NSettings(DepthSettings[NEstimator[S, M]]):
    """What an n-player search player is built from: the settings shape of every family
    ([`DepthSettings`][gamelib.core.estimator.DepthSettings]) with an `NEstimator`, and the
    number of players its game has.

    REQUIRES: `search_depth >= 1` (else `ValueError` naming it) and a game
    of at least two players (else [`PlayerCountError`][gamelib.core.controller.PlayerCountError]).
    """

    players: int = field(init=False)
    """The number of players, read from the game's `names`."""

    def __post_init__(self) -> None:
        super(NSettings, self).__post_init__()  # slots: the zero-argument form fails
        object.__setattr__(self, "players", check_players(len(self.estimator.game.names)))


def utilities_to_string(names: Sequence[str], utilities: Vector) -> str:
    """Each player's name and utility: `A 0, B 1, C 0`.

    ```pycon
    >>> utilities_to_string(("A", "B"), (1, 0))
    'A 1, B 0'

    ```
    """
    return ", ".join(
        f"{name} {number_to_string(u)}" for name, u in zip(names, utilities, strict=True)
    )


@final
@dataclass(frozen=True, slots=True)
class NPlayerTurns(GameTurns[S, M]):
    """An n-player game as the one controller
    ([`play_out`][gamelib.core.controller.play_out]) plays it: player `i` in seat `i`, and
    its utilities at the end.

    ```pycon
    >>> import io
    >>> from gamelib.core.controller import play_out
    >>> from gamelib.games.takeaway import TakeAway
    >>> out = io.StringIO()
    >>> record = play_out(NPlayerTurns(TakeAway(pile=3)), [lambda s: 1] * 3, out=out,
    ...                   clock=lambda: 0.0)
    >>> print(out.getvalue(), end="")
    3 left, and it is A's turn
    A decides to make the move 1 (0.00 s)
    <BLANKLINE>
    2 left, and it is B's turn
    B decides to make the move 1 (0.00 s)
    <BLANKLINE>
    1 left, and it is C's turn
    C decides to make the move 1 (0.00 s)
    <BLANKLINE>
    Game over! A 0, B 0, C 1
    >>> record.outcome, record.moves
    ((0, 0, 1), (1, 1, 1))

    ```

    Raises [`PlayerNumberError`][gamelib.nplayer.game.PlayerNumberError] when the game
    says a player outside its seats is to move, and
    [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError] for a final vector of
    the wrong length.
    """

    game: NPlayerGame[S, M]
    """The game."""

    @property
    def seats(self) -> tuple[str, ...]:
        return self.game.names

    def mover(self, state: S, /) -> int:
        p = self.game.player(state)
        if not 0 <= p < len(self.game.names):
            raise not_a_player(self.game, state, p)
        return p

    def play(self, state: S, move: M, /) -> S | Ended[Vector]:
        status = self.game.play(state, move)
        if isinstance(status, Playing):
            return status.state
        return Ended(check_vector(status.utilities, len(self.game.names), "the end of the game"))

    def rolls(self, state: S, /) -> tuple[Roll[S, Vector], ...]:
        raise PlayerNumberError("an n-player game has no chance positions")

    def results(self, outcome: Vector, /) -> tuple[float, ...]:
        return tuple(float(u) for u in outcome)

    def outcome_to_string(self, outcome: Vector, /) -> str:
        return utilities_to_string(self.game.names, outcome)

    def ended(self, state: S, move: M | None, outcome: Vector, /) -> str:
        return f"Game over! {utilities_to_string(self.game.names, outcome)}\n"


@final
@dataclass(frozen=True, slots=True)
class CheckedNPlayerGame(CheckedGame[S, M]):
    """A game of n players from outside gamelib (`--game-from`) whose every answer is
    checked against the contract, as
    [`CheckedChanceGame`][gamelib.chance.game.CheckedChanceGame] checks a game of chance's:
    a mover among its players, a Seq of moves, and an end with one finite utility a
    player.  gamelib's own games are not wrapped, and pay nothing.

    ```pycon
    >>> from gamelib.nplayer.trees import TreeGame, parse_tree
    >>> class Fourth(TreeGame):
    ...     def player(self, state):
    ...         return 3
    >>> game = CheckedNPlayerGame(Fourth(parse_tree("a[b(1,0,2),c(0,3,0)]")))
    >>> game.player(game.start)
    Traceback (most recent call last):
    ...
    gamelib.core.contracts.ContractError: Fourth.player must return a player's number, 0 \
to 2 (it names A, B, C), but it gave 3 in '(A,a)'

    ```
    """

    inner: NPlayerGame[S, M]
    """The game as its author wrote it."""

    @property
    def names(self) -> tuple[str, ...]:
        return self.inner.names

    @property
    def start(self) -> S:
        return self.inner.start

    def player(self, state: S, /) -> int:
        p: object = self.inner.player(state)
        n = len(self.inner.names)
        if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n:
            return p
        raise broken(
            f"{game_title(self)}.player",
            f"return a player's number, 0 to {n - 1} (it names {', '.join(self.inner.names)})",
            p,
            f"in '{position_text(self, state)}'",
        )

    def moves(self, state: S, /) -> Seq[M]:
        return check_moves(self, state, self.inner.moves(state))

    def play(self, state: S, move: M, /) -> NStatus[S]:
        status = self.inner.play(state, move)
        check_played(self, state, move, status, Finished, "Finished(utilities)")
        n = len(self.inner.names)
        if isinstance(status, Finished) and not finite_numbers(status.utilities, n):
            raise broken(
                f"{game_title(self)}.play",
                f"end the game with a tuple of {n} finite utilities, one for each player it "
                f"names ({', '.join(self.inner.names)})",
                status.utilities,
                f"for the move {echo_value(move)} in '{position_text(self, state)}'",
            )
        return status


@final
@dataclass(frozen=True, slots=True)
class CheckedNEstimator(Generic[S, M]):
    """The estimator of a [`CheckedNPlayerGame`][gamelib.nplayer.game.CheckedNPlayerGame]:
    every guess must be a tuple of one finite number a player.  `checked_nplayer` makes
    it."""

    inner: NEstimator[S, M]
    """The estimator as its author wrote it."""
    game: CheckedNPlayerGame[S, M]
    """Its game, checked."""

    def estimate(self, state: S, /) -> Vector:
        guess = self.inner.estimate(state)
        n = len(self.game.names)
        if finite_numbers(guess, n):
            return guess
        inner = self.inner  # gamelib's VectorEstimator: the author's function is to blame
        who = (
            getattr(inner.estimate, "__qualname__", "estimate")
            if isinstance(inner, VectorEstimator)
            else f"{type(inner).__name__}.estimate"
        )
        names = ", ".join(self.game.names)
        raise broken(
            f"the estimate {who} of {game_title(self.game)}",
            f"give a tuple of {n} finite numbers, one for each player the game names ({names})",
            guess,
            f"for '{position_text(self.game, state)}'",
        )


def checked_nplayer(estimator: NEstimator[S, M]) -> CheckedNEstimator[S, M]:
    """`estimator`, and its game, checked at every answer (see `CheckedNPlayerGame`).

    ```pycon
    >>> from gamelib.nplayer.trees import CSE473, TreeGame
    >>> checked = checked_nplayer(VectorEstimator(TreeGame(CSE473), lambda s: (1, 2)))
    >>> checked.estimate(checked.game.start)
    Traceback (most recent call last):
    ...
    gamelib.core.contracts.ContractError: the estimate <lambda> of TreeGame must give a \
tuple of 3 finite numbers, one for each player the game names (A, B, C), but it gave \
(1, 2) for '(A,a)'

    ```
    """
    return CheckedNEstimator(estimator, CheckedNPlayerGame(estimator.game))
