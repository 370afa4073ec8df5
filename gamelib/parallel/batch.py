"""Many independent searches on an executor: results as they finish, nothing lost.

`run_batch` runs a task (a picklable callable, such as a
`SearchRecipe`) on each of many items and
yields a `BatchResult` per item, carrying the item's index in the
input.  Where it runs is the caller's choice:

- nowhere else (`None`, the default): one after another in this process,
  in input order, exactly as a loop would;
- any `concurrent.futures.Executor`: a `ProcessPoolExecutor`, or
  Dask's `Client.get_executor()`, which has the same interface;
- `Workers`, which says how to *make* an executor and how many tasks
  to keep in flight: `local_workers` (processes on this machine) and
  `dask_workers` (a running Dask scheduler).  A batch that makes its own
  executor can also mend it: when a worker process dies (killed, out of
  memory), a local pool breaks and fails every task in flight; the batch
  makes a new pool, runs the tasks that were in flight again one at a time
  (so the one that kills its worker is found and reported, and no other is
  lost), and carries on.  Dask retries such a task on another worker by
  itself and gives up on it (`KilledWorker`) only after several workers
  died with it; a task given up on that way is run again alone, in case it
  was only queued on a worker that another task killed.

A task that raises gives an error result for its item, with one sentence
saying what went wrong; the batch goes on.  Ctrl-C (`KeyboardInterrupt`)
cancels the work not yet started, stops a local pool's processes, and is
raised again for the caller to report.

```pycon
>>> results = run_batch(abs, [-3, 4, -5])
>>> [(r.index, r.value) for r in results]
[(0, 3), (1, 4), (2, 5)]
>>> [r.error for r in run_batch(int, ["7", "x"])][1]
"ValueError: invalid literal for int() with base 10: 'x'"

```
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import importlib
import os
import pickle
import signal
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast, final

from gamelib.core.human import echo
from gamelib.errors import InputError
from gamelib.search.player import SearchDepthError

__all__ = [
    "DASK_CONNECT_SECONDS",
    "DASK_SCHEMES",
    "BatchResult",
    "DaskMissingError",
    "SchedulerError",
    "Workers",
    "check_address",
    "dask_workers",
    "describe_error",
    "local_workers",
    "run_batch",
]

X = TypeVar("X")
R = TypeVar("R")

DASK_CONNECT_SECONDS = 10.0
"""How long `dask_workers` waits for a scheduler to answer."""
DASK_WORKER_SECONDS = 5.0
"""How long `dask_workers` waits for a scheduler with no workers to get one."""


@final
@dataclass(frozen=True, slots=True)
class BatchResult(Generic[R]):
    """What one item of a batch came to: its value, or why there is none."""

    index: int
    """The item's place in the input, from 0."""
    value: R | None
    """What the task returned (None when it failed)."""
    error: str | None = None
    """Why the task failed, in one sentence (None when it did not)."""
    seconds: float = 0.0
    """How long the task ran, where it ran (0 when it never finished)."""

    @property
    def ok(self) -> bool:
        """Whether the task finished."""
        return self.error is None


@final
@dataclass(frozen=True, slots=True)
class Workers:
    """How to make an executor for a batch, and how many tasks to keep in flight."""

    make: Callable[[], cf.Executor]
    """Makes a fresh executor; called again if a local pool breaks."""
    slots: int
    """Tasks in flight at once: enough to keep every worker busy, few enough that a
    broken pool has little to run again."""
    name: str
    """What it is, for messages: `2 local processes`."""
    close: Callable[[], None] | None = None
    """What to do when no more batches will run on them (a Dask client disconnects);
    whoever made the workers calls it."""
    dumps: Callable[[object], bytes] = pickle.dumps
    """How a task is pickled on its way to them: `pickle`'s, or for Dask cloudpickle's,
    which takes lambdas too.  A caller tries it first to say at once what cannot be sent."""


def describe_error(error: BaseException) -> str:
    """One sentence for `error`: its message, named by its kind unless it is gamelib's own.

    A search too deep for Python's stack is said without the advice to raise the
    recursion limit: the caller of a batch cannot raise it in a worker's process.

    ```pycon
    >>> describe_error(ZeroDivisionError("division by zero"))
    'ZeroDivisionError: division by zero'

    ```
    """
    if isinstance(error, SearchDepthError):
        return error.sentence
    text = str(error) or "no message"
    if type(error).__module__.startswith("gamelib"):
        return text
    return f"{type(error).__name__}: {text}"


def _attempt(task: Callable[[X], R], chunk: Sequence[tuple[int, X]]) -> list[BatchResult[R]]:
    """Run `task` on each item of `chunk` (in a worker); an exception becomes an error
    result, so nothing that may not pickle travels back.
    """
    results: list[BatchResult[R]] = []
    for index, item in chunk:
        began = time.perf_counter()
        try:
            value = task(item)
        except Exception as error:
            results.append(BatchResult(index, None, describe_error(error)))
        else:
            results.append(BatchResult(index, value, None, time.perf_counter() - began))
    return results


def _ignore_interrupts() -> None:
    """A pool process's first act: leave Ctrl-C to the process that started the batch."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_workers(count: int) -> Workers:
    """`count` worker processes on this machine (`ProcessPoolExecutor`).

    ```pycon
    >>> local_workers(2).name
    '2 local processes'
    >>> local_workers(0)
    Traceback (most recent call last):
    ...
    ValueError: the number of workers must be at least 1, got 0

    ```
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"the number of workers must be a whole number, got {count!r}")
    if count < 1:
        raise ValueError(f"the number of workers must be at least 1, got {count}")

    def make() -> cf.Executor:
        return cf.ProcessPoolExecutor(max_workers=count, initializer=_ignore_interrupts)

    plural = "process" if count == 1 else "processes"
    return Workers(make, 2 * count, f"{count} local {plural}")


class _DaskClient(Protocol):
    """The little of `distributed.Client` a batch uses (Dask ships no type information)."""

    def nthreads(self) -> dict[str, int]: ...
    def get_executor(self, *, pure: bool) -> cf.Executor: ...
    def wait_for_workers(self, n_workers: int, timeout: float | None = None) -> None: ...
    def close(self) -> None: ...


class DaskMissingError(InputError, RuntimeError):
    """Dask's distributed scheduler is not installed."""


class SchedulerError(InputError, RuntimeError):
    """A Dask scheduler that does not answer (or cannot be used)."""


DASK_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
"""The schemes a scheduler's address may start with (`tcp://`, the default, when none)."""


def check_address(address: str) -> None:
    """`SchedulerError` unless `address` is written as a Dask scheduler's is:
    `[SCHEME://]HOST:PORT`, an IPv6 host in brackets (`tcp://[::1]:8786`).

    Said at once: Dask itself spends its whole connect timeout on an address it
    cannot parse, then leaves a client that complains as it is thrown away.

    ```pycon
    >>> check_address("tcp://10.0.0.5:8786"), check_address("[::1]:8786")
    (None, None)
    >>> check_address("localhost")
    Traceback (most recent call last):
    ...
    gamelib.parallel.batch.SchedulerError: 'localhost' has no port: write HOST:PORT, such as tcp://localhost:8786

    ```
    """
    if not address.strip():
        raise SchedulerError(
            "the address is empty: give the scheduler's, such as tcp://10.0.0.5:8786"
        )
    said = f"'{echo(address, 80)}'"
    scheme, sep, place = address.rpartition("://")
    if sep and scheme not in DASK_SCHEMES:
        raise SchedulerError(
            f"{said} starts with '{echo(scheme)}://', which Dask does not connect with "
            f"({', '.join(f'{s}://' for s in DASK_SCHEMES)})"
        )
    shape = f"write HOST:PORT, such as {scheme or 'tcp'}://10.0.0.5:8786"
    if not place:
        raise SchedulerError(f"{said} names no host: {shape}")
    if place.startswith("["):  # an IPv6 host: [::1]:8786
        host, bracket, rest = place[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise SchedulerError(f"{said} is not a scheduler's address: {shape}")
        colon, port = rest[:1], rest[1:]
    else:
        host, colon, port = place.rpartition(":")
        if ":" in host:
            raise SchedulerError(f"{said}: an IPv6 host goes in brackets, such as tcp://[::1]:8786")
    if not colon:
        raise SchedulerError(
            f"{said} has no port: write HOST:PORT, such as {scheme or 'tcp'}://"
            f"{place or '10.0.0.5'}:8786"
        )
    if not host:
        raise SchedulerError(f"{said} names no host: {shape}")
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise SchedulerError(
            f"the port in {said} must be a number from 1 to 65535, got '{echo(port)}'"
        )


def dask_workers(
    address: str,
    *,
    timeout: float = DASK_CONNECT_SECONDS,
    worker_timeout: float = DASK_WORKER_SECONDS,
) -> Workers:
    """The workers of the Dask scheduler at `address` (`tcp://host:8786`).

    Connects at once, so a scheduler that does not answer is said here, in
    one sentence (`SchedulerError`), as is an address that is not written as
    one ([`check_address`][gamelib.parallel.batch.check_address]); without Dask
    installed, `DaskMissingError` says what to install.  A scheduler with no
    worker gets `worker_timeout` seconds to have one, then is said too (tasks sent
    to it would wait for ever).  Tasks in flight: two per worker thread the
    scheduler reports.
    """
    check_address(address)
    try:
        distributed = importlib.import_module("distributed")
        comm = importlib.import_module("distributed.comm")
    except ImportError:
        raise DaskMissingError(
            "running on a Dask scheduler needs Dask's distributed package: "
            "pip install 'gamelib[dask]'"
        ) from None
    said = f"the Dask scheduler at '{echo(address, 80)}'"
    # A Client that fails to connect for any reason but an OSError is left half made, and
    # when it is thrown away waits twice the timeout and prints "Exception ignored ...".
    # So the address is tried first on its own, with the TLS settings Dask's configuration
    # gives, as a Client would connect.
    security = distributed.Security()

    async def knock() -> None:
        line = await comm.connect(
            address, timeout=timeout, **security.get_connection_args("client")
        )
        await line.close()

    try:
        asyncio.run(knock())
        client = cast(
            _DaskClient, distributed.Client(address, timeout=timeout, set_as_default=False)
        )
    except OSError as error:  # refused, or no answer in time (a TimeoutError is an OSError)
        raise SchedulerError(
            f"{said} did not answer within {timeout:g} s ({describe_error(error)[:120]})"
        ) from None
    except Exception as error:  # Dask cannot connect so: tls:// unconfigured, ucx:// missing
        raise SchedulerError(f"{said} cannot be reached: {describe_error(error)[:160]}") from None
    if not client.nthreads():
        try:
            client.wait_for_workers(1, timeout=worker_timeout)
        except (TimeoutError, OSError):
            client.close()
            raise SchedulerError(
                f"{said} has no workers: none joined within {worker_timeout:g} s; start one "
                f"with 'dask worker {echo(address, 80)}'"
            ) from None
    threads = sum(client.nthreads().values()) or 1

    def make() -> cf.Executor:
        # pure=False: two equal positions are two tasks, not one Dask would hash to merge.
        return client.get_executor(pure=False)

    # Dask pickles what pickle cannot with cloudpickle, which it depends on.
    cloudpickle = importlib.import_module("cloudpickle")
    dumps = cast(Callable[[object], bytes], cloudpickle.dumps)
    return Workers(make, 2 * threads, f"the Dask scheduler at {address}", client.close, dumps)


def run_batch(
    task: Callable[[X], R],
    items: Iterable[X],
    on: cf.Executor | Workers | None = None,
    *,
    ordered: bool = False,
    chunk: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Generator[BatchResult[R], None, None]:
    """`task` on every item, on `on`: a result per item, with its index.

    Results come as they finish, or in input order when `ordered` (always in
    order when `on` is None).  `chunk` items travel to a worker together,
    which saves scheduling time when each task is short.  `task` and the items
    must pickle when `on` is not None (a module-level function, or a frozen
    dataclass such as `SearchRecipe`).  `progress(results so far)` hears of each
    result as it is given (a [`progress_bar`][gamelib.core.progress.progress_bar], say).
    """
    if chunk < 1:
        raise ValueError(f"a chunk must hold at least 1 item, got {chunk}")
    if progress is not None:
        yield from _told(run_batch(task, items, on, ordered=ordered, chunk=chunk), progress)
        return
    numbered = enumerate(items)
    if on is None:
        for index, item in numbered:
            yield from _attempt(task, [(index, item)])
        return
    found = _run_on(task, numbered, on, chunk)
    if not ordered:
        yield from found
        return
    waiting: dict[int, BatchResult[R]] = {}
    following = 0
    for result in found:
        waiting[result.index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _told(
    results: Iterator[BatchResult[R]], progress: Callable[[int], None]
) -> Generator[BatchResult[R], None, None]:
    """`results`, telling `progress` how many have been given after each."""
    done = 0
    try:
        for result in results:
            done += 1
            progress(done)
            yield result
    finally:
        close = getattr(results, "close", None)
        if callable(close):
            close()


def _chunks(numbered: Iterator[tuple[int, X]], size: int) -> Iterator[list[tuple[int, X]]]:
    while True:
        part = [pair for _, pair in zip(range(size), numbered, strict=False)]
        if not part:
            return
        yield part


def _run_on(
    task: Callable[[X], R],
    numbered: Iterator[tuple[int, X]],
    on: cf.Executor | Workers,
    chunk: int,
) -> Iterator[BatchResult[R]]:
    executor = on.make() if isinstance(on, Workers) else on
    slots = on.slots if isinstance(on, Workers) else 2 * (os.cpu_count() or 1)
    chunks = _chunks(numbered, chunk)
    flying: dict[cf.Future[list[BatchResult[R]]], list[tuple[int, X]]] = {}
    # Items that were in flight when a local pool broke: each runs alone, so the one that
    # kills its worker is found and the others are not lost with it.
    again: deque[tuple[int, X]] = deque()
    alone: cf.Future[list[BatchResult[R]]] | None = None
    finished = False
    try:
        while True:
            broken = cancelled = False
            unsent: list[tuple[int, X]] = []
            try:
                if again and not flying:
                    unsent = [again.popleft()]
                    alone = executor.submit(_attempt, task, unsent)
                    flying[alone], unsent = unsent, []
                while not again and len(flying) < slots:
                    part = next(chunks, None)
                    if part is None:
                        break
                    unsent = part
                    flying[executor.submit(_attempt, task, part)], unsent = part, []
            except cf.BrokenExecutor:
                # A worker died before its task's failure was seen: the pool refused the
                # next task.  The task goes back in line, and the pool is mended below.
                again.extendleft(reversed(unsent))
                broken = True
            if not flying and not broken:
                finished = True
                return
            done = set() if broken else cf.wait(flying, return_when=cf.FIRST_COMPLETED)[0]
            for future in done:
                part = flying.pop(future)
                try:
                    yield from future.result()
                except cf.BrokenExecutor:
                    broken = True
                    if future is alone:  # it ran alone, so it killed its worker
                        yield from _failed(part, _broken_words(len(part)))
                    else:
                        again.extend(part)
                except cf.CancelledError:
                    cancelled = True
                    yield from _failed(part, _CANCELLED)
                except Exception as error:  # Dask's KilledWorker, a result that would not pickle
                    if _killed(error) and isinstance(on, Workers) and future is not alone:
                        again.extend(part)  # perhaps only queued beside the one that killed
                    else:
                        yield from _failed(part, describe_error(error))
            if cancelled:
                # Only the executor cancels a task (this batch cancels none while it runs):
                # a Dask client that lost its scheduler does, and whatever is sent to it
                # afterwards never finishes.  So nothing more is sent, and the executor is
                # stopped without waiting for it (`finished` stays False).
                left = [pair for part in flying.values() for pair in part]
                left += [*again, *(pair for part in chunks for pair in part)]
                yield from _failed(left, _CANCELLED)
                return
            if not broken:
                continue
            # The pool broke: every task still in flight failed with it.
            for future in list(flying):
                again.extend(flying.pop(future))
            if not isinstance(on, Workers):  # not ours to mend
                items = list(again)
                again.clear()
                yield from _failed(items, _broken_words(1))
                finished = True
                return
            _stop(executor)
            executor = on.make()
    finally:
        for future in flying:
            future.cancel()
        if isinstance(on, Workers):
            if finished:
                executor.shutdown(wait=True)
            else:  # Ctrl-C, or the caller stopped reading: stop at once
                _stop(executor)


_CANCELLED = "the task was cancelled before it ran (the workers went away)"


def _killed(error: Exception) -> bool:
    """Whether Dask gave up on a task because workers died while it was on them."""
    return type(error).__name__ == "KilledWorker"


def _broken_words(items: int) -> str:
    what = "this position" if items == 1 else "these positions"
    return f"a worker process died (killed, or out of memory) while searching {what}"


def _failed(part: Sequence[tuple[int, X]], why: str) -> Iterator[BatchResult[R]]:
    for index, _ in part:
        yield BatchResult(index, None, why)


def _stop(executor: cf.Executor) -> None:
    """Shut `executor` down now: cancel what has not started and, for a local pool, end
    its processes rather than wait for the tasks they are running.
    """
    if not isinstance(executor, cf.ProcessPoolExecutor):
        executor.shutdown(wait=False)  # Dask's executor cancels what is left by itself
        return
    # The standard library (before 3.14's terminate_workers) has no public way to stop a
    # task that is running; its process table is the only handle there is, and shutdown
    # drops it, so it is read first.
    processes: dict[int, object] = dict(getattr(executor, "_processes", None) or {})
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        terminate = getattr(process, "terminate", None)
        if callable(terminate):
            terminate()
