"""The site benchmark on a small federation: it builds the ledger and the site and reports each figure."""

from __future__ import annotations

from pathlib import Path

from benchmarks.federation import Params
from benchmarks.site import run


def test_run_builds_the_site_and_measures_it(tmp_path: Path) -> None:
    figures = run(tmp_path, "2024-11", "2024-11", "iecg-1.7", Params(games=3000, players=120))
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "lists" / "iecg-1.7" / "2024-11.html").is_file()
    assert figures["site_files"] > 120  # a page per player, and the lists and their downloads
    for name in ("cold_list", "warm_list", "site", "site_check"):
        assert figures[name]["seconds"] > 0 and figures[name]["peak_kib"] > 0
    assert figures["site_over_warm_list"] == figures["site"]["seconds"] / figures["warm_list"]["seconds"]
