"""CSV files for ``ratings import``: header checks and rows with their line numbers.

Parsers take an open text handle and leave the I/O to the caller. An empty
cell means the default.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import TextIO

from ledger.errors import ImportRowError

PLAYER_COLUMNS = ("player", "name", "country", "starting_rating", "source", "rated_games")
PLAYER_OPTIONAL = ("born", "reported")
GAME_COLUMNS = ("game", "white", "black", "result", "finished", "tournament", "forfeit")
GAME_OPTIONAL = ("time_control", "reported")


def read_rows(
    handle: TextIO, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield ``(line number, row)`` for each row; refuse a header that lacks or adds columns."""
    reader = csv.reader(handle)
    try:
        header = [name.strip() for name in next(reader)]
    except StopIteration:
        raise ImportRowError(1, f"the file is empty; expected a header: {','.join(required)}") from None
    missing = [c for c in required if c not in header]
    unknown = [c for c in header if c not in required and c not in optional]
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing columns: {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown columns: {', '.join(unknown)}")
        raise ImportRowError(
            1,
            f"{'; '.join(parts)} (expected {','.join(required)}"
            + (f", optionally {','.join(optional)})" if optional else ")"),
        )
    width = len(header)
    strip = str.strip
    for cells in reader:
        if not "".join(cells).strip():
            continue  # a blank line, or a row of blank cells
        if len(cells) != width:
            raise ImportRowError(reader.line_num, f"{len(cells)} cells where the header has {width}")
        yield reader.line_num, dict(zip(header, map(strip, cells), strict=True))
