"""The rating ledger's benchmark: ``python -m benchmarks.run [--games N] [--players N] [--years N] [--systems S,...]``.

In one run, on one ledger file, against baselines measured on the same
machine in the same run:

- import: ``RatingLedger.import_players`` and ``import_games`` over
  ``ledger.imports.read_rows`` of the CSV files (what ``ratings import`` calls)
  against raw ``sqlite3`` ``executemany`` of the same CSV rows into fresh tables
  of a fresh WAL file; ratio = raw time / our time (a ratio of rates), target ≥ 0.1;
  then the players' priors (``RatingLedger.record_prior``, one a player and
  system) and the extra facts, timed apart;

then for every system family chosen (``--systems``; default all, in the order
of :data:`FAMILIES`: IECG, ICU, ECF grading, ECF online, FIDE, Glicko, Glicko-2):

- cold replay: ``Projector(reader, new_cache_file).rating_list(rules, latest)``
  against a raw scan of the stored events (``SELECT rowid, topic, state ...
  ORDER BY rowid`` and ``json.loads`` of every state), target ≤ 4, and against
  the system's floor (:mod:`benchmarks.floors`: a plain-Python loop of the
  system's own update over the same games), target ≤ 3; its peak memory in a
  process of its own, target ≤ 1 GB;
- warm: one more game recorded with ``RatingLedger.record_game``, then
  ``ratings list`` in a new process (process start included), target ≤ 1 s,
  and the list byte for byte a cold replay's;
- on a copy of the ledger and its warm cache: ``ratings game correct`` of a
  game one year before the latest period, then ``ratings list`` of the latest
  period, each in a new process, target ≤ 2 s together, and the list byte for
  byte a cold replay's;
- on that copy: ``ratings history P`` (target ≤ 0.5 s) and ``ratings explain P``
  of the latest list's leader, each in a new process;
- for the IECG only, on that copy: ``ratings publish`` of the list of the
  period five years (30 periods) before the latest, then ``ratings audit`` of
  it in a new process, target ≤ 5 s (audit issue §5).

``--json PATH`` writes every figure with stable keys (family → measure →
value, plus the machine and the parameters). ``--games 20000 --players 1000
--years 5`` is a smoke run of a minute or two.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks.cold import raw_scan
from benchmarks.federation import DEFAULT_DATA, Params, Written, read_extra, write_federation
from benchmarks.floors import FLOORS, Floor, run_floor, time_control_kind
from ledger.application import RatingLedger
from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, PLAYER_OPTIONAL, read_rows
from ledger.store import SQLiteLogReader
from projections.registry import get_rules
from projections.replay import Projector, cache_path_for

ROOT = Path(__file__).resolve().parent.parent

IMPORT_TARGET = 0.1
"""Import rate as a ratio to raw ``executemany``: at least this."""
COLD_TARGET = 4.0
"""Cold replay time as a ratio to a raw scan: at most this."""
FLOOR_TARGET = 3.0
"""Cold replay time as a ratio to the system's plain-loop floor (:mod:`benchmarks.floors`): at most this."""
MEMORY_TARGET = 1_000_000_000
"""The cold replay's peak resident set in a process of its own: at most this many bytes (1 GB)."""
HISTORY_TARGET = 0.5
"""``ratings history P --rules R`` in a new process: at most this many seconds."""
QUERY_ROUNDS = 3
"""Runs of ``ratings history`` and of ``ratings explain``; the median counts."""
WARM_TARGET = 1.0
"""``ratings list`` after one more game, in a new process: at most this many seconds."""
WARM_ROUNDS = 5
"""Rounds of one more game and a ``ratings list``; the median counts."""
CORRECTION_TARGET = 2.0
"""``ratings game correct`` then ``ratings list``, each in a new process: at most this many seconds together."""
CORRECTION_ROUNDS = 5
"""Rounds of one correction (each of another game) and a ``ratings list``; the median counts."""
CORRECTION_BACK_YEARS = 1
"""The corrected games finished in the first month of the period that holds the day this many years
before the warm games' (six periods back under the IECG, twelve under a monthly system)."""
AUDIT_TARGET = 5.0
"""``ratings audit`` of a list published five years back, in a new process: at most this many seconds."""
AUDIT_ROUNDS = 3
"""Runs of ``ratings audit``; the median counts."""
AUDIT_BACK = 30
"""The audited list is of the period this many periods before the latest (five years of IECG periods)."""
PUBLISHED_AFTER = 60
"""The audited list was published this many days after its period ended."""
OTHER_RESULT = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}
"""The result a correction gives a game, by the result it was recorded with."""


# --- the machine ---------------------------------------------------------------


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_total() -> str:
    try:
        with open("/proc/meminfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB RAM"
    except OSError:
        pass
    return "RAM unknown"


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine_info() -> dict[str, str]:
    """The machine, for the JSON figures."""
    return {
        "cpu": _cpu_model(),
        "cores": str(os.cpu_count()),
        "memory": _memory_total(),
        "system": platform.platform(),
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "sqlite": sqlite3.sqlite_version,
        **{package: _version(package) for package in ("eventsourcing", "sqlite-utils", "click")},
    }


def machine() -> list[str]:
    return [
        f"CPU:      {_cpu_model()}, {os.cpu_count()} cores, {_memory_total()}",
        f"System:   {platform.platform()}",
        f"Python:   {platform.python_version()} ({platform.python_implementation()}), {sys.executable}",
        f"SQLite:   {sqlite3.sqlite_version}; eventsourcing {_version('eventsourcing')}, "
        f"sqlite-utils {_version('sqlite-utils')}, click {_version('click')}",
    ]


def _import_seconds(env: dict[str, str]) -> float:
    """The best of three new processes' ``import commands.cli`` (what every ``ratings`` command imports), in seconds."""
    code = "import time; s = time.perf_counter(); import commands.cli; print(time.perf_counter() - s)"
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(3)
    ]
    return min(runs)


def bytecode() -> str:
    """How a new process gets the project's bytecode, and what importing the command line costs it.

    With ``PYTHONDONTWRITEBYTECODE`` (or ``-B``) no ``.pyc`` is written, so every command the
    benchmark starts compiles the project's modules from source; the import is then also timed
    with bytecode cached in a scratch folder, as an installed copy would have it.
    """
    here = _import_seconds(dict(os.environ))
    if not sys.dont_write_bytecode:
        return f"Bytecode: written as usual; import commands.cli in a new process {here:.2f} s"
    # The timed `ratings` commands run with bytecode cached (see :data:`_PYCACHE`).
    with tempfile.TemporaryDirectory() as scratch:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": scratch}
        _import_seconds(env)  # writes the bytecode
        cached = _import_seconds(env)
    return (
        f"Bytecode: this environment writes none (PYTHONDONTWRITEBYTECODE): import commands.cli {here:.2f} s "
        f"compiling the sources, {cached:.2f} s with bytecode cached, as an installed copy has it and as "
        f"the timed `ratings` commands below run"
    )


# --- helpers ---------------------------------------------------------------------


def remove_db(path: Path | str) -> None:
    """Delete a SQLite file and its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def mb(size: float) -> str:
    return f"{size / 1e6:,.1f} MB"


def kib_mb(kib: int) -> str:
    return f"{kib / 1024:,.0f} MiB"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


@dataclass(frozen=True)
class Family:
    """A system family as the benchmark measures it: the rules version that stands for it."""

    key: str
    """The family's key in ``--systems`` and in the JSON figures."""
    label: str
    rules: str
    standard_only: bool
    """Whether its list rates standard games only (a corrected game must be one, to count)."""
    floor: str | None
    """Its floor in :data:`benchmarks.floors.FLOORS` (None: no floor)."""


FAMILIES = (
    Family("iecg", "IECG", "iecg-1.7", False, "iecg"),
    Family("icu", "ICU", "icu-1980", False, "icu"),
    Family("ecf-grading", "ECF grading", "ecf-grading", True, "ecf-grading"),
    Family("ecf-online", "ECF online", "ecf-online", True, "ecf-online"),
    Family("fide", "FIDE", "fide-2024", True, "fide"),
    Family("glicko", "Glicko", "glicko", False, "glicko"),
    Family("glicko2", "Glicko-2", "glicko2", False, "glicko2"),
)
"""Every registered system family, in the order measured; FIDE by fide-2024, the version in force
at the end of the default federation (fide-2025 is from October 2025)."""


def family_of(name: str) -> Family:
    """The family of a ``--systems`` name: a family's key, or any registered rules version (measured
    without a floor, every time control counted)."""
    for family in FAMILIES:
        if name in (family.key, family.rules):
            return family
    get_rules(name)  # refuses an unknown name, listing the valid ones
    return Family(name, name, name, False, None)


Figures = dict[str, Any]

FAMILY_MEASURES = (
    "rules",
    "period",
    "listed",
    "raw_scan_seconds",
    "raw_scan_samples",
    "cold_seconds",
    "cold_samples",
    "cold_ratio_raw",
    "cache_bytes",
    "floor_seconds",
    "floor_read_seconds",
    "floor_players",
    "cold_ratio_floor",
    "cold_no_cache_seconds",
    "cold_peak_kib",
    "cold_no_cache_peak_kib",
    "warm_list_seconds",
    "warm_list_samples",
    "warm_list_json_seconds",
    "warm_list_again_seconds",
    "warm_in_process_seconds",
    "warm_equals_cold",
    "correction_period",
    "correction_month",
    "correction_games",
    "correction_list_seconds",
    "correction_list_samples",
    "correction_list_alone_seconds",
    "correction_lists_changed",
    "corrected_equals_cold",
    "queried_player",
    "history_seconds",
    "history_samples",
    "explain_seconds",
    "explain_samples",
)
"""The keys of each family's figures in the JSON, every one always there (null: not measured)."""


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    targets: list[tuple[str, str, str, bool]] = field(default_factory=list)
    figures: Figures = field(default_factory=dict)
    """What ``--json`` writes."""

    def say(self, line: str = "") -> None:
        self.lines.append(line)
        print(line, flush=True)

    def target(self, name: str, measured: str, goal: str, ok: bool, family: str | None = None) -> None:
        self.targets.append((name if family is None else f"{family}: {name}", measured, goal, ok))


# --- import ----------------------------------------------------------------------


def import_ours(db: Path, data: Written) -> tuple[float, float, int, int]:
    """Players then games through the ledger's import path; seconds and counts of each."""

    def load(kind: str) -> int:
        ledger = RatingLedger(str(db)) if db.exists() else RatingLedger.create(str(db))
        with open(data.path(kind), newline="", encoding="utf-8") as handle:
            if kind == "players":
                count = ledger.import_players(read_rows(handle, PLAYER_COLUMNS, PLAYER_OPTIONAL))
            else:
                count = ledger.import_games(read_rows(handle, GAME_COLUMNS, GAME_OPTIONAL))
        ledger.close()
        return count

    player_time, player_count = timed(lambda: load("players"))
    game_time, game_count = timed(lambda: load("games"))
    return player_time, game_time, player_count, game_count


def _raw_connection(path: Path) -> sqlite3.Connection:
    remove_db(path)
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")  # as the ledger's own connections (synchronous left at its default)
    return conn


def _raw_table(conn: sqlite3.Connection, name: str, header: list[str]) -> str:
    columns = ", ".join(f'"{c}"' for c in header)
    conn.execute(f"CREATE TABLE {name} ({columns})")
    return f"INSERT INTO {name} VALUES ({', '.join('?' for _ in header)})"


def import_raw(path: Path, data: Written) -> tuple[float, float]:
    """The baselines: (CSV file → ``executemany`` in one transaction, ``executemany`` of rows already in memory)."""
    streamed = 0.0
    conn = _raw_connection(path)
    for name in ("players", "games"):
        with open(data.path(name), newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            insert = _raw_table(conn, name, next(reader))
            start = time.perf_counter()
            conn.execute("BEGIN")
            conn.executemany(insert, reader)
            conn.execute("COMMIT")
            streamed += time.perf_counter() - start
    conn.close()
    in_memory = 0.0
    conn = _raw_connection(path)
    for name in ("players", "games"):
        with open(data.path(name), newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            header = next(reader)
            rows = list(reader)
        insert = _raw_table(conn, name, header)
        start = time.perf_counter()
        conn.execute("BEGIN")
        conn.executemany(insert, rows)
        conn.execute("COMMIT")
        in_memory += time.perf_counter() - start
        del rows
    conn.close()
    remove_db(path)
    return streamed, in_memory


def record_priors(db: Path, data: Written) -> tuple[float, int]:
    """The players' priors of ``priors.csv``, one ``RatingLedger.record_prior`` each (there is no bulk
    import of priors), each reported on the day its row says: seconds and count."""
    ledger = RatingLedger(str(db))
    rows = read_extra(data.path("priors"))

    def number(text: str) -> float | None:
        return float(text) if text else None

    start = time.perf_counter()
    for row in rows:
        ledger.record_prior(
            row["player"],
            system=row["system"],
            rating=float(row["rating"]),
            games=int(row["games"]) if row["games"] else None,
            status=row["status"] or None,
            deviation=number(row["deviation"]),
            volatility=number(row["volatility"]),
            as_of=row["as_of"],
            reported_on=row["reported"],
        )
    seconds = time.perf_counter() - start
    ledger.close()
    return seconds, len(rows)


def record_extras(db: Path, data: Written) -> tuple[float, dict[str, int]]:
    """Adjudications, withdrawals and inactivity markers, one ledger command each, each reported on its date."""
    ledger = RatingLedger(str(db))
    counts: dict[str, int] = {}
    start = time.perf_counter()
    rows = read_extra(data.path("adjudications"))
    for row in rows:
        ledger.adjudicate_game(row["game"], result=row["result"], on=row["on"], reported_on=row["on"])
    counts["adjudications"] = len(rows)
    rows = read_extra(data.path("withdrawals"))
    for row in rows:
        ledger.withdraw_player(row["player"], tournament=row["tournament"], on=row["on"], reported_on=row["on"])
    counts["withdrawals"] = len(rows)
    rows = read_extra(data.path("inactive"))
    for row in rows:
        ledger.mark_inactive(row["player"], on=row["on"], reason=row["reason"], reported_on=row["on"])
    counts["inactivity markers"] = len(rows)
    rows = read_extra(data.path("reactivated"))
    for row in rows:
        ledger.reactivate(row["player"], on=row["on"], reported_on=row["on"])
    counts["reactivations"] = len(rows)
    seconds = time.perf_counter() - start
    ledger.close()
    return seconds, counts


# --- replay ----------------------------------------------------------------------


def cold_replay(db: Path, cache: str | None, rules: str, period: str) -> tuple[float, str]:
    """One cold replay in this process; seconds and the list's JSON."""
    if cache is not None:
        remove_db(cache)

    def run() -> str:
        reader = SQLiteLogReader(str(db))
        projector = Projector(reader, cache)
        document = projector.rating_list(rules, period).as_json()
        projector.close()
        reader.close()
        return document

    seconds, document = timed(run)
    return seconds, str(document)


def child(args: list[str]) -> dict[str, Any]:
    """Run ``python -m benchmarks.cold`` with ``args``; its JSON answer."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.cold", *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def ratings_command() -> tuple[list[str], str]:
    """How to start ``ratings`` in a new process: the installed script, else the module."""
    script = Path(sys.executable).with_name("ratings")
    if script.exists():
        return [str(script)], str(script)
    starter = "import sys; from commands.cli import main; sys.argv[0] = 'ratings'; main()"
    return [sys.executable, "-c", starter], f"{sys.executable} -c 'from commands.cli import main; main()'"


_PYCACHE = tempfile.mkdtemp(prefix="ratings-benchmark-pycache-")
"""Where the ``ratings`` processes keep the project's bytecode: an installed copy has it (pip compiles
it on install), so a timed command does not compile the sources, even where the environment sets
``PYTHONDONTWRITEBYTECODE``; the first command of a run writes it."""


def correction_rounds(
    games: list[tuple[str, str]],
    command: Callable[..., float],
    listing: Callable[[], tuple[float, str]],
    previous: str,
    say: Callable[[str], None],
) -> tuple[list[float], list[float], int, str]:
    """One round a game of ``games`` (id, result): ``game correct`` to the other result (``command``: the
    arguments after ``--db``, its seconds), then the list (``listing``: its seconds and output); each round
    and the summary said. The rounds' seconds together and the lists' alone, how many lists changed from
    the one before, and the last list."""
    totals: list[float] = []
    lists: list[float] = []
    changed = 0
    for number, (game, result) in enumerate(games, start=1):
        other = OTHER_RESULT[result]
        corrected = command("game", "correct", game, "--result", other, "--reason", "benchmark")
        listed, document = listing()
        totals.append(corrected + listed)
        lists.append(listed)
        changed += document != previous
        previous = document
        say(
            f"round {number}: game correct {game} --result {other} (was {result}) {corrected:.2f} s, "
            f"list {listed:.2f} s: together {corrected + listed:.2f} s"
        )
    say(
        f"together: median {statistics.median(totals):.2f} s, best {min(totals):.2f} s, worst {max(totals):.2f} s; "
        f"the list alone: median {statistics.median(lists):.2f} s; "
        f"the list changed in {changed} of {len(games)} rounds"
    )
    return totals, lists, changed, previous


def cli(db: Path | str, *args: str) -> tuple[float, str]:
    """``ratings --db DB ARGS...`` in a new process, bytecode cached: wall seconds and its output
    (a failure stops the run)."""
    command, _ = ratings_command()
    skip = ("RATINGS_DB", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in skip} | {"PYTHONPYCACHEPREFIX": _PYCACHE}
    start = time.perf_counter()
    done = subprocess.run([*command, "--db", str(db), *args], cwd=ROOT, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"ratings {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return seconds, done.stdout


def cli_list(db: Path, rules: str, period: str, fmt: str | None = None, *, no_cache: bool = False) -> tuple[float, str]:
    """``ratings --db DB [--no-cache] list --rules R --period P [--format F]`` in a new process: seconds and output."""
    options = ["--no-cache"] if no_cache else []
    return cli(db, *options, "list", "--rules", rules, "--period", period, *(["--format", fmt] if fmt else []))


def copy_db(source: Path | str, target: Path | str) -> None:
    """A consistent copy of a SQLite file (WAL included) with the backup API, the target made anew."""
    remove_db(target)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def copy_ledger(db: Path, copy: Path) -> str:
    """Copy a ledger and its projections file (if any), so that what is recorded in the copy leaves
    the benchmark's ledger as it was; the copy's projections file."""
    copy_db(db, copy)
    cache, copy_cache = cache_path_for(str(db)), cache_path_for(str(copy))
    remove_db(copy_cache)
    if Path(cache).exists():
        copy_db(cache, copy_cache)
    return copy_cache


def games_of_month(data: Written, month: str, count: int, standard_only: bool = False) -> list[tuple[str, str]]:
    """The first ``count`` games of the federation finished in ``month`` (``YYYY-MM``), in file order,
    that a correction of the result can change: not forfeits, never adjudicated, and standard games
    if ``standard_only``; (game, recorded result)."""
    adjudicated = {row["game"] for row in read_extra(data.path("adjudications"))}
    found: list[tuple[str, str]] = []
    kinds: dict[str, str] = {}
    with open(data.path("games"), newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if standard_only and time_control_kind(row["time_control"], kinds) != "standard":
                continue
            if row["finished"].startswith(month) and not row["forfeit"] and row["game"] not in adjudicated:
                found.append((row["game"], row["result"]))
                if len(found) == count:
                    break
    return found


def log_size(db: Path) -> tuple[int, int]:
    reader = SQLiteLogReader(str(db))
    events = reader.head()
    reader.close()
    return events, sum(Path(f"{db}{s}").stat().st_size for s in ("", "-wal") if Path(f"{db}{s}").exists())


# --- the run ---------------------------------------------------------------------


@dataclass(frozen=True)
class Rounds:
    """How many times each timed command runs (``--rounds`` sets them all, for a smoke run)."""

    warm: int = WARM_ROUNDS
    correction: int = CORRECTION_ROUNDS
    queries: int = QUERY_ROUNDS
    audit: int = AUDIT_ROUNDS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The rating ledger's benchmark (see benchmarks/run.py).")
    parser.add_argument("--games", type=int, default=Params.games)
    parser.add_argument("--players", type=int, default=Params.players)
    parser.add_argument("--years", type=int, default=Params.years)
    parser.add_argument("--first-year", type=int, default=Params.first_year)
    parser.add_argument("--seed", type=int, default=Params.seed)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="Where the CSV files and ledgers go.")
    parser.add_argument(
        "--systems",
        default=",".join(f.key for f in FAMILIES),
        help="Comma-separated system families (or registered rules versions) to measure "
        f"[default: all: {','.join(f.key for f in FAMILIES)}].",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="Write every figure to PATH as JSON.")
    parser.add_argument("--rounds", type=int, metavar="N", help="Run every timed command N times (a smoke run).")
    parser.add_argument(
        "--reuse-ledger",
        action="store_true",
        help="Skip the import and use the ledger a previous run left (for work on the replay only).",
    )
    parser.add_argument(
        "--skip-replay",
        action="store_true",
        help="Skip the cold replays and the warm lists (with --reuse-ledger: run only the correction, query "
        "and audit steps, on the ledger a previous run left).",
    )
    parser.add_argument("--check", action="store_true", help="Exit with status 1 if a target is missed.")
    args = parser.parse_args(argv)

    params = Params(args.games, args.players, args.years, args.first_year, args.seed)
    last_year = params.first_year + params.years - 1
    if last_year >= time.localtime().tm_year:
        parser.error(f"the federation must end before this year (it ends in {last_year}): lower --first-year")
    try:
        families = [family_of(name.strip()) for name in args.systems.split(",") if name.strip()]
    except ValueError as error:
        parser.error(str(error))
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rounds = Rounds() if args.rounds is None else Rounds(args.rounds, args.rounds, args.rounds, args.rounds)
    report = Report()
    say = report.say
    say("Rating ledger benchmark")
    say("=======================")
    for line in machine():
        say(line)
    say(bytecode())
    command = f"python -m benchmarks.run {' '.join(argv if argv is not None else sys.argv[1:])}"
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    say(f"Started:  {started}; command: {command}")
    say()
    report.figures.update(
        {
            "benchmark": 2,
            "started": started,
            "command": command,
            "machine": machine_info(),
            "parameters": asdict(params) | {"systems": [f.key for f in families], "rounds": asdict(rounds)},
        }
    )

    data = write_federation(args.data, params)
    counts = data.counts
    say(
        f"Federation (seed {params.seed}): {counts['players']:,} players, {counts['games']:,} games, "
        f"{params.years} years ({params.first_year}–{last_year}); every {params.special_every}th game a forfeit "
        f"(arbiter or withdrawal);"
    )
    say(
        f"  {counts['priors']:,} priors (FIDE, ECF, ICU, Glicko, Glicko-2), {counts['adjudications']:,} "
        f"adjudications, {counts['withdrawals']:,} withdrawals, {counts['inactive']:,} inactivity markers, "
        f"{counts['reactivated']:,} reactivations"
    )
    say(
        f"  CSV in {data.folder}: players.csv {mb(data.path('players').stat().st_size)}, games.csv "
        f"{mb(data.path('games').stat().st_size)} ({'reused' if data.reused else 'written'}; "
        f"generated, streamed, in {data.seconds:.1f} s)"
    )
    say()
    report.figures["federation"] = dict(counts)

    db = data.folder / "federation.db"
    cache = cache_path_for(str(db))
    finished = f"{last_year}-12-15"

    say("1. Import: ratings import players, then ratings import games")
    if args.reuse_ledger and db.exists():
        say(f"  skipped (--reuse-ledger): {db}")
    else:
        section_import(report, db, cache, data)
    events, size = log_size(db)
    say(f"  the log: {events:,} events, {mb(size)}")
    report.figures["log"] = {"events": events, "bytes": size}
    raw_peak: int | None = None
    if not args.skip_replay:
        raw_child = child(["--db", str(db), "--raw", "--period", "unused"])
        raw_peak = int(raw_child["peak_kib"])
        say(f"  the raw scan's peak memory in a new process (VmHWM): {kib_mb(raw_peak)}")
        report.figures["log"]["raw_scan_peak_kib"] = raw_peak
    say()

    report.figures["families"] = {}
    report.figures["audit"] = None
    for number, family in enumerate(families, start=2):
        section_family(report, number, family, db, cache, data, events, finished, rounds, args.skip_replay)

    say("Summary (seconds; cold replay as ratios)")
    say(
        f"  {'family':<16} {'rules':<16} {'listed':>7} {'cold':>8} {'/raw':>6} {'/floor':>7} {'peak':>9} "
        f"{'warm':>6} {'corr.':>6} {'hist.':>6} {'expl.':>6}"
    )
    for family in families:
        f = report.figures["families"][family.key]

        def shown(key: str, spec: str, figures: Figures = f) -> str:
            value = figures.get(key)
            return "—" if value is None else format(value, spec)

        peak = f.get("cold_peak_kib")
        say(
            f"  {family.label:<16} {family.rules:<16} {shown('listed', ',d'):>7} {shown('cold_seconds', '.2f'):>8} "
            f"{shown('cold_ratio_raw', '.2f'):>6} {shown('cold_ratio_floor', '.2f'):>7} "
            f"{'—' if peak is None else kib_mb(peak):>9} {shown('warm_list_seconds', '.2f'):>6} "
            f"{shown('correction_list_seconds', '.2f'):>6} {shown('history_seconds', '.2f'):>6} "
            f"{shown('explain_seconds', '.2f'):>6}"
        )
    say()
    say("Targets")
    for name, measured, goal, ok in report.targets:
        say(f"  {name:<66} {measured:>10}   target {goal:<10} {verdict(ok)}")
    failed = [t for t in report.targets if not t[3]]
    report.figures["targets"] = [
        {"name": name, "measured": measured, "goal": goal, "ok": ok} for name, measured, goal, ok in report.targets
    ]
    report.figures["missed"] = len(failed)
    if args.json is not None:
        args.json.write_text(json.dumps(report.figures, indent=2) + "\n", encoding="utf-8")
        say(f"Figures written to {args.json}")
    return 1 if (args.check and failed) else 0


def correction_month(rules: str, finished: str) -> tuple[str, str]:
    """The period ``CORRECTION_BACK_YEARS`` before the one of ``finished`` (its label) and its first month."""
    scheme = get_rules(rules).periods
    day = date.fromisoformat(finished)
    back = day.replace(year=day.year - CORRECTION_BACK_YEARS).isoformat()
    index = scheme.index_of_day(back)
    return scheme.label(index), scheme.month_names(index)[0]


def section_family(
    report: Report,
    number: int,
    family: Family,
    db: Path,
    cache: str,
    data: Written,
    events: int,
    finished: str,
    rounds: Rounds,
    skip_replay: bool,
) -> None:
    """Every measurement of one family: cold replay, warm list, correction, history and explain (and the
    audit, for the IECG)."""
    say = report.say
    rules = family.rules
    scheme = get_rules(rules).periods
    period = scheme.label(scheme.index_of_day(finished))
    figures: Figures = dict.fromkeys(FAMILY_MEASURES) | {"rules": rules, "period": period}
    report.figures["families"][family.key] = figures
    say(f"{number}. {family.label}: {rules}, the latest period {period}")
    say("-" * (len(family.label) + len(rules) + len(period) + 27))
    if skip_replay:
        say("  cold replay and warm list: skipped (--skip-replay)")
    else:
        say(f"  {number}.1 cold replay to the latest list")
        cold_json = section_cold(report, family, db, cache, data, period, events, figures)
        say(f"  {number}.2 warm list after one more game (finished {finished}, in period {period})")
        section_warm(report, family, db, cache, period, finished, cold_json, rounds.warm, figures)

    copy = data.folder / "federation-corrected.db"
    seconds, copy_cache = timed(lambda: copy_ledger(db, copy))
    cached = f"{Path(copy_cache).name} ({mb(Path(copy_cache).stat().st_size)})" if Path(copy_cache).exists() else "none"
    say(
        f"  what follows writes to a copy of the ledger and its cache, made anew ({seconds:.1f} s): "
        f"{copy.name} ({mb(copy.stat().st_size)}), cache {cached}"
    )
    back, month = correction_month(rules, finished)
    kind = "standard games" if family.standard_only else "games"
    say(f"  {number}.3 a correction of one of the first {kind} of {month} (period {back}), then the list of {period}")
    leader = section_correction(report, family, copy, data, period, back, month, rounds.correction, figures)
    if leader is None:
        say(f"  {number}.4 history and explain: skipped (nobody is listed)")
    else:
        say(f"  {number}.4 history and explanation of the leader of the list, {leader}")
        section_queries(report, family, copy, period, leader, rounds.queries, figures)
    if family.key == "iecg":
        # never before the end of the federation's first year: an empty list is not published (issue 22 §5)
        first = scheme.index_of_day(f"{data.params.first_year}-12-31")
        periods_back = min(AUDIT_BACK, scheme.index(period) - first)
        audited = scheme.label(scheme.index(period) - periods_back)
        say(
            f"  {number}.5 audit of the list of {audited} ({periods_back} periods back), "
            f"published {PUBLISHED_AFTER} days after it"
        )
        section_audit(report, copy, data, rules, audited, rounds.audit, rounds.correction)
    say()
    unknown = set(figures) - set(FAMILY_MEASURES)
    if unknown:
        raise RuntimeError(f"figures without a stable key in FAMILY_MEASURES: {', '.join(sorted(unknown))}")


def section_cold(
    report: Report, family: Family, db: Path, cache: str, data: Written, period: str, events: int, figures: Figures
) -> str:
    """The raw scan, the cold replay, the floor and the replay's peak memory: the list's JSON.

    Each is timed twice, in turn (raw, replay, floor, raw, replay, floor), and
    the better time of each counts: a shared machine's noise only ever adds
    time. The replay runs once in this process and once in a new one (which
    also gives its peak memory).
    """
    say = report.say
    rules = family.rules
    raw_times = [timed(lambda: raw_scan(str(db)))[0]]
    cold, cold_json = cold_replay(db, cache, rules, period)
    listed = len(json.loads(cold_json)["players"])
    size = mb(Path(cache).stat().st_size)
    floors: list[Floor] = []
    if family.floor is not None:
        floors.append(run_floor(family.floor, data.folder))
    raw_times.append(timed(lambda: raw_scan(str(db)))[0])
    child_cache = str(db.parent / "cold-child.projections.db")
    remove_db(child_cache)
    replay_child = child(["--db", str(db), "--cache", child_cache, "--rules", rules, "--period", period])
    remove_db(child_cache)
    if family.floor is not None:
        floors.append(run_floor(family.floor, data.folder))
    raw = min(raw_times)
    say("    raw scan: SELECT rowid, topic, state FROM stored_events ORDER BY rowid, and json.loads of every state")
    say(f"      {', '.join(f'{t:.2f} s' for t in raw_times)}: best {raw:.2f} s ({events / raw:,.0f} events/s)")
    best = min(cold, replay_child["seconds"])
    ratio = best / raw
    say("    cold replay: Projector(reader, new cache file).rating_list(...), which also writes the whole cache")
    say(
        f"      {cold:.2f} s in this process, {replay_child['seconds']:.2f} s in a new one: best {best:.2f} s, "
        f"ratio to the raw scan {ratio:.2f} ({listed:,} players listed; cache file {size})"
    )
    report.target("cold replay / raw scan", f"{ratio:.2f}", f"≤ {COLD_TARGET:g}", ratio <= COLD_TARGET, family.label)
    figures.update(
        {
            "listed": listed,
            "raw_scan_seconds": raw,
            "raw_scan_samples": raw_times,
            "cold_seconds": best,
            "cold_samples": [cold, replay_child["seconds"]],
            "cold_ratio_raw": ratio,
            "cache_bytes": Path(cache).stat().st_size,
            "floor_seconds": None,
            "floor_read_seconds": None,
            "floor_players": None,
            "cold_ratio_floor": None,
        }
    )
    if floors:
        floor = min(floors, key=lambda f: f.seconds)
        floor_ratio = best / floor.seconds
        say(
            f"    floor: benchmarks.floors.{FLOORS[family.floor or ''].__name__}, a plain-Python loop of the system's "
            f"update over games.csv, reading and sorting included"
        )
        say(
            f"      {', '.join(f'{f.seconds:.2f} s' for f in floors)}: best {floor.seconds:.2f} s "
            f"(reading {floor.read_seconds:.2f} s; {floor.players:,} players rated); "
            f"cold replay / floor {floor_ratio:.2f}"
        )
        report.target(
            "cold replay / plain-loop floor",
            f"{floor_ratio:.2f}",
            f"≤ {FLOOR_TARGET:g}",
            floor_ratio <= FLOOR_TARGET,
            family.label,
        )
        figures.update(
            {
                "floor_seconds": floor.seconds,
                "floor_read_seconds": floor.read_seconds,
                "floor_players": floor.players,
                "cold_ratio_floor": floor_ratio,
            }
        )
    memory_child = child(["--db", str(db), "--cache", ":memory:", "--rules", rules, "--period", period])
    say(
        f"    cold replay without a cache file, Projector(reader, None), in a new process: "
        f"{memory_child['seconds']:.2f} s, ratio {memory_child['seconds'] / raw:.2f}"
    )
    peak = int(replay_child["peak_kib"])
    say(
        f"    peak memory (VmHWM of that new process): new cache file {kib_mb(peak)} (the interpreter and imports "
        f"alone: {kib_mb(replay_child['peak_kib_before'])}); Projector(reader, None) "
        f"{kib_mb(memory_child['peak_kib'])}"
    )
    gigabytes = peak * 1024 / 1e9
    report.target(
        "cold replay peak memory", f"{gigabytes:.2f} GB", "≤ 1 GB", peak * 1024 <= MEMORY_TARGET, family.label
    )
    figures.update(
        {
            "cold_no_cache_seconds": memory_child["seconds"],
            "cold_peak_kib": peak,
            "cold_no_cache_peak_kib": int(memory_child["peak_kib"]),
        }
    )
    return cold_json


def section_warm(
    report: Report,
    family: Family,
    db: Path,
    cache: str,
    period: str,
    finished: str,
    cold_json: str,
    rounds: int,
    figures: Figures,
) -> None:
    say = report.say
    rules = family.rules
    top = [row["player"] for row in json.loads(cold_json)["players"][: 2 * rounds + 4]]
    ledger = RatingLedger(str(db))
    head = ledger.reader().head()
    _, shown = ratings_command()
    name = Path(shown).name
    say(
        f"    a round: RatingLedger.record_game, then `{name} --db … list --rules {rules} --period {period}` "
        "in a new process, process start included"
    )
    number = 0

    def record(result: str) -> str:
        nonlocal number
        white, black = top[2 * number], top[2 * number + 1]
        number += 1
        game = f"BENCH-{head + number}"
        ledger.record_game(game, white=white, black=black, result=result, finished=finished)
        return f"recorded {game} ({white}–{black})"

    if len(top) < 2 * rounds + 4:
        say(f"    fewer than {2 * rounds + 4} players listed: the warm list is not measured")
        ledger.close()
        return
    times: list[float] = []
    for _ in range(rounds):
        done = record("1/2-1/2")
        seconds, _output = cli_list(db, rules, period)
        times.append(seconds)
        say(f"      round {number}: {done}; ratings list (table, the default) {seconds:.2f} s")
    middle = statistics.median(times)
    say(f"      median {middle:.2f} s, best {min(times):.2f} s, worst {max(times):.2f} s")
    goal = f"≤ {WARM_TARGET:g} s"
    target = f"warm ratings list, new process (median of {rounds})"
    report.target(target, f"{middle:.2f} s", goal, middle <= WARM_TARGET, family.label)
    done = record("1-0")
    warm_json_time, warm_json = cli_list(db, rules, period, "json")
    say(f"      round {number}: {done}; ratings list --format json {warm_json_time:.2f} s")
    again, again_json = cli_list(db, rules, period, "json")
    say(f"    ratings list --format json again, nothing new (the list is materialised): {again:.2f} s")
    nocache, nocache_json = cold_replay(db, None, rules, period)
    same = warm_json == nocache_json == again_json
    say(
        f"    check: that warm list's JSON against a cold replay's without a cache ({nocache:.2f} s): "
        f"{'identical' if same else 'DIFFERENT'} ({len(warm_json):,} bytes)"
    )
    report.target(
        "warm list == cold list (JSON bytes)", "identical" if same else "different", "identical", same, family.label
    )
    done = record("0-1")
    inproc, _ = timed(lambda: _warm_in_process(db, cache, rules, period))
    say(f"    in this process: {done}; Projector(reader, cache file).rating_list {inproc * 1000:.0f} ms")
    ledger.close()
    figures.update(
        {
            "warm_list_seconds": middle,
            "warm_list_samples": times,
            "warm_list_json_seconds": warm_json_time,
            "warm_list_again_seconds": again,
            "warm_in_process_seconds": inproc,
            "warm_equals_cold": same,
        }
    )


def section_correction(
    report: Report,
    family: Family,
    db: Path,
    data: Written,
    period: str,
    back: str,
    month: str,
    rounds: int,
    figures: Figures,
) -> str | None:
    """Rounds of one correction and the latest list, each command in a new process; then the last
    list against a cold replay's. Each round corrects another game of ``month`` (the first games of
    the first month of period ``back`` in the federation's file), so each really recomputes. The
    leader of the last list (None: nobody is listed)."""
    say = report.say
    rules = family.rules
    games = games_of_month(data, month, rounds, family.standard_only)
    if len(games) < rounds:
        raise RuntimeError(f"fewer than {rounds} correctable games finished in {month}")
    _, shown = ratings_command()
    name = Path(shown).name
    warm, previous = cli_list(db, rules, period, "json")
    say(
        f"    first, not in the target: `{name} --db … list --rules {rules} --period {period} --format json` "
        f"on the copy {warm:.2f} s"
    )
    say(
        f"    a round: `{name} --db … game correct ID --result R --reason benchmark`, then "
        f"`{name} --db … list --rules {rules} --period {period} --format json`, each in a new process, "
        "process start included"
    )
    totals, lists, changed, previous = correction_rounds(
        games,
        lambda *args: cli(db, *args)[0],
        lambda: cli_list(db, rules, period, "json"),
        previous,
        lambda line: say(f"      {line}"),
    )
    middle = statistics.median(totals)
    goal = f"≤ {CORRECTION_TARGET:g} s"
    target = f"correction + list, new processes (median of {rounds})"
    report.target(target, f"{middle:.2f} s", goal, middle <= CORRECTION_TARGET, family.label)
    cold, cold_document = cli_list(db, rules, period, "json", no_cache=True)
    same = cold_document == previous
    say(
        f"    check: the last round's list against `{name} --db … --no-cache list … --format json` "
        f"({cold:.2f} s): {'identical' if same else 'DIFFERENT'} ({len(previous):,} bytes)"
    )
    report.target(
        "corrected list == cold list (JSON bytes)",
        "identical" if same else "different",
        "identical",
        same,
        family.label,
    )
    figures.update(
        {
            "correction_period": back,
            "correction_month": month,
            "correction_games": [game for game, _ in games],
            "correction_list_seconds": middle,
            "correction_list_samples": totals,
            "correction_list_alone_seconds": statistics.median(lists),
            "correction_lists_changed": changed,
            "corrected_equals_cold": same,
        }
    )
    rows = json.loads(previous)["players"]
    return str(rows[0]["player"]) if rows else None


def section_queries(
    report: Report, family: Family, db: Path, period: str, player: str, rounds: int, figures: Figures
) -> None:
    """``ratings history P`` and ``ratings explain P`` of the latest period, each in a new process, ``rounds``
    times: the medians."""
    say = report.say
    rules = family.rules
    _, shown = ratings_command()
    name = Path(shown).name
    commands = {
        "history": ("history", player, "--rules", rules),
        "explain": ("explain", player, "--rules", rules, "--period", period),
    }
    for what, args in commands.items():
        times: list[float] = []
        output = ""
        for _ in range(rounds):
            seconds, output = cli(db, *args)
            times.append(seconds)
        middle = statistics.median(times)
        say(
            f"    `{name} --db … {' '.join(args)}` in a new process, process start included: "
            f"{', '.join(f'{t:.2f} s' for t in times)}: median {middle:.2f} s ({len(output.splitlines())} lines)"
        )
        figures[f"{what}_seconds"] = middle
        figures[f"{what}_samples"] = times
    figures["queried_player"] = player
    history = figures["history_seconds"]
    goal = f"≤ {HISTORY_TARGET:g} s"
    target = f"ratings history, new process (median of {rounds})"
    report.target(target, f"{history:.2f} s", goal, history <= HISTORY_TARGET, family.label)


def section_import(report: Report, db: Path, cache: str, data: Written) -> None:
    """Both imports twice, in turn (ours, raw, ours, raw); the better time of each counts.

    The first of ours makes the benchmark's ledger; the second goes to a
    scratch file, deleted afterwards.
    """
    say = report.say
    remove_db(db)
    remove_db(cache)
    scratch = data.folder / "import-2.db"
    raw_file = data.folder / "raw-import.db"
    ours_runs: list[tuple[float, float]] = []
    raw_runs: list[tuple[float, float]] = []
    counts = (0, 0)
    for target in (db, scratch):
        remove_db(target)
        player_time, game_time, player_count, game_count = import_ours(target, data)
        ours_runs.append((player_time, game_time))
        counts = (player_count, game_count)
        raw_runs.append(import_raw(raw_file, data))
    remove_db(scratch)
    player_count, game_count = counts
    rows = player_count + game_count
    player_time, game_time = min(ours_runs, key=sum)
    ours = player_time + game_time
    in_memory = min(run[1] for run in raw_runs)
    streamed = min(run[0] for run in raw_runs)

    def line(what: str, count: int, seconds: float) -> None:
        say(f"  {what:<58} {count:>10,} rows {seconds:8.2f} s {count / seconds:>10,.0f} rows/s")

    def runs(times: Iterable[float]) -> str:
        return ", ".join(f"{t:.2f} s" for t in times)

    say(f"  ours (runs: {runs(sum(run) for run in ours_runs)}; the better one):")
    line("  RatingLedger.import_players(read_rows(players.csv))", player_count, player_time)
    line("  RatingLedger.import_games(read_rows(games.csv))", game_count, game_time)
    line("  both", rows, ours)
    say("  raw sqlite3: a new WAL file, a table per CSV file with its columns and no index, one transaction a file")
    line(f"  executemany of the rows read beforehand ({runs(run[1] for run in raw_runs)})", rows, in_memory)
    line(f"  csv.reader → executemany ({runs(run[0] for run in raw_runs)})", rows, streamed)
    ratio = in_memory / ours
    say(
        f"  rate ratio ours/raw: {ratio:.3f} against executemany of rows read beforehand (the target's measure); "
        f"{streamed / ours:.3f} against csv.reader → executemany"
    )
    report.target("import rate / raw executemany rate", f"{ratio:.3f}", f"≥ {IMPORT_TARGET}", ratio >= IMPORT_TARGET)
    prior_time, priors = record_priors(db, data)
    say(
        f"  then the priors, RatingLedger.record_prior of each row of priors.csv (not in the ratio): "
        f"{priors:,} in {prior_time:.1f} s ({priors / prior_time if prior_time else 0:,.0f} a second)"
    )
    extra_time, extra = record_extras(db, data)
    done = ", ".join(f"{v:,} {k}" for k, v in extra.items())
    say(f"  then one ledger command each (not in the ratio): {done} in {extra_time:.1f} s")
    report.figures["import"] = {
        "rows": rows,
        "players_seconds": player_time,
        "games_seconds": game_time,
        "seconds": ours,
        "samples": [sum(run) for run in ours_runs],
        "raw_executemany_seconds": in_memory,
        "raw_streamed_seconds": streamed,
        "ratio": ratio,
        "priors": priors,
        "priors_seconds": prior_time,
        "extras": extra,
        "extras_seconds": extra_time,
    }


def section_audit(
    report: Report, db: Path, data: Written, rules: str, audited: str, rounds: int, corrected: int
) -> None:
    """Publish the list of ``audited`` as of a date after its period, then audit it in new processes;
    then correct a game of that period and audit again (reported, no target): the game after the first
    ``corrected`` of its month, which the correction step may have corrected already (on a short federation
    the two steps can fall in one month)."""
    say = report.say
    scheme = get_rules(rules).periods
    ended = scheme.last_day(scheme.index(audited))
    on = min(ended + timedelta(days=PUBLISHED_AFTER), date.today()).isoformat()
    _, shown = ratings_command()
    name = Path(shown).name
    seconds, out = cli(db, "publish", "--rules", rules, "--period", audited, "--on", on)
    say(
        f"  `{name} --db … publish --rules {rules} --period {audited} --on {on}` "
        f"(once, not in the target): {seconds:.2f} s"
    )
    say(f"    {out.splitlines()[0]}")
    say(f"  `{name} --db … audit --rules {rules} --period {audited}` in a new process, process start included:")
    middle, text = _audits(report, db, rules, audited, rounds)
    reproduced = _reproduced(text)
    goal = f"≤ {AUDIT_TARGET:g} s"
    target = f"audit of a list published 5 years back (median of {rounds})"
    report.target(target, f"{middle:.2f} s", goal, middle <= AUDIT_TARGET)
    report.target("the audit reproduces the published list", "yes" if reproduced else "no", "yes", reproduced)
    audit: Figures = {"period": audited, "published_on": on, "seconds": middle, "reproduced": reproduced}
    report.figures["audit"] = audit

    games = games_of_month(data, audited, corrected + 1)[corrected:]
    if not games:
        say(f"  no game of {audited} to correct (the federation is too short): the second audit is skipped")
        return
    game, result = games[0]
    other = OTHER_RESULT[result]
    seconds, _ = cli(db, "game", "correct", game, "--result", other, "--reason", "benchmark: after the publication")
    say(
        f"  then `{name} --db … game correct {game} --result {other}` (was {result}; a game of {audited}, "
        f"reported today) {seconds:.2f} s, and the audit again (reported, no target):"
    )
    audit["after_correction_seconds"], _ = _audits(report, db, rules, audited, rounds)


def _audits(report: Report, db: Path, rules: str, period: str, rounds: int) -> tuple[float, str]:
    """``ratings audit`` of the list of ``period``, ``rounds`` times: the median seconds and the last report."""
    times: list[float] = []
    text = ""
    for _ in range(rounds):
        seconds, text = cli(db, "audit", "--rules", rules, "--period", period)
        times.append(seconds)
    middle = statistics.median(times)
    say = report.say
    say(f"    {', '.join(f'{t:.2f} s' for t in times)}: median {middle:.2f} s")
    lines = text.splitlines()
    for heading in ("1. ", "3. "):
        at = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
        if at is not None:
            shown = lines[at] if heading == "3. " else f"{lines[at]} {lines[at + 1].strip()}"
            say(f"    it said: {shown}")
    return middle, text


def _reproduced(text: str) -> bool:
    """Whether an audit's report says the log reproduces the published list."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith("1. Reproduced")), None)
    return at is not None and lines[at + 1].strip().startswith("yes:")


def _warm_in_process(db: Path, cache: str, rules: str, period: str) -> int:
    reader = SQLiteLogReader(str(db))
    projector = Projector(reader, cache)
    rows = len(projector.rating_list(rules, period).rows)
    projector.close()
    reader.close()
    return rows


if __name__ == "__main__":
    sys.exit(main())
