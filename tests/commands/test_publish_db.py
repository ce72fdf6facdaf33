"""``ratings publish-db``: the publication database for Datasette (issue 14 §3).

The scenario of test_audit.py, with its games in one event: four established players (ICCF, 100 rated games),
G1 A–B 1-0, G2 C–D 1-0, G3 B–D 1-0 in January 2024; the list of 2024-01 published on 2024-03-01; then a late
draw G4 C–D (2024-02-20), G1 corrected to 0-1 and G3 voided. Ratings worked by hand in test_audit.py:
published A 2005, B 1797, C 1605, D 1393; now A 1985, B 1815, C 1600, D 1400 (positions unchanged).

Event E1 now holds G1 (B won), G2 (C won) and G4 (drawn), G3 being void: C 1½, B 1, D ½, A 0.
"""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tests.commands.support import RULES, Ratings, record

PUBLISHED = {"A": 2005, "B": 1797, "C": 1605, "D": 1393}
NOW = {"A": 1985, "B": 1815, "C": 1600, "D": 1400}
TABLES = {
    "players",
    "events",
    "lists",
    "list_rows",
    "histories",
    "explanation_lines",
    "event_games",
    "crosstables",
    "publications",
    "published_rows",
}


@pytest.fixture
def ledger(ratings: Ratings) -> Ratings:
    for player, rating in (("A", 2000), ("B", 1800), ("C", 1600), ("D", 1400)):
        ratings.established(player, f"Player {player}", rating)
    ratings.ok("event", "register", "E1", "--name", "Winter Open", "--type", "swiss", "--start", "2024-01-01",
               "--reported", "2024-01-01")  # fmt: skip
    event = ("--event", "E1")
    ratings.game("G1", "A", "B", "1-0", "2024-01-10", *event)
    ratings.game("G2", "C", "D", "1-0", "2024-01-12", *event)
    ratings.game("G3", "B", "D", "1-0", "2024-01-20", *event)
    ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01")
    ratings.ok(*record("G4", "C", "D", "1/2-1/2", "2024-02-20", "--reported", "2024-03-05", *event))
    ratings.ok("game", "correct", "G1", "--result", "0-1", "--reason", "colours swapped", "--reported", "2024-03-06")
    ratings.ok("game", "void", "G3", "--reason", "played outside the event", "--reported", "2024-03-07")
    return ratings


def build(ratings: Ratings, out: Path, *extra: str) -> Path:
    ratings.ok("publish-db", *RULES, "--to", "2024-03", "--out", str(out), *extra)
    return out


def query(db: Path, sql: str, **params: str) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        return list(conn.execute(sql, params))


def metadata(db: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(db.with_suffix(".metadata.json").read_text(encoding="utf-8"))
    return found


def test_rows_equal_the_lists_json(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db")
    assert query(db, "select list, players from lists order by rules, period_index") == [
        ("iecg-1.7:2024-01", 4),
        ("iecg-1.7:2024-03", 4),
    ]
    for period in ("2024-01", "2024-03"):
        document = json.loads(ledger.ok("list", *RULES, "--period", period, "--format", "json").output)
        stored = query(db, f"select row from list_rows where list = 'iecg-1.7:{period}' order by position")
        assert [json.loads(row) for (row,) in stored] == document["players"]
    ratings = query(db, "select player, rating, status, position from list_rows where period = '2024-01' order by 4")
    assert ratings == [("A", 1985, "established", 1), ("B", 1815, "established", 2),
                       ("C", 1600, "established", 3), ("D", 1400, "established", 4)]  # fmt: skip


def test_history_and_explanation_equal_the_commands(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db")
    table = ledger.ok("history", "A", *RULES).output.splitlines()
    assert table[0].split() == ["period", "rating", "TER", "status", "games"]
    stored = [json.loads(row) for (row,) in query(db, "select row from histories where player = 'A'")]
    assert [[str(value) for value in row.values()] for row in stored] == [line.split() for line in table[2:]]
    assert len(stored) == 1 and stored[0]["period"] == "2024-01" and stored[0]["rating"] == 1985
    explain = ledger.ok("explain", "C", *RULES, "--period", "2024-01").output.splitlines()
    lines = query(db, "select text from explanation_lines where list = 'iecg-1.7:2024-01' and player = 'C' order by "
                      "line_no")  # fmt: skip
    assert [text for (text,) in lines] == explain
    assert explain[0] == "C Player C: iecg-1.7, period 2024-01"


def test_publications_and_the_canned_query_of_changes(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db")
    pubs = query(db, 'select list, "on", reproduces, changed, log_head from publications')
    assert [p[:4] for p in pubs] == [("iecg-1.7:2024-01", "2024-03-01", 1, 1)]
    assert pubs[0][4].startswith("8:")  # 4 players, the event, 3 games: the head at the publication
    published = query(db, "select player, rating from published_rows order by position")
    assert dict(published) == PUBLISHED
    sql = metadata(db)["databases"]["pub"]["queries"]["changed_since_publication"]["sql"]
    assert query(db, sql, rules="iecg-1.7", period="2024-01") == [
        ("A", "Player A", 2005, 1985, -20, "established", "established", 1, 1),
        ("B", "Player B", 1797, 1815, 18, "established", "established", 2, 2),
        ("C", "Player C", 1605, 1600, -5, "established", "established", 3, 3),
        ("D", "Player D", 1393, 1400, 7, "established", "established", 4, 4),
    ]
    assert query(db, sql, rules="iecg-1.7", period="2024-03") == []  # never published


def test_the_event_its_games_and_crosstable(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db")
    assert query(db, "select id, name, type, start from events") == [("E1", "Winter Open", "swiss", "2024-01-01")]
    assert query(db, "select game, white, black, result from event_games order by rowid") == [
        ("G1", "A", "B", "0-1"),
        ("G2", "C", "D", "1-0"),
        ("G4", "C", "D", "1/2-1/2"),
    ]
    sql = metadata(db)["databases"]["pub"]["queries"]["event_crosstable"]["sql"]
    found = [(rank, player, name, points) for _rules, rank, player, name, points, *_ in query(db, sql, event="E1")]
    assert found == [(1, "C", "Player C", "1½"), (2, "B", "Player B", "1"), (3, "D", "Player D", "½"),
                     (4, "A", "Player A", "0")]  # fmt: skip


def test_known_at_gives_the_lists_as_published(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db", "--known-at", "2024-03-01")
    assert dict(query(db, "select player, rating from list_rows where period = '2024-01'")) == PUBLISHED
    assert query(db, "select changed from publications") == [(0,)]


def test_metadata_describes_every_table_and_column(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db", "--title", "Federation lists", "--license", "CC BY 4.0")
    meta = metadata(db)
    assert (meta["title"], meta["license"], meta["source"]) == ("Federation lists", "CC BY 4.0",
                                                                 "The rating ledger ledger.db")  # fmt: skip
    tables = meta["databases"]["pub"]["tables"]
    in_file = {name for (name,) in query(db, "select name from sqlite_master where type = 'table'")}
    fts = {name for name in in_file if "_fts" in name}  # SQLite's own tables of the two full-text indexes
    assert fts == {
        f"{table}_fts{part}"
        for table in ("players", "list_rows")
        for part in ("", "_data", "_idx", "_docsize", "_config")
    }
    assert set(tables) == in_file - fts == TABLES
    assert (tables["players"]["label_column"], tables["players"]["fts_table"]) == ("name", "players_fts")
    assert (tables["list_rows"]["facets"], tables["list_rows"]["sort"]) == (["rules", "period", "country", "status"],
                                                                            "position")  # fmt: skip
    for name, table in tables.items():
        columns = [row[1] for row in query(db, f"pragma table_info({name})")]
        assert list(table["columns"]) == columns and all(table["columns"].values())
    assert set(meta["databases"]["pub"]["queries"]) == {
        "player_history",
        "changed_since_publication",
        "event_crosstable",
    }
    keys = query(db, "pragma foreign_key_list(list_rows)")
    assert {(row[2], row[3], row[4]) for row in keys} == {("lists", "list", "list"), ("players", "player", "id")}


def test_the_same_ledger_gives_the_same_bytes(ledger: Ratings, tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = build(ledger, tmp_path / "one" / "pub.db")
    second = build(ledger, tmp_path / "two" / "pub.db")
    assert first.read_bytes() == second.read_bytes()
    assert first.with_suffix(".metadata.json").read_bytes() == second.with_suffix(".metadata.json").read_bytes()


def test_an_existing_out_is_refused_unless_overwrite(ledger: Ratings, tmp_path: Path) -> None:
    out = tmp_path / "pub.db"
    out.write_text("keep me", encoding="utf-8")
    ledger.refused("publish-db", *RULES, "--out", str(out), message=f"{out} exists: give --overwrite to replace it")
    assert out.read_text(encoding="utf-8") == "keep me"
    build(ledger, out, "--overwrite")
    assert query(out, "select count(*) from list_rows") == [(8,)]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--from", "2024-1"), "--from '2024-1' is not a month of the form YYYY-MM"),
        (("--from", "2023-01"), "--from 2023-01 is before the ledger's first fact"),
        (("--from", "2024-03", "--to", "2024-01"), "--to 2024-01 is before --from 2024-03"),
        (("--known-at", "2024-02-30"), "--known-at date '2024-02-30' is not a calendar date"),
    ],
)
def test_bad_options_are_refused(ledger: Ratings, tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    out = tmp_path / "pub.db"
    ledger.refused("publish-db", *RULES, "--out", str(out), *args, message=message)
    assert not out.exists()


def free_port() -> int:
    with closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read().decode("utf-8"))


def test_datasette_serves_a_canned_query(ledger: Ratings, tmp_path: Path) -> None:
    db = build(ledger, tmp_path / "pub.db")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "datasette", "--immutable", str(db), "-m", str(db.with_suffix(".metadata.json")),
         "--port", str(port), "--host", "127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                get_json(f"{base}/-/versions.json")
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else "datasette exited"
                assert time.monotonic() < deadline, "datasette did not answer within 30 s"
                time.sleep(0.2)
        params = urllib.parse.urlencode({"player": "B", "rules": "iecg-1.7", "_shape": "array"})
        rows = get_json(f"{base}/pub/player_history.json?{params}")
        assert [(r["period"], r["rating"], r["status"]) for r in rows] == [("2024-01", 1815, "established")]
        params = urllib.parse.urlencode({"event": "E1", "_shape": "array"})
        table = get_json(f"{base}/pub/event_crosstable.json?{params}")
        assert [r["player"] for r in table] == ["C", "B", "D", "A"]
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stderr is not None:
            server.stderr.close()


def test_no_full_birth_date_and_no_national_id_by_default(ratings: Ratings, tmp_path: Path) -> None:
    """Issue 26 §4: the ECF does not publish birth dates; FIDE's lists print the year. National ids never."""
    ratings.register("A", "Anna Adler", "--born", "1990-05-17", "--fide-id", "2500001", "--national-id", "ecf:123456A",
                     "--source", "iccf", "--starting-rating", "2000", "--rated-games", "100")  # fmt: skip
    ratings.established("B", "Brian Byrne", 1800)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    db = build(ratings, tmp_path / "pub.db")
    assert query(db, "select id, birth_year, born, fide_id from players order by id") == [
        ("A", 1990, None, "2500001"),
        ("B", None, None, None),
    ]
    data = db.read_bytes()
    for secret in (b"1990-05-17", b"123456A", b"ecf:"):
        assert secret not in data
    assert b"123456A" not in db.with_suffix(".metadata.json").read_bytes()
    full = build(ratings, tmp_path / "full.db", "--birth-dates", "full")
    assert query(full, "select birth_year, born from players where id = 'A'") == [(1990, "1990-05-17")]
    assert b"123456A" not in full.read_bytes()
    none = build(ratings, tmp_path / "none.db", "--birth-dates", "none")
    assert query(none, "select birth_year, born from players where id = 'A'") == [(None, None)]
    assert b"1990" not in none.read_bytes()
    ratings.refused("publish-db", *RULES, "--out", str(tmp_path / "x.db"), "--birth-dates", "day",
                    message="Invalid value for '--birth-dates': 'day' is not one of 'none', 'year', 'full'",
                    status=2)  # fmt: skip


def test_each_system_has_its_own_columns(ledger: Ratings, tmp_path: Path) -> None:
    """Issue 26 §5: a system's list fields are columns (empty for another family's rows), not only JSON."""
    db = build(ledger, tmp_path / "pub.db")
    columns = [row[1] for row in query(db, "pragma table_info(list_rows)")]
    assert columns[:10] == ["list", "rules", "period", "position", "player", "name", "country", "rating", "status",
                            "games"]  # fmt: skip
    assert {"ter", "class", "wins", "draws", "losses", "k", "deviation", "grading_list"} <= set(columns)
    rows = query(db, "select player, ter, class, games, wins, draws, losses, k, deviation, row from list_rows "
                     "where list = 'iecg-1.7:2024-01' order by position")  # fmt: skip
    for player, ter, klass, games, wins, draws, losses, k, deviation, row in rows:
        whole = json.loads(row)
        assert (ter, klass, games, wins, draws, losses) == tuple(
            whole[key] for key in ("ter", "class", "games", "wins", "draws", "losses")
        ), player
        assert (k, deviation) == (None, None)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [("A", 1985, 1, 0), ("B", 1815, 1, 1), ("C", 1600, 2, 1),
                                                        ("D", 1400, 2, 0)]  # fmt: skip
    history = query(db, "select period, rating, ter, status, games from histories where player = 'A'")
    assert history == [("2024-01", 1985, 1985, "established", 1)]


def test_other_families_fill_their_columns(ratings: Ratings, tmp_path: Path) -> None:
    for player, rating in (("A", 2000), ("B", 1800)):
        ratings.established(player, f"Player {player}", rating)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    db = tmp_path / "pub.db"
    ratings.ok("publish-db", "--rules", "glicko2", "--rules", "ecf-online", "--to", "2024-01", "--out", str(db))
    sql = "select rules, player, rating, deviation, volatility, k, seed, period_games, ter from list_rows order by 1, 2"
    assert query(db, sql) == [
        ("ecf-online", "A", 2005, None, None, 20, "registration", 1, None),
        ("ecf-online", "B", 1795, None, None, 20, "registration", 1, None),
        ("glicko2", "A", 1662, 290.3, 0.06, None, None, None, None),
        ("glicko2", "B", 1338, 290.3, 0.06, None, None, None, None),
    ]
    assert query(db, "select rules, period, rating, deviation, k from histories where player = 'A' order by rules") == [
        ("ecf-online", "2024-01", 2005, None, 20),
        ("glicko2", "2024-01", 1662, 290.3, None),
    ]


def test_datasette_searches_facets_and_labels(ledger: Ratings, tmp_path: Path) -> None:
    """Issue 26 §5: Datasette itself (in process, its JSON API) answers a name search, a facet, a player's history,
    and sorts a list by position, with the metadata publish-db writes."""
    from datasette.app import Datasette

    ledger.ok("player", "correct", "C", "--name", "Cäcilie Ørsted", "--reason", "her name", "--reported", "2024-03-08")
    db = build(ledger, tmp_path / "pub.db", "--source-url", "https://ratings.example.org/")
    meta = metadata(db)
    assert (meta["license"], meta["license_url"]) == ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/")

    async def answers() -> dict[str, Any]:
        ds = Datasette([str(db)], metadata=meta, immutables=[])
        await ds.invoke_startup()
        found: dict[str, Any] = {}
        for name, path in {
            "search": "/pub/players.json?_search=cacilie&_shape=objects",
            "search rows": "/pub/list_rows.json?_search=cacilie&_shape=objects&rules=iecg-1.7",
            "facet": "/pub/list_rows.json?_facet=country&_facet=status&period=2024-01&_shape=objects",
            "history": "/pub/player_history.json?player=B&rules=iecg-1.7&_shape=array",
            "table history": "/pub/histories.json?player=B&_shape=objects&_labels=on",
            "sorted": "/pub/list_rows.json?list=iecg-1.7:2024-03&_shape=objects",
            "metadata": "/-/metadata.json",
        }.items():
            response = await ds.client.get(path)
            assert response.status_code == 200, (name, response.text)
            found[name] = response.json()
        return found

    found = asyncio.run(answers())
    assert [(r["id"], r["name"]) for r in found["search"]["rows"]] == [("C", "Cäcilie Ørsted")]
    assert [(r["list"], r["player"]) for r in found["search rows"]["rows"]] == [
        ("iecg-1.7:2024-01", "C"),
        ("iecg-1.7:2024-03", "C"),
    ]
    facets = found["facet"]["facet_results"]
    assert [(v["value"], v["count"]) for v in facets["status"]["results"]] == [("established", 4)]
    assert [(v["value"], v["count"]) for v in facets["country"]["results"]] == [("", 4)]
    assert found["facet"]["suggested_facets"] is not None
    assert [(r["period"], r["rating"], r["status"]) for r in found["history"]] == [("2024-01", 1815, "established")]
    (row,) = found["table history"]["rows"]
    assert row["player"] == {"value": "B", "label": "Player B"}  # the label column names him
    assert [r["position"] for r in found["sorted"]["rows"]] == [1, 2, 3, 4]
    assert found["sorted"]["human_description_en"] == 'where list = "iecg-1.7:2024-03" sorted by position'
    assert found["metadata"]["source_url"] == "https://ratings.example.org/"
