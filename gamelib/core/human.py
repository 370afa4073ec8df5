"""The human player (SML `HumanPlayer`): reads moves typed at a prompt.

Besides moves, the prompt understands a few words: `help` (or `?`),
`hint` and `value` (when the player has an advisor), `undo` and
`quit`.  A word is only a command when it is not also a legal move.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TextIO, TypeVar, final, runtime_checkable

from gamelib import seq
from gamelib.core import checks
from gamelib.errors import StoppedError

__all__ = [
    "Advice",
    "ExplainsIllegalMoves",
    "HumanPlayer",
    "InputClosedError",
    "NamesPlayers",
    "QuitError",
    "ReadsMoves",
    "TakesBack",
    "TakesMoves",
    "UndoRequest",
    "board_order",
    "echo",
    "prompt_order",
    "read_move",
]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)

ECHO_LIMIT = checks.ECHO_LIMIT
"""How much of a typed line is repeated back in an answer: as much as of any value a
message quotes."""
LINE_LIMIT = 4096
"""How much of a typed line is read at all; the rest of a longer line is dropped."""


class InputClosedError(StoppedError):
    """The person at the prompt ended the input (end of file or Ctrl-C)."""


class QuitError(InputClosedError):
    """The person at the prompt typed `quit`."""


class UndoRequest(Exception):  # noqa: N818  (a request, not an error: the controller grants it)
    """The person at the prompt asked to take back their last move.

    Raised only when the controller asked for a move that may be taken back
    ([`TakesBack.next_move_or_undo`][gamelib.core.human.TakesBack.next_move_or_undo]): the
    controller ([`gamelib.core.controller.play_out`][gamelib.core.controller.play_out]) goes
    back to the position before it and asks the same player again.
    """


@runtime_checkable
class TakesBack(Protocol[S_contra, M_co]):
    """A player who may ask to take back their last move (a person typing `undo`): a
    controller that can take moves back asks it for a move by `next_move_or_undo`, and one
    that cannot asks by `next_move` (or calls it), where `undo` is answered, not raised."""

    def next_move_or_undo(self, state: S_contra, /) -> M_co:
        """The player's move in `state`, or
        [`UndoRequest`][gamelib.core.human.UndoRequest] raised when the player asks to take
        back their last move."""
        ...


@runtime_checkable
class ExplainsIllegalMoves(Protocol[S_contra]):
    """Optional extra for a game: say why a typed move is not legal."""

    def why_illegal(self, state: S_contra, text: str, /) -> str:
        """One sentence on why `text` is not a legal move in `state`."""
        ...


@final
@dataclass(frozen=True, slots=True)
class Advice:
    """What an advisor says about a position: the move it would make and the value."""

    move: str
    """The move, as the game writes it."""
    value: str
    """The position's value, as a person reads it (say whose view a guess takes)."""


def echo(text: str, limit: int = ECHO_LIMIT, *, length: int | None = None) -> str:
    """`text` made safe to repeat back, as every message quotes what was typed
    (`gamelib.core.checks.echo`): control characters shown as `\\x..` escapes, and
    cut short after `ECHO_LIMIT` characters.

    `length`: how long the whole text was, when `text` is only its start (a line
    longer than `LINE_LIMIT`, of which the rest was not kept).

    ```pycon
    >>> echo("4\\x1b[2J")
    '4\\\\x1b[2J'
    >>> echo("7" * 100, 10)
    '7777777777... (100 characters)'
    >>> echo("7" * 100, 10, length=1_000_000)
    '7777777777... (1,000,000 characters)'

    ```
    """
    return checks.echo(text, limit, length=length)


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that puts `2` before `10`."""
    return tuple(
        (0, int(part)) if part.isdecimal() else (1, part)
        for part in re.split(r"(\d+)", text)
        if part
    )


@runtime_checkable
class NamesPlayers(Protocol):
    """A game that numbers its players and names them (an n-player game's `A`, `B`, `C`)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, player 0 first."""
        ...


class TakesMoves(Protocol[S_contra, M]):
    """What the human player needs of a game of any family: who moves, and its moves.

    A two-player [`Game`][gamelib.core.game.Game] has all of it, and so do a game of
    chance and an n-player game.  The prompt names the player to move by `str` of what
    `player` gives (`Maxie`), or, in a game that
    [names its players][gamelib.core.human.NamesPlayers], by that name.
    """

    def player(self, state: S_contra, /) -> object:
        """Who is to move in `state`."""
        ...

    def moves(self, state: S_contra, /) -> seq.Seq[M]:
        """The legal moves in `state`."""
        ...

    def move_to_string(self, move: M, /) -> str:
        """`move` as a person types it."""
        ...

    def parse_move(self, state: S_contra, text: str, /) -> M | None:
        """The move `text` names, if it is legal in `state`; otherwise None."""
        ...


class ReadsMoves(Protocol[S_contra, M]):
    """What the prompt needs of a game: to write moves and to read them back.

    Every [`Game`][gamelib.core.game.Game] has both, and so does an n-player game:
    [`read_move`][gamelib.core.human.read_move] asks either.
    """

    def move_to_string(self, move: M, /) -> str:
        """`move` as a person types it."""
        ...

    def parse_move(self, state: S_contra, text: str, /) -> M | None:
        """The move `text` names, if it is legal in `state`; otherwise None."""
        ...


def board_order(game: ReadsMoves[S, M], moves: Iterable[M]) -> list[str]:
    """The moves as the game writes them, in board order (`1, 2, ..., 10`), not in the
    order a search would try them.

    ```pycon
    >>> from gamelib.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> board_order(game, game.moves(game.start))
    ['1', '2', '3', '4', '5', '6', '7']

    ```
    """
    return sorted((game.move_to_string(m) for m in moves), key=_natural)


def prompt_order(game: ReadsMoves[S, M], moves: Iterable[M]) -> list[str]:
    """The moves as the prompt lists them: in [board order][gamelib.core.human.board_order]
    when each is written as a number (a column, a cell, a count of pebbles), else in the
    game's own order (Pig's `roll, hold` as Pig gives them, not sorted by letter).

    ```pycon
    >>> from gamelib.games.connect4 import ConnectFour
    >>> from gamelib.games.pig import Pig
    >>> game = ConnectFour()
    >>> prompt_order(game, game.moves(game.start))
    ['1', '2', '3', '4', '5', '6', '7']
    >>> from dataclasses import replace
    >>> pig = Pig()
    >>> banked = replace(pig.start, turn_total=3)
    >>> prompt_order(pig, pig.moves(banked)), board_order(pig, pig.moves(banked))
    (['roll', 'hold'], ['hold', 'roll'])

    ```
    """
    written = [game.move_to_string(m) for m in moves]
    if all(text.isdecimal() for text in written):
        return sorted(written, key=_natural)
    return written


def _read_line(source: TextIO) -> tuple[str, int]:
    """One line, of which at most `LINE_LIMIT` characters are kept (`""` at the end),
    and the length of the whole line, its end of line left out."""
    line = source.readline(LINE_LIMIT)
    length = len(line.rstrip("\n"))
    if len(line) == LINE_LIMIT and not line.endswith("\n"):
        rest = line
        while rest and not rest.endswith("\n"):  # drop the rest of a very long line
            rest = source.readline(LINE_LIMIT)
            length += len(rest.rstrip("\n"))
    return line, length


def _discard_type_ahead(source: TextIO) -> None:
    """Forget what was typed on a terminal before the prompt (while the machine thought)."""
    try:
        if not source.isatty():
            return
        import termios  # not on every platform

        termios.tcflush(source.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        return


def _help(offered: str, advice: bool, undo: bool) -> str:
    lines = [f"Type a move ({offered}), or:", "  help    this list"]
    if advice:
        lines.append("  hint    the move the machine would make here, and its value")
        lines.append("  value   the value of the position")
    if undo:
        lines.append("  undo    take back your last move (and the answers to it)")
    lines.append("  quit    stop the game")
    return "\n".join(lines) + "\n"


def read_move(
    who: str,
    state: S,
    legal: Sequence[M],
    game: ReadsMoves[S, M],
    source: TextIO | None,
    sink: TextIO,
    *,
    advisor: Callable[[S], Advice] | None = None,
    undo: bool = False,
) -> M:
    """Ask `who` for a move at the prompt until one of `legal` is typed: the loop
    every human player here runs (see [`HumanPlayer`][gamelib.core.human.HumanPlayer] for what it
    understands).

    `game` parses and writes moves (and may explain why a move is illegal).
    With `undo` the word `undo` raises [`UndoRequest`][gamelib.core.human.UndoRequest]; without it,
    it is answered.
    """
    offered = ", ".join(prompt_order(game, legal))
    if source is not None:
        _discard_type_ahead(source)
    while True:
        sink.write(f"{who}, please type your move: ")
        sink.flush()
        if source is None:  # the process was started with standard input closed
            sink.write("\n")
            raise InputClosedError(f"there is no input to read {who}'s move from")
        try:
            line, length = _read_line(source)
        except KeyboardInterrupt as stopped:
            sink.write("\n")
            if type(stopped) is not KeyboardInterrupt:  # a kind of its own (SIGTERM's): as is
                raise
            raise InputClosedError(f"{who} interrupted the game") from None
        except UnicodeDecodeError as error:  # a stream that does not read every byte
            bad = error.object[error.start : error.end].decode("ascii", "backslashreplace")
            sink.write(
                f"'{echo(bad)}' cannot be read as {error.encoding} text; legal moves: {offered}\n"
            )
            continue
        except OSError as error:  # the terminal went away (EIO), say
            sink.write("\n")
            raise InputClosedError(
                f"the input could not be read while waiting for {who}'s move: {error.strerror}"
            ) from None
        if not line:
            sink.write("\n")
            raise InputClosedError(f"the input ended while waiting for {who}'s move")
        text = line.strip()
        # What a line longer than the part kept is quoted as: its start and its true length.
        typed = echo(text, length=length if length > len(line) else None)
        move = game.parse_move(state, text)
        if move is not None and move in legal:
            return move
        word = text.lower()
        if word in ("help", "?"):
            sink.write(_help(offered, advisor is not None, undo))
        elif word in ("quit", "exit"):
            raise QuitError(f"{who} quit the game")
        elif word == "undo":
            if undo:
                raise UndoRequest()
            sink.write("moves cannot be taken back in this game\n")
        elif word in ("hint", "value"):
            if advisor is None:
                sink.write(f"there is no one to ask for a {word} in this game\n")
            else:
                advice = advisor(state)
                if word == "value":
                    sink.write(f"value: {advice.value}\n")
                else:
                    sink.write(f"hint: {advice.move} (value: {advice.value})\n")
        elif isinstance(game, ExplainsIllegalMoves):
            sink.write(f"{game.why_illegal(state, typed)}; legal moves: {offered}\n")
        else:
            sink.write(f"'{typed}' is not a legal move here; legal moves: {offered}\n")


@final
@dataclass(eq=False)
class HumanPlayer(Generic[S, M]):
    """Asks `"<Side>, please type your move: "` until it reads a legal move: the one human
    player, for games of every family (the prompt names the player to move: `Maxie`, or
    `A` in an n-player game).

    Text that does not name a legal move is answered with the legal moves (in
    board order when they are numbers, else in the game's order) and the prompt comes
    again; what was typed is repeated back
    cut short and with control characters escaped.  `help`, `hint`,
    `value`, `undo` and `quit` are understood at the prompt.  End of input
    or Ctrl-C raises [`InputClosedError`][gamelib.core.human.InputClosedError] and `quit`
    [`QuitError`][gamelib.core.human.QuitError].  `undo` is the controller's to grant: asked
    by [`next_move_or_undo`][gamelib.core.human.TakesBack] (as
    [`play_out`][gamelib.core.controller.play_out] asks), it raises
    [`UndoRequest`][gamelib.core.human.UndoRequest]; asked by `next_move` or a call, it is
    answered "moves cannot be taken back in this game" and the prompt comes again.

    ```pycon
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

    ```
    """

    game: TakesMoves[S, M]
    """The game being played."""
    input: TextIO | None = None
    """Where moves are read from (standard input when None)."""
    output: TextIO | None = None
    """Where prompts and complaints go (standard output when None)."""
    advisor: Callable[[S], Advice] | None = None
    """What `hint` and `value` ask (a search player, say); None: they are not offered."""
    undo: bool = True
    """Whether `undo` is offered to a controller that asks by `next_move_or_undo` (False:
    it is answered there too)."""

    def __str__(self) -> str:
        return "you"

    def __call__(self, state: S, /) -> M:
        return self.next_move(state)

    def next_move(self, state: S, /) -> M:
        return self._read(state, undo=False)

    def next_move_or_undo(self, state: S, /) -> M:
        return self._read(state, undo=self.undo)

    def _read(self, state: S, undo: bool) -> M:
        game = self.game
        mover = game.player(state)
        who = str(mover)
        if isinstance(game, NamesPlayers) and isinstance(mover, int):
            who = game.names[mover]
        return read_move(
            who,
            state,
            seq.to_tuple(game.moves(state)),
            game,
            sys.stdin if self.input is None else self.input,
            sys.stdout if self.output is None else self.output,
            advisor=self.advisor,
            undo=undo,
        )
