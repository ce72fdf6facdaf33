"""Issue 25 §2 and §4: every real TRF of ``tests/data/trf`` imports with its byes, exports as TRF16 and TRF-2026,
and the export (a) imports again into a fresh ledger to the same games, byes and points, and (b) is read by the
PyPI ``trf`` package (1.1.1, an independent fixed-column parser), whose points equal the ledger's.

The expected points are the files' own (columns 81-84 of each 001 line, sliced here); the ledger's are its
score table's (``Ratings.crosstable``), whose byes count as FIDE's Swiss points: H ½, F 1, U 1, Z 0, ``+`` 1,
``-`` 0 (C.04 Annex 2 result codes; C.04.1 (d) for U).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import trf as pypi_trf  # type: ignore[import-untyped]  # the PyPI package ships no types

from projections import Ratings as Api
from tests.commands.support import Ratings

DATA = Path(__file__).parent.parent / "data" / "trf"
FILES = sorted(DATA.glob("*.trf"))
PSEUDO = {"karl_mala_2005.trf": {"spielfrei"}}
"""The bye lines of pairing programs in the files: not players."""


def file_points(path: Path) -> dict[str, Decimal]:
    """Each 001 line's name (columns 15-47) → its points (81-84), sliced from the file itself."""
    found: dict[str, Decimal] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            found[line[14:47].strip()] = Decimal(line[80:84].strip() or "0")
    return found


def log_of(ratings: Ratings) -> list[dict[str, Any]]:
    return [json.loads(line) for line in ratings.ok("log", "--format", "json").output.splitlines()]


def _without_title(line: str) -> str:
    return line[:10] + "   " + line[13:] if line.startswith("001") else line


class Imported:
    """What an import left in a ledger, by the players' names: games, byes and score-table points."""

    def __init__(self, ratings: Ratings) -> None:
        log = log_of(ratings)
        names = {e["facts"]["player"]: e["facts"]["name"] for e in log if e["type"] == "PlayerRegistered"}
        assert len(set(names.values())) == len(names), "the files' names are unique"
        self.names = names
        self.games = sorted(
            (
                int(f["game"].split("-R")[1].split("-")[0]),
                names[f["white"]],
                names[f["black"]],
                f["result"],
                f["forfeit"],
            )
            for f in (e["facts"] for e in log if e["type"] == "GameRecorded")
        )
        with Api.open(str(ratings.db), cache=False) as api:
            record = api.event("ev")
            table = api.crosstable("ev", "fide-2024")
        self.byes = sorted((number, names[player], kind) for player, number, kind, _ in record.byes)
        self.points = {names[row.player]: Decimal(row.points2) / 2 for row in table.rows}
        self.info = record.info


@pytest.mark.parametrize("version", ["16", "2026"])
@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_an_export_imports_again_and_the_pypi_parser_reads_it(tmp_path: Path, path: Path, version: str) -> None:
    first = Ratings(tmp_path / "first.db")
    first.ok("import", "trf", str(path), "--register-new", "--event", "ev")
    imported = Imported(first)
    expected = {name: points for name, points in file_points(path).items() if name not in PSEUDO.get(path.name, ())}
    # The score table gives every player the points of the file (byes included), and the pseudo-player is gone.
    assert imported.points == expected

    out = tmp_path / "out.trf"
    first.ok("export", "trf", "--event", "ev", "--trf-version", version, "--out", str(out))
    text = out.read_text(encoding="utf-8")
    # (b) the PyPI parser reads every line, and its points are ours. It predates TRF-2026: its 001 pattern takes a
    # two-column title (TRF16's letters, "wf"), so the three-letter codes TRF-2026 writes (WFM) are blanked for it.
    parsed = pypi_trf.loads(text if version == "16" else "\n".join(map(_without_title, text.splitlines())))
    assert {player.name: Decimal(str(player.points)) for player in parsed.players} == imported.points
    assert parsed.name == imported.info.name

    # (a) the export into a fresh ledger: the same games, byes and points.
    second = Ratings(tmp_path / "second.db")
    second.ok("import", "trf", str(out), "--register-new", "--event", "ev")
    again = Imported(second)
    assert again.games == imported.games
    assert again.byes == imported.byes
    assert again.points == imported.points
    assert (again.info.chief_arbiter, again.info.deputy_arbiters) == (
        imported.info.chief_arbiter,
        imported.info.deputy_arbiters,
    )


def test_the_karl_mala_swiss_keeps_its_full_point_bye_and_registers_no_spielfrei(ratings: Ratings) -> None:
    """The 2005 Karl-Mala Swiss (FIDE's example file): line 297 "spielfrei" is the pairing program's bye line;
    player 282, Schirrmacher, has ``0000 - +`` in round 5 and 1.0 points in the file (his six games lost)."""
    result = ratings.ok("import", "trf", str(DATA / "karl_mala_2005.trf"), "--register-new", "--event", "ev")
    assert "note: line 297: 'spielfrei' is a bye line of the pairing program: not registered" in result.output
    assert "imported 1 bye (1 +)" in result.output
    imported = Imported(ratings)
    assert "spielfrei" not in imported.names.values() and len(imported.names) == 283
    assert imported.byes == [(5, "Schirrmacher,Nils", "+")]
    assert imported.points["Schirrmacher,Nils"] == Decimal(1)
    # The event's FIDE facts of lines 102 and 112.
    assert imported.info.chief_arbiter == "Ralph Blum (SV Griesheim)"
    assert imported.info.deputy_arbiters == ("NSR Thomas Rondio", "NSR Wolfgang Hettler")
    shown = ratings.ok("event", "show", "ev").stdout.splitlines()
    assert "  bye: round 5 ev-282 +" in shown
    assert "  deputy-arbiters: NSR Thomas Rondio, NSR Wolfgang Hettler" in shown


def test_an_export_never_cuts_a_round_short(tmp_path: Path) -> None:
    """TRF16's 001 line: ten columns a round from column 92; an unplayed last round keeps its columns."""
    ratings = Ratings(tmp_path / "l.db")
    ratings.ok("import", "trf", str(DATA / "lichess_swiss_2020_06.trf"), "--register-new", "--event", "ev")
    text = ratings.ok("export", "trf", "--event", "ev").stdout
    # 10 rounds: every 001 line reaches column 189 (99 + 10 × 9), round 10's result column.
    assert {len(line) for line in text.splitlines() if line.startswith("001")} == {189}
    # johnnydiggson (13) lost unplayed from round 4 (``-`` with no opponent): "0000 - -" in round 10.
    last = next(line for line in text.splitlines() if "johnnydiggson" in line)
    assert last[181:189] == "0000 - -"
