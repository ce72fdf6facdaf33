"""``init``, ``backup``, ``--cache-dir``, and read commands that only read (issue 10 §2), through the CLI."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tests.commands.support import RULES, Ratings, stored_rows
from tests.tmpfs import mounted, remount_read_only

LIST = ("list", *RULES, "--period", "2024-01")


@pytest.fixture
def small(two_players: Ratings) -> Ratings:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-02-10")
    two_players.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    return two_players


def test_init_creates_an_empty_ledger_once(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "fed.db", init=False)
    result = ratings("init")
    assert (result.exit_code, result.output) == (0, f"created an empty ledger: {ratings.db}\n")
    assert stored_rows(ratings.db) == []
    before = ratings.db.read_bytes()
    ratings.refused(
        "init", message=f"Error: {ratings.db} already exists (a file): `ratings init` creates a new ledger only"
    )
    assert ratings.db.read_bytes() == before
    other = tmp_path / "other.db"
    assert ratings("init", str(other)).output == f"created an empty ledger: {other}\n"
    assert other.exists()


def test_every_recording_command_refuses_a_missing_ledger_and_creates_nothing(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "typo.db", init=False)
    ratings.refused(
        "player", "register", "A", "--name", "Anna",
        message=f"Error: no ledger at {ratings.db}: create one with `ratings init {ratings.db}`",
    )  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file of ``folder`` but SQLite's ``-wal``/``-shm`` companions: its digest and mtime."""
    return {
        p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in sorted(folder.iterdir())
        if p.is_file() and not p.name.endswith(("-wal", "-shm"))
    }


READS = [
    LIST,
    ("explain", "A", *RULES, "--period", "2024-01"),
    ("history", "A", *RULES),
    ("log",),
    ("log", "--player", "A", "--format", "json"),
    ("diff", *RULES, "--period", "2024-01", "--against-rules", "iecg-1.4"),
    ("pool", *RULES, "--from", "2024-01", "--to", "2024-01"),
    ("audit", *RULES, "--period", "2024-01"),
    ("verify",),
    ("rules",),
    ("convert", "180", "--from", "ecf", "--to", "fide", "--on", "2005-06-01"),
]


@pytest.mark.parametrize("args", READS, ids=lambda args: args[0])
def test_read_commands_never_change_the_ledger_folder(small: Ratings, tmp_path: Path, args: tuple[str, ...]) -> None:
    small.ok("verify")  # the witness is complete: nothing is left for verify to seal
    folder = small.db.parent
    cache = tmp_path.parent / f"{tmp_path.name}-cache"
    cache.mkdir()
    before = snapshot(folder)
    small.ok("--cache-dir", str(cache), *args)
    small.ok("--no-cache", *args)
    assert snapshot(folder) == before


def test_export_writes_its_lists_only(small: Ratings, tmp_path: Path) -> None:
    out = tmp_path.parent / f"{tmp_path.name}-lists"
    before = snapshot(small.db.parent)
    small.ok("--no-cache", "export", *RULES, "--from", "2024-01", "--to", "2024-01", "--out", str(out))
    assert snapshot(small.db.parent) == before
    assert [p.name for p in out.iterdir()] == ["iecg-1.7_2024-01.json"]


def test_the_projections_file_goes_to_the_cache_dir(small: Ratings, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    beside = small.db.with_name("ledger.projections.db")
    beside.unlink(missing_ok=True)
    small.ok("--cache-dir", str(cache), *LIST)
    [made] = cache.glob("*.projections.db")
    assert made.name.startswith("ledger-")
    assert not beside.exists()
    other = tmp_path / "cache-from-env"
    other.mkdir()
    result = small(*LIST, env={"RATINGS_CACHE_DIR": str(other)})
    assert result.exit_code == 0, result.output
    assert [p.name for p in other.glob("*.projections.db")] == [made.name]
    assert not beside.exists()


def test_backup_writes_a_copy_that_verifies(small: Ratings, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    result = small.ok("backup", str(copy))
    assert result.output == f"backed up {small.db} to {copy}: 5 events\n"
    assert stored_rows(copy) == stored_rows(small.db)
    assert Ratings(copy, init=False).ok("verify").output.startswith("the log of 5 events matches")
    small.refused("backup", str(copy), message=f"{copy} already exists (a file): the backup writes a new file")


def test_verify_fails_on_a_row_outside_the_chain(small: Ratings) -> None:
    with closing(sqlite3.connect(small.db)) as conn:
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) "
            "VALUES (-1, 'feed', 2, 'ledger.events:GameVoided', x'7b7d')"
        )
        conn.commit()
    result = small("verify")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "the log stops matching at position -1: position -1 (GameVoided) is outside the chain: the ledger never "
        "stores an event at a position at or below 0, so it was put there by hand"
    )
    small.refused(
        "player", "register", "Z", "--name", "Zoe",
        message=f"the ledger {small.db} holds a row at position -1, outside the hash chain: nothing was recorded",
    )  # fmt: skip


# --- a read-only folder, a full disk (tmpfs mounts: root only) ---------------------------


@pytest.fixture
def mount(tmp_path: Path) -> Iterator[Path]:
    with mounted(tmp_path / "mnt", "1m") as folder:
        yield folder


def test_a_ledger_in_a_read_only_folder_is_read_verified_and_backed_up(small: Ratings, mount: Path) -> None:
    ro = Ratings(mount / "ledger.db", init=False)
    small.ok("backup", str(ro.db))
    with closing(sqlite3.connect(ro.db)) as conn:
        conn.execute("DROP TABLE log_chain")  # a witness to extend
        conn.commit()
    expected = small.ok(*LIST).output
    remount_read_only(mount)
    before = snapshot(mount)
    result = ro.ok(*LIST)
    assert result.stdout == expected
    assert result.stderr == (
        f"note: the folder of {ro.db} is read-only: the projections are kept in memory (--cache-dir DIR keeps them)\n"
    )
    verified = ro.ok("verify")
    assert verified.stdout.startswith("the log of 5 events matches")
    assert verified.stderr == "the witness was not extended: its folder is read-only\n"
    assert ro.ok("backup", str(small.db.with_name("again.db"))).output.endswith(": 5 events\n")
    refused = ro("player", "register", "Z", "--name", "Zoe")
    assert (refused.exit_code, refused.stderr) == (
        1,
        f"Error: the ledger {ro.db} is read-only (the file is read-only): nothing was recorded\n",
    )
    assert snapshot(mount) == before
    assert sorted(p.name for p in mount.iterdir()) == ["ledger.db"]


def test_a_full_disk_is_named(small: Ratings, mount: Path) -> None:
    full = Ratings(mount / "ledger.db", init=False)
    small.ok("backup", str(full.db))
    full.ok("verify")
    filler = mount / "filler"
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError:
            pass
    rows = stored_rows(full.db)
    result = full("player", "register", "Z", "--name", "Zoe")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: the disk is full: nothing more could be written to the ledger {full.db}")
    assert "Traceback" not in result.output
    assert stored_rows(full.db) == rows
