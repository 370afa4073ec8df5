"""The CONTROLLER (SML `Referee`): plays one game between two players.

Unlike the SML referee it checks every move against `game.moves`, so a
faulty player stops the game with a clear error instead of corrupting it.

```pycon
>>> import io
>>> from gamelib.games.nim import Nim, NimPlayer
>>> game = Nim(pile=3)
>>> out = io.StringIO()
>>> record = referee(game, NimPlayer(game), NimPlayer(game), out=out, clock=lambda: 0.0)
>>> print(out.getvalue(), end="")
3 left, and it is Maxie's turn
Maxie decides to make the move 2 (0.00 s)
<BLANKLINE>
1 left, and it is Minnie's turn
Minnie decides to make the move 1 (0.00 s)
<BLANKLINE>
0 left
Game over! Maxie wins!
>>> record.moves
(2, 1)

```
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, assert_never, final

from gamelib import seq
from gamelib.core.checks import echo
from gamelib.core.contracts import ContractError, check_played, check_turn, underlying
from gamelib.core.datatypes import Done, Outcome, Playing, Side, outcome_to_string
from gamelib.core.game import Game, ShowsFinalPosition, no_moves
from gamelib.core.human import UndoRequest, board_order
from gamelib.core.player import Player
from gamelib.errors import StoppedError

__all__ = ["GameRecord", "IllegalMoveError", "referee"]

S = TypeVar("S")
M = TypeVar("M")


class IllegalMoveError(StoppedError):
    """A player chose a move that `game.moves` does not offer."""


@final
@dataclass(frozen=True, slots=True)
class GameRecord(Generic[M]):
    """What a finished game leaves behind."""

    outcome: Outcome
    """How the game ended."""
    moves: tuple[M, ...]
    """Every move made, Maxie's first (when the game starts on Maxie's turn)."""


def check_player_game(game: object, side: Side, player: object) -> None:
    """`ContractError` for a player built for another game than the one it is to play
    (a Connect Four player of a 5 x 4 board at 7 x 6, a Nim player at tic-tac-toe): its
    search would read this game's positions as its own game's."""
    own = getattr(player, "game", None)
    if own is None:
        return
    mine, theirs = underlying(game), underlying(own)
    if mine is not theirs and mine != theirs:
        raise ContractError(
            f"{side}'s player {echo(str(player), 60)} was built for {echo(repr(theirs), 80)}, "
            f"not for {echo(repr(mine), 80)}: build it with this game's estimator"
        )


def referee(
    game: Game[S, M],
    maxie: Player[S, M],
    minnie: Player[S, M],
    *,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.perf_counter,
    start: S | None = None,
    made: list[M] | None = None,
) -> GameRecord[M]:
    """Play `game` from `start` (default `game.start`) to the end.

    Prints each state, each move with the time the player took to choose it,
    the final state and the result, to `out` (default standard output).

    A player whose `next_move` raises [`UndoRequest`][gamelib.core.human.UndoRequest]
    (a person typing `undo`) takes back their last move and everything
    played since: the game goes back to that player's previous turn.

    Raises [`IllegalMoveError`][gamelib.core.controller.IllegalMoveError] naming the player, the
    move and the state if a player returns a move that is not legal, and
    [`NoMovesError`][gamelib.core.game.NoMovesError] naming the state, before asking
    any player, if the game offers no moves in a state it says is being played.
    Whatever a player's `next_move` raises (a human closing the input, say)
    passes through.  `made`, if given, is the (empty) list the moves are kept in as
    they are made: a caller that passes its own still has the moves of a game that
    stopped early (to save it unfinished, say).
    """
    stream = sys.stdout if out is None else out
    state = game.start if start is None else start
    for side, player in ((Side.Maxie, maxie), (Side.Minnie, minnie)):
        check_player_game(game, side, player)
    if made is None:
        made = []
    before: list[S] = []  # the state each move in `made` was made in
    while True:
        side = game.player(state)
        player = maxie if side is Side.Maxie else minnie
        stream.write(game.state_to_string(state) + "\n")
        stream.flush()
        legal = seq.to_tuple(check_turn(game, state))  # a Side to move, a Seq of moves
        if not legal:
            raise no_moves(game, state)
        began = clock()
        try:
            move = player.next_move(state)
        except UndoRequest:
            turns = [i for i, s in enumerate(before) if game.player(s) is side]
            if not turns:
                stream.write(f"{side} has no move to take back yet\n\n")
                continue
            back = turns[-1]
            taken = ", ".join(game.move_to_string(m) for m in made[back:])
            stream.write(f"{side} takes back {taken}\n\n")
            state = before[back]
            del made[back:], before[back:]
            continue
        took = clock() - began
        if move not in legal:
            offered = ", ".join(board_order(game, legal))
            raise IllegalMoveError(
                f"{side}'s player {player} chose the illegal move {move!r} in the state "
                f"'{game.state_to_string(state)}' (legal moves: {offered})"
            )
        made.append(move)
        before.append(state)
        shown = game.move_to_string(move)
        stream.write(f"{side} decides to make the move {shown} ({took:.2f} s)\n\n")
        status = game.play(state, move)
        check_played(game, state, move, status)  # Playing or Done: else said, not asserted
        match status:
            case Playing(next_state):
                state = next_state
            case Done(outcome):
                picture = (
                    game.final_position(state, move) if isinstance(game, ShowsFinalPosition) else ""
                )
                if picture:
                    stream.write(picture + "\n")
                stream.write(f"Game over! {outcome_to_string(outcome)}\n")
                stream.flush()
                return GameRecord(outcome, tuple(made))
            case _:
                assert_never(status)
