"""The whole benchmark on a tiny federation, every family: every figure is written, and every list the
warm cache and the corrections give is byte for byte a cold replay's. Timings are not checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.run import main

FAMILIES = {
    "iecg": "iecg-1.7",
    "icu": "icu-1980",
    "ecf-grading": "ecf-grading",
    "ecf-online": "ecf-online",
    "fide": "fide-2024",
    "glicko": "glicko",
    "glicko2": "glicko2",
}
MEASURES = {
    "rules",
    "period",
    "listed",
    "raw_scan_seconds",
    "raw_scan_samples",
    "raw_scan_cpu_seconds",
    "raw_scan_cpu_samples",
    "cold_seconds",
    "cold_samples",
    "cold_cpu_seconds",
    "cold_cpu_samples",
    "cold_process_cpu_seconds",
    "cold_ratio_raw",
    "cold_cpu_ratio_raw",
    "cache_bytes",
    "floor_seconds",
    "floor_cpu_seconds",
    "floor_read_seconds",
    "floor_players",
    "floor_peak_kib",
    "cold_ratio_floor",
    "cold_cpu_ratio_floor",
    "cold_no_cache_seconds",
    "cold_no_cache_cpu_seconds",
    "cold_peak_kib",
    "cold_no_cache_peak_kib",
    "record_seconds",
    "record_cpu_seconds",
    "record_cpu_samples",
    "record_small_seconds",
    "record_small_cpu_seconds",
    "record_small_cpu_samples",
    "record_cpu_ratio_small",
    "warm_list_seconds",
    "warm_list_samples",
    "warm_list_cpu_seconds",
    "warm_list_cpu_samples",
    "warm_list_json_seconds",
    "warm_list_json_cpu_seconds",
    "warm_list_again_seconds",
    "warm_list_again_cpu_seconds",
    "warm_in_process_seconds",
    "warm_equals_cold",
    "correction_period",
    "correction_month",
    "correction_games",
    "correction_list_seconds",
    "correction_list_samples",
    "correction_list_cpu_seconds",
    "correction_list_cpu_samples",
    "correction_list_alone_seconds",
    "correction_list_alone_cpu_seconds",
    "correction_lists_changed",
    "corrected_equals_cold",
    "corrected_cold_seconds",
    "corrected_cold_cpu_seconds",
    "queried_player",
    "history_seconds",
    "history_samples",
    "history_cpu_seconds",
    "history_cpu_samples",
    "explain_seconds",
    "explain_samples",
    "explain_cpu_seconds",
    "explain_cpu_samples",
}
LATEST = {
    "iecg": "2006-11",
    "icu": "2006-01",
    "ecf-grading": "2006-01",
    "ecf-online": "2006-12",
    "fide": "2006-12",
    "glicko": "2006-12",
    "glicko2": "2006-12",
}
"""The period of 15 December 2006, the warm games' day, under each family's rules (named by its first
month: two-month IECG periods, calendar years for the ICU and for ECF grading before 2012, months)."""


@pytest.mark.slow
def test_every_family_on_a_tiny_federation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures_path = tmp_path / "figures.json"
    args = ["--games", "2000", "--players", "100", "--years", "2", "--data", str(tmp_path / "data")]
    assert main([*args, "--rounds", "1", "--json", str(figures_path)]) == 0
    out = capsys.readouterr().out
    figures = json.loads(figures_path.read_text(encoding="utf-8"))
    assert set(figures) == {
        "benchmark",
        "started",
        "command",
        "machine",
        "parameters",
        "federation",
        "startup",
        "import",
        "small_ledger",
        "log",
        "families",
        "audit",
        "targets",
        "missed",
    }
    assert figures["parameters"]["games"] == 2000
    assert figures["parameters"]["systems"] == list(FAMILIES)
    assert figures["federation"]["games"] == 2000
    assert figures["federation"]["players"] == 100
    assert list(figures["families"]) == list(FAMILIES)
    for key, rules in FAMILIES.items():
        family = figures["families"][key]
        assert set(family) == MEASURES, key
        assert family["rules"] == rules
        assert family["period"] == LATEST[key]
        assert family["warm_equals_cold"] is True, key
        assert family["corrected_equals_cold"] is True, key
        assert family["listed"] >= 50, key  # of 100 players: every system lists most of them
        assert family["floor_players"] >= 50, key
        assert len(family["correction_games"]) == 1
    assert figures["audit"]["reproduced"] is True
    assert set(figures["startup"]) >= {"version_cpu_seconds", "click_cpu_seconds", "version_cpu_ratio_click"}
    assert figures["import"]["peak_kib"] > 0
    assert figures["small_ledger"]["games"] == 1000
    assert all(family["record_cpu_ratio_small"] is not None for family in figures["families"].values())
    assert "Targets" in out
    assert f"Figures written to {figures_path}" in out
