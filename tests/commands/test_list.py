"""``ratings list``: the formats, and ratings worked out by hand."""

from __future__ import annotations

import csv
import io
import json
import math
from datetime import date
from pathlib import Path

import pytest

from tests.commands.support import RULES, TABLE_HEADERS, Ratings

KEYS = [
    "position",
    "class_position",
    "player",
    "name",
    "country",
    "rating",
    "ter",
    "class",
    "status",
    "games",
    "wins",
    "draws",
    "losses",
]


@pytest.fixture
def one_game(two_players: Ratings) -> Ratings:
    """Anna (2000) beats Bob (1800) in January 2024."""
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    return two_players


def test_json_worked_by_hand(one_game: Ratings) -> None:
    """Two established ICCF players (IECG §VII.1), Pn = 100, one game, 1-0.

    §V.2: We = 1/(1+10^(-D/400)), D = 2000 − 1800 = 200: We = 1/(1+10^-0.5) = 1/1.316228 = 0.759747.
    §V.3: Ro ≤ 2000 → r = 20; Pn = 100 ≥ 80 → p = 1; k = r·p = 20.
    §V.4: dR = k·(W − We) = 20·(1 − 0.759747) = +4.805 → 2004.805 → 2005;
          Bob: We = 1 − 0.759747 = 0.240253, dR = 20·(0 − 0.240253) = −4.805 → 1795.195 → 1795.
    """
    we = 1 / (1 + 10 ** (-200 / 400))
    assert math.isclose(we, 0.759747, abs_tol=1e-6)
    assert math.isclose(20 * (1 - we), 4.805, abs_tol=1e-3)

    result = one_game.ok("list", *RULES, "--period", "2024-01", "--format", "json")
    document = json.loads(result.stdout)
    assert list(document) == ["rules", "period", "players"]
    assert (document["rules"], document["period"]) == ("iecg-1.7", "2024-01")
    assert document["players"] == [
        {
            "position": 1,
            "class_position": 1,
            "player": "A",
            "name": "Anna Adler",
            "country": "",
            "rating": 2005,
            "ter": 2005,
            "class": "1",  # 1800–2199
            "status": "established",
            "games": 1,
            "wins": 1,
            "draws": 0,
            "losses": 0,
        },
        {
            "position": 2,
            "class_position": 1,  # first of class 2
            "player": "B",
            "name": "Bob Byrne",
            "country": "",
            "rating": 1795,
            "ter": 1795,
            "class": "2",  # 1400–1799
            "status": "established",
            "games": 1,
            "wins": 0,
            "draws": 0,
            "losses": 1,
        },
    ]
    for row in document["players"]:
        assert list(row) == KEYS  # exactly these keys, in this order


def test_csv_has_the_header_and_one_line_a_player(one_game: Ratings) -> None:
    result = one_game.ok("list", *RULES, "--period", "2024-01", "--format", "csv")
    lines = result.stdout.splitlines()
    assert lines[0] == ",".join(KEYS)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["player"], r["rating"], r["status"]) for r in rows] == [
        ("A", "2005", "established"),
        ("B", "1795", "established"),
    ]


def test_the_table_is_the_default_format(one_game: Ratings) -> None:
    result = one_game.ok("list", *RULES, "--period", "2024-01")
    lines = result.stdout.splitlines()
    assert lines[0].split() == TABLE_HEADERS
    assert set(lines[1]) <= {"-", " "}
    assert lines[2].split()[:7] == ["1", "1", "A", "Anna", "Adler", "2005", "2005"]
    assert lines[3].split()[:7] == ["2", "1", "B", "Bob", "Byrne", "1795", "1795"]


def test_a_period_outside_the_ledgers_span_is_refused_as_export_refuses_it(one_game: Ratings, tmp_path: Path) -> None:
    """Issue 22 §5: one rule for ``list`` and ``export``: periods from the ledger's first game to today's."""
    before = one_game.refused(
        "list", *RULES, "--period", "2023-11", "--format", "json",
        message="Error: --period 2023-11 is before the ledger's first fact: its first period under iecg-1.7 is 2024-01",
    )  # fmt: skip
    assert before.stdout == ""
    today = date.today()
    current = f"{today.year}-{today.month - (today.month + 1) % 2:02d}"  # IECG 1.7 §II.1: odd months start
    one_game.refused(
        "list", *RULES, "--period", "9999-11",
        message=f"Error: --period 9999-11 is after the current period: the period of today ({today.isoformat()}) "
        f"under iecg-1.7 is {current}",
    )  # fmt: skip
    out = str(tmp_path / "lists")
    for period in ("2023-11", "9999-11"):
        listed = one_game(*("list", *RULES, "--period", period))
        exported = one_game(*("export", *RULES, "--from", period, "--to", period, "--out", out))
        assert listed.exit_code == exported.exit_code == 1
        assert listed.stderr.replace("--period", "--X") == exported.stderr.replace("--from", "--X").replace(
            "--to", "--X"
        )


def test_a_provisional_player_is_listed_after_six_games(ratings: Ratings) -> None:
    """IECG §III.3: a provisional rating is published after six rated games.

    N (800, no source) draws six games with E (ICCF 1000, Pn 100) in 2024-01.
    N's TER is his starting rating 800 (§III.7); E's TER 1000 is within 400 points: used as is.
    §IV.1: Rc = 1000, p = 6/12 = 0.5, D(0.5) = −400·log10(1) = 0, F = −2·0.25 + 1 + 0.5 = 1: Rp = 1000.
    E: We = 1/(1+10^(-200/400)) = 0.759747 each game; k = 20; ΣdR = 6·20·(0.5 − 0.759747) = −31.17 → 968.83 → 969.
    """
    ratings.register("E", "Eva Engel", "--source", "iccf", "--starting-rating", "1000", "--rated-games", "100")
    ratings.register("N", "Niall Nowak")
    for n in range(1, 7):
        ratings.game(f"G{n}", "N" if n % 2 else "E", "E" if n % 2 else "N", "1/2-1/2", f"2024-01-{n + 10}")
    we = 1 / (1 + 10 ** (-200 / 400))
    assert round(1000 + 6 * 20 * (0.5 - we)) == 969
    result = ratings.ok("list", *RULES, "--period", "2024-01", "--format", "json")
    rows = [
        (r["player"], r["rating"], r["ter"], r["status"], r["games"], r["draws"])
        for r in json.loads(result.stdout)["players"]
    ]
    # N after 6 < 10 games: his TER stays his starting rating (§III.7).
    assert rows == [("N", 1000, 800, "provisional", 6, 6), ("E", 969, 969, "established", 6, 6)]


def test_a_second_period_listed_from_the_cache(one_game: Ratings) -> None:
    """A warm projections cache gives the same answer as the log alone (regression: it once listed nobody)."""
    one_game.ok("list", *RULES, "--period", "2024-01")  # builds the projections cache
    # Both played in 2024-01, within six periods of 2024-03 (§VIII.5): both are still listed, unchanged.
    result = one_game.ok("list", *RULES, "--period", "2024-03", "--format", "json")
    rows = [(r["player"], r["rating"]) for r in json.loads(result.stdout)["players"]]
    assert rows == [("A", 2005), ("B", 1795)]


def test_a_second_period_listed_without_the_cache(one_game: Ratings) -> None:
    one_game.ok("list", *RULES, "--period", "2024-01")
    result = one_game.ok("--no-cache", "list", *RULES, "--period", "2024-03", "--format", "json")
    rows = [(r["player"], r["rating"]) for r in json.loads(result.stdout)["players"]]
    assert rows == [("A", 2005), ("B", 1795)]


def test_the_list_follows_a_new_game(one_game: Ratings) -> None:
    """After a list is cached, a new game of the same period changes it.

    G2, B beats A in January too. Both games are rated against the previous list (§VI.1): Ro 2000 / 1800.
    A: ΣdR = 20·(1 − 0.759747) + 20·(0 − 0.759747) = 20·(1 − 2·0.759747) = −10.39 → 1989.61 → 1990;
    B: +10.39 → 1810.39 → 1810.
    """
    we = 1 / (1 + 10 ** (-200 / 400))
    assert (round(2000 + 20 * (1 - 2 * we)), round(1800 - 20 * (1 - 2 * we))) == (1990, 1810)
    one_game.ok("list", *RULES, "--period", "2024-01")
    one_game.game("G2", "B", "A", "1-0", "2024-01-20")
    result = one_game.ok("list", *RULES, "--period", "2024-01", "--format", "json")
    rows = [(r["player"], r["rating"], r["games"]) for r in json.loads(result.stdout)["players"]]
    assert rows == [("A", 1990, 2), ("B", 1810, 2)]


def test_the_same_list_twice_is_the_same_bytes(one_game: Ratings) -> None:
    first = one_game.ok("list", *RULES, "--period", "2024-01", "--format", "json").stdout
    second = one_game.ok("list", *RULES, "--period", "2024-01", "--format", "json").stdout
    uncached = one_game.ok("--no-cache", "list", *RULES, "--period", "2024-01", "--format", "json").stdout
    assert first == second == uncached
