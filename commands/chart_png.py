"""The charts as PNG images (``--plot FILE.png``), drawn by matplotlib.

matplotlib (with numpy, pillow and fonttools: about 40 MB) is an optional extra,
``pip install 'rating-ledger[plot]'``: most offices never draw a PNG, and the SVG
charts (:mod:`commands.chart`) need nothing. This module is imported only when a
PNG is asked for. The output is the same bytes every time for the same input and
matplotlib: matplotlib's defaults whatever the user's ``matplotlibrc`` says,
DejaVu Sans (bundled with matplotlib), the Agg renderer, and no ``Software``
field (nor any timestamp) in the PNG.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from math import ceil

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from commands.chart_scene import BLUE, GREEN, ORANGE, PALETTE, RED, Series, positions, thinned
from projections.pool import PoolPeriod

DPI = 100
"""Pixels an inch: a figure of 8 × 4.4 inches is 800 × 440 pixels."""

MOST_TICKS = 8
"""At most this many period labels on a time axis."""


@contextmanager
def _style() -> Iterator[None]:
    """matplotlib's defaults, whatever a ``matplotlibrc`` says, and the charts' fonts and grid, for the time of one
    chart (the global settings are put back)."""
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(
            {"font.family": "DejaVu Sans", "font.size": 10.0, "svg.hashsalt": "rating-ledger", "axes.grid": True}
        )
        yield


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=DPI, metadata={"Software": None})
    return out.getvalue()


def _every(count: int) -> int:
    """Label every this many periods, for at most :data:`MOST_TICKS` labels.

    >>> _every(3), _every(8), _every(9), _every(40)
    (1, 1, 2, 5)
    """
    return max(1, ceil(count / MOST_TICKS))


def history_figure(series: Sequence[Series], title: str) -> Figure:
    """The history chart: a line of dots per rules version against time (periods at their month), and a
    legend naming each version (one not rated in these periods too)."""
    figure = Figure(figsize=(8, 4.4), dpi=DPI, layout="constrained")
    axes = figure.add_subplot()
    figure.suptitle(title, fontweight="bold")
    periods = sorted({period for s in series for period, _ in s.points})
    where = positions(periods)
    for i, one in enumerate(series):
        label = one.label if one.points else f"{one.label} (no rating)"
        xs = [where[period] for period, _ in one.points]
        axes.plot(xs, [value for _, value in one.points], marker="o", color=PALETTE[i % len(PALETTE)], label=label)
    if periods:  # a label at least a ninth of the time axis from the last
        gap = (where[periods[-1]] - where[periods[0]]) / (MOST_TICKS + 1)
        shown = thinned([(where[p], p) for p in periods], gap)
        axes.set_xticks([x for x, _ in shown], [p for _, p in shown])
    axes.set_ylabel("rating")
    if not periods:
        axes.text(0.5, 0.5, "no rated games", transform=axes.transAxes, ha="center", va="center")
    if series:
        axes.legend(loc="lower left", bbox_to_anchor=(0, 1), ncols=min(len(series), 4), frameon=False)
    return figure


def history_png(series: Sequence[Series], title: str) -> bytes:
    """A player's rating history under each rules version of ``series``, as a PNG image."""
    with _style():
        return _png(history_figure(series, title))


def pool_figure(pool: Sequence[PoolPeriod], title: str) -> Figure:
    """The pool chart: the mean and median rating of each list above, the net points into or out of the pool
    below, as bars."""
    figure = Figure(figsize=(8, 5.2), dpi=DPI, layout="constrained")
    top, bottom = figure.subplots(2, 1, sharex=True)
    figure.suptitle(title, fontweight="bold")
    xs = list(range(len(pool)))
    for field, colour in (("mean", BLUE), ("median", ORANGE)):
        found = [(x, value) for x, p in zip(xs, pool, strict=True) if (value := getattr(p, field)) is not None]
        top.plot([x for x, _ in found], [v for _, v in found], marker="o", color=colour, label=field)
    top.set_title("Mean and median rating", loc="left")
    top.legend(loc="best", frameon=False)
    nets = [p.net for p in pool]
    bottom.bar(xs, nets, width=0.6, color=[GREEN if net >= 0 else RED for net in nets])
    bottom.axhline(0, color="black", linewidth=1)
    bottom.set_title("Net points into (+) or out of (-) the pool", loc="left")
    step = _every(len(pool))
    bottom.set_xticks(xs[::step], [p.period for p in pool][::step])
    return figure


def pool_png(pool: Sequence[PoolPeriod], title: str) -> bytes:
    """The pool chart as a PNG image."""
    with _style():
        return _png(pool_figure(pool, title))
