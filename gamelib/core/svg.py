"""Pictures as SVG text, for a notebook: what a game's state, a match's table and the like
draw themselves with.  No outside program: an SVG is text, and a browser draws it.

A notebook (Jupyter, VS Code) shows an object by calling its `_repr_svg_` (or
`_repr_html_`) if it has one; [`Svg`][gamelib.core.svg.Svg] is such an object, and the
games' states return one from their own `_repr_svg_`.

```pycon
>>> picture = Svg.of(40, 20, [circle(10, 10, 8, "x"), text(30, 14, "X", "label")])
>>> print(picture.text)
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
<style>.x{fill:#d62728}.label{font:12px sans-serif}</style>
<circle cx="10" cy="10" r="8" class="x"/>
<text x="30" y="14" class="label">X</text>
</svg>

```
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import final

__all__ = ["STYLES", "Svg", "circle", "line", "pile", "rect", "text"]

STYLES: Mapping[str, str] = {
    "x": "fill:#d62728",
    "o": "fill:#f2c12e",
    "empty": "fill:#ffffff",
    "board": "fill:#1f5fbf",
    "last": "fill:none;stroke:#111111;stroke-width:3",
    "grid": "stroke:#333333;stroke-width:3",
    "mark-x": "stroke:#d62728;stroke-width:6;stroke-linecap:round",
    "mark-o": "fill:none;stroke:#1f5fbf;stroke-width:6",
    "pebble": "fill:#8c6d4f;stroke:#4d3b2a",
    "bar-maxie": "fill:#d62728",
    "bar-minnie": "fill:#f2c12e",
    "bar-turn": "fill:#999999",
    "label": "font:12px sans-serif",
    "empty-number": "fill:#aaaaaa;font:12px sans-serif",
    "title": "font:bold 13px sans-serif",
}
"""The look of every class the pictures use: X red, O yellow, as Connect Four's discs."""


def _attributes(shown: Mapping[str, object]) -> str:
    return "".join(f' {name}="{escape(str(value))}"' for name, value in shown.items())


def circle(cx: float, cy: float, r: float, kind: str, **data: object) -> str:
    """A circle of class `kind`; `data` become `data-...` attributes (what a test reads)."""
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" class="{kind}"{_data(data)}/>'


def rect(x: float, y: float, width: float, height: float, kind: str, **data: object) -> str:
    """A rectangle of class `kind`."""
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" class="{kind}"'
        f"{_data(data)}/>"
    )


def line(x1: float, y1: float, x2: float, y2: float, kind: str, **data: object) -> str:
    """A line of class `kind`."""
    return f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" class="{kind}"{_data(data)}/>'


def text(x: float, y: float, words: str, kind: str = "label", **data: object) -> str:
    """Words at (x, y), of class `kind`, escaped."""
    return f'<text x="{x:g}" y="{y:g}" class="{kind}"{_data(data)}>{escape(words)}</text>'


def _data(data: Mapping[str, object]) -> str:
    return _attributes({f"data-{k.replace('_', '-')}": v for k, v in data.items()})


@final
@dataclass(frozen=True)
class Svg:
    """An SVG picture: its text, which a notebook shows as the picture it draws."""

    text: str

    @classmethod
    def of(cls, width: float, height: float, parts: Iterable[str], title: str = "") -> Svg:
        """The picture `width` x `height` of `parts`, with the styles of the classes they
        use; `title` (if given) is what a screen reader says of it."""
        body = list(parts)
        used = [k for k in STYLES if any(f'class="{k}"' in part for part in body)]
        style = "".join(f".{k}{{{STYLES[k]}}}" for k in used)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}">'
        )
        lines = [head]
        if title:
            lines.append(f"<title>{escape(title)}</title>")
        if style:
            lines.append(f"<style>{style}</style>")
        lines += body
        lines.append("</svg>")
        return cls("\n".join(lines))

    def _repr_svg_(self) -> str:
        return self.text


_PER_ROW = 10  # pebbles a row in a pile's picture


def pile(pebbles: int, caption: str, title: str) -> Svg:
    """A pile of `pebbles` drawn as pebbles, ten a row, with `caption` under it (Nim's and
    take-away's states)."""
    rows = max(1, -(-pebbles // _PER_ROW))
    parts = [
        circle(14 + 22 * (i % _PER_ROW), 14 + 22 * (i // _PER_ROW), 9, "pebble", n=i + 1)
        for i in range(pebbles)
    ]
    parts.append(text(4, 22 * rows + 22, caption))
    return Svg.of(22 * _PER_ROW + 8, 22 * rows + 32, parts, title)
