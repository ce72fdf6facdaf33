"""Issue 13 §5: the real files under ``tests/data/`` import, and what they import agrees with the files.

The files are read here on their own terms, independently of :mod:`ledger.trf`, :mod:`ledger.pgn` and the
importers: the TRF 001 lines are sliced by the columns of FIDE's TRF16 layout (C.04 Annex 2: 5-8 start
rank, 15-47 name, 54-56 federation, 58-68 FIDE id, 81-84 points, and from column 92 one 10-column block
``oooo c r`` per round: opponent, colour, result), the 132 line gives the round dates (YY/MM/DD from
column 92, 10 columns apart) and TRF-2026's 240 records the byes written outside the round columns
(type in column 5, round in 7-9, start ranks from column 11, 5 columns apart); PGN tag pairs are read
with a regular expression. What was imported is read back from ``ratings log --format json``.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.commands.support import Ratings, write_csv

DATA = Path(__file__).parent.parent / "data"

WHITE_SCORES = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "1-0", "-": "0-1", "W": "1-0", "D": "1/2-1/2", "L": "0-1"}
"""A TRF result code of the player with white, as the result of the game."""
FORFEITS = frozenset("+-")
NOT_RATED = frozenset("WDL")
BYES = {"H": Fraction(1, 2), "F": Fraction(1), "U": Fraction(1), "Z": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
"""Points of a round without an opponent, by its code (``+`` without an opponent: a win, unpaired)."""
SCORES = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "1/2-1/2": (Fraction(1, 2),) * 2}


class TrfPlayer(NamedTuple):
    rank: int
    name: str
    federation: str
    fide_id: str
    points: Fraction


class TrfFile(NamedTuple):
    players: dict[int, TrfPlayer]
    games: dict[tuple[int, int, int], tuple[str, str]]
    """(round, white rank, black rank) → (the white player's result code, the game's result)."""
    byes: dict[int, Fraction]
    """Points per rank from rounds without an opponent."""
    round_dates: list[str]
    end: str


def iso(text: str) -> str:
    """A TRF date as ISO: ``YY/MM/DD`` (line 132), ``YYYY/MM/DD`` or ``DD/MM/YYYY`` (lines 042, 052)."""
    first, second, third = text.strip().split("/")
    if len(first) == 2 and len(third) == 4:
        return f"{third}-{second}-{first}"
    return f"{first if len(first) == 4 else '20' + first}-{second}-{third}"


def read_trf(path: Path) -> TrfFile:
    players: dict[int, TrfPlayer] = {}
    games: dict[tuple[int, int, int], tuple[str, str]] = {}
    byes: dict[int, Fraction] = defaultdict(Fraction)
    round_dates: list[str] = []
    end = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("052"):
            end = iso(line[4:])
        elif line.startswith("132"):
            round_dates = [iso(line[i : i + 8]) for i in range(91, len(line), 10) if line[i : i + 8].strip()]
        elif line.startswith("240"):
            points = BYES[line[4]]
            for start in range(10, len(line), 5):
                if line[start : start + 4].strip():
                    byes[int(line[start : start + 4])] += points
        elif line.startswith("001"):
            rank = int(line[4:8])
            points = Fraction(line[80:84].strip())
            players[rank] = TrfPlayer(rank, line[14:47].strip(), line[53:56].strip(), line[57:68].strip(), points)
            for number, start in enumerate(range(91, len(line), 10), start=1):
                block = line[start : start + 8].ljust(8)
                opponent, colour, code = block[0:4].strip(), block[5], block[7]
                if opponent in ("", "0000"):
                    byes[rank] += BYES.get(code, Fraction(0))
                elif colour == "w":
                    games[(number, rank, int(opponent))] = (code, WHITE_SCORES[code])
    return TrfFile(players, games, dict(byes), round_dates, end)


def log_of(ratings: Ratings) -> list[dict[str, Any]]:
    return [json.loads(line) for line in ratings.ok("log", "--format", "json").output.splitlines()]


def facts(log: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [entry["facts"] for entry in log if entry["type"] == kind]


@pytest.mark.parametrize("name", ["san_viator_2018_b.trf", "trf2026_example.trf"])
def test_a_real_tournament_report_imports_as_the_file_says(ratings: Ratings, name: str) -> None:
    path = DATA / "trf" / name
    expected = read_trf(path)
    ratings.ok("import", "trf", str(path), "--register-new", "--event", "ev")
    log = log_of(ratings)

    # Players: one per 001 line, each with his FIDE id as id (fide-<id>), else the event and his rank.
    ids = {r: f"fide-{p.fide_id}" if p.fide_id else f"ev-{r}" for r, p in expected.players.items()}
    registered = {f["player"]: (f["name"], f["country"]) for f in facts(log, "PlayerRegistered")}
    assert registered == {ids[r]: (p.name, p.federation) for r, p in expected.players.items()}
    claimed = {(f["number"], f["player"]) for f in facts(log, "IdentityClaimed") if f["scheme"] == "fide"}
    assert claimed == {(p.fide_id, ids[r]) for r, p in expected.players.items() if p.fide_id}

    # Games: every pairing of the file, on its round's date, forfeits and not-rated results marked.
    voided = {f["game"] for f in facts(log, "GameVoided")}
    recorded = {
        f["game"]: (f["white"], f["black"], f["result"], f["finished"], f["forfeit"], f["game"] in voided)
        for f in facts(log, "GameRecorded")
    }
    dates = expected.round_dates
    assert recorded == {
        f"ev-R{number}-{white}-{black}": (
            ids[white], ids[black], result, dates[number - 1] if number <= len(dates) else expected.end,
            "arbiter" if code in FORFEITS else "none", code in NOT_RATED,
        )
        for (number, white, black), (code, result) in expected.games.items()
    }  # fmt: skip

    # Points: the imported games' (voided ones as the file scores them) and the file's byes, as in column 81-84.
    points = {ids[r]: expected.byes.get(r, Fraction(0)) for r in expected.players}
    for game in facts(log, "GameRecorded"):
        white, black = SCORES[game["result"]]
        points[game["white"]] += white
        points[game["black"]] += black
    assert points == {ids[r]: p.points for r, p in expected.players.items()}


def test_the_trf_2026_example_as_read_by_hand(ratings: Ratings) -> None:
    """The independent reader above, checked on the small file against what its lines say."""
    expected = read_trf(DATA / "trf" / "trf2026_example.trf")
    assert len(expected.players) == 5 and len(expected.games) == 6
    # Eoin Egan (5): = (round 1), H by a 240 record (round 2), 1 (round 3); Deirdre Doyle (4): Z by a 240 record.
    assert expected.byes == {3: Fraction(1), 5: Fraction(1, 2), 4: Fraction(0)}
    assert expected.games[(2, 4, 2)] == ("-", "0-1")
    assert expected.round_dates == ["2025-10-04", "2025-10-05", "2025-10-05"]


TAG = re.compile(r'^\ufeff?\[(\w+) "(.*)"\]\s*$')


def pgn_games(path: Path) -> list[dict[str, str]]:
    """The tag pairs of each game, a game starting at each Event tag (each of these files has one per game)."""
    games: list[dict[str, str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        found = TAG.match(line)
        if found:
            if found[1] == "Event":
                games.append({})
            games[-1][found[1]] = found[2]
    return games


def test_the_world_championship_game_imports_by_its_fide_ids(ratings: Ratings) -> None:
    path = DATA / "pgn" / "nepomniachtchi-liren-game1.pgn"
    tags = pgn_games(path)
    for number, game in enumerate(tags):
        for side in ("White", "Black"):
            ratings.register(f"P{number}{side[0]}", game[side], "--fide-id", game[f"{side}FideId"])
    ratings.ok("import", "pgn", str(path), "--event", "wch-2023", "--create-event")
    by_fide = {f["number"]: f["player"] for f in facts(log_of(ratings), "IdentityClaimed")}
    recorded = [(f["white"], f["black"], f["result"], f["finished"]) for f in facts(log_of(ratings), "GameRecorded")]
    assert recorded == [
        (by_fide[g["WhiteFideId"]], by_fide[g["BlackFideId"]], g["Result"], g["Date"].replace(".", "-"))
        for g in tags
        if g["Result"] != "*"
    ]
    assert len(recorded) == 1  # the file's one game, finished


def test_a_file_of_unfinished_games_imports_nothing_and_says_so(ratings: Ratings, tmp_path: Path) -> None:
    path = DATA / "pgn" / "utf8-bom.pgn"
    tags = pgn_games(path)
    assert [g["Result"] for g in tags] == ["*", "*"]
    before = ratings.ok("log").output
    result = ratings.ok("import", "pgn", str(path))
    assert result.output.splitlines() == [
        "imported 0 games (2 unfinished skipped); new events: none",
        "note: line 1: unfinished (*), skipped",
        "note: line 14: unfinished (*), skipped",
    ]
    assert ratings.ok("log").output == before


def test_the_kasparov_deep_blue_file_imports_with_a_date(ratings: Ratings, tmp_path: Path) -> None:
    """Its six games are dated ``1997.??.??`` with EventDate ``?``: no game has a complete date, which the
    importer refuses unless ``--date`` gives one (``ledger.pgn_import``); with it, each game is recorded
    with its players and result as the tags say."""
    path = DATA / "pgn" / "kasparov-deep-blue-1997.pgn"
    tags = pgn_games(path)
    assert len(tags) == 6 and {(g["Date"], g["EventDate"]) for g in tags} == {("1997.??.??", "?")}
    ratings.register("GK", "Garry Kasparov")
    ratings.register("DB", "Deep Blue")
    names = write_csv(tmp_path / "names.csv", "name,player", "Garry Kasparov,GK", "Deep Blue (Computer),DB")
    ratings.refused("import", "pgn", str(path), "--players", names, "--event", "kdb-1997", "--create-event",
                    message="line 1: the game has no complete Date or EventDate (give one with --date)")  # fmt: skip
    ratings.ok("import", "pgn", str(path), "--players", names, "--event", "kdb-1997", "--create-event",
               "--date", "1997-05-11")  # fmt: skip
    recorded = [
        (f["white"], f["black"], f["result"], f["finished"])
        for entry in log_of(ratings)
        if entry["type"] == "GameRecorded"
        for f in [entry["facts"]]
    ]
    player = {"Garry Kasparov": "GK", "Deep Blue (Computer)": "DB"}
    assert recorded == [(player[g["White"]], player[g["Black"]], g["Result"], "1997-05-11") for g in tags]
