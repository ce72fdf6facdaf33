"""The README is the front door: its walkthrough runs, and prints what it shows.

Every ``console`` block of the README is run command by command (``$ ratings
…``) in a fresh folder holding ``examples/``, with ``RATINGS_DB`` and the OS
user set as the README says, and each command's output must be exactly the
lines that follow it. Every command has help with an example, and is named
in the README. The Python API's session (the ``pycon`` block) runs as a
doctest, in a fresh folder holding ``examples/``.
"""

from __future__ import annotations

import doctest
import re
import shlex
import shutil
from contextlib import ExitStack
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from commands.cli import cli
from projections.api import cache_file
from tests.pg_support import fresh_database

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def console_steps() -> list[tuple[str, str]]:
    """``(command, expected output)`` for every ``$ ratings`` line of the README, in order."""
    steps: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        command: str | None = None
        expected: list[str] = []
        for line in block.splitlines(keepends=True):
            if line.startswith("$ "):
                if command is not None:
                    steps.append((command, "".join(expected)))
                command, expected = line[2:].strip(), []
            else:
                expected.append(line)
        if command is not None:
            steps.append((command, "".join(expected)))
    return steps


PLACEHOLDERS = {"<sha256>": "[0-9a-f]{64}", "<hex>": "[0-9a-f]+"}
"""Where the README shows a log hash (which covers each event's timestamp, so differs from run to run):
``<sha256>`` stands for 64 hex digits and ``<hex>`` for some. Everything else must match exactly."""


def matches(expected: str, output: str) -> bool:
    pattern = re.escape(expected)
    for placeholder, digits in PLACEHOLDERS.items():
        pattern = pattern.replace(re.escape(placeholder), digits)
    return re.fullmatch(pattern, output) is not None


def test_placeholders_match_only_hex_digits() -> None:
    assert matches("head 14:<sha256>\n", "head 14:" + "0a" * 32 + "\n")
    assert not matches("head 14:<sha256>\n", "head 14:" + "0g" * 32 + "\n")
    assert not matches("head 14:<hex>…\n", "head 15:ab…\n")
    assert matches("a (b) [c]\n", "a (b) [c]\n") and not matches("a (b)\n", "a b\n")


def test_readme_has_a_walkthrough() -> None:
    steps = console_steps()
    assert len(steps) >= 12
    assert all(command.startswith("ratings ") for command, _ in steps)


CENTRAL = "postgresql://ratings@db.example.org:5432/federation"
"""The README's central ledger: each run puts a fresh database of the test server in its place (issue 15)."""


def test_readme_walkthrough_prints_what_it_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    env = {"RATINGS_DB": "federation.db", "USER": "officer", "LOGNAME": "officer", "LNAME": "", "USERNAME": ""}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # where the central ledger's projections file goes
    with ExitStack() as stack:
        central: str | None = None
        for command, expected in console_steps():
            if CENTRAL in command and central is None:
                # The steps of the PostgreSQL section come last: without a server they are skipped, named.
                central = stack.enter_context(fresh_database("ratings_readme"))
            if central is not None:
                command, expected = command.replace(CENTRAL, central), expected.replace(CENTRAL, central)
            check_step(runner, command, expected, env)


def test_readme_walkthrough_prints_the_same_on_postgresql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 §1: the same commands, the same refusals, the same bytes, with the walkthrough's ledger a
    PostgreSQL database from its first step (up to the section that moves it there)."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    with fresh_database("ratings_readme") as central:
        env = {"RATINGS_DB": central, "USER": "officer", "LOGNAME": "officer", "LNAME": "", "USERNAME": ""}
        env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
        monkeypatch.setenv("XDG_CACHE_HOME", env["XDG_CACHE_HOME"])
        projections = cache_file(central)  # on this machine, not beside the ledger
        assert projections is not None
        steps = 0
        for command, expected in console_steps():
            if CENTRAL in command:
                break
            expected = expected.replace("federation.projections.db", projections)
            check_step(runner, command, expected.replace("federation.db", central), env)
            steps += 1
        assert steps == 77  # every step before the section on PostgreSQL


def check_step(runner: CliRunner, command: str, expected: str, env: dict[str, str]) -> None:
    """Run one README step and compare its output with what the README shows."""
    result = runner.invoke(cli, shlex.split(command)[1:], env=env, prog_name="ratings")
    assert matches(expected, result.output), f"README step `{command}` printed:\n{result.output}"
    assert (result.exit_code != 0) == expected.startswith("Error:"), command


def all_commands(group: click.Group, prefix: str = "ratings") -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):  # a lazy group imports each command as it is asked for
        command = group.get_command(ctx, name)
        assert command is not None
        path = f"{prefix} {name}"
        if isinstance(command, click.Group):
            found += all_commands(command, path)
        else:
            found.append((path, command))
    return found


@pytest.mark.parametrize("path,command", all_commands(cli), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_has_help_with_an_example_and_is_in_the_readme(path: str, command: click.Command) -> None:
    assert command.help and "Example:" in command.help, f"{path} --help has no example"
    assert f"`{path}" in README, f"{path} is not documented in the README"


def test_readme_shows_the_python_api() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", README, flags=re.S)
    assert len(blocks) == 1
    assert "Ratings.open(" in blocks[0] and "publish(" in blocks[0]


def test_readme_python_api_session_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    (block,) = re.findall(r"```pycon\n(.*?)```", README, flags=re.S)
    test = doctest.DocTestParser().get_doctest(block, {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0 and runner.tries >= 10, "".join(failures)
    assert (tmp_path / "club.db").exists()
