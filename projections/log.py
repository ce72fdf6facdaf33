"""The log as a rating officer reads it: each event's position, type and facts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ledger.store import LogReader

BOOKKEEPING = ("timestamp", "originator_topic", "recorded_by", "reported_on")
"""Fields of a stored event that are not facts of the game or player."""


def log_entries(reader: LogReader, player: str | None = None) -> Iterator[dict[str, Any]]:
    """Every event in log order (only those concerning ``player``, if given)."""
    games: set[str] = set()
    for record in reader.records():
        state = json.loads(record.state)
        if player is not None:
            if record.type == "GameRecorded":
                if player not in (state["white"], state["black"]):
                    continue
                games.add(state["game"])
            elif "game" in state:
                if state["game"] not in games:
                    continue
            elif state.get("player") != player:
                continue
        yield {
            "position": record.position,
            "type": record.type,
            "facts": {k: v for k, v in state.items() if k not in BOOKKEEPING},
            "recorded_by": state.get("recorded_by"),
            "reported_on": state.get("reported_on"),
        }
