"""Boolean minimax (CMPUT 657): can this side force a win?  Can it avoid losing?

A question is a [`Goal`][gamelib.algorithms.boolean.Goal] for a side, the *prover*.  Positions where
the prover moves are OR nodes (one good move is enough), positions where
the opponent moves are AND nodes (every reply must be good), and a finished
game answers by its outcome.  The solver stops at the first winning move;
asked, it lists every winning move at the root.

Whatever the answer, the solver returns the tree that proves it, as data
([`ProofNode`][gamelib.search.proofs.ProofNode], drawn by
[`gamelib.trace.proofs`][gamelib.trace.proofs]). A "yes" comes with a *proof tree*: the root,
one winning move at each OR node, every move at each AND node, and leaves that
are finished games the prover won (or, for "avoid losing", did not lose).
A "no" comes with a *disproof tree*, which is the opponent's proof tree of
the opposite question ("cannot force a win" is "the opponent can avoid
losing"). [`check_proof`][gamelib.algorithms.boolean.check_proof] verifies any such tree against the
game's own rules and says which rule a bad tree breaks.

Besides the OR/AND pair there is the negamax boolean form,
[`negamax_boolean`][gamelib.algorithms.boolean.negamax_boolean], in which every question is asked of
the side to move: it wins if some move leaves the other side unable to avoid losing,
and avoids losing if some move leaves the other side unable to win.

```pycon
>>> from gamelib.games.nim import Nim
>>> solved = solve_goal(Nim(pile=5), Goal.WIN)
>>> solved.holds, solved.moves, proof_size(solved.proof)
(False, (), 10)
>>> check_proof(Nim(pile=5), solved.proof)
>>> solve_goal(Nim(pile=6), Goal.WIN, all_moves=True).moves
(1,)

```
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, TypeVar, assert_never, final

from gamelib import seq
from gamelib.algorithms.table import Entry, TranspositionTable
from gamelib.core.checks import check_solve_depth
from gamelib.core.contracts import check_turn, diagnose
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner, flip
from gamelib.core.game import Game
from gamelib.errors import StoppedError
from gamelib.search.capabilities import exact_key, state_key
from gamelib.search.events import BoundKind
from gamelib.search.player import no_moves, recursion_error
from gamelib.search.proofs import ProofNode, proof_size

__all__ = [
    "BooleanSolution",
    "Goal",
    "ProofError",
    "ProofNode",
    "achieves",
    "check_proof",
    "negamax_boolean",
    "proof_size",
    "solve_goal",
]

S = TypeVar("S")
M = TypeVar("M")

_PROVED, _DISPROVED = BoundKind.LOWER, BoundKind.UPPER  # how the solver's table marks them
_entry: Final = tuple.__new__  # an Entry made as the tuple it is, without its Python __new__


class Goal(Enum):
    """What the prover wants of the game."""

    WIN = "force a win"
    """The prover wins, whatever the opponent does."""
    NOT_LOSE = "avoid losing"
    """The prover wins or draws, whatever the opponent does."""

    @property
    def opposite(self) -> Goal:
        """The opponent's goal when this one fails: no win for me is "not lose" for them."""
        return Goal.NOT_LOSE if self is Goal.WIN else Goal.WIN

    def __repr__(self) -> str:
        return f"<Goal.{self.name}>"


def achieves(goal: Goal, side: Side, outcome: Outcome) -> bool:
    """Whether a game that ended with `outcome` meets `goal` for `side`.

    ```pycon
    >>> achieves(Goal.NOT_LOSE, Side.Minnie, Draw()), achieves(Goal.WIN, Side.Minnie, Draw())
    (True, False)

    ```
    """
    match outcome:
        case Winner(winner):
            return winner is side
        case Draw():
            return goal is Goal.NOT_LOSE
        case _:
            assert_never(outcome)


@final
@dataclass(frozen=True)
class BooleanSolution(Generic[S, M]):
    """What a boolean solve found."""

    goal: Goal
    """The question asked."""
    side: Side
    """Whom it was asked for (the prover)."""
    holds: bool
    """The answer."""
    moves: tuple[M, ...]
    """The prover's winning moves at the root, when it holds and the prover moves there:
    the first found, or every one when all were asked for."""
    proof: ProofNode[S, M]
    """The tree that proves the answer: the prover's for "yes", the opponent's
    (for the opposite goal) for "no"."""
    proof_goal: Goal
    """The goal the tree proves: `goal` when it holds, its opposite otherwise."""
    proof_side: Side
    """The side the tree proves it for."""
    positions: int
    """Positions played during the solve."""
    exact: bool
    """False when a depth limit stopped the search: then "no" only means "not within the depth"."""
    only_wins: bool = False
    """True when the search looked at the end of every line and every finished game it met
    was won by one side (no draw, no horizon, no table filled before): then every leaf of
    `proof` is a win, and a tree that proves "avoid losing" proves a win.  False says
    nothing (a search that does not track it leaves it so)."""

    @classmethod
    def answered(
        cls,
        goal: Goal,
        side: Side,
        holds: bool,
        moves: tuple[M, ...],
        proof: ProofNode[S, M],
        positions: int,
        exact: bool,
        only_wins: bool = False,
    ) -> BooleanSolution[S, M]:
        """The answer `holds` to `goal` for `side`, its tree proving the goal (when it
        holds) or the opponent's opposite goal (when it does not)."""
        return cls(
            goal,
            side,
            holds,
            moves,
            proof,
            goal if holds else goal.opposite,
            side if holds else flip(side),
            positions,
            exact,
            only_wins,
        )


def solve_goal(
    game: Game[S, M],
    goal: Goal,
    state: S | None = None,
    side: Side | None = None,
    *,
    all_moves: bool = False,
    depth: int | None = None,
    table: TranspositionTable[M, ProofNode[S, M]] | None = None,
    order: Callable[[S], Iterable[M]] | None = None,
) -> BooleanSolution[S, M]:
    """Can `side` (default: the side to move at `state`, default the start) meet `goal`?

    The OR/AND solver.  `all_moves` lists every winning move at the root
    (searching them all), not just the first.  `depth` limits how many
    moves it looks ahead (None: to the end of the game, for a full proof).
    `table` remembers proved and disproved positions, keyed by the states
    themselves (which must be hashable), so a position reached again is
    proved once and its proof shared.  `order` gives the moves to try at a state,
    in the order to try them (default: the game's `moves`): every legal move, each
    once, as a game's `solver_moves` gives them to the exact solver; it changes how
    much the search plays, never its answer.
    """
    s = game.start if state is None else state
    depth = check_solve_depth(depth)
    check_turn(game, s)
    prover = game.player(s) if side is None else side
    if table is not None:
        state_key(game)  # the states must be hashable, or keyed: say so at once
        table.claim(game)  # a table another game filled would answer for that game
    played = itertools.count()
    # The question's part of every key: a string, hashed once and kept (the enums' own
    # hash is Python code, run for every probe).
    asked = f"{goal.name} {prover.name}"
    draw_meets = goal is Goal.NOT_LOSE  # what a drawn finish answers
    entries = table.entries() if table is not None else None
    capacity = table.capacity if table is not None else 0
    get = entries.get if entries is not None else None
    counts = [0, 0, 0, 0]  # probes, hits, stores, evictions: added to the table's at the end
    moves_of = game.moves if order is None else order
    play, player = game.play, game.player
    # A game may offer to let go of what it kept for a position the search is done with
    # (an OpenSpiel state, say: gamelib.openspiel's `release_position`); the proof keeps
    # the position itself.  Only a method of that name is called.
    offered = getattr(game, "release_position", None)
    released: Callable[[S], object] | None = offered if callable(offered) else None
    exact = exact_key(game) if table is not None else None
    # Whether a drawn finish was met (see BooleanSolution.only_wins).
    drew = [False]

    def node(st: Status[S], d: int | None) -> tuple[bool, ProofNode[S, M]]:
        """Whether `st` meets the goal for the prover, and the tree that shows which."""
        if isinstance(st, Done):
            if isinstance(st.outcome, Draw):
                drew[0] = True
            return achieves(goal, prover, st.outcome), ProofNode(st, "end")
        if d == 0:
            return False, ProofNode(st, "horizon")
        return search(st, d)

    # --8<-- [start:search]
    def search(st: Playing[S], d: int | None) -> tuple[bool, ProofNode[S, M]]:
        """`node` for a game going on, `d` plies from the horizon (None: no horizon)."""
        s = st.state
        # Keyed by the state itself (or by a key the game says is exact), not by a key
        # that may fold symmetric positions together: a proof keeps the very positions it
        # proves.
        key: Hashable = None
        if get is not None:
            key = (asked, s if exact is None else exact(s), d)
            counts[0] += 1
            entry = get(key)
            if entry is not None:
                counts[1] += 1
                return entry.bound is _PROVED, entry.value
        prover_moves = player(s) is prover
        below = None if d is None else d - 1
        kept: list[tuple[M, ProofNode[S, M]]] = []
        found: tuple[bool, ProofNode[S, M]]
        child: ProofNode[S, M]
        for m in moves_of(s):  # read as far as needed, not copied first
            next(played)
            after = play(s, m)
            if isinstance(after, Done):
                outcome = after.outcome
                if isinstance(outcome, Draw):
                    holds = draw_meets
                    drew[0] = True  # a draw among the leaves: see BooleanSolution.only_wins
                else:
                    holds = outcome.side is prover
                child = ProofNode(after, "end")
            elif below == 0:
                holds, child = False, ProofNode(after, "horizon")
            else:
                holds, child = search(after, below)
            if holds is prover_moves:
                # The decisive move: the prover's win here, or the opponent's refutation.
                # Either way the side moving keeps this one move: an OR node of the tree
                # that proves the answer (the prover's tree, or the opponent's).
                found = holds, ProofNode(st, "or", ((m, child),))
                break
            kept.append((m, child))
        else:
            if not kept:  # "every reply is good" must not hold of no replies at all
                raise no_moves(game, s)
            # Every move went the other way: the side not moving here answers for all of
            # them, an AND node of the tree that proves the answer.
            found = not prover_moves, ProofNode(st, "and", tuple(kept))
        if released is not None:  # done with s: the game may let go of what it kept
            released(s)
        if entries is not None:
            # Not there when probed, and a position is not in its own subtree (the game
            # is finite): a new entry, the oldest making room when the table is full.
            if len(entries) >= capacity:
                entries.popitem(last=False)
                counts[3] += 1
            entries[key] = _entry(Entry, (0, found[1], _PROVED if found[0] else _DISPROVED, None))
            counts[2] += 1
        return found

    # --8<-- [end:search]

    # A table filled before may answer with trees this search never saw.
    fresh = not entries
    try:
        held, moves, tree = _root(s, prover, all_moves, depth, node, game, played)
    except RecursionError as error:  # deeper than Python's stack: one sentence
        raise recursion_error(depth, error, search.__code__) from None
    except (AttributeError, TypeError, AssertionError) as error:  # a game that broke its word
        broken = diagnose(game, s, depth)
        if broken is None:
            raise
        raise broken from error
    finally:
        if table is not None:
            probes, hits, stores, evictions = counts
            table.tally(probes=probes, hits=hits, stores=stores, evictions=evictions)
        # `node` and `search` hold each other, a cycle only the collector frees (and a
        # batch of solves pauses it): let go of the table through them now.
        table = entries = get = None
    return BooleanSolution.answered(
        goal,
        prover,
        held,
        moves,
        tree,
        next(played),
        exact=depth is None,
        only_wins=depth is None and fresh and not drew[0],
    )


def _root(
    s: S,
    prover: Side,
    all_moves: bool,
    depth: int | None,
    node: Callable[[Status[S], int | None], tuple[bool, ProofNode[S, M]]],
    game: Game[S, M],
    played: Iterator[int],
) -> tuple[bool, tuple[M, ...], ProofNode[S, M]]:
    """The answer at the root `s`: whether it holds, the winning moves, the proof."""
    moves: tuple[M, ...] = ()
    if all_moves and game.player(s) is prover:
        winners: list[tuple[M, ProofNode[S, M]]] = []
        tried: list[tuple[M, ProofNode[S, M]]] = []
        offered = seq.to_tuple(game.moves(s))
        if not offered:
            raise no_moves(game, s)
        for m in offered:
            next(played)
            holds, child = node(game.play(s, m), None if depth is None else depth - 1)
            (winners if holds else tried).append((m, child))
        held = bool(winners)
        moves = tuple(m for m, _ in winners)
        if held:
            tree = ProofNode(Playing(s), "or", tuple(winners[:1]))
        else:
            tree = ProofNode(Playing(s), "and", tuple(tried))
    else:
        held, tree = node(Playing(s), depth)
        if held and game.player(s) is prover:
            moves = (tree.children[0][0],)
    return held, moves, tree


def negamax_boolean(game: Game[S, M], goal: Goal, state: S | None = None) -> bool:
    """The negamax boolean form: can the side to move at `state` meet `goal`?

    Every question is asked of the side to move: it can force a win if some
    move leaves the other side unable to avoid losing, and it can avoid losing
    if some move leaves the other side unable to force a win.  (When the same
    side moves again, the question is passed on as it is.)

    ```pycon
    >>> from gamelib.games.nim import Nim
    >>> negamax_boolean(Nim(pile=5), Goal.WIN), negamax_boolean(Nim(pile=6), Goal.WIN)
    (False, True)

    ```
    """
    s = game.start if state is None else state

    # --8<-- [start:negamax_boolean]
    def meets(s: S, goal: Goal) -> bool:
        mover = game.player(s)
        offered = seq.to_tuple(game.moves(s))
        if not offered:
            raise no_moves(game, s)
        for m in offered:
            st = game.play(s, m)
            if isinstance(st, Done):
                if achieves(goal, mover, st.outcome):
                    return True
            elif game.player(st.state) is mover:
                if meets(st.state, goal):
                    return True
            elif not meets(st.state, goal.opposite):
                return True
        return False

    # --8<-- [end:negamax_boolean]
    return meets(s, goal)


# --------------------------------------------------------------------------
# Checking and showing proofs


class ProofError(StoppedError, ValueError):
    """A proof tree that does not prove what it claims; the message names the rule broken."""


def check_proof(
    game: Game[S, M],
    proof: ProofNode[S, M],
    state: S | None = None,
    goal: Goal | None = None,
    side: Side | None = None,
) -> None:
    """Verify `proof` against `game`'s rules; [`ProofError`][gamelib.algorithms.boolean.ProofError]
    names the first broken rule.

    It must start at `state` (default the game's start).  It proves
    `goal` (default: whatever its leaves show; give it to be strict) for
    `side` (default: the side to move at the root when that is an OR node,
    the other side when it is an AND node).  The rules: the root is the
    position asked about; every kept move is legal where it is kept and
    leads where the tree says; an OR node (the prover moves) keeps one move,
    an AND node (the opponent moves) keeps every legal move; every leaf is a
    finished game meeting the goal for the prover; nothing is a horizon.
    """
    s = game.start if state is None else state
    if proof.status != Playing(s):
        raise ProofError(
            f"the root is not the position asked about: the tree starts at {_where(game, proof)}"
        )
    root_mover = game.player(s)
    prover = side
    if prover is None:
        prover = root_mover if proof.kind == "or" else flip(root_mover)
    checked: set[int] = set()

    # --8<-- [start:check]
    def check(node: ProofNode[S, M], path: tuple[M, ...]) -> None:
        if id(node) in checked:  # a shared subtree is checked once
            return
        checked.add(id(node))
        where = _path_text(game, path)
        status = node.status
        if isinstance(status, Done):
            if node.kind != "end" or node.children:
                raise ProofError(f"the finished game {where} is not kept as a leaf")
            judged = [goal] if goal is not None else [Goal.WIN, Goal.NOT_LOSE]
            if not any(achieves(g, prover, status.outcome) for g in judged):
                raise ProofError(
                    f"the leaf {where} is a game {prover} did not "
                    f"{'win' if goal is Goal.WIN else 'come out of without losing'}: "
                    f"{status.outcome}"
                )
            return
        if node.kind == "horizon":
            raise ProofError(
                f"the position {where} was never searched to the end: a depth-limited "
                "search proves nothing there"
            )
        if node.kind == "end":
            raise ProofError(f"the position {where} is kept as a finished game but is not one")
        s = status.state
        mover = game.player(s)
        expected = "or" if mover is prover else "and"
        if node.kind != expected:
            raise ProofError(
                f"the position {where} is kept as an {node.kind.upper()} node, but {mover} "
                f"moves there, so it is an {expected.upper()} node"
            )
        legal = seq.to_tuple(game.moves(s))
        if not legal:  # the game broke its word here: no tree proves anything through it
            raise no_moves(game, s)
        kept = [m for m, _ in node.children]
        for m in kept:
            if m not in legal:
                raise ProofError(
                    f"the move {game.move_to_string(m)} kept {where} is not legal there"
                )
        if expected == "or" and len(kept) != 1:
            raise ProofError(
                f"the OR node {where} keeps {len(kept)} moves: it must keep exactly one"
            )
        if expected == "and":
            missing = [m for m in legal if m not in kept]
            if missing:
                shown = ", ".join(game.move_to_string(m) for m in missing)
                raise ProofError(f"the AND node {where} leaves out the move {shown}")
        for m, child in node.children:
            if game.play(s, m) != child.status:
                raise ProofError(
                    f"the move {game.move_to_string(m)} {where} does not lead to the position "
                    "the tree keeps after it"
                )
            check(child, (*path, m))

    # --8<-- [end:check]
    check(proof, ())


def _where(game: Game[S, M], node: ProofNode[S, M]) -> str:
    status = node.status
    if isinstance(status, Playing):
        return f"'{game.state_to_string(status.state)}'"
    return str(status)


def _path_text(game: Game[S, M], path: tuple[M, ...]) -> str:
    if not path:
        return "at the root"
    return "after " + " ".join(game.move_to_string(m) for m in path)
