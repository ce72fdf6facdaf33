"""What binding the projections file to the hash chain costs: ``python -m benchmarks.binding``.

On the ledger a benchmark run left (``DIR/federation.db`` and its warm
projections file), measured in this process:

- **the check of a warm command**: the log's chain hash at the position the
  projections file folded to, as every query's first step asks it
  (:meth:`SQLiteLogReader.chain_hash`: the witness's hash there, the junction
  row hashed); median of 7, against a plain ``SELECT MAX(rowid)`` of the log
  (what the fingerprint of the last event cost before);
- **the hashing of a fold**: every stored event read in log order with the
  chain hashed over it (:meth:`SQLiteLogReader.chained`, what a cold replay's
  fold reads) against the same rows read without hashing
  (:meth:`SQLiteLogReader.records`); best of 3 each, run in turn;
- **a warm query's transaction**: ``Projector(reader, cache).facts()`` with
  nothing new to fold (begin, the check, the cached facts read, commit);
  median of 5.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from ledger.chain import ZERO
from ledger.store import SQLiteLogReader
from projections.replay import Projector, cache_path_for


def seconds(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("benchmarks/data"))
    args = parser.parse_args(argv)
    db = str(args.data / "federation.db")
    reader = SQLiteLogReader(db)
    head = reader.head()
    print(f"ledger {db}: {head:,} events")

    def head_query() -> object:
        return reader._connection().execute("SELECT MAX(rowid) FROM stored_events").fetchone()

    check = [seconds(lambda: reader.chain_hash(head)) for _ in range(7)]
    plain = [seconds(head_query) for _ in range(7)]
    print(
        f"  the check of a warm command, chain_hash(head): median {statistics.median(check) * 1000:.2f} ms "
        f"(a plain SELECT MAX(rowid): {statistics.median(plain) * 1000:.2f} ms)"
    )

    def drain(records: Iterable[object]) -> None:
        for _ in records:
            pass

    hashed, unhashed = [], []
    for _ in range(3):
        hashed.append(seconds(lambda: drain(reader.chained(0, ZERO))))
        unhashed.append(seconds(lambda: drain(reader.records())))
    cost = min(hashed) - min(unhashed)
    print(
        f"  the hashing of a fold: chained {min(hashed):.2f} s, records {min(unhashed):.2f} s (best of 3): "
        f"{cost:.2f} s for {head:,} events, {cost / head * 1e6:.2f} µs an event"
    )

    cache = cache_path_for(db)
    if Path(cache).exists():
        runs = []
        for _ in range(5):
            projector = Projector(SQLiteLogReader(db), cache)
            runs.append(seconds(projector.facts))
            projector.close()
        print(f"  a warm query's transaction, Projector(reader, cache).facts(): median {statistics.median(runs):.2f} s")
    reader.close()


if __name__ == "__main__":
    main()
