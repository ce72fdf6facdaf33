"""The bulk import writes the stored rows the library's own mapper writes.

``ledger.bulk`` writes ``GameRecorded`` states from a template and aggregate
ids without a UUID object; both must be byte for byte what eventsourcing
writes for the same event, whatever the text holds.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Mapper
from eventsourcing.utils import get_topic
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import bulk
from ledger.events import Game, GameRecorded, game_key, player_key
from ledger.store import sqlite_env

TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), min_size=1, max_size=10)
STAMP = datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)


@cache
def mapper() -> Mapper[UUID]:
    return Application[UUID](env=sqlite_env(":memory:")).mapper


@settings(max_examples=150, deadline=None)
@given(game=TEXT, white=TEXT, black=TEXT, tournament=st.none() | TEXT, time_control=st.none() | TEXT, user=TEXT)
def test_state_encoder_writes_the_mappers_bytes(
    game: str, white: str, black: str, tournament: str | None, time_control: str | None, user: str
) -> None:
    item: bulk.GameTuple = (
        game, white, black, "0-1", "2024-01-05", tournament, time_control, "arbiter", "2024-01-06"
    )  # fmt: skip
    event = GameRecorded(  # type: ignore[call-arg]
        originator_id=game_key(game),
        originator_version=1,
        timestamp=STAMP,
        originator_topic=get_topic(Game),
        **dict(zip(bulk.GAME_FIELDS, item, strict=True)),
        recorded_by=user,
    )
    stored = mapper().to_stored_event(event)
    encoder = bulk.StateEncoder(STAMP, get_topic(Game), user)
    assert encoder.game(item) == stored.state
    assert isinstance(stored.originator_id, UUID)
    assert bulk.KeyHex("game:")(game) == stored.originator_id.hex


@given(name=TEXT)
def test_key_hex_is_the_uuid5_of_the_natural_key(name: str) -> None:
    assert bulk.KeyHex("player:")(name) == player_key(name).hex
    assert bulk.KeyHex("game:")(name) == game_key(name).hex
