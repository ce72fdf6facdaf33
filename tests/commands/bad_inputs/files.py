"""Bad inputs of issue 10 §2: where the ledger is, and what it is.

A missing ledger for every command that reads or records one; files that are
not rating ledgers (garbage, empty, a folder, another application's SQLite
file, a ledger of a newer format, a ledger with a row outside the hash chain);
``init`` and ``backup`` onto paths that exist or cannot be written; a
``--cache-dir`` that is not a folder. The binary files are built here, once,
with ``sqlite3`` (and the ledger's own :meth:`RatingLedger.create`), and given
to the harness as bytes in :attr:`BadInput.files`.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from ledger.application import RatingLedger
from ledger.ledger_file import APPLICATION_ID, CREATE_EVENTS
from tests.commands.bad_inputs import BadInput

MISSING = "missing.db"
NO_LEDGER = f"{MISSING}: create one with `ratings init "
"""The end of "no ledger at PATH: create one with `ratings init PATH`" (the harness passes an absolute --db)."""
IECG = ("--rules", "iecg-1.7")
WHY = ("--reason", "x")


def _sqlite_bytes(build: Callable[[sqlite3.Connection], None]) -> bytes:
    """The bytes of a SQLite file made by ``build`` (rollback journal: one self-contained file)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "made.db"
        with closing(sqlite3.connect(path, isolation_level=None)) as conn:
            build(conn)
        return path.read_bytes()


def _foreign(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("CREATE TABLE tags (note INTEGER, tag TEXT)")
    conn.execute("INSERT INTO notes (body) VALUES ('buy milk')")


def _other_application(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {int.from_bytes(b'GPKG', 'big')}")  # a GeoPackage's
    conn.execute("CREATE TABLE gpkg_contents (table_name TEXT)")


def _other_eventsourcing_app(conn: sqlite3.Connection) -> None:
    conn.execute(CREATE_EVENTS)
    conn.execute("CREATE TABLE tracking (application_name TEXT, notification_id INTEGER)")


def _marked_with_extra_table(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.execute(CREATE_EVENTS)
    conn.execute("CREATE TABLE users (name TEXT)")


def _future_format(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 7")
    conn.execute(CREATE_EVENTS)


def _marked_without_log(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")


def _without_rowid(conn: sqlite3.Connection) -> None:
    conn.execute(CREATE_EVENTS + " WITHOUT ROWID")


def _wrong_columns(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE stored_events (id TEXT, body BLOB)")


def _ledger_with_a_row_outside_the_chain() -> bytes:
    """A ledger of one registered player, and a ``GameVoided`` put in by hand at rowid −1."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "made.db")
        ledger = RatingLedger.create(path, user="tester")
        ledger.register_player("A", "Anna Adler", reported_on="2024-01-01")
        ledger.close()
        with closing(sqlite3.connect(path, isolation_level=None)) as conn:
            conn.execute(
                "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) "
                "VALUES (-1, 'feed', 2, 'ledger.events:GameVoided', x'7b7d')"
            )
            conn.execute("PRAGMA journal_mode = DELETE")  # everything in the one file
        return Path(path).read_bytes()


def _truncated_ledger() -> bytes:
    """The first 1,000 bytes of a real ledger: the SQLite header, then nothing."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "made.db")
        RatingLedger.create(path).close()
        with closing(sqlite3.connect(path, isolation_level=None)) as conn:
            conn.execute("PRAGMA journal_mode = DELETE")
        return Path(path).read_bytes()[:1000]


def _on(name: str, data: bytes | str, args: tuple[str, ...], message: str, id: str) -> BadInput:
    return BadInput(args, message, files={name: data}, db=name, id=id)


_missing: list[tuple[str, tuple[str, ...]]] = [
    ("list", ("list", *IECG, "--period", "2024-01")),
    ("explain", ("explain", "A", *IECG, "--period", "2024-01")),
    ("history", ("history", "A", *IECG)),
    ("log", ("log",)),
    ("log-player", ("log", "--player", "A")),
    ("diff", ("diff", *IECG, "--period", "2024-01", "--against-rules", "iecg-1.4")),
    ("export", ("export", *IECG, "--from", "2024-01", "--to", "2024-01", "--out", "lists")),
    ("pool", ("pool", *IECG, "--from", "2024-01", "--to", "2024-03")),
    ("audit", ("audit", *IECG, "--period", "2024-01")),
    ("verify", ("verify",)),
    ("publish", ("publish", *IECG, "--period", "2024-01", "--on", "2024-03-01")),
    ("player-register", ("player", "register", "D", "--name", "Dora Doyle")),
    ("player-withdraw", ("player", "withdraw", "A", "--tournament", "Cup", "--on", "2024-02-01")),
    ("player-inactive", ("player", "inactive", "A", "--on", "2024-02-01", "--reason", "break")),
    ("player-reactivate", ("player", "reactivate", "A", "--on", "2024-02-01")),
    ("player-prior", ("player", "prior", "A", "--system", "fide", "--rating", "2100", "--as-of", "2023-12-01")),
    ("player-correct", ("player", "correct", "A", "--name", "Ann Adler", *WHY)),
    (
        "game-record",
        ("game", "record", "G9", "--white", "A", "--black", "B", "--result", "1-0", "--finished", "2024-04-01"),
    ),
    ("game-adjudicate", ("game", "adjudicate", "G3", "--result", "1-0", "--on", "2024-04-01")),
    ("game-correct", ("game", "correct", "G1", "--result", "0-1", *WHY)),
    ("game-void", ("game", "void", "G1", *WHY)),
    ("game-restore", ("game", "restore", "G1", *WHY)),
    ("import-players", ("import", "players", "players_ok.csv")),
    ("import-games", ("import", "games", "games_ok.csv")),
    ("adjust", ("adjust", "--system", "icu-1980", "--player", "B", "--points", "5", "--on", "2024-02-01", *WHY)),
    ("backup", ("backup", "copy.db")),
]

_missing_cases = [BadInput(args, NO_LEDGER, db=MISSING, id=f"missing-ledger-{name}") for name, args in _missing]

LIST = ("list", *IECG, "--period", "2024-01")
REGISTER = ("player", "register", "D", "--name", "Dora Doyle")
FOREIGN = _sqlite_bytes(_foreign)
NOT_OURS = "other.db is not a rating ledger: it has no ledger mark (application_id 0) and holds tables notes, tags"

_not_a_ledger = [
    _on("other.db", FOREIGN, LIST, NOT_OURS, "foreign-sqlite-list"),
    _on("other.db", FOREIGN, REGISTER, NOT_OURS, "foreign-sqlite-register"),
    _on("other.db", FOREIGN, ("log",), NOT_OURS, "foreign-sqlite-log"),
    _on("other.db", FOREIGN, ("verify",), NOT_OURS, "foreign-sqlite-verify"),
    _on("other.db", FOREIGN, ("backup", "copy.db"), NOT_OURS, "foreign-sqlite-backup"),
    _on("other.db", FOREIGN, ("import", "players", "players_ok.csv"), NOT_OURS, "foreign-sqlite-import"),
    _on(
        "geo.db",
        _sqlite_bytes(_other_application),
        LIST,
        "geo.db is not a rating ledger: it is another application's SQLite file (application_id 0x47504b47) "
        "and holds table gpkg_contents",
        "another-application-id",
    ),
    _on(
        "es.db",
        _sqlite_bytes(_other_eventsourcing_app),
        REGISTER,
        "es.db is not a rating ledger: it has no ledger mark (application_id 0) and holds tables stored_events, "
        "tracking",
        "another-eventsourcing-application",
    ),
    _on(
        "mixed.db",
        _sqlite_bytes(_marked_with_extra_table),
        ("history", "A", *IECG),
        "mixed.db is not a rating ledger: besides the ledger's tables it holds table users (another application's)",
        "marked-with-a-foreign-table",
    ),
    _on(
        "future.db",
        _sqlite_bytes(_future_format),
        LIST,
        "future.db is a rating ledger of format 7, newer than this program reads (format 1): upgrade ratings",
        "future-format",
    ),
    _on(
        "hollow.db",
        _sqlite_bytes(_marked_without_log),
        ("log",),
        "hollow.db is a damaged rating ledger: it has the ledger mark but no stored_events table",
        "marked-without-a-log",
    ),
    _on(
        "norowid.db",
        _sqlite_bytes(_without_rowid),
        ("verify",),
        "norowid.db is not a rating ledger: its stored_events table has no positions (a table WITHOUT ROWID)",
        "stored-events-without-rowid",
    ),
    _on(
        "columns.db",
        _sqlite_bytes(_wrong_columns),
        REGISTER,
        "columns.db is not a rating ledger: its stored_events table has columns id, body, not originator_id, "
        "originator_version, topic, state",
        "stored-events-other-columns",
    ),
    _on("notes.db", "remember the milk\n", LIST, "notes.db is not a rating ledger: it is not a SQLite file", "garbage"),
    _on(
        "notes.db",
        "remember the milk\n",
        REGISTER,
        "notes.db is not a rating ledger: it is not a SQLite file",
        "garbage-register",
    ),
    _on("empty.db", "", ("log",), "empty.db is not a rating ledger: it is an empty file", "empty-file"),
    _on("empty.db", "", REGISTER, "empty.db is not a rating ledger: it is an empty file", "empty-file-register"),
    _on(
        "cut.db",
        _truncated_ledger(),
        LIST,
        "cut.db is damaged: SQLite cannot read it (database disk image is malformed); restore a backup",
        "truncated-ledger",
    ),
    BadInput(LIST, " is a folder, not a ledger file: name the ledger file with --db", db=".", id="folder-as-db"),
    BadInput(REGISTER, " is a folder, not a ledger file", db=".", id="folder-as-db-register"),
    BadInput(
        LIST,
        "nowhere/ledger.db: create one with `ratings init ",
        db="nowhere/ledger.db",
        id="ledger-in-a-missing-folder",
    ),
]

OUTSIDE = _ledger_with_a_row_outside_the_chain()

_outside_the_chain = [
    _on(
        "tampered.db",
        OUTSIDE,
        REGISTER,
        "tampered.db holds a row at position -1, outside the hash chain: nothing was recorded; "
        "`ratings verify` names it",
        "row-outside-the-chain-register",
    ),
    _on(
        "tampered.db",
        OUTSIDE,
        ("game", "record", "G2", "--white", "A", "--black", "A", "--result", "1-0", "--finished", "2024-01-05"),
        "tampered.db holds a row at position -1, outside the hash chain",
        "row-outside-the-chain-record",
    ),
]

_init_backup = [
    BadInput(
        ("init",), "ledger.db already exists (a file): `ratings init` creates a new ledger only", id="init-existing"
    ),
    BadInput(("init", "players_ok.csv"), "players_ok.csv already exists (a file)", id="init-over-a-csv"),
    BadInput(("init", "."), ". already exists (a folder)", id="init-a-folder"),
    BadInput(
        ("init", "nowhere/new.db"),
        "cannot create nowhere/new.db: the folder nowhere does not exist",
        id="init-no-folder",
    ),
    BadInput(("init", "a.db", "b.db"), "Got unexpected extra argument (b.db)", status=2, id="init-two-paths"),
    BadInput(("backup",), "Missing argument 'DEST'", status=2, id="backup-no-dest"),
    BadInput(("backup", "ledger.db"), "DEST ledger.db is the ledger ", id="backup-onto-itself", sqlite_only=True),
    BadInput(("backup", "games_ok.csv"), "games_ok.csv already exists (a file)", id="backup-over-a-file"),
    BadInput(("backup", "."), ". already exists (a folder)", id="backup-into-a-folder-name"),
    BadInput(("copy",), "Missing option '--to'", status=2, id="copy-no-dest"),
    BadInput(("copy", "--to", "ledger.db"), "--to ledger.db is the ledger ", id="copy-over", sqlite_only=True),
    BadInput(
        ("copy", "--to", "players_ok.csv"),
        "players_ok.csv already exists (a file): the copy writes a new file",
        id="copy-over-a-file",
    ),
    BadInput(("copy", "--to", "."), ". already exists (a folder)", id="copy-into-a-folder-name"),
    BadInput(
        ("copy", "--to", "nowhere/copy.db"),
        "cannot write the copy nowhere/copy.db: the folder nowhere does not exist",
        id="copy-no-folder",
    ),
    BadInput(("copy", "--from", MISSING, "--to", "new.db"), f"no ledger at {MISSING}", id="copy-from-missing"),
    BadInput(
        ("copy", "--to", "postgresql://postgres@127.0.0.1:1/ledger"),
        "cannot reach the ledger postgresql://postgres@127.0.0.1:1/ledger: ",
        id="copy-to-an-unreachable-server",
    ),
    BadInput(
        ("copy", "--to", "postgresql://officer:secret@127.0.0.1:5432"),
        "postgresql://officer@127.0.0.1:5432 names no database",  # and not its password
        id="copy-to-no-database",
    ),
    BadInput(
        ("demo", "--keep", "postgresql://postgres@127.0.0.1:1/ledger"),
        "--keep takes a new file, not a database: `ratings demo --keep demo.db`, then `ratings copy",
        id="demo-keep-a-database",
    ),
    BadInput(
        ("init", "postgresql://postgres@127.0.0.1:1/ledger"),
        "cannot reach the ledger postgresql://postgres@127.0.0.1:1/ledger: ",
        id="init-an-unreachable-server",
    ),
    BadInput(
        ("backup", "nowhere/copy.db"),
        "cannot write the backup nowhere/copy.db: the folder nowhere does not exist",
        id="backup-no-folder",
    ),
]

_cache_dir = [
    BadInput(("--cache-dir", "nowhere", *LIST), "Directory 'nowhere' does not exist", status=2, id="cache-dir-missing"),
    BadInput(("--cache-dir", "players_ok.csv", *LIST), "'players_ok.csv' is a file", status=2, id="cache-dir-a-file"),
    BadInput(("--cache-dir", "ledger.db", *LIST), "'ledger.db' is a file", status=2, id="cache-dir-the-ledger"),
]

_LONG_LABEL = "a" * 64
_HOST_NAME = "is not a host name (each part between dots is 1 to 63 characters)"
_UNCLOSED = 'end of string reached when looking for matching "]" in IPv6 host address'
_bad_urls = [  # issue 22 §5: each was a traceback (the idna codec's UnicodeError, urllib's ValueError)
    BadInput(("--db", "postgresql://u@a..b:5432/db", *LIST),
             f"postgresql://u@a..b:5432/db is not a PostgreSQL address: its host a..b {_HOST_NAME}",
             id="url-empty-host-label"),
    BadInput(("--db", f"postgresql://u@{_LONG_LABEL}.example.org:5432/db", *LIST),
             f"its host {_LONG_LABEL}.example.org {_HOST_NAME}", id="url-host-label-of-64"),
    BadInput(("--db", "postgresql://u@[::1:5432/db", *LIST),
             f"postgresql://u@[::1:5432/db is not a PostgreSQL address: {_UNCLOSED}", id="url-unclosed-ipv6"),
    BadInput(("--db", "postgresql://u:secret@[::1:5432/db", *REGISTER),
             'postgresql://u@[::1:5432/db is not a PostgreSQL address: end of string reached when looking for '
             'matching "]" in IPv6 host address in URI: "postgresql://u@[::1:5432/db"',  # never the password
             id="url-unclosed-ipv6-password-not-shown"),
    BadInput(("copy", "--to", "postgresql://u@a..b:5432/db"), f"its host a..b {_HOST_NAME}",
             id="copy-to-empty-host-label"),
    BadInput(("copy", "--to", f"postgresql://u@{_LONG_LABEL}:5432/db"), f"its host {_LONG_LABEL} {_HOST_NAME}",
             id="copy-to-host-label-of-64"),
    BadInput(("copy", "--to", "postgresql://u@[::1:5432/db"), f"is not a PostgreSQL address: {_UNCLOSED}",
             id="copy-to-unclosed-ipv6"),
]  # fmt: skip

SITE = ("site", *IECG, "--from", "2024-01", "--to", "2024-03")

_site = [  # issue 22 §2: the site replaces its folder whole, so never the ledger's, nor a folder of other files
    BadInput((*SITE, "--out", "."), "--out . holds the ledger ", id="site-into-the-ledgers-folder", sqlite_only=True),
    BadInput(
        (*SITE, "--out", "ledger.db"), "--out ledger.db holds the ledger ", id="site-onto-the-ledger", sqlite_only=True
    ),
    BadInput(
        (*SITE, "--out", "mine"),
        "--out mine is a folder of other files, with no site manifest (manifest.json)",
        files={"mine/letter.txt": "dear\n"},
        id="site-over-a-folder-of-other-files",
    ),
    BadInput(("site", "--check", "site", *IECG), "--check takes no other option", status=2, id="site-check-and-rules"),
    BadInput(("site", "--check", "nowhere"), "--check nowhere: no such folder", id="site-check-no-folder"),
]

PUBLISH = ("publish-db", *IECG)
SPAN = ("--from", "2024-01", "--to", "2024-01")
PROJECTIONS = "ledger.projections.db"


def _output(args: tuple[str, ...], message: str, id: str, **links: str) -> BadInput:
    """A file-writing command aimed at the ledger's files (issue 22 §1): ``links``, name → what it leads to."""
    return BadInput(args, message, id=f"output-{id}", links=links, sqlite_only=True)


_outputs = [  # issue 22 §1: no command writes onto the ledger, its side files or its projections file
    _output((*PUBLISH, "--out", "ledger.db"), "--out ledger.db is the ledger ", "publish-db-ledger"),
    _output((*PUBLISH, "--out", "ledger.db", "--overwrite"), "--out ledger.db is the ledger ", "publish-db-overwrite"),
    _output(
        (*PUBLISH, "--out", PROJECTIONS, "--overwrite"),
        f"--out {PROJECTIONS} is the projections file ",
        "publish-db-projections",
    ),
    _output(
        (*PUBLISH, "--out", "pub.db", "--overwrite"),
        "--out's metadata file pub.metadata.json is the ledger ",
        "publish-db-metadata-link",
        **{"pub.metadata.json": "ledger.db"},
    ),
    _output(("export", "trf", "--event", "E1", "--out", "ledger.db"), "--out ledger.db is the ledger ", "trf-ledger"),
    _output(
        ("export", "trf", "--event", "E1", "--out", "ledger.db-wal"),
        "--out ledger.db-wal is the ledger's wal file ",
        "trf-wal",
    ),
    _output(
        ("export", "trf", "--event", "E1", "--out", "e1.trf"),
        "--out e1.trf is the ledger ",
        "trf-link",
        **{"e1.trf": "ledger.db"},
    ),
    _output(
        ("export", *IECG, *SPAN, "--out", "ledger.db"),
        "--out ledger.db is the ledger ",
        "export-lists-onto-the-ledger",
    ),
    _output(
        ("export", *IECG, *SPAN, "--out", "lists"),
        "--out lists/iecg-1.7_2024-01.json is the ledger ",
        "export-a-list-file-a-link",
        **{"lists/iecg-1.7_2024-01.json": "../ledger.db"},
    ),
    _output(
        ("history", "A", *IECG, "--plot", "h.svg"),
        "--plot h.svg is the ledger ",
        "history-link",
        **{"h.svg": "ledger.db"},
    ),
    _output(
        ("history", "A", *IECG, "--plot", "h.png"),
        "--plot h.png is the ledger's shm file ",
        "history-link-shm",
        **{"h.png": "ledger.db-shm"},
    ),
    _output(
        ("pool", *IECG, *SPAN, "--plot", "p.svg"),
        "--plot p.svg is the projections file ",
        "pool-link-projections",
        **{"p.svg": PROJECTIONS},
    ),
    _output(("backup", "ledger.db-journal"), "DEST ledger.db-journal is the ledger's journal file ", "backup-journal"),
    _output(("backup", "b.db"), "DEST b.db is the ledger ", "backup-link", **{"b.db": "ledger.db"}),
    _output(("copy", "--to", PROJECTIONS), f"--to {PROJECTIONS} is the projections file ", "copy-projections"),
    _output(("copy", "--to", "c.db"), "--to c.db is the ledger ", "copy-link", **{"c.db": "ledger.db"}),
    _output(("init", "ledger.db-wal"), "PATH ledger.db-wal is the ledger's wal file ", "init-wal"),
    _output(("init", "i.db"), "PATH i.db is the ledger ", "init-link", **{"i.db": "ledger.db"}),
    _output(("demo", "--keep", "ledger.db"), "--keep ledger.db is the ledger ", "demo-keep-ledger"),
    _output(
        ("demo", "--keep", "k.db"),
        "--keep k.db is the projections file ",
        "demo-keep-link-projections",
        **{"k.db": PROJECTIONS},
    ),
]

CASES: list[BadInput] = [
    *_outputs,
    *_site,
    *_missing_cases,
    *_not_a_ledger,
    *_outside_the_chain,
    *_init_backup,
    *_cache_dir,
    *_bad_urls,
]
