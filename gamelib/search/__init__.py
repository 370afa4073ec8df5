"""The search core: what every search algorithm plugs into.

- [`gamelib.search.player`][gamelib.search.player]: the one factory shape, the player it returns,
  edges, and the root's tail;
- [`gamelib.search.events`][gamelib.search.events]: what a search tells its observer;
- [`gamelib.search.observe`][gamelib.search.observe]: how a factory reports, at no cost when
  unobserved;
- [`gamelib.search.capabilities`][gamelib.search.capabilities]: keyed states and numeric estimates;
- [`gamelib.search.counting`][gamelib.search.counting]: a game that counts positions, an estimator
  that records what it estimated.

The lectures' own algorithms live in `gamelib.estimate`; the catalog of
every search kind is [`gamelib.catalog`][gamelib.catalog].
"""

from gamelib.search.capabilities import (
    Capability,
    Keyed,
    MissingCapabilityError,
    NumericEstimates,
    average_est,
    has_numeric_estimates,
    missing,
    negate_est,
    state_key,
)
from gamelib.search.counting import CountingGame, RecordingEstimator
from gamelib.search.events import (
    BoundKind,
    Cut,
    Enter,
    Leave,
    SearchEvent,
    SearchObserver,
    TableHit,
    Window,
    bound_kind,
    event_to_string,
)
from gamelib.search.observe import Watch
from gamelib.search.player import (
    Edge,
    GameRecursionError,
    MoveOrderError,
    NoMovesError,
    Scanned,
    SearchDepthError,
    SearchFactory,
    SearchPlayer,
    edge_max,
    edge_min,
    move_of,
    no_moves,
    ordered_moves,
    recursion_error,
    search_player,
    value_of,
    windowed_root,
)

__all__ = [
    "BoundKind",
    "Capability",
    "CountingGame",
    "Cut",
    "Edge",
    "Enter",
    "GameRecursionError",
    "Keyed",
    "Leave",
    "MissingCapabilityError",
    "MoveOrderError",
    "NoMovesError",
    "NumericEstimates",
    "RecordingEstimator",
    "Scanned",
    "SearchDepthError",
    "SearchEvent",
    "SearchFactory",
    "SearchObserver",
    "SearchPlayer",
    "TableHit",
    "Watch",
    "Window",
    "average_est",
    "bound_kind",
    "edge_max",
    "edge_min",
    "event_to_string",
    "has_numeric_estimates",
    "missing",
    "move_of",
    "negate_est",
    "no_moves",
    "ordered_moves",
    "recursion_error",
    "search_player",
    "state_key",
    "value_of",
    "windowed_root",
]
