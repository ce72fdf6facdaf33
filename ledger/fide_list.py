"""FIDE's monthly rating lists, read as a stream of frozen values.

FIDE publishes its lists at https://ratings.fide.com/download_lists.phtml, each
zipped: the combined list (standard, rapid and blitz) as XML
(``players_list_xml_foa.xml`` in ``players_list_xml.zip``) and as fixed-width
TXT (``players_list_foa.txt`` in ``players_list.zip``), the older combined
"legacy" TXT without the FOA column (``players_list.txt``), and one list per
rating (``standard_rating_list.txt``...). Nothing here touches storage: the
readers take a stream and yield :class:`FideEntry` values one player at a time,
so a list of two million players is read in bounded memory.

Where the formats come from (public code read for this module, none copied):

- XML: root ``<playerslist>``, one ``<player>`` per player, children
  ``fideid, name, country, sex, title, w_title, o_title, foa_title, rating,
  games, k, rapid_rating, rapid_games, rapid_k, blitz_rating, blitz_games,
  blitz_k, birthday, flag`` (``birthday`` is the year): kamicut/fide-players
  ``players.py`` and rmarabini/player_info_from_fide_database
  ``fide_download.py`` (which names the member ``players_list_xml_foa.xml``).
- TXT: the header line ``ID Number      Name ... Fed Sex Tit  WTit OTit
  FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`` with each value
  left-aligned under the first letter of its header word (Carlsen's line:
  ``2823`` at column 113, under ``SRtng``); the legacy header without ``FOA``:
  gitpan/Chess-FIDE ``t/02-FIDE.t`` (a real line of each layout) and
  ``lib/Chess/FIDE.pm``; a Go test of the backend's ``ratings`` package of
  jackstenglein/chess-dojo-scheduler ("layout copied from the real July 2026
  file: Name at 15, SRtng at 113"; file path not seen).

Columns are not hard-coded: :func:`read_txt` finds them in the file's own
header line, each column running from the first letter of its header word to
the first letter of the next (the last to the end of the line). FIDE has moved
its columns before (the legacy list has no ``FOA``, so every rating starts four
columns earlier), and a header-derived layout reads both. Header words are
matched without regard to case (FIDE writes ``SK`` but ``Rk``).

Choices where the formats are silent:

- A rating of ``0`` or blank means no such rating (FIDE writes ``0`` for the
  unrated), and the rating is None whatever its games and K say. A rating
  must be a whole number in 0..3500; games a whole number (blank: 0); K a whole
  number or blank (None).
- Birth year ``0`` or blank is None; otherwise four digits, kept as text.
- Title and flag are None when blank; name, federation and sex are kept as
  written, stripped. The FIDE id must be a positive whole number and the name
  must not be blank.
- A one-rating TXT list (``... FOA OCT26 Gms K  B-day Flag``, the month as the
  rating's header word) does not say which rating it holds: ``kind`` says it,
  and :func:`read` takes it from the file's (or zip member's) name
  (``standard``, ``rapid``, ``blitz``). The one-rating XML lists are not read
  (their element names were not found in public code).
- Blank lines and lines after the header made only of spaces are skipped.
- A TXT value that overflows its column (FIDE's notes of a few ``OTit`` values
  run into ``FOA``) does not matter for the columns read here as long as the
  values stay inside their own columns; a value with a space inside
  (``"12 1"``) is refused, naming the line.

What ``ratings import fide-list`` (:func:`ledger.file_imports.import_fide_list`) records of an entry:

- **Games.** A rating's games (``SGm``/``RGm``/``BGm``, XML ``games``/``rapid_games``/``blitz_games``) are the
  games rated in the list's period, not the player's total, so a prior never records them. Its ``games`` come
  from the K column instead (:func:`ledger.file_imports.games_from_k`): K 20 or 10 means at least 30 games
  completed (B.02 §8.3.3: K 40 until then), recorded as 30, which gives K 20 (10 from 2400 on) as FIDE does;
  K 40 (fewer than 30 games, or a junior under 2300) is recorded as 0, which gives K 40 until 30 games are
  rated in the ledger; no K, or another, as None (not known).
- **Sex, title, federation** are recorded as the ledger stores them (``M``/``F``; ``GM`` … ``WCM``; FIDE's
  three-letter code), correcting the player's registration where the list differs; a blank erases nothing.

>>> import io
>>> header = "ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit           FOA "
>>> header += "SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
>>> line = "1503014        Carlsen, Magnus" + " " * 46 + "NOR M   GM" + " " * 27
>>> line += "2823  0   10 2801  12  10 2860  0   10 1990      "
>>> entry = next(read_txt(io.StringIO(header + "\\n" + line + "\\n")))
>>> entry.fide_id, entry.name, entry.title, entry.born, entry.flag
(1503014, 'Carlsen, Magnus', 'GM', '1990', None)
>>> entry.standard, entry.rapid.games
(FideRating(rating=2823, games=0, k=10), 12)
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import IO, TYPE_CHECKING, BinaryIO, Final, Literal, NamedTuple, cast

from ledger.errors import LedgerError
from ledger.lines import LineReader

if TYPE_CHECKING:
    from pyexpat import XMLParserType

Kind = Literal["standard", "rapid", "blitz"]
KINDS: tuple[Kind, ...] = ("standard", "rapid", "blitz")
MAX_RATING = 3500


class FideRating(NamedTuple):
    """One of a player's FIDE ratings on the list: the rating, the games rated in the period, and K."""

    rating: int
    games: int
    k: int | None


class FideEntry(NamedTuple):
    """One player of a FIDE rating list."""

    line: int
    """The TXT line number (the header is line 1), or the player's ordinal in the XML (the first is 1)."""
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str | None
    born: str | None
    """The year of birth as written (``"1990"``), or None when the list gives none."""
    flag: str | None
    """FIDE's flag as written: ``i`` inactive, ``w`` woman, ``wi`` both; None when blank."""
    standard: FideRating | None
    rapid: FideRating | None
    blitz: FideRating | None


class FideListError(LedgerError):
    """A FIDE rating list the reader refuses; the message names the line (or player) and what is wrong."""

    def __init__(self, line: int | None, reason: str, *, unit: str = "line", source: str | None = None) -> None:
        where = f"{unit} {line}" if line is not None else ""
        prefix = ": ".join(part for part in (source, where) if part)
        super().__init__(f"{prefix}: {reason}" if prefix else reason)
        self.line = line
        self.unit = unit
        self.reason = reason
        self.source = source


# --- values --------------------------------------------------------------------------


def _fide_id(text: str, line: int, unit: str) -> int:
    if not text.isdigit() or int(text) == 0:
        raise FideListError(line, f"FIDE id {text!r} is not a positive whole number", unit=unit)
    return int(text)


def _whole(text: str, what: str, line: int, unit: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise FideListError(line, f"{what} {text!r} is not a whole number", unit=unit)
    return int(text)


def _rating(texts: tuple[str, ...] | None, kind: str, line: int, unit: str) -> FideRating | None:
    """The rating from its texts (rating, games, K), None when the list has no such column or gives 0."""
    if texts is None:
        return None
    rating, games, k = texts
    value = _whole(rating, f"{kind} rating", line, unit) if rating else 0
    if value > MAX_RATING:
        raise FideListError(line, f"{kind} rating {value} is outside 0..{MAX_RATING}", unit=unit)
    count = _whole(games, f"{kind} games", line, unit) if games else 0
    factor = _whole(k, f"{kind} K", line, unit) if k else None
    if value == 0:
        return None
    return FideRating(value, count, factor)


def _born(text: str, line: int, unit: str) -> str | None:
    if text in ("", "0", "0000"):
        return None
    if len(text) != 4 or not text.isascii() or not text.isdigit():
        raise FideListError(line, f"birth year {text!r} is not a year", unit=unit)
    return text


def _entry(fields: dict[str, str], ratings: dict[Kind, tuple[str, ...]], line: int, unit: str) -> FideEntry:
    """One entry from stripped field texts (``id name fed sex title born flag``) and each kind's texts."""
    fide_id = _fide_id(fields.get("id", ""), line, unit)
    name = fields.get("name", "")
    if not name:
        raise FideListError(line, f"FIDE id {fide_id} has no name", unit=unit)
    return FideEntry(
        line=line,
        fide_id=fide_id,
        name=name,
        federation=fields.get("fed", ""),
        sex=fields.get("sex", ""),
        title=fields.get("title") or None,
        born=_born(fields.get("born", ""), line, unit),
        flag=fields.get("flag") or None,
        standard=_rating(ratings.get("standard"), "standard", line, unit),
        rapid=_rating(ratings.get("rapid"), "rapid", line, unit),
        blitz=_rating(ratings.get("blitz"), "blitz", line, unit),
    )


# --- XML -------------------------------------------------------------------------------

MAX_XML_TEXT: Final = 1000
"""The longest value of a player's child element read, in characters: FIDE's longest are names."""
MAX_XML_PLAYER: Final = 65536
"""The most bytes of XML read without the end of a ``<player>``: FIDE's take some 450."""
_XML_BLOCK: Final = 65536

_XML_FIELDS = {"fideid": "id", "name": "name", "country": "fed", "sex": "sex", "title": "title"}
_XML_FIELDS |= {"birthday": "born", "flag": "flag"}
_XML_RATINGS: dict[Kind, tuple[str, str, str]] = {
    "standard": ("rating", "games", "k"),
    "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
    "blitz": ("blitz_rating", "blitz_games", "blitz_k"),
}


class _Players:
    """expat's handlers for FIDE's XML: each ``<player>`` of the root, as its children's stripped text by tag.

    Only the text of a player's children is kept (each at most :data:`MAX_XML_TEXT` characters), and only
    until the player is yielded: no tree is built (bounded memory). A ``<!DOCTYPE>`` is refused as it starts, so
    no entity is ever declared, expanded or fetched (a billion-laughs file, an external entity).
    """

    def __init__(self, parser: XMLParserType) -> None:
        self.parser = parser
        self.depth = 0
        self.player: dict[str, str] | None = None
        self.parts: list[str] | None = None
        self.size = 0
        self.done: list[dict[str, str]] = []
        self.ended = 0
        """The byte offset of the end of the last ``<player>`` read (or 0)."""

    def start(self, tag: str, attributes: object) -> None:
        self.depth += 1
        if self.depth == 1 and tag != "playerslist":
            raise FideListError(None, f"the root element is <{tag}>, not FIDE's <playerslist>")
        if tag == "player" and self.depth != 2:
            raise FideListError(self.parser.CurrentLineNumber, "a <player> inside another element", unit="XML line")
        if self.depth == 2 and tag == "player":
            self.player = {}
        elif self.depth == 3 and self.player is not None:
            self.parts, self.size = [], 0

    def text(self, data: str) -> None:
        if self.parts is not None and self.depth == 3:
            self.size += len(data)
            if self.size > MAX_XML_TEXT:
                raise FideListError(
                    self.parser.CurrentLineNumber, f"a value longer than {MAX_XML_TEXT:,} characters", unit="XML line"
                )
            self.parts.append(data)

    def end(self, tag: str) -> None:
        if self.depth == 3 and self.player is not None and self.parts is not None:
            self.player[tag] = "".join(self.parts).strip()
            self.parts = None
        elif self.depth == 2 and self.player is not None:
            self.done.append(self.player)
            self.player = None
            self.ended = self.parser.CurrentByteIndex
        self.depth -= 1

    def doctype(self, *_: object) -> None:
        raise FideListError(
            self.parser.CurrentLineNumber,
            "a <!DOCTYPE> declaration: FIDE's list has none, and its entities are not expanded",
            unit="XML line",
        )


def read_xml(handle: BinaryIO) -> Iterator[FideEntry]:
    """Each ``<player>`` of FIDE's XML list, in order; ``line`` is the player's ordinal (from 1).

    Streamed through expat in blocks of 64 KiB, keeping only the player being read: a DTD
    (and so any entity declaration: billion laughs, external entities) is refused as it starts, a value
    over :data:`MAX_XML_TEXT` characters as it is read, and :data:`MAX_XML_PLAYER` bytes without the end of
    a ``<player>`` (not FIDE's list) once read.

    >>> xml = b"<playerslist><player><fideid>1503014</fideid><name>Carlsen, Magnus</name>"
    >>> xml += b"<country>NOR</country><sex>M</sex><title>GM</title><rating>2823</rating><games>0</games>"
    >>> xml += b"<k>10</k><rapid_rating>0</rapid_rating><birthday>1990</birthday><flag></flag></player></playerslist>"
    >>> [(e.line, e.fide_id, e.federation, e.standard, e.rapid) for e in read_xml(io.BytesIO(xml))]
    [(1, 1503014, 'NOR', FideRating(rating=2823, games=0, k=10), None)]
    """
    from xml.parsers import expat  # only an import of FIDE's XML needs the parser

    unit = "player"
    parser = expat.ParserCreate()
    players = _Players(parser)
    parser.StartElementHandler = players.start
    parser.EndElementHandler = players.end
    parser.CharacterDataHandler = players.text
    parser.StartDoctypeDeclHandler = players.doctype
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    ordinal = 0
    fed = 0
    while True:
        block = handle.read(_XML_BLOCK)
        try:
            parser.Parse(block, not block)
        except expat.ExpatError as error:
            reason = expat.ErrorString(error.code)
            raise FideListError(
                error.lineno, f"column {error.offset + 1}: not well-formed XML ({reason})", unit="XML line"
            ) from None
        fed += len(block)
        for texts in players.done:
            ordinal += 1
            fields = {key: texts.get(tag, "") for tag, key in _XML_FIELDS.items()}
            ratings = {kind: tuple(texts.get(tag, "") for tag in tags) for kind, tags in _XML_RATINGS.items()}
            yield _entry(fields, ratings, ordinal, unit)
        players.done.clear()
        if not block:
            return
        if fed - players.ended > MAX_XML_PLAYER:
            raise FideListError(
                ordinal + 1,
                f"over {MAX_XML_PLAYER // 1024} KiB of XML without the end of a <player>: not FIDE's list",
                unit=unit,
            )


# --- TXT -------------------------------------------------------------------------------

_TXT_FIELDS = {"id number": "id", "name": "name", "fed": "fed", "sex": "sex", "tit": "title"}
_TXT_FIELDS |= {"b-day": "born", "flag": "flag"}
_TXT_RATINGS: dict[Kind, tuple[str, str, str]] = {
    "standard": ("srtng", "sgm", "sk"),
    "rapid": ("rrtng", "rgm", "rk"),
    "blitz": ("brtng", "bgm", "bk"),
}
MAX_TXT_LINE: Final = 4096
"""The longest TXT line read, in bytes: FIDE's are 162 (the legacy list's 158)."""
_MONTH = re.compile(r"[a-z]{3}\d{2}")
"""The rating's header word of a one-rating list: the list's month, ``OCT26`` (matched lower-cased)."""


class _Layout(NamedTuple):
    fields: tuple[tuple[str, int, int | None], ...]
    """(field key, start, end) for each field read; end None: to the end of the line."""
    ratings: tuple[tuple[Kind, tuple[tuple[int, int | None], ...]], ...]
    """(kind, ((start, end) of rating, of games, of K)) for each rating the list holds."""


_ABSENT = (0, 0)
"""The span of a column the header lacks: an empty slice."""


def _header_columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each header word (lower-cased; ``ID Number`` is one) with the columns it heads."""
    words: list[tuple[int, str]] = []
    for match in re.finditer(r"\S+", header):
        word = match.group().lower()
        if word == "number" and words and words[-1][1] == "id":
            words[-1] = (words[-1][0], "id number")
        else:
            words.append((match.start(), word))
    columns: dict[str, tuple[int, int | None]] = {}
    for index, (start, word) in enumerate(words):
        end = words[index + 1][0] if index + 1 < len(words) else None
        columns.setdefault(word, (start, end))
    return columns


def _layout(header: str, kind: Kind | None) -> _Layout:
    columns = _header_columns(header)
    if "id number" not in columns or "name" not in columns:
        raise FideListError(1, "not a FIDE rating list: the header has no 'ID Number' and 'Name' columns")
    fields = tuple((key, *columns.get(word, _ABSENT)) for word, key in _TXT_FIELDS.items())
    ratings: list[tuple[Kind, tuple[tuple[int, int | None], ...]]] = []
    for each, words in _TXT_RATINGS.items():
        if words[0] in columns:
            ratings.append((each, tuple(columns.get(word, _ABSENT) for word in words)))
    month = next((word for word in columns if _MONTH.fullmatch(word)), None)
    if not ratings and month is not None and "gms" in columns:
        if kind is None:
            raise FideListError(1, f"a one-rating list ({month.upper()}): say which rating it holds")
        ratings.append((kind, (columns[month], columns["gms"], columns.get("k", _ABSENT))))
    if not ratings:
        raise FideListError(1, "not a FIDE rating list: the header names no rating column (SRtng, RRtng, BRtng)")
    return _Layout(fields, tuple(ratings))


_FREE_TEXT = frozenset({"name"})
"""Fields that may hold spaces; every other value is one word, or it ran into the next column."""


def _cut(text: str, key: str, start: int, end: int | None, line: int) -> str:
    value = text[start:end].strip()
    if " " in value and key not in _FREE_TEXT:
        raise FideListError(line, f"{key} {value!r} at column {start + 1} runs into the next column")
    return value


def _check_text(text: str, line: int) -> None:
    """Refuse a line that held bytes its decoder could not read (kept as surrogates by ``surrogateescape``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise FideListError(line, "not UTF-8 text") from None


def read_txt(handle: Iterable[str], *, kind: Kind | None = None) -> Iterator[FideEntry]:
    """Each player of FIDE's fixed-width TXT list, in order, with its line number (the header is line 1).

    The columns are those of the file's header line (see the module's docstring).
    ``kind`` names the rating of a one-rating list (``standard``, ``rapid`` or
    ``blitz``); a combined list ignores it.
    """
    number = 0
    layout: _Layout | None = None
    try:
        for number, raw in enumerate(handle, start=1):
            text = raw.rstrip("\r\n")
            if layout is None:
                layout = _layout(text.lstrip("\ufeff"), kind)
                continue
            if not text.strip():
                continue
            if not text.isascii():
                _check_text(text, number)
            fields = {key: _cut(text, key, start, end, number) for key, start, end in layout.fields}
            ratings = {
                each: tuple(_cut(text, each, start, end, number) for start, end in spans)
                for each, spans in layout.ratings
            }
            yield _entry(fields, ratings, number, "line")
    except UnicodeDecodeError:  # a strict decoder reads ahead: the bad bytes are on this line or a later one
        raise FideListError(number + 1, "not UTF-8 text (here or in the lines after)") from None
    if layout is None:
        raise FideListError(1, "empty file: no header line")


# --- files -------------------------------------------------------------------------------


def _kind_from_name(name: str) -> Kind | None:
    lowered = os.path.basename(name).lower()
    return next((each for each in KINDS if each in lowered), None)


def _once(entries: Iterator[FideEntry], unit: str, once: Collection[int]) -> Iterator[FideEntry]:
    """The entries, refusing a FIDE id of ``once`` listed twice, naming both; only those ids are
    remembered, so the memory is theirs, not the list's."""
    seen: dict[int, int] = {}
    for entry in entries:
        if entry.fide_id in once:
            first = seen.setdefault(entry.fide_id, entry.line)
            if first != entry.line:
                raise FideListError(
                    None, f"{unit}s {first} and {entry.line}: FIDE id {entry.fide_id} is on the list twice"
                )
        yield entry


def _read_stream(binary: IO[bytes], name: str, once: Collection[int] = ()) -> Iterator[FideEntry]:
    """Entries of an open binary stream, XML or TXT by its first bytes.

    ``binary`` is a file opened ``rb`` (a :class:`io.BufferedReader`) or a zip
    member (a :class:`zipfile.ZipExtFile`): both can ``peek`` without consuming.
    """
    buffered = cast(io.BufferedReader, binary)
    start = buffered.peek(256)[:256].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not start:
        raise FideListError(None, "empty file")
    if start.startswith(b"<"):
        yield from _once(read_xml(cast(BinaryIO, buffered)), "player", once)
    else:
        # bounded memory: line by line, a line over MAX_TXT_LINE bytes or not UTF-8 refused as it is read
        lines = LineReader(buffered, limit=MAX_TXT_LINE, refuse=FideListError, kind="FIDE's rating list")
        yield from _once(read_txt(lines, kind=_kind_from_name(name)), "line", once)


def _told(
    entries: Iterator[FideEntry], stream: IO[bytes], size: int, progress: Callable[[int, int], None] | None
) -> Iterator[FideEntry]:
    """``entries``, telling ``progress`` the bytes of ``stream`` read, of ``size``, every 1000 of them."""
    if progress is None:
        yield from entries
        return
    for count, entry in enumerate(entries, start=1):
        yield entry
        if count % 1000 == 0:
            progress(min(stream.tell(), size), size)
    progress(size, size)


def read(
    path: str, *, once: Collection[int] = (), progress: Callable[[int, int], None] | None = None
) -> Iterator[FideEntry]:
    """Each player of the FIDE list at ``path``: XML (starts with ``<``) or TXT, or a zip holding one such file.

    A FIDE id of ``once`` (those the caller records: the ledger's players) listed twice is refused naming
    both lines: which of the two is his rating?

    The zip's member is streamed, never extracted. Errors name ``path`` (and the
    zip member) before the line. A one-rating TXT list's rating is taken from
    the file's name (``standard``, ``rapid`` or ``blitz`` in it). ``progress`` is told the bytes read (of a zip:
    its list's, uncompressed) and of how many, for a progress bar.
    """
    source = path
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                members = [info for info in archive.infolist() if not info.is_dir()]
                if len(members) != 1:
                    names = ", ".join(info.filename for info in members) or "none"
                    raise FideListError(None, f"a zip must hold exactly one list, this one holds: {names}")
                source = f"{path}:{members[0].filename}"
                with archive.open(members[0]) as member:
                    entries = _read_stream(member, members[0].filename, once)
                    yield from _told(entries, member, members[0].file_size, progress)
        else:
            with open(path, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                yield from _told(_read_stream(handle, path, once), handle, size, progress)
    except FideListError as error:
        raise FideListError(error.line, error.reason, unit=error.unit, source=source) from None
    except (OSError, zipfile.BadZipFile, EOFError) as error:
        raise FideListError(None, f"cannot read the list: {error}", source=source) from None
