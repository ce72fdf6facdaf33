"""The bad-input corpus (issue 10 §4): every case refused cleanly.

For each :class:`~tests.commands.bad_inputs.BadInput` of the modules of
``tests/commands/bad_inputs/``, run ``ratings --db ledger.db --by tester ARGS``
on a copy of the template ledger described there, and assert:

- the exit status (1 for a refusal, 2 for click's misuse of an option);
- one line naming the problem: the error is the only ``Error:`` line, it is
  the last line on stderr, and it holds the case's ``message``;
- no traceback, and no exception but the exit;
- the ledger file byte for byte as it was (and no file made at a ``--db``
  path that did not exist).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pkgutil
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner

from commands.cli import cli
from ledger import postgres
from tests.commands import bad_inputs
from tests.commands.bad_inputs import BadInput
from tests.commands.support import Ratings, write_csv
from tests.pg_support import fresh_database


def all_cases() -> list[BadInput]:
    cases: list[BadInput] = []
    for module in pkgutil.iter_modules(bad_inputs.__path__):
        cases += importlib.import_module(f"{bad_inputs.__name__}.{module.name}").CASES
    return cases


CASES = all_cases()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the template ledger (see ``tests/commands/bad_inputs/__init__.py``)."""
    folder = tmp_path_factory.mktemp("template")
    ratings = Ratings(folder / "ledger.db")
    anna = ("--country", "DE", "--born", "1980-05-01", "--source", "iccf", "--starting-rating", "2000")
    ratings.register("A", "Anna Adler", *anna, "--rated-games", "100")
    ratings.established("B", "Bob Byrne", 1800)
    ratings.register("C", "Carla Costa")
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.game("G2", "B", "C", "1/2-1/2", "2024-02-10")
    ratings.game("G3", "C", "A", "0-1", "2024-03-05", "--forfeit", "withdrawal")
    ratings.game("G4", "A", "C", "1-0", "2024-03-06", "--forfeit", "arbiter")
    prior = ("--system", "fide", "--rating", "2100", "--games", "40", "--as-of", "2023-12-01")
    ratings.ok("player", "prior", "A", *prior, "--reported", "2024-01-01")
    adjust = ("--system", "icu-1980", "--player", "B", "--points", "10", "--on", "2024-02-01")
    ratings.ok("adjust", *adjust, "--reason", "feedback", "--reported", "2024-02-01")
    ratings.ok("publish", "--rules", "iecg-1.7", "--period", "2024-01", "--on", "2024-03-01")
    write_csv(folder / "players_ok.csv", "player,name,country,starting_rating,source,rated_games", "D,Dora Dunne,IE,,,")
    write_csv(
        folder / "games_ok.csv",
        "game,white,black,result,finished,tournament,forfeit",
        "G9,A,B,1-0,2024-04-01,,",
    )
    for leftover in folder.glob("*.projections.db*"):
        leftover.unlink()
    with closing(sqlite3.connect(folder / "ledger.db")) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder


def make_links(work: Path, case: BadInput) -> None:
    """The case's symbolic links, in the working directory (issue 22 §1)."""
    for name, leads_to in case.links.items():
        link = work / name
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(leads_to)


def digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


def test_the_corpus_is_large_and_has_no_duplicates() -> None:
    assert len(CASES) >= 300, len(CASES)
    keys = [(case.args, tuple(sorted(case.files.items())), case.db) for case in CASES]
    assert len(set(keys)) == len(keys), [key for key in keys if keys.count(key) > 1][:5]


@pytest.mark.parametrize("case", CASES, ids=[case.name() for case in CASES])
def test_a_bad_input_is_refused_cleanly(case: BadInput, template: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    shutil.copytree(template, work)
    for name, text in case.files.items():
        target = work / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):  # a binary file, e.g. another application's SQLite file
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")
    make_links(work, case)
    db = work / (case.db or "ledger.db")
    ledger = work / "ledger.db"
    before = {path: digest(path) for path in (ledger, db)}
    cwd = os.getcwd()
    os.chdir(work)
    try:
        result = CliRunner().invoke(cli, ["--db", str(db), "--by", "tester", *case.args], prog_name="ratings")
    finally:
        os.chdir(cwd)
    shown = f"ratings {' '.join(case.args)}\nstdout: {result.stdout!r}\nstderr: {result.stderr!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{shown}\n{type(result.exception).__name__}: {result.exception}"
    )
    assert "Traceback" not in result.output, shown
    assert result.exit_code == case.status, shown
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and result.stderr.rstrip("\n").splitlines()[-1] == errors[0], shown
    assert case.message in errors[0], shown
    for path, was in before.items():
        assert digest(path) == was, f"{shown}\n{path.name} changed"


def _central_rows(url: str) -> tuple[list[tuple[object, ...]], ...]:
    """A PostgreSQL ledger's log and witness, raw, in order."""
    with psycopg.connect(url, autocommit=True) as conn:
        events = conn.execute(f"SELECT * FROM {postgres.EVENTS_TABLE} ORDER BY notification_id").fetchall()
        witness = conn.execute(f"SELECT * FROM {postgres.WITNESS_TABLE} ORDER BY block").fetchall()
    return events, witness


@pytest.mark.slow
def test_every_bad_input_is_refused_the_same_on_postgresql(template: Path, tmp_path: Path) -> None:
    """Issue 15 §1, the same refusals: every case of the corpus that names the template ledger, run against a
    copy of it in PostgreSQL (``ratings copy``), refused with the same status and message, the central log and
    its witness row for row as they were. One database serves every case: a refusal changes nothing."""
    with fresh_database("ratings_bad_inputs") as url:
        copied = CliRunner().invoke(cli, ["copy", "--from", str(template / "ledger.db"), "--to", url])
        assert copied.exit_code == 0, copied.output
        before = _central_rows(url)
        # The one case whose message names the ledger: `init` of an existing ledger names what is there.
        cases = [case for case in CASES if case.db is None and case.id != "init-existing" and not case.sqlite_only]
        existing = CliRunner().invoke(cli, ["--db", url, "init"])
        assert (
            existing.exit_code == 1
            and existing.stderr == f"Error: {url} already holds a ledger: `ratings init` creates a new ledger only\n"
        )
        assert len(cases) >= 250
        failures: list[str] = []
        cwd = os.getcwd()
        for number, case in enumerate(cases):
            work = tmp_path / f"work{number}"
            shutil.copytree(template, work)
            for name, text in case.files.items():
                target = work / name
                target.parent.mkdir(parents=True, exist_ok=True)
                if isinstance(text, bytes):
                    target.write_bytes(text)
                else:
                    target.write_text(text, encoding="utf-8")
            make_links(work, case)
            os.chdir(work)
            try:
                env = {"XDG_CACHE_HOME": str(work / "cache")}
                args = ["--db", url, "--by", "tester", *case.args]
                result = CliRunner().invoke(cli, args, prog_name="ratings", env=env)
            finally:
                os.chdir(cwd)
            errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
            fine = (
                (result.exception is None or isinstance(result.exception, SystemExit))
                and "Traceback" not in result.output
                and result.exit_code == case.status
                and len(errors) == 1
                and case.message in errors[0]
            )
            if not fine:
                failures.append(f"{case.name()}: exit {result.exit_code}: {result.stderr.strip()!r}")
            assert _central_rows(url) == before, f"{case.name()} changed the central log: {result.output}"
        assert failures == [], "\n".join(failures)
