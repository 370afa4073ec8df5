"""How chance and n-player searches' answers read (`family_answer`; a value is written
by [`value_to_string`][gamelib.core.model.value_to_string]), and the `--player1 ..
--playerN` flags of a game of n players.

A spec of every family is read by the one grammar
([`read_player_spec`][gamelib.cli.specs.read_player_spec]).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from gamelib.cli.specs import FamilyAnswer, SpecError
from gamelib.core.jsondata import JSON, move_json
from gamelib.core.model import Number, Vector, number_to_string, value_to_string, vector_to_string

__all__ = ["family_answer", "split_seat_flags"]


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


def family_answer(
    player: str, mover: str, move: str, value: Number | Vector, against: Sequence[str] = ()
) -> FamilyAnswer:
    """The answer of a chance or n-player search at `mover`'s position: a vector, or a
    number, which is `mover`'s utility if the players `against` (a paranoid search's
    others) play against `mover` (written without a decimal).

    ```pycon
    >>> family_answer("Star2(depth 3)", "Maxie", "hold", Fraction(1, 2)).text
    'Star2(depth 3) chooses hold for Maxie; value: 1/2 (about 0.5000)'
    >>> long = family_answer("Star2(depth 5)", "Maxie", "roll", Fraction(1247567, 1621620))
    >>> long.text, long.found["value"]  # the text for people, the JSON exact
    ('Star2(depth 5) chooses roll for Maxie; value: about 0.7693', '1247567/1621620')

    ```
    """
    found: dict[str, JSON] = {
        "player": player,
        "to_move": mover,
        "best": move_json(move),
        "value": vector_to_string(value) if isinstance(value, tuple) else number_to_string(value),
    }
    meaning = ""
    if isinstance(value, tuple):
        found["vector"] = [float(u) if isinstance(u, Fraction) else u for u in value]
    else:
        found["guess"] = float(value) if isinstance(value, Fraction) else value
        if against:
            meaning = f" ({mover}'s utility if {' and '.join(against)} play against {mover})"
    said = value_to_string(value, decimal=not against)
    return FamilyAnswer(found, f"{player} chooses {move} for {mover}; value: {said}{meaning}")
