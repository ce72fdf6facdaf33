"""``ratings site`` (issue 14 §1): a static site of lists, players and events, checked against the CLI.

Every expected value is read from another command's output (``list``, ``export``, ``history``,
``explain``, ``event show``, ``audit``), never from the site's own code: the site must say what
the command line says.

The ledger: Anna (A, ICCF 2000) and Bob (B, ICCF 1800) established, Carla (C) and Dan (D) new;
three games of January 2024, two of them in the event E1; the list of 2024-01 is published on
2024-03-01, then game G1 is corrected (reported 2024-03-06) and G2 voided (2024-03-07), so the
published list and the list as known now differ.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import html5lib  # type: ignore[import-untyped]
import pytest

from tests.commands.support import RULES, Ratings
from tests.commands.test_events import table_rows

NS = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
SITE = ("--rules", "iecg-1.7", "--from", "2024-01", "--to", "2024-03")


@pytest.fixture
def ledger(ratings: Ratings) -> Ratings:
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.register("C", "Carla Costa", "--country", "IE")
    ratings.register("D", "Dan <Doyle> & co", "--country", "DE")  # a name to escape
    ratings.ok("event", "register", "E1", "--name", "Winter Cup", "--type", "swiss", "--start", "2024-01-05",
               "--reported", "2024-01-05")  # fmt: skip
    ratings.game("G1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    ratings.game("G2", "C", "D", "1-0", "2024-01-12")
    ratings.game("G3", "B", "A", "1/2-1/2", "2024-01-20", "--event", "E1")
    ratings.game("G4", "A", "C", "1-0", "2024-03-15")
    ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    ratings.ok("game", "correct", "G1", "--result", "0-1", "--reason", "colours swapped", "--reported", "2024-03-06")
    ratings.ok("game", "void", "G2", "--reason", "never played", "--reported", "2024-03-07")
    return ratings


def build(ratings: Ratings, out: Path, *extra: str) -> Path:
    done = ratings.ok("site", *SITE, "--out", str(out), *extra)
    assert f"into {out}" in done.output
    return out


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def parse(path: Path) -> ElementTree.Element:
    """The page parsed by an HTML5 parser that refuses any parse error (unbalanced or misplaced tags...)."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True)
    root: ElementTree.Element = parser.parse(path.read_bytes(), transport_encoding="utf-8")
    return root


def text_of(element: ElementTree.Element) -> str:
    return "".join(element.itertext())


def by_id(root: ElementTree.Element, ident: str) -> ElementTree.Element:
    found = [e for e in root.iter() if e.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def test_the_same_ledger_gives_the_same_bytes(ledger: Ratings, tmp_path: Path) -> None:
    first = files(build(ledger, tmp_path / "one"))
    second = files(build(ledger, tmp_path / "two"))
    assert first == second
    assert {"index.html", "verify.html", "assets/site.js", "assets/site.css", "events/_451.html"} <= set(first)
    assert {f"players/{p}.html" for p in ("_41", "_42", "_43", "_44")} <= set(first)
    assert {f"lists/iecg-1.7/2024-0{m}.{x}" for m in (1, 3) for x in ("html", "csv", "json")} <= set(first)


def test_every_page_is_valid_html5_readable_on_a_phone(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 1 + 1 + 2 + 4 + 1  # index, verify, two lists, four players, one event
    for page in pages:
        assert page.read_text(encoding="utf-8").startswith('<!doctype html>\n<html lang="en">'), page
        root = parse(page)
        metas = {(m.get("charset"), m.get("name"), m.get("content")) for m in root.iter(f"{NS}meta")}
        assert ("utf-8", None, None) in metas
        assert (None, "viewport", "width=device-width, initial-scale=1") in metas
    player = (site / "players" / "_44.html").read_text(encoding="utf-8")
    assert "Dan &lt;Doyle&gt; &amp; co" in player and "<Doyle>" not in player


def test_the_list_page_shows_the_list_in_order_with_its_downloads(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    exported = tmp_path / "exported"
    for fmt in ("csv", "json"):
        ledger.ok("export", *RULES, "--from", "2024-01", "--to", "2024-03", "--format", fmt, "--out", str(exported))
    for period in ("2024-01", "2024-03"):
        listed = ledger.ok("list", *RULES, "--period", period, "--format", "json").output
        order = [row["player"] for row in json.loads(listed)["players"]]
        root = parse(site / "lists" / "iecg-1.7" / f"{period}.html")
        table = by_id(root, "list")
        rows = [tr for tr in table.iter(f"{NS}tr") if tr.get("class") == "row"]
        assert [tr.get("data-player") for tr in rows] == order
        assert len([e for e in root.iter(f"{NS}input") if e.get("id") == "search" and e.get("type") == "search"]) == 1
        links = {a.get("href") for a in root.iter(f"{NS}a")}
        assert {f"{period}.csv", f"{period}.json"} <= links
        for fmt in ("csv", "json"):
            ours = (site / "lists" / "iecg-1.7" / f"{period}.{fmt}").read_bytes()
            assert ours == (exported / f"iecg-1.7_{period}.{fmt}").read_bytes()


def history_periods(ledger: Ratings, player: str) -> list[str]:
    """The periods of ``ratings history``'s table (the lines under its dashes)."""
    lines = ledger.ok("history", player, *RULES).output.splitlines()
    return [line.split()[0] for line in lines[2:] if line.strip()]


def tokens(text: str) -> list[str]:
    """The words of a text, without the dash rules under a plain-text table's header."""
    return [word for line in text.splitlines() if not re.fullmatch(r"[-\s]+", line) for word in line.split()]


def test_a_player_page_has_his_chart_and_each_period_explained(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    root = parse(site / "players" / "_41.html")
    periods = history_periods(ledger, "A")
    assert periods == ["2024-01", "2024-03"]  # read from `ratings history`; both within the site's span
    points = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "point"]
    assert [c.get("data-period") for c in points] == periods
    details = [d for d in root.iter(f"{NS}details") if d.get("class") == "explanation"]
    assert [d.get("id") for d in details] == [f"iecg-1.7-{p}" for p in periods]
    for period in periods:
        explained = ledger.ok("explain", "A", *RULES, "--period", period).output
        element = by_id(root, f"iecg-1.7-{period}")
        assert tokens(" ".join(element.itertext())) == tokens(explained)  # a cell's text is a word of its own
        assert any(t.get("class") == "games" for t in element.iter(f"{NS}table"))
    events = [a.get("href") for a in root.iter(f"{NS}a") if (a.get("href") or "").startswith("../events/")]
    assert events == ["../events/_451.html"]
    amendments = text_of(by_id(root, "amendments"))
    assert "GameCorrected" in amendments and "2024-03-06" in amendments and "colours swapped" in amendments
    assert "GameVoided" not in amendments  # G2 is Carla's and Dan's game
    assert "GameVoided" in text_of(by_id(parse(site / "players" / "_43.html"), "amendments"))


def test_the_event_page_crosstable_totals_equal_event_show(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    shown = ledger.ok("event", "show", "E1", "--rules", "iecg-1.7").output
    expected = {row["player"]: row["points"] for row in table_rows(shown, "#")}
    assert expected == {"B": "1½", "A": "½"}  # G1 corrected to 0-1, G3 drawn
    table = by_id(parse(site / "events" / "_451.html"), "crosstable")
    found = {}
    for tr in table.iter(f"{NS}tr"):
        cells = [td for td in tr.iter(f"{NS}td") if td.get("class") == "points"]
        if tr.get("data-player") is not None:
            assert len(cells) == 1
            found[tr.get("data-player")] = text_of(cells[0])
    assert found == expected


def test_a_published_list_that_changed_shows_both_and_the_change(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    audit = ledger.ok("audit", *RULES, "--period", "2024-01").output
    digest = re.search(r"yes: digest sha256:([0-9a-f]{64})", audit)
    assert digest is not None
    lines = dict(re.findall(r"^(\S+) [^:\n]+: (.+ → .+)$", audit, re.MULTILINE))
    assert set(lines) == {"A", "B"}  # G1 corrected; Carla and Dan are provisional, on neither list (IECG §III.3)
    root = parse(site / "lists" / "iecg-1.7" / "2024-01.html")
    page = text_of(root)
    assert digest.group(1) in page and "2024-03-01" in page
    changes = by_id(root, "changes")
    for tr in changes.iter(f"{NS}tr"):
        player = tr.get("data-player")
        if player is None:
            continue
        cells = [text_of(td) for td in tr.iter(f"{NS}td")]
        assert f"{cells[2]} → {cells[3]}" == lines.pop(player)
    assert lines == {}
    published = by_id(root, "published")
    as_published = [tr.get("data-player") for tr in published.iter(f"{NS}tr") if tr.get("data-player")]
    known_then = ledger.ok("list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-01")
    assert as_published == [row["player"] for row in json.loads(known_then.output)["players"]]
    verify = text_of(parse(site / "verify.html"))
    head = re.search(r"log head then (\d+):", audit)
    assert head is not None and f"ratings verify --head {head.group(1)}:" in verify and digest.group(1) in verify


def test_the_site_as_known_at_a_date(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site", "--known-at", "2024-03-01")
    exported = tmp_path / "exported"
    ledger.ok("export", *RULES, "--from", "2024-01", "--to", "2024-01", "--format", "json", "--out", str(exported),
              "--known-at", "2024-03-01")  # fmt: skip
    ours = (site / "lists" / "iecg-1.7" / "2024-01.json").read_bytes()
    assert ours == (exported / "iecg-1.7_2024-01.json").read_bytes()
    root = parse(site / "lists" / "iecg-1.7" / "2024-01.html")
    assert "No player's rating, status or position changed since the publication." in text_of(root)


def test_refusals(ledger: Ratings, tmp_path: Path) -> None:
    out = str(tmp_path / "site")
    ledger.refused("site", "--rules", "iecg-9", "--from", "2024-01", "--to", "2024-03", "--out", out,
                   message="iecg-9", status=2)  # fmt: skip
    ledger.refused("site", "--rules", "iecg-1.7", "--from", "2024-13", "--to", "2024-03", "--out", out,
                   message="2024-13")  # fmt: skip
    ledger.refused("site", "--rules", "iecg-1.7", "--from", "2024-03", "--to", "2024-01", "--out", out,
                   message="--to 2024-01 is before --from 2024-03")  # fmt: skip
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder\n", encoding="utf-8")
    ledger.refused("site", *SITE, "--out", str(a_file), message="is a file, not a folder")
    assert a_file.read_text(encoding="utf-8") == "not a folder\n"
    assert not (tmp_path / "site").exists()
