"""The saved game: what `play --save`, `play --json` and `match --save-dir` write and
`replay` reads, for a game of any family.

One JSON object a game, read through [the model][gamelib.core.model.Model]:

```json
{"game": "pig", "options": ["--target", "5"],
 "players": {"Maxie": "random", "Minnie": "random"},
 "moves": ["roll", "hold", "roll", "roll"], "rolls": [1, 0, 3],
 "outcome": "Maxie wins!", "results": [1, -1], "winner": "Maxie", "finished": true}
```

`players` names each seat's player, seat 0 first; `moves` are the players' moves in order,
as the game writes them; `rolls` are chance's, each the index of what happened among the
position's rolls as the game lists them, counted from 0 (a game without dice has none).
An index is what every game of chance has, whatever its rolls are called; it is not the
face the screen shows: Pig lists its rolls 1 to 6, so `[1, 0, 3]` above is a two, a
one, then a four (`gamelib replay` says each roll as the game writes it).  Every save is
written so, and every save ever written reads so.  `results` are each seat's result,
larger better; `winner` is the seat that did best alone (None for a draw or a tie).  A game
stopped early is kept too, `finished` false and no outcome.  Files written before `rolls`
and `results` existed (two-player games only) still load.

What the file says of its seats, results, winner and end is read too, for `replay` to hold
against the game its moves and rolls play: a file edited by hand that disagrees is refused
before any of it is printed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO, TypeVar

from gamelib.cli._common import UsageError
from gamelib.core.checks import echo
from gamelib.core.jsondata import JSON
from gamelib.core.model import Model

__all__ = [
    "MAX_SAVED",
    "SavedGame",
    "document",
    "game_document",
    "read_saved_game",
    "saved_file",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")

MAX_SAVED = 1 << 24
"""The most characters a saved game may have (a game of a million moves fits)."""


@dataclass(frozen=True)
class SavedGame:
    """A saved game as read: the game, its options, the moves and chance's rolls, as
    written."""

    game: str
    options: tuple[str, ...]
    moves: tuple[str, ...]
    rolls: tuple[int, ...] = ()
    seats: tuple[str, ...] | None = None
    """The seats `players` names, in order (None: the file names none)."""
    results: tuple[float, ...] | None = None
    """Each seat's result as the file gives it (None: it gives none, or the game did not
    end)."""
    winner: str | None = None
    """The seat the file calls the winner (None: none, or no `winner` at all; see
    `names_winner`)."""
    names_winner: bool = False
    """Whether the file has a `winner` (None in it means a draw or a tie)."""
    finished: bool | None = None
    """Whether the file says the game reached its end (None: it does not say)."""


def game_document(
    name: str,
    options: Sequence[str],
    model: Model[S, M, R],
    players: Sequence[str],
    moves: Sequence[M],
    rolls: Sequence[int],
    outcome: R | None,
) -> dict[str, JSON]:
    """The saved game of `name` (with its `options` as typed) played on `model` by
    `players` (seat 0 first): its `moves`, chance's `rolls` and how it ended (None: it
    stopped before its end)."""
    return document(
        name,
        options,
        model.seats,
        players,
        [model.move_to_string(m) for m in moves],
        rolls,
        None if outcome is None else model.outcome_to_string(outcome),
        None if outcome is None else model.results(outcome),
        finished=outcome is not None,
    )


def document(
    name: str,
    options: Sequence[str],
    seats: Sequence[str],
    players: Sequence[str],
    moves: Sequence[str],
    rolls: Sequence[int],
    outcome: str | None,
    results: Sequence[float] | None,
    *,
    finished: bool,
) -> dict[str, JSON]:
    """A saved game from its parts, already in words: `game_document` for a game played
    here, a match's games as they come back from its workers."""
    return {
        "game": name,
        "options": list(options),
        "players": {seat: player for seat, player in zip(seats, players, strict=True)},
        "moves": list(moves),
        "rolls": list(rolls),
        "outcome": outcome,
        "results": None if results is None else [_number(r) for r in results],
        "winner": None if results is None else _winner(seats, results),
        "finished": finished,
    }


def _number(x: float) -> JSON:
    return int(x) if float(x).is_integer() else float(x)


def _winner(seats: Sequence[str], results: Sequence[float]) -> str | None:
    best = max(results)
    leaders = [seat for seat, r in zip(seats, results, strict=True) if r == best]
    return leaders[0] if len(leaders) == 1 else None


def saved_file(name: str) -> str:
    """The file of a saved game ('-': standard input) as a message names it."""
    return "standard input" if name == "-" else f"'{echo(name, 200)}'"


def read_saved_game(name: str, stdin: TextIO | None) -> SavedGame:
    """The saved game in the file `name` ('-': standard input), or a UsageError saying
    what is wrong with it.  At most `MAX_SAVED` characters are read: an endless file
    (`/dev/zero`) is not a saved game, and does not fill the memory.
    """
    where = saved_file(name)
    if name == "-" and stdin is None:  # run with standard input closed
        raise UsageError("replay -: standard input is closed, so there is no saved game to read")
    try:
        if name == "-":
            assert stdin is not None
            text = stdin.read(MAX_SAVED + 1)
        else:
            with open(name, encoding="utf-8") as file:
                text = file.read(MAX_SAVED + 1)
    except FileNotFoundError:
        raise UsageError(f"there is no file {where}") from None
    except IsADirectoryError:
        raise UsageError(f"{where} is a folder, not a saved game") from None
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not text"
        raise UsageError(f"cannot read {where}: {reason}") from None
    if len(text) > MAX_SAVED:
        raise UsageError(f"{where} is not a saved game: it is longer than {MAX_SAVED:,} characters")
    try:
        document = json.loads(text)
    except ValueError:
        raise UsageError(
            f"{where} is not a saved game: gamelib play --save FILE writes one (JSON)"
        ) from None
    except RecursionError:  # brackets nested thousands deep: Python's decoder recurses
        raise UsageError(
            f"{where} is not a saved game: its JSON nests too deeply to be read"
        ) from None
    if not isinstance(document, dict):
        raise UsageError(f"{where} is not a saved game: it holds no JSON object")
    game, options, moves = document.get("game"), document.get("options", []), document.get("moves")
    if not isinstance(game, str):
        raise UsageError(f"{where} is not a saved game: it names no game")
    rolls = document.get("rolls", [])
    if not isinstance(rolls, list) or not all(
        isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rolls
    ):
        raise UsageError(
            f"{where} is not a saved game: its rolls are not a list of indexes (whole numbers "
            "from 0)"
        )
    players, results = document.get("players"), document.get("results")
    if players is not None and (
        not isinstance(players, dict) or not all(isinstance(p, str) for p in players.values())
    ):
        raise UsageError(f"{where} is not a saved game: its players are not seats and texts")
    if results is not None and (
        not isinstance(results, list) or not all(_is_number(r) for r in results)
    ):
        raise UsageError(f"{where} is not a saved game: its results are not a list of numbers")
    winner, finished = document.get("winner"), document.get("finished")
    if winner is not None and not isinstance(winner, str):
        raise UsageError(f"{where} is not a saved game: its winner is not a seat's name")
    if finished is not None and not isinstance(finished, bool):
        raise UsageError(f"{where} is not a saved game: its finished is neither true nor false")
    return SavedGame(
        game,
        _texts(options, "options", where),
        _texts(moves, "moves", where),
        tuple(int(r) for r in rolls),
        None if players is None else tuple(str(seat) for seat in players),
        None if results is None else tuple(float(r) for r in results),
        winner,
        "winner" in document,
        finished,
    )


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _texts(value: object, field: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{where} is not a saved game: its {field} are not a list of texts")
    return tuple(str(v) for v in value)
