"""The charts: the pool's (``ratings pool --plot``) and a player's rating history (``ratings history --plot``,
and his page of the site).

An SVG chart is laid out here as a scene (:mod:`commands.chart_scene`, which holds the
axes, the legend and the SVG rendering), its texts real text drawn by the viewer's fonts;
a player's history scales to the width of a phone, each point's date, rating, change
and events its tooltip, and says what it shows in words (:func:`history_summary`, its
text alternative). A PNG chart is drawn by matplotlib (:mod:`commands.chart_png`),
an optional extra imported only when a ``--plot`` file ends in ``.png``. Both are
pure functions of what they draw, so the same input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import click

from commands import output
from commands.chart_scene import (
    BLACK,
    BLUE,
    GREEN,
    ORANGE,
    PALETTE,
    RED,
    Line,
    Mark,
    Rect,
    Scene,
    Series,
    Text,
    grid,
    legend,
    number,
    period_labels,
    positions,
    svg,
    value_axis,
)
from ledger.outputs import written_aside
from projections.pool import PoolPeriod
from projections.registry import get_rules

if TYPE_CHECKING:
    from projections import EventInfo
    from projections.site_data import PlayerPage

PLOT_EXTRA = "pip install 'rating-ledger[plot]'"
"""How to install what a PNG chart needs (matplotlib, with numpy: about 40 MB, hence an optional extra)."""

WIDTH, LEFT, RIGHT = 800, 70, 20
HEIGHT, TOP, MIDDLE, GAP, BOTTOM = 520, 56, 300, 44, 480
"""The pool chart's size and rows: the top panel from TOP to MIDDLE, the bottom one GAP lower to BOTTOM."""

H_WIDTH, H_HEIGHT, H_LEFT, H_RIGHT, H_PAD = 400, 260, 44, 14, 20
"""The history chart's ``viewBox`` (about a phone's width, so that its 12-unit texts stay 11 pixels or more on a
390-pixel screen), its margins, and the room left and right of the first and last period."""

H_MAX_WIDTH = "36rem"
"""How wide the history chart grows on a wide screen."""


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


def signed(change: float) -> str:
    """A change of rating as text, with its sign.

    >>> signed(12.0), signed(-3.5), signed(0.30000000000001), signed(0)
    ('+12', '-3.5', '+0.3', '0')
    """
    change = round(change, 2)
    return number(change) if change <= 0 else f"+{number(change)}"


def tips(one: Series) -> list[tuple[str, str]]:
    """For each point of the series: its change since the previous point ("" for the first) and its tooltip,
    which says its date, rating, change and events.

    >>> points = (("2024-01", 1997.0), ("2024-03", 2003.0), ("2024-04", 2003.0))
    >>> tips(Series("fide-2024", points, ((), ("Winter Open", "Cup"), ("Spring Cup",))))
    ... # doctest: +NORMALIZE_WHITESPACE
    [('', '2024-01, fide-2024: rating 1997, the first shown'),
     ('+6', '2024-03, fide-2024: rating 2003, +6 since 2024-01; events: Winter Open, Cup'),
     ('0', '2024-04, fide-2024: rating 2003, unchanged since 2024-03; event: Spring Cup')]
    """
    found: list[tuple[str, str]] = []
    previous: tuple[str, float] | None = None
    for i, (period, value) in enumerate(one.points):
        change = "" if previous is None else signed(value - previous[1])
        text = f"{period}, {one.label}: rating {number(value)}, "
        if previous is None:
            text += "the first shown"
        else:
            text += f"{'unchanged' if change == '0' else change} since {previous[0]}"
        events = one.events[i] if i < len(one.events) else ()
        if events:
            text += f"; {'event' if len(events) == 1 else 'events'}: {', '.join(events)}"
        found.append((change, text))
        previous = (period, value)
    return found


def history_summary(who: str, series: Sequence[Series]) -> str:
    """What a history chart shows, in words: its text alternative.

    >>> history_summary("Anna Adler", [
    ...     Series("fide-2024", (("2023-01", 1890.0), ("2024-03", 2031.0), ("2024-06", 2010.0))),
    ...     Series("glicko2", (("2024-01", 1500.0),)), Series("iecg-1.7", ())])
    ... # doctest: +NORMALIZE_WHITESPACE
    'Rating history of Anna Adler under fide-2024: 3 lists from 2023-01 to 2024-06, from 1890 to 2010, highest
     2031 in 2024-03; under glicko2: 1 list, 2024-01, at 1500; under iecg-1.7: no rating.'
    """
    parts: list[str] = []
    for one in series:
        points = one.points
        if not points:
            parts.append(f"under {one.label}: no rating")
        elif len(points) == 1:
            parts.append(f"under {one.label}: 1 list, {points[0][0]}, at {number(points[0][1])}")
        else:
            (first, low), (last, high) = points[0], points[-1]
            best = max(points, key=lambda p: p[1])  # the first of equals
            parts.append(
                f"under {one.label}: {len(points)} lists from {first} to {last}, from {number(low)} to "
                f"{number(high)}, highest {number(best[1])} in {best[0]}"
            )
    return f"Rating history of {who} {'; '.join(parts)}." if parts else f"Rating history of {who}: no rating."


def history_scene(series: Sequence[Series], title: str, who: str) -> Scene:
    """The history chart's shapes and texts: a line of dots per series against time, with a legend; ``who``
    is named in its text alternative."""
    width, right = H_WIDTH, H_WIDTH - H_RIGHT
    lines: list[Line] = []
    texts: list[Text] = [Text(H_LEFT - 34, 16, title, "start", bold=True)]
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(series))]
    entries = [(s.label if s.points else f"{s.label} (no rating)", c) for s, c in zip(series, colours, strict=True)]
    more_lines, more_texts, last_row = legend(entries, H_LEFT - 34, right, 36)
    lines += more_lines
    texts += more_texts
    top, bottom = last_row + 16, H_HEIGHT - 26

    periods = sorted({period for s in series for period, _ in s.points})
    where = positions(periods)
    first, last = min(where.values(), default=0.0), max(where.values(), default=0.0)

    def x_of(period: str) -> float:
        if last == first:
            return (H_LEFT + right) / 2
        return H_LEFT + H_PAD + (where[period] - first) / (last - first) * (right - H_LEFT - 2 * H_PAD)

    values = [value for s in series for _, value in s.points]
    low, high = min(values, default=0), max(values, default=1)
    if high - low < 10:  # one rating, or nearly: ten points around it
        middle = (low + high) / 2
        low, high = middle - 5, middle + 5
    axis = value_axis((low, high), top, bottom, 4)
    more_lines, more_texts = grid(axis, H_LEFT, right)
    lines += more_lines
    texts += more_texts

    marks: list[Mark] = []
    for one, colour in zip(series, colours, strict=True):
        drawn = tuple((x_of(period), axis.y(value)) for period, value in one.points)
        if drawn:
            lines.append(Line(drawn, colour, 2, one.label))
        marks += [
            Mark(x, y, colour, one.label, period, number(value), change, tip)
            for (x, y), (period, value), (change, tip) in zip(drawn, one.points, tips(one), strict=True)
        ]
    if not marks:
        texts.append(Text((H_LEFT + right) / 2, (top + bottom) / 2, "no rated games", "middle"))

    more_lines, more_texts = period_labels([(x_of(p), p) for p in periods], bottom + 16, tick_from=bottom)
    lines += more_lines
    texts += more_texts
    lines.append(Line(((H_LEFT, top), (H_LEFT, bottom), (right, bottom)), BLACK, 1))
    label = history_summary(who, series)
    return Scene(width, H_HEIGHT, label, tuple(lines), (), tuple(texts), tuple(marks), H_MAX_WIDTH)


def history_svg(series: Sequence[Series], title: str, who: str) -> str:
    """A player's rating history under each rules version of ``series``, as an SVG document.

    Each rated period is a ``circle`` of class ``point`` carrying ``data-series``, ``data-period``,
    ``data-rating`` and ``data-change``, its tooltip a ``<title>``; each series a ``polyline`` of class
    ``series``:

    >>> text = history_svg([Series("iecg-1.7", (("2024-01", 1997.0), ("2024-03", 2003.0)))], "Anna", "Anna")
    >>> [line.split(" cx=")[0] for line in text.splitlines() if 'class="point"' in line][1]
    '<circle class="point" data-series="iecg-1.7" data-period="2024-03" data-rating="2003" data-change="+6"'
    >>> text.count("<title>2024-03, iecg-1.7: rating 2003, +6 since 2024-01</title></circle>")
    1
    """
    return svg(history_scene(series, title, who))


def period_events(rules: str, periods: Sequence[str], events: Sequence[EventInfo]) -> tuple[tuple[str, ...], ...]:
    """For each period of ``rules``: the names of the ``events`` whose dates meet it (an event without its end
    meets every period from its start)."""
    scheme = get_rules(rules).periods
    found: list[tuple[str, ...]] = []
    for period in periods:
        index = scheme.index(period)
        first, last = (scheme.last_day(index - 1) + timedelta(days=1)).isoformat(), scheme.last_day(index).isoformat()
        found.append(tuple(e.name or e.event for e in events if e.start <= last and (e.end is None or e.end >= first)))
    return tuple(found)


def player_svg(page: PlayerPage) -> str | None:
    """The chart of a player's page of the site: his rating under each rules version he was rated under in
    the site's periods, with the events of each period in its tooltip; None if he was rated under none."""
    series = []
    for history in page.histories:
        points = tuple((r.period, r.rating) for r in history.rows if r.rating is not None)
        if points:
            events = period_events(history.rules, [p for p, _ in points], [e.info for e in page.events])
            series.append(Series(history.rules, points, events))
    return history_svg(series, f"{page.name}: rating history", page.name) if series else None


# --- Writing a chart ---------------------------------------------------------------


def check_plot(plot: str) -> None:
    """Refuse, before any work, a ``--plot`` file that is neither ``.svg`` nor ``.png`` (usage, exit 2),
    whose folder does not exist, or a ``.png`` without matplotlib installed."""
    suffix = Path(plot).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise click.UsageError(f"--plot {plot!r}: the chart is written as SVG or PNG; name the file *.svg or *.png")
    if not Path(plot).absolute().parent.is_dir():
        raise click.ClickException(f"cannot write the chart --plot {plot}: no folder {str(Path(plot).parent)!r}")
    if suffix == ".png":
        try:
            import matplotlib  # noqa: F401  (the PNG's only: never loaded for an SVG)
        except ImportError:
            raise click.ClickException(
                f"--plot {plot}: a PNG chart needs matplotlib, an optional extra: {PLOT_EXTRA} (or name it *.svg)"
            ) from None


def _write(plot: str, draw_svg: Callable[[], str], draw_png: Callable[[], bytes]) -> None:
    """Write the chart to ``plot``, as SVG or PNG by its extension; an unwritable file refuses, no traceback.
    Written aside and renamed: a failed write leaves the old file whole. The command checked
    ``plot`` with :func:`check_plot` and :meth:`commands.context.Context.output` first."""
    path = Path(plot)
    data = draw_svg().encode("utf-8") if path.suffix.lower() == ".svg" else draw_png()
    try:
        with written_aside(path) as temp:
            temp.write_bytes(data)
    except OSError as error:  # an unwritable folder, a full disk
        raise click.ClickException(f"cannot write the chart --plot {plot}: {output.os_reason(error)}") from None


def write_pool(plot: str, pool: Sequence[PoolPeriod], title: str) -> None:
    """Write the pool chart to ``plot`` (.svg or .png)."""

    def png() -> bytes:
        from commands.chart_png import pool_png

        return pool_png(pool, title)

    _write(plot, lambda: svg(scene(pool, title)), png)


def write_history(plot: str, series: Sequence[Series], title: str, who: str) -> None:
    """Write the history chart to ``plot`` (.svg or .png)."""

    def png() -> bytes:
        from commands.chart_png import history_png

        return history_png(series, title)

    _write(plot, lambda: history_svg(series, title, who), png)
