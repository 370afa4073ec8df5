"""Games with chance positions: the contract, expectiminimax, Star1 and Star2, trees.

Their traces are drawn by [`gamelib.trace`][gamelib.trace], in the words of
[`ChanceWords`][gamelib.trace.words.ChanceWords].

The two-player GAME contract of the lectures is left as it is; a game with
dice is a `ChanceGame`, searched by `Expectiminimax`,
`Star1` or `Star2` built from `ChanceSettings`, and played by the one controller
([`play_out`][gamelib.core.controller.play_out]) through `ChanceTurns`.
"""

from gamelib.chance.events import (
    ChanceEvent,
    ChanceObserver,
    LeafCounter,
    Moved,
    Phase,
    Rolled,
    Step,
)
from gamelib.chance.expectiminimax import (
    BoundsError,
    ChanceFactory,
    ChancePlayer,
    ChanceSettings,
    Expectiminimax,
    Star1,
    Star2,
    count_leaves,
)
from gamelib.chance.game import (
    Branch,
    ChanceEstimator,
    ChanceGame,
    ChancePositionError,
    ChanceTurns,
    Mover,
    Nature,
    NoBranchesError,
    Probability,
    ProbabilityError,
    Value,
    check_branches,
    check_probabilities,
)
from gamelib.chance.trees import (
    ChanceTreeEstimator,
    ChanceTreeGame,
    chance_tree_estimator,
    chance_tree_to_text,
    parse_chance_tree,
)

__all__ = [
    "BoundsError",
    "Branch",
    "ChanceEstimator",
    "ChanceEvent",
    "ChanceFactory",
    "ChanceGame",
    "ChanceObserver",
    "ChancePlayer",
    "ChancePositionError",
    "ChanceSettings",
    "ChanceTreeEstimator",
    "ChanceTreeGame",
    "ChanceTurns",
    "Expectiminimax",
    "LeafCounter",
    "Moved",
    "Mover",
    "Nature",
    "NoBranchesError",
    "Phase",
    "Probability",
    "ProbabilityError",
    "Rolled",
    "Star1",
    "Star2",
    "Step",
    "Value",
    "chance_tree_estimator",
    "chance_tree_to_text",
    "check_branches",
    "check_probabilities",
    "count_leaves",
    "parse_chance_tree",
]
