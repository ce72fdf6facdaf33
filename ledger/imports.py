"""CSV files for ``ratings import``: header checks and rows with their line numbers.

Parsers take an open text handle and leave the I/O to the caller. An empty
cell means the default.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

from ledger.errors import ImportRowError
from ledger.values import TEXT_MAXIMUM

if TYPE_CHECKING:
    import _csv


PLAYER_COLUMNS = ("player", "name", "country", "starting_rating", "source", "rated_games")
PLAYER_OPTIONAL = ("born", "reported")
GAME_COLUMNS = ("game", "white", "black", "result", "finished", "tournament", "forfeit")
GAME_OPTIONAL = ("time_control", "reported", "event", "mode")


def read_rows(
    handle: TextIO, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield ``(line number, row)`` for each row; refuse a header that lacks, adds or repeats columns.

    A cell longer than Python's CSV field limit (131,072 characters) and a NUL
    byte are refused with their line (issue 10 §3); no cell the ledger takes
    is longer than 200 characters, so nothing valid is lost.
    """
    reader = csv.reader(handle)
    try:
        header = [name.strip() for name in next(reader)]
    except StopIteration:
        raise ImportRowError(1, f"the file is empty; expected a header: {','.join(required)}") from None
    except csv.Error as error:
        raise ImportRowError(reader.line_num or 1, _csv_problem(error)) from None
    _refuse_nul(1, header)
    repeated = sorted({c for c in header if header.count(c) > 1})
    if repeated:
        raise ImportRowError(1, f"the header repeats the column {', '.join(repeated)}: each column appears once")
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
    for cells in _rows(reader):
        joined = "".join(cells)
        if not joined.strip():
            continue  # a blank line, or a row of blank cells
        if "\x00" in joined:
            _refuse_nul(reader.line_num, cells)
        if len(cells) != width:
            raise ImportRowError(reader.line_num, f"{len(cells)} cells where the header has {width}")
        yield reader.line_num, dict(zip(header, map(strip, cells), strict=True))


def _rows(reader: _csv.Reader) -> Iterator[list[str]]:
    """The reader's rows; a row it cannot read (a cell over the CSV field limit) is refused with its line."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise ImportRowError(reader.line_num, _csv_problem(error)) from None
        yield cells


def _csv_problem(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return (
            f"a cell holds more than {csv.field_size_limit():,} characters: no column of the ledger takes more than "
            f"{TEXT_MAXIMUM}"
        )
    return f"not a readable CSV row ({error})"


def _refuse_nul(line: int, cells: list[str]) -> None:
    for number, cell in enumerate(cells, start=1):
        if "\x00" in cell:
            raise ImportRowError(line, f"cell {number} holds a NUL byte: the file is not a text CSV file")
