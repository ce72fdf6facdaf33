"""Formatting for the terminal: aligned tables, CSV and JSON, from rows of dicts."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any


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


def csv_text(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> str:
    """CSV with a header row, ``\\n`` line ends."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if row[c] is None else row[c] for c in columns])
    return buffer.getvalue()


def os_reason(error: OSError) -> str:
    """What an :class:`OSError` of a file the command writes says, in a few words (no errno, no traceback)."""
    if isinstance(error, FileExistsError):
        return f"{error.filename} is a file, not a folder"
    if isinstance(error, NotADirectoryError):
        return f"{error.filename}: a part of this path is a file, not a folder"
    return f"{error.strerror or error}" + (f": {error.filename}" if error.filename else "")
