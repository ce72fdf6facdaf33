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
    registered = [command for commands in COMMANDS.values() for command in commands]
    assert len(registered) == len({id(command) for command in registered})
    groups = [cli, *(c for c in registered if isinstance(c, click.Group))]
    on_groups = [command for group in groups for command in group.commands.values()]
    assert sorted(map(id, on_groups)) == sorted(map(id, registered))
    assert sorted(cli.commands) == [
        "adjust", "audit", "backup", "convert", "copy", "demo", "diff", "event", "explain", "export", "game", "history",
        "import", "init", "list", "log", "player", "players", "pool", "publish", "publish-db", "rules", "site",
        "verify",
    ]  # fmt: skip
