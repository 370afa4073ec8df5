"""Positions written as moves, and answering a file of them, one line each.

A position is written as the moves from the start, as `--moves` takes them:
Connect Four's columns run together (`4455`) or with commas, tic-tac-toe's
cells (`159`), Nim's takes (`3 1`).  `run_lines` answers a
`--positions` file for `analyse` and `solve`: each line's position, by
a task run as `gamelib.parallel.batch` runs it, in input order (or as
each is ready), a line that is not a position answered with why.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import TextIO, TypeVar

from gamelib.cli.batch import (
    BatchOptions,
    FileRefusedError,
    Progress,
    json_line,
    position_lines,
)
from gamelib.cli.games import GameKit
from gamelib.cli.specs import SpecError
from gamelib.core.controller import TwoPlayers
from gamelib.core.game import Game
from gamelib.core.human import ExplainsIllegalMoves, board_order, echo
from gamelib.core.jsondata import move_json
from gamelib.core.model import Ended, Model, Nature
from gamelib.errors import InputError
from gamelib.parallel.batch import run_batch

__all__ = [
    "BadPositionError",
    "count_positions",
    "is_terminal",
    "line_after",
    "line_title",
    "lines_of",
    "move_json",
    "moves_position",
    "position_after",
    "redraws",
    "run_lines",
    "split_moves",
    "stopped_words",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
R = TypeVar("R")


def split_moves(text: str, digits: bool) -> tuple[str, ...]:
    """The moves written in `text`: separated by commas or spaces, or, when every move
    is one digit (`digits`), also run together.

    ```pycon
    >>> split_moves("4455", True), split_moves("10,2, 11", False), split_moves("1 5", True)
    (('4', '4', '5', '5'), ('10', '2', '11'), ('1', '5'))

    ```
    """
    if "," in text and any(not part.strip() for part in text.split(",")):
        raise BadPositionError(f"'{echo(text)}' has a comma with no move before or after it")
    parts = text.replace(",", " ").split()
    if digits:
        return tuple(
            d for part in parts for d in (part if part.isascii() and part.isdigit() else (part,))
        )
    return tuple(parts)


class BadPositionError(InputError, ValueError):
    """Moves that do not lead to a position to solve; the message says which and why."""


def position_after(
    game: Game[S, M], texts: tuple[str, ...], verb: str = "solve"
) -> tuple[S, tuple[M, ...]]:
    """The position after the moves written in `texts`; BadPositionError for one that cannot
    be played there, or for a game they finish (then there is nothing to `verb`).
    """
    return line_after(TwoPlayers(game), texts, verb)


def line_after(
    model: Model[S, M, R], texts: tuple[str, ...], verb: str = "solve", *, rolls: bool = False
) -> tuple[S, tuple[M, ...]]:
    """The position after the moves written in `texts`, in a game of any family, each
    played by the seat to move, and the moves; BadPositionError as for `position_after`.
    At a chance position a text names what happened (`rolled 6`, or its last word, `6`)
    where `rolls` allows it, and is refused otherwise."""
    state: S = model.start
    played: list[M] = []
    face = getattr(model, "game", model)  # the game's own face explains its refusals
    for number, text in enumerate(texts, 1):
        after = echo(" ".join(texts[: number - 1]), 200) or "the start"
        status: S | Ended[R]
        if isinstance(model.mover(state), Nature):
            if not rolls:
                raise BadPositionError(  # a match's opening: its dice are the match's
                    f"'{echo(text)}' cannot be played after {after}: chance rolls there, and "
                    "an opening holds the players' moves only up to chance's first roll (the "
                    "match rolls the dice)"
                )
            status = _rolled(model, state, text, number, after)
        else:
            move = _move(model, face, state, text, number, after)
            played.append(move)
            status = model.play(state, move)
        if isinstance(status, Ended):
            # As a clause: "Maxie wins!" is "Maxie wins", "It's a draw!" is "a draw".
            outcome = model.outcome_to_string(status.outcome).rstrip("!").removeprefix("It's ")
            if number < len(texts):
                rest = echo(" ".join(texts[number:]), 200)
                raise BadPositionError(
                    f"the game is over after move {number} ({outcome}), "
                    f"so '{rest}' cannot be played"
                )
            raise BadPositionError(
                f"nothing to {verb}: the game is already over after {echo(' '.join(texts), 200)} "
                f"({outcome})"
            )
        state = status
    return state, tuple(played)


def _rolled(model: Model[S, M, R], state: S, text: str, number: int, after: str) -> S | Ended[R]:
    """Where chance's roll that `text` names leads (its label, or the label's last word)."""
    chances = model.rolls(state)
    named = [r for r in chances if text in (r.label, (r.label.split() or [""])[-1])]
    if len(named) != 1:
        offered = ", ".join((r.label.split() or [""])[-1] for r in chances)
        raise BadPositionError(
            f"move {number} cannot be played after {after}: chance decides there, and "
            f"'{echo(text)}' names none of what can happen, written as {echo(offered, 200)}"
        )
    return named[0].after


def _move(model: Model[S, M, R], face: object, state: S, text: str, number: int, after: str) -> M:
    """The move `text` names by the seat to move."""
    legal = model.moves(state)
    move = model.parse_move(state, text)
    if move is not None and move in legal:
        return move
    # What was typed is quoted as the prompt quotes it: escaped and cut short (the moves
    # before it at more length, so a whole game's usually shows).
    offered = ", ".join(board_order(model, legal))
    if isinstance(face, ExplainsIllegalMoves):
        why = face.why_illegal(state, echo(text))
    else:
        why = f"'{echo(text)}' is not a legal move"
    raise BadPositionError(
        f"move {number} cannot be played after {after}: {why}; legal moves: {offered}"
    )


def moves_position(game: Game[S, M], moves: str, digit_moves: bool, verb: str) -> S:
    """The position `--moves` writes, for the command that will `verb` it; `SpecError`
    saying which move and why, or that there is nothing to `verb` after them."""
    try:
        state, _ = position_after(game, split_moves(moves, digit_moves), verb)
    except BadPositionError as bad:
        message = str(bad)
        raise SpecError(
            message if message.startswith("nothing") else f"--moves: {message}"
        ) from None
    return state


def line_title(number: int, text: str) -> str:
    """How a text report heads the answer for a line of a `--positions` file: its
    number and its moves, cut short after 200 characters and with control characters
    escaped (`gamelib.core.checks.echo`).

    ```pycon
    >>> line_title(3, "4455\\x1b[2J")
    'line 3: 4455\\\\x1b[2J'

    ```
    """
    return f"line {number}: {echo(text, 200)}"


def lines_of(kit: GameKit[S, M, G], verb: str) -> Callable[[str], S]:
    """How a batch of `kit`'s game reads a line: the position after its moves
    (BadPositionError as for `position_after`, with nothing to `verb` in a finished game)."""

    def read(text: str) -> S:
        return position_after(kit.game, split_moves(text, kit.digit_moves), verb)[0]

    return read


def run_lines(
    read: Callable[[str], S],
    name: str,
    stdin: TextIO | None,
    out: TextIO,
    err: TextIO | None,
    batch: BatchOptions,
    task: Callable[[S], R],
    answer: Callable[[int, str, S, R], None],
    *,
    json_output: bool,
    refuse: Callable[[S], str | None] | None = None,
) -> int:
    """Run `task` on each position of the file `name` as `batch` says and `answer`
    each, or say why it has no answer; the exit status: 1 if any line has none.

    `read` makes a line's position (BadPositionError for one that has none: see
    [`lines_of`][gamelib.cli.positions.lines_of]); `refuse` says why a position that can be
    reached cannot be searched (None: it can).
    """
    # The file is read as the batch goes, a line at a time, so answers stream out and
    # memory holds only the positions in flight: good[i] is the i-th position read, until
    # it is answered; bad_before[i] the lines that are not positions read just before it.
    good: dict[int, tuple[int, str, S]] = {}
    bad_before: dict[int, list[tuple[int, str, str]]] = {}
    bad: list[tuple[int, str, str]] = []
    failed = 0

    def fail(number: int, text: str, why: str) -> None:
        nonlocal failed
        failed += 1
        if json_output:
            out.write(json_line({"line": number, "moves": text, "error": why}))
        else:
            out.write(f"{line_title(number, text)}\n{why}\n\n")

    def position(text: str) -> tuple[S | None, str | None]:
        """The position a line writes, or why it has none (or cannot be searched)."""
        try:
            state = read(text)
        except BadPositionError as error:
            return None, str(error)
        return state, None if refuse is None else refuse(state)

    def positions() -> Iterator[S]:
        for number, text in position_lines(name, stdin):
            state, why = position(text)
            if state is None or why is not None:
                if batch.ordered:
                    bad.append((number, text, why or ""))
                else:  # answers come as they are ready: so does this one
                    fail(number, text, why or "")
                if progress is not None:  # a line done, if not a position searched
                    progress.step()
                continue
            index = next(indexes)  # run_batch numbers the positions as they come
            good[index] = (number, text, state)
            bad_before[index] = bad[:]
            bad.clear()
            yield state

    indexes = itertools.count()
    answered: list[int] = []  # the line of each position answered
    total = count_positions(name)
    # A bar on a terminal; elsewhere a line each tenth of a batch whose size is known.
    progress = (
        Progress(err, total, terminal=redraws(err))
        if err is not None and (redraws(err) or bool(total))
        else None
    )
    results = run_batch(task, positions(), batch.workers, ordered=batch.ordered, chunk=batch.chunk)
    with closing(results), _closing_workers(batch):
        try:
            for result in results:
                number, text, state = good.pop(result.index)
                if progress is not None:
                    progress.clear()
                for line, written, why in bad_before.pop(result.index):
                    fail(line, written, why)
                if result.value is None:
                    fail(number, text, result.error or "no answer")
                else:
                    answer(number, text, state, result.value)
                out.flush()
                answered.append(number)
                if progress is not None:
                    progress.step()
        except KeyboardInterrupt:
            if progress is not None:
                progress.clear()
            if err is not None:
                err.write(f"gamelib: {stopped_words(len(answered), answered[-1:], total)}\n")
            return 1
    if progress is not None:
        progress.clear()
    for number, text, why in bad:  # after the last position
        fail(number, text, why)
    out.flush()
    return 1 if failed else 0


def stopped_words(answered: int, last: list[int], total: int | None) -> str:
    """What a batch stopped by Ctrl-C or SIGTERM says: how many positions were answered
    and where it stopped.

    ```pycon
    >>> stopped_words(3, [7], 10)
    'stopped after 3 of 10 positions, the last answered on line 7; the rest were not searched'
    >>> stopped_words(0, [], None)
    'stopped after 0 positions, before any was answered; the rest were not searched'

    ```
    """
    of = f" of {total}" if total is not None else ""
    noun = "position" if answered == 1 and not of else "positions"
    where = f"the last answered on line {last[0]}" if last else "before any was answered"
    return f"stopped after {answered}{of} {noun}, {where}; the rest were not searched"


def count_positions(name: str) -> int | None:
    """How many positions the `--positions` file `name` holds, when it is a regular file
    that can be read twice (None for standard input, a pipe or a device)."""
    if name == "-" or not os.path.isfile(name):
        return None
    try:
        return sum(1 for _ in position_lines(name, None))
    except FileRefusedError:
        raise  # not text, or no line of moves: refused before any line is answered
    except SpecError:  # said again, with the line, when the batch reads it
        return None


@contextmanager
def _closing_workers(batch: BatchOptions) -> Iterator[None]:
    """Disconnect from a Dask scheduler when the batch is over."""
    try:
        yield
    finally:
        if batch.workers is not None and batch.workers.close is not None:
            batch.workers.close()


def is_terminal(stream: TextIO) -> bool:
    """Whether `stream` is a terminal (False for a stand-in or closed stream)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a stand-in stream, or a closed one
        return False


def redraws(stream: TextIO) -> bool:
    """Whether `stream` is a terminal that can redraw a line in place (a progress bar, a
    thinking line): not with `TERM=dumb`, which takes no escape sequences."""
    return is_terminal(stream) and os.environ.get("TERM") != "dumb"
