"""How a search of one family reads, for every writer of its trace.

The tree of a traced search ([`TracedNode`][gamelib.trace.tree.TracedNode]), its text
([`gamelib.trace.text`][gamelib.trace.text]), its picture ([`gamelib.trace.dot`][gamelib.trace.dot])
and its lines of JSON ([`gamelib.trace.lines`][gamelib.trace.lines]) are written once for
every family; a family's [`Words`][gamelib.trace.words.Words] say only how its steps, values
and windows read and what its text says at a leaf and after a searched position: the
two-player ones are [`TwoWords`][gamelib.trace.steps.TwoWords], the chance and n-player ones
[`ChanceWords`][gamelib.trace.drawing.ChanceWords] and [`NWords`][gamelib.trace.drawing.NWords].

```pycon
>>> from gamelib.games.explicit import ExplicitGame, parse_tree
>>> game = ExplicitGame(parse_tree("a[b1,c[d2,e3]]"))
>>> [(text, str(status)) for text, status in below(game, game.start)]
[('0', 'Playing: (Minnie,b)'), ('1', 'Playing: (Minnie,c)')]

```
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from gamelib import seq
from gamelib.core.datatypes import Playing
from gamelib.core.jsondata import JSON
from gamelib.search.events import Mover, Reached
from gamelib.seq import Seq

if TYPE_CHECKING:  # the tree's nodes are what the words describe; the tree reads the words
    from gamelib.trace.tree import TracedNode

__all__ = ["GameBelow", "Shows", "Unsearched", "Words", "below"]

S = TypeVar("S")
M = TypeVar("M")
W = TypeVar("W")
V = TypeVar("V")
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
    asks these; a family says what its steps, values and windows are as text, what its
    text says at a leaf and after a searched position's children, and how a node is
    labelled in a picture.
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
    def window(self, window: W, /) -> JSON:
        """What a position was searched with, as the lines of JSON write it."""

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

    @abstractmethod
    def window_text(self, window: W | None, /) -> str:
        """What a position was searched with, as the text says it after its label."""

    @abstractmethod
    def leaf(self, node: TracedNode[S, M, W, V], /) -> str:
        """The text's line for a node the search did not search below."""

    @abstractmethod
    def closing(self, node: TracedNode[S, M, W, V], /) -> Iterator[str]:
        """The text's lines after a searched node's children: where it cut, its value."""

    def title(self, player: str, /) -> str:
        """The picture's title, for a search by `player`."""
        return player

    @abstractmethod
    def dot_label(self, node: TracedNode[S, M, W, V], /) -> str:
        """A node's label in the picture (its leaf number is added after it)."""

    def edge(self, step: M, /) -> str:
        """A step's label in the picture."""
        return self.step(step)

    @abstractmethod
    def unsearched(self, node: TracedNode[S, M, W, V], state: S, /) -> Unsearched[S]:
        """The steps the search never took from a searched node in `state`."""

    def deeper(self, state: S, /) -> Unsearched[S] | None:
        """Every step from `state`, for the grey positions below a step never taken (None:
        the picture draws only the step's own position)."""
        return None

    def steps_text(self, noun: str, steps: Sequence[M], name: Callable[[M], str]) -> str:
        """`moves 1, 2`: `noun`, plural for more than one, and each step by `name`."""
        return f"{noun if len(steps) == 1 else noun + 's'} {', '.join(name(s) for s in steps)}"
