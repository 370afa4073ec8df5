"""Connect Four's packed positions (the exact solver's fast path): the expansion keeps its
contract on generated positions, the threat cells match the board's windows counted one by
one, and solves through it agree with solves through the game's contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import seq
from gamelib.algorithms import packed_search
from gamelib.algorithms.exact import SolveInterruptedError, solve
from gamelib.algorithms.table import TranspositionTable
from gamelib.core import Done, Draw, Playing, Winner, flip
from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.games.connect4_board import Board, threat_bits
from gamelib.games.connect4_native import connect4_native_packing, fits
from gamelib.games.connect4_packed import connect4_packing
from gamelib.search.counting import CountingGame
from gamelib.search.packed import Foresight, Packing, packing_of

Packed = Packing[ConnectFourState, int, object]

SHAPES = [
    (7, 6, 4),
    (9, 6, 4),
    (5, 4, 4),
    (4, 4, 3),
    (6, 5, 3),
    (8, 3, 5),
    (4, 4, 2),
    (5, 5, 4),
    (18, 2, 3),
]


def random_position(game: ConnectFour, rng: random.Random, stones: int) -> ConnectFourState:
    """The position after up to ``stones`` random moves (fewer if the game would end)."""
    state = game.start
    for _ in range(stones):
        status = game.play(state, rng.choice(seq.to_tuple(game.moves(state))))
        if not isinstance(status, Playing):
            break
        state = status.state
    return state


def wins_at_once(game: ConnectFour, state: ConnectFourState, move: int) -> bool:
    status = game.play(state, move)
    return isinstance(status, Done) and isinstance(status.outcome, Winner)


def loses_at_once(game: ConnectFour, state: ConnectFourState, move: int) -> bool:
    """Whether ``move`` lets the opponent win with their next move."""
    status = game.play(state, move)
    if not isinstance(status, Playing):
        return False
    after = status.state
    return any(wins_at_once(game, after, reply) for reply in seq.to_tuple(game.moves(after)))


def ranks(
    game: ConnectFour, state: ConnectFourState, moves: Sequence[int]
) -> list[tuple[int, int]]:
    """For each move: minus the threats its side has on empty cells after it, counted
    afresh, and its place in the centre-out order."""
    board = game.board
    filled, mine = (state.mover | state.other) & board.first, state.mover & board.first
    found = []
    for move in moves:
        cell = (filled + board.bottom[move]) & board.column[move]
        left = threat_bits(board, mine | cell) & board.first & ~(filled | cell)
        found.append((-left.bit_count(), board.centre_out.index(move)))
    return found


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(SHAPES), st.integers(0, 30))
def test_the_expansion_keeps_its_contract(
    seed: int, shape: tuple[int, int, int], stones: int
) -> None:
    cols, rows, k = shape
    game = ConnectFour(cols=cols, rows=rows, k=k)
    state = random_position(game, random.Random(seed), stones)
    for packing in both_packings(game):  # Python ints; machine words when the board fits
        check_expansion(game, state, packing, seed)


def both_packings(game: ConnectFour) -> list[Packed]:
    """The packings of `game`'s board: as Python ints, and in machine words if it fits."""
    board = game.board
    found = [cast(Packed, connect4_packing(board))]
    if fits(board):
        found.append(cast(Packed, connect4_native_packing(board)))
    return found


def check_expansion(game: ConnectFour, state: ConnectFourState, packing: Packed, seed: int) -> None:
    """The expansion's contract at `state`, checked against the game's own moves."""
    position = packing.pack(state)
    assert packing.key(position) == game.key(state)
    legal = seq.to_tuple(game.moves(state))
    foresight, moves, made = packing.expand(position, None, True)
    assert packing.expand(position, None, False)[0] is foresight  # the foresight alone
    children = tuple(made)
    winning = [m for m in legal if wins_at_once(game, state, m)]
    match foresight:
        case Foresight.WIN:
            assert (len(moves), children) == (1, ())
            assert moves[0] in winning
        case Foresight.LOSE:
            assert not winning
            assert all(loses_at_once(game, state, m) for m in legal)
            assert (len(moves), children) == (1, ())
            assert moves[0] in legal
        case Foresight.PLAY:
            assert not winning
            keeping = {m for m in legal if not loses_at_once(game, state, m)}
            assert set(moves) == keeping
            assert len(moves) == len(keeping) == len(children)
            # Best first: the most threats left on empty cells, then centre first.
            assert ranks(game, state, moves) == sorted(ranks(game, state, moves))
            assert tuple(moves) == game.solver_moves(state)[: len(moves)]
            for move, child in zip(moves, children, strict=True):
                status = game.play(state, move)
                if child is None:
                    assert status == Done(Draw())
                else:
                    assert isinstance(status, Playing)
                    assert child == packing.pack(status.state)
            # A move to try first leads, when it is one of them; the rest keep their order.
            first = random.Random(seed).choice(legal)
            _, led, made_led = packing.expand(position, first, True)
            if first in moves:
                assert list(led) == [first, *(m for m in moves if m != first)]
            else:
                assert list(led) == list(moves)
            by_move = dict(zip(moves, children, strict=True))
            assert list(made_led) == [by_move[m] for m in led]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**9))
def test_threat_cells_are_the_empty_cells_a_window_lacks(
    shape: tuple[int, int, int], seed: int
) -> None:
    cols, rows, k = shape
    board = Board.of(cols, rows, k)
    height = rows + 1
    rng = random.Random(seed)
    pieces = filled = 0  # one side's pieces, and every piece (columns filled from the bottom)
    for c in range(cols):
        for r in range(rng.randint(0, rows)):
            filled |= 1 << (c * height + r)
            if rng.random() < 0.6:
                pieces |= 1 << (c * height + r)
    empty = board.first & ~filled
    expected = 0
    for window in board.windows:  # cell numbers row * cols + column
        bits = [1 << ((n % cols) * height + n // cols) for n in window]
        lacking = [b for b in bits if not pieces & b]
        if len(lacking) == 1:
            expected |= lacking[0]
    assert threat_bits(board, pieces) & empty == expected & empty


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([(5, 4, 4), (4, 4, 4), (4, 5, 4), (5, 4, 3)]))
def test_a_packed_solve_agrees_with_a_solve_through_the_contract(
    seed: int, shape: tuple[int, int, int]
) -> None:
    cols, rows, k = shape
    game = ConnectFour(cols=cols, rows=rows, k=k)
    rng = random.Random(seed)
    state = random_position(game, rng, rng.randint(0, 10))
    packed = solve(game, state)
    plain = solve(game, state, order=game.solver_moves)  # an order: through the contract
    assert (packed.result, packed.plies) == (plain.result, plain.plies)
    # The principal line is legal and ends the game as the answer says, when it says.
    mover = game.player(state)
    here = state
    *leading, last = packed.principal
    for move in leading:
        going = game.play(here, move)
        assert isinstance(going, Playing)
        here = going.state
    status = game.play(here, last)
    assert isinstance(status, Done)
    assert len(packed.principal) == packed.plies
    match packed.result:
        case "draw":
            assert status.outcome == Draw()
        case "win":
            assert status.outcome == Winner(mover)
        case "loss":
            assert status.outcome == Winner(flip(mover))
        case _:
            pytest.fail(f"a solve without a depth answered {packed.result}")


def test_positions_searched_from_the_empty_board() -> None:
    # Pinned: a change to the fast path's pruning or order shows here first.
    assert solve(ConnectFour(cols=4, rows=4)).positions == 8_627
    assert solve(ConnectFour(cols=5, rows=4)).positions == 32_769
    assert solve(ConnectFour(cols=4, rows=4, k=3)).positions == 94


@pytest.mark.parametrize("words", [False, True], ids=["python-ints", "machine-words"])
def test_either_packing_searches_the_same_positions(
    words: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whichever packing the build picks, a solve finds the same answers through the same
    # positions: the pinned counts, and those of a pure-ints solve of 7 x 6 positions.
    def pick(game: ConnectFour) -> Packed:
        return both_packings(game)[1 if words else 0]

    def outcomes() -> list[tuple[str, int, int]]:
        game = ConnectFour()
        rng = random.Random(30)
        states = [random_position(game, rng, rng.randint(18, 26)) for _ in range(4)]
        return [(s.result, s.plies, s.positions) for s in (solve(game, x) for x in states)]

    monkeypatch.setattr(ConnectFour, "packing", lambda game: both_packings(game)[0])
    expected = outcomes()  # through Python ints
    monkeypatch.setattr(ConnectFour, "packing", pick)
    assert solve(ConnectFour(cols=4, rows=4)).positions == 8_627
    assert solve(ConnectFour(cols=5, rows=4)).positions == 32_769
    assert outcomes() == expected
    # and the table's counts too (the machine-word search probes only after its
    # foresight, but counts the miss a probe there would have been)
    table = TranspositionTable[int, int](1_000_000)
    solve(ConnectFour(cols=4, rows=4), table=table)
    assert (table.stats.probes, table.stats.hits, table.stats.stores) == (8_014, 1_341, 6_325)


def test_machine_words_are_only_for_boards_that_fit() -> None:
    shapes = [(7, 6, 4), (9, 6, 4), (8, 7, 4), (7, 6, 5)]  # 49 bits, 63, 64, and k = 5
    assert [fits(Board.of(*shape)) for shape in shapes] == [True, True, False, False]
    with pytest.raises(ValueError, match="a 8 x 7 board does not fit in machine words"):
        connect4_native_packing(Board.of(8, 7, 4))


def test_a_small_table_keeps_its_room_and_its_counts() -> None:
    game = ConnectFour(cols=4, rows=4)
    table: TranspositionTable[int, int] = TranspositionTable(50)
    solution = solve(game, table=table)
    assert (solution.result, solution.plies) == ("draw", 16)
    stats = table.stats
    assert len(table) == 50
    assert stats.evictions > 0
    assert stats.stores - stats.overwrites - stats.evictions == len(table)
    assert stats.probes >= stats.hits > 0


def test_entries_of_a_deeper_search_stay_and_the_answer_holds() -> None:
    game = ConnectFour(cols=4, rows=4)
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)
    solve(game, table=table, depth=6)
    held = len(table)
    deeper = dict(table.entries())
    solution = solve(game, table=table)
    assert (solution.result, solution.plies) == ("draw", 16)
    assert len(table) > held
    if packed_search.compiled():  # entries in machine words, apart: every deeper one stays
        assert table.entries() == deeper
        assert table.stats.refused == 0
    else:  # in the same entries: a deeper one is not overwritten
        assert table.stats.refused > 0
        assert all(table.entries()[key] == entry for key, entry in deeper.items())


def test_a_stopped_packed_solve_settles_the_table_counts() -> None:
    game = ConnectFour(cols=5, rows=4)
    table: TranspositionTable[int, int] = TranspositionTable(1_000_000)

    def stop(positions: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(SolveInterruptedError) as stopped:
        solve(game, table=table, progress=stop, every=500)
    assert stopped.value.positions == 500
    assert table.stats.probes > 0
    assert table.stats.stores == len(table) > 0


def test_a_counting_wrapper_is_solved_through_the_contract() -> None:
    game = ConnectFour(cols=4, rows=4)
    counting = CountingGame(game)
    assert packing_of(game) is not None
    assert packing_of(counting) is None
    solution = solve(counting)
    assert counting.plays >= solution.positions > 8_627
