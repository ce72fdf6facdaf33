"""Issue 25 §2 (last bullet) and §3 (last bullet): initial ratings that come from recorded priors.

- IECG Rules and Regulations 5.1a C §14.2: the tie-break's performance uses "initial ratings at the start of the
  tournament". A player on no list before the event has the rating he starts from: his recorded ``iecg`` prior
  (a ``player prior``), else his registered Starting Rating (rating rules §VII). Performance = the opponents'
  average + D(p), D(p) = −400·log10((1 − p)/p) (rules §I.4), rounded half up (§I.5).
- ``import trf --priors`` never guesses a prior's games count (FIDE B.02 §8.3.3's K): the player's ``fide``
  prior's count, else ``--prior-games N``, else a refusal (exit 2, an option missing).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from tests.commands.support import Ratings
from tests.commands.test_events import table_rows
from tests.commands.test_import_trf import player_line, write


def test_c_14_2_performance_from_a_prior_and_a_starting_rating(ratings: Ratings) -> None:
    # A: a tutor's Starting Rating 1500 (§VII.3); B: an iecg prior of 1700 as of 1 January. Nobody is on a list
    # before March (the event's first period): their initial ratings are these.
    ratings.register("A", "Anna Adler", "--source", "tutor", "--starting-rating", "1500")
    ratings.register("B", "Bob Byrne")
    ratings.ok("player", "prior", "B", "--system", "iecg", "--rating", "1700", "--as-of", "2024-01-01",
               "--reported", "2024-01-01")  # fmt: skip
    ratings.ok("event", "register", "Q", "--name", "Quad", "--type", "quad", "--start", "2024-03-01", "--mode",
               "email", "--reported", "2024-03-01")  # fmt: skip
    ratings.game("g1", "A", "B", "1-0", "2024-03-10", "--event", "Q")
    ratings.game("g2", "B", "A", "1/2-1/2", "2024-03-12", "--event", "Q")
    # A scored 1½ of 2 (p = .75) against B's 1700: D(.75) = 400·log10(3) = 190.85 → 1890.85 → 1891.
    # B scored ½ of 2 (p = .25) against A's 1500: 1500 − 190.85 = 1309.15 → 1309.
    assert math.floor(1700 + 400 * math.log10(3) + 0.5) == 1891  # the arithmetic above
    rows = table_rows(ratings.ok("event", "show", "Q").stdout, "#  player")
    assert {r["player"]: (r["points"], r["perf"]) for r in rows} == {"A": ("1½", "1891"), "B": ("½", "1309")}


REPORT = "\n".join(
    [
        "012 Spring Open",
        "042 2024/03/01",
        "052 2024/03/01",
        "092 Individual: Swiss-System",
        player_line(1, "Adler, Anna", 2100, "2500001", "1990/01/02", "1.0", "0002 w 1"),
        player_line(2, "Byrne, Bob", 1900, "2500002", "1991/02/03", "0.0", "0001 b 0"),
    ]
)


def test_priors_without_a_games_count_are_refused_as_an_option_missing(ratings: Ratings, tmp_path: Path) -> None:
    path = write(tmp_path, REPORT + "\n")
    ratings.refused(
        "import", "trf", path, "--register-new", "--priors",
        message="--priors: 2 player(s) have no games count in a fide prior (import the FIDE list first, or give "
        "--prior-games N): line 5 Adler, Anna; line 6 Byrne, Bob",
        status=2,
    )  # fmt: skip
    ratings.refused("import", "trf", path, "--prior-games", "30", message="--prior-games is for --priors", status=2)


def test_a_prior_takes_its_games_count_from_the_players_fide_prior(ratings: Ratings, tmp_path: Path) -> None:
    """Anna's fide prior of 1 January 2024 (an imported list's, 45 games) gives her count; Bob has none: the
    option's 12 (K 40, fewer than 30 games, B.02 §8.3.3)."""
    ratings.register("A1", "Anna Adler", "--fide-id", "2500001", "--born", "1990-01-02")
    ratings.register("B2", "Bob Byrne", "--fide-id", "2500002")
    ratings.ok("player", "prior", "A1", "--system", "fide", "--rating", "2090", "--games", "45", "--as-of",
               "2023-12-01", "--reported", "2024-01-01")  # fmt: skip
    ratings.ok("player", "prior", "A1", "--system", "fide-rapid", "--rating", "2000", "--games", "7", "--as-of",
               "2023-12-01", "--reported", "2024-01-01")  # fmt: skip
    path = write(tmp_path, REPORT.replace("042 2024/03/01", "042 2023/11/01") + "\n")
    result = ratings.ok("import", "trf", path, "--priors", "--prior-games", "12")
    assert "note: 1 prior(s) take their games count from the player's fide prior" in result.output
    assert "note: 1 prior(s) recorded with 12 games (--prior-games): K 40 (fewer than 30 games, B.02 §8.3.3)" in (
        result.output
    )
    log = [json.loads(line) for line in ratings.ok("log", "--format", "json").output.splitlines()]
    priors = [e["facts"] for e in log if e["type"] == "PriorRatingRecorded" and e["facts"]["as_of"] == "2023-11-01"]
    assert [(p["player"], p["rating"], p["games"]) for p in priors] == [("A1", 2100.0, 45), ("B2", 1900.0, 12)]
