"""One output convention (issue 26 §7): every command that prints a table or a record takes ``--format``, each
format of each runs on a small ledger, and each JSON answer holds exactly the keys docs/formats.md lists
(:data:`commands.output.JSON_KEYS`, the one declaration both read)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from commands.cli import COMMANDS, cli
from commands.output import JSON_KEYS
from tests.commands.support import Ratings

ROOT = Path(__file__).resolve().parent.parent.parent

RUNS: dict[str, tuple[str, ...]] = {
    "list": ("list", "--rules", "iecg-1.7", "--period", "2024-01"),
    "players": ("players", "--rules", "iecg-1.7"),
    "pool": ("pool", "--rules", "iecg-1.7", "--from", "2024-01", "--to", "2024-03"),
    "history": ("history", "A", "--rules", "iecg-1.7"),
    "explain": ("explain", "A", "--rules", "iecg-1.7", "--period", "2024-01"),
    "diff": ("diff", "--rules", "iecg-1.4", "--against-rules", "iecg-1.7", "--period", "2024-01"),
    "event list": ("event", "list"),
    "event show": ("event", "show", "E1"),
    "event status": ("event", "status", "E1", "--rules", "iecg-1.7"),
    "game show": ("game", "show", "g1"),
    "log": ("log", "--player", "A"),
    "rules": ("rules",),
    "convert": ("convert", "180", "--from", "ecf", "--to", "fide", "--on", "2005-06-01"),
    "convert --list": ("convert", "--list"),
}
"""A run of each command that takes ``--format`` on :func:`ledger` (``export`` writes files: its own tests)."""


def formatted_commands() -> dict[str, list[str]]:
    """Every command of the CLI with a ``--format`` option, by its name (``event show``), with its formats."""
    found: dict[str, list[str]] = {}
    ctx = click.Context(cli)
    for group, commands in COMMANDS.items():
        prefix = "" if group is cli else f"{group.name} "
        for name in commands:
            command = group.get_command(ctx, name)
            assert command is not None
            for param in command.params:
                if param.name == "fmt":
                    assert isinstance(param.type, click.Choice)
                    found[prefix + name] = [str(choice) for choice in param.type.choices]
    return found


def test_every_command_that_prints_a_table_or_a_record_takes_format() -> None:
    found = formatted_commands()
    tables = ["table", "csv", "json"]
    assert found == {
        **{command: tables for command in RUNS if command not in ("game show", "log", "convert --list")},
        "game show": ["text", "json"],
        "log": ["text", "json"],
    }  # and `export` (a default group: its --format is `ratings list`'s csv or json, written to files)


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Ratings:
    """Anna beats Bob in January 2024 in an email Swiss, E1; the January list is published."""
    ratings = Ratings(tmp_path_factory.mktemp("formats") / "ledger.db")
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.ok("event", "register", "E1", "--name", "Winter email", "--type", "swiss", "--start", "2024-01-02",
               "--mode", "email", "--reported", "2024-01-02")  # fmt: skip
    ratings.game("g1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    return ratings


@pytest.mark.parametrize("command", list(RUNS))
def test_each_format_of_each_command_runs(ledger: Ratings, command: str) -> None:
    formats = formatted_commands()[command.removesuffix(" --list")]
    table = ledger.ok(*RUNS[command]).stdout
    assert ledger.ok(*RUNS[command], "--format", formats[0]).stdout == table  # the default, byte for byte
    answer = ledger.ok(*RUNS[command], "--format", "json").stdout
    if command == "log":  # JSON Lines: an object a line
        objects = [json.loads(line) for line in answer.splitlines()]
        assert len(objects) == 2
    else:
        objects = [json.loads(answer)]
    for one in objects:
        assert list(one) == list(JSON_KEYS[command]) or set(one) == set(JSON_KEYS[command]), one
    if "csv" in formats:
        rows = list(csv.reader(io.StringIO(ledger.ok(*RUNS[command], "--format", "csv").stdout)))
        assert rows and rows[0] and all(rows[0]), rows
        assert all(len(row) == len(rows[0]) for row in rows)


def test_json_answers_hold_the_ledgers_values(ledger: Ratings) -> None:
    history = json.loads(ledger.ok(*RUNS["history"], "--format", "json").stdout)
    assert history["player"] == "A" and history["name"] == "Anna Adler"
    assert [(h["rules"], [r["period"] for r in h["rows"]]) for h in history["histories"]] == [("iecg-1.7", ["2024-01"])]
    explained = json.loads(ledger.ok(*RUNS["explain"], "--format", "json").stdout)
    assert [game["game"] for game in explained["games"]] == ["g1"]
    assert explained["since_published"] is None
    status = json.loads(ledger.ok(*RUNS["event status"], "--format", "json").stdout)
    assert status == {
        "event": "E1",
        "void": False,
        "systems": [{"rules": "iecg-1.7", "rated": ["g1"], "periods": ["2024-01"], "left_out": []}],
    }
    assert ledger.ok(*RUNS["event status"], "--format", "csv").stdout == (
        "rules,rated,periods,left_out\niecg-1.7,g1,2024-01,\n"
    )
    shown = json.loads(ledger.ok(*RUNS["event show"], "--format", "json").stdout)
    assert [row["player"] for row in shown["crosstable"]["rows"]] == ["A", "B"]
    assert shown["facts"]["name"] == "Winter email"
    converted = json.loads(ledger.ok(*RUNS["convert"], "--format", "json").stdout)
    assert (converted["given"], converted["value"], converted["on"]) == (180.0, 2150.0, "2005-06-01")
    assert ledger.ok("diff", "--rules", "iecg-1.7", "--period", "2024-01", "--format", "csv").stdout == (
        "player,name,before,after,change\n"
    )


def test_history_csv_takes_one_rules(ledger: Ratings, tmp_path: Path) -> None:
    result = ledger("history", "A", "--rules", "iecg-1.7", "--rules", "fide-2024", "--plot",
                    str(tmp_path / "a.svg"), "--format", "csv")  # fmt: skip
    assert result.exit_code == 2
    assert "--format csv takes one --rules" in result.stderr


def test_the_formats_page_lists_every_commands_json_keys() -> None:
    page = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    assert formats_reference() in page
    assert "(formats.md)" in (ROOT / "docs" / "README.md").read_text(encoding="utf-8")


def formats_reference() -> str:
    """The part of docs/formats.md made from :data:`JSON_KEYS`: a section a command, a line a key."""
    out: list[str] = []
    for command, keys in JSON_KEYS.items():
        out.append(f"### `ratings {command} --format json`\n")
        out.extend(f"- `{key}`: {kind}" for key, kind in keys.items())
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # print the reference, to paste into docs/formats.md
    print(formats_reference(), end="")


def test_db_is_taken_after_the_command_too(ledger: Ratings, tmp_path: Path) -> None:
    before = CliRunner().invoke(cli, ["--db", str(ledger.db), "event", "list"], catch_exceptions=False)
    after = CliRunner().invoke(cli, ["event", "list", "--db", str(ledger.db)], catch_exceptions=False)
    assert (before.exit_code, after.exit_code) == (0, 0)
    assert after.stdout == before.stdout
    assert "E1" in after.stdout
    elsewhere = str(tmp_path / "none.db")  # after the command's name, it wins over the group's
    result = CliRunner().invoke(cli, ["--db", str(ledger.db), "event", "list", "--db", elsewhere])
    assert result.exit_code == 1
    assert result.stderr == f"Error: no ledger at {elsewhere}: create one with `ratings init {elsewhere}`\n"


def test_rules_help_names_the_families_and_refusals_name_every_version(ledger: Ratings) -> None:
    shown = CliRunner().invoke(cli, ["list", "--help"], terminal_width=200).stdout
    assert "--rules RULES" in shown
    assert "a version of iecg, icu, ecf-grading, ecf-online, fide or glicko (`ratings rules` lists them)" in shown
    assert "iecg-1.3.1" not in shown
    result = ledger("list", "--rules", "iecg-9", "--period", "2024-01")
    assert result.exit_code == 2
    assert "'iecg-9' is not one of 'ecf-grading'," in result.stderr
    assert "'iecg-1.7'." in result.stderr
