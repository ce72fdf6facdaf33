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
        "(0 already recorded as of 2024-06-01, 0 void players skipped); "
        "corrected the sex, title or federation of 2 player(s) as the list has them\n"
    )
    # The games are the K column's (K 20 or 10: at least 30 games, recorded as 30), never the month's games
    # (Anna's 9 standard and 4 rapid games, Carlsen's 12 rapid games).
    assert priors(ratings) == [
        ("A", "fide", 2105.0, 30, "2024-06-01", "FIDE list of 2024-06-01, K 20"),
        ("A", "fide-rapid", 1990.0, 30, "2024-06-01", "FIDE list of 2024-06-01, K 20"),
        ("M", "fide", 2823.0, 30, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
        ("M", "fide-rapid", 2801.0, 30, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
        ("M", "fide-blitz", 2860.0, 30, "2024-06-01", "FIDE list of 2024-06-01, K 10"),
    ]
    assert registrations(ratings) == {
        "A": (None, None, None, "F", None, "IRL"),  # no title on the list: none recorded
        "M": (None, None, None, "M", "GM", "NOR"),
        "X": (None, None, None, None, None, None),
    }
    # Imported again (after registering Brian): the priors of that date are kept, Brian's recorded.
    ratings.register("B", "Brian", "--fide-id", "4100020")
    again = ratings.ok("import", "fide-list", write_list(tmp_path, CARLSEN, ANNA, BRIAN), "--as-of", "2024-06-01",
                       "--reported", "2024-06-02")  # fmt: skip
    assert again.output == (
        "read 3 players, 3 registered here: recorded priors 1 fide "
        "(5 already recorded as of 2024-06-01, 0 void players skipped); "
        "corrected the sex, title or federation of 1 player(s) as the list has them\n"
    )
    # Brian's K 40 (fewer than 30 games, or a junior): 0 games, so K 40 until 30 are rated here.
    assert priors(ratings)[-1] == ("B", "fide", 1456.0, 0, "2024-06-01", "FIDE list of 2024-06-01, K 40")


def registrations(ratings: Ratings) -> dict[str, tuple[str | None, ...]]:
    """Each player's (sex, title, federation) as registered, then as it stands after corrections."""
    found: dict[str, tuple[str | None, ...]] = {}
    for line in ratings.ok("log", "--format", "json").output.splitlines():
        entry = json.loads(line)
        f = entry["facts"]
        if entry["type"] == "PlayerRegistered":
            found[f["player"]] = (f["sex"], f["title"], f["federation"]) * 2
        elif entry["type"] == "PlayerCorrected":
            now = dict(zip(("sex", "title", "federation"), found[f["player"]][3:], strict=True))
            now.update((k, v) for k, v in f["changes"].items() if k in now)
            found[f["player"]] = (*found[f["player"]][:3], now["sex"], now["title"], now["federation"])
    return found


def test_the_list_corrects_only_what_differs_and_a_blank_erases_nothing(ratings: Ratings, tmp_path: Path) -> None:
    """Anna registered as an FM of ENG (the list: no title, IRL, F); Magnus as FIDE's list has him."""
    ratings.register("A", "Anna", "--fide-id", "4100011", "--title", "WFM", "--federation", "ENG", "--sex", "F")
    ratings.register("M", "Magnus", "--fide-id", "1503014", "--sex", "M", "--title", "GM", "--federation", "NOR")
    result = ratings.ok("import", "fide-list", write_list(tmp_path, CARLSEN, ANNA), "--as-of", "2024-06-01",
                        "--reported", "2024-06-02")  # fmt: skip
    assert "corrected the sex, title or federation of 1 player(s)" in result.output
    corrections = [
        (e["facts"]["player"], e["facts"]["changes"], e["facts"]["reason"])
        for e in map(json.loads, ratings.ok("log", "--format", "json").output.splitlines())
        if e["type"] == "PlayerCorrected"
    ]
    assert corrections == [("A", {"federation": "IRL"}, "FIDE list of 2024-06-01")]  # her WFM stays
    listing = ratings.ok("players", "--format", "csv").output.splitlines()
    assert listing[1:] == ["A,Anna,,IRL,F,WFM,,4100011,,active", "M,Magnus,,NOR,M,GM,,1503014,,active"]


def test_a_federation_that_is_not_fides_refuses_the_list(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    odd = ANNA.replace("IRL", "XYZ", 1)
    ratings.refused("import", "fide-list", write_list(tmp_path, odd), "--as-of", "2024-06-01",
                    message="line 2 (FIDE id 4100011): federation 'XYZ' is not a FIDE federation code")  # fmt: skip
    assert priors(ratings) == []


def test_a_dry_run_records_nothing(ratings: Ratings, tmp_path: Path) -> None:
    ratings.register("A", "Anna", "--fide-id", "4100011")
    before = ratings.ok("log").output
    result = ratings.ok("import", "fide-list", write_list(tmp_path, ANNA), "--as-of", "2024-06-01", "--dry-run")
    assert result.output.splitlines() == [
        "read 1 players, 1 registered here: would record priors 1 fide, 1 fide-rapid "
        "(0 already recorded as of 2024-06-01, 0 void players skipped); "
        "would correct the sex, title or federation of 1 player(s) as the list has them",
        "would record 3 events; nothing was recorded",
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
    assert "fide-rapid prior 1990 as of 2024-06-01 (30 games)" in explained  # K 20: at least 30 games
