"""Issue 22 §1: :mod:`ledger.outputs`, the one rule for every file a command writes."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from ledger.errors import LedgerExistsError
from ledger.outputs import OutputError, check_target, protected, written_aside, written_new


def test_a_new_file_never_replaces_one_made_meanwhile(tmp_path: Path) -> None:
    target = tmp_path / "copy.db"
    made = r"copy\.db was made meanwhile by someone else: it is left as it is"
    with pytest.raises(LedgerExistsError, match=made), written_new(target) as temp:
        temp.write_text("mine", encoding="utf-8")
        target.write_text("theirs", encoding="utf-8")
    assert target.read_text(encoding="utf-8") == "theirs"
    assert sorted(os.listdir(tmp_path)) == ["copy.db"]


def test_a_new_file_is_named_on_a_filesystem_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: str, target: str) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")  # as FAT answers

    monkeypatch.setattr(os, "link", no_links)
    with written_new(tmp_path / "copy.db") as temp:
        temp.write_text("whole", encoding="utf-8")
    assert (tmp_path / "copy.db").read_text(encoding="utf-8") == "whole"
    assert sorted(os.listdir(tmp_path)) == ["copy.db"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "list.csv"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(RuntimeError), written_aside(target) as temp:
        temp.write_text("half", encoding="utf-8")
        raise RuntimeError("killed")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["list.csv"]


def test_a_ledger_that_is_a_link_protects_the_side_files_of_the_file_it_leads_to(tmp_path: Path) -> None:
    """SQLite names the ``-wal`` after the real file: ``data/real.db-wal`` for a ledger ``l.db → data/real.db``."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "real.db").write_bytes(b"")
    (tmp_path / "l.db").symlink_to(tmp_path / "data" / "real.db")
    with pytest.raises(OutputError) as refused:
        check_target(str(tmp_path / "data" / "real.db-wal"), protected(str(tmp_path / "l.db")), "--out")
    assert str(refused.value) == (
        f"--out {tmp_path}/data/real.db-wal is the ledger's wal file {tmp_path}/l.db-wal: write to another file"
    )


def test_a_loop_of_links_is_not_the_ledger(tmp_path: Path) -> None:
    (tmp_path / "a.svg").symlink_to(tmp_path / "b.svg")
    (tmp_path / "b.svg").symlink_to(tmp_path / "a.svg")
    (tmp_path / "l.db").write_bytes(b"")
    assert check_target(str(tmp_path / "a.svg"), protected(str(tmp_path / "l.db")), "--plot") == tmp_path / "a.svg"
