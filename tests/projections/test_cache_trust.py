"""The projections file can only be right or absent (issue 10 §1).

Every answer through a projections file that was damaged, foreign, edited,
stale or bound to another log is compared with a cold run of the same log
(``Projector(reader, None)``), byte for byte, and the one line the projector
says about the file is checked.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from ledger.store import SQLiteLogReader
from projections.cache import FORMAT, ProjectionCache
from projections.cache_check import check_cache
from projections.replay import Projector
from tests.projections.federation import RULES, Federation
from tests.projections.test_cache import PERIODS, cold_lists, season

WON, LOST = '"result":"1-0"', '"result":"0-1"'
"""A result as the stored JSON of the first game (event 7: six registrations first) holds it, and another."""


def lists_through(fed: Federation, cache: Path, notices: list[str], periods: list[str] = PERIODS) -> dict[str, str]:
    """The lists of ``periods`` through the projections file ``cache``, collecting what the projector says."""
    projector = Projector(fed.ledger.reader(), str(cache), notice=notices.append)
    try:
        return {p: projector.rating_list(RULES, p).as_json() for p in periods}
    finally:
        projector.close()


def sql(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()


def copy_ledger(source: Path, target: Path) -> None:
    """A consistent copy of a ledger file (its WAL included), as SQLite's backup API makes it."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


@pytest.fixture
def fed(tmp_path: Path) -> Federation:
    federation = Federation(tmp_path / "l.db")
    season(federation)
    return federation


def test_a_warm_file_says_nothing_and_answers_as_the_log(fed: Federation, tmp_path: Path) -> None:
    notices: list[str] = []
    cache = tmp_path / "c.db"
    assert lists_through(fed, cache, notices) == cold_lists(fed)
    assert lists_through(fed, cache, notices) == cold_lists(fed)
    assert notices == []


def test_the_file_records_the_chain_at_the_position_it_folded_to(fed: Federation, tmp_path: Path) -> None:
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    head = fed.ledger.reader().head()
    with closing(sqlite3.connect(cache)) as conn:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert meta["position"] == str(head)
    # The chain's hash there, as ledger.chain's witness (sealed by every recording) has it.
    with closing(sqlite3.connect(fed.path)) as conn:
        hashes, first = conn.execute(
            "SELECT hashes, first_position FROM log_chain WHERE first_position <= ? ORDER BY block DESC LIMIT 1",
            (head,),
        ).fetchone()
    index = head - first
    assert meta["chain"] == hashes[32 * index : 32 * index + 32].hex()


def test_a_file_built_from_an_edited_copy_of_the_ledger_is_rebuilt(fed: Federation, tmp_path: Path) -> None:
    """The attack of the issue: copy the ledger, edit a result in the copy, build the projections file from
    the copy, and put it beside the original. Only the last event was fingerprinted before: the edited
    lists were printed. The file records the chain over the rows it folded, so it is rebuilt."""
    copy = tmp_path / "copy.db"
    copy_ledger(fed.path, copy)
    before = cold_lists(fed)
    sql(copy, f"UPDATE stored_events SET state = replace(state, '{WON}', '{LOST}') WHERE rowid = 7")
    cache = tmp_path / "c.db"
    edited_lists = {
        p: Projector(SQLiteLogReader(str(copy)), str(cache)).rating_list(RULES, p).as_json() for p in PERIODS
    }
    assert edited_lists != before  # the edit changed a list: the copy's file holds other lists
    notices: list[str] = []
    assert lists_through(fed, cache, notices) == before
    assert len(notices) == 1 and "does not match the log at position" in notices[0], notices


def test_an_edit_of_the_log_past_the_witness_rebuilds_the_file(fed: Federation, tmp_path: Path) -> None:
    """Without a witness (a ledger whose witness was never sealed, or was removed), the chain is hashed
    from the first event: an edit anywhere in the log is found."""
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    sql(fed.path, "DELETE FROM log_chain")
    sql(fed.path, f"UPDATE stored_events SET state = replace(state, '{WON}', '{LOST}') WHERE rowid = 7")
    notices: list[str] = []
    assert lists_through(fed, cache, notices) == cold_lists(fed)
    assert len(notices) == 1 and "does not match the log at position" in notices[0], notices


def test_a_file_of_a_longer_log_is_rebuilt(fed: Federation, tmp_path: Path) -> None:
    """A file that folded further than the log goes (the log was cut, or the file is another's)."""
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    sql(cache, "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 5 AS TEXT) WHERE key = 'position'")
    notices: list[str] = []
    assert lists_through(fed, cache, notices) == cold_lists(fed)
    assert len(notices) == 1 and "does not match the log" in notices[0]


DAMAGE: dict[str, Callable[[Path], object]] = {
    "garbage": lambda path: path.write_bytes(b"this is not a database at all " * 200),
    "truncated": lambda path: path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 3]),
    "a dropped table": lambda path: sql(path, "DROP TABLE months"),
    # (read when a list is not materialised)
    "a state that does not decode": lambda path: sql(
        path, "UPDATE states SET delta = x'00ff00ff', full = x'00ff00ff'", "DELETE FROM materialised"
    ),
    "a list that does not decode": lambda path: sql(path, "UPDATE materialised SET list = '[[1,2'"),
    "a later layout": lambda path: sql(path, f"UPDATE meta SET value = '{int(FORMAT) + 1}' WHERE key = 'format'"),
    "a missing column": lambda path: sql(path, "ALTER TABLE players DROP COLUMN reported"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_file_is_set_aside_and_rebuilt(fed: Federation, tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    sql(cache, "PRAGMA wal_checkpoint(TRUNCATE)")
    DAMAGE[damage](cache)
    notices: list[str] = []
    assert lists_through(fed, cache, notices) == cold_lists(fed)
    assert len(notices) == 1, notices
    assert "could not be read" in notices[0] and "set aside as" in notices[0] and "rebuilt from the log" in notices[0]
    aside = sorted(p.name for p in tmp_path.glob("c.db.damaged-*") if not p.name.endswith(("-wal", "-shm")))
    assert len(aside) == 1
    # The new file is whole: a second run says nothing and answers the same.
    again: list[str] = []
    assert lists_through(fed, cache, again) == cold_lists(fed)
    assert again == []


def test_a_file_that_cannot_be_written_is_not_used(fed: Federation, tmp_path: Path) -> None:
    """A projections path in a folder that does not exist: computed in memory, said once."""
    notices: list[str] = []
    assert lists_through(fed, tmp_path / "missing" / "c.db", notices) == cold_lists(fed)
    assert len(notices) == 1 and "computed from the log in memory" in notices[0]


def test_a_second_projector_waits_for_the_first_and_reads_what_it_wrote(fed: Federation, tmp_path: Path) -> None:
    """One writer at a time: while a query holds the file, another connection cannot begin one."""
    cache = tmp_path / "c.db"
    holder = ProjectionCache(str(cache))
    holder.begin()
    try:
        other = ProjectionCache(str(cache), timeout=0.2)
        notices: list[str] = []
        projector = Projector(fed.ledger.reader(), None, notice=notices.append)
        projector.cache.close()
        projector.cache = other
        assert projector.rating_list(RULES, PERIODS[-1]).as_json() == cold_lists(fed, PERIODS[-1:])[PERIODS[-1]]
        assert len(notices) == 1 and "another command has held it" in notices[0], notices
    finally:
        holder.close()


def test_verify_cache_finds_a_hand_edited_list_and_state(fed: Federation, tmp_path: Path) -> None:
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    report = check_cache(fed.ledger.reader(), str(cache))
    assert report.ok and report.lists == len(PERIODS) and report.periods == len(PERIODS), report
    sql(
        cache,
        "UPDATE materialised SET list = replace(list, '\"P1\"', '\"P9\"') "
        "WHERE period = (SELECT max(period) FROM materialised)",
    )
    with closing(sqlite3.connect(cache)) as conn:
        (period, delta) = conn.execute("SELECT period, delta FROM states ORDER BY period LIMIT 1").fetchone()
    # A state changed by one bit: the first player's first field (his rating: the first packed column,
    # after the length of each part, 12 fields and the players, and the list of players).
    changed = bytearray(delta)
    names = int.from_bytes(changed[:4], "little")
    at = 4 * 13 + names
    changed[at] = (changed[at] + 1) % 256
    with closing(sqlite3.connect(cache)) as conn:
        conn.execute("UPDATE states SET delta = ? WHERE period = ?", (bytes(changed), period))
        conn.commit()
    report = check_cache(fed.ledger.reader(), str(cache))
    assert not report.ok
    assert any(line.endswith(": the list") for line in report.differences), report.differences
    assert any("the players the run changed" in line for line in report.differences), report.differences


def test_verify_cache_names_a_file_of_another_log(fed: Federation, tmp_path: Path) -> None:
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    other = Federation(tmp_path / "other.db")
    other.score(other.iccf("A", 1800), other.iccf("B", 1800), 1.0, "2021-01-10")
    report = check_cache(other.ledger.reader(), str(cache))
    assert not report.bound and not report.ok
    assert "is not bound to this log" in report.summary()


def test_a_copy_of_the_projections_file_beside_its_own_ledger_is_used(fed: Federation, tmp_path: Path) -> None:
    """The binding is to the log, not to a file name: the file, copied, serves its own ledger's copy."""
    cache = tmp_path / "c.db"
    lists_through(fed, cache, [])
    sql(cache, "PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(cache, tmp_path / "d.db")
    notices: list[str] = []
    assert lists_through(fed, tmp_path / "d.db", notices) == cold_lists(fed)
    assert notices == []
