"""Value checks shared by every command: dates, results, sources, forfeits.

Facts are stored with plain JSON types (dates as ISO ``YYYY-MM-DD`` text), so
the log reads back the same on any store and decodes cheaply in bulk.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Final, NamedTuple

from ledger.errors import (
    FutureDateError,
    InvalidDateError,
    InvalidResultError,
    InvalidValueError,
)

RESULTS: Final = ("1-0", "0-1", "1/2-1/2")
"""Game results as PGN writes them."""

WHITE_POINTS2: Final = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}
"""White's score in half points, per result."""

FORFEIT_KINDS: Final = ("none", "arbiter", "withdrawal")
"""``arbiter``: a forfeit by arbiter decision (IECG §VIII.1); ``withdrawal``:
a game left unfinished by a withdrawal (IECG §VIII.2)."""

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
    "uscf",
    "national-elo",
    "glicko",
    "glicko2",
    "internet",
)
"""The rating systems a prior rating can come from: ``iecg`` is the IECG's old scheme before
1997 (IECG §IX), ``icu`` the Irish Chess Union's grades, ``ecf`` and ``ecf-rapid`` English Chess
Federation standard and rapidplay grades, ``internet`` a player's internet provider rating (the
ECF online seed's last resort)."""

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


class Registration(NamedTuple):
    """A player as registered, with his starting rating and its source (IECG §VII)."""

    player: str
    name: str
    country: str
    born: str | None
    starting_rating: int
    source: str
    rated_games: int


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
    """Return stripped non-empty text, or refuse it."""
    stripped = value.strip()
    if not stripped:
        raise InvalidValueError(f"{what} must not be empty")
    return stripped


def check_game_kind(forfeit: str | None, time_control: str | None) -> tuple[str, str | None]:
    """The forfeit kind and the time control of a game (a function of the two texts)."""
    kind = check_choice(forfeit or "none", FORFEIT_KINDS, "forfeit")
    tc = check_time_control(time_control) if time_control else None
    return kind, tc
