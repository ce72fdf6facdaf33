"""CSV files for ``ratings import``: header checks and rows with their line numbers.

Parsers take an open text handle (or :func:`csv_lines` of a binary one) and
leave the I/O to the caller. An empty cell means the default.

Memory is bounded on any input: :func:`csv_lines` reads a file line
by line (:class:`ledger.lines.LineReader`), refusing a line over
:data:`MAX_LINE` bytes after reading that much of it, and a line that is not
UTF-8 at once, naming it; :func:`count_lines` reads a file in blocks. A file
that is not a CSV file of ours is refused at its first line, the header.
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import Iterable, Iterator
from typing import IO, Final

from ledger.errors import ImportRowError, LedgerError
from ledger.lines import BOM, LineReader
from ledger.values import TEXT_MAXIMUM

PLAYER_COLUMNS = ("player", "name", "country", "starting_rating", "source", "rated_games")
PLAYER_OPTIONAL = ("born", "reported", "sex", "title", "federation")
GAME_COLUMNS = ("game", "white", "black", "result", "finished", "tournament", "forfeit")
GAME_OPTIONAL = ("time_control", "reported", "event", "mode")

MAX_LINE: Final = 1048576
"""The longest CSV line read, in bytes: 1 MiB, over the CSV field limit (so a long cell is named as
such) and far over any row the ledger takes (its cells hold at most 200 characters)."""
_BLOCK: Final = 1048576


def csv_lines(binary: IO[bytes]) -> LineReader:
    """The lines of a UTF-8 CSV file open in binary, each at most :data:`MAX_LINE` bytes.

    NUL bytes are left to :func:`read_rows`, which names their cell.
    """
    return LineReader(binary, limit=MAX_LINE, refuse=ImportRowError, controls=False, kind="a CSV file")


def count_lines(binary: IO[bytes]) -> int:
    """The lines of a UTF-8 file, read in blocks of 1 MiB (bounded memory); bytes that are not UTF-8 are refused
    with their line as soon as they are read.

    >>> import io
    >>> count_lines(io.BytesIO(b"a\\nb\\n")), count_lines(io.BytesIO(b"a\\nb"))
    (2, 2)
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 0
    ended = True  # the last block ended a line (or there was none)
    first = True
    while block := binary.read(_BLOCK):
        if first:
            block, first = block.removeprefix(BOM), False
        pending = len(decoder.getstate()[0])  # the start of a character cut by the last block
        try:
            decoder.decode(block)
        except UnicodeDecodeError as error:
            raise ImportRowError(lines + block.count(b"\n", 0, max(0, error.start - pending)) + 1, _NOT_UTF8) from None
        lines += block.count(b"\n")
        ended = block.endswith(b"\n")
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise ImportRowError(lines + 1, _NOT_UTF8) from None
    return lines + (not ended)


_NOT_UTF8: Final = "the file is not UTF-8 text; save it as UTF-8 (nothing was recorded)"


def read_rows(
    handle: Iterable[str], required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield ``(line number, row)`` for each row; refuse a header that lacks, adds or repeats columns.

    A cell longer than Python's CSV field limit (131,072 characters) and a NUL
    byte are refused with their line; no cell the ledger takes
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
    try:  # fast: a few C calls a row
        for cells in reader:
            joined = "".join(cells)
            if not joined or joined.isspace():
                continue  # a blank line, or a row of blank cells
            if "\x00" in joined:
                _refuse_nul(reader.line_num, cells)
            if len(cells) != width:
                raise ImportRowError(reader.line_num, f"{len(cells)} cells where the header has {width}")
            if " " in joined or not joined.isprintable():  # some cell may have spaces around it
                yield reader.line_num, dict(zip(header, map(strip, cells), strict=False))
            else:  # no whitespace at all (strip removes only spaces and characters that are not printable)
                yield reader.line_num, dict(zip(header, cells, strict=False))  # widths checked above
    except csv.Error as error:  # a row the reader cannot read (a cell over the CSV field limit)
        raise ImportRowError(reader.line_num, _csv_problem(error)) from None


class FileRows:
    """The rows of the CSV file at ``path`` (:func:`read_rows` of :func:`csv_lines`), read anew each time they
    are iterated: an import reads them once, as they come; only a refusal that names an earlier line (a game
    twice in the file, chunks apart) reads them again (nothing of the file is kept meanwhile)."""

    def __init__(self, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        self.path = path
        self.required = required
        self.optional = optional

    def __iter__(self) -> Iterator[tuple[int, dict[str, str]]]:
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 (closed below)
        except OSError as error:
            raise LedgerError(f"cannot read {self.path}: {error.strerror or error}") from None
        with handle:  # bounded memory: line by line, each line bounded, not UTF-8 refused with its line
            yield from read_rows(csv_lines(handle), self.required, self.optional)


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
