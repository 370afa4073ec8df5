"""Output and input that survive any encoding: ASCII spellings for the symbols gamelib writes.

A terminal or pipe whose encoding lacks −, ∞, α or β (`PYTHONIOENCODING=ascii`,
an old Windows console, `LANG=C`) would otherwise stop a game with a
UnicodeEncodeError.  `spell_out` registers an encoding error handler
that writes such characters the ASCII way (`-inf`, `alpha`) and anything
else it cannot encode as `?`; `survive` puts it on a stream.  Input too:
`read_anything` makes standard input read a byte its encoding cannot decode
(`é` typed where the encoding is ASCII) as a `\\xc3` escape, which the prompt
answers as it answers any move it does not know, instead of a
UnicodeDecodeError that would also lose the rest of what was read.
"""

from __future__ import annotations

import codecs
import io
from typing import TextIO

__all__ = ["ASCII_SPELLINGS", "HANDLER", "read_anything", "spell_out", "survive"]

ASCII_SPELLINGS: dict[str, str] = {
    "−": "-",
    "∞": "inf",
    "α": "alpha",
    "β": "beta",
    "–": "-",
    "—": "--",
    "…": "...",
    "·": "*",
    "×": "x",
    "≤": "<=",
    "≥": ">=",
    "±": "+-",
    "⌊": "floor(",
    "⌋": ")",
    "Σ": "sum",
    "²": "^2",
    "✓": "ok",
}
"""How each symbol gamelib prints is written where the encoding lacks it."""

HANDLER = "gamelib-ascii"
"""The name of the encoding error handler."""


def spell_out(error: UnicodeError) -> tuple[str, int]:
    """The encoding error handler: the ASCII spelling of what could not be encoded.

    ```pycon
    >>> "α = −∞".encode("ascii", errors=HANDLER)
    b'alpha = -inf'

    ```
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(ASCII_SPELLINGS.get(c, "?") for c in bad), error.end


codecs.register_error(HANDLER, spell_out)


def survive(stream: TextIO | None) -> None:
    """Make `stream` write what its encoding lacks in ASCII spellings, not raise.

    Standard output raises by default (`strict`) and standard error writes
    `\\u2013` escapes (`backslashreplace`); both get the same spellings, so a
    message reads `columns are 1-7` wherever it is written.
    """
    if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "backslashreplace"):
        try:
            "−∞αβ–".encode(stream.encoding)
        except (UnicodeEncodeError, LookupError):
            stream.reconfigure(errors=HANDLER)


def read_anything(stream: TextIO | None) -> None:
    """Make `stream` read bytes its encoding cannot decode as `\\xNN` escapes, not raise.

    ```pycon
    >>> stream = io.TextIOWrapper(io.BytesIO("é\\n".encode()), encoding="ascii")
    >>> read_anything(stream)
    >>> stream.readline()
    '\\\\xc3\\\\xa9\\n'

    ```
    """
    # Python's own choice under a C locale, surrogateescape, would echo '\udcc3' instead.
    if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
        stream.reconfigure(errors="backslashreplace")
