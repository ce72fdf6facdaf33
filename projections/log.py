"""The log as a rating officer reads it: each event's position, type and facts.

Every event type is shown by its own facts (as :mod:`ledger.decoding` reads them: an
older version of an event as the current one), the undos included
(``PlayerVoided``, ``PlayerRestored``, ``PriorRatingVoided``, ``AdjustmentVoided``:
each names what it undoes, and its reason).

The filters all apply together: a player's own facts and his games; one game
and its amendments; one event's own facts (its ``Tournament*`` events) and the games recorded
in it (or moved into it by a correction) with their amendments; the reported dates between two
dates, both included; and event types. A damaged event (one that cannot be read) is shown only
when no filter but ``types`` is given: it has no player, game, event or reported date to match.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from ledger.decoding import NewerEventError
from ledger.errors import UnknownEventError, UnknownGameError, UnknownPlayerError
from ledger.events import EVENT_TYPES, event_key, game_key, player_key
from ledger.store import LogReader, LogRecord

BOOKKEEPING = ("timestamp", "originator_topic", "recorded_by", "reported_on")
"""Fields of a stored event that are not facts of the game or player."""


TYPES = tuple(EVENT_TYPES)
"""The event type names ``types`` may name."""


def check_subjects(
    reader: LogReader, player: str | None = None, game: str | None = None, event: str | None = None
) -> None:
    """Refuse a filter naming a player, game or event the log never held (a mistyped id is named, not
    answered with an empty log)."""
    if player is not None and not reader.aggregate_records(player_key(player)):
        raise UnknownPlayerError(f"unknown player {player!r}")
    if game is not None and not reader.aggregate_records(game_key(game)):
        raise UnknownGameError(f"unknown game {game!r}")
    if event is not None and not reader.aggregate_records(event_key(event)):
        raise UnknownEventError(f"unknown event {event!r}")


def log_entries(
    reader: LogReader,
    player: str | None = None,
    *,
    game: str | None = None,
    event: str | None = None,
    reported_from: str | None = None,
    reported_to: str | None = None,
    types: Collection[str] = (),
) -> Iterator[dict[str, Any]]:
    """Every event in log order; only those concerning ``player``, ``game`` and ``event``, reported from
    ``reported_from`` to ``reported_to`` (ISO dates, both included) and of ``types``, those given."""
    wanted = frozenset(types)
    tracking = player is not None or event is not None  # a game's recording tells whose or which event's it is
    subject = tracking or game is not None
    dated = reported_from is not None or reported_to is not None
    low, high = reported_from or "", reported_to or "\uffff"
    records: Iterator[LogRecord] | list[LogRecord]
    if game is not None:
        records = reader.aggregate_records(game_key(game))
    elif wanted and not tracking:
        records = reader.records_of(sorted(wanted))
    else:
        records = reader.records()
    games: set[str] = set()  # the player's games
    in_event: set[str] = set() if event is None else _moved_into(reader, event)  # the event's games
    for record in records:
        if wanted and record.type not in wanted and not (tracking and record.type == "GameRecorded"):
            continue
        damage = None
        try:
            state = record.facts()
        except NewerEventError as error:  # stored by a newer program: shown as such, never a traceback
            damage = f"{error}: read it with that newer program"
        except ValueError:  # a damaged event (``ratings verify`` names it): shown as such, never a traceback
            damage = "its stored state is not a JSON object: run `ratings verify`"
        if damage is not None:
            if not subject and not dated:
                yield {
                    "position": record.position,
                    "type": record.type,
                    "facts": {"damaged": damage},
                    "recorded_by": None,
                    "reported_on": None,
                }
            continue
        shown = True
        if record.type == "GameRecorded":
            if player is not None:
                if player in (state["white"], state["black"]):
                    games.add(state["game"])
                else:
                    shown = False
            if event is not None:
                if state.get("event") == event or state["game"] in in_event:
                    in_event.add(state["game"])
                else:
                    shown = False
        elif "game" in state:
            shown = (player is None or state["game"] in games) and (event is None or state["game"] in in_event)
        else:
            shown = (player is None or state.get("player") == player) and (
                event is None or (record.type.startswith("Tournament") and state.get("event") == event)
            )
        if game is not None and state.get("game") != game:
            shown = False
        if wanted and record.type not in wanted:
            shown = False
        reported = state.get("reported_on")
        if dated and not (isinstance(reported, str) and low <= reported <= high):
            shown = False
        if shown:
            yield {
                "position": record.position,
                "type": record.type,
                "facts": {k: v for k, v in state.items() if k not in BOOKKEEPING},
                "recorded_by": state.get("recorded_by"),
                "reported_on": reported,
            }


def _moved_into(reader: LogReader, event: str) -> set[str]:
    """The games a correction moved into ``event`` (their recordings name another event, or none)."""
    moved: set[str] = set()
    for record in reader.records_of(["GameCorrected"]):
        try:
            state = record.facts()
            if state["changes"].get("event") == event:
                moved.add(state["game"])
        except (ValueError, KeyError, TypeError, AttributeError):  # damaged: ``ratings verify`` names it
            continue
    return moved
