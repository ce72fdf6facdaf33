"""FIDE rates an event as a whole, from the list in force at its start (issue 25 §1; choice 13 of
:mod:`projections.rules.fide`): the three worked cases of the issue, each with FIDE's figures.

- Title Regulations 1.4.6a: "The Rating List in effect at the start of the tournament shall be used"; B.02 rates
  an event with the player's and his opponents' ratings at its start.
- B.02 §8.3.3: K 40 "until they have completed events with at least 30 games": the games of events completed
  before this one began count; K × n ≤ 700 over the list's games.
- An event is rated whole, on the list after it ends; one whose end is not recorded waits for it.
"""

from __future__ import annotations

import pytest

from tests.commands.event_support import fide_player
from tests.commands.support import Ratings
from tests.commands.system_support import listed

STANDARD = ("--rate-of-play", "5400+30", "--mode", "otb")


def event(ratings: Ratings, name: str, start: str, end: str | None, rate: str = "5400+30") -> None:
    dates = ("--start", start) + (() if end is None else ("--end", end))
    ratings.ok("event", "register", name, "--name", f"Open {name}", "--type", "swiss", *dates,
               "--rate-of-play", rate, "--mode", "otb", "--reported", start)  # fmt: skip


def same_warm_and_cold(ratings: Ratings, rules: str, *periods: str) -> None:
    """The lists read through the projections file, kept from earlier reads, are those of a replay from nothing."""
    for period in periods:
        args = ("list", "--rules", rules, "--period", period, "--format", "csv")
        assert ratings.ok(*args).stdout == ratings.ok("--no-cache", *args).stdout


def test_an_event_crossing_a_month_end_is_rated_from_the_list_in_force_at_its_start(ratings: Ratings) -> None:
    """A gains 40 points in early April (four wins at K 20 over players rated 2000: +10 each), then beats B twice
    in an event from 29 April to 2 May. FIDE rates that event from the list in force on 29 April, on which A and
    B are both 2000: two wins at K 20, +10 each, so A 2040 + 20 = 2060 and B 2000 − 20 = 1980 on the list after
    May. Rated from the list after April (A 2040, B 2000: PD .56, 2 × 20 × .44 = 17.6 → 18) it would be 2058 and
    1982."""
    for player in ("A", "B", "C", "D", "E", "F"):
        fide_player(ratings, player, 2000, as_of="2024-03-31")
    event(ratings, "E", "2024-04-29", "2024-05-02")
    ratings.game("e1", "A", "B", "1-0", "2024-04-29", "--event", "E")
    same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
    event(ratings, "E0", "2024-04-01", "2024-04-04")
    for day, opponent in zip(("01", "02", "03", "04"), "CDEF", strict=True):  # reported after E began
        ratings.game(f"e0-{opponent}", "A", opponent, "1-0", f"2024-04-{day}", "--event", "E0")
        same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
    ratings.game("e2", "B", "A", "0-1", "2024-05-02", "--event", "E")
    same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
    april = listed(ratings, "fide-2024", "2024-04")
    assert april["A"]["rating"] == 2040 and "B" not in april  # E is not on the list after April
    may = listed(ratings, "fide-2024", "2024-05")
    assert (may["A"]["rating"], may["B"]["rating"]) == (2060, 1980)
    text = ratings.ok("explain", "A", "--rules", "fide-2024", "--period", "2024-05").stdout
    assert "E began on 2024-04-29: rated from the list of 2024-03 (rating 2000, K 20)" in text


@pytest.mark.parametrize(
    ("rules", "rate"), [("fide-2024", "5400+30"), ("fide-2024-rapid", "900+10"), ("fide-2024-blitz", "180+2")]
)
def test_k_is_set_per_event_with_the_games_of_the_events_completed_before_it(
    ratings: Ratings, rules: str, rate: str
) -> None:
    """The standard list (B.02 §8.3.3) and the rapid and blitz lists (R&B §7.3.3, the same K) alike. P starts
    April on 2000 with 25 games; he draws 9 games in E1 (1–9 April), then wins 9 in E2 (11–19 April), every
    opponent rated 2000. E1 at K 40, capped by K × n ≤ 700 over the month's 18 games to 38 (nine
    draws: 0); E2 at K 20, since 25 + 9 = 34 games were completed before it: 9 × 20 × (1 − .50) = +90, so 2090.
    With one K for the month (38) it would be 2000 + 171 = 2171."""
    fide_player(ratings, "P", 2000, as_of="2024-03-31", games=25)
    for n in range(1, 10):
        fide_player(ratings, f"O{n}", 2000, as_of="2024-03-31")
        fide_player(ratings, f"Q{n}", 2000, as_of="2024-03-31")
    event(ratings, "E1", "2024-04-01", "2024-04-09", rate)
    event(ratings, "E2", "2024-04-11", "2024-04-19", rate)
    for n in range(1, 10):
        ratings.game(f"d{n}", "P", f"O{n}", "1/2-1/2", f"2024-04-0{n}", "--event", "E1")
        ratings.game(f"w{n}", f"Q{n}", "P", "0-1", f"2024-04-{10 + n}", "--event", "E2")
    row = listed(ratings, rules, "2024-04")["P"]
    assert (row["rating"], row["games"]) == (2090, 43)
    text = ratings.ok("explain", "P", "--rules", rules, "--period", "2024-04").stdout
    assert "E1 began on 2024-04-01: rated from the list of 2024-03 (rating 2000, K 40)" in text
    assert "E2 began on 2024-04-11: rated from the list of 2024-03 (rating 2000, K 20)" in text


def test_an_event_without_an_end_date_waits_for_it_then_is_rated_whole(ratings: Ratings) -> None:
    """X (2000) beats Y (2000) on 20 April and Z (2000) on 5 May in an event registered without an end date.
    Until its end is recorded it is rated on no list (X stays 2000 after April and May); once the end (5 May)
    is recorded, it is rated whole on the list after May, from the list in force at its start: two wins at
    K 20 over players rated 2000, +20: 2020."""
    for player in ("X", "Y", "Z"):
        fide_player(ratings, player, 2000, as_of="2024-03-31")
    event(ratings, "L", "2024-04-20", None)
    ratings.game("l1", "X", "Y", "1-0", "2024-04-20", "--event", "L")
    ratings.game("l2", "Z", "X", "0-1", "2024-05-05", "--event", "L")
    assert "X" not in listed(ratings, "fide-2024", "2024-04")
    assert "X" not in listed(ratings, "fide-2024", "2024-05")
    same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
    waiting = (
        "waits for the event's end: fide-2024 rates an event whole once it has ended (record it: event correct --end)"
    )
    assert ratings.ok("event", "status", "L", "--rules", "fide-2024").stdout == (
        f"fide-2024: not rated\n  l1, l2: {waiting}\n"
    )
    ratings.ok("event", "correct", "L", "--end", "2024-05-05", "--reason", "the last round was played",
               "--reported", "2024-05-06")  # fmt: skip
    assert "X" not in listed(ratings, "fide-2024", "2024-04")
    may = listed(ratings, "fide-2024", "2024-05")
    assert (may["X"]["rating"], may["Y"]["rating"], may["Z"]["rating"]) == (2020, 1990, 1990)
    same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
    # As known before its end was recorded, the event waits still.
    before = ("list", "--rules", "fide-2024", "--period", "2024-05", "--known-at", "2024-05-05", "--format", "csv")
    assert "X," not in ratings.ok(*before).stdout
    assert ratings.ok("event", "status", "L", "--rules", "fide-2024").stdout == "fide-2024: 2 games rated in 2024-05\n"


def test_a_player_rated_since_the_event_began_is_rated_with_his_current_rating_and_unrated_for_his_opponents(
    ratings: Ratings,
) -> None:
    """B.02 §8.2.4: "If an unrated player receives a published rating before a particular tournament in which he
    played is rated, then he is rated as a rated player with his current rating, but in the rating of his
    opponents he is counted as an unrated player". U, unrated, scores 2.5 of 5 against players rated 2000 in E1
    (1–5 April): 2024 §8.2.2–8.2.3, Ra = (5 × 2000 + 2 × 1800) / 7 = 1942.86 with two hypothetical draws, p = 3.5 / 7
    = .50, dp 0: first rating 1943 on the list after April. In E2 (26 April – 2 May) he beats V (2000 on the list
    in force at its start, when U was unrated): U is rated with 1943 and K 40 (5 games): D −57, We .42 (table
    8.1.2), 40 × .58 = +23.2 → 1966; for V, U is unrated: not rated, V stays 2000."""
    fide_player(ratings, "V", 2000, as_of="2024-03-31")
    ratings.ok("player", "register", "U", "--name", "Player U", "--reported", "2023-01-01")
    for n in range(1, 6):
        fide_player(ratings, f"O{n}", 2000, as_of="2024-03-31")
    event(ratings, "E1", "2024-04-01", "2024-04-05")
    for n, result in zip(range(1, 6), ("1-0", "0-1", "1-0", "0-1", "1/2-1/2"), strict=True):
        ratings.game(f"u{n}", "U", f"O{n}", result, f"2024-04-0{n}", "--event", "E1")
    event(ratings, "E2", "2024-04-26", "2024-05-02")
    ratings.game("v1", "U", "V", "1-0", "2024-04-26", "--event", "E2")
    assert listed(ratings, "fide-2024", "2024-04")["U"]["rating"] == 1943
    may = listed(ratings, "fide-2024", "2024-05")
    assert (may["U"]["rating"], may["V"]["rating"], may["V"]["period_games"]) == (1966, 2000, 0)
    same_warm_and_cold(ratings, "fide-2024", "2024-04", "2024-05")
