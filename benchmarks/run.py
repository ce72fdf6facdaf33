"""The rating ledger's benchmark: ``python -m benchmarks.run [--games N] [--players N] [--years N] [--systems S,...]``.

In one run, on one ledger file, against baselines measured on the same
machine in the same run, every ``ratings`` command timed as a new process
(process start included) and every whole-log measure in a process of its own
(:mod:`benchmarks.cold`), each reported as **CPU seconds** (user + sys of that
process), which a shared machine inflates far less than wall time, beside its
wall seconds; the targets are checked against the CPU seconds:

- start-up: ``ratings --version`` against ``python -c "import click"``, target ≤ 0.15 s CPU and
  ≤ 3× the baseline;
- import: ``RatingLedger.import_players`` and ``import_games`` over
  ``ledger.imports.read_rows`` of the CSV files (what ``ratings import`` calls)
  against raw ``sqlite3`` ``executemany`` of the same CSV rows into fresh tables
  of a fresh WAL file; ratio = raw CPU / our CPU (a ratio of rates), target ≥ 0.2;
  its peak memory, target ≤ 1 GB (2 GB above a million games); then the players'
  priors (``RatingLedger.record_prior``, one a player and system) and the extra
  facts, timed apart;

then for every system family chosen (``--systems``; default all, in the order
of :data:`FAMILIES`: IECG, ICU, ECF grading, ECF online, FIDE, Glicko, Glicko-2):

- cold replay: ``Projector(reader, new_cache_file).rating_list(rules, latest)``
  against a raw scan of the stored events (``SELECT rowid, topic, state ...
  ORDER BY rowid`` and ``json.loads`` of every state), target ≤ 3, and against
  the system's floor (:mod:`benchmarks.floors`: a plain-Python loop of the
  system's own update over the same games), target ≤ 2; its peak memory,
  target ≤ 1 GB (2 GB above a million games);
- warm: ``ratings game record`` of one more game (target ≤ 0.25 s CPU, and ≤ 1.3×
  the same command on a ledger of 1,000 games made in the same run), then
  ``ratings list``, target ≤ 0.4 s CPU, and the list byte for byte a cold replay's;
- on a copy of the ledger and its warm cache: ``ratings game correct`` of a
  game one year before the latest period, then ``ratings list`` of the latest
  period, target ≤ 1 s CPU together (1.5 s above a million games), and the list
  byte for byte a cold replay's;
- on that copy: ``ratings history P`` and ``ratings explain P`` of the latest list's
  leader, target ≤ 0.3 s CPU each;
- for the IECG only, on that copy: ``ratings publish`` of the list of the
  period five years (30 periods) before the latest, then ``ratings audit`` of
  it, target ≤ 2 s CPU (the reproduction proved by the chain and the rules'
  fingerprint); after a correction in that period, reported after the
  publication, the audit again (the same path); then ``ratings audit
  --replay``, the replay path, target no more CPU than the cold replay's.

``--json PATH`` writes every figure with stable keys (family → measure →
value, plus the machine and the parameters); ``--compare SAVED.json`` prints
each figure's ratio to a saved run's (:mod:`benchmarks.compare`). ``--games
20000 --players 1000 --years 5 --rounds 1`` is a smoke run of a few minutes.
"""

from __future__ import annotations

import argparse
import atexit
import csv
import json
import os
import platform
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks import cold
from benchmarks.compare import report as compare_report
from benchmarks.federation import DEFAULT_DATA, Params, Written, read_extra, write_federation
from benchmarks.floors import FLOORS, time_control_kind
from ledger.application import RatingLedger
from ledger.store import SQLiteLogReader
from projections import registry
from projections.registry import get_rules
from projections.replay import Projector, cache_path_for

ROOT = Path(__file__).resolve().parent.parent

BIG = 1_000_000
"""Above this many games the targets of a long log apply (those at 3M and 10M games)."""
VERSION_TARGET = 0.15
"""``ratings --version`` in a new process: at most this many CPU seconds."""
VERSION_RATIO_TARGET = 3.0
"""``ratings --version`` as a ratio to ``python -c "import click"`` (CPU seconds): at most this."""
STARTUP_ROUNDS = 5
"""Runs of ``ratings --version`` and of ``python -c "import click"``, in turn; the medians count."""
IMPORT_TARGET = 0.2
"""Import rate as a ratio to raw ``executemany`` (CPU seconds): at least this."""
COLD_TARGET = 3.0
"""Cold replay CPU seconds as a ratio to a raw scan's: at most this."""
FLOOR_TARGET = 2.0
"""Cold replay CPU seconds as a ratio to the system's plain-loop floor's (:mod:`benchmarks.floors`): at most this."""
COLD_ROUNDS = 2
"""Runs of each whole-log measure (the import and its baseline; the raw scan, the cold replay and the
floor), in turn; the best counts (``--cold-rounds`` sets it: 1 at ten million games)."""
MEMORY_TARGET = 1_000_000_000
"""The cold replay's and the import's peak resident set, each in a process of its own: at most this many
bytes (1 GB) up to :data:`BIG` games."""
MEMORY_TARGET_BIG = 2_000_000_000
"""The same above :data:`BIG` games (2 GB at ten million)."""
HISTORY_TARGET = 0.3
"""``ratings history P --rules R`` in a new process: at most this many CPU seconds."""
EXPLAIN_TARGET = 0.3
"""``ratings explain P --rules R --period L`` in a new process: at most this many CPU seconds."""
QUERY_ROUNDS = 3
"""Runs of ``ratings history`` and of ``ratings explain``; the median counts."""
WARM_TARGET = 0.4
"""``ratings list`` after one more game, in a new process: at most this many CPU seconds."""
RECORD_TARGET = 0.25
"""``ratings game record`` on the benchmark's ledger, in a new process: at most this many CPU seconds."""
RECORD_RATIO_TARGET = 1.3
"""``ratings game record`` on the benchmark's ledger as a ratio to the same on a ledger of
:data:`SMALL_GAMES` games (CPU seconds): at most this (it must not grow with the log)."""
SMALL_GAMES = 1_000
"""The games of the small ledger ``game record`` is compared with."""
SMALL_PLAYERS = 100
"""Its players."""
WARM_ROUNDS = 5
"""Rounds of one more game and a ``ratings list``; the median counts."""
CORRECTION_TARGET = 1.0
"""``ratings game correct`` then ``ratings list``, each in a new process: at most this many CPU seconds
together, up to :data:`BIG` games."""
CORRECTION_TARGET_BIG = 1.5
"""The same above :data:`BIG` games."""
CORRECTION_ROUNDS = 5
"""Rounds of one correction (each of another game) and a ``ratings list``; the median counts."""
CORRECTION_BACK_YEARS = 1
"""The corrected games finished in the first month of the period that holds the day this many years
before the warm games' (six periods back under the IECG, twelve under a monthly system)."""
AUDIT_TARGET = 2.0
"""``ratings audit`` of a list published five years back, in a new process: at most this many CPU seconds."""
AUDIT_REPLAY_TARGET = 1.0
"""The audit's replay path (``ratings audit --replay``) as a ratio to the family's cold
replay (CPU seconds): at most this (no slower than a cold replay)."""
AUDIT_ROUNDS = 3
"""Runs of ``ratings audit``; the median counts."""
AUDIT_BACK = 30
"""The audited list is of the period this many periods before the latest (five years of IECG periods)."""
PUBLISHED_AFTER = 60
"""The audited list was published this many days after its period ended."""
OTHER_RESULT = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}
"""The result a correction gives a game, by the result it was recorded with."""


def memory_target(games: int) -> int:
    """The peak memory target in bytes for a federation of ``games`` games."""
    return MEMORY_TARGET if games <= BIG else MEMORY_TARGET_BIG


def correction_target(games: int) -> float:
    """The correction + list target in CPU seconds for a federation of ``games`` games."""
    return CORRECTION_TARGET if games <= BIG else CORRECTION_TARGET_BIG


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


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def code_version() -> str:
    """The commit measured, and how many files of the working tree differ from it (a run on a tree being
    edited measures code that may change under it: a new process may import a newer module)."""
    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    changed = [line for line in _git("status", "--porcelain", "--untracked-files=no").splitlines() if line.strip()]
    return f"{commit}, {len(changed)} tracked files modified" if changed else f"{commit}, clean"


def machine_info() -> dict[str, str]:
    """The machine, for the JSON figures."""
    return {
        "code": code_version(),
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
        f"Code:     {code_version()}",
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


remove_db = cold.remove_db


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


FEDERATION_END = f"{Params.first_year + Params.years - 1}-12-31"
"""The last day of the default federation (:class:`benchmarks.federation.Params`)."""


def _families() -> tuple[Family, ...]:
    """Every registered family (:data:`projections.registry.FAMILIES`), each name that stands for it today
    (:attr:`~projections.rules.versions.Family.current`); a timeline by the version it gives the latest
    period of the default federation (FIDE's by fide-2024: fide-2025 is from October 2025). Its key is its
    system's (the JSON figures' keys), its floor that of :data:`benchmarks.floors.FLOORS` if any."""
    found: list[Family] = []
    for family in registry.FAMILIES:
        for name in family.current:
            params: Any = get_rules(name)
            if registry.VERSIONS[name].timeline:  # the version in force at the federation's end
                params = params.for_period(params.periods.index_of_day(FEDERATION_END))
            key = registry.system_for(params).family
            # a list of one rate of play (the ECF's ``category``, FIDE's ``list_name``): the standard one
            standard = "standard" in (getattr(params, "category", None), getattr(params, "list_name", None))
            found.append(Family(key, params.name, params.name, standard, key if key in FLOORS else None))
    return tuple(found)


FAMILIES = _families()
"""Every registered system family, in the registry's order."""


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
    "raw_scan_cpu_seconds",
    "raw_scan_cpu_samples",
    "cold_seconds",
    "cold_samples",
    "cold_cpu_seconds",
    "cold_cpu_samples",
    "cold_process_cpu_seconds",
    "cold_ratio_raw",
    "cold_cpu_ratio_raw",
    "cache_bytes",
    "floor_seconds",
    "floor_cpu_seconds",
    "floor_read_seconds",
    "floor_players",
    "floor_peak_kib",
    "cold_ratio_floor",
    "cold_cpu_ratio_floor",
    "cold_no_cache_seconds",
    "cold_no_cache_cpu_seconds",
    "cold_peak_kib",
    "cold_no_cache_peak_kib",
    "record_seconds",
    "record_cpu_seconds",
    "record_cpu_samples",
    "record_small_seconds",
    "record_small_cpu_seconds",
    "record_small_cpu_samples",
    "record_cpu_ratio_small",
    "warm_list_seconds",
    "warm_list_samples",
    "warm_list_cpu_seconds",
    "warm_list_cpu_samples",
    "warm_list_json_seconds",
    "warm_list_json_cpu_seconds",
    "warm_list_again_seconds",
    "warm_list_again_cpu_seconds",
    "warm_in_process_seconds",
    "warm_equals_cold",
    "correction_period",
    "correction_month",
    "correction_games",
    "correction_list_seconds",
    "correction_list_samples",
    "correction_list_cpu_seconds",
    "correction_list_cpu_samples",
    "correction_list_alone_seconds",
    "correction_list_alone_cpu_seconds",
    "correction_lists_changed",
    "corrected_equals_cold",
    "corrected_cold_seconds",
    "corrected_cold_cpu_seconds",
    "queried_player",
    "history_seconds",
    "history_samples",
    "history_cpu_seconds",
    "history_cpu_samples",
    "explain_seconds",
    "explain_samples",
    "explain_cpu_seconds",
    "explain_cpu_samples",
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
    """Players then games through the ledger's import path, in this process; seconds and counts of each
    (the benchmark itself runs it in a process of its own: :func:`benchmarks.cold.import_ours`)."""
    done = cold.import_ours(db, data.folder)
    return done["players_seconds"], done["games_seconds"], int(done["players"]), int(done["games"])


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


def child(args: list[str]) -> dict[str, Any]:
    """Run ``python -m benchmarks.cold`` with ``args``; its JSON answer, and the CPU seconds of the
    whole process as ``process_cpu_seconds`` (interpreter and imports included)."""
    ran = run_process([sys.executable, "-m", "benchmarks.cold", *args], ratings_env(), "benchmarks.cold")
    answer: dict[str, Any] = json.loads(ran.out.strip().splitlines()[-1])
    answer["process_cpu_seconds"] = ran.cpu
    return answer


def child_replay(db: Path, cache: str | None, rules: str, period: str, out: Path | None = None) -> dict[str, Any]:
    """A cold replay in a process of its own (``cache`` made anew; None: ``Projector(reader, None)``), its
    list's JSON written to ``out``."""
    args = ["--db", str(db), "--rules", rules, "--period", period]
    if cache is not None:
        remove_db(cache)
        args += ["--cache", cache]
    if out is not None:
        args += ["--out", str(out)]
    return child(args)


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
``PYTHONDONTWRITEBYTECODE``; the warm-up of a run writes it (:func:`warm_up`). Deleted at exit."""
atexit.register(shutil.rmtree, _PYCACHE, ignore_errors=True)


@dataclass(frozen=True)
class Ran:
    """A command run as a new process."""

    seconds: float
    """Wall seconds, process start included."""
    cpu: float
    """CPU seconds: user + sys of the process (and of any it waited for), from ``getrusage(RUSAGE_CHILDREN)``."""
    out: str
    """Its standard output."""


def run_process(argv: list[str], env: dict[str, str] | None, what: str) -> Ran:
    """Run ``argv`` in a new process to its end: wall seconds, CPU seconds and output (a failure stops the run).

    The CPU seconds are the growth of this process's ``RUSAGE_CHILDREN`` across the run: the
    benchmark starts one process at a time and waits for it, so the growth is that process's own
    user + sys time (``subprocess.run`` reads its pipes in this thread and reaps it before returning).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise RuntimeError(f"{what} exited {done.returncode}: {done.stderr.strip()}")
    return Ran(seconds, cpu, done.stdout)


def ratings_env() -> dict[str, str]:
    """The environment of a timed ``ratings`` process: bytecode cached, no ``RATINGS_DB``."""
    skip = ("RATINGS_DB", "PYTHONDONTWRITEBYTECODE")
    return {k: v for k, v in os.environ.items() if k not in skip} | {"PYTHONPYCACHEPREFIX": _PYCACHE}


def cli_ran(db: Path | str | None, *args: str) -> Ran:
    """``ratings [--db DB] ARGS...`` in a new process, bytecode cached: wall and CPU seconds and its output
    (a failure stops the run)."""
    command, _ = ratings_command()
    options = [] if db is None else ["--db", str(db)]
    return run_process([*command, *options, *args], ratings_env(), f"ratings {' '.join(args)}")


def cli(db: Path | str, *args: str) -> tuple[float, str]:
    """``ratings --db DB ARGS...`` in a new process, bytecode cached: wall seconds and its output
    (a failure stops the run)."""
    ran = cli_ran(db, *args)
    return ran.seconds, ran.out


def cli_list(db: Path, rules: str, period: str, fmt: str | None = None, *, no_cache: bool = False) -> Ran:
    """``ratings --db DB [--no-cache] list --rules R --period P [--format F]`` in a new process."""
    options = ["--no-cache"] if no_cache else []
    return cli_ran(db, *options, "list", "--rules", rules, "--period", period, *(["--format", fmt] if fmt else []))


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
    the one before, and the last list. (:mod:`benchmarks.postgres`'s; this benchmark's are
    :func:`section_correction`'s, with CPU seconds.)"""
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


def medians(runs: list[Ran]) -> tuple[float, float]:
    """The median wall and CPU seconds of ``runs``."""
    return statistics.median(r.seconds for r in runs), statistics.median(r.cpu for r in runs)


def samples(runs: list[Ran]) -> str:
    """Each run's CPU and wall seconds, for a line of the report."""
    return ", ".join(f"{r.cpu:.2f}/{r.seconds:.2f}" for r in runs)


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
    startup: int = STARTUP_ROUNDS
    cold: int = COLD_ROUNDS
    """Of each whole-log measure: the import and its baseline, the raw scan, the cold replay, the floor."""


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
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="SAVED",
        help="At the end, each figure's ratio to those of SAVED (a --json file of an earlier run, e.g. "
        "benchmarks/figures.json), flagging those more than 20%% worse (a report: never a failure).",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="Run every timed command N times (a smoke run; the whole-log measures at most N times).",
    )
    parser.add_argument(
        "--cold-rounds",
        type=int,
        metavar="N",
        help=f"Run each whole-log measure (import and raw import; raw scan, cold replay, floor) N times "
        f"[default: {COLD_ROUNDS}, or --rounds if fewer].",
    )
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
    parser.add_argument(
        "--skip-audit",
        action="store_true",
        help="Skip the IECG's publish and audit step (two audits of the log as it stood five years back: long "
        "at ten million games, and not among the speed targets there).",
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
    if args.cold_rounds is not None and args.cold_rounds < 1:
        parser.error("--cold-rounds must be at least 1")
    saved: Figures | None = None
    if args.compare is not None:
        try:
            saved = json.loads(args.compare.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            parser.error(f"--compare {args.compare}: {error}")
    n = args.rounds
    cold_rounds = args.cold_rounds or (COLD_ROUNDS if n is None else min(n, COLD_ROUNDS))
    rounds = Rounds(cold=cold_rounds) if n is None else Rounds(n, n, n, n, n, cold_rounds)
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
    say(
        "Times:    CPU seconds (user + sys of the process: what the targets say) / wall seconds, of each "
        "command in a new process, process start included; of each whole-log measure in a process of its own"
    )
    say()
    report.figures.update(
        {
            "benchmark": 3,
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

    say('1. Start-up: `ratings --version` against `python -c "import click"`, each a new process, in turn')
    section_startup(report, rounds.startup)
    say()

    say("2. Import: ratings import players, then ratings import games, in a process of its own")
    if args.reuse_ledger and db.exists():
        say(f"  skipped (--reuse-ledger): {db}")
    else:
        section_import(report, db, cache, data, rounds.cold)
    events, size = log_size(db)
    say(f"  the log: {events:,} events, {mb(size)}")
    report.figures["log"] = {"events": events, "bytes": size, "raw_scan_peak_kib": None}
    small = small_ledger(report, data, params)
    warm_up(small, families, finished)
    say()

    report.figures["families"] = {}
    report.figures["audit"] = None
    for number, family in enumerate(families, start=3):
        section_family(
            report, number, family, db, small, cache, data, events, finished, rounds, args.skip_replay, args.skip_audit
        )

    summary(report, families)
    say()
    say("Targets")
    for name, measured, goal, ok in report.targets:
        say(f"  {name:<70} {measured:>10}   target {goal:<18} {verdict(ok)}")
    failed = [t for t in report.targets if not t[3]]
    report.figures["targets"] = [
        {"name": name, "measured": measured, "goal": goal, "ok": ok} for name, measured, goal, ok in report.targets
    ]
    report.figures["missed"] = len(failed)
    if args.json is not None:
        args.json.write_text(json.dumps(report.figures, indent=2) + "\n", encoding="utf-8")
        say(f"Figures written to {args.json}")
    if saved is not None:
        say()
        for line in compare_report(saved, report.figures, str(args.compare)):
            say(line)
    return 1 if (args.check and failed) else 0


def summary(report: Report, families: list[Family]) -> None:
    """The table of every family's figures: CPU seconds, the cold replay's ratios of CPU seconds."""
    say = report.say
    say("Summary (CPU seconds of each command; the cold replay's ratios of CPU seconds)")
    say(
        f"  {'family':<12} {'rules':<12} {'listed':>7} {'cold':>8} {'/raw':>6} {'/floor':>7} {'peak':>9} "
        f"{'record':>7} {'/1k':>5} {'warm':>6} {'corr.':>6} {'hist.':>6} {'expl.':>6}"
    )
    for family in families:
        f = report.figures["families"][family.key]

        def shown(key: str, spec: str, figures: Figures = f) -> str:
            value = figures.get(key)
            return "—" if value is None else format(value, spec)

        peak = f.get("cold_peak_kib")
        say(
            f"  {family.label:<12} {family.rules:<12} {shown('listed', ',d'):>7} "
            f"{shown('cold_cpu_seconds', '.2f'):>8} {shown('cold_cpu_ratio_raw', '.2f'):>6} "
            f"{shown('cold_cpu_ratio_floor', '.2f'):>7} {'—' if peak is None else kib_mb(peak):>9} "
            f"{shown('record_cpu_seconds', '.2f'):>7} {shown('record_cpu_ratio_small', '.2f'):>5} "
            f"{shown('warm_list_cpu_seconds', '.2f'):>6} {shown('correction_list_cpu_seconds', '.2f'):>6} "
            f"{shown('history_cpu_seconds', '.2f'):>6} {shown('explain_cpu_seconds', '.2f'):>6}"
        )


def section_startup(report: Report, rounds: int) -> None:
    """``ratings --version`` and its baseline ``python -c "import click"``, each a new process with bytecode
    cached, in turn, ``rounds`` times (after one untimed run of each, which writes the bytecode)."""
    say = report.say
    env = ratings_env()

    def version() -> Ran:
        return cli_ran(None, "--version")

    def click() -> Ran:
        return run_process([sys.executable, "-c", "import click"], env, "python -c 'import click'")

    version(), click()
    versions: list[Ran] = []
    clicks: list[Ran] = []
    for _ in range(rounds):
        versions.append(version())
        clicks.append(click())
    version_wall, version_cpu = medians(versions)
    click_wall, click_cpu = medians(clicks)
    ratio = version_cpu / click_cpu if click_cpu else float("inf")
    say(
        f"  ratings --version (CPU/wall s): {samples(versions)}: median {version_cpu:.3f} s CPU, "
        f"{version_wall:.3f} s wall"
    )
    say(f'  python -c "import click":      {samples(clicks)}: median {click_cpu:.3f} s CPU, {click_wall:.3f} s wall')
    say(f"  ratio of CPU seconds: {ratio:.2f}")
    report.target(
        f"ratings --version, new process (CPU, median of {rounds})",
        f"{version_cpu:.3f} s",
        f"≤ {VERSION_TARGET:g} s",
        version_cpu <= VERSION_TARGET,
    )
    report.target(
        "ratings --version / python -c 'import click' (CPU)",
        f"{ratio:.2f}",
        f"≤ {VERSION_RATIO_TARGET:g}",
        ratio <= VERSION_RATIO_TARGET,
    )
    report.figures["startup"] = {
        "version_seconds": version_wall,
        "version_cpu_seconds": version_cpu,
        "version_cpu_samples": [r.cpu for r in versions],
        "click_seconds": click_wall,
        "click_cpu_seconds": click_cpu,
        "click_cpu_samples": [r.cpu for r in clicks],
        "version_cpu_ratio_click": ratio,
    }


def small_ledger(report: Report, data: Written, params: Params) -> Path:
    """A ledger of :data:`SMALL_GAMES` games (:data:`SMALL_PLAYERS` players, the federation's last two
    years), made anew, for ``game record`` to be compared with: its path."""
    say = report.say
    last_year = params.first_year + params.years - 1
    small = Params(SMALL_GAMES, SMALL_PLAYERS, min(2, params.years), last_year - min(2, params.years) + 1, params.seed)
    written = write_federation(data.folder / "small", small)
    db = written.folder / "federation.db"
    remove_db(db)
    remove_db(cache_path_for(str(db)))
    cold.import_ours(db, written.folder)
    events, size = log_size(db)
    say(
        f"  the small ledger `game record` is compared with: {SMALL_GAMES:,} games of {SMALL_PLAYERS} players "
        f"({small.first_year}–{last_year}), {events:,} events, {mb(size)}: {db}"
    )
    report.figures["small_ledger"] = {"games": SMALL_GAMES, "players": SMALL_PLAYERS, "events": events, "bytes": size}
    return db


def warm_up(small: Path, families: list[Family], finished: str) -> None:
    """Every kind of timed ``ratings`` command once on the small ledger, untimed, failures ignored: each
    writes the bytecode of the modules it imports (the stdlib's and the packages' too, under the
    run's ``PYTHONPYCACHEPREFIX``), which an installed copy would have, so that no timed command
    compiles sources, even with ``--rounds 1``; what a ledger does the first time, too."""
    command, _ = ratings_command()
    env = ratings_env()
    game = "BENCH-WARM-UP"
    runs: list[tuple[str, ...]] = [
        ("game", "record", game, "--white", "10001", "--black", "10002", "--result", "1-0", "--finished", finished),
        ("game", "correct", game, "--result", "0-1", "--reason", "warm-up"),
    ]
    for family in families:
        scheme = get_rules(family.rules).periods
        period = scheme.label(scheme.index_of_day(finished))
        listing = ("list", "--rules", family.rules, "--period", period)
        runs += [
            listing,
            (*listing, "--format", "json"),
            ("--no-cache", *listing, "--format", "json"),
            ("history", "10001", "--rules", family.rules),
            ("explain", "10001", "--rules", family.rules, "--period", period),
            ("audit", "--rules", family.rules, "--period", period),
        ]
    for args in runs:
        subprocess.run([*command, "--db", str(small), *args], cwd=ROOT, capture_output=True, env=env)
    subprocess.run([sys.executable, "-m", "benchmarks.cold", "--help"], cwd=ROOT, capture_output=True, env=env)


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
    small: Path,
    cache: str,
    data: Written,
    events: int,
    finished: str,
    rounds: Rounds,
    skip_replay: bool,
    skip_audit: bool = False,
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
        say(f"  {number}.1 cold replay to the latest list ({rounds.cold} run(s) of each measure, in turn)")
        cold_json = section_cold(report, family, db, cache, data, period, events, rounds.cold, figures)
        say(f"  {number}.2 warm list after one more game (finished {finished}, in period {period})")
        section_warm(report, family, db, small, cache, period, finished, cold_json, rounds.warm, figures)

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
    if family.key == "iecg" and skip_audit:
        say(f"  {number}.5 audit: skipped (--skip-audit)")
    elif family.key == "iecg":
        # never before the end of the federation's first year: an empty list is not published
        first = scheme.index_of_day(f"{data.params.first_year}-12-31")
        periods_back = min(AUDIT_BACK, scheme.index(period) - first)
        audited = scheme.label(scheme.index(period) - periods_back)
        say(
            f"  {number}.5 audit of the list of {audited} ({periods_back} periods back), "
            f"published {PUBLISHED_AFTER} days after it"
        )
        section_audit(report, copy, data, rules, audited, rounds.audit, rounds.correction, figures)
    say()
    unknown = set(figures) - set(FAMILY_MEASURES)
    if unknown:
        raise RuntimeError(f"figures without a stable key in FAMILY_MEASURES: {', '.join(sorted(unknown))}")


def _best(runs: list[dict[str, Any]]) -> tuple[float, float]:
    """The best wall and the best CPU seconds of whole-log measures (each its own best)."""
    return min(r["seconds"] for r in runs), min(r["cpu_seconds"] for r in runs)


def _runs(runs: list[dict[str, Any]]) -> str:
    return ", ".join(f"{r['cpu_seconds']:.2f}/{r['seconds']:.2f}" for r in runs)


def section_cold(
    report: Report,
    family: Family,
    db: Path,
    cache: str,
    data: Written,
    period: str,
    events: int,
    cold_rounds: int,
    figures: Figures,
) -> str:
    """The raw scan, the cold replay, the floor and the replay's peak memory: the list's JSON.

    Each runs ``cold_rounds`` times, in turn (raw, replay, floor, raw, replay, floor), each in a
    process of its own (:mod:`benchmarks.cold`), and the best CPU (and the best wall) time of each
    counts: a shared machine's noise only ever adds time. Each replay writes the ledger's projections
    file anew, which the warm list then uses.
    """
    say = report.say
    rules = family.rules
    out = data.folder / "cold-list.json"
    raws: list[dict[str, Any]] = []
    replays: list[dict[str, Any]] = []
    floors: list[dict[str, Any]] = []
    for number in range(cold_rounds):
        raws.append(child(["--db", str(db), "--raw"]))
        replays.append(child_replay(db, cache, rules, period, out if number == 0 else None))
        if family.floor is not None:
            floors.append(child(["--db", str(db), "--floor", family.floor, "--data", str(data.folder)]))
    cold_json = out.read_text(encoding="utf-8")
    out.unlink()
    listed = len(json.loads(cold_json)["players"])
    if report.figures["log"].get("raw_scan_peak_kib") is None:
        report.figures["log"]["raw_scan_peak_kib"] = int(raws[0]["peak_kib"])
    raw_wall, raw_cpu = _best(raws)
    say("    raw scan: SELECT rowid, topic, state FROM stored_events ORDER BY rowid, and json.loads of every state")
    say(
        f"      CPU/wall s {_runs(raws)}: best {raw_cpu:.2f} s CPU ({events / raw_cpu if raw_cpu else 0:,.0f} "
        f"events/s), {raw_wall:.2f} s wall; peak memory {kib_mb(raws[0]['peak_kib'])}"
    )
    wall, cpu = _best(replays)
    ratio, ratio_wall = cpu / raw_cpu, wall / raw_wall
    say("    cold replay: Projector(reader, new cache file).rating_list(...), which also writes the whole cache")
    say(
        f"      CPU/wall s {_runs(replays)}: best {cpu:.2f} s CPU, {wall:.2f} s wall; ratio to the raw scan "
        f"{ratio:.2f} CPU ({ratio_wall:.2f} wall) ({listed:,} players listed; cache file "
        f"{mb(Path(cache).stat().st_size)})"
    )
    report.target(
        "cold replay / raw scan (CPU)", f"{ratio:.2f}", f"≤ {COLD_TARGET:g}", ratio <= COLD_TARGET, family.label
    )
    peak = max(int(r["peak_kib"]) for r in replays)
    figures.update(
        {
            "listed": listed,
            "raw_scan_seconds": raw_wall,
            "raw_scan_samples": [r["seconds"] for r in raws],
            "raw_scan_cpu_seconds": raw_cpu,
            "raw_scan_cpu_samples": [r["cpu_seconds"] for r in raws],
            "cold_seconds": wall,
            "cold_samples": [r["seconds"] for r in replays],
            "cold_cpu_seconds": cpu,
            "cold_cpu_samples": [r["cpu_seconds"] for r in replays],
            "cold_process_cpu_seconds": min(r["process_cpu_seconds"] for r in replays),
            "cold_ratio_raw": ratio_wall,
            "cold_cpu_ratio_raw": ratio,
            "cache_bytes": Path(cache).stat().st_size,
            "cold_peak_kib": peak,
        }
    )
    if floors:
        floor_wall, floor_cpu = _best(floors)
        floor_ratio, floor_ratio_wall = cpu / floor_cpu, wall / floor_wall
        say(
            f"    floor: benchmarks.floors.{FLOORS[family.floor or ''].__name__}, a plain-Python loop of the system's "
            f"update over games.csv, reading and sorting included"
        )
        say(
            f"      CPU/wall s {_runs(floors)}: best {floor_cpu:.2f} s CPU, {floor_wall:.2f} s wall (reading "
            f"{min(f['read_cpu_seconds'] for f in floors):.2f} s CPU; {floors[0]['rows']:,} players rated; peak "
            f"{kib_mb(floors[0]['peak_kib'])}); cold replay / floor {floor_ratio:.2f} CPU ({floor_ratio_wall:.2f} wall)"
        )
        report.target(
            "cold replay / plain-loop floor (CPU)",
            f"{floor_ratio:.2f}",
            f"≤ {FLOOR_TARGET:g}",
            floor_ratio <= FLOOR_TARGET,
            family.label,
        )
        figures.update(
            {
                "floor_seconds": floor_wall,
                "floor_cpu_seconds": floor_cpu,
                "floor_read_seconds": min(f["read_seconds"] for f in floors),
                "floor_players": int(floors[0]["rows"]),
                "floor_peak_kib": int(floors[0]["peak_kib"]),
                "cold_ratio_floor": floor_ratio_wall,
                "cold_cpu_ratio_floor": floor_ratio,
            }
        )
    limit = memory_target(data.params.games)
    say(
        f"    peak memory (VmHWM of the replay's process): {kib_mb(peak)} (the interpreter and imports "
        f"alone: {kib_mb(replays[0]['peak_kib_before'])})"
    )
    report.target(
        "cold replay peak memory",
        f"{peak * 1024 / 1e9:.2f} GB",
        f"≤ {limit / 1e9:g} GB",
        peak * 1024 <= limit,
        family.label,
    )
    return cold_json


def section_warm(
    report: Report,
    family: Family,
    db: Path,
    small: Path,
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
    reader = SQLiteLogReader(str(db))
    head = reader.head()
    reader.close()
    _, shown = ratings_command()
    name = Path(shown).name
    if len(top) < 2 * rounds + 4:
        say(f"    fewer than {2 * rounds + 4} players listed: the warm list is not measured")
        return
    say(
        f"    a round: `{name} --db SMALL game record …` on the {SMALL_GAMES:,}-game ledger, `{name} --db … game "
        f"record …` of two players of the list, then `{name} --db … list --rules {rules} --period {period}`, "
        "each in a new process (CPU/wall s)"
    )
    number = 0

    def record(result: str) -> tuple[Ran, str]:
        nonlocal number
        white, black = top[2 * number], top[2 * number + 1]
        number += 1
        game = f"BENCH-{head + number}"
        ran = cli_ran(
            db, "game", "record", game, "--white", white, "--black", black, "--result", result, "--finished", finished
        )
        return ran, f"{game} ({white}–{black})"

    def record_small() -> Ran:
        game = f"BENCH-{family.key}-{number}"
        return cli_ran(
            small, "game", "record", game, "--white", "10001", "--black", "10002", "--result", "1/2-1/2",
            "--finished", finished,
        )  # fmt: skip

    smalls: list[Ran] = []
    records: list[Ran] = []
    lists: list[Ran] = []
    for _ in range(rounds):
        smalls.append(record_small())
        ran, done = record("1/2-1/2")
        records.append(ran)
        lists.append(cli_list(db, rules, period))
        say(
            f"      round {number}: game record on the small ledger {smalls[-1].cpu:.2f}/{smalls[-1].seconds:.2f}; "
            f"game record {done} {ran.cpu:.2f}/{ran.seconds:.2f}; "
            f"ratings list (table, the default) {lists[-1].cpu:.2f}/{lists[-1].seconds:.2f}"
        )
    list_wall, list_cpu = medians(lists)
    record_wall, record_cpu = medians(records)
    small_wall, small_cpu = medians(smalls)
    record_ratio = record_cpu / small_cpu if small_cpu else float("inf")
    say(
        f"      medians: list {list_cpu:.2f} s CPU ({list_wall:.2f} s wall); game record {record_cpu:.2f} s CPU "
        f"({record_wall:.2f} s wall), on the small ledger {small_cpu:.2f} s CPU ({small_wall:.2f} s wall): "
        f"ratio {record_ratio:.2f}"
    )
    report.target(
        f"warm ratings list, new process (CPU, median of {rounds})",
        f"{list_cpu:.2f} s",
        f"≤ {WARM_TARGET:g} s",
        list_cpu <= WARM_TARGET,
        family.label,
    )
    report.target(
        f"ratings game record, new process (CPU, median of {rounds})",
        f"{record_cpu:.2f} s",
        f"≤ {RECORD_TARGET:g} s",
        record_cpu <= RECORD_TARGET,
        family.label,
    )
    report.target(
        f"game record / the same on {SMALL_GAMES:,} games (CPU)",
        f"{record_ratio:.2f}",
        f"≤ {RECORD_RATIO_TARGET:g}",
        record_ratio <= RECORD_RATIO_TARGET,
        family.label,
    )
    ran, done = record("1-0")
    warm = cli_list(db, rules, period, "json")
    say(f"      round {number}: game record {done}; ratings list --format json {warm.cpu:.2f}/{warm.seconds:.2f}")
    again = cli_list(db, rules, period, "json")
    say(
        f"    ratings list --format json again, nothing new (the list is materialised): "
        f"{again.cpu:.2f}/{again.seconds:.2f}"
    )
    out = db.parent / "cold-check.json"
    nocache = child_replay(db, None, rules, period, out)
    nocache_json = out.read_text(encoding="utf-8")
    out.unlink()
    same = warm.out == nocache_json == again.out
    say(
        f"    check: that warm list's JSON against a cold replay's without a cache, Projector(reader, None), in a "
        f"process of its own ({nocache['cpu_seconds']:.2f} s CPU, {nocache['seconds']:.2f} s wall, peak "
        f"{kib_mb(nocache['peak_kib'])}): {'identical' if same else 'DIFFERENT'} ({len(warm.out):,} bytes)"
    )
    report.target(
        "warm list == cold list (JSON bytes)", "identical" if same else "different", "identical", same, family.label
    )
    ledger = RatingLedger(str(db))
    white, black = top[2 * number], top[2 * number + 1]
    number += 1
    ledger.record_game(f"BENCH-{head + number}", white=white, black=black, result="0-1", finished=finished)
    ledger.close()
    inproc, _ = timed(lambda: _warm_in_process(db, cache, rules, period))
    say(
        f"    in this process: RatingLedger.record_game of BENCH-{head + number}; "
        f"Projector(reader, cache file).rating_list {inproc * 1000:.0f} ms"
    )
    figures.update(
        {
            "cold_no_cache_seconds": nocache["seconds"],
            "cold_no_cache_cpu_seconds": nocache["cpu_seconds"],
            "cold_no_cache_peak_kib": int(nocache["peak_kib"]),
            "record_seconds": record_wall,
            "record_cpu_seconds": record_cpu,
            "record_cpu_samples": [r.cpu for r in records],
            "record_small_seconds": small_wall,
            "record_small_cpu_seconds": small_cpu,
            "record_small_cpu_samples": [r.cpu for r in smalls],
            "record_cpu_ratio_small": record_ratio,
            "warm_list_seconds": list_wall,
            "warm_list_samples": [r.seconds for r in lists],
            "warm_list_cpu_seconds": list_cpu,
            "warm_list_cpu_samples": [r.cpu for r in lists],
            "warm_list_json_seconds": warm.seconds,
            "warm_list_json_cpu_seconds": warm.cpu,
            "warm_list_again_seconds": again.seconds,
            "warm_list_again_cpu_seconds": again.cpu,
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
    first = cli_list(db, rules, period, "json")
    previous = first.out
    say(
        f"    first, not in the target: `{name} --db … list --rules {rules} --period {period} --format json` "
        f"on the copy {first.cpu:.2f}/{first.seconds:.2f}"
    )
    say(
        f"    a round: `{name} --db … game correct ID --result R --reason benchmark`, then "
        f"`{name} --db … list --rules {rules} --period {period} --format json`, each in a new process (CPU/wall s)"
    )
    totals: list[Ran] = []
    lists: list[Ran] = []
    changed = 0
    for number, (game, result) in enumerate(games, start=1):
        other = OTHER_RESULT[result]
        corrected = cli_ran(db, "game", "correct", game, "--result", other, "--reason", "benchmark")
        listed = cli_list(db, rules, period, "json")
        together = Ran(corrected.seconds + listed.seconds, corrected.cpu + listed.cpu, listed.out)
        totals.append(together)
        lists.append(listed)
        changed += listed.out != previous
        previous = listed.out
        say(
            f"      round {number}: game correct {game} --result {other} (was {result}) "
            f"{corrected.cpu:.2f}/{corrected.seconds:.2f}, list {listed.cpu:.2f}/{listed.seconds:.2f}: together "
            f"{together.cpu:.2f}/{together.seconds:.2f}"
        )
    wall, cpu = medians(totals)
    alone_wall, alone_cpu = medians(lists)
    say(
        f"      together: median {cpu:.2f} s CPU ({wall:.2f} s wall); the list alone: median {alone_cpu:.2f} s CPU "
        f"({alone_wall:.2f} s wall); the list changed in {changed} of {len(games)} rounds"
    )
    limit = correction_target(data.params.games)
    report.target(
        f"correction + list, new processes (CPU, median of {rounds})",
        f"{cpu:.2f} s",
        f"≤ {limit:g} s",
        cpu <= limit,
        family.label,
    )
    check = cli_list(db, rules, period, "json", no_cache=True)
    same = check.out == previous
    say(
        f"    check: the last round's list against `{name} --db … --no-cache list … --format json` "
        f"({check.cpu:.2f} s CPU, {check.seconds:.2f} s wall): {'identical' if same else 'DIFFERENT'} "
        f"({len(previous):,} bytes)"
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
            "correction_list_seconds": wall,
            "correction_list_samples": [r.seconds for r in totals],
            "correction_list_cpu_seconds": cpu,
            "correction_list_cpu_samples": [r.cpu for r in totals],
            "correction_list_alone_seconds": alone_wall,
            "correction_list_alone_cpu_seconds": alone_cpu,
            "correction_lists_changed": changed,
            "corrected_equals_cold": same,
            "corrected_cold_seconds": check.seconds,
            "corrected_cold_cpu_seconds": check.cpu,
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
        "history": (("history", player, "--rules", rules), HISTORY_TARGET),
        "explain": (("explain", player, "--rules", rules, "--period", period), EXPLAIN_TARGET),
    }
    for what, (args, limit) in commands.items():
        runs = [cli_ran(db, *args) for _ in range(rounds)]
        wall, cpu = medians(runs)
        say(
            f"    `{name} --db … {' '.join(args)}` in a new process (CPU/wall s): {samples(runs)}: "
            f"median {cpu:.2f} s CPU, {wall:.2f} s wall ({len(runs[-1].out.splitlines())} lines)"
        )
        figures[f"{what}_seconds"] = wall
        figures[f"{what}_samples"] = [r.seconds for r in runs]
        figures[f"{what}_cpu_seconds"] = cpu
        figures[f"{what}_cpu_samples"] = [r.cpu for r in runs]
        report.target(
            f"ratings {what}, new process (CPU, median of {rounds})",
            f"{cpu:.2f} s",
            f"≤ {limit:g} s",
            cpu <= limit,
            family.label,
        )
    figures["queried_player"] = player


def section_import(report: Report, db: Path, cache: str, data: Written, cold_rounds: int) -> None:
    """Both imports ``cold_rounds`` times, in turn (ours, raw, ours, raw), each in a process of its own
    (:mod:`benchmarks.cold`); the best CPU (and wall) time of each counts; then the priors and the extra
    facts, in this process.

    The first of ours makes the benchmark's ledger; the others go to a scratch file, deleted afterwards.
    """
    say = report.say
    remove_db(db)
    remove_db(cache)
    scratch = data.folder / "import-2.db"
    raw_file = data.folder / "raw-import.db"
    ours_runs: list[dict[str, Any]] = []
    raw_runs: list[dict[str, Any]] = []
    for number in range(cold_rounds):
        target = db if number == 0 else scratch
        remove_db(target)
        ours_runs.append(child(["--db", str(target), "--import", str(data.folder)]))
        raw_runs.append(child(["--db", str(raw_file), "--raw-import", str(data.folder)]))
    remove_db(scratch)
    best = min(ours_runs, key=lambda run: run["players_cpu_seconds"] + run["games_cpu_seconds"])
    player_count, game_count = int(best["players"]), int(best["games"])
    rows = player_count + game_count
    ours_wall = min(run["players_seconds"] + run["games_seconds"] for run in ours_runs)
    ours_cpu = best["players_cpu_seconds"] + best["games_cpu_seconds"]
    raw_cpu = min(run["executemany_cpu_seconds"] for run in raw_runs)
    raw_wall = min(run["executemany_seconds"] for run in raw_runs)
    streamed_cpu = min(run["streamed_cpu_seconds"] for run in raw_runs)
    streamed_wall = min(run["streamed_seconds"] for run in raw_runs)

    def line(what: str, count: int, cpu: float, wall: float) -> None:
        say(
            f"  {what:<56} {count:>10,} rows {cpu:8.2f} s CPU {wall:8.2f} s wall "
            f"{count / cpu if cpu else 0:>10,.0f} rows/s CPU"
        )

    def runs(key: str, chosen: list[dict[str, Any]]) -> str:
        return ", ".join(f"{run[f'{key}_cpu_seconds']:.2f}/{run[f'{key}_seconds']:.2f}" for run in chosen)

    shown = ", ".join(
        f"{run['players_cpu_seconds'] + run['games_cpu_seconds']:.2f}/"
        f"{run['players_seconds'] + run['games_seconds']:.2f}"
        for run in ours_runs
    )
    say(f"  ours (CPU/wall s: {shown}; the best):")
    line(
        "  RatingLedger.import_players(read_rows(players.csv))",
        player_count,
        best["players_cpu_seconds"],
        best["players_seconds"],
    )
    line(
        "  RatingLedger.import_games(read_rows(games.csv))",
        game_count,
        best["games_cpu_seconds"],
        best["games_seconds"],
    )
    line("  both", rows, ours_cpu, ours_wall)
    peak = max(int(run["peak_kib"]) for run in ours_runs)
    raw_peak = max(int(run["peak_kib"]) for run in raw_runs)
    say(
        f"  its peak memory (VmHWM of its process): {kib_mb(peak)} "
        f"(the interpreter alone {kib_mb(best['peak_kib_before'])})"
    )
    say("  raw sqlite3: a new WAL file, a table per CSV file with its columns and no index, one transaction a file")
    line(f"  executemany of rows read beforehand ({runs('executemany', raw_runs)})", rows, raw_cpu, raw_wall)
    line(f"  csv.reader → executemany ({runs('streamed', raw_runs)})", rows, streamed_cpu, streamed_wall)
    say(f"  (rows read {cold.RAW_CHUNK:,} at a time outside the clocks; peak memory {kib_mb(raw_peak)})")
    ratio = raw_cpu / ours_cpu
    ratio_wall = raw_wall / ours_wall
    say(
        f"  rate ratio ours/raw: {ratio:.3f} of CPU seconds against executemany of rows read beforehand (the target's "
        f"measure; {ratio_wall:.3f} of wall seconds); {streamed_cpu / ours_cpu:.3f} against csv.reader → executemany"
    )
    report.target(
        "import rate / raw executemany rate (CPU)", f"{ratio:.3f}", f"≥ {IMPORT_TARGET}", ratio >= IMPORT_TARGET
    )
    limit = memory_target(data.params.games)
    report.target("import peak memory", f"{peak * 1024 / 1e9:.2f} GB", f"≤ {limit / 1e9:g} GB", peak * 1024 <= limit)
    prior_cpu, (prior_time, priors) = _cpu(lambda: record_priors(db, data))
    say(
        f"  then the priors, RatingLedger.record_prior of each row of priors.csv, in this process (not in the ratio): "
        f"{priors:,} in {prior_cpu:.1f} s CPU, {prior_time:.1f} s wall "
        f"({priors / prior_time if prior_time else 0:,.0f} a second)"
    )
    extra_cpu, (extra_time, extra) = _cpu(lambda: record_extras(db, data))
    done = ", ".join(f"{v:,} {k}" for k, v in extra.items())
    say(f"  then one ledger command each (not in the ratio): {done} in {extra_cpu:.1f} s CPU, {extra_time:.1f} s wall")
    report.figures["import"] = {
        "rows": rows,
        "players_seconds": best["players_seconds"],
        "players_cpu_seconds": best["players_cpu_seconds"],
        "games_seconds": best["games_seconds"],
        "games_cpu_seconds": best["games_cpu_seconds"],
        "seconds": ours_wall,
        "cpu_seconds": ours_cpu,
        "samples": [run["players_seconds"] + run["games_seconds"] for run in ours_runs],
        "cpu_samples": [run["players_cpu_seconds"] + run["games_cpu_seconds"] for run in ours_runs],
        "peak_kib": peak,
        "raw_executemany_seconds": raw_wall,
        "raw_executemany_cpu_seconds": raw_cpu,
        "raw_streamed_seconds": streamed_wall,
        "raw_streamed_cpu_seconds": streamed_cpu,
        "raw_peak_kib": raw_peak,
        "ratio": ratio_wall,
        "cpu_ratio": ratio,
        "priors": priors,
        "priors_seconds": prior_time,
        "priors_cpu_seconds": prior_cpu,
        "extras": extra,
        "extras_seconds": extra_time,
        "extras_cpu_seconds": extra_cpu,
    }


def _cpu(action: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of this process over ``action()``, and its value."""
    start = time.process_time()
    value = action()
    return time.process_time() - start, value


def section_audit(
    report: Report,
    db: Path,
    data: Written,
    rules: str,
    audited: str,
    rounds: int,
    corrected: int,
    figures: Figures,
) -> None:
    """Publish the list of ``audited`` as of a date after its period, then audit it in new processes;
    then correct a game of that period and audit again (a fact after the publication's head leaves the
    proof standing), then ``audit --replay``, the replay path, against the family's cold replay
    (``figures``): the game after the first ``corrected`` of its month, which the correction step may have
    corrected already (on a short federation the two steps can fall in one month)."""
    say = report.say
    scheme = get_rules(rules).periods
    ended = scheme.last_day(scheme.index(audited))
    on = min(ended + timedelta(days=PUBLISHED_AFTER), date.today()).isoformat()
    _, shown = ratings_command()
    name = Path(shown).name
    published = cli_ran(db, "publish", "--rules", rules, "--period", audited, "--on", on)
    say(
        f"  `{name} --db … publish --rules {rules} --period {audited} --on {on}` "
        f"(once, not in the target): {published.cpu:.2f} s CPU, {published.seconds:.2f} s wall"
    )
    say(f"    {published.out.splitlines()[0]}")
    say(f"  `{name} --db … audit --rules {rules} --period {audited}` in a new process (CPU/wall s):")
    wall, cpu, text = _audits(report, db, rules, audited, rounds)
    reproduced = _reproduced(text)
    report.target(
        f"audit of a list published 5 years back (CPU, median of {rounds})",
        f"{cpu:.2f} s",
        f"≤ {AUDIT_TARGET:g} s",
        cpu <= AUDIT_TARGET,
    )
    report.target("the audit reproduces the published list", "yes" if reproduced else "no", "yes", reproduced)
    audit: Figures = {
        "period": audited,
        "published_on": on,
        "seconds": wall,
        "cpu_seconds": cpu,
        "reproduced": reproduced,
        "replay_seconds": None,
        "replay_cpu_seconds": None,
        "replay_cpu_ratio_cold": None,
    }
    report.figures["audit"] = audit

    games = games_of_month(data, audited, corrected + 1)[corrected:]
    if not games:
        say(f"  no game of {audited} to correct (the federation is too short): the second audit is skipped")
        return
    game, result = games[0]
    other = OTHER_RESULT[result]
    fixed = cli_ran(db, "game", "correct", game, "--result", other, "--reason", "benchmark: after the publication")
    say(
        f"  then `{name} --db … game correct {game} --result {other}` (was {result}; a game of {audited}, "
        f"reported today, after the publication's head: it never counts in the list as published) "
        f"{fixed.cpu:.2f}/{fixed.seconds:.2f}, and the audit again:"
    )
    _audits(report, db, rules, audited, rounds)
    say(f"  then `{name} --db … audit --rules {rules} --period {audited} --replay`, the replay path, asked for:")
    again_wall, again_cpu, _ = _audits(report, db, rules, audited, rounds, "--replay")
    audit["replay_seconds"], audit["replay_cpu_seconds"] = again_wall, again_cpu
    cold_cpu = figures.get("cold_process_cpu_seconds")
    if cold_cpu:
        ratio = again_cpu / cold_cpu
        audit["replay_cpu_ratio_cold"] = ratio
        say(
            f"    its CPU seconds against the cold replay's, its process's whole CPU seconds as the audit's "
            f"({cold_cpu:.2f} s): {ratio:.2f}"
        )
        report.target(
            "the audit's replay path / a cold replay (CPU)",
            f"{ratio:.2f}",
            f"≤ {AUDIT_REPLAY_TARGET:g}",
            ratio <= AUDIT_REPLAY_TARGET,
        )


def _audits(report: Report, db: Path, rules: str, period: str, rounds: int, *options: str) -> tuple[float, float, str]:
    """``ratings audit`` of the list of ``period`` (with ``options``), ``rounds`` times: the median wall and
    CPU seconds and the last report (its verdict, how it was reached, and what changed since)."""
    runs = [cli_ran(db, "audit", "--rules", rules, "--period", period, *options) for _ in range(rounds)]
    wall, cpu = medians(runs)
    say = report.say
    say(f"    {samples(runs)}: median {cpu:.2f} s CPU, {wall:.2f} s wall")
    lines = runs[-1].out.splitlines()
    for heading in ("1. ", "3. "):
        at = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
        if at is not None:
            shown = lines[at] if heading == "3. " else f"{lines[at]} {lines[at + 1].strip()}"
            say(f"    it said: {shown}")
            if heading == "1. " and at + 2 < len(lines) and lines[at + 2].strip():
                say(f"    and how: {lines[at + 2].strip()}")
    return wall, cpu, runs[-1].out


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
