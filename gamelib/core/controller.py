"""The CONTROLLER (SML `Referee`): plays one game between its players.

One loop plays the games of every family (two players, dice, n players).  What differs
between the families (who is to move, how a move is written, how the game ends) comes
from a [`Turns`][gamelib.core.controller.Turns] value:
[`TwoPlayers`][gamelib.core.controller.TwoPlayers] for the lectures' games, `ChanceTurns`
and `NPlayerTurns` beside the contracts of the other two families.
[`referee`][gamelib.core.controller.referee] is the lecture's controller: that loop on a
two-player game.

Unlike the SML referee it checks every move against `game.moves`, so a
faulty player stops the game with a clear error instead of corrupting it.

```pycon
>>> import io
>>> from gamelib.games.nim import Nim, NimPlayer
>>> game = Nim(pile=3)
>>> out = io.StringIO()
>>> record = referee(game, NimPlayer(game), NimPlayer(game), out=out, clock=lambda: 0.0)
>>> print(out.getvalue(), end="")
3 left, and it is Maxie's turn
Maxie decides to make the move 2 (0.00 s)
<BLANKLINE>
1 left, and it is Minnie's turn
Minnie decides to make the move 1 (0.00 s)
<BLANKLINE>
0 left
Game over! Maxie wins!
>>> record.moves
(2, 1)

```
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import (
    Generic,
    Protocol,
    TextIO,
    TypeAlias,
    TypeVar,
    assert_never,
    cast,
    final,
    runtime_checkable,
)

from gamelib import seq
from gamelib.core.checks import echo, quoted
from gamelib.core.contracts import ContractError, check_played, check_turn, underlying
from gamelib.core.datatypes import Done, Draw, Outcome, Playing, Side, Winner, outcome_to_string
from gamelib.core.game import Game, ShowsFinalPosition, no_moves
from gamelib.core.human import TakesBack, UndoRequest, board_order
from gamelib.core.model import (
    Ended,
    Model,
    Nature,
    ProbabilityError,
    Roll,
    check_rolls,
    number_to_string,
    sample,
)
from gamelib.errors import InputError, StoppedError

__all__ = [
    "Chooses",
    "Ended",
    "GameRecord",
    "GameTurns",
    "IllegalMoveError",
    "PlayerCountError",
    "PlaysMoves",
    "Seat",
    "Turns",
    "TwoPlayers",
    "check_player_game",
    "outcome_results",
    "play_out",
    "referee",
    "roll_line",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")
S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class IllegalMoveError(StoppedError):
    """A player chose a move that `game.moves` does not offer."""


class PlayerCountError(InputError, ValueError):
    """A number of players a game cannot have: fewer than two, or not one a seat."""


@final
@dataclass(frozen=True, slots=True)
class GameRecord(Generic[M, R]):
    """What a finished game leaves behind."""

    outcome: R
    """How the game ended: an `Outcome` (two players, dice), or n players' utilities."""
    moves: tuple[M, ...]
    """Every move made, in order (the moves taken back with `undo` are not among them)."""
    rolls: tuple[int, ...] = ()
    """What chance decided, in order: the index of the outcome drawn at each chance
    position (none in a game without dice)."""


@runtime_checkable
class Chooses(Protocol[S_contra, M_co]):
    """A player object: it has a `next_move` (every `Player`, the human players)."""

    def next_move(self, state: S_contra, /) -> M_co: ...


Seat: TypeAlias = Chooses[S, M] | Callable[[S], M]
"""Who plays a seat: a player object, or any function from a state to a move."""


class Turns(Model[S, M, R], Protocol[S, M, R]):
    """A game as the one controller plays it: [the model][gamelib.core.model.Model], and
    what the transcript says of it.

    The controller writes each state, asks the player of the seat to move (or, where
    [`mover`][gamelib.core.model.Model.mover] says chance decides, draws one of its
    [`rolls`][gamelib.core.model.Model.rolls] by its probability), checks the move against
    [`moves`][gamelib.core.model.Model.moves], writes it, and plays it, until
    [`play`][gamelib.core.model.Model.play] says the game has ended.  A move's line and a
    roll's are the controller's, the same in every family (`Maxie decides to make the move
    3 (0.01 s)`, `Chance: rolled 6 (1/6)`, each followed by a blank line); only the end is
    the family's.
    """

    def admit(self, seat: int, player: Seat[S, M], /) -> None:
        """Raise when `player` cannot play `seat` (built for another game, say)."""
        ...

    def ended(self, state: S, move: M | None, outcome: R, /) -> str:
        """The transcript's text at the end (`Game over! Maxie wins!`), after `move` from
        `state` (None: after chance's roll)."""
        ...


def play_out(
    turns: Turns[S, M, R],
    players: Sequence[Seat[S, M]],
    *,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.perf_counter,
    start: S | None = None,
    made: list[M] | None = None,
    rolled: list[int] | None = None,
    rng: random.Random | None = None,
) -> GameRecord[M, R]:
    """Play the game of `turns` from `start` (default its start) to the end, `players[i]`
    choosing the moves of seat `i`; `rng` (default a fresh `random.Random()`) draws
    chance's outcomes.

    Writes each state, each move with the time its player took, each roll, and the end
    to `out` (default standard output).  A player that may take moves back
    ([`TakesBack`][gamelib.core.human.TakesBack], a person) is asked by its
    `next_move_or_undo`; when it raises
    [`UndoRequest`][gamelib.core.human.UndoRequest] (the person typed `undo`) it takes back
    their last move and everything played since (in a game of n players, back to their
    previous turn), unless the dice were rolled since: a roll stands, as at a table, and
    is not drawn again (undo and the same move would otherwise be a fresh throw).
    `made`, if given, is the (empty) list the moves are kept in as they are made, so a
    caller still has the moves of a game that stopped early; `rolled`, if given, is the
    (empty) list that keeps chance's rolls likewise (each the index of the roll drawn
    among the position's `rolls`).

    Raises [`PlayerCountError`][gamelib.core.controller.PlayerCountError] unless there is
    one player a seat, [`IllegalMoveError`][gamelib.core.controller.IllegalMoveError]
    naming the player, the move and the state for a move that is not legal, and
    [`NoMovesError`][gamelib.core.game.NoMovesError] naming the state where the game
    offers no moves.  What a player raises (a person closing the input) passes through.
    """
    names = turns.seats
    if len(players) != len(names):
        raise PlayerCountError(
            f"the game has {len(names)} players ({', '.join(names)}) but {len(players)} "
            "were given to play it"
        )
    for number, player in enumerate(players):
        turns.admit(number, player)
    choosers = [_chooser(player) for player in players]
    stream = sys.stdout if out is None else out
    source = random.Random() if rng is None else rng
    state = turns.start if start is None else start
    if made is None:
        made = []
    before: list[tuple[S, int, int]] = []  # each move's state, seat, and rolls made before it
    rolls: list[int] = [] if rolled is None else rolled
    while True:
        shown = turns.state_to_string(state)
        stream.write(shown + "\n")
        stream.flush()
        seat = turns.mover(state)
        after: S | Ended[R]
        last: M | None = None
        if isinstance(seat, Nature):
            chances = turns.rolls(state)
            try:  # the position is quoted only when the rolls are wrong (one roll a turn)
                check_rolls(chances, "")
            except ProbabilityError:
                check_rolls(chances, quoted(shown))
            index = sample([roll.probability for roll in chances], source.random())
            roll = chances[index]
            rolls.append(index)
            stream.write(roll_line(roll))
            after = roll.after
        else:
            name, player = names[seat], players[seat]
            legal = turns.moves(state)
            began = clock()
            try:
                last = choosers[seat](state)
            except UndoRequest:
                taken = [i for i, (_, by, _) in enumerate(before) if by == seat]
                if not taken:
                    stream.write(f"{name} has no move to take back yet\n\n")
                    continue
                back = taken[-1]
                gone = ", ".join(turns.move_to_string(m) for m in made[back:])
                if len(rolls) > before[back][2]:  # the dice were rolled since: they stand
                    stream.write(
                        f"{name} cannot take back {turns.move_to_string(made[back])}: the dice "
                        "were rolled after it, and a roll is not taken back\n\n"
                    )
                    continue
                stream.write(f"{name} takes back {gone}\n\n")
                state, _, rolls_before = before[back]
                del made[back:], before[back:], rolls[rolls_before:]
                continue
            took = clock() - began
            if last not in legal:
                offered = ", ".join(board_order(turns, legal))
                who = f"{player} " if isinstance(player, Chooses) else ""
                raise IllegalMoveError(
                    f"{name}'s player {who}chose the illegal move {quoted(last)} in the state "
                    f"{quoted(shown, 200)} (legal moves: {echo(offered, 200)})"
                )
            made.append(last)
            before.append((state, seat, len(rolls)))
            move = turns.move_to_string(last)
            stream.write(f"{name} decides to make the move {move} ({took:.2f} s)\n\n")
            after = turns.play(state, last)
        if isinstance(after, Ended):
            stream.write(turns.ended(state, last, after.outcome))
            stream.flush()
            return GameRecord(after.outcome, tuple(made), tuple(rolls))
        state = after


def roll_line(roll: Roll[object, object]) -> str:
    """What a transcript says of chance's roll, and the blank line after it (a game and
    its replay say it alike).

    ```pycon
    >>> from fractions import Fraction
    >>> roll_line(Roll(Fraction(1, 6), "rolled 6", "next"))
    'Chance: rolled 6 (1/6)\\n\\n'

    ```
    """
    return f"Chance: {roll.label} ({number_to_string(roll.probability)})\n\n"


def _chooser(player: Seat[S, M]) -> Callable[[S], M]:
    """How the controller asks `player` for a move: a player that may take moves back by
    `next_move_or_undo` (this controller grants `undo`), a player object by `next_move`,
    a function by calling it."""
    asked: object = player  # a protocol of its own: not narrowed from a Seat's types
    if isinstance(asked, TakesBack):
        return cast("Callable[[S], M]", asked.next_move_or_undo)
    return player.next_move if isinstance(player, Chooses) else player


def check_player_game(game: object, side: Side, player: object) -> None:
    """`ContractError` for a player built for another game than the one it is to play
    (a Connect Four player of a 5 x 4 board at 7 x 6, a Nim player at tic-tac-toe): its
    search would read this game's positions as its own game's."""
    own = getattr(player, "game", None)
    if own is None:
        return
    mine, theirs = underlying(game), underlying(own)
    if mine is not theirs and mine != theirs:
        raise ContractError(
            f"{side}'s player {echo(str(player), 60)} was built for {echo(repr(theirs), 80)}, "
            f"not for {echo(repr(mine), 80)}: build it with this game's estimator"
        )


_SIDES = (Side.Maxie, Side.Minnie)


def outcome_results(outcome: Outcome) -> tuple[float, ...]:
    """The model's results of a two-player outcome, Maxie's first: 1 for a win, -1 for a
    loss, 0 each for a draw.

    ```pycon
    >>> from gamelib.core.datatypes import Draw, Winner
    >>> outcome_results(Winner(Side.Minnie)), outcome_results(Draw())
    ((-1, 1), (0, 0))

    ```
    """
    match outcome:
        case Winner(side):
            return (1, -1) if side is Side.Maxie else (-1, 1)
        case Draw():
            return (0, 0)
        case _:
            assert_never(outcome)


class PlaysMoves(Protocol[S, M]):
    """What the face of every family has: a start, its moves, and their text."""

    @property
    def start(self) -> S: ...

    def moves(self, state: S, /) -> seq.Seq[M]: ...

    def state_to_string(self, state: S, /) -> str: ...

    def move_to_string(self, move: M, /) -> str: ...

    def parse_move(self, state: S, text: str, /) -> M | None: ...


class GameTurns(Generic[S, M]):
    """What a face's adapter onto the model reads straight from its game: the start, the
    text of states and moves, the legal moves (a game without any where it is still
    played breaks its contract), and no player refused.  A face's adapter is a frozen
    dataclass of its `game` on this base, and says the rest."""

    __slots__ = ()
    game: PlaysMoves[S, M]

    @property
    def start(self) -> S:
        return self.game.start

    def state_to_string(self, state: S, /) -> str:
        return self.game.state_to_string(state)

    def move_to_string(self, move: M, /) -> str:
        return self.game.move_to_string(move)

    def parse_move(self, state: S, text: str, /) -> M | None:
        return self.game.parse_move(state, text)

    def moves(self, state: S, /) -> tuple[M, ...]:
        legal = seq.to_tuple(self.game.moves(state))
        if not legal:
            raise no_moves(self.game, state)
        return legal

    def admit(self, seat: int, player: Seat[S, M], /) -> None:
        return None


@final
@dataclass(frozen=True, slots=True)
class TwoPlayers(GameTurns[S, M]):
    """The lectures' games, as the one controller plays them: seat 0 is Maxie, seat 1 Minnie.

    Checks the game's contract at every turn (`player` a `Side`, `moves` a `Seq`, `play`
    a `Playing` or `Done`), refuses a player built for another game, and ends with the
    board the game ended on, for games that show it (`final_position`).
    """

    game: Game[S, M]
    """The game."""

    @property
    def seats(self) -> tuple[str, ...]:
        return ("Maxie", "Minnie")

    def mover(self, state: S, /) -> int:
        return 0 if self.game.player(state) is Side.Maxie else 1

    def moves(self, state: S, /) -> tuple[M, ...]:
        legal = seq.to_tuple(check_turn(self.game, state))  # a Side to move, a Seq of moves
        if not legal:
            raise no_moves(self.game, state)
        return legal

    def play(self, state: S, move: M, /) -> S | Ended[Outcome]:
        status = self.game.play(state, move)
        check_played(self.game, state, move, status)  # Playing or Done: else said, not asserted
        match status:
            case Playing(next_state):
                return next_state
            case Done(outcome):
                return Ended(outcome)
            case _:
                assert_never(status)

    def rolls(self, state: S, /) -> tuple[Roll[S, Outcome], ...]:
        raise ContractError(
            f"{quoted(self.state_to_string(state))} is a chance position, in a game without dice"
        )

    def results(self, outcome: Outcome, /) -> tuple[float, ...]:
        return outcome_results(outcome)

    def outcome_to_string(self, outcome: Outcome, /) -> str:
        return outcome_to_string(outcome)

    def admit(self, seat: int, player: Seat[S, M], /) -> None:
        check_player_game(self.game, _SIDES[seat], player)

    def ended(self, state: S, move: M | None, outcome: Outcome, /) -> str:
        game = self.game
        picture = ""
        if isinstance(game, ShowsFinalPosition) and move is not None:
            picture = game.final_position(state, move)
        return (picture + "\n" if picture else "") + f"Game over! {outcome_to_string(outcome)}\n"


def referee(
    game: Game[S, M],
    maxie: Seat[S, M],
    minnie: Seat[S, M],
    *,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.perf_counter,
    start: S | None = None,
    made: list[M] | None = None,
) -> GameRecord[M, Outcome]:
    """Play `game` from `start` (default `game.start`) to the end: the lecture's
    controller, [`play_out`][gamelib.core.controller.play_out] on
    [`TwoPlayers`][gamelib.core.controller.TwoPlayers].

    Prints each state, each move with the time the player took to choose it,
    the final state and the result, to `out` (default standard output).

    A player asked by `next_move_or_undo` that raises
    [`UndoRequest`][gamelib.core.human.UndoRequest] (a person typing `undo`) takes back
    their last move and everything played since: the game goes back to that player's
    previous turn.

    Raises [`IllegalMoveError`][gamelib.core.controller.IllegalMoveError] naming the player, the
    move and the state if a player returns a move that is not legal, and
    [`NoMovesError`][gamelib.core.game.NoMovesError] naming the state, before asking
    any player, if the game offers no moves in a state it says is being played.
    Whatever a player's `next_move` raises (a human closing the input, say)
    passes through.  `made` is as for `play_out`.
    """
    return play_out(TwoPlayers(game), (maxie, minnie), out=out, clock=clock, start=start, made=made)
