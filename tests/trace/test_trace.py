"""Traces: exact node sequences and cut points, DOT output, pictures, the CLI."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import AlphaBeta, Guess, Minimax, Playing, Settings, Side, seq
from gamelib.core.trees import Leaf
from gamelib.core.window import NegInf, PosInf
from gamelib.games.explicit import (
    BIG,
    CSE473,
    SMALL,
    UNEVEN,
    WIKIPEDIA,
    ExplicitGame,
    Node,
    TreeState,
    tree_estimator,
)
from gamelib.games.nim import Nim, nim_estimator
from gamelib.search import (
    BoundKind,
    Cut,
    Enter,
    Leave,
    RecordingEstimator,
    SearchEvent,
    TableHit,
    Watch,
    Window,
)
from gamelib.trace import (
    Trace,
    TraceError,
    TraceNode,
    Tracer,
    render,
    trace,
    trace_to_dot,
    trace_to_text,
)
from gamelib.trace.words import TwoWords
from tests.helpers import SEARCH_KINDS, Factory, jamboree
from tests.runner import run
from tests.strategies import trees_and_depths

GOLDEN = Path(__file__).parents[1] / "golden"


def name(node: TraceNode[TreeState, int, float]) -> str:
    status = node.status
    assert isinstance(status, Playing)  # these trees have no finished games
    return status.state.node.name


def tree_trace(
    factory: Factory, root: Node | Leaf[float], depth: int
) -> Trace[TreeState, int, float]:
    return trace(factory, Settings(tree_estimator(ExplicitGame(root)), depth))


def visits(t: Trace[TreeState, int, float]) -> str:
    return " ".join(name(n) for n in t.nodes())


def cuts(t: Trace[TreeState, int, float]) -> list[tuple[str, int, tuple[int, ...]]]:
    return [(name(n), n.cut_by or 0, n.pruned) for n in t.nodes() if n.kind == "cut off"]


JAMBOREE_HALF = jamboree(0.5)


@pytest.mark.parametrize(
    ("factory", "root", "depth", "order", "cut_points"),
    [
        (Minimax, SMALL, 2, "a b c d e f g h i j k l m", []),
        (AlphaBeta, SMALL, 2, "a b c d e f g h i j k", [("j", 0, (1, 2))]),
        (JAMBOREE_HALF, SMALL, 2, "a b c d e f g h i j k l m", []),
        (
            AlphaBeta,
            BIG,
            4,
            "a b c d e f g h j k l m n o p q",
            [("g", 0, (1,)), ("n", 0, (1,)), ("p", 0, (1,))],
        ),
        (
            JAMBOREE_HALF,
            BIG,
            4,
            "a b c d e f g h j k l m n o p q",
            [("g", 0, (1,)), ("n", 0, (1,)), ("p", 0, (1,))],
        ),
        (AlphaBeta, UNEVEN, 3, "a b c d e f g h i", []),
        (AlphaBeta, CSE473, 2, "a b c d e f g j k l m", [("f", 0, (1, 2))]),
        (
            AlphaBeta,
            WIKIPEDIA,
            4,
            "a b c d e f g h i k l m n o p q r s u v w x y z aa",
            [("g", 1, (2,)), ("r", 0, (1,)), ("x", 0, (1,))],
        ),
    ],
    ids=[
        "minimax-small",
        "alphabeta-small",
        "jamboree-small",
        "alphabeta-big",
        "jamboree-big",
        "alphabeta-uneven",
        "alphabeta-cse473",
        "alphabeta-wikipedia",
    ],
)
def test_trace_node_sequences_and_cut_points(
    factory: Factory,
    root: Node | Leaf[float],
    depth: int,
    order: str,
    cut_points: list[tuple[str, int, tuple[int, ...]]],
) -> None:
    t = tree_trace(factory, root, depth)
    assert visits(t) == order
    assert cuts(t) == cut_points


def test_trace_records_windows_and_values() -> None:
    t = tree_trace(AlphaBeta, SMALL, 2)
    by_name = {name(n): n for n in t.nodes()}
    windows = [(name(n), n.window) for n in t.nodes() if n.children]
    assert windows == [
        ("a", (NegInf, PosInf)),
        ("b", (NegInf, PosInf)),
        ("f", (Guess(-2), PosInf)),
        ("j", (Guess(4), PosInf)),
    ]
    assert by_name["j"].side is Side.Minnie
    assert by_name["f"].value == Guess(4)
    assert by_name["f"].best_move == 1
    assert by_name["a"].best_move == 1
    assert [name(n) for n in t.leaves()] == list("cdeghik")
    assert [n.leaf_number for n in t.leaves()] == list(range(1, 8))
    assert by_name["k"].path == (2, 0)
    assert tree_trace(Minimax, SMALL, 2).root.window is None


def test_cse473_trace_text() -> None:
    text = trace_to_text(tree_trace(AlphaBeta, CSE473, 2))
    assert text.splitlines()[6:9] == [
        "  Evaluating (Minnie,f) via 1 with window (Guess 3, +∞)",
        "    Estimating (Maxie,g) via 1 0: Guess 2",
        "  cut off at (Minnie,f): move 0 gave Guess 2, at or below α = Guess 3; "
        "moves 1, 2 not searched",
    ]
    assert text.splitlines()[-1] == "value of (Maxie,a) is Guess 3, best move 0"


def test_minimax_trace_has_no_windows() -> None:
    text = trace_to_text(tree_trace(Minimax, SMALL, 2))
    assert text.splitlines()[:2] == ["Evaluating (Maxie,a)", "  Evaluating (Minnie,b) via 0"]
    assert "window" not in text
    assert "cut off" not in text


def test_game_trace_shows_finished_games() -> None:
    game = Nim(pile=3)
    t = trace(AlphaBeta, Settings(nim_estimator(game), 3))
    lines = trace_to_text(t).splitlines()
    assert "Game over via 3: Definitely Minnie wins" in [line.strip() for line in lines]
    assert (
        lines[-1] == "value of 3 left, and it is Maxie's turn is Definitely Maxie wins, best move 2"
    )


@given(trees_and_depths(), st.sampled_from(["minimax", "alphabeta", "jamboree"]), st.floats(0, 1))
def test_trace_leaves_are_what_the_estimator_saw(
    case: tuple[Node, int], kind: str, p: float
) -> None:
    root, depth = case
    factories: dict[str, Factory] = {
        "minimax": Minimax,
        "alphabeta": AlphaBeta,
        "jamboree": jamboree(p),
    }
    factory = factories[kind]
    est = RecordingEstimator(tree_estimator(ExplicitGame(root)))
    t = trace(factory, Settings(est, depth))
    estimated = [n for n in t.leaves() if n.kind == "estimated"]
    assert [name(n) for n in estimated] == [s.node.name for s in est.estimated]
    # The trace did not change the search: same move and value as an untraced run.
    plain = factory(Settings(tree_estimator(ExplicitGame(root)), depth))
    assert plain.analyse(ExplicitGame(root).start) == (t.root.best_move, t.root.value)
    # Every node but the root was entered by a move, and cut nodes skipped only later moves.
    for node in t.nodes():
        if node.pruned:
            assert node.cut_by == node.children[-1].path[-1]
            assert all(m > node.cut_by for m in node.pruned)


def reversed_order(state: TreeState, moves: seq.Seq[int]) -> seq.Seq[int]:
    return seq.from_iterable(tuple(reversed(seq.to_tuple(moves))))


def test_trace_is_exact_when_moves_are_reordered() -> None:
    # Small with every node's moves reversed: j, then f, then b, whose first leaf (e, -2)
    # is at or below α = 4, so d and c are never searched.
    est = tree_estimator(ExplicitGame(SMALL))
    t = trace(AlphaBeta, Settings(est, 2, order=reversed_order))
    assert visits(t) == "a j m l k f i h g b e"
    assert cuts(t) == [("b", 2, (1, 0))]
    by_name = {name(n): n for n in t.nodes()}
    assert by_name["m"].path == (2, 2)
    assert (t.root.best_move, t.root.value) == (1, Guess(4))
    assert (by_name["b"].cut_value, by_name["b"].bound) == (Guess(-2), BoundKind.UPPER)
    assert "cut off at (Minnie,b): move 2 gave Guess -2, at or below α = Guess 4; " in (
        trace_to_text(t)
    )


def small_state(*path: int) -> TreeState:
    game = ExplicitGame(SMALL)
    state = game.start
    for move in path:
        after = game.play(state, move)
        assert isinstance(after, Playing)
        state = after.state
    return state


def enter(
    path: tuple[int, ...], depth: int, window: Window[float]
) -> Enter[TreeState, int, Window[float]]:
    state = small_state(*path)
    move = path[-1] if path else None
    return Enter(move, Playing(state), state.side, depth, window)


def test_tracer_builds_table_answers_and_researches_from_the_events_alone() -> None:
    # What a search with a table and a null-window probe would report on Small: b comes
    # from the table; f is first tried with the window (-2, -1), fails high, and is
    # searched again with (-2, +inf); j is cut at once.
    full: Window[float] = (NegInf, PosInf)
    probe: Window[float] = (Guess(-2), Guess(-1))
    wide: Window[float] = (Guess(-2), PosInf)
    events: list[SearchEvent[TreeState, int, float]] = [
        enter((), 2, full),
        enter((0,), 1, full),
        TableHit(Guess(-2), BoundKind.EXACT, 2),
        Leave(Guess(-2), BoundKind.EXACT, 2),
        enter((1,), 1, probe),
        *(e for m, v in ((0, 6), (1, 4), (2, 10)) for e in leaf((1, m), probe, v)),
        Leave(Guess(4), BoundKind.LOWER, 1),
        enter((1,), 1, wide),
        *(e for m, v in ((0, 6), (1, 4), (2, 10)) for e in leaf((1, m), wide, v)),
        Leave(Guess(4), BoundKind.EXACT, 1),
        enter((2,), 1, (Guess(4), PosInf)),
        *leaf((2, 0), (Guess(4), PosInf), 1),
        Cut((0, Guess(1), seq.from_iterable([1, 2]))),
        Leave(Guess(1), BoundKind.UPPER, 0),
        Leave(Guess(4), BoundKind.EXACT, 1),
    ]
    tracer: Tracer[TreeState, int, float] = Tracer()
    for event in events:
        tracer(event)
    assert tracer.done
    game = ExplicitGame(SMALL)
    t = Trace(tracer.root, TwoWords(game, tree_estimator(game)), "a search with a table")
    assert visits(t) == "a b f g h i f g h i j k"
    assert [n.kind for n in t.root.children] == ["table", "searched", "searched", "cut off"]
    assert [n.bound for n in t.root.children] == [
        BoundKind.EXACT,
        BoundKind.LOWER,
        BoundKind.EXACT,
        BoundKind.UPPER,
    ]
    assert [n.leaf_number for n in t.leaves()] == list(range(1, 8))
    text = trace_to_text(t).splitlines()
    assert text[1] == (
        "  Looking up (Minnie,b) via 0 with window (−∞, +∞): Guess -2 (exact) from the table"
    )
    assert text.count("  Evaluating (Minnie,f) via 1 with window (Guess -2, Guess -1)") == 1
    assert text.count("  Evaluating (Minnie,f) via 1 with window (Guess -2, +∞)") == 1
    dot = trace_to_dot(t)
    # The chosen line runs through the second search of f, the one that counted.
    second_f = t.root.children[2]
    assert f'n0 -> n{second_f.order} [label="1", penwidth=2.5];' in dot
    assert f'n0 -> n{t.root.children[1].order} [label="1"];' in dot


def leaf(
    path: tuple[int, ...], window: Window[float], value: int
) -> list[SearchEvent[TreeState, int, float]]:
    return [enter(path, 0, window), Leave(Guess(value), BoundKind.EXACT, None)]


def test_tracer_refuses_events_that_are_not_one_search() -> None:
    tracer: Tracer[TreeState, int, float] = Tracer()
    with pytest.raises(TraceError, match="reported nothing yet"):
        _ = tracer.root
    with pytest.raises(TraceError, match="a Leave event with no position entered"):
        tracer(Leave(Guess(1), BoundKind.EXACT, None))
    tracer(enter((), 1, (NegInf, PosInf)))
    with pytest.raises(TraceError, match="entered without a move"):
        tracer(Enter(None, Playing(small_state(0)), Side.Minnie, 0, None))
    tracer(Leave(Guess(1), BoundKind.EXACT, None))
    with pytest.raises(TraceError, match="a second root"):
        tracer(Enter(None, Playing(small_state(0)), Side.Minnie, 1, None))
    with pytest.raises(TraceError, match="the first position entered must be the root"):
        Tracer[TreeState, int, float]()(enter((0,), 1, (NegInf, PosInf)))
    # The same root again is another search of it (MTD(f) searches the root many times).
    tracer(enter((), 1, (Guess(1), Guess(1))))
    tracer(Leave(Guess(1), BoundKind.UPPER, None))
    assert [root.window for root in tracer.earlier] == [(NegInf, PosInf)]
    assert tracer.root.window == (Guess(1), Guess(1))


def test_a_table_answer_leaves_with_the_tables_bound_and_move() -> None:
    events: list[SearchEvent[TreeState, int, float]] = []
    game = ExplicitGame(SMALL)
    watch = Watch(game, events.append, tree_estimator(game).compare)
    watch.enter(Playing(game.start), 2, (Guess(0), Guess(2)))
    watch.hit(Guess(5), BoundKind.LOWER, 2)
    watch.leave(Guess(5), (Guess(0), Guess(2)))
    assert events[1:] == [
        TableHit(Guess(5), BoundKind.LOWER, 2),
        Leave(Guess(5), BoundKind.LOWER, 2),
    ]


def test_a_table_probe_that_did_not_answer_shows_the_search_that_followed() -> None:
    full: Window[float] = (NegInf, PosInf)
    tracer: Tracer[TreeState, int, float] = Tracer()
    events: list[SearchEvent[TreeState, int, float]] = [
        enter((), 1, full),
        TableHit(Guess(9), BoundKind.LOWER, 1),
        *leaf((0,), full, 3),
        *leaf((1,), full, 5),
        Leave(Guess(5), BoundKind.EXACT, 1),
    ]
    for event in events:
        tracer(event)
    game = ExplicitGame(SMALL)
    t = Trace(tracer.root, TwoWords(game, tree_estimator(game)), "probe, then search")
    assert t.root.kind == "searched"
    assert [n.leaf_number for n in t.leaves()] == [1, 2]
    assert trace_to_text(t).splitlines()[1:3] == [
        "  Estimating (Minnie,b) via 0: Guess 3",
        "  Estimating (Minnie,f) via 1: Guess 5",
    ]
    assert t.root.chosen is t.root.children[1]


def test_small_dot_matches_the_golden_file() -> None:
    dot = trace_to_dot(tree_trace(AlphaBeta, SMALL, 2))
    assert dot == (GOLDEN / "small_alphabeta.dot").read_text(encoding="utf-8")


def test_rendering(tmp_path: Path) -> None:
    dot = trace_to_dot(tree_trace(AlphaBeta, SMALL, 2))
    svg = tmp_path / "small.svg"
    message = render(dot, svg)
    if shutil.which("dot") is not None:  # CI installs Graphviz, so this branch runs there
        assert message == f"wrote {svg}"
        picture = svg.read_text(encoding="utf-8")
        assert "<svg" in picture
        assert "(Maxie,h)" in picture
        png = tmp_path / "small.png"
        assert render(dot, png) == f"wrote {png}"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert message.startswith("Graphviz's dot program is not installed")
        assert (tmp_path / "small.dot").read_text(encoding="utf-8") == dot
    with pytest.raises(ValueError, match=r"not '\.jpg'"):
        render(dot, tmp_path / "small.jpg")


def test_rendering_without_dot_writes_the_dot_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _: None)
    target = tmp_path / "small.svg"
    message = render("digraph { a }", target)
    assert message == (
        f"Graphviz's dot program is not installed, so {target} was not drawn; "
        f"wrote {tmp_path / 'small.dot'} instead: render it with "
        f"'dot -Tsvg {tmp_path / 'small.dot'} -o {target}' (Debian: apt-get install graphviz)"
    )
    assert (tmp_path / "small.dot").read_text(encoding="utf-8") == "digraph { a }"


def test_cli_trace_named_tree() -> None:
    status, out, err = run("trace", "small", "--player", "alphabeta")
    assert (status, err) == (0, "")
    assert out == trace_to_text(tree_trace(AlphaBeta, SMALL, 2)) + (
        "\n11 positions visited (root included); 7 estimated or finished\n"
    )


def test_cli_trace_typed_tree_and_game(tmp_path: Path) -> None:
    status, out, _ = run("trace", "a[b[c3,d-1],e[f2,g!Minnie]]", "--player", "minimax")
    assert status == 0
    assert "Game over via 1 1: Definitely Minnie wins" in out
    assert out.splitlines()[-2] == "value of (Maxie,a) is Guess -1, best move 0"
    dot = tmp_path / "nim.dot"
    status, out, _ = run(
        "trace", "--game", "nim", "--pile", "4", "--player", "jamboree:2:0.5", "--dot", str(dot)
    )
    assert status == 0
    assert out.startswith("Evaluating 4 left, and it is Maxie's turn with window (−∞, +∞)\n")
    assert out.endswith(f"wrote {dot}\n")
    assert dot.read_text(encoding="utf-8").startswith("digraph trace {")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["trace"],
            "gamelib: name a tree (small, big, uneven, cse473, wikipedia, chance-example, dice, "
            "cse473-3p), write one, or give --game\n",
        ),
        (
            ["trace", "small", "--game", "nim"],
            "gamelib: give a tree or --game, not both (got 'small')\n",
        ),
        (
            ["trace", "--game", "go"],
            "gamelib: unknown game 'go'; known games: connect4, nim, pig, takeaway, tictactoe, "
            "tree\n",
        ),
        (
            ["trace", "small", "--svg", "out.png"],
            "gamelib: the file for --svg must end in .svg, got 'out.png'\n",
        ),
        (
            ["trace", "small", "--player", "random"],
            f"gamelib: trace needs a search player ({SEARCH_KINDS}), not 'random'\n",
        ),
        (
            ["trace", "small", "--player", "alphabeta:3"],
            "gamelib: the depth 3 in 'alphabeta:3' is deeper than the tree: "
            "its shallowest leaf is 2 moves from the root, so depth 2 is the deepest that works\n",
        ),
        (
            ["trace", "small", "--dot", "/nonexistent/dir/x.dot"],
            "gamelib: cannot write /nonexistent/dir/x.dot: its folder does not exist\n",
        ),
        (["trace", "small", "--pile", "3"], "gamelib: unrecognized arguments: --pile 3\n"),
    ],
)
def test_cli_trace_bad_input(argv: list[str], message: str) -> None:
    status, out, err = run(*argv)
    assert (status, out, err) == (2, "", message)
