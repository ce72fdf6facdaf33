"""The log as a rating officer reads it: each event's position, type and facts.

Every event type is shown by its own facts (as :mod:`ledger.decoding` reads them: an
older version of an event as the current one), the undos of issue 10 §3 included
(``PlayerVoided``, ``PlayerRestored``, ``PriorRatingVoided``, ``AdjustmentVoided``:
each names what it undoes, and its reason).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ledger.decoding import NewerEventError
from ledger.store import LogReader

BOOKKEEPING = ("timestamp", "originator_topic", "recorded_by", "reported_on")
"""Fields of a stored event that are not facts of the game or player."""


def log_entries(reader: LogReader, player: str | None = None) -> Iterator[dict[str, Any]]:
    """Every event in log order (only those concerning ``player``, if given)."""
    games: set[str] = set()
    for record in reader.records():
        damage = None
        try:
            state = record.facts()
        except NewerEventError as error:  # stored by a newer program: shown as such, never a traceback
            damage = f"{error}: read it with that newer program"
        except ValueError:  # a damaged event (``ratings verify`` names it): shown as such, never a traceback
            damage = "its stored state is not a JSON object: run `ratings verify`"
        if damage is not None:
            if player is None:
                yield {
                    "position": record.position,
                    "type": record.type,
                    "facts": {"damaged": damage},
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
