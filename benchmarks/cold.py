"""The benchmark's measures over the whole log, each in a process of its own: ``python -m benchmarks.cold``.

One JSON line a run: the wall seconds the measure took, its CPU seconds
(user + sys of this process over the measure, ``time.process_time``), the
peak resident set size of this process after the imports and after the
measure, in KiB, and what the measure returns. The measures:

- (default) one cold replay, ``Projector(reader, --cache).rating_list(--rules, --period)``
  (no ``--cache``: ``Projector(reader, None)``, everything in memory); ``--out PATH`` writes the
  list's JSON there (for a byte-for-byte check);
- ``--raw``: the raw scan of the stored events (the replay's baseline);
- ``--floor FAMILY --data DIR``: the family's plain-loop floor (:mod:`benchmarks.floors`);
- ``--import DIR``: ``RatingLedger.import_players`` then ``import_games`` of the federation in
  ``DIR`` into a new ledger ``--db`` (what ``ratings import`` calls);
- ``--raw-import DIR``: the import's baseline, raw ``sqlite3`` ``executemany`` of the same CSV rows
  into a new WAL file ``--db`` (the file is deleted afterwards).

The peak is ``VmHWM`` of ``/proc/self/status``, the high-water mark of this
process's own memory. ``ru_maxrss`` is no good here: on Linux a child
started with fork and exec inherits its parent's peak, so a child of a
benchmark that has just imported a million games reports the parent's size.
Nothing here holds the whole log or the whole CSV file in memory but what is
measured (the floors read every game, as the script they stand for would).
"""

from __future__ import annotations

import argparse
import csv
import functools
import importlib
import itertools
import json
import resource
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

RAW_CHUNK = 100_000
"""Rows read beforehand (untimed) for each timed ``executemany`` of the raw import's baseline, so that a
ten-million-game file is never held whole."""


def peak_kib() -> int:
    """The peak resident set size of this process so far, in KiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)  # KiB on Linux; may include the parent's


def raw_scan(db: str) -> int:
    """The baseline: every stored row in log order, its JSON decoded (streamed, 20,000 rows at a time)."""
    loads = json.loads
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    count = 0
    try:
        cursor = conn.execute("SELECT rowid, topic, state FROM stored_events ORDER BY rowid")
        while rows := cursor.fetchmany(20_000):
            for _rowid, _topic, state in rows:
                loads(state)
            count += len(rows)
    finally:
        conn.close()
    return count


def remove_db(path: Path | str) -> None:
    """Delete a SQLite file and its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def measured(action: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds, CPU seconds (user + sys of this process) and the value of ``action()``."""
    cpu, start = time.process_time(), time.perf_counter()
    value = action()
    return time.perf_counter() - start, time.process_time() - cpu, value


# --- the import and its baseline --------------------------------------------------


def import_ours(db: Path, folder: Path) -> dict[str, float]:
    """Players then games of the federation in ``folder`` through the ledger's import path, into a new
    ledger ``db``: wall and CPU seconds and counts of each."""
    from ledger.application import RatingLedger
    from ledger.imports import GAME_COLUMNS, GAME_OPTIONAL, PLAYER_COLUMNS, PLAYER_OPTIONAL, read_rows

    def load(kind: str) -> int:
        ledger = RatingLedger(str(db)) if db.exists() else RatingLedger.create(str(db))
        with open(folder / f"{kind}.csv", newline="", encoding="utf-8") as handle:
            if kind == "players":
                count = ledger.import_players(read_rows(handle, PLAYER_COLUMNS, PLAYER_OPTIONAL))
            else:
                count = ledger.import_games(read_rows(handle, GAME_COLUMNS, GAME_OPTIONAL))
        ledger.close()
        return count

    player_time, player_cpu, player_count = measured(lambda: load("players"))
    game_time, game_cpu, game_count = measured(lambda: load("games"))
    return {
        "players": player_count,
        "games": game_count,
        "players_seconds": player_time,
        "players_cpu_seconds": player_cpu,
        "games_seconds": game_time,
        "games_cpu_seconds": game_cpu,
    }


def _raw_connection(path: Path) -> sqlite3.Connection:
    remove_db(path)
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")  # as the ledger's own connections (synchronous left at its default)
    return conn


def _raw_table(conn: sqlite3.Connection, name: str, header: list[str]) -> str:
    columns = ", ".join(f'"{c}"' for c in header)
    conn.execute(f"CREATE TABLE {name} ({columns})")
    return f"INSERT INTO {name} VALUES ({', '.join('?' for _ in header)})"


def import_raw(path: Path, folder: Path) -> dict[str, float]:
    """The baselines, each into a new WAL file ``path`` (deleted afterwards), one transaction a CSV file:
    ``csv.reader`` streamed into ``executemany`` (``streamed_…``), and ``executemany`` of rows read
    beforehand (``executemany_…``: the target's measure), read :data:`RAW_CHUNK` rows at a time
    outside the clocks, so that only the inserts are timed and the file is never held whole."""
    figures: dict[str, float] = {}
    conn = _raw_connection(path)
    wall = cpu = 0.0
    for name in ("players", "games"):
        with open(folder / f"{name}.csv", newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            insert = _raw_table(conn, name, next(reader))

            def stream(insert: str = insert, reader: Any = reader) -> None:
                conn.execute("BEGIN")
                conn.executemany(insert, reader)
                conn.execute("COMMIT")

            seconds, spent, _ = measured(stream)
            wall, cpu = wall + seconds, cpu + spent
    conn.close()
    figures["streamed_seconds"], figures["streamed_cpu_seconds"] = wall, cpu
    conn = _raw_connection(path)
    wall = cpu = 0.0
    for name in ("players", "games"):
        with open(folder / f"{name}.csv", newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            insert = _raw_table(conn, name, next(reader))
            conn.execute("BEGIN")
            while rows := list(itertools.islice(reader, RAW_CHUNK)):
                seconds, spent, _ = measured(functools.partial(conn.executemany, insert, rows))
                wall, cpu = wall + seconds, cpu + spent
            seconds, spent, _ = measured(lambda: conn.execute("COMMIT"))
            wall, cpu = wall + seconds, cpu + spent
    conn.close()
    remove_db(path)
    figures["executemany_seconds"], figures["executemany_cpu_seconds"] = wall, cpu
    return figures


# --- the process ---------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--cache", help="A new projections file; none for Projector(reader, None).")
    parser.add_argument("--rules", default="iecg-1.7")
    parser.add_argument("--period")
    parser.add_argument("--out", type=Path, help="Write the replayed list's JSON to this file.")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--raw", action="store_true", help="Run the raw scan instead of the replay.")
    what.add_argument("--floor", metavar="FAMILY", help="Run the family's plain-loop floor over --data.")
    what.add_argument("--import", dest="import_", type=Path, metavar="DIR", help="Import DIR's CSV files into --db.")
    what.add_argument("--raw-import", type=Path, metavar="DIR", help="The raw executemany baseline of DIR's CSV files.")
    parser.add_argument("--data", type=Path, help="The federation's folder (for --floor).")
    args = parser.parse_args(argv)

    extra: dict[str, Any] = {}
    if args.raw:
        before = peak_kib()
        seconds, cpu, rows = measured(lambda: raw_scan(args.db))
    elif args.floor is not None:
        from benchmarks.floors import run_floor

        before = peak_kib()
        seconds, cpu, floor = measured(lambda: run_floor(args.floor, args.data))
        rows = floor.players
        extra = {"read_seconds": floor.read_seconds, "read_cpu_seconds": floor.read_cpu_seconds}
    elif args.import_ is not None:
        for module in ("ledger.application", "ledger.imports"):  # before the clocks, as the replay's are
            importlib.import_module(module)

        before = peak_kib()
        seconds, cpu, extra = measured(lambda: import_ours(Path(args.db), args.import_))
        rows = int(extra["players"] + extra["games"])
    elif args.raw_import is not None:
        before = peak_kib()
        seconds, cpu, extra = measured(lambda: import_raw(Path(args.db), args.raw_import))
        rows = 0
    else:
        if args.period is None:
            parser.error("--period is required for a replay")
        from ledger.store import SQLiteLogReader
        from projections.replay import Projector

        before = peak_kib()

        def replay() -> tuple[int, str]:
            reader = SQLiteLogReader(args.db)
            projector = Projector(reader, args.cache)
            listing = projector.rating_list(args.rules, args.period)
            document = str(listing.as_json()) if args.out is not None else ""
            projector.close()
            reader.close()
            return len(listing.rows), document

        seconds, cpu, (rows, document) = measured(replay)
        if args.out is not None:
            args.out.write_text(document, encoding="utf-8")
    answer = {"seconds": seconds, "cpu_seconds": cpu, "peak_kib_before": before, "peak_kib": peak_kib(), "rows": rows}
    print(json.dumps(answer | extra))


if __name__ == "__main__":
    main()
