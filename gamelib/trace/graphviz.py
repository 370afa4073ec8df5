"""Graphviz: the DOT text every picture shares, and the `dot` program that draws it.

The trace pictures of the three families and `solve --dot`'s proof trees are DOT text
made with [`dot_quote`][gamelib.trace.graphviz.dot_quote]; [`draw`][gamelib.trace.graphviz.draw]
and [`render`][gamelib.trace.graphviz.render] turn it into a picture where Graphviz is
installed, and say what to do where it is not.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from gamelib.core.datatypes import Side
from gamelib.core.model import Nature
from gamelib.errors import StoppedError

__all__ = [
    "PICTURE_POSITIONS",
    "PLAYER_SHAPES",
    "GraphvizMissingError",
    "PictureError",
    "dot_quote",
    "draw",
    "mover_shape",
    "picture_size",
    "render",
    "to_svg",
    "write_file",
]


PLAYER_SHAPES = ("box", "ellipse", "diamond", "hexagon", "house", "trapezium", "parallelogram")
"""Graphviz shapes for players 0, 1, 2, ... (repeating): Maxie's is player 0's, Minnie's 1's."""


def mover_shape(mover: Side | Nature | int | None) -> str:
    """The shape of a position in every family's picture: by who decides there, Maxie a
    box, Minnie an ellipse, chance a circle, player i the i-th of
    [`PLAYER_SHAPES`][gamelib.trace.graphviz.PLAYER_SHAPES]; a finished game an octagon.

    ```pycon
    >>> [mover_shape(m) for m in (Side.Maxie, Side.Minnie, Nature.Chance, 2, None)]
    ['box', 'ellipse', 'circle', 'diamond', 'octagon']

    ```
    """
    match mover:
        case None:
            return "octagon"
        case Side.Maxie:
            return PLAYER_SHAPES[0]
        case Side.Minnie:
            return PLAYER_SHAPES[1]
        case Nature.Chance:
            return "circle"
        case int():
            return PLAYER_SHAPES[mover % len(PLAYER_SHAPES)]


def dot_quote(text: str) -> str:
    r"""`text` as a DOT string, quoted and escaped.

    ```pycon
    >>> print(dot_quote('say "hi"\nthen go'))
    "say \"hi\"\nthen go"

    ```
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


PICTURE_POSITIONS = 3_000
"""The most positions a picture may have, grey unsearched ones included.

Graphviz's layout grows much faster than the picture: on a 2-core machine a
Connect Four trace of 2,188 positions took 1.9 s, one of 3,209 took 4.6 s,
one of 8,181 took 52 s and one of 19,608 over 5 minutes.  At 3,000 a picture
takes a few seconds and is still one a person can read; past that, a smaller
depth or the text trace serves better."""


class PictureError(StoppedError):
    """A picture that was asked for was not made; the message says why and what to do."""


class GraphvizMissingError(PictureError):
    """Graphviz's `dot` program is not installed, so a picture could not be drawn."""


def picture_size(dot_text: str) -> tuple[int, int]:
    r"""How many positions a picture made by this package's `*_to_dot` functions draws,
    and how many of them the search never reached (the grey, dashed ones).

    Counts the node statements: each is one line, `  NAME [label=...`.

    ```pycon
    >>> picture_size('digraph t {\n  n0 [label="a"];\n  p0 [label="b", style=dashed];\n'
    ...              '  n0 -> p0 [label="0", style=dashed];\n}\n')
    (2, 1)

    ```
    """
    positions = unsearched = 0
    for line in dot_text.splitlines():
        words = line.split(" ", 3)
        if len(words) == 4 and words[:2] == ["", ""] and words[3].startswith("[label="):
            positions += 1
            unsearched += "style=dashed" in words[3]
    return positions, unsearched


def draw(dot_text: str, target: Path) -> None:
    """Write `dot_text` as a picture at `target` (.svg or .png).

    Uses Graphviz's `dot` program (Debian package `graphviz`) through the
    `graphviz` Python package when it is installed, or directly otherwise.
    Raises `ValueError` for other suffixes;
    [`GraphvizMissingError`][gamelib.trace.graphviz.GraphvizMissingError] without `dot`, after
    writing the DOT text next to `target` (the message says where, and how to draw it later);
    `OSError` naming `target` when it cannot be written; `subprocess.CalledProcessError`
    when `dot` fails.
    """
    fmt = target.suffix.lstrip(".").lower()
    if fmt not in ("svg", "png"):
        raise ValueError(f"pictures can be .svg or .png, not '{target.suffix}'")
    if shutil.which("dot") is None:
        fallback = target.with_suffix(".dot")
        try:
            write_file(fallback, dot_text.encode())
        except OSError as error:
            raise GraphvizMissingError(
                f"Graphviz's dot program is not installed, so {target} was not drawn, and "
                f"{fallback} could not be written either ({error.strerror}): install "
                "Graphviz (Debian: apt-get install graphviz) and trace again"
            ) from None
        raise GraphvizMissingError(
            f"Graphviz's dot program is not installed, so {target} was not drawn; "
            f"wrote {fallback} instead: render it with 'dot -T{fmt} {fallback} -o {target}' "
            "(Debian: apt-get install graphviz)"
        )
    write_file(target, _pipe_through_dot(dot_text, fmt))


def write_file(target: Path, data: bytes) -> None:
    """Write `data` to `target`; an `OSError` always names `target`.

    (A write that fails after the file opened, such as on `/dev/full`, raises
    an `OSError` with no file name of its own.)
    """
    try:
        target.write_bytes(data)
    except OSError as error:
        if error.filename is not None:
            raise
        raise OSError(error.errno, error.strerror, str(target)) from None


def render(dot_text: str, target: Path) -> str:
    """Write `dot_text` as a picture at `target` (.svg or .png); say what happened.

    As [`draw`][gamelib.trace.graphviz.draw], but without `dot` it returns the message (having
    written the DOT text next to `target`) instead of raising.
    """
    try:
        draw(dot_text, target)
    except GraphvizMissingError as missing:
        return str(missing)
    return f"wrote {target}"


def to_svg(dot_text: str) -> str:
    """`dot_text` drawn as SVG text by Graphviz's `dot` (which must be installed)."""
    return _pipe_through_dot(dot_text, "svg").decode()


def _pipe_through_dot(dot_text: str, fmt: str) -> bytes:
    try:
        import graphviz  # the optional 'graphviz' extra
    except ImportError:
        done = subprocess.run(
            ["dot", f"-T{fmt}"], input=dot_text.encode(), capture_output=True, check=True
        )
        return done.stdout
    picture: bytes = graphviz.Source(dot_text).pipe(format=fmt)
    return picture
