"""Events round-trip: what a command records reads back, fact for fact, through the log reader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import uuid5

import pytest
from eventsourcing.utils import get_topic

from ledger.application import RatingLedger
from ledger.events import (
    EVENT_TYPES,
    NAMESPACE,
    Adjustment,
    Game,
    Player,
    Tournament,
    event_key,
    game_key,
    player_key,
    tournament_key,
)
from ledger.store import LogRecord, SQLiteLogReader, type_of


def records(app: RatingLedger) -> list[tuple[int, str, dict[str, Any]]]:
    reader = app.reader()
    try:
        return [(r.position, r.type, json.loads(r.state)) for r in reader.records()]
    finally:
        reader.close()


def facts(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("timestamp", "originator_topic")}


def test_every_event_type_round_trips(ledger: RatingLedger) -> None:
    ledger.register_player(
        "A", "Anna Adler", country="DE", born="1980-02-29", source="iccf", starting_rating=2000, rated_games=100,
        reported_on="2024-01-01", sex="w", title="wim", federation="ger",
    )  # fmt: skip
    ledger.register_player("B", "Bob Byrne", reported_on="2024-01-02")
    ledger.record_game(
        "G1", white="A", black="B", result="0-1", finished="2024-01-10", tournament="Cup",
        time_control="40/7200:3600", forfeit="arbiter", reported_on="2024-01-11",
    )  # fmt: skip
    ledger.adjudicate_game("G1", result="1-0", on="2024-02-01", reported_on="2024-02-02")
    ledger.withdraw_player("B", tournament="Cup", on="2024-02-03", silent=True, reported_on="2024-02-04")
    ledger.mark_inactive("B", on="2024-03-01", reason="a break", reported_on="2024-03-02")
    ledger.reactivate("B", on="2024-04-01", reported_on="2024-04-02")

    found = records(ledger)
    assert [(p, t) for p, t, _ in found] == [
        (1, "PlayerRegistered"),
        (2, "PlayerRegistered"),
        (3, "GameRecorded"),
        (4, "GameAdjudicated"),
        (5, "PlayerWithdrew"),
        (6, "PlayerMarkedInactive"),
        (7, "PlayerReactivated"),
    ]
    later = {"PlayerCorrected", "GameCorrected", "GameVoided", "GameRestored", "ListPublished"}  # test_corrections
    later |= {"PriorRatingRecorded", "RatingAdjusted"}  # tests/commands/test_priors.py, test_icu_cli.py
    later |= {"PlayerVoided", "PlayerRestored", "PriorRatingVoided", "AdjustmentVoided"}  # test_undo.py
    later |= {"TournamentRegistered", "TournamentCorrected", "TournamentVoided", "TournamentRestored"}  # test_events
    later |= {"TournamentPaired", "TournamentWithdrawn", "TournamentEntered"}  # tests/commands/test_events.py
    later |= {"TournamentByeRecorded", "TournamentByeVoided"}  # tests/commands/test_byes.py
    later |= {"IdentityClaimed", "IdentityReleased", "IdentityReclaimed"}  # tests/commands/test_identities.py
    later |= {"PlayerMerged", "PlayerUnmerged"}  # tests/commands/test_merge.py
    assert {t for _, t, _ in found} == set(EVENT_TYPES) - later
    assert [facts(s) for _, _, s in found] == [
        {
            "player": "A",
            "name": "Anna Adler",
            "country": "DE",
            "born": "1980-02-29",
            "starting_rating": 2000,
            "source": "iccf",
            "rated_games": 100,
            "sex": "F",  # TRF16's w, stored as FIDE's lists write it
            "title": "WIM",
            "federation": "GER",
            "reported_on": "2024-01-01",
            "recorded_by": "t",
            "class_version": 2,
        },
        {
            "player": "B",
            "name": "Bob Byrne",
            "country": "",
            "born": None,
            "starting_rating": 800,
            "source": "none",
            "rated_games": 0,
            "sex": None,
            "title": None,
            "federation": None,
            "reported_on": "2024-01-02",
            "recorded_by": "t",
            "class_version": 2,
        },
        {
            "game": "G1",
            "white": "A",
            "black": "B",
            "result": "0-1",
            "finished": "2024-01-10",
            "tournament": "Cup",
            "time_control": "40/7200:3600",
            "event": None,
            "mode": None,
            "forfeit": "arbiter",
            "reported_on": "2024-01-11",
            "recorded_by": "t",
            "class_version": 2,
        },
        {"game": "G1", "result": "1-0", "on": "2024-02-01", "reported_on": "2024-02-02", "recorded_by": "t"},
        {
            "player": "B",
            "tournament": "Cup",
            "on": "2024-02-03",
            "silent": True,
            "reported_on": "2024-02-04",
            "recorded_by": "t",
        },
        {"player": "B", "on": "2024-03-01", "reason": "a break", "reported_on": "2024-03-02", "recorded_by": "t"},
        {"player": "B", "on": "2024-04-01", "reason": "reactivated", "reported_on": "2024-04-02", "recorded_by": "t"},
    ]


def test_no_event_holds_a_computed_rating(two_players: RatingLedger) -> None:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    for _, _, state in records(two_players):
        assert not {"rating", "ter", "new_rating", "change"} & set(state)


def test_reported_on_defaults_to_the_clock_and_recorded_by_to_the_user(ledger: RatingLedger) -> None:
    ledger.register_player("A", "Anna")
    [(_, _, state)] = records(ledger)
    assert (state["reported_on"], state["recorded_by"]) == ("2026-01-01", "t")


def test_recorded_by_defaults_to_the_os_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOGNAME", "clerk")
    app = RatingLedger.create(str(tmp_path / "l.db"))
    try:
        app.register_player("A", "Anna", reported_on="2024-01-01")
        [(_, _, state)] = records(app)
    finally:
        app.close()
    assert state["recorded_by"] == "clerk"


def test_aggregates_read_back_through_the_repository(two_players: RatingLedger) -> None:
    app = two_players
    app.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10", forfeit="arbiter")
    app.adjudicate_game("G1", result="0-1", on="2024-02-01")
    app.withdraw_player("A", tournament="Cup", on="2024-02-03")
    app.mark_inactive("A", on="2024-03-01", reason="x")
    app.reactivate("A", on="2024-04-01")
    player: object = app.repository.get(player_key("A"))
    assert isinstance(player, Player)
    assert (player.player, player.withdrawals, player.version) == ("A", {"Cup"}, 4)
    assert player.inactive_on("2024-03-15") and not player.inactive_on("2024-04-01")
    assert not player.inactive_on("2024-02-28")
    game: object = app.repository.get(game_key("G1"))
    assert isinstance(game, Game)
    assert (game.game, game.finished, game.adjudicated_on) == ("G1", "2024-01-10", "2024-02-01")
    assert app.player("A").player == "A"
    assert app.game("G1").adjudicated_on == "2024-02-01"


def test_the_reader(two_players: RatingLedger) -> None:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    reader = two_players.reader()
    try:
        assert reader.head() == 3
        assert [r.position for r in reader.records(after=1)] == [2, 3]
        [record] = reader.aggregate_records(game_key("G1"))
        assert isinstance(record, LogRecord)
        assert (record.position, record.type) == (3, "GameRecorded")
    finally:
        reader.close()
    assert type_of("ledger.events:GameRecorded") == "GameRecorded"


def test_a_reader_of_a_missing_file_is_empty(tmp_path: Path) -> None:
    reader = SQLiteLogReader(str(tmp_path / "none.db"))
    assert (reader.head(), list(reader.records())) == (0, [])
    reader.close()
    assert not (tmp_path / "none.db").exists()


def test_the_amending_events_are_stored_events_whose_topics_never_change() -> None:
    """The events a :class:`~ledger.events.Correctable` declares are the log's own classes, under their topics."""
    for aggregate in (Player, Game, Tournament, Adjustment):
        assert get_topic(aggregate) == f"ledger.events:{aggregate.__name__}"
        amendments = aggregate.amendments
        for kind in (amendments.voided, amendments.restored, amendments.corrected):
            if kind is not None:
                assert EVENT_TYPES[kind.__name__] is kind
                assert get_topic(kind) == f"ledger.events:{kind.__name__}"
    assert tournament_key("E") == event_key("E") == uuid5(NAMESPACE, "event:E")


def test_a_tournament_is_named_tournament_and_its_events_keep_their_event_field(two_players: RatingLedger) -> None:
    two_players.register_tournament("E", name="Cup", type="swiss", start="2024-01-01", reported_on="2024-01-02")
    two_players.pair_in_tournament("E", round=1, white="A", black="B", reported_on="2024-01-03")
    found = two_players.tournament(" E ")
    assert (found.tournament, found.pairings, found.names()) == ("E", [(1, "A", "B")], {"event": "E"})
    assert [s.get("event") for _, _, s in records(two_players)[2:]] == ["E", "E"]
