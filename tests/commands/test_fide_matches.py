"""FIDE matches through the command line (FIDE B.02 2024 §6.1–6.2): games after a match was decided, and a
match with an unrated player, each built twice, as loose games and as a registered match, to show the event
changing the result (the fixtures and helpers of ``test_events``).

- 2024 text (https://handbook.fide.com/chapter/B022024) §6.1: "Matches in which one player is unrated shall
  not be rated"; §6.2: "Where a match is over a specific number of games, those played after one player has
  won shall not be rated" (2008 text §6.5 the same, "may not be rated").
- Arithmetic (§8.3, §8.2 of 2024): table 8.1.2, D 100 → PD .64 / .36; K 20 on 100 games under 2400;
  changes rounded 0.5 away from zero (§8.3.4). A first rating: Ra the average of the rated opponents and two
  hypothetical opponents of 1800, both drawn; Ru = Ra + dp (table 8.1.1, p .50 → dp 0), published from 5
  games (§7.1.4) and 1400.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.commands.event_support import explained_games, fide_player, left_out, status_blocks
from tests.commands.support import Ratings
from tests.commands.system_support import listed

Ledgers = Callable[[str], Ratings]


@pytest.fixture
def ledgers(tmp_path: Path) -> Ledgers:
    """A fresh ledger per name, in ``tmp_path``: to build the same games with and without an event."""
    return lambda name: Ratings(tmp_path / f"{name}.db")


def a_match(ratings: Ratings, black: str, results: str, *, in_event: bool) -> None:
    """A (White) against ``black``, one game a day from 1 May 2024 at 90 minutes + 30 seconds, each result
    from A's side (``1``, ``=``, ``0``); in the event, a match of 6 games from 1 to 6 May."""
    options: tuple[str, ...] = ("--time-control", "5400+30")
    if in_event:
        ratings.ok("event", "register", "M", "--name", "Title match", "--type", "match", "--start", "2024-05-01",
                   "--end", "2024-05-06", "--rounds", "6", "--mode", "otb", "--rate-of-play", "5400+30",
                   "--reported", "2024-05-01")  # fmt: skip
        options = ("--event", "M")
    scores = {"1": "1-0", "=": "1/2-1/2", "0": "0-1"}
    for n, result in enumerate(results, start=1):
        ratings.game(f"g{n}", "A", black, scores[result], f"2024-05-{n:02d}", *options)


def test_fide_2024_6_2_games_played_after_a_match_was_decided_are_not_rated(ledgers: Ledgers) -> None:
    """A (2000) beats B (1900) in the first four games of a 6-game match: 4 of 6, more than half, so A has
    won; B wins game 5 and game 6 is drawn. Those two are not rated, and ``explain`` names them left out."""
    loose, event = ledgers("loose"), ledgers("event")
    for ratings in (loose, event):
        fide_player(ratings, "A", 2000)
        fide_player(ratings, "B", 1900)
    a_match(loose, "B", "1111" + "0=", in_event=False)
    a_match(event, "B", "1111" + "0=", in_event=True)
    # Loose, all six rated: A 4 × (1 − .64) + (0 − .64) + (.5 − .64) = .66; × 20 = 13.2 → 13: 2013;
    # B −.66 × 20 = −13.2 → −13: 1887.
    before = listed(loose, "fide-2024", "2024-05")
    assert {p: (r["rating"], r["period_games"]) for p, r in before.items()} == {"A": (2013, 6), "B": (1887, 6)}
    # The match: g1–g4 only: A 4 × (1 − .64) = 1.44; × 20 = 28.8 → 29: 2029; B 4 × (0 − .36) × 20 = −28.8 → −29.
    after = listed(event, "fide-2024", "2024-05")
    assert {p: (r["rating"], r["period_games"]) for p, r in after.items()} == {"A": (2029, 4), "B": (1871, 4)}
    text = event.ok("explain", "A", "--rules", "fide-2024", "--period", "2024-05").stdout
    assert explained_games(text) == ["g1", "g2", "g3", "g4"]
    why = "fide-2024 §6.2: played after the match was decided (A 4–0, of 6 games)"
    assert left_out(text) == [f"g5 (event M): {why}", f"g6 (event M): {why}"]
    blocks = status_blocks(event.ok("event", "status", "M", "--rules", "fide-2024").stdout)
    assert blocks == {"fide-2024": ("4 games rated in 2024-05", [f"g5: {why}", f"g6: {why}"])}


def test_fide_2022_names_the_clauses_it_takes_from_2008_and_2024(ledgers: Ledgers) -> None:
    """The 2022 text of the match clauses was not found: the rule of the 2008 (§6.5) and 2024 (§6.2) texts,
    named as such (choice 14). A match of May 2023, decided 4–0, its fifth game left out."""
    ratings = ledgers("2022")
    fide_player(ratings, "A", 2000, as_of="2023-04-30")
    fide_player(ratings, "B", 1900, as_of="2023-04-30")
    ratings.ok("event", "register", "M", "--name", "Match", "--type", "match", "--start", "2023-05-01",
               "--end", "2023-05-05", "--rounds", "6", "--mode", "otb", "--rate-of-play", "5400+30",
               "--reported", "2023-05-01")  # fmt: skip
    for n in range(1, 6):
        ratings.game(f"g{n}", "A", "B", "1-0", f"2023-05-{n:02d}", "--event", "M")
    # g1–g4 rated: A 4 × (1 − .64) × 20 = 28.8 → 29: 2029 (K × n = 80, under 700).
    assert listed(ratings, "fide-2022", "2023-05")["A"]["rating"] == 2029
    blocks = status_blocks(ratings.ok("event", "status", "M", "--rules", "fide-2022").stdout)
    assert blocks["fide-2022"] == (
        "4 games rated in 2023-05",
        ["g5: fide-2022 (2008 §6.5, 2024 §6.2): played after the match was decided (A 4–0, of 6 games)"],
    )


def test_fide_2024_6_1_a_match_with_an_unrated_player_is_not_rated(ledgers: Ledgers) -> None:
    """U (registered, no FIDE rating) plays a 6-game match with A (2000) and scores 3: as loose games they
    give him a first rating; as a match none of them is rated (§6.1), for either player."""
    loose, event = ledgers("loose"), ledgers("event")
    for ratings in (loose, event):
        fide_player(ratings, "A", 2000)
        ratings.ok("player", "register", "U", "--name", "Player U", "--reported", "2023-01-01")
    a_match(loose, "U", "10==01", in_event=False)
    a_match(event, "U", "10==01", in_event=True)
    # Loose: six games against a rated opponent (≥ 5, §7.1.4). Ra = (6 × 2000 + 2 × 1800) / 8 = 15600 / 8 =
    # 1950; U's score 3 + 2 hypothetical draws = 4 of 8, p .50 → dp 0; Ru = 1950. A: games against an unrated
    # player are not rated (§8.3.1), so he is not on May's list.
    assert listed(loose, "fide-2024", "2024-05")["U"]["rating"] == 1950
    # The match: not rated at all; U is still unrated, and A played no rated game.
    assert listed(event, "fide-2024", "2024-05") == {}
    why = "fide-2024 §6.1: a match with an unrated player (U)"
    blocks = status_blocks(event.ok("event", "status", "M", "--rules", "fide-2024").stdout)
    assert blocks == {"fide-2024": ("not rated", [f"g{n}: {why}" for n in range(1, 7)])}
