"""Checking what people type and pass: one rule for numbers, and short echoes of bad values.

The rule for numbers written as text (depths, sizes, the prune percentage,
moves typed at the prompt) is **ASCII digits only**, everywhere: Python's
`int` and `float` also read Arabic-Indic (`٣`) and full-width (`３`)
digits, which made one place accept what another refused.  A value passed
from Python (a pile, a board size) must be an `int` and not a `bool`:
`Nim(pile=2.5)` and `Nim(pile=True)` are mistakes, not piles.

An error message names the bad value, but never echoes a 5,000-digit
number or a long line whole, nor a control character that a terminal would
obey (an escape sequence that turns the rest red, clears the screen or
retitles the window): `echo` cuts the value short and writes each such
character as its Python escape.  Every message that quotes what someone
typed or passed goes through it.

```pycon
>>> ascii_int("12"), ascii_int("-3"), ascii_int("٣"), ascii_int("３"), ascii_int("1_000")
(12, -3, None, None, None)
>>> ascii_float("0.25"), ascii_float("٠.٥"), ascii_float("nan")
(0.25, None, None)
>>> echo("9" * 5000)
'999999999999999999999999999999999999999999999999999999999999... (5,000 characters)'
>>> print(echo("nim\\x1b[31m"))
nim\\x1b[31m

```
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

__all__ = [
    "ECHO_LIMIT",
    "article",
    "ascii_float",
    "ascii_int",
    "check_depth",
    "check_solve_depth",
    "digits_hint",
    "echo",
    "echo_value",
    "in_words",
    "plural",
    "printable",
    "quoted",
    "read_whole",
    "whole_number",
]

ECHO_LIMIT = 60
"""How many characters of a bad value a message quotes before cutting it short: enough
for any value typed by hand to be quoted whole (a mistyped option, a long name), while a
pasted 5,000-digit number or a line of a file is still cut (it was 20, which cut typed
values in the middle)."""

_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)


def ascii_int(text: str) -> int | None:
    """The whole number `text` writes in ASCII digits (an optional sign, spaces around
    allowed), or None.

    No underscores, no other scripts' digits: what a person types, checked one way.
    """
    stripped = text.strip()
    if _INT.fullmatch(stripped) is None:
        return None
    if len(stripped) > _MOST_DIGITS:
        return None
    return int(stripped)


_MOST_DIGITS = 4000
"""The longest whole number `ascii_int` reads: `int` refuses more than 4,300 digits, and
no count gamelib takes needs so many."""


def ascii_float(text: str) -> float | None:
    """The number `text` writes in ASCII digits (`0.5`, `.5`, `5e-1`), or None.

    A number too big for a float (`1e999`, 5,000 nines) reads as `inf`, so
    that a range check, not "must be a number", refuses it; `nan` and `inf`
    are not written in digits and read as None.  `-0` reads as `0`: a
    message should not speak of "prune -0".

    ```pycon
    >>> ascii_float("1e999"), ascii_float("-" + "9" * 400), ascii_float("-0")
    (inf, -inf, 0.0)

    ```
    """
    stripped = text.strip()
    if _FLOAT.fullmatch(stripped) is None:
        return None
    return float(stripped) + 0.0


def read_whole(
    text: str,
    least: int | None = None,
    most: int | None = None,
    *,
    why: str = "",
    or_none: bool = False,
) -> int:
    """The whole number `text` writes in ASCII digits, from `least` to `most` (each
    if given); otherwise `ValueError` with the rest of a sentence that begins with
    what was given ("--cols", "the depth in 'alphabeta:x'").

    `why` says why there is a `most`; `or_none` adds that `none` is allowed
    too (the caller reads it).  A number too long to read (more than 4,000
    digits) is refused as too big or too small, not as "not a whole number";
    every value is quoted through `echo`.

    ```pycon
    >>> read_whole("40", 1, 32, why="a bigger board could not be searched")
    Traceback (most recent call last):
    ...
    ValueError: must be at most 32, got 40: a bigger board could not be searched
    >>> read_whole("9" * 5000, 1, 10**12, or_none=True)
    Traceback (most recent call last):
    ...
    ValueError: must be at most 1,000,000,000,000 (or none), got 99999999999999999999... \
(5,000 characters)
    >>> read_whole("-" + "9" * 5000)
    Traceback (most recent call last):
    ...
    ValueError: is far too small, got -9999999999999999999... (5,001 characters)

    ```
    """
    stripped = text.strip()
    value = ascii_int(stripped)
    if value is None and _INT.fullmatch(stripped) is None:
        also = " or none" if or_none else ""
        raise ValueError(f"must be a whole number{digits_hint(text)}{also}, got '{echo(text)}'")
    negative = stripped.startswith("-")
    if least is not None and (negative if value is None else value < least):
        raise ValueError(f"must be at least {least:,}, got {echo(stripped)}")
    if most is not None and (not negative if value is None else value > most):
        also = " (or none)" if or_none else ""
        because = f": {why}" if why else ""
        raise ValueError(f"must be at most {most:,}{also}, got {echo(stripped)}{because}")
    if value is None:
        raise ValueError(f"is far too {'small' if negative else 'big'}, got {echo(stripped)}")
    return value


def digits_hint(text: str) -> str:
    """What to add to "must be a whole number" when `text` has digits of another script.

    ```pycon
    >>> digits_hint("３"), digits_hint("x")
    (' written with the digits 0-9', '')

    ```
    """
    if any(ch.isdigit() and not ch.isascii() for ch in text):
        return " written with the digits 0-9"
    return ""


def echo(value: object, limit: int = ECHO_LIMIT, *, length: int | None = None) -> str:
    """`value` as a message quotes it: every character a terminal would not print as
    it is (ESC, NUL, a bell, a right-to-left override) written as its Python escape
    (`\\x1b`), and cut after `limit` characters so written, saying how long the value
    was (an escape is kept whole or left out).  `length` is how long the value was
    when `value` is only its start (a line read only so far).

    A huge integer is described by its number of digits instead (`str` of
    one with more than 4,300 digits is itself an error in Python 3.11).

    ```pycon
    >>> echo(12), echo(10**5000), echo(-(10**30)), echo("a\\x00b\\x07")
    ('12', 'a number of 5,001 digits', 'a negative number of 31 digits', 'a\\\\x00b\\\\x07')
    >>> echo("\\x1b" * 100)
    '\\\\x1b\\\\x1b\\\\x1b\\\\x1b\\\\x1b... (100 characters)'

    ```
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        sign = "negative " if value < 0 else ""
        return f"a {sign}number of {_digits(abs(value)):,} digits"
    text = value if isinstance(value, str) else str(value)
    whole = len(text) if length is None else max(length, len(text))
    if whole <= limit and text.isprintable():  # almost always: nothing to do
        return text
    kept: list[str] = []
    size = 0
    for c in text[:limit]:
        written = printable(c)
        if size + len(written) > limit:
            break
        kept.append(written)
        size += len(written)
    if len(kept) == whole:
        return "".join(kept)
    return f"{''.join(kept)}... ({whole:,} characters)"


def quoted(value: object, limit: int = ECHO_LIMIT) -> str:
    """`value` echoed (see `echo`) between single quotes, as messages quote what was given.

    ```pycon
    >>> quoted("?b"), quoted("x" * 50, 40)
    ("'?b'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (50 characters)'")

    ```
    """
    return f"'{echo(value, limit)}'"


def printable(text: str, keep: str = "") -> str:
    """`text` with each character that is not printable written as its Python escape,
    except those in `keep` (a message's own line breaks): what `echo` does to a value,
    and what the command line does to a whole message before writing it, in case
    some part of it was quoted without `echo`.

    ```pycon
    >>> printable("a\\x1b[2J\\nb", keep="\\n")
    'a\\\\x1b[2J\\nb'

    ```
    """
    if text.isprintable():  # almost always: nothing to do
        return text
    return "".join(
        c if c.isprintable() or c in keep else c.encode("unicode_escape").decode() for c in text
    )


def echo_value(value: object) -> str:
    """A value passed from Python as a message names it: a number as written, anything
    else as its `repr` (so the text `'3'` is not mistaken for the number 3), cut short.

    ```pycon
    >>> echo_value(2.5), echo_value("3"), echo_value(True)
    ('2.5', "'3'", 'True')

    ```
    """
    return echo(value) if isinstance(value, int | float) else echo(repr(value))


def _digits(n: int) -> int:
    """The number of decimal digits of `n` > 0, without converting it to text."""
    estimate = int(n.bit_length() * math.log10(2))  # never more than the true count
    return estimate + 1 if n >= 10**estimate else estimate


def article(word: str) -> str:
    """`a` or `an` before `word`, by how it is said: by its first letter ("an alphabeta
    player"), or, for a word without vowels, which is spelled out, by that letter's name
    ("an mcts player": em-see-tee-ess).

    ```pycon
    >>> article("alphabeta"), article("expectiminimax"), article("maxn"), article("mcts")
    ('an', 'an', 'a', 'an')

    ```
    """
    lower = word.lower()
    if not any(vowel in lower for vowel in "aeiouy"):  # spelled out, letter by letter
        return "an" if lower[:1] in "aefhilmnorsx" else "a"
    return "an" if lower[:1] in "aeiou" else "a"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """`n` and `noun`, plural (`nouns`, by default `noun` + s) unless `n` is 1.

    ```pycon
    >>> plural(1, "move"), plural(0, "move"), plural(12_000, "position"), plural(2, "ply", "plies")
    ('1 move', '0 moves', '12,000 positions', '2 plies')

    ```
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n:,} {noun + 's' if nouns is None else nouns}"


def in_words(items: Sequence[str], last: str = "and") -> str:
    """`items` as a sentence lists them: commas, and `last` ("and", "or") before the last.

    ```pycon
    >>> in_words(["pvs"]), in_words(["pvs", "scout"]), in_words(["negamax-ab", "pvs", "id"])
    ('pvs', 'pvs and scout', 'negamax-ab, pvs and id')
    >>> in_words(("moves", "play", "parse_move"), "or")
    'moves, play or parse_move'

    ```
    """
    items = list(items)
    return f" {last} ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def whole_number(value: object, what: str, least: int = 1) -> int:
    """`value` when it is an `int` (not a `bool`) of at least `least`;
    otherwise `ValueError` naming `what` and the value.

    ```pycon
    >>> whole_number(2.5, "a Nim pile")
    Traceback (most recent call last):
    ...
    ValueError: a Nim pile must be a whole number, got 2.5
    >>> whole_number(True, "cols")
    Traceback (most recent call last):
    ...
    ValueError: cols must be a whole number, got True

    ```
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {echo_value(value)}")
    if value < least:
        raise ValueError(f"{what} must be at least {least}, got {echo(value)}")
    return value


def check_depth(depth: object) -> int:
    """`depth` when it is a search depth: `TypeError` unless an `int` (not a
    `bool`), `ValueError` unless at least 1; each names the value.

    Every kind of settings (two-player, n-player, chance) checks its depth here.

    ```pycon
    >>> check_depth("3")
    Traceback (most recent call last):
    ...
    TypeError: search depth must be a whole number, got '3'

    ```
    """
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"search depth must be a whole number, got {echo_value(depth)}")
    if depth < 1:
        raise ValueError(f"search depth must be at least 1, got {echo(depth)}")
    return depth


def check_solve_depth(depth: object) -> int | None:
    """A solve's `depth`: None (to the end) or a whole number of plies of at least 1;
    `TypeError` or `ValueError` naming the value otherwise.

    ```pycon
    >>> check_solve_depth(1.5)
    Traceback (most recent call last):
    ...
    TypeError: a solve's depth must be a whole number of plies or None, got 1.5

    ```
    """
    if depth is None:
        return None
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(
            f"a solve's depth must be a whole number of plies or None, got {echo_value(depth)}"
        )
    if depth < 1:
        raise ValueError(f"a solve looks at least 1 ply ahead, not {echo(depth)}")
    return depth
