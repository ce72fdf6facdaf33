"""Issue 10 §3: every kind of fact can be undone by a later event — ``player void|restore``,
``player prior void``, ``adjust void`` — and ``game adjudicate`` only of a forfeited game.

Expected lists come from outside the code under test: figures worked by hand (A 2000 beats B 1800:
A 2005, B 1795, as ``test_corrections`` has them; the ICU feedback example of ``test_icu_cli``),
or a second ledger that never held the undone fact, whose list must be the same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.commands.support import RULES, Ratings, stored_rows
from tests.commands.test_icu_cli import DRAW, ICU, YEAR, graded, grades, play

REASON = ("--reason", "recorded in error")


def ratings_of(
    ratings: Ratings, *options: str, rules: tuple[str, ...] = RULES, period: str = "2024-01"
) -> dict[str, int]:
    """The list's ratings by player; ``--no-cache`` among ``options`` goes before the command."""
    cache = tuple(o for o in options if o == "--no-cache")
    rest = tuple(o for o in options if o != "--no-cache")
    document = json.loads(ratings.ok(*cache, "list", *rules, "--period", period, "--format", "json", *rest).stdout)
    return {row["player"]: row["rating"] for row in document["players"]}


def list_json(
    ratings: Ratings, *options: str, rules: tuple[str, ...] = RULES, period: str = "2024-01", no_cache: bool = False
) -> str:
    cache = ("--no-cache",) if no_cache else ()
    return str(ratings.ok(*cache, "list", *rules, "--period", period, "--format", "json", *options).stdout)


# --- player void and restore -------------------------------------------------------


@pytest.fixture
def g1(two_players: Ratings) -> Ratings:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    assert ratings_of(two_players) == {"A": 2005, "B": 1795}
    return two_players


def test_a_void_player_and_his_games_leave_every_list_from_the_void_on(g1: Ratings) -> None:
    ratings = g1
    ratings.ok("player", "void", "B", *REASON, "--reported", "2024-04-01")
    for cache in ((), ("--no-cache",)):
        # A's only game was against B: it no longer counts, so A has no rated game to be listed for.
        assert ratings_of(ratings, *cache) == {}
        assert ratings_of(ratings, *cache, "--known-at", "2024-03-31") == {"A": 2005, "B": 1795}
        assert ratings_of(ratings, *cache, rules=("--rules", "fide-2024")) == {}
    assert "B has no rated games under iecg-1.7" in ratings.ok("history", "B", *RULES).stdout
    ratings.ok("player", "restore", "B", "--reason", "voided by mistake", "--reported", "2024-04-02")
    assert ratings_of(ratings) == {"A": 2005, "B": 1795}
    assert ratings_of(ratings, "--known-at", "2024-04-01") == {}
    log = ratings.ok("log", "--player", "B").stdout
    assert 'PlayerVoided          player=B reason="recorded in error"  [by tester, reported 2024-04-01]' in log
    assert 'PlayerRestored        player=B reason="voided by mistake"  [by tester, reported 2024-04-02]' in log


def test_a_void_player_gives_the_lists_of_a_ledger_that_never_held_him(tmp_path: Path) -> None:
    """Every period, every rules system, cached or not: the same bytes as a ledger without C and his games."""
    full, without = Ratings(tmp_path / "full.db"), Ratings(tmp_path / "without.db")
    for ratings in (full, without):
        ratings.established("A", "Anna Adler", 2000)
        ratings.established("B", "Bob Byrne", 1800)
        ratings.established("D", "Dora Dunne", 1600)
    full.established("C", "Carl Cole", 1700)
    games = [("G1", "A", "B", "1-0", "2024-01-10"), ("G2", "C", "A", "1/2-1/2", "2024-01-20"),
             ("G3", "B", "D", "0-1", "2024-03-03"), ("G4", "C", "D", "1-0", "2024-03-04"),
             ("G5", "D", "A", "0-1", "2024-05-05")]  # fmt: skip
    for game in games:
        full.game(*game)
        if "C" not in game[1:3]:
            without.game(*game)
    rules_periods = [("iecg-1.7", p) for p in ("2024-01", "2024-03", "2024-05")]
    rules_periods += [("fide-2024", "2024-05"), ("glicko2", "2024-05")]
    before = {rp: list_json(full, rules=("--rules", rp[0]), period=rp[1]) for rp in rules_periods}  # cache warmed
    assert before[("iecg-1.7", "2024-05")] != list_json(without, period="2024-05")
    full.ok("player", "void", "C", *REASON, "--reported", "2024-06-01")
    for rules, period in rules_periods:
        expected = list_json(without, rules=("--rules", rules), period=period)
        assert list_json(full, rules=("--rules", rules), period=period) == expected, (rules, period)
        assert list_json(full, rules=("--rules", rules), period=period, no_cache=True) == expected
        known = list_json(full, "--known-at", "2024-05-31", rules=("--rules", rules), period=period)
        assert known == before[(rules, period)]


def test_no_new_fact_names_a_void_player(g1: Ratings) -> None:
    ratings = g1
    ratings.ok("player", "void", "B", *REASON)
    void = "player 'B' is void (his registration was recorded in error): restore him first"
    ratings.refused("game", "record", "G2", "--white", "A", "--black", "B", "--result", "1-0",
                    "--finished", "2024-02-01", message=void)  # fmt: skip
    ratings.refused("game", "correct", "G1", "--black", "B", "--white", "A", "--result", "0-1", *REASON,
                    message=void)  # fmt: skip
    ratings.refused("player", "prior", "B", "--system", "fide", "--rating", "2000", "--as-of", "2023-01-01",
                    message=void)  # fmt: skip
    ratings.refused("player", "inactive", "B", "--on", "2024-02-01", "--reason", "x", message=void)
    ratings.refused("player", "withdraw", "B", "--tournament", "Cup", "--on", "2024-02-01", message=void)
    ratings.refused("player", "correct", "B", "--name", "Bob", *REASON, message=void)
    ratings.refused("adjust", "--system", "icu-1980", "--player", "B", "--points", "5", "--on", "2024-02-01",
                    "--reason", "x", message=void)  # fmt: skip
    csv = ratings.db.parent / "games.csv"
    csv.write_text("game,white,black,result,finished,tournament,forfeit\nG7,A,B,1-0,2024-02-01,,\n", encoding="utf-8")
    ratings.refused("import", "games", str(csv), message="line 2: player 'B' is void")


def test_void_and_restore_refusals(g1: Ratings) -> None:
    ratings = g1
    ratings.refused("player", "restore", "B", *REASON, message="player 'B' is not void")
    ratings.refused("player", "void", "Z", *REASON, message="unknown player 'Z'")
    ratings.refused("player", "void", "B", *REASON, "--reported", "2023-12-31",
                    message="before player 'B''s registration was reported on 2024-01-01")  # fmt: skip
    ratings.refused("player", "void", "B", "--reason", "  ", message="reason")
    ratings.ok("player", "void", "B", *REASON)
    ratings.refused("player", "void", "B", *REASON, message="player 'B' is already void")


def test_a_player_void_dry_run_shows_who_leaves_and_writes_nothing(g1: Ratings) -> None:
    ratings = g1
    before = stored_rows(ratings.db)
    out = ratings.ok("player", "void", "B", *REASON, "--dry-run").stdout
    assert out.startswith("dry run: nothing was recorded. Under iecg-1.7, 2 players would change on 1 list:")
    assert "2024-01  A       Anna Adler  2005 → off" in out
    assert stored_rows(ratings.db) == before


# --- prior void -------------------------------------------------------------------


def test_a_void_prior_no_longer_counts_and_may_be_recorded_again(tmp_path: Path) -> None:
    """Under FIDE rules A's prior makes his start; void, the list is that of a ledger without it."""
    full, without, other = (Ratings(tmp_path / f"{n}.db") for n in ("full", "without", "other"))
    for ratings in (full, without, other):
        ratings.established("A", "Anna Adler", 2000)
        ratings.established("B", "Bob Byrne", 1800)
    prior = ("player", "prior", "A", "--system", "fide", "--games", "40", "--as-of", "2023-12-01")
    full.ok(*prior, "--rating", "2100", "--reported", "2024-01-01")
    other.ok(*prior, "--rating", "2300", "--reported", "2024-01-01")
    for ratings in (full, without, other):
        ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    fide = ("--rules", "fide-2024")
    before = list_json(full, rules=fide)
    assert before != list_json(without, rules=fide)
    full.ok("player", "prior", "void", "A", "--system", "fide", "--as-of", "2023-12-01", *REASON,
            "--reported", "2024-02-01")  # fmt: skip
    assert list_json(full, rules=fide) == list_json(without, rules=fide)
    assert list_json(full, rules=fide, no_cache=True) == list_json(without, rules=fide)
    assert list_json(full, "--known-at", "2024-01-31", rules=fide) == before
    full.refused(
        "player", "prior", "void", "A", "--system", "fide", "--as-of", "2023-12-01", *REASON,
        message="player 'A' has no fide prior rating as of 2023-12-01 that counts (his priors: none)",
    )  # fmt: skip
    full.ok(*prior, "--rating", "2300", "--reported", "2024-02-02")  # the right value, after the void
    assert list_json(full, rules=fide) == list_json(other, rules=fide)
    assert "PriorRatingVoided     player=A system=fide as_of=2023-12-01" in full.ok("log", "--player", "A").stdout


def test_prior_void_refusals(two_players: Ratings) -> None:
    ratings = two_players
    ratings.ok("player", "prior", "A", "--system", "fide", "--rating", "2100", "--games", "40",
               "--as-of", "2023-12-01", "--reported", "2024-01-01")  # fmt: skip
    void = ("player", "prior", "void", "A", "--system", "fide")
    ratings.refused(*void, "--as-of", "2023-12-02", *REASON,
                    message="player 'A' has no fide prior rating as of 2023-12-02 that counts "
                    "(his priors: fide as of 2023-12-01)")  # fmt: skip
    ratings.refused("player", "prior", "void", "A", "--system", "uscf", "--as-of", "2023-12-01", *REASON,
                    message="no uscf prior rating")  # fmt: skip
    ratings.refused(*void, "--as-of", "2023-12-01", *REASON, "--reported", "2023-12-31",
                    message="before the fide prior rating of 2023-12-01 was reported on 2024-01-01")  # fmt: skip
    ratings.refused(*void, "--as-of", "yesterday", *REASON, message="as-of date")
    ratings.refused("player", "prior", "void", "Z", "--system", "fide", "--as-of", "2023-12-01", *REASON,
                    message="unknown player 'Z'")  # fmt: skip
    ratings.refused(*void, "--as-of", "2023-12-01", status=2, message="Missing option '--reason'")
    # The prior command itself works as before; ``record`` names it, for a player whose id is "void".
    ratings.ok("player", "register", "void", "--name", "Vera Void", "--reported", "2024-01-01")
    recorded = ratings.ok("player", "prior", "record", "void", "--system", "fide", "--rating", "1500",
                          "--as-of", "2023-12-01")  # fmt: skip
    assert recorded.stdout == "recorded: void fide rating 1500 as of 2023-12-01\n"


# --- adjust void --------------------------------------------------------------------


@pytest.fixture
def adjusted(ratings: Ratings) -> Ratings:
    """As ``test_icu_cli``: A 1500 draws B 1400 in 1980 (by hand A 1496, B 1404); A +15 feedback
    (reported 1981-01-15), everyone −10 (reported 1981-01-20): A 1501, B 1394."""
    graded(ratings, "A", 1500)
    graded(ratings, "B", 1400)
    play(ratings, "g1", "A", "B", DRAW)
    ratings.ok("adjust", "--system", "icu-1980", "--player", "A", "--points", "15", "--on", "1980-12-31",
               "--reason", "met an undergraded junior", "--reported", "1981-01-15")  # fmt: skip
    ratings.ok("adjust", "--system", "icu-1980", "--all", "--points", "-10", "--on", "1980-12-31",
               "--reason", "deflation", "--reported", "1981-01-20")  # fmt: skip
    assert grades(ratings) == {"A": 1501, "B": 1394}
    return ratings


def test_a_void_adjustment_no_longer_counts(adjusted: Ratings) -> None:
    ratings = adjusted
    ratings.ok("adjust", "void", "--system", "icu-1980", "--all", "--on", "1980-12-31", "--reason", "deflation",
               "--because", "decided for 1981, not 1980", "--reported", "1981-02-01")  # fmt: skip
    for no_cache in (False, True):
        assert grades(ratings, no_cache=no_cache) == {"A": 1511, "B": 1404}  # 1496 + 15; 1404
        assert grades(ratings, "--known-at", "1981-01-31", no_cache=no_cache) == {"A": 1501, "B": 1394}
    ratings.ok("adjust", "void", "--system", "icu-1980", "--player", "A", "--on", "1980-12-31",
               "--reason", "met an undergraded junior", "--because", "no", "--reported", "1981-02-02")  # fmt: skip
    assert grades(ratings) == {"A": 1496, "B": 1404}
    log = ratings.ok("log").stdout
    assert 'AdjustmentVoided      system=icu-1980 player=- on=1980-12-31 adjustment=deflation reason="decided' in log


def test_adjust_void_refusals(adjusted: Ratings) -> None:
    ratings = adjusted
    void = ("adjust", "void", "--system", "icu-1980", "--on", "1980-12-31", "--because", "x")
    ratings.refused(*void, "--all", "--reason", "deflashun",
                    message="no icu-1980 adjustment of every player on 1980-12-31 with reason 'deflashun'")  # fmt: skip
    ratings.refused(*void, "--player", "B", "--reason", "deflation", message="no icu-1980 adjustment of player 'B'")
    ratings.refused(*void, "--reason", "deflation", status=2, message="give either --player P or --all")
    ratings.refused(*void, "--all", "--player", "A", "--reason", "deflation", status=2,
                    message="give either --player P or --all")  # fmt: skip
    ratings.refused(*void, "--all", "--reason", "deflation", "--reported", "1981-01-19",
                    message="before the adjustment was reported on 1981-01-20")  # fmt: skip
    ratings.ok(*void, "--all", "--reason", "deflation")
    ratings.refused(*void, "--all", "--reason", "deflation", message="is already void")
    ratings.refused(
        "adjust", "--system", "icu-1980", "--all", "--points", "-10", "--on", "1980-12-31", "--reason", "deflation",
        message="was recorded and voided: record it with another reason",
    )  # fmt: skip
    assert "Usage: cli adjust [OPTIONS]" in ratings.ok("adjust", "--help").stdout
    assert "Usage: cli adjust void [OPTIONS]" in ratings.ok("adjust", "void", "--help").stdout
    assert ICU and YEAR  # the ICU list of 1980 is the one these figures are of


# --- adjudication ---------------------------------------------------------------------


def test_only_a_forfeited_game_is_adjudicated(two_players: Ratings) -> None:
    ratings = two_players
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.refused("game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-02-01",
                    message="game 'G1' finished normally (1-0 on 2024-01-10): only a forfeited or unfinished game "
                    "is adjudicated (IECG §VIII.3); to change its result use `ratings game correct G1")  # fmt: skip
    ratings.game("G2", "A", "B", "1-0", "2024-01-11", "--forfeit", "withdrawal")
    ratings.game("G3", "A", "B", "1-0", "2024-01-12", "--forfeit", "arbiter")
    ratings.ok("game", "adjudicate", "G2", "--result", "0-1", "--on", "2024-02-01")
    ratings.ok("game", "adjudicate", "G3", "--result", "1/2-1/2", "--on", "2024-02-01")
    # A forfeit corrected away makes a game finished normally: no adjudication then either.
    ratings.game("G4", "A", "B", "1-0", "2024-01-13", "--forfeit", "withdrawal")
    ratings.ok("game", "correct", "G4", "--forfeit", "none", *REASON)
    ratings.refused("game", "adjudicate", "G4", "--result", "0-1", "--on", "2024-02-01", message="finished normally")
