"""A game of chance and a game of n players are searched and traced by their kits
(`ChanceKit`, `NKit`), which check a spec's kind and depth by one rule
(`FamilyKit._found`): what differs by family (the class of its kinds, the sentence
refusing another family's, the game's total, a sampled trace's means, the words of a
drawing, paranoid's two-player view) and what does not (the depth limit) is pinned here.  And two
rules the reviews found untested: the game's total goes only to a kind whose option is
`TOTAL`, and only a kind whose lead option is `SIMS` is told it counts simulations."""

from __future__ import annotations

from typing import TypeVar

import pytest

from gamelib.catalog import CATALOG, CATALOGS
from gamelib.chance.events import ChanceObserver
from gamelib.chance.expectiminimax import ChancePlayer
from gamelib.chance.game import ChanceEstimator
from gamelib.chance.kinds import STAR1_KIND, ChanceKind
from gamelib.chance.trees import ChanceTreeGame, chance_tree_estimator, parse_chance_tree
from gamelib.cli.beyond import ChanceKit, NKit
from gamelib.cli.specs import SpecError, parse_player_spec, read_player_spec, too_deep
from gamelib.games.pig import Pig, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator
from gamelib.nplayer.game import NEstimator, Number, Vector
from gamelib.nplayer.kinds import MAXN_KIND, SHALLOW_MAXN_KIND, TOTAL, NPlayerKind
from gamelib.nplayer.maxn import NObserver, NSearchPlayer
from gamelib.search.kinds import Option, OptionValues
from gamelib.trace.drawing import kind_drawing
from gamelib.trace.words import NWords
from tests.runner import run

S = TypeVar("S")
M = TypeVar("M")


def _pig() -> ChanceKit[object, object]:
    game = Pig(target=3)
    return ChanceKit(game, pig_estimator(game), "pig")  # type: ignore[arg-type]  # its own types, as object's


def _takeaway(total: Number | None = 1, limit: int | None = None) -> NKit[object, object]:
    game = TakeAway(pile=4, players=3)
    kit = NKit(game, takeaway_estimator(game), "takeaway", total, depth_limit=limit)
    return kit  # type: ignore[return-value]  # its own types, as object's


def test_a_kind_of_another_family_is_refused_in_each_family_s_words() -> None:
    pig, takeaway = _pig(), _takeaway()
    n_spec = read_player_spec("maxn:2", "n-player", "takeaway", 5, players=3)
    chance_spec = read_player_spec("star1:2", "chance", "pig", 5)
    two_spec = parse_player_spec("alphabeta:2", CATALOG, 5)
    for kit, spec, games in (
        (pig, n_spec, "games of chance"),
        (pig, two_spec, "games of chance"),
        (takeaway, chance_spec, "games of n players"),
        (takeaway, two_spec, "games of n players"),
    ):
        said = f"'{spec.text}' names no search for {games}"
        with pytest.raises(SpecError) as searched:
            kit.searcher(spec)
        with pytest.raises(SpecError) as traced:
            kit.trace(spec)
        assert str(searched.value) == str(traced.value) == said


def test_each_family_s_kit_holds_its_depth_limit() -> None:
    """One rule: a chance tree's limit (its shallowest leaf), and an n-player kit's if it is
    given one (the command line's trees give their height as a default depth instead)."""
    tree = ChanceTreeGame(parse_chance_tree("a[?b[1/2: c1, 1/2: d2], e3]"))
    chance = ChanceKit(tree, chance_tree_estimator(tree), "the chance tree", 1)
    takeaway = _takeaway(limit=2)
    for kit, spec in (
        (chance, read_player_spec("star1:2", "chance", "the chance tree", 1)),
        (takeaway, read_player_spec("maxn:3", "n-player", "takeaway", 5, players=3)),
    ):
        limit = kit.depth_limit
        assert limit is not None
        with pytest.raises(SpecError) as refused:
            kit.searcher(spec)
        assert str(refused.value) == too_deep(spec.depth, f"in '{spec.text}'", limit)
    assert str(takeaway.searcher(read_player_spec("maxn:2", "n-player", "t", 5))) == (
        "MaxN(depth 2)"
    )


def test_a_sampled_trace_shows_each_family_s_means() -> None:
    """Maxie's mean as a number in a game of chance; the vector of means in a game of n
    players."""
    pig = _pig().trace(read_player_spec("mcts:10", "chance", "pig", 5))
    takeaway = _takeaway().trace(read_player_spec("mcts:10", "n-player", "takeaway", 5))
    assert pig.text.splitlines()[-2:] == [
        "    the end (rolled 6)  2 visits  1",
        "MCTS chooses roll (the most visited)",
    ]
    assert takeaway.text.splitlines()[-2:] == [
        "    the end via 1  2 visits  (0,1,0)",
        "MCTS chooses 1 (the most visited)",
    ]


def test_a_kind_is_drawn_in_its_family_s_words_or_as_its_two_player_view() -> None:
    takeaway = _takeaway(total=1)
    maxn = takeaway.trace(read_player_spec("maxn:2", "n-player", "takeaway", 5))
    paranoid = takeaway.trace(read_player_spec("paranoid:2", "n-player", "takeaway", 5))
    shallow = takeaway.trace(read_player_spec("shallow-maxn:2", "n-player", "takeaway", 5))
    start = "value of 4 left, and it is A's turn"
    assert maxn.text.splitlines()[-1] == f"{start} is (0,1,0), best move 1"
    assert paranoid.text.splitlines()[-1] == f"{start} is Guess 0, best move 1"  # two players
    game = TakeAway(pile=4, players=3)
    est = takeaway_estimator(game)
    by_hand = kind_drawing(  # shallow pruning read by the game's total, which the kit gave it
        lambda run: SHALLOW_MAXN_KIND.build(est, 2, {"total": 1}, observer=run), NWords(game, 1)
    )
    assert shallow == by_hand
    chance = _pig().trace(read_player_spec("star1:1", "chance", "pig", 5))
    assert chance.text.splitlines()[-1].startswith("value of ")
    assert "(1/6)" in chance.text  # an outcome with its probability: chance's words


# --------------------------------------------------------------------------
# The game's total goes only to a kind whose option is TOTAL

SEEN: list[OptionValues] = []


def _recording(
    estimator: NEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: NObserver[S, M] | None = None,
) -> NSearchPlayer[S, M, Vector | Number]:
    SEEN.append(options)
    return MAXN_KIND.build(estimator, depth, {}, observer=observer)


def _whole(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"must be a whole number, got '{text}'")
    return int(text)


OWN_TOTAL: Option[int] = Option("total", "its own total", 7, _whole, "not a vector's", flag=False)
OWN = NPlayerKind("own", "a kind whose own option is called total", _recording, (OWN_TOTAL,))
SHALLOWISH = NPlayerKind("shallowish", "a kind that takes TOTAL", _recording, (TOTAL,))
USERS = CATALOGS.with_kind(OWN).with_kind(SHALLOWISH)


@pytest.mark.parametrize(
    ("spec", "given"),
    [
        ("own:2", None),  # its own option, not TOTAL: not handed takeaway's total
        ("own:2:5", 5),
        ("shallowish:2", 1),  # TOTAL: takeaway's total, 1
        ("shallowish:2:3", 3),  # a total the spec gives wins
    ],
)
def test_the_game_s_total_goes_only_to_a_kind_whose_option_is_total(
    spec: str, given: int | None
) -> None:
    SEEN.clear()
    status, out, err = run("analyse", "takeaway", "--player", spec, catalog=USERS)
    assert (status, out, err) == (
        0,
        "12 left, and it is A's turn\nMaxN(depth 2) chooses 1 for A; value: (1/3,1/3,1/3)\n",
        "",
    )
    assert [options.get("total") for options in SEEN] == [given]


def test_a_kind_taking_total_gets_none_from_a_game_without_one() -> None:
    SEEN.clear()
    kit = _takeaway(total=None)
    kit.searcher(read_player_spec("shallowish:2", "n-player", "t", 5, catalogs=USERS))
    kit.searcher(read_player_spec("own:2", "n-player", "t", 5, catalogs=USERS))
    assert [TOTAL.of(options) for options in SEEN] == [None, None]
    assert OWN_TOTAL.of(SEEN[1]) == 7


# --------------------------------------------------------------------------
# "counts simulations" only for a kind whose lead option is SIMS

ROLLOUTS: Option[int] = Option("rollouts", "the rollouts", 100, _whole, "how many", flag=False)
NAMED_SIMS: Option[int] = Option("sims", "the sims", 100, _whole, "not MCTS's", flag=False)


def _star1(
    estimator: ChanceEstimator[S, M],
    depth: int,
    options: OptionValues,
    /,
    *,
    observer: ChanceObserver[S, M] | None = None,
) -> ChancePlayer[S, M]:
    # A kind with options takes them (searched_by's kinds have none); these are not used.
    return STAR1_KIND.build(estimator, depth, {}, observer=observer)


ROLLING = ChanceKind("rolling", "a kind led by rollouts", _star1, (ROLLOUTS,), "rollouts", False)
LIKE_MCTS = ChanceKind(
    "likemcts", "led by an option called sims", _star1, (NAMED_SIMS,), "sims", False
)
CHANCE_USERS = CATALOGS.with_kind(ROLLING).with_kind(LIKE_MCTS)


@pytest.mark.parametrize(
    ("spec", "sentence"),
    [
        (
            "mcts:2s",
            "the simulations in 'mcts:2s' must be a whole number, got '2s': in a game of the "
            "chance family, mcts counts simulations (mcts:500) and takes no time budget",
        ),
        ("rolling:2s", "the rollouts in 'rolling:2s' must be a whole number, got '2s'"),
        ("likemcts:2s", "the sims in 'likemcts:2s' must be a whole number, got '2s'"),
    ],
)
def test_only_a_kind_led_by_sims_is_told_it_counts_simulations(spec: str, sentence: str) -> None:
    with pytest.raises(SpecError) as refused:
        read_player_spec(spec, "chance", "pig", 5, catalogs=CHANCE_USERS)
    assert str(refused.value) == sentence
    status, out, err = run("analyse", "pig", "--player", spec, catalog=CHANCE_USERS)
    assert (status, out, err) == (2, "", f"gamelib: {sentence}\n")


def test_sims_sampled_and_total_have_one_home_and_the_old_import_path() -> None:
    """The API page shows each once, where its kind is declared; `gamelib.cli.specs` still
    gives the same objects to code that imports them from there (typed: mypy reads this)."""
    from gamelib.algorithms import mcts
    from gamelib.cli import specs
    from gamelib.cli.specs import SAMPLED, SIMS
    from gamelib.cli.specs import TOTAL as SPECS_TOTAL
    from gamelib.nplayer import kinds

    assert (SIMS is mcts.SIMS, SAMPLED is mcts.SAMPLED, SPECS_TOTAL is kinds.TOTAL) == (
        True,
        True,
        True,
    )
    assert {"SIMS", "SAMPLED"} <= set(mcts.__all__)
    assert "TOTAL" in kinds.__all__
    assert not {"SIMS", "SAMPLED", "TOTAL"} & set(specs.__all__)
