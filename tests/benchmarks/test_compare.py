"""The comparison of a benchmark run with a saved one: ratios and flags on hand-worked figures, no timing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.compare import compare, flatten, main, report

SAVED: dict[str, Any] = {
    "started": "2026-11-27 12:00:00 UTC",
    "command": "python -m benchmarks.run",
    "parameters": {"games": 1000, "players": 100, "years": 2, "first_year": 2005, "seed": 1997, "systems": ["iecg"]},
    "machine": {"cores": "2"},
    "startup": {"version_cpu_seconds": 0.10, "click_cpu_seconds": 0.05},
    "import": {
        "rows": 1100,
        "seconds": 20.0,
        "cpu_seconds": 10.0,
        "cpu_ratio": 0.20,
        "raw_executemany_cpu_seconds": 2.0,
        "priors_seconds": 5.0,
    },
    "log": {"events": 1200, "bytes": 1000},
    "families": {
        "iecg": {
            "rules": "iecg-1.7",
            "listed": 90,
            "warm_list_cpu_seconds": 0.50,
            "warm_list_cpu_samples": [0.5, 0.6],
            "cold_peak_kib": 1000,
            "cold_cpu_ratio_raw": 3.0,
            "raw_scan_cpu_seconds": 1.0,
            "warm_equals_cold": True,
            "history_cpu_seconds": 0.25,
            "explain_cpu_seconds": None,
        }
    },
    "audit": None,
    "targets": [{"name": "x", "ok": True}],
    "missed": 0,
}


def _now() -> dict[str, Any]:
    now: dict[str, Any] = json.loads(json.dumps(SAVED))
    family = now["families"]["iecg"]
    family["warm_list_cpu_seconds"] = 0.61  # 1.22: more than 20 % worse
    family["cold_peak_kib"] = 1200  # 1.20: exactly 20 %, not more
    family["cold_cpu_ratio_raw"] = 2.4  # 0.80: better
    family["raw_scan_cpu_seconds"] = 2.0  # a baseline twice as slow: shown, never flagged
    family["warm_equals_cold"] = False  # a check that held and fails now
    family["history_cpu_seconds"] = 0.20
    family["listed"] = 50  # a count: not compared
    now["import"]["cpu_ratio"] = 0.16  # higher is better: 0.16 × 1.2 = 0.192 < 0.20, worse
    now["import"]["cpu_seconds"] = 11.0  # 1.10
    now["import"]["seconds"] = 40.0  # 2.00, but wall time beside a CPU twin: shown, never flagged
    now["import"]["priors_seconds"] = 6.5  # 1.30, wall time without a CPU twin: flagged
    now["startup"]["version_cpu_seconds"] = 0.13  # 1.30: worse
    return now


def test_flatten_keeps_numbers_and_checks_of_the_compared_sections() -> None:
    flat = flatten(SAVED)
    assert flat["families.iecg.warm_list_cpu_seconds"] == 0.5
    assert flat["families.iecg.warm_equals_cold"] is True
    assert flat["import.rows"] == 1100
    assert "families.iecg.warm_list_cpu_samples" not in flat  # lists are left out
    assert "families.iecg.rules" not in flat
    assert "families.iecg.explain_cpu_seconds" not in flat  # not measured (null)
    assert "missed" not in flat and "machine.cores" not in flat


def test_ratios_and_flags() -> None:
    rows = {row.key: row for row in compare(SAVED, _now())}
    warm = rows["families.iecg.warm_list_cpu_seconds"]
    assert warm.ratio == pytest.approx(1.22)
    assert warm.worse
    peak = rows["families.iecg.cold_peak_kib"]
    assert peak.ratio == pytest.approx(1.2)
    assert not peak.worse
    assert not rows["families.iecg.cold_cpu_ratio_raw"].worse
    assert rows["families.iecg.cold_cpu_ratio_raw"].ratio == pytest.approx(0.8)
    raw = rows["families.iecg.raw_scan_cpu_seconds"]
    assert raw.baseline and raw.ratio == pytest.approx(2.0) and not raw.worse
    assert rows["families.iecg.warm_equals_cold"].worse
    assert rows["families.iecg.warm_equals_cold"].ratio is None
    assert not rows["families.iecg.history_cpu_seconds"].worse
    imported = rows["import.cpu_ratio"]
    assert imported.higher_is_better and imported.ratio == pytest.approx(0.8) and imported.worse
    assert not rows["import.cpu_seconds"].worse
    assert rows["import.seconds"].wall and not rows["import.seconds"].worse
    assert rows["import.priors_seconds"].worse and not rows["import.priors_seconds"].wall
    assert rows["startup.version_cpu_seconds"].worse
    assert "families.iecg.listed" not in rows and "import.rows" not in rows and "log.events" not in rows
    assert not rows["log.bytes"].worse
    flagged = {key for key, row in rows.items() if row.worse}
    assert flagged == {
        "families.iecg.warm_list_cpu_seconds",
        "families.iecg.warm_equals_cold",
        "import.cpu_ratio",
        "import.priors_seconds",
        "startup.version_cpu_seconds",
    }


def test_a_higher_is_better_figure_within_the_tolerance() -> None:
    now = _now()
    now["import"]["cpu_ratio"] = 0.17  # 0.17 × 1.2 = 0.204 ≥ 0.20: not flagged
    rows = {row.key: row for row in compare(SAVED, now)}
    assert not rows["import.cpu_ratio"].worse


def test_the_report_and_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    now = _now()
    now["parameters"] = {**now["parameters"], "games": 2000, "systems": ["iecg", "glicko2"]}
    lines = report(SAVED, now, "saved.json")
    assert lines[0].startswith("Compared with saved.json (started 2026-11-27 12:00:00 UTC")
    assert any("games: 1000 then, 2000 now" in line for line in lines)
    assert any("did not measure glicko2" in line for line in lines)
    warm = next(line for line in lines if "families.iecg.warm_list_cpu_seconds" in line)
    assert "1.22" in warm and "WORSE" in warm
    raw = next(line for line in lines if "families.iecg.raw_scan_cpu_seconds" in line)
    assert raw.endswith("baseline")
    assert lines[-1].startswith("  5 of ")
    assert next(line for line in lines if "import.seconds" in line).endswith("wall")
    saved_path, now_path = tmp_path / "saved.json", tmp_path / "now.json"
    saved_path.write_text(json.dumps(SAVED), encoding="utf-8")
    now_path.write_text(json.dumps(now), encoding="utf-8")
    assert main([str(saved_path), str(now_path)]) == 0  # a report, never a failure
    assert "WORSE" in capsys.readouterr().out
