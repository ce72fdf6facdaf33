"""The rating ledger's benchmark on PostgreSQL: ``python -m benchmarks.postgres``.

In one run, on a fresh database made on the server of ``--url`` (dropped afterwards unless ``--keep``),
against baselines measured in the same run on the same machine and server:

1. import: ``RatingLedger(url).import_file`` of ``players.csv`` then ``games.csv`` (what ``ratings import``
   calls) against a raw ``COPY`` of the same CSV rows into fresh plain tables with the CSV's columns (the
   file's bytes, and the rows read beforehand), and a raw ``executemany`` of the rows read beforehand
   (the measure of the SQLite benchmark's target, raw time / our time ≥ 0.1); raw runs twice, best counts;
2. cold replay: ``Projector(stores.store(url).open_reader(), new cache file).rating_list(iecg-1.7, latest)``
   against a raw scan (``SELECT notification_id, topic, state FROM ratingledger_events ORDER BY
   notification_id`` through a server-side cursor, ``json.loads`` of every state); each twice, in turn;
3. warm list: one more game recorded (``RatingLedger.record_game``), then ``ratings --db URL list`` in a
   new process, process start included; its JSON byte for byte a cold replay's without a cache;
4. correction + list: ``ratings game correct`` of a game a year before the latest period, then ``ratings
   list``, each a new process; the last list byte for byte ``ratings --no-cache list``'s;
5. writers: four processes (and one, for comparison) each recording games one at a time with
   ``RatingLedger(url).record_game`` for ``--writer-seconds``; the same on a SQLite ledger file holding
   the same federation (imported with the same call, its import time reported beside).

The federation is :mod:`benchmarks.federation`'s (the CSV files are reused while the parameters stay the
same). Unlike :mod:`benchmarks.run`, the priors and the extra facts (adjudications, withdrawals,
inactivity) are not recorded: one command a row, they would cost minutes on either store and are
not what this benchmark compares.
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
import uuid
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg

from benchmarks.federation import DEFAULT_DATA, Params, Written, write_federation
from benchmarks.run import cli as run_cli
from benchmarks.run import (
    correction_month,
    correction_rounds,
    games_of_month,
    machine,
    machine_info,
    mb,
    remove_db,
    timed,
)
from ledger import stores
from ledger.application import RatingLedger
from ledger.postgres import EVENTS_TABLE
from projections.api import cache_file
from projections.registry import get_rules
from projections.replay import Projector

RULES = "iecg-1.7"
"""The rules of the list measures, as :mod:`benchmarks.run`'s first family."""
DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
"""The server's maintenance database: the benchmark's database is created and dropped through it."""
ROUNDS = 5
"""Rounds of the warm list and of the correction; the median counts."""
WRITER_SECONDS = 20.0
"""How long each writers' run records games."""
WRITERS = 4
BATCH = 20_000
"""Rows a fetch of the raw scan (as the ledger's reader and :func:`benchmarks.cold.raw_scan`)."""

Figures = dict[str, Any]


def say(line: str = "") -> None:
    print(line, flush=True)


RETRIES = 3
"""Tries of a command refused because the server had no connection slot left (a shared server)."""


def cli(db: str, *args: str) -> tuple[float, str]:
    """:func:`benchmarks.run.cli` (``ratings --db DB ARGS`` in a new process, timed), tried again when the
    server refused the connection for want of a slot (other work shares the server): the time of the
    try that ran, each retry said."""
    for attempt in range(1, RETRIES + 1):
        try:
            return run_cli(db, *args)
        except RuntimeError as error:
            if "too many clients" not in str(error) or attempt == RETRIES:
                raise
            say(f"      (retried: the server had no connection slot left: {' '.join(args[2:5])} …)")
            time.sleep(2)
    raise AssertionError("unreachable")


def drop_database_retrying(url: str, name: str) -> None:
    for attempt in range(1, 11):
        try:
            drop_database(url, name)
            return
        except psycopg.OperationalError:
            if attempt == 10:
                raise
            time.sleep(3)


def load_average() -> str:
    try:
        with open("/proc/loadavg", encoding="ascii") as handle:
            return " ".join(handle.read().split()[:3])
    except OSError:
        return "unknown"


def database_url(url: str, name: str) -> str:
    """The URL of database ``name`` on the server of ``url``."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def create_database(url: str, name: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(url: str, name: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- 1. import --------------------------------------------------------------------


def import_ours(db: str, data: Written) -> tuple[float, float, int, int]:
    """``RatingLedger.create(db)``, then ``import_file`` of the players, then of the games (a new
    ``RatingLedger`` each, as two ``ratings import`` commands): seconds and counts of each."""
    RatingLedger.create(db).close()

    def load(kind: str) -> int:
        ledger = RatingLedger(db)
        try:
            return ledger.import_file(str(data.path(kind)), kind)
        finally:
            ledger.close()

    player_time, players = timed(lambda: load("players"))
    game_time, games = timed(lambda: load("games"))
    return player_time, game_time, players, games


def _read(path: Path) -> tuple[list[str], list[list[str]]]:
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        return header, list(reader)


def _fresh_table(conn: psycopg.Connection[Any], name: str, header: list[str]) -> None:
    conn.execute(f"DROP TABLE IF EXISTS {name}")
    conn.execute(f"CREATE TABLE {name} ({', '.join(f'{column} text' for column in header)})")
    conn.commit()


def import_raw(db: str, data: Written) -> dict[str, float]:
    """The baselines, each into fresh plain tables (``raw_players``, ``raw_games``, text columns, no index)
    of the same database, one transaction a file; seconds of both files:

    - ``copy_file``: ``COPY … FROM STDIN (FORMAT csv, HEADER)``, the file's bytes streamed;
    - ``copy_rows``: ``COPY … FROM STDIN`` of the rows read beforehand (``csv.reader``), ``write_row`` each;
    - ``executemany``: ``INSERT`` of the rows read beforehand, ``executemany`` (psycopg's pipeline).
    """
    seconds = dict.fromkeys(("copy_file", "copy_rows", "executemany"), 0.0)
    with psycopg.connect(db) as conn:
        for kind in ("players", "games"):
            path = data.path(kind)
            header, rows = _read(path)
            table = f"raw_{kind}"
            _fresh_table(conn, table, header)
            start = time.perf_counter()
            statement = f"COPY {table} FROM STDIN (FORMAT csv, HEADER true)"
            with conn.cursor() as cursor, cursor.copy(statement) as copy, open(path, "rb") as handle:
                while block := handle.read(1 << 20):
                    copy.write(block)
            conn.commit()
            seconds["copy_file"] += time.perf_counter() - start
            _fresh_table(conn, table, header)
            start = time.perf_counter()
            with conn.cursor() as cursor, cursor.copy(f"COPY {table} FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            conn.commit()
            seconds["copy_rows"] += time.perf_counter() - start
            _fresh_table(conn, table, header)
            insert = f"INSERT INTO {table} VALUES ({', '.join('%s' for _ in header)})"
            start = time.perf_counter()
            with conn.cursor() as cursor:
                cursor.executemany(insert, rows)
            conn.commit()
            seconds["executemany"] += time.perf_counter() - start
            count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            if count is None or count[0] != len(rows):
                raise RuntimeError(f"{table} holds {count} rows, not {len(rows)}")
            conn.execute(f"DROP TABLE {table}")
            conn.commit()
            del rows
    return seconds


def section_import(db: str, data: Written, figures: Figures) -> None:
    say("1. Import: RatingLedger(url).import_file(players.csv), then (games.csv), as `ratings import` does")
    raw_runs = [import_raw(db, data)]
    player_time, game_time, players, games = import_ours(db, data)
    raw_runs.append(import_raw(db, data))
    ours = player_time + game_time
    rows = players + games

    def line(what: str, seconds: float, samples: list[float] | None = None) -> None:
        shown = f" ({', '.join(f'{s:.2f} s' for s in samples)}; the better)" if samples else ""
        say(f"  {what + shown:<82} {rows:>10,} rows {seconds:8.2f} s {rows / seconds:>10,.0f} rows/s")

    say(f"  ours, once: players {players:,} in {player_time:.2f} s, games {games:,} in {game_time:.2f} s")
    line("  ours, both files", ours)
    say(
        "  raw psycopg, same server and database: a new plain table per file (text columns, no index), "
        "one transaction a file"
    )
    best: dict[str, float] = {}
    labels = {
        "copy_file": "COPY FROM STDIN (FORMAT csv) of the file's bytes",
        "copy_rows": "COPY FROM STDIN, write_row of the rows read beforehand",
        "executemany": "executemany INSERT of the rows read beforehand",
    }
    for key, label in labels.items():
        samples = [run[key] for run in raw_runs]
        best[key] = min(samples)
        line(f"  {label}", best[key], samples)
    ratios = {key: best[key] / ours for key in best}
    say(
        "  rate ratio ours/raw (raw time / our time): "
        + ", ".join(f"{ratios[key]:.3f} against {key}" for key in labels)
        + " (the SQLite benchmark's target: ≥ 0.1 against executemany)"
    )
    figures["import"] = {
        "rows": rows,
        "players_seconds": player_time,
        "games_seconds": game_time,
        "seconds": ours,
        "raw_seconds": best,
        "raw_samples": raw_runs,
        "ratio": ratios,
    }


# --- 2. cold replay ---------------------------------------------------------------


def raw_scan(db: str) -> int:
    """The baseline: every stored event in log order through a server-side cursor, its state JSON-decoded."""
    loads = json.loads
    count = 0
    with psycopg.connect(db) as conn, conn.cursor(name="raw_scan") as cursor:
        cursor.itersize = BATCH
        cursor.execute(f"SELECT notification_id, topic, state FROM {EVENTS_TABLE} ORDER BY notification_id")
        while rows := cursor.fetchmany(BATCH):
            for _position, _topic, state in rows:
                loads(state)
            count += len(rows)
    return count


def cold_replay(db: str, cache: str | None, period: str) -> tuple[float, str]:
    """``Projector(stores.store(db).open_reader(), cache).rating_list(RULES, period)`` from a new cache file
    (None: without one); seconds and the list's JSON."""
    if cache is not None:
        remove_db(cache)

    def run() -> str:
        reader = stores.store(db).open_reader()
        projector = Projector(reader, cache)
        document = projector.rating_list(RULES, period).as_json()
        projector.close()
        reader.close()
        return str(document)

    seconds, document = timed(run)
    return seconds, str(document)


def log_size(db: str) -> tuple[int, int]:
    with psycopg.connect(db) as conn:
        row = conn.execute(f"SELECT count(*), pg_total_relation_size('{EVENTS_TABLE}') FROM {EVENTS_TABLE}").fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def section_cold(db: str, cache: str, period: str, events: int, figures: Figures) -> str:
    say(f"2. Cold replay to the list of {period} ({RULES}), each twice in turn: raw, ours, raw, ours")
    raw_times: list[float] = []
    cold_times: list[float] = []
    cold_json = ""
    for _ in range(2):
        raw_times.append(timed(lambda: raw_scan(db))[0])
        seconds, cold_json = cold_replay(db, cache, period)
        cold_times.append(seconds)
    raw, cold = min(raw_times), min(cold_times)
    listed = len(json.loads(cold_json)["players"])
    say(f"  raw scan: SELECT notification_id, topic, state FROM {EVENTS_TABLE} ORDER BY notification_id, server-side")
    say(
        f"    cursor, json.loads of every state: {', '.join(f'{t:.2f} s' for t in raw_times)}: best {raw:.2f} s "
        f"({events / raw:,.0f} events/s)"
    )
    say("  cold replay: Projector(stores.store(url).open_reader(), new cache file).rating_list(...), whole cache")
    say(
        f"    {', '.join(f'{t:.2f} s' for t in cold_times)}: best {cold:.2f} s, ratio to the raw scan {cold / raw:.2f} "
        f"({listed:,} players listed; cache file {mb(Path(cache).stat().st_size)})"
    )
    figures["cold"] = {
        "period": period,
        "listed": listed,
        "raw_scan_seconds": raw,
        "raw_scan_samples": raw_times,
        "cold_seconds": cold,
        "cold_samples": cold_times,
        "ratio": cold / raw,
        "cache_bytes": Path(cache).stat().st_size,
    }
    return cold_json


# --- 3. warm list, 4. correction ----------------------------------------------------


def section_warm(
    db: str, cache_dir: str, period: str, finished: str, cold_json: str, rounds: int, figures: Figures
) -> None:
    say(f"3. Warm list: RatingLedger.record_game of one more game (finished {finished}), then `ratings --db URL")
    say(f"   --cache-dir D list --rules {RULES} --period {period}` in a new process, process start included")
    top = [str(row["player"]) for row in json.loads(cold_json)["players"][: 2 * rounds + 4]]
    if len(top) < 2 * rounds + 2:
        raise RuntimeError(f"fewer than {2 * rounds + 2} players listed: the warm list cannot be measured")
    ledger = RatingLedger(db)
    tag = uuid.uuid4().hex[:6]
    number = 0

    def record(result: str) -> str:
        nonlocal number
        white, black = top[2 * number], top[2 * number + 1]
        number += 1
        game = f"PGBENCH-{tag}-{number}"
        ledger.record_game(game, white=white, black=black, result=result, finished=finished)
        return f"recorded {game} ({white}–{black})"

    times: list[float] = []
    for _ in range(rounds):
        done = record("1/2-1/2")
        seconds, _ = cli(db, "--cache-dir", cache_dir, "list", "--rules", RULES, "--period", period)
        times.append(seconds)
        say(f"    round {number}: {done}; ratings list (table) {seconds:.2f} s")
    middle = statistics.median(times)
    say(f"    median {middle:.2f} s, best {min(times):.2f} s, worst {max(times):.2f} s")
    done = record("1-0")
    json_time, warm_json = cli(
        db, "--cache-dir", cache_dir, "list", "--rules", RULES, "--period", period, "--format", "json"
    )
    ledger.close()
    say(f"    round {number}: {done}; ratings list --format json {json_time:.2f} s")
    nocache, nocache_json = cold_replay(db, None, period)
    same = warm_json == nocache_json
    say(
        f"  check: that list's JSON against a cold replay's without a cache, Projector(reader, None) "
        f"({nocache:.2f} s): {'identical' if same else 'DIFFERENT'} ({len(warm_json):,} bytes)"
    )
    figures["warm"] = {
        "list_seconds": middle,
        "list_samples": times,
        "list_json_seconds": json_time,
        "equals_cold": same,
        "cold_no_cache_seconds": nocache,
    }


def section_correction(
    db: str, cache_dir: str, data: Written, period: str, finished: str, rounds: int, figures: Figures
) -> None:
    back, month = correction_month(RULES, finished)
    say("4. Correction + list: `ratings game correct ID --result R --reason benchmark` of one of the first games of")
    say(
        f"   {month} (period {back}), then `ratings list --rules {RULES} --period {period} --format json`, "
        "each a new process"
    )
    games = games_of_month(data, month, rounds)
    if len(games) < rounds:
        raise RuntimeError(f"fewer than {rounds} correctable games finished in {month}")
    listing = ("list", "--rules", RULES, "--period", period, "--format", "json")
    _, previous = cli(db, "--cache-dir", cache_dir, *listing)
    totals, lists, changed, previous = correction_rounds(
        games,
        lambda *args: cli(db, "--cache-dir", cache_dir, *args)[0],
        lambda: cli(db, "--cache-dir", cache_dir, *listing),
        previous,
        lambda line: say(f"    {line}"),
    )
    middle = statistics.median(totals)
    cold, cold_document = cli(db, "--cache-dir", cache_dir, "--no-cache", *listing)
    same = cold_document == previous
    say(
        f"  check: the last list against `ratings --db URL --no-cache list … --format json` ({cold:.2f} s): "
        f"{'identical' if same else 'DIFFERENT'} ({len(previous):,} bytes)"
    )
    figures["correction"] = {
        "period": back,
        "month": month,
        "games": [game for game, _ in games],
        "list_seconds": middle,
        "list_samples": totals,
        "list_alone_seconds": statistics.median(lists),
        "lists_changed": changed,
        "equals_cold": same,
        "cold_cli_seconds": cold,
    }


# --- 5. writers ----------------------------------------------------------------------


def writer(
    db: str, prefix: str, players: list[str], finished: str, seconds: float, barrier: Barrier, answers: Any
) -> None:
    """One office: a ledger opened, then games recorded one at a time for ``seconds`` after every writer
    is ready; puts (games recorded, seconds taken, errors) on ``answers``."""
    ledger = RatingLedger(db)
    rng = random.Random(prefix)
    errors: list[str] = []
    recorded = 0
    barrier.wait()
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        white, black = rng.sample(players, 2)
        try:
            ledger.record_game(
                f"{prefix}-{recorded}", white=white, black=black, result=rng.choice(("1-0", "0-1", "1/2-1/2")),
                finished=finished,
            )  # fmt: skip
            recorded += 1
        except Exception as error:  # counted and reported: the run goes on
            errors.append(f"{type(error).__name__}: {error}")
    elapsed = time.perf_counter() - start
    ledger.close()
    answers.put((recorded, elapsed, errors[:3], len(errors)))


def writers(db: str, count: int, players: list[str], finished: str, seconds: float) -> dict[str, Any]:
    """``count`` writer processes at once; the total sustained rate of recorded games per second."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(count)
    answers = context.Queue()
    tag = uuid.uuid4().hex[:6]
    processes = [
        context.Process(target=writer, args=(db, f"W{tag}-{n}", players, finished, seconds, barrier, answers))
        for n in range(count)
    ]
    for process in processes:
        process.start()
    results = [answers.get() for _ in processes]
    for process in processes:
        process.join()
        if process.exitcode != 0:
            raise RuntimeError(f"a writer exited {process.exitcode}")
    games = sum(result[0] for result in results)
    elapsed = max(result[1] for result in results)
    errors = sum(result[3] for result in results)
    return {
        "writers": count,
        "games": games,
        "seconds": elapsed,
        "rate": games / elapsed,
        "per_writer": [result[0] for result in results],
        "errors": errors,
        "error_samples": [sample for result in results for sample in result[2]][:3],
    }


def section_writers(
    db: str, sqlite_db: str, players: list[str], finished: str, seconds: float, figures: Figures
) -> None:
    say(
        f"5. Writers: processes each recording games one at a time, RatingLedger(db).record_game, for {seconds:g} s "
        "(one writer, then four)"
    )
    figures["writers"] = {}
    for store, target in (("postgresql", db), ("sqlite", sqlite_db)):
        for count in (1, WRITERS):
            result = writers(target, count, players, finished, seconds)
            figures["writers"][f"{store}_{count}"] = result
            errors = f"; {result['errors']:,} errors, e.g. {result['error_samples'][0]}" if result["errors"] else ""
            say(
                f"  {store:<10} {count} writer{'s' if count > 1 else ' '}: {result['games']:>7,} games in "
                f"{result['seconds']:.2f} s: {result['rate']:,.1f} games/s (each: "
                f"{', '.join(f'{n:,}' for n in result['per_writer'])}){errors}"
            )


def sqlite_ledger(path: Path, data: Written, figures: Figures) -> None:
    """The same federation in a SQLite ledger file, for the writers' comparison (its import time beside)."""
    remove_db(path)
    player_time, game_time, players, games = import_ours(str(path), data)
    say(
        f"  the same federation into a SQLite ledger for the writers' comparison, the same calls: players "
        f"{player_time:.2f} s, games {game_time:.2f} s, both {player_time + game_time:.2f} s ({players + games:,} rows)"
    )
    figures["sqlite_import"] = {"players_seconds": player_time, "games_seconds": game_time}


# --- the run ---------------------------------------------------------------------------


def summary(figures: Figures) -> None:
    say("Summary (PostgreSQL; ratios against baselines of this run)")
    imported = figures["import"]
    rows: list[tuple[str, str, str]] = [
        (
            "import, ours (s)",
            f"{imported['seconds']:.2f}",
            f"raw executemany {imported['raw_seconds']['executemany']:.2f} s, "
            f"COPY csv {imported['raw_seconds']['copy_file']:.2f} s",
        ),
        ("import rate / executemany rate", f"{imported['ratio']['executemany']:.3f}", "SQLite's target ≥ 0.1"),
        ("import rate / COPY (csv file) rate", f"{imported['ratio']['copy_file']:.3f}", ""),
        ("import rate / COPY (rows) rate", f"{imported['ratio']['copy_rows']:.3f}", ""),
    ]
    if "sqlite_import" in figures:
        sqlite = figures["sqlite_import"]
        rows.append(
            ("import into SQLite, same calls (s)", f"{sqlite['players_seconds'] + sqlite['games_seconds']:.2f}", "")
        )
    cold = figures.get("cold")
    if cold:
        rows += [
            ("cold replay (s)", f"{cold['cold_seconds']:.2f}", f"raw scan {cold['raw_scan_seconds']:.2f} s"),
            ("cold replay / raw scan", f"{cold['ratio']:.2f}", "SQLite's target ≤ 4"),
        ]
    warm = figures.get("warm")
    if warm:
        rows.append(
            ("warm list, new process (s, median)", f"{warm['list_seconds']:.2f}", f"== cold: {warm['equals_cold']}")
        )
    correction = figures.get("correction")
    if correction:
        rows.append(
            (
                "correction + list, new processes (s, median)",
                f"{correction['list_seconds']:.2f}",
                f"== cold: {correction['equals_cold']}",
            )
        )
    for key, result in figures.get("writers", {}).items():
        rows.append((f"writers {key} (games/s, total)", f"{result['rate']:,.1f}", f"{result['errors']} errors"))
    for name, value, note in rows:
        say(f"  {name:<48} {value:>10}   {note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The rating ledger's benchmark on PostgreSQL.")
    parser.add_argument("--games", type=int, default=Params.games)
    parser.add_argument("--players", type=int, default=Params.players)
    parser.add_argument("--years", type=int, default=Params.years)
    parser.add_argument("--first-year", type=int, default=Params.first_year)
    parser.add_argument("--seed", type=int, default=Params.seed)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="Where the CSV files and local files go.")
    parser.add_argument("--url", default=DEFAULT_URL, help="The server's maintenance database [default: %(default)s].")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="Warm and correction rounds [default: %(default)s].")
    parser.add_argument("--writer-seconds", type=float, default=WRITER_SECONDS, help="[default: %(default)s]")
    parser.add_argument("--keep", action="store_true", help="Keep the benchmark's database (its name is printed).")
    parser.add_argument("--json", type=Path, metavar="PATH", help="Write every figure to PATH as JSON.")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    params = Params(args.games, args.players, args.years, args.first_year, args.seed)
    last_year = params.first_year + params.years - 1
    finished = f"{last_year}-12-15"
    scheme = get_rules(RULES).periods
    period = scheme.label(scheme.index_of_day(finished))
    say("Rating ledger benchmark: PostgreSQL")
    say("===================================")
    for line in machine():
        say(line)
    with psycopg.connect(args.url, autocommit=True) as conn:
        version_row = conn.execute("SELECT version()").fetchone()
    server = str(version_row[0]) if version_row else "unknown"
    say(f"Server:   {server}; psycopg {psycopg.__version__}")
    command = f"python -m benchmarks.postgres {' '.join(argv if argv is not None else sys.argv[1:])}"
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    say(f"Started:  {started}; load average {load_average()}; command: {command}")
    figures: Figures = {
        "benchmark": "postgres-1",
        "started": started,
        "command": command,
        "machine": machine_info() | {"server": server, "psycopg": psycopg.__version__},
        "parameters": {**vars(params), "rounds": args.rounds, "writer_seconds": args.writer_seconds},
        "load_average_start": load_average(),
    }
    data = write_federation(args.data, params)
    counts = data.counts
    say(
        f"Federation (seed {params.seed}): {counts['players']:,} players, {counts['games']:,} games, {params.years} "
        f"years; CSV in {data.folder} ({'reused' if data.reused else 'written'}); priors and extra facts not recorded"
    )
    name = f"ratings_bench_{uuid.uuid4().hex[:10]}"
    db = database_url(args.url, name)
    create_database(args.url, name)
    say(f"Database: {db} (new{', kept afterwards' if args.keep else ', dropped afterwards'})")
    say()
    cache_dir = data.folder / "pg-cache"
    cache_dir.mkdir(exist_ok=True)
    cache = cache_file(db, str(cache_dir))
    if cache is None:
        raise RuntimeError(f"{cache_dir} cannot be written")
    sqlite_db = data.folder / "pg-bench-sqlite.db"
    try:
        section_import(db, data, figures)
        events, size = log_size(db)
        say(f"  the log: {events:,} events, {mb(size)} (table, indexes and TOAST)")
        figures["log"] = {"events": events, "bytes": size}
        say()
        cold_json = section_cold(db, cache, period, events, figures)
        say()
        section_warm(db, str(cache_dir), period, finished, cold_json, args.rounds, figures)
        say()
        section_correction(db, str(cache_dir), data, period, finished, args.rounds, figures)
        say()
        sqlite_ledger(sqlite_db, data, figures)
        top = [str(row["player"]) for row in json.loads(cold_json)["players"][:200]]
        section_writers(db, str(sqlite_db), top, finished, args.writer_seconds, figures)
        say()
    finally:
        remove_db(cache)
        remove_db(sqlite_db)
        remove_db(str(sqlite_db).replace(".db", ".projections.db"))
        if not args.keep:
            drop_database_retrying(args.url, name)
    figures["load_average_end"] = load_average()
    summary(figures)
    say(f"Finished: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}; load average {load_average()}")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        say(f"Figures written to {args.json}")
    return 0


if __name__ == "__main__":
    os.environ.pop("RATINGS_DB", None)
    sys.exit(main())
