"""``publish``, ``audit``, ``diff``, ``export``, ``verify`` and ``--known-at``: the audit issue's scenario.

Four established players (ICCF, 100 rated games: k = r·p = 20 × 1, IECG §V.3).
The list of 2024-01 (January–February) is published on 2024-03-01; then a
late result of that period arrives, one game is corrected and another voided.

Expected ratings, by hand (§V: dR = k·(W − We), We = 1/(1 + 10^(−D/400)),
the published rating rounded half up):
- D = 200: We = 1/(1 + 10^−0.5) = 0.759747; D = 400: We = 1/(1 + 10^−1) = 0.909091.
- Published: A beat B: A +4.805 → 2005; B −4.805, B beat D +1.818 → 1797.013 → 1797;
  C beat D +4.805 → 1605; D −4.805 −1.818 → 1393.377 → 1393.
- Now: G1 corrected to 0-1: A −15.195 → 1984.805 → 1985; B +15.195, G3 void → 1815.195 → 1815;
  C +4.805, late draw with D −5.195 → 1599.610 → 1600; D −4.805 +5.195 → 1400.390 → 1400.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from tests.commands.support import RULES, Ratings, Recorder, record

PUBLISHED = {"A": 2005, "B": 1797, "C": 1605, "D": 1393}
NOW = {"A": 1985, "B": 1815, "C": 1600, "D": 1400}


def ratings_of(document: str) -> dict[str, int]:
    return {row["player"]: row["rating"] for row in json.loads(document)["players"]}


@pytest.fixture
def published(ratings: Ratings) -> tuple[Ratings, str, str]:
    """The four players, three games of 2024-01, the list published on 2024-03-01: (ratings, JSON, head)."""
    return ratings, *publish_scenario(ratings)


def publish_scenario(ratings: Recorder) -> tuple[str, str]:
    """Record the four players and three games of 2024-01 and publish the list on 2024-03-01: its JSON and the
    head ``publish`` printed (also the contract suite's, on every store: ``tests/stores/test_contract.py``)."""
    for player, rating in (("A", 2000), ("B", 1800), ("C", 1600), ("D", 1400)):
        ratings.established(player, f"Player {player}", rating)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.game("G2", "C", "D", "1-0", "2024-01-12")
    ratings.game("G3", "B", "D", "1-0", "2024-01-20")
    document = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output
    assert ratings_of(document) == PUBLISHED
    out = ratings.ok("publish", *RULES, "--period", "2024-01", "--on", "2024-03-01").output
    sha = hashlib.sha256(document.encode()).hexdigest()
    assert f"digest: sha256:{sha}" in out
    head = re.search(r"log head: (\d+:[0-9a-f]{64})", out)
    assert head is not None and head.group(1).startswith("7:")  # 4 players + 3 games
    return document, head.group(1)


def later_facts(ratings: Recorder) -> None:
    """A late result of 2024-01, a correction and a void, each reported after the publication."""
    ratings.ok(*record("G4", "C", "D", "1/2-1/2", "2024-02-20", "--reported", "2024-03-05"))
    ratings.ok("game", "correct", "G1", "--result", "0-1", "--reason", "colours swapped", "--reported", "2024-03-06")
    ratings.ok("game", "void", "G3", "--reason", "played outside the event", "--reported", "2024-03-07")


def test_the_published_list_is_reproduced_after_later_facts(published: tuple[Ratings, str, str]) -> None:
    ratings, document, _ = published
    later_facts(ratings)
    now = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json").output
    assert ratings_of(now) == NOW
    as_published = ratings.ok(
        "list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-01"
    ).output
    assert as_published == document
    # Each fact counts from its reported date: the late result alone on 2024-03-05.
    on_5th = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-05").output
    # D: −4.805 −1.818 +5.195 = −1.428 → 1398.572 → 1399.
    assert ratings_of(on_5th) == {"A": 2005, "B": 1797, "C": 1600, "D": 1399}


def test_audit_reports_each_cause_by_event(published: tuple[Ratings, str, str]) -> None:
    ratings, document, _ = published
    later_facts(ratings)
    out = ratings.ok("audit", *RULES, "--period", "2024-01").output
    sha = hashlib.sha256(document.encode()).hexdigest()
    assert f"   yes: digest sha256:{sha} (4 players)" in out
    assert "4 players changed since the publication" in out
    # Positions: 1–4 players, 5–7 games, 8 the publication, 9 the late result, 10 the correction, 11 the void.
    assert "A Player A: 2005 established #1 → 1985 established #1\n        10  GameCorrected G1" in out
    b = out[out.index("B Player B:") :].splitlines()
    assert b[0] == "B Player B: 1797 established #2 → 1815 established #2"
    assert re.match(r"\s+10  GameCorrected G1\s+reported 2024-03-06  colours swapped$", b[1])
    assert re.match(r"\s+11  GameVoided G3\s+reported 2024-03-07  played outside the event$", b[2])
    c = out[out.index("C Player C:") :].splitlines()
    assert re.match(r"\s+9  GameRecorded G4\s+reported 2024-03-05  late result$", c[1])
    d = out[out.index("D Player D:") :].splitlines()
    assert [line.split()[1] for line in d[1:3]] == ["GameRecorded", "GameVoided"]


def test_diff_shows_the_audit_deltas(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    later_facts(ratings)
    out = ratings.ok("diff", *RULES, "--known-at", "2024-03-01", "--period", "2024-01").output
    assert out.startswith("2024-01: iecg-1.7 as known at 2024-03-01 → iecg-1.7 as known now\n4 players differ:")
    deltas = {line.split()[0]: line.split()[-1] for line in out.splitlines()[4:]}
    assert deltas == {"A": "-20", "B": "+18", "C": "-5", "D": "+7"}
    audit = ratings.ok("audit", *RULES, "--period", "2024-01").output
    table = audit[audit.index("player  name") :].split("\n\n")[0]
    assert table == out[out.index("player  name") :].rstrip("\n")


def test_diff_of_a_list_with_itself_shows_nothing(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    out = ratings.ok("diff", *RULES, "--period", "2024-01", "--against-known-at", "2024-03-01").output
    assert out.splitlines()[1] == "no player's rating, status or position differs"


def test_a_fact_entered_after_the_publication_with_an_earlier_reported_date(
    published: tuple[Ratings, str, str],
) -> None:
    """Entered late but reported before the publication: the published list is still reproduced from the log
    as it stood, the list as known at the date now includes it, and the audit names it."""
    ratings, document, _ = published
    ratings.ok(*record("G5", "A", "C", "1-0", "2024-02-25", "--reported", "2024-02-28"))
    out = ratings.ok("audit", *RULES, "--period", "2024-01").output
    assert "   yes: digest" in out
    assert re.search(r"\s+9  GameRecorded G5\s+reported 2024-02-28  late result", out)
    known = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json", "--known-at", "2024-03-01")
    assert known.output != document


def test_explain_since_published(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    later_facts(ratings)
    out = ratings.ok("explain", "C", *RULES, "--period", "2024-01", "--since-published").output
    lines = out.splitlines()
    assert lines[0] == (
        "Since the iecg-1.7 list of 2024-01 was published on 2024-03-01: 1605 established #3 → 1600 established #3"
    )
    assert "GameRecorded G4" in lines[1]
    assert lines[3] == "C Player C: iecg-1.7, period 2024-01"
    unchanged = ratings.ok("explain", "C", *RULES, "--period", "2024-01", "--known-at", "2024-03-01").output
    assert "Rn = Ro + ΣdR = 1600 +4.81 = 1604.81" in unchanged  # as known then: G2 only


def test_explain_since_published_needs_a_publication(ratings: Ratings) -> None:
    ratings.established("A", "Player A", 2000)
    ratings.established("B", "Player B", 1800)
    ratings.game("G1", "A", "B", "1-0", "2024-01-10")
    ratings.refused(
        "explain", "A", *RULES, "--period", "2024-01", "--since-published",
        message="the iecg-1.7 list of 2024-01 was never published",
    )  # fmt: skip


def test_history_as_known_at(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    later_facts(ratings)
    then = ratings.ok("history", "A", *RULES, "--known-at", "2024-03-01").output.splitlines()
    now = ratings.ok("history", "A", *RULES).output.splitlines()
    assert then[2].split()[:2] == ["2024-01", "2005"]
    assert now[2].split()[:2] == ["2024-01", "1985"]


def test_publish_refuses_a_second_publication_on_the_same_date(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    ratings.refused(
        "publish", *RULES, "--period", "2024-01", "--on", "2024-03-01",
        message="the iecg-1.7 list of 2024-01 was already published on 2024-03-01",
    )  # fmt: skip


def test_publish_refuses_a_future_date_and_a_bad_period(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    ratings.refused("publish", *RULES, "--period", "2024-01", "--on", "2999-01-01", message="is after today")
    ratings.refused("publish", *RULES, "--period", "2024-02", message="§II.1")


def test_audit_of_a_list_never_published_is_refused(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    ratings.refused("audit", *RULES, "--period", "2024-03", message="the iecg-1.7 list of 2024-03 was never published")


def test_known_at_refuses_a_bad_date(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    ratings.refused(
        "list", *RULES, "--period", "2024-01", "--known-at", "2024-13-01",
        message="--known-at date '2024-13-01' is not a calendar date",
    )  # fmt: skip


def test_export_writes_one_file_per_period_as_list_prints_it(
    published: tuple[Ratings, str, str], tmp_path: Path
) -> None:
    ratings, document, _ = published
    later_facts(ratings)
    out_dir = tmp_path / "lists"
    ratings.ok("export", *RULES, "--from", "2024-01", "--to", "2024-03", "--known-at", "2024-03-01",
               "--format", "json", "--out", str(out_dir))  # fmt: skip
    assert sorted(p.name for p in out_dir.iterdir()) == ["iecg-1.7_2024-01.json", "iecg-1.7_2024-03.json"]
    assert (out_dir / "iecg-1.7_2024-01.json").read_text(encoding="utf-8") == document
    ratings.ok("export", *RULES, "--from", "2024-01", "--to", "2024-01", "--format", "csv", "--out", str(out_dir))
    csv_now = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "csv").output
    assert (out_dir / "iecg-1.7_2024-01.csv").read_text(encoding="utf-8") == csv_now
    ratings.refused("export", *RULES, "--from", "2024-03", "--to", "2024-01", "--out", str(out_dir),
                    message="--to 2024-01 is before --from 2024-03")  # fmt: skip


# --- verify ------------------------------------------------------------------------


def test_verify_passes_on_an_intact_log_and_against_the_published_head(published: tuple[Ratings, str, str]) -> None:
    ratings, _, head = published
    later_facts(ratings)
    out = ratings.ok("verify", "--head", head).output
    assert out.startswith("the log of 11 events matches")


# An edited event, and a rewritten chain caught by the external head: the contract suite's
# (tests/stores/test_contract.py), on SQLite and on PostgreSQL.


def test_verify_refuses_a_malformed_head(published: tuple[Ratings, str, str]) -> None:
    ratings, _, _ = published
    ratings.refused("verify", "--head", "seven", message="is not POSITION:HASH")
