"""The human player (SML ``HumanPlayer``): reads moves typed at a prompt."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Generic, Protocol, TextIO, TypeVar, final, runtime_checkable

from gamelib import seq
from gamelib.core.game import Game

__all__ = ["ExplainsIllegalMoves", "HumanPlayer", "InputClosedError"]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)


class InputClosedError(Exception):
    """The person at the prompt ended the input (end of file or Ctrl-C)."""


@runtime_checkable
class ExplainsIllegalMoves(Protocol[S_contra]):
    """Optional extra for a game: say why a typed move is not legal."""

    def why_illegal(self, state: S_contra, text: str, /) -> str:
        """One sentence on why ``text`` is not a legal move in ``state``."""
        ...


@final
@dataclass(eq=False)
class HumanPlayer(Generic[S, M]):
    """Asks "<Side>, please type your move: " until it reads a legal move.

    Text that does not name a legal move is answered with the legal moves and
    the prompt comes again.  End of input or Ctrl-C raises
    :class:`InputClosedError`, which the command line turns into a short message.

    >>> import io
    >>> from gamelib.games.nim import Nim
    >>> game = Nim(pile=3)
    >>> out = io.StringIO()
    >>> human = HumanPlayer(game, input=io.StringIO("7\\n2\\n"), output=out)
    >>> human.next_move(game.start)
    2
    >>> print(out.getvalue().rstrip())
    Maxie, please type your move: '7' is not a legal move here; legal moves: 1, 2, 3
    Maxie, please type your move:
    """

    game: Game[S, M]
    """The game being played."""
    input: TextIO | None = None
    """Where moves are read from (standard input when None)."""
    output: TextIO | None = None
    """Where prompts and complaints go (standard output when None)."""

    def __str__(self) -> str:
        return "a human"

    def next_move(self, state: S, /) -> M:
        game = self.game
        source = sys.stdin if self.input is None else self.input
        sink = sys.stdout if self.output is None else self.output
        legal = seq.to_tuple(game.moves(state))
        side = game.player(state)
        while True:
            sink.write(f"{side}, please type your move: ")
            sink.flush()
            if source is None:  # the process was started with standard input closed
                sink.write("\n")
                raise InputClosedError(f"there is no input to read {side}'s move from")
            try:
                line = source.readline()
            except KeyboardInterrupt:
                sink.write("\n")
                raise InputClosedError(f"{side} interrupted the game") from None
            if not line:
                sink.write("\n")
                raise InputClosedError(f"the input ended while waiting for {side}'s move")
            text = line.strip()
            move = game.parse_move(state, text)
            if move is not None and move in legal:
                return move
            offered = ", ".join(game.move_to_string(m) for m in legal)
            if isinstance(game, ExplainsIllegalMoves):
                reason = game.why_illegal(state, text)
                sink.write(f"{reason}; legal moves: {offered}\n")
            else:
                sink.write(f"'{text}' is not a legal move here; legal moves: {offered}\n")
