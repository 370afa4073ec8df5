"""What a `--tree` (or `trace TREE`) text is before a family's reader reads it: a name, or a
tree with something to search.

A text with no tree in it (no brackets, no value: `smal`, `cse473-4p`) that names no tree is
an unknown name, and the sentence lists the names; a text that is one leaf (`a3`, `a(1,2,3)`)
is a tree, but one without a move to search, and is refused as that.  Any other text goes
to its family's reader, which says what is wrong with it and where.

```pycon
>>> check_tree_text("cse473-4p", ["small", "cse473-3p"])
Traceback (most recent call last):
...
gamelib.cli.specs.SpecError: unknown tree 'cse473-4p'; named trees: small, cse473-3p, or write \
one out
>>> check_tree_text("a3", ["small"])
Traceback (most recent call last):
...
gamelib.cli.specs.SpecError: the tree text 'a3' is a single leaf, so there is no move to \
search: write a root with children, such as 'a[b3,c5]'
>>> check_tree_text("a[b3,c5]", ["small"])

```
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gamelib.cli.specs import SpecError, shown
from gamelib.core.trees import Children, Head, TreeSyntaxError, read_tree

__all__ = ["check_tree_text"]

_NAME_LIKE = re.compile(r"[A-Za-z0-9_-]+")
"""The letters of a tree's name (read without regard to case)."""


def _lone(head: Head, children: Children[Head] | None) -> Head:
    return head


def _one_node(text: str) -> Head | None:
    """The node `text` writes when it writes one node and no more, else None."""
    try:
        return read_tree(text, _lone)
    except TreeSyntaxError:
        return None


def check_tree_text(text: str, names: Iterable[str]) -> None:
    """SpecError for a `text` that is no tree worth searching: a name not among `names`,
    or a single leaf (see the module); None for any other text, which its family's reader
    reads."""
    if "[" in text:
        return
    head = _one_node(text)
    holds = head is not None and (head.number, head.vector, head.end) != (None, None, None)
    if not holds and _NAME_LIKE.fullmatch(text.strip()):
        known = ", ".join(names)
        raise SpecError(f"unknown tree '{shown(text)}'; named trees: {known}, or write one out")
    if head is not None and not head.chance and head.end is None:
        example = "a[b(1,0,2),c(0,3,0)]" if head.vector is not None else "a[b3,c5]"
        raise SpecError(
            f"the tree text '{shown(text)}' is a single leaf, so there is no move to search: "
            f"write a root with children, such as '{example}'"
        )
