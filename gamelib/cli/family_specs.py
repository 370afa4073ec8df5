"""Player specs of every family: which kinds fit which family, a spec read by the one
grammar (`gamelib.cli.specs`) over the catalog of the game's family
([`read_player_spec`][gamelib.cli.family_specs.read_player_spec]); and how
chance and n-player searches' values and answers read (`value_text`, `family_answer`).

`human`, `random` (and `direct`, for a two-player game), or a search kind of the game's
family (`alphabeta:5`, `expectiminimax:4`, `maxn:5`); `shallow-maxn` takes its total
after the depth (`shallow-maxn:5:1`), `mcts` its simulations in the depth's place.  A kind
of another family is refused in one sentence that names the kinds that fit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import final

from gamelib.catalog import CATALOGS, Catalogs, ChanceKind, Family, NPlayerKind
from gamelib.cli.specs import (
    NON_SEARCH_KINDS,
    PlayerSpec,
    SpecError,
    parse_player_spec,
    search_kinds_text,
    written_as_time,
)
from gamelib.core.jsondata import JSON, move_json
from gamelib.core.model import Number, Vector, number_to_string, vector_to_string
from gamelib.search.kinds import Catalog, SearchKind

__all__ = [
    "PLAIN_KINDS",
    "FamilyAnswer",
    "family_answer",
    "game_is",
    "misfit",
    "read_player_spec",
    "spellings",
    "split_seat_flags",
    "value_text",
]

PLAIN_KINDS = ("human", "random")
"""The player kinds that do not search, for these games (no game has a 'direct' player)."""


_WHAT: dict[Family, str] = {
    "two-player": "a two-player search",
    "chance": "a search for games of chance",
    "n-player": "a search for games of n players",
}


def misfit(
    kind: str,
    game: str,
    game_is: str,
    fits: Sequence[str],
    plain: Sequence[str],
    catalogs: Catalogs = CATALOGS,
) -> str:
    """One sentence: `kind` (of another family) cannot play `game`; what can.

    ```pycon
    >>> misfit("alphabeta", "pig", "a game of chance", CATALOGS.names("chance"), PLAIN_KINDS)
    'alphabeta is a two-player search, and pig is a game of chance: for pig use \
expectiminimax, star1, star2 or mcts (or human or random)'

    ```
    """
    other = catalogs.family_of(kind)
    what = "not a player kind" if other is None else _WHAT[other]
    return (
        f"{kind} is {what}, and {game} is {game_is}: for {game} use {search_kinds_text(fits)} "
        + (f"(or {search_kinds_text(plain)})")
    )


def game_is(family: Family, kit_players: int | None = None) -> str:
    """How a sentence describes a game of `family`."""
    match family:
        case "two-player":
            return "a two-player game without dice"
        case "chance":
            return "a game of chance"
        case "n-player":
            return f"a game for {kit_players or 'n'} players"


def spellings(
    catalogs: Catalogs, family: Family
) -> Catalog[SearchKind] | Catalog[ChanceKind] | Catalog[NPlayerKind]:
    """The kinds of `catalogs` that play a game of `family`, which the one grammar reads.

    ```pycon
    >>> [kind.usage() for kind in spellings(CATALOGS, "n-player")]
    ['maxn:DEPTH', 'shallow-maxn:DEPTH:TOTAL', 'paranoid:DEPTH', 'mcts:SIMS']

    ```
    """
    if family == "two-player":
        return catalogs.two_player
    return catalogs.chance if family == "chance" else catalogs.n_player


def read_player_spec(
    text: str,
    family: Family,
    title: str,
    default_depth: int,
    flags: Mapping[str, str] | None = None,
    *,
    players: int | None = None,
    depth_limit: int | None = None,
    catalogs: Catalogs = CATALOGS,
) -> PlayerSpec:
    """The player `text` names for a game of `family` called `title` (of `players`
    players), in the one grammar over the catalog of its family; SpecError if none: a kind
    of another family is refused in one sentence that names the kinds that fit.

    ```pycon
    >>> spec = read_player_spec("star2:3", "chance", "pig", 5)
    >>> spec.kind, spec.depth, spec.found.name
    ('star2', 3, 'star2')
    >>> read_player_spec("alphabeta:3", "n-player", "takeaway", 5, players=3)
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: alphabeta is a two-player search, and takeaway is a game for \
3 players: for takeaway use maxn, shallow-maxn, paranoid or mcts (or human or random)

    ```
    """
    written, *parts = text.split(":")
    kind = written.strip().lower()
    plain = NON_SEARCH_KINDS if family == "two-player" else PLAIN_KINDS
    fits = catalogs.names(family)
    if kind not in plain and kind not in fits:
        if kind == "direct":
            raise SpecError(
                f"{title} has no hand-written ('direct') player: use "
                f"{search_kinds_text(fits)} (or {search_kinds_text(plain)})"
            )
        if catalogs.family_of(kind) is not None:
            raise SpecError(misfit(kind, title, game_is(family, players), fits, plain, catalogs))
    catalog = spellings(catalogs, family)
    try:
        return parse_player_spec(
            text, catalog, default_depth, flags, depth_limit, plain=plain, title=title
        )
    except SpecError as error:
        entry = catalog.get(kind)
        led = family != "two-player" and entry is not None and entry.lead is not None
        if led and parts and written_as_time(parts[0]):
            raise SpecError(
                f"{error}: in a game of the {family} family, {kind} counts simulations "
                f"({kind}:500) and takes no time budget"
            ) from None
        raise


def split_seat_flags(extra: Sequence[str]) -> tuple[dict[int, str], list[str]]:
    """`--player1 SPEC` .. `--playerN SPEC` (or `--player2=SPEC`) taken out of `extra`.

    ```pycon
    >>> split_seat_flags(["--player2", "maxn:3", "--pile", "9", "--player1=human"])
    ({2: 'maxn:3', 1: 'human'}, ['--pile', '9'])

    ```
    """
    seats: dict[int, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(extra):
        arg = extra[i]
        flag, equals, value = arg.partition("=")
        number = flag.removeprefix("--player")
        if flag.startswith("--player") and number.isascii() and number.isdigit():
            if not equals:
                if i + 1 >= len(extra) or extra[i + 1].startswith("--"):
                    raise SpecError(f"argument {flag}: expected one argument")
                value = extra[i + 1]
                i += 1
            seat = int(number)
            if seat in seats:
                raise SpecError(f"{flag} is given twice")
            seats[seat] = value
        else:
            rest.append(arg)
        i += 1
    return seats, rest


def value_text(value: Number | Vector, decimal: bool = True) -> str:
    """A chance or n-player search's value: a vector, or a number exact (and as a decimal
    too when it is a long fraction, if `decimal`: a paranoid utility is written without).

    ```pycon
    >>> value_text(Fraction(7, 3)), value_text(Fraction(1)), value_text(0.5)
    ('7/3 (about 2.3333)', '1', '0.5')
    >>> value_text((Fraction(1, 2), 0, Fraction(1, 2)))
    '(1/2,0,1/2)'

    ```
    """
    if isinstance(value, tuple):
        return vector_to_string(value)
    exact = number_to_string(value)
    if decimal and isinstance(value, Fraction) and value.denominator != 1:
        return f"{exact} (about {float(value):.4f})"
    return exact


@final
@dataclass(frozen=True, slots=True)
class FamilyAnswer:
    """An answer as `analyse` writes it: its JSON fields, and its line of text."""

    found: dict[str, JSON]
    """`player`, `to_move`, `best`, `value`, and `guess` (or a vector's `vector`)."""
    text: str
    """`Star2(depth 3) chooses hold for Maxie; value: 1/2`."""


def family_answer(
    player: str, mover: str, move: str, value: Number | Vector, against: Sequence[str] = ()
) -> FamilyAnswer:
    """The answer of a chance or n-player search at `mover`'s position: a vector, or a
    number, which is `mover`'s utility if the players `against` (a paranoid search's
    others) play against `mover` (written without a decimal).

    ```pycon
    >>> family_answer("Star2(depth 3)", "Maxie", "hold", Fraction(1, 2)).text
    'Star2(depth 3) chooses hold for Maxie; value: 1/2 (about 0.5000)'

    ```
    """
    found: dict[str, JSON] = {
        "player": player,
        "to_move": mover,
        "best": move_json(move),
        "value": value_text(value, False),
    }
    meaning = ""
    if isinstance(value, tuple):
        found["vector"] = [float(u) if isinstance(u, Fraction) else u for u in value]
    else:
        found["guess"] = float(value) if isinstance(value, Fraction) else value
        if against:
            meaning = f" ({mover}'s utility if {' and '.join(against)} play against {mover})"
    said = value_text(value, not against)
    return FamilyAnswer(found, f"{player} chooses {move} for {mover}; value: {said}{meaning}")
