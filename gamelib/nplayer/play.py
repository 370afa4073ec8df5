"""Playing an n-player game: a referee for n players, and a human at a prompt.

A player here is anything that maps a state to a move: a search player's
`next_move`, a [`NHumanPlayer`][gamelib.nplayer.play.NHumanPlayer], or a plain function.

```pycon
>>> import io
>>> from gamelib.games.takeaway import TakeAway
>>> game = TakeAway(pile=5)
>>> out = io.StringIO()
>>> record = play_game(game, [lambda s: 1] * 3, out=out, clock=lambda: 0.0)
>>> print(out.getvalue(), end="")
5 left, and it is A's turn
A takes 1 (0.00 s)
<BLANKLINE>
4 left, and it is B's turn
B takes 1 (0.00 s)
<BLANKLINE>
3 left, and it is C's turn
C takes 1 (0.00 s)
<BLANKLINE>
2 left, and it is A's turn
A takes 1 (0.00 s)
<BLANKLINE>
1 left, and it is B's turn
B takes 1 (0.00 s)
<BLANKLINE>
Game over! A 0, B 1, C 0
>>> record.utilities, record.moves
((0, 1, 0), (1, 1, 1, 1, 1))

```
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, final

from gamelib import seq
from gamelib.core.checks import echo
from gamelib.core.controller import IllegalMoveError
from gamelib.core.datatypes import Playing
from gamelib.core.game import no_moves
from gamelib.core.human import board_order, read_move
from gamelib.nplayer.game import (
    NPlayerGame,
    PlayerCountError,
    PlayerNumberError,
    Vector,
    check_vector,
    number_to_string,
)

__all__ = ["NGameRecord", "NHumanPlayer", "play_game", "utilities_to_string"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class NGameRecord(Generic[M]):
    """What a finished n-player game leaves behind."""

    utilities: Vector
    """What each player got, player 0 first."""
    moves: tuple[M, ...]
    """Every move made, in order."""


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


def play_game(
    game: NPlayerGame[S, M],
    players: Sequence[Callable[[S], M]],
    *,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.perf_counter,
    start: S | None = None,
) -> NGameRecord[M]:
    """Play `game` from `start` (default `game.start`) to the end, `players[i]`
    choosing player `i`'s moves.

    Prints each state, each move as `"<name> takes <move> (<seconds> s)"` and the
    utilities at the end to `out` (default standard output).  Raises
    [`PlayerCountError`][gamelib.nplayer.game.PlayerCountError] unless there is one player
    per name, [`IllegalMoveError`][gamelib.core.controller.IllegalMoveError] naming the
    player, the move and the state when a move is not legal, and
    [`UtilityLengthError`][gamelib.nplayer.game.UtilityLengthError] for a final vector of the
    wrong length.  What a player raises passes through.
    """
    names = game.names
    if len(players) != len(names):
        raise PlayerCountError(
            f"the game has {len(names)} players ({', '.join(names)}) but {len(players)} "
            "were given to play it"
        )
    stream = sys.stdout if out is None else out
    state = game.start if start is None else start
    made: list[M] = []
    while True:
        p = game.player(state)
        if not 0 <= p < len(names):
            raise PlayerNumberError(
                f"the game says player {echo(p)} is to move, but its players are 0 to "
                f"{len(names) - 1}"
            )
        stream.write(game.state_to_string(state) + "\n")
        stream.flush()
        legal = seq.to_tuple(game.moves(state))
        if not legal:
            raise no_moves(game, state)
        began = clock()
        move = players[p](state)
        took = clock() - began
        if move not in legal:
            offered = ", ".join(board_order(game, legal))
            raise IllegalMoveError(
                f"{names[p]} chose the illegal move {echo(repr(move))} in the state "
                f"'{echo(game.state_to_string(state))}' (legal moves: {echo(offered)})"
            )
        made.append(move)
        stream.write(f"{names[p]} takes {game.move_to_string(move)} ({took:.2f} s)\n\n")
        status = game.play(state, move)
        if isinstance(status, Playing):
            state = status.state
            continue
        utilities = check_vector(status.utilities, len(names), "the end of the game")
        stream.write(f"Game over! {utilities_to_string(names, utilities)}\n")
        stream.flush()
        return NGameRecord(utilities, tuple(made))


@final
@dataclass(eq=False)
class NHumanPlayer(Generic[S, M]):
    """Asks `"<name>, please type your move: "` until it reads a legal move.

    Text that names no legal move is answered with the legal moves, and the
    prompt comes again; end of input or Ctrl-C raises
    [`InputClosedError`][gamelib.core.human.InputClosedError].

    ```pycon
    >>> import io
    >>> from gamelib.games.takeaway import TakeAway
    >>> game = TakeAway(pile=2)
    >>> out = io.StringIO()
    >>> NHumanPlayer(game, input=io.StringIO("3\\n2\\n"), output=out)(game.start)
    2
    >>> print(out.getvalue().rstrip())
    A, please type your move: '3' is not a legal move here; legal moves: 1, 2
    A, please type your move:

    ```
    """

    game: NPlayerGame[S, M]
    """The game being played."""
    input: TextIO | None = None
    """Where moves are read from (standard input when None)."""
    output: TextIO | None = None
    """Where prompts go (standard output when None)."""

    def __str__(self) -> str:
        return "you"

    def __call__(self, state: S, /) -> M:
        return self.next_move(state)

    def next_move(self, state: S, /) -> M:
        """The first legal move typed at the prompt."""
        game = self.game
        return read_move(
            game.names[game.player(state)],
            state,
            seq.to_tuple(game.moves(state)),
            game,
            sys.stdin if self.input is None else self.input,
            sys.stdout if self.output is None else self.output,
        )
