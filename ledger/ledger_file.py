"""The ledger file: recognisably ours, created only on purpose, read without writing.

**The mark.** A ledger is a SQLite file whose header says so: ``PRAGMA
application_id`` is :data:`APPLICATION_ID` (the ASCII of ``RTLG``) and
``PRAGMA user_version`` is the format, :data:`FORMAT`. Its tables are ours
only: ``stored_events`` (eventsourcing's, the log) and ``log_chain`` (the
chain's witness, :mod:`ledger.chain`); SQLite's own ``sqlite_*`` tables aside.

Choices made here:

- A ledger made before the mark existed (application_id 0, user_version 0,
  tables ``stored_events`` and perhaps ``log_chain``, nothing else) is
  *adopted*: every command accepts it, and the first fact recorded in it
  marks it, in the same transaction as the fact (:class:`ledger.store.LedgerRecorder`).
  Any other file without the mark is refused, and nothing is written to it.
- An empty (0-byte) file is not a ledger: ``ratings init`` makes one.
- A ledger of a newer format than :data:`FORMAT` is refused, naming both.

**Reading without writing.** :func:`open_read_only` opens the file with
``?mode=ro``, so a read command never creates a file, a table, or switches a
journal mode. A ledger in WAL mode (eventsourcing's) cannot be opened so in a
folder the reader may not write to when SQLite's ``-shm`` file is absent
(SQLite needs it to share the WAL index): then the file is opened
``immutable=1``, which is exact when no one else is writing (nobody can
checkpoint into a read-only folder either); a pending ``-wal`` file that
holds data is refused rather than ignored.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from ledger import damage
from ledger.errors import DamagedLedgerError, LedgerExistsError, LedgerFileError, NoLedgerError, NotALedgerError
from ledger.outputs import written_new

APPLICATION_ID = 0x52544C47
"""``PRAGMA application_id`` of a rating ledger: the ASCII of ``RTLG``."""

FORMAT = 1
"""``PRAGMA user_version`` of a rating ledger: the format of its tables."""

EVENTS_TABLE = "stored_events"
WITNESS_TABLE = "log_chain"
OUR_TABLES = frozenset({EVENTS_TABLE, WITNESS_TABLE})
"""The tables a ledger may hold (besides SQLite's own ``sqlite_*``)."""

EVENT_COLUMNS = ("originator_id", "originator_version", "topic", "state")

CREATE_EVENTS = (
    f"CREATE TABLE {EVENTS_TABLE} (originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, "
    "PRIMARY KEY (originator_id, originator_version))"
)
"""The log's table, as eventsourcing's ``SQLiteApplicationRecorder`` creates it."""

MARK_STATEMENTS = (f"PRAGMA application_id = {APPLICATION_ID}", f"PRAGMA user_version = {FORMAT}")
"""What marks a file as a ledger; transactional, so they commit with the first fact of an adopted ledger."""

_SQLITE_HEADER = b"SQLite format 3\x00"


class ReadOnlyConnection(sqlite3.Connection):
    """A connection of :func:`open_read_only`: ``immutable`` when the file was opened ``immutable=1``."""

    immutable = False

    def integrity_problems(self) -> tuple[str, ...]:
        """SQLite's own check of the whole file (its pages, every index against its table): the problems found."""
        try:
            found = tuple(str(row[0]) for row in self.execute("PRAGMA integrity_check"))
        except sqlite3.DatabaseError as error:  # so damaged that the check itself stops
            return (str(error),)
        return () if found == ("ok",) else found


@dataclass(frozen=True)
class LedgerInfo:
    """What :func:`inspect` found: a ledger, marked or adopted, and how it was opened."""

    path: str
    marked: bool
    """False: a ledger made before the mark, to be marked by its first recorded fact."""
    immutable: bool
    """Opened ``immutable=1`` (its folder is read-only): nothing can be written to it from here."""
    first_position: int | None
    """The lowest rowid of ``stored_events`` (None when empty): at or below 0, a row the chain does not cover."""


def init_command(path: str) -> str:
    """``ratings init PATH`` as the user would type it."""
    return f"ratings init {shlex.quote(path)}"


def _uri(path: str, *options: str) -> str:
    return Path(path).resolve().as_uri() + "?" + "&".join(options)


def _folder(path: str) -> Path:
    return Path(path).resolve().parent


def _folder_writable(path: str) -> bool:
    return os.access(_folder(path), os.W_OK)


def _precheck(path: str) -> None:
    """Refuse what is plainly not a ledger file, before SQLite sees it."""
    file = Path(path)
    if not file.exists():
        if file.is_symlink():
            raise NoLedgerError(f"no ledger at {path}: it is a link to a missing file")
        raise NoLedgerError(f"no ledger at {path}: create one with `{init_command(path)}`")
    if file.is_dir():
        raise NotALedgerError(f"{path} is a folder, not a ledger file: name the ledger file with --db")
    if not file.is_file():
        raise NotALedgerError(f"{path} is not a ledger file: it is not a regular file")
    # The file is not opened here: closing any descriptor of a file drops every POSIX lock the process holds on
    # it, SQLite's included, and a WAL ledger's last-connection check then lets another process checkpoint and
    # delete the write-ahead log under this one's open connections (seen with four writers). Its header is read
    # only once SQLite has refused it (:func:`_not_sqlite`).
    try:
        size = file.stat().st_size
    except OSError as error:
        raise LedgerFileError(f"cannot read the ledger {path}: {error.strerror or error}") from None
    if size == 0:
        raise NotALedgerError(f"{path} is not a rating ledger: it is an empty file (`{init_command(path)}` makes one)")
    if not os.access(path, os.R_OK):
        raise LedgerFileError(f"cannot read the ledger {path}: Permission denied")


def _not_sqlite(path: str) -> bool:
    """Whether the file at ``path``, which SQLite has refused, lacks SQLite's header."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER
    except OSError:
        return False


def open_read_only(path: str) -> ReadOnlyConnection:
    """A read-only connection to the ledger file at ``path``, which must be a SQLite file.

    Never creates or changes a file; see the module's notes on WAL in a read-only folder.
    """
    _precheck(path)
    try:
        return _connect_read_only(path)
    except sqlite3.Error as error:
        if getattr(error, "sqlite_errorname", "") == "SQLITE_NOTADB":
            if _not_sqlite(path):
                raise NotALedgerError(f"{path} is not a rating ledger: it is not a SQLite file") from None
            raise NotALedgerError(f"{path} is not a rating ledger: SQLite cannot read it ({error})") from None
        if getattr(error, "sqlite_errorname", "").startswith("SQLITE_CORRUPT"):
            raise DamagedLedgerError(
                f"{path} is damaged: SQLite cannot read it ({error}); restore a backup", path, f"SQLite: {error}"
            ) from None
        if getattr(error, "sqlite_errorname", "") != "SQLITE_CANTOPEN" or _folder_writable(path):
            raise LedgerFileError(f"cannot read the ledger {path}: {error}") from None
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise LedgerFileError(
            f"cannot read the ledger {path}: its folder is read-only and its write-ahead log {wal.name} holds "
            "changes SQLite cannot read without writing beside it; open it once where it can be written"
        )
    try:
        conn = sqlite3.connect(
            _uri(path, "mode=ro", "immutable=1"), uri=True, isolation_level=None, factory=ReadOnlyConnection
        )
        conn.execute("PRAGMA schema_version").fetchone()
        conn.immutable = True
    except sqlite3.Error as error:
        raise LedgerFileError(f"cannot read the ledger {path}: {error}") from None
    return conn


def _connect_read_only(path: str) -> ReadOnlyConnection:
    """A ``mode=ro`` connection, its file (and WAL) opened for real."""
    conn = sqlite3.connect(_uri(path, "mode=ro"), uri=True, isolation_level=None, factory=ReadOnlyConnection)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def _tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    )
    return [str(row[0]) for row in rows]


def _holding(tables: list[str]) -> str:
    if not tables:
        return "holds no tables"
    shown = ", ".join(tables[:6]) + (f" and {len(tables) - 6} more" if len(tables) > 6 else "")
    return f"holds table{'s' if len(tables) > 1 else ''} {shown}"


def inspect(path: str, conn: sqlite3.Connection) -> LedgerInfo:
    """The ledger at ``path`` (opened as ``conn``), or a :class:`NotALedgerError` naming what the file is."""
    try:
        application_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = _tables(conn)
    except sqlite3.Error as error:
        raise NotALedgerError(f"{path} is not a rating ledger: SQLite cannot read it ({error})") from None
    foreign = [t for t in tables if t not in OUR_TABLES]
    if application_id == APPLICATION_ID:
        if version > FORMAT:
            raise NotALedgerError(
                f"{path} is a rating ledger of format {version}, newer than this program reads "
                f"(format {FORMAT}): upgrade ratings"
            )
        if version < 1:
            raise NotALedgerError(
                f"{path} is not a rating ledger: it has the ledger mark but no format (user_version 0)"
            )
        if foreign:
            raise NotALedgerError(
                f"{path} is not a rating ledger: besides the ledger's tables it {_holding(foreign)} "
                "(another application's)"
            )
        if EVENTS_TABLE not in tables:
            raise NotALedgerError(
                f"{path} is a damaged rating ledger: it has the ledger mark but no {EVENTS_TABLE} table"
            )
    elif application_id != 0:
        raise NotALedgerError(
            f"{path} is not a rating ledger: it is another application's SQLite file "
            f"(application_id {application_id:#010x}) and {_holding(tables)}"
        )
    elif foreign or EVENTS_TABLE not in tables or version != 0:
        extra = f", user_version {version}" if version else ""
        raise NotALedgerError(
            f"{path} is not a rating ledger: it has no ledger mark (application_id 0{extra}) and {_holding(tables)}"
        )
    columns = tuple(str(row[1]) for row in conn.execute(f"PRAGMA table_info({EVENTS_TABLE})"))
    if columns != EVENT_COLUMNS:
        raise NotALedgerError(
            f"{path} is not a rating ledger: its {EVENTS_TABLE} table has columns {', '.join(columns)}, "
            f"not {', '.join(EVENT_COLUMNS)}"
        )
    try:
        first = conn.execute(f"SELECT min(rowid) FROM {EVENTS_TABLE}").fetchone()[0]
    except sqlite3.Error:
        raise NotALedgerError(
            f"{path} is not a rating ledger: its {EVENTS_TABLE} table has no positions (a table WITHOUT ROWID)"
        ) from None
    immutable = isinstance(conn, ReadOnlyConnection) and conn.immutable
    return LedgerInfo(path, application_id == APPLICATION_ID, immutable, None if first is None else int(first))


def check(path: str) -> LedgerInfo:
    """The ledger at ``path``, checked without writing; a typed refusal when there is none there."""
    with closing(open_read_only(path)) as conn:
        info = inspect(path, conn)
    return info


def write_problem(path: str) -> str | None:
    """Why the ledger at ``path`` cannot be written from here, in a few words; None when it can."""
    if not os.access(path, os.W_OK):
        return "the file is read-only"
    if not _folder_writable(path):
        return f"its folder {_folder(path)} is read-only"
    return None


def create(path: str) -> None:
    """Create a new, empty, marked ledger at ``path``; :class:`LedgerExistsError` if anything is there."""
    file = Path(path)
    try:
        with open(file, "xb"):  # claims the name: no other process can create it meanwhile
            pass
    except FileExistsError:
        what = "a folder" if file.is_dir() else "a file"
        raise LedgerExistsError(f"{path} already exists ({what}): `ratings init` creates a new ledger only") from None
    except FileNotFoundError:
        raise LedgerFileError(f"cannot create {path}: the folder {file.parent} does not exist") from None
    except OSError as error:
        raise LedgerFileError(f"cannot create {path}: {error.strerror or error}") from None
    try:
        with closing(sqlite3.connect(_uri(path, "mode=rw"), uri=True, isolation_level=None)) as conn:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in (*MARK_STATEMENTS, CREATE_EVENTS):
                conn.execute(statement)
            conn.execute("COMMIT")
    except BaseException:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise
    damage.cleared(path)  # a stale damage mark of a ledger that was here before


def _sqlite_cause(error: BaseException) -> tuple[str, str]:
    """The SQLite error behind a store error (eventsourcing's wraps it): its name and its text."""
    cause: BaseException | None = error
    while cause is not None and not isinstance(cause, sqlite3.Error):
        cause = cause.__cause__
    name = getattr(cause, "sqlite_errorname", "") if cause is not None else ""
    return name, str(cause if cause is not None else error)


def damage_of(error: BaseException) -> str | None:
    """What SQLite said, when a store error says the file is damaged (:mod:`ledger.damage`); None otherwise."""
    name, text = _sqlite_cause(error)
    return text if name.startswith("SQLITE_CORRUPT") or "malformed" in text else None


def describe_store_error(error: BaseException, path: str | None) -> str:
    """A store error (SQLite's, or eventsourcing's wrapping it) as what it is, for the user."""
    name, text = _sqlite_cause(error)
    where = f"the ledger {path}" if path else "the ledger file"
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return f"the disk is full: nothing more could be written to {where} (SQLite: {text})"
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return f"{where} is read-only: nothing was recorded (SQLite: {text})"
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return f"a disk I/O error on {where} (SQLite: {text}); check the disk, then `ratings verify`"
    if name.startswith("SQLITE_CORRUPT") or "malformed" in text:
        return f"{where} is damaged (SQLite: {text}): `ratings verify` says where; restore a backup"
    if name.startswith("SQLITE_BUSY") or "locked" in text:
        return f"{where} is locked by another process (SQLite: {text}): try again"
    return f"{where}: {text}"


BACKUP_STEP = 4096
"""The pages a backup with progress copies at a time (16 MiB of 4 KiB pages)."""


def backup(path: str, dest: str, progress: Callable[[int, int], None] | None = None) -> int:
    """Copy the ledger at ``path`` to the new file ``dest`` with SQLite's backup API: a consistent copy
    (one snapshot, the write-ahead log included), which a plain ``cp`` beside a ``-wal`` file is not.

    Works on a read-only ledger; refuses an existing ``dest``. The copy is made under a hidden temporary name
    beside ``dest``, checked (SQLite's ``quick_check``, and a ledger), and only then given its name, never
    replacing a file made there meanwhile (:func:`ledger.outputs.written_new`): a failed or killed
    backup leaves nothing at ``dest``. The number of events copied. With ``progress`` (told the pages copied,
    of how many), the pages are copied :data:`BACKUP_STEP` at a time (SQLite starts again if the ledger is
    written meanwhile: the copy is still one snapshot).
    """
    with closing(open_read_only(path)) as source:
        inspect(path, source)
        target = Path(dest)
        if target.exists() or target.is_symlink():
            what = "a folder" if target.is_dir() else "a file" if target.exists() else "a link to a missing file"
            raise LedgerExistsError(f"{dest} already exists ({what}): the backup writes a new file")
        if not target.absolute().parent.is_dir():
            raise LedgerFileError(f"cannot write the backup {dest}: the folder {target.parent} does not exist")
        try:
            with written_new(target) as temp, closing(sqlite3.connect(_uri(str(temp), "mode=rwc"), uri=True)) as copy:
                if progress is None:
                    source.backup(copy)
                else:
                    told = progress
                    source.backup(copy, pages=BACKUP_STEP, progress=lambda _, left, total: told(total - left, total))
                checked = str(copy.execute("PRAGMA quick_check").fetchone()[0])
                if checked != "ok":
                    raise LedgerFileError(f"the backup {dest} did not pass SQLite's check ({checked}): it was removed")
                inspect(dest, copy)
                events = int(copy.execute(f"SELECT count(*) FROM {EVENTS_TABLE}").fetchone()[0])
        except (FileNotFoundError, PermissionError) as error:
            raise LedgerFileError(f"cannot write the backup {dest}: {error.strerror or error}") from None
    return events
