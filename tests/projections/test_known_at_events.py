"""Events as known at a date (issue 12 §1 with the audit issue §2): a list as known before an event's facts
were reported rates its games as they were known then, cold or through a cache that has seen the later facts."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ledger.application import RatingLedger
from projections.replay import Projector


def federation(path: Path) -> RatingLedger:
    """Four players; a swiss whose type is corrected to thematic later, and a friendly match registered late."""
    ledger = RatingLedger.create(str(path), clock=lambda: date(2024, 12, 31), user="t")
    for player in ("A", "B", "C", "D"):
        ledger.register_player(player, f"Player {player}", starting_rating=1500, source="iccf", rated_games=30,
                               reported_on="2024-01-01")  # fmt: skip
    # Registered on 2024-01-02, corrected to thematic (IECG D §2.9.2: not rated) as reported on 2024-01-22.
    ledger.register_tournament("S", name="Swiss", type="swiss", start="2024-01-10", end="2024-03-31",
                               reported_on="2024-01-02")  # fmt: skip
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-20", event="S",
                       reported_on="2024-01-21")  # fmt: skip
    ledger.correct_tournament("S", changes={"type": "thematic"}, reason="it was thematic", reported_on="2024-01-22")
    # A thematic event reported only on 2024-05-01, its game reported on 2024-02-02 (before it: known, as a game
    # of no event, until the event was reported).
    ledger.register_tournament("T", name="Thematic", type="thematic", start="2024-02-01", end="2024-02-28",
                               reported_on="2024-05-01")  # fmt: skip
    ledger.record_game("g2", white="C", black="D", result="1-0", finished="2024-02-01", event="T",
                       reported_on="2024-02-02")  # fmt: skip
    return ledger


def rows(projector: Projector, known_at: str | None) -> list[tuple[str, int]]:
    found = projector.rating_list("iecg-1.7", "2024-01", known_at).rows
    return [(row["player"], row["rating"]) for row in found]


def test_a_list_as_known_before_an_events_facts_rates_its_games_as_then(tmp_path: Path) -> None:
    ledger = federation(tmp_path / "l.db")
    reader = ledger.reader()
    cached = Projector(reader, str(tmp_path / "l.projections.db"))
    cold = Projector(reader, None)
    try:
        now = rows(cached, None)
        assert now == []  # both games are thematic as known now: nobody is rated
        for known_at in ("2024-01-21", "2024-02-15", "2024-05-15"):
            expected = rows(Projector(reader, None), known_at)
            assert rows(cached, known_at) == expected, known_at
            assert rows(cold, known_at) == expected, known_at
        # As known on 2024-01-21 S was a swiss: g1 rated. As known on 2024-02-15 S was thematic and T unknown (its
        # registration, the one fact not known then, was reported later): g2 rated as a game of no event.
        assert {player for player, _ in rows(cold, "2024-01-21")} == {"A", "B"}
        assert {player for player, _ in rows(cold, "2024-02-15")} == {"C", "D"}
        assert rows(cold, "2024-05-15") == []
        assert rows(cached, None) == now  # and the cache, asked again, as known now
    finally:
        cached.close()
        cold.close()
        reader.close()


def test_an_events_facts_are_the_same_fields_in_the_log_and_in_a_view() -> None:
    """The ledger's correctable facts of an event and the fields a system reads of it (after the id) are one
    list, in one order: the fold reads the one by the names of the other."""
    from ledger.events import EVENT_FIELDS
    from projections.rules.common import EventInfo

    assert EventInfo._fields[0] == "event"
    assert EventInfo._fields[1:] == EVENT_FIELDS
