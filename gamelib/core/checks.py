"""Checking what people type and pass: one rule for numbers, and short echoes of bad values.

The rule for numbers written as text (depths, sizes, the prune percentage,
moves typed at the prompt) is **ASCII digits only**, everywhere: Python's
`int` and `float` also read Arabic-Indic (`٣`) and full-width (`３`)
digits, which made one place accept what another refused.  A value passed
from Python (a pile, a board size) must be an `int` and not a `bool`:
`Nim(pile=2.5)` and `Nim(pile=True)` are mistakes, not piles.

An error message names the bad value, but never echoes a 5,000-digit
number or a long line whole: `echo` cuts it.

```pycon
>>> ascii_int("12"), ascii_int("-3"), ascii_int("٣"), ascii_int("３"), ascii_int("1_000")
(12, -3, None, None, None)
>>> ascii_float("0.25"), ascii_float("٠.٥"), ascii_float("nan")
(0.25, None, None)
>>> echo("9" * 5000)
'99999999999999999999... (5,000 characters)'

```
"""

from __future__ import annotations

import math
import re

__all__ = [
    "ECHO_LIMIT",
    "article",
    "ascii_float",
    "ascii_int",
    "check_depth",
    "digits_hint",
    "echo",
    "echo_value",
    "plural",
    "whole_number",
]

ECHO_LIMIT = 20
"""How many characters of a bad value a message quotes before cutting it short."""

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
    if len(stripped) > 4000:  # int() refuses more than 4,300 digits; no count here needs them
        return None
    return int(stripped)


def ascii_float(text: str) -> float | None:
    """The finite number `text` writes in ASCII digits (`0.5`, `.5`, `5e-1`), or None.

    `-0` reads as `0`: a message should not speak of "prune -0".
    """
    stripped = text.strip()
    if _FLOAT.fullmatch(stripped) is None:
        return None
    value = float(stripped)
    if not math.isfinite(value):  # 1e999
        return None
    return value + 0.0


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


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """`value` as a message quotes it: text longer than `limit` is cut, saying how long.

    A huge integer is described by its number of digits instead (`str` of
    one with more than 4,300 digits is itself an error in Python 3.11).

    ```pycon
    >>> echo(12), echo(10**5000)
    ('12', 'a number of 5,001 digits')

    ```
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of {_digits(abs(value)):,} digits"
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


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
    """`a` or `an` before `word`, by its first letter: "an alphabeta player".

    ```pycon
    >>> article("alphabeta"), article("expectiminimax"), article("maxn")
    ('an', 'an', 'a')

    ```
    """
    return "an" if word[:1].lower() in "aeiou" else "a"


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
