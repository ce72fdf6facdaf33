"""``chain.recompute``: the chain's hashes at given positions from the events themselves, beside the witness's
(what ``audit`` proves a publication's head with). Expected hashes by the chain's definition,
computed in ``test_chain.py`` from the stored rows, not by the module."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from ledger import chain
from ledger.application import RatingLedger
from ledger.chain import Head, recompute
from tests.ledger.test_chain import delete, edit, expected_hashes, record_games, tamper


@pytest.fixture
def sealed(two_players: RatingLedger) -> RatingLedger:
    """Two players and ten games, positions 1 to 12, witnessed."""
    record_games(two_players, 1, 10)
    chain.seal(two_players.path)
    return two_players


def test_the_hashes_are_the_chain_of_the_definition_and_the_witness_s(sealed: RatingLedger) -> None:
    hashes = expected_hashes(sealed)
    found = recompute(sealed.path, [0, 5, 12, 13])
    assert sorted(found) == [0, 5, 12]  # 13 is past the log's end
    assert found[0].head == Head(0, "0" * 64) and found[0].witnessed == "0" * 64
    for position in (5, 12):
        assert found[position].head == Head(position, hashes[position].hex())
        assert found[position].witnessed == hashes[position].hex()


def test_an_edited_event_changes_the_hashes_from_it_on_and_not_the_witness(sealed: RatingLedger) -> None:
    hashes = expected_hashes(sealed)
    tamper(sealed, edit(7))
    found = recompute(sealed.path, [6, 7, 12])
    assert found[6].head.hash == found[6].witnessed == hashes[6].hex()
    for position in (7, 12):
        assert found[position].head.hash != hashes[position].hex()
        assert found[position].witnessed == hashes[position].hex()


def test_a_deleted_event_is_left_out_and_moves_the_hashes_after_it(sealed: RatingLedger) -> None:
    hashes = expected_hashes(sealed)
    tamper(sealed, delete(7))
    found = recompute(sealed.path, [7, 12])
    assert sorted(found) == [12]
    assert found[12].head.hash != hashes[12].hex()


def test_a_position_past_the_witness_is_recomputed_and_not_witnessed(sealed: RatingLedger) -> None:
    with closing(sqlite3.connect(sealed.path)) as conn, conn:  # a row the witness never saw: no seal after it
        conn.execute(
            "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
            "SELECT 'x', 1, topic, state FROM stored_events WHERE rowid = 12"
        )
    found = recompute(sealed.path, [13])
    assert found[13].witnessed is None
    assert found[13].head.hash == expected_hashes(sealed)[13].hex()
