"""The bulk path of ``ratings import``: stored rows written without an event object each.

A million games through the library's aggregate machinery cost ~35 µs each;
these helpers write the same stored rows (the same aggregate ids, topics and
state bytes) for a few µs. :meth:`ledger.application.RatingLedger._stored_rows`
uses them only after checking that, for the first row of an import, they write
exactly what the library's mapper writes; otherwise every row goes through it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from hashlib import sha1
from operator import itemgetter
from typing import TypeVar

from ledger.events import NAMESPACE

GAME_FIELDS = (
    "game",
    "white",
    "black",
    "result",
    "finished",
    "tournament",
    "time_control",
    "event",
    "mode",
    "forfeit",
    "reported_on",
)
"""The fields of :class:`GameFacts`, in order: ``import_games`` keeps a game as a tuple of them."""

GameTuple = tuple[str, str, str, str, str, str | None, str | None, str | None, str | None, str, str]

GAME_CELLS_TEXT = ("game", "white", "black", "result", "finished")
GAME_CELLS = itemgetter(*GAME_CELLS_TEXT, "tournament", "forfeit")
"""The cells of a game row that ``import_games`` reads with ``row.get(name, "")`` (the first five) or
``row.get(name)`` (the other two), in one call when the row has them all."""

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """``memo[key]``: ``compute(key)``, computed once per key and then a dict lookup. Errors are not kept."""

    def __init__(self, compute: Callable[[K], V]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: K) -> V:
        value = self[key] = self.compute(key)
        return value


class KeyHex:
    """``uuid5(NAMESPACE, prefix + name).hex`` without the UUID object: an aggregate id as the store keeps it."""

    def __init__(self, prefix: str) -> None:
        self.seed = NAMESPACE.bytes + prefix.encode()

    def __call__(self, name: str) -> str:
        digest = sha1(self.seed + name.encode()).digest()
        # RFC 4122 §4.3: version 5 in the high nibble of byte 6, the variant in the top bits of byte 8.
        return (digest[:6] + bytes((digest[6] & 0x0F | 0x50, digest[7], digest[8] & 0x3F | 0x80)) + digest[9:16]).hex()


UNSAFE = re.compile(r'[\x00-\x1f"\\]')
"""Characters JSON escapes even with ``ensure_ascii=False``; text without them is its own JSON string body."""


class StateEncoder:
    """The stored state of new events of one import, byte for byte as eventsourcing's JSON transcoder writes it:
    compact, not ASCII-escaped, ``timestamp`` as ``{"_type_":"datetime_iso","_data_":...}``, then
    ``originator_topic``, then the event's own fields in order, then ``recorded_by``.
    """

    def __init__(self, stamp: datetime, topic: str, user: str) -> None:
        self.encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
        self.timestamp = {"_type_": "datetime_iso", "_data_": stamp.isoformat()}
        self.topic = topic
        self.user = user
        self.head = '{"timestamp":' + self.encode(self.timestamp) + ',"originator_topic":' + self.encode(topic) + ","
        self.tail = ',"recorded_by":' + self.encode(user) + "}"

    def fields(self, fields: dict[str, object], version: int = 1) -> bytes:
        """Any event's state, from its own fields (JSON types only), in order; ``class_version`` last above 1."""
        state = {"timestamp": self.timestamp, "originator_topic": self.topic, **fields, "recorded_by": self.user}
        if version > 1:
            state["class_version"] = version
        return self.encode(state).encode()

    def game(self, item: GameTuple) -> bytes:
        """A ``GameRecorded`` state (version 2) from a tuple of :data:`GAME_FIELDS`, by template when no text
        needs escaping."""
        game, white, black, result, finished, tournament, tc, event, mode, kind, reported = item
        text = f"{game}{white}{black}{result}{finished}{tournament}{tc}{event}{mode}{kind}{reported}"
        if UNSAFE.search(text):
            return self.fields(dict(zip(GAME_FIELDS, item, strict=True)), GAME_VERSION)
        tournament_json = "null" if tournament is None else f'"{tournament}"'
        tc_json = "null" if tc is None else f'"{tc}"'
        event_json = "null" if event is None else f'"{event}"'
        mode_json = "null" if mode is None else f'"{mode}"'
        return (
            f'{self.head}"game":"{game}","white":"{white}","black":"{black}","result":"{result}",'
            f'"finished":"{finished}","tournament":{tournament_json},"time_control":{tc_json},'
            f'"event":{event_json},"mode":{mode_json},'
            f'"forfeit":"{kind}","reported_on":"{reported}"{self.tail[:-1]},"class_version":{GAME_VERSION}}}'
        ).encode()


GAME_VERSION = 2
"""The ``class_version`` of :class:`ledger.events.GameRecorded` the template writes (checked against the
library's own encoding of an import's first row before any row is written this way)."""
