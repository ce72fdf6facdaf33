"""``player prior``, the §IX transfer of old IECG ratings, ``rules`` and ``convert`` through the CLI.

A is established at ICCF 2000 on 100 games (k = 20, IECG §V.3). X registers
without a rating (800) but brings a rating of the IECG's old scheme; in
January 1997 X beats A.
"""

from __future__ import annotations

import json
import re

from tests.commands.support import Ratings


def setup_x(ratings: Ratings, *prior: str) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.register("X", "Xaver Xu")
    ratings.ok("player", "prior", "X", *prior, "--as-of", "1996-12-31", "--reported", "2024-01-01")
    ratings.ok("game", "record", "G1", "--white", "X", "--black", "A", "--result", "1-0",
               "--finished", "1997-01-20", "--reported", "2024-01-02")  # fmt: skip


def history_line(ratings: Ratings, player: str, rules: str) -> list[str]:
    return ratings.ok("history", player, "--rules", rules).output.splitlines()[2].split()


def listed(ratings: Ratings, rules: str) -> dict[str, int]:
    document = ratings.ok("list", "--rules", rules, "--period", "1997-01", "--format", "json").output
    return {row["player"]: row["rating"] for row in json.loads(document)["players"]}


def test_an_old_established_rating_on_15_or_more_games_stays_established(ratings: Ratings) -> None:
    """§IX.5.a (from 1.2): established at 1850 with Pn 22: k = 20 × 1.25 = 25 (§V.3, 15 < Pn ≤ 30).
    D = −150: We = 1/(1 + 10^0.375) = 0.296613; dR = 25 × 0.703387 = 17.585 → 1867.585 → 1868.
    A: We = 0.703387, dR = 20 × (0 − 0.703387) = −14.068 → 1985.932 → 1986."""
    setup_x(ratings, "--system", "iecg", "--rating", "1850", "--games", "22", "--status", "established")
    out = ratings.ok("player", "prior", "A", "--system", "iccf", "--rating", "2000", "--games", "100",
                     "--as-of", "2023-12-31", "--reported", "2024-01-01")  # fmt: skip
    assert out.output == "recorded: A iccf rating 2000 as of 2023-12-31\n"  # an ICCF prior of A: not §IX
    assert listed(ratings, "iecg-1.7") == {"A": 1986, "X": 1868}
    assert history_line(ratings, "X", "iecg-1.7") == ["1997-01", "1868", "1868", "established", "1"]
    # 1.0 and 1.1: "All established IECG ratings are used as a starting rating": provisional.
    assert history_line(ratings, "X", "iecg-1.0")[3] == "provisional"
    assert history_line(ratings, "X", "iecg-1.1")[3] == "provisional"
    assert history_line(ratings, "X", "iecg-1.2")[:4] == ["1997-01", "1868", "1868", "established"]


def test_a_higher_iccf_rating_replaces_a_starting_rating(ratings: Ratings) -> None:
    """§IX.5.b/d: old established 1700 on 10 games is a starting rating; ICCF 1900 on 40 games is higher,
    so X is established at 1900 with Pn 40: k = 20 × (1.4 − 40/200) = 24.
    D = −100: We = 1/(1 + 10^0.25) = 0.359935; dR = 24 × 0.640065 = 15.362 → 1915.362 → 1915."""
    ratings.established("A", "Anna Adler", 2000)
    ratings.register("X", "Xaver Xu")
    ratings.ok("player", "prior", "X", "--system", "iccf", "--rating", "1900", "--games", "40",
               "--as-of", "1996-12-01", "--reported", "2024-01-01")  # fmt: skip
    ratings.ok("player", "prior", "X", "--system", "iecg", "--rating", "1700", "--games", "10",
               "--status", "established", "--as-of", "1996-12-31", "--reported", "2024-01-01")  # fmt: skip
    ratings.ok("game", "record", "G1", "--white", "X", "--black", "A", "--result", "1-0",
               "--finished", "1997-01-20", "--reported", "2024-01-02")  # fmt: skip
    assert history_line(ratings, "X", "iecg-1.7")[:4] == ["1997-01", "1915", "1915", "established"]


def test_a_prior_counts_from_its_reported_date(ratings: Ratings) -> None:
    setup_x(ratings, "--system", "iecg", "--rating", "1850", "--games", "22", "--status", "established")
    # As known before the prior was reported, X starts from his registration (800, provisional): not listed.
    before = ratings.ok("list", "--rules", "iecg-1.7", "--period", "1997-01", "--format", "json",
                        "--known-at", "2023-12-31").output  # fmt: skip
    assert json.loads(before)["players"] == []


def test_prior_refusals(ratings: Ratings) -> None:
    ratings.register("X", "Xaver Xu")
    base = ("player", "prior", "X", "--as-of", "1996-12-31")
    ratings.refused(*base, "--system", "iecg", "--rating", "-5", message="iecg rating -5 is outside 100..3500")
    ratings.refused(*base, "--system", "elo", "--rating", "1500", message="Invalid value for '--system'", status=2)
    ratings.refused(*base, "--system", "iecg", "--rating", "1500", "--games", "-1", message="games -1 is outside")
    ratings.refused("player", "prior", "Z", "--system", "iecg", "--rating", "1500", "--as-of", "1996-12-31",
                    message="unknown player 'Z'")  # fmt: skip
    ratings.refused("player", "prior", "X", "--system", "iecg", "--rating", "1500", "--as-of", "2999-01-01",
                    message="as-of date 2999-01-01 is after today")  # fmt: skip
    ratings.ok(*base, "--system", "icu", "--rating", "1500")
    ratings.refused(*base, "--system", "icu", "--rating", "1600",
                    message="player 'X' already has a icu rating as of 1996-12-31")  # fmt: skip


def test_rules_lists_every_version_with_its_dates_and_differences(ratings: Ratings) -> None:
    out = ratings.ok("rules").output
    names = [line.split()[0] for line in out.splitlines() if not line.startswith(" ")]
    assert names == [
        "iecg-1.0", "iecg-1.1", "iecg-1.2", "iecg-1.3", "iecg-1.3.1",
        "iecg-1.4", "iecg-1.5", "iecg-1.6", "iecg-1.7", "iecg", "icu-1980",
        "ecf-grading", "ecf-grading-rapid", "ecf-online", "ecf-online-rapid", "ecf-online-blitz",
        "fide-2014", "fide-2017", "fide-2022", "fide-2024", "fide-2024-rapid", "fide-2024-blitz",
        "fide-2025", "fide-2025-rapid", "fide-2025-blitz", "fide", "glicko", "glicko2",
    ]  # fmt: skip
    assert re.search(r"^iecg-1\.5 +from 1998-04-05 until 1998-09-27$", out, re.M)
    assert re.search(r"^fide-2022 +from 2022-01-01 until 2024-03-01$", out, re.M)
    assert "§III.8" in out.split("iecg-1.5")[1].split("iecg-1.6")[0]


def test_convert_by_the_formula_in_force(ratings: Ratings) -> None:
    """Seed 004: before the 2009/2010 season ECF < 216 → 5·ECF + 1250: 180 → 2150; ≥ 216 → 8·ECF + 600: 220 → 2360."""
    assert ratings.ok("convert", "180", "--from", "ecf", "--to", "fide", "--on", "2005-06-01").output.startswith(
        "ECF 180 → FIDE 2150"
    )
    assert "FIDE 2360" in ratings.ok("convert", "220", "--from", "ecf", "--to", "fide", "--on", "2005-06-01").output
    ratings.refused(
        "convert", "180", "--from", "ecf", "--to", "fide", "--on", "2015-06-01",
        message="no ECF → FIDE formula was in force on 2015-06-01",
    )  # fmt: skip
    ratings.refused("convert", "180", "--from", "ecf", message="give VALUE, --from and --to", status=2)
    assert "ecffide" in ratings.ok("convert", "--list").output.replace(" ", "")
