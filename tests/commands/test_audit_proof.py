"""``audit`` proves a reproduction without replaying when it can, and says which path it took and why
(issue 23 §7).

The scenario of ``test_audit.py``: four established players (ICCF, 100 rated games: k = 20, IECG §V.3),
three games of 2024-01 at positions 5–7, the list published on 2024-03-01 at position 8 with the head 7.
Its ratings, worked by hand there: A 2005, B 1797, C 1605, D 1393.

A late result G5, A beat C on 2024-02-25 but entered after the publication, by hand (§V: dR = k·(W − We)):
A: G1 vs B, D = 200, We = 0.759747, +4.805; G5 vs C, D = 400, We = 0.909091, +1.818 → 2006.623 → 2007.
C: G2 vs D, +4.805; G5 vs A, D = −400, We = 0.090909, −1.818 → 1602.987 → 1603. B and D as published.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from contextlib import closing

import pytest

from projections import fingerprint
from projections.api import Ratings as Ratings_
from tests.commands.support import RULES, Ratings, record
from tests.commands.test_audit import later_facts, publish_scenario
from tests.commands.test_projections_file import edit_the_cached_list

AUDIT = ("audit", *RULES, "--period", "2024-01")


def first_part(out: str) -> str:
    """The audit's first part (reproduced or not, and how), its lines joined by single spaces."""
    block = out[out.index("1. Reproduced") : out.index("2. The list as known now")]
    return " ".join(block.split())


def store(ratings: Ratings, sql: str, *args: object) -> None:
    """Change the ledger file by hand, as whoever can edit it could."""
    with closing(sqlite3.connect(ratings.db)) as conn:
        conn.execute(sql, args)
        conn.commit()


def stored_state(ratings: Ratings, position: int) -> dict[str, object]:
    with closing(sqlite3.connect(ratings.db)) as conn:
        (state,) = conn.execute("SELECT state FROM stored_events WHERE rowid = ?", (position,)).fetchone()
    found: dict[str, object] = json.loads(state)
    return found


@pytest.fixture
def published(ratings: Ratings) -> tuple[Ratings, str]:
    """The list of 2024-01 published on 2024-03-01: (ratings, its digest)."""
    document, _ = publish_scenario(ratings)
    return ratings, hashlib.sha256(document.encode()).hexdigest()


def test_an_untouched_ledger_is_proved_without_a_replay(published: tuple[Ratings, str]) -> None:
    ratings, sha = published
    out = ratings.ok(*AUDIT).output
    part = first_part(out)
    assert part.startswith(
        "1. Reproduced from the log as it stood at the publication, as known on its date: yes: "
        f"digest sha256:{sha} (4 players) proved without a replay: the log up to the head 7:"
    )
    assert "still hashes to it (the chain recomputed over its 7 positions)" in part
    assert "the publication event matches the chain's witness" in part
    assert re.search(
        r"the code and parameters of iecg-1\.7 are those it was published with \(fingerprint [0-9a-f]{12}…\)$", part
    )
    assert out.endswith("3. No player's rating, status or position changed since the publication.\n")
    recorded = stored_state(ratings, 8)
    assert recorded["class_version"] == 2 and re.fullmatch(r"[0-9a-f]{64}", str(recorded["rules_fingerprint"]))


def test_facts_known_after_the_publication_leave_the_proof_standing(published: tuple[Ratings, str]) -> None:
    """A late result, a correction and a void, each reported after the publication: no replay, and the changes
    are those worked by hand in test_audit.py."""
    ratings, sha = published
    later_facts(ratings)
    out = ratings.ok(*AUDIT).output
    assert f"yes: digest sha256:{sha} (4 players) proved without a replay" in first_part(out)
    deltas = {
        line.split()[0]: line.split()[-1] for line in out[out.index("player  name") :].split("\n\n")[0].splitlines()[2:]
    }
    assert deltas == {"A": "-20", "B": "+18", "C": "-5", "D": "+7"}


def test_a_fact_entered_after_the_head_counts_in_no_list_as_published(published: tuple[Ratings, str]) -> None:
    """Reported on 2024-02-28, before the publication, but entered after its head: by the ledger's own definition
    it is not in the list as published, so nothing needs replaying; the published rows are the hand-worked ones,
    and the fact is named as what changed them."""
    ratings, sha = published
    ratings.ok(*record("G5", "A", "C", "1-0", "2024-02-25", "--reported", "2024-02-28"))
    out = ratings.ok(*AUDIT).output
    assert f"yes: digest sha256:{sha} (4 players) proved without a replay" in first_part(out)
    assert "A Player A: 2005 established #1 → 2007 established #1" in out
    assert "C Player C: 1605 established #3 → 1603 established #3" in out
    assert re.search(r"\s+9  GameRecorded G5\s+reported 2024-02-28  late result", out)
    assert "2 players changed since the publication" in out


def test_changed_rules_code_is_replayed_and_named(
    published: tuple[Ratings, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ratings, sha = published
    monkeypatch.setattr(fingerprint, "rules_fingerprint", lambda rules: "f" * 64)
    part = first_part(ratings.ok(*AUDIT).output)
    assert re.search(
        rf"yes: digest sha256:{sha} \(4 players\) replayed the log up to the head: the code or parameters of "
        r"iecg-1\.7 changed since the publication \(fingerprint [0-9a-f]{12}… then, ffffffffffff… now\)$",
        part,
    )


def test_a_publication_stored_before_fingerprints_is_replayed(published: tuple[Ratings, str]) -> None:
    """The publication event as version 1 stored it: no ``rules_fingerprint``, no ``class_version``."""
    ratings, sha = published
    state = stored_state(ratings, 8)
    del state["rules_fingerprint"], state["class_version"]
    store(ratings, "UPDATE stored_events SET state = ? WHERE rowid = 8", json.dumps(state).encode())
    part = first_part(ratings.ok(*AUDIT).output)
    assert part.endswith(
        f"yes: digest sha256:{sha} (4 players) replayed the log up to the head: "
        "published before rules fingerprints were recorded"
    )


def tamper_before_the_head(ratings: Ratings) -> None:
    """Change who recorded G2 (position 6): a change no list shows, and the chain does."""
    state = stored_state(ratings, 6)
    assert state["recorded_by"] == "tester"
    state["recorded_by"] = "forger"
    store(ratings, "UPDATE stored_events SET state = ? WHERE rowid = 6", json.dumps(state).encode())


def test_a_log_tampered_before_the_head_is_never_reproduced(published: tuple[Ratings, str]) -> None:
    """The replay gives the published list (who recorded a game is on no list), and still: NO."""
    ratings, sha = published
    tamper_before_the_head(ratings)
    out = ratings.ok(*AUDIT).output
    part = first_part(out)
    assert "yes:" not in part
    assert re.match(
        r"1\. Reproduced .*: NO: the log up to the head 7:[0-9a-f]{16}… recorded with the publication no longer "
        r"hashes to it \(it hashes to 7:[0-9a-f]{16}… now\): an event at or before position 7 was edited, removed "
        rf"or inserted published sha256:{sha} recomputed sha256:{sha} \(from the log as it is now\) run "
        r"`ratings verify`: it names the first position where the log stops matching replayed the log up to the "
        r"head: the log up to the head no longer hashes to it$",
        part,
    )
    assert "position 6" in ratings("verify").output


def test_a_tampered_log_is_caught_on_the_replay_path_too(
    published: tuple[Ratings, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ratings, _ = published
    tamper_before_the_head(ratings)
    monkeypatch.setattr(fingerprint, "rules_fingerprint", lambda rules: "f" * 64)
    part = first_part(ratings.ok(*AUDIT).output)
    assert "NO: the log up to the head 7:" in part and "no longer hashes to it" in part
    assert "replayed the log up to the head: the code or parameters of iecg-1.7 changed" in part


def test_an_edited_publication_event_is_never_reproduced(published: tuple[Ratings, str]) -> None:
    """Its digest edited by hand (the chain's witness left as it was): the event no longer matches the witness."""
    ratings, _ = published
    state = stored_state(ratings, 8)
    state["digest"] = "0" * 64
    store(ratings, "UPDATE stored_events SET state = ? WHERE rowid = 8", json.dumps(state).encode())
    part = first_part(ratings.ok(*AUDIT).output)
    assert part.startswith(
        "1. Reproduced from the log as it stood at the publication, as known on its date: NO: the publication "
        "event (position 8), or an event between it and the head, no longer matches the chain's witness: it was "
        f"edited, removed or inserted published sha256:{'0' * 64} recomputed sha256:"
    )


def test_an_edited_projections_file_sends_the_audit_to_the_log(published: tuple[Ratings, str]) -> None:
    """The proof stands, but the projections file's list as known then is not the published one (Anna's rating
    raised by hand): the audit replays the log for the published rows, and says why."""
    ratings, sha = published
    ratings.ok("list", *RULES, "--period", "2024-01")  # materialises the list in the projections file
    edit_the_cached_list(ratings)
    part = first_part(ratings.ok(*AUDIT).output)
    assert part.endswith(
        f"yes: digest sha256:{sha} (4 players) replayed the log up to the head: the projections file's list as "
        "known then is not the one published"
    )


def test_the_python_api_says_how_it_reached_its_verdict(published: tuple[Ratings, str]) -> None:
    ratings, _ = published
    with Ratings_.open(str(ratings.db)) as api:
        audit = api.audit("iecg-1.7", "2024-01")
    assert audit.reproduces and audit.proof is not None and not audit.proof.replayed
    assert audit.proof.broken is None and audit.changes == []


def test_replay_on_request_gives_the_same_verdict_by_the_log(published: tuple[Ratings, str]) -> None:
    """``--replay``: an officer who wants the list recomputed from the log gets it, and the verdict of the
    untouched ledger is the same: its four players as published (A 2005, B 1797, C 1605, D 1393)."""
    ratings, sha = published
    out = ratings.ok(*AUDIT, "--replay").output
    assert first_part(out) == (
        "1. Reproduced from the log as it stood at the publication, as known on its date: yes: "
        f"digest sha256:{sha} (4 players) replayed the log up to the head: asked for (--replay)"
    )
    assert out.endswith("3. No player's rating, status or position changed since the publication.\n")
    listed = json.loads(ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output)
    assert {row["player"]: row["rating"] for row in listed["players"]} == {"A": 2005, "B": 1797, "C": 1605, "D": 1393}
