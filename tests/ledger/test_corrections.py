"""Corrections, voids, restorations and publications: what they store, and what they refuse at the ledger."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ledger.application import KINDS, RatingLedger
from ledger.errors import (
    DuplicatePublicationError,
    InvalidValueError,
    LedgerError,
    NothingToCorrectError,
    ReportedOrderError,
    VoidError,
)
from ledger.events import Correctable


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
            "recorded_by": "t", "class_version": 2,  # version 2: with the rules' fingerprint
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


@pytest.fixture
def one_of_each(g1: RatingLedger) -> RatingLedger:
    """G1 (A v B), and the tournament E, as ``correct``, ``void`` and ``restore`` name them by kind."""
    g1.register_tournament("E", name="Cup", type="swiss", start="2024-01-01", reported_on="2024-01-02")
    return g1


NAMED = {"game": ("G1", "game 'G1'"), "tournament": ("E", "event 'E'"), "player": ("B", "player 'B'")}
"""An id of each kind of :data:`ledger.application.KINDS` in :func:`one_of_each`, and how refusals name it."""


def test_every_kind_is_named() -> None:
    assert set(NAMED) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(NAMED))
def test_every_kind_is_voided_and_restored_by_one_path(one_of_each: RatingLedger, kind: str) -> None:
    name, title = NAMED[kind]
    amendments = KINDS[kind].aggregate.amendments
    before = len(states(one_of_each))
    with pytest.raises(VoidError, match=f"^{title} is not void$"):
        one_of_each.restore(kind, name, reason="x", reported_on="2024-03-01")
    one_of_each.void(kind, f" {name} ", reason="  recorded in error ", reported_on="2024-03-01")
    with pytest.raises(VoidError, match=f"^{title} is already void$"):
        one_of_each.void(kind, name, reason="x", reported_on="2024-03-02")
    one_of_each.restore(kind, name, reason="it was not", reported_on="2024-03-02")
    assert amendments.restored is not None
    found = states(one_of_each)[before:]
    assert [t for _, t, _ in found] == [amendments.voided.__name__, amendments.restored.__name__]
    field = "event" if kind == "tournament" else kind  # the log's name of a tournament's field
    assert [facts(s) for _, _, s in found] == [
        {field: name, "reason": "recorded in error", "reported_on": "2024-03-01", "recorded_by": "t"},
        {field: name, "reason": "it was not", "reported_on": "2024-03-02", "recorded_by": "t"},
    ]
    assert [list(s) for _, _, s in found] == [["timestamp", field, "reason", "reported_on", "recorded_by"]] * 2


@pytest.mark.parametrize("kind", sorted(NAMED))
def test_the_kind_family_refuses_as_the_kind_methods_do(one_of_each: RatingLedger, kind: str) -> None:
    name, _ = NAMED[kind]
    unknown = {"game": "unknown game 'Z'", "tournament": "unknown event 'Z'", "player": "unknown player 'Z'"}
    with pytest.raises(LedgerError, match=f"^{unknown[kind]}"):
        one_of_each.void(kind, "Z", reason="x")
    with pytest.raises(LedgerError, match=f"^{unknown[kind]}"):
        getattr(one_of_each, f"restore_{kind}")("Z", reason="x")
    with pytest.raises(ReportedOrderError, match="is reported on 2023-12-31, before"):
        one_of_each.void(kind, name, reason="x", reported_on="2023-12-31")
    with pytest.raises(InvalidValueError, match="cannot change nope"):
        one_of_each.correct(kind, name, changes={"nope": 1}, reason="x")
    with pytest.raises(NothingToCorrectError, match="changes nothing: no facts given"):
        one_of_each.correct(kind, name, changes={}, reason="x")


def test_a_correction_by_kind_is_the_kind_s_correction(one_of_each: RatingLedger) -> None:
    by_kind = one_of_each.correct("tournament", "E", changes={"end": "2024-06-30"}, reason="x", dry_run=True)
    by_method = one_of_each.correct_tournament("E", changes={"end": "2024-06-30"}, reason="x", dry_run=True)
    assert [facts(json.loads(r.state)) for r in by_kind] == [facts(json.loads(r.state)) for r in by_method]
    with pytest.raises(ValueError, match="no kind of fact 'event': one of game, tournament, player"):
        one_of_each.void("event", "E", reason="x")


def test_a_void_one_is_corrected_only_once_restored(one_of_each: RatingLedger) -> None:
    one_of_each.void("game", "G1", reason="x")
    with pytest.raises(VoidError, match=r"^game 'G1' is void: restore it before correcting it$"):
        one_of_each.correct("game", "G1", changes={"result": "0-1"}, reason="x")
    one_of_each.void("tournament", "E", reason="x")
    with pytest.raises(VoidError, match=r"^event 'E' is void: restore it before correcting it$"):
        one_of_each.correct("tournament", "E", changes={"name": "Open"}, reason="x")
    one_of_each.void("player", "B", reason="x")
    with pytest.raises(VoidError, match=r"^player 'B' is void .*: restore him first"):
        one_of_each.correct("player", "B", changes={"name": "Bo"}, reason="x")


def test_every_correctable_aggregate_names_itself_by_the_fields_of_its_events(one_of_each: RatingLedger) -> None:
    one_of_each.adjust_ratings(system="icu-1980", player="A", points=5, on="2024-02-01", reason="feedback")
    from ledger.events import Adjustment, adjustment_key

    adjustment = one_of_each.aggregate(adjustment_key("icu-1980", "A", "2024-02-01", "feedback"), Adjustment)
    assert adjustment is not None
    found: list[Correctable] = [one_of_each.game("G1"), one_of_each.tournament("E"), one_of_each.player("B")]
    for aggregate in [*found, adjustment]:
        amendments = aggregate.amendments
        for kind in (amendments.voided, amendments.restored, amendments.corrected):
            if kind is None:
                continue
            fields = set(kind.__dataclass_fields__) - {"originator_id", "originator_version", "timestamp"}
            stated = {"reason", "reported_on", "recorded_by"} | ({"changes"} if kind is amendments.corrected else set())
            assert fields == set(aggregate.names()) | stated, kind.__name__
        assert set(amendments.fields) <= set(aggregate.correctable()) or not amendments.fields
