"""The charts' common values and the SVG's layout and rendering: a scene of shapes and texts, written as SVG text.

A player's history is drawn from his :class:`Series` (one a rules version), placed on a
time axis by :func:`positions`: both the SVG (:mod:`commands.chart`) and the PNG
(:mod:`commands.chart_png`) use them.

A chart drawn by hand (the pool's, a player's history on his page of the site) is
first laid out as a :class:`Scene` of lines, bars, data points and texts in the
units of its ``viewBox`` from the top left, with the axes and legend built here;
the scene is then written as SVG, its texts real text drawn by the viewer's fonts.
The rendering is a pure function of the scene, so the same scene gives the same
bytes. The PNG charts are matplotlib's (:mod:`commands.chart_png`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

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
"""The colours of a chart's series, in turn (matplotlib's, so that the SVG and the PNG agree)."""

FONT_SIZE = 12
"""The size of every text, in the units of the ``viewBox``."""

CHAR_WIDTH = 7
"""A generous width of one character of a 12-unit sans-serif text, for layout."""

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
    bold: bool = False


class Mark(NamedTuple):
    """A data point: a dot, carrying its series, period and value, and its tooltip (an SVG ``<title>``)."""

    x: float
    y: float
    colour: str
    series: str
    period: str
    value: str
    change: str
    tip: str


class Scene(NamedTuple):
    width: int
    height: int
    label: str
    """The image's text alternative: its accessible name, and its ``<title>``."""
    lines: tuple[Line, ...]
    rects: tuple[Rect, ...]
    texts: tuple[Text, ...]
    marks: tuple[Mark, ...] = ()
    max_width: str | None = None
    """None: the image is ``width`` by ``height`` pixels; a CSS length: it fills the width of its container up
    to that, scaled (its height follows), as on a player's page."""


class Series(NamedTuple):
    """One line of a history chart: a rules version's ratings of a player, period by period."""

    label: str  # the rules version, e.g. "fide-2024"
    points: tuple[tuple[str, float], ...]  # (period label "YYYY-MM", rating), in period order
    events: tuple[tuple[str, ...], ...] = ()  # when known, for each point: the events he played in its period


_MONTH = re.compile(r"(\d{4})-(\d{2})")


def positions(periods: Sequence[str]) -> dict[str, float]:
    """Where each period lies on the time axis: its month, so that periods of different lengths
    line up; by rank if some label is not ``YYYY-MM``.

    >>> positions(["2024-01", "2024-03", "2025-01"])
    {'2024-01': 24288.0, '2024-03': 24290.0, '2025-01': 24300.0}
    >>> positions(["b", "a"])
    {'a': 0.0, 'b': 1.0}
    """
    matches = [_MONTH.fullmatch(p) for p in periods]
    if all(matches):
        return {
            p: float(int(m.group(1)) * 12 + int(m.group(2)) - 1) for p, m in zip(periods, matches, strict=True) if m
        }
    return {p: float(i) for i, p in enumerate(sorted(set(periods)))}


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
    """A vertical value axis: ``low`` at row ``bottom``, ``high`` at ``top``."""

    low: float
    high: float
    top: float
    bottom: float
    ticks: tuple[float, ...]

    def y(self, value: float) -> float:
        return self.bottom - (value - self.low) / (self.high - self.low) * (self.bottom - self.top)


def value_axis(values: Iterable[float], top: float, bottom: float, count: int = 5) -> Axis:
    """The axis from ``top`` to ``bottom`` whose round ticks (about ``count``) cover ``values`` (0..1 if none)."""
    values = list(values)
    found = ticks(min(values, default=0), max(values, default=1), count)
    low, high = found[0], found[-1] if found[-1] > found[0] else found[0] + 1
    return Axis(low, high, top, bottom, tuple(found))


def grid(axis: Axis, left: float, right: float) -> tuple[list[Line], list[Text]]:
    """A grey line across the plot at each tick of ``axis``, its value written left of the plot."""
    lines: list[Line] = []
    texts: list[Text] = []
    for tick in axis.ticks:
        y = axis.y(tick)
        lines.append(Line(((left, y), (right, y)), GREY, 1))
        texts.append(Text(left - 4, y + 4, number(tick), "end"))
    return lines, texts


def thinned(placed: Sequence[tuple[float, str]], gap: float = LABEL_GAP) -> list[tuple[float, str]]:
    """Of the labels at their x (in order), those at least ``gap`` from the last one kept.

    >>> thinned([(0, "a"), (30, "b"), (60, "c"), (70, "d")])
    [(0, 'a'), (60, 'c')]
    """
    kept: list[tuple[float, str]] = []
    for x, label in placed:
        if not kept or x - kept[-1][0] >= gap:
            kept.append((x, label))
    return kept


def period_labels(
    placed: Sequence[tuple[float, str]], baseline: float, tick_from: float | None = None
) -> tuple[list[Line], list[Text]]:
    """The labels of periods at their x (in order), each at least :data:`LABEL_GAP` from the last one
    written; with ``tick_from``, a short tick from that row down to each labelled period."""
    lines: list[Line] = []
    texts: list[Text] = []
    for x, label in thinned(placed):
        texts.append(Text(x, baseline, label, "middle"))
        if tick_from is not None:
            lines.append(Line(((x, tick_from), (x, tick_from + 4)), BLACK, 1))
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
        width = 20 + CHAR_WIDTH * len(label)
        if x > left and x + width > right:
            x, baseline = left, baseline + 17
        lines.append(Line(((x, baseline - 4), (x + 14, baseline - 4)), colour, 3))
        texts.append(Text(x + 18, baseline, label, "start"))
        x += width + 12
    return lines, texts, baseline


# --- SVG ------------------------------------------------------------------------


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg(drawn: Scene) -> str:
    """The scene as an SVG document: its label the image's accessible name and title, its texts real text,
    each data point's tooltip its ``<title>``."""
    width, height, label = drawn.width, drawn.height, _escape(drawn.label)
    if drawn.max_width is None:
        size = f'width="{width}" height="{height}"'
    else:
        size = f'width="100%" style="max-width: {drawn.max_width}; height: auto"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}" font-family="sans-serif" font-size="{FONT_SIZE}">',
        f"<title>{label}</title>",
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
        series, period, value, change = (_escape(t) for t in (mark.series, mark.period, mark.value, mark.change))
        out.append(
            f'<circle class="point" data-series="{series}" data-period="{period}" data-rating="{value}" '
            f'data-change="{change}" cx="{mark.x:.2f}" cy="{mark.y:.2f}" r="3.5" fill="{mark.colour}">'
            f"<title>{_escape(mark.tip)}</title></circle>"
        )
    for text in drawn.texts:
        bold = ' font-weight="bold"' if text.bold else ""
        out.append(
            f'<text x="{text.x:.2f}" y="{text.y:.2f}" text-anchor="{text.anchor}"{bold}>{_escape(text.text)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
