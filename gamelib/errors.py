"""The two families every error gamelib raises on purpose belongs to.

Each concrete error keeps the builtin base that says what kind of mistake it is
(`ValueError`, `TypeError`, `RecursionError`, ...) and joins one of two markers
beside it, which say what the command line does with it:

- [`InputError`][gamelib.errors.InputError]: what was given cannot be used (a
  bad option, name, number, tree, setting): one sentence, exit status 2.
- [`StoppedError`][gamelib.errors.StoppedError]: a game or a search began and
  stopped before its end (the input ended, a player quit, a game or an estimator broke
  its contract, a picture could not be drawn): one sentence, exit status 1.

So the command line catches two markers, not a list of every error, and a new error
is a line in its own module, never an edit of the command line.

```pycon
>>> class TooManyPebblesError(InputError, ValueError):
...     '''A pile that does not fit.'''
>>> isinstance(TooManyPebblesError("16 pebbles"), ValueError), exit_status(TooManyPebblesError())
(True, 2)

```
"""

from __future__ import annotations

__all__ = ["InputError", "StoppedError", "exit_status"]


class InputError(Exception):
    """Marker: what was given to gamelib cannot be used; the message says why.
    The command line writes it in one sentence and exits 2."""


class StoppedError(Exception):
    """Marker: a game or a search stopped before its end; the message says why.
    The command line writes it in one sentence and exits 1."""


def exit_status(error: BaseException) -> int | None:
    """The exit status the command line gives `error`: 2 for bad input, 1 for a game or
    search stopped, None for an error of neither family (not one gamelib meant)."""
    if isinstance(error, InputError):
        return 2
    if isinstance(error, StoppedError):
        return 1
    return None
