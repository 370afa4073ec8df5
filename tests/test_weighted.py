"""Weighted evaluation: Σ wᵢ·fᵢ(s), its Connect Four and tic-tac-toe features, and its page."""

from __future__ import annotations

import doctest
import math
import random
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import reduce
from operator import add, itemgetter
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import (
    AlphaBeta,
    Draw,
    Estimator,
    Game,
    Guess,
    Minimax,
    NumericEstimator,
    Outcome,
    Playing,
    Settings,
    Side,
    Winner,
    seq,
)
from gamelib.algorithms import NegamaxAlphaBeta, NegamaxSettings
from gamelib.estimate import standard_compare
from gamelib.games.connect4 import (
    ConnectFour,
    ConnectFourState,
    centre_control,
    connect4_estimator,
    connect4_weighted,
    odd_even_threats,
    window_score,
)
from gamelib.games.tictactoe import (
    LINES,
    TicTacToe,
    TicTacToeState,
    centre_mark,
    corner_marks,
    open_lines,
    open_threats,
    tictactoe_estimator,
    tictactoe_weighted,
)
from gamelib.search import Capability, NumericEstimates, has_numeric_estimates, missing
from gamelib.weighted import Contribution, Feature, WeightedEstimator, WeightedSum

S = TypeVar("S")
M = TypeVar("M")

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "weighted-evaluation.md"

Vector = tuple[float, ...]
"""A made-up state for the property tests: feature ``i`` reads entry ``i``."""


def after(game: Game[S, M], moves: Sequence[M]) -> S:
    """The position of ``game`` after ``moves`` (each must leave the game going)."""
    state = game.start
    for move in moves:
        status = game.play(state, move)
        assert isinstance(status, Playing), (moves, move)
        state = status.state
    return state


def c4(moves: Sequence[int], game: ConnectFour | None = None) -> ConnectFourState:
    """The Connect Four position after ``moves`` (columns, X first)."""
    return after(game or ConnectFour(), moves)


def ttt(cells: Sequence[int]) -> TicTacToeState:
    """The tic-tac-toe position after X and O take ``cells`` (1-9) in turn."""
    return after(TicTacToe(), cells)


DOCS_POSITION = (3, 2, 3, 3, 4, 4, 2, 5)
"""The page's Connect Four position: Minnie has a diagonal threat with its gap in row 4."""


def vector_sum(weights: Sequence[float]) -> WeightedSum[Vector]:
    """A sum whose feature ``i`` (named ``f{i}``) is entry ``i`` of the state."""
    return WeightedSum(
        [(w, Feature(f"f{i}", itemgetter(i), f"entry {i}")) for i, w in enumerate(weights)]
    )


# --- the estimator contract -------------------------------------------------------------


def test_a_weighted_estimator_is_an_estimator_with_numeric_estimates() -> None:
    game = ConnectFour()
    estimator: Estimator[ConnectFourState, int, float] = connect4_weighted(game)
    numeric: NumericEstimates[float] = connect4_weighted(game)
    assert has_numeric_estimates(estimator)
    assert has_numeric_estimates(numeric)
    assert missing({Capability.KEYED, Capability.NUMERIC}, game, estimator) == []
    assert estimator.game is game
    assert estimator.compare is standard_compare


def test_the_estimate_is_the_hand_computed_sum_on_connect_four() -> None:
    game = ConnectFour()
    state = c4(DOCS_POSITION, game)
    # windows -56 (the handout score), centre 1 (X, X, O in column 3), threats -1 (O's diagonal)
    assert (window_score(state), centre_control(state), odd_even_threats(state)) == (-56, 1, -1)
    assert connect4_weighted(game).estimate(state) == 1 * -56 + 4 * 1 + 32 * -1 == -84
    tuned = connect4_weighted(game, windows=0.5, centre=-2, threats=3)
    assert tuned.estimate(state) == 0.5 * -56 - 2 * 1 + 3 * -1 == -33.0


def test_the_estimate_is_the_hand_computed_sum_on_tic_tac_toe() -> None:
    state = ttt([1, 5, 2])  # X X _ / _ O _ / _ _ _
    # open lines: 4 with no O, 4 with no X; the centre is O's; one corner is X's; X threatens 3
    assert (open_lines(state), centre_mark(state), corner_marks(state)) == (0, -1, 1)
    assert open_threats(state) == 1
    assert tictactoe_weighted(TicTacToe()).estimate(state) == 0 - 2 * 1 + 1 * 1 + 4 * 1 == 3


def test_with_only_the_first_weight_the_games_weighted_estimators_are_the_handout_ones() -> None:
    rng = random.Random(7)
    c4_game, ttt_game = ConnectFour(), TicTacToe()
    c4_plain = connect4_weighted(c4_game, centre=0, threats=0)
    ttt_plain = tictactoe_weighted(ttt_game, centre=0, corners=0, threats=0)
    for state in random_positions(c4_game, rng, 200):
        assert c4_plain.estimate(state) == connect4_estimator(c4_game).estimate(state)
    for t_state in random_positions(ttt_game, rng, 200):
        assert ttt_plain.estimate(t_state) == tictactoe_estimator(ttt_game).estimate(t_state)


@given(st.lists(st.tuples(st.integers(-100, 100), st.integers(-100, 100)), min_size=1, max_size=6))
def test_integer_weights_and_values_give_the_exact_integer_sum(
    pairs: list[tuple[int, int]],
) -> None:
    weights = [w for w, _ in pairs]
    state = tuple(float(v) for _, v in pairs)
    total = vector_sum(weights).evaluate(state)
    assert total == sum(w * v for w, v in pairs)


finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
weights_and_values = st.lists(st.tuples(finite | st.integers(-1000, 1000), finite), max_size=8)


@given(weights_and_values.filter(bool))
def test_the_estimate_is_the_contributions_added_up_and_describe_shows_it(
    pairs: list[tuple[float, float]],
) -> None:
    weights = [w for w, _ in pairs]
    state: Vector = tuple(v for _, v in pairs)
    evaluation = vector_sum(weights)
    contributions = evaluation.contributions(state)
    assert contributions == tuple(
        Contribution(f"f{i}", v, w, w * v) for i, (w, v) in enumerate(pairs)
    )
    estimate = evaluation.evaluate(state)
    assert estimate == reduce(add, (c.amount for c in contributions), 0)  # in order, exactly
    exact = math.fsum(w * v for w, v in pairs)
    assert abs(estimate - exact) <= 1e-13 * sum(abs(w * v) for w, v in pairs)
    lines = evaluation.describe(state).splitlines()
    assert len(lines) == len(pairs) + 2
    assert lines[0].split() == ["feature", "value", "weight", "contribution"]
    assert [line.split()[0] for line in lines[1:-1]] == [f"f{i}" for i in range(len(pairs))]
    total_line = lines[-1].split()
    assert total_line[0] == "total"
    assert math.isclose(float(total_line[1]), estimate, rel_tol=1e-5)


def test_the_estimator_describes_and_breaks_down_its_estimate_by_its_sum() -> None:
    game = ConnectFour()
    estimator = connect4_weighted(game)
    for state in random_positions(game, random.Random(11), 50):
        contributions = estimator.contributions(state)
        assert contributions == estimator.evaluation.contributions(state)
        assert [c.name for c in contributions] == ["windows", "centre", "threats"]
        assert estimator.estimate(state) == sum(c.amount for c in contributions)
        assert estimator.describe(state) == estimator.evaluation.describe(state)
        assert estimator.describe(state).splitlines()[-1].split() == [
            "total",
            estimator.guess_to_string(estimator.estimate(state)),
        ]


def test_describe_lines_up_its_columns_and_shows_whole_numbers_without_a_point() -> None:
    evaluation = vector_sum([2, 0.5, -1.25])
    assert evaluation.describe((3.0, 0.1, 1e20)) == "\n".join(
        [
            "feature  value  weight  contribution",
            "f0           3       2             6",
            "f1         0.1     0.5          0.05",
            "f2       1e+20   -1.25     -1.25e+20",
            "total                      -1.25e+20",
        ]
    )
    assert str(evaluation) == "2·f0 + 0.5·f1 − 1.25·f2"


# --- the numeric-estimates capability, as NumericEstimator has it -------------------------

guesses = st.integers(-50, 50) | st.floats(-1e9, 1e9, allow_nan=False)
probabilities = st.lists(st.integers(1, 6), min_size=1, max_size=4).map(
    lambda parts: [Fraction(p, sum(parts)) for p in parts]
)


def twins(
    win_guess: float,
) -> tuple[WeightedEstimator[TicTacToeState, int], NumericEstimator[TicTacToeState, int]]:
    """tictactoe_weighted with ``win_guess``, and the NumericEstimator of the same sum."""
    game = TicTacToe()
    weighted = WeightedEstimator(game, tictactoe_weighted(game).evaluation, win_guess=win_guess)
    return weighted, NumericEstimator(game, weighted.estimate, win_guess=win_guess)


@given(guesses)
def test_negate_and_guess_to_string_are_numeric_estimators(guess: float) -> None:
    weighted, numeric = twins(math.inf)
    assert weighted.negate(guess) == numeric.negate(guess) == -guess
    assert weighted.guess_to_string(guess) == numeric.guess_to_string(guess)


@given(probabilities, st.data(), st.sampled_from([math.inf, 100, 2.5]))
def test_average_and_outcome_guess_are_numeric_estimators(
    weights: list[Fraction], data: st.DataObject, win_guess: float
) -> None:
    weighted, numeric = twins(win_guess)
    outcomes: list[Outcome] = [Winner(Side.Maxie), Winner(Side.Minnie), Draw()]
    for outcome in outcomes:
        assert weighted.outcome_guess(outcome) == numeric.outcome_guess(outcome)
    values = [
        data.draw(guesses | st.sampled_from(outcomes).map(weighted.outcome_guess)) for _ in weights
    ]
    pairs = list(zip(weights, values, strict=True))
    try:
        expected = numeric.average(pairs)
    except ValueError as error:
        with pytest.raises(ValueError, match=re.escape(str(error))):
            weighted.average(pairs)
    else:
        assert weighted.average(pairs) == expected


def test_an_infinite_win_averaged_with_a_guess_is_refused_as_numeric_estimator_refuses_it() -> None:
    weighted, _ = twins(math.inf)
    half = Fraction(1, 2)
    with pytest.raises(ValueError, match="finite win_guess"):
        weighted.average([(half, weighted.outcome_guess(Winner(Side.Maxie))), (half, 3)])
    finite_win, _ = twins(100)
    assert (
        finite_win.average([(half, finite_win.outcome_guess(Winner(Side.Minnie))), (half, 4)])
        == -48
    )


# --- validation ---------------------------------------------------------------------------

VALUE: Feature[object] = Feature("value", lambda state: 0, "always 0")


def refused(make: Callable[[], object], error: type[Exception], message: str) -> None:
    """``make()`` raises ``error`` with a one-line message that starts with ``message``."""
    with pytest.raises(error) as raised:
        make()
    text = str(raised.value)
    assert text.startswith(message), text
    assert "\n" not in text


def test_a_feature_needs_a_name_a_function_and_a_one_line_summary() -> None:
    refused(lambda: Feature("", len, "x"), ValueError, "a feature's name must be a non-empty")
    refused(lambda: Feature("  ", len, "x"), ValueError, "a feature's name must be a non-empty")
    refused(
        lambda: Feature(3, len, "x"),  # type: ignore[arg-type]  # the point
        TypeError,
        "a feature's name must be a string, got 3",
    )
    refused(
        lambda: Feature("mobility", 3, "x"),  # type: ignore[arg-type]  # the point
        TypeError,
        "feature 'mobility' needs a function of the state, got 3",
    )
    refused(
        lambda: Feature("mobility", len, None),  # type: ignore[arg-type]  # the point
        TypeError,
        "the summary of feature 'mobility' must be a string, got None",
    )
    refused(
        lambda: Feature("mobility", len, "two\nlines"),
        ValueError,
        "the summary of feature 'mobility' must be one line, got 'two\\nlines'",
    )


@pytest.mark.parametrize(
    ("weight", "error", "shown"),
    [
        (True, TypeError, "must be a number, got True"),
        ("3", TypeError, "must be a number, got '3'"),
        (None, TypeError, "must be a number, got None"),
        (math.nan, ValueError, "must be finite, got nan"),
        (-math.inf, ValueError, "must be finite, got -inf"),
    ],
)
def test_a_weight_must_be_a_finite_number(
    weight: object, error: type[Exception], shown: str
) -> None:
    terms = [(weight, VALUE)]
    refused(
        lambda: WeightedSum(terms),  # type: ignore[arg-type]  # the point
        error,
        f"the weight of feature 'value' {shown}",
    )


def test_a_sum_needs_features_in_pairs_with_distinct_names() -> None:
    refused(
        lambda: WeightedSum([]), ValueError, "a weighted sum needs at least one feature, got none"
    )
    refused(
        lambda: WeightedSum("pawns"),  # type: ignore[arg-type]  # the point
        TypeError,
        "the terms of a weighted sum must be a sequence of pairs, got 'pawns'",
    )
    refused(
        lambda: WeightedSum([VALUE]),  # type: ignore[arg-type]  # the point
        TypeError,
        "each term must be a pair (weight, Feature), got Feature(name='value'",
    )
    refused(
        lambda: WeightedSum([(VALUE, 1)]),  # type: ignore[arg-type]  # the point
        TypeError,
        "each term must be a pair (weight, Feature), got (Feature(name='value'",
    )
    refused(
        lambda: WeightedSum([(1, VALUE), (2, VALUE)]),
        ValueError,
        "feature names must be unique, and 'value' appears twice",
    )


def test_an_estimator_needs_a_weighted_sum_and_the_games_helpers_check_their_weights() -> None:
    refused(
        lambda: WeightedEstimator(TicTacToe(), [(1, VALUE)]),  # type: ignore[arg-type]  # the point
        TypeError,
        "a weighted estimator needs a WeightedSum of features, got [(1, Feature(",
    )
    refused(
        lambda: connect4_weighted(ConnectFour(), centre=math.inf),
        ValueError,
        "the weight of feature 'centre' must be finite, got inf",
    )
    refused(
        lambda: tictactoe_weighted(TicTacToe(), threats=math.nan),
        ValueError,
        "the weight of feature 'threats' must be finite, got nan",
    )


def test_a_weight_of_zero_switches_its_feature_off_and_the_terms_are_kept_as_a_tuple() -> None:
    evaluation = vector_sum([0, 3])
    assert evaluation.evaluate((1e6, 2.0)) == 6
    assert isinstance(evaluation.terms, tuple)
    again = WeightedSum(list(evaluation.terms))
    assert again == evaluation
    assert hash(again) == hash(evaluation)


def test_the_estimate_is_the_sums_own_function_with_nothing_in_between() -> None:
    estimator = connect4_weighted(ConnectFour())
    assert estimator.estimate is estimator.evaluation.evaluate


# --- searching with it ----------------------------------------------------------------------

C4_POSITIONS = [(), DOCS_POSITION, (3, 3, 4, 2, 5, 6, 3, 2, 2), (0, 6, 1, 5, 2)]


@pytest.mark.parametrize("moves", C4_POSITIONS)
def test_searches_with_the_connect_four_estimator_give_minimaxs_value(
    moves: tuple[int, ...],
) -> None:
    game = ConnectFour()
    estimator = connect4_weighted(game)
    state = c4(moves, game)
    move, value = Minimax(Settings(estimator, 3)).analyse(state)
    assert AlphaBeta(Settings(estimator, 3)).analyse(state) == (move, value)
    for fail_soft in (True, False):
        settings = NegamaxSettings(estimator, 3, fail_soft=fail_soft)
        assert NegamaxAlphaBeta(settings).analyse(state) == (move, value)


@pytest.mark.parametrize("cells", [(), (5,), (1, 5, 2), (1, 2, 5, 9)])
def test_searches_with_the_tic_tac_toe_estimator_give_minimaxs_value(
    cells: tuple[int, ...],
) -> None:
    game = TicTacToe()
    estimator = tictactoe_weighted(game)
    state = ttt(cells)
    for depth in (1, 2, 4):
        move, value = Minimax(Settings(estimator, depth)).analyse(state)
        assert AlphaBeta(Settings(estimator, depth)).analyse(state) == (move, value)
        assert NegamaxAlphaBeta(NegamaxSettings(estimator, depth)).analyse(state) == (move, value)


def test_the_weights_change_the_choice_the_handouts_estimator_would_make() -> None:
    """The features matter: in this position they change the value depth-4 alpha-beta finds."""
    game = ConnectFour()
    state = c4(DOCS_POSITION, game)
    _, plain = AlphaBeta(Settings(connect4_estimator(game), 4)).analyse(state)
    _, weighted = AlphaBeta(Settings(connect4_weighted(game), 4)).analyse(state)
    assert isinstance(plain, Guess)
    assert isinstance(weighted, Guess)
    assert plain.guess != weighted.guess


# --- the features, against the board ------------------------------------------------------


def random_positions(game: Game[S, M], rng: random.Random, count: int) -> list[S]:
    """``count`` positions from random games of ``game`` (a new game when one ends)."""
    found: list[S] = []
    state = game.start
    while len(found) < count:
        status = game.play(state, rng.choice(seq.to_list(game.moves(state))))
        if isinstance(status, Playing):
            state = status.state
            found.append(state)
        else:
            state = game.start
    return found


def threats_by_scanning(game: ConnectFour, state: ConnectFourState) -> int:
    """:func:`odd_even_threats` the slow way: look at every window's cells."""
    found = 0
    for window in game.board.windows:
        marks = [state.cells[cell] for cell in window]
        gaps = [cell for cell in window if state.cells[cell] == 0]
        if len(gaps) == 1:
            row = gaps[0] // game.cols  # 0 is the bottom row, "row 1" in the docstring
            if marks.count(1) == game.k - 1 and row % 2 == 0:
                found += 1
            if marks.count(-1) == game.k - 1 and row % 2 == 1:
                found -= 1
    return found


def centre_by_scanning(game: ConnectFour, state: ConnectFourState) -> int:
    """:func:`centre_control` the slow way: the columns nearest the middle, cell by cell."""
    middle = [c for c in range(game.cols) if abs(2 * c - (game.cols - 1)) <= 1]
    return sum(state.cells[r * game.cols + c] for r in range(game.rows) for c in middle)


@pytest.mark.parametrize(
    ("cols", "rows", "k"),
    [(7, 6, 4), (6, 5, 4), (5, 4, 3), (4, 3, 3), (8, 7, 5), (2, 5, 2), (1, 4, 2)],
)
def test_connect_four_features_agree_with_scanning_the_board(cols: int, rows: int, k: int) -> None:
    game = ConnectFour(cols, rows, k)
    rng = random.Random(cols * 100 + rows * 10 + k)
    positions = random_positions(game, rng, 300)
    # One column alternates X and O, so no window ever holds k - 1 of one side's pieces.
    assert cols == 1 or any(threats_by_scanning(game, state) for state in positions)
    for state in positions:
        assert odd_even_threats(state) == threats_by_scanning(game, state), state
        assert centre_control(state) == centre_by_scanning(game, state), state


def test_a_threat_counts_only_in_the_row_that_suits_its_owner() -> None:
    game = ConnectFour()
    # X stacks three in column 0 (gap in row 4, even: Minnie's kind of row);
    # O lays three along row 1 (gaps in row 1, odd: Maxie's kind of row).
    wrong_rows = c4((0, 2, 0, 3, 0, 4), game)
    threes = [sorted(wrong_rows.cells[cell] for cell in window) for window in game.board.windows]
    assert (threes.count([0, 1, 1, 1]), threes.count([-1, -1, -1, 0])) == (1, 2)  # threats...
    assert odd_even_threats(wrong_rows) == 0  # ...none in its owner's rows
    assert odd_even_threats(c4((2, 2, 3, 3, 4), game)) == 2  # X X X in row 1: two gaps, row 1
    assert odd_even_threats(c4(DOCS_POSITION, game)) == -1  # O's diagonal: gap in row 4


def test_centre_control_counts_both_middle_columns_of_an_even_board() -> None:
    assert centre_control(c4((3, 3, 3), ConnectFour())) == 1
    assert centre_control(c4((2, 3, 0), ConnectFour(cols=6))) == 0  # X in 2, O in 3: both middle
    assert centre_control(c4((2, 0, 3), ConnectFour(cols=6))) == 2


def test_tic_tac_toe_features_on_given_boards() -> None:
    # X _ O / _ X _ / O _ _: X threatens 9; O's diagonal is blocked by X's centre
    state = ttt([1, 3, 5, 7])
    assert (centre_mark(state), corner_marks(state), open_threats(state)) == (1, -1, 1)
    assert (centre_mark(ttt([5])), corner_marks(ttt([5, 2, 9])), open_threats(ttt([]))) == (1, 1, 0)


def test_tic_tac_toe_threats_agree_with_scanning_the_lines() -> None:
    for state in random_positions(TicTacToe(), random.Random(3), 500):
        found = 0
        for line in LINES:
            marks = sorted(state.cells[i] for i in line)
            found += (marks == [0, 1, 1]) - (marks == [-1, -1, 0])
        assert open_threats(state) == found, state


# --- the page -------------------------------------------------------------------------------


def test_the_pages_examples_print_what_the_page_shows() -> None:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 4
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)
    report: list[str] = []
    shared: dict[str, object] = {}
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, shared, f"{PAGE.name} example {number}", str(PAGE), 0)
        runner.run(test, out=report.append, clear_globs=False)
        shared = test.globs  # a DocTest runs in a copy: carry the names to the next block
    assert runner.summarize(verbose=False).failed == 0, "".join(report)


def test_the_page_follows_beyond_the_lectures_and_the_api_reference_lists_the_module() -> None:
    nav = [
        line.strip()
        for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
        if line.startswith("  - ")
    ]
    after = nav[nav.index("- Beyond the lectures: beyond-the-lectures.md") + 1]
    assert after == "- Weighted evaluation: weighted-evaluation.md"
    assert "::: gamelib.weighted" in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
