"""Write a TrfFile back as TRF16 (or TRF-2026) text: the inverse of ``ledger.trf.parse``.

The layout is *FIDE Handbook C.04 Annex 2, Format of Tournament Report File*
(TRF16; TRF-2026 keeps the same columns):

- event lines ``012`` name, ``022`` city, ``032`` federation, ``042``/``052``
  start and end as ``YYYY/MM/DD``, ``092`` type, ``122`` allotted times,
  ``132`` round dates as ``YY/MM/DD`` in columns 92-99, 102-109, ...; and,
  only when the values hold them, TRF-2026's ``192`` encoded type and ``222``
  encoded time control. A line whose value is empty is left out.
- one ``001`` line a player, columns 1-based: 5-8 start rank, 10 sex, 11-13
  title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79
  birth (``YYYY/MM/DD``, or the year alone), 81-84 points (``" 4.5"``), 86-89
  rank, then ten columns a round from 92: 92-95 opponent (``0000`` none), 97
  colour, 99 result.

What the writer normalises, so ``parse(write(x)) == x`` only up to these:

- ``Player.line`` becomes the line the player has in the written text;
- players' rounds and the round dates are read back padded to the longest
  (as ``parse`` pads them);
- text fields are read back stripped (the columns are space-padded);
- a rating or FIDE id of 0 is read back as None (the reader's "none");
- round dates that are all None leave no 132 line, so they are read back
  only as long as the players' rounds.

A round without opponent or result is written ``0000 -`` and a blank result
column. No line is right-stripped where a column is significant: a 001 line
keeps every round's ten columns to its last result column (column 99 of round
1, 109 of round 2, ...), blank or not, as fixed-column readers ask (the PyPI
``trf`` 1.1.1 parser refuses a round cut short). Lines end with ``\\n``.

Event lines 102 (chief arbiter) and 112 (deputy arbiters: TRF16 one line, the
names parted by ``", "``; TRF-2026 one line an arbiter) are written when the
event holds them. ``version="2026"`` (TRF-2026, FIDE C.04 Annex 2 version 2026)
adds line 142 (the number of rounds) and, when the values hold them, 162 (the
points of a pairing-allocated bye, ``P``), 192 and 222; its 001 lines are
TRF16's columns, which TRF-2026 keeps. The title column holds what the values
give (the caller chooses TRF16's or TRF-2026's codes). A value that cannot be laid out in its columns
(a name longer than 33 characters, a rating of five digits, points that are
not a multiple of 0.5 in four columns, a round date outside 2000-2099 that
``YY`` cannot carry, a line break inside a field, a code the reader would
refuse) is a TrfError naming the output line.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from ledger.trf import Event, Player, RoundEntry, TrfError, TrfFile, check_entry

_NAME_WIDTH = 33
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""What ``str.splitlines`` (the reader's) breaks a line at."""


def _text(value: str, width: int | None, line: int, what: str) -> str:
    if any(character in _LINE_BREAKS for character in value):
        raise TrfError(line, f"{what} {value!r} holds a line break")
    if width is not None and len(value) > width:
        raise TrfError(line, f"{what} {value!r} is longer than its {width} columns")
    return value


def _number(value: int | None, width: int, line: int, what: str) -> str:
    if value is None:
        return " " * width
    if value < 0 or len(str(value)) > width:
        raise TrfError(line, f"{what} {value} does not fit its {width} columns")
    return str(value).rjust(width)


def _iso(value: str, line: int, what: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise TrfError(line, f"{what} {value!r} is not an ISO date") from None


def _long_date(value: str | None, line: int, what: str) -> str:
    """YYYY/MM/DD, as 042, 052 and the birth column are written; ``""`` for None."""
    if value is None:
        return ""
    day = _iso(value, line, what)
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def _short_date(value: str | None, line: int) -> str:
    """YY/MM/DD, as 132 is written; the reader takes YY as 20YY, so other centuries are refused."""
    if value is None:
        return " " * 8
    day = _iso(value, line, "round date")
    if not 2000 <= day.year <= 2099:
        raise TrfError(line, f"round date {value} is outside 2000-2099, which YY/MM/DD cannot write")
    return f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}"


def _birth(value: str | None, line: int) -> str:
    if value is not None and len(value) == 4 and value.isdigit():
        return value
    return _long_date(value, line, "birth date")


def _points(value: Decimal | None, line: int) -> str:
    if value is None:
        return " " * 4
    if not value.is_finite() or (value * 2) % 1 != 0:
        raise TrfError(line, f"points {value} are not a multiple of 0.5")
    text = f"{value:.1f}"
    if len(text) > 4:
        raise TrfError(line, f"points {text} do not fit columns 81-84")
    return text.rjust(4)


def _columns_of_round(entry: RoundEntry, position: int, line: int) -> str:
    if entry.opponent is not None and entry.opponent < 1:
        raise TrfError(line, f"round {entry.round} opponent {entry.opponent} is not a start rank")
    if entry.round != position:
        raise TrfError(line, f"round {entry.round} is in position {position}")
    check_entry(entry.opponent, entry.colour, entry.result, entry.round, line)
    if len(entry.result) > 1:
        raise TrfError(line, f"round {entry.round} result {entry.result!r} is not one character")
    opponent = "0000" if entry.opponent is None else _number(entry.opponent, 4, line, f"round {entry.round} opponent")
    return f"{opponent} {entry.colour} {entry.result or ' '}"


def player_line(player: Player, line: int) -> str:
    """The 001 line of a player, as it would stand on line ``line`` of a file.

    >>> from decimal import Decimal
    >>> rounds = (RoundEntry(1, 2, "w", "1"), RoundEntry(2, None, "-", "H"))
    >>> p = Player(0, 1, "m", "GM", "Doe, John", 2400, "IRL", 2500000, "1990-01-02", Decimal("1.5"), 1, rounds)
    >>> player_line(p, 1)
    '001    1 m GM Doe, John                         2400 IRL     2500000 1990/01/02  1.5    1     2 w 1  0000 - H'
    """
    if player.start_rank < 1:
        raise TrfError(line, f"start rank {player.start_rank} is not 1 to 9999")
    if not player.name.strip():
        raise TrfError(line, f"player {player.start_rank} has no name")
    head = (
        "001 "
        + _number(player.start_rank, 4, line, "start rank")
        + " "
        + _text(player.sex, 1, line, "sex").ljust(1)
        + _text(player.title, 3, line, "title").rjust(3)
        + " "
        + _text(player.name, _NAME_WIDTH, line, "name").ljust(_NAME_WIDTH)
        + " "
        + _number(player.rating, 4, line, "rating")
        + " "
        + _text(player.federation, 3, line, "federation").ljust(3)
        + " "
        + _number(player.fide_id, 11, line, "FIDE id")
        + " "
        + _birth(player.birth, line).ljust(10)
        + " "
        + _points(player.points, line)
        + " "
        + _number(player.rank, 4, line, "rank")
    )
    rounds = "".join(
        "  " + _columns_of_round(entry, position, line) for position, entry in enumerate(player.rounds, start=1)
    )
    return head + rounds  # never right-stripped: a blank result column is a column


VERSIONS = ("16", "2026")
"""The editions :func:`write` writes: TRF16 and TRF-2026."""


def _event_lines(event: Event, version: str = "16", rounds: int = 0) -> list[str]:
    lines: list[str] = []
    deputies = [("112", name, "deputy arbiter") for name in event.deputy_arbiters]
    if version == "16" and event.deputy_arbiters:
        deputies = [("112", ", ".join(event.deputy_arbiters), "deputy arbiters")]
    texts = [
        ("012", event.name, "name"),
        ("022", event.site, "city"),
        ("032", event.federation, "federation"),
        ("042", event.start, "start date"),
        ("052", event.end, "end date"),
        ("092", event.type, "type"),
        ("102", event.chief_arbiter, "chief arbiter"),
        *deputies,
        ("122", event.rate_of_play, "rate of play"),
    ]
    later = [("192", event.type_code, "encoded type"), ("222", event.time_control, "encoded time control")]
    if version == "2026":
        later = [("142", str(rounds) if rounds else "", "rounds"), *_scoring(event), *later]
    for code, value, what in texts:
        number = len(lines) + 1
        if code in ("042", "052"):
            value = _long_date(value, number, what)
        if value:
            lines.append(f"{code} {_text(value, None, number, what)}")
    if any(day is not None for day in event.round_dates):
        number = len(lines) + 1
        dates = "  ".join(_short_date(day, number) for day in event.round_dates)
        lines.append(("132" + " " * 88 + dates).rstrip())  # a date is its own eight columns: blank ones end it
    for code, value, what in later:
        number = len(lines) + 1
        if value:
            lines.append(f"{code} {_text(value, None, number, what)}")
    return lines


def _scoring(event: Event) -> list[tuple[str, str, str]]:
    """TRF-2026's 162 line where a pairing-allocated bye is not worth a win: ``P`` in column 6, points in 7-10."""
    if event.bye_points is None or event.bye_points == 1:
        return []
    return [("162", f" P{event.bye_points:>4.1f}", "scoring")]


def write(trf: TrfFile, version: str = "16") -> str:
    """The TRF16 (or, ``version="2026"``, TRF-2026) text of ``trf``: event lines, then one 001 line a player in
    the order given.

    >>> from ledger.trf import parse
    >>> text = "012 Club Open\\n042 2025/09/01\\n"
    >>> write(parse(text)) == text
    True
    """
    if version not in VERSIONS:
        raise TrfError(0, f"TRF version {version!r} is not one of {', '.join(VERSIONS)}")
    rounds = max((len(player.rounds) for player in trf.players), default=len(trf.event.round_dates))
    lines = _event_lines(trf.event, version, rounds)
    seen: dict[int, int] = {}
    for player in trf.players:
        number = len(lines) + 1
        if player.start_rank in seen:
            raise TrfError(number, f"start rank {player.start_rank} is also on line {seen[player.start_rank]}")
        seen[player.start_rank] = number
        lines.append(player_line(player, number))
    return "".join(line + "\n" for line in lines)
