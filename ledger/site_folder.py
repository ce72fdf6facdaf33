"""A folder written whole, then put in place at once, with a manifest of its files.

``ratings site`` writes its pages into a staging folder beside the target, ``.NAME.partial-XXXX`` (hidden,
marked unfinished, and without a manifest until its last file is written), and puts it in place only when
every file is written: by ``renameat2(RENAME_EXCHANGE)`` where the target exists (one system call swaps the
two folders: at every instant NAME is the whole old site or the whole new one, never a mix, never absent),
by a plain rename where it does not. The old site, now at the staging name, is then removed. Where the file
system cannot exchange (not Linux, some network file systems), the old folder is renamed aside
(``.NAME.old-XXXX``) and the new one renamed in: between those two renames there is no folder at NAME, but
never a mixed one. A killed build leaves its staging folder; the next build removes it (a staging folder
still locked by a running build is left alone: :func:`fcntl.flock` on the folder, released by the kernel
when its process dies).

The manifest (:data:`MANIFEST`) names what the site shows (the caller's fields: rules, span, log head) and
the SHA-256 of every other file, hashed from the bytes as they are written. A folder is replaced only when
it is empty or a site whose manifest lists every file it holds: a folder of other files is never deleted.

>>> import tempfile
>>> target = Path(tempfile.mkdtemp()) / "site"
>>> with Staging(target) as staging:
...     staging.write("index.html", b"<p>hello</p>")
...     staging.finish({"log_head": "1:ab"})
>>> sorted(p.name for p in target.parent.iterdir()), manifest_of(target).files
(['site'], {'index.html': '...'})
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from ledger.outputs import OutputError, aside_name

MANIFEST = "manifest.json"
"""The manifest's file name, at the top of the site."""

FORMAT = "ratings-site/1"
"""The manifest's ``format``: what tells a site's manifest from another program's ``manifest.json``."""

LEFTOVERS = ("partial", "old")
"""The kinds of folder a build leaves beside the target when killed: its staging folder, or the old site."""

_RENAME_EXCHANGE = 2
"""``linux/fs.h``: renameat2's flag to swap two paths atomically."""
_AT_FDCWD = -100


class SiteFolderError(OutputError):
    """A folder the site may not replace, or a staging folder that could not be made or put in place."""


@dataclass(frozen=True)
class Manifest:
    """A site's manifest: what it shows (``about``) and each file's SHA-256 (hex) by its path in the site."""

    about: Mapping[str, Any]
    files: Mapping[str, str]


def manifest_of(folder: Path) -> Manifest | None:
    """The site manifest of ``folder``; None when it has no ``manifest.json`` or one that is not a site's."""
    try:
        document = json.loads((folder / MANIFEST).read_bytes())
    except (OSError, ValueError):
        return None
    if (
        not isinstance(document, dict)
        or document.get("format") != FORMAT
        or not isinstance(document.get("files"), dict)
    ):
        return None
    files = document.pop("files")
    return Manifest(document, {str(k): str(v) for k, v in files.items()})


def files_in(folder: Path) -> list[str]:
    """Every file under ``folder`` (its path in it, ``/``-separated), the manifest left out, sorted."""
    found = (p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir())
    return sorted(name for name in found if name != MANIFEST)


def leftover_kind(folder: Path) -> str | None:
    """``partial`` or ``old`` when ``folder`` is named as a build's staging folder or an old site set aside
    (``.NAME.partial-XXXX``, ``.NAME.old-XXXX``): never a site, whatever it holds; else None."""
    found = re.fullmatch(rf"\..+\.({'|'.join(LEFTOVERS)})-[^/]+", folder.name)
    return found.group(1) if found else None


def check_replaceable(target: Path, shown: str, option: str = "--out") -> None:
    """Refuse (:class:`SiteFolderError`) a ``target`` the site may not replace whole: a file, or a folder
    holding files that are not a site's (no site manifest, or files its manifest does not list)."""
    if not target.exists():
        return
    if not target.is_dir():
        raise SiteFolderError(f"{option} {shown} is a file, not a folder")
    if not any(target.iterdir()):
        return
    manifest = manifest_of(target)
    if manifest is None:  # its files are not counted: it may be a home folder
        raise SiteFolderError(
            f"{option} {shown} is a folder of other files, with no site manifest ({MANIFEST}): the site "
            "replaces its folder whole, so it writes only into a new or empty folder or a site it wrote"
        )
    extra = [name for name in files_in(target) if name not in manifest.files]
    if extra:
        more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
        raise SiteFolderError(
            f"{option} {shown} holds {len(extra)} file(s) its manifest does not list ({', '.join(extra[:3])}"
            f"{more}): the site replaces its folder whole; move them out first"
        )


def clean_leftovers(target: Path) -> None:
    """Remove the staging and old folders killed builds left beside ``target`` (not one a build still holds)."""
    for kind in LEFTOVERS:
        for leftover in target.parent.glob(f".{target.name}.{kind}-*"):
            if leftover.is_symlink() or not leftover.is_dir():
                continue
            try:
                handle = os.open(leftover, os.O_RDONLY | os.O_DIRECTORY)
            except OSError:
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # a build running now holds it
                continue
            finally:
                os.close(handle)  # closing releases the lock too
            shutil.rmtree(leftover, ignore_errors=True)


class Staging:
    """The staging folder of a site at ``target``: :meth:`write` each file, then :meth:`finish`.

    Used as a context manager: leaving the block without :meth:`finish` (an error) removes the staging
    folder, and the target stays as it was.
    """

    def __init__(self, target: Path) -> None:
        self.target = target
        self.hashes: dict[str, str] = {}
        self.path = Path()
        self._lock: int | None = None

    def __enter__(self) -> Staging:
        self.target.parent.mkdir(parents=True, exist_ok=True)
        clean_leftovers(self.target)
        path = aside_name(self.target, "partial")
        path.mkdir()
        try:
            self._lock = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
            fcntl.flock(self._lock, fcntl.LOCK_EX)  # a concurrent build's clean_leftovers leaves it alone
        except BaseException:
            self._unlock()
            path.rmdir()
            raise
        self.path = path
        return self

    def write(self, relative: str, data: bytes) -> None:
        """Write one file of the site, and keep its SHA-256 for the manifest."""
        path = self.path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.hashes[relative] = hashlib.sha256(data).hexdigest()

    def finish(self, about: Mapping[str, Any]) -> None:
        """Write the manifest (the last file), make the files durable, and put the folder in place."""
        document = {"format": FORMAT, **about, "files": dict(sorted(self.hashes.items()))}
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        (self.path / MANIFEST).write_bytes(text.encode("utf-8"))
        _sync(self.path)
        old = swap(self.path, self.target)
        self._unlock()
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)  # killed here: the next build removes it

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._unlock()
        if kind is not None and self.path.name:
            shutil.rmtree(self.path, ignore_errors=True)


def swap(staging: Path, target: Path) -> Path | None:
    """Put the finished ``staging`` folder at ``target``; where the old folder is now (to remove), if any."""
    if not target.exists():
        os.rename(staging, target)
        return None
    try:
        _exchange(staging, target)
        return staging
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
    old = aside_name(target, "old")  # no exchange here: a moment with no folder at target, never a mixed one
    os.rename(target, old)
    try:
        os.rename(staging, target)
    except OSError:
        os.rename(old, target)  # the old site back in place
        raise
    return old


def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def _exchange(one: Path, other: Path) -> None:
    """Swap two paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``); OSError ENOSYS where there is none."""
    renameat2 = getattr(_libc(), "renameat2", None)
    if renameat2 is None:
        raise OSError(errno.ENOSYS, "renameat2 is not available")
    if renameat2(_AT_FDCWD, os.fsencode(one), _AT_FDCWD, os.fsencode(other), _RENAME_EXCHANGE) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), str(other))


def _sync(folder: Path) -> None:
    """Make the staged files durable before they are put in place: ``syncfs`` of their file system (one call,
    not an fsync a file), or :func:`os.sync` where there is none."""
    syncfs = getattr(_libc(), "syncfs", None)
    if syncfs is None:
        os.sync()
        return
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        syncfs(handle)
    finally:
        os.close(handle)


def hash_file(path: Path) -> str:
    """The SHA-256 (hex) of a file's bytes."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


@dataclass(frozen=True)
class Differences:
    """How a folder differs from its manifest: files missing, differing, and not listed."""

    missing: tuple[str, ...]
    differing: tuple[str, ...]
    extra: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.missing or self.differing or self.extra)


def compare(folder: Path, manifest: Manifest) -> Differences:
    """Each file of ``folder`` against the SHA-256 its manifest lists."""
    held = set(files_in(folder))
    missing = tuple(name for name in manifest.files if name not in held)
    differing = tuple(
        name for name in sorted(held & set(manifest.files)) if hash_file(folder / name) != manifest.files[name]
    )
    return Differences(missing, differing, tuple(sorted(held - set(manifest.files))))
