"""The exact solver's search through a game's contract: its path for every game.

[`gamelib.algorithms.exact.solve`][gamelib.algorithms.exact.solve] drives it, with MTD(f),
when the game offers no packed positions, or a depth or a move order is asked for:
`play` builds each child, `player` says whose turn it is there, `key` keys the table, and
the game's `solver_moves` (or the order asked for) orders the moves.  Its sibling for
games that offer packed positions is
[`gamelib.algorithms.packed_search`][gamelib.algorithms.packed_search].
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import CodeType
from typing import TypeVar

from gamelib import seq
from gamelib.algorithms.packed_search import no_entry, tell_nobody
from gamelib.algorithms.table import Entry, TranspositionTable
from gamelib.core.datatypes import Done, Draw
from gamelib.core.game import Game
from gamelib.search.capabilities import state_key
from gamelib.search.events import BoundKind
from gamelib.search.player import no_moves

__all__ = ["contract_search", "solver_moves"]

S = TypeVar("S")
M = TypeVar("M")


def solver_moves(game: Game[S, M]) -> Callable[[S], Sequence[M]]:
    """The moves a solver should try at a state, best first: the game's own order for
    solving (its `solver_moves` method) when it has one, else its `moves`.

    A game's `solver_moves(state)` must return every legal move, each once;
    only the order is its to choose (a win now first, moves that hand the
    opponent a win last, ...).  The order changes how much a solve searches,
    never what it finds.
    """
    own: Callable[[S], Sequence[M]] | None = getattr(game, "solver_moves", None)
    if callable(own):
        return own
    moves = game.moves

    def listed(state: S) -> tuple[M, ...]:
        return seq.to_tuple(moves(state))

    return listed


def _nothing_owed() -> None:
    """A search through the table's own methods owes it nothing at the end."""


def contract_search(
    game: Game[S, M],
    table: TranspositionTable[M, int] | None,
    depth: int | None,
    order: Callable[[S], Sequence[M]] | None,
    progress: Callable[[int], None] | None,
    every: int,
    big: int,
) -> tuple[
    Callable[[S, int, int, int], tuple[int, M]],
    Callable[[], int],
    Callable[[], None],
    CodeType | None,
]:
    """One solve's search through the game's contract (see the module), a win now worth
    `big`: `(top, positions, settle, code)`, as
    [`packed_search`][gamelib.algorithms.packed_search.packed_search] gives them (here
    `settle` has nothing to do: the table's own methods keep its counts).

    A null-window test, as MTD(f) makes it, on Nim with a pile of 6 (no table):

    ```pycon
    >>> from gamelib.algorithms.exact import BIG
    >>> from gamelib.games.nim import Nim
    >>> game = Nim(pile=6)
    >>> top, positions, settle, code = contract_search(game, None, None, None, None, 1, BIG)
    >>> value, move = top(game.start, 0, BIG - 5, BIG - 4)  # a win in 4 plies or sooner?
    >>> BIG - value, move  # yes: in 4, taking 1
    (4, 1)

    ```
    """
    key_of = state_key(game) if table is not None else None
    # Without a table no key is made, so these are never called: no-ops keep them typed.
    probe: Callable[[Hashable], Entry[M, int] | None] = (
        table.probe if table is not None else no_entry
    )
    store = table.store if table is not None else None
    tell: Callable[[int], None] = progress if progress is not None else tell_nobody
    ordered = solver_moves(game) if order is None else order
    play = game.play
    player = game.player
    positions = 0
    report = every if progress is not None else -1  # positions at the next report
    chosen: list[M | None] = [None]  # the best move found at the top of the last search
    exact, lower_kind, upper_kind = BoundKind.EXACT, BoundKind.LOWER, BoundKind.UPPER
    won = big // 2  # values beyond this (either way) are wins and losses

    def search(s: S, ply: int, alpha: int, beta: int, top: bool = False) -> int:
        """The value of `s` for the side to move there, counted from the root, fail-soft:
        at most `alpha` means at most that, at least `beta` means at least that.  At the
        top, the table does not answer and the best move is kept in `chosen`.
        """
        nonlocal positions, report
        left = 0
        if depth is not None:
            left = depth - ply  # plies still to look ahead
            if left <= 0:
                return 0  # not looked past: between every win and every loss
        # Nothing beats a win with the next move, and nothing is worse than losing to it
        # (at the top a move is wanted, even when the window is settled already).
        best_possible = big - ply - 1
        if not top:
            if beta > best_possible:
                beta = best_possible
                if alpha >= beta:
                    return beta
            if alpha < -best_possible:
                alpha = -best_possible
                if alpha >= beta:
                    return alpha
        key: Hashable = None
        first: M | None = None
        if key_of is not None:
            key = key_of(s)
            entry = probe(key)
            if entry is not None:
                first = entry.best
                if entry.depth == left and not top:
                    # Only an entry searched exactly as far answers: a deeper one could see
                    # a slower win past this search's depth while a quicker one hides behind.
                    v = entry.value
                    if v > won:  # counted from the root again, as the window is
                        v -= ply
                    elif v < -won:
                        v += ply
                    kind = entry.bound
                    if kind is exact:
                        return v
                    if kind is lower_kind:
                        if v >= beta:
                            return v
                        if v > alpha:
                            alpha = v
                    else:
                        if v <= alpha:
                            return v
                        if v < beta:
                            beta = v
        moves = ordered(s)
        if not moves:
            raise no_moves(game, s)
        if first is not None and first != moves[0] and first in moves:
            moves = (first, *(m for m in moves if m != first))
        mover = player(s)
        a = alpha
        best = -big - 1
        best_move = moves[0]
        for m in moves:
            positions += 1
            if positions == report:
                report += every
                tell(positions)  # report is -1 without progress: never reached then
            st = play(s, m)
            if isinstance(st, Done):
                outcome = st.outcome
                if isinstance(outcome, Draw):
                    x = 0
                elif outcome.side is mover:
                    x = big - ply - 1
                else:
                    x = -(big - ply - 1)
            else:
                after = st.state
                if player(after) is mover:  # the same side moves again
                    x = search(after, ply + 1, a, beta)
                else:
                    x = -search(after, ply + 1, -beta, -a)
            if x > best:
                best, best_move = x, m
                if x > a:
                    a = x
                    if a >= beta:
                        break
        if top:
            chosen[0] = best_move
        if store is not None:
            kind = lower_kind if best >= beta else upper_kind if best <= alpha else exact
            stored = best + ply if best > won else best - ply if best < -won else best
            store(key, Entry(left, stored, kind, best_move))
        return best

    def top(s: S, ply: int, alpha: int, beta: int) -> tuple[int, M]:
        value = search(s, ply, alpha, beta, True)
        found = chosen[0]
        assert found is not None  # a top search always keeps a move
        return value, found

    def counted() -> int:
        return positions

    return top, counted, _nothing_owed, search.__code__
