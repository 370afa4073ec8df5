"""OpenSpiel's games as gamelib's games: each on the face of its family.

[`load`][gamelib.openspiel.game.load] reads a game in OpenSpiel's own syntax
(`hex(board_size=3)`, `clobber(rows=4,columns=4)`) and gives it the face the lectures write
for its family, so that every search, solver, match and command of gamelib plays it:

- a two-player zero-sum game that ends in a win, a draw or a loss is a
  [`Game`][gamelib.core.game.Game] ([`SpielTwoPlayer`][gamelib.openspiel.game.SpielTwoPlayer]):
  Maxie is OpenSpiel's player 0;
- such a game with explicit chance nodes is a
  [`ChanceGame`][gamelib.chance.game.ChanceGame]
  ([`SpielChance`][gamelib.openspiel.game.SpielChance]): each chance node lists its
  outcomes with OpenSpiel's probabilities;
- a game of more than two players, or one whose results are not just a win, a draw or a
  loss (general-sum, or scored by a margin), is an
  [`NPlayerGame`][gamelib.nplayer.game.NPlayerGame]
  ([`SpielNPlayer`][gamelib.openspiel.game.SpielNPlayer]) whose utilities are OpenSpiel's
  returns.

A position ([`Position`][gamelib.openspiel.game.Position]) holds OpenSpiel's own
`pyspiel.State`, which gamelib never changes: a move makes a child (`state.child(action)`).
A move is an [`Action`][gamelib.openspiel.game.Action]:
OpenSpiel's action number, which remembers the state it was listed in so that it is
written as OpenSpiel writes it there (`action_to_string`: `a3`, `x(1,1)`, `d3c2*`).  A move
is read in that writing or as its number.  Tables key a position by its board and the
player to move where that is all there is to it (tic-tac-toe, Hex, Connect Four, ...), and
by its history of actions otherwise, which is exact for every game.

```pycon
>>> hex3 = load("hex(board_size=3)")
>>> type(hex3).__name__, hex3.player(hex3.start)
('SpielTwoPlayer', <Side.Maxie>)
>>> first = hex3.parse_move(hex3.start, "b2")
>>> int(first), hex3.move_to_string(first)
(4, 'b2')
>>> "".join(hex3.state_to_string(hex3.play(hex3.start, first).state).split())  # the centre
'....x....'

```
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeAlias, final

from gamelib import seq
from gamelib.chance.game import Branch, Nature
from gamelib.core.checks import quoted
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner
from gamelib.errors import InputError, StoppedError
from gamelib.nplayer.game import Finished, NStatus, letter_names
from gamelib.openspiel.spiel import (
    CHANCE,
    SpielGame,
    SpielState,
    load_spiel_game,
    pyspiel,
)
from gamelib.seq import Seq

__all__ = [
    "BOARD_KEYED",
    "Action",
    "Keyer",
    "Position",
    "SpielChance",
    "SpielGameError",
    "SpielLoaded",
    "SpielNPlayer",
    "SpielResultError",
    "SpielTwoPlayer",
    "actions",
    "adapt",
    "load",
    "load_two_player",
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


class SpielGameError(InputError, ValueError):
    """An OpenSpiel game gamelib cannot play, or a name or parameter OpenSpiel refused."""


class SpielResultError(StoppedError, ValueError):
    """An OpenSpiel game ended with returns its face cannot say (a two-player game that
    promised a win, a draw or a loss, and gave something else)."""


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
    [`Action`][gamelib.openspiel.game.Action] that knows `state`."""
    found = []
    for a in state.legal_actions():
        action = _new_int(Action, a)
        action.at = state
        found.append(action)
    return tuple(found)


def _board_key(state: SpielState) -> Hashable:
    return (state.current_player(), str(state))


def _history_key(state: SpielState) -> Hashable:
    return tuple(state.history())


Keyer: TypeAlias = Callable[[SpielState], Hashable]
"""How a game keys an OpenSpiel state: by its board and mover, or by its history."""


@final
class Position:
    """A position of an OpenSpiel game as gamelib holds it: OpenSpiel's state (never
    changed), equal to and hashed as another position with the same key, so that every
    table of every search (the solvers', the proof searches') meets a position reached
    along another line.  The key is made the first time it is asked for."""

    __slots__ = ("_key", "_keyer", "state")

    def __init__(self, state: SpielState, keyer: Keyer) -> None:
        self.state = state
        """OpenSpiel's state (`pyspiel.State`): gamelib reads it, and never changes it."""
        self._keyer = keyer
        self._key: Hashable = None

    @property
    def key(self) -> Hashable:
        """The position's key: its picture and mover in the games of
        [`BOARD_KEYED`][gamelib.openspiel.game.BOARD_KEYED], else its history."""
        key = self._key
        if key is None:
            key = self._key = self._keyer(self.state)
        return key

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key == other.key

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        return f"Position({self.state.history()})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Position, (self.state, self._keyer))


class _Spiel:
    """What the three faces share: the OpenSpiel game, how positions and moves are
    written and read, and how a table keys a position."""

    __slots__ = ("_keyer", "spec", "spiel")

    def __init__(self, spiel: SpielGame, spec: str) -> None:
        self.spiel = spiel
        """The OpenSpiel game (`pyspiel.Game`)."""
        self.spec = spec
        """The game as it was named (`hex(board_size=3)`)."""
        board = spiel.get_type().short_name in BOARD_KEYED
        self._keyer: Keyer = _board_key if board else _history_key

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec!r})"

    @property
    def start(self) -> Position:
        """OpenSpiel's initial state."""
        return Position(self.spiel.new_initial_state(), self._keyer)

    def position(self, state: SpielState, /) -> Position:
        """OpenSpiel's `state` as a position of this game (a copy: OpenSpiel's code may
        go on to change its own)."""
        return Position(state.clone(), self._keyer)

    def after(self, *moves: str, start: Position | None = None) -> Position:
        """The position after `moves`, each written as OpenSpiel writes it or as its
        number, from `start` (default the start); `SpielGameError` naming the first that
        is not legal where it is played.

        ```pycon
        >>> hex3 = load_two_player("hex(board_size=3)")
        >>> hex3.after("b2", "b1", "c1").state.history()
        [4, 1, 2]

        ```
        """
        here = self.start if start is None else start
        for text in moves:
            move = self.parse_move(here, text)
            if move is None:
                raise SpielGameError(f"{quoted(text)} is not a legal move in {quoted(str(here))}")
            here = Position(here.state.child(move), self._keyer)
        return here

    def key(self, position: Position, /) -> Hashable:
        """The key of `position` in a table (see [`Position`][gamelib.openspiel.game.Position])."""
        return position.key

    def state_to_string(self, position: Position, /) -> str:
        """OpenSpiel's picture of the state (`str(state)`)."""
        return str(position.state)

    def move_to_string(self, move: Action, /) -> str:
        """The action as OpenSpiel writes it in the state it was listed in."""
        return str(move)

    def parse_move(self, position: Position, text: str, /) -> Action | None:
        """The legal action `text` names in `position`: as OpenSpiel writes it (any case),
        or its number."""
        wanted = text.strip()
        legal = actions(position.state)
        for move in legal:
            if str(move) == wanted:
                return move
        lowered = wanted.lower()
        for move in legal:
            if str(move).lower() == lowered:
                return move
        if wanted.lstrip("-").isdigit():
            number = int(wanted)
            return next((move for move in legal if move == number), None)
        return None

    def final_position(self, position: Position, move: Action, /) -> str:
        """The picture after `move`, which ended the game."""
        return str(position.state.child(move))


_MAXIE, _MINNIE = Side.Maxie, Side.Minnie
_MAXIE_WINS, _MINNIE_WINS, _DRAW = Winner(_MAXIE), Winner(_MINNIE), Draw()


def _outcome(spec: str, ended: SpielState) -> Outcome:
    first = ended.returns()[0]
    if first == 1:
        return _MAXIE_WINS
    if first == -1:
        return _MINNIE_WINS
    if first == 0:
        return _DRAW
    raise SpielResultError(
        f"OpenSpiel's {spec} ended with player 0's return {first}: a two-player game "
        "here ends in a win (1), a draw (0) or a loss (-1)"
    )


@final
class SpielTwoPlayer(_Spiel):
    """A two-player zero-sum OpenSpiel game as a [`Game`][gamelib.core.game.Game]: Maxie is
    OpenSpiel's player 0, Minnie its player 1."""

    __slots__ = ()

    def player(self, position: Position, /) -> Side:
        """Maxie when OpenSpiel's player 0 is to move, else Minnie."""
        return _MAXIE if position.state.current_player() == 0 else _MINNIE

    def moves(self, position: Position, /) -> Seq[Action]:
        """OpenSpiel's legal actions, in its order."""
        return seq.from_iterable(actions(position.state))

    def play(self, position: Position, move: Action, /) -> Status[Position]:
        """The child of `position` after `move`; at a terminal, who won."""
        child = position.state.child(move)
        if child.is_terminal():
            return Done(_outcome(self.spec, child))
        return Playing(Position(child, self._keyer))


@final
class SpielChance(_Spiel):
    """A two-player zero-sum OpenSpiel game with chance nodes as a
    [`ChanceGame`][gamelib.chance.game.ChanceGame]: at a chance node, OpenSpiel's outcomes
    with its probabilities, each labelled as OpenSpiel writes it (`roll 3`)."""

    __slots__ = ()

    def player(self, position: Position, /) -> Side | Nature:
        """`Nature.Chance` at a chance node, else the side of OpenSpiel's player."""
        p = position.state.current_player()
        return _MAXIE if p == 0 else _MINNIE if p == 1 else Nature.Chance

    def moves(self, position: Position, /) -> Seq[Action]:
        """OpenSpiel's legal actions at a decision node, in its order."""
        return seq.from_iterable(actions(position.state))

    def play(self, position: Position, move: Action, /) -> Status[Position]:
        """The child after `move` (or after a chance outcome); at a terminal, who won."""
        child = position.state.child(move)
        if child.is_terminal():
            return Done(_outcome(self.spec, child))
        return Playing(Position(child, self._keyer))

    def outcomes(self, position: Position, /) -> Sequence[Branch[Position]]:
        """What can happen at a chance node, in OpenSpiel's order, with its probabilities."""
        state = position.state
        found: list[Branch[Position]] = []
        for a, p in state.chance_outcomes():
            child = state.child(a)
            status: Status[Position] = (
                Done(_outcome(self.spec, child))
                if child.is_terminal()
                else Playing(Position(child, self._keyer))
            )
            found.append(Branch(p, status, state.action_to_string(CHANCE, a)))
        return found


@final
class SpielNPlayer(_Spiel):
    """An OpenSpiel game of more than two players, or of results other than a win, a draw
    or a loss, as an [`NPlayerGame`][gamelib.nplayer.game.NPlayerGame]: player `i` is
    OpenSpiel's player `i` (named `A`, `B`, ...), and a finished game's utilities are
    OpenSpiel's returns."""

    __slots__ = ("names",)

    def __init__(self, spiel: SpielGame, spec: str) -> None:
        super().__init__(spiel, spec)
        self.names: tuple[str, ...] = letter_names(spiel.num_players())
        """The players' names: `A`, `B`, ... for OpenSpiel's players 0, 1, ..."""

    def player(self, position: Position, /) -> int:
        """OpenSpiel's player to move."""
        return position.state.current_player()

    def moves(self, position: Position, /) -> Seq[Action]:
        """OpenSpiel's legal actions, in its order."""
        return seq.from_iterable(actions(position.state))

    def play(self, position: Position, move: Action, /) -> NStatus[Position]:
        """The child after `move`; at a terminal, OpenSpiel's returns."""
        child = position.state.child(move)
        if child.is_terminal():
            return Finished(tuple(child.returns()))
        return Playing(Position(child, self._keyer))


SpielLoaded: TypeAlias = SpielTwoPlayer | SpielChance | SpielNPlayer
"""An OpenSpiel game on the face of its family."""


def _refusal(spec: str, spiel: SpielGame) -> str | None:
    """Why gamelib cannot play `spiel`, in one sentence; None when it can."""
    module = pyspiel()
    kind = spiel.get_type()
    types = module.GameType
    named = f"OpenSpiel's {spec}"
    if kind.dynamics == types.Dynamics.SIMULTANEOUS:
        return (
            f"{named} is a game of simultaneous moves: gamelib plays games of one mover at a time"
        )
    if kind.dynamics == types.Dynamics.MEAN_FIELD:
        return f"{named} is a mean-field game: gamelib plays games of one mover at a time"
    if kind.information != types.Information.PERFECT_INFORMATION:
        return (
            f"{named} is a game of imperfect information: gamelib's searches need every "
            "player to see the whole position"
        )
    if spiel.num_players() < 2:
        return f"{named} is a game of one player: gamelib plays games of two or more"
    if kind.chance_mode == types.ChanceMode.SAMPLED_STOCHASTIC:
        return (
            f"{named} samples its chance events without listing their probabilities: "
            "gamelib's searches of chance need them listed"
        )
    if kind.chance_mode == types.ChanceMode.EXPLICIT_STOCHASTIC and not _won_or_lost(spiel):
        return (
            f"{named} has chance and {spiel.num_players()} players or results other than a "
            "win, a draw or a loss: gamelib's games of chance are two-player games that "
            "end so"
        )
    return None


def _won_or_lost(spiel: SpielGame) -> bool:
    """Whether `spiel` is a two-player zero-sum game whose returns are 1, 0 and -1."""
    kind = spiel.get_type()
    return (
        spiel.num_players() == 2
        and kind.utility == pyspiel().GameType.Utility.ZERO_SUM
        and spiel.min_utility() == -1
        and spiel.max_utility() == 1
    )


def _said(error: Exception) -> str:
    """OpenSpiel's message, shortened to its first sentence (its list of every game
    left out)."""
    text = str(error).strip().removeprefix("OpenSpiel exception:").strip()
    first = text.splitlines()[0] if text else type(error).__name__
    return first.removesuffix(" Available games are:").rstrip(".")


def load(spec: str) -> SpielLoaded:
    """The OpenSpiel game `spec` names (`hex(board_size=3)`, `pig(winscore=10)`,
    `chinese_checkers(players=3)`) on the face of its family.

    Raises [`SpielGameError`][gamelib.openspiel.game.SpielGameError], one sentence, for a
    name or parameter OpenSpiel refuses (its own message, shortened) and for a game gamelib
    cannot play: imperfect information, simultaneous moves, mean-field, one player, chance
    without listed probabilities, chance with more than two players; and
    [`OpenSpielMissingError`][gamelib.openspiel.spiel.OpenSpielMissingError] when OpenSpiel
    is not installed.

    ```pycon
    >>> type(load("pig(winscore=10)")).__name__, type(load("chinese_checkers(players=3)")).__name__
    ('SpielChance', 'SpielNPlayer')
    >>> load("kuhn_poker")
    Traceback (most recent call last):
    ...
    gamelib.openspiel.game.SpielGameError: OpenSpiel's kuhn_poker is a game of imperfect \
information: gamelib's searches need every player to see the whole position
    >>> load("hex(size=3)")
    Traceback (most recent call last):
    ...
    gamelib.openspiel.game.SpielGameError: OpenSpiel refused 'hex(size=3)': Unknown parameter \
'size'. Available parameters are: board_size, num_cols, num_rows, plain_obs_tensor, \
string_rep, swap

    ```
    """
    text = spec.strip()
    module = pyspiel()
    try:
        spiel = load_spiel_game(text)
    except module.SpielError as error:
        raise SpielGameError(f"OpenSpiel refused {quoted(text)}: {_said(error)}") from None
    return adapt(spiel, text)


def load_two_player(spec: str) -> SpielTwoPlayer:
    """The two-player OpenSpiel game `spec` names, as a [`Game`][gamelib.core.game.Game]:
    as [`load`][gamelib.openspiel.game.load], and
    [`SpielGameError`][gamelib.openspiel.game.SpielGameError] for a game of another family.

    ```pycon
    >>> load_two_player("pig")
    Traceback (most recent call last):
    ...
    gamelib.openspiel.game.SpielGameError: OpenSpiel's pig is a game of chance, not a \
two-player game without chance

    ```
    """
    game = load(spec)
    if not isinstance(game, SpielTwoPlayer):
        family = "a game of chance" if isinstance(game, SpielChance) else "a game of n players"
        raise SpielGameError(
            f"OpenSpiel's {game.spec} is {family}, not a two-player game without chance"
        )
    return game


def adapt(spiel: SpielGame, spec: str | None = None) -> SpielLoaded:
    """The OpenSpiel game `spiel` (a `pyspiel.Game`) on the face of its family, as
    [`load`][gamelib.openspiel.game.load] gives it; `spec` names it in messages (default:
    OpenSpiel's own writing of it, `tic_tac_toe()`).  The same refusals as `load`."""
    text = str(spiel) if spec is None else spec
    refused = _refusal(text, spiel)
    if refused is not None:
        raise SpielGameError(refused)
    if _won_or_lost(spiel):
        if spiel.get_type().chance_mode == pyspiel().GameType.ChanceMode.EXPLICIT_STOCHASTIC:
            return SpielChance(spiel, text)
        return SpielTwoPlayer(spiel, text)
    return SpielNPlayer(spiel, text)
