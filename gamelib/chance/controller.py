"""Playing a chance game to the end: players choose, a random source rolls the dice.

```pycon
>>> import io, random
>>> from gamelib.chance.trees import ChanceTreeGame, parse_chance_tree
>>> game = ChanceTreeGame(parse_chance_tree("a[ ?b[1/2: c!Maxie, 1/2: d[e!Minnie]], f!Draw ]"))
>>> out = io.StringIO()
>>> record = play_chance_game(game, lambda s: 0, lambda s: 0, rng=random.Random(1), out=out)
>>> print(out.getvalue(), end="")
(Maxie,a)
Maxie decides to make the move 0
(Chance,b)
Chance: 0 (1/2)
Game over! Maxie wins!
>>> record.outcome
Winner(side=<Side.Maxie>)

```
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TextIO, TypeVar, assert_never, final

from gamelib import seq
from gamelib.chance.events import Moved, Rolled, Step
from gamelib.chance.game import Branch, ChanceGame, Nature, check_branches
from gamelib.core.checks import quoted
from gamelib.core.controller import IllegalMoveError
from gamelib.core.datatypes import Done, Outcome, Playing, Side, Status, outcome_to_string
from gamelib.core.game import no_moves
from gamelib.core.human import board_order

__all__ = ["ChanceRecord", "play_chance_game", "sample"]

S = TypeVar("S")
M = TypeVar("M")


@final
@dataclass(frozen=True, slots=True)
class ChanceRecord(Generic[M]):
    """What a finished chance game leaves behind."""

    outcome: Outcome
    """How the game ended."""
    steps: tuple[Step[M], ...]
    """Every move made and every outcome rolled, in order."""


def sample(branches: Sequence[Branch[S]], u: float) -> int:
    """The index of the branch that `u`, uniform in [0, 1), falls in.

    Branch i covers [p₀ + … + pᵢ₋₁, p₀ + … + pᵢ); a `u` beyond the last sum
    (rounding, with float probabilities) picks the last branch that can happen.

    ```pycon
    >>> from fractions import Fraction
    >>> from gamelib import Playing
    >>> die = [Branch(Fraction(1, 6), Playing(face), str(face)) for face in range(1, 7)]
    >>> sample(die, 0.0), sample(die, 0.5), sample(die, 0.99)
    (0, 3, 5)

    ```
    """
    total = 0.0
    last = 0
    for i, branch in enumerate(branches):
        if branch.probability > 0:
            last = i
            total += float(branch.probability)
            if u < total:
                return i
    return last


def play_chance_game(
    game: ChanceGame[S, M],
    maxie: Callable[[S], M],
    minnie: Callable[[S], M],
    *,
    rng: random.Random | None = None,
    out: TextIO | None = None,
    start: S | None = None,
) -> ChanceRecord[M]:
    """Play `game` from `start` (default `game.start`) to the end.

    `maxie` and `minnie` choose a move at their decision positions (a
    search player's `next_move`, say); at chance positions `rng` (default
    a fresh `random.Random()`) picks an outcome with its probability, after
    `check_branches` has checked the list.  Each
    state, move, roll and the result are written to `out` (default
    standard output).

    Raises [`IllegalMoveError`][gamelib.core.controller.IllegalMoveError] when a player
    chooses a move the game does not offer, and
    `ProbabilityError` for a bad list of outcomes.
    """
    stream = sys.stdout if out is None else out
    source = random.Random() if rng is None else rng
    state = game.start if start is None else start
    steps: list[Step[M]] = []
    while True:
        shown = game.state_to_string(state)
        stream.write(shown + "\n")
        mover = game.player(state)
        status: Status[S]
        match mover:
            case Nature.Chance:
                branches = check_branches(game.outcomes(state), quoted(shown))
                i = sample(branches, source.random())
                branch = branches[i]
                rolled = Rolled(i, branch.label, branch.probability)
                steps.append(rolled)
                stream.write(f"Chance: {rolled}\n")
                status = branch.status
            case Side.Maxie | Side.Minnie:
                choose = maxie if mover is Side.Maxie else minnie
                legal = seq.to_tuple(game.moves(state))
                if not legal:
                    raise no_moves(game, state)
                move = choose(state)
                if move not in legal:
                    offered = ", ".join(board_order(game, legal))
                    raise IllegalMoveError(
                        f"{mover}'s player chose the illegal move {quoted(move)} in the state "
                        f"{quoted(shown)} (legal moves: {offered})"
                    )
                steps.append(Moved(move))
                stream.write(f"{mover} decides to make the move {game.move_to_string(move)}\n")
                status = game.play(state, move)
            case _:
                assert_never(mover)
        match status:
            case Playing(next_state):
                state = next_state
            case Done(outcome):
                stream.write(f"Game over! {outcome_to_string(outcome)}\n")
                stream.flush()
                return ChanceRecord(outcome, tuple(steps))
            case _:
                assert_never(status)
