"""Every file a command writes: never onto the ledger or its projections file, and always
written aside and renamed into place, so that a killed or failed write leaves the old file whole.

One rule for every command that writes a file (``publish-db``, ``export``, ``history --plot``, ``pool
--plot``, ``site``, ``backup``, ``copy``…): :func:`check_target` refuses a target that resolves (links
followed, hard links compared by inode) to a protected file: the ledger, its SQLite side files
(``-wal``, ``-shm``, ``-journal``), or the projections file and its side files — whatever ``--overwrite``
says. :func:`check_folder` refuses a folder that holds one of them (a site is put in place whole, so its
folder is replaced). :func:`written_aside` gives a temporary name beside the target, renamed onto it only
when the block ends without error; :func:`written_new` does the same for a file that must be new (a backup,
a copy, a new ledger): put in place only if nothing is there, so an existing file is never replaced.

Choices made here:

- a ledger that is itself a symbolic link protects the side files of the file it leads to as well, since
  SQLite names its ``-wal`` after the real file;
- a name for which the two paths cannot be compared (a loop of links) counts as not the same file; it is
  replaced, never written through;
- a killed write leaves its hidden ``.NAME.partial-XXXX`` file beside the target: nothing can tell it from
  another process's write still going on, so the next write does not remove it.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> ledger = os.path.join(folder, "l.db")
>>> _ = open(ledger, "w").write("ledger")
>>> os.symlink(ledger, os.path.join(folder, "h.svg"))
>>> check_target(os.path.join(folder, "h.svg"), protected(ledger), "--plot")
Traceback (most recent call last):
...
ledger.outputs.OutputError: --plot .../h.svg is the ledger .../l.db: write to another file
>>> with written_aside(Path(folder) / "out.txt") as temp:
...     _ = temp.write_text("done")
>>> (Path(folder) / "out.txt").read_text()
'done'
>>> sorted(os.listdir(folder))
['h.svg', 'l.db', 'out.txt']
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ledger.errors import LedgerError, LedgerExistsError

SIDE_FILES = ("", "-wal", "-shm", "-journal")
"""A SQLite database's own file and the files SQLite keeps beside it."""


class OutputError(LedgerError):
    """An output file or folder a command refuses to write (the ledger itself, its projections file...)."""


@dataclass(frozen=True)
class Protected:
    """A file no output may replace, and what to call it in a refusal."""

    path: Path
    what: str


def protected(db: str, *caches: str | None) -> tuple[Protected, ...]:
    """The files no command may write onto: the ledger file (not a PostgreSQL URL) and its projections files
    (where it is kept, and beside the ledger), each with its SQLite side files."""
    files = [("the ledger", db)] if "://" not in db else []
    files += [("the projections file", cache) for cache in dict.fromkeys(caches) if cache]
    found: dict[Path, Protected] = {}
    for what, path in files:
        for suffix in SIDE_FILES:
            shown = f"{what} {path}" if not suffix else f"{what}'s {suffix[1:]} file {path}{suffix}"
            for name in (Path(f"{path}{suffix}"), Path(f"{_resolved(Path(path))}{suffix}")):
                found.setdefault(name, Protected(name, shown))
    return tuple(found.values())


def _resolved(path: Path) -> Path:
    """``path`` with its symbolic links followed; as it is when they loop."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return path


def _same(path: Path, other: Path) -> bool:
    """Whether two paths name one file: equal once resolved (symbolic links followed), or one inode."""
    if _resolved(path) == _resolved(other):
        return True
    try:
        return os.path.samefile(path, other)
    except OSError:  # either is missing: not one file
        return False


def check_target(target: str, guarded: Iterable[Protected], option: str, *, kind: str = "file") -> Path:
    """``target`` as a path, refused (:class:`OutputError`) when it is, or leads to, a protected file (a link,
    a hard link); ``kind``: what to write to instead (``file``, ``folder``)."""
    path = Path(target)
    for item in guarded:
        if _same(path, item.path):
            raise OutputError(f"{option} {target} is {item.what}: write to another {kind}")
    return path


def check_folder(target: str, guarded: Iterable[Protected], option: str) -> Path:
    """``target`` as a folder to replace whole, refused when it is, leads to or holds a protected file."""
    path = Path(target)
    resolved = _resolved(path)
    for item in guarded:
        if _same(path, item.path) or resolved in _resolved(item.path).parents:
            raise OutputError(f"{option} {target} holds {item.what}: write the site to another folder")
    return path


def aside_name(target: Path, kind: str = "partial") -> Path:
    """A fresh name beside ``target``, hidden and marked as unfinished (``.NAME.partial-XXXX``)."""
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.{kind}-", dir=target.parent or Path("."))
    os.close(handle)
    os.unlink(temp)
    return Path(temp)


@contextmanager
def written_aside(target: Path) -> Iterator[Path]:
    """A temporary path beside ``target`` (not yet made), renamed onto ``target`` when the block ends without
    error, else removed with its SQLite side files: a reader never sees half a file, and a killed or failed
    write leaves the old ``target`` whole. A symbolic link at ``target`` is replaced, never written through."""
    temp = aside_name(target)
    try:
        yield temp
        _settle(temp)
        os.replace(temp, target)
        _sync_folder(target)
    except BaseException:
        _remove(temp)
        raise


@contextmanager
def written_new(target: Path) -> Iterator[Path]:
    """As :func:`written_aside`, for a file that must be new (a backup, a copy, a new ledger): the finished
    file is put at ``target`` only if nothing is there (a hard link, which never replaces; where the
    filesystem has none, an exclusive claim of the name, then a rename onto the claim). Something at ``target``
    by then (made meanwhile) is a :class:`LedgerExistsError`, and is left as it is. A killed write leaves no
    file at ``target``, so that the next attempt is not refused."""
    temp = aside_name(target)
    try:
        yield temp
        _settle(temp)
        _place_new(temp, target)
        _sync_folder(target)
    finally:
        _remove(temp)


def _place_new(temp: Path, target: Path) -> None:
    """Give the finished ``temp`` the name ``target``, never replacing what is there."""
    try:
        os.link(temp, target)
        return
    except FileExistsError:
        raise LedgerExistsError(f"{target} was made meanwhile by someone else: it is left as it is") from None
    except OSError:  # a filesystem without hard links (FAT, some network shares): claim the name, then fill it
        pass
    try:
        with open(target, "xb"):
            pass
    except FileExistsError:
        raise LedgerExistsError(f"{target} was made meanwhile by someone else: it is left as it is") from None
    os.replace(temp, target)


def _settle(path: Path) -> None:
    """Make a finished file whole and durable before it is named: a SQLite file's write-ahead log folded into
    it (its side files would not follow the rename), then its bytes synced to the disk."""
    wal = Path(f"{path}-wal")
    if wal.is_file() and wal.stat().st_size > 0:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    journal = Path(f"{path}-journal")
    if journal.is_file() and journal.stat().st_size > 0:  # a transaction left open: the file is not finished
        raise OSError(f"{path} holds an unfinished SQLite transaction")
    for suffix in SIDE_FILES[1:]:  # empty, or SQLite's shared-memory index: none holds data once all is closed
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if path.is_file():
        with open(path, "rb") as handle:
            os.fsync(handle.fileno())


def _sync_folder(target: Path) -> None:
    """Make the new name durable: sync the folder that holds it (where the system allows it)."""
    try:
        handle = os.open(target.parent if str(target.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:  # a folder some systems cannot sync
        pass
    finally:
        os.close(handle)


def _remove(temp: Path) -> None:
    """Remove a temporary file (or folder) and its SQLite side files."""
    for suffix in SIDE_FILES:
        side = Path(f"{temp}{suffix}")
        if side.is_dir() and not side.is_symlink():
            shutil.rmtree(side, ignore_errors=True)
        else:
            side.unlink(missing_ok=True)
