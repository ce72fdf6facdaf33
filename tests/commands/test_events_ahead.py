"""``event register`` ahead of the event's start (issue 26 §8): up to 366 days ahead of today; its games still
cannot finish before it starts."""

from __future__ import annotations

from datetime import date, timedelta

from tests.commands.support import Ratings, record


def test_an_event_is_registered_three_days_ahead(two_players: Ratings) -> None:
    today = date.today()
    start = (today + timedelta(days=3)).isoformat()
    result = two_players.ok("event", "register", "C1", "--name", "Spring open", "--type", "swiss", "--start", start)
    assert result.stdout == f"registered event C1: Spring open (swiss), from {start}\n"
    two_players.refused(
        *record("G1", "A", "B", "1-0", today.isoformat(), "--event", "C1"),
        message=f"Error: the game finished on {today.isoformat()}, before event 'C1' started on {start}",
    )


def test_no_further_than_366_days_ahead(two_players: Ratings) -> None:
    today = date.today()
    last = (today + timedelta(days=366)).isoformat()
    two_players.ok("event", "register", "E1", "--name", "Next year", "--type", "swiss", "--start", last)
    too_far = (today + timedelta(days=367)).isoformat()
    result = two_players.refused(
        "event", "register", "E2", "--name", "Typo", "--type", "swiss", "--start", too_far,
        message=f"start date {too_far} is more than 366 days after today {today.isoformat()}",
    )  # fmt: skip
    assert result.stderr == f"Error: start date {too_far} is more than 366 days after today {today.isoformat()}\n"
