"""What ``pip install .`` installs: every module of the three packages and the site's templates (the README's
first command runs the demo from such an install, not from the checkout)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_template(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy without the checkout's build/ folder, whose old files a build would take
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("ledger", "projections", "commands"):
        shutil.copytree(ROOT / package, source / package, ignore=ignored)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)]
    built = subprocess.run(command, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("*.whl")
    held = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        path.relative_to(ROOT).as_posix()
        for package in ("ledger", "projections", "commands")
        for path in (ROOT / package).rglob("*")
        if path.is_file() and (path.suffix == ".py" or "templates" in path.parts) and "__pycache__" not in path.parts
    }
    assert wanted - held == set()
    assert "projections/rules/fide/system.py" in held and "commands/templates/site/player.html" in held
