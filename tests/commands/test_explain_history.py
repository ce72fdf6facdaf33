"""``ratings explain`` and ``ratings history``, with the arithmetic done by hand."""

from __future__ import annotations

import math

import pytest

from tests.commands.support import RULES, Ratings


@pytest.fixture
def mixed(ratings: Ratings) -> Ratings:
    """A new player N (800, no source) against two established ICCF players, January 2024.

    G1: N beats E1 (1000). G2: E2 (1500) draws with N.
    """
    ratings.register("E1", "Eva Engel", "--source", "iccf", "--starting-rating", "1000", "--rated-games", "100")
    ratings.register("E2", "Emil Egan", "--source", "iccf", "--starting-rating", "1500", "--rated-games", "100")
    ratings.register("N", "Niall Nowak")
    ratings.game("G1", "N", "E1", "1-0", "2024-01-10")
    ratings.game("G2", "E2", "N", "1/2-1/2", "2024-01-11")
    return ratings


def test_explain_a_provisional_player(mixed: Ratings) -> None:
    """N is provisional; his reference for the cut-off is his TER, the starting rating 800 (§III.7, §III.8).

    G1: E1's TER 1000 is within 400 of 800: used 1000. G2: E2's TER 1500 > 800 + 400: used 1200.
    §IV.1: Rc = (1000 + 1200)/2 = 1100; p = (1 + ½)/2 = 0.75;
    D(p) = −400·log10(0.25/0.75) = 400·log10 3 = 190.85; F = −2·0.75² + 2·0.75 + 0.5 = 0.875;
    Rp = 1100 + 190.85·0.875 = 1266.99 → 1267.
    """
    d = 400 * math.log10(3)
    f = -2 * 0.75**2 + 2 * 0.75 + 0.5
    assert (f"{d:+.2f}", f, f"{1100 + d * f:.2f}") == ("+190.85", 0.875, "1266.99")

    result = mixed.ok("explain", "N", *RULES, "--period", "2024-01")
    text = result.stdout
    lines = text.splitlines()
    assert lines[0] == "N Niall Nowak: iecg-1.7, period 2024-01"
    assert "starting rating 800" in text
    header = lines.index(next(line for line in lines if line.startswith("game")))
    assert lines[header].split() == ["game", "opponent", "opp", "TER", "used", "cut-off", "result"]
    assert lines[header + 2].split() == ["G1", "E1", "Eva", "Engel", "1000", "1000", "no", "1"]
    assert lines[header + 3].split() == ["G2", "E2", "Emil", "Egan", "1500", "1200", "yes", "(§III.8)", "½"]
    assert "We" not in lines[header]  # no expected score for a provisional player
    assert "Rc = 1100.00, p = 0.7500, D(p) = +190.85, F = 0.8750, Rp = Rc + D(p)·F = 1266.99" in text
    assert lines[-1].startswith("Old rating 800 → new rating 1267 (provisional, 2 rated games")


def test_explain_an_established_player_with_the_cut_off(mixed: Ratings) -> None:
    """E2 is established: his reference is his rating 1500 (§III.8).

    N's TER 800 < 1500 − 400: used 1100. We = 1/(1+10^(-400/400)) = 1/1.1 = 0.9091.
    §V.3: Ro = 1500 ≤ 2000 → r = 20; Pn = 100 → p = 1; k = 20.
    A draw: dR = 20·(0.5 − 0.9091) = −8.18; Rn = 1491.82 → 1492.
    """
    we = 1 / (1 + 10 ** (-400 / 400))
    assert (f"{we:.4f}", f"{20 * (0.5 - we):+.2f}") == ("0.9091", "-8.18")

    text = mixed.ok("explain", "E2", *RULES, "--period", "2024-01").stdout
    lines = text.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("game")))
    assert lines[header].split() == ["game", "opponent", "opp", "TER", "used", "cut-off", "result", "We", "dR"]
    assert lines[header + 2].split() == [
        "G2",
        "N",
        "Niall",
        "Nowak",
        "800",
        "1100",
        "yes",
        "(§III.8)",
        "½",
        "0.9091",
        "-8.18",
    ]
    assert "k = r·p = 20 × 1 = 20" in text
    assert "r from Ro = 1500, p from Pn = 100" in text
    assert "Rn = Ro + ΣdR = 1500 -8.18 = 1491.82" in text
    assert lines[-1].startswith("Old rating 1500 → new rating 1492 (established")


def test_explain_an_established_player_without_the_cut_off(mixed: Ratings) -> None:
    """E1 (1000) loses to N, whose TER 800 is within 400: used as is.

    We = 1/(1+10^(-200/400)) = 0.7597; dR = 20·(0 − 0.7597) = −15.19; Rn = 984.81 → 985.
    """
    text = mixed.ok("explain", "E1", *RULES, "--period", "2024-01").stdout
    assert "G1    N Niall Nowak      800   800  no       0       0.7597  -15.19" in text
    assert text.splitlines()[-1].startswith("Old rating 1000 → new rating 985 (established")


def test_the_list_agrees_with_the_explanations(mixed: Ratings) -> None:
    csv = mixed.ok("list", *RULES, "--period", "2024-01", "--format", "csv").stdout.splitlines()
    # N is provisional with two games: not published before six (§III.3).
    assert [line.split(",")[2] + ":" + line.split(",")[5] for line in csv[1:]] == ["E2:1492", "E1:985"]


def test_explain_a_period_without_games(mixed: Ratings) -> None:
    text = mixed.ok("explain", "E2", *RULES, "--period", "2024-03").stdout
    assert "No rated games in 2024-03" in text
    assert text.splitlines()[-1].startswith("Old rating 1492 → new rating 1492")


def test_explain_before_the_first_game(mixed: Ratings) -> None:
    text = mixed.ok("explain", "N", *RULES, "--period", "2023-11").stdout
    assert text == "N Niall Nowak: iecg-1.7, period 2023-11\nNot rated yet: no rated game up to this period.\n"


@pytest.fixture
def two_periods(two_players: Ratings) -> Ratings:
    """A beats B in 2024-01; they draw in 2024-03."""
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-03-10")
    return two_players


def hand_ratings() -> tuple[int, int, int, int]:
    """2024-01: 2005 and 1795 (see test_list). 2024-03, from the published 2005 and 1795:

    A: Ro = 2005 > 2000 → r = 70 − 2005/40 = 19.875; Pn = 101 → p = 1; k = 19.875.
       We = 1/(1+10^(-210/400)) = 0.77009; dR = 19.875·(0.5 − 0.77009) = −5.37 → 1999.63 → 2000.
    B: r = 20, k = 20; We = 0.22991; dR = 20·(0.5 − 0.22991) = +5.40 → 1800.40 → 1800.
    """
    we1 = 1 / (1 + 10 ** (-200 / 400))
    a1, b1 = round(2000 + 20 * (1 - we1)), round(1800 - 20 * (1 - we1))
    we3 = 1 / (1 + 10 ** (-(a1 - b1) / 400))
    k = 70 - a1 / 40
    a3, b3 = round(a1 + k * (0.5 - we3)), round(b1 + 20 * (0.5 - (1 - we3)))
    return a1, b1, a3, b3


def test_history(two_periods: Ratings) -> None:
    a1, b1, a3, b3 = hand_ratings()
    assert (a1, b1, a3, b3) == (2005, 1795, 2000, 1800)
    lines = two_periods.ok("history", "A", *RULES).stdout.splitlines()
    assert lines[0].split() == ["period", "rating", "TER", "status", "games"]
    assert [line.split() for line in lines[2:]] == [
        ["2024-01", "2005", "2005", "established", "1"],
        ["2024-03", "2000", "2000", "established", "2"],
    ]
    lines = two_periods.ok("history", "B", *RULES).stdout.splitlines()
    assert [line.split() for line in lines[2:]] == [
        ["2024-01", "1795", "1795", "established", "1"],
        ["2024-03", "1800", "1800", "established", "2"],
    ]


def test_history_leaves_out_periods_without_games(two_players: Ratings) -> None:
    two_players.game("G1", "A", "B", "1-0", "2024-01-10")
    two_players.game("G2", "B", "A", "1/2-1/2", "2024-07-10")
    lines = two_players.ok("history", "A", *RULES).stdout.splitlines()
    assert [line.split()[0] for line in lines[2:]] == ["2024-01", "2024-07"]


def test_history_of_a_player_without_games(two_periods: Ratings) -> None:
    two_periods.register("C", "Carla Costa")
    result = two_periods.ok("history", "C", *RULES)
    assert result.stdout == "C has no rated games under iecg-1.7\n"


def test_history_and_explain_from_a_warm_cache(two_periods: Ratings) -> None:
    """Queries after a list (which fills the projections file) agree with the log alone."""
    two_periods.ok("list", *RULES, "--period", "2024-01")
    cold = two_periods.ok("--no-cache", "history", "A", *RULES).stdout
    assert two_periods.ok("history", "A", *RULES).stdout == cold
    assert "2024-03    2000" in cold
    cold = two_periods.ok("--no-cache", "explain", "A", *RULES, "--period", "2024-03").stdout
    assert two_periods.ok("explain", "A", *RULES, "--period", "2024-03").stdout == cold
    assert cold.splitlines()[-1].startswith("Old rating 2005 → new rating 2000")
