"""The projections' own SQLite file: folded facts, per-period states and lists.

Nothing here is a fact: the whole file can be deleted at any time and is
rebuilt from the log, to the same bytes. It exists so that a list after one
more game reads only the new events and replays only the periods they touch.

**What protects it** (a projection is bound to the log it was folded from, never trusted for it):

- *One transaction a query.* Each query of the projector (a list, an
  explanation, a history...) is one ``BEGIN IMMEDIATE`` transaction of this
  file: folded facts, period states, materialised lists and the position they
  reach commit together or not at all, so a command killed anywhere leaves
  the file as the last query that finished left it. It is also the writer's
  lock: a second process waits for the first (up to :data:`LOCK_TIMEOUT`),
  then reads what the first wrote; one that cannot have it in time computes
  in memory (:class:`CacheBusyError`).
- *Bound to the hash chain.* ``meta`` holds the log position folded so far
  and the chain's hash there (:mod:`ledger.chain`), computed over the rows
  the fold itself read. The projector uses the file only if the log's chain
  has that hash at that position, else rebuilds it: a file built from another
  ledger, from an edited copy, or before an edit of the log past the
  witness is never used.
- *Damage is the file's, not the ledger's.* Anything the file cannot answer
  (not a database, truncated, a dropped table, a row that does not decode, a
  layout of a later version) raises :class:`CacheError`; the projector sets
  the file aside (:func:`set_aside`) and rebuilds it.

Tables (plain ``sqlite3``, through :class:`Database`, so that a warm query does not import sqlite-utils and
the date parser it brings; sqlite-utils writes the publication database of ``publish-db``):
- ``meta``: the layout (``format``), the log position folded so far and the
  chain's hash at it (``position``, ``chain``);
- ``players`` (as registered, with the reported date), ``player_corrections``,
  ``amendments`` (of games), ``amended`` (the recorded rows of amended games),
  ``markers``, ``event_facts`` (registrations, corrections and voids of events), ``merges`` (of duplicate
  registrations): folded facts;
- ``months``: the month's mark (:attr:`Facts.marks`), and the games recorded
  as finished in it, as one text (:func:`encode_month`) — last, so that the
  marks of every month are read without the pages of the games;
- ``states``: per rules version and period, the players the run changed
  (``delta``), and every sixth period the whole state (``full``), each as
  the blob :func:`encode_states` writes;
- ``materialised``: rating lists as computed, each as one JSON text (a list
  of rows, each row the values of the system's list keys):
  a list is written, read and invalidated whole, and one text costs a tenth
  of twenty thousand rows;
- ``texts``: a materialised list as ``ratings list`` printed it, per format,
  with a digest of the printing code and of the list it was printed from: a
  list with nothing new is streamed, not printed again.

Facts are loaded a group at a time when a query first reads them
(:data:`~projections.facts.LAZY`); ``meta`` keeps the first and last months
of the facts, and :meth:`ProjectionCache.begin` checks every table's layout,
so that damage to a table no query read is found all the same.

Every cached period carries its ``last_month``; new facts from month M
invalidate every cached period whose last month is M or later.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import struct
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial, wraps
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from ledger.values import Registration
from projections import withheld
from projections.collector import paused
from projections.facts import (
    LAZY,
    Adjustment,
    Amendment,
    EventFact,
    Facts,
    GameRow,
    Marker,
    Merge,
    PlayerCorrection,
    Prior,
    Undo,
)
from projections.rules.common import Groups, StateCodec
from projections.rules.iecg.formulas import PlayerState

FORMAT = "18"
"""The layout of this file; a cache of an earlier layout is rebuilt, one of a later layout (a newer
version of this program) set aside. (6: a month's mark before its games; 7: the superseded runs;
8 to 10: the chain's hash instead of a fingerprint, the undos, the withheld facts; 15: a drawn forfeit
withheld, a withheld game's facts kept for the correction that releases it; 16, 17: a list's printed texts,
the first and last months in ``meta``; 18: a player's sex, title and federation.)"""

LOCK_TIMEOUT = 120.0
"""Seconds a command waits for another one that is updating the file before it computes in memory."""

P = ParamSpec("P")
R = TypeVar("R")


class CacheError(Exception):
    """The projections file cannot be read or written as this program lays it out: set it aside and rebuild."""


class CacheBusyError(CacheError):
    """Another process holds the projections file longer than :data:`LOCK_TIMEOUT`: compute in memory."""


class CacheUnwritableError(CacheError):
    """The projections file cannot be written (read-only, a full disk, an I/O error): compute in memory."""


_UNWRITABLE = ("readonly", "read-only", "disk is full", "disk I/O", "unable to open", "unable to write")


_DAMAGE = (sqlite3.Error, ValueError, KeyError, TypeError, IndexError, struct.error, AttributeError)
"""What reading a damaged file raises: SQLite's errors, and rows that do not decode."""


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn what a damaged file raises inside ``method`` into :class:`CacheError`."""

    @wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except CacheError:
            raise
        except sqlite3.Error as error:
            raise _classified(error, LOCK_TIMEOUT) from error
        except _DAMAGE as error:
            raise CacheError(f"{type(error).__name__}: {error}") from error

    return guarded


def _busy(error: sqlite3.Error) -> bool:
    return "locked" in str(error) or "busy" in str(error)


def _classified(error: sqlite3.Error, timeout: float) -> CacheError:
    """The :class:`CacheError` an error of SQLite's means: busy, unwritable, or a damaged file."""
    text = f"{type(error).__name__}: {error}"
    if _busy(error):
        return CacheBusyError(f"another command has held it for over {timeout:g} s")
    if any(words in str(error) for words in _UNWRITABLE):
        return CacheUnwritableError(str(error))
    return CacheError(text)


def set_aside(path: str) -> str:
    """Rename a damaged projections file (and its ``-wal``, ``-shm``) out of the way; the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = f"{path}.damaged-{stamp}"
    Path(path).rename(target)
    for suffix in ("-wal", "-shm"):
        side = Path(path + suffix)
        if side.exists():
            side.rename(target + suffix)
    return target


FULL_EVERY = 6
"""A full state is kept for every period whose index is a multiple of this (one a year of IECG periods)."""


_encode = json.JSONEncoder(separators=(",", ":")).encode

_player_state: Callable[[Iterable[Any]], PlayerState] = partial(tuple.__new__, PlayerState)
"""``PlayerState._make`` without its Python-level call and length check: for rows whose length is known."""
_game_row: Callable[[Iterable[Any]], GameRow] = partial(tuple.__new__, GameRow)
"""``GameRow._make``, the same way."""
_registration: Callable[[Iterable[Any]], Registration] = partial(tuple.__new__, Registration)
"""``Registration._make``, the same way."""

_REGISTERED = len(Registration._fields)
"""The columns of a row of ``players`` that make its :class:`Registration`; its reported date follows."""
_amendment: Callable[[Iterable[Any]], Amendment] = partial(tuple.__new__, Amendment)
"""``Amendment._make``, the same way."""
_prior: Callable[[Iterable[Any]], Prior] = partial(tuple.__new__, Prior)
"""``Prior._make``, the same way (a row of :data:`_PRIORS`)."""
_PRIORS = "SELECT position, player, system, rating, games, status, deviation, volatility, as_of, reported FROM priors"
_PRIORS_INDEX = "CREATE INDEX IF NOT EXISTS priors_of_player ON priors (player)"
"""One player's priors without a scan of every player's (:meth:`ProjectionCache.fetch`)."""


def encode_states(states: Mapping[str, Any], codec: StateCodec) -> bytes | str:
    """Player states in player order, the same bytes every time, in the system's compact codec.

    A blob, by columns: the byte length of each part (4 bytes each, little-endian), the JSON list
    of players, then each field of the states, all players' values of it together: as a C array
    of whole numbers (``i``, ``q``), floats (``d``) or truths (``?``), or as JSON (``j``: None,
    text, tuples), as :attr:`StateCodec.columns` says. Packing a column costs a few C calls, and
    a replay writes a state for every player of every period. States that do not pack (a value
    not of its column's type) make the whole mapping JSON text instead, ``{player: [fields...]}``.
    """
    players = sorted(states)
    rows = [states[p] for p in players]
    columns = codec.columns
    fields = list(zip(*rows, strict=True)) if rows else [() for _ in columns]
    parts = [_encode(players).encode()]
    try:
        for kind, values in zip(columns, fields, strict=True):
            if kind == "j":
                parts.append(_encode(values).encode())
                continue
            if kind in _CHECKED and not _PACKS[kind].issuperset(map(type, values)):
                raise TypeError(f"a value of column {kind!r} is not of its type")
            parts.append(array("b" if kind == "?" else kind, values).tobytes())
    except (TypeError, OverflowError, ValueError):
        return _encode(dict(zip(players, rows, strict=True)))
    return struct.pack(f"<{len(parts)}I", *map(len, parts)) + b"".join(parts)


_PACKS: dict[str, frozenset[type]] = {
    "i": frozenset({int}),
    "q": frozenset({int}),
    "d": frozenset({float}),
    "?": frozenset({bool}),
}
"""The Python types each packed column holds exactly (an int in a float column would come back a float)."""

_CHECKED = frozenset("d?")
"""The columns whose types :func:`array` does not check itself (it refuses a float or None as a whole
number, but takes an int as a float, and any int as a truth)."""


def _parts(value: bytes, count: int) -> list[bytes]:
    sizes = struct.unpack_from(f"<{count}I", value)
    at = 4 * count
    parts: list[bytes] = []
    for size in sizes:
        parts.append(value[at : at + size])
        at += size
    if at != len(value):
        raise ValueError("a run's states are not the length their parts say")
    return parts


def _column(kind: str, part: bytes) -> list[Any]:
    if kind == "j":
        values = json.loads(part)
        if not isinstance(values, list):
            raise ValueError("a column of states is not a list")
        return values
    packed = array("b" if kind == "?" else kind)
    packed.frombytes(part)
    return list(map(bool, packed)) if kind == "?" else packed.tolist()


def decode_states(value: bytes | str, codec: StateCodec) -> dict[str, Any]:
    """The player states :func:`encode_states` wrote."""
    make = codec.make
    if isinstance(value, str):
        return {p: make(row) for p, row in json.loads(value).items()}
    parts = _parts(value, len(codec.columns) + 1)
    players = json.loads(parts[0])
    columns = [_column(kind, part) for kind, part in zip(codec.columns, parts[1:], strict=True)]
    return dict(zip(players, map(_exact(codec), zip(*columns, strict=True)), strict=True))


def _exact(codec: StateCodec) -> Callable[[Iterable[Any]], Any]:
    """``codec.make`` for rows of exactly its columns: a named tuple's ``_make`` without its Python-level
    call and length check (the rows of a blob have one value a column), else ``make`` itself."""
    make = codec.make
    kind = getattr(make, "__self__", None)
    if (
        isinstance(kind, type)
        and issubclass(kind, tuple)
        and getattr(make, "__name__", "") == "_make"
        and len(getattr(kind, "_fields", ())) == len(codec.columns)
    ):
        return partial(tuple.__new__, kind)
    return make


def encode_groups(groups: Groups) -> str | None:
    """The groups a run could not rate, as JSON (None for none: most runs)."""
    return _encode(groups) if groups else None


def _groups(text: str | None) -> Groups:
    if not text:
        return ()
    groups = json.loads(text)
    if not isinstance(groups, list) or not all(
        isinstance(g, list) and all(isinstance(p, str) for p in g) for g in groups
    ):
        raise ValueError("the groups of a run are not lists of player ids")
    return tuple(tuple(group) for group in groups)


_decode_at = json.JSONDecoder().raw_decode


def player_state(value: bytes | str, player: str, codec: StateCodec) -> Any:
    """One player's state in what :func:`encode_states` wrote (None if he is not in it), decoding only his.

    The player's id is found as JSON writes it (a key of the JSON text; an item of the list of
    players), at C speed, and only his value of each packed column is read; an id JSON would write
    with a comma, quote or backslash in it is looked up by decoding the whole.
    """
    key = _encode(player)
    if any(c in key[1:-1] for c in ',"\\'):
        return decode_states(value, codec).get(player)
    if isinstance(value, str):
        at = value.find(key + ":")
        if at < 0:
            return None
        return codec.make(_decode_at(value, at + len(key) + 1)[0])
    parts = _parts(value, len(codec.columns) + 1)
    names = parts[0]
    wanted = key.encode()
    at = names.find(wanted + b",")
    if at < 0:
        at = names.find(wanted + b"]")
        if at < 0:
            return None
    index = names.count(b",", 0, at)  # the ids before his: no id holds a comma here
    fields: list[Any] = []
    for kind, part in zip(codec.columns, parts[1:], strict=True):
        if kind == "j":
            fields.append(json.loads(part)[index])
        else:
            size = struct.calcsize("b" if kind == "?" else kind)
            (one,) = struct.unpack_from("=" + ("?" if kind == "?" else kind), part, index * size)
            fields.append(one)
    return codec.make(fields)


def _digest(text: str) -> str:
    """The SHA-256 of a materialised list's text: what a kept printed text was printed from."""
    return hashlib.sha256(text.encode()).hexdigest()


def _plain_id(player: str) -> bool:
    """Whether JSON writes ``player`` with no comma, quote or backslash in it (:func:`player_state` finds it)."""
    return not any(c in _encode(player)[1:-1] for c in ',"\\')


def _blob_player_state(blob: sqlite3.Blob, player: str, codec: StateCodec) -> Any:
    """:func:`player_state` of the blob of states ``blob`` (a plain id: :func:`_plain_id`), reading only the
    blob's header, its list of players and the player's own values (a period's run is a megabyte)."""

    def read(at: int, size: int) -> bytes:
        blob.seek(at)
        part = blob.read(size)
        if len(part) != size:
            raise ValueError("a run's states are shorter than their parts say")
        return part

    count = len(codec.columns) + 1
    sizes = struct.unpack(f"<{count}I", read(0, 4 * count))
    if 4 * count + sum(sizes) != len(blob):
        raise ValueError("a run's states are not the length their parts say")
    names = read(4 * count, sizes[0])
    wanted = _encode(player).encode()
    at = names.find(wanted + b",")
    if at < 0:
        at = names.find(wanted + b"]")
        if at < 0:
            return None
    index = names.count(b",", 0, at)  # the ids before his: no id holds a comma here
    offset = 4 * count + sizes[0]
    fields: list[Any] = []
    for kind, size in zip(codec.columns, sizes[1:], strict=True):
        if kind == "j":
            fields.append(json.loads(read(offset, size))[index])
        else:
            code = "?" if kind == "?" else kind
            width = struct.calcsize(code)
            if (index + 1) * width > size:
                raise ValueError("a column of a run's states is shorter than its list of players")
            (one,) = struct.unpack("=" + code, read(offset + index * width, width))
            fields.append(one)
        offset += size
    return codec.make(fields)


_FIELD, _ROW = "\x1f", "\x1e"
"""ASCII unit and record separators: a month's games as text, when no field holds one."""


def encode_month(rows: Iterable[GameRow]) -> str:
    """The games of a month as text, in order: a record separator, then the rows joined by it,
    each row its fields joined by the unit separator. Joining costs a fifth of writing JSON, and a
    cold replay writes every game of the log. Fields that hold a separator (or are not text) make
    the month JSON instead, a list of rows."""
    rows = list(rows)
    try:
        text = _ROW.join(map(_FIELD.join, rows))
    except TypeError:
        return _encode(rows)
    if text.count(_FIELD) != (len(GameRow._fields) - 1) * len(rows) or text.count(_ROW) != max(len(rows) - 1, 0):
        return _encode(rows)
    return _ROW + text


def decode_month(text: str) -> list[GameRow]:
    """The games :func:`encode_month` wrote (each row of text has every field: it counted them)."""
    if not text.startswith(_ROW):
        return [GameRow(*g) for g in json.loads(text)]
    if text == _ROW:
        return []
    return list(map(_game_row, map(str.split, text[1:].split(_ROW), repeat(_FIELD))))


_COLUMNS: dict[str, dict[str, type]] = {
    "meta": {"key": str, "value": str},
    "players": {
        "player": str,
        "name": str,
        "country": str,
        "born": str,
        "starting_rating": int,
        "source": str,
        "rated_games": int,
        "sex": str,
        "title": str,
        "federation": str,
        "reported": str,
    },
    "player_corrections": {"position": int, "player": str, "reported": str, "changes": str},
    # The mark before the games: SQLite reads a column after a long text through all its pages.
    "months": {"month": str, "mark": str, "games": str},
    "amendments": {"position": int, "game": str, "kind": str, "reported": str, "changes": str},
    "amended": dict.fromkeys(GameRow._fields, str),
    "priors": {
        "position": int,
        "player": str,
        "system": str,
        "rating": float,
        "games": int,
        "status": str,
        "deviation": float,
        "volatility": float,
        "as_of": str,
        "reported": str,
    },
    "adjustments": {
        "position": int,
        "system": str,
        "player": str,
        "points": int,
        "on": str,
        "reason": str,
        "reported": str,
    },
    "markers": {"position": int, "player": str, "on": str, "inactive": int, "reported": str},
    "undos": {"position": int, "kind": str, "player": str, "target": int, "reported": str},
    "event_facts": {"position": int, "event": str, "kind": str, "reported": str, "changes": str},
    "merges": {"position": int, "player": str, "into": str, "reported": str, "merged": int},
    "unusable": {"position": int, "kind": str, "subject": str, "detail": str, "text": str, "open": int},
    "states": {"rules": str, "period": int, "last_month": str, "delta": bytes, "full": bytes, "unrated": str},
    "materialised": {"rules": str, "period": int, "last_month": str, "rows": int, "list": str},
    "superseded": {"rules": str, "period": int, "delta": bytes, "unrated": str},
    "superseded_players": {"rules": str, "players": str},
    "texts": {"rules": str, "period": int, "fmt": str, "last_month": str, "code": str, "source": str, "text": str},
}
"""Every table of the file and its columns, in order, as sqlite-utils creates them."""

_KEYS: dict[str, str | tuple[str, ...]] = {
    "meta": "key",
    "players": "player",
    "player_corrections": "position",
    "months": "month",
    "amendments": "position",
    "amended": "game",
    "priors": "position",
    "adjustments": "position",
    "markers": "position",
    "undos": "position",
    "event_facts": "position",
    "merges": "position",
    "unusable": "position",
    "states": ("rules", "period"),
    "materialised": ("rules", "period"),
    "superseded": ("rules", "period"),
    "superseded_players": "rules",
    "texts": ("rules", "period", "fmt"),
}
"""The primary key of each table."""


_TYPES = {str: "TEXT", int: "INTEGER", float: "REAL", bytes: "BLOB"}


def _create(table: str) -> str:
    """The ``CREATE TABLE`` of ``table``: its columns of :data:`_COLUMNS`, its key of :data:`_KEYS`."""
    key = _KEYS[table]
    lines = [
        f'"{name}" {_TYPES[kind]}'
        + (" PRIMARY KEY" if name == key else "")
        + (" NOT NULL" if (table, name) == ("states", "delta") else "")
        for name, kind in _COLUMNS[table].items()
    ]
    if isinstance(key, tuple):
        lines.append("PRIMARY KEY (" + ", ".join(f'"{name}"' for name in key) + ")")
    return f'CREATE TABLE "{table}" (\n   ' + ",\n   ".join(lines) + "\n)"


_UPSERT = {
    table: f'INSERT OR REPLACE INTO "{table}" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in columns)}) '
    f"VALUES ({', '.join('?' * len(columns))})"
    for table, columns in _COLUMNS.items()
}
"""The statement that writes a row of each table, in place of the row of its key if there is one."""


class Database:
    """The projections file's connection: its statements, and :meth:`atomic` blocks."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._savepoints = 0

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, parameters)

    def table_names(self) -> list[str]:
        return [row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """A block that writes all or nothing: a savepoint inside a transaction, else a transaction."""
        conn = self.conn
        if not conn.in_transaction:
            conn.execute("BEGIN")
            try:
                yield
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            else:
                try:
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            return
        self._savepoints += 1
        name = f"atomic_{self._savepoints}"
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            if conn.in_transaction:  # an error may have ended the whole transaction, savepoints and all
                conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                conn.execute(f"RELEASE SAVEPOINT {name}")
            raise
        else:
            conn.execute(f"RELEASE SAVEPOINT {name}")


class ProjectionCache:
    """The projections' SQLite file (``:memory:`` for a cold run that keeps nothing).

    Every read and write happens between :meth:`begin` (``BEGIN IMMEDIATE``:
    the writer's lock, waited for up to ``timeout`` seconds, else
    :class:`CacheBusyError`) and :meth:`commit` or :meth:`rollback`; the
    projector makes each query one such transaction. A file that cannot be
    opened, or whose layout is of a later version, raises :class:`CacheError`.
    """

    def __init__(self, path: str, timeout: float = LOCK_TIMEOUT, *, read_only: bool = False) -> None:
        self.path = path
        self.memory = path == ":memory:"
        self.timeout = timeout
        self.read_only = read_only
        """Opened to be read only (``ratings verify --cache``): :meth:`begin` takes a snapshot, no lock."""
        self._checked = False
        try:
            if read_only:
                uri = f"{Path(path).resolve().as_uri()}?mode=ro"
                conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
            else:
                conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise _classified(error, timeout) from error
        self.db = Database(conn)
        if not self.memory and not read_only:
            try:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.Error as error:
                conn.close()
                raise _classified(error, timeout) from error

    def begin(self) -> None:
        """Begin a transaction holding the writer's lock; the first one checks (or lays out) the file."""
        try:
            self.db.conn.execute("BEGIN" if self.read_only else "BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _classified(error, self.timeout) from error
        if not self._checked:
            found = self._meta("format")
            if found != FORMAT:
                if self.read_only:
                    raise CacheError(f"its layout is {found}, not this version's {FORMAT}")
                if found is not None and found.isdigit() and int(found) > int(FORMAT):
                    raise CacheError(f"its layout {found} is of a later version (this one reads layout {FORMAT})")
                self.reset()
            self._check_layout()
            if not self.read_only:
                self.db.execute(_PRIORS_INDEX)  # (a file of this layout made before the index)
            self._checked = True

    @_guarded
    def _check_layout(self) -> None:
        """Refuse a file whose tables are not laid out as :data:`_COLUMNS` says (a table dropped, a column
        dropped or added): a query reads only the tables it needs, so damage to the others is found here."""
        found: dict[str, list[str]] = {}
        for table, column in self.db.execute(
            "SELECT m.name, p.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p "
            "WHERE m.type = 'table' ORDER BY m.name, p.cid"
        ):
            found.setdefault(table, []).append(column)
        for table, columns in _COLUMNS.items():
            if found.get(table) != list(columns):
                raise CacheError(f"its table {table} is not laid out as this version lays it out")

    def commit(self) -> None:
        """End the transaction, keeping what it wrote."""
        try:
            if self.db.conn.in_transaction:
                self.db.conn.execute("COMMIT")
        except sqlite3.Error as error:
            self.rollback()
            raise CacheUnwritableError(str(error)) from error

    def rollback(self) -> None:
        """End the transaction, undoing what it wrote."""
        try:
            if self.db.conn.in_transaction:
                self.db.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite rolled it back itself (an I/O error, a full disk)

    def close(self) -> None:
        """Close the file; a transaction still open is rolled back."""
        self.rollback()
        self.db.conn.close()

    # --- housekeeping --------------------------------------------------------

    @_guarded
    def _meta(self, key: str) -> str | None:
        if "meta" not in self.db.table_names():
            return None
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def _upsert(self, table: str, rows: Iterable[Sequence[Any]]) -> None:
        """Write ``rows`` (each the values of the table's columns, in order) into ``table``, each in place of
        the row of its key if there is one."""
        self.db.conn.executemany(_UPSERT[table], rows)

    def _set_meta(self, **values: str) -> None:
        self._upsert("meta", values.items())

    @_guarded
    def reset(self) -> None:
        """Drop everything and start an empty cache (in the open transaction)."""
        with self.db.atomic():
            for name in self.db.table_names():
                self.db.execute(f'DROP TABLE "{name}"')
            for table in _COLUMNS:
                self.db.execute(_create(table))
            self.db.execute(_PRIORS_INDEX)
            self._set_meta(format=FORMAT, position="0", chain="")

    @_guarded
    def position(self) -> int:
        """The log position folded so far."""
        return int(self._meta("position") or 0)

    @_guarded
    def chain(self) -> bytes | None:
        """The log's hash chain at :meth:`position`, as the fold computed it (None for an empty cache)."""
        text = self._meta("chain") or ""
        return bytes.fromhex(text) if text else None

    # --- facts -------------------------------------------------------------

    @_guarded
    def load_facts(self, loader: Callable[[Facts, str], None] | None = None) -> Facts:
        """The cached facts; games are read a month at a time, when asked for, and the groups of
        :data:`~projections.facts.LAZY` (registrations, amendments, priors, markers) when first read, through
        ``loader`` (which calls :meth:`load_group` in a transaction on this file as it stood when the facts were
        loaded); without one, every group is read now."""
        facts = Facts(position=self.position())
        execute = self.db.execute
        with paused():
            facts.adjustments = [
                Adjustment._make(row)
                for row in execute(
                    'SELECT position, system, player, points, "on", reason, reported FROM adjustments ORDER BY position'
                )
            ]
            facts.undos = list(
                map(Undo._make, execute("SELECT position, kind, player, target, reported FROM undos ORDER BY position"))
            )
            facts.event_facts = [
                EventFact(position, event, kind, reported, tuple(map(tuple, json.loads(changes))))
                for position, event, kind, reported, changes in execute(
                    "SELECT position, event, kind, reported, changes FROM event_facts ORDER BY position"
                )
            ]
            facts.merges = [
                Merge(position, player, into, reported, bool(merged))
                for position, player, into, reported, merged in execute(
                    'SELECT position, player, "into", reported, merged FROM merges ORDER BY position'
                )
            ]
            withheld.load(facts, execute("SELECT position, kind, subject, detail, text, open FROM unusable"))
            for month, mark in execute("SELECT month, mark FROM months"):
                facts.stored_months.add(month)
                if mark:
                    facts.marks[month] = mark
            meta = dict(execute("SELECT key, value FROM meta WHERE key IN ('first_month', 'last_month')").fetchall())
            if len(meta) == 2:
                facts.span = (meta["first_month"] or None, meta["last_month"] or None)
        facts.load_month = self.month
        if loader is None:
            for group in sorted(set(LAZY.values())):
                self.load_group(facts, group)
        else:
            for name in LAZY:
                del facts.__dict__[name]
            facts.loader = loader
        return facts

    @_guarded
    def load_group(self, facts: Facts, group: str) -> None:
        """Set the attributes of one group of :data:`~projections.facts.LAZY` in ``facts`` from this file."""
        execute = self.db.execute
        with paused():
            if group == "players":
                rows = execute(
                    "SELECT player, name, country, born, starting_rating, source, rated_games, sex, title, federation, "
                    "reported FROM players"
                ).fetchall()
                players = list(map(itemgetter(0), rows))
                registrations = list(map(_registration, map(itemgetter(slice(_REGISTERED)), rows)))
                current = dict(zip(players, registrations, strict=True))
                corrections: dict[str, list[PlayerCorrection]] = {}
                for position, player, reported, changes in execute(
                    "SELECT position, player, reported, changes FROM player_corrections ORDER BY position"
                ):
                    correction = PlayerCorrection(position, player, reported, tuple(map(tuple, json.loads(changes))))
                    corrections.setdefault(player, []).append(correction)
                    current[player] = current[player]._replace(**dict(correction.changes))
                facts.__dict__.update(
                    registrations=dict(zip(players, registrations, strict=True)),
                    players=current,
                    registered_on=dict(zip(players, map(itemgetter(_REGISTERED), rows), strict=True)),
                    player_corrections=corrections,
                )
            elif group == "amendments":
                rows = execute(
                    "SELECT game, white, black, result, finished, forfeit, reported, tournament, time_control, "
                    "event, mode FROM amended"
                ).fetchall()
                amended = dict(zip(map(itemgetter(0), rows), map(_game_row, rows), strict=True))
                rows = execute(
                    "SELECT position, game, kind, reported, changes FROM amendments ORDER BY position"
                ).fetchall()
                # Every amendment's changes in one parse: each is a JSON list, so together they are one.
                changes = json.loads("[" + ",".join(map(itemgetter(4), rows)) + "]")
                amendments: dict[str, list[Amendment]] = {}
                for (position, game, kind, reported, _), changed in zip(rows, changes, strict=True):
                    amendment = _amendment((position, game, kind, reported, tuple(map(tuple, changed))))
                    if game in amendments:
                        amendments[game].append(amendment)
                    else:
                        amendments[game] = [amendment]
                facts.__dict__.update(amended=amended, amendments=amendments)
            elif group == "markers":
                markers: dict[str, list[Marker]] = {}
                for position, player, on, inactive, reported in execute(
                    'SELECT position, player, "on", inactive, reported FROM markers ORDER BY position'
                ):
                    markers.setdefault(player, []).append(Marker(position, on, bool(inactive), reported))
                facts.__dict__["markers"] = markers
            elif group == "priors":
                priors: dict[str, list[Prior]] = {}
                for prior in map(_prior, execute(f"{_PRIORS} ORDER BY position")):
                    if prior.player in priors:
                        priors[prior.player].append(prior)
                    else:
                        priors[prior.player] = [prior]
                facts.__dict__["priors"] = priors
            else:
                raise ValueError(f"no group of facts {group!r}")

    @_guarded
    def fetch(self, group: str, player: str) -> list[Any]:
        """One player's rows of a group of :data:`~projections.facts.LAZY` (``priors``), in log order."""
        if group != "priors":
            raise ValueError(f"no rows of one player in the group {group!r}")
        return list(map(_prior, self.db.execute(f"{_PRIORS} WHERE player = ? ORDER BY position", [player])))

    @_guarded
    def month(self, month: str) -> list[GameRow]:
        row = self.db.execute("SELECT games FROM months WHERE month = ?", [month]).fetchone()
        if row is None:
            return []
        with paused():
            return decode_month(row[0])

    @_guarded
    def months(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT month FROM months ORDER BY month")]

    @_guarded
    def store_facts(self, facts: Facts, earliest: str | None, chain: bytes) -> None:
        """Write what :meth:`Facts.fold` added, and forget every period from ``earliest`` on."""
        facts.mark_months(facts.changed_months)
        upsert = self._upsert
        with self.db.atomic():
            if facts.new_players:
                upsert("players", ((*reg, reported) for reg, reported in facts.new_players))
            if facts.new_player_corrections:
                upsert("player_corrections", ((*c[:3], _encode(c.changes)) for c in facts.new_player_corrections))
            if facts.new_amended:
                upsert("amended", facts.new_amended)
            if facts.new_amendments:
                upsert("amendments", ((*a[:4], _encode(a.changes)) for a in facts.new_amendments))
            if facts.new_adjustments:
                upsert("adjustments", facts.new_adjustments)
            if facts.new_priors:
                upsert("priors", facts.new_priors)
            if facts.new_undos:
                upsert("undos", facts.new_undos)
            if facts.new_event_facts:
                upsert("event_facts", ((*f[:4], _encode(f.changes)) for f in facts.new_event_facts))
            if facts.new_merges:
                upsert("merges", ((*m[:4], int(m.merged)) for m in facts.new_merges))
            if facts.withheld_changed:  # the facts a replay cannot use (projections.withheld), few
                self.db.execute("DELETE FROM unusable")
                upsert("unusable", ((*w[:5], int(w.open)) for w in facts.withheld.values()))
            if facts.new_markers:
                upsert(
                    "markers",
                    ((m.position, p, m.on, int(m.inactive), m.reported) for p, m in facts.new_markers),
                )
            if facts.changed_months:
                upsert(
                    "months",
                    ((m, facts.marks.get(m), encode_month(facts.months[m])) for m in sorted(facts.changed_months)),
                )
            if earliest is not None:
                self._supersede(earliest, facts.touched)
                for table in ("states", "materialised", "texts"):
                    self.db.execute(f"DELETE FROM {table} WHERE last_month >= ?", [earliest])
            facts.touched.clear()
            span = (facts.first_month(), facts.last_month())
            self._set_meta(
                position=str(facts.position), chain=chain.hex(), first_month=span[0] or "", last_month=span[1] or ""
            )
        facts.span = span
        facts.span_months.clear()
        facts.changed_months.clear()
        facts.withheld_changed = False
        for pending in (
            facts.new_players,
            facts.new_player_corrections,
            facts.new_amended,
            facts.new_amendments,
            facts.new_markers,
            facts.new_priors,
            facts.new_adjustments,
            facts.new_undos,
            facts.new_event_facts,
            facts.new_merges,
        ):
            pending.clear()

    # --- states ------------------------------------------------------------

    @_guarded
    def _supersede(self, earliest: str, touched: set[str]) -> None:
        """Keep the runs that new facts from month ``earliest`` on make stale, with the players the facts
        touched, so that the next replay re-rates only the players they can reach (:meth:`superseded`).

        A period already superseded keeps its older run, and the players touched since add up: each
        superseded run stays the run of the facts before every touch not yet replayed.
        """
        rules = [r[0] for r in self.db.execute("SELECT DISTINCT rules FROM states WHERE last_month >= ?", [earliest])]
        self.db.execute(
            "INSERT OR IGNORE INTO superseded (rules, period, delta, unrated) "
            "SELECT rules, period, delta, unrated FROM states WHERE last_month >= ?",
            [earliest],
        )
        known = dict(self.db.execute("SELECT rules, players FROM superseded_players").fetchall())
        for name in set(rules) | set(known):
            players = set(json.loads(known[name])) if name in known else set()
            self._upsert("superseded_players", [(name, _encode(sorted(players | touched)))])

    @_guarded
    def superseded(
        self, rules: str, codec: StateCodec, *, runs: bool = True
    ) -> tuple[set[str], dict[int, tuple[dict[str, Any], Groups]]] | None:
        """The players touched since the superseded runs of ``rules`` were made, and (with ``runs``) those
        runs by period (the players each changed, the groups it could not rate); None when ``rules`` has none."""
        row = self.db.execute("SELECT players FROM superseded_players WHERE rules = ?", [rules]).fetchone()
        if row is None:
            return None
        if not runs:
            return set(json.loads(row[0])), {}
        with paused():
            by_period = {
                period: (decode_states(delta, codec), _groups(unrated))
                for period, delta, unrated in self.db.execute(
                    "SELECT period, delta, unrated FROM superseded WHERE rules = ? ORDER BY period", [rules]
                )
            }
        return set(json.loads(row[0])), by_period

    @_guarded
    def forget_superseded(self, rules: str) -> None:
        """Drop the superseded runs of ``rules`` (a replay has used them, or cannot)."""
        with self.db.atomic():
            self.db.execute("DELETE FROM superseded WHERE rules = ?", [rules])
            self.db.execute("DELETE FROM superseded_players WHERE rules = ?", [rules])

    @_guarded
    def latest_state(self, rules: str, upto: int, codec: StateCodec) -> tuple[int, dict[str, Any]] | None:
        """The last cached period ≤ ``upto`` and the whole state after its run."""
        full = self.db.execute(
            "SELECT period, full FROM states WHERE rules = ? AND period <= ? AND full IS NOT NULL "
            "ORDER BY period DESC LIMIT 1",
            [rules, upto],
        ).fetchone()
        if full is None:
            return None
        period, text = full
        with paused():
            states = decode_states(text, codec)
            for later, delta in self.db.execute(
                "SELECT period, delta FROM states WHERE rules = ? AND period > ? AND period <= ? ORDER BY period",
                [rules, period, upto],
            ):
                states.update(decode_states(delta, codec))
                period = later
        return period, states

    @_guarded
    def unrated(self, rules: str, period: int) -> Groups | None:
        """The groups the cached run of ``period`` could not rate (kept with the run); None if not cached."""
        row = self.db.execute("SELECT unrated FROM states WHERE rules = ? AND period = ?", [rules, period]).fetchone()
        return None if row is None else _groups(row[0])

    @_guarded
    def save_states(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Keep the runs of some periods: mappings of rules, period, last_month, delta, full, unrated
        (:func:`encode_groups`)."""
        with self.db.atomic():
            self._upsert("states", map(itemgetter(*_COLUMNS["states"]), rows))

    @_guarded
    def delta(self, rules: str, period: int, codec: StateCodec) -> dict[str, Any] | None:
        """The players the cached run of one period of ``rules`` changed (None: that run is not cached)."""
        row = self.db.execute("SELECT delta FROM states WHERE rules = ? AND period = ?", [rules, period]).fetchone()
        return None if row is None else decode_states(row[0], codec)

    @_guarded
    def deltas(self, rules: str, codec: StateCodec) -> list[tuple[int, dict[str, Any]]]:
        """Every cached period of ``rules`` and the players its run changed."""
        return [
            (period, decode_states(delta, codec))
            for period, delta in self.db.execute(
                "SELECT period, delta FROM states WHERE rules = ? ORDER BY period", [rules]
            )
        ]

    @_guarded
    def player_states(self, rules: str, player: str, upto: int, codec: StateCodec) -> list[tuple[int, Any]]:
        """Every cached period of ``rules`` up to ``upto`` whose run changed ``player``, with his state after it.

        Only his own state is decoded from each period's run (:func:`player_state`): ``history`` reads
        a player's states, not every player's.
        """
        found: list[tuple[int, Any]] = []
        conn = self.db.conn
        rows = conn.execute(
            "SELECT rowid, period, typeof(delta) FROM states WHERE rules = ? AND period <= ? ORDER BY period",
            [rules, upto],
        ).fetchall()
        for rowid, period, kind in rows:
            if kind == "blob" and _plain_id(player):  # only the parts that name him are read
                with conn.blobopen("states", "delta", rowid, readonly=True) as blob:
                    state = _blob_player_state(blob, player, codec)
            else:
                (delta,) = conn.execute("SELECT delta FROM states WHERE rowid = ?", [rowid]).fetchone()
                state = player_state(delta, player, codec)
            if state is not None:
                found.append((period, state))
        return found

    # --- lists -------------------------------------------------------------

    @_guarded
    def rating_list(self, rules: str, period: int, keys: tuple[str, ...]) -> list[dict[str, Any]] | None:
        """The materialised list of ``rules`` and ``period``, if it is still valid."""
        row = self.db.execute(
            "SELECT list FROM materialised WHERE rules = ? AND period = ?", [rules, period]
        ).fetchone()
        if row is None:
            return None
        with paused():
            values = json.loads(row[0])
            if any(len(v) != len(keys) for v in values):
                raise ValueError(f"a materialised row of {rules} period {period} does not have the keys {keys}")
            return list(map(dict, map(zip, repeat(keys), values)))

    @_guarded
    def save_list(
        self, rules: str, period: int, last_month: str, rows: list[dict[str, Any]], keys: tuple[str, ...]
    ) -> None:
        """Keep a list's rows (the values of ``keys``, :func:`projections.systems.list_keys`)."""
        values = itemgetter(*keys) if len(keys) > 1 else lambda row: (row[keys[0]],)
        with paused():
            text = _encode(list(map(values, rows)))  # each row's values a tuple, which JSON writes as a list
        with self.db.atomic():
            self._upsert("materialised", [(rules, period, last_month, len(rows), text)])
            self.db.execute("DELETE FROM texts WHERE rules = ? AND period = ?", [rules, period])

    @_guarded
    def list_text(self, rules: str, period: int, fmt: str, code: str) -> str | None:
        """The text of the materialised list of ``rules`` and ``period`` as printed in ``fmt`` by the code
        ``code`` names (:meth:`save_text`), if it is kept; None else."""
        row = self.db.execute(
            "SELECT t.text, t.source, m.list FROM texts AS t JOIN materialised AS m USING (rules, period) "
            "WHERE t.rules = ? AND t.period = ? AND t.fmt = ? AND t.code = ?",
            [rules, period, fmt, code],
        ).fetchone()
        if row is None:
            return None
        text, source, kept = row
        if not isinstance(text, str) or not isinstance(kept, str):
            raise ValueError(f"the text of the list of {rules} period {period} is not text")
        # Printed from the list the file holds now (a list edited in the file since is printed anew, as edited).
        return text if source == _digest(kept) else None

    @_guarded
    def save_text(self, rules: str, period: int, last_month: str, fmt: str, code: str, text: str) -> None:
        """Keep the text of the materialised list of ``rules`` and ``period`` as printed in ``fmt`` by the code
        ``code`` names (a digest of the printing code: text printed by other code is never read back), with
        the digest of the list it was printed from (:meth:`list_text` reads it back only for that list); it is
        forgotten with the list. Nothing is kept for a list not materialised."""
        row = self.db.execute(
            "SELECT list FROM materialised WHERE rules = ? AND period = ?", [rules, period]
        ).fetchone()
        if row is None:
            return
        with self.db.atomic():
            self._upsert("texts", [(rules, period, fmt, last_month, code, _digest(row[0]), text)])
