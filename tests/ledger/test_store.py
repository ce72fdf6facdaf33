"""The store itself refuses a second aggregate for one natural key: ids are uuid5 of the player or game id."""

from __future__ import annotations

from uuid import UUID

import pytest
from eventsourcing.persistence import IntegrityError

from ledger import errors
from ledger.application import RatingLedger
from ledger.events import NAMESPACE, Game, GameRecorded, Player, PlayerRegistered, game_key, player_key
from tests.ledger.support import stored_rows


def test_keys_are_uuid5_of_the_natural_keys() -> None:
    from uuid import uuid5

    assert player_key("1001") == uuid5(NAMESPACE, "player:1001")
    assert game_key("1001") == uuid5(NAMESPACE, "game:1001")
    assert player_key("1001") != game_key("1001")  # a player and a game may share an id
    assert player_key("1001") == player_key("1001")
    assert player_key("1001") != player_key("1002")


def test_stored_ids_are_the_derived_keys(two_players: RatingLedger) -> None:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    ids = [UUID(row[1]) for row in stored_rows(two_players)]
    assert ids == [player_key("A"), player_key("B"), game_key("G1")]
    assert [row[2] for row in stored_rows(two_players)] == [1, 1, 1]


def registration(player: str) -> Player:
    return Player._create(
        PlayerRegistered,
        player=player,
        name="Someone Else",
        country="",
        born=None,
        starting_rating=800,
        source="none",
        rated_games=0,
        sex=None,
        title=None,
        federation=None,
        reported_on="2024-01-01",
        recorded_by="t",
    )


def test_the_store_refuses_a_second_player_aggregate(two_players: RatingLedger) -> None:
    before = stored_rows(two_players)
    aggregate = registration("A")
    assert aggregate.id == player_key("A")
    with pytest.raises(IntegrityError):
        two_players.save(aggregate)
    assert stored_rows(two_players) == before


def test_the_store_refuses_a_second_game_aggregate(two_players: RatingLedger) -> None:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    before = stored_rows(two_players)
    aggregate = Game._create(
        GameRecorded,
        game="G1",
        white="B",
        black="A",
        result="0-1",
        finished="2024-01-11",
        tournament=None,
        time_control=None,
        event=None,
        mode=None,
        forfeit="none",
        reported_on="2024-01-11",
        recorded_by="t",
    )
    assert aggregate.id == game_key("G1")
    with pytest.raises(IntegrityError):
        two_players.save(aggregate)
    assert stored_rows(two_players) == before


def test_a_registration_that_slips_past_the_check_is_refused_by_the_store(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clerks registering the same player at once: the check passes for both; the store refuses one."""
    monkeypatch.setattr(RatingLedger, "_player_exists", lambda self, player: False)
    before = stored_rows(two_players)
    with pytest.raises(errors.DuplicatePlayerError, match="player 'A' is already registered"):
        two_players.register_player("A", "Anna Again")
    assert stored_rows(two_players) == before


def test_a_game_that_slips_past_the_check_is_refused_by_the_store(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    two_players.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    monkeypatch.setattr(RatingLedger, "aggregate", lambda self, key, kind: None)
    before = stored_rows(two_players)
    with pytest.raises(errors.DuplicateGameError, match="game 'G1' is already recorded"):
        two_players.record_game("G1", white="B", black="A", result="0-1", finished="2024-01-11")
    assert stored_rows(two_players) == before


def test_an_import_that_slips_past_the_check_is_refused_whole(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's refusal of the last row rolls back the rows written before it in the same transaction."""
    monkeypatch.setattr(RatingLedger, "_player_exists", lambda self, player: False)
    before = stored_rows(two_players)
    rows = [
        (2, {"player": "C", "name": "Carla"}),
        (3, {"player": "D", "name": "Dora"}),
        (4, {"player": "B", "name": "Bob"}),
    ]
    with pytest.raises(errors.DuplicatePlayerError):
        two_players.import_players(rows)
    assert stored_rows(two_players) == before
