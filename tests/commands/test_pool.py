"""``ratings pool``: the pool over a run of lists, as a table, CSV and a chart (issue 5 §6)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.commands.png_support import png_image, png_pixels
from tests.commands.support import RULES, Ratings


@pytest.fixture
def league(two_players: Ratings) -> Ratings:
    """Anna and Bob play in January and March 2024; Carl (ICCF 1900) joins in March."""
    two_players.established("C", "Carl Cole", 1900)
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-01-20")
    two_players.game("G3", "C", "A", "0-1", "2024-03-05")
    two_players.game("G4", "B", "C", "1-0", "2024-03-06")
    return two_players


def pool_csv(ratings: Ratings, *options: str) -> list[dict[str, str]]:
    result = ratings.ok("pool", *RULES, "--from", "2024-01", "--to", "2024-05", "--format", "csv", *options)
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_each_period_against_the_lists(league: Ratings) -> None:
    found = pool_csv(league)
    assert [row["period"] for row in found] == ["2024-01", "2024-03", "2024-05"]
    previous = 0
    for row in found:
        listed = json.loads(league.ok("list", *RULES, "--period", row["period"], "--format", "json").stdout)["players"]
        ratings = sorted(p["rating"] for p in listed)
        assert int(row["listed"]) == len(ratings)
        assert float(row["mean"]) == pytest.approx(sum(ratings) / len(ratings), abs=0.005)
        total = sum(ratings)
        assert int(row["net"]) == total - previous  # the net change is the change of the pool's total
        assert int(row["net"]) == int(row["entered_points"]) - int(row["left_points"]) + int(row["drift"])
        previous = total
    # January: Anna and Bob enter the list; March: Carl enters; May: nobody plays, nothing moves.
    assert [row["entered"] for row in found] == ["2", "1", "0"]
    assert found[2]["net"] == "0"


def test_png_chart(league: Ratings, tmp_path: Path) -> None:
    from commands.chart_png import pool_figure
    from projections.pool import PoolPeriod

    path = tmp_path / "pool.png"
    result = league.ok("pool", *RULES, "--from", "2024-01", "--to", "2024-05", "--plot", str(path))
    assert f"chart written to {path}" in result.stderr
    data = path.read_bytes()
    (width, height, depth, _), _ = png_pixels(data)  # matplotlib's, its signature and every chunk's CRC checked
    assert (width, height, depth) == (800, 520, 8)
    pixels = png_image(data)
    assert (pixels[0, 0, :3] == 1).all()  # white background
    blue = [0x1F / 255, 0x77 / 255, 0xB4 / 255]
    assert (abs(pixels[:, :, :3] - blue) < 0.01).all(axis=2).any()  # the mean line is drawn
    league.ok("pool", *RULES, "--from", "2024-01", "--to", "2024-05", "--plot", str(tmp_path / "again.png"))
    assert (tmp_path / "again.png").read_bytes() == data

    pool = [PoolPeriod("2024-01", 2, 1900.0, 1900.0, 3800, 2, 3800, 0, 0, 0)]
    legend = pool_figure(pool, "Pool").axes[0].get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == ["mean", "median"]


def test_svg_chart(league: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "pool.svg"
    league.ok("pool", *RULES, "--from", "2024-01", "--to", "2024-05", "--plot", str(path))
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert {"2024-01", "2024-03", "2024-05"} <= set(texts)
    lines = [p.get("stroke") for p in root.iter(f"{ns}polyline")]
    assert "#1f77b4" in lines and "#ff7f0e" in lines  # mean and median
    assert len([r for r in root.iter(f"{ns}rect") if r.get("fill") in ("#2ca02c", "#d62728")]) == 3  # a bar a period


def test_refusals(league: Ratings, tmp_path: Path) -> None:
    league.refused(
        "pool", *RULES, "--from", "2024-05", "--to", "2024-01", message="--to 2024-01 is before --from 2024-05"
    )
    league.refused("pool", *RULES, "--from", "2024-02", "--to", "2024-05", message="not the start of a rating period")
    league.refused(
        "pool", *RULES, "--from", "2024-01", "--to", "2024-05", "--plot", str(tmp_path / "x.gif"),
        message="name the file *.svg or *.png", status=2,
    )  # fmt: skip
    league.refused(
        "pool",
        "--rules",
        "nope",
        "--from",
        "2024-01",
        "--to",
        "2024-05",
        message="Invalid value for '--rules'",
        status=2,
    )
