"""The group's options: where the ledger is (``--db``, ``RATINGS_DB``, ``./ratings.db``) and who records (``--by``)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from tests.commands.support import Ratings, stored_rows

REGISTER = ["player", "register", "1001", "--name", "Anna Adler", "--reported", "2024-01-01"]


def recorded_by(db: Path) -> list[str]:
    return [json.loads(row[4])["recorded_by"] for row in stored_rows(db)]


def test_ratings_db_names_the_ledger(tmp_path: Path) -> None:
    db = tmp_path / "from-env.db"
    runner = CliRunner()
    made = runner.invoke(cli, ["init"], env={"RATINGS_DB": str(db)}, catch_exceptions=False)
    assert (made.exit_code, made.output) == (0, f"created an empty ledger: {db}\n")
    result = runner.invoke(cli, ["--by", "tester", *REGISTER], env={"RATINGS_DB": str(db)}, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert len(stored_rows(db)) == 1
    logged = runner.invoke(cli, ["log"], env={"RATINGS_DB": str(db)}, catch_exceptions=False)
    assert 'PlayerRegistered      player=1001 name="Anna Adler"' in logged.stdout


def test_db_wins_over_ratings_db(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "given.db")
    result = ratings(*REGISTER, env={"RATINGS_DB": str(tmp_path / "env.db")})
    assert result.exit_code == 0, result.output
    assert len(stored_rows(ratings.db)) == 1
    assert not (tmp_path / "env.db").exists()


def test_the_default_ledger_is_ratings_db_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(cli, ["init"], env={"RATINGS_DB": None}, catch_exceptions=False)
    assert (made.exit_code, made.output) == (0, "created an empty ledger: ratings.db\n")
    result = CliRunner().invoke(cli, ["--by", "tester", *REGISTER], env={"RATINGS_DB": None}, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert len(stored_rows(tmp_path / "ratings.db")) == 1


def test_by_is_recorded_by(tmp_path: Path) -> None:
    ratings = Ratings(tmp_path / "ledger.db", by="Rating Officer")
    ratings.ok(*REGISTER)
    assert recorded_by(ratings.db) == ["Rating Officer"]
    assert "[by Rating Officer, reported 2024-01-01]" in ratings.ok("log").stdout


def test_recorded_by_defaults_to_the_os_user(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    env = {"LOGNAME": "officer", "USER": "officer", "LNAME": None, "USERNAME": None}
    assert CliRunner().invoke(cli, ["--db", str(db), "init"]).exit_code == 0
    result = CliRunner().invoke(cli, ["--db", str(db), *REGISTER], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert recorded_by(db) == ["officer"]


def test_reported_on_defaults_to_today(ratings: Ratings) -> None:
    before = date.today().isoformat()
    ratings.ok("player", "register", "1001", "--name", "Anna Adler")
    after = date.today().isoformat()
    [row] = stored_rows(ratings.db)
    assert json.loads(row[4])["reported_on"] in (before, after)


def test_every_recording_command_takes_reported(two_players: Ratings) -> None:
    r = two_players
    r.ok("game", "record", "G1", "--white", "A", "--black", "B", "--result", "1-0", "--finished", "2024-01-02",
         "--forfeit", "withdrawal", "--reported", "2024-01-03")  # fmt: skip
    r.ok("game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-01-04", "--reported", "2024-01-05")
    r.ok("player", "withdraw", "A", "--tournament", "Cup", "--on", "2024-01-06", "--reported", "2024-01-07")
    r.ok("player", "inactive", "A", "--on", "2024-01-08", "--reason", "x", "--reported", "2024-01-09")
    r.ok("player", "reactivate", "A", "--on", "2024-01-10", "--reported", "2024-01-11")
    reported = [json.loads(row[4])["reported_on"] for row in stored_rows(r.db)]
    assert reported == [
        "2024-01-01",
        "2024-01-01",
        "2024-01-03",
        "2024-01-05",
        "2024-01-07",
        "2024-01-09",
        "2024-01-11",
    ]


def test_no_cache_leaves_no_projections_file(two_players: Ratings) -> None:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    projections = two_players.db.with_name("ledger.projections.db")
    two_players.ok("--no-cache", "list", "--rules", "iecg-1.7", "--period", "2024-01")
    assert not projections.exists()
    two_players.ok("list", "--rules", "iecg-1.7", "--period", "2024-01")
    assert projections.exists()


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["player"],
        ["player", "register"],
        ["game", "record"],
        ["import", "games"],
        ["list"],
        ["explain"],
        ["history"],
        ["log"],
        ["demo"],
    ],
)
def test_help_has_an_example(args: list[str]) -> None:
    result = CliRunner().invoke(cli, [*args, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
    if args and args[-1] not in ("player",):
        assert "Example:" in result.stdout
