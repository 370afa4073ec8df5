"""Player specs and option values as the command line writes them.

A player spec is `KIND` for the players that do not search (`human`,
`direct`, `random`), and `KIND[:DEPTH[:OPTION...]]` for a search kind of
the catalog of the game's family: after the depth come the kind's options, in the
order the catalog lists them or as `name=value` (`jamboree:4:0.25`,
`jamboree:4:prune=0.25`, `shallow-maxn:5:total=1`).  A kind with a lead option may
give it in the depth's place (`id:2s`, `mcts:500`).  What a spec leaves out comes from
the flags (`--depth`, and `--NAME` for each option of the catalog) or else from the
defaults.  The one grammar reads every family's kinds alike:
[`read_player_spec`][gamelib.cli.specs.read_player_spec] reads a spec over the catalog of
the game's family, and refuses a kind of another family in one sentence that names the
kinds that fit.  Every mistake is a [`SpecError`][gamelib.cli.specs.SpecError] whose
message names it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias, final

from pyrsistent import PMap, pmap

# MCTS's simulations (`SIMS`, `SAMPLED`) and shallow max^n's `TOTAL` are declared where their
# kinds are; the ones imported from here (as before) are the same objects.
from gamelib.algorithms.mcts import SAMPLED as SAMPLED
from gamelib.algorithms.mcts import SIMS as SIMS
from gamelib.catalog import CATALOGS, Catalogs, ChanceKind, Family, NPlayerKind
from gamelib.core.checks import article, echo, plural, read_whole
from gamelib.core.jsondata import JSON
from gamelib.errors import InputError
from gamelib.nplayer.kinds import TOTAL as TOTAL
from gamelib.search.kinds import Catalog, Option, SearchKind

__all__ = [
    "DEFAULT_DEPTH",
    "NON_SEARCH_KINDS",
    "PLAIN_KINDS",
    "AnyKind",
    "FamilyAnswer",
    "PlayerSpec",
    "SpecError",
    "game_is",
    "misfit",
    "parse_depth",
    "parse_option",
    "parse_player_spec",
    "read_number",
    "read_player_spec",
    "search_kinds_text",
    "shown",
    "spellings",
    "too_deep",
    "written_as_time",
]

DEFAULT_DEPTH = 5
"""Search depth when neither the player spec nor `--depth` gives one."""

NON_SEARCH_KINDS = ("human", "direct", "random")
"""The player kinds that do not search, in the order `gamelib list` shows them."""


AnyKind: TypeAlias = SearchKind | ChanceKind | NPlayerKind
"""A search kind of any family, as the one grammar reads it: its options, the option that
may lead in the depth's place, whether it takes a depth, its own default depth."""


class SpecError(InputError, ValueError):
    """A player spec or game option that cannot be used; the message says why."""


@final
@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as the command line names it: `alphabeta:5` or `jamboree:4:0.25`."""

    kind: str
    """The player kind's name."""
    depth: int
    """Search depth (from the spec, `--depth`, or the default)."""
    options: PMap[str, object]
    """Option values from the spec or the flags; options not here take their defaults."""
    text: str
    """The spec as typed, for messages."""
    depth_from: str = "by default"
    """Where the depth came from, for messages: `in 'alphabeta:3'`, `in --depth`."""
    flags_used: frozenset[str] = frozenset()
    """The flags (`depth`, `prune`, ...) whose values this spec took."""
    found: AnyKind | None = field(default=None, repr=False)
    """The search kind it names, from the catalog it was read with (None: a player that
    does not search)."""


def shown(text: str, limit: int = 80) -> str:
    """`text` as an error message echoes it (`gamelib.core.checks.echo`): a long one cut
    short, saying how long it was, and control characters escaped.

    A player spec or a name keeps 80 characters (a kind's name and a value typed whole); a
    number is cut at `gamelib.core.checks.ECHO_LIMIT` (60).

    ```pycon
    >>> shown("12"), shown("9" * 5000, 20), shown("nim\\x1b[31m")
    ('12', '99999999999999999999... (5,000 characters)', 'nim\\\\x1b[31m')

    ```
    """
    return echo(text, limit)


def too_deep(depth: int, given: str, limit: int, below: str = "the root") -> str:
    """The sentence refusing a search `depth` deep (`given`: where the depth was given,
    `in --depth`) in a tree whose shallowest leaf is `limit` moves from `below`.

    ```pycon
    >>> print(too_deep(5, "in --depth", 2))
    the depth 5 in --depth is deeper than the tree: its shallowest leaf is 2 moves from the \
root, so depth 2 is the deepest that works

    ```
    """
    return (
        f"the depth {depth} {given} is deeper than the tree: its shallowest leaf is "
        f"{plural(limit, 'move')} from {below}, so depth {limit} is the deepest that works"
    )


def read_number(
    text: str, what: str, least: int | None = None, most: int | None = None, *, why: str = ""
) -> int:
    """`text` as an integer in the digits 0-9 (the one rule, see
    `gamelib.core.checks`), from `least` to `most` if given; SpecError naming
    `what` otherwise, with `why` there is a `most`.

    ```pycon
    >>> read_number("３", "--pile")
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: --pile must be a whole number written with the digits 0-9, got '３'
    >>> read_number("0", "--pile", 1)
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: --pile must be at least 1, got 0

    ```
    """
    try:
        return read_whole(text, least, most, why=why)
    except ValueError as error:
        raise SpecError(f"{what} {error}") from None


def parse_depth(text: str, where: str = "--depth") -> int:
    """A search depth from text; SpecError unless it is a whole number >= 1.  The message
    names the flag (`--depth must be ...`) or the depth in a spec (`the depth in
    'alphabeta:0' must be ...`)."""
    return read_number(text, where if where.startswith("--") else f"the depth in {where}", 1)


def parse_option(option: Option[object], text: str, where: str) -> object:
    """`option`'s value written as `text` in `where`; SpecError saying what is wrong.

    ```pycon
    >>> from gamelib.estimate.kinds import PRUNE
    >>> parse_option(PRUNE, "2", "--prune")
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: the prune percentage in --prune must be between 0 and 1, got 2

    ```
    """
    try:
        return option.read(text.strip())
    except ValueError as error:
        raise SpecError(f"{option.title} in {where} {error}") from None


def search_kinds_text(names: Sequence[str]) -> str:
    """Names as a sentence fragment: `minimax, alphabeta or jamboree`."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"


def _not_a_depth(part: str) -> bool:
    """Whether a spec's first part is something other than a depth (`2s`, `time=2s`)."""
    stripped = part.strip()
    return "=" in stripped or not stripped.lstrip("+-").isdigit()


_NUMBER = re.compile(r"[+-]?([0-9]+([.,/][0-9]*)*|\.[0-9]+)\s*[a-z]*")
"""What a player's place holds when a number was typed apart from its kind or flag: `7`,
`0.5`, `2s`."""


def _number_hint(
    kind: str, catalog: Catalog[SearchKind] | Catalog[ChanceKind] | Catalog[NPlayerKind]
) -> str:
    """For a kind that is a number (`match nim alphabeta 7`): where a number goes, in
    brackets, else nothing.

    ```pycon
    >>> from gamelib.catalog import CATALOG
    >>> print(_number_hint("7", CATALOG))  # doctest: +NORMALIZE_WHITESPACE
     (a number is no kind: a depth goes after its kind, as in minimax:7, a value after its
    flag, as in --depth 7)
    >>> _number_hint("2s", CATALOG)
    " (a number is no kind: a value goes after its kind and ':' or after its flag)"
    >>> _number_hint("alphabta", CATALOG)
    ''

    ```
    """
    if len(kind) > 20 or _NUMBER.fullmatch(kind) is None:
        return ""  # a long number is no depth or value typed apart: the sentence stays short
    deep = next((entry.name for entry in catalog if entry.takes_depth), None)
    if not kind.isdigit() or deep is None:
        return " (a number is no kind: a value goes after its kind and ':' or after its flag)"
    return (
        f" (a number is no kind: a depth goes after its kind, as in {deep}:{kind}, a value "
        f"after its flag, as in --depth {kind})"
    )


_article = article

_WITH_UNIT = re.compile(r"\s*([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*(ms|s|min|m)\s*", re.IGNORECASE)
"""A time written with its unit (`2s`, `500ms`, `1.5min`): in the lead budget's place of
an anytime kind that counts something else (`mcts:2s`), a time budget."""


def written_as_time(text: str) -> bool:
    """Whether `text` is a time written with its unit (`2s`, `500ms`, `1.5min`), as a
    budget in a count's place is.

    ```pycon
    >>> written_as_time("2s"), written_as_time(" 500MS "), written_as_time("500")
    (True, True, False)

    ```
    """
    return _WITH_UNIT.fullmatch(text) is not None


def _budget_error(entry: AnyKind, quoted: str, part: str, why: str) -> SpecError:
    """The sentence for a bad budget in the lead's place of an anytime kind: the two forms
    it takes, a count (or a depth) and a time, and the reason when it looked like one."""
    name = entry.name
    lead = entry.lead
    count = (
        f"a depth ({name}:12)"
        if lead == "time" or lead is None
        else f"a number of {'simulations' if lead == 'sims' else lead} ({name}:500)"
    )
    said = f": {why}" if _WITH_UNIT.fullmatch(part) else ""
    return SpecError(
        f"the budget in {quoted} must be {count} or a time ({name}:2s, {name}:500ms), got "
        f"'{shown(part.strip())}'{said}"
    )


def parse_player_spec(
    text: str,
    catalog: Catalog[SearchKind] | Catalog[ChanceKind] | Catalog[NPlayerKind],
    default_depth: int,
    flags: Mapping[str, str] | None = None,
    depth_limit: int | None = None,
    *,
    plain: Sequence[str] = NON_SEARCH_KINDS,
    title: str | None = None,
) -> PlayerSpec:
    """The player `text` names, of `catalog`'s kinds or `plain`'s; SpecError says what is
    wrong (naming the game `title` among the kinds it knows, if given).

    `flags` are the texts of the command line's flags (`depth`, and the
    catalog's options such as `prune`): each applies where the spec gives
    no value of its own, parsed by the option of this spec's kind.  Kind
    names are read without regard to case or surrounding spaces.  A kind
    with a depth of its own (iterative deepening's ceiling) takes it by
    default, but never deeper than `depth_limit` (an explicit tree's).

    ```pycon
    >>> from gamelib.catalog import CATALOG
    >>> spec = parse_player_spec("jamboree:3:0.25", CATALOG, 5)
    >>> spec.kind, spec.depth, dict(spec.options)
    ('jamboree', 3, {'prune': 0.25})
    >>> parse_player_spec("jamboree::0.25", CATALOG, 5)
    Traceback (most recent call last):
    ...
    gamelib.cli.specs.SpecError: the depth in 'jamboree::0.25' must be a whole number, got ''

    ```
    """
    given = dict(flags or {})
    quoted = f"'{shown(text)}'"  # the spec as messages name it: a long one cut short
    written, *parts = text.split(":")
    kind = written.strip().lower()
    if kind in plain:
        if parts:
            raise SpecError(f"{quoted} has too many ':' parts for {_article(kind)} {kind} player")
        return PlayerSpec(kind, default_depth, pmap(), text)
    entry = catalog.get(kind)
    if entry is None:
        known = ", ".join((*plain, *catalog.names()))
        known_for = "known kinds" if title is None else f"known kinds for {title}"
        hint = _number_hint(kind, catalog)
        raise SpecError(
            f"unknown player kind '{shown(written.strip())}'{hint}; {known_for}: {known}"
        )
    # A kind with a lead option (id:2s) may give it in the depth's place; one that takes
    # no depth always does (mcts:1000).
    leads = (
        entry.lead is not None and bool(parts) and (not entry.takes_depth or _not_a_depth(parts[0]))
    )
    option_parts = parts if leads else parts[1:]
    time_option = entry.option("time")
    # An anytime kind takes a time in its lead budget's place (mcts:2s, as id:2s): the
    # count the lead stands for is then no limit, and the time is the budget.
    timed = (
        leads
        and entry.anytime
        and entry.lead != "time"
        and time_option is not None
        and _WITH_UNIT.fullmatch(parts[0]) is not None
    )
    if sum("=" not in part for part in option_parts) > len(entry.options):  # named: below
        raise SpecError(f"{quoted} has too many ':' parts for {_article(kind)} {kind} player")
    used: set[str] = set()
    if parts and not leads:
        depth = parse_depth(parts[0], f"{quoted}")
        depth_from = f"in {quoted}"
    elif "depth" in given:
        depth = parse_depth(given["depth"], "--depth")
        depth_from = "in --depth"
        used.add("depth")
    elif entry.default_depth is not None:
        depth, depth_from = (
            min(entry.default_depth, depth_limit or entry.default_depth),
            "by default",
        )
    else:
        depth, depth_from = default_depth, "by default"
    values: dict[str, object] = {}
    named = False
    for position, part in enumerate(option_parts):
        name, equals, value_text = part.partition("=")
        name = name.strip()
        if equals:
            if not name:
                raise SpecError(f"an option name is missing before '=' in {quoted}")
            option = entry.option(name)
            if option is None:
                names = ", ".join(o.name for o in entry.options)
                takes = f"its options: {names}" if names else "it takes no options"
                raise SpecError(f"{kind} has no option '{shown(name)}' (in {quoted}); {takes}")
            named = True
        else:
            if named:
                raise SpecError(
                    f"in {quoted}, '{shown(part)}' follows a named option, so it needs a name too"
                )
            if entry.option(name) is not None:
                raise SpecError(f"'{name}' in {quoted} needs a value: write {name}=VALUE")
            option = entry.options[position]
            value_text = part
            if position == 0 and timed and time_option is not None:
                values[option.name] = None  # the lead's count gives way to the time
                option = time_option
        if option.name in values:
            raise SpecError(f"{option.name} is given twice in {quoted}")
        try:
            values[option.name] = parse_option(option, value_text, f"{quoted}")
        except SpecError as error:
            counted = part.strip().isdigit()  # a count out of range: its own sentence
            if position == 0 and leads and entry.anytime and not equals and not counted:
                why = str(error).rpartition(f"{quoted} ")[2].rpartition(", got ")[0]
                raise _budget_error(entry, quoted, part, why) from None
            raise
    for option in entry.options:
        if option.name not in values and option.name in given:
            values[option.name] = parse_option(option, given[option.name], f"--{option.name}")
            used.add(option.name)
    return PlayerSpec(kind, depth, pmap(values), text, depth_from, frozenset(used), entry)


@final
@dataclass(frozen=True, slots=True)
class FamilyAnswer:
    """An answer as `analyse` writes it: its JSON fields, and its line of text."""

    found: dict[str, JSON]
    """`player`, `to_move`, `best`, `value`, and `guess` (or a vector's `vector`)."""
    text: str
    """`Star2(depth 3) chooses hold for Maxie; value: 1/2`."""


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
        lead = None if entry is None or entry.lead is None else entry.option(entry.lead)
        led = family != "two-player" and lead is SIMS  # a kind that counts simulations
        if led and parts and written_as_time(parts[0]):
            raise SpecError(
                f"{error}: in a game of the {family} family, {kind} counts simulations "
                f"({kind}:500) and takes no time budget"
            ) from None
        raise
