"""Proofs as data: what the boolean solver and proof-number search hand over, for a tracer
to render.

A search reports, a tracer renders: [`gamelib.algorithms.boolean`][gamelib.algorithms.boolean]
and [`gamelib.algorithms.pns`][gamelib.algorithms.pns] build these, and
[`gamelib.trace.proofs`][gamelib.trace.proofs], on the floor between, draws them, knowing
no algorithm.  Both modules of the algorithms offer these names too.

```pycon
>>> from gamelib.core.datatypes import Done, Playing, Side, Winner
>>> won = ProofNode(Done(Winner(Side.Maxie)), "end")
>>> proof = ProofNode(Playing("a"), "or", ((1, won),))
>>> proof_size(proof), shown_number(INFINITY), shown_number(1234)
(2, '∞', '1,234')

```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MemberDescriptorType
from typing import Generic, Literal, TypeVar, cast, final

from gamelib.core.datatypes import Status

__all__ = ["INFINITY", "Kind", "PnsNode", "ProofNode", "proof_size", "shown_number"]

S = TypeVar("S")
M = TypeVar("M")

INFINITY = 1 << 62
"""∞ as a proof or disproof number: more than any count of positions."""

Kind = Literal["or", "and", "end", "horizon"]
"""What a proof's position is: see [`ProofNode.kind`][gamelib.search.proofs.ProofNode.kind]."""


@final
@dataclass(frozen=True, eq=False, slots=True)
class ProofNode(Generic[S, M]):
    """One position of a proof tree, and the moves it keeps.

    Equal subtrees are shared (a position reached twice is proved once), so a
    proof is a DAG in memory; [`proof_size`][gamelib.search.proofs.proof_size] counts it as the
    tree it stands for.
    """

    status: Status[S]
    """The position: `Playing(state)`, or `Done(outcome)` for a finished game."""
    kind: Kind
    """`or`: the prover moves, one move kept; `and`: the opponent moves, every
    move kept; `end`: a finished game; `horizon`: a position a depth-limited
    search did not look past (never in a proof).
    """
    children: tuple[tuple[M, ProofNode[S, M]], ...] = ()
    """The moves kept, with the positions they lead to."""

    def __init__(
        self,
        status: Status[S],
        kind: Kind,
        children: tuple[tuple[M, ProofNode[S, M]], ...] = (),
    ) -> None:
        # A solver makes one of these for every position it plays: the slots set
        # directly, not through object.__setattr__ as a frozen dataclass's own __init__
        # would (still frozen: assigning to a field raises).
        _set_status(self, status)
        _set_kind(self, kind)
        _set_children(self, children)


def _slot_setter(name: str) -> Callable[[object, object], None]:
    """What sets the slot `name` of a ProofNode, frozen as it is."""
    return cast(MemberDescriptorType, ProofNode.__dict__[name]).__set__


_set_status, _set_kind, _set_children = map(_slot_setter, ("status", "kind", "children"))


def proof_size(proof: ProofNode[S, M]) -> int:
    """The number of positions in the tree `proof` stands for (a shared subtree counts
    once for every place it stands).
    """
    sizes: dict[int, int] = {}

    def size(node: ProofNode[S, M]) -> int:
        known = sizes.get(id(node))
        if known is None:
            known = 1 + sum(size(child) for _, child in node.children)
            sizes[id(node)] = known
        return known

    return size(proof)


# --------------------------------------------------------------------------
# Proof-number search: the whole graph in memory


class PnsNode(Generic[S, M]):
    """A position of proof-number search's graph: its status, whether the prover moves
    there (OR), its proof and disproof numbers, its children once expanded, its parents."""

    __slots__ = ("children", "dn", "is_or", "parents", "pn", "status")

    def __init__(self, status: Status[S], is_or: bool, pn: int, dn: int) -> None:
        self.status = status
        self.is_or = is_or  # the prover moves here
        self.pn = pn
        self.dn = dn
        self.children: list[tuple[M, PnsNode[S, M]]] | None = None  # None: not expanded
        self.parents: list[PnsNode[S, M]] = []


def shown_number(n: int) -> str:
    """A proof or disproof number in words: ∞ for one past any count."""
    return "∞" if n >= INFINITY else f"{n:,}"
