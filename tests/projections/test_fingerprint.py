"""The fingerprint of a rules version (issue 23 §7): one for every registered version, the same in every
process, and changed by any change to the version's parameters or to the source of the code that computes it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path, PosixPath

import pytest

from projections import fingerprint, registry
from projections.fingerprint import covered_modules, rules_fingerprint
from projections.registry import RULES
from projections.rules import iecg

ROOT = Path(__file__).resolve().parent.parent.parent


def forget() -> None:
    """Forget what this process computed: sources, imports, fingerprints."""
    for cached in (fingerprint._fingerprint, fingerprint._source, fingerprint._imports, fingerprint._path):
        cached.cache_clear()


@pytest.fixture
def fresh() -> Iterator[None]:
    forget()
    yield
    forget()


def test_every_registered_version_has_its_own_fingerprint() -> None:
    found = {rules: rules_fingerprint(rules) for rules in RULES}
    assert all(re.fullmatch(r"[0-9a-f]{64}", value) for value in found.values())
    assert len(set(found.values())) == len(RULES)  # the versions differ in their parameters, at least


def test_the_fingerprint_is_the_same_in_another_process() -> None:
    """Sets are sorted and nothing hashes an address: processes of other hash seeds give the same fingerprints."""
    script = "from projections.fingerprint import rules_fingerprint as f; print(f('iecg-1.7'), f('glicko2'), f('fide'))"
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    (found,) = outputs
    assert re.fullmatch(r"[0-9a-f]{64} [0-9a-f]{64} [0-9a-f]{64}\n", found)


def test_the_modules_covered_are_the_replay_and_the_version_s_own() -> None:
    iecg = set(covered_modules("iecg-1.7"))
    assert {
        "projections.rules.iecg.formulas",
        "projections.rules.iecg.system",
        "projections.rules.rounding",
        "projections.replay",
        "projections.facts",
        "projections.withheld",
        "projections.lists",
        "projections.audit",
        "ledger.decoding",
        "ledger.store",
    } <= iecg
    assert "projections.registry" not in iecg  # it holds every version: this one's values are covered as values
    assert not any(name.startswith("commands") for name in iecg)
    assert "projections.rules.glicko.formulas" not in iecg
    assert "projections.rules.glicko.formulas" in covered_modules("glicko2")


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize(
    ("edited", "changed", "same"),
    [
        ("projections.rules.iecg.formulas", "iecg-1.7", None),
        ("projections.rules.glicko.formulas", "glicko2", "iecg-1.7"),
    ],
)
def test_a_change_to_a_covered_module_changes_the_fingerprint(
    monkeypatch: pytest.MonkeyPatch, edited: str, changed: str, same: str | None
) -> None:
    """One line more in a module's source; a version that does not run that module keeps its fingerprint."""
    before = {rules: rules_fingerprint(rules) for rules in (changed, same) if rules is not None}
    read = fingerprint._source.__wrapped__

    def source(name: str) -> bytes:
        found: bytes = read(name)
        return found + (b"# one more line\n" if name == edited else b"")

    forget()
    monkeypatch.setattr(fingerprint, "_source", source)
    assert rules_fingerprint(changed) != before[changed]
    if same is not None:
        assert rules_fingerprint(same) == before[same]


@pytest.mark.usefixtures("fresh")
def test_a_change_of_a_parameter_changes_the_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    before = rules_fingerprint("iecg-1.7")
    forget()
    monkeypatch.setitem(registry.RULES, "iecg-1.7", replace(iecg.IECG_1_7, cutoff=350))
    assert rules_fingerprint("iecg-1.7") != before


@pytest.mark.usefixtures("fresh")
def test_line_endings_do_not_change_the_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout with CRLF line endings (git on Windows) hashes as the LF one."""
    before = rules_fingerprint("iecg-1.7")
    read = fingerprint._path.__wrapped__

    class Crlf(PosixPath):
        def read_bytes(self) -> bytes:
            data = super().read_bytes()
            return data.replace(b"\n", b"\r\n")

    def crlf(name: str) -> Path | None:
        path = read(name)
        return None if path is None else Crlf(path)

    forget()
    monkeypatch.setattr(fingerprint, "_path", crlf)
    assert rules_fingerprint("iecg-1.7") == before
