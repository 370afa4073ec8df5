"""`--game-from MODULE:OBJECT[,ESTIMATOR]`: a game from outside the package, for one run.

OBJECT may be any of three things:

- a game entry of any family ([`game_entry`][gamelib.cli.games.game_entry]`(name, summary,
  estimator)`, or `chance_entry` / `nplayer_entry` of `gamelib.cli.beyond`): the game as
  its entry names it;
- an estimator: its `.game` is the game, named after the module (`race:estimator` is the
  game `race`);
- a bare two-player [`Game`][gamelib.core.game.Game], named after the module: with
  `,ESTIMATOR` (another object of the module) that estimator, else one that guesses 0 for
  every unfinished position (a search still finds every forced result it sees; a solve
  needs no estimator).

The module is looked for on Python's path and, as `python -m` does, in the current
folder; it is named as Python imports it (`mygames`, `pkg.games`), not by a file's path.
Whatever cannot be used gets a [`GameLoadError`][gamelib.cli.games.GameLoadError], one
sentence that says what is missing.

`--kind-from MODULE:OBJECT` ([`load_kinds`][gamelib.cli.loading.load_kinds]) finds a search
kind, or a tuple or list of them, the same way.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import os
import sys
from collections.abc import Callable
from typing import cast

from gamelib.catalog import ChanceKind, Family, NPlayerKind
from gamelib.chance.game import checked_chance
from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.games import (
    AnyEntry,
    GameEntry,
    GameLoadError,
    _checked,
    _error,
    _fits_a_name,
    game_entry,
)
from gamelib.cli.kits import _GAME_NEEDS, EntryError, KitUser, _game_lacks
from gamelib.cli.specs import shown
from gamelib.core.checks import article, in_words
from gamelib.core.contracts import game_title
from gamelib.core.estimator import Estimator, NumericEstimator
from gamelib.core.game import Game
from gamelib.nplayer.game import check_names, checked_nplayer
from gamelib.search.kinds import SearchKind

__all__ = ["GAME_METHODS", "AnyKind", "load_game", "load_kinds"]

GAME_METHODS = _GAME_NEEDS["two-player"]
"""What a two-player game has (`gamelib.core.game.Game`)."""

_ESTIMATOR_METHODS = ("game", "estimate", "compare", "guess_to_string")
_HOW = (
    "give a Game, an estimator (whose .game is the game), or an entry "
    "(gamelib.cli.games.game_entry)"
)


def load_game(path: str) -> AnyEntry:
    """The game `path` (`MODULE:OBJECT[,ESTIMATOR]`, as `--game-from` takes it) names, as
    an entry of the catalog (see the module).

    ```pycon
    >>> load_game("gamelib.games.nim:Nim")
    Traceback (most recent call last):
    ...
    gamelib.cli.games.GameLoadError: --game-from gamelib.games.nim:Nim is the class Nim, not \
a game: make one in the module (game = Nim(...)) and name that
    >>> load_game("gamelib.cli.games:GAME_CATALOG")
    Traceback (most recent call last):
    ...
    gamelib.cli.games.GameLoadError: --game-from gamelib.cli.games:GAME_CATALOG is a \
GameCatalog, not a game: give a Game, an estimator (whose .game is the game), or an entry \
(gamelib.cli.games.game_entry)

    ```
    """
    said = f"--game-from {shown(path, 60)}"
    module_name, colon, rest = path.partition(":")
    attribute, comma, beside = rest.partition(",")
    module_name, attribute, beside = module_name.strip(), attribute.strip(), beside.strip()
    _check_path(colon, module_name, attribute, said, "mygame:RACE")
    if comma and not beside:
        raise GameLoadError(f"{said}: name the estimator after the comma, as MODULE:GAME,ESTIMATOR")
    module = _module(module_name, said, "mygame")
    found = _attribute(module, module_name, attribute, said)
    if not comma and isinstance(found, GameEntry):
        return _watched(_checked(found, said))
    named = f"{module_name}:{attribute}"
    estimator: object = None
    if comma:
        if isinstance(found, GameEntry) or _is_estimator(found):
            what = "an entry" if isinstance(found, GameEntry) else "an estimator"
            raise GameLoadError(
                f"{said}: an estimator goes beside a bare game, and {named} is {what} already"
            )
        estimator = _attribute(module, module_name, beside, said)
        if not _is_estimator(estimator):
            _check_game(found, said)  # a game of another family is said as one, first
            _check_estimates(estimator, f"{said}: {beside}")
            raise GameLoadError(
                f"{said}: {beside} is {_a(estimator)}, not an estimator (one has "
                f"{in_words(_ESTIMATOR_METHODS, 'and')})"
            )
    elif _is_estimator(found):
        found, estimator = getattr(found, "game"), found  # noqa: B009  (checked just above)
    else:
        _check_estimates(found, said)
    _check_game(found, said)
    if estimator is not None:
        his = getattr(estimator, "game")  # noqa: B009  (an estimator, checked)
        if his is not found and his != found:
            raise GameLoadError(
                f"{said}: the estimator {beside} is for another game (its .game is not {named})"
            )
    name = module_name.rpartition(".")[2].lower()
    if not _fits_a_name(name):
        raise GameLoadError(
            f"{said}: the game is named after its module, and {shown(name)} cannot be a "
            "game's name (lower-case letters, digits, '-' and '_'): name it in an entry "
            "(gamelib.cli.games.game_entry)"
        )
    game = cast(Game[object, object], found)  # it has every method of a Game: checked
    summary = f"{type(found).__name__} from {named}"
    if estimator is None:
        summary += " (no estimator: every unfinished position is guessed 0)"
        return game_entry(name, summary, NumericEstimator(game, _zero))
    return game_entry(name, summary, cast(Estimator[object, object, object], estimator))


def _check_path(colon: str, module_name: str, attribute: str, said: str, example: str) -> None:
    """GameLoadError unless MODULE:OBJECT names both."""
    if not colon or not module_name or not attribute:
        raise GameLoadError(
            f"{said}: name a module and an object in it, as MODULE:OBJECT ({example})"
        )


def _module(module_name: str, said: str, stem: str) -> object:
    """The module called `module_name` (a name, not a file's path: `stem` stands in for
    a path with no name in it)."""
    stem = os.path.splitext(os.path.basename(module_name))[0] or stem
    not_a_path = GameLoadError(
        f"{said}: give a module name, not a path ({shown(stem)}), run from the folder "
        "that holds it or with that folder on PYTHONPATH"
    )
    if "/" in module_name or os.sep in module_name:
        raise not_a_path
    try:
        return _imported(module_name, said)
    except GameLoadError as error:  # `mygame.py` is a path, unless a package gm has a py
        if module_name.endswith(".py") and str(error).startswith(f"{said}: there is no module"):
            raise not_a_path from None
        raise


AnyKind = SearchKind | ChanceKind | NPlayerKind
"""A search kind of any family, as `--kind-from` takes it."""


def load_kinds(path: str) -> tuple[AnyKind, ...]:
    """The search kinds `path` (`MODULE:OBJECT`, as `--kind-from` takes it) names: OBJECT
    is a `SearchKind`, a `ChanceKind` or an `NPlayerKind`, or a tuple or list of them.

    ```pycon
    >>> [kind.name for kind in load_kinds("gamelib.estimate.kinds:MINIMAX_KIND")]
    ['minimax']
    >>> load_kinds("gamelib.estimate.minimax:Minimax")
    Traceback (most recent call last):
    ...
    gamelib.cli.games.GameLoadError: --kind-from gamelib.estimate.minimax:Minimax is a \
function, not a search kind: give a SearchKind, a ChanceKind or an NPlayerKind \
(gamelib.catalog), or a tuple or list of them

    ```
    """
    said = f"--kind-from {shown(path, 60)}"
    module_name, colon, attribute = (part.strip() for part in path.partition(":"))
    _check_path(colon, module_name, attribute, said, "mykinds:SHALLOW")
    module = _module(module_name, said, "mykinds")
    found = _attribute(module, module_name, attribute, said)
    many = isinstance(found, tuple | list)
    kinds: tuple[object, ...] = tuple(found) if isinstance(found, tuple | list) else (found,)
    for kind in kinds:
        if not isinstance(kind, AnyKind):
            what = f"the class {kind.__name__}" if isinstance(kind, type) else _a(kind)
            raise GameLoadError(
                f"{said} {'holds' if many else 'is'} {what}, not a search kind: give a "
                "SearchKind, a ChanceKind or an NPlayerKind (gamelib.catalog), or a tuple or "
                "list of them"
            )
    if not kinds:
        raise GameLoadError(f"{said} is empty: give at least one search kind")
    return cast(tuple[AnyKind, ...], kinds)


def _watched(entry: GameEntry) -> GameEntry:
    """`entry`, whose games of chance and of n players are checked at every answer
    (`checked_chance`, `checked_nplayer`): a two-player game is checked where play and
    each search start, and a search that fails is diagnosed, but a game of chance or of n
    players can break its promises (probabilities, utilities) without failing at all."""
    if entry.family == "two-player":
        return entry
    return dataclasses.replace(entry, build=functools.partial(_watched_kit, entry.build))


def _watched_kit(
    build: Callable[[argparse.Namespace], KitUser], args: argparse.Namespace
) -> KitUser:
    """The kit `build` makes from `args`, its game and estimator checked (see `_watched`)."""
    kit = build(args)
    if isinstance(kit, ChanceKit):
        chance = checked_chance(kit.estimator)
        return dataclasses.replace(kit, game=chance.game, estimator=chance)
    if isinstance(kit, NKit):
        check_names(kit.game.names, f"the game {kit.title or game_title(kit.game)}")
        many = checked_nplayer(kit.estimator)
        return dataclasses.replace(kit, game=many.game, estimator=many)
    return kit


def _zero(state: object) -> float:
    """The guess of a game given without an estimator: 0 everywhere."""
    del state
    return 0.0


def _imported(module_name: str, said: str) -> object:
    """The module called `module_name`, looked for on Python's path and in this folder."""
    here = os.getcwd()
    added = here not in sys.path and "" not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        return importlib.import_module(module_name)
    except EntryError as error:  # an entry of the module refused as it was made: said whole
        raise GameLoadError(f"{said}: in {module_name}, {error}") from None
    except ModuleNotFoundError as error:
        if error.name is not None and module_name.startswith(error.name):
            raise GameLoadError(
                f"{said}: there is no module {error.name} (neither on Python's path nor in "
                "this folder)"
            ) from None
        raise GameLoadError(f"{said}: importing {module_name} failed: {_error(error)}") from None
    except Exception as error:  # any error of the user's module, said in one sentence
        raise GameLoadError(f"{said}: importing {module_name} failed: {_error(error)}") from None
    finally:
        if added:
            sys.path.remove(here)


def _attribute(module: object, module_name: str, attribute: str, said: str) -> object:
    """`module`'s `attribute` (dotted names go into objects)."""
    found = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise GameLoadError(f"{said}: the module {module_name} has no {attribute}")
        found = getattr(found, part)
    return found


def _is_estimator(thing: object) -> bool:
    return not isinstance(thing, type) and all(hasattr(thing, m) for m in _ESTIMATOR_METHODS)


def _check_estimates(thing: object, said: str) -> None:
    """GameLoadError if `thing` is an estimator of a game of chance or of n players, saying
    where one goes (an entry)."""
    if isinstance(thing, type) or not hasattr(thing, "estimate"):
        return
    game = getattr(thing, "game", None)
    for family, sign, name, entry in _FAMILIES:
        if hasattr(game, sign) and _game_lacks(game, name) is None:
            raise GameLoadError(
                f"{said} is an estimator of {family} (its game has {sign}): --game-from "
                f"takes a two-player Game or its estimator; {family} joins as an entry "
                f"(gamelib.cli.beyond.{entry}(name, summary, estimator))"
            )


_FAMILIES: tuple[tuple[str, str, Family, str], ...] = (
    ("a game of chance", "outcomes", "chance", "chance_entry"),
    ("a game of n players", "names", "n-player", "nplayer_entry"),
)


def _check_game(thing: object, said: str) -> None:
    """GameLoadError unless `thing` is a two-player game, saying what it lacks."""
    whole = all(hasattr(thing, m) for m in GAME_METHODS)
    for family, sign, name, entry in _FAMILIES:
        if whole and not isinstance(thing, type) and hasattr(thing, sign):
            raise GameLoadError(
                f"{said} is {family} (it has {sign}): --game-from takes a two-player Game; "
                f"{family} joins as an entry (gamelib.cli.games.GameEntry(..., "
                f"family='{name}'), or gamelib.cli.beyond.{entry}(name, summary, estimator))"
            )
    if isinstance(thing, type):
        raise GameLoadError(
            f"{said} is the class {thing.__name__}, not a game: make one in the module "
            f"(game = {thing.__name__}(...)) and name that"
        )
    if not any(hasattr(thing, m) for m in GAME_METHODS):
        raise GameLoadError(f"{said} is {_a(thing)}, not a game: {_HOW}")
    lacks = _game_lacks(thing, "two-player")
    if lacks is not None:
        raise GameLoadError(f"{said} is {lacks}")


def _a(thing: object) -> str:
    """What `thing` is, for a sentence: `a RaceToFive`, `an int`, `None`."""
    if thing is None:
        return "None"
    kind = type(thing).__name__
    return f"{article(kind)} {kind}"
