"""``ratings history P --rules R [--rules R2 …] --plot FILE.svg|FILE.png``: his history as a chart (issue 14 §4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from commands.chart import Series, history_png, history_svg
from commands.chart_font import glyph
from tests.commands.png_support import png_pixels
from tests.commands.support import Ratings

NS = "{http://www.w3.org/2000/svg}"
SEVERAL = ("--rules", "iecg-1.7", "--rules", "glicko2", "--rules", "fide-2024")


@pytest.fixture
def league(two_players: Ratings) -> Ratings:
    """Anna and Bob play in January and March 2024; Carl (ICCF 1900) joins in March.

    Anna's FIDE rows are "not published" (no FIDE rating), so fide-2024 draws no point.
    """
    two_players.established("C", "Carl Cole", 1900)
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-01-20")
    two_players.game("G3", "C", "A", "0-1", "2024-03-05")
    two_players.game("G4", "B", "C", "1-0", "2024-03-06")
    return two_players


def text_points(ratings: Ratings, rules: str) -> set[tuple[str, str, float]]:
    """(rules, period, rating) of each row of ``ratings history A --rules R``'s text that shows a rating."""
    lines = ratings.ok("history", "A", "--rules", rules).stdout.splitlines()
    assert lines[0].split()[:2] == ["period", "rating"]
    found = set()
    for line in lines[2:]:
        cells = line.split()
        if cells[1] != "not":  # "not published": no rating
            found.add((rules, cells[0], float(cells[1])))
    return found


def svg_of(path: Path) -> ET.Element:
    root = ET.fromstring(path.read_text(encoding="utf-8"))  # well-formed XML, or this raises
    assert root.tag == f"{NS}svg"
    return root


def test_one_point_per_rated_period_with_the_ratings_of_history(league: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "anna.svg"
    result = league.ok("history", "A", *SEVERAL, "--plot", str(path))
    assert result.stderr == f"chart written to {path}\n"
    root = svg_of(path)
    assert root.get("role") == "img"
    assert root.get("aria-label") == "A Anna Adler: rating history"

    expected = text_points(league, "iecg-1.7") | text_points(league, "glicko2") | text_points(league, "fide-2024")
    assert {(r, p) for r, p, _ in expected} == {
        ("iecg-1.7", "2024-01"),
        ("iecg-1.7", "2024-03"),
        ("glicko2", "2024-01"),
        ("glicko2", "2024-03"),
    }  # two rated periods each; the FIDE rows are not published
    circles = [c for c in root.iter(f"{NS}circle") if c.get("class") == "point"]
    found = [(c.get("data-series"), c.get("data-period"), float(c.get("data-rating", "nan"))) for c in circles]
    assert sorted(found) == sorted(expected)  # one point each, no more
    for circle in circles:
        title = circle.find(f"{NS}title")
        assert title is not None
        assert title.text == f"{circle.get('data-period')}: {circle.get('data-rating')}"

    lines = {p.get("data-series", ""): p for p in root.iter(f"{NS}polyline") if p.get("class") == "series"}
    assert sorted(lines) == ["glicko2", "iecg-1.7"]
    assert len(lines["iecg-1.7"].get("points", "").split()) == 2
    assert lines["iecg-1.7"].get("stroke") != lines["glicko2"].get("stroke")
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert {"iecg-1.7", "glicko2", "fide-2024"} <= set(texts)  # the legend, the empty series included
    assert {"2024-01", "2024-03"} <= set(texts)  # the period ticks


def test_several_rules_print_each_table_under_its_name(league: Ratings, tmp_path: Path) -> None:
    result = league.ok("history", "A", *SEVERAL, "--plot", str(tmp_path / "anna.svg"))
    blocks = [f"{rules}:\n" + league.ok("history", "A", "--rules", rules).stdout for rules in SEVERAL[1::2]]
    assert result.stdout == "\n".join(blocks)


def test_one_rules_prints_the_text_as_without_the_chart(league: Ratings, tmp_path: Path) -> None:
    alone = league.ok("history", "A", "--rules", "iecg-1.7")
    assert alone.stdout.splitlines()[2].split() == ["2024-01", "2000", "2000", "established", "2"]
    plotted = league.ok("history", "A", "--rules", "iecg-1.7", "--plot", str(tmp_path / "a.png"))
    assert plotted.stdout == alone.stdout
    assert plotted.stderr == f"chart written to {tmp_path / 'a.png'}\n"


def test_the_same_bytes_every_time(league: Ratings, tmp_path: Path) -> None:
    for name in ("one.svg", "two.svg", "one.png", "two.png"):
        league.ok("history", "A", *SEVERAL, "--plot", str(tmp_path / name))
    assert (tmp_path / "one.svg").read_bytes() == (tmp_path / "two.svg").read_bytes()
    assert (tmp_path / "one.png").read_bytes() == (tmp_path / "two.png").read_bytes()


def test_png(league: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "anna.png"
    league.ok("history", "A", *SEVERAL, "--plot", str(path))
    (width, height, depth, colour), raw = png_pixels(path.read_bytes())
    assert (width, height, depth, colour) == (800, 440, 8, 2)
    assert len(raw) == height * (1 + width * 3)
    assert set(raw[1 : 1 + width * 3]) == {255}  # the top row is background
    assert bytes.fromhex("1f77b4") in raw and bytes.fromhex("ff7f0e") in raw  # the first two series are drawn


def test_a_player_never_rated_gets_an_empty_chart(ratings: Ratings, tmp_path: Path) -> None:
    ratings.established("A", "Anna Adler", 2000)
    path = tmp_path / "anna.svg"
    result = ratings.ok("history", "A", "--rules", "iecg-1.7", "--plot", str(path))
    assert result.stdout == "A has no rated games under iecg-1.7\n"
    root = svg_of(path)
    assert not [c for c in root.iter(f"{NS}circle")]
    assert "no rated games" in [t.text for t in root.iter(f"{NS}text")]


def test_refusals(league: Ratings, tmp_path: Path) -> None:
    league.refused(
        "history", "A", *SEVERAL, "--plot", str(tmp_path / "x.gif"), message="name the file *.svg or *.png", status=2
    )
    league.refused("history", "A", *SEVERAL, message="several --rules draw one chart: give --plot", status=2)
    league.refused(
        "history", "A", "--rules", "glicko2", "--rules", "glicko2", "--plot", str(tmp_path / "x.svg"),
        message="--rules glicko2 is given twice", status=2,
    )  # fmt: skip
    missing = str(tmp_path / "no" / "x.svg")
    league.refused("history", "A", *SEVERAL, "--plot", missing, message=f"cannot write the chart --plot {missing}")
    league.refused("history", "Z", *SEVERAL, "--plot", str(tmp_path / "z.svg"), message="unknown player 'Z'")
    league.refused(
        "history", "A", "--rules", "nope", "--plot", str(tmp_path / "n.svg"), message="Invalid value for '--rules'",
        status=2,
    )  # fmt: skip
    assert not [p for p in tmp_path.iterdir() if p.suffix in (".svg", ".png", ".gif")]  # no chart written


def test_time_axis_and_text_of_the_functions() -> None:
    """A monthly and a two-monthly series on one time axis: 2024-04 is three months from 2024-01,
    2024-03 two, so its x is half as far again; ratings as given, the title escaped."""
    series = [
        Series("fide-2024", (("2024-01", 2100.0), ("2024-04", 2112.0))),
        Series("iecg-1.7", (("2024-03", 1501.5),)),
    ]
    text = history_svg(series, "Ann & Bob <test>")
    root = ET.fromstring(text)
    assert root.get("aria-label") == "Ann & Bob <test>"
    xs = {c.get("data-period"): float(c.get("cx", "nan")) for c in root.iter(f"{NS}circle")}
    assert (xs["2024-04"] - xs["2024-01"]) == pytest.approx(1.5 * (xs["2024-03"] - xs["2024-01"]), abs=0.02)
    ratings = {c.get("data-period"): c.get("data-rating") for c in root.iter(f"{NS}circle")}
    assert ratings == {"2024-01": "2100", "2024-04": "2112", "2024-03": "1501.5"}
    assert history_svg(series, "Ann & Bob <test>") == text
    image = history_png(series, "Ann")
    assert image[:8] == b"\x89PNG\r\n\x1a\n" and image == history_png(series, "Ann")
    assert image != history_png(series, "ANN")  # lower case is drawn as lower case


def test_the_png_font_has_both_cases_digits_and_the_chart_signs() -> None:
    for char in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-:.()+":
        rows = glyph(char)
        assert len(rows) in (7, 9) and all(len(row) == 5 and set(row) <= {"#", "."} for row in rows), char
    assert len({glyph(c) for c in "abcdefghijklmnopqrstuvwxyz"}) == 26
    assert glyph("a") != glyph("A") and glyph("x") != glyph("X")
    assert glyph("p")[7:] == ("#....", "#....")  # a descender below the baseline
    assert glyph("é") == glyph("e")
