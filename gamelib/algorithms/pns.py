"""Proof-number search (Allis, 1994) and its depth-first form df-pn (Nagai, 2002): the
boolean solver's questions, answered best-first.

The boolean solver ([`gamelib.algorithms.boolean`][gamelib.algorithms.boolean]) asks of an
AND/OR tree whether the prover can meet a goal, and searches it depth-first in the game's
move order.  Proof-number search asks the same question, but goes where an answer is
cheapest.  Every position carries two numbers:

- its *proof number* pn: the fewest unexpanded positions that must be proved for it to be
  proved (0 once it is proved, ∞ once it is disproved);
- its *disproof number* dn: the same for disproving it.

A position the prover moves in (OR) is proved by one child, so its pn is its children's
least pn and its dn their sum; where the opponent moves (AND) it is the other way round.
A new position counts 1 and 1; a finished game 0 and ∞ (the goal met) or ∞ and 0.
Each step walks from the root to the *most-proving position*, taking at an OR position the
child of least pn and at an AND position the child of least dn, expands it, and updates
the numbers of every position above it.  The search ends when the root's pn or dn is 0.

**PNS** keeps the whole searched graph in memory, each position once: a position reached
by two paths is expanded once and has both as parents (so a DAG's shared positions count
in more than one sum, and the numbers can overcount: they guide, they never decide).  A
memory bound (`max_positions`) stops it with a sentence saying how far it got.

**df-pn** keeps only a transposition table.  It searches depth-first under thresholds on
pn and dn: it stays below a position while both numbers are under their thresholds, giving
the best child the thresholds it may use before its sibling would be better, with the
1 + ε trick (a child may go up to (1 + ε) times its sibling's number, so the search does
not bounce between two nearly equal children).  The table keeps each position's last
numbers; when it is full the oldest entry goes (a bounded table is still correct, only
slower: a position forgotten is searched again).  Transpositions are read from the table,
so a DAG's positions are searched once while they stay in it; the overcounting is the same
as PNS's.  Games with repetitions (a position reachable from itself) need more care than
this: the *graph-history interaction* can make a position's proof depend on the path to
it.  gamelib's games never repeat a position (every move adds a piece or takes stones),
so df-pn here assumes a game without cycles.

Both answer [`Goal`][gamelib.algorithms.boolean.Goal]s for a side, as `solve_goal` does, and
return the same [`BooleanSolution`][gamelib.algorithms.boolean.BooleanSolution]: the answer,
the prover's winning move, and the tree that proves it, which
[`check_proof`][gamelib.algorithms.boolean.check_proof] checks.

```pycon
>>> from gamelib.algorithms.boolean import Goal, check_proof, solve_goal
>>> from gamelib.games.tictactoe import TicTacToe
>>> game = TicTacToe()
>>> [pns_goal(game, goal).holds for goal in (Goal.WIN, Goal.NOT_LOSE)]
[False, True]
>>> found = dfpn_goal(game, Goal.NOT_LOSE)
>>> found.holds == solve_goal(game, Goal.NOT_LOSE).holds
True
>>> check_proof(game, found.proof)

```
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TypeVar, final

from gamelib import seq
from gamelib.algorithms.boolean import BooleanSolution, Goal, ProofNode, achieves
from gamelib.algorithms.goals import GoalInterruptedError, GoalMethod, GoalReport
from gamelib.core.contracts import check_turn
from gamelib.core.datatypes import Done, Playing, Side, Status
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.search.capabilities import MissingCapabilityError
from gamelib.search.player import no_moves, recursion_error
from gamelib.search.proofs import INFINITY, PnsNode, shown_number

__all__ = [
    "DFPN_METHOD",
    "INFINITY",
    "PNS_METHOD",
    "DfpnStats",
    "PnsMemoryError",
    "PnsNode",
    "dfpn_goal",
    "pns_goal",
]

S = TypeVar("S")
M = TypeVar("M")


class PnsMemoryError(StoppedError, MemoryError):
    """Proof-number search reached its bound on positions kept before it had an answer."""


def _numbers(goal: Goal, prover: Side, status: Status[S]) -> tuple[int, int] | None:
    """A finished game's (pn, dn) for the goal; None for a position still being played."""
    if isinstance(status, Done):
        return (0, INFINITY) if achieves(goal, prover, status.outcome) else (INFINITY, 0)
    return None


# --------------------------------------------------------------------------
# Proof-number search: the whole graph in memory


def pns_goal(
    game: Game[S, M],
    goal: Goal,
    state: S | None = None,
    side: Side | None = None,
    *,
    max_positions: int = 2_000_000,
    report: GoalReport | None = None,
    every: int = 50_000,
    watch: Callable[[tuple[M, ...], PnsNode[S, M], list[PnsNode[S, M]]], None] | None = None,
) -> BooleanSolution[S, M]:
    """Can `side` (default: the side to move at `state`, default the start) meet `goal`?
    Proof-number search (see the module), keeping at most `max_positions` positions
    (`PnsMemoryError` past that).  `report(positions, pn, dn)` hears the positions played
    and the root's numbers every `every` positions; Ctrl-C raises
    [`GoalInterruptedError`][gamelib.algorithms.goals.GoalInterruptedError] with them.
    `watch(path, expanded, changed)` hears each step: the moves of the most-proving path,
    the position expanded, and the positions whose numbers changed (as
    [`pns_steps`][gamelib.trace.proofs.pns_steps] shows them).

    The states must be hashable: a position reached twice is one node.
    """
    if max_positions < 1:
        raise ValueError(
            f"proof-number search needs room for 1 position or more, got {max_positions}"
        )
    s = game.start if state is None else state
    check_turn(game, s)
    _check_hashable(game, s)
    prover = game.player(s) if side is None else side
    known: dict[Hashable, PnsNode[S, M]] = {}

    def node_for(status: Status[S]) -> PnsNode[S, M]:
        if isinstance(status, Playing):
            found = known.get(status.state)
            if found is not None:
                return found
        numbers = _numbers(goal, prover, status)
        is_or = isinstance(status, Playing) and game.player(status.state) is prover
        pn, dn = (1, 1) if numbers is None else numbers
        made: PnsNode[S, M] = PnsNode(status, is_or, pn, dn)
        if isinstance(status, Playing):
            if len(known) >= max_positions:
                root_node = known[s]
                raise PnsMemoryError(
                    f"proof-number search keeps at most {max_positions:,} positions and "
                    "needed more: the root's proof number was "
                    f"{shown_number(root_node.pn)} and its disproof number "
                    f"{shown_number(root_node.dn)}; give it more room, or use df-pn"
                )
            known[status.state] = made
        return made

    root = node_for(Playing(s))
    played = 0
    next_report = every
    try:
        while root.pn != 0 and root.dn != 0:
            # 1. the most-proving position
            node = root
            path: list[M] = []
            while node.children is not None:
                move, node = min(node.children, key=_pn_of if node.is_or else _dn_of)
                if watch is not None:
                    path.append(move)
            # 2. expand it
            status = node.status
            assert isinstance(status, Playing)  # a finished game is proved or disproved
            here = status.state
            kids: list[tuple[M, PnsNode[S, M]]] = []
            for m in seq.to_tuple(game.moves(here)):
                played += 1
                child = node_for(game.play(here, m))
                child.parents.append(node)
                kids.append((m, child))
            if not kids:  # no numbers combine from no children: the game broke its word
                raise no_moves(game, here)
            node.children = kids
            # 3. update the numbers above it, every parent of a changed position in turn
            todo = [node]
            changed: list[PnsNode[S, M]] = []
            while todo:
                at = todo.pop()
                pn, dn = _combined(at)
                if (pn, dn) != (at.pn, at.dn) or at is node:
                    at.pn, at.dn = pn, dn
                    todo.extend(at.parents)
                    if watch is not None:
                        changed.append(at)
            if watch is not None:
                watch(tuple(path), node, changed)
            if report is not None and played >= next_report:
                report(played, root.pn, root.dn)
                next_report = played + every
        holds = root.pn == 0
        tree = _pns_proof(root, holds, {})
    except KeyboardInterrupt:
        raise GoalInterruptedError(played, (root.pn, root.dn)) from None
    except RecursionError as error:  # a proof deeper than Python's stack: one sentence
        raise recursion_error(None, error, _pns_proof.__code__) from None
    finally:
        _release(known)
    return _solution(goal, prover, holds, tree, root.is_or, played)


def _release(known: dict[Hashable, PnsNode[S, M]]) -> None:
    """Let the graph go: each position points at its children and they back at it, cycles
    that reference counting alone never frees (and a batch of solves pauses the collector
    that would).  The proof is a tree of its own, so nothing the answer keeps is cut."""
    for node in known.values():
        node.children = None
        node.parents = []
    known.clear()


def _check_hashable(game: Game[S, M], state: S) -> None:
    """Proof numbers are kept by position: say so at once if the states cannot be hashed."""
    try:
        hash(state)
    except TypeError:
        raise MissingCapabilityError(
            f"the states of {type(game).__name__} cannot be hashed, and proof-number "
            "search keeps each position's numbers by its state"
        ) from None


def _pn_of(edge: tuple[object, PnsNode[S, M]]) -> int:
    return edge[1].pn


def _dn_of(edge: tuple[object, PnsNode[S, M]]) -> int:
    return edge[1].dn


def _combined(node: PnsNode[S, M]) -> tuple[int, int]:
    """`node`'s (pn, dn) from its children's."""
    children = node.children
    assert children is not None  # only expanded positions are updated
    pns = [c.pn for _, c in children]
    dns = [c.dn for _, c in children]
    if node.is_or:
        return min(pns), min(INFINITY, sum(dns))
    return min(INFINITY, sum(pns)), min(dns)


def _pns_proof(
    node: PnsNode[S, M], holds: bool, made: dict[int, ProofNode[S, M]]
) -> ProofNode[S, M]:
    """The tree below `node` that proves it (`holds`) or disproves it, shared where the
    graph is."""
    found = made.get(id(node))
    if found is not None:
        return found
    status = node.status
    if isinstance(status, Done):
        tree: ProofNode[S, M] = ProofNode(status, "end")
    else:
        children = node.children
        assert children is not None  # a proved or disproved position was expanded
        settled = [(m, c) for m, c in children if (c.pn if holds else c.dn) == 0]
        one = node.is_or is holds  # the side that needs only one move here
        kept = settled[:1] if one else children
        tree = ProofNode(
            status, "or" if one else "and", tuple((m, _pns_proof(c, holds, made)) for m, c in kept)
        )
    made[id(node)] = tree
    return tree


# --------------------------------------------------------------------------
# df-pn: depth-first, with thresholds and a bounded table


@final
@dataclass(slots=True)
class DfpnStats:
    """What a df-pn search did."""

    positions: int = 0
    """Positions played."""
    stores: int = 0
    """Table entries written."""
    evictions: int = 0
    """Entries dropped to make room."""
    resolves: int = 0
    """Positions searched again to write out a proof, their entries gone."""
    most: int = field(default=0)
    """The most entries the table held."""


def dfpn_goal(
    game: Game[S, M],
    goal: Goal,
    state: S | None = None,
    side: Side | None = None,
    *,
    table_entries: int = 1_000_000,
    epsilon: float = 0.25,
    stats: DfpnStats | None = None,
    report: GoalReport | None = None,
    every: int = 50_000,
) -> BooleanSolution[S, M]:
    """Can `side` (default: the side to move at `state`, default the start) meet `goal`?
    df-pn (see the module), with a table of at most `table_entries` positions (at least 1)
    and the 1 + `epsilon` trick; `stats`, if given, is filled in.  `report(positions, pn,
    dn)` hears the positions played and the root's latest numbers every `every` positions;
    Ctrl-C raises [`GoalInterruptedError`][gamelib.algorithms.goals.GoalInterruptedError]
    with them.

    The states must be hashable; the game must not repeat a position.
    """
    if table_entries < 1:
        raise ValueError(f"df-pn needs a table of at least 1 entry, got {table_entries}")
    if not epsilon >= 0:
        raise ValueError(f"epsilon must be 0 or more, got {epsilon}")
    s = game.start if state is None else state
    check_turn(game, s)
    _check_hashable(game, s)
    prover = game.player(s) if side is None else side
    counts = DfpnStats() if stats is None else stats
    at_root = [1, 1]  # the root's latest numbers
    next_report = [every]
    table: OrderedDict[Hashable, tuple[int, int]] = OrderedDict()
    grow = 1.0 + epsilon

    def look(status: Status[S]) -> tuple[int, int]:
        numbers = _numbers(goal, prover, status)
        if numbers is not None:
            return numbers
        assert isinstance(status, Playing)
        return table.get(status.state, (1, 1))

    def store(key: Hashable, pn: int, dn: int) -> None:
        if key in table:
            table.move_to_end(key)
        elif len(table) >= table_entries:
            table.popitem(last=False)  # the oldest goes
            counts.evictions += 1
        table[key] = (pn, dn)
        counts.stores += 1
        counts.most = max(counts.most, len(table))

    def mid(here: S, thpn: int, thdn: int) -> tuple[int, int]:
        """Search `here` until its pn reaches `thpn` or its dn reaches `thdn`; its (pn, dn).

        The children's numbers are read from the table once, then kept here: a child
        searched again reports its new numbers itself, so a table too small to keep them
        (one entry, say) slows the search down but never stops it making progress."""
        is_or = game.player(here) is prover
        children: list[Status[S]] = []
        for m in seq.to_tuple(game.moves(here)):
            counts.positions += 1
            children.append(game.play(here, m))
        if not children:  # no numbers combine from no children: the game broke its word
            raise no_moves(game, here)
        if report is not None and counts.positions >= next_report[0]:
            report(counts.positions, at_root[0], at_root[1])
            next_report[0] = counts.positions + every
        numbers = [look(c) for c in children]
        while True:
            if is_or:
                pn = min(p for p, _ in numbers)
                dn = min(INFINITY, sum(d for _, d in numbers))
            else:
                pn = min(INFINITY, sum(p for p, _ in numbers))
                dn = min(d for _, d in numbers)
            if here is s:
                at_root[0], at_root[1] = pn, dn
            if pn >= thpn or dn >= thdn:
                store(here, pn, dn)
                return pn, dn
            # The best child, by the number this side minimises, and the runner-up's.
            own = 0 if is_or else 1
            order = sorted(range(len(children)), key=lambda i: numbers[i][own])
            best = order[0]
            second = numbers[order[1]][own] if len(order) > 1 else INFINITY
            cpn, cdn = numbers[best]
            if is_or:
                child_thpn = min(thpn, _grown(second, grow))
                child_thdn = min(INFINITY, thdn - dn + cdn)
            else:
                child_thpn = min(INFINITY, thpn - pn + cpn)
                child_thdn = min(thdn, _grown(second, grow))
            status = children[best]
            assert isinstance(status, Playing)  # finished games are settled: never chosen
            numbers[best] = mid(status.state, child_thpn, child_thdn)

    try:
        pn, _ = mid(s, INFINITY, INFINITY)  # returns only once the root is settled
    except KeyboardInterrupt:
        table.clear()
        raise GoalInterruptedError(counts.positions, (at_root[0], at_root[1])) from None
    except RecursionError as error:  # deeper than Python's stack: one sentence
        table.clear()
        raise recursion_error(None, error, mid.__code__) from None
    holds = pn == 0

    def settled(status: Status[S]) -> bool:
        """Whether `status` is proved (`holds`) or disproved, searching it again if the
        table forgot it."""
        pn, dn = look(status)
        if (pn if holds else dn) == 0:
            return True
        if (dn if holds else pn) == 0 or not isinstance(status, Playing):
            return False
        counts.resolves += 1  # forgotten, or never searched: search it to the end
        pn, dn = mid(status.state, INFINITY, INFINITY)
        return (pn if holds else dn) == 0

    made: dict[Hashable, ProofNode[S, M]] = {}

    def proof(status: Status[S]) -> ProofNode[S, M]:
        if isinstance(status, Done):
            return ProofNode(status, "end")
        here = status.state
        found = made.get(here)
        if found is not None:
            return found
        one = (game.player(here) is prover) is holds
        moves = [(m, game.play(here, m)) for m in seq.to_tuple(game.moves(here))]
        kept: list[tuple[M, ProofNode[S, M]]] = []
        if one:
            # A move the table (or the game's end) already settles, else the first that a
            # new search settles (its entry was dropped to make room).
            known = [(m, c) for m, c in moves if (look(c)[0] if holds else look(c)[1]) == 0]
            m, child = next(iter(known), None) or next(mc for mc in moves if settled(mc[1]))
            kept = [(m, proof(child))]
        else:
            kept = [(m, proof(child)) for m, child in moves]
        tree: ProofNode[S, M] = ProofNode(status, "or" if one else "and", tuple(kept))
        made[here] = tree
        return tree

    try:
        tree = proof(Playing(s))
    except KeyboardInterrupt:  # writing out the proof, a forgotten position searched again
        raise GoalInterruptedError(counts.positions, (at_root[0], at_root[1])) from None
    except RecursionError as error:
        raise recursion_error(None, error, proof.__code__) from None
    finally:
        # The recursive closures hold each other (a cycle only the collector frees, and a
        # batch of solves pauses it): their table and proofs made go now, with the answer.
        table.clear()
        made.clear()
    return _solution(goal, prover, holds, tree, game.player(s) is prover, counts.positions)


def _solution(
    goal: Goal, prover: Side, holds: bool, tree: ProofNode[S, M], prover_moves: bool, played: int
) -> BooleanSolution[S, M]:
    """The answer as the boolean solver gives it: with the prover's winning move (its
    proof's first) when it holds and the prover moves, and the tree of whoever proves."""
    moves = (tree.children[0][0],) if holds and prover_moves else ()
    return BooleanSolution.answered(goal, prover, holds, moves, tree, played, exact=True)


def _grown(n: int, grow: float) -> int:
    """The 1 + ε threshold from a sibling's number `n`: at least n + 1."""
    if n >= INFINITY:
        return INFINITY
    return max(n + 1, int(n * grow) + 1)


def _pns(
    game: Game[S, M],
    goal: Goal,
    state: S,
    side: Side,
    /,
    *,
    room: int,
    report: GoalReport | None,
    every: int,
) -> BooleanSolution[S, M]:
    return pns_goal(game, goal, state, side, max_positions=room, report=report, every=every)


def _dfpn(
    game: Game[S, M],
    goal: Goal,
    state: S,
    side: Side,
    /,
    *,
    room: int,
    report: GoalReport | None,
    every: int,
) -> BooleanSolution[S, M]:
    return dfpn_goal(game, goal, state, side, table_entries=room, report=report, every=every)


PNS_METHOD = GoalMethod(
    "pns",
    "proof-number search: best first, the whole searched graph in memory",
    _pns,
    "positions kept in memory",
    1,
    2_000_000,
)
"""Proof-number search as a goal method: `--table` bounds the positions it keeps."""

DFPN_METHOD = GoalMethod(
    "dfpn",
    "df-pn: proof numbers depth first, under thresholds, with a bounded table",
    _dfpn,
    "transposition-table entries",
    1,
    1_000_000,
)
"""df-pn as a goal method: `--table` bounds its transposition table."""
