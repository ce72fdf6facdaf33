"""The lines of a user's file, read in bounded memory.

Every reader of a file someone else wrote (CSV, TRF, PGN, FIDE's TXT list)
takes its lines from :class:`LineReader`: the file is opened in binary and
read one line at a time with ``readline(limit + 2)``, so a line longer than
the reader's limit is refused after at most ``limit + 2`` bytes of it, however
long the file's one line may be (a 1 GiB file without a newline costs the
limit, not a gigabyte). Each line is decoded on its own, so an undecodable
byte is refused naming its own line, at once.

Choices:

- Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (universal newlines, as
  Python's text files read them); a line is yielded with its ending (the CSV
  reader and python-chess need it), and the limit counts the bytes before it.
- A UTF-8 byte order mark at the start of the file is dropped.
- Decoding is strict UTF-8; ``fallback`` (the TRF reader's ``latin-1``, for
  Swiss-Manager's older files) decodes a line that is not UTF-8 instead of
  refusing it. Line by line, a UTF-8 file with one Latin-1 line keeps its
  other names right.
- ``controls``: a line holding a NUL byte or another C0 control character
  (other than tab, form feed, vertical tab and DOS's end-of-file mark
  ``\\x1a``) is refused: the file is not text (random bytes hold one in most
  lines of 256 bytes). The CSV reader turns it off: it names the cell.
- ``max_bytes`` bounds the whole file, for readers that keep all of it (a
  tournament report).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import IO, Final

from ledger.errors import FileLineError, LedgerError

BOM: Final = b"\xef\xbb\xbf"
CONTROL: Final = re.compile(rb"[\x00-\x08\x0e-\x19\x1b-\x1f]")
"""Bytes that no text file of ours holds: C0 controls but tab, line feed, vertical tab, form feed, CR and ``\\x1a``."""
_LONE_CR: Final = re.compile(rb"\r(?!\n)")

Refusal = Callable[[int, str], LedgerError]
"""Makes a reader's own refusal from a line number and a reason (:class:`FileLineError` by default)."""


def megabytes(size: int) -> str:
    """A byte count as the messages write it: ``1 MiB``, ``4,096 bytes``."""
    return f"{size // 1048576:,} MiB" if size % 1048576 == 0 else f"{size:,} bytes"


class LineReader:
    """The decoded lines of a binary stream, each with its ending, refused as soon as one breaks a limit.

    >>> import io
    >>> list(LineReader(io.BytesIO(b"\\xef\\xbb\\xbfone\\r\\ntwo\\rthree"), limit=8))
    ['one\\r\\n', 'two\\r', 'three']
    >>> list(LineReader(io.BytesIO(b"short\\nmuch too long\\n"), limit=8))
    Traceback (most recent call last):
    ...
    ledger.errors.FileLineError: line 2: the line is longer than 8 bytes: not a file of this kind
    """

    def __init__(
        self,
        binary: IO[bytes],
        *,
        limit: int,
        refuse: Refusal = FileLineError,
        fallback: str | None = None,
        controls: bool = True,
        max_bytes: int | None = None,
        kind: str = "a file of this kind",
    ) -> None:
        self._binary = binary
        self.limit = limit
        self._refuse = refuse
        self._fallback = fallback
        self._controls = controls
        self._max_bytes = max_bytes
        self._kind = kind
        self.number = 0
        """The number of the last line yielded (0 before the first)."""
        self.consumed = 0
        """The bytes read so far."""

    def __iter__(self) -> Iterator[str]:
        for raw in self._raw_lines():
            self.number += 1
            yield self._decode(raw)

    def _raw_lines(self) -> Iterator[bytes]:
        """Each line's bytes with its ending; the start of a line is carried over until its end is read."""
        carry = b""
        first = True
        while True:
            want = self.limit + 2 - len(carry)
            chunk = self._binary.readline(want)
            self.consumed += len(chunk)
            if self._max_bytes is not None and self.consumed > self._max_bytes:
                raise self._refuse(
                    self.number + 1, f"the file is longer than {megabytes(self._max_bytes)}: not {self._kind}"
                )
            if first:
                first = False
                chunk = chunk.removeprefix(BOM)
            if not carry and chunk.endswith(b"\n") and b"\r" not in chunk:  # the usual line, read whole
                yield self._check(chunk)
                continue
            raw = carry + chunk
            ended = chunk.endswith(b"\n")
            eof = not ended and len(chunk) < want
            held = b""
            if not ended and not eof and raw.endswith(b"\r"):  # maybe the CR of a CR LF cut by the read
                raw, held = raw[:-1], b"\r"
            pieces = _LONE_CR.split(raw)
            for piece in pieces[:-1]:
                yield self._check(piece + b"\r")
            last = pieces[-1]
            if ended or eof:
                if last:
                    yield self._check(last)
                if eof:
                    return
                carry = b""
            else:
                carry = last + held
                if len(last) > self.limit:
                    raise self._too_long()

    def _check(self, raw: bytes) -> bytes:
        if len(raw.rstrip(b"\r\n")) > self.limit:
            raise self._too_long()
        return raw

    def _too_long(self) -> LedgerError:
        """The line after the last one yielded is too long (each yielded line was counted when taken)."""
        return self._refuse(self.number + 1, f"the line is longer than {megabytes(self.limit)}: not {self._kind}")

    def _decode(self, raw: bytes) -> str:
        if self._controls and (found := CONTROL.search(raw)) is not None:
            what = "a NUL byte" if found.group() == b"\x00" else f"the control byte 0x{found.group()[0]:02x}"
            raise self._refuse(self.number, f"the line holds {what}: not a text file")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            if self._fallback is not None:
                return raw.decode(self._fallback)
            raise self._refuse(self.number, f"not UTF-8 text ({error.reason})") from None
