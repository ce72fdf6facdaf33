"""A stored fact a replay cannot use never crashes a command (issue 10 §3).

The facts are stored as an older version of the ledger stored them: through
the application with the bounds switched off, or by editing the stored JSON.
Before the bounds, ``player register 2001 --source iccf --starting-rating 1e30``
was accepted and every list then ended in an ``OverflowError`` traceback.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from ledger import values
from tests.commands.support import RULES, Ratings

HUGE = str(10**30)


@pytest.fixture
def unbounded(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The bounds of issue 10 §3 switched off, as before they existed (for recording only)."""
    with monkeypatch.context() as patched:
        for name in ("check_rating", "check_games", "check_whole", "check_prior_rating"):
            patched.setattr(values, name, lambda value, *_: value)
        yield patched


def league(ratings: Ratings) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.game("g2", "A", "B", "1-0", "2024-01-10")


@pytest.fixture
def overflowing(ratings: Ratings, unbounded: pytest.MonkeyPatch) -> Ratings:
    """The issue's ledger: player X registered with an ICCF rating of 1e30; he plays A."""
    league(ratings)
    ratings.register("X", "Xaver Xu", "--source", "iccf", "--starting-rating", HUGE, "--rated-games", "20")
    ratings.game("g1", "X", "A", "1-0", "2024-01-05")
    unbounded.undo()
    return ratings


QUERIES = [
    ("list", *RULES, "--period", "2024-01"),
    ("list", "--rules", "fide-2024", "--period", "2024-01"),
    ("list", "--rules", "glicko2", "--period", "2024-01"),
    ("list", "--rules", "icu-1980", "--period", "2024-01"),
    ("list", "--rules", "ecf-online", "--period", "2024-01"),
    ("explain", "A", *RULES, "--period", "2024-01"),
    ("history", "A", *RULES),
    ("diff", *RULES, "--against-rules", "iecg-1.4", "--period", "2024-01"),
    ("pool", *RULES, "--from", "2024-01", "--to", "2024-01"),
    ("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01"),
]


@pytest.mark.parametrize("cache", [True, False], ids=["cache", "no-cache"])
@pytest.mark.parametrize("query", QUERIES, ids=lambda q: " ".join(q[:3]))
def test_every_query_refuses_cleanly_naming_the_fact_and_its_remedy(
    overflowing: Ratings, query: tuple[str, ...], cache: bool
) -> None:
    args = query if cache else ("--no-cache", *query)
    result = overflowing.refused(*args, message="the log holds a fact that cannot be used: position 4 ")
    assert result.stderr.count("\n") == 1  # one line
    assert "(PlayerRegistered X): starting rating 1e+30 is outside 100..3500" in result.stderr
    assert "`ratings player correct X --starting-rating N --reason TEXT`" in result.stderr
    assert "`ratings --skip-unusable ...`" in result.stderr
    assert "OverflowError" not in result.output


def test_skip_unusable_lists_without_the_fact_and_names_it(overflowing: Ratings, tmp_path: Path) -> None:
    plain = Ratings(tmp_path / "plain.db")
    league(plain)  # the same ledger without X and his game
    expected = plain.ok("list", *RULES, "--period", "2024-01", "--format", "csv").stdout
    for options in ((), ("--no-cache",)):
        result = overflowing.ok(*options, "--skip-unusable", "list", *RULES, "--period", "2024-01", "--format", "csv")
        assert result.stdout == expected
        assert result.stderr.startswith("skipped: position 4 (PlayerRegistered X): starting rating 1e+30")
    # A's one game, against B only: We = 1/(1 + 10^(-200/400)) = 0.7597, k = 20, dR = +4.81 (IECG §V)
    assert "1,1,A,Anna Adler,,2005,2005,1,established,1,1,0,0\n2,1,B,Bob Byrne,,1795,1795,2," in expected


def test_a_correction_neutralises_the_registration_and_the_player_counts_from_it(overflowing: Ratings) -> None:
    overflowing.ok("player", "correct", "X", "--starting-rating", "2100", "--reason", "1e30 was a typo",
                   "--reported", "2024-01-20")  # fmt: skip
    warm = overflowing.ok("list", *RULES, "--period", "2024-01", "--format", "csv")
    cold = overflowing.ok("--no-cache", "list", *RULES, "--period", "2024-01", "--format", "csv")
    assert warm.stdout == cold.stdout
    assert warm.stderr == ""
    assert ",X,Xaver Xu," in warm.stdout
    # as known before the correction, X is not known: only A and B
    before = overflowing.ok("list", *RULES, "--period", "2024-01", "--format", "csv", "--known-at", "2024-01-15")
    assert ",X," not in before.stdout and ",A,Anna Adler," in before.stdout


def test_a_game_count_beyond_64_bits_through_an_import(ratings: Ratings, unbounded: pytest.MonkeyPatch) -> None:
    league(ratings)
    path = ratings.db.parent / "players.csv"
    path.write_text(
        "player,name,country,starting_rating,source,rated_games,reported\n"
        "Y,Yan Yi,IE,2000,iccf,9223372036854775808,2024-01-01\n",
        encoding="utf-8",
    )
    ratings.ok("import", "players", str(path))
    ratings.game("g3", "Y", "B", "0-1", "2024-01-12")
    unbounded.undo()
    result = ratings.refused("list", *RULES, "--period", "2024-01", message="rated games 9223372036854775808")
    assert "position 4 (PlayerRegistered Y)" in result.stderr
    assert "--rated-games N" in result.stderr
    ratings.ok("--skip-unusable", "history", "B", *RULES)


def test_a_game_dated_year_one_edited_into_the_log_and_its_void(ratings: Ratings) -> None:
    league(ratings)
    ratings.game("g1", "A", "B", "0-1", "2024-01-11")
    with closing(sqlite3.connect(ratings.db)) as conn, conn:
        rowid = conn.execute("SELECT MAX(rowid) FROM stored_events").fetchone()[0]
        state = conn.execute("SELECT state FROM stored_events WHERE rowid = ?", (rowid,)).fetchone()[0]
        edited = state.replace(b'"finished":"2024-01-11"', b'"finished":"0001-01-11"')
        assert edited != state
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (edited, rowid))
    result = ratings.refused("list", *RULES, "--period", "2024-01", message=f"position {rowid} (GameRecorded g1)")
    assert "finished date 0001-01-11 is before 1900-01-01" in result.stderr
    assert "`ratings game void g1 --reason TEXT`" in result.stderr
    skipped = ratings.ok("--skip-unusable", "list", *RULES, "--period", "2024-01", "--format", "csv")
    assert ",A,Anna Adler,,2005,2005,1,established,1,1,0,0" in skipped.stdout  # g2 only, as above


def test_the_remedy_of_a_prior_out_of_bounds(ratings: Ratings, unbounded: pytest.MonkeyPatch) -> None:
    league(ratings)
    ratings.ok("player", "prior", "A", "--system", "ecf", "--rating", "9000", "--as-of", "2020-01-01",
               "--reported", "2024-01-01")  # fmt: skip
    unbounded.undo()
    result = ratings.refused("list", "--rules", "ecf-grading", "--period", "2024-01", message="ECF grade 9000")
    assert "`ratings player prior void A --system ecf --as-of 2020-01-01 --reason TEXT`" in result.stderr


def test_a_merge_into_no_registered_player_and_its_unmerge(ratings: Ratings) -> None:
    """Issue 13 §4: a stored merge naming a player no one registered (edited into the log) is withheld,
    named with its remedy, and neutralised by ``player unmerge``."""
    league(ratings)
    ratings.register("C", "Cara Clark")
    ratings.ok("player", "merge", "C", "--into", "B", "--reason", "twice", "--reported", "2024-01-20")
    with closing(sqlite3.connect(ratings.db)) as conn, conn:
        rowid = conn.execute("SELECT MAX(rowid) FROM stored_events").fetchone()[0]
        state = conn.execute("SELECT state FROM stored_events WHERE rowid = ?", (rowid,)).fetchone()[0]
        edited = state.replace(b'"into":"B"', b'"into":"ZZ"')
        assert edited != state
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (edited, rowid))
    result = ratings.refused("list", *RULES, "--period", "2024-01", message=f"position {rowid} (PlayerMerged C)")
    assert "player 'ZZ' is not registered" in result.stderr
    assert "`ratings player unmerge C --reason TEXT`" in result.stderr
    ratings.ok("player", "unmerge", "C", "--reason", "edited", "--reported", "2024-01-21")
    listed = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "csv")
    assert "cannot be used" not in listed.stderr  # (the edit also made the projections file be rebuilt, said)
    assert ",A,Anna Adler,,2005,2005,1,established,1,1,0,0" in listed.stdout  # g2 only, as above
