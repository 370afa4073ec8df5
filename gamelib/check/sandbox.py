"""The student's code in a child process: loaded there, run there, case by case, with a time
limit, a recursion limit and a memory limit.

The child is forked, so code written in a notebook's cell is there as it is in the notebook,
and a file named on the command line is imported there (its own endless loop or crash at
import time stays there too).  The grader sends each case and waits for the run at most the
time limit; a child that does not answer in time is killed (an endless loop, reported as
such) and a new one is started for the next case.  What the student's code raises comes back
as that case's failure, with the traceback lines of the student's own code only.

```pycon
>>> from gamelib.check.kinds import KINDS, Case
>>> def Broken(settings):
...     return 1 // 0
>>> with Sandbox(Broken, KINDS["minimax"], Limits(seconds=5)) as box:
...     run = box.run(Case("a[b1,c2]", 1, "a tree"), None)
>>> print(run.error.splitlines()[-1])
ZeroDivisionError: integer division or modulo by zero

```
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import sys
import traceback
import types
import warnings
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import final

from gamelib.check.kinds import Case, Kind, NotWrittenError, Run, takes
from gamelib.core.checks import quoted
from gamelib.errors import InputError

__all__ = ["CannotGradeError", "Limits", "Sandbox", "StudentFile", "student_lines"]

_PACKAGE = str(Path(__file__).resolve().parents[1])
_PYTHON = (sys.prefix, sys.base_prefix, "<frozen")


class CannotGradeError(InputError, ValueError):
    """The student's code cannot be graded at all (no file, no such name, a syntax error, not
    a factory, an unknown kind); the message says why, in one sentence."""


@final
@dataclass(frozen=True)
class Limits:
    """What the student's code may use."""

    seconds: float = 2.0
    """Time for one case (and five times this for importing the file)."""
    memory_mb: int = 1024
    """Memory the child may take beyond what it started with, in MiB."""
    recursion: int = 3000
    """Python's recursion limit in the child."""


@final
@dataclass(frozen=True)
class StudentFile:
    """Code to be imported in the child: the object `name` of the file `path`."""

    path: str
    """The file, as given."""
    name: str
    """The name of the factory or solver in it."""


def student_lines(error: BaseException) -> str:
    """`error`'s traceback, keeping only the frames of code outside gamelib and Python's own
    libraries (the student's), then the error itself."""
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not frame.filename.startswith((_PACKAGE, *_PYTHON))
    ]
    lines = traceback.StackSummary.from_list(frames).format()
    said = "".join(traceback.format_exception_only(type(error), error)).strip()
    head = "Traceback (your code, most recent call last):\n" if lines else ""
    return (head + "".join(lines) + said).rstrip("\n")


def _limit(limits: Limits) -> None:
    sys.setrecursionlimit(limits.recursion)
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
        now = pages * resource.getpagesize()
        cap = now + limits.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, OSError, ValueError):  # not Linux: no memory limit
        pass


def _load(source: object, kind: Kind) -> object:
    wanted = 1 if kind.shape == "factory" else 2
    what = "factory" if kind.shape == "factory" else "solver"
    if not isinstance(source, StudentFile):
        problem = takes(source, wanted)
        if problem is not None:
            raise CannotGradeError(f"{_named(source)} is not a {what} for {kind.name}: {problem}")
        return source
    path = Path(source.path)
    if not path.is_file():
        raise CannotGradeError(f"there is no file {quoted(source.path)}")
    try:
        text = path.read_text(encoding="utf-8")
        code = compile(text, str(path), "exec")
    except SyntaxError as error:
        raise CannotGradeError(
            f"{source.path} line {error.lineno}: {error.msg} (Python cannot read the file)"
        ) from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise CannotGradeError(f"cannot read {quoted(source.path)}: {error}") from None
    sys.path.insert(0, str(path.resolve().parent))  # as `python FILE` has it
    module = types.ModuleType(path.stem)
    module.__file__ = str(path)
    sys.modules[path.stem] = module
    try:
        exec(code, module.__dict__)
    except BaseException as error:
        said = student_lines(error).splitlines()[-1]
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == str(path)]
        where = f" (line {frames[-1].lineno}: {(frames[-1].line or '').strip()})" if frames else ""
        raise CannotGradeError(f"importing {source.path} raised {said}{where}") from None
    if not hasattr(module, source.name):
        defined = sorted(
            n for n, v in vars(module).items() if callable(v) and not n.startswith("_")
        )
        also = f" (it defines {', '.join(defined)})" if defined else ""
        raise CannotGradeError(f"{source.path} has no {source.name}{also}")
    found: object = getattr(module, source.name)
    problem = takes(found, wanted)
    if problem is not None:
        raise CannotGradeError(f"{source.name} is not a {what} for {kind.name}: {problem}")
    return found


def _named(code: object) -> str:
    return str(getattr(code, "__name__", type(code).__name__))


def _child(conn: Connection, source: object, kind: Kind, limits: Limits) -> None:
    _limit(limits)
    sys.stdout = io.StringIO()  # what the student prints is not the grader's output
    try:
        code = _load(source, kind)
    except CannotGradeError as error:
        conn.send(("cannot", str(error)))
        return
    conn.send(("ready", ""))
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        case, reference = message
        sys.stdout = io.StringIO()
        try:
            run = kind.runner(code, case, reference)
        except NotWrittenError as error:
            run = Run(None, None, (), error=str(error))
        except BaseException as error:
            run = Run(None, None, (), error=student_lines(error))
        conn.send(("ran", run))


@final
class Sandbox:
    """A child process running the student's `source` (a callable, or a `StudentFile`) as
    code of `kind`; a context manager.  `CannotGradeError` when the code cannot be loaded."""

    def __init__(self, source: object, kind: Kind, limits: Limits | None = None) -> None:
        self.source = source
        self.kind = kind
        self.limits = Limits() if limits is None else limits
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None

    def __enter__(self) -> Sandbox:
        self._start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _start(self) -> None:
        try:
            context = multiprocessing.get_context("fork")
        except ValueError:  # Windows: no fork
            raise CannotGradeError(
                "the grader runs code in a forked process, which this system cannot make "
                "(use Linux, macOS or WSL)"
            ) from None
        parent, child = context.Pipe()
        process = context.Process(
            target=_child, args=(child, self.source, self.kind, self.limits), daemon=True
        )
        with warnings.catch_warnings():
            # Python 3.12 warns that forking a process with threads (a notebook's kernel,
            # a test runner's) may deadlock in the child; this child takes no lock those
            # threads hold: it only reads its pipe and runs the student's code.
            warnings.simplefilter("ignore", DeprecationWarning)
            process.start()
        child.close()
        self._process, self._conn = process, parent
        wait = self.limits.seconds * 5
        if not parent.poll(wait):
            self.close()
            raise CannotGradeError(
                f"loading the code did not finish within {wait:g} s "
                "(an endless loop when the file is imported?)"
            )
        try:
            said, text = parent.recv()
        except EOFError:
            code = self._stop()
            raise CannotGradeError(
                f"the code ended Python while it was loaded (exit code {code})"
            ) from None
        if said == "cannot":
            self.close()
            raise CannotGradeError(text)

    def run(self, case: Case, reference: Run | None) -> Run:
        """The student's run on `case` (the reference's `reference` given for a proof check);
        a run with `error` set when it raised, ran out of time or ended the process."""
        if self._conn is None:
            self._start()
        conn = self._conn
        assert conn is not None
        seconds = self.limits.seconds
        try:
            conn.send((case, reference))
            if not conn.poll(seconds):
                self._stop()
                return Run(
                    None,
                    None,
                    (),
                    error=f"it did not finish within {seconds:g} s: an endless loop? "
                    "(a search of these small trees takes milliseconds)",
                )
            said, run = conn.recv()
        except (EOFError, OSError):
            code = self._stop()
            return Run(None, None, (), error=f"it ended the Python process (exit code {code})")
        assert said == "ran"
        assert isinstance(run, Run)
        return run

    def _stop(self) -> int | None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is None:
            return None
        if process.is_alive():
            process.kill()
        process.join(5)
        return process.exitcode

    def close(self) -> None:
        """Ends the child process."""
        conn = self._conn
        if conn is not None and self._process is not None and self._process.is_alive():
            with contextlib.suppress(OSError):
                conn.send(None)
            self._process.join(1)
        self._stop()
