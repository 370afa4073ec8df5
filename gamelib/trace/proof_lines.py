"""A proof as a reader takes it in: lines of moves, one line a branch, cut to a depth.

A proof tree ([`ProofNode`][gamelib.search.proofs.ProofNode]) keeps one move of the prover
at each of its positions and every move of the other side.  Written as moves, a line runs
from a position for as long as there is one move kept; where the other side has several
answers, the line stops and each answer starts a line of its own, written further right so
that it goes on from the end of the line above.  A line ends with the game's outcome, or
with `...` where a cut at `depth` plies stopped it.

```pycon
>>> from gamelib.algorithms.boolean import Goal, solve_goal
>>> from gamelib.core.datatypes import Side
>>> from gamelib.games.nim import Nim
>>> game = Nim(pile=9)
>>> proof = solve_goal(game, Goal.WIN, game.start, Side.Minnie).proof
>>> print("\\n".join(proof_lines(game, proof)[:5]))
1 3
    1 3 1: Minnie wins
    2 2 1: Minnie wins
    3 1 1: Minnie wins
2 2
>>> print("\\n".join(proof_lines(game, proof, depth=2)))
1 3 ...
2 2 ...
3 1 ...
>>> shape = proof_shape(proof)
>>> shape.lines(None), shape.lines(2), shape.deepest(5)
(12, 3, 2)

```

[`proof_boards`][gamelib.trace.proof_lines.proof_boards] writes the positions too, each
board on lines of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, final

from gamelib.core.datatypes import Done
from gamelib.core.game import Game
from gamelib.search.proofs import ProofNode

__all__ = ["ProofShape", "proof_boards", "proof_lines", "proof_shape"]

S = TypeVar("S")
M = TypeVar("M")

_KINDS = {"or": "OR", "and": "AND", "horizon": "not searched", "end": "?"}


@final
@dataclass(frozen=True)
class ProofShape:
    """How a proof's written form grows with the plies shown: counted on the tree the proof
    stands for (a shared position once for each place it stands), in one pass over the
    shared nodes."""

    by_ply: tuple[int, ...]
    """`by_ply[p]`: the positions `p` plies below the root (the root at 0)."""
    starts: tuple[int, ...]
    """`starts[p]`: the lines whose first move is the move at ply `p` (from 0)."""

    def lines(self, depth: int | None) -> int:
        """The lines written when the proof is cut after `depth` plies (None: whole)."""
        return sum(self.starts if depth is None else self.starts[:depth])

    def positions(self, depth: int | None) -> int:
        """The positions written when the proof is cut after `depth` plies (None: whole)."""
        return sum(self.by_ply if depth is None else self.by_ply[: depth + 1])

    @property
    def height(self) -> int:
        """The plies of its longest line."""
        return len(self.by_ply) - 1

    def deepest(self, most: int, *, positions: bool = False) -> int:
        """The most plies that keep the lines (or the `positions`) written to `most` (at
        least 1)."""
        count = self.positions if positions else self.lines
        depth = 1
        while depth < self.height and count(depth + 1) <= most:
            depth += 1
        return depth


def proof_shape(proof: ProofNode[S, M]) -> ProofShape:
    """The proof's [`ProofShape`][gamelib.trace.proof_lines.ProofShape]."""
    known: dict[int, tuple[list[int], list[int]]] = {}

    def shape(node: ProofNode[S, M]) -> tuple[list[int], list[int]]:
        found = known.get(id(node))
        if found is not None:
            return found
        by_ply, starts = [1], [len(node.children) if len(node.children) > 1 else 0]
        for _, child in node.children:
            below, begun = shape(child)
            _add(by_ply, below, 1)
            _add(starts, begun, 1)
        known[id(node)] = by_ply, starts
        return by_ply, starts

    by_ply, starts = shape(proof)
    if len(proof.children) == 1:
        starts[0] += 1  # the one line that starts at the root
    return ProofShape(tuple(by_ply), tuple(starts))


def _add(into: list[int], counts: list[int], shift: int) -> None:
    """Add `counts`, `shift` plies deeper, into `into`."""
    need = len(counts) + shift
    if len(into) < need:
        into.extend([0] * (need - len(into)))
    for p, count in enumerate(counts):
        into[p + shift] += count


def proof_lines(game: Game[S, M], proof: ProofNode[S, M], depth: int | None = None) -> list[str]:
    """The proof as lines of moves from its root, one line a branch (see the module); cut
    after `depth` plies if given, with `...` where a line goes on."""
    found: list[str] = []
    # Each line to write: its column, its first move (None at the root), the position
    # that move leads to, and that position's ply.
    todo: list[tuple[int, M | None, ProofNode[S, M], int]] = [(0, None, proof, 0)]
    while todo:
        column, first, node, ply = todo.pop()
        words = [] if first is None else [game.move_to_string(first)]
        end = ""
        while True:
            status = node.status
            if isinstance(status, Done):
                end = f": {status.outcome}"
                break
            if node.kind == "horizon":
                end = ": not searched"
                break
            if depth is not None and ply >= depth:
                end = " ..."
                break
            if len(node.children) != 1:
                end = ""
                break
            move, node = node.children[0]
            words.append(game.move_to_string(move))
            ply += 1
        text = " ".join(words)
        if text or end:
            found.append(" " * column + text + end)
        if not end and node.children:
            below = column + len(text) + 1 if text else column
            todo.extend((below, m, child, ply + 1) for m, child in reversed(node.children))
    return found


def proof_boards(
    game: Game[S, M], proof: ProofNode[S, M], depth: int | None = None, *, one_line: bool = False
) -> list[str]:
    """The proof with its positions: each position (a board of several lines on lines of
    its own, further right, or with `one_line` on one line, its rows split by ` / `) with
    `[OR]` or `[AND]`, and below it the moves it keeps, each with the position it leads to;
    cut after `depth` plies if given, `...` marking a position whose moves are not shown."""
    found: list[str] = []
    todo: list[tuple[int, M | None, ProofNode[S, M]]] = [(0, None, proof)]
    while todo:
        ply, via, node = todo.pop()
        indent = "  " * ply
        said = "" if via is None else f"{game.move_to_string(via)}: "
        status = node.status
        if isinstance(status, Done):
            found.append(f"{indent}{said}{status.outcome}")
            continue
        cut = depth is not None and ply >= depth and bool(node.children)
        more = " ..." if cut else ""
        text = game.state_to_string(status.state)
        board = [text.replace("\n", " / ")] if one_line else text.splitlines()
        kind = _KINDS[node.kind]
        if len(board) == 1:
            found.append(f"{indent}{said}{board[0]} [{kind}]{more}")
        else:
            found.append(f"{indent}{said}[{kind}]{more}")
            found.extend(f"{indent}    {row}" for row in board)
        if not cut:
            todo.extend((ply + 1, m, child) for m, child in reversed(node.children))
    return found
