"""The hash chain over the log: every tampering made directly in the SQLite file is caught, at its position.

A small ledger of 12 events (two players, ten games) is sealed, then edited
with ``sqlite3`` behind the application's back. Each test runs twice: with
witness blocks of 4 positions, so that tamperings fall on block boundaries,
and with the module's own block size.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from ledger import witness as chain_witness
from ledger.application import RatingLedger
from ledger.chain import (
    ChainError,
    Head,
    RecordedHead,
    VerifyReport,
    WitnessMismatchError,
    chain_head,
    parse_head,
    seal,
    verify,
)
from ledger.errors import NoLedgerError
from ledger.store import LedgerRecorder, SQLiteLogReader
from projections.replay import Projector
from tests.ledger.support import stored_rows

EVENTS = 12
"""Events of the :func:`small` ledger."""


@pytest.fixture(autouse=True, params=[4, chain_witness.BLOCK], ids=lambda size: f"blocks-of-{size}")
def block_size(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    size: int = request.param
    monkeypatch.setattr(chain_witness, "BLOCK", size)
    return size


@pytest.fixture(autouse=True)
def unsealed_recordings(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests seal the witness themselves, at the moments they choose: the application's own seal
    after every recording, and the witness a recording writes in its own transaction (tested below, in
    ``test_every_recording_extends_the_witness`` and after it), are switched off."""
    monkeypatch.setattr(RatingLedger, "seal_witness", lambda self: None)
    monkeypatch.setattr(LedgerRecorder, "witnesses", False)


def record_games(ledger: RatingLedger, first: int, count: int) -> None:
    for number in range(first, first + count):
        ledger.record_game(
            f"G{number}",
            white="A" if number % 2 else "B",
            black="B" if number % 2 else "A",
            result=("1-0", "0-1", "1/2-1/2")[number % 3],
            finished=f"2024-{1 + number % 12:02d}-10",
        )


@pytest.fixture
def small(two_players: RatingLedger) -> RatingLedger:
    """Two players and ten games: positions 1 to 12."""
    record_games(two_players, 1, EVENTS - 2)
    return two_players


# --- the chain, by its definition ---------------------------------------------------


def expected_hashes(ledger: RatingLedger) -> dict[int, bytes]:
    """h(i) for every position, computed here from the stored rows by the definition, not by the module."""
    h = bytes(32)
    hashes = {}
    for position, originator_id, version, topic, state in stored_rows(ledger):
        h = hashlib.sha256(h + f"{position}\n{topic}\n{originator_id}\n{version}\n".encode() + state).digest()
        hashes[position] = h
    return hashes


def test_the_head_is_the_chain_of_the_definition(small: RatingLedger) -> None:
    hashes = expected_hashes(small)
    assert list(hashes) == list(range(1, EVENTS + 1))
    assert chain_head(small.path) == Head(EVENTS, hashes[EVENTS].hex())
    for position, digest in hashes.items():
        assert chain_head(small.path, upto=position) == Head(position, digest.hex())
    assert chain_head(small.path, upto=0) == Head(0, "0" * 64)


def test_the_witness_holds_every_position_and_its_hash(small: RatingLedger, block_size: int) -> None:
    seal(small.path)
    with closing(sqlite3.connect(small.path)) as conn:
        rows = conn.execute(
            "SELECT block, first_position, last_position, positions, hashes FROM log_chain ORDER BY block"
        ).fetchall()
    hashes = expected_hashes(small)
    firsts = list(range(1, EVENTS + 1, block_size))
    assert [row[:4] for row in rows] == [
        (number, first, min(first + block_size - 1, EVENTS), None) for number, first in enumerate(firsts, 1)
    ]
    assert b"".join(row[4] for row in rows) == b"".join(hashes.values())


def test_an_untampered_log_verifies(small: RatingLedger) -> None:
    head = seal(small.path)
    report = verify(small.path, external=head)
    assert report.ok
    assert report.first is None
    assert (report.events, report.head, report.witnessed, report.heads, report.sealed) == (EVENTS, head, EVENTS, 1, 0)
    assert report.summary().startswith(f"the log of {EVENTS} events matches: head {head}")


def test_the_first_verify_witnesses_the_log(small: RatingLedger) -> None:
    report = verify(small.path)
    assert report.ok
    assert (report.witnessed, report.sealed) == (0, EVENTS)
    assert verify(small.path).witnessed == EVENTS


def test_events_appended_after_a_seal_verify_and_extend_the_witness(small: RatingLedger) -> None:
    seal(small.path)
    record_games(small, 100, 5)
    report = verify(small.path)
    assert report.ok
    assert (report.events, report.witnessed, report.sealed) == (EVENTS + 5, EVENTS, 5)
    assert report.head == Head(EVENTS + 5, expected_hashes(small)[EVENTS + 5].hex())
    again = verify(small.path)
    assert (again.ok, again.witnessed, again.sealed) == (True, EVENTS + 5, 0)
    record_games(small, 200, 2)
    assert seal(small.path) == Head(EVENTS + 7, expected_hashes(small)[EVENTS + 7].hex())


def test_verify_without_extending_seals_nothing(small: RatingLedger) -> None:
    seal(small.path)
    record_games(small, 100, 3)
    assert verify(small.path, extend=False).sealed == 0
    assert verify(small.path).witnessed == EVENTS


def test_an_external_head_at_an_earlier_position_of_an_intact_log_passes(small: RatingLedger) -> None:
    earlier = chain_head(small.path, upto=5)
    record_games(small, 100, 3)
    report = verify(small.path, recorded=[RecordedHead(chain_head(small.path, upto=9), at=10)], external=earlier)
    assert report.ok
    assert report.heads == 2
    assert verify(small.path, external=Head(0, "0" * 64)).ok


def test_an_empty_ledger_verifies(ledger: RatingLedger) -> None:
    empty = Head(0, "0" * 64)
    assert chain_head(ledger.path) == empty
    report = verify(ledger.path, external=empty)
    assert (report.ok, report.events, report.head) == (True, 0, empty)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NoLedgerError, match=r"no ledger at .*nothing\.db: create one with `ratings init "):
        verify(str(tmp_path / "nothing.db"))
    assert list(tmp_path.iterdir()) == []


# --- tampering, directly in the file -------------------------------------------------

Tamper = Callable[[sqlite3.Connection], None]


def tamper(ledger: RatingLedger, change: Tamper) -> None:
    with closing(sqlite3.connect(ledger.path)) as conn, conn:
        change(conn)


def row(conn: sqlite3.Connection, position: int) -> tuple[Any, ...]:
    found: tuple[Any, ...] = conn.execute(
        "SELECT originator_id, originator_version, topic, state FROM stored_events WHERE rowid = ?", (position,)
    ).fetchone()
    return found


def edit(position: int) -> Tamper:
    """Back-date the event at ``position`` by a year: a one-byte change of its stored state."""

    def change(conn: sqlite3.Connection) -> None:
        state = row(conn, position)[3]
        edited = state.replace(b"2024-", b"2023-", 1)
        assert edited != state
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (edited, position))

    return change


def delete(position: int) -> Tamper:
    def change(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM stored_events WHERE rowid = ?", (position,))

    return change


def swap(first: int, second: int) -> Tamper:
    """Exchange the contents of two rows, keeping their positions."""

    def change(conn: sqlite3.Connection) -> None:
        one, other = row(conn, first), row(conn, second)
        put = "UPDATE stored_events SET originator_id=?, originator_version=?, topic=?, state=? WHERE rowid=?"
        conn.execute("UPDATE stored_events SET originator_id = 'moving' WHERE rowid = ?", (first,))
        conn.execute(put, (*one, second))
        conn.execute(put, (*other, first))

    return change


def insert(position: int) -> Tamper:
    """A forged game at ``position``: every row from there on moves up one position."""

    def change(conn: sqlite3.Connection) -> None:
        last = conn.execute("SELECT max(rowid) FROM stored_events").fetchone()[0]
        for moved in range(last, position - 1, -1):
            conn.execute("UPDATE stored_events SET rowid = rowid + 1 WHERE rowid = ?", (moved,))
        _, version, topic, state = row(conn, EVENTS + 1)  # a game, now one position up
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?, ?)",
            (position, uuid4().hex, version, topic, state.replace(b'"G', b'"X', 1)),
        )

    return change


def witness(ledger: RatingLedger) -> list[tuple[Any, ...]]:
    """Every row of the witness table, or none when there is no table yet."""
    with closing(sqlite3.connect(ledger.path)) as conn:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'log_chain'").fetchone() is None:
            return []
        return conn.execute("SELECT * FROM log_chain ORDER BY block").fetchall()


def caught(report: VerifyReport, position: int, *words: str) -> None:
    first = report.first
    assert not report.ok
    assert first is not None, report
    assert (first.position, first.exact) == (position, True), first
    assert f"position {position}" in first.reason
    for word in words:
        assert word in first.reason, first.reason
    assert report.summary().startswith(f"the log stops matching at position {position}: ")


@pytest.mark.parametrize("position", [1, 4, 5, 7, EVENTS])
def test_an_edited_event_is_caught_at_its_position(small: RatingLedger, position: int) -> None:
    seal(small.path)
    tamper(small, edit(position))
    caught(verify(small.path), position, "does not match the chain witnessed on")


@pytest.mark.parametrize("position", [1, 4, 5, 7, EVENTS])
def test_a_deleted_event_is_caught_at_its_position(small: RatingLedger, position: int) -> None:
    seal(small.path)
    tamper(small, delete(position))
    caught(verify(small.path), position, "is missing")


@pytest.mark.parametrize(("first", "second"), [(1, 2), (1, EVENTS), (4, 5), (6, 9), (EVENTS - 1, EVENTS)])
def test_two_swapped_events_are_caught_at_the_first(small: RatingLedger, first: int, second: int) -> None:
    seal(small.path)
    tamper(small, swap(first, second))
    caught(verify(small.path), first, "does not match the chain witnessed on")


@pytest.mark.parametrize("position", [1, 4, 5, 7, EVENTS])
def test_an_inserted_event_is_caught_at_its_position(small: RatingLedger, position: int) -> None:
    seal(small.path)
    tamper(small, insert(position))
    assert len(stored_rows(small)) == EVENTS + 1
    caught(verify(small.path), position, "(GameRecorded) does not match")


def test_an_event_inserted_into_a_gap_is_caught(small: RatingLedger) -> None:
    tamper(small, delete(6))  # a gap before the first seal: the witness records the positions it saw
    assert verify(small.path).ok
    assert any(block[4] is not None for block in witness(small))
    assert verify(small.path).witnessed == EVENTS - 1

    def fill(conn: sqlite3.Connection) -> None:
        _, version, topic, state = row(conn, 7)
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?, ?)",
            (6, uuid4().hex, version, topic, state),
        )

    tamper(small, fill)
    caught(verify(small.path), 6, "was not in the chain witnessed on", "inserted")


def test_a_tampered_log_is_caught_after_more_events_and_verify_writes_nothing(small: RatingLedger) -> None:
    seal(small.path)
    tamper(small, edit(3))
    record_games(small, 100, 4)
    before = witness(small)
    report = verify(small.path)
    caught(report, 3)
    assert (report.events, report.sealed) == (EVENTS + 4, 0)
    assert witness(small) == before


def test_seal_refuses_when_the_last_witnessed_event_changed(small: RatingLedger) -> None:
    seal(small.path)
    tamper(small, edit(EVENTS))
    record_games(small, 100, 2)
    before = witness(small)
    with pytest.raises(WitnessMismatchError, match=f"position {EVENTS} .* does not match"):
        seal(small.path)
    assert witness(small) == before
    tamper(small, delete(EVENTS))
    with pytest.raises(WitnessMismatchError, match=f"position {EVENTS} is missing"):
        chain_head(small.path)


def test_seal_extends_the_witness_from_its_own_hash_not_from_a_log_tampered_further_back(
    small: RatingLedger,
) -> None:
    original = expected_hashes(small)
    seal(small.path)
    tamper(small, edit(2))
    record_games(small, 100, 1)
    head = seal(small.path)
    position, originator_id, version, topic, state = stored_rows(small)[-1]
    step = hashlib.sha256(original[EVENTS] + f"{position}\n{topic}\n{originator_id}\n{version}\n".encode() + state)
    assert head == Head(EVENTS + 1, step.hexdigest())
    assert head.hash != expected_hashes(small)[EVENTS + 1].hex()  # what the tampered log hashes to
    caught(verify(small.path), 2)


def test_a_rewritten_chain_and_witness_are_caught_only_by_heads_kept_elsewhere(small: RatingLedger) -> None:
    external = chain_head(small.path)
    recorded = RecordedHead(chain_head(small.path, upto=6), at=7)
    tamper(small, edit(3))

    def forget(conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM log_chain")

    tamper(small, forget)
    rewritten = seal(small.path)  # a witness consistent with the edited log
    assert rewritten != external
    assert verify(small.path).ok

    report = verify(small.path, external=external)
    assert not report.ok
    first = report.first
    assert first is not None
    assert (first.position, first.exact) == (EVENTS, False)
    assert first.reason == (
        f"the external head {external.short()} does not match: "
        f"the log at position {EVENTS} hashes to {rewritten.hash[:16]}…"
    )
    assert report.summary().startswith(f"the log stops matching at or before position {EVENTS}: ")

    report = verify(small.path, recorded=[recorded], external=external)
    assert [(m.position, m.exact) for m in report.mismatches] == [(6, False), (EVENTS, False)]
    assert report.mismatches[0].reason.startswith(f"the head {recorded.head.short()} recorded at position 7 does not")


def test_an_external_head_past_the_end_of_the_log_fails(small: RatingLedger) -> None:
    report = verify(small.path, external=Head(99, "ab" * 32))
    first = report.first
    assert first is not None
    assert (first.position, first.exact) == (EVENTS + 1, False)
    assert first.reason == f"the external head 99:{'ab' * 8}… names position 99 but the log ends at {EVENTS}"
    assert witness(small) == []


def test_a_recorded_head_naming_a_deleted_position_fails(small: RatingLedger) -> None:
    recorded = chain_head(small.path, upto=5)
    tamper(small, delete(5))
    report = verify(small.path, recorded=[recorded])
    assert [(m.position, m.exact) for m in report.mismatches] == [(5, True), (5, False)]
    assert "which is missing from the log" in report.mismatches[1].reason


def test_chain_head_refuses_a_position_the_log_does_not_hold(small: RatingLedger) -> None:
    with pytest.raises(ChainError, match="ends at position 12"):
        chain_head(small.path, upto=EVENTS + 1)


# --- heads as text ------------------------------------------------------------------

DIGEST = hashlib.sha256(b"a head").hexdigest()


def test_a_head_is_written_and_read_as_position_colon_hash() -> None:
    head = parse_head(f"  40:{DIGEST}\n")
    assert head == Head(40, DIGEST)
    assert str(head) == f"40:{DIGEST}"
    assert parse_head(str(head)) == head
    assert head.short() == f"40:{DIGEST[:16]}…"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not POSITION:HASH"),
        (DIGEST, "is not POSITION:HASH"),
        ("40", "is not POSITION:HASH"),
        (f":{DIGEST}", "the position '' is not a whole number"),
        (f"-1:{DIGEST}", "the position '-1' is not a whole number"),
        (f"4x:{DIGEST}", "the position '4x' is not a whole number"),
        (f"٤٠:{DIGEST}", "is not a whole number"),
        (f"4 0:{DIGEST}", "is not a whole number"),
        ("40:", "the hash has 0 characters, not 64"),
        (f"40:{DIGEST[:-1]}", "the hash has 63 characters, not 64"),
        (f"40:{DIGEST}0", "the hash has 65 characters, not 64"),
        (f"40:{DIGEST}:1", "the hash has 66 characters, not 64"),
        (f"40:{DIGEST.upper()}", "not lowercase hex"),
        (f"40:{'g' * 64}", "not lowercase hex"),
    ],
)
def test_a_malformed_head_is_refused(text: str, message: str) -> None:
    with pytest.raises(ChainError, match=message):
        parse_head(text)


def test_a_head_checks_its_own_fields() -> None:
    with pytest.raises(ChainError, match="cannot be negative"):
        Head(-1, DIGEST)
    with pytest.raises(ChainError, match="64 lowercase hex digits"):
        Head(1, "abc")
    assert issubclass(ChainError, ValueError)


def test_every_recording_extends_the_witness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The application seals after each recording and each import, so the witness ends at the
    head and a projections file is checked against it without hashing the log again."""
    monkeypatch.undo()
    ledger = RatingLedger.create(str(tmp_path / "sealed.db"), user="t")
    try:
        ledger.register_player("A", "Anna", source="iccf", starting_rating=2000, rated_games=50)
        ledger.register_player("B", "Bob", source="iccf", starting_rating=1800, rated_games=50)
        record_games(ledger, 1, 3)
        with closing(sqlite3.connect(ledger.path)) as conn:
            blocks = conn.execute("SELECT first_position, last_position FROM log_chain ORDER BY block").fetchall()
        assert blocks == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]  # one seal a recording
        hashes = expected_hashes(ledger)
        assert verify(ledger.path).ok and chain_head(ledger.path) == Head(5, hashes[5].hex())
        assert ledger.notices == []
    finally:
        ledger.close()


@pytest.mark.parametrize("position", [0, -1, -7, -(2**63)])
@pytest.mark.parametrize("kind", ["GameVoided", "PlayerRegistered"])
def test_a_row_at_a_position_at_or_below_0_is_caught_and_never_read(
    small: RatingLedger, position: int, kind: str
) -> None:
    """The chain covers positions above 0; a row put in at or below 0 (which no command writes)
    fails verify at its position, and neither the application nor a projection reads it."""
    seal(small.path)
    [(originator_id, state)] = [
        (row[1], row[4]) for row in stored_rows(small) if row[0] == 3
    ]  # G1's recording: a void of it, or a registration of a player "G1"
    with closing(sqlite3.connect(small.path)) as conn:
        conn.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?, ?)",
            (position, originator_id if kind == "GameVoided" else uuid4().hex, 2, f"ledger.events:{kind}", state),
        )
        conn.commit()
    caught(verify(small.path, extend=False), position, "is outside the chain")
    assert small.game("G1").voided is False  # the application's read of the aggregate skips it
    reader = SQLiteLogReader(small.path)
    try:
        assert min(record.position for record in reader.records()) == 1
        assert Projector(reader).facts().position == EVENTS
    finally:
        reader.close()


def imported_games(count: int) -> list[tuple[int, dict[str, str]]]:
    return [
        (
            line,
            {
                "game": f"I{line}",
                "white": "A" if line % 2 else "B",
                "black": "B" if line % 2 else "A",
                "result": "1-0",
                "finished": "2024-02-10",
                "tournament": "",
                "forfeit": "",
            },
        )
        for line in range(2, 2 + count)
    ]


def test_an_import_witnesses_its_rows_in_its_own_transaction(two_players: RatingLedger) -> None:
    """The rows of an import are hashed as they go in, and their witness written in the import's transaction:
    with the application's seal after it switched off (this module's fixture), the witness still ends at the
    head, position by position as the definition hashes them."""
    seal(two_players.path)
    assert two_players.import_games(imported_games(2 * chain_witness.BLOCK + 3)) == 2 * chain_witness.BLOCK + 3
    hashes = expected_hashes(two_players)
    head = max(hashes)
    assert head == 2 + 2 * chain_witness.BLOCK + 3
    blocks = witness(two_players)
    witnessed = {
        first + index: hashes_blob[32 * index : 32 * index + 32]
        for _, first, last, _, _, hashes_blob in blocks
        for index in range(last - first + 1)
    }
    assert witnessed == hashes
    report = verify(two_players.path, extend=False)
    assert report.ok and report.witnessed == head and report.sealed == 0


def test_an_import_after_an_unsealed_tail_leaves_its_rows_to_the_next_seal(two_players: RatingLedger) -> None:
    """When the witness does not end at the log's last position, the import writes no witness of its own (its
    rows could not be numbered from the witness); the next seal witnesses everything, from the definition."""
    seal(two_players.path)
    record_games(two_players, 1, 2)  # not sealed: the witness ends two positions before the head
    before = witness(two_players)
    two_players.import_games(imported_games(5))
    assert witness(two_players) == before
    assert seal(two_players.path) == Head(9, expected_hashes(two_players)[9].hex())
    assert verify(two_players.path).ok
