"""The charts: the pool's (``ratings pool --plot``) and a player's rating history (``ratings history --plot``).

Each chart is laid out once as a scene (:mod:`commands.chart_scene`, which holds the
axes, the legend and both renderings) and written as SVG, whose texts are real text
drawn by the viewer's fonts, or as PNG, rasterised without a plotting library with a
pixel font of upper and lower case (:mod:`commands.chart_font`). Both are pure
functions of what they draw, so the same input gives the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import click

from commands import output
from commands.chart_scene import (
    BLACK,
    BLUE,
    GREEN,
    LEFT,
    ORANGE,
    PALETTE,
    RED,
    RIGHT,
    WIDTH,
    Line,
    Mark,
    Rect,
    Scene,
    Text,
    grid,
    legend,
    number,
    period_labels,
    png,
    svg,
    value_axis,
)
from ledger.outputs import written_aside
from projections.pool import PoolPeriod

HEIGHT, TOP, MIDDLE, GAP, BOTTOM = 520, 56, 300, 44, 480
"""The pool chart's height and rows: the top panel from TOP to MIDDLE, the bottom one GAP lower to BOTTOM."""

HISTORY_HEIGHT = 440
"""The history chart's height."""


def scene(pool: Sequence[PoolPeriod], title: str) -> Scene:
    """The pool chart's shapes and texts, in pixels from the top left."""
    lines: list[Line] = []
    rects: list[Rect] = []
    texts: list[Text] = [Text(WIDTH / 2, 22, title, "middle")]
    count = max(len(pool), 1)
    span = WIDTH - LEFT - RIGHT
    xs = [LEFT + span * (i + 0.5) / count for i in range(len(pool))]

    # Top panel: mean and median ratings.
    top = value_axis((v for p in pool for v in (p.mean, p.median) if v is not None), TOP, MIDDLE)
    more_lines, more_texts = grid(top, LEFT, WIDTH - RIGHT)
    lines += more_lines
    texts += more_texts
    for field, colour in (("mean", BLUE), ("median", ORANGE)):
        points = tuple(
            (x, top.y(value)) for x, p in zip(xs, pool, strict=True) if (value := getattr(p, field)) is not None
        )
        if points:
            lines.append(Line(points, colour, 2))
    texts.append(Text(LEFT, TOP - 14, "Mean (blue) and median (orange) rating", "start"))

    # Bottom panel: net points entering (+) or leaving (-) the pool.
    nets = [p.net for p in pool]
    bottom = value_axis([0, *nets], MIDDLE + GAP, BOTTOM)
    more_lines, more_texts = grid(bottom, LEFT, WIDTH - RIGHT)
    lines += more_lines
    texts += more_texts
    bar = max(span / count * 0.6, 1)
    zero = bottom.y(0)
    for x, net in zip(xs, nets, strict=True):
        y = bottom.y(net)
        rects.append(Rect(x - bar / 2, min(y, zero), bar, abs(zero - y), GREEN if net >= 0 else RED))
    lines.append(Line(((LEFT, zero), (WIDTH - RIGHT, zero)), BLACK, 1))
    texts.append(Text(LEFT, MIDDLE + GAP - 14, "Net points into (+) or out of (-) the pool", "start"))

    more_lines, more_texts = period_labels([(x, p.period) for x, p in zip(xs, pool, strict=True)], BOTTOM + 18)
    lines += more_lines
    texts += more_texts
    lines.append(Line(((LEFT, TOP), (LEFT, BOTTOM)), BLACK, 1))
    return Scene(WIDTH, HEIGHT, title, tuple(lines), tuple(rects), tuple(texts))


# --- A player's history ---------------------------------------------------------------


class Series(NamedTuple):
    """One line of a history chart: a rules version's ratings of a player, period by period."""

    label: str  # the rules version, e.g. "fide-2024"
    points: tuple[tuple[str, float], ...]  # (period label "YYYY-MM", rating), in period order


_MONTH = re.compile(r"(\d{4})-(\d{2})")


def _positions(periods: Sequence[str]) -> dict[str, float]:
    """Where each period lies on the time axis: its month, so that periods of different lengths
    line up; by rank if some label is not ``YYYY-MM``.

    >>> _positions(["2024-01", "2024-03", "2025-01"])
    {'2024-01': 24288.0, '2024-03': 24290.0, '2025-01': 24300.0}
    >>> _positions(["b", "a"])
    {'a': 0.0, 'b': 1.0}
    """
    matches = [_MONTH.fullmatch(p) for p in periods]
    if all(matches):
        return {
            p: float(int(m.group(1)) * 12 + int(m.group(2)) - 1) for p, m in zip(periods, matches, strict=True) if m
        }
    return {p: float(i) for i, p in enumerate(sorted(set(periods)))}


def history_scene(series: Sequence[Series], title: str) -> Scene:
    """The history chart's shapes and texts: a line of dots per series against time, with a legend."""
    lines: list[Line] = []
    texts: list[Text] = [Text(WIDTH / 2, 22, title, "middle")]
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(series))]
    more_lines, more_texts, last_row = legend(
        [(s.label, c) for s, c in zip(series, colours, strict=True)], LEFT, WIDTH - RIGHT, 46
    )
    lines += more_lines
    texts += more_texts
    top, bottom = last_row + 22, HISTORY_HEIGHT - 40

    periods = sorted({period for s in series for period, _ in s.points})
    where = _positions(periods)
    first, last = min(where.values(), default=0.0), max(where.values(), default=0.0)
    pad = 24

    def x_of(period: str) -> float:
        if last == first:
            return (LEFT + WIDTH - RIGHT) / 2
        return LEFT + pad + (where[period] - first) / (last - first) * (WIDTH - RIGHT - LEFT - 2 * pad)

    values = [value for s in series for _, value in s.points]
    low, high = min(values, default=0), max(values, default=1)
    if high - low < 10:  # one rating, or nearly: ten points around it
        middle = (low + high) / 2
        low, high = middle - 5, middle + 5
    axis = value_axis((low, high), top, bottom)
    more_lines, more_texts = grid(axis, LEFT, WIDTH - RIGHT)
    lines += more_lines
    texts += more_texts

    marks: list[Mark] = []
    for one, colour in zip(series, colours, strict=True):
        drawn = tuple((x_of(period), axis.y(value)) for period, value in one.points)
        if drawn:
            lines.append(Line(drawn, colour, 2, one.label))
        marks += [
            Mark(x, y, colour, one.label, period, number(value))
            for (x, y), (period, value) in zip(drawn, one.points, strict=True)
        ]
    if not marks:
        texts.append(Text((LEFT + WIDTH - RIGHT) / 2, (top + bottom) / 2, "no rated games", "middle"))

    more_lines, more_texts = period_labels([(x_of(p), p) for p in periods], bottom + 18, tick_from=bottom)
    lines += more_lines
    texts += more_texts
    lines.append(Line(((LEFT, top), (LEFT, bottom), (WIDTH - RIGHT, bottom)), BLACK, 1))
    texts.append(Text(LEFT - 6, top - 10, "rating", "end"))
    return Scene(WIDTH, HISTORY_HEIGHT, title, tuple(lines), (), tuple(texts), tuple(marks))


def history_svg(series: Sequence[Series], title: str) -> str:
    """A player's rating history under each rules version of ``series``, as an SVG document.

    Each rated period is a ``circle`` of class ``point`` carrying ``data-series``, ``data-period``
    and ``data-rating``, and each series a ``polyline`` of class ``series``:

    >>> text = history_svg([Series("iecg-1.7", (("2024-01", 1997.0), ("2024-03", 2003.0)))], "1001 Anna Adler")
    >>> [line for line in text.splitlines() if 'class="point"' in line][0][:108]
    '<circle class="point" data-series="iecg-1.7" data-period="2024-01" data-rating="1997" cx="94.00" cy="317.00"'
    """
    return svg(history_scene(series, title))


def history_png(series: Sequence[Series], title: str) -> bytes:
    """A player's rating history under each rules version of ``series``, as a PNG image (8-bit RGB)."""
    return png(history_scene(series, title))


# --- Writing a chart ---------------------------------------------------------------


def check_plot(plot: str) -> None:
    """Refuse, before any work, a ``--plot`` file that is neither ``.svg`` nor ``.png`` (usage, exit 2),
    or whose folder does not exist."""
    if Path(plot).suffix.lower() not in (".svg", ".png"):
        raise click.UsageError(f"--plot {plot!r}: the chart is written as SVG or PNG; name the file *.svg or *.png")
    if not Path(plot).absolute().parent.is_dir():
        raise click.ClickException(f"cannot write the chart --plot {plot}: no folder {str(Path(plot).parent)!r}")


def write_chart(plot: str, drawn: Scene) -> None:
    """Write the scene to ``plot``, as SVG or PNG by its extension; an unwritable file refuses, no traceback.
    Written aside and renamed: a failed write leaves the old file whole. The command checked
    ``plot`` with :meth:`commands.context.Context.output` first."""
    path = Path(plot)
    try:
        with written_aside(path) as temp:
            if path.suffix.lower() == ".svg":
                temp.write_text(svg(drawn), encoding="utf-8")
            else:
                temp.write_bytes(png(drawn))
    except OSError as error:  # an unwritable folder, a full disk
        raise click.ClickException(f"cannot write the chart --plot {plot}: {output.os_reason(error)}") from None
