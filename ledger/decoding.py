"""The one decoder of the log: a stored event's state, read as its event type's current version.

eventsourcing's mapper (``Mapper.to_stored_event``) stores an event as the
JSON of its attributes, less the originator id and version, and adds
``"class_version": N`` last when the event class declares ``class_version = N``
above 1. Reading (``Mapper.to_domain_event``), it pops ``class_version`` (1
when absent) and calls the class's ``upcast_v1_v2(state)``, ``upcast_v2_v3(state)``
… in turn, each changing the state in place, until the class's own version.

The projections read stored rows themselves (:mod:`ledger.store`: the
library's read path costs ~12 µs an event, a raw scan ~2 µs), so they read
them here, the same way: :func:`facts` decodes a state and runs the upcasters
of :data:`UPCASTERS`, keyed by (event type, stored version), up to the
type's current version in :data:`VERSIONS`. Both are taken from the event
classes of :mod:`ledger.events`, so a later change of an event's fields has
one place to go: ``class_version`` and ``upcast_vN_vN+1`` on the event class,
read by the library's mapper (the application's aggregates) and by this
module (every projection) alike.

A ``GameRecorded`` state of the current version is read faster, by
:func:`game_pattern` (nine events in ten are games); any other goes through
:func:`facts`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, cast

from ledger.events import EVENT_TYPES

Upcaster = Callable[[dict[str, Any]], None]
"""An eventsourcing upcaster: ``upcast_vN_vN+1(state)`` changes a version N state in place into version N+1."""

VERSION_KEY = "class_version"
"""The key under which the library stores an event's class version, when above 1."""


class NewerEventError(ValueError):
    """A stored event of a later version of its type than this ledger knows (stored by newer software)."""


def versions_of(types: Mapping[str, type]) -> dict[str, int]:
    """The current version of each event type: its ``class_version``, 1 if it declares none (as the library)."""
    return {kind: int(getattr(cls, VERSION_KEY, 1)) for kind, cls in types.items()}


def upcasters_of(types: Mapping[str, type]) -> dict[tuple[str, int], Upcaster]:
    """Each event type's upcasters by (type, the version they read): its ``upcast_vN_vN+1`` static methods.

    A type of version N must have all of ``upcast_v1_v2`` … ``upcast_vN-1_vN``,
    as the library calls each of them: a missing one is an error here, at
    import, rather than at the first old event read.
    """
    found: dict[tuple[str, int], Upcaster] = {}
    for kind, current in versions_of(types).items():
        for version in range(1, current):
            found[kind, version] = getattr(types[kind], f"upcast_v{version}_v{version + 1}")
    return found


VERSIONS: dict[str, int] = versions_of(EVENT_TYPES)
"""The current version of every event type of the log, by name."""

UPCASTERS: dict[tuple[str, int], Upcaster] = upcasters_of(EVENT_TYPES)
"""Every upcaster of the log's event types, by (event type, the stored version it reads)."""


_scan: Callable[[str, int], tuple[Any, int]] = cast(Any, json.JSONDecoder()).scan_once


def decode(state: bytes) -> Any:
    """The JSON of a stored state: what ``json.loads`` gives, without its per-call overhead.

    The library writes states as UTF-8 JSON objects with nothing around them,
    so the scanner ``json.loads`` uses is called on them directly; anything
    else (text around the value, no value) goes through ``json.loads`` itself,
    and its errors.
    """
    try:
        text = state.decode("utf-8", "surrogatepass")
        value, end = _scan(text, 0)
    except (StopIteration, AttributeError, UnicodeDecodeError):
        return json.loads(state)
    return value if end == len(text) else json.loads(state)


def facts(kind: str, state: bytes) -> dict[str, Any]:
    """The facts of a stored event of type ``kind``: its stored fields, upcast to the type's current version.

    As the library's mapper reads it: ``class_version`` is popped (1 if
    absent) and the upcasters run from it up to the current version. The
    library's own fields (``timestamp``, ``originator_topic``) are kept as
    stored. A state that is not JSON raises ``json.JSONDecodeError``, one that
    is not a JSON object ``ValueError``, one of a later version than the
    type's :class:`NewerEventError` (all ``ValueError``).
    """
    s = decode(state)
    if type(s) is not dict:
        raise ValueError("not a JSON object")
    stored = s.pop(VERSION_KEY, 1)
    current = VERSIONS.get(kind, 1)
    if stored != current:
        upcast(kind, s, stored, current)
    return s


def upcast(kind: str, state: dict[str, Any], stored: object, current: int) -> None:
    """Bring ``state`` of version ``stored`` to version ``current`` in place, one upcaster after another."""
    if type(stored) is not int or stored < 1:
        raise ValueError(f"its class_version {stored!r} is not a version")
    if stored > current:
        raise NewerEventError(f"it is of version {stored} of {kind}, and this ledger reads up to version {current}")
    for version in range(stored, current):
        UPCASTERS[kind, version](state)


_TEXT = r'"([^"\\\x00-\x1f]*)"'
_OPTIONAL = r'(?:"([^"\\\x00-\x1f]*)"|null)'


@cache
def _game_pattern(version: int) -> re.Pattern[str]:
    # Version 1 has neither ``event`` nor ``mode`` nor ``class_version``; version 2 has all three (the
    # conditional group ``(?(v2)…)`` ties the tail to the two fields), and reads as the upcast version 1.
    assert version == 2, "game_pattern reads versions 1 and 2 of GameRecorded: teach it the new one"
    return re.compile(
        r'\{"timestamp":\{"_type_":"datetime_iso","_data_":"[^"\\\x00-\x1f]*"\},"originator_topic":"[^"\\\x00-\x1f]*",'
        rf'"game":{_TEXT},"white":{_TEXT},"black":{_TEXT},"result":{_TEXT},"finished":{_TEXT},'
        rf'"tournament":{_OPTIONAL},"time_control":{_OPTIONAL},(?P<v2>"event":{_OPTIONAL},"mode":{_OPTIONAL},)?'
        rf'"forfeit":{_TEXT},"reported_on":{_TEXT},'
        rf'"recorded_by":"[^"\\\x00-\x1f]*"(?(v2),"{VERSION_KEY}":2)\}}\Z'
    )


def game_pattern() -> re.Pattern[str]:
    """A whole ``GameRecorded`` state of version 1 or 2 as the library writes it, when no text in it is escaped.

    A match is an exact JSON parse of the state (the keys in the library's
    order, each string free of quotes, backslashes and control characters,
    and ``class_version`` last when the type's version is above 1), so its
    groups are the game's fields as :func:`facts` gives them (a ``null`` a
    None), in the order game, white, black, result, finished, tournament,
    time control, the version-2 marker, event, mode, forfeit, reported (a version 1 state's
    event and mode are None, as its upcaster makes them). A state of another version, or with
    escaped text, does not match: it is read by :func:`facts`. Ask once per
    batch of records (the current version is looked up here), not per event.
    """
    return _game_pattern(VERSIONS.get("GameRecorded", 1))
