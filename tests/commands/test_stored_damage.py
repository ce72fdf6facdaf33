"""A stored event damaged behind the application's back never ends in a traceback (issue 10 §2)."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from tests.commands.support import Ratings


def test_a_stored_event_turned_into_text_is_named_not_a_traceback(ratings: Ratings) -> None:
    ratings.established("A", "Anna Adler", 2000)
    with closing(sqlite3.connect(ratings.db)) as conn:
        conn.execute("UPDATE stored_events SET state = CAST('{not json' AS TEXT) WHERE rowid = 1")
        conn.commit()
    result = ratings.refused(
        "player", "correct", "A", "--name", "Anna Adler-Byrne", "--reason", "married",
        message="holds a stored event that cannot be read",
    )  # fmt: skip
    assert "`ratings verify` says where" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    verified = ratings("verify")
    assert verified.exit_code == 1 and "Traceback" not in verified.output
