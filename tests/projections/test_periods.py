"""IECG 1.7 §II.1: rating periods of two months, the first starting on 1 January."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from projections.registry import get_rules
from projections.rules.periods import DatedPeriodScheme, PeriodError, PeriodScheme
from tests.projections.federation import RULES, Federation

SCHEME = get_rules(RULES).periods
assert isinstance(SCHEME, PeriodScheme)
STARTS = ["01", "03", "05", "07", "09", "11"]


def test_ii1_six_periods_a_year_named_by_first_month() -> None:
    """IECG 1.7 §II.1: a year has six periods, named YYYY-01, YYYY-03, …, YYYY-11, numbered consecutively."""
    first = SCHEME.index("2021-01")
    assert [SCHEME.label(first + i) for i in range(7)] == [
        "2021-01",
        "2021-03",
        "2021-05",
        "2021-07",
        "2021-09",
        "2021-11",
        "2022-01",
    ]
    assert [SCHEME.index(f"2021-{m}") - first for m in STARTS] == [0, 1, 2, 3, 4, 5]
    assert SCHEME.index("2022-01") - SCHEME.index("2021-11") == 1
    # Thirty periods are five years (§VIII.5).
    assert SCHEME.index("2026-01") - first == 30


@pytest.mark.parametrize(
    ("day", "period"),
    [
        ("2021-01-01", "2021-01"),
        ("2021-02-28", "2021-01"),
        ("2021-03-01", "2021-03"),
        ("2020-02-29", "2020-01"),
        ("2020-12-31", "2020-11"),
        ("2021-11-01", "2021-11"),
        ("2021-04", "2021-03"),
    ],
)
def test_ii1_day_falls_in_its_two_month_period(day: str, period: str) -> None:
    """IECG 1.7 §II.1: a date (or a month) belongs to the two-month period that contains it."""
    assert SCHEME.label(SCHEME.index_of_day(day)) == period


@pytest.mark.parametrize(
    ("period", "months", "last_day"),
    [
        ("2021-01", ["2021-01", "2021-02"], date(2021, 2, 28)),
        ("2024-01", ["2024-01", "2024-02"], date(2024, 2, 29)),  # leap year
        ("2021-03", ["2021-03", "2021-04"], date(2021, 4, 30)),
        ("2021-11", ["2021-11", "2021-12"], date(2021, 12, 31)),
    ],
)
def test_ii1_months_and_run_day_of_a_period(period: str, months: list[str], last_day: date) -> None:
    """IECG 1.7 §II.1: a period's months, and its last day (the day of its rating run)."""
    index = SCHEME.index(period)
    assert SCHEME.month_names(index) == months
    assert SCHEME.last_day(index) == last_day


@pytest.mark.parametrize("label", ["2020-02", "2020-04", "2020-06", "2020-08", "2020-10", "2020-12"])
def test_ii1_refuses_a_month_that_does_not_start_a_period(label: str) -> None:
    """IECG 1.7 §II.1: only odd months start a period; the refusal names the clause and the valid months."""
    with pytest.raises(PeriodError) as refused:
        SCHEME.index(label)
    message = str(refused.value)
    assert "§II.1" in message
    assert label in message
    assert "01, 03, 05, 07, 09, 11" in message


@pytest.mark.parametrize(
    "label", ["2020-1", "2020-13", "2020-00", "2020/01", "20-01", "", "2020-01-01", "abcd-ef", " 2020-01"]
)
def test_ii1_refuses_malformed_labels_naming_the_clause(label: str) -> None:
    """IECG 1.7 §II.1: a period is named YYYY-MM by its first month; anything else is refused with a
    PeriodError that names the clause."""
    with pytest.raises(PeriodError, match="YYYY-MM") as refused:
        SCHEME.index(label)
    assert "§II.1" in str(refused.value)


def test_ii1_rating_list_refuses_a_period_that_does_not_start_one(tmp_path: Path) -> None:
    """IECG 1.7 §II.1: asking the replay for the list of 2020-02 is refused, naming the clause."""
    fed = Federation(tmp_path / "l.db")
    fed.score(fed.iccf("A", 1800), fed.iccf("B", 1800), 0.5, "2020-02-10")
    with pytest.raises(PeriodError, match=r"§II\.1"):
        fed.rating_list("2020-02")
    assert [row["player"] for row in fed.rating_list("2020-01").rows] == ["A", "B"]


# --- periods whose length changes on a date (ECF grading: annual before 2012, six-monthly from 2012) ---

ECF_ERAS = DatedPeriodScheme(((0, 12), (2012, 6)), rules_clause="ECF grading, issue 5 §1")


@pytest.mark.parametrize(
    ("day", "label", "months"),
    [
        ("2010-05-03", "2010-01", ("2010-01", "2010-12")),
        ("2011-12-31", "2011-01", ("2011-01", "2011-12")),
        ("2012-01-01", "2012-01", ("2012-01", "2012-06")),
        ("2012-06-30", "2012-01", ("2012-01", "2012-06")),
        ("2012-07-01", "2012-07", ("2012-07", "2012-12")),
        ("2013-02-14", "2013-01", ("2013-01", "2013-06")),
    ],
)
def test_a_day_falls_in_the_period_of_its_era(day: str, label: str, months: tuple[str, str]) -> None:
    index = ECF_ERAS.index_of_day(day)
    assert ECF_ERAS.label(index) == label
    assert (ECF_ERAS.month_names(index)[0], ECF_ERAS.month_names(index)[-1]) == months
    assert ECF_ERAS.index(label) == index


def test_indices_run_on_without_a_gap_across_the_change() -> None:
    # 2010, 2011 (a year each), then 2012-01, 2012-07, 2013-01 (six months each): consecutive indices.
    labels = ["2010-01", "2011-01", "2012-01", "2012-07", "2013-01"]
    indices = [ECF_ERAS.index(label) for label in labels]
    assert indices == list(range(indices[0], indices[0] + 5))
    assert [ECF_ERAS.label(i) for i in indices] == labels
    assert ECF_ERAS.last_day(indices[1]).isoformat() == "2011-12-31"
    assert ECF_ERAS.last_day(indices[2]).isoformat() == "2012-06-30"


@pytest.mark.parametrize("label", ["2011-07", "2012-03", "2012-13", "2012-1"])
def test_a_label_that_starts_no_period_of_its_era_is_refused(label: str) -> None:
    with pytest.raises(PeriodError, match="ECF grading, issue 5 §1"):
        ECF_ERAS.index(label)
