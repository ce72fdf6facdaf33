"""``ratings import fide-list`` (issue 13 §3): FIDE's published ratings become priors of the ledger's players.

The list lines are laid out as FIDE publishes them (tests/ledger/test_fide_list.py: the header and
Carlsen's line as published, other players fictitious in those columns).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.commands.support import Ratings
from tests.ledger.test_fide_list import CARLSEN, HEADER, fixed


def write_list(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\r\n".join((HEADER, *lines)) + "\r\n", encoding="utf-8")
    return str(path)


ANNA = fixed(id="4100011", name="Fictitious, Anna", fed="IRL", sex="F", sr="2105", sg="9", sk="20",
             rr="1990", rg="4", rk="20", br="0", bday="1990")  # fmt: skip
BRIAN = fixed(id="4100020", name="Byrne, Brian", fed="IRL", sex="M", sr="1456", sg="7", sk="40", bday="2012")


def priors(ratings: Ratings) -> list[tuple[str, str, float, int | None, str, str]]:
    found = []
    for line in ratings.ok("log", "--format", "json").output.splitlines():
        entry = json.loads(line)
        if entry["type"] == "PriorRatingRecorded":
            f = entry["facts"]
            found.append((f["player"], f["system"], f["rating"], f["games"], f["as_of"], f["source"]))
    return found


def test_the_list_gives_priors_to_the_registered_players_with_a_fide_id(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    ratings.register("M", "Magnus", "--fide-id", "1503014")
    ratings.register("X", "Xavier")  # no FIDE id: not on any list
    result = ratings.ok("import", "fide-list", write_list(tmp_path, CARLSEN, ANNA, BRIAN), "--as-of", "2024-06-01",
                        "--reported", "2024-06-02")  # fmt: skip
    assert result.output == (
        "read 3 players, 2 registered here: recorded priors 2 fide, 1 fide-blitz, 2 fide-rapid "
        "(0 already recorded as of 2024-06-01, 0 void players skipped)\n"
    )
    assert priors(ratings) == [
        ("A", "fide", 2105.0, 9, "2024-06-01", "FIDE list of 2024-06-01, K 20"),
        ("A", "fide-rapid", 1990.0, 4, "2024-06-01", "FIDE list of 2024-06-01, K 20"),
        ("M", "fide", 2823.0, 0, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
        ("M", "fide-rapid", 2801.0, 12, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
        ("M", "fide-blitz", 2860.0, 0, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
    ]
    # Imported again (after registering Brian): the priors of that date are kept, Brian's recorded.
    ratings.register("B", "Brian", "--fide-id", "4100020")
    again = ratings.ok("import", "fide-list", write_list(tmp_path, CARLSEN, ANNA, BRIAN), "--as-of", "2024-06-01",
                       "--reported", "2024-06-02")  # fmt: skip
    assert again.output == (
        "read 3 players, 3 registered here: recorded priors 1 fide "
        "(5 already recorded as of 2024-06-01, 0 void players skipped)\n"
    )


def test_a_dry_run_records_nothing(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    before = ratings.ok("log").output
    result = ratings.ok("import", "fide-list", write_list(tmp_path, ANNA), "--as-of", "2024-06-01", "--dry-run")
    assert result.output.splitlines() == [
        "read 1 players, 1 registered here: would record priors 1 fide, 1 fide-rapid "
        "(0 already recorded as of 2024-06-01, 0 void players skipped)",
        "would record 2 events; nothing was recorded",
    ]
    assert ratings.ok("log").output == before


def test_a_void_player_is_skipped(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    ratings.ok("player", "void", "A", "--reason", "registered in error")
    result = ratings.ok("import", "fide-list", write_list(tmp_path, ANNA), "--as-of", "2024-06-01")
    assert "1 void players skipped" in result.output and "recorded priors none" in result.output


def test_a_damaged_list_is_refused_whole(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    bad = fixed(id="41000x1", name="Broken, Line", fed="IRL", sex="M", sr="1456", sg="7", sk="40")
    ratings.refused("import", "fide-list", write_list(tmp_path, ANNA, bad), "--as-of", "2024-06-01",
                    message="line 3: FIDE id '41000x1'")  # fmt: skip
    ratings.refused("import", "fide-list", write_list(tmp_path, ANNA), "--as-of", "2024-13-01",
                    message="as-of date '2024-13-01' is not a calendar date")  # fmt: skip


def test_a_registered_players_id_listed_twice_is_refused_naming_both_lines(ratings: Ratings, tmp_path: Path) -> None:
    """Issue 22 §5: the second line of one FIDE id silently replaced the first."""
    ratings.register("A", "Anna", "--fide-id", "4100011")
    other = ANNA.replace("2105", "1999", 1)
    path = write_list(tmp_path, ANNA, BRIAN, other)
    ratings.refused("import", "fide-list", path, "--as-of", "2024-06-01",
                    message=f"Error: {path}: lines 2 and 4: FIDE id 4100011 is on the list twice")  # fmt: skip
    assert priors(ratings) == []
    # An id no player of the ledger holds is not recorded: listed twice, it changes nothing.
    ratings.ok("import", "fide-list", write_list(tmp_path, ANNA, BRIAN, BRIAN), "--as-of", "2024-06-01")


def test_the_rapid_list_starts_from_the_rapid_prior(ratings: Ratings, tmp_path: Path) -> None:
    """R&B §7.2.1 uses the standard rating only for a player without one of his own list (choice 6)."""
    ratings.register("A", "Anna", "--fide-id", "4100011")
    ratings.register("B", "Bo")
    ratings.ok("import", "fide-list", write_list(tmp_path, ANNA), "--as-of", "2024-06-01", "--reported", "2024-06-01")
    ratings.ok("game", "record", "g1", "--white", "A", "--black", "B", "--result", "1-0", "--finished", "2024-06-10",
               "--time-control", "900+10", "--reported", "2024-06-11")  # fmt: skip
    explained = ratings.ok("explain", "A", "--rules", "fide-2024-rapid", "--period", "2024-06").output
    assert "fide-rapid prior 1990 as of 2024-06-01 (4 games)" in explained
