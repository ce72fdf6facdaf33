"""The benchmark federation: every system gets players to rate, and the games stay those of the seed."""

from __future__ import annotations

import csv
import hashlib
from collections import Counter
from pathlib import Path

from benchmarks.federation import Params, write_federation
from benchmarks.floors import time_control_kind

SMALL = Params(games=600, players=60, years=2)

GAMES_SHA256 = "3ed7cb3d18b9c960707779255477dbdfb089c8245729eeed9304b2558308bb44"
"""games.csv of SMALL as the benchmark wrote it before the priors and dates of birth were added
(layout 2, commit 971858b): the priors come from a generator of their own and change no game."""


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_the_games_are_those_of_the_seed(tmp_path: Path) -> None:
    written = write_federation(tmp_path, SMALL)
    assert hashlib.sha256(written.path("games").read_bytes()).hexdigest() == GAMES_SHA256


def test_players_have_dates_of_birth(tmp_path: Path) -> None:
    written = write_federation(tmp_path, SMALL)
    players = _rows(written.path("players"))
    assert len(players) == 60
    assert players[0]["born"] == "1997-01-01"
    assert all(len(row["born"]) == 10 for row in players)


def test_priors_of_every_system(tmp_path: Path) -> None:
    written = write_federation(tmp_path, SMALL)
    priors = _rows(written.path("priors"))
    systems = Counter(row["system"] for row in priors)
    assert set(systems) == {"fide", "ecf", "ecf-rapid", "icu", "glicko", "glicko2"}
    assert systems["fide"] == systems["ecf"] == systems["ecf-rapid"]
    assert systems["glicko"] == systems["glicko2"]
    assert written.counts["priors"] == len(priors) == 83
    assert priors[0] == {
        "player": "10001",
        "system": "fide",
        "rating": "1450",
        "games": "20",
        "status": "",
        "deviation": "",
        "volatility": "",
        "as_of": "2004-12-31",
        "reported": "2005-01-01",
    }
    assert all(float(row["deviation"]) > 0 for row in priors if row["system"] == "glicko")
    assert all(0 < float(row["volatility"]) < 1 for row in priors if row["system"] == "glicko2")
    assert all(0 <= float(row["rating"]) <= 400 for row in priors if row["system"] in ("ecf", "ecf-rapid"))


def test_games_of_every_rate_of_play(tmp_path: Path) -> None:
    written = write_federation(tmp_path, SMALL)
    kinds: dict[str, str] = {}
    counted = Counter(time_control_kind(row["time_control"], kinds) for row in _rows(written.path("games")))
    # TIME_CONTROLS of ledger.synthetic in turn: of every nine, seven standard (or not recorded), one rapid
    # (900+10), one blitz (180+2); 600 = 66 × 9 + 6, and the first six of the nine are standard.
    assert counted == {"standard": 468, "rapid": 66, "blitz": 66}
