"""The bounds of every recorded value (issue 10 §3): numbers, dates, text, and the strict numerals."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

import pytest

from ledger import errors, values
from ledger.application import RatingLedger


@pytest.mark.parametrize(
    ("check", "value", "message"),
    [
        (values.check_rating, 99, "rating 99 is outside 100..3500"),
        (values.check_rating, 3501, "rating 3501 is outside 100..3500"),
        (values.check_rating, 10**30, "rating 1e+30 is outside 100..3500"),
        (values.check_rating, 2000.5, "rating 2000.5 is not a whole number from 100 to 3500"),
        (values.check_rating, True, "rating True is not a whole number"),
        (values.check_rating, "2000", "rating '2000' is not a whole number"),
        (values.check_games, -1, "rated games -1 is outside 0..10000"),
        (values.check_games, 10_001, "rated games 10001 is outside 0..10000"),
        (values.check_games, 9223372036854775808, "rated games 9223372036854775808 is outside 0..10000"),
        (values.check_deviation, 0, "deviation 0 is outside 0..500: it must be above 0"),
        (values.check_deviation, 500.01, "deviation 500.01 is outside 0..500"),
        (values.check_deviation, 1e9, "deviation 1e+09 is outside 0..500"),
        (values.check_deviation, float("nan"), "deviation nan is not a number from 0 to 500"),
        (values.check_volatility, 0.0, "volatility 0 is outside 0..1: it must be above 0 and below 1"),
        (values.check_volatility, 1, "volatility 1 is outside 0..1"),
        (values.check_volatility, float("inf"), "volatility inf is not a number from 0 to 1"),
        (values.check_points, 0, "an adjustment of 0 points changes nothing"),
        (values.check_points, 501, "points 501 is outside -500..500"),
        (values.check_points, -501, "points -501 is outside -500..500"),
    ],
)
def test_numbers_out_of_bounds_are_refused_naming_value_and_range(check, value, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(errors.InvalidValueError) as refused:
        check(value)
    assert str(refused.value) == message or str(refused.value).startswith(message)


@pytest.mark.parametrize(
    ("check", "value"),
    [
        (values.check_rating, 100),
        (values.check_rating, 3500),
        (values.check_games, 0),
        (values.check_games, 10_000),
        (values.check_deviation, 500),
        (values.check_deviation, 0.01),
        (values.check_volatility, 0.999),
        (values.check_points, -500),
        (values.check_points, 500),
    ],
)
def test_the_bounds_themselves_are_accepted(check, value) -> None:  # type: ignore[no-untyped-def]
    assert check(value) == value


@pytest.mark.parametrize(
    ("system", "rating", "message"),
    [
        ("ecf", 401, "ECF grade 401 is outside 0..400"),
        ("ecf-rapid", -1, "ECF rapidplay grade -1 is outside 0..400"),
        ("icu", 99, "ICU grade 99 is outside 100..3500"),
        ("fide", 3600, "fide rating 3600 is outside 100..3500"),
        ("glicko2", 1e308, "glicko2 rating 1e+308 is outside 100..3500"),
        ("ecf-online", 50, "ecf-online rating 50 is outside 100..3500"),
    ],
)
def test_prior_ratings_on_the_scale_of_their_system(system: str, rating: float, message: str) -> None:
    with pytest.raises(errors.OutOfRangeError, match=re.escape(message)):
        values.check_prior_rating(system, rating)


def test_ecf_grades_from_zero_and_elo_from_100() -> None:
    assert values.check_prior_rating("ecf", 0) == 0
    assert values.check_prior_rating("ecf", 400) == 400
    assert values.check_prior_rating("iccf", 100) == 100


@pytest.mark.parametrize(
    ("value", "what", "message"),
    [
        ("", "player id", "player id must not be empty"),
        ("   ", "game id", "game id must not be empty"),
        ("a\nb", "player id", "player id 'a\\nb' holds a control character (U+000A)"),
        ("a\tb", "game id", "(U+0009)"),
        ("a\x00b", "player id", "(U+0000)"),
        ("a\x1fb", "player id", "(U+001F)"),
        ("a\x7fb", "player id", "(U+007F)"),
        ("a\u2028b", "player id", "(U+2028)"),
        ("x" * 65, "player id", "has 65 characters: ids have 1 to 64"),
    ],
)
def test_ids(value: str, what: str, message: str) -> None:
    with pytest.raises(errors.InvalidTextError) as refused:
        values.check_id(value, what)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_ids_are_trimmed_and_may_be_64_characters() -> None:
    assert values.check_id("  1001 ", "player id") == "1001"
    assert values.check_id("x" * 64, "player id") == "x" * 64
    assert values.check_id("Ñandú-7", "player id") == "Ñandú-7"


def test_names() -> None:
    assert values.check_name(" Anna Adler ", "name") == "Anna Adler"
    assert values.check_name("n" * 200, "name") == "n" * 200
    with pytest.raises(errors.InvalidTextError, match="has 201 characters: at most 200"):
        values.check_name("n" * 201, "name")
    with pytest.raises(errors.InvalidTextError, match=r"holds a control character \(U\+000D\)"):
        values.check_name("Anna\rAdler", "name")
    assert values.check_name("", "tournament", required=False) == ""


@pytest.mark.parametrize("country", ["IE", "GER", "", "  "])
def test_countries(country: str) -> None:
    assert values.check_country(country) == country.strip()


@pytest.mark.parametrize("country", ["ie", "I", "IREL", "I1", "ＩＥ", "É", "I E"])
def test_countries_refused(country: str) -> None:
    with pytest.raises(errors.InvalidTextError, match="is not a code of two or three capital letters"):
        values.check_country(country)


@pytest.mark.parametrize(("text", "number"), [("1500", 1500), ("+15", 15), ("-10", -10), (" 42 ", 42), ("0015", 15)])
def test_whole_numbers(text: str, number: int) -> None:
    assert values.parse_whole(text, "points") == number


@pytest.mark.parametrize("text", ["１５００", "1_500", "1e3", "15 00", "1.0", "٣", "", "+", "0x10", "1,500", "½"])
def test_whole_numbers_refused(text: str) -> None:
    with pytest.raises(errors.InvalidValueError, match="is not a whole number in ASCII digits"):
        values.parse_whole(text, "points")


def test_numerals_of_more_than_300_digits_are_refused_as_read() -> None:
    assert values.parse_whole("9" * 300, "points") == int("9" * 300)
    with pytest.raises(errors.InvalidValueError, match="points has 301 digits"):
        values.parse_whole("9" * 301, "points")
    with pytest.raises(errors.InvalidValueError, match="rating has 301 digits"):
        values.parse_decimal("9" * 301, "rating")


@pytest.mark.parametrize(("text", "number"), [("1850", 1850.0), ("1850.5", 1850.5), ("-7", -7.0), ("+0.25", 0.25)])
def test_decimals(text: str, number: float) -> None:
    assert values.parse_decimal(text, "rating") == number


@pytest.mark.parametrize("text", ["1e3", "inf", "nan", ".5", "1.", "１８５０", "1_850", "1850,5", "- 7"])
def test_decimals_refused(text: str) -> None:
    with pytest.raises(errors.InvalidValueError, match="is not a decimal number in ASCII digits"):
        values.parse_decimal(text, "rating")


def test_dates_in_unicode_digits_are_refused() -> None:
    with pytest.raises(errors.InvalidDateError):
        values.parse_date("２０２４-01-05")
    with pytest.raises(errors.InvalidDateError):
        values.parse_date("٢٠٢٤-٠١-٠٥")


def test_dates_from_1900_to_the_reported_date() -> None:
    assert values.check_day(date(1900, 1, 1), "finished date") == date(1900, 1, 1)
    with pytest.raises(errors.OutOfRangeError, match="finished date 1899-12-31 is before 1900-01-01"):
        values.check_day(date(1899, 12, 31), "finished date")
    with pytest.raises(errors.FutureDateError, match="as-of date 2024-01-02 is after the reported date 2024-01-01"):
        values.check_day(date(2024, 1, 2), "as-of date", date(2024, 1, 1))


def test_born_three_years_before_any_game() -> None:
    values.check_born(date(2021, 1, 5), "2024-01-05")  # exactly three years: accepted
    with pytest.raises(
        errors.OutOfRangeError, match="born 2021-01-06 is less than 3 years before his game of 2024-01-05"
    ):
        values.check_born(date(2021, 1, 6), "2024-01-05")
    values.check_born(date(2020, 2, 29), "2023-03-01")  # a leap day: three years later is 1 March
    with pytest.raises(errors.OutOfRangeError):
        values.check_born(date(2020, 2, 29), "2023-02-28")


# --- through the application --------------------------------------------------------------------------------


def test_the_overflowing_registration_of_the_issue_is_refused(ledger: RatingLedger) -> None:
    with pytest.raises(errors.OutOfRangeError, match=re.escape("starting rating 1e+30 is outside 100..3500")):
        ledger.register_player("2001", "X", source="iccf", starting_rating=10**30, rated_games=20)
    with pytest.raises(errors.OutOfRangeError, match=re.escape("rated games 9223372036854775808 is outside 0..10000")):
        ledger.register_player("2001", "X", source="iccf", starting_rating=2000, rated_games=2**63)
    assert ledger.reader().head() == 0


def test_every_recorded_value_is_bounded(two_players: RatingLedger) -> None:
    app = two_players
    refusals: list[tuple[Callable[[], object], str]] = [
        (lambda: app.record_prior("A", system="ecf", rating=401, as_of="2020-01-01"), "ECF grade 401"),
        (lambda: app.record_prior("A", system="fide", rating=2000, games=10_001, as_of="2020-01-01"), "games 10001"),
        (lambda: app.record_prior("A", system="glicko", rating=1500, deviation=1e9, as_of="2020-01-01"), "deviation"),
        (lambda: app.record_prior("A", system="glicko2", rating=1500, volatility=1.0, as_of="2020-01-01"), "volat"),
        (lambda: app.record_prior("A", system="fide", rating=2000, as_of="1899-12-31"), "as-of date 1899-12-31"),
        (lambda: app.record_prior("A", system="fide", rating=2000, as_of="2020-01-01", source="x\ny"), "source"),
        (lambda: app.adjust_ratings(system="icu-1980", player="A", points=501, on="2024-01-01", reason="r"), "501"),
        (lambda: app.record_game("G", white="A", black="B", result="1-0", finished="0001-01-05"), "0001-01-05"),
        (lambda: app.record_game("G\n1", white="A", black="B", result="1-0", finished="2024-01-05"), "game id"),
        (lambda: app.record_game("G", white="A", black="B", result="1-0", finished="2024-01-05", tournament="t" * 201),
         "tournament"),
        (lambda: app.register_player("C", "Carla", country="it"), "country 'it'"),
        (lambda: app.register_player("C", "Carla", born="2024-02-01", reported_on="2024-01-01"),
         "born 2024-02-01 is after the reported date 2024-01-01"),
        (lambda: app.mark_inactive("A", on="1800-01-01", reason="r"), "date 1800-01-01 is before 1900-01-01"),
        (lambda: app.withdraw_player("A", tournament="t\x00", on="2024-01-01"), "tournament"),
    ]  # fmt: skip
    head = app.reader().head()
    for call, message in refusals:
        with pytest.raises(errors.LedgerError, match=re.escape(message)):
            call()
    assert app.reader().head() == head


def test_born_is_checked_against_the_players_games(two_players: RatingLedger) -> None:
    app = two_players
    app.register_player("K", "Kid", born="2022-06-01", reported_on="2024-01-01")
    with pytest.raises(errors.OutOfRangeError, match="the birth date of player 'K' 2022-06-01 is less than 3 years"):
        app.record_game("G1", white="K", black="A", result="1-0", finished="2024-01-05")
    app.correct_player("K", changes={"born": "2020-06-01"}, reason="typo", reported_on="2024-01-02")
    app.record_game("G1", white="K", black="A", result="1-0", finished="2024-01-05", reported_on="2024-01-05")
    # a correction of the birth date is checked against the games he has played
    with pytest.raises(
        errors.OutOfRangeError, match="born 2021-06-01 is less than 3 years before his game of 2024-01-05"
    ):
        app.correct_player("K", changes={"born": "2021-06-01"}, reason="typo")
    # and a correction of a game against the birth dates of its players
    app.record_game("G2", white="A", black="B", result="1-0", finished="2023-01-05", reported_on="2023-01-05")
    with pytest.raises(errors.OutOfRangeError, match="the birth date of player 'K'"):
        app.correct_game("G2", changes={"white": "K"}, reason="wrong player")


def test_import_games_checks_birth_dates(two_players: RatingLedger) -> None:
    app = two_players
    app.register_player("K", "Kid", born="2022-06-01", reported_on="2024-01-01")
    row = {"game": "G1", "white": "A", "black": "K", "result": "1-0", "finished": "2024-01-05", "tournament": "",
           "forfeit": ""}  # fmt: skip
    with pytest.raises(errors.ImportRowError, match="line 2: the birth date of player 'K'"):
        app.import_games([(2, row)])
