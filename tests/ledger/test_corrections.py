"""Corrections, voids, restorations and publications: what they store, and what they refuse at the ledger."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ledger.application import RatingLedger
from ledger.errors import DuplicatePublicationError, InvalidValueError, NothingToCorrectError, VoidError


def states(app: RatingLedger) -> list[tuple[int, str, dict[str, Any]]]:
    reader = app.reader()
    try:
        return [(r.position, r.type, json.loads(r.state)) for r in reader.records()]
    finally:
        reader.close()


def facts(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("timestamp", "originator_topic")}


@pytest.fixture
def g1(two_players: RatingLedger) -> RatingLedger:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10", reported_on="2024-01-11")
    return two_players


def test_each_audit_event_stores_the_facts_it_states(g1: RatingLedger) -> None:
    g1.correct_game(
        "G1", changes={"result": "0-1", "tournament": "Cup", "white": "A"}, reason="typo", reported_on="2024-02-01"
    )
    g1.void_game("G1", reason="annulled", reported_on="2024-02-02")
    g1.restore_game("G1", reason="reinstated", reported_on="2024-02-03")
    g1.correct_player(
        "B", changes={"name": "Robert Byrne", "country": "IE"}, reason="spelling", reported_on="2024-02-04"
    )
    g1.record_publication(
        rules="iecg-1.7",
        period="2024-01",
        on="2024-03-01",
        digest="ab" * 32,
        players=2,
        log_position=7,
        log_hash="cd" * 32,
    )
    found = states(g1)[3:]
    assert [(p, t) for p, t, _ in found] == [
        (4, "GameCorrected"),
        (5, "GameVoided"),
        (6, "GameRestored"),
        (7, "PlayerCorrected"),
        (8, "ListPublished"),
    ]
    assert [facts(s) for _, _, s in found] == [
        {  # "white" is as recorded, and kept: a correction says what it says (tests/projections/test_bitemporal.py)
            "game": "G1", "changes": {"white": "A", "result": "0-1", "tournament": "Cup"}, "reason": "typo",
            "reported_on": "2024-02-01", "recorded_by": "t",
        },
        {"game": "G1", "reason": "annulled", "reported_on": "2024-02-02", "recorded_by": "t"},
        {"game": "G1", "reason": "reinstated", "reported_on": "2024-02-03", "recorded_by": "t"},
        {
            "player": "B", "changes": {"name": "Robert Byrne", "country": "IE"}, "reason": "spelling",
            "reported_on": "2024-02-04", "recorded_by": "t",
        },
        {
            "rules": "iecg-1.7", "period": "2024-01", "on": "2024-03-01", "digest": "ab" * 32, "players": 2,
            "log_position": 7, "log_hash": "cd" * 32, "rules_fingerprint": None, "reported_on": "2026-01-01",
            "recorded_by": "t", "class_version": 2,  # version 2: with the rules' fingerprint (issue 23 §7)
        },
    ]  # fmt: skip
    game = g1.game("G1")
    assert (game.facts["result"], game.facts["tournament"], game.voided) == ("0-1", "Cup", False)
    player = g1.player("B")
    assert player.registration["name"] == "Robert Byrne"


def test_dry_run_returns_the_records_it_would_store(g1: RatingLedger) -> None:
    before = states(g1)
    records = g1.correct_game("G1", changes={"result": "1/2-1/2"}, reason="draw", dry_run=True)
    assert states(g1) == before
    assert [(r.position, r.type) for r in records] == [(4, "GameCorrected")]
    assert json.loads(records[0].state)["changes"] == {"result": "1/2-1/2"}
    g1.correct_game("G1", changes={"result": "1/2-1/2"}, reason="draw")
    stored = states(g1)[-1]
    assert facts(stored[2]) == facts(json.loads(records[0].state))


def test_a_second_publication_on_a_date_is_refused(g1: RatingLedger) -> None:
    publication = dict(
        rules="iecg-1.7", period="2024-01", digest="ab" * 32, players=2, log_position=3, log_hash="cd" * 32
    )
    g1.record_publication(on="2024-03-01", **publication)  # type: ignore[arg-type]
    with pytest.raises(DuplicatePublicationError, match="already published on 2024-03-01"):
        g1.record_publication(on="2024-03-01", **publication)  # type: ignore[arg-type]
    g1.record_publication(on="2024-03-02", **publication)  # type: ignore[arg-type]  # republished


def test_refusals_name_the_fact(g1: RatingLedger) -> None:
    with pytest.raises(InvalidValueError, match="a game correction cannot change game"):
        g1.correct_game("G1", changes={"game": "G2"}, reason="x")
    with pytest.raises(InvalidValueError, match="a player correction cannot change player"):
        g1.correct_player("A", changes={"player": "Z"}, reason="x")
    with pytest.raises(NothingToCorrectError, match="changes nothing: white 'A' as recorded"):
        g1.correct_game("G1", changes={"white": " A "}, reason="x")
    g1.void_game("G1", reason="x")
    with pytest.raises(VoidError, match="already void"):
        g1.void_game("G1", reason="x")


def test_a_source_corrected_to_none_returns_to_the_default_starting_rating(two_players: RatingLedger) -> None:
    """IECG §VII.3: without a source, a new player starts at 800."""
    two_players.correct_player("B", changes={"source": "none"}, reason="no ICCF rating after all")
    player = two_players.player("B")
    assert (player.registration["source"], player.registration["starting_rating"]) == ("none", 800)
