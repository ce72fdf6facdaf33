"""``ratings history P --rules R [--rules R2 …] --plot FILE.svg|FILE.png``: his history as a chart (issue 14 §4,
issue 26 §3): an SVG drawn here, legible on a phone, each point's date, rating, change and events its tooltip and
the whole chart said in words; a PNG drawn by matplotlib (an optional extra), with a legend."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from commands.chart import history_summary, history_svg
from commands.chart_scene import Series
from tests.commands.png_support import png_image, png_pixels
from tests.commands.support import Ratings
from tests.commands.test_imports_per_command import STARTER

NS = "{http://www.w3.org/2000/svg}"
SEVERAL = ("--rules", "iecg-1.7", "--rules", "glicko2", "--rules", "fide-2024")

ANNA = (
    "Rating history of Anna Adler under iecg-1.7: 2 lists from 2024-01 to 2024-03, from 2000 to 2007, highest 2007 in "
    "2024-03; under glicko2: 2 lists from 2024-01 to 2024-03, from 1624 to 1701, highest 1701 in 2024-03; under "
    "fide-2024: no rating."
)
"""What Anna's chart of :data:`SEVERAL` shows, worked from ``ratings history``'s tables (see the first test)."""

PHONE = 390 - 16
"""The width a chart has on a 390-pixel phone: the page's body has half a rem (8 pixels) of padding each side."""


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


def text_points(ratings: Ratings, rules: str) -> list[tuple[str, str, float]]:
    """(rules, period, rating) of each row of ``ratings history A --rules R``'s text that shows a rating."""
    lines = ratings.ok("history", "A", "--rules", rules).stdout.splitlines()
    assert lines[0].split()[:2] == ["period", "rating"]
    found = []
    for line in lines[2:]:
        cells = line.split()
        if cells[1] != "not":  # "not published": no rating
            found.append((rules, cells[0], float(cells[1])))
    return found


def svg_of(path: Path) -> ET.Element:
    root = ET.fromstring(path.read_text(encoding="utf-8"))  # well-formed XML, or this raises
    assert root.tag == f"{NS}svg"
    return root


def points_of(root: ET.Element) -> list[ET.Element]:
    return [c for c in root.iter(f"{NS}circle") if c.get("class") == "point"]


def test_one_point_per_rated_period_with_the_ratings_of_history(league: Ratings, tmp_path: Path) -> None:
    path = tmp_path / "anna.svg"
    result = league.ok("history", "A", *SEVERAL, "--plot", str(path))
    assert result.stderr == f"chart written to {path}\n"
    root = svg_of(path)

    expected = text_points(league, "iecg-1.7") + text_points(league, "glicko2") + text_points(league, "fide-2024")
    assert expected == [
        ("iecg-1.7", "2024-01", 2000),
        ("iecg-1.7", "2024-03", 2007),
        ("glicko2", "2024-01", 1624),
        ("glicko2", "2024-03", 1701),
    ]  # two rated periods each; the FIDE rows are not published: what ANNA says
    assert root.get("role") == "img"
    assert root.get("aria-label") == ANNA  # the text alternative says what the chart shows
    title = root.find(f"{NS}title")
    assert title is not None and title.text == ANNA
    circles = points_of(root)
    found = [(c.get("data-series"), c.get("data-period"), float(c.get("data-rating", "nan"))) for c in circles]
    assert found == expected  # one point each, no more
    tips = [c.find(f"{NS}title") for c in circles]
    assert [t.text if t is not None else None for t in tips] == [
        "2024-01, iecg-1.7: rating 2000, the first shown",
        "2024-03, iecg-1.7: rating 2007, +7 since 2024-01",
        "2024-01, glicko2: rating 1624, the first shown",
        "2024-03, glicko2: rating 1701, +77 since 2024-01",
    ]  # the history command knows no events: the site's tooltips name them
    assert [c.get("data-change") for c in circles] == ["", "+7", "", "+77"]

    lines = {p.get("data-series", ""): p for p in root.iter(f"{NS}polyline") if p.get("class") == "series"}
    assert sorted(lines) == ["glicko2", "iecg-1.7"]
    assert len(lines["iecg-1.7"].get("points", "").split()) == 2
    assert lines["iecg-1.7"].get("stroke") != lines["glicko2"].get("stroke")
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert {"iecg-1.7", "glicko2", "fide-2024 (no rating)"} <= set(texts)  # the legend, the empty series included
    assert {"2024-01", "2024-03"} <= set(texts)  # the period ticks


def test_a_tooltip_says_the_date_rating_change_and_events() -> None:
    series = Series(
        "fide-2024",
        (("2024-01", 2100.0), ("2024-02", 2112.0), ("2024-03", 2112.0), ("2024-04", 2098.5)),
        (("Winter Open",), (), ("Club Cup", "Spring Swiss"), ()),
    )
    root = ET.fromstring(history_svg([series], "Anna", "Anna Adler"))
    tips = [(c.get("data-change"), c.findtext(f"{NS}title")) for c in points_of(root)]
    assert tips == [
        ("", "2024-01, fide-2024: rating 2100, the first shown; event: Winter Open"),
        ("+12", "2024-02, fide-2024: rating 2112, +12 since 2024-01"),
        ("0", "2024-03, fide-2024: rating 2112, unchanged since 2024-02; events: Club Cup, Spring Swiss"),
        ("-13.5", "2024-04, fide-2024: rating 2098.5, -13.5 since 2024-03"),
    ]


def test_the_text_alternative_of_a_year_and_a_half_of_lists() -> None:
    ratings = (1890, 1902, 1915, 1931, 1950, 1968, 1984, 1999, 2031, 2024, 2017, 2010)
    months = ("2023-01", "2023-03", "2023-05", "2023-07", "2023-09", "2023-11", "2024-01", "2024-02", "2024-03",
              "2024-04", "2024-05", "2024-06")  # fmt: skip
    fide = Series("fide-2024", tuple(zip(months, map(float, ratings), strict=True)))
    assert history_summary("Anna Adler", [fide]) == (
        "Rating history of Anna Adler under fide-2024: 12 lists from 2023-01 to 2024-06, from 1890 to 2010, "
        "highest 2031 in 2024-03."
    )
    one = Series("glicko2", (("2024-01", 1624.0),))
    assert history_summary("Bob", [one, Series("iecg-1.7", ())]) == (
        "Rating history of Bob under glicko2: 1 list, 2024-01, at 1624; under iecg-1.7: no rating."
    )
    assert history_summary("Bob", []) == "Rating history of Bob: no rating."
    level = Series("iecg-1.7", (("2024-01", 2000.0), ("2024-03", 2010.0), ("2024-05", 2010.0)))
    assert history_summary("Carl", [level]).endswith("highest 2010 in 2024-03.")  # the first of equals


def test_legible_on_a_phone(league: Ratings, tmp_path: Path) -> None:
    """The chart fills the page's width (a viewBox of 400 wide) and its texts stay 11 pixels or more on a 390-pixel
    screen; on a wide screen it grows to 36rem, no more."""
    path = tmp_path / "anna.svg"
    league.ok("history", "A", *SEVERAL, "--plot", str(path))
    root = svg_of(path)
    assert root.get("width") == "100%" and root.get("height") is None
    assert "max-width: 36rem" in root.get("style", "")
    _, _, width, _ = (float(v) for v in root.get("viewBox", "").split())
    sizes = [float(e.get("font-size", "")) for e in root.iter() if e.get("font-size") is not None]
    assert sizes == [12.0]  # set once, on the root: every text inherits it
    assert min(sizes) * PHONE / width >= 11
    texts = [t for t in root.iter(f"{NS}text")]
    assert all(0 <= float(t.get("x", "-1")) <= width for t in texts)


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


def test_png_is_matplotlibs_with_a_legend_of_each_rules(league: Ratings, tmp_path: Path) -> None:
    from commands.chart_png import history_figure

    path = tmp_path / "anna.png"
    league.ok("history", "A", *SEVERAL, "--plot", str(path))
    data = path.read_bytes()
    (width, height, depth, _), _ = png_pixels(data)  # a real PNG: its signature and every chunk's CRC
    assert (width, height, depth) == (800, 440, 8)
    assert b"Software" not in data and b"tIME" not in data  # no matplotlib version, no timestamp
    pixels = png_image(data)
    assert pixels.shape[:2] == (440, 800)
    assert (pixels[0, 0, :3] == 1).all()  # white background

    series = [Series("iecg-1.7", (("2024-01", 2000.0), ("2024-03", 2007.0))), Series("fide-2024", ())]
    legend = history_figure(series, "A Anna Adler: rating history").axes[0].get_legend()
    assert legend is not None
    assert [t.get_text() for t in legend.get_texts()] == ["iecg-1.7", "fide-2024 (no rating)"]  # one line a rules


def test_png_without_matplotlib_is_refused_in_one_line(
    league: Ratings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError
    path = tmp_path / "anna.png"
    result = league.refused("history", "A", *SEVERAL, "--plot", str(path), message="pip install 'rating-ledger[plot]'")
    assert result.stderr == (
        f"Error: --plot {path}: a PNG chart needs matplotlib, an optional extra: pip install 'rating-ledger[plot]' "
        "(or name it *.svg)\n"
    )
    assert result.stdout == "" and not path.exists()
    league.ok("history", "A", *SEVERAL, "--plot", str(tmp_path / "anna.svg"))  # an SVG needs no matplotlib


def test_matplotlib_is_imported_for_a_png_only(league: Ratings, tmp_path: Path) -> None:
    def imported(plot: str) -> set[str]:
        out = tmp_path / "modules.json"
        env = {k: v for k, v in os.environ.items() if k not in ("RATINGS_DB", "RATINGS_CACHE_DIR")}
        args = ["--db", str(league.db), "history", "A", *SEVERAL, "--plot", str(tmp_path / plot)]
        run = [sys.executable, "-c", STARTER, *args]
        subprocess.run(run, cwd=tmp_path, env=env | {"MODULES_OUT": str(out)}, check=True, capture_output=True)
        return {name.partition(".")[0] for name in json.loads(out.read_text(encoding="utf-8"))}

    assert "matplotlib" not in imported("a.svg")
    assert "matplotlib" in imported("a.png")


def test_a_player_never_rated_gets_an_empty_chart(ratings: Ratings, tmp_path: Path) -> None:
    ratings.established("A", "Anna Adler", 2000)
    path = tmp_path / "anna.svg"
    result = ratings.ok("history", "A", "--rules", "iecg-1.7", "--plot", str(path))
    assert result.stdout == "A has no rated games under iecg-1.7\n"
    root = svg_of(path)
    assert not [c for c in root.iter(f"{NS}circle")]
    assert "no rated games" in [t.text for t in root.iter(f"{NS}text")]
    assert root.get("aria-label") == "Rating history of Anna Adler under iecg-1.7: no rating."
    ratings.ok("history", "A", "--rules", "iecg-1.7", "--plot", str(tmp_path / "anna.png"))
    assert png_pixels((tmp_path / "anna.png").read_bytes())[0][:2] == (800, 440)


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
    league.refused("history", "Z", *SEVERAL, "--plot", str(tmp_path / "z.png"), message="unknown player 'Z'")
    league.refused(
        "history", "A", "--rules", "nope", "--plot", str(tmp_path / "n.svg"), message="Invalid value for '--rules'",
        status=2,
    )  # fmt: skip
    assert not [p for p in tmp_path.iterdir() if p.suffix in (".svg", ".png", ".gif")]  # no chart written


def test_time_axis_and_text_of_the_functions() -> None:
    """A monthly and a two-monthly series on one time axis: 2024-04 is three months from 2024-01,
    2024-03 two, so its x is half as far again; ratings as given, the title and name escaped."""
    series = [
        Series("fide-2024", (("2024-01", 2100.0), ("2024-04", 2112.0))),
        Series("iecg-1.7", (("2024-03", 1501.5),)),
    ]
    text = history_svg(series, "Ann & Bob <test>", "Ann & <Bob>")
    root = ET.fromstring(text)
    assert root.get("aria-label", "").startswith("Rating history of Ann & <Bob> under fide-2024: 2 lists")
    assert "Ann & Bob <test>" in [t.text for t in root.iter(f"{NS}text")]
    xs = {c.get("data-period"): float(c.get("cx", "nan")) for c in root.iter(f"{NS}circle")}
    assert (xs["2024-04"] - xs["2024-01"]) == pytest.approx(1.5 * (xs["2024-03"] - xs["2024-01"]), abs=0.02)
    ratings = {c.get("data-period"): c.get("data-rating") for c in root.iter(f"{NS}circle")}
    assert ratings == {"2024-01": "2100", "2024-04": "2112", "2024-03": "1501.5"}
    assert history_svg(series, "Ann & Bob <test>", "Ann & <Bob>") == text
