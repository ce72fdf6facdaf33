"""A command loads only what it uses: each command runs in a fresh interpreter on a SQLite ledger, and the
modules it imported are checked.

- The PostgreSQL driver (``psycopg``) is imported only for a ``postgresql://`` ledger: never here.
- python-chess only by ``import pgn``; Jinja2 only by ``site``; matplotlib by none (only for a ``--plot`` PNG:
  tests/commands/test_history_plot.py).
- ``ratings list`` imports no more modules than :data:`LIST_BUDGET` (and of the project's own, no more than
  :data:`LIST_OWN_BUDGET`), counted as it stands today; a change that pulls more into the warm path of
  every officer's most common query has to raise the budget here, in the open.
- Importing :mod:`projections` or a rules module loads no storage, no command line and no driver.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import click
import pytest

from commands.cli import cli
from tests.commands.support import Ratings

DATA = Path(__file__).resolve().parent.parent / "data"

LIST_BUDGET = 220
"""Modules ``ratings list`` may import, the interpreter's own included: 216 on 2026-11-27 before each rating
system became a package, 218 after (Python 3.11.7; 523 before commands were loaded lazily and the projections
file dropped sqlite-utils)."""

LIST_OWN_BUDGET = 62
"""Of them, modules of this project (``commands``, ``ledger``, ``projections``): 58 before each rating system became one
package, 62 after (FIDE's federation codes, :mod:`ledger.federations`, load only when a recorded federation is
checked or one is derived: not for a list of players who have none). The split gives every family a ``formulas`` and
a ``system`` module where it had one or two (+10 over six families, with :mod:`projections.rules.versions`), and the
chain's witness (:mod:`ledger.witness`, which breaks the loop of the stores) and the one declaration of a game's
fields (:mod:`ledger.fields`) are modules of their own; against that, ``list`` no longer loads any explanation (each
family's is loaded when first asked for, and its words with ``explain``), the audit, the IECG's entries and
crosstables or the log. The CPU of ``ratings list`` is what matters: see docs/speed.md for the comparison."""

NEVER = ("psycopg", "chess", "jinja2", "eventsourcing.postgres", "ledger.postgres", "matplotlib")
"""What no command on a SQLite ledger imports, but where :data:`ALLOWED` says."""

ALLOWED = {"import pgn": {"chess"}, "site": {"jinja2"}}
"""The commands that do import one of :data:`NEVER`, and which."""

STARTER = """\
import atexit, json, os, sys
atexit.register(lambda: open(os.environ["MODULES_OUT"], "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "ratings"
from commands.cli import main
main()
"""

R = ("--rules", "iecg-1.7")
ICU = ("--system", "icu-1980")

INVOCATIONS: dict[str, Callable[[Path], tuple[str, ...]]] = {
    # every command, by its path, and arguments that run it to the end on the ledger of `ledger` below
    "adjust": lambda t: ("adjust", *ICU, "--player", "A", "--points", "5", "--on", "2024-01-31", "--reason", "x"),
    "adjust void": lambda t: (
        "adjust",
        "void",
        *ICU,
        "--player",
        "A",
        "--on",
        "2024-01-30",
        "--reason",
        "committee",
        "--because",
        "graded again",
    ),
    "audit": lambda t: ("audit", *R, "--period", "2024-01"),
    "backup": lambda t: ("backup", str(t / "backup.db")),
    "convert": lambda t: ("convert", "2000", "--from", "fide", "--to", "ecf", "--on", "2005-06-01"),
    "copy": lambda t: ("copy", "--to", str(t / "copy.db")),
    "demo": lambda t: ("demo",),
    "diff": lambda t: (
        "diff",
        *R,
        "--period",
        "2024-01",
        "--known-at",
        "2024-01-31",
        "--against-known-at",
        "2024-03-01",
    ),
    "event correct": lambda t: ("event", "correct", "E1", "--name", "Winter Open", "--reason", "typo"),
    "event enter": lambda t: ("event", "enter", "C", "--event", "C1", "--on", "2024-01-05"),
    "event list": lambda t: ("event", "list"),
    "event pair": lambda t: ("event", "pair", "E1", "--round", "2", "--white", "B", "--black", "A"),
    "event register": lambda t: (
        "event",
        "register",
        "E2",
        "--name",
        "Open",
        "--type",
        "swiss",
        "--start",
        "2024-02-01",
    ),
    "event restore": lambda t: ("event", "restore", "E9", "--reason", "back"),
    "event show": lambda t: ("event", "show", "E1"),
    "event status": lambda t: ("event", "status", "E1"),
    "event void": lambda t: ("event", "void", "C1", "--reason", "entered twice"),
    "event withdraw": lambda t: ("event", "withdraw", "E1", "--player", "B", "--on", "2024-01-20"),
    "event bye": lambda t: ("event", "bye", "E1", "A", "2", "--kind", "F"),
    "event bye-void": lambda t: ("event", "bye-void", "E1", "C", "1", "--reason", "recorded in error"),
    "explain": lambda t: ("explain", "A", *R, "--period", "2024-01"),
    "export": lambda t: ("export", *R, "--from", "2024-01", "--to", "2024-01", "--out", str(t / "lists")),
    "export trf": lambda t: ("export", "trf", "--event", "E1", "--out", str(t / "e1.trf")),
    "game adjudicate": lambda t: ("game", "adjudicate", "G3", "--result", "1-0", "--on", "2024-01-25"),
    "game correct": lambda t: ("game", "correct", "G1", "--result", "0-1", "--reason", "scoresheet"),
    "game record": lambda t: (
        "game",
        "record",
        "G9",
        "--white",
        "A",
        "--black",
        "B",
        "--result",
        "1-0",
        "--finished",
        "2024-02-02",
    ),
    "game restore": lambda t: ("game", "restore", "G8", "--reason", "found"),
    "game show": lambda t: ("game", "show", "G1"),
    "game void": lambda t: ("game", "void", "G1", "--reason", "never played"),
    "history": lambda t: ("history", "A", *R),
    "import fide-list": lambda t: ("import", "fide-list", str(t / "fide.txt"), "--as-of", "2024-06-01"),
    "import games": lambda t: ("import", "games", str(t / "games.csv")),
    "import pgn": lambda t: (
        "import",
        "pgn",
        str(DATA / "pgn" / "nepomniachtchi-liren-game1.pgn"),
        "--event",
        "WC",
        "--create-event",
        "--players",
        str(t / "names.csv"),
    ),
    "import players": lambda t: ("import", "players", str(t / "players.csv")),
    "import trf": lambda t: ("import", "trf", str(DATA / "trf" / "san_viator_2018_b.trf"), "--register-new"),
    "init": lambda t: ("init", str(t / "new.db")),
    "list": lambda t: ("list", *R, "--period", "2024-01"),
    "log": lambda t: ("log",),
    "player correct": lambda t: ("player", "correct", "C", "--name", "Cleo Kerr", "--reason", "spelling"),
    "player eligibility": lambda t: ("player", "eligibility", "A", "--on", "2024-02-01"),
    "player inactive": lambda t: ("player", "inactive", "C", "--on", "2024-02-01", "--reason", "no reply"),
    "player merge": lambda t: ("player", "merge", "D", "--into", "C", "--reason", "registered twice"),
    "player prior": lambda t: (
        "player",
        "prior",
        "C",
        "--system",
        "fide",
        "--rating",
        "1900",
        "--as-of",
        "2023-12-31",
    ),
    "player prior void": lambda t: (
        "player",
        "prior",
        "void",
        "A",
        "--system",
        "fide",
        "--as-of",
        "2023-12-31",
        "--reason",
        "wrong list",
    ),
    "player reactivate": lambda t: ("player", "reactivate", "E", "--on", "2024-02-01"),
    "player register": lambda t: ("player", "register", "F", "--name", "Finn Ford"),
    "player restore": lambda t: ("player", "restore", "G", "--reason", "found"),
    "player unmerge": lambda t: ("player", "unmerge", "H", "--reason", "two people"),
    "player void": lambda t: ("player", "void", "C", "--reason", "never played"),
    "player withdraw": lambda t: ("player", "withdraw", "B", "--event", "E1", "--on", "2024-01-20"),
    "players": lambda t: ("players",),
    "pool": lambda t: ("pool", *R, "--from", "2024-01", "--to", "2024-01"),
    "publish": lambda t: ("publish", *R, "--period", "2024-01", "--on", "2024-03-05"),
    "publish-db": lambda t: ("publish-db", *R, "--out", str(t / "lists.db")),
    "rules": lambda t: ("rules",),
    "site": lambda t: ("site", *R, "--from", "2024-01", "--to", "2024-01", "--out", str(t / "site")),
    "verify": lambda t: ("verify",),
}


def command_paths(group: click.Group, prefix: str = "") -> list[str]:
    """Every command's path under ``group`` (a group with a default command counts as one too)."""
    found: list[str] = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        path = f"{prefix}{name}"
        if isinstance(command, click.Group):
            if hasattr(command, "default"):
                found.append(path)
            found += command_paths(command, f"{path} ")
        else:
            found.append(path)
    return found


def test_every_command_has_an_invocation_here() -> None:
    assert sorted(command_paths(cli)) == sorted(INVOCATIONS)


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small ledger every command runs to the end on: players A–H (D merged into C... see the steps)."""
    folder = tmp_path_factory.mktemp("imports")
    ratings = Ratings(folder / "ledger.db")
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    for player, name in (("C", "Cleo Carr"), ("D", "Dan Doyle"), ("E", "Eve Ennis"), ("G", "Gus Gray"),
                         ("H", "Hal Hart")):  # fmt: skip
        ratings.register(player, name)
    ratings.ok("player", "prior", "A", "--system", "fide", "--rating", "2100", "--as-of", "2023-12-31")
    ratings.ok("adjust", *ICU, "--player", "A", "--points", "5", "--on", "2024-01-30", "--reason", "committee")
    ratings.ok("player", "inactive", "E", "--on", "2024-01-15", "--reason", "no reply")
    ratings.ok("player", "void", "G", "--reason", "entered twice")
    ratings.ok("player", "merge", "H", "--into", "B", "--reason", "one person")
    ratings.ok("event", "register", "E1", "--name", "Summer Open", "--type", "swiss", "--start", "2024-01-10",
               "--reported", "2024-01-10")  # fmt: skip
    ratings.ok("event", "register", "C1", "--name", "Class 1", "--type", "class", "--class", "N",
               "--start", "2024-01-10")  # fmt: skip
    ratings.ok("event", "register", "E9", "--name", "Spare", "--type", "swiss", "--start", "2024-01-10")
    ratings.game("G1", "A", "B", "1-0", "2024-01-10", "--event", "E1")
    ratings.game("G2", "B", "A", "1/2-1/2", "2024-01-12", "--event", "E1")
    ratings.game("G3", "A", "B", "1-0", "2024-01-14", "--forfeit", "arbiter")
    ratings.game("G8", "A", "B", "1-0", "2024-01-12")
    ratings.ok("game", "void", "G8", "--reason", "entered twice")
    ratings.ok("event", "void", "E9", "--reason", "entered twice")
    ratings.ok("event", "bye", "E1", "C", "1", "--kind", "H")
    ratings.ok("list", *R, "--period", "2024-01")
    ratings.ok("publish", *R, "--period", "2024-01", "--on", "2024-03-01")
    return folder / "ledger.db"


def run(ledger: Path, folder: Path, args: tuple[str, ...]) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """``ratings --db COPY ARGS`` in a fresh interpreter, on a copy of ``ledger``; and what it imported."""
    db = folder / "ledger.db"
    with closing(sqlite3.connect(ledger)) as source, closing(sqlite3.connect(db)) as copy:
        source.backup(copy)
    (folder / "players.csv").write_text(
        "player,name,country,starting_rating,source,rated_games\nP1,Pia Park,IE,,,0\n", encoding="utf-8"
    )
    (folder / "games.csv").write_text(
        "game,white,black,result,finished,tournament,forfeit\nG7,A,B,1-0,2024-01-20,,\n", encoding="utf-8"
    )
    (folder / "names.csv").write_text('name,player\n"Nepomniachtchi, Ian",A\n"Liren, Ding",B\n', encoding="utf-8")
    (folder / "fide.txt").write_text(FIDE_LIST, encoding="utf-8")
    out = folder / "modules.json"
    env = {k: v for k, v in os.environ.items() if k not in ("RATINGS_DB", "RATINGS_CACHE_DIR")}
    done = subprocess.run(
        [sys.executable, "-c", STARTER, "--db", str(db), "--by", "tester", *args],
        cwd=folder,
        env=env | {"MODULES_OUT": str(out)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done, set(json.loads(out.read_text(encoding="utf-8")))


FIDE_LIST = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\n"
    "1503014        Carlsen, Magnus                                              NOR M   GM                        "
    "     2832   0 10  2818   0 20  2886   0 20 1990      \n"
)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(INVOCATIONS))
def test_a_command_imports_only_what_it_uses(ledger: Path, tmp_path: Path, path: str) -> None:
    done, modules = run(ledger, tmp_path, INVOCATIONS[path](tmp_path))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    loaded = {name for name in NEVER if name in modules}
    assert loaded == ALLOWED.get(path, set())


def test_the_list_imports_within_its_budget(ledger: Path, tmp_path: Path) -> None:
    done, modules = run(ledger, tmp_path, INVOCATIONS["list"](tmp_path))
    assert done.returncode == 0, done.stderr
    own = sorted(m for m in modules if m.split(".")[0] in ("commands", "ledger", "projections"))
    assert len(modules) <= LIST_BUDGET, f"ratings list imports {len(modules)} modules"
    assert len(own) <= LIST_OWN_BUDGET, f"ratings list imports {len(own)} of the project's modules: {own}"
    assert not {name for name in NEVER if name in modules}


@pytest.mark.parametrize("module", ["projections", "projections.rules.iecg.formulas", "projections.rules.glicko"])
def test_the_projections_and_rules_load_no_storage_cli_or_driver(module: str) -> None:
    code = f"import json, sys, {module}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = set(json.loads(done.stdout))
    storage = {"sqlite3", "sqlite_utils", "eventsourcing", "ledger.store", "ledger.application", "ledger.chain"}
    assert not {m for m in modules if m in storage or m.split(".")[0] in ("click", "commands", "psycopg")}
