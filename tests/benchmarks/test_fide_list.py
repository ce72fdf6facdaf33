"""The FIDE list benchmark at 1,000 players: the files it writes, and a figure for each reader (no timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.fide_list import TXT_HEADER, main, run, write_lists
from ledger.fide_list import read


def test_synthetic_lists_agree_and_are_seeded(tmp_path: Path) -> None:
    txt, xml = write_lists(tmp_path / "a", 1000, 13)
    lines = txt.read_bytes().split(b"\r\n")
    assert lines[0].decode() == TXT_HEADER
    assert len(lines) == 1002 and lines[-1] == b""  # header, 1,000 players, CRLF after the last
    assert all(len(line) == 162 for line in lines[:-1])
    assert xml.read_text().count("<player>") == 1000
    assert list(read(str(txt))) == [entry._replace(line=entry.line + 1) for entry in read(str(xml))]
    again_txt, _ = write_lists(tmp_path / "b", 1000, 13)
    assert again_txt.read_bytes() == txt.read_bytes()


def test_run_measures_both_formats(tmp_path: Path) -> None:
    figures = run(tmp_path, 1000, 13, 1)
    for name in ("xml", "txt"):
        row = figures[name]
        assert row["players_read"] == 1000
        assert row["seconds"] > 0 and row["baseline_seconds"] > 0
        assert row["peak_kib"] > 0 and row["baseline_peak_kib"] > 0
        assert row["time_ratio"] == row["seconds"] / row["baseline_seconds"]


def test_main_prints_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["--players", "200", "--dir", str(tmp_path), "--rounds", "1"])
    out = capsys.readouterr().out
    assert "xml: 200 players" in out and "txt: 200 players" in out
