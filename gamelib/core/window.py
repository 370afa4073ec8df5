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

from gamelib.core.datatypes import GREATER, LESS, Order, Side
from gamelib.core.estimator import Est

__all__ = ["Action", "Bound", "Infinity", "NegInf", "PosInf", "bound_to_string", "chart"]

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


def _above(x: Est[G], bound: Bound[G], compare: Callable[[Est[G], Est[G]], Order]) -> bool:
    """x > bound."""
    if isinstance(bound, Infinity):
        return bound is NegInf
    return compare(x, bound) is GREATER


def _below(x: Est[G], bound: Bound[G], compare: Callable[[Est[G], Est[G]], Order]) -> bool:
    """x < bound."""
    if isinstance(bound, Infinity):
        return bound is PosInf
    return compare(x, bound) is LESS


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
        if not _above(x, alpha, compare):
            return Action.IGNORE
        return Action.UPDATE_ALPHA if _below(x, beta, compare) else Action.PRUNE
    if not _above(x, alpha, compare):
        return Action.PRUNE
    return Action.UPDATE_BETA if _below(x, beta, compare) else Action.IGNORE


# --8<-- [end:chart]


def bound_to_string(bound: Bound[G], est_to_string: Callable[[Est[G]], str]) -> str:
    """`bound` as a person reads it: −∞, +∞, or the estimate."""
    if isinstance(bound, Infinity):
        return str(bound)
    return est_to_string(bound)
