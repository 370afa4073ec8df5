"""What every explicit tree shares, whatever its family: leaves, finished games, and the
one error for tree text that does not parse.

The handouts draw small game trees as text (`a[b[c3,d6],e[f1,g9]]`); gamelib reads them
for two-player games ([`gamelib.games.explicit`][gamelib.games.explicit]), games of chance
(`gamelib.chance.trees`, with `?` chance nodes) and games of n players
(`gamelib.nplayer.trees`, with utility vectors).  Each family's grammar is its own; a leaf
that is estimated, a finished game, and the syntax error are the same in all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias, TypeVar, final

from gamelib.core.checks import quoted
from gamelib.core.datatypes import Outcome
from gamelib.errors import InputError

__all__ = [
    "NODE_NAME",
    "NODE_NAMES_ARE",
    "End",
    "Leaf",
    "Named",
    "TreeSyntaxError",
    "Written",
    "write_tree",
]

NODE_NAME = re.compile(r"[A-Za-z_][A-Za-z_']*")
"""A node's name in the tree text of every family: no digits, which would run into a
leaf's value (`c3` is the leaf c worth 3)."""

NODE_NAMES_ARE = "letters, '_' and \"'\", starting with a letter or '_'"
"""What `NODE_NAME` allows, as messages say it."""


class Named(Protocol):
    """A node of a tree text: it has a name."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)

Written: TypeAlias = str | tuple[str, Sequence[tuple[str, T]]]
"""A node as the tree text writes it: a leaf's whole text, or an inner node's head and its
children, each with the text written before it (a chance branch's `1/2:`)."""


class TreeSyntaxError(InputError, ValueError):
    """A tree text that does not follow its family's form; says what and where, in one
    sentence."""


@final
@dataclass(frozen=True, slots=True)
class Leaf:
    """A node without children; a search must stop here and estimate `value`."""

    name: str
    """The node's label, as in the handouts (`c`, `d`, ...)."""
    value: float
    """Its estimate."""


@final
@dataclass(frozen=True, slots=True)
class End:
    """A finished game: reaching it gives `Done(outcome)`."""

    name: str
    """The node's label."""
    outcome: Outcome
    """How the game ended here."""


def write_tree(
    tree: T,
    node: Callable[[T], Written[T]],
    name_form: re.Pattern[str],
    names_are: str,
    error: Callable[[str], Exception],
) -> str:
    """`tree` in its family's text form: `node` says how each node is written (an inner
    node as `head[child,child,...]`); every name must match `name_form` (described by
    `names_are`), or `error` is raised naming it.

    Written with a stack, not recursion, so a tree of any depth can be.
    """
    out: list[str] = []
    pending: list[T | str] = [tree]  # what is still to write, last first
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if not name_form.fullmatch(item.name):
            raise error(
                f"the name {quoted(item.name)} cannot be written in the tree text "
                f"(names are {names_are})"
            )
        written = node(item)
        if isinstance(written, str):
            out.append(written)
            continue
        head, children = written
        out.append(head + "[")
        pending.append("]")
        for i in range(len(children) - 1, -1, -1):
            before, child = children[i]
            pending.append(child)
            if before:
                pending.append(before)
            if i:
                pending.append(",")
    return "".join(out)
