"""Exit statuses that say how a game ended, for `gamelib play --exit-code`.

Every command exits 0 when it did what was asked, a finished game included, 1 when
a game or search stopped before its end (end of input, `quit`, Ctrl-C, SIGTERM, a
faulty player) and 2 for a command line that cannot run.  `play --exit-code` (and
`run PRESET --exit-code`) asks for who won in the status instead of 0, as
`git diff --exit-code` asks for whether anything differs:

- 10 Maxie won, 11 Minnie won, 12 a draw (two-player games and games of chance);
- 20 + i when player i alone (A = 0, B = 1, ...) has the best utility of a game
  of n players, 19 when several share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "DRAW",
    "FIRST_SEAT_WON",
    "MAXIE_WON",
    "MINNIE_WON",
    "SHARED_WIN",
    "results_status",
]

MAXIE_WON = 10
MINNIE_WON = 11
DRAW = 12
SHARED_WIN = 19
FIRST_SEAT_WON = 20


def results_status(numbered: bool, results: Sequence[Fraction | float]) -> int:
    """The exit status for a game of any family that ended with the model's `results`, one a
    seat: who alone has the best result, or that several share it.  Maxie and Minnie (a
    two-player game, or one of chance) say so with 10, 11 (and 12 for a draw); the
    `numbered` players of a game of n players, with 20 + i (and 19), whatever their names.

    ```pycon
    >>> results_status(False, (-1, 1)), results_status(False, (0, 0))
    (11, 12)
    >>> results_status(True, (0, 1, 0)), results_status(True, (0, 1, 1))
    (21, 19)

    ```
    """
    best = max(results)
    winners = [i for i, result in enumerate(results) if result == best]
    if not numbered:
        return MAXIE_WON + winners[0] if len(winners) == 1 else DRAW
    return FIRST_SEAT_WON + winners[0] if len(winners) == 1 else SHARED_WIN
