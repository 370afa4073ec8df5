"""Games of chance and of n players that break their contracts as a game author might, one
entry a way: loaded in the tests by `gamelib --game-from tests.broken_families:NAME`
(tests/core/test_family_contracts.py).

`Coin`: Maxie adds 1 or 2, a coin adds 0 or 1, Minnie adds 1 or 2, a coin again; Maxie
wins with a total of 3 or more.  `Three`: players 0, 1, 2 add 1 or 2 in turn; after three
moves the player numbered (total mod 3) gets 1, the others 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace

from gamelib import Playing, Side, seq
from gamelib.chance.game import Branch, Mover, Nature, Value
from gamelib.cli.beyond import chance_entry, nplayer_entry
from gamelib.cli.kits import GameEntry
from gamelib.core.datatypes import Done, Outcome, Status, Winner
from gamelib.nplayer.game import Finished, NStatus, Vector
from gamelib.seq import Seq


@dataclass(frozen=True)
class CoinState:
    """How far the game is (0: Maxie's turn, 1: Minnie's, 2: over), the total, and
    whether the coin is to be thrown."""

    step: int
    total: int
    rolling: bool


@dataclass(frozen=True)
class Coin:
    """The coin game, broken as `mode` says (`ok`: not at all)."""

    mode: str = "ok"

    @property
    def start(self) -> CoinState:
        return CoinState(0, 0, False)

    def player(self, state: CoinState, /) -> Mover:
        if self.mode == "mover" and state.step == 1:
            return "Chance"  # type: ignore[return-value]  # the mistake under test
        if state.rolling:
            return Nature.Chance
        return Side.Maxie if state.step == 0 else Side.Minnie

    def moves(self, state: CoinState, /) -> Seq[int]:
        if self.mode == "list":
            return [1, 2]  # type: ignore[return-value]  # the mistake under test
        return seq.from_iterable((1, 2))

    def play(self, state: CoinState, move: int, /) -> Status[CoinState]:
        if self.mode == "none" and state.step == 1:
            return None  # type: ignore[return-value]  # the mistake under test
        return Playing(CoinState(state.step, state.total + move, True))

    def outcomes(self, state: CoinState, /) -> Sequence[Branch[CoinState]]:
        odds: dict[str, tuple[object, object]] = {
            "nine": (Fraction(1, 2), Fraction(2, 5)),
            "negative": (Fraction(-1, 2), Fraction(3, 2)),
            "nan": (float("nan"), 0.5),
            "text": ("1/2", "1/2"),
        }
        if self.mode == "empty":
            return []
        p, q = odds.get(self.mode, (Fraction(1, 2), Fraction(1, 2)))
        return [
            Branch(p, self._after(state, 0), "0"),  # type: ignore[arg-type]  # the mistake under test
            Branch(q, self._after(state, 1), "1"),  # type: ignore[arg-type]  # the mistake under test
        ]

    @staticmethod
    def _after(state: CoinState, coin: int) -> Status[CoinState]:
        total = state.total + coin
        if state.step == 1:
            return Done(Winner(Side.Maxie if total >= 3 else Side.Minnie))
        return Playing(CoinState(state.step + 1, total, False))

    def state_to_string(self, state: CoinState, /) -> str:
        return f"step {state.step} total {state.total}{' rolling' if state.rolling else ''}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: CoinState, text: str, /) -> int | None:
        return int(text) if text.strip() in ("1", "2") else None

    def why_illegal(self, state: CoinState, text: str, /) -> str:
        """What the game says of a move it does not have (beyond its contract)."""
        return f"a coin game's move is 1 or 2, not {text}"


@dataclass(frozen=True)
class CoinEstimate:
    """Values in [0, 1] (a win for Maxie 1), broken as its game's mode says."""

    game: Coin
    lower: Value = 0
    upper: Value = 1

    def estimate(self, state: CoinState, /) -> Value:
        return {"guess5": 5, "guessnan": float("nan")}.get(self.game.mode, Fraction(1, 2))

    def outcome_value(self, outcome: Outcome, /) -> Value:
        if self.game.mode == "endnan":
            return float("nan")
        return 1 if outcome == Winner(Side.Maxie) else 0


@dataclass(frozen=True)
class ThreeState:
    """How many moves were made, and their total."""

    step: int
    total: int


@dataclass(frozen=True)
class Three:
    """The three-player game, broken as `mode` says (`ok`: not at all)."""

    mode: str = "ok"
    names: tuple[str, ...] = ("A", "B", "C")

    @property
    def start(self) -> ThreeState:
        return ThreeState(0, 0)

    def player(self, state: ThreeState, /) -> int:
        wrong: dict[str, object] = {"five": 5, "minus": -1, "letter": "B", "true": True}
        if self.mode in wrong and state.step == 1:
            return wrong[self.mode]  # type: ignore[return-value]  # the mistake under test
        return state.step % 3

    def moves(self, state: ThreeState, /) -> Seq[int]:
        if self.mode == "list":
            return [1, 2]  # type: ignore[return-value]  # the mistake under test
        return seq.from_iterable((1, 2))

    def play(self, state: ThreeState, move: int, /) -> NStatus[ThreeState]:
        if self.mode == "none":
            return None  # type: ignore[return-value]  # the mistake under test
        total = state.total + move
        if state.step < 2:
            return Playing(ThreeState(state.step + 1, total))
        fair: Vector = tuple(1 if i == total % 3 else 0 for i in range(3))
        ends: dict[str, object] = {
            "short": fair[:2],
            "nan": (float("nan"), 0, 1),
            "inf": (float("inf"), 0, 0),
            "text": ("1", "0", "0"),
        }
        return Finished(ends.get(self.mode, fair))  # type: ignore[arg-type]  # the mistake under test

    def state_to_string(self, state: ThreeState, /) -> str:
        return f"step {state.step} total {state.total}"

    def move_to_string(self, move: int, /) -> str:
        return str(move)

    def parse_move(self, state: ThreeState, text: str, /) -> int | None:
        return int(text) if text.strip() in ("1", "2") else None


@dataclass(frozen=True)
class ThreeEstimate:
    """A third each, broken as its game's mode says."""

    game: Three

    def estimate(self, state: ThreeState, /) -> Vector:
        if self.game.mode == "guessnan":
            return (float("nan"), 0, 0)
        return (Fraction(1, 3),) * 3


def _coin(mode: str) -> GameEntry:
    return chance_entry(f"coin-{mode}", f"the coin game, broken: {mode}", CoinEstimate(Coin(mode)))


def _three(mode: str) -> GameEntry:
    return nplayer_entry(
        f"three-{mode}", f"three players, broken: {mode}", ThreeEstimate(Three(mode)), total=1
    )


COIN_MODES = ("ok", "mover", "list", "none", "nine", "negative", "nan", "text", "empty",
              "guess5", "guessnan", "endnan")  # fmt: skip
THREE_MODES = ("ok", "five", "minus", "letter", "true", "list", "none", "short", "nan", "inf",
               "text", "guessnan")  # fmt: skip
COINS = SimpleNamespace(**{mode: _coin(mode) for mode in COIN_MODES})
"""The coin game's entries, one a mode: `--game-from tests.broken_families:COINS.nine`."""
THREES = SimpleNamespace(**{mode: _three(mode) for mode in THREE_MODES})
"""The three-player game's entries, one a mode."""
