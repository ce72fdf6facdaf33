"""The bulk path of ``ratings import``: stored rows written without an event object each.

A million games through the library's aggregate machinery cost ~35 µs each;
these helpers write the same stored rows (the same aggregate ids, topics and
state bytes) for a few µs. :meth:`ledger.application.RatingLedger._write_chunks`
uses them only after checking that, for the first row of an import, they write
exactly what the library's mapper writes; otherwise every row goes through it.

An import streams. Its rows are checked :data:`CHUNK` at a time
and each chunk is written as soon as it is checked, all in the import's one
transaction; what it keeps between chunks is per player (and per distinct
date, time control, tournament name: :class:`Memo`, bounded), never per game.
A game recorded twice is found by the store itself (the primary key of
``stored_events``: the game's aggregate id, version 1); the refusal then
names the row (:class:`Chunk` counts how far the store got) and the earlier
line, read again from the file when it can be (:func:`first_lines`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from hashlib import sha1
from itertools import islice
from operator import itemgetter
from typing import Final, TypeVar

from ledger.events import NAMESPACE
from ledger.fields import GAME
from ledger.values import BORN_BEFORE_GAMES_YEARS

GAME_FIELDS: Final = GAME.names
"""The fields of :class:`ledger.application.GameFacts`, in order (:data:`ledger.fields.GAME`): ``import_games``
keeps a game as a tuple of them."""

GameTuple = tuple[str, str, str, str, str, str | None, str | None, str | None, str | None, str, str]
"""A tuple of :data:`GAME_FIELDS`: a type the checker reads, so written out; ``tests/ledger/test_fields.py`` holds
it to :data:`ledger.fields.GAME`'s types."""

GAME_CELLS_TEXT = ("game", "white", "black", "result", "finished")
GAME_CELLS = itemgetter(*GAME_CELLS_TEXT, "tournament", "forfeit")
"""The cells of a game row that ``import_games`` reads with ``row.get(name, "")`` (the first five) or
``row.get(name)`` (the other two), in one call when the row has them all."""

K = TypeVar("K")
V = TypeVar("V")


CHUNK: Final = 20_000
"""The rows an import checks, then writes, at a time: what it holds of its games at once."""

MEMO_LIMIT: Final = 100_000
"""The most values a :class:`Memo` keeps: past it, it starts again (what it keeps grows with distinct
texts, a tournament's name among them, not with the rows)."""


PLAYERS: Final = 2**62
"""The limit of a :class:`Memo` of players: none (one entry a registered player, the players' state an import
may keep; an unknown player is refused, not kept)."""


class Memo(dict[K, V]):
    """``memo[key]``: ``compute(key)``, computed once per key and then a dict lookup. Errors are not kept.

    At most :data:`MEMO_LIMIT` values are kept: when full it is emptied, so a file of a million distinct
    tournament names costs a recomputation now and then, never memory without bound.
    """

    def __init__(self, compute: Callable[[K], V], limit: int = MEMO_LIMIT) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.compute(key)
        return value


StoredRow = tuple[str, int, str, bytes]
"""A stored event as ``stored_events`` holds it (as :data:`ledger.store.StoredRow`)."""


class Chunk(list[StoredRow]):
    """The stored rows of one chunk of an import, counting the rows the store has taken of it.

    The store inserts a chunk with one ``executemany``, which takes its rows one by one and stops at
    the first it refuses (a game already recorded: the primary key): after an ``IntegrityError``,
    :attr:`taken` is that row's number in the chunk, counted from 1.

    >>> chunk = Chunk([("a", 1, "t", b"{}"), ("b", 1, "t", b"{}")])
    >>> [row[0] for row in chunk], chunk.taken
    (['a', 'b'], 2)
    """

    taken = 0

    def __iter__(self) -> Iterator[StoredRow]:
        self.taken = 0
        for row in list.__iter__(self):
            self.taken += 1
            yield row


def blocks(rows: Iterable[tuple[int, dict[str, str]]]) -> Iterator[list[tuple[int, dict[str, str]]]]:
    """The rows :data:`CHUNK` at a time (the last block shorter), read as they are needed."""
    it = iter(rows)
    while block := list(islice(it, CHUNK)):
        yield block


def rereadable(rows: Iterable[tuple[int, dict[str, str]]]) -> bool:
    """Whether ``rows`` can be read again from the start (a list, a file's :class:`ledger.imports.FileRows`),
    not a one-time iterator."""
    return iter(rows) is not rows


def first_lines(rows: Iterable[tuple[int, dict[str, str]]], games: set[str], before: int) -> dict[str, int]:
    """The first line of each of ``games`` among ``rows`` before line ``before``, ``rows`` read again from the
    start (memory: one entry per game asked about). A game id is compared as the import checks it: stripped."""
    found: dict[str, int] = {}
    for line, row in rows:
        if line >= before:
            break
        game = row.get("game", "").strip()
        if game in games and game not in found:
            found[game] = line
    return found


def earliest_game(born: str) -> str:
    """The first day a player born on ``born`` (ISO text) may play a rated game, as ISO text: three years
    after (a birth on 29 February: 1 March), as :func:`ledger.values.check_born` bounds it.

    >>> earliest_game("2000-02-29"), earliest_game("2001-05-04")
    ('2003-03-01', '2004-05-04')
    """
    day = date.fromisoformat(born)
    try:
        return day.replace(year=day.year + BORN_BEFORE_GAMES_YEARS).isoformat()
    except ValueError:  # born on 29 February
        return date(day.year + BORN_BEFORE_GAMES_YEARS, 3, 1).isoformat()


_PG_KEY = re.compile(r"\(originator_id, originator_version\)=\(([0-9a-fA-F-]{32,36}), 1\)")


def named_key(message: str) -> str | None:
    """The aggregate id (hex) of a version-1 event that a store's duplicate-key message names (PostgreSQL
    does: ``Key (originator_id, originator_version)=(…, 1) already exists``), or None."""
    found = _PG_KEY.search(message)
    return None if found is None else found.group(1).replace("-", "").lower()


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
        needs escaping.

        The template is the hot path of an import, so it is written out, not assembled per row;
        ``tests/ledger/test_fields.py`` writes a distinct value in every field of :data:`ledger.fields.GAME`
        and fails naming the field the template misplaces, misnames or misses."""
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


GAME_VERSION: Final = GAME.version
"""The ``class_version`` of :class:`ledger.events.GameRecorded` the template writes (checked against the
library's own encoding of an import's first row before any row is written this way)."""


class Written:
    """What an import last handed the store: the lines and game ids of its last chunk, and that chunk's
    stored rows (to name the row the store refused, :meth:`ledger.application.RatingLedger.import_games`)."""

    def __init__(self) -> None:
        self.lines: list[int] = []
        self.games: list[str] = []
        self.chunk: Chunk | None = None


class LongWay(Exception):
    """A row the quick checks of an import do not pass: it is checked again the long way, which refuses it
    as ``record_game`` would (or takes it, if only the quick checks were too strict)."""
