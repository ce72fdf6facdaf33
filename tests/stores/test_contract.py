"""One contract, every store: the ledger's behaviour, run once on SQLite and once on PostgreSQL.

:class:`LedgerContract` holds the tests; :class:`TestSQLite` and :class:`TestPostgreSQL` give it a store,
as eventsourcing runs one recorder test case per store. The expected ratings are worked by hand in
``tests/commands/test_list.py`` and ``tests/commands/test_audit.py`` (IECG §V.2–§V.4); what the suite
adds is that every store gives them, refuses the same inputs with the same messages while leaving its
log as it was, and catches the same tamperings. :class:`TestBetweenStores` copies ledgers from one
store to the other and back.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledger import chain
from ledger.application import RatingLedger
from ledger.errors import DuplicateGameError
from projections.api import Ratings as Ratings_
from tests.commands.test_audit import NOW, PUBLISHED, later_facts, publish_scenario
from tests.pg_support import fresh_database
from tests.stores.stores import PostgresStore, Ratings, SQLiteStore, Store

RULES = ("--rules", "iecg-1.7")
DATA = Path(__file__).parent.parent / "data"
GAMES = "game,white,black,result,finished,tournament,forfeit\n"


def ratings_of(document: str) -> dict[str, int]:
    return {row["player"]: row["rating"] for row in json.loads(document)["players"]}


def edit_state(store: Store, position: int) -> None:
    """Turn the game at ``position`` from 1-0 into 0-1 by hand."""
    state = store.execute("SELECT state FROM stored_events WHERE rowid = ?", (position,))[0][0]
    store.execute(
        "UPDATE stored_events SET state = ? WHERE rowid = ?", (bytes(state).replace(b'"1-0"', b'"0-1"'), position)
    )


class LedgerContract:
    """The ledger's behaviour on one store; each subclass gives the ``store`` fixture its tests use (this class,
    whose name does not start with ``Test``, is not collected itself)."""

    @pytest.fixture
    def bare(self, store: Store, tmp_path: Path) -> Ratings:
        """``ratings`` on the store, before ``ratings init``."""
        cache = tmp_path / "cache"
        cache.mkdir()
        return Ratings(store, cache)

    @pytest.fixture
    def ratings(self, bare: Ratings) -> Ratings:
        bare.ok("init")
        return bare

    # --- the ledger is made on purpose --------------------------------------------------

    def test_no_ledger_until_init_and_init_only_once(self, bare: Ratings) -> None:
        bare.refused("list", *RULES, "--period", "2024-01", message="no ledger at")
        bare.refused("player", "register", "A", "--name", "Anna", message="create one with `ratings init")
        assert bare.ok("init").output.startswith("created an empty ledger: ")
        bare.refused("init", message="already")
        assert bare.ok("verify").output.startswith("the log of 0 events matches")

    # --- recording, and the worked example -----------------------------------------------

    def test_one_game_worked_by_hand(self, ratings: Ratings) -> None:
        """Anna 2000 beats Bob 1800, both established on 100 games: 2005 and 1795 (tests/commands/test_list.py)."""
        ratings.established("A", "Anna Adler", 2000)
        ratings.established("B", "Bob Byrne", 1800)
        ratings.game("G1", "A", "B", "1-0", "2024-01-10")
        document = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output
        assert ratings_of(document) == {"A": 2005, "B": 1795}
        log = ratings.ok("log").output
        assert [line.split()[1] for line in log.splitlines()[-3:]] == ["PlayerRegistered", "PlayerRegistered",
                                                                       "GameRecorded"]  # fmt: skip

    def test_refusals_leave_the_log_as_it_was(self, ratings: Ratings) -> None:
        ratings.established("A", "Anna Adler", 2000)
        ratings.established("B", "Bob Byrne", 1800)
        ratings.game("G1", "A", "B", "1-0", "2024-01-10")
        game = ("--white", "A", "--black", "B", "--finished", "2024-01-11", "--reported", "2024-01-11")
        ratings.refused("game", "record", "G1", *game, "--result", "1-0", message="'G1' is already recorded")
        ratings.refused("game", "record", "G2", "--white", "A", "--black", "Z", "--result", "1-0",
                        "--finished", "2024-01-11", message="unknown player 'Z'")  # fmt: skip
        ratings.refused("game", "record", "G2", "--white", "A", "--black", "A", "--result", "1-0",
                        "--finished", "2024-01-11", message="cannot play against himself")  # fmt: skip
        ratings.refused("game", "record", "G2", *game, "--result", "2-0", message="result '2-0' is not one of")
        ratings.refused("player", "register", "A", "--name", "Again", message="'A' is already registered")
        ratings.refused("game", "correct", "G9", "--result", "0-1", "--reason", "x", message="unknown game 'G9'")
        ratings.refused("verify", "--head", "seven", message="is not POSITION:HASH")
        # After the refusals, the log records on as before, and verifies.
        ratings.game("G2", "B", "A", "1/2-1/2", "2024-01-12")
        assert ratings.ok("verify").output.startswith("the log of 4 events matches")

    def test_an_import_is_all_or_nothing(self, ratings: Ratings, tmp_path: Path) -> None:
        players = tmp_path / "players.csv"
        players.write_text(
            "player,name,country,source,starting_rating,rated_games\n"
            "A,Anna Adler,DE,iccf,2000,100\nB,Bob Byrne,IE,iccf,1800,100\n",
            encoding="utf-8",
        )
        assert "imported 2 players" in ratings.ok("import", "players", str(players)).output
        bad = tmp_path / "bad.csv"
        bad.write_text(
            f"{GAMES}G1,A,B,1-0,2024-01-10,,\nG2,B,A,1-0,2024-01-11,,\nG1,B,A,0-1,2024-01-12,,\n",
            encoding="utf-8",
        )
        ratings.refused("import", "games", str(bad), message="line 4")
        good = tmp_path / "good.csv"
        good.write_text(f"{GAMES}G1,A,B,1-0,2024-01-10,,\n", encoding="utf-8")
        assert "imported 1 games" in ratings.ok("import", "games", str(good)).output
        ratings.refused("import", "games", str(good), message="'G1' is already recorded")
        document = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output
        assert ratings_of(document) == {"A": 2005, "B": 1795}
        assert ratings.ok("verify").output.startswith("the log of 3 events matches")

    def test_a_tournament_report_imports_the_same_on_every_store(self, ratings: Ratings) -> None:
        """The real San Viator report (tests/data/trf/README.md): 137 players, 411 games, 15 forfeits."""
        trf = str(DATA / "trf" / "san_viator_2018_b.trf")
        out = ratings.ok("import", "trf", trf, "--register-new", "--priors", "--prior-games", "30").output
        assert "137 players (137 new), 411 games (15 forfeits, 0 not rated), 117 priors" in out
        assert "imported 137 byes (99 H, 3 F, 5 U, 30 Z)" in out
        assert "points:" not in out  # every player's points column agrees with his games and byes
        ratings.refused("import", "trf", trf, "--register-new", message="already")
        # 137 registrations and their 137 FIDE ids, the event, 411 games, 117 priors, 137 byes
        assert ratings.ok("verify").output.startswith("the log of 940 events matches")

    # --- corrections, known-at lists, publish, audit ---------------------------------------

    def test_the_published_list_is_reproduced_after_later_facts(self, ratings: Ratings) -> None:
        document, head = publish_scenario(ratings)
        later_facts(ratings)
        now = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output
        assert ratings_of(now) == NOW
        known = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-01")
        assert known.output == document
        on_5th = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-05")
        assert ratings_of(on_5th.output) == {"A": 2005, "B": 1797, "C": 1600, "D": 1399}
        audit = ratings.ok("audit", *RULES, "--period", "2024-01").output
        assert f"   yes: digest sha256:{hashlib.sha256(document.encode()).hexdigest()} (4 players)" in audit
        assert "A Player A: 2005 established #1 → 1985 established #1\n        10  GameCorrected G1" in audit
        out = ratings.ok("verify", "--head", head).output
        assert out.startswith("the log of 11 events matches") and "and 2 heads" in out

    def test_the_python_api_reads_and_records_on_the_store(self, ratings: Ratings) -> None:
        """``RatingLedger(db)`` records and ``Ratings.open(db)`` answers, whatever the store (docs/api.md)."""
        publish_scenario(ratings)
        ledger = RatingLedger(ratings.store.db, user="api")
        try:
            ledger.record_game(
                "G4", white="C", black="D", result="1/2-1/2", finished="2024-02-20", reported_on="2024-03-05"
            )
            with pytest.raises(DuplicateGameError, match="game 'G4' is already recorded"):
                ledger.record_game("G4", white="C", black="D", result="1-0", finished="2024-02-20")
        finally:
            ledger.close()
        with Ratings_.open(ratings.store.db, str(ratings.cache_dir)) as api:
            known = api.list("iecg-1.7", "2024-01", known_at="2024-03-01")
            assert {row["player"]: row["rating"] for row in known.rows} == PUBLISHED
            assert api.audit("iecg-1.7", "2024-01").reproduces
            now = api.list("iecg-1.7", "2024-01")
        # The late draw counts in the period 2024-01 (tests/commands/test_audit.py works it: D 1398.572 → 1399).
        assert {row["player"]: row["rating"] for row in now.rows} == {"A": 2005, "B": 1797, "C": 1600, "D": 1399}

    def test_a_reader_kept_open_sees_what_the_log_gains(self, ratings: Ratings) -> None:
        publish_scenario(ratings)
        with Ratings_.open(ratings.store.db, str(ratings.cache_dir)) as api:
            assert {row["player"]: row["rating"] for row in api.list("iecg-1.7", "2024-01").rows} == PUBLISHED
            later_facts(ratings)  # another process, as far as the open reader knows
            assert {row["player"]: row["rating"] for row in api.list("iecg-1.7", "2024-01").rows} == NOW

    def test_lists_are_the_same_cold_cached_and_twice(self, ratings: Ratings) -> None:
        publish_scenario(ratings)
        cold = ratings.ok("--no-cache", "list", *RULES, "--period", "2024-01").output
        assert ratings.ok("list", *RULES, "--period", "2024-01").output == cold  # builds the projections file
        assert ratings.ok("list", *RULES, "--period", "2024-01").output == cold  # reads it
        later_facts(ratings)
        cold = ratings.ok("--no-cache", "list", *RULES, "--period", "2024-01").output
        assert ratings.ok("list", *RULES, "--period", "2024-01").output == cold
        assert ratings.ok("verify", "--cache").output.splitlines()[-1].startswith("the projections file")

    # --- verify catches every tampering -------------------------------------------------

    def test_verify_names_an_edited_event(self, ratings: Ratings, store: Store) -> None:
        publish_scenario(ratings)
        later_facts(ratings)
        ratings.ok("verify")  # seals the witness up to position 11
        edit_state(store, 6)  # G2's result
        result = ratings("verify")
        assert result.exit_code == 1
        assert "position 6" in result.output.splitlines()[0]

    def test_verify_names_a_deleted_event(self, ratings: Ratings, store: Store) -> None:
        publish_scenario(ratings)
        store.execute("DELETE FROM stored_events WHERE rowid = 6")
        result = ratings("verify")
        assert result.exit_code == 1
        assert "position 6 is missing" in result.output

    def test_verify_names_two_swapped_events(self, ratings: Ratings, store: Store) -> None:
        publish_scenario(ratings)
        g2, g3 = store.rows()[5][4], store.rows()[6][4]
        store.execute("UPDATE stored_events SET state = ? WHERE rowid = 6", (bytes(g3),))
        store.execute("UPDATE stored_events SET state = ? WHERE rowid = 7", (bytes(g2),))
        result = ratings("verify")
        assert result.exit_code == 1
        assert "position 6 (GameRecorded) does not match the chain" in result.output

    def test_a_damaged_projections_file_is_set_aside(self, ratings: Ratings) -> None:
        publish_scenario(ratings)
        cold = ratings.ok("--no-cache", "list", *RULES, "--period", "2024-01").output
        ratings.ok("list", *RULES, "--period", "2024-01")
        (cache,) = ratings.cache_dir.glob("*.projections.db")
        for file in ratings.cache_dir.glob("*.projections.db*"):
            file.unlink()  # its write-ahead log too, which would hold every page
        cache.write_bytes(b"not a projections file" * 100)
        result = ratings.ok("list", *RULES, "--period", "2024-01")
        assert result.stdout == cold
        assert "set aside" in result.stderr

    def test_verify_names_a_row_outside_the_chain(self, ratings: Ratings, store: Store) -> None:
        publish_scenario(ratings)
        _, originator, version, topic, state = store.rows()[4]  # G1
        store.execute(
            "INSERT INTO stored_events (rowid, originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?, ?)",
            (-1, originator, version + 1, topic, bytes(state)),
        )
        result = ratings("verify")
        assert result.exit_code == 1
        assert "position -1 (GameRecorded) is outside the chain" in result.output
        ratings.refused("game", "record", "G9", "--white", "A", "--black", "B", "--result", "1-0",
                        "--finished", "2024-01-11", message="outside the hash chain")  # fmt: skip

    def test_the_external_head_catches_a_rewritten_chain(self, ratings: Ratings, store: Store) -> None:
        """Whoever edits an event and rebuilds the witness and the recorded head is caught by the head kept outside."""
        _, head = publish_scenario(ratings)
        edit_state(store, 5)
        store.execute("DELETE FROM log_chain")
        forged = chain.chain_head(store.db, upto=7)
        state = bytes(store.execute("SELECT state FROM stored_events WHERE rowid = 8")[0][0])
        store.execute(
            "UPDATE stored_events SET state = ? WHERE rowid = 8",
            (state.replace(head.split(":")[1].encode(), forged.hash.encode()),),
        )
        store.execute("DELETE FROM log_chain")
        assert ratings.ok("verify").output.startswith("the log of 8 events matches")  # it matches itself
        result = ratings("verify", "--head", head)
        assert result.exit_code == 1
        assert result.output.startswith("the log stops matching at or before position 7: the external head")

    def test_backup_copies_the_ledger_into_a_sqlite_file_that_verifies(self, ratings: Ratings, tmp_path: Path) -> None:
        _, head = publish_scenario(ratings)
        copy = tmp_path / "backup.db"
        assert ratings.ok("backup", str(copy)).output.endswith(": 8 events\n")
        other = Ratings(SQLiteStore(copy), ratings.cache_dir)
        assert other.ok("verify", "--head", head).output.startswith("the log of 8 events matches")
        assert other.store.rows() == ratings.store.rows()
        ratings.refused("backup", str(copy), message="already exists")


class TestSQLite(LedgerContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[Store]:
        yield SQLiteStore(tmp_path / "ledger.db")


class TestPostgreSQL(LedgerContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[Store]:
        with fresh_database() as url:
            yield PostgresStore(url)

    def test_a_server_that_cannot_be_reached_is_named(self, ratings: Ratings, tmp_path: Path) -> None:
        away = Ratings(PostgresStore("postgresql://postgres@127.0.0.1:1/ledger"), ratings.cache_dir)
        result = away("list", *RULES, "--period", "2024-01")
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: cannot reach the ledger postgresql://postgres@127.0.0.1:1/ledger: ")
        assert "Traceback" not in result.output
        nameless = Ratings(PostgresStore("postgresql://postgres@127.0.0.1:5432"), ratings.cache_dir)
        nameless.refused("init", message="names no database: write postgresql://USER@HOST:PORT/DBNAME")

    def test_a_database_holding_eventsourcing_s_row_type_takes_a_ledger(self, bare: Ratings, store: Store) -> None:
        """Another eventsourcing application of the database made the row type the log's inserts use."""
        store.execute(
            "CREATE TYPE stored_event_uuid AS (originator_id uuid, originator_version bigint, topic text, state bytea)"
        )
        bare.ok("init")
        bare.established("A", "Anna Adler", 2000)
        assert bare.ok("verify").output.startswith("the log of 1 events matches")

    def test_a_database_of_another_application_is_not_a_ledger(self, bare: Ratings, store: Store) -> None:
        store.execute("CREATE TABLE ratingledger_events (x integer)")
        bare.refused("list", *RULES, "--period", "2024-01", message="is not a rating ledger")
        bare.refused("init", message="already holds a ledger")


# --- between stores -------------------------------------------------------------------


@pytest.fixture
def central() -> Iterator[PostgresStore]:
    with fresh_database() as url:
        yield PostgresStore(url)


def test_copy_moves_a_ledger_to_postgresql_and_back(tmp_path: Path, central: PostgresStore) -> None:
    """Event for event, same positions, same chain: the published head verifies on every copy, and every list
    and audit is the same bytes."""
    cache = tmp_path / "cache"
    cache.mkdir()
    local = Ratings(SQLiteStore(tmp_path / "federation.db"), cache)
    local.ok("init")
    _, head = publish_scenario(local)
    later_facts(local)
    out = local.ok("copy", "--to", central.db).output
    assert out.startswith(f"copied {local.store.db} to {central.db}: 11 events")
    assert central.rows() == local.store.rows()
    office = Ratings(central, cache)
    assert office.ok("verify", "--head", head).output.startswith("the log of 11 events matches")
    for args in (("list", *RULES, "--period", "2024-01"), ("audit", *RULES, "--period", "2024-01"),
                 ("history", "A", *RULES), ("explain", "B", *RULES, "--period", "2024-01")):  # fmt: skip
        assert office.ok(*args).output == local.ok(*args).output
    office.game("G5", "A", "D", "1-0", "2024-02-02")
    back = Ratings(SQLiteStore(tmp_path / "back.db"), cache)
    local.refused("copy", "--from", central.db, "--to", local.store.db, message="is the ledger")  # never onto a ledger
    assert office.ok("copy", "--to", back.store.db).output.startswith(f"copied {central.db} to {back.store.db}: 12")
    assert back.store.rows() == central.rows()
    assert back.ok("verify").output.splitlines()[0].startswith("the log of 12 events matches")
    office.refused("copy", "--from", local.store.db, "--to", central.db, message="already holds a ledger with events")


def test_copy_refuses_a_source_that_does_not_verify(tmp_path: Path, central: PostgresStore) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    local = Ratings(SQLiteStore(tmp_path / "federation.db"), cache)
    local.ok("init")
    publish_scenario(local)
    edit_state(local.store, 6)
    local.refused("copy", "--to", central.db, message="does not verify (position 6")
    assert central.rows() == []
    local.refused("copy", "--to", str(tmp_path / "copy.db"), message="does not verify")
    assert not (tmp_path / "copy.db").exists()


def test_the_same_facts_give_the_same_bytes_on_both_stores(tmp_path: Path, central: PostgresStore) -> None:
    outputs = []
    for store in (SQLiteStore(tmp_path / "federation.db"), central):
        cache = tmp_path / f"cache-{store.name}"
        cache.mkdir()
        ratings = Ratings(store, cache)
        ratings.ok("init")
        publish_scenario(ratings)
        later_facts(ratings)
        # The events' states hold the time they were recorded, so the two logs' hashes differ: masked.
        outputs.append(
            [
                re.sub(r"[0-9a-f]{12,}", "#", ratings.ok(*args).output)
                for args in (
                    ("list", *RULES, "--period", "2024-01", "--format", "csv"),
                    ("list", *RULES, "--period", "2024-01", "--known-at", "2024-03-05"),
                    ("audit", *RULES, "--period", "2024-01"),
                    ("history", "D", *RULES),
                    ("log",),
                )
            ]
        )
        assert store.rows()[-1][0] == 11
    assert outputs[0] == outputs[1]
