"""The pool chart of ``ratings pool --plot``: SVG written as text, PNG rasterised here, no plotting library.

One layout (:func:`scene`) is drawn two ways: the top panel has the mean
and the median rating of each list, the bottom one the net points that
entered or left the pool in each period, as bars. Both renderings are pure
functions of the pool, so the same pool gives the same bytes.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Sequence
from typing import NamedTuple

from projections.pool import PoolPeriod

WIDTH, HEIGHT = 800, 520
LEFT, RIGHT, TOP, MIDDLE, GAP, BOTTOM = 70, 20, 56, 300, 44, 480
BLUE, ORANGE, GREY, BLACK, WHITE, GREEN, RED = (
    "#1f77b4",
    "#ff7f0e",
    "#bbbbbb",
    "#000000",
    "#ffffff",
    "#2ca02c",
    "#d62728",
)


class Line(NamedTuple):
    points: tuple[tuple[float, float], ...]
    colour: str
    width: int


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    colour: str


class Text(NamedTuple):
    x: float
    y: float
    text: str
    anchor: str  # "start", "middle" or "end"


class Scene(NamedTuple):
    lines: tuple[Line, ...]
    rects: tuple[Rect, ...]
    texts: tuple[Text, ...]


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering low..high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= step * factor:
            step *= factor
            break
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while True:
        ticks.append(round(value, 6))
        if value >= high:
            return ticks
        value += step


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def scene(pool: Sequence[PoolPeriod], title: str) -> Scene:
    """The chart's shapes and texts, in pixels from the top left."""
    lines: list[Line] = []
    rects: list[Rect] = []
    texts: list[Text] = [Text(WIDTH / 2, 22, title, "middle")]
    count = max(len(pool), 1)
    span = WIDTH - LEFT - RIGHT
    xs = [LEFT + span * (i + 0.5) / count for i in range(len(pool))]

    # Top panel: mean and median ratings.
    values = [v for p in pool for v in (p.mean, p.median) if v is not None]
    ticks = _ticks(min(values, default=0), max(values, default=1))
    low, high = ticks[0], ticks[-1] if ticks[-1] > ticks[0] else ticks[0] + 1

    def top_y(value: float) -> float:
        return MIDDLE - (value - low) / (high - low) * (MIDDLE - TOP)

    for tick in ticks:
        y = top_y(tick)
        lines.append(Line(((LEFT, y), (WIDTH - RIGHT, y)), GREY, 1))
        texts.append(Text(LEFT - 6, y + 4, _number(tick), "end"))
    for field, colour in (("mean", BLUE), ("median", ORANGE)):
        points = tuple(
            (x, top_y(value)) for x, p in zip(xs, pool, strict=True) if (value := getattr(p, field)) is not None
        )
        if points:
            lines.append(Line(points, colour, 2))
    texts.append(Text(LEFT, TOP - 14, "MEAN (BLUE) AND MEDIAN (ORANGE) RATING", "start"))

    # Bottom panel: net points entering (+) or leaving (-) the pool.
    top2 = MIDDLE + GAP
    nets = [p.net for p in pool]
    ticks2 = _ticks(min([0, *nets]), max([0, *nets]))
    low2, high2 = ticks2[0], ticks2[-1] if ticks2[-1] > ticks2[0] else ticks2[0] + 1

    def bottom_y(value: float) -> float:
        return BOTTOM - (value - low2) / (high2 - low2) * (BOTTOM - top2)

    for tick in ticks2:
        y = bottom_y(tick)
        lines.append(Line(((LEFT, y), (WIDTH - RIGHT, y)), GREY, 1))
        texts.append(Text(LEFT - 6, y + 4, _number(tick), "end"))
    bar = max(span / count * 0.6, 1)
    zero = bottom_y(0)
    for x, net in zip(xs, nets, strict=True):
        y = bottom_y(net)
        rects.append(Rect(x - bar / 2, min(y, zero), bar, abs(zero - y), GREEN if net >= 0 else RED))
    lines.append(Line(((LEFT, zero), (WIDTH - RIGHT, zero)), BLACK, 1))
    texts.append(Text(LEFT, top2 - 14, "NET POINTS INTO (+) OR OUT OF (-) THE POOL", "start"))

    # Period labels: at most twelve.
    every = max(1, math.ceil(len(pool) / 12))
    for i, (x, p) in enumerate(zip(xs, pool, strict=True)):
        if i % every == 0:
            texts.append(Text(x, BOTTOM + 18, p.period, "middle"))
    lines.append(Line(((LEFT, TOP), (LEFT, BOTTOM)), BLACK, 1))
    return Scene(tuple(lines), tuple(rects), tuple(texts))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg_chart(pool: Sequence[PoolPeriod], title: str) -> str:
    """The chart as an SVG document."""
    drawn = scene(pool, title)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="{WHITE}"/>',
    ]
    for rect in drawn.rects:
        out.append(
            f'<rect x="{rect.x:.2f}" y="{rect.y:.2f}" width="{rect.w:.2f}" height="{rect.h:.2f}" fill="{rect.colour}"/>'
        )
    for line in drawn.lines:
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in line.points)
        out.append(f'<polyline points="{points}" fill="none" stroke="{line.colour}" stroke-width="{line.width}"/>')
    for text in drawn.texts:
        out.append(f'<text x="{text.x:.2f}" y="{text.y:.2f}" text-anchor="{text.anchor}">{_escape(text.text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- PNG ------------------------------------------------------------------------

_GLYPHS = {
    "0": "01110100011001110101110011000101110",
    "1": "00100011000010000100001000010001110",
    "2": "01110100010000100010001000100011111",
    "3": "11111000100010000010000011000101110",
    "4": "00010001100101010010111110001000010",
    "5": "11111100001111000001000011000101110",
    "6": "00110010001000011110100011000101110",
    "7": "11111000010001000100010000100001000",
    "8": "01110100011000101110100011000101110",
    "9": "01110100011000101111000010001001100",
    "-": "00000000000000011111000000000000000",
    "+": "00000001000010011111001000010000000",
    ".": "00000000000000000000000000110001100",
    "(": "00010001000100001000010000010000010",
    ")": "01000001000001000010000100010001000",
    " ": "00000000000000000000000000000000000",
    "A": "01110100011000111111100011000110001",
    "B": "11110100011000111110100011000111110",
    "C": "01110100011000010000100001000101110",
    "D": "11100100101000110001100011001011100",
    "E": "11111100001000011110100001000011111",
    "F": "11111100001000011110100001000010000",
    "G": "01110100011000010111100011000101111",
    "H": "10001100011000111111100011000110001",
    "I": "01110001000010000100001000010001110",
    "K": "10001100101010011000101001001010001",
    "L": "10000100001000010000100001000011111",
    "M": "10001110111010110101100011000110001",
    "N": "10001100011100110101100111000110001",
    "O": "01110100011000110001100011000101110",
    "P": "11110100011000111110100001000010000",
    "R": "11110100011000111110101001001010001",
    "S": "01111100001000001110000010000111110",
    "T": "11111001000010000100001000010000100",
    "U": "10001100011000110001100011000101110",
    "V": "10001100011000110001100010101000100",
    "W": "10001100011000110101101011010101010",
    "Y": "10001100010101000100001000010000100",
    "Z": "11111000010001000100010001000011111",
}
"""A 5×7 pixel font (rows top to bottom, five bits a row) for the PNG's texts, upper case;
other characters are drawn as blanks."""


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

    def segment(self, a: tuple[float, float], b: tuple[float, float], rgb: tuple[int, int, int], width: int) -> None:
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
        for i in range(int(steps) + 1):
            x = a[0] + (b[0] - a[0]) * i / steps
            y = a[1] + (b[1] - a[1]) * i / steps
            for dx in range(width):
                for dy in range(width):
                    self.dot(round(x) + dx - width // 2, round(y) + dy - width // 2, rgb)

    def text(self, x: float, y: float, text: str, anchor: str) -> None:
        text = text.upper()
        advance = 6
        left = x - (len(text) * advance if anchor == "end" else len(text) * advance / 2 if anchor == "middle" else 0)
        top = round(y) - 8
        for i, char in enumerate(text):
            glyph = _GLYPHS.get(char, _GLYPHS[" "])
            for row in range(7):
                for col in range(5):
                    if glyph[row * 5 + col] == "1":
                        self.dot(round(left) + i * advance + col, top + row, (0, 0, 0))

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


def png_chart(pool: Sequence[PoolPeriod], title: str) -> bytes:
    """The chart as a PNG image (8-bit RGB)."""
    drawn = scene(pool, title)
    canvas = _Canvas(WIDTH, HEIGHT)
    for rect in drawn.rects:
        canvas.rect(rect.x, rect.y, rect.w, rect.h, _rgb(rect.colour))
    for line in drawn.lines:
        for a, b in zip(line.points, line.points[1:], strict=False):
            canvas.segment(a, b, _rgb(line.colour), line.width)
        if len(line.points) == 1:
            canvas.rect(line.points[0][0] - 2, line.points[0][1] - 2, 4, 4, _rgb(line.colour))
    for text in drawn.texts:
        canvas.text(text.x, text.y, text.text, text.anchor)
    return canvas.png()
