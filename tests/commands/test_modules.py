"""The command line is a thin client put together in one place (issue 11 §2): every ``commands/`` module
imports on its own, none imports the group back, and every command is registered once, with ``add_command``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest

from commands.cli import COMMANDS, cli
from commands.groups import load

PACKAGE = Path(__file__).resolve().parent.parent.parent / "commands"
MODULES = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")


@pytest.mark.parametrize("module", MODULES)
def test_every_module_imports_on_its_own(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import commands.{module}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def imported(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("module", [m for m in MODULES if m != "cli"])
def test_no_module_imports_the_group(module: str) -> None:
    assert "commands.cli" not in imported(module)


def test_every_command_is_registered_once_in_the_registry() -> None:
    entries = [where for commands in COMMANDS.values() for where in commands.values()]
    assert len(entries) == len(set(entries))  # one name a command
    for group, commands in COMMANDS.items():
        ctx = click.Context(group)
        for name, where in commands.items():
            command = group.get_command(ctx, name)
            assert command is load(where)
            assert command.name == name, f"{where} is named {command.name}, registered as {name}"
    assert cli.list_commands(click.Context(cli)) == [
        "adjust", "audit", "backup", "convert", "copy", "demo", "diff", "event", "explain", "export", "game", "history",
        "import", "init", "list", "log", "player", "players", "pool", "publish", "publish-db", "rules", "site",
        "verify",
    ]  # fmt: skip


def test_the_group_imports_no_command_module() -> None:
    code = "import sys, commands.cli; print(sorted(m for m in sys.modules if m.startswith('commands.')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['commands.cli', 'commands.groups']"
