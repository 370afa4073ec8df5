"""One entry type, one tree reader, one seatings rule, one exit-status rule and one
human/random seat path for every family: each gives what the family-specific code it
replaced gave."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.cli._common import build_kit
from gamelib.cli.beyond import BeyondEntry, FamilyKit, NKit, chance_entry, nplayer_entry
from gamelib.cli.games import (
    GAME_CATALOG,
    NAMED_TREES,
    GameEntry,
    GameKit,
    explicit_tree,
    game_entry,
    tree_kit,
)
from gamelib.cli.kits import Kit, KitUser, Seating, _Chooser, plain_seat
from gamelib.cli.specs import SpecError, read_player_spec
from gamelib.cli.status import DRAW, MAXIE_WON, MINNIE_WON, SHARED_WIN, results_status
from gamelib.core.datatypes import Draw, Side, Winner
from gamelib.core.human import HumanPlayer
from gamelib.core.random_player import RandomPlayer
from gamelib.games.nim import Nim, nim_estimator
from gamelib.games.pig import Pig, pig_estimator
from gamelib.games.takeaway import TakeAway, takeaway_estimator


def _kit(user: KitUser) -> Kit[object, object, object]:
    assert isinstance(user, GameKit | FamilyKit)  # every kit the command line builds is one
    return user  # type: ignore[return-value]  # its own types, hidden as object's here


def test_every_family_registers_with_one_entry_type() -> None:
    entries = [
        game_entry("nim7", "Nim from 7", nim_estimator(Nim(pile=7))),
        chance_entry("pig9", "Pig to 9", pig_estimator(Pig(target=9))),
        nplayer_entry("take5", "take-away", takeaway_estimator(TakeAway(pile=5, players=4))),
    ]
    assert [type(e) for e in entries] == [GameEntry] * 3
    assert [e.family for e in entries] == ["two-player", "chance", "n-player"]
    catalog = GAME_CATALOG
    for entry in entries:
        catalog = catalog.with_game(entry)
    assert [catalog[e.name].build(None).family for e in entries] == [  # type: ignore[arg-type]
        "two-player",
        "chance",
        "n-player",
    ]  # an entry without options builds its kit from no options at all
    assert {e.name: e.family for e in GAME_CATALOG} == {
        "connect4": "two-player",
        "nim": "two-player",
        "pig": "chance",
        "takeaway": "n-player",
        "tictactoe": "two-player",
        "tree": "two-player",
    }


def test_one_registry_names_the_trees_of_every_family() -> None:
    families = {name: tree_kit(name).family for name in NAMED_TREES}
    assert families == {
        "small": "two-player",
        "big": "two-player",
        "uneven": "two-player",
        "cse473": "two-player",
        "wikipedia": "two-player",
        "chance-example": "chance",
        "dice": "chance",
        "cse473-3p": "n-player",
    }
    assert tree_kit("a[b(1,2),c(2,1)]").family == "n-player"
    assert tree_kit(" Dice ").family == "chance"  # a name is read as every name is
    with pytest.raises(SpecError, match="a game needs at least 2 players"):
        tree_kit("a[b(1),c(2)]")


@pytest.mark.parametrize(
    ("game", "args", "flags", "expected"),
    [
        ("nim", [], {}, [("--maxie", "maxie", "human"), ("--minnie", "minnie", "alphabeta")]),
        (
            "pig",
            [],
            {},
            [("--maxie", "maxie", "expectiminimax"), ("--minnie", "minnie", "expectiminimax")],
        ),
        (
            "takeaway",
            ["--players", "4"],
            {2: "random"},
            [(f"--player{i}", f"player{i}", "maxn") for i in range(1, 5)],
        ),
    ],
)
def test_one_seatings_rule_from_the_model_s_seats(
    game: str, args: list[str], flags: dict[int, str], expected: list[tuple[str, str, str]]
) -> None:
    kit = _kit(build_kit(GAME_CATALOG, game, args, playing=True))
    seatings = kit.seatings(None, None, flags)
    assert [(s.flag, s.role, s.default) for s in seatings] == expected
    assert [s.given for s in seatings] == [flags.get(i + 1) for i in range(len(expected))]
    assert isinstance(seatings[0], Seating)


@pytest.mark.parametrize(
    ("game", "flags", "said"),
    [
        ("nim", (None, None, {1: "random"}), "a two-player game's players are Maxie and Minnie"),
        ("pig", (None, None, {3: "random"}), "pig's players are Maxie and Minnie"),
        ("takeaway", ("random", None, {}), "takeaway has no Maxie: its players are A, B and C"),
        ("takeaway", (None, None, {4: "random"}), "--player4 names no player"),
    ],
)
def test_a_flag_that_names_no_seat_is_one_sentence(
    game: str, flags: tuple[str | None, str | None, dict[int, str]], said: str
) -> None:
    kit = _kit(build_kit(GAME_CATALOG, game, [], playing=True))
    with pytest.raises(SpecError, match=said):
        kit.seatings(*flags)


@given(st.lists(st.fractions(min_value=-2, max_value=2), min_size=2, max_size=6))
def test_one_status_rule_reads_the_results_of_every_family(results: list[Fraction]) -> None:
    best = max(results)
    winners = [i for i, r in enumerate(results) if r == best]
    named = results_status(True, results)
    assert named == (20 + winners[0] if len(winners) == 1 else SHARED_WIN)


def test_maxie_and_minnie_s_status_comes_from_their_results() -> None:
    nim = _kit(build_kit(GAME_CATALOG, "nim", [], playing=True))
    pig = _kit(build_kit(GAME_CATALOG, "pig", [], playing=True))
    for kit in (nim, pig):
        statuses = [kit.status(o) for o in (Winner(Side.Maxie), Winner(Side.Minnie), Draw())]
        assert statuses == [MAXIE_WON, MINNIE_WON, DRAW]
    takeaway = _kit(build_kit(GAME_CATALOG, "takeaway", [], playing=True))
    assert takeaway.status((0, 0, 1)) == 22
    assert (takeaway.players, nim.players, pig.players) == (3, None, None)


def test_one_random_seat_path_keeps_each_family_s_seeds() -> None:
    """A two-player seat's random player draws from the seed alone (both seats alike); a
    seat of a game of chance or of n players draws from the seed and its role."""
    quiet = (io.StringIO(), io.StringIO())
    game = TakeAway(pile=12, players=3)
    moves = game.moves(game.start)
    a = plain_seat(game, "random", quiet, 5, "player1", family="n-player")
    b = plain_seat(game, "random", quiet, 5, "player2", family="n-player")
    again = plain_seat(game, "random", quiet, 5, "player1", family="n-player")
    assert isinstance(a, _Chooser)
    assert isinstance(b, _Chooser)
    assert isinstance(again, _Chooser)
    drawn = [[game.move_to_string(p(game.start)) for _ in range(12)] for p in (a, b, again)]
    assert drawn[0] == drawn[2]
    assert drawn[0] != drawn[1]
    assert all(m in {game.move_to_string(x) for x in moves} for m in drawn[0])
    assert str(a) == "random"
    nim = plain_seat(Nim(), "random", quiet, 5, family="two-player")
    assert str(nim) == "random (seed 5)"
    assert plain_seat(Nim(), "alphabeta", quiet, 5, family="two-player") is None
    person = plain_seat(Nim(), "human", quiet, None, family="two-player")
    family_person = plain_seat(game, "human", quiet, None, "player1", family="n-player")
    assert str(person) == str(family_person) == "you"
    assert isinstance(person, HumanPlayer)
    assert isinstance(family_person, HumanPlayer)
    assert (person.undo, family_person.undo) == (True, True)  # undo in every family


def test_a_seat_s_family_not_its_role_says_how_a_plain_player_plays() -> None:
    """The family is given, never guessed from whether a role is: a two-player seat with a
    role still draws from the seed alone and may undo; a seat of Pig (two seats, chance)
    draws from the seed and its role; a person may undo in both."""
    quiet = (io.StringIO(), io.StringIO())
    roled = plain_seat(Nim(), "random", quiet, 5, "maxie", family="two-player")
    assert str(roled) == "random (seed 5)"
    pig = Pig(target=9)
    maxie = plain_seat(pig, "random", quiet, 5, "maxie", family="chance")
    assert isinstance(maxie, _Chooser)  # seeded by its role, as take-away's seats above
    assert (str(maxie), pig.move_to_string(maxie(pig.start))) == ("random", "roll")
    person = plain_seat(pig, "human", quiet, None, "maxie", family="chance")
    two_player_person = plain_seat(Nim(), "human", quiet, None, "maxie", family="two-player")
    assert isinstance(person, HumanPlayer)
    assert isinstance(two_player_person, HumanPlayer)
    assert (person.undo, two_player_person.undo) == (True, True)  # undo in every family


def test_a_call_written_before_the_family_was_asked_keeps_its_players() -> None:
    """`plain_seat(game, kind, io, seed[, role])`, as it was called before `family` was a
    keyword: without a role a two-player seat, with one a seat of chance or of n players,
    the same players as with the family said."""
    quiet = (io.StringIO(), io.StringIO())
    old = plain_seat(Nim(), "random", quiet, 5)
    assert isinstance(old, RandomPlayer)
    assert str(old) == "random (seed 5)"
    person = plain_seat(Nim(), "human", quiet, None)
    assert isinstance(person, HumanPlayer)
    assert person.undo
    pig = Pig(target=9)
    for role in ("maxie", "minnie"):
        before = plain_seat(pig, "random", quiet, 7, role)
        said = plain_seat(pig, "random", quiet, 7, role, family="chance")
        assert isinstance(before, _Chooser)
        assert isinstance(said, _Chooser)
        draws = [[pig.move_to_string(p(pig.start)) for _ in range(20)] for p in (before, said)]
        assert draws[0] == draws[1]
    game = TakeAway(pile=12, players=3)
    seat = plain_seat(game, "human", quiet, None, "player2")
    assert isinstance(seat, HumanPlayer)
    assert seat.undo  # a person may undo in every family


def test_no_kit_carries_a_dict() -> None:
    """`Kit` (and `FamilyKit`) declare no fields of their own, so a slotted kit of every
    family has only its slots: no `__dict__`, no stray attribute."""
    kits = [
        _kit(build_kit(GAME_CATALOG, name, [], playing=True)) for name in ("nim", "pig", "takeaway")
    ]
    assert [type(kit).__name__ for kit in kits] == ["GameKit", "ChanceKit", "NKit"]
    for kit in kits:
        assert not hasattr(kit, "__dict__"), type(kit).__name__
        with pytest.raises(AttributeError):
            object.__setattr__(kit, "stray", 1)


def test_an_entry_written_in_the_old_order_still_plays_and_a_wrong_one_is_refused() -> None:
    old = chance_entry("pig9", "Pig to 9", pig_estimator(Pig(target=9)))
    entry = BeyondEntry("pig9", "Pig to 9", "chance", old.add_options, old.build)
    assert (entry.family, entry.add_options, entry.build) == ("chance", old.add_options, old.build)
    with pytest.raises(TypeError, match="add_options is a function, got 'chance'"):
        GameEntry("pig9", "Pig to 9", "chance", old.add_options, old.build)  # type: ignore[arg-type]  # the old order, on purpose


def test_isinstance_of_beyond_entry_still_tells_a_chance_or_n_player_entry() -> None:
    """`BeyondEntry` makes a `GameEntry`; a user's `isinstance(entry, BeyondEntry)` asks, as
    it did, whether the entry is a game of chance's or of n players'."""
    made = chance_entry("pig9", "Pig to 9", pig_estimator(Pig(target=9)))
    old = BeyondEntry("pig9", "Pig to 9", "chance", made.add_options, made.build)
    entries = {entry.name: entry for entry in GAME_CATALOG}
    told = {name: isinstance(entry, BeyondEntry) for name, entry in entries.items()}
    assert told == {name: entry.family != "two-player" for name, entry in entries.items()}
    assert (told["pig"], told["takeaway"], told["nim"]) == (True, True, False)
    nim7 = game_entry("nim7", "Nim", nim_estimator(Nim(pile=7)))
    assert type(old) is GameEntry
    # One tuple: mypy reads an isinstance of a (final) GameEntry against BeyondEntry as
    # never true, and would call what follows an assert of it unreachable.
    assert (isinstance(old, BeyondEntry), isinstance(nim7, BeyondEntry)) == (True, False)
    assert not isinstance("pig", BeyondEntry)


def test_a_game_of_n_players_called_maxie_and_minnie_keeps_numbered_seats() -> None:
    game = TakeAway(pile=5, players=2)
    object.__setattr__(game, "names", ("Maxie", "Minnie"))  # a user's game, so named
    kit = NKit(game, takeaway_estimator(game), "duel", total=1)
    assert kit.players == 2
    assert [s.flag for s in kit.seatings(None, None, {1: "random"})] == ["--player1", "--player2"]
    with pytest.raises(SpecError, match="duel has no Maxie"):
        kit.seatings("random", None, {})
    assert (kit.status((1, 0)), kit.status((0, 1)), kit.status((1, 1))) == (20, 21, SHARED_WIN)


@given(st.fractions(min_value=-2, max_value=2), st.fractions(min_value=-2, max_value=2))
def test_maxie_and_minnie_s_status_rule_over_any_results(maxie: Fraction, minnie: Fraction) -> None:
    expected = MAXIE_WON if maxie > minnie else MINNIE_WON if minnie > maxie else DRAW
    assert results_status(False, (maxie, minnie)) == expected


def test_a_total_written_as_a_fraction_is_read_exactly() -> None:
    spec = read_player_spec("shallow-maxn:4:1/2", "n-player", "takeaway", 5, players=3)
    assert (spec.kind, spec.depth, dict(spec.options)) == (
        "shallow-maxn",
        4,
        {"total": Fraction(1, 2)},
    )


def test_an_unknown_tree_name_lists_the_names_its_reader_knows() -> None:
    with pytest.raises(SpecError, match=r"named trees: small, .*, dice, cse473-3p, or write"):
        tree_kit("nosuch")
    with pytest.raises(SpecError) as handouts:
        explicit_tree("dice")
    assert "dice" not in str(handouts.value).split("named trees:")[1]
