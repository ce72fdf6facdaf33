"""``ratings site --check DIR``: is DIR a complete site, and does each page show its JSON?

Two checks, needing no ledger (a player can run them on the copy he was given):

- every file against the SHA-256 the site's manifest lists: files missing, differing, or not listed (what a
  killed copy, a damaged disk or a stray file leaves; not proof against someone who edits a page, who can
  rewrite the manifest too);
- every table that names the JSON it renders (``data-json``, with that JSON's SHA-256 in ``data-sha256``:
  each list page's tables, and the index's top of each list) against that JSON, cell by cell. So a rating
  edited in a list's HTML page is caught even with a rewritten manifest, and the JSON is what a player
  compares with the published digest (``sha256sum``): the page's numbers are then the published ones.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any

from ledger.site_folder import MANIFEST, Manifest, compare, leftover_kind, manifest_of


def cell(value: Any) -> str:
    """A JSON value as the site's table shows it (the templates' ``cell`` filter)."""
    return "" if value is None else str(value)


@dataclass
class ShownTable:
    """A table of a page that renders a JSON file: which, its SHA-256 as the page says, how many of its
    rows (None: all), the JSON key of each column, and each row's cell texts."""

    json: str
    sha256: str
    top: int | None
    keys: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


PAGE_ONLY = "\0page-only"
"""The key of a column a page adds to the list it shows (``data-page-only``: a player's title, federation and
birth year, the change since the previous list), which its JSON does not hold: not compared."""


class _Tables(HTMLParser):
    """The tables of a page that name the JSON they render."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[ShownTable] = []
        self._table: ShownTable | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table" and found.get("data-json"):
            top = found.get("data-top")
            self._table = ShownTable(
                found["data-json"] or "", found.get("data-sha256") or "", int(top) if top else None
            )
            self.tables.append(self._table)
        elif self._table is None:
            return
        elif tag == "th":
            self._table.keys.append(PAGE_ONLY if "data-page-only" in found else found.get("data-key") or "")
        elif tag == "tr":
            self._row = []
        elif tag == "td":
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if self._table is None:
            return
        if tag == "td" and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row:  # the header row has no <td>
                self._table.rows.append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def shown_tables(page: Path) -> list[ShownTable]:
    """The tables of ``page`` that name the JSON they render (a page naming none is not parsed: the players'
    pages, most of a site's bytes)."""
    text = page.read_text(encoding="utf-8", errors="replace")
    if "data-json=" not in text:
        return []
    parser = _Tables()
    parser.feed(text)
    parser.close()
    return parser.tables


def table_problems(folder: Path, page: str) -> tuple[int, list[str]]:
    """The tables of ``page`` (a path in the site) that render a JSON, and how each differs from it; a list's
    page (``lists/RULES/PERIOD.html``) must have one showing its own JSON download."""
    tables = shown_tables(folder / page)
    problems: list[str] = []
    path = PurePosixPath(page)
    if path.parts[0] == "lists" and not any(t.json == f"{path.stem}.json" for t in tables):
        problems.append(f"{page}: no table names its JSON {path.stem}.json")
    for table in tables:
        name = (PurePosixPath(page).parent / table.json).as_posix()
        try:
            data = (folder / name).read_bytes()
        except OSError:
            problems.append(f"{page}: its table's JSON {table.json} is missing")
            continue
        sha = hashlib.sha256(data).hexdigest()
        if sha != table.sha256:
            problems.append(f"{page}: names {table.json} with sha256 {table.sha256[:12]}…, the file's is {sha[:12]}…")
        try:
            rows = json.loads(data)["players"]
        except (ValueError, KeyError, TypeError):
            problems.append(f"{page}: {table.json} is not a list's JSON")
            continue
        expected = [[cell(row.get(key)) for key in table.keys] for row in rows[: table.top]]
        if len(table.rows) != len(expected):
            problems.append(f"{page}: its table shows {len(table.rows)} rows, {table.json} has {len(expected)}")
        for number, (shown, wanted) in enumerate(zip(table.rows, expected, strict=False), start=1):
            for key, got, want in zip(table.keys, shown, wanted, strict=False):
                if got != want and key != PAGE_ONLY:
                    problems.append(f"{page}: row {number}, {key}: the page shows {got!r}, {table.json} says {want!r}")
    return len(tables), problems


@dataclass(frozen=True)
class Verdict:
    """What ``--check`` found: the manifest (None: none), each problem, and how many tables were compared."""

    manifest: Manifest | None
    problems: tuple[str, ...]
    tables: int
    leftover: str | None = None
    """``partial`` or ``old`` for a folder a build left (:func:`ledger.site_folder.leftover_kind`)."""

    @property
    def whole(self) -> bool:
        return self.manifest is not None and not self.problems


def check_site(folder: Path) -> Verdict:
    """Check ``folder`` against its manifest, and each table against the JSON it renders; a staging folder or
    an old site set aside (:func:`leftover_kind`) is never a site, whatever it holds."""
    leftover = leftover_kind(folder.resolve())
    if leftover is not None:
        return Verdict(None, (), 0, leftover)
    manifest = manifest_of(folder)
    if manifest is None:
        return Verdict(None, (), 0)
    found = compare(folder, manifest)
    problems = [f"missing  {name}" for name in found.missing]
    problems += [f"differs  {name}" for name in found.differing]
    problems += [f"not in the manifest  {name}" for name in found.extra]
    tables = 0
    for page in manifest.files:
        if page.endswith(".html") and page not in found.missing:
            count, wrong = table_problems(folder, page)
            tables += count
            problems += wrong
    return Verdict(manifest, tuple(problems), tables)


def verdict_lines(shown: str, verdict: Verdict) -> list[str]:
    """What ``--check`` prints: a first line saying whether the folder is a complete site, then each problem."""
    manifest = verdict.manifest
    if verdict.leftover is not None:
        what = "the staging folder of a build" if verdict.leftover == "partial" else "an old site a build set aside"
        return [f"{shown} is not a site: it is {what}, left when the build was killed; the next build removes it"]
    if manifest is None:
        return [
            f"{shown} is not a complete site: it has no site manifest ({MANIFEST}); "
            "a build killed before its end leaves none"
        ]
    about = manifest.about
    spans = ", ".join(f"{s['rules']} {s['from']}..{s['to']}" for s in about.get("rules", ()))
    built = f"built from log head {about.get('log_head')}: {spans}"
    if verdict.whole:
        return [
            f"{shown} is a complete site: its {len(manifest.files) + 1} files are as its manifest lists them",
            built,
            f"each of its {verdict.tables} list tables shows the JSON it names",
        ]
    return [f"{shown} is not a complete site: {len(verdict.problems)} problem(s)", built, *verdict.problems]
