"""JSON as Python holds it: the one type every writer of JSON in gamelib uses (the
command line's `--json`, the saved games, the stepper's data)."""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSON"]

JSON: TypeAlias = str | int | float | bool | list["JSON"] | dict[str, "JSON"] | None
"""A value `json.dumps` writes as it is, and `json.loads` gives back."""
