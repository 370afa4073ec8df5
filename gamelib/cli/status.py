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
from typing import assert_never

from gamelib.core.datatypes import Draw, Outcome, Side, Winner

__all__ = [
    "DRAW",
    "FIRST_SEAT_WON",
    "MAXIE_WON",
    "MINNIE_WON",
    "SHARED_WIN",
    "outcome_status",
    "utilities_status",
]

MAXIE_WON = 10
MINNIE_WON = 11
DRAW = 12
SHARED_WIN = 19
FIRST_SEAT_WON = 20


def outcome_status(outcome: Outcome) -> int:
    """The exit status for a two-player game that ended with `outcome`.

    ```pycon
    >>> outcome_status(Winner(Side.Minnie)), outcome_status(Draw())
    (11, 12)

    ```
    """
    match outcome:
        case Winner(side):
            return MAXIE_WON if side is Side.Maxie else MINNIE_WON
        case Draw():
            return DRAW
        case _:
            assert_never(outcome)


def utilities_status(utilities: Sequence[Fraction | float]) -> int:
    """The exit status for a game of n players that ended with `utilities`.

    ```pycon
    >>> utilities_status([0, 1, 0]), utilities_status([1, 1, 0])
    (21, 19)

    ```
    """
    best = max(utilities)
    winners = [i for i, u in enumerate(utilities) if u == best]
    return FIRST_SEAT_WON + winners[0] if len(winners) == 1 else SHARED_WIN
