"""``publish-db``: a publication database for Datasette.

One denormalised SQLite file, written with sqlite-utils, of what the ledger
publishes: each list of each rules version and period, its rows, the players'
histories, the lines ``explain`` prints for every listed player, the players,
the events with their games and crosstables, and every publication with its
digest, log head and the rows it published; beside it ``FILE.metadata.json``,
Datasette's metadata (table and column descriptions, canned queries), so that
``datasette FILE.db -m FILE.metadata.json`` serves it as it is.

The tables, their columns and descriptions are declared once (:data:`TABLES`):
the file's schema and the metadata are both made from them.

Choices made here:
- ``--from``/``--to`` are months (``YYYY-MM``): each rules version takes the periods containing them (so a
  two-month IECG period and a monthly FIDE one mix); without them, from the period of the ledger's first fact
  to that of its last; a span outside the ledger is refused as ``export`` refuses it;
- explanations are given for every player on each list (why his rating on that list is what it is); one
  ``explain`` refuses (an ICU group that cannot be graded) is stored as the line ``Error: …`` it prints;
- histories keep the periods of the span; players are everyone registered (void ones too, with their status
  at the end of the span's last period); crosstables are computed under each rules version asked for;
- publications are those of the rules asked for, of a period in the span (and on or before ``--known-at``);
  their rows are the list recomputed from the log as it stood at the publication (``audit``'s reproduction);
  ``reproduces`` says whether its digest is the published one (if not, the published rows are not known);
- ``--out`` is refused if it or its metadata file exists, unless ``--overwrite``; either is refused whatever
  ``--overwrite`` says when it is, or leads to, the ledger or its projections file; both are
  written to a temporary file beside them and renamed, so a reader never sees half a file;
- the same ledger and options give the same rows in the same order, and the same bytes of both files (no date,
  no path but the file's name is written; rows are inserted in a fixed order);
- privacy (issue 26 §4): a player's national ids are never written, his date of birth only as its year unless
  ``--birth-dates full`` (``none``: not even the year); his FIDE id, title and federation are written, as FIDE's
  own lists publish them;
- each system's list and history figures are columns of one table (:data:`SYSTEM_COLUMNS`, empty on another
  family's rows) rather than a table per family: lists of several systems are read together (a facet on
  ``rules``, a player's rows under each), and SQLite stores an empty column for nothing; ``row`` keeps the whole
  row as JSON, the bytes its list's digest is of;
- Datasette is told (:data:`SHOWN`, :data:`SEARCHED`) the facets, label columns, default order and full-text
  indexes (FTS5 on names, made by sqlite-utils' ``enable_fts``) of each table, and a licence: CC BY 4.0 unless
  ``--license`` says another (a published list is for reuse, with its source named).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from contextlib import closing
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import click
import sqlite_utils

from commands import output
from commands.context import Context, pass_context, refusals, say
from commands.explanation_text import explanation_text
from commands.options import RULES_TYPE, known_at_option, known_date
from ledger import identities
from ledger.errors import InvalidValueError, LedgerError
from ledger.events import IDENTITY_TYPES
from ledger.outputs import written_aside
from projections import quarters_text, systems
from projections.api import Ratings
from projections.audit import as_published, digest
from projections.players_view import player_lines
from projections.registry import get_rules, system_for
from projections.replay import Projector
from projections.site_data import period_explainer
from projections.span import check_span


class Column(NamedTuple):
    name: str
    type: type
    description: str


class Table(NamedTuple):
    """A table of the file: its description, columns, primary key, foreign keys and indexes."""

    description: str
    columns: tuple[Column, ...]
    pk: tuple[str, ...]
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    indexes: tuple[tuple[str, ...], ...] = ()


def _c(name: str, kind: type, description: str) -> Column:
    return Column(name, kind, description)


ROW_JSON = "The whole row as JSON, with every column of the rules version's list, in order (its digest's input)."

SYSTEM_COLUMNS: dict[str, Column] = {
    column.name: column
    for column in (
        _c("class_position", int, "IECG: position within his class."),
        _c("ter", int, "IECG: tournament entry rating (TER, §V)."),
        _c("class", str, "IECG: class by TER (M, 1, 2, 3, N)."),
        _c("grade", int, "ICU 1980: the grade (also in rating)."),
        _c("published", str, "ICU 1980: the figure as published (835/6 while provisional: grade/games)."),
        _c("deviation", float, "Glicko, Glicko-2: rating deviation."),
        _c("volatility", float, "Glicko-2: volatility."),
        _c("wins", int, "IECG: rated wins."),
        _c("draws", int, "IECG: rated draws."),
        _c("losses", int, "IECG: rated losses."),
        _c("category", str, "ECF grading: category letter (A to E by games); ECF online: standard, rapid or blitz."),
        _c("grading_list", str, "ECF grading: which list (standard, rapid): the system's `list` column."),
        _c("junior", int, "ECF grading: the junior enhancement included in the grade."),
        _c("k", int, "FIDE, ECF online: the K factor."),
        _c("seed", str, "ECF online: the prior his rating was seeded from."),
        _c("period_games", int, "FIDE, ECF online: rated games in the period."),
    )
}
"""The list and history columns of each family's own (``rules`` says which family a row is of; the others' are
empty), by the name of the column in the file; a system's key named as a column of its own (ECF's ``list``) is
renamed (:data:`RENAMED`)."""

RENAMED = {"list": "grading_list"}
"""A system's key whose name is a column of the table already, and its column's name."""

LIST_ONLY = ("class_position", "class", "wins", "draws", "losses")
"""System columns of a list that no history has."""

_GAMES = _c("games", int, "Rated games (each system counts its own way).")

TABLES: dict[str, Table] = {
    "players": Table(
        "Everyone registered, with his FIDE id and registration status (never a national id; a birth year at most "
        "unless built with --birth-dates full).",
        (
            _c("id", str, "The player id."),
            _c("name", str, "The player's name."),
            _c("country", str, "Country code."),
            _c("federation", str, "FIDE federation: as recorded, else the country's."),
            _c("title", str, "FIDE title, if recorded."),
            _c("birth_year", int, "Year of birth, if known (empty when built with --birth-dates none)."),
            _c("born", str, "Date of birth (ISO), only when built with --birth-dates full."),
            _c("fide_id", str, "FIDE id, if held."),
            _c("status", str, "Registration status at the end of the span: active, inactive or void."),
        ),
        ("id",),
    ),
    "events": Table(
        "Registered events (tournaments, matches, IECG groups) that count (not void).",
        (
            _c("id", str, "The event id."),
            _c("name", str, "Its name."),
            _c("type", str, "Its type."),
            _c("start", str, "Start date."),
            _c("end", str, "End date, if known."),
            _c("rate_of_play", str, "PGN TimeControl of its games."),
            _c("mode", str, "How its games are played."),
            _c("class", str, "IECG class, for a class group."),
            _c("rounds", int, "Number of rounds."),
            _c("site", str, "Where it is played."),
            _c("federation", str, "Organising federation."),
        ),
        ("id",),
    ),
    "lists": Table(
        "One rating list of a rules version and period, as known at the build's --known-at (default: now).",
        (
            _c("list", str, "The list's id: rules:period."),
            _c("rules", str, "The rules version."),
            _c("period", str, "The period (its first month)."),
            _c("period_index", int, "The period's number in its rules' scheme (for ordering)."),
            _c("last_day", str, "The period's last day."),
            _c("players", int, "Players on the list."),
            _c("digest", str, "SHA-256 of the list's canonical JSON (`ratings list --format json`)."),
        ),
        ("list",),
        indexes=(("rules", "period_index"),),
    ),
    "list_rows": Table(
        "The rows of each list, as `ratings list` prints them.",
        (
            _c("list", str, "The list (rules:period)."),
            _c("rules", str, "The rules version."),
            _c("period", str, "The period."),
            _c("position", int, "Position on the list."),
            _c("player", str, "The player id."),
            _c("name", str, "The player's name."),
            _c("country", str, "Country code."),
            _c("rating", int, "The rating on the list."),
            _c("status", str, "The rating's status in the rules' terms."),
            _GAMES,
            *SYSTEM_COLUMNS.values(),
            _c("row", str, ROW_JSON),
        ),
        ("list", "player"),
        (("list", "lists", "list"), ("player", "players", "id")),
        (("player",), ("rules", "period", "position")),
    ),
    "histories": Table(
        "Each player's figures after every period of the span he was rated in (`ratings history`).",
        (
            _c("rules", str, "The rules version."),
            _c("player", str, "The player id."),
            _c("period", str, "The period."),
            _c("period_index", int, "The period's number in its rules' scheme (for ordering)."),
            _c("rating", int, "The rating after the period (empty: not published)."),
            _c("status", str, "The status after the period."),
            _GAMES,
            *(column for column in SYSTEM_COLUMNS.values() if column.name not in LIST_ONLY),
            _c("row", str, "The whole history row as JSON, with the system's columns, in order."),
        ),
        ("rules", "player", "period"),
        (("player", "players", "id"),),
        (("player", "rules", "period_index"),),
    ),
    "explanation_lines": Table(
        "Why each listed player's rating is what it is: the lines `ratings explain` prints.",
        (
            _c("list", str, "The list (rules:period)."),
            _c("rules", str, "The rules version."),
            _c("period", str, "The period."),
            _c("player", str, "The player id."),
            _c("line_no", int, "The line's number, from 1."),
            _c("text", str, "The line."),
        ),
        ("list", "player", "line_no"),
        (("list", "lists", "list"), ("player", "players", "id")),
        (("player",),),
    ),
    "event_games": Table(
        "The games of each event, as amended, not void.",
        (
            _c("game", str, "The game id."),
            _c("event", str, "The event id."),
            _c("white", str, "White's player id."),
            _c("black", str, "Black's player id."),
            _c("result", str, "The result."),
            _c("finished", str, "When it finished."),
            _c("forfeit", str, "The forfeit kind, if a forfeit."),
            _c("adjudicated", str, "The adjudicated result and its date, if adjudicated."),
        ),
        ("game",),
        (("event", "events", "id"), ("white", "players", "id"), ("black", "players", "id")),
        (("event", "finished"), ("white",), ("black",)),
    ),
    "crosstables": Table(
        "Each event's crosstable (IECG C §14), its performances from the list of each rules version.",
        (
            _c("event", str, "The event id."),
            _c("rules", str, "The rules version whose list gives the start ratings of the performances."),
            _c("rank", int, "Rank in the event (tied players share one; the rows keep the crosstable's order)."),
            _c("player", str, "The player id."),
            _c("points", str, "Points, as shown (½ for a half)."),
            _c("points2", int, "Points in half points."),
            _c("games", int, "Games scored."),
            _c("sb", str, "Sonneborn-Berger."),
            _c("perf", int, "Performance rating, if any."),
            _c("decided_by", str, "What separated him from the row above."),
            _c("withdrew", int, "1 if he withdrew."),
        ),
        ("event", "rules", "player"),
        (("event", "events", "id"), ("player", "players", "id")),
        (("player",),),
    ),
    "publications": Table(
        "Every publication of a list of the span (`ratings publish`), with its digest and the log head then.",
        (
            _c("publication", int, "The log position of the publication event."),
            _c("list", str, "The list (rules:period)."),
            _c("rules", str, "The rules version."),
            _c("period", str, "The period."),
            _c("on", str, "The publication date."),
            _c("digest", str, "The published digest (SHA-256 of the list's canonical JSON)."),
            _c("players", int, "Players on the published list."),
            _c("log_head", str, "The log head when published (POSITION:HASH): `ratings verify --head` checks it."),
            _c("reproduces", int, "1 if the log as it stood then still gives the published digest."),
            _c("digest_now", str, "The digest of the list in this file (lists.digest)."),
            _c("changed", int, "1 if the list in this file differs from the published one."),
        ),
        ("publication",),
        (("list", "lists", "list"),),
        (("rules", "period", "on"),),
    ),
    "published_rows": Table(
        "The rows of each published list, recomputed from the log as it stood at the publication.",
        (
            _c("publication", int, "The publication (log position)."),
            _c("rules", str, "The rules version."),
            _c("period", str, "The period."),
            _c("position", int, "Position on the published list."),
            _c("player", str, "The player id."),
            _c("name", str, "The player's name."),
            _c("country", str, "Country code."),
            _c("rating", int, "The published rating."),
            _c("status", str, "The published status."),
            _GAMES,
            *SYSTEM_COLUMNS.values(),
            _c("row", str, ROW_JSON),
        ),
        ("publication", "player"),
        (("publication", "publications", "publication"), ("player", "players", "id")),
        (("player",),),
    ),
}
"""The tables of the file, in the order they are written (a table before those whose foreign keys name it)."""

QUERIES: dict[str, dict[str, str]] = {
    "player_history": {
        "title": "A player's history",
        "description": "The player's figures after each period he was rated in, under one rules version.",
        "sql": (
            "select h.period, h.rating, h.status, h.row from histories h\n"
            "where h.player = :player and h.rules = :rules\n"
            "order by h.period_index"
        ),
    },
    "changed_since_publication": {
        "title": "Who changed since publication",
        "description": (
            "The latest publication of a list against the list in this file: every player whose rating, status "
            "or position differs (as `ratings audit` and `ratings diff` count them), by player id."
        ),
        "sql": (
            "with pub as (\n"
            "  select publication from publications where rules = :rules and period = :period\n"
            '  order by "on" desc, publication desc limit 1\n'
            "),\n"
            "old as (select * from published_rows where publication = (select publication from pub)),\n"
            "new as (select * from list_rows where rules = :rules and period = :period),\n"
            "joined as (\n"
            "  select old.player as player, old.name as name, old.rating as published_rating,\n"
            "    new.rating as rating_now, old.status as published_status, new.status as status_now,\n"
            "    old.position as published_position, new.position as position_now\n"
            "  from old left join new on new.player = old.player\n"
            "  union all\n"
            "  select new.player, new.name, null, new.rating, null, new.status, null, new.position\n"
            "  from new where (select publication from pub) is not null\n"
            "    and new.player not in (select player from old)\n"
            ")\n"
            "select player, name, published_rating, rating_now, rating_now - published_rating as change,\n"
            "  published_status, status_now, published_position, position_now\n"
            "from joined\n"
            "where published_rating is not rating_now or published_status is not status_now\n"
            "  or published_position is not position_now\n"
            "order by player"
        ),
    },
    "event_crosstable": {
        "title": "An event's crosstable",
        "description": "The crosstable of an event (IECG C §14), under each rules version of the file.",
        "sql": (
            "select c.rules, c.rank, c.player, p.name, c.points, c.sb, c.perf, c.decided_by, c.withdrew\n"
            "from crosstables c left join players p on p.id = c.player\n"
            "where c.event = :event\n"
            "order by c.rules, c.rank, c.rowid"
        ),
    },
}
"""Datasette's canned queries, by name (``/DB/NAME.json?param=…``)."""

MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")

Rows = tuple[dict[str, Any], ...]

Step = Callable[[str, int, int], None]
"""Told what is being done, how much of it is done and of how much (:mod:`commands.progress`)."""


class Contents(NamedTuple):
    """Every row of the file, by table, in the order written; and what the metadata says of the build."""

    tables: dict[str, Rows]
    rules: tuple[str, ...]
    spans: tuple[tuple[str, str, str], ...]
    """(rules, first period, last period) of each rules version."""
    known_at: str | None


def _month(text: str | None, option: str) -> str | None:
    if text is not None and MONTH.fullmatch(text) is None:
        raise InvalidValueError(f"{option} {text!r} is not a month of the form YYYY-MM")
    return text


def span(projector: Projector, rules: str, first: str | None, last: str | None) -> tuple[int, int]:
    """The indexes of the periods of ``rules`` holding the months ``first`` to ``last`` (default: the periods of
    the ledger's first and last facts), refused out of the ledger's span (:func:`check_span`)."""
    scheme = get_rules(rules).periods
    facts = projector.facts()
    low = first or facts.first_month()
    high = last or facts.last_month()
    if low is None or high is None:  # check_span's refusal: no games yet
        low = high = date.today().isoformat()[:7]
    label_low = scheme.label(scheme.index_of_day(f"{low[:7]}-01"))
    label_high = scheme.label(scheme.index_of_day(f"{high[:7]}-01"))
    return check_span(projector, get_rules(rules), label_low, label_high, date.today())


def _row_json(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False)


def _list_columns(row: dict[str, Any]) -> dict[str, Any]:
    """A list row's columns in the file: the head, then the system's own (:data:`SYSTEM_COLUMNS`)."""
    found = {key: row.get(key) for key in ("position", "player", "name", "country", "rating", "status", "games")}
    return found | _system_columns(row, SYSTEM_COLUMNS)


def _system_columns(row: dict[str, Any], columns: dict[str, Column]) -> dict[str, Any]:
    found: dict[str, Any] = dict.fromkeys(columns)
    for key, value in row.items():
        name = RENAMED.get(key, key)
        if name in found:
            found[name] = value
    return found


HISTORY_COLUMNS = {name: column for name, column in SYSTEM_COLUMNS.items() if name not in LIST_ONLY}


def period_explanations(
    ratings: Ratings, rules: str, period: str, players: Sequence[str], known: str | None
) -> dict[str, list[str]]:
    """The lines ``ratings explain`` prints for each of ``players`` on one list (or the one ``Error: …`` line it
    prints instead), through the explainer ``ratings site`` uses (its previous list and games made once)."""
    explain = period_explainer(ratings, rules, period, known)
    found: dict[str, list[str]] = {}
    for player in players:
        try:
            found[player] = explanation_text(explain(player), ratings.name(player, known)).splitlines()
        except (LookupError, LedgerError) as error:
            message = str(error.args[0]) if isinstance(error, LookupError) and error.args else str(error)
            found[player] = [f"Error: {message}"]
    return found


def collect(
    ratings: Ratings,
    rules_list: Sequence[str],
    first: str | None,
    last: str | None,
    known: str | None,
    births: str = "year",
    step: Step | None = None,
) -> Contents:
    """Every row of the file, from the ledger opened read-only; ``births``: what of a player's date of birth
    (:data:`BIRTH_DATES`); ``step``: told (what, done, of how many) as the lists are made, for a progress bar."""
    tell: Step = step or (lambda _what, _done, _total: None)
    projector = ratings.projector
    tables: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    spans: list[tuple[str, str, str]] = []
    digests: dict[str, str] = {}
    end_day = ""
    bounds = [span(projector, rules, _month(first, "--from"), _month(last, "--to")) for rules in rules_list]
    total = sum(stop - start + 1 for start, stop in bounds) + len(rules_list)
    done = 0
    for rules, (start, stop) in zip(rules_list, bounds, strict=True):
        params_ = get_rules(rules)
        scheme = params_.periods
        spans.append((rules, scheme.label(start), scheme.label(stop)))
        end_day = max(end_day, scheme.last_day(stop).isoformat())
        for index in range(start, stop + 1):
            tell("lists", done, total)
            done += 1
            period = scheme.label(index)
            list_id = f"{rules}:{period}"
            rating_list = ratings.list(rules, period, known)
            digests[list_id] = digest(rating_list)
            tables["lists"].append(
                {
                    "list": list_id,
                    "rules": rules,
                    "period": period,
                    "period_index": index,
                    "last_day": scheme.last_day(index).isoformat(),
                    "players": len(rating_list.rows),
                    "digest": digests[list_id],
                }
            )
            explained = period_explanations(ratings, rules, period, [row["player"] for row in rating_list.rows], known)
            for row in rating_list.rows:
                tables["list_rows"].append(
                    {"list": list_id, "rules": rules, "period": period, **_list_columns(row), "row": _row_json(row)}
                )
                lines = explained[row["player"]]
                tables["explanation_lines"].extend(
                    {
                        "list": list_id,
                        "rules": rules,
                        "period": period,
                        "player": row["player"],
                        "line_no": n,
                        "text": t,
                    }
                    for n, t in enumerate(lines, start=1)
                )
        tell("lists", done, total)
        done += 1
        system = system_for(params_)
        view = projector.view(known)
        info = systems.player_info(view)
        by_player: dict[str, list[tuple[str, Any]]] = {}
        for index in range(start, stop + 1):  # each period's run read once for every player (not a history each)
            label = scheme.label(index)
            for player, state in projector.changed(rules, label, known).items():
                by_player.setdefault(player, []).append((label, state))
        for player in sorted(projector.facts().players):
            found = by_player.get(player, [])
            if not found:
                continue
            for shown in systems.history_rows(params_, system, player, found, info(player)):
                tables["histories"].append(
                    {
                        "rules": rules,
                        "player": player,
                        "period": shown["period"],
                        "period_index": scheme.index(shown["period"]),
                        "rating": shown.get("rating", shown.get("grade")),
                        "status": shown.get("status"),
                        "games": shown.get("games"),
                        **_system_columns(shown, HISTORY_COLUMNS),
                        "row": _row_json(shown),
                    }
                )
    tell("lists", done, total)
    tables["histories"].sort(key=lambda r: (r["rules"], r["player"], r["period_index"]))
    _players(ratings, known, end_day, births, tables)
    _events(ratings, rules_list, known, tables)
    _publications(ratings, set(digests), digests, known, tables)
    return Contents({k: tuple(v) for k, v in tables.items()}, tuple(rules_list), tuple(spans), known)


BIRTH_DATES = ("none", "year", "full")
"""What ``--birth-dates`` publishes of a player's date of birth: nothing, the year (the default, as FIDE's lists
print it), or the whole date."""


def _players(
    ratings: Ratings, known: str | None, day: str, births: str, tables: dict[str, list[dict[str, Any]]]
) -> None:
    """Everyone registered: his FIDE id (public on FIDE's lists), never a national id (a national federation's
    membership or identity number, not for publication); his birth year or date as ``births`` says."""
    view = ratings.projector.view(known)
    held = identities.fold(ratings.reader.records_of(IDENTITY_TYPES)).by_player()
    for line in player_lines(view, held, day):
        tables["players"].append(
            {
                "id": line.player,
                "name": line.name,
                "country": line.country,
                "federation": line.federation,
                "title": line.title,
                "birth_year": int(line.born[:4]) if line.born and births != "none" else None,
                "born": line.born if births == "full" else None,
                "fide_id": line.fide_id,
                "status": line.status,
            }
        )


def _events(
    ratings: Ratings, rules_list: Sequence[str], known: str | None, tables: dict[str, list[dict[str, Any]]]
) -> None:
    for e in ratings.events(known):
        tables["events"].append(
            {
                "id": e.event,
                "name": e.name,
                "type": e.type,
                "start": e.start,
                "end": e.end,
                "rate_of_play": e.rate_of_play,
                "mode": e.mode,
                "class": e.rating_class,
                "rounds": e.rounds,
                "site": e.site,
                "federation": e.federation,
            }
        )
        games = ratings.event_games(e.event, known)
        for v in games:
            row = v.row
            tables["event_games"].append(
                {
                    "game": row.game,
                    "event": e.event,
                    "white": row.white,
                    "black": row.black,
                    "result": row.result,
                    "finished": row.finished,
                    "forfeit": None if row.forfeit == "none" else row.forfeit,
                    "adjudicated": None if v.adjudication is None else f"{v.adjudication[0]} on {v.adjudication[1]}",
                }
            )
        if not games and not ratings.event(e.event, known).pairings:
            continue
        for rules in rules_list:
            table = ratings.crosstable(e.event, rules, known)
            for r in table.rows:
                tables["crosstables"].append(
                    {
                        "event": e.event,
                        "rules": rules,
                        "rank": r.rank,
                        "player": r.player,
                        "points": r.points,
                        "points2": r.points2,
                        "games": r.games,
                        "sb": quarters_text(r.sb4),
                        "perf": r.performance,
                        "decided_by": r.decided_by,
                        "withdrew": int(r.withdrew),
                    }
                )


def _publications(
    ratings: Ratings,
    lists: set[str],
    digests: dict[str, str],
    known: str | None,
    tables: dict[str, list[dict[str, Any]]],
) -> None:
    reader = ratings.reader
    for pub in ratings.publications():
        list_id = f"{pub.rules}:{pub.period}"
        if list_id not in lists or (known is not None and pub.on > known):
            continue
        log = Projector(reader, None, say, upto=pub.log_position, progress=ratings.projector.progress)
        try:
            reproduced = log.rating_list(pub.rules, pub.period, as_published(reader, pub))
        finally:
            log.close()
        again = digest(reproduced)
        tables["publications"].append(
            {
                "publication": pub.position,
                "list": list_id,
                "rules": pub.rules,
                "period": pub.period,
                "on": pub.on,
                "digest": pub.digest,
                "players": pub.players,
                "log_head": f"{pub.log_position}:{pub.log_hash}",
                "reproduces": int(again == pub.digest),
                "digest_now": digests[list_id],
                "changed": int(digests[list_id] != pub.digest),
            }
        )
        for row in reproduced.rows:
            tables["published_rows"].append(
                {
                    "publication": pub.position,
                    "rules": pub.rules,
                    "period": pub.period,
                    **_list_columns(row),
                    "row": _row_json(row),
                }
            )


def write_db(path: str, contents: Contents) -> None:
    """Create the tables of :data:`TABLES` in the new file ``path`` and insert the rows, in order."""
    with closing(sqlite_utils.Database(path)) as db:
        for name, table in TABLES.items():
            made = db.table(name)
            made.create(
                {column.name: column.type for column in table.columns},
                pk=table.pk[0] if len(table.pk) == 1 else table.pk,
                foreign_keys=list(table.foreign_keys),
                not_null=list(table.pk),
            )
            rows = contents.tables[name]
            if rows:
                made.insert_all(rows, batch_size=1000)
            for columns in table.indexes:
                made.create_index(list(columns), index_name=f"idx_{name}_{'_'.join(columns)}")
            if name in SEARCHED:  # Datasette's ?_search= (its table page's search box)
                made.enable_fts(list(SEARCHED[name]), fts_version="FTS5")
        db.conn.commit()


SEARCHED: dict[str, tuple[str, ...]] = {"players": ("name",), "list_rows": ("name",)}
"""The tables with a full-text index (SQLite FTS5, ``TABLE_fts``), and its columns: ``?_search=`` finds players by
name, on the list of players and in the lists' rows."""

SHOWN: dict[str, dict[str, Any]] = {
    "players": {"label_column": "name", "facets": ["country", "federation", "title", "status"], "sort": "name"},
    "events": {"label_column": "name", "facets": ["type", "mode", "federation"], "sort": "start"},
    "lists": {"label_column": "list", "facets": ["rules"], "sort": "period_index"},
    "list_rows": {"facets": ["rules", "period", "country", "status"], "sort": "position"},
    "histories": {"facets": ["rules", "status"], "sort": "period_index"},
    "explanation_lines": {"facets": ["rules", "period"]},
    "event_games": {"facets": ["event", "result"], "sort": "finished"},
    "crosstables": {"facets": ["event", "rules"], "sort": "rank"},
    "publications": {"facets": ["rules", "period", "changed"], "sort_desc": "on"},
    "published_rows": {"facets": ["rules", "period", "status"], "sort": "position"},
}
"""How Datasette shows each table: the column naming a row where another table's foreign key points at it
(``label_column``: a player's name for his id), the facets offered, the default order (a list by its positions,
a crosstable by rank)."""

DEFAULT_LICENSE = ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/")
"""The licence the metadata names unless ``--license`` says another: reuse with attribution."""


def metadata(
    name: str,
    contents: Contents,
    title: str,
    license_text: str | None,
    source: str,
    license_url: str | None = None,
    source_url: str | None = None,
) -> dict[str, Any]:
    """Datasette's metadata of the file named ``name`` (its stem is the database's name in Datasette)."""
    spans = "; ".join(f"{rules} {low} to {high}" for rules, low, high in contents.spans)
    known = f" as known at {contents.known_at}" if contents.known_at else ""
    description = (
        f"Rating lists replayed from the rating ledger: {spans}{known}. Each list's digest is the SHA-256 of its "
        "canonical JSON; each publication's log head is checked with `ratings verify --head POSITION:HASH`."
    )
    found: dict[str, Any] = {"title": title, "description": description}
    if license_text is not None:
        found["license"] = license_text
    if license_url is not None:
        found["license_url"] = license_url
    found["source"] = source
    if source_url is not None:
        found["source_url"] = source_url
    found["databases"] = {
        Path(name).stem: {
            "description": description,
            "tables": {
                table: {
                    "description": spec.description,
                    "columns": {column.name: column.description for column in spec.columns},
                    **SHOWN.get(table, {}),
                    **({"fts_table": f"{table}_fts"} if table in SEARCHED else {}),
                }
                for table, spec in TABLES.items()
            },
            "queries": QUERIES,
        }
    }
    return found


def metadata_path(out: str) -> Path:
    """``FILE.metadata.json`` beside ``FILE.db``.

    >>> str(metadata_path("site/ratings.db"))
    'site/ratings.metadata.json'
    """
    return Path(out).with_suffix(".metadata.json")


def write(out: Path, meta_file: Path, contents: Contents, meta: dict[str, Any]) -> None:
    """Write the file and its metadata: both aside, then each renamed into place, the database
    first; a failed or killed write leaves the old files whole."""
    with written_aside(meta_file) as meta_temp, written_aside(out) as temp:
        write_db(str(temp), contents)
        meta_temp.write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


@click.command("publish-db")
@click.option(
    "--rules", "rules", required=True, multiple=True, type=RULES_TYPE, help=RULES_TYPE.help("A rules version "
    "(repeatable).")
)  # fmt: skip
@click.option("--from", "first", metavar="YYYY-MM", help="The first month [default: the ledger's first fact].")
@click.option("--to", "last", metavar="YYYY-MM", help="The last month [default: the ledger's last fact].")
@known_at_option
@click.option("--out", required=True, metavar="FILE.db", help="The database to write (FILE.metadata.json beside it).")
@click.option("--overwrite", is_flag=True, help="Replace --out and its metadata file if they exist.")
@click.option("--title", default="Rating lists", show_default=True, help="The title Datasette shows.")
@click.option(
    "--license",
    "license_text",
    metavar="TEXT",
    default=DEFAULT_LICENSE[0],
    show_default=True,
    help="The licence of the published data.",
)
@click.option("--license-url", metavar="URL", help="Where the licence is read [default: CC BY 4.0's, for it].")
@click.option("--source-url", metavar="URL", help="Where the federation publishes its lists.")
@click.option(
    "--birth-dates",
    "births",
    type=click.Choice(BIRTH_DATES),
    default="year",
    show_default=True,
    help="What to publish of a player's date of birth: none, the year, or the full date.",
)
@pass_context
def publish_db(
    obj: Context,
    rules: tuple[str, ...],
    first: str | None,
    last: str | None,
    known_at: str | None,
    out: str,
    overwrite: bool,
    title: str,
    license_text: str,
    license_url: str | None,
    source_url: str | None,
    births: str,
) -> None:
    """Write a publication database for Datasette: lists, rows, histories, explanations, players, events,
    crosstables and publications, and FILE.metadata.json (descriptions, facets, full-text search on names,
    canned queries) beside it.

    Players' national ids are never written, and of a date of birth only the
    year unless --birth-dates says otherwise.

    Serve it read-only with:
    datasette --immutable FILE.db -m FILE.metadata.json

    \b
    Example:
        ratings publish-db --rules iecg-1.7 --from 2024-01 --to 2024-12 --out lists.db
    """
    with refusals(obj):  # never onto the ledger or its projections file, whatever --overwrite says
        target = obj.output(out, "--out")
        meta_file = obj.output(str(metadata_path(out)), "--out's metadata file")
    if not overwrite:
        for path in (target, meta_file):
            if path.exists() or path.is_symlink():
                raise click.ClickException(f"{path} exists: give --overwrite to replace it")
    with refusals(obj), obj.ratings() as ratings:
        known = known_date(known_at)
        contents = collect(ratings, list(dict.fromkeys(rules)), first, last, known, births, obj.bars)
    obj.bars.close()
    if license_url is None and license_text == DEFAULT_LICENSE[0]:
        license_url = DEFAULT_LICENSE[1]
    source = f"The rating ledger {Path(obj.db).name}"
    meta = metadata(out, contents, title, license_text, source, license_url, source_url)
    try:
        write(target, meta_file, contents, meta)
    except OSError as error:
        raise click.ClickException(f"cannot write --out {out}: {output.os_reason(error)}") from None
    counts = ", ".join(f"{len(contents.tables[name])} {name}" for name in ("lists", "list_rows", "publications"))
    click.echo(f"wrote {out}: {counts}")
    click.echo(f"wrote {meta_file}; serve with: datasette --immutable {out} -m {meta_file}")
