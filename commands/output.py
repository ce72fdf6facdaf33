"""Formatting for the terminal: aligned tables, CSV and JSON, from rows of dicts.

:func:`emit` is the one emitter every command's ``--format`` goes through.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any

Rows = Sequence[dict[str, Any]]
"""Rows of a command's answer, one dict a row, keyed by column."""

Table = Callable[[Rows, Sequence[str]], str]
"""A table renderer of rows and their columns (:func:`table` by default)."""


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], headers: Sequence[str] | None = None) -> str:
    """An aligned plain-text table; a column of numbers right-aligned, every other left-aligned; no trailing
    spaces.

    Made a column at a time, as a list of 20,000 players needs it fast: each column's width from its values
    (a column of whole numbers from its largest and smallest), then every line by one ``%`` of a template
    of the widths (``%Ns`` pads as ``rjust``, ``%-Ns`` as ``ljust``; ``%s`` is ``str``).

    >>> print(table([{"player": "1001", "rating": 1512, "note": None}, {"player": "1002", "rating": -98.5,
    ...              "note": "x"}], ["player", "rating", "note"]), end="")
    player  rating  note
    ------  ------  ----
    1001      1512
    1002     -98.5  x
    """
    heads = list(headers or columns)
    columns_values = [list(map(itemgetter(column), rows)) for column in columns]
    specs: list[str] = []
    widths: list[int] = []
    for head, values in zip(heads, columns_values, strict=True):
        numeric = bool(rows) and all(map(isinstance, values, repeat((int, float))))
        if None in values:
            values[:] = ["" if v is None else v for v in values]
        kinds = set(map(type, values))
        if values and kinds <= {int}:
            width = max(len(str(max(values))), len(str(min(values))))
        elif kinds <= {str}:
            width = max(map(len, values), default=0)
        else:
            width = max(map(len, map(str, values)), default=0)
        width = max(width, len(head))
        widths.append(width)
        specs.append(f"%{'' if numeric else '-'}{width}s")
    template = "  ".join(specs)
    lines = [template % tuple(heads), template % tuple("-" * w for w in widths)]
    lines += map(template.__mod__, zip(*columns_values, strict=True))
    return "\n".join(map(str.rstrip, lines)) + "\n"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes for the start of a formula in a CSV cell (OWASP, "CSV Injection")."""

_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?", re.ASCII)


def csv_cell(value: Any) -> Any:
    """A cell as every CSV the ledger writes holds it: text that a spreadsheet would run as a
    formula (beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading ``'``, as
    OWASP recommends; a number, or text that is one (``-12``, ``+10``: a rating change), is left as it is.
    New free text beginning so is refused at the door (:func:`ledger.values.check_free_text`); this covers
    facts recorded before that rule, and every other cell (ids).

    >>> [csv_cell(v) for v in ["=HYPERLINK(A1)", "@SUM(A1)", "-12", "+10", -12, "-", "Anna", None]]
    ["'=HYPERLINK(A1)", "'@SUM(A1)", '-12', '+10', -12, "'-", 'Anna', '']
    """
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> str:
    """CSV with a header row, ``\\n`` line ends; every cell through :func:`csv_cell`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([csv_cell(row[c]) for c in columns])
    return buffer.getvalue()


def emit(
    fmt: str,
    rows: Rows,
    columns: Sequence[str],
    headers: Sequence[str] | None = None,
    *,
    json_text: Callable[[], str] | None = None,
    table_text: Table | None = None,
) -> str:
    """The rows in the format ``fmt`` a command's ``--format`` names: ``table`` (:func:`table` with
    ``headers``, or ``table_text``), ``csv`` (:func:`csv_text`) or ``json`` (``json_text()``, the
    canonical bytes of what the rows come from).

    >>> rows = [{"player": "1001", "rating": 1512}, {"player": "1002", "rating": 987}]
    >>> print(emit("table", rows, ["player", "rating"], ["player", "rating"]), end="")
    player  rating
    ------  ------
    1001      1512
    1002       987
    >>> print(emit("csv", rows, ["player", "rating"]), end="")
    player,rating
    1001,1512
    1002,987
    """
    if fmt == "json":
        if json_text is None:
            raise ValueError("this command has no JSON format")
        return json_text()
    if fmt == "csv":
        return csv_text(rows, columns)
    if table_text is not None:
        return table_text(rows, columns)
    return table(rows, columns, headers)


FORMATS = ["table", "csv", "json"]
"""The formats of every command that prints a table or a record (``--format``:
:func:`commands.options.format_option`)."""

JSON_KEYS: dict[str, dict[str, str]] = {
    "list": {
        "rules": "string",
        "period": "string, YYYY-MM",
        "players": "array of objects, a player each, with the columns of the table (the system's keys)",
    },
    "players": {
        "lists": "object: each --rules version → the period of its latest list (string or null)",
        "players": "array of objects: player, name, country, federation, sex, title, born, fide_id (strings or null), "
        "national_ids (object), status (string), lists (object: rules → {rating, status} or null)",
    },
    "pool": {
        "rules": "string",
        "periods": "array of objects, a period each: "
        + ", ".join(
            ["period", "listed", "mean", "median", "entered", "entered_points", "left", "left_points", "drift", "net"]
        ),
    },
    "history": {
        "player": "string",
        "name": "string",
        "histories": "array of objects, one a --rules: rules (string), rows (array of objects, the table's columns)",
    },
    "explain": {
        "player": "string",
        "name": "string",
        "rules": "string",
        "period": "string, YYYY-MM",
        "before": "object, name → number, string or null: his terms on the list before (empty: not rated)",
        "games": (
            "array of objects, a game a row, keyed by the table's headings, each cell its value (number, string "
            "or null), and opponent_name beside the opponent's id"
        ),
        "terms": "object, name → number, string or null: the period's terms",
        "after": "object, name → number, string or null: his terms after (empty: not rated)",
        "statements": "array of strings: every line the text says, but the table and blank lines",
        "since_published": "string or null: the text of --since-published",
    },
    "diff": {
        "period": "string, YYYY-MM",
        "first": "object: rules (string), known_at (string or null)",
        "second": "object: rules (string), known_at (string or null)",
        "changes": "array of objects: player, name (strings), before, after (object of rating, status, position; "
        "null: off the list), change (integer or null)",
    },
    "event list": {"events": "array of objects, an event each, the table's columns"},
    "event show": {
        "event": "string",
        "void": "boolean",
        "facts": "object: each fact of the event now (name, type, start, end, ...; null where not recorded)",
        "withdrawn": "array of objects: player, on (strings), silent (boolean)",
        "byes": "array of objects: player (string), round (integer), kind (string), points (number or null)",
        "history": "array of objects: position (integer), kind, reported (strings), facts (object)",
        "games": "array of objects, a game each: game, white, black, result, finished, forfeit, adjudicated",
        "crosstable": "object or null: rules (string), rows (array of objects, the crosstable's columns)",
    },
    "event status": {
        "event": "string",
        "void": "boolean",
        "systems": "array of objects: rules (string), rated (array of game ids), periods (array of strings), "
        "left_out (array of objects: game, reason)",
    },
    "rules": {
        "rules": "array of objects: name, in_force_from (strings), until (string or null), status (string), "
        "changes (array of objects: clause, description)",
    },
    "convert": {
        "from": "string",
        "to": "string",
        "given": "number",
        "value": "number, exact (not rounded)",
        "formula": "string",
        "condition": "string: the branch of the formula that applied (empty: the only one)",
        "on": "string or null, YYYY-MM-DD: the date asked for",
        "in_force": "string",
        "source": "string",
    },
    "game show": {
        "game": "string",
        "known_at": "string or null",
        "recorded": "object, a log entry: position (integer), type (string), facts (object), recorded_by, "
        "reported_on (strings)",
        "amendments": "array of log entries, in log order",
        "now": "object: the game's facts as it stands, status (string), adjudicated (object of result, on; or null)",
        "withheld": "string or null: why no list uses the game",
        "players": "object: white, black → object of player, name, federation, sex, title",
    },
    "log": {
        "position": "integer (a line each event: JSON Lines, not one object)",
        "type": "string",
        "facts": "object",
        "recorded_by": "string",
        "reported_on": "string, YYYY-MM-DD",
    },
    "convert --list": {"conversions": "array of objects: from, to, in_force, formula, source (strings)"},
}
"""The keys of each command's ``--format json`` answer (one JSON object), and each one's type: what
docs/formats.md lists, and what :func:`json_answer` writes (a test runs each and compares)."""


def json_answer(command: str, answer: Mapping[str, Any]) -> str:
    """``answer``, the object of ``command``'s ``--format json``, as JSON text (indented, a line end after),
    holding exactly the keys :data:`JSON_KEYS` declares for it.

    >>> print(json_answer("event list", {"events": []}), end="")
    {
      "events": []
    }
    """
    if list(answer) != list(JSON_KEYS[command]):
        raise AssertionError(f"{command}: JSON keys {list(answer)} are not {list(JSON_KEYS[command])}")
    return json.dumps(answer, ensure_ascii=False, indent=2) + "\n"


def os_reason(error: OSError) -> str:
    """What an :class:`OSError` of a file the command writes says, in a few words (no errno, no traceback)."""
    if isinstance(error, FileExistsError):
        return f"{error.filename} is a file, not a folder"
    if isinstance(error, NotADirectoryError):
        return f"{error.filename}: a part of this path is a file, not a folder"
    return f"{error.strerror or error}" + (f": {error.filename}" if error.filename else "")
