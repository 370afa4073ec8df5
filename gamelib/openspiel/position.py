"""A position of an OpenSpiel game as gamelib holds it, its key, and OpenSpiel's actions.

A [`Position`][gamelib.openspiel.position.Position] holds OpenSpiel's `pyspiel.State`, which
gamelib never changes, and the player to move there; it is equal to, and hashed as, any
position with the same key: its picture and mover in the games of
[`BOARD_KEYED`][gamelib.openspiel.position.BOARD_KEYED], its history of actions in every
other game (exact for every game).  The key is made the first time a table asks for it.
An [`Action`][gamelib.openspiel.position.Action] is OpenSpiel's action number, which
remembers the state it was listed in so that it is written as OpenSpiel writes it there.
The games ([`gamelib.openspiel.game`][gamelib.openspiel.game]) make both.

```pycon
>>> from gamelib.openspiel.spiel import load_spiel_game
>>> start = load_spiel_game("tic_tac_toe").new_initial_state()
>>> here = Position(start.child(4), keyer_of("tic_tac_toe"))
>>> here.mover, [str(a) for a in actions(here.state)][:2]
(1, ['o(0,0)', 'o(0,1)'])
>>> here == Position(start.child(4), keyer_of("tic_tac_toe"))
True

```
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeAlias, final

from gamelib.openspiel.spiel import SpielGame, SpielState

__all__ = [
    "BOARD_KEYED",
    "SHARED_TEXT",
    "TERMINAL",
    "Action",
    "Keyer",
    "Position",
    "actions",
    "keyer_of",
    "let_go",
    "solving_rank",
    "state_held",
]

BOARD_KEYED = frozenset(
    {
        "breakthrough",
        "clobber",
        "connect_four",
        "dots_and_boxes",
        "hex",
        "mnk",
        "nim",
        "othello",
        "tic_tac_toe",
    }
)
"""The games whose picture (`str(state)`) and player to move say all there is to a
position: tables key their positions so, and positions reached by different orders of the
same moves are one entry.  Every other game is keyed by its history of actions."""

SHARED_TEXT = BOARD_KEYED | {"go", "havannah", "pentago", "y"}
"""The games in which OpenSpiel writes an action the same in every position where the same
player may make it (`a3`, `x(1,1)`, `b4c4`): their moves are made once per game and player
and shared, where the moves of every other game (chess's `Nxe5`, Amazons', Chinese
checkers') are made afresh for each position and remember it."""


def solving_rank(spiel: SpielGame) -> Callable[[int], int] | None:
    """How gamelib's solvers rank the actions of `spiel` (lowest first), in the games
    whose order for solving is known; None for every other game, whose solvers try
    OpenSpiel's order.

    Clobber's: the moves of the stones nearest the middle of the board first (an action
    is a square and one of four directions, `4 * square + direction`, the squares
    numbered row by row from the top).  On nine boards from 3 x 3 to 4 x 5 the boolean
    solver played 11% to 66% fewer positions so (`docs/openspiel.md`).

    ```pycon
    >>> from gamelib.openspiel.spiel import load_spiel_game
    >>> rank = solving_rank(load_spiel_game("clobber(rows=3,columns=4)"))
    >>> [rank(4 * square) for square in range(8)]  # the top two rows: a3 to d3, a2 to d2
    [5, 3, 3, 5, 3, 1, 1, 3]
    >>> solving_rank(load_spiel_game("hex(board_size=3)")) is None
    True

    ```
    """
    if spiel.get_type().short_name != "clobber":
        return None
    shape = spiel.get_parameters()
    rows, columns = shape["rows"], shape["columns"]
    if not (isinstance(rows, int) and isinstance(columns, int)):
        return None

    def rank(action: int) -> int:
        row, column = divmod(action // 4, columns)
        return abs(2 * row - rows + 1) + abs(2 * column - columns + 1)

    return rank


TERMINAL = -4
"""OpenSpiel's `current_player` of a finished game (`pyspiel.PlayerId.TERMINAL`)."""


@final
class Action(int):
    """An OpenSpiel action: its number, and the state it was listed in (`at`), so that
    it is written as OpenSpiel writes it there.  Equal to, and hashed as, its number."""

    at: SpielState | None
    """The state whose legal action this is (None for an action made from a number)."""

    def __str__(self) -> str:
        at = self.at
        if at is None:
            return int.__repr__(self)
        return at.action_to_string(at.current_player(), self)

    def __repr__(self) -> str:
        return f"Action({int.__repr__(self)})"


_new_int = int.__new__


def actions(state: SpielState) -> tuple[Action, ...]:
    """The legal actions of `state` (a decision node), each an
    [`Action`][gamelib.openspiel.position.Action] that knows `state`."""
    found = []
    for a in state.legal_actions():
        action = _new_int(Action, a)
        action.at = state
        found.append(action)
    return tuple(found)


def _board_key(position: Position) -> Hashable:
    key = position._key
    if key is None:
        key = position._key = (position.mover, str(position.state))
    return key


def _history_key(position: Position) -> Hashable:
    key = position._key
    if key is None:
        key = position._key = tuple(position.state.history())
    return key


Keyer: TypeAlias = Callable[["Position"], Hashable]
"""How a game keys a position: by its board and mover, or by its history (made once, the
first time it is asked, and kept in the position)."""


def keyer_of(name: str) -> Keyer:
    """How the game of OpenSpiel's short name `name` keys its positions: by board and mover
    in the games of [`BOARD_KEYED`][gamelib.openspiel.position.BOARD_KEYED], else by
    history."""
    return _board_key if name in BOARD_KEYED else _history_key


@final
class Position:
    """A position of an OpenSpiel game as gamelib holds it: OpenSpiel's state (never
    changed) and the player to move there, equal to and hashed as another position with
    the same key, so that every table of every search (the solvers', the proof searches')
    meets a position reached along another line.  The key is made the first time it is
    asked for.

    Its OpenSpiel state may be let go (a solver done with the position says so, see
    [`release_position`][gamelib.openspiel.game.SpielTwoPlayer.release_position]): the position then
    keeps the state's history of actions, and the next read of `state` makes an equal
    state again by playing them from the start."""

    __slots__ = ("_hash", "_key", "_keyer", "_remade_from", "mover", "state")

    _remade_from: tuple[SpielGame, tuple[int, ...]]
    # Once the state is let go: its game and history, to make it again from.

    def __init__(self, state: SpielState, keyer: Keyer, mover: int | None = None) -> None:
        self.state = state
        """OpenSpiel's state (`pyspiel.State`): gamelib reads it, and never changes it."""
        self.mover: int = state.current_player() if mover is None else mover
        """OpenSpiel's player to move (`current_player`): 0, 1, ..., or `CHANCE` (-1)."""
        self._keyer = keyer
        self._key: Hashable = None
        self._hash: int | None = None

    def let_go(self) -> None:
        """Let go of OpenSpiel's state, keeping its history of actions: a solver's proof
        keeps every position it searched, and a state is most of what one weighs.  The
        next read of `state` makes an equal state again, from the start.

        ```pycon
        >>> from gamelib.openspiel.game import load_two_player
        >>> ttt = load_two_player("tic_tac_toe")
        >>> after = ttt.play(ttt.start, ttt.listed(ttt.start)[4]).state
        >>> after.let_go()
        >>> "".join(str(after.state).split())  # made again
        '....x....'

        ```
        """
        if type(self) is Position:  # not let go already
            let_go(self, self.state.get_game())

    @property
    def key(self) -> Hashable:
        """The position's key: its picture and mover in the games of
        [`BOARD_KEYED`][gamelib.openspiel.position.BOARD_KEYED], else its history."""
        return self._keyer(self)

    def __hash__(self) -> int:
        found = self._hash  # a table hashes a position more than once: kept
        if found is None:
            found = self._hash = hash(self._keyer(self))
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._keyer(self) == other._keyer(other)

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        return f"Position({self.state.history()})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Position, (self.state, self._keyer, self.mover))


class _LetGo(Position):  # type: ignore[misc]  # Position is final to its users, not here
    """A position whose OpenSpiel state was let go: the first read of `state` makes it
    again and makes the position a plain `Position` once more.  A class of its own, so
    that `Position` has no `__getattr__`, which would slow every read of every position
    (Python specializes a slot's read only for a class without one)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> SpielState:
        # Python asks only for an empty slot or a name a position does not have.
        if name != "state":
            raise AttributeError(f"'Position' object has no attribute {name!r}")
        spiel, history = self._remade_from
        state = spiel.new_initial_state()
        for action in history:
            state.apply_action(action)  # a state of our own, made here
        self.state = state
        _become(self, "__class__", Position)
        return state


_become = object.__setattr__


def let_go(position: Position, spiel: SpielGame) -> None:
    """Let go of `position`'s OpenSpiel state (a state of `spiel`), keeping its history
    to make it again when it is next read (see
    [`Position.let_go`][gamelib.openspiel.position.Position.let_go]); nothing for a
    position let go already.

    ```pycon
    >>> from gamelib.openspiel.spiel import load_spiel_game
    >>> hex3 = load_spiel_game("hex(board_size=3)")
    >>> here = Position(hex3.new_initial_state().child(4), keyer_of("hex"))
    >>> let_go(here, hex3)
    >>> state_held(here), here.state.history(), state_held(here)
    (False, [4], True)

    ```
    """
    if type(position) is Position:
        position._remade_from = (spiel, tuple(position.state.history()))
        position.__class__ = _LetGo  # first: a read of the state from now on remakes it
        del position.state


def state_held(position: Position) -> bool:
    """Whether `position` holds its OpenSpiel state (it was not let go, or was read
    since): see [`let_go`][gamelib.openspiel.position.let_go]."""
    return type(position) is Position
