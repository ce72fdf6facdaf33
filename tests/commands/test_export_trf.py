"""``ratings export trf --event ID`` (issue 13 §1): an event written as TRF16 imports back to the same facts.

The round trips import a real file, export it, and import the export into a fresh ledger: the two ledgers'
games, voids and players must be equal. The hand-made event's TRF text is written out by hand from FIDE's TRF16
columns (C.04 Annex 2, player section: 5-8 start rank, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE
id, 70-79 birth, 81-84 points, 86-89 rank, then ``  oooo c r`` a round from column 92).
"""

from __future__ import annotations

import json
from pathlib import Path

from ledger.trf_import import NOT_RATED
from tests.commands.support import Ratings

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"

GAME_FACTS = ("white", "black", "result", "finished", "forfeit", "event")


def ledger_facts(ratings: Ratings) -> tuple[dict[str, dict[str, object]], dict[str, str], dict[str, str]]:
    """From the log: the games by id (with ``voided`` the reason of a void), each player's name, each FIDE id's
    holder."""
    games: dict[str, dict[str, object]] = {}
    names: dict[str, str] = {}
    fide: dict[str, str] = {}
    for line in ratings.ok("log", "--format", "json").output.splitlines():
        entry = json.loads(line)
        facts = entry["facts"]
        if entry["type"] == "GameRecorded":
            games[facts["game"]] = {k: facts[k] for k in GAME_FACTS}
        elif entry["type"] == "GameVoided":
            games[facts["game"]]["voided"] = facts["reason"]
        elif entry["type"] == "PlayerRegistered":
            names[facts["player"]] = facts["name"]
        elif entry["type"] == "IdentityClaimed":
            fide[facts["number"]] = facts["player"]
    return games, names, fide


def round_trip(tmp_path: Path, source: Path, event: str) -> tuple[Ratings, Ratings, str]:
    """Import ``source`` into one ledger, export it, import the export into a fresh ledger."""
    first = Ratings(tmp_path / "first.db")
    first.ok("import", "trf", str(source), "--register-new", "--event", event, "--reported", "2026-01-01")
    out = tmp_path / "exported.trf"
    written = first.ok("export", "trf", "--event", event, "--out", str(out))
    assert written.output.startswith(f"wrote event {event} to {out}: ")
    second = Ratings(tmp_path / "second.db")
    second.ok("import", "trf", str(out), "--register-new", "--event", event, "--reported", "2026-01-01")
    return first, second, out.read_text(encoding="utf-8")


def file_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def games_columns(line: str) -> dict[int, str]:
    """The round columns of a 001 line that hold a game (an opponent and a result other than a double forfeit)."""
    found: dict[int, str] = {}
    for number, offset in enumerate(range(91, len(line), 10), start=1):
        columns = line[offset : offset + 8].ljust(8)
        if columns[:4].strip() not in ("", "0000"):
            found[number] = columns
    return found


def test_the_real_tournament_round_trips(tmp_path: Path) -> None:
    first, second, text = round_trip(tmp_path, DATA / "san_viator_2018_b.trf", "sv")
    games, names, fide = ledger_facts(first)
    assert ledger_facts(second) == (games, names, fide)
    assert len(games) > 400 and len(names) == 137  # the file: 137 001 lines, every player with a game
    original = file_lines(DATA / "san_viator_2018_b.trf")
    exported = text.splitlines()
    # The round dates of line 132, and each player's games at his start rank, in their rounds, as in the file.
    assert [line for line in exported if line.startswith("132")] == [
        line.rstrip() for line in original if line.startswith("132")
    ]
    by_rank = {int(line[4:8]): line for line in exported if line.startswith("001")}
    for line in (line for line in original if line.startswith("001")):
        assert games_columns(by_rank[int(line[4:8])]) == games_columns(line), line[:50]
        assert by_rank[int(line[4:8])][14:47] == line[14:47]  # the name


def test_the_trf_2026_example_round_trips(tmp_path: Path) -> None:
    first, second, text = round_trip(tmp_path, DATA / "trf2026_example.trf", "t26")
    games, names, fide = ledger_facts(first)
    assert ledger_facts(second) == (games, names, fide)
    # Read from the file: 5 players, Egan without a FIDE id; games R1 1-4 5-2, R2 3-1 4-2 (forfeit), R3 1-2 5-3.
    assert sorted(games) == ["t26-R1-1-4", "t26-R1-5-2", "t26-R2-3-1", "t26-R2-4-2", "t26-R3-1-2", "t26-R3-5-3"]
    assert sorted(names) == ["fide-2500001", "fide-2500002", "fide-2500003", "fide-2500004", "t26-5"]
    assert games["t26-R2-4-2"]["forfeit"] == "arbiter" and games["t26-R2-4-2"]["result"] == "0-1"
    # The encoded time control 5400+30 (line 222) is written as line 122 the import reads back.
    assert "122 90 min + 30 sec" in text.splitlines()
    shown = second.ok("event", "show", "t26").output
    assert "rate-of-play: 5400+30" in shown and "rounds: 3" in shown


def hand_made(ratings: Ratings) -> None:
    """A round-robin of 3 players recorded game by game (ids that are not an import's)."""
    ratings.ok("event", "register", "cup", "--name", "Club Cup", "--type", "round-robin", "--start", "2024-03-01",
               "--end", "2024-03-03", "--rate-of-play", "5400+30", "--site", "Dublin", "--federation", "IRL",
               "--reported", "2024-01-01")  # fmt: skip
    ratings.register("p1", "Adler, Anna", "--country", "IRL", "--fide-id", "2500001", "--born", "1990-01-02")
    ratings.register("p2", "Byrne, Bob", "--country", "IE")
    ratings.register("p3", "Clark, Cara", "--country", "ENG", "--fide-id", "2500003")
    for as_of, rating in (("2024-01-01", "2100"), ("2024-04-01", "2200")):
        ratings.ok("player", "prior", "p1", "--system", "fide", "--rating", rating, "--as-of", as_of,
                   "--reported", as_of)  # fmt: skip


def test_a_hand_made_event_is_written_as_trf(ratings: Ratings) -> None:
    hand_made(ratings)
    ratings.game("g1", "p1", "p2", "1-0", "2024-03-01", "--event", "cup")
    ratings.game("g2", "p3", "p1", "0-1", "2024-03-02", "--event", "cup", "--forfeit", "arbiter")
    ratings.game("g3", "p2", "p3", "1/2-1/2", "2024-03-03", "--event", "cup")
    ratings.ok("game", "void", "g3", "--reason", NOT_RATED, "--reported", "2024-03-04")
    ratings.game("g4", "p1", "p3", "1-0", "2024-03-03", "--event", "cup")
    ratings.ok("game", "void", "g4", "--reason", "recorded twice", "--reported", "2024-03-04")
    # By hand: ranks p1 1, p2 2, p3 3 (id order); rounds the dates 03-01, 03-02, 03-03. Anna's rating is her fide
    # prior as of the start (2100, not the 2200 of April); Bob has none (0), and FIDE's code of "IE" is IRL.
    # Points: Anna 1 + 1 (+) = 2.0, Bob 0 + ½ (D) = 0.5, Cara 0 (-) + ½ (D) = 0.5; ranks 1, 2, 3 (Bob before
    # Cara on start rank). g4 is void (not "not rated"): not written.
    expected = (
        "012 Club Cup\n"
        "022 Dublin\n"
        "032 IRL\n"
        "042 2024/03/01\n"
        "052 2024/03/03\n"
        "092 Individual: Round-robin\n"
        "122 90 min + 30 sec\n"
        "132" + " " * 88 + "24/03/01  24/03/02  24/03/03\n"
        "001    1      Adler, Anna                       2100 IRL     2500001 1990/01/02  2.0    1"
        "     2 w 1     3 b +  0000 -  \n"  # never right-stripped: round 3 keeps its blank result column
        "001    2      Byrne, Bob                           0 IRL                         0.5    2"
        "     1 b 0  0000 -       3 w D\n"
        "001    3      Clark, Cara                          0 ENG     2500003             0.5    3"
        "  0000 -       1 w -     2 b D\n"
    )  # fmt: skip
    result = ratings.ok("export", "trf", "--event", "cup")
    assert result.stdout == expected
    # As known on 2024-03-03, g3 and g4 are not void yet: Cara (p3) has two games that day.
    ratings.refused(
        "export", "trf", "--event", "cup", "--known-at", "2024-03-03",
        message="player p3 has two games on 2024-03-03 (g3 and g4)",
    )  # fmt: skip
    before = ratings.ok("export", "trf", "--event", "cup", "--known-at", "2024-03-02").stdout
    assert before.splitlines()[-1].endswith("     1 w -")  # Cara's line: g3 not yet reported, two rounds only
    assert "132" + " " * 88 + "24/03/01  24/03/02\n" in before


def test_refusals(ratings: Ratings) -> None:
    hand_made(ratings)
    ratings.refused("export", "trf", "--event", "nope", message="unknown event 'nope'")
    ratings.game("g1", "p1", "p2", "1-0", "2024-03-01", "--event", "cup")
    ratings.game("g2", "p3", "p1", "1-0", "2024-03-01", "--event", "cup")
    ratings.refused(
        "export", "trf", "--event", "cup",
        message="player p1 has two games on 2024-03-01 (g1 and g2): a TRF round holds one game a player",
    )  # fmt: skip
    ratings.ok("event", "void", "cup", "--reason", "never held", "--reported", "2024-03-05")
    ratings.refused("export", "trf", "--event", "cup", message="event 'cup' is void")


def test_the_lists_export_still_works(ratings: Ratings, tmp_path: Path) -> None:
    hand_made(ratings)
    ratings.game("g1", "p1", "p2", "1-0", "2024-03-01", "--event", "cup")
    out = tmp_path / "lists"
    result = ratings.ok("export", "--rules", "iecg-1.7", "--from", "2024-03", "--to", "2024-03", "--format", "csv",
                        "--out", str(out))  # fmt: skip
    assert (out / "iecg-1.7_2024-03.csv").exists() and "iecg-1.7_2024-03.csv" in result.output
