"""``ledger.postgres``'s pure parts: the settings a URL gives, the URL as messages show it, the SQL rewrites."""

from __future__ import annotations

import pytest

from ledger import postgres, urls, witness
from ledger.errors import LedgerFileError


def test_the_settings_of_a_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PGPASSWORD", raising=False)
    env = postgres.env("postgresql://officer:s3cret@db.example.org:6543/federation")
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"], env["POSTGRES_USER"]) == ("db.example.org", "6543", "officer")
    assert (env["POSTGRES_DBNAME"], env["POSTGRES_PASSWORD"]) == ("federation", "s3cret")
    assert env["CREATE_TABLE"] == "no"  # only `ratings init` makes the tables
    assert env["APPLICATION_RECORDER_TOPIC"] == "ledger.postgres:PgLedgerRecorder"


def test_without_a_password_in_the_url_libpq_s_own_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGPASSWORD", "from-the-environment")
    assert postgres.env("postgresql://officer@db:5432/fed")["POSTGRES_PASSWORD"] == "from-the-environment"
    monkeypatch.delenv("PGPASSWORD")
    assert postgres.env("postgresql://officer@db:5432/fed")["POSTGRES_PASSWORD"] == ""  # ~/.pgpass, then


def test_a_url_without_a_database_is_refused() -> None:
    with pytest.raises(LedgerFileError, match=r"^postgresql://officer@db:5432 names no database: write"):
        postgres.env("postgresql://officer:pw@db:5432")


def test_a_password_is_never_shown() -> None:
    assert urls.shown("postgresql://officer:pw@db:5432/fed") == "postgresql://officer@db:5432/fed"
    assert urls.shown("federation.db") == "federation.db"


def test_the_chain_s_statements_read_as_postgresql() -> None:
    """The columns the chain hashes: the originator id as the 32 hex digits SQLite stores, a NULL state as none."""
    assert postgres.translate(witness.SELECT_ROWS) == (
        "SELECT notification_id, topic, replace(originator_id::text, '-', ''), originator_version, "
        "coalesce(state, ''::bytea) FROM ratingledger_events WHERE notification_id > %s ORDER BY notification_id"
    )
    assert "bigint PRIMARY KEY" in postgres.translate(witness.CREATE_WITNESS)
    assert "bytea" in postgres.translate(witness.CREATE_WITNESS) and "BLOB" not in postgres.translate(
        witness.CREATE_WITNESS
    )
