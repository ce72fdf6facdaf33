"""PGN game headers, read into frozen values.

Only the tag pairs are read, with :func:`chess.pgn.read_headers` (python-chess; the movetext is
skipped, never parsed). References are to the *PGN Standard* of 1994-03-12 (Steven J. Edwards,
coordinator): §8.1 tag pairs, §8.1.1 the Seven Tag Roster, §9.6.1 ``TimeControl``, §9.9.2 ``Mode``.

Per game (:class:`PgnGame`): the line where its tags start, and the tags Event, Site, Date,
EventDate, Round, White, Black, Result, WhiteFideId, BlackFideId, TimeControl, Mode, GameId, Board.
The reader is pure: it takes an open text stream (:func:`read`) or binary stream (:func:`read_binary`)
and leaves I/O to the caller.

Rules, and choices where the standard is silent:

- **Bounded memory.** :func:`read_binary` reads the file line by line
  (:class:`ledger.lines.LineReader`): a line over :data:`MAX_LINE` bytes, a NUL or other control
  byte, a line that is not UTF-8, a game over :data:`MAX_GAME` characters, a file of more than
  :data:`MAX_GAMES` games, and a game whose first line is not a tag pair (random text is not PGN:
  every game the ledger reads has tags) are refused as they are read, naming the line;
  python-chess never sees a longer line.

- **Encoding.** UTF-8, universal newlines; a leading byte-order mark is skipped. :func:`read_binary`
  (what ``import pgn`` calls) decodes each line on its own and names the line of bytes that are
  not UTF-8. :func:`read` takes a text stream the caller opened (``encoding="utf-8"`` or
  ``"utf-8-sig"``, ``errors="strict"``): there a decoding error names the line being read when the
  stream failed to decode (text streams decode in blocks, so the bad byte is on that line or a later
  one), and Latin-1 files (the 1994 standard's own charset) may be opened as ``latin-1``.
- **Tag pairs.** A line of the tag section that starts with ``[`` but is not ``[Name "value"]``,
  a tag given twice in one game, and a tag pair inside a game's movetext (two games not separated
  by a blank line: python-chess would skip the second game's tags with the first one's moves) are
  refused with their line numbers: python-chess itself passes over all three silently. Values are
  unescaped (``\\"`` and ``\\\\``, §8.1) and stripped.
- **Required tags.** White, Black and Result must be present; Event, Site and Round default to
  ``"?"`` (the standard's "unknown") when absent, and are kept as written.
- **Dates** are ``YYYY.MM.DD`` with ``??`` for unknown parts (§8.1.1.3). ``?``, ``-`` and an empty
  value also mean unknown. A date with an unknown part is None; a complete one is ISO
  ``YYYY-MM-DD``. A game's :attr:`~PgnGame.date` is its Date when complete, else its EventDate when
  complete, else None. Anything else (``2023-04-09``, ``2023.13.01``, ``2023.02.30``) is refused.
- **Results** are ``1-0``, ``0-1``, ``1/2-1/2`` and ``*``. Unfinished (``*``) games are kept in
  the output with result ``"*"`` (so an importer can count them, and name them by line, when it
  skips them): :attr:`PgnFile.unfinished` counts them. The movetext's own termination marker is not
  read, so it is not compared with the Result tag.
- **FIDE ids**: a whole number from 1 to 999,999,999 (leading zeros dropped); blank, ``0``, ``?``
  and ``-`` mean none.
- **TimeControl** is checked by :func:`ledger.values.check_time_control` (§9.6.1); ``?``, ``-``,
  blank or absent is None. Fractions of a second (``10+0.05``, as engine matches write) are refused.
- **Mode** (§9.9.2: "Examples: OTB (over the board), PM (paper mail), EM (electronic mail), ICS
  (Internet Chess Server), and TC (general telecommunication)") becomes one of the ledger's modes:
  ``OTB`` → ``otb``; ``PM``, ``EM`` and ``TC`` → ``email`` (correspondence chess, whatever carries
  the moves); ``ICS`` → ``online``. Case is ignored; blank, ``?``, ``-`` or absent is None; any other
  value is refused naming its line.
- **Board**: a whole number from 1; blank, ``?``, ``-`` or absent is None. **GameId**: the text, or
  None when blank, ``?`` or ``-``.
- **Variant** (not in the 1994 standard; the tag lichess, chess.com and python-chess write): a game
  of another game than standard chess (``Crazyhouse``, ``Chess960``, ``Atomic``, ``From Position``…)
  is refused naming its line and its variant, and so is the file (an import is all or nothing): no
  system here rates a variant, and a game from a set-up position is not a game of chess as the
  rating regulations count one. ``Standard``, ``Chess``, ``Normal`` (any case), blank, ``?``, ``-``
  or absent is standard chess.
- **Game ids** (:func:`game_id`): the GameId tag; else ``<event>-R<round>`` with the round *as
  written* (``3.1`` stays ``R3.1``: some programs write round 3, board 1 that way, others a
  multi-part round per §8.1.1.5, so it is not interpreted), plus ``-B<board>`` with a Board tag;
  a game whose round is unknown (``?``, ``-``) is ``<event>-G<n>``, *n* its place in the file.
  :func:`game_ids` refuses a file in which two games would get the same id, naming both lines.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from datetime import date
from typing import IO, Final, NamedTuple, TextIO, cast

import chess.pgn

from ledger.errors import FileLineError, LedgerError
from ledger.lines import LineReader
from ledger.values import check_fide_id, check_time_control

RESULTS: Final = ("1-0", "0-1", "1/2-1/2", "*")
"""Game termination markers a Result tag may hold (§8.1.1.7); ``*`` is a game not finished."""

UNFINISHED: Final = "*"

MODES: Final = {"OTB": "otb", "PM": "email", "EM": "email", "TC": "email", "ICS": "online"}
"""PGN Mode tag values (§9.9.2) and the ledger's mode (:data:`ledger.values.MODES`) of each."""

UNKNOWN: Final = frozenset({"", "?", "-"})
"""Values that say "not known" in an optional tag."""

REQUIRED: Final = ("White", "Black", "Result")

STANDARD_VARIANTS: Final = frozenset({"standard", "chess", "normal"})
"""The Variant tag's values (any case) that name standard chess; blank, ``?`` and ``-`` say nothing."""

MAX_LINE: Final = 1048576
"""The longest PGN line read, in bytes: 1 MiB, far over the standard's 255 characters and a
whole game's movetext on one line, as some programs write it."""
MAX_GAME: Final = 8_000_000
"""The most characters one game may take: far over any annotated game, and a bound on the time
a file of one endless game takes to refuse."""

MAX_GAMES: Final = 50_000
"""The most games of one file: an importer keeps every game's tags until the file is checked
(some 2 KB a game: 100,000 games took 214 MB and 8 s), so their number bounds the memory. A season of a
federation's tournaments is a few thousand; split a larger file."""

_TAG: Final = chess.pgn.TAG_REGEX
_ESCAPE: Final = re.compile(r"\\([\\\"])")
_PGN_DATE: Final = re.compile(r"(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})", re.ASCII)


class PgnError(FileLineError):
    """A PGN file the reader refuses; the message names the line(s) and what is wrong."""


class PgnGame(NamedTuple):
    """One game's tags, checked (see the module docstring for each rule)."""

    line: int
    """The 1-based line of the file where the game's tags start."""
    number: int
    """The game's place in the file, from 1."""
    event: str
    site: str
    date: str | None
    """ISO ``YYYY-MM-DD``: the Date tag if complete, else the EventDate tag if complete, else None."""
    event_date: str | None
    """The EventDate tag, ISO, or None when absent or not complete."""
    round: str
    """The Round tag as written (``3``, ``3.1``, ``-``, ``?``)."""
    white: str
    black: str
    result: str
    """``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` (unfinished)."""
    white_fide_id: int | None
    black_fide_id: int | None
    time_control: str | None
    """PGN §9.6.1 text, or None when unknown."""
    mode: str | None
    """``otb``, ``email``, ``online``, or None when the file does not say."""
    game_id: str | None
    """The GameId tag."""
    board: int | None
    tag_lines: tuple[tuple[str, int], ...]
    """Each tag of the game with its line, in file order (for messages naming a tag's line)."""

    def line_of(self, tag: str) -> int:
        """The line of ``tag`` in this game, or the game's first line when it has no such tag."""
        return next((line for name, line in self.tag_lines if name == tag), self.line)

    @property
    def finished(self) -> bool:
        """Whether the game has a result (not ``*``)."""
        return self.result != UNFINISHED


class PgnFile(NamedTuple):
    """A PGN file's games in file order, unfinished ones included."""

    games: tuple[PgnGame, ...]

    @property
    def unfinished(self) -> int:
        """How many games have result ``*``."""
        return sum(1 for game in self.games if not game.finished)

    @property
    def finished_games(self) -> tuple[PgnGame, ...]:
        """The games with a result, in file order."""
        return tuple(game for game in self.games if game.finished)


class _Lines:
    """A text stream seen line by line by python-chess: counts lines and checks the tag lines of each game.

    ``read_game`` only calls ``readline``. Per game (:meth:`begin`), it records the first line that is
    not blank or a comment (where python-chess starts the game) and the line of every tag pair.
    """

    def __init__(self, handle: TextIO | LineReader) -> None:
        self._lines = iter(handle)
        self.number = 0
        self._size = 0
        self.start: int | None = None
        self.tags: dict[str, int] = {}
        self._in_tags = True

    def begin(self) -> None:
        self._size = 0
        self.start = None
        self.tags = {}
        self._in_tags = True

    def readline(self) -> str:
        try:
            line = next(self._lines, "")
        except UnicodeDecodeError as error:
            raise PgnError(
                self.number + 1, f"the file is not UTF-8 text (at this line or a later one: {error.reason})"
            ) from None
        if not line:
            return line
        self.number += 1
        if self.number == 1:
            line = line.lstrip("\ufeff")
        blank_or_comment = line.isspace() or line.startswith(("%", ";"))
        self._size += len(line)
        if self._size > MAX_GAME:  # bounded memory
            raise PgnError(self.start or self.number, f"the game from this line is longer than {MAX_GAME:,} characters")
        if self.start is None:
            if blank_or_comment:
                return line
            self.start = self.number
            if not line.startswith("["):  # not PGN, refused before python-chess skips it whole
                raise PgnError(
                    self.number,
                    f"the game from this line has no tag pairs ({line.strip()[:40]!r}): a PGN game starts with "
                    '[Name "value"] lines',
                )
        if not line.startswith("["):
            self._in_tags = self._in_tags and blank_or_comment
            return line
        match = _TAG.match(line)
        if self._in_tags:
            if match is None:
                raise PgnError(self.number, f'{line.strip()[:60]!r} is not a tag pair [Name "value"]')
            name = match.group(1)
            if name in self.tags:
                raise PgnError(
                    self.tags[name],
                    f"tag {name} given twice in one game (is the movetext or result of a game missing?)",
                    self.number,
                )
            self.tags[name] = self.number
        elif match is not None:
            raise PgnError(
                self.number,
                f"tag pair {match.group(1)} inside the movetext of the game from line {self.start} "
                "(is a blank line missing before this game's tags?)",
            )
        return line


def read(handle: TextIO) -> PgnFile:
    """Read every game's tags from an open PGN text stream (see the module docstring).

    >>> import io
    >>> text = '[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n[Date "2024.03.??"]\\n\\n1. e4 1-0\\n'
    >>> file = read(io.StringIO(text))
    >>> [(game.line, game.white, game.black, game.result, game.date) for game in file.games]
    [(1, 'A', 'B', '1-0', None)]
    """
    return PgnFile(tuple(games(handle)))


def read_binary(binary: IO[bytes]) -> PgnFile:
    """Read every game's tags from an open binary PGN stream, UTF-8, line by line in bounded memory."""
    return PgnFile(tuple(games(LineReader(binary, limit=MAX_LINE, refuse=PgnError, kind="a PGN file"))))


def games(handle: TextIO | LineReader) -> Iterator[PgnGame]:
    """Yield each game of an open PGN text stream as it is read; refuse the first fault with :class:`PgnError`."""
    lines = _Lines(handle)
    number = 0
    while True:
        lines.begin()
        headers = chess.pgn.read_headers(cast(TextIO, lines))
        if headers is None:
            return
        number += 1
        start = lines.start if lines.start is not None else lines.number
        if number > MAX_GAMES:  # bounded memory
            raise PgnError(start, f"a game after the first {MAX_GAMES:,}: split the file (at most {MAX_GAMES:,} games)")
        yield _game(dict(headers), lines.tags, start, number)


def _game(headers: dict[str, str], tag_lines: dict[str, int], start: int, number: int) -> PgnGame:
    values = {name: _ESCAPE.sub(r"\1", value).strip() for name, value in headers.items()}

    def line(tag: str) -> int:
        return tag_lines.get(tag, start)

    for tag in REQUIRED:
        if tag not in tag_lines:
            raise PgnError(start, f"the game from this line has no {tag} tag")
    result = values["Result"]
    if result not in RESULTS:
        raise PgnError(line("Result"), f"Result {result!r} is not one of {', '.join(RESULTS)}")
    variant = values.get("Variant", "")
    if variant not in UNKNOWN and variant.lower() not in STANDARD_VARIANTS:
        raise PgnError(
            line("Variant"), f"Variant {variant!r} is not standard chess: the ledger rates standard chess games only"
        )
    event_date = parse_date(values.get("EventDate", ""), "EventDate", line("EventDate"))
    played = parse_date(values.get("Date", ""), "Date", line("Date"))
    return PgnGame(
        line=start,
        number=number,
        event=values.get("Event") or "?",
        site=values.get("Site") or "?",
        date=played or event_date,
        event_date=event_date,
        round=values.get("Round") or "?",
        white=values["White"],
        black=values["Black"],
        result=result,
        white_fide_id=_fide_id(values.get("WhiteFideId", ""), "WhiteFideId", line("WhiteFideId")),
        black_fide_id=_fide_id(values.get("BlackFideId", ""), "BlackFideId", line("BlackFideId")),
        time_control=_time_control(values.get("TimeControl", ""), line("TimeControl")),
        mode=_mode(values.get("Mode", ""), line("Mode")),
        game_id=None if values.get("GameId", "") in UNKNOWN else values["GameId"],
        board=_board(values.get("Board", ""), line("Board")),
        tag_lines=tuple(tag_lines.items()),
    )


def parse_date(text: str, tag: str = "Date", line: int = 0) -> str | None:
    """A PGN date (§8.1.1.3) as ISO text; None when any part is unknown.

    >>> parse_date("2023.04.09"), parse_date("1997.??.??"), parse_date("?")
    ('2023-04-09', None, None)
    """
    if text in UNKNOWN:
        return None
    match = _PGN_DATE.fullmatch(text)
    if match is None:
        raise PgnError(line, f"{tag} {text!r} is not a PGN date YYYY.MM.DD ('??' for an unknown part)")
    year, month, day = match.groups()
    if (month.isdigit() and not 1 <= int(month) <= 12) or (day.isdigit() and not 1 <= int(day) <= 31):
        raise PgnError(line, f"{tag} {text!r} is not a calendar date")
    if not (year.isdigit() and month.isdigit() and day.isdigit()):
        return None
    try:
        return date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        raise PgnError(line, f"{tag} {text!r} is not a calendar date") from None


def _fide_id(text: str, tag: str, line: int) -> int | None:
    if text in UNKNOWN or text == "0":
        return None
    try:
        return int(check_fide_id(text))
    except LedgerError as error:
        raise PgnError(line, f"{tag}: {error}") from None


def _time_control(text: str, line: int) -> str | None:
    if text in UNKNOWN:
        return None
    try:
        return check_time_control(text)
    except LedgerError as error:
        raise PgnError(line, f"TimeControl: {error}") from None


def _mode(text: str, line: int) -> str | None:
    if text in UNKNOWN:
        return None
    mode = MODES.get(text.upper())
    if mode is None:
        raise PgnError(line, f"Mode {text!r} is not one of {', '.join(MODES)} (PGN standard §9.9.2)")
    return mode


def _board(text: str, line: int) -> int | None:
    if text in UNKNOWN:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise PgnError(line, f"Board {text!r} is not a whole number from 1")
    return int(text)


def game_id(game: PgnGame, event_id: str) -> str:
    """The ledger's id of a game: its GameId tag, else event, round and board (see the module docstring).

    >>> base = read_one('[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n[Round "3.1"]\\n')
    >>> game_id(base, "OPEN24"), game_id(base._replace(board=7), "OPEN24")
    ('OPEN24-R3.1', 'OPEN24-R3.1-B7')
    >>> game_id(base._replace(round="?"), "OPEN24"), game_id(base._replace(game_id="g-17"), "OPEN24")
    ('OPEN24-G1', 'g-17')
    """
    if game.game_id is not None:
        return game.game_id
    if game.round in UNKNOWN:
        return f"{event_id}-G{game.number}"
    board = f"-B{game.board}" if game.board is not None else ""
    return f"{event_id}-R{game.round}{board}"


def game_ids(games: Sequence[PgnGame], event_id: str) -> tuple[str, ...]:
    """:func:`game_id` of each game, refusing two games with one id (naming both lines)."""
    seen: dict[str, PgnGame] = {}
    ids = []
    for game in games:
        key = game_id(game, event_id)
        first = seen.setdefault(key, game)
        if first is not game:
            raise PgnError(
                first.line,
                f"two games would have the id {key!r} (give each a GameId or a Board tag)",
                game.line,
            )
        ids.append(key)
    return tuple(ids)


def event_key(game: PgnGame) -> tuple[str, str, str | None]:
    """What groups games into one event when no event is named: (Event, Site, EventDate)."""
    return game.event, game.site, game.event_date


def read_one(text: str) -> PgnGame:
    """The one game of a PGN text (for examples and tests); refuses text with no game or several.

    >>> read_one('[White "A"]\\n[Black "B"]\\n[Result "*"]\\n').finished
    False
    """
    found = read(io.StringIO(text)).games
    if len(found) != 1:
        raise PgnError(1, f"{len(found)} games where one was expected")
    return found[0]
