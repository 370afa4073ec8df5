"""Connect Four and tic-tac-toe: rules, exact counts, solved values."""

from __future__ import annotations

import itertools
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import seq
from gamelib.core import Done, Draw, Game, Playing, Side, Winner
from gamelib.estimate import Definitely, Settings
from gamelib.estimate.alphabeta import AlphaBeta
from gamelib.estimate.minimax import Minimax
from gamelib.games.connect4 import (
    ConnectFour,
    ConnectFourState,
    centre_control,
    connect4_estimator,
    odd_even_threats,
    window_score,
)
from gamelib.games.connect4_windows import WindowConnectFour, WindowState
from gamelib.games.tictactoe import (
    TicTacToe,
    TicTacToeState,
    open_lines,
    tictactoe_estimator,
)
from gamelib.search import CountingGame

# ---------------------------------------------------------------------------
# Tic-tac-toe


def test_tictactoe_satisfies_the_game_signature() -> None:
    game: Game[TicTacToeState, int] = TicTacToe()
    assert seq.to_list(game.moves(game.start)) == list(range(1, 10))


def test_tictactoe_full_game_tree_counts() -> None:
    """549,946 positions (root included), 255,168 finished games, 5,478 distinct positions."""
    game = TicTacToe()
    positions = 0
    finished = 0
    distinct: set[TicTacToeState] = set()

    def walk(state: TicTacToeState) -> None:
        nonlocal positions, finished
        positions += 1
        distinct.add(state)
        for move in seq.to_tuple(game.moves(state)):
            match game.play(state, move):
                case Playing(after):
                    walk(after)
                case Done():
                    positions += 1
                    finished += 1
                    cells = list(state.cells)
                    cells[move - 1] = 1 if state.side is Side.Maxie else -1
                    other = Side.Minnie if state.side is Side.Maxie else Side.Maxie
                    distinct.add(TicTacToeState(tuple(cells), other))

    walk(game.start)
    assert (positions, finished, len(distinct)) == (549_946, 255_168, 5_478)


def test_tictactoe_alphabeta_solve_visits_18297_positions() -> None:
    counting = CountingGame(TicTacToe())
    move, value = AlphaBeta(Settings(tictactoe_estimator(counting), 9)).analyse(counting.start)
    assert counting.plays + 1 == 18_297
    assert value == Definitely(Draw())
    assert move == 1
    minimax = CountingGame(TicTacToe())
    mm_move, mm_value = Minimax(Settings(tictactoe_estimator(minimax), 9)).analyse(minimax.start)
    assert (mm_move, mm_value) == (1, Definitely(Draw()))
    assert minimax.plays + 1 == 549_946


def play_all(game: TicTacToe, moves: list[int]) -> TicTacToeState:
    state = game.start
    for move in moves:
        after = game.play(state, move)
        assert isinstance(after, Playing)
        state = after.state
    return state


def test_tictactoe_rules() -> None:
    game = TicTacToe()
    state = play_all(game, [1, 4, 2, 5])
    assert game.play(state, 3) == Done(Winner(Side.Maxie))
    assert game.play(state, 9) == Playing(
        TicTacToeState((1, 1, 0, -1, -1, 0, 0, 0, 1), Side.Minnie)
    )
    full = play_all(game, [1, 2, 3, 5, 4, 6, 8, 7])
    assert game.play(full, 9) == Done(Draw())
    assert game.parse_move(state, "3") == 3
    for text in ("1", "0", "10", "1 2", "", "x"):
        assert game.parse_move(state, text) is None, text
    assert game.why_illegal(state, "1") == "cell 1 is taken"
    assert game.why_illegal(state, "12") == "'12' is not a cell: type one digit from 1 to 9"


def test_tictactoe_printing() -> None:
    game = TicTacToe()
    assert game.state_to_string(play_all(game, [1, 5])) == (
        " X | 2 | 3\n---+---+---\n 4 | O | 6\n---+---+---\n 7 | 8 | 9\nMaxie (X) to move"
    )


def test_open_lines_estimator() -> None:
    game = TicTacToe()
    assert open_lines(game.start) == 0
    assert open_lines(play_all(game, [5])) == 4  # X: 8 open lines; O: the 4 not through 5
    assert open_lines(play_all(game, [5, 1])) == 5 - 4
    assert tictactoe_estimator(game).estimate(play_all(game, [1])) == 3


# ---------------------------------------------------------------------------
# Connect Four


def test_connect4_satisfies_the_game_signature() -> None:
    game: Game[ConnectFourState, int] = ConnectFour()
    assert seq.to_list(game.moves(game.start)) == [3, 2, 4, 1, 5, 0, 6]
    assert seq.to_list(ConnectFour(cols=4, rows=4).moves(ConnectFour(cols=4, rows=4).start)) == [
        1,
        2,
        0,
        3,
    ]


def test_connect4_move_sequence_counts() -> None:
    """Perft on 7 x 6: a column holds six pieces, so seven in one column is not a sequence."""
    game = ConnectFour()

    def perft(state: ConnectFourState, n: int) -> int:
        moves = game.moves(state)
        if n == 1:
            return seq.length(moves)
        total = 0
        for move in moves:
            after = game.play(state, move)
            if isinstance(after, Playing):
                total += perft(after.state, n - 1)
        return total

    counts = [perft(game.start, n) for n in range(1, 8)]
    assert counts == [7, 49, 343, 2401, 16807, 117649, 823536]


@pytest.mark.parametrize(("cols", "rows"), [(4, 4), (4, 5)])
def test_small_boards_solve_to_a_draw(cols: int, rows: int) -> None:
    """John Tromp's table: 4 x 4 and 4 x 5 are draws (5 x 4 too: see benchmarks/games.py)."""
    game = ConnectFour(cols=cols, rows=rows)
    _, value = AlphaBeta(Settings(connect4_estimator(game), cols * rows)).analyse(game.start)
    assert value == Definitely(Draw())


def test_connect4_printing_and_parsing() -> None:
    game = ConnectFour(cols=3, rows=2, k=2)
    first = game.play(game.start, 1)
    assert isinstance(first, Playing)
    state = first.state
    assert game.state_to_string(state) == " 1 2 3\n|. . .|\n|. X .|\nMinnie (O) to move"
    after = game.play(state, 1)
    assert isinstance(after, Playing)
    assert game.parse_move(after.state, "2") is None
    assert game.why_illegal(after.state, "2") == "column 2 is full"
    assert game.why_illegal(after.state, "4") == "there is no column 4: columns are 1–3"
    assert game.why_illegal(after.state, "0") == "there is no column 0: columns are 1–3"
    assert game.why_illegal(after.state, "left") == "'left' is not a column number"
    assert game.parse_move(after.state, " 3 ") == 2
    assert game.parse_move(after.state, "0") is None
    with pytest.raises(ValueError, match="column 2 is full"):
        game.play(after.state, 1)


def test_wide_boards_print_aligned() -> None:
    game = ConnectFour(cols=12, rows=1, k=3)
    assert game.state_to_string(game.start).splitlines()[:2] == [
        "  1  2  3  4  5  6  7  8  9 10 11 12",
        "| .  .  .  .  .  .  .  .  .  .  .  .|",
    ]


def test_board_sizes() -> None:
    tiny = ConnectFour(cols=1, rows=1, k=1)
    assert tiny.play(tiny.start, 0) == Done(Winner(Side.Maxie))
    column = ConnectFour(cols=1, rows=4, k=3)  # only vertical lines fit
    assert seq.to_list(column.moves(column.start)) == [0]
    with pytest.raises(ValueError, match="k = 5 cannot fit on a 4 x 3 board"):
        ConnectFour(cols=4, rows=3, k=5)
    with pytest.raises(ValueError, match="rows must be at least 1, got 0"):
        ConnectFour(rows=0)


def test_states_are_immutable_values() -> None:
    game = ConnectFour()
    a = game.play(game.start, 3)
    b = game.play(game.start, 3)
    assert a == b
    assert isinstance(a, Playing)
    assert isinstance(b, Playing)
    assert hash(a.state) == hash(b.state)
    assert game.start.cells == (0,) * 42  # playing did not touch the start


def whole_board_scan(game: WindowConnectFour, state: WindowState) -> tuple[int, Side | None]:
    """The handout score and any k-in-a-row, from scratch over every window."""
    score = 0
    winner: Side | None = None
    for window in game.board.windows:
        values = [state.cells[c] for c in window]
        xs, os = values.count(1), values.count(-1)
        if xs and not os:
            score += 4**xs
        if os and not xs:
            score -= 4**os
        if xs == game.k:
            winner = Side.Maxie
        if os == game.k:
            winner = Side.Minnie
    return score, winner


@given(
    st.integers(1, 8),
    st.integers(1, 7),
    st.integers(1, 6),
    st.lists(st.integers(0, 100), max_size=56),
)
def test_bitboards_equal_the_window_representation_move_by_move(
    cols: int, rows: int, k: int, choices: list[int]
) -> None:
    """Statuses, moves, estimates, strings and cells agree after every move of a random game."""
    if k > max(cols, rows):
        return
    game = ConnectFour(cols=cols, rows=rows, k=k)
    reference = WindowConnectFour(cols=cols, rows=rows, k=k)
    state, old = game.start, reference.start
    for choice in choices:
        assert game.state_to_string(state) == reference.state_to_string(old)
        assert (state.cells, state.heights, state.side) == (old.cells, old.heights, old.side)
        assert connect4_estimator(game).estimate(state) == old.score
        assert (centre_control(state), odd_even_threats(state)) == (
            reference_centre(reference, old),
            reference_threats(reference, old),
        )
        moves = seq.to_tuple(game.moves(state))
        assert moves == seq.to_tuple(reference.moves(old))
        move = moves[choice % len(moves)]
        text = game.move_to_string(move)
        assert text == reference.move_to_string(move) == str(move + 1)
        assert game.parse_move(state, text) == reference.parse_move(old, text) == move
        after, old_after = game.play(state, move), reference.play(old, move)
        if isinstance(after, Done) or isinstance(old_after, Done):
            assert after == old_after
            return
        state, old = after.state, old_after.state


def test_crowded_boards_score_as_a_whole_board_scan_says() -> None:
    """Columns filled left to right, round and round: many windows of both sides at once."""
    for cols, rows, k in ((7, 6, 4), (5, 4, 3), (9, 7, 5), (8, 8, 2)):
        game = ConnectFour(cols=cols, rows=rows, k=k)
        reference = WindowConnectFour(cols=cols, rows=rows, k=k)
        state, old = game.start, reference.start
        scored = 0
        for move in itertools.cycle(range(cols)):
            if move not in seq.to_tuple(game.moves(state)):
                continue
            after, old_after = game.play(state, move), reference.play(old, move)
            if not isinstance(after, Playing) or not isinstance(old_after, Playing):
                assert after == old_after
                break
            state, old = after.state, old_after.state
            score, winner = whole_board_scan(reference, old)
            assert (window_score(state), winner) == (score, None)
            scored += 1
        assert scored >= 3


def reference_centre(game: WindowConnectFour, state: WindowState) -> int:
    middle = {game.cols // 2, (game.cols - 1) // 2}
    return sum(state.cells[r * game.cols + c] for r in range(game.rows) for c in middle)


def reference_threats(game: WindowConnectFour, state: WindowState) -> int:
    """Odd-row threats of X minus even-row threats of O (rows from 1), window by window."""
    found = 0
    for window in game.board.windows:
        marks = [state.cells[cell] for cell in window]
        gaps = [cell for cell in window if state.cells[cell] == 0]
        if len(gaps) != 1:
            continue
        row = gaps[0] // game.cols + 1
        if marks.count(1) == game.k - 1 and row % 2 == 1:
            found += 1
        if marks.count(-1) == game.k - 1 and row % 2 == 0:
            found -= 1
    return found


def test_states_pickle_to_equal_states() -> None:
    game = ConnectFour(cols=5, rows=4)
    status = game.play(game.start, 2)
    assert isinstance(status, Playing)
    copied = pickle.loads(pickle.dumps(status.state))
    assert copied == status.state
    assert hash(copied) == hash(status.state)
    assert copied.board is game.board


def test_mirror_images_share_a_key_and_nothing_else_does() -> None:
    game = ConnectFour(cols=5, rows=4)
    seen: dict[int, set[tuple[int, ...]]] = {}

    def walk(state: ConnectFourState, depth: int) -> None:
        seen.setdefault(game.key(state), set()).add(state.cells)
        if depth == 0:
            return
        for move in seq.to_tuple(game.moves(state)):
            after = game.play(state, move)
            if isinstance(after, Playing):
                walk(after.state, depth - 1)

    walk(game.start, 5)

    def mirrored(cells: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(cells[r * 5 + (4 - i)] for r in range(4) for i in range(5))

    for cells in seen.values():
        first = next(iter(cells))
        assert cells == {first, mirrored(first)}  # one position and its mirror image, no more
    every = set().union(*seen.values())
    assert len(seen) == len({min(c, mirrored(c)) for c in every}) == 785
