"""The readers' benchmark at 2 MiB a file (over the longest line limit, 1 MiB): every reader, every kind of bad file,
refused as the 1 GiB run asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.readers import KINDS, READERS, main, run, write_case


def test_files_are_of_the_size_asked(tmp_path: Path) -> None:
    for kind in KINDS:
        path = tmp_path / kind
        write_case(path, READERS[2], kind, 300_000)
        assert path.stat().st_size == 300_000
    assert (tmp_path / "error at line 3").read_bytes().startswith(b"012 Open\n042 2024/03/01\n001    1 w    Doe")
    assert (tmp_path / "one line").read_bytes() == b"a" * 300_000


def test_every_case_is_refused_with_its_message(tmp_path: Path) -> None:
    rows = run(tmp_path, 2 << 20)
    assert [(row["reader"], row["case"]) for row in rows] == [(r.name, kind) for r in READERS for kind in KINDS]
    for row in rows:
        assert row["status"] == 1 and row["ok"], row
        assert isinstance(row["peak_mb"], float) and 0 < row["peak_mb"] <= 300
    assert not list(tmp_path.glob("*.dat"))


def test_main_prints_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--size", "65536", "--dir", str(tmp_path), "--readers", "trf,fide xml", "--check"]) == 0
    out = capsys.readouterr().out
    assert "readers on 65,536 bytes each (targets: 300 MB, 30 s)" in out
    assert out.count(" ok\n") == 2 * len(KINDS) and "  trf            one line   " in out
