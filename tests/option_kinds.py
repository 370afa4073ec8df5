"""Search kinds of a user's own with options, one of games of chance and one of games of n
players, as `--kind-from MODULE:OBJECT` and `main(catalog=...)` take them: their options
are command-line flags as a two-player kind's are (`--lookahead 1`)."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from gamelib.catalog import ChanceKind, NPlayerKind
from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import ChancePlayer, ChanceSettings, Star1
from gamelib.chance.game import ChanceEstimator
from gamelib.nplayer.game import NEstimator, NSettings, Number, Vector
from gamelib.nplayer.maxn import MaxN, NObserver, NSearchPlayer
from gamelib.search.kinds import Option, OptionValues, parse_count

S = TypeVar("S")
M = TypeVar("M")

LOOKAHEAD: Option[int] = Option(
    "lookahead", "the look-ahead", 0, parse_count, "plies searched beyond the depth"
)
"""How much deeper than its depth a kind here searches."""


def _far_star1(
    estimator: ChanceEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: ChanceObserver[S, M] | None = None,
) -> ChancePlayer[S, M]:
    return Star1(ChanceSettings(estimator, depth + LOOKAHEAD.of(options)), observer=observer)


def _far_maxn(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return MaxN(NSettings(estimator, depth + LOOKAHEAD.of(options)), observer=observer)


FAR_STAR1 = ChanceKind("far-star1", "Star1, LOOKAHEAD plies deeper", _far_star1, (LOOKAHEAD,))
"""A kind for games of chance with an option (`far-star1:2:1` searches to depth 3)."""

FAR_MAXN = NPlayerKind("far-maxn", "max^n, LOOKAHEAD plies deeper", _far_maxn, (LOOKAHEAD,))
"""A kind for games of n players with the option of the same name."""

FAR = (FAR_STAR1, FAR_MAXN)
"""The two, as one object."""

SEEDED = dataclasses.replace(
    FAR_MAXN, name="seeded-maxn", options=(dataclasses.replace(LOOKAHEAD, name="seed"),)
)
"""A kind whose option has the name of gamelib's own `--seed` flag: refused as a flag."""

SPEC_SEED: Option[int] = dataclasses.replace(LOOKAHEAD, name="seed", flag=False)
"""The look-ahead under the name `seed`, given in a spec only."""


def _seeded_maxn(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return MaxN(NSettings(estimator, depth + SPEC_SEED.of(options)), observer=observer)


SPEC_SEEDED = NPlayerKind("seeded-maxn", "max^n, SEED plies deeper", _seeded_maxn, (SPEC_SEED,))
"""The same, its option given in a spec only (`flag=False`), as MCTS's `seed` is."""
