"""The FIDE rating list readers on a synthetic list: ``python -m benchmarks.fide_list --players 1000000 --dir DIR``.

Writes a synthetic combined list of ``--players`` players (seeded, so the same
every run) in both of FIDE's layouts, ``DIR/players_list_foa.txt`` (fixed
width, the header and columns of FIDE's combined list) and
``DIR/players_list_xml_foa.xml`` (``<playerslist>`` of ``<player>``), reused
while the player count and seed stay the same; then times, in a new process
each, ``ledger.fide_list.read`` over each file against a baseline measured in
the same run:

- XML: raw ``iterparse`` of the file, each ``<player>``'s children's text
  collected into a dict, the element cleared and dropped from the root;
- TXT: raw line iteration, the FIDE id of each line turned into an int.

Each figure is the best of ``--rounds`` runs (run in turn, ours then the
baseline), seconds and peak resident set (``VmHWM``, see
``benchmarks.cold``) of the measuring process, which includes the
interpreter's own start (the baseline's peak shows what that is). Ratios are
ours / baseline. Nothing is asserted: the figures are printed, one JSON line
each, and a summary.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.cold import peak_kib

ROOT = Path(__file__).resolve().parent.parent
TXT_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
    "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDERATIONS = ("IRL", "ENG", "GER", "FRA", "ESP", "IND", "USA", "NOR", "CHN", "BRA")
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")
FLAGS = ("", "", "", "i", "w", "wi")


def _players(count: int, seed: int) -> Any:
    """Each synthetic player's fields, as text: id, name, fed, sex, title, 3 x (rating, games, k), born, flag."""
    generator = random.Random(seed)
    for number in range(1, count + 1):
        ratings = []
        for _ in range(3):
            if generator.random() < 0.45:
                ratings.append(("0", "0", "0"))
            else:
                ratings.append((str(generator.randint(1000, 2800)), str(generator.randint(0, 12)), "20"))
        sex = generator.choice("MMMF")
        born = str(generator.randint(1940, 2018)) if generator.random() < 0.98 else "0"
        yield (
            str(1_000_000 + number),
            f"Player{number:07d}, Synthetic",
            generator.choice(FEDERATIONS),
            sex,
            generator.choice(TITLES),
            ratings,
            born,
            generator.choice(FLAGS),
        )


def _txt_line(player: Any) -> str:
    fide_id, name, fed, sex, title, ratings, born, flag = player
    (sr, sg, sk), (rr, rg, rk), (br, bg, bk) = ratings
    return (
        f"{fide_id:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
        f"{sr:<6}{sg:<4}{sk:<3}{rr:<6}{rg:<4}{rk:<3}{br:<6}{bg:<4}{bk:<3}{born:<6}{flag:<4}"
    )


def _xml_player(player: Any) -> str:
    fide_id, name, fed, sex, title, ratings, born, flag = player
    (sr, sg, sk), (rr, rg, rk), (br, bg, bk) = ratings
    return (
        f"<player><fideid>{fide_id}</fideid><name>{name}</name><country>{fed}</country><sex>{sex}</sex>"
        f"<title>{title}</title><w_title></w_title><o_title></o_title><foa_title></foa_title>"
        f"<rating>{sr}</rating><games>{sg}</games><k>{sk}</k><rapid_rating>{rr}</rapid_rating>"
        f"<rapid_games>{rg}</rapid_games><rapid_k>{rk}</rapid_k><blitz_rating>{br}</blitz_rating>"
        f"<blitz_games>{bg}</blitz_games><blitz_k>{bk}</blitz_k><birthday>{born}</birthday><flag>{flag}</flag>"
        "</player>\n"
    )


def write_lists(folder: Path, players: int, seed: int) -> tuple[Path, Path]:
    """Write (or reuse) the synthetic list in both layouts; returns (TXT path, XML path)."""
    folder.mkdir(parents=True, exist_ok=True)
    txt, xml, stamp = (
        folder / "players_list_foa.txt",
        folder / "players_list_xml_foa.xml",
        folder / "fide_list.json",
    )
    params = {"players": players, "seed": seed}
    if txt.exists() and xml.exists() and stamp.exists() and json.loads(stamp.read_text()) == params:
        return txt, xml
    with open(txt, "w", encoding="utf-8", newline="\r\n") as out_txt, open(xml, "w", encoding="utf-8") as out_xml:
        out_txt.write(TXT_HEADER + "\n")
        out_xml.write("<playerslist>\n")
        for player in _players(players, seed):
            out_txt.write(_txt_line(player) + "\n")
            out_xml.write(_xml_player(player))
        out_xml.write("</playerslist>\n")
    stamp.write_text(json.dumps(params))
    return txt, xml


# --- the measuring process ---------------------------------------------------------------


def baseline_xml(path: Path) -> int:
    """Raw iterparse: each player's children's text into a dict, the element cleared and dropped."""
    from xml.etree import ElementTree

    count = 0
    root = None
    for event, element in ElementTree.iterparse(path, events=("start", "end")):
        if root is None:
            root = element
        elif event == "end" and element.tag == "player":
            fields = {child.tag: child.text for child in element}
            count += len(fields) > 0
            element.clear()
            root.remove(element)
    return count


def baseline_txt(path: Path) -> int:
    """Raw line iteration: the header skipped, each line's FIDE id turned into an int."""
    count = 0
    with open(path, encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            int(line[:15])
            count += 1
    return count


def ours(path: Path) -> int:
    from ledger.fide_list import read

    count = 0
    for _ in read(str(path)):
        count += 1
    return count


def measure(which: str, path: Path) -> dict[str, Any]:
    """Run one reader over ``path`` in this process: seconds, peak KiB, players."""
    before = peak_kib()
    start = time.perf_counter()
    if which == "ours":
        players = ours(path)
    elif path.suffix == ".xml":
        players = baseline_xml(path)
    else:
        players = baseline_txt(path)
    seconds = time.perf_counter() - start
    return {
        "which": which,
        "file": path.name,
        "players": players,
        "seconds": seconds,
        "peak_kib": peak_kib(),
        "start_kib": before,
    }


def _run(which: str, path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.fide_list", "--measure", which, "--file", str(path.resolve())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def run(folder: Path, players: int, seed: int, rounds: int) -> dict[str, Any]:
    """The whole benchmark: write the lists, measure each reader, return the figures."""
    start = time.perf_counter()
    txt, xml = write_lists(folder, players, seed)
    figures: dict[str, Any] = {"players": players, "seed": seed, "write_seconds": time.perf_counter() - start}
    for name, path in (("xml", xml), ("txt", txt)):
        samples: dict[str, list[dict[str, Any]]] = {"ours": [], "baseline": []}
        for _ in range(rounds):
            for which in ("ours", "baseline"):
                sample = _run(which, path)
                print(json.dumps({"format": name, **sample}), flush=True)
                samples[which].append(sample)
        best = {which: min(runs, key=lambda sample: sample["seconds"]) for which, runs in samples.items()}
        peak = {which: min(sample["peak_kib"] for sample in runs) for which, runs in samples.items()}
        figures[name] = {
            "bytes": path.stat().st_size,
            "seconds": best["ours"]["seconds"],
            "baseline_seconds": best["baseline"]["seconds"],
            "time_ratio": best["ours"]["seconds"] / best["baseline"]["seconds"],
            "peak_kib": peak["ours"],
            "baseline_peak_kib": peak["baseline"],
            "peak_ratio": peak["ours"] / peak["baseline"],
            "players_read": best["ours"]["players"],
        }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--dir", type=Path, default=Path("benchmarks/data/fide-list"))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--rounds", type=int, default=2, help="Runs of each reader; the best is kept.")
    parser.add_argument("--measure", choices=("ours", "baseline"), help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.file)))
        return
    figures = run(args.dir, args.players, args.seed, args.rounds)
    print(json.dumps(figures))
    for name in ("xml", "txt"):
        row = figures[name]
        print(
            f"{name}: {row['players_read']:,} players, {row['bytes'] / 1e6:.0f} MB: "
            f"ours {row['seconds']:.2f} s, baseline {row['baseline_seconds']:.2f} s, ratio {row['time_ratio']:.2f}; "
            f"peak {row['peak_kib'] / 1024:.1f} MiB, baseline {row['baseline_peak_kib'] / 1024:.1f} MiB, "
            f"ratio {row['peak_ratio']:.2f}"
        )


if __name__ == "__main__":
    main()
