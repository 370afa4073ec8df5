"""Batches on the command line: `--positions FILE`, `--workers N`, `--scheduler ADDRESS`.

`gamelib analyse GAME --positions FILE` and `gamelib solve GAME --positions
FILE` read one position a line (the moves from the start, as `--moves`
takes them) and answer each, one answer a line, in input order (or as each
is ready, with `--unordered`).  A line that is not a position gets an error
answer naming its line; the others are still answered, and the exit status
is 1.  `--workers N` runs the searches on N local processes and
`--scheduler ADDRESS` on a running Dask cluster
(`gamelib.parallel.batch`); the progress goes to standard error: a bar on
a terminal, a plain line every tenth of the batch otherwise.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from gamelib.cli.specs import SpecError, read_number, shown
from gamelib.core.checks import echo
from gamelib.core.jsondata import JSON
from gamelib.parallel.batch import (
    DaskMissingError,
    SchedulerError,
    Workers,
    dask_workers,
    local_workers,
)

__all__ = [
    "MAX_WORKERS",
    "BatchOptions",
    "FileRefusedError",
    "Progress",
    "add_batch_options",
    "add_worker_options",
    "check_batch_options",
    "json_line",
    "position_lines",
    "workers_from",
]

MAX_WORKERS = 256
"""The most local worker processes `--workers` starts."""


def add_worker_options(parser: argparse.ArgumentParser, workers: str) -> None:
    """`--workers N` (`workers` says what this command does on them) and `--scheduler
    ADDRESS`, checked by `workers_from`."""
    parser.add_argument("--workers", metavar="N", help=workers)
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="as --workers, on the Dask cluster whose scheduler is at ADDRESS, "
        "e.g. tcp://10.0.0.5:8786 (needs pip install 'gamelib[dask]')",
    )


def add_batch_options(parser: argparse.ArgumentParser) -> None:
    """`--workers`, `--scheduler`, `--chunk` and `--unordered`."""
    add_worker_options(
        parser,
        "with --positions: search on N local processes at once (default: one after "
        "another in this process); solve without --positions: one solve split over them",
    )
    parser.add_argument(
        "--chunk",
        metavar="N",
        help="with --workers or --scheduler: send positions to workers N at a time "
        "(default 1; more saves scheduling time when each search is short)",
    )
    parser.add_argument(
        "--unordered",
        action="store_true",
        help="with --positions: print each answer when it is ready, not in input order",
    )


@dataclass(frozen=True)
class BatchOptions:
    """Where a batch runs, checked: None for this process, one after another."""

    workers: Workers | None
    chunk: int
    ordered: bool


def check_batch_options(
    options: argparse.Namespace, positions: str | None, *, alone: bool = False
) -> BatchOptions:
    """The batch options, checked (SpecError naming the first bad one); with `alone`,
    `--workers` and `--scheduler` may come without `--positions` (one solve split).

    Connects to a `--scheduler` at once, so an address that does not answer
    is said before any work starts.
    """
    workers_text: str | None = options.workers
    scheduler: str | None = options.scheduler
    chunk_text: str | None = options.chunk
    for flag, given in (
        ("--workers", workers_text),
        ("--scheduler", scheduler),
        ("--chunk", chunk_text),
        ("--unordered", options.unordered or None),
    ):
        if given is not None and positions is None and not (alone and flag in _SPLITS):
            raise SpecError(f"{flag} is for batches: give the positions with --positions FILE")
    if workers_text is not None and scheduler is not None:
        raise SpecError("give --workers or --scheduler, not both: a Dask cluster has its own")
    chunk = 1
    if chunk_text is not None:
        chunk = read_number(chunk_text, "--chunk")
        if chunk < 1:
            raise SpecError(f"--chunk must be at least 1, got {chunk}")
        if workers_text is None and scheduler is None:
            raise SpecError("--chunk is for --workers or --scheduler, and neither is given")
    return BatchOptions(workers_from(workers_text, scheduler), chunk, ordered=not options.unordered)


_SPLITS = ("--workers", "--scheduler")


def workers_from(workers_text: str | None, scheduler: str | None) -> Workers | None:
    """The workers `--workers N` or `--scheduler ADDRESS` name (None: neither is given),
    checked (SpecError naming the first bad one); a scheduler is connected to at once."""
    if workers_text is not None and scheduler is not None:
        raise SpecError("give --workers or --scheduler, not both: a Dask cluster has its own")
    workers: Workers | None = None
    if workers_text is not None:
        count = read_number(workers_text, "--workers")
        if count < 1:
            raise SpecError(f"--workers must be at least 1, got {count}")
        if count > MAX_WORKERS:
            raise SpecError(f"--workers must be at most {MAX_WORKERS}, got {shown(str(count))}")
        workers = local_workers(count)
    if scheduler is not None:
        try:
            workers = dask_workers(scheduler)
        except (DaskMissingError, SchedulerError) as error:
            raise SpecError(f"--scheduler: {error}") from None
        _quiet_dask()
    return workers


def _quiet_dask() -> None:
    """No log lines from Dask on a command's standard error: a scheduler that goes away
    mid-batch is said once, in the answers of the lines it leaves unsearched, not in
    Dask's logged tracebacks.  (Dask gives several of its loggers handlers of their own.)"""
    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed")]
    for name in {"distributed", *names}:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.addHandler(logging.NullHandler())
        logger.propagate = False


class FileRefusedError(SpecError):
    """A `--positions` or `--openings` file refused whole, before any of its lines is
    answered: it is not text (a NUL byte before its first line of moves), or it has no
    line of moves."""


def position_lines(
    name: str, stdin: TextIO | None, flag: str = "--positions", noun: str = "positions"
) -> Iterator[tuple[int, str]]:
    """The positions of a `--positions` file (`-`: standard input), with their line
    numbers: blank lines and lines starting with `#` are skipped.  Errors name `flag`
    (`--openings` reads the same kind of file, of `noun` "openings"); a file with no
    line of moves is refused.

    A byte that is not UTF-8 spoils its own line only (it becomes U+FFFD, which
    no game reads as a move); a byte-order mark at the start is not part of line 1.  A
    NUL byte, which no text holds, before any line of moves refuses the file (it is not
    text, or it is UTF-16); after one, it spoils its own line only, as the lines already
    handed on may have been answered.
    """
    if name == "-" and stdin is None:  # run with standard input closed
        raise SpecError(f"{flag} -: standard input is closed")
    try:
        source = (
            stdin
            if name == "-"
            else open(name, encoding="utf-8-sig", errors="replace", newline="\n")  # noqa: SIM115
        )
    except OSError as error:
        raise SpecError(f"{flag}: cannot read '{name}': {error.strerror}") from None
    assert source is not None
    if source is stdin and isinstance(source, io.TextIOWrapper):
        source.reconfigure(newline="\n")  # lines end at a line feed only, as sed has them
    found = False
    try:
        for number, raw in enumerate(_bounded_lines(source), 1):
            if raw is None:
                raise SpecError(
                    f"{flag}: line {number} of {_where(name)} is longer than "
                    f"{MAX_LINE:,} characters, which no position is"
                )
            if "\x00" in raw and not found:  # no text holds one: a program, an archive
                raise FileRefusedError(_not_text(flag, name, number, raw))
            text = raw.strip().lstrip("\ufeff").strip()
            if text and not text.startswith("#"):
                found = True
                yield number, text
        if not found:  # nothing to do is not a batch done
            raise FileRefusedError(f"{flag}: {_where(name)} has no {noun}")
    except UnicodeDecodeError:
        raise SpecError(f"{flag}: '{name}' is not UTF-8 text") from None
    except OSError as error:  # a read that fails part way (a bad disk), with no file name
        raise SpecError(f"{flag}: cannot read {_where(name)}: {error.strerror}") from None
    finally:
        if source is not stdin:
            source.close()


def _not_text(flag: str, name: str, number: int, raw: str) -> str:
    """Why a file with a NUL byte is refused: UTF-16 text (Windows' "Unicode") is named as
    such, since its every other byte is NUL."""
    if raw.startswith("\ufffd\ufffd") or raw[1::2].strip("\x00\n") == "":
        return (
            f"{flag}: {_where(name)} is not UTF-8 text: it looks like UTF-16 (Windows' "
            '"Unicode"); save it as UTF-8'
        )
    return (
        f"{flag}: {_where(name)} is not a text file: line {number} holds a NUL byte, which "
        "no line of moves has"
    )


MAX_LINE = 1 << 20
"""The longest line a `--positions` file may have (a position is far shorter)."""


def _where(name: str) -> str:
    return "standard input" if name == "-" else f"'{echo(name, 200)}'"


def _bounded_lines(source: TextIO) -> Iterator[str | None]:
    """The lines of `source` one by one, as `sed -n Np` numbers them (only a line feed
    ends a line: not a carriage return, a form feed or U+2028), never holding more than
    `MAX_LINE` characters: a longer line yields None and ends the reading (an endless
    line, such as `/dev/zero` gives, never fills the memory)."""
    pending = ""
    while True:
        chunk = source.readline(MAX_LINE + 1)
        if not chunk:
            if pending:
                yield pending
            return
        # A text stream may split on other line ends (\r, \x0b, \x1c..., \u2028): join
        # those back, so line numbers are the ones sed gives.
        pending += chunk
        if len(pending) > MAX_LINE:
            yield None
            return
        if pending.endswith("\n"):
            yield pending
            pending = ""


def json_line(found: dict[str, JSON]) -> str:
    """One answer as a line of JSON."""
    return json.dumps(found) + "\n"


class Progress:
    """How far a batch has got, on standard error: a bar on a terminal, else a plain line
    each tenth of the batch.

    ```pycon
    >>> import io
    >>> err = io.StringIO()
    >>> progress = Progress(err, 20, terminal=False)
    >>> for _ in range(20):
    ...     progress.step()
    >>> err.getvalue().splitlines()[0].split(" (")[0], len(err.getvalue().splitlines())
    ('2 of 20 positions done', 10)

    ```
    """

    WIDTH = 24
    """Characters in the bar."""

    def __init__(self, err: TextIO, total: int | None, *, terminal: bool) -> None:
        self.err = err
        self.total = total
        self.terminal = terminal
        self.done = 0
        self.began = time.perf_counter()
        self.shown = False
        self.tenths = 0

    def step(self) -> None:
        """One more position done."""
        self.done += 1
        if self.terminal:
            if self.total is None:  # read as it goes (standard input): no end to measure
                self.err.write(f"\r{self.words()}\x1b[K")
            else:
                filled = self.WIDTH * self.done // max(self.total, 1)
                bar = "#" * filled + "-" * (self.WIDTH - filled)
                self.err.write(f"\r[{bar}] {self.words()}\x1b[K")
            self.err.flush()
            self.shown = True
        elif self.total is None:
            return
        elif (tenths := 10 * self.done // max(self.total, 1)) > self.tenths:
            self.tenths = tenths
            self.err.write(self.words() + "\n")
            self.err.flush()

    def words(self) -> str:
        """`57 of 200 positions done (12.3 a second, about 11 s left)`."""
        seconds = time.perf_counter() - self.began
        rate = self.done / seconds if seconds > 0 else 0.0
        if self.total is None:
            return f"{self.done} positions done ({rate:.1f} a second, {seconds:.1f} s)"
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        ending = f"about {left:.0f} s left" if self.done < self.total else f"{seconds:.1f} s"
        return f"{self.done} of {self.total} positions done ({rate:.1f} a second, {ending})"

    def clear(self) -> None:
        """Take the bar off the terminal line (before an answer is printed, and at the end)."""
        if self.shown:
            self.err.write("\r\x1b[K")
            self.err.flush()
            self.shown = False
