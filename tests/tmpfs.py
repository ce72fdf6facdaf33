"""A small tmpfs of a test's own: a read-only folder or a full disk (root only; skipped where it cannot be mounted)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def mounted(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` (``1m``) mounted on the new folder ``folder``, unmounted afterwards."""
    folder.mkdir()
    if subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True
    ).returncode:
        pytest.skip("cannot mount a tmpfs here (not root?)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def remount_read_only(folder: Path) -> None:
    """Make the mounted ``folder`` read-only, for root too."""
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
