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
:func:`game_pattern` (nine events in ten are games), a pattern derived from
the declaration of a game's fields (:data:`ledger.fields.GAME`) and compiled
once; any other goes through :func:`facts`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, cast

from ledger.events import EVENT_TYPES
from ledger.fields import GAME, RECORDED_BY, Fact

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


_CHARS = r'[^"\\\x00-\x1f]*'
"""The characters of a JSON string the library wrote without escapes (no quote, backslash or control character)."""

ADDED = "added"
"""The name of :func:`state_pattern`'s group that holds a newer version's added fields (None: an older state)."""


def state_pattern(fact: Fact, version: int) -> re.Pattern[str]:
    """A whole stored state of ``fact``'s event, of version 1 or ``version``, when no text in it is escaped.

    Derived from the declaration (:mod:`ledger.fields`): after the library's
    ``timestamp`` and ``originator_topic``, each field in declared order as a
    group named after it (an optional field's ``null`` a None), then
    ``recorded_by``, then ``class_version`` above version 1. The fields a
    later version added (:attr:`ledger.fields.Fact.added`) are one optional
    group, :data:`ADDED`, tied to ``class_version`` by a conditional group: a
    version 1 state reads with them None, as their upcaster makes them.
    ``version`` (the event's ``class_version``) must be the declared one.
    """
    if version != fact.version:
        raise NewerEventError(
            f"{fact.event} is of version {version} and its declaration (ledger.fields) of version {fact.version}: "
            "declare the new version's fields"
        )
    if any(f.type is not str for f in fact.fields):
        raise TypeError(f"a state pattern reads text fields only, and {fact.event} has others")
    added = [f.name for f in fact.added]
    if added and (
        any(f.since != version for f in fact.added)
        or fact.names[fact.names.index(added[0]) :][: len(added)] != tuple(added)
    ):
        raise TypeError(f"the fields {fact.event} added must be one version's, side by side: teach state_pattern")
    parts: list[str] = []
    for f in fact.fields:
        text = rf'"(?P<{f.name}>{_CHARS})"'
        parts.append(f'"{f.name}":' + (rf"(?:{text}|null)," if f.optional else f"{text},"))
    if added:
        first = fact.names.index(added[0])
        parts[first : first + len(added)] = [f"(?P<{ADDED}>{''.join(parts[first : first + len(added)])})?"]
        tail = f'(?({ADDED}),"{VERSION_KEY}":{version})'
    else:
        tail = f',"{VERSION_KEY}":{version}' if version > 1 else ""
    return re.compile(
        rf'\{{"timestamp":\{{"_type_":"datetime_iso","_data_":"{_CHARS}"\}},"originator_topic":"{_CHARS}",'
        + "".join(parts)
        + rf'"{RECORDED_BY.name}":"{_CHARS}"{tail}\}}\Z'
    )


@cache
def _game_pattern(version: int) -> re.Pattern[str]:
    return state_pattern(GAME, version)


def game_pattern() -> re.Pattern[str]:
    """A whole ``GameRecorded`` state of version 1 or 2 as the library writes it, when no text in it is escaped:
    :func:`state_pattern` of :data:`ledger.fields.GAME`, compiled once.

    A match is an exact JSON parse of the state (the keys in the library's
    order, each string free of quotes, backslashes and control characters,
    and ``class_version`` last when the type's version is above 1), so its
    groups are the game's fields as :func:`facts` gives them (a ``null`` a
    None), in :data:`GAME_GROUPS` order: the declared order, with the
    :data:`ADDED` marker before ``event`` and ``mode`` (a version 1 state's
    event and mode are None, as its upcaster makes them). A state of another
    version, or with escaped text, does not match: it is read by
    :func:`facts`. Ask once per batch of records (the current version is
    looked up here), not per event.
    """
    return _game_pattern(VERSIONS.get(GAME.event, 1))


def groups_of(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """The names of a pattern's groups, in the order ``match.groups()`` gives them."""
    return tuple(sorted(pattern.groupindex, key=pattern.groupindex.__getitem__))


GAME_GROUPS: tuple[str, ...] = groups_of(game_pattern())
"""What ``game_pattern().match(text).groups()`` gives, in order: the game's fields and the :data:`ADDED` marker."""
