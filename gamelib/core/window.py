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
<Action.PRUNE>

```
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TypeAlias, TypeVar

from gamelib.core.datatypes import LESS, Order, Side
from gamelib.core.estimator import Est

__all__ = [
    "Action",
    "Bound",
    "Infinity",
    "NegInf",
    "PosInf",
    "above",
    "below",
    "bound_to_string",
    "chart",
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


NegInf = Infinity.NegInf
"""−∞: the bottom of a window, below every estimate."""
PosInf = Infinity.PosInf
"""+∞: the top of a window, above every estimate."""

Bound: TypeAlias = Infinity | Est[G]
"""An end of the window: −∞, +∞ or an estimate."""


class Action(Enum):
    """What the chart says to do with a child's value."""

    IGNORE = "ignore"
    UPDATE_ALPHA = "update α"
    UPDATE_BETA = "update β"
    PRUNE = "prune"

    def __repr__(self) -> str:
        return f"<Action.{self.name}>"


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
def chart(
    side: Side,
    x: Est[G],
    alpha: Bound[G],
    beta: Bound[G],
    compare: Callable[[Est[G], Est[G]], Order],
) -> Action:
    """The lecture's chart: what `side` does with a child of value `x`."""
    if side is Side.Maxie:
        if not above(x, alpha, compare):
            return Action.IGNORE
        return Action.UPDATE_ALPHA if below(x, beta, compare) else Action.PRUNE
    if not above(x, alpha, compare):
        return Action.PRUNE
    return Action.UPDATE_BETA if below(x, beta, compare) else Action.IGNORE


# --8<-- [end:chart]


def bound_to_string(bound: Bound[G], est_to_string: Callable[[Est[G]], str]) -> str:
    """`bound` as a person reads it: −∞, +∞, or the estimate."""
    if isinstance(bound, Infinity):
        return str(bound)
    return est_to_string(bound)
