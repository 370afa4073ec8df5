"""OpenSpiel's games on the command line: `openspiel:NAME(PARAMS)` is a game's name.

[`GameCatalog.get`][gamelib.cli.games.GameCatalog.get] hands a name that starts with
`openspiel:` to [`openspiel_entry`][gamelib.openspiel.entries.openspiel_entry], which makes
the entry of the game's family: a two-player game's
[`GameEntry`][gamelib.cli.games.GameEntry], or a game of chance's or of n players' (an
entry whose `family` says which).  Every entry has one option, `--estimator` (`zero`,
`playouts:N[:SEED]` or `MODULE:FUNCTION`; see
[`gamelib.openspiel.estimators`][gamelib.openspiel.estimators]), which depth-limited
searches use; MCTS and the solvers need none.

```pycon
>>> entry = openspiel_entry("openspiel:hex(board_size=3)")
>>> entry.name, entry.family
('openspiel:hex(board_size=3)', 'two-player')

```
"""

from __future__ import annotations

import argparse
import functools
from typing import TypeVar

from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.games import GameEntry, GameKit, KitUser, pack
from gamelib.openspiel.estimators import DEFAULT_ESTIMATOR, estimator_for, read_evaluation
from gamelib.openspiel.game import SpielChance, SpielLoaded, SpielNPlayer, SpielTwoPlayer, load

__all__ = ["PREFIX", "is_openspiel", "openspiel_entry", "spiel_game"]

PREFIX = "openspiel:"
"""How a game's name on the command line says it is OpenSpiel's."""

S = TypeVar("S")
M = TypeVar("M")


def is_openspiel(name: str) -> bool:
    """Whether `name` names an OpenSpiel game (`openspiel:hex`)."""
    return name.strip().lower().startswith(PREFIX)


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--estimator",
        default=DEFAULT_ESTIMATOR,
        help="what depth-limited searches guess with: zero, playouts:N[:SEED] or "
        f"MODULE:FUNCTION (default {DEFAULT_ESTIMATOR})",
    )


def spiel_game(name: str) -> SpielLoaded:
    """The OpenSpiel game the command-line name `name` (`openspiel:hex(board_size=3)`)
    names, loaded once per name."""
    return _loaded(name.strip()[len(PREFIX) :].strip())


@functools.cache
def _loaded(spec: str) -> SpielLoaded:
    return load(spec)


@functools.cache
def _entry(name: str) -> GameEntry:
    game = spiel_game(name)
    summary = f"OpenSpiel's {game.spec}"
    if isinstance(game, SpielTwoPlayer):
        two: SpielTwoPlayer = game

        def build(options: argparse.Namespace) -> KitUser:
            evaluation = read_evaluation(str(options.estimator))
            return pack(GameKit(two, estimator_for(two, evaluation)))

        return GameEntry(name, summary, _options, build)
    if isinstance(game, SpielChance):
        dice: SpielChance = game

        def build_chance(options: argparse.Namespace) -> KitUser:
            evaluation = read_evaluation(str(options.estimator))
            return ChanceKit(dice, estimator_for(dice, evaluation), name)

        return GameEntry(name, summary, _options, build_chance, family="chance")
    many: SpielNPlayer = game

    def build_n(options: argparse.Namespace) -> KitUser:
        evaluation = read_evaluation(str(options.estimator))
        return NKit(many, estimator_for(many, evaluation), name, total=None)

    return GameEntry(name, summary, _options, build_n, family="n-player")


def openspiel_entry(name: str) -> GameEntry:
    """The entry of the OpenSpiel game `name` names (`openspiel:` and the game in
    OpenSpiel's syntax), the same entry each time it is asked.  The name keeps its case
    after the prefix (OpenSpiel's parameters may need it)."""
    return _entry(PREFIX + name.strip()[len(PREFIX) :].strip())
