"""Positions written as moves, and answering a file of them, one line each.

A position is written as the moves from the start, as `--moves` takes them:
Connect Four's columns run together (`4455`) or with commas, tic-tac-toe's
cells (`159`), Nim's takes (`3 1`).  `run_lines` answers a
`--positions` file for `analyse` and `solve`: each line's position, by
a task run as `gamelib.parallel.batch` runs it, in input order (or as
each is ready), a line that is not a position answered with why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import TextIO, TypeVar

from gamelib import seq
from gamelib.cli.batch import BatchOptions, JsonValue, Progress, json_line, position_lines
from gamelib.cli.games import GameKit
from gamelib.core.datatypes import Done
from gamelib.core.game import Game
from gamelib.core.human import ExplainsIllegalMoves, board_order, echo
from gamelib.parallel.batch import run_batch

__all__ = [
    "BadPositionError",
    "is_terminal",
    "line_title",
    "move_json",
    "position_after",
    "run_lines",
    "split_moves",
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


class BadPositionError(ValueError):
    """Moves that do not lead to a position to solve; the message says which and why."""


def position_after(game: Game[S, M], texts: tuple[str, ...]) -> tuple[S, tuple[M, ...]]:
    """The position after the moves written in `texts`; BadPositionError for one that cannot
    be played there, or for a game they finish.
    """
    state = game.start
    played: list[M] = []
    for number, text in enumerate(texts, 1):
        legal = seq.to_tuple(game.moves(state))
        move = game.parse_move(state, text)
        if move is None or move not in legal:
            # What was typed is quoted as the prompt quotes it: escaped and cut short
            # (the moves before it at more length, so a whole game's usually shows).
            after = echo(" ".join(texts[: number - 1]), 200) or "the start"
            offered = ", ".join(board_order(game, legal))
            if isinstance(game, ExplainsIllegalMoves):
                why = game.why_illegal(state, echo(text))
            else:
                why = f"'{echo(text)}' is not a legal move"
            raise BadPositionError(
                f"move {number} cannot be played after {after}: {why}; legal moves: {offered}"
            )
        played.append(move)
        status = game.play(state, move)
        if isinstance(status, Done):
            if number < len(texts):
                rest = echo(" ".join(texts[number:]), 200)
                raise BadPositionError(
                    f"the game is over after move {number} ({status.outcome}), "
                    f"so '{rest}' cannot be played"
                )
            raise BadPositionError(
                f"nothing to solve: the game is already over after {echo(' '.join(texts), 200)} "
                f"({status.outcome})"
            )
        state = status.state
    return state, tuple(played)


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


def move_json(text: str) -> JsonValue:
    """A move for JSON: a number when it is written as one (a column, a cell), else text."""
    return int(text) if text.isdecimal() and text.isascii() else text


def run_lines(
    kit: GameKit[S, M, G],
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

    `refuse` says why a position that can be reached cannot be searched (None: it can).
    """
    good: list[tuple[int, str, S]] = []
    bad_before: list[list[tuple[int, str, str]]] = []  # the bad lines before each good one
    bad: list[tuple[int, str, str]] = []
    for number, text in position_lines(name, stdin):
        try:
            state, _ = position_after(kit.game, split_moves(text, kit.digit_moves))
        except BadPositionError as error:
            bad.append((number, text, str(error)))
            continue
        why = None if refuse is None else refuse(state)
        if why is not None:
            bad.append((number, text, why))
            continue
        good.append((number, text, state))
        bad_before.append(bad)
        bad = []
    failed = sum(map(len, bad_before)) + len(bad)

    def fail(number: int, text: str, why: str) -> None:
        if json_output:
            out.write(json_line({"line": number, "moves": text, "error": why}))
        else:
            out.write(f"{line_title(number, text)}\n{why}\n\n")

    progress = (
        Progress(err, len(good), terminal=is_terminal(err)) if err is not None and good else None
    )
    states = [state for _, _, state in good]
    results = run_batch(task, states, batch.workers, ordered=batch.ordered, chunk=batch.chunk)
    with closing(results), _closing_workers(batch):
        try:
            if not batch.ordered:  # the lines that are not positions, at once
                for before in bad_before:
                    for number, text, why in before:
                        fail(number, text, why)
            for result in results:
                number, text, state = good[result.index]
                if progress is not None:
                    progress.clear()
                if batch.ordered:
                    for line, written, why in bad_before[result.index]:
                        fail(line, written, why)
                if result.value is None:
                    failed += 1
                    fail(number, text, result.error or "no answer")
                else:
                    answer(number, text, state, result.value)
                out.flush()
                if progress is not None:
                    progress.step()
        except KeyboardInterrupt:
            if progress is not None:
                progress.clear()
            if err is not None:
                done = 0 if progress is None else progress.done
                err.write(
                    f"gamelib: stopped after {done} of {len(good)} positions; "
                    "the rest were not searched\n"
                )
            return 1
    if progress is not None:
        progress.clear()
    for number, text, why in bad:  # after the last position
        fail(number, text, why)
    out.flush()
    return 1 if failed else 0


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
