"""Helpers for the ledger tests: the raw rows of the log."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any

from ledger.application import RatingLedger


def stored_rows(ledger: RatingLedger) -> list[tuple[Any, ...]]:
    """Every row of ``stored_events``, raw, in log order."""
    with closing(sqlite3.connect(f"file:{ledger.path}?mode=ro", uri=True)) as conn:
        return list(
            conn.execute(
                "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events ORDER BY rowid"
            )
        )
