"""A player's chart in a real browser (issue 26 §3): on a 390-pixel phone it fills the page's width and its texts
render at 11 pixels or more; on a desktop it grows no wider than 36rem; each point carries its tooltip, and the
chart's accessible name says what it shows."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from projections.site_data import page_name
from tests.commands.support import Ratings

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is a test dependency")

SIZES = """svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll("text")].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
}"""
"""The size in CSS pixels each text of the chart is drawn at: its font size scaled as the viewBox is."""


@pytest.fixture(scope="module")
def player_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Anna's page: she plays Bob in January and March 2024 in a club event, under IECG 1.7 and Glicko-2."""
    folder = tmp_path_factory.mktemp("chart")
    ratings = Ratings(folder / "ledger.db")
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.ok("event", "register", "E1", "--name", "Club league", "--type", "swiss", "--start", "2024-01-05",
               "--end", "2024-04-30", "--reported", "2024-01-01")  # fmt: skip
    for game, white, black, day in (("G1", "A", "B", "2024-01-10"), ("G2", "B", "A", "2024-03-10")):
        ratings.game(game, white, black, "1-0", day, "--event", "E1")
    out = folder / "site"
    ratings.ok("site", "--rules", "iecg-1.7", "--rules", "glicko2", "--from", "2024-01", "--to", "2024-03",
               "--out", str(out))  # fmt: skip
    return out / "players" / f"{page_name('A')}.html"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


def test_the_chart_is_legible_on_a_phone_and_not_huge_on_a_desktop(player_page: Path, browser: Any) -> None:
    for width, widest in ((390, 390 - 16), (1280, 36 * 16)):
        context = browser.new_context(viewport={"width": width, "height": 800})
        try:
            page = context.new_page()
            page.goto(player_page.as_uri())
            chart = page.locator("figure.chart svg")
            box = chart.bounding_box()
            assert box["width"] == pytest.approx(widest, abs=1)  # the page's width on a phone, 36rem on a desktop
            assert box["height"] == pytest.approx(box["width"] * 260 / 400, abs=1)  # its height follows
            sizes = chart.evaluate(SIZES)
            assert sizes and min(sizes) >= 11, sizes
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        finally:
            context.close()


def test_each_point_has_its_tooltip_and_the_chart_its_text_alternative(player_page: Path, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(player_page.as_uri())
        chart = page.get_by_role("img", name="Rating history of Anna Adler under iecg-1.7: 2 lists from 2024-01")
        assert chart.count() == 1
        tips = page.locator("figure.chart circle.point > title").all_text_contents()
        assert len(tips) == 4  # two periods, two rules versions
        assert tips[0].startswith("2024-01, iecg-1.7: rating ")
        assert tips[0].endswith(", the first shown; event: Club league")
        assert tips[1].startswith("2024-03, iecg-1.7: rating ") and tips[1].endswith(
            " since 2024-01; event: Club league"
        )
    finally:
        context.close()
