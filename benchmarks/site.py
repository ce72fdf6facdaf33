"""The static site of a large ledger: ``python -m benchmarks.site --dir DIR [--from P --to Q]``.

Writes (or reuses) the synthetic federation of :mod:`benchmarks.federation` (1,000,000 games, 20,000
players by default) and its ledger in ``DIR``, warms the projections file with the list of ``--to``, then,
each in a process of its own: the warm ``list`` of ``--to`` (the baseline), ``ratings site`` over
``--from``..``--to`` into ``DIR/site``, and ``ratings site --check DIR/site``. Prints each
one's seconds and peak memory (VmHWM), the site's files and bytes, and the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.federation import Params, write_federation
from benchmarks.run import import_ours

ROOT = Path(__file__).resolve().parent.parent

_MEASURE = """
import sys, time
from commands.cli import cli
start = time.perf_counter()
try:
    cli.main(sys.argv[1:], prog_name="ratings", standalone_mode=False)
finally:
    seconds = time.perf_counter() - start
    with open("/proc/self/status", encoding="ascii") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print("MEASURED", seconds, peak, file=sys.stderr)
"""


def measured(args: list[str]) -> dict[str, Any]:
    """Run ``ratings ARGS`` in a fresh process: seconds and peak memory (KiB)."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, *args], cwd=ROOT, capture_output=True, text=True, check=True)
    line = next(line for line in done.stderr.splitlines() if line.startswith("MEASURED"))
    _, seconds, peak = line.split()
    return {"seconds": float(seconds), "peak_kib": int(peak)}


def prepare(folder: Path, params: Params) -> Path:
    data = write_federation(folder / "data", params)
    db = folder / "ledger.db"
    if not db.exists():
        import_ours(db, data)
    return db


def run(folder: Path, first: str, last: str, rules: str, params: Params | None = None) -> dict[str, Any]:
    db = prepare(folder, params or Params())
    base = ["--db", str(db)]
    warm_up = measured([*base, "list", "--rules", rules, "--period", last])
    listed = measured([*base, "list", "--rules", rules, "--period", last])
    out = folder / "site"
    shutil.rmtree(out, ignore_errors=True)
    site = measured([*base, "site", "--rules", rules, "--from", first, "--to", last, "--out", str(out)])
    check = measured(["site", "--check", str(out)])  # every file against the manifest, every table
    files = [path for path in out.rglob("*") if path.is_file()]
    return {
        "rules": rules,
        "from": first,
        "to": last,
        "cold_list": warm_up,
        "warm_list": listed,
        "site": site,
        "site_check": check,
        "site_files": len(files),
        "site_bytes": sum(path.stat().st_size for path in files),
        "site_over_warm_list": site["seconds"] / listed["seconds"],
        "peak_over_warm_list": site["peak_kib"] / listed["peak_kib"],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=Path("/tmp/sitebench"))
    parser.add_argument("--rules", default="iecg-1.7")
    parser.add_argument("--from", dest="first", default="2024-11")
    parser.add_argument("--to", dest="last", default="2024-11")
    parser.add_argument("--games", type=int, default=Params.games)
    parser.add_argument("--players", type=int, default=Params.players)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    params = Params(games=args.games, players=args.players)
    figures = run(args.dir, args.first, args.last, args.rules, params)
    figures["total_seconds"] = time.perf_counter() - start
    figures["cpu"] = os.cpu_count()
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
