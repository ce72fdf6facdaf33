"""The charts' common layout and their two renderings: a scene of shapes and texts, drawn as SVG or PNG.

A chart (the pool's, a player's history) is first laid out as a :class:`Scene` of
lines, bars, data points and texts in pixels from the top left, with the axes and
legend built here; the scene is then written as SVG text (its texts real text, drawn
by the viewer's fonts) or rasterised to a PNG image without a plotting library (its
texts drawn with the pixel font of :mod:`commands.chart_font`). Both renderings are
pure functions of the scene, so the same scene gives the same bytes.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from commands.chart_font import ADVANCE, glyph

WIDTH = 800
LEFT, RIGHT = 70, 20
BLUE, ORANGE, GREY, BLACK, WHITE, GREEN, RED = (
    "#1f77b4",
    "#ff7f0e",
    "#bbbbbb",
    "#000000",
    "#ffffff",
    "#2ca02c",
    "#d62728",
)
PALETTE = (BLUE, ORANGE, GREEN, RED, "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
"""The colours of a chart's series, in turn."""

CHAR_WIDTH = 7
"""A generous width of one character of the SVG's 12-pixel sans-serif texts (the PNG's are 6), for layout."""

LABEL_GAP = 56
"""The least distance between two period labels of an axis: a label ``YYYY-MM`` and a space."""


class Line(NamedTuple):
    points: tuple[tuple[float, float], ...]
    colour: str
    width: int
    series: str | None = None  # the series a data line draws, marked in the SVG; None for axes and grids


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    colour: str


class Text(NamedTuple):
    x: float
    y: float  # the baseline
    text: str
    anchor: str  # "start", "middle" or "end"


class Mark(NamedTuple):
    """A data point: drawn as a dot, and in the SVG a circle carrying its series, period and value."""

    x: float
    y: float
    colour: str
    series: str
    period: str
    value: str


class Scene(NamedTuple):
    width: int
    height: int
    title: str
    lines: tuple[Line, ...]
    rects: tuple[Rect, ...]
    texts: tuple[Text, ...]
    marks: tuple[Mark, ...] = ()


# --- Layout ---------------------------------------------------------------------


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering low..high.

    >>> ticks(1795, 1997)
    [1750, 1800, 1850, 1900, 1950, 2000]
    >>> ticks(-3, 0)
    [-3.0, -2.0, -1.0, 0.0]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= step * factor:
            step *= factor
            break
    first = math.floor(low / step) * step
    found = []
    value = first
    while True:
        found.append(round(value, 6))
        if value >= high:
            return found
        value += step


def number(value: float) -> str:
    """A tick's or a point's value as text: an integer without its ``.0``.

    >>> number(1800.0), number(1501.5), number(-20)
    ('1800', '1501.5', '-20')
    """
    return str(int(value)) if value == int(value) else repr(float(value))


class Axis(NamedTuple):
    """A vertical value axis: ``low`` at pixel row ``bottom``, ``high`` at ``top``."""

    low: float
    high: float
    top: float
    bottom: float
    ticks: tuple[float, ...]

    def y(self, value: float) -> float:
        return self.bottom - (value - self.low) / (self.high - self.low) * (self.bottom - self.top)


def value_axis(values: Iterable[float], top: float, bottom: float) -> Axis:
    """The axis from ``top`` to ``bottom`` whose round ticks cover ``values`` (0..1 if there are none)."""
    values = list(values)
    found = ticks(min(values, default=0), max(values, default=1))
    low, high = found[0], found[-1] if found[-1] > found[0] else found[0] + 1
    return Axis(low, high, top, bottom, tuple(found))


def grid(axis: Axis, left: float, right: float) -> tuple[list[Line], list[Text]]:
    """A grey line across the plot at each tick of ``axis``, its value written left of the plot."""
    lines: list[Line] = []
    texts: list[Text] = []
    for tick in axis.ticks:
        y = axis.y(tick)
        lines.append(Line(((left, y), (right, y)), GREY, 1))
        texts.append(Text(left - 6, y + 4, number(tick), "end"))
    return lines, texts


def period_labels(
    placed: Sequence[tuple[float, str]], baseline: float, tick_from: float | None = None
) -> tuple[list[Line], list[Text]]:
    """The labels of periods at their x (in order), each at least :data:`LABEL_GAP` from the last one
    written; with ``tick_from``, a short tick from that row down to each labelled period."""
    lines: list[Line] = []
    texts: list[Text] = []
    last: float | None = None
    for x, label in placed:
        if last is None or x - last >= LABEL_GAP:
            texts.append(Text(x, baseline, label, "middle"))
            if tick_from is not None:
                lines.append(Line(((x, tick_from), (x, tick_from + 4)), BLACK, 1))
            last = x
    return lines, texts


def legend(
    entries: Sequence[tuple[str, str]], left: float, right: float, baseline: float
) -> tuple[list[Line], list[Text], float]:
    """A legend of (label, colour): a short line of the colour and the label, left to right, wrapped
    within ``left``..``right``; returns its lines, its texts and the baseline of its last row."""
    lines: list[Line] = []
    texts: list[Text] = []
    x = left
    for label, colour in entries:
        width = 24 + CHAR_WIDTH * len(label)
        if x > left and x + width > right:
            x, baseline = left, baseline + 18
        lines.append(Line(((x, baseline - 4), (x + 18, baseline - 4)), colour, 3))
        texts.append(Text(x + 24, baseline, label, "start"))
        x += width + 18
    return lines, texts, baseline


# --- SVG ------------------------------------------------------------------------


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg(drawn: Scene) -> str:
    """The scene as an SVG document: its title the image's accessible name, its texts real text."""
    width, height, title = drawn.width, drawn.height, _escape(drawn.title)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{title}" font-family="sans-serif" font-size="12">',
        f"<title>{title}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{WHITE}"/>',
    ]
    for rect in drawn.rects:
        out.append(
            f'<rect x="{rect.x:.2f}" y="{rect.y:.2f}" width="{rect.w:.2f}" height="{rect.h:.2f}" fill="{rect.colour}"/>'
        )
    for line in drawn.lines:
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in line.points)
        series = "" if line.series is None else f'class="series" data-series="{_escape(line.series)}" '
        out.append(
            f'<polyline {series}points="{points}" fill="none" stroke="{line.colour}" stroke-width="{line.width}"/>'
        )
    for mark in drawn.marks:
        series, period, value = _escape(mark.series), _escape(mark.period), _escape(mark.value)
        out.append(
            f'<circle class="point" data-series="{series}" data-period="{period}" data-rating="{value}" '
            f'cx="{mark.x:.2f}" cy="{mark.y:.2f}" r="3.5" fill="{mark.colour}">'
            f"<title>{period}: {value}</title></circle>"
        )
    for text in drawn.texts:
        out.append(f'<text x="{text.x:.2f}" y="{text.y:.2f}" text-anchor="{text.anchor}">{_escape(text.text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- PNG ------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(b"\xff" * (width * height * 3))

    def dot(self, x: int, y: int, rgb: tuple[int, int, int]) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            at = (y * self.width + x) * 3
            self.pixels[at : at + 3] = bytes(rgb)

    def rect(self, x0: float, y0: float, w: float, h: float, rgb: tuple[int, int, int]) -> None:
        for y in range(round(y0), round(y0 + h) + 1):
            for x in range(round(x0), round(x0 + w) + 1):
                self.dot(x, y, rgb)

    def disc(self, x0: float, y0: float, radius: int, rgb: tuple[int, int, int]) -> None:
        cx, cy = round(x0), round(y0)
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                if dx * dx + dy * dy <= radius * radius + 1:
                    self.dot(cx + dx, cy + dy, rgb)

    def segment(self, a: tuple[float, float], b: tuple[float, float], rgb: tuple[int, int, int], width: int) -> None:
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
        for i in range(int(steps) + 1):
            x = a[0] + (b[0] - a[0]) * i / steps
            y = a[1] + (b[1] - a[1]) * i / steps
            for dx in range(width):
                for dy in range(width):
                    self.dot(round(x) + dx - width // 2, round(y) + dy - width // 2, rgb)

    def text(self, x: float, y: float, text: str, anchor: str) -> None:
        size = len(text) * ADVANCE
        left = round(x - (size if anchor == "end" else size / 2 if anchor == "middle" else 0))
        top = round(y) - 8
        for i, char in enumerate(text):
            for row, bits in enumerate(glyph(char)):
                for col, bit in enumerate(bits):
                    if bit == "#":
                        self.dot(left + i * ADVANCE + col, top + row, (0, 0, 0))

    def png(self) -> bytes:
        raw = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width * 3 : (y + 1) * self.width * 3]) for y in range(self.height)
        )

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
        )


def png(drawn: Scene) -> bytes:
    """The scene as a PNG image (8-bit RGB), its texts in the pixel font of :mod:`commands.chart_font`."""
    canvas = _Canvas(drawn.width, drawn.height)
    for rect in drawn.rects:
        canvas.rect(rect.x, rect.y, rect.w, rect.h, _rgb(rect.colour))
    for line in drawn.lines:
        for a, b in zip(line.points, line.points[1:], strict=False):
            canvas.segment(a, b, _rgb(line.colour), line.width)
        if len(line.points) == 1:
            canvas.rect(line.points[0][0] - 2, line.points[0][1] - 2, 4, 4, _rgb(line.colour))
    for mark in drawn.marks:
        canvas.disc(mark.x, mark.y, 3, _rgb(mark.colour))
    for text in drawn.texts:
        canvas.text(text.x, text.y, text.text, text.anchor)
    return canvas.png()
