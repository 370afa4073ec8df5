"""Every family's kind has its options checked as a two-player kind's are: when the kind is
made (names, twice, the lead), and when a spec gives a value its parser cannot read."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from gamelib.catalog import CATALOGS, Catalogs
from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import ChancePlayer, ChanceSettings, Star1
from gamelib.chance.game import ChanceEstimator
from gamelib.chance.kinds import ChanceKind, searched_by
from gamelib.core.estimator import Settings
from gamelib.estimate.minimax import Minimax
from gamelib.nplayer.game import NEstimator, Number, Vector
from gamelib.nplayer.kinds import MAXN_KIND, NPlayerKind
from gamelib.nplayer.maxn import NObserver, NSearchPlayer
from gamelib.search.events import SearchObserver
from gamelib.search.kinds import Option, OptionValues, SearchKind
from gamelib.search.player import SearchPlayer
from tests.runner import run

S = TypeVar("S")
M = TypeVar("M")
G = TypeVar("G")


def _maxn(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    return MAXN_KIND.build(estimator, depth, {}, observer=observer)


def _weight(name: str) -> Option[float]:
    return Option(name, "the weight", 1.0, float, "how much")


WEIGHT = _weight("weight")
LEAD_NAMED = "the lead option of spite must be its first option"


def _star1(
    estimator: ChanceEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: ChanceObserver[S, M] | None = None,
) -> ChancePlayer[S, M]:
    return Star1(ChanceSettings(estimator, depth), observer=observer)


def _kinds(
    name: str, options: tuple[Option[object], ...], lead: str | None
) -> list[Callable[[], object]]:
    """Makers of a kind of each family called `name` with `options` and `lead`."""
    return [
        lambda: SearchKind(name, Minimax, "two-player", options=options, lead=lead),
        lambda: ChanceKind(name, "chance", _star1, options, lead),
        lambda: NPlayerKind(name, "n-player", _maxn, options, lead),
    ]


def _refused(make: Callable[[], object]) -> str:
    """The sentence of the ValueError `make` raises (it must raise one)."""
    try:
        made = make()
    except ValueError as error:
        return str(error)
    raise AssertionError(f"{made} was made")


@pytest.mark.parametrize(
    ("options", "lead", "sentence"),
    [
        (
            (_weight("depth"),),
            None,
            "an option of spite needs a name of lower-case letters, digits, '-' and '_', "
            "other than depth; got 'depth'",
        ),
        (
            (_weight("Bad Name"),),
            None,
            "an option of spite needs a name of lower-case letters, digits, '-' and '_', "
            "other than depth; got 'Bad Name'",
        ),
        ((WEIGHT, WEIGHT), None, "two options of spite have the same name"),
        ((WEIGHT,), "nope", LEAD_NAMED),
    ],
)
def test_a_kind_of_every_family_is_refused_in_the_same_sentence_when_made(
    options: tuple[Option[object], ...], lead: str | None, sentence: str
) -> None:
    assert [_refused(make) for make in _kinds("spite", options, lead)] == [sentence] * 3


def test_a_family_kind_without_a_depth_needs_a_lead_as_a_two_player_one_does() -> None:
    made = lambda: NPlayerKind("spite", "n-player", _maxn, (WEIGHT,), takes_depth=False)  # noqa: E731
    assert _refused(made) == "spite takes no depth, so it needs a lead option"


def test_searched_by_refuses_options_it_cannot_pass_when_the_kind_is_made() -> None:
    made = lambda: ChanceKind("opt", "mine", searched_by(Star1), options=(WEIGHT,))  # noqa: E731
    assert _refused(made) == (
        "opt has options (weight), but searched_by(Star1) passes its factory none: build it "
        "with a function that takes them (estimator, depth, options)"
    )


def _keyed(text: str) -> int:
    return {"a": 1}[text]


KEYED = NPlayerKind("spite", "n-player", _maxn, (Option("w", "the w", 1, _keyed, "x"),))
KEYED_TWO = SearchKind(
    "mine", Minimax, "two-player", options=(Option("w", "the w", 1, _keyed, "x"),)
)


@pytest.mark.parametrize(
    ("game", "spec", "catalog"),
    [
        ("takeaway", "spite:3:b", CATALOGS.with_kind(KEYED)),
        ("nim", "mine:3:b", CATALOGS.with_kind(KEYED_TWO)),
    ],
)
def test_an_option_parser_that_raises_anything_reads_a_bad_value(
    game: str, spec: str, catalog: Catalogs
) -> None:
    status, out, err = run("analyse", game, "--player", spec, catalog=catalog)
    assert (status, out, err) == (
        2,
        "",
        f"gamelib: the w in '{spec}' must be a value it reads, got 'b' (_keyed raised KeyError)\n",
    )


@pytest.mark.parametrize("game", ["takeaway", "pig"])
def test_an_option_named_that_a_family_s_mcts_lacks_is_named_as_any_unknown_option(
    game: str,
) -> None:
    assert run("analyse", game, "--player", "mcts:300:seed=1") == (
        2,
        "",
        "gamelib: mcts has no option 'seed' (in 'mcts:300:seed=1'); its options: sims\n",
    )


def _deaf(
    settings: Settings[S, M, G], /, *, observer: SearchObserver[S, M, G] | None = None
) -> SearchPlayer[S, M, G]:
    return Minimax(settings)  # drops its observer: it cannot be traced


def _deaf_star1(
    estimator: ChanceEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: ChanceObserver[S, M] | None = None,
) -> ChancePlayer[S, M]:
    return Star1(ChanceSettings(estimator, depth))  # drops its observer too


DEAF = CATALOGS.with_kind(SearchKind("deaf", _deaf, "deaf")).with_kind(
    ChanceKind("deaf-star1", "deaf", _deaf_star1)
)


@pytest.mark.parametrize("json", [(), ("--json",)])
@pytest.mark.parametrize(("game", "spec"), [("nim", "deaf:2"), ("pig", "deaf-star1:2")])
def test_tracing_a_kind_whose_factory_drops_its_observer_says_so(
    game: str, spec: str, json: tuple[str, ...]
) -> None:
    assert run("trace", "--game", game, "--player", spec, *json, catalog=DEAF) == (
        1,
        "",
        f"gamelib: game stopped: the {spec.split(':')[0]} player reported no search events: to "
        "be traced, its kind's factory must pass its observer to the search\n",
    )
