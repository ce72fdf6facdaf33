"""Several offices writing one PostgreSQL ledger at once.

- Four offices record 500 games each at once, a few of them game ids another office records too,
  while a fifth process lists in a loop: every game stored once, no error but the refusals of the
  duplicates, the chain verified, every list printed equal to a cold replay of the log as it stood.
- The same game id from two offices at the same instant: one is recorded, the other refused cleanly.
- An import killed at random moments (and inside its transaction): all or nothing.
- ``publish`` while two offices record: the digest is of the list as known at the publication date.

Every office is a real OS process. A process running ``ratings`` once per game would spend its time
starting Python (half a second a game), so each office is one driver process (:data:`DRIVER`) that
runs the CLI's own command group in a loop with click's ``CliRunner``: the CLI's code path, argument
parsing, refusals and exit status included, one command after another, as ``ratings`` runs each.
Where one command matters on its own (the same game at the same instant, the killed import), the
process is the ``ratings`` command itself. Each process keeps its own projections file (``--cache-dir``),
as each office's machine does. Marked ``slow``: ``pytest -m "not slow"`` skips them.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest

from commands.listing import list_text
from projections.api import Ratings
from tests.pg_support import fresh_database

ROOT = Path(__file__).resolve().parents[2]
RATINGS = str(Path(sys.executable).parent / "ratings")
RULES = ("--rules", "iecg-1.7")
PLAYERS = [f"P{i:02d}" for i in range(40)]
RESULTS = ("1-0", "0-1", "1/2-1/2")
REFUSED_AS_DUPLICATE = re.compile(r"Error: game '([^']+)' is already recorded\n")

DRIVER = """
import json, os, sys, time, traceback
from click.testing import CliRunner
from commands.cli import cli

spec = json.load(open(sys.argv[1], encoding="utf-8"))
runner = CliRunner()
if spec.get("ready"):
    open(spec["ready"], "w").close()
while spec.get("start") and not os.path.exists(spec["start"]):
    time.sleep(0.001)
with open(spec["results"], "w", encoding="utf-8") as out:
    for args in spec["commands"]:
        if spec.get("stop") and os.path.exists(spec["stop"]):
            break
        result = runner.invoke(cli, args, prog_name="ratings")
        crash = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            crash = "".join(traceback.format_exception(result.exception))
        row = {"args": args, "exit": result.exit_code, "stderr": result.stderr, "crash": crash}
        out.write(json.dumps(row) + "\\n")
        out.flush()
"""
"""An office: runs the commands of its spec one after another (after the start file appears, until the
stop file does), writing each one's exit status, stderr and any traceback as a line of JSON."""

NO_GAMES_YET = "Error: the ledger has no games yet: there is no list to show"
"""The refusal of a list asked for before the first game is stored."""

LISTER = """
import json, os, sys, time, traceback
from click.testing import CliRunner
from commands.cli import cli
from projections.replay import Projector

spec = json.load(open(sys.argv[1], encoding="utf-8"))
positions = []
folded, listed = Projector.facts, Projector.list_text
folding = []


def facts(self):
    held = folded(self)
    folding.append(held.position)
    return held


def rating_list(self, *args, **kwargs):
    # The log positions of the facts the list was computed from (one query: one snapshot of the log);
    # the notes ``list`` prints after it are another query, which may see more of the log.
    folding.clear()
    made = listed(self, *args, **kwargs)
    positions.extend(folding)
    return made


Projector.facts = facts
Projector.list_text = rating_list  # what `ratings list` computes its list by: one query
runner = CliRunner()
open(spec["ready"], "w").close()
while not os.path.exists(spec["start"]):
    time.sleep(0.001)
with open(spec["results"], "w", encoding="utf-8") as out:
    while True:
        last = os.path.exists(spec["stop"])  # one list more once the offices are done
        positions.clear()
        result = runner.invoke(cli, spec["args"], prog_name="ratings")
        crash = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            crash = "".join(traceback.format_exception(result.exception))
        row = {"exit": result.exit_code, "stdout": result.stdout, "stderr": result.stderr, "crash": crash,
               "positions": list(positions)}
        out.write(json.dumps(row) + "\\n")
        out.flush()
        if last:
            break
        time.sleep(0.2)
"""
"""The fifth process: ``ratings list`` in a loop, each list with the log position it was folded to."""

STARTER = """
import os, sys, time
from commands.cli import main

start, ready = sys.argv[1], sys.argv[2]
sys.argv = ["ratings", *sys.argv[3:]]
open(ready, "w").close()
while not os.path.exists(start):
    time.sleep(0.0005)
main()
"""
"""``ratings ARGS…``, its imports done, started the moment the start file appears."""


@dataclass(frozen=True)
class Game:
    game: str
    white: str
    black: str
    result: str
    finished: str

    def args(self, db: str, by: str, reported: str) -> list[str]:
        return [
            *("--db", db, "--by", by, "game", "record", self.game),
            *("--white", self.white, "--black", self.black, "--result", self.result),
            *("--finished", self.finished, "--reported", reported),
        ]


def random_game(rng: random.Random, game: str, months: Sequence[int]) -> Game:
    white, black = rng.sample(PLAYERS, 2)
    return Game(game, white, black, rng.choice(RESULTS), f"2023-{rng.choice(months):02d}-{rng.randint(1, 28):02d}")


def run(db: str, *args: str, cache: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``ratings --db DB ARGS…`` as a process of its own, with its own projections folder."""
    done = subprocess.run(
        [RATINGS, "--db", db, "--by", "tester", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "RATINGS_CACHE_DIR": str(cache)},
        timeout=120,
    )
    if check:
        assert done.returncode == 0, f"ratings {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done


def folder(tmp_path: Path, name: str) -> Path:
    made = tmp_path / name
    made.mkdir(exist_ok=True)
    return made


def league(db: str, tmp_path: Path) -> None:
    """A new ledger with 40 established players (ICCF, 100 rated games), registered in 2022."""
    cache = folder(tmp_path, "setup")
    run(db, "init", cache=cache)
    players = tmp_path / "players.csv"
    lines = ["player,name,country,starting_rating,source,rated_games,born,reported"]
    lines += [f"{p},Player {p},,{1500 + 10 * i},iccf,100,,2022-12-01" for i, p in enumerate(PLAYERS)]
    players.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(db, "import", "players", str(players), cache=cache)


def spawn(script: str, spec: dict[str, Any], path: Path, cache: Path) -> subprocess.Popen[str]:
    path.write_text(json.dumps(spec), encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-c", script, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "RATINGS_CACHE_DIR": str(cache)},
    )


def finish(process: subprocess.Popen[str], timeout: float = 240) -> None:
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, f"exit {process.returncode}\n{out}{err}"


def ended(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of a process, once it ends."""
    out, err = process.communicate(timeout=60)
    return process.returncode, out, err


def rows_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def wait_for(paths: Sequence[Path], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not all(path.exists() for path in paths):
        assert time.monotonic() < deadline, f"not ready: {[str(p) for p in paths if not p.exists()]}"
        time.sleep(0.01)


def stored_games(db: str, cache: Path) -> list[dict[str, Any]]:
    """The facts of every GameRecorded of the log, in log order, as ``ratings log`` shows them."""
    shown = run(db, "log", "--type", "GameRecorded", "--format", "json", cache=cache)
    return [json.loads(line)["facts"] for line in shown.stdout.splitlines()]


def count_rows(db: str, topic_suffix: str) -> int:
    """How many rows of the log's table have a topic ending in ``topic_suffix``, by SQL."""
    with psycopg.connect(db, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM ratingledger_events WHERE topic LIKE %s", (f"%:{topic_suffix}",)
        ).fetchone()
    assert row is not None
    return int(row[0])


def cold_list(db: str, upto: int, period: str) -> str:
    """The list ``ratings --no-cache list --format json`` would print of the log as it stood at ``upto``."""
    with Ratings.open(db, cache=False, upto=upto) as log:
        return list_text(log.list("iecg-1.7", period), "json")


def totals(games: Sequence[dict[str, Any]]) -> dict[str, tuple[int, int, int, int]]:
    """Each player's games, wins, draws and losses, counted from the games themselves."""
    count: Counter[tuple[str, str]] = Counter()
    for game in games:
        white, black = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D")}[game["result"]]
        count[game["white"], white] += 1
        count[game["black"], black] += 1
    players = {player for player, _ in count}
    return {p: (sum(count[p, k] for k in "WDL"), count[p, "W"], count[p, "D"], count[p, "L"]) for p in players}


def list_totals(document: str) -> dict[str, tuple[int, int, int, int]]:
    rows = json.loads(document)["players"]
    return {row["player"]: (row["games"], row["wins"], row["draws"], row["losses"]) for row in rows}


# --- 1. four offices and a reader ----------------------------------------------------------------

OFFICES = 4
GAMES_EACH = 500
CONTESTED_EACH = 25
PERIOD = "2023-11"
"""The list the reader prints: the last period of 2023, whose ratings fold in every game of the year."""


@pytest.mark.slow
def test_four_offices_record_at_once_while_a_fifth_lists(tmp_path: Path) -> None:
    rng = random.Random(15_3_1)
    with fresh_database() as db:
        league(db, tmp_path)
        own = [
            [random_game(rng, f"O{office}-{n:03d}", range(1, 13)) for n in range(GAMES_EACH)]
            for office in range(OFFICES)
        ]
        # Each office also records 25 games of the next office's, under the same ids, with another result,
        # at the same step of its loop as the owner: whichever comes second is refused.
        contested: dict[str, dict[int, Game]] = {}
        plans: list[list[Game]] = []
        for office in range(OFFICES):
            plan = list(own[office])
            taken = own[(office + 1) % OFFICES]
            for n in sorted(rng.sample(range(GAMES_EACH), CONTESTED_EACH), reverse=True):
                theirs = taken[n]
                mine = Game(theirs.game, theirs.black, theirs.white, theirs.result, theirs.finished)
                plan.insert(n, mine)
                contested[theirs.game] = {(office + 1) % OFFICES: theirs, office: mine}
            plans.append(plan)

        start, stop = tmp_path / "start", tmp_path / "stop"
        offices = []
        for office, plan in enumerate(plans):
            spec = {
                "commands": [game.args(db, f"office{office}", "2024-01-15") for game in plan],
                "results": str(tmp_path / f"office{office}.jsonl"),
                "ready": str(tmp_path / f"ready{office}"),
                "start": str(start),
            }
            offices.append(spawn(DRIVER, spec, tmp_path / f"office{office}.json", folder(tmp_path, f"c{office}")))
        reader_spec = {
            "args": ["--db", db, "list", *RULES, "--period", PERIOD, "--format", "json"],
            "results": str(tmp_path / "lists.jsonl"),
            "ready": str(tmp_path / "ready-lister"),
            "start": str(start),
            "stop": str(stop),
        }
        lister = spawn(LISTER, reader_spec, tmp_path / "lister.json", folder(tmp_path, "lister"))
        wait_for([tmp_path / f"ready{office}" for office in range(OFFICES)] + [tmp_path / "ready-lister"])
        start.touch()
        for process in offices:
            finish(process)
        stop.touch()
        finish(lister)

        # No error but the refusals of the duplicates: one refusal for each contested id, of the office
        # whose version is not the one stored.
        stored = stored_games(db, folder(tmp_path, "setup"))
        by_id = {game["game"]: game for game in stored}
        refused: dict[str, int] = {}
        for office in range(OFFICES):
            rows = rows_of(tmp_path / f"office{office}.jsonl")
            assert len(rows) == GAMES_EACH + CONTESTED_EACH
            for row in rows:
                assert row["crash"] is None, row["crash"]
                if row["exit"] != 0:
                    assert row["exit"] == 1, row
                    match = REFUSED_AS_DUPLICATE.fullmatch(row["stderr"])
                    assert match is not None, f"office {office}: {row['args']}: {row['stderr']!r}"
                    assert match.group(1) not in refused, f"{match.group(1)} refused twice"
                    refused[match.group(1)] = office
                else:
                    assert row["stderr"] == "", row  # a seal waits for another office's: it never gives up
        assert set(refused) == set(contested)
        for game, versions in contested.items():
            kept = next(office for office in versions if office != refused[game])
            want = versions[kept]
            got = by_id[game]
            assert (got["white"], got["black"], got["result"]) == (want.white, want.black, want.result), game

        # Every game stored exactly once.
        ids = [game["game"] for game in stored]
        assert len(ids) == len(set(ids)) == OFFICES * GAMES_EACH
        assert set(ids) == {game.game for games in own for game in games}
        assert count_rows(db, "GameRecorded") == OFFICES * GAMES_EACH
        assert count_rows(db, "PlayerRegistered") == len(PLAYERS)
        verified = run(db, "verify", cache=folder(tmp_path, "verify"))
        events = OFFICES * GAMES_EACH + len(PLAYERS)
        assert f"the log of {events:,} events matches" in verified.stdout
        assert f"{events:,} positions checked against the witness" in verified.stdout

        # Every list the reader printed is the cold replay of the log as it stood where that list read it.
        lists = rows_of(tmp_path / "lists.jsonl")
        assert len(lists) >= 5, f"the reader listed only {len(lists)} times"
        replays: dict[int, str] = {}
        for row in lists:
            if row["crash"] is None and row["exit"] == 1 and row["stderr"].startswith(NO_GAMES_YET):
                # `list` takes `export`'s periods, none before the ledger's first game; so a
                # list refused for want of one may only come before every list printed
                assert not replays, row
                continue
            assert row["crash"] is None and row["exit"] == 0, row
            assert len(set(row["positions"])) == 1, row["positions"]  # one snapshot of the log per list
            position = row["positions"][0]
            if position not in replays:
                replays[position] = cold_list(db, position, PERIOD)
            assert row["stdout"] == replays[position], f"the list read at position {position}"
        assert len(replays) >= 3, f"the reader saw the log at only {sorted(replays)}"
        final = lists[-1]["stdout"]
        uncached = run(db, "--no-cache", "list", *RULES, "--period", PERIOD, "--format", "json", cache=tmp_path)
        assert final == uncached.stdout
        assert list_totals(final) == totals(stored)  # counted from the games, not by the code under test


# --- 2. the same game from two offices at the same instant ------------------------------------------


@pytest.mark.slow
def test_the_same_game_from_two_offices_at_the_same_instant(tmp_path: Path) -> None:
    rng = random.Random(15_3_2)
    with fresh_database() as db:
        league(db, tmp_path)
        for round_ in range(5):
            white, black = rng.sample(PLAYERS, 2)
            game = f"X{round_}"
            start = tmp_path / f"start{round_}"
            ready = {result: tmp_path / f"ready{round_}-{result}" for result in RESULTS[:2]}
            versions = {"1-0": f"office-a{round_}", "0-1": f"office-b{round_}"}
            processes = {
                result: subprocess.Popen(
                    [
                        sys.executable,
                        "-c",
                        STARTER,
                        str(start),
                        str(ready[result]),
                        *Game(game, white, black, result, "2023-06-10").args(db, by, "2023-07-01"),
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    cwd=ROOT,
                    env={**os.environ, "RATINGS_CACHE_DIR": str(folder(tmp_path, by))},
                )
                for result, by in versions.items()
            }
            wait_for(list(ready.values()))  # both have imported the CLI and are polling for the start file
            start.touch()
            done = {result: ended(process) for result, process in processes.items()}
            statuses = sorted(status for status, _, _ in done.values())
            assert statuses == [0, 1], done
            winner = next(result for result, (status, _, _) in done.items() if status == 0)
            loser = next(result for result, (status, _, _) in done.items() if status == 1)
            assert done[winner][1] == f"recorded {game}: {white} {winner} {black} on 2023-06-10\n"
            assert done[winner][2] == ""
            assert done[loser][1] == ""
            assert done[loser][2] == f"Error: game '{game}' is already recorded\n"
            recorded = [g for g in stored_games(db, folder(tmp_path, "setup")) if g["game"] == game]
            assert len(recorded) == 1 and recorded[0]["result"] == winner, recorded
        assert count_rows(db, "GameRecorded") == 5
        run(db, "verify", cache=folder(tmp_path, "verify"))


# --- 3. an import killed at random moments -------------------------------------------------------

IMPORTED = 20_000


def games_file(path: Path, prefix: str, rng: random.Random) -> Path:
    lines = ["game,white,black,result,finished,tournament,forfeit"]
    for n in range(IMPORTED):
        game = random_game(rng, f"{prefix}{n:05d}", range(1, 13))
        lines.append(f"{game.game},{game.white},{game.black},{game.result},{game.finished},,")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


LOCKED = (
    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
    "WHERE c.relname = 'ratingledger_events' AND l.mode = 'ExclusiveLock' AND l.granted "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
"""Whether a transaction holds the log's table of this database in EXCLUSIVE mode (an insert is under way)."""


def kill_import(db: str, csv: Path, cache: Path, *, delay: float, in_transaction: bool) -> tuple[bool, bool]:
    """Start ``ratings import games CSV`` and SIGKILL it ``delay`` seconds after it started, or after it
    took the log's lock; whether it was still running when killed, and whether the lock was seen."""
    process = subprocess.Popen(
        [RATINGS, "--db", db, "--by", "importer", "import", "games", str(csv)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "RATINGS_CACHE_DIR": str(cache)},
    )
    seen = False
    if in_transaction:
        with psycopg.connect(db, autocommit=True) as conn:
            while process.poll() is None:
                row = conn.execute(LOCKED).fetchone()
                if row is not None and int(row[0]) > 0:
                    seen = True
                    break
    time.sleep(delay)
    running = process.poll() is None
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert process.stderr is not None
    error = process.stderr.read()
    process.stderr.close()
    assert "Traceback" not in error.decode(), error
    return running, seen


@pytest.mark.slow
def test_an_import_killed_at_random_moments_is_all_or_nothing(tmp_path: Path) -> None:
    rng = random.Random(15_3_3)
    with fresh_database() as db:
        league(db, tmp_path)
        cache = folder(tmp_path, "importer")
        files = [games_file(tmp_path / "file0.csv", "F0-", rng)]
        done = 0  # files wholly imported
        killed_running = killed_in_transaction = 0
        # Five kills at a random moment of the command, five inside the insert's transaction.
        for round_ in range(10):
            in_transaction = round_ % 2 == 1
            delay = rng.uniform(0.0, 0.2) if in_transaction else rng.uniform(0.2, 1.0)
            running, seen = kill_import(db, files[-1], cache, delay=delay, in_transaction=in_transaction)
            killed_running += running
            killed_in_transaction += running and seen
            count = count_rows(db, "GameRecorded")
            assert count in (done * IMPORTED, (done + 1) * IMPORTED), f"round {round_}: {count} games"
            verified = run(db, "verify", cache=folder(tmp_path, "verify"), check=False)
            assert verified.returncode == 0, f"round {round_}: {verified.stdout}{verified.stderr}"
            if count == (done + 1) * IMPORTED:  # it committed before the kill: the next round, a new file
                done += 1
                files.append(games_file(tmp_path / f"file{done}.csv", f"F{done}-", rng))
        print(f"{killed_running} kills before the import ended, {killed_in_transaction} inside its transaction")
        assert killed_running >= 5, f"only {killed_running} kills landed before the import ended"
        assert killed_in_transaction >= 2, f"only {killed_in_transaction} kills landed inside the transaction"
        run(db, "import", "games", str(files[-1]), cache=cache)
        assert count_rows(db, "GameRecorded") == (done + 1) * IMPORTED
        verified = run(db, "verify", cache=folder(tmp_path, "verify"))
        assert f"the log of {(done + 1) * IMPORTED + len(PLAYERS):,} events matches" in verified.stdout


# --- 4. publish while others record ----------------------------------------------------------------

PUBLISHED_PERIOD = "2023-03"
PUBLISHED_ON = "2023-06-01"


def writer_plan(rng: random.Random, office: int) -> Iterator[Game]:
    """Games of the published period and before (January to April), without end."""
    n = 0
    while True:
        yield random_game(rng, f"W{office}-{n:04d}", (1, 2, 3, 4))
        n += 1


@pytest.mark.slow
def test_publish_while_others_record_digests_the_list_as_known_at_the_date(tmp_path: Path) -> None:
    rng = random.Random(15_3_4)
    with fresh_database() as db:
        league(db, tmp_path)
        setup = folder(tmp_path, "setup")
        early = tmp_path / "early.csv"
        lines = ["game,white,black,result,finished,tournament,forfeit,time_control,reported"]
        for n in range(60):
            game = random_game(rng, f"E{n:02d}", (1, 2, 3, 4))
            lines.append(f"{game.game},{game.white},{game.black},{game.result},{game.finished},,,,2023-05-10")
        early.write_text("\n".join(lines) + "\n", encoding="utf-8")
        run(db, "import", "games", str(early), cache=setup)
        listing = ("list", *RULES, "--period", PUBLISHED_PERIOD, "--format", "json")
        before = run(db, "--no-cache", *listing, cache=setup).stdout
        want = hashlib.sha256(before.encode()).hexdigest()

        # Two offices record games of the period and before, reported after the publication date.
        stop = tmp_path / "stop"
        writers = []
        for office in range(2):
            plan = writer_plan(rng, office)
            spec = {
                "commands": [next(plan).args(db, f"office{office}", "2023-06-20") for _ in range(3000)],
                "results": str(tmp_path / f"writer{office}.jsonl"),
                "stop": str(stop),
            }
            writers.append(spawn(DRIVER, spec, tmp_path / f"writer{office}.json", folder(tmp_path, f"w{office}")))

        def recorded() -> int:
            paths = [tmp_path / f"writer{office}.jsonl" for office in range(2)]
            return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths if p.exists())

        deadline = time.monotonic() + 60
        while recorded() < 40:
            assert time.monotonic() < deadline and all(w.poll() is None for w in writers)
            time.sleep(0.05)
        during = recorded()
        published = run(db, "publish", *RULES, "--period", PUBLISHED_PERIOD, "--on", PUBLISHED_ON, cache=setup)
        after = recorded()
        while recorded() < after + 40:
            assert time.monotonic() < deadline and all(w.poll() is None for w in writers)
            time.sleep(0.05)
        stop.touch()
        for writer in writers:
            finish(writer)
        assert after > during, "no game was recorded while publish ran"
        for office in range(2):
            for row in rows_of(tmp_path / f"writer{office}.jsonl"):
                assert row["exit"] == 0 and row["crash"] is None, row

        assert f"digest: sha256:{want}\n" in published.stdout
        head = re.search(r"log head: (\d+:[0-9a-f]{64})", published.stdout)
        assert head is not None
        audit = run(db, "audit", *RULES, "--period", PUBLISHED_PERIOD, cache=setup).stdout
        players = len(json.loads(before)["players"])
        assert f"   yes: digest sha256:{want} ({players} players)\n" in audit
        known = run(db, "--no-cache", *listing, "--known-at", PUBLISHED_ON, cache=setup).stdout
        assert known == before
        now = run(db, "--no-cache", *listing, cache=setup).stdout
        assert now != before  # the games recorded meanwhile count in the list as known now
        run(db, "verify", "--head", head.group(1), cache=setup)


@pytest.mark.slow
def test_three_offices_initialising_one_database_at_once_make_one_ledger() -> None:
    """``ratings init`` takes an advisory lock around its check and its tables: one is created, the others are
    refused as for any existing ledger, and the ledger is whole."""
    with fresh_database() as db:
        starts = [
            subprocess.Popen(
                [RATINGS, "--db", db, "init"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
            )
            for _ in range(3)
        ]
        outcomes = sorted((process.wait(), *process.communicate()) for process in starts)
        assert [code for code, _, _ in outcomes] == [0, 1, 1]
        assert outcomes[0][1] == f"created an empty ledger: {db}\n"
        for _, out, err in outcomes[1:]:
            assert (out, err) == ("", f"Error: {db} already holds a ledger: `ratings init` creates a new ledger only\n")
        verified = subprocess.run([RATINGS, "--db", db, "verify"], capture_output=True, text=True, check=False)
        assert verified.returncode == 0 and verified.stdout.startswith("the log of 0 events matches")
