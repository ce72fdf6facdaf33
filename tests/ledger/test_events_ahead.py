"""An event is registered ahead of its start (issue 26 §8), at most :data:`~ledger.values.EVENT_AHEAD_DAYS` days
ahead; its games still cannot finish before it starts."""

from __future__ import annotations

import pytest

from ledger import errors
from ledger.application import RatingLedger
from ledger.values import EVENT_AHEAD_DAYS
from tests.ledger.support import stored_rows


def test_the_bound_is_a_year_and_a_day() -> None:
    assert EVENT_AHEAD_DAYS == 366


def test_an_event_three_days_ahead_is_registered_and_entered(two_players: RatingLedger) -> None:
    app = two_players  # today is 2026-01-01
    facts = app.register_tournament(
        "C1",
        name="Class 1 group",
        type="class",
        rating_class="1",
        start="2026-01-04",
        end="2026-06-30",
        round_dates=["2026-01-04"],
    )
    assert (facts["start"], facts["end"], facts["round_dates"]) == ("2026-01-04", "2026-06-30", ["2026-01-04"])
    app.enter_tournament("A", tournament="C1", on="2026-01-01")
    app.enter_tournament("B", tournament="C1", on="2026-01-01")
    app.pair_in_tournament("C1", round=1, white="A", black="B")
    entries = app.tournament("C1").entries
    assert [(player, on) for player, on, _ in entries] == [("A", "2026-01-01"), ("B", "2026-01-01")]


def test_its_games_cannot_finish_before_it_starts(two_players: RatingLedger) -> None:
    app = two_players
    app.register_tournament("C1", name="Spring open", type="swiss", start="2026-01-04")
    before = stored_rows(app)
    with pytest.raises(errors.InvalidValueError, match="the game finished on 2026-01-01, before event 'C1' started on"):
        app.record_game("G1", white="A", black="B", result="1-0", finished="2026-01-01", event="C1")
    assert stored_rows(app) == before


def test_a_year_and_a_day_ahead_and_no_further(two_players: RatingLedger) -> None:
    app = two_players
    assert app.register_tournament("E1", name="Next year", type="swiss", start="2027-01-02")["start"] == "2027-01-02"
    before = stored_rows(app)
    for field, extra in (
        ("start date", {"start": "2027-01-03"}),
        ("end date", {"start": "2026-12-01", "end": "2027-01-03"}),
        ("round date", {"start": "2026-12-01", "round_dates": ["2027-01-03"]}),
    ):
        with pytest.raises(errors.FutureDateError) as refused:
            app.register_tournament("E2", name="Too far", type="swiss", **extra)
        assert str(refused.value) == f"{field} 2027-01-03 is more than 366 days after today 2026-01-01"
    assert stored_rows(app) == before


def test_a_correction_moves_an_event_ahead_within_the_bound(two_players: RatingLedger) -> None:
    app = two_players
    app.register_tournament("E1", name="Autumn", type="swiss", start="2025-10-01")
    app.correct_tournament("E1", changes={"start": "2026-03-01"}, reason="postponed")
    assert app.tournament_facts("E1")["start"] == "2026-03-01"
    with pytest.raises(errors.FutureDateError, match="start date 2099-03-01 is more than 366 days after today"):
        app.correct_tournament("E1", changes={"start": "2099-03-01"}, reason="typo")
