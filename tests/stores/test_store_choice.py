"""The store ``--db`` names is chosen once (:func:`ledger.stores.store`), and says what differs between the stores."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ledger import stores
from ledger.store import SQLiteStore


def test_a_path_names_a_sqlite_ledger_file() -> None:
    store = stores.store("federation.db")
    assert isinstance(store, SQLiteStore)
    assert (store.db, store.shown, store.file, store.seals_under_lock) == (
        "federation.db",
        "federation.db",
        Path("federation.db"),
        False,
    )
    assert store.errors(KeyError) == (KeyError, sqlite3.Error)
    assert stores.store(store) is store  # a store is passed on as it is


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_a_url_names_a_ledger_on_a_server(scheme: str) -> None:
    import psycopg

    store = stores.store(f"{scheme}://officer:secret@db.example.org:5432/federation")
    assert store.shown == f"{scheme}://officer@db.example.org:5432/federation"  # never the password
    assert store.file is None  # nothing on this machine to protect, and no damage mark beside it
    assert store.seals_under_lock
    assert psycopg.Error in store.errors()
    assert psycopg.Error in stores.errors()  # refusals() without a context knows the driver's errors now


def test_the_projections_file_lives_where_the_store_keeps_it(tmp_path: Path) -> None:
    def name(db: str) -> str:
        return db.removesuffix(".db") + ".projections.db"

    ledger = str(tmp_path / "federation.db")
    assert stores.store(ledger).cache_file(None, name, None) == str(tmp_path / "federation.projections.db")
    central = stores.store("postgresql://officer@db.example.org:5432/federation")
    found = central.cache_file(str(tmp_path / "cache"), name, None)
    assert found is not None and Path(found).parent == tmp_path / "cache"
    assert Path(found).name.startswith("federation-") and found.endswith(".projections.db")


def test_a_sqlite_ledger_never_loads_the_postgresql_driver() -> None:
    code = (
        "import sys; from ledger import stores; stores.store('federation.db').env(); "
        "print(sorted(m for m in ('psycopg', 'ledger.postgres', 'eventsourcing.postgres') if m in sys.modules))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
