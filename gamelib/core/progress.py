"""Progress bars for long work started from Python: a solve, a batch, a match.

[`progress_bar`][gamelib.core.progress.progress_bar] makes a bar (tqdm's) that any of them
takes as its `progress`: a callable told how far the work has got.  It shows in a
notebook (as a widget where ipywidgets is installed, else as a line of text) and on a
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

    def __init__(self, bar: tqdm[Never] | None) -> None:
        self._bar = bar
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
    if in_notebook() and file is None and importlib.util.find_spec("ipywidgets") is not None:
        from tqdm.notebook import tqdm as widget  # a notebook's bar, as a widget

        return ProgressBar(widget(total=total, desc=what, unit=f" {unit}"))
    bar: tqdm[Never] = tqdm(
        total=total, desc=what, unit=f" {unit}", file=stream, dynamic_ncols=True
    )
    return ProgressBar(bar)


def _terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False
