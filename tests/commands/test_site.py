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

import fcntl
import hashlib
import json
import os
import re
import signal
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import html5lib  # type: ignore[import-untyped]
import pytest
from click.testing import Result

from commands import site as site_command
from commands.cli import cli
from ledger import site_folder
from ledger.application import RatingLedger
from tests.commands.support import RULES, Ratings
from tests.commands.test_events import table_rows
from tests.tmpfs import mounted

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
    assert len(pages) == 1 + 1 + 2 + 4 + 1 + 1  # index, verify, two lists, four players, one event, the players
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


# --- issue 22 §2: a site put in place whole, its manifest, `--check`, and what a player can check -------------


def head_of(ledger: Ratings) -> str:
    """The log's head as ``ratings verify`` prints it (POSITION:HASH)."""
    found = re.search(r"head (\d+:[0-9a-f]{64})", ledger.ok("verify").output)
    assert found is not None
    return found.group(1)


def checked(ledger: Ratings, folder: Path) -> Result:
    """``ratings site --check FOLDER``, which reads no ledger."""
    return ledger("site", "--check", str(folder))


def complete(folder: Path, head: str, files_held: int, tables: int = 4) -> str:
    """What ``--check`` prints for a complete site of ``SITE``: every file is its manifest's, and 4 tables
    (the index's top, the list of 2024-01 as known now and as published, the list of 2024-03) show their JSON."""
    return (
        f"{folder} is a complete site: its {files_held} files are as its manifest lists them\n"
        f"built from log head {head}: iecg-1.7 2024-01..2024-03\n"
        f"each of its {tables} list tables shows the JSON it names\n"
    )


def test_the_manifest_lists_every_file_and_every_page_names_the_log_head(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    head = head_of(ledger)
    held = files(site)
    manifest = json.loads(held.pop("manifest.json"))
    assert manifest == {
        "format": "ratings-site/1",
        "title": "Rating lists",
        "rules": [{"rules": "iecg-1.7", "from": "2024-01", "to": "2024-03"}],
        "known_at": None,
        "log_head": head,
        "birth_dates": "year",
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in held.items()},
    }
    pages = [name for name in held if name.endswith(".html")]
    assert len(pages) == 10  # index, players, verify, two lists, four players, one event
    for name in pages:
        footer = text_of(next(parse(site / name).iter(f"{NS}footer")))
        assert f"ratings verify --head {head}" in footer, name
    assert ledger.ok("verify", "--head", head).exit_code == 0  # the head the pages name is the log's


def test_check_says_a_site_is_complete_and_names_each_difference(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    head = head_of(ledger)
    count = len(files(site))
    assert checked(ledger, site).output == complete(site, head, count)
    (site / "players" / "_42.html").unlink()
    (site / "notes.txt").write_text("mine\n", encoding="utf-8")
    events = site / "events" / "_451.html"
    events.write_bytes(events.read_bytes().replace(b"Winter Cup", b"Summer Cup"))
    done = checked(ledger, site)
    assert done.exit_code == 1
    assert done.output.splitlines() == [
        f"{site} is not a complete site: 3 problem(s)",
        f"built from log head {head}: iecg-1.7 2024-01..2024-03",
        "missing  players/_42.html",
        "differs  events/_451.html",
        "not in the manifest  notes.txt",
    ]


def rating_of(ledger: Ratings, player: str, period: str) -> int:
    listed = json.loads(ledger.ok("list", *RULES, "--period", period, "--format", "json").output)["players"]
    rating: int = next(row["rating"] for row in listed if row["player"] == player)
    return rating


def test_an_edited_rating_on_a_list_page_is_caught_even_with_a_rewritten_manifest(
    ledger: Ratings, tmp_path: Path
) -> None:
    site = build(ledger, tmp_path / "site")
    anna = rating_of(ledger, "A", "2024-03")
    page = site / "lists" / "iecg-1.7" / "2024-03.html"
    row = re.compile(r'(<tr class="row" data-player="A".*?</tr>)', re.S)
    found = row.search(page.read_text(encoding="utf-8"))
    assert found is not None and f'<td class="num">{anna}</td>' in found.group(1)
    edited = found.group(1).replace(f'<td class="num">{anna}</td>', f'<td class="num">{anna + 100}</td>', 1)
    page.write_text(page.read_text(encoding="utf-8").replace(found.group(1), edited), encoding="utf-8")
    manifest = json.loads((site / "manifest.json").read_bytes())  # the editor covers his tracks
    manifest["files"]["lists/iecg-1.7/2024-03.html"] = hashlib.sha256(page.read_bytes()).hexdigest()
    (site / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    done = checked(ledger, site)
    assert done.exit_code == 1
    assert done.output.splitlines()[2:] == [
        f"lists/iecg-1.7/2024-03.html: row 1, rating: the page shows '{anna + 100}', 2024-03.json says '{anna}'"
    ]


def test_the_table_as_published_is_a_json_whose_sha256_is_the_published_digest(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    audit = ledger.ok("audit", *RULES, "--period", "2024-01").output
    digest = re.search(r"yes: digest sha256:([0-9a-f]{64})", audit)
    assert digest is not None
    published = site / "lists" / "iecg-1.7" / "2024-01.published.json"
    assert hashlib.sha256(published.read_bytes()).hexdigest() == digest.group(1)  # what `sha256sum` says
    table = by_id(parse(site / "lists" / "iecg-1.7" / "2024-01.html"), "published")
    assert (table.get("data-json"), table.get("data-sha256")) == ("2024-01.published.json", digest.group(1))
    now = by_id(parse(site / "lists" / "iecg-1.7" / "2024-01.html"), "list")
    assert now.get("data-json") == "2024-01.json"
    assert (
        now.get("data-sha256")
        == hashlib.sha256((site / "lists" / "iecg-1.7" / "2024-01.json").read_bytes()).hexdigest()
    )
    assert not (site / "lists" / "iecg-1.7" / "2024-03.published.json").exists()  # never published


def test_a_rebuilt_site_drops_the_page_of_a_player_voided_since(ledger: Ratings, tmp_path: Path) -> None:
    folder = tmp_path / "pub"
    site = build(ledger, folder / "site")
    assert (site / "players" / "_44.html").is_file()
    ledger.ok("player", "void", "D", "--reason", "registered twice", "--reported", "2024-03-20")
    build(ledger, site)
    assert not (site / "players" / "_44.html").exists()
    assert checked(ledger, site).output == complete(site, head_of(ledger), len(files(site)))
    assert sorted(p.name for p in folder.iterdir()) == ["site"]  # no staging folder, no old site left beside


def test_the_site_replaces_only_an_empty_folder_or_a_site(ledger: Ratings, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "letter.txt").write_text("dear\n", encoding="utf-8")
    refusal = (
        f"--out {home} is a folder of other files, with no site manifest (manifest.json): the site replaces its "
        "folder whole, so it writes only into a new or empty folder or a site it wrote"
    )
    ledger.refused("site", *SITE, "--out", str(home), message=refusal)
    assert [p.name for p in home.iterdir()] == ["letter.txt"]
    site = build(ledger, tmp_path / "site")
    (site / "1001.svg").write_text("<svg/>", encoding="utf-8")
    ledger.refused("site", *SITE, "--out", str(site), message=f"--out {site} holds 1 file(s) its manifest does not "
                   "list (1001.svg): the site replaces its folder whole; move them out first")  # fmt: skip
    assert (site / "1001.svg").read_text(encoding="utf-8") == "<svg/>"
    ledger.refused("site", *SITE, "--out", str(tmp_path), message=f"--out {tmp_path} holds the ledger ")
    empty = tmp_path / "empty"
    empty.mkdir()
    build(ledger, empty)
    assert (empty / "manifest.json").is_file()


def test_a_site_through_a_link_replaces_the_folder_it_leads_to(ledger: Ratings, tmp_path: Path) -> None:
    real = build(ledger, tmp_path / "real")
    (tmp_path / "link").symlink_to(real)
    build(ledger, tmp_path / "link")
    assert (tmp_path / "link").is_symlink() and (real / "manifest.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".real", ".link"))) == []


def test_check_and_build_options_are_refused_together_and_alone(ledger: Ratings, tmp_path: Path) -> None:
    ledger.refused("site", "--check", str(tmp_path), *RULES, message="--check takes no other option (not --rules)",
                   status=2)  # fmt: skip
    ledger.refused("site", *SITE, message="Missing option '--out'", status=2)
    ledger.refused("site", "--out", str(tmp_path / "s"), message="Missing option '--rules'", status=2)
    ledger.refused(
        "site", "--check", str(tmp_path / "nowhere"), message=f"--check {tmp_path / 'nowhere'}: no such folder"
    )
    done = ledger.refused("site", "--check", str(tmp_path), message="")
    assert done.output.startswith(f"{tmp_path} is not a complete site: it has no site manifest (manifest.json)")
    assert not (tmp_path / "s").exists()


def test_leftovers_of_killed_builds_are_removed_but_not_a_running_build(ledger: Ratings, tmp_path: Path) -> None:
    folder = tmp_path / "pub"
    folder.mkdir()
    dead = folder / ".site.partial-dead"
    (dead / "players").mkdir(parents=True)
    (dead / "index.html").write_text("half\n", encoding="utf-8")
    (folder / ".site.old-dead").mkdir()
    running = folder / ".site.partial-live"
    running.mkdir()
    handle = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)  # as a build running now holds its staging folder
        build(ledger, folder / "site")
    finally:
        os.close(handle)
    assert sorted(p.name for p in folder.iterdir()) == [".site.partial-live", "site"]


# --- crashes: killed at every file written, and a full disk ------------------------------------------------------


def killed_build(ledger: Ratings, out: Path, point: tuple[str, int]) -> None:
    """``ratings site SITE --out OUT`` in a child process that SIGKILLs itself at ``point``: ``("write", N)``
    just after the Nth file of the site is written, ``("swap", 0)`` just before the finished staging folder is
    put in place, ``("swap", 1)`` just after (before the old site is removed)."""
    child = os.fork()
    if child == 0:  # the child: never returns to pytest
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            kind, number = point
            written = [0]
            write, swap = site_folder.Staging.write, site_folder.swap

            def counted(self: site_folder.Staging, relative: str, data: bytes) -> None:
                write(self, relative, data)
                written[0] += 1
                if kind == "write" and written[0] == number:
                    os.kill(os.getpid(), signal.SIGKILL)

            def swapped(staging: Path, target: Path) -> Path | None:
                if (kind, number) == ("swap", 0):
                    os.kill(os.getpid(), signal.SIGKILL)
                old = swap(staging, target)
                if (kind, number) == ("swap", 1):
                    os.kill(os.getpid(), signal.SIGKILL)
                return old

            site_folder.Staging.write = counted  # type: ignore[method-assign]
            site_folder.swap = swapped
            cli.main(["--db", str(ledger.db), "site", *SITE, "--out", str(out)], standalone_mode=False)
        finally:
            os._exit(3)  # not killed: the point was never reached
    _, status = os.waitpid(child, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (point, status)


@pytest.mark.slow
@pytest.mark.parametrize("previous", [True, False], ids=["over-a-site", "no-site-yet"])
def test_a_build_killed_at_every_file_leaves_the_previous_site_whole(
    ledger: Ratings, tmp_path: Path, previous: bool
) -> None:
    folder = tmp_path / "pub"
    new = files(build(ledger, tmp_path / "new"))
    writes = len(new) - 1  # every file, then the manifest
    assert writes == 2 + 2 * 3 + 1 + 1 + 1 + 1 + 4 * 2 + 2  # assets, lists (html, csv, json), the published JSON
    # of 2024-01, index, verify, the event, four players (a page and a JSON each), the player index and its JSON
    site = folder / "site"
    old: dict[str, bytes] = {}
    if previous:
        old = files(build(ledger, site, "--known-at", "2024-03-01"))  # last month's site: another state
        assert old != new
    points = [("write", n) for n in range(1, writes + 1)] + [("swap", 0), ("swap", 1)]
    for point in points:
        killed_build(ledger, site, point)
        leftovers = sorted(p.name for p in folder.iterdir() if p.name != "site")
        assert all(name.startswith((".site.partial-", ".site.old-")) for name in leftovers), (point, leftovers)
        for leftover in leftovers:  # never mistaken for a site, even when it holds a whole one
            said = checked(ledger, folder / leftover)
            assert said.exit_code == 1 and said.output.startswith(f"{folder / leftover} is not a site: it is "), said
        if point == ("swap", 1):  # the new site is in place, whole; the old one waits beside to be removed
            assert files(site) == new
            assert checked(ledger, site).output == complete(site, head_of(ledger), len(new))
        elif previous:
            assert files(site) == old, point
            assert checked(ledger, site).exit_code == 0, point
        else:
            assert not site.exists(), point
    build(ledger, site)  # the next build removes what the killed ones left
    assert files(site) == new
    assert sorted(p.name for p in folder.iterdir()) == ["site"]


@pytest.mark.slow
@pytest.mark.parametrize("previous", [True, False], ids=["over-a-site", "no-site-yet"])
def test_a_full_disk_leaves_the_previous_site_whole(ledger: Ratings, tmp_path: Path, previous: bool) -> None:
    with mounted(tmp_path / "disk", "1m") as disk:
        site = disk / "site"
        old = files(build(ledger, site, "--known-at", "2024-03-01")) if previous else {}
        filler = disk / "filler"
        with open(filler, "wb", buffering=0) as raw:
            try:
                while raw.write(b"\0" * 4096):
                    pass
            except OSError:  # the disk is full
                pass
        with open(filler, "r+b") as handle:  # room for about 8 files of the 20 the site writes
            handle.truncate(filler.stat().st_size - 8 * 4096)
        done = ledger.refused("site", *SITE, "--out", str(site), message=f"cannot write the site {site}: ")
        assert "No space left on device" in done.stderr and "nothing was replaced" in done.stderr
        assert sorted(p.name for p in disk.iterdir()) == (["filler", "site"] if previous else ["filler"])
        if previous:
            assert files(site) == old
            assert checked(ledger, site).exit_code == 0
        else:
            assert checked(ledger, site).exit_code == 1


def test_a_fact_recorded_during_the_build_leaves_the_previous_site(
    ledger: Ratings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = build(ledger, tmp_path / "site")
    before = files(site)
    real = site_command.build

    def with_a_fact_meanwhile(*args: Any) -> int:
        written = real(*args)
        other = RatingLedger(str(ledger.db), user="clerk")  # another office records while the site is built
        other.register_player("E", "Eva Egan", reported_on="2024-03-20")
        other.close()
        return written

    monkeypatch.setattr(site_command, "build", with_a_fact_meanwhile)
    head = int(head_of(ledger).split(":")[0])
    done = ledger("site", *SITE, "--out", str(site))
    assert done.exit_code == 1
    assert done.stderr == (
        f"Error: the log grew from position {head} to {head + 1} while the site was built: nothing was replaced; "
        "run it again\n"
    )
    assert files(site) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".site")) == []


def test_a_list_page_whose_table_names_no_json_is_not_whole(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    page = site / "lists" / "iecg-1.7" / "2024-03.html"
    page.write_bytes(page.read_bytes().replace(b' data-json="2024-03.json"', b""))
    done = checked(ledger, site)
    assert done.exit_code == 1
    assert done.output.splitlines()[2:] == [
        "differs  lists/iecg-1.7/2024-03.html",
        "lists/iecg-1.7/2024-03.html: no table names its JSON 2024-03.json",
    ]


# Issue 26 §1: names, not ids; §4 (the site's half): no full birth date by default.


def test_the_crosstable_names_each_player_with_his_rating_at_the_start_linked_to_his_page(
    ledger: Ratings, tmp_path: Path
) -> None:
    site = build(ledger, tmp_path / "site")
    shown = table_rows(ledger.ok("event", "show", "E1", "--rules", "iecg-1.7").output, "#")
    expected = {row["player"]: (row["name"], row["rating"]) for row in shown}
    assert expected == {"B": ("Bob Byrne", "1800"), "A": ("Anna Adler", "2000")}  # their ratings before January
    table = by_id(parse(site / "events" / "_451.html"), "crosstable")
    found = {}
    for tr in table.iter(f"{NS}tr"):
        if tr.get("data-player") is None:
            continue
        name = next(th for th in tr.iter(f"{NS}th") if th.get("class") == "name")
        link = next(name.iter(f"{NS}a"))
        rating = [text_of(td) for td in tr.iter(f"{NS}td")][2]  # rank, federation, rating
        found[tr.get("data-player")] = (text_of(link), rating, link.get("href"))
    assert found == {
        "B": ("Bob Byrne", "1800", "../players/_42.html"),
        "A": ("Anna Adler", "2000", "../players/_41.html"),
    }


def test_a_swiss_with_rounds_shows_each_round_as_chess_results_prints_it(ratings: Ratings, tmp_path: Path) -> None:
    """Three players, two rounds: round 1 A beat B with White (an import's game id names its round), C had a
    full-point bye; round 2 C v A (C White) drawn, B's bye a half point. A and C have 1½; Sonneborn-Berger
    (C §14, a bye has none): A 1 × B's ½ + ½ × C's 1½ = 1¼, C ½ × A's 1½ = ¾: rows A, C, B."""
    for player, name, rating in (("A", "Anna Adler", 2000), ("B", "Bob Byrne", 1800), ("C", "Carla Costa", 1900)):
        ratings.established(player, name, rating)
    ratings.ok("event", "register", "S", "--name", "Spring", "--type", "swiss", "--start", "2024-01-05", "--end",
               "2024-01-20", "--rounds", "2", "--reported", "2024-01-05")  # fmt: skip
    ratings.game("S-R1-1-2", "A", "B", "1-0", "2024-01-06", "--event", "S")
    ratings.ok("event", "bye", "S", "C", "1", "--kind", "F", "--reported", "2024-01-06")
    ratings.ok("event", "pair", "S", "--round", "2", "--white", "C", "--black", "A", "--reported", "2024-01-07")
    ratings.game("S-R2-3-1", "C", "A", "1/2-1/2", "2024-01-08", "--event", "S")
    ratings.ok("event", "bye", "S", "B", "2", "--kind", "H", "--reported", "2024-01-08")
    shown = table_rows(ratings.ok("event", "show", "S", "--rules", "iecg-1.7").output, "#")
    assert [(r["player"], r["R1"], r["R2"], r["points"]) for r in shown] == [
        ("A", "3w1", "2b½", "1½"),
        ("C", "F1", "1w½", "1½"),
        ("B", "1b0", "H½", "½"),
    ]
    assert "1" not in shown[0]  # no grid in a Swiss with rounds
    site = build(ratings, tmp_path / "site")
    table = by_id(parse(site / "events" / "_53.html"), "crosstable")
    rows = {tr.get("data-player"): [text_of(td) for td in tr.iter(f"{NS}td")] for tr in table.iter(f"{NS}tr")}
    assert {p: cells[3:5] for p, cells in rows.items() if p} == {
        "A": ["3w1", "2b½"],
        "C": ["F1", "1w½"],
        "B": ["1b0", "H½"],
    }


def test_a_players_page_gives_each_event_his_score_and_change(ledger: Ratings, tmp_path: Path) -> None:
    """Anna's event E1: her line of `event show`'s crosstable, and under iecg-1.7 the sum of the dR of her games
    of it: G1 and G3, her only games of the period of 2024-01, so the ΣdR `explain` gives for it."""
    site = build(ledger, tmp_path / "site")
    line = next(r for r in table_rows(ledger.ok("event", "show", "E1", "--rules", "iecg-1.7").output, "#")
                if r["player"] == "A")  # fmt: skip
    explained = ledger.ok("explain", "A", *RULES, "--period", "2024-01").output
    assert [row.split()[0] for row in explained.splitlines() if row.startswith("G")] == ["G1", "G3"]
    summed = re.search(r"ΣdR = 2000 (\S+) =", explained)
    assert summed is not None
    row = next(tr for tr in by_id(parse(site / "players" / "_41.html"), "events").iter(f"{NS}tr")
               if tr.get("data-event") == "E1")  # fmt: skip
    cells = [text_of(td) for td in row.iter(f"{NS}td")]
    assert cells[1:4] == [line["points"], "2", line["perf"]]
    assert cells[4] == summed.group(1)
    document = json.loads((site / "players" / "_41.json").read_text(encoding="utf-8"))
    assert document["events"][0]["points"] == line["points"] and document["events"][0]["event"] == "E1"
    assert [r["period"] for r in document["histories"][0]["rows"]] == history_periods(ledger, "A")


def test_an_explanation_names_each_opponent_linked_to_his_page(ledger: Ratings, tmp_path: Path) -> None:
    site = build(ledger, tmp_path / "site")
    explained = ledger.ok("explain", "A", *RULES, "--period", "2024-01").output
    assert "B Bob Byrne" in explained  # `explain` names him too
    element = by_id(parse(site / "players" / "_41.html"), "iecg-1.7-2024-01")
    links = {a.get("href"): text_of(a) for a in element.iter(f"{NS}a")}
    assert links == {"_42.html": "B"}
    assert "B Bob Byrne" in " ".join(tokens(" ".join(element.itertext())))


def test_the_player_index_lists_everyone_with_a_json_beside_each_page(ledger: Ratings, tmp_path: Path) -> None:
    ledger.register("E", "Eve Egan", "--fide-id", "2500007")
    site = build(ledger, tmp_path / "site")
    index = json.loads((site / "players.json").read_text(encoding="utf-8"))
    assert [(p["player"], p["name"], p["fide_id"], p["page"]) for p in index] == [
        ("A", "Anna Adler", None, "players/_41.html"),
        ("B", "Bob Byrne", None, "players/_42.html"),
        ("C", "Carla Costa", None, "players/_43.html"),
        ("D", "Dan <Doyle> & co", None, "players/_44.html"),
        ("E", "Eve Egan", "2500007", "players/_45.html"),
    ]
    root = parse(site / "players.html")
    items = [li for li in root.iter(f"{NS}li") if li.get("data-search") is not None]
    assert [text_of(next(li.iter(f"{NS}a"))) for li in items] == [p["name"] for p in index]  # a list without JS
    assert items[-1].get("data-search") == "eve egan e 2500007"
    for entry in index:
        assert (site / entry["page"]).is_file() and (site / entry["page"].replace(".html", ".json")).is_file()


def test_a_list_page_has_the_change_since_the_previous_list_and_headings_in_words(
    ledger: Ratings, tmp_path: Path
) -> None:
    site = build(ledger, tmp_path / "site")
    root = parse(site / "lists" / "iecg-1.7" / "2024-03.html")
    table = by_id(root, "list")
    heads = [text_of(th) for th in table.iter(f"{NS}th")]
    assert heads[-1] == "change" and "title" in heads and "federation" in heads and "born" in heads
    assert "W" not in heads and "won" in heads  # `ratings list` prints W, D, L
    change = heads.index("change")
    rows = {tr.get("data-player"): [text_of(td) for td in tr.iter(f"{NS}td")] for tr in table.iter(f"{NS}tr")}
    anna = rating_of(ledger, "A", "2024-03") - rating_of(ledger, "A", "2024-01")
    assert rows["A"][change] == (f"{anna:+d}" if anna else "0")
    assert checked(ledger, site).exit_code == 0  # the page's own columns are not the JSON's: not compared


def test_the_site_publishes_a_birth_year_at_most_unless_asked(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna Adler", "--born", "1982-04-13", "--national-id", "icu:98765")
    ratings.register("B", "Bob Byrne", "--born", "1990-11-02")
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")

    def held(site: Path) -> str:
        return "\n".join(data.decode("utf-8") for data in files(site).values())

    default = held(build(ratings, tmp_path / "default"))
    for private in ("1982-04-13", "1990-11-02", "98765"):
        assert private not in default
    anna = json.loads((tmp_path / "default" / "players" / "_41.json").read_text(encoding="utf-8"))
    assert anna["born"] == "1982"
    assert "<dt>born</dt><dd>1982</dd>" in (tmp_path / "default" / "players" / "_41.html").read_text(encoding="utf-8")
    full = held(build(ratings, tmp_path / "full", "--birth-dates", "full"))
    assert "1982-04-13" in full and "98765" not in full  # a national id never
    none = build(ratings, tmp_path / "none", "--birth-dates", "none")
    assert json.loads((none / "players" / "_41.json").read_text(encoding="utf-8"))["born"] is None
    assert "1982" not in held(none)
