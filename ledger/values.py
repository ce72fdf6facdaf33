"""Value checks shared by every command: dates, results, sources, forfeits.

Facts are stored with plain JSON types (dates as ISO ``YYYY-MM-DD`` text), so
the log reads back the same on any store and decodes cheaply in bulk.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection
from datetime import date
from typing import Any, Final, NamedTuple

from ledger.errors import (
    FutureDateError,
    InvalidDateError,
    InvalidResultError,
    InvalidTextError,
    InvalidValueError,
    OutOfRangeError,
    SelfPlayError,
)

RESULTS: Final = ("1-0", "0-1", "1/2-1/2")
"""Game results as PGN writes them."""

WHITE_POINTS2: Final = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}
"""White's score in half points, per result."""

FORFEIT_KINDS: Final = ("none", "arbiter", "withdrawal")
"""``arbiter``: a forfeit by arbiter decision (IECG §VIII.1); ``withdrawal``:
a game left unfinished by a withdrawal (IECG §VIII.2)."""

EVENT_TYPES: Final = (
    "round-robin",
    "swiss",
    "match",
    "team",
    "class",
    "quad",
    "cup",
    "two-game-match",
    "friendly-match",
    "thematic",
    "championship",
    "invitational",
)
"""The types of an event: the general ones, then the IECG's (Rules and Regulations 5.1a, D §2)."""

MODES: Final = ("otb", "email", "online")
"""How an event's games are played: over the board, by email (correspondence), or online."""

EVENT_CLASSES: Final = ("M", "1", "2", "3", "N")
"""The IECG's tournament classes (Rules and Regulations 5.1a, D §2.4a, §2.5a)."""

ROUNDS: Final = (1, 1000)
"""The bounds of an event's number of rounds."""

SOURCES: Final = ("none", "tutor", "iccf", "iccf-provisional", "other")
"""Where a starting rating comes from (IECG §VII)."""

PRIOR_SYSTEMS: Final = (
    "iecg",
    "iccf",
    "icu",
    "ecf",
    "ecf-rapid",
    "ecf-online",
    "fide",
    "fide-rapid",
    "fide-blitz",
    "uscf",
    "national-elo",
    "glicko",
    "glicko2",
    "internet",
)
"""The rating systems a prior rating can come from: ``iecg`` is the IECG's old scheme before
1997 (IECG §IX), ``icu`` the Irish Chess Union's grades, ``ecf`` and ``ecf-rapid`` English Chess
Federation standard and rapidplay grades, ``internet`` a player's internet provider rating (the
ECF online seed's last resort); ``fide-rapid`` and ``fide-blitz`` FIDE's rapid and blitz lists."""

ADJUSTABLE_SYSTEMS: Final = ("icu-1980",)
"""The rules versions whose grading committee adjusts ratings by decision (ICU 1980, "Feedback Points")."""

PRIOR_STATUSES: Final = ("established", "provisional", "graded", "ungraded")
"""A prior rating's standing in its own system."""

DEFAULT_STARTING_RATING: Final = 800
"""IECG §VII.3: a new player without a rating starts at 800."""

TUTOR_MAXIMUM: Final = 1700
"""IECG §VII.3: a tutor's estimate 'should not exceed 1700 points'."""

OTHER_MINIMUM_GAMES: Final = 6
"""IECG §VII.2: another organisation's rating 'must be based on at least six games'."""


SEXES: Final = ("M", "F")
"""A player's sex as the ledger stores it: as FIDE's rating lists write it (TXT ``Sex``, XML ``<sex>``)."""

SEX_CODES: Final = {"M": "M", "F": "F", "m": "M", "f": "F", "w": "F", "W": "F"}
"""What the door reads as a sex: FIDE's lists' ``M``/``F``, and TRF16's ``m``/``w`` (line 001, column 10; ``w``
a woman), in either case."""

TITLES: Final = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE's titles as the ledger stores them, in FIDE's order of rank (C.04.2 §2.2): FIDE's lists' ``Tit`` values
and TRF16's title field (line 001, columns 11-13)."""

TITLE_CODES: Final = {
    **{title: title for title in TITLES},
    **{"g": "GM", "i": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wi": "WIM", "wf": "WFM", "wc": "WCM"},
}
"""What the door reads as a title (case aside): the codes of :data:`TITLES` (FIDE's lists' ``Tit``; TRF16 line 001,
columns 11-13, "GM, IM, WGM, FM, WIM, CM, WFM, WCM"), and the lower-case short forms ``g`` GM, ``i`` IM, ``f`` FM,
``c`` CM, ``wg`` WGM, ``wi`` WIM, ``wf`` WFM, ``wc`` WCM, read as abbreviations of those (no FIDE text defining
them was found: TRF16 lists only the full codes; ``m`` and ``w`` are not read as titles, being TRF's sexes).
FIDE's honorary titles, arbiters' and trainers' titles (the lists' ``OTit``: IA, FA, FT...) and online titles
(``FOA``) are not player titles of a tournament report: refused."""


class Registration(NamedTuple):
    """A player as registered, with his starting rating and its source (IECG §VII), and the facts FIDE's
    tournament report asks (sex, title, federation: None when not said)."""

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int
    sex: str | None = None
    """``M`` or ``F`` (:data:`SEXES`)."""
    title: str | None = None
    """One of :data:`TITLES`."""
    federation: str | None = None
    """FIDE's three-letter code (:mod:`ledger.federations`), as recorded; see :attr:`fide_federation`."""

    @property
    def fide_federation(self) -> str | None:
        """His FIDE federation: the one recorded, else the one of his country where it has one
        (:func:`ledger.federations.from_country`: ``IE`` → ``IRL``; ``GB`` has none), else None."""
        if self.federation is not None:
            return self.federation
        from ledger import federations  # the table, loaded when a federation is first asked for

        return federations.from_country(self.country)


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
# PGN standard §9.6.1: "?", "-", or fields "moves/seconds", "seconds",
# "seconds+increment", "*seconds", joined by ":".
_TC_FIELD = r"(?:\d+/\d+|\d+\+\d+|\d+|\*\d+)"
_TIME_CONTROL = re.compile(rf"\?|-|{_TC_FIELD}(?::{_TC_FIELD})*", re.ASCII)


def parse_date(text: str, what: str = "date") -> date:
    """Return the calendar date of ``YYYY-MM-DD`` text, or refuse it."""
    if not isinstance(text, str) or not _DATE.fullmatch(text.strip()):
        raise InvalidDateError(f"{what} {text!r} is not a date of the form YYYY-MM-DD")
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidDateError(f"{what} {text!r} is not a calendar date") from None


def not_after(day: date, limit: date, what: str, limit_name: str) -> None:
    """Refuse ``day`` if it falls after ``limit``."""
    if day > limit:
        raise FutureDateError(f"{what} {day.isoformat()} is after {limit_name} {limit.isoformat()}")


EVENT_AHEAD_DAYS: Final = 366
"""How far ahead of today an event may be registered (its start, end and round dates): a year and a day, so a
whole season's events are registered when it opens. FIDE asks that a rated tournament and its schedule be registered
before it starts: three days before, 30 where a player is rated over 2700 (FIDE B.02 §0.2.1-0.2.2, as amended by
the Council in December 2023); the ledger asks no least notice, and this bound catches a mistyped year."""


def event_day(day: date, today: date, what: str) -> None:
    """Refuse an event's date more than :data:`EVENT_AHEAD_DAYS` after ``today``.

    >>> event_day(date(2025, 1, 1), date(2024, 12, 29), "start date")
    >>> event_day(date(2026, 1, 1), date(2024, 12, 29), "start date")
    Traceback (most recent call last):
    ...
    ledger.errors.FutureDateError: start date 2026-01-01 is more than 366 days after today 2024-12-29
    """
    if (day - today).days > EVENT_AHEAD_DAYS:
        raise FutureDateError(
            f"{what} {day.isoformat()} is more than {EVENT_AHEAD_DAYS} days after today {today.isoformat()}"
        )


def check_result(result: str, what: str = "result") -> str:
    """Return the result if it is one PGN knows, or refuse it."""
    if result not in RESULTS:
        raise InvalidResultError(f"{what} {result!r} is not one of {', '.join(RESULTS)}")
    return result


def check_choice(value: str, choices: tuple[str, ...], what: str) -> str:
    """Return ``value`` if it is one of ``choices``, or refuse it naming them."""
    if value not in choices:
        raise InvalidValueError(f"{what} {value!r} is not one of {', '.join(choices)}")
    return value


def check_time_control(text: str) -> str:
    """Return a PGN ``TimeControl`` value (PGN standard §9.6.1), or refuse it."""
    if not _TIME_CONTROL.fullmatch(text):
        raise InvalidValueError(
            f"time control {text!r} is not in PGN TimeControl form "
            "(e.g. '40/7200:3600', '5400+30', '300', '*180', '?' or '-')"
        )
    return text


def check_text(value: str, what: str) -> str:
    """Return stripped non-empty text (a name, reason, tournament: printable, at most 200 characters, not
    beginning with a formula's character), or refuse it: :func:`check_free_text`.

    Ids have their own rule: :func:`check_id`.
    """
    return check_free_text(value, what)


def check_game_kind(forfeit: str | None, time_control: str | None) -> tuple[str, str | None]:
    """The forfeit kind and the time control of a game (a function of the two texts)."""
    kind = check_choice(forfeit or "none", FORFEIT_KINDS, "forfeit")
    tc = check_time_control(time_control) if time_control else None
    return kind, tc


def check_opponents(white: str, black: str) -> None:
    """Refuse a game whose white and black are the same player.

    >>> check_opponents("A", "A")
    Traceback (most recent call last):
    ...
    ledger.errors.SelfPlayError: player 'A' cannot play against himself
    """
    if white == black:
        raise SelfPlayError(f"player {white!r} cannot play against himself")


def check_forfeit_result(result: str, forfeit: str) -> str:
    """Return ``result`` unless it is a draw of a forfeited game: a forfeit is a win for one player.

    IECG §VIII.3: a forfeited game "is treated as a win in the score tables" (an arbiter's forfeit of
    §VIII.1 too: the claimant wins it). A drawn forfeit has no score, and no crosstable can hold it.

    >>> check_forfeit_result("1-0", "arbiter"), check_forfeit_result("1/2-1/2", "none")
    ('1-0', '1/2-1/2')
    """
    if forfeit != "none" and result == "1/2-1/2":
        raise InvalidResultError(
            f"result {result} with forfeit {forfeit!r}: a forfeit is a win for one player, 1-0 or 0-1 "
            "(IECG §VIII.3: a forfeited game is a win in the score table)"
        )
    return result


# --- bounds of every recorded value --------------------------------------------------------------

Number = int | float
"""A number as a fact stores it (JSON's integer or decimal)."""

ELO_SCALE: Final = (100, 3500)
"""Ratings and starting ratings on the Elo scale, and every Elo-like prior system."""

ECF_GRADES: Final = (0, 400)
"""English Chess Federation grades (prior systems ``ecf`` and ``ecf-rapid``)."""

ICU_GRADES: Final = (100, 3500)
"""Irish Chess Union grades (prior system ``icu``)."""

GAME_COUNTS: Final = (0, 10_000)
"""Rated games behind a rating (``rated_games``, a prior's ``games``)."""

DEVIATION_MAXIMUM: Final = 500
"""A rating deviation is above 0 and at most this (Glicko's own starting RD is 350)."""

ADJUSTMENT_POINTS: Final = (-500, 500)
"""A grading committee's adjustment, in points (never 0: it would change nothing)."""

EARLIEST_DATE: Final = date(1900, 1, 1)
"""No fact is dated before this: dates run from 1900-01-01 to the date the fact was reported."""

BORN_BEFORE_GAMES_YEARS: Final = 3
"""A player is born at least this many years before any game of his."""

ID_MAXIMUM: Final = 64
"""The longest player or game id, in characters."""

TEXT_MAXIMUM: Final = 200
"""The longest name, tournament name, reason or source, in characters."""

_COUNTRY = re.compile(r"[A-Z]{2,3}", re.ASCII)

PRIOR_SCALES: Final[dict[str, tuple[str, tuple[int, int]]]] = {
    **{system: ("rating", ELO_SCALE) for system in PRIOR_SYSTEMS},
    "ecf": ("ECF grade", ECF_GRADES),
    "ecf-rapid": ("ECF rapidplay grade", ECF_GRADES),
    "icu": ("ICU grade", ICU_GRADES),
}
"""The scale of a prior rating of each system: what it is called, and its bounds."""


def shown(value: object) -> str:
    """A value as a refusal shows it: numbers as written (``1e+30`` for a huge decimal), text quoted."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return repr(value)
    if isinstance(value, float):
        return f"{value:g}"
    if value.bit_length() > 64:
        return f"{float(value):g}" if value.bit_length() < 1024 else "a number of more than 300 digits"
    return str(value)


def _is_number(value: object, whole: bool) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return not whole and isinstance(value, float) and math.isfinite(value)


def check_whole(value: object, what: str, bounds: tuple[int, int]) -> int:
    """Return a whole number within ``bounds`` (inclusive), or refuse it naming the range."""
    low, high = bounds
    if not _is_number(value, whole=True):
        raise OutOfRangeError(f"{what} {shown(value)} is not a whole number from {low} to {high}")
    assert isinstance(value, int)
    if not low <= value <= high:
        raise OutOfRangeError(f"{what} {shown(value)} is outside {low}..{high}")
    return value


def check_decimal(value: object, what: str, bounds: tuple[int, int]) -> float:
    """Return a finite number within ``bounds`` (inclusive), or refuse it naming the range."""
    low, high = bounds
    if not _is_number(value, whole=False):
        raise OutOfRangeError(f"{what} {shown(value)} is not a number from {low} to {high}")
    assert isinstance(value, int | float)
    if not low <= value <= high:
        raise OutOfRangeError(f"{what} {shown(value)} is outside {low}..{high}")
    return value


def check_rating(value: object, what: str = "rating") -> int:
    """A rating or starting rating: a whole number on the Elo scale (100..3500)."""
    return check_whole(value, what, ELO_SCALE)


def check_games(value: object, what: str = "rated games") -> int:
    """A count of games: a whole number 0..10,000."""
    return check_whole(value, what, GAME_COUNTS)


def check_prior_rating(system: str, value: object) -> float:
    """A prior rating on the scale of its system (:data:`PRIOR_SCALES`)."""
    name, bounds = PRIOR_SCALES.get(system, ("rating", ELO_SCALE))
    return check_decimal(value, f"{system} rating" if name == "rating" else name, bounds)


def check_deviation(value: object) -> float:
    """A rating deviation: above 0, at most 500."""
    number = check_decimal(value, "deviation", (0, DEVIATION_MAXIMUM))
    if number <= 0:
        raise OutOfRangeError(f"deviation {shown(value)} is outside 0..{DEVIATION_MAXIMUM}: it must be above 0")
    return number


def check_volatility(value: object) -> float:
    """A volatility (Glicko-2): above 0, below 1."""
    number = check_decimal(value, "volatility", (0, 1))
    if not 0 < number < 1:
        raise OutOfRangeError(f"volatility {shown(value)} is outside 0..1: it must be above 0 and below 1")
    return number


def check_points(value: object) -> int:
    """An adjustment: a whole number of points −500..500, not 0."""
    points = check_whole(value, "points", ADJUSTMENT_POINTS)
    if points == 0:
        raise InvalidValueError("an adjustment of 0 points changes nothing")
    return points


def check_day(day: date, what: str, reported: date | None = None) -> date:
    """A fact's date: from 1900-01-01, and not after ``reported`` (the date the fact was reported)."""
    if day < EARLIEST_DATE:
        upto = "the reported date" if reported is None else f"the reported date {reported.isoformat()}"
        first = EARLIEST_DATE.isoformat()
        raise OutOfRangeError(f"{what} {day.isoformat()} is before {first}: dates run from {first} to {upto}")
    if reported is not None:
        not_after(day, reported, what, "the reported date")
    return day


def check_fact_date(text: object, what: str, reported: str | None = None) -> str:
    """A stored date (ISO text): a calendar date from 1900-01-01, not after ``reported`` if given."""
    if not isinstance(text, str):
        raise InvalidDateError(f"{what} {shown(text)} is not a date of the form YYYY-MM-DD")
    day = check_day(parse_date(text, what), what, None if reported is None else parse_date(reported, "reported date"))
    if day.isoformat() != text:
        raise InvalidDateError(f"{what} {text!r} is not a date of the form YYYY-MM-DD")
    return text


def check_born(born: date, first_game: str, what: str = "born") -> None:
    """Refuse a birth date less than three years before ``first_game`` (ISO text), the player's earliest game.

    ``what`` names the birth date (``born``, ``the birth date of player '1001'``)."""
    game_day = date.fromisoformat(first_game)
    try:
        latest = born.replace(year=born.year + BORN_BEFORE_GAMES_YEARS)
    except ValueError:  # born on 29 February
        latest = date(born.year + BORN_BEFORE_GAMES_YEARS, 3, 1)
    if latest > game_day:
        raise OutOfRangeError(
            f"{what} {born.isoformat()} is less than {BORN_BEFORE_GAMES_YEARS} years before his game of "
            f"{first_game}: a player is born at least {BORN_BEFORE_GAMES_YEARS} years before any game of his"
        )


def _control(text: str) -> str | None:
    """The first character of ``text`` that is not printable, as ``U+XXXX``, or None."""
    if text.isprintable():  # one C call for the whole text: the usual case
        return None
    for char in text:
        if not char.isprintable():
            return f"U+{ord(char):04X}"
    return None


def _trimmed(value: object, what: str, required: bool) -> str:
    """``value`` as text, stripped; refused if it is not text, or (``required``) empty."""
    if not isinstance(value, str):
        raise InvalidTextError(f"{what} {shown(value)} is not text")
    text = value.strip()
    if required and not text:
        raise InvalidTextError(f"{what} must not be empty")
    return text


def check_id(value: object, what: str) -> str:
    """An id (player, game): trimmed, 1..64 printable characters, no control character (newline included)."""
    text = _trimmed(value, what, required=True)
    bad = _control(text)
    if bad is not None:
        raise InvalidTextError(f"{what} {text!r} holds a control character ({bad}): ids are printable text")
    if len(text) > ID_MAXIMUM:
        raise InvalidTextError(f"{what} {text[:20]!r}… has {len(text)} characters: ids have 1 to {ID_MAXIMUM}")
    return text


def check_name(value: object, what: str, *, required: bool = True) -> str:
    """A name, tournament, reason or source: printable, at most 200 characters (``required``: not empty)."""
    text = _trimmed(value, what, required)
    bad = _control(text)
    if bad is not None:
        raise InvalidTextError(f"{what} {text[:40]!r} holds a control character ({bad}): it must be printable text")
    if len(text) > TEXT_MAXIMUM:
        raise InvalidTextError(f"{what} {text[:20]!r}… has {len(text)} characters: at most {TEXT_MAXIMUM}")
    return text


FORMULA_STARTS: Final = ("=", "+", "-", "@")
"""A cell beginning with one of these is run as a formula by a spreadsheet (OWASP, "CSV
Injection"): free text given to the ledger may not begin with one."""


def check_free_text(value: object, what: str, *, required: bool = True) -> str:
    """Free text as it is given (a name, tournament, reason, source, event name, site, ``--by``): the bounds
    of :func:`check_name`, and not beginning with ``=``, ``+``, ``-`` or ``@`` (a spreadsheet
    would run ``=HYPERLINK(…)`` as a formula). Facts stored before this rule are not refused when read:
    every CSV written neutralises such a cell instead (``commands.output.csv_cell``).

    >>> check_free_text(" Anna Adler ", "name")
    'Anna Adler'
    """
    text = check_name(value, what, required=required)
    if text[:1] in FORMULA_STARTS:
        raise InvalidTextError(
            f"{what} {text[:40]!r} begins with {text[0]!r}: a spreadsheet would run it as a formula; "
            "text may not begin with =, +, - or @"
        )
    return text


def check_country(value: object) -> str:
    """A country: a code of two or three capital letters A–Z (IOC/FIDE or ISO alike), or empty (unknown)."""
    text = _trimmed(value, "country", required=False)
    if text and not _COUNTRY.fullmatch(text):
        raise InvalidTextError(
            f"country {text[:20]!r} is not a code of two or three capital letters A-Z (e.g. IE, GER), or empty"
        )
    return text


def check_sex(value: object) -> str | None:
    """A sex as said (:data:`SEX_CODES`: ``M``, ``F``, TRF16's ``m``, ``w``), stored as FIDE's lists write it;
    None when not said (blank).

    >>> check_sex("w"), check_sex(" m "), check_sex(""), check_sex("F")
    ('F', 'M', None, 'F')
    """
    text = "" if value is None else _trimmed(value, "sex", required=False)
    if not text:
        return None
    if text not in SEX_CODES:
        raise InvalidValueError(f"sex {text[:20]!r} is not M or F (FIDE's lists), nor m or w (TRF16)")
    return SEX_CODES[text]


def check_title(value: object) -> str | None:
    """A FIDE title as said (:data:`TITLE_CODES`, in any case), stored as FIDE writes it; None when not said.

    >>> check_title("wgm"), check_title("g"), check_title(" IM "), check_title("")
    ('WGM', 'GM', 'IM', None)
    """
    text = "" if value is None else _trimmed(value, "title", required=False)
    if not text:
        return None
    title = TITLE_CODES.get(text) or TITLE_CODES.get(text.lower()) or TITLE_CODES.get(text.upper())
    if title is None:
        raise InvalidValueError(f"title {text[:20]!r} is not one of FIDE's titles: {', '.join(TITLES)}")
    return title


def check_federation(value: object) -> str | None:
    """A FIDE federation code as said (three letters, in any case; :data:`ledger.federations.FEDERATIONS`),
    stored in capitals; None when not said.

    >>> check_federation("eng"), check_federation(" IRL "), check_federation("")
    ('ENG', 'IRL', None)
    """
    text = "" if value is None else _trimmed(value, "federation", required=False)
    if not text:
        return None
    code = text.upper()
    from ledger import federations  # the table, loaded when a federation is first checked

    if not code.isascii() or not federations.is_federation(code):
        hint = federations.BY_COUNTRY.get(code)
        raise InvalidValueError(
            f"federation {text[:20]!r} is not a FIDE federation code (three letters: NOR, ENG, IRL, GER)"
            + (f"; {code} is the ISO country code of FIDE's {hint}" if hint else "")
        )
    return code


FIDE_ID_MAXIMUM: Final = 999_999_999
"""The largest FIDE id (FIDE's ids have at most nine digits)."""

_SCHEME = re.compile(r"[a-z][a-z0-9-]{0,19}", re.ASCII)
_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9./-]{0,31}", re.ASCII)


def check_fide_id(value: object) -> str:
    """A FIDE id: a whole number from 1 to 999,999,999, returned without leading zeros.

    >>> check_fide_id(" 2500001 ")
    '2500001'
    """
    text = _trimmed(value, "FIDE id", required=True)
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= FIDE_ID_MAXIMUM:
        raise InvalidValueError(f"FIDE id {text[:20]!r} is not a whole number from 1 to {FIDE_ID_MAXIMUM:,}")
    return str(int(text))


def check_scheme(scheme: object) -> str:
    """An id scheme: ``fide``, or a national scheme's lower-case name (``ecf``, ``icu``), in any case given.

    >>> check_scheme("ECF")
    'ecf'
    """
    name = _trimmed(scheme, "id scheme", required=True).lower()
    if not _SCHEME.fullmatch(name):
        raise InvalidValueError(
            f"id scheme {name[:20]!r} is not a lower-case name (a letter, then letters, digits or '-'; e.g. ecf)"
        )
    return name


def check_identity(scheme: object, number: object) -> tuple[str, str]:
    """An identity number of a scheme: ``fide`` (:func:`check_fide_id`) or a national scheme (a lower-case
    name like ``ecf``, ``icu``) with an id of letters, digits and ``. / -`` (at most 32).

    >>> check_identity("ecf", "123456A")
    ('ecf', '123456A')
    """
    name = check_scheme(scheme)
    if name == "fide":
        return name, check_fide_id(number)
    text = _trimmed(number, f"{name} id", required=True)
    if not _NUMBER.fullmatch(text):
        raise InvalidValueError(
            f"{name} id {text[:40]!r} is not 1 to 32 letters, digits, '.', '/' or '-' (starting with a letter or digit)"
        )
    return name, text


_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?", re.ASCII)
_DIGITS_MAXIMUM = 300
"""Longer numerals are refused as they are read (a bound then names the range of shorter ones)."""


def parse_whole(text: str, what: str) -> int:
    """A whole number written in ASCII digits with an optional sign (``+15``, ``-10``); not ``1_500``,
    ``１５００``, ``1e3``, ``15 00`` or ``1.0``."""
    numeral = text.strip()
    if not _WHOLE.fullmatch(numeral):
        raise InvalidValueError(f"{what} {text[:40]!r} is not a whole number in ASCII digits")
    if len(numeral) > _DIGITS_MAXIMUM:
        raise InvalidValueError(f"{what} has {len(numeral)} digits: no value of the ledger has more than a few")
    return int(numeral)


def parse_decimal(text: str, what: str) -> float:
    """A decimal number in ASCII digits (``1850``, ``1850.5``, ``-7``); not ``1e3``, ``inf``, ``.5`` or ``1_850``."""
    numeral = text.strip()
    if not _DECIMAL.fullmatch(numeral):
        raise InvalidValueError(f"{what} {text[:40]!r} is not a decimal number in ASCII digits (e.g. 1850 or 1850.5)")
    if len(numeral) > _DIGITS_MAXIMUM:
        raise InvalidValueError(f"{what} has {len(numeral)} digits: no value of the ledger has more than a few")
    return float(numeral)


def check_event_fact(field: str, value: Any) -> Any:
    """An event's fact within its bounds, as recorded and as the fold reads it back: its name and
    type always, its start date required, the others None when not said (or empty).

    >>> check_event_fact("rounds", 7), check_event_fact("mode", None)
    (7, None)
    """
    if field == "name":
        return check_name(value, "event name")
    if field == "type":
        return check_choice(value, EVENT_TYPES, "event type")
    if value is None or value == "":
        if field == "start":
            raise InvalidValueError("an event needs its start date (--start YYYY-MM-DD)")
        return None
    if field in ("start", "end"):
        return check_fact_date(value, f"{field} date")
    if field == "rate_of_play":
        return check_time_control(value)
    if field == "mode":
        return check_choice(value, MODES, "mode")
    if field == "rating_class":
        return check_choice(value, EVENT_CLASSES, "class")
    if field == "rounds":
        return check_whole(value, "rounds", ROUNDS)
    if field == "site":
        return check_name(value, "site")
    if field == "federation":
        return check_country(value) or None
    if field == "chief_arbiter":  # FIDE C.04 Annex 2 (TRF16), line 102
        return check_name(value, "chief arbiter")
    if field == "deputy_arbiters":  # TRF16 line 112
        return _check_list(value, "deputy arbiters", MAX_ARBITERS, lambda v: check_name(v, "deputy arbiter"))
    if field == "round_dates":  # TRF16 line 132: a date a round, None where not said
        return _check_list(
            value, "round dates", ROUNDS[1], lambda v: None if v is None else check_fact_date(v, "round date")
        )
    raise InvalidValueError(f"an event has no fact {field!r}")


MAX_ARBITERS: Final = 50
"""The most deputy arbiters an event records."""


def _check_list(value: object, what: str, most: int, check: Any) -> list[Any] | None:
    """A list of an event's facts (each ``check``-ed), at most ``most`` long; None when empty."""
    if not isinstance(value, list | tuple):
        raise InvalidValueError(f"{what} {shown(value)} are not a list")
    if len(value) > most:
        raise InvalidValueError(f"{len(value)} {what}: at most {most}")
    return [check(item) for item in value] or None


def check_registration_fact(field: str, value: object, reported: str | None = None) -> object:
    """One fact of a registration (or of its correction) within its bounds, or a refusal.

    ``reported``: the date the fact was reported (ISO text), the latest a birth date may be.
    """
    if field == "player":
        return check_id(value, "player id")
    if field == "name":
        return check_name(value, "name")
    if field == "country":
        return check_country(value)
    if field == "born":
        return None if value is None else check_fact_date(value, "born", reported)
    if field == "starting_rating":
        return check_rating(value, "starting rating")
    if field == "source":
        if not isinstance(value, str):
            raise InvalidValueError(f"source {shown(value)} is not one of {', '.join(SOURCES)}")
        return check_choice(value, SOURCES, "source")
    if field == "rated_games":
        return check_games(value, "rated games")
    if field in _STORED_AS:
        what = _STORED_AS[field]
        if value is None:
            return None
        if field == "federation":
            from ledger import federations  # the table, loaded when a federation is first checked

            choices: Collection[str] = federations.FEDERATIONS
        else:
            choices = SEXES if field == "sex" else TITLES
        if not isinstance(value, str) or value not in choices:
            named = "a FIDE federation code" if field == "federation" else f"one of {', '.join(choices)}"
            raise InvalidValueError(f"{what} {shown(value)} is not {named}")
        return value
    raise InvalidValueError(f"a registration has no fact {field!r}")


_STORED_AS: Final[dict[str, str]] = {"sex": "sex", "title": "title", "federation": "federation"}
"""The registration facts stored only as the door writes them (None, or one of these)."""


def check_prior(
    system: object, rating: object, games: object = None, deviation: object = None, volatility: object = None
) -> None:
    """A prior rating's numbers within their bounds: the rating on its system's scale,
    the games 0..10,000, a deviation above 0 and at most 500, a volatility above 0 and below 1."""
    if not isinstance(system, str) or system not in PRIOR_SYSTEMS:
        raise InvalidValueError(f"system {shown(system)} is not one of {', '.join(PRIOR_SYSTEMS)}")
    check_prior_rating(system, rating)
    if games is not None:
        check_games(games, "games")
    if deviation is not None:
        check_deviation(deviation)
    if volatility is not None:
        check_volatility(volatility)
