"""Issue 22 §1: no command writes onto the ledger, its side files or its projections file, and every file a
command writes is written aside and renamed, so that a failed or killed write leaves the old file whole.

Every command that writes a file is run with its target set to each protected file, or a link to one: the
ledger itself, a symbolic link to it, a hard link to it, its ``-wal``/``-shm``/``-journal`` files, its
projections file, and a symbolic link to the projections file. Each must be refused with exit 1 and the one
line the rule gives (written out here by hand), whatever ``--overwrite`` says, and every file of the folder
must be byte for byte as it was. A ``--plot`` must end in ``.svg``, so there each target is reached through a
symbolic link named ``chart.svg`` (a hard link for the ledger's own inode).
"""

from __future__ import annotations

import errno
import hashlib
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.commands.support import Ratings, stored_rows

RULES = ("--rules", "iecg-1.7")
JANUARY = ("--from", "2024-01", "--to", "2024-01")

COMMANDS: dict[str, tuple[str, Callable[[str], tuple[str, ...]], str]] = {
    # id: (the option named in the refusal, the arguments around the target, what to write to instead)
    "publish-db": ("--out", lambda t: ("publish-db", *RULES, "--out", t), "file"),
    "publish-db-overwrite": ("--out", lambda t: ("publish-db", *RULES, "--out", t, "--overwrite"), "file"),
    "export-trf": ("--out", lambda t: ("export", "trf", "--event", "E1", "--out", t), "file"),
    "export-lists": (
        "--out",
        lambda t: ("export", *RULES, *JANUARY, "--out", t),
        "folder",
    ),
    "history-plot": ("--plot", lambda t: ("history", "A", *RULES, "--plot", t), "file"),
    "pool-plot": ("--plot", lambda t: ("pool", *RULES, *JANUARY, "--plot", t), "file"),
    "backup": ("DEST", lambda t: ("backup", t), "file"),
    "copy": ("--to", lambda t: ("copy", "--to", t), "file"),
    "init": ("PATH", lambda t: ("init", t), "file"),
    "demo-keep": ("--keep", lambda t: ("demo", "--keep", t), "file"),
}
"""Every command that writes a file but ``site`` (a folder, tested with ``ratings site``)."""

PLOTS = frozenset({"history-plot", "pool-plot"})

TARGETS = ("ledger", "symlink", "hardlink", "wal", "shm", "journal", "projections", "projections-symlink")


@pytest.fixture
def federation(two_players: Ratings) -> Ratings:
    """Anna and Bob's game G1 of 2024-01-10 in the event E1; the projections file made by a ``list``."""
    two_players.ok("event", "register", "E1", "--name", "Summer Open", "--type", "swiss", "--start", "2024-01-10",
                   "--reported", "2024-01-10")  # fmt: skip
    two_players.game("G1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    two_players.ok("list", *RULES, "--period", "2024-01")
    assert (two_players.db.parent / "ledger.projections.db").is_file()
    return two_players


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry of ``folder``: a file's bytes, a link's destination."""
    return {
        path.name: os.readlink(path) if path.is_symlink() else path.read_bytes()
        for path in sorted(folder.iterdir())
        if path.is_symlink() or path.is_file()
    }


def target(folder: Path, kind: str, plot: bool) -> tuple[str, str]:
    """The target of ``kind`` (made in ``folder``), and what the refusal calls the file it leads to."""
    db = folder / "ledger.db"
    projections = folder / "ledger.projections.db"
    named = {
        "ledger": (db, f"the ledger {db}"),
        "symlink": (db, f"the ledger {db}"),
        "hardlink": (db, f"the ledger {db}"),
        "wal": (Path(f"{db}-wal"), f"the ledger's wal file {db}-wal"),
        "shm": (Path(f"{db}-shm"), f"the ledger's shm file {db}-shm"),
        "journal": (Path(f"{db}-journal"), f"the ledger's journal file {db}-journal"),
        "projections": (projections, f"the projections file {projections}"),
        "projections-symlink": (projections, f"the projections file {projections}"),
    }
    file, what = named[kind]
    if kind == "hardlink":
        link = folder / ("chart.svg" if plot else "copy-of-ledger.db")
        os.link(file, link)
        return str(link), what
    if plot or kind in ("symlink", "projections-symlink"):
        link = folder / ("chart.svg" if plot else "out.db")
        link.symlink_to(file)
        return str(link), what
    return str(file), what


@pytest.mark.parametrize("kind", TARGETS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_command_writes_onto_the_ledger_or_its_projections_file(
    federation: Ratings, command: str, kind: str
) -> None:
    folder = federation.db.parent
    aimed, what = target(folder, kind, command in PLOTS)
    option, arguments, instead = COMMANDS[command]
    before, rows = snapshot(folder), stored_rows(federation.db)
    result = federation(*arguments(aimed))
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: {option} {aimed} is {what}: write to another {instead}\n"
    assert snapshot(folder) == before
    assert stored_rows(federation.db) == rows


def test_publish_db_refuses_a_metadata_file_that_leads_to_the_ledger(federation: Ratings) -> None:
    folder = federation.db.parent
    (folder / "pub.metadata.json").symlink_to(federation.db)
    before = snapshot(folder)
    result = federation("publish-db", *RULES, "--out", str(folder / "pub.db"), "--overwrite")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: --out's metadata file {folder / 'pub.metadata.json'} is the ledger {federation.db}: "
        "write to another file\n"
    )
    assert snapshot(folder) == before


def test_export_refuses_a_list_file_that_leads_to_the_ledger(federation: Ratings) -> None:
    folder = federation.db.parent
    (folder / "lists").mkdir()
    (folder / "lists" / "iecg-1.7_2024-01.csv").symlink_to(federation.db)
    before, inside = snapshot(folder), snapshot(folder / "lists")
    result = federation(*COMMANDS["export-lists"][1](str(folder / "lists")), "--format", "csv")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: --out {folder / 'lists' / 'iecg-1.7_2024-01.csv'} is the ledger {federation.db}: "
        "write to another file\n"
    )
    assert snapshot(folder) == before and snapshot(folder / "lists") == inside


def test_copy_refuses_a_target_that_leads_to_its_source(federation: Ratings, tmp_path: Path) -> None:
    """``--from`` names another ledger than ``--db``: its files are protected too."""
    other = Ratings(tmp_path / "other.db")
    other.ok("init")
    (tmp_path / "out.db").symlink_to(other.db)
    before = snapshot(tmp_path)
    result = federation("copy", "--from", str(other.db), "--to", str(tmp_path / "out.db"))
    assert result.exit_code == 1
    assert result.stderr == f"Error: --to {tmp_path / 'out.db'} is the ledger {other.db}: write to another file\n"
    assert snapshot(tmp_path) == before


def test_a_ledger_not_made_yet_is_no_target_to_refuse(federation: Ratings, tmp_path: Path) -> None:
    """``--db`` (or ``RATINGS_DB``) may name the ledger a copy is about to make: a missing ledger protects nothing."""
    made = tmp_path / "restored.db"
    restored = Ratings(made, init=False)
    assert restored("copy", "--from", str(federation.db), "--to", str(made)).exit_code == 0
    assert stored_rows(made) == stored_rows(federation.db)
    fresh = Ratings(tmp_path / "fresh.db", init=False)
    assert fresh("init", str(tmp_path / "fresh.db")).exit_code == 0


# --- a failed write leaves the old file whole ---------------------------------------------------------------


def besides_the_cache(folder: Path) -> dict[str, bytes | str]:
    """:func:`snapshot` but the projections file, which a command may bring up to date before it writes."""
    return {name: data for name, data in snapshot(folder).items() if not name.startswith("ledger.projections.db")}


def half_then_full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every ``Path.write_text``/``write_bytes`` write half its data, then fail as a full disk does."""

    def text(self: Path, data: str, encoding: str | None = None, errors: str | None = None) -> int:
        with open(self, "w", encoding=encoding) as handle:
            handle.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    def binary(self: Path, data: bytes) -> int:
        with open(self, "wb") as handle:
            handle.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", text)
    monkeypatch.setattr(Path, "write_bytes", binary)


@pytest.mark.parametrize(
    ("name", "command", "message"),
    [
        ("chart.svg", ("history", "A", *RULES, "--plot"), "cannot write the chart --plot {}: No space left on device"),
        ("chart.png", ("pool", *RULES, *JANUARY, "--plot"),
         "cannot write the chart --plot {}: No space left on device"),
        ("e1.trf", ("export", "trf", "--event", "E1", "--out"), "cannot write --out {}: No space left on device"),
    ],
)  # fmt: skip
def test_a_failed_write_leaves_the_old_file_byte_for_byte(
    federation: Ratings, monkeypatch: pytest.MonkeyPatch, name: str, command: tuple[str, ...], message: str
) -> None:
    out = federation.db.parent / name
    out.write_bytes(b"the chart of last month\x00\xff")
    before = besides_the_cache(federation.db.parent)
    half_then_full_disk(monkeypatch)
    result = federation(*command, str(out))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "Error: " + message.format(out)
    assert besides_the_cache(federation.db.parent) == before  # no half file, no temporary file left beside it


def test_a_failed_publish_db_leaves_both_old_files(federation: Ratings, monkeypatch: pytest.MonkeyPatch) -> None:
    from commands import publication_db

    out = federation.db.parent / "pub.db"
    (federation.db.parent / "pub.metadata.json").write_text('{"old": true}\n', encoding="utf-8")
    out.write_bytes(b"last month's publication")
    before = besides_the_cache(federation.db.parent)
    real = publication_db.write_db

    def fails_halfway(path: str, contents: publication_db.Contents) -> None:
        real(path, contents)  # the whole database, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(publication_db, "write_db", fails_halfway)
    result = federation("publish-db", *RULES, "--out", str(out), "--overwrite")
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot write --out {out}: No space left on device\n"
    assert besides_the_cache(federation.db.parent) == before


def test_a_written_file_replaces_a_link_rather_than_writing_through_it(federation: Ratings, tmp_path: Path) -> None:
    """A link to a file that is not protected is replaced by the new file; what it led to is left alone."""
    elsewhere = tmp_path / "elsewhere.trf"
    elsewhere.write_text("not mine\n", encoding="utf-8")
    link = federation.db.parent / "e1.trf"
    link.symlink_to(elsewhere)
    federation.ok("export", "trf", "--event", "E1", "--out", str(link))
    assert elsewhere.read_text(encoding="utf-8") == "not mine\n"
    assert not link.is_symlink() and link.read_text(encoding="utf-8").startswith("012 Summer Open")


# --- a killed copy or backup leaves nothing at its target ----------------------------------------------------

KILLED = """
import sys
from commands.cli import cli
{patch}
sys.argv = ["ratings", *sys.argv[1:]]
cli()
"""

COPY_PAUSES = """
from ledger import copying
events = copying._events
def paused(conn):
    chunks = events(conn)
    yield next(chunks)
    print("halfway", flush=True)
    import time
    time.sleep(60)
    yield from chunks
copying._FETCH = 1
copying._events = paused
"""

BACKUP_PAUSES = """
import sqlite3, time
from ledger.ledger_file import ReadOnlyConnection
def paused(self, target, **options):
    def halfway(status, remaining, total):
        print("halfway", flush=True)
        time.sleep(60)
    sqlite3.Connection.backup(self, target, pages=1, progress=halfway)
ReadOnlyConnection.backup = paused
"""


def killed_halfway(patch: str, *arguments: str) -> None:
    """Run ``ratings ARGUMENTS`` in a process of its own, paused by ``patch`` halfway through the write, and
    kill it there (SIGKILL: no clean-up runs)."""
    script = KILLED.format(patch=textwrap.dedent(patch))
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        [sys.executable, "-c", script, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root
    ) as process:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line == b"halfway\n", (line, process.stderr.read() if process.stderr else b"")
        os.kill(process.pid, signal.SIGKILL)
        process.wait()


def many_games(ratings: Ratings) -> None:
    """Four games more in the federation, so the copy has several chunks to write."""
    for number, (white, black) in enumerate((("A", "B"), ("B", "A"), ("A", "B"), ("B", "A")), start=2):
        ratings.game(f"G{number}", white, black, "1/2-1/2", f"2024-01-{10 + number}")


@pytest.mark.slow
@pytest.mark.parametrize(("command", "patch"), [("copy", COPY_PAUSES), ("backup", BACKUP_PAUSES)])
def test_a_killed_copy_leaves_no_ledger_and_the_retry_works(
    federation: Ratings, tmp_path: Path, command: str, patch: str
) -> None:
    many_games(federation)
    out = tmp_path / "out" / "copy.db"
    out.parent.mkdir()
    arguments = ("copy", "--to", str(out)) if command == "copy" else ("backup", str(out))
    ledger = hashlib.sha256(federation.db.read_bytes()).hexdigest()
    killed_halfway(patch, "--db", str(federation.db), *arguments)
    assert not out.exists() and not out.is_symlink()
    left = sorted(path.name for path in out.parent.iterdir())
    assert left and all(name.startswith(".copy.db.partial-") for name in left), left  # hidden, named unfinished
    assert hashlib.sha256(federation.db.read_bytes()).hexdigest() == ledger
    again = federation(*arguments)
    assert again.exit_code == 0, again.output
    copied = Ratings(out, init=False)
    # Anna and Bob registered, E1 registered, G1 to G5 recorded: 8 events.
    assert copied.ok("verify").output.startswith("the log of 8 events matches")
    assert stored_rows(out) == stored_rows(federation.db)
