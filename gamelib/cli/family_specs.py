"""Player specs for games of chance and of n players: which kinds fit which family, and
`KIND[:DEPTH]` read into a [`BeyondSpec`][gamelib.cli.family_specs.BeyondSpec]; and how
their searches' values and answers read (`value_text`, `chance_answer`, `n_answer`).

`human`, `random`, or a search kind of the game's family (`expectiminimax:4`,
`maxn:5`); `shallow-maxn` takes its total after the depth (`shallow-maxn:5:1`).  A kind of
another family is refused in one sentence that names the kinds that fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import final

from gamelib.catalog import CATALOGS, Catalogs, ChanceKind, Family, NPlayerKind
from gamelib.chance.game import Value
from gamelib.chance.game import number_to_string as chance_number
from gamelib.cli.specs import SpecError, parse_depth, shown, written_as_time
from gamelib.core.checks import article, ascii_float, digits_hint, echo, read_whole
from gamelib.core.jsondata import JSON, move_json
from gamelib.nplayer.game import Number, Vector, vector_to_string
from gamelib.nplayer.game import number_to_string as n_number

__all__ = [
    "PLAIN_KINDS",
    "SAMPLED",
    "BeyondSpec",
    "FamilyAnswer",
    "chance_answer",
    "game_is",
    "misfit",
    "n_answer",
    "n_value_text",
    "parse_beyond_spec",
    "parse_simulations",
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


def _listing(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


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
    return f"{kind} is {what}, and {game} is {game_is}: for {game} use {_listing(fits)} " + (
        f"(or {_listing(plain)})"
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


@final
@dataclass(frozen=True, slots=True)
class BeyondSpec:
    """A player of a chance or n-player game as the command line names it."""

    kind: str
    """`human`, `random`, or a search kind of the game's family."""
    depth: int
    """Search depth (from the spec, `--depth` or the default)."""
    text: str
    """The spec as typed, for messages."""
    total: Number | None = None
    """shallow-maxn's total, when the spec gives one."""
    took_depth_flag: bool = False
    """Whether its depth came from `--depth`."""
    found: ChanceKind | NPlayerKind | None = field(default=None, repr=False)
    """The search kind it names, from the catalog it was read with (None: `human` or
    `random`)."""
    simulations: int | None = None
    """A sampling kind's simulations (`mcts:SIMS`), given in the depth's place."""


def _parse_total(text: str, spec: str) -> Number:
    stripped = text.strip()
    said = f"the total in '{shown(spec)}'"
    value: Fraction | None
    try:
        if not stripped.isascii() or "_" in stripped:  # the digits 0-9 only, as everywhere
            raise ValueError(stripped)
        value = Fraction(stripped)
    except (ValueError, ZeroDivisionError):
        if ascii_float(stripped) is None:
            raise SpecError(
                f"{said} must be a number{digits_hint(text)} such as 10 or 1/2, got '{shown(text)}'"
            ) from None
        value = None  # written in digits, but too long for Python to read
    if stripped.startswith("-") if value is None else value < 0:
        raise SpecError(f"{said} must be at least 0, got {echo(stripped)}")
    if value is None:
        raise SpecError(f"{said} is far too big, got {echo(stripped)}")
    return int(value) if value.denominator == 1 else value


def parse_beyond_spec(
    text: str,
    family: Family,
    title: str,
    players: int | None,
    default_depth: int,
    depth_flag: str | None,
    catalogs: Catalogs = CATALOGS,
) -> BeyondSpec:
    """The player `text` names for a game of `family` called `title`; SpecError if none.

    ```pycon
    >>> parse_beyond_spec("star2:3", "chance", "pig", None, 5, None)
    BeyondSpec(kind='star2', depth=3, text='star2:3', total=None, took_depth_flag=False, \
simulations=None)
    >>> parse_beyond_spec("alphabeta:3", "n-player", "takeaway", 3, 5, None)
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: alphabeta is a two-player search, and takeaway is a game for \
3 players: for takeaway use maxn, shallow-maxn, paranoid or mcts (or human or random)

    ```
    """
    written, *parts = text.split(":")
    kind = written.strip().lower()
    if kind in PLAIN_KINDS:
        if parts:
            raise SpecError(
                f"'{shown(text)}' has too many ':' parts for {article(kind)} {kind} player"
            )
        return BeyondSpec(kind, default_depth, text)
    fits = catalogs.names(family)
    if kind not in fits:
        if kind == "direct":
            raise SpecError(
                f"{title} has no hand-written ('direct') player: use "
                f"{_listing(fits)} (or {_listing(PLAIN_KINDS)})"
            )
        shown_kind = shown(written.strip())
        if catalogs.family_of(kind) is None:
            known = ", ".join((*PLAIN_KINDS, *fits))
            raise SpecError(f"unknown player kind '{shown_kind}'; known kinds for {title}: {known}")
        raise SpecError(
            misfit(shown_kind, title, game_is(family, players), fits, PLAIN_KINDS, catalogs)
        )
    found = catalogs.chance.get(kind) if family == "chance" else catalogs.n_player.get(kind)
    takes_total = isinstance(found, NPlayerKind) and found.needs_total
    if len(parts) > (2 if takes_total else 1):
        raise SpecError(f"'{shown(text)}' has too many ':' parts for {article(kind)} {kind} player")
    took = False
    simulations = None
    if found is not None and found.sampler is not None:  # mcts:SIMS; the depth from --depth
        if parts:
            try:
                simulations = parse_simulations(parts[0], f"'{shown(text)}'")
            except SpecError as error:
                if not written_as_time(parts[0]):
                    raise
                raise SpecError(
                    f"{error}: in a game of the {family} family, {kind} counts simulations "
                    f"({kind}:500) and takes no time budget"
                ) from None
        parts = []
    if parts:
        depth = parse_depth(parts[0], f"'{shown(text)}'")
    elif depth_flag is not None:
        depth, took = parse_depth(depth_flag), True
    else:
        depth = default_depth
    total = _parse_total(parts[1], text) if len(parts) == 2 else None
    return BeyondSpec(kind, depth, text, total, took, found, simulations=simulations)


SAMPLED = 1000
"""A sampling kind's simulations when its spec gives none (`mcts`)."""


def parse_simulations(text: str, where: str) -> int:
    """A sampling kind's simulations, a whole number >= 1; SpecError naming `where`."""
    try:
        return read_whole(text, 1)
    except ValueError as error:
        raise SpecError(f"the simulations in {where} {error}") from None


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


def value_text(value: Value) -> str:
    """A chance search's value: exact, and as a decimal when it is a long fraction.

    ```pycon
    >>> value_text(Fraction(7, 3)), value_text(Fraction(1)), value_text(0.5)
    ('7/3 (about 2.3333)', '1', '0.5')

    ```
    """
    exact = chance_number(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{exact} (about {float(value):.4f})"
    return exact


def n_value_text(value: Vector | Number) -> str:
    """An n-player search's value: a vector, or the paranoid player's utility."""
    if isinstance(value, tuple):
        return vector_to_string(value)
    return n_number(value)


@final
@dataclass(frozen=True, slots=True)
class FamilyAnswer:
    """An answer as `analyse` writes it: its JSON fields, and its line of text."""

    found: dict[str, JSON]
    """`player`, `to_move`, `best`, `value`, and `guess` (or a vector's `vector`)."""
    text: str
    """`Star2(depth 3) chooses hold for Maxie; value: 1/2`."""


def chance_answer(player: str, side: str, move: str, value: Value) -> FamilyAnswer:
    """The answer of a chance search at a player's position."""
    found: dict[str, JSON] = {
        "player": player,
        "to_move": side,
        "best": move_json(move),
        "value": chance_number(value),
        "guess": float(value),
    }
    return FamilyAnswer(found, f"{player} chooses {move} for {side}; value: {value_text(value)}")


def n_answer(
    player: str, mover: str, others: tuple[str, ...], move: str, value: Vector | Number
) -> FamilyAnswer:
    """The answer of an n-player search: a vector, or a paranoid player's utility (whose
    meaning the text says: against `others`)."""
    found: dict[str, JSON] = {
        "player": player,
        "to_move": mover,
        "best": move_json(move),
        "value": n_value_text(value),
    }
    meaning = ""
    if isinstance(value, tuple):
        found["vector"] = [float(u) if isinstance(u, Fraction) else u for u in value]
    else:
        found["guess"] = float(value) if isinstance(value, Fraction) else value
        against = " and ".join(name for name in others if name != mover)
        meaning = f" ({mover}'s utility if {against} play against {mover})"
    text = f"{player} chooses {move} for {mover}; value: {n_value_text(value)}{meaning}"
    return FamilyAnswer(found, text)
