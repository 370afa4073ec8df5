"""A proof tree as the grader logs it: the positions it keeps, depth first, so that the
report can show gamelib's proof and the student's in the stepper, as it shows two searches.

A proof is walked along the moves it keeps, on the tree it proves: `("expand", "b")` for a
position where it keeps moves, `("end", "c")` for a finished game (the words of a search's
log, `gamelib.check.families`).  A student's object that is not a proof tree is walked as far
as it reads as one: a move that is not one of the position's is left out.

```pycon
>>> from gamelib.algorithms.boolean import Goal, solve_goal
>>> from gamelib.games.explicit import ExplicitGame, parse_tree
>>> tree = parse_tree("a[b[c!Minnie,d!Maxie],e[f!Maxie,g!Maxie]]")
>>> proof_walk(tree, solve_goal(ExplicitGame(tree), Goal.WIN).proof)
(('expand', 'a'), ('expand', 'e'), ('end', 'f'), ('end', 'g'))
>>> proof_walk(tree, "not a proof")
(('expand', 'a'),)

```
"""

from __future__ import annotations

from gamelib.check.families import Step
from gamelib.core.trees import End, Leaf
from gamelib.games.explicit import Node

__all__ = ["WALK_LIMIT", "proof_walk"]

WALK_LIMIT = 2000
"""The most positions a walk lists (a student's object may repeat a move without end)."""


def proof_walk(tree: Node | Leaf[float] | End, proof: object) -> tuple[Step, ...]:
    """The positions of `tree` that `proof` keeps (an object with `children`, pairs of a
    move and the proof below it, as [`ProofNode`][gamelib.search.proofs.ProofNode] has),
    depth first, as a log."""
    walked: list[Step] = []
    todo: list[tuple[Node | Leaf[float] | End, object]] = [(tree, proof)]
    while todo and len(walked) < WALK_LIMIT:
        node, kept = todo.pop()
        match node:
            case End(name):
                walked.append(("end", name))
            case Leaf(name):
                walked.append(("estimate", name))
            case Node(name, children):
                walked.append(("expand", name))
                below: list[tuple[Node | Leaf[float] | End, object]] = []
                for pair in _pairs(kept):
                    move = pair[0]
                    if type(move) is int and 0 <= move < len(children):
                        below.append((children[move], pair[1]))
                todo.extend(reversed(below))
    return tuple(walked)


def _pairs(kept: object) -> list[tuple[object, object]]:
    """What `kept.children` holds that reads as (move, proof) pairs."""
    try:
        items = list(getattr(kept, "children", ()))[:WALK_LIMIT]
    except Exception:  # a student's object, not a sequence: whatever it raised, no more here
        return []
    return [(item[0], item[1]) for item in items if isinstance(item, tuple) and len(item) == 2]
