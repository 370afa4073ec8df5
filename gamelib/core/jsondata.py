"""JSON as Python holds it: the one type every writer of JSON in gamelib uses (the
command line's `--json`, the saved games, the stepper's data)."""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSON", "move_json"]

JSON: TypeAlias = str | int | float | bool | list["JSON"] | dict[str, "JSON"] | None
"""A value `json.dumps` writes as it is, and `json.loads` gives back."""


def move_json(text: str) -> JSON:
    """A move, as written, for JSON: a number when it is written as one (a column, a cell),
    else the text.

    ```pycon
    >>> move_json("4"), move_json("b2")
    (4, 'b2')

    ```
    """
    return int(text) if text.isdecimal() and text.isascii() else text
