"""``python -m benchmarks.postgres`` on a tiny federation: every measure runs, and every list it times is the
cold replay's (issue 15 §4)."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from benchmarks.postgres import main
from tests.pg_support import require_server, server_url


@pytest.mark.slow
def test_every_measure_on_a_tiny_federation(tmp_path: Path) -> None:
    require_server()
    figures_path = tmp_path / "figures.json"
    args = ["--games", "2000", "--players", "100", "--years", "2", "--data", str(tmp_path / "data")]
    options = ["--url", server_url(), "--rounds", "1", "--writer-seconds", "1", "--json", str(figures_path)]
    assert main([*args, *options]) == 0
    figures = json.loads(figures_path.read_text(encoding="utf-8"))
    assert figures["import"]["rows"] == 2100  # 100 players and 2,000 games
    assert figures["log"]["events"] == 2100
    assert figures["warm"]["equals_cold"] is True
    assert figures["correction"]["equals_cold"] is True
    assert figures["correction"]["lists_changed"] == 1
    assert figures["cold"]["listed"] > 50  # of 100 players
    for name in ("postgresql_1", "postgresql_4", "sqlite_1", "sqlite_4"):
        writers = figures["writers"][name]
        assert writers["errors"] == 0, writers["error_samples"]
        assert writers["games"] > 0 and len(writers["per_writer"]) == writers["writers"]
    with psycopg.connect(server_url(), autocommit=True) as conn:
        left = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE 'ratings_bench_%'").fetchall()
    assert left == []  # the benchmark's database is dropped
