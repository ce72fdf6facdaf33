"""The projections file through the command line (issue 10 §1): what a hand-edited, damaged or foreign
file does to ``list``, ``publish``, ``audit`` and ``verify --cache``."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path

from tests.commands.support import Ratings

LIST = ("list", "--rules", "iecg-1.7", "--period", "2024-01", "--format", "json")


def league(ratings: Ratings) -> None:
    ratings.established("A", "Anna Adler", 2000)
    ratings.established("B", "Bob Byrne", 1800)
    ratings.established("C", "Carla Costa", 1900)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.game("G2", "B", "C", "1/2-1/2", "2024-02-10")


def projections_file(ratings: Ratings) -> Path:
    return ratings.db.with_name(ratings.db.stem + ".projections.db")


def edit_the_cached_list(ratings: Ratings) -> None:
    """Anna's cached rating on the list of 2024-01, raised by 100 points, by hand."""
    with closing(sqlite3.connect(projections_file(ratings))) as conn:
        (text,) = conn.execute("SELECT list FROM materialised").fetchone()
        rows = json.loads(text)
        for row in rows:
            if row[2] == "A":
                row[5] += 100
        conn.execute("UPDATE materialised SET list = ?", (json.dumps(rows, separators=(",", ":")),))
        conn.commit()


def test_verify_cache_names_a_hand_edited_list_and_publish_does_not_use_it(ratings: Ratings) -> None:
    league(ratings)
    true_list = ratings.ok(*LIST).output
    clean = ratings.ok("verify", "--cache").output
    assert "the projections file" in clean and "matches the log: 1 list" in clean
    edit_the_cached_list(ratings)
    # The cache is trusted by `list` (it is bound to the log, and nothing reads what was edited)...
    assert ratings.ok(*LIST).output != true_list
    # ...which is what `verify --cache` is for: it names the list and exits 1.
    checked = ratings("verify", "--cache")
    assert checked.exit_code == 1
    assert "differs from the log in 1 place" in checked.output
    assert "iecg-1.7 2024-01: the list" in checked.output
    # publish computes from the log itself: the digest is that of the true list.
    published = ratings.ok("publish", "--rules", "iecg-1.7", "--period", "2024-01", "--on", "2024-03-01").output
    assert f"digest: sha256:{hashlib.sha256(true_list.encode()).hexdigest()}" in published
    # And the audit's verdict on reproduction comes from the log too.
    audit = ratings.ok("audit", "--rules", "iecg-1.7", "--period", "2024-01").output
    assert "1. Reproduced from the log as it stood at the publication, as known on its date:\n   yes" in audit


def test_a_damaged_projections_file_is_set_aside_with_one_line(ratings: Ratings) -> None:
    league(ratings)
    want = ratings.ok("--no-cache", *LIST).output
    ratings.ok(*LIST)
    path = projections_file(ratings)
    for side in (Path(str(path) + "-wal"), Path(str(path) + "-shm")):
        side.unlink(missing_ok=True)
    path.write_bytes(b"garbage" * 1000)
    result = ratings.ok(*LIST)
    assert result.stdout == want
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "could not be read" in lines[0] and "set aside as" in lines[0], lines
    assert "the ledger" not in lines[0]  # never blamed on the ledger
    assert len(list(path.parent.glob(path.name + ".damaged-*"))) == 1
    assert ratings.ok(*LIST).stderr == ""


def test_a_projections_file_of_another_ledger_is_rebuilt_with_one_line(tmp_path: Path) -> None:
    one, two = Ratings(tmp_path / "one" / "ledger.db"), Ratings(tmp_path / "two" / "ledger.db")
    for ratings in (one, two):
        ratings.db.parent.mkdir()
        league(ratings)
    two.game("G3", "A", "C", "0-1", "2024-01-20")
    one.ok(*LIST)
    with closing(sqlite3.connect(projections_file(one))) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file itself
    projections_file(one).replace(projections_file(two))
    want = two.ok("--no-cache", *LIST).output
    result = two.ok(*LIST)
    assert result.stdout == want
    assert "does not match the log at position" in result.stderr and "rebuilt from the log" in result.stderr


def test_verify_cache_without_a_projections_file_says_so(ratings: Ratings) -> None:
    league(ratings)
    result = ratings.ok("verify", "--cache")
    assert "no projections file at" in result.output and "nothing to check" in result.output
