"""Games of n >= 2 players: the contract, max^n, shallow pruning, paranoid search, trees.

Their traces are drawn by [`gamelib.trace`][gamelib.trace], in the words of
[`NWords`][gamelib.trace.words.NWords].

- [`gamelib.nplayer.game`][gamelib.nplayer.game]: the n-player contract
  ([`NPlayerGame`][gamelib.nplayer.game.NPlayerGame]), utility vectors, estimators and settings;
- [`gamelib.nplayer.maxn`][gamelib.nplayer.maxn]: [`MaxN`][gamelib.nplayer.maxn.MaxN],
  [`ShallowMaxN`][gamelib.nplayer.maxn.ShallowMaxN] and the paranoid reduction
  ([`ParanoidGame`][gamelib.nplayer.maxn.ParanoidGame],
  [`Paranoid`][gamelib.nplayer.maxn.Paranoid]), and what they tell an observer
  ([`NEvent`][gamelib.nplayer.maxn.NEvent]);
- [`gamelib.nplayer.trees`][gamelib.nplayer.trees]: explicit n-player trees in text form;
- [`NPlayerTurns`][gamelib.nplayer.game.NPlayerTurns]: how the one controller
  ([`play_out`][gamelib.core.controller.play_out]) plays them.
"""

from gamelib.core.controller import PlayerCountError
from gamelib.nplayer.game import (
    Finished,
    NEstimator,
    NPlayerGame,
    NPlayerTurns,
    NSettings,
    NStatus,
    Number,
    PlayerNumberError,
    UtilityLengthError,
    Vector,
    VectorEstimator,
    check_players,
    check_vector,
    letter_names,
    not_a_player,
    number_to_string,
    utilities_to_string,
    vector_to_string,
)
from gamelib.nplayer.maxn import (
    END,
    Ended,
    EndMove,
    MaxN,
    NEvent,
    NFactory,
    NObserver,
    NSearchPlayer,
    Paranoid,
    ParanoidEstimator,
    ParanoidGame,
    ShallowBoundError,
    ShallowMaxN,
    ShallowSettings,
    count_leaves,
    paranoid_player,
    paranoid_settings,
)
from gamelib.nplayer.trees import (
    CSE473,
    CSE473_TEXT,
    NTree,
    TreeGame,
    parse_tree,
    tree_estimator,
    tree_players,
    tree_to_text,
)

__all__ = [
    "CSE473",
    "CSE473_TEXT",
    "END",
    "EndMove",
    "Ended",
    "Finished",
    "MaxN",
    "NEstimator",
    "NEvent",
    "NFactory",
    "NObserver",
    "NPlayerGame",
    "NPlayerTurns",
    "NSearchPlayer",
    "NSettings",
    "NStatus",
    "NTree",
    "Number",
    "Paranoid",
    "ParanoidEstimator",
    "ParanoidGame",
    "PlayerCountError",
    "PlayerNumberError",
    "ShallowBoundError",
    "ShallowMaxN",
    "ShallowSettings",
    "TreeGame",
    "UtilityLengthError",
    "Vector",
    "VectorEstimator",
    "check_players",
    "check_vector",
    "count_leaves",
    "letter_names",
    "not_a_player",
    "number_to_string",
    "paranoid_player",
    "paranoid_settings",
    "parse_tree",
    "tree_estimator",
    "tree_players",
    "tree_to_text",
    "utilities_to_string",
    "vector_to_string",
]
