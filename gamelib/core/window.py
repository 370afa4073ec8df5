"""Alpha-beta's window: bounds that are -inf, +inf or an estimate, and the chart.

α is the value Maxie can already guarantee, β the value Minnie can.  For a
child value `x` the lecture's chart says what to do:

======  ==========  ===============  ==========
side    x <= α      α < x < β        β <= x
======  ==========  ===============  ==========
Maxie   ignore      update α         prune
Minnie  prune       update β         ignore
======  ==========  ===============  ==========

```pycon
>>> from gamelib import Guess, Side
>>> from gamelib.core.estimator import standard_compare
>>> chart(Side.Minnie, Guess(1), Guess(4), PosInf, standard_compare)
'prune'

```
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Final, Literal, TypeAlias, TypeVar

from gamelib.core.datatypes import GREATER, LESS, Order, Side
from gamelib.core.estimator import Est

__all__ = [
    "CHART",
    "Action",
    "Bound",
    "Infinity",
    "NegInf",
    "PosInf",
    "above",
    "below",
    "bound_to_string",
    "chart",
    "column",
]

G = TypeVar("G")


class Infinity(Enum):
    """The two bounds that are not estimates."""

    NegInf = "-inf"
    PosInf = "+inf"

    def __repr__(self) -> str:
        return self.name

    def __str__(self) -> str:
        return "−∞" if self is Infinity.NegInf else "+∞"


NegInf: Final = Infinity.NegInf
"""−∞: the bottom of a window, below every estimate."""
PosInf: Final = Infinity.PosInf
"""+∞: the top of a window, above every estimate."""

Bound: TypeAlias = Infinity | Est[G]
"""An end of the window: −∞, +∞ or an estimate."""


Action: TypeAlias = Literal["ignore", "update α", "update β", "prune"]
"""What the chart says to do with a child's value, in the slide's own words.  (Strings
rather than an Enum: on Python 3.11 each `Action.X` a `match` reads costs as much as a
comparison, and the move loop reads up to four for every child.)"""


def below(a: Bound[G], b: Bound[G], compare: Callable[[Est[G], Est[G]], Order]) -> bool:
    """a < b in the order of bounds: −∞ is below everything else, +∞ above everything
    else, and two estimates are ordered by `compare`.  The one rule every search uses.

    ```pycon
    >>> from gamelib.core.estimator import Guess, standard_compare
    >>> below(NegInf, Guess(-9), standard_compare), below(Guess(3), PosInf, standard_compare)
    (True, True)
    >>> below(Guess(3), Guess(3), standard_compare), below(PosInf, PosInf, standard_compare)
    (False, False)

    ```
    """
    if isinstance(a, Infinity):
        return a is NegInf and b is not NegInf
    if isinstance(b, Infinity):
        return b is PosInf
    return compare(a, b) is LESS


def above(a: Bound[G], b: Bound[G], compare: Callable[[Est[G], Est[G]], Order]) -> bool:
    """a > b in the order of bounds (see `below`)."""
    return below(b, a, compare)


# --8<-- [start:chart]
CHART: dict[Side, tuple[Action, Action, Action]] = {
    #            x <= α     α < x < β    β <= x
    Side.Maxie: ("ignore", "update α", "prune"),
    Side.Minnie: ("prune", "update β", "ignore"),
}
"""The lecture's chart: for each side, what to do with a child's value in each column."""


def column(
    x: Est[G], alpha: Bound[G], beta: Bound[G], compare: Callable[[Est[G], Est[G]], Order]
) -> int:
    """The chart's column `x` falls in: 0 (x ≤ α), 1 (α < x < β) or 2 (β ≤ x)."""
    # The bounds are tested by identity first: most are −∞ and +∞, and `is` is cheap (with
    # the module's names for them: on Python 3.11 reading an Enum member through its class
    # costs as much as a comparison).
    if alpha is PosInf:  # no value is above +∞ (a window never starts there)
        return 0
    if alpha is not NegInf and compare(x, alpha) is not GREATER:
        return 0
    if beta is PosInf:
        return 1
    if beta is NegInf:
        return 2
    return 1 if compare(x, beta) is LESS else 2


def chart(
    side: Side,
    x: Est[G],
    alpha: Bound[G],
    beta: Bound[G],
    compare: Callable[[Est[G], Est[G]], Order],
) -> Action:
    """What `side` does with a child of value `x`: its row of the chart, at `x`'s column."""
    return CHART[side][column(x, alpha, beta, compare)]


# --8<-- [end:chart]


def bound_to_string(bound: Bound[G], est_to_string: Callable[[Est[G]], str]) -> str:
    """`bound` as a person reads it: −∞, +∞, or the estimate."""
    if isinstance(bound, Infinity):
        return str(bound)
    return est_to_string(bound)
