"""Searches on more than one core, or more than one machine.

- `gamelib.parallel.batch`: many independent searches on any
  `concurrent.futures` executor (a local process pool, a Dask cluster),
  results as they finish with their input index, nothing lost when a
  worker dies;
- `gamelib.parallel.recipes`: what crosses to a worker, a recipe to
  rebuild the search there (closures do not pickle);
- `gamelib.parallel.split`: one search spread over workers: Jamboree's
  parallel moves, and root splitting.
"""

from gamelib.parallel.batch import (
    BatchResult,
    DaskMissingError,
    SchedulerError,
    Workers,
    dask_workers,
    local_workers,
    run_batch,
)
from gamelib.parallel.recipes import Analysis, GivenGame, GoalRecipe, SearchRecipe, SolveRecipe

__all__ = [
    "Analysis",
    "BatchResult",
    "DaskMissingError",
    "GivenGame",
    "GoalRecipe",
    "SchedulerError",
    "SearchRecipe",
    "SolveRecipe",
    "Workers",
    "dask_workers",
    "local_workers",
    "run_batch",
]
