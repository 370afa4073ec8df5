"""Generated trees for the grader: Hypothesis strategies, one per family of trees, drawing
small trees with small values (so that ties, where pruning conventions differ, are common).

Hypothesis shrinks a failing tree to a smallest one: fewer levels, fewer children, values
nearer 0.  Hypothesis is imported only when trees are generated (the `course` extra).

```pycon
>>> from hypothesis import find
>>> find(cases("two-player", "15-150"), lambda c: c.depth == 2).text
'a[b[c0]]'

```
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from gamelib.check.kinds import Case
from gamelib.core.tree_games import letters

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["cases"]

_TITLE = "a generated tree"
_DICE = (("1/2", "1/2"), ("1/3", "2/3"), ("1/4", "3/4"), ("1/6", "1/3", "1/2"))


def _names() -> Iterator[str]:
    return (letters(i) for i in itertools.count())


def cases(family: str, rule: str) -> SearchStrategy[Case]:
    """Cases of the family `family` (a `Kind.family`), graded under `rule`: under `negamax-ab`'s
    `fail-hard` every case is fail-hard, under its `both` some are."""
    from hypothesis import strategies as st

    @st.composite
    def two_player(draw: DrawFn) -> Case:
        depth = draw(st.integers(1, 3))
        names = _names()

        def node(d: int) -> str:
            name = next(names)
            if d == 0:
                return f"{name}{draw(st.integers(-3, 3))}"
            k = draw(st.integers(1, 3))
            return name + "[" + ",".join(node(d - 1) for _ in range(k)) + "]"

        hard = rule == "fail-hard" or (rule == "both" and draw(st.booleans()))
        return Case(node(depth), depth, _TITLE, rule=rule, fail_soft=not hard)

    @st.composite
    def chance(draw: DrawFn) -> Case:
        depth = draw(st.integers(1, 2))
        names = _names()

        def node(d: int) -> str:
            name = next(names)
            if d == 0:
                return f"{name}{draw(st.integers(-3, 5))}"
            k = draw(st.integers(1, 3))
            return name + "[" + ",".join(move(d - 1) for _ in range(k)) + "]"

        def move(d: int) -> str:
            if not draw(st.booleans()):
                return node(d)
            name = next(names)
            odds = draw(st.sampled_from(_DICE))
            return f"?{name}[" + ",".join(f"{p}:{node(d)}" for p in odds) + "]"

        return Case(node(depth), depth, _TITLE, rule=rule)

    @st.composite
    def n_player(draw: DrawFn) -> Case:
        depth = draw(st.integers(1, 3))
        names = _names()

        def node(d: int) -> str:
            name = next(names)
            if d == 0:
                vector = [draw(st.integers(0, 3)) for _ in range(3)]
                return f"{name}({','.join(map(str, vector))})"
            k = draw(st.integers(1, 3))
            return name + "[" + ",".join(node(d - 1) for _ in range(k)) + "]"

        return Case(node(depth), depth, _TITLE, rule=rule)

    @st.composite
    def won_lost(draw: DrawFn) -> Case:
        names = _names()

        def node(d: int, root: bool) -> str:
            name = next(names)
            if not root and (d == 0 or draw(st.booleans())):
                return f"{name}!{draw(st.sampled_from(('Maxie', 'Minnie')))}"
            k = draw(st.integers(1, 3))
            return name + "[" + ",".join(node(d - 1, False) for _ in range(k)) + "]"

        return Case(node(draw(st.integers(1, 4)), True), 1, _TITLE, rule=rule)

    found = {"two-player": two_player, "chance": chance, "n-player": n_player}.get(family)
    return (won_lost if found is None else found)()
