"""How a search of each family reads, for every writer of its trace.

The tree of a traced search ([`TracedNode`][gamelib.trace.tree.TracedNode]), its text
([`gamelib.trace.text`][gamelib.trace.text]), its picture ([`gamelib.trace.dot`][gamelib.trace.dot])
and its lines of JSON ([`gamelib.trace.lines`][gamelib.trace.lines]) are written once for
every family, and so are most of the sentences of the text: a family's
[`Words`][gamelib.trace.words.Words] give how its steps, values and windows read, and
change only the sentences where the family says something of its own:

- [`TwoWords`][gamelib.trace.words.TwoWords]: values by the estimator (`Guess 3` in the
  text, `3` in the lines of JSON), windows (α, β), answers from a table;
- [`ChanceWords`][gamelib.trace.words.ChanceWords]: numbers (exact fractions), windows
  (α, β), steps that are moves or outcomes with their probabilities, Star2's probes and
  cuts at chance positions;
- [`NWords`][gamelib.trace.words.NWords]: utility vectors, the players by name, shallow
  pruning's bound and its cuts.

```pycon
>>> from gamelib.games.explicit import ExplicitGame, parse_tree
>>> game = ExplicitGame(parse_tree("a[b1,c[d2,e3]]"))
>>> [(text, str(status)) for text, status in below(game, game.start)]
[('0', 'Playing: (Minnie,b)'), ('1', 'Playing: (Minnie,c)')]

```

A chance search's text, by [`ChanceWords`][gamelib.trace.words.ChanceWords]:

```pycon
>>> from gamelib.chance.expectiminimax import ChanceSettings, Star1
>>> from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
>>> from gamelib.trace import trace, trace_to_text
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c2, 1/2: d4], ?e[1/2: f1, 1/2: g3] ]"))
>>> print(trace_to_text(trace(Star1, ChanceSettings(chance_tree_estimator(game), 1))))
Evaluating (Maxie,a) with window (−∞, +∞)
  Averaging (Chance,b) after move 0 with window (−∞, +∞)
    Estimating (Minnie,c) after 0 (1/2): 2
    Estimating (Minnie,d) after 1 (1/2): 4
  value of (Chance,b) is 3
  Averaging (Chance,e) after move 1 with window (3, +∞)
    Estimating (Minnie,f) after 0 (1/2): 1
  cut off at (Chance,e): outcome 0 (1/2) gave 1, so it is at most 5/2; outcome 1 (1/2) not searched
  value of (Chance,e) is at most 5/2
value of (Maxie,a) is 3, best move 0

```
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, assert_never

from gamelib import seq
from gamelib.chance.events import Moved, Rolled, Step
from gamelib.chance.events import Window as ChanceWindow
from gamelib.chance.game import ChanceGame, Nature, Value
from gamelib.core.datatypes import Playing, Side
from gamelib.core.estimator import Definitely, Est, Estimator, Guess, est_to_string
from gamelib.core.game import Game
from gamelib.core.jsondata import JSON
from gamelib.core.model import number_to_string, value_to_string, vector_to_string
from gamelib.core.window import Bound, bound_to_string
from gamelib.nplayer.game import NPlayerGame, Number, Vector
from gamelib.nplayer.maxn import NWindow
from gamelib.search.events import BoundKind, Mover, Reached, Window, end_to_string
from gamelib.seq import Seq
from gamelib.trace.graphviz import PLAYER_SHAPES, mover_shape

if TYPE_CHECKING:  # the tree's nodes are what the words describe; the tree reads the words
    from gamelib.trace.tree import TracedNode

__all__ = [
    "ChanceWords",
    "GameBelow",
    "NWords",
    "Shows",
    "TwoWords",
    "Unsearched",
    "Words",
    "below",
    "bound_to_short_string",
    "value_to_short_string",
]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")
E = TypeVar("E")
G = TypeVar("G")
S_contra = TypeVar("S_contra", contravariant=True)

Unsearched = Sequence[tuple[str, Reached[S]]]
"""The steps a search never took from a position, each as its edge's label and where it
leads."""


class Shows(Protocol[S_contra]):
    """What a picture asks of a game of any family to draw a position: who decides there,
    and its text."""

    def player(self, state: S_contra, /) -> Mover: ...

    def state_to_string(self, state: S_contra, /) -> str: ...


class GameBelow(Shows[S], Protocol[S, M]):
    """What a picture asks of a game of two or n players to draw the positions below a
    step never taken: a two-player `Game` and an `NPlayerGame` both are one."""

    def moves(self, state: S, /) -> Seq[M]: ...

    def play(self, state: S, move: M, /) -> Reached[S]: ...

    def move_to_string(self, move: M, /) -> str: ...


def below(game: GameBelow[S, M], state: S, moves: Sequence[M] | None = None) -> Unsearched[S]:
    """The steps `moves` (default: every move) from `state`, for the picture."""
    if moves is None:
        moves = seq.to_tuple(game.moves(state))
    return [(game.move_to_string(m), game.play(state, m)) for m in moves]


class Words(ABC, Generic[S, M, W, V]):
    """How a search of one family reads: positions `S`, steps `M`, windows `W`, values `V`.

    Every writer of a trace (the text, the picture, the lines of JSON) is written once and
    asks these.  A family gives how its steps, values and windows read and how a node is
    labelled in a picture; the text's sentences are written here for every family (a
    leaf's estimate, a cut, a searched position's value), and a family says only the ones
    where it differs.
    """

    def __init__(self, shows: Shows[S]) -> None:
        self.shows = shows
        """The game, as far as every family's game reads alike."""

    @abstractmethod
    def step(self, step: M, /) -> str:
        """A step (a move, or a chance outcome) as the game writes it."""

    @abstractmethod
    def value(self, value: V, /) -> str:
        """A value as the lines of JSON write it."""

    @abstractmethod
    def text(self, value: V, /) -> str:
        """A value as the text writes it."""

    @abstractmethod
    def window(self, window: W, /) -> JSON:
        """What a position was searched with, as the lines of JSON write it."""

    @abstractmethod
    def window_text(self, window: W | None, /) -> str:
        """What a position was searched with, as the text says it after its label."""

    @abstractmethod
    def dot_label(self, node: TracedNode[S, M, W, V], /) -> str:
        """A node's label in the picture (its leaf number is added after it)."""

    @abstractmethod
    def unsearched(self, node: TracedNode[S, M, W, V], state: S, /) -> Unsearched[S]:
        """The steps the search never took from a searched node in `state`."""

    def name(self, step: M, /) -> str:
        """A step as the text's sentences name it."""
        return self.step(step)

    def noun(self, step: M, /) -> str:
        """What a step is called in a sentence."""
        return "move"

    def position(self, state: S, /) -> str:
        """A position as the game writes it."""
        return self.shows.state_to_string(state)

    def side(self, mover: Mover, /) -> str:
        """Who decides at a position."""
        return str(mover)

    def label(self, node: TracedNode[S, M, W, V], /) -> str:
        """A node's position on one line of the text."""
        if isinstance(node.status, Playing):
            return self.position(node.status.state).replace("\n", " / ")
        return "the end of the game"

    def where(self, node: TracedNode[S, M, W, V], /) -> str:
        """How the text says the search got to a node (nothing at the root)."""
        return " via " + " ".join(self.step(m) for m in node.path) if node.path else ""

    def verb(self, node: TracedNode[S, M, W, V], /) -> str:
        """What the text says the search does at a searched node."""
        return "Evaluating"

    def valued(self, node: TracedNode[S, M, W, V], /) -> str:
        """A searched node's value as its last line says it."""
        return self.text(_found(node.value))

    def leaf(self, node: TracedNode[S, M, W, V], /) -> str:
        """The text's line for a node the search did not search below."""
        where, value = self.where(node), self.text(_found(node.value))
        if not isinstance(node.status, Playing):
            return f"Game over{where}: {value}"
        label = self.label(node)
        if node.from_table:
            bound = "" if node.bound is None else f" ({node.bound.value})"
            return (
                f"Looking up {label}{where}{self.window_text(node.window)}: "
                f"{value}{bound} from the table"
            )
        return f"Estimating {label}{where}: {value}"

    def cuts(self, node: TracedNode[S, M, W, V], /) -> Iterator[str]:
        """The text's lines where the search cut at a searched node (none by default)."""
        return iter(())

    def closing(self, node: TracedNode[S, M, W, V], /) -> Iterator[str]:
        """The text's lines after a searched node's children: where it cut, its value."""
        yield from self.cuts(node)
        best = "" if node.best_move is None else f", best move {self.name(node.best_move)}"
        yield f"value of {self.label(node)} is {self.valued(node)}{best}"

    def title(self, player: str, /) -> str:
        """The picture's title, for a search by `player`."""
        return player

    def edge(self, step: M, /) -> str:
        """A step's label in the picture."""
        return self.step(step)

    def deeper(self, state: S, /) -> Unsearched[S] | None:
        """Every step from `state`, for the grey positions below a step never taken (None:
        the picture draws only the step's own position)."""
        return None

    def steps_text(self, noun: str, steps: Sequence[M]) -> str:
        """`moves 1, 2`: `noun`, plural for more than one, and each step by its name."""
        return f"{noun if len(steps) == 1 else noun + 's'} {', '.join(self.name(s) for s in steps)}"


def _found(value: V | None) -> V:
    assert value is not None  # every node of a finished trace has a value
    return value


class _WindowWords(Words[S, M, tuple[E, E], V]):
    """The words of a family searched with windows (α, β), whose cuts say which end they
    passed: two players, and chance."""

    last_cut = False
    """Whether the text says a cut on a position's last step (nothing left unsearched)."""

    @abstractmethod
    def end(self, end: E, /) -> str:
        """An end of a window as the text writes it."""

    def window_text(self, window: tuple[E, E] | None, /) -> str:
        if window is None:
            return ""
        return f" with window ({self.end(window[0])}, {self.end(window[1])})"

    def cuts(self, node: TracedNode[S, M, tuple[E, E], V], /) -> Iterator[str]:
        if node.cut_by is None or not (node.pruned or self.last_cut):
            return
        if node.side is Nature.Chance:
            why = f"so it is {self.valued(node)}"
        elif node.side is Side.Maxie:
            why = f"at or above β = {self.end(_found(node.window)[1])}"
        else:
            why = f"at or below α = {self.end(_found(node.window)[0])}"
        rest = ""
        if node.pruned:
            rest = f"; {self.steps_text(self.noun(node.pruned[0]), node.pruned)} not searched"
        yield (
            f"cut off at {self.label(node)}: {self.noun(node.cut_by)} {self.name(node.cut_by)} "
            f"gave {self.text(_found(node.cut_value))}, {why}{rest}"
        )


def value_to_short_string(estimator: Estimator[S, M, G], value: Est[G]) -> str:
    """`value` as a picture shows it: `4` for a guess, `Maxie wins` for a finished game."""
    match value:
        case Guess(guess):
            return estimator.guess_to_string(guess)
        case Definitely():
            return str(value).removeprefix("Definitely ")
        case _:
            assert_never(value)


def bound_to_short_string(estimator: Estimator[S, M, G], bound: Bound[G]) -> str:
    """An end of a window as a picture shows it: `−∞`, `+∞` or the value."""
    return bound_to_string(bound, lambda value: value_to_short_string(estimator, value))


class TwoWords(_WindowWords[S, M, Bound[G], Est[G]]):
    """How a two-player search reads: values by the estimator (`Guess 3` in the text and
    the picture, `3` in the lines of JSON), windows as (α, β).

    ```pycon
    >>> from gamelib.core.window import Infinity
    >>> from gamelib.games.explicit import SMALL, ExplicitGame, tree_estimator
    >>> game = ExplicitGame(SMALL)
    >>> words = TwoWords(game, tree_estimator(game))
    >>> words.window_text((Guess(1), Infinity.PosInf)), words.window((Guess(1), Infinity.PosInf))
    (' with window (Guess 1, +∞)', ['1', '+∞'])

    ```
    """

    def __init__(self, game: Game[S, M], estimator: Estimator[S, M, G]) -> None:
        super().__init__(game)
        self.game = game
        """The game searched."""
        self.estimator = estimator
        """The estimator, which writes the values."""

    def step(self, step: M, /) -> str:
        return self.game.move_to_string(step)

    def value(self, value: Est[G], /) -> str:
        return value_to_short_string(self.estimator, value)

    def text(self, value: Est[G], /) -> str:
        return est_to_string(self.estimator, value)

    def window(self, window: Window[G], /) -> JSON:
        return [bound_to_short_string(self.estimator, b) for b in window]

    def end(self, end: Bound[G], /) -> str:
        return bound_to_string(end, self.text)

    def dot_label(self, node: TracedNode[S, M, Window[G], Est[G]], /) -> str:
        value = "" if node.value is None else self.text(node.value)
        return f"{self.label(node) if isinstance(node.status, Playing) else 'game over'}\n{value}"

    def unsearched(self, node: TracedNode[S, M, Window[G], Est[G]], state: S, /) -> Unsearched[S]:
        return below(self.game, state, node.pruned)

    def deeper(self, state: S, /) -> Unsearched[S]:
        return below(self.game, state)


def _number(x: Value) -> str:
    """`x` as the lines of JSON write it: exact, or an infinite end of a window."""
    if isinstance(x, float) and math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    return number_to_string(x)


def _said(x: Value) -> str:
    """`x` as the text and the picture write it: a long fraction as a decimal."""
    if isinstance(x, float) and math.isinf(x):
        return _number(x)
    return value_to_string(x, decimal=False)


class ChanceWords(_WindowWords[S, Step[M], Value, Value]):
    """How a chance search reads: numbers (exact in the lines of JSON, a long fraction as a
    decimal in the text and the picture), windows (α, β), a chance outcome by its label
    (in the text, with its probability), a chance position's side `Chance` (see the
    module's example)."""

    last_cut = True

    def __init__(self, game: ChanceGame[S, M]) -> None:
        super().__init__(game)
        self.game = game
        """The game searched."""

    def step(self, step: Step[M], /) -> str:
        return self.game.move_to_string(step.move) if isinstance(step, Moved) else step.label

    def value(self, value: Value, /) -> str:
        return _number(value)

    def text(self, value: Value, /) -> str:
        return _said(value)

    end = text

    def window(self, window: ChanceWindow, /) -> JSON:
        return [_number(end) for end in window]

    def name(self, step: Step[M], /) -> str:
        return self.game.move_to_string(step.move) if isinstance(step, Moved) else str(step)

    def noun(self, step: Step[M], /) -> str:
        return "move" if isinstance(step, Moved) else "outcome"

    def label(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        if isinstance(node.status, Playing):
            return super().label(node)
        return f"the end of the game ({end_to_string(node.status)})"

    def where(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        step = node.step
        if step is None:
            return ""
        return f" after {'move ' if isinstance(step, Moved) else ''}{self.name(step)}"

    def verb(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        return "Averaging" if node.side is Nature.Chance else "Evaluating"

    def leaf(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        assert node.value is not None  # every node of a finished trace has a value
        if not isinstance(node.status, Playing):  # how it ended, then its value
            ended = end_to_string(node.status)
            return f"Game over{self.where(node)}: {ended} ({_said(node.value)})"
        return f"Estimating {self.label(node)}{self.where(node)}: {_said(node.value)}"

    def valued(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        assert node.value is not None  # every node of a finished trace has a value
        value = _said(node.value)
        if node.bound is None or node.bound is BoundKind.EXACT:
            return value
        return f"{node.bound.value} {value}"

    def dot_label(self, node: TracedNode[S, Step[M], ChanceWindow, Value], /) -> str:
        status = node.status
        where = (
            self.game.state_to_string(status.state)
            if isinstance(status, Playing)
            else end_to_string(status)
        )
        shown = "" if node.value is None else _said(node.value)
        if node.bound is BoundKind.LOWER:
            shown = f"≥ {shown}"
        elif node.bound is BoundKind.UPPER:
            shown = f"≤ {shown}"
        return f"{where}\n{shown}"

    def edge(self, step: Step[M], /) -> str:
        match step:
            case Moved(move):
                return self.game.move_to_string(move)
            case Rolled(_, label, probability):
                p = number_to_string(probability)
                return p if label.isdigit() else f"{label}\n{p}"
            case _:
                assert_never(step)

    def unsearched(
        self, node: TracedNode[S, Step[M], ChanceWindow, Value], state: S, /
    ) -> Unsearched[S]:
        game = self.game
        steps = node.pruned
        if node.probe is not None and not node.resumed:
            steps = tuple(Moved(m) for m in seq.to_tuple(seq.drop(game.moves(state), 1)))
        outcomes = game.outcomes(state) if game.player(state) is Nature.Chance else ()
        return [
            (
                self.edge(step),
                game.play(state, step.move)
                if isinstance(step, Moved)
                else outcomes[step.index].status,
            )
            for step in steps
        ]


class NWords(Words[S, M, NWindow, Vector]):
    """How an n-player search reads: vectors, the players by name, shallow pruning's bound
    (`total` its most a vector adds up to; None without pruning) and its cuts."""

    def __init__(self, game: NPlayerGame[S, M], total: Number | None = None) -> None:
        super().__init__(game)
        self.game = game
        """The game searched."""
        self.total = total
        """Shallow pruning's total, for explaining its cuts (None without pruning)."""

    def step(self, step: M, /) -> str:
        return self.game.move_to_string(step)

    def value(self, value: Vector, /) -> str:
        return vector_to_string(value)

    text = value

    def window(self, window: NWindow, /) -> JSON:
        return {"player": self.game.names[window[0]], "has": number_to_string(window[1])}

    def side(self, mover: Mover, /) -> str:
        return self.game.names[mover] if isinstance(mover, int) else str(mover)

    def window_text(self, window: NWindow | None, /) -> str:
        if window is None:
            return ""
        return f"; {self.game.names[window[0]]} already has {number_to_string(window[1])}"

    def cuts(self, node: TracedNode[S, M, NWindow, Vector], /) -> Iterator[str]:
        if not node.pruned:
            return
        names, seat, cut = self.game.names, _found(_seat(node)), _found(node.cut_value)
        mover, gained = names[seat], number_to_string(cut[seat])
        parent, has = names[_found(node.window)[0]], number_to_string(_found(node.window)[1])
        total = "the total" if self.total is None else number_to_string(self.total)
        left = "" if self.total is None else f" = {number_to_string(self.total - cut[seat])}"
        yield (
            f"cut off at {self.label(node)}: move {self.step(_found(node.cut_by))} gives "
            f"{mover} {gained}, so {parent} gets at most {total} - "
            f"{gained}{left}, no more than the {has} it has"
        )
        yield f"{self.steps_text('move', node.pruned)} not searched"

    def valued(self, node: TracedNode[S, M, NWindow, Vector], /) -> str:
        value, seat = vector_to_string(_found(node.value)), _seat(node)
        if node.bound is BoundKind.LOWER and seat is not None:
            value += f" or better for {self.game.names[seat]}"
        return value

    def title(self, player: str, /) -> str:
        shown = enumerate(self.game.names[: len(PLAYER_SHAPES)])
        return f"{player}; " + ", ".join(f"{name} {mover_shape(i)}" for i, name in shown)

    def dot_label(self, node: TracedNode[S, M, NWindow, Vector], /) -> str:
        names, seat = self.game.names, _seat(node)
        text = "game over"
        if isinstance(node.status, Playing):
            text = f"{self.label(node)}\n{names[_found(seat)]} to move"
        if node.value is not None:
            text += "\n" + vector_to_string(node.value)
            if node.bound is BoundKind.LOWER and seat is not None:
                text += f" (cut: ≥ {number_to_string(node.value[seat])} for {names[seat]})"
        return text

    def unsearched(self, node: TracedNode[S, M, NWindow, Vector], state: S, /) -> Unsearched[S]:
        return below(self.game, state, node.pruned)

    def deeper(self, state: S, /) -> Unsearched[S]:
        return below(self.game, state)


def _seat(node: TracedNode[S, M, W, V]) -> int | None:
    """The seat to move at a node of an n-player search (None: the game is over)."""
    return node.side if isinstance(node.side, int) else None
