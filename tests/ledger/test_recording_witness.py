"""Issue 23 §2: a recording writes the chain's witness of its events in its own transaction, in O(1).

The recorder extends the witness after its inserts, before it commits (:func:`ledger.witness.witness_recorded`),
on SQLite and on PostgreSQL; the application's seal after the recording runs only when that could not be
done: an unsealed tail (caught up once), a tampered junction (the fact is recorded, and a warning says so).
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from ledger import chain, stores
from ledger import witness as chain_witness
from ledger.application import RatingLedger
from ledger.chain import Head, verify
from ledger.postgres import PgLedgerRecorder, PgStore
from ledger.store import LedgerRecorder, SQLiteLogReader, SQLiteStore
from tests.ledger.conftest import TODAY
from tests.ledger.support import stored_rows
from tests.ledger.test_chain import caught, delete, edit, expected_hashes, imported_games, record_games, tamper, witness
from tests.pg_support import fresh_database

JUNCTION_WARNING = "warning: the log no longer matches its witness (position {} (GameRecorded) does not match the chain"


def no_seal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the application seals after a recording (a second connection, a second commit)."""

    def refused(*_: object) -> Any:
        raise AssertionError("a recording whose witness was written in its transaction sealed again")

    monkeypatch.setattr(chain, "seal", refused)
    monkeypatch.setattr(SQLiteStore, "writer", refused)
    monkeypatch.setattr(PgStore, "writer", refused)


def counted_seals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The seals the application runs after recordings, counted (and run)."""
    calls: list[str] = []
    real = chain.seal

    def counting(path: str) -> Head:
        calls.append(path)
        return real(path)

    monkeypatch.setattr(chain, "seal", counting)
    return calls


def spans(blocks: Sequence[tuple[Any, ...]]) -> list[tuple[int, int]]:
    """The first and last position of each witness row."""
    return [(int(block[1]), int(block[2])) for block in blocks]


def witnessed_hashes(blocks: Sequence[tuple[Any, ...]]) -> dict[int, bytes]:
    """Each witnessed position's hash, from the witness rows (of contiguous positions)."""
    found: dict[int, bytes] = {}
    for _, first, last, _, positions, hashes in blocks:
        assert positions is None
        for index in range(int(last) - int(first) + 1):
            found[int(first) + index] = bytes(hashes[32 * index : 32 * index + 32])
    return found


# --- SQLite -------------------------------------------------------------------------


def test_a_recording_witnesses_its_events_in_its_own_transaction(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_seal(monkeypatch)
    record_games(two_players, 1, 5)
    blocks = witness(two_players)
    assert spans(blocks) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)]  # one block a recording
    hashes = expected_hashes(two_players)
    assert witnessed_hashes(blocks) == hashes  # position by position, as the definition hashes the stored rows
    assert two_players.notices == []
    report = verify(two_players.path, extend=False)
    assert (report.ok, report.events, report.witnessed, report.sealed) == (True, 7, 7, 0)
    assert report.head == Head(7, hashes[7].hex())


def test_the_witness_of_a_recording_reads_no_more_of_a_long_log_than_of_a_short_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's virtual machine steps while the witness is written: the same after 10 games as after 3,000
    (a scan of the log, or of the witness, would take thousands more)."""
    steps: list[int] = []
    real = chain_witness.witness_recorded

    def counting(conn: sqlite3.Connection, positions: Sequence[int]) -> bool:
        count = [0]

        def tick() -> int:
            count[0] += 1
            return 0

        conn.set_progress_handler(tick, 1)
        try:
            return real(conn, positions)
        finally:
            conn.set_progress_handler(None, 1)
            steps.append(count[0])

    for games in (10, 3000):
        ledger = RatingLedger.create(str(tmp_path / f"{games}.db"), clock=lambda: TODAY, user="t")
        try:
            for player in ("A", "B"):
                ledger.register_player(player, player, source="iccf", starting_rating=2000, rated_games=50)
            ledger.import_games(imported_games(games))
            record_games(ledger, 1, 1)  # the witness now ends with a block of one position
            monkeypatch.setattr(chain_witness, "witness_recorded", counting)
            no_seal(monkeypatch)
            record_games(ledger, 2, 1)
            monkeypatch.undo()
            assert ledger.notices == []
            assert spans(witness(ledger))[-2:] == [(games + 3, games + 3), (games + 4, games + 4)]
        finally:
            ledger.close()
    assert len(steps) == 2 and steps[0] > 0
    assert steps[0] == steps[1], steps


def test_a_recording_after_a_tampered_junction_is_recorded_and_warns(two_players: RatingLedger) -> None:
    record_games(two_players, 1, 3)  # positions 3 to 5, witnessed
    tamper(two_players, edit(5))
    before = witness(two_players)
    record_games(two_players, 10, 1)
    assert len(two_players.notices) == 1
    assert two_players.notices[0].startswith(JUNCTION_WARNING.format(5)), two_players.notices
    assert two_players.game("G10").facts["white"] == "B"  # the fact is recorded
    assert [row[0] for row in stored_rows(two_players)] == [1, 2, 3, 4, 5, 6]
    assert witness(two_players) == before  # nothing witnessed past the mismatch, in the recording or after it
    record_games(two_players, 11, 1)
    assert len(two_players.notices) == 2 and two_players.notices[1].startswith(JUNCTION_WARNING.format(5))
    assert witness(two_players) == before
    report = verify(two_players.path)
    caught(report, 5, "does not match the chain witnessed on")
    assert (report.events, report.witnessed, report.sealed) == (7, 4, 0)


def test_a_recording_after_an_unsealed_tail_ends_with_the_witness_covering_everything(
    two_players: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Events recorded without a witness (an older program, a crash between the commit and the seal): the
    first recording after them leaves its events to the seal, which catches up the tail once; the next
    recordings witness themselves again."""
    with monkeypatch.context() as unsealed:
        unsealed.setattr(LedgerRecorder, "witnesses", False)
        unsealed.setattr(RatingLedger, "seal_witness", lambda self: None)
        record_games(two_players, 1, 3)  # positions 3 to 5
    assert spans(witness(two_players)) == [(1, 1), (2, 2)]
    seals = counted_seals(monkeypatch)
    record_games(two_players, 4, 1)  # position 6
    assert len(seals) == 1
    assert spans(witness(two_players)) == [(1, 1), (2, 2), (3, 6)]  # the tail and the recording, in one seal
    record_games(two_players, 5, 2)  # positions 7 and 8: witnessed in their own transactions
    assert len(seals) == 1
    blocks = witness(two_players)
    assert spans(blocks) == [(1, 1), (2, 2), (3, 6), (7, 7), (8, 8)]
    assert witnessed_hashes(blocks) == expected_hashes(two_players)
    assert two_players.notices == []
    report = verify(two_players.path, extend=False)
    assert (report.ok, report.witnessed) == (True, 8)


def test_a_recording_after_the_witness_was_removed_leaves_it_to_the_seal(two_players: RatingLedger) -> None:
    """The first seal of a log without a witness trusts the log as it is (:mod:`ledger.chain`): the recording
    does not start a witness of its own in the middle of the log."""
    record_games(two_players, 1, 2)
    with closing(sqlite3.connect(two_players.path)) as conn, conn:
        conn.execute("DELETE FROM log_chain")
    record_games(two_players, 3, 1)
    assert spans(witness(two_players)) == [(1, 5)]
    assert witnessed_hashes(witness(two_players)) == expected_hashes(two_players)


@pytest.mark.parametrize("fetch", [1, 3, chain_witness.FETCH])
@pytest.mark.parametrize(
    ("change", "position", "words"),
    [
        (edit(6), 6, ("does not match the chain",)),
        (delete(6), 6, ("is missing",)),
        (delete(10), 10, ("is missing: the log ends before it",)),
    ],
    ids=["edited", "deleted", "last-deleted"],
)
def test_verify_compares_a_witness_of_many_small_blocks_in_runs_as_block_by_block(
    two_players: RatingLedger,
    monkeypatch: pytest.MonkeyPatch,
    fetch: int,
    change: Callable[[sqlite3.Connection], None],
    position: int,
    words: tuple[str, ...],
) -> None:
    """A witness of one block a recording: ``verify`` compares runs of blocks with the log at once, and
    names the same position as a comparison block by block, whatever the runs' length."""
    monkeypatch.setattr(chain_witness, "FETCH", fetch)
    record_games(two_players, 1, 8)  # positions 3 to 10, a block each
    intact = verify(two_players.path, extend=False)
    assert (intact.ok, intact.witnessed, len(witness(two_players))) == (True, 10, 10)
    tamper(two_players, change)
    report = verify(two_players.path, extend=False)
    caught(report, position, *words)
    assert report.witnessed == position - 1


def test_the_hash_at_every_position_is_the_witness_s_whatever_its_blocks(two_players: RatingLedger) -> None:
    """``hash_at`` finds a position's block by a binary search of the block numbers."""
    two_players.import_games(imported_games(9))  # positions 3 to 11, one block
    record_games(two_players, 1, 4)  # 12 to 15, a block each
    assert spans(witness(two_players)) == [(1, 1), (2, 2), (3, 11), (12, 12), (13, 13), (14, 14), (15, 15)]
    hashes = expected_hashes(two_players)
    reader = SQLiteLogReader(two_players.path)
    try:
        assert {position: reader.chain_hash(position) for position in range(1, 16)} == hashes
        assert reader.chain_hash(0) == bytes(32)
        assert reader.chain_hash(16) is None
    finally:
        reader.close()
    assert chain.chain_head(two_players.path, upto=7) == Head(7, hashes[7].hex())


# --- PostgreSQL -----------------------------------------------------------------------


@pytest.fixture
def central() -> Iterator[RatingLedger]:
    """A PostgreSQL ledger with players A and B (positions 1 and 2)."""
    with fresh_database() as url:
        ledger = RatingLedger.create(url, clock=lambda: TODAY, user="t")
        try:
            for player, rating in (("A", 2000), ("B", 1800)):
                ledger.register_player(
                    player, f"Player {player}", source="iccf", starting_rating=rating, rated_games=100
                )
            yield ledger
        finally:
            ledger.close()


def pg(ledger: RatingLedger, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
    with psycopg.connect(ledger.path, autocommit=True) as conn:
        cursor = conn.execute(sql.encode(), params)  # the tests' own SQL
        return cursor.fetchall() if cursor.description else []


def pg_witness(ledger: RatingLedger) -> list[tuple[Any, ...]]:
    return pg(ledger, "SELECT * FROM log_chain ORDER BY block")


def pg_expected(ledger: RatingLedger) -> dict[int, bytes]:
    """h(i) of every position, by the definition, from the PostgreSQL log's rows."""
    h = bytes(32)
    hashes = {}
    for position, originator_id, version, topic, state in pg(
        ledger,
        "SELECT notification_id, replace(originator_id::text, '-', ''), originator_version, topic, state "
        "FROM ratingledger_events ORDER BY notification_id",
    ):
        h = hashlib.sha256(h + f"{position}\n{topic}\n{originator_id}\n{version}\n".encode() + bytes(state)).digest()
        hashes[position] = h
    return hashes


def test_on_postgresql_a_recording_witnesses_its_events_in_its_own_transaction(
    central: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_seal(monkeypatch)
    record_games(central, 1, 2)  # positions 3 and 4
    pg(central, "SELECT nextval(pg_get_serial_sequence('ratingledger_events', 'notification_id'))")  # a gap: 5
    record_games(central, 3, 1)  # position 6
    blocks = pg_witness(central)
    assert spans(blocks) == [(1, 1), (2, 2), (3, 3), (4, 4), (6, 6)]
    hashes = pg_expected(central)
    assert list(hashes) == [1, 2, 3, 4, 6]
    assert witnessed_hashes(blocks) == hashes
    assert central.notices == []
    monkeypatch.undo()
    report = verify(central.path, extend=False)
    assert (report.ok, report.events, report.witnessed, report.head) == (True, 5, 5, Head(6, hashes[6].hex()))


def test_on_postgresql_a_recording_after_a_tampered_junction_is_recorded_and_warns(central: RatingLedger) -> None:
    record_games(central, 1, 2)  # positions 3 and 4
    edited = "convert_to(replace(convert_from(state, 'UTF8'), '2024-', '2023-'), 'UTF8')"
    pg(central, f"UPDATE ratingledger_events SET state = {edited} WHERE notification_id = 4")
    assert pg_expected(central)[4] != witnessed_hashes(pg_witness(central))[4]  # the edit changed the event
    before = pg_witness(central)
    record_games(central, 10, 1)
    assert len(central.notices) == 1 and central.notices[0].startswith(JUNCTION_WARNING.format(4)), central.notices
    assert central.game("G10").facts["white"] == "B"
    assert pg_witness(central) == before
    report = verify(central.path)
    caught(report, 4, "does not match the chain witnessed on")
    assert (report.events, report.witnessed, report.sealed) == (5, 3, 0)


def test_on_postgresql_a_recording_after_an_unsealed_tail_ends_with_the_witness_covering_everything(
    central: RatingLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as unsealed:
        unsealed.setattr(PgLedgerRecorder, "witnesses", False)
        unsealed.setattr(RatingLedger, "seal_witness", lambda self: None)
        record_games(central, 1, 2)  # positions 3 and 4
    assert spans(pg_witness(central)) == [(1, 1), (2, 2)]
    seals = counted_seals(monkeypatch)
    record_games(central, 3, 1)  # position 5: left to the seal, which catches up the tail
    record_games(central, 4, 1)  # position 6: witnessed in its own transaction
    assert len(seals) == 1
    blocks = pg_witness(central)
    assert spans(blocks) == [(1, 1), (2, 2), (3, 5), (6, 6)]
    assert witnessed_hashes(blocks) == pg_expected(central)
    assert central.notices == []
    assert verify(central.path, extend=False).ok


def test_on_postgresql_the_chain_s_scans_stream_from_the_server(central: RatingLedger) -> None:
    """A scan of the log (``verify``, a seal's tail, an audit's recomputation) reads a few thousand rows at a
    time from a cursor on the server, as SQLite's cursor streams; a look-up by position is a plain query."""
    record_games(central, 1, 3)  # positions 3 to 5
    with closing(stores.store(central.path).snapshot()) as conn:
        scan = conn.execute(chain_witness.SELECT_ROWS, (0,))
        assert isinstance(scan, psycopg.ServerCursor)
        assert [row[0] for row in scan.fetchmany(2)] == [1, 2]
        assert [row[0] for row in scan.fetchmany(10)] == [3, 4, 5]
        one = conn.execute(chain_witness.SELECT_ROW, (4,))
        assert not isinstance(one, psycopg.ServerCursor) and one.fetchone()[0] == 4
    found = chain.recompute(central.path, [5])
    assert found[5].head == Head(5, pg_expected(central)[5].hex())
