"""What a worker rebuilds a command's game and players from: the caller's catalogs, not
only gamelib's own.

A worker (`--workers N`, `--scheduler ADDRESS`) gets no catalog from `main`.  It is sent
how to find the game (`SentGame`: gamelib's own by name, one loaded with `--game-from
MODULE:OBJECT` by that path, which the worker imports again, one given to `main` as
itself) and the search kinds the players name (`SentKinds`: gamelib's own by name, the
caller's as themselves).  What cannot be sent, such as a kind whose factory is a lambda
on local processes, is said in one sentence before any work starts.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Collection
from dataclasses import dataclass
from typing import TypeVar

from gamelib.catalog import CATALOG, CHANCE_CATALOG, NPLAYER_CATALOG, Catalogs, ChanceKind
from gamelib.catalog import NPlayerKind as NKind
from gamelib.cli._common import Context, UsageError, _Defaults, build_kit
from gamelib.cli.beyond import FamilyKit
from gamelib.cli.book_players import book_player
from gamelib.cli.games import (
    GAME_CATALOG,
    AnyEntry,
    GameCatalog,
    GameKit,
    Kept,
    installed_games,
)
from gamelib.cli.loading import load_game
from gamelib.core.checks import echo
from gamelib.core.controller import Seat
from gamelib.core.estimator import Estimator
from gamelib.parallel.batch import Workers
from gamelib.parallel.book import kept_book
from gamelib.parallel.recipes import built
from gamelib.search.kinds import Catalog, Named, SearchKind

__all__ = [
    "SentEstimator",
    "SentGame",
    "SentKinds",
    "SentRules",
    "SentSeat",
    "sent_game",
    "sent_kind",
    "sent_kinds",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")
K = TypeVar("K", bound=Named)


@dataclass(frozen=True)
class SentGame:
    """A game as a worker finds it: gamelib's own by name, an installed package's by its
    entry point, one `--game-from` loaded by its path, or the caller's entry itself."""

    name: str
    args: tuple[str, ...]
    """Its options as typed (`("--cols", "5")`)."""
    path: str | None = None
    """The `--game-from` MODULE:OBJECT it was loaded from."""
    entry: AnyEntry | None = None
    """The caller's own entry (it travels with the work, so it must pickle)."""
    installed: bool = False
    """Whether an installed package names it (its entry point is loaded again)."""

    def games(self) -> GameCatalog:
        """gamelib's games, with this one among them."""
        if self.path is not None:
            return GAME_CATALOG.with_game(load_game(self.path))
        if self.entry is not None:
            return GAME_CATALOG.with_game(self.entry)
        found = GAME_CATALOG
        for entry in installed_games()[0] if self.installed else ():
            found = found.with_game(entry)
        return found

    def kit(self) -> GameKit[object, object, object] | FamilyKit[object, object, object]:
        """The game's kit, built once per process."""

        def make() -> object:
            kept = Kept()
            build_kit(self.games(), self.name, list(self.args), playing=False).run(kept)
            return kept.kit

        kit = built(("sent kit", self), make)
        assert isinstance(kit, GameKit | FamilyKit)  # built by Kept
        return kit


def sent_game(context: Context, name: str, args: tuple[str, ...], workers: Workers) -> SentGame:
    """How workers find the game `name` of `context`; UsageError in one sentence when it
    is one given to `main` that does not pickle."""
    entry = context.games[name]
    if entry is GAME_CATALOG.get(name):
        return SentGame(entry.name, args)
    path = context.game_paths.get(entry.name)
    if path is not None:
        return SentGame(entry.name, args, path=path)
    if any(entry is e for e in installed_games()[0]):
        return SentGame(entry.name, args, installed=True)
    _check(entry, workers, f"the game '{entry.name}'", "load it with --game-from MODULE:OBJECT")
    return SentGame(entry.name, args, entry=entry)


@dataclass(frozen=True)
class SentKinds:
    """The search kinds a worker reads the players with: gamelib's own by name, the
    caller's as themselves (those the players name; the others stay behind)."""

    two_player: tuple[str | SearchKind, ...]
    chance: tuple[str | ChanceKind, ...]
    n_player: tuple[str | NKind, ...]

    def catalogs(self) -> Catalogs:
        """The caller's catalogs, as far as the players need them."""
        return Catalogs(
            _rebuilt(self.two_player, CATALOG),
            _rebuilt(self.chance, CHANCE_CATALOG),
            _rebuilt(self.n_player, NPLAYER_CATALOG),
        )


def _rebuilt(sent: tuple[str | K, ...], own: Catalog[K]) -> Catalog[K]:
    return Catalog(tuple(own[kind] if isinstance(kind, str) else kind for kind in sent))


def sent_kinds(catalogs: Catalogs, used: Collection[str], workers: Workers) -> SentKinds:
    """What workers read players that name the kinds `used` with; UsageError in one
    sentence for a kind of the caller's that does not pickle."""
    return SentKinds(
        _sent(catalogs.two_player, CATALOG, used, workers),
        _sent(catalogs.chance, CHANCE_CATALOG, used, workers),
        _sent(catalogs.n_player, NPLAYER_CATALOG, used, workers),
    )


def _sent(
    catalog: Catalog[K], own: Catalog[K], used: Collection[str], workers: Workers
) -> tuple[str | K, ...]:
    found: list[str | K] = []
    for kind in catalog:
        if own.get(kind.name) is kind:
            found.append(kind.name)
        elif kind.name in used:
            _check(kind, workers, f"the search kind '{kind.name}'", _MODULE_LEVEL)
            found.append(kind)
    return tuple(found)


def sent_kind(catalogs: Catalogs, name: str, workers: Workers) -> str | SearchKind:
    """The two-player kind `name` as a `SearchRecipe` takes it: gamelib's own by name,
    the caller's as itself."""
    kind = catalogs.two_player[name]
    if CATALOG.get(name) is kind:
        return name
    _check(kind, workers, f"the search kind '{name}'", _MODULE_LEVEL)
    return kind


_MODULE_LEVEL = "make its parts module-level functions and classes"
"""What to do about a kind that does not pickle."""


def _check(thing: object, workers: Workers, what: str, instead: str) -> None:
    """UsageError unless `thing` can be sent to `workers`."""
    try:
        workers.dumps(thing)
    except Exception as error:
        raise UsageError(
            f"{what} cannot be sent to {workers.name}, as it does not pickle "
            f"({type(error).__name__}: {echo(str(error), 120)}): {instead}, or run "
            "without --workers or --scheduler"
        ) from None


@dataclass(frozen=True)
class SentRules:
    """Makes a game on a worker (a solve batch's rules, a book's)."""

    game: SentGame

    def __call__(self) -> object:
        return self.game.kit().game


@dataclass(frozen=True)
class SentEstimator:
    """Makes a two-player game's estimator on a worker (an analyse batch's)."""

    game: SentGame

    def __call__(self) -> Estimator[object, object, object]:
        kit = self.game.kit()
        assert isinstance(kit, GameKit)  # a batch refuses games of other families
        return kit.estimator


@dataclass(frozen=True)
class SentSeat:
    """Makes a match's player on a worker from its spec as typed and the flags given (the
    worker reads the spec again: a spec's parts need not pickle)."""

    game: SentGame
    kinds: SentKinds
    text: str
    flags: tuple[tuple[str, str | None], ...]
    """`--depth` and the search options' flags, by their names in the options."""
    role: str
    book: tuple[str, str] | None = None
    """`--book`: the book's path and the game's name as typed (its header gives it); the
    worker reads the file itself, once."""

    def __call__(self, game: object, seed: int | None) -> Seat[object, object]:
        kit = self.game.kit()
        catalogs = self.kinds.catalogs()
        options = argparse.Namespace(**dict(self.flags))
        spec = _Defaults(options, catalogs, kit).spec(self.text)
        player = kit.seat(spec, self.role, (io.StringIO(), io.StringIO()), seed)
        if self.book is None:
            return player
        assert isinstance(kit, GameKit)  # match refuses --book for games of other families
        path, name = self.book
        return book_player(player, kit.game, kept_book(path, kit.game, name))


def flags(options: argparse.Namespace, catalogs: Catalogs) -> tuple[tuple[str, str | None], ...]:
    """The flags a spec reads: `--depth` and every search option's of `catalogs`."""
    names = ["depth", *(o.name.replace("-", "_") for o in catalogs.options())]
    return tuple((name, getattr(options, name, None)) for name in names)
