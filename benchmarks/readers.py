"""Every file reader on a gigabyte of bad input: ``python -m benchmarks.readers [--size BYTES]``.

For each reader of a user's file (``import players`` CSV, ``import pgn
--players`` CSV, ``import trf``, ``import pgn``, ``import fide-list`` TXT and
XML) and each of three files of ``--size`` bytes (default 1 GiB), written
anew in ``--dir`` (default: a temporary folder) and deleted once measured:

- ``random``: seeded random bytes (for the XML reader, after a ``<``, so that
  it is read as XML);
- ``one line``: one line of ``a`` without a newline (for XML: inside the
  ``<name>`` of the first player);
- ``error at line 3``: lines of the reader's own kind, the third of them
  wrong, repeated to the size;

the real CLI (``commands.cli.main``) runs in a new process on an empty
ledger; its time and peak resident set (``VmHWM`` of that process, which it
writes as it exits) are printed with its message, one JSON line a case, and checked
against the targets: at most :data:`MEMORY_TARGET` bytes and
:data:`TIME_TARGET` seconds, exit status 1, the message expected. ``--check``
exits 1 if a case misses one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

SIZE = 1 << 30
"""Each file's size: 1 GiB, far over any memory a reader may use."""
MEMORY_TARGET = 300_000_000
"""The peak resident set of a refusal: at most this many bytes (300 MB)."""
TIME_TARGET = 30.0
"""A refusal's time: at most this many seconds."""
_BLOCK = 16 << 20

KINDS = ("random", "one line", "error at line 3")

TXT_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _fide_line(fide_id: str) -> str:
    return f"{fide_id:<15}{'Doe, Jane':<61}{'IRL':<4}{'F':<4}{'':<5}{'':<5}{'':<15}{'':<4}" + (
        f"{'1500':<6}{'0':<4}{'20':<3}{'0':<6}{'0':<4}{'':<3}{'0':<6}{'0':<4}{'':<3}{'1990':<6}{'':<4}"
    )


def _xml_player(fide_id: str) -> str:
    return (
        f"<player><fideid>{fide_id}</fideid><name>Doe, Jane</name><country>IRL</country><rating>1500</rating>"
        "</player>\n"
    )


def _trf_player(rank: int, cut: bool = False) -> str:
    line = f"001 {rank:>4} w    {'Doe, Jane':<33} 1500 IRL {'':>11} 1990/01/01  0.0 {rank:>4}"
    return line[:60] if cut else line


class Reader(NamedTuple):
    """One reader: the command that reads its file (``{file}`` for the file), the head of a file whose third line
    is wrong and the block repeated after it, and what each kind's refusal must say."""

    name: str
    args: tuple[str, ...]
    head: str
    block: str
    messages: dict[str, str]
    prefix: bytes = b""
    """Written before the random bytes (``<`` for XML), and before the one line."""
    suffix: bytes = b""


READERS = (
    Reader(
        "csv",
        ("import", "players", "{file}"),
        "player,name,country,starting_rating,source,rated_games\nP1,Anna Adler,IE,,,\nP2,Bob Byrne,IE,abc,,\n",
        "P3,Carla Costa,IE,,,\n",
        {
            "random": "line 1: the file is not UTF-8 text",
            "one line": "line 1: the line is longer than 1 MiB: not a CSV file",
            "error at line 3": "line 3: starting_rating",
        },
    ),
    Reader(
        "pgn names csv",
        ("import", "pgn", "{file}.pgn", "--players", "{file}"),
        "name,player\nAdler,P1\nByrne\n",
        "Costa,P3\n",
        {
            "random": "line 1: not UTF-8 text (invalid start byte)",
            "one line": "line 1: the line is longer than 1 MiB: not a CSV file",
            "error at line 3": "line 3: a row is a PGN name and a player id",
        },
    ),
    Reader(
        "trf",
        ("import", "trf", "{file}", "--event", "bounded"),
        "012 Open\n042 2024/03/01\n" + _trf_player(1, cut=True) + "\n",
        _trf_player(2) + "\n",
        {
            "random": "line 1: the line holds the control byte 0x08: not a text file",
            "one line": "line 1: the line is longer than 4,096 bytes: not a tournament report (TRF)",
            "error at line 3": "line 3: a player line (001) that ends at column 60, without its points",
        },
    ),
    Reader(
        "pgn",
        ("import", "pgn", "{file}"),
        '[Event "Open"]\n[Site "Galway"]\n[Round "1" oops\n',
        '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n\n',
        {
            "random": "line 1: the line holds the control byte 0x08: not a text file",
            "one line": "line 1: the line is longer than 1 MiB: not a PGN file",
            "error at line 3": "line 3: '[Round \"1\" oops' is not a tag pair",
        },
    ),
    Reader(
        "fide txt",
        ("import", "fide-list", "{file}", "--as-of", "2024-08-01"),
        TXT_HEADER + "\n" + _fide_line("4100011") + "\n" + _fide_line("41000x2") + "\n",
        _fide_line("4100029") + "\n",
        {
            "random": "line 1: the line holds the control byte 0x08: not a text file",
            "one line": "line 1: the line is longer than 4,096 bytes: not FIDE's rating list",
            "error at line 3": "line 3: FIDE id '41000x2' is not a positive whole number",
        },
    ),
    Reader(
        "fide xml",
        ("import", "fide-list", "{file}", "--as-of", "2024-08-01"),
        "<playerslist>\n" + _xml_player("4100011") + _xml_player("41000x2"),
        _xml_player("4100029"),
        {
            "random": "not well-formed XML",
            "one line": "a value longer than 1,000 characters",
            "error at line 3": "player 2: FIDE id '41000x2' is not a positive whole number",
        },
        prefix=b"<",
        suffix=b"playerslist><player><fideid>1</fideid><name>",
    ),
)


def _blocks(size: int, first: bytes, block: bytes) -> Iterator[bytes]:
    """``first`` then ``block`` repeated, cut to ``size`` bytes in all."""
    yield first[:size]
    left = size - len(first)
    repeated = block * max(1, _BLOCK // max(1, len(block)))
    while left > 0:
        yield repeated[:left]
        left -= len(repeated)


def write_case(path: Path, reader: Reader, kind: str, size: int, seed: int = 22) -> None:
    """Write the file of ``reader`` and ``kind`` at ``path``: ``size`` bytes, made fast (see the module)."""
    with open(path, "wb") as out:
        if kind == "random":
            generator = random.Random(seed)
            out.write(reader.prefix)
            left = size - len(reader.prefix)
            while left > 0:
                out.write(generator.randbytes(min(_BLOCK, left)))
                left -= _BLOCK
        elif kind == "one line":
            head = reader.prefix + reader.suffix
            for piece in _blocks(size, head, b"a"):
                out.write(piece)
        else:
            for piece in _blocks(size, reader.head.encode(), reader.block.encode()):
                out.write(piece)


class Figure(NamedTuple):
    """A refusal measured: exit status, seconds, peak resident set in bytes, and its message (stderr)."""

    status: int
    seconds: float
    peak: int
    message: str


_PEAK = (
    "import atexit, os\n"
    "def peak():\n"
    "    with open('/proc/self/status') as status, open(os.environ['READERS_PEAK'], 'w') as out:\n"
    "        out.write(next(line.split()[1] for line in status if line.startswith('VmHWM:')))\n"
    "atexit.register(peak)\n"
    "from commands.cli import main\n"
    "main()\n"
)
"""The CLI, writing its own peak resident set (``VmHWM``, in KiB) to the file ``$READERS_PEAK`` as it exits: the
``ru_maxrss`` of a child keeps its parent's size at the fork across the exec, so it would count this process."""


def measure(args: list[str], cwd: Path) -> Figure:
    """Run the CLI with ``args`` in a new process: its wall time, its own peak resident set, its message."""
    with tempfile.NamedTemporaryFile(suffix=".peak") as peak:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _PEAK, *args],
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "READERS_PEAK": peak.name},
            check=False,
        )
        seconds = time.perf_counter() - started
        kib = int(Path(peak.name).read_text() or 0)
    return Figure(done.returncode, seconds, kib * 1024, done.stderr.decode(errors="replace").strip())


def cli(folder: Path) -> list[str]:
    """The CLI's command line on the empty ledger of ``folder`` (made once)."""
    db = folder / "bounded.db"
    base = ["--db", str(db), "--by", "bench"]
    if not db.exists():
        subprocess.run([sys.executable, "-c", _PEAK, *base, "init"], check=True, capture_output=True, cwd=ROOT,
                       env={**os.environ, "READERS_PEAK": os.devnull})  # fmt: skip
    return base


def run_case(folder: Path, reader: Reader, kind: str, size: int) -> dict[str, object]:
    """Write one case's file, run its command, delete the file; the figures as a dict."""
    path = folder / f"{reader.name.replace(' ', '-')}-{kind.replace(' ', '-')}.dat"
    write_case(path, reader, kind, size)
    pgn = Path(f"{path}.pgn")
    pgn.write_text('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n')  # for --players: never read
    try:
        args = [arg.replace("{file}", str(path)) for arg in reader.args]
        figure = measure([*cli(folder), *args], ROOT)
    finally:
        path.unlink()
        pgn.unlink()
    expected = reader.messages[kind]
    return {
        "reader": reader.name,
        "case": kind,
        "size": size,
        "status": figure.status,
        "seconds": round(figure.seconds, 3),
        "peak_mb": round(figure.peak / 1e6, 1),
        "message": figure.message,
        "expected": expected,
        "ok": figure.status == 1
        and figure.peak <= MEMORY_TARGET
        and figure.seconds <= TIME_TARGET
        and expected in figure.message
        and "Traceback" not in figure.message
        and len(figure.message.splitlines()) == 1,
    }


def run(folder: Path, size: int = SIZE, readers: tuple[Reader, ...] = READERS) -> list[dict[str, object]]:
    """Every reader on every kind of file; one dict of figures each."""
    return [run_case(folder, reader, kind, size) for reader in readers for kind in KINDS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=SIZE, help="bytes of each file (default 1 GiB)")
    parser.add_argument("--dir", type=Path, default=None, help="where the files are written (default: a temp dir)")
    parser.add_argument("--readers", default="", help="only these readers, by name, comma-separated (csv,trf...)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a case misses a target")
    options = parser.parse_args(argv)
    chosen = set(options.readers.split(",")) if options.readers else {reader.name for reader in READERS}
    with tempfile.TemporaryDirectory(dir=options.dir) as scratch:
        rows = []
        for row in run(Path(scratch), options.size, tuple(reader for reader in READERS if reader.name in chosen)):
            print(json.dumps(row), flush=True)
            rows.append(row)
    print(f"\nreaders on {options.size:,} bytes each (targets: {MEMORY_TARGET / 1e6:.0f} MB, {TIME_TARGET:.0f} s)")
    for row in rows:
        mark = "ok" if row["ok"] else "MISSED"
        print(f"  {row['reader']:<14} {row['case']:<16} {row['seconds']:>7.2f} s {row['peak_mb']:>7.1f} MB  {mark}")
    return 1 if options.check and not all(row["ok"] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
