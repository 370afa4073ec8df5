"""Progress bars for long work started from Python: a solve, a batch, a match.

[`progress_bar`][gamelib.core.progress.progress_bar] makes a bar (tqdm's) that any of them
takes as its `progress`: a callable told how far the work has got.  It shows in a
notebook (as a widget where ipywidgets is installed, else as a line of text; either way one
output updated in place, so that a notebook saved afterwards keeps the final count) and on a
terminal, and stays quiet when asked (`show=False`) or when there is neither (output
piped to a file, a test): then it is a callable that does nothing.

```pycon
>>> import io
>>> from gamelib.algorithms.exact import solve
>>> from gamelib.games.tictactoe import TicTacToe
>>> out = io.StringIO()
>>> with progress_bar("solving", unit="positions", show=True, file=out) as bar:
...     found = solve(TicTacToe(), progress=bar, every=200)
>>> bar.count, "solving" in out.getvalue()
(800, True)
>>> with progress_bar("solving") as quiet:  # not a terminal, not a notebook: no bar
...     found = solve(TicTacToe(), progress=quiet, every=200)
>>> quiet.shown, quiet.count
(False, 800)

```
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import TracebackType
from typing import Never, TextIO, final

from tqdm import tqdm

__all__ = ["ProgressBar", "in_notebook", "progress_bar"]


def in_notebook() -> bool:
    """Whether this Python runs in a notebook's kernel (Jupyter, VS Code)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    get = getattr(shell, "get_ipython", None)
    running = get() if callable(get) else None
    return running is not None and "IPKernelApp" in getattr(running, "config", {})


@final
class ProgressBar:
    """A bar told how far the work has got: call it with the count so far.  Use it as a
    context manager (or `close` it) so the bar is finished when the work is."""

    def __init__(self, bar: tqdm[Never] | None, shown: _Shown | None = None) -> None:
        self._bar = bar
        self._shown = shown
        self.count = 0
        """The count the bar was last told."""

    @property
    def shown(self) -> bool:
        """Whether a bar is drawn (False when quiet)."""
        return self._bar is not None

    def __call__(self, count: int, /) -> None:
        if self._bar is not None and count > self.count:
            self._bar.update(count - self.count)
        self.count = max(self.count, count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        if self._shown is not None:
            self._shown.finish()  # the notebook's output keeps the last count

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def progress_bar(
    what: str,
    *,
    total: int | None = None,
    unit: str = "positions",
    show: bool | None = None,
    file: TextIO | None = None,
) -> ProgressBar:
    """A bar for `what` (its label), counting `unit`s up to `total` if known.  `show`: True
    to draw it, False to stay quiet, None (the default) to draw it in a notebook or on a
    terminal only.  `file`: where a text bar goes (default standard error)."""
    stream = sys.stderr if file is None else file
    wanted = show if show is not None else (in_notebook() or _terminal(stream))
    if not wanted:
        return ProgressBar(None)
    if in_notebook() and file is None:
        # One output, updated in place: a notebook saved after the work keeps the bar's
        # last state (a stream of "\r" lines, or a widget shown once, would keep its first).
        if importlib.util.find_spec("ipywidgets") is not None:
            from tqdm.notebook import tqdm as widget  # a notebook's bar, as a widget

            drawn = widget(total=total, desc=what, unit=f" {unit}", display=False)
            return ProgressBar(drawn, _Widget(drawn))
        line = _Line()
        bar: tqdm[Never] = tqdm(total=total, desc=what, unit=f" {unit}", file=line, ncols=100)
        return ProgressBar(bar, line)
    bar = tqdm(total=total, desc=what, unit=f" {unit}", file=stream, dynamic_ncols=True)
    return ProgressBar(bar)


class _Shown:
    """A bar's output in a notebook: one display, updated in place."""

    def __init__(self) -> None:
        self._handle: object = None

    def show(self, shown: object, raw: bool) -> None:
        """Show `shown` (a mime bundle when `raw`), in place of what was shown before."""
        # In a notebook IPython is there; its display function has no types.
        display: Callable[..., object] = importlib.import_module("IPython.display").display
        if self._handle is None:
            self._handle = display(shown, raw=raw, display_id=True)
        else:
            update = getattr(self._handle, "update", None)
            if callable(update):
                update(shown, raw=raw)

    def finish(self) -> None:
        """The work is done: leave its last state in the output."""


class _Line(_Shown):
    """What a text bar writes to in a notebook: its latest line, shown as plain text."""

    def __init__(self) -> None:
        super().__init__()
        self._last = ""

    def write(self, text: str) -> int:
        line = text.replace("\r", "").strip("\n")
        if line.strip():
            self._last = line
            self.show({"text/plain": line}, raw=True)
        return len(text)

    def flush(self) -> None:
        """Nothing is held back."""


class _Widget(_Shown):
    """A widget bar in a notebook: shown once, then shown again at the end, so that the
    saved output's text is the final count, not the count it was first shown with."""

    def __init__(self, bar: object) -> None:
        super().__init__()
        self._container = getattr(bar, "container", None)
        self.show(self._container, raw=False)

    def finish(self) -> None:
        self.show(self._container, raw=False)


def _terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False
