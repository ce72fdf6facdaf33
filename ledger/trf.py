"""FIDE Tournament Report Files (TRF16 and TRF-2026), read into frozen values.

Implements the fixed-column layout of *FIDE Handbook C.04 Annex 2, Format of
Tournament Report File* (TRF16, and its 2026 edition "TRF26", applied from
1 September 2025). Only what the ledger imports is read:

- event lines 012 name, 022 city, 032 federation, 042/052 start and end,
  092 type, 102 chief arbiter, 112 deputy arbiters (TRF16: one line, the
  names parted by commas; TRF-2026: one line an arbiter: several 112 lines
  are one name each, one 112 line is split at its commas), 122 allotted times (free text in both
  editions), 132 round dates (TRF16/TRF26: YY/MM/DD, round 1 in columns
  92-99, round 2 in 102-109, ...);
- TRF-2026 only: 162 the scoring system, of which only ``P`` (the points of a
  pairing-allocated bye, columns 7-10 after a ``P`` in column 6, 15, 24...) is
  kept; 192 "Encoded Type Of Tournament" (e.g. ``FIDE_DUTCH_2025``)
  and 222 "Encoded Time Control" (``5400+30`` for 90 minutes + 30 seconds a
  move, ``40/6000+30:900+30`` for 100'/40 moves + 15', 30" from move 1), kept
  as written; 240 bye records (``240 H 003  026  047``: type in column 5,
  round in 7-9, then the players' start ranks in 11-14, 16-19, ...), folded
  into those players' round columns as if written ``0000 - H`` there;
- player lines 001 (TRF16 table "Player section", columns 1-based):
  1-3 ``001``, 5-8 start rank, 10 sex, 11-13 title, 15-47 name,
  49-52 FIDE rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
  81-84 points, 86-89 rank; then for round *r* the ten columns from
  ``92 + 10 (r - 1)``: 92-95 opponent's start rank (``0000`` or blank: none),
  97 colour (``w``, ``b``, ``-``), 99 result.

Every other line (062, 072, 142, XXR, DAT, TRF-2026's national rating
records, ``###`` comments...) is skipped.

TRF-2026 (FIDE Handbook C.04 Annex 2, "Format of Tournament Report File,
Version 2026", approved 12/05/2025, applied from 01/09/2025) keeps TRF16's
001 columns, its 042/052/132 date formats and its result codes; besides the
lines above it says "Letter codes are case-insensitive" (note to the result
table), so ``W``/``B`` colours and ``h``/``f``/``u``/``z``/``w``/``d``/``l``
results are read as ``w``/``b`` and ``H F U Z W D L``. (Read from the
transcription of TRF26.pdf in github.com/echecsjs/trf SPEC.md; see
tests/data/trf/README.md.)

The parser is pure: :func:`parse` takes the file's text, :func:`read` an open binary stream, read
line by line (:class:`ledger.lines.LineReader`, in bounded memory), and neither touches storage.

Memory is bounded on any input: a line over :data:`MAX_LINE` bytes, a file over
:data:`MAX_BYTES`, a NUL or other control byte, and a file whose first :data:`KIND_LINES`
non-blank lines hold no TRF record (three digits and a space: ``012 ``, ``001 ``) are refused
as they are read, naming the line. Lines that are not UTF-8 are read as Latin-1 (Swiss-Manager's
older files), each line on its own.

Choices where the text is silent or real files depart from it:

- Dates are returned as ISO text. The spec writes 042/052 as YYYY/MM/DD and
  132 as YY/MM/DD, but real files also write DD/MM/YYYY, DD.MM.YYYY and
  ``28. 07. 2005``. Separators ``/ . -`` and spaces are accepted; a
  four-digit first part is the year (YYYY/MM/DD); a four-digit last part is
  the year (DD/MM/YYYY); three two-digit parts are YY/MM/DD as the spec says,
  and YY means 20YY (TRF dates from 2006 on); lichess's TRF writes an English
  month, ``May 29, 2020``, read as such. Anything else is a TrfError.
- A birth date may be a year alone (``1981``): it is kept as ``"1981"``;
  a full one becomes ``YYYY-MM-DD``; blank or ``0000/00/00`` is None.
- Rating ``0`` or blank, FIDE id ``0`` or blank: None (unrated, no id).
- Without an opponent, the result must be a bye code ``H F U Z``, blank,
  or ``+``/``-`` (some programs write a pairing-allocated bye or an
  absence as ``0000 - +`` / ``0000 - -``); none of these is a game.
- With an opponent, colour ``-`` is accepted only for a forfeit (``+``/``-``),
  as in FIDE's own example file; such a pairing has no known colours.
- A double forfeit (``-`` on both lines) counts as complementary.
- Players' round columns are padded with blank rounds to the longest line.
- A 001 line must reach its points (columns 81-84) and give them: a line cut
  before them (a file cut at column 60 keeps names and ids but no result) is not a player line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import IO, Final, NamedTuple

from ledger.errors import FileLineError
from ledger.lines import LineReader

# TRF16 "Player section": 1-based inclusive columns, turned into slices.
_START_RANK = slice(4, 8)
_SEX = slice(9, 10)
_TITLE = slice(10, 13)
_NAME = slice(14, 47)
_RATING = slice(48, 52)
_FEDERATION = slice(53, 56)
_FIDE_ID = slice(57, 68)
_BIRTH = slice(69, 79)
_POINTS = slice(80, 84)
_RANK = slice(85, 89)
_FIRST_ROUND = 91  # column 92, 0-based
_ROUND_WIDTH = 10  # TRF16: each round takes ten columns (8 of data, 2 blank)
_PLAYER_WIDTH = 89  # a 001 line without rounds ends at column 89
_POINTS_END = 84  # a 001 line reaches its points, columns 81-84

MAX_LINE: Final = 4096
"""The longest TRF line read, in bytes: a 001 line of 400 rounds (91 + 10 a round)."""
MAX_BYTES: Final = 4 * 1048576
"""The longest TRF file read: 4 MiB, the most players a report can number (9,999: the start rank has
four columns) with 33 rounds each. A report is kept whole while it is checked, so its size bounds the memory:
some 80 MB for 4 MiB of 001 lines (a 16 MiB file took 320 MB)."""
KIND_LINES: Final = 20
"""A file none of whose first 20 non-blank lines is a TRF record is not a tournament report."""
_RECORD: Final = re.compile(r"\d{3}(?: |$)")

RESULTS_WITH_OPPONENT = frozenset("10=+-WDL")
"""TRF16 result codes of a pairing: 1 0 = played; + - forfeit; W D L under one move."""

RESULTS_WITHOUT_OPPONENT = frozenset("HFUZ+-")
"""TRF16 bye codes (H half-point, F full-point, U pairing-allocated, Z zero), plus + - (see module docstring)."""

_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


class TrfError(FileLineError):
    """A TRF file the reader refuses; the message names the line(s) and what is wrong."""


class RoundEntry(NamedTuple):
    """One round's columns of a 001 line."""

    round: int
    opponent: int | None
    """The opponent's start rank; None for ``0000`` or blank."""
    colour: str
    """``w``, ``b`` or ``-``."""
    result: str
    """A TRF16 result code, or ``""`` for blank."""


class Player(NamedTuple):
    """A 001 line."""

    line: int
    start_rank: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: int | None
    birth: str | None
    """ISO text at the precision written: ``1981`` or ``1981-04-13``."""
    points: Decimal | None
    rank: int | None
    rounds: tuple[RoundEntry, ...]


class Event(NamedTuple):
    """The tournament lines (each ``""`` or None when absent)."""

    name: str
    site: str
    federation: str
    start: str | None
    end: str | None
    type: str
    rate_of_play: str
    round_dates: tuple[str | None, ...]
    """Line 132, one entry per round (None where blank)."""
    time_control: str = ""
    """TRF-2026 line 222, the encoded time control as written (``5400+30``); ``""`` when absent."""
    type_code: str = ""
    """TRF-2026 line 192, the encoded type of tournament as written (``FIDE_DUTCH_2025``); ``""`` when absent."""
    chief_arbiter: str = ""
    """Line 102; ``""`` when absent."""
    deputy_arbiters: tuple[str, ...] = ()
    """Line(s) 112, one name each (split at commas)."""
    bye_points: Decimal | None = None
    """TRF-2026 line 162's ``P``: the points of a pairing-allocated bye; None when not said or 1 (the default:
    "same as W")."""


class TrfFile(NamedTuple):
    """A parsed TRF file."""

    event: Event
    players: tuple[Player, ...]


class Pairing(NamedTuple):
    """A game (or forfeit) of one round, read once from both players' lines."""

    round: int
    white: int
    """Start rank of White (of the lower start rank when colours are unknown)."""
    black: int
    white_result: str
    black_result: str
    white_line: int
    black_line: int
    colours_known: bool


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def parse_date(text: str, line: int) -> str | None:
    """Return a TRF date as ISO text, None when blank (see the module docstring for the forms taken).

    >>> parse_date("18/04/08", 1), parse_date("2005/07/28", 1), parse_date("28. 07. 2005", 1)
    ('2018-04-08', '2005-07-28', '2005-07-28')
    >>> parse_date("May 29, 2020", 1)
    '2020-05-29'
    """
    stripped = text.strip()
    if not stripped:
        return None
    named = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})", stripped)  # "May 29, 2020" (lichess)
    if named and named.group(1).lower() in _MONTHS:
        stripped = f"{named.group(3)}/{_MONTHS.index(named.group(1).lower()) + 1}/{named.group(2)}"
    parts = [part for part in re.split(r"[/.\- ]+", stripped) if part]
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        raise TrfError(line, f"date {stripped!r} is not YYYY/MM/DD, YY/MM/DD or DD/MM/YYYY")
    if len(parts[0]) == 4:
        year, month, day = parts
    elif len(parts[2]) == 4:
        day, month, year = parts
    elif all(len(part) <= 2 for part in parts):
        year, month, day = f"20{int(parts[0]):02d}", parts[1], parts[2]
    else:
        raise TrfError(line, f"date {stripped!r} is not YYYY/MM/DD, YY/MM/DD or DD/MM/YYYY")
    try:
        return date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        raise TrfError(line, f"date {stripped!r} is not a calendar date") from None


def _birth(text: str, line: int) -> str | None:
    stripped = text.strip()
    if not stripped or stripped.strip("0/.- ") == "":
        return None
    if stripped.isdigit() and len(stripped) == 4:
        return stripped
    return parse_date(stripped, line)


def _number(text: str, line: int, what: str) -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    if not stripped.isdigit():
        raise TrfError(line, f"{what} {stripped!r} is not a number")
    return int(stripped)


def _entry_of_round(text: str, number: int, line: int) -> RoundEntry:
    text = text.ljust(8)
    opponent = _number(text[0:4], line, f"round {number} opponent")
    # TRF26, note to the result table: "Letter codes are case-insensitive".
    colour = text[5].strip().lower() or "-"
    result = text[7].strip().upper()
    if text[4] != " " or text[6] != " ":
        raise TrfError(line, f"round {number} columns {text!r} are not 'OPPO C R'")
    if opponent == 0:
        opponent = None
    check_entry(opponent, colour, result, number, line)
    return RoundEntry(number, opponent, colour, result)


def check_entry(opponent: int | None, colour: str, result: str, number: int, line: int) -> None:
    """Refuse a round's codes that TRF16 does not allow together (the reader's and the writer's check)."""
    if colour not in ("w", "b", "-"):
        raise TrfError(line, f"round {number} colour {colour!r} is not w, b or -")
    if opponent is None:
        if result and result not in RESULTS_WITHOUT_OPPONENT:
            raise TrfError(line, f"round {number} result {result!r} needs an opponent")
        if colour != "-":
            raise TrfError(line, f"round {number} colour {colour!r} without an opponent")
    else:
        if result and result not in RESULTS_WITH_OPPONENT:
            raise TrfError(line, f"round {number} result {result!r} is not one of 1 0 = + - W D L")
        if colour == "-" and result not in ("+", "-"):
            raise TrfError(line, f"round {number} against {opponent} has no colour but is not a forfeit")


def _player(text: str, line: int, width: int | None = None) -> Player:
    """A 001 line, trailing blanks stripped; ``width`` is its length as written (for the message)."""
    if len(text) < _POINTS_END or not text[_POINTS].strip():
        # refused: a file cut at column 60 would register its players and record no game, silently
        ends = f"ends at column {width or len(text)}" if len(text) < _POINTS_END else "has no points"
        raise TrfError(line, f"a player line (001) that {ends}, without its points (columns 81-84) and rounds")
    padded = text.ljust(_PLAYER_WIDTH)
    start_rank = _number(padded[_START_RANK], line, "start rank")
    if start_rank is None or start_rank == 0:
        raise TrfError(line, "start rank (columns 5-8) is missing")
    name = padded[_NAME].strip()
    if not name:
        raise TrfError(line, "name (columns 15-47) is missing")
    points_text = padded[_POINTS].strip()
    try:
        points = Decimal(points_text) if points_text else None
    except InvalidOperation:
        raise TrfError(line, f"points {points_text!r} are not a number") from None
    rounds: list[RoundEntry] = []
    offset = _FIRST_ROUND
    while offset < len(text):
        rounds.append(_entry_of_round(text[offset : offset + 8], len(rounds) + 1, line))
        offset += _ROUND_WIDTH
    return Player(
        line=line,
        start_rank=start_rank,
        sex=padded[_SEX].strip(),
        title=padded[_TITLE].strip(),
        name=name,
        rating=_number(padded[_RATING], line, "rating") or None,
        federation=padded[_FEDERATION].strip(),
        fide_id=_number(padded[_FIDE_ID], line, "FIDE id") or None,
        birth=_birth(padded[_BIRTH], line),
        points=points,
        rank=_number(padded[_RANK], line, "rank"),
        rounds=tuple(rounds),
    )


def _dates_of_rounds(text: str, line: int) -> tuple[str | None, ...]:
    dates: list[str | None] = []
    offset = _FIRST_ROUND
    while offset < len(text):
        dates.append(parse_date(text[offset : offset + 8], line))
        offset += _ROUND_WIDTH
    return tuple(dates)


class _Bye(NamedTuple):
    """A TRF-2026 240 record: one bye code, one round, the start ranks given it."""

    line: int
    code: str
    round: int
    ranks: tuple[int, ...]


def _bye_record(content: str, line: int) -> _Bye:
    code = content[4:5].upper()
    if code not in ("F", "H", "Z"):
        raise TrfError(line, f"bye type {content[4:5]!r} (column 5) is not F, H or Z")
    fields = content[5:].split()
    if not fields:
        raise TrfError(line, "bye record has no round (columns 7-9)")
    round_number = _number(fields[0], line, "bye round")
    ranks = tuple(_number(field, line, "bye player") or 0 for field in fields[1:])
    if not round_number or not ranks or 0 in ranks:
        raise TrfError(line, "bye record needs a round and at least one start rank")
    return _Bye(line, code, round_number, ranks)


def _fold_byes(players: list[Player], byes: list[_Bye]) -> list[Player]:
    """Write each 240 bye into its player's round column; refused where that column holds something else."""
    by_rank = {player.start_rank: index for index, player in enumerate(players)}
    for bye in byes:
        for rank in bye.ranks:
            if rank not in by_rank:
                raise TrfError(bye.line, f"bye for start rank {rank}, which has no 001 line")
            player = players[by_rank[rank]]
            rounds = list(player.rounds)
            rounds += [RoundEntry(r, None, "-", "") for r in range(len(rounds) + 1, bye.round + 1)]
            entry = rounds[bye.round - 1]
            if entry.opponent is not None or entry.result not in ("", bye.code):
                raise TrfError(
                    bye.line,
                    f"round {bye.round}: bye {bye.code} for {rank}, whose line has {entry.result or 'an opponent'}",
                    other_line=player.line,
                )
            rounds[bye.round - 1] = RoundEntry(bye.round, None, "-", bye.code)
            players[by_rank[rank]] = player._replace(rounds=tuple(rounds))
    return players


def _not_yet_a_record(before: int, number: int) -> int:
    if before >= KIND_LINES:
        raise TrfError(
            number, f"none of the first {KIND_LINES} lines is a TRF record (012, 001...): not a tournament report (TRF)"
        )
    return before


def read(binary: IO[bytes]) -> TrfFile:
    """Read a TRF16 / TRF-2026 file from an open binary stream, line by line, in bounded memory."""
    lines = LineReader(binary, limit=MAX_LINE, refuse=TrfError, fallback="latin-1", max_bytes=MAX_BYTES,
                       kind="a tournament report (TRF)")  # fmt: skip
    return parse_lines(lines)


def parse(text: str) -> TrfFile:
    """Read a TRF16 / TRF-2026 file's text.

    >>> line = "001    1 m  g " + "Doe,John".ljust(34) + "2400 IRL     2500000 1990/01/02  1.0    1     2 w 1"
    >>> trf = parse("012 Club Open\\n" + line)
    >>> trf.event.name, trf.players[0].name, trf.players[0].birth, trf.players[0].rounds
    ('Club Open', 'Doe,John', '1990-01-02', (RoundEntry(round=1, opponent=2, colour='w', result='1'),))
    """
    return parse_lines(text.lstrip("\ufeff").splitlines())


def parse_lines(lines: Iterable[str]) -> TrfFile:
    """Read a TRF file's lines (with or without their endings), refusing the first fault as it is read."""
    fields: dict[str, str] = {}
    round_dates: tuple[str | None, ...] = ()
    dates: dict[str, str | None] = {"042": None, "052": None}
    players: list[Player] = []
    byes: list[_Bye] = []
    deputies: list[str] = []
    bye_points: Decimal | None = None
    seen: dict[int, int] = {}
    before: int | None = 0  # the non-blank lines read before the first TRF record; None after it
    number = 0
    for number, raw in enumerate(lines, start=1):
        content = raw.rstrip()
        code = content[:3]
        if before is not None and content:
            before = None if _RECORD.match(content) else _not_yet_a_record(before + 1, number)
        if code in ("012", "022", "032", "092", "102", "122", "192", "222"):
            fields[code] = content[4:].strip()
        elif code == "112":
            deputies.append(content[4:].strip())
        elif code == "162":
            bye_points = _pab_points(content, number)
        elif code in dates:
            dates[code] = parse_date(content[4:], number)
        elif code == "132":
            round_dates = _dates_of_rounds(content, number)
        elif code == "001":
            player = _player(content, number, len(raw.rstrip("\r\n")))
            if player.start_rank in seen:
                raise TrfError(number, f"start rank {player.start_rank} is also on line {seen[player.start_rank]}")
            seen[player.start_rank] = number
            players.append(player)
        elif code == "240":
            byes.append(_bye_record(content, number))
    if before:
        raise TrfError(number, "no line of the file is a TRF record (012, 001...): not a tournament report (TRF)")
    players = _fold_byes(players, byes)
    width = max([len(player.rounds) for player in players] + [len(round_dates)], default=0)
    padded = tuple(
        player._replace(
            rounds=player.rounds + tuple(RoundEntry(r, None, "-", "") for r in range(len(player.rounds) + 1, width + 1))
        )
        for player in players
    )
    event = Event(
        name=fields.get("012", ""),
        site=fields.get("022", ""),
        federation=fields.get("032", ""),
        start=dates["042"],
        end=dates["052"],
        type=fields.get("092", ""),
        rate_of_play=fields.get("122", ""),
        round_dates=round_dates + (None,) * (width - len(round_dates)),
        time_control=fields.get("222", ""),
        type_code=fields.get("192", ""),
        chief_arbiter=fields.get("102", ""),
        deputy_arbiters=_deputies(deputies),
        bye_points=bye_points,
    )
    return TrfFile(event, padded)


def _deputies(lines: list[str]) -> tuple[str, ...]:
    """The deputy arbiters of the 112 lines: one a line where there are several (TRF-2026), else the one line's
    names parted by commas (TRF16).

    >>> _deputies(["NSR Thomas Rondio, NSR Wolfgang Hettler"]), _deputies(["Roe, Ann", "Poe, Ed"])
    (('NSR Thomas Rondio', 'NSR Wolfgang Hettler'), ('Roe, Ann', 'Poe, Ed'))
    """
    if len(lines) == 1:
        return tuple(name.strip() for name in lines[0].split(",") if name.strip())
    return tuple(line for line in lines if line)


def _pab_points(content: str, line: int) -> Decimal | None:
    """TRF-2026 line 162's points of ``P`` (a pairing-allocated bye): a code in column 6, 15, 24, ..., its
    points in the four columns after it; None when ``P`` is not given.

    >>> _pab_points("162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5", 1)
    Decimal('0.5')
    """
    for offset in range(5, len(content), 9):
        if content[offset : offset + 1].upper() == "P":
            text = content[offset + 1 : offset + 5].strip()
            try:
                points = Decimal(text)
            except InvalidOperation:
                raise TrfError(
                    line, f"points {text!r} of a pairing-allocated bye (line 162) are not a number"
                ) from None
            return None if points == 1 else points
    return None


def pairings(trf: TrfFile) -> list[Pairing]:
    """Each pairing once, in round then white-rank order, checked from both players' lines.

    Both lines must name each other, have opposite colours (or both ``-`` for a
    forfeit) and complementary results (1/0, =/=, +/-, W/L, D/D; -/- a double
    forfeit), else a TrfError names both lines.
    """
    by_rank = {player.start_rank: player for player in trf.players}
    found: list[Pairing] = []
    for player in trf.players:
        for entry in player.rounds:
            if entry.opponent is None:
                continue
            other = by_rank.get(entry.opponent)
            if other is None:
                raise TrfError(player.line, f"round {entry.round}: opponent {entry.opponent} has no 001 line")
            if other.start_rank == player.start_rank:
                raise TrfError(player.line, f"round {entry.round}: player {player.start_rank} is paired with himself")
            mirror = other.rounds[entry.round - 1]
            if mirror.opponent != player.start_rank:
                listed = "no opponent" if mirror.opponent is None else f"opponent {mirror.opponent}"
                raise TrfError(
                    player.line,
                    f"round {entry.round}: {player.start_rank} plays {other.start_rank}, whose line has {listed}",
                    other_line=other.line,
                )
            if {entry.colour, mirror.colour} not in ({"w", "b"}, {"-"}):
                raise TrfError(
                    player.line,
                    f"round {entry.round}: colours {entry.colour} and {mirror.colour} do not match",
                    other_line=other.line,
                )
            double_forfeit = entry.result == mirror.result == "-"
            if not entry.result or not mirror.result:
                raise TrfError(player.line, f"round {entry.round}: the game has no result", other_line=other.line)
            if _COMPLEMENT[entry.result] != mirror.result and not double_forfeit:
                raise TrfError(
                    player.line,
                    f"round {entry.round}: results {entry.result} and {mirror.result} are not complementary",
                    other_line=other.line,
                )
            if player.start_rank > other.start_rank:
                continue  # read once, from the lower start rank's line
            white, black = (player, other) if entry.colour != "b" else (other, player)
            white_entry, black_entry = (entry, mirror) if white is player else (mirror, entry)
            found.append(
                Pairing(
                    round=entry.round,
                    white=white.start_rank,
                    black=black.start_rank,
                    white_result=white_entry.result,
                    black_result=black_entry.result,
                    white_line=white.line,
                    black_line=black.line,
                    colours_known=entry.colour != "-",
                )
            )
    found.sort(key=lambda pairing: (pairing.round, pairing.white))
    return found
