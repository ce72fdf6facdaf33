"""Every system of issue 5 on the demo's ledger: its JSON list and ``explain`` work (issue 5, "Done when").

The demo federation (``ratings demo --keep``) has players rated elsewhere who
bring FIDE ratings and ECF grades, dates of birth, and standard, rapid and
blitz games over 2019–2023.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from projections.registry import RULES, get_rules, system_for
from tests.commands.support import Ratings

SYSTEMS = [name for name, params in RULES.items() if system_for(params).family not in ("iecg", "icu")]
"""The systems of issue 5 (the IECG and the ICU have their own tests of the same)."""
ROW_KEYS = {"position", "player", "name", "rating", "status", "games"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Ratings:
    db = tmp_path_factory.mktemp("demo") / "demo.db"
    result = CliRunner().invoke(cli, ["demo", "--keep", str(db)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return Ratings(Path(db))


def test_every_system_is_on_the_demo(demo: Ratings) -> None:
    assert {"ecf-grading", "ecf-online", "fide-2014", "fide-2022", "fide-2024", "glicko", "glicko2"} <= set(SYSTEMS)


@pytest.mark.parametrize("rules", SYSTEMS)
def test_json_list_and_explain(demo: Ratings, rules: str) -> None:
    periods = get_rules(rules).periods
    period = periods.label(periods.index_of_day("2023-12-01"))
    document = json.loads(demo.ok("list", "--rules", rules, "--period", period, "--format", "json").stdout)
    rows = document["players"]
    assert rows, f"{rules}: the demo's list of {period} is empty"
    assert all(row.keys() >= ROW_KEYS for row in rows)
    assert [row["position"] for row in rows] == list(range(1, len(rows) + 1))
    assert [row["rating"] for row in rows] == sorted((row["rating"] for row in rows), reverse=True)
    leader = rows[0]["player"]
    text = demo.ok("explain", leader, "--rules", rules, "--period", period).stdout
    assert text.startswith(f"{leader} {rows[0]['name']}: {rules}, period {period}\n")
    assert "\nbefore: " in text and "\nafter: " in text
    history = demo.ok("history", leader, "--rules", rules).stdout
    assert history.splitlines()[0].split()[:2] == ["period", "rating"]
