"""Events through the command line (issue 12): each rule that depends on an event, shown changing a result.

Every test builds the same games twice where it can, once as loose games (no event, no mode: what the
ledger held before events existed, and how such games still read) and once inside a registered event,
and compares what ``list``, ``explain``, ``event show`` and ``event status`` print. Each names the
clause it stands under; the figures are worked by hand beside them:

- ICU 1980 (seed 001, "Graded Tournaments"): "the fastest rate of play acceptable for graded tournaments
  is 45/60"; a one-game regrading is ±16 for the result plus 4% of the grading difference ("Regrading").
- ECF (seed 003): online ratings "are completely separate from ECF OTB ratings which will not be impacted
  by internet games"; ``ecf-grading`` rates over-the-board games, ``ecf-online`` online games.
- FIDE (Rating Regulations B.02 §1.1, the minimum rates of play of the standard list; table 8.1.2 of
  expected scores: D 100 → .64/.36, D 50 → .57/.43; K 20 for a player with 30 games or more under 2400).
- IECG Rules and Regulations 5.1a (seed 002): D §2.9.2 thematic tournaments "are not rated"; D §2.7
  friendly matches rated only "if the rating difference between the players does not exceed 250
  points", "victories scored by forfeit will not count"; C §9A withdrawals; C §14 tie-breaks.
  IECG Rating Rules 1.7 (seed 000) for the rating arithmetic: We = 1/(1+10^(−D/400)), dR = k·(W − We),
  k = 20 for an established player of 1800–2099 on 100 games (§V.3).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from projections.registry import RULES
from tests.commands.event_support import explained_games, fide_player, left_out, status_blocks
from tests.commands.support import Ratings, stored_rows, write_csv
from tests.commands.system_support import listed

Ledgers = Callable[[str], Ratings]


@pytest.fixture
def ledgers(tmp_path: Path) -> Ledgers:
    """A fresh ledger per name, in ``tmp_path``: to build the same games with and without an event."""
    return lambda name: Ratings(tmp_path / f"{name}.db")


def table_rows(text: str, header: str) -> list[dict[str, str]]:
    """The rows of the first aligned table whose header line starts with ``header``, as column → cell (cells
    split at the starts of the dash runs under the header; the table ends at a blank line)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines[:-1]) if line.startswith(header) and lines[i + 1].startswith("-"))
    heads, dashes = lines[start], lines[start + 1]
    spans: list[int] = []
    at = 0
    for run in dashes.split("  "):
        if run:
            begin = dashes.index(run, at)
            spans.append(begin)
            at = begin + len(run)
    ends: list[int | None] = [*spans[1:], None]
    names = [heads[a:b].strip() for a, b in zip(spans, ends, strict=True)]
    found = []
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        found.append({n: line[a:b].strip() for n, a, b in zip(names, spans, ends, strict=True)})
    return found


def ledger_bytes(ratings: Ratings) -> bytes:
    """The ledger file's bytes, its write-ahead log checkpointed into it first (SQLite moves the pages of the
    WAL into the file when the last connection closes, which changes the bytes but not the content)."""
    with closing(sqlite3.connect(ratings.db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    return ratings.db.read_bytes()


def refused(ratings: Ratings, *args: str, message: str, status: int = 1) -> None:
    """Refused with ``status``: ``message`` on stderr (one line for a refusal), the log and the file unchanged."""
    before = ledger_bytes(ratings)
    result = ratings.refused(*args, message=message, status=status)
    if status == 1:
        assert result.stderr.count("\n") == 1, result.stderr
        assert result.stdout == ""
    assert ledger_bytes(ratings) == before


# --- 1. ICU 1980, "Graded Tournaments" ---------------------------------------------------------------------------


def icu_game(ratings: Ratings, rate_of_play: str | None, *game_options: str) -> None:
    """A (graded 1500) loses to B (graded 1400) on 1 June 1980, in event E1 at ``rate_of_play`` if given."""
    for player, grade in (("A", 1500), ("B", 1400)):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--country", "IE",
                   "--reported", "1980-01-02")  # fmt: skip
        ratings.ok("player", "prior", player, "--system", "icu", "--rating", str(grade), "--games", "30",
                   "--status", "graded", "--as-of", "1979-12-31", "--reported", "1980-01-02")  # fmt: skip
    event: tuple[str, ...] = ()
    if rate_of_play is not None:
        ratings.ok("event", "register", "E1", "--name", "Leinster Open", "--type", "swiss", "--start", "1980-06-01",
                   "--rate-of-play", rate_of_play, "--mode", "otb", "--reported", "1980-06-01")  # fmt: skip
        event = ("--event", "E1")
    ratings.game("g1", "A", "B", "0-1", "1980-06-01", *event, *game_options)


def icu_grades(ratings: Ratings) -> dict[str, int]:
    return {player: row["rating"] for player, row in listed(ratings, "icu-1980", "1980-01").items()}


ICU_GRADED = {"A": 1480, "B": 1420}
"""Seed 001 "Regrading": A 1500 loses to B 1400: −16 for the loss, 4% of the difference −100 = −4: 1480;
B +16 + 4% of 100 = +20: 1420."""

ICU_LEFT_OUT = "g1 (event E1): icu-1980 Graded Tournaments: 180+2 is faster than 45/60"


def test_icu_1980_graded_tournaments_an_event_at_180_plus_2_is_not_graded(ledgers: Ledgers) -> None:
    """Seed 001 "Graded Tournaments": 3 minutes + 2 seconds is far faster than 45/60; the same game
    outside any event (no rate of play known) is graded as before events existed."""
    loose, blitz = ledgers("loose"), ledgers("blitz")
    icu_game(loose, None)
    icu_game(blitz, "180+2")
    assert icu_grades(loose) == ICU_GRADED
    assert icu_grades(blitz) == {}  # nobody has a graded game in 1980
    text = blitz.ok("explain", "A", "--rules", "icu-1980", "--period", "1980-01").stdout
    assert left_out(text) == [ICU_LEFT_OUT]
    assert "graded 1500, unchanged" in text


def test_icu_1980_graded_tournaments_an_event_at_40_in_2_hours_is_graded(ratings: Ratings) -> None:
    """Seed 001: 40/7200 is 180 seconds a move, slower than 45/60 (80 seconds a move): graded."""
    icu_game(ratings, "40/7200")
    assert icu_grades(ratings) == ICU_GRADED
    text = ratings.ok("explain", "A", "--rules", "icu-1980", "--period", "1980-01").stdout
    assert "event E1: g1" in text.splitlines()
    assert left_out(text) == []


@pytest.mark.parametrize(
    ("event_rate", "game_rate", "graded"),
    [("40/7200", "180+2", False), ("180+2", "40/7200", True)],
)
def test_icu_1980_graded_tournaments_a_games_own_time_control_overrides_its_event(
    ratings: Ratings, event_rate: str, game_rate: str, graded: bool
) -> None:
    """Issue 12 §1: "a game's own --time-control overrides" its event's rate of play."""
    icu_game(ratings, event_rate, "--time-control", game_rate)
    assert icu_grades(ratings) == (ICU_GRADED if graded else {})
    text = ratings.ok("explain", "A", "--rules", "icu-1980", "--period", "1980-01").stdout
    assert left_out(text) == ([] if graded else [ICU_LEFT_OUT])


# --- 2. ECF: over the board and online -----------------------------------------------------------------------------


def ecf_club(ratings: Ratings) -> None:
    """A (ECF 160: seed 003's 7.5 × 160 + 700 = 1900 online) and B (ECF 140: 1750); events ON (online), OTB."""
    for player, grade in (("A", 160), ("B", 140)):
        ratings.ok("player", "register", player, "--name", f"Player {player}", "--country", "GB",
                   "--reported", "2024-01-01")  # fmt: skip
        ratings.ok("player", "prior", player, "--system", "ecf", "--rating", str(grade), "--as-of", "2023-12-31",
                   "--reported", "2024-01-01")  # fmt: skip
    for event, mode in (("ON", "online"), ("OTB", "otb")):
        ratings.ok("event", "register", event, "--name", f"{mode} congress", "--type", "swiss",
                   "--start", "2024-02-01", "--mode", mode, "--reported", "2024-02-01")  # fmt: skip


def ecf_games(ratings: Ratings) -> tuple[set[str], set[str]]:
    """A's games on ``ecf-grading`` (period 2024-01, Jan–Jun) and on ``ecf-online`` (monthly, 2024-02)."""
    grading = ratings.ok("explain", "A", "--rules", "ecf-grading", "--period", "2024-01").stdout
    online = ratings.ok("explain", "A", "--rules", "ecf-online", "--period", "2024-02").stdout
    return set(explained_games(grading)), set(explained_games(online))


@pytest.mark.parametrize(
    ("options", "on_grading", "on_online"),
    [
        pytest.param((), True, True, id="no-mode-on-both"),
        pytest.param(("--event", "ON"), False, True, id="online-event"),
        pytest.param(("--event", "OTB"), True, False, id="otb-event"),
        pytest.param(("--mode", "online"), False, True, id="online-game"),
        pytest.param(("--event", "OTB", "--mode", "online"), False, True, id="game-mode-overrides-event"),
        pytest.param(("--event", "ON", "--mode", "otb"), True, False, id="otb-game-of-online-event"),
    ],
)
def test_ecf_seed_003_online_and_over_the_board_games_feed_separate_lists(
    ratings: Ratings, options: tuple[str, ...], on_grading: bool, on_online: bool
) -> None:
    """Seed 003: online ratings "are completely separate from ECF OTB ratings which will not be impacted by
    internet games". A game with no mode (as every game recorded before events) keeps feeding both."""
    ecf_club(ratings)
    ratings.game("g0", "B", "A", "0-1", "2024-02-09", "--time-control", "5400+30")  # on both: A has a game
    ratings.game("g1", "A", "B", "1-0", "2024-02-10", "--time-control", "5400+30", *options)
    grading, online = ecf_games(ratings)
    assert ("g1" in grading, "g1" in online) == (on_grading, on_online)
    assert "g0" in grading and "g0" in online


def test_ecf_explain_names_the_event_and_the_clause_of_the_game_left_out(ratings: Ratings) -> None:
    """Both lists' explanations: each game's event, and the game the other list's clause leaves out."""
    ecf_club(ratings)
    ratings.game("g1", "A", "B", "1-0", "2024-02-10", "--time-control", "5400+30", "--event", "ON")
    ratings.game("g2", "A", "B", "1-0", "2024-02-11", "--time-control", "5400+30", "--event", "OTB")
    grading = ratings.ok("explain", "A", "--rules", "ecf-grading", "--period", "2024-01").stdout
    assert "event OTB: g2" in grading.splitlines()
    assert left_out(grading) == [
        "g1 (event ON): ecf-grading (seed 003: OTB grades are not impacted by internet games): "
        "online games are not rated"
    ]
    online = ratings.ok("explain", "A", "--rules", "ecf-online", "--period", "2024-02").stdout
    assert "event ON: g1" in online.splitlines()
    assert left_out(online) == ["g2 (event OTB): ecf-online (seed 003: internet games only): otb games are not rated"]
    # ecf-online with g1 only: A 1900 v B 1750, D 150 → We .70 (table 8.1.2, 146–153); k 20: +20 × .30 = +6.
    rows = listed(ratings, "ecf-online", "2024-02")
    assert {p: (r["rating"], r["games"]) for p, r in rows.items()} == {"A": (1906, 1), "B": (1744, 1)}


def test_an_event_corrected_to_online_takes_its_games_off_ecf_grading(ratings: Ratings) -> None:
    """Issue 12 §1: a game's mode is its event's unless it says otherwise: the event as corrected."""
    ecf_club(ratings)
    ratings.game("g0", "B", "A", "0-1", "2024-02-09", "--time-control", "5400+30")  # on both: A has a game
    ratings.game("g1", "A", "B", "1-0", "2024-02-10", "--time-control", "5400+30", "--event", "OTB")
    assert ecf_games(ratings) == ({"g0", "g1"}, {"g0"})
    ratings.ok("event", "correct", "OTB", "--mode", "online", "--reason", "it was played on a server",
               "--reported", "2024-03-01")  # fmt: skip
    assert ecf_games(ratings) == ({"g0"}, {"g0", "g1"})


# --- 3. FIDE -----------------------------------------------------------------------------------------------------


def fide_blitz(ratings: Ratings, *, in_event: bool) -> None:
    """The issue's repro: A (FIDE 2000) loses a 3+2 game to B (1900) on 10 May 2024, and draws a standard
    game (5400+30) with C (2000) so that he is on the standard list of May either way."""
    fide_player(ratings, "A", 2000)
    fide_player(ratings, "B", 1900)
    fide_player(ratings, "C", 2000)
    event: tuple[str, ...] = ()
    if in_event:
        ratings.ok("event", "register", "BL", "--name", "Blitz night", "--type", "swiss", "--start", "2024-05-10",
                   "--end", "2024-05-10", "--rate-of-play", "180+2", "--mode", "otb",
                   "--reported", "2024-05-10")  # fmt: skip
        event = ("--event", "BL")
    ratings.game("g1", "A", "B", "0-1", "2024-05-10", *event)
    ratings.game("g2", "A", "C", "1/2-1/2", "2024-05-11", "--time-control", "5400+30")


def test_fide_b02_1_1_a_blitz_game_of_an_otb_event_is_on_the_blitz_list_only(ledgers: Ledgers) -> None:
    """FIDE B.02 §1.1 (2024): a standard game needs 60 (or 90) minutes each for 60 moves; 3+2 is blitz.
    Before events the loose game lowered A's standard rating 2000 → 1987 (the issue's repro); in its
    event it is on ``fide-2024-blitz`` and A's standard rating is unchanged."""
    loose, event = ledgers("loose"), ledgers("event")
    fide_blitz(loose, in_event=False)
    fide_blitz(event, in_event=True)
    # Loose: A v B D 100 → We .64, K 20 × (0 − .64) = −12.8; v C D 0 → We .50, 20 × 0 = 0; −12.8 → −13: 1987.
    assert listed(loose, "fide-2024", "2024-05")["A"]["rating"] == 1987
    # In the event: only the draw with C is standard: 2000 + 0 = 2000.
    standard = listed(event, "fide-2024", "2024-05")
    assert (standard["A"]["rating"], standard["A"]["period_games"]) == (2000, 1)
    assert "B" not in standard
    text = event.ok("explain", "A", "--rules", "fide-2024", "--period", "2024-05").stdout
    assert explained_games(text) == ["g2"]
    assert left_out(text) == ["g1 (event BL): fide-2024 §1.1: under 90 minutes for 60 moves"]
    # Blitz list: g1 only: A 2000 − 12.8 → 1987, B 1900 + 20 × (1 − .36) = +12.8 → 1913.
    blitz = listed(event, "fide-2024-blitz", "2024-05")
    assert {p: (r["rating"], r["period_games"]) for p, r in blitz.items()} == {"A": (1987, 1), "B": (1913, 1)}
    text = event.ok("explain", "A", "--rules", "fide-2024-blitz", "--period", "2024-05").stdout
    assert "event BL: g1" in text.splitlines()


def test_fide_timeline_publishes_a_1100_player_on_the_october_2023_list(ratings: Ratings) -> None:
    """Issue 12 §2: the timeline ``fide`` runs October 2023 under fide-2022 (floor 1000), so a player with a
    FIDE rating of 1100 is published; ``fide-2024`` (floor 1400, in force from March 2024) does not publish
    him. A (1100) draws B (1150): D −50 → We .43, 20 × (.5 − .43) = +1.4 → +1: 1101."""
    fide_player(ratings, "A", 1100, as_of="2023-09-30")
    fide_player(ratings, "B", 1150, as_of="2023-09-30")
    ratings.game("g1", "A", "B", "1/2-1/2", "2023-10-10")
    timeline = listed(ratings, "fide", "2023-10")
    assert (timeline["A"]["rating"], timeline["B"]["rating"]) == (1101, 1149)
    assert listed(ratings, "fide-2024", "2023-10") == {}


@pytest.mark.parametrize(("games", "after"), [(100, 2020), (29, 2040)])
def test_fide_an_event_crossing_a_month_end_is_rated_in_the_period_it_ends(
    ratings: Ratings, games: int, after: int
) -> None:
    """Issue 12 §2 (FIDE): an event is rated in one period, the one in which it ends, against the ratings and
    with the K at its start. A (2000) beats B and C (2000, 100 games) on 29 April and 2 May in one event:
    both games in May, each We .50 (table 8.1.2, D 0):

    - A on 100 games, K 20: 2 × 20 × .50 = +20: 2020;
    - A on 29 games, K 40 at the start (§8.3.3: 40 until events with at least 30 games): 2 × 40 × .50 = +40:
      2040 (split between April and May, he would have had 2020 with 30 games, then K 20 in May against a
      D of 20, We .53: +9.4 → +9: 2029)."""
    fide_player(ratings, "A", 2000, as_of="2024-03-31", games=games)
    for player in ("B", "C"):
        fide_player(ratings, player, 2000, as_of="2024-03-31")
    ratings.ok("event", "register", "ME", "--name", "Easter open", "--type", "swiss", "--start", "2024-04-29",
               "--end", "2024-05-02", "--mode", "otb", "--rate-of-play", "5400+30",
               "--reported", "2024-04-29")  # fmt: skip
    ratings.game("g1", "A", "B", "1-0", "2024-04-29", "--event", "ME")
    ratings.game("g2", "A", "C", "1-0", "2024-05-02", "--event", "ME")
    assert listed(ratings, "fide-2024", "2024-05")["A"]["rating"] == after
    assert ratings.ok("event", "status", "ME", "--rules", "fide-2024").stdout == (
        "fide-2024: 2 games rated in 2024-05\n"
    )
    assert "A" not in listed(ratings, "fide-2024", "2024-04")


# --- 4. IECG: thematic tournaments and friendly matches ------------------------------------------------------------


def iecg_players(ratings: Ratings, *players: tuple[str, int]) -> None:
    """Players registered with an established ICCF rating on 100 games (IECG §VII.1): TER = rating."""
    for player, rating in players:
        ratings.established(player, f"Player {player}", rating)


def iecg_rows(ratings: Ratings, period: str = "2024-03") -> dict[str, tuple[int, int]]:
    """(rating, games) of each player on the ``iecg-1.7`` list of ``period``."""
    return {p: (r["rating"], r["games"]) for p, r in listed(ratings, "iecg-1.7", period).items()}


def iecg_event(ratings: Ratings, event: str, kind: str) -> None:
    ratings.ok("event", "register", event, "--name", f"{kind} 1", "--type", kind, "--start", "2024-03-01",
               "--mode", "email", "--reported", "2024-03-01")  # fmt: skip


IECG_A_LOSES = {"A": (1985, 1), "B": (1815, 1)}
"""A (2000) loses to B (1800): We(A) = 1/(1+10^(−200/400)) = .759747, dR = 20 × (0 − .759747) = −15.19 → 1985;
B +15.19 → 1815."""


@pytest.mark.parametrize(("kind", "rated"), [("thematic", False), ("class", True), ("swiss", True)])
def test_iecg_d_2_9_2_thematic_tournaments_are_not_rated(ratings: Ratings, kind: str, rated: bool) -> None:
    """IECG 5.1a D §2.9.2: the games of a thematic tournament "are not rated"; a class group's are."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "T1", kind)
    ratings.game("g1", "A", "B", "0-1", "2024-03-10", "--event", "T1")
    assert iecg_rows(ratings) == (IECG_A_LOSES if rated else {})
    text = ratings.ok("explain", "B", "--rules", "iecg-1.7", "--period", "2024-03").stdout
    assert left_out(text) == ([] if rated else ["g1 (event T1): iecg D §2.9.2: thematic tournaments are not rated"])


def test_iecg_d_2_9_2_a_thematic_game_leaves_the_list_as_without_it(ledgers: Ledgers) -> None:
    """D §2.9.2: the list with a thematic game is the list without it (another game of the period rated)."""
    without, thematic = ledgers("without"), ledgers("thematic")
    for ratings in (without, thematic):
        iecg_players(ratings, ("A", 2000), ("B", 1800))
        ratings.game("g1", "A", "B", "0-1", "2024-03-10")
    iecg_event(thematic, "T1", "thematic")
    thematic.game("g2", "B", "A", "0-1", "2024-03-11", "--event", "T1")
    assert iecg_rows(thematic) == iecg_rows(without) == IECG_A_LOSES


@pytest.mark.parametrize(
    ("white", "black", "gap", "rated"),
    [("A", 2000, 200, True), ("A", 2050, 250, True), ("A", 2051, 251, False), ("A", 2100, 300, False)],
)
def test_iecg_d_2_7_friendly_matches_are_rated_within_250_points(
    ledgers: Ledgers, white: str, black: int, gap: int, rated: bool
) -> None:
    """IECG 5.1a D §2.7: a friendly match is rated "if the rating difference between the players does not
    exceed 250 points" (B is 1800; A's TER is 200, 250, 251 or 300 above). The same game outside the match
    is rated whatever the gap."""
    loose, match = ledgers("loose"), ledgers("match")
    for ratings in (loose, match):
        iecg_players(ratings, (white, black), ("B", 1800))
    iecg_event(match, "FM", "friendly-match")
    loose.game("g1", white, "B", "0-1", "2024-03-10")
    match.game("g1", white, "B", "0-1", "2024-03-10", "--event", "FM")
    # A loses to B: B gains 20 × We(A) for a gap D: 200 → .7597 → 1815; 250 → 1/(1+10^−.625) = .8083 → 1816;
    # 251 → .8091 → 1816; 300 → 1/(1+10^−.75) = .8490 → 1817.
    gained = {200: 15, 250: 16, 251: 16, 300: 17}[gap]
    assert iecg_rows(loose)["B"] == (1800 + gained, 1)
    assert iecg_rows(match) == (iecg_rows(loose) if rated else {})
    text = match.ok("explain", "B", "--rules", "iecg-1.7", "--period", "2024-03").stdout
    expected = [] if rated else [f"g1 (event FM): iecg D §2.7: the TERs differ by {gap}, more than 250"]
    assert left_out(text) == expected


def test_iecg_d_2_7_a_forfeit_win_in_a_friendly_match_does_not_count(ledgers: Ledgers) -> None:
    """D §2.7: "victories scored by forfeit will not count" in friendly matches; the same arbiter's forfeit
    outside the match is rated as a normal finished game (Rating Rules §VIII.1)."""
    loose, match = ledgers("loose"), ledgers("match")
    for ratings in (loose, match):
        iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(match, "FM", "friendly-match")
    loose.game("g1", "A", "B", "0-1", "2024-03-10", "--forfeit", "arbiter")
    match.game("g1", "A", "B", "0-1", "2024-03-10", "--forfeit", "arbiter", "--event", "FM")
    assert iecg_rows(loose) == IECG_A_LOSES
    assert iecg_rows(match) == {}
    text = match.ok("explain", "B", "--rules", "iecg-1.7", "--period", "2024-03").stdout
    assert left_out(text) == [
        "g1 (event FM): iecg D §2.7: victories scored by forfeit in friendly matches do not count"
    ]


# --- 5. event status -----------------------------------------------------------------------------------------------


def test_event_status_names_every_system_and_the_clause_of_each_game_left_out(ratings: Ratings) -> None:
    """Issue 12 §1: for every registered system, whether and where the games were rated, and for each game
    not rated the clause. An over-the-board 3+2 event of May 2024 with one game."""
    fide_player(ratings, "A", 2000)
    fide_player(ratings, "B", 1900)
    ratings.ok("event", "register", "BL", "--name", "Blitz night", "--type", "swiss", "--start", "2024-05-10",
               "--end", "2024-05-10", "--rate-of-play", "180+2", "--mode", "otb",
               "--reported", "2024-05-10")  # fmt: skip
    ratings.game("g1", "A", "B", "0-1", "2024-05-10", "--event", "BL")
    blocks = status_blocks(ratings.ok("event", "status", "BL").stdout)
    assert list(blocks) == list(RULES)
    # The FIDE 2024 lists: standard and rapid leave it out by their rates of play, blitz rates it.
    assert blocks["fide-2024"] == ("not rated", ["g1: fide-2024 §1.1: under 90 minutes for 60 moves"])
    assert blocks["fide-2024-rapid"] == (
        "not rated",
        ["g1: fide-2024-rapid §1.1.1: outside more than 10 and less than 60 minutes for 60 moves"],
    )
    assert blocks["fide-2024-blitz"] == ("1 game rated in 2024-05", [])
    assert blocks["icu-1980"] == ("not rated", ["g1: icu-1980 Graded Tournaments: 180+2 is faster than 45/60"])
    assert blocks["ecf-online"] == (
        "not rated",
        ["g1: ecf-online (seed 003: internet games only): otb games are not rated"],
    )
    assert blocks["iecg-1.7"] == ("1 game rated in 2024-05", [])
    for system, (head, lines) in blocks.items():
        # Either rated in one period, or not, with one line naming the system's clause for g1.
        rated = re.fullmatch(r"1 game rated in \d{4}-\d{2}", head) is not None and lines == []
        left = head == "not rated" and len(lines) == 1 and lines[0].startswith("g1: ")
        assert rated or left, (system, head, lines)


def test_event_status_with_rules_and_a_friendly_match(ratings: Ratings) -> None:
    """``--rules`` narrows the systems; D §2.7's two clauses are named game by game."""
    iecg_players(ratings, ("A", 2000), ("B", 1800), ("C", 2100))
    iecg_event(ratings, "FM", "friendly-match")
    ratings.game("g1", "A", "B", "0-1", "2024-03-10", "--event", "FM")
    ratings.game("g2", "C", "B", "0-1", "2024-03-11", "--event", "FM")
    ratings.game("g3", "C", "A", "0-1", "2024-03-12", "--event", "FM", "--forfeit", "arbiter")
    text = ratings.ok("event", "status", "FM", "--rules", "iecg-1.7").stdout
    assert text == (
        "iecg-1.7: 1 game rated in 2024-03\n"
        "  g2: iecg D §2.7: the TERs differ by 300, more than 250\n"
        "  g3: iecg D §2.7: victories scored by forfeit in friendly matches do not count\n"
    )


def test_event_status_agrees_with_the_ecf_lists_on_the_rate_of_play(ratings: Ratings) -> None:
    """ECF grading (seed 004 and the ledger's choice 2): standard 60 minutes or more a player, rapidplay
    between; a 3+2 game goes on neither list, a 5400+30 game on the standard list only. The status says
    what the lists do (``explain`` agrees: g1 is off both)."""
    ecf_club(ratings)
    ratings.ok("event", "register", "BZ", "--name", "Blitz", "--type", "swiss", "--start", "2024-02-01",
               "--mode", "otb", "--rate-of-play", "180+2", "--reported", "2024-02-01")  # fmt: skip
    ratings.game("g1", "A", "B", "1-0", "2024-02-10", "--event", "BZ")
    ratings.game("g2", "A", "B", "1-0", "2024-02-11", "--event", "BZ", "--time-control", "5400+30")
    blocks = status_blocks(ratings.ok("event", "status", "BZ").stdout)
    assert blocks["ecf-grading"] == (
        "1 game rated in 2024-01",
        ["g1: ecf-grading choice 2: a game of 180+2 goes on no list (faster than rapidplay)"],
    )
    assert blocks["ecf-grading-rapid"] == (
        "not rated",
        [
            "g1: ecf-grading-rapid choice 2: a game of 180+2 goes on no list (faster than rapidplay)",
            "g2: ecf-grading-rapid choice 2: a game of 5400+30 goes on the standard list",
        ],
    )
    text = ratings.ok("explain", "A", "--rules", "ecf-grading", "--period", "2024-01").stdout
    assert explained_games(text) == ["g2"]


# --- 6. The crosstable of a class group of seven (C §14) ----------------------------------------------------------

SEVEN = {"P1": 2000, "P2": 1950, "P3": 1800, "P4": 1800, "P5": 1700, "P6": 1850, "P7": 1750}
"""The start ratings (the iecg-1.7 list of 2024-01, before the group starts on 1 March 2024)."""

GROUP = [
    # white, black, result: a single round robin of 21 games.
    ("P1", "P2", "1/2-1/2"), ("P1", "P3", "1-0"), ("P1", "P4", "1-0"), ("P1", "P5", "1/2-1/2"),
    ("P1", "P6", "1-0"), ("P7", "P1", "1-0"),
    ("P2", "P3", "1-0"), ("P2", "P4", "1/2-1/2"), ("P2", "P5", "1-0"), ("P6", "P2", "1-0"), ("P2", "P7", "1-0"),
    ("P3", "P4", "1-0"), ("P3", "P5", "1/2-1/2"), ("P3", "P6", "1-0"), ("P7", "P3", "1/2-1/2"),
    ("P4", "P5", "1/2-1/2"), ("P4", "P6", "1-0"), ("P4", "P7", "1-0"),
    ("P5", "P6", "1/2-1/2"), ("P7", "P5", "1/2-1/2"),
    ("P6", "P7", "1-0"),
]  # fmt: skip
"""Scores (C §14 A/B/C: SB = 100% of the points of those beaten, 50% of those drawn):

    P1: ½ P2, 1 P3, 1 P4, ½ P5, 1 P6, 0 P7 = 4;  SB ½·4 + 3 + 3 + ½·2½ + 2½        = 11¾
    P2: ½ P1, 1 P3, ½ P4, 1 P5, 0 P6, 1 P7 = 4;  SB ½·4 + 3 + ½·3 + 2½ + 2          = 11
    P3: 0 P1, 0 P2, 1 P4, ½ P5, 1 P6, ½ P7 = 3;  SB 3 + ½·2½ + 2½ + ½·2             = 7¾
    P4: 0 P1, ½ P2, 0 P3, ½ P5, 1 P6, 1 P7 = 3;  SB ½·4 + ½·2½ + 2½ + 2             = 7¾
    P5: ½ P1, 0 P2, ½ P3, ½ P4, ½ P6, ½ P7 = 2½; SB ½·(4 + 3 + 3 + 2½ + 2)          = 7¼
    P6: 0 P1, 1 P2, 0 P3, 0 P4, ½ P5, 1 P7 = 2½; SB 4 + ½·2½ + 2                    = 7¼
    P7: 1 P1, 0 P2, ½ P3, 0 P4, ½ P5, 0 P6 = 2;  SB 4 + ½·3 + ½·2½                  = 6¾
                                         total 21 = the 21 games.

Performance (C §14.2; Rating Rules §I.4, §I.6): the opponents' average start rating + D(p),
D(p) = −400·log10((1 − p)/p), the sum of the seven ratings 12850, each player's opponents the other six:

    P1: (12850 − 2000)/6 = 1808.33, p 4/6: D = −400·log10(½) = +120.41 → 1928.74 → 1929
    P2: (12850 − 1950)/6 = 1816.67 + 120.41 = 1937.08 → 1937
    P3, P4: (12850 − 1800)/6 = 1841.67, p ½: D 0 → 1842 each
    P5: (12850 − 1700)/6 = 1858.33, p 2½/6: D = −400·log10(1.4) = −58.45 → 1799.88 → 1800
    P6: (12850 − 1850)/6 = 1833.33 − 58.45 = 1774.88 → 1775
    P7: (12850 − 1750)/6 = 1850.00, p 2/6: D = −120.41 → 1729.59 → 1730

C §14: P1 and P2 (4) are split by Sonneborn-Berger (11¾ > 11); P3 and P4 (3, SB 7¾, performance 1842) by
the direct match (P3 beat P4); P5 and P6 (2½, SB 7¼) by performance (1800 > 1775)."""

SEVEN_ROWS = [
    # rank, player, points, SB, perf, decided by
    ("1", "P1", "4", "11¾", "1929", ""),
    ("2", "P2", "4", "11", "1937", "sonneborn-berger"),
    ("3", "P3", "3", "7¾", "1842", "points"),
    ("4", "P4", "3", "7¾", "1842", "direct"),
    ("5", "P5", "2½", "7¼", "1800", "points"),
    ("6", "P6", "2½", "7¼", "1775", "performance"),
    ("7", "P7", "2", "6¾", "1730", "points"),
]


def test_hand_worked_figures_of_the_group_of_seven() -> None:
    """The comments' arithmetic (not the code under test): D(p) and the rounded performances."""

    def d(p: float) -> float:
        return -400 * math.log10((1 - p) / p)

    total = sum(SEVEN.values())
    assert total == 12850
    points = {"P1": 4, "P2": 4, "P3": 3, "P4": 3, "P5": 2.5, "P6": 2.5, "P7": 2}
    perf = {p: math.floor((total - r) / 6 + d(points[p] / 6) + 0.5) for p, r in SEVEN.items()}
    assert perf == {row[1]: int(row[4]) for row in SEVEN_ROWS}


def test_c_14_the_crosstable_of_a_class_group_of_seven(ratings: Ratings) -> None:
    """IECG 5.1a C §14 "Tiebreaks": 1. Sonneborn-Berger, 2. rating performance (from the ratings at the
    start), 3. the direct match; worked by hand in :data:`GROUP`'s docstring.

    The start ratings: each player draws, in January 2024, an outsider of his own rating (We ½, dR 0), so
    that the iecg-1.7 list of 2024-01 (the list before the group starts) has him at his starting rating."""
    for number, (player, rating) in enumerate(SEVEN.items(), start=1):
        ratings.established(player, f"Player {player}", rating)
        ratings.established(f"X{number}", f"Outsider {number}", rating)
        ratings.game(f"warm{number}", player, f"X{number}", "1/2-1/2", "2024-01-15")
    assert {p: r for p, (r, _) in iecg_rows(ratings, "2024-01").items() if p in SEVEN} == SEVEN
    ratings.ok("event", "register", "C2-17", "--name", "Class 2 #17", "--type", "class", "--class", "2",
               "--start", "2024-03-01", "--mode", "email", "--rounds", "7", "--reported", "2024-03-01")  # fmt: skip
    for number, (white, black, result) in enumerate(GROUP, start=1):
        ratings.game(f"C{number:02d}", white, black, result, f"2024-04-{number:02d}", "--event", "C2-17")
    text = ratings.ok("event", "show", "C2-17").stdout
    assert "crosstable (IECG C §14; performances from the iecg-1.7 list before the start):" in text
    rows = table_rows(text, "#  player")
    shown = [(r["#"], r["player"], r["points"], r["SB"], r["perf"], r["decided by"]) for r in rows]
    assert shown == SEVEN_ROWS
    # The grid, row P3: 0 v P1, 0 v P2, x, 1 v P4, ½ v P5, 1 v P6, ½ v P7 (columns in the final order).
    p3 = next(r for r in rows if r["player"] == "P3")
    assert [p3[str(j)] for j in range(1, 8)] == ["0", "0", "x", "1", "½", "1", "½"]
    assert len(table_rows(text, "game  white")) == 21


# --- 7. Withdrawals (C §9A) ---------------------------------------------------------------------------------------


def quad(ratings: Ratings) -> None:
    """A quad of three: A v B played (A wins), C v A and B v C paired and unfinished."""
    iecg_players(ratings, ("A", 2000), ("B", 1800), ("C", 2100))
    iecg_event(ratings, "Q", "quad")
    for number, white, black in ((1, "A", "B"), (1, "C", "A"), (2, "B", "C")):
        ratings.ok("event", "pair", "Q", "--round", str(number), "--white", white, "--black", black,
                   "--reported", "2024-03-01")  # fmt: skip
    ratings.game("g1", "A", "B", "1-0", "2024-03-10", "--event", "Q")


def crosstable_of(ratings: Ratings, event: str) -> dict[str, dict[str, str]]:
    return {r["player"]: r for r in table_rows(ratings.ok("event", "show", event).stdout, "#  player")}


def test_c_9a_a_withdrawal_forfeits_the_unfinished_pairings(ratings: Ratings) -> None:
    """IECG 5.1a C §9A: on a withdrawal "all unfinished games are forfeited": each opponent gets a forfeit
    win (+) in the score table; Rating Rules §VIII.2: a withdrawal is not rated, so the list is unchanged."""
    quad(ratings)
    before = crosstable_of(ratings, "Q")
    # Before: A 1 (beat B), B 0, C 0; the unfinished games show *.
    assert {p: (r["#"], r["points"], r["1"], r["2"], r["3"]) for p, r in before.items()} == {
        "A": ("1", "1", "x", "1", "*"),
        "B": ("2", "0", "0", "x", "*"),
        "C": ("2", "0", "*", "*", "x"),
    }
    listed_before = iecg_rows(ratings)
    ratings.ok("event", "withdraw", "Q", "--player", "C", "--on", "2024-03-20", "--reported", "2024-03-20")
    after = crosstable_of(ratings, "Q")
    # After: A 1 + 1 (forfeit v C) = 2, SB 1·1 (B's point) + 1·0 (C's) = 1; B 0 + 1 = 1, SB 0; C 0.
    assert {p: (r["#"], r["points"], r["SB"], r["1"], r["2"], r["3"], r["decided by"]) for p, r in after.items()} == {
        "A": ("1", "2", "1", "x", "1", "+", ""),
        "B": ("2", "1", "0", "0", "x", "+", "points"),
        "C (withdrew)": ("3", "0", "0", "-", "-", "x", "points"),
    }
    # A 2000 beat B 1800: We .759747, +20 × .240253 = +4.81 → 2005; B 1795. The forfeits add nothing.
    assert iecg_rows(ratings) == listed_before == {"A": (2005, 1), "B": (1795, 1)}
    text = ratings.ok("event", "show", "Q").stdout
    assert "  withdrew: C on 2024-03-20" in text.splitlines()


def test_c_9a_a_finished_game_of_the_withdrawn_player_is_a_forfeit_adjudicated_to_its_result(
    ratings: Ratings,
) -> None:
    """C §9A: "A wins against B, then A withdraws. B's result will be 1-0 forfeited, adjudicated 0-1": B has
    the point in the score table, the rating keeps A's win."""
    quad(ratings)
    listed_before = iecg_rows(ratings)
    ratings.ok("event", "withdraw", "Q", "--player", "A", "--on", "2024-03-20", "--reported", "2024-03-20")
    after = crosstable_of(ratings, "Q")
    # B: the forfeit win over A (+) and B v C unfinished (*); C: the forfeit win over A. Level on points
    # (1), SB (1 × A's 0 points = 0), no performance (no start ratings: nobody played before March) and the
    # direct match (unfinished): rank 1 shared (C §14, choice 7).
    assert {p: (r["#"], r["points"], r["SB"], r["1"], r["2"], r["3"], r["decided by"]) for p, r in after.items()} == {
        "B": ("1", "1", "0", "x", "*", "+", ""),
        "C": ("1", "1", "0", "*", "x", "+", "tied"),
        "A (withdrew)": ("3", "0", "0", "-", "-", "x", "points"),
    }
    assert iecg_rows(ratings) == listed_before == {"A": (2005, 1), "B": (1795, 1)}  # A's win still rated


# --- 8. Refusals ---------------------------------------------------------------------------------------------------


@pytest.fixture
def event_ledger(ratings: Ratings) -> Ratings:
    """A and B, event E2 (1–31 March 2024), event Q with a withdrawal of C."""
    quad(ratings)
    ratings.ok("event", "register", "E2", "--name", "March open", "--type", "swiss", "--start", "2024-03-01",
               "--end", "2024-03-31", "--reported", "2024-03-01")  # fmt: skip
    ratings.ok("event", "withdraw", "Q", "--player", "C", "--on", "2024-03-20", "--reported", "2024-03-20")
    return ratings


GAME = ("game", "record", "x1", "--white", "A", "--black", "B", "--result", "1-0")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            (*GAME, "--finished", "2024-03-10", "--event", "NOPE", "--reported", "2024-03-10"),
            "Error: unknown event 'NOPE': register it first (ratings event register)",
            id="game-unknown-event",
        ),
        pytest.param(
            (*GAME, "--finished", "2024-02-28", "--event", "E2", "--reported", "2024-03-10"),
            "Error: the game finished on 2024-02-28, before event 'E2' started on 2024-03-01",
            id="game-before-start",
        ),
        pytest.param(
            (*GAME, "--finished", "2024-04-01", "--event", "E2", "--reported", "2024-04-10"),
            "Error: the game finished on 2024-04-01, after event 'E2' ended on 2024-03-31",
            id="game-after-end",
        ),
        pytest.param(
            ("event", "register", "E3", "--name", "E3", "--type", "swiss", "--start", "2024-03-01",
             "--end", "2024-02-01", "--reported", "2024-03-01"),
            "Error: event 'E3' would end on 2024-02-01, before it starts on 2024-03-01",
            id="end-before-start",
        ),
        pytest.param(
            ("event", "register", "E2", "--name", "again", "--type", "swiss", "--start", "2024-03-01",
             "--reported", "2024-03-01"),
            "Error: event 'E2' is already registered",
            id="duplicate-id",
        ),
        pytest.param(
            ("event", "correct", "E2", "--name", "March open", "--reason", "same", "--reported", "2024-03-02"),
            "Error: the correction of event 'E2' changes nothing: name 'March open'",
            id="correct-nothing",
        ),
        pytest.param(
            ("event", "correct", "E2", "--end", "2024-02-15", "--reason", "x", "--reported", "2024-03-02"),
            "Error: event 'E2' would end on 2024-02-15, before it starts on 2024-03-01",
            id="correct-end-before-start",
        ),
        pytest.param(
            ("event", "pair", "Q", "--round", "3", "--white", "A", "--black", "Z", "--reported", "2024-03-21"),
            "Error: unknown player 'Z': register the player first",
            id="pair-unknown-player",
        ),
        pytest.param(
            ("event", "pair", "NOPE", "--round", "1", "--white", "A", "--black", "B", "--reported", "2024-03-21"),
            "Error: unknown event 'NOPE'",
            id="pair-unknown-event",
        ),
        pytest.param(
            ("event", "withdraw", "Q", "--player", "C", "--on", "2024-03-21", "--reported", "2024-03-21"),
            "Error: player 'C' already withdrew from event 'Q'",
            id="withdraw-twice",
        ),
        pytest.param(
            ("event", "withdraw", "E2", "--player", "A", "--on", "2024-02-21", "--reported", "2024-03-21"),
            "Error: withdrawal date 2024-02-21 is before event 'E2' started on 2024-03-01",
            id="withdraw-before-start",
        ),
        pytest.param(
            ("event", "show", "NOPE"),
            "Error: unknown event 'NOPE'",
            id="show-unknown",
        ),
    ],
)  # fmt: skip
def test_refusals_leave_the_ledger_unchanged(event_ledger: Ratings, args: tuple[str, ...], message: str) -> None:
    refused(event_ledger, *args, message=message)


def test_void_twice_is_refused_and_a_void_event_takes_no_game(event_ledger: Ratings) -> None:
    event_ledger.ok("event", "void", "E2", "--reason", "registered in error", "--reported", "2024-03-02")
    refused(event_ledger, "event", "void", "E2", "--reason", "again", "--reported", "2024-03-03",
            message="Error: event 'E2' is already void")  # fmt: skip
    refused(event_ledger, *GAME, "--finished", "2024-03-10", "--event", "E2", "--reported", "2024-03-10",
            message="Error: event 'E2' is void: restore it before recording its games")  # fmt: skip
    refused(event_ledger, "event", "restore", "Q", "--reason", "x", "--reported", "2024-03-21",
            message="Error: event 'Q' is not void")  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("event", "register", "E4", "--name", "E4", "--type", "blitzz", "--start", "2024-03-01"),
         "Invalid value for '--type': 'blitzz' is not one of"),
        (("event", "register", "E4", "--name", "E4", "--type", "swiss", "--mode", "telepathy",
          "--start", "2024-03-01"), "Invalid value for '--mode': 'telepathy' is not one of 'otb', 'email', 'online'"),
        ((*GAME, "--finished", "2024-03-10", "--mode", "postal"), "Invalid value for '--mode': 'postal'"),
        (("event", "list", "--type", "open"), "Invalid value for '--type': 'open'"),
        (("event", "correct", "E2", "--reason", "nothing named"), "name a fact to correct: --name, --type"),
    ],
)  # fmt: skip
def test_misuse_exits_2(event_ledger: Ratings, args: tuple[str, ...], message: str) -> None:
    refused(event_ledger, *args, message=message, status=2)


# --- Voiding an event changes the lists -----------------------------------------------------------------------------


def test_a_void_event_and_its_games_no_longer_count_and_count_again_when_restored(ratings: Ratings) -> None:
    """Issue 12 §1: "event void ... as for games": its games leave every list; restored, they return."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "C1", "class")
    ratings.game("g1", "A", "B", "0-1", "2024-03-10", "--event", "C1")
    assert iecg_rows(ratings) == IECG_A_LOSES
    ratings.ok("event", "void", "C1", "--reason", "registered twice", "--reported", "2024-04-01")
    assert iecg_rows(ratings) == {}
    assert ratings.ok("event", "status", "C1").stdout == (
        "event C1 is void (reported 2024-04-01): none of its games is rated\n"
    )
    assert ratings.ok("event", "list").stdout == "no events\n"
    ratings.ok("event", "restore", "C1", "--reason", "not a duplicate", "--reported", "2024-04-02")
    assert iecg_rows(ratings) == IECG_A_LOSES


def test_a_game_corrected_into_a_thematic_event_leaves_the_list(ratings: Ratings) -> None:
    """``game correct --event``: the game moved into a thematic event is no longer rated (D §2.9.2)."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "T1", "thematic")
    ratings.game("g1", "A", "B", "0-1", "2024-03-10")
    assert iecg_rows(ratings) == IECG_A_LOSES
    ratings.ok("game", "correct", "g1", "--event", "T1", "--reason", "it was the thematic", "--reported", "2024-03-20")
    assert iecg_rows(ratings) == {}


# --- 9. Known at -----------------------------------------------------------------------------------------------------


def test_event_list_filters(ratings: Ratings) -> None:
    """``event list --from/--to/--type``: events still running on or after --from, started by --to."""
    for event, kind, start, end in (
        ("E1", "swiss", "2024-01-10", "2024-01-20"),
        ("E2", "class", "2024-02-01", None),
        ("E3", "class", "2024-03-01", "2024-03-31"),
    ):
        ratings.ok("event", "register", event, "--name", f"Event {event}", "--type", kind, "--start", start,
                   *(("--end", end) if end else ()), "--reported", start)  # fmt: skip

    def shown(*options: str) -> list[str]:
        return [r["event"] for r in table_rows(ratings.ok("event", "list", *options).stdout, "event")]

    assert shown() == ["E1", "E2", "E3"]
    assert shown("--type", "class") == ["E2", "E3"]
    assert shown("--from", "2024-01-21") == ["E2", "E3"]  # E1 ended on the 20th; E2 has no end
    assert shown("--to", "2024-02-01") == ["E1", "E2"]
    assert shown("--from", "2024-04-01") == ["E2"]


def test_event_list_and_show_as_known_at_a_date(ratings: Ratings) -> None:
    """Every query takes ``--known-at``: an event reported on 5 March is not known on 4 March; its correction
    of 1 April is not known on 31 March."""
    ratings.ok("event", "register", "E1", "--name", "Spring open", "--type", "swiss", "--start", "2024-03-01",
               "--mode", "otb", "--reported", "2024-03-05")  # fmt: skip
    ratings.ok("event", "correct", "E1", "--end", "2024-03-31", "--reason", "the TD's report",
               "--reported", "2024-04-01")  # fmt: skip
    assert ratings.ok("event", "list", "--known-at", "2024-03-04").stdout == "no events\n"
    rows = table_rows(ratings.ok("event", "list", "--known-at", "2024-03-05").stdout, "event")
    assert [(r["event"], r["start"], r["end"]) for r in rows] == [("E1", "2024-03-01", "")]
    now = ratings.ok("event", "list", "--format", "csv").stdout
    assert now.splitlines()[1] == "E1,Spring open,swiss,2024-03-01,2024-03-31,otb,,,"
    refused(ratings, "event", "show", "E1", "--known-at", "2024-03-04",
            message="Error: unknown event 'E1' as known at 2024-03-04")  # fmt: skip
    then = ratings.ok("event", "show", "E1", "--known-at", "2024-03-31").stdout
    assert "  end: 2024-03-31" not in then.splitlines() and "corrected" not in then
    assert "  end: 2024-03-31" in ratings.ok("event", "show", "E1").stdout.splitlines()


def test_a_list_as_known_before_an_event_correction_rates_as_it_was_then_known(ratings: Ratings) -> None:
    """A swiss corrected, on 1 April, into a thematic event: the list known on 20 March rated its game, the
    list known now does not (D §2.9.2)."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "T1", "swiss")
    ratings.game("g1", "A", "B", "0-1", "2024-03-10", "--event", "T1")
    ratings.ok("event", "correct", "T1", "--type", "thematic", "--reason", "it was a thematic",
               "--reported", "2024-04-01")  # fmt: skip
    assert iecg_rows(ratings) == {}
    then = ratings.ok("list", "--rules", "iecg-1.7", "--period", "2024-03", "--known-at", "2024-03-20",
                      "--format", "json").stdout  # fmt: skip
    rows = {r["player"]: (r["rating"], r["games"]) for r in json.loads(then)["players"]}
    assert rows == IECG_A_LOSES


# --- 10. Imports -----------------------------------------------------------------------------------------------------

GAMES_HEADER = "game,white,black,result,finished,tournament,forfeit,time_control,reported,event,mode"


def test_import_games_with_event_and_mode_columns(ratings: Ratings, tmp_path: Path) -> None:
    """Issue 12 §1: column ``event`` (and ``mode``) in ``import games``; the thematic game is not rated."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "T1", "thematic")
    iecg_event(ratings, "C1", "class")
    path = write_csv(
        tmp_path / "games.csv",
        GAMES_HEADER,
        "g1,A,B,0-1,2024-03-10,,,,2024-03-11,C1,",
        "g2,B,A,0-1,2024-03-11,,,,2024-03-12,T1,online",
        "g3,A,B,1-0,2024-03-12,,,,2024-03-13,,",
    )
    ratings.ok("import", "games", path)
    log = [json.loads(line) for line in ratings.ok("log", "--format", "json").stdout.splitlines()]
    recorded = {e["facts"]["game"]: e["facts"] for e in log if e["type"] == "GameRecorded"}
    assert {g: (f["event"], f["mode"]) for g, f in recorded.items()} == {
        "g1": ("C1", None),
        "g2": ("T1", "online"),
        "g3": (None, None),
    }
    text = ratings.ok("explain", "B", "--rules", "iecg-1.7", "--period", "2024-03").stdout
    assert left_out(text) == ["g2 (event T1): iecg D §2.9.2: thematic tournaments are not rated"]
    assert explained_games(text) == ["g1", "g3"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("g9,A,B,1-0,2024-03-12,,,,2024-03-13,NOPE,", "unknown event 'NOPE'"),
        ("g9,A,B,1-0,2024-02-12,,,,2024-03-13,C1,", "before event 'C1' started on 2024-03-01"),
        ("g9,A,B,1-0,2024-03-12,,,,2024-03-13,C1,postal", "postal"),
    ],
)
def test_import_games_is_all_or_nothing_on_a_bad_event_row(
    ratings: Ratings, tmp_path: Path, row: str, message: str
) -> None:
    """One row naming an unknown event (or outside its dates, or a bad mode) refuses the whole file."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "C1", "class")
    path = write_csv(tmp_path / "games.csv", GAMES_HEADER, "g1,A,B,0-1,2024-03-10,,,,2024-03-11,C1,", row)
    before = stored_rows(ratings.db)
    refused(ratings, "import", "games", path, message=message)
    assert stored_rows(ratings.db) == before
    ratings.refused("list", "--rules", "iecg-1.7", "--period", "2024-03", message="the ledger has no games yet")


def test_player_withdraw_event_is_the_event_withdrawal(ratings: Ratings) -> None:
    """Issue 12 §2's own command, ``player withdraw P --event E``, records the same fact as ``event withdraw``
    (C §9A: C's unfinished games forfeited); it takes the event or a tournament named in text, not both."""
    quad(ratings)
    ratings.ok("player", "withdraw", "C", "--event", "Q", "--on", "2024-03-20", "--silent", "--reported", "2024-03-20")
    after = crosstable_of(ratings, "Q")
    assert {p: (r["points"], r["3"]) for p, r in after.items()} == {
        "A": ("2", "+"),
        "B": ("1", "+"),
        "C (withdrew)": ("0", "x"),
    }
    assert "  withdrew: C on 2024-03-20 (silent)" in ratings.ok("event", "show", "Q").stdout.splitlines()
    both = ("player", "withdraw", "A", "--event", "Q", "--tournament", "Q", "--on", "2024-03-20")
    refused(ratings, *both, message="name what he withdrew from: --event E (a registered event) or --tournament T",
            status=2)  # fmt: skip
    refused(ratings, "player", "withdraw", "C", "--event", "Q", "--on", "2024-03-21",
            message="player 'C' already withdrew from event 'Q'")  # fmt: skip


def test_event_correct_dry_run_shows_the_ratings_it_would_change_and_records_nothing(ratings: Ratings) -> None:
    """Issue 12 §1, "event correct, event void as for games": with --dry-run, the players whose ratings the
    correction would change, old → new, and nothing written. A swiss corrected to thematic (D §2.9.2) would
    take A's loss to B (IECG_A_LOSES) off the list: both back to their ratings before it, and off the list."""
    iecg_players(ratings, ("A", 2000), ("B", 1800))
    iecg_event(ratings, "S", "swiss")
    ratings.game("g1", "B", "A", "1-0", "2024-03-10", "--event", "S")
    assert iecg_rows(ratings) == IECG_A_LOSES
    before = ledger_bytes(ratings)
    out = ratings.ok("event", "correct", "S", "--type", "thematic", "--reason", "thematic", "--dry-run").stdout
    lines = out.splitlines()
    assert lines[0] == "dry run: nothing was recorded. Under iecg-1.7, 2 players would change on 1 list:"
    changes = {line.split()[1]: line.split()[4:7] for line in lines[3:]}
    assert changes == {"A": ["1985", "→", "off"], "B": ["1815", "→", "off"]}
    assert ledger_bytes(ratings) == before
    void = ratings.ok("event", "void", "S", "--reason", "entered twice", "--dry-run").stdout
    assert void.splitlines()[0] == out.splitlines()[0]
    assert ledger_bytes(ratings) == before
    assert iecg_rows(ratings) == IECG_A_LOSES


def test_event_list_refuses_a_bad_date_naming_its_option(ratings: Ratings) -> None:
    refused(ratings, "event", "list", "--from", "2024-13-01", message="--from date '2024-13-01' is not a calendar date")
    refused(ratings, "event", "list", "--to", "soon", message="--to date 'soon' is not a date of the form YYYY-MM-DD")
