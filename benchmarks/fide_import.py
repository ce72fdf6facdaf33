"""The import of a FIDE list into a ledger: ``python -m benchmarks.fide_import --players 1000000
--registered 20000 --dir DIR``.

Writes (or reuses) the synthetic list of :mod:`benchmarks.fide_list`, makes a ledger whose ``registered``
players hold the FIDE ids of the list's first entries (in one transaction), then measures in fresh processes,
each on a fresh copy of that ledger: ``ratings import fide-list`` of the XML and of the TXT list (time and peak
memory), against the list's reader alone over the same file (:func:`benchmarks.fide_list.ours`), as ratios.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.cold import peak_kib
from benchmarks.fide_list import ROOT, ours, write_lists


def make_ledger(path: Path, txt: Path, registered: int) -> None:
    """A ledger whose players hold the FIDE ids of the list's first ``registered`` entries."""
    from datetime import date

    from ledger.application import RatingLedger
    from ledger.events import Identity, IdentityClaimed, Player, PlayerRegistered
    from ledger.fide_list import read

    ledger = RatingLedger.create(str(path), clock=lambda: date(2026, 11, 1), user="bench")
    aggregates: list[Any] = []
    for index, entry in enumerate(itertools.islice(read(str(txt)), registered)):
        player = f"P{index:06d}"
        aggregates.append(
            Player._create(PlayerRegistered, player=player, name=entry.name, country="", born=None,
                           starting_rating=800, source="none", rated_games=0, reported_on="2026-01-01",
                           recorded_by="bench")
        )  # fmt: skip
        aggregates.append(
            Identity._create(IdentityClaimed, scheme="fide", number=str(entry.fide_id), player=player,
                             reported_on="2026-01-01", recorded_by="bench")
        )  # fmt: skip
    ledger.save(*aggregates)
    ledger.close()


def measure(which: str, list_path: Path, db: Path) -> dict[str, Any]:
    """In this process: ``import`` (the ledger's import of the list) or ``reader`` (the reader alone)."""
    start = time.perf_counter()
    if which == "import":
        from datetime import date

        from ledger import file_imports
        from ledger.application import RatingLedger

        ledger = RatingLedger(str(db), clock=lambda: date(2026, 11, 25), user="bench")
        report = file_imports.import_fide_list(ledger, str(list_path), as_of="2026-11-01")
        done = {"read": report.read, "matched": report.matched, "priors": report.priors}
        ledger.close()
    else:
        done = {"read": ours(list_path)}
    return {"which": which, "seconds": time.perf_counter() - start, "peak_kib": peak_kib(), **done}


def _run(which: str, list_path: Path, db: Path) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.fide_import", "--measure", which, "--file", str(list_path), "--db", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def run(folder: Path, players: int, registered: int, seed: int = 1) -> dict[str, Any]:
    txt, xml = write_lists(folder, players, seed)
    base = folder / f"ledger-{registered}.db"
    if not base.exists():
        make_ledger(base, txt, registered)
    figures: dict[str, Any] = {"players": players, "registered": registered}
    for name, path in (("xml", xml), ("txt", txt)):
        copy = folder / "import.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
        shutil.copy(base, copy)
        imported = _run("import", path, copy)
        reader = _run("reader", path, copy)
        print(json.dumps({"format": name, "import": imported, "reader": reader}), flush=True)
        figures[name] = {
            "import_seconds": imported["seconds"],
            "reader_seconds": reader["seconds"],
            "time_ratio": imported["seconds"] / reader["seconds"],
            "import_peak_mib": imported["peak_kib"] / 1024,
            "reader_peak_mib": reader["peak_kib"] / 1024,
            "priors": imported["priors"],
        }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--registered", type=int, default=20_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/fide-import"))
    parser.add_argument("--measure", choices=("import", "reader"), help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.file, args.db)))
        return
    figures = run(args.dir, args.players, args.registered)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
