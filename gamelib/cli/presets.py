"""The presets: named games the course runs (`gamelib run NAME`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from pyrsistent import PMap, pmap

__all__ = ["DEMO_PRESET", "PRESETS", "Preset", "preset_named"]

DEMO_PRESET = "C4_ABvMM"
"""What `gamelib demo` runs: two search players on Connect Four, no input needed."""


@final
@dataclass(frozen=True, slots=True)
class Preset:
    """A named game the course runs (`gamelib run NAME`)."""

    name: str
    """Its name: game, then the two players (H human, MM Minimax, AB AlphaBeta, J Jamboree,
    ID iterative deepening)."""
    summary: str
    """One line for `gamelib list`."""
    argv: tuple[str, ...]
    """The `gamelib` arguments it stands for."""


def _preset(name: str, summary: str, *argv: str) -> tuple[str, Preset]:
    return name, Preset(name, summary, argv)


PRESETS: PMap[str, Preset] = pmap(
    dict(
        [
            _preset(
                "C4_HvAB",
                "Connect Four: you against AlphaBeta, depth 5",
                *("play", "connect4", "--maxie", "human", "--minnie", "alphabeta", "--depth", "5"),
            ),
            _preset(
                "C4_HvID",
                "Connect Four: you against iterative deepening, 2 seconds a move",
                *("play", "connect4", "--maxie", "human", "--minnie", "id:2s"),
            ),
            _preset(
                "C4_HvMM",
                "Connect Four: you against Minimax, depth 5",
                *("play", "connect4", "--maxie", "human", "--minnie", "minimax", "--depth", "5"),
            ),
            _preset(
                "C4_ABvMM",
                "Connect Four: AlphaBeta against Minimax, depth 5 (make demo)",
                *(
                    "play",
                    "connect4",
                    "--maxie",
                    "alphabeta",
                    "--minnie",
                    "minimax",
                    "--depth",
                    "5",
                ),
            ),
            _preset(
                "Nim_HvMM",
                "Nim from 15: you against Minimax, depth 5",
                *("play", "nim", "--maxie", "human", "--minnie", "minimax", "--depth", "5"),
            ),
            _preset(
                "Nim_MMvMM",
                "Nim from 15: Minimax against Minimax, depth 5",
                *("play", "nim", "--maxie", "minimax", "--minnie", "minimax", "--depth", "5"),
            ),
            _preset(
                "TTT_HvAB",
                "tic-tac-toe: you against AlphaBeta, depth 5",
                *("play", "tictactoe", "--maxie", "human", "--minnie", "alphabeta", "--depth", "5"),
            ),
        ]
    )
)
"""Presets by name, after the course's `RunNim.HvM` style runs; `gamelib list` shows them."""


def preset_named(name: str) -> Preset | None:
    """The preset called `name`, read without regard to case or surrounding spaces, as
    every name on the command line is (`c4_hvab`).

    ```pycon
    >>> preset_named(" c4_hvab ").name
    'C4_HvAB'

    ```
    """
    wanted = name.strip().lower()
    return next((p for p in PRESETS.values() if p.name.lower() == wanted), None)
