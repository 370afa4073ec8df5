"""The part of OpenSpiel's Python API gamelib uses, typed, and how it is loaded.

OpenSpiel is an optional extra (`pip install 'gamelib[openspiel]'`): nothing here imports
`pyspiel` until a game is loaded, and without it every way in says in one sentence how
to install it ([`OpenSpielMissingError`][gamelib.openspiel.spiel.OpenSpielMissingError]).
OpenSpiel ships no type information, so the few methods gamelib calls are written down
here as protocols ([`SpielState`][gamelib.openspiel.spiel.SpielState],
[`SpielGame`][gamelib.openspiel.spiel.SpielGame]); nothing of gamelib's public API is `Any`.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator
from types import ModuleType
from typing import Protocol, cast

from gamelib.errors import InputError

__all__ = [
    "CHANCE",
    "INSTALL",
    "OpenSpielMissingError",
    "SpielGame",
    "SpielGameType",
    "SpielState",
    "load_spiel_game",
    "pyspiel",
    "quiet_stderr",
]

INSTALL = "pip install 'gamelib[openspiel]'"
"""How to install OpenSpiel for gamelib (the `openspiel` extra: `open_spiel` 2.x)."""

CHANCE = -1
"""OpenSpiel's number for chance, as `current_player` and `action_to_string` write it."""


class OpenSpielMissingError(InputError, ImportError):
    """OpenSpiel is not installed; the message says how to install it."""


class SpielState(Protocol):
    """An OpenSpiel state, as gamelib uses it (`pyspiel.State`).  gamelib never changes a
    state it was given: a child is made with `child`, a copy with `clone`."""

    def current_player(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def legal_actions(self) -> list[int]: ...

    def chance_outcomes(self) -> list[tuple[int, float]]: ...

    def child(self, action: int, /) -> SpielState: ...

    def clone(self) -> SpielState: ...

    def apply_action(self, action: int, /) -> None: ...

    def returns(self) -> list[float]: ...

    def history(self) -> list[int]: ...

    def history_str(self) -> str: ...

    def action_to_string(self, player: int, action: int, /) -> str: ...

    def get_game(self) -> SpielGame: ...


class SpielGameType(Protocol):
    """What OpenSpiel says of a game (`pyspiel.GameType`): its name and its kind."""

    @property
    def short_name(self) -> str: ...

    @property
    def dynamics(self) -> object: ...

    @property
    def chance_mode(self) -> object: ...

    @property
    def information(self) -> object: ...

    @property
    def utility(self) -> object: ...


class SpielGame(Protocol):
    """An OpenSpiel game (`pyspiel.Game`), as gamelib uses it."""

    def new_initial_state(self) -> SpielState: ...

    def num_players(self) -> int: ...

    def get_type(self) -> SpielGameType: ...

    def min_utility(self) -> float: ...

    def max_utility(self) -> float: ...

    def max_game_length(self) -> int: ...
    def get_parameters(self) -> dict[str, object]: ...


def pyspiel() -> ModuleType:
    """The `pyspiel` module, imported on first use.

    Raises [`OpenSpielMissingError`][gamelib.openspiel.spiel.OpenSpielMissingError] when
    OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise OpenSpielMissingError(
            f"OpenSpiel's games need OpenSpiel, which is not installed: {INSTALL}"
        ) from None


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Standard error (the file descriptor, not just `sys.stderr`) sent nowhere while the
    block runs: OpenSpiel's C++ writes each error it raises there too, and gamelib says
    it once, in its own sentence."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error at all: nothing to quieten
        yield
        return
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def load_spiel_game(text: str) -> SpielGame:
    """The OpenSpiel game `text` names in OpenSpiel's own syntax (`hex(board_size=3)`);
    `pyspiel.SpielError` as OpenSpiel raises it for a bad name or parameter."""
    module = pyspiel()
    with quiet_stderr():
        return cast(SpielGame, module.load_game(text))
