"""The bulk import writes the stored rows the library's own mapper writes.

``ledger.bulk`` writes ``GameRecorded`` states from a template and aggregate
ids without a UUID object; both must be byte for byte what eventsourcing
writes for the same event, whatever the text holds.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
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
@given(
    game=TEXT,
    white=TEXT,
    black=TEXT,
    tournament=st.none() | TEXT,
    time_control=st.none() | TEXT,
    event=st.none() | TEXT,
    mode=st.none() | st.sampled_from(["otb", "email", "online"]),
    user=TEXT,
)
def test_state_encoder_writes_the_mappers_bytes(
    game: str,
    white: str,
    black: str,
    tournament: str | None,
    time_control: str | None,
    event: str | None,
    mode: str | None,
    user: str,
) -> None:
    item: bulk.GameTuple = (
        game, white, black, "0-1", "2024-01-05", tournament, time_control, event, mode, "arbiter", "2024-01-06"
    )  # fmt: skip
    recorded = GameRecorded(  # type: ignore[call-arg]
        originator_id=game_key(game),
        originator_version=1,
        timestamp=STAMP,
        originator_topic=get_topic(Game),
        **dict(zip(bulk.GAME_FIELDS, item, strict=True)),
        recorded_by=user,
    )
    stored = mapper().to_stored_event(recorded)
    encoder = bulk.StateEncoder(STAMP, get_topic(Game), user)
    assert encoder.game(item) == stored.state
    assert isinstance(stored.originator_id, UUID)
    assert bulk.KeyHex("game:")(game) == stored.originator_id.hex


@given(name=TEXT)
def test_key_hex_is_the_uuid5_of_the_natural_key(name: str) -> None:
    assert bulk.KeyHex("player:")(name) == player_key(name).hex
    assert bulk.KeyHex("game:")(name) == game_key(name).hex


def test_imports_take_the_fast_path_after_checking_one_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mapper writes only each import's first row, as the check; the rest are written by ``bulk``."""
    from ledger.application import RatingLedger

    ledger = RatingLedger.create(str(tmp_path / "l.db"), clock=lambda: date(2026, 1, 1), user="t")
    calls: list[object] = []
    to_stored = ledger.mapper.to_stored_event

    def counting(event: Any) -> Any:
        calls.append(event)
        return to_stored(event)

    monkeypatch.setattr(ledger.mapper, "to_stored_event", counting)
    players = [{"player": f"P{i}", "name": f"N {i}", "country": "IE"} for i in range(20)]
    games = [
        {"game": f"G{i}", "white": f"P{i}", "black": f"P{i + 1}", "result": "1-0", "finished": "2024-01-05"}
        for i in range(19)
    ]
    assert ledger.import_players(enumerate(players, start=2)) == 20
    assert ledger.import_games(enumerate(games, start=2)) == 19
    assert len(calls) == 2
    states = [record.state for record in ledger.reader().records()]
    assert len(states) == 39
