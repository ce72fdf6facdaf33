"""``ratings demo``: a seeded synthetic federation, listed and explained, the same every time."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from tests.commands.support import TABLE_HEADERS


def test_demo_prints_a_list_and_an_explanation_the_same_every_time() -> None:
    first = CliRunner().invoke(cli, ["demo"], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    text = first.stdout
    assert text.startswith("A synthetic federation: 300 players, ")
    assert "Rating list, rules iecg-1.7, period 2023-11" in text
    lines = text.splitlines()
    header = lines.index(next(line for line in lines if line.lstrip().startswith("#  cl#")))
    assert lines[header].split() == TABLE_HEADERS
    assert lines[header + 2].split()[0] == "1"
    assert "\nWhy " in text
    assert "k = r·p = " in text or "Rc = " in text
    assert lines[-1].startswith("Old rating ")
    second = CliRunner().invoke(cli, ["demo"], catch_exceptions=False)
    assert second.exit_code == 0
    assert second.stdout == text


def test_demo_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["demo", "--top", "3"], catch_exceptions=False)
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scratch"]
    assert list(scratch.iterdir()) == []
    lines = result.stdout.splitlines()
    separator = next(i for i, line in enumerate(lines) if set(line) <= {"-", " "} and line)
    listed = lines[separator + 1 : lines.index("", separator)]
    assert [line.split()[0] for line in listed] == ["1", "2", "3"]


def test_demo_refuses_a_period_that_does_not_start_a_rating_period() -> None:
    result = CliRunner().invoke(cli, ["demo", "--period", "2023-12"], catch_exceptions=False)
    assert result.exit_code == 1
    assert "'2023-12' is not the start of a rating period" in result.stderr
    assert "Traceback" not in result.output
