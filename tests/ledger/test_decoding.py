"""The one decoder of the log reads every event as the library's own mapper does, and upcasts as it does.

Every event type of :mod:`ledger.events` is recorded through the application
and stored by the library; :func:`ledger.decoding.facts` of each stored row
must be, field for field, what ``Mapper.to_domain_event`` reconstructs. The
upcasting hook is shown with a made-up older version of ``GameRecorded``
(without a time control: every game of it was played at 90 minutes a side),
read by the library's mapper, by the decoder and by the fold alike.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from ledger import decoding
from ledger.application import RatingLedger
from ledger.events import EVENT_TYPES, GameRecorded, game_key
from ledger.store import LogRecord, SQLiteLogReader
from projections.facts import Facts, GameRow, game_row
from projections.log import log_entries


def every_event_type(ledger: RatingLedger) -> None:
    """Record one event of every type (and texts that JSON escapes, None, floats, a dict of changes)."""
    ledger.register_player("A", 'Ann "the Wall" Ó Súilleabháin', country="IE", born="1990-02-03",
                           starting_rating=1500, source="iccf", rated_games=12, reported_on="2024-01-01")  # fmt: skip
    ledger.register_player("B", "Bo\\Ba", starting_rating=1400, source="iccf", rated_games=5, reported_on="2024-01-01")
    ledger.record_game("g1", white="A", black="B", result="1-0", finished="2024-01-05", tournament="Cup ♞",
                       time_control="5400+30", reported_on="2024-01-06")  # fmt: skip
    ledger.record_game("g2", white="B", black="A", result="0-1", finished="2024-01-07", forfeit="withdrawal",
                       reported_on="2024-01-08")  # fmt: skip
    ledger.adjudicate_game("g2", result="1/2-1/2", on="2024-01-10", reported_on="2024-01-10")
    ledger.correct_game(
        "g1", changes={"result": "1/2-1/2", "tournament": None}, reason="typo", reported_on="2024-01-11"
    )
    ledger.void_game("g1", reason="recorded twice", reported_on="2024-01-12")
    ledger.restore_game("g1", reason="it was not", reported_on="2024-01-13")
    ledger.withdraw_player("A", tournament="Cup ♞", on="2024-01-09", silent=True, reported_on="2024-01-09")
    ledger.mark_inactive("B", on="2024-02-01", reason='moved "abroad"', reported_on="2024-02-01")
    ledger.reactivate("B", on="2024-03-01", reported_on="2024-03-01")
    ledger.correct_player("A", changes={"born": None, "rated_games": 13}, reason="r", reported_on="2024-03-02")
    ledger.correct_player("A", changes={}, ids={"fide": "2500001"}, reason="r", reported_on="2024-03-02")
    ledger.correct_player("A", changes={}, ids={"fide": None}, reason="wrong", reported_on="2024-03-02")
    ledger.correct_player("B", changes={}, ids={"fide": "2500001"}, reason="r", reported_on="2024-03-02")
    ledger.register_player("C", "Cy", reported_on="2024-03-02")
    ledger.merge_player("C", into="B", reason="twice", reported_on="2024-03-03")
    ledger.unmerge_player("C", reason="not twice", reported_on="2024-03-04")
    ledger.record_prior("A", system="glicko", rating=1612.5, as_of="2023-12-31", games=40, deviation=61.25,
                        volatility=0.06, source="club list", reported_on="2024-01-02")  # fmt: skip
    ledger.void_prior("A", system="glicko", as_of="2023-12-31", reason="wrong list", reported_on="2024-01-03")
    ledger.adjust_ratings(system="icu-1980", player=None, points=-7, on="2024-03-01", reason="feedback",
                          reported_on="2024-03-01")  # fmt: skip
    ledger.void_adjustment(system="icu-1980", player=None, on="2024-03-01", reason="feedback", because="miscounted",
                           reported_on="2024-03-02")  # fmt: skip
    ledger.void_player("B", reason="registered twice", reported_on="2024-03-03")
    ledger.restore_player("B", reason="he was not", reported_on="2024-03-04")
    ledger.record_publication(rules="iecg-1.7", period="2024-01", on="2024-02-01", digest="ab" * 32, players=2,
                              log_position=5, log_hash="cd" * 32)  # fmt: skip
    ledger.register_tournament("E ♞", name='Cup "Ó"', type="quad", start="2024-01-01", end="2024-12-31",
                               rate_of_play="*864000", mode="email", rating_class="2", rounds=6,
                               reported_on="2024-01-01")  # fmt: skip
    ledger.record_game("g3", white="A", black="B", result="1-0", finished="2024-03-05", event="E ♞", mode="online",
                       reported_on="2024-03-06")  # fmt: skip
    ledger.correct_tournament("E ♞", changes={"end": None, "site": "Zürich"}, reason="open-ended",
                              reported_on="2024-03-07")  # fmt: skip
    ledger.pair_in_tournament("E ♞", round=2, white="B", black="A", reported_on="2024-03-07")
    ledger.withdraw_from_tournament("B", tournament="E ♞", on="2024-03-07", silent=True, reported_on="2024-03-07")
    ledger.enter_tournament("A", tournament="E ♞", on="2024-01-01", ticket=None, reported_on="2024-03-07")
    ledger.record_bye("E ♞", player="A", round=3, kind="F", reported_on="2024-03-07")
    ledger.void_bye("E ♞", player="A", round=3, reason="he played", reported_on="2024-03-07")
    ledger.void_tournament("E ♞", reason="entered twice", reported_on="2024-03-08")
    ledger.restore_tournament("E ♞", reason="it was not", reported_on="2024-03-09")


def library_facts(ledger: RatingLedger, stored: StoredEvent) -> dict[str, Any]:
    """What the library's own mapper reconstructs of a stored event, as stored JSON values, less its id and version."""
    event = ledger.mapper.to_domain_event(stored)
    fields = dict(vars(event))
    del fields["originator_id"], fields["originator_version"]
    fields["timestamp"] = {"_type_": "datetime_iso", "_data_": fields["timestamp"].isoformat()}
    return fields


def test_every_event_type_reads_as_the_library_reads_it(ledger: RatingLedger) -> None:
    every_event_type(ledger)
    stored = ledger.recorder.select_notifications(start=1, limit=1000)
    reader = SQLiteLogReader(ledger.path)
    try:
        records = list(reader.records())
    finally:
        reader.close()
    assert [r.position for r in records] == [n.id for n in stored]
    assert {r.type for r in records} == set(EVENT_TYPES)  # a new event type fails here until it is recorded above
    for record, notification in zip(records, stored, strict=True):
        expected = library_facts(ledger, notification)
        assert record.facts() == expected, record.type
        assert list(record.facts()) == list(expected), record.type  # the library's order of fields, too
    games = [game_row(r.state) for r in records if r.type == "GameRecorded"]
    assert games == [
        GameRow("g1", "A", "B", "1-0", "2024-01-05", "none", "2024-01-06", "Cup ♞", "5400+30", "", ""),
        GameRow("g2", "B", "A", "0-1", "2024-01-07", "withdrawal", "2024-01-08", "", "", "", ""),
        GameRow("g3", "A", "B", "1-0", "2024-03-05", "none", "2024-03-06", "", "", "E ♞", "online"),
    ]
    registration = records[0].facts()
    assert (registration["name"], registration["born"], registration["recorded_by"]) == (
        'Ann "the Wall" Ó Súilleabháin',
        "1990-02-03",
        "t",
    )


def test_the_decoder_reads_json_as_json_loads_does() -> None:
    assert decoding.decode(b'{"a":[1,2.5,null,"\\u00e9"]}') == {"a": [1, 2.5, None, "é"]}
    assert decoding.decode(b' {"a":1} ') == {"a": 1}
    for damaged in (b'{"a":1} x', b'{"a":1}{}', b"", b'{"a":'):
        with pytest.raises(json.JSONDecodeError):
            decoding.decode(damaged)
    with pytest.raises(ValueError, match="not a JSON object"):
        decoding.facts("PlayerVoided", b"[1, 2]")


def test_only_game_recorded_list_published_and_player_registered_have_an_older_version_today() -> None:
    """Version 2 of ``GameRecorded`` added ``event`` and ``mode``; version 2 of
    ``ListPublished`` added ``rules_fingerprint``; version 2 of ``PlayerRegistered`` added ``sex``, ``title``
    and ``federation``; version 2 of ``TournamentRegistered`` added ``chief_arbiter``, ``deputy_arbiters`` and
    ``round_dates``; every other type is at version 1."""
    older = {"GameRecorded", "ListPublished", "PlayerRegistered", "TournamentRegistered"}
    assert set(decoding.VERSIONS) == set(EVENT_TYPES)
    assert {kind for kind, version in decoding.VERSIONS.items() if version != 1} == older
    assert {decoding.VERSIONS[kind] for kind in older} == {2}
    assert set(decoding.UPCASTERS) == {(kind, 1) for kind in older}


def test_a_registration_stored_before_sex_title_and_federation_reads_with_them_none() -> None:
    """A version 1 ``PlayerRegistered`` (no ``class_version``), as the ledger stored it before version 2."""
    state = (
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2024-01-01T00:00:00+00:00"},'
        b'"originator_topic":"ledger.events:Player","player":"1001","name":"Anna Adler","country":"IE",'
        b'"born":null,"starting_rating":800,"source":"none","rated_games":0,"reported_on":"2024-01-01",'
        b'"recorded_by":"officer"}'
    )
    facts = decoding.facts("PlayerRegistered", state)
    assert (facts["sex"], facts["title"], facts["federation"], facts["country"]) == (None, None, None, "IE")


def test_a_publication_stored_before_fingerprints_reads_as_one_without(ledger: RatingLedger) -> None:
    """A ``ListPublished`` of version 1 (no ``rules_fingerprint``, no ``class_version``), as the library stored
    it before fingerprints were recorded: the library and the decoder both read it with the fingerprint None."""
    state = {
        "timestamp": {"_type_": "datetime_iso", "_data_": "2024-03-01T12:00:00+00:00"},
        "originator_topic": "ledger.events:Publication",
        "rules": "iecg-1.7", "period": "2024-01", "on": "2024-03-01", "digest": "ab" * 32, "players": 2,
        "log_position": 7, "log_hash": "cd" * 32, "reported_on": "2024-03-01", "recorded_by": "t",
    }  # fmt: skip
    stored = StoredEvent(UUID(int=8), 1, "ledger.events:ListPublished", json.dumps(state).encode())
    expected = library_facts(ledger, stored)
    assert expected["rules_fingerprint"] is None
    assert decoding.facts("ListPublished", stored.state) == expected


# --- the upcasting hook: version 1 of GameRecorded, before events ----------------------------


def two_players() -> list[LogRecord]:
    facts = {"name": "N", "country": "IE", "born": None, "starting_rating": 1500, "source": "iccf", "rated_games": 9,
             "reported_on": "2024-01-01", "recorded_by": "t"}  # fmt: skip
    return [
        LogRecord(1, "PlayerRegistered", json.dumps({"player": "A", **facts}).encode()),
        LogRecord(2, "PlayerRegistered", json.dumps({"player": "B", **facts}).encode()),
    ]


def game_state(ledger: RatingLedger, game: str, event: str | None, mode: str | None = None) -> bytes:
    """A ``GameRecorded`` state as the library stores it today (version 2)."""
    stored_event = GameRecorded(  # type: ignore[call-arg]
        originator_id=game_key(game),
        originator_version=1,
        timestamp=datetime(2024, 1, 6, 12, tzinfo=UTC),
        originator_topic="ledger.events:Game",
        game=game, white="A", black="B", result="1-0", finished="2024-01-05", tournament=None,
        time_control="5400", event=event, mode=mode, forfeit="none", reported_on="2024-01-06", recorded_by="t",
    )  # fmt: skip
    return ledger.mapper.to_stored_event(stored_event).state


def version_1_states(ledger: RatingLedger) -> tuple[bytes, bytes]:
    """Two states of version 1, as the library stored them before events were registered (no ``event``, no ``mode``, no
    ``class_version``), and one of today's fields without ``class_version`` (read as version 1: an upcaster
    must not be skipped on it)."""
    old, today = json.loads(game_state(ledger, "old1", None)), json.loads(game_state(ledger, "old2", "E", "otb"))
    del old["class_version"], old["event"], old["mode"], today["class_version"]
    return ledger.mapper.transcoder.encode(old), ledger.mapper.transcoder.encode(today)


def test_the_library_and_the_decoder_upcast_an_older_game_alike(ledger: RatingLedger) -> None:
    ledger.register_player("A", "A", starting_rating=1500, source="iccf", rated_games=9, reported_on="2024-01-01")
    for state in version_1_states(ledger):
        assert b"class_version" not in state
        stored = StoredEvent(game_key("old"), 1, "ledger.events:GameRecorded", state)
        expected = library_facts(ledger, stored)
        assert expected["event"] is None and expected["mode"] is None
        assert decoding.facts("GameRecorded", state) == expected
    current = game_state(ledger, "new", "E1", "email")
    assert current.endswith(b',"class_version":2}')  # as the library writes version 2: the key last
    assert decoding.facts("GameRecorded", current)["event"] == "E1"
    assert "class_version" not in decoding.facts("GameRecorded", current)


def test_the_fold_reads_an_older_game_through_the_upcaster(ledger: RatingLedger) -> None:
    ledger.register_player("A", "A", starting_rating=1500, source="iccf", rated_games=9, reported_on="2024-01-01")
    old, today_shape = version_1_states(ledger)
    current = game_state(ledger, "new", "E1", "email")
    # the fast path reads version 1 as stored, and version 2; today's fields without class_version are neither
    assert decoding.game_pattern().match(old.decode()) is not None
    assert decoding.game_pattern().match(current.decode()) is not None
    assert decoding.game_pattern().match(today_shape.decode()) is None
    newer = current.replace(b'"class_version":2', b'"class_version":3')
    records = [
        *two_players(),
        LogRecord(3, "GameRecorded", old),
        LogRecord(4, "GameRecorded", today_shape),
        LogRecord(5, "GameRecorded", current),
        LogRecord(6, "GameRecorded", newer),
    ]
    facts = Facts()
    facts.fold(records)
    assert facts.months["2024-01"] == [
        GameRow("old1", "A", "B", "1-0", "2024-01-05", "none", "2024-01-06", "", "5400", "", ""),
        GameRow("old2", "A", "B", "1-0", "2024-01-05", "none", "2024-01-06", "", "5400", "", ""),
        GameRow("new", "A", "B", "1-0", "2024-01-05", "none", "2024-01-06", "", "5400", "E1", "email"),
    ]
    assert facts.unusable == {
        6: "position 6 (GameRecorded): the stored event cannot be read (it is of version 3 of GameRecorded, and "
        "this ledger reads up to version 2); neutralise it with `ratings game void G --reason TEXT`"
    }
    assert [game_row(r.state).event for r in records[2:5]] == ["", "", "E1"]


def test_the_log_shows_an_older_game_as_the_current_version(ledger: RatingLedger) -> None:
    ledger.register_player("A", "A", starting_rating=1500, source="iccf", rated_games=9, reported_on="2024-01-01")
    old, _ = version_1_states(ledger)

    class Log:
        def records(self, after: int = 0) -> list[LogRecord]:
            return [LogRecord(1, "GameRecorded", old), LogRecord(2, "GameRecorded", b'{"game":"x"} trailing')]

    entries = list(log_entries(Log()))  # type: ignore[arg-type]
    assert entries[0]["facts"] == {
        "game": "old1", "white": "A", "black": "B", "result": "1-0", "finished": "2024-01-05", "tournament": None,
        "forfeit": "none", "time_control": "5400", "event": None, "mode": None,
    }  # fmt: skip
    assert entries[1]["facts"] == {"damaged": "its stored state is not a JSON object: run `ratings verify`"}


def test_a_missing_upcaster_is_an_error_when_the_registry_is_made() -> None:
    class Gap:
        class_version = 3

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["x"] = 1

    with pytest.raises(AttributeError, match="upcast_v2_v3"):
        decoding.upcasters_of({"Gap": Gap})
    assert decoding.versions_of({"Gap": Gap, "Plain": UUID}) == {"Gap": 3, "Plain": 1}
