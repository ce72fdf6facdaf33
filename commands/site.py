"""``ratings site``: a static site of lists, player pages and events, rendered with Jinja2.

The values come from :mod:`projections.site_data`; this module renders them
with the templates of ``commands/templates/site/`` and writes the pages as it
goes (one player at a time), so a large ledger never holds every page. Every
link is relative: the folder works from ``file://`` and from any host. The
same ledger and options give the same bytes (no timestamps, sorted order).

Never half a site: the pages go into a staging folder beside ``--out``
(:class:`ledger.site_folder.Staging`), put in place whole when every file
and the manifest (the log head, each file's SHA-256) are written; every page
names the log head in its footer; each list table names the JSON it renders,
which ``--check`` (:mod:`commands.site_check`) compares it with.

An explanation is rendered once per (rules, period), for every player rated in
it, into a temporary SQLite file, and read back when the player's page is
written: each period's previous list is computed once, not once a player.
"""

from __future__ import annotations

import html
import pickle
import sqlite3
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import click
import jinja2
from markupsafe import Markup

from commands import output, params
from commands.chart import Series, history_svg
from commands.context import Context, pass_context, refusals
from commands.explanation_text import STYLES, say
from commands.listing import headings, list_text
from commands.options import known_at_option, known_date
from ledger.chain import Head
from ledger.site_folder import Staging, check_replaceable
from projections import Crosstable, EventInfo, cell_text, quarters_text
from projections.api import Ratings
from projections.audit import Line, Publication
from projections.registry import RULES, get_rules, system_for
from projections.rules.explanation import TABLE, Explanation
from projections.site_data import (
    EventPage,
    ListPage,
    PlayerPage,
    amendments_by_player,
    event_page,
    list_page,
    page_name,
    period_explanations,
    player_page,
    site_head,
    site_periods,
    site_players,
)

FILTER_KEYS = ("class", "category")
"""A list's column the class/category filter selects on: the first of these its system has."""

ASSETS = ("site.js", "site.css")


def environment() -> jinja2.Environment:
    """The templates of the site, escaped, their trailing newlines kept."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("commands", "templates/site"),
        autoescape=True,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["page"] = page_name
    env.filters["cell"] = lambda value: "" if value is None else str(value)
    return env


class Part(NamedTuple):
    """One piece of an explanation: a statement in words, or its table of games."""

    text: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]


def explanation_parts(x: Explanation, name: str) -> tuple[str, tuple[Part, ...]]:
    """The heading and the parts of ``x``, in the words ``ratings explain`` prints (its statements, and its
    table's cells each in its column's style)."""
    parts: list[Part] = []
    for statement in x.statements:
        if statement == TABLE:
            cells = [
                tuple(
                    "" if c is None else str(c)
                    for c in (STYLES[col.style](v) for col, v in zip(x.columns, row, strict=True))
                )
                for row in x.rows
            ]
            numeric = tuple(col.style == "plain" for col in x.columns)
            parts.append(Part("", tuple(col.heading for col in x.columns), tuple(cells), numeric))
        else:
            text = say(statement)
            if text:
                parts.append(Part(text, (), (), ()))
    return f"{x.player} {name}: {x.rules}, period {x.period}", tuple(parts)


def line_text(line: Line | None) -> str:
    return "off the list" if line is None else f"{line.rating} {line.status} #{line.position}"


def cross_cells(table_: Crosstable) -> list[Markup]:
    """Each row's result cells, as ``event show`` prints them (``x`` on the diagonal), as ``<td>`` elements
    (joined here: a large crosstable has many cells)."""
    size = len(table_.rows)
    escape = html.escape
    return [
        Markup(
            "".join(
                "<td>x</td>" if j == i else f"<td>{escape(cell_text(cell))}</td>"
                for j, cell in enumerate(table_.grid[i])
            )
        )
        for i in range(size)
    ]


class Writer:
    """Writes the site's files into its staging folder, as UTF-8 bytes, hashing each as it is
    written; a failure names the site's folder and says nothing was replaced."""

    def __init__(self, staging: Staging, shown: str) -> None:
        self.staging = staging
        self.shown = shown
        self.count = 0

    def write(self, relative: str, text: str) -> str:
        """Write one file; its SHA-256 (hex)."""
        try:
            self.staging.write(relative, text.encode("utf-8"))
        except OSError as error:
            raise click.ClickException(
                f"cannot write the site {self.shown}: {error.strerror or error} (writing {relative}); "
                "nothing was replaced"
            ) from None
        self.count += 1
        return self.staging.hashes[relative]


class Store:
    """The rendered explanations of the site, in a temporary SQLite file (deleted when closed)."""

    def __init__(self) -> None:
        self.conn = sqlite3.connect("")
        self.conn.execute("CREATE TABLE x (player TEXT, rules INTEGER, period TEXT, html TEXT)")
        self.conn.execute("CREATE INDEX x_player ON x (player, rules, period)")
        self.conn.execute("CREATE TABLE h (player TEXT, rules TEXT, period TEXT, state BLOB)")
        self.conn.execute("CREATE INDEX h_player ON h (player, rules, period)")

    def add_states(self, rows: Sequence[tuple[str, str, str, Any]]) -> None:
        """Players' states after a period's run (kept here, not in memory, for a ledger of many players)."""
        self.conn.executemany(
            "INSERT INTO h VALUES (?, ?, ?, ?)", ((p, r, label, pickle.dumps(s)) for p, r, label, s in rows)
        )

    def states_of(self, player: str) -> dict[str, list[tuple[str, Any]]]:
        """The player's states by rules, in period order."""
        found: dict[str, list[tuple[str, Any]]] = {}
        for rules, label, state in self.conn.execute(
            "SELECT rules, period, state FROM h WHERE player = ? ORDER BY rules, period", (player,)
        ):
            found.setdefault(rules, []).append((label, pickle.loads(state)))
        return found

    def add(self, rows: Sequence[tuple[str, int, str, str]]) -> None:
        self.conn.executemany("INSERT INTO x VALUES (?, ?, ?, ?)", rows)

    def of(self, player: str) -> dict[tuple[int, str], str]:
        found = self.conn.execute(
            "SELECT rules, period, html FROM x WHERE player = ? ORDER BY rules, period", (player,)
        )
        return {(r, p): h for r, p, h in found}

    def close(self) -> None:
        self.conn.close()


TITLE = "Rating lists"
"""The site's title when ``--title`` is not given."""

BUILD_OPTIONS = {"rules": "--rules", "first": "--from", "last": "--to", "out": "--out", "known_at": "--known-at",
                 "title": "--title"}  # fmt: skip
"""The options of a build, by parameter name: ``--check`` takes none of them; the first four are required."""


@click.command()
@click.option(
    "--rules",
    "rules",
    multiple=True,
    type=params.Choice(sorted(RULES)),
    help="A rules version (repeatable; needed to build).",
)
@click.option("--from", "first", metavar="YYYY-MM", help="The first period (needed to build).")
@click.option("--to", "last", metavar="YYYY-MM", help="The last period (needed to build).")
@click.option(
    "--out", "out", metavar="DIR", help="The folder of the site (needed to build): a new or empty folder, or a site."
)
@known_at_option
@click.option("--title", default=None, help=f"The site's title.  [default: {TITLE}]")
@click.option(
    "--check", "check", metavar="DIR", help="Say whether DIR is a complete site, and which files differ (no ledger)."
)
@pass_context
def site(obj: Context, /, **given: Any) -> None:
    """Write a static site: the lists of a run of periods, a page per player and per event, and how to verify.

    No server is needed: open DIR/index.html, or copy DIR to any web host. The site is built in a staging
    folder beside DIR and put in place whole when complete; DIR/manifest.json names the log
    head it shows and each file's SHA-256. `--check DIR` says whether DIR is a complete site, which files
    differ from its manifest, and whether each list page's table is its JSON download.

    \b
    Example:
        ratings site --rules iecg-1.7 --from 2024-01 --to 2024-11 --out site --title "IECG ratings"
        ratings site --check site
    """
    if given["check"] is not None:
        others = [option for name, option in BUILD_OPTIONS.items() if given[name]]
        if others:
            raise click.UsageError(f"--check takes no other option (not {', '.join(others)})")
        check(given["check"])
        return
    for name, option in list(BUILD_OPTIONS.items())[:4]:
        if not given[name]:
            raise click.UsageError(f"Missing option '{option}'.")
    write_site(
        obj, given["rules"], given["first"], given["last"], given["out"], given["known_at"], given["title"] or TITLE
    )


def write_site(
    obj: Context, rules: tuple[str, ...], first: str, last: str, out: str, known_at: str | None, title: str
) -> None:
    """Build the site into a staging folder beside ``out``, and put it in place whole."""
    chosen = tuple(dict.fromkeys(rules))  # a version given twice is shown once
    with refusals(obj):
        known = known_date(known_at)
        target = obj.output_folder(out, "--out").resolve()  # never the ledger's folder; a link: where it leads
        check_replaceable(target, out)
        ratings = obj.ratings()
    with ratings, refusals(obj):
        spans = [(r, site_periods(ratings, r, first, last, date.today())) for r in chosen]
        head = site_head(ratings)
        try:
            with Staging(target) as staging:
                written = build(ratings, spans, Writer(staging, out), known, title, head)
                moved = ratings.reader.head()
                if moved != head.position:  # a fact recorded meanwhile: the pages may not all show one log
                    raise click.ClickException(
                        f"the log grew from position {head.position} to {moved} while the site was built: "
                        "nothing was replaced; run it again"
                    )
                about = {
                    "title": title,
                    "rules": [{"rules": r, "from": labels[0], "to": labels[-1]} for r, labels in spans],
                    "known_at": known,
                    "log_head": str(head),
                }
                staging.finish(about)
        except OSError as error:  # making the staging folder, its manifest, or putting it in place
            raise click.ClickException(
                f"cannot write the site {out}: {output.os_reason(error)}; nothing was replaced"
            ) from None
    click.echo(f"wrote {written + 1} files into {out}")  # and the manifest


def check(folder: str) -> None:
    """``--check DIR``: exit 0 when DIR is a complete site whose tables show their JSON, else 1."""
    from commands.site_check import check_site, verdict_lines  # its HTML parser only for --check

    path = Path(folder)
    if not path.is_dir():
        raise click.ClickException(f"--check {folder}: no such folder" if not path.exists() else
                                   f"--check {folder} is a file, not a site's folder")  # fmt: skip
    verdict = check_site(path)
    for line in verdict_lines(folder, verdict):
        click.echo(line)
    if not verdict.whole:
        raise click.exceptions.Exit(1)


def build(
    ratings: Ratings,
    spans: Sequence[tuple[str, tuple[str, ...]]],
    writer: Writer,
    known: str | None,
    title: str,
    head: Head,
) -> int:
    """Write every page of the site, each naming the log ``head`` it shows; the number of files written."""
    env = environment()
    common = {"title": title, "known_at": known, "log_head": str(head)}
    pubs = [p for p in ratings.publications() if known is None or p.on <= known]
    for asset in ASSETS:
        source = env.loader.get_source(env, asset)[0] if env.loader is not None else ""
        writer.write(f"assets/{asset}", source)

    # Lists, and their downloads.
    latest: list[tuple[str, ListPage, tuple[str, ...], dict[str, Publication]]] = []
    index_shas: dict[str, str] = {}  # the JSON of each latest list, whose top the index shows
    for rules, labels in spans:
        system = system_for(get_rules(rules))
        published: dict[str, Publication] = {}
        page: ListPage | None = None
        for label in labels:
            page = list_page(ratings, rules, label, pubs, known)
            if page.published is not None:
                published[label] = page.published.publication
            base = f"lists/{rules}/{label}"
            writer.write(f"{base}.csv", list_text(page.rating_list, "csv"))
            shas = {"now": writer.write(f"{base}.json", list_text(page.rating_list, "json"))}
            if page.published is not None and page.published.changes:  # the published table's JSON
                shas["published"] = writer.write(f"{base}.published.json", page.published.published.as_json())
            writer.write(f"{base}.html", render_list(env, common, page, headings(system, page.keys), labels, shas))
        assert page is not None
        latest.append((rules, page, labels, published))
        index_shas[rules] = shas["now"]
    index_heads = {rules: headings(system_for(get_rules(rules)), page.keys) for rules, page, _, _ in latest}
    writer.write(
        "index.html",
        env.get_template("index.html").render(
            common, root="", sections=latest, heads=index_heads, top=10, shas=index_shas
        ),
    )
    writer.write("verify.html", env.get_template("verify.html").render(common, root="", publications=pubs))

    # Events: their pages, and who played in each.
    rules_list = [r for r, _ in spans]
    player_events: dict[str, list[EventInfo]] = {}
    for info in ratings.events(known):
        event = event_page(ratings, info.event, rules_list, known)
        for player in event_players(event):
            player_events.setdefault(player, []).append(event.info)
        writer.write(f"events/{page_name(info.event)}.html", render_event(env, common, event))

    # Explanations, period by period, into a temporary store.
    players = site_players(ratings, known)
    store = Store()
    try:
        for number, (rules, labels) in enumerate(spans):
            by_period: dict[str, list[str]] = {}
            listed = set(players)
            for label in labels:  # one read of each period's run for every player (not a history per player)
                changed = ratings.projector.changed(rules, label, known)
                who = sorted(p for p in changed if p in listed)
                by_period[label] = who
                store.add_states([(p, rules, label, changed[p]) for p in who])
            template = env.get_template("explanation.html")
            for label in labels:
                rows = []
                for player, x in period_explanations(ratings, rules, label, by_period.get(label, []), known):
                    heading, parts = explanation_parts(x, ratings.name(player, known))
                    html = template.render(anchor=f"{rules}-{label}", heading=heading, parts=parts)
                    rows.append((player, number, label, html))
                store.add(rows)
        amendments = amendments_by_player(ratings, known)
        for player in players:
            data = player_page(
                ratings, player, spans, player_events.get(player, ()), amendments.get(player, ()), known,
                store.states_of(player),
            )  # fmt: skip
            writer.write(f"players/{page_name(player)}.html", render_player(env, common, data, store.of(player)))
    finally:
        store.close()
    return writer.count


def event_players(event: EventPage) -> list[str]:
    """The players of an event's games and pairings, sorted."""
    found = {p for v in event.games for p in (v.row.white, v.row.black)}
    if event.crosstable is not None:
        found |= {row.player for row in event.crosstable.rows}
    return sorted(found)


def numeric_columns(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> list[bool]:
    return [bool(rows) and all(isinstance(r[k], int | float) or r[k] is None for r in rows) for k in keys]


def render_list(
    env: jinja2.Environment,
    common: dict[str, Any],
    page: ListPage,
    heads: Sequence[str],
    labels: Sequence[str],
    shas: dict[str, str],
) -> str:
    """A list's page; ``shas``: the SHA-256 of the JSON each of its tables renders (a check
    compares the table with that JSON, and the JSON with the published digest)."""
    rows = page.rating_list.rows
    keys = list(page.keys)
    filter_key = next((k for k in FILTER_KEYS if k in keys), None)
    filters = {
        "country": sorted({str(r["country"]) for r in rows if r.get("country")}),
        "class": sorted({str(r[filter_key]) for r in rows if r.get(filter_key) is not None}) if filter_key else [],
    }
    published_rows = page.published.published.rows if page.published is not None else []
    return env.get_template("list.html").render(
        common,
        root="../../",
        page=page,
        rows=rows,
        keys=keys,
        heads=list(heads),
        numeric=numeric_columns(rows, keys),
        filter_key=filter_key,
        filters=filters,
        labels=labels,
        published_rows=published_rows,
        line_text=line_text,
        shas=shas,
    )


def render_event(env: jinja2.Environment, common: dict[str, Any], event: EventPage) -> str:
    cells = cross_cells(event.crosstable) if event.crosstable is not None else []
    return env.get_template("event.html").render(common, root="../", event=event, cells=cells, sb=quarters_text)


def render_player(
    env: jinja2.Environment, common: dict[str, Any], data: PlayerPage, explained: dict[tuple[int, str], str]
) -> str:
    series = [
        Series(h.rules, tuple((r.period, r.rating) for r in h.rows if r.rating is not None))
        for h in data.histories
        if any(r.rating is not None for r in h.rows)
    ]
    chart = Markup(history_svg(series, f"{data.player} {data.name}")) if series else None
    explanations = {
        h.rules: [Markup(explained[(number, row.period)]) for row in h.rows if (number, row.period) in explained]
        for number, h in enumerate(data.histories)
    }
    return env.get_template("player.html").render(common, root="../", data=data, chart=chart, explanations=explanations)
