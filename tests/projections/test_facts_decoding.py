"""The fold's fast reading of ``GameRecorded`` states gives what ``json.loads`` gives.

``projections.facts.game_row`` matches the library's stored JSON with a regex
when no string in it is escaped, and decodes it whole otherwise; either way
the fields must be exactly the decoded ones, whatever the text holds.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Mapper
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.events import GameRecorded, game_key
from ledger.store import sqlite_env
from projections.facts import GameRow, game_row

TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), min_size=1, max_size=10)


@cache
def mapper() -> Mapper[UUID]:
    return Application[UUID](env=sqlite_env(":memory:")).mapper


def stored_state(fields: dict[str, str | None]) -> bytes:
    """The state bytes eventsourcing's own mapper writes for a ``GameRecorded`` event."""
    event = GameRecorded(  # type: ignore[call-arg]
        originator_id=game_key(str(fields["game"])),
        originator_version=1,
        timestamp=datetime(2024, 1, 1, tzinfo=UTC),
        originator_topic="ledger.events:Game",
        **fields,
        recorded_by="t",
    )
    return mapper().to_stored_event(event).state


@settings(max_examples=150, deadline=None)
@given(
    game=TEXT,
    white=TEXT,
    black=TEXT,
    tournament=st.none() | TEXT,
    time_control=st.none() | TEXT,
    event=st.none() | TEXT,
    forfeit=TEXT,
)
def test_game_row_equals_json_loads(
    game: str, white: str, black: str, tournament: str | None, time_control: str | None, event: str | None, forfeit: str
) -> None:
    fields = {
        "game": game, "white": white, "black": black, "result": "1/2-1/2", "finished": "2024-01-05",
        "tournament": tournament, "time_control": time_control, "event": event, "mode": "otb", "forfeit": forfeit,
        "reported_on": "2024-01-06",
    }  # fmt: skip
    state = stored_state(fields)
    decoded = json.loads(state)
    keys = ("game", "white", "black", "result", "finished", "forfeit", "reported_on", "tournament", "time_control",
            "event", "mode")  # fmt: skip
    expected = GameRow(*(decoded[k] or "" for k in keys))  # an absent tournament or time control is ""
    assert game_row(state) == expected


def test_game_row_reads_escaped_text() -> None:
    fields = {
        "game": 'G "1"', "white": "a\\b", "black": "c\nd", "result": "1-0", "finished": "2024-01-05",
        "tournament": 'Cup "X"', "time_control": None, "event": 'E "1"', "mode": None, "forfeit": "none",
        "reported_on": "2024-01-06",
    }  # fmt: skip
    assert game_row(stored_state(fields)) == GameRow(
        'G "1"', "a\\b", "c\nd", "1-0", "2024-01-05", "none", "2024-01-06", 'Cup "X"', "", 'E "1"', ""
    )
