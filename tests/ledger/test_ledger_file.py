"""The ledger file: created only on purpose, marked as ours, read without writing,
no row outside the chain, SQLite's own integrity check, consistent backups, disk errors named."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from datetime import date
from pathlib import Path
from uuid import UUID

import pytest
from eventsourcing.application import Application
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

from ledger import chain, ledger_file
from ledger.application import RatingLedger
from ledger.errors import (
    LedgerExistsError,
    LedgerFileError,
    NoLedgerError,
    NotALedgerError,
    UncoveredRowError,
)
from ledger.events import game_key
from ledger.store import SQLiteStore, open_reader
from tests.tmpfs import mounted, remount_read_only

TODAY = date(2026, 1, 1)


def pragma(path: Path | str, name: str) -> int:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return int(conn.execute(f"PRAGMA {name}").fetchone()[0])


def tables(path: Path | str) -> list[str]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return [row[0] for row in rows]


def new_ledger(path: Path) -> RatingLedger:
    return RatingLedger.create(str(path), clock=lambda: TODAY, user="t")


def two_players_and_a_game(path: Path) -> None:
    ledger = new_ledger(path)
    for player in ("A", "B"):
        ledger.register_player(player, f"Player {player}", reported_on="2024-01-01")
    ledger.record_game("G1", white="A", black="B", result="1-0", finished="2024-01-10")
    ledger.close()


# --- the mark -----------------------------------------------------------------------


def test_a_new_ledger_is_marked_and_holds_only_the_log(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    new_ledger(path).close()
    assert pragma(path, "application_id") == int.from_bytes(b"RTLG", "big") == 0x52544C47
    assert pragma(path, "user_version") == 1
    assert tables(path) == ["stored_events"]


def test_the_log_table_is_the_one_eventsourcing_creates() -> None:
    recorder = SQLiteApplicationRecorder(SQLiteDatastore(":memory:"))
    [statement] = recorder.construct_create_table_statements()
    assert statement.replace("IF NOT EXISTS ", "") == ledger_file.CREATE_EVENTS
    assert chain.WITNESS_TABLE == ledger_file.WITNESS_TABLE


def test_create_refuses_any_existing_path_and_leaves_it_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("keep me", encoding="utf-8")
    with pytest.raises(LedgerExistsError, match=r"notes\.txt already exists \(a file\)"):
        RatingLedger.create(str(path))
    assert path.read_text(encoding="utf-8") == "keep me"
    with pytest.raises(LedgerExistsError, match=r"already exists \(a folder\)"):
        RatingLedger.create(str(tmp_path))
    with pytest.raises(LedgerFileError, match=r"the folder .*nowhere does not exist"):
        RatingLedger.create(str(tmp_path / "nowhere" / "x.db"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_opening_a_missing_ledger_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(NoLedgerError, match=r"no ledger at .*missing\.db: create one with `ratings init "):
        RatingLedger(str(tmp_path / "missing.db"))
    assert list(tmp_path.iterdir()) == []


def foreign(path: Path) -> bytes:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('milk')")
        conn.commit()
    return path.read_bytes()


def test_another_applications_file_is_refused_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    before = foreign(path)
    message = "other.db is not a rating ledger: it has no ledger mark .application_id 0. and holds table notes"
    with pytest.raises(NotALedgerError, match=message):
        RatingLedger(str(path))
    with pytest.raises(NotALedgerError, match=message):
        open_reader(str(path))
    with pytest.raises(NotALedgerError, match=message):
        chain.verify(str(path))
    assert path.read_bytes() == before
    assert tables(path) == ["notes"]


def legacy(path: Path) -> None:
    """A ledger as made before the mark: eventsourcing's own recorder, creating its table."""
    app = Application[UUID](
        env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path), "IS_SNAPSHOTTING_ENABLED": "no"}
    )
    app.close()


def test_a_ledger_made_before_the_mark_is_adopted_by_its_first_fact(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    legacy(path)
    assert (pragma(path, "application_id"), tables(path)) == (0, ["stored_events"])
    reader, info = open_reader(str(path))
    reader.close()
    assert not info.marked
    ledger = RatingLedger(str(path), clock=lambda: TODAY, user="t")
    with pytest.raises(ValueError, match="tutor"):
        ledger.register_player("A", "Anna", source="tutor", starting_rating=1800)
    assert pragma(path, "application_id") == 0, "a refused command marks nothing"
    ledger.register_player("A", "Anna", reported_on="2024-01-01")
    ledger.close()
    assert (pragma(path, "application_id"), pragma(path, "user_version")) == (0x52544C47, 1)


def test_an_import_marks_an_adopted_ledger_too(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    legacy(path)
    ledger = RatingLedger(str(path), clock=lambda: TODAY, user="t")
    row = {"player": "A", "name": "Anna", "country": "", "starting_rating": "", "source": "", "rated_games": ""}
    assert ledger.import_players([(2, row)]) == 1
    ledger.close()
    assert pragma(path, "application_id") == 0x52544C47


def test_a_newer_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    new_ledger(path).close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA user_version = 2")
    with pytest.raises(NotALedgerError, match=r"of format 2, newer than this program reads \(format 1\)"):
        RatingLedger(str(path))


# --- rows outside the chain ----------------------------------------------------------


def void_at_minus_one(path: Path) -> None:
    """Put a ``GameVoided`` of G1 in by hand at rowid −1, as the application itself would store it."""
    with closing(sqlite3.connect(path)) as conn:
        [(state,)] = conn.execute("SELECT state FROM stored_events WHERE originator_id = ?", (game_key("G1").hex,))
        voided = json.loads(state)
        voided.update({"originator_version": 2, "reason": "by hand"})
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) "
            "VALUES (-1, ?, 2, ?, ?)",
            (game_key("G1").hex, "ledger.events:GameVoided", json.dumps(voided).encode()),
        )
        conn.commit()


def test_the_application_reads_no_row_outside_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    ledger = RatingLedger(str(path), clock=lambda: TODAY, user="t")
    void_at_minus_one(path)
    try:
        game = ledger.game("G1")
        assert (game.version, game.voided) == (1, False)
    finally:
        ledger.close()
    with pytest.raises(UncoveredRowError, match="holds a row at position -1, outside the hash chain"):
        RatingLedger(str(path))


def test_verify_names_a_row_outside_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    assert chain.verify(str(path)).ok
    void_at_minus_one(path)
    report = chain.verify(str(path))
    assert not report.ok
    assert report.first is not None
    assert (report.first.position, report.first.exact) == (-1, True)
    assert "position -1 (GameVoided) is outside the chain" in report.first.reason
    assert report.events == 3


def corrupt_the_index(path: Path) -> None:
    """Change one originator id in the primary key's index only, behind SQLite's back."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        [(root,)] = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_stored_events_1'")
    data = bytearray(path.read_bytes())
    page = slice((root - 1) * page_size, root * page_size)
    key = game_key("G1").hex.encode()
    at = bytes(data[page]).index(key)
    data[(root - 1) * page_size + at] ^= 0x01  # '0'..'f' → another character: a key no row has
    path.write_bytes(bytes(data))


def test_verify_runs_sqlites_integrity_check(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    corrupt_the_index(path)
    report = chain.verify(str(path))
    assert not report.ok
    assert report.mismatches == ()  # the table (the log) is intact: only the index is damaged
    line = report.damage_line()
    assert line is not None and line.startswith("the ledger file is damaged: SQLite's integrity check says: ")
    assert "sqlite_autoindex_stored_events_1" in line


# --- the witness: read-only files and full disks ---------------------------------------


def unwitnessed(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("DROP TABLE IF EXISTS log_chain")
        conn.commit()
        conn.execute("VACUUM")  # no free page left for a new witness


def test_verify_does_not_extend_the_witness_of_a_file_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    unwitnessed(path)
    monkeypatch.setattr(SQLiteStore, "write_problem", lambda _: "the file is read-only")
    report = chain.verify(str(path))
    assert report.ok and report.sealed == 0
    assert report.not_extended == "the witness was not extended: the file is read-only"
    assert "log_chain" not in tables(path)


def test_a_full_disk_while_extending_the_witness_keeps_the_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    unwitnessed(path)
    writer = SQLiteStore.writer

    def full(store: SQLiteStore) -> sqlite3.Connection:
        conn = writer(store)
        pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
        conn.execute(f"PRAGMA max_page_count = {pages}")  # not one page more: SQLITE_FULL
        return conn

    monkeypatch.setattr(SQLiteStore, "writer", full)
    report = chain.verify(str(path))
    assert report.ok and report.sealed == 0
    assert report.summary().startswith("the log of 3 events matches")
    assert report.not_extended is not None
    assert report.not_extended.startswith("the witness was not extended: the disk is full")
    assert "database or disk is full" in report.not_extended
    with pytest.raises(sqlite3.OperationalError, match="database or disk is full"):
        chain.seal(str(path))  # publish's seal: the error as it is, not "cannot rollback"


# --- backup ------------------------------------------------------------------------


def test_a_backup_is_a_ledger_that_verifies(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    two_players_and_a_game(path)
    copy = tmp_path / "copy.db"
    assert ledger_file.backup(str(path), str(copy)) == 3
    assert pragma(copy, "application_id") == 0x52544C47
    report = chain.verify(str(copy))
    assert report.ok and report.events == 3
    assert report.head == chain.verify(str(path)).head
    with pytest.raises(LedgerExistsError, match=r"copy\.db already exists"):
        ledger_file.backup(str(path), str(copy))


# --- a read-only folder ---------------------------------------------------------------


@pytest.fixture
def mount(tmp_path: Path) -> Iterator[Path]:
    with mounted(tmp_path / "mnt", "2m") as folder:
        yield folder


def test_a_wal_ledger_in_a_read_only_folder_is_read_immutable(tmp_path: Path, mount: Path) -> None:
    path = mount / "l.db"
    two_players_and_a_game(tmp_path / "made.db")
    ledger_file.backup(str(tmp_path / "made.db"), str(path))
    remount_read_only(mount)
    reader, info = open_reader(str(path))
    try:
        assert info.immutable
        assert reader.head() == 3
    finally:
        reader.close()
    assert chain.verify(str(path)).ok
    with pytest.raises(LedgerFileError, match="is read-only"):
        RatingLedger(str(path))


def test_checking_a_ledger_keeps_the_locks_of_this_process_s_connections(tmp_path: Path) -> None:
    """Closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's included. The
    check of a ledger used to read its header with ``open()``: another process closing its last connection then
    took the exclusive lock that says "last one", checkpointed and deleted the write-ahead log under this
    process's open connections, whose next writes went into a deleted file ("disk I/O error" with four writers).
    """
    path = str(tmp_path / "ledger.db")
    RatingLedger.create(path).close()
    ledger = RatingLedger(path)
    try:
        ledger.register_player("A", name="Anna Adler")  # this process's connection holds the ledger open, in WAL
        assert Path(f"{path}-wal").exists()
        ledger_file.check(path)
        other = (  # a read that opens the WAL; its close checkpoints and deletes it if it takes itself for the last
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('SELECT count(*) FROM sqlite_master').fetchall(); c.close()"
        )
        subprocess.run([sys.executable, "-c", other, path], check=True)  # another process, in and out
        assert Path(f"{path}-wal").exists(), "another process took this one for gone and deleted the WAL"
        ledger.register_player("B", name="Bob Byrne")
    finally:
        ledger.close()
    reader, _ = open_reader(path)
    try:
        assert [record.type for record in reader.records()] == ["PlayerRegistered", "PlayerRegistered"]
    finally:
        reader.close()
