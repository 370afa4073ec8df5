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

A position ([`Position`][gamelib.openspiel.position.Position]) holds OpenSpiel's own
`pyspiel.State`, which gamelib never changes: a move makes a child (`state.child(action)`).
A move is an [`Action`][gamelib.openspiel.position.Action]:
OpenSpiel's action number, which remembers the state it was listed in so that it is
written as OpenSpiel writes it there (`action_to_string`: `a3`, `x(1,1)`, `d3c2*`).  A move
is read in that writing or as its number.  Tables key a position by its board and the
player to move where that is all there is to it (tic-tac-toe, Hex, Connect Four, ...), and
by its history of actions otherwise, which is exact for every game.

A search pays for the adapter at every position, so the adapter does the least it can
there: a position keeps the player to move, read once when it is made (OpenSpiel's
`current_player`, which also says whether the game is over); its key is made the first
time a table asks, and the game says that key is exact (`key_is_exact`), so that a table
keeping the very positions keys them by it without calling their `__hash__` and
`__eq__`; a finished game is one of three shared `Done`s; and in the games whose moves
OpenSpiel writes the same wherever the same player may make them
([`SHARED_TEXT`][gamelib.openspiel.position.SHARED_TEXT]) each player's actions are made
once per game and shared by every position that lists them.  Positions, keys and actions
are in [`gamelib.openspiel.position`][gamelib.openspiel.position].

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

from collections.abc import Callable, Sequence
from types import MemberDescriptorType
from typing import ClassVar, TypeAlias, cast, final

from gamelib import seq
from gamelib.chance.game import Branch, Nature
from gamelib.core.checks import quoted
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Status, Winner
from gamelib.errors import InputError, StoppedError
from gamelib.nplayer.game import Finished, NStatus, letter_names
from gamelib.openspiel.position import (
    SHARED_TEXT,
    TERMINAL,
    Action,
    Keyer,
    Position,
    actions,
    keyer_of,
    let_go,
    solving_rank,
)
from gamelib.openspiel.spiel import (
    CHANCE,
    SpielGame,
    SpielState,
    load_spiel_game,
    pyspiel,
)
from gamelib.seq import Seq

__all__ = [
    "SpielChance",
    "SpielGameError",
    "SpielLoaded",
    "SpielNPlayer",
    "SpielResultError",
    "SpielTwoPlayer",
    "adapt",
    "load",
    "load_two_player",
]


class SpielGameError(InputError, ValueError):
    """An OpenSpiel game gamelib cannot play, or a name or parameter OpenSpiel refused."""


class SpielResultError(StoppedError, ValueError):
    """An OpenSpiel game ended with returns its face cannot say (a two-player game that
    promised a win, a draw or a loss, and gave something else)."""


_Listing: TypeAlias = tuple[tuple[Action, ...], Seq[Action], tuple[Action, ...]]
"""The actions listed at a position: as a tuple, as a sequence, in the order for solving."""


def _ranked(listed: tuple[Action, ...], rank: Callable[[int], int]) -> tuple[Action, ...]:
    """`listed` by `rank`, lowest first (ties in OpenSpiel's order)."""
    return tuple(sorted(listed, key=rank))


_new_object = object.__new__
_set_playing = cast(MemberDescriptorType, Playing.__dict__["state"]).__set__
_LISTS = 1 << 16  # the listings a game keeps for each player, at most


def _child(position: Position, move: int) -> SpielState:
    """The state after `move` (OpenSpiel's `child`: a clone with the action applied, made
    in one call)."""
    return position.state.child(move)


class _Spiel:
    """What the three faces share: the OpenSpiel game, how positions and moves are
    written and read, and how a table keys a position."""

    __slots__ = ("_keyer", "_lists", "_rank", "_shared", "spec", "spiel")

    key_is_exact: ClassVar[bool] = True
    """Two positions have equal keys exactly when they are equal (a position's equality
    is its key's): tables that keep the very positions may key them by `key`
    ([`exact_key`][gamelib.search.capabilities.exact_key])."""

    def __init__(self, spiel: SpielGame, spec: str) -> None:
        self.spiel = spiel
        """The OpenSpiel game (`pyspiel.Game`)."""
        self.spec = spec
        """The game as it was named (`hex(board_size=3)`)."""
        name = spiel.get_type().short_name
        self._keyer: Keyer = keyer_of(name)
        # Each player's actions by number, made the first time they are listed.
        self._shared: tuple[dict[int, Action], ...] | None = (
            tuple({} for _ in range(spiel.num_players())) if name in SHARED_TEXT else None
        )
        # Each player's listings by the legal actions' numbers (see `_listing`).
        self._lists: tuple[dict[tuple[int, ...], _Listing], ...]
        self._lists = tuple({} for _ in range(spiel.num_players()))
        # How the solvers rank the actions, where an order for solving is known.
        self._rank = solving_rank(spiel)

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
            here = Position(_child(here, move), self._keyer)
        return here

    @property
    def key(self) -> Keyer:
        """How a table keys a position (see [`Position`][gamelib.openspiel.position.Position]):
        `game.key(position)`.  A function of the position alone, so that a search calls it
        straight.

        ```pycon
        >>> ttt = load_two_player("tic_tac_toe")
        >>> ttt.key(ttt.after("0", "4", "8")) == ttt.key(ttt.after("8", "4", "0"))
        True

        ```
        """
        return self._keyer

    def listed(self, position: Position, /) -> tuple[Action, ...]:
        """The legal actions at `position` (a decision node), in OpenSpiel's order: in the
        games of [`SHARED_TEXT`][gamelib.openspiel.position.SHARED_TEXT] the game's own
        actions of the player to move, else made for this position (see
        [`actions`][gamelib.openspiel.position.actions])."""
        if self._shared is None:
            return actions(position.state)
        found = self._lists[position.mover].get(tuple(position.state.legal_actions()))
        return (found or self._listing(position))[0]

    def _listing(self, position: Position) -> _Listing:
        """The shared actions listed at `position`, as a tuple, as a sequence, and as a
        tuple in the order for solving: made once for each player and set of legal
        actions (up to `_LISTS` of them), then looked up in `_lists` by the actions'
        numbers."""
        assert self._shared is not None  # only the games that share their actions
        legal = tuple(position.state.legal_actions())
        known = self._shared[position.mover]
        if not known.keys() >= set(legal):  # an action seen for the first time
            for action in actions(position.state):
                known.setdefault(int(action), action)
        listed = tuple(map(known.__getitem__, legal))
        rank = self._rank
        found = listed, seq.from_iterable(listed), listed if rank is None else _ranked(listed, rank)
        lists = self._lists[position.mover]
        if len(lists) < _LISTS:
            lists[legal] = found
        return found

    def moves(self, position: Position, /) -> Seq[Action]:
        """OpenSpiel's legal actions at a decision node, in its order."""
        if self._shared is None:
            return seq.from_iterable(actions(position.state))
        found = self._lists[position.mover].get(tuple(position.state.legal_actions()))
        return (found or self._listing(position))[1]

    def solver_moves(self, position: Position, /) -> tuple[Action, ...]:
        """The moves gamelib's solvers try (the exact solver, and the boolean solver as
        `gamelib solve --method boolean` runs it): OpenSpiel's legal actions, in the
        game's order for solving where one is known
        ([`solving_rank`][gamelib.openspiel.position.solving_rank]: Clobber's), else in
        OpenSpiel's order.

        ```pycon
        >>> clobber = load_two_player("clobber(rows=3,columns=4)")
        >>> [str(a) for a in clobber.listed(clobber.start)][:3]
        ['a3b3', 'a3a2', 'c3d3']
        >>> [str(a) for a in clobber.solver_moves(clobber.start)][:3]  # the middle first
        ['b2b3', 'b2c2', 'b2b1']

        ```
        """
        if self._shared is None:
            listed = actions(position.state)
            return listed if self._rank is None else _ranked(listed, self._rank)
        found = self._lists[position.mover].get(tuple(position.state.legal_actions()))
        return (found or self._listing(position))[2]

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
        legal = self.listed(position)
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
        return str(_child(position, move))


_MAXIE, _MINNIE = Side.Maxie, Side.Minnie
_MAXIE_WINS, _MINNIE_WINS, _DRAW = Winner(_MAXIE), Winner(_MINNIE), Draw()
_SIDES = (_MAXIE, _MINNIE)
# A finished game by player 0's return: one `Done` each, shared by every end.
_ENDS: dict[float, Done] = {1.0: Done(_MAXIE_WINS), -1.0: Done(_MINNIE_WINS), 0.0: Done(_DRAW)}


def _ended(spec: str, ended: SpielState) -> Done:
    """How `ended` ended, as one of the three shared `Done`s (a solver meets thousands of
    ends)."""
    found = _ENDS.get(ended.returns()[0])
    if found is None:
        return Done(_outcome(spec, ended))  # not a win, a draw or a loss: says so
    return found


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
        return _SIDES[position.mover]

    def play(self, position: Position, move: Action, /) -> Status[Position]:
        """The child of `position` after `move`; at a terminal, who won."""
        child = position.state.child(move)
        mover = child.current_player()
        if mover == TERMINAL:
            return _ended(self.spec, child)
        # `Playing(Position(child, self._keyer, mover))`, without the two Python __init__
        # calls: a solver makes one of these for every position it plays.
        made: Position = _new_object(Position)
        made.state = child
        made.mover = mover
        made._keyer = self._keyer
        made._key = made._hash = None
        going: Playing[Position] = _new_object(Playing)
        _set_playing(going, made)
        return going

    def release_position(self, position: Position, /) -> None:
        """Told by a solver that it is done searching `position` (it keeps the position in
        its table and proof, and plays from it no more): OpenSpiel's state there is let
        go, the position keeping its history of actions to make it again if it is read
        ([`Position.let_go`][gamelib.openspiel.position.Position.let_go]).  A boolean solve
        of 3 x 4 Clobber then keeps the states of the line it is on, not of every position
        it searched, and takes about a tenth less time among other work.  In a game whose
        moves are not shared between positions (chess, Amazons: each move keeps the state
        it was listed at), the moves the proof keeps hold those states, and letting go
        frees little."""
        let_go(position, self.spiel)


@final
class SpielChance(_Spiel):
    """A two-player zero-sum OpenSpiel game with chance nodes as a
    [`ChanceGame`][gamelib.chance.game.ChanceGame]: at a chance node, OpenSpiel's outcomes
    with its probabilities, each labelled as OpenSpiel writes it (`roll 3`)."""

    __slots__ = ()

    def player(self, position: Position, /) -> Side | Nature:
        """`Nature.Chance` at a chance node, else the side of OpenSpiel's player."""
        p = position.mover
        return _MAXIE if p == 0 else _MINNIE if p == 1 else Nature.Chance

    def play(self, position: Position, move: Action, /) -> Status[Position]:
        """The child after `move` (or after a chance outcome); at a terminal, who won."""
        child = _child(position, move)
        mover = child.current_player()
        if mover == TERMINAL:
            return Done(_outcome(self.spec, child))
        return Playing(Position(child, self._keyer, mover))

    def outcomes(self, position: Position, /) -> Sequence[Branch[Position]]:
        """What can happen at a chance node, in OpenSpiel's order, with its probabilities."""
        state = position.state
        found: list[Branch[Position]] = []
        for a, p in state.chance_outcomes():
            child = _child(position, a)
            mover = child.current_player()
            status: Status[Position] = (
                Done(_outcome(self.spec, child))
                if mover == TERMINAL
                else Playing(Position(child, self._keyer, mover))
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
        return position.mover

    def play(self, position: Position, move: Action, /) -> NStatus[Position]:
        """The child after `move`; at a terminal, OpenSpiel's returns."""
        child = _child(position, move)
        mover = child.current_player()
        if mover == TERMINAL:
            return Finished(tuple(child.returns()))
        return Playing(Position(child, self._keyer, mover))


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
