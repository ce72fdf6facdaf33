"""A synthetic federation as CSV files, streamed: ``python -m benchmarks.federation``.

Writes ``players.csv`` and ``games.csv`` (the columns ``ratings import`` takes,
dates of birth and time controls included), the players' prior ratings of
other systems (``priors.csv``: the fields of ``ratings player prior``) and the
extra facts (``adjudications.csv``, ``withdrawals.csv``, ``inactive.csv``,
``reactivated.csv``) to a data directory, plus
``federation.json`` with the parameters and counts, so a second run with the
same parameters reuses the files. Game rows go to disk one at a time
(:class:`ledger.synthetic.FederationStream`); only the players and the few
extra facts are held in memory.

Every row carries the date the rating office received it, as a historical
backfill would: a player on the first day of the month he joined, a game on
the day after it finished (the extra facts are recorded as reported on their
own date). Without these dates every fact would count as reported on the day
of the import, and a list as known at a past date (``publish``, ``audit``,
``list --known-at``) would be empty.

The priors give every rules system players to start from, as ``ratings demo``
does: the players rated elsewhere (a quarter) bring a FIDE rating and ECF
standard and rapid grades (:class:`ledger.synthetic.FederationStream`); on top
of those, drawn from a generator of their own so that the games stay those of
the same seed, three players in ten bring an I.C.U. grading and one in six a
Glicko and a Glicko-2 rating (:func:`extra_priors`). Each is as of the end of
the year before the federation's first and reported with the player.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from pathlib import Path

from ledger.imports import GAME_COLUMNS, PLAYER_COLUMNS
from ledger.synthetic import FederationStream

DEFAULT_DATA = Path(__file__).resolve().parent / "data"
"""Where the files go unless told otherwise (git-ignored)."""

LAYOUT = "3"
"""The files' layout; files of another layout are written anew (2: with the reported dates;
3: with dates of birth and ``priors.csv``)."""

PLAYER_HEADER = (*PLAYER_COLUMNS, "born", "reported")
PRIOR_HEADER = ("player", "system", "rating", "games", "status", "deviation", "volatility", "as_of", "reported")
"""The columns of ``priors.csv``: the fields of ``ratings player prior`` (empty: not given)."""
ICU_SHARE = 0.3
"""The share of players with an I.C.U. grading."""
GLICKO_SHARE = 1 / 6
"""The share of players with a Glicko and a Glicko-2 rating."""
GAME_HEADER = (*GAME_COLUMNS, "time_control", "reported")
"""The benchmark's games name no registered event and say no mode (as every game before events)."""
EXTRA_HEADERS = {
    "adjudications": ("game", "result", "on"),
    "withdrawals": ("player", "tournament", "on"),
    "inactive": ("player", "on", "reason"),
    "reactivated": ("player", "on"),
}


@dataclass(frozen=True)
class Params:
    """What a synthetic federation is made from."""

    games: int = 1_000_000
    players: int = 20_000
    years: int = 20
    first_year: int = 2005
    seed: int = 1997
    special_every: int = 40
    """Every this-many-th game is a forfeit (arbiter or withdrawal), as in ``ratings demo``."""


@dataclass(frozen=True)
class Written:
    """The files of a federation and what they hold."""

    folder: Path
    params: Params
    counts: dict[str, int]
    seconds: float
    reused: bool

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.csv"


def _write(path: Path, header: Iterable[str], rows: Iterable[dict[str, str]]) -> int:
    count = 0
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        columns = tuple(header)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([row[c] for c in columns])
            count += 1
    return count


def _first_of_month(first_year: int, month: int) -> str:
    """The first day of the ``month``-th month (from 0) counted from January of ``first_year``."""
    return f"{first_year + month // 12}-{month % 12 + 1:02d}-01"


def _reported_next_day(games: Iterable[dict[str, str]]) -> Iterator[dict[str, str]]:
    """The game rows, each reported on the day after it finished."""
    next_day: dict[str, str] = {}
    for row in games:
        finished = row["finished"]
        reported = next_day.get(finished)
        if reported is None:
            reported = next_day[finished] = (date.fromisoformat(finished) + timedelta(days=1)).isoformat()
        row["reported"] = reported
        yield row


def extra_priors(params: Params, stream: FederationStream, reported: list[str]) -> Iterator[dict[str, str]]:
    """Every player's priors: those of the stream (FIDE, ECF), then I.C.U. gradings and Glicko and
    Glicko-2 ratings drawn near his hidden strength by a generator of their own (seed + 1), so the
    stream's games are the same as without them. Each is reported the day the player was."""
    rng = random.Random(params.seed + 1)
    as_of = f"{params.first_year - 1}-12-31"
    blank = dict.fromkeys(PRIOR_HEADER, "")
    by_player: dict[str, list[dict[str, str]]] = {}
    for prior in stream.priors:
        by_player.setdefault(prior["player"], []).append(prior)
    for index, player in enumerate(stream.players):
        pid = player["player"]
        strength = stream.strengths[index]
        day = reported[index]
        for prior in by_player.get(pid, []):
            # The stream's grade of a player rated below 700 is negative: the ECF's scale starts at 0.
            value = str(max(0, int(prior["rating"]))) if prior["system"] in ("ecf", "ecf-rapid") else prior["rating"]
            yield {**blank, **prior, "rating": value, "reported": day}
        if rng.random() < ICU_SHARE:
            grade = min(2800, max(400, round(strength + rng.gauss(0, 80))))
            graded = rng.randrange(1, 120)
            yield (
                blank
                | {"player": pid, "system": "icu", "rating": str(grade), "games": str(graded)}
                | {
                    "status": "provisional" if graded < 10 else "graded",
                    "as_of": as_of,
                    "reported": day,
                }
            )
        if rng.random() < GLICKO_SHARE:
            rating = min(2800, max(400, round(strength + rng.gauss(0, 60))))
            common = blank | {
                "player": pid,
                "rating": str(rating),
                "games": str(rng.randrange(10, 200)),
                "deviation": f"{rng.uniform(45, 180):.1f}",
                "as_of": as_of,
                "reported": day,
            }
            yield common | {"system": "glicko"}
            yield common | {"system": "glicko2", "volatility": f"{rng.uniform(0.05, 0.07):.4f}"}


def write_federation(folder: Path, params: Params, *, force: bool = False) -> Written:
    """Write the federation of ``params`` to ``folder``, or reuse the files already there for the same ``params``."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "federation.json"
    if not force and manifest.exists():
        saved = json.loads(manifest.read_text(encoding="utf-8"))
        names = ("players", "priors", "games", *EXTRA_HEADERS)
        same = saved.get("params") == asdict(params) and saved.get("layout") == LAYOUT
        if same and all((folder / f"{n}.csv").exists() for n in names):
            return Written(folder, params, saved["counts"], saved["seconds"], True)
    start = time.perf_counter()
    stream = FederationStream(
        params.seed, params.players, params.games, params.first_year, params.years, params.special_every
    )
    players = [
        {**row, "reported": _first_of_month(params.first_year, month)}
        for row, month in zip(stream.players, stream.joined, strict=True)
    ]
    counts = {"players": _write(folder / "players.csv", PLAYER_HEADER, players)}
    reported = [row["reported"] for row in players]
    counts["priors"] = _write(folder / "priors.csv", PRIOR_HEADER, extra_priors(params, stream, reported))
    counts["games"] = _write(folder / "games.csv", GAME_HEADER, _reported_next_day(stream.games()))
    for name, header in EXTRA_HEADERS.items():
        counts[name] = _write(folder / f"{name}.csv", header, getattr(stream, name))
    seconds = time.perf_counter() - start
    manifest.write_text(
        json.dumps({"params": asdict(params), "layout": LAYOUT, "counts": counts, "seconds": seconds}, indent=2) + "\n",
        encoding="utf-8",
    )
    return Written(folder, params, counts, seconds, False)


def read_extra(path: Path) -> list[dict[str, str]]:
    """The rows of an extra-facts (or priors) CSV file."""
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=Params.games)
    parser.add_argument("--players", type=int, default=Params.players)
    parser.add_argument("--years", type=int, default=Params.years)
    parser.add_argument("--first-year", type=int, default=Params.first_year)
    parser.add_argument("--seed", type=int, default=Params.seed)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--force", action="store_true", help="Write the files even if they are there already.")
    args = parser.parse_args(argv)
    params = Params(args.games, args.players, args.years, args.first_year, args.seed)
    written = write_federation(args.data, params, force=args.force)
    state = "reused" if written.reused else f"written in {written.seconds:.1f} s"
    print(f"{written.folder}: {', '.join(f'{v:,} {k}' for k, v in written.counts.items())} ({state})")


if __name__ == "__main__":
    main()
