"""The same commands on two versions of the code, alternating: ``python -m benchmarks.ab --before DIR``.

``DIR`` is a checkout of the other version (``git worktree add DIR COMMIT``).
On the ledger a benchmark run left (``--data``, default ``benchmarks/data``),
copied with SQLite's backup API for the other version, each version with
its own warm projections file, rounds alternate between the two (which goes
first alternates too), each command a new process with bytecode cached:

- ``ratings list --format json`` of the latest period, nothing new;
- one more game recorded (``ratings game record``), then that list;
- a correction of a game of December 2023, six periods back (``ratings game correct``, its
  result turned round), then that list.

Both versions must print the same lists: the first two kinds of round are
checked byte for byte. Medians are printed with every sample.
"""

from __future__ import annotations

import argparse
import csv
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES, PERIOD = "iecg-1.7", "2024-11"
LIST = ("list", "--rules", RULES, "--period", PERIOD, "--format", "json")
STARTER = "import sys; from commands.cli import main; sys.argv[0] = 'ratings'; main()"


class Version:
    """One version of the code and its copy of the ledger."""

    def __init__(self, name: str, root: Path, db: Path) -> None:
        self.name, self.root, self.db = name, root, db
        skip = {"PYTHONDONTWRITEBYTECODE"}
        self.env = {k: v for k, v in os.environ.items() if k not in skip} | {
            "PYTHONPATH": str(root),
            "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / f"ratings-ab-{name}"),
        }

    def run(self, *args: str) -> tuple[float, str]:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", STARTER, "--db", str(self.db), *args],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"{self.name}: ratings {' '.join(args)}: {done.stderr.strip()}")
        return seconds, done.stdout


def games_to_correct(data: Path, month: str, count: int) -> list[tuple[str, str]]:
    """The first ``count`` games finished in ``month`` that are neither forfeits, with their result turned round."""
    found = []
    with open(data / "games.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["finished"].startswith(month) and not row["forfeit"] and row["result"] != "1/2-1/2":
                found.append((row["game"], "0-1" if row["result"] == "1-0" else "1-0"))
                if len(found) == count:
                    break
    return found


def rounds(name: str, versions: list[Version], step: list[list[str]], check: bool) -> None:
    samples: dict[str, list[float]] = {v.name: [] for v in versions}
    for number, args in enumerate(step):
        order = versions if number % 2 == 0 else versions[::-1]
        outputs = {}
        for version in order:
            *before, last = args_of(args)
            spent = sum(version.run(*command)[0] for command in before)
            seconds, outputs[version.name] = version.run(*last)
            samples[version.name].append(spent + seconds)
        if check and len(set(outputs.values())) != 1:
            raise SystemExit(f"{name}, round {number + 1}: the two versions printed different lists")
    for version in versions:
        values = samples[version.name]
        shown = ", ".join(f"{v:.2f}" for v in values)
        print(f"  {name}: {version.name} median {statistics.median(values):.2f} s ({shown})")


def args_of(args: list[str]) -> list[tuple[str, ...]]:
    """A round's commands: its own (if any), then the list."""
    return [tuple(args), LIST] if args else [LIST]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True, help="A checkout of the other version of the code.")
    parser.add_argument("--data", type=Path, default=ROOT / "benchmarks" / "data")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    source = args.data / "federation.db"
    other = args.data / "federation-before.db"
    for path in (other, *(Path(f"{other.with_suffix('')}.projections.db{s}") for s in ("", "-wal", "-shm"))):
        path.unlink(missing_ok=True)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(other)) as dst:
        src.backup(dst)
    versions = [Version("before", args.before.resolve(), other), Version("this", ROOT, source)]
    for version in versions:  # a warm projections file each
        print(f"warming {version.name}: {version.run(*LIST)[0]:.1f} s")
    rounds("nothing new", versions, [[] for _ in range(args.rounds)], check=True)
    new_games = [
        ["game", "record", f"AB-{time.time_ns()}-{n}", "--white", "10001", "--black", "10002", "--result", "1-0",
         "--finished", "2024-12-20", "--reported", "2024-12-21"]
        for n in range(args.rounds)
    ]  # fmt: skip
    rounds("one more game, then the list", versions, new_games, check=True)
    corrections = [
        ["game", "correct", game, "--result", result, "--reason", "benchmark"]
        for game, result in games_to_correct(args.data, "2023-12", args.rounds)
    ]
    rounds("a correction six periods back, then the list", versions, corrections, check=True)


if __name__ == "__main__":
    main()
