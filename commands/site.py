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
import json
import pickle
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import click
import jinja2
from markupsafe import Markup

from commands import output
from commands.chart import player_svg
from commands.context import Context, pass_context, refusals
from commands.explanation_text import STYLES, say
from commands.listing import headings, list_text
from commands.options import RULES_TYPE, known_at_option, known_date
from ledger.chain import Head
from ledger.site_folder import Staging, check_replaceable
from projections import CrosstableView, System, SystemStatus, cell_text, quarters_text
from projections.api import Ratings
from projections.audit import Line, Publication
from projections.registry import get_rules, system_for
from projections.rules.explanation import OPPONENT, TABLE, Explanation
from projections.site_data import (
    BIRTH_DATES,
    EventPage,
    ListPage,
    PlayerPage,
    SitePlayer,
    amendments_by_player,
    event_page,
    game_changes,
    list_changes,
    list_page,
    page_name,
    period_explanations,
    player_event,
    player_page,
    previous_list,
    site_head,
    site_periods,
    site_player_facts,
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
    env.filters["signed"] = signed
    return env


def signed(value: float | None) -> str:
    """A change with its sign and at most two decimals, "" for None.

    >>> signed(20.4), signed(-2.84), signed(0.0), signed(3.0), signed(None)
    ('+20.4', '-2.84', '0', '+3', '')
    """
    if value is None:
        return ""
    text = f"{value:+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


class Part(NamedTuple):
    """One piece of an explanation: a statement in words, or its table of games."""

    text: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]


def explanation_parts(x: Explanation, name: str) -> tuple[str, tuple[Part, ...]]:
    """The heading and the parts of ``x``, in the words ``ratings explain`` prints (its statements, and its
    table's cells each in its column's style; an opponent the ledger knows as his id, linked to his page, and
    his name)."""
    parts: list[Part] = []
    names = dict(x.names)
    for statement in x.statements:
        if statement == TABLE:
            cells = [
                tuple(
                    opponent_cell(v, names[v])
                    if col.heading == OPPONENT and isinstance(v, str) and v in names
                    else ("" if (c := STYLES[col.style](v)) is None else str(c))
                    for col, v in zip(x.columns, row, strict=True)
                )
                for row in x.rows
            ]
            numeric = tuple(col.style == "plain" and col.heading != OPPONENT for col in x.columns)
            parts.append(Part("", tuple(col.heading for col in x.columns), tuple(cells), numeric))
        else:
            text = say(statement)
            if text:
                parts.append(Part(text, (), (), ()))
    return f"{x.player} {name}: {x.rules}, period {x.period}", tuple(parts)


def opponent_cell(player: str, name: str) -> Markup:
    """An opponent in an explanation's table (on a player's page): his id linked to his page, and his name."""
    return Markup('<a href="{}.html">{}</a> {}').format(page_name(player), player, name)


def line_text(line: Line | None) -> str:
    return "off the list" if line is None else f"{line.rating} {line.status} #{line.position}"


def cross_cells(view: CrosstableView) -> list[Markup]:
    """Each row's cells between its rating and its points, as ``<td>`` elements (joined here: a large crosstable
    has many cells), as ``event show`` prints them: its results against each row (``x`` on the diagonal) unless
    the event is a Swiss with rounds, then its rounds."""
    table_ = view.table
    escape = html.escape
    found = []
    for i, line in enumerate(view.lines):
        grid = (
            "".join(
                "<td>x</td>" if j == i else f"<td>{escape(cell_text(cell))}</td>"
                for j, cell in enumerate(table_.grid[i])
            )
            if view.grid
            else ""
        )
        found.append(Markup(grid + "".join(f"<td>{escape(cell)}</td>" for cell in line.rounds)))
    return found


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
        self.conn.execute("CREATE TABLE g (player TEXT, rules TEXT, game TEXT, change REAL)")
        self.conn.execute("CREATE INDEX g_player ON g (player)")

    def add_changes(self, rows: Sequence[tuple[str, str, str, float]]) -> None:
        """Each explained game's own rating change (:func:`projections.site_data.game_changes`)."""
        self.conn.executemany("INSERT INTO g VALUES (?, ?, ?, ?)", rows)

    def changes_of(self, player: str) -> dict[str, dict[str, float]]:
        """The player's games' changes, by rules then game (a game explained in two periods: summed)."""
        found: dict[str, dict[str, float]] = {}
        for rules, game, change in self.conn.execute(
            "SELECT rules, game, change FROM g WHERE player = ? ORDER BY rules, game, rowid", (player,)
        ):
            by_game = found.setdefault(rules, {})
            by_game[game] = by_game.get(game, 0.0) + change
        return found

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
                 "title": "--title", "birth_dates": "--birth-dates"}  # fmt: skip
"""The options of a build, by parameter name: ``--check`` takes none of them; the first four are required."""


@click.command()
@click.option(
    "--rules",
    "rules",
    multiple=True,
    type=RULES_TYPE,
    help=RULES_TYPE.help("A rules version (repeatable; needed to build)."),
)
@click.option("--from", "first", metavar="YYYY-MM", help="The first period (needed to build).")
@click.option("--to", "last", metavar="YYYY-MM", help="The last period (needed to build).")
@click.option(
    "--out", "out", metavar="DIR", help="The folder of the site (needed to build): a new or empty folder, or a site."
)
@known_at_option
@click.option("--title", default=None, help=f"The site's title.  [default: {TITLE}]")
@click.option(
    "--birth-dates",
    "birth_dates",
    type=click.Choice(BIRTH_DATES),
    default=None,
    help="What the site shows of a birth date: none, the year, or the full date (a private detail: only "
    "with the players' consent).  [default: year]",
)
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
        obj,
        given["rules"],
        given["first"],
        given["last"],
        given["out"],
        given["known_at"],
        given["title"] or TITLE,
        given["birth_dates"] or "year",
    )


def write_site(
    obj: Context,
    rules: tuple[str, ...],
    first: str,
    last: str,
    out: str,
    known_at: str | None,
    title: str,
    birth_dates: str = "year",
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
                written = build(
                    ratings, spans, obj.bars.counting(Writer(staging, out), "files"), known, title, head, birth_dates
                )
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
                    "birth_dates": birth_dates,
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
    birth_dates: str = "year",
) -> int:
    """Write every page of the site, each naming the log ``head`` it shows; the number of files written.
    ``birth_dates``: what it shows of a birth date (:data:`projections.site_data.BIRTH_DATES`)."""
    env = environment()
    common = {"title": title, "known_at": known, "log_head": str(head)}
    pubs = [p for p in ratings.publications() if known is None or p.on <= known]
    for asset in ASSETS:
        source = env.loader.get_source(env, asset)[0] if env.loader is not None else ""
        writer.write(f"assets/{asset}", source)

    # Lists, and their downloads.
    players = site_players(ratings, known)
    people = site_player_facts(ratings, players, birth_dates, known)
    latest: list[tuple[str, ListPage, tuple[str, ...], dict[str, Publication]]] = []
    index_shas: dict[str, str] = {}  # the JSON of each latest list, whose top the index shows
    for rules, labels in spans:
        system = system_for(get_rules(rules))
        published: dict[str, Publication] = {}
        page: ListPage | None = None
        for label in labels:
            before = page.rating_list if page is not None else previous_list(ratings, rules, label, known)
            page = list_page(ratings, rules, label, pubs, known)
            changes = list_changes(page.rating_list, before)
            if page.published is not None:
                published[label] = page.published.publication
            base = f"lists/{rules}/{label}"
            writer.write(f"{base}.csv", list_text(page.rating_list, "csv"))
            shas = {"now": writer.write(f"{base}.json", list_text(page.rating_list, "json"))}
            if page.published is not None and page.published.changes:  # the published table's JSON
                shas["published"] = writer.write(f"{base}.published.json", page.published.published.as_json())
            heads = site_headings(system, page.keys)
            writer.write(f"{base}.html", render_list(env, common, page, heads, labels, shas, people, changes))
        assert page is not None
        latest.append((rules, page, labels, published))
        index_shas[rules] = shas["now"]
    index_heads = {rules: site_headings(system_for(get_rules(rules)), page.keys) for rules, page, _, _ in latest}
    writer.write(
        "index.html",
        env.get_template("index.html").render(
            common, root="", sections=latest, heads=index_heads, top=10, shas=index_shas
        ),
    )
    writer.write("verify.html", env.get_template("verify.html").render(common, root="", publications=pubs))

    # Events: their pages, and who played in each.
    rules_list = [r for r, _ in spans]
    player_events: dict[str, list[tuple[EventPage, list[str]]]] = {}  # his events, and his games of each
    for info in ratings.events(known):
        event = event_page(ratings, info.event, rules_list, known)
        for player in event_players(event):
            mine = [v.row.game for v in event.games if player in (v.row.white, v.row.black)]
            player_events.setdefault(player, []).append((event, mine))
        writer.write(f"events/{page_name(info.event)}.html", render_event(env, common, event))

    # Explanations, period by period, into a temporary store.
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
                    store.add_changes([(player, rules, game, change) for game, change in game_changes(x)])
                store.add(rows)
        amendments = amendments_by_player(ratings, known)
        for player in players:
            by_game = store.changes_of(player)
            events = [
                player_event(e.info, e.crosstable, player, games, by_game, rules_list)
                for e, games in player_events.get(player, ())
            ]
            data = player_page(
                ratings, player, spans, events, amendments.get(player, ()), known, store.states_of(player)
            )
            facts = people.get(player)
            page_html = render_player(env, common, data, store.of(player), facts)
            writer.write(f"players/{page_name(player)}.html", page_html)
            writer.write(f"players/{page_name(player)}.json", player_json(data, facts))
    finally:
        store.close()
    index = [people[p] for p in players if p in people]
    writer.write("players.json", json_text([index_entry(p) for p in index]))
    writer.write("players.html", env.get_template("players.html").render(common, root="", people=index))
    return writer.count


def json_text(document: Any) -> str:
    """A JSON file of the site: the same bytes for the same value (keys in the order given, UTF-8)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def index_entry(who: SitePlayer) -> dict[str, Any]:
    """A player in ``players.json``, the site's player index: what its search matches, and his page."""
    return {
        "player": who.player,
        "name": who.name,
        "fide_id": who.fide_id,
        "federation": who.federation,
        "page": f"players/{page_name(who.player)}.html",
    }


def player_json(data: PlayerPage, who: SitePlayer | None) -> str:
    """``players/ID.json``, beside his page: his facts (a birth date as ``--birth-dates`` allows), his history
    under each rules version, and his events with his score and change."""
    document: dict[str, Any] = {
        "player": data.player,
        "name": data.name,
        "country": data.country,
        "federation": who.federation if who else None,
        "title": who.title if who else None,
        "fide_id": who.fide_id if who else None,
        "born": who.born if who else None,
        "histories": [
            {"rules": h.rules, "rows": [{"period": r.period, **r.figures} for r in h.rows]} for h in data.histories
        ],
        "events": [
            {
                "event": e.info.event,
                "name": e.info.name,
                "start": e.info.start,
                "end": e.info.end,
                "points": e.points,
                "games": e.games,
                "performance": e.performance,
                "changes": dict(e.changes),
            }
            for e in data.events
        ],
    }
    return json_text(document)


def event_players(event: EventPage) -> list[str]:
    """The players of an event's games and pairings, sorted."""
    found = {p for v in event.games for p in (v.row.white, v.row.black)}
    if event.crosstable is not None:
        found |= {row.player for row in event.crosstable.table.rows}
    return sorted(found)


SITE_WORDS = {
    "position": "#",
    "player": "id",
    "class_position": "place in class",
    "wins": "won",
    "draws": "drawn",
    "losses": "lost",
    "k": "K",
    "period_games": "games this period",
    "deviation": "deviation (RD)",
    "ter": "TER (entry rating)",
}
"""The site's heading of a column where the command line's is its key or a letter (``ratings list`` keeps its
short headings, which its docs compare byte for byte)."""


def site_headings(system: System, keys: Sequence[str]) -> list[str]:
    """The headings of the site's tables of ``keys``: in words (:data:`SITE_WORDS`), else the command line's."""
    return [SITE_WORDS.get(key, heading) for key, heading in zip(keys, headings(system, keys), strict=True)]


def numeric_columns(rows: Sequence[dict[str, Any]], keys: Sequence[str]) -> list[bool]:
    return [bool(rows) and all(isinstance(r[k], int | float) or r[k] is None for r in rows) for k in keys]


def render_list(
    env: jinja2.Environment,
    common: dict[str, Any],
    page: ListPage,
    heads: Sequence[str],
    labels: Sequence[str],
    shas: dict[str, str],
    people: Mapping[str, SitePlayer],
    changes: Mapping[str, str],
) -> str:
    """A list's page; ``shas``: the SHA-256 of the JSON each of its tables renders (a check
    compares the table with that JSON, and the JSON with the published digest); ``people``: what the page adds
    to each row (title, federation, birth year) after its country (or name), and ``changes`` at its end (the
    change since the previous list): columns the JSON does not hold, marked so that ``--check`` skips them."""
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
        people=people,
        changes=changes,
        extra_after="country" if "country" in keys else "name",
    )


def render_event(env: jinja2.Environment, common: dict[str, Any], event: EventPage) -> str:
    view = event.crosstable
    cells = cross_cells(view) if view is not None else []
    numbered = view is not None and any(row.rank != i + 1 for i, row in enumerate(view.table.rows))
    return env.get_template("event.html").render(
        common,
        root="../",
        event=event,
        cells=cells,
        sb=quarters_text,
        numbered=numbered,
        left_out=left_out,
        names={line.player: line.name for line in view.lines} if view is not None else {},
    )


def left_out(status: SystemStatus) -> list[tuple[str, list[str]]]:
    """The games a system left out, by why in words (as ``event status`` prints them), in order."""
    found: dict[str, list[str]] = {}
    for game, why in status.left_out:
        found.setdefault(say(why), []).append(game)
    return list(found.items())


def history_headings(rules: str, keys: Sequence[str]) -> list[str]:
    """The headings of a player's history table under ``rules``, in words (:func:`site_headings`)."""
    return site_headings(system_for(get_rules(rules)), keys)


def render_player(
    env: jinja2.Environment,
    common: dict[str, Any],
    data: PlayerPage,
    explained: dict[tuple[int, str], str],
    who: SitePlayer | None = None,
) -> str:
    chart = Markup(drawn) if (drawn := player_svg(data)) is not None else None
    explanations = {
        h.rules: [Markup(explained[(number, row.period)]) for row in h.rows if (number, row.period) in explained]
        for number, h in enumerate(data.histories)
    }
    return env.get_template("player.html").render(
        common, root="../", data=data, chart=chart, explanations=explanations, who=who, heads=history_headings
    )
