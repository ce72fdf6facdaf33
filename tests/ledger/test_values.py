"""The value checks: dates, results, choices, text and PGN time controls."""

from __future__ import annotations

from datetime import date

import pytest

from ledger import errors, values


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2024-01-05", date(2024, 1, 5)),
        ("2024-02-29", date(2024, 2, 29)),  # a leap day
        ("2000-02-29", date(2000, 2, 29)),
        (" 2024-12-31 ", date(2024, 12, 31)),
    ],
)
def test_dates(text: str, day: date) -> None:
    assert values.parse_date(text) == day


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2023-02-29", "not a calendar date"),  # not a leap year
        ("1900-02-29", "not a calendar date"),
        ("2024-04-31", "not a calendar date"),
        ("2024-13-01", "not a calendar date"),
        ("2024-00-10", "not a calendar date"),
        ("2024-1-5", "not a date of the form YYYY-MM-DD"),
        ("20240105", "not a date of the form YYYY-MM-DD"),
        ("2024/01/05", "not a date of the form YYYY-MM-DD"),
        ("05-01-2024", "not a date of the form YYYY-MM-DD"),
        ("2024-01-05T10:00", "not a date of the form YYYY-MM-DD"),
        ("today", "not a date of the form YYYY-MM-DD"),
        ("", "not a date of the form YYYY-MM-DD"),
    ],
)
def test_dates_refused(text: str, message: str) -> None:
    with pytest.raises(errors.InvalidDateError, match=message) as raised:
        values.parse_date(text, "finished date")
    assert str(raised.value).startswith(f"finished date {text!r}")
    assert isinstance(raised.value, errors.InvalidValueError)


def test_not_after() -> None:
    values.not_after(date(2024, 1, 1), date(2024, 1, 1), "finished date", "today")  # the same day is fine
    with pytest.raises(errors.FutureDateError, match="finished date 2024-01-02 is after today 2024-01-01"):
        values.not_after(date(2024, 1, 2), date(2024, 1, 1), "finished date", "today")


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2"])
def test_results(result: str) -> None:
    assert values.check_result(result) == result


@pytest.mark.parametrize("result", ["", "*", "2-0", "1-1", "0-0", "½-½", "1/2", "draw", " 1-0", "1 - 0", "0.5-0.5"])
def test_results_refused(result: str) -> None:
    with pytest.raises(errors.InvalidResultError, match="is not one of 1-0, 0-1, 1/2-1/2"):
        values.check_result(result)


def test_white_points() -> None:
    assert values.WHITE_POINTS2 == {"1-0": 2, "1/2-1/2": 1, "0-1": 0}


@pytest.mark.parametrize(
    "time_control",
    [
        "40/7200:3600",  # PGN §9.6.1: moves/seconds, then a sudden-death period
        "40/7200:20/3600:900",
        "5400+30",  # seconds+increment
        "300",  # sudden death
        "*180",  # sandclock
        "?",  # unknown
        "-",  # no time control
        "40/9000:5400+30",
    ],
)
def test_time_controls(time_control: str) -> None:
    assert values.check_time_control(time_control) == time_control


@pytest.mark.parametrize(
    "time_control",
    ["", "40/", "/7200", "5400+", "+30", "*", "**180", "?:300", "-:300", "40/7200:", ":300", "90 min", "1h", " 300"],
)
def test_time_controls_refused(time_control: str) -> None:
    with pytest.raises(errors.InvalidValueError, match="not in PGN TimeControl form"):
        values.check_time_control(time_control)


@pytest.mark.parametrize("time_control", ["٣٠٠", "４０/７２００"])
def test_time_controls_with_non_ascii_digits_refused(time_control: str) -> None:
    with pytest.raises(errors.InvalidValueError):
        values.check_time_control(time_control)


def test_choice_and_text() -> None:
    assert values.check_choice("tutor", values.SOURCES, "source") == "tutor"
    with pytest.raises(errors.InvalidValueError, match="source 'fide' is not one of none, tutor, iccf"):
        values.check_choice("fide", values.SOURCES, "source")
    assert values.check_text("  Anna  ", "name") == "Anna"
    with pytest.raises(errors.InvalidValueError, match="name must not be empty"):
        values.check_text(" \t", "name")


def test_the_rules_constants() -> None:
    assert values.DEFAULT_STARTING_RATING == 800  # IECG §VII.3
    assert values.TUTOR_MAXIMUM == 1700  # IECG §VII.3
    assert values.OTHER_MINIMUM_GAMES == 6  # IECG §VII.2
    assert values.FORFEIT_KINDS == ("none", "arbiter", "withdrawal")
    assert values.SOURCES == ("none", "tutor", "iccf", "iccf-provisional", "other")
