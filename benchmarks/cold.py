"""One cold replay in a process of its own, for its peak memory: ``python -m benchmarks.cold``.

Prints one JSON line: the seconds the replay took, the peak resident set size
of this process after the imports and after the replay, in KiB, and the
number of rows of the list. ``--raw`` runs the raw scan instead (the
baseline), for comparison.

The peak is ``VmHWM`` of ``/proc/self/status``, the high-water mark of this
process's own memory. ``ru_maxrss`` is no good here: on Linux a child
started with fork and exec inherits its parent's peak, so a child of a
benchmark that has just imported a million games reports the parent's size.
"""

from __future__ import annotations

import argparse
import json
import resource
import sqlite3
import time


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
    """The baseline: every stored row in log order, its JSON decoded."""
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--cache", help="A new projections file; none for Projector(reader, None).")
    parser.add_argument("--rules", default="iecg-1.7")
    parser.add_argument("--period", required=True)
    parser.add_argument("--raw", action="store_true", help="Run the raw scan instead of the replay.")
    args = parser.parse_args(argv)

    from ledger.store import SQLiteLogReader
    from projections.replay import Projector

    before = peak_kib()
    start = time.perf_counter()
    if args.raw:
        rows = raw_scan(args.db)
    else:
        reader = SQLiteLogReader(args.db)
        projector = Projector(reader, args.cache)
        rows = len(projector.rating_list(args.rules, args.period).rows)
        projector.close()
        reader.close()
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "peak_kib_before": before, "peak_kib": peak_kib(), "rows": rows}))


if __name__ == "__main__":
    main()
