"""Formatting for the terminal: aligned tables, CSV and JSON, from rows of dicts.

:func:`emit` is the one emitter every command's ``--format`` goes through.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Rows = Sequence[dict[str, Any]]
"""Rows of a command's answer, one dict a row, keyed by column."""

Table = Callable[[Rows, Sequence[str]], str]
"""A table renderer of rows and their columns (:func:`table` by default)."""


def table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], headers: Sequence[str] | None = None) -> str:
    """An aligned plain-text table; numbers right-aligned."""
    heads = list(headers or columns)
    cells = [["" if row[c] is None else str(row[c]) for c in columns] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(heads)]
    numeric = [all(isinstance(row[c], int | float) for row in rows) and bool(rows) for c in columns]

    def line(values: Sequence[str]) -> str:
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=False)]
        return "  ".join(parts).rstrip()

    out = [line(heads), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return "\n".join(out) + "\n"


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""Issue 22 §5: what a spreadsheet takes for the start of a formula in a CSV cell (OWASP, "CSV Injection")."""

_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?", re.ASCII)


def csv_cell(value: Any) -> Any:
    """A cell as every CSV the ledger writes holds it (issue 22 §5): text that a spreadsheet would run as a
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
    """CSV with a header row, ``\\n`` line ends; every cell through :func:`csv_cell` (issue 22 §5)."""
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


def os_reason(error: OSError) -> str:
    """What an :class:`OSError` of a file the command writes says, in a few words (no errno, no traceback)."""
    if isinstance(error, FileExistsError):
        return f"{error.filename} is a file, not a folder"
    if isinstance(error, NotADirectoryError):
        return f"{error.filename}: a part of this path is a file, not a folder"
    return f"{error.strerror or error}" + (f": {error.filename}" if error.filename else "")
