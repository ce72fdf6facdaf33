"""The static site in a real browser (issue 14 §2, issue 26 §2): headless Chromium driven by Playwright.

What a player sees: the list page shows the players in the list's order and its search box narrows
them; a player's page draws one chart point per rated period and opens a period's explanation on its
games; an event page's crosstable totals are the event's; the player index finds a player by name, id or
FIDE id. Every kind of page (index, list, player, event, a 137-player Swiss's event, verify, the player
index) fits a phone (390×844) and a desktop (1280×900) without scrolling sideways, wide tables scrolling in
their own box, and axe-core (the engine ``axe-playwright-python`` bundles) finds no violation on it; a
screenshot of each at both widths is written to ``docs/screenshots/`` (``RATINGS_SCREENSHOTS`` overrides the
folder), which docs/publishing.md shows. Other screenshots go to ``artifacts/screenshots/``
(``RATINGS_ARTIFACTS``).

The browser is Debian's ``chromium`` (``.ci/run`` installs it); without it the tests are skipped with
that reason, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from projections.site_data import page_name
from tests.commands.support import Ratings

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("RATINGS_ARTIFACTS", ROOT / "artifacts" / "screenshots"))
SCREENSHOTS = Path(os.environ.get("RATINGS_SCREENSHOTS", ROOT / "docs" / "screenshots"))
SWISS = ROOT / "tests" / "data" / "trf" / "san_viator_2018_b.trf"
"""A real 137-player, 7-round Swiss (tests/data/trf/README.md): the widest crosstable the site draws."""
WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is a test dependency")
axe_playwright = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="axe-playwright-python is a test dependency"
)


def federation(ratings: Ratings) -> None:
    """Four players of a January 2024 round robin (an event), and a game of February."""
    for player, name, country in (
        ("A", "Anna Adler", "DE"),
        ("B", "Bob Byrne", "IE"),
        ("C", "Carla Costa", "IT"),
        ("D", "Dan Doyle", "IE"),
    ):
        ratings.register(player, name, "--country", country, "--source", "iccf", "--starting-rating",
                         str({"A": 2100, "B": 1900, "C": 1700, "D": 1500}[player]), "--rated-games", "100",
                         *(("--fide-id", "2500001", "--title", "WIM", "--born", "1982-04-13") if player == "A"
                           else ()))  # fmt: skip
    ratings.ok("event", "register", "RR-24", "--name", "New Year round robin", "--type", "round-robin",
               "--start", "2024-01-05", "--end", "2024-01-20", "--mode", "email",
               "--reported", "2024-01-01")  # fmt: skip
    results = (("A", "B", "1-0"), ("C", "D", "1/2-1/2"), ("A", "C", "1/2-1/2"), ("B", "D", "0-1"),
               ("D", "A", "0-1"), ("B", "C", "1-0"))  # fmt: skip
    for number, (white, black, result) in enumerate(results, start=1):
        day = f"2024-01-{5 + number:02d}"
        ratings.ok("game", "record", f"R{number}", "--white", white, "--black", black, "--result", result,
                   "--finished", day, "--event", "RR-24", "--reported", day)  # fmt: skip
    ratings.ok("game", "record", "F1", "--white", "C", "--black", "A", "--result", "1-0", "--finished", "2024-03-02",
               "--reported", "2024-03-02")  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    ratings = Ratings(folder / "ledger.db")
    federation(ratings)
    ratings.ok("site", "--rules", "iecg-1.7", "--from", "2024-01", "--to", "2024-03", "--out", str(folder / "out"),
               "--title", "Test federation")  # fmt: skip
    (folder / "list.json").write_text(
        ratings.ok("list", "--rules", "iecg-1.7", "--period", "2024-01", "--format", "json").output, encoding="utf-8"
    )
    (folder / "history.txt").write_text(ratings.ok("history", "A", "--rules", "iecg-1.7").output, encoding="utf-8")
    (folder / "show.txt").write_text(ratings.ok("event", "show", "RR-24").output, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def swiss_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of a ledger holding the 137-player Swiss of ``SWISS`` (its event page: ``swiss.html``)."""
    folder = tmp_path_factory.mktemp("swiss")
    ratings = Ratings(folder / "ledger.db")
    ratings.ok("import", "trf", str(SWISS), "--register-new")
    ratings.ok("site", "--rules", "fide-2014", "--from", "2018-04", "--to", "2018-06", "--out", str(folder / "out"))
    return folder / "out"


PAGES = {
    "index": "index.html",
    "list": "lists/iecg-1.7/2024-01.html",
    "player": f"players/{page_name('A')}.html",
    "event": f"events/{page_name('RR-24')}.html",
    "verify": "verify.html",
    "players": "players.html",
}
"""Each kind of page of the site, one of each (the Swiss's event page is the ``swiss`` kind)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield opened
        assert errors == [], errors  # no script error on any page
    finally:
        context.close()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def listed(site: Path) -> list[str]:
    """The players of the list of 2024-01 in the list's order, from ``ratings list --format json``."""
    document = json.loads((site / "list.json").read_text(encoding="utf-8"))
    rows = document["players"]
    return [row["player"] for row in rows]


def test_the_list_page_shows_the_players_in_order_and_search_narrows_it(site: Path, page: Any) -> None:
    page.goto((site / "out" / "lists" / "iecg-1.7" / "2024-01.html").as_uri())
    rows = page.locator("#list tr.row")
    assert rows.evaluate_all("rows => rows.map(r => r.dataset.player)") == listed(site)
    shot(page, "list")
    page.fill("#search", "byrne")
    visible = page.locator("#list tr.row:not([hidden])")
    assert visible.evaluate_all("rows => rows.map(r => r.dataset.player)") == ["B"]
    page.fill("#search", "")
    assert page.locator("#list tr.row:not([hidden])").count() == len(listed(site))


def test_a_players_page_draws_a_point_per_rated_period_and_explains_one(site: Path, page: Any) -> None:
    history = [line.split() for line in (site / "history.txt").read_text(encoding="utf-8").splitlines()[2:]]
    periods = [words[0] for words in history if words]
    page.goto((site / "out" / "players" / f"{page_name('A')}.html").as_uri())
    points = page.locator("svg circle.point")
    assert points.evaluate_all("ps => ps.map(p => p.dataset.period)") == periods
    shot(page, "player")
    explanation = page.locator("details.explanation").first
    explanation.locator("summary").click()
    text = explanation.inner_text()
    for game in ("R1", "R3", "R5"):  # Anna's games of January's period (IECG periods are two months)
        assert game in text


def test_an_event_pages_crosstable_totals_are_the_events(site: Path, page: Any) -> None:
    page.goto((site / "out" / "events" / f"{page_name('RR-24')}.html").as_uri())
    shown = page.locator("#crosstable td.points").all_inner_texts()
    # event show's crosstable: the points column of each row, in order (rows after the two header lines)
    text = (site / "show.txt").read_text(encoding="utf-8").split("crosstable", 1)[1].splitlines()
    header = next(i for i, line in enumerate(text) if line.startswith("#"))
    start = text[header].index("points")  # a column of the text table (blank cells leave no word)
    expected = [line[start:].split()[0] for line in text[header + 2 :] if line.strip()]
    assert [cell.strip() for cell in shown] == expected
    shot(page, "event")


def test_a_header_click_sorts_the_list_and_a_phone_reads_it(site: Path, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        page.goto((site / "out" / "lists" / "iecg-1.7" / "2024-01.html").as_uri())
        order = listed(site)
        page.locator("#list th", has_text="rating").first.click()  # ascending by rating: the list reversed
        assert page.locator("#list tr.row").evaluate_all("rows => rows.map(r => r.dataset.player)") == order[::-1]
        # The page itself does not scroll sideways on a phone: only the table's own box may.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot(page, "list-phone")
    finally:
        context.close()


def axe_violations(page: Any) -> list[str]:
    """What axe-core finds on the page, a line a rule: its id and the first element it names."""
    results = axe_playwright.Axe().run(page)
    return [f"{v['id']}: {v['nodes'][0]['target'] if v['nodes'] else ''}" for v in results.response["violations"]]


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("kind", [*PAGES, "swiss"])
def test_every_kind_of_page_fits_the_screen_and_passes_axe(
    site: Path, swiss_site: Path, browser: Any, kind: str, width: str
) -> None:
    """At 390 px (a phone) and 1280 px the page does not scroll sideways (its wide tables scroll in their own box),
    axe finds nothing, and its screenshot is written into the docs."""
    context = browser.new_context(viewport=WIDTHS[width], is_mobile=width == "phone", has_touch=width == "phone")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        path = (
            swiss_site / "events" / f"{page_name('san_viator_2018_b')}.html"
            if kind == "swiss"
            else site / "out" / PAGES[kind]
        )
        page.goto(path.as_uri())
        sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert sizes[0] <= sizes[1], f"{kind} at {width}: {sizes[0]} px wide in a {sizes[1]} px window"
        assert axe_violations(page) == []
        assert errors == []
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        if kind == "swiss":  # its crosstable, not the list of games left out above it
            page.locator("#crosstable").scroll_into_view_if_needed()
            page.evaluate("document.getElementById('crosstable').closest('section').scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / f"{kind}-{width}.png"), full_page=kind != "swiss")
    finally:
        context.close()


def test_a_wide_crosstable_scrolls_in_its_box_with_the_names_fixed(swiss_site: Path, browser: Any) -> None:
    """The Swiss's 137 rows and 7 rounds on a phone: the table scrolls sideways inside its own box, and the name
    column stays at the box's left edge while it does (``position: sticky``)."""
    context = browser.new_context(viewport=WIDTHS["phone"], is_mobile=True)
    try:
        page = context.new_page()
        page.goto((swiss_site / "events" / f"{page_name('san_viator_2018_b')}.html").as_uri())
        box = page.locator(".scroll:has(#crosstable)")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # wider than the phone: it scrolls
        name = page.locator("#crosstable tbody tr").first.locator("th.name")
        left = box.evaluate("b => b.getBoundingClientRect().left")
        box.evaluate("b => { b.scrollLeft = 400; }")
        assert box.evaluate("b => b.scrollLeft") > 0
        assert name.evaluate("n => n.getBoundingClientRect().left") == pytest.approx(left, abs=1)
        assert name.locator("a").inner_text() == "Arias Cusio, Oscar"  # the first row of `event show`'s table
        assert page.locator("#crosstable tbody tr").count() == 137
    finally:
        context.close()


def test_the_player_index_finds_a_player_by_name_id_or_fide_id(site: Path, page: Any) -> None:
    page.goto((site / "out" / "players.html").as_uri())
    items = page.locator("#players li")
    assert items.count() == 4
    for text, found in (("costa", ["Carla Costa"]), ("2500001", ["Anna Adler"]), ("d", ["Anna Adler", "Dan Doyle"])):
        page.fill("#find", text)
        assert page.locator("#players li:not([hidden]) a").all_inner_texts() == found, text
    page.fill("#find", "")
    assert page.locator("#players li:not([hidden])").count() == 4
