"""gamelib's players as OpenSpiel bots, and OpenSpiel's bots as gamelib's players.

Both ways:

- [`bot`][gamelib.openspiel.bots.bot]`(spec, game)` is a `pyspiel.Bot` that plays as the
  player a gamelib spec names (`alphabeta:6`, `mcts:2000`, `id:1s`, `pvs:8`,
  `expectiminimax:3`, `maxn:3`, `random`), for OpenSpiel's `evaluate_bots` or any other
  OpenSpiel code that takes bots;
- [`SPIEL_KINDS`][gamelib.openspiel.bots.SPIEL_KINDS] are two search kinds that put
  OpenSpiel's own bots in a seat of `gamelib play` or `gamelib match` on an OpenSpiel game:
  `openspiel-mcts:SIMS[:SEED]` (OpenSpiel's `MCTSBot`: UCT with exploration constant 2,
  one random rollout per simulation, solved positions backed up) and `openspiel-random`
  (OpenSpiel's uniform random bot).

```pycon
>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> game = pyspiel.load_game("tic_tac_toe")
>>> bots = [bot("alphabeta:9", game), bot("random", game, seed=1)]
>>> evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
[1.0, -1.0]

```
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, cast, final

from gamelib.catalog import CATALOG, CATALOGS, Catalogs
from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.specs import DEFAULT_DEPTH, SpecError, read_player_spec
from gamelib.core.datatypes import Draw, Side, Winner
from gamelib.core.estimator import Definitely, Est, Estimator, Guess, Settings
from gamelib.core.random_player import RandomPlayer
from gamelib.openspiel.estimators import DEFAULT_ESTIMATOR, estimator_for, read_evaluation
from gamelib.openspiel.game import (
    SpielChance,
    SpielLoaded,
    SpielNPlayer,
    SpielTwoPlayer,
    adapt,
    load,
)
from gamelib.openspiel.position import Action, Position, actions
from gamelib.openspiel.spiel import SpielGame, SpielState, pyspiel
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import (
    Option,
    OptionValues,
    SearchKind,
    UnobservedError,
    parse_count,
    parse_positive,
    settings_of,
)
from gamelib.search.player import SearchPlayer

__all__ = [
    "SPIEL_KINDS",
    "SPIEL_SEED",
    "SPIEL_SIMS",
    "SpielBot",
    "SpielBotPlayer",
    "SpielBotSettings",
    "bot",
    "with_spiel_kinds",
]

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


class SpielBot(Protocol):
    """An OpenSpiel bot (`pyspiel.Bot`), as OpenSpiel's `evaluate_bots` uses one."""

    def step(self, state: SpielState, /) -> int: ...

    def restart_at(self, state: SpielState, /) -> None: ...

    def inform_action(self, state: SpielState, player: int, action: int, /) -> None: ...


def _face(game: object) -> SpielLoaded:
    if isinstance(game, SpielTwoPlayer | SpielChance | SpielNPlayer):
        return game
    if isinstance(game, str):
        return load(game)
    return adapt(cast(SpielGame, game))


def _chooser(
    spec: str, game: SpielLoaded, estimating: str, seed: int | None
) -> Callable[[Position], Action]:
    """The gamelib player `spec` names on `game`."""
    if spec.split(":")[0].strip().lower() in ("human", "direct"):
        raise SpecError(f"a bot plays by itself: '{spec}' is no search player")
    evaluation = read_evaluation(estimating)
    if isinstance(game, SpielTwoPlayer):
        parsed = read_player_spec(spec, "two-player", game.spec, DEFAULT_DEPTH)
        if parsed.kind == "random":
            return RandomPlayer(game, seed=seed).next_move
        if parsed.kind not in CATALOG:
            raise SpecError(f"a bot plays by itself: '{spec}' is no search player")
        estimator = estimator_for(game, evaluation)
        return CATALOG[parsed.kind].build(estimator, parsed.depth, parsed.options).next_move
    quiet = (io.StringIO(), io.StringIO())
    if isinstance(game, SpielChance):
        chance = read_player_spec(spec, "chance", game.spec, DEFAULT_DEPTH)
        kit = ChanceKit(game, estimator_for(game, evaluation), game.spec)
        return kit.seat(chance, "a", quiet, seed)
    n = len(game.names)
    many = read_player_spec(spec, "n-player", game.spec, DEFAULT_DEPTH, players=n)
    n_kit = NKit(game, estimator_for(game, evaluation), game.spec, total=None)
    return n_kit.seat(many, "a", quiet, seed)


@functools.cache
def _bot_class() -> type:
    """A subclass of `pyspiel.Bot` (made once OpenSpiel is imported) whose `step` asks a
    gamelib player."""
    base: type = pyspiel().Bot
    base_init: Callable[[object], None] = pyspiel().Bot.__init__

    def init(
        self: object, choose: Callable[[Position], Action], game: SpielLoaded, name: str
    ) -> None:
        base_init(self)
        vars(self).update(choose=choose, game=game, name=name)

    def step(self: object, state: SpielState) -> int:
        mine = vars(self)
        choose = cast(Callable[[Position], Action], mine["choose"])
        # A copy: OpenSpiel goes on to change its own state.
        return int(choose(cast(SpielLoaded, mine["game"]).position(state)))

    def restart_at(self: object, state: SpielState) -> None:
        del state

    def inform_action(self: object, state: SpielState, player: int, action: int) -> None:
        del state, player, action

    def written(self: object) -> str:
        return f"bot({vars(self)['name']!r})"

    members = {"step": step, "restart_at": restart_at, "inform_action": inform_action}
    return type("GamelibBot", (base,), {"__init__": init, "__repr__": written, **members})


def bot(
    spec: str, game: object, *, estimator: str = DEFAULT_ESTIMATOR, seed: int | None = None
) -> SpielBot:
    """An OpenSpiel bot (a `pyspiel.Bot`) that plays `game` as the gamelib player `spec`
    names: a search kind of the game's family with its depth and options (`alphabeta:6`,
    `mcts:2000`, `id:1s`, `expectiminimax:3`, `maxn:3`) or `random`.

    `game` is a `pyspiel.Game`, a game in OpenSpiel's syntax or a loaded game; `estimator`
    is what depth-limited searches guess with (see
    [`gamelib.openspiel.estimators`][gamelib.openspiel.estimators]); `seed` seeds a random
    player.  `SpecError` for a spec that names no player of the game's family.
    """
    face = _face(game)
    return cast(SpielBot, _bot_class()(_chooser(spec, face, estimator, seed), face, spec))


# --------------------------------------------------------------------------
# OpenSpiel's bots in gamelib's seats


@final
@dataclass(frozen=True, slots=True)
class SpielBotSettings(Settings[S, M, G]):
    """The settings of a seat played by OpenSpiel's bot: which bot, and its budget."""

    bot: str = "mcts"
    """`mcts` (OpenSpiel's `MCTSBot`) or `random` (its uniform random bot)."""
    simulations: int = field(default=1000, kw_only=True)
    """MCTS's simulations per move."""
    seed: int = field(default=0, kw_only=True)
    """What the bot's random numbers are seeded with."""


@final
class SpielBotPlayer(Generic[S, M, G]):
    """A gamelib player whose moves OpenSpiel's bot chooses (on an OpenSpiel game only)."""

    __slots__ = ("_bots", "_game", "_mcts", "settings")

    def __init__(self, settings: SpielBotSettings[S, M, G]) -> None:
        game: object = settings.estimator.game
        if not isinstance(game, SpielTwoPlayer):
            raise SpecError(
                f"openspiel-{settings.bot} plays OpenSpiel's games only (openspiel:NAME)"
            )
        self.settings = settings
        self._game = game
        self._bots: dict[int, SpielBot] = {}
        self._mcts: object = None

    def __str__(self) -> str:
        if self.settings.bot == "mcts":
            return f"OpenSpiel's MCTSBot ({self.settings.simulations} simulations)"
        return "OpenSpiel's uniform random bot"

    @property
    def game(self) -> SpielTwoPlayer:
        """The game."""
        return self._game

    def _mcts_bot(self) -> object:
        if self._mcts is None:
            import numpy as np
            from open_spiel.python.algorithms import mcts

            rng = np.random.RandomState(self.settings.seed)
            self._mcts = mcts.MCTSBot(
                self._game.spiel,
                2,
                self.settings.simulations,
                mcts.RandomRolloutEvaluator(1, rng),
                solve=True,
                random_state=rng,
            )
        return self._mcts

    def next_move(self, position: Position, /) -> Action:
        """The move OpenSpiel's bot chooses in `position`."""
        state = position.state
        if self.settings.bot == "mcts":
            chosen = cast(SpielBot, self._mcts_bot()).step(state.clone())
        else:
            p = state.current_player()
            if p not in self._bots:
                made = pyspiel().make_uniform_random_bot(p, self.settings.seed + p)
                self._bots[p] = cast(SpielBot, made)
            chosen = self._bots[p].step(state.clone())
        return next(move for move in actions(state) if move == chosen)

    def analyse(self, position: Position, /) -> tuple[Action, Est[float]]:
        """The move, and its value for Maxie: the mean of OpenSpiel's MCTS over the
        simulations through it, or the result it proved; 0 from the random bot."""
        if self.settings.bot != "mcts":
            return self.next_move(position), Guess(0.0)
        state = position.state
        root = self._mcts_bot().mcts_search(state.clone())  # type: ignore[attr-defined]  # OpenSpiel's MCTSBot
        best = root.best_child()
        move = next(m for m in actions(state) if m == best.action)
        sign = 1.0 if state.current_player() == 0 else -1.0
        if best.outcome is not None:
            first = best.outcome[0]
            outcome = Draw() if first == 0 else Winner(Side.Maxie if first > 0 else Side.Minnie)
            return move, Definitely(outcome)
        return move, Guess(sign * best.total_reward / max(best.explore_count, 1))


SPIEL_SIMS: Option[int] = Option(
    "sims",
    "the simulations",
    1000,
    parse_positive,
    "simulations per move of OpenSpiel's MCTSBot",
    examples=(50,),
    flag=False,
)
"""The simulations of OpenSpiel's MCTSBot per move (`openspiel-mcts:SIMS`)."""

SPIEL_SEED: Option[int] = Option(
    "seed",
    "the seed",
    0,
    parse_count,
    "where the bot's random numbers start",
    examples=(7,),
    flag=False,
)
"""What an OpenSpiel bot's random numbers are seeded with."""


def _mcts_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> SpielBotSettings[S, M, G]:
    return SpielBotSettings(
        estimator, depth, "mcts", simulations=SPIEL_SIMS.of(options), seed=SPIEL_SEED.of(options)
    )


def _random_settings(
    estimator: Estimator[S, M, G], depth: int, options: OptionValues, /
) -> SpielBotSettings[S, M, G]:
    return SpielBotSettings(estimator, depth, "random", seed=SPIEL_SEED.of(options))


def _spiel_bot(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    if observer is not None:
        raise UnobservedError("OpenSpiel's bots say nothing of their search: none is traced")
    own = settings_of(SpielBotSettings, settings, "an OpenSpiel bot")
    # The player checks that the game is OpenSpiel's: its states and moves are these.
    return cast("SearchPlayer[S, M, G]", SpielBotPlayer(own))


SPIEL_KINDS: tuple[SearchKind, ...] = (
    SearchKind(
        "openspiel-mcts",
        _spiel_bot,
        "OpenSpiel's MCTSBot (UCT, c = 2, one random rollout, solving): "
        "openspiel-mcts:1000 runs 1,000 simulations",
        settings=_mcts_settings,
        options=(SPIEL_SIMS, SPIEL_SEED),
        default_depth=1,
        lead="sims",
        exact=False,
        observed=False,
        takes_depth=False,
    ),
    SearchKind(
        "openspiel-random",
        _spiel_bot,
        "OpenSpiel's uniform random bot",
        settings=_random_settings,
        options=(SPIEL_SEED,),
        default_depth=1,
        lead="seed",
        exact=False,
        observed=False,
        takes_depth=False,
    ),
)
"""OpenSpiel's own bots as search kinds: the command line adds them to its catalog when
the game is OpenSpiel's ([`with_spiel_kinds`][gamelib.openspiel.bots.with_spiel_kinds])."""


def with_spiel_kinds(catalogs: Catalogs = CATALOGS) -> Catalogs:
    """`catalogs` with OpenSpiel's bots among its two-player kinds."""
    for kind in SPIEL_KINDS:
        catalogs = catalogs.with_kind(kind)
    return catalogs
