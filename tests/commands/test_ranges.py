"""Issue 10 §3 ranges, and inputs that ended in a traceback (issue 10, "Why"): each now a one-line refusal.

- ``publish --on`` before the period's last day; ``export`` and ``pool`` before the ledger's first fact
  or after the current period (the period containing today); ``convert`` outside its source's range;
- periods of year 0; ``export --out`` into a file or an unwritable place; ``pool --plot`` and
  ``demo --keep`` into a missing folder; a damaged ``ListPublished`` in ``verify``, ``audit`` and ``log``.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from tests.commands.support import RULES, Ratings


@pytest.fixture
def g1(two_players: Ratings) -> Ratings:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    return two_players


def test_publish_refuses_a_date_before_the_periods_last_day(g1: Ratings) -> None:
    g1.refused("publish", *RULES, "--period", "2024-01", "--on", "2024-02-28",
               message="publication date 2024-02-28 is before the last day of period 2024-01 (2024-02-29)")  # fmt: skip
    g1.refused("publish", *RULES, "--period", "2024-01", "--on", "2023-12-31", message="before the last day")
    assert (
        "published the iecg-1.7 list of 2024-01 on 2024-02-29"
        in g1.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-02-29").stdout
    )


def test_export_and_pool_refuse_periods_outside_the_ledger(g1: Ratings, tmp_path: Path) -> None:
    out = ("--out", str(tmp_path / "lists"))
    this = date.today()
    current = f"{this.year:04d}-{(this.month - 1) // 2 * 2 + 1:02d}"  # IECG periods: two months from January
    after = f"{this.year + 1:04d}-01"
    before = "the ledger's first fact: its first period under iecg-1.7 is 2024-01"
    g1.refused(
        "export", *RULES, "--from", "2023-11", "--to", "2024-01", *out, message=f"--from 2023-11 is before {before}"
    )
    g1.refused("pool", *RULES, "--from", "2023-11", "--to", "2024-01", message=f"--from 2023-11 is before {before}")
    late = f"--to {after} is after the current period: the period of today ({this.isoformat()}) under iecg-1.7"
    late += f" is {current}"
    g1.refused("export", *RULES, "--from", "2024-01", "--to", after, *out, message=late)
    g1.refused("pool", *RULES, "--from", "2024-01", "--to", after, message=late)
    g1.refused("pool", *RULES, "--from", "2024-03", "--to", "2024-01", message="--to 2024-01 is before --from 2024-03")
    assert not (tmp_path / "lists").exists()
    g1.ok("export", *RULES, "--from", "2024-01", "--to", current, *out)
    assert (tmp_path / "lists" / f"iecg-1.7_{current}.json").exists()


def test_export_and_pool_of_a_ledger_without_games_are_refused(two_players: Ratings) -> None:
    two_players.refused("pool", *RULES, "--from", "2024-01", "--to", "2024-01", message="the ledger has no games yet")


@pytest.mark.parametrize(
    "value, source, message",
    [
        ("5000", "ecf", "ECF 5000 is outside the range of ECF values, 0 to 400"),
        ("401", "ecf", "ECF 401 is outside the range of ECF values, 0 to 400"),
        ("99", "fide", "FIDE 99 is outside the range of FIDE values, 100 to 3500"),
        ("3501", "uscf", "USCF 3501 is outside the range of USCF values, 100 to 3500"),
        ("100000", "national-elo", "national Elo 100000 is outside the range"),
    ],
)
def test_convert_refuses_values_outside_the_source_range(
    ratings: Ratings, value: str, source: str, message: str
) -> None:
    target = "fide" if source != "fide" else "ecf"
    ratings.refused("convert", value, "--from", source, "--to", target, message=message)


def test_convert_takes_the_ends_of_the_range(ratings: Ratings) -> None:
    # Seed 004: FIDE = 5·ECF + 1250 below ECF 216.
    assert ratings.ok("convert", "0", "--from", "ecf", "--to", "fide").stdout.startswith("ECF 0 → FIDE 1250 ")


@pytest.mark.parametrize("rules", ["iecg-1.7", "iecg", "fide-2024", "ecf-grading", "icu-1980", "glicko2"])
@pytest.mark.parametrize("command", ["list", "diff"])
def test_a_period_of_year_0_is_refused(g1: Ratings, rules: str, command: str) -> None:
    g1.refused(command, "--rules", rules, "--period", "0000-01",
               message="period '0000-01' is before 1900: the ledger's dates start on 1900-01-01")  # fmt: skip


def test_export_out_into_a_file_or_an_impossible_folder_is_refused(g1: Ratings, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    span = (*RULES, "--from", "2024-01", "--to", "2024-01")
    g1.refused("export", *span, "--out", str(tmp_path / "afile"), status=2, message="is a file")
    g1.refused("export", *span, "--out", str(tmp_path / "afile" / "lists"),
               message="a part of this path is a file, not a folder")  # fmt: skip
    g1.refused("export", *span, "--out", "/proc/ratings-lists", message="cannot write the lists into --out")


def test_pool_plot_into_a_missing_or_impossible_place_is_refused(g1: Ratings, tmp_path: Path) -> None:
    span = (*RULES, "--from", "2024-01", "--to", "2024-01")
    missing = str(tmp_path / "missing" / "pool.svg")
    result = g1.refused("pool", *span, "--plot", missing, message=f"cannot write the chart --plot {missing}: no folder")
    assert result.stdout == ""
    result = g1.refused(
        "pool", *span, "--plot", "/proc/pool.svg", message="cannot write the chart --plot /proc/pool.svg"
    )
    assert result.stdout == ""
    g1.refused("pool", *span, "--plot", str(tmp_path / "pool.gif"), status=2, message="name the file *.svg or *.png")


def test_demo_keep_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "unused.db", init=False)
    keep = str(tmp_path / "missing" / "demo.db")
    ratings.refused("demo", "--keep", keep, message=f"cannot keep the demo ledger in {keep}: no folder")
    assert not (tmp_path / "missing").exists()


def _spoil_publication(db: Path, state: bytes) -> int:
    with closing(sqlite3.connect(db)) as conn, conn:
        (rowid,) = conn.execute("SELECT rowid FROM stored_events WHERE topic LIKE '%:ListPublished'").fetchone()
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (state, rowid))
    return int(rowid)


@pytest.mark.parametrize(
    "spoil, says",
    [
        (lambda s: json.dumps({k: v for k, v in s.items() if k != "log_position"}).encode(), "it lacks log_position"),
        (lambda s: json.dumps({**s, "log_position": "12x"}).encode(), "its log_position is '12x'"),
        (lambda s: b"\x00garbage{", "it is not a JSON object"),
        (lambda s: b"[1, 2]", "it is not a JSON object"),
    ],
    ids=["no-log-position", "text-log-position", "garbage", "a-list"],
)
def test_a_damaged_publication_is_reported_by_position(g1: Ratings, spoil, says: str) -> None:  # type: ignore[no-untyped-def]
    g1.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    with closing(sqlite3.connect(g1.db)) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events WHERE topic LIKE '%:ListPublished'").fetchone()
    position = _spoil_publication(g1.db, spoil(json.loads(state)))
    damaged = f"the ListPublished event at position {position} is damaged: {says}"
    verified = g1("verify")
    assert verified.exit_code == 1, verified.output
    assert damaged in verified.stdout and "Traceback" not in verified.output
    audited = g1("audit", *RULES, "--period", "2024-01")
    assert (audited.exit_code, audited.stderr.strip()) == (1, f"Error: {damaged}")
    logged = g1.ok("log")
    assert f"{position:>7}  ListPublished" in logged.stdout
