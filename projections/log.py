"""The log as a rating officer reads it: each event's position, type and facts.

Every event type is shown by its own facts, the undos of issue 10 §3 included
(``PlayerVoided``, ``PlayerRestored``, ``PriorRatingVoided``, ``AdjustmentVoided``:
each names what it undoes, and its reason).
"""

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
        try:
            state = json.loads(record.state)
        except ValueError:  # a damaged event (``ratings verify`` names it): shown as such, never a traceback
            state = None
        if not isinstance(state, dict):
            if player is None:
                yield {
                    "position": record.position,
                    "type": record.type,
                    "facts": {"damaged": "its stored state is not a JSON object: run `ratings verify`"},
                    "recorded_by": None,
                    "reported_on": None,
                }
            continue
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
